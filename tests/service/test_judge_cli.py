"""``adjudicator timeline/why/state/rejections/games/project`` over a SQLite store read
from the ``ADJUDICATOR_*`` environment, like the API."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from domain.kernel import Command, PlayerSpec
from service.app import GameService
from service.catalog import CardCatalogs
from service.cli import main
from service.errors import CommandRejectedError
from service.settings import Settings
from tests.story import deck_settings


@pytest.fixture
def store(fake_engines: None, tmp_path: Path, catalogs: CardCatalogs, monkeypatch: pytest.MonkeyPatch) -> Path:
    db = tmp_path / "data" / "games.db"
    # The tables wrap their last column at the terminal's width: a fixed one, so the lines
    # asserted below do not depend on the terminal (or an xdist worker's 80 columns).
    monkeypatch.setenv("COLUMNS", "120")
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
    assert "finished: won by Alice (p1)" in out.splitlines()
    assert "hands: {p1 F-002, F-001; p2 F-006, F-006}" in out.splitlines()
    assert '"' not in out  # a board, not a JSON dump


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


@pytest.mark.parametrize(
    "argv",
    [
        ["timeline", "g1"],
        ["why", "g1", "1"],
        ["state", "g1"],
        ["state", "g1", "--json"],
        ["rejections", "g1"],
        ["games"],
        ["export", "g1", "-o", "log.jsonl"],
        ["verify", "g1"],
    ],
)
@pytest.mark.parametrize("configured", [False, True])
def test_a_read_command_refuses_a_store_that_does_not_exist_and_creates_nothing(
    argv: list[str],
    configured: bool,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ADJUDICATOR_STORE", raising=False)
    if configured:
        monkeypatch.setenv("ADJUDICATOR_SQLITE_PATH", str(tmp_path / "elsewhere" / "games.db"))
    else:
        monkeypatch.delenv("ADJUDICATOR_SQLITE_PATH", raising=False)
    assert main(argv) == 1
    captured = capsys.readouterr()
    path = tmp_path / "elsewhere" / "games.db" if configured else tmp_path / "data" / "adjudicator.db"
    assert captured.err.startswith("error: no event store at ") and str(path) in captured.err
    assert "nothing was created" in captured.err and "ADJUDICATOR_SQLITE_PATH=" in captured.err
    assert captured.out == ""
    assert list(tmp_path.iterdir()) == []


def test_project_rebuild_creates_the_store_it_is_pointed_at(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ADJUDICATOR_STORE", raising=False)
    monkeypatch.delenv("ADJUDICATOR_SQLITE_PATH", raising=False)
    assert main(["project", "--rebuild"]) == 0
    assert capsys.readouterr().out.strip() == "rebuilt the games index: 0 stored events replayed"
    assert (tmp_path / "data" / "adjudicator.db").is_file()
    assert main(["timeline", "nope"]) == 1  # the store exists now: the answer is about the game
    assert "game/not_found" in capsys.readouterr().err


BOARDS = [
    ("FoW-5.5", "valhalla", "fire-starter", "water-starter", "p1"),
    ("GCG-1.00", "standard", "blue_bulwark", "red_rampage", None),
    ("LL-2.04", "standard", "monolium_starlight", "septpia_tides", None),
]


@pytest.mark.parametrize(("ruleset", "variant", "deck1", "deck2", "first"), BOARDS)
def test_state_prints_a_board_per_player_for_every_game_system(
    ruleset: str,
    variant: str,
    deck1: str,
    deck2: str,
    first: str | None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    db = tmp_path / "games.db"
    monkeypatch.setenv("ADJUDICATOR_STORE", "sqlite")
    monkeypatch.setenv("ADJUDICATOR_SQLITE_PATH", str(db))
    games = GameService(Settings(allow_client_seed=True, store="sqlite", sqlite_path=db))
    try:
        settings = deck_settings(ruleset)
        players = [
            PlayerSpec("p1", "Alice", {"starter": deck1, **settings}),
            PlayerSpec("p2", "Bob", {"starter": deck2, **settings}),
        ]
        games.create_game(ruleset, variant, players, seed=5, first_player=first, game_id="b1")
        judge_view: Any = games.view("b1", None).state
        p2_view: Any = games.view("b1", "p2").state
    finally:
        games.close()
    pending = judge_view["pending"]

    assert main(["state", "b1", "--as", "p2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert f"waiting for: {'Alice' if pending['player'] == 'p1' else 'Bob'} ({pending['player']})" in lines[2]
    assert '"' not in "\n".join(lines) and len(lines) < 60  # a board, not the JSON view
    alice = next(i for i, x in enumerate(lines) if x.startswith("Alice (p1)"))
    bob = next(i for i, x in enumerate(lines) if x.startswith("Bob (p2)"))
    alice_zones, bob_zones = lines[alice + 1 : bob], lines[bob + 1 :]
    assert len(alice_zones) == len(p2_view["players"]["p1"]["zones"])  # one line per zone
    hand = p2_view["players"]["p1"]["zones"]["hand"]["count"]
    alice_hand = next(x for x in alice_zones if x.split()[0] == "hand")
    assert alice_hand.split(None, 1)[1] == f"{hand} cards (hidden)"  # the opponent's hand: a count
    own = p2_view["players"]["p2"]["zones"]["hand"]["cards"]
    bob_hand = next(x for x in bob_zones if x.split()[0] == "hand")
    assert own and all(card["name"] in bob_hand for card in own)
    if ruleset.startswith("FoW"):
        assert lines[alice].startswith("Alice (p1): life 4000")

    assert main(["state", "b1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "(full judge view)" in lines[0]
    assert not [x for x in lines if "hidden" in x]  # the judge sees every card


def test_the_board_names_the_cards_and_players_of_the_battle_and_the_chase() -> None:
    from service.cli_board import board_lines

    cat = {"oid": "p1-003", "card": "SKL-024", "name": "Flame Cat", "rested": True, "atk": 400, "def_": 300}
    cat |= {"damage": 100, "skills": ["Swiftness"], "counters": {}, "attached_to": None}
    hatter = {"oid": "p2-004", "card": "CMF-046", "name": "Mad Hatter", "rested": False, "atk": 200, "def_": 200}
    state = {
        "turn": 3,
        "turn_player": "p1",
        "pending": {"kind": "priority", "player": "p2"},
        "battle": {"attacker": "p1-003", "target": "p2", "blocker": None},
        "chase": [{"item": "c1", "kind": "spell", "controller": "p1", "source": {**hatter, "oid": "p2-9"}}],
        "players": {
            "p1": {"name": "Alice", "life": 3500, "will": ["R", "R"], "lost": None, "zones": {"field": [cat, cat]}},
            "p2": {
                "name": "Bob",
                "life": 4000,
                "will": [],
                "lost": "conceded",
                "zones": {
                    "field": [hatter],
                    "hand": {"count": 3, "cards": [{"oid": "x", "card": "T", "name": "Thunder"}]},
                },
            },
        },
        "finished": False,
    }
    players = [{"id": "p1", "name": "Alice"}, {"id": "p2", "name": "Bob"}]
    assert board_lines(state, players) == [
        "turn player: Alice (p1); waiting for: Bob (p2) (priority)",
        "battle: {attacker Flame Cat (p1-003); target Bob (p2)}",
        "chase (1): {item c1; kind spell; controller Alice (p1); source Mad Hatter [200/200]}",
        "Alice (p1): life 3500, will R, R",
        "  field  2 cards: Flame Cat [rested, 400/300, damage 100, skills Swiftness] x2",
        "Bob (p2): life 4000, will -, LOST (conceded)",
        "  field  1 card: Mad Hatter [200/200]",
        "  hand   3 cards (hidden), 1 shown: Thunder",
    ]
