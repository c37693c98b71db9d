"""FoW-5.5 7 (player's actions), will (9.7, 10.2) and automatic abilities (6.2, 9.6)."""

from __future__ import annotations

from typing import Any

from domain.fow.state import GameState
from tests.fow.support import catalog, cmd, deck, find, rejected, run, start_game, types
from tests.fow.test_ch4_to_6_setup_and_turns import given, keep_hands, put, to_main

EXTRA: dict[str, dict[str, Any]] = {
    "T-SWORD": {
        "id": "T-SWORD",
        "name": "Sword",
        "type": "addition",
        "subtype": "resonator",
        "cost": {"attribute": {"R": 1}},
        "attributes": ["R"],
        "abilities": [{"kind": "continuous", "modify_atk": 200, "modify_def": 200}],
    },
    "T-STANDBY": {
        "id": "T-STANDBY",
        "name": "Ambush",
        "type": "spell",
        "subtype": "chant_standby",
        "cost": {"attribute": {"R": 1}},
        "trigger": "opponent_attacks",
        "trigger_cost": {"free": 0},
        "effects": [{"op": "deal_damage", "amount": 400, "target": {"kind": "chosen"}}],
    },
    "T-ENTER": {
        "id": "T-ENTER",
        "name": "Herald",
        "type": "resonator",
        "cost": {"attribute": {"R": 1}},
        "attributes": ["R"],
        "atk": 100,
        "def": 100,
        "abilities": [{"kind": "automatic", "trigger": "enter", "effects": [{"op": "draw", "count": 1}]}],
    },
    "T-TAPPER": {
        "id": "T-TAPPER",
        "name": "Tapper",
        "type": "resonator",
        "cost": {"attribute": {"R": 1}},
        "attributes": ["R"],
        "atk": 100,
        "def": 100,
        "abilities": [
            {
                "kind": "activate",
                "cost": {"rest": True},
                "effects": [{"op": "deal_damage", "amount": 100, "target": {"kind": "opponent"}}],
            }
        ],
    },
}
MAIN = {"T-SWORD": 4, "T-STANDBY": 4, "T-ENTER": 4, "T-TAPPER": 4, "T-BEAR": 4, "T-GROW": 4, "T-BOLT": 4}


def game(variant: str = "valhalla") -> GameState:
    state, _ = start_game(cards=catalog(EXTRA), decks=(deck(MAIN), deck(MAIN)), variant=variant)
    keep_hands(state)
    return state


def card(state: GameState, player: str, card_id: str, to: str | None = "hand") -> str:
    """A card of ``player`` still in the main deck (or lifebreak area), moved to ``to``."""
    oid = next(
        o.oid
        for o in state.objects.values()
        if o.owner == player and o.card == card_id and o.zone in ("main_deck", "lifebreak")
    )
    if to is not None:
        put(state, oid, to)
    return oid


def stones(state: GameState, player: str, n: int) -> list[str]:
    out = []
    for _ in range(n):
        oid = state.zones[player]["stone_deck"][-1]
        put(state, oid, "stone_area")
        out.append(oid)
    return out


def pay(*oids: str) -> list[dict[str, str]]:
    return [{"source": o} for o in oids]


def resolve(state: GameState) -> list[Any]:
    """Both players pass in succession."""
    events = run(state, cmd("Pass", state.pending.player))  # type: ignore[union-attr]
    events += run(state, cmd("Pass", state.pending.player))  # type: ignore[union-attr]
    return events


# --- 7.1 resonators, 6.3 p2 timing ---------------------------------------------------------


def test_resonators_are_played_only_in_the_main_phase() -> None:
    state = game()
    bear = card(state, "p1", "T-BEAR")
    (stone,) = stones(state, "p1", 1)
    refusal = rejected(state, cmd("PlayCard", "p1", card=bear, pay_with=pay(stone)))
    assert (refusal.code, refusal.rule) == ("rules/not_main_phase", "FoW-5.5 7.1 p1")


def test_resonators_need_an_empty_chase_area() -> None:
    state = game()
    to_main(state)
    bear = card(state, "p1", "T-BEAR")
    grow_target = card(state, "p1", "T-BEAR", to="field")
    grow = card(state, "p1", "T-GROW")
    s1, s2 = stones(state, "p1", 2)
    run(state, cmd("PlayCard", "p1", card=grow, targets=[grow_target], pay_with=pay(s1)))
    refusal = rejected(state, cmd("PlayCard", "p1", card=bear, pay_with=pay(s2)))
    assert (refusal.code, refusal.rule) == ("rules/chase_not_empty", "FoW-5.5 7.1 p1")


def test_only_the_turn_player_plays_resonators() -> None:
    state = game()
    to_main(state)
    run(state, cmd("Pass", "p1"))
    bear = card(state, "p2", "T-BEAR")
    (stone,) = stones(state, "p2", 1)
    refusal = rejected(state, cmd("PlayCard", "p2", card=bear, pay_with=pay(stone)))
    assert (refusal.code, refusal.rule) == ("rules/not_your_turn", "FoW-5.5 7.1 p1")


def test_chant_instants_are_played_with_priority_in_the_opponents_turn() -> None:
    state = game()
    to_main(state)
    target = card(state, "p1", "T-BEAR", to="field")
    run(state, cmd("Pass", "p1"))
    grow = card(state, "p2", "T-GROW")
    (stone,) = stones(state, "p2", 1)
    events = run(state, cmd("PlayCard", "p2", card=grow, targets=[target], pay_with=pay(stone)))
    assert find(events, "CardPlayed").rule == "FoW-5.5 7.7 p2"
    events = resolve(state)
    created = find(events, "ContinuousEffectCreated")
    assert created.data["targets"] == [target] and created.rule == "FoW-5.5 10.19 p3"
    assert find(events, "ChaseItemResolved").rule == "FoW-5.5 7.7 p3"
    assert state.objects[grow].zone == "graveyard"


# --- 10.2 paying will ---------------------------------------------------------------------


def test_a_cost_is_paid_in_full_or_not_at_all() -> None:
    state = game()
    to_main(state)
    bolt = card(state, "p1", "T-BOLT")
    refusal = rejected(state, cmd("PlayCard", "p1", card=bolt, targets=["p2"]))
    assert (refusal.code, refusal.rule) == ("rules/cannot_pay", "FoW-5.5 10.2 p4")
    assert "produced will is nothing" in refusal.message


def test_attribute_cost_needs_that_attribute() -> None:
    blue = {
        "T-BLUE": {
            "id": "T-BLUE",
            "name": "Blue Thing",
            "type": "resonator",
            "cost": {"attribute": {"U": 1}},
            "attributes": ["U"],
            "atk": 100,
            "def": 100,
        }
    }
    state, _ = start_game(cards=catalog({**EXTRA, **blue}), decks=(deck({**MAIN, "T-BLUE": 4}), deck(MAIN)))
    keep_hands(state)
    to_main(state)
    oid = card(state, "p1", "T-BLUE")
    (stone,) = stones(state, "p1", 1)
    refusal = rejected(state, cmd("PlayCard", "p1", card=oid, pay_with=pay(stone)))
    assert refusal.code == "rules/cannot_pay"
    assert not state.objects[stone].rested  # the rejected command changed nothing


def test_will_abilities_resolve_at_once_without_the_chase_and_will_ceases() -> None:
    state = game()
    to_main(state)
    (stone,) = stones(state, "p1", 1)
    events = run(state, cmd("ActivateAbility", "p1", source=stone, ability=0))
    assert types(events) == ["CardRested", "WillAbilityResolved", "WillProduced", "PriorityGiven"]
    assert find(events, "WillAbilityResolved").rule == "FoW-5.5 9.7 p3"
    assert not state.chase and state.players["p1"].will == ["R"]
    while state.turn == 1:
        events = run(state, cmd("Pass", state.pending.player))  # type: ignore[union-attr]
    assert find(events, "WillCeased").rule == "FoW-5.5 5.4 p5.3"
    assert state.players["p1"].will == []


def test_a_dual_stone_produces_the_chosen_attribute() -> None:
    state, _ = start_game(decks=(deck(stones={"T-DUAL": 4, "T-STONE": 6}), deck()))
    keep_hands(state)
    to_main(state)
    dual = next(o.oid for o in state.objects.values() if o.card == "T-DUAL")
    put(state, dual, "stone_area")
    refusal = rejected(state, cmd("ActivateAbility", "p1", source=dual, ability=0, choice="G"))
    assert refusal.code == "rules/will_choice"
    run(state, cmd("ActivateAbility", "p1", source=dual, ability=0, choice="U"))
    assert state.players["p1"].will == ["U"]


# --- 7.2 additions ------------------------------------------------------------------------


def test_an_addition_is_added_to_its_target_and_falls_off_when_the_target_leaves() -> None:
    state = game()
    to_main(state)
    bear = card(state, "p1", "T-BEAR", to="field")
    sword = card(state, "p1", "T-SWORD")
    (stone,) = stones(state, "p1", 1)
    refusal = rejected(state, cmd("PlayCard", "p1", card=sword, targets=["p2"], pay_with=pay(stone)))
    assert (refusal.code, refusal.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    run(state, cmd("PlayCard", "p1", card=sword, targets=[bear], pay_with=pay(stone)))
    events = resolve(state)
    assert find(events, "ChaseItemResolved").rule == "FoW-5.5 7.2 p4"
    assert state.objects[sword].attached_to == bear
    from domain.fow.characteristics import characteristics

    assert (characteristics(state, bear).atk, characteristics(state, bear).def_) == (700, 700)
    given(state, "CardMoved", oid=bear, card="T-BEAR", owner="p1", to="graveyard", reason="given", **{"from": "field"})
    events = run(state, cmd("Pass", "p1"))  # the next priority sequence performs rule processes
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.rule) == (sword, "graveyard", "FoW-5.5 13.3 p1")


# --- 7.6 / 7.9 chant-standby --------------------------------------------------------------


def test_put_into_chant_standby_costs_two_and_is_face_down() -> None:
    state = game()
    to_main(state)
    ambush = card(state, "p1", "T-STANDBY")
    s1, s2 = stones(state, "p1", 2)
    events = run(state, cmd("PutIntoStandby", "p1", card=ambush, pay_with=pay(s1, s2)))
    assert find(events, "WillPaid").data["will"] == ["R", "R"]
    moved = find(events, "CardMoved")
    assert moved.data["face_down"] is True and moved.rule == "FoW-5.5 7.6 p2"
    assert state.objects[ambush].zone == "standby"


def test_chant_standby_triggers_on_its_condition_but_not_in_the_turn_it_was_set() -> None:
    state = game()
    ambush = card(state, "p2", "T-STANDBY", to="standby")
    given(state, "TurnBegan", turn=2, player="p1")  # p2 set it in an earlier turn
    attacker = card(state, "p1", "T-BEAR", to="field")
    state.objects[ambush].standby_turn = 1
    state.objects[attacker].entered_turn = 1
    to_main(state)
    run(state, cmd("InitiateBattle", "p1"))
    resolve(state)
    resolve(state)  # declare attack step priority
    events = run(state, cmd("DeclareAttack", "p1", attacker=attacker, target="p2"))
    trig = find(events, "AbilityTriggered")
    assert trig.data["kind"] == "card" and trig.rule == "FoW-5.5 7.9 p2"
    assert state.pending is not None and state.pending.kind == "trigger" and state.pending.player == "p2"
    events = run(state, cmd("PlayTriggered", "p2", trigger=trig.data["trigger"], targets=[attacker]))
    assert find(events, "CardRevealed").data["oid"] == ambush
    events = resolve(state)
    assert find(events, "DamageDealt").data == {
        "source": ambush,
        "target": attacker,
        "amount": 400,
        "battle": False,
        "to_card": True,
    }


# --- 7.5 judgment, 7.11 calling a magic stone ---------------------------------------------


def test_calling_a_magic_stone_rests_the_ruler_once_per_turn() -> None:
    state = game()
    to_main(state)
    events = run(state, cmd("CallMagicStone", "p1"))
    assert find(events, "MagicStoneCalled").rule == "FoW-5.5 7.11 p1"
    assert len(state.zones["p1"]["stone_area"]) == 1
    ruler = state.zones["p1"]["ruler_area"][0]
    assert state.objects[ruler].rested
    given(state, "CardRecovered", oid=ruler)
    refusal = rejected(state, cmd("CallMagicStone", "p1"))
    assert (refusal.code, refusal.rule) == ("rules/stone_already_called", "FoW-5.5 7.11 p1")


def test_judgment_puts_the_j_ruler_into_the_field_once_per_turn_and_blocks_calling() -> None:
    state = game()
    to_main(state)
    s1, s2 = stones(state, "p1", 2)
    ruler = state.zones["p1"]["ruler_area"][0]
    events = run(state, cmd("PerformJudgment", "p1", pay_with=pay(s1, s2)))
    assert find(events, "JudgmentPerformed").rule == "FoW-5.5 7.5 p2"
    events = resolve(state)
    moved = find(events, "CardMoved")
    assert (moved.data["to"], moved.data["side"], moved.rule) == ("field", "j_ruler", "FoW-5.5 7.5 p3")
    assert state.card_of(ruler).name == "Test J-Ruler"
    refusal = rejected(state, cmd("PerformJudgment", "p1"))
    assert (refusal.code, refusal.rule) == ("rules/judgment_done", "FoW-5.5 7.5 p1")
    refusal = rejected(state, cmd("CallMagicStone", "p1"))
    assert (refusal.code, refusal.rule) == ("rules/called_after_judgment", "FoW-5.5 7.11 p1")


def test_judgment_needs_a_recovered_ruler() -> None:
    state = game()
    to_main(state)
    given(state, "CardRested", oid=state.zones["p1"]["ruler_area"][0])
    refusal = rejected(state, cmd("PerformJudgment", "p1"))
    assert (refusal.code, refusal.rule) == ("rules/ruler_rested", "FoW-5.5 7.5 p1")


# --- 7.8 activate abilities, 9.5 -------------------------------------------------------------


def test_rest_abilities_wait_until_the_resonator_was_there_since_the_turn_began() -> None:
    state = game()
    to_main(state)
    tapper = card(state, "p1", "T-TAPPER", to="field")
    refusal = rejected(state, cmd("ActivateAbility", "p1", source=tapper, ability=0))
    assert (refusal.code, refusal.rule) == ("rules/summoning_sickness", "FoW-5.5 9.5 p3")
    state.objects[tapper].entered_turn = 0
    events = run(state, cmd("ActivateAbility", "p1", source=tapper, ability=0))
    assert find(events, "AbilityPlayed").rule == "FoW-5.5 7.8 p2"
    events = resolve(state)
    assert find(events, "LifeChanged").data["life"] == 3900


# --- 7.10 lifebreak ---------------------------------------------------------------------------


def test_lifebreak_threshold_and_bifrost() -> None:
    state = game()
    assert state.players["p1"].life == 4000 and len(state.zones["p1"]["lifebreak"]) == 4
    events = run(state, cmd("Lifebreak", "p1"))  # 4 > (4000-1)//1000 = 3
    assert find(events, "LifebreakPerformed").rule == "FoW-5.5 7.10 p1"
    refusal = rejected(state, cmd("Lifebreak", "p1"))  # 3 > 3 is false
    assert (refusal.code, refusal.rule) == ("rules/lifebreak_threshold", "FoW-5.5 7.10 p1")
    bifrost = game("bifrost")
    refusal = rejected(bifrost, cmd("Lifebreak", "p1"))
    assert (refusal.code, refusal.rule) == ("rules/valhalla_only", "FoW-5.5 7.10 p1")


# --- 6.2 / 9.6 automatic abilities -------------------------------------------------------------


def test_enter_abilities_trigger_when_played_from_hand_and_are_played_automatically() -> None:
    state = game()
    to_main(state)
    herald = card(state, "p1", "T-ENTER")
    (stone,) = stones(state, "p1", 1)
    run(state, cmd("PlayCard", "p1", card=herald, pay_with=pay(stone)))
    events = resolve(state)
    trig = find(events, "AbilityTriggered")
    assert trig.data["source"] == herald and trig.rule == "FoW-5.5 9.6 p5"
    played = find(events, "AbilityPlayed")
    assert played.data["trigger"] == trig.data["trigger"]
    hand_before = len(state.zones["p1"]["hand"])
    resolve(state)
    assert len(state.zones["p1"]["hand"]) == hand_before + 1


def test_the_turn_player_orders_two_simultaneous_triggers() -> None:
    state = game()
    to_main(state)
    h1 = card(state, "p1", "T-ENTER", to="field")
    h2 = card(state, "p1", "T-ENTER", to="field")
    from domain.fow import actions
    from domain.fow.context import Ctx

    ctx = Ctx(state, "given")
    actions.check_triggers(ctx, "enter", "given", oid=h1)
    actions.check_triggers(ctx, "enter", "given", oid=h2)
    events = run(state, cmd("Pass", "p1"))
    assert state.pending is not None and state.pending.kind == "trigger"
    requested = find(events, "ChoiceRequested")
    assert requested.rule == "FoW-5.5 6.2 p2" and len(requested.data["options"]["triggers"]) == 2


def test_concede_ends_the_game_for_the_opponent() -> None:
    state = game()
    events = run(state, cmd("Concede", "p2"))
    assert find(events, "GameEnded").data == {"winner": "p1", "result": "win"}
    assert find(events, "PlayerLost").rule == "FoW-5.5 1.3 p4"
    refusal = rejected(state, cmd("Pass", "p1"))
    assert refusal.code == "game/finished"


def test_a_card_leaving_the_field_records_its_last_known_information() -> None:
    """FoW-5.5 9.11: information of the card in its former zone is referred to."""
    state = game()
    to_main(state)
    bear = card(state, "p1", "T-BEAR", to="field")
    grow = card(state, "p1", "T-GROW")
    bolt = card(state, "p1", "T-BOLT")
    s1, s2 = stones(state, "p1", 2)
    run(state, cmd("PlayCard", "p1", card=grow, targets=[bear], pay_with=pay(s1)))
    resolve(state)
    run(state, cmd("PlayCard", "p1", card=bolt, targets=[bear], pay_with=pay(s2)))
    events = resolve(state)
    assert find(events, "DamageDealt").data["amount"] == 500  # 500 < DEF 700: not destroyed
    assert state.objects[bear].zone == "field"
    given(state, "DamageDealt", source=bolt, target=bear, amount=200, battle=False, to_card=True)
    events = run(state, cmd("Pass", "p1"))
    moved = find(events, "CardMoved")
    assert moved.rule == "FoW-5.5 13.2 p1"
    assert moved.data["last_known"] == {"controller": "p1", "atk": 700, "def": 700, "skills": [], "damage": 700}
    assert state.objects[bear].last_known is not None


def test_effects_can_target_magic_stones_in_the_magic_stone_area() -> None:
    """A "destroy target magic stone" chant (FoW-5.5 3.7 p4, 10.9 p1)."""
    quake = {
        "T-QUAKE": {
            "id": "T-QUAKE",
            "name": "Quake",
            "type": "spell",
            "subtype": "chant",
            "cost": {"attribute": {"R": 1}},
            "attributes": ["R"],
            "effects": [
                {
                    "op": "destroy",
                    "target": {"kind": "chosen", "filter": {"zone": "magic_stone_area", "types": ["magic_stone"]}},
                }
            ],
        }
    }
    state, _ = start_game(cards=catalog({**EXTRA, **quake}), decks=(deck({**MAIN, "T-QUAKE": 4}), deck(MAIN)))
    keep_hands(state)
    to_main(state)
    theirs = stones(state, "p2", 1)[0]
    (mine,) = stones(state, "p1", 1)
    spell = card(state, "p1", "T-QUAKE")
    run(state, cmd("PlayCard", "p1", card=spell, targets=[theirs], pay_with=pay(mine)))
    events = resolve(state)
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.rule) == (theirs, "graveyard", "FoW-5.5 10.9 p1")
