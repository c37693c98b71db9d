"""Property tests: random legal play reaches a game end without errors, every listed legal
action is accepted, and replaying the recorded events rebuilds exactly the live state."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.fow import engine
from domain.fow.state import GameState, apply_event
from domain.kernel import Event, Rejection
from tests.fow.support import start_game

MAX_COMMANDS = 8000  # a Bifrost game may pass 4,000 commands before its deck-out (seed 31680: turn 72)


def play_randomly(
    seed: int, variant: str, *, aggression: float = 0.7, ruleset: str = "FoW-5.5"
) -> tuple[GameState, list[Event]]:
    state, events = start_game(seed=seed, first_player=None, variant=variant, ruleset=ruleset)
    rng = random.Random(seed)
    for n in range(MAX_COMMANDS):
        if state.finished:
            break
        assert state.pending is not None, "a live game always waits for someone"
        player = state.pending.player
        legal = [c for c in engine.legal_actions(state, player) if c.type != "Concede"]
        assert legal, f"{player} has no legal action at {state.phase}/{state.step}"
        active = [c for c in legal if c.type != "Pass"]
        choice = rng.choice(active) if active and rng.random() < aggression else rng.choice(legal)
        choice = type(choice)(choice.type, choice.player, choice.args, id=f"c{n}")
        result = engine.decide(state, choice)
        assert not isinstance(result, Rejection), f"legal action {choice} was rejected: {result}"
        for e in result:
            assert e.seq == state.seq + 1
            assert e.rule.startswith(f"{ruleset} "), e
            assert e.cause.startswith(("cmd:", "ev:")), e
            apply_event(state, e)
        events += result
    return state, events


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32), variant=st.sampled_from(["valhalla", "bifrost"]))
def test_random_legal_play_reaches_a_game_end_and_replays_exactly(seed: int, variant: str) -> None:
    state, events = play_randomly(seed, variant)
    assert state.finished, f"no game end after {MAX_COMMANDS} commands (turn {state.turn})"
    assert state.result in ("win", "draw")
    replayed = GameState()
    for e in events:
        apply_event(replayed, Event.from_dict(e.to_dict()))  # through the stored (JSON) form
    assert engine.state_to_dict(replayed) == engine.state_to_dict(state)
    assert engine.state_to_dict(engine.state_from_dict(engine.state_to_dict(state))) == engine.state_to_dict(state)


def test_every_event_cause_points_backwards_to_an_event_or_a_command() -> None:
    state, events = play_randomly(3, "valhalla")
    for e in events:
        if e.cause.startswith("ev:"):
            assert int(e.cause[3:]) < e.seq, e
    assert state.finished
