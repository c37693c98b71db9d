"""Luck & Logic game state and ``evolve``: how each recorded event changes the state.

``apply_event`` mutates a state in place and is the only code that changes game state;
``decide`` (in ``engine``) works on a private copy and produces events by applying them
to that copy (``context.Ctx.emit``), so the live state and a replay of the stored events
agree by construction.  Nothing here checks rules: replay trusts the recorded events.

Zones (LL-2.04 4): every player has one instance of each zone in :data:`ZONES`.  The six
circles (4.2) and six Gate Zones (4.3) are the zones ``circle`` and ``gate``; a card there
records its location(s) in ``Obj.circles`` (4.4.2.3; several for territory 2 or 4).  Soul
cards (4.15) record the member they belong to in ``Obj.soul_of``; Set cards (5.24) the
card they are Set to in ``Obj.set_to``.  The end of an ordered zone's list is its top.

The Resolution Zone (4.16, ``resolution``) holds what is being resolved: a member card while
it is played (Deploy or Trance by the rules: 9.6.2, placed on its circles when its playing
resolves, 5.12.2) is a card in that zone; an ability being resolved (9.6.2.4) is a
:class:`Frame` of its controller, and :meth:`GameState.resolution_zone` lists both in their order
(4.16.1.2).
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from domain.kernel import (
    JSON,
    Event,
    EventHandlers,
    GameStateBase,
    Stored,
    compile_copy,
    compile_deep_copy,
    copy_json,
    header_fields,
)
from domain.ll.cards import Card, parse_card

ZONES = (
    "deck",
    "gate_deck",
    "hand",
    "level",
    "stock",
    "drop",
    "remove",
    "refresh",
    "battle",
    "paradox",
    "intercept",
    "soul",
    "purge",
    "my_logicalist",
    "tool",
    "circle",
    "gate",
    "resolution",
)
FIELD = ("circle", "gate")
"""The Field is the circles and the Gate Zones (4.4.1)."""
OPEN_ZONES = frozenset(
    {
        "circle",
        "level",
        "drop",
        "remove",
        "battle",
        "paradox",
        "intercept",
        "soul",
        "purge",
        "my_logicalist",
        "resolution",
    }
)
"""Open zones (4.1.2); the others are closed."""


@dataclass(slots=True)
class Obj:
    """A physical card.  ``oid`` is stable for the whole game; ``placed`` is the seq of
    the event that last put it into its zone (a new card in a new zone, 4.1.5)."""

    oid: str
    card: str
    owner: str
    zone: str
    face_down: bool = False
    rested: bool = False
    circles: list[str] = field(default_factory=list)
    soul_of: str | None = None
    set_to: str | None = None
    placed: int = 0
    entered_turn: int = 0
    make_up_turn: int = 0
    """The turn it entered the Field via Make Up (11.11.3)."""
    last_known: dict[str, Any] | None = None
    """Final information (9.11): how the card was in the zone it last left."""


@dataclass(slots=True)
class PlayerState:
    id: str
    name: str
    refresh_points: int = 0
    t_rank: int = 0
    trances: int = 0
    trance_changes: int = 0
    logic_drive_used: bool = False
    attacks: int = 0
    once_per_turn_used: list[str] = field(default_factory=list)
    redraw_done: bool = False
    lost: str | None = None


@dataclass(slots=True)
class Battle:
    """One battle (8.1.2): from the Attack Declaration Step to the End of Battle Step."""

    attack_no: int = 0
    player: str = ""
    attacker: str | None = None
    circle: str | None = None
    """The circle being attacked (8.2.6.2): a location of the non-turn player."""
    defender: str | None = None
    attacker_placed: int = 0
    defender_placed: int = 0
    """When the members in battle were placed: a card that leaves and comes back is a new
    card (4.1.5) and no longer the attacking / defending member (8.2.9.4, 8.2.11.2.1)."""
    declared: str = ""
    ld_passes: int = 0
    boosted: str | None = None
    """The player who just performed Level Boost and must now perform Logic Definition."""
    result: dict[str, Any] | None = None


@dataclass(slots=True)
class Primed:
    """An auto ability whose trigger condition was met, waiting to be played (9.7.2)."""

    id: str
    controller: str
    source: str
    ability: int
    trigger: str
    cause: str
    info: dict[str, Any] = field(default_factory=dict)
    delayed: dict[str, Any] | None = None
    """For a delayed trigger (9.7.5): where its effects are (``ref``, ``ability``, ``path``)."""


@dataclass(slots=True)
class Frame:
    """An ability or keyword effect being resolved (9.6.2.4).  ``path`` indexes into nested
    "for every" effects (12.5); ``resume`` is where the game continues once the outermost
    frame is done."""

    id: str
    controller: str
    source: str
    ref: str  # ability | tool_skill | make_up
    ability: int = -1
    path: list[int] = field(default_factory=list)
    index: int = 0
    repeat: int = 1
    iteration: int = 0
    choice: Any = None
    chosen: list[str] = field(default_factory=list)
    resume: list[Any] = field(default_factory=list)
    synth: list[str] = field(default_factory=list)
    info: dict[str, Any] = field(default_factory=dict)
    paid: bool | None = None
    played: int = 0
    """The seq of the event that played the ability: its timestamp (9.9.1.7.2)."""


@dataclass(slots=True)
class CEffect:
    """A continuous effect created by a resolved ability (9.2.2.2)."""

    id: str
    source: str
    controller: str
    targets: list[str]
    power: int = 0
    aura: int = 0
    limit: int = 0
    heart: int = 0
    set_power: int | None = None
    auras_are_hearts: bool = False
    lose_abilities: bool = False
    gain_abilities: list[dict[str, Any]] = field(default_factory=list)
    """The abilities the targets gain (5.30.1), as card data."""
    disable: bool = False
    duration: str = "turn"
    created: int = 0
    players: list[str] = field(default_factory=list)
    """Players the effect applies to (``no_attacks``: they cannot attack, 8.2.4)."""
    no_attacks: bool = False
    timestamp: int = 0
    """When the ability creating it was played (9.9.1.7.2)."""


@dataclass(slots=True)
class DelayedTrigger:
    """An auto ability created by an effect, triggering later (9.7.5).  ``path`` locates
    its effects inside the creating ability (``ref``/``ability``)."""

    id: str
    controller: str
    source: str
    ref: str
    ability: int
    path: list[int]
    trigger: str
    scope: str = "any"
    once: bool = True
    source_placed: int = 0
    """When the source was placed: "this card" means it only while it stays there (4.1.5)."""


@dataclass(slots=True, frozen=True)
class Pending:
    """The decision the game waits for.  ``resume`` names the procedure point where the
    game continues after it (``[procedure, index]``).  Frozen, and its options and resume
    point are only read: a new decision replaces it (``ChoiceRequested``), so copies of the
    state share it."""

    kind: str
    player: str
    options: dict[str, JSON] = field(default_factory=dict)
    resume: list[Any] = field(default_factory=list)


_DELAYED_FIELDS = tuple(f.name for f in fields(DelayedTrigger))


_clone_player = compile_copy(PlayerState, {"once_per_turn_used": "list"})


_clone_obj = compile_copy(Obj)
"""A straight-line field-by-field copy (``copy.copy`` of slotted dataclasses is slow).  Lists and
dicts inside are only ever replaced, never changed in place, so they are shared."""


@dataclass(slots=True)
class GameState(GameStateBase):
    game_id: str = ""
    ruleset: str = "LL-2.04"
    variant: str = "standard"
    seq: int = 0
    seed: int = 0
    shuffles: int = 0
    cards: dict[str, Card] = field(default_factory=dict)
    objects: dict[str, Obj] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    players: dict[str, PlayerState] = field(default_factory=dict)
    zones: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    turn: int = 0
    turn_player: str = ""
    first_player: str = ""
    phase: str = "setup"
    step: str = "setup"
    battle: Battle | None = None
    pending: Pending | None = None
    primed: list[Primed] = field(default_factory=list)
    frames: list[Frame] = field(default_factory=list)
    effects: list[CEffect] = field(default_factory=list)
    delayed: list[DelayedTrigger] = field(default_factory=list)
    replacing: dict[str, Any] | None = None
    """A card's event being replaced (9.10): ``oid``, the ``event`` it now is (stocked /
    dropped), the replacement effects ``applied`` (9.10.2.3), the player's ``choice`` of the
    next one; inside an effect also its ``frame``, ``targets`` and the targets ``done``."""
    looked: dict[str, list[str]] = field(default_factory=dict)
    """Player -> the cards they are looking at (5.7, 5.23; a deck's from the top): only they
    may see them, until the part of the effect that looks ends (5.23.2)."""
    fired: list[str] = field(default_factory=list)
    """Phase/step triggers already triggered this turn or battle (7.7.2, 8.6.2)."""
    cycle_log: list[list[str]] = field(default_factory=list)
    """[state digest, action] of every main-phase action this turn: an action taken again from
    exactly the same state would repeat a perpetual cycle (12.1.1.2)."""
    loop_log: list[dict[str, Any]] = field(default_factory=list)
    """The commands performed this turn (``{player, type, args}``), from the turn player's
    first main-phase action on: a perpetual cycle is declared as the last of them (12.1.1.1)."""
    loop: dict[str, Any] | None = None
    """A declared perpetual cycle waiting for the non-turn player's answer (12.1.1.1)."""
    counter: int = 0
    """Source of fresh ids (primed abilities, frames, effects): bumped by events only."""
    finished: bool = False
    winner: str | None = None
    result: str | None = None
    fresh: set[str] = field(default_factory=set, repr=False, compare=False)
    """Copy-on-write bookkeeping (not game state): objects this state owns exclusively."""
    digest_memo: str | None = field(default=None, repr=False, compare=False)
    """Cache of ``game_state_digest`` (not game state): cleared by every event applied."""
    derived: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    """Cache of derived information (not game state), each entry ``(seq, value)``: valid
    while no further event is applied (``domain.ll.characteristics``); a clone starts empty."""

    STORED: ClassVar[dict[str, Stored]] = {
        **header_fields(Obj, PlayerState),
        "cards": Stored("cards", parse_card),
        "turn": Stored("value"),
        "turn_player": Stored("value"),
        "first_player": Stored("value"),
        "phase": Stored("value"),
        "step": Stored("value"),
        "battle": Stored("one", Battle),
        "pending": Stored("one", Pending),
        "primed": Stored("many", Primed),
        "frames": Stored("many", Frame),
        "effects": Stored("many", CEffect),
        "delayed": Stored("many", DelayedTrigger, default=[]),
        "replacing": Stored("deep", default=None),
        "looked": Stored("map_lists", default={}),
        "fired": Stored("list"),
        "cycle_log": Stored("lists", default=[]),
        "loop_log": Stored("deep", default=[]),
        "loop": Stored("deep", default=None),
        "counter": Stored("value"),
        "finished": Stored("value"),
        "winner": Stored("value"),
        "result": Stored("value"),
    }
    COPIES: ClassVar[dict[str, Any]] = {
        "objects": "dict",  # copy on write (``mut``)
        "fresh": "owned",
        "players": ("values", _clone_player),
        "zones": "zones",
        # deep copies (their lists and dicts change in place), generated: copy.deepcopy of a
        # dataclass goes through __reduce_ex__ and its memo
        "battle": ("one", compile_deep_copy(Battle)),
        "primed": ("each", compile_deep_copy(Primed)),
        "frames": ("each", compile_deep_copy(Frame)),
        "effects": ("each", compile_deep_copy(CEffect)),
        "delayed": ("each", compile_deep_copy(DelayedTrigger)),
        "replacing": "json",
        "looked": "map_lists",
        "fired": "list",
        "cycle_log": "list",
        "loop_log": "list",  # entries are never mutated
        "loop": "json",
        "digest_memo": "none",
        "derived": "empty_dict",
        "order": "list",
    }

    # --- queries used everywhere -------------------------------------------------------
    def opponent(self, player: str) -> str:
        return self.order[1] if self.order[0] == player else self.order[0]

    def zone(self, player: str, zone: str) -> list[str]:
        return self.zones[player][zone]

    def card_of(self, oid: str) -> Card:
        return self.cards[self.objects[oid].card]

    def soul(self, member: str) -> list[str]:
        owner = self.objects[member].owner
        return [o for o in self.zones[owner]["soul"] if self.objects[o].soul_of == member]

    def set_cards(self, target: str) -> list[str]:
        owner = self.objects[target].owner
        return [o for o in self.zones[owner]["circle"] if self.objects[o].set_to == target]

    def members_at(self, player: str, loc: str) -> list[str]:
        """Members (not Set cards, 5.24.6) in one of the player's circles."""
        return [
            o
            for o in self.zones[player]["circle"]
            if loc in self.objects[o].circles and self.objects[o].set_to is None and not self.objects[o].face_down
        ]

    def gate_at(self, player: str, loc: str) -> str | None:
        for o in self.zones[player]["gate"]:
            if loc in self.objects[o].circles:
                return o
        return None

    def members(self, player: str) -> list[str]:
        return [
            o for o in self.zones[player]["circle"] if self.objects[o].set_to is None and not self.objects[o].face_down
        ]

    def resolution_zone(self, player: str) -> list[str | Frame]:
        """The player's Resolution Zone (4.16.1), bottom first: the cards being played there
        and the abilities they control being resolved (a frame per played ability; the frames
        an ability pushes to repeat its effects, 12.5, are part of it), in the order they
        were put there (4.16.1.2)."""
        played: dict[int, Frame] = {}
        for f in self.frames:
            if f.controller == player:
                played.setdefault(f.played, f)
        entries: list[tuple[int, str | Frame]] = [(self.objects[o].placed, o) for o in self.zones[player]["resolution"]]
        entries += list(played.items())
        return [entry for _, entry in sorted(entries, key=lambda e: e[0])]

    def mut(self, oid: str) -> Obj:
        """The object, for changing it: objects are shared between clones until written."""
        if oid not in self.fresh:
            self.objects[oid] = _clone_obj(self.objects[oid])
            self.fresh.add(oid)
        return self.objects[oid]


# --- serialisation --------------------------------------------------------------------

state_to_dict = GameState.to_dict
"""A JSON-friendly, canonical dump (snapshots and replay-equality checks)."""


def state_from_dict(data: Mapping[str, Any]) -> GameState:
    """The state :data:`state_to_dict` dumped.  A snapshot stored before a zone was added to
    :data:`ZONES` (the Resolution Zone, 4.16) has no list for it: nothing could be there, so
    it is empty."""
    s = GameState.from_dict(data)
    for zones in s.zones.values():
        for z in ZONES:
            zones.setdefault(z, [])
    return s


# --- evolve ---------------------------------------------------------------------------

DECISIONS = frozenset(
    {
        "RedrawDeclared",
        "LevelCardPlaced",
        "LevelPhaseSkipped",
        "MainPhaseEnded",
        "MemberDeployed",
        "TranceDeclared",
        "LuckDrivePerformed",
        "MembersRearranged",
        "AbilityUsed",
        "AttackChosen",
        "AttacksEnded",
        "InterceptDeclared",
        "InterceptDeclined",
        "LogicDefined",
        "LevelBoosted",
        "LogicDefinitionPassed",
        "HandLimitApplied",
        "AutoAbilityChosen",
        "ChoiceMade",
        "OptionalCostDecided",
        "RuleChoiceMade",
        "ReplacementChosen",
        "LoopDeclared",
        "LoopPerformed",
    }
)
"""Events recording a player's decision: applying one clears the pending decision."""


def _clear_decision(state: GameState, event: Event) -> None:
    state.digest_memo = None
    if event.type in DECISIONS:
        if "from_state" in event.data:
            state.cycle_log.append([event.data["from_state"], action_key(event.type, event.data)])  # 12.1.1.2
        if "command" in event.data:
            state.loop_log.append(copy_json(event.data["command"]))  # 12.1.1.1
        state.pending = None


def action_key(type_: str, data: Mapping[str, Any]) -> str:
    """A main-phase action as its decision event records it (12.1.1.2)."""
    return json.dumps(
        {"type": type_, "data": {k: v for k, v in data.items() if k not in ("from_state", "command")}}, sort_keys=True
    )


TIMESTAMPED = ("circle", "gate", "battle", "paradox", "my_logicalist")
"""Zones where it matters when a card was placed (9.9.1.7.1 timestamps, 10.4.1, 10.5.1)."""


def game_state_digest(s: GameState) -> str:
    """The digest of the state (memoised until the next event)."""
    if s.digest_memo is None:
        s.digest_memo = _digest(s)
    return s.digest_memo


def _digest(s: GameState) -> str:
    """What makes two game states "exactly the same" (12.1.1.2): where every card is and how
    (zone order, facing, orientation, circles, Soul and Set links, the order in which cards were
    placed), the players' counters, effects and delayed triggers, but not event numbers or
    generated ids."""
    timed = sorted((o for o in s.objects if s.objects[o].zone in TIMESTAMPED), key=lambda o: (s.objects[o].placed, o))
    order = {oid: rank for rank, oid in enumerate(timed, start=1)}  # 9.9.1.7.1, 10.4.1: only the order counts
    data = (
        [
            (oid, o.card, o.zone, o.face_down, o.rested, o.circles, o.soul_of, o.set_to, order.get(oid, 0))
            for oid, o in s.objects.items()
        ],
        s.zones,
        [[getattr(p, name) for name in _PLAYER_FIELDS] for p in s.players.values()],
        (s.turn, s.turn_player, s.phase, s.step, s.fired, s.shuffles),
        [[getattr(e, name) for name in _EFFECT_FIELDS] for e in s.effects],  # in creation order
        [[getattr(d, name) for name in _DELAYED_FIELDS if name != "id"] + [order.get(d.source, 0)] for d in s.delayed],
    )
    return hashlib.sha256(repr(data).encode()).hexdigest()[:24]


_PLAYER_FIELDS = tuple(f.name for f in fields(PlayerState))
_EFFECT_FIELDS = tuple(f.name for f in fields(CEffect) if f.name not in ("id", "created", "timestamp"))


_EVENTS = EventHandlers[GameState]("Luck & Logic", before=_clear_decision)
handles = _EVENTS.handles
EVENTS = _EVENTS
apply_event = _EVENTS.apply
"""Apply one recorded event to a state in place."""
evolve = _EVENTS.evolve
EVENT_TYPES = _EVENTS.handlers
"""Every event type the Luck & Logic engine records, by name."""


@handles("GameStarted")
def _game_started(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.game_id = d["game_id"]
    s.ruleset = d["ruleset"]
    s.variant = d["variant"]
    s.seed = d["seed"]
    s.shuffles = d.get("shuffles_used", 0)
    s.cards = {cid: parse_card(c) for cid, c in d["cards"].items()}
    s.order = [p["id"] for p in d["players"]]
    s.players = {p["id"]: PlayerState(id=p["id"], name=p["name"]) for p in d["players"]}
    s.zones = {p: {z: [] for z in ZONES} for p in s.order}
    for o in d["objects"]:
        obj = Obj(oid=o["oid"], card=o["card"], owner=o["owner"], zone=o["zone"], face_down=bool(o["face_down"]))
        s.objects[obj.oid] = obj
        s.fresh.add(obj.oid)
        s.zones[obj.owner][obj.zone].append(obj.oid)


@handles("DeckShuffled")
def _deck_shuffled(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.zones[d["player"]][d["zone"]] = list(d["order"])
    s.shuffles = d["shuffle_index"] + 1


@handles("FirstPlayerChosen")
def _first_player(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.first_player = d["player"]
    s.shuffles = d["shuffle_index"] + 1


@handles("CardMoved")
def _card_moved(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    obj = s.mut(d["oid"])
    src, to = d["from"], d["to"]
    s.zones[obj.owner][src].remove(obj.oid)
    dest = s.zones[obj.owner][to]
    if d.get("position") == "bottom":
        dest.insert(0, obj.oid)
    else:
        dest.append(obj.oid)  # the end of a list is the top of a pile (4.1.4.1)
    obj.zone = to
    if s.replacing is not None and s.replacing.get("oid") == obj.oid and s.replacing.get("frame") is None:
        s.replacing = None  # the (replaced) event happened
    obj.face_down = bool(d.get("face_down", False))
    obj.circles = list(d.get("circles", [])) if to in FIELD else []
    obj.soul_of = d.get("soul_of") if to == "soul" else None
    obj.set_to = d.get("set_to") if to == "circle" else None
    obj.rested = bool(d.get("rested", False)) if (src, to) != ("circle", "circle") else obj.rested
    if "last_known" in d:
        obj.last_known = dict(d["last_known"])
    if (src, to) in (("circle", "circle"), ("gate", "gate")):
        return  # not a new card (4.1.5)
    obj.placed = e.seq
    obj.entered_turn = s.turn
    obj.make_up_turn = s.turn if d.get("make_up") else 0
    # a new card in the new zone: effects applied in the previous zone are forgotten (4.1.5, 9.9.2)
    for eff in s.effects:
        if obj.oid in eff.targets:
            eff.targets = [t for t in eff.targets if t != obj.oid]
    s.effects = [eff for eff in s.effects if eff.targets or eff.players]


@handles("CardTurned")
def _turned(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.mut(d["oid"]).face_down = bool(d["face_down"])


@handles("GateDestroyed")
def _gate_destroyed(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.mut(d["oid"]).face_down = False


@handles("CardRested")
def _rested(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.mut(d["oid"]).rested = True


@handles("CardStood")
def _stood(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.mut(d["oid"]).rested = False


@handles("CardsStood")
def _all_stood(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    for oid in d["oids"]:
        s.mut(oid).rested = False


@handles("RedrawDeclared")
def _redraw(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.players[d["player"]].redraw_done = True


@handles("RefreshPointsChanged")
def _refresh_points(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.players[d["player"]].refresh_points = d["points"]


@handles("TurnBegan")
def _turn_began(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.turn = d["turn"]
    s.turn_player = d["player"]
    s.fired = []
    s.cycle_log = []
    s.loop_log = []
    s.loop = None
    for p in s.players.values():
        p.trances = 0
        p.trance_changes = 0
        p.logic_drive_used = False
        p.attacks = 0
        p.once_per_turn_used = []


@handles("StepBegan")
def _step_began(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.phase = d["phase"]
    s.step = d["step"]


@handles("LoopDeclared")
def _loop_declared(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.loop = {"player": d["player"], "actions": copy.deepcopy(d["actions"]), "times": d["times"]}


@handles("LoopPerformed")
def _loop_performed(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.loop = None


@handles("ChoiceRequested")
def _choice(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.pending = Pending(
        kind=d["kind"], player=d["player"], options=dict(d.get("options", {})), resume=list(d.get("resume", []))
    )


@handles(
    "LevelCardPlaced",
    "LevelPhaseSkipped",
    "MainPhaseEnded",
    "MemberDeployed",
    "LuckDrivePerformed",
    "MembersRearranged",
    "InterceptDeclared",
    "InterceptDeclined",
    "HandLimitApplied",
    "AutoAbilityChosen",
    "RuleChoiceMade",
    "CostPaid",
    "CardRevealed",
    "CardsDrawn",
    "MakeUpPerformed",
    "BlinkStepPerformed",
    "SynthesisSkipped",
    "AttackChosen",
    "NothingHappened",
    "SeedRevealed",
    "CheckTiming",
)
def _marker(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    pass  # a bookkeeping or decision event; the changes themselves are separate events


@handles("TranceDeclared")
def _trance(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    p = s.players[d["player"]]
    if d.get("via_trance_change"):
        p.trance_changes += 1
    else:
        p.trances += 1


@handles("TranceCompleted")
def _trance_done(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.players[d["player"]].t_rank += 1  # 5.35.1 (5.35.2: only when a Tranceunion is deployed)


@handles("AttacksEnded")
def _attacks_ended(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    pass


@handles("TriggersFired")
def _fired(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.fired.append(d["key"])


@handles("AbilityTriggered")
def _triggered(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.primed.append(
        Primed(
            id=d["primed"],
            controller=d["controller"],
            source=d["source"],
            ability=d["ability"],
            trigger=d["trigger"],
            cause=e.cause,
            info=dict(d.get("info", {})),
            delayed=dict(d["delayed"]) if d.get("delayed") else None,
        )
    )
    s.counter += 1
    if d.get("delayed") and d["delayed"].get("once"):
        s.delayed = [x for x in s.delayed if x.id != d["delayed"]["id"]]  # 9.7.5.1


@handles("PrimedCanceled")
def _primed_canceled(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.primed = [p for p in s.primed if p.id != d["primed"]]


@handles("AbilityPlayed")
def _ability_played(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    if d.get("primed"):
        s.primed = [p for p in s.primed if p.id != d["primed"]]
    player = s.players[d["controller"]]
    if d.get("once_per_turn_key"):
        player.once_per_turn_used.append(d["once_per_turn_key"])
    if d.get("logic_drive"):
        player.logic_drive_used = True
    s.frames.append(
        Frame(
            id=d["frame"],
            controller=d["controller"],
            source=d["source"],
            ref=d.get("ref", "ability"),
            ability=d.get("ability", -1),
            path=list(d.get("path", [])),
            resume=list(d.get("resume", [])),
            info=dict(d.get("info", {})),
            paid=None if d.get("optional_cost") else True,
            played=e.seq,
        )
    )
    s.counter += 1


@handles("AbilityUsed")
def _ability_used(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    pass  # the decision; AbilityPlayed follows once costs are known to be payable


@handles("OptionalCostDecided")
def _optional_cost(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.frames[-1].paid = bool(d["pay"])


@handles("ChoiceMade")
def _choice_made(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.frames[-1].choice = d["choice"]


@handles("CardsLookedAt")
def _looked_at(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.looked[d["player"]] = list(d["oids"])  # 5.23.1
    s.frames[-1].choice = None  # the answer that asked for one more card is used (5.7.3.3)


@handles("LookProgressed")
def _look_progressed(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    """The next step of a look effect (looking, taking, putting back): the answer is used."""
    s.frames[-1].info["look"] = d["step"]
    s.frames[-1].choice = None


@handles("LookEnded")
def _look_ended(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.looked.pop(d["player"], None)  # 5.23.2.1: back to the original state
    s.frames[-1].info.pop("look", None)


@handles("ReplacementChosen")
def _replacement_chosen(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.replacing = {k: copy.deepcopy(v) for k, v in d.items() if k != "player"}


@handles("ReplacementApplied")
def _replacement_applied(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.replacing = {
        **(s.replacing or {}),
        "oid": d["oid"],
        "event": d["event"],
        "applied": list(d["applied"]),
        "choice": None,
    }


@handles("XChosen")
def _x_chosen(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    if "frame" in d:  # an auto ability's X, chosen as it starts resolving
        s.frames[-1].info["x"] = d["x"]
        s.frames[-1].choice = None


@handles("EffectResolved")
def _effect_resolved(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.replacing = None
    frame = s.frames[-1]
    frame.index = d["next"]
    frame.choice = None
    frame.chosen += list(d.get("chosen", []))


@handles("RepetitionStarted")
def _repetition(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    parent = s.frames[-1]
    s.frames.append(
        Frame(
            id=d["frame"],
            controller=parent.controller,
            source=d.get("source", parent.source),
            ref=d.get("ref", parent.ref),
            ability=parent.ability,
            path=list(d["path"]),
            repeat=d["repeat"],
            info=dict(parent.info),
            paid=True,
            played=parent.played,
        )
    )
    s.counter += 1


@handles("RepetitionAdvanced")
def _repetition_advanced(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    frame = s.frames[-1]
    frame.iteration = d["iteration"]
    frame.index = 0
    frame.choice = None


@handles("ResolutionFinished")
def _resolution_finished(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    done = s.frames.pop()
    if s.frames:
        s.frames[-1].chosen += done.chosen


@handles("SynthesisPerformed")
def _synthesis(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.frames[0].synth.append(d["oid"])


@handles("ContinuousEffectCreated")
def _effect_created(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.effects.append(
        CEffect(
            id=d["id"],
            source=d["source"],
            controller=d["controller"],
            targets=list(d["targets"]),
            power=d.get("power", 0),
            aura=d.get("aura", 0),
            limit=d.get("limit", 0),
            heart=d.get("heart", 0),
            set_power=d.get("set_power"),
            auras_are_hearts=bool(d.get("auras_are_hearts", False)),
            lose_abilities=bool(d.get("lose_abilities", False)),
            gain_abilities=[dict(a) for a in d.get("gain_abilities", [])],
            disable=bool(d.get("disable", False)),
            duration=d["duration"],
            created=e.seq,
            players=list(d.get("players", [])),
            no_attacks=bool(d.get("no_attacks", False)),
            timestamp=int(d.get("timestamp", e.seq)),
        )
    )
    s.counter += 1


@handles("DelayedTriggerCreated")
def _delayed_created(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.delayed.append(DelayedTrigger(**{k: copy.copy(d[k]) for k in _DELAYED_FIELDS}))
    s.counter += 1


@handles("DelayedTriggersEnded")
def _delayed_ended(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    ended = set(d["ids"])
    s.delayed = [x for x in s.delayed if x.id not in ended]


@handles("ContinuousEffectsEnded")
def _effects_ended(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    ended = set(d["ids"])
    s.effects = [eff for eff in s.effects if eff.id not in ended]


@handles("BattleBegan")
def _battle_began(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.battle = Battle(attack_no=d["attack_no"], player=d["player"])
    s.players[d["player"]].attacks += 1  # counted when the battle begins (8.1.3)
    s.fired = [k for k in s.fired if not k.startswith("battle:")]


@handles("AttackDeclared")
def _attack(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    assert s.battle is not None
    s.battle.attacker = d["attacker"]
    s.battle.attacker_placed = s.objects[d["attacker"]].placed
    s.battle.circle = d["circle"]
    s.battle.declared = f"ev:{e.seq}"


@handles("DefenderDesignated")
def _defender(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    assert s.battle is not None
    s.battle.defender = d["defender"]
    if d["defender"] is not None:
        s.battle.defender_placed = s.objects[d["defender"]].placed


@handles("LogicDefined")
def _logic_defined(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    assert s.battle is not None
    s.battle.ld_passes = 0
    s.battle.boosted = None


@handles("LevelBoosted")
def _level_boosted(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    assert s.battle is not None
    s.battle.boosted = d["player"]


@handles("LogicDefinitionPassed")
def _ld_passed(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    assert s.battle is not None
    s.battle.ld_passes += 1


@handles("BattleDecided")
def _decided(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    assert s.battle is not None
    s.battle.result = dict(d)


@handles("BattleEnded")
def _battle_ended(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.battle = None


@handles("PlayerLost")
def _lost(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.players[d["player"]].lost = d["reason"]


@handles("GameEnded")
def _ended(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.finished = True
    s.winner = d.get("winner")
    s.result = d["result"]
    s.pending = None
    s.phase = "game_over"
    s.step = "game_over"
