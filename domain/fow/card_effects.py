"""The effects of the card vocabulary that hold no other effects (a part of
:mod:`domain.fow.cards`, which adds the effects holding effects and the ``Effect`` union)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from domain.fow.card_terms import CardType, Condition, Cost, Count, Duration, Filter, SymbolSkill, Target, Who, _Model


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
    unseen: bool = False
    """With ``face_down``, when the text does not say "You may look at them at any time": no player
    is allowed to see them, nor knows them (they come from the top of a hidden deck, 3.2 p2), so they
    are hidden from their owner too (FoW-5.5 3.12 p2.1)."""

    @model_validator(mode="after")
    def _check_face_down(self) -> Mill:
        if self.face_down and self.to != "removed":
            raise ValueError("'face_down' is a removal from the game (to 'removed')")
        if self.unseen and not self.face_down:
            raise ValueError("'unseen' is a removal face down ('face_down')")
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


class PutTokenCopy(_Model):
    """ "Put a token copy of another target resonator you control into the field": a pseudo-card with
    the target's copiable information - printed, or what copy effects made it, never its counters or
    other continuous effects (FoW-5.5 10.16 p1, p1.1) - and the choices made for it (p1.3), put into
    the field of the ability's controller; it is a new object, not played (no [Enter], 9.6 p1.1), and
    it ceases to exist once it moves out of the field (10.16 p1.1)."""

    op: Literal["put_token_copy"] = "put_token_copy"
    target: Target
    rested: bool = False
    """"... into the field rested"."""

    @model_validator(mode="after")
    def _check(self) -> PutTokenCopy:
        if self.target.kind not in ("chosen", "self") or (self.target.kind == "chosen" and self.target.count != 1):
            raise ValueError("put_token_copy copies one card: this card or one chosen target")
        return self


class BecomeCopy(_Model):
    """ "This card becomes a copy of target J-Ruler your opponent controls, except it doesn't become a
    J-Ruler and it's still a resonator": a continuous effect changing information (FoW-5.5 10.16 p2) -
    the source takes the target's copiable information (as ``put_token_copy``) as its own while it stays
    this object (3.1 p3); ``except_type``: the card type it keeps instead of the copied one."""

    op: Literal["become_copy"] = "become_copy"
    target: Target
    except_type: CardType | None = None

    @model_validator(mode="after")
    def _check(self) -> BecomeCopy:
        if self.target.kind != "chosen" or self.target.count != 1:
            raise ValueError("become_copy copies one chosen target")
        return self


class CopyOnChase(_Model):
    """ "Copy target chant spell. You may choose new targets for the copy." / "Copy it." / "copy this
    spell": a spell or an ability on the chase is copied (FoW-5.5 10.16 p1): a new item on top of the
    chase, controlled by the player whose effect copies it - for a spell a pseudo-card with its
    information that ceases to exist once it leaves the chase (p1.1), for an ability the same ability
    (p1.2) - with every choice made for the copied one: targets, modes, X, awakening (p1.3).  The copy is
    not played: no cost is paid and nothing that triggers on playing triggers (9.3 p2 is how a card or
    ability is played; a copy is made by an effect).  ``new_targets``: "You may choose new targets for the
    copy" - the copy's controller keeps the copied targets or chooses other legal ones (1.4 p1: the card
    text adds that choice to p1.3)."""

    op: Literal["copy_on_chase"] = "copy_on_chase"
    target: Target
    new_targets: bool = False

    @model_validator(mode="after")
    def _check(self) -> CopyOnChase:
        if self.target.kind not in ("chosen", "that", "self") or self.target.filter.zone != "chase":
            raise ValueError("copy_on_chase copies one spell or ability on the chase: chosen, 'that' or 'self'")
        if self.target.kind == "chosen" and (self.target.count != 1 or self.target.up_to):
            raise ValueError("copy_on_chase copies one chosen spell or ability")
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


class RevealOutside(_Model):
    """ "You may reveal a Seven Kings ruler you own from outside the game that ... and keep it revealed until
    end of game" / "you may reveal this card you own from outside the game and keep it revealed until end of
    game": the controller chooses up to ``count`` of the cards they own outside the game - in their removed
    area or their sideboard (FoW-5.5 3.16 p1) - that match ``filter`` (none: the source card itself, while it is
    outside the game) and reveals them; they stay revealed until the end of the game, or until they move to
    another zone (10.4 p1).  Choosing none is declining ("you may")."""

    op: Literal["reveal_outside"] = "reveal_outside"
    filter: Filter | None = None
    count: Annotated[int, Field(ge=1)] = 1
    new_name: bool = False
    """"If you did not already reveal a card that shares a name with this card this game": only while no card
    its controller revealed from outside the game this game shares a name with it (FoW-5.5 2.2)."""

    @model_validator(mode="after")
    def _check(self) -> RevealOutside:
        if self.filter is not None and self.filter.zone != "outside":
            raise ValueError("'reveal_outside' chooses among the cards outside the game (zone 'outside')")
        return self


class PutFromOutside(_Model):
    """ "You may reveal a card named "Magog, Artificial Eclipse" you own from outside the game and put it into
    the field", "Put a revealed non-magic stone, non-J/ruler Machine you own from outside the game into your
    hand", "Put up to seven Seven Stars rulers you own from outside the game in your ruler area": the controller
    chooses up to ``count`` of the cards they own outside the game - their removed area and sideboard (FoW-5.5
    3.16 p1) - that match ``filter``, as the effect resolves (``ChoiceRequested`` kind ``put_from_outside``);
    each is revealed (10.4 p1) and put ``to`` its zone: the controller's field (a card that can be there
    without a host: no spell, 3.15 p4; no [Addition:Resonator]; not played, so no [Enter], 9.6 p1.1), their
    hand, or their ruler area (a ruler only, 3.15 p3).  ``up_to`` ("you may", "up to N"): none may be chosen;
    otherwise as many as the public candidates allow must be - a hidden sideboard card may go unfound (the
    chooser alone sees it, as in a hidden zone, 10.13 p2)."""

    op: Literal["put_from_outside"] = "put_from_outside"
    filter: Filter
    count: Annotated[int, Field(ge=1)] = 1
    to: Literal["field", "hand", "ruler_area"] = "field"
    up_to: bool = False

    @model_validator(mode="after")
    def _check(self) -> PutFromOutside:
        if self.filter.zone != "outside":
            raise ValueError("'put_from_outside' chooses among the cards outside the game (zone 'outside')")
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
    by_controller: bool = False
    """With a ``target``: "That token's controller banishes it" - the player controlling that object
    banishes it (FoW-5.5 10.10 p1), whoever controls the effect."""
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
        if self.by_controller and self.target is None:
            raise ValueError("'by_controller' banishes a 'target'")
        if self.target is not None and self.target.kind not in ("self", "same", "all"):
            raise ValueError("a banish 'target' is this card ('self'), the object named before ('same') or 'all'")
        return self


class KeepOne(_Model):
    """ "Each player chooses a resonator they control, then each player banishes all other resonators
    they control.": on resolution each player in turn (the turn player first) chooses one of the cards
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
