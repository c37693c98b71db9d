"""Judge read models through the service: rejected attempts, timelines and why-chains for
every ruleset, time travel with redaction, and the tracked cross-game index (rebuilt ==
live, exactly once, read-your-writes) on memory, SQLite and PostgreSQL."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from domain.kernel import Command, PlayerSpec
from domain.rulesets import get_engine
from projections.games_index import GamesIndex, rule_matches
from projections.judge import timeline, why
from projections.runtime import ProjectionRunner, index_database
from service.app import GameService
from service.catalog import CATALOG_DIR, SYSTEM_PREFIXES, CardCatalogs
from service.errors import CommandRejectedError, InvalidRequestError
from service.judge import JudgeService, rule_text, rule_title
from service.settings import Settings
from tests import fakes
from tests.projections.test_story import battle_game

T0 = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)


class Clock:
    """A clock that advances one second per reading."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        current = self.now
        self.now += timedelta(seconds=1)
        return current


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture(scope="session")
def all_catalogs(tmp_path_factory: pytest.TempPathFactory) -> CardCatalogs:
    """The built-in catalogs plus the fake counting game's."""
    root = tmp_path_factory.mktemp("all-catalogs")
    shutil.copytree(CATALOG_DIR, root, dirs_exist_ok=True)
    fakes.write_catalog(root)
    return CardCatalogs(root=root, prefixes={**SYSTEM_PREFIXES, **fakes.PREFIXES})


@pytest.fixture
def games(
    fake_engines: None, store_settings: Settings, all_catalogs: CardCatalogs, clock: Clock
) -> Iterator[GameService]:
    service = GameService(store_settings, all_catalogs, clock=clock)
    yield service
    service.close()


@pytest.fixture
def judge(games: GameService) -> Iterator[JudgeService]:
    j = JudgeService(games)
    yield j
    j.close()


def counting_game(games: GameService, game_id: str = "g1", p2_name: str = "Bob") -> None:
    """Alice adds 2, Bob passes, Alice adds 3 and wins (target 4)."""
    players = [PlayerSpec("p1", "Alice", {"starter": "counters"}), PlayerSpec("p2", p2_name, {"starter": "sixes"})]
    games.create_game("FAKE-1", "short", players, seed=7, first_player="p1", game_id=game_id)
    games.submit(game_id, Command("Increment", "p1", {"by": 2}, id=f"{game_id}-a1"))
    games.submit(game_id, Command("Pass", "p2", id=f"{game_id}-b1"))
    games.submit(game_id, Command("Increment", "p1", {"by": 3}, id=f"{game_id}-a2"))


def play(games: GameService, ruleset: str, decks: tuple[str, str], commands: int, game_id: str) -> None:
    """A real starter-deck game driven by a fixed policy over the legal actions."""
    players = [PlayerSpec("p1", "Alice", {"starter": decks[0]}), PlayerSpec("p2", "Bob", {"starter": decks[1]})]
    games.create_game(ruleset, "standard", players, seed=3, game_id=game_id)
    for i in range(commands):
        legal = [c for p in ("p1", "p2") for c in games.legal_actions(game_id, p).actions if c.type != "Concede"]
        chosen = legal[-1] if i % 3 == 0 else legal[0]
        games.submit(game_id, Command(chosen.type, chosen.player, chosen.args, id=f"c{i}"))


# ------------------------------------------------------------------ rejected attempts


def test_a_refused_command_is_recorded_for_judges_without_touching_the_game(
    games: GameService, judge: JudgeService, clock: Clock
) -> None:
    counting_game(games)
    clock.now = T0  # the two refusals below are read at T0 and T0 + 1 s
    before_events = games.events("g1")
    before_version = games.view("g1", None).version
    with pytest.raises(CommandRejectedError) as refused:
        games.submit("g1", Command("Increment", "p2", {"by": 1}, id="late"), expected_version=before_version)
    assert refused.value.code == "rules/game_over"
    with pytest.raises(CommandRejectedError):
        games.submit("g1", Command("Jump", "p1", id="odd"))

    assert games.view("g1", None).version == before_version == 8
    assert games.events("g1") == before_events
    attempts = judge.rejections("g1")
    assert [a.to_dict() for a in attempts] == [
        {
            "number": 1,
            "game_id": "g1",
            "player": "p2",
            "command": {"type": "Increment", "player": "p2", "args": {"by": 1}, "id": "late"},
            "code": "rules/game_over",
            "rule": "FAKE-1 5.1",
            "message": "p1 has already won",
            "based_on_version": 8,
            "at": "2026-01-02T03:04:05+00:00",
        },
        {
            "number": 2,
            "game_id": "g1",
            "player": "p1",
            "command": {"type": "Jump", "player": "p1", "args": {}, "id": "odd"},
            "code": "rules/game_over",
            "rule": "FAKE-1 5.1",
            "message": "p1 has already won",
            "based_on_version": 8,
            "at": "2026-01-02T03:04:06+00:00",
        },
    ]


def test_a_refusal_mid_game_records_the_version_it_was_based_on(games: GameService, judge: JudgeService) -> None:
    players = [PlayerSpec("p1", "Alice", {"starter": "counters"}), PlayerSpec("p2", "Bob", {"starter": "sixes"})]
    games.create_game("FAKE-1", "standard", players, seed=7, first_player="p1", game_id="g2")
    with pytest.raises(CommandRejectedError):
        games.submit("g2", Command("Increment", "p2", {"by": 1}, id="x1"))
    with pytest.raises(CommandRejectedError):
        games.submit("g2", Command("Increment", "p1", {"by": 9}, id="x2"))
    games.submit("g2", Command("Increment", "p1", {"by": 1}, id="ok"))
    attempts = judge.rejections("g2")
    assert [(a.player, a.code, a.rule, a.based_on_version) for a in attempts] == [
        ("p2", "rules/not_your_turn", "FAKE-1 3.1", 3),
        ("p1", "rules/bad_amount", "FAKE-1 3.2", 3),
    ]
    assert attempts[0].message == "it is p1's turn, not p2's"
    assert games.view("g2", None).version == 5  # only the accepted command added events
    assert judge.games_where(player="Alice")[0].rejections == 2


# ------------------------------------------------------------------ timeline and why


def test_timeline_of_a_game_without_rules_text_uses_generic_sentences(games: GameService, judge: JudgeService) -> None:
    counting_game(games)
    entries = judge.timeline("g1")
    assert [(e.seq, e.actor, e.rule, e.summary, e.cause) for e in entries] == [
        (1, "rules", "FAKE-1 1.1", "Game started (game id g1; target 4; first Alice)", "setup"),
        (2, "rules", "FAKE-1 1.2", "Alice: hand dealt (cards F-002, F-001)", "ev:1"),
        (3, "rules", "FAKE-1 1.2", "Bob: hand dealt (cards F-006, F-006)", "ev:1"),
        (4, "p1", "FAKE-1 3.2", "Alice: incremented (by 2; total 2)", "cmd:g1-a1"),
        (5, "rules", "FAKE-1 4.1", "Turn passed (to Bob)", "ev:4"),
        (6, "p2", "FAKE-1 4.1", "Bob: turn passed (to Alice)", "cmd:g1-b1"),
        (7, "p1", "FAKE-1 3.2", "Alice: incremented (by 3; total 5)", "cmd:g1-a2"),
        (8, "rules", "FAKE-1 5.1", "Alice won the game", "ev:7"),
    ]
    assert {e.rule_title for e in entries} == {""}  # FAKE-1 has no rules text
    assert [e.seq for e in judge.timeline("g1", after=5, limit=2)] == [6, 7]
    chain = judge.why("g1", 8)
    assert [(link.seq, link.command, link.type, link.summary) for link in chain] == [
        (8, None, "GameWon", "Alice won the game"),
        (7, None, "Incremented", "Alice: incremented (by 3; total 5)"),
        (None, "cmd:g1-a2", "Increment", "Alice sent Increment(by=3)"),
    ]
    with pytest.raises(InvalidRequestError) as missing:
        judge.why("g1", 9)
    assert missing.value.code == "game/no_such_event"


def test_force_of_will_keeps_the_rich_narrator_and_why_cites_rule_texts() -> None:
    _, events = battle_game()
    engine = get_engine("FoW-5.5")
    names = {"p1": "Alice", "p2": "Bob"}
    entries = timeline(engine, events, names, rule_title)
    damage = [e for e in entries if e.type == "DamageDealt"]
    assert [(d.summary, d.rule, d.rule_title, d.turn, d.phase, d.step) for d in damage] == [
        (
            "Alice's Bear (ATK 500) dealt 500 battle damage to Bob's Bird",
            "FoW-5.5 8.5 p2.2",
            "Normal Battle Resolution Step",
            1,
            "main",
            "normal_damage",
        ),
        (
            "Bob's Bird (ATK 300) dealt 300 battle damage to Alice's Bear",
            "FoW-5.5 8.5 p3",
            "Normal Battle Resolution Step",
            1,
            "main",
            "normal_damage",
        ),
    ]
    destroyed = next(e for e in entries if e.type == "CardMoved" and "destroyed" in e.summary)
    chain = why(entries, destroyed.seq, rule_title, rule_text, names)
    assert [(link.type, link.rule, link.rule_title, link.summary) for link in chain] == [
        ("CardMoved", "FoW-5.5 13.2 p1", "Destroying", "Bob's Bird was destroyed and put into the graveyard"),
        (
            "DamageDealt",
            "FoW-5.5 8.5 p2.2",
            "Normal Battle Resolution Step",
            "Alice's Bear (ATK 500) dealt 500 battle damage to Bob's Bird",
        ),
        ("AttackDeclared", "FoW-5.5 8.2 p3", "Declare Attack Step", "Alice's Bear attacked Bob's Bird"),
        ("Command", "", "", "Alice sent command DeclareAttack-p1"),
    ]
    assert "suffers damage equal to or more than its DEF" in chain[0].rule_text
    assert chain[3].command == "cmd:DeclareAttack-p1" and chain[2].actor == "p1"


def test_godzilla_timeline_and_why_chain_through_the_service(games: GameService, judge: JudgeService) -> None:
    play(games, "GCG-1.00", ("blue_bulwark", "red_rampage"), 5, "gz")
    entries = judge.timeline("gz")
    assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
    first = entries[0]
    assert first.summary == "Game gz started under GCG-1.00 (standard): Alice (p1) vs Bob (p2)"
    assert first.cause == "cmd:create:gz" and first.rule_title == "Preparing for the Game"
    turn = next(e for e in entries if e.type == "TurnBegan")
    assert (turn.summary, turn.rule, turn.rule_title, turn.turn) == (
        "Turn 1 began for Bob",
        "GCG-1.00 7.1.2",
        "Overview",
        1,
    )
    played = next(e for e in entries if e.type == "CardPlayed")
    assert (played.summary, played.actor, played.turn, played.phase) == (
        "Alice played Swarm Drone (counter power 1000) from their hand into zone 2",
        "p1",
        2,
        "main",
    )
    chain = judge.why("gz", played.seq)
    assert [(link.type, link.rule, link.rule_title, link.summary) for link in chain] == [
        (
            "CardPlayed",
            "GCG-1.00 9.5.2.1.2",
            "Play and Resolve",
            "Alice played Swarm Drone (counter power 1000) from their hand into zone 2",
        ),
        (
            "CardMoved",
            "GCG-1.00 9.5.2.1.1",
            "Play and Resolve",
            "Alice's Swarm Drone moved from their hand to their resolution area (play)",
        ),
        (
            "MainActionTaken",
            "GCG-1.00 8.2.1",
            "Play a Battle Card",
            "Alice took a main phase action: play battle card Swarm Drone (zone 2)",
        ),
        ("PlayBattleCard", "", "", "Alice sent PlayBattleCard(card=Swarm Drone, zone=2)"),
    ]
    assert chain[0].rule_text.startswith("If you are playing a battle card")
    assert chain[-1].command == "cmd:c1" and chain[-1].actor == "p1"


def test_luck_and_logic_why_a_gate_was_destroyed(games: GameService, judge: JudgeService) -> None:
    play(games, "LL-2.04", ("monolium_starlight", "septpia_tides"), 10, "ll")
    entries = judge.timeline("ll")
    destroyed = next(e for e in entries if e.type == "GateDestroyed")
    assert destroyed.summary == "Bob's Gate of Dawn was destroyed by Alice's Knight Trainee (power 3000)"
    assert (destroyed.turn, destroyed.phase, destroyed.step) == (2, "battle", "attack_declaration")
    chain = judge.why("ll", destroyed.seq)
    assert [(link.type, link.actor, link.rule, link.summary) for link in chain] == [
        (
            "GateDestroyed",
            "rules",
            "LL-2.04 8.2.10.3",
            "Bob's Gate of Dawn was destroyed by Alice's Knight Trainee (power 3000)",
        ),
        ("AttackDeclared", "p1", "LL-2.04 8.2.6", "Alice's Knight Trainee (power 3000) attacked Bob's FL circle"),
        ("CardRested", "rules", "LL-2.04 8.2.5", "Alice's Knight Trainee (power 3000) was rested (attack)"),
        ("BattleBegan", "rules", "LL-2.04 8.1.3", "Alice began battle 1"),
        ("AttackChosen", "p1", "LL-2.04 8.2.4.1", "Alice chose to attack (attack 1 of the turn)"),
        ("DeclareAttack", "p1", "", "Alice sent DeclareAttack(attacker=Knight Trainee, circle=FL)"),
    ]
    assert {link.rule_title for link in chain[:3]} == {"Attack Declaration Step"}
    assert chain[1].rule_text.startswith("The turn player chooses 1 of the opponent's circles")


# ------------------------------------------------------------------ time travel


def test_state_at_an_event_or_turn_for_the_judge_and_as_each_player_saw_it(
    games: GameService, judge: JudgeService
) -> None:
    counting_game(games)
    full = judge.state_at("g1", at=4)
    assert full.seq == 4 and full.view.version == 4
    assert full.view.state["counts"] == {"p1": 2, "p2": 0}
    assert full.view.state["hands"] == {"p1": ["F-002", "F-001"], "p2": ["F-006", "F-006"]}
    as_bob = judge.state_at("g1", at=4, viewer="p2")
    assert as_bob.view.state["hands"] == {"p1": {"count": 2}, "p2": ["F-006", "F-006"]}
    assert "seed" not in as_bob.view.state and full.view.state["seed"] == 7
    as_alice = judge.state_at("g1", at=4, viewer="p1")
    assert as_alice.view.state["hands"] == {"p1": ["F-002", "F-001"], "p2": {"count": 2}}
    assert judge.state_at("g1").seq == 8 and judge.state_at("g1").view.state["winner"] == "p1"
    with pytest.raises(InvalidRequestError):
        judge.state_at("g1", at=9)


def test_state_at_a_turn_and_phase_of_a_real_game(games: GameService, judge: JudgeService) -> None:
    play(games, "LL-2.04", ("monolium_starlight", "septpia_tides"), 10, "ll")
    at = judge.state_at("ll", turn=2, phase="battle")
    first_battle = next(e for e in judge.timeline("ll") if e.turn == 2 and e.phase == "battle")
    assert (at.seq, at.turn, at.phase) == (first_battle.seq, 2, "battle")
    assert at.view.state["turn"] == 2 and at.view.state["phase"] == "battle"
    hidden = judge.state_at("ll", turn=2, phase="battle", viewer="p2")
    assert hidden.view.state != at.view.state  # p2 does not see Alice's hand
    with pytest.raises(InvalidRequestError) as never:
        judge.state_at("ll", turn=99)
    assert never.value.code == "game/no_such_turn"


# ------------------------------------------------------------------ across games


def test_games_by_rule_player_and_loss_condition(games: GameService, judge: JudgeService) -> None:
    counting_game(games, "g1")
    counting_game(games, "g2", p2_name="Carol")
    players = [
        PlayerSpec("p1", "Alice", {"starter": "monolium_starlight"}),
        PlayerSpec("p2", "Bob", {"starter": "septpia_tides"}),
    ]
    games.create_game("LL-2.04", "standard", players, seed=3, game_id="ll")
    games.submit("ll", Command("Concede", "p1", id="give-up"))

    assert [g.game_id for g in judge.games_where()] == ["g1", "g2", "ll"]
    assert [g.game_id for g in judge.games_where(player="Carol")] == ["g2"]
    assert [g.game_id for g in judge.games_where(player="p2")] == ["g1", "g2", "ll"]
    conceded = judge.games_where(loss="conceded")
    assert [(g.game_id, g.finished, g.winner) for g in conceded] == [("ll", True, "p2")]
    assert conceded[0].players == [
        {"id": "p1", "name": "Alice", "lost": "conceded"},
        {"id": "p2", "name": "Bob", "lost": None},
    ]
    won = judge.games_where(rule="FAKE-1 5.1")
    assert [(g.game_id, g.winner, g.rules) for g in won] == [("g1", "p1", ["FAKE-1 5.1"]), ("g2", "p1", ["FAKE-1 5.1"])]
    assert [g.game_id for g in judge.games_where(rule="LL-2.04 1.2")] == ["ll"]
    assert judge.games_where(rule="LL-2.04 1.2")[0].rules == ["LL-2.04 1.2.1", "LL-2.04 1.2.4"]
    assert judge.games_where(rule="FAKE-1 5") and not judge.games_where(rule="FAKE-1 5.2")
    assert [g.game_id for g in judge.games_where(player="Alice", rule="FAKE-1 3.2", ruleset="FAKE-1")] == ["g1", "g2"]


def test_rule_prefixes_match_only_at_rule_boundaries() -> None:
    assert rule_matches("FoW-5.5 8.5 p2.2", "FoW-5.5 8.5")
    assert rule_matches("FoW-5.5 8.5.1", "FoW-5.5 8.5")
    assert rule_matches("FoW-5.5 8.5", "FoW-5.5 8.5")
    assert not rule_matches("FoW-5.5 8.50", "FoW-5.5 8.5")
    assert not rule_matches("FoW-5.01 8.5", "FoW-5.5 8.5")


def test_a_rebuilt_index_equals_the_live_one(games: GameService, judge: JudgeService) -> None:
    counting_game(games, "g1")
    live_before = judge.games_where()
    counting_game(games, "g2")  # applied incrementally on top of g1
    with pytest.raises(CommandRejectedError):
        games.submit("g2", Command("Increment", "p1", {"by": 1}, id="late"))
    live_rows = judge.games_where()
    live = judge.index.dump()
    assert len(live_before) == 1 and len(live_rows) == 2
    assert live["judge_tracking"][0][1] > 0

    replayed = judge.rebuild()
    assert replayed == live["judge_tracking"][0][1]  # every stored event applied once more, from 0
    assert judge.index.dump() == live
    assert judge.games_where() == live_rows
    assert judge.runner.run_once() == 0  # nothing is applied twice


def test_concurrent_runners_apply_each_event_exactly_once(
    games: GameService, judge: JudgeService, store_settings: Settings
) -> None:
    counting_game(games, "g1")
    counting_game(games, "g2")
    shared = judge.index if store_settings.store == "memory" else GamesIndex(index_database(store_settings))
    runners = [judge.runner, ProjectionRunner(games.app, shared)]
    barrier = threading.Barrier(2)

    def run(r: ProjectionRunner) -> None:
        barrier.wait()
        r.run_once()

    threads = [threading.Thread(target=run, args=(r,)) for r in runners]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    dump = judge.index.dump()
    rules = {(row[0], row[1]): row[2] for row in dump["judge_game_rules"]}
    assert rules[("g1", "FAKE-1 3.2")] == 2 and rules[("g2", "FAKE-1 4.1")] == 2  # not 4: no double counting
    judge.rebuild()
    assert judge.index.dump() == dump
    if shared is not judge.index:
        shared.db.close()


def test_read_your_writes(games: GameService, judge: JudgeService) -> None:
    counting_game(games, "g1")
    players = [PlayerSpec("p1", "Alice", {"starter": "counters"}), PlayerSpec("p2", "Bob", {"starter": "sixes"})]
    games.create_game("FAKE-1", "standard", players, seed=7, first_player="p1", game_id="g3")
    assert judge.wait_until("g1", 8)
    result = games.submit("g3", Command("Increment", "p1", {"by": 1}, id="r1"))
    assert judge.index.version("g3") < result.version  # not applied yet: nothing polled since
    row = judge.indexed_game("g3", min_version=result.version)
    assert row.version == result.version == 5
    assert not judge.wait_until("g3", 99, timeout=0.2)
    with pytest.raises(InvalidRequestError) as stale:
        judge.indexed_game("g3", min_version=99, timeout=0.1)
    assert stale.value.code == "projection/not_caught_up"


def test_a_polling_runner_catches_up_in_the_background(games: GameService, judge: JudgeService) -> None:
    counting_game(games, "g1")
    judge.runner.start(interval=0.02)
    try:
        done = threading.Event()

        def caught_up() -> bool:
            return judge.index.version("g1") == 8

        for _ in range(250):
            if caught_up():
                done.set()
                break
            done.wait(0.02)
        assert done.is_set()
    finally:
        judge.runner.stop()
