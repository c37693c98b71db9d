"""Shared helpers for the Godzilla Card Game rule tests (no tests of its own): the starter
catalog and decks, test-only cards, a game builder, "given events / when command / then
events or rejection" helpers and drivers that answer routine decisions."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from domain.gcg import engine
from domain.gcg.state import GameState, apply_event
from domain.kernel import Event, GameSpec, PlayerSpec
from tests.story import Drivers, cmd, pending
from tests.story import find as find
from tests.story import find_all as find_all
from tests.story import types as types

CATALOG_DIR = Path(__file__).resolve().parent.parent.parent / "service" / "catalogs" / "gcg"
RED = "red_rampage"
BLUE = "blue_bulwark"
_drivers = Drivers(engine, GameState, apply_event, "GCG-1.00")
run = _drivers.run
rejected = _drivers.rejected
given = _drivers.given


@cache
def _catalog_file() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((CATALOG_DIR / "cards.json").read_text(encoding="utf-8"))
    return data


def starter_deck(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((CATALOG_DIR / "decks" / f"{name}.json").read_text(encoding="utf-8"))
    return data


def tst(n: int | str) -> str:
    return f"GCG-TST-{n:03d}" if isinstance(n, int) else f"GCG-TST-{n}"


def battle(n: int, **kw: Any) -> dict[str, Any]:
    """A test-only battle card ``GCG-TST-9nn`` (white, battle rank 1, 1000 counter power)."""
    card: dict[str, Any] = {
        "id": f"GCG-TST-9{n:02d}",
        "name": f"Test Battle {n}",
        "type": "battle",
        "rank": 1,
        "color": "white",
        "traits": ["Test"],
        "counter": 1000,
        "invasion": 1,
    }
    card.update(kw)
    return card


def strategy(n: int, effects: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    card: dict[str, Any] = {
        "id": f"GCG-TST-9{n:02d}",
        "name": f"Test Strategy {n}",
        "type": "strategy",
        "rank": 1,
        "color": "white",
        "traits": ["Test"],
        "invasion": 1,
        "effects": effects,
    }
    card.update(kw)
    return card


def replacing(n: int, name: str, replaces: str, instead: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    """A test-only battle card with one replacement ability (9.2.1.3): "when ``replaces``
    would happen (to the cards of ``affects``, this card by default), ``instead``"."""
    ability: dict[str, Any] = {"kind": "replacement", "replaces": replaces, "instead": instead, **kw}
    return battle(n, name=name, abilities=[ability])


VANILLA = battle(0, name="Vanilla Tank")


def catalog(extra: Iterable[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """The starter catalog (``{"cards": [...]}``) plus test-only cards."""
    cards = [dict(c) for c in _catalog_file()["cards"]]
    cards += [dict(VANILLA)] + [dict(c) for c in extra]
    return {"cards": cards}


def with_cards(base: str, extra: Mapping[str, int]) -> dict[str, Any]:
    """A starter deck with ``extra`` cards swapped in for its last entries (still 50 cards)."""
    deck = starter_deck(base)
    main: list[dict[str, Any]] = [dict(e) for e in deck["main"]]
    need = sum(extra.values())
    while need > 0:
        last = main[-1]
        take = min(need, last["count"])
        last["count"] -= take
        need -= take
        if last["count"] == 0:
            main.pop()
    main += [{"card": c, "count": n} for c, n in extra.items()]
    return {**deck, "main": main}


def spec(d1: Mapping[str, Any], d2: Mapping[str, Any], seed: int) -> GameSpec:
    return GameSpec(
        game_id="g1",
        ruleset="GCG-1.00",
        variant="standard",
        players=[PlayerSpec("p1", "Alice", d1), PlayerSpec("p2", "Bob", d2)],
        seed=seed,
    )


def start_game(
    d1: Mapping[str, Any] | None = None,
    d2: Mapping[str, Any] | None = None,
    *,
    extra: Iterable[Mapping[str, Any]] = (),
    seed: int = 1,
    first: str | None = "p1",
) -> tuple[GameState, list[Event]]:
    """A started game, waiting for the first player's main phase.  The first player is
    random (6.3.1.4); with ``first`` set, seeds from ``seed`` on are tried until that player
    goes first."""
    cards = catalog(extra)
    d1 = d1 if d1 is not None else starter_deck(RED)
    d2 = d2 if d2 is not None else starter_deck(BLUE)
    return _drivers.start_until(lambda attempt: spec(d1, d2, attempt), cards, seed=seed, first=first)


def find_card(state: GameState, player: str, card: str, areas: Iterable[str] = ("deck", "hand", "discard")) -> str:
    for area in areas:
        for oid in reversed(state.zones[player][area]):
            if state.objects[oid].card == card:
                return oid
    raise AssertionError(f"no {card} in {player}'s {', '.join(areas)}")


def put(state: GameState, oid: str, to: str, *, slot: int | None = None, onto: str | None = None) -> str:
    obj = state.objects[oid]
    data: dict[str, Any] = {
        "oid": oid,
        "card": obj.card,
        "owner": obj.owner,
        "from": obj.zone,
        "to": to,
        "reason": "given",
    }
    if slot is not None:
        data["slot"] = slot
    if onto is not None:
        data["onto"] = onto
    given(state, "CardMoved", **data)
    return oid


def to_hand(state: GameState, player: str, card: str) -> str:
    """Given: a copy of ``card`` (from the player's deck or discard pile) in the hand."""
    oid = find_card(state, player, card)
    if state.objects[oid].zone != "hand":
        put(state, oid, "hand")
    return oid


def to_zone(state: GameState, player: str, card: str, zone: int) -> str:
    """Given: a copy of ``card`` as a battle card in the player's zone ``zone``."""
    return put(state, find_card(state, player, card), "field", slot=zone)


def to_strategy(state: GameState, player: str, card: str, slot: int = 1) -> str:
    return put(state, find_card(state, player, card), "strategy", slot=slot)


def position(state: GameState, player: str, zone: int) -> None:
    given(state, "MonsterMoved", player=player, **{"from": state.players[player].position, "to": zone, "how": "given"})


def rage(state: GameState, player: str, value: int) -> None:
    given(state, "RageChanged", player=player, rage=value, delta=value - state.players[player].rage)


def effect_on(state: GameState, oid: str, id: str = "e-given", master: str = "p1", **kw: Any) -> None:
    """Given: a continuous effect of a resolved ability on ``oid`` (9.2.1.2)."""
    kw.setdefault("duration", "end_of_turn")
    given(state, "ContinuousEffectCreated", id=id, source=oid, master=master, targets=[oid], **kw)


def empty_hand(state: GameState, player: str) -> None:
    for oid in list(state.zones[player]["hand"]):
        put(state, oid, "deck")


def choose(state: GameState, *choice: Any) -> list[Event]:
    assert state.pending is not None
    return run(state, cmd("Choose", state.pending.player, choice=list(choice)))


def among(state: GameState) -> list[Any]:
    assert state.pending is not None
    return list(state.pending.options["among"])


def end_main(state: GameState) -> list[Event]:
    assert state.pending is not None and state.pending.kind == "main"
    return run(state, cmd("EndMainPhase", state.pending.player))


def step(state: GameState) -> list[Event]:
    """Answer the pending decision with its "do nothing" choice (or the first legal one)."""
    assert state.pending is not None
    kind, player = state.pending.kind, state.pending.player
    if kind == "main":
        return end_main(state)
    if kind == "yes_no":
        return choose(state, "no")
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


def next_main(state: GameState, player: str) -> list[Event]:
    """End the current main phase and answer routine decisions until ``player``'s next main phase."""
    events = end_main(state) if pending(state)[0] == "main" else []
    return events + advance_until(state, "main", player)
