"""Platform accounts (docs/platform-accounts.md): creating a game needs a platform API key
issued by the operator, stored only as a hash and revocable at once; games and judges
belong to a platform; per-key rate limits and daily quotas answer 429 with Retry-After.
On every store (memory, SQLite, PostgreSQL: the ``store_settings`` fixture)."""

from __future__ import annotations

import dataclasses
import hashlib
import sqlite3
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from fastapi.testclient import TestClient
from psycopg import sql

from api.app import create_app
from service import cli
from service.app import GameService
from service.catalog import CardCatalogs
from service.settings import Settings

JUDGE = "operator-judge-" + "o" * 40
GAME: dict[str, Any] = {
    "ruleset": "FAKE-1",
    "variant": "short",
    "players": [
        {"id": "p1", "name": "Alice", "deck": {"starter": "counters"}},
        {"id": "p2", "name": "Bob", "deck": {"starter": "sixes"}},
    ],
    "seed": 7,
    "first_player": "p1",
}


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 5, 6, 22, 0, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def settings(store_settings: Settings) -> Settings:
    return dataclasses.replace(store_settings, judge_token=JUDGE, require_api_key=True)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def open_app(
    fake_engines: None, settings: Settings, catalogs: CardCatalogs, clock: Clock
) -> Iterator[Callable[..., tuple[GameService, TestClient]]]:
    """A factory of (service, client) on the test's store; all closed at the end."""
    opened: list[tuple[GameService, TestClient]] = []

    def open_(**changes: Any) -> tuple[GameService, TestClient]:
        service = GameService(dataclasses.replace(settings, **changes), catalogs, clock=clock)
        client = TestClient(create_app(service=service), raise_server_exceptions=False)
        client.__enter__()
        opened.append((service, client))
        return service, client

    yield open_
    for service, client in opened:
        client.__exit__(None, None, None)
        service.close()


@pytest.fixture
def app(open_app: Callable[..., tuple[GameService, TestClient]]) -> tuple[GameService, TestClient]:
    return open_app()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def issue(client: TestClient, platform: str, kind: str = "api", **limits: Any) -> str:
    r = client.post(f"/platforms/{platform}/keys", headers=auth(JUDGE), json={"kind": kind, **limits})
    assert r.status_code == 201, r.text
    assert r.headers["Cache-Control"] == "no-store"
    key: str = r.json()["key"]
    return key


def create(client: TestClient, key: str | None, game_id: str) -> httpx.Response:
    return client.post("/games", json={**GAME, "game_id": game_id}, headers=auth(key) if key else {})


def error(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()["error"]
    assert body["code"] == code, body
    return body


# ------------------------------------------------------------------------ keys


def test_a_platform_key_creates_a_game_of_its_platform(app: tuple[GameService, TestClient]) -> None:
    service, client = app
    key = issue(client, "acme")
    assert key.startswith("tcgp_")
    created = create(client, key, "g1")
    assert created.status_code == 201, created.text
    assert service.platform_of_game("g1") == "acme"
    tokens = created.json()["player_tokens"]
    assert client.get("/games/g1/state", headers=auth(tokens["p1"])).status_code == 200
    # the reconstruction route needs the key too
    reconstruct = {"ruleset": "FoW-5.5", "variant": "valhalla", "position": {}}
    reconstruct["players"] = [{"id": "p1", "name": "Alice"}, {"id": "p2", "name": "Bob"}]
    error(client.post("/games/reconstruct", json=reconstruct), 401, "auth/api_key_missing")


def test_no_key_an_unknown_key_or_a_revoked_key_is_refused(
    app: tuple[GameService, TestClient], open_app: Callable[..., tuple[GameService, TestClient]], settings: Settings
) -> None:
    _, client = app
    missing = error(create(client, None, "g0"), 401, "auth/api_key_missing")
    assert "API key" in missing["message"]
    key = issue(client, "acme")
    error(create(client, "tcgp_0123456789abcdef_nope", "g0"), 401, "auth/api_key_unknown")
    error(create(client, "not-a-key", "g0"), 401, "auth/api_key_unknown")
    # a real key id with a wrong secret reads as unknown, exactly like an id never issued
    wrong_secret = key[: len("tcgp_") + 17] + "x" * 43
    assert error(create(client, wrong_secret, "g0"), 401, "auth/api_key_unknown") == error(
        create(client, "tcgp_0123456789abcdef_" + "x" * 43, "g0"), 401, "auth/api_key_unknown"
    )
    judge_token = issue(client, "acme", "judge")
    error(create(client, judge_token, "g0"), 401, "auth/api_key_unknown")  # a judge token creates nothing
    assert create(client, key, "g1").status_code == 201
    # another process on the same store sees the revocation at once
    other = open_app()[1] if settings.store != "memory" else client
    assert create(other, key, "g2").status_code == 201
    key_id = key.split("_")[1]
    revoked = client.post(f"/platforms/keys/{key_id}/revoke", headers=auth(JUDGE))
    assert revoked.status_code == 200 and revoked.json()["revoked_at"]
    for c in (client, other):
        assert "revoked" in error(create(c, key, "g3"), 401, "auth/api_key_revoked")["message"]
    assert client.get("/games/g3/state", headers=auth(JUDGE)).status_code == 404  # nothing was created
    # the games it created keep running
    assert client.get("/games/g1/state", headers=auth(JUDGE)).status_code == 200
    listed = client.get("/platforms/keys", headers=auth(JUDGE)).json()["keys"]
    assert {(k["key_id"], k["kind"], k["revoked_at"] is not None) for k in listed} == {
        (key_id, "api", True),
        (judge_token.split("_")[1], "judge", False),
    }
    assert "key" not in listed[0] and "key_hash" not in listed[0]
    error(client.post("/platforms/keys/0123456789abcdef/revoke", headers=auth(JUDGE)), 422, "platform/no_such_key")


def test_only_the_operator_issues_lists_and_revokes_keys(app: tuple[GameService, TestClient]) -> None:
    _, client = app
    judge_token = issue(client, "acme", "judge")
    key = issue(client, "acme")
    player = create(client, key, "g1").json()["player_tokens"]["p1"]
    for token in (judge_token, key, player):
        assert client.post("/platforms/acme/keys", headers=auth(token), json={}).status_code == 401
        assert client.get("/platforms/keys", headers=auth(token)).status_code == 401
    assert client.post("/platforms/acme/keys", json={}).status_code == 401


def test_keys_are_stored_only_as_hashes(app: tuple[GameService, TestClient], settings: Settings) -> None:
    service, client = app
    key, judge_token = issue(client, "acme"), issue(client, "acme", "judge")
    assert create(client, key, "g1").status_code == 201
    rows = _stored_bytes(settings, service)
    for secret in (key, judge_token):
        # tcgp_/tcgj_<key id>_<secret>: the secret itself may contain "_" (URL-safe base64)
        assert secret.encode() not in rows and secret.split("_", 2)[2].encode() not in rows
        assert hashlib.sha256(secret.encode()).hexdigest().encode() in rows


def _stored_bytes(settings: Settings, service: GameService) -> bytes:
    """Every stored event's state, as the store holds it: the table's rows on SQLite and
    PostgreSQL, the recorder's records in memory."""
    if settings.store == "memory":
        stored = service.app.recorder.select_notifications(start=1, limit=1_000_000)
        assert stored, "nothing was stored"
        return b"\n".join(bytes(n.state) for n in stored)
    if settings.store == "sqlite":
        with sqlite3.connect(settings.sqlite_path) as conn:
            return b"\n".join(bytes(r[0]) for r in conn.execute("SELECT state FROM stored_events"))
    conn = psycopg.connect(
        host=settings.pg_host, port=settings.pg_port, user=settings.pg_user, dbname=settings.pg_dbname
    )
    with conn:
        table = sql.Identifier(settings.pg_schema or "public", "adjudicator_events")
        rows = conn.execute(sql.SQL("SELECT state FROM {}").format(table)).fetchall()
    return b"\n".join(bytes(r[0]) for r in rows)


# ---------------------------------------------------------------------- judges


def test_a_judge_of_one_platform_cannot_read_another_platforms_games(
    open_app: Callable[..., tuple[GameService, TestClient]],
) -> None:
    service, client = open_app(require_api_key=False)  # open mode: keys are still checked and recorded
    a_key, b_key = issue(client, "alpha"), issue(client, "beta")
    a_judge, b_judge = issue(client, "alpha", "judge"), issue(client, "beta", "judge")
    assert create(client, a_key, "ga").status_code == 201
    assert create(client, b_key, "gb").status_code == 201
    assert create(client, None, "gold").status_code == 201  # as an old game: of no platform
    assert service.platform_of_game("gold") is None
    reads = ["/state", "/events", "/timeline", "/rejections", "/legal-actions?player=p1", "/state-at?at=1"]
    for path in reads:
        assert client.get(f"/games/ga{path}", headers=auth(a_judge)).status_code == 200, path
        nowhere = client.get(f"/games/nope{path}", headers=auth(a_judge))
        for other in ("gb", "gold"):
            hidden = client.get(f"/games/{other}{path}", headers=auth(a_judge))
            assert (hidden.status_code, hidden.json()) == (404, nowhere.json() | {"error": hidden.json()["error"]})
            assert error(hidden, 404, "game/not_found")["message"] == f"no game {other!r}"
        for game in ("ga", "gb", "gold"):  # the operator's judge reads every game
            assert client.get(f"/games/{game}{path}", headers=auth(JUDGE)).status_code == 200, (game, path)
    recorded = client.get("/games/ga/judge-reads", headers=auth(a_judge)).json()["reads"]
    assert {r["who"] for r in recorded} == {"judge", "judge:" + a_judge.split("_")[1]}  # who read hidden information
    assert client.post("/games/gb/notes", headers=auth(a_judge), json={"event": 1, "text": "x"}).status_code == 404
    assert client.post("/games/gb/fork", headers=auth(a_judge), json={"at": 3}).status_code == 404
    # lists across games: a platform's judge sees its own games only
    listed = client.get("/judge/games", headers=auth(a_judge))
    assert listed.status_code == 200, listed.text
    assert [g["game_id"] for g in listed.json()["games"]] == ["ga"]
    assert [g["game_id"] for g in client.get("/judge/games", headers=auth(b_judge)).json()["games"]] == ["gb"]
    every = client.get("/judge/games", headers=auth(JUDGE)).json()["games"]
    assert sorted(g["game_id"] for g in every) == ["ga", "gb", "gold"]
    assert client.get("/judge/games/ga", headers=auth(a_judge)).status_code == 200
    error(client.get("/judge/games/gb", headers=auth(a_judge)), 404, "game/not_found")
    assert client.post("/judge/projections/rebuild", headers=auth(a_judge)).status_code == 401  # operator only
    # a revoked judge token reads nothing any more
    client.post(f"/platforms/keys/{a_judge.split('_')[1]}/revoke", headers=auth(JUDGE))
    error(client.get("/games/ga/state", headers=auth(a_judge)), 401, "auth/api_key_revoked")
    error(client.get("/judge/games", headers=auth(a_judge)), 401, "auth/api_key_revoked")


def test_a_fork_by_a_platforms_judge_stays_on_its_platform(app: tuple[GameService, TestClient]) -> None:
    service, client = app
    key, judge_token = issue(client, "alpha"), issue(client, "alpha", "judge")
    assert create(client, key, "ga").status_code == 201
    forked = client.post("/games/ga/fork", headers=auth(judge_token), json={"at": 3, "game_id": "ga-fork"})
    assert forked.status_code == 201, forked.text
    assert service.platform_of_game("ga-fork") == "alpha"
    assert client.get("/games/ga-fork/state", headers=auth(judge_token)).status_code == 200


# ---------------------------------------------------------------- rate, quota


def test_the_rate_limit_answers_429_with_retry_after(app: tuple[GameService, TestClient]) -> None:
    _, client = app
    key = issue(client, "acme", rate_per_second=0.01, burst=3)
    created = create(client, key, "g1")
    assert created.status_code == 201
    player = created.json()["player_tokens"]["p1"]
    assert client.get("/games/g1/state", headers=auth(player)).status_code == 200  # players count too
    assert create(client, key, "g2").status_code == 201
    limited = create(client, key, "g3")
    body = error(limited, 429, "rate/limited")
    assert 1 <= int(limited.headers["Retry-After"]) <= 100 and body["details"]["retry_after"] == int(
        limited.headers["Retry-After"]
    )
    error(client.get("/games/g1/state", headers=auth(player)), 429, "rate/limited")
    other = issue(client, "acme")  # the limit is per key
    assert create(client, other, "g4").status_code == 201


def test_the_daily_quota_answers_429_until_the_next_utc_day(
    app: tuple[GameService, TestClient],
    open_app: Callable[..., tuple[GameService, TestClient]],
    clock: Clock,
    settings: Settings,
) -> None:
    _, client = app
    key = issue(client, "acme", daily_games=2, rate_per_second=0)
    assert create(client, key, "g1").status_code == 201
    # counted in the store: another process counts the same games
    other = open_app()[1] if settings.store != "memory" else client
    assert create(other, key, "g2").status_code == 201
    for c in (client, other):
        limited = create(c, key, "g3")
        assert "2 games of today" in error(limited, 429, "rate/daily_quota")["message"]
        assert int(limited.headers["Retry-After"]) == 2 * 3600  # 22:00 UTC: two hours to midnight
    assert create(client, issue(client, "acme"), "g3").status_code == 201  # per key (default quota 1000)
    clock.now += timedelta(hours=2)
    assert create(client, key, "g4").status_code == 201


def test_limits_default_to_the_settings(open_app: Callable[..., tuple[GameService, TestClient]]) -> None:
    _, client = open_app(platform_daily_games=1)
    key = issue(client, "acme")
    assert create(client, key, "g1").status_code == 201
    error(create(client, key, "g2"), 429, "rate/daily_quota")


# ------------------------------------------------------------------ open mode


def test_open_mode_is_development_only_by_default_and_says_so(
    open_app: Callable[..., tuple[GameService, TestClient]],
) -> None:
    assert Settings().api_key_required is False
    production = {"ADJUDICATOR_ENV": "production", "ADJUDICATOR_JUDGE_TOKEN": JUDGE}
    production["ADJUDICATOR_CHAIN_KEYS"] = "k:" + "c" * 40
    assert Settings.from_env(production).api_key_required is True
    assert Settings.from_env({**production, "ADJUDICATOR_REQUIRE_API_KEY": "false"}).api_key_required is False
    assert Settings.from_env({"ADJUDICATOR_REQUIRE_API_KEY": "true"}).api_key_required is True
    _, open_client = open_app(require_api_key=False)
    assert open_client.get("/ready").json()["open_mode"] is True
    assert create(open_client, None, "g1").status_code == 201
    _, closed = open_app()
    assert "open_mode" not in closed.get("/ready").json()
    # a key sent in open mode is still checked, and its game belongs to its platform
    error(create(open_client, "tcgp_0123456789abcdef_x", "g2"), 401, "auth/api_key_unknown")
    assert create(open_client, JUDGE, "g3").status_code == 201  # a bearer that is no API key at all: ignored
    error(create(closed, JUDGE, "g3"), 401, "auth/api_key_unknown")  # but not when keys are required


# ----------------------------------------------------------------------- CLI


def test_the_operator_cli_creates_lists_and_revokes(
    fake_engines: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    catalogs: CardCatalogs,
) -> None:
    db = tmp_path / "cli.db"
    monkeypatch.setenv("ADJUDICATOR_SQLITE_PATH", str(db))
    monkeypatch.setenv("ADJUDICATOR_STORE", "sqlite")
    assert cli.main(["platforms", "create", "acme", "--daily-games", "5"]) == 0
    out = capsys.readouterr().out
    keys = dict(line.split(": ") for line in out.splitlines())
    api_key = next(v for k, v in keys.items() if "API key" in k)
    service = GameService(Settings(sqlite_path=db, require_api_key=True, allow_client_seed=True), catalogs)
    try:
        with TestClient(create_app(service=service)) as client:
            assert create(client, api_key, "g1").status_code == 201
            assert cli.main(["platforms", "list"]) == 0
            listed = capsys.readouterr().out
            assert "acme  api" in listed and "acme  judge" in listed and api_key not in listed
            assert cli.main(["platforms", "revoke", api_key.split("_")[1]]) == 0
            assert "revoked" in capsys.readouterr().out
            error(create(client, api_key, "g2"), 401, "auth/api_key_revoked")
    finally:
        service.close()
    assert cli.main(["platforms", "revoke", "0123456789abcdef"]) == 1
    assert cli.main(["platforms", "create", "bad name!"]) == 1
