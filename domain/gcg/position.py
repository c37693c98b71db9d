"""Reconstruction of a Godzilla Card Game (GCG 1.00) game from a declared position
(``gcg-position/1``, ``docs/position-format.md``): the turn player's main phase play
timing (9.4.4.2) of a given turn, with every card where the judge says it is.

* :func:`reconstruct` is the engine's ``start_from_position``: every problem at once, or
  one ``PositionReconstructed`` event (rule 6.3.1, the set-up it replaces) whose data holds
  the position (unknown cards filled), the shuffles of decks whose order nobody remembers,
  then the main phase play timing is asked as in a normally played game.
* Hidden cards nobody knows are ``{"unknown": n}`` (hand, deck; monster deck only with a
  ``decklist``), filled from the player's decklist, or cards of no known identity
  (``UNKNOWN``) that ``decide`` never lets onto the field or revealed
  (:func:`domain.positions.guard_unknown`).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import Field

from domain.gcg import actions, flow
from domain.gcg.cards import Card, parse_card, parse_catalog
from domain.gcg.context import RULESET, Ctx, cite
from domain.gcg.state import AREAS, GameState, Obj, PlayerState, handles
from domain.kernel import CardDataError, Event, GameSpec
from domain.positions import (
    UNKNOWN,
    DeckEntry,
    Model,
    PositionError,
    Unknown,
    check_players_and_turn,
    deal,
    parse,
    reconstructed_data,
)

FORMAT = "gcg-position/1"
EVENT = "PositionReconstructed"
PLACEHOLDER: dict[str, Any] = {
    "id": UNKNOWN,
    "name": "Unknown card",
    "type": "battle",
    "rank": 0,
    "color": "white",
    "counter": 0,
    "text": "A hidden card of a reconstructed game whose identity nobody knows.",
}


class Placed(Model):
    """A card on the field (``zone`` 1-8, 4.4.3) or in a strategy zone (1-2, 4.5)."""

    card: str
    zone: int
    under: list[str] = Field(default_factory=list)
    """Cards stacked under it (3.2.4), top first."""
    placed_this_turn: bool = False


class Decklist(Model):
    monster_deck: list[str] = Field(default_factory=list)
    main: list[DeckEntry] = Field(default_factory=list)


class PlayerPosition(Model):
    id: str
    position: int = 1
    """The zone number the invading monster occupies (3.3.3), 1-8."""
    rage: int = 0
    monster: list[str]
    """The invading monster area, top first: the top card is the invading monster."""
    monster_deck: list[str | Unknown] = Field(default_factory=list)
    field: list[Placed] = Field(default_factory=list)
    strategy: list[Placed] = Field(default_factory=list)
    hand: list[str | Unknown] = Field(default_factory=list)
    deck: list[str | Unknown] = Field(default_factory=list)
    """Top first."""
    discard: list[str] = Field(default_factory=list)
    """Top first."""
    invaded_this_turn: bool = False
    shuffle: list[Literal["deck"]] = Field(default_factory=list)
    decklist: Decklist | None = None


class Position(Model):
    format: Literal["gcg-position/1"]
    ruleset: str | None = None
    turn: int
    turn_player: str
    first_player: str | None = None
    phase: str = "main"
    players: list[PlayerPosition]


ZONES = ("monster", "monster_deck", "field", "strategy", "hand", "deck", "discard")
ORDERED = ("monster", "deck", "discard")
"""Listed top first; stored bottom first."""


def _err(errors: list[PositionError], code: str, path: str, rule: str | None, message: str) -> None:
    errors.append(PositionError(code, path, cite(rule) if rule else None, message))


def _ids(p: PlayerPosition, zone: str) -> list[tuple[str, str]]:
    """``(path suffix, card id)`` of the named cards of a zone (with stacked cards)."""
    out: list[tuple[str, str]] = []
    for j, e in enumerate(getattr(p, zone)):
        if isinstance(e, Unknown):
            continue
        if isinstance(e, Placed):
            out.append((f"{zone}[{j}]", e.card))
            out += [(f"{zone}[{j}].under[{k}]", u) for k, u in enumerate(e.under)]
        else:
            out.append((f"{zone}[{j}]", e))
    return out


def fill(position: Position, cards: Mapping[str, Card], seed: int = 0) -> tuple[Position, list[PositionError]]:
    """Every ``{"unknown": n}`` replaced (``Shuffler(seed, -1 - i)`` deals ``players[i]``'s)."""
    errors: list[PositionError] = []
    players = []
    for i, p in enumerate(position.players):
        slots = [
            ("monster" if zone == "monster_deck" else "main", e.unknown)
            for zone in ("monster_deck", "hand", "deck")
            for e in getattr(p, zone)
            if isinstance(e, Unknown)
        ]
        if not slots and p.decklist is None:
            players.append(p)
            continue
        known = [cid for zone in ZONES for _, cid in _ids(p, zone)]
        decklist = None
        if p.decklist is not None:
            decklist = {
                "monster": list(p.decklist.monster_deck),
                "main": [e.card for e in p.decklist.main for _ in range(e.count)],
            }
        monsters = set(p.decklist.monster_deck) if p.decklist else set()
        dealt, errs = deal(
            slots,
            known,
            decklist,
            lambda cid, monsters=monsters: "monster" if cid in monsters else "main",  # type: ignore[misc]
            seed,
            -1 - i,
            path=f"players[{i}].decklist",
            cite=cite,
            rules={"monster": "6.1.1.1", "main": "6.1.1.2"},
            placeholder=lambda pool: UNKNOWN if pool == "main" else None,
        )
        errors += errs
        changes: dict[str, list[str]] = {}
        for zone in ("monster_deck", "hand", "deck"):
            entries = getattr(p, zone)
            if any(isinstance(e, Unknown) for e in entries):
                pool = dealt["monster" if zone == "monster_deck" else "main"]
                out: list[str] = []
                for e in entries:
                    if isinstance(e, Unknown):
                        out += [pool.pop(0) if pool else UNKNOWN for _ in range(e.unknown)]
                    else:
                        out.append(e)
                changes[zone] = out
        players.append(p.model_copy(update=changes))
    return position.model_copy(update={"players": players}), errors


_ZONE_TYPES = {
    "monster": ("monster",),
    "monster_deck": ("monster",),
    "strategy": ("strategy",),
    "field": ("battle", "monster"),
}
_ZONE_RULES = {
    "monster": "3.3",
    "monster_deck": "4.6",
    "strategy": "4.5",
    "field": "4.4",
    "hand": "6.1.1.2",
    "deck": "6.1.1.2",
    "discard": "4.10",
}


def validate(position: Position, cards: Mapping[str, Card], players: list[str] | None = None) -> list[PositionError]:
    """Every reason ``position`` cannot be a moment of a GCG 1.00 game, all at once."""
    position, errors = fill(position, cards)
    report = functools.partial(_err, errors)
    if not check_players_and_turn(
        position,
        players,
        report,
        players_rule="1.1.1",
        turn_rule="7.1.2",
        phase_rule="7.3.2",
        ruleset=RULESET,
        called="a GCG position",
    ):
        return errors
    for i, p in enumerate(position.players):
        base = f"players[{i}]"
        if not 1 <= p.position <= 8:
            _err(errors, "position/impossible_count", f"{base}.position", "4.4.3", "zones are numbered 1 to 8")
        if p.rage < 0:
            _err(errors, "position/impossible_count", f"{base}.rage", "3.4.4", "rage never goes below 0")
        if not p.monster:
            _err(errors, "position/impossible_state", f"{base}.monster", "3.3", "every player has an invading monster")
        owned: list[Card] = []
        monster_deck: list[Card] = []
        for zone in ZONES:
            for suffix, cid in _ids(p, zone):
                path = f"{base}.{suffix}"
                card = cards.get(cid)
                if card is None:
                    _err(errors, "position/unknown_card", path, "2", f"there is no card {cid!r} in the GCG catalog")
                    continue
                (monster_deck if zone in ("monster", "monster_deck") else owned).append(card)
                allowed = _ZONE_TYPES.get(zone, ()) if ".under[" not in suffix else ()
                if allowed and card.type not in allowed and cid != UNKNOWN:
                    _err(
                        errors,
                        "position/forbidden_zone",
                        path,
                        _ZONE_RULES[zone],
                        f"{card.name} ({cid}) is a {card.type} card and cannot be in the {zone} area",
                    )
        for zone, top in (("field", 8), ("strategy", 2)):
            seen: set[int] = set()
            for j, e in enumerate(getattr(p, zone)):
                if not 1 <= e.zone <= top or e.zone in seen:
                    _err(
                        errors,
                        "position/impossible_state",
                        f"{base}.{zone}[{j}].zone",
                        "4.4.3" if zone == "field" else "4.5",
                        f"a {zone} card is in its own zone 1 to {top}, one card to a zone",
                    )
                seen.add(e.zone)
        if any(cid not in cards for zone in ZONES for _, cid in _ids(p, zone)):
            continue  # counting would only repeat the unknown card
        ranks = sorted(c.rank for c in monster_deck if c.type == "monster")
        if len(monster_deck) != 4 or ranks != [1, 2, 3, 4]:
            _err(
                errors,
                "position/impossible_count",
                base,
                "6.1.1.1",
                f"{p.id}'s invading monster area and monster deck hold {len(monster_deck)} cards; a monster "
                "deck is 4 monster cards, one of each rank I to IV",
            )
        if len(owned) != 50:
            _err(
                errors,
                "position/impossible_count",
                base,
                "6.1.1.2",
                f"{p.id} owns {len(owned)} main deck cards in all areas; a main deck has exactly 50 (name them "
                "or declare {'unknown': n})",
            )
        known = [c for c in [*monster_deck, *owned] if c.id != UNKNOWN]
        numbers = Counter(c.card_number for c in known)
        for number, n in sorted(numbers.items()):
            limits = [c.deck_limit for c in known if c.card_number == number]
            limit = None if None in limits else max(x for x in limits if x is not None)
            if limit is not None and n > limit:
                _err(
                    errors,
                    "position/impossible_count",
                    base,
                    "6.1.1.4" if limit == 4 else "6.1.2",
                    f"{p.id} owns {n} cards numbered {number}; at most {limit}",
                )
    return errors


def _oids(position: Position) -> dict[str, str]:
    refs: dict[str, str] = {}
    for p in position.players:
        n = 0
        for zone in ZONES:
            for suffix, _ in _ids(p, zone):
                n += 1
                refs[f"{p.id}.{suffix}"] = f"{p.id}-{n:03d}"
    return refs


def to_state(position: Position, cards: Mapping[str, Card], s: GameState, seq: int) -> None:
    """Build the state a (valid, filled) position describes into ``s``."""
    refs = _oids(position)
    s.cards = dict(cards)
    s.order = [p.id for p in position.players]
    s.zones = {pid: {z: [] for z in AREAS} for pid in s.order}
    s.turn = position.turn
    s.turn_player = position.turn_player
    ids = s.order
    other = ids[1] if position.turn_player == ids[0] else ids[0]
    s.first_player = position.first_player or (position.turn_player if position.turn % 2 else other)
    s.turn_seq = seq
    s.phase = "main"
    for p in position.players:
        s.players[p.id] = PlayerState(
            id=p.id,
            name=s.players[p.id].name if p.id in s.players else p.id,
            position=p.position,
            rage=p.rage,
            invaded_turn=position.turn if p.invaded_this_turn else 0,
        )
        for zone in ZONES:
            placed: list[str] = []
            for j, e in enumerate(getattr(p, zone)):
                oid = refs[f"{p.id}.{zone}[{j}]"]
                cid = e.card if isinstance(e, Placed) else e
                assert isinstance(cid, str)
                obj = Obj(oid=oid, card=cid, owner=p.id, zone=zone, since=0)
                if isinstance(e, Placed):
                    obj.slot = e.zone
                    obj.since = seq if e.placed_this_turn else 0
                    for k, u in enumerate(e.under):
                        uid = refs[f"{p.id}.{zone}[{j}].under[{k}]"]
                        s.objects[uid] = Obj(oid=uid, card=u, owner=p.id, zone="under", host=oid)
                        obj.under.insert(0, uid)
                s.objects[oid] = obj
                placed.append(oid)
            s.zones[p.id][zone] = placed[::-1] if zone in ORDERED else placed
    s.owned = set(s.objects)


def reconstruct(spec: GameSpec, data: Any, catalog: Any) -> tuple[list[Event], list[dict[str, Any]]]:
    """The events that start a GCG game from a position, or every reason it is refused."""
    position, errors = parse(Position, FORMAT, data)
    if position is None:
        return [], [e.to_dict() for e in errors]
    try:
        cards = parse_catalog(catalog)
    except CardDataError as exc:
        return [], [
            {"code": "cards/invalid", "path": "$", "rule": cite(exc.rule) if exc.rule else None, "message": str(exc)}
        ]
    cards.setdefault(UNKNOWN, parse_card(PLACEHOLDER))
    errors = validate(position, cards, [p.id for p in spec.players])
    if errors:
        return [], [e.to_dict() for e in errors]
    filled, _ = fill(position, cards, spec.seed)
    used = sorted({cid for p in filled.players for zone in ZONES for _, cid in _ids(p, zone)})
    ctx = Ctx(GameState(), f"cmd:create:{spec.game_id}")
    ctx.emit(
        EVENT, reconstructed_data(spec, RULESET, data, position, filled, {cid: cards[cid] for cid in used}), "6.3.1"
    )
    for p in filled.players:
        if p.shuffle:
            actions.shuffle(ctx, p.id, "5.3.1")
    ctx.push({"op": "proc", "proc": "main", "idx": flow.PROCS["main"].index(("goto", "counter"))})
    ctx.push({"op": "main", "stage": "check"})
    flow.run(ctx)
    return ctx.events, []


@handles(EVENT)
def _position_reconstructed(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.game_id = d["game_id"]
    s.ruleset = d["ruleset"]
    s.variant = d["variant"]
    s.seed = d["seed"]
    s.players = {p["id"]: PlayerState(id=p["id"], name=p["name"]) for p in d["players"]}
    cards = {cid: parse_card(c) for cid, c in d["cards"].items()}
    to_state(Position.model_validate(d["position"]), cards, s, e.seq)


def is_hidden(s: GameState, obj: Any) -> bool:
    """Where a card of no known identity may be: a hand or deck, not revealed."""
    return obj.zone in ("hand", "deck") and not obj.revealed


def redact(data: Mapping[str, Any], viewer: str) -> dict[str, Any]:
    """The event as ``viewer`` sees it: decks as counts, the opponent's hand and monster
    deck as counts, no seed, no declaration, no decklist of the opponent."""
    d = dict(data)
    d.pop("seed", None)
    d.pop("declared", None)
    position = dict(d["position"])
    shown = []
    for p in position.get("players", []):
        p = dict(p)
        mine = p.get("id") == viewer
        for zone in ("deck", *(() if mine else ("hand", "monster_deck"))):
            if zone in p:
                p[zone] = {"count": len(p[zone])}
        if not mine:
            p.pop("decklist", None)
        shown.append(p)
    position["players"] = shown
    d["position"] = position
    d.pop("cards", None)
    return d
