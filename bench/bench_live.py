"""Latency of 50 live real FoW games paced at 100 commands/s, on SQLite and PostgreSQL.

Real work, not the fake game: ``RECORDINGS`` random legal FoW-5.5 games are recorded in
this process first (``bench_engine.playout``, full length; half between the starter decks,
half between real decks from the card database, ``REAL_DECKS``), then replayed over HTTP
against one real uvicorn process (``api.app:app``, the service as deployed).  Each of the
``GAMES`` games is created with its recording's seed (``ADJUDICATOR_ALLOW_CLIENT_SEED``, so
the deal is the recorded one) and first brought, unmeasured, to a different point of its
recording (game ``g`` skips ``g * SPREAD`` commands), so that the measured commands come from
the opening, the middle and the late game alike.  Then every game sends its next recorded
command with its player's token and ``expected_version`` on a fixed schedule, one every
``GAMES / RATE`` s (an open loop: ``RATE`` commands/s in all); a game whose recording ends
is created again from the start, and that creation is not a measured command.

A latency is measured from the command's **scheduled** send time, not from when the
client got round to sending it, so a slow answer that delays the next command counts
against the next one too (no coordinated omission).

Rows, each against the trivial FastAPI endpoint of ``bench._http_app:trivial`` paced the
same way in the same run:

* p50 and p99 latency (target: p99 under 50 ms on both stores);
* the server's CPU time per command (user + system from ``/proc``).

The load generator shares the machine's two CPUs with the server and the database."""

from __future__ import annotations

import asyncio
import dataclasses
import os
import statistics
import time
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import httpx

from bench import Row
from bench._server import settings_env, start, stop
from bench._stores import STORES, store_settings
from bench.bench_engine import SYSTEMS, System, deck_settings, playout
from bench.bench_http import _cpu_seconds

GAMES = int(os.environ.get("BENCH_LIVE_GAMES", "50"))
RATE = float(os.environ.get("BENCH_LIVE_RATE", "100"))
SECONDS = float(os.environ.get("BENCH_LIVE_SECONDS", "20"))
RECORDINGS = int(os.environ.get("BENCH_LIVE_RECORDINGS", "4"))
SPREAD = int(os.environ.get("BENCH_LIVE_SPREAD", "4"))
"""Game ``g`` starts its measured commands ``g * SPREAD`` commands into its recording."""
JUDGE = "bench-judge-" + "j" * 40
REAL_DECKS = System("FoW-5.5", "valhalla", ("faria-light", "alexander-fire"), frozenset({"Pass"}))
"""Two of the starter decks built from real cards of the database (service/catalogs/fow/real/)."""

Recording = tuple[System, int, tuple[tuple[str, str, dict[str, Any]], ...]]


@cache
def recordings() -> tuple[Recording, ...]:
    """``(system, seed, ((player, type, args), ...))`` of each recorded game."""
    out = []
    for n in range(RECORDINGS):
        system = SYSTEMS[0] if n % 2 == 0 else REAL_DECKS
        seed = 1 + n // 2
        _, steps, _ = playout(system, seed=seed)
        out.append((system, seed, tuple((c.player, c.type, dict(c.args)) for c, _ in steps)))
    return tuple(out)


@dataclass
class Load:
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    server_cpu: float = float("nan")

    def quantile(self, q: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    @property
    def cpu_per_request(self) -> float:
        return self.server_cpu / len(self.latencies)


@dataclass
class Table:
    """One live game: its recording, where it is in it, and its tokens."""

    index: int
    recording: Recording
    game_id: str = ""
    tokens: dict[str, str] = field(default_factory=dict)
    version: int = 0
    step: int = 0
    round: int = 0

    async def create(self, http: httpx.AsyncClient) -> None:
        system, seed, _ = self.recording
        self.round += 1
        self.game_id = f"live-{self.index}-{self.round}"
        body = {
            "ruleset": system.ruleset,
            "variant": system.variant,
            "game_id": self.game_id,
            "seed": seed,
            "unsupported": "manual",
            "players": [
                {"id": pid, "name": name, "deck": {"starter": deck, **deck_settings(SYSTEMS[0].ruleset)}}
                for pid, name, deck in zip(("p1", "p2"), ("Alice", "Bob"), system.decks, strict=True)
            ],
        }
        created = await http.post("/games", json=body)
        if created.status_code != 201:
            raise RuntimeError(f"create {created.status_code}: {created.text[:300]}")
        self.tokens, self.version, self.step = created.json()["player_tokens"], created.json()["version"], 0

    async def send(self, http: httpx.AsyncClient) -> str | None:
        """Sends the next recorded command; the error, if it was not accepted."""
        steps = self.recording[2]
        if self.step >= len(steps):
            await self.create(http)
        player, kind, args = steps[self.step]
        command = {"type": kind, "args": args, "command_id": f"c{self.step + 1}", "expected_version": self.version}
        r = await http.post(
            f"/games/{self.game_id}/commands", json=command, headers={"Authorization": f"Bearer {self.tokens[player]}"}
        )
        if r.status_code != 200:
            return f"{r.status_code} {r.text[:200]}"
        self.version = r.json()["version"]
        self.step += 1
        return None


async def _paced(url: str, tables: list[Table] | None) -> Load:
    """Every game sends one request per ``GAMES / RATE`` s, on a fixed schedule; ``tables``
    None drives the trivial endpoint."""
    load = Load()
    interval = GAMES / RATE
    clients = [httpx.AsyncClient(base_url=url, timeout=60.0) for _ in range(GAMES)]
    start_at = time.perf_counter()
    stop_at = start_at + SECONDS

    async def game(g: int) -> None:
        http = clients[g]
        due = start_at + interval * g / GAMES  # the games spread over one interval
        n = 0
        while due < stop_at:
            delay = due - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            if tables is None:
                body = {"command_id": f"t{g}-{n}", "expected_version": n, "type": "Pass", "args": {}}
                r = await http.post(f"/trivial/t{g}", json=body, headers={"Authorization": "Bearer x"})
                error = None if r.status_code == 200 else str(r.status_code)
            else:
                error = await tables[g].send(http)
            load.latencies.append(time.perf_counter() - due)
            if error is not None:
                load.errors[error] = load.errors.get(error, 0) + 1
                return
            due += interval
            n += 1

    try:
        await asyncio.gather(*(game(g) for g in range(GAMES)))
        load.seconds = time.perf_counter() - start_at
    finally:
        for client in clients:
            await client.aclose()
    return load


async def _prepare(url: str) -> list[Table]:
    """Creates the games and brings game ``g`` ``g * SPREAD`` commands into its recording."""
    tables = [Table(g, recordings()[g % len(recordings())]) for g in range(GAMES)]
    async with httpx.AsyncClient(base_url=url, timeout=60.0) as http:
        for table in tables:
            await table.create(http)
            for _ in range(min(table.index * SPREAD, len(table.recording[2]) - 1)):
                error = await table.send(http)
                if error is not None:
                    raise RuntimeError(f"preparing {table.game_id}: {error}")
    return tables


def _measured(pid: int, url: str, tables: list[Table] | None) -> Load:
    before = _cpu_seconds(pid)
    load = asyncio.run(_paced(url, tables))
    load.server_cpu = _cpu_seconds(pid) - before
    return load


def run() -> list[Row]:
    recordings()  # recorded before any server starts
    proc, url = start("bench._http_app:trivial", {})
    try:
        base = _measured(proc.pid, url, None)
    finally:
        stop(proc)
    rows: list[Row] = []
    for store in STORES:
        with store_settings(store) as settings:
            env = settings_env(dataclasses.replace(settings, judge_token=JUDGE, allow_client_seed=True))
            proc, url = start("api.app:app", {**env, "ADJUDICATOR_ENV": "development"})
            try:
                tables = asyncio.run(_prepare(url))
                load = _measured(proc.pid, url, tables)
            finally:
                stop(proc)
        if load.errors:
            raise RuntimeError(f"{store}: {load.errors}")
        label = f"{store}: {GAMES} live FoW games paced at {len(load.latencies) / load.seconds:.0f} cmd/s"
        rows += [
            Row(f"{label}, p50 vs trivial", statistics.median(load.latencies), base.quantile(0.5)),
            Row(f"{label}, p99 vs trivial", load.quantile(0.99), base.quantile(0.99)),
            Row(f"{label}, server CPU per command vs trivial", load.cpu_per_request, base.cpu_per_request),
        ]
    return rows
