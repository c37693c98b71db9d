"""schemathesis against the app's own OpenAPI schema, in process (ASGI).

Every documented operation is generated from the schema: valid requests and, through
schemathesis's negative mode, requests that break it (wrong types, out-of-range numbers,
strings over their limits, missing or extra fields, malformed bodies).  Each goes to the
real API over a SQLite store with two games, with no token, a garbage one, either
player's, another game's or the judge's, and for a third of the cases on the games that
exist.  On every answer schemathesis's own checks run (no 5xx, status codes and response
bodies as documented, schema-violating requests refused) plus ours: every error is
``{"error": {"code", "message", "rule"?, "details"?}}``.

One operation is left out: ``GET /games/{game_id}/stream`` (Server-Sent Events) never
ends while its game runs, so a valid case would not answer; tests/api/test_stream.py covers it
against a real server.  One check is left out: ``positive_data_acceptance`` expects every schema-valid request to
succeed, but the service refuses more than a schema can say (an unknown starter deck or
ruleset, an impossible position, a move against the rules, a game that does not exist):
those answer 4xx with a structured error, which our check still verifies.

The default run is bounded (a few examples per operation, no coverage phase, well under a
minute); ``pytest -m slow`` adds a larger budget with schemathesis's coverage phase.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis.specs.openapi.checks import positive_data_acceptance

from api.app import create_app
from service.app import GameService
from service.catalog import CardCatalogs
from service.settings import Settings
from tests import fakes

JUDGE = "schemathesis-judge-" + "q" * 40
WHO = ["none", "garbage", "judge", "g1.p1", "g1.p2", "g2.p1"]
"""Whose ``Authorization`` a case is sent with."""
STREAM_PATH = "/games/{game_id}/stream"
LONG_POLL = 0.01
"""``timeout`` of the judge's read-your-writes long poll: never let a case wait for it."""


class Current:
    """The ASGI app the schemas send to: the module's API once its fixture has built it
    (schemathesis reads the schema when the module is collected, before any fixture)."""

    app: Any = None

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        await self.app(scope, receive, send)


CURRENT = Current()


def _schema(coverage: bool) -> Any:
    config = schemathesis.Config.from_dict(
        {
            # schema examples cannot be combined with our own strategies (whose token, which game)
            "phases": {"examples": {"enabled": False}, "coverage": {"enabled": coverage}},
            # the Authorization header is ours to choose; unknown query parameters are ignored,
            # as OpenAPI allows, so they are not schema violations to be refused
            "generation": {"with-security-parameters": False, "allow-extra-parameters": False},
        }
    )
    spec = create_app(settings=Settings(allow_client_seed=True, store="memory", judge_token=JUDGE)).openapi()
    loaded = schemathesis.openapi.from_dict(spec, config=config)
    loaded.app = CURRENT  # as schemathesis.openapi.from_asgi does: cases and checks that resend go there
    # GET /games/{game_id}/stream is an endless text/event-stream while the game runs: a
    # valid case would never answer.  tests/api/test_stream.py covers it against a real server.
    return loaded.exclude(path=STREAM_PATH)


schema = _schema(coverage=False)
schema_with_coverage = _schema(coverage=True)


class Api:
    """The app under test, over one store with games g1 and g2 (g1 one command in)."""

    def __init__(self, app: FastAPI) -> None:
        self.app = app
        self.tokens: dict[str, str] = {"judge": JUDGE, "garbage": "garbage-token"}
        for game_id in ("g1", "g2"):
            body = {
                "ruleset": "FAKE-1",
                "variant": "standard",
                "game_id": game_id,
                "seed": 7,
                "first_player": "p1",
                "players": [
                    {"id": "p1", "name": "Alice", "deck": {"starter": "counters"}},
                    {"id": "p2", "name": "Bob", "deck": {"starter": "sixes"}},
                ],
            }
            response = self.call("POST", "/games", json=body)
            assert response.status_code == 201, response.text
            for player, token in response.json()["player_tokens"].items():
                self.tokens[f"{game_id}.{player}"] = token
        sent = self.call(
            "POST",
            "/games/g1/commands",
            json={"command_id": "c1", "type": "Increment", "args": {"by": 1}},
            headers={"Authorization": f"Bearer {self.tokens['g1.p1']}"},
        )
        assert sent.status_code == 200, sent.text

    def call(self, method: str, path: str, **kwargs: Any) -> Any:
        with TestClient(self.app) as client:
            return client.request(method, path, **kwargs)

    def headers(self, who: str) -> dict[str, str]:
        return {} if who == "none" else {"Authorization": f"Bearer {self.tokens[who]}"}


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Api]:
    fakes.register()
    catalogs = CardCatalogs(root=fakes.write_catalog(tmp_path_factory.mktemp("catalogs")), prefixes=fakes.PREFIXES)
    path = tmp_path_factory.mktemp("schemathesis") / "games.db"
    service = GameService(
        Settings(allow_client_seed=True, sqlite_path=path, judge_token=JUDGE, snapshot_interval=4), catalogs
    )
    app = create_app(service=service)
    app.state.service = service  # also when the app's lifespan is not run
    CURRENT.app = app
    try:
        yield Api(app)
    finally:
        CURRENT.app = None
        service.close()


def structured_errors(ctx: Any, response: Any, case: Any) -> bool | None:
    """Every 4xx/5xx is ``{"error": {"code", "message", "rule"?, "details"?}}`` with a
    non-empty code and message."""
    if response.status_code < 400:
        return None
    try:
        body = response.json()
    except ValueError:
        raise AssertionError(f"{response.status_code} with a body that is not JSON: {response.text[:200]!r}") from None
    assert isinstance(body, dict) and set(body) == {"error"}, f"not a structured error: {body!r}"[:300]
    error = body["error"]
    assert isinstance(error, dict), f"not a structured error: {body!r}"[:300]
    assert isinstance(error.get("code"), str) and error["code"], f"error without a code: {body!r}"[:300]
    assert isinstance(error.get("message"), str) and error["message"], f"error without a message: {body!r}"[:300]
    assert set(error) <= {"code", "message", "rule", "details"}, f"unexpected error fields: {body!r}"[:300]
    return True


def _send(api: Api, case: Any, who: str, game: str | None) -> None:
    if game is not None and "game_id" in (case.path_parameters or {}):
        case.path_parameters["game_id"] = game
    if case.query and "timeout" in case.query:
        case.query["timeout"] = LONG_POLL
    response = case.call_and_validate(
        headers=api.headers(who),
        additional_checks=[structured_errors],
        excluded_checks=[positive_data_acceptance],
    )
    if case.path.endswith("/token") and response.status_code == 200:  # the judge reissued a token
        issued = response.json()
        api.tokens[f"{issued['game_id']}.{issued['player']}"] = issued["token"]


WHO_STRATEGY = st.sampled_from(WHO)
GAME_STRATEGY = st.sampled_from([None, "g1", "g1", "g2"])


@schema.parametrize()
@schema.given(who=WHO_STRATEGY, game=GAME_STRATEGY)
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_schemathesis_every_operation(api: Api, case: Any, who: str, game: str | None) -> None:
    _send(api, case, who, game)


@pytest.mark.slow
@schema_with_coverage.parametrize()
@schema_with_coverage.given(who=WHO_STRATEGY, game=GAME_STRATEGY)
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
def test_schemathesis_every_operation_long(api: Api, case: Any, who: str, game: str | None) -> None:
    _send(api, case, who, game)
