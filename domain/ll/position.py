"""Reconstruction of a Luck & Logic (LL 2.04) game from a declared position
(``ll-position/1``, ``docs/position-format.md``): the turn player's main phase play timing
(7.5.3) of a given turn, with every card where the judge says it is.

* :func:`reconstruct` is the engine's ``start_from_position``: every problem at once, or
  one ``PositionReconstructed`` event (rule 6.2.1, the set-up it replaces) holding the
  position (unknown cards filled), shuffles of decks whose order nobody remembers, then the
  main phase play timing, asked as in a normally played game.
* Hidden cards nobody knows are ``{"unknown": n}`` (hand, deck, stock, tool deck; face-down
  gates and face-down removed cards, which are the gates set aside at set-up), filled from
  the player's ``decklist`` or cards of no known identity (``UNKNOWN``, ``UNKNOWN-GATE``)
  that ``decide`` never lets where their identity matters
  (:func:`domain.positions.guard_unknown`).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import Field

from domain.kernel import CardDataError, Event, GameSpec
from domain.ll import actions, flow
from domain.ll.board import LOCATIONS
from domain.ll.cards import Card, parse_card, parse_catalog
from domain.ll.context import RULESET, Ctx, cite
from domain.ll.state import ZONES, GameState, Obj, PlayerState, handles
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

FORMAT = "ll-position/1"
EVENT = "PositionReconstructed"
UNKNOWN_GATE = "UNKNOWN-GATE"
UNKNOWN_IDS = (UNKNOWN, UNKNOWN_GATE)
PLACEHOLDERS: dict[str, dict[str, Any]] = {
    UNKNOWN: {"id": UNKNOWN, "name": "Unknown card", "type": "tactics", "text": "A hidden card nobody knows."},
    UNKNOWN_GATE: {
        "id": UNKNOWN_GATE,
        "name": "Unknown gate",
        "type": "gate",
        "gate_number": 0,
        "text": "A hidden gate nobody knows.",
    },
}


class Member(Model):
    """A card on circles (4.4): ``circles`` are location codes (``FL FC FR BL BC BR``)."""

    card: str
    circles: list[str]
    rested: bool = False


class Gate(Model):
    card: str | None = None
    """``None``: a face-down gate nobody knows (filled like ``{"unknown": 1}``)."""
    circle: str
    face_down: bool = True
    rested: bool = False


class Flip(Model):
    """A card that may be face up or face down (level zone, remove zone, My Logicalist)."""

    card: str
    face_down: bool = False


class Decklist(Model):
    main: list[DeckEntry] = Field(default_factory=list)
    gates: list[DeckEntry] = Field(default_factory=list)
    my_logicalist: str | None = None
    tools: list[DeckEntry] = Field(default_factory=list)


class PlayerPosition(Model):
    id: str
    refresh_points: int = 0
    circle: list[Member] = Field(default_factory=list)
    gate: list[Gate] = Field(default_factory=list)
    level: list[Flip] = Field(default_factory=list)
    stock: list[str | Unknown] = Field(default_factory=list)
    hand: list[str | Unknown] = Field(default_factory=list)
    deck: list[str | Unknown] = Field(default_factory=list)
    """Top first."""
    drop: list[str] = Field(default_factory=list)
    """Top first."""
    remove: list[Flip | Unknown] = Field(default_factory=list)
    my_logicalist: list[Flip] = Field(default_factory=list)
    tool: list[str | Unknown] = Field(default_factory=list)
    shuffle: list[Literal["deck"]] = Field(default_factory=list)
    decklist: Decklist | None = None


class Position(Model):
    format: Literal["ll-position/1"]
    ruleset: str | None = None
    turn: int
    turn_player: str
    first_player: str | None = None
    phase: str = "main"
    players: list[PlayerPosition]


POS_ZONES = ("circle", "gate", "level", "stock", "hand", "deck", "drop", "remove", "my_logicalist", "tool")
ORDERED = ("deck", "drop", "stock")
HIDDEN_FILL = {"stock": "main", "hand": "main", "deck": "main", "remove": "gate", "gate": "gate", "tool": "tool"}


def _card(e: Any) -> str | None:
    if isinstance(e, str):
        return e
    if isinstance(e, Unknown):
        return None
    card = getattr(e, "card", None)
    return card if isinstance(card, str) else None


def fill(position: Position, seed: int = 0) -> tuple[Position, list[PositionError]]:
    """Every unknown card replaced (``Shuffler(seed, -1 - i)`` deals ``players[i]``'s)."""
    errors: list[PositionError] = []
    players = []
    for i, p in enumerate(position.players):
        slots: list[tuple[str, int]] = []
        for zone, pool in HIDDEN_FILL.items():
            for e in getattr(p, zone):
                if isinstance(e, Unknown):
                    slots.append((pool, e.unknown))
                elif isinstance(e, Gate) and e.card is None:
                    slots.append((pool, 1))
        if not slots and p.decklist is None:
            players.append(p)
            continue
        known = [c for zone in POS_ZONES for e in getattr(p, zone) if (c := _card(e)) is not None]
        decklist = None
        pools: dict[str, str] = {}
        if p.decklist is not None:
            d = p.decklist
            decklist = {
                "main": [e.card for e in d.main for _ in range(e.count)],
                "gate": [e.card for e in d.gates for _ in range(e.count)],
                "tool": [e.card for e in d.tools for _ in range(e.count)],
                "my_logicalist": [d.my_logicalist] if d.my_logicalist else [],
            }
            pools = {cid: pool for pool, ids in decklist.items() for cid in ids}
        dealt, errs = deal(
            slots,
            known,
            decklist,
            lambda cid, pools=pools: pools.get(cid, "main"),  # type: ignore[misc]
            seed,
            -1 - i,
            path=f"players[{i}].decklist",
            cite=cite,
            rules={"main": "6.1.1.1", "gate": "6.1.1.2", "tool": "6.1.1.4", "my_logicalist": "6.1.1.3"},
            placeholder=lambda pool: {"main": UNKNOWN, "gate": UNKNOWN_GATE}.get(pool),
        )
        errors += errs
        changes: dict[str, list[Any]] = {}
        for zone, pool in HIDDEN_FILL.items():
            entries = getattr(p, zone)
            out: list[Any] = []
            changed = False
            for e in entries:
                fresh = dealt.get(pool, [])
                default = UNKNOWN_GATE if pool == "gate" else UNKNOWN
                if isinstance(e, Unknown):
                    changed = True
                    for _ in range(e.unknown):
                        cid = fresh.pop(0) if fresh else default
                        out.append(Flip(card=cid, face_down=True) if zone == "remove" else cid)
                elif isinstance(e, Gate) and e.card is None:
                    changed = True
                    out.append(e.model_copy(update={"card": fresh.pop(0) if fresh else default}))
                else:
                    out.append(e)
            if changed:
                changes[zone] = out
        players.append(p.model_copy(update=changes))
    return position.model_copy(update={"players": players}), errors


_ZONE_TYPES: dict[str, tuple[str, ...]] = {
    "circle": ("logicalist", "tranceunion", "super_logicalist", "foreigner", "my_logicalist"),
    "gate": ("gate",),
    "my_logicalist": ("my_logicalist",),
    "hand": ("logicalist", "tactics", "tranceunion", "super_logicalist", "paradox", "foreigner"),
    "deck": ("logicalist", "tactics", "tranceunion", "super_logicalist", "paradox", "foreigner"),
    "stock": ("logicalist", "tactics", "tranceunion", "super_logicalist", "paradox", "foreigner"),
}
_ZONE_RULES = {"circle": "4.4", "gate": "4.3", "my_logicalist": "4.19", "hand": "4.6", "deck": "4.5", "stock": "4.8"}


def _err(errors: list[PositionError], code: str, path: str, rule: str | None, message: str) -> None:
    errors.append(PositionError(code, path, cite(rule) if rule else None, message))


def validate(position: Position, cards: Mapping[str, Card], players: list[str] | None = None) -> list[PositionError]:
    """Every reason ``position`` cannot be a moment of an LL 2.04 game, all at once."""
    position, errors = fill(position)
    report = functools.partial(_err, errors)
    if not check_players_and_turn(
        position,
        players,
        report,
        players_rule="1.1.1",
        turn_rule="7.1",
        phase_rule="7.5.3",
        ruleset=RULESET,
        called="an LL position",
    ):
        return errors
    for i, p in enumerate(position.players):
        base = f"players[{i}]"
        if p.refresh_points < 0:
            _err(errors, "position/impossible_count", f"{base}.refresh_points", "4.11", "refresh points are 0 or more")
        unreadable = False
        owned: list[tuple[str, Card]] = []
        for zone in POS_ZONES:
            for j, e in enumerate(getattr(p, zone)):
                path = f"{base}.{zone}[{j}]"
                cid = _card(e)
                if cid is None:
                    continue
                card = cards.get(cid)
                if card is None:
                    _err(errors, "position/unknown_card", path, "2.2.1", f"there is no card {cid!r} in the LL catalog")
                    unreadable = True
                    continue
                owned.append((zone, card))
                allowed = _ZONE_TYPES.get(zone)
                if allowed and card.type not in allowed and cid not in UNKNOWN_IDS:
                    _err(
                        errors,
                        "position/forbidden_zone",
                        path,
                        _ZONE_RULES[zone],
                        f"{card.name} ({cid}) is a {card.type} and cannot be in the {zone} zone",
                    )
                    unreadable = True
        used: set[str] = set()
        for j, m in enumerate(p.circle):
            bad = [c for c in m.circles if c not in LOCATIONS or c in used]
            if not m.circles or bad:
                _err(
                    errors,
                    "position/impossible_state",
                    f"{base}.circle[{j}].circles",
                    "4.4.2",
                    f"a member stands on free circles among {', '.join(LOCATIONS)}",
                )
            used |= set(m.circles)
        gates: set[str] = set()
        for j, g in enumerate(p.gate):
            if g.circle not in LOCATIONS or g.circle in gates:
                _err(
                    errors,
                    "position/impossible_state",
                    f"{base}.gate[{j}].circle",
                    "4.3",
                    f"one gate to a circle, among {', '.join(LOCATIONS)}",
                )
            gates.add(g.circle)
        if unreadable:
            continue
        main = [c for zone, c in owned if c.type not in ("gate", "my_logicalist") and zone != "tool"]
        if len(main) != 50:
            _err(
                errors,
                "position/impossible_count",
                base,
                "6.1.1.1.1",
                f"{p.id} owns {len(main)} main deck cards in all zones; a main deck has exactly 50 (name them or "
                "declare {'unknown': n})",
            )
        for name, n in sorted(Counter(c.name for c in main if c.id not in UNKNOWN_IDS).items()):
            if n > 4:
                _err(errors, "position/impossible_count", base, "6.1.1.1.2", f"{n} cards named {name}; at most 4")
        gate_cards = [c for _, c in owned if c.type == "gate"]
        if len(gate_cards) != 10:
            _err(
                errors,
                "position/impossible_count",
                base,
                "6.1.1.2.1",
                f"{p.id} owns {len(gate_cards)} gates (gate zones and the face-down gates set aside in the remove "
                "zone); a gate deck has exactly 10",
            )
    return errors


def to_state(position: Position, cards: Mapping[str, Card], s: GameState, seq: int) -> None:
    """Build the state a (valid, filled) position describes into ``s``."""
    s.cards = dict(cards)
    s.order = [p.id for p in position.players]
    s.zones = {pid: {z: [] for z in ZONES} for pid in s.order}
    s.turn = position.turn
    s.turn_player = position.turn_player
    other = s.order[1] if position.turn_player == s.order[0] else s.order[0]
    s.first_player = position.first_player or (position.turn_player if position.turn % 2 else other)
    s.phase, s.step = "main", "main"
    for p in position.players:
        name = s.players[p.id].name if p.id in s.players else p.id
        s.players[p.id] = PlayerState(id=p.id, name=name, refresh_points=p.refresh_points)
        n = 0
        for zone in POS_ZONES:
            placed: list[str] = []
            for e in getattr(p, zone):
                n += 1
                oid = f"{p.id}-{n:03d}"
                cid = _card(e)
                assert cid is not None
                obj = Obj(oid=oid, card=cid, owner=p.id, zone=zone, placed=0, entered_turn=max(position.turn - 1, 0))
                if isinstance(e, Member):
                    obj.circles, obj.rested = list(e.circles), e.rested
                elif isinstance(e, Gate):
                    obj.circles, obj.rested, obj.face_down = [e.circle], e.rested, e.face_down
                elif isinstance(e, Flip):
                    obj.face_down = e.face_down
                elif zone in ("stock", "deck", "tool"):
                    obj.face_down = True
                s.objects[oid] = obj
                s.fresh.add(oid)
                placed.append(oid)
            s.zones[p.id][zone] = placed[::-1] if zone in ORDERED else placed


def reconstruct(spec: GameSpec, data: Any, catalog: Any) -> tuple[list[Event], list[dict[str, Any]]]:
    """The events that start an LL game from a position, or every reason it is refused."""
    position, errors = parse(Position, FORMAT, data)
    if position is None:
        return [], [e.to_dict() for e in errors]
    try:
        cards = parse_catalog(catalog)
    except CardDataError as exc:
        return [], [
            {"code": "cards/invalid", "path": "$", "rule": cite(exc.rule) if exc.rule else None, "message": str(exc)}
        ]
    for cid, card in PLACEHOLDERS.items():
        cards.setdefault(cid, parse_card(card))
    errors = validate(position, cards, [p.id for p in spec.players])
    if errors:
        return [], [e.to_dict() for e in errors]
    filled, _ = fill(position, spec.seed)
    used = sorted({c for p in filled.players for zone in POS_ZONES for e in getattr(p, zone) if (c := _card(e))})
    ctx = Ctx(GameState(), f"cmd:create:{spec.game_id}")
    ctx.emit(
        EVENT, reconstructed_data(spec, RULESET, data, position, filled, {cid: cards[cid] for cid in used}), "6.2.1"
    )
    for p in filled.players:
        if p.shuffle:
            actions.shuffle(ctx, p.id, "deck", "5.4")
    flow.advance(ctx, "main", flow.PROCS["main"].index(("do", "main_play_timing", "7.5.3")))
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
    """Where a card of no known identity may be: a closed zone or face down, out of play."""
    return bool(obj.zone in ("hand", "deck", "stock", "tool") or (obj.face_down and obj.zone in ("gate", "remove")))


def redact(data: Mapping[str, Any], viewer: str) -> dict[str, Any]:
    """The event as ``viewer`` sees it: decks, stock and tool decks as counts, the
    opponent's hand as a count, face-down gates and removed cards without their name."""
    d = dict(data)
    for key in ("seed", "declared", "cards"):
        d.pop(key, None)
    position = dict(d["position"])
    shown = []
    for p in position.get("players", []):
        p = dict(p)
        mine = p.get("id") == viewer
        for zone in ("deck", "stock", "tool", *(() if mine else ("hand",))):
            if zone in p:
                p[zone] = {"count": len(p[zone])}
        for zone in ("gate", "remove", *(() if mine else ("level", "my_logicalist"))):
            if isinstance(p.get(zone), list):
                p[zone] = [
                    {**e, "card": None} if isinstance(e, Mapping) and e.get("face_down", zone == "gate") else e
                    for e in p[zone]
                ]
        if not mine:
            p.pop("decklist", None)
        shown.append(p)
    position["players"] = shown
    d["position"] = position
    return d
