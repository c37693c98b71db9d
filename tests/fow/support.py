"""Shared helpers for the Force of Will rule tests: a small synthetic catalog whose cards
isolate single rules, a game builder and "given events / when command / then" helpers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from domain.fow import engine
from domain.fow.state import GameState, apply_event
from domain.kernel import Event, GameSpec, PlayerSpec, Rejection
from tests.story import Drivers, types
from tests.story import cmd as cmd

RED = {"attribute": {"R": 1}, "free": 0}

CARDS: dict[str, dict[str, Any]] = {
    "T-RULER": {
        "id": "T-RULER",
        "name": "Test Ruler",
        "type": "ruler",
        "attributes": ["R"],
        "judgment": {"cost": {"attribute": {"R": 1}, "free": 1}, "j_ruler": "T-JRULER"},
        "abilities": [{"kind": "activate", "cost": {"rest": True}, "effects": [{"op": "produce_will", "will": ["R"]}]}],
    },
    "T-JRULER": {
        "id": "T-JRULER",
        "name": "Test J-Ruler",
        "type": "j_ruler",
        "attributes": ["R"],
        "atk": 1000,
        "def": 1000,
    },
    "T-STONE": {
        "id": "T-STONE",
        "name": "Fire Magic Stone",
        "type": "magic_stone",
        "abilities": [{"kind": "activate", "cost": {"rest": True}, "effects": [{"op": "produce_will", "will": ["R"]}]}],
    },
    "T-DUAL": {
        "id": "T-DUAL",
        "name": "Dual Stone",
        "type": "magic_stone",
        "special": True,
        "abilities": [
            {"kind": "activate", "cost": {"rest": True}, "effects": [{"op": "produce_will", "any_of": ["R", "U"]}]}
        ],
    },
    "T-BEAR": {
        "id": "T-BEAR",
        "name": "Bear",
        "type": "resonator",
        "cost": RED,
        "attributes": ["R"],
        "atk": 500,
        "def": 500,
    },
    "T-WALL": {
        "id": "T-WALL",
        "name": "Wall",
        "type": "resonator",
        "cost": RED,
        "attributes": ["R"],
        "atk": 100,
        "def": 1000,
    },
    "T-BIRD": {
        "id": "T-BIRD",
        "name": "Bird",
        "type": "resonator",
        "cost": RED,
        "attributes": ["R"],
        "atk": 300,
        "def": 300,
        "skills": ["flying"],
    },
    "T-FAST": {
        "id": "T-FAST",
        "name": "Fast One",
        "type": "resonator",
        "cost": RED,
        "attributes": ["R"],
        "atk": 400,
        "def": 400,
        "skills": ["swiftness"],
    },
    "T-BOLT": {
        "id": "T-BOLT",
        "name": "Bolt",
        "type": "spell",
        "subtype": "chant",
        "cost": RED,
        "attributes": ["R"],
        "effects": [{"op": "deal_damage", "amount": 500, "target": {"kind": "chosen", "players_allowed": True}}],
    },
    "T-GROW": {
        "id": "T-GROW",
        "name": "Grow",
        "type": "spell",
        "subtype": "chant_instant",
        "cost": RED,
        "attributes": ["R"],
        "effects": [{"op": "modify", "atk": 200, "def": 200, "target": {"kind": "chosen"}}],
    },
}


def deck(
    main: Mapping[str, int] | None = None, stones: Mapping[str, int] | None = None, *, automatic_cards: str = "never"
) -> dict[str, Any]:
    """A legal deck of ``main`` (filled up to 40 with vanilla resonators) and ``stones``; its
    player's answer to "may automatic cards be revealed from the hand" (FoW-5.5 9.6 p2) is
    ``automatic_cards`` (``"ask"``: asked at each happening that could trigger one)."""
    main = main or {"T-BEAR": 4, "T-WALL": 4, "T-BOLT": 4, "T-GROW": 4, "T-BIRD": 4, "T-FAST": 4}
    filled = dict(main)
    total = sum(filled.values())
    filler = 0
    while total < 40:
        name = f"T-VANILLA-{filler // 4}"
        filled[name] = filled.get(name, 0) + 1
        total += 1
        filler += 1
    return {
        "ruler": "T-RULER",
        "main": [{"card": c, "count": n} for c, n in filled.items()],
        "stones": [{"card": c, "count": n} for c, n in (stones or {"T-STONE": 10}).items()],
        "automatic_cards_in_hand": automatic_cards,
    }


def catalog(extra: Mapping[str, dict[str, Any]] | None = None) -> dict[str, dict[str, Any]]:
    cards = dict(CARDS)
    for i in range(10):
        cid = f"T-VANILLA-{i}"
        cards[cid] = {
            "id": cid,
            "name": f"Vanilla {i}",
            "type": "resonator",
            "cost": RED,
            "attributes": ["R"],
            "atk": 200,
            "def": 200,
        }
    cards.update(extra or {})
    return cards


def start_game(
    *,
    decks: tuple[dict[str, Any], dict[str, Any]] | None = None,
    cards: Mapping[str, dict[str, Any]] | None = None,
    seed: int = 7,
    variant: str = "valhalla",
    first_player: str | None = "p1",
    ruleset: str = "FoW-5.5",
) -> tuple[GameState, list[Event]]:
    d1, d2 = decks or (deck(), deck())
    spec = GameSpec(
        game_id="g1",
        ruleset=ruleset,
        variant=variant,
        players=[PlayerSpec("p1", "Alice", d1), PlayerSpec("p2", "Bob", d2)],
        seed=seed,
        first_player=first_player,
    )
    result = engine.start(spec, cards or catalog())
    assert not isinstance(result, Rejection), result
    state = GameState()
    for e in result:
        apply_event(state, e)
    return state, list(result)


_drivers = Drivers(engine, GameState, apply_event, "FoW-5.5")
run = _drivers.run
rejected = _drivers.rejected


def find(events: Iterable[Event], type_: str) -> Event:
    for e in events:
        if e.type == type_:
            return e
    raise AssertionError(f"no {type_} event among {types(events)}")
