"""Force of Will game state and ``evolve``: how each recorded event changes the state.

``apply_event`` mutates a state in place and is the only code that changes game state;
``decide`` (in ``engine``) works on a private copy and produces events by applying them
to that copy, so the live state and a replay of the stored events agree by construction.
Nothing here checks rules: replay trusts the recorded events.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from domain.fow.cards import Card, parse_card
from domain.kernel import (
    JSON,
    Event,
    EventHandlers,
    GameStateBase,
    Stored,
    compile_clone,
    compile_copy,
    copy_json,
    header_fields,
)

ZONES = (
    "main_deck",
    "stone_deck",
    "hand",
    "field",
    "stone_area",
    "ruler_area",
    "graveyard",
    "lifebreak",
    "standby",
    "removed",
    "outside",
)
"""Per-player zones (FoW-5.5 3.3-3.12).  The chase area (3.13) is shared: ``GameState.chase``."""

HIDDEN_ZONES = ("main_deck", "stone_deck", "hand", "lifebreak", "standby")
"""Hidden zones (FoW-5.5 3.1 p2): the hand and chant-standby area are visible to their owner."""
ORDERED_ZONES = ("main_deck", "stone_deck", "graveyard", "lifebreak", "standby")
PLAYGROUND = ("ruler_area", "field", "stone_area")
"""FoW-5.5 3.14 p1."""
OUT_OF_GAME = ("removed", "outside")
"""What "out of (outside) the game" refers to (FoW-5.5 3.16 p1): a player's removed area and the cards they
own that are not in the game, their sideboard (in a tournament, p1.2; otherwise the cards of their collection
not in their deck, p1.1), declared with their deck and kept in the ``outside`` zone."""


_NAMES = {name: name for name in (*ZONES, "chase", "none", "front", "j_ruler", "future")}
"""The zone and side names objects repeat, one string each (issue 23: memory per cached game): a
name decoded from an event is replaced by the equal one here, so states share it (equal strings:
nothing decided changes)."""


def _name(name: Any) -> Any:
    """The zone or side ``name`` as :data:`_NAMES` holds it (anything else as it is)."""
    return _NAMES.get(name, name) if type(name) is str else name


def _player(s: GameState, player: Any) -> Any:
    """The player id as the state's ``order`` holds it (anything else as it is)."""
    for known in s.order:
        if known == player:
            return known
    return player


@dataclass(slots=True)
class Obj:
    """A physical card.  ``oid`` is stable for the whole game so that judges can follow a
    card; ``zone_since`` (the event seq of its last zone change) marks it as a new object in
    the sense of FoW-5.5 3.1 p3."""

    oid: str
    card: str
    owner: str
    controller: str
    zone: str
    rested: bool = False
    face_down: bool = False
    unseen: bool = False
    """Removed from the game face down without anyone looking at it ("remove the top card of your main
    deck from the game face down" with no "You may look at it at any time"): hidden from its owner too
    (FoW-5.5 3.12 p2.1; no player knows its information, 3.2 p2)."""
    damage: int = 0
    counters: dict[str, int] = field(default_factory=dict)
    attached_to: str | None = None
    entered_turn: int = 0
    zone_since: int = 0
    object_since: int = 0
    """The event seq that made it the object it is now (FoW-5.5 3.1 p3): its last zone change,
    except that a move from playground to playground keeps it the same card."""
    side: str = "front"
    """``front``; ``j_ruler`` for a ruler turned to its J-ruler side; ``future`` for a shifted card."""
    awakened: bool = False
    judgment_cards: list[str] = field(default_factory=list)
    """For a J-ruler: the cards banished (discarded, ...) as a cost of the judgment that put it into the
    field ("the resonator banished for its judgment", FoW-5.5 7.5 p2); empty otherwise."""
    paid_will: list[str] = field(default_factory=list)
    """The will paid for the [Awakening] cost it was played with ("If you spent {M} to pay the
    [Awakening] cost", 12.1 p1, 10.2 p1); empty for a new object otherwise."""
    x: int = 0
    """The X chosen for the {X} of the cost that put it into the field (its [Awakening] cost, or the
    [Judgment] of a J-ruler, FoW-5.5 9.3 p2.5): its abilities read it as "X"; 0 for a new object."""
    revealed: bool = False
    from_remnant: bool = False
    standby_turn: int = 0
    last_known: dict[str, Any] | None = None
    """Last known information (FoW-5.5 9.11) recorded when the card left a playground."""
    control_turn: int = 0
    """The turn its controller last changed without a move (``ControlChanged``): not controlled
    continuously since the beginning of that turn (FoW-5.5 8.2 p3.1, 9.5 p3)."""
    moved_from: str = ""
    """The zone it came from when it last became a new object (FoW-5.5 3.1 p3), with
    ``entered_turn``: "put into a graveyard from your field this turn"."""
    damaged_by: list[str] = field(default_factory=list)
    """The cards that dealt damage to it in turn ``damaged_turn`` ("a resonator that was dealt
    damage by this card this turn"); kept when it leaves a playground (9.6 p7.2), cleared when
    it enters one as a new object (3.1 p3)."""
    damaged_turn: int = 0
    dealt: int = 0
    """The damage this object dealt in turn ``dealt_turn`` ("X is the damage it dealt this turn");
    a new object (3.1 p3) has dealt none."""
    dealt_turn: int = 0
    attacked_turn: int = 0
    """The last turn this object was declared as an attacker ("that didn't attack this turn", 8.2 p3);
    a new object (3.1 p3) has not attacked."""
    removed_with: int = 0
    """How many cards its abilities removed from the game (10.3) since it became this object (3.1 p3)."""
    moved_by: str | None = None
    """The card whose ability moved it where it is (removed from the game, 10.3; put into a field),
    with ``moved_by_since``, the ``zone_since`` of the object that card was then: "resonators removed
    from the game by this card", "the resonator put into your field by this card" name it while it stays
    this object and that card is still that object or, having left the playground, was last it there
    (FoW-5.5 3.1 p3, 9.11)."""
    moved_by_since: int | None = None
    playground_since: int | None = None
    """The ``zone_since`` of the object it was in a playground, kept once it leaves it (its last known
    information, FoW-5.5 9.11): "this card" of an ability whose source has left the field."""
    pseudo: bool = False
    """A pseudo-card made by copying a card ("put a token copy of target resonator into the field",
    FoW-5.5 10.16 p1.1): no physical card, treated as a card in its zone; ``card`` names the copied
    information; once it moves out of that zone it ceases to exist (zone ``none``)."""
    copy_of: str | None = None
    """The card (a key of ``GameState.cards``) whose information this object "became a copy" of
    (FoW-5.5 10.16 p2): its information instead of the printed one while it stays this object."""
    copy_type: str | None = None
    """With ``copy_of``: the card type an exception keeps ("except it doesn't become a J-Ruler and it's
    still a resonator") instead of the copied card's."""


@dataclass(slots=True)
class PlayerState:
    id: str
    name: str
    life: int = 0
    will: list[str] = field(default_factory=list)
    restricted_will: list[dict[str, Any]] = field(default_factory=list)
    """Produced will that may pay only for some things ("Spend that will only to play Fairy
    resonators", FoW-5.5 1.4 p1, 9.7 p4): ``{"will": "W", "spend_only": <filter of the card played>}``."""
    called_stone_turn: int = 0
    judgment_turn: int = 0
    gods_arts_used: list[str] = field(default_factory=list)
    once_per_turn_used: list[str] = field(default_factory=list)
    lost: str | None = None
    """The loss condition, once the player has lost (FoW-5.5 13.1)."""
    deck_out: bool = False
    """Had to draw from an empty main deck (FoW-5.5 13.1 p2)."""
    put_into_field: list[str] = field(default_factory=list)
    """Objects this player put into a field this turn ("if you put a Moon into a field this turn")."""
    j_ruler_attacked_turn: int = 0
    """The last turn in which a J-ruler this player controlled was declared as an attacker
    ("if your J-Ruler attacked this turn")."""
    resonator_attacked_turn: int = 0
    """The last turn a resonator this player controlled attacked (a J/resonator not a J-ruler)."""
    dealt_damage_turn: int = 0
    """The last turn in which this player was dealt damage ("a turn you're dealt damage")."""
    damage_taken: int = 0
    """The damage this player was dealt in turn ``dealt_damage_turn`` ("the damage that was dealt
    to you this turn")."""
    put_into_graveyard_from_field: list[str] = field(default_factory=list)
    """Objects put into a graveyard from this player's field this turn ("a resonator was put into
    a graveyard from your field this turn"), whoever controlled it there (9.11)."""
    revealed_from_outside: list[str] = field(default_factory=list)
    """The cards this player revealed from outside the game this game, in order ("If you did not already
    reveal a card that shares a name with this card this game", FoW-5.5 3.16 p1)."""
    damage_sources: list[list[str]] = field(default_factory=list)
    """The card type and controller of each card in a field that dealt damage to this player
    this turn, as it was then ("A J/resonator your opponent controlled dealt damage to you this turn")."""


@dataclass(slots=True)
class ChaseItem:
    """A card or a pseudo-card ability in the chase area (FoW-5.5 3.13, 9.3)."""

    id: str
    kind: str  # card | ability | judgment | break
    controller: str
    source: str  # oid of the card (or the ability's source)
    ability: int = -1  # index of the ability on the source card
    targets: list[list[str]] = field(default_factory=list)
    awakened: bool = False
    choice: str | None = None
    resolved_effects: int = 0
    modes: list[int] = field(default_factory=list)
    """Modes chosen as it was played (FoW-5.5 9.3 p2.3)."""
    amount: int | None = None
    """For a triggered ability: the damage dealt by the happening that triggered it ("that much")."""
    x: int = 0
    """The X chosen for an {X} cost as it was played (FoW-5.5 9.3 p2.5)."""
    paid_will: list[str] = field(default_factory=list)
    """The will paid for its [Awakening] cost, as its ``WillPaid`` (with this ``item``) recorded it (10.2 p1)."""
    cost_cards: list[str] = field(default_factory=list)
    """For a judgment: the cards chosen for the actions of its [Judgment] section ("[J-Activate] Banish a
    fire resonator", 7.5 p2), as ``JudgmentPerformed`` recorded them."""
    subject: str | None = None
    """For a triggered ability: the object its trigger condition names ("that resonator")."""
    subject_since: int | None = None
    """The ``zone_since`` of that object as the ability was played, if it had not moved since it
    triggered: "put that resonator into its owner's field" names the card in the graveyard only while
    it stays that object (FoW-5.5 3.1 p3)."""
    source_since: int | None = None
    """For an ability: the ``zone_since`` of the object its source was as it was played (-1: the
    card had changed zones after the ability triggered). "This card" is that object only while it
    stays it: "put it into its owner's hand" after "When this card is put into a graveyard", "put
    this card from your graveyard into your hand", "as long as this card is in a field" (FoW-5.5 3.1
    p3, 9.9 p8). None for a card on the chase."""
    delayed: str | None = None
    """For a delayed automatic ability (FoW-5.5 9.6 p8): the id of its :class:`DelayedAbility`."""
    target_since: dict[str, int] | None = None
    """The ``object_since`` of each card chosen as a target, as it was chosen (FoW-5.5 9.3 p2.4):
    a target that has become a new object since is no longer legal on resolution (3.1 p3, 9.3
    p3.1). None for a log from before it was recorded (only the target's zone is checked then)."""
    chosen_race: str | None = None
    """The race its controller chose as it resolves ("Choose a race.", FoW-5.5 2.5 p1), which the
    following effects read ("J/resonators of the chosen race")."""
    copied_by: str | None = None
    """For a copy of a spell or an ability (FoW-5.5 10.16 p1.1, p1.2): the id of the item whose effect
    made it ("Copy target chant spell"), which asks whether it keeps its targets (p1.3)."""


@dataclass(slots=True)
class Battle:
    attacker: str | None = None
    target: str | None = None  # oid or player id
    blocker: str | None = None
    first_strike_dealt: bool = False
    opponent_acted: bool = False
    declared: str = ""
    """The AttackDeclared event (``ev:<seq>``): the cause of the battle damage that follows."""
    block_declared: str = ""


@dataclass(slots=True)
class Effect:
    """A continuous or replacement effect created by a resolved effect (FoW-5.5 9.9, 9.10)."""

    id: str
    kind: str  # modify | grant | prevent | rules | lose_abilities | switch | set
    source: str
    controller: str
    targets: list[str]
    atk: int = 0
    def_: int = 0
    skill: str | None = None
    amount: int | None = None
    duration: str = "end_of_turn"
    created: int = 0
    rules: list[str] = field(default_factory=list)
    """kind ``rules``: the rule overrides the targets get (an effect's "cannot ...")."""
    filter: dict[str, Any] | None = None
    """kind ``rules`` made for "all X": every object matching it, whenever it matches (9.9 p4)."""
    by: bool = False
    """kind ``prevent``: damage dealt by the targets, not to them."""
    next: bool = False
    """kind ``prevent``: only the next damage; the effect ends once it has prevented damage."""
    blocked_by: dict[str, Any] | None = None
    """kind ``rules`` with ``cannot_be_blocked``: only J/resonators matching this filter cannot block."""
    less: dict[str, Any] | None = None
    """kind ``pay_less``: the will (a ``Cost``) its controller may pay less to play God's Art
    abilities of their J-ruler (FoW-5.5 9.3 p2.5)."""
    condition: dict[str, Any] | None = None
    """kind ``pay_less``: the condition (a ``Condition``) that is part of the effect (9.9 p4)."""
    base: str | None = None
    """kind ``control``: who controls the target when no such effect applies to it any more (its
    controller before the first of them, FoW-5.5 1.5 p3)."""
    change: dict[str, Any] | None = None
    """kind ``cost_change`` ("You pay {1} less to play [Judgment] abilities ... this turn"): the
    ``CostChange`` as JSON, relative to the effect's controller (9.3 p2.5)."""
    abilities: list[dict[str, Any]] = field(default_factory=list)
    """kind ``grant_abilities``: the abilities the targets gain (as card data)."""
    attributes: list[str] | None = None
    """kind ``set_attributes``: the attributes its targets have instead of their own (9.9 p1)."""
    races: list[str] = field(default_factory=list)
    """kind ``change_races``: the races its targets gain (FoW-5.5 2.5, 9.9 p1)."""
    lose_races: bool = False
    """kind ``change_races``: its targets lose all their races first ("loses all races and becomes ...")."""
    counter_per_100: str | None = None
    """kind ``prevent``: "For each 100 damage prevented this way, put a [+100/+100] counter on it"."""


REPEATING_DELAYED = frozenset({"this_card_deals_damage"})
"""Delayed abilities that trigger each time this turn ("Whenever this card deals damage this turn"):
"whenever" specifies it (FoW-5.5 9.6 p8)."""


@dataclass(slots=True)
class DelayedAbility:
    """A delayed automatic ability an effect created (FoW-5.5 9.6 p8): it triggers once, at
    ``at`` ("end_of_turn", 5.4 p3) of the turn it was created in.  ``effects`` are the effects'
    JSON form (``cards.Delayed.effects``); ``objects`` the objects "that resonator" names, each
    with the ``zone_since`` it had then (it names them only while they stay the same objects)."""

    id: str
    controller: str
    source: str
    turn: int
    at: str
    effects: list[dict[str, Any]]
    objects: list[list[Any]] = field(default_factory=list)
    fired: bool = False
    source_since: int | None = None
    """The ``zone_since`` of the source as the ability that created it was played: its "this
    card" names that object only (FoW-5.5 3.1 p3)."""


@dataclass(slots=True)
class Triggered:
    """A triggered automatic object waiting to be played (FoW-5.5 6.2, 9.6)."""

    id: str
    controller: str
    source: str
    ability: int
    cause: str
    kind: str = "ability"  # ability | card (chant-standby) | stealth | explode
    target: str | None = None
    amount: int | None = None
    """The damage dealt by the happening that triggered it ("that much")."""
    zone: str = "standby"
    """An automatic card's zone as it triggered (its player's hand or chant-standby area, FoW-5.5
    9.6 p2): played only from there (9.6 p10)."""


@dataclass(slots=True)
class Pending:
    """The decision the game waits for: ``priority`` or a specific choice."""

    kind: str
    player: str
    options: dict[str, JSON] = field(default_factory=dict)


def _clone_pending(p: Pending) -> Pending:
    return Pending(p.kind, p.player, copy_json(p.options))


_clone_player = compile_copy(
    PlayerState,
    {
        "will": "list",
        "restricted_will": "dicts",
        "gods_arts_used": "list",
        "once_per_turn_used": "list",
        "put_into_field": "list",
        "put_into_graveyard_from_field": "list",
        "damage_sources": "lists",
        "revealed_from_outside": "list",
    },
)
_clone_obj = compile_copy(Obj, {"counters": "dict", "last_known": "opt_dict"})
"""Its lists are only ever replaced, never changed in place, so the copies share them."""
_clone_chase_item = compile_copy(
    ChaseItem,
    # every field that is not a str / int / bool / None: a deep copy of the item
    {"targets": "lists", "modes": "list", "paid_will": "list", "cost_cards": "list", "target_since": "opt_dict"},
)
_copy_battle = compile_copy(Battle)
_copy_effect = compile_copy(Effect)
_copy_delayed = compile_copy(DelayedAbility)


@dataclass(slots=True)
class GameState(GameStateBase):
    game_id: str = ""
    ruleset: str = "FoW-5.5"
    variant: str = "valhalla"
    seq: int = 0
    seed: int = 0
    shuffles: int = 0
    cards: dict[str, Card] = field(default_factory=dict)
    objects: dict[str, Obj] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    players: dict[str, PlayerState] = field(default_factory=dict)
    zones: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    chase: list[ChaseItem] = field(default_factory=list)
    turn: int = 0
    turn_player: str = ""
    first_player: str = ""
    phase: str = "setup"
    step: str = "setup"
    battle: Battle | None = None
    no_more_battle: bool = False
    passes: int = 0
    pending: Pending | None = None
    triggered: list[Triggered] = field(default_factory=list)
    status_declined: set[str] = field(default_factory=set)
    """Status automatic cards (FoW-5.5 9.6 p9) in a chant-standby area whose player chose not
    to reveal them: not offered again until the status lapses, the card moves, a new step
    begins or an attack or block is declared."""
    asked_about_hand: list[str] = field(default_factory=list)
    """The players asked, at each happening of ``cards.HAND_REVEAL_TRIGGERS``, whether to reveal an
    automatic card from their hand (FoW-5.5 9.6 p2; the decks' ``automatic_cards_in_hand``)."""
    reveal_windows: list[dict[str, Any]] = field(default_factory=list)
    """Happenings at which a player may reveal automatic cards from their hand (9.6 p2, 7.9 p2),
    not yet asked: ``{window, player, trigger, cards}``, ``cards`` those that fit then."""
    effects: list[Effect] = field(default_factory=list)
    delayed: list[DelayedAbility] = field(default_factory=list)
    """Delayed automatic abilities of this turn (FoW-5.5 9.6 p8)."""
    counter: int = 0
    """Source of fresh ids (chase items, effects, triggers): bumped by events only."""
    hand_changes: dict[str, list[str]] = field(default_factory=dict)
    """Cards each player chose to change in the hand-change step (FoW-5.5 4.2 p4)."""
    finished: bool = False
    winner: str | None = None
    result: str | None = None
    reconstructed: bool = False
    """Started from a declared position (``domain.fow.position``) rather than the set-up."""
    loop: dict[str, Any] | None = None
    """A declared loop whose number of times is being declared (FoW-5.5 14.1 p1.1, p1.2):
    ``{player, actions, stoppers, numbers}`` (``numbers``: player -> the number they declared)."""
    loop_done: dict[str, Any] | None = None
    """The loop last performed, ``{player, actions, rule}``, until its player performs another
    action (14.1 p1.1, p1.2: only then may they perform it again)."""
    shared: set[str] = field(default_factory=set, compare=False, repr=False)
    """Copy on write (not game state): the objects this state shares with another, ``evolve``'s copy
    (:func:`share`) or the state it was made from; an event handler copies one before it changes it
    (:func:`_mut`).  ``clone`` shares none."""

    STORED: ClassVar[dict[str, Stored]] = {
        **header_fields(Obj, PlayerState),
        "cards": Stored("cards", parse_card, by_alias=True),
        "chase": Stored("many", ChaseItem),
        "turn": Stored("value"),
        "turn_player": Stored("value"),
        "first_player": Stored("value"),
        "phase": Stored("value"),
        "step": Stored("value"),
        "battle": Stored("one", Battle),
        "no_more_battle": Stored("value"),
        "passes": Stored("value"),
        "pending": Stored("one", Pending),
        "triggered": Stored("many", Triggered),
        "status_declined": Stored("set", default=[]),
        "asked_about_hand": Stored("list", default=[]),
        "reveal_windows": Stored("deep", default=[]),
        "effects": Stored("many", Effect),
        "delayed": Stored("many", DelayedAbility, default=[]),
        "counter": Stored("value"),
        "hand_changes": Stored("map_lists"),
        "finished": Stored("value"),
        "winner": Stored("value"),
        "result": Stored("value"),
        "reconstructed": Stored("value", default=False),
        "loop": Stored("deep", default=None),
        "loop_done": Stored("deep", default=None),
    }
    COPIES: ClassVar[dict[str, Any]] = {
        "objects": ("values", _clone_obj),
        "players": ("values", _clone_player),
        "zones": "zones",
        "chase": ("each", _clone_chase_item),
        "battle": ("one", _copy_battle),
        "pending": ("one", _clone_pending),
        "triggered": "list",
        "status_declined": "set",
        "asked_about_hand": "list",
        "reveal_windows": "deep",
        "effects": ("each", _copy_effect),
        "delayed": ("each", _copy_delayed),
        "order": "list",
        "hand_changes": "map_lists",
        "loop": "deep",
        "loop_done": "deep",
        "shared": "empty_set",
    }

    # --- queries used everywhere -------------------------------------------------------
    def opponent(self, player: str) -> str:
        return self.order[1] if self.order[0] == player else self.order[0]

    def zone(self, player: str, zone: str) -> list[str]:
        return self.zones[player][zone]

    def card_of(self, oid: str) -> Card:
        obj = self.objects[oid]
        if obj.copy_of is not None:  # "becomes a copy": it becomes the original card (FoW-5.5 10.16 p2)
            copied = self.cards[obj.copy_of]
            return copied if obj.copy_type is None else as_type(copied, obj.copy_type)
        if obj.side == "j_ruler":
            judgment = self.cards[obj.card].judgment
            if judgment is not None:
                return self.cards[judgment.j_ruler]
        if obj.side == "future":
            other = self.cards[obj.card].other_side
            if other is not None:
                return self.cards[other]
        return self.cards[obj.card]


_TYPED: dict[tuple[int, str], tuple[Card, Card]] = {}
"""Memo of :func:`as_type`: (id of the card, type) -> (that card, the card with that type)."""


def as_type(card: Card, card_type: str) -> Card:
    """``card`` with the card type ``card_type`` (a copy with an exception, FoW-5.5 10.16 p2): the same
    value for the same card every time (the memo keeps the card, so an id is never reused for another)."""
    if card.type == card_type:
        return card
    memo = _TYPED.get((id(card), card_type))
    if memo is None or memo[0] is not card:
        if len(_TYPED) >= 256:  # cards of states loaded since: forget them (a memo, not state)
            _TYPED.clear()
        memo = (card, card.model_copy(update={"type": card_type}))
        _TYPED[(id(card), card_type)] = memo
    return memo[1]


# --- serialisation --------------------------------------------------------------------

state_to_dict = GameState.to_dict
"""A JSON-friendly, canonical dump (snapshots and replay-equality checks)."""
state_from_dict = GameState.from_dict


# --- evolve ---------------------------------------------------------------------------


def _acted(s: GameState, e: Event) -> None:
    """Any event its player acts in ends the wait for another action after a loop (FoW-5.5 14.1 p1.1)."""
    if s.loop_done is not None and e.actor == s.loop_done["player"]:
        s.loop_done = None


_share_copy = compile_clone({**GameState.COPIES, "objects": "dict"})


def share(s: GameState) -> GameState:
    """A copy of ``s`` that shares its objects with it, each copied by the first event handler of
    either state that changes it (:func:`_mut`): ``evolve``'s copy.  Code that holds an object
    while events change it does so on ``decide``'s copy (``clone``, which shares nothing) or on a
    state it owns (``decide_in_place``, :func:`own_objects`)."""
    new: GameState = _share_copy(s)
    new.shared = set(s.objects)
    s.shared = set(s.objects)
    return new


def own_objects(s: GameState) -> None:
    """``s`` with copies of the objects it shares (:func:`share`), so that changing ``s`` in place
    keeps every object it holds."""
    if s.shared:
        s.objects = {oid: _clone_obj(obj) if oid in s.shared else obj for oid, obj in s.objects.items()}
        s.shared = set()


def _mut(s: GameState, oid: str) -> Obj:
    """The object ``oid`` of ``s``, to be changed: a copy of it first if ``s`` shares it (:func:`share`)."""
    obj = s.objects[oid]
    if oid in s.shared:
        obj = s.objects[oid] = _clone_obj(obj)
        s.shared.discard(oid)
    return obj


_EVENTS = EventHandlers[GameState]("Force of Will", before=_acted, copy=share)
handles = _EVENTS.handles
EVENTS = _EVENTS
apply_event = _EVENTS.apply
"""Apply one recorded event to a state in place."""
evolve = _EVENTS.evolve
EVENT_TYPES = _EVENTS.handlers
"""Every event type the Force of Will engine records, by name."""


@handles("GameStarted")
def _game_started(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.game_id = d["game_id"]
    s.ruleset = d["ruleset"]
    s.variant = d["variant"]
    s.seed = d["seed"]
    s.cards = {cid: parse_card(c) for cid, c in d["cards"].items()}
    s.order = [p["id"] for p in d["players"]]
    s.players = {p["id"]: PlayerState(id=p["id"], name=p["name"]) for p in d["players"]}
    s.zones = {p: {z: [] for z in ZONES} for p in s.order}
    card_keys = {cid: cid for cid in s.cards}
    for o in d["objects"]:
        # the names every object repeats (owner, card, zone) as one string each per game, not one per
        # object (issue 23: memory per cached game); equal strings, so nothing decided changes
        owner = _player(s, o["owner"])
        card = card_keys.get(o["card"], o["card"])
        obj = Obj(oid=o["oid"], card=card, owner=owner, controller=owner, zone=_name(o["zone"]))
        s.objects[obj.oid] = obj
        s.zones[obj.owner][obj.zone].append(obj.oid)
    asked = d.get("automatic_cards_in_hand") or {}
    s.asked_about_hand = [p for p in s.order if asked.get(p) == "ask"]


@handles("RevealWindowOpened")
def _reveal_window_opened(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    """A happening at which ``player`` may reveal automatic cards from their hand (FoW-5.5 9.6 p2)."""
    s.reveal_windows.append(
        {"window": d["window"], "player": d["player"], "trigger": d["trigger"], "cards": list(d["cards"])}
    )
    s.counter += 1


@handles("RevealWindowClosed")
def _reveal_window_closed(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.reveal_windows = [w for w in s.reveal_windows if w["window"] != d["window"]]


@handles("DeckShuffled")
def _deck_shuffled(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    objects = s.objects
    s.zones[d["player"]][d["zone"]] = [objects[oid].oid for oid in d["order"]]  # the objects' own ids, not copies
    s.shuffles = d["shuffle_index"] + 1
    for oid in d["order"]:
        if objects[oid].revealed:
            _mut(s, oid).revealed = False


@handles("LifeSet")
def _life_set(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.players[d["player"]].life = d["life"]


@handles("LifeChanged")
def _life_changed(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.players[d["player"]].life = d["life"]


@handles("AdditionMoved")
def _addition_moved(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    """An addition in a field added onto another card: the same object (no zone change, 3.1 p3)."""
    _mut(s, d["oid"]).attached_to = d["to"]


@handles("CardsChosenAtRandom")
def _cards_chosen_at_random(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    """ "Discards a card at random": the cards the recorded seed picked (moved by the events after)."""
    s.shuffles = d["shuffle_index"] + 1


@handles("PlayerChosenAtRandom")
def _chosen_at_random(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.shuffles = d["shuffle_index"] + 1


@handles("TurnOrderChosen")
def _turn_order(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.first_player = d["first_player"]


@handles("CardMoved")
def _card_moved(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    obj = _mut(s, d["oid"])
    src = _name(d["from"])
    if src == "chase":
        pass
    else:
        s.zones[obj.controller if src in PLAYGROUND else obj.owner][src].remove(obj.oid)
    to = _name(d["to"])
    controller = _player(s, d["controller"]) if "controller" in d else obj.owner
    if to != "chase":
        dest = s.zones[controller if to in PLAYGROUND else obj.owner][to]
        if d.get("position") == "bottom":
            dest.insert(0, obj.oid)
        else:
            dest.append(obj.oid)  # the end of a list is the top of a pile
    playground_to_playground = src in PLAYGROUND and to in PLAYGROUND
    if to == "field" and src != "field":  # put into a field (a J-ruler by judgment too), by its controller
        s.players[controller].put_into_field.append(obj.oid)
    if src == "field" and to == "graveyard":  # from the field of the player who controlled it
        s.players[obj.controller].put_into_graveyard_from_field.append(obj.oid)
    if to in PLAYGROUND and src not in PLAYGROUND:
        obj.damaged_by = []
    remover = s.objects.get(d.get("removed_by") or "")
    if to == "removed" and remover is not None:  # "removed ... from the game with this card's ability"
        _mut(s, remover.oid).removed_with += 1
    if src in PLAYGROUND and to not in PLAYGROUND:  # last known as that object (9.11)
        obj.playground_since = obj.zone_since
    obj.zone = to
    obj.controller = controller
    s.status_declined.discard(obj.oid)
    obj.face_down = bool(d.get("face_down", False))
    obj.unseen = bool(d.get("unseen", False))
    obj.zone_since = e.seq
    if not playground_to_playground:
        obj.object_since = e.seq
        # A new object in a new zone (FoW-5.5 3.1 p3): counters (10.21 p3), damage and
        # orientation do not follow it; it enters recovered (3.2 p1.2).
        obj.entered_turn = s.turn
        obj.moved_from = src
        obj.counters = {}
        obj.damage = 0
        obj.dealt = 0
        obj.attacked_turn = 0
        obj.removed_with = 0
        # "removed from the game by this card": the card and the object it was (3.1 p3)
        by, since = ("removed_by", "removed_by_since") if to == "removed" else ("put_by", "put_by_since")
        obj.moved_by = d.get(by) if since in d else None
        obj.moved_by_since = d.get(since) if obj.moved_by is not None else None
        obj.rested = bool(d.get("rested", False))  # "enters ... rested" (FoW-5.5 9.10 p1)
        obj.attached_to = d.get("attached_to")
        obj.awakened = bool(d.get("awakened", False))
        obj.x = int(d.get("x") or 0)
        obj.paid_will = list(d.get("paid_will", []))
        obj.from_remnant = bool(d.get("from_remnant", False))
        # a move shown to all (``revealed``: "reveal it and put it into your hand") still ends the
        # reveal: "It ends when the effect to reveal it ends or when the card is moved to another
        # area" (FoW-5.5 10.4 p1); the event keeps what every player saw
        obj.revealed = False
        obj.copy_of = obj.copy_type = None  # a copy effect on the old object ends with it (3.1 p3, 10.16 p2)
        if to != "field":
            obj.side = "front"
        if to == "standby":
            obj.standby_turn = s.turn
        # effects on the old object end (FoW-5.5 3.1 p3)
        for eff in s.effects:
            if obj.oid in eff.targets:
                eff.targets = [t for t in eff.targets if t != obj.oid]
        s.effects = [
            eff
            for eff in s.effects
            if eff.targets
            or eff.filter is not None
            or eff.kind
            not in (
                "modify",
                "grant",
                "lose_skill",
                "set_attributes",
                "change_races",
                "prevent",
                "rules",
                "lose_abilities",
                "control",
                "deal_more",
                "grant_abilities",
                "switch",
                "set",
                "atk_becomes_def",
                "remove_instead",
            )
        ]
    elif "attached_to" in d:
        obj.attached_to = d["attached_to"]
    if "side" in d:
        obj.side = _name(d["side"])
    if "last_known" in d:
        obj.last_known = dict(d["last_known"])
    if d.get("entered"):
        obj.entered_turn = s.turn
    if "x" in d:  # a J-ruler put into the field by a judgment with an {X} cost (9.3 p2.5)
        obj.x = int(d["x"])
    if d.get("side") == "j_ruler":  # turned to its J-ruler side by a judgment: the cards paid for it (7.5 p2)
        obj.judgment_cards = list(d.get("judgment_cards", []))


@handles("CopyMade")
def _copy_made(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    """A pseudo-card with the copied information put into a zone (FoW-5.5 10.16 p1.1): a new object
    (3.1 p3) with the choices made for the copied object (10.16 p1.3)."""
    oid, to, controller = d["oid"], d["to"], d["controller"]
    obj = Obj(oid, d["card"], d["owner"], controller, to, pseudo=True, rested=bool(d.get("rested", False)))
    obj.x, obj.awakened = int(d.get("x") or 0), bool(d.get("awakened", False))
    if d.get("copy_type") is not None:  # a copy of a card that became a copy with an exception (10.16 p1)
        obj.copy_of, obj.copy_type = d["card"], d["copy_type"]
    obj.entered_turn, obj.zone_since, obj.object_since, obj.moved_from = s.turn, e.seq, e.seq, "none"
    if d.get("put_by") is not None:  # "the resonator put into your field by this card" (3.1 p3)
        obj.moved_by, obj.moved_by_since = d["put_by"], d.get("put_by_since")
    s.objects[oid] = obj
    s.shared.discard(oid)
    s.zones[controller][to].append(oid)
    if to == "field":
        s.players[controller].put_into_field.append(oid)
    s.counter += 1  # its id came from the counter (``Ctx.fresh_id``)


@handles("ChaseItemCopied")
def _chase_item_copied(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    """A spell or an ability on the chase copied (FoW-5.5 10.16 p1): a new item on the chase with
    the copied one's choices (p1.3) - for a spell a pseudo-card in the chase area (p1.1), for an ability
    the same ability of the same source (p1.2) - controlled by the player whose effect copied it.  It goes
    just under the resolving item whose effect makes it (``by``), which leaves the chase as it finishes
    resolving (9.3 p3.2): the copy is then on top (the resolving item stays the one resolved, 9.3 p3)."""
    player = d["player"]
    if d["kind"] == "card":
        obj = Obj(d["source"], d["card"], player, player, "chase", pseudo=True)
        obj.x, obj.awakened = int(d.get("x") or 0), bool(d.get("awakened", False))
        obj.entered_turn, obj.zone_since, obj.object_since, obj.moved_from = s.turn, e.seq, e.seq, "none"
        s.objects[obj.oid] = obj
    item = _recorded_chase_item(d, player, copied_by=d["by"])
    # under the item whose effect makes it, which is resolving: once that leaves, the copy is on top
    at = next((i for i, c in enumerate(s.chase) if c.id == d["by"]), len(s.chase))
    s.chase.insert(at, item)
    s.counter += 1
    s.passes = 0


@handles("CopyTargetsChosen")
def _copy_targets_chosen(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    """New targets chosen for a copy ("You may choose new targets for the copy", FoW-5.5 10.16 p1.3)."""
    for item in s.chase:
        if item.id == d["item"]:
            item.targets = [list(t) for t in d["targets"]]
            item.target_since = dict(d.get("target_since", {}))


@handles("CopyCeasedToExist")
def _copy_ceased(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    """A pseudo-card that moved out of its zone ceases to exist (FoW-5.5 10.16 p1.1)."""
    obj = _mut(s, d["oid"])
    if obj.zone != "chase":
        where = s.zones[obj.controller if obj.zone in PLAYGROUND else obj.owner][obj.zone]
        if obj.oid in where:
            where.remove(obj.oid)
    obj.zone, obj.zone_since = "none", e.seq
    s.status_declined.discard(obj.oid)


@handles("BecameCopy")
def _became_copy(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    """A card "becomes a copy" of another (FoW-5.5 10.16 p2): the copied information, with the
    exceptions the text makes ("except it doesn't become a J-Ruler and it's still a resonator")."""
    obj = _mut(s, d["oid"])
    obj.copy_of, obj.copy_type = str(d["card"]), d.get("copy_type")


@handles("ControlChanged")
def _control_changed(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    obj = _mut(s, d["oid"])
    s.zones[d["from"]][obj.zone].remove(obj.oid)
    s.zones[d["to"]][obj.zone].append(obj.oid)
    obj.controller = d["to"]
    obj.control_turn = s.turn
    if "effect" not in d and not d.get("returned"):
        # a controller-changing effect with no end, newer than every "as long as" one on this card:
        # it applies after them for good (9.9 p3), so they no longer decide who controls it (1.5 p3)
        for eff in s.effects:
            if eff.kind == "control" and obj.oid in eff.targets:
                eff.targets = [t for t in eff.targets if t != obj.oid]
        s.effects = [eff for eff in s.effects if eff.kind != "control" or eff.targets]


@handles("CardRested")
def _rested(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    _mut(s, d["oid"]).rested = True


@handles("CardRecovered")
def _recovered(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    _mut(s, d["oid"]).rested = False


@handles("CardsRecovered")
def _all_recovered(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    for oid in d["oids"]:
        _mut(s, oid).rested = False


@handles("TurnBegan")
def _turn_began(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.turn = d["turn"]
    s.turn_player = d["player"]
    s.no_more_battle = False
    for p in s.players.values():
        p.once_per_turn_used = []
        p.put_into_field = []
        p.put_into_graveyard_from_field = []
        p.damage_sources = []
    # they trigger only in the turn they were made for (9.6 p8.1): "at the next end of turn" may be this one
    s.delayed = [d for d in s.delayed if d.turn >= s.turn and not d.fired]


@handles("StepBegan")
def _step_began(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.status_declined.clear()
    s.phase = d["phase"]
    s.step = d["step"]
    s.passes = 0
    s.pending = None


@handles("PriorityGiven")
def _priority(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.pending = Pending(kind="priority", player=d["player"])
    if d.get("reset_passes"):
        s.passes = 0


@handles("PriorityPassed")
def _passed(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.passes += 1
    s.pending = None


@handles("ChoiceRequested")
def _choice(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.pending = Pending(kind=d["kind"], player=d["player"], options=dict(d.get("options", {})))


@handles("OptionChosen")
def _option_chosen(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    # the "you may" question is answered; the effects that follow are their own events
    resume = s.pending.options.get("resume") if d.get("resumes") and s.pending is not None else None
    answered = resume.get("pending") if isinstance(resume, dict) else None
    s.pending = None
    if isinstance(answered, dict):  # which replacement of a move applies: the command that asked is decided
        # again, answering the decision it answered (``commands.ask_move_choice``)
        s.pending = Pending(str(answered["kind"]), str(answered["player"]), dict(answered.get("options", {})))
    if d.get("chosen_race"):  # "Choose a race.": remembered by the resolving item (2.5 p1)
        for item in s.chase:
            if item.id == d.get("item"):
                item.chosen_race = str(d["race"])


@handles("LifeGainPrevented")
def _life_gain_prevented(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    pass  # a record for judges: a life gain that a "cannot gain life" prohibited


@handles("ConditionChecked")
def _condition_checked(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    pass  # a record for judges: which branch of an "if" applied


@handles("TargetsIllegal")
def _targets_illegal(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    pass  # a record for judges: chosen targets that became new objects, which the effects skip


@handles("EntersRested")
def _enters_rested(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    pass  # a record for judges: the CardMoved that follows puts the card in rested


@handles("DamageReplaced")
def _damage_replaced(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    # a record for judges: "it deals that much +200 instead"; the DamageDealt that follows counts.
    # "The next damage this card would deal ... is dealt to you instead" has applied: it ends (9.10 p1)
    s.effects = [eff for eff in s.effects if not (eff.id == d["effect"] and eff.kind == "redirect_dealt")]


@handles("CountersReplaced")
def _counters_replaced(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    pass  # a record for judges: "put that many plus one instead"; the CounterPut that follows counts


@handles("CardsDrawn")
def _drawn(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    # bookkeeping event; the moves themselves are CardMoved events
    pass


@handles("DrawFromEmptyDeckAttempted")
def _deck_out(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.players[d["player"]].deck_out = True


@handles("HandChangeDeclared")
def _hand_change(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.pending = None
    s.hand_changes[d["player"]] = list(d["cards"])


@handles("WillProduced")
def _will_produced(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    if d.get("spend_only") is not None:  # will that may pay only for some cards (1.4 p1)
        s.players[d["player"]].restricted_will += [{"will": w, "spend_only": d["spend_only"]} for w in d["will"]]
        return
    s.players[d["player"]].will.extend(d["will"])


@handles("WillPaid")
def _will_paid(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    pool = s.players[d["player"]].will
    for w in d["will"]:
        pool.remove(w)
    restricted = s.players[d["player"]].restricted_will
    for entry in d.get("restricted", []):
        restricted.remove(entry)
    for item in s.chase if "item" in d else []:  # the will paid for an item's [Awakening] cost
        if item.id == d["item"]:
            item.paid_will += [*d["will"], *(r["will"] for r in d.get("restricted", []))]


@handles("WillCeased")
def _will_ceased(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.players[d["player"]].will = []
    s.players[d["player"]].restricted_will = []


@handles("LifePaid")
def _life_paid(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.players[d["player"]].life = d["life"]


def _recorded_chase_item(d: Mapping[str, Any], controller: str, **more: Any) -> ChaseItem:
    """A chase item as its event records it: what an item put on the chase and a copy of one
    (``ChaseItemCopied``) share, with ``more`` of their own."""
    return ChaseItem(
        id=d["item"],
        kind=d["kind"],
        controller=controller,
        source=d["source"],
        ability=d.get("ability", -1),
        targets=[list(t) for t in d.get("targets", [])],
        awakened=bool(d.get("awakened", False)),
        choice=d.get("choice"),
        modes=list(d.get("modes", [])),
        amount=d.get("amount"),
        subject=d.get("subject"),
        subject_since=d.get("subject_since"),
        source_since=d.get("source_since"),
        target_since=dict(d["target_since"]) if "target_since" in d else None,
        x=int(d.get("x") or 0),
        **more,
    )


@handles("CardPlayed", "AbilityPlayed", "JudgmentPerformed", "BreakPlayed")
def _put_on_chase(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    item = _recorded_chase_item(
        d,
        d["player"],
        delayed=d.get("delayed"),
        cost_cards=list(d.get("cost_cards", [])) if d["kind"] == "judgment" else [],
    )
    if item.kind == "ability" and item.source_since is None and item.source in s.objects:
        item.source_since = s.objects[item.source].zone_since  # a log from before it was recorded
    s.chase.append(item)
    s.counter += 1
    s.passes = 0
    if d.get("trigger"):
        s.triggered = [t for t in s.triggered if t.id != d["trigger"]]
    if d.get("once_per_turn_key"):
        s.players[d["player"]].once_per_turn_used.append(d["once_per_turn_key"])
    if d.get("gods_art"):
        s.players[d["player"]].gods_arts_used.append(d["gods_art"])
    if d["kind"] == "judgment":
        s.players[d["player"]].judgment_turn = s.turn
    if s.battle is not None and d["player"] != s.turn_player:
        s.battle.opponent_acted = True


@handles("WillAbilityResolved")
def _will_ability(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.passes = 0
    if d.get("once_per_turn_key"):
        s.players[d["player"]].once_per_turn_used.append(d["once_per_turn_key"])


@handles("EffectsApplied")
def _effects_progress(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    for item in s.chase:
        if item.id == d["item"]:
            item.resolved_effects = d["count"]


@handles("ChaseItemResolved", "ChaseItemCanceled", "ChaseItemRemoved")
def _chase_removed(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.chase = [c for c in s.chase if c.id != d["item"]]
    s.passes = 0  # a resolution starts a fresh priority sequence (6.4 p1.2)


@handles("DamageDealt")
def _damage(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    if not d.get("to_card"):
        player = s.players[d["target"]]
        player.damage_taken = (player.damage_taken if player.dealt_damage_turn == s.turn else 0) + d["amount"]
        s.players[d["target"]].dealt_damage_turn = s.turn
        source = s.objects.get(d["source"])
        if source is not None and source.zone == "field":  # by a card in a field, as it is now
            s.players[d["target"]].damage_sources.append([s.card_of(source.oid).type, source.controller])
    dealer = _mut(s, d["source"]) if d["source"] in s.objects else None
    if dealer is not None:
        dealer.dealt = (dealer.dealt if dealer.dealt_turn == s.turn else 0) + d["amount"]
        dealer.dealt_turn = s.turn
    if d.get("to_card"):
        obj = _mut(s, d["target"])
        obj.damage += d["amount"]
        if obj.damaged_turn != s.turn:
            obj.damaged_by, obj.damaged_turn = [], s.turn
        if d["source"] not in obj.damaged_by:
            obj.damaged_by = [*obj.damaged_by, d["source"]]


@handles("DamagePrevented")
def _prevented(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    for eff in s.effects:
        if eff.id == d["effect"] and eff.amount is not None:
            eff.amount -= d["amount"]
    used_up = {eff.id for eff in s.effects if eff.kind == "prevent" and eff.amount is not None and eff.amount <= 0}
    if any(eff.id == d["effect"] and eff.next for eff in s.effects):
        used_up.add(d["effect"])  # "the next damage": it has been prevented (10.17 p1.2)
    s.effects = [eff for eff in s.effects if eff.id not in used_up]
    if d.get("once_per_turn_key"):  # "Each turn, prevent the first damage ...": applied this turn
        s.players[d["player"]].once_per_turn_used.append(d["once_per_turn_key"])


@handles("ContinuousEffectCreated")
def _effect_created(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.effects.append(
        Effect(
            id=d["id"],
            kind=d["kind"],
            source=d["source"],
            controller=d["controller"],
            targets=list(d["targets"]),
            atk=d.get("atk", 0),
            def_=d.get("def", 0),
            skill=d.get("skill"),
            amount=d.get("amount"),
            duration=d["duration"],
            created=e.seq,
            rules=list(d.get("rules", [])),
            filter=d.get("filter"),
            by=bool(d.get("by", False)),
            next=bool(d.get("next", False)),
            blocked_by=d.get("blocked_by"),
            less=d.get("less"),
            condition=d.get("condition"),
            base=d.get("base"),
            change=d.get("change"),
            abilities=list(d.get("abilities", [])),
            attributes=d.get("attributes"),
            races=list(d.get("races", [])),
            lose_races=bool(d.get("lose_races", False)),
            counter_per_100=d.get("counter_per_100"),
        )
    )
    s.counter += 1


@handles("ContinuousEffectNotMade")
def _effect_not_made(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    """ "as long as this card is in a field" with the card gone before the effect resolves (9.9 p8)."""


@handles("ContinuousEffectsEnded")
def _effects_ended(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    ended = set(d["ids"])
    s.effects = [eff for eff in s.effects if eff.id not in ended]


@handles("DamageCleared")
def _damage_cleared(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    for oid in d["oids"]:
        _mut(s, oid).damage = 0


@handles("CounterPut")
def _counter(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    obj = _mut(s, d["oid"])
    obj.counters[d["counter"]] = obj.counters.get(d["counter"], 0) + d["count"]


@handles("BattleBegan")
def _battle_began(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.battle = Battle()


@handles("AttackDeclared")
def _attack(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.status_declined.clear()
    assert s.battle is not None
    s.battle.attacker = d["attacker"]
    s.battle.target = d["target"]
    s.battle.declared = f"ev:{e.seq}"
    s.pending = None
    attacker = _mut(s, d["attacker"])
    attacker.attacked_turn = s.turn
    if attacker.side == "j_ruler":
        s.players[attacker.controller].j_ruler_attacked_turn = s.turn
    else:  # "if no resonator you control attacked this turn"
        s.players[attacker.controller].resonator_attacked_turn = s.turn


@handles("AttackForfeited")
def _forfeit(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    if d.get("no_more_battle"):
        s.no_more_battle = True
    s.pending = None


@handles("BlockDeclared")
def _block(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.status_declined.clear()
    assert s.battle is not None
    s.battle.blocker = d["blocker"]
    s.battle.block_declared = f"ev:{e.seq}"
    s.pending = None


@handles("BlockDeclined")
def _no_block(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.pending = None


@handles("FirstStrikeDamageDealt")
def _first_strike(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    assert s.battle is not None
    s.battle.first_strike_dealt = True


@handles("BattleEnded")
def _battle_ended(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.battle = None


@handles("MagicStoneCalled")
def _called(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.players[d["player"]].called_stone_turn = s.turn
    s.passes = 0


@handles("CardPutIntoStandby", "LifebreakPerformed", "CardRevealed")
def _marker(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.passes = 0
    if "oid" in d and e.type == "CardRevealed":
        _mut(s, d["oid"]).revealed = True
        if d.get("until") == "end_of_game":  # revealed from outside the game (3.16 p1): remembered all game
            s.players[d["player"]].revealed_from_outside.append(d["oid"])


@handles("CardLookedAt")
def _looked_at(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    pass  # a player looked at a hidden card (3.1 p2): what they saw is in the event, for them only


@handles("RevealEnded")
def _reveal_ended(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    _mut(s, d["oid"]).revealed = False


@handles("AbilityTriggered")
def _triggered(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    if (d.get("extra") or {}).get("once_per_turn_key"):
        s.players[d["controller"]].once_per_turn_used.append(d["extra"]["once_per_turn_key"])
    s.triggered.append(
        Triggered(
            id=d["trigger"],
            controller=d["controller"],
            source=d["source"],
            ability=d["ability"],
            cause=e.cause,
            kind=d.get("kind", "ability"),
            target=(d.get("extra") or {}).get("target"),
            amount=(d.get("extra") or {}).get("amount"),
            zone=d.get("from", "standby"),
        )
    )
    if d.get("kind") == "delayed":  # it triggers once and once only (9.6 p8.1) unless it says "whenever"
        for delayed in s.delayed:
            if delayed.id == (d.get("extra") or {}).get("target") and delayed.at not in REPEATING_DELAYED:
                delayed.fired = True
    s.counter += 1


@handles("CostChanged")
def _cost_changed(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    """A record of the cost to pay (FoW-5.5 9.3 p2.5): the payment events change the state."""


@handles("PlayPermissionUsed")
def _play_permission_used(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    """A record of what let a card be played from another zone than the hand ([Remnant] a card gave,
    "You may play cards in your graveyard", FoW-5.5 12.6 p2, 7.1 p2, 1.4 p1): the move follows."""
    if d.get("once_per_turn_key"):  # "Once per turn, you may play a card from ...": used this turn
        s.players[d["player"]].once_per_turn_used.append(d["once_per_turn_key"])


@handles("DelayedAbilityCreated")
def _delayed_created(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.delayed.append(
        DelayedAbility(
            id=d["delayed"],
            controller=d["controller"],
            source=d["source"],
            turn=d.get("turn", s.turn),
            at=d["at"],
            effects=[dict(x) for x in d["effects"]],
            objects=[list(o) for o in d.get("objects", [])],
            source_since=d.get("source_since"),
        )
    )
    s.counter += 1


@handles("TriggerDiscarded")
def _trigger_discarded(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    if d.get("why") == "not revealed":
        for t in s.triggered:
            if t.id == d["trigger"] and s.cards[s.objects[t.source].card].trigger_condition is not None:
                s.status_declined.add(t.source)
    s.triggered = [t for t in s.triggered if t.id != d["trigger"]]


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


@handles("ResolutionPaused", "ResolutionStarted", "CardMoveIgnored", "DestructionIgnored")
def _paused(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    pass


@handles("SeedRevealed")
def _seed_revealed(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    pass  # the seed was known to the engine all along; the event publishes it


@handles("CardShifted")
def _shifted(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    _mut(s, d["oid"]).side = d["side"]


@handles("CounterRemoved")
def _counter_removed(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    obj = _mut(s, d["oid"])
    left = obj.counters.get(d["counter"], 0) - d["count"]
    if left > 0:
        obj.counters[d["counter"]] = left
    else:
        obj.counters.pop(d["counter"], None)


@handles("StatusLapsed")
def _status_lapsed(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    s.status_declined.discard(d["oid"])


# --- loops (14.1) ---------------------------------------------------------------------


@handles("LoopDeclared")
def _loop_declared(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    numbers = {d["player"]: d["times"]} if "times" in d else {}
    s.loop = {"player": d["player"], "actions": d["actions"], "stoppers": list(d["stoppers"]), "numbers": numbers}


@handles("LoopTimesDeclared")
def _loop_times_declared(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    assert s.loop is not None
    s.loop = {**s.loop, "numbers": {**s.loop["numbers"], d["player"]: d["times"]}}
    s.pending = None


@handles("LoopDetected")
def _loop_detected(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    pass  # a record for judges: why the game ends in a draw (14.1 p1.3); GameEnded follows


@handles("LoopPerformed")
def _loop_performed(s: GameState, d: Mapping[str, Any], e: Event) -> None:
    assert s.loop is not None
    rule = "14.1 p1.1" if len(s.loop["stoppers"]) == 1 else "14.1 p1.2"
    s.loop_done = {"player": d["player"], "actions": s.loop["actions"], "rule": rule}
    s.loop = None
