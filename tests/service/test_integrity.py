"""Tamper evidence against a writer with database access (docs/integrity.md).

Every tamper is made directly in the store (SQL on the eventsourcing tables, as
tests/kernel/test_chain.py does), by someone who has the database but not the server's chain
key.  Each is detected on SQLite and on PostgreSQL: an edit with the unkeyed links
recomputed, a link forged with a guessed key, a changed timestamp, deleted last events, a
forged snapshot, a wrong key.  A game found broken refuses commands and every view says
so; receipts tell a platform whether the store still holds what the server signed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
import os
import stat
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from domain.audit import chain_link
from domain.kernel import Command
from service.app import GameService, game_uuid
from service.audit import Audits
from service.catalog import CardCatalogs
from service.errors import ChainBrokenError
from service.integrity import ChainKeys, Receipt
from service.settings import Settings, SettingsError
from tests.kernel.test_chain import PLAYERS, change_event_data, edit_row

DURABLE = pytest.mark.parametrize(
    "store_settings", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True
)
"""The tamper tests run on both durable stores (the memory store has no database writer)."""

OpenService = Callable[[], GameService]


def play(service: GameService, game_id: str = "g1", moves: int = 4) -> list[Receipt]:
    """A FAKE-1 game (3 setup events, 2 events per move: versions up to 3 + 2 * moves);
    the receipts of its creation and of every move."""
    created = service.create_game("FAKE-1", "standard", PLAYERS, seed=42, first_player="p1", game_id=game_id)
    assert created.receipt is not None
    receipts = [created.receipt]
    for n in range(moves):
        result = service.submit(game_id, Command("Increment", "p1" if n % 2 == 0 else "p2", {"by": 1}, f"c{n}"))
        assert result.receipt is not None
        receipts.append(result.receipt)
    return receipts


def move(service: GameService, command_id: str, player: str = "p1") -> None:
    service.submit("g1", Command("Increment", player, {"by": 1}, command_id))


def relink_unkeyed(service: GameService, start: int, end: int, previous: str) -> None:
    """What a database writer without the key can do: recompute the (public, unkeyed)
    links of events ``start..end`` from ``previous``."""
    for version in range(start, end + 1):
        link: dict[str, str] = {}

        def forge(state: dict[str, Any]) -> dict[str, Any]:
            fields = {k: v for k, v in state.items() if k != "class_version"}
            state["chain_hash"] = link["new"] = chain_link(previous, version, fields)  # noqa: B023
            return state

        edit_row(service, "g1", version, forge)
        previous = link["new"]


def stored_link(service: GameService, version: int) -> str:
    (e,) = service.app.events.get(game_uuid("g1"), gt=version - 1, lte=version)
    return str(e.chain_hash)


# ------------------------------------------------------------------ the links


@DURABLE
def test_an_edit_with_the_unkeyed_links_recomputed_is_named(open_service: OpenService) -> None:
    """The old chain could be recomputed by anyone: now an unkeyed link after signed ones
    is refused, at the first event the writer touched."""
    service = open_service()
    play(service)
    edit_row(service, "g1", 6, change_event_data)
    relink_unkeyed(service, 6, 11, stored_link(service, 5))
    report = Audits(open_service()).verify_chain("g1")
    assert (report.status, report.broken_at) == ("broken", 6)
    assert "unkeyed link after signed ones" in report.reason


@DURABLE
def test_a_whole_game_relinked_without_the_key_is_only_legacy_and_its_receipt_says_rewritten(
    open_service: OpenService,
) -> None:
    """Relinking every event (the created one too) with unkeyed links gives a chain that
    verifies, but only as ``legacy`` (its head proves nothing), never ``intact``; the
    receipt the platform kept says the game was rewritten."""
    service = open_service()
    receipts = play(service)
    edit_row(service, "g1", 6, change_event_data)
    relink_unkeyed(service, 1, 11, "")
    for version in (5, 9):
        edit_row(service, "g1", version, lambda s: None, snapshot=True)  # their heads are keyed
    fresh = open_service()
    report = Audits(fresh).verify_chain("g1")
    assert (report.status, report.legacy, report.broken_at) == ("legacy", 11, None)
    check = Audits(fresh).verify_receipt(receipts[-1])
    assert check.status == "rewritten"
    assert check.details["stored_head"] != receipts[-1].head


@DURABLE
def test_a_link_made_with_a_guessed_key_is_named(open_service: OpenService) -> None:
    service = open_service()
    play(service)
    ((kid, _),) = service.settings.chain_key_list()
    guess = ChainKeys([(kid, "not-the-server-secret")])
    (before,) = service.app.events.get(game_uuid("g1"), gt=5, lte=6)

    def forge(state: dict[str, Any]) -> dict[str, Any]:
        state = change_event_data(state)
        fields = {**state, "event": state["event"]}
        state["chain_hash"] = guess.link(stored_link(service, 5), game_uuid("g1"), 6, before.timestamp, fields)
        return state

    edit_row(service, "g1", 6, forge)
    report = Audits(open_service()).verify_chain("g1")
    assert (report.status, report.broken_at) == ("broken", 6)
    assert "does not match its signed link" in report.reason


@DURABLE
def test_a_changed_timestamp_is_named(open_service: OpenService) -> None:
    """The link covers the stored event's timestamp (and version), which the old chain
    left out."""
    service = open_service()
    play(service)

    def later(state: dict[str, Any]) -> dict[str, Any]:
        when = datetime.fromisoformat(state["timestamp"]["_data_"]) + timedelta(seconds=1)
        state["timestamp"]["_data_"] = when.isoformat()
        return state

    edit_row(service, "g1", 7, later)
    report = Audits(open_service()).verify_chain("g1")
    assert (report.status, report.broken_at) == ("broken", 7)
    assert "timestamp" in report.reason


@DURABLE
def test_links_are_checked_with_the_key_that_made_them(
    open_service: OpenService, store_settings: Settings, catalogs: CardCatalogs
) -> None:
    """A process with another key (or another secret under the same key id) finds every
    link wrong; after a rotation (new signing key, old one kept for verification) old and
    new links verify together."""
    service = open_service()
    play(service, moves=1)
    ((kid, secret),) = service.settings.chain_key_list()

    def opened(keys: str) -> GameService:
        other = GameService(dataclasses.replace(store_settings, chain_keys=keys), catalogs)
        service_list.append(other)
        return other

    service_list: list[GameService] = []
    try:
        unknown = Audits(opened("other:" + "x" * 40)).verify_chain("g1")
        assert (unknown.status, unknown.broken_at) == ("broken", 1)
        assert f"unknown key {kid!r}" in unknown.reason
        wrong = Audits(opened(f"{kid}:{'y' * 40}")).verify_chain("g1")
        assert (wrong.status, wrong.broken_at) == ("broken", 1)
        rotated = opened(f"k2:{'z' * 40},{kid}:{secret}")
        rotated.submit("g1", Command("Increment", "p2", {"by": 1}, "after-rotation"))
        assert stored_link(rotated, 7).startswith("hmac-sha256:k2:")
        assert stored_link(rotated, 5).startswith(f"hmac-sha256:{kid}:")
        assert Audits(rotated).verify_chain("g1").status == "intact"
    finally:
        for other in service_list:
            other.close()


# ------------------------------------------------------------------ truncation


@DURABLE
def test_deleted_last_events_are_caught_by_the_process_that_acknowledged_them_and_by_receipts(
    open_service: OpenService,
) -> None:
    """Deleting the tail leaves a chain that verifies (every remaining link is good): what
    catches it is what the writer cannot roll back, this process's memory of the head it
    acknowledged and the receipts the platform kept."""
    service = open_service()
    receipts = play(service)  # receipts at versions 3, 5, 7, 9, 11
    edit_row(service, "g1", 11, lambda s: None)
    edit_row(service, "g1", 10, lambda s: None)

    report = Audits(service).verify_chain("g1")
    assert (report.status, report.broken_at) == ("broken", 10)
    assert "acknowledged version 11" in report.reason
    with pytest.raises(ChainBrokenError) as refused:
        move(service, "after-truncation", "p1")
    assert refused.value.integrity["broken_at"] == 10

    fresh = open_service()  # a restarted process remembers nothing: its chain is intact...
    assert Audits(fresh).verify_chain("g1").status == "intact"
    check = Audits(fresh).verify_receipt(receipts[-1])  # ...but the receipt is not
    assert check.status == "truncated"
    assert (check.details["receipt_version"], check.details["stored_version"]) == (11, 9)
    assert Audits(fresh).verify_receipt(receipts[-2]).status == "valid"


@DURABLE
def test_a_command_on_a_cached_game_after_the_tail_was_deleted_is_refused_and_nothing_is_appended(
    open_service: OpenService,
) -> None:
    """The cached game decides without loading; before it appends, the service checks that
    the store still holds the cached head, so no command lands after a gap."""
    service = open_service()
    play(service)
    edit_row(service, "g1", 11, lambda s: None)
    with pytest.raises(ChainBrokenError) as refused:
        move(service, "after-truncation", "p1")
    assert refused.value.integrity["broken_at"] == 11
    assert "acknowledged version 11" in refused.value.integrity["reason"]
    stored = service.app.recorder.select_events(game_uuid("g1"))
    assert [r.originator_version for r in stored] == list(range(1, 11))  # nothing after the gap


@DURABLE
def test_a_cold_load_finds_the_store_behind_what_this_process_acknowledged(open_service: OpenService) -> None:
    service = open_service()
    play(service)
    edit_row(service, "g1", 11, lambda s: None)
    service.app.repository.cache.get(game_uuid("g1"), evict=True)  # e.g. evicted from the cache
    shown = service.view("g1", None)
    assert shown.integrity is not None
    assert (shown.integrity["status"], shown.integrity["broken_at"]) == ("broken", 11)
    with pytest.raises(ChainBrokenError):
        move(service, "refused")


# ------------------------------------------------------------------ snapshots


@DURABLE
def test_a_forged_snapshot_is_refused_on_load(open_service: OpenService) -> None:
    """Snapshots carry a MAC over their whole state (with the chain head at their
    version): an edited one is not loaded (the events are replayed instead), and the game
    says it was tampered with."""
    service = open_service()
    play(service)  # snapshots at versions 5 and 9

    def forge(state: dict[str, Any]) -> dict[str, Any]:
        state["state"]["state"]["target"] = 3
        return state

    edit_row(service, "g1", 9, forge, snapshot=True)
    fresh = open_service()
    shown = fresh.view("g1", None)
    assert shown.state["target"] != 3 and shown.version == 11
    assert shown.integrity is not None and shown.integrity["snapshot"] == 9
    assert "MAC" in shown.integrity["reason"]
    with pytest.raises(ChainBrokenError):
        move(fresh, "refused")
    report = Audits(open_service()).verify_chain("g1")
    assert (report.status, report.snapshot_broken_at) == ("broken", 9)


@DURABLE
def test_a_snapshot_without_a_mac_is_not_loaded_but_is_no_finding(open_service: OpenService) -> None:
    """Snapshots taken before snapshots were signed (or stripped of their MAC) are simply
    not used: the events are replayed, and the game stays usable."""
    service = open_service()
    play(service)

    def strip(state: dict[str, Any]) -> dict[str, Any]:
        state["state"].pop("integrity_mac")
        state["state"]["state"]["target"] = 3
        return state

    edit_row(service, "g1", 9, strip, snapshot=True)
    fresh = open_service()
    shown = fresh.view("g1", None)
    assert shown.state["target"] != 3
    assert shown.integrity == {"status": "intact", "broken_at": None, "reason": ""}
    move(fresh, "accepted", "p1")


# ------------------------------------------------------------------ broken games


@DURABLE
def test_a_broken_game_refuses_commands_and_every_view_says_so(open_service: OpenService) -> None:
    service = open_service()
    play(service)  # snapshots at 5 and 9: a load reads the snapshot at 9, then events 10 and 11
    edit_row(service, "g1", 10, change_event_data)
    fresh = open_service()  # after a restart: loading checks the links it reads
    shown = fresh.view("g1", "p1")
    assert shown.integrity is not None
    assert (shown.integrity["status"], shown.integrity["broken_at"]) == ("broken", 10)
    assert fresh.legal_actions("g1", "p1").integrity == shown.integrity
    with pytest.raises(ChainBrokenError) as refused:
        move(fresh, "refused", "p1")
    assert refused.value.code == "integrity/chain_broken"
    assert "stored event 10" in refused.value.message
    assert len(list(fresh.app.events.get(game_uuid("g1")))) == 11  # nothing recorded


@DURABLE
def test_an_event_behind_a_signed_snapshot_is_caught_when_it_is_read(open_service: OpenService) -> None:
    """Loads start from the newest signed snapshot and check only the events after it
    (incremental): an edit behind it does not change the state served, and is found as
    soon as the events are read (the events views, verify)."""
    service = open_service()
    play(service)
    edit_row(service, "g1", 6, change_event_data)
    fresh = open_service()
    assert fresh.view("g1", None).integrity == {"status": "intact", "broken_at": None, "reason": ""}
    fresh.events("g1", after=5, limit=2)  # event 6, checked from event 5's link
    shown = fresh.view("g1", None)
    assert shown.integrity is not None and shown.integrity["broken_at"] == 6
    player = open_service()
    player.events("g1", after=0, viewer="p1")
    assert player.integrity_of("g1")["broken_at"] == 6


def test_the_api_answers_409_and_shows_integrity_in_every_view(
    fake_engines: None, catalogs: CardCatalogs, tmp_path: Path
) -> None:
    settings = Settings(allow_client_seed=True, store="sqlite", sqlite_path=tmp_path / "games.db", snapshot_interval=4)
    service = GameService(settings, catalogs)
    judge = {"Authorization": f"Bearer {settings.judge_token}"}
    try:
        with TestClient(create_app(service=service)) as client:
            created = client.post(
                "/games",
                json={
                    "ruleset": "FAKE-1",
                    "variant": "standard",
                    "game_id": "g1",
                    "seed": 1,
                    "first_player": "p1",
                    "players": [
                        {"id": "p1", "name": "Alice", "deck": {"starter": "counters"}},
                        {"id": "p2", "name": "Bob", "deck": {"main": [{"card": "F-006", "count": 4}]}},
                    ],
                },
            ).json()
            p1 = {"Authorization": f"Bearer {created['player_tokens']['p1']}"}
            body = {"command_id": "c1", "type": "Increment", "args": {"by": 1}}
            client.post("/games/g1/commands", json={**body, "command_id": "c0"}, headers=p1)
            p2 = {"Authorization": f"Bearer {created['player_tokens']['p2']}"}
            answer = client.post("/games/g1/commands", json=body, headers=p2).json()
            receipt = answer["receipt"]
            assert (receipt["game_id"], receipt["version"]) == ("g1", answer["version"])
            valid = client.post("/games/g1/receipts/verify", json=receipt).json()  # no token: signed
            assert valid["status"] == "valid"
            forged = client.post(
                "/games/g1/receipts/verify", json={**receipt, "version": receipt["version"] + 1}, headers=p1
            ).json()
            assert forged["status"] == "forged"
            assert client.get("/games/g1/state", headers=p1).json()["integrity"]["status"] == "intact"

            edit_row(service, "g1", 6, change_event_data)  # after the snapshot at 5
            service.app.repository.cache.get(game_uuid("g1"), evict=True)  # as after a restart
            for path in ("/games/g1/state", "/games/g1/events", "/games/g1/legal-actions"):
                integrity = client.get(path, headers=p1).json()["integrity"]
                assert (integrity["status"], integrity["broken_at"]) == ("broken", 6), path
            for path in ("/games/g1/timeline", "/games/g1/state-at?at=2"):
                assert client.get(path, headers=judge).json()["integrity"]["status"] == "broken", path
            refused = client.post("/games/g1/commands", json={**body, "command_id": "c2"}, headers=p1)
            assert refused.status_code == 409, refused.text
            assert refused.status_code == 409
            error = refused.json()["error"]
            assert (error["code"], error["details"]["broken_at"]) == ("integrity/chain_broken", 6)
            assert client.get("/games/g1/verify", headers=judge).json()["broken_at"] == 6
    finally:
        service.close()


# ------------------------------------------------------------------ receipts


@DURABLE
def test_receipts_valid_forged_truncated_and_rewritten(open_service: OpenService) -> None:
    service = open_service()
    receipts = play(service)
    audits = Audits(service)
    assert [r.version for r in receipts] == [3, 5, 7, 9, 11]
    assert all(audits.verify_receipt(r).is_valid for r in receipts)
    again = service.submit("g1", Command("Increment", "p1", {"by": 1}, "c0"))  # a command sent again
    assert again.receipt == receipts[1]

    # signed by hand, as a platform may check it with a shared key
    ((kid, secret),) = service.settings.chain_key_list()
    r = receipts[-1]
    message = f"tcg-adjudicator/receipt/1\ng1\n{r.version}\n{r.head}".encode()
    assert (r.kid, r.signature) == (kid, hmac.new(secret.encode(), message, hashlib.sha256).hexdigest())

    assert audits.verify_receipt(dataclasses.replace(r, signature="0" * 64)).status == "forged"
    assert audits.verify_receipt(dataclasses.replace(r, version=9)).status == "forged"
    assert audits.verify_receipt(dataclasses.replace(r, kid="nope")).status == "forged"

    # the writer deletes the last command and a restarted server records another one there
    edit_row(service, "g1", 11, lambda s: None)
    edit_row(service, "g1", 10, lambda s: None)
    checker = open_service()
    assert Audits(checker).verify_receipt(r).status == "truncated"
    with pytest.raises(ChainBrokenError):  # the process that saw the truncated receipt refuses commands
        move(checker, "refused", "p2")
    move(open_service(), "replacement", "p2")  # a process that knows nothing accepts them
    check = Audits(open_service()).verify_receipt(r)
    assert check.status == "rewritten"
    assert Audits(open_service()).verify_receipt(receipts[-2]).is_valid

    for version in range(11, 0, -1):  # the whole game deleted
        edit_row(service, "g1", version, lambda s: None)
    gone = Audits(open_service()).verify_receipt(r)
    assert (gone.status, gone.details["stored_version"]) == ("truncated", 0)


# ------------------------------------------------------------------ settings


def test_a_development_sqlite_store_gets_a_key_that_survives_restarts(tmp_path: Path) -> None:
    settings = Settings(store="sqlite", sqlite_path=tmp_path / "data" / "games.db")
    first = settings.chain_key_list()
    key_file = tmp_path / "data" / "games.db.chain-key"
    assert stat.S_IMODE(os.stat(key_file).st_mode) == 0o600
    assert Settings(store="sqlite", sqlite_path=tmp_path / "data" / "games.db").chain_key_list() == first
    other = Settings(store="sqlite", sqlite_path=tmp_path / "other.db").chain_key_list()
    assert other != first  # one key per data store
    assert Settings.from_env({"ADJUDICATOR_CHAIN_KEYS": "a:s1, b:s2"}).chain_key_list() == [("a", "s1"), ("b", "s2")]


@pytest.mark.parametrize(
    ("keys", "problem"),
    [
        ("", "ADJUDICATOR_CHAIN_KEYS must be set"),
        ("k1:short", "too weak"),
        ("k1:replace-with-a-long-random-judge-token", "too weak"),
        ("no-secret", "entry 1 must be"),
        (f"k1:{'a' * 40},k1:{'b' * 40}", "twice"),
        (f"k1:{'a' * 40},bad kid:{'b' * 40}", "entry 2 must be"),
    ],
)
def test_production_refuses_missing_or_weak_chain_keys(keys: str, problem: str) -> None:
    env = {"ADJUDICATOR_ENV": "production", "ADJUDICATOR_JUDGE_TOKEN": "Zq" + "x7Kp" * 10}
    with pytest.raises(SettingsError, match=problem):
        Settings.from_env({**env, "ADJUDICATOR_CHAIN_KEYS": keys})


def test_a_keyed_link_is_the_documented_hmac() -> None:
    """docs/integrity.md: HMAC-SHA256(secret, previous + "\\n" + canonical JSON)."""
    keys = ChainKeys([("k1", "secret")])
    when = datetime.fromisoformat("2026-01-02T03:04:05.000006+00:00")
    fields = {"event": {"seq": 2, "b": [1, "é"]}, "command_id": "c", "chain_hash": "ignored", "timestamp": "ignored"}
    text = json.dumps(
        {"fields": {"command_id": "c", "event": {"b": [1, "é"], "seq": 2}}, "game": "g", "timestamp": when.isoformat(),
         "version": 2},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )  # fmt: skip
    mac = hmac.new(b"secret", ("prev\n" + text).encode(), hashlib.sha256).hexdigest()
    assert keys.link("prev", "g", 2, when, fields) == f"hmac-sha256:k1:{mac}"
    assert keys.check_link(f"hmac-sha256:k1:{mac}", "prev", "g", 2, when, fields, after_keyed=True).ok
    assert not keys.check_link(f"hmac-sha256:k1:{mac}", "prev", "g", 3, when, fields, after_keyed=True).ok


@DURABLE
def test_a_head_witness_outside_the_database_catches_truncation_after_a_restart(
    store_settings: Settings, catalogs: CardCatalogs, fake_engines: None, tmp_path: Path
) -> None:
    """``ADJUDICATOR_HEAD_WITNESS``: the receipts signed, appended to a file the database's
    writer cannot roll back, read back by a restarted process; lines that are not signed
    receipts are skipped."""
    settings = dataclasses.replace(store_settings, head_witness=tmp_path / "witness" / "heads.jsonl")
    opened: list[GameService] = []

    def open_() -> GameService:
        opened.append(GameService(settings, catalogs))
        return opened[-1]

    try:
        receipts = play(open_())
        witness = tmp_path / "witness" / "heads.jsonl"
        assert stat.S_IMODE(os.stat(witness).st_mode) == 0o600
        lines = witness.read_text().splitlines()
        assert [json.loads(line)["version"] for line in lines] == [r.version for r in receipts]
        forged = {**receipts[-1].to_dict(), "version": 99}  # a head the server never signed
        with witness.open("a") as f:
            f.write(json.dumps(forged) + "\nnot json\n")
        edit_row(opened[0], "g1", 11, lambda s: None)
        edit_row(opened[0], "g1", 10, lambda s: None)

        restarted = open_()
        assert restarted.witness is not None and restarted.witness.skipped == 2
        shown = restarted.view("g1", None)
        assert shown.integrity is not None
        assert (shown.integrity["status"], shown.integrity["broken_at"]) == ("broken", 10)
        assert "acknowledged version 11" in shown.integrity["reason"]
        with pytest.raises(ChainBrokenError):
            move(restarted, "refused", "p1")
        assert Audits(restarted).verify_chain("g1").broken_at == 10
    finally:
        for service in opened:
            service.close()


def test_the_cli_checks_a_kept_receipt(
    fake_engines: None, catalogs: CardCatalogs, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    """``adjudicator verify GAME --receipt FILE``: exit 0 only when the store still holds
    the signed head; a truncated store passes the chain check but not the receipt."""
    from service.cli import main

    monkeypatch.setenv("ADJUDICATOR_STORE", "sqlite")
    monkeypatch.setenv("ADJUDICATOR_SQLITE_PATH", str(tmp_path / "games.db"))
    monkeypatch.delenv("ADJUDICATOR_CHAIN_KEYS", raising=False)
    monkeypatch.setenv("ADJUDICATOR_ALLOW_CLIENT_SEED", "true")
    service = GameService(Settings.from_env(), catalogs)
    try:
        receipts = play(service)
        kept = tmp_path / "response.json"
        kept.write_text(json.dumps({"version": 11, "events": [], "receipt": receipts[-1].to_dict()}))
        assert main(["verify", "g1", "--receipt", str(kept)]) == 0
        assert "VALID" in capsys.readouterr().out
        edit_row(service, "g1", 11, lambda s: None)
        edit_row(service, "g1", 10, lambda s: None)
    finally:
        service.close()
    assert main(["verify", "g1"]) == 0  # the chain that is left verifies...
    assert "intact" in capsys.readouterr().out
    assert main(["verify", "g1", "--receipt", str(kept), "--json"]) == 1  # ...the receipt does not
    assert json.loads(capsys.readouterr().out)["status"] == "truncated"


# ------------------------------------------------------------------ tokens


@DURABLE
def test_a_token_reissue_without_the_servers_seal_grants_nothing(open_service: OpenService) -> None:
    """A database writer who inserts a ``Reissued`` event with a token hash of their own
    cannot act as the player: the reissue has no valid seal, so it grants no token (and
    still revokes the player's previous one); a judge's reissue is sealed and works."""
    from service.credentials import Credentials, credentials_id
    from service.errors import AuthError

    service = open_service()
    created = service.create_game("FAKE-1", "standard", PLAYERS, seed=42, first_player="p1", game_id="g1")
    assert service.authenticate("g1", created.player_tokens["p1"]).player == "p1"
    credentials: Credentials = service.app.repository.get(credentials_id("g1"))
    forged = "attacker-chosen-token"
    when = datetime.now().astimezone().isoformat()
    credentials.reissue(player="p1", token_hash=hashlib.sha256(forged.encode()).hexdigest(), issued_at=when)
    service.app.save(credentials)  # what an INSERT of the row would store: no seal
    fresh = open_service()
    with pytest.raises(AuthError):
        fresh.authenticate("g1", forged)
    with pytest.raises(AuthError):
        fresh.authenticate("g1", created.player_tokens["p1"])
    issued = fresh.reissue_token("g1", "p1")
    assert open_service().authenticate("g1", issued.token).player == "p1"


@DURABLE
def test_a_changed_token_hash_in_the_header_lets_no_player_in(open_service: OpenService) -> None:
    service = open_service()
    created = service.create_game("FAKE-1", "standard", PLAYERS, seed=42, first_player="p1", game_id="g1")
    forged = "attacker-chosen-token"

    def swap(state: dict[str, Any]) -> dict[str, Any]:
        state["token_hashes"]["p1"] = hashlib.sha256(forged.encode()).hexdigest()
        return state

    edit_row(service, "g1", 1, swap)
    fresh = open_service()
    with pytest.raises(ChainBrokenError) as refused:
        fresh.authenticate("g1", forged)
    assert refused.value.integrity["broken_at"] == 1
    assert fresh.authenticate("g1", fresh.settings.judge_token).role == "judge"  # judges can still look
    assert created.player_tokens  # the real tokens are refused too: the header cannot be trusted
    with pytest.raises(ChainBrokenError):
        fresh.authenticate("g1", created.player_tokens["p2"])
