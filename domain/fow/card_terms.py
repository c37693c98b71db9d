"""The terms card data is written in (a part of :mod:`domain.fow.cards`): attributes, will symbols,
card types, costs, filters, targets, counts and conditions."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

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
        "outside",
    ] = "field"
    """``stone_area`` is the magic stone area (FoW-5.5 3.7); ``magic_stone_area`` is accepted as an alias;
    ``standby`` (the chant-standby area, 3.11) only to count cards ("for each card in your chant-standby area");
    ``removed`` is the removed area (3.12: "for each card in your removed area", "target card from your
    removed area"); ``stone_deck`` (the magic stone deck, 3.6) for the card revealed on top of it; ``outside``:
    "outside the game", a player's removed area and sideboard (the cards they own outside the game, 3.16 p1)."""

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
    token: bool | None = None
    """"target resonator token you control" (True) / "non-token addition" (False): whether the object is
    a pseudo-card made by a copy effect ("a token copy", FoW-5.5 10.16 p1.1)."""
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

    revealed: bool = False
    """With ``zone`` ``outside``: "revealed outside the game" - revealed from outside the game and kept revealed
    (it stays so until it moves to another zone, FoW-5.5 10.4 p1, 3.16 p1)."""
    not_sharing_name_with: Filter | None = None
    """"that does not share a name with other Seven Kings rulers you own revealed outside the game": no other
    object matching this filter (its ``controller`` relative to the same player) shares a name with it
    (FoW-5.5 2.2)."""

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
