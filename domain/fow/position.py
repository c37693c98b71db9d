"""Reconstruction of a Force of Will game from a declared position (``fow-position/1``).

Judges rebuild disputed games from what the players remember.  A *position* is a
readable JSON document, in the spirit of chess's FEN, that says where every card is and
in which state (orientation, damage, counters, additions), the life points, the produced
will, the turn, phase, step, who has priority and what is in the chase area.
``docs/position-format.md`` documents it with a full example.

* :func:`parse` reads a document into a :class:`Position` (or malformed-input errors);
* :func:`validate` lists every reason the position is impossible under the game's rules
  version and variant, each with a stable code, the JSON path of the offending part and
  the rule it breaks;
* :func:`to_state` builds the :class:`GameState` (fresh, deterministic object ids) and
  :func:`from_state` turns a state back into a position, so that
  ``from_state(to_state(p)) == p``;
* :func:`reconstruct` is the engine's start path: one ``PositionReconstructed`` event
  (``evolve`` applies it with :func:`to_state`) instead of the normal set-up.

Pure: no I/O, no clock; the only randomness is the optional recorded shuffle of a deck
whose order nobody remembers.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from domain.fow import actions, flow
from domain.fow.cards import Card, SpendUse, parse_card
from domain.fow.characteristics import characteristics, effective_type
from domain.fow.context import Ctx, RejectedError
from domain.fow.state import (
    HIDDEN_ZONES,
    ZONES,
    Battle,
    ChaseItem,
    GameState,
    Obj,
    Pending,
    PlayerState,
    handles,
)
from domain.fow.versions import VERSIONS, version
from domain.fow.will import spend_only_data
from domain.kernel import (
    JSON,
    CardDataError,
    Command,
    DomainError,
    Event,
    GameSpec,
    Rejection,
    Shuffler,
    seed_commitment,
)

FORMAT = "fow-position/1"
EVENT = "PositionReconstructed"

Will = Literal["W", "R", "U", "G", "B", "V"]
RestrictedWillSymbol = Literal["W", "R", "U", "G", "B", "V", "M"]
PILE_ZONES = ("hand", "main_deck", "stone_deck", "graveyard", "lifebreak")
"""Zones listed as plain card ids (ordered ones top first)."""
PLAYGROUND_ZONES = ("ruler_area", "field", "stone_area")
ORDERED = ("main_deck", "stone_deck", "graveyard", "lifebreak", "standby")
"""Listed top first in a position; stored bottom first (the end of a list is the top)."""
ENTRY_ORDER = ("ruler_area", "field", "stone_area", "hand", "main_deck", "stone_deck", "graveyard", "lifebreak")
ENTRY_ORDER_ALL = (*ENTRY_ORDER, "standby", "removed")
"""The order in which object ids are handed out (per owner), then the chase area."""

PRIORITY_STEPS: tuple[tuple[str, str], ...] = (
    *((phase, step) for phase, step, _ in flow.STEPS if step != "cleanup"),
    *(("main", step) for step, _ in flow.BATTLE_STEPS),
)
"""Where a reconstructed game may start: every step with a priority sequence."""
BATTLE_STEP_NAMES = tuple(step for step, _ in flow.BATTLE_STEPS)
ATTACK_DECLARED_OR_LATER = BATTLE_STEP_NAMES[BATTLE_STEP_NAMES.index("attack_declared") :]
BLOCK_DECLARED_OR_LATER = BATTLE_STEP_NAMES[BATTLE_STEP_NAMES.index("block_declared") :]


# --- the document -----------------------------------------------------------------------------


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _CardShorthand(_Model):
    """An entry may be written as just its card id (``"T-BEAR"``)."""

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, data: Any) -> Any:
        return {"card": data} if isinstance(data, str) else data


class Permanent(_CardShorthand):
    """A card in a ruler area, field or magic stone area."""

    card: str
    side: Literal["front", "j_ruler", "future"] = "front"
    """``j_ruler``: a ruler turned J-ruler side up (by judgment, 7.5 p3); ``future``: a shifted card."""
    rested: bool = False
    damage: int = 0
    counters: dict[str, int] = Field(default_factory=dict)
    attached_to: str | None = None
    """For an addition: a reference (``players[1].field[0]``) to the card it is added to."""
    owner: str | None = None
    """Only when the owner is not the controller (the player whose area this is)."""
    entered_this_turn: bool = False
    """Not controlled since the beginning of the turn (8.2 p3.1, 9.5 p3-p4)."""


class StandbyCard(_CardShorthand):
    card: str
    put_this_turn: bool = False
    """Put into the chant-standby area this turn (cannot be played yet, 7.9 p5)."""


class RemovedCard(_CardShorthand):
    card: str
    face_down: bool = False


class Unknown(_Model):
    """``{"unknown": n}``: n hidden cards nobody knows (in a hand, deck, lifebreak area,
    chant-standby area or face down in the removed area).  Filled from the player's
    ``decklist`` when one is given, otherwise cards of no known identity (``UNKNOWN``,
    ``UNKNOWN-STONE`` in a magic stone deck)."""

    unknown: int = Field(ge=0)


class RestrictedWill(_Model):
    """One produced will that may pay only for some things ("Spend that will only to play Fairy
    resonators", "... only to pay [Awakening] costs", 1.4 p1), kept apart from the other will (9.7 p4):
    ``{"will": "M", "spend_only": [{"on": "awakening"}]}``.  ``spend_only`` lists the uses as the card
    data writes them: ``on`` (``play``, ``awakening``, ``judgment``, ``gods_art``, ``activate``) and the
    ``filter`` of the cards it pays for (default: any card)."""

    will: RestrictedWillSymbol
    spend_only: list[SpendUse] = Field(min_length=1)


class DeckEntry(_Model):
    card: str
    count: int = Field(1, ge=1)


class Decklist(_Model):
    """The registered deck list (the deck format of ``POST /games``)."""

    ruler: str | None = None
    main: list[DeckEntry] = Field(default_factory=list)
    stones: list[DeckEntry] = Field(default_factory=list)


UNKNOWN = "UNKNOWN"
UNKNOWN_STONE = "UNKNOWN-STONE"
UNKNOWN_IDS = (UNKNOWN, UNKNOWN_STONE)
UNKNOWN_ZONES = ("hand", "main_deck", "stone_deck", "lifebreak", "standby", "removed")
PLACEHOLDERS: dict[str, dict[str, Any]] = {
    UNKNOWN: {
        "id": UNKNOWN,
        "name": "Unknown card",
        "type": "spell",
        "subtype": "chant",
        "cost": {"attribute": {}, "free": 0},
        "text": "A hidden card of a reconstructed game whose identity nobody knows.",
    },
    UNKNOWN_STONE: {
        "id": UNKNOWN_STONE,
        "name": "Unknown magic stone",
        "type": "magic_stone",
        "text": "A hidden magic stone of a reconstructed game whose identity nobody knows.",
    },
}
"""Cards of no known identity: hidden objects the engine moves between hidden zones, never
into a public one (``guard_unknown``)."""


class PlayerPosition(_Model):
    id: str
    life: int
    will: list[Will] = Field(default_factory=list)
    """Produced will not yet spent (9.7)."""
    restricted_will: list[RestrictedWill] = Field(default_factory=list)
    """Produced will not yet spent that may pay only for some things (1.4 p1, 9.7 p4)."""
    ruler_area: list[Permanent] = Field(default_factory=list)
    field: list[Permanent] = Field(default_factory=list)
    stone_area: list[Permanent] = Field(default_factory=list)
    hand: list[str | Unknown] = Field(default_factory=list)
    main_deck: list[str | Unknown] = Field(default_factory=list)
    """Top first."""
    stone_deck: list[str | Unknown] = Field(default_factory=list)
    """Top first."""
    graveyard: list[str] = Field(default_factory=list)
    """Top first."""
    lifebreak: list[str | Unknown] = Field(default_factory=list)
    """Top first; Valhalla only."""
    standby: list[StandbyCard | Unknown] = Field(default_factory=list)
    """Top first; face down."""
    removed: list[RemovedCard | Unknown] = Field(default_factory=list)
    decklist: Decklist | None = None
    """The player's registered deck list: ``{"unknown": n}`` entries are the rest of it."""
    shuffle: list[Literal["main_deck", "stone_deck"]] = Field(default_factory=list)
    """Decks whose order nobody remembers: shuffled with the game's seed, the order recorded."""
    judgment_this_turn: bool = False
    called_stone_this_turn: bool = False
    gods_arts_used: list[str] = Field(default_factory=list)


class ChaseEntry(_Model):
    """A card or ability in the chase area.  ``kind``: ``card`` (give ``card``), ``ability``
    (give ``source`` and ``ability``) or ``judgment`` (give ``source``, the ruler)."""

    kind: str
    controller: str
    card: str | None = None
    owner: str | None = None
    side: Literal["front", "future"] = "front"
    source: str | None = None
    ability: int | None = None
    targets: list[list[str]] = Field(default_factory=list)
    """One list per target group, each a reference or a player id."""
    awakened: bool = False
    choice: str | None = None


class BattlePosition(_Model):
    attacker: str | None = None
    target: str | None = None
    blocker: str | None = None
    first_strike_dealt: bool = False
    opponent_acted: bool = False


class Position(_Model):
    format: Literal["fow-position/1"]
    ruleset: str | None = None
    variant: str | None = None
    turn: int
    turn_player: str
    first_player: str | None = None
    """Default: the turn player on odd turns, the other player on even turns."""
    phase: str
    step: str
    priority: str | None = None
    """Default: the turn player."""
    passes: int = 0
    """Consecutive passes already made in this priority sequence (0 or 1)."""
    no_more_battle: bool = False
    players: list[PlayerPosition]
    chase: list[ChaseEntry] = Field(default_factory=list)
    """Top first."""
    battle: BattlePosition | None = None


@dataclass(frozen=True, slots=True)
class PositionError:
    """One reason a position is refused: a stable ``code``, the JSON ``path`` of the
    offending part (``players[0].field[2].damage``), the ``rule`` broken (a citation under
    the game's rules version, or None for malformed input) and a human sentence."""

    code: str
    path: str
    rule: str | None
    message: str

    def to_dict(self) -> dict[str, JSON]:
        return {"code": self.code, "path": self.path, "rule": self.rule, "message": self.message}


class PositionNotRepresentableError(DomainError):
    """:func:`from_state` met state that a ``fow-position/1`` document cannot express."""


def _path(loc: Sequence[int | str]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "$"


def parse(data: Any) -> tuple[Position | None, list[PositionError]]:
    """The document as a :class:`Position`, or ``position/malformed`` errors (one per problem)."""
    if isinstance(data, Mapping) and data.get("format") not in (None, FORMAT):
        msg = f"unknown position format {data.get('format')!r}; this engine reads {FORMAT!r}"
        return None, [PositionError("position/unknown_format", "format", None, msg)]
    try:
        return Position.model_validate(data), []
    except ValidationError as exc:
        return None, [PositionError("position/malformed", _path(e["loc"]), None, f"{e['msg']}") for e in exc.errors()]


# --- what is known: unknown hidden cards -----------------------------------------------------------


def _known_ids(position: Position, i: int) -> list[str]:
    """The card ids the player at ``players[i]`` owns, as named in the document."""
    pid = position.players[i].id
    out: list[str] = []
    for k, p in enumerate(position.players):
        for zone in ENTRY_ORDER_ALL:
            for entry in getattr(p, zone):
                if isinstance(entry, Unknown):
                    continue
                cid = entry if isinstance(entry, str) else entry.card
                owner = (getattr(entry, "owner", None) or p.id) if zone in PLAYGROUND_ZONES else p.id
                if owner == pid and (k == i or zone in PLAYGROUND_ZONES):
                    out.append(cid)
    out += [c.card for c in position.chase if c.card is not None and (c.owner or c.controller) == pid]
    return out


def fill(position: Position, seed: int = 0) -> tuple[Position, list[PositionError]]:
    """The position with every ``{"unknown": n}`` entry replaced by card ids: with a
    ``decklist``, the rest of the deck list once the known cards are taken out, dealt to the
    unknown places with the game's seed (``Shuffler(seed, -1 - i)`` for ``players[i]``, an
    index no deck shuffle uses), magic stones into the magic stone deck and the other cards
    elsewhere; without one, ``UNKNOWN`` (``UNKNOWN-STONE`` in a magic stone deck).
    Errors: a known card the deck list does not hold (so many times), and a deck list
    whose rest does not fit the unknown places."""
    errors: list[PositionError] = []
    players: list[PlayerPosition] = []
    for i, p in enumerate(position.players):
        slots: list[tuple[str, int, int]] = []  # (zone, entry index, n)
        for zone in UNKNOWN_ZONES:
            for j, entry in enumerate(getattr(p, zone)):
                if isinstance(entry, Unknown):
                    slots.append((zone, j, entry.unknown))
        dealt: dict[str, list[str]] = {"stones": [], "main": []}
        if p.decklist is not None:
            main: Counter[str] = Counter()
            for e in p.decklist.main:
                main[e.card] += e.count
            stones: Counter[str] = Counter()
            for e in p.decklist.stones:
                stones[e.card] += e.count
            for cid in _known_ids(position, i):
                if cid == p.decklist.ruler:
                    continue
                pool = main if main[cid] > 0 else stones
                if pool[cid] > 0:
                    pool[cid] -= 1
                else:
                    errors.append(
                        PositionError(
                            "position/not_in_decklist",
                            f"players[{i}].decklist",
                            "4.1 p1",
                            f"{p.id} owns more {cid} than the deck list holds",
                        )
                    )
            need_stones = sum(n for zone, _, n in slots if zone == "stone_deck")
            need_main = sum(n for zone, _, n in slots if zone != "stone_deck")
            rest_main = sorted(main.elements())
            rest_stones = sorted(stones.elements())
            for what, need, rest, rule in (
                ("main deck cards", need_main, rest_main, "4.1 p3"),
                ("magic stones", need_stones, rest_stones, "4.1 p4"),
            ):
                if need != len(rest):
                    errors.append(
                        PositionError(
                            "position/decklist_count",
                            f"players[{i}].decklist",
                            rule,
                            f"the deck list leaves {len(rest)} {what} of {p.id} unaccounted for, "
                            f"but {need} are declared unknown",
                        )
                    )
            shuffler = Shuffler(seed, -1 - i)
            dealt = {"main": shuffler.shuffled(rest_main), "stones": shuffler.shuffled(rest_stones)}
        changes: dict[str, Any] = {}
        for zone in UNKNOWN_ZONES:
            entries = getattr(p, zone)
            if not any(isinstance(e, Unknown) for e in entries):
                continue
            deal = dealt["stones" if zone == "stone_deck" else "main"]
            placeholder = UNKNOWN_STONE if zone == "stone_deck" else UNKNOWN
            out: list[Any] = []
            for entry in entries:
                if not isinstance(entry, Unknown):
                    out.append(entry)
                    continue
                for _ in range(entry.unknown):
                    cid = deal.pop(0) if deal else placeholder
                    if zone == "standby":
                        out.append(StandbyCard(card=cid))
                    elif zone == "removed":
                        out.append(RemovedCard(card=cid, face_down=True))
                    else:
                        out.append(cid)
            changes[zone] = out
        players.append(p.model_copy(update=changes) if changes else p)
    return position.model_copy(update={"players": players}), errors


def guard_unknown(
    decide: Callable[[GameState, Command], list[Event] | Rejection],
) -> Callable[[GameState, Command], list[Event] | Rejection]:
    """``decide``, refusing a command that would put a card of no known identity
    (``UNKNOWN``) where its identity matters: into a public zone (a field, graveyard, the
    chase area, a face-up removed card, ...) or revealed.  The judge names it first: a new
    reconstruction with the card named (``position/unknown_identity``, 3.1 p2)."""

    @functools.wraps(decide)  # still the engine's decide (its module, name and doc)
    def guarded(state: GameState, cmd: Command) -> list[Event] | Rejection:
        result = decide(state, cmd)
        if isinstance(result, Rejection) or not state.reconstructed:
            return result
        if not any(o.card in UNKNOWN_IDS for o in state.objects.values()):
            return result
        from domain.fow.state import EVENTS

        after = state
        shown: set[str] = set()  # moved in view of all ("reveal it and put it into your hand", 10.4 p1)
        for event in result:
            after = EVENTS.evolve(after, event)
            if event.type == "CardMoved" and event.data.get("revealed"):
                shown.add(str(event.data["oid"]))
        for oid in sorted(after.objects):
            o = after.objects[oid]
            if o.card not in UNKNOWN_IDS:
                continue
            hidden_zone = o.zone in HIDDEN_ZONES or (o.zone == "removed" and o.face_down)
            if not hidden_zone or o.revealed or oid in shown:
                return Rejection(
                    "position/unknown_identity",
                    version(state.ruleset).cite("3.1 p2"),
                    f"{oid} is a card of this reconstructed game whose identity nobody knows; this action "
                    f"would {'reveal it' if hidden_zone else f'put it into the {o.zone} area'}: the judge names "
                    "it first (reconstruct the game with the card named)",
                )
        return result

    return guarded


# --- references ---------------------------------------------------------------------------------

_REF = re.compile(r"players\[(\d+)\]\.([a-z_]+)\[(\d+)\]|chase\[(\d+)\]")


def _resolve(ref: str, refs: Mapping[str, str], items: Mapping[str, str], player_ids: Iterable[str]) -> str | None:
    """A reference or player id as the object id / chase item id / player id it names."""
    if ref in player_ids:
        return ref
    return refs.get(ref) or items.get(ref)


# --- building the state -----------------------------------------------------------------------


def _default_first(position: Position) -> str:
    ids = [p.id for p in position.players]
    if position.first_player is not None:
        return position.first_player
    other = ids[1] if position.turn_player == ids[0] else ids[0]
    return position.turn_player if position.turn % 2 == 1 else other


def _oids(position: Position) -> tuple[dict[str, str], dict[str, str]]:
    """Deterministic object ids (``<owner>-NNN`` in document order) and chase item ids
    (``c1`` is the bottom item): reference -> id."""
    ids = [p.id for p in position.players]
    counters: Counter[str] = Counter()
    refs: dict[str, str] = {}

    def fresh(owner: str) -> str:
        counters[owner] += 1
        return f"{owner}-{counters[owner]:03d}"

    for i, p in enumerate(position.players):
        for zone in ENTRY_ORDER_ALL:
            for j, entry in enumerate(getattr(p, zone)):
                owner = getattr(entry, "owner", None) or p.id
                refs[f"players[{i}].{zone}[{j}]"] = fresh(owner if owner in ids else p.id)
    items: dict[str, str] = {}
    n = len(position.chase)
    for k, c in enumerate(position.chase):
        items[f"chase[{k}]"] = f"c{n - k}"
        if c.kind == "card":
            owner = c.owner or c.controller
            refs[f"chase[{k}].card"] = fresh(owner if owner in ids else c.controller)
    return refs, items


def to_state(
    position: Position,
    cards: Mapping[str, Card],
    *,
    ruleset: str,
    variant: str,
    game_id: str = "",
    seed: int = 0,
    names: Mapping[str, str] | None = None,
) -> GameState:
    """The game state a (valid) position describes.  Object ids are handed out in document
    order per owner (``p1-001`` ...), chase items bottom first (``c1`` ...)."""
    refs, items = _oids(position)
    ids = [p.id for p in position.players]
    turn = position.turn
    before = max(turn - 1, 0)
    s = GameState(game_id=game_id, ruleset=ruleset, variant=variant, seed=seed, reconstructed=True)
    s.cards = dict(cards)
    s.order = list(ids)
    s.players = {
        p.id: PlayerState(
            id=p.id,
            name=(names or {}).get(p.id, p.id),
            life=p.life,
            will=list(p.will),
            restricted_will=[{"will": w.will, "spend_only": spend_only_data(w.spend_only)} for w in p.restricted_will],
            called_stone_turn=turn if p.called_stone_this_turn else 0,
            judgment_turn=turn if p.judgment_this_turn else 0,
            gods_arts_used=list(p.gods_arts_used),
        )
        for p in position.players
    }
    s.zones = {pid: {z: [] for z in ZONES} for pid in ids}

    def look(ref: str | None) -> str | None:
        return None if ref is None else _resolve(ref, refs, items, ids)

    for i, p in enumerate(position.players):
        for zone in ENTRY_ORDER_ALL:
            entries = list(getattr(p, zone))
            placed: list[str] = []
            for j, entry in enumerate(entries):
                oid = refs[f"players[{i}].{zone}[{j}]"]
                card = entry if isinstance(entry, str) else entry.card
                owner = (getattr(entry, "owner", None) or p.id) if zone in PLAYGROUND_ZONES else p.id
                obj = Obj(
                    oid=oid, card=card, owner=owner, controller=p.id if zone in PLAYGROUND_ZONES else owner, zone=zone
                )
                obj.entered_turn = before
                if isinstance(entry, Permanent):
                    obj.rested = entry.rested
                    obj.damage = entry.damage
                    obj.counters = dict(entry.counters)
                    obj.side = entry.side
                    obj.attached_to = look(entry.attached_to)
                    obj.entered_turn = turn if entry.entered_this_turn else before
                elif isinstance(entry, StandbyCard):
                    obj.face_down = True
                    obj.standby_turn = turn if entry.put_this_turn else before
                elif isinstance(entry, RemovedCard):
                    obj.face_down = entry.face_down
                s.objects[oid] = obj
                placed.append(oid)
            s.zones[p.id][zone] = placed[::-1] if zone in ORDERED else placed
    for k, c in reversed(list(enumerate(position.chase))):  # bottom first
        if c.kind == "card":
            oid = refs[f"chase[{k}].card"]
            s.objects[oid] = Obj(
                oid=oid,
                card=c.card or "",
                owner=c.owner or c.controller,
                controller=c.controller,
                zone="chase",
                side=c.side,
                entered_turn=turn,
            )
            source = oid
        else:
            source = look(c.source) or ""
        s.chase.append(
            ChaseItem(
                id=items[f"chase[{k}]"],
                kind=c.kind,
                controller=c.controller,
                source=source,
                ability=c.ability if c.ability is not None else -1,
                targets=[[look(t) or t for t in group] for group in c.targets],
                awakened=c.awakened,
                choice=c.choice,
            )
        )
    s.counter = len(position.chase)
    s.turn = turn
    s.turn_player = position.turn_player
    s.first_player = _default_first(position)
    s.phase = position.phase
    s.step = position.step
    if position.phase == "main" and position.step in BATTLE_STEP_NAMES:
        b = position.battle or BattlePosition()
        s.battle = Battle(
            attacker=look(b.attacker),
            target=look(b.target),
            blocker=look(b.blocker),
            first_strike_dealt=b.first_strike_dealt,
            opponent_acted=b.opponent_acted,
            declared="ev:1" if b.attacker else "",
            block_declared="ev:1" if b.blocker else "",
        )
    s.no_more_battle = position.no_more_battle
    s.passes = position.passes
    s.pending = Pending(kind="priority", player=position.priority or position.turn_player)
    return s


def from_state(state: GameState) -> Position:
    """The position of a game waiting for a player's priority.  Raises
    :class:`PositionNotRepresentableError` naming what a position cannot express
    (continuous effects, waiting triggers, once-per-turn uses, a pending choice, ...)."""
    s = state
    problems: list[str] = []
    if s.finished:
        problems.append("the game is over")
    if s.pending is None or s.pending.kind != "priority":
        problems.append(f"the game waits for {s.pending.kind if s.pending else 'nothing'}, not for priority")
    if (s.phase, s.step) not in PRIORITY_STEPS:
        problems.append(f"step {s.phase}/{s.step} has no priority sequence a position can start from")
    if s.effects:
        problems.append(f"{len(s.effects)} continuous effect(s) created by resolved effects")
    if s.triggered:
        problems.append(f"{len(s.triggered)} triggered ability(ies) waiting to be played")
    if any(p.once_per_turn_used for p in s.players.values()):
        problems.append("abilities already played this turn under a once-per-turn limit")
    if any(s.zones[p]["outside"] for p in s.order):
        problems.append(
            "cards outside the game (the set-up not finished, or a sideboard, 3.16 p1: positions have no such zone)"
        )
    if any(c.resolved_effects or c.kind not in ("card", "ability", "judgment") for c in s.chase):
        problems.append("a chase item that is partly resolved or of a kind positions do not express")
    if any((o.pseudo and o.zone != "none") or o.copy_of is not None for o in s.objects.values()):
        problems.append(
            "a copy - a pseudo-card or a card that became a copy (FoW-5.5 10.16) - which positions do not express"
        )
    if any(c.modes for c in s.chase):
        problems.append("a chase item with chosen modes (FoW-5.5 9.3 p2.3), which positions do not express")
    if problems:
        raise PositionNotRepresentableError("; ".join(problems))
    paths: dict[str, str] = {}
    for i, pid in enumerate(s.order):
        for zone in ENTRY_ORDER_ALL:
            oids = s.zones[pid][zone]
            for j, oid in enumerate(oids[::-1] if zone in ORDERED else oids):
                paths[oid] = f"players[{i}].{zone}[{j}]"
    for k, item in enumerate(reversed(s.chase)):
        paths[item.id] = f"chase[{k}]"

    def ref(x: str | None) -> str | None:
        return None if x is None else (x if x in s.players else paths.get(x, x))

    def permanent(oid: str, controller: str) -> Permanent:
        o = s.objects[oid]
        return Permanent(
            card=o.card,
            side=o.side,
            rested=o.rested,
            damage=o.damage,
            counters=dict(o.counters),
            attached_to=ref(o.attached_to),
            owner=o.owner if o.owner != controller else None,
            entered_this_turn=o.entered_turn >= s.turn or o.control_turn >= s.turn,
        )

    players = []
    for pid in s.order:
        p = s.players[pid]
        z = s.zones[pid]
        players.append(
            PlayerPosition(
                id=pid,
                life=p.life,
                will=list(p.will),
                restricted_will=[
                    RestrictedWill(will=w["will"], spend_only=[SpendUse.model_validate(u) for u in w["spend_only"]])
                    for w in p.restricted_will
                ],
                ruler_area=[permanent(o, pid) for o in z["ruler_area"]],
                field=[permanent(o, pid) for o in z["field"]],
                stone_area=[permanent(o, pid) for o in z["stone_area"]],
                hand=[s.objects[o].card for o in z["hand"]],
                main_deck=[s.objects[o].card for o in z["main_deck"][::-1]],
                stone_deck=[s.objects[o].card for o in z["stone_deck"][::-1]],
                graveyard=[s.objects[o].card for o in z["graveyard"][::-1]],
                lifebreak=[s.objects[o].card for o in z["lifebreak"][::-1]],
                standby=[
                    StandbyCard(card=s.objects[o].card, put_this_turn=s.objects[o].standby_turn >= s.turn)
                    for o in z["standby"][::-1]
                ],
                removed=[RemovedCard(card=s.objects[o].card, face_down=s.objects[o].face_down) for o in z["removed"]],
                judgment_this_turn=p.judgment_turn == s.turn,
                called_stone_this_turn=p.called_stone_turn == s.turn,
                gods_arts_used=list(p.gods_arts_used),
            )
        )
    chase = []
    for item in reversed(s.chase):
        targets = [[ref(t) or t for t in group] for group in item.targets]
        common: dict[str, Any] = {"controller": item.controller, "targets": targets, "awakened": item.awakened}
        if item.choice is not None:
            common["choice"] = item.choice
        if item.kind == "card":
            o = s.objects[item.source]
            chase.append(
                ChaseEntry(
                    kind="card",
                    card=o.card,
                    owner=o.owner if o.owner != item.controller else None,
                    side="future" if o.side == "future" else "front",
                    **common,
                )
            )
        else:
            ability = item.ability if item.kind == "ability" else None
            chase.append(ChaseEntry(kind=item.kind, source=ref(item.source), ability=ability, **common))
    battle = None
    if s.battle is not None:
        b = s.battle
        battle = BattlePosition(
            attacker=ref(b.attacker),
            target=ref(b.target),
            blocker=ref(b.blocker),
            first_strike_dealt=b.first_strike_dealt,
            opponent_acted=b.opponent_acted,
        )
    assert s.pending is not None
    return Position(
        format=FORMAT,
        ruleset=s.ruleset,
        variant=s.variant,
        turn=s.turn,
        turn_player=s.turn_player,
        first_player=s.first_player,
        phase=s.phase,
        step=s.step,
        priority=s.pending.player,
        passes=s.passes,
        no_more_battle=s.no_more_battle,
        players=players,
        chase=chase,
        battle=battle,
    )


# --- validation -------------------------------------------------------------------------------------

_ZONE_RULES: dict[str, dict[str, str]] = {
    # zone -> card type -> the rule that keeps that type out of the zone
    "main_deck": {"ruler": "3.15 p1", "j_ruler": "3.15 p2", "magic_stone": "3.15 p5"},
    "hand": {"ruler": "3.15 p1", "j_ruler": "3.15 p2", "magic_stone": "3.15 p5"},
    "lifebreak": {"ruler": "3.15 p1", "j_ruler": "3.15 p2", "magic_stone": "4.1 p3"},
    "standby": {"ruler": "3.15 p1", "j_ruler": "3.15 p2", "magic_stone": "7.6 p1"},
    "stone_deck": {
        "ruler": "3.15 p1",
        "j_ruler": "3.15 p2",
        "resonator": "3.15 p3",
        "addition": "3.15 p3",
        "regalia": "3.15 p3",
        "spell": "3.15 p4",
    },
    "stone_area": {
        "ruler": "3.15 p1",
        "j_ruler": "3.15 p2",
        "resonator": "3.15 p3",
        "addition": "3.15 p3",
        "regalia": "3.15 p3",
        "spell": "3.15 p4",
    },
    "ruler_area": {
        "resonator": "3.15 p3",
        "addition": "3.15 p3",
        "regalia": "3.15 p3",
        "spell": "3.15 p4",
        "magic_stone": "3.15 p5",
    },
    "field": {"spell": "3.15 p4"},
    "graveyard": {"j_ruler": "3.15 p2"},
    "removed": {"ruler": "3.15 p1", "j_ruler": "3.15 p2"},
    "chase": {"ruler": "3.15 p1", "j_ruler": "3.15 p2", "magic_stone": "6.3 p1"},
}

_ZONE_NAMES = {
    "main_deck": "main deck",
    "stone_deck": "magic stone deck",
    "stone_area": "magic stone area",
    "ruler_area": "ruler area",
    "lifebreak": "lifebreak area",
    "standby": "chant-standby area",
    "removed": "removed area",
    "chase": "chase area",
}


class _Checker:
    def __init__(self, ruleset: str, variant: str, cards: Mapping[str, Card]) -> None:
        self.v = version(ruleset)
        self.ruleset = ruleset
        self.variant = variant
        self.cards = cards
        self.errors: list[PositionError] = []
        self._version_checked: set[str] = set()

    def err(self, code: str, path: str, rule: str | None, message: str) -> None:
        self.errors.append(PositionError(code, path, self.v.cite(rule) if rule else None, message))

    def card(self, cid: str, path: str, zone: str) -> Card | None:
        card = self.cards.get(cid)
        if card is None:
            self.err("position/unknown_card", path, "4.1 p1", f"there is no card {cid!r} in the {self.ruleset} catalog")
            return None
        self._check_version(card, path)
        if card.type == "j_ruler" and zone in ("field", "ruler_area"):
            self.err(
                "position/forbidden_zone",
                path,
                "7.5 p3",
                f"{card.name} ({cid}) is the J-ruler side of a ruler: name the ruler card with side 'j_ruler'",
            )
            return None
        rule = _ZONE_RULES.get(zone, {}).get(card.type)
        if rule is not None:
            where = _ZONE_NAMES.get(zone, zone)
            self.err(
                "position/forbidden_zone",
                path,
                rule,
                f"{card.name} ({cid}) is a {card.type} and cannot be in a {where}",
            )
            return None
        return card

    def _check_version(self, card: Card, path: str) -> None:
        if card.id in self._version_checked:
            return
        self._version_checked.add(card.id)
        from domain.fow.engine import check_version  # the engine imports this module

        try:
            check_version(Ctx(GameState(ruleset=self.ruleset), "position"), [card])
        except RejectedError as exc:
            r = exc.rejection
            self.errors.append(PositionError("position/not_in_ruleset", path, r.rule, r.message))


def _count(c: _Checker, position: Position, owned: Mapping[str, list[tuple[str, Card]]], ids: Sequence[str]) -> None:
    """Deck construction invariants (4.1): cards never leave the game, so what a player
    owns anywhere is still their legal deck plus their ruler."""
    for i, pid in enumerate(ids):
        if not pid:
            continue  # a card of theirs could not be read: counting would only repeat that
        mine = owned.get(pid, [])
        rulers = [card for _, card in mine if card.type == "ruler"]
        if len(rulers) != 1:
            c.err(
                "position/impossible_count",
                f"players[{i}]",
                "4.1 p2",
                f"{pid} owns {len(rulers)} ruler cards; every player has exactly one",
            )
        main = [card for _, card in mine if card.type not in ("ruler", "j_ruler", "magic_stone")]
        if len(main) < 40:
            c.err(
                "position/impossible_count",
                f"players[{i}]",
                "4.1 p3",
                f"{pid} owns {len(main)} main deck cards in all zones; a main deck has at least 40 "
                "(list the whole deck)",
            )
        stones = [card for _, card in mine if card.type == "magic_stone"]
        if not 10 <= len(stones) <= 20:
            c.err(
                "position/impossible_count",
                f"players[{i}]",
                "4.1 p4",
                f"{pid} owns {len(stones)} magic stones in all zones; a magic stone deck has 10 to 20",
            )
        names = Counter(
            card.name
            for _, card in mine
            if card.type not in ("ruler", "j_ruler")
            and not (card.type == "magic_stone" and not card.special)
            and card.id not in UNKNOWN_IDS
        )
        for name, n in sorted(names.items()):
            if n > 4:
                c.err(
                    "position/impossible_count",
                    f"players[{i}]",
                    "4.1 p5",
                    f"{pid} owns {n} copies of {name}; a deck holds at most 4",
                )


def validate(
    position: Position,
    catalog: Mapping[str, Card] | Mapping[str, Mapping[str, Any]],
    ruleset: str,
    variant: str,
    players: Sequence[str] | None = None,
) -> list[PositionError]:
    """Every reason ``position`` cannot be a moment of a game under ``ruleset`` and
    ``variant`` (``players``: the ids the game is created for).  Empty when it is valid."""
    cards = _cards(catalog)
    c = _Checker(ruleset, variant, cards)
    v = c.v
    position, filled = fill(position)
    c.errors += [PositionError(e.code, e.path, c.v.cite(e.rule) if e.rule else None, e.message) for e in filled]
    if ruleset not in VERSIONS:
        c.err("position/unknown_ruleset", "ruleset", None, f"unknown ruleset {ruleset!r}")
        return c.errors
    if position.ruleset is not None and position.ruleset != ruleset:
        c.err("position/ruleset_mismatch", "ruleset", "1.2 p3", f"the position is of {position.ruleset}, not {ruleset}")
    if position.variant is not None and position.variant != variant:
        c.err("position/variant_mismatch", "variant", "1.2 p3", f"the position is of {position.variant}, not {variant}")
    ids = [p.id for p in position.players]
    if len(ids) != 2 or len(set(ids)) != 2:
        c.err("position/players", "players", "1.1 p1", "a position has exactly two players with distinct ids")
        return c.errors
    if players is not None and sorted(players) != sorted(ids):
        c.err("position/players_mismatch", "players", "1.1 p1", f"the position's players {ids} are not {list(players)}")
    for name, who in (("turn_player", position.turn_player), ("first_player", position.first_player)):
        if who is not None and who not in ids:
            c.err("position/unknown_player", name, "1.1 p1", f"{who!r} is not one of the players {ids}")
    if position.priority is not None and position.priority not in ids:
        c.err("position/unknown_player", "priority", "6.1 p1.3", f"{position.priority!r} is not one of {ids}")
    if position.turn < 1:
        c.err("position/impossible_count", "turn", "4.2 p7", f"turn {position.turn}: turns are numbered from 1")
    elif position.turn == 1 and position.first_player not in (None, position.turn_player):
        c.err("position/impossible_state", "first_player", "4.2 p7", "the first player is the turn player of turn 1")
    if position.passes not in (0, 1):
        c.err(
            "position/impossible_count",
            "passes",
            "6.4 p1.2",
            "after two consecutive passes the priority sequence ends: passes is 0 or 1",
        )
    step = (position.phase, position.step)
    if step == ("end", "cleanup"):
        c.err("position/unsupported_step", "step", "5.4 p5", "the final step of the end phase has no priority sequence")
    elif step not in PRIORITY_STEPS:
        known = ", ".join(f"{p}/{s}" for p, s in PRIORITY_STEPS)
        c.err(
            "position/unknown_step", "step", "5", f"unknown phase/step {position.phase}/{position.step}; known: {known}"
        )
    in_battle = position.phase == "main" and position.step in BATTLE_STEP_NAMES
    if position.battle is not None and not in_battle:
        c.err("position/impossible_state", "battle", "7.4 p1", "a battle is given, but the step is not a battle step")
    if position.no_more_battle and position.phase != "main":
        c.err("position/impossible_state", "no_more_battle", "8.2 p6", "no_more_battle applies to the main phase only")
    refs, items = _oids(position)
    owned: dict[str, list[tuple[str, Card]]] = {pid: [] for pid in ids}
    for i, p in enumerate(position.players):
        base = f"players[{i}]"
        if p.life <= 0:
            rule = "13.1 p1"
            c.err(
                "position/impossible_count", f"{base}.life", rule, f"{p.id} has {p.life} life: the game is already over"
            )
        for k, w in enumerate(p.restricted_will):
            if w.will == "M" and not c.v.moon_will:  # 9.7 p5 lists the wills there are
                path = f"{base}.restricted_will[{k}].will"
                c.err("position/not_in_ruleset", path, "9.7 p5", f"moon will does not exist under {c.ruleset}")
        if p.lifebreak and variant != "valhalla":
            c.err(
                "position/forbidden_zone",
                f"{base}.lifebreak",
                "1.2 p2",
                f"the lifebreak area exists only under the Valhalla rule, not {variant}",
            )
        for zone in ENTRY_ORDER_ALL:
            for j, entry in enumerate(getattr(p, zone)):
                path = f"{base}.{zone}[{j}]"
                cid = entry if isinstance(entry, str) else entry.card
                card = c.card(cid, path, zone)
                owner = (getattr(entry, "owner", None) or p.id) if zone in PLAYGROUND_ZONES else p.id
                if owner not in ids:
                    c.err("position/unknown_player", f"{path}.owner", "1.5 p2", f"{owner!r} is not one of {ids}")
                    continue
                if card is None:
                    continue
                owned[owner].append((path, card))
                if isinstance(entry, Permanent):
                    _check_permanent(c, entry, card, path, zone)
                if (
                    zone == "standby"
                    and not v.standby_any_card
                    and card.subtype != "chant_standby"
                    and card.id not in UNKNOWN_IDS
                ):
                    c.err(
                        "position/forbidden_zone",
                        path,
                        "6.3 p2.4",
                        f"only [Spell:Chant-standby] cards are put into the chant-standby area under {ruleset}",
                    )
    for k, entry in enumerate(position.chase):
        path = f"chase[{k}]"
        if entry.controller not in ids:
            c.err(
                "position/unknown_player", f"{path}.controller", "3.14 p2", f"{entry.controller!r} is not one of {ids}"
            )
            continue
        if entry.kind == "card":
            if entry.card is None:
                c.err("position/malformed", f"{path}.card", None, "a card in the chase area needs 'card'")
                continue
            owner = entry.owner or entry.controller
            card = c.card(entry.card, f"{path}.card", "chase")
            if owner not in ids:
                c.err("position/unknown_player", f"{path}.owner", "1.5 p2", f"{owner!r} is not one of {ids}")
            elif card is not None:
                owned[owner].append((path, card))
        elif entry.kind in ("ability", "judgment"):
            if entry.source is None or entry.source not in refs:
                c.err(
                    "position/bad_reference",
                    f"{path}.source",
                    None,
                    f"{entry.kind} source {entry.source!r} must reference a card, e.g. 'players[0].field[1]'",
                )
        else:
            c.err(
                "position/unsupported_chase_item",
                f"{path}.kind",
                "3.13 p1",
                f"chase items of kind {entry.kind!r} cannot be reconstructed; use card, ability or judgment",
            )
        for g, group in enumerate(entry.targets):
            for t, target in enumerate(group):
                if _resolve(target, refs, items, ids) is None:
                    c.err(
                        "position/bad_reference",
                        f"{path}.targets[{g}][{t}]",
                        None,
                        f"target {target!r} is neither a player id nor a reference such as 'players[1].field[0]'",
                    )
    _check_refs(c, position, refs, ids)
    # every check runs: the deck counts of a player skip only when one of their cards could
    # not be read (the card's own error says why), and the checks on the described state
    # only when some card or reference names nothing (there is no state to check then)
    unreadable = {e.path for e in c.errors if e.code in _UNREADABLE}
    _count(c, position, owned, [pid if not _has_error(unreadable, i) else "" for i, pid in enumerate(ids)])
    if not unreadable and not any(e.code in _NO_STATE for e in c.errors):
        state = to_state(position, cards, ruleset=ruleset, variant=variant)
        _check_state(c, position, state, refs, items)
    return c.errors


_UNREADABLE = ("position/unknown_card", "position/forbidden_zone", "position/unknown_player", "position/malformed")
_NO_STATE = ("position/bad_reference", "position/players", "position/unknown_step", "position/unsupported_chase_item")


def _has_error(paths: Iterable[str], i: int) -> bool:
    return any(p.startswith(f"players[{i}].") for p in paths) or any(p.startswith("chase[") for p in paths)


def _check_permanent(c: _Checker, entry: Permanent, card: Card, path: str, zone: str) -> None:
    v = c.v
    if entry.side == "j_ruler":
        if card.type != "ruler" or card.judgment is None:
            c.err("position/impossible_state", f"{path}.side", "7.5 p3", f"{card.name} has no J-ruler side")
    elif entry.side == "future":
        if card.other_side is None:
            c.err("position/impossible_state", f"{path}.side", "14.3 p1", f"{card.name} has no other side")
    elif card.type == "ruler" and zone == "field":
        c.err(
            "position/forbidden_zone",
            path,
            "3.15 p1",
            f"{card.name} is a ruler: in a field it can only be J-ruler side up (side 'j_ruler')",
        )
    if entry.damage < 0:
        c.err("position/impossible_count", f"{path}.damage", "10.6 p1", f"damage cannot be negative ({entry.damage})")
    j_resonator = zone == "field" and (card.type == "resonator" or entry.side == "j_ruler")
    if entry.damage > 0 and not j_resonator:
        c.err(
            "position/impossible_state", f"{path}.damage", "10.6 p1", f"only J/resonators have damage, not {card.name}"
        )
    if entry.counters and not v.counters:
        c.err("position/not_in_ruleset", f"{path}.counters", "10.21 p1", f"counters do not exist under {c.ruleset}")
    for name, n in entry.counters.items():
        if n < 1:
            c.err(
                "position/impossible_count",
                f"{path}.counters.{name}",
                "10.21 p1",
                f"{n} {name} counters: list only counters present",
            )
    is_addition = card.type == "addition" and card.subtype != "field"
    if entry.attached_to is not None and not is_addition:
        c.err(
            "position/impossible_state",
            f"{path}.attached_to",
            "10.1 p1",
            f"{card.name} is not an addition added to a card (only [Addition] other than Field are)",
        )
    if is_addition and zone != "field":
        c.err("position/forbidden_zone", path, "10.1 p1", f"an addition is added in a field, not in a {zone}")


def _check_refs(c: _Checker, position: Position, refs: Mapping[str, str], ids: Sequence[str]) -> None:
    for i, p in enumerate(position.players):
        for zone in PLAYGROUND_ZONES:
            for j, entry in enumerate(getattr(p, zone)):
                host = entry.attached_to
                if host is not None and not re.fullmatch(r"players\[\d+\]\.(field|ruler_area)\[\d+\]", host):
                    c.err(
                        "position/bad_reference",
                        f"players[{i}].{zone}[{j}].attached_to",
                        "13.3 p1",
                        f"{host!r}: an addition is added to a card in a field or ruler area, "
                        "e.g. 'players[1].field[0]'",
                    )
                elif host is not None and host not in refs:
                    c.err(
                        "position/bad_reference", f"players[{i}].{zone}[{j}].attached_to", None, f"no card at {host!r}"
                    )
    b = position.battle
    if b is None:
        return
    tp = position.turn_player
    opp = next((p for p in ids if p != tp), tp)
    tp_i = ids.index(tp) if tp in ids else 0
    opp_i = ids.index(opp) if opp in ids else 1
    if b.attacker is not None and not (b.attacker.startswith(f"players[{tp_i}].field[") and b.attacker in refs):
        c.err(
            "position/bad_reference", "battle.attacker", "8.2 p3.1", "the attacker is a card in the turn player's field"
        )
    if (
        b.target is not None
        and b.target != opp
        and not (b.target.startswith(f"players[{opp_i}].field[") and b.target in refs)
    ):
        c.err(
            "position/bad_reference",
            "battle.target",
            "8.2 p3.2",
            "the attacked object is the opponent or a card in their field",
        )
    if b.blocker is not None and not (b.blocker.startswith(f"players[{opp_i}].field[") and b.blocker in refs):
        c.err(
            "position/bad_reference", "battle.blocker", "8.3 p3", "the blocker is a card in the non-turn player's field"
        )
    step = position.step
    if b.attacker is not None and step not in ATTACK_DECLARED_OR_LATER:
        c.err("position/impossible_state", "battle.attacker", "8.2 p3", f"no attack is declared yet in step {step}")
    if (b.attacker is None) != (b.target is None):
        c.err(
            "position/impossible_state",
            "battle.target",
            "8.2 p3",
            "an attack names both the attacker and the attacked object",
        )
    if b.blocker is not None and (step not in BLOCK_DECLARED_OR_LATER or b.attacker is None):
        c.err("position/impossible_state", "battle.blocker", "8.3 p3", f"no block is declared yet in step {step}")


def _check_state(
    c: _Checker, position: Position, s: GameState, refs: Mapping[str, str], items: Mapping[str, str]
) -> None:
    """Checks that need characteristics: pending rule processes, battle and chase targets."""
    path_of = {oid: path for path, oid in refs.items()}
    path_of.update({iid: path for path, iid in items.items()})
    if s.battle is not None:
        for role, oid, rule in (
            ("attacker", s.battle.attacker, "8.2 p3.1"),
            ("target", s.battle.target, "8.2 p3.2"),
            ("blocker", s.battle.blocker, "8.3 p3"),
        ):
            if oid is None or oid in s.players:
                continue
            chars = characteristics(s, oid)
            if not chars.types & {"resonator", "j_ruler"} or chars.atk is None or chars.def_ is None:
                c.err(
                    "position/impossible_state",
                    f"battle.{role}",
                    rule,
                    f"{chars.card.name} cannot be the {role}: only a J/resonator with ATK and DEF battles",
                )
    for kind, ref in flow._rule_process_candidates(s):
        if kind == "lose":
            continue  # reported from the document (life <= 0)
        if kind == "destroy":
            o = s.objects[ref]
            d = characteristics(s, ref).def_
            c.err(
                "position/impossible_count",
                f"{path_of[ref]}.damage",
                "13.2 p1" if d is not None and d > 0 else "13.2 p2",
                f"{s.card_of(ref).name} has {o.damage} damage and DEF {d}: "
                "a rule process would already have destroyed it",
            )
        elif kind == "illegal_addition":
            c.err(
                "position/impossible_state",
                f"{path_of[ref]}.attached_to",
                "13.3 p1",
                f"{s.card_of(ref).name} is not added to a legal card: a rule process would already have put it "
                "into the graveyard",
            )
        elif kind == "excess_lifebreak":
            i = s.order.index(ref)
            c.err(
                "position/impossible_count",
                f"players[{i}].lifebreak",
                "13.4 p1",
                f"{ref}'s lifebreak area holds {len(s.zones[ref]['lifebreak'])} cards; at most {flow.MAX_LIFEBREAK}",
            )
    for k, item in enumerate(reversed(s.chase)):
        path = f"chase[{k}]"
        entry = position.chase[k]
        if item.kind == "card":
            card = s.card_of(item.source)
            effects = list(card.effects) + (list(card.awakening.effects) if item.awakened and card.awakening else [])
            if card.type == "addition" and card.subtype != "field":
                groups = [actions.addition_target(card.subtype)]
            elif card.type == "spell":
                groups = actions.chosen_groups(effects)
            else:
                groups = []
        elif item.kind == "judgment":
            src = s.objects[item.source]
            ruler = s.cards[src.card]
            if src.zone != "ruler_area" or effective_type(s, item.source) != "ruler" or ruler.judgment is None:
                c.err(
                    "position/impossible_state",
                    f"{path}.source",
                    "7.5 p1",
                    "judgment is performed by a ruler in a ruler area",
                )
            elif src.controller != item.controller:
                c.err(
                    "position/impossible_state",
                    f"{path}.controller",
                    "7.5 p1",
                    "judgment is performed by the ruler's controller",
                )
            groups = []
        else:
            abilities = s.card_of(item.source).abilities
            if entry.ability is None or not 0 <= entry.ability < len(abilities):
                c.err(
                    "position/bad_reference",
                    f"{path}.ability",
                    "7.8 p2",
                    f"{s.card_of(item.source).name} has {len(abilities)} abilities; give the index of the one played",
                )
                continue
            groups = actions.chosen_groups(abilities[entry.ability].effects)
        if len(item.targets) != len(groups):
            c.err(
                "position/impossible_state",
                f"{path}.targets",
                "9.3 p2.4",
                f"this chase item chose {len(groups)} target group(s); {len(item.targets)} given",
            )
            continue
        for g, (group, target) in enumerate(zip(item.targets, groups, strict=True)):
            legal = actions.legal_targets(s, target, item.controller, item.source)
            for t, chosen in enumerate(group):
                if chosen not in legal:
                    c.err(
                        "position/impossible_state",
                        f"{path}.targets[{g}][{t}]",
                        "9.3 p2.4",
                        f"{entry.targets[g][t]} is not a legal target of this chase item",
                    )


# --- the engine's start path ------------------------------------------------------------------


def _cards(catalog: Mapping[str, Card] | Mapping[str, Mapping[str, Any]]) -> dict[str, Card]:
    cards = {cid: c if isinstance(c, Card) else parse_card(c) for cid, c in catalog.items()}
    for cid, data in PLACEHOLDERS.items():
        cards.setdefault(cid, parse_card(data))
    return cards


def used_cards(position: Position, cards: Mapping[str, Card]) -> dict[str, Card]:
    """The cards the position names, with J-ruler sides and other sides."""
    ids: list[str] = []
    for p in position.players:
        for zone in ENTRY_ORDER_ALL:
            ids += [e if isinstance(e, str) else e.card for e in getattr(p, zone)]
    ids += [c.card for c in position.chase if c.card is not None]
    used: dict[str, Card] = {}
    todo = list(dict.fromkeys(ids))
    while todo:
        cid = todo.pop(0)
        if cid in used or cid not in cards:
            continue
        used[cid] = cards[cid]
        card = cards[cid]
        todo += [r for r in (card.judgment.j_ruler if card.judgment else None, card.other_side) if r is not None]
    return dict(sorted(used.items()))


def reconstruct(
    spec: GameSpec, data: Any, catalog: Mapping[str, Mapping[str, Any]]
) -> tuple[list[Event], list[PositionError]]:
    """The events that start a game from a declared position, or why it is refused.

    One ``PositionReconstructed`` event (rule: the set-up, FoW-5.5 4.2, which it replaces)
    carries the position itself; ``evolve`` builds the state from it with :func:`to_state`.
    Decks listed under ``shuffle`` are then shuffled with the seed (``DeckShuffled``)."""
    position, errors = parse(data)
    if position is None:
        return [], errors
    try:
        cards = _cards(catalog)
    except CardDataError as exc:
        return [], [
            PositionError("cards/invalid", "$", version(spec.ruleset).cite(exc.rule) if exc.rule else None, str(exc))
        ]
    if spec.variant not in ("valhalla", "bifrost"):
        return [], [PositionError("position/unknown_variant", "variant", None, "variant must be valhalla or bifrost")]
    declared = position
    errors = validate(declared, cards, spec.ruleset, spec.variant, [p.id for p in spec.players])
    if not errors:  # the unknown cards dealt with the game's seed (validated above with seed 0)
        position, _ = fill(declared, spec.seed)
        errors = validate(position, cards, spec.ruleset, spec.variant, [p.id for p in spec.players])
    if errors:
        return [], errors
    used = used_cards(position, cards)
    ctx = Ctx(GameState(ruleset=spec.ruleset), f"cmd:create:{spec.game_id}")
    from domain.fow.engine import check_unsupported  # the engine imports this module

    try:
        manual = check_unsupported(ctx, spec.unsupported, used.values())
    except RejectedError as exc:
        r = exc.rejection
        return [], [PositionError(r.code, "$", r.rule, r.message)]
    names = {p.id: p.name for p in spec.players}
    canonical = position.model_dump(mode="json", exclude_defaults=True)
    canonical.update(ruleset=spec.ruleset, variant=spec.variant)
    cause = ctx.emit(
        EVENT,
        {
            "game_id": spec.game_id,
            "ruleset": spec.ruleset,
            "variant": spec.variant,
            "seed": spec.seed,
            "seed_commitment": seed_commitment(spec.game_id, spec.seed),
            "players": [{"id": p.id, "name": names.get(p.id, p.id)} for p in position.players],
            "cards": {cid: c.model_dump(mode="json", by_alias=True, exclude_unset=True) for cid, c in used.items()},
            "reconstructed": True,
            "position": canonical,
            **({"declared": declared.model_dump(mode="json", exclude_defaults=True)} if declared != position else {}),
            **({"unsupported": "manual", "manual": manual} if manual else {}),
        },
        "4.2",
    )
    for p in position.players:
        for zone in dict.fromkeys(p.shuffle):
            cause = actions.shuffle(ctx, p.id, zone, list(ctx.s.zones[p.id][zone]), cause, rule="4.2 p1")
    return ctx.events, []


@handles(EVENT)
def _position_reconstructed(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    cards = {cid: parse_card(c) for cid, c in d["cards"].items()}
    position = Position.model_validate(d["position"])
    names = {p["id"]: p["name"] for p in d["players"]}
    built = to_state(
        position,
        cards,
        ruleset=d["ruleset"],
        variant=d["variant"],
        game_id=d["game_id"],
        seed=d["seed"],
        names=names,
    )
    for f in fields(GameState):
        setattr(s, f.name, getattr(built, f.name))


# --- what players may see of the event ------------------------------------------------------------


def redact(data: Mapping[str, Any], viewer: str) -> dict[str, JSON]:
    """``PositionReconstructed`` as ``viewer`` may see it (3.1 p2): their own hand and
    chant-standby area; of every deck, lifebreak area and the opponent's hand and
    chant-standby area only the number of cards; the opponent's face-down removed cards
    without their name; no seed."""
    d = dict(data)
    d.pop("seed", None)
    d.pop("declared", None)  # the judge's declaration (what was known): the judge's view only
    position = dict(d["position"])
    shown = []
    for p in position.get("players", []):
        p = dict(p)
        mine = p.get("id") == viewer
        for zone in ("main_deck", "stone_deck", "lifebreak", *(() if mine else ("hand", "standby"))):
            if zone in p:
                p[zone] = {"count": len(p[zone])}
        if not mine:
            p.pop("decklist", None)
        if not mine and "removed" in p:
            p["removed"] = [
                {"card": None, "face_down": True} if isinstance(r, Mapping) and r.get("face_down") else r
                for r in p["removed"]
            ]
        shown.append(p)
    position["players"] = shown
    d["position"] = position
    # card data is public, but which cards exist in hidden zones is not: keep only the public ones
    visible: set[str] = set()
    for p in shown:
        for zone in ("ruler_area", "field", "stone_area", "graveyard", "removed", "hand", "standby"):
            entries = p.get(zone)
            if isinstance(entries, list):
                visible |= {e if isinstance(e, str) else str(e.get("card")) for e in entries}
    for c in position.get("chase", []):
        if c.get("card"):
            visible.add(c["card"])
    cards = dict(d["cards"])
    sides = {
        ref
        for cid in visible
        if cid in cards
        for ref in ((cards[cid].get("judgment") or {}).get("j_ruler"), cards[cid].get("other_side"))
        if ref
    }
    d["cards"] = {cid: c for cid, c in cards.items() if cid in visible | sides}
    return d
