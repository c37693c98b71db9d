"""Force of Will cards as declarative data over a small effect vocabulary.

A card is validated with pydantic; errors name the card and the field.  Card text takes
precedence over the rules (FoW-5.5 1.4 p1): abilities may carry ``rules`` overrides
(e.g. a maximum hand size, "can attack recovered J/resonators") that the engine consults
at the rule points where the comprehensive rules would otherwise apply.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal, cast

from pydantic import Field, TypeAdapter, ValidationError, model_validator

from domain.fow.card_effects import PLAY_COST_CHANGES as PLAY_COST_CHANGES
from domain.fow.card_effects import PLAYER_RESTRICTIONS as PLAYER_RESTRICTIONS
from domain.fow.card_effects import AddFromGraveyard as AddFromGraveyard
from domain.fow.card_effects import AddSelfTo as AddSelfTo
from domain.fow.card_effects import Banish as Banish
from domain.fow.card_effects import BecomeAttribute as BecomeAttribute
from domain.fow.card_effects import BecomeCopy as BecomeCopy
from domain.fow.card_effects import Cancel as Cancel
from domain.fow.card_effects import ChangeCost as ChangeCost
from domain.fow.card_effects import ChangeRaces as ChangeRaces
from domain.fow.card_effects import ChooseARace as ChooseARace
from domain.fow.card_effects import CopyOnChase as CopyOnChase
from domain.fow.card_effects import CostChange as CostChange
from domain.fow.card_effects import DealDamage as DealDamage
from domain.fow.card_effects import DealMore as DealMore
from domain.fow.card_effects import Destroy as Destroy
from domain.fow.card_effects import Discard as Discard
from domain.fow.card_effects import Draw as Draw
from domain.fow.card_effects import Fight as Fight
from domain.fow.card_effects import GainControl as GainControl
from domain.fow.card_effects import GainLife as GainLife
from domain.fow.card_effects import GrantSkill as GrantSkill
from domain.fow.card_effects import KeepOne as KeepOne
from domain.fow.card_effects import LookTop as LookTop
from domain.fow.card_effects import LoseAbilities as LoseAbilities
from domain.fow.card_effects import LoseLife as LoseLife
from domain.fow.card_effects import LoseSkill as LoseSkill
from domain.fow.card_effects import Mill as Mill
from domain.fow.card_effects import Modify as Modify
from domain.fow.card_effects import MoveAddition as MoveAddition
from domain.fow.card_effects import Pay as Pay
from domain.fow.card_effects import PayAnyLife as PayAnyLife
from domain.fow.card_effects import PayLess as PayLess
from domain.fow.card_effects import PreventDamage as PreventDamage
from domain.fow.card_effects import ProduceWill as ProduceWill
from domain.fow.card_effects import PutCounter as PutCounter
from domain.fow.card_effects import PutFromHand as PutFromHand
from domain.fow.card_effects import PutFromOutside as PutFromOutside
from domain.fow.card_effects import PutFromRemoved as PutFromRemoved
from domain.fow.card_effects import PutIntoField as PutIntoField
from domain.fow.card_effects import PutIntoRulerArea as PutIntoRulerArea
from domain.fow.card_effects import PutOnMainDeck as PutOnMainDeck
from domain.fow.card_effects import PutStone as PutStone
from domain.fow.card_effects import PutTokenCopy as PutTokenCopy
from domain.fow.card_effects import Recover as Recover
from domain.fow.card_effects import RedirectDealt as RedirectDealt
from domain.fow.card_effects import RemoveCounter as RemoveCounter
from domain.fow.card_effects import RemoveDamage as RemoveDamage
from domain.fow.card_effects import RemoveFromGame as RemoveFromGame
from domain.fow.card_effects import RemoveInstead as RemoveInstead
from domain.fow.card_effects import ReshuffleGraveyard as ReshuffleGraveyard
from domain.fow.card_effects import Rest as Rest
from domain.fow.card_effects import Restrict as Restrict
from domain.fow.card_effects import Restriction as Restriction
from domain.fow.card_effects import ReturnToHand as ReturnToHand
from domain.fow.card_effects import ReturnToRulerSide as ReturnToRulerSide
from domain.fow.card_effects import RevealHand as RevealHand
from domain.fow.card_effects import RevealNamed as RevealNamed
from domain.fow.card_effects import RevealOutside as RevealOutside
from domain.fow.card_effects import RevealTop as RevealTop
from domain.fow.card_effects import Search as Search
from domain.fow.card_effects import SetPrintedAtk as SetPrintedAtk
from domain.fow.card_effects import SetStats as SetStats
from domain.fow.card_effects import Shuffle as Shuffle
from domain.fow.card_effects import SourceStat as SourceStat
from domain.fow.card_effects import SpendUse as SpendUse
from domain.fow.card_effects import SwitchStats as SwitchStats
from domain.fow.card_effects import links_removed as links_removed
from domain.fow.card_terms import _J_RESONATOR as _J_RESONATOR
from domain.fow.card_terms import ATTRIBUTE_NAMES as ATTRIBUTE_NAMES
from domain.fow.card_terms import ATTRIBUTES as ATTRIBUTES
from domain.fow.card_terms import AdditionSubtype as AdditionSubtype
from domain.fow.card_terms import Attribute as Attribute
from domain.fow.card_terms import CardType as CardType
from domain.fow.card_terms import Condition as Condition
from domain.fow.card_terms import Cost as Cost
from domain.fow.card_terms import Count as Count
from domain.fow.card_terms import Duration as Duration
from domain.fow.card_terms import Filter as Filter
from domain.fow.card_terms import SpellSubtype as SpellSubtype
from domain.fow.card_terms import SymbolSkill as SymbolSkill
from domain.fow.card_terms import Target as Target
from domain.fow.card_terms import Who as Who
from domain.fow.card_terms import WillSymbol as WillSymbol
from domain.fow.card_terms import _Model as _Model
from domain.interning import Interned
from domain.kernel import card_data_error


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
    "reveal_outside",
    "copy_on_chase",
    "put_from_outside",
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
    | PutTokenCopy
    | BecomeCopy
    | CopyOnChase
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
    | RevealHand
    | RevealOutside
    | PutFromOutside,
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
HAND_REVEAL_TRIGGERS = ("opponent_attacks", "opponent_resonator_attacks_or_blocks", "you_play_chant")
"""The happenings at which a player who is asked about automatic cards in hand (FoW-5.5 9.6 p2,
7.9 p2) is asked whether to reveal one: a public, fixed list (the [Trigger] conditions of the
automatic chant-standby cards the engine plays from the hand), so the question never depends on
the cards the player holds."""
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
    from_outside: bool = False
    """An automatic ability whose text makes it work outside the game ("At the beginning of the game >>> ...
    you may reveal this card you own from outside the game"): it triggers while the card is outside the game,
    in its owner's sideboard (FoW-5.5 9.2 p2, 3.16 p1), for its owner."""
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
    each increase a continuous effect of a spell or ability makes to what ``affects`` covers, the
    [+X/+Y] a counter put by one gives included (10.21 p2); two such abilities apply once each (x4, 9.10 p3)."""
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
    playable_from_outside: bool = False
    """"You may play it from outside the game as long as it is revealed": its owner may play it from outside
    the game - their sideboard or removed area (FoW-5.5 3.16 p1) - while it is revealed there, as they would
    from their hand (the text beats 7.1 p2, 1.4 p1)."""
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


FIELD_RULES: dict[str, str] = {
    "type": "2.1",
    "subtype": "2.1",
    "name": "2.2",
    "cost": "2.3",
    "abilities": "2.4",
    "effects": "2.4",
    "races": "2.5",
    "atk": "2.6 p2",
    "def": "2.7 p2",
    "def_": "2.7 p2",
    "attributes": "2.8",
}
"""The rule of the characteristic a card field holds, cited when the field is malformed."""


def _parse_card(data: Mapping[str, Any]) -> Card:
    try:
        return Card.model_validate(dict(data))
    except ValidationError as exc:
        raise card_data_error(data, cast(Any, exc.errors()), FIELD_RULES) from None


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
