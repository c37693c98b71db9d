"""``PUT``/``GET``/``DELETE /games/{id}/instructions`` (docs/standing-instructions.md): a
player's standing instruction passes for them; the opponent cannot read it, and the
opponent's events and stream are byte-identical to those of the same game with the passes
sent by hand under the ids the opponent saw."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from service.app import GameService
from service.settings import Settings

JUDGE = "judge-" + "i" * 40


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def clients(tmp_path: Path) -> Iterator[tuple[TestClient, TestClient]]:
    made: list[GameService] = []
    out: list[TestClient] = []
    for name in ("auto", "manual"):
        db = tmp_path / f"{name}.db"
        settings = Settings(allow_client_seed=True, store="sqlite", sqlite_path=db, judge_token=JUDGE)
        made.append(GameService(settings))
        out.append(TestClient(create_app(service=made[-1]), raise_server_exceptions=False))
    try:
        for c in out:
            c.__enter__()
        yield out[0], out[1]
    finally:
        for c in out:
            c.__exit__(None, None, None)
        for s in made:
            s.close()


def create(client: TestClient) -> dict[str, str]:
    body = {
        "ruleset": "FoW-5.5",
        "variant": "valhalla",
        "game_id": "g1",
        "seed": 11,
        "first_player": "p1",
        "players": [
            {"id": "p1", "name": "Alice", "deck": {"starter": "fire-starter", "automatic_cards_in_hand": "never"}},
            {"id": "p2", "name": "Bob", "deck": {"starter": "water-starter"}},
        ],
    }
    r = client.post("/games", json=body)
    assert r.status_code == 201, r.text
    tokens = dict(r.json()["player_tokens"])
    for player in ("p1", "p2"):
        act = client.get("/games/g1/legal-actions", headers=auth(tokens[player])).json()["actions"][0]
        send(client, tokens[player], f"hand-{player}", act["type"], act["args"])
    return tokens


def send(client: TestClient, token: str, command_id: str, type_: str, args: dict[str, Any] | None = None) -> Any:
    body = {"command_id": command_id, "type": type_, "args": args or {}}
    r = client.post("/games/g1/commands", headers=auth(token), json=body)
    assert r.status_code == 200, r.text
    return r.json()


def pending(client: TestClient) -> dict[str, Any]:
    return dict(client.get("/games/g1/state", headers=auth(JUDGE)).json()["state"]["pending"])


def test_instructions_over_http_and_the_opponent_sees_a_manual_game(clients: tuple[TestClient, TestClient]) -> None:
    auto, manual = clients
    tokens, hand = create(auto), create(manual)
    r = auto.put("/games/g1/instructions", headers=auth(tokens["p2"]), json={"until_my_turn": True})
    assert r.status_code == 200, r.text
    [mine] = r.json()["instructions"]
    assert mine["player"] == "p2" and mine["until_my_turn"] is True and mine["id"].startswith("si-")
    assert auto.get("/games/g1/instructions", headers=auth(tokens["p2"])).json()["instructions"] == [mine]
    # the opponent cannot read it; a judge can
    assert auto.get("/games/g1/instructions", headers=auth(tokens["p1"])).json()["instructions"] == []
    assert auto.get("/games/g1/instructions", headers=auth(JUDGE)).json()["instructions"] == [mine]
    assert auto.put("/games/g1/instructions", headers=auth(JUDGE), json={}).status_code == 403
    bad = auto.put("/games/g1/instructions", headers=auth(tokens["p2"]), json={"until_step": "End!"})
    assert bad.status_code == 422
    reserved = auto.post(
        "/games/g1/commands",
        headers=auth(tokens["p1"]),
        json={"command_id": f"auto:{mine['id']}:p1:1", "type": "Pass", "args": {}},
    )
    assert reserved.status_code == 422 and reserved.json()["error"]["code"] == "command/reserved_id"
    n = 0
    while pending(auto)["player"] == "p1":
        send(auto, tokens["p1"], f"p1-{n}", "Pass")
        n += 1
    assert pending(auto) == {"kind": "priority", "player": "p2", "options": {}}
    assert auto.get("/games/g1/instructions", headers=auth(tokens["p2"])).json()["instructions"] == []
    seen = auto.get("/games/g1/events", headers=auth(tokens["p1"])).json()["events"]
    passes = [e for e in seen if e["type"] == "PriorityPassed" and e["actor"] == "p2"]
    ids = {e["seq"]: e["cause"].removeprefix("cmd:") for e in passes}
    assert len(ids) == n and not any("auto" in e["cause"] for e in seen)  # p2 passed after each of p1's
    for k in range(n):  # the same game, p2's passes sent by hand under the ids p1 saw
        send(manual, hand["p1"], f"p1-{k}", "Pass")
        version = manual.get("/games/g1/state", headers=auth(JUDGE)).json()["version"]
        if pending(manual)["player"] == "p2" and version + 1 in ids:
            send(manual, hand["p2"], ids[version + 1], "Pass")
    for client, token in ((auto, tokens["p1"]), (manual, hand["p1"])):
        send(client, token, "gg", "Concede")
    a = auto.get("/games/g1/events", headers=auth(tokens["p1"]))
    m = manual.get("/games/g1/events", headers=auth(hand["p1"]))
    assert a.content == m.content
    a_stream = auto.get("/games/g1/stream", headers=auth(tokens["p1"]))
    m_stream = manual.get("/games/g1/stream", headers=auth(hand["p1"]))
    assert a_stream.status_code == 200 and a_stream.content == m_stream.content
    # the audit of the exported log is consistent
    log = auto.get("/games/g1/log", headers=auth(JUDGE))
    assert log.status_code == 200
    verdict = auto.post("/audits", json={"log": log.text}, headers=auth(JUDGE))
    assert verdict.status_code == 200, verdict.text
    assert verdict.json()["verdict"] == "consistent"


def test_delete_clears_and_setting_passes_at_once(clients: tuple[TestClient, TestClient]) -> None:
    auto, _ = clients
    tokens = create(auto)
    assert pending(auto)["player"] == "p1"
    r = auto.put("/games/g1/instructions", headers=auth(tokens["p1"]), json={"until_step": "main"})
    assert r.status_code == 200 and len(r.json()["instructions"]) == 1
    assert pending(auto)["player"] == "p2"  # passed at once
    send(auto, tokens["p2"], "p2-0", "Pass")  # p1 passes by itself again in the next step
    assert pending(auto)["player"] == "p2"
    d = auto.delete("/games/g1/instructions", headers=auth(tokens["p1"]))
    assert d.status_code == 200 and d.json()["cleared"] is True
    assert auto.delete("/games/g1/instructions", headers=auth(tokens["p1"])).json()["cleared"] is False
    send(auto, tokens["p2"], "p2-1", "Pass")
    assert pending(auto)["player"] == "p1"
