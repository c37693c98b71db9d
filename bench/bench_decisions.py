"""What a platform pays per decision over HTTP, per ruleset, on a real recorded game.

Real work, not the fake game: one random legal game per ruleset (FoW-5.5, GCG-1.00,
LL-2.04) between its real starter decks is recorded in this process first
(``bench_engine.playout``, full length), then played again over HTTP against a real
uvicorn process (``api.app:app`` on SQLite, the default), created with the recording's
seed (``ADJUDICATOR_ALLOW_CLIENT_SEED``) so the deal is the recorded one.  Every decision
is a real ``decide`` on the real engine and a real append.

Two ways of playing the same game are compared, one after the other on the same server:

* **value, the stream** (docs/streaming.md): each player holds one ``GET /games/{id}/stream``
  open for the whole game, and a decision costs one request, the command
  (``POST /games/{id}/commands`` with ``expected_version``);
* **baseline, polling**, what a platform had to do before the stream: per decision
  ``GET /state`` (who must act), ``GET /legal-actions`` and the command.

Three rows per ruleset, each per decision (a decision = one recorded command):

* requests sent (the stream's two long-lived requests are counted, spread over the game);
* bytes on the wire in both directions at the HTTP body level: request bodies sent, plus
  response bodies and stream messages received by both players;
* server CPU (user + system of the uvicorn process, from ``/proc``), which includes
  writing each player's redacted stream messages.

The client shares the machine's CPUs with the server; the CPU row reads only the
server's own time."""

from __future__ import annotations

import dataclasses
import json
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import httpx

from bench import Row
from bench._server import settings_env, start, stop
from bench._stores import store_settings
from bench.bench_engine import SYSTEMS, System, deck_settings, playout

JUDGE = "bench-judge-" + "j" * 40
MAX_COMMANDS = int(os.environ.get("BENCH_DECISIONS_MAX", "100000"))
"""Cap on the commands replayed per game (the whole recorded game by default)."""


@cache
def recording(system: System) -> tuple[tuple[str, str, dict[str, Any]], ...]:
    """``((player, type, args), ...)`` of the ruleset's recorded game (seed 1)."""
    _, steps, _ = playout(system, seed=1)
    return tuple((c.player, c.type, dict(c.args)) for c, _ in steps)[:MAX_COMMANDS]


@dataclass
class Tally:
    decisions: int = 0
    requests: int = 0
    bytes: int = 0
    cpu: float = 0.0

    def add_bytes(self, n: int) -> None:
        with _lock:
            self.bytes += n


_lock = threading.Lock()


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (Linux ``/proc/<pid>/stat``)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _body(payload: dict[str, Any]) -> bytes:
    return json.dumps(payload, separators=(",", ":")).encode()


def _create(http: httpx.Client, system: System, game_id: str) -> tuple[dict[str, str], int]:
    body = {
        "ruleset": system.ruleset,
        "variant": system.variant,
        "game_id": game_id,
        "seed": 1,
        "unsupported": "manual",
        "players": [
            {"id": pid, "name": name, "deck": {"starter": deck, **deck_settings(system.ruleset)}}
            for pid, name, deck in zip(("p1", "p2"), ("Alice", "Bob"), system.decks, strict=True)
        ],
    }
    r = http.post("/games", json=body)
    if r.status_code != 201:
        raise RuntimeError(f"{system.ruleset}: create answered {r.status_code}: {r.text[:300]}")
    return r.json()["player_tokens"], int(r.json()["version"])


def _command(
    http: httpx.Client, game_id: str, token: str, k: int, step: tuple[str, str, dict[str, Any]], version: int
) -> tuple[int, int]:
    """Send the k-th recorded command; (the new version, bytes sent + received)."""
    _, kind, args = step
    body = _body({"type": kind, "args": args, "command_id": f"c{k}", "expected_version": version})
    r = http.post(
        f"/games/{game_id}/commands",
        content=body,
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    if r.status_code != 200:
        raise RuntimeError(f"command {k} ({kind}) answered {r.status_code}: {r.text[:300]}")
    return int(r.json()["version"]), len(body) + len(r.content)


class _Follower(threading.Thread):
    """One player's stream, held open for the whole game; ``seen`` is the version of the
    newest decision message it received.  A daemon: the driver moves on once every stream
    has seen the game's last version, and the stream ends with the server."""

    def __init__(self, base_url: str, game_id: str, token: str, tally: Tally) -> None:
        super().__init__(daemon=True)
        self.base_url, self.game_id, self.token, self.tally = base_url, game_id, token, tally
        self.seen = 0
        self.opened = threading.Event()
        self.error: BaseException | None = None
        self.counting = True
        """False once the driver has moved on: later bytes (heartbeats) are not this game's."""

    def run(self) -> None:
        try:
            headers = {"Authorization": f"Bearer {self.token}", "Last-Event-ID": "0"}
            timeout = httpx.Timeout(30.0, read=None)
            with (
                httpx.Client(base_url=self.base_url, timeout=timeout) as http,
                http.stream("GET", f"/games/{self.game_id}/stream", headers=headers) as r,
            ):
                r.raise_for_status()
                self.opened.set()
                for line in r.iter_lines():
                    if self.counting:
                        self.tally.add_bytes(len(line.encode()) + 1)
                    if line.startswith("data: ") and '"finished"' in line and '"players_to_act"' in line:
                        decision = json.loads(line[len("data: ") :])  # a decision message
                        self.seen = max(self.seen, int(decision["version"] or 0))
                        if decision.get("finished"):
                            return
        except BaseException as exc:  # reported by the driver while it waits
            self.error = exc
            self.opened.set()


def _stream_game(url: str, system: System, game_id: str, pid: int) -> Tally:
    tally = Tally()
    steps = recording(system)
    with httpx.Client(base_url=url, timeout=60.0) as http:
        tokens, version = _create(http, system, game_id)
        cpu0 = _cpu_seconds(pid)
        followers = {p: _Follower(url, game_id, t, tally) for p, t in tokens.items()}
        for f in followers.values():
            f.start()
            f.opened.wait(30)
        tally.requests += len(followers)
        for k, step in enumerate(steps, start=1):
            version, n = _command(http, game_id, tokens[step[0]], k, step, version)
            tally.add_bytes(n)
            tally.requests += 1
            tally.decisions += 1
        deadline = time.monotonic() + 60
        while any(f.seen < version for f in followers.values()):
            for f in followers.values():
                if f.error is not None and f.seen < version:
                    raise RuntimeError(f"{system.ruleset}: a stream failed") from f.error
            if time.monotonic() > deadline:
                seen = {p: f.seen for p, f in followers.items()}
                raise RuntimeError(f"{system.ruleset}: the streams saw {seen}, the game is at v{version}")
            time.sleep(0.01)
        for f in followers.values():
            f.counting = False
        tally.cpu = _cpu_seconds(pid) - cpu0
    return tally


def _polled_game(url: str, system: System, game_id: str, pid: int) -> Tally:
    tally = Tally()
    steps = recording(system)
    with httpx.Client(base_url=url, timeout=60.0) as http:
        tokens, version = _create(http, system, game_id)
        cpu0 = _cpu_seconds(pid)
        for k, step in enumerate(steps, start=1):
            auth = {"Authorization": f"Bearer {tokens[step[0]]}"}
            for path in ("state", "legal-actions"):
                r = http.get(f"/games/{game_id}/{path}", headers=auth)
                if r.status_code != 200:
                    raise RuntimeError(f"GET {path} answered {r.status_code}: {r.text[:300]}")
                tally.bytes += len(r.content)
            version, n = _command(http, game_id, tokens[step[0]], k, step, version)
            tally.bytes += n
            tally.requests += 3
            tally.decisions += 1
        tally.cpu = _cpu_seconds(pid) - cpu0
    return tally


def measure() -> dict[str, tuple[Tally, Tally]]:
    for system in SYSTEMS:
        recording(system)  # recorded before the server starts, outside the measured phases
    out: dict[str, tuple[Tally, Tally]] = {}
    with store_settings("sqlite") as settings:
        env = {
            **settings_env(dataclasses.replace(settings, judge_token=JUDGE, allow_client_seed=True)),
            "ADJUDICATOR_ENV": "development",
        }
        proc, url = start("api.app:app", env)
        try:
            for system in SYSTEMS:
                play: Callable[[str, System, str, int], Tally]
                tallies = []
                for mode, play in (("stream", _stream_game), ("polled", _polled_game)):
                    tallies.append(play(url, system, f"dec-{mode}-{system.ruleset.replace('.', '_')}", proc.pid))
                out[system.ruleset] = (tallies[0], tallies[1])
        finally:
            stop(proc)
    return out


def run() -> list[Row]:
    rows = []
    for ruleset, (stream, polled) in measure().items():
        n = stream.decisions
        what = f"{ruleset} over HTTP, one recorded game ({n} decisions), per decision"
        rows += [
            Row(f"{what}: requests, stream vs polling", stream.requests / n, polled.requests / polled.decisions, "req"),
            Row(f"{what}: bytes, stream vs polling", stream.bytes / n, polled.bytes / polled.decisions, "B"),
            Row(f"{what}: server CPU, stream vs polling", stream.cpu / n, polled.cpu / polled.decisions),
        ]
    return rows


if __name__ == "__main__":
    for row in run():
        print(row)
