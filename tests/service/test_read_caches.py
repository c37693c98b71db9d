"""Polled reads answered from caches (service/read_cache.py) and card models shared
between games (domain/interning.py).

Given a recorded random game of FoW-5.5, GCG-1.00 and LL-2.04 (real starter decks),
when every player and the judge poll legal actions, the view and the events after every
version (twice: the second answer comes from the caches), then each answer equals the one
computed from a cold replay without any cache.  A viewer never gets another viewer's
cached answer; a new command shows at the next poll; a reissued token stops working at
once in the process that reissued it, and in another process (another ``GameService`` on
the same SQLite file) within ``CREDENTIALS_CACHE_SECONDS``."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from domain.kernel import Command, Event, PlayerSpec
from service.app import GameService, _domain_event, _fresh, redact_event
from service.errors import AuthError
from service.read_cache import CREDENTIALS_CACHE_SECONDS
from service.settings import Settings
from tests.story import deck_settings

SYSTEMS = {
    "FoW-5.5": ("valhalla", "fire-starter", "water-starter"),
    "GCG-1.00": ("standard", "red_rampage", "blue_bulwark"),
    "LL-2.04": ("standard", "monolium_starlight", "septpia_tides"),
}
VIEWERS = ("p1", "p2", None)


def _players(ruleset: str) -> list[PlayerSpec]:
    _, d1, d2 = SYSTEMS[ruleset]
    settings = deck_settings(ruleset, "ask")
    return [
        PlayerSpec("p1", "Alice", {"starter": d1, **settings}),
        PlayerSpec("p2", "Bob", {"starter": d2, **settings}),
    ]


@pytest.fixture
def service() -> Iterator[GameService]:
    s = GameService(Settings(allow_client_seed=True, store="memory", snapshot_interval=1000))
    yield s
    s.close()


def _play(service: GameService, ruleset: str, steps: int, seed: str) -> None:
    rng = random.Random(seed)
    for n in range(steps):
        legal = [a for p in ("p1", "p2") for a in service.legal_actions("g", p).actions]
        if not legal:
            return
        choice = rng.choice([c for c in legal if c.type != "Concede"] or legal)
        service.submit("g", Command(choice.type, choice.player, choice.args, id=f"c{n}"))


def _reference(service: GameService) -> tuple[Any, list[Event], list[Any]]:
    """The stored events and the state after each (``states[v]``: after event ``v``),
    folded from the stored stream without any cache."""
    game = service._load("g")
    engine = game.engine
    events = [_domain_event(e) for e in service.app.events.get(game.id)]
    states: list[Any] = [None]
    state = engine.initial_state()
    for e in events:
        state = engine.evolve(state, _fresh(e.to_dict()))
        states.append(state)
    return engine, events, states


def _seen(engine: Any, events: list[Event], states: list[Any], viewer: str | None, after: int, limit: int | None):  # type: ignore[no-untyped-def]
    window = [e for e in events if e.seq > after]
    window = window if limit is None else window[:limit]
    return [redact_event(engine, states[e.seq], e, viewer) for e in window]


@pytest.mark.parametrize("ruleset", sorted(SYSTEMS))
def test_cached_answers_equal_uncached_ones_for_every_viewer_at_every_version(
    service: GameService, ruleset: str
) -> None:
    variant = SYSTEMS[ruleset][0]
    service.create_game(ruleset, variant, _players(ruleset), seed=7, game_id="g")
    rng = random.Random(f"{ruleset}-caches")
    for n in range(20):
        engine, events, states = _reference(service)
        version = len(events)
        state = states[version]
        for _ in range(2):  # the first poll fills the caches, the second is answered from them
            for viewer in VIEWERS:
                shown = service.view("g", viewer)
                assert shown.version == version
                assert shown.state == engine.view(state, viewer), f"{ruleset} v{version} view of {viewer}"
                if viewer is not None:
                    legal = service.legal_actions("g", viewer)
                    assert legal.version == version
                    assert legal.actions == engine.legal_actions(state, viewer)
                for after in sorted({0, 1, max(version - 3, 0), max(version - 1, 0), version}):
                    for limit in (None, 2):
                        got = service.events("g", after=after, limit=limit, viewer=viewer)
                        want = _seen(engine, events, states, viewer, after, limit)
                        assert got == want, f"{ruleset} v{version} events after {after} (limit {limit}) for {viewer}"
        legal_all = [a for p in ("p1", "p2") for a in service.legal_actions("g", p).actions]
        if not legal_all:
            break
        choice = rng.choice([c for c in legal_all if c.type != "Concede"] or legal_all)
        service.submit("g", Command(choice.type, choice.player, choice.args, id=f"c{n}"))
    # every version's view, and every window of events, read again at the end
    engine, events, states = _reference(service)
    for at in range(1, len(events) + 1):
        for viewer in VIEWERS:
            assert service.view("g", viewer, at=at).state == engine.view(states[at], viewer)
            assert service.events("g", after=at - 1, viewer=viewer) == _seen(
                engine, events, states, viewer, at - 1, None
            )


def test_a_player_never_gets_another_viewers_cached_answer(service: GameService) -> None:
    service.create_game("FoW-5.5", "valhalla", _players("FoW-5.5"), seed=7, game_id="g")
    engine, events, states = _reference(service)
    state = states[-1]
    first = {v: service.view("g", v).state for v in VIEWERS}
    again = {v: service.view("g", v).state for v in reversed(VIEWERS)}
    for v in VIEWERS:
        assert first[v] == again[v] == engine.view(state, v)
    assert first["p1"] != first["p2"] != first[None]  # each hides the other's hand
    seen = {v: service.events("g", viewer=v) for v in VIEWERS}
    seen_again = {v: service.events("g", viewer=v) for v in reversed(VIEWERS)}
    for v in VIEWERS:
        assert seen[v] == seen_again[v] == _seen(engine, events, states, v, 0, None)
    assert seen["p1"][0] != seen["p2"][0]  # the dealt cards: each player sees only their own
    legal = {p: service.legal_actions("g", p).actions for p in ("p1", "p2")}
    assert all(a.player == "p1" for a in legal["p1"]) and all(a.player == "p2" for a in legal["p2"])


def test_an_unknown_viewer_is_refused_even_when_the_events_are_cached(service: GameService) -> None:
    service.create_game("FoW-5.5", "valhalla", _players("FoW-5.5"), seed=7, game_id="g")
    service.events("g", viewer="p1")
    version = service.view("g", None).version
    for after in (0, version):
        with pytest.raises(Exception, match="does not play"):
            service.events("g", after=after, viewer="p3")


def test_a_new_command_shows_at_the_next_poll(service: GameService) -> None:
    service.create_game("FoW-5.5", "valhalla", _players("FoW-5.5"), seed=7, game_id="g")
    before = service.view("g", "p1")
    mover = next(p for p in ("p1", "p2") if service.legal_actions("g", p).actions)
    actions = service.legal_actions("g", mover).actions
    assert service.events("g", after=before.version, viewer="p1") == []
    choice = next((a for a in actions if a.type != "Concede"), actions[0])
    result = service.submit("g", Command(choice.type, choice.player, choice.args, id="c0"))
    assert result.version > before.version
    assert service.view("g", "p1").version == result.version
    assert service.legal_actions("g", mover).version == result.version
    engine, events, states = _reference(service)
    assert service.legal_actions("g", mover).actions == engine.legal_actions(states[-1], mover)
    new = service.events("g", after=before.version, viewer="p1")
    assert [e.seq for e in new] == list(range(before.version + 1, result.version + 1))
    assert new == _seen(engine, events, states, "p1", before.version, None)


def test_a_reissued_token_stops_working_at_once_in_the_process_that_reissued_it(service: GameService) -> None:
    created = service.create_game("FoW-5.5", "valhalla", _players("FoW-5.5"), seed=7, game_id="g")
    old = created.player_tokens["p1"]
    assert service.authenticate("g", old).player == "p1"  # now cached
    assert service.authenticate("g", old).player == "p1"
    new = service.reissue_token("g", "p1").token
    with pytest.raises(AuthError):
        service.authenticate("g", old)
    assert service.authenticate("g", new).player == "p1"
    assert service.authenticate("g", created.player_tokens["p2"]).player == "p2"


def test_another_process_stops_accepting_a_replaced_token_at_once(tmp_path: Path) -> None:
    settings = Settings(allow_client_seed=True, store="sqlite", sqlite_path=tmp_path / "games.db")
    first, second = GameService(settings), GameService(settings)
    try:
        created = first.create_game("FoW-5.5", "valhalla", _players("FoW-5.5"), seed=7, game_id="g")
        old = created.player_tokens["p1"]
        assert second.authenticate("g", old).player == "p1"  # the second process caches the credentials
        assert second.authenticate("g", old).player == "p1"
        new = first.reissue_token("g", "p1").token
        for s in (first, second):
            with pytest.raises(AuthError):
                s.authenticate("g", old)
            assert s.authenticate("g", new).player == "p1"
        newer = second.reissue_token("g", "p1").token
        with pytest.raises(AuthError):
            first.authenticate("g", new)
        assert first.authenticate("g", newer).player == "p1"
    finally:
        first.close()
        second.close()


def test_with_a_trust_period_another_process_accepts_a_replaced_token_no_longer_than_it(tmp_path: Path) -> None:
    settings = Settings(allow_client_seed=True, store="sqlite", sqlite_path=tmp_path / "games.db")
    first, second = GameService(settings), GameService(settings)
    now = [1000.0]
    second.credentials.ttl = CREDENTIALS_CACHE_SECONDS
    second.credentials.monotonic = lambda: now[0]
    first.credentials.ttl = CREDENTIALS_CACHE_SECONDS
    try:
        created = first.create_game("FoW-5.5", "valhalla", _players("FoW-5.5"), seed=7, game_id="g")
        old = created.player_tokens["p1"]
        assert first.authenticate("g", old).player == "p1"
        assert second.authenticate("g", old).player == "p1"  # the second process caches the credentials
        new = first.reissue_token("g", "p1").token
        with pytest.raises(AuthError):  # the process that reissued it: at once, trust period or not
            first.authenticate("g", old)
        now[0] += CREDENTIALS_CACHE_SECONDS / 2
        assert second.authenticate("g", old).player == "p1"  # within the documented bound
        now[0] += CREDENTIALS_CACHE_SECONDS / 2
        with pytest.raises(AuthError):
            second.authenticate("g", old)
        assert second.authenticate("g", new).player == "p1"
    finally:
        first.close()
        second.close()


@pytest.mark.parametrize("ruleset", sorted(SYSTEMS))
def test_card_models_are_shared_between_games_and_replay_identically(service: GameService, ruleset: str) -> None:
    variant = SYSTEMS[ruleset][0]
    service.create_game(ruleset, variant, _players(ruleset), seed=7, game_id="g")
    service.create_game(ruleset, variant, _players(ruleset), seed=8, game_id="h")
    g, h = service._load("g"), service._load("h")
    assert g.state.cards.keys() == h.state.cards.keys() and g.state.cards
    for cid, card in g.state.cards.items():
        assert h.state.cards[cid] is card, f"{ruleset}: card {cid} parsed twice"
    _play(service, ruleset, 15, f"{ruleset}-cards")
    game = service._load("g")
    engine = game.engine
    restored = engine.state_from_dict(engine.state_to_dict(game.state))  # as a snapshot is read back
    assert engine.state_to_dict(restored) == engine.state_to_dict(game.state)
    for cid, card in restored.cards.items():
        assert game.state.cards[cid] is card
    cold = service.app.repository.get(game.id, version=game.version)  # a replay without the game cache
    assert engine.state_to_dict(cold.state) == engine.state_to_dict(game.state)


def test_concurrent_polls_while_commands_are_recorded_answer_each_viewer_at_its_version(service: GameService) -> None:
    service.create_game("FoW-5.5", "valhalla", _players("FoW-5.5"), seed=7, game_id="g")
    answers: list[tuple[str | None, int, Any]] = []
    events_seen: list[tuple[str, list[Event]]] = []
    failures: list[BaseException] = []
    stop = threading.Event()

    def poll(viewer: str | None) -> None:
        try:
            while not stop.is_set():
                shown = service.view("g", viewer)
                answers.append((viewer, shown.version, shown.state))
                if viewer is not None:
                    events_seen.append((viewer, service.events("g", after=max(shown.version - 3, 0), viewer=viewer)))
        except BaseException as exc:  # pragma: no cover - reported below
            failures.append(exc)

    threads = [threading.Thread(target=poll, args=(v,)) for v in VIEWERS]
    for t in threads:
        t.start()
    try:
        _play(service, "FoW-5.5", 8, "concurrent")
    finally:
        stop.set()
        for t in threads:
            t.join()
    assert not failures, failures
    engine, events, states = _reference(service)
    assert {v for v, _, _ in answers} == set(VIEWERS)
    for viewer, version, state in answers:
        assert state == engine.view(states[version], viewer), f"view of {viewer} at {version}"
    for viewer, seen in events_seen:
        assert seen == [redact_event(engine, states[e.seq], events[e.seq - 1], viewer) for e in seen]


@pytest.mark.parametrize("ruleset", sorted(SYSTEMS))
def test_every_players_events_of_a_command_are_cached_when_it_is_recorded(
    service: GameService, ruleset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each player's stream reads a new command's events from the cache, as they were
    redacted for that player while the command was recorded: no load of the game at the
    version before them (a historical load replays the events since the last snapshot).
    What they hold is what a cold replay redacts for each player."""
    service.create_game(ruleset, SYSTEMS[ruleset][0], _players(ruleset), seed=7, game_id="g")
    _play(service, ruleset, 5, f"{ruleset}-warm")
    before = service.view("g", None).version
    choice = next(a for p in ("p1", "p2") for a in service.legal_actions("g", p).actions if a.type != "Concede")
    after = service.submit("g", Command(choice.type, choice.player, choice.args, id="warm-1")).version

    def no_load(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the window was redacted from a load, not read from the cache")

    monkeypatch.setattr(service, "_redact_window", no_load)
    engine, events, states = _reference(service)
    for viewer in ("p1", "p2"):
        got = service.events("g", after=before, viewer=viewer)
        assert [e.seq for e in got] == list(range(before + 1, after + 1))
        assert got == _seen(engine, events, states, viewer, before, None)


@pytest.mark.parametrize("ruleset", sorted(SYSTEMS))
def test_a_streams_decision_reads_what_the_view_says_of_the_pending_decision(
    service: GameService, ruleset: str
) -> None:
    """The stream's ``decision`` message is read from ``decision_view`` (no whole view built per
    viewer and version): at every version of a random game, for every viewer, it says what the
    view says - the version, whether the game is finished and the pending decision's kind and
    player - and the decision message built from either is the same."""
    from service.stream import decision_of

    service.create_game(ruleset, SYSTEMS[ruleset][0], _players(ruleset), seed=11, game_id="g")
    rng = random.Random(f"{ruleset}-decision")
    for n in range(40):
        for viewer in VIEWERS:
            whole, light = service.view("g", viewer), service.decision_view("g", viewer)
            pending = whole.state.get("pending")
            assert (light.version, light.finished) == (whole.version, whole.finished)
            want = None if pending is None else {"kind": pending["kind"], "player": pending["player"]}
            assert light.state == {"pending": want}, (ruleset, whole.version, viewer)
            assert decision_of(light.state, light.version, light.finished, light.integrity) == decision_of(
                whole.state, whole.version, whole.finished, whole.integrity
            )
        legal = [a for p in ("p1", "p2") for a in service.legal_actions("g", p).actions]
        if not legal:
            break
        choice = rng.choice([c for c in legal if c.type != "Concede"] or legal)
        service.submit("g", Command(choice.type, choice.player, choice.args, id=f"d{n}"))
