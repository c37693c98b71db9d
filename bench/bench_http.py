"""HTTP under load: 50 concurrent games driven over loopback by an async httpx client
against a real uvicorn process (``bench._http_app:app``: the real API, fake counting
game), on SQLite and on PostgreSQL, against a trivial FastAPI endpoint
(``bench._http_app:trivial``) driven the same way in the same run.

Each game is a task that sends ``Pass`` commands for its two players in turn, each with
its ``expected_version`` (so every command is a real append; any non-200 answer is
counted and reported).  Two phases per server:

* ``saturated``: every game sends its next command as soon as the last one is answered
  (closed loop, 50 in flight): sustained commands/s, and the latencies that queueing at
  that concurrency gives;
* ``paced``: every game sends one command every ``50 / PACED_RATE`` s on a fixed
  schedule (open loop, ``PACED_RATE`` commands/s in all): p50 and p99 latency at a load
  the server can carry.

The load generator shares the machine's CPUs with the server, as it does with the
baseline.  The server's CPU time per request in the saturated phase (user + system, read
from ``/proc``) is reported too: unlike latencies it hardly depends on what else the
machine runs, and with 50 requests in flight the latency is about 50 / throughput (Little's
law), so CPU per request is what bounds it.  Target: p99 under 50 ms on PostgreSQL with 50
concurrent games."""

from __future__ import annotations

import asyncio
import os
import statistics
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import httpx

from bench import Row
from bench._server import settings_env, start, stop
from bench._stores import STORES, store_settings

GAMES = 50
SECONDS = float(os.environ.get("BENCH_HTTP_SECONDS", "8"))
PACED_RATE = float(os.environ.get("BENCH_HTTP_RATE", "100"))
"""Commands per second in all, in the paced phase."""
JUDGE = "bench-judge-" + "j" * 40


@dataclass
class Load:
    latencies: list[float] = field(default_factory=list)
    errors: dict[int, int] = field(default_factory=dict)
    seconds: float = 0.0
    server_cpu: float = float("nan")
    """CPU seconds the server process spent during the phase (Linux ``/proc``)."""

    @property
    def cpu_per_request(self) -> float:
        return self.server_cpu / len(self.latencies)

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.seconds

    def quantile(self, q: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


Send = Callable[[httpx.AsyncClient, int], Awaitable[int]]
"""Sends the n-th request of one game; returns the HTTP status."""


async def drive(url: str, senders: list[Send], paced: bool) -> Load:
    """Every game has its own client and connection, like 50 independent tables (one
    shared httpx pool of 50 connections is itself the bottleneck: about 150 req/s)."""
    load = Load()
    interval = len(senders) / PACED_RATE
    clients = [httpx.AsyncClient(base_url=url, timeout=30.0) for _ in senders]
    start = time.perf_counter()
    stop_at = start + SECONDS

    async def game(index: int, send: Send) -> None:
        client = clients[index]
        n = 0
        next_at = start + interval * index / len(senders)  # spread the games over one interval
        while True:
            if paced:
                delay = next_at - time.perf_counter()
                if delay > 0:
                    await asyncio.sleep(delay)
                next_at += interval
            t0 = time.perf_counter()
            if t0 >= stop_at:
                return
            status = await send(client, n)
            load.latencies.append(time.perf_counter() - t0)
            if status != 200:
                load.errors[status] = load.errors.get(status, 0) + 1
            n += 1

    try:
        await asyncio.gather(*(game(i, s) for i, s in enumerate(senders)))
        load.seconds = time.perf_counter() - start
    finally:
        for client in clients:
            await client.aclose()
    return load


async def _game_senders(url: str) -> list[Send]:
    senders: list[Send] = []
    async with httpx.AsyncClient(base_url=url, timeout=30.0) as client:
        for g in range(GAMES):
            body = {
                "ruleset": "FAKE-1",
                "variant": "standard",
                "game_id": f"load{g}",
                "seed": g,
                "first_player": "p1",
                "players": [
                    {"id": "p1", "name": "Alice", "deck": {"starter": "counters"}},
                    {"id": "p2", "name": "Bob", "deck": {"starter": "sixes"}},
                ],
            }
            created = await client.post("/games", json=body)
            created.raise_for_status()
            senders.append(_sender(f"load{g}", created.json()["player_tokens"], created.json()["version"]))
    return senders


def _sender(game_id: str, tokens: dict[str, str], version: int) -> Send:
    state = {"version": version, "sent": 0}
    headers = {p: {"Authorization": f"Bearer {t}"} for p, t in tokens.items()}

    async def send(client: httpx.AsyncClient, n: int) -> int:
        k = state["sent"]
        state["sent"] += 1
        player = "p1" if k % 2 == 0 else "p2"
        command = {"command_id": f"{game_id}-{k}", "expected_version": state["version"], "type": "Pass", "args": {}}
        response = await client.post(f"/games/{game_id}/commands", json=command, headers=headers[player])
        if response.status_code == 200:
            state["version"] = response.json()["version"]
        return response.status_code

    return send


def _trivial_senders() -> list[Send]:
    def make(g: int) -> Send:
        async def send(client: httpx.AsyncClient, n: int) -> int:
            command = {"command_id": f"t{g}-{n}", "expected_version": n, "type": "Pass", "args": {}}
            response = await client.post(f"/trivial/t{g}", json=command, headers={"Authorization": "Bearer x"})
            return response.status_code

        return send

    return [make(g) for g in range(GAMES)]


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process so far (``nan`` without Linux ``/proc``)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _measured(pid: int, url: str, senders: list[Send], paced: bool) -> Load:
    before = _cpu_seconds(pid)
    load = asyncio.run(drive(url, senders, paced))
    load.server_cpu = _cpu_seconds(pid) - before
    return load


def _phases(pid: int, url: str, senders: Callable[[], list[Send]]) -> tuple[Load, Load]:
    return _measured(pid, url, senders(), paced=False), _measured(pid, url, senders(), paced=True)


def _check(name: str, load: Load) -> str:
    return f"; {sum(load.errors.values())} errors {load.errors}" if load.errors else ""


def run() -> list[Row]:
    rows: list[Row] = []
    proc, url = start("bench._http_app:trivial", {})
    try:
        base_sat, base_paced = _phases(proc.pid, url, _trivial_senders)
    finally:
        stop(proc)
    for store in STORES:
        with store_settings(store) as settings:
            proc, url = start("bench._http_app:app", {**settings_env(settings), "ADJUDICATOR_JUDGE_TOKEN": JUDGE})
            try:
                senders = asyncio.run(_game_senders(url))
                sat = _measured(proc.pid, url, senders, paced=False)
                paced = _measured(proc.pid, url, senders, paced=True)
            finally:
                stop(proc)
        label = f"service overhead (fake game): {store} HTTP, {GAMES} games"
        rows += [
            Row(
                f"{label}: saturated, server CPU per command vs per trivial request",
                sat.cpu_per_request,
                base_sat.cpu_per_request,
            ),
            Row(
                f"{label}: saturated commands/s vs trivial endpoint{_check(store, sat)}",
                sat.rate,
                base_sat.rate,
                "req/s",
            ),
            Row(f"{label}: saturated p50 vs trivial", statistics.median(sat.latencies), base_sat.quantile(0.5)),
            Row(f"{label}: saturated p99 vs trivial", sat.quantile(0.99), base_sat.quantile(0.99)),
            Row(
                f"{label}: paced {paced.rate:.0f} cmd/s, p50 vs trivial{_check(store, paced)}",
                paced.quantile(0.5),
                base_paced.quantile(0.5),
            ),
            Row(
                f"{label}: paced {paced.rate:.0f} cmd/s, p99 vs trivial",
                paced.quantile(0.99),
                base_paced.quantile(0.99),
            ),
        ]
    return rows
