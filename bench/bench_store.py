"""Store overhead: one command through :meth:`GameService.submit` against a bare
eventsourcing append of the same stored event, on the same store (SQLite file and
PostgreSQL schema), interleaved in rounds.

The game is the fake counting game (``tests/fakes.py``): a ``Pass`` command produces one
``TurnPassed`` event and its ``decide`` costs microseconds, so the difference is what the
service adds around the append: loading the game (snapshot + events since), the
idempotency and version checks, the JSON round trip of the event, snapshotting every
``ADJUDICATOR_SNAPSHOT_INTERVAL`` events.  The baseline writes the same
``Game.Happened`` event (same payload, next version) straight to the application's event
store (``app.events.put``), with no load at all: the least an eventsourcing write can
cost.  The two alternate in rounds of ``PER_ROUND`` writes; each side's time is its best
round (as ``bench.compare`` takes the best of its repeats), so a burst of load from other
processes during one round does not decide the ratio.  Target: ratio <= 1.5x."""

from __future__ import annotations

import time
from dataclasses import replace
from uuid import uuid4

from bench import Row
from bench._stores import STORES, fake_catalogs, store_settings
from domain.kernel import Command, PlayerSpec
from service.app import GameService, game_uuid

PLAYERS = [
    PlayerSpec("p1", "Alice", {"starter": "counters"}),
    PlayerSpec("p2", "Bob", {"starter": "sixes"}),
]
ROUNDS = 7
PER_ROUND = 50


def measure(store: str) -> tuple[float, float]:
    with store_settings(store) as settings:
        service = GameService(settings, fake_catalogs())
        try:
            created = service.create_game("FAKE-1", "standard", PLAYERS, seed=1, first_player="p1", game_id="bench")
            version = created.version
            bare_id = uuid4()
            bare_version = 0
            n = 0
            service_best = bare_best = float("inf")
            for _ in range(ROUNDS):
                t0 = time.perf_counter()
                for _ in range(PER_ROUND):
                    player = "p1" if n % 2 == 0 else "p2"
                    result = service.submit("bench", Command("Pass", player, {}, f"c{n}"), version)
                    version = result.version
                    n += 1
                service_best = min(service_best, (time.perf_counter() - t0) / PER_ROUND)
                # the event the service just stored, as it stored it: the same payload
                last = list(service.app.events.get(game_uuid("bench"), gt=version - 1))[-1]
                t0 = time.perf_counter()
                for _ in range(PER_ROUND):
                    bare_version += 1
                    service.app.events.put([replace(last, originator_id=bare_id, originator_version=bare_version)])
                bare_best = min(bare_best, (time.perf_counter() - t0) / PER_ROUND)
            return service_best, bare_best
        finally:
            service.close()


def run() -> list[Row]:
    rows = []
    for store in STORES:
        value, baseline = measure(store)
        rows.append(Row(f"{store}: service.submit (1 event) vs bare events.put of it", value, baseline))
    # In memory the append costs next to nothing, so the value is what the service itself
    # costs per command in CPU, whatever the disks of a shared machine are doing.
    value, baseline = measure("memory")
    rows.append(Row("memory: service.submit (1 event), the service's own CPU cost, vs events.put", value, baseline))
    return rows
