"""Rebuilding a game from its stored events, with and without snapshots, on SQLite and
PostgreSQL.

The game is the first 1,000 events of a recorded random FoW-5.5 game between the real
starter decks (``bench_engine.playout``), stored through the service's ``Game``
aggregate and ``Adjudicator.record`` (snapshot every 100 events, the default), one
command at a time.  Measured, best of several repeats:

* ``v1000 with snapshots``: the service's load of the game (``GameService._load`` at a
  version, which bypasses the in-memory game cache) (the snapshot at version 1000,
  no events after it) against a replay of all 1,000 events without snapshots;
* ``v999 with snapshots``: the worst case of the snapshot interval (the snapshot at 900
  and the 99 events after it) against the same full replay;
* ``per event, 1,000 vs 250 events without snapshots``: the replay cost per event of the
  whole game against that of its first 250 events.  A ratio near 1.00x means the cost
  grows linearly with the length of the game.

Target: under 5 ms with snapshots on this machine's SQLite.

Snapshot size (store-independent, the JSON the store writes): a whole recorded random
FoW-5.5 game (every step of ``playout``, not cut at 1,000 events), its last snapshot
against the one at version 1,000 (past the 256 commands a snapshot lists), in bytes, and
the time to take each.  Snapshots list the newest commands and hold the older ids in a
fixed-size filter (service/app.py ``CommandIndex.bounded``), so the ratio should stay near
1.00x however long the game."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from typing import Any

from bench import Row
from bench._stores import STORES, store_settings
from bench.bench_engine import SYSTEMS, playout
from domain.kernel import Command, Event
from service.app import Game, GameService, game_uuid

GAME_EVENTS = 1000
REPEAT = 7


def _steps() -> tuple[list[Event], list[tuple[Command, list[Event]]]]:
    """The first ``GAME_EVENTS`` events: the start events, then whole commands (the last
    one cut at the limit)."""
    _, steps, start_events = playout(SYSTEMS[0], seed=1)
    left = GAME_EVENTS - len(start_events)
    kept: list[tuple[Command, list[Event]]] = []
    for command, events in steps:
        if left <= 0:
            break
        kept.append((command, events[:left]))
        left -= len(kept[-1][1])
    return start_events, kept


def _new_game(game_id: str, start_events: list[Event]) -> Game:
    """The service's aggregate of a FoW game, with its start events recorded."""
    game = Game(  # type: ignore[call-arg]
        game_id=game_id,
        ruleset=SYSTEMS[0].ruleset,
        variant=SYSTEMS[0].variant,
        players=[{"id": "p1", "name": "Alice"}, {"id": "p2", "name": "Bob"}],
        token_hashes={"p1": "0" * 64, "p2": "1" * 64},
        first_event=start_events[0].to_dict(),
    )
    game.record(start_events[1:])
    return game


def _store_game(service: GameService, start_events: list[Event], steps: list[tuple[Command, list[Event]]]) -> str:
    game = _new_game("rebuild", start_events)
    service.app.record(game)
    for command, events in steps:
        digest = hashlib.sha256(repr(command.to_dict()).encode()).hexdigest()
        game.record(events, command.id, digest)
        service.app.record(game)
    assert game.version == GAME_EVENTS, game.version
    return "rebuild"


def _best(fn: Callable[[], Any]) -> float:
    best = float("inf")
    for _ in range(REPEAT):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def measure(store: str) -> list[Row]:
    start_events, steps = _steps()
    with store_settings(store) as settings:
        service = GameService(settings)
        try:
            game_id = _store_game(service, start_events, steps)
            aggregate_id = game_uuid(game_id)
            app = service.app

            def without_snapshots(upto: int) -> Callable[[], Any]:
                def rebuild() -> Any:
                    game: Any = None
                    for e in app.events.get(aggregate_id, lte=upto):
                        game = e.mutate(game)
                    assert game.version == upto
                    return game

                return rebuild

            def with_snapshots(version: int) -> Callable[[], Any]:
                # the service's own load; with ``version`` set it bypasses the game cache
                return lambda: service._load(game_id, version=version)

            full = _best(without_snapshots(GAME_EVENTS))
            quarter = _best(without_snapshots(GAME_EVENTS // 4))
            at_snapshot = _best(with_snapshots(GAME_EVENTS))
            worst = _best(with_snapshots(GAME_EVENTS - 1))
        finally:
            service.close()
    return [
        Row(f"{store}: rebuild 1,000-event FoW game, v1000 with snapshots vs all events", at_snapshot, full),
        Row(f"{store}: rebuild v999 with snapshots (snapshot 900 + 99 events) vs all events", worst, full),
        Row(
            f"{store}: rebuild without snapshots, per event: 1,000 vs 250 events",
            full / GAME_EVENTS,
            quarter / (GAME_EVENTS // 4),
        ),
    ]


def snapshot_sizes() -> list[Row]:
    """The last snapshot of a whole game against the one at version 1,000 (bytes and time)."""
    _, steps, start_events = playout(SYSTEMS[0], seed=1)
    game = _new_game("sizes", start_events)
    taken: dict[int, tuple[int, float]] = {}
    for command, events in steps:
        digest = hashlib.sha256(repr(command.to_dict()).encode()).hexdigest()
        before = game.version
        game.record(events, command.id, digest)
        if game.version // 100 > before // 100:
            t0 = time.perf_counter()
            snapshot = Game.Snapshot.take(game)
            took = time.perf_counter() - t0
            taken[game.version] = (len(json.dumps(snapshot.state, default=str)), took)
    early = min(taken, key=lambda v: abs(v - 1000))
    last = max(taken)
    return [
        Row(
            f"snapshot size: last snapshot of a whole FoW game (v{last}) vs v{early}",
            taken[last][0],
            taken[early][0],
            "bytes",
        ),
        Row(f"snapshot take: v{last} vs v{early}", taken[last][1], taken[early][1]),
    ]


def run() -> list[Row]:
    return [*(row for store in STORES for row in measure(store)), *snapshot_sizes()]
