"""Reliability under concurrency, on every event store (memory, SQLite, PostgreSQL).

Many clients (threads) race on one game with the same ``expected_version``: exactly one
command lands per version and every other gets ``VersionConflictError`` (HTTP 409); the
stream stays gap-free and replays to the live state.  Retried command ids racing with
each other record once and all get the same answer.  Two service instances (two
processes' worth of caches) on one store race too.  The fake counting game keeps each
decision cheap; one test races the real FoW-5.5 engine with its starter decks.

Heavier variants (more threads and rounds) run with ``-m slow``; see docs/reliability.md.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from domain.kernel import Command, PlayerSpec
from domain.rulesets import get_engine
from service.app import CommandResult, GameService
from service.catalog import CardCatalogs
from service.errors import VersionConflictError
from service.settings import Settings

PLAYERS = [
    PlayerSpec("p1", "Alice", {"starter": "counters"}),
    PlayerSpec("p2", "Bob", {"starter": "sixes"}),
]


def race(n: int, attempt: Callable[[int], Any]) -> list[Any]:
    """Run ``attempt(i)`` for i in range(n) in ``n`` threads released at once; returns
    each result or the exception it raised."""
    barrier = threading.Barrier(n)
    results: list[Any] = [None] * n

    def worker(i: int) -> None:
        barrier.wait()
        try:
            results[i] = attempt(i)
        except Exception as exc:  # the caller checks every outcome
            results[i] = exc

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "a racing client hung"
    return results


def assert_gap_free_and_replays(service: GameService, game_id: str, fresh: GameService | None = None) -> int:
    """The stored stream is 1..N without gaps; folding it with ``evolve`` gives the state
    the service loads (and a service with a cold cache loads, when given)."""
    events = service.events(game_id)
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    game = service._load(game_id)
    assert game.version == len(events)
    engine = get_engine(game.ruleset)
    state = engine.initial_state()
    for e in events:
        state = engine.evolve(state, e)
    folded = engine.state_to_dict(state)
    assert engine.state_to_dict(game.state) == folded
    if fresh is not None:
        cold = fresh._load(game_id)
        assert cold.version == game.version
        assert engine.state_to_dict(cold.state) == folded
    return len(events)


def turn_of(service: GameService, game_id: str) -> str:
    """Whose turn it is in the counting game."""
    return str(service.view(game_id, None).state["turn"])


def run_version_races(service: GameService, game_id: str, clients: int, rounds: int) -> None:
    version = service.view(game_id, None).version
    for r in range(rounds):
        player = turn_of(service, game_id)

        def attempt(i: int, version: int = version, player: str = player, r: int = r) -> CommandResult:
            return service.submit(game_id, Command("Pass", player, {}, f"r{r}-c{i}"), expected_version=version)

        outcomes = race(clients, attempt)
        landed = [o for o in outcomes if isinstance(o, CommandResult)]
        conflicts = [o for o in outcomes if isinstance(o, VersionConflictError)]
        assert len(landed) == 1, outcomes
        assert len(conflicts) == clients - 1, outcomes
        assert all(c.expected == version and c.actual == version + 1 for c in conflicts)
        assert landed[0].version == version + 1
        version += 1
        # exactly the winner's command is in the stream at that version
        (stored,) = service.events(game_id, after=version - 1, limit=1)
        winner = next(i for i, o in enumerate(outcomes) if isinstance(o, CommandResult))
        assert stored.cause == f"cmd:r{r}-c{winner}"


def test_racing_clients_with_the_same_expected_version_land_exactly_one_command(service: GameService) -> None:
    service.create_game("FAKE-1", "standard", PLAYERS, seed=1, first_player="p1", game_id="race")
    run_version_races(service, "race", clients=8, rounds=6)
    assert assert_gap_free_and_replays(service, "race") == 3 + 6


def test_retried_command_ids_racing_record_once(service: GameService) -> None:
    service.create_game("FAKE-1", "standard", PLAYERS, seed=1, first_player="p1", game_id="idem")
    for r in range(4):
        version = service.view("idem", None).version
        player = turn_of(service, "idem")
        command = Command("Increment", player, {"by": 1}, f"retry-{r}")
        # half the retries name the version, half leave it out: all are the same command
        outcomes = race(8, lambda i, c=command, v=version: service.submit("idem", c, v if i % 2 else None))
        assert all(isinstance(o, CommandResult) for o in outcomes), outcomes
        assert all((o.version, o.events) == (outcomes[0].version, outcomes[0].events) for o in outcomes)
        assert outcomes[0].version == version + 2  # Incremented + TurnPassed, recorded once
    events = service.events("idem")
    causes = Counter(e.cause for e in events if e.cause.startswith("cmd:"))
    assert causes == {f"cmd:retry-{r}": 1 for r in range(4)}
    assert_gap_free_and_replays(service, "idem")


def test_racing_clients_without_expected_version_all_land_in_some_order(service: GameService) -> None:
    """Without ``expected_version`` a lost race is decided again on the new state; each
    command lands once or is refused by the rules for that state, never half."""
    service.create_game("FAKE-1", "standard", PLAYERS, seed=1, first_player="p1", game_id="free")
    outcomes = race(6, lambda i: service.submit("free", Command("Pass", ("p1", "p2")[i % 2], {}, f"f{i}")))
    landed = [o for o in outcomes if isinstance(o, CommandResult)]
    assert landed, outcomes
    for o in outcomes:
        assert isinstance(o, CommandResult) or getattr(o, "code", "") in (
            "rules/not_your_turn",
            "game/version_conflict",
        )
    n = assert_gap_free_and_replays(service, "free")
    assert n == 3 + len(landed)


def test_two_service_instances_racing_on_one_store(
    fake_engines: None, store_settings: Settings, catalogs: CardCatalogs
) -> None:
    """Two services (each with its own aggregate cache, as two server processes have)
    alternate winning; neither serves a stale game after the other wrote."""
    a, b = GameService(store_settings, catalogs), GameService(store_settings, catalogs)
    try:
        if store_settings.store == "memory":
            b.close()
            b = a  # a memory store is private to its service: race within one
        a.create_game("FAKE-1", "standard", PLAYERS, seed=1, first_player="p1", game_id="two")
        services = (a, b)
        for r in range(6):
            version = services[r % 2].view("two", None).version
            player = turn_of(a, "two")

            def attempt(i: int, v: int = version, p: str = player, r: int = r) -> CommandResult:
                return services[i % 2].submit("two", Command("Pass", p, {}, f"t{r}-{i}"), expected_version=v)

            outcomes = race(6, attempt)
            assert sum(isinstance(o, CommandResult) for o in outcomes) == 1, outcomes
            assert sum(isinstance(o, VersionConflictError) for o in outcomes) == 5, outcomes
            # both instances see the new version at once (cached games are fast-forwarded)
            assert a.view("two", None).version == b.view("two", None).version == version + 1
        cold = GameService(store_settings, catalogs) if store_settings.store != "memory" else None
        try:
            assert assert_gap_free_and_replays(a, "two", cold) == 3 + 6
        finally:
            if cold is not None:
                cold.close()
    finally:
        a.close()
        if b is not a:
            b.close()


def test_readers_never_see_a_half_applied_game(service: GameService) -> None:
    """Loads served from the cache while writers append: every loaded game's domain
    state is exactly at its version (the counting state records the last event it applied)
    and knows every command up to that version."""
    service.create_game("FAKE-1", "standard", PLAYERS, seed=1, first_player="p1", game_id="torn")
    stop = threading.Event()
    torn: list[str] = []

    def read() -> None:
        while not stop.is_set():
            game = service._load("torn")
            if game.state.seq != game.version or any(c["last"] > game.version for c in game.commands.values()):
                torn.append(f"version {game.version}, state at {game.state.seq}")

    readers = [threading.Thread(target=read) for _ in range(3)]
    for t in readers:
        t.start()
    try:
        for n in range(60):
            service.submit("torn", Command("Pass", turn_of(service, "torn"), {}, f"w{n}"))
    finally:
        stop.set()
        for t in readers:
            t.join(timeout=60)
    assert torn == []
    assert_gap_free_and_replays(service, "torn")


def _fow_service(settings: Settings) -> GameService:
    return GameService(settings)  # the built-in catalogs: real FoW cards and starter decks


def test_real_fow_engine_under_racing_clients(store_settings: Settings) -> None:
    """FoW-5.5 with the fire and water starter decks: clients race the deciding player's
    legal actions with one expected version; one lands per version, the rest conflict."""
    service = _fow_service(store_settings)
    try:
        players = [
            PlayerSpec("p1", "Alice", {"starter": "fire-starter", "automatic_cards_in_hand": "never"}),
            PlayerSpec("p2", "Bob", {"starter": "water-starter"}),
        ]
        service.create_game("FoW-5.5", "valhalla", players, seed=5, first_player="p1", game_id="fow")
        for r in range(4):
            view = service.view("fow", None)
            pending = view.state.get("pending")
            assert isinstance(pending, dict), view.state
            player = str(pending["player"])
            actions = [a for a in service.legal_actions("fow", player).actions if a.type != "Concede"]
            assert actions

            def attempt(
                i: int, v: int = view.version, p: str = player, r: int = r, actions: list[Command] = actions
            ) -> CommandResult:
                a = actions[i % len(actions)]
                return service.submit("fow", Command(a.type, p, a.args, f"fow{r}-{i}"), expected_version=v)

            outcomes = race(4, attempt)
            assert sum(isinstance(o, CommandResult) for o in outcomes) == 1, outcomes
            assert sum(isinstance(o, VersionConflictError) for o in outcomes) == 3, [repr(o)[:300] for o in outcomes]
        assert_gap_free_and_replays(service, "fow")
    finally:
        service.close()


@pytest.mark.slow
def test_many_clients_many_rounds(service: GameService) -> None:
    service.create_game("FAKE-1", "standard", PLAYERS, seed=1, first_player="p1", game_id="heavy")
    run_version_races(service, "heavy", clients=32, rounds=60)
    assert assert_gap_free_and_replays(service, "heavy") == 3 + 60


def test_concurrent_rejections_are_all_answered_and_all_recorded(
    fake_engines: None, store_settings: Settings, catalogs: CardCatalogs
) -> None:
    """40 clients, over two service instances (two processes' worth of caches) on one
    store, send illegal commands to one game at once, five rounds: each one is answered
    with its rejection (never a 500 because the rejection log had too many concurrent
    writers) and each one is in the game's rejection log, numbered 1..200 without gaps."""
    from service.errors import CommandRejectedError
    from service.rejections import list_attempts

    a, b = GameService(store_settings, catalogs), GameService(store_settings, catalogs)
    if store_settings.store == "memory":
        b.close()
        b = a  # a memory store is private to its service
    try:
        a.create_game("FAKE-1", "standard", PLAYERS, seed=1, first_player="p1", game_id="refused")
        services = (a, b)
        for r in range(5):

            def attempt(i: int, r: int = r) -> Any:
                # p2 may not act on p1's turn: the counting game refuses it
                return services[i % 2].submit("refused", Command("Pass", "p2", {}, f"x{r}-{i}"))

            outcomes = race(40, attempt)
            assert all(isinstance(o, CommandRejectedError) for o in outcomes), [repr(o)[:200] for o in outcomes]
        attempts = list_attempts(a.app, "refused")
        assert [x.number for x in attempts] == list(range(1, 201))
        assert sorted(x.command["id"] for x in attempts) == sorted(f"x{r}-{i}" for r in range(5) for i in range(40))
        assert a.view("refused", None).version == 3  # the game itself is untouched
    finally:
        a.close()
        if b is not a:
            b.close()
