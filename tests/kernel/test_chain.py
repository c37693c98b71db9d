"""Tamper evidence: every stored event of a game carries a hash chained to the event before
it (docs/replay-log.md).  The verifier recomputes the chain from the stored rows alone and
names the first stored event that was changed, removed or made unreadable.

The rows are edited behind the service's back, directly in the store: SQLite and
PostgreSQL by SQL ``UPDATE``/``DELETE`` on the eventsourcing events table, the memory store
by replacing the recorder's stored event.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
import sqlite3
from collections.abc import Callable
from typing import Any

import psycopg
import pytest
from eventsourcing.persistence import StoredEvent
from psycopg import sql

from domain.audit import chain_link
from domain.kernel import Command, PlayerSpec
from service.app import GameService, game_uuid
from service.audit import Audits
from service.settings import Settings

PLAYERS = [
    PlayerSpec("p1", "Alice", {"starter": "counters"}),
    PlayerSpec("p2", "Bob", {"main": [{"card": "F-006", "count": 4}]}),
]


def played(service: GameService, game_id: str = "g1", moves: int = 4) -> None:
    """A FAKE-1 game: 3 setup events, then 2 events per Increment (versions 4..3+2*moves)."""
    service.create_game("FAKE-1", "standard", PLAYERS, seed=42, first_player="p1", game_id=game_id)
    for n in range(moves):
        player = "p1" if n % 2 == 0 else "p2"
        service.submit(game_id, Command("Increment", player, {"by": 1}, f"{game_id}-c{n}"))


# ------------------------------------------------------------------ editing stored rows directly


Edit = Callable[[dict[str, Any]], dict[str, Any] | None]
"""Given a stored event's JSON state, the new state (``None``: delete the row)."""


def _pg(settings: Settings) -> psycopg.Connection[tuple[Any, ...]]:
    return psycopg.connect(
        host=settings.pg_host,
        port=settings.pg_port,
        user=settings.pg_user,
        password=settings.pg_password,
        dbname=settings.pg_dbname,
        autocommit=True,
    )


def edit_row(
    service: GameService, game_id: str, version: int, edit: Edit, raw: bytes | None = None, snapshot: bool = False
) -> None:
    """Change (or delete) one stored event (or ``snapshot``) of ``game_id`` in the store itself."""
    settings = service.settings
    recorder: Any = service.app.snapshots.recorder if snapshot and service.app.snapshots else service.app.recorder
    gid = game_uuid(game_id)
    table = getattr(recorder, "events_table_name", "")
    if settings.store == "sqlite":
        with sqlite3.connect(settings.sqlite_path) as conn:
            where = "originator_id = ? AND originator_version = ?"
            (state,) = conn.execute(f"SELECT state FROM {table} WHERE {where}", (gid.hex, version)).fetchone()
            new = edit(json.loads(state))
            if new is None:
                conn.execute(f"DELETE FROM {table} WHERE {where}", (gid.hex, version))
            else:
                payload = raw if raw is not None else json.dumps(new).encode()
                changed = conn.execute(f"UPDATE {table} SET state = ? WHERE {where}", (payload, gid.hex, version))
                assert changed.rowcount == 1
    elif settings.store == "postgres":
        ident = sql.Identifier(settings.pg_schema or "public", table)
        where = sql.SQL("originator_id = %s AND originator_version = %s")
        with _pg(settings) as conn:
            row = conn.execute(sql.SQL("SELECT state FROM {} WHERE {}").format(ident, where), (gid, version)).fetchone()
            assert row is not None
            new = edit(json.loads(bytes(row[0])))
            if new is None:
                conn.execute(sql.SQL("DELETE FROM {} WHERE {}").format(ident, where), (gid, version))
            else:
                payload = raw if raw is not None else json.dumps(new).encode()
                cur = conn.execute(
                    sql.SQL("UPDATE {} SET state = %s WHERE {}").format(ident, where), (payload, gid, version)
                )
                assert cur.rowcount == 1
    else:
        events: list[StoredEvent] = recorder._stored_events
        index = next(i for i, e in enumerate(events) if e.originator_id == gid and e.originator_version == version)
        new = edit(json.loads(events[index].state))
        assert new is not None, "the memory store's rows are not deleted in these tests"
        payload = raw if raw is not None else json.dumps(new).encode()
        events[index] = dataclasses.replace(events[index], state=payload)


def change_event_data(state: dict[str, Any]) -> dict[str, Any]:
    state["event"]["data"]["total"] += 1
    return state


# ----------------------------------------------------------------------------------- tests


def test_a_fresh_game_has_an_intact_chain_whose_links_can_be_recomputed_by_hand(service: GameService) -> None:
    """With the server's key only (docs/integrity.md): HMAC-SHA256 of the previous link,
    a newline and the canonical JSON of the game, version, timestamp and fields."""
    played(service)
    report = Audits(service).verify_chain("g1")
    assert (report.status, report.events, report.broken_at, report.legacy) == ("intact", 11, None, 0)
    stored = list(service.app.events.get(game_uuid("g1")))
    ((kid, secret),) = service.settings.chain_key_list()
    metadata = {"originator_id", "originator_version", "originator_topic", "timestamp", "chain_hash"}
    previous = ""
    for version, e in enumerate(stored, start=1):
        payload = {
            "game": str(game_uuid("g1")),
            "version": version,
            "timestamp": e.timestamp.isoformat(),
            "fields": {k: v for k, v in vars(e).items() if k not in metadata},
        }
        text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
        mac = hmac.new(secret.encode(), (previous + "\n" + text).encode(), hashlib.sha256).hexdigest()
        assert e.chain_hash == f"hmac-sha256:{kid}:{mac}"
        previous = e.chain_hash
    assert report.head == previous
    # the command is stored with the first event it produced, for replay logs
    assert stored[3].command == {"type": "Increment", "player": "p1", "args": {"by": 1}, "id": "g1-c0"}
    assert stored[4].command is None and stored[4].command_id == "g1-c0"


@pytest.mark.parametrize("version", [1, 4, 7, 11])
def test_changing_a_stored_event_is_named_exactly(service: GameService, version: int) -> None:
    played(service)
    played(service, "other")

    def tamper(state: dict[str, Any]) -> dict[str, Any]:
        if version == 1:  # the game's header: e.g. a forged player token hash
            state["token_hashes"]["p2"] = "0" * 64
            return state
        if state["event"]["type"] == "Incremented":
            return change_event_data(state)
        state["event"]["rule"] = "FAKE-1 9.9"
        return state

    edit_row(service, "g1", version, tamper)
    report = Audits(service).verify_chain("g1")
    assert report.status == "broken"
    assert report.broken_at == version
    assert "changed after it was recorded" in report.reason
    assert report.details["stored"].startswith("hmac-sha256:")
    assert "recomputed" not in report.details  # never the right MAC of tampered data: no signing oracle
    assert Audits(service).verify_chain("other").is_intact  # other games are untouched


def test_changing_a_stored_command_is_detected(service: GameService) -> None:
    played(service)

    def forge(state: dict[str, Any]) -> dict[str, Any]:
        state["command"]["args"]["by"] = 3
        return state

    edit_row(service, "g1", 6, forge)
    report = Audits(service).verify_chain("g1")
    assert (report.status, report.broken_at) == ("broken", 6)


def test_rewriting_the_hash_too_is_caught_at_the_changed_event(service: GameService) -> None:
    """A forger without the key can only compute an unkeyed link, which is refused after
    signed ones (docs/integrity.md); the next event's link was made from the original
    link anyway."""
    played(service)
    (before,) = service.app.events.get(game_uuid("g1"), gt=4, lte=5)

    def forge(state: dict[str, Any]) -> dict[str, Any]:
        state = change_event_data(state)
        fields = {k: v for k, v in state.items() if k != "class_version"}
        state["chain_hash"] = chain_link(before.chain_hash, 6, fields)
        return state

    edit_row(service, "g1", 6, forge)
    report = Audits(service).verify_chain("g1")
    assert (report.status, report.broken_at) == ("broken", 6)
    assert "unkeyed link after signed ones" in report.reason


def test_an_unreadable_row_is_a_finding_not_a_crash(service: GameService) -> None:
    played(service)
    edit_row(service, "g1", 5, lambda s: s, raw=b"{not json")
    report = Audits(service).verify_chain("g1")
    assert (report.status, report.broken_at) == ("broken", 5)
    assert "cannot be read" in report.reason


def test_a_deleted_row_is_named_as_missing(service: GameService) -> None:
    if service.settings.store == "memory":
        played(service)
        edit_row(service, "g1", 8, lambda s: {**s, "chain_hash": ""})  # stripped hash after chained events
        report = Audits(service).verify_chain("g1")
        assert (report.status, report.broken_at) == ("broken", 8)
        assert "lost its chain hash" in report.reason
        return
    played(service)
    edit_row(service, "g1", 8, lambda s: None)
    report = Audits(service).verify_chain("g1")
    assert (report.status, report.broken_at) == ("broken", 8)
    assert "missing" in report.reason


def test_the_chain_continues_across_snapshots_and_reopening(open_service: Callable[[], GameService]) -> None:
    first = open_service()
    played(first, moves=6)  # snapshot interval 4: loads go through snapshots
    second = open_service() if first.settings.store != "memory" else first
    second.submit("g1", Command("Increment", "p1", {"by": 1}, "late"))
    report = Audits(second).verify_chain("g1")
    assert (report.status, report.events) == ("intact", 17)


def test_an_edited_snapshot_is_refused_and_named_though_the_events_are_intact(service: GameService) -> None:
    """Loads start from snapshots, so a snapshot edited in the store would change the game
    silently: snapshots carry a MAC, a load refuses a snapshot whose MAC fails (and replays
    the events instead), and the verifier names it."""
    played(service, moves=4)  # snapshot interval 4: snapshots at versions 5 and 9
    report = Audits(service).verify_chain("g1")
    assert (report.status, report.snapshots, report.snapshot_broken_at) == ("intact", 2, None)

    def forge(state: dict[str, Any]) -> dict[str, Any]:
        state["state"]["state"]["target"] = 3
        return state

    edit_row(service, "g1", 9, forge, snapshot=True)
    shown = service.view("g1", None, at=10)
    assert shown.state["target"] != 3  # the forged snapshot is not what loads
    assert shown.integrity is not None and shown.integrity["status"] == "broken"
    report = Audits(service).verify_chain("g1")
    assert (report.status, report.broken_at, report.snapshot_broken_at) == ("broken", None, 9)
    assert "MAC" in report.reason


def test_unknown_games_are_not_found(service: GameService) -> None:
    from service.errors import GameNotFoundError

    with pytest.raises(GameNotFoundError):
        Audits(service).verify_chain("nope")


@pytest.mark.parametrize(
    "store_settings", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True
)
def test_events_recorded_before_the_chain_still_load_and_report_unchained(
    open_service: Callable[[], GameService],
) -> None:
    """Rows written by the earlier version (no class_version, no chain_hash, no command,
    no setup; snapshots without chain_head) are upcast on load; the verifier calls them
    ``unchained`` and chains what comes after them.  (Durable stores only: the memory
    store never holds rows of an earlier version.)"""
    service = open_service()
    played(service, moves=2)  # versions 1..7, a snapshot at 5

    def legacy(state: dict[str, Any]) -> dict[str, Any]:
        for key in ("class_version", "chain_hash", "command", "setup"):
            state.pop(key, None)
        return state

    def legacy_snapshot(state: dict[str, Any]) -> dict[str, Any]:
        state["state"].pop("chain_head")
        state["state"].pop("integrity_mac")
        return state

    for version in range(1, 8):
        edit_row(service, "g1", version, legacy)
    edit_row(service, "g1", 5, legacy_snapshot, snapshot=True)
    fresh = open_service()
    report = Audits(fresh).verify_chain("g1")
    assert (report.status, report.unchained, report.snapshots) == ("unchained", 7, 1)
    fresh.submit("g1", Command("Increment", "p1", {"by": 1}, "after"))
    report = Audits(fresh).verify_chain("g1")
    assert (report.status, report.unchained, report.events) == ("intact", 7, 9)
    later = list(fresh.app.events.get(game_uuid("g1"), gt=7))
    assert later[0].chain_hash == fresh.chain_keys.link("", game_uuid("g1"), 8, later[0].timestamp, vars(later[0]))
