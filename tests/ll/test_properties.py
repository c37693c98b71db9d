"""Property tests: random legal play with both starter decks reaches a game end, every
chosen legal action is accepted, and replaying the recorded events rebuilds exactly the
live state (LL-2.04)."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.kernel import Command, Event, Rejection
from domain.ll import engine
from domain.ll.state import GameState, apply_event
from tests.ll.support import deck, start_game

MAX_COMMANDS = 3000
QUIET = frozenset({"EndMainPhase", "EndAttacks", "PassLogic", "DeclineIntercept", "SkipLevel"})


NEW_VOCABULARY = {
    **{f"LL-TST-0{n}": 2 for n in (13, 14, 15, 16, 17, 18, 19)},
    **{f"LL-TST-0{n}": 2 for n in (60, 61, 62, 63, 64, 65, 66, 67, 68)},
    "LL-TST-005": 2,
}
"""Cards with delayed / conditional triggers, X, value setting, attacks prevented and
replacement effects (8.2.4, 9.6.2.2.1, 9.7.5, 9.7.6, 9.9.1.7, 9.10)."""


def play_randomly(
    seed: int, *, aggression: float = 0.75, decks: tuple[dict[str, Any], dict[str, Any]] | None = None
) -> tuple[GameState, list[Event], list[tuple[Command, list[Event]]]]:
    """Both starter decks (or ``decks``); each decision is a random legal action (rearranging is rare)."""
    if decks is None:
        state, events = start_game(seed=seed, first=None)
    else:
        state, events = start_game(*decks, seed=seed, first=None)
    rng = random.Random(seed)
    commands: list[tuple[Command, list[Event]]] = []
    for n in range(MAX_COMMANDS):
        if state.finished:
            break
        assert state.pending is not None, "a live game always waits for someone"
        player = state.pending.player
        legal = [c for c in engine.legal_actions(state, player) if c.type != "Concede"]
        assert legal, f"{player} has no legal action at {state.phase}/{state.step}"
        active = [c for c in legal if c.type not in QUIET and (c.type != "Rearrange" or rng.random() < 0.05)]
        choice = rng.choice(active) if active and rng.random() < aggression else rng.choice(legal)
        choice = Command(choice.type, choice.player, choice.args, id=f"c{n}")
        result = engine.decide(state, choice)
        assert not isinstance(result, Rejection), f"legal action {choice} was rejected: {result}"
        for e in result:
            assert e.seq == state.seq + 1
            assert e.rule.startswith("LL-2.04 "), e
            assert e.cause.startswith(("cmd:", "ev:")), e
            apply_event(state, e)
        events += result
        commands.append((choice, list(result)))
    return state, events, commands


@cache
def recorded_game(seed: int) -> tuple[GameState, list[Event], list[tuple[Command, list[Event]]]]:
    return play_randomly(seed)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_legal_play_reaches_a_game_end_and_replays_exactly(seed: int) -> None:
    state, events, _ = play_randomly(seed)
    assert state.finished, f"no game end after {MAX_COMMANDS} commands (turn {state.turn})"
    assert state.result in ("win", "draw")
    replayed = GameState()
    for e in events:
        apply_event(replayed, Event.from_dict(e.to_dict()))  # through the stored (JSON) form
    assert engine.state_to_dict(replayed) == engine.state_to_dict(state)
    assert engine.state_to_dict(engine.state_from_dict(engine.state_to_dict(state))) == engine.state_to_dict(state)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_play_with_the_newer_card_vocabulary_replays_exactly(seed: int) -> None:
    state, events, _ = play_randomly(seed, decks=(deck(NEW_VOCABULARY), deck(NEW_VOCABULARY)))
    assert state.finished, f"no game end after {MAX_COMMANDS} commands (turn {state.turn})"
    replayed = GameState()
    for e in events:
        apply_event(replayed, Event.from_dict(e.to_dict()))
    assert engine.state_to_dict(replayed) == engine.state_to_dict(state)


def test_random_play_with_the_newer_card_vocabulary_uses_it() -> None:
    """The decks of the test above do exercise the newer vocabulary (a few fixed seeds)."""
    seen: set[str] = set()
    wanted = {"DelayedTriggerCreated", "XChosen", "ReplacementApplied", "ReplacementChosen"}
    for seed in range(8):
        _, events, _ = play_randomly(seed, decks=(deck(NEW_VOCABULARY), deck(NEW_VOCABULARY)))
        seen |= {e.type for e in events} & wanted
        if seen == wanted:
            break
    assert seen == wanted


def test_every_event_cause_points_backwards_to_an_event_or_a_command() -> None:
    state, events, _ = recorded_game(3)
    for e in events:
        if e.cause.startswith("ev:"):
            assert int(e.cause[3:]) < e.seq, e
    assert state.finished


@pytest.mark.parametrize("newer", [False, True], ids=["starter_decks", "newer_vocabulary"])
def test_every_listed_legal_action_is_accepted_along_a_game(newer: bool) -> None:
    decks = (deck(NEW_VOCABULARY), deck(NEW_VOCABULARY)) if newer else ()
    state, _ = start_game(*decks, seed=11, first=None)
    rng = random.Random(11)
    for n in range(250):
        if state.finished:
            break
        assert state.pending is not None
        legal = engine.legal_actions(state, state.pending.player)
        for c in legal:
            assert not isinstance(engine.decide(state, c), Rejection), c
        other = state.opponent(state.pending.player)
        assert [c.type for c in engine.legal_actions(state, other)] == ["Concede"]
        pick = rng.choice([c for c in legal if c.type != "Concede"])
        result = engine.decide(state, Command(pick.type, pick.player, pick.args, id=f"x{n}"))
        assert not isinstance(result, Rejection)
        for e in result:
            apply_event(state, e)


def test_random_games_end_in_both_ways() -> None:
    """Across a few games the ends come from both loss conditions of 1.2.2."""
    reasons = set()
    for seed in range(20):
        state, _, _ = recorded_game(seed)
        reasons |= {p.lost for p in state.players.values() if p.lost}
        if len(reasons) == 2:
            break
    assert reasons == {"no_face_down_gate", "two_face_down_cards_in_refresh_zone"}  # 10.3.1.1, 10.3.1.2


@pytest.mark.parametrize("newer", [False, True], ids=["starter_decks", "newer_vocabulary"])
def test_a_card_is_in_the_resolution_zone_only_while_it_is_played(newer: bool) -> None:
    """LL-2.04 4.16.1 along random games: every card put in the Resolution Zone (4.16.1) was being
    played and leaves it for its circles (5.12.2, 5.13.1.2.1); between decisions a card is there
    only while its Deploy or Trance waits for a replacement choice (9.10.2) or the game ended."""
    played = 0
    for seed in (3, 5):
        decks = (deck(NEW_VOCABULARY), deck(NEW_VOCABULARY))
        state, events, _ = play_randomly(seed, decks=decks) if newer else recorded_game(seed)
        replayed = GameState()
        waiting: set[str] = set()
        for e in events:
            apply_event(replayed, e)
            if e.type == "CardMoved" and e.data["to"] == "resolution":
                assert e.rule == "LL-2.04 4.16.1" and e.data["from"] in ("hand", "deck", "drop"), e
                waiting.add(e.data["oid"])
                played += 1
            elif e.type == "CardMoved" and e.data["from"] == "resolution":
                assert e.data["to"] == "circle" and e.rule in ("LL-2.04 5.12.2", "LL-2.04 5.13.1.2.1"), e
                waiting.discard(e.data["oid"])
            if e.type == "ChoiceRequested" and replayed.pending is not None and replayed.pending.kind != "replacement":
                assert not any(replayed.zones[p]["resolution"] for p in replayed.order), e
        assert state.finished or not waiting
    assert played > 10
