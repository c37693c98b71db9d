"""The game's command index (idempotency): copies are cheap and independent, entries
survive folding, and snapshots are bounded: they list the newest commands and hold the
older ones in a fixed-size filter, so their size does not grow with the game, while every
command, however old, still answers with its recorded result."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from domain.kernel import Command, PlayerSpec
from service.app import CommandIndex, Game, GameService, OlderCommands, game_uuid
from service.errors import CommandIdReusedError

FOLD = CommandIndex.FOLD_AT


def test_copies_are_independent_across_folds() -> None:
    index = CommandIndex()
    copies = []
    for n in range(3 * FOLD + 5):
        copies.append((n, index.copy()))
        index.add(f"c{n}", n + 1, f"d{n}")
        index.add(f"c{n}", n + 1, f"d{n}")  # a second event of the same command
    assert len(index) == 3 * FOLD + 5
    assert list(index.to_dict()) == [f"c{n}" for n in range(3 * FOLD + 5)]  # insertion order
    assert index.get("c0") == {"first": 1, "digest": "d0", "last": 1}
    for n, copy in copies:
        assert len(copy) == n
        assert copy.get(f"c{n}") is None
        assert n == 0 or copy.get(f"c{n - 1}") == {"first": n, "digest": f"d{n - 1}", "last": n}
    # adding to a copy leaves the original and the other copies alone, folds included
    n, copy = copies[FOLD - 1]
    for k in range(2 * FOLD):
        copy.add(f"x{k}", 1000 + k, "dx")
    assert index.get("x0") is None and copies[FOLD][1].get("x0") is None
    assert copy.get(f"c{FOLD - 1}") is None and copy.get(f"c{FOLD - 2}") is not None


def test_a_multi_event_command_spanning_a_fold_keeps_its_last_event() -> None:
    index = CommandIndex()
    for n in range(FOLD - 1):
        index.add(f"c{n}", n + 1, "d")
    index.add("long", FOLD, "d")  # folds
    index.add("long", FOLD + 1, "d")
    assert index.get("long") == {"first": FOLD, "digest": "d", "last": FOLD + 1}


@pytest.mark.parametrize("commands", [FOLD + 7])
def test_idempotency_and_snapshots_across_folds(service: GameService, commands: int) -> None:
    players = [PlayerSpec("p1", "A", {"starter": "counters"}), PlayerSpec("p2", "B", {"starter": "sixes"})]
    version = service.create_game("FAKE-1", "standard", players, seed=1, first_player="p1", game_id="g").version
    sent = []
    for n in range(commands):
        command = Command("Pass", "p1" if n % 2 == 0 else "p2", {}, f"c{n}")
        result = service.submit("g", command, version)
        sent.append((command, result))
        version = result.version
    # every command, old or recent, answers again with its recorded result
    for command, result in sent[:: max(1, commands // 9)] + sent[-2:]:
        assert service.submit("g", command, 0) == result
    with pytest.raises(CommandIdReusedError):
        service.submit("g", Command("Pass", "p2", {"other": 1}, "c0"))
    # a snapshot lists every command in order while there are fewer than it keeps
    assert service.app.snapshots is not None
    stored = list(service.app.snapshots.recorder.select_events(game_uuid("g")))[-1]
    entries = json.loads(stored.state)["state"]["commands"]
    at = stored.originator_version
    assert commands < CommandIndex.SNAPSHOT_KEEPS
    assert list(entries) == [f"c{n}" for n in range(at - 3)]  # the game starts with 3 events
    assert {k: v["first"] for k, v in entries.items()} == {f"c{n}": n + 4 for n in range(at - 3)}
    # a load from that snapshot (a versioned load bypasses the cache) knows every command too
    game = service._load("g", version=version)
    assert len(game.commands) == commands
    assert game.commands.to_dict() == service._game_for_command("g", optimistic=True)[0].commands.to_dict()
    last = game.commands.get(f"c{commands - 1}")
    assert last is not None and last["first"] == last["last"] == commands + 3


KEEPS = 8


def _play(
    service: GameService, commands: int, start: int = 0, version: int | None = None
) -> list[tuple[Command, object]]:
    if version is None:
        players = [PlayerSpec("p1", "A", {"starter": "counters"}), PlayerSpec("p2", "B", {"starter": "sixes"})]
        version = service.create_game("FAKE-1", "standard", players, seed=1, first_player="p1", game_id="g").version
    sent = []
    for n in range(start, start + commands):
        command = Command("Pass", "p1" if n % 2 == 0 else "p2", {}, f"c{n}")
        result = service.submit("g", command, version)
        sent.append((command, result))
        version = result.version
    return sent


def _last_snapshot(service: GameService) -> tuple[int, dict[str, object]]:
    assert service.app.snapshots is not None
    stored = list(service.app.snapshots.recorder.select_events(game_uuid("g")))[-1]
    return stored.originator_version, json.loads(stored.state)["state"]


def test_a_snapshot_lists_the_newest_commands_and_its_size_does_not_grow(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(CommandIndex, "SNAPSHOT_KEEPS", KEEPS)
    sent = _play(service, 3 * KEEPS)
    at, early = _last_snapshot(service)
    assert list(early["commands"]) == [f"c{n}" for n in range(at - 3 - KEEPS, at - 3)]  # the newest, in order
    assert early["older_commands"]["count"] == at - 3 - KEEPS
    _play(service, 20 * KEEPS, start=3 * KEEPS, version=sent[-1][1].version)  # type: ignore[attr-defined]
    later_at, later = _last_snapshot(service)
    assert later_at > 6 * at
    assert len(later["commands"]) == KEEPS and later["older_commands"]["count"] == later_at - 3 - KEEPS
    # the game grew about sevenfold; the snapshot did not (its ids are a character longer)
    assert len(json.dumps(later)) <= len(json.dumps(early)) + 2 * KEEPS + 100


def test_after_a_cold_load_old_commands_still_answer_with_their_recorded_result(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(CommandIndex, "SNAPSHOT_KEEPS", KEEPS)
    sent = _play(service, 6 * KEEPS)
    assert service.app.repository.cache is not None
    service.app.repository.cache.get(game_uuid("g"), evict=True)  # as after a restart
    game = service._load("g")
    assert game.commands.get("c0") is None and game.commands.may_be_older("c0")  # not listed: in the filter
    assert len(game.commands) == 6 * KEEPS
    for command, result in sent[:: KEEPS // 2] + sent[-2:]:
        assert service.submit("g", command, 0) == result
    with pytest.raises(CommandIdReusedError):
        service.submit("g", Command("Pass", "p1", {"other": 1}, "c0"))
    # a new command is recorded once, whatever the filter says about it
    new = Command("Pass", "p1", {}, "c-new")
    first = service.submit("g", new, sent[-1][1].version)  # type: ignore[attr-defined]
    assert service.submit("g", new, 0) == first


def test_a_false_positive_of_the_filter_is_settled_by_the_stored_events(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(CommandIndex, "SNAPSHOT_KEEPS", KEEPS)
    sent = _play(service, 4 * KEEPS)
    assert service.app.repository.cache is not None
    service.app.repository.cache.get(game_uuid("g"), evict=True)
    monkeypatch.setattr(OlderCommands, "may_hold", lambda self, command_id: True)  # "perhaps", for every id
    version = sent[-1][1].version  # type: ignore[attr-defined]
    result = service.submit("g", Command("Pass", "p1", {}, "never-sent"), version)
    assert result.version == version + 1 and result.events
    assert service.submit("g", sent[0][0], 0) == sent[0][1]


def test_the_filter_is_a_function_of_the_set_of_ids() -> None:
    ids = [f"cmd-{n}" for n in range(500)]
    whole = OlderCommands().with_ids(ids)
    assert whole == OlderCommands().with_ids(ids[:200]).with_ids(ids[200:])
    assert whole == OlderCommands().with_ids(reversed(ids))
    assert whole == OlderCommands.from_dict(json.loads(json.dumps(whole.to_dict())))
    assert all(whole.may_hold(i) for i in ids)
    assert sum(whole.may_hold(f"other-{n}") for n in range(2000)) < 20  # rarely "perhaps" for others
    with pytest.raises(ValueError, match="another filter"):
        OlderCommands.from_dict({**whole.to_dict(), "bits": 1024})


def test_a_snapshot_from_before_bounded_snapshots_still_loads_every_command(service: GameService) -> None:
    _play(service, CommandIndex.FOLD_AT + 3)
    game = service._load("g")
    legacy = Game.Snapshot.take(game, bounded=False)
    assert "older_commands" not in legacy.state and len(legacy.state["commands"]) == CommandIndex.FOLD_AT + 3
    loaded = legacy.mutate(None)
    assert loaded.commands == game.commands and len(loaded.commands) == CommandIndex.FOLD_AT + 3


def test_indexes_compare_by_their_entries_wherever_they_were_folded() -> None:
    folded = CommandIndex()
    for n in range(FOLD + 1):
        folded.add(f"c{n}", n + 1, "d")
    fresh = CommandIndex(folded.to_dict())  # the same entries, none recent
    assert not fresh._recent and folded._recent
    assert folded == fresh and folded != CommandIndex()


def test_a_cached_games_index_is_bounded_like_its_snapshots(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 23 (memory per cached game): the index the cached game holds lists the newest
    commands and keeps the older ones in the filter, as a game loaded from its newest
    snapshot does, so it does not grow with the game; every command still answers."""
    monkeypatch.setattr(CommandIndex, "SNAPSHOT_KEEPS", KEEPS)
    total = 2 * FOLD + 5
    sent = _play(service, total)
    cached = service._game_for_command("g", optimistic=True)[0]
    listed = list(cached.commands.to_dict())
    assert len(listed) <= KEEPS + FOLD  # not every command: the older ones are in the filter
    assert listed[-KEEPS:] == [f"c{n}" for n in range(total - KEEPS, total)]  # the newest, in order
    assert len(cached.commands) == total
    assert cached.commands.get("c0") is None and cached.commands.may_be_older("c0")
    # the same index as a game loaded cold from its snapshot and the events after it
    assert service.app.repository.cache is not None
    service.app.repository.cache.get(game_uuid("g"), evict=True)
    assert service._load("g").commands == cached.commands
    for command, result in sent[:: FOLD // 4] + sent[-2:]:
        assert service.submit("g", command, 0) == result
    with pytest.raises(CommandIdReusedError):
        service.submit("g", Command("Pass", "p1", {"other": 1}, "c1"))


def test_an_index_that_keeps_all_lists_every_command() -> None:
    index = CommandIndex()
    index.keep_all()
    for n in range(3 * FOLD):
        index.add(f"c{n}", n + 1, "d")
    assert list(index.to_dict()) == [f"c{n}" for n in range(3 * FOLD)] and not index.may_be_older("c0")
    assert list(index.copy().to_dict()) == list(index.to_dict())


@pytest.mark.parametrize(
    "store_settings", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True
)
def test_the_audit_checks_every_entry_of_a_long_games_snapshot_from_before_bounded_snapshots(
    open_service: Callable[[], GameService], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A snapshot stored before snapshots were bounded lists every command.  The audit folds
    the events with an index that keeps them all, so such a snapshot of a game longer than
    the index keeps still matches, and an edit to one of its oldest entries is still found."""
    from service.audit import Audits
    from tests.kernel.test_chain import edit_row

    monkeypatch.setattr(CommandIndex, "SNAPSHOT_KEEPS", KEEPS)
    service = open_service()
    _play(service, FOLD + 3 * KEEPS)
    assert service.app.snapshots is not None
    at = list(service.app.snapshots.recorder.select_events(game_uuid("g")))[-1].originator_version
    whole = CommandIndex()
    whole.keep_all()
    for e in service.app.events.get(game_uuid("g"), lte=at):
        if getattr(e, "command_id", ""):
            whole.add(e.command_id, e.originator_version, e.command_digest)  # type: ignore[attr-defined]
    assert len(whole.to_dict()) > KEEPS + FOLD // 2  # more than a bounded index would list

    def legacy(state: dict[str, Any]) -> dict[str, Any]:
        state["state"].pop("integrity_mac")  # snapshots were not signed then
        state["state"].pop("older_commands")
        state["state"]["commands"] = whole.to_dict()
        return state

    edit_row(service, "g", at, legacy, snapshot=True)
    report = Audits(open_service()).verify_chain("g")
    assert (report.snapshot_broken_at, report.reason) == (None, ""), report.reason

    def edited(state: dict[str, Any]) -> dict[str, Any]:
        state["state"]["commands"]["c0"]["digest"] = "0" * 64
        return state

    edit_row(service, "g", at, edited, snapshot=True)
    report = Audits(open_service()).verify_chain("g")
    assert report.snapshot_broken_at == at and "commands" in report.reason


@pytest.mark.parametrize(
    "digest",
    ["ab" * 32, "AB" * 32, "d0", "g" * 64, ""],
    ids=["sha256-hex", "upper-hex", "short", "not-hex", "empty"],
)
def test_an_entry_answers_its_digest_exactly_however_it_is_held(digest: str) -> None:
    """Issue 23 (memory per cached game): a SHA-256 hex digest is held as its 32 bytes, any
    other text as given; the index, its snapshot and a copy all answer the digest recorded."""
    index = CommandIndex()
    index.add("c", 7, digest)
    index.add("c", 8, digest)
    assert index.get("c") == {"first": 7, "digest": digest, "last": 8}
    assert index.copy().to_dict() == {"c": {"first": 7, "digest": digest, "last": 8}}
    assert CommandIndex(index.bounded()[0]).get("c") == index.get("c")
    assert isinstance(index._get("c").digest, bytes) == (digest == "ab" * 32)  # type: ignore[union-attr]
