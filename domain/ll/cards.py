"""Luck & Logic cards as declarative data over a small effect vocabulary (pydantic).

A card is validated on load; errors name the card and the field.  Card text takes
precedence over the rules (LL-2.04 1.3.1): abilities carry the modifiers (attack limit,
hand limit, cost changes, ...) that the engine consults at the rule points where the
comprehensive rules would otherwise apply.

Vocabulary in brief (see the catalog ``service/catalogs/ll/cards.json`` for examples):

* ``type``: logicalist, foreigner, tranceunion, super_logicalist (members, 2.2.2),
  gate, tactics, paradox, my_logicalist.
* member information: ``title``, ``character_names`` (2.1.2), ``covenanters`` (2.3),
  ``worlds`` (2.5), ``traits`` (2.6), ``colors`` (2.7), ``level`` (2.8), ``cost`` (2.9),
  ``territory`` 1/2/4 (2.10), ``logic`` icon (2.11), ``power``/``aura``/``limit``
  (2.13-2.15), ``heart`` (2.21), ``paradox_rule`` (2.16), ``gate_number`` (2.17).
* ``abilities``: ``continuous`` / ``auto`` / ``startup`` (9.1) and ``replacement``
  (9.2.2.3); keywords (11.x) are ability fields (``keyword``, ``ex_soul``,
  ``once_per_turn`` = [1/turn] 12.4) or card fields (``trance_change``, ``tool_skill``).
* effects (9.8), by ``op``: ``draw``, ``stock_boost``, ``stock_open``/``stock_close``,
  ``modify``, ``disable``, ``destroy_gate``, ``drop``/``stock``/``return_to_hand``/
  ``deck_bottom``/``purge``, ``rest``/``stand``, ``put_in_soul``, ``set``, ``synthesis``,
  ``blink_step``, ``discard``, ``to_level``, ``look_top`` (5.7), ``look_at`` (5.23),
  ``for_every``, ``delayed``, ``prevent_attacks``.
* conditional triggers (``trigger: condition`` + ``state``, 9.7.6), a chosen ``x`` (9.6.2.2.1),
  delayed triggers (effect ``delayed``, 9.7.5), "cannot attack" (``prevent_attacks`` /
  ``prevents_attacks``, 8.2.4), replacements for other cards and optional ones (``replaces:
  stocked|dropped`` with ``affects``, ``may``, 9.10).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from domain.interning import Interned
from domain.kernel import CardDataError, card_data_error

CardType = Literal[
    "logicalist", "foreigner", "tranceunion", "super_logicalist", "gate", "tactics", "paradox", "my_logicalist"
]
MEMBER_TYPES: frozenset[str] = frozenset({"logicalist", "foreigner", "tranceunion", "super_logicalist"})
"""LL-2.04 2.2.2: Logicalist, Foreigner, Tranceunion and Super Logicalist are members."""
ParadoxRule = Literal["AURA BATTLE!", "LOVE BATTLE!!", "POWER BATTLE!!"]
Duration = Literal["battle", "turn", "permanent"]
Zone = Literal["circle", "gate", "hand", "drop", "stock", "soul", "deck", "battle", "paradox", "tool", "level"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Logic(_Model):
    """The Logic Icon (2.11): P (power), A (aura), L (limit) values, IC (intercept),
    T (tactics logic: the card's abilities) and PX (paradox logic)."""

    power: int = 0
    aura: int = 0
    limit: int = 0
    intercept: bool = False
    tactics: bool = False
    paradox: bool = False


class Filter(_Model):
    """Which cards an effect may choose or affect; ``controller`` is relative to the
    controller of the ability."""

    zone: Zone = "circle"
    controller: Literal["you", "opponent", "any"] = "any"
    types: list[CardType] = Field(default_factory=list)
    """Empty: members for circles (2.2.3.1), gates for gate zones (2.2.3.2), anything elsewhere."""
    traits: list[str] = Field(default_factory=list)
    worlds: list[str] = Field(default_factory=list)
    colors: list[str] = Field(default_factory=list)
    names: list[str] = Field(default_factory=list)
    """Matches the card name, the title or a character name (2.1.3)."""
    max_level: int | None = None
    other_than_self: bool = False
    standing: bool | None = None
    face_down: bool | None = None
    """For gates: ``True`` = not yet destroyed, ``False`` = destroyed (5.32)."""
    in_battle: bool | None = None
    has_soul: bool | None = None
    keyword: Literal["detonate"] | None = None


class Target(_Model):
    """``self``; ``chosen`` during resolution (9.6.3); ``all`` matching cards;
    ``attacking_member`` / ``defending_member`` / ``battle_opponent`` /
    ``your_member_in_battle`` (8.2.9, 8.2.11); ``tranceunion`` (the member a Covenant
    card trances into, 11.2)."""

    kind: Literal[
        "self",
        "chosen",
        "all",
        "attacking_member",
        "defending_member",
        "battle_opponent",
        "your_member_in_battle",
        "tranceunion",
    ] = "chosen"
    filter: Filter = Field(default_factory=Filter)
    count: Annotated[int, Field(ge=1)] = 1
    up_to: bool = False
    """"choose up to N" (9.6.3.1.1) rather than "choose N" (9.6.3.1)."""


class Draw(_Model):
    """Draw N cards (5.6.2) or up to N cards (5.6.3)."""

    op: Literal["draw"] = "draw"
    count: Annotated[int, Field(ge=1)] = 1
    up_to: bool = False


class StockBoost(_Model):
    """Stock Boost (X) (5.27)."""

    op: Literal["stock_boost"] = "stock_boost"
    count: Annotated[int, Field(ge=1)] = 1


class StockOpen(_Model):
    """Stock Open (X) (5.28) / Stock Close (X) (5.29)."""

    op: Literal["stock_open", "stock_close"] = "stock_open"
    count: Annotated[int, Field(ge=1)] = 1


class Modify(_Model):
    """A continuous effect with a duration (9.2.2.2): value changes (9.9.1.5), a set
    power (a value not changed relative to the current one, 9.9.1.4), "auras are also
    considered hearts" (9.9.1.6), losing all abilities (5.31, 9.9.1.3) or gaining the
    abilities ``gain_abilities`` (5.30.1, 9.9.1.3: "it gains '[ACT] ...' until end of turn")."""

    op: Literal["modify"] = "modify"
    target: Target
    power: int = 0
    aura: int = 0
    limit: int = 0
    heart: int = 0
    set_power: int | None = None
    auras_are_hearts: bool = False
    lose_abilities: bool = False
    gain_abilities: list[Ability] = Field(default_factory=list)
    duration: Duration = "turn"

    @model_validator(mode="after")
    def _check_gained(self) -> Modify:
        for ability in self.gain_abilities:
            if ability.keyword == "make_up" or any(isinstance(e, Delayed) for e in ability.effects):
                raise ValueError("a gained ability (5.30.1) cannot be Make Up or create a delayed trigger")
        return self


class Disable(_Model):
    """The abilities of the target "cannot be used" (12.3) for the duration."""

    op: Literal["disable"] = "disable"
    target: Target
    duration: Duration = "turn"


class DestroyGate(_Model):
    """Destroy a gate: turn it face-up (5.32)."""

    op: Literal["destroy_gate"] = "destroy_gate"
    target: Target = Field(
        default_factory=lambda: Target(filter=Filter(zone="gate", controller="opponent", face_down=True))
    )


class MoveCard(_Model):
    """Drop (5.9), Stock (5.10), return to hand (5.4), put on the bottom of the deck,
    or Purge (5.25) the target."""

    op: Literal["drop", "stock", "return_to_hand", "deck_bottom", "purge"]
    target: Target


class Orient(_Model):
    """Rest / Stand (5.2)."""

    op: Literal["rest", "stand"]
    target: Target


class PutInSoul(_Model):
    """Put a card in a member's Soul (5.26): the top card of the deck, or a chosen card
    from the hand or drop zone matching ``filter``."""

    op: Literal["put_in_soul"] = "put_in_soul"
    source: Literal["deck_top", "hand", "drop"] = "deck_top"
    filter: Filter = Field(default_factory=lambda: Filter(zone="hand"))
    count: Annotated[int, Field(ge=1)] = 1
    target: Target = Field(default_factory=lambda: Target(kind="self"))


class SetCard(_Model):
    """Set a card (5.24) to the target: the top card of the deck, or a chosen card from
    the hand matching ``filter`` (up to one), face-down unless ``face_down`` is false."""

    op: Literal["set"] = "set"
    source: Literal["deck_top", "hand"] = "hand"
    filter: Filter = Field(default_factory=lambda: Filter(zone="hand"))
    face_down: bool = True
    target: Target = Field(default_factory=lambda: Target(kind="self"))


class Synthesis(_Model):
    """Perform Synthesis (N) (5.33)."""

    op: Literal["synthesis"] = "synthesis"
    level: Annotated[int, Field(ge=0)]


class BlinkStep(_Model):
    """Blink Step the target (5.34)."""

    op: Literal["blink_step"] = "blink_step"
    target: Target = Field(default_factory=lambda: Target(kind="self"))


class Discard(_Model):
    """You discard N cards of your choice (5.8)."""

    op: Literal["discard"] = "discard"
    count: Annotated[int, Field(ge=1)] = 1


class ToLevel(_Model):
    """Put the top card(s) of your deck face-up into your Level Zone."""

    op: Literal["to_level"] = "to_level"
    count: Annotated[int, Field(ge=1)] = 1


class LookTop(_Model):
    """Look at the top ``count`` cards of your Deck (5.7.1), or with ``up_to`` at up to
    ``count`` cards from the top, one more card at a time for as long as you go on (5.7.2,
    5.7.3.1-5.7.3.4).  Only you see them, until this effect ends (5.23.1, 5.23.2).  Then you
    may take up to ``take`` of them matching ``filter`` into your hand (revealed to all
    first with ``reveal``, 5.19.3), and the others ``stay`` where they were (looking changes
    no zone or order, 5.23.3) or go back to the ``top`` or the ``bottom`` of your Deck in the
    order you choose (5.4.1)."""

    op: Literal["look_top"] = "look_top"
    count: Annotated[int, Field(ge=0)] = 1
    up_to: bool = False
    take: Annotated[int, Field(ge=0)] = 0
    filter: Filter = Field(default_factory=lambda: Filter(zone="deck"))
    reveal: bool = False
    rest: Literal["stay", "top", "bottom"] = "stay"


class LookAt(_Model):
    """Look at cards in a closed zone or face-down cards (5.23.1): the ``target`` cards
    ("look at your opponent's hand": ``all`` of a ``hand`` filter; "look at 1 of your
    opponent's face-down gates": a ``chosen`` gate).  Only you see them until this effect
    ends (5.23.2, 5.23.2.1); their zone, order and state do not change (5.23.3)."""

    op: Literal["look_at"] = "look_at"
    target: Target


ForEveryX = Literal[
    "soul_of_self", "your_destroyed_gates", "opponent_destroyed_gates", "cards_in_your_battle_zone", "chosen_x"
]


class ForEvery(_Model):
    """For every X, (do) Y (12.5): X is fixed before Y is carried out X times.  ``chosen_x``
    is the X the player chose when playing the ability (9.6.2.2.1)."""

    op: Literal["for_every"] = "for_every"
    x: ForEveryX
    effects: list[Effect]


PhaseTrigger = Literal[
    "start_of_turn",
    "start_of_draw_phase",
    "start_of_level_phase",
    "start_of_main_phase",
    "start_of_end_phase",
    "start_of_attack_declaration",
    "start_of_attack_phase",
    "start_of_intercept",
    "start_of_logic_definition",
    "start_of_victory_determination",
    "start_of_end_of_battle",
]


class Delayed(_Model):
    """Create a delayed trigger (9.7.5): an auto ability that triggers at the start of a
    later phase or step (``scope``: whose turn, relative to the controller).  It triggers
    once (9.7.5.1) unless ``duration`` says it lasts for the turn."""

    op: Literal["delayed"] = "delayed"
    trigger: PhaseTrigger
    scope: Literal["your", "opponent", "any"] = "any"
    duration: Literal["once", "turn"] = "once"
    effects: list[Effect]


class PreventAttacks(_Model):
    """ "(Player) cannot attack" for the duration: the turn player of the Attack Declaration
    Step automatically performs no action (8.2.4)."""

    op: Literal["prevent_attacks"] = "prevent_attacks"
    player: Literal["you", "opponent"] = "opponent"
    duration: Duration = "turn"


Effect = Annotated[
    Draw
    | StockBoost
    | StockOpen
    | Modify
    | Disable
    | DestroyGate
    | MoveCard
    | Orient
    | PutInSoul
    | SetCard
    | Synthesis
    | BlinkStep
    | Discard
    | ToLevel
    | LookTop
    | LookAt
    | ForEvery
    | Delayed
    | PreventAttacks,
    Field(discriminator="op"),
]


class AbilityCost(_Model):
    """A cost in square brackets (9.4): pay (N) from Stock (5.22.5), rest or drop this
    card.  ``optional``: an AUTO [cost] ability whose cost you may pay (9.7.3.3.1)."""

    stock: Annotated[int, Field(ge=0)] = 0
    rest_self: bool = False
    drop_self: bool = False
    optional: bool = False

    @property
    def empty(self) -> bool:
        return not (self.stock or self.rest_self or self.drop_self)


Trigger = Literal[
    "deployed",
    "attacks",
    "attacked",
    "defends",
    "intercepts",
    "wins",
    "loses",
    "destroys_gate",
    "gate_destroyed",
    "stocked",
    "placed_in_battle_zone",
    "rested",
    "stood",
    "start_of_game",
    PhaseTrigger,
    "condition",
]
StateCondition = Literal["your_hand_empty", "your_stock_empty", "opponent_hand_empty", "no_standing_members"]
"""Conditions of conditional triggers (9.7.6): "when (state)" rather than "when (event)"."""
Keyword = Literal["covenant", "vanguard", "logic_drive", "on_gate_destruction", "detonate", "detonate_skill", "make_up"]
KEYWORD_TRIGGERS: dict[str, str] = {
    "covenant": "covenant",
    "on_gate_destruction": "on_gate_destruction",
    "detonate": "detonate",
    "detonate_skill": "detonate_skill",
}
"""Keyword auto abilities carry their own trigger condition (11.2, 11.7, 11.8, 11.9)."""


class ChooseX(_Model):
    """An "X" the ability text does not fix: the player chooses X >= 0 when playing it
    (9.6.2.2.1), at most ``max``; with ``stock`` the cost includes (X) from Stock."""

    max: Annotated[int, Field(ge=0)]
    stock: bool = False


class Ability(_Model):
    """One ability of a card (9.1)."""

    kind: Literal["continuous", "auto", "startup", "replacement"]
    text: str = ""
    keyword: Keyword | None = None
    trigger: Trigger | None = None
    scope: Literal["self", "your", "opponent", "any"] = "self"
    """Whose event triggers it: this card (``self``), one of your cards/your turn
    (``your``), your opponent's, or anyone's.  Phase triggers default to your turn."""
    covenant: list[str] = Field(default_factory=list)
    """Covenant - "(Information)" (11.2): names, titles or character names."""
    ex_soul: Annotated[int, Field(ge=1)] | None = None
    """[EX Soul (value)] (11.6)."""
    once_per_turn: bool = False
    """[1/turn] (12.4)."""
    make_up: Annotated[int, Field(ge=0)] | None = None
    """ACT Make Up Lv(value) (11.11)."""
    cost: AbilityCost = Field(default_factory=AbilityCost)
    effects: list[Effect] = Field(default_factory=list)
    condition: Literal["your_turn", "opponent_turn", "in_battle"] | None = None
    state: StateCondition | None = None
    """The condition of a conditional trigger (``trigger: condition``, 9.7.6)."""
    x: ChooseX | None = None
    """X chosen when the ability is played (9.6.2.2.1): with ``UseAbility`` for a startup
    ability, when it starts resolving for an auto ability; ``for_every: chosen_x`` uses it."""
    active_in: list[Zone] = Field(default_factory=list)
    """"This ability is active in (zone)" (9.3.2.6)."""
    # continuous abilities (9.1.2.1)
    affects: Target | None = None
    power: int = 0
    aura: int = 0
    limit: int = 0
    heart: int = 0
    set_power: int | None = None
    """Power becomes this value (9.9.1.4; several apply in timestamp order, 9.9.1.7)."""
    auras_are_hearts: bool = False
    prevents_attacks: Literal["you", "opponent"] | None = None
    """"(Player) cannot attack" (8.2.4)."""
    cost_modifier: int = 0
    """+N / -N to the cost of the cards ``affects`` matches (in hand) (9.6.2.3.1)."""
    attack_limit: int = 0
    hand_limit: int = 0
    trance_limit: int = 0
    # replacement abilities (9.2.2.3)
    replaces: Literal["self_stocked", "self_dropped", "stocked", "dropped"] | None = None
    """``self_*``: this card would be stocked / dropped; ``stocked`` / ``dropped``: a card
    ``affects`` matches would be (9.2.2.3.1)."""
    instead: Literal["return_to_hand", "deck_bottom", "drop", "stock"] | None = None
    may: bool = False
    """"you may instead" (9.2.2.3.2): an optional replacement; its ``cost`` (Stock) is the
    choice C of 9.10.3, and it does not apply if C cannot be done."""

    @model_validator(mode="after")
    def _check(self) -> Ability:
        if self.kind == "auto" and self.trigger is None and self.keyword not in KEYWORD_TRIGGERS:
            raise ValueError("an auto ability needs a 'trigger' or a keyword with its own trigger (9.1.2.2)")
        if self.keyword == "covenant" and not self.covenant:
            raise ValueError("Covenant needs its '(Information)' in 'covenant' (11.2.1)")
        if self.keyword == "make_up" and self.make_up is None:
            raise ValueError("Make Up needs its level in 'make_up' (11.11.1)")
        if self.keyword in ("logic_drive", "make_up") and self.kind != "startup":
            raise ValueError(f"{self.keyword} is a startup ability (11.4.1, 11.11.1)")
        if (self.trigger == "condition") != (self.state is not None):
            raise ValueError("a conditional trigger needs 'trigger: condition' and its 'state' (9.7.6)")
        if self.x is not None and self.kind not in ("startup", "auto"):
            raise ValueError("'x' is chosen when a startup or auto ability is played (9.6.2.2.1)")
        if self.x is not None and self.cost.optional:
            raise ValueError("'x' with an optional cost is not supported (9.6.2.2.1 before 9.7.3.3.1)")
        if self.kind == "replacement" and (self.replaces is None or self.instead is None):
            raise ValueError("a replacement ability needs 'replaces' and 'instead' (9.2.2.3)")
        if self.may and self.kind != "replacement":
            raise ValueError("'may' marks an optional replacement effect (9.2.2.3.2)")
        if self.kind == "replacement" and self.replaces in ("stocked", "dropped"):
            if self.affects is None or self.affects.kind != "all":
                raise ValueError("a replacement for other cards names them in 'affects' (kind 'all', 9.2.2.3.1)")
            if self.may and self.affects.filter.controller != "you":
                raise ValueError("an optional replacement ('may') applies to your own cards: you choose (9.10.2)")
        return self

    @property
    def trigger_kind(self) -> str | None:
        if self.keyword in KEYWORD_TRIGGERS:
            return KEYWORD_TRIGGERS[self.keyword]
        return self.trigger


class Card(_Model):
    id: str
    name: str
    type: CardType
    title: str = ""
    character_names: list[str] = Field(default_factory=list)
    covenanters: list[str] = Field(default_factory=list)
    worlds: list[str] = Field(default_factory=list)
    traits: list[str] = Field(default_factory=list)
    colors: list[str] = Field(default_factory=list)
    level: Annotated[int, Field(ge=0)] = 0
    cost: Annotated[int, Field(ge=0)] = 0
    territory: Literal[1, 2, 4] = 1
    logic: Logic | None = None
    power: int = 0
    aura: int = 0
    limit: int = 0
    heart: int = 0
    soul_info: str = ""
    """Soul Information (2.4): no meaning in the game, treated as the reminder "(0)"."""
    paradox_rule: ParadoxRule | None = None
    gate_number: int | None = None
    abilities: list[Ability] = Field(default_factory=list)
    trance_change: list[str] | None = None
    """[TC] - (Information) (11.5): names, character names or traits the Tranceunion needs."""
    tool_skill: list[Effect] | None = None
    """Tool Skill (11.10): what happens when Synthesis turns this card face-up."""
    super_trance: bool = False
    """A My Logicalist whose icon edge is blue may also Trance with Super Logicalists (2.2.2.8.1)."""
    text: str = ""

    @model_validator(mode="after")
    def _check(self) -> Card:
        if self.type == "gate" and self.gate_number is None:
            raise ValueError("a gate needs a 'gate_number' (2.17)")
        if self.type == "paradox" and self.paradox_rule is None:
            raise ValueError("a paradox needs a 'paradox_rule' (2.16)")
        if self.type != "paradox" and self.paradox_rule is not None:
            raise ValueError("only paradox cards have a Paradox Rule (2.16.1)")
        if self.trance_change is not None and self.type not in MEMBER_TYPES:
            raise ValueError("Trance Change belongs to members (11.5)")
        return self

    @property
    def is_member(self) -> bool:
        return self.type in MEMBER_TYPES

    @property
    def is_logicalist(self) -> bool:
        """Super Logicalists are Logicalists for every other purpose (2.2.2.7.1)."""
        return self.type in ("logicalist", "super_logicalist")

    def has_info(self, info: str) -> bool:
        """Card name, title or character name (2.1.3)."""
        return info == self.name or info == self.title or info in self.character_names

    def has_keyword(self, keyword: str) -> bool:
        return any(a.keyword == keyword for a in self.abilities)


ForEvery.model_rebuild()
Delayed.model_rebuild()
Modify.model_rebuild()


def parse_ability(data: Mapping[str, Any]) -> Ability:
    """One ability as an effect gave it (5.30.1), from the JSON its effect recorded: equal
    data gives the same (frozen, shared) model."""
    return _interned_ability(data)


_interned_ability: Interned[Ability] = Interned(lambda data: Ability.model_validate(dict(data)))


def parse_card(data: Mapping[str, Any]) -> Card:
    """Validate one card definition; the error names the card and every bad field.  Equal
    data gives the same (frozen, shared) model: see :mod:`domain.interning`."""
    return _interned_card(data)


FIELD_RULES: dict[str, str] = {}
"""LL card fields cite the rule their validators state (or the card type, 2.2.1)."""


def _parse_card(data: Mapping[str, Any]) -> Card:
    try:
        return Card.model_validate(dict(data))
    except ValidationError as exc:
        raise card_data_error(data, cast(Any, exc.errors()), FIELD_RULES) from None


_interned_card: Interned[Card] = Interned(_parse_card)


def catalog_entries(catalog: Any) -> dict[str, Mapping[str, Any]]:
    """A catalog as ``{"cards": [...]}`` (the file format) or ``{id: card}``."""
    if isinstance(catalog, Mapping) and isinstance(catalog.get("cards"), list):
        out: dict[str, Mapping[str, Any]] = {}
        for entry in catalog["cards"]:
            if not isinstance(entry, Mapping) or not isinstance(entry.get("id"), str):
                raise CardDataError("every catalog entry needs a string 'id'")
            if entry["id"] in out:
                raise CardDataError(f"card {entry['id']}: duplicate id in the catalog")
            out[entry["id"]] = entry
        return out
    if isinstance(catalog, Mapping):
        return {str(k): v for k, v in catalog.items()}
    raise CardDataError("a catalog is {'cards': [...]} or a mapping of card id to card")


def parse_catalog(catalog: Any) -> dict[str, Card]:
    return {cid: parse_card(data) for cid, data in catalog_entries(catalog).items()}
