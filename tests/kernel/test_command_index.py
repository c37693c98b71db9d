"""The game's command index (idempotency): copies are cheap and independent, entries
survive folding, and snapshots store it as the plain dict it always was."""

from __future__ import annotations

import json

import pytest

from domain.kernel import Command, PlayerSpec
from service.app import CommandIndex, GameService, game_uuid
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
    # a snapshot stores the index as a plain dict, every command in order
    assert service.app.snapshots is not None
    stored = list(service.app.snapshots.recorder.select_events(game_uuid("g")))[-1]
    entries = json.loads(stored.state)["state"]["commands"]
    at = stored.originator_version
    assert list(entries) == [f"c{n}" for n in range(at - 3)]  # the game starts with 3 events
    assert {k: v["first"] for k, v in entries.items()} == {f"c{n}": n + 4 for n in range(at - 3)}
    # a load from that snapshot (a versioned load bypasses the cache) knows every command too
    game = service._load("g", version=version)
    assert len(game.commands) == commands
    assert game.commands.to_dict() == service._game_for_command("g", optimistic=True)[0].commands.to_dict()
    last = game.commands.get(f"c{commands - 1}")
    assert last is not None and last["first"] == last["last"] == commands + 3


def test_indexes_compare_by_their_entries_wherever_they_were_folded() -> None:
    folded, fresh = CommandIndex(), CommandIndex()
    for n in range(FOLD + 1):
        folded.add(f"c{n}", n + 1, "d")
    fresh._settled = folded.to_dict()  # the same entries, none recent
    assert folded == fresh and folded != CommandIndex()
