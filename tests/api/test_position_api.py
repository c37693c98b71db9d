"""``POST /games/reconstruct``: a Force of Will game from a declared position, over HTTP."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from service.app import GameService
from service.catalog import CardCatalogs
from service.errors import PositionRejectedError
from service.settings import Settings
from tests.fow.test_position import base_position, cards

JUDGE = "judge-" + "y" * 40
PLAYERS = [{"id": "p1", "name": "Alice"}, {"id": "p2", "name": "Bob"}]


@pytest.fixture
def service(tmp_path: Path) -> Iterator[GameService]:
    root = tmp_path / "catalogs"
    (root / "fow").mkdir(parents=True)
    (root / "fow" / "cards.json").write_text(json.dumps({"cards": list(cards().values())}))
    catalogs = CardCatalogs(root=root, prefixes={"FoW-": "fow"})
    service = GameService(
        Settings(allow_client_seed=True, sqlite_path=tmp_path / "positions.db", judge_token=JUDGE), catalogs
    )
    yield service
    service.close()


@pytest.fixture
def client(service: GameService) -> Iterator[TestClient]:
    with TestClient(create_app(service=service), raise_server_exceptions=False) as client:
        yield client


def body(position: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"ruleset": "FoW-5.5", "variant": "valhalla", "players": PLAYERS, "position": position, **extra}


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_reconstructed_game_is_created_with_tokens_and_marked_in_every_view(client: TestClient) -> None:
    response = client.post("/games/reconstruct", json=body(base_position(), game_id="r1", seed=5))
    assert response.status_code == 201, response.text
    created = response.json()
    assert (created["game_id"], created["version"]) == ("r1", 1)
    assert response.headers["Cache-Control"] == "no-store"
    tokens = created["player_tokens"]
    alice = client.get("/games/r1/state", headers=auth(tokens["p1"])).json()["state"]
    bob = client.get("/games/r1/state", headers=auth(tokens["p2"])).json()["state"]
    judge = client.get("/games/r1/state", headers=auth(JUDGE)).json()["state"]
    assert alice["reconstructed"] is bob["reconstructed"] is judge["reconstructed"] is True
    assert bob["players"]["p1"]["zones"]["hand"] == {"count": 3, "cards": []}
    assert [c["card"] for c in alice["players"]["p1"]["zones"]["hand"]["cards"]] == ["T-BEAR", "T-BOLT", "T-GROW"]
    events = client.get("/games/r1/events", headers=auth(tokens["p2"])).json()["events"]
    assert events[0]["type"] == "PositionReconstructed" and events[0]["rule"] == "FoW-5.5 4.2"
    assert events[0]["data"]["position"]["players"][0]["hand"] == {"count": 3}
    assert "seed" not in events[0]["data"]


def test_play_continues_over_http(client: TestClient) -> None:
    tokens = client.post("/games/reconstruct", json=body(base_position(), game_id="r2", seed=5)).json()["player_tokens"]
    actions = client.get("/games/r2/legal-actions", headers=auth(tokens["p1"])).json()["actions"]
    play = next(a for a in actions if a["type"] == "PlayCard")
    response = client.post(
        "/games/r2/commands",
        headers=auth(tokens["p1"]),
        json={"command_id": "c1", "expected_version": 1, "type": "PlayCard", "args": play["args"]},
    )
    assert response.status_code == 200, response.text
    assert "CardPlayed" in [e["type"] for e in response.json()["events"]]
    refused = client.post(
        "/games/r2/commands", headers=auth(tokens["p1"]), json={"command_id": "c2", "type": "DeclineBlock"}
    )
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "rules/not_expected"


def test_an_impossible_position_answers_422_with_every_problem(client: TestClient) -> None:
    position = base_position()
    position["players"][0]["main_deck"].insert(0, "T-RULER")
    position["players"][1]["hand"][0] = "NOPE"
    response = client.post("/games/reconstruct", json=body(position, game_id="bad"))
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["code"] == "position/invalid"
    assert error["details"] == [
        {
            "code": "position/forbidden_zone",
            "path": "players[0].main_deck[0]",
            "rule": "FoW-5.5 3.15 p1",
            "message": "Test Ruler (T-RULER) is a ruler and cannot be in a main deck",
        },
        {
            "code": "position/unknown_card",
            "path": "players[1].hand[0]",
            "rule": "FoW-5.5 4.1 p1",
            "message": "there is no card 'NOPE' in the FoW-5.5 catalog",
        },
    ]
    assert client.get("/games/bad/state", headers=auth(JUDGE)).status_code == 404  # nothing was recorded


def test_malformed_requests_and_other_rulesets(client: TestClient) -> None:
    response = client.post("/games/reconstruct", json={"ruleset": "FoW-5.5", "players": PLAYERS})
    assert response.status_code == 422 and response.json()["error"]["code"] == "request/invalid"
    response = client.post("/games/reconstruct", json=body(base_position(), ruleset="NOPE-1"))
    assert response.status_code == 422 and response.json()["error"]["code"] == "ruleset/unknown"
    response = client.post("/games/reconstruct", json=body(base_position(), variant="standard"))
    assert response.status_code == 422 and response.json()["error"]["code"] == "ruleset/unknown_variant"
    client.post("/games/reconstruct", json=body(base_position(), game_id="twice"))
    response = client.post("/games/reconstruct", json=body(base_position(), game_id="twice"))
    assert response.status_code == 409 and response.json()["error"]["code"] == "game/already_exists"


def test_the_service_replays_a_reconstructed_game_from_the_store(service: GameService, tmp_path: Path) -> None:
    from domain.kernel import PlayerSpec

    players = [PlayerSpec("p1", "Alice", {}), PlayerSpec("p2", "Bob", {})]
    created = service.create_game_from_position("FoW-5.01", "bifrost", players, base_position("bifrost"), "r3", seed=5)
    assert created.events[0].data["reconstructed"] is True
    reopened = GameService(service.settings, service.catalogs)
    try:
        shown = reopened.view("r3", None)
        assert shown.state["reconstructed"] is True and shown.state["ruleset"] == "FoW-5.01"
        assert shown.state["players"]["p1"]["zones"]["lifebreak"] == []
    finally:
        reopened.close()
    with pytest.raises(PositionRejectedError) as caught:
        service.create_game_from_position("FoW-5.01", "bifrost", players, base_position("valhalla"), "r4")
    assert {e["rule"] for e in caught.value.errors} == {"FoW-5.01 1.2 p2"}


def test_a_reconstructed_game_survives_snapshots_and_reloads_on_every_store(
    store_settings: Settings, tmp_path: Path
) -> None:
    from domain.kernel import Command, PlayerSpec

    root = tmp_path / "catalogs"
    (root / "fow").mkdir(parents=True)
    (root / "fow" / "cards.json").write_text(json.dumps({"cards": list(cards().values())}))
    catalogs = CardCatalogs(root=root, prefixes={"FoW-": "fow"})
    players = [PlayerSpec("p1", "Alice", {}), PlayerSpec("p2", "Bob", {})]
    first = GameService(store_settings, catalogs)
    try:
        first.create_game_from_position("FoW-5.5", "valhalla", players, base_position(), "snap", seed=3)
        for n in range(6):  # pass priority back and forth: past the snapshot interval
            player = first.view("snap", None).state["pending"]["player"]  # type: ignore[index]
            first.submit("snap", Command("Pass", str(player), {}, id=f"pass-{n}"))
        expected = first.view("snap", None)
        # a memory store lives only as long as its service: reload through the same one
        second = first if store_settings.store == "memory" else GameService(store_settings, catalogs)
        try:
            again = second.view("snap", None)
            assert again.state == expected.state and again.state["reconstructed"] is True
            assert again.version > 6
        finally:
            if second is not first:
                second.close()
    finally:
        first.close()
