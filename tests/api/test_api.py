"""The HTTP API through ``TestClient`` on a SQLite store, against the fake counting game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from api.app import MAX_BODY_BYTES, create_app
from service.app import GameService
from service.catalog import CardCatalogs
from service.settings import Settings, SettingsError

JUDGE = "judge-" + "x" * 40
DECK = {"main": [{"card": "F-006", "count": 4}]}
GAME: dict[str, Any] = {
    "ruleset": "FAKE-1",
    "variant": "standard",
    "players": [
        {"id": "p1", "name": "Alice", "deck": {"starter": "counters"}},
        {"id": "p2", "name": "Bob", "deck": DECK},
    ],
    "seed": 7,
    "first_player": "p1",
    "game_id": "g1",
}


@pytest.fixture
def service(fake_engines: None, tmp_path: Path, catalogs: CardCatalogs) -> Iterator[GameService]:
    service = GameService(
        Settings(allow_client_seed=True, sqlite_path=tmp_path / "api.db", judge_token=JUDGE), catalogs
    )
    yield service
    service.close()


@pytest.fixture
def client(service: GameService) -> Iterator[TestClient]:
    with TestClient(create_app(service=service), raise_server_exceptions=False) as client:
        yield client


@pytest.fixture
def tokens(client: TestClient) -> dict[str, str]:
    response = client.post("/games", json=GAME)
    assert response.status_code == 201, response.text
    return dict(response.json()["player_tokens"])


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def command(cid: str, type_: str = "Increment", **args: Any) -> dict[str, Any]:
    return {"command_id": cid, "type": type_, "args": args}


def error_of(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    """Assert the structured error shape and return its body."""
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"}
    error: dict[str, Any] = body["error"]
    assert {"code", "message"} <= set(error) <= {"code", "message", "rule", "details"}
    assert error["code"] == code
    assert isinstance(error["message"], str) and error["message"]
    return error


# ---------------------------------------------------------------------------- meta


def test_health_and_rulesets(client: TestClient) -> None:
    assert client.get("/health").json() == {"status": "ok"}
    rulesets = {r["ruleset"]: r for r in client.get("/rulesets").json()}
    assert rulesets["FAKE-1"] == {
        "ruleset": "FAKE-1",
        "variants": ["standard", "short"],
        "starter_decks": ["counters", "sixes"],
    }


def test_openapi_documents_models_errors_and_bearer_auth(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    assert {"/health", "/rulesets", "/games", "/games/{game_id}/commands", "/games/{game_id}/state"} <= set(
        spec["paths"]
    )
    commands = spec["paths"]["/games/{game_id}/commands"]["post"]
    assert {"200", "401", "403", "404", "409", "413", "422", "500"} <= set(commands["responses"])
    assert commands["responses"]["409"]["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorResponse")
    assert commands["responses"]["422"]["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorResponse")
    assert commands["security"] == [{"HTTPBearer": []}]
    assert spec["paths"]["/games"]["post"]["responses"]["201"]


# ---------------------------------------------------------------------------- create


def test_create_game(client: TestClient) -> None:
    response = client.post("/games", json=GAME)
    assert response.status_code == 201
    assert response.headers["cache-control"] == "no-store"
    body = response.json()
    assert {k: body[k] for k in ("game_id", "ruleset", "variant", "version")} == {
        "game_id": "g1",
        "ruleset": "FAKE-1",
        "variant": "standard",
        "version": 3,
    }
    assert body["players"] == [{"id": "p1", "name": "Alice"}, {"id": "p2", "name": "Bob"}]
    assert set(body["player_tokens"]) == {"p1", "p2"}
    generated = client.post("/games", json={k: v for k, v in GAME.items() if k not in ("game_id", "seed")})
    assert generated.status_code == 201 and generated.json()["game_id"] != "g1"


def test_create_game_errors(client: TestClient, tokens: dict[str, str]) -> None:
    error_of(client.post("/games", json=GAME), 409, "game/already_exists")
    error_of(client.post("/games", json={**GAME, "game_id": "g2", "ruleset": "NOPE-9"}), 422, "ruleset/unknown")
    error_of(client.post("/games", json={**GAME, "game_id": "g2", "variant": "x"}), 422, "ruleset/unknown_variant")
    starter = {
        **GAME,
        "game_id": "g2",
        "players": [GAME["players"][0], {"id": "p2", "name": "B", "deck": {"starter": "zz"}}],
    }
    error_of(client.post("/games", json=starter), 422, "deck/unknown_starter")
    unknown = {
        **GAME,
        "game_id": "g2",
        "players": [GAME["players"][0], {"id": "p2", "name": "B", "deck": {"main": [{"card": "Q"}]}}],
    }
    rejected = error_of(client.post("/games", json=unknown), 422, "deck/unknown_card")
    assert rejected["rule"] == "FAKE-1 2.1"
    invalid = error_of(client.post("/games", json={"ruleset": "FAKE-1"}), 422, "request/invalid")
    assert {tuple(d["loc"]) for d in invalid["details"]} >= {("body", "variant"), ("body", "players")}
    error_of(client.post("/games", json={**GAME, "game_id": "no/slash"}), 422, "request/invalid")
    error_of(
        client.post("/games", content=b"{not json", headers={"Content-Type": "application/json"}),
        422,
        "request/invalid",
    )


# ---------------------------------------------------------------------------- commands


def test_submit_command(client: TestClient, tokens: dict[str, str]) -> None:
    response = client.post(
        "/games/g1/commands", json={**command("c1", by=2), "expected_version": 3}, headers=auth(tokens["p1"])
    )
    assert response.status_code == 200, response.text
    body = response.json()
    receipt = body.pop("receipt")  # the signed head (docs/integrity.md; tests/service/test_integrity.py)
    assert (receipt["game_id"], receipt["version"]) == ("g1", 5)
    assert body == {
        "version": 5,
        "events": [
            {
                "seq": 4,
                "type": "Incremented",
                "data": {"player": "p1", "by": 2, "total": 2},
                "rule": "FAKE-1 3.2",
                "cause": "cmd:c1",
                "actor": "p1",
            },
            {
                "seq": 5,
                "type": "TurnPassed",
                "data": {"to": "p2"},
                "rule": "FAKE-1 4.1",
                "cause": "ev:4",
                "actor": "rules",
            },
        ],
    }
    again = client.post(
        "/games/g1/commands", json={**command("c1", by=2), "expected_version": 3}, headers=auth(tokens["p1"])
    )
    assert (again.status_code, again.json()) == (200, response.json())
    error_of(
        client.post("/games/g1/commands", json=command("c1", by=3), headers=auth(tokens["p1"])),
        409,
        "command/id_reused",
    )


def test_illegal_move_is_422_with_the_rule_and_changes_nothing(client: TestClient, tokens: dict[str, str]) -> None:
    response = client.post("/games/g1/commands", json=command("c1", by=1), headers=auth(tokens["p2"]))
    assert response.status_code == 422
    assert response.json() == {
        "error": {"code": "rules/not_your_turn", "rule": "FAKE-1 3.1", "message": "it is p1's turn, not p2's"}
    }
    assert client.get("/games/g1/state", headers=auth(JUDGE)).json()["version"] == 3
    assert len(client.get("/games/g1/events", headers=auth(JUDGE)).json()["events"]) == 3


def test_version_conflict_is_409_with_both_versions(client: TestClient, tokens: dict[str, str]) -> None:
    response = client.post(
        "/games/g1/commands", json={**command("c1", by=1), "expected_version": 1}, headers=auth(tokens["p1"])
    )
    error = error_of(response, 409, "game/version_conflict")
    assert error["details"] == {"expected_version": 1, "actual_version": 3}


def test_command_token_rules(client: TestClient, tokens: dict[str, str]) -> None:
    body = command("c1", by=1)
    missing = client.post("/games/g1/commands", json=body)
    error_of(missing, 401, "auth/missing_token")
    assert missing.headers["www-authenticate"] == "Bearer"
    error_of(
        client.post("/games/g1/commands", json=body, headers={"Authorization": f"Basic {tokens['p1']}"}),
        401,
        "auth/missing_token",
    )
    error_of(client.post("/games/g1/commands", json=body, headers=auth("garbage")), 401, "auth/invalid_token")
    error_of(client.post("/games/g1/commands", json=body, headers=auth(JUDGE)), 403, "auth/forbidden")
    error_of(client.post("/games/nope/commands", json=body, headers=auth(tokens["p1"])), 404, "game/not_found")
    client.post("/games", json={**GAME, "game_id": "g2"})
    error_of(client.post("/games/g2/commands", json=body, headers=auth(tokens["p1"])), 401, "auth/invalid_token")
    # the player comes from the token, never from the body
    error_of(
        client.post("/games/g1/commands", json={**body, "player": "p2"}, headers=auth(tokens["p1"])),
        422,
        "request/invalid",
    )
    error_of(
        client.post("/games/g1/commands", json={"type": "Pass"}, headers=auth(tokens["p1"])), 422, "request/invalid"
    )


# ---------------------------------------------------------------------------- reads


def test_legal_actions(client: TestClient, tokens: dict[str, str]) -> None:
    own = client.get("/games/g1/legal-actions", headers=auth(tokens["p1"])).json()
    assert (own["player"], own["version"]) == ("p1", 3)
    assert {"type": "Increment", "player": "p1", "args": {"by": 1}, "label": "Increment", "choice": None} in own[
        "actions"
    ]
    assert client.get("/games/g1/legal-actions?player=p2", headers=auth(tokens["p2"])).json()["actions"] == []
    error_of(client.get("/games/g1/legal-actions?player=p2", headers=auth(tokens["p1"])), 403, "auth/forbidden")
    assert client.get("/games/g1/legal-actions?player=p1", headers=auth(JUDGE)).json() == own
    error_of(client.get("/games/g1/legal-actions", headers=auth(JUDGE)), 422, "request/invalid")
    error_of(client.get("/games/g1/legal-actions?player=p9", headers=auth(JUDGE)), 422, "game/unknown_player")
    error_of(client.get("/games/g1/legal-actions"), 401, "auth/missing_token")


def test_state_views(client: TestClient, tokens: dict[str, str]) -> None:
    p1 = client.get("/games/g1/state", headers=auth(tokens["p1"])).json()
    judge = client.get("/games/g1/state", headers=auth(JUDGE)).json()
    assert (p1["viewer"], judge["viewer"]) == ("p1", None)
    assert p1["state"]["hands"]["p2"] == {"count": 2}
    assert judge["state"]["hands"]["p2"] == ["F-006", "F-006"]
    assert "seed" not in p1["state"] and judge["state"]["seed"] == 7
    assert (judge["version"], judge["finished"], judge["players"][1]) == (3, False, {"id": "p2", "name": "Bob"})
    as_p1 = client.get("/games/g1/state?viewer=p1", headers=auth(JUDGE)).json()
    assert as_p1 == p1
    error_of(client.get("/games/g1/state?viewer=p2", headers=auth(tokens["p1"])), 403, "auth/forbidden")
    assert client.get("/games/g1/state?at=1", headers=auth(tokens["p1"])).json()["state"]["hands"] == {}
    error_of(client.get("/games/g1/state?at=9", headers=auth(JUDGE)), 422, "game/no_such_version")
    error_of(client.get("/games/g1/state?at=0", headers=auth(JUDGE)), 422, "request/invalid")
    error_of(client.get("/games/nope/state", headers=auth(JUDGE)), 404, "game/not_found")
    error_of(client.get("/games/g1/state", headers=auth("garbage")), 401, "auth/invalid_token")


def test_events_are_redacted_for_players(client: TestClient, tokens: dict[str, str]) -> None:
    client.post("/games/g1/commands", json=command("c1", by=1), headers=auth(tokens["p1"]))
    judge = client.get("/games/g1/events", headers=auth(JUDGE)).json()
    p1 = client.get("/games/g1/events", headers=auth(tokens["p1"])).json()
    assert (judge["viewer"], p1["viewer"]) == (None, "p1")
    assert [e["seq"] for e in judge["events"]] == [e["seq"] for e in p1["events"]] == [1, 2, 3, 4, 5]
    assert judge["events"][0]["data"]["seed"] == 7 and "seed" not in p1["events"][0]["data"]
    assert judge["events"][2]["data"]["cards"] == ["F-006", "F-006"]
    assert p1["events"][2]["data"] == {"player": "p2", "cards": None, "count": 2}
    assert p1["events"][3:] == judge["events"][3:]
    assert all(e["rule"].startswith("FAKE-1 ") for e in judge["events"])
    page = client.get("/games/g1/events?after=2&limit=2", headers=auth(tokens["p2"])).json()["events"]
    assert [e["seq"] for e in page] == [3, 4]
    error_of(client.get("/games/g1/events?viewer=p2", headers=auth(tokens["p1"])), 403, "auth/forbidden")
    error_of(client.get("/games/g1/events?limit=0", headers=auth(JUDGE)), 422, "request/invalid")


# ---------------------------------------------------------------------------- generic errors


def test_framework_errors_are_structured(client: TestClient) -> None:
    error_of(client.get("/nope"), 404, "route/not_found")
    error_of(client.get("/games"), 405, "request/method_not_allowed")
    big = {**GAME, "padding": "x" * MAX_BODY_BYTES}
    error_of(client.post("/games", json=big), 413, "request/too_large")

    def chunks() -> Iterator[bytes]:  # no Content-Length: the limit applies while reading
        yield b'{"ruleset": "'
        yield b"x" * MAX_BODY_BYTES
        yield b'"}'

    streamed = client.post("/games", content=chunks(), headers={"Content-Type": "application/json"})
    assert "content-length" not in streamed.request.headers
    error_of(streamed, 413, "request/too_large")


def test_unexpected_errors_are_500_without_details(
    client: TestClient, service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom() -> None:
        raise RuntimeError("secret internals")

    monkeypatch.setattr(service, "rulesets", boom)
    response = client.get("/rulesets")
    error = error_of(response, 500, "server/internal")
    assert "secret" not in response.text and "Traceback" not in response.text
    assert error == {"code": "server/internal", "message": "internal server error"}


# ---------------------------------------------------------------------------- lifespan


def test_app_opens_and_closes_its_own_service(fake_engines: None, tmp_path: Path) -> None:
    app = create_app(
        settings=Settings(allow_client_seed=True, store="sqlite", sqlite_path=tmp_path / "own" / "games.db")
    )
    with TestClient(app) as client:
        assert client.get("/health").status_code == 200
        assert "FAKE-1" in {r["ruleset"] for r in client.get("/rulesets").json()}
    assert (tmp_path / "own" / "games.db").is_file()


def test_app_refuses_to_start_in_production_without_a_judge_token(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ADJUDICATOR_ENV", "production")
    monkeypatch.setenv("ADJUDICATOR_STORE", "memory")
    monkeypatch.delenv("ADJUDICATOR_JUDGE_TOKEN", raising=False)
    with pytest.raises(SettingsError, match="ADJUDICATOR_JUDGE_TOKEN"), TestClient(create_app()):
        pass
