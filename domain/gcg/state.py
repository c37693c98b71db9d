"""Godzilla Card Game game state and ``evolve``: how each recorded event changes the state.

``apply_event`` mutates a state in place and is the only code that changes game state;
``decide`` (in ``engine``) works on a private copy and produces events by applying them
to that copy (:class:`domain.gcg.context.Ctx`), so the live state and a replay of the
stored events agree by construction.  Nothing here checks rules: replay trusts the events.

Areas per player (GCG-1.00 4): ``monster_deck`` (4.6), ``deck`` (4.8, the end of the list
is the top), ``hand`` (4.9), ``discard`` (4.10), ``field`` (the 8 zones, 4.4: the topmost
card of every stack, its zone number in ``Obj.slot``), ``strategy`` (the 2 strategy zones,
4.5, ``Obj.slot`` 1 or 2), ``monster`` (the invading monster zone, 4.7: the stack of the
invading monster, bottom first; its position is ``PlayerState.position``, 3.3.3) and
``resolution`` (the shared resolution area, 4.11, listed under each card's owner).
Cards stacked beneath another card (3.2) are in area ``under`` and listed in their top
card's ``Obj.under`` (bottom first).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from domain.gcg.cards import Card, parse_card
from domain.kernel import JSON, Event, EventHandlers, GameStateBase, Stored, compile_copy, header_fields

AREAS = ("monster_deck", "deck", "hand", "discard", "field", "strategy", "monster", "resolution")
FIELD_AREAS = ("field", "strategy", "monster")
"""Areas whose cards are on the field for the rules (zones 4.4, strategy zones 4.5 and the
invading monster, which is considered to be in the zone of its position, 3.3.3.2)."""


@dataclass(slots=True)
class Obj:
    """A physical card.  ``oid`` is stable for the whole game; ``since`` (the seq of the
    event that put it into its current area) is its time stamp (9.8.1.7.1) and tells
    which card was placed last (10.5.1)."""

    oid: str
    card: str
    owner: str
    zone: str
    slot: int = 0
    under: list[str] = field(default_factory=list)
    host: str | None = None
    since: int = 0
    revealed: bool = False
    last_known: dict[str, Any] | None = None
    """Final information (9.10): how the card was the last time it was on the field."""


@dataclass(slots=True)
class PlayerState:
    id: str
    name: str
    position: int = 0
    """The zone number the invading monster occupies (3.3.3)."""
    rage: int = 0
    invaded_turn: int = 0
    """The turn of this player's last invasion (8.6.2)."""
    lost: str | None = None


@dataclass(slots=True)
class Standby:
    """An automatic ability in standby (9.6.2)."""

    id: str
    master: str
    source: str
    card: str
    trigger: str
    ability: dict[str, Any]
    data: dict[str, Any] = field(default_factory=dict)
    cause: str = ""
    playing: bool = False


@dataclass(slots=True)
class Effect:
    """A continuous effect created by a resolved ability (9.2.1.2), applied by 9.8."""

    id: str
    source: str
    master: str
    targets: list[str]
    threat: int = 0
    counter: int = 0
    set_threat: int | None = None
    cannot_engage: bool = False
    gain_traits: list[str] = field(default_factory=list)
    nullify: bool = False
    gain_abilities: list[dict[str, Any]] = field(default_factory=list)
    lose_triggers: list[str] = field(default_factory=list)
    duration: str = "end_of_turn"
    created: int = 0
    turn: int = 0


@dataclass(slots=True)
class Delayed:
    """A timed trigger (9.6.5), e.g. the end-phase clean-up of 【Burst】 (11.5.2)."""

    id: str
    master: str
    trigger: str
    card: str
    kind: str
    turn: int = 0


@dataclass(slots=True)
class Pending:
    """The decision the game waits for and ``resume``, the work left once it is made
    (a stack of frames, see :mod:`domain.gcg.flow`)."""

    kind: str
    player: str
    options: dict[str, JSON] = field(default_factory=dict)
    resume: list[Any] = field(default_factory=list)
    tried: list[str] = field(default_factory=list)
    """Battle cards the interrupted crush and destroy process already tried to destroy (10.3)."""


def mut(s: GameState, oid: str) -> Obj:
    """The object ``oid`` of ``s``, copied first if it may be shared with another state."""
    if oid not in s.owned:
        s.objects[oid] = _clone_obj(s.objects[oid])
        s.owned.add(oid)
    return s.objects[oid]


_clone_obj = compile_copy(Obj, {"under": "list", "last_known": "opt_dict"})
"""A straight-line field-by-field copy (``copy.copy`` of slotted dataclasses is slow)."""


_clone_effect = compile_copy(
    Effect,
    {"targets": "list", "gain_traits": "list", "gain_abilities": "list", "lose_triggers": "list"},
)
"""``gain_abilities``' entries are never mutated."""
_copy_player = compile_copy(PlayerState)
_copy_pending = compile_copy(Pending)
_copy_standby = compile_copy(Standby)
_copy_delayed = compile_copy(Delayed)


@dataclass(slots=True)
class GameState(GameStateBase):
    game_id: str = ""
    ruleset: str = "GCG-1.00"
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
    turn_seq: int = 0
    """The seq of this turn's ``TurnBegan`` (what was placed "prior to this turn", 7.2.3)."""
    first_player: str = ""
    phase: str = "setup"
    pending: Pending | None = None
    standby: list[Standby] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    delayed: list[Delayed] = field(default_factory=list)
    fired: list[str] = field(default_factory=list)
    """"At the end of the turn" abilities whose trigger condition was fulfilled this turn (7.5.7)."""
    counter: int = 0
    """Source of fresh ids (standby abilities, effects, timed triggers): bumped by events only."""
    main_log: list[list[str]] = field(default_factory=list)
    """This turn's main phase actions as ``[state fingerprint before, action]`` (12.1.1.2)."""
    banned: list[str] = field(default_factory=list)
    """Actions the turn player may not perform again this turn (12.1.1.2)."""
    loop_log: list[dict[str, Any]] = field(default_factory=list)
    """The commands performed since this turn's first main phase action (``{player, type,
    args}``): the actions a turn player may declare as an infinite loop (12.1.1.1)."""
    loop: dict[str, Any] | None = None
    """A declared infinite loop waiting for the non-turn player's answer (12.1.1.1)."""
    looked: dict[str, list[str]] = field(default_factory=dict)
    """Player -> the deck cards they are looking at (5.5), from the top: only they may see
    them (4.8.2 hides a deck from all players otherwise), until the look ends."""
    finished: bool = False
    winner: str | None = None
    result: str | None = None
    cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """Derived information (9.8) keyed by ``seq``; never serialised."""
    owned: set[str] = field(default_factory=set, compare=False, repr=False)
    """Objects this state may mutate in place; the others are shared with clones (copy on write)."""

    STORED: ClassVar[dict[str, Stored]] = {
        **header_fields(Obj, PlayerState, deep=True),
        "cards": Stored("cards", parse_card),
        "turn": Stored("value"),
        "turn_player": Stored("value"),
        "turn_seq": Stored("value"),
        "first_player": Stored("value"),
        "phase": Stored("value"),
        "pending": Stored("one", Pending, deep=True),
        "standby": Stored("many", Standby, deep=True),
        "effects": Stored("many", Effect, deep=True),
        "delayed": Stored("many", Delayed),
        "fired": Stored("list"),
        "counter": Stored("value"),
        "main_log": Stored("lists"),
        "banned": Stored("list"),
        "loop_log": Stored("deep", default=[]),
        "loop": Stored("deep", default=None),
        "looked": Stored("map_lists", default={}),
        "finished": Stored("value"),
        "winner": Stored("value"),
        "result": Stored("value"),
    }
    COPIES: ClassVar[dict[str, Any]] = {
        # copy on write: both states share the objects until one of them changes one (``mut``)
        "objects": "dict",
        "owned": "owned",
        "players": ("values", _copy_player),
        "zones": "zones",
        "order": "list",
        "pending": ("one", _copy_pending),  # never mutated in place
        "standby": ("each", _copy_standby),
        "effects": ("each", _clone_effect),
        "delayed": ("each", _copy_delayed),
        "fired": "list",
        "main_log": "lists",
        "banned": "list",
        "loop_log": "list",  # entries are never mutated
        "looked": "map_lists",
        "cache": "empty_dict",
    }

    # --- queries used everywhere -------------------------------------------------------
    def opponent(self, player: str) -> str:
        return self.order[1] if self.order[0] == player else self.order[0]

    def card_of(self, oid: str) -> Card:
        return self.cards[self.objects[oid].card]

    def monster(self, player: str) -> str | None:
        """The topmost card of ``player``'s invading monster (3.2.3.1, 3.3.2)."""
        stack = self.zones[player]["monster"]
        return stack[-1] if stack else None

    def battle_at(self, player: str, zone: int) -> list[str]:
        return [o for o in self.zones[player]["field"] if self.objects[o].slot == zone]


# --- serialisation --------------------------------------------------------------------

state_to_dict = GameState.to_dict
"""A JSON-friendly, canonical dump (snapshots and replay-equality checks)."""
state_from_dict = GameState.from_dict


# --- evolve ---------------------------------------------------------------------------

MARKERS = (
    "SeedRevealed",
    "PlayerWon",
    "TargetsChosen",
    "ReplacementApplied",
    "DrawNotPerformed",
    "CounterPowerTotalled",
    "CardPlayed",
    "StrategyActivated",
    "RageGainDeclared",
    "NothingHappened",
    "DeckReshuffled",
    "AdvanceNotPerformed",
)
"""Events recorded for the log and for judges that change no state (the changes come with other events)."""

FIELD_NEUTRAL = frozenset(
    {
        "ChoiceRequested",
        "ChoiceMade",
        "MainActionTaken",
        "LoopDetected",
        "LoopDeclared",
        "LoopPerformed",
        "InvasionDeclared",
        "AbilityTriggered",
        "AbilityPlayed",
        "AbilityResolved",
        "AbilityRemoved",
        "TimedTriggerCreated",
        "CardRevealed",
        "RevealEnded",
        "CardsLookedAt",
        "LookEnded",
        "TurnBegan",
        "PhaseBegan",
        "PlayerLost",
        *MARKERS,
    }
)
"""Events that change nothing the information of the cards on the field is derived from
(``domain.gcg.characteristics.board``: the cards, objects' card, owner, zone, slot and time
stamp, the zones, the players' positions and rage, the continuous effects)."""


def _keep_field_information(s: GameState, e: Event) -> None:
    """After an event of :data:`FIELD_NEUTRAL` the field information computed before it still
    holds: it is kept for the new ``seq`` instead of being computed again."""
    if e.type in FIELD_NEUTRAL:
        cached = s.cache.get("board")
        if cached is not None and cached[0] == s.seq:
            s.cache["board"] = (e.seq, cached[1])


_EVENTS = EventHandlers[GameState]("Godzilla Card Game", before=_keep_field_information)
handles = _EVENTS.handles
EVENTS = _EVENTS
apply_event = _EVENTS.apply
"""Apply one recorded event to a state in place."""
evolve = _EVENTS.evolve
EVENT_TYPES = _EVENTS.handlers
"""Every event type the Godzilla Card Game engine records, by name."""


@handles("GameStarted")
def _game_started(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.game_id = d["game_id"]
    s.ruleset = d["ruleset"]
    s.variant = d["variant"]
    s.seed = d["seed"]
    s.cards = {cid: parse_card(c) for cid, c in d["cards"].items()}
    s.order = [p["id"] for p in d["players"]]
    s.players = {p["id"]: PlayerState(id=p["id"], name=p["name"]) for p in d["players"]}
    s.zones = {p: {z: [] for z in AREAS} for p in s.order}
    for o in d["objects"]:
        obj = Obj(oid=o["oid"], card=o["card"], owner=o["owner"], zone=o["zone"], since=e.seq)
        s.objects[obj.oid] = obj
        s.owned.add(obj.oid)
        s.zones[obj.owner][obj.zone].append(obj.oid)


@handles("DeckShuffled")
def _deck_shuffled(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.zones[d["player"]][d["zone"]] = list(d["order"])
    s.shuffles = d["shuffle_index"] + 1
    for oid in d["order"]:
        mut(s, oid).revealed = False


@handles("FirstPlayerDecided")
def _first_player(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.first_player = d["player"]
    s.shuffles = d["shuffle_index"] + 1


def _take_out(s: GameState, obj: Obj) -> None:
    if obj.zone == "under":
        if obj.host is not None:
            host = mut(s, obj.host)
            if obj.oid in host.under:
                host.under.remove(obj.oid)
        obj.host = None
    else:
        s.zones[obj.owner][obj.zone].remove(obj.oid)


def _end_effects_on(s: GameState, oid: str) -> None:
    """Continuous effects of resolved abilities do not follow a card to a new area (9.8.2, 4.1.4)."""
    for eff in s.effects:
        if oid in eff.targets:
            eff.targets = [t for t in eff.targets if t != oid]
    s.effects = [eff for eff in s.effects if eff.targets]


def _put(s: GameState, obj: Obj, to: str, d: Mapping[str, Any], seq: int) -> None:
    area = s.zones[obj.owner][to]
    if to == "deck" and d.get("position") == "bottom":
        area.insert(0, obj.oid)
    else:
        area.append(obj.oid)  # the end of a list is the top of a pile
    obj.zone = to
    obj.since = seq


@handles("CardMoved")
def _card_moved(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    obj = mut(s, d["oid"])
    src, to = obj.zone, d["to"]
    zone_to_zone = src == "field" and to == "field"
    carried = list(obj.under) if src == "field" and not zone_to_zone else []
    _take_out(s, obj)
    if "last_known" in d:
        obj.last_known = dict(d["last_known"])
    if not zone_to_zone:
        _end_effects_on(s, obj.oid)
        obj.revealed = bool(d.get("revealed", False))
    # 3.2.4: stacked cards move together
    for u in carried:
        under = mut(s, u)
        under.host = None
        _put(s, under, to, d, e.seq)
        under.slot = 0
        under.revealed = False
    if src == "field" and not zone_to_zone:
        obj.under = []
    if to in ("field", "strategy"):
        obj.slot = int(d["slot"])
    elif not zone_to_zone:
        obj.slot = 0
    _put(s, obj, to, d, e.seq)
    onto = d.get("onto")
    if onto is not None:  # stacked on top of a card in a zone (3.2, 11.6.2)
        old = mut(s, onto)
        s.zones[old.owner]["field"].remove(onto)
        obj.under = [*old.under, onto]
        old.under = []
        old.zone = "under"
        old.host = obj.oid
        for u in obj.under:
            mut(s, u).host = obj.oid
        _end_effects_on(s, onto)


@handles("CardsSwapped")
def _swapped(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    """5.6.1: both cards move at the same time."""
    a, b = mut(s, d["a"]), mut(s, d["b"])
    a_zone, a_slot, b_zone = a.zone, a.slot, b.zone
    carried = list(a.under)
    _take_out(s, a)
    _take_out(s, b)
    if "last_known" in d:
        a.last_known = dict(d["last_known"])
    _end_effects_on(s, a.oid)
    _end_effects_on(s, b.oid)
    for u in carried:
        under = mut(s, u)
        under.host = None
        _put(s, under, b_zone, d, e.seq)
    a.under = []
    a.slot = 0
    a.revealed = False
    _put(s, a, b_zone, d, e.seq)
    b.slot = a_slot
    b.revealed = False
    _put(s, b, a_zone, d, e.seq)


@handles("MonsterMoved")
def _monster_moved(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.players[d["player"]].position = d["to"]


@handles("RageChanged")
def _rage(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.players[d["player"]].rage = d["rage"]


@handles("TurnBegan")
def _turn_began(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.turn = d["turn"]
    s.turn_player = d["player"]
    s.turn_seq = e.seq
    s.fired = []
    s.main_log = []
    s.banned = []
    s.loop_log = []


@handles("PhaseBegan")
def _phase(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.phase = d["phase"]


@handles("ChoiceRequested")
def _choice(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    # the pending decision is never mutated in place: ``decide`` works on a copy of ``resume``
    s.pending = Pending(
        kind=d["kind"],
        player=d["player"],
        options=dict(d.get("options", {})),
        resume=list(d.get("resume", [])),
        tried=list(d.get("tried", [])),
    )


@handles("ChoiceMade")
def _choice_made(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    kind = s.pending.kind if s.pending is not None else d.get("kind")
    if s.loop_log and kind not in ("main", "loop_response"):
        s.loop_log.append({"player": d["player"], "type": "Choose", "args": {"choice": list(d["choice"])}})
    s.pending = None


@handles("MainActionTaken")
def _main_action(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.pending = None
    s.main_log.append([d["fingerprint"], d["action"]])
    if "command" in d:
        s.loop_log.append({"player": d["player"], **copy.deepcopy(d["command"])})


@handles("LoopDetected")
def _loop(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.banned.extend(a for a in d["actions"] if a not in s.banned)


@handles("LoopDeclared")
def _loop_declared(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.loop = {"player": d["player"], "actions": copy.deepcopy(d["actions"]), "times": d["times"]}


@handles("LoopPerformed")
def _loop_performed(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.loop = None


@handles("InvasionDeclared")
def _invasion(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.players[d["player"]].invaded_turn = s.turn


@handles("AbilityTriggered")
def _triggered(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.standby.append(
        Standby(
            id=d["id"],
            master=d["master"],
            source=d["source"],
            card=d["card"],
            trigger=d["trigger"],
            ability=dict(d["ability"]),
            data=dict(d.get("data", {})),
            cause=e.cause,
        )
    )
    s.counter += 1
    if d.get("timed"):
        s.delayed = [t for t in s.delayed if t.id != d["timed"]]
    if d["trigger"] == "end_of_turn":
        s.fired.append(f"{d['source']}:{d.get('index', 0)}")


@handles("AbilityPlayed")
def _played(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    for i, a in enumerate(s.standby):
        if a.id == d["id"]:
            s.standby[i] = copy.copy(a)
            s.standby[i].playing = True


@handles("AbilityResolved", "AbilityRemoved")
def _resolved(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.standby = [a for a in s.standby if a.id != d["id"]]


@handles("ContinuousEffectCreated")
def _effect_created(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.effects.append(
        Effect(
            id=d["id"],
            source=d["source"],
            master=d["master"],
            targets=list(d["targets"]),
            threat=d.get("threat", 0),
            counter=d.get("counter", 0),
            set_threat=d.get("set_threat"),
            cannot_engage=bool(d.get("cannot_engage", False)),
            gain_traits=list(d.get("gain_traits", [])),
            nullify=bool(d.get("nullify", False)),
            gain_abilities=copy.deepcopy(list(d.get("gain_abilities", []))),
            lose_triggers=list(d.get("lose_triggers", [])),
            duration=d["duration"],
            created=e.seq,
            turn=s.turn,
        )
    )
    s.counter += 1


@handles("ContinuousEffectsEnded")
def _effects_ended(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    ended = set(d["ids"])
    s.effects = [eff for eff in s.effects if eff.id not in ended]


@handles("TimedTriggerCreated")
def _timed(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.delayed.append(
        Delayed(id=d["id"], master=d["master"], trigger=d["trigger"], card=d["card"], kind=d["kind"], turn=s.turn)
    )
    s.counter += 1


@handles("CardRevealed")
def _revealed(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    mut(s, d["oid"]).revealed = True


@handles("RevealEnded")
def _reveal_ended(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    for oid in d["oids"]:
        mut(s, oid).revealed = False


@handles("CardsLookedAt")
def _looked_at(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.looked[d["player"]] = list(d["oids"])  # 5.5.1, 5.5.2.4: the top cards, from the top


@handles("LookEnded")
def _look_ended(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.looked.pop(d["player"], None)


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


@handles(*MARKERS)
def _marker(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    """Facts recorded for the log and for judges; the state changes come with other events."""
