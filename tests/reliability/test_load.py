"""What a command costs the HTTP layer under load (bench/RESULTS.md, HTTP load).

With 50 games in flight every request that waits for a threadpool thread queues behind
the others, so the command route makes two trips through the threadpool and no more:
authenticating the token (it reads the store) and the command itself.  The service is
looked up without one, and the answer is serialized in the command's own thread instead
of being validated again by FastAPI in a third.  The answer is the documented
``CommandResponse``, byte for byte what FastAPI would have produced from the model."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import fastapi.dependencies.utils
import fastapi.encoders
import fastapi.routing
import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.schemas import CommandResponse
from service.app import GameService
from service.catalog import CardCatalogs
from service.settings import Settings

GAME = {
    "ruleset": "FAKE-1",
    "variant": "standard",
    "game_id": "g1",
    "seed": 7,
    "first_player": "p1",
    "players": [
        {"id": "p1", "name": "Alice", "deck": {"starter": "counters"}},
        {"id": "p2", "name": "Bob", "deck": {"starter": "sixes"}},
    ],
}


@pytest.fixture
def client(fake_engines: None, tmp_path: Path, catalogs: CardCatalogs) -> Iterator[TestClient]:
    service = GameService(
        Settings(allow_client_seed=True, sqlite_path=tmp_path / "load.db", judge_token="j" * 40), catalogs
    )
    try:
        with TestClient(create_app(service=service)) as client:
            yield client
    finally:
        service.close()


def test_a_command_takes_two_trips_through_the_threadpool(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    created = client.post("/games", json=GAME).json()
    trips: list[str] = []
    original = fastapi.routing.run_in_threadpool

    async def spy(func: Any, *args: Any, **kwargs: Any) -> Any:
        trips.append(getattr(func, "__name__", repr(func)))
        return await original(func, *args, **kwargs)

    monkeypatch.setattr(fastapi.routing, "run_in_threadpool", spy)
    monkeypatch.setattr(fastapi.dependencies.utils, "run_in_threadpool", spy)
    headers = {"Authorization": f"Bearer {created['player_tokens']['p1']}"}
    body = {"command_id": "c1", "type": "Increment", "args": {"by": 2}, "expected_version": created["version"]}
    answer = client.post("/games/g1/commands", json=body, headers=headers)
    assert answer.status_code == 200, answer.text
    assert trips == ["get_principal", "_run_sync_endpoint"]
    # the documented shape, exactly as FastAPI would have rendered the model
    assert CommandResponse.model_validate(answer.json()).version == created["version"] + 2
    model = CommandResponse.model_validate_json(answer.content)
    assert answer.json() == fastapi.encoders.jsonable_encoder(model)
    assert answer.headers["content-type"] == "application/json"
    # errors still go through the handlers: structured, with the rule
    trips.clear()
    refused = client.post(
        "/games/g1/commands", json={**body, "command_id": "c2", "expected_version": None}, headers=headers
    )
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "rules/not_your_turn"
    assert trips == ["get_principal", "_run_sync_endpoint"]
