"""Force of Will comprehensive rules 5.01 beside 5.5: one specification per behavioural
difference (docs/fow-5.01-vs-5.5.md lists them), showing that the two versions decide the
same situation differently and cite their own rules; the 5.01 citation map; random 5.01
games; and the cross-version comparison (``domain.fow.crossversion``)."""

from __future__ import annotations

import difflib
import random
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from domain import rulesets
from domain.fow import actions, engine
from domain.fow.cards import Cost
from domain.fow.context import Ctx
from domain.fow.crossversion import CREATION, compare_command, compare_log, state_from_events
from domain.fow.state import GameState, apply_event
from domain.fow.versions import FOW_5_01, FOW_5_5, VERSIONS, Version
from domain.kernel import Command, Event, GameSpec, PlayerSpec, Rejection
from service.rules import load_rules_library
from tests.fow.support import catalog, cmd, deck, find, rejected, run
from tests.fow.test_properties import play_randomly

OLD, NEW = "FoW-5.01", "FoW-5.5"
BOTH = pytest.mark.parametrize("ruleset", [NEW, OLD])
R1 = {"attribute": {"R": 1}}
BASE_MAIN = {"T-BEAR": 4, "T-WALL": 4, "T-BOLT": 4, "T-GROW": 4, "T-BIRD": 4, "T-FAST": 4}


def resonator(cid: str, atk: int = 500, def_: int = 500, **more: Any) -> dict[str, Any]:
    return {
        "id": cid,
        "name": cid.title(),
        "type": "resonator",
        "cost": R1,
        "attributes": ["R"],
        "atk": atk,
        "def": def_,
        **more,
    }


def spell(cid: str, subtype: str, **more: Any) -> dict[str, Any]:
    return {
        "id": cid,
        "name": cid.title(),
        "type": "spell",
        "subtype": subtype,
        "cost": R1,
        "attributes": ["R"],
        **more,
    }


def addition(cid: str, subtype: str) -> dict[str, Any]:
    return {
        "id": cid,
        "name": cid.title(),
        "type": "addition",
        "subtype": subtype,
        "cost": R1,
        "attributes": ["R"],
        "abilities": [{"kind": "continuous", "modify_atk": 200, "modify_def": 200}],
    }


EXTRA: dict[str, dict[str, Any]] = {
    "T-WATER": {
        "id": "T-WATER",
        "name": "Water Magic Stone",
        "type": "magic_stone",
        "abilities": [{"kind": "activate", "cost": {"rest": True}, "effects": [{"op": "produce_will", "will": ["U"]}]}],
    },
    "T-AMBUSH": spell(
        "T-AMBUSH",
        "chant_standby",
        trigger="opponent_attacks",
        trigger_cost={"free": 0},
        effects=[{"op": "deal_damage", "amount": 400, "target": {"kind": "chosen"}}],
    ),
    "T-READY": spell(
        "T-READY",
        "chant_standby",
        trigger="anytime",
        trigger_cost={"free": 0},
        effects=[{"op": "gain_life", "amount": 300, "who": "you"}],
    ),
    "T-SWORD": addition("T-SWORD", "resonator"),
    "T-LANCER": resonator("T-LANCER", 800, 800, skills=["pierce"]),
    "T-BERSERK": resonator(
        "T-BERSERK",
        700,
        700,
        abilities=[{"kind": "continuous", "text": "attacks if able", "rules": {"must_attack": True}}],
    ),
}


# --- given: games under either version -----------------------------------------------------


def spec(ruleset: str, extra: Mapping[str, dict[str, Any]] | None = None, **players: dict[str, Any]) -> GameSpec:
    extra = dict(extra or {})
    main = {**BASE_MAIN, **{cid: 4 for cid, c in extra.items() if c["type"] not in ("ruler", "j_ruler", "magic_stone")}}
    stones = {"T-STONE": 10, **{cid: 4 for cid, c in extra.items() if c["type"] == "magic_stone"}}
    decks = {p: players.get(p, deck(main, stones)) for p in ("p1", "p2")}
    return GameSpec(
        game_id="g1",
        ruleset=ruleset,
        variant="valhalla",
        players=[PlayerSpec("p1", "Alice", decks["p1"]), PlayerSpec("p2", "Bob", decks["p2"])],
        seed=7,
        first_player="p1",
    )


def create(ruleset: str, extra: Mapping[str, dict[str, Any]], **players: dict[str, Any]) -> list[Event] | Rejection:
    return engine.start(spec(ruleset, extra, **players), catalog(extra))


def game(ruleset: str, extra: Mapping[str, dict[str, Any]] = EXTRA) -> GameState:
    result = create(ruleset, extra)
    assert not isinstance(result, Rejection), result
    state = state_from_events(result)
    run(state, cmd("ChangeHand", "p1", cards=[]))
    run(state, cmd("ChangeHand", "p2", cards=[]))
    return state


def given(state: GameState, type_: str, **data: Any) -> None:
    apply_event(state, Event(seq=state.seq + 1, type=type_, data=data, rule=f"{state.ruleset} given", cause="given"))


def put(state: GameState, oid: str, to: str) -> str:
    obj = state.objects[oid]
    data = {"oid": oid, "card": obj.card, "from": obj.zone, "to": to, "reason": "given", "owner": obj.owner}
    given(state, "CardMoved", **data, controller=obj.owner)
    return oid


def card(state: GameState, player: str, card_id: str, to: str = "hand") -> str:
    zones = ("main_deck", "lifebreak", "stone_deck")
    oid = next(o.oid for o in state.objects.values() if o.owner == player and o.card == card_id and o.zone in zones)
    return put(state, oid, to)


def pass_until(state: GameState, done: Callable[[GameState], bool]) -> list[Event]:
    events: list[Event] = []
    for _ in range(300):
        if done(state):
            return events
        assert state.pending is not None and state.pending.kind == "priority", state.pending
        events += run(state, cmd("Pass", state.pending.player))
    raise AssertionError("the position was never reached")


def ready(ruleset: str, extra: Mapping[str, dict[str, Any]] = EXTRA, **field: str) -> tuple[GameState, dict[str, str]]:
    """Turn 3 (p1's second turn), main phase.  ``field`` maps a name to "p1:CARD-ID" (put
    into the field in turn 1) or "p1:CARD-ID:zone" (put into that zone in turn 1)."""
    state = game(ruleset, extra)
    oids = {}
    for name, where in field.items():
        player, card_id, *zone = where.split(":")
        oids[name] = card(state, player, card_id, to=zone[0] if zone else "field")
    pass_until(state, lambda s: s.turn == 3 and (s.phase, s.step) == ("main", "main") and s.pending is not None)
    return state, oids


def to_attack_choice(state: GameState) -> None:
    run(state, cmd("InitiateBattle", "p1"))
    pass_until(state, lambda s: s.pending is not None and s.pending.kind == "declare_attack")


def attack(state: GameState, attacker: str, target: str, blocker: str | None = None) -> None:
    to_attack_choice(state)
    run(state, cmd("DeclareAttack", "p1", attacker=attacker, target=target))
    pass_until(state, lambda s: s.pending is not None and s.pending.kind == "declare_block")
    if blocker is None:
        run(state, cmd("DeclineBlock", "p2"))
    else:
        run(state, cmd("DeclareBlock", "p2", blocker=blocker))


def refusal(state: GameState, command: Command) -> tuple[str, str]:
    r = rejected(state, command)
    return r.code, r.rule


def refused_at_creation(result: list[Event] | Rejection) -> tuple[str, str]:
    assert isinstance(result, Rejection), "the game was created"
    return result.code, result.rule


# --- 2.1 p2 card types, 2.1 p3.2 addition subtypes, 2.6/2.7 J-ruler stats, 10.21 counters, 12 keywords ---


def test_a_regalia_exists_under_5_5_but_not_under_5_01() -> None:
    regalia = {"T-CROWN": {"id": "T-CROWN", "name": "Crown", "type": "regalia", "cost": {"free": 1}}}
    assert not isinstance(create(NEW, regalia), Rejection)
    code, rule = refused_at_creation(create(OLD, regalia))
    assert (code, rule) == ("cards/type_not_in_ruleset", "FoW-5.01 2.1 p2")


@pytest.mark.parametrize(
    ("keyword", "cards"),
    [
        (
            "gods_art",
            {
                "T-HERO": resonator(
                    "T-HERO",
                    abilities=[
                        {"kind": "activate", "name": "Slash", "gods_art": True, "effects": [{"op": "draw", "count": 1}]}
                    ],
                )
            },
        ),
        ("stealth", {"T-SNEAK": spell("T-SNEAK", "chant", stealth="you_play_resonator", effects=[])}),
        ("remnant", {"T-ECHO": spell("T-ECHO", "chant", remnant=True, effects=[])}),
        ("evolution", {"T-EVO": resonator("T-EVO", evolution=R1)}),
        (
            "shift",
            {
                "T-PAST": resonator("T-PAST", shift=R1, other_side="T-FUTURE"),
                "T-FUTURE": resonator("T-FUTURE", 1000, 1000),
            },
        ),
    ],
)
def test_keyword_skills_added_after_5_01_are_refused_under_5_01(keyword: str, cards: dict[str, Any]) -> None:
    main = {**BASE_MAIN, next(iter(cards)): 4}
    assert not isinstance(engine.start(_spec_with(NEW, main), catalog(cards)), Rejection)
    refused = engine.start(_spec_with(OLD, main), catalog(cards))
    assert refused_at_creation(refused) == ("cards/keyword_not_in_ruleset", "FoW-5.01 12")
    assert keyword in refused.message  # type: ignore[union-attr]


def _spec_with(ruleset: str, main: dict[str, int]) -> GameSpec:
    return spec(ruleset, {}, p1=deck(main), p2=deck(main))


@pytest.mark.parametrize(
    "cards",
    [
        {"T-DRAKE": resonator("T-DRAKE", awakening={"cost": R1, "abilities": []})},
        {"T-AVATAR": resonator("T-AVATAR", incarnation=[["R"]])},
        {"T-FLASH": resonator("T-FLASH", skills=["quickcast"])},
    ],
)
def test_awakening_incarnation_and_quickcast_exist_in_both(cards: dict[str, Any]) -> None:
    main = {**BASE_MAIN, next(iter(cards)): 4}
    for ruleset in (NEW, OLD):
        assert not isinstance(engine.start(_spec_with(ruleset, main), catalog(cards)), Rejection)


@pytest.mark.parametrize(
    ("subtype", "in_5_01"),
    [
        ("field", True),  # 2.1 p3.2
        ("resonator", True),  # 2.1 p3.2
        ("j_ruler_or_ruler", True),  # 2.1 p3.2 "ruler/J-ruler"
        ("j_ruler", True),  # 7.2 p3.1, 13.3 p1.1 "[Addition: J-ruler]"
        ("j_resonator", True),  # 2.1 p2.1 "J/resonator" as the type X of 7.2 p3
        ("ruler", False),  # named nowhere in 5.01
    ],
)
def test_addition_subtypes_of_5_01_are_those_its_whole_text_names(subtype: str, in_5_01: bool) -> None:
    """5.01 2.1 p3.2 lists "field", "resonator" or "ruler/J-ruler"; but 7.2 p3.1 ("You cannot
    target J-ruler in a ruler area with [Addition: J-ruler]") and 13.3 p1.1 name an
    [Addition: J-ruler], and 7.2 p3 defines every [Addition:X] by the type X of its target, where
    2.1 p2.1 says "resonator or J-ruler" is written "J/resonator" ([Addition:J/Resonator] cards
    were printed before 5.01).  Reading the whole document, those exist; an [Addition: Ruler]
    is named by no 5.01 rule (and 7.2 p3 wants its target in a field, where no ruler is)."""
    cards = {"T-ADD": addition("T-ADD", subtype)}
    assert not isinstance(create(NEW, cards), Rejection)
    if in_5_01:
        assert not isinstance(create(OLD, cards), Rejection)
    else:
        assert refused_at_creation(create(OLD, cards)) == ("cards/subtype_not_in_ruleset", "FoW-5.01 2.1 p3.2")


@BOTH
def test_an_addition_j_resonator_is_added_to_a_j_ruler_or_a_resonator_in_a_field(ruleset: str) -> None:
    """7.2 p3 (both versions): the target is a card in a field with the type X of [Addition:X];
    X = "J/resonator" = "resonator or J-ruler" (2.1 p2.1)."""
    extra = {**EXTRA, "T-CLOAK": addition("T-CLOAK", "j_resonator")}
    # given p1's main phase, a resonator in p1's field and the addition in p1's hand
    state, f = ready(ruleset, extra, bear="p1:T-BEAR")
    cloak, stone = card(state, "p1", "T-CLOAK"), card(state, "p1", "T-STONE", to="stone_area")
    ruler = state.zones["p1"]["ruler_area"][0]
    # when p1 targets the ruler in the ruler area, then the resonator
    onto_ruler = cmd("PlayCard", "p1", card=cloak, targets=[ruler], pay_with=[{"source": stone}])
    assert refusal(state, onto_ruler)[1] == f"{ruleset} 9.3 p2.4"
    events = run(state, cmd("PlayCard", "p1", card=cloak, targets=[f["bear"]], pay_with=[{"source": stone}]))
    # then the first is refused (no legal target) and the second is added to the resonator
    pass_until(state, lambda s: not s.chase)
    assert find(events, "CardPlayed").rule == f"{ruleset} 7.2 p2"
    assert state.objects[cloak].attached_to == f["bear"]


def test_a_j_ruler_without_atk_and_def_exists_only_under_5_5() -> None:
    cards = {
        "T-SAGE": {
            "id": "T-SAGE",
            "name": "Sage",
            "type": "ruler",
            "judgment": {"cost": {"free": 1}, "j_ruler": "T-ORACLE"},
        },
        "T-ORACLE": {"id": "T-ORACLE", "name": "Oracle", "type": "j_ruler"},
    }
    sage = {**deck(), "ruler": "T-SAGE"}
    assert not isinstance(create(NEW, cards, p1=sage), Rejection)
    assert refused_at_creation(create(OLD, cards, p1=sage)) == ("cards/stats_required", "FoW-5.01 2.6 p1")


def test_counters_exist_only_under_5_5() -> None:
    cards = {
        "T-POTION": spell(
            "T-POTION", "chant", effects=[{"op": "put_counter", "counter": "+100/+100", "target": {"kind": "chosen"}}]
        )
    }
    assert not isinstance(create(NEW, cards), Rejection)
    assert refused_at_creation(create(OLD, cards)) == ("cards/action_not_in_ruleset", "FoW-5.01 10")


@pytest.mark.parametrize(
    "cards",
    [
        {
            "T-MOONSTONE": {
                "id": "T-MOONSTONE",
                "name": "Moonstone",
                "type": "magic_stone",
                "abilities": [
                    {"kind": "activate", "cost": {"rest": True}, "effects": [{"op": "produce_will", "will": ["M"]}]}
                ],
            }
        },
        {"T-LUNAR": resonator("T-LUNAR", cost={"attribute": {"M": 1}})},
    ],
)
def test_will_with_the_moon_characteristic_exists_only_under_5_5(cards: dict[str, Any]) -> None:
    """5.5 9.7 p6 "Some wills have the characteristic "moon"", 10.2 p6 (paying {M}); 5.01 9.7 p5
    knows the five attributes and will without attribute only, so a card producing or costing
    moon will does not exist under 5.01 (as counters, 10.21, and regalia, 2.1 p2)."""
    cid = next(iter(cards))
    stones = {"T-STONE": 10, cid: 4} if cards[cid]["type"] == "magic_stone" else None
    main = {**BASE_MAIN} if stones else {**BASE_MAIN, cid: 4}
    players = {p: deck(main, stones) if stones else deck(main) for p in ("p1", "p2")}
    assert not isinstance(create(NEW, cards, **players), Rejection)
    refused = create(OLD, cards, **players)
    assert refused_at_creation(refused) == ("cards/will_not_in_ruleset", "FoW-5.01 9.7 p5")
    assert "moon" in refused.message  # type: ignore[union-attr]


# --- 7.6 what may be put into the chant-standby area ---------------------------------------------


@BOTH
def test_any_card_may_be_put_into_the_chant_standby_area_only_under_5_5(ruleset: str) -> None:
    state, _ = ready(ruleset)
    bear, ambush = card(state, "p1", "T-BEAR"), card(state, "p1", "T-AMBUSH")
    stones = [card(state, "p1", "T-STONE", to="stone_area") for _ in range(4)]
    pay = [{"source": s} for s in stones[:2]]
    command = cmd("PutIntoStandby", "p1", card=bear, pay_with=pay)
    if ruleset == NEW:
        assert find(run(state, command), "CardPutIntoStandby").rule == "FoW-5.5 7.6 p2"
    else:
        assert refusal(state, command) == ("rules/standby_chant_standby_only", "FoW-5.01 6.3 p2.4")
    events = run(state, cmd("PutIntoStandby", "p1", card=ambush, pay_with=[{"source": s} for s in stones[2:]]))
    assert find(events, "CardPutIntoStandby").rule == f"{ruleset} 7.6 p2"


# --- 9.3 p2.1 (5.01): playing from the chant-standby area shows matching magic stones ----------


@BOTH
def test_playing_from_the_chant_standby_area_needs_matching_magic_stones_only_under_5_01(ruleset: str) -> None:
    state, f = ready(ruleset, ready="p1:T-READY:standby")
    ready_card = f["ready"]
    water = card(state, "p1", "T-WATER", to="stone_area")  # does not match the cost R
    play = cmd("PlayCard", "p1", card=ready_card)
    if ruleset == OLD:
        assert refusal(state, play) == ("rules/standby_stones_not_shown", "FoW-5.01 9.3 p2.1")
        assert play.args not in [c.args for c in engine.legal_actions(state, "p1") if c.type == "PlayCard"]
        card(state, "p1", "T-STONE", to="stone_area")
    events = run(state, play)
    assert find(events, "CardPlayed").data["from"] == "standby"
    assert state.objects[water].rested is False  # stones are shown, not paid


def test_matching_magic_stones_are_distinct_per_attribute_symbol_plus_the_free_cost() -> None:
    state, _ = ready(OLD)
    cost = Cost(attribute={"R": 2}, free=1)
    card(state, "p1", "T-STONE", to="stone_area")
    card(state, "p1", "T-WATER", to="stone_area")
    assert not actions.shows_stones(state, "p1", cost)  # one fire stone for two R symbols
    card(state, "p1", "T-STONE", to="stone_area")
    assert actions.shows_stones(state, "p1", cost)  # R, R and one other stone for the free cost
    assert not actions.shows_stones(state, "p2", cost)


# --- 7.9 / 9.6: an automatic chant-standby card (revealed by choice vs automatic ability) --------


def ambushed(ruleset: str, *, p2_stone: bool) -> tuple[GameState, str, Event]:
    state, f = ready(ruleset, bear="p1:T-BEAR", ambush="p2:T-AMBUSH:standby")
    if p2_stone:
        card(state, "p2", "T-STONE", to="stone_area")
    to_attack_choice(state)
    events = run(state, cmd("DeclareAttack", "p1", attacker=f["bear"], target="p2"))
    return state, f["bear"], find(events, "AbilityTriggered")


@BOTH
def test_a_triggered_chant_standby_card_may_stay_hidden_only_under_5_5(ruleset: str) -> None:
    state, _, trig = ambushed(ruleset, p2_stone=True)
    assert (trig.data["kind"], trig.rule) == ("card", {NEW: "FoW-5.5 7.9 p2", OLD: "FoW-5.01 9.6 p2"}[ruleset])
    decline = cmd("DeclineTrigger", "p2", trigger=trig.data["trigger"])
    if ruleset == NEW:
        discarded = find(run(state, decline), "TriggerDiscarded")
        assert (discarded.data["why"], discarded.rule) == ("not revealed", "FoW-5.5 7.9 p2")
    else:
        assert refusal(state, decline) == ("rules/must_play_trigger", "FoW-5.01 9.6 p4")
        assert "DeclineTrigger" not in {c.type for c in engine.legal_actions(state, "p2")}


def test_under_5_01_a_triggered_chant_standby_card_that_cannot_be_played_is_let_go() -> None:
    state, bear, trig = ambushed(OLD, p2_stone=False)
    play = cmd("PlayTriggered", "p2", trigger=trig.data["trigger"], targets=[bear])
    assert refusal(state, play) == ("rules/standby_stones_not_shown", "FoW-5.01 9.3 p2.1")
    discarded = find(run(state, cmd("DeclineTrigger", "p2", trigger=trig.data["trigger"])), "TriggerDiscarded")
    assert (discarded.data["why"], discarded.rule) == ("cannot be played", "FoW-5.01 9.6 p4")


def test_under_5_01_a_triggered_chant_standby_card_with_matching_stones_is_played() -> None:
    state, bear, trig = ambushed(OLD, p2_stone=True)
    events = run(state, cmd("PlayTriggered", "p2", trigger=trig.data["trigger"], targets=[bear]))
    assert [(e.type, e.rule) for e in events if e.type in ("CardRevealed", "CardPlayed")] == [
        ("CardRevealed", "FoW-5.01 9.6 p2"),
        ("CardPlayed", "FoW-5.01 7.9 p1"),
    ]


# --- 7.1 p1 + 6.3 p2: main-timing actions during a battle (both rules bear on the action) ---------


@BOTH
def test_a_resonator_is_refused_during_a_battle_under_5_01_by_6_3_p2_as_under_5_5_by_7_1_p1(ruleset: str) -> None:
    """5.01 7.1 p1 ("Turn player may play an resonator card if he or she has priority, it is his
    or her main phase and chase area is empty") does not say "not in a battle"; 5.01 6.3 p2 lists
    "Play resonator, addition or [Spell:Chant] card" among the actions available only "if it's his
    or her turn, in a main phase, not in a battle and chase area is empty".  A judge applies both:
    7.1 p1's silence is no permission, so the resonator waits for the battle to end.  A resonator
    with [Quickcast] is played any time a [Spell:Chant-instant] could be (12.3 p2, 6.3 p1.1)."""
    flash = {**EXTRA, "T-FLASH": resonator("T-FLASH", skills=["quickcast"])}
    state = game(ruleset, flash)
    bear = card(state, "p1", "T-BEAR", to="field")
    pass_until(state, lambda s: s.turn == 3 and (s.phase, s.step) == ("main", "main") and s.pending is not None)
    bear2, sword, fast = card(state, "p1", "T-BEAR"), card(state, "p1", "T-SWORD"), card(state, "p1", "T-FLASH")
    stones = [card(state, "p1", "T-STONE", to="stone_area") for _ in range(3)]
    # given a battle initiated in p1's main phase, p1 with priority and an empty chase area
    run(state, cmd("InitiateBattle", "p1"))
    assert state.battle is not None and state.pending is not None and state.pending.player == "p1"
    assert not state.chase
    # when p1 plays a resonator, then an addition
    play = cmd("PlayCard", "p1", card=bear2, pay_with=[{"source": stones[0]}])
    add = cmd("PlayCard", "p1", card=sword, targets=[bear], pay_with=[{"source": stones[1]}])
    offered = {c.args["card"] for c in engine.legal_actions(state, "p1") if c.type == "PlayCard"}
    # then both are refused, under 5.5 by the action's own rule, under 5.01 by 6.3 p2
    in_battle = {NEW: ("FoW-5.5 7.1 p1", "FoW-5.5 7.2 p1"), OLD: ("FoW-5.01 6.3 p2", "FoW-5.01 6.3 p2")}[ruleset]
    assert (refusal(state, play), refusal(state, add)) == (
        ("rules/in_battle", in_battle[0]),
        ("rules/in_battle", in_battle[1]),
    )
    assert bear2 not in offered and sword not in offered
    # and a resonator with [Quickcast] is played in the battle under both
    assert fast in offered
    quick = run(state, cmd("PlayCard", "p1", card=fast, pay_with=[{"source": stones[2]}]))
    assert find(quick, "CardPlayed").data["card"] == "T-FLASH"


# --- 7.10 lifebreak threshold -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "life", "under_5_5", "under_5_01"),
    [
        (4, 4000, True, True),
        (3, 4000, False, True),
        (2, 4000, False, False),
        (3, 3000, True, True),
        (2, 3000, False, True),
        (1, 1000, True, True),
        (0, 1000, False, False),
        (1, 100, True, True),
    ],
)
def test_lifebreak_threshold_formulas(cards: int, life: int, under_5_5: bool, under_5_01: bool) -> None:
    assert FOW_5_5.can_lifebreak(cards, life) is under_5_5
    assert FOW_5_01.can_lifebreak(cards, life) is under_5_01


@BOTH
def test_the_second_lifebreak_at_4000_life_is_accepted_only_under_5_01(ruleset: str) -> None:
    state = game(ruleset)
    assert find(run(state, cmd("Lifebreak", "p1")), "LifebreakPerformed").rule == f"{ruleset} 7.10 p1"
    second = cmd("Lifebreak", "p1")  # 3 cards at 4000 life: 3 > 3 is false, 3 >= 3 is true
    if ruleset == NEW:
        assert refusal(state, second) == ("rules/lifebreak_threshold", "FoW-5.5 7.10 p1")
    else:
        assert find(run(state, second), "LifebreakPerformed").rule == "FoW-5.01 7.10 p1"
        assert refusal(state, cmd("Lifebreak", "p1")) == ("rules/lifebreak_threshold", "FoW-5.01 7.10 p1")


# --- 8.2 p3 forfeiting an attack that an effect forces ---------------------------------------------


@BOTH
def test_a_forced_attack_may_be_forfeited_only_under_5_01(ruleset: str) -> None:
    state, _ = ready(ruleset, berserk="p1:T-BERSERK")
    assert refusal(state, cmd("Pass", "p1")) == ("rules/must_attack", f"{ruleset} 7.12 p2")  # same in both
    to_attack_choice(state)
    forfeit = cmd("ForfeitAttack", "p1")
    if ruleset == NEW:
        assert refusal(state, forfeit) == ("rules/must_attack", "FoW-5.5 8.2 p3")
    else:
        assert find(run(state, forfeit), "AttackForfeited").rule == "FoW-5.01 8.2 p3"
        # 7.12 p2 and 8.2 p6 bear on the main phase that follows, and both apply: no battle may
        # be initiated again this turn (the opponent played nothing), so the forced attacker can
        # no longer "attack legally" and p1 may pass
        pass_until(state, lambda s: s.battle is None and s.pending is not None and s.pending.player == "p1")
        assert refusal(state, cmd("InitiateBattle", "p1")) == ("rules/no_more_battle", "FoW-5.01 8.2 p6")
        assert find(run(state, cmd("Pass", "p1")), "PriorityPassed").rule.startswith("FoW-5.01 ")


# --- 11.1 [Pierce] ------------------------------------------------------------------------------------


@BOTH
def test_pierce_assigns_the_capacity_under_5_5_and_deals_all_plus_the_excess_under_5_01(ruleset: str) -> None:
    state, f = ready(ruleset, lancer="p1:T-LANCER", bear="p2:T-BEAR")
    attack(state, f["lancer"], "p2", blocker=f["bear"])
    events = pass_until(
        state, lambda s: s.step == "end_of_battle" or (s.pending is not None and s.pending.kind == "pierce")
    )
    if ruleset == NEW:  # 5.5 asks how the damage is assigned (11.1 p1.2): the least to the blocker
        assert state.pending is not None and state.pending.options["amounts"] == [500, 600, 700, 800]
        events += run(state, cmd("AssignPierceDamage", "p1", to_blocker=500))
        events += pass_until(state, lambda s: s.step == "end_of_battle")
    dealt = [(e.data["target"], e.data["amount"], e.rule) for e in events if e.type == "DamageDealt"]
    expected = {
        NEW: [(f["bear"], 500, "FoW-5.5 11.1 p1.3"), ("p2", 300, "FoW-5.5 11.1 p1.3")],
        OLD: [(f["bear"], 800, "FoW-5.01 8.5 p2.1"), ("p2", 300, "FoW-5.01 11.1 p2")],
    }[ruleset]
    assert dealt == [*expected, (f["lancer"], 500, f"{ruleset} 8.5 p3")]
    assert state.players["p2"].life == 3700


# --- 3.8 p6 / 3.15 p6 a J-ruler in the ruler area (astral ruler) does not move ---------------------


@BOTH
def test_a_j_ruler_side_up_in_the_ruler_area_does_not_move_with_its_own_citation(ruleset: str) -> None:
    state = game(ruleset)
    ruler = state.zones["p1"]["ruler_area"][0]
    state.objects[ruler].side = "j_ruler"
    ctx = Ctx(state.clone(), "cmd:test")
    actions.move(ctx, ruler, "hand", "cmd:test", rule="3.1 p5", reason="returned")
    assert [(e.type, e.rule) for e in ctx.events] == [
        ("CardMoveIgnored", {NEW: "FoW-5.5 3.15 p6", OLD: "FoW-5.01 3.8 p6"}[ruleset])
    ]


# --- citations ------------------------------------------------------------------------------------------

DOMAIN = Path(__file__).resolve().parent.parent.parent / "domain" / "fow"
CITED = re.compile(r'"(\d+(?:\.\d+)?(?: p\d+(?:\.\d+)?)?)"')
BUILT = ["8.4 p2.1", "8.4 p2.2", "8.5 p2.1", "8.5 p2.2"]  # rule + ".1" / ".2" in flow.py


def engine_rule_ids() -> set[str]:
    found = set(BUILT)
    for path in sorted(DOMAIN.glob("*.py")):
        if path.name == "versions.py":
            continue
        for line in path.read_text().splitlines():
            for ref in CITED.findall(line):
                if " p" in ref or "rule" in line or "cite" in line:
                    found.add(ref)
    return found


def test_every_rule_the_engine_cites_has_a_5_01_citation_with_text() -> None:
    library = load_rules_library()
    ids = engine_rule_ids()
    assert len(ids) > 150
    for rule in sorted(ids):
        assert library.resolve(FOW_5_01.cite(rule)).text.strip(), f"{rule} -> {FOW_5_01.cite(rule)}"
    for rule, mapped in FOW_5_01.citations.items():
        assert library.resolve(f"FoW-5.5 {rule}").text.strip(), rule
        assert library.resolve(f"FoW-5.01 {mapped}").text.strip(), mapped


def test_mapped_citations_point_at_the_same_rule_in_5_01() -> None:
    library = load_rules_library()
    expectations = {
        "3.15 p6": "J-ruler card in ruler area",
        "7.9 p2": "triggered",
        "7.9 p4": "[trigger] cost",
        "7.9 p5": "this turn",
        "7.9 p7": "chase area resolved",
        "9.6 p5": "turn player checks",
        "9.6 p6": "have to be played",
        "10.9 p3": "cannot be destroyed",
        "11.1 p1.3": "excess",
        "7.10 p1": "equal or larger",
        "7.6 p1": "[Spell:Chant] card",
        "9.3 p2.1": "magic stones",
        "2.1 p3.2": "ruler/J-ruler",
    }
    for rule, phrase in expectations.items():
        assert phrase in library.resolve(FOW_5_01.cite(rule)).text, rule


REWORDED = {
    # 5.5 ids the map leaves alone whose two texts share few words, reviewed: the same rule
    "2.1 p3.2": "the subtypes of additions: 5.01 lists three, 5.5 six (see the addition subtype test)",
    "2.2 p3": "a name in double quotes; 5.5 adds which of 'the name' or 'a part of it' is meant",
    "2.6 p1": "ATK is information J-rulers and resonators have; 5.5 adds that some J-rulers lack it",
    "3.11 p1": "the chant-standby area: 5.01 'your spell:chant-standby cards', 5.5 'cards from your hand'",
    "9.3 p2.1": "a chant-standby card is turned face up; 5.01 adds showing matching magic stones",
}


def _words(text: str) -> list[str]:
    text = text.lower().replace("his or her", "their").replace("he or she", "they").replace("play ground", "playground")
    return re.findall(r"[\w<>/\[\]:'-]+|[^\w\s]", "\n".join(ln for ln in text.splitlines() if not ln.startswith("▶")))


def keeps_its_meaning(rule: str) -> bool:
    """A 5.5 id the 5.01 map leaves alone names the same rule in 5.01: most words agree
    (``difflib``, as ``scripts/fow_5_01_vs_5_5.py`` compares the texts), or it was reviewed."""
    library = load_rules_library()
    old, new = library.resolve(f"FoW-5.01 {rule}").text, library.resolve(f"FoW-5.5 {rule}").text
    similar = difflib.SequenceMatcher(None, _words(old), _words(new), autojunk=False).ratio()
    return similar >= 0.6 or rule in REWORDED


def test_same_numbered_rules_keep_their_meaning() -> None:
    """Every id the engine cites that the map leaves alone is the same rule in both texts."""
    unmapped = sorted(r for r in engine_rule_ids() - set(FOW_5_01.citations) if " p" in r)
    assert len(unmapped) > 150
    assert [r for r in unmapped if not keeps_its_meaning(r)] == []
    assert not set(REWORDED) & set(FOW_5_01.citations)


DOC = Path(__file__).resolve().parent.parent.parent / "docs" / "fow-5.01-vs-5.5.md"


def test_the_section_table_covers_every_section_of_5_01() -> None:
    """docs/fow-5.01-vs-5.5.md compares the whole document: its section table has one row, with
    a verdict, for every chapter and section of 5.01, in the order of the text."""
    text = DOC.read_text()
    assert "covers the whole 5.01 document" in text
    table = text.split("## Every section of 5.01", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in table.splitlines() if line.startswith("| ")][1:]  # after the header
    rows = [line.split("|")[1:4] for line in lines]
    assert [number.strip() for number, _, _ in rows] == load_rules_library().document(OLD).numbers
    assert all(verdict.strip() for _, _, verdict in rows)


@pytest.mark.parametrize(("seed", "variant"), [(2, "valhalla"), (1, "bifrost")])
def test_every_citation_in_a_random_5_01_game_is_5_01_text(
    seed: int, variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A seeded 5.01 game: every event cites a 5.01 rule with text, and every rule the engine
    cited while deciding (events and the refusals ``legal_actions`` probes) is one the static
    checks above reviewed: mapped, or the same rule under the same id."""
    asked: set[str] = set()
    cite = Version.cite

    def recording(self: Version, rule: str) -> str:
        if self.ruleset == OLD:
            asked.add(rule)
        return cite(self, rule)

    monkeypatch.setattr(Version, "cite", recording)
    library = load_rules_library()
    state, events = play_randomly(seed, variant, ruleset=OLD)  # asserts every event cites FoW-5.01
    assert state.finished
    cited = {e.rule for e in events}
    assert len(cited) > 40 and all(c.startswith("FoW-5.01 ") for c in cited)
    for citation in cited:
        assert library.resolve(citation).text.strip(), citation
    assert len(asked) > 40
    assert sorted(asked - engine_rule_ids() - set(FOW_5_01.citations)) == []
    assert sorted(r for r in asked - set(FOW_5_01.citations) if " p" in r and not keeps_its_meaning(r)) == []
    replayed = state_from_events(Event.from_dict(e.to_dict()) for e in events)
    assert engine.state_to_dict(replayed) == engine.state_to_dict(state)


@BOTH
def test_random_play_with_the_version_sensitive_cards_stays_legal(ruleset: str) -> None:
    """Chant-standby cards, [Pierce], a forced attacker and an addition in both decks: every
    listed legal action is accepted, every event cites the game's version, the game ends."""
    library = load_rules_library()
    events = create(ruleset, EXTRA)
    assert not isinstance(events, Rejection)
    state = state_from_events(events)
    rng = random.Random(0)
    for n in range(4000):
        if state.finished:
            break
        assert state.pending is not None
        legal = [c for c in engine.legal_actions(state, state.pending.player) if c.type != "Concede"]
        active = [c for c in legal if c.type != "Pass"]
        choice = rng.choice(active) if active and rng.random() < 0.7 else rng.choice(legal)
        result = engine.decide(state, Command(choice.type, choice.player, choice.args, id=f"c{n}"))
        assert not isinstance(result, Rejection), f"legal action {choice} was rejected: {result}"
        for e in result:
            apply_event(state, e)
        events += result
    assert state.finished
    cited = {e.rule for e in events}
    assert all(c.startswith(f"{ruleset} ") and library.resolve(c).text.strip() for c in cited)


def test_5_01_is_a_registered_ruleset() -> None:
    assert set(VERSIONS) == {NEW, OLD}
    old = rulesets.get_engine(OLD)
    assert old.ruleset == OLD and old.initial_state().ruleset == OLD
    assert {"ruleset": OLD, "variants": ["valhalla", "bifrost"]} in rulesets.list_rulesets()
    events = create(OLD, {})
    assert not isinstance(events, Rejection)
    assert events[0].data["ruleset"] == OLD and all(e.rule.startswith("FoW-5.01 ") for e in events)
    state = state_from_events(events)
    unknown = engine.decide(state, Command("Fly", "p1"))
    assert isinstance(unknown, Rejection) and unknown.rule == "FoW-5.01 6.3 p1"


# --- cross-version comparison -------------------------------------------------------------------------


def test_compare_command_decides_the_same_situation_under_both_versions() -> None:
    events = create(NEW, {})
    assert not isinstance(events, Rejection)
    state = state_from_events(events)
    for c in (cmd("ChangeHand", "p1", cards=[]), cmd("ChangeHand", "p2", cards=[]), cmd("Lifebreak", "p1")):
        events += run(state, c)
    agreed = compare_command(events, cmd("Pass", "p1"), OLD)
    assert not agreed.parted and agreed.game.accepted and agreed.other.accepted
    assert [r.split(" ")[0] for r in agreed.game.rules] == [NEW] * len(agreed.game.rules)
    assert [r.split(" ")[0] for r in agreed.other.rules] == [OLD] * len(agreed.other.rules)
    parted = compare_command(events, cmd("Lifebreak", "p1"), OLD)
    assert parted.parted
    assert (parted.game.ruleset, parted.game.accepted, parted.game.code, parted.game.rule) == (
        NEW,
        False,
        "rules/lifebreak_threshold",
        "FoW-5.5 7.10 p1",
    )
    assert (parted.other.ruleset, parted.other.accepted) == (OLD, True)
    assert "FoW-5.01 7.10 p1" in parted.other.rules
    assert parted.to_dict()["other"]["accepted"] is True  # type: ignore[index]
    with pytest.raises(ValueError, match="unknown Force of Will ruleset"):
        compare_command(events, cmd("Pass", "p1"), "FoW-9")


def test_compare_log_reports_the_first_step_where_the_versions_part() -> None:
    commands = [
        cmd("ChangeHand", "p1", cards=[]),
        cmd("ChangeHand", "p2", cards=[]),
        cmd("Lifebreak", "p2"),  # not p2's priority: refused the same way by both
        cmd("Lifebreak", "p1"),
        cmd("Pass", "p1"),
        cmd("Pass", "p2"),  # the draw phase's first step ends; p1 has priority again
        cmd("Lifebreak", "p1"),  # 3 cards at 4000 life
        cmd("Pass", "p1"),
    ]
    result = compare_log(spec(NEW, {}), catalog(), commands, OLD)
    assert (result.parted, result.step, result.compared) == (True, 6, 7)
    assert result.verdicts is not None and result.verdicts.command == commands[6]
    assert (result.verdicts.game.code, result.verdicts.game.rule) == ("rules/lifebreak_threshold", "FoW-5.5 7.10 p1")
    assert result.verdicts.other.accepted and "FoW-5.01 7.10 p1" in result.verdicts.other.rules
    agreeing = compare_log(spec(OLD, {}), catalog(), commands[:6], NEW)
    assert (agreeing.parted, agreeing.step, agreeing.verdicts, agreeing.compared) == (False, None, None, 6)


def test_compare_log_parts_at_creation_when_a_card_does_not_exist_in_the_other_version() -> None:
    regalia = {"T-CROWN": {"id": "T-CROWN", "name": "Crown", "type": "regalia", "cost": {"free": 1}}}
    result = compare_log(spec(NEW, regalia), catalog(regalia), [cmd("Pass", "p1")], OLD)
    assert (result.step, result.compared) == (CREATION, 0)
    assert result.verdicts is not None and result.verdicts.command is None
    assert result.verdicts.game.accepted
    assert (result.verdicts.other.code, result.verdicts.other.rule) == ("cards/type_not_in_ruleset", "FoW-5.01 2.1 p2")
