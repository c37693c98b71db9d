"""Push (``GET /games/{id}/stream``, docs/streaming.md) against a real server: a uvicorn
process on a free port (``bench._http_app:app``: the real API with the fake counting
game, on a SQLite store) and real streaming clients (httpx).

* a player's stream carries exactly the events ``/events`` gives that player (the
  opponent's hand redacted), the judge's the whole events, each ``id: <seq>``;
* commands sent by another client arrive on the stream, each batch followed by a
  ``decision`` naming who must act; the stream ends at game end;
* a reconnect with ``Last-Event-ID`` (or ``?after=``) resumes with no gap and no duplicate,
  also for 20 streams on 5 games reconnecting while commands are sent;
* a game awaiting entropy streams its deal status, then its events once dealt;
* heartbeats on idle streams, the per-process bound (503), and the errors.
"""

from __future__ import annotations

import json
import random
import secrets
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from bench._server import start, stop
from service.app import GameService
from service.settings import Settings
from service.stream import EventNotifier, GameStreams, StreamsFullError

JUDGE = "stream-judge-" + "s" * 40
MAX_STREAMS = 24


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("stream") / "games.db"
    env = {
        "ADJUDICATOR_STORE": "sqlite",
        "ADJUDICATOR_SQLITE_PATH": str(db),
        "ADJUDICATOR_JUDGE_TOKEN": JUDGE,
        "ADJUDICATOR_ALLOW_CLIENT_SEED": "true",
        "ADJUDICATOR_MAX_STREAMS": str(MAX_STREAMS),
        "ADJUDICATOR_STREAM_HEARTBEAT_SECONDS": "1",
    }
    proc, base = start("bench._http_app:app", env)
    try:
        yield base
    finally:
        stop(proc)


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(url: str, game_id: str, variant: str = "short", seeded: bool = True) -> dict[str, str]:
    body: dict[str, Any] = {
        "ruleset": "FAKE-1",
        "variant": variant,
        "game_id": game_id,
        "first_player": "p1",
        "players": [
            {"id": "p1", "name": "Alice", "deck": {"starter": "counters"}},
            {"id": "p2", "name": "Bob", "deck": {"starter": "sixes"}},
        ],
    }
    if seeded:
        body["seed"] = 7
    created = httpx.post(f"{url}/games", json=body, timeout=10)
    assert created.status_code == 201, created.text
    tokens: dict[str, str] = created.json()["player_tokens"]
    return tokens


def send(url: str, game_id: str, tokens: dict[str, str], player: str, cid: str, type_: str, **args: Any) -> int:
    r = httpx.post(
        f"{url}/games/{game_id}/commands",
        json={"command_id": cid, "type": type_, "args": args},
        headers=auth(tokens[player]),
        timeout=10,
    )
    assert r.status_code == 200, r.text
    return int(r.json()["version"])


def finish(url: str, game_id: str, tokens: dict[str, str]) -> None:
    """p1 +3, p2 +3, p1 +3: p1 reaches the short game's target (4) and wins."""
    send(url, game_id, tokens, "p1", f"{game_id}-f1", "Increment", by=3)
    send(url, game_id, tokens, "p2", f"{game_id}-f2", "Increment", by=3)
    send(url, game_id, tokens, "p1", f"{game_id}-f3", "Increment", by=3)


@dataclass
class Message:
    event: str
    data: Any
    id: str | None


@dataclass
class Read:
    messages: list[Message] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    ended: bool = False
    """The server closed the stream (as opposed to the reader stopping)."""

    @property
    def events(self) -> list[dict[str, Any]]:
        return [m.data for m in self.messages if m.event != "decision"]

    @property
    def decisions(self) -> list[dict[str, Any]]:
        return [m.data for m in self.messages if m.event == "decision"]


def read_stream(
    url: str,
    game_id: str,
    token: str,
    *,
    headers: dict[str, str] | None = None,
    params: dict[str, Any] | None = None,
    stop_after: int | None = None,
    until: float = 30.0,
) -> Read:
    """Parse the SSE stream until the server ends it, ``stop_after`` event messages were
    read (then disconnect), or ``until`` seconds passed (then fail)."""
    out = Read()
    deadline = time.monotonic() + until
    fields: dict[str, str] = {}
    with httpx.stream(
        "GET",
        f"{url}/games/{game_id}/stream",
        headers={**auth(token), **(headers or {})},
        params=params,
        timeout=httpx.Timeout(10.0),
    ) as r:
        assert r.status_code == 200, r.read()
        assert r.headers["content-type"].startswith("text/event-stream")
        for line in r.iter_lines():
            assert time.monotonic() < deadline, f"stream of {game_id} did not end in {until} s"
            if line.startswith(":"):
                out.comments.append(line)
                continue
            if line:
                name, _, value = line.partition(":")
                fields[name] = value[1:] if value.startswith(" ") else value
                continue
            if "data" in fields:
                out.messages.append(
                    Message(fields.get("event", "message"), json.loads(fields["data"]), fields.get("id"))
                )
                if stop_after is not None and len(out.events) >= stop_after:
                    return out
            fields = {}
        out.ended = True
    return out


def in_thread(fn: Any, *args: Any, **kwargs: Any) -> tuple[threading.Thread, list[Any]]:
    box: list[Any] = []

    def run() -> None:
        try:
            box.append(fn(*args, **kwargs))
        except BaseException as exc:  # re-raised by the test
            box.append(exc)

    t = threading.Thread(target=run)
    t.start()
    return t, box


def result(t: threading.Thread, box: list[Any], timeout: float = 60) -> Any:
    t.join(timeout)
    assert not t.is_alive(), "the reader did not finish"
    if isinstance(box[0], BaseException):
        raise box[0]
    return box[0]


def events_of(url: str, game_id: str, token: str) -> list[dict[str, Any]]:
    body = httpx.get(f"{url}/games/{game_id}/events", headers=auth(token), params={"limit": 1000}, timeout=10).json()
    events: list[dict[str, Any]] = body["events"]
    return events


def test_a_players_stream_is_their_events_live_then_ends_with_the_game(url: str) -> None:
    tokens = create(url, "live")
    bob_t, bob = in_thread(read_stream, url, "live", tokens["p2"])
    alice_t, alice = in_thread(read_stream, url, "live", tokens["p1"])
    judge_t, judge = in_thread(read_stream, url, "live", JUDGE)
    time.sleep(0.5)  # the streams are open and have sent the start of the game
    finish(url, "live", tokens)
    bob_read, alice_read, judge_read = result(bob_t, bob), result(alice_t, alice), result(judge_t, judge)
    for read, token in ((bob_read, tokens["p2"]), (alice_read, tokens["p1"]), (judge_read, JUDGE)):
        assert read.ended
        assert read.events == events_of(url, "live", token)
        assert [m.id for m in read.messages if m.event != "decision"] == [str(e["seq"]) for e in read.events]
        assert [m.event for m in read.messages if m.event != "decision"] == [e["type"] for e in read.events]
    assert [e["seq"] for e in judge_read.events] == list(range(1, 10))
    # the opponent's hand is hidden from each player, shown to its owner and the judge
    dealt = {
        r: {e["data"]["player"]: e["data"]["cards"] for e in x.events if e["type"] == "HandDealt"}
        for r, x in (("bob", bob_read), ("alice", alice_read), ("judge", judge_read))
    }
    assert dealt["bob"]["p1"] is None and dealt["bob"]["p2"] == ["F-006", "F-006"]
    assert dealt["alice"]["p2"] is None and dealt["alice"]["p1"] is not None
    assert dealt["judge"]["p1"] is not None and dealt["judge"]["p2"] == ["F-006", "F-006"]
    assert "seed" not in bob_read.events[0]["data"] and "seed" in judge_read.events[0]["data"]
    # the judge's stream shows hidden information: it is on the game's judge-read record
    reads = httpx.get(f"{url}/games/live/judge-reads", headers=auth(JUDGE), timeout=10).json()["reads"]
    assert [r["endpoint"] for r in reads].count("GET /games/live/stream") == 1
    # a decision closes every batch: the version it names is the last event before it
    last_seq = 0
    for m in bob_read.messages:
        if m.event == "decision":
            assert m.data["version"] == last_seq
        else:
            last_seq = m.data["seq"]
    assert bob_read.messages[-1].event == "decision"
    final = bob_read.decisions[-1]
    assert final["finished"] is True and final["status"] == "finished" and final["players_to_act"] == []
    assert final["integrity"]["status"] == "intact"
    to_act = {d["version"]: d["players_to_act"] for d in bob_read.decisions}
    assert to_act[3] == ["p1"] and to_act[5] == ["p2"] and to_act[7] == ["p1"]


def test_a_finished_game_streams_its_events_and_ends_at_once(url: str) -> None:
    tokens = create(url, "over")
    finish(url, "over", tokens)
    read = read_stream(url, "over", tokens["p2"], until=10)
    assert read.ended and read.events == events_of(url, "over", tokens["p2"])
    assert [m.event for m in read.messages].count("decision") == 1 and read.decisions[0]["finished"] is True


def test_reconnecting_with_last_event_id_or_after_resumes_without_gap_or_duplicate(url: str) -> None:
    tokens = create(url, "resume")
    first = read_stream(url, "resume", tokens["p1"], stop_after=2)
    assert [e["seq"] for e in first.events] == [1, 2] and not first.ended
    send(url, "resume", tokens, "p1", "r1", "Increment", by=3)
    send(url, "resume", tokens, "p2", "r2", "Pass")
    second = read_stream(url, "resume", tokens["p1"], headers={"Last-Event-ID": "2"}, stop_after=4)
    assert [e["seq"] for e in second.events] == [3, 4, 5, 6]
    reader_t, box = in_thread(read_stream, url, "resume", tokens["p1"], params={"after": 6})
    send(url, "resume", tokens, "p1", "r3", "Increment", by=3)
    third = result(reader_t, box)
    assert third.ended
    assert [e["seq"] for e in first.events + second.events + third.events] == list(range(1, 9))
    assert first.events + second.events + third.events == events_of(url, "resume", tokens["p1"])
    # the header wins over ?after= (a browser's EventSource resends its original URL)
    again = read_stream(url, "resume", tokens["p1"], headers={"Last-Event-ID": "7"}, params={"after": 1})
    assert [e["seq"] for e in again.events] == [8]


def test_twenty_streams_on_five_games_reconnecting_under_load_lose_nothing(url: str) -> None:
    games = [f"load{n}" for n in range(5)]
    tokens = {g: create(url, g, variant="standard") for g in games}
    rounds = 30  # passes per player before the game is played out
    reconnects: list[int] = []
    refused: list[int] = []

    def drive(game_id: str) -> None:
        t = tokens[game_id]
        for k in range(rounds):
            send(url, game_id, t, "p1", f"{game_id}-a{k}", "Pass")
            send(url, game_id, t, "p2", f"{game_id}-b{k}", "Pass")
        for k in range(4):  # +3 each: p1 reaches 10 on its fourth
            send(url, game_id, t, "p1", f"{game_id}-c{k}", "Increment", by=3)
            if k < 3:
                send(url, game_id, t, "p2", f"{game_id}-d{k}", "Increment", by=1)

    def follow(game_id: str, who: str, seed: int) -> list[dict[str, Any]]:
        """Read the whole game, disconnecting after a random few events each time."""
        rng = random.Random(seed)
        token = JUDGE if who == "judge" else tokens[game_id][who]
        seen: list[dict[str, Any]] = []
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            headers = {"Last-Event-ID": str(seen[-1]["seq"])} if seen else {}
            try:
                read = read_stream(url, game_id, token, headers=headers, stop_after=rng.randint(3, 25), until=60)
            except AssertionError as exc:  # the bound: a slot not yet freed by a stream just closed
                if "503" not in str(exc) and "too_many" not in str(exc):
                    raise
                refused.append(1)
                time.sleep(0.2)
                continue
            seen.extend(read.events)
            if read.ended:
                return seen
            reconnects.append(1)
        raise AssertionError(f"{who}'s stream of {game_id} did not end")

    readers = [
        in_thread(follow, g, who, n * 10 + i)
        for n, g in enumerate(games)
        for i, who in enumerate(("p1", "p2", "judge", "p1"))
    ]
    time.sleep(0.3)
    started = time.monotonic()
    drivers = [threading.Thread(target=drive, args=(g,)) for g in games]
    for d in drivers:
        d.start()
    for d in drivers:
        d.join(120)
    seen = [result(t, box, timeout=120) for t, box in readers]
    elapsed = time.monotonic() - started
    for g, who_seen in zip([g for g in games for _ in range(4)], seen, strict=True):
        assert [e["seq"] for e in who_seen] == list(range(1, len(who_seen) + 1)), g
    for k, g in enumerate(games):
        per_game = seen[4 * k : 4 * k + 4]
        assert per_game[0] == events_of(url, g, tokens[g]["p1"]) == per_game[3]
        assert per_game[1] == events_of(url, g, tokens[g]["p2"])
        assert per_game[2] == events_of(url, g, JUDGE)
        assert len(per_game[2]) == 3 + 2 * rounds + 4 * 2 + 3 * 2
    assert len(reconnects) >= 20, "the readers should have reconnected many times"
    assert elapsed < 90 and len(reconnects) + len(refused) < 2000


def test_a_game_awaiting_entropy_streams_its_deal_then_its_events(url: str) -> None:
    tokens = create(url, "deal", seeded=False)
    reader_t, box = in_thread(read_stream, url, "deal", tokens["p2"])
    time.sleep(0.5)
    r = httpx.post(f"{url}/games/deal/entropy", json={"entropy": secrets.token_hex(32)}, headers=auth(tokens["p1"]))
    assert r.status_code == 200, r.text
    time.sleep(1.5)  # a poll interval: the stream reports that p1 contributed
    r = httpx.post(f"{url}/games/deal/entropy", json={"entropy": secrets.token_hex(32)}, headers=auth(tokens["p2"]))
    assert r.status_code == 200, r.text
    finish(url, "deal", tokens)
    read = result(reader_t, box)
    waiting = [d for d in read.decisions if d["status"] == "awaiting_entropy"]
    assert [d["missing"] for d in waiting] == [["p1", "p2"], ["p2"]]
    assert waiting[0]["players_to_act"] == ["p1", "p2"] and waiting[0]["version"] == 0
    assert read.messages[0].event == "decision"  # before any event
    assert read.ended and read.events == events_of(url, "deal", tokens["p2"])


def test_an_idle_stream_sends_heartbeats(url: str) -> None:
    tokens = create(url, "idle")
    reader_t, box = in_thread(read_stream, url, "idle", tokens["p1"])
    time.sleep(2.6)  # heartbeats every second here (ADJUDICATOR_STREAM_HEARTBEAT_SECONDS=1)
    finish(url, "idle", tokens)
    read = result(reader_t, box)
    assert read.comments.count(": heartbeat") >= 2 and read.ended


def test_streams_are_bounded_per_process(url: str) -> None:
    tokens = create(url, "bound")
    opened: list[Any] = []
    clients = [httpx.Client(base_url=url, timeout=10) for _ in range(MAX_STREAMS + 1)]
    try:
        deadline = time.monotonic() + 10
        for c in clients[:MAX_STREAMS]:
            while True:  # slots of streams closed by earlier tests come back within a poll interval
                cm = c.stream("GET", "/games/bound/stream", headers=auth(tokens["p1"]))
                response = cm.__enter__()
                if response.status_code != 503 or time.monotonic() > deadline:
                    break
                cm.__exit__(None, None, None)
                time.sleep(0.2)
            assert response.status_code == 200
            opened.append(cm)
        full = clients[-1].get("/games/bound/stream", headers=auth(tokens["p1"]))
        assert full.status_code == 503 and full.json()["error"]["code"] == "stream/too_many"
        assert full.headers["retry-after"] == "5"
        # commands still go through while every stream slot is taken
        send(url, "bound", tokens, "p1", "b1", "Pass")
    finally:
        for cm in opened:
            cm.__exit__(None, None, None)
        for c in clients:
            c.close()
    deadline = time.monotonic() + 10
    while True:  # the slots come back once the server sees the disconnects
        with httpx.stream("GET", f"{url}/games/bound/stream", headers=auth(tokens["p1"]), timeout=2) as again:
            status = again.status_code
        if status != 503 or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert status == 200


def test_stream_errors_are_structured(url: str) -> None:
    tokens = create(url, "errs")
    missing = httpx.get(f"{url}/games/nope/stream", headers=auth(JUDGE))
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "game/not_found"
    assert httpx.get(f"{url}/games/errs/stream").status_code == 401
    bad = httpx.get(f"{url}/games/errs/stream", headers={**auth(tokens["p1"]), "Last-Event-ID": "x1"})
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "stream/bad_id"
    other = httpx.get(f"{url}/games/errs/stream", headers=auth(tokens["p1"]), params={"viewer": "p2"})
    assert other.status_code == 403 and other.json()["error"]["code"] == "auth/forbidden"


# ------------------------------------------------------------------ in process


def test_the_notifier_wakes_a_waiter_when_its_game_moves() -> None:
    notifier = EventNotifier()
    woke: list[bool] = []
    t = threading.Thread(target=lambda: woke.append(notifier.wait("g", 3, timeout=10)))
    t.start()
    time.sleep(0.1)
    notifier.published("other", 9)  # another game: not this waiter's
    notifier.published("g", 3)  # not past what it has
    time.sleep(0.1)
    assert t.is_alive()
    started = time.monotonic()
    notifier.published("g", 4)
    t.join(5)
    assert woke == [True] and time.monotonic() - started < 1
    assert notifier.wait("g", 5, timeout=0.05) is False  # times out


def test_the_stream_bound_refuses_one_more_and_frees_on_release(tmp_path: Path, fake_engines: None) -> None:
    service = GameService(Settings(store="memory", allow_client_seed=True))
    try:
        streams = GameStreams(service, max_streams=2)
        a, b = streams.lease(), streams.lease()
        with pytest.raises(StreamsFullError):
            streams.lease()
        a.release()
        a.release()  # idempotent
        c = streams.lease()
        b.stop()
        c.stop()
        assert streams.active == 0
    finally:
        service.close()


def test_a_broken_games_stream_says_so_in_its_decision(fake_engines: None, catalogs: Any) -> None:
    from domain.kernel import PlayerSpec
    from service.app import game_uuid

    service = GameService(Settings(store="memory", allow_client_seed=True), catalogs)
    try:
        players = [PlayerSpec("p1", "Alice", {"starter": "counters"}), PlayerSpec("p2", "Bob", {"starter": "sixes"})]
        service.create_game(ruleset="FAKE-1", variant="short", players=players, seed=1, game_id="gb", first_player="p1")
        streams = GameStreams(service, max_streams=2, poll_seconds=0.05)
        lease = streams.lease()
        items = streams.open("gb", "p1", 0, lease)
        first = [next(items) for _ in range(4)]
        assert [i.kind for i in first] == ["event", "event", "event", "decision"]
        assert first[3].decision is not None and first[3].decision["integrity"]["status"] == "intact"
        assert first[3].decision["players_to_act"] == ["p1"]
        lease.stop()
        service.integrity.mark_broken(game_uuid("gb"), 2, "test: a link does not verify")
        again = streams.lease()
        [decision] = [next(streams.open("gb", "p1", 3, again))]
        assert decision.kind == "decision" and decision.decision is not None
        assert decision.decision["integrity"]["status"] == "broken"
        assert decision.decision["integrity"]["reason"] == "test: a link does not verify"
        again.stop()
        assert streams.active == 0
    finally:
        service.close()
