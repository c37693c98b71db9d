"""The service contract, run on every event store (memory, SQLite, PostgreSQL), against the
fake counting game of ``tests/fakes.py``.  Settings and catalog loading are tested at the end."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from domain.kernel import Command, Event, PlayerSpec
from domain.rulesets import get_engine
from service.app import CreatedGame, Game, GameService, game_uuid
from service.catalog import (
    CardCatalogs,
    CatalogError,
    UnknownStarterDeckError,
    list_starter_decks,
    load_catalog,
    load_starter_deck,
    system_for,
)
from service.errors import (
    AuthError,
    CommandIdReusedError,
    CommandRejectedError,
    GameAlreadyExistsError,
    GameNotFoundError,
    InvalidRequestError,
    SetupRejectedError,
    UnknownRulesetError,
    VersionConflictError,
)
from service.rejections import list_attempts
from service.settings import KNOWN_DEFAULT_TOKENS, Settings, SettingsError
from tests import fakes

PLAYERS = [
    PlayerSpec("p1", "Alice", {"starter": "counters"}),
    PlayerSpec("p2", "Bob", {"main": [{"card": "F-006", "count": 4}]}),
]


def new_game(service: GameService, game_id: str = "g1", ruleset: str = "FAKE-1", **kw: Any) -> CreatedGame:
    return service.create_game(ruleset, "standard", PLAYERS, seed=42, first_player="p1", game_id=game_id, **kw)


def inc(player: str, by: int, cid: str) -> Command:
    return Command("Increment", player, {"by": by}, cid)


def play_to_the_end(service: GameService, game_id: str = "g1") -> None:
    """p1 adds 3 and p2 adds 1 until p1 reaches 10 (version 3 -> 17)."""
    for turn in range(4):
        service.submit(game_id, inc("p1", 3, f"a{turn}"))
        if turn < 3:
            service.submit(game_id, inc("p2", 1, f"b{turn}"))


def folded_state(service: GameService, game_id: str, upto: int | None = None) -> dict[str, Any]:
    """The state rebuilt here from the stored events alone (no snapshots, no decide)."""
    engine = get_engine("FAKE-1")
    state = engine.initial_state()
    for e in service.events(game_id, limit=upto):
        state = engine.evolve(state, e)
    return engine.state_to_dict(state)


def live_state(service: GameService, game_id: str, version: int | None = None) -> dict[str, Any]:
    game = service._load(game_id, version)
    return get_engine(game.ruleset).state_to_dict(game.state)


# ----------------------------------------------------------------------- create, submit, read


def test_create_submit_and_read(service: GameService) -> None:
    created = new_game(service)
    assert (created.game_id, created.version) == ("g1", 3)
    assert [e.type for e in created.events] == ["GameStarted", "HandDealt", "HandDealt"]
    assert set(created.player_tokens) == {"p1", "p2"}
    assert len(set(created.player_tokens.values())) == 2
    assert all(len(t) >= 40 for t in created.player_tokens.values())

    assert service.legal_actions("g1", "p2").actions == []
    legal = service.legal_actions("g1", "p1")
    assert legal.version == 3
    assert Command("Increment", "p1", {"by": 3}) in legal.actions

    result = service.submit("g1", inc("p1", 3, "c1"), expected_version=3)
    assert result.version == 5
    assert [(e.seq, e.type, e.rule, e.cause, e.actor) for e in result.events] == [
        (4, "Incremented", "FAKE-1 3.2", "cmd:c1", "p1"),
        (5, "TurnPassed", "FAKE-1 4.1", "ev:4", "rules"),
    ]
    view = service.view("g1", "p2")
    assert (view.version, view.finished, view.ruleset, view.variant) == (5, False, "FAKE-1", "standard")
    assert view.state["counts"] == {"p1": 3, "p2": 0}
    assert view.players == [{"id": "p1", "name": "Alice"}, {"id": "p2", "name": "Bob"}]


def test_game_runs_to_its_end(service: GameService) -> None:
    new_game(service)
    play_to_the_end(service)
    view = service.view("g1", None)
    assert (view.version, view.finished, view.state["winner"]) == (17, True, "p1")
    with pytest.raises(CommandRejectedError) as err:
        service.submit("g1", inc("p2", 1, "late"))
    assert err.value.rejection.code == "rules/game_over"


def test_seed_is_drawn_when_absent_and_recorded_when_given(service: GameService) -> None:
    seeds = []
    for gid in ("a", "b"):
        service.create_game("FAKE-1", "short", PLAYERS, game_id=gid)
        fakes.contribute_entropy(service, gid)
        seeds.append(service.view(gid, None).state["seed"])
    assert seeds[0] != seeds[1]
    new_game(service)
    assert service.view("g1", None).state["seed"] == 42


def test_game_ids_are_generated_or_validated(service: GameService) -> None:
    generated = service.create_game("FAKE-1", "short", PLAYERS)
    assert len(generated.game_id) == 32
    fakes.contribute_entropy(service, generated.game_id)
    assert service.view(generated.game_id, None).version == 3
    with pytest.raises(InvalidRequestError):
        new_game(service, game_id="../etc")
    with pytest.raises(InvalidRequestError):
        new_game(service, game_id="x" * 65)


def test_duplicate_game_id_is_refused(service: GameService) -> None:
    new_game(service)
    with pytest.raises(GameAlreadyExistsError):
        new_game(service)
    assert service.view("g1", None).version == 3


@pytest.mark.parametrize(
    ("players", "variant", "code"),
    [
        (PLAYERS, "blitz", "ruleset/unknown_variant"),
        ([PLAYERS[0], PlayerSpec("p2", "Bob", {"starter": "nope"})], "standard", "deck/unknown_starter"),
        ([PLAYERS[0], PlayerSpec("p2", "Bob", {"starter": "../cards"})], "standard", "deck/unknown_starter"),
        ([PLAYERS[0], PlayerSpec("p2", "Bob", {"starter": "sixes", "main": []})], "standard", "request/invalid"),
        ([PLAYERS[0], PlayerSpec("p1", "Bob", {"starter": "sixes"})], "standard", "request/invalid"),
        ([PLAYERS[0], PlayerSpec("p 2", "Bob", {"starter": "sixes"})], "standard", "request/invalid"),
    ],
)
def test_invalid_game_requests(service: GameService, players: list[PlayerSpec], variant: str, code: str) -> None:
    with pytest.raises(InvalidRequestError) as err:
        service.create_game("FAKE-1", variant, players, game_id="g1")
    assert err.value.code == code
    with pytest.raises(GameNotFoundError):
        service.view("g1", None)


def test_unknown_ruleset_and_engine_setup_rejection(service: GameService) -> None:
    with pytest.raises(UnknownRulesetError):
        service.create_game("NOPE-1", "standard", PLAYERS)
    bad_deck = [PLAYERS[0], PlayerSpec("p2", "Bob", {"main": [{"card": "F-999", "count": 2}]})]
    with pytest.raises(SetupRejectedError) as err:
        service.create_game("FAKE-1", "standard", bad_deck, game_id="g1")
    assert (err.value.code, err.value.rejection.rule) == ("deck/unknown_card", "FAKE-1 2.1")
    with pytest.raises(GameNotFoundError):
        service.events("g1")


# -------------------------------------------------------------------------------- events


def test_events_round_trip_with_citations(service: GameService) -> None:
    created = new_game(service)
    r1 = service.submit("g1", inc("p1", 2, "c1"))
    r2 = service.submit("g1", Command("Pass", "p2", {}, "c2"))
    stored = service.events("g1")
    assert [e.to_dict() for e in stored] == [e.to_dict() for e in [*created.events, *r1.events, *r2.events]]
    assert [e.seq for e in stored] == list(range(1, 7))
    assert all(e.rule.startswith("FAKE-1 ") for e in stored)
    assert stored[5].to_dict() == {
        "seq": 6,
        "type": "TurnPassed",
        "data": {"to": "p1"},
        "rule": "FAKE-1 4.1",
        "cause": "cmd:c2",
        "actor": "p2",
    }
    assert [e.seq for e in service.events("g1", after=3, limit=2)] == [4, 5]
    assert service.events("g1", after=6) == []


def test_events_are_redacted_per_player(service: GameService) -> None:
    new_game(service)
    judge = service.events("g1")
    p1 = service.events("g1", viewer="p1")
    assert judge[0].data["seed"] == 42 and "seed" not in p1[0].data
    assert p1[1].data["cards"] == judge[1].data["cards"]  # p1's own hand
    assert p1[2].data == {"player": "p2", "cards": None, "count": 2}  # p2's hand
    assert [e.seq for e in service.events("g1", after=2, viewer="p1")] == [3]
    with pytest.raises(InvalidRequestError):
        service.events("g1", viewer="p9")


def test_engine_without_redaction_hook_fails_closed(service: GameService) -> None:
    new_game(service, ruleset="FAKE-0")
    assert all(e.data == {} for e in service.events("g1", viewer="p1"))
    assert service.events("g1")[1].data["cards"]
    assert service.view("g1", "p1").finished is None


def test_views_hide_other_hands(service: GameService) -> None:
    new_game(service)
    p1, judge = service.view("g1", "p1").state, service.view("g1", None).state
    assert p1["hands"]["p2"] == {"count": 2}
    assert judge["hands"]["p2"] == ["F-006", "F-006"]
    assert "seed" not in p1 and judge["seed"] == 42
    with pytest.raises(InvalidRequestError):
        service.view("g1", "p9")


# ---------------------------------------------------------------------- rejections, versions


def test_rejection_stores_nothing(service: GameService) -> None:
    new_game(service)
    for command, code, rule in [
        (inc("p2", 1, "x1"), "rules/not_your_turn", "FAKE-1 3.1"),
        (inc("p1", 7, "x2"), "rules/bad_amount", "FAKE-1 3.2"),
        (Command("Dance", "p1", {}, "x3"), "rules/unknown_command", "FAKE-1 3.0"),
    ]:
        with pytest.raises(CommandRejectedError) as err:
            service.submit("g1", command, expected_version=3)
        assert (err.value.rejection.code, err.value.rejection.rule) == (code, rule)
        assert err.value.rejection.message
    assert service.view("g1", None).version == 3
    assert len(service.events("g1")) == 3
    # a rejected command id was not recorded, so it can carry a legal command later
    assert service.submit("g1", inc("p1", 1, "x2")).version == 5


def test_commands_need_an_id_and_a_player_of_the_game(service: GameService) -> None:
    new_game(service)
    with pytest.raises(InvalidRequestError):
        service.submit("g1", inc("p1", 1, ""))
    with pytest.raises(InvalidRequestError) as err:
        service.submit("g1", inc("p9", 1, "c1"))
    assert err.value.code == "game/unknown_player"


def test_expected_version_conflict(service: GameService) -> None:
    new_game(service)
    with pytest.raises(VersionConflictError) as err:
        service.submit("g1", inc("p1", 1, "c1"), expected_version=2)
    assert (err.value.expected, err.value.actual) == (2, 3)
    assert service.view("g1", None).version == 3


def test_two_stale_submissions_racing(service: GameService) -> None:
    new_game(service)
    barrier = threading.Barrier(2)
    outcomes: dict[str, object] = {}

    def submit(cid: str) -> None:
        barrier.wait()
        try:
            outcomes[cid] = service.submit("g1", inc("p1", 1, cid), expected_version=3)
        except VersionConflictError as exc:
            outcomes[cid] = exc

    threads = [threading.Thread(target=submit, args=(cid,)) for cid in ("r1", "r2")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    conflicts = [o for o in outcomes.values() if isinstance(o, VersionConflictError)]
    assert len(outcomes) == 2 and len(conflicts) == 1
    assert (conflicts[0].expected, conflicts[0].actual) == (3, 5)
    assert service.view("g1", None).version == 5
    assert [e.type for e in service.events("g1", after=3)] == ["Incremented", "TurnPassed"]


def _with_writer_between_load_and_save(service: GameService, command: Command) -> None:
    """Make the next save lose: just before it, another writer records ``command``."""
    record = service.app.record

    def record_after_rival(game: Game, notify: bool = True) -> None:
        service.app.record = record  # type: ignore[method-assign]
        service.submit("g1", command)
        record(game, notify=notify)

    service.app.record = record_after_rival  # type: ignore[method-assign]


def test_lost_race_with_expected_version_is_a_conflict(service: GameService) -> None:
    new_game(service)
    _with_writer_between_load_and_save(service, inc("p1", 2, "rival"))
    with pytest.raises(VersionConflictError) as err:
        service.submit("g1", inc("p1", 1, "mine"), expected_version=3)
    assert (err.value.expected, err.value.actual) == (3, 5)
    assert [e.data.get("by") for e in service.events("g1", after=3)] == [2, None]


def test_lost_race_without_expected_version_decides_again(service: GameService) -> None:
    new_game(service)
    _with_writer_between_load_and_save(service, inc("p1", 2, "rival"))
    with pytest.raises(CommandRejectedError) as err:  # the rival's move passed the turn to p2
        service.submit("g1", inc("p1", 1, "mine"))
    assert err.value.rejection.code == "rules/not_your_turn"
    assert service.view("g1", None).version == 5


def test_lost_race_against_the_same_command_id_is_idempotent(service: GameService) -> None:
    new_game(service)
    _with_writer_between_load_and_save(service, inc("p1", 2, "same"))
    result = service.submit("g1", inc("p1", 2, "same"), expected_version=3)
    assert result.version == 5 and [e.seq for e in result.events] == [4, 5]
    assert service.view("g1", None).version == 5


def test_idempotent_command_id(service: GameService) -> None:
    new_game(service)
    first = service.submit("g1", inc("p1", 2, "c1"), expected_version=3)
    again = service.submit("g1", inc("p1", 2, "c1"), expected_version=3)
    assert again == first
    service.submit("g1", inc("p2", 1, "c2"))
    assert service.submit("g1", inc("p1", 2, "c1"), expected_version=1) == first
    assert [e.cause for e in service.events("g1")].count("cmd:c1") == 1
    assert service.view("g1", None).version == 7
    with pytest.raises(CommandIdReusedError):
        service.submit("g1", inc("p1", 3, "c1"))


# ---------------------------------------------------------------------- replay, snapshots


def test_replay_of_stored_events_equals_live_state(service: GameService) -> None:
    new_game(service)
    play_to_the_end(service)
    assert live_state(service, "g1") == folded_state(service, "g1")
    for version in (1, 3, 6, 11, 17):
        assert live_state(service, "g1", version) == folded_state(service, "g1", version)


def test_snapshots(service: GameService) -> None:
    new_game(service)
    play_to_the_end(service)
    app, uuid = service.app, game_uuid("g1")
    assert app.snapshots is not None
    automatic = [s.originator_version for s in app.snapshots.get(uuid)]
    assert automatic == [5, 9, 13, 17]  # interval 4: when a save crosses 4, 8, 12, 16

    app.take_snapshot(uuid, version=6)
    (snapshot,) = app.snapshots.get(uuid, gt=5, lte=6)
    assert isinstance(snapshot, Game.Snapshot)
    json.dumps(snapshot.state["state"])  # stored as JSON-friendly engine data
    restored = snapshot.mutate(None)
    assert restored.version == 6
    assert get_engine("FAKE-1").state_to_dict(restored.state) == folded_state(service, "g1", 6)
    assert isinstance(restored.state.players, tuple)  # state_from_dict turned lists back into tuples

    assert live_state(service, "g1") == folded_state(service, "g1")
    for version in (2, 6, 7, 10, 16):
        assert live_state(service, "g1", version) == folded_state(service, "g1", version)
        assert service.view("g1", None, at=version).version == version


def test_state_at_a_version(service: GameService) -> None:
    new_game(service)
    service.submit("g1", inc("p1", 2, "c1"))
    assert service.view("g1", None, at=3).state["counts"] == {"p1": 0, "p2": 0}
    assert service.view("g1", "p1", at=1).state["hands"] == {}
    for at in (0, 6):
        with pytest.raises(InvalidRequestError) as err:
            service.view("g1", None, at=at)
        assert err.value.code == "game/no_such_version"


def test_data_survives_reopening(
    store_settings: Settings, open_service: Callable[[], GameService], service: GameService
) -> None:
    created = new_game(service)
    if store_settings.store == "memory":
        # The memory store is per process by design: a reopened service starts empty.
        service.close()
        with pytest.raises(GameNotFoundError):
            open_service().events("g1")
        return
    first = service.submit("g1", inc("p1", 3, "c1"))
    play = [service.events("g1"), service.view("g1", None)]
    service.close()

    reopened = open_service()
    assert [reopened.events("g1"), reopened.view("g1", None)] == play
    assert reopened.authenticate("g1", created.player_tokens["p2"]).player == "p2"
    assert reopened.submit("g1", inc("p1", 3, "c1")) == first
    assert reopened.submit("g1", inc("p2", 1, "c2"), expected_version=5).version == 7


# ------------------------------------------------------------------------ auth, not found


def test_authenticate(service: GameService) -> None:
    created = new_game(service)
    new_game(service, game_id="g2")
    assert service.authenticate("g1", created.player_tokens["p1"]).player == "p1"
    judge = service.authenticate("g1", service.settings.judge_token)
    assert (judge.role, judge.player) == ("judge", None)
    for token in ("garbage", "", created.player_tokens["p1"] + "x"):
        with pytest.raises(AuthError):
            service.authenticate("g1", token)
    with pytest.raises(AuthError):  # a token is good for its own game only
        service.authenticate("g2", created.player_tokens["p1"])


def test_unknown_game(service: GameService) -> None:
    calls: list[Callable[[], object]] = [
        lambda: service.view("nope", None),
        lambda: service.view("nope", None, at=1),
        lambda: service.submit("nope", inc("p1", 1, "c1")),
        lambda: service.events("nope"),
        lambda: service.events("nope", viewer="p1"),
        lambda: service.legal_actions("nope", "p1"),
        lambda: service.authenticate("nope", "token"),
        lambda: service.view("not a valid id!", None),
    ]
    for call in calls:
        with pytest.raises(GameNotFoundError):
            call()


# --------------------------------------------------------------- settings (no store needed)


def test_settings_from_environment(tmp_path: Path) -> None:
    s = Settings.from_env({})
    assert (s.store, s.sqlite_path, s.snapshot_interval, s.env) == (
        "sqlite",
        Path("data/adjudicator.db"),
        100,
        "development",
    )
    assert s.judge_token_generated and len(s.judge_token) >= 32
    assert Settings.from_env({}).judge_token == s.judge_token  # one per process
    assert s.eventsourcing_env() == {
        "IS_SNAPSHOTTING_ENABLED": "y",
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": "data/adjudicator.db",
    }
    assert Settings.from_env({"ADJUDICATOR_STORE": "memory"}).eventsourcing_env()["PERSISTENCE_MODULE"] == (
        "eventsourcing.popo"
    )
    pg = Settings.from_env(
        {
            "ADJUDICATOR_STORE": "postgres",
            "ADJUDICATOR_PG_HOST": "db",
            "ADJUDICATOR_PG_PORT": "6543",
            "ADJUDICATOR_PG_PASSWORD": "pw",
            "ADJUDICATOR_PG_SCHEMA": "games",
            "ADJUDICATOR_SNAPSHOT_INTERVAL": "7",
            "ADJUDICATOR_CARD_CATALOG": str(tmp_path / "extra.json"),
        }
    )
    assert pg.eventsourcing_env() == {
        "IS_SNAPSHOTTING_ENABLED": "y",
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_HOST": "db",
        "POSTGRES_PORT": "6543",
        "POSTGRES_USER": "postgres",
        "POSTGRES_PASSWORD": "pw",
        "POSTGRES_DBNAME": "postgres",
        "POSTGRES_SCHEMA": "games",
        "CREATE_TABLE": "y",
    }
    assert (pg.snapshot_interval, pg.card_catalog) == (7, tmp_path / "extra.json")
    assert "pw" not in repr(pg)


@pytest.mark.parametrize(
    ("env", "problem"),
    [
        ({"ADJUDICATOR_STORE": "mongo"}, "ADJUDICATOR_STORE"),
        ({"ADJUDICATOR_PG_PORT": "five"}, "ADJUDICATOR_PG_PORT"),
        ({"ADJUDICATOR_SNAPSHOT_INTERVAL": "0"}, "ADJUDICATOR_SNAPSHOT_INTERVAL"),
        ({"ADJUDICATOR_ENV": "staging"}, "ADJUDICATOR_ENV"),
        ({"ADJUDICATOR_ENV": "production"}, "must be set"),
        ({"ADJUDICATOR_ENV": "production", "ADJUDICATOR_JUDGE_TOKEN": "short"}, "too short"),
        ({"ADJUDICATOR_ENV": "production", "ADJUDICATOR_JUDGE_TOKEN": min(KNOWN_DEFAULT_TOKENS)}, "placeholder"),
    ],
)
def test_invalid_settings_are_refused(env: dict[str, str], problem: str) -> None:
    with pytest.raises(SettingsError, match=problem):
        Settings.from_env(env)


def test_production_settings_with_a_strong_token() -> None:
    token = "k" * 16 + "Q9-_" * 5
    keys = "k1:" + "s" * 40
    s = Settings.from_env(
        {"ADJUDICATOR_ENV": "production", "ADJUDICATOR_JUDGE_TOKEN": token, "ADJUDICATOR_CHAIN_KEYS": keys}
    )
    assert (s.env, s.judge_token, s.judge_token_generated) == ("production", token, False)
    with pytest.raises(SettingsError, match="ADJUDICATOR_CHAIN_KEYS must be set"):
        Settings.from_env({"ADJUDICATOR_ENV": "production", "ADJUDICATOR_JUDGE_TOKEN": token})
    with pytest.raises(SettingsError, match="must be set"):
        Settings(allow_client_seed=True, env="production")


def test_sqlite_parent_directory_is_created(fake_engines: None, tmp_path: Path, catalogs: CardCatalogs) -> None:
    service = GameService(Settings(allow_client_seed=True, sqlite_path=tmp_path / "a" / "b" / "games.db"), catalogs)
    try:
        new_game(service)
    finally:
        service.close()
    assert (tmp_path / "a" / "b" / "games.db").is_file()


# ---------------------------------------------------------------- catalogs (no store needed)


def test_catalog_loader(tmp_path: Path) -> None:
    root = fakes.write_catalog(tmp_path)
    cards = load_catalog("fake", root=root)
    assert sorted(cards) == [c["id"] for c in fakes.CARDS]
    assert list_starter_decks("fake", root=root) == ["counters", "sixes"]
    assert list_starter_decks("none", root=root) == []
    assert load_starter_deck("fake", "sixes", root=root)["main"] == [{"card": "F-006", "count": 6}]
    with pytest.raises(UnknownStarterDeckError, match="known: counters, sixes"):
        load_starter_deck("fake", "../fake/cards", root=root)
    (root / "fake" / "cards.json").write_text(json.dumps(fakes.CARDS))  # the plain list form
    assert load_catalog("fake", root=root) == cards
    assert (system_for("FoW-5.5"), system_for("LL-2.04"), system_for("GCG-1.00")) == ("fow", "ll", "gcg")
    with pytest.raises(CatalogError):
        system_for("FAKE-1")


def test_extra_catalog_is_merged_over_the_built_in_one(tmp_path: Path) -> None:
    root = fakes.write_catalog(tmp_path / "root")
    extra = tmp_path / "extra.json"
    extra.write_text(json.dumps([{"id": "F-001", "name": "Renamed"}, {"id": "X-1", "name": "New"}]))
    cards = CardCatalogs(root=root, extra_file=extra, prefixes=fakes.PREFIXES).cards("FAKE-1")
    assert (cards["F-001"]["name"], cards["X-1"]["name"], cards["F-002"]["name"]) == ("Renamed", "New", "Counter 2")
    extra.write_text(json.dumps({"system": "other", "cards": [{"id": "X-1"}]}))
    assert "X-1" not in load_catalog("fake", extra, root=root)


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (None, "no such file"),
        ("{not json", "invalid JSON at line 1 column 2"),
        ('{"cards": {}}', "expected a list of cards"),
        ('[{"name": "no id"}]', r"cards\[0\] is not an object with a string 'id'"),
        ('[{"id": "A"}, {"id": "A"}]', "duplicate card id 'A'"),
        ('{"system": 1, "cards": []}', "'system' must be a string"),
        (b"\xff\xfe", "not UTF-8"),
    ],
)
def test_catalog_errors_name_the_file_and_problem(tmp_path: Path, content: str | bytes | None, problem: str) -> None:
    root = fakes.write_catalog(tmp_path / "root")
    extra = tmp_path / "extra.json"
    if isinstance(content, bytes):
        extra.write_bytes(content)
    elif content is not None:
        extra.write_text(content)
    with pytest.raises(CatalogError, match=problem) as err:
        CardCatalogs(root=root, extra_file=extra, prefixes=fakes.PREFIXES)
    assert str(err.value).startswith(f"{extra}: ")


def test_missing_built_in_catalog(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match=r"cards.json: no such file"):
        CardCatalogs(root=tmp_path, prefixes=fakes.PREFIXES).cards("FAKE-1")


def test_starter_deck_events_use_the_catalog(service: GameService) -> None:
    created = new_game(service)
    hand = created.events[1].data["cards"]
    assert set(hand) <= {"F-001", "F-002"}
    assert isinstance(created.events[0], Event)


def test_an_unknown_unsupported_card_policy_is_refused_before_anything_is_stored(service: GameService) -> None:
    with pytest.raises(InvalidRequestError) as err:
        new_game(service, unsupported="ignore")
    assert err.value.code == "request/invalid_unsupported_policy"
    assert "'ignore'" in err.value.message and "manual" in err.value.message
    with pytest.raises(GameNotFoundError):
        service.events("g1")


@pytest.mark.parametrize(
    "store_settings", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True
)
def test_a_process_with_a_stale_cached_game_decides_on_the_fresh_one(
    open_service: Callable[[], GameService], service: GameService
) -> None:
    """Another process moved the game on: this process's cached copy is stale.  A command
    that is legal now, with the current expected version, lands; nothing is refused or
    recorded as a rejected attempt because of the stale copy.  (Two processes need a shared
    store: SQLite and PostgreSQL.)"""
    new_game(service)
    service.submit("g1", inc("p1", 1, "a1"))  # cached here at this version; p2 to act
    other = open_service()
    moved = other.submit("g1", inc("p2", 1, "b1"))  # p1 to act now, which this process has not seen
    result = service.submit("g1", inc("p1", 2, "a2"))  # refused on the stale copy (p2's turn there)
    assert result.version > moved.version
    again = other.submit("g1", inc("p2", 1, "b2"))
    last = service.submit("g1", inc("p1", 1, "a3"), expected_version=again.version)
    assert last.version > again.version
    assert list_attempts(service.app, "g1") == []
    assert [e.seq for e in service.events("g1")] == list(range(1, last.version + 1))
    assert service.view("g1", None) == other.view("g1", None)
    # and a command that is illegal on the fresh game is still refused and recorded once
    with pytest.raises(CommandRejectedError):
        other.submit("g1", inc("p1", 1, "a4"))  # not p1's turn any more
    assert len(list_attempts(service.app, "g1")) == 1
