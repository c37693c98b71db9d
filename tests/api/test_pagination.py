"""Cursor pagination (``limit``, ``cursor``, ``next``) of ``/events``, ``/timeline``,
``/rejections`` and ``/judge/games``, and the bounded storage of rejected attempts
(docs/streaming.md, "Pagination" and "Rejected attempts")."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from domain.kernel import Command
from service.app import GameService
from service.catalog import CardCatalogs
from service.errors import CommandRejectedError
from service.rejections import MAX_STORED_ARGS_BYTES, bounded_args
from service.settings import Settings

JUDGE = "paging-judge-" + "p" * 40


def game(game_id: str, variant: str = "standard") -> dict[str, Any]:
    return {
        "ruleset": "FAKE-1",
        "variant": variant,
        "game_id": game_id,
        "seed": 3,
        "first_player": "p1",
        "players": [
            {"id": "p1", "name": "Alice", "deck": {"starter": "counters"}},
            {"id": "p2", "name": "Bob", "deck": {"starter": "sixes"}},
        ],
    }


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def service(fake_engines: None, tmp_path: Path, catalogs: CardCatalogs) -> Iterator[GameService]:
    s = GameService(
        Settings(store="sqlite", sqlite_path=tmp_path / "games.db", allow_client_seed=True, judge_token=JUDGE),
        catalogs,
    )
    try:
        yield s
    finally:
        s.close()


@pytest.fixture
def client(service: GameService) -> Iterator[TestClient]:
    with TestClient(create_app(service=service)) as c:
        yield c


def passes(service: GameService, game_id: str, n: int) -> None:
    for k in range(n):
        service.submit(game_id, Command("Pass", "p1" if k % 2 == 0 else "p2", {}, f"{game_id}-pass-{k}"))


def walk(client: TestClient, first: str, token: str, key: str) -> tuple[list[Any], list[str]]:
    """Follow ``next`` from ``first``; the items of every page and the URLs followed."""
    items: list[Any] = []
    urls = [first]
    url: str | None = first
    while url is not None:
        r = client.get(url, headers=auth(token))
        assert r.status_code == 200, r.text
        body = r.json()
        items.extend(body[key])
        url = body["next"]
        if url is not None:
            urls.append(url)
        assert len(urls) < 100, "next never ends"
    return items, urls


def test_events_pages_follow_next_to_the_end_for_the_judge_and_a_player(client: TestClient) -> None:
    tokens = client.post("/games", json=game("g1")).json()["player_tokens"]
    for k in range(5):
        player = "p1" if k % 2 == 0 else "p2"
        r = client.post(
            "/games/g1/commands", headers=auth(tokens[player]), json={"command_id": f"c{k}", "type": "Pass"}
        )
        assert r.status_code == 200, r.text
    for token in (JUDGE, tokens["p2"]):
        whole = client.get("/games/g1/events", headers=auth(token)).json()
        assert whole["next"] is None and len(whole["events"]) == 8
        paged, urls = walk(client, "/games/g1/events?limit=3", token, "events")
        assert paged == whole["events"]
        assert urls == [
            "/games/g1/events?limit=3",
            "/games/g1/events?limit=3&cursor=3",
            "/games/g1/events?limit=3&cursor=6",
        ]
    # exactly at the end: a full last page says there is nothing after it
    assert client.get("/games/g1/events?limit=4&cursor=4", headers=auth(JUDGE)).json()["next"] is None
    # ``after`` still works, and ``next`` carries the cursor instead of it
    page = client.get("/games/g1/events?after=2&limit=2&viewer=p1", headers=auth(JUDGE)).json()
    assert [e["seq"] for e in page["events"]] == [3, 4]
    assert page["next"] == "/games/g1/events?limit=2&viewer=p1&cursor=4"


def test_the_timeline_of_a_long_game_is_pageable_to_its_end(client: TestClient, service: GameService) -> None:
    client.post("/games", json=game("long"))
    passes(service, "long", 2100)
    entries, urls = walk(client, "/games/long/timeline?limit=500", JUDGE, "entries")
    assert [e["seq"] for e in entries] == list(range(1, 2104))
    assert len(urls) == 5
    # the default page (1000) now says where the rest is
    first = client.get("/games/long/timeline", headers=auth(JUDGE)).json()
    assert len(first["entries"]) == 1000 and first["next"] == "/games/long/timeline?cursor=1000"


def test_rejections_are_paged_in_order(client: TestClient) -> None:
    tokens = client.post("/games", json=game("r1")).json()["player_tokens"]
    for k in range(7):  # p2 may not act on p1's turn
        r = client.post("/games/r1/commands", headers=auth(tokens["p2"]), json={"command_id": f"x{k}", "type": "Pass"})
        assert r.status_code == 422, r.text
    attempts, urls = walk(client, "/games/r1/rejections?limit=3", JUDGE, "attempts")
    assert [a["number"] for a in attempts] == list(range(1, 8))
    assert [a["command"]["id"] for a in attempts] == [f"x{k}" for k in range(7)]
    assert urls[1:] == ["/games/r1/rejections?limit=3&cursor=3", "/games/r1/rejections?limit=3&cursor=6"]
    whole = client.get("/games/r1/rejections", headers=auth(JUDGE)).json()
    assert whole["next"] is None and whole["attempts"] == attempts
    too_big = client.get("/games/r1/rejections?limit=501", headers=auth(JUDGE))
    assert too_big.status_code == 422


def test_the_judges_game_list_is_paged_by_game_id(client: TestClient) -> None:
    for game_id in ("gc", "ga", "ge", "gb", "gd"):
        assert client.post("/games", json=game(game_id)).status_code == 201
    rows, urls = walk(client, "/judge/games?limit=2&ruleset=FAKE-1", JUDGE, "games")
    assert [r["game_id"] for r in rows] == ["ga", "gb", "gc", "gd", "ge"]
    assert urls[1:] == [
        "/judge/games?limit=2&ruleset=FAKE-1&cursor=gb",
        "/judge/games?limit=2&ruleset=FAKE-1&cursor=gd",
    ]
    assert client.get("/judge/games", headers=auth(JUDGE)).json()["next"] is None


def test_bounded_args_keep_small_arguments_and_digest_large_ones() -> None:
    small = {"by": 2, "card": "F-001"}
    assert bounded_args(small) == small
    large = {"junk": "é" * MAX_STORED_ARGS_BYTES}
    canonical = json.dumps(large, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    assert bounded_args(large) == {
        "truncated": True,
        "bytes": len(canonical),
        "sha256": hashlib.sha256(canonical).hexdigest(),
    }
    edge = {"k": "x" * (MAX_STORED_ARGS_BYTES - len('{"k":""}'))}
    assert bounded_args(edge) == edge  # exactly at the cap: kept whole


def _store_bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in path.parent.glob(path.name + "*"))


def test_a_hundred_rejections_with_large_args_grow_the_store_by_little(
    client: TestClient, service: GameService, tmp_path: Path
) -> None:
    tokens = client.post("/games", json=game("big")).json()["player_tokens"]
    db = tmp_path / "games.db"
    before = _store_bytes(db)
    junk = "z" * 250_000
    for k in range(100):
        r = client.post(
            "/games/big/commands",
            headers=auth(tokens["p2"]),
            json={"command_id": f"big-{k}", "type": "Increment", "args": {"by": 1, "junk": junk}},
        )
        assert r.status_code == 422 and r.json()["error"]["code"] == "rules/not_your_turn", r.text
    grown = _store_bytes(db) - before
    assert grown < 1024 * 1024, f"100 rejections grew the store by {grown} bytes"
    attempts = client.get("/games/big/rejections", headers=auth(JUDGE)).json()["attempts"]
    assert len(attempts) == 100
    args = attempts[0]["command"]["args"]
    canonical = json.dumps({"by": 1, "junk": junk}, sort_keys=True, separators=(",", ":")).encode()
    assert args == {"truncated": True, "bytes": len(canonical), "sha256": hashlib.sha256(canonical).hexdigest()}
    assert attempts[0]["command"]["id"] == "big-0" and attempts[0]["command"]["type"] == "Increment"
    # small arguments are kept as sent
    with pytest.raises(CommandRejectedError):
        service.submit("big", Command("Increment", "p2", {"by": 2}, "small"))
    last = client.get("/games/big/rejections?cursor=100", headers=auth(JUDGE)).json()["attempts"]
    assert [a["command"]["args"] for a in last] == [{"by": 2}]
