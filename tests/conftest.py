"""Fixtures for the service and API tests.

``store_settings`` runs a test once per event store: ``memory``, ``sqlite`` (a temporary
file) and ``postgres`` (a fresh schema per test, dropped afterwards; marked ``postgres``).
PostgreSQL is taken from ``ADJUDICATOR_PG_HOST/PORT/USER/PASSWORD/DBNAME`` (default
127.0.0.1:5432, user and database ``postgres``).  If it is unreachable the PG tests are
skipped, except under ``CI=true``, where they fail.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from uuid import uuid4

import psycopg
import pytest
from psycopg import sql

from service.app import GameService
from service.catalog import CardCatalogs
from service.settings import Settings
from tests import fakes

# A test process starts many API apps (each TestClient runs the lifespan): freezing the
# objects alive at each start would keep them out of the collector for the rest of the
# run.  tests/service/test_gc_freeze.py tests the freeze itself.
os.environ.setdefault("ADJUDICATOR_GC_FREEZE", "false")

SNAPSHOT_INTERVAL = 4


def _pg_settings(schema: str) -> Settings:
    env = os.environ
    return Settings(
        allow_client_seed=True,
        store="postgres",
        pg_host=env.get("ADJUDICATOR_PG_HOST", "127.0.0.1"),
        pg_port=int(env.get("ADJUDICATOR_PG_PORT", "5432")),
        pg_user=env.get("ADJUDICATOR_PG_USER", "postgres"),
        pg_password=env.get("ADJUDICATOR_PG_PASSWORD", ""),
        pg_dbname=env.get("ADJUDICATOR_PG_DBNAME", "postgres"),
        pg_schema=schema,
        snapshot_interval=SNAPSHOT_INTERVAL,
    )


def _pg_connect(s: Settings) -> psycopg.Connection[tuple[object, ...]]:
    try:
        return psycopg.connect(
            host=s.pg_host,
            port=s.pg_port,
            user=s.pg_user,
            password=s.pg_password,
            dbname=s.pg_dbname,
            connect_timeout=5,
            autocommit=True,
        )
    except psycopg.OperationalError as exc:
        reason = f"PostgreSQL is not reachable at {s.pg_host}:{s.pg_port} as {s.pg_user}/{s.pg_dbname}: {exc}"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{reason}\nUnder CI=true the PostgreSQL tests must run; start the server.", pytrace=False)
        pytest.skip(f"{reason} (these tests fail instead of skipping under CI=true)")


@pytest.fixture(scope="session")
def fake_engines() -> None:
    fakes.register()


@pytest.fixture(scope="session")
def catalogs(tmp_path_factory: pytest.TempPathFactory) -> CardCatalogs:
    return CardCatalogs(root=fakes.write_catalog(tmp_path_factory.mktemp("catalogs")), prefixes=fakes.PREFIXES)


@pytest.fixture(params=["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_settings(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Settings]:
    if request.param == "memory":
        yield Settings(allow_client_seed=True, store="memory", snapshot_interval=SNAPSHOT_INTERVAL)
    elif request.param == "sqlite":
        yield Settings(
            allow_client_seed=True,
            store="sqlite",
            sqlite_path=tmp_path / "data" / "games.db",
            snapshot_interval=SNAPSHOT_INTERVAL,
        )
    else:
        schema = f"test_{uuid4().hex[:12]}"
        settings = _pg_settings(schema)
        with _pg_connect(settings) as conn:
            conn.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(schema)))
        try:
            yield settings
        finally:
            with _pg_connect(settings) as conn:
                conn.execute(sql.SQL("DROP SCHEMA {} CASCADE").format(sql.Identifier(schema)))


@pytest.fixture
def open_service(
    fake_engines: None, store_settings: Settings, catalogs: CardCatalogs
) -> Iterator[Callable[[], GameService]]:
    """A factory of services on the test's store; every service opened is closed at the end."""
    opened: list[GameService] = []

    def open_() -> GameService:
        service = GameService(store_settings, catalogs)
        opened.append(service)
        return service

    yield open_
    for service in opened:
        service.close()


@pytest.fixture
def service(open_service: Callable[[], GameService]) -> GameService:
    return open_service()
