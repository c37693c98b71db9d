"""Force of Will cards as declarative data over a small effect vocabulary.

A card is validated with pydantic; errors name the card and the field.  Card text takes
precedence over the rules (FoW-5.5 1.4 p1): abilities may carry ``rules`` overrides
(e.g. a maximum hand size, "can attack recovered J/resonators") that the engine consults
at the rule points where the comprehensive rules would otherwise apply.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator, model_validator

from domain.interning import Interned
from domain.kernel import CardDataError

Attribute = Literal["W", "R", "U", "G", "B"]
"""Light, fire, water, wind, darkness (FoW-5.5 2.8).  No attribute means void."""
ATTRIBUTES: tuple[Attribute, ...] = ("W", "R", "U", "G", "B")
WillSymbol = Literal["W", "R", "U", "G", "B", "M"]
"""A will symbol of a cost: an attribute, or ``M``, one will with the moon characteristic
(FoW-5.5 9.7 p7, 10.2 p6); moon is a characteristic, not an attribute."""
ATTRIBUTE_NAMES = {"W": "light", "R": "fire", "U": "water", "G": "wind", "B": "darkness", "V": "void"}

CardType = Literal["ruler", "j_ruler", "resonator", "addition", "spell", "regalia", "magic_stone"]
SpellSubtype = Literal["chant", "chant_instant", "chant_standby"]
AdditionSubtype = Literal["field", "resonator", "ruler", "j_ruler", "j_resonator", "j_ruler_or_ruler"]
SymbolSkill = Literal[
    "pierce", "target_attack", "first_strike", "explode", "flying", "swiftness", "imperishable", "quickcast"
]
Duration = Literal["end_of_turn", "end_of_battle", "permanent"]
Who = Literal["you", "opponent", "each"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Cost(_Model):
    """Attribute cost (one will of that attribute per symbol) plus a free cost (FoW-5.5 2.3)."""

    attribute: dict[WillSymbol, Annotated[int, Field(ge=0)]] = Field(default_factory=dict)
    free: Annotated[int, Field(ge=0)] = 0

    @property
    def total(self) -> int:
        return sum(self.attribute.values()) + self.free


_J_RESONATOR: tuple[CardType, ...] = ("resonator", "j_ruler")


class Filter(_Model):
    """Which objects an effect may choose or affect."""

    zone: Literal[
        "field",
        "ruler_area",
        "stone_area",
        "chase",
        "hand",
        "graveyard",
        "main_deck",
        "standby",
        "removed",
        "stone_deck",
    ] = "field"
    """``stone_area`` is the magic stone area (FoW-5.5 3.7); ``magic_stone_area`` is accepted as an alias;
    ``standby`` (the chant-standby area, 3.11) only to count cards ("for each card in your chant-standby area");
    ``removed`` is the removed area (3.12: "for each card in your removed area", "target card from your
    removed area"); ``stone_deck`` (the magic stone deck, 3.6) for the card revealed on top of it."""

    @field_validator("zone", mode="before")
    @classmethod
    def _zone_alias(cls, value: object) -> object:
        return "stone_area" if value == "magic_stone_area" else value

    types: list[CardType] = Field(default_factory=lambda: list(_J_RESONATOR))
    controller: Literal["any", "you", "opponent"] = "any"
    attributes: list[Attribute] = Field(default_factory=list)
    races: list[str] = Field(default_factory=list)
    name: str | None = None
    names: list[str] = Field(default_factory=list)
    """"named "A", "B" and/or "C"": the card has one of these names."""
    not_names: list[str] = Field(default_factory=list)
    """"other than "A"": the card has none of these names (FoW-5.5 2.2 p3)."""
    name_contains: str | None = None
    """"with "Granny" in its name": one of the card's names contains these words, a part of a name
    (FoW-5.5 2.2 p3: "Hansel" is in "Hansel and Gretel")."""
    max_total_cost: int | None = None
    max_total_cost_x: bool = False
    """"with total cost X or less": at most the X chosen as the ability with an {X} cost was played."""
    total_cost_x: bool = False
    """"with total cost X": exactly the X chosen as the [Activate] ability with an X in its cost was
    played (FoW-5.5 2.3, 9.3 p2.5), checked as the targets are chosen (a total cost does not change)."""
    max_total_cost_count: Count | None = None
    """"if its total cost is less than or equal to the number of Four Sacred Beasts": its total cost
    (FoW-5.5 2.3) is at most that count, made as the condition is checked (9.3 p3)."""
    max_total_cost_counters: str | None = None
    """"with total cost less than or equal to the number of tea party counters on this card": at most
    the number of counters with this name on the source card as the filter is read (when the target
    is chosen and again on resolution, FoW-5.5 9.3 p2.4, p3.1; none once it has left its zone, 10.21 p3)."""
    total_cost_counters: str | None = None
    """"with total cost equal to the number of omen counters on this card": exactly the number of
    counters with this name on the source card as the filter is read (a card without a cost has total
    cost 0, FoW-5.5 2.3; no counters once the source has left its zone, 10.21 p3)."""
    other_than_self: bool = False
    rested: bool | None = None
    attacking_or_blocking: bool = False
    not_races: list[str] = Field(default_factory=list)
    """Negated races ("non-Vampire resonator"): the object has none of them."""
    not_attributes: list[Attribute] = Field(default_factory=list)
    """Negated attributes ("non-darkness resonator"): the object has none of them."""
    skills: list[SymbolSkill] = Field(default_factory=list)
    """"with [Flying]": the object has every one of these symbol skills."""
    without_skills: list[SymbolSkill] = Field(default_factory=list)
    """"without [Flying]": the object has none of these symbol skills."""
    keywords: list[Literal["stealth", "awakening"]] = Field(default_factory=list)
    """"with [Stealth]", "with [Awakening]": the card has each of these keyword abilities (FoW-5.5
    12.5, 12.1) - printed; in a playground none once it lost all its abilities (9.9 p1.2)."""
    no_attribute: bool = False
    """"with no attribute": a void object (FoW-5.5 2.8)."""
    min_total_cost: int | None = None
    """"with total cost N or more" (with ``max_total_cost`` the same N: "with total cost N")."""
    max_atk: int | None = None
    """"with 400 or less ATK"."""
    no_atk_def: bool = False
    """"has no ATK and DEF": a J-ruler without either value (FoW-5.5 2.6, 2.7: "Some J-ruler don't have
    ATK/DEF"); read from its characteristics in a playground, else printed."""
    min_atk: int | None = None
    """"with 1000 or more ATK"."""
    highest_atk: bool = False
    """ "target addition or resonator that has or shares the highest ATK": an object with ATK matches only
    if no resonator in a field has more ATK than it (ties match); an object without ATK (an addition,
    FoW-5.5 2.6) is not compared - "that has the highest ATK" can only describe one with ATK."""
    attacking: bool = False
    """"attacking J/resonator": the attacker of the current battle."""
    not_attacking: bool = False
    """"non-attacking resonator": not the attacker of the current battle (FoW-5.5 8.2 p3)."""
    attacked_this_turn: bool | None = None
    """"that didn't attack this turn" (False) / "that attacked this turn" (True): whether this object
    was declared as an attacker this turn (8.2 p3; a new object has not attacked, 3.1 p3)."""
    blocking: bool = False
    """"blocking resonator": the blocker of the current battle."""
    damaged_by_source: bool = False
    """"that was dealt damage by this card this turn": the source card dealt damage to it this
    turn (as the same object, FoW-5.5 3.1 p3)."""
    from_field_this_turn: bool = False
    """"that was put into that zone from a field this turn" (a card in a graveyard)."""
    removed_by_source: bool = False
    """"resonators removed from the game by this card" (a card in a removed area): an ability of the
    source card removed it (10.3), and it stays the object it became there; the source is the object
    whose ability did it - while in a playground, or as it last was there once it left (3.1 p3, 9.11)."""
    put_by_source: bool = False
    """"the resonator put into your field by this card" (a card in a field): an ability of the source
    card put it there, read like ``removed_by_source``."""
    subtypes: list[SpellSubtype | AdditionSubtype] = Field(default_factory=list)
    """"[Addition:Resonator]", "[Spell:Chant]": the card has one of these subtypes (FoW-5.5 2.1 p3)."""
    total_cost_parity: Literal["odd", "even"] | None = None
    """"If its total cost is odd" (a card without a cost has total cost 0)."""
    special: bool = False
    """"special magic stone" (FoW-5.5 2.1 p4.1)."""
    non_will_activate: bool = False
    """"Magic stones with non-will activate abilities": it has an [Activate] ability that is no will
    ability (FoW-5.5 9.5, 9.7 p1), read from its abilities now (9.2 p1)."""
    modified: bool = False
    """"with ATK different from its printed ATK or DEF different from its printed DEF"."""
    no_addition: bool = False
    """"with no addition": no addition is added to it (FoW-5.5 7.2)."""
    added_to: Filter | None = None
    """"an addition added to a resonator you control": an addition added to a card in the field that
    matches this filter (FoW-5.5 7.2 p3; its ``controller`` relative to the same player)."""
    added_to_self: bool = False
    """ "banish an addition added to this card": an addition added to the card whose ability or effect
    this is (FoW-5.5 7.2 p3)."""
    without_counters: list[str] = Field(default_factory=list)
    """"with no evolution counters on it": none of these counters is on the object (10.21; only an
    object in a playground has counters, a new object none, 3.1 p3)."""
    dealt_damage: bool = False
    """"that was dealt damage this turn": damage is on it (damage on J/resonators becomes zero
    only at the end of the turn, FoW-5.5 5.4 p5.1; a new object has none, 3.1 p3)."""
    has_dealt_damage: bool = False
    """"that dealt damage this turn": this object dealt damage this turn (to a player or a card,
    in battle or by an effect; a new object has dealt none, FoW-5.5 3.1 p3)."""
    abilities: list[Literal["activate", "automatic"]] = Field(default_factory=list)
    """In the chase area: "target [Activate] ability" / "target automatic ability", an ability of one of
    these kinds (FoW-5.5 9.5, 9.6) instead of a card."""
    stone_types: list[str] = Field(default_factory=list)
    """"fire magic stones": cards with one of these magic stone types, such as "Fire Magic Stone"
    (FoW-5.5 2.1 p5.2: a magic stone type name without quotation marks refers to them)."""
    printed_atk: int | None = None
    printed_def: int | None = None
    """"its printed ATK and DEF is [400/400]": the ATK/DEF printed on the card (FoW-5.5 2.6, 2.7),
    whatever effects make them now."""
    total_cost_unlike_source: bool = False
    """"that don't share this card's total cost": its total cost differs from the source card's
    (a card without a cost has total cost 0, FoW-5.5 2.3)."""
    no_printed_abilities: bool = False
    """"if it has no printed abilities": its card text gives it no ability (no symbol skill, no
    keyword ability either; abilities gained or lost by effects do not matter, FoW-5.5 2.4)."""
    not_host: bool = False
    """On an addition's ability: "another target resonator" - not the card this addition is added
    to (FoW-5.5 7.2 p3)."""
    playground: bool = False
    """With ``zone`` ``field``: a card in any playground, the ruler area and the magic stone area
    included ("target Human", "Elves you control", "a card": a race, trait or name without a card
    type or zone refers to cards in a playground, FoW-5.5 2.5 p4, 2.1 p6, 3.14 p1)."""
    any_of: list[Filter] = Field(default_factory=list)
    """"target J-Ruler or Knight of the Round Table", "a Regalia or Knight of the Round Table", "target
    addition or card in a chant-standby area": an object matching one of these filters (each with its
    own zone); the filter holding them says nothing else."""

    chosen_race: bool = False
    """"J/resonators of the chosen race": cards with the race chosen by an earlier ``choose_race`` effect
    of the same resolution (FoW-5.5 2.5 p1), substituted into ``races`` as the effect applies; a filter
    still holding it matches nothing."""

    @model_validator(mode="after")
    def _check_any_of(self) -> Filter:
        if self.any_of and (
            len(self.any_of) < 2 or self.model_dump(exclude_defaults=True).keys() - {"any_of", "zone", "types"}
        ):
            raise ValueError("'any_of' lists two or more filters and the filter holding them says nothing else")
        return self


class Target(_Model):
    """``self`` (the source card), ``you``/``opponent`` (players), ``chosen`` (a target
    chosen on play per FoW-5.5 9.3 p2 and re-checked on resolution), ``all`` (every
    object matching ``filter``, not targeted), ``battle_opponent``, ``each_player``, ``host`` (the
    card the source addition is added to: "added resonator"), ``that`` (the object the trigger
    condition names: "Whenever this card deals damage to a resonator, destroy that resonator") or
    with a ``filter.zone`` of ``graveyard``: that object where it went out of the field, while it
    stays there: "When added resonator is put into a graveyard from a field, put that resonator into
    its owner's field", FoW-5.5 3.1 p3) or
    ``same`` (what the previous effect's single chosen target group chose: "Rest target resonator.
    It gains ...", "... Recover that resonator"; the targets are those still legal for that group,
    FoW-5.5 9.3 p3.1)."""

    kind: Literal[
        "self",
        "you",
        "opponent",
        "chosen",
        "all",
        "battle_opponent",
        "each_player",
        "host",
        "that",
        "same",
        "host_controller",
        "that_controller",
    ] = "chosen"
    """``host_controller``: the player who controls the card the source addition is added to
    ("added resonator's controller", FoW-5.5 7.2 p3); ``that_controller``: the player who controls
    the object the trigger condition names ("that resonator's controller"), as it last was in the
    field if it left (9.11)."""
    filter: Filter = Field(default_factory=Filter)
    count: Annotated[int, Field(ge=1)] = 1
    players_allowed: bool = False
    """For ``chosen``: a player may be chosen instead of a card ("target J/resonator or player")."""
    players_only: bool = False
    """For ``chosen``: only a player may be chosen ("target player"; with ``filter.controller``
    ``opponent``: "target opponent")."""
    up_to: bool = False
    """For ``chosen``: "up to N target ...": zero to ``count`` targets may be chosen (FoW-5.5 9.3 p2.4)."""
    second: bool = False
    """For ``chosen``: "second target resonator": not one of the targets chosen for the earlier
    effects of the same card or ability (all chosen as it is played, FoW-5.5 9.3 p2.4)."""


class Count(_Model):
    """ "for each X": the number of objects matching ``filter`` (in its zone; ``controller``
    is relative to the controller of the ability, the owner in a graveyard, FoW-5.5 3.1 p5)."""

    filter: Filter | None = None
    counter: str | None = None
    """"for each <counter> counter on this card": counters on the source card instead of objects."""
    counter_on: Literal["self", "your_j_or_ruler"] = "self"
    """With ``counter``: ``your_j_or_ruler`` counts the counters on your ruler in your ruler area or
    your J-ruler in your field ("for each two magic counters on your J/ruler", FoW-5.5 2.1 p2, 3.8 p4)."""
    group: Annotated[int, Field(ge=1)] = 1
    """"for each two ...": the number counted divided by this, rounded down."""
    distinct: Literal["attributes", "total_costs"] | None = None
    """"the number of different attributes among X": how many attributes the matching objects
    have between them (printed; cards without attributes add none); ``total_costs``: "for each
    different total cost among X", how many different total costs they have (a card without a
    cost has total cost 0, FoW-5.5 2.3)."""
    this_way: bool = False
    """"for each resonator removed this way": only the cards the effect just before moved (in the
    zone of ``filter``, where that effect put them) are counted (FoW-5.5 9.3 p3)."""
    of_each_player: bool = False
    """"deals 300 damage to each player for each special magic stone that he or she controls": with
    an ``each_player`` target, the count is made for each player in turn, ``controller`` ``you``
    meaning that player (all counted before any damage is dealt)."""
    this_turn: Literal["entered_field", "left_your_field"] | None = None
    """Only objects that moved this turn: ``entered_field`` "that entered your field this turn"
    (in the field, entered this turn); ``left_your_field`` "put into a graveyard from your field
    this turn" (in the filter's zone, put there this turn from a field where you controlled it,
    by last known information, FoW-5.5 9.11)."""

    @model_validator(mode="after")
    def _check(self) -> Count:
        if (self.filter is None) == (self.counter is None):
            raise ValueError("a count needs either a 'filter' (objects) or a 'counter' (on this card)")
        if (self.this_turn is not None or self.distinct is not None) and self.filter is None:
            raise ValueError("'this_turn' and 'distinct' count objects: they need a 'filter'")
        if self.counter_on != "self" and self.counter is None:
            raise ValueError("'counter_on' says where the counted counters are: it needs a 'counter'")
        if self.of_each_player and (self.filter is None or self.filter.controller != "you"):
            raise ValueError("'of_each_player' counts what each player controls: a 'filter' with controller 'you'")
        return self


Filter.model_rebuild()  # a filter holds filters (any_of) and a count (max_total_cost_count)
Count.model_rebuild()


class Condition(_Model):
    """A state of the game that an ability checks ("if", "as long as", "unless"): checked when
    the effect resolves (FoW-5.5 9.3 p3) or, for a continuous ability, all the time (9.9 p4).

    ``controls``: at least ``at_least`` objects match ``filter`` (its ``controller`` is
    relative to you); ``ruler_is``: your ruler (in your ruler area) is named one of
    ``rulers`` or your J-ruler (in your field) one of ``j_rulers``; ``life``: your life is
    ``life_at_most`` or less / ``life_at_least`` or more; ``counters``: there are
    ``at_least`` ``counter`` counters on this card; ``hand``: you have ``at_least`` cards
    in your hand; ``j_ruler_attacked``: your J-ruler attacked this turn; ``dealt_damage_this_turn``:
    you were dealt damage this turn.  ``negate`` turns it around ("unless",
    "if you don't").

    ``fewer_than_opponent``: you have fewer of ``measure`` than your opponent ("you control less
    resonators than your opponent", "your opponent has more cards in their hand than you", "your
    life is less than your opponent's life"); ``any_of``: one of ``conditions`` holds
    ("you control "Hansel" or "Gretel""); ``put_into_field``: you put at least ``at_least``
    objects matching ``filter`` (wherever they are now) into a field this turn; ``your_turn``:
    it is your turn ("during your turn"; negated: "during your opponent's turn").
    Checked only on resolution of an effect (FoW-5.5 9.3 p3),
    from the spell or ability being resolved: ``did`` ("If you do"): the effect just before it was
    performed, at least in part (with ``at_least`` N after a ``mill``: it put N or more cards into the
    graveyard - negated, "If you cannot put three cards into your graveyard this way"); ``target_is``:
    the first target chosen for the ``if`` effects
    matches ``filter`` ("if it's darkness"); ``top_card``: the top card of your main deck (just
    revealed: "If it's a resonator", "If its total cost is odd") matches ``filter``."""

    kind: Literal[
        "controls",
        "ruler_is",
        "life",
        "counters",
        "hand",
        "j_ruler_attacked",
        "fewer_than_opponent",
        "any_of",
        "did",
        "target_is",
        "put_into_field",
        "your_turn",
        "dealt_damage_this_turn",
        "top_card",
        "awakened",
        "targets",
        "all_of",
        "put_into_graveyard_from_field",
        "dealt_damage_by",
        "this_stat",
        "resonator_attacked",
        "host_is",
        "that_is",
        "removed_with_this",
        "paid_will",
    ]
    """``paid_will`` ("If you spent {M} to pay the [Awakening] cost"): a will of ``will`` was paid for
    the [Awakening] cost this card was played with, as its ``WillPaid`` recorded it (12.1 p1, 10.2 p1),
    while it is the object that came into the field so (3.1 p3); checked on resolution (9.3 p3)."""
    """``removed_with_this`` ("Play this ability only if you have removed three or more cards from the
    game with this card's ability"): at least ``at_least`` cards were removed from the game (10.3) by
    the abilities of this card since it became the object it is (3.1 p3)."""
    """``that_is`` ("Banish a resonator you control. ... If you banished a Human in this way"): one
    of the cards the last ``banish`` effect of the spell or ability put into a graveyard matches
    ``filter`` (printed information, wherever it is now; FoW-5.5 9.3 p3, 9.11), checked on
    resolution.  ``host_is`` (on an addition: "Resonator with this gains [+600/+600] if it's dark
    and its printed ATK and DEF is [400/400]. Otherwise, it gains [-400/-400]"): the card this addition is
    added to matches ``filter`` (printed information, FoW-5.5 7.2 p3); negated, "Otherwise" - also
    when it is added to nothing.  ``awakened`` ("if this card was awakened"): the spell being
    resolved was played with its [Awakening] cost paid (FoW-5.5 12.1), checked on resolution
    (9.3 p3); ``targets`` ("You may pay {W} less to play this card if it targets a Saint"): one
    of the targets chosen for the card being played matches ``filter``, checked as its cost is
    determined, after its targets are chosen (9.3 p2.4, p2.5) - a cost reduction's condition only."""
    filter: Filter | None = None
    measure: Literal["controls", "hand", "life"] | None = None
    """For ``fewer_than_opponent``: objects matching ``filter`` each player controls, cards in hand, or life."""
    conditions: list[Condition] = Field(default_factory=list)
    """For ``any_of`` and ``all_of`` (every one of them holds: "you control a fire magic stone
    and your opponent controls four or more resonators")."""
    whose: Literal["you", "opponent"] = "you"
    """For ``life``: whose life ("If your opponent's life is exactly 4000"); for ``put_into_field``:
    into whose field ("a resonator was put into your opponent's field
    this turn"); for ``put_into_graveyard_from_field``: from whose field ("three or more resonators
    were put into a graveyard from your field this turn": at least ``at_least`` objects matching
    ``filter``, wherever they are now, were put into a graveyard from that player's field this
    turn, as they were in the field, FoW-5.5 9.11)."""
    into_graveyard_of: Literal["you", "opponent"] | None = None
    """For ``put_into_graveyard_from_field``: into whose graveyard, from any field ("If a Human is put
    into your graveyard from a field this turn": a card that player owns, a card goes to its owner's
    graveyard, FoW-5.5 3.1 p5); ``whose`` is then not read."""
    by_at_least: Annotated[int, Field(ge=1)] = 1
    """For ``fewer_than_opponent``: by at least this much ("your opponent controls three or more
    resonators than you": three or more fewer)."""
    damaged: Literal["you", "opponent"] = "you"
    """For ``dealt_damage_by``: the player who was dealt damage this turn by a card in a field
    whose card type is one of ``filter.types`` and whose controller then was ``filter.controller``
    ("A J/resonator your opponent controlled dealt damage to you this turn")."""
    at_least: Annotated[int, Field(ge=1)] = 1
    rulers: list[str] = Field(default_factory=list)
    j_rulers: list[str] = Field(default_factory=list)
    name_contains: str | None = None
    """For ``ruler_is``: 'your J/ruler has "Kaguya" in its name' - your ruler (in your ruler area) or
    J-ruler (in your field) has a name containing it (instead of ``rulers``/``j_rulers``)."""
    same_name: bool = False
    """For ``controls``: at least ``at_least`` of the matching objects share one name ("you control two
    or more true magic stones with the same name"; the card's printed name, FoW-5.5 2.2)."""
    life_at_most: int | None = None
    life_at_least: int | None = None
    counter: str | None = None
    negate: bool = False
    # ``resonator_attacked``: a resonator you controlled attacked this turn (negated: "if no
    # resonator you control attacked this turn"); a J-ruler is no resonator (``j_ruler_attacked``).
    stat: Literal["atk", "def", "damage"] | None = None
    """For ``this_stat``: this card's ATK, DEF or damage on it is ``at_least`` or more ("if this card's
    ATK is 1000 or more"; "unless it's damaged": damage 1 or more, negated), read now if it is in a
    playground, else as it last was there (last known information, FoW-5.5 9.11)."""
    will: WillSymbol | None = None
    """For ``paid_will``: the will symbol paid."""

    @model_validator(mode="after")
    def _check(self) -> Condition:
        if (self.kind == "paid_will") != (self.will is not None):
            raise ValueError("a 'paid_will' condition, and only it, names the 'will' paid")
        if self.kind == "ruler_is" and not (self.rulers or self.j_rulers or self.name_contains):
            raise ValueError("a 'ruler_is' condition needs 'rulers', 'j_rulers' (names) or 'name_contains'")
        if self.name_contains is not None and (self.kind != "ruler_is" or self.rulers or self.j_rulers):
            raise ValueError("'name_contains' belongs to a 'ruler_is' condition, without 'rulers'/'j_rulers'")
        filtered = self.kind in (
            "controls",
            "target_is",
            "put_into_field",
            "top_card",
            "targets",
            "put_into_graveyard_from_field",
            "dealt_damage_by",
            "host_is",
            "that_is",
        ) or (
            self.kind,
            self.measure,
        ) == (
            "fewer_than_opponent",
            "controls",
        )
        if filtered != (self.filter is not None):
            raise ValueError(f"a {self.kind!r} condition {'needs a' if filtered else 'takes no'} 'filter'")
        if (self.kind == "fewer_than_opponent") != (self.measure is not None):
            raise ValueError("'measure' belongs to (and is needed by) a 'fewer_than_opponent' condition")
        if (self.kind in ("any_of", "all_of")) != bool(self.conditions):
            raise ValueError("'conditions' belongs to (and is needed by) an 'any_of' or 'all_of' condition")
        if self.kind == "life" and self.life_at_most is None and self.life_at_least is None:
            raise ValueError("a 'life' condition needs 'life_at_most' or 'life_at_least'")
        if (self.kind == "this_stat") != (self.stat is not None):
            raise ValueError("'stat' belongs to (and is needed by) a 'this_stat' condition")
        if self.same_name and self.kind != "controls":
            raise ValueError("'same_name' belongs to a 'controls' condition")
        if self.kind == "counters" and not self.counter:
            raise ValueError("a 'counters' condition needs a 'counter' name")
        return self


class Draw(_Model):
    op: Literal["draw"] = "draw"
    count: Annotated[int, Field(ge=1)] = 1
    who: Who = "you"
    per: Count | None = None
    """"draw cards equal to the number of X": ``count`` times the count on resolution."""
    that_many: bool = False
    """"..., then draw that many cards plus one": ``count`` plus the number of cards the effect just
    before put from the hand into the main deck ("any number", 10.13 p2)."""


SourceStat = Literal["atk", "def"]
"""An amount "equal to its ATK/DEF" where "it" is the source card: its current value in a
playground, else its last known information (FoW-5.5 9.11)."""


class DealDamage(_Model):
    op: Literal["deal_damage"] = "deal_damage"
    amount: Annotated[int, Field(ge=0)]
    target: Target
    per: Count | None = None
    """"deals 400 damage ... for each X": ``amount`` times the count on resolution."""
    equal_to: SourceStat | None = None
    """"deals damage equal to its ATK": the amount is the source's ATK (``amount`` is ignored)."""
    that_much: bool = False
    """"it deals that much damage to your opponent" (on a "whenever this card is dealt damage"
    or "deals damage" ability): the damage of the happening that triggered it (FoW-5.5 9.6 p5)."""
    dealt_by_target: bool = False
    """"deals X damage to target J/resonator, where X is the damage it dealt this turn": to each
    target, the damage that object dealt this turn (``amount`` is ignored)."""
    dealt_by: Literal["source", "host"] = "source"
    """Which card deals the damage: the source, or (on an addition) the card it is added to ("it
    gains [+500/+500] until end of turn and deals 500 damage to you", FoW-5.5 7.2 p3, 10.6 p1);
    none while the addition is not added to a card in the field."""
    per_cost_removed: bool = False
    """"remove the top two cards of your main deck from the game. This card deals 100 damage multiplied
    by the combined total cost of the cards removed this way": ``amount`` times the sum of the total
    costs (FoW-5.5 2.3; 0 without a cost) of the cards the ``mill`` to the removed area just before, in
    the same ability, put there."""
    equal_to_of: Literal["source", "your_j_ruler", "by", "judgment_banished"] = "source"
    """Whose ATK/DEF ``equal_to`` reads: the source's, that of the J-ruler you control ("If you
    control a J-Ruler, this card deals damage equal to its ATK instead"; 0 without one), that of
    the object chosen for ``by``, or (``judgment_banished``, on a J-ruler: "equal to the ATK of
    resonator banished for its judgment") that of the card banished as a cost of the judgment that
    put the source into the field, as it last was in the field (FoW-5.5 7.5 p2, 9.11)."""
    by: Target | None = None
    """"Target Vampire you control deals damage equal to its ATK to another target resonator": the
    damage is dealt by the object chosen for this target group (chosen before ``target``'s, FoW-5.5
    9.3 p2.4), as it is on resolution (10.6 p1); if it is no longer a legal target, no damage is
    dealt (9.3 p3.1)."""

    @model_validator(mode="after")
    def _check_each(self) -> DealDamage:
        if self.per is not None and self.per.of_each_player and self.target.kind != "each_player":
            raise ValueError("a count 'of_each_player' belongs to damage dealt to each player")
        if (self.by is not None) != (self.equal_to_of == "by"):
            raise ValueError("'by' deals damage equal to its own ATK/DEF: 'equal_to_of' 'by'")
        if self.by is not None and (
            self.by.kind != "chosen" or self.by.count != 1 or self.by.up_to or self.by.players_allowed
        ):
            raise ValueError("'by' is exactly one chosen card")
        if self.by is not None and (self.equal_to is None or self.target.kind != "chosen" or self.dealt_by != "source"):
            raise ValueError("'by' deals damage equal to its ATK/DEF to a chosen target")
        return self


class Destroy(_Model):
    op: Literal["destroy"] = "destroy"
    target: Target
    chosen_total_cost: bool = False
    """ "Choose a number. Destroy all resonators with total cost equal to the chosen number.": on
    resolution the controller chooses an integer of 0 or higher (FoW-5.5 1.4 p5); only the cards
    of the ``all`` target with that total cost are destroyed."""

    @model_validator(mode="after")
    def _check(self) -> Destroy:
        if self.chosen_total_cost and self.target.kind != "all":
            raise ValueError("'chosen_total_cost' narrows an 'all' target")
        return self


class RemoveDamage(_Model):
    """ "Remove all damage that was dealt to target J-Ruler this turn": the damage on the target
    (the total of the damage dealt to it, which stays until the end of the turn, FoW-5.5 10.6 p1,
    5.4 p5.1) becomes zero; the text beats the rule that keeps it (1.4 p1)."""

    op: Literal["remove_damage"] = "remove_damage"
    target: Target


class ReturnToRulerSide(_Model):
    """ "At end of turn, return this card to its Ruler side" (on a J-ruler): the J-ruler in the field
    is put into its controller's ruler area ruler side up, a ruler again (the card text, FoW-5.5
    1.4 p1; a J-ruler may move to a ruler area, 3.15 p2), like a destroyed J-ruler with [Imperishable]
    (11.7 p1); only while it is the same object (3.1 p3).  A ruler holds no damage (10.6 p1)."""

    op: Literal["return_to_ruler_side"] = "return_to_ruler_side"
    target: Target

    @model_validator(mode="after")
    def _check(self) -> ReturnToRulerSide:
        if self.target.kind != "self":
            raise ValueError("'return_to_ruler_side' turns this card (a J-ruler) ruler side up")
        return self


class Modify(_Model):
    """Gains +ATK/+DEF (FoW-5.5 10.19 p3) for a duration: a continuous effect (9.9)."""

    op: Literal["modify"] = "modify"
    atk: int = 0
    def_: int = Field(0, alias="def")
    target: Target
    duration: Duration | Literal["source_in_field", "source_rested"] = "end_of_turn"
    """``source_in_field``: no duration printed on an ability of a card in a field ("resonators you
    control gain [+300/+300]"): it applies as long as the ability is active (FoW-5.5 9.1 p2.2),
    i.e. while its source stays in the field as the same object; ``source_rested``: "... as long as
    this card is rested": until its source recovers or leaves the field, and not made if it is not
    rested in the field, as the same object, as the effect resolves (9.9 p8)."""
    skills: list[SymbolSkill] = Field(default_factory=list)
    """Symbol skills the same target gains with it ("gains [+200/+0] and [Flying]", 10.19 p1)."""
    per: Count | None = None
    """"gains [+100/+100] for each X": ``atk``/``def`` times the count on resolution."""
    x_of_destroyed: SourceStat | None = None
    """"This card gains [+X/+0] until end of turn, where X is the ATK of the destroyed resonator" (after
    "Destroy target resonator"): ``atk``/``def`` (1 for "+X", 0 for "+0") times X, that stat of the
    previous effect's single target as it last was in the field (9.11) if it was destroyed by it (put
    into a graveyard from the field), else 0 (no resonator was destroyed)."""

    of_subject: bool = False
    """"Two target resonators gain [+X/+Y] until end of turn, where X is the destroyed resonator's ATK and
    Y is the destroyed resonator's DEF": ``atk``/``def`` (1 for "+X"/"+Y", 0 for "+0") times the ATK and DEF
    of the object the trigger condition names, as it last was in the field (9.6 p7.2, 9.11), while it is
    still the object it became there (3.1 p3); 0 otherwise."""
    or_gains: Annotated[list[int], Field(min_length=2, max_length=2)] | None = None
    """"Target resonator gains [-800/0] or [0/+800] until end turn": ``[atk, def]`` of the other
    choice; on resolution the controller chooses which of the two the target gains (the effect names
    both and the player applying it picks one, FoW-5.5 9.3 p3.2)."""

    same_name_too: bool = False
    """ "Target resonator and all other resonators with the same name gain [+300/+300] until end of
    turn": the target, and every resonator in a field sharing a name with it (2.2) as the effect is made -
    whenever it shares it, while the effect lasts (a set defined by a condition, FoW-5.5 9.9 p4)."""

    @model_validator(mode="after")
    def _check_same_name(self) -> Modify:
        single = self.target.kind == "chosen" and self.target.count == 1 and not self.target.up_to
        if self.same_name_too and not single:
            raise ValueError("'same_name_too' gives the change to one chosen target and the cards named as it")
        return self

    @model_validator(mode="after")
    def _check_x(self) -> Modify:
        if self.or_gains is not None and (self.per is not None or self.x_of_destroyed is not None or self.skills):
            raise ValueError("'or_gains' chooses between two plain [+ATK/+DEF] changes")
        if self.of_subject and (
            {self.atk, self.def_} - {0, 1} or self.per is not None or self.x_of_destroyed or self.or_gains is not None
        ):
            raise ValueError("'of_subject' takes 'atk'/'def' of 1 (+X) or 0 (+0), and no other multiplier")
        if self.x_of_destroyed is not None and (
            {self.atk, self.def_} - {0, 1} or not (self.atk or self.def_) or self.per is not None
        ):
            raise ValueError("'x_of_destroyed' takes 'atk'/'def' of 1 (+X) or 0 (+0), and no 'per'")
        return self


class SwitchStats(_Model):
    """ "Switch the ATK and DEF of this card until end of turn": a continuous effect changing value
    information (FoW-5.5 9.9 p1.4): in timestamp order with the other non-counter changes of values,
    its ATK becomes the DEF it has at that point and its DEF the ATK; counters apply after (p1.5)."""

    op: Literal["switch_stats"] = "switch_stats"
    target: Target
    duration: Literal["end_of_turn"] = "end_of_turn"
    atk_becomes_def: bool = False
    """ "Target resonator's ATK becomes equal to its DEF until end of turn": the same kind of value
    change, in the same timestamp order, where only the ATK changes: it becomes the DEF the card has
    at that point (FoW-5.5 9.9 p1.4); its DEF is left as it is."""


class SetStats(_Model):
    """ "... becomes [0/200] until end of turn": a continuous effect changing value information (FoW-5.5
    9.9 p1.4): in timestamp order with the other non-counter changes of values (9.9 p3), its ATK and DEF
    become these values; counters apply after (p1.5).  With an ``all`` target it applies to every object
    matching the filter while it lasts (9.9 p4)."""

    op: Literal["set_stats"] = "set_stats"
    atk: Annotated[int, Field(ge=0)]
    def_: Annotated[int, Field(ge=0, alias="def")]
    target: Target
    duration: Literal["end_of_turn"] = "end_of_turn"


class SetPrintedAtk(_Model):
    """ "Target resonator's printed ATK becomes 0 until end of turn": a continuous effect changing the
    base information (FoW-5.5 9.9 p1.1): while it lasts, the target's printed ATK - what "printed" refers
    to and what every change of values starts from - is ``atk``; all the other changes of values and
    counters still apply on top of it (9.9 p1.4, p1.5).  The newest such effect wins (9.9 p3)."""

    op: Literal["set_printed_atk"] = "set_printed_atk"
    atk: Annotated[int, Field(ge=0)]
    target: Target
    duration: Literal["end_of_turn"] = "end_of_turn"


class AddSelfTo(_Model):
    """ "{R}{R}: Add this card to another target resonator.": this addition, in the field as the same
    object that played the ability (3.1 p3), is added onto the target instead of the card it is
    added to (10.1 p1), if it can legally be added to it (7.2 p3); it stays in the field, the same
    object, and the target's "whenever an addition is added to this card" triggers (7.2 p4)."""

    op: Literal["add_self_to"] = "add_self_to"
    target: Target

    @model_validator(mode="after")
    def _check(self) -> AddSelfTo:
        if self.target.kind != "chosen" or self.target.count != 1 or self.target.up_to:
            raise ValueError("'add_self_to' adds this card onto one chosen target")
        return self


class AddFromGraveyard(_Model):
    """ "When this card is put into a graveyard from a field, you may add it to a target resonator you
    control" / "Whenever a resonator enters your field, you may add this card from your graveyard to that
    resonator": this addition, in its owner's graveyard as the object that played the ability (3.1 p3),
    is put into its controller's field added onto ``target`` (10.1 p1, p2) if it can legally be added to it
    (7.2 p3); otherwise it stays in the graveyard.  It is a new object, not played: no [Enter] (9.6 p1.1)."""

    op: Literal["add_from_graveyard"] = "add_from_graveyard"
    target: Target

    @model_validator(mode="after")
    def _check(self) -> AddFromGraveyard:
        single = self.target.kind == "chosen" and self.target.count == 1 and not self.target.up_to
        if not (single or self.target.kind == "that"):
            raise ValueError("'add_from_graveyard' adds this card onto one chosen target or 'that' resonator")
        return self


class MoveAddition(_Model):
    """ "Move target [Addition: Resonator] you control onto another resonator": on resolution the
    controller chooses a resonator in a field, other than the one the target is added to, that it can
    legally be added to (FoW-5.5 7.2 p3, 10.1 p2; one must be chosen if there is any, 10.13 p1); the
    addition, staying in the field as the same object, is added onto it instead (10.1 p1) and the card
    it is added to triggers "whenever an addition is added to this card" (7.2 p4)."""

    op: Literal["move_addition"] = "move_addition"
    target: Target

    @model_validator(mode="after")
    def _check(self) -> MoveAddition:
        if self.target.kind != "chosen" or self.target.count != 1 or self.target.up_to:
            raise ValueError("'move_addition' moves one chosen addition")
        if self.target.filter.types != ["addition"] or self.target.filter.subtypes != ["resonator"]:
            raise ValueError("'move_addition' moves an [Addition:Resonator] onto a resonator")
        return self


class GrantSkill(_Model):
    op: Literal["grant_skill"] = "grant_skill"
    skill: SymbolSkill
    target: Target
    duration: Duration = "end_of_turn"
    or_skills: list[SymbolSkill] = Field(default_factory=list)
    """ "This card gains [Swiftness], [Flying] or [Target Attack] until end of turn": ``skill`` or one of
    these; the controller chooses one as the effect is applied (FoW-5.5 9.3 p3.2: answered with
    ``ChooseSkill``), and the target gains that one (10.19 p1)."""


class BecomeAttribute(_Model):
    """ "Choose an attribute. This card becomes the chosen attribute until end of turn.": on resolution
    the controller chooses one of the five attributes (FoW-5.5 2.8); until end of turn the target has
    that attribute and no other - a continuous effect changing non-value information (9.9 p1), the
    newest such effect applying last (9.9 p3)."""

    op: Literal["become_attribute"] = "become_attribute"
    target: Target
    duration: Literal["end_of_turn"] = "end_of_turn"
    any_number: bool = False
    """ "Choose any number of attributes. This card becomes those attributes until end of turn.": any
    number of the five (none too: no attribute, 2.8 p1) is chosen (``ChooseAttributes``)."""


class ChooseARace(_Model):
    """ "Choose a race.": as the effect resolves its controller chooses one of ``choices`` (the races of the
    card database, FoW-5.5 2.5 p1; answered with ``ChooseRace``); the effects after it in the same
    resolution read it through filters with ``chosen_race`` ("J/resonators of the chosen race")."""

    op: Literal["choose_race"] = "choose_race"
    choices: Annotated[list[str], Field(min_length=1)]


class ChangeRaces(_Model):
    """ "Target resonator loses all races and becomes a Fairy Tale until end of turn", "Target J/resonator
    loses all races and gains a race of your choice until end of turn": a continuous effect changing
    non-value information (FoW-5.5 2.5, 9.9 p1) of its targets for ``duration``: with ``lose_all``
    their races are replaced (9.9 "it loses the older information"), otherwise ``gain`` is added.
    ``of_choice``: the controller chooses one race of ``choices`` (the races of the card database) as
    the effect resolves (answered with ``ChooseRace``), gained with ``gain``."""

    op: Literal["change_races"] = "change_races"
    target: Target
    lose_all: bool = False
    gain: list[str] = Field(default_factory=list)
    of_choice: bool = False
    choices: list[str] = Field(default_factory=list)
    duration: Literal["end_of_turn"] = "end_of_turn"

    @model_validator(mode="after")
    def _check(self) -> ChangeRaces:
        if not (self.gain or self.of_choice):
            raise ValueError("'change_races' gives some race: 'gain' or 'of_choice'")
        if self.of_choice != bool(self.choices):
            raise ValueError("'of_choice' chooses among 'choices' (the known races), and only it has them")
        return self


class LoseSkill(_Model):
    """ "Resonators your opponent controls ... lose [Flying] until end of turn": a continuous effect
    removing a symbol skill (FoW-5.5 11) from its targets (with an ``all`` target: whatever matches,
    whenever, 9.9 p4).  Effects that add or remove abilities apply in timestamp order (9.9 p1, p3):
    the skill is lost if printed or gained earlier, kept if gained by a newer effect or ability."""

    op: Literal["lose_skill"] = "lose_skill"
    skill: SymbolSkill
    target: Target
    duration: Literal["end_of_turn"] = "end_of_turn"


class SpendUse(_Model):
    """One thing will with a spending restriction may pay for: playing a card ``filter`` matches (the
    card in the chase area, FoW-5.5 9.3 p2.2; its [Awakening] cost too, an additional cost of playing it,
    12.1 p1), paying the [Awakening] cost of such a card, or playing a [Judgment] (7.5), God's Art (12.4)
    or other [Activate] ability (9.5) of such a card."""

    on: Literal["play", "awakening", "judgment", "gods_art", "activate"] = "play"
    filter: Filter = Field(default_factory=lambda: Filter(zone="chase", types=[]))


class ProduceWill(_Model):
    """Produce will (FoW-5.5 9.7).  ``will`` lists attributes, ``V`` for void, ``M`` for moon; ``any_of``
    lets the controller choose one of the listed attributes."""

    op: Literal["produce_will"] = "produce_will"
    will: list[Literal["W", "R", "U", "G", "B", "V", "M"]] = Field(default_factory=list)
    any_of: list[Literal["W", "R", "U", "G", "B", "V", "M"]] = Field(default_factory=list)
    per: Count | None = None
    """"Produce {G} for each Musketeer resonator you control": ``will`` times the count on resolution
    (not on a will ability, which produces a fixed will, 9.7 p1)."""
    like_stones: bool = False
    """"Produce one will of any attribute that a magic stone you control could produce": one will,
    of an attribute one of the will abilities of the magic stones you control produces (void and
    moon are no attributes, 2.8; a "like_stones" ability adds none itself)."""
    any_count: Annotated[int, Field(ge=1)] = 1
    """"Produce two wills in any combination of attributes": how many wills the controller chooses
    from ``any_of``, the same attribute allowed more than once (FoW-5.5 9.7 p1)."""
    spend_only: list[SpendUse] = Field(default_factory=list)
    """"Spend that will only to play Fairy resonators": the will produced may pay only for these uses
    (none listed: for anything); the text beats the rule that any will pays a free cost (FoW-5.5 1.4 p1,
    10.2 p2)."""

    @model_validator(mode="after")
    def _check_per(self) -> ProduceWill:
        if self.per is not None and (self.any_of or not self.will):
            raise ValueError("'per' multiplies a fixed 'will' (no 'any_of')")
        if self.like_stones and (self.will or self.any_of or self.per is not None):
            raise ValueError("'like_stones' produces one will chosen from the stones: no 'will', 'any_of' or 'per'")
        if self.any_count > 1 and not self.any_of:
            raise ValueError("'any_count' chooses several wills from 'any_of'")
        return self


class Search(_Model):
    """Search the main deck for up to ``count`` cards matching ``filter``, reveal them, put
    them into the hand (or, with ``to="field"``, into the field: only cards that can be there
    without a host, no spell or [Addition:Resonator]), then shuffle (FoW-5.5 10.13, 10.20)."""

    op: Literal["search"] = "search"
    filter: Filter = Field(default_factory=lambda: Filter(zone="main_deck", types=[]))
    count: Annotated[int, Field(ge=1)] = 1
    to: Literal["hand", "field", "top", "stone_area", "standby"] = "hand"
    """``top``: "Then shuffle the rest of your main deck and put that card on top of it" (the move
    is part of the shuffle, FoW-5.5 10.20 p2.1); ``stone_area``: "... and put it into your magic
    stone area" (from the magic stone deck); ``standby``: "... and put it into your chant-standby area face
    down" (3.11; not the action of 7.6, no cost)."""
    deck: Literal["main_deck", "stone_deck"] = "main_deck"
    """The deck searched and shuffled: "Search your magic stone deck for a card" (3.6)."""
    rested: bool = False
    """"... into your magic stone area rested" / "... put it into your field rested": it enters
    rested (10.12 p1)."""
    triggers_enter: bool = False
    """"This triggers its [Enter] ability": the card put into the field this way triggers its
    [Enter] abilities although it was not played (the text overrides 9.6 p1.1, golden rule 1.4 p1)."""
    field_instead_if: Condition | None = None
    """ "... reveal it and put it into your hand. If your Ruler is "X", you may put it into your
    field instead": when this holds on resolution, the player, having found the card, chooses
    (``optional``) to put it into the field instead - if it can be there without a host."""
    reveal: bool = True
    """False: "Search your main deck for a card and put it into your hand" - the card found is put
    into the hand without being revealed (a search for a card names no information, 10.13 p2)."""
    total_cost_equal_to: Count | None = None
    """"a resonator with total cost equal to the number of creation counters on this card": only
    a card whose total cost (2.3; 0 without a cost) is that count, read as the search resolves."""
    and_or: Filter | None = None
    """ "Search your main deck for a Twelve Apostle and/or card named "X", reveal them, and put them into
    your hand": up to one card matching ``filter`` and up to one matching this (``count`` 2), a card
    matching both counting as either (FoW-5.5 10.13 p2)."""
    added_instead: bool = False
    """With ``field_instead_if``: "you may put that card on to this card instead": into the field added
    to the source card (FoW-5.5 10.1 p1), asked only if the found card can legally be added to it
    (10.1 p2) and the source is still in the field as the object it was (3.1 p3)."""
    same_total_cost_as_that: bool = False
    """"search your main deck for a resonator with the same total cost as that resonator" (in a delayed
    ability watching a resonator, 9.6 p8): only a card whose total cost (2.3) is that of the watched card."""
    shuffle: bool = True
    """Then shuffle the main deck (10.20); false when the shuffle is a ``shuffle`` effect of its
    own ("You may search ... . Then shuffle your main deck.": shuffled even if not searched)."""
    count_x: bool = False
    """"Search your main deck for X Treasury Item cards": up to X cards (``count`` is then 1 and not
    read), X being the value chosen for the {X} of the cost that played it (the ability's own, or the
    [Judgment] / [Awakening] cost that put its source into the field, FoW-5.5 9.3 p2.5)."""

    added_to_source: bool = False
    """With ``to="field"``: "search your main deck for a Weapon addition that can be added to a J/resonator
    and put it into the field, added to this card": only cards that can legally be added to the source card
    are found (FoW-5.5 10.1 p2), none once the source is no longer in the field as the object it was (3.1
    p3); the card found comes into the field added to it (10.1 p1)."""
    target: Target | None = None
    """ "search your main deck for a card named as target resonator": the target chosen as the ability is
    played (FoW-5.5 9.3 p2.4); only cards sharing a name with it (2.2) are found - nothing is searched if
    it is no longer a legal target on resolution (9.3 p3.1)."""

    @model_validator(mode="after")
    def _check_named_as(self) -> Search:
        single = self.target is not None and self.target.kind == "chosen" and self.target.count == 1
        if self.target is not None and (not single or self.target.up_to or self.and_or is not None):
            raise ValueError("a search 'target' is one chosen card whose name the card found has")
        return self

    @model_validator(mode="after")
    def _check_and_or(self) -> Search:
        if self.and_or is not None and (self.count != 2 or self.to != "hand" or self.deck != "main_deck"):
            raise ValueError("'and_or' searches the main deck for two cards, one of each, for the hand")
        return self

    @model_validator(mode="after")
    def _check_deck(self) -> Search:
        if (self.to == "stone_area" and self.deck != "stone_deck") or (
            self.deck == "stone_deck" and self.to not in ("stone_area", "top")
        ):
            raise ValueError("the magic stone deck is searched for the magic stone area or its top, and only it")
        if self.added_to_source and (self.to != "field" or self.deck != "main_deck" or self.rested):
            raise ValueError("'added_to_source' puts what the main deck search finds into the field, added")
        if self.rested and self.to not in ("stone_area", "field"):
            raise ValueError("'rested' is for a card put into the magic stone area or the field")
        if not self.reveal and (
            self.to not in ("hand", "standby") or self.filter != Filter(zone="main_deck", types=[])
        ):
            raise ValueError("only a search for a card (no information) puts it into the hand unrevealed")
        if self.total_cost_equal_to is not None and (self.deck != "main_deck" or self.to not in ("hand", "field")):
            raise ValueError("'total_cost_equal_to' is for a search of the main deck into the hand or field")
        return self


class Shuffle(_Model):
    """ "Then shuffle your main deck." as an effect of its own, after a search the player may
    not make ("You may search ...", "If ..., search ..."): the deck is shuffled anyway (FoW-5.5 10.20)."""

    op: Literal["shuffle"] = "shuffle"


class RevealHand(_Model):
    """ "You may reveal your hand. If you have no Spirit resonators in your hand, search ...": the
    controller reveals every card in their hand (FoW-5.5 10.4 p1), so that the condition that follows
    is shown to hold; they are hidden again as the effect ends."""

    op: Literal["reveal_hand"] = "reveal_hand"


class RevealTop(_Model):
    """Reveal the top card of your main deck (FoW-5.5 10.4); if it matches ``filter`` put it
    into ``then``, otherwise into ``otherwise`` (``None``: it stays on top of the deck)."""

    op: Literal["reveal_top"] = "reveal_top"
    filter: Filter = Field(default_factory=lambda: Filter(zone="main_deck", types=[]))
    deck: Literal["main_deck", "stone_deck"] = "main_deck"
    """The deck revealed: "Reveal the top card of your magic stone deck, if it's a wind magic stone,
    put it into your magic stone area" (3.6, 3.7) - its card goes to ``then`` ``stone_area`` or stays."""
    then: Literal["hand", "field", "stay", "stone_area"] = "hand"
    """``stay``: it stays on top of the deck whatever it is (an ``if`` with a ``top_card``
    condition follows: "If it's a resonator, ... Otherwise, ...")."""
    otherwise: Literal["hand", "graveyard"] | None = None
    until: bool = False
    """"Reveal cards from the top of your main deck until you reveal a Machine. Put that card into
    your field and shuffle the rest into your main deck": cards are revealed one by one until one
    matches ``filter``; it goes to ``then``; then the main deck is shuffled (10.20)."""

    @model_validator(mode="after")
    def _check_until(self) -> RevealTop:
        if self.until and (self.otherwise is not None or self.then == "stay"):
            raise ValueError("'until' puts the matching card into 'then' and shuffles the rest ('otherwise' unused)")
        stones = self.deck == "stone_deck"
        if stones != (self.then == "stone_area") or (stones and (self.until or self.otherwise is not None)):
            raise ValueError("the top card of the magic stone deck goes into the magic stone area, or stays")
        return self


class RevealNamed(_Model):
    """ "Name a card. Reveal the top four cards of your main deck. Put all revealed cards with that name
    into your hand and shuffle the rest into your main deck.": on resolution the controller names a card
    (a card name, recorded with ``OptionChosen``); the top ``count`` cards are revealed (FoW-5.5 10.4),
    those with that name (one of their names, 2.2) go into the hand, the main deck is shuffled (10.20)."""

    op: Literal["reveal_named"] = "reveal_named"
    count: Annotated[int, Field(ge=1)]
    name: Literal["card", "card_type"] = "card"
    """``card_type``: "name a card type. Reveal the top card of your main deck. If it's the named type, put
    it into your hand.": a card type (FoW-5.5 2.1) is named instead, and the revealed cards of that type
    go into the hand."""
    rest: Literal["shuffle", "stay"] = "shuffle"
    """``stay``: the other revealed cards stay on top of the main deck, hidden again as the effect ends
    (10.4 p1), instead of the deck being shuffled."""


class LookTop(_Model):
    """Look at (or, with ``reveal``, reveal: FoW-5.5 10.4) the top ``count`` cards of your main
    deck; choose ``pick`` of them matching ``filter`` (with ``up_to``, zero to ``pick``;
    otherwise as many as there are, up to ``pick``, 10.13 p1) and put them into your hand,
    revealed when ``reveal_picked`` ("you may reveal a card named X from among them and put
    it into your hand"); then put the rest into ``rest``: the graveyard, the bottom of the
    main deck (in the order the player chooses, 3.1 p4) or the removed area face down (3.12)."""

    op: Literal["look_top"] = "look_top"
    count: Annotated[int, Field(ge=1)]
    reveal: bool = False
    filter: Filter = Field(default_factory=lambda: Filter(zone="main_deck", types=[]))
    pick: Annotated[int, Field(ge=0)] = 1
    up_to: bool = False
    reveal_picked: bool = False
    to: Literal["hand", "bottom", "field", "stone_area"] = "hand"
    """Where the chosen cards go: the hand, or the bottom of the main deck ("You may put it on the
    bottom of your main deck"), or the field ("You may put a light resonator with total cost 4 or
    less from among them into your field": put, not played, 10.13 p2; only a card that can be in a
    field by itself)."""
    rest: Literal["graveyard", "bottom", "removed_face_down", "top"]
    """``top``: the rest goes back on top of the main deck, in the order the player chooses
    ("put them back in any order")."""
    deck: Literal["you", "opponent"] = "you"
    """Whose main deck: ``opponent`` for "look at the top card of your opponent's main deck" - the
    looker alone sees it (``CardLookedAt``, 3.1 p2), takes nothing and puts it back (``rest`` top)."""
    pile: Literal["main_deck", "stone_deck", "either"] = "main_deck"
    """``stone_deck``: "look at the top card of your magic stone deck" (3.6); the chosen card goes
    into your magic stone area (``to`` ``stone_area``), the rest back on top (``rest`` ``top``).
    ``either``: "Look at the top three cards of your main deck or magic stone deck and put them back in
    any order": the controller chooses the deck as the effect resolves (9.3 p3.2, ``ChooseOption``), then
    orders its top cards (3.1 p4); nothing is taken."""
    new_stone_name: bool = False
    """"If you don't control a magic stone with the same name as that card, you may put it ...": only
    a card whose names are none of the names of the magic stones you control may be chosen (2.2)."""

    @model_validator(mode="after")
    def _check_deck(self) -> LookTop:
        if self.deck == "opponent" and (self.pick or self.reveal or self.rest != "top"):
            raise ValueError("a look at the opponent's main deck takes nothing and puts the cards back on top")
        if (self.pile == "stone_deck") != (self.to == "stone_area") or (
            self.pile == "stone_deck" and (self.rest != "top" or self.deck != "you")
        ):
            raise ValueError("a look at your magic stone deck puts the chosen card into your magic stone area")
        if self.pile == "either" and (self.pick or self.rest != "top" or self.deck != "you" or self.reveal):
            raise ValueError("a look at your main deck or magic stone deck takes nothing and puts the cards back")
        if self.new_stone_name and self.pile != "stone_deck":
            raise ValueError("'new_stone_name' chooses a card of your magic stone deck")
        return self


class Cancel(_Model):
    """Cancel target spell or ability in the chase area (FoW-5.5 10.11)."""

    op: Literal["cancel"] = "cancel"
    target: Target = Field(default_factory=lambda: Target(filter=Filter(zone="chase", types=[])))
    unless_pays: Cost | None = None
    """"Cancel target spell unless its controller pays {2}": on resolution the controller of the
    (still legal) target decides whether to pay; paid in full, it is not canceled (10.2 p4)."""


class ReturnToHand(_Model):
    op: Literal["return_to_hand"] = "return_to_hand"
    target: Target
    max_total_cost_that_many: bool = False
    """"Discard your hand. Then return all resonators your opponent controls with total cost less than
    or equal to the number of cards discarded this way to their owner's hands": only the objects of
    the ``all`` target whose total cost (FoW-5.5 2.3) is at most the number of cards the discard just
    before put into a graveyard (10.18)."""

    @model_validator(mode="after")
    def _check_that_many(self) -> ReturnToHand:
        if self.max_total_cost_that_many and self.target.kind != "all":
            raise ValueError("'max_total_cost_that_many' narrows an 'all' target")
        return self


class PutCounter(_Model):
    """Put counters (FoW-5.5 10.21).  A counter named ``+100/+100`` modifies ATK/DEF."""

    op: Literal["put_counter"] = "put_counter"
    counter: str
    count: Annotated[int, Field(ge=1)] = 1
    target: Target
    per: Count | None = None
    """"put hope counters equal to the number of resonators you control on this card": ``count`` times
    the count on resolution (none when it is zero)."""


class RemoveCounter(_Model):
    """Remove ``count`` (``all``: every) ``counter`` counters from the target ("Remove a frozen counter
    from this card", "Then remove all support counters from this card"): the counters 10.21 p1 put."""

    op: Literal["remove_counter"] = "remove_counter"
    counter: str
    count: Annotated[int, Field(ge=1)] = 1
    all: bool = False
    target: Target


class LoseAbilities(_Model):
    """ "Target resonator loses all abilities until end of turn" (symbol skills included, FoW-5.5 11):
    a continuous effect removing abilities (9.9 p1.2) - those it has, and those gained by effects
    or abilities older than this effect; ``cannot_gain``: "... and cannot gain abilities", none at all."""

    op: Literal["lose_abilities"] = "lose_abilities"
    target: Target
    cannot_gain: bool = False
    duration: Literal["end_of_turn", "source_in_field"] = "end_of_turn"
    """``source_in_field``: "... as long as this card is in a field": the effect ends when its source
    leaves the field (9.1 p2.2), and is not made if the source left it before it resolves (9.9 p8)."""


class GainLife(_Model):
    op: Literal["gain_life"] = "gain_life"
    amount: Annotated[int, Field(ge=0, multiple_of=100)]
    who: Who = "you"
    per: Count | None = None
    """"gain 200 life for each X": ``amount`` times the count on resolution."""
    that_much: bool = False
    """"you gain that much life" (on a "whenever this card deals damage" ability): the
    damage dealt by the happening that triggered it, recorded as it triggered (FoW-5.5 9.6 p5)."""
    equal_to: SourceStat | None = None
    """"you gain life equal to its DEF": the source's DEF (``amount`` is ignored)."""
    dealt_to_you: bool = False
    """"you gain life equal to the damage that was dealt to you this turn" (``amount`` is ignored)."""
    half_of_damage: bool = False
    """"Then you gain life equal to half of that much damage. (Rounded up to the nearest 100.)": half
    of the damage the effect just before dealt (after replacements and preventions, FoW-5.5 10.6 p1,
    9.10), rounded up to a multiple of 100 (``amount`` is ignored)."""
    of_same: bool = False
    """With ``equal_to``: "Destroy target resonator ... You gain life equal to its DEF": the stat of
    the previous effect's single target instead of the source, read by last known information if
    it has just left the field (FoW-5.5 9.11); none if it was no longer a legal target (9.3 p3.1)."""

    @model_validator(mode="after")
    def _check_of_same(self) -> GainLife:
        if self.of_same and self.equal_to is None:
            raise ValueError("'of_same' reads the 'equal_to' stat of the previous target")
        return self


class PutIntoRulerArea(_Model):
    """ "Put your J-Ruler into your ruler area, as a ruler.": the J-ruler leaves the field for its
    owner's ruler area ruler side up (the ruler area holds the ruler, FoW-5.5 3.8 p1; the card text, 1.4
    p1); a ruler holds no damage (10.6 p1)."""

    op: Literal["put_into_ruler_area"] = "put_into_ruler_area"
    target: Target


class LoseLife(_Model):
    op: Literal["lose_life"] = "lose_life"
    amount: Annotated[int, Field(ge=0, multiple_of=100)]
    who: Who = "opponent"


class PayAnyLife(_Model):
    """ "Pay any amount of life. Draw a card for each 500 life you lost this way.": on resolution the
    controller chooses an amount of life, a multiple of one hundred (FoW-5.5 1.5 p4.1), and pays it;
    then draws a card for each ``draw_per`` life paid (rounded down)."""

    op: Literal["pay_any_life"] = "pay_any_life"
    draw_per: Annotated[int, Field(ge=100, multiple_of=100)]


class Pay(_Model):
    """ "You may pay {R}{R}." / "You may pay 200 life." as an effect, inside a ``may`` whose
    "If you do" asks whether it was paid: on acceptance the controller pays ``will`` from the
    will they have produced (``ChooseOptional`` may name will abilities to play in ``pay_with``,
    FoW-5.5 10.2 p5) and ``life`` (1.5 p4.1); will that cannot be paid in full cannot be paid at
    all (10.2 p4), so the acceptance is refused."""

    op: Literal["pay"] = "pay"
    will: Cost = Field(default_factory=Cost)
    life: Annotated[int, Field(ge=0, multiple_of=100)] = 0

    @model_validator(mode="after")
    def _check(self) -> Pay:
        if self.will.total == 0 and self.life == 0:
            raise ValueError("a 'pay' effect pays will or life")
        return self


PLAY_COST_CHANGES = ("spell", "normal_spell")
"""The :class:`CostChange` kinds that change the cost of playing a card (FoW-5.5 9.3 p2.5)."""


class CostChange(_Model):
    """ "Your opponent pays {1} more to play [Judgment] abilities" / "You pay {2} less to play
    [Judgment] abilities": while the continuous ability is active, the will to pay for that
    action (``of``; [Judgment] is the action written in a ruler's [Judgment] section, FoW-5.5
    7.5 p2) by ``who`` (relative to the card's controller) changes by ``more`` / ``less`` free
    will.  Increases apply before decreases, and a decrease of free will only lowers the free
    part of the cost, never below zero (9.3 p2.5)."""

    of: Literal[
        "judgment",
        "standby",
        "judgment_or_gods_art",
        "regalia_activate",
        "gods_art",
        "this_ability",
        "spell",
        "normal_spell",
    ]
    """``standby``: the {2} paid to put a card into the chant-standby area (FoW-5.5 7.6 p1);
    ``judgment_or_gods_art``: "[Judgment] or God's Art abilities" (God's Art: 12.4);
    ``regalia_activate``: "regalia's activate abilities", the [Activate] abilities (will abilities
    included, 9.7) of regalia (2.1 p3); ``gods_art``: "its God's Art abilities", those of the
    J-ruler its controller controls (12.4); ``this_ability``: an [Activate] ability's own "you may pay
    {1} less to play this ability" (its ``cost_reduction``); ``spell``: playing a card, which is a spell in the chase
    area ("to play spells", "to play Card Soldier resonators": summon spells included, 3.13 p3);
    ``normal_spell``: playing a card other than a resonator (:data:`PLAY_COST_CHANGES`)."""
    who: Literal["you", "opponent"]
    more: Annotated[int, Field(ge=0)] = 0
    less: Annotated[int, Field(ge=0)] = 0
    less_will: Cost | None = None
    """ "pay {B}{B} less": will with attributes taken off; each attribute symbol lowers only that
    attribute's part of the cost and the free part only the free part, never below zero (9.3 p2.5)."""
    filter: Filter | None = None
    """For playing a card: only the played cards matching it ("spells with no attribute", "Card
    Soldier resonators"), checked where the card is as the cost is worked out (9.3 p2.5)."""
    same_name_in_graveyard: bool = False
    """For playing a card: "to play a card if a card with the same name is in your graveyard" (2.2)."""
    minimum: Annotated[int, Field(ge=0)] | None = None
    """"to a minimum free cost of {1}": a decrease takes the free part of the cost down to this and no
    lower; a free part already at or below it is not decreased (9.3 p2.5)."""
    optional: bool = False
    """ "you may pay ... less": the decrease applies only when the player asks for it as they play
    the card or ability (``reduce: true``; they determine the cost then, 9.3 p2.5)."""
    condition: Condition | None = None
    """A condition that is part of the effect ("As long as your J-Ruler is ..., you may pay {B}{B}
    less ..."): checked as the ability is played (9.9 p4)."""
    same_name_as_found: bool = False
    """For a ``change_cost`` effect on playing cards: "... to play cards with the same name as the card you
    searched": the cards named like those the search just before it found (2.2); the effect made reads
    their names as its ``filter``."""
    instead: Annotated[int, Field(ge=0)] | None = None
    """"You pay {1} to put cards into your chant-standby area rather than pay {2}": that free will
    is paid instead of the rule's cost (the text beats the rule, 1.4 p1); increases and decreases
    then apply to it (9.3 p2.5)."""

    @model_validator(mode="after")
    def _check(self) -> CostChange:
        less_will = self.less_will is not None and self.less_will.total > 0
        if [self.more > 0, self.less > 0, less_will, self.instead is not None].count(True) != 1:
            raise ValueError("a cost change is either 'more', 'less', 'less_will' or 'instead'")
        if self.optional and not (self.less or less_will):
            raise ValueError("only a decrease is optional ('you may pay ... less')")
        if self.instead is not None and self.of != "standby":
            raise ValueError("'instead' replaces the chant-standby cost (FoW-5.5 7.6 p1) only")
        if (self.filter is not None or self.same_name_in_graveyard) and self.of not in PLAY_COST_CHANGES:
            raise ValueError("'filter' and 'same_name_in_graveyard' narrow the cards of a change to playing cards only")
        if self.minimum is not None and not self.less:
            raise ValueError("'minimum' belongs to a decrease of free will ('less')")
        if self.same_name_as_found and (self.of not in PLAY_COST_CHANGES or self.filter is not None):
            raise ValueError("'same_name_as_found' names the cards of a change to playing cards, with no 'filter'")
        return self


class ChangeCost(_Model):
    """ "You pay {1} less to play [Judgment] abilities of your ruler this turn": an effect making a
    continuous effect (9.9) that changes what a player pays for an action (``change``, as a
    continuous ability's ``cost_change`` does, 9.3 p2.5) until the end of the turn (5.4 p5.2)."""

    op: Literal["change_cost"] = "change_cost"
    change: CostChange
    duration: Literal["end_of_turn"] = "end_of_turn"


class Discard(_Model):
    """The affected player discards ``count`` cards of their choice (FoW-5.5 10.18)."""

    op: Literal["discard"] = "discard"
    count: Annotated[int, Field(ge=1)] = 1
    who: Who = "opponent"
    whole_hand: bool = False
    """"Discard your hand": every card in the hand, no choice (10.18 p2); ``count`` is then unused."""
    at_random: bool = False
    """"Your opponent discards a card at random": no player chooses; the cards are picked by the
    game's recorded seed, like a shuffle (randomness from outside the rules, 10.20 p1), and discarded
    (10.18 p1)."""
    target: Target | None = None
    """"Look at target opponent's hand and choose a card. They discard that card.": the controller of
    the effect looks at the hand of the player chosen as ``target`` (a player-only target, 9.3 p2.4)
    and chooses ``count`` of its cards matching ``filter`` (10.13 p1); that player discards them
    (10.18 p1).  ``who`` is then unused."""
    filter: Filter | None = None
    """With ``target``: what may be chosen ("choose a resonator"); any card when None."""

    @model_validator(mode="after")
    def _check(self) -> Discard:
        if self.target is not None and not (self.target.kind == "chosen" and self.target.players_only):
            raise ValueError("a discard's 'target' is a player chosen as the effect is played ('target opponent')")
        if self.target is not None and self.whole_hand:
            raise ValueError("'whole_hand' discards without a choice: it takes no 'target'")
        if self.at_random and (self.target is not None or self.whole_hand):
            raise ValueError("'at_random' picks cards of the discarding player's hand: no 'target', no 'whole_hand'")
        if self.filter is not None and (self.target is None or self.filter.zone != "hand"):
            raise ValueError("'filter' (a card in the hand) belongs to a discard with a 'target'")
        return self


class Rest(_Model):
    op: Literal["rest"] = "rest"
    target: Target


class Recover(_Model):
    op: Literal["recover"] = "recover"
    target: Target
    up_to: Annotated[int, Field(ge=1)] | None = None
    """"Recover up to two magic stones you control": no target; as the effect resolves its controller
    chooses up to this many of the cards the ``all`` target names and recovers them (10.12 p1, 9.3 p3.2)."""

    @model_validator(mode="after")
    def _check_up_to(self) -> Recover:
        if self.up_to is not None and self.target.kind != "all":
            raise ValueError("'up_to' chooses among the cards an 'all' target names")
        return self


class DealMore(_Model):
    """ "If target resonator would deal damage this turn, it deals that much +200 instead" / "If your
    J-Ruler would deal damage this turn, ...": a replacement effect (FoW-5.5 9.10 p1) on the damage
    the objects ``target`` names would deal until the end of the turn; with an ``all`` target,
    whatever matches when the damage would be dealt (9.9 p4)."""

    op: Literal["deal_more"] = "deal_more"
    extra: Annotated[int, Field(gt=0, multiple_of=100)]
    target: Target
    duration: Literal["end_of_turn"] = "end_of_turn"


class RedirectDealt(_Model):
    """ "The next damage this card would deal this turn is dealt to you instead": a replacement effect
    (FoW-5.5 9.10 p1) on the next damage the target would deal this turn - dealt to the controller of
    the effect instead; then it ends."""

    op: Literal["redirect_dealt"] = "redirect_dealt"
    target: Target
    duration: Literal["end_of_turn"] = "end_of_turn"


class PreventDamage(_Model):
    """A replacement effect (FoW-5.5 10.17): prevent the next ``amount`` damage (all
    damage when ``amount`` is None) that would be dealt to the target this turn."""

    op: Literal["prevent_damage"] = "prevent_damage"
    amount: int | None = None
    target: Target
    by: bool = False
    """"that would be dealt by target resonator": damage the target deals, not damage dealt to it."""
    next: bool = False
    """"Prevent the next damage": only the next damage event, all of it (10.17 p1.2); then the effect ends."""
    duration: Literal["end_of_turn", "permanent"] = "end_of_turn"
    """``permanent``: "Prevent the next damage ..." with no duration lasts until it has prevented damage."""
    counter_per_100: str | None = None
    """With ``next``: "For each 100 damage prevented this way, put a [+100/+100] counter on it": as it
    prevents, that many counters of this name are put on the card it was to be dealt to (10.21 p1)."""

    @model_validator(mode="after")
    def _check(self) -> PreventDamage:
        if self.next and self.amount is not None:
            raise ValueError("'next' prevents the whole next damage: it takes no 'amount'")
        if self.counter_per_100 is not None and (not self.next or self.by):
            raise ValueError("'counter_per_100' follows 'the next damage' dealt to the target")
        if self.duration == "permanent" and not (self.next or self.amount is not None):
            raise ValueError("only a prevention that ends when used ('next' or an 'amount') may be 'permanent'")
        return self


class RemoveFromGame(_Model):
    op: Literal["remove_from_game"] = "remove_from_game"
    target: Target | None = None
    from_hand: Annotated[int, Field(ge=0)] = 0
    """Instead of a target, "remove a card in your hand from the game": that many cards of your
    hand, chosen as the effect resolves (FoW-5.5 10.13 p2), put into the removed area face up (10.3 p1)."""
    whole_graveyard: bool = False
    """"Remove all cards in target player's graveyard from the game": the target is a player, and every
    card in that player's graveyard as the effect resolves is removed (10.3 p1)."""
    from_graveyard: Annotated[int, Field(ge=0)] = 0
    """Instead of a target, "remove up to two cards in your graveyard from the game": that many cards of
    your graveyard (a public zone), chosen as the effect resolves (FoW-5.5 10.13 p1), removed face up
    (10.3 p1); the cards it removed are "the cards removed this way" of the effects after it (9.3 p3)."""
    up_to: bool = False
    """With ``from_graveyard``: "up to" that many, none included - choosing none is not doing it ("If
    you do", 9.3 p3.2)."""

    @model_validator(mode="after")
    def _check(self) -> RemoveFromGame:
        if [self.target is not None, self.from_hand > 0, self.from_graveyard > 0].count(True) != 1:
            raise ValueError("remove_from_game needs either a 'target' or 'from_hand'")
        if self.up_to and not self.from_graveyard:
            raise ValueError("'up_to' chooses up to 'from_graveyard' cards")
        if self.whole_graveyard and (self.target is None or not self.target.players_only):
            raise ValueError("'whole_graveyard' removes the graveyard of a target player")
        return self


class PutOnMainDeck(_Model):
    """Put the target on the top or bottom of its owner's main deck (FoW-5.5 3.1 p5)."""

    op: Literal["put_on_main_deck"] = "put_on_main_deck"
    target: Target | None = None
    position: Literal["top", "bottom", "shuffled"] = "top"
    """``shuffled``: "shuffle it into its owner's main deck": put into that deck, then the deck is
    shuffled (FoW-5.5 10.20 p1); for a ``self`` target, the card as the object it is where it went
    after "When this card is put into a graveyard" (3.1 p3)."""
    from_hand: Annotated[int, Field(ge=0)] = 0
    """Instead of a target, "put two cards from your hand on top of your main deck (in any
    order)": that many cards of your hand, chosen as the effect resolves and put one by one in
    the order the player lists them (FoW-5.5 3.1 p4)."""
    any_number: bool = False
    """Instead of ``from_hand``: "Put any number of cards from your hand on the bottom of your main
    deck in any order": as many cards of the hand as the player chooses, none included (10.13 p2)."""

    @model_validator(mode="after")
    def _check(self) -> PutOnMainDeck:
        if [self.target is not None, self.from_hand > 0, self.any_number].count(True) != 1:
            raise ValueError("put_on_main_deck needs either a 'target', 'from_hand' or 'any_number'")
        if self.from_hand and self.position == "shuffled":
            raise ValueError("'shuffled' puts a target into the main deck; cards from the hand go on top or bottom")
        return self


class Mill(_Model):
    """Put the top ``count`` cards of the main deck into the graveyard (FoW-5.5 3.1 p5), or with
    ``to="removed"`` "remove the top card of your main deck from the game" (10.3 p1)."""

    op: Literal["mill"] = "mill"
    count: Annotated[int, Field(ge=1)] = 1
    who: Who = "you"
    to: Literal["graveyard", "removed", "bottom", "standby"] = "graveyard"
    """``bottom``: "Put the top card of your main deck on the bottom of your main deck" (3.1 p5), unseen;
    ``standby``: "put the top four cards of your main deck into your chant-standby area face down" (a
    hidden zone whose cards their owner sees, FoW-5.5 3.11 p2; not put there by 7.6, so not played
    without an effect that allows it)."""
    all: bool = False
    """"Remove all cards in your main deck from the game": every card of the main deck (``count`` unused)."""
    deck: Literal["main", "stone"] = "main"
    """``stone``: "put the top three cards from your magic stone deck into your graveyard" (3.7), to the
    graveyard only."""
    face_down: bool = False
    """With ``to="removed"``: "remove top three cards of your main deck from the game face down" - removed
    without being shown: the removed area is a hidden zone for them, to every player but their owner
    ("You may look at them / that card at any time": the owner, who removed it from their own deck, sees
    it, FoW-5.5 3.12 p2.1)."""

    @model_validator(mode="after")
    def _check_face_down(self) -> Mill:
        if self.face_down and self.to != "removed":
            raise ValueError("'face_down' is a removal from the game (to 'removed')")
        return self


class ReshuffleGraveyard(_Model):
    """ "Target player shuffles all magic stones from their graveyard into their magic stone deck
    and shuffles all other cards from their graveyard into their main deck": the player's magic
    stones go to the magic stone deck, the other cards to the main deck (3.1 p5), then both decks
    are shuffled (10.20 p1).  The player is ``target`` (a player-only target chosen as the effect is
    played, 9.3 p2.4) or, without it, ``who``."""

    op: Literal["reshuffle_graveyard"] = "reshuffle_graveyard"
    who: Who = "you"
    target: Target | None = None

    @model_validator(mode="after")
    def _check(self) -> ReshuffleGraveyard:
        if self.target is not None and not (self.target.kind == "chosen" and self.target.players_only):
            raise ValueError("a reshuffle's 'target' is a player chosen as the effect is played ('target player')")
        return self


class PutStone(_Model):
    """Put the top card of the magic stone deck into the magic stone area (FoW-5.5 3.7)."""

    op: Literal["put_stone"] = "put_stone"
    who: Who = "you"
    rested: bool = False
    """"... into your magic stone area rested": it enters rested (10.12 p1)."""


def links_removed(flt: Filter) -> bool:
    """Whether ``flt`` names only cards "removed by this card" (``removed_by_source``, itself or in each
    of its ``any_of`` filters)."""
    return flt.removed_by_source or (bool(flt.any_of) and all(f.removed_by_source for f in flt.any_of))


class PutIntoField(_Model):
    """Put the target card (in a graveyard, FoW-5.5 3.9) into a field: "Put target resonator
    from your graveyard into your field [rested]".  Only a card that can be in a field without
    a host moves (no spell, 3.15 p4; no [Addition:Resonator]); it is a new object (3.1 p3)
    and, not having been played, does not trigger [Enter] (9.6 p1.1)."""

    op: Literal["put_into_field"] = "put_into_field"
    target: Target | None = None
    chosen_from: Filter | None = None
    """Instead of a target, "Put a Vampire resonator from your graveyard into your field": one card
    of your graveyard matching it, chosen as the effect resolves (10.13 p1).  From the hand, use
    ``put_from_hand``."""
    rested: bool = False
    owners_field: bool = False
    """"into its owner's field" (else: into the field of the ability's controller)."""
    triggers_enter: bool = False
    """"This triggers its [Enter] ability" (the text overrides 9.6 p1.1, golden rule 1.4 p1)."""
    zone: Literal["field", "stone_area"] = "field"
    """``stone_area``: "Put up to one target magic stone from your graveyard into your magic stone
    area" (a magic stone is put into the magic stone area, not a field, 3.7)."""

    @model_validator(mode="after")
    def _check(self) -> PutIntoField:
        if (self.target is None) == (self.chosen_from is None):
            raise ValueError("put_into_field needs either a 'target' or 'chosen_from'")
        linked = self.chosen_from is not None and self.chosen_from.zone == "removed" and links_removed(self.chosen_from)
        if self.chosen_from is not None and self.chosen_from.zone != "graveyard" and not linked:
            raise ValueError("'chosen_from' chooses in your graveyard; from your hand it is 'put_from_hand'")
        return self


Restriction = Literal[
    "cannot_attack",
    "cannot_attack_you",
    "cannot_attack_resonators",
    "cannot_block",
    "cannot_be_destroyed",
    "cannot_be_targeted",
    "cannot_be_targeted_by_opponent",
    "cannot_be_targeted_by_opponents_normal_spells",
    "cannot_be_attacked",
    "cannot_be_blocked",
    "doesnt_recover_in_recovery_phase",
    "cannot_be_recovered",
    "must_block_if_able",
    "cannot_play_normal_spells",
    "cannot_play_summon_spells",
    "cannot_gain_life",
]
"""Rule overrides (:class:`RuleOverrides`) an effect may give objects for a duration; those of
``PLAYER_RESTRICTIONS`` it gives players instead.  ``cannot_be_recovered`` ("If it's a Demon, it
cannot be recovered as long as this card is in a field"): neither the recovery phase's recovery
(5.2 p5) nor any effect (10.12 p1) recovers the object, in any phase (a prohibition beats an
instruction, 1.4 p4)."""

PLAYER_RESTRICTIONS = ("cannot_play_normal_spells", "cannot_play_summon_spells", "cannot_gain_life")
"""What a player cannot do while the effect lasts: "Target player cannot play normal spells and
summon spells until end of turn" (a resonator played is a summon spell, any other card a normal
spell, FoW-5.5 3.13 p3; the prohibition beats any instruction to play one, 1.4 p4); "Your opponent
cannot gain life until end of turn" (no effect makes that player gain life, 1.4 p4)."""


class Restrict(_Model):
    """ "Target resonator cannot block this turn", "Resonators you control cannot be destroyed until
    end of turn": the targets get these rule overrides (the text beats the rules, FoW-5.5 1.4 p1;
    a prohibition beats an instruction, 1.4 p4) as a continuous effect until the end of the turn.
    With an ``all`` target the effect applies to every object matching the filter while it lasts,
    also those that match it later (9.9 p4).  ``cannot_be_targeted_by_opponent`` is relative to
    the controller of the effect ("your opponent"); so is
    ``cannot_be_targeted_by_opponents_normal_spells`` ("cannot be targeted by normal spells your
    opponents control": a card other than a resonator being played, FoW-5.5 3.13 p3, not an ability)."""

    op: Literal["restrict"] = "restrict"
    target: Target
    rules: Annotated[list[Restriction], Field(min_length=1)]
    blocked_by: Filter | None = None
    """With ``rules`` ``["cannot_be_blocked"]``: "Target resonator cannot be blocked by water
    resonators until end of turn": only J/resonators matching it (any controller's) cannot block
    the targets (``RuleOverrides.cannot_be_blocked_by``)."""
    duration: Literal["end_of_turn", "source_in_field", "next_recovery_phase", "source_rested", "source_controlled"] = (
        "end_of_turn"
    )
    """``source_rested``: "It doesn't recover during the recovery phase as long as this card is rested":
    until its source recovers or leaves the field, not made unless it is rested there (FoW-5.5 9.9 p8);
    ``source_in_field``: "as long as this card is in a field": the effect ends when its source
    leaves the field, and is not made if the source left it before it resolves (FoW-5.5 9.9 p8);
    ``source_controlled``: "as long as you control this card": it also ends when another player gains
    control of the source, and is not made if the effect's controller does not control it in a field
    as it resolves (9.9 p8); with it ``cannot_attack_you`` ("J/resonators of the chosen race cannot
    attack you": they may not choose the effect's controller as the attacked player, 8.2 p3.2, 1.4 p4);
    ``next_recovery_phase``: "They don't recover during their controller's next recovery phase": it
    lasts until the recovery of the next recovery phase of its targets' controller (5.2 p5)."""

    @model_validator(mode="after")
    def _check_players(self) -> Restrict:
        on_players = [r in PLAYER_RESTRICTIONS for r in self.rules]
        player_target = self.target.kind in ("you", "opponent", "each_player") or (
            self.target.kind == "chosen" and self.target.players_only
        )
        if any(on_players) and not (all(on_players) and player_target and self.duration == "end_of_turn"):
            raise ValueError(f"{PLAYER_RESTRICTIONS} are given to players only, until the end of the turn")
        if player_target and not all(on_players):
            raise ValueError("a player gets only restrictions on players")
        if self.blocked_by is not None and (self.rules != ["cannot_be_blocked"] or self.blocked_by.controller != "any"):
            raise ValueError("'blocked_by' (of any controller) narrows a 'cannot_be_blocked' restriction, alone")
        if self.duration == "next_recovery_phase" and (
            self.rules != ["doesnt_recover_in_recovery_phase"] or self.target.kind == "all"
        ):
            raise ValueError("'next_recovery_phase' is how long given cards don't recover in the recovery phase")
        return self


class PutFromHand(_Model):
    """ "[You may] put a water resonator with total cost 2 or less from your hand into your field":
    the controller chooses up to ``count`` cards of their hand matching ``filter`` and puts them
    into their field; not played, so no [Enter] (9.6 p1.1).  Only cards that can be in a field
    without a host move (no spell, 3.15 p4; no addition needing a host).  The hand is a hidden
    zone: the player may choose not to find such a card (10.13 p2), so "you may" is the same."""

    op: Literal["put_from_hand"] = "put_from_hand"
    filter: Filter = Field(default_factory=lambda: Filter(zone="hand", types=[]))
    count: Annotated[int, Field(ge=1)] = 1
    same_total_cost: bool = False
    """ "Put target resonator you control on the bottom of its owner's main deck. If you do, you may put
    a resonator with the same total cost from your hand into your field": only cards whose total cost
    is that of the first target of the spell or ability (printed, FoW-5.5 2.3 p5 - read wherever
    that card went, last known information 9.11); none without such a target."""
    to_standby: bool = False
    """ "You may put up to two cards from your hand into your chant-standby area face down": the chosen
    cards go to their owner's chant-standby area face down (FoW-5.5 3.11 p1, p2) instead of the field
    - any card, as by the action 7.6 p3 (which pays {2}; this effect does not)."""
    to_this_card: bool = False
    """ "You may add an [Addition:J/Resonator] from your hand to this card": only additions that can
    legally be added to the source card go, into the field added to it (FoW-5.5 10.1 p1, p2) - none
    once the source is no longer in the field as the object it was (3.1 p3)."""


class PutFromRemoved(_Model):
    """ "Then, you may put any number of cards from your removed area into your graveyard": the
    controller chooses any number of the cards in their removed area matching ``filter`` - a public
    zone (FoW-5.5 3.12), chosen on resolution (10.13 p1) - and puts them into their owner's graveyard
    (3.1 p5).  Choosing none is declining, so "you may" adds nothing."""

    op: Literal["put_from_removed"] = "put_from_removed"
    filter: Filter = Field(default_factory=lambda: Filter(zone="removed", types=[]))
    to: Literal["graveyard"] = "graveyard"

    @model_validator(mode="after")
    def _check(self) -> PutFromRemoved:
        if self.filter.zone != "removed":
            raise ValueError("'put_from_removed' chooses in the removed area")
        return self


class Banish(_Model):
    """ "Your opponent banishes a resonator" / "each player banishes a non-Shadow resonator": the
    affected player chooses ``count`` of the cards they control matching ``filter`` (``controller``
    relative to that player) and puts them into their owner's graveyard (FoW-5.5 10.10 p1; a player
    banishes only cards they control, p2); all of them if there are not more.  "Each player" is
    imported as one effect per player, the controller's first."""

    op: Literal["banish"] = "banish"
    filter: Filter | None = None
    count: Annotated[int, Field(ge=1)] = 1
    who: Literal["you", "opponent"] = "opponent"
    target: Target | None = None
    """Instead of a choice, "Banish this card" (``self``) / "banish it" (``same``): the controller of
    the effect puts that object into its owner's graveyard if they control it (FoW-5.5 10.10 p1; a
    player may not banish cards they don't control, p2); ``who`` and ``count`` are then unused."""
    all_but_one: bool = False
    """ "Banish all but one of them" (of the true magic stones with the same name): of each group of
    two or more cards matching ``filter`` that share a printed name, the player keeps one of their
    choice and banishes the others (FoW-5.5 10.10 p1); ``count`` is then unused."""

    @model_validator(mode="after")
    def _check(self) -> Banish:
        if (self.filter is None) == (self.target is None):
            raise ValueError("banish needs either a 'filter' (the player chooses) or a 'target'")
        if self.all_but_one and self.filter is None:
            raise ValueError("'all_but_one' banishes cards matching a 'filter'")
        if self.target is not None and self.target.kind not in ("self", "same", "all"):
            raise ValueError("a banish 'target' is this card ('self'), the object named before ('same') or 'all'")
        return self


class KeepOne(_Model):
    """ "Each player chooses a resonator they control, then each player banishes all other resonators
    they control.": on resolution each player in turn (the controller first) chooses one of the cards
    they control matching ``filter`` (``controller`` relative to that player; no choice with one or
    none); then each player banishes all the others (FoW-5.5 10.10 p1, a player banishes only cards
    they control, p2)."""

    op: Literal["keep_one"] = "keep_one"
    filter: Filter


class GainControl(_Model):
    """ "Gain control of target resonator.": the controller of the effect becomes the target's
    controller (FoW-5.5 1.5 p3, a controller-changing effect), for the rest of the game.  The card
    stays the same object in the field (no zone change, 3.1 p3), but its new controller has not
    controlled it continuously since the beginning of the turn (8.2 p3.1, 9.5 p3)."""

    op: Literal["gain_control"] = "gain_control"
    target: Target
    duration: Literal["permanent", "source_in_field", "end_of_turn"] = "permanent"
    """``source_in_field``: "... as long as this card is in a field": a continuous effect (9.9) that
    ends when its source leaves the field (9.1 p2.2), and is not made if the source left it before it
    resolves (9.9 p8); ``end_of_turn``: "Gain control of target ... until end of turn", a continuous
    effect that ends as the turn ends (5.4 p5.2). Then the card's controller is again the one the
    other controller-changing effects, or none, make it (1.5 p3)."""


class Fight(_Model):
    """ "Target J/resonator you control and target J/resonator your opponent controls deal damage
    equal to their ATK to each other": ``target`` (``self``: "this card", ``same``: "that card",
    or ``chosen``) and ``other`` (``chosen``) each deal damage equal to its ATK to the other
    (FoW-5.5 10.6; both ATKs read before either deals damage).  Both must still be in the field
    (and ``chosen`` ones legal targets) as it resolves; if one is not, the effect involves it and is
    not applied at all (9.3 p3.1)."""

    op: Literal["fight"] = "fight"
    target: Target
    other: Target | None = None
    versus: Filter | None = None
    """Instead of ``other``: "this and a J/resonator your opponent controls deal damage equal to their
    ATK to each other": the other J/resonator, one matching this filter (``controller`` relative to
    the ability's controller), is chosen by the ability's controller as it resolves - no target
    (FoW-5.5 9.3 p3.2); none if there is no such J/resonator."""

    @model_validator(mode="after")
    def _check(self) -> Fight:
        if (self.other is None) == (self.versus is None):
            raise ValueError("'fight' needs either a chosen 'other' or a 'versus' filter")
        others = [self.other] if self.other is not None else []
        if self.target.kind not in ("self", "same", "chosen") or any(t.kind != "chosen" for t in others):
            raise ValueError("'fight' is between this card, 'same' or a chosen target and a chosen 'other'")
        if any(t.kind == "chosen" and (t.count != 1 or t.up_to or t.players_allowed) for t in (self.target, *others)):
            raise ValueError("'fight' chooses exactly one J/resonator per target")
        return self


class Delayed(_Model):
    """ "At the end of turn, destroy that resonator": the effect creates a delayed automatic
    ability (FoW-5.5 9.6 p8) that triggers once, at the end of this turn (5.4 p3), and then
    ``effects`` resolve like any triggered ability's.  A ``same`` target in them names the object
    the previous effect's single target group chose ("that resonator", "it"), recorded as the
    delayed ability is created and only while it stays the same object (3.1 p3); ``all`` targets
    are read as the delayed ability resolves.  No new targets are chosen."""

    op: Literal["delayed"] = "delayed"
    at: Literal[
        "end_of_turn",
        "next_end_of_turn",
        "it_deals_or_is_dealt_damage",
        "it_is_destroyed",
        "this_card_deals_damage",
        "it_is_put_into_graveyard",
    ] = "end_of_turn"
    """``end_of_turn``: "At the end of turn, ..."; ``next_end_of_turn``: "At the next end of turn": the
    next time "at the end of turn" happens (5.4 p3) - this turn's, or the next turn's once this turn's
    has happened (an instant played in the end phase's last priority sequence, 5.4 p4);
    ``it_deals_or_is_dealt_damage`` ("When it deals or is dealt damage this turn, banish it") and
    ``it_is_destroyed`` ("When that resonator is destroyed this turn, banish this card"): the first
    time this turn that the object the previous effect's single target group chose (recorded as the
    ability is created, while it stays the same object) deals or is dealt damage (10.6) / is
    destroyed (10.9); ``this_card_deals_damage`` ("Whenever this card deals damage this turn, you gain that
    much life"): every time this turn that the source, as the object whose ability made it (3.1 p3), deals
    damage (10.6) - "whenever" says it triggers more than once (9.6 p8 "if not specified"), and "that
    much" is the damage dealt then."""
    effects: Annotated[list[Effect], Field(min_length=1)]
    target: Target | None = None
    """"Recover target resonator at the end of turn": one target chosen as the spell or ability that
    makes the delayed ability is played (9.3 p2.4); the delayed ability is made with that object if it
    is still a legal target on resolution (9.3 p3.1), and its ``same`` targets name it (3.1 p3).  With ``at``
    ``it_is_put_into_graveyard`` ("When target resonator you control is put into a graveyard this turn, ..."):
    the first time this turn that object is put into a graveyard (from the field, as that object)."""

    @model_validator(mode="after")
    def _check(self) -> Delayed:
        if self.at == "it_is_put_into_graveyard":  # its search asks on resolution, like any triggered ability's
            _held_effects(self.effects, "delayed")
        else:
            _plain_effects(self.effects, "delayed")
        if _chosen(self.effects):
            raise ValueError("a delayed ability chooses no targets: use 'same' or 'all'")
        if self.target is not None and (
            self.target.kind != "chosen"
            or self.target.count != 1
            or self.target.up_to
            or self.at not in ("end_of_turn", "it_is_put_into_graveyard")
        ):
            raise ValueError("a delayed ability's own target is one chosen target, at the end of turn")
        return self


_PAUSING_OPS = (
    "search",
    "discard",
    "may",
    "if",
    "choose",
    "look_top",
    "put_from_hand",
    "put_from_removed",
    "become_attribute",
    "change_races",
    "choose_race",
    "banish",
    "delayed",
    "pay_any_life",
    "keep_one",
    "move_addition",
    "reveal_named",
)
"""Effects that may wait for a player's choice (or hold other effects): not inside ``may``/``if``."""


def _pausing_op(eff: Any) -> bool:
    """Whether ``eff`` is of a kind that may wait for a choice ("banish this card" does not)."""
    op = getattr(eff, "op", None)
    return op in _PAUSING_OPS and not (op == "banish" and getattr(eff, "target", None) is not None)


def _chosen(effects: list[Any]) -> list[Any]:
    """The targets that ``effects`` choose as the card or ability is played, in order."""
    return [e.target for e in effects if getattr(getattr(e, "target", None), "kind", None) == "chosen"]


def _plain_effects(effects: list[Any], what: str) -> None:
    for eff in effects:
        pauses = getattr(eff, "chosen_from", None) is not None or bool(getattr(eff, "from_hand", 0))
        pauses = pauses or bool(getattr(eff, "any_number", False)) or bool(getattr(eff, "from_graveyard", 0))
        pauses = pauses or getattr(eff, "unless_pays", None) is not None  # its target's controller decides
        pauses = pauses or bool(getattr(eff, "chosen_total_cost", False))  # "choose a number" (1.4 p5)
        pauses = pauses or getattr(eff, "or_gains", None) is not None  # "[-800/0] or [0/+800]"
        if _pausing_op(eff) or pauses:
            raise ValueError(f"'{eff.op}' cannot be inside '{what}' (only effects that need no further choice)")
        if getattr(eff, "op", None) == "fight":
            raise ValueError(f"'fight' (two target groups) cannot be inside '{what}'")


def waits_for_choice(eff: Any) -> bool:
    """An effect that may wait for a player's choice on resolution: a "you may" (its question),
    an "if" holding such effects, a search, a discard..."""
    if getattr(eff, "op", None) == "if":
        return any(waits_for_choice(e) for e in list(eff.effects) + list(eff.otherwise))
    pauses = getattr(eff, "chosen_from", None) is not None or bool(getattr(eff, "from_hand", 0))
    pauses = pauses or bool(getattr(eff, "from_graveyard", 0))  # "remove up to two cards in your graveyard"
    pauses = pauses or bool(getattr(eff, "chosen_total_cost", False))  # "choose a number" (1.4 p5)
    pauses = pauses or getattr(eff, "or_gains", None) is not None  # "[-800/0] or [0/+800]"
    return _pausing_op(eff) or pauses or bool(getattr(eff, "any_number", False))


def _held_effects(effects: list[Any], what: str) -> None:
    """Effects a ``may`` or an ``if`` without ``otherwise`` holds: those that wait for a choice
    too (run as steps of their own on resolution), but no modes (chosen as it is played, 9.3 p2.3)."""
    for eff in effects:
        if getattr(eff, "op", None) == "choose":
            raise ValueError(f"'choose' cannot be inside '{what}' (modes are chosen as the card is played)")


class RemoveInstead(_Model):
    """ "If it would leave your field this turn, remove it from the game instead" / "If it's a resonator
    and it would be put into a graveyard from a field this turn, remove it from game instead": a
    replacement effect (FoW-5.5 9.10 p1) on the previous effect's single target (``same``) until the end
    of the turn: a move of that object out of the field (``field``: out of its controller's field, to
    any zone but the removed area, while the effect's controller controls it; ``field_to_graveyard``:
    from any field into a graveyard) puts it into its owner's removed area instead (10.3 p1).  It ends
    when the object leaves the field, being a new object elsewhere (3.1 p3)."""

    op: Literal["remove_instead"] = "remove_instead"
    target: Target
    leaving: Literal["field", "field_to_graveyard"] = "field"
    duration: Literal["end_of_turn"] = "end_of_turn"

    @model_validator(mode="after")
    def _check(self) -> RemoveInstead:
        if self.target.kind != "same":
            raise ValueError("'remove_instead' acts on the object the previous effect named ('same')")
        return self


class PayLess(_Model):
    """ "As long as your J-Ruler is "Dark Alice, Maiden of Slaughter", you may pay {B}{B} less to play
    its God's Art abilities this turn": a continuous effect until end of turn (FoW-5.5 9.9) letting
    its controller pay ``less`` less will (9.3 p2.5: never below zero) to play God's Art abilities
    (12.4) of their J-ruler.  ``condition`` is part of the effect: it is checked as each ability is
    played, not as the effect is made (9.9 p4 and its example of exactly such an effect)."""

    op: Literal["pay_less"] = "pay_less"
    of: Literal["gods_art", "awakening"] = "gods_art"
    """``awakening``: "You may pay [Awakening] costs {M} less this turn": the [Awakening] costs its
    controller pays (12.1 p1), when they ask (``reduce_awakening`` of ``PlayCard``)."""
    less: Cost
    condition: Condition | None = None
    duration: Literal["end_of_turn"] = "end_of_turn"

    @model_validator(mode="after")
    def _check(self) -> PayLess:
        if not self.less.total:
            raise ValueError("'pay_less' needs some will to pay less")
        if self.condition is not None and self.condition.kind in ("did", "target_is", "top_card", "targets"):
            raise ValueError("'pay_less' checks its condition as an ability is played, not on resolution")
        return self


class May(_Model):
    """ "You may <effects>": on resolution the controller decides whether to apply them
    (``OptionChosen``); targets are still chosen when the ability is played (FoW-5.5 9.3 p2.4)."""

    op: Literal["may"] = "may"
    effects: Annotated[list[Effect], Field(min_length=1)]

    @model_validator(mode="after")
    def _check(self) -> May:
        _held_effects(self.effects, "may")
        return self


class If(_Model):
    """ "If <condition>, <effects>" [otherwise <otherwise>]: checked on resolution (FoW-5.5 9.3 p3)."""

    op: Literal["if"] = "if"
    condition: Condition
    effects: Annotated[list[Effect], Field(min_length=1)]
    otherwise: list[Effect] = Field(default_factory=list)
    same_targets: bool = False
    """The ``otherwise`` effects act on the targets chosen for ``effects`` ("Target resonator
    gains ... if it's darkness. Otherwise, it gains ..."; "... If <condition>, it deals 800
    damage instead."): both branches name the same targets, chosen once (FoW-5.5 9.3 p2.4)."""

    @model_validator(mode="after")
    def _check(self) -> If:
        if self.otherwise or self.same_targets or self.condition.kind == "target_is":
            _plain_effects(self.effects + self.otherwise, "if")
        else:
            _held_effects(self.effects, "if")
        if self.same_targets and _chosen(self.effects) != _chosen(self.otherwise):
            raise ValueError("'same_targets': 'otherwise' must choose the same targets as 'effects'")
        if self.condition.kind == "targets":
            raise ValueError("a 'targets' condition belongs to a cost reduction (checked as the card is played)")
        same = any(getattr(getattr(e, "target", None), "kind", None) == "same" for e in self.effects)
        if self.condition.kind == "target_is" and not (self.same_targets or _chosen(self.effects) or same):
            raise ValueError("a 'target_is' condition needs a target chosen by the 'if' effects (or a 'same' one)")
        return self


class Choose(_Model):
    """ "Choose one - <mode>; or <mode>": the player chooses ``count`` modes as the card or
    ability is played; the other modes are treated as if they did not exist (FoW-5.5 9.3 p2.3)."""

    op: Literal["choose"] = "choose"
    modes: Annotated[list[list[Effect]], Field(min_length=2)]
    count: Annotated[int, Field(ge=1)] = 1
    up_to_if: Condition | None = None
    """ "Choose one. If <condition>, choose up to N instead": when ``up_to_if`` holds as the
    card or ability is played, the player chooses from one to ``up_to`` modes instead."""
    up_to: Annotated[int, Field(ge=2)] | None = None
    only_if: list[Condition | None] = Field(default_factory=list)
    """One entry per mode (or none): "Choose the second only if <condition>" - a mode with a condition
    may be chosen only while it holds as the card or ability is played (9.3 p2.3)."""

    @model_validator(mode="after")
    def _check(self) -> Choose:
        if self.only_if and len(self.only_if) != len(self.modes):
            raise ValueError("'only_if' has one entry (a condition or null) per mode")
        if any(c is not None and c.kind in ("did", "target_is") for c in self.only_if):
            raise ValueError("modes are chosen as the card is played: the condition cannot read its resolution")
        if self.count > len(self.modes):
            raise ValueError(f"cannot choose {self.count} of {len(self.modes)} modes")
        if (self.up_to_if is None) != (self.up_to is None):
            raise ValueError("'up_to_if' and 'up_to' go together")
        if self.up_to is not None and self.up_to > len(self.modes):
            raise ValueError(f"cannot choose up to {self.up_to} of {len(self.modes)} modes")
        if self.up_to_if is not None and self.up_to_if.kind in ("did", "target_is"):
            raise ValueError("modes are chosen as the card is played: the condition cannot read its resolution")
        for mode in self.modes:
            if not mode:
                raise ValueError("a mode needs at least one effect")
            if any(getattr(e, "op", None) == "choose" for e in mode):
                raise ValueError("a mode cannot hold another 'choose'")
        return self


class GrantAbilities(_Model):
    """ "Target attacking resonator gains "Whenever this card deals damage to a resonator, it deals
    that much damage to your opponent." until end of turn": the target gains these abilities for the
    duration (FoW-5.5 10.19 p1, a continuous effect 9.9); "this card" in them is the card that has
    them."""

    op: Literal["grant_abilities"] = "grant_abilities"
    abilities: Annotated[list[Ability], Field(min_length=1)]
    target: Target
    duration: Duration = "end_of_turn"


Effect = Annotated[
    Draw
    | DealDamage
    | Destroy
    | RemoveDamage
    | ReturnToRulerSide
    | Modify
    | SwitchStats
    | SetStats
    | SetPrintedAtk
    | AddSelfTo
    | AddFromGraveyard
    | MoveAddition
    | GrantSkill
    | LoseSkill
    | BecomeAttribute
    | ChangeRaces
    | ChooseARace
    | ProduceWill
    | Search
    | Shuffle
    | RevealTop
    | RevealNamed
    | LookTop
    | Cancel
    | ReturnToHand
    | PutCounter
    | GainLife
    | LoseLife
    | PutIntoRulerArea
    | Discard
    | Rest
    | Recover
    | PreventDamage
    | DealMore
    | RedirectDealt
    | RemoveFromGame
    | PutOnMainDeck
    | Mill
    | PutStone
    | PutIntoField
    | Restrict
    | PutFromHand
    | PutFromRemoved
    | RemoveCounter
    | Banish
    | KeepOne
    | GainControl
    | Fight
    | LoseAbilities
    | Pay
    | PayAnyLife
    | ChangeCost
    | May
    | If
    | Choose
    | Delayed
    | ReshuffleGraveyard
    | PayLess
    | GrantAbilities
    | RemoveInstead
    | RevealHand,
    Field(discriminator="op"),
]


def parse_effects(data: Sequence[Mapping[str, Any]]) -> list[Effect]:
    """Effects from their JSON form (as a :class:`Delayed` ability's are recorded in events)."""
    return _EFFECTS_ADAPTER.validate_python(list(data))


_EFFECTS_ADAPTER: TypeAdapter[list[Effect]] = TypeAdapter(list[Effect])


class RuleOverrides(_Model):
    """Card text that changes a rule for its controller (golden rule FoW-5.5 1.4 p1)."""

    max_hand_size: int | None = None
    """Replaces the maximum hand size of seven (FoW-5.5 3.5 p3); ``-1`` means no maximum."""
    cannot_attack: bool = False
    cannot_block: bool = False
    must_attack: bool = False
    """Forces the attack (FoW-5.5 7.12 p2, 8.2 p3)."""
    chosen_to_attack_if_able: bool = False
    """ "As you choose a card to attack, you must choose this card if able": when its
    controller attacks, it is a J/resonator required to attack (FoW-5.5 8.2 p3.1); unlike
    ``must_attack`` it does not force the attack itself."""
    cannot_be_destroyed: bool = False
    """Ignores destruction (FoW-5.5 10.9 p3)."""
    cannot_be_targeted: bool = False
    """Cannot be chosen as the target of spells or abilities (FoW-5.5 9.3 p2.4)."""
    cannot_be_targeted_by_opponent: bool = False
    """Cannot be chosen as a target by spells or abilities the opponent controls."""
    cannot_be_attacked: bool = False
    """Cannot be chosen as the attacked object (FoW-5.5 8.2 p3.2; the card text beats the
    rule that makes a rested J/resonator attackable, 1.4 p1)."""
    cannot_be_blocked: bool = False
    """While it attacks, no J/resonator can be declared as its blocker (the card text beats the
    blocking rule, FoW-5.5 8.3 p3, 1.4 p1)."""
    cannot_be_blocked_by: list[Filter] = Field(default_factory=list)
    """ "This card cannot be blocked by resonators with ATK 600 or less": while it attacks, no
    J/resonator matching one of these filters (its ``controller`` relative to the attacker's
    controller) can be declared as its blocker (8.3 p3, 1.4 p1)."""
    must_be_blocked_if_able: bool = False
    """ "Your opponent must block this card if able": while it attacks, the defending player
    declares a block if one of their J/resonators can block (1.4 p1, 8.3 p3)."""
    doesnt_recover_in_recovery_phase: bool = False
    """ "Doesn't recover during the recovery phase": the turn player's recovery of all cards in the
    playground (FoW-5.5 5.2 p5) leaves it rested; effects may still recover it."""
    may_stay_rested_in_recovery_phase: bool = False
    """ "You may choose not to recover this card during the recovery phase": as the turn player recovers
    all cards in their playground (FoW-5.5 5.2 p5), they choose whether it stays rested (1.4 p1)."""
    cannot_recover_in_recovery_phase: bool = False
    """ "Cannot recover during recovery phase": neither that recovery (5.2 p5) nor any effect
    recovers it while the recovery phase lasts (a prohibition beats an instruction, 1.4 p4)."""
    players_cannot_gain_life: bool = False
    """ "Players cannot gain life": prohibits every player's life gain, whoever controls the
    card; the prohibition beats any effect that gains life (FoW-5.5 1.4 p4)."""
    cannot_play_activate_abilities: bool = False
    """ "Players cannot play activate abilities of resonators they control [unless ...]": no player
    may play the [Activate] abilities of the card, its will abilities included (9.7 p1); the
    prohibition beats any instruction (FoW-5.5 1.4 p4)."""
    spend_moon_as: list[Attribute] = Field(default_factory=list)
    """ "You may spend {M} as though it were {G}": its controller may pay these attribute symbols with
    moon will too (a {M} symbol is paid with moon will, FoW-5.5 10.2 p6; the text beats it, 1.4 p1)."""
    opponent_top_revealed: bool = False
    """ "Your opponent plays with the top card of their main deck revealed": while the card is active, the
    top card of the main deck of its controller's opponent is shown to all players (FoW-5.5 10.4 p1; an
    effect lets the players see it, 3.1 p2)."""
    may_look_at_top_card: bool = False
    """ "You may look at the top card of your main deck at any time": the controller of the card may see
    the top card of their main deck, a hidden zone (a player allowed by an effect, FoW-5.5 3.1 p2)."""
    can_block_while_rested: bool = False
    """ "This card can block while rested": it may be declared as a blocker although it is rested (the
    card text beats the rule that a blocker is a recovered J/resonator, FoW-5.5 8.3 p3, 1.4 p1); it
    stays rested as it blocks."""
    blocks_without_resting: bool = False
    """ "Blocking does not cause this card to rest": declared as a blocker, it is not rested (the card
    text beats the rule that the blocker rests, FoW-5.5 8.3 p4, 1.4 p1)."""
    can_block_flying_resonators: bool = False
    """ "This card can block resonators with [Flying]": it may block an attacking resonator with
    [Flying] without having [Flying] itself (the card text beats [Flying], FoW-5.5 11.5, 1.4 p1); a
    J-ruler with [Flying] is no resonator."""
    cannot_attack_resonators: bool = False
    """ "Added resonator cannot attack resonators": it may attack the opponent or a J-ruler, never a
    resonator (the card text beats the rule that makes a rested J/resonator attackable, 8.2 p3.2, 1.4 p1)."""
    cannot_call_magic_stones: bool = False
    """ "You cannot call magic stones": the controller of the card may not call a magic stone (FoW-5.5
    7.11 p1; a prohibition beats the rule that allows it, 1.4 p4)."""
    opponent_cannot_play_from_standby: bool = False
    """ "Your opponent cannot play cards from their chant-standby area": the opponent of the card's
    controller may play no card from their chant-standby area - no [Trigger] card (7.9), no [Stealth]
    card (12.5 p2), no "anytime" card (1.4 p4)."""
    opponents_entering_dont_trigger: bool = False
    """ "Entities entering the field under your opponent's control don't cause their own abilities to
    trigger": a card (an entity: a card in a field) that enters a field under the control of the opponent
    of the card's controller does not make its own automatic abilities whose trigger condition is its
    entering ([Enter], "When this card enters your field", 9.6 p1) trigger; other cards' abilities still
    trigger (the card text beats 9.6 p5, FoW-5.5 1.4 p1)."""
    may_play_from_removed: bool = False
    """ "Once per turn, you may play a card from your removed from the game zone": the controller of the
    card may play the cards of their removed area (3.12; face-down ones too, which they may see) as they
    would from their hand (7.1 p2, 1.4 p1); with the ability's ``once_per_turn``, one card a turn."""
    may_play_from_graveyard: bool = False
    """ "You may play cards in your graveyard": the controller of the card may play the cards of their
    graveyard as they would from their hand (the text beats the rule that cards are played from the
    hand, FoW-5.5 7.1 p2, 1.4 p1); a card so played is not played by [Remnant] (12.6 p2)."""
    opponent_cannot_add: list[AdditionSubtype] = Field(default_factory=list)
    """ "Opponents cannot add [Addition:Resonator]": the opponent of the card's controller may not play
    additions of these subtypes, which are added to their target as they resolve (FoW-5.5 7.2 p3-p4; a
    prohibition beats the rule that allows it, 1.4 p4)."""
    opponent_cannot_activate: Filter | None = None
    """ "Your opponent cannot play activate abilities of J/rulers or regalia": the opponent of the card's
    controller may not play the [Activate] abilities (will abilities included, 9.7 p1) of cards they
    control that match this filter (7.8 p1, 1.4 p4)."""


class CounterCost(_Model):
    """ "Remove N <name> counters from this card" as a cost (FoW-5.5 9.3 p2.5, 10.21).

    ``on``: the counters come off other cards than this one: every card you control matching the
    filter ("remove a magic counter from your J-Ruler", "remove three knowledge counters from any
    number of resonators you control", "remove a counter from a ruler or entity you control"); the
    player chooses which cards and counters as the ability is played (the ``cost_counters``
    argument of ``ActivateAbility``: one ``[object id, counter name]`` pair per counter), unless only
    one kind of counter on one card could pay.  ``counter`` None: a counter of any name."""

    counter: str | None = None
    count: Annotated[int, Field(ge=1)] = 1
    on: Filter | None = None
    x: bool = False
    """"Remove X magic counters from this card": X counters (``count`` is not read), X being the X
    chosen as the ability is played (``ActivateCost.x``: then no X will is paid, 9.3 p2.5); X = 0
    removes none."""


class CardsCost(_Model):
    """A cost that acts on ``count`` other cards the player chooses as the ability is played
    (FoW-5.5 9.3 p2.5): discard them from the hand (10.18), banish them (10.10) or rest them (10.12);
    ``remove``: remove cards in your graveyard from the game ("Remove three resonators in your graveyard
    from the game", 10.3 p1; ``filter.zone`` is ``graveyard``)."""

    action: Literal["discard", "banish", "rest", "remove"]
    count: Annotated[int, Field(ge=1)] = 1
    filter: Filter = Field(default_factory=Filter)


class ActivateCost(_Model):
    will: Cost = Field(default_factory=Cost)
    rest: bool = False
    """The rest symbol: rest this recovered card (FoW-5.5 10.12 p2)."""
    banish_self: bool = False
    pay_life: Annotated[int, Field(ge=0, multiple_of=100)] = 0
    x: bool = False
    """"{X}": the player chooses X (0 or more) as the ability is played and pays X more free will
    (FoW-5.5 9.3 p2.5); the effects read it as ``max_total_cost_x``."""
    remove_counters: CounterCost | None = None
    put_self_on_bottom: bool = False
    """"Put this card on the bottom of your main deck" as a cost."""
    remove_top_cards: Annotated[int, Field(ge=0)] = 0
    """"Remove the top card of your main deck from the game" as a cost."""
    cards: list[CardsCost] = Field(default_factory=list)
    """Costs naming other cards; the ``cost_cards`` argument of ``ActivateAbility`` lists the
    chosen ones, one list per entry."""
    remove_self: bool = False
    """"Remove this card in your graveyard from the game" as a cost (10.3 p1) of an ability played
    from the graveyard (``Ability.from_graveyard``)."""


Trigger = Literal[
    "enter",
    "enters_field",
    "put_into_graveyard_from_field",
    "attacks",
    "blocks",
    "destroyed",
    "beginning_of_turn",
    "beginning_of_end_phase",
    "opponent_plays_spell",
    "opponent_attacks",
    "opponent_attacks_you",
    "you_attack",
    "card_attacks",
    "you_play_resonator",
    "you_play_chant",
    "you_awaken",
    "you_play_summon_spell_from_hand",
    "beginning_of_main_phase",
    "end_of_turn",
    "end_of_each_turn",
    "you_gain_life",
    "deals_damage",
    "deals_damage_to_opponent",
    "card_enters_field",
    "card_put_into_graveyard_from_field",
    "is_blocked",
    "dealt_damage",
    "damage_dealt_to_you",
    "you_play_addition",
    "you_play_normal_spell",
    "card_put_into_stone_area",
    "card_destroyed",
    "leaves_field",
    "opponent_discards",
    "addition_added",
    "shifts",
    "deals_damage_to_resonator",
    "dealt_damage_by_resonator",
    "blocks_resonator",
    "is_blocked_by_resonator",
    "evolution_counter_put",
    "enters_field_from_standby",
    "your_j_resonator_attacked",
    "opponent_resonator_attacks_or_blocks",
    "end_of_host_controllers_turn",
    "becomes_targeted",
    "becomes_rested",
    "beginning_of_opponents_turn",
    "status",
    "banished_by_incarnation",
    "your_j_resonator_targeted",
    "enters_stone_area",
    "removed_from_main_deck",
    "beginning_of_game",
]
_DAMAGE_TRIGGERS = (
    "deals_damage",
    "deals_damage_to_resonator",
    "dealt_damage_by_resonator",
    "dealt_damage",
    "damage_dealt_to_you",
)
"""Triggers that record the damage dealt ("that much")."""
HOST_TRIGGERS = (
    "attacks",
    "dealt_damage",
    "becomes_rested",
    "deals_damage_to_resonator",
    "put_into_graveyard_from_field",
)
"""Triggers on this card that an addition's ``host_trigger`` ability reads on the card it is added to."""
STANDBY_CARD_TRIGGERS = ("card_destroyed",)
"""[Trigger] conditions of a chant-standby card naming another card (``Card.trigger_filter``)."""
_SUBJECT_TRIGGERS = ("deals_damage_to_resonator",)
"""Triggers recording the other object they name (the trigger's subject, "that resonator")."""


class TargetedBy(_Model):
    """ "When this card becomes targeted by water spells or water card's abilities" / "by spells or
    abilities your opponent controls": a card on the chase (a spell, FoW-5.5 3.13 p3) or an
    ability whose card has one of ``attributes`` (any, if empty), controlled by ``controller``
    (relative to the controller of the triggering ability)."""

    controller: Literal["any", "opponent"] = "any"
    attributes: list[Attribute] = Field(default_factory=list)


class Ability(_Model):
    """One paragraph of card text (FoW-5.5 2.4 p2)."""

    kind: Literal["activate", "automatic", "continuous", "break", "replacement"]
    text: str = ""
    name: str | None = None
    cost: ActivateCost = Field(default_factory=ActivateCost)
    effects: list[Effect] = Field(default_factory=list)
    trigger: Trigger | None = None
    trigger_filter: Filter | None = None
    """For ``card_enters_field`` / ``card_put_into_graveyard_from_field`` / ``card_destroyed`` /
    ``card_attacks`` ("Whenever a Werewolf you control attacks"):
    which card's move makes the ability trigger ("Whenever another Six Sages enters your
    field", "When a Squad 7 you control is destroyed"); for a trigger on this card, the state
    this card must be in ("Whenever this card deals damage to a resonator while attacking")."""
    subject_filter: Filter | None = None
    """For a trigger naming another object (``deals_damage_to_resonator``: the resonator dealt the
    damage): what that object must be as the ability triggers ("deals damage to a resonator your
    opponent controls"; ``controller`` relative to this ability's controller)."""
    targeted_by: TargetedBy | None = None
    """For ``becomes_targeted``: which spells or abilities choosing this card as a target make it
    trigger (None: any); for ``your_j_resonator_targeted``, those choosing a J/resonator you control
    ("When a spell or ability your opponent controls targets a J/resonator you control")."""
    host_trigger: bool = False
    """On an addition: the trigger condition names the card this addition is added to instead of
    this card ("Whenever added resonator attacks", "Whenever damage is dealt to added J/resonator",
    FoW-5.5 7.2 p3, 9.6 p1); for the triggers in ``HOST_TRIGGERS``."""
    once_per_turn: bool = False
    """[Activate]: "Play this ability only once per turn" (7.8 p2); automatic: "This ability
    triggers only once per turn" (9.6 p4); continuous with ``may_play_from_removed``: "Once per turn,
    you may play a card from ...": its permission is used once a turn."""
    times_per_turn: Annotated[int, Field(ge=2)] | None = None
    """[Activate]: "You may play this ability up to twice per turn": the card text limits how often its
    controller may play it in one turn (the text beats the rules, FoW-5.5 1.4 p1; like "only once per
    turn", 7.8 p2); counted per object and ability, reset as the turn ends."""
    gods_art: bool = False
    """God's Art (FoW-5.5 12.4): playable once per game per ability name."""
    cost_reduction: CostReduction | None = None
    """[Activate]: "If your J/ruler is "A" or "B", you may pay {1} less to play this ability." - the
    player's choice as the ability is played (``reduce: true`` on ``ActivateAbility``), refused
    while its condition does not hold (FoW-5.5 9.3 p2.5)."""
    main_timing: bool = False
    """Playable only as the turn player in the main phase, not in battle, with an empty chase."""
    from_graveyard: bool = False
    """An [Activate] ability whose text makes it available in the graveyard ("{B}{M}, remove this card
    in your graveyard from the game: ...", "...: Put this card from your graveyard into your hand"): it
    is active while the card is in its owner's graveyard, and only there (FoW-5.5 9.2 p2), and its
    owner plays it (3.1 p5).  On a ``card_enters_field`` automatic ability ("When you put a Treasury Item
    into a field, put this card from your graveyard into your hand"): it triggers only while the card is
    in its owner's graveyard, for its owner."""
    # continuous abilities
    affects: Target | None = None
    modify_atk: int = 0
    modify_def: int = 0
    grant: list[SymbolSkill] = Field(default_factory=list)
    lose_skills: bool = False
    """"Each resonator your opponent controls loses its symbol skills": the affected cards lose their
    symbol skills (abilities, FoW-5.5 11), those printed and those gained before this ability became
    active; skills gained later still apply (9.9 p1.2, p3)."""
    set_stats: Annotated[list[Annotated[int, Field(ge=0)]], Field(min_length=2, max_length=2)] | None = None
    """[ATK, DEF]: "Added resonator becomes a [200/300]": the affected card's ATK and DEF become these
    values, a change of value information applied in timestamp order with the others (FoW-5.5 9.9 p1.4,
    p3: later changes apply to the new values, earlier ones are lost), before counters (p1.5)."""
    atk_total_of: Filter | None = None
    """"This card's ATK is equal to total ATK of Cthulhu resonators you control": the affected card's
    ATK becomes the sum of the ATKs of the other objects matching the filter (``controller`` relative
    to this ability's controller), a change of value information in timestamp order with the others
    (FoW-5.5 9.9 p1.4, p3), read all the time (9.9 p4); its DEF is left as it is."""
    rules: RuleOverrides | None = None
    names: list[str] = Field(default_factory=list)
    """"This card has/gains "NAME" in addition to its other names" (FoW-5.5 2.2)."""
    stone_types: list[str] = Field(default_factory=list)
    """"Treat this card as wind magic stone and darkness magic stone": while the ability is active
    (in the magic stone area, 9.2 p1) the card has these magic stone types too (2.1 p5.2)."""
    grant_abilities: list[Ability] = Field(default_factory=list)
    """Abilities the affected cards gain ('Added resonator gains "{Rest}: ..."', 10.19 p1)."""
    condition: Condition | None = None
    """"As long as <condition>": a continuous ability applies only while it holds (FoW-5.5 9.4 p1);
    "Play this ability only if <condition>": an [Activate] ability is playable only then; for a
    ``status`` trigger, the status it watches ("When you control a J-Ruler", 9.6 p9)."""
    condition_of: Literal["you", "affected_controller"] = "you"
    """Whose ``condition`` is: the card's controller's, or, for a continuous ability giving ``rules``
    to the cards ``affects`` covers, each affected card's controller's ("Players cannot play activate
    abilities of resonators they control unless they control a Moon": "they")."""
    per: Count | None = None
    """"gains [+200/+200] for each X": ``modify_atk``/``modify_def`` times the count."""
    untargetable_by: Filter | None = None
    """"It cannot be targeted by Vampire spells or Vampire card's abilities": the affected objects
    cannot be chosen as targets (FoW-5.5 9.3 p2.4) of spells or abilities whose source card matches
    (by printed information, wherever it is; the text beats the rules, 1.4 p1)."""
    cost_change: CostChange | None = None
    any_attribute_for: Filter | None = None
    """"You may pay the attribute cost of Four Sacred Beasts resonators with will of any attribute":
    when its controller plays a card matching this filter (in the chase area), each attribute symbol of
    its cost may be paid with will of any attribute (light, fire, water, wind or darkness; not void,
    FoW-5.5 2.8) - the text beats the payment rule 10.2 (1.4 p1)."""
    """A continuous ability changing what a player pays for an action (FoW-5.5 9.3 p2.5)."""
    banish_rather_than_pay: Filter | None = None
    """"You may banish this card rather than pay the cost of a water [Spell:Chant-Instant]": while the
    continuous ability is active (9.4 p1), its controller may play a card of their hand matching this
    filter by banishing this card (10.10 p1) instead of paying the card's will cost (an effect
    altering the quality of the cost, FoW-5.5 9.3 p2.5): ``banish_instead`` of ``PlayCard``."""
    remnant_for: Filter | None = None
    """"Fire [Spell:Chant] and [Spell:Chant-Instant] cards in your graveyard gain [Remnant]": while the
    continuous ability is active (9.4 p1), each card in its controller's graveyard matching this filter
    (``zone`` graveyard) has [Remnant] (FoW-5.5 12.6): its owner may play it from the graveyard, and,
    played that way, it is removed from the game instead of leaving the chase area elsewhere."""
    race_change: RaceChange | None = None
    """"Each Nightmare resonator loses Nightmare and gains Fairy Tale": the races of the affected
    cards while the continuous ability is active (FoW-5.5 2.5, 9.4 p1).  Without ``affects``, on an
    addition: "Added resonator gains Zombie in addition to its own races" (the card it is added to)."""
    # replacement abilities (FoW-5.5 9.10)
    replaces: (
        Literal[
            "self_destroyed",
            "self_damaged",
            "deals_damage",
            "self_enters",
            "counters_put",
            "host_destroyed",
            "to_graveyard",
            "to_your_graveyard",
            "enters_with_counters",
            "shifts_with_counters",
            "damaged_by_host_to_graveyard",
        ]
        | None
    ) = None
    """``to_graveyard`` / ``to_your_graveyard`` (with ``remove_from_game``): "If a card would be put into
    a graveyard / your graveyard from anywhere, remove it from the game instead" - any card that would
    be put into a graveyard (into its owner's, 3.1 p5; "your": a card the controller of this card
    owns) is moved to the removed area instead (FoW-5.5 9.10 p1, 10.3 p1);
    ``deals_damage``: damage that this card (an addition: the card it is added to; with
    ``affects``: any card it covers) would deal; ``counters_put``: ``counter`` counters that would be
    put on a card ``affects`` covers; ``host_destroyed`` (on an addition): "If added resonator would be
    destroyed", the card it is added to."""
    instead: (
        Literal[
            "return_to_hand",
            "remove_from_game",
            "prevent",
            "deal_more",
            "enter_rested",
            "put_more",
            "banish_self",
            "redirect",
            "deal_double",
            "remove_gain_def",
        ]
        | None
    ) = None
    """``remove_gain_def`` (for ``damaged_by_host_to_graveyard``, on an addition): "If a resonator dealt
    damage by added J/resonator would be put into a graveyard this turn, remove that resonator from the
    game and you gain life equal to its DEF instead": a resonator the card this addition is added to dealt
    damage to this turn (10.6), moving from a field to a graveyard, is removed from the game instead (9.10
    p1, 10.3) and the addition's controller gains life equal to its DEF as it last was in the field (9.11)."""
    """``deal_more``: "it deals that much +``extra_damage`` instead" (FoW-5.5 9.10 p1);
    ``enter_rested`` (for ``self_enters``): "this card enters your magic stone area rested"
    [if ``condition`` holds as it enters]; ``put_more`` (for ``counters_put``): "If magic counters would
    be put on your J/ruler, put that many plus one instead": ``extra_counters`` more are put (9.10 p1);
    ``redirect`` (for ``self_damaged``, with ``affects``): "If damage would be dealt to a "Queen of Hearts"
    you control [to you], it's dealt to this card instead"; ``deal_double`` (for ``deals_damage``): "it
    deals double that much instead" (9.10 p1)."""
    counter: str | None = None
    """For ``counters_put``: the name of the counters replaced ("magic")."""
    with_counters: Annotated[int, Field(ge=0)] = 0
    """For ``enters_with_counters`` ("This card enters your field with five [+100/+100] counters") and
    ``shifts_with_counters`` ("As this card shifts, put ten [+100/+100] counters on it"): how many
    ``counter`` counters are put on this card as part of its entering a field / its shifting (9.10 p1,
    12.8 p2.1) - before anything that happens once it has entered or shifted (9.6 p1)."""
    remove_damage: bool = False
    """For ``banish_self`` (for ``host_destroyed``): "banish this card instead. If you do, remove all
    damage from that resonator" - the addition is banished (10.10) and, if it was, the card it was
    added to loses all its damage, so it is not destroyed (9.10 p1)."""
    extra_counters: Annotated[int, Field(ge=0)] = 0
    extra_damage: Annotated[int, Field(ge=0, multiple_of=100)] = 0
    damage_from: Filter | None = None
    """For a ``self_damaged`` replacement: only damage whose source matches ("Prevent all damage that
    would be dealt to this card by fire resonators"; a source that left its zone is read as it was,
    9.11, 9.12).  On an addition, "this card" of the replacement is the card it is added to."""
    prevent_amount: Annotated[int, Field(gt=0, multiple_of=100)] | None = None
    """For a ``self_damaged`` prevention: "If damage would be dealt to this card, prevent 500 of it":
    the damage is reduced by that much and the rest is dealt (FoW-5.5 10.17 p1.1); None: all of it."""
    prevent_below_def: bool = False
    """For a ``self_damaged`` prevention: "If a resonator you control would be dealt damage less than its
    DEF, prevent it": only damage less than the DEF the card has as it would be dealt (after the other
    preventions reduced it, 9.10 p2)."""
    prevent_at_most: Annotated[int, Field(gt=0, multiple_of=100)] | None = None
    """For a ``self_damaged`` prevention: "If this card would be dealt 700 or less damage, prevent it":
    only damage of at most that much, checked after the other preventions reduced it (9.10 p2)."""
    damage_battle: bool | None = None
    """For a ``self_damaged`` prevention: only battle damage ("Prevent all battle damage ...", True) or
    only damage other than battle damage ("non-battle damage", False): battle damage is the damage
    J/resonators deal in the battle resolution steps (FoW-5.5 8.4, 8.5)."""
    or_dealt_by: bool = False
    """For a ``self_damaged`` prevention on an addition: "... that would be dealt to or dealt by added
    resonator": also the damage the card it is added to would deal (10.17 p1.2)."""
    doubles_increases: bool = False
    """A continuous ability: "If a spell or ability would increase ATK or DEF of resonators you control
    [this card's ATK or DEF], it increases double that much instead" - a replacement (FoW-5.5 9.10 p1) of
    each increase a continuous effect of a spell or ability makes to what ``affects`` covers (not the
    counters, 10.21 p2); two such abilities apply once each (x4, 9.10 p3)."""
    no_decreases: bool = False
    """A continuous ability: "If a spell or ability would decrease ATK or DEF of resonators you control, it
    decreases none instead" (9.10 p1): such decreases of what ``affects`` covers do not apply."""
    first_each_turn: bool = False
    """For a ``self_damaged`` prevention with ``affects``: "Each turn, prevent the first damage that would
    be dealt to a Fantasy or Human J/resonator you control": it applies once a turn (to all of the first
    damage it covers; the other preventions of that damage apply before it, FoW-5.5 9.10 p2.1)."""
    damage_to: list[Literal["opponent", "resonator"]] = []
    """For a ``deal_double`` replacement: only damage dealt to these ("If this card would deal damage to
    your opponent or to a resonator, it deals double that much instead", FoW-5.5 9.10 p1); empty: any."""

    @model_validator(mode="after")
    def _check_kind(self) -> Ability:
        if self.kind == "automatic" and self.trigger is None:
            raise ValueError("an automatic ability needs a 'trigger'")
        if self.cost_reduction is not None and (self.kind != "activate" or self.cost_reduction.per is not None):
            raise ValueError("an ability's own 'cost_reduction' is an [Activate] ability's, without 'per'")
        if self.race_change is not None and (
            self.kind != "continuous"
            or (self.affects is not None and self.affects.kind != "all")
            or (self.condition is not None and "races" in self.condition.model_dump_json(exclude_defaults=True))
        ):
            raise ValueError(
                "'race_change' is a continuous ability on 'all' X (or, with no 'affects', on the card an addition"
                " is added to) whose condition reads no race"
            )
        if self.trigger == "status" and (self.kind != "automatic" or self.condition is None):
            raise ValueError("a 'status' trigger is an automatic ability watching its 'condition' (FoW-5.5 9.6 p9)")
        with_counters = self.replaces in ("enters_with_counters", "shifts_with_counters")
        if self.kind == "replacement" and (self.replaces is None or (self.instead is None and not with_counters)):
            raise ValueError("a replacement ability needs 'replaces' and 'instead'")
        if (self.replaces == "damaged_by_host_to_graveyard") != (self.instead == "remove_gain_def"):
            raise ValueError("'damaged_by_host_to_graveyard' is replaced by 'remove_gain_def', and only it")
        adds = self.replaces == "deals_damage" and self.instead != "deal_double"  # "double" adds nothing
        more = (adds, self.instead == "deal_more", self.extra_damage > 0)
        if any(more) and not all(more):
            raise ValueError("'deals_damage' is replaced by 'deal_more' with a positive 'extra_damage', and only it")
        if self.damage_from is not None and self.replaces != "self_damaged":
            raise ValueError("'damage_from' belongs to a 'self_damaged' replacement")
        partial = self.prevent_amount is not None or self.prevent_at_most is not None or self.prevent_below_def
        if partial and (self.replaces != "self_damaged" or self.instead != "prevent"):
            raise ValueError("'prevent_amount'/'prevent_at_most' belong to a 'self_damaged' prevention")
        covering = self.damage_battle is not None or self.or_dealt_by
        if covering and (self.replaces != "self_damaged" or self.instead != "prevent"):
            raise ValueError("'damage_battle'/'or_dealt_by' belong to a 'self_damaged' prevention")
        if self.or_dealt_by and self.affects is not None:
            raise ValueError("'or_dealt_by' is the damage dealt by the card an addition is added to (no 'affects')")
        if self.instead == "deal_double" and self.replaces != "deals_damage":
            raise ValueError("'deal_double' replaces 'deals_damage'")
        if self.instead == "deal_double" and self.affects is not None:
            raise ValueError("'deal_double' is the damage this card deals (no 'affects')")
        if self.first_each_turn and (self.instead != "prevent" or self.affects is None or partial):
            raise ValueError("'first_each_turn' is a whole prevention covering what 'affects' names")
        if (self.doubles_increases or self.no_decreases) and self.kind != "continuous":
            raise ValueError("'doubles_increases'/'no_decreases' belong to continuous abilities")
        if self.damage_to and self.instead != "deal_double":
            raise ValueError("'damage_to' belongs to a 'deal_double' replacement")
        if self.instead == "redirect" and (self.replaces != "self_damaged" or self.affects is None):
            raise ValueError("'redirect' replaces damage dealt to what 'affects' covers ('self_damaged')")
        if self.replaces == "self_damaged" and self.affects is not None and self.affects.kind not in ("all", "you"):
            raise ValueError("a 'self_damaged' replacement 'affects' all cards matching a filter, or you")
        if self.prevent_amount is not None and self.prevent_at_most is not None:
            raise ValueError("a prevention either prevents an amount or prevents small damage, not both")
        if self.gods_art and not self.name:
            raise ValueError("a God's Art needs an ability 'name' (FoW-5.5 12.4)")
        if self.times_per_turn is not None and (self.kind != "activate" or self.once_per_turn):
            raise ValueError("'times_per_turn' limits an [Activate] ability played more than once per turn")
        conditional = ("continuous", "activate", "replacement")
        if self.condition is not None and self.kind not in conditional and self.trigger != "status":
            raise ValueError(
                "'condition' belongs to continuous, [Activate] and replacement abilities (use an 'if' effect otherwise)"
            )
        if (self.replaces == "self_enters") != (self.instead == "enter_rested"):
            raise ValueError("'self_enters' is replaced by 'enter_rested', and only it")
        if (self.replaces in ("enters_with_counters", "shifts_with_counters")) != bool(self.with_counters):
            raise ValueError("'with_counters' is how many counters 'enters_with_counters'/'shifts_with_counters' put")
        if self.with_counters and (self.counter is None or self.instead is not None):
            raise ValueError("'with_counters' needs the 'counter' name, and no 'instead'")
        if (self.replaces == "host_destroyed") != (self.instead == "banish_self"):
            raise ValueError("'host_destroyed' is replaced by 'banish_self', and only it")
        if self.remove_damage and self.instead != "banish_self":
            raise ValueError("'remove_damage' belongs to a 'banish_self' replacement")
        counters = (self.replaces == "counters_put", self.instead == "put_more", self.extra_counters > 0)
        if any(counters) and not (all(counters) and self.counter and self.affects is not None):
            raise ValueError("'counters_put' is replaced by 'put_more' with 'counter', 'affects' and 'extra_counters'")
        if self.from_graveyard and not (self.kind == "activate" or self.trigger == "card_enters_field"):
            raise ValueError("'from_graveyard' belongs to [Activate] abilities and 'card_enters_field' triggers")
        if self.cost.remove_self and not self.from_graveyard:
            raise ValueError("'remove_self' removes this card in your graveyard: the ability needs 'from_graveyard'")
        if self.untargetable_by is not None and self.kind != "continuous":
            raise ValueError("'untargetable_by' belongs to continuous abilities")
        if self.condition_of == "affected_controller" and not (
            self.kind == "continuous" and self.affects is not None and self.rules is not None and self.condition
        ):
            raise ValueError("'affected_controller' is the condition of a continuous 'rules' ability with 'affects'")
        if self.condition_of == "affected_controller" and (self.modify_atk or self.modify_def or self.grant):
            raise ValueError("'affected_controller' conditions only 'rules'")
        if self.any_attribute_for is not None and self.kind != "continuous":
            raise ValueError("'any_attribute_for' belongs to continuous abilities")
        if self.remnant_for is not None and (self.kind != "continuous" or self.remnant_for.zone != "graveyard"):
            raise ValueError("'remnant_for' belongs to continuous abilities and covers cards in a graveyard")
        to_graveyard = self.replaces in ("to_graveyard", "to_your_graveyard")
        if to_graveyard and (self.instead != "remove_from_game" or self.affects is not None):
            raise ValueError("'to_graveyard' / 'to_your_graveyard' are replaced by 'remove_from_game' (no 'affects')")
        if self.cost_change is not None and self.kind != "continuous":
            raise ValueError("'cost_change' belongs to continuous abilities")
        if (self.set_stats is not None or self.lose_skills or self.atk_total_of) and self.kind != "continuous":
            raise ValueError("'set_stats' and 'lose_skills' belong to continuous abilities")
        if self.per is not None and self.kind != "continuous":
            raise ValueError("'per' belongs to continuous abilities (effects have their own 'per')")
        if self.per is not None and not (self.modify_atk or self.modify_def):
            raise ValueError("'per' multiplies 'modify_atk'/'modify_def', which are missing")
        if any(getattr(e, "op", None) == "choose" for e in self.effects) and self.kind not in ("activate",):
            raise ValueError("modes ('choose') are supported on spells and [Activate] abilities only")
        if self.kind == "activate" and any(isinstance(e, ProduceWill) and e.per for e in self.effects):
            raise ValueError("a will ability produces a fixed will (FoW-5.5 9.7 p1): no 'per' here")
        if self.subject_filter is not None and self.trigger not in _SUBJECT_TRIGGERS:
            named = ", ".join(_SUBJECT_TRIGGERS)
            raise ValueError(f"'subject_filter' belongs to a trigger naming another object: {named}")
        if self.targeted_by is not None and self.trigger not in ("becomes_targeted", "your_j_resonator_targeted"):
            raise ValueError("'targeted_by' belongs to a 'becomes_targeted' trigger")
        if self.host_trigger and (self.kind != "automatic" or self.trigger not in HOST_TRIGGERS):
            raise ValueError(f"'host_trigger' belongs to an automatic ability triggering on {', '.join(HOST_TRIGGERS)}")
        if any(getattr(e, "that_much", False) for e in self.effects) and self.trigger not in _DAMAGE_TRIGGERS:
            raise ValueError("'that_much' is the damage of a damage trigger; this ability has none")
        return self

    @model_validator(mode="after")
    def _check_chosen_race(self) -> Ability:
        if not _chosen_race_after_choice(self.effects):
            raise ValueError("a filter 'of the chosen race' ('chosen_race') follows a 'choose_race' effect")
        return self


def _chosen_race_after_choice(effects: Sequence[Any]) -> bool:
    """Whether every filter "of the chosen race" among ``effects`` follows a ``choose_race`` effect."""
    chosen = False
    for eff in effects:
        if getattr(eff, "op", None) == "choose_race":
            chosen = True
        elif not chosen and '"chosen_race":true' in eff.model_dump_json(exclude_defaults=True):
            return False
    return True


class Awakening(_Model):
    """[Awakening] <cost>: <text> (FoW-5.5 12.1): an optional additional cost; when paid the
    card resolves with these extra effects (spells) or abilities (resonators)."""

    cost: Cost
    effects: list[Effect] = Field(default_factory=list)
    abilities: list[Ability] = Field(default_factory=list)
    cannot_be_chased: bool = False
    """A spell's "[Awakening] {M}: Players cannot chase this card.": while it is in the chase area
    played with its [Awakening] cost paid, no player may chase it (10.7 p2, as ``Card.cannot_be_chased``)."""
    cards: list[CardsCost] = Field(default_factory=list)
    """Actions on other cards that are part of the [Awakening] cost ("[Awakening] {U}, discard a
    card", 12.1 p1, 9.3 p2.5): the ``cost_cards`` argument of ``PlayCard`` lists the chosen ones
    after those of the card's own additional cost."""
    x: bool = False
    """"[Awakening] {X}": the player chooses X (0 or more) as the card is played awakened (the ``x``
    argument of ``PlayCard``, as ``ActivateCost.x``) and pays X more free will as part of the
    [Awakening] cost (12.1 p1, 9.3 p2.5); the abilities it gains read the X chosen."""


class RaceChange(_Model):
    """ "As long as you control "Romeo, the Despair", each Nightmare resonator loses Nightmare and gains
    Fairy Tale": the affected cards (``affects``, matched by their printed races, so the change does
    not feed on itself) have none of ``lose`` and all of ``gain`` among their races (2.5) while the
    ability is active and its condition holds (9.4 p1).  The condition may not read races."""

    lose: list[str] = Field(default_factory=list)
    gain: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _check(self) -> RaceChange:
        if not (self.lose or self.gain):
            raise ValueError("'race_change' loses or gains some race")
        return self


class CostReduction(_Model):
    """ "You may pay <cost> less to play this card [if <condition>] [for each X]" (FoW-5.5
    9.3 p2.5: effects decreasing the quantity of a cost); the player chooses it on play."""

    cost: Cost
    condition: Condition | None = None
    per: Count | None = None


class JudgmentOption(_Model):
    """What a [Judgment] / [J-Activate] section asks (FoW-5.5 7.5 p2): will to pay, a cost
    reduction, a condition."""

    cost: Cost = Field(default_factory=Cost)
    reduction: CostReduction | None = None
    """"You may pay {1} less to play this ability for each Fairy you control" (FoW-5.5 9.3 p2.5)."""
    condition: Condition | None = None
    """"Play this ability only if <condition>" (card text, golden rule 1.4 p1)."""
    cards: list[CardsCost] = Field(default_factory=list)
    """Actions on other cards to perform ("[J-Activate] Banish a fire resonator", "Pay {1},
    discard "Poison Apple""): the ``cost_cards`` argument of ``PerformJudgment`` lists them."""
    cost_changes: list[CostChange] = Field(default_factory=list)
    """"[J-Activate] Pay {9}: If you control "Athos, the Three Musketeers", you pay {3} less to play this
    ability. So does "Aramis ..." and "Porthos ...".": decreases of this section's own cost (``of``
    ``this_ability``, not optional), each applied while its condition holds as the judgment is
    performed, after the increases (FoW-5.5 9.3 p2.5)."""
    x: bool = False
    """"[J-Activate] Pay {2}{X}": the player chooses X (0 or more) as the judgment is performed (the
    ``x`` argument of ``PerformJudgment``, as ``ActivateCost.x``) and pays X more will (FoW-5.5 7.5 p2,
    9.3 p2.5); the J-ruler's abilities read the X chosen."""
    x_symbol: WillSymbol | None = None
    """"Spend only {M} will on X": the X will are of this symbol, not free."""
    any_amount: bool = False
    """"[J-Activate] Pay any number of will. You cannot choose to pay {0}.": the player chooses how
    many will, one or more of any attributes (the ``amount`` argument of ``PerformJudgment``), as the
    cost ``{N}`` (FoW-5.5 7.5 p2); ``cost`` is then empty."""

    @model_validator(mode="after")
    def _check_any_amount(self) -> JudgmentOption:
        if self.any_amount and (self.cost.total or self.reduction is not None):
            raise ValueError("'any_amount' is the whole will cost: no 'cost' or 'reduction' with it")
        return self

    @model_validator(mode="after")
    def _check_x(self) -> JudgmentOption:
        if self.x_symbol is not None and not self.x:
            raise ValueError("'x_symbol' says which will pays the {X} of an 'x' cost")
        if self.x and self.any_amount:
            raise ValueError("'any_amount' is the whole will cost: no {X} with it")
        if any(c.of != "this_ability" or c.who != "you" or c.more or c.optional for c in self.cost_changes):
            raise ValueError("a [Judgment]'s own 'cost_changes' are decreases of this ability's cost for you")
        return self


class Judgment(JudgmentOption):
    """[Judgment] of a ruler (FoW-5.5 7.5): will to pay, then the ruler becomes its J-ruler."""

    j_ruler: str
    alternatives: list[JudgmentOption] = Field(default_factory=list)
    """Further [J-Activate] sections printed on the ruler ("[J-Activate] Pay {W}. Play this
    ability only if ..." and "[J-Activate] Pay {W}{W}{1}."): the player performs one of them."""


class Card(_Model):
    id: str
    name: str
    type: CardType
    subtype: SpellSubtype | AdditionSubtype | None = None
    special: bool = False
    """General type "Special" for magic stones (FoW-5.5 2.1 p4.1, 4.1 p5)."""
    stone_types: list[str] = Field(default_factory=list)
    """Magic stone types such as "Water Magic Stone" or "True Magic Stone" (FoW-5.5 2.1 p5.2)."""
    cost: Cost | None = None
    attributes: list[Attribute] = Field(default_factory=list)
    races: list[str] = Field(default_factory=list)
    atk: int | None = None
    def_: int | None = Field(None, alias="def")
    skills: list[SymbolSkill] = Field(default_factory=list)
    abilities: list[Ability] = Field(default_factory=list)
    effects: list[Effect] = Field(default_factory=list)
    """What a spell does when it resolves (FoW-5.5 7.3 p3, 7.7 p3, 7.9 p7)."""
    awakening: Awakening | None = None
    incarnation: list[list[Attribute]] | None = None
    """[Incarnation] (FoW-5.5 12.2): one entry per resonator to banish, listing allowed attributes."""
    judgment: Judgment | None = None
    cost_reduction: CostReduction | None = None
    trigger_cost: Cost | None = None
    """[Trigger] cost of a chant-standby card played from the chant-standby area (FoW-5.5 7.9 p4)."""
    trigger: Trigger | Literal["anytime", "status"] | None = None
    trigger_filter: Filter | None = None
    """For a ``trigger`` of ``card_destroyed`` ("[Trigger] When a resonator you control is destroyed"):
    the card whose happening fulfils the [Trigger] condition (``controller`` relative to this card's
    controller, the card as it was in the field, 9.6 p7.2); the card played names it ("the destroyed
    resonator", the ``subject`` of its chase item)."""
    stealth: Trigger | Literal["status"] | None = None
    """[Stealth] condition (FoW-5.5 12.5)."""
    trigger_condition: Condition | None = None
    """For a ``trigger`` or ``stealth`` of ``status``: the status it watches ("[Trigger] Your life
    is 2000 or lower", "[Stealth] Your J/ruler is ..."), a status automatic object (9.6 p9); with
    another trigger, a state the happening needs ("At the end of a turn you're dealt damage")."""
    remnant: bool = False
    playable_from_removed: bool = False
    """"You may play this card from the removed area": its owner may play it from their removed area
    (3.12) as they would from their hand (the text beats the rule that cards are played from the hand,
    FoW-5.5 7.1 p2, 1.4 p1)."""
    cannot_be_chased: bool = False
    """"Players cannot chase (to) this card": while it is in the chase area no player may put a card
    or a non-automatic ability into the chase area (FoW-5.5 10.7 p2)."""
    any_number_in_main_deck: bool = False
    """"You may have any number of copies of this card in your main deck": its copies in a main deck
    are not limited to four (the text beats the deck rule 4.1 p5, 1.4 p1)."""
    evolution: Cost | None = None
    evolution_cards: list[CardsCost] = Field(default_factory=list)
    """"[Evolution] {1} Discard a Beast": cards the player chooses as the [Evolution] ability is
    played (12.7 p2, 9.3 p2.5), given as ``cost_cards``."""
    play_cards: list[CardsCost] = Field(default_factory=list)
    """"As an additional cost to play this card, rest two recovered light resonators you
    control": cards the player chooses as the card is played (9.3 p2.5), given as ``cost_cards``."""
    shift: Cost | None = None
    other_side: str | None = None
    """Double-sided cards (FoW-5.5 14.3): id of the future side; the card with ``shift`` is the past side."""
    text: str = ""
    unsupported: list[str] = Field(default_factory=list)
    """Ability text the effect vocabulary cannot express (adjudicated manually)."""

    @model_validator(mode="after")
    def _check_chosen_race(self) -> Card:
        if not _chosen_race_after_choice(self.effects):
            raise ValueError("a filter 'of the chosen race' ('chosen_race') follows a 'choose_race' effect")
        return self

    @model_validator(mode="after")
    def _check_type(self) -> Card:
        if self.type == "spell" and self.subtype not in ("chant", "chant_instant", "chant_standby"):
            raise ValueError("a spell needs subtype chant, chant_instant or chant_standby (FoW-5.5 2.1 p3.1)")
        if self.type == "addition" and self.subtype not in (
            "field",
            "resonator",
            "ruler",
            "j_ruler",
            "j_resonator",
            "j_ruler_or_ruler",
        ):
            raise ValueError("an addition needs a subtype such as field or resonator (FoW-5.5 2.1 p3.2)")
        if self.type in ("resonator",) and (self.atk is None or self.def_ is None):
            raise ValueError("a resonator needs atk and def (FoW-5.5 2.6, 2.7)")
        if self.type in ("resonator", "addition", "spell", "regalia") and self.cost is None:
            raise ValueError(f"a {self.type} needs a cost (FoW-5.5 2.3)")
        if self.type == "spell" and self.subtype == "chant_standby" and self.trigger is None:
            raise ValueError("a chant-standby spell needs a 'trigger' (FoW-5.5 7.9)")
        if (self.trigger == "status" or self.stealth == "status") and self.trigger_condition is None:
            raise ValueError("a 'status' trigger or stealth needs a 'trigger_condition' (FoW-5.5 9.6 p9)")
        if self.trigger_condition is not None and self.trigger is None and self.stealth is None:
            raise ValueError("a 'trigger_condition' belongs to a [Trigger] or [Stealth] condition")
        if self.trigger_filter is not None and self.trigger not in STANDBY_CARD_TRIGGERS:
            raise ValueError(f"a card's 'trigger_filter' belongs to a 'trigger' of {', '.join(STANDBY_CARD_TRIGGERS)}")
        if self.cost_reduction is not None and self.cost is None:
            raise ValueError("a 'cost_reduction' needs a card 'cost' to reduce (FoW-5.5 9.3 p2.5)")
        if any(getattr(e, "op", None) == "choose" for e in self.effects) and self.type != "spell":
            raise ValueError("modes ('choose') in 'effects' belong to a spell")
        return self

    @property
    def is_void(self) -> bool:
        return not self.attributes


def parse_card(data: Mapping[str, Any]) -> Card:
    """Validate one card definition; the error names the card and every bad field.  Equal
    data gives the same (frozen, shared) model: see :mod:`domain.interning`."""
    return _interned_card(data)


def _parse_card(data: Mapping[str, Any]) -> Card:
    try:
        return Card.model_validate(dict(data))
    except ValidationError as exc:
        card_id = data.get("id", "<no id>") if isinstance(data, Mapping) else "<not an object>"
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or '<card>'}: {err['msg']}" for err in exc.errors()
        )
        raise CardDataError(f"card {card_id}: {problems}") from None


_interned_card: Interned[Card] = Interned(_parse_card)


def parse_catalog(raw: Mapping[str, Mapping[str, Any]]) -> dict[str, Card]:
    return {card_id: parse_card(data) for card_id, data in raw.items()}


# effects hold effects, and abilities an effect grants: complete them once everything is defined
Delayed.model_rebuild()
May.model_rebuild()
If.model_rebuild()
Choose.model_rebuild()
GrantAbilities.model_rebuild()
Ability.model_rebuild()
