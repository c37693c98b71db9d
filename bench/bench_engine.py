"""Pure rules engine (no store): cost of ``decide`` + ``evolve`` per command and of
``legal_actions``, against the state copy every decision starts from, plus replay.

The commands are those of one recorded random game, replayed in order, so every run
measures the same work."""

from __future__ import annotations

import random
import time

from bench import Row
from domain.fow import engine
from domain.fow.state import GameState, apply_event
from domain.kernel import Command, Event
from tests.fow_support import start_game


def _record_game(seed: int = 11) -> tuple[GameState, list[Command], list[Event]]:
    state, events = start_game(seed=seed, first_player=None)
    start = state.clone()
    rng = random.Random(seed)
    commands: list[Command] = []
    while not state.finished and len(commands) < 3000:
        assert state.pending is not None
        legal = [c for c in engine.legal_actions(state, state.pending.player) if c.type != "Concede"]
        active = [c for c in legal if c.type != "Pass"]
        command = rng.choice(active) if active and rng.random() < 0.7 else rng.choice(legal)
        result = engine.decide(state, command)
        assert isinstance(result, list)
        for e in result:
            apply_event(state, e)
        events += result
        commands.append(command)
    return start, commands, events


def run() -> list[Row]:
    start, commands, events = _record_game()
    rows: list[Row] = []

    def replay_commands(with_legal_actions: bool) -> float:
        state = start.clone()
        t0 = time.perf_counter()
        for command in commands:
            if with_legal_actions:
                engine.legal_actions(state, command.player)
            result = engine.decide(state, command)
            assert isinstance(result, list)
            for e in result:
                apply_event(state, e)
        return (time.perf_counter() - t0) / len(commands)

    def clone_only() -> float:
        state = start.clone()
        t0 = time.perf_counter()
        for _ in commands:
            state.clone()
        return (time.perf_counter() - t0) / len(commands)

    def replay_events() -> float:
        t0 = time.perf_counter()
        state = GameState()
        for e in events:
            apply_event(state, e)
        return (time.perf_counter() - t0) / len(events)

    decide_cost = min(replay_commands(False) for _ in range(3))
    clone_cost = min(clone_only() for _ in range(3))
    legal_cost = min(replay_commands(True) for _ in range(2)) - decide_cost
    evolve_cost = min(replay_events() for _ in range(3))
    rows.append(Row(f"FoW decide+evolve per command ({len(commands)} cmds) vs state copy", decide_cost, clone_cost))
    rows.append(Row("FoW legal_actions per decision vs decide+evolve", legal_cost, decide_cost))
    decide_per_event = decide_cost * len(commands) / len(events)
    rows.append(
        Row(f"FoW replay per event ({len(events)} events) vs decide+evolve per event", evolve_cost, decide_per_event)
    )
    t0 = time.perf_counter()
    games = 0
    while time.perf_counter() - t0 < 5:
        _record_game(seed=100 + games)
        games += 1
    per_game = (time.perf_counter() - t0) / games
    rows.append(
        Row(
            "FoW random legal playout (s/game) vs decide-only replay of one game",
            per_game,
            decide_cost * len(commands),
            "s/game",
        )
    )
    return rows
