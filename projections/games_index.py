"""The cross-game read model for judges: which games exist, who played them, which rules
applied in them and how they ended.

It is a projection of the application's notification log (every stored event of every
game, in order).  Rows and the tracking position (the last notification id applied) are
written in the same database transaction, so each event is applied exactly once even with
several runners; :meth:`GamesIndex.rebuild` empties the tables and replays from position 0.

Backends: PostgreSQL (the event store's database and schema; tables ``judge_*``) or SQLite
(a file of its own next to the event store, or an in-process database for the memory
store).  Both speak the same SQL (``INSERT ... ON CONFLICT``); only the placeholders and
the locking statement differ.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

import psycopg

__all__ = [
    "CREATED_TOPIC",
    "HAPPENED_TOPIC",
    "PROJECTION_NAME",
    "REFUSED_TOPIC",
    "GameRow",
    "GamesIndex",
    "IndexDatabase",
    "PostgresIndexDatabase",
    "SqliteIndexDatabase",
    "rule_matches",
]

PROJECTION_NAME = "judge_games"
CREATED_TOPIC = "adjudicator:Game.Created"
HAPPENED_TOPIC = "adjudicator:Game.Happened"
REFUSED_TOPIC = "adjudicator:RejectionLog.Refused"

_SCHEMA = [
    "CREATE TABLE IF NOT EXISTS judge_tracking (projection TEXT PRIMARY KEY, position BIGINT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS judge_games (game_id TEXT PRIMARY KEY, origin TEXT NOT NULL UNIQUE, "
    "ruleset TEXT NOT NULL, variant TEXT NOT NULL, version INTEGER NOT NULL, finished INTEGER NOT NULL DEFAULT 0, "
    "winner TEXT, rejections INTEGER NOT NULL DEFAULT 0)",
    "CREATE TABLE IF NOT EXISTS judge_game_players (game_id TEXT NOT NULL, player_id TEXT NOT NULL, "
    "name TEXT NOT NULL, lost TEXT, PRIMARY KEY (game_id, player_id))",
    "CREATE TABLE IF NOT EXISTS judge_game_rules (game_id TEXT NOT NULL, rule TEXT NOT NULL, "
    "uses INTEGER NOT NULL, first_seq INTEGER NOT NULL, PRIMARY KEY (game_id, rule))",
    "CREATE INDEX IF NOT EXISTS judge_game_rules_rule ON judge_game_rules (rule)",
]
_TABLES = ("judge_games", "judge_game_players", "judge_game_rules")


def rule_matches(citation: str, query: str) -> bool:
    """``FoW-5.5 8.5`` matches ``FoW-5.5 8.5``, ``FoW-5.5 8.5 p2.2`` and ``FoW-5.5 8.5.1``,
    not ``FoW-5.5 8.50``."""
    query = query.strip()
    return citation == query or citation.startswith(query + " ") or citation.startswith(query + ".")


class Cursor(Protocol):
    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def fetchone(self) -> Any: ...


class IndexDatabase(Protocol):
    """A transaction factory: ``with db.transaction(lock=True) as run: run(sql, params)``;
    SQL uses ``%s`` placeholders."""

    for_update: str
    """``" FOR UPDATE"`` where the database locks selected rows (PostgreSQL), else ``""``."""

    def transaction(self, lock: bool) -> Any: ...

    def close(self) -> None: ...


Run = Callable[[str, Sequence[Any]], list[tuple[Any, ...]]]


class SqliteIndexDatabase:
    """SQLite: ``path`` is a file, or ``":memory:"`` for an in-process index.  A locking
    transaction is ``BEGIN IMMEDIATE`` (the database's write lock)."""

    for_update = ""

    def __init__(self, path: str) -> None:
        self._lock = threading.RLock()
        self._conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=30)
        if path != ":memory:":
            self._conn.execute("PRAGMA journal_mode=WAL")
        with self.transaction(lock=True) as run:
            for statement in _SCHEMA:
                run(statement, ())

    @contextmanager
    def transaction(self, lock: bool) -> Iterator[Run]:
        with self._lock:
            cur = self._conn.cursor()
            cur.execute("BEGIN IMMEDIATE" if lock else "BEGIN")

            def run(statement: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
                cur.execute(statement.replace("%s", "?"), tuple(params))
                return list(cur.fetchall())

            try:
                yield run
            except BaseException:
                cur.execute("ROLLBACK")
                raise
            cur.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            self._conn.close()


class PostgresIndexDatabase:
    """PostgreSQL: one connection (serialised by a lock); the tracking row is locked with
    ``SELECT ... FOR UPDATE`` so concurrent runners apply each event once."""

    for_update = " FOR UPDATE"

    def __init__(self, conninfo: dict[str, Any], schema: str | None, create_tables: bool = True) -> None:
        self._lock = threading.RLock()
        options = {"options": f"-c search_path={schema}"} if schema else {}
        self._conninfo = {**conninfo, **options}
        self._conn: psycopg.Connection[tuple[Any, ...]] = psycopg.connect(**self._conninfo)
        if create_tables:  # else a migration job created them (ADJUDICATOR_CREATE_TABLES=false)
            with self.transaction(lock=False) as run:
                for statement in _SCHEMA:
                    run(statement, ())

    @contextmanager
    def transaction(self, lock: bool) -> Iterator[Run]:
        with self._lock:
            if self._conn.closed or self._conn.broken:
                self._conn = psycopg.connect(**self._conninfo)
            with self._conn.transaction(), self._conn.cursor() as cur:

                def run(statement: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
                    cur.execute(statement.encode(), tuple(params))
                    return list(cur.fetchall()) if cur.description is not None else []

                yield run

    def close(self) -> None:
        with self._lock:
            self._conn.close()


@dataclass(frozen=True, slots=True)
class GameRow:
    game_id: str
    ruleset: str
    variant: str
    version: int
    finished: bool
    winner: str | None
    rejections: int
    players: list[dict[str, Any]] = field(default_factory=list)
    """``{"id", "name", "lost"}`` (``lost``: the loss reason, or ``None``)."""
    rules: list[str] = field(default_factory=list)
    """The citations that matched the rule query (empty without one)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "ruleset": self.ruleset,
            "variant": self.variant,
            "version": self.version,
            "finished": self.finished,
            "winner": self.winner,
            "rejections": self.rejections,
            "players": self.players,
            "rules": self.rules,
        }


class Notification(Protocol):
    @property
    def id(self) -> int: ...

    @property
    def topic(self) -> str: ...

    @property
    def originator_id(self) -> Any: ...

    @property
    def originator_version(self) -> int: ...


Decode = Callable[[Any], Any]
"""A stored notification -> its domain event (the application's mapper)."""


class GamesIndex:
    """The games index over ``db``.  ``apply`` is called by the runner inside the tracking
    transaction; the query methods read committed rows."""

    name = PROJECTION_NAME

    def __init__(self, db: IndexDatabase) -> None:
        self.db = db

    # ------------------------------------------------------------------ tracking

    def position(self, run: Run, lock: bool = False) -> int:
        rows = run(
            "SELECT position FROM judge_tracking WHERE projection = %s" + (self.db.for_update if lock else ""),
            (self.name,),
        )
        return int(rows[0][0]) if rows else 0

    def set_position(self, run: Run, position: int) -> None:
        run(
            "INSERT INTO judge_tracking (projection, position) VALUES (%s, %s) "
            "ON CONFLICT (projection) DO UPDATE SET position = excluded.position",
            (self.name, position),
        )

    def clear(self, run: Run) -> None:
        for table in _TABLES:
            run(f"DELETE FROM {table}", ())
        self.set_position(run, 0)

    # ------------------------------------------------------------------ updates

    def apply(self, run: Run, notification: Notification, decode: Decode) -> None:
        """Apply one stored event; other aggregates' events are ignored."""
        topic = notification.topic
        if topic == CREATED_TOPIC:
            e = decode(notification)
            run(
                "INSERT INTO judge_games (game_id, origin, ruleset, variant, version) VALUES (%s, %s, %s, %s, 1)",
                (e.game_id, str(notification.originator_id), e.ruleset, e.variant),
            )
            for p in e.players:
                run(
                    "INSERT INTO judge_game_players (game_id, player_id, name) VALUES (%s, %s, %s)",
                    (e.game_id, p["id"], p["name"]),
                )
            self._event(run, e.game_id, dict(e.first_event))
        elif topic == HAPPENED_TOPIC:
            rows = run("SELECT game_id FROM judge_games WHERE origin = %s", (str(notification.originator_id),))
            if not rows:
                return
            game_id = str(rows[0][0])
            e = decode(notification)
            run(
                "UPDATE judge_games SET version = %s WHERE game_id = %s",
                (notification.originator_version, game_id),
            )
            self._event(run, game_id, dict(e.event))
        elif topic == REFUSED_TOPIC:
            e = decode(notification)
            run(
                "UPDATE judge_games SET rejections = rejections + 1 WHERE game_id = %s",
                (str(e.attempt["game_id"]),),
            )

    @staticmethod
    def _event(run: Run, game_id: str, event: dict[str, Any]) -> None:
        run(
            "INSERT INTO judge_game_rules (game_id, rule, uses, first_seq) VALUES (%s, %s, 1, %s) "
            "ON CONFLICT (game_id, rule) DO UPDATE SET uses = judge_game_rules.uses + 1",
            (game_id, str(event["rule"]), int(event["seq"])),
        )
        data = event.get("data") or {}
        if event["type"] == "PlayerLost" and isinstance(data.get("player"), str):
            run(
                "UPDATE judge_game_players SET lost = %s WHERE game_id = %s AND player_id = %s",
                (str(data.get("reason", "")), game_id, data["player"]),
            )
        elif event["type"] in ("GameEnded", "GameWon"):
            winner = data.get("winner")
            run(
                "UPDATE judge_games SET finished = 1, winner = %s WHERE game_id = %s",
                (winner if isinstance(winner, str) else None, game_id),
            )

    # ------------------------------------------------------------------ queries

    def version(self, game_id: str) -> int:
        """The game version the index has applied (0: not seen yet)."""
        with self.db.transaction(lock=False) as run:
            rows = run("SELECT version FROM judge_games WHERE game_id = %s", (game_id,))
        return int(rows[0][0]) if rows else 0

    def current_position(self) -> int:
        with self.db.transaction(lock=False) as run:
            return self.position(run)

    def games(
        self,
        rule: str | None = None,
        player: str | None = None,
        loss: str | None = None,
        ruleset: str | None = None,
        game_id: str | None = None,
    ) -> list[GameRow]:
        """Games matching every given filter, by game id.  ``rule``: a citation or a prefix
        of one at a rule boundary; ``player``: a player id or name; ``loss``: a loss reason
        (e.g. ``conceded``)."""
        where: list[str] = []
        params: list[Any] = []
        if game_id:
            where.append("g.game_id = %s")
            params.append(game_id)
        if ruleset:
            where.append("g.ruleset = %s")
            params.append(ruleset)
        if player:
            where.append(
                "EXISTS (SELECT 1 FROM judge_game_players p WHERE p.game_id = g.game_id "
                "AND (p.player_id = %s OR p.name = %s))"
            )
            params += [player, player]
        if loss:
            where.append("EXISTS (SELECT 1 FROM judge_game_players p WHERE p.game_id = g.game_id AND p.lost = %s)")
            params.append(loss)
        if rule:
            q = rule.strip()
            where.append(
                "EXISTS (SELECT 1 FROM judge_game_rules r WHERE r.game_id = g.game_id "
                "AND (r.rule = %s OR substr(r.rule, 1, %s) = %s OR substr(r.rule, 1, %s) = %s))"
            )
            params += [q, len(q) + 1, q + " ", len(q) + 1, q + "."]
        sql = (
            "SELECT g.game_id, g.ruleset, g.variant, g.version, g.finished, g.winner, g.rejections FROM judge_games g"
            + (" WHERE " + " AND ".join(where) if where else "")
            + " ORDER BY g.game_id"
        )
        with self.db.transaction(lock=False) as run:
            rows = run(sql, params)
            out: list[GameRow] = []
            for game_id, rs, variant, version, finished, winner, rejections in rows:
                players = [
                    {"id": pid, "name": name, "lost": lost}
                    for pid, name, lost in run(
                        "SELECT player_id, name, lost FROM judge_game_players WHERE game_id = %s ORDER BY player_id",
                        (game_id,),
                    )
                ]
                matched: list[str] = []
                if rule:
                    cites = run("SELECT rule FROM judge_game_rules WHERE game_id = %s ORDER BY rule", (game_id,))
                    matched = [str(c) for (c,) in cites if rule_matches(str(c), rule)]
                out.append(
                    GameRow(
                        game_id=str(game_id),
                        ruleset=str(rs),
                        variant=str(variant),
                        version=int(version),
                        finished=bool(finished),
                        winner=None if winner is None else str(winner),
                        rejections=int(rejections),
                        players=players,
                        rules=matched,
                    )
                )
        return out

    def dump(self) -> dict[str, list[tuple[Any, ...]]]:
        """Every row of every table, sorted (to compare a rebuilt index with a live one)."""
        with self.db.transaction(lock=False) as run:
            out = {table: sorted(run(f"SELECT * FROM {table}", ())) for table in _TABLES}
            out["judge_tracking"] = run("SELECT projection, position FROM judge_tracking", ())
        return json.loads(json.dumps(out, default=str))  # type: ignore[no-any-return]
