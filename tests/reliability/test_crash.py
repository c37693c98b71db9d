"""Crash safety: a real server process (uvicorn, SQLite and PostgreSQL) is killed with
SIGKILL in the middle of a load of commands.  Afterwards, read back from the store:

* no acknowledged command is lost: every command answered 200 is stored, at the version
  the answer gave, with the events the answer listed;
* no command is half-written: every ``Increment`` has both of its events (``Incremented``
  and the ``TurnPassed``/``GameWon`` it causes), every ``Pass`` its one, and the stream
  is gap-free;
* the store replays to the state the service loads, and a restarted server carries on.

The server is ``bench._http_app:app``: the real API with the fake counting game.  The
longer variant (``-m slow``) kills the server several times in a row.
"""

from __future__ import annotations

import signal
import threading
import time
from typing import Any

import httpx
import pytest

from bench._server import settings_env, start, stop
from service.app import GameService
from service.catalog import CardCatalogs
from service.settings import Settings
from tests.reliability.test_concurrency import assert_gap_free_and_replays

JUDGE = "crash-judge-" + "k" * 40
GAMES = 6


def _create(url: str, game_id: str, n: int) -> dict[str, Any]:
    body = {
        "ruleset": "FAKE-1",
        "variant": "standard",
        "game_id": game_id,
        "seed": n,
        "first_player": "p1",
        "players": [
            {"id": "p1", "name": "Alice", "deck": {"starter": "counters"}},
            {"id": "p2", "name": "Bob", "deck": {"starter": "sixes"}},
        ],
    }
    response = httpx.post(f"{url}/games", json=body, timeout=10)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def _drive(url: str, game: dict[str, Any], acked: dict[str, dict[str, Any]], stop_flag: threading.Event) -> None:
    """Send commands to one game until the server dies: p1 and p2 alternate; every
    fourth command is an Increment (two events), the rest Pass (one event)."""
    game_id, tokens = game["game_id"], game["player_tokens"]
    version, k = game["version"], 0
    with httpx.Client(base_url=url, timeout=5) as client:
        while not stop_flag.is_set():
            player = "p1" if k % 2 == 0 else "p2"
            command_id = f"{game_id}-{k}"
            by_increment = k % 4 == 0
            body = {
                "command_id": command_id,
                "expected_version": version,
                "type": "Increment" if by_increment else "Pass",
                "args": {"by": 1} if by_increment else {},
            }
            try:
                response = client.post(
                    f"/games/{game_id}/commands", json=body, headers={"Authorization": f"Bearer {tokens[player]}"}
                )
            except httpx.HTTPError:
                return  # the server is gone: this command may or may not have landed
            if response.status_code != 200:
                # the game may have ended (rules/game_over); anything else is a failure
                assert response.json()["error"]["code"] == "rules/game_over", response.text
                return
            answer = response.json()
            acked[command_id] = {"game": game_id, "type": body["type"], **answer}
            version = answer["version"]
            k += 1


def _kill_mid_load(
    settings: Settings, load_seconds: float, prefix: str = "crash"
) -> tuple[dict[str, dict[str, Any]], list[str]]:
    proc, url = start("bench._http_app:app", {**settings_env(settings), "ADJUDICATOR_JUDGE_TOKEN": JUDGE})
    try:
        games = [_create(url, f"{prefix}{n}", n) for n in range(GAMES)]
        acked: dict[str, dict[str, Any]] = {}
        stop_flag = threading.Event()
        drivers = [threading.Thread(target=_drive, args=(url, g, acked, stop_flag)) for g in games]
        for t in drivers:
            t.start()
        time.sleep(load_seconds)
        proc.send_signal(signal.SIGKILL)  # mid-load: requests are in flight
        proc.wait(timeout=10)
        stop_flag.set()
        for t in drivers:
            t.join(timeout=30)
        assert not any(t.is_alive() for t in drivers)
    finally:
        stop(proc, signal.SIGKILL)
    return acked, [g["game_id"] for g in games]


def _verify(settings: Settings, catalogs: CardCatalogs, acked: dict[str, dict[str, Any]], game_ids: list[str]) -> None:
    service = GameService(settings, catalogs)
    try:
        for cid, answer in acked.items():
            stored = service.events(answer["game"], after=answer["version"] - len(answer["events"]))
            mine = [e for e in stored if e.seq <= answer["version"]]
            assert [e.seq for e in mine] == [e["seq"] for e in answer["events"]], cid
            assert [e.type for e in mine] == [e["type"] for e in answer["events"]], cid
            assert mine[0].cause == f"cmd:{cid}", cid
        for game_id in game_ids:
            events = service.events(game_id)
            assert_gap_free_and_replays(service, game_id)
            # every command is whole: an Incremented is followed by the event it causes
            for i, e in enumerate(events):
                if e.type == "Incremented":
                    assert i + 1 < len(events), f"{game_id}: half-written Increment at {e.seq}"
                    assert events[i + 1].type in ("TurnPassed", "GameWon"), events[i + 1]
                    assert events[i + 1].cause == f"ev:{e.seq}"
                if e.type == "TurnPassed" and e.cause.startswith("ev:"):
                    assert events[i - 1].type == "Incremented"
    finally:
        service.close()


def _restart_and_continue(settings: Settings, game_id: str) -> None:
    """A new server on the same store serves the game and accepts the next command."""
    proc, url = start("bench._http_app:app", {**settings_env(settings), "ADJUDICATOR_JUDGE_TOKEN": JUDGE})
    try:
        judge = {"Authorization": f"Bearer {JUDGE}"}
        state = httpx.get(f"{url}/games/{game_id}/state", headers=judge, timeout=10)
        assert state.status_code == 200, state.text
        assert state.json()["version"] >= 3
    finally:
        stop(proc)


@pytest.mark.parametrize(
    "store_settings", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True
)
def test_sigkill_mid_load_loses_no_acknowledged_command_and_writes_no_half_command(
    fake_engines: None, store_settings: Settings, catalogs: CardCatalogs
) -> None:
    acked, game_ids = _kill_mid_load(store_settings, load_seconds=1.5)
    assert len(acked) >= 10, f"only {len(acked)} commands were acknowledged before the kill"
    _verify(store_settings, catalogs, acked, game_ids)
    _restart_and_continue(store_settings, game_ids[0])


@pytest.mark.slow
@pytest.mark.parametrize(
    "store_settings", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True
)
def test_repeated_sigkills(fake_engines: None, store_settings: Settings, catalogs: CardCatalogs) -> None:
    for round_ in range(5):
        acked, game_ids = _kill_mid_load(store_settings, 0.5 + round_ * 0.7, prefix=f"round{round_}-")
        _verify(store_settings, catalogs, acked, game_ids)
    _restart_and_continue(store_settings, game_ids[0])
