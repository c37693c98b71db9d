"""FoW-5.5 14.1 loops: a player with priority declares the actions a loop repeats; who can stop
it decides who declares the number of times (p1.1, p1.2); a loop nobody can stop is a draw (p1.3)."""

from __future__ import annotations

from typing import Any

from domain.fow import engine
from domain.fow.state import GameState, state_from_dict, state_to_dict
from domain.kernel import Event
from tests.fow.support import catalog, cmd, deck, find, rejected, run, start_game, types
from tests.fow.test_ch4_to_6_setup_and_turns import given, keep_hands, put, to_main

EXTRA: dict[str, dict[str, Any]] = {
    "T-FOUNTAIN": {
        "id": "T-FOUNTAIN",
        "name": "Fountain",
        "type": "resonator",
        "cost": {"attribute": {"R": 1}},
        "attributes": ["R"],
        "atk": 100,
        "def": 100,
        "abilities": [{"kind": "activate", "effects": [{"op": "gain_life", "amount": 100, "who": "you"}]}],
    },
}
MAIN = {"T-FOUNTAIN": 4, "T-BEAR": 4, "T-GROW": 4, "T-BOLT": 4}


def game(ruleset: str = "FoW-5.5") -> tuple[GameState, list[Any]]:
    state, events = start_game(cards=catalog(EXTRA), decks=(deck(MAIN), deck(MAIN)), ruleset=ruleset)
    keep_hands(state)
    to_main(state)
    return state, events


def fountain(state: GameState) -> str:
    oid = next(o.oid for o in state.objects.values() if o.owner == "p1" and o.card == "T-FOUNTAIN")
    put(state, oid, "field")
    return oid


def silence(state: GameState, player: str) -> None:
    """``player`` has nothing else to do at priority: no cards in hand or lifebreak area (7.10), ruler
    and stones rested."""
    for oid in [*state.zones[player]["hand"], *state.zones[player]["lifebreak"]]:
        put(state, oid, "graveyard")
    for zone in ("ruler_area", "field"):
        for oid in state.zones[player][zone]:
            given(state, "CardRested", oid=oid)


def loop(source: str) -> list[dict[str, Any]]:
    """Play the Fountain's ability, and both players pass: it resolves, p1 has priority again."""
    return [
        {"player": "p1", "type": "ActivateAbility", "args": {"source": source, "ability": 0}},
        {"player": "p1", "type": "Pass", "args": {}},
        {"player": "p2", "type": "Pass", "args": {}},
    ]


def test_only_the_declarer_can_stop_the_loop_so_they_declare_the_number_and_it_is_performed() -> None:
    """FoW-5.5 14.1 p1.1: only one player can stop the loop: they declare the number of times and
    it is performed that many times."""
    state, _ = game()
    source = fountain(state)
    silence(state, "p2")
    events = run(state, cmd("DeclareLoop", "p1", actions=loop(source), times=5))
    declared = find(events, "LoopDeclared")
    assert declared.rule == "FoW-5.5 14.1 p1.1" and declared.data["stoppers"] == ["p1"]
    assert types(events).count("AbilityPlayed") == 5
    assert find(events, "LoopPerformed").data == {"player": "p1", "times": 5, "declared": {"p1": 5}}
    assert state.players["p1"].life == 4500
    assert state.pending is not None and (state.pending.kind, state.pending.player) == ("priority", "p1")


def test_under_5_01_the_loop_rule_is_the_same() -> None:
    """FoW-5.01 14.1 p1.1: "If only one player can stop the loop, he or she declare the number of times
    performing the loop, then do it that times", as under 5.5."""
    state, _ = game("FoW-5.01")
    source = fountain(state)
    silence(state, "p2")
    events = run(state, cmd("DeclareLoop", "p1", actions=loop(source), times=3))
    assert find(events, "LoopPerformed").rule == "FoW-5.01 14.1 p1.1"
    assert state.players["p1"].life == 4300


def test_having_performed_the_loop_its_player_performs_another_action_before_performing_it_again() -> None:
    """FoW-5.5 14.1 p1.1: "After that, the player has to perform another action to perform the loop
    again": neither the loop nor its first action is accepted until they do."""
    state, _ = game()
    source = fountain(state)
    silence(state, "p2")
    run(state, cmd("DeclareLoop", "p1", actions=loop(source), times=2))
    for again in (
        cmd("DeclareLoop", "p1", actions=loop(source), times=2),
        cmd("ActivateAbility", "p1", source=source, ability=0),
    ):
        refusal = rejected(state, again)
        assert (refusal.code, refusal.rule) == ("rules/loop_again", "FoW-5.5 14.1 p1.1")
    offered = engine.legal_actions(state, "p1")
    assert not any(c.type == "ActivateAbility" and c.args.get("source") == source for c in offered)
    ruler = state.zones["p1"]["ruler_area"][0]
    run(state, cmd("ActivateAbility", "p1", source=ruler, ability=0))  # another action: the ruler's will
    events = run(state, cmd("DeclareLoop", "p1", actions=loop(source), times=1))
    assert find(events, "LoopPerformed").data["times"] == 1


def test_when_both_players_can_stop_the_loop_the_smaller_declared_number_is_performed() -> None:
    """FoW-5.5 14.1 p1.2: both players can stop the loop: the turn player declares the number of
    times, the non-turn player does the same, and the loop is performed the smaller number of times."""
    state, _ = game()
    source = fountain(state)
    events = run(state, cmd("DeclareLoop", "p1", actions=loop(source), times=5))
    declared = find(events, "LoopDeclared")
    assert declared.rule == "FoW-5.5 14.1 p1.2" and declared.data["stoppers"] == ["p1", "p2"]
    asked = find(events, "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p2", "loop_times", "FoW-5.5 14.1 p1.2")
    offered = engine.legal_actions(state, "p2")
    assert [c.args.get("number") for c in offered if c.type == "ChooseNumber"] == [5, 4, 3, 2, 1, 0]
    refusal = rejected(state, cmd("ChooseNumber", "p2", number=6))
    assert (refusal.code, refusal.rule) == ("rules/loop_times", "FoW-5.5 14.1 p1.2")
    events = run(state, cmd("ChooseNumber", "p2", number=2))
    assert find(events, "LoopTimesDeclared").data == {"player": "p2", "times": 2}
    assert find(events, "LoopPerformed").data == {"player": "p1", "times": 2, "declared": {"p1": 5, "p2": 2}}
    assert types(events).count("AbilityPlayed") == 2 and state.players["p1"].life == 4200


def test_a_loop_the_non_turn_player_declares_gets_its_numbers_from_the_turn_player_first() -> None:
    """FoW-5.5 14.1 p1.2: the non-turn player declares a loop both can stop: the turn player declares
    the number of times first, then the non-turn player, told it."""
    state, _ = game()
    theirs = next(o.oid for o in state.objects.values() if o.owner == "p2" and o.card == "T-FOUNTAIN")
    put(state, theirs, "field")
    run(state, cmd("Pass", "p1"))  # p2 has priority in p1's main phase
    actions = [
        {"player": "p2", "type": "ActivateAbility", "args": {"source": theirs, "ability": 0}},
        {"player": "p2", "type": "Pass", "args": {}},
        {"player": "p1", "type": "Pass", "args": {}},  # it resolves; p1 has priority
        {"player": "p1", "type": "Pass", "args": {}},  # and passes it to p2
    ]
    refusal = rejected(state, cmd("DeclareLoop", "p2", actions=actions, times=3))
    assert (refusal.code, refusal.rule) == ("rules/loop_number_not_yours", "FoW-5.5 14.1 p1.2")
    events = run(state, cmd("DeclareLoop", "p2", actions=actions))
    assert find(events, "ChoiceRequested").data["player"] == "p1"
    events = run(state, cmd("ChooseNumber", "p1", number=3))
    asked = find(events, "ChoiceRequested")
    assert asked.data["player"] == "p2" and asked.data["options"]["among"] == [0, 1, 2, 3]
    events = run(state, cmd("ChooseNumber", "p2", number=3))
    assert find(events, "LoopPerformed").data == {"player": "p2", "times": 3, "declared": {"p1": 3, "p2": 3}}
    assert state.players["p2"].life == 4300
    assert state.pending is not None and (state.pending.kind, state.pending.player) == ("priority", "p2")


ECHO = {
    "id": "T-ECHO",
    "name": "Echo",
    "type": "resonator",
    "cost": {"attribute": {"R": 1}},
    "attributes": ["R"],
    "atk": 100,
    "def": 100,
    "abilities": [
        {"kind": "automatic", "trigger": "you_gain_life", "effects": [{"op": "gain_life", "amount": 100, "who": "you"}]}
    ],
}


def echo_game() -> GameState:
    """Echo has triggered (p1 gained life) and its ability is chased; nobody can do anything but pass."""
    state, _ = start_game(cards=catalog({**EXTRA, "T-ECHO": ECHO}), decks=(deck({**MAIN, "T-ECHO": 4}),) * 2)
    keep_hands(state)
    to_main(state)
    source = fountain(state)
    echo = next(o.oid for o in state.objects.values() if o.owner == "p1" and o.card == "T-ECHO")
    put(state, echo, "field")
    run(state, cmd("ActivateAbility", "p1", source=source, ability=0))
    run(state, cmd("Pass", "p1"))
    run(state, cmd("Pass", "p2"))  # p1 gains life; Echo triggers and is played
    put(state, source, "graveyard")
    silence(state, "p1")
    silence(state, "p2")
    return state


def test_a_loop_nobody_can_stop_ends_the_game_in_a_draw() -> None:
    """FoW-5.5 14.1 p1.3: "Whenever you gain life, you gain 100 life", once it has triggered, with
    neither player able to do anything but pass: the game ends in a draw."""
    state = echo_game()
    passes = [{"player": "p1", "type": "Pass", "args": {}}, {"player": "p2", "type": "Pass", "args": {}}]
    events = run(state, cmd("DeclareLoop", "p1", actions=passes, times=1))
    assert find(events, "LoopDeclared").data["stoppers"] == []
    ended = find(events, "GameEnded")
    assert ended.rule == "FoW-5.5 14.1 p1.3" and ended.data == {"winner": None, "result": "draw"}


def test_actions_nobody_can_vary_that_are_not_repeated_indefinitely_are_no_loop() -> None:
    """FoW-5.5 14.1 p1.3: with neither player able to do anything but pass, three passes around
    Echo's ability are possible once only (then it is p2 who has priority, not p1): no loop."""
    state = echo_game()
    passes = [
        {"player": "p1", "type": "Pass", "args": {}},
        {"player": "p2", "type": "Pass", "args": {}},
        {"player": "p1", "type": "Pass", "args": {}},
    ]
    refusal = rejected(state, cmd("DeclareLoop", "p1", actions=passes, times=1))
    assert (refusal.code, refusal.rule) == ("rules/not_a_loop", "FoW-5.5 14.1 p1.3")
    assert "performed 1 time(s) only" in refusal.message


def test_a_declared_loop_replays_to_the_same_state() -> None:
    """FoW-5.5 14.1 p1.2: the events of a declared loop (its numbers, its repetitions) replay from the
    state it was declared in to the state the engine reached, and deciding it again gives the same events."""
    state, _ = game()
    source = fountain(state)
    before = state_to_dict(state)
    again = engine.decide(state_from_dict(before), cmd("DeclareLoop", "p1", actions=loop(source), times=4))
    events = run(state, cmd("DeclareLoop", "p1", actions=loop(source), times=4))
    assert again == events
    events += run(state, cmd("ChooseNumber", "p2", number=3))
    replayed = state_from_dict(before)
    for e in events:
        replayed = engine.evolve(replayed, e)
    assert state_to_dict(replayed) == state_to_dict(state)
    assert state_to_dict(state)["loop_done"] == {"player": "p1", "actions": loop(source), "rule": "14.1 p1.2"}


def test_the_opponent_does_not_see_the_hidden_cards_a_declared_loop_names() -> None:
    """FoW-5.5 14.1 p1: a loop that plays a card from its declarer's hand names it; the other player's
    view of the declaration leaves out what they cannot see (3.1 p2)."""
    state, _ = game()
    bear = next(o for o in state.zones["p1"]["hand"])
    actions = [{"player": "p1", "type": "PlayCard", "args": {"card": bear}}]
    event = Event(state.seq + 1, "LoopDeclared", {"player": "p1", "actions": actions, "stoppers": []}, "", "")
    seen = engine.redact_event(state, event, "p2")
    assert seen.data["actions"] == [{"player": "p1", "type": "PlayCard", "args": {"card": None}}]
    assert engine.redact_event(state, event, "p1").data["actions"] == actions


def test_when_only_the_other_player_can_stop_the_loop_they_declare_the_number() -> None:
    """FoW-5.5 14.1 p1.1: p1 can only pass around Echo's ability, p2 may do something else (their
    hand): only p2 can stop the loop p1 declares, so p2 declares the number of times."""
    state = echo_game()
    for oid in list(state.zones["p2"]["graveyard"])[:1]:
        put(state, oid, "hand")
    passes = [{"player": "p1", "type": "Pass", "args": {}}, {"player": "p2", "type": "Pass", "args": {}}]
    refusal = rejected(state, cmd("DeclareLoop", "p1", actions=passes, times=2))
    assert (refusal.code, refusal.rule) == ("rules/loop_number_not_yours", "FoW-5.5 14.1 p1.1")
    events = run(state, cmd("DeclareLoop", "p1", actions=passes))
    assert find(events, "LoopDeclared").data["stoppers"] == ["p2"]
    asked = find(events, "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p2", "loop_times", "FoW-5.5 14.1 p1.1")
    life = state.players["p1"].life
    events = run(state, cmd("ChooseNumber", "p2", number=2))
    assert find(events, "LoopPerformed").data == {"player": "p1", "times": 2, "declared": {"p2": 2}}
    assert state.players["p1"].life == life + 200
