"""Polled reads: what a client polling a game costs the server, on a real recorded
FoW-5.5 game (fire against water starter decks, the random legal game of
``bench_engine.playout`` submitted command by command through a memory-store
:class:`GameService`, as ``bench_integrity`` records it), stopped ``AT`` commands in.

* ``GET legal-actions``: the real API (``api.app.create_app``, in-process ``TestClient``,
  a player's bearer token) against a trivial FastAPI GET endpoint driven the same way:
  the price of a poll over bare HTTP.  **Target: <= 2x.**
* ``legal_actions`` / ``view`` / ``events?after=N`` (10 events) / ``authenticate``:
  ``GameService`` with its polled-read caches (service/read_cache.py) against the same
  call with the cache emptied before every call (the computation every poll did before;
  the events' cold path now clones the state once per window, not once per event).
  ``authenticate``'s baseline re-reads and decodes the credentials stream (a judge
  reissued one token, so the stream has two events), as every request did before.
* ``memory per cached game``: tracemalloc's growth over ``GAMES`` cached FoW games, with
  card models shared between games (domain/interning.py) against parsed per game (the
  interning cache off), in bytes per game;
* ``memory per cached game after the whole recorded game``: the same growth once every command
  of the recorded game is submitted (SQLite store, so the events are on disk), against games
  just started: what a cached game holds grows with the game only as far as its bounded
  command index and its state do.

Value and baseline are interleaved, best of 7 (``bench.compare``)."""

from __future__ import annotations

import gc
import logging
import tempfile
import tracemalloc
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from api.app import create_app
from bench import Row, compare
from bench.bench_engine import SYSTEMS, catalogs, deck_settings, playout
from domain.fow import cards as fow_cards
from domain.kernel import PlayerSpec
from service.app import GameService
from service.settings import Settings

SEED = 1
AT = 120
"""Commands of the recorded game submitted before polling."""
WINDOW = 10
GAMES = 20


def _players() -> list[PlayerSpec]:
    system = SYSTEMS[0]
    return [
        PlayerSpec(pid, name, {"starter": deck, **deck_settings(system.ruleset)})
        for pid, name, deck in zip(("p1", "p2"), ("Alice", "Bob"), system.decks, strict=True)
    ]


def recorded(commands: int = AT) -> tuple[GameService, dict[str, str]]:
    system = SYSTEMS[0]
    _, steps, _ = playout(system, seed=SEED)
    service = GameService(Settings(store="memory", snapshot_interval=100, allow_client_seed=True), catalogs())
    created = service.create_game(system.ruleset, system.variant, _players(), seed=SEED, game_id="g")
    for command, _ in steps[:commands]:
        service.submit("g", command)
    return service, dict(created.player_tokens)


def _poller(service: GameService) -> str:
    """The player who has something to do (polls legal actions the most)."""
    counts = {p: len(service.legal_actions("g", p).actions) for p in ("p1", "p2")}
    return max(counts, key=lambda p: counts[p])


def _http(service: GameService, tokens: dict[str, str]) -> Row:
    player = _poller(service)
    trivial = FastAPI()

    @trivial.get("/games/{game_id}/trivial")
    def trivial_endpoint(game_id: str) -> dict[str, Any]:
        return {"version": 1, "actions": [{"type": "Pass", "player": "p1", "args": {}}]}

    headers = {"Authorization": f"Bearer {tokens[player]}"}
    with TestClient(create_app(service=service)) as client, TestClient(trivial) as bare:
        real = client.get("/games/g/legal-actions", headers=headers)
        assert real.status_code == 200, real.text
        assert bare.get("/games/g/trivial").status_code == 200
        value, baseline = compare(
            lambda: client.get("/games/g/legal-actions", headers=headers),
            lambda: bare.get("/games/g/trivial"),
            number=200,
        )
    return Row(f"GET legal-actions ({len(real.content)} B) vs trivial GET endpoint (TestClient)", value, baseline)


def _service_rows(service: GameService, tokens: dict[str, str]) -> list[Row]:
    player = _poller(service)
    version = service.view("g", None).version
    after = version - WINDOW
    rows: list[Row] = []

    def cold_legal() -> object:
        service._legal_cache.clear()
        return service.legal_actions("g", player)

    value, baseline = compare(lambda: service.legal_actions("g", player), cold_legal, number=200)
    rows.append(Row("legal_actions: cached vs recomputed", value, baseline))

    def cold_view() -> object:
        service._view_cache.clear()
        return service.view("g", player)

    value, baseline = compare(lambda: service.view("g", player), cold_view, number=200)
    rows.append(Row("view (player): cached vs recomputed", value, baseline))

    assert len(service.events("g", after=after, viewer=player)) == WINDOW

    def cold_events() -> object:
        service._event_cache.clear()
        return service.events("g", after=after, viewer=player)

    value, baseline = compare(lambda: service.events("g", after=after, viewer=player), cold_events, number=100)
    rows.append(Row(f"events?after=N ({WINDOW} events, player): cached vs redacted again", value, baseline))

    token = service.reissue_token("g", player).token  # a credentials stream with a reissue in it

    def cold_auth() -> object:
        service.credentials.invalidate("g")
        return service.authenticate("g", token)

    value, baseline = compare(lambda: service.authenticate("g", token), cold_auth, number=500)
    rows.append(Row("authenticate: version probe vs credentials re-read", value, baseline))
    service.credentials.ttl = 2.0
    value, baseline = compare(lambda: service.authenticate("g", token), cold_auth, number=500)
    service.credentials.ttl = 0.0
    rows.append(Row("authenticate: 2 s trust period vs credentials re-read", value, baseline))
    return rows


def _memory_per_game(shared: bool) -> float:
    """Bytes traced per cached FoW game just started (the service's aggregate cache holds it)."""
    fow_cards._interned_card.clear()
    fow_cards._interned_card.enabled = shared
    try:
        service = GameService(Settings(store="memory", allow_client_seed=True), catalogs())
        system = SYSTEMS[0]
        service.create_game(system.ruleset, system.variant, _players(), seed=0, game_id="warm")
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        for n in range(GAMES):
            service.create_game(system.ruleset, system.variant, _players(), seed=n + 1, game_id=f"m{n}")
            service._load(f"m{n}")  # loaded: in the aggregate cache
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        service.close()
        return (after - before) / GAMES
    finally:
        fow_cards._interned_card.enabled = True


FULL_GAMES = 3
"""Cached games played to the end of the recorded game for the memory-after-a-game row."""


def _memory_after_game() -> tuple[float, float]:
    """Bytes traced per cached FoW game once every command of the recorded game (the
    ``bench_engine`` playout, full length) is submitted, and per game just started; SQLite
    store (events on disk, not in the traced heap), the read caches (bounded, shared by all
    games) emptied before each measure."""
    system = SYSTEMS[0]
    _, steps, _ = playout(system, seed=SEED)
    with tempfile.TemporaryDirectory(prefix="bench-") as tmp:
        service = GameService(
            Settings(store="sqlite", sqlite_path=Path(tmp) / "m.db", allow_client_seed=True), catalogs()
        )
        try:
            service.create_game(system.ruleset, system.variant, _players(), seed=SEED, game_id="warm")
            sizes = []
            for upto in (0, len(steps)):
                for cache in (service._legal_cache, service._view_cache, service._event_cache):
                    cache.clear()
                gc.collect()
                tracemalloc.start()
                before = tracemalloc.get_traced_memory()[0]
                for n in range(FULL_GAMES):
                    game_id = f"f{upto}-{n}"
                    service.create_game(system.ruleset, system.variant, _players(), seed=SEED, game_id=game_id)
                    for command, _ in steps[:upto]:
                        service.submit(game_id, command)
                    service._load(game_id)  # in the aggregate cache
                for cache in (service._legal_cache, service._view_cache, service._event_cache):
                    cache.clear()
                gc.collect()
                sizes.append((tracemalloc.get_traced_memory()[0] - before) / FULL_GAMES)
                tracemalloc.stop()
        finally:
            service.close()
    return sizes[1], sizes[0]


def run() -> list[Row]:
    logging.getLogger("adjudicator.access").setLevel(logging.WARNING)  # one line per request otherwise
    service, tokens = recorded()
    rows = [_http(service, tokens), *_service_rows(service, tokens)]
    shared, per_game = min(_memory_per_game(True) for _ in range(2)), min(_memory_per_game(False) for _ in range(2))
    rows.append(
        Row(f"memory per cached FoW game ({GAMES} games): shared vs per-game card models", shared, per_game, "B")
    )
    full, started = _memory_after_game()
    rows.append(
        Row(
            f"memory per cached FoW game ({FULL_GAMES} games, SQLite): after the whole recorded game vs just started",
            full,
            started,
            "B",
        )
    )
    return rows
