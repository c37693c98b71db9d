"""``adjudicator timeline/why/state/rejections/games/project`` over a SQLite store read
from the ``ADJUDICATOR_*`` environment, like the API."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domain.kernel import Command, PlayerSpec
from service.app import GameService
from service.catalog import CardCatalogs
from service.cli import main
from service.errors import CommandRejectedError
from service.settings import Settings


@pytest.fixture
def store(fake_engines: None, tmp_path: Path, catalogs: CardCatalogs, monkeypatch: pytest.MonkeyPatch) -> Path:
    db = tmp_path / "data" / "games.db"
    monkeypatch.setenv("ADJUDICATOR_STORE", "sqlite")
    monkeypatch.setenv("ADJUDICATOR_SQLITE_PATH", str(db))
    games = GameService(Settings(allow_client_seed=True, store="sqlite", sqlite_path=db), catalogs)
    try:
        players = [PlayerSpec("p1", "Alice", {"starter": "counters"}), PlayerSpec("p2", "Bob", {"starter": "sixes"})]
        games.create_game("FAKE-1", "short", players, seed=7, first_player="p1", game_id="g1")
        games.submit("g1", Command("Increment", "p1", {"by": 2}, id="a1"))
        games.submit("g1", Command("Pass", "p2", id="b1"))
        games.submit("g1", Command("Increment", "p1", {"by": 3}, id="a2"))
        with pytest.raises(CommandRejectedError):
            games.submit("g1", Command("Increment", "p2", {"by": 1}, id="late"))
    finally:
        games.close()
    return db


def test_timeline_prints_one_line_per_event(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["timeline", "g1"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Timeline of game g1 (8 events)"
    line = next(x for x in out.splitlines() if x.startswith("7 "))
    assert "p1" in line and "FAKE-1 3.2" in line and "cmd:a2" in line and "Alice: incremented (by 3; total 5)" in line
    assert main(["timeline", "g1", "--json", "--after", "7"]) == 0
    assert [e["summary"] for e in json.loads(capsys.readouterr().out)] == ["Alice won the game"]


def test_why_prints_the_chain_back_to_the_command(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["why", "g1", "8"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Why did event 8 of game g1 happen?"
    assert lines[1] == "[event 8] Alice won the game"
    assert lines[2] == "   rule FAKE-1 5.1"
    assert lines[3].strip() == "<- [event 7] Alice: incremented (by 3; total 5)"
    assert lines[-1].strip() == "<- [cmd:a2] Alice sent Increment(by=3)"
    assert main(["why", "g1", "99"]) == 1
    assert "game/no_such_event" in capsys.readouterr().err


def test_state_as_a_player_saw_it(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["state", "g1", "--at", "4", "--as", "p2", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["seq"] == 4 and shown["viewer"] == "p2"
    assert shown["state"]["hands"] == {"p1": {"count": 2}, "p2": ["F-006", "F-006"]}
    assert main(["state", "g1"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("Game g1 (FAKE-1 short) just after event 8")
    assert '"winner": "p1"' in out


def test_rejections_and_games(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rejections", "g1"]) == 0
    out = capsys.readouterr().out
    assert "Rejected attempts in game g1: 1" in out
    row = out.splitlines()[-1]
    assert "Increment(by=1)" in row and "rules/game_over" in row and "FAKE-1 5.1: p1 has already won" in row
    assert main(["games", "--rule", "FAKE-1 5.1", "--player", "Bob"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "1 game(s)"
    assert "won by p1" in out and "rules: FAKE-1 5.1" in out
    assert main(["games", "--loss", "conceded"]) == 0
    assert capsys.readouterr().out.splitlines() == ["0 game(s)"]
    assert main(["project", "--rebuild"]) == 0
    # 8 game events, the rejection log's 2 and the game's credentials (when its tokens were issued)
    assert capsys.readouterr().out.strip() == "rebuilt the games index: 11 stored events replayed"
    assert main(["rejections", "nope"]) == 1
    assert "game/not_found" in capsys.readouterr().err


def test_commands_that_show_rule_text_say_plainly_when_the_texts_cannot_be_loaded(
    store: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert main(["why", "g1", "8"]) == 0
    assert "warning" not in capsys.readouterr().err  # the texts shipped with the package load
    monkeypatch.setenv("RULES_DIR", str(tmp_path / "nowhere"))
    assert main(["why", "g1", "8"]) == 0
    err = capsys.readouterr().err
    assert "rule texts are not shown" in err and "force-of-will-cr-5.5.txt" in err and "nowhere" in err
