"""Throughput with one and with two API processes on one PostgreSQL, on real FoW games.

Real work, not the fake game: ``RECORDINGS`` random legal FoW-5.5 games between the real
starter decks are recorded in this process first (``bench_engine.playout``, full length),
then replayed over HTTP against real uvicorn processes (``api.app:app``, the service as
deployed, on PostgreSQL).  Each of ``GAMES`` concurrent clients creates a game with the
recording's seed (``ADJUDICATOR_ALLOW_CLIENT_SEED``, so the deal is the recorded one) and
sends the recorded commands one after the other with their players' tokens and
``expected_version``: every command is a real ``decide`` on the real engine and a real
append.  A game whose recording ends starts again as a new game.

Two processes are measured twice:

* ``sticky``: each game's requests go to one process (a load balancer with affinity by
  game, e.g. hashing the path): each process serves its games from its cache;
* ``random``: every request goes to a process chosen at random (no affinity): half the
  time the other process's cached copy is stale, its append conflicts on the version and
  the service retries on a fresh load (snapshot + events), as it must.  The worst case.

Measured per phase (``SECONDS`` of closed loop, every client sending its next command as
soon as the last is answered):

* commands/s acknowledged, 2 processes against 1 (ratio = time per command: below
  1.00x means two processes carry more);
* p99 latency at that saturation, 2 against 1;
* afterwards, every game's stored version is checked against the commands its client saw
  acknowledged: an acknowledged command that was lost, or one applied twice, fails the
  benchmark.

The load generator shares the machine's two CPUs with the servers and PostgreSQL, so two
processes can at best use what the generator and the database leave."""

from __future__ import annotations

import asyncio
import dataclasses
import os
import random
import statistics
import time
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import httpx

from bench import Row
from bench._server import settings_env, start, stop
from bench._stores import store_settings
from bench.bench_engine import SYSTEMS, playout

GAMES = int(os.environ.get("BENCH_SCALE_GAMES", "16"))
SECONDS = float(os.environ.get("BENCH_SCALE_SECONDS", "20"))
RECORDINGS = int(os.environ.get("BENCH_SCALE_RECORDINGS", "2"))
JUDGE = "bench-judge-" + "j" * 40


@cache
def recordings() -> tuple[tuple[int, tuple[tuple[str, str, dict[str, Any]], ...]], ...]:
    """``(seed, ((player, type, args), ...))`` of each recorded game."""
    out = []
    for seed in range(1, RECORDINGS + 1):
        _, steps, _ = playout(SYSTEMS[0], seed=seed)
        out.append((seed, tuple((c.player, c.type, dict(c.args)) for c, _ in steps)))
    return tuple(out)


@dataclass
class Phase:
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    acknowledged: dict[str, int] = field(default_factory=dict)
    """game id -> the version of its last acknowledged command."""
    seconds: float = 0.0

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.seconds

    def p99(self) -> float:
        return statistics.quantiles(self.latencies, n=100)[98]


async def _client(n: int, urls: list[str], phase: Phase, deadline: float, rng: random.Random, tag: str) -> None:
    seed, steps = recordings()[n % len(recordings())]
    decks = SYSTEMS[0].decks
    round_ = 0
    async with httpx.AsyncClient(timeout=60.0) as http:
        while time.monotonic() < deadline:
            round_ += 1
            game_id = f"scale-{tag}-{n}-{round_}"
            body = {
                "ruleset": SYSTEMS[0].ruleset,
                "variant": SYSTEMS[0].variant,
                "game_id": game_id,
                "seed": seed,
                "unsupported": "manual",
                "players": [
                    {"id": pid, "name": name, "deck": {"starter": deck}}
                    for pid, name, deck in zip(("p1", "p2"), ("Alice", "Bob"), decks, strict=True)
                ],
            }
            created = await http.post(f"{rng.choice(urls)}/games", json=body)
            if created.status_code != 201:
                key = f"create {created.status_code}: {created.text[:300]}"
                phase.errors[key] = phase.errors.get(key, 0) + 1
                return
            tokens, version = created.json()["player_tokens"], created.json()["version"]
            for k, (player, kind, args) in enumerate(steps):
                if time.monotonic() >= deadline:
                    return
                command = {"type": kind, "args": args, "command_id": f"c{k + 1}", "expected_version": version}
                t0 = time.perf_counter()
                r = await http.post(
                    f"{rng.choice(urls)}/games/{game_id}/commands",
                    json=command,
                    headers={"Authorization": f"Bearer {tokens[player]}"},
                )
                took = time.perf_counter() - t0
                if r.status_code != 200:
                    key = f"{r.status_code} {r.json().get('error', {}).get('code', '')}"
                    phase.errors[key] = phase.errors.get(key, 0) + 1
                    return
                phase.latencies.append(took)
                version = r.json()["version"]
                phase.acknowledged[game_id] = version


async def _run(urls: list[str], tag: str) -> Phase:
    phase = Phase()
    rngs = [random.Random(f"{tag}-{n}") for n in range(GAMES)]
    t0 = time.monotonic()
    deadline = t0 + SECONDS
    await asyncio.gather(*(_client(n, urls, phase, deadline, rngs[n], tag) for n in range(GAMES)))
    phase.seconds = time.monotonic() - t0
    # nothing acknowledged was lost, nothing applied twice: the stored version is the
    # version of the last command its client saw acknowledged
    async with httpx.AsyncClient(timeout=60.0) as http:
        for game_id, version in phase.acknowledged.items():
            r = await http.get(f"{urls[0]}/games/{game_id}/state", headers={"Authorization": f"Bearer {JUDGE}"})
            stored = r.json().get("version")
            if stored != version:
                phase.errors[f"lost or doubled: {game_id} stored {stored}, acknowledged {version}"] = 1
    return phase


def measure() -> tuple[Phase, Phase, Phase]:
    recordings()  # recorded before any server starts, outside the timed phases
    phases = []
    with store_settings("postgres") as settings:
        env = {
            **settings_env(dataclasses.replace(settings, judge_token=JUDGE, allow_client_seed=True)),
            "ADJUDICATOR_ENV": "development",
            # every replica holds the same keys (deploy/OPERATIONS.md), else each process
            # generates its own and finds the other's links broken
            "ADJUDICATOR_CHAIN_KEYS": "bench:" + "k" * 40,
        }
        for processes, routing in ((1, "sticky"), (2, "sticky"), (2, "random")):
            servers = [start("api.app:app", env) for _ in range(processes)]
            try:
                phases.append(asyncio.run(_run([url for _, url in servers], f"p{processes}-{routing}")))
            finally:
                for proc, _ in servers:
                    stop(proc)
    for name, phase in zip(("1 process", "2 sticky", "2 random"), phases, strict=True):
        if phase.errors:
            raise RuntimeError(f"{name}: {phase.errors}")
        if len(phase.latencies) < 100:
            raise RuntimeError(
                f"{name}: only {len(phase.latencies)} commands in {SECONDS} s: raise BENCH_SCALE_SECONDS"
            )
    return phases[0], phases[1], phases[2]


def run() -> list[Row]:
    one, sticky, anywhere = measure()
    rows = []
    for routing, two in (("sticky", sticky), ("random", anywhere)):
        rows += [
            Row(
                f"FoW over HTTP, PostgreSQL, {GAMES} games: per command, 2 processes {routing}"
                f" ({two.rate:.0f}/s) vs 1 ({one.rate:.0f}/s)",
                1 / two.rate,
                1 / one.rate,
            ),
            Row(
                f"FoW over HTTP, PostgreSQL, {GAMES} games saturated: p99, 2 processes {routing} vs 1",
                two.p99(),
                one.p99(),
            ),
        ]
    return rows
