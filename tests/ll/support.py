"""Shared helpers for the Luck & Logic rule tests (no tests of its own): the starter
catalog and decks, a game builder, "given events / when command / then events or
rejection" helpers and drivers that answer routine decisions (keep hands, pass)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from domain.kernel import Event, GameSpec, PlayerSpec
from domain.ll import engine
from domain.ll.state import GameState, apply_event
from tests.story import Drivers, cmd
from tests.story import find as find
from tests.story import find_all as find_all
from tests.story import pending as pending
from tests.story import types as types

CATALOG_DIR = Path(__file__).resolve().parent.parent.parent / "service" / "catalogs" / "ll"
_drivers = Drivers(engine, GameState, apply_event, "LL-2.04")
run = _drivers.run
rejected = _drivers.rejected
given = _drivers.given


@cache
def _catalog_file() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((CATALOG_DIR / "cards.json").read_text(encoding="utf-8"))
    return data


def catalog(extra: Iterable[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """The starter catalog (``{"cards": [...]}``) plus test-only cards."""
    cards = [dict(c) for c in _catalog_file()["cards"]]
    cards += [dict(c) for c in extra]
    return {"cards": cards}


def starter_deck(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((CATALOG_DIR / "decks" / f"{name}.json").read_text(encoding="utf-8"))
    return data


STARLIGHT = "monolium_starlight"
TIDES = "septpia_tides"


def vanilla(n: int, **kw: Any) -> dict[str, Any]:
    """A test Logicalist with no abilities (``LL-TST-9nn``)."""
    card: dict[str, Any] = {
        "id": f"LL-TST-9{n:02d}",
        "name": f"Vanilla {n}",
        "type": "logicalist",
        "level": 0,
        "cost": 0,
        "power": 3000,
        "aura": 1,
        "limit": 2,
        "logic": {"power": 1000},
        "worlds": ["Monolium"],
        "colors": ["red"],
    }
    card.update(kw)
    return card


VANILLAS = [vanilla(n) for n in range(12)]


def deck(main: Mapping[str, int] | None = None, **kw: Any) -> dict[str, Any]:
    """A legal deck: ``main`` plus vanilla test cards up to 50, with 8 paradoxes."""
    filled = dict(main or {})
    if not any(k.startswith("LL-TST-03") for k in filled):
        filled.update({"LL-TST-030": 3, "LL-TST-031": 3, "LL-TST-032": 2})
    total = sum(filled.values())
    n = 0
    while total < 50:
        cid = f"LL-TST-9{n // 4:02d}"
        filled[cid] = filled.get(cid, 0) + 1
        total += 1
        n += 1
    out: dict[str, Any] = {
        "main": [{"card": c, "count": k} for c, k in filled.items()],
        "gates": [{"card": f"LL-TST-G0{i}", "count": 2} for i in range(1, 6)],
    }
    out.update(kw)
    return out


def spec(d1: Mapping[str, Any], d2: Mapping[str, Any], seed: int, first_player: str | None = None) -> GameSpec:
    return GameSpec(
        game_id="g1",
        ruleset="LL-2.04",
        variant="standard",
        players=[PlayerSpec("p1", "Alice", d1), PlayerSpec("p2", "Bob", d2)],
        seed=seed,
        first_player=first_player,
    )


def start_game(
    d1: Mapping[str, Any] | None = None,
    d2: Mapping[str, Any] | None = None,
    *,
    extra: Iterable[Mapping[str, Any]] = (),
    seed: int = 1,
    first: str | None = "p1",
) -> tuple[GameState, list[Event]]:
    """A started game (waiting for the first Redraw).  The first player is random (6.2.1.7);
    with ``first`` set, seeds from ``seed`` on are tried until that player goes first."""
    cards = catalog([*VANILLAS, *extra])
    d1 = d1 if d1 is not None else starter_deck(STARLIGHT)
    d2 = d2 if d2 is not None else starter_deck(TIDES)
    return _drivers.start_until(lambda attempt: spec(d1, d2, attempt), cards, seed=seed, first=first)


def put(
    state: GameState,
    oid: str,
    to: str,
    *,
    circles: list[str] | None = None,
    face_down: bool = False,
    soul_of: str | None = None,
    set_to: str | None = None,
    rested: bool = False,
    position: str = "top",
) -> None:
    obj = state.objects[oid]
    data: dict[str, Any] = {
        "oid": oid,
        "card": obj.card,
        "owner": obj.owner,
        "to": to,
        "face_down": face_down,
        "reason": "given",
        "from": obj.zone,
        "position": position,
    }
    if circles is not None:
        data["circles"] = circles
    if soul_of is not None:
        data["soul_of"] = soul_of
    if set_to is not None:
        data["set_to"] = set_to
    if rested:
        data["rested"] = True
    given(state, "CardMoved", **data)


def take(state: GameState, player: str, card: str, zone: str = "deck") -> str:
    """The oid of a ``card`` in one of the player's zones (deck by default)."""
    for oid in reversed(state.zones[player][zone]):
        if state.objects[oid].card == card:
            return oid
    raise AssertionError(f"no {card} in {player}'s {zone}")


def take_any(state: GameState, player: str, card: str) -> str:
    for zone in ("deck", "hand", "drop", "stock", "level"):
        for oid in state.zones[player][zone]:
            if state.objects[oid].card == card:
                return oid
    raise AssertionError(f"no {card} for {player}")


PASSES = {
    "redraw": ("Redraw", {"cards": []}),
    "level": ("SkipLevel", {}),
    "main": ("EndMainPhase", {}),
    "attack": ("EndAttacks", {}),
    "intercept": ("DeclineIntercept", {}),
    "logic_definition": ("PassLogic", {}),
}


def step(state: GameState) -> list[Event]:
    """Answer the pending decision with its "do nothing" choice (or the first legal one)."""
    assert state.pending is not None
    kind, player = state.pending.kind, state.pending.player
    if kind in PASSES:
        name, args = PASSES[kind]
        return run(state, cmd(name, player, **args))
    legal = [c for c in engine.legal_actions(state, player) if c.type != "Concede"]
    return run(state, legal[0])


def advance_until(state: GameState, kind: str, player: str | None = None, limit: int = 200) -> list[Event]:
    """Answer routine decisions until the game waits for ``kind`` (by ``player``)."""
    events: list[Event] = []
    for _ in range(limit):
        assert not state.finished, "the game ended"
        assert state.pending is not None
        if state.pending.kind == kind and (player is None or state.pending.player == player):
            return events
        events += step(state)
    raise AssertionError(f"never reached {kind}")


def to_main(state: GameState, player: str = "p1") -> list[Event]:
    return advance_until(state, "main", player)


def level_up(state: GameState, player: str, n: int, *, card: str = "LL-TST-900") -> list[str]:
    """Given: ``n`` face-up cards in the player's Level Zone (taken from the deck)."""
    out: list[str] = []
    for oid in [*reversed(state.zones[player]["deck"]), *state.zones[player]["hand"]]:
        if len(out) == n:
            break
        if state.objects[oid].card == card or card == "":
            put(state, oid, "level")
            out.append(oid)
    assert len(out) == n, f"not enough {card} in the deck"
    return out


def stock_up(state: GameState, player: str, n: int) -> list[str]:
    """Given: ``n`` more face-down cards in the player's Stock (from the deck top)."""
    out: list[str] = []
    for _ in range(n):
        oid = state.zones[player]["deck"][-1]
        put(state, oid, "stock", face_down=True)
        out.append(oid)
    return out


def deploy_given(state: GameState, player: str, card: str, circles: list[str], **kw: Any) -> str:
    """Given: a member on the player's circles."""
    oid = take_any(state, player, card)
    put(state, oid, "circle", circles=circles, **kw)
    return oid


def hand_card(state: GameState, player: str, card: str) -> str:
    """Given: the card (from anywhere in the player's reserves) in the player's hand."""
    oid = take_any(state, player, card)
    if state.objects[oid].zone != "hand":
        put(state, oid, "hand")
    return oid
