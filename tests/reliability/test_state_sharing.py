"""Games loaded from the per-process cache share their domain state (copy on write, see
``service.app.Game.__deepcopy__``).  That is safe only if nothing that reads a game
changes its state: for FoW-5.5, GCG-1.00 and LL-2.04 with real starter decks, at every
step of a random game the state is unchanged (``state_to_dict``, and every attribute
compared deeply) after ``decide`` of every legal and some illegal commands of both
players, ``legal_actions`` for both, ``view`` for each player and the judge and
``redact_event`` of the last command's events, and a copy handed out before a command
still holds the state from before it, and the card models (shared with another game of
the same cards) are unchanged.  The cached game, the copies and a cold load agree at the
end."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from domain.kernel import Command, PlayerSpec
from service.app import GameService, redact_event
from service.settings import Settings
from tests.story import deck_settings

SYSTEMS = {
    "FoW-5.5": ("valhalla", "fire-starter", "water-starter"),
    "GCG-1.00": ("standard", "red_rampage", "blue_bulwark"),
    "LL-2.04": ("standard", "monolium_starlight", "septpia_tides"),
}
STEPS = 25
DECIDED_PER_PLAYER = 12


@pytest.fixture
def service() -> Iterator[GameService]:
    s = GameService(Settings(allow_client_seed=True, store="memory", snapshot_interval=1000))
    yield s
    s.close()


BOOKKEEPING = {"cache", "owned", "fresh", "digest_memo", "derived"}
"""Attributes engines may set on a state they only read: GCG's memo of the board and LL's of
derived information (the valid continuous abilities), keyed by ``seq`` and emptied by
``clone``, the copy-on-write ownership sets of GCG and LL,
which ``clone`` empties on both states, and LL's memo of ``game_state_digest`` (12.1.1.2:
a pure function of the state, left out of ``state_to_dict``, reset by ``clone`` and by
every event applied, so every reader computes the same value)."""


def _fingerprint(engine: Any, state: Any) -> str:
    """The state as stored, and every other attribute (including ones ``state_to_dict``
    leaves out) as ``repr`` of a deep copy: any change to either shows."""
    attrs = getattr(state, "__dict__", None) or {
        k: getattr(state, k) for k in getattr(type(state), "__slots__", ()) if hasattr(state, k)
    }
    return json.dumps(engine.state_to_dict(state), sort_keys=True, default=repr) + repr(
        sorted((k, repr(copy.deepcopy(v))) for k, v in attrs.items() if k not in BOOKKEEPING)
    )


@pytest.mark.parametrize("ruleset", sorted(SYSTEMS))
def test_reading_a_shared_state_never_changes_it(service: GameService, ruleset: str) -> None:
    variant, d1, d2 = SYSTEMS[ruleset]
    players = [
        PlayerSpec("p1", "Alice", {"starter": d1, **deck_settings(ruleset)}),
        PlayerSpec("p2", "Bob", {"starter": d2}),
    ]
    service.create_game(ruleset, variant, players, seed=11, game_id="g")
    # card models are shared by every game with the same card data (domain/interning.py)
    service.create_game(ruleset, variant, players, seed=12, game_id="other")
    shared_cards = service._load("other").state.cards
    assert all(shared_cards[cid] is card for cid, card in service._load("g").state.cards.items())
    cards_before = {cid: repr(copy.deepcopy(card)) for cid, card in shared_cards.items()}
    rng = random.Random(f"{ruleset}-sharing")
    held: list[tuple[Any, str]] = []
    last_events = service.events("g")
    for n in range(STEPS):
        game = service._load("g")  # shares its state with the cached game
        engine, state = game.engine, game.state
        before = _fingerprint(engine, state)
        legal: list[Command] = []
        for player in ("p1", "p2"):
            actions = engine.legal_actions(state, player)
            legal += actions
            for action in rng.sample(actions, min(len(actions), DECIDED_PER_PLAYER)):
                engine.decide(state, action)
            other = "p2" if player == "p1" else "p1"
            for action in actions[:3]:  # the other player's moves, as if sent by this one
                engine.decide(state, Command(action.type, other, action.args, id=f"x{n}"))
            engine.decide(state, Command("NoSuchCommand", player, {"x": 1}, id=f"y{n}"))
        for viewer in ("p1", "p2", None):
            engine.view(state, viewer)
            for e in last_events:
                redact_event(engine, state, e, viewer)
        assert _fingerprint(engine, state) == before, f"{ruleset} step {n}: reading the game changed its state"
        held.append((state, before))
        if not legal:
            break
        choice = rng.choice([c for c in legal if c.type != "Concede"] or legal)  # play on
        before_version = game.version
        service.submit("g", Command(choice.type, choice.player, choice.args, id=f"c{n}"))
        last_events = service.events("g", after=before_version)  # as stored (the judge's view)
    # nothing changed a card model (every game holding these cards shares them)
    assert {cid: repr(copy.deepcopy(card)) for cid, card in shared_cards.items()} == cards_before
    # a command never changed a state handed out before it
    for state, fingerprint in held:
        assert _fingerprint(engine, state) == fingerprint
    # a cold load of the same stream (no cache) gives the state the cache holds
    cold = service.app.repository.get(game.id, version=service._load("g").version)
    assert engine.state_to_dict(cold.state) == engine.state_to_dict(service._load("g").state)


def test_fast_forwarding_a_cached_game_never_changes_a_state_handed_out(tmp_path: Any) -> None:
    """Two processes' services on one SQLite file (FoW-5.5, whose replay applies events in
    place): a game loaded by the first shares its cached state; the second records
    commands; the first then fast-forwards its cached game past them, which must copy the
    shared state first instead of changing it under the game handed out."""
    settings = Settings(
        allow_client_seed=True, store="sqlite", sqlite_path=tmp_path / "games.db", snapshot_interval=1000
    )
    first, second = GameService(settings), GameService(settings)
    try:
        variant, d1, d2 = SYSTEMS["FoW-5.5"]
        players = [
            PlayerSpec("p1", "Alice", {"starter": d1, **deck_settings("FoW-5.5")}),
            PlayerSpec("p2", "Bob", {"starter": d2}),
        ]
        first.create_game("FoW-5.5", variant, players, seed=11, game_id="g")
        rng = random.Random("fast-forward")
        for n in range(6):
            held = first._load("g")
            before = _fingerprint(held.engine, held.state)
            moves = [a for p in ("p1", "p2") for a in second.legal_actions("g", p).actions if a.type != "Concede"]
            assert moves, f"step {n}: nobody may act"
            choice = rng.choice(moves)
            second.submit("g", Command(choice.type, choice.player, choice.args, id=f"c{n}"))
            caught_up = first._load("g")  # fast-forwards the first service's cached game
            assert caught_up.version > held.version
            assert _fingerprint(held.engine, held.state) == before, f"step {n}: a held state was changed"
            assert caught_up.state is not held.state
            assert held.engine.state_to_dict(caught_up.state) == held.engine.state_to_dict(second._load("g").state)
    finally:
        first.close()
        second.close()
