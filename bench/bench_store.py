"""Store overhead: one command through :meth:`GameService.submit` against a bare
eventsourcing append of the same stored event, on the same store (SQLite file and
PostgreSQL schema), interleaved in rounds.

The game is the fake counting game (``tests/fakes.py``): a ``Pass`` command produces one
``TurnPassed`` event and its ``decide`` costs microseconds, so the difference is what the
service adds around the append: taking its cached copy of the game (no read from the
store), the idempotency and version checks, the JSON round trips of the command and the
event, the hash-chain link, snapshotting every ``ADJUDICATOR_SNAPSHOT_INTERVAL`` events.  The baseline writes the same
``Game.Happened`` event (same payload, next version) straight to the application's event
store (``app.events.put``), with no load at all: the least an eventsourcing write can
cost; its events are built before its rounds are timed, so the baseline times only the
append.  The two alternate in ``ROUNDS`` rounds of ``PER_ROUND`` writes, which side goes
first alternating too, and each side's time is the **median** of its rounds: a burst of
load or disk jitter (a WAL checkpoint, another process's fsync) during a few rounds moves
neither side, and one lucky round cannot either (a best-of-rounds baseline can).  The row
names the spread of the per-round ratios (each round against its neighbour of the other
side).  The in-memory row is timed on this thread's CPU time rather than the wall clock
(see ``run``).  Target: ratio <= 1.5x."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import replace
from typing import NamedTuple
from uuid import uuid4

from bench import Row
from bench._stores import STORES, fake_catalogs, store_settings
from domain.kernel import Command, PlayerSpec
from service.app import GameService, game_uuid

PLAYERS = [
    PlayerSpec("p1", "Alice", {"starter": "counters"}),
    PlayerSpec("p2", "Bob", {"starter": "sixes"}),
]
ROUNDS = 15
PER_ROUND = 40


class Measured(NamedTuple):
    service: float
    """Median seconds per ``submit`` over the rounds."""
    bare: float
    """Median seconds per bare ``events.put`` over the rounds."""
    ratios: tuple[float, float]
    """The lowest and highest per-round ratio (service round / bare round next to it)."""


def measure(store: str, clock: Callable[[], float] = time.perf_counter) -> Measured:
    """Per-op times on ``clock``: wall clock for the stores (the disk and the server count),
    this thread's CPU time for the in-memory row."""
    with store_settings(store) as settings:
        service = GameService(settings, fake_catalogs())
        try:
            created = service.create_game("FAKE-1", "standard", PLAYERS, seed=1, first_player="p1", game_id="bench")
            version = created.version
            bare_id = uuid4()
            bare_version = 0
            n = 0
            service_rounds: list[float] = []
            bare_rounds: list[float] = []

            def service_round() -> None:
                nonlocal version, n
                t0 = clock()
                for _ in range(PER_ROUND):  # the command built inside, as before: the caller's cost counted
                    player = "p1" if n % 2 == 0 else "p2"
                    version = service.submit("bench", Command("Pass", player, {}, f"c{n}"), version).version
                    n += 1
                service_rounds.append((clock() - t0) / PER_ROUND)

            def bare_round() -> None:
                nonlocal bare_version
                # the event the service stored last, as it stored it: the same payload
                last = list(service.app.events.get(game_uuid("bench"), gt=version - 1))[-1]
                events = [
                    replace(last, originator_id=bare_id, originator_version=bare_version + i + 1)
                    for i in range(PER_ROUND)
                ]
                put = service.app.events.put
                t0 = clock()
                for event in events:
                    put([event])
                bare_rounds.append((clock() - t0) / PER_ROUND)
                bare_version += PER_ROUND

            service_round()  # warm-up (caches, first snapshot), not counted
            bare_round()
            service_rounds.clear()
            bare_rounds.clear()
            for r in range(ROUNDS):
                for side in (service_round, bare_round) if r % 2 == 0 else (bare_round, service_round):
                    side()
            ratios = [s / b for s, b in zip(service_rounds, bare_rounds, strict=True)]
            return Measured(
                statistics.median(service_rounds), statistics.median(bare_rounds), (min(ratios), max(ratios))
            )
        finally:
            service.close()


def run() -> list[Row]:
    rows = []
    for store in STORES:
        m = measure(store)
        spread = f"rounds {m.ratios[0]:.2f}-{m.ratios[1]:.2f}x"
        rows.append(
            Row(
                f"service overhead (fake game): {store}: service.submit (1 event) vs bare events.put of it ({spread})",
                m.service,
                m.bare,
            )
        )
    # In memory the append costs next to nothing, so the value is what the service itself
    # costs per command in CPU, whatever the disks of a shared machine are doing.
    # Timed on this thread's CPU time: on a loaded machine a round of 40 commands is often
    # descheduled once, and the wall clock would add the other processes' time slice to it.
    m = measure("memory", time.thread_time)
    rows.append(
        Row(
            "service overhead (fake game): memory: service.submit (1 event), the service's own CPU time, vs events.put",
            m.service,
            m.bare,
        )
    )
    return rows
