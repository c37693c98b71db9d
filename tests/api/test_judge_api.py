"""The judge-only HTTP endpoints (timeline, why, state-at, rejections, games across the
store) on every store, and that player tokens cannot read through them."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from service.app import GameService
from service.catalog import CardCatalogs
from service.settings import Settings

JUDGE = "judge-" + "j" * 40
GAME: dict[str, Any] = {
    "ruleset": "FAKE-1",
    "variant": "short",
    "players": [
        {"id": "p1", "name": "Alice", "deck": {"starter": "counters"}},
        {"id": "p2", "name": "Bob", "deck": {"starter": "sixes"}},
    ],
    "seed": 7,
    "first_player": "p1",
    "game_id": "g1",
}


@pytest.fixture
def client(fake_engines: None, store_settings: Settings, catalogs: CardCatalogs) -> Iterator[TestClient]:
    service = GameService(dataclasses.replace(store_settings, judge_token=JUDGE), catalogs)
    try:
        with TestClient(create_app(service=service), raise_server_exceptions=False) as client:
            yield client
    finally:
        service.close()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def tokens(client: TestClient) -> dict[str, str]:
    created = client.post("/games", json=GAME)
    assert created.status_code == 201, created.text
    t: dict[str, str] = created.json()["player_tokens"]
    steps = [("p1", "a1", "Increment", {"by": 2}), ("p2", "b1", "Pass", {}), ("p1", "a2", "Increment", {"by": 3})]
    for player, cid, type_, args in steps:
        r = client.post(
            "/games/g1/commands", headers=auth(t[player]), json={"command_id": cid, "type": type_, "args": args}
        )
        assert r.status_code == 200, r.text
    return t


def test_timeline_and_why_for_the_judge(client: TestClient, tokens: dict[str, str]) -> None:
    timeline = client.get("/games/g1/timeline", headers=auth(JUDGE))
    assert timeline.status_code == 200, timeline.text
    entries = timeline.json()["entries"]
    assert [e["summary"] for e in entries][-3:] == [
        "Bob: turn passed (to Alice)",
        "Alice: incremented (by 3; total 5)",
        "Alice won the game",
    ]
    assert entries[3] == {
        "seq": 4,
        "type": "Incremented",
        "turn": 0,
        "phase": "",
        "step": "",
        "actor": "p1",
        "rule": "FAKE-1 3.2",
        "rule_title": "",
        "summary": "Alice: incremented (by 2; total 2)",
        "cause": "cmd:a1",
    }
    page = client.get("/games/g1/timeline?after=6&limit=1", headers=auth(JUDGE)).json()["entries"]
    assert [e["seq"] for e in page] == [7]

    chain = client.get("/games/g1/why/8", headers=auth(JUDGE)).json()["chain"]
    assert [(c["seq"], c["command"], c["summary"]) for c in chain] == [
        (8, None, "Alice won the game"),
        (7, None, "Alice: incremented (by 3; total 5)"),
        (None, "cmd:a2", "Alice sent Increment(by=3)"),
    ]
    missing = client.get("/games/g1/why/99", headers=auth(JUDGE))
    assert missing.status_code == 422 and missing.json()["error"]["code"] == "game/no_such_event"
    assert client.get("/games/nope/timeline", headers=auth(JUDGE)).status_code == 404


def test_rejections_are_listed_and_leave_the_game_version_alone(client: TestClient, tokens: dict[str, str]) -> None:
    before = client.get("/games/g1/state", headers=auth(JUDGE)).json()["version"]
    refused = client.post(
        "/games/g1/commands", headers=auth(tokens["p2"]), json={"command_id": "z", "type": "Increment", "args": {}}
    )
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "rules/game_over"
    assert client.get("/games/g1/state", headers=auth(JUDGE)).json()["version"] == before == 8
    listed = client.get("/games/g1/rejections", headers=auth(JUDGE))
    assert listed.status_code == 200, listed.text
    [attempt] = listed.json()["attempts"]
    assert {k: v for k, v in attempt.items() if k != "at"} == {
        "number": 1,
        "player": "p2",
        "command": {"type": "Increment", "player": "p2", "args": {}, "id": "z"},
        "code": "rules/game_over",
        "rule": "FAKE-1 5.1",
        "message": "p1 has already won",
        "based_on_version": 8,
    }
    assert attempt["at"].endswith("+00:00")


def test_state_at_for_the_judge_and_as_a_player_saw_it(client: TestClient, tokens: dict[str, str]) -> None:
    full = client.get("/games/g1/state-at?at=4", headers=auth(JUDGE)).json()
    assert (full["seq"], full["viewer"]) == (4, None)
    assert full["state"]["hands"] == {"p1": ["F-002", "F-001"], "p2": ["F-006", "F-006"]}
    as_bob = client.get("/games/g1/state-at?at=4&viewer=p2", headers=auth(JUDGE)).json()
    assert as_bob["state"]["hands"] == {"p1": {"count": 2}, "p2": ["F-006", "F-006"]}
    both = client.get("/games/g1/state-at?at=4&turn=1", headers=auth(JUDGE))
    assert both.status_code == 422


def test_player_tokens_cannot_use_the_judge_read_models(client: TestClient, tokens: dict[str, str]) -> None:
    for path in (
        "/games/g1/timeline",
        "/games/g1/why/3",
        "/games/g1/rejections",
        "/games/g1/state-at?at=4",
        "/games/g1/state-at?at=4&viewer=p1",
    ):
        for player in ("p1", "p2"):
            r = client.get(path, headers=auth(tokens[player]))
            assert r.status_code == 403, (path, player, r.text)
            assert r.json()["error"]["code"] == "auth/forbidden"
            assert "F-00" not in r.text
        assert client.get(path).status_code == 401
    for path in ("/judge/games", "/judge/games/g1"):
        assert client.get(path, headers=auth(tokens["p1"])).status_code == 401
        assert client.get(path).json()["error"]["code"] == "auth/missing_token"
    assert client.post("/judge/projections/rebuild", headers=auth(tokens["p1"])).status_code == 401


def test_games_across_the_store_and_read_your_writes(client: TestClient, tokens: dict[str, str]) -> None:
    other = {**GAME, "game_id": "g2", "variant": "standard"}
    other["players"] = [GAME["players"][0], {"id": "p3", "name": "Carol", "deck": {"starter": "sixes"}}]
    t2 = client.post("/games", json=other).json()["player_tokens"]
    games = client.get("/judge/games", headers=auth(JUDGE)).json()["games"]
    assert [(g["game_id"], g["finished"], g["winner"]) for g in games] == [("g1", True, "p1"), ("g2", False, None)]
    by_rule = client.get("/judge/games", params={"rule": "FAKE-1 5.1"}, headers=auth(JUDGE)).json()["games"]
    assert [(g["game_id"], g["rules"]) for g in by_rule] == [("g1", ["FAKE-1 5.1"])]
    by_player = client.get("/judge/games?player=Carol", headers=auth(JUDGE)).json()["games"]
    assert [g["game_id"] for g in by_player] == ["g2"]
    assert client.get("/judge/games?loss=conceded", headers=auth(JUDGE)).json()["games"] == []

    sent = client.post(
        "/games/g2/commands", headers=auth(t2["p1"]), json={"command_id": "n1", "type": "Increment", "args": {"by": 1}}
    ).json()
    row = client.get(f"/judge/games/g2?min_version={sent['version']}", headers=auth(JUDGE))
    assert row.status_code == 200, row.text
    assert row.json()["version"] == sent["version"] == 5

    rebuilt = client.post("/judge/projections/rebuild", headers=auth(JUDGE))
    assert rebuilt.status_code == 200 and rebuilt.json()["applied"] >= 13
    assert client.get("/judge/games", headers=auth(JUDGE)).json()["games"][1]["version"] == 5
