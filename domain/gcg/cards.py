"""Godzilla Card Game cards as declarative data over a small effect vocabulary (pydantic).

A card is validated on load; errors name the card and the field.  Card text takes
precedence over the rules (GCG-1.00 1.3.1): abilities carry the modifiers (threat level,
counter power, "cannot engage", extra traits, replacement effects) that the engine consults
at the rule points where the comprehensive rules would otherwise apply.

Vocabulary in brief (see ``service/catalogs/gcg/cards.json`` for examples):

* ``type``: ``monster`` / ``battle`` / ``strategy`` (2.2); ``rank`` (2.3: monster ranks
  1-4 for I-IV, battle and strategy ranks), ``color`` red/blue/white (2.4), ``traits``
  (2.5), ``threat`` (threat level of a monster, 2.6), ``counter`` (counter power of a
  battle card, 2.7), ``invasion`` (the number on the invasion icon, 2.8; 0 = no icon),
  ``number`` (card number for deck construction, 2.11.2; defaults to the id).
* ``abilities`` (9.1): ``auto`` (a ``trigger``; 【Enter】 = ``enter`` 11.2, 【When invading】
  = ``when_invading`` 11.3; an optional ``cost``, 9.6.3.2.1), ``continuous`` (``threat``/``counter``/``set_threat``/
  ``cannot_engage``/``gain_traits``/``nullify``/``lose_triggers``/``gain_abilities`` for
  ``affects``) and ``replacement`` (9.9: ``replaces``
  ``destroyed`` / ``returned_to_hand`` / ``discarded`` / ``countered`` / ``advanced`` /
  ``retreated`` / ``draw`` for
  ``affects``,
  ``instead`` effects, ``optional``).  ``awakening: N`` is 【Awakening N】
  (11.4), ``evolution: {rank, trait}`` is 【Evolution】 (11.6).
* one-shot effects (9.7), by ``op``: ``draw``, ``discard``, ``destroy``, ``return_to_hand``,
  ``advance``/``retreat``, ``gain_rage``/``lose_rage``, ``search``, ``reveal_top``,
  ``look_top`` (5.5), ``swap``, ``modify``, ``counter``, ``invade``, ``activate_strategy``,
  ``play_battle``, ``mill``, ``win_game``, ``shuffle``, ``evolve``.
* a strategy card's ``effects`` are its text: an automatic ability "when this card is
  placed in the strategy zone" (9.1.1.1.2).
* a monster's ``burst`` is 【Burst (rank)】 (11.5).
* ``deck_limit``: a deck construction ability (6.1.2) replacing the 4-copies limit
  (``null`` in the JSON for "any number").
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, Literal, cast

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    ValidationError,
    model_serializer,
    model_validator,
)

from domain.interning import Interned
from domain.kernel import CardDataError, card_data_error

CardType = Literal["monster", "battle", "strategy"]
Color = Literal["red", "blue", "white"]
Who = Literal["you", "opponent"]
Duration = Literal["end_of_turn", "opponents_next_turn", "game"]
"""``end_of_turn`` ("until end of turn", 7.5.6), ``opponents_next_turn`` (until the end of
your opponent's next turn) and ``game`` ("during this game", 9.2.1.2)."""

Trigger = Literal[
    "enter",
    "when_invading",
    "placed",
    "start_of_start_phase",
    "start_of_main_phase",
    "start_of_counter_phase",
    "start_of_end_phase",
    "end_of_turn",
    "destroyed",
    "ally_destroyed",
    "opponent_countered",
    "advanced",
    "hand_empty",
]
"""Trigger conditions (9.1.1.1).  ``hand_empty`` is a situation trigger (9.6.6)."""

PHASE_TRIGGERS = frozenset(
    {"start_of_start_phase", "start_of_main_phase", "start_of_counter_phase", "start_of_end_phase", "end_of_turn"}
)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    added_later: ClassVar[frozenset[str]] = frozenset()
    """Fields added after games were recorded: dumped only when set to something other
    than their default.  Cards and abilities are copied into events (``AbilityTriggered``
    carries the ability), so a new field dumped at its default would change the events
    of every game that never uses it, and an audit of a log recorded before the field
    existed would diverge at the first such event."""

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if self.added_later:
            defaults = _later_defaults(type(self))
            for name in self.added_later:
                if name in data and getattr(self, name) == defaults[name]:
                    del data[name]
        return data


@functools.cache
def _later_defaults(cls: type[_Model]) -> dict[str, Any]:
    """The defaults of ``cls``'s fields ``added_later``, made once (only compared, never handed
    out): pydantic's ``get_default`` inspects a default factory's signature at every call."""
    return {name: cls.model_fields[name].get_default(call_default_factory=True) for name in cls.added_later}


class Filter(_Model):
    """Which cards an effect may choose or affect.  ``controller`` is relative to the
    master of the effect; the positional conditions are relative to that master's
    invading monster (4.4.5)."""

    added_later = frozenset({"colors", "min_zone", "max_zone"})
    area: Literal["field", "hand", "deck", "discard", "strategy", "monster_deck"] = "field"
    controller: Literal["you", "opponent", "any"] = "any"
    types: list[CardType] = Field(default_factory=list)
    traits: list[str] = Field(default_factory=list)
    """Any of these traits (2.5)."""
    name: str | None = None
    max_rank: int | None = None
    min_rank: int | None = None
    other_than_self: bool = False
    same_column: bool = False
    """In the same column as your invading monster (4.4.5.4)."""
    adjacent: bool = False
    """In a zone adjacent to your invading monster's zone (4.4.5.2)."""
    in_front: bool = False
    """In front of your invading monster's zone (4.4.5.1)."""
    before_monster: bool = False
    """Your zones before your invading monster's zone (4.4.5.3)."""
    beyond_monster: bool = False
    """Your zones beyond your invading monster's zone (4.4.5.3)."""
    colors: list[Color] = Field(default_factory=list)
    """Any of these colors (2.4)."""
    min_zone: Annotated[int, Field(ge=1, le=8)] | None = None
    max_zone: Annotated[int, Field(ge=1, le=8)] | None = None
    """A card in a zone (4.4) whose zone number is in ``min_zone``..``max_zone`` ("in zones
    6-8"; zone numbers of its master, 4.4.3); an invading monster counts at its position."""


class Condition(_Model):
    """An effect or ability active only under a condition (9.3.3): "if (condition), (effect)".

    * ``monster_zone``: the invading monster of ``who`` occupies a zone numbered
      ``min``..``max`` (3.3.3, 4.4.3: "if your opponent's monster card is in zones 6-8");
    * ``self_zone``: the source card is in a zone numbered ``min``..``max`` ("if this card is in
      zone 8"; a monster at its position 3.3.3.1, a battle card in its zone 4.4);
    * ``rage``: the rage of ``who``'s invading monster (3.4.3) is ``min``..``max``;
    * ``monster_rank``: the monster rank of ``who``'s invading monster (its topmost card,
      2.3.2.1, 3.2.3.1) is ``min``..``max`` ("if your opponent's monster card is rank IV or higher");
    * ``count``: the number of cards matching ``filter`` (relative to the master) is
      ``min``..``max`` ("if you have 3 or more battle cards in your zones").
    On a continuous ability a ``count`` on the field may not ask for traits (they depend on
    the continuous effects being computed, 9.8.1.3): see :meth:`printed`."""

    kind: Literal["monster_zone", "self_zone", "rage", "monster_rank", "count"]
    who: Who = "you"
    min: int | None = None
    max: int | None = None
    filter: Filter = Field(default_factory=Filter)

    def printed(self) -> bool:
        """Whether the count reads only information no continuous effect changes: cards
        outside the field, or on the field by type, colour, rank or name (not traits, 9.8.1.3)."""
        return self.filter.area != "field" or not self.filter.traits


class Target(_Model):
    """``self`` (the source card); ``chosen`` when the ability is played (9.5.2.2, 9.5.3);
    ``all`` matching cards; ``your_monster`` / ``opponent_monster`` (the invading
    monsters, 3.3.4); ``previous`` (the cards the previous effect of the same ability
    acted on, whose final information 9.10 is used when they left)."""

    kind: Literal["self", "chosen", "all", "your_monster", "opponent_monster", "previous"] = "chosen"
    filter: Filter = Field(default_factory=Filter)
    count: Annotated[int, Field(ge=1)] = 1
    up_to: bool = False
    """"up to N" (9.5.3.1.1) rather than "N" (9.5.3.1)."""


class _Effect(_Model):
    added_later = frozenset({"condition"})
    optional: bool = False
    """"You may (action) to (process)" (9.5.4): chosen on resolution; ``then`` runs only if
    the action was performed, and it may be chosen only if it can be performed in full."""
    then: list[Effect] = Field(default_factory=list)
    condition: Condition | None = None
    """"If (condition), (effect)": checked when the effect would be performed; not fulfilled,
    nothing is done for it (9.3.2, 9.3.3) and its ``then`` does not run."""


class Draw(_Effect):
    """Draw N cards (5.4.2), up to N (5.4.3), or as many as the battle rank of the previous
    effect's card (final information, 9.10.1.2)."""

    op: Literal["draw"] = "draw"
    count: Annotated[int, Field(ge=0)] = 1
    up_to: bool = False
    who: Who = "you"
    count_from: Literal["previous_rank"] | None = None


class Discard(_Effect):
    """Discard N cards (5.7.1) or until N remain (5.7.2); the affected player chooses."""

    op: Literal["discard"] = "discard"
    count: Annotated[int, Field(ge=0)] = 1
    until: bool = False
    who: Who = "you"


class Destroy(_Effect):
    """Destroy (5.12)."""

    op: Literal["destroy"] = "destroy"
    target: Target


class ReturnToHand(_Effect):
    op: Literal["return_to_hand"] = "return_to_hand"
    target: Target


class Move(_Effect):
    """Advance (5.13.1) or retreat (5.13.2) an invading monster ``times`` times, or to a zone."""

    op: Literal["advance", "retreat"] = "advance"
    times: Annotated[int, Field(ge=0)] = 1
    to_zone: Annotated[int, Field(ge=1, le=8)] | None = None
    who: Who = "you"


class Rage(_Effect):
    """Increase or decrease the rage of an invading monster (3.4; never below 0, 3.4.4)."""

    op: Literal["gain_rage", "lose_rage"] = "gain_rage"
    amount: Annotated[int, Field(ge=0)] = 1
    who: Who = "you"


class Search(_Effect):
    """Search your deck (5.8), reveal the chosen cards (5.10), put them into your hand and
    shuffle the deck (5.3).  With ``filter`` conditions the cards need not be found (5.8.1.2)."""

    op: Literal["search"] = "search"
    filter: Filter = Field(default_factory=lambda: Filter(area="deck"))
    count: Annotated[int, Field(ge=1)] = 1


class RevealTop(_Effect):
    """Reveal the top card of your deck (5.10); if it matches ``filter`` put it into your
    hand, otherwise it stays and returns to the hidden state (5.10.1.1)."""

    op: Literal["reveal_top"] = "reveal_top"
    filter: Filter = Field(default_factory=lambda: Filter(area="deck"))


class LookTop(_Effect):
    """Look at the top ``count`` cards of a deck (5.5.1), or with ``up_to`` at up to ``count``
    cards from the top, one more card at a time for as long as the player goes on (5.5.2); the
    looking player (the master) alone sees them.  Then the player may take up to ``take`` of
    them matching ``filter`` into the hand (revealing them first, 5.10.1, with ``reveal``), and
    the others go where ``rest`` says: they ``stay`` on the deck as they were (looking moves
    nothing), go back to the ``top`` or to the ``bottom`` of the deck in the order the player
    chooses, or are sent into the ``discard`` pile (5.7.3).  ``who``: whose deck ("look at the
    top card of your opponent's deck": nothing is taken from it)."""

    op: Literal["look_top"] = "look_top"
    count: Annotated[int, Field(ge=0)] = 1
    up_to: bool = False
    who: Who = "you"
    take: Annotated[int, Field(ge=0)] = 0
    filter: Filter = Field(default_factory=lambda: Filter(area="deck"))
    reveal: bool = True
    rest: Literal["stay", "top", "bottom", "discard"] = "stay"

    @model_validator(mode="after")
    def _check_take(self) -> LookTop:
        if self.take and self.who != "you":
            raise ValueError("only cards of your own deck are taken into your hand ('take' needs 'who': 'you')")
        return self


class Swap(_Effect):
    """Swap a card in your zones with a card in your hand (5.6)."""

    op: Literal["swap"] = "swap"
    target: Target
    with_area: Literal["hand"] = "hand"


class Modify(_Effect):
    """A continuous effect (9.2.1.2, 9.8): +/- threat level or counter power, a threat level
    that "becomes" a value, "cannot engage" (5.16), extra traits (9.8.1.3), the loss of all
    abilities or extra abilities (9.8.1.2), for ``duration``."""

    op: Literal["modify"] = "modify"
    target: Target
    threat: int = 0
    counter: int = 0
    set_threat: int | None = None
    cannot_engage: bool = False
    gain_traits: list[str] = Field(default_factory=list)
    nullify: bool = False
    gain_abilities: list[Ability] = Field(default_factory=list)
    """Abilities the cards gain (9.8.1.2), e.g. "it gains 'when this card is destroyed, draw
    a card' until end of turn"; applied in time stamp order with effects that nullify."""
    lose_triggers: list[Trigger] = Field(default_factory=list)
    """The cards lose their automatic abilities with these triggers (9.8.1.2: "it loses its
    【Enter】 abilities")."""
    duration: Duration = "end_of_turn"


class CounterMonster(_Effect):
    """Counter an invading monster (5.15)."""

    op: Literal["counter"] = "counter"
    who: Who = "opponent"


class Invade(_Effect):
    """Have your invading monster invade (5.14): an invasion (8.6)."""

    op: Literal["invade"] = "invade"


class ActivateStrategy(_Effect):
    """Activate a strategy card from your hand (5.9): play it into a strategy zone of your choice."""

    op: Literal["activate_strategy"] = "activate_strategy"
    filter: Filter = Field(default_factory=lambda: Filter(area="hand", types=["strategy"]))


class PlayBattle(_Effect):
    """Play a battle card (5.11.1) from ``filter.area`` into a zone: any zone (5.11.1.2:
    one without your invading monster if possible) or the zone of the previous effect's
    card, where it ``is`` now (9.10.1.1) or ``was`` last (9.10.1.2.1)."""

    op: Literal["play_battle"] = "play_battle"
    filter: Filter = Field(default_factory=lambda: Filter(area="hand", types=["battle"]))
    zone_of_previous: Literal["is", "was"] | None = None


class Mill(_Effect):
    """Send the top ``count`` cards of a player's deck into the discard pile (5.7.3), one at a
    time from the top (fewer if the deck has fewer: 1.3.2.3); no reshuffle (10.2 is a draw's)."""

    op: Literal["mill"] = "mill"
    count: Annotated[int, Field(ge=0)] = 1
    who: Who = "you"


class WinGame(_Effect):
    """ "You win the game" (1.2.4)."""

    op: Literal["win_game"] = "win_game"


class Shuffle(_Effect):
    op: Literal["shuffle"] = "shuffle"


class Evolve(_Effect):
    """The process of 【Evolution (rank)】【(trait)】 (11.6.2)."""

    op: Literal["evolve"] = "evolve"
    rank: int
    trait: str


Effect = Annotated[
    Draw
    | Discard
    | Destroy
    | ReturnToHand
    | Move
    | Rage
    | Search
    | RevealTop
    | LookTop
    | Swap
    | Modify
    | CounterMonster
    | Invade
    | ActivateStrategy
    | PlayBattle
    | Mill
    | WinGame
    | Shuffle
    | Evolve,
    Field(discriminator="op"),
]


class EvolutionSpec(_Model):
    rank: int
    trait: str


class Ability(_Model):
    """One ability (9.1).  ``kind``: ``auto`` (automatic), ``continuous`` or ``replacement``."""

    added_later = frozenset({"condition"})
    kind: Literal["auto", "continuous", "replacement"]
    text: str = ""
    trigger: Trigger | None = None
    whose: Literal["your", "opponent", "each"] = "your"
    """For phase triggers: whose phase ("at the beginning of your main phase"); for a ``draw``
    replacement: whose draw ("when you would draw a card")."""
    awakening: Annotated[int, Field(ge=1, le=8)] | None = None
    """【Awakening N】 (11.4): active only while your invading monster's zone number is N or greater."""
    effects: list[Effect] = Field(default_factory=list)
    cost: list[Effect] = Field(default_factory=list)
    """An optional cost of an automatic ability ("you may (cost) to play this ability"): its
    master chooses whether to pay it when the ability is played; not paid (9.6.3.2.1) or not
    payable (9.6.3.2), one of that ability in standby ceases to exist without resolving."""
    choose: Annotated[int, Field(ge=1)] | None = None
    modes: list[list[Effect]] = Field(default_factory=list)
    """"Do N from the below" (9.5.2.2.1): ``choose`` of ``modes``, resolved top to bottom."""
    # continuous abilities
    affects: Target = Field(default_factory=lambda: Target(kind="self"))
    threat: int = 0
    counter: int = 0
    set_threat: int | None = None
    cannot_engage: bool = False
    gain_traits: list[str] = Field(default_factory=list)
    nullify: bool = False
    """The cards of ``affects`` lose all their abilities (9.8.1.2)."""
    lose_triggers: list[Trigger] = Field(default_factory=list)
    """The cards of ``affects`` lose their automatic abilities with these triggers, e.g. "loses
    its 【Enter】 abilities" (9.8.1.2: effects that remove abilities)."""
    gain_abilities: list[Ability] = Field(default_factory=list)
    """The cards of ``affects`` gain these abilities (9.8.1.2)."""
    # replacement abilities (9.9)
    replaces: (
        Literal["destroyed", "returned_to_hand", "discarded", "countered", "advanced", "retreated", "draw"] | None
    ) = None
    """The event replaced (9.2.1.3.1): this card (or the cards of ``affects``) "would be
    destroyed" (5.12, also when put from a zone or strategy zone into the discard pile,
    5.12.1.1) or "returned to the hand"; a card in a hand "would be discarded" by an effect
    (5.7.1, 5.7.2; ``affects`` is then ``all`` cards of a ``hand`` filter); an invading
    monster "would be countered" (5.15),
    "would advance" (5.13.1, the whole instruction, an invasion's too) or "would retreat"
    (5.13.2, the whole instruction); a player "would draw" a card (``draw``: each single draw
    of 5.4.1, also within "draw N" 5.4.2 and the rules' draws 7.2.2, 7.5.4; the player is
    given by ``whose``: ``your``, ``opponent`` or ``each``).  The ``instead`` effects'
    ``previous`` target is the card the replaced event would have affected (none for a draw)."""
    optional: bool = False
    """An optional replacement effect (9.2.1.3.2, 9.9.3)."""
    instead: list[Effect] = Field(default_factory=list)
    evolution: EvolutionSpec | None = None
    condition: Condition | None = None
    """A continuous ability active only while ``condition`` holds (9.3.3), like
    【Awakening N】 (a ``count`` by printed information only, see :meth:`Condition.printed`)."""

    @model_validator(mode="after")
    def _check_kind(self) -> Ability:
        if self.kind == "auto" and self.trigger is None and self.evolution is None:
            raise ValueError("an automatic ability needs a 'trigger' (9.1.1.1)")
        if self.kind == "replacement" and (self.replaces is None or not self.instead):
            raise ValueError("a replacement ability needs 'replaces' and 'instead' (9.2.1.3)")
        changes_abilities = self.nullify or self.lose_triggers or self.gain_abilities
        if changes_abilities and self.kind != "continuous":
            raise ValueError("only a continuous ability grants, removes or nullifies abilities (9.8.1.2)")
        if self.cost and self.kind != "auto":
            raise ValueError("only an automatic ability has a cost to play it (9.6.3.2.1)")
        if self.replaces == "discarded" and (self.affects.kind != "all" or self.affects.filter.area != "hand"):
            raise ValueError("a 'discarded' replacement affects cards in a hand: 'affects' must be all of area 'hand'")
        if self.condition is not None and self.kind != "continuous":
            raise ValueError("an ability 'condition' is a continuous ability's (9.3.3)")
        if self.condition is not None and self.condition.kind == "count" and not self.condition.printed():
            raise ValueError("a continuous ability counts cards on the field by type, colour, rank or name only (9.8)")
        if self.choose is not None and len(self.modes) < self.choose:
            raise ValueError("'choose' needs at least that many 'modes' (9.5.2.2.1)")
        return self


MONSTER_RANKS = ("I", "II", "III", "IV")
"""Monster ranks 1 to 4 as cards print them, in Roman numerals (2.3.2.1)."""


class Card(_Model):
    added_later = frozenset({"unsupported"})
    id: str
    name: str
    type: CardType
    rank: Annotated[int, Field(ge=0)]
    color: Color
    traits: list[str] = Field(default_factory=list)
    number: str | None = None
    threat: int | None = None
    counter: int | None = None
    invasion: Annotated[int, Field(ge=0)] = 0
    abilities: list[Ability] = Field(default_factory=list)
    effects: list[Effect] = Field(default_factory=list)
    """The text of a strategy card (9.1.1.1.2)."""
    burst: Annotated[int, Field(ge=1, le=4)] | None = None
    deck_limit: int | None = 4
    """Copies allowed by card number (6.1.1.4); a deck construction ability (6.1.2) may
    change it; ``null`` means any number."""
    text: str = ""
    unsupported: list[str] = Field(default_factory=list)
    """Printed ability paragraphs (verbatim) and characteristics the vocabulary cannot
    express, left for manual adjudication: the engine plays the card without them (an
    import from an official card list records them, see :mod:`domain.gcg.importer`)."""

    @model_validator(mode="after")
    def _check_type(self) -> Card:
        if self.type == "monster":
            if not 1 <= self.rank <= 4:
                raise ValueError("a monster rank is I to IV, written 1 to 4 (2.3.2.1)")
            if self.threat is None:
                raise ValueError("a monster card needs a 'threat' level (2.6)")
        if self.type == "battle" and self.counter is None:
            raise ValueError("a battle card needs 'counter' power (2.7)")
        if self.type != "strategy" and self.effects:
            raise ValueError("only a strategy card has text 'effects' (9.1.1.1.2); use 'abilities'")
        if self.burst is not None and (self.type != "monster" or self.burst >= self.rank):
            raise ValueError("【Burst (rank)】 is a monster's lower rank (11.5.1)")
        return self

    @property
    def rank_text(self) -> str:
        """The rank as the card prints it (2.3.2): ``monster rank IV`` (Roman numerals),
        ``battle rank 3``, ``strategy rank 1``."""
        shown = MONSTER_RANKS[self.rank - 1] if self.type == "monster" else str(self.rank)
        return f"{self.type} rank {shown}"

    @property
    def card_number(self) -> str:
        """The card number with a trailing "+" ignored (6.1.1.4.1)."""
        return (self.number or self.id).rstrip("+")


def parse_card(data: Mapping[str, Any]) -> Card:
    """Validate one card definition; the error names the card and every bad field.  Equal
    data gives the same (frozen, shared) model: see :mod:`domain.interning`."""
    return _interned_card(data)


FIELD_RULES: dict[str, str] = {}
"""GCG card fields cite the rule their validators state (or the card chapter, 2)."""


def _parse_card(data: Mapping[str, Any]) -> Card:
    try:
        return Card.model_validate(dict(data))
    except ValidationError as exc:
        raise card_data_error(data, cast(Any, exc.errors()), FIELD_RULES) from None


_interned_card: Interned[Card] = Interned(_parse_card)


def parse_catalog(raw: Any) -> dict[str, Card]:
    """``{"cards": [...]}``, a list of cards, or a mapping of card id to card."""
    if isinstance(raw, Mapping) and "cards" in raw and isinstance(raw["cards"], list):
        items: list[Any] = list(raw["cards"])
    elif isinstance(raw, Mapping):
        items = list(raw.values())
    elif isinstance(raw, list):
        items = list(raw)
    else:
        raise CardDataError("a catalog is {'cards': [...]}, a list of cards or a mapping of card id to card")
    out: dict[str, Card] = {}
    for item in items:
        if not isinstance(item, Mapping):
            raise CardDataError("every catalog entry must be an object")
        card = parse_card(item)
        out[card.id] = card
    return out


def effect_to_json(effect: Any) -> dict[str, Any]:
    dumped: dict[str, Any] = effect.model_dump(mode="json")
    return dumped


for _model in (
    Condition,
    _Effect,
    Draw,
    Discard,
    Destroy,
    ReturnToHand,
    Move,
    Rage,
    Search,
    RevealTop,
    LookTop,
    Swap,
    Modify,
    CounterMonster,
    Invade,
    ActivateStrategy,
    PlayBattle,
    Mill,
    WinGame,
    Shuffle,
    Evolve,
    Ability,
    Card,
):
    _model.model_rebuild()
