"""ADJUDICATOR_CREATE_TABLES: API replicas can leave table creation to a migration job, so
they never race on CREATE TABLE (deploy/OPERATIONS.md)."""

from __future__ import annotations

import dataclasses

import psycopg
import pytest

from projections.runtime import index_database
from service.app import GameService
from service.catalog import CardCatalogs
from service.settings import Settings, SettingsError
from service.worker import main as worker_main
from tests.service.test_contract import new_game


@pytest.mark.parametrize(("value", "expected"), [("true", True), ("FALSE", False), ("0", False), ("yes", True)])
def test_the_setting_is_read_from_the_environment(value: str, expected: bool) -> None:
    settings = Settings.from_env({"ADJUDICATOR_CREATE_TABLES": value})
    assert settings.create_tables is expected
    assert Settings.from_env({}).create_tables is True


def test_a_bad_value_names_the_variable() -> None:
    with pytest.raises(SettingsError, match=r"ADJUDICATOR_CREATE_TABLES must be true or false; got 'sometimes'"):
        Settings.from_env({"ADJUDICATOR_CREATE_TABLES": "sometimes"})


def _tables(settings: Settings) -> set[str]:
    with psycopg.connect(
        host=settings.pg_host, port=settings.pg_port, user=settings.pg_user, dbname=settings.pg_dbname
    ) as conn:
        rows = conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = %s", (settings.pg_schema,)
        ).fetchall()
    return {r[0] for r in rows}


@pytest.mark.postgres
@pytest.mark.parametrize("store_settings", ["postgres"], indirect=True)
def test_replicas_without_create_tables_use_what_the_migration_created(
    fake_engines: None, store_settings: Settings, catalogs: CardCatalogs, monkeypatch: pytest.MonkeyPatch
) -> None:
    replica = dataclasses.replace(store_settings, create_tables=False)
    GameService(replica, catalogs).close()
    index_database(replica).close()
    assert _tables(store_settings) == set(), "a replica created tables"

    for name, value in {
        "ADJUDICATOR_STORE": "postgres",
        "ADJUDICATOR_PG_HOST": store_settings.pg_host,
        "ADJUDICATOR_PG_PORT": str(store_settings.pg_port),
        "ADJUDICATOR_PG_USER": store_settings.pg_user,
        "ADJUDICATOR_PG_DBNAME": store_settings.pg_dbname,
        "ADJUDICATOR_PG_SCHEMA": str(store_settings.pg_schema),
        "ADJUDICATOR_CREATE_TABLES": "false",
    }.items():
        monkeypatch.setenv(name, value)
    assert worker_main(["migrate"]) == 0  # creates them whatever the setting says
    created = _tables(store_settings)
    assert {"adjudicator_events", "judge_tracking", "judge_games"} <= created, created

    service = GameService(replica, catalogs)
    try:
        assert new_game(service).version > 1
    finally:
        service.close()


@pytest.mark.postgres
@pytest.mark.parametrize("store_settings", ["postgres"], indirect=True)
def test_a_replica_started_before_the_migration_writes_once_it_is_ready(
    fake_engines: None, store_settings: Settings, catalogs: CardCatalogs
) -> None:
    """Kubernetes may start an API pod before the migration Job has run: its readiness check
    fails until the tables exist, and once it passes the replica must also write (the event
    store's composite type, missing when the process started, is looked up again)."""
    replica = GameService(dataclasses.replace(store_settings, create_tables=False), catalogs)
    try:
        with pytest.raises(Exception, match="adjudicator_events"):
            replica.ping()
        GameService(store_settings, catalogs).close()  # the migration creates the tables
        replica.ping()
        assert new_game(replica).version > 1
    finally:
        replica.close()
