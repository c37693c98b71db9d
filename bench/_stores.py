"""Helpers shared by the store, rebuild and HTTP benchmarks: temporary SQLite files and
PostgreSQL schemas, and a fake-engine service (the counting game of ``tests/fakes.py``,
whose ``decide`` costs next to nothing, so what is measured is the service and the store)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from uuid import uuid4

import psycopg
from psycopg import sql

from service.catalog import CardCatalogs
from service.settings import Settings
from tests import fakes

STORES = ("sqlite", "postgres")


def pg_params() -> dict[str, str]:
    env = os.environ
    return {
        "host": env.get("ADJUDICATOR_PG_HOST", "127.0.0.1"),
        "port": env.get("ADJUDICATOR_PG_PORT", "5432"),
        "user": env.get("ADJUDICATOR_PG_USER", "postgres"),
        "password": env.get("ADJUDICATOR_PG_PASSWORD", ""),
        "dbname": env.get("ADJUDICATOR_PG_DBNAME", "postgres"),
    }


def _pg_execute(statement: sql.Composable) -> None:
    p = pg_params()
    with psycopg.connect(
        host=p["host"],
        port=int(p["port"]),
        user=p["user"],
        password=p["password"],
        dbname=p["dbname"],
        autocommit=True,
        connect_timeout=5,
    ) as conn:
        conn.execute(statement)


@contextmanager
def store_settings(store: str, snapshot_interval: int = 100) -> Iterator[Settings]:
    """Settings for a fresh, empty store (in memory, a temporary SQLite file or a
    PostgreSQL schema)."""
    if store == "memory":
        yield Settings(allow_client_seed=True, store="memory", snapshot_interval=snapshot_interval)
        return
    if store == "sqlite":
        with tempfile.TemporaryDirectory(prefix="bench-") as tmp:
            yield Settings(
                allow_client_seed=True,
                store="sqlite",
                sqlite_path=Path(tmp) / "bench.db",
                snapshot_interval=snapshot_interval,
            )
        return
    schema = f"bench_{uuid4().hex[:12]}"
    _pg_execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(schema)))
    try:
        p = pg_params()
        yield Settings(
            allow_client_seed=True,
            store="postgres",
            pg_host=p["host"],
            pg_port=int(p["port"]),
            pg_user=p["user"],
            pg_password=p["password"],
            pg_dbname=p["dbname"],
            pg_schema=schema,
            snapshot_interval=snapshot_interval,
        )
    finally:
        _pg_execute(sql.SQL("DROP SCHEMA {} CASCADE").format(sql.Identifier(schema)))


_CATALOGS: list[CardCatalogs] = []


def fake_catalogs() -> CardCatalogs:
    """The fake counting game registered, and its catalog (written once per process)."""
    if not _CATALOGS:
        fakes.register()
        root = fakes.write_catalog(Path(tempfile.mkdtemp(prefix="bench-catalog-")))
        _CATALOGS.append(CardCatalogs(root=root, prefixes=fakes.PREFIXES))
    return _CATALOGS[0]
