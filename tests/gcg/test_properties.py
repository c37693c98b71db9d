"""Property tests: random legal play with both starter decks reaches a game end, every
chosen legal action is accepted, and replaying the recorded events rebuilds exactly the
live state (GCG-1.00)."""

from __future__ import annotations

import json
import random
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.gcg import engine
from domain.gcg.characteristics import board
from domain.gcg.state import FIELD_NEUTRAL, GameState, apply_event
from domain.kernel import Command, Event, Rejection
from tests.gcg.support import start_game

MAX_COMMANDS = 3000


def play_randomly(
    seed: int, *, aggression: float = 0.7
) -> tuple[GameState, list[Event], list[tuple[Command, list[Event]]]]:
    """Both starter decks; each decision is a random legal action."""
    state, events = start_game(seed=seed, first=None)
    rng = random.Random(seed)
    commands: list[tuple[Command, list[Event]]] = []
    for n in range(MAX_COMMANDS):
        if state.finished:
            break
        assert state.pending is not None, "a live game always waits for someone"
        player = state.pending.player
        legal = [c for c in engine.legal_actions(state, player) if c.type != "Concede"]
        assert legal, f"{player} has no legal action at {state.phase} ({state.pending.kind})"
        active = [c for c in legal if c.type != "EndMainPhase"]
        choice = rng.choice(active) if active and rng.random() < aggression else rng.choice(legal)
        choice = Command(choice.type, choice.player, choice.args, id=f"c{n}")
        result = engine.decide(state, choice)
        assert not isinstance(result, Rejection), f"legal action {choice} was rejected: {result}"
        for e in result:
            assert e.seq == state.seq + 1
            assert e.rule.startswith("GCG-1.00 "), e
            assert e.cause.startswith(("cmd:", "ev:")), e
            apply_event(state, e)
        events += result
        commands.append((choice, list(result)))
    return state, events, commands


@cache
def recorded_game(seed: int) -> tuple[GameState, list[Event], list[tuple[Command, list[Event]]]]:
    return play_randomly(seed)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_legal_play_reaches_a_game_end_and_replays_exactly(seed: int) -> None:
    state, events, _ = play_randomly(seed)
    assert state.finished, f"no game end after {MAX_COMMANDS} commands (turn {state.turn})"
    assert state.result in ("win", "draw")
    replayed = GameState()
    for e in events:
        # through the stored (JSON) form
        apply_event(replayed, Event.from_dict(json.loads(json.dumps(e.to_dict()))))
    assert engine.state_to_dict(replayed) == engine.state_to_dict(state)
    dumped = engine.state_to_dict(state)
    assert engine.state_to_dict(engine.state_from_dict(json.loads(json.dumps(dumped)))) == dumped


def test_every_event_cause_points_backwards_to_an_event_or_a_command() -> None:
    state, events, _ = recorded_game(3)
    for e in events:
        if e.cause.startswith("ev:"):
            assert int(e.cause[3:]) < e.seq, e
    assert state.finished


def test_a_stored_game_replays_mid_game_and_continues_identically() -> None:
    """Replay never re-checks rules: a state rebuilt from the stored events at any point
    decides the next command exactly as the live state did."""
    _, events, commands = recorded_game(5)
    started = len(events) - sum(len(r) for _, r in commands)
    replayed = GameState()
    for e in events[:started]:
        apply_event(replayed, Event.from_dict(json.loads(json.dumps(e.to_dict()))))
    for command, produced in commands[:300]:
        again = engine.decide(replayed, command)
        assert not isinstance(again, Rejection)
        assert [e.to_dict() for e in again] == [e.to_dict() for e in produced]
        for e in produced:
            apply_event(replayed, Event.from_dict(json.loads(json.dumps(e.to_dict()))))


def test_every_listed_legal_action_is_accepted_along_a_game() -> None:
    state, _ = start_game(seed=11, first=None)
    rng = random.Random(11)
    for n in range(200):
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


def test_random_games_end_by_invasion_and_by_countering() -> None:
    """1.2.1.1 and 1.2.1.2 both happen across a few random games."""
    hows: set[str] = set()
    for seed in range(8):
        _, events, _ = recorded_game(seed)
        hows |= {e.data["how"] for e in events if e.type == "PlayerWon"}
        if hows >= {"invasion", "countering"}:
            break
    assert hows >= {"invasion", "countering"}


def test_a_random_game_audits_as_consistent() -> None:
    """The generic replay-log audit (domain/audit.py) re-adjudicates a GCG game."""
    from domain import audit
    from tests.gcg.support import BLUE, RED, catalog, starter_deck

    state, events, commands = recorded_game(2)
    started = events[0].data
    cards = {c["id"]: c for c in catalog()["cards"]}
    header = {
        "game_id": started["game_id"],
        "ruleset": "GCG-1.00",
        "variant": "standard",
        "players": [
            {"id": "p1", "name": "Alice", "deck": starter_deck(RED)},
            {"id": "p2", "name": "Bob", "deck": starter_deck(BLUE)},
        ],
        "first_player": None,
        "seed_commitment": started["seed_commitment"],
        "cards": cards,
    }
    log = audit.build_log(header, commands, seed=started["seed"], claimed={"winner": state.winner, "result": "win"})
    verdict = audit.audit(log.to_lines())
    assert verdict.verdict == "consistent", verdict
    tampered = audit.build_log(header, commands[:5], seed=started["seed"] + 1, claimed=None)
    assert audit.audit(tampered.to_lines()).verdict == "seed_mismatch"


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_field_information_kept_over_an_event_is_what_it_computes_to(seed: int) -> None:
    """GCG-1.00 9.8: the information of the cards on the field, computed before an event that
    changes nothing it is derived from (``state.FIELD_NEUTRAL``) and kept after it, is what it
    computes to from scratch after the event, along a random game."""
    start, _ = start_game(seed=seed, first=None)
    _, events, _ = play_randomly(seed)
    state = GameState.from_dict(engine.state_to_dict(start))
    kept = 0
    for e in events[start.seq :]:
        board(state)  # computed before the event
        apply_event(state, e)
        fresh = state.clone()  # without the cached information
        if e.type in FIELD_NEUTRAL:
            assert state.cache["board"][0] == state.seq, e.type  # kept, not computed again
            kept += 1
        assert board(state) == board(fresh), e
    assert kept > 0
