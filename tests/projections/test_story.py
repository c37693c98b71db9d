"""Judge read models over a known game: timeline summaries, why-chains and time travel."""

from __future__ import annotations

from domain.fow import engine
from domain.fow.state import GameState, apply_event
from domain.kernel import Event
from projections.fow_story import state_at, state_at_turn, timeline, why
from service.rules import load_rules_library
from tests.fow.support import cmd, run, start_game


def rule_title(citation: str) -> str:
    entry = load_rules_library().resolve(citation)
    return entry.section_title


def rule_text(citation: str) -> str:
    return load_rules_library().resolve(citation).text


def given(state: GameState, events: list[Event], type_: str, data: dict[str, object], rule: str) -> None:
    e = Event(state.seq + 1, type_, data, rule, "given")
    apply_event(state, e)
    events.append(e)


def battle_game() -> tuple[GameState, list[Event]]:
    """Alice's Bear (500/500) attacks Bob's rested Bird (300/300); Bob does not block."""
    state, events = start_game()
    bear = next(o.oid for o in state.objects.values() if o.owner == "p1" and o.card == "T-BEAR")
    bird = next(o.oid for o in state.objects.values() if o.owner == "p2" and o.card == "T-BIRD")
    for oid in (bear, bird):  # in play before the first turn: no summoning sickness
        obj = state.objects[oid]
        data = {
            "oid": oid,
            "card": obj.card,
            "owner": obj.owner,
            "controller": obj.owner,
            "from": obj.zone,
            "to": "field",
            "reason": "given",
        }
        given(state, events, "CardMoved", data, "FoW-5.5 3.6 p1")
    given(state, events, "CardRested", {"oid": bird, "reason": "given"}, "FoW-5.5 10.12 p1")
    events += run(state, cmd("ChangeHand", "p1", cards=[]))
    events += run(state, cmd("ChangeHand", "p2", cards=[]))
    while not (state.phase == "main" and state.step == "main"):
        events += run(state, cmd("Pass", state.pending.player))  # type: ignore[union-attr]
    events += run(state, cmd("InitiateBattle", "p1"))
    while state.pending and state.pending.kind == "priority":
        events += run(state, cmd("Pass", state.pending.player))
    events += run(state, cmd("DeclareAttack", "p1", attacker=bear, target=bird))
    while state.pending and state.pending.kind == "priority":
        events += run(state, cmd("Pass", state.pending.player))
    events += run(state, cmd("DeclineBlock", "p2"))
    while state.step != "end_of_battle":
        events += run(state, cmd("Pass", state.pending.player))  # type: ignore[union-attr]
    return state, events


def test_timeline_tells_the_battle_in_sentences_with_rule_titles() -> None:
    _, events = battle_game()
    entries = timeline(events, rule_title)
    assert [e.seq for e in entries] == [e.seq for e in events]
    damage = [e for e in entries if e.type == "DamageDealt"]
    assert [d.summary for d in damage] == [
        "Alice's Bear (ATK 500) dealt 500 battle damage to Bob's Bird",
        "Bob's Bird (ATK 300) dealt 300 battle damage to Alice's Bear",
    ]
    assert damage[0].rule == "FoW-5.5 8.5 p2.2" and damage[0].rule_title == "Normal Battle Resolution Step"
    assert damage[0].step == "normal_damage" and damage[0].turn == 1
    attack = next(e for e in entries if e.type == "AttackDeclared")
    assert attack.summary == "Alice's Bear attacked Bob's Bird" and attack.actor == "p1"
    destroyed = next(e for e in entries if e.type == "CardMoved" and "destroyed" in e.summary)
    assert destroyed.summary == "Bob's Bird was destroyed and put into the graveyard"
    assert destroyed.actor == "rules"
    assert entries[0].summary == "Game g1 started under FoW-5.5 (valhalla): Alice (p1) vs Bob (p2)"


def test_why_chains_destruction_back_to_the_attack_with_rule_text() -> None:
    _, events = battle_game()
    destroyed = next(e for e in events if e.type == "CardMoved" and e.data.get("reason") == "destroyed")
    assert destroyed.data["detail"] == {"damage": 500, "def": 300}
    chain = why(events, destroyed.seq, rule_text)
    assert [(link.type, link.rule) for link in chain] == [
        ("CardMoved", "FoW-5.5 13.2 p1"),
        ("DamageDealt", "FoW-5.5 8.5 p2.2"),
        ("AttackDeclared", "FoW-5.5 8.2 p3"),
        ("Command", ""),
    ]
    assert "suffers damage equal to or more than its DEF" in chain[0].rule_text
    assert chain[2].actor == "p1" and chain[3].command == "cmd:DeclareAttack-p1"


def test_state_at_any_event_and_turn() -> None:
    state, events = battle_game()
    attack = next(e for e in events if e.type == "AttackDeclared")
    before = state_at(events, attack.seq - 1)
    after = state_at(events, attack.seq)
    assert before.battle is not None and before.battle.attacker is None
    assert after.battle is not None and after.battle.attacker is not None
    assert engine.state_to_dict(state_at(events, events[-1].seq)) == engine.state_to_dict(state)
    turn1 = state_at_turn(events, 1, "main")
    assert (turn1.turn, turn1.phase) == (1, "main")
