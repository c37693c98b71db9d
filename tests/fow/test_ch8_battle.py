"""FoW-5.5 8 (battle), the symbol skills that act in battle (11.1-11.7) and forced attacks
(7.12 p2), as "given events / when command / then events or rejection" specifications.

The helpers at the top build "given" positions from synthetic events (``CardMoved``,
``WillProduced``, ...) applied with ``apply_event``; the other FoW spec files reuse them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.fow.characteristics import characteristics
from domain.fow.state import GameState, apply_event
from domain.kernel import Event
from tests.fow.support import catalog, cmd, deck, find, rejected, run, start_game, types

BASE_MAIN = {"T-BEAR": 4, "T-WALL": 4, "T-BOLT": 4, "T-GROW": 4, "T-BIRD": 4, "T-FAST": 4}


def game(extra: Mapping[str, dict[str, Any]] | None = None, variant: str = "valhalla") -> GameState:
    """A started game (p1 first) whose decks hold four of every ``extra`` card; hands kept."""
    extra = extra or {}
    sides = {c.get("other_side") for c in extra.values()}  # future sides are not separate cards
    main = {**BASE_MAIN, **{cid: 4 for cid, c in extra.items() if c["type"] not in ("ruler", "j_ruler")}}
    main = {cid: n for cid, n in main.items() if cid not in sides}
    state, _ = start_game(cards=catalog(extra), decks=(deck(main), deck(main)), variant=variant)
    run(state, cmd("ChangeHand", "p1", cards=[]))
    run(state, cmd("ChangeHand", "p2", cards=[]))
    return state


def given(state: GameState, type_: str, rule: str = "FoW-5.5 4.2 p6", **data: Any) -> None:
    """Given: a synthetic event applied to the state (it is not produced by ``decide``)."""
    apply_event(state, Event(seq=state.seq + 1, type=type_, data=data, rule=rule, cause="given"))


def put(state: GameState, oid: str, to: str, *, controller: str | None = None, **extra: Any) -> str:
    obj = state.objects[oid]
    data = {"oid": oid, "card": obj.card, "from": obj.zone, "to": to, "reason": "given", "owner": obj.owner}
    data["controller"] = controller or obj.owner
    given(state, "CardMoved", **data, **extra)
    return oid


def card(state: GameState, player: str, card_id: str, to: str = "hand", **extra: Any) -> str:
    """One of ``player``'s copies of ``card_id`` still in the main deck or lifebreak area, moved to ``to``."""
    oid = next(
        o.oid
        for o in state.objects.values()
        if o.owner == player and o.card == card_id and o.zone in ("main_deck", "lifebreak")
    )
    return put(state, oid, to, **extra)


def will(state: GameState, player: str, *attributes: str) -> None:
    given(state, "WillProduced", rule=f"{state.ruleset} 9.7 p4", player=player, will=list(attributes), source="given")


def pass_until(state: GameState, done: Callable[[GameState], bool], limit: int = 200) -> list[Event]:
    """Both players pass priority until ``done`` holds."""
    events: list[Event] = []
    for _ in range(limit):
        if done(state):
            return events
        assert state.pending is not None and state.pending.kind == "priority", state.pending
        events += run(state, cmd("Pass", state.pending.player))
    raise AssertionError("the position was never reached")


def to_main(state: GameState, turn: int | None = None) -> list[Event]:
    """Pass to the main phase of ``turn`` (default: the current turn), with priority to its player."""
    want = state.turn if turn is None else turn
    return pass_until(
        state,
        lambda s: (
            s.turn == want
            and (s.phase, s.step) == ("main", "main")
            and s.pending is not None
            and s.pending.player == s.turn_player
            and not s.chase
        ),
    )


def resolve(state: GameState) -> list[Event]:
    """Both players pass in succession (the top of the chase area resolves)."""
    events = run(state, cmd("Pass", state.pending.player))  # type: ignore[union-attr]
    events += run(state, cmd("Pass", state.pending.player))  # type: ignore[union-attr]
    return events


def to_attack_choice(state: GameState) -> list[Event]:
    """From p1's main phase: initiate a battle and pass to the attack declaration."""
    events = run(state, cmd("InitiateBattle", state.turn_player))
    return events + pass_until(state, lambda s: s.pending is not None and s.pending.kind == "declare_attack")


def to_block_choice(state: GameState) -> list[Event]:
    return pass_until(state, lambda s: s.pending is not None and s.pending.kind == "declare_block")


def atk_def(state: GameState, oid: str) -> tuple[int | None, int | None]:
    chars = characteristics(state, oid)
    return chars.atk, chars.def_


def ready(extra: Mapping[str, dict[str, Any]] | None = None, **field: str) -> tuple[GameState, dict[str, str]]:
    """Turn 3 (p1's second turn), main phase.  ``field`` maps a name to "p1:CARD-ID" or
    "p2:CARD-ID"; those cards were put into the fields during turn 1, so p1 has controlled
    its own since the beginning of this turn."""
    state = game(extra)
    oids = {}
    for name, spec in field.items():
        player, card_id = spec.split(":")
        oids[name] = card(state, player, card_id, to="field")
    to_main(state, turn=3)
    return state, oids


EXTRA: dict[str, dict[str, Any]] = {
    "T-ZAP": {
        "id": "T-ZAP",
        "name": "Zap",
        "type": "spell",
        "subtype": "chant_instant",
        "cost": {"attribute": {"R": 1}},
        "attributes": ["R"],
        "effects": [{"op": "deal_damage", "amount": 1000, "target": {"kind": "chosen"}}],
    },
    "T-SNIPER": {
        "id": "T-SNIPER",
        "name": "Sniper",
        "type": "resonator",
        "cost": {"attribute": {"R": 1}},
        "attributes": ["R"],
        "atk": 300,
        "def": 300,
        "skills": ["target_attack"],
    },
    "T-FENCER": {
        "id": "T-FENCER",
        "name": "Fencer",
        "type": "resonator",
        "cost": {"attribute": {"R": 1}},
        "attributes": ["R"],
        "atk": 600,
        "def": 300,
        "skills": ["first_strike"],
    },
    "T-SPARK": {
        "id": "T-SPARK",
        "name": "Spark",
        "type": "resonator",
        "cost": {"attribute": {"R": 1}},
        "attributes": ["R"],
        "atk": 0,
        "def": 500,
        "skills": ["first_strike"],
    },
    "T-LANCER": {
        "id": "T-LANCER",
        "name": "Lancer",
        "type": "resonator",
        "cost": {"attribute": {"R": 1}},
        "attributes": ["R"],
        "atk": 800,
        "def": 800,
        "skills": ["pierce"],
    },
    "T-BOMB": {
        "id": "T-BOMB",
        "name": "Bomb",
        "type": "resonator",
        "cost": {"attribute": {"R": 1}},
        "attributes": ["R"],
        "atk": 100,
        "def": 1500,
        "skills": ["explode"],
    },
    "T-BERSERK": {
        "id": "T-BERSERK",
        "name": "Berserker",
        "type": "resonator",
        "cost": {"attribute": {"R": 1}},
        "attributes": ["R"],
        "atk": 700,
        "def": 700,
        "abilities": [
            {"kind": "continuous", "text": "This card attacks each turn if able.", "rules": {"must_attack": True}}
        ],
    },
    "T-PACIFIST": {
        "id": "T-PACIFIST",
        "name": "Pacifist",
        "type": "resonator",
        "cost": {"attribute": {"R": 1}},
        "attributes": ["R"],
        "atk": 500,
        "def": 500,
        "abilities": [{"kind": "continuous", "rules": {"cannot_attack": True, "cannot_block": True}}],
    },
    "T-RUSH": {
        "id": "T-RUSH",
        "name": "Battle Rush",
        "type": "spell",
        "subtype": "chant_instant",
        "cost": {"attribute": {"R": 1}},
        "attributes": ["R"],
        "effects": [
            {"op": "modify", "atk": 300, "def": 0, "target": {"kind": "chosen"}, "duration": "end_of_battle"},
        ],
    },
}


# --- 7.4 / 8.1 initiating a battle ------------------------------------------------------------


def test_a_battle_is_initiated_in_the_main_phase_and_begins_with_the_beginning_of_battle_step() -> None:
    state, _ = ready()
    events = run(state, cmd("InitiateBattle", "p1"))
    assert types(events) == ["BattleBegan", "StepBegan", "PriorityGiven"]
    assert find(events, "BattleBegan").rule == "FoW-5.5 7.4 p1"
    step = find(events, "StepBegan")
    assert (step.data, step.rule) == ({"phase": "main", "step": "battle_begin"}, "FoW-5.5 8.1 p1")
    assert find(events, "PriorityGiven").data == {"player": "p1"}
    assert not state.chase  # initiating battle doesn't use the chase area (7.4 p2)
    events = resolve(state)
    step = find(events, "StepBegan")
    assert (step.data["step"], step.rule) == ("declare_attack", "FoW-5.5 8.2 p1")
    events = resolve(state)
    asked = find(events, "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p1", "declare_attack", "FoW-5.5 8.2 p3")


def test_a_battle_cannot_be_initiated_outside_the_main_phase() -> None:
    state = game()
    assert (state.phase, state.step) == ("draw", "begin")
    refusal = rejected(state, cmd("InitiateBattle", "p1"))
    assert (refusal.code, refusal.rule) == ("rules/not_main_phase", "FoW-5.5 7.4 p1")


def test_only_the_turn_player_initiates_a_battle() -> None:
    state, _ = ready()
    run(state, cmd("Pass", "p1"))
    assert state.pending is not None and state.pending.player == "p2"
    refusal = rejected(state, cmd("InitiateBattle", "p2"))
    assert (refusal.code, refusal.rule) == ("rules/not_your_turn", "FoW-5.5 7.4 p1")


def test_a_battle_cannot_be_initiated_with_a_card_in_the_chase_area() -> None:
    state, f = ready(bear="p1:T-BEAR")
    grow = card(state, "p1", "T-GROW")
    will(state, "p1", "R")
    run(state, cmd("PlayCard", "p1", card=grow, targets=[f["bear"]]))
    refusal = rejected(state, cmd("InitiateBattle", "p1"))
    assert (refusal.code, refusal.rule) == ("rules/chase_not_empty", "FoW-5.5 7.4 p1")


def test_a_battle_cannot_be_initiated_during_a_battle() -> None:
    state, _ = ready()
    run(state, cmd("InitiateBattle", "p1"))
    refusal = rejected(state, cmd("InitiateBattle", "p1"))
    assert (refusal.code, refusal.rule) == ("rules/in_battle", "FoW-5.5 7.4 p1")


# --- 8.2 declaring an attack ------------------------------------------------------------------


def test_declaring_an_attack_rests_the_attacker_and_opens_the_attack_declared_step() -> None:
    state, f = ready(bear="p1:T-BEAR")
    to_attack_choice(state)
    events = run(state, cmd("DeclareAttack", "p1", attacker=f["bear"], target="p2"))
    assert types(events) == ["AttackDeclared", "CardRested", "StepBegan", "PriorityGiven"]
    declared = find(events, "AttackDeclared")
    assert (declared.data, declared.rule, declared.actor) == (
        {"attacker": f["bear"], "target": "p2"},
        "FoW-5.5 8.2 p3",
        "p1",
    )
    rested = find(events, "CardRested")
    assert (rested.data, rested.rule) == ({"oid": f["bear"], "reason": "attack"}, "FoW-5.5 8.2 p5")
    assert (find(events, "StepBegan").data["step"], find(events, "StepBegan").rule) == (
        "attack_declared",
        "FoW-5.5 8.2 p7",
    )
    assert state.battle is not None and state.battle.attacker == f["bear"]


def test_a_resonator_put_into_the_field_this_turn_cannot_attack() -> None:
    state, _ = ready()
    fresh = card(state, "p1", "T-BEAR", to="field")
    to_attack_choice(state)
    refusal = rejected(state, cmd("DeclareAttack", "p1", attacker=fresh, target="p2"))
    assert (refusal.code, refusal.rule) == ("rules/cannot_attack", "FoW-5.5 8.2 p3.1")
    assert (
        "has not been under your control since the beginning of the turn" in refusal.message
    )  # about that condition only


def test_swiftness_lets_a_resonator_attack_the_turn_it_is_put_into_the_field() -> None:
    """11.6 p1: [Swiftness] lifts 8.2 p3.1 for the turn the resonator is put into the field."""
    state, _ = ready()
    fast = card(state, "p1", "T-FAST", to="field")
    to_attack_choice(state)
    events = run(state, cmd("DeclareAttack", "p1", attacker=fast, target="p2"))
    assert find(events, "AttackDeclared").data == {"attacker": fast, "target": "p2"}


def test_a_rested_resonator_cannot_attack() -> None:
    state, f = ready(bear="p1:T-BEAR")
    given(state, "CardRested", oid=f["bear"])
    to_attack_choice(state)
    refusal = rejected(state, cmd("DeclareAttack", "p1", attacker=f["bear"], target="p2"))
    assert (refusal.code, refusal.rule) == ("rules/cannot_attack", "FoW-5.5 8.2 p3.1")
    assert "is rested" in refusal.message  # about that condition only


def test_the_opponents_resonator_cannot_be_the_attacker() -> None:
    state, f = ready(theirs="p2:T-BEAR")
    to_attack_choice(state)
    refusal = rejected(state, cmd("DeclareAttack", "p1", attacker=f["theirs"], target="p2"))
    assert (refusal.code, refusal.rule) == ("rules/cannot_attack", "FoW-5.5 8.2 p3.1")
    assert "is not a J/resonator in a field under your control" in refusal.message  # about that condition only


def test_a_j_ruler_can_attack_the_turn_its_ruler_did_judgment() -> None:
    """The ruler has been controlled in the ruler area since the beginning of the turn and a
    move from playground to playground keeps it the same card (3.1 p3), so the J-ruler fulfils
    8.2 p3.1; only its [Rest] abilities wait for a turn in the field (9.5 p4)."""
    state, _ = ready()
    ruler = state.zones["p1"]["ruler_area"][0]
    will(state, "p1", "R", "R")
    run(state, cmd("PerformJudgment", "p1"))
    resolve(state)
    assert state.objects[ruler].zone == "field" and state.objects[ruler].side == "j_ruler"
    to_attack_choice(state)
    events = run(state, cmd("DeclareAttack", "p1", attacker=ruler, target="p2"))
    assert find(events, "AttackDeclared").data == {"attacker": ruler, "target": "p2"}


def test_the_attacked_object_is_the_opponent_or_a_rested_j_resonator_of_theirs() -> None:
    state, f = ready(bear="p1:T-BEAR", mine="p1:T-WALL", up="p2:T-WALL", down="p2:T-WALL")
    given(state, "CardRested", oid=f["down"])
    given(state, "CardRested", oid=f["mine"])
    to_attack_choice(state)
    for target in (f["up"], f["mine"], "p1", "nobody"):
        refusal = rejected(state, cmd("DeclareAttack", "p1", attacker=f["bear"], target=target))
        assert (refusal.code, refusal.rule) == ("rules/illegal_attack_target", "FoW-5.5 8.2 p3.2"), target
    events = run(state, cmd("DeclareAttack", "p1", attacker=f["bear"], target=f["down"]))
    assert find(events, "AttackDeclared").data == {"attacker": f["bear"], "target": f["down"]}


def test_target_attack_lets_a_resonator_attack_a_recovered_j_resonator() -> None:
    """11.2 p1: [Target Attack] lets it attack a recovered J/resonator; one without it may not."""
    state, f = ready(EXTRA, sniper="p1:T-SNIPER", bear="p1:T-BEAR", up="p2:T-WALL")
    to_attack_choice(state)
    refusal = rejected(state, cmd("DeclareAttack", "p1", attacker=f["bear"], target=f["up"]))
    assert (refusal.code, refusal.rule) == ("rules/illegal_attack_target", "FoW-5.5 8.2 p3.2")
    events = run(state, cmd("DeclareAttack", "p1", attacker=f["sniper"], target=f["up"]))
    assert find(events, "AttackDeclared").data == {"attacker": f["sniper"], "target": f["up"]}


def test_forfeiting_goes_to_the_end_of_battle_and_forbids_another_battle_this_turn() -> None:
    state, _ = ready()
    to_attack_choice(state)
    events = run(state, cmd("ForfeitAttack", "p1"))
    forfeited = find(events, "AttackForfeited")
    assert (forfeited.data, forfeited.rule) == ({"player": "p1", "no_more_battle": True}, "FoW-5.5 8.2 p3")
    step = find(events, "StepBegan")
    assert (step.data["step"], step.rule) == ("end_of_battle", "FoW-5.5 8.6 p1")
    events = resolve(state)
    assert types(events)[-3:] == ["BattleEnded", "StepBegan", "PriorityGiven"]
    assert find(events, "BattleEnded").rule == "FoW-5.5 8.6 p4"
    assert (state.phase, state.step, state.battle) == ("main", "main", None)
    refusal = rejected(state, cmd("InitiateBattle", "p1"))
    assert (refusal.code, refusal.rule) == ("rules/no_more_battle", "FoW-5.5 8.2 p6")


def test_after_a_forfeit_the_opponent_responded_to_another_battle_may_begin() -> None:
    state, f = ready(EXTRA, bear="p1:T-BEAR")
    run(state, cmd("InitiateBattle", "p1"))
    run(state, cmd("Pass", "p1"))
    zap = card(state, "p2", "T-ZAP")
    will(state, "p2", "R")
    run(state, cmd("PlayCard", "p2", card=zap, targets=[f["bear"]]))  # the opponent plays a spell
    resolve(state)
    pass_until(state, lambda s: s.pending is not None and s.pending.kind == "declare_attack")
    events = run(state, cmd("ForfeitAttack", "p1"))
    assert find(events, "AttackForfeited").data == {"player": "p1", "no_more_battle": False}
    pass_until(state, lambda s: s.battle is None)
    events = run(state, cmd("InitiateBattle", "p1"))
    assert find(events, "BattleBegan").rule == "FoW-5.5 7.4 p1"


def test_with_no_possible_attacker_the_turn_player_can_only_forfeit() -> None:
    from domain.fow import engine

    state, _ = ready()
    to_attack_choice(state)
    assert [c.type for c in engine.legal_actions(state, "p1")] == ["ForfeitAttack", "Concede"]


def test_card_text_that_forbids_attacking_or_blocking_takes_precedence() -> None:
    """1.4 p1: the card text wins over the rules that would allow the attack or the block."""
    state, f = ready(EXTRA, mine="p1:T-PACIFIST", bear="p1:T-BEAR", theirs="p2:T-PACIFIST")
    to_attack_choice(state)
    refusal = rejected(state, cmd("DeclareAttack", "p1", attacker=f["mine"], target="p2"))
    assert (refusal.code, refusal.rule) == ("rules/cannot_attack", "FoW-5.5 1.4 p1")
    assert refusal.message.endswith("cannot attack: its text (or an effect) says so")
    run(state, cmd("DeclareAttack", "p1", attacker=f["bear"], target="p2"))
    to_block_choice(state)
    refusal = rejected(state, cmd("DeclareBlock", "p2", blocker=f["theirs"]))
    assert (refusal.code, refusal.rule) == ("rules/cannot_block", "FoW-5.5 1.4 p1")
    assert "its text" in refusal.message and "recovered" not in refusal.message


# --- 7.12 p2 / 8.2 p3 forced attacks ----------------------------------------------------------


def test_a_player_who_must_attack_may_not_pass_in_the_main_phase() -> None:
    state, f = ready(EXTRA, berserk="p1:T-BERSERK", bear="p1:T-BEAR")
    refusal = rejected(state, cmd("Pass", "p1"))
    assert (refusal.code, refusal.rule) == ("rules/must_attack", "FoW-5.5 7.12 p2")
    to_attack_choice(state)
    refusal = rejected(state, cmd("ForfeitAttack", "p1"))
    assert (refusal.code, refusal.rule) == ("rules/must_attack", "FoW-5.5 8.2 p3")
    refusal = rejected(state, cmd("DeclareAttack", "p1", attacker=f["bear"], target="p2"))
    assert (refusal.code, refusal.rule) == ("rules/must_attack", "FoW-5.5 8.2 p3.1")
    events = run(state, cmd("DeclareAttack", "p1", attacker=f["berserk"], target="p2"))
    assert find(events, "AttackDeclared").data == {"attacker": f["berserk"], "target": "p2"}


def test_a_forced_attacker_that_cannot_attack_legally_does_not_stop_a_pass() -> None:
    """7.12 p2.1/p2.2: only a J/resonator that can attack legally forces the attack."""
    state, f = ready(EXTRA, berserk="p1:T-BERSERK")
    given(state, "CardRested", oid=f["berserk"])
    events = run(state, cmd("Pass", "p1"))
    assert find(events, "PriorityPassed").rule == "FoW-5.5 7.12 p1"
    state, _ = ready(EXTRA)
    card(state, "p1", "T-BERSERK", to="field")  # not controlled since the beginning of the turn
    events = run(state, cmd("Pass", "p1"))
    assert find(events, "PriorityPassed").data == {"player": "p1"}


def test_after_a_forfeit_that_ends_battles_a_forced_attacker_no_longer_stops_a_pass() -> None:
    """8.2 p6: no more battle this turn, so nothing can attack legally (7.12 p2)."""
    state, f = ready(EXTRA, berserk="p1:T-BERSERK")
    given(state, "CardRested", oid=f["berserk"])
    to_attack_choice(state)
    run(state, cmd("ForfeitAttack", "p1"))
    pass_until(state, lambda s: s.battle is None)
    given(state, "CardRecovered", oid=f["berserk"])  # e.g. an effect recovers it
    refusal = rejected(state, cmd("InitiateBattle", "p1"))
    assert (refusal.code, refusal.rule) == ("rules/no_more_battle", "FoW-5.5 8.2 p6")
    events = run(state, cmd("Pass", "p1"))
    assert find(events, "PriorityPassed").data == {"player": "p1"}


def test_a_player_who_must_attack_may_pass_while_the_chase_area_is_not_empty() -> None:
    state, f = ready(EXTRA, berserk="p1:T-BERSERK")
    grow = card(state, "p1", "T-GROW")
    will(state, "p1", "R")
    run(state, cmd("PlayCard", "p1", card=grow, targets=[f["berserk"]]))
    events = run(state, cmd("Pass", "p1"))  # not main timing: the chase area is not empty
    events += run(state, cmd("Pass", "p2"))
    assert find(events, "ChaseItemResolved").rule == "FoW-5.5 7.7 p3"


# --- 8.3 blocking -------------------------------------------------------------------------------


def test_blocking_rests_the_blocker_and_opens_the_block_declared_step() -> None:
    state, f = ready(bear="p1:T-BEAR", wall="p2:T-WALL")
    to_attack_choice(state)
    run(state, cmd("DeclareAttack", "p1", attacker=f["bear"], target="p2"))
    events = to_block_choice(state)
    asked = find(events, "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p2", "declare_block", "FoW-5.5 8.3 p3")
    refusal = rejected(state, cmd("DeclareBlock", "p1", blocker=f["wall"]))
    assert (refusal.code, refusal.rule) == ("rules/not_your_decision", "FoW-5.5 6.1 p1.3")
    events = run(state, cmd("DeclareBlock", "p2", blocker=f["wall"]))
    assert types(events) == ["CardRested", "BlockDeclared", "StepBegan", "PriorityGiven"]
    assert (find(events, "CardRested").data, find(events, "CardRested").rule) == (
        {"oid": f["wall"], "reason": "block"},
        "FoW-5.5 8.3 p4",
    )
    blocked = find(events, "BlockDeclared")
    assert (blocked.data, blocked.rule, blocked.actor) == ({"blocker": f["wall"]}, "FoW-5.5 8.3 p4", "p2")
    step = find(events, "StepBegan")
    assert (step.data["step"], step.rule) == ("block_declared", "FoW-5.5 8.3 p6")
    assert state.pending is not None and state.pending.player == "p1"  # the turn player gains priority


def test_a_rested_j_resonator_cannot_block() -> None:
    state, f = ready(bear="p1:T-BEAR", wall="p2:T-WALL")
    given(state, "CardRested", oid=f["wall"])
    to_attack_choice(state)
    run(state, cmd("DeclareAttack", "p1", attacker=f["bear"], target="p2"))
    to_block_choice(state)
    refusal = rejected(state, cmd("DeclareBlock", "p2", blocker=f["wall"]))
    assert (refusal.code, refusal.rule) == ("rules/blocker_rested", "FoW-5.5 8.3 p3")
    assert "rested" in refusal.message and "Flying" not in refusal.message


def test_the_attacked_j_resonator_cannot_block_its_own_attacker() -> None:
    state, f = ready(EXTRA, sniper="p1:T-SNIPER", wall="p2:T-WALL")
    to_attack_choice(state)
    run(state, cmd("DeclareAttack", "p1", attacker=f["sniper"], target=f["wall"]))
    to_block_choice(state)
    refusal = rejected(state, cmd("DeclareBlock", "p2", blocker=f["wall"]))
    assert (refusal.code, refusal.rule) == ("rules/blocker_is_attacked", "FoW-5.5 8.3 p4")
    assert "attacked object" in refusal.message and "recovered" not in refusal.message


def test_only_a_flying_j_resonator_blocks_a_flying_attacker() -> None:
    state, f = ready(bird="p1:T-BIRD", wall="p2:T-WALL", bird2="p2:T-BIRD")
    to_attack_choice(state)
    run(state, cmd("DeclareAttack", "p1", attacker=f["bird"], target="p2"))
    to_block_choice(state)
    refusal = rejected(state, cmd("DeclareBlock", "p2", blocker=f["wall"]))
    assert (refusal.code, refusal.rule) == ("rules/blocker_lacks_flying", "FoW-5.5 11.5 p1")
    assert "[Flying]" in refusal.message and "recovered" not in refusal.message
    events = run(state, cmd("DeclareBlock", "p2", blocker=f["bird2"]))
    assert find(events, "BlockDeclared").data == {"blocker": f["bird2"]}


def test_a_card_in_hand_cannot_block() -> None:
    """FoW-5.5 8.3 p4: the blocker is a J/resonator in a field (the refusal names that condition only)."""
    state, f = ready(bear="p1:T-BEAR")
    wall = card(state, "p2", "T-WALL")
    to_attack_choice(state)
    run(state, cmd("DeclareAttack", "p1", attacker=f["bear"], target="p2"))
    to_block_choice(state)
    refusal = rejected(state, cmd("DeclareBlock", "p2", blocker=wall))
    assert (refusal.code, refusal.rule) == ("rules/blocker_not_on_field", "FoW-5.5 8.3 p4")
    assert "not in a field" in refusal.message and "Flying" not in refusal.message


def test_the_turn_players_own_j_resonator_cannot_block() -> None:
    """FoW-5.5 8.3 p3: the non-turn player blocks with a J/resonator they control."""
    state, f = ready(bear="p1:T-BEAR", mine="p1:T-WALL")
    to_attack_choice(state)
    run(state, cmd("DeclareAttack", "p1", attacker=f["bear"], target="p2"))
    to_block_choice(state)
    refusal = rejected(state, cmd("DeclareBlock", "p2", blocker=f["mine"]))
    assert (refusal.code, refusal.rule) == ("rules/blocker_not_yours", "FoW-5.5 8.3 p3")
    assert "non-turn player" in refusal.message and "rested" not in refusal.message


def test_a_magic_stone_cannot_block() -> None:
    """FoW-5.5 8.3 p4: only a J/resonator with ATK and DEF blocks."""
    state, f = ready(bear="p1:T-BEAR")
    stone = next(o.oid for o in state.objects.values() if o.owner == "p2" and o.card == "T-STONE")
    put(state, stone, "field")
    to_attack_choice(state)
    run(state, cmd("DeclareAttack", "p1", attacker=f["bear"], target="p2"))
    to_block_choice(state)
    refusal = rejected(state, cmd("DeclareBlock", "p2", blocker=stone))
    assert (refusal.code, refusal.rule) == ("rules/blocker_not_j_resonator", "FoW-5.5 8.3 p4")
    assert "ATK and DEF" in refusal.message and "rested" not in refusal.message


def test_a_flying_j_resonator_may_block_one_without_flying() -> None:
    state, f = ready(bear="p1:T-BEAR", bird="p2:T-BIRD")
    to_attack_choice(state)
    run(state, cmd("DeclareAttack", "p1", attacker=f["bear"], target="p2"))
    to_block_choice(state)
    events = run(state, cmd("DeclareBlock", "p2", blocker=f["bird"]))
    assert find(events, "BlockDeclared").data == {"blocker": f["bird"]}


def test_declining_to_block() -> None:
    state, f = ready(bear="p1:T-BEAR", wall="p2:T-WALL")
    to_attack_choice(state)
    run(state, cmd("DeclareAttack", "p1", attacker=f["bear"], target="p2"))
    to_block_choice(state)
    events = run(state, cmd("DeclineBlock", "p2"))
    declined = find(events, "BlockDeclined")
    assert (declined.data, declined.rule) == ({"player": "p2"}, "FoW-5.5 8.3 p3")
    assert state.battle is not None and state.battle.blocker is None
    assert not state.objects[f["wall"]].rested


# --- 8.5 normal battle damage ---------------------------------------------------------------------


def attack(state: GameState, attacker: str, target: str, blocker: str | None = None) -> list[Event]:
    """Declare the attack and the block (or no block); returns the events up to the
    block-declared step."""
    events = to_attack_choice(state)
    events += run(state, cmd("DeclareAttack", "p1", attacker=attacker, target=target))
    events += to_block_choice(state)
    if blocker is None:
        events += run(state, cmd("DeclineBlock", "p2"))
    else:
        events += run(state, cmd("DeclareBlock", "p2", blocker=blocker))
    return events


def to_end_of_battle(state: GameState) -> list[Event]:
    return pass_until(state, lambda s: s.step == "end_of_battle")


def test_an_unblocked_attacker_deals_damage_equal_to_its_atk_to_the_attacked_player() -> None:
    state, f = ready(bear="p1:T-BEAR")
    declared = find(attack(state, f["bear"], "p2"), "AttackDeclared")
    events = to_end_of_battle(state)
    steps = [e.data["step"] for e in events if e.type == "StepBegan"]
    assert steps == ["first_strike", "normal_damage", "end_of_battle"]
    dealt = find(events, "DamageDealt")
    assert (dealt.data, dealt.rule) == (
        {"source": f["bear"], "target": "p2", "amount": 500, "battle": True, "to_card": False},
        "FoW-5.5 8.5 p2.2",
    )
    life = find(events, "LifeChanged")
    assert (life.data, life.rule) == ({"player": "p2", "delta": -500, "life": 3500}, "FoW-5.5 10.6 p2")
    assert dealt.cause == f"ev:{declared.seq}"  # battle damage follows from the attack declaration
    assert [e.type for e in events].count("DamageDealt") == 1


def test_blocker_and_attacker_deal_damage_to_each_other() -> None:
    state, f = ready(bear="p1:T-BEAR", wall="p2:T-WALL")
    attack(state, f["bear"], "p2", blocker=f["wall"])
    events = to_end_of_battle(state)
    dealt = [e for e in events if e.type == "DamageDealt"]
    assert [(e.data["source"], e.data["target"], e.data["amount"], e.rule) for e in dealt] == [
        (f["bear"], f["wall"], 500, "FoW-5.5 8.5 p2.1"),
        (f["wall"], f["bear"], 100, "FoW-5.5 8.5 p3"),
    ]
    assert all(e.data["battle"] for e in dealt)
    assert state.players["p2"].life == 4000  # a blocked attack deals no damage to the player
    assert (state.objects[f["wall"]].damage, state.objects[f["bear"]].damage) == (500, 100)


def test_battle_damage_that_reaches_def_destroys_by_rule_process() -> None:
    state, f = ready(bear="p1:T-BEAR", small="p2:T-VANILLA-0")
    attack(state, f["bear"], "p2", blocker=f["small"])
    events = to_end_of_battle(state)
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.rule) == (f["small"], "graveyard", "FoW-5.5 13.2 p1")
    assert state.objects[f["bear"]].damage == 200  # damage is dealt simultaneously (8.5 p3)


def test_an_attacked_j_resonator_deals_damage_back_to_the_attacker() -> None:
    state, f = ready(bear="p1:T-BEAR", wall="p2:T-WALL")
    given(state, "CardRested", oid=f["wall"])
    attack(state, f["bear"], f["wall"])
    events = to_end_of_battle(state)
    dealt = [e for e in events if e.type == "DamageDealt"]
    assert [(e.data["source"], e.data["target"], e.data["amount"], e.rule) for e in dealt] == [
        (f["bear"], f["wall"], 500, "FoW-5.5 8.5 p2.2"),
        (f["wall"], f["bear"], 100, "FoW-5.5 8.5 p3"),
    ]


def test_when_the_blocker_leaves_the_attacked_j_resonator_and_the_attacker_battle() -> None:
    """8.3 p5: a J/resonator is the blocking one only as long as it is in a field; without a
    blocking J/resonator the attacked J/resonator battles the attacker (8.5 p2.2, 8.5 p3)."""
    state, f = ready(EXTRA, bear="p1:T-BEAR", down="p2:T-WALL", blocker="p2:T-WALL")
    given(state, "CardRested", oid=f["down"])
    attack(state, f["bear"], f["down"], blocker=f["blocker"])
    zap = card(state, "p1", "T-ZAP")
    will(state, "p1", "R")
    run(state, cmd("PlayCard", "p1", card=zap, targets=[f["blocker"]]))
    events = resolve(state)
    assert state.objects[f["blocker"]].zone == "graveyard"
    events = to_end_of_battle(state)
    dealt = [e for e in events if e.type == "DamageDealt"]
    assert [(e.data["source"], e.data["target"], e.data["amount"], e.rule) for e in dealt] == [
        (f["bear"], f["down"], 500, "FoW-5.5 8.5 p2.2"),
        (f["down"], f["bear"], 100, "FoW-5.5 8.5 p3"),
    ]


def test_an_attacker_that_left_the_field_deals_no_damage() -> None:
    state, f = ready(EXTRA, bear="p1:T-BEAR")
    to_attack_choice(state)
    run(state, cmd("DeclareAttack", "p1", attacker=f["bear"], target="p2"))
    run(state, cmd("Pass", "p1"))
    zap = card(state, "p2", "T-ZAP")
    will(state, "p2", "R")
    run(state, cmd("PlayCard", "p2", card=zap, targets=[f["bear"]]))
    resolve(state)
    assert state.objects[f["bear"]].zone == "graveyard"
    events = pass_until(state, lambda s: s.step == "end_of_battle")
    assert "DamageDealt" not in types(events)
    assert not any(e.type == "ChoiceRequested" and e.data["kind"] == "declare_block" for e in events)
    steps = [e for e in events if e.type == "StepBegan"]
    assert [(e.data["step"], e.rule) for e in steps] == [
        ("declare_block", "FoW-5.5 8.3 p1"),
        ("first_strike", "FoW-5.5 8.4 p1"),
        ("end_of_battle", "FoW-5.5 8.6 p1"),
    ]
    assert state.players["p2"].life == 4000


# --- 11.3 / 8.4 first strike ------------------------------------------------------------------------


def test_first_strike_deals_damage_in_the_first_strike_step_only() -> None:
    """11.3 p1: an attacking J/resonator with [First Strike] deals damage before one without it (8.4)."""
    state, f = ready(EXTRA, fencer="p1:T-FENCER", wall="p2:T-WALL")
    attack(state, f["fencer"], "p2", blocker=f["wall"])
    events = pass_until(state, lambda s: s.step == "first_strike")
    dealt = find(events, "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"], dealt.rule) == (
        f["fencer"],
        f["wall"],
        600,
        "FoW-5.5 8.4 p2.1",
    )
    assert find(events, "FirstStrikeDamageDealt").rule == "FoW-5.5 8.4 p2"
    events = to_end_of_battle(state)
    normal = [e for e in events if e.type == "DamageDealt"]
    assert [(e.data["source"], e.data["amount"], e.rule) for e in normal] == [(f["wall"], 100, "FoW-5.5 8.5 p3")]
    assert state.objects[f["wall"]].damage == 600


def test_a_blocker_destroyed_by_first_strike_deals_no_damage_back() -> None:
    state, f = ready(EXTRA, fencer="p1:T-FENCER", bear="p2:T-BEAR")
    attack(state, f["fencer"], "p2", blocker=f["bear"])
    events = pass_until(state, lambda s: s.step == "first_strike")
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.rule) == (f["bear"], "graveyard", "FoW-5.5 13.2 p1")
    events = to_end_of_battle(state)
    assert "DamageDealt" not in types(events)
    assert state.objects[f["fencer"]].damage == 0


def test_unblocked_first_strike_damage_goes_to_the_attacked_object_once() -> None:
    state, f = ready(EXTRA, fencer="p1:T-FENCER")
    attack(state, f["fencer"], "p2")
    events = to_end_of_battle(state)
    dealt = [e for e in events if e.type == "DamageDealt"]
    assert [(e.data["target"], e.data["amount"], e.rule) for e in dealt] == [("p2", 600, "FoW-5.5 8.4 p2.2")]
    assert state.players["p2"].life == 3400


def test_a_first_striker_that_dealt_no_damage_deals_it_in_the_normal_step() -> None:
    """8.5 p2: the attacker deals damage in the normal step if it "didn't deal any damage by
    rules in the first strike battle resolution step" (here its ATK was 0 then)."""
    state, f = ready(EXTRA, spark="p1:T-SPARK")
    attack(state, f["spark"], "p2")
    events = pass_until(state, lambda s: s.step == "first_strike")
    assert "DamageDealt" not in types(events) and "FirstStrikeDamageDealt" not in types(events)
    grow = card(state, "p1", "T-GROW")
    will(state, "p1", "R")
    run(state, cmd("PlayCard", "p1", card=grow, targets=[f["spark"]]))
    resolve(state)
    events = to_end_of_battle(state)
    dealt = find(events, "DamageDealt")
    assert (dealt.data["target"], dealt.data["amount"], dealt.rule) == ("p2", 200, "FoW-5.5 8.5 p2.2")


# --- 11.1 pierce --------------------------------------------------------------------------------------


def test_pierce_assigns_the_blockers_capacity_and_the_rest_to_the_attacked_player() -> None:
    state, f = ready(EXTRA, lancer="p1:T-LANCER", wall="p2:T-WALL")
    given(state, "DamageDealt", rule="FoW-5.5 10.6 p1", source="given", target=f["wall"], amount=550, to_card=True)
    attack(state, f["lancer"], "p2", blocker=f["wall"])
    events = pass_until(state, lambda s: s.pending is not None and s.pending.kind == "pierce")
    # capacity 1000 - 550 = 450: the controller of the attacker assigns 500 to 800, in multiples of 100 (11.1 p1.2)
    asked = find(events, "ChoiceRequested")
    assert (asked.data["player"], asked.data["options"]["amounts"], asked.rule) == (
        "p1",
        [500, 600, 700, 800],
        "FoW-5.5 11.1 p1.2",
    )
    events = run(state, cmd("AssignPierceDamage", "p1", to_blocker=500))
    events += to_end_of_battle(state)
    dealt = [e for e in events if e.type == "DamageDealt"]
    # the least: 500 to the blocker; piercing damage 300
    assert [(e.data["source"], e.data["target"], e.data["amount"], e.rule) for e in dealt] == [
        (f["lancer"], f["wall"], 500, "FoW-5.5 11.1 p1.3"),
        (f["lancer"], "p2", 300, "FoW-5.5 11.1 p1.3"),
        (f["wall"], f["lancer"], 100, "FoW-5.5 8.5 p3"),
    ]
    assert all(e.data["battle"] for e in dealt)  # 11.1 p3
    assert state.players["p2"].life == 3700
    assert state.objects[f["wall"]].zone == "graveyard"


def test_pierce_without_a_block_is_normal_damage() -> None:
    state, f = ready(EXTRA, lancer="p1:T-LANCER")
    attack(state, f["lancer"], "p2")
    events = to_end_of_battle(state)
    dealt = find(events, "DamageDealt")
    assert (dealt.data["amount"], dealt.rule) == (800, "FoW-5.5 8.5 p2.2")


# --- 11.4 explode ---------------------------------------------------------------------------------------


def test_explode_destroys_the_resonator_and_the_one_it_dealt_battle_damage_to() -> None:
    state, f = ready(EXTRA, bomb="p1:T-BOMB", wall="p2:T-WALL")
    attack(state, f["bomb"], "p2", blocker=f["wall"])
    events = pass_until(state, lambda s: s.step == "normal_damage")
    trig = find(events, "AbilityTriggered")
    assert (trig.data["source"], trig.data["kind"], trig.rule) == (f["bomb"], "explode", "FoW-5.5 11.4 p1")
    assert trig.data["extra"] == {"target": f["wall"]}
    events += resolve(state)
    moved = [e for e in events if e.type == "CardMoved" and e.data["to"] == "graveyard"]
    assert sorted((e.data["oid"], e.rule) for e in moved) == sorted(
        [(f["bomb"], "FoW-5.5 11.4 p1"), (f["wall"], "FoW-5.5 11.4 p1")]
    )


def test_explode_does_not_trigger_on_damage_to_a_player() -> None:
    state, f = ready(EXTRA, bomb="p1:T-BOMB")
    attack(state, f["bomb"], "p2")
    events = to_end_of_battle(state)
    assert "AbilityTriggered" not in types(events)
    assert state.objects[f["bomb"]].zone == "field"


def test_explode_destroys_only_resonators_not_a_blocking_j_ruler() -> None:
    """11.4 p1 destroys "the resonator the damage was dealt to"; 11.4 p2: not J-rulers."""
    state, f = ready(EXTRA, bomb="p1:T-BOMB")
    theirs = state.zones["p2"]["ruler_area"][0]
    put(state, theirs, "field", side="j_ruler")
    attack(state, f["bomb"], "p2", blocker=theirs)
    events = pass_until(state, lambda s: s.step == "normal_damage")
    assert find(events, "AbilityTriggered").data["extra"] == {"target": theirs}
    events += resolve(state)
    gone = [e for e in events if e.type == "CardMoved" and e.data["from"] == "field"]
    assert [(e.data["oid"], e.data["to"], e.rule) for e in gone] == [(f["bomb"], "graveyard", "FoW-5.5 11.4 p1")]
    assert state.objects[theirs].zone == "field"


def test_a_j_ruler_with_explode_does_not_explode() -> None:
    exploding = {
        **EXTRA,
        "T-JRULER": {
            "id": "T-JRULER",
            "name": "Test J-Ruler",
            "type": "j_ruler",
            "attributes": ["R"],
            "atk": 1000,
            "def": 1000,
            "skills": ["explode"],
        },
    }
    state = game(exploding)
    ruler = put(state, state.zones["p1"]["ruler_area"][0], "field", side="j_ruler")
    wall = card(state, "p2", "T-WALL", to="field")
    to_main(state, turn=3)
    attack(state, ruler, "p2", blocker=wall)
    events = to_end_of_battle(state)
    assert "AbilityTriggered" not in types(events)
    assert (find(events, "DamageDealt").data["amount"], state.objects[ruler].zone) == (1000, "field")
    assert moved_to(events, wall) == [("graveyard", "FoW-5.5 13.2 p1")]


def moved_to(events: list[Event], oid: str) -> list[tuple[str, str]]:
    return [(e.data["to"], e.rule) for e in events if e.type == "CardMoved" and e.data["oid"] == oid]


def test_explode_does_not_trigger_on_non_battle_damage() -> None:
    state, f = ready(EXTRA, bomb="p1:T-BOMB", wall="p2:T-WALL")
    run(state, cmd("Pass", "p1"))
    zap = card(state, "p2", "T-ZAP")
    will(state, "p2", "R")
    run(state, cmd("PlayCard", "p2", card=zap, targets=[f["bomb"]]))
    events = resolve(state)
    assert "AbilityTriggered" not in types(events)
    assert state.objects[f["wall"]].zone == "field"


# --- 8.6 end of battle ----------------------------------------------------------------------------------


def test_until_end_of_battle_effects_end_in_the_end_of_battle_step() -> None:
    state, f = ready(EXTRA, bear="p1:T-BEAR")
    to_attack_choice(state)
    run(state, cmd("DeclareAttack", "p1", attacker=f["bear"], target="p2"))
    rush, grow = card(state, "p1", "T-RUSH"), card(state, "p1", "T-GROW")
    will(state, "p1", "R", "R")
    run(state, cmd("PlayCard", "p1", card=rush, targets=[f["bear"]]))
    resolve(state)
    run(state, cmd("PlayCard", "p1", card=grow, targets=[f["bear"]]))
    resolve(state)
    assert atk_def(state, f["bear"]) == (1000, 700)
    rush_effect, grow_effect = (e.id for e in state.effects)
    to_block_choice(state)
    run(state, cmd("DeclineBlock", "p2"))
    events = to_end_of_battle(state)
    assert find(events, "DamageDealt").data["amount"] == 1000
    events = resolve(state)
    ended = find(events, "ContinuousEffectsEnded")
    assert (ended.data, ended.rule) == ({"ids": [rush_effect], "why": "end of battle"}, "FoW-5.5 8.6 p3.1")
    assert find(events, "BattleEnded").rule == "FoW-5.5 8.6 p4"
    assert types(events).index("ContinuousEffectsEnded") < types(events).index("BattleEnded")
    assert [e.id for e in state.effects] == [grow_effect]  # "until end of turn" lasts (5.4 p5.2)
    assert atk_def(state, f["bear"]) == (700, 700)
    assert (state.phase, state.step, state.battle) == ("main", "main", None)


def test_after_a_battle_the_main_phase_continues_and_another_battle_may_begin() -> None:
    state, f = ready(bear="p1:T-BEAR", fast="p1:T-FAST")
    attack(state, f["bear"], "p2")
    events = pass_until(state, lambda s: s.battle is None)
    step = [e for e in events if e.type == "StepBegan"][-1]
    assert (step.data, step.rule) == ({"phase": "main", "step": "main"}, "FoW-5.5 5.3 p1")
    assert state.pending is not None and state.pending.player == "p1"
    attack(state, f["fast"], "p2")
    pass_until(state, lambda s: s.battle is None)
    assert state.players["p2"].life == 4000 - 500 - 400
