"""Runs the judge read models: pulls the application's notification log and applies each
notification exactly once (rows and tracking position in one transaction).

The same pull loop serves every store, so it works on SQLite, which has no
subscriptions: :meth:`ProjectionRunner.run_once` catches up (queries call it before
reading, which gives read-your-writes), :meth:`ProjectionRunner.start` polls in a
background thread, and :meth:`ProjectionRunner.rebuild` replays from position 0.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any
from uuid import UUID

from eventsourcing.application import Application

from projections.games_index import (
    GamesIndex,
    IndexDatabase,
    PostgresIndexDatabase,
    SqliteIndexDatabase,
)
from service.settings import Settings

__all__ = ["BATCH", "ProjectionRunner", "index_database", "index_path"]

BATCH = 500


def index_path(settings: Settings) -> Path:
    """The SQLite file of the read models, next to the event store's file."""
    p = settings.sqlite_path
    return p.with_name(f"{p.stem}.judge{p.suffix or '.db'}")


def index_database(settings: Settings) -> IndexDatabase:
    """The read-model database for ``settings``: PostgreSQL in the event store's schema,
    a SQLite file next to the event store, or an in-process SQLite for the memory store."""
    if settings.store == "postgres":
        conninfo = {
            "host": settings.pg_host,
            "port": settings.pg_port,
            "user": settings.pg_user,
            "password": settings.pg_password,
            "dbname": settings.pg_dbname,
            "connect_timeout": 10,
        }
        return PostgresIndexDatabase(conninfo, settings.pg_schema, settings.create_tables)
    if settings.store == "sqlite":
        path = index_path(settings)
        path.parent.mkdir(parents=True, exist_ok=True)
        return SqliteIndexDatabase(str(path))
    return SqliteIndexDatabase(":memory:")


class ProjectionRunner:
    """Keeps :class:`GamesIndex` up to date with ``app``'s notification log."""

    def __init__(self, app: Application[UUID], index: GamesIndex) -> None:
        self.app = app
        self.index = index
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        with index.db.transaction(lock=True) as run:
            run(
                "INSERT INTO judge_tracking (projection, position) VALUES (%s, 0) ON CONFLICT (projection) DO NOTHING",
                (index.name,),
            )

    def _decode(self, notification: Any) -> Any:
        return self.app.mapper.to_domain_event(notification)

    def run_once(self, limit: int | None = None) -> int:
        """Apply every notification not yet applied (at most ``limit``); returns how many.
        Each batch commits its rows with the new tracking position; a concurrent runner
        waits for the tracking row's lock and then sees the new position."""
        applied = 0
        while limit is None or applied < limit:
            with self.index.db.transaction(lock=True) as run:
                position = self.index.position(run, lock=True)
                size = BATCH if limit is None else min(BATCH, limit - applied)
                batch = self.app.recorder.select_notifications(start=position, limit=size, inclusive_of_start=False)
                for n in batch:
                    self.index.apply(run, n, self._decode)
                if batch:
                    self.index.set_position(run, batch[-1].id)
            applied += len(batch)
            if len(batch) < size:
                break
        return applied

    def rebuild(self) -> int:
        """Drop every row and replay the whole log from position 0."""
        with self.index.db.transaction(lock=True) as run:
            self.index.position(run, lock=True)
            self.index.clear(run)
        return self.run_once()

    def wait_until(self, game_id: str, version: int, timeout: float = 5.0, interval: float = 0.05) -> bool:
        """Read-your-writes: catch up until the index has applied ``version`` of
        ``game_id``; False if it has not within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            self.run_once()
            if self.index.version(game_id) >= version:
                return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(interval)

    # ------------------------------------------------------------ polling updater

    def start(self, interval: float = 1.0) -> None:
        """Poll in a daemon thread every ``interval`` seconds until :meth:`stop`."""
        if self._thread is not None:
            return
        self._stop.clear()

        def loop() -> None:
            while not self._stop.is_set():
                self.run_once()
                self._stop.wait(interval)

        self._thread = threading.Thread(target=loop, name="judge-projection", daemon=True)
        self._thread.start()

    def join(self) -> None:
        """Block until the polling thread ends (after :meth:`stop`)."""
        if self._thread is not None:
            self._thread.join()

    def stop(self) -> None:
        if self._thread is not None:
            self._stop.set()
            self._thread.join(timeout=10)
            self._thread = None
