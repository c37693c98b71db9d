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
processes can at best use what the generator and the database leave.

``wrk`` phases (when ``wrk`` is installed: Debian's package of that name; else they are
left out with a note): the Python generator above spends a CPU-heavy share of the machine
itself, so the same closed loop is also driven by ``wrk``, whose C threads cost next to
nothing.  The games are created first, unmeasured, by this process; every command of every
game is serialised beforehand into a Lua table (``_wrk_script``), and each wrk thread holds
one connection and sends its game's commands one after the other, each as soon as the last is
answered (without ``expected_version``: the order is the connection's).  One process: one wrk
with ``GAMES`` threads; two processes: two wrk at once, ``GAMES / 2`` threads each, one per
process (sticky by game).  Afterwards every game's stored version must be the version after
the commands wrk saw answered 200 (or one more: a command in flight when wrk stopped), from
the events each recorded command made: nothing acknowledged lost, nothing applied twice."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import random
import shutil
import statistics
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import httpx

from bench import Row
from bench._server import settings_env, start, stop
from bench._stores import store_settings
from bench.bench_engine import SYSTEMS, deck_settings, playout

GAMES = int(os.environ.get("BENCH_SCALE_GAMES", "16"))
SECONDS = float(os.environ.get("BENCH_SCALE_SECONDS", "20"))
RECORDINGS = int(os.environ.get("BENCH_SCALE_RECORDINGS", "2"))
JUDGE = "bench-judge-" + "j" * 40


@cache
def recordings() -> tuple[tuple[int, tuple[tuple[str, str, dict[str, Any]], ...]], ...]:
    """``(seed, ((player, type, args), ...))`` of each recorded game."""
    return tuple((seed, tuple(step[:3] for step in steps)) for seed, steps in _recorded())


@cache
def _recorded() -> tuple[tuple[int, tuple[tuple[str, str, dict[str, Any], int], ...]], ...]:
    """``(seed, ((player, type, args, events made), ...))`` of each recorded game."""
    out = []
    for seed in range(1, RECORDINGS + 1):
        _, steps, _ = playout(SYSTEMS[0], seed=seed)
        out.append((seed, tuple((c.player, c.type, dict(c.args), len(events)) for c, events in steps)))
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
    round_ = 0
    async with httpx.AsyncClient(timeout=60.0) as http:
        while time.monotonic() < deadline:
            round_ += 1
            game_id = f"scale-{tag}-{n}-{round_}"
            body = _create_body(game_id, seed)
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


def _create_body(game_id: str, seed: int) -> dict[str, Any]:
    return {
        "ruleset": SYSTEMS[0].ruleset,
        "variant": SYSTEMS[0].variant,
        "game_id": game_id,
        "seed": seed,
        "unsupported": "manual",
        "players": [
            {"id": pid, "name": name, "deck": {"starter": deck, **deck_settings(SYSTEMS[0].ruleset)}}
            for pid, name, deck in zip(("p1", "p2"), ("Alice", "Bob"), SYSTEMS[0].decks, strict=True)
        ],
    }


_WRK_LUA = r"""
local games = dofile(os.getenv("BENCH_WRK_DATA"))
local threads, counter = {}, 0
function setup(thread)
  counter = counter + 1
  thread:set("game", counter)
  table.insert(threads, thread)
end
function init(args)
  ok, errors, reqs = 0, 0, games[game]
end
function request()
  -- the next command not yet answered (wrk may build a request it does not send)
  if ok + errors >= #reqs then
    exhausted = true
    return wrk.format("GET", "/health")
  end
  return reqs[ok + errors + 1]
end
function response(status, headers, body)
  if status == 200 then
    ok = ok + 1
  elseif not exhausted then
    errors = errors + 1
    if first_error == nil then first_error = status .. " " .. string.sub(body, 1, 300) end
  end
end
function done(summary, latency, requests)
  local oks = {}
  for _, t in ipairs(threads) do
    local entry = string.format("%d:%d:%d:%s", t:get("game"), t:get("ok"), t:get("errors"),
      tostring(t:get("exhausted")))
    table.insert(oks, entry)
    if t:get("first_error") then io.write(string.format("WRKERR %d %s\n", t:get("game"), t:get("first_error"))) end
  end
  io.write(string.format("WRK %d %d %d %s\n", summary.requests, summary.duration,
    latency:percentile(99), table.concat(oks, ",")))
end
"""


@dataclass
class WrkPhase:
    commands: int = 0
    seconds: float = 0.0
    p99s: list[float] = field(default_factory=list)
    """Each wrk's p99 (seconds): their largest is the phase's."""

    @property
    def rate(self) -> float:
        return self.commands / self.seconds


def _lua_string(text: str) -> str:
    return json.dumps(text)  # a JSON string of ASCII text is a valid Lua string literal


def _wrk_phase(urls: list[str], tag: str, tmp: Path) -> WrkPhase:
    """One closed-loop phase driven by wrk (see the module's docstring)."""
    games_per_url = GAMES // len(urls)
    runs = []
    for u, url in enumerate(urls):
        lines, expected = ["return {"], []
        for n in range(games_per_url):
            seed, steps = _recorded()[(u * games_per_url + n) % len(_recorded())]
            game_id = f"wrk-{tag}-{u}-{n}"
            created = httpx.post(f"{url}/games", json=_create_body(game_id, seed), timeout=60.0)
            if created.status_code != 201:
                raise RuntimeError(f"create {created.status_code}: {created.text[:300]}")
            tokens, version = created.json()["player_tokens"], created.json()["version"]
            versions = [version]
            lines.append("{")
            for k, (player, kind, args, made) in enumerate(steps):
                body = json.dumps({"type": kind, "args": args, "command_id": f"c{k + 1}"}, ensure_ascii=True)
                request = (
                    f"POST /games/{game_id}/commands HTTP/1.1\r\nHost: bench\r\n"
                    f"Authorization: Bearer {tokens[player]}\r\nContent-Type: application/json\r\n"
                    f"Content-Length: {len(body)}\r\n\r\n{body}"
                )
                lines.append(_lua_string(request) + ",")
                versions.append(versions[-1] + made)
            lines.append("},")
            expected.append((game_id, versions))
        lines.append("}")
        data = tmp / f"{tag}-{u}.lua"
        data.write_text("\n".join(lines))
        script = tmp / "replay.lua"
        script.write_text(_WRK_LUA)
        runs.append((url, data, script, expected))
    procs = [
        subprocess.Popen(
            [
                "wrk",
                "-t",
                str(games_per_url),
                "-c",
                str(games_per_url),
                "-d",
                f"{SECONDS:g}s",
                "--timeout",
                "60s",
                "-s",
                str(script),
                url,
            ],
            env={**os.environ, "BENCH_WRK_DATA": str(data)},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for url, data, script, _ in runs
    ]
    phase = WrkPhase()
    for proc, (url, _, _, expected) in zip(procs, runs, strict=True):
        out, _ = proc.communicate(timeout=SECONDS + 120)
        line = next((x for x in out.splitlines() if x.startswith("WRK ")), None)
        refusals = [x for x in out.splitlines() if x.startswith("WRKERR ")]
        if refusals:
            raise RuntimeError(f"wrk at {url}: commands refused: {refusals[:3]}")
        if line is None:
            raise RuntimeError(f"wrk gave no summary:\n{out[-2000:]}")
        _, _, duration_us, p99_us, per_thread = line.split(" ")
        phase.seconds = max(phase.seconds, int(duration_us) / 1e6)
        phase.p99s.append(int(p99_us) / 1e6)
        for entry in per_thread.split(","):
            game, ok, errors, exhausted = entry.split(":")
            if int(errors) or exhausted == "true":
                raise RuntimeError(f"wrk game {game} at {url}: {errors} refused, recording exhausted: {exhausted}")
            game_id, versions = expected[int(game) - 1]
            phase.commands += int(ok)
            stored = httpx.get(
                f"{url}/games/{game_id}/state", headers={"Authorization": f"Bearer {JUDGE}"}, timeout=60.0
            ).json()["version"]
            allowed = versions[int(ok) : int(ok) + 2]  # or one more, in flight when wrk stopped
            if stored not in allowed:
                raise RuntimeError(f"lost or doubled: {game_id} stored {stored}, acknowledged {ok} commands: {allowed}")
    return phase


def measure_wrk() -> tuple[WrkPhase, WrkPhase] | None:
    """1 process and 2 sticky, driven by wrk; ``None`` without wrk."""
    if shutil.which("wrk") is None:
        return None
    _recorded()
    phases = []
    with store_settings("postgres") as settings, tempfile.TemporaryDirectory(prefix="bench-wrk-") as tmp:
        env = {
            **settings_env(dataclasses.replace(settings, judge_token=JUDGE, allow_client_seed=True)),
            "ADJUDICATOR_ENV": "development",
            "ADJUDICATOR_CHAIN_KEYS": "bench:" + "k" * 40,
        }
        for processes in (1, 2):
            servers = [start("api.app:app", env) for _ in range(processes)]
            try:
                phases.append(_wrk_phase([url for _, url in servers], f"p{processes}", Path(tmp)))
            finally:
                for proc, _ in servers:
                    stop(proc)
    return phases[0], phases[1]


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
    rows = []
    driven = measure_wrk()
    if driven is None:
        print("bench_scale: wrk is not installed (apt-get install wrk): its rows are left out")
    else:
        one_w, two_w = driven
        rows += [
            Row(
                f"FoW over HTTP, PostgreSQL, {GAMES} games, wrk: per command, 2 processes sticky"
                f" ({two_w.rate:.0f}/s) vs 1 ({one_w.rate:.0f}/s)",
                1 / two_w.rate,
                1 / one_w.rate,
            ),
            Row(
                f"FoW over HTTP, PostgreSQL, {GAMES} games saturated, wrk: p99, 2 processes sticky vs 1",
                max(two_w.p99s),
                max(one_w.p99s),
            ),
        ]
    one, sticky, anywhere = measure()
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
