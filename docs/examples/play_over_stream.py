"""An example platform client: plays a whole FoW game over HTTP, one request per decision.

Each player runs in its own thread with its own token and its own event stream
(``GET /games/{id}/stream``, docs/streaming.md).  The stream says whose decision is next
(the ``decision`` message); when it is this player's, the client sends its command, and
nothing else: no polling of ``/state`` or ``/legal-actions``.  What it needs to choose is in
the stream too (the ``ChoiceRequested`` events addressed to it, the ``TurnBegan`` events).

The strategy is deliberately simple (a real platform asks its user): keep the opening hand,
pass priority, and (with ``--concede-turn N``) concede when the game reaches turn N.  For a
decision it cannot answer from the stream (e.g. which cards to discard down to the hand
size, which needs to know the hand) it asks ``/legal-actions`` once and takes the first
action; those extra requests are counted and reported.  A choice of N from M is one action
whose ``choice`` gives the candidates and the counts (docs/legal-actions.md); its ``args``
already hold one valid selection, which this client sends (a real client lets its user pick
among ``choice["candidates"]``).

The game is dealt from both players' entropy (docs/randomness.md): each player's first
``decision`` says ``awaiting_entropy``, and its answer is ``POST /games/{id}/entropy``.

Run against a server (``uvicorn api.app:app``)::

    python docs/examples/play_over_stream.py --base-url http://127.0.0.1:8000 [--concede-turn 4]

It prints one JSON line: the game id, its result, the decisions made, the requests sent
(commands, entropy, other) and the requests per decision.  tests/deploy/test_example_client.py
runs it against a real uvicorn server on SQLite.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx

DECKS = {"p1": "fire-starter", "p2": "water-starter"}


@dataclass
class Message:
    """One Server-Sent Events message."""

    event: str = "message"
    data: str = ""
    id: str | None = None


def messages(lines: Iterator[str]) -> Iterator[Message]:
    """Parse an SSE stream (comments and ``retry:`` are skipped)."""
    current, data = Message(), []
    for line in lines:
        if line == "":
            if data:
                current.data = "\n".join(data)
                yield current
            current, data = Message(), []
        elif line.startswith(":"):
            continue  # a heartbeat
        else:
            name, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if name == "data":
                data.append(value)
            elif name == "event":
                current.event = value
            elif name == "id":
                current.id = value


@dataclass
class Counts:
    decisions: int = 0
    commands: int = 0
    entropy: int = 0
    other: int = 0
    reconnects: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, **more: int) -> None:
        with self.lock:
            for name, n in more.items():
                setattr(self, name, getattr(self, name) + n)


class Player:
    """One player's client: its stream, and a command for each of its decisions."""

    def __init__(self, base_url: str, game_id: str, player: str, token: str, counts: Counts, concede_turn: int | None):
        self.http = httpx.Client(base_url=base_url, headers={"Authorization": f"Bearer {token}"}, timeout=30.0)
        self.game_id, self.player, self.counts, self.concede_turn = game_id, player, counts, concede_turn
        self.last_id = 0  # the last event seq received: where a reconnect resumes
        self.turn = 0
        self.asked: dict[str, Any] | None = None  # the last ChoiceRequested addressed to this player
        self.answered = -1  # the version of the last decision answered
        self.entropy_sent = False
        self.final: dict[str, Any] | None = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            while self.final is None:
                try:
                    self._follow()
                except (httpx.TransportError, httpx.RemoteProtocolError):
                    self.counts.add(reconnects=1)
                    time.sleep(0.2)
        except BaseException as exc:  # reported by the main thread
            self.error = exc
        finally:
            self.http.close()

    def _follow(self) -> None:
        headers = {"Last-Event-ID": str(self.last_id)}
        timeout = httpx.Timeout(30.0, read=60.0)  # the server sends a heartbeat at least every 15 s
        with self.http.stream("GET", f"/games/{self.game_id}/stream", headers=headers, timeout=timeout) as r:
            r.raise_for_status()
            for m in messages(r.iter_lines()):
                if m.event == "decision":
                    self._decide(json.loads(m.data))
                    if self.final is not None:
                        return
                elif m.id is not None:
                    self.last_id = int(m.id)
                    self._saw(json.loads(m.data))

    def _saw(self, event: dict[str, Any]) -> None:
        if event["type"] == "TurnBegan":
            self.turn = int(event["data"]["turn"])
        elif event["type"] == "ChoiceRequested" and event["data"].get("player") == self.player:
            self.asked = event["data"]

    def _decide(self, decision: dict[str, Any]) -> None:
        if decision["finished"]:
            self.final = decision
            return
        if decision["status"] == "awaiting_entropy":
            if self.player in decision["missing"] and not self.entropy_sent:
                r = self.http.post(f"/games/{self.game_id}/entropy", json={"entropy": secrets.token_hex(32)})
                r.raise_for_status()
                self.entropy_sent = True
                self.counts.add(entropy=1)
            return
        pending = decision.get("pending")
        if not pending or pending["player"] != self.player or decision["version"] <= self.answered:
            return
        self.answered = decision["version"]
        self.counts.add(decisions=1)
        kind, version = pending["kind"], decision["version"]
        if self.concede_turn is not None and self.turn >= self.concede_turn:
            command: dict[str, Any] = {"type": "Concede", "args": {}}
        elif kind == "priority":
            command = {"type": "Pass", "args": {}}
        elif kind == "hand_change":
            command = {"type": "ChangeHand", "args": {"cards": []}}  # keep the opening hand
        else:
            command = self._first_legal()
        if not self._send(command, version) and command["type"] != "Concede":
            self._send(self._first_legal(), version)  # refused (e.g. a J/resonator must attack)

    def _first_legal(self) -> dict[str, Any]:
        self.counts.add(other=1)
        r = self.http.get(f"/games/{self.game_id}/legal-actions")
        r.raise_for_status()
        actions = [a for a in r.json()["actions"] if a["type"] != "Concede"] or r.json()["actions"]
        return {"type": actions[0]["type"], "args": actions[0]["args"]}

    def _send(self, command: dict[str, Any], version: int) -> bool:
        """Send one command; False if the rules refused it.  A version conflict means the
        decision moved on (the stream brings the next one)."""
        body = {**command, "command_id": f"{self.player}-{version}-{command['type']}", "expected_version": version}
        r = self.http.post(f"/games/{self.game_id}/commands", json=body)
        self.counts.add(commands=1)
        if r.status_code == 409:
            return True
        if r.status_code == 422 and r.json()["error"]["code"].startswith("rules/"):
            return False
        r.raise_for_status()
        return True


def play(base_url: str, concede_turn: int | None = None, api_key: str | None = None) -> dict[str, Any]:
    """Create a game, play it to its end with one client thread per player; the summary."""
    headers = {} if api_key is None else {"Authorization": f"Bearer {api_key}"}
    # each player says whether to be asked about automatic cards in hand (FoW-5.5 9.6 p2): never, here
    never = {"automatic_cards_in_hand": "never"}
    players = [{"id": p, "name": p.upper(), "deck": {"starter": deck, **never}} for p, deck in DECKS.items()]
    body = {"ruleset": "FoW-5.5", "variant": "valhalla", "first_player": "p1", "players": players}
    created = httpx.post(f"{base_url}/games", json=body, headers=headers, timeout=30.0)
    created.raise_for_status()
    game_id, tokens = created.json()["game_id"], created.json()["player_tokens"]
    counts = Counts()
    clients = [Player(base_url, game_id, p, tokens[p], counts, concede_turn) for p in DECKS]
    threads = [threading.Thread(target=c.run, name=c.player) for c in clients]
    started = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for c in clients:
        if c.error is not None:
            raise RuntimeError(f"{c.player}'s client failed") from c.error
    final = clients[0].final or {}
    requests = counts.commands + counts.other
    return {
        "game_id": game_id,
        "finished": bool(final.get("finished")),
        "version": final.get("version"),
        "decisions": counts.decisions,
        "commands": counts.commands,
        "other_requests": counts.other,
        "entropy_requests": counts.entropy,
        "reconnects": counts.reconnects,
        "requests_per_decision": round(requests / counts.decisions, 3) if counts.decisions else None,
        "seconds": round(time.monotonic() - started, 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base-url", default="http://127.0.0.1:8000")
    parser.add_argument("--concede-turn", type=int, default=None, help="concede when the game reaches this turn")
    parser.add_argument("--api-key", default=None, help="a platform API key, where the server requires one")
    args = parser.parse_args(argv)
    summary = play(args.base_url.rstrip("/"), args.concede_turn, args.api_key)
    print(json.dumps(summary))
    return 0 if summary["finished"] else 1


if __name__ == "__main__":
    sys.exit(main())
