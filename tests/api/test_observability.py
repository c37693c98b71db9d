"""Operations: ``GET /ready`` (the store answers), ``GET /metrics`` (Prometheus), one JSON
log line per request with the game id and command id, and the projection worker."""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import uuid4

import psycopg
import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from psycopg import sql

from api.app import create_app
from domain.kernel import PlayerSpec
from service.app import GameService
from service.catalog import CardCatalogs
from service.judge import JudgeService
from service.logs import JsonFormatter, command_id_var, game_id_var, request_id_var
from service.settings import Settings
from service.worker import main as worker_main

REPO = Path(__file__).resolve().parents[2]
JUDGE = "judge-" + "o" * 40
GAME: dict[str, Any] = {
    "ruleset": "FAKE-1",
    "variant": "standard",
    "players": [
        {"id": "p1", "name": "Alice", "deck": {"starter": "counters"}},
        {"id": "p2", "name": "Bob", "deck": {"main": [{"card": "F-006", "count": 4}]}},
    ],
    "seed": 7,
    "first_player": "p1",
    "game_id": "g1",
}


@pytest.fixture
def client(fake_engines: None, tmp_path: Path, catalogs: CardCatalogs) -> Iterator[TestClient]:
    service = GameService(
        Settings(allow_client_seed=True, sqlite_path=tmp_path / "obs.db", judge_token=JUDGE), catalogs
    )
    with TestClient(create_app(service=service), raise_server_exceptions=False) as c:
        yield c
    service.close()


@pytest.fixture
def tokens(client: TestClient) -> dict[str, str]:
    response = client.post("/games", json=GAME)
    assert response.status_code == 201, response.text
    return dict(response.json()["player_tokens"])


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def access_records() -> Iterator[list[logging.LogRecord]]:
    handler = Records()
    logger = logging.getLogger("adjudicator.access")
    logger.addHandler(handler)
    try:
        yield handler.records
    finally:
        logger.removeHandler(handler)


def samples(client: TestClient) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    out: dict[tuple[str, frozenset[tuple[str, str]]], float] = {}
    for family in text_string_to_metric_families(response.text):
        for s in family.samples:
            out[(s.name, frozenset(s.labels.items()))] = s.value
    return out


def sample(found: dict[tuple[str, frozenset[tuple[str, str]]], float], name: str, **labels: str) -> float:
    return found.get((name, frozenset(labels.items())), 0.0)


# ---------------------------------------------------------------------------- /ready


def test_ready_answers_200_when_the_store_can_be_read(
    fake_engines: None, store_settings: Settings, catalogs: CardCatalogs
) -> None:
    service = GameService(store_settings, catalogs)
    try:
        with TestClient(create_app(service=service)) as c:
            response = c.get("/ready")
        assert response.status_code == 200
        assert response.json() == {"status": "ready", "store": store_settings.store, "open_mode": True}  # development
    finally:
        service.close()


def test_ready_answers_503_naming_the_file_when_a_rules_text_cannot_be_loaded(
    fake_engines: None, catalogs: CardCatalogs, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # citations would be served without their rule text: the service is not ready
    monkeypatch.setenv("RULES_DIR", str(tmp_path))
    service = GameService(Settings(store="memory"), catalogs)
    try:
        with TestClient(create_app(service=service)) as c:
            response = c.get("/ready")
        assert response.status_code == 503
        error = response.json()["error"]
        assert error["code"] == "rules/texts_missing"
        assert "force-of-will-cr-5.5.txt" in error["message"] and str(tmp_path) in error["message"]
    finally:
        service.close()


@pytest.mark.postgres
def test_ready_answers_503_when_the_store_cannot_be_read(fake_engines: None, catalogs: CardCatalogs) -> None:
    env = os.environ
    schema = f"test_ready_{uuid4().hex[:10]}"
    settings = Settings(
        allow_client_seed=True,
        store="postgres",
        pg_host=env.get("ADJUDICATOR_PG_HOST", "127.0.0.1"),
        pg_port=int(env.get("ADJUDICATOR_PG_PORT", "5432")),
        pg_user=env.get("ADJUDICATOR_PG_USER", "postgres"),
        pg_password=env.get("ADJUDICATOR_PG_PASSWORD", ""),
        pg_dbname=env.get("ADJUDICATOR_PG_DBNAME", "postgres"),
        pg_schema=schema,
    )
    conninfo = {
        "host": settings.pg_host,
        "port": settings.pg_port,
        "user": settings.pg_user,
        "password": settings.pg_password,
        "dbname": settings.pg_dbname,
    }
    with psycopg.connect(**conninfo, autocommit=True) as conn:  # type: ignore[arg-type]
        conn.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(schema)))
    service = GameService(settings, catalogs)
    try:
        with TestClient(create_app(service=service), raise_server_exceptions=False) as c:
            assert c.get("/ready").status_code == 200
            with psycopg.connect(**conninfo, autocommit=True) as conn:  # type: ignore[arg-type]
                conn.execute(sql.SQL("DROP SCHEMA {} CASCADE").format(sql.Identifier(schema)))
            response = c.get("/ready")
            assert response.status_code == 503
            assert response.json()["error"]["code"] == "store/unavailable"
            assert c.get("/health").status_code == 200  # liveness does not depend on the store
    finally:
        service.close()
        with psycopg.connect(**conninfo, autocommit=True) as conn:  # type: ignore[arg-type]
            conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))


# ---------------------------------------------------------------------------- /metrics


def test_metrics_count_command_latency_by_outcome_and_rejections_by_code(
    client: TestClient, tokens: dict[str, str]
) -> None:
    before = samples(client)
    assert sample(before, "adjudicator_command_duration_seconds_count", outcome="accepted") == 0
    ok = client.post(
        "/games/g1/commands",
        json={"command_id": "a1", "type": "Increment", "args": {"by": 1}},
        headers=auth(tokens["p1"]),
    )
    assert ok.status_code == 200, ok.text
    refused = client.post(
        "/games/g1/commands",
        json={"command_id": "a2", "type": "Increment", "args": {"by": 1}},
        headers=auth(tokens["p1"]),
    )  # p2's turn now
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "rules/not_your_turn"
    stale = client.post(
        "/games/g1/commands",
        json={"command_id": "a3", "type": "Increment", "args": {"by": 1}, "expected_version": 1},
        headers=auth(tokens["p2"]),
    )
    assert stale.status_code == 409
    after = samples(client)
    assert sample(after, "adjudicator_command_duration_seconds_count", outcome="accepted") == 1
    assert sample(after, "adjudicator_command_duration_seconds_count", outcome="rejected") == 1
    assert sample(after, "adjudicator_command_duration_seconds_count", outcome="conflict") == 1
    assert sample(after, "adjudicator_command_duration_seconds_sum", outcome="accepted") > 0
    assert sample(after, "adjudicator_rejections_total", code="rules/not_your_turn") == 1
    assert sample(after, "adjudicator_rejections_total", code="game/version_conflict") == 1
    route = "/games/{game_id}/commands"
    assert sample(after, "adjudicator_http_requests_total", method="POST", route=route, status="200") == 1
    assert sample(after, "adjudicator_http_requests_total", method="POST", route=route, status="422") == 1
    assert sample(after, "adjudicator_http_requests_total", method="POST", route="/games", status="201") == 1


def test_metrics_report_the_projection_lag_once_the_judge_read_models_are_open(
    client: TestClient, tokens: dict[str, str]
) -> None:
    assert not any(name == "adjudicator_projection_lag_events" for name, _ in samples(client))
    assert client.get("/games/g1/timeline", headers=auth(JUDGE)).status_code == 200
    lag = [v for (name, _), v in samples(client).items() if name == "adjudicator_projection_lag_events"]
    assert len(lag) == 1 and lag[0] >= 0


# ---------------------------------------------------------------------------- logs


def test_each_command_is_logged_as_json_with_its_game_id_and_command_id(
    client: TestClient, tokens: dict[str, str], access_records: list[logging.LogRecord]
) -> None:
    response = client.post(
        "/games/g1/commands",
        json={"command_id": "cmd-42", "type": "Increment", "args": {"by": 2}},
        headers={**auth(tokens["p1"]), "X-Request-ID": "req-7"},
    )
    assert response.status_code == 200
    assert response.headers["x-request-id"] == "req-7"
    refused = client.post(
        "/games/g1/commands",
        json={"command_id": "cmd-43", "type": "Increment", "args": {"by": 1}},
        headers=auth(tokens["p1"]),
    )
    assert refused.status_code == 422
    lines = [json.loads(JsonFormatter().format(r)) for r in access_records]
    accepted = next(line for line in lines if line.get("command_id") == "cmd-42")
    assert accepted["game_id"] == "g1"
    assert accepted["request_id"] == "req-7"
    assert accepted["status"] == 200
    assert accepted["command_type"] == "Increment"
    assert accepted["route"] == "/games/{game_id}/commands"
    assert accepted["level"] == "INFO" and accepted["logger"] == "adjudicator.access"
    assert accepted["duration_ms"] >= 0
    rejected = next(line for line in lines if line.get("command_id") == "cmd-43")
    assert (rejected["game_id"], rejected["status"], rejected["error_code"]) == ("g1", 422, "rules/not_your_turn")
    assert len(rejected["request_id"]) == 32  # generated when the client sends none
    # No token or secret reaches the log.
    text = "\n".join(JsonFormatter().format(r) for r in access_records)
    assert tokens["p1"] not in text


def test_log_records_carry_the_request_context_of_the_request_being_handled() -> None:
    record = logging.LogRecord("adjudicator.service", logging.WARNING, __file__, 1, "engine said %s", ("no",), None)
    tokens = [request_id_var.set("r1"), game_id_var.set("g9"), command_id_var.set("c9")]
    try:
        line = json.loads(JsonFormatter().format(record))
    finally:
        for var, token in zip((request_id_var, game_id_var, command_id_var), tokens, strict=True):
            var.reset(token)  # type: ignore[attr-defined]
    assert line["message"] == "engine said no"
    assert (line["request_id"], line["game_id"], line["command_id"]) == ("r1", "g9", "c9")
    assert "game_id" not in json.loads(JsonFormatter().format(record))


# ---------------------------------------------------------------------------- the worker


def _real_game(path: Path) -> tuple[str, int]:
    service = GameService(Settings(allow_client_seed=True, sqlite_path=path))
    try:
        created = service.create_game(
            "GCG-1.00",
            "standard",
            [
                PlayerSpec("p1", "Alice", {"starter": "blue_bulwark"}),
                PlayerSpec("p2", "Bob", {"starter": "red_rampage"}),
            ],
            seed=5,
            game_id="w1",
        )
        return created.game_id, created.version
    finally:
        service.close()


def test_the_worker_migrates_and_catches_the_read_models_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "data" / "store.db"
    monkeypatch.setenv("ADJUDICATOR_STORE", "sqlite")
    monkeypatch.setenv("ADJUDICATOR_SQLITE_PATH", str(db))
    assert worker_main(["migrate"]) == 0
    assert db.exists()
    game_id, version = _real_game(db)
    assert worker_main(["once"]) == 0
    service = GameService(Settings(allow_client_seed=True, sqlite_path=db))
    judge = JudgeService(service)
    try:
        assert judge.index.version(game_id) == version
        assert judge.index.current_position() == service.app.recorder.max_notification_id()
    finally:
        judge.close()
        service.close()


def test_the_worker_polls_touches_its_heartbeat_and_stops_on_sigterm(tmp_path: Path) -> None:
    db = tmp_path / "store.db"
    game_id, version = _real_game(db)
    heartbeat = tmp_path / "heartbeat"
    assert worker_main(["check", "--heartbeat", str(heartbeat)]) == 1
    env = {**os.environ, "ADJUDICATOR_STORE": "sqlite", "ADJUDICATOR_SQLITE_PATH": str(db)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "service.worker", "--interval", "0.2", "--heartbeat", str(heartbeat)],
        cwd=REPO,
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while not heartbeat.exists() and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.1)
        assert heartbeat.exists(), "the worker never completed a poll"
        assert worker_main(["check", "--heartbeat", str(heartbeat), "--max-age", "30"]) == 0
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, err
    logs = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    projected = [line for line in logs if line.get("applied")]
    assert projected and projected[0]["lag"] == 0
    assert logs[-1]["message"] == "worker stopped"
    service = GameService(Settings(allow_client_seed=True, sqlite_path=db))
    judge = JudgeService(service)
    try:
        assert judge.index.version(game_id) == version
    finally:
        judge.close()
        service.close()
