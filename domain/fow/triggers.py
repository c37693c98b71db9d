"""Trigger conditions of automatic abilities (FoW-5.5 9.6) beyond the card's own moves and
battles: the beginning of the main phase (5.3 p1), the end of turn (5.4 p3), gaining life,
the card dealing or being dealt damage or being blocked, its controller being dealt damage or
playing an addition, and other cards entering a field or being put into a graveyard from a
field (the moved card as it was in the field, 9.6 p7.2); the card leaving the field for a
non-field zone, having an addition added to it (7.2 p4) or shifting (12.8 p2.1), another
card being destroyed (10.9), and the opponent discarding a card (10.18); the card being chosen as
a target of a spell or ability as it is played (9.3 p2) or becoming rested (10.12), the opponent's
turn beginning (5.1 p1); on an addition, these happenings of the card it is added to (7.2 p3); a spell
or ability choosing a J/resonator you control as a target (9.3 p2), once for that spell or ability.

``fires`` decides whether one automatic ability triggers on one happening; the engine calls
``actions.check_triggers`` with the happening's ``kind`` at the moment it happens.
"""

from __future__ import annotations

from domain.fow.cards import Ability, Filter
from domain.fow.characteristics import effective_type, matches
from domain.fow.state import ChaseItem, GameState

YOUR_PHASE = frozenset(
    {
        "beginning_of_main_phase",
        "end_of_turn",
        "you_gain_life",
        "damage_dealt_to_you",
        "you_play_addition",
        "you_play_normal_spell",
    }
)
THIS_CARD = frozenset(
    {
        "deals_damage",
        "dealt_damage",
        "is_blocked",
        "leaves_field",
        "addition_added",
        "shifts",
        "deals_damage_to_resonator",
        "dealt_damage_by_resonator",
        "blocks_resonator",
        "is_blocked_by_resonator",
        "evolution_counter_put",
        "enters_field_from_standby",
        "becomes_rested",
        "enters_stone_area",  # "When this card enters your magic stone area" (any way in, 3.7)
    }
)
CARD_MOVES = frozenset(
    {"card_enters_field", "card_put_into_graveyard_from_field", "card_put_into_stone_area", "card_destroyed"}
)
OPPONENTS = frozenset({"opponent_discards"})
OTHER_CARDS = frozenset({"card_attacks"})
"""Another card doing something in the field ("Whenever a Werewolf you control attacks", 9.6 p1)."""
KINDS = (
    YOUR_PHASE
    | CARD_MOVES
    | THIS_CARD
    | OPPONENTS
    | OTHER_CARDS
    | {"end_of_each_turn", "deals_damage_to_opponent", "becomes_targeted", "your_j_resonator_targeted"}
    | {"beginning_of_game"}
)


def fires(
    s: GameState, ability: Ability, kind: str, src: str, controller: str, player: str | None, oid: str | None
) -> bool | None:
    """Whether ``ability`` of ``src`` triggers; None when its trigger is not one of :data:`KINDS`.

    ``player`` is the turn player for phase triggers, the player gaining life, or the player
    dealt damage; ``oid`` is the card dealing damage or the card that moved."""
    trigger = ability.trigger or ""
    if ability.host_trigger:  # "Whenever added resonator attacks": the card it is added to (7.2 p3)
        host = s.objects[src].attached_to
        return trigger == kind and oid is not None and oid == host
    if trigger == "beginning_of_opponents_turn":  # as the opponent's turn begins (5.1 p1)
        return kind == "beginning_of_turn" and player is not None and player != controller
    if trigger == "end_of_host_controllers_turn":  # "at the end of its controller's turn" (5.4 p3, 7.2 p3)
        if kind != "end_of_each_turn" or player is None:
            return False
        host = s.objects[src].attached_to
        return host is not None and host in s.objects and s.objects[host].controller == player
    if trigger not in KINDS:
        return None
    if trigger != kind:
        return False
    if kind in YOUR_PHASE:
        return player == controller
    if kind in OPPONENTS:  # "whenever your opponent discards a card"
        return player is not None and player != controller
    if kind == "end_of_each_turn":
        return player is not None
    if kind == "beginning_of_game":  # each player's, in the first turn's draw phase (5.1 p1)
        return True
    if kind in THIS_CARD:  # with a filter on this card: "... while attacking"
        flt = ability.trigger_filter
        return oid == src and (flt is None or matches(s, flt, src, controller, src))
    if kind == "becomes_targeted":  # chosen as a target of the spell or ability just played (9.3 p2)
        return oid == src and bool(s.chase) and targeted_by(s, ability, s.chase[-1], controller)
    if kind == "your_j_resonator_targeted":  # "When a spell or ability ... targets a J/resonator you control"
        if not s.chase:
            return False
        item = s.chase[-1]
        return targets_your_j_resonator(s, item, controller) and targeted_by(s, ability, item, controller)
    if kind == "deals_damage_to_opponent":
        return oid == src and player is not None and player != controller
    return oid is not None and moved_matches(s, ability.trigger_filter or Filter(), oid, controller, src)


def moved_matches(s: GameState, flt: Filter, oid: str, you: str, source: str) -> bool:
    """Whether the card that moved matches ``flt``: in the field as it is; put into a graveyard
    from the field, as it was in the field (last known controller, 9.6 p7.2)."""
    obj = s.objects[oid]
    if obj.zone == flt.zone:
        return matches(s, flt, oid, you, source)
    was = str((obj.last_known or {}).get("controller", obj.owner))
    if (flt.controller == "you" and was != you) or (flt.controller == "opponent" and was == you):
        return False
    return matches(s, flt.model_copy(update={"zone": obj.zone, "controller": "any"}), oid, you, source)


def targeted_by(s: GameState, ability: Ability, item: ChaseItem, you: str) -> bool:
    """Whether the spell or ability ``item`` is one that ``ability`` watches ("by water spells or
    water card's abilities", "by spells or abilities your opponent controls"): a "spell" is a card
    on the chase (3.13 p3), an ability is on the chase as a pseudo-card of its card (9.3 p2)."""
    by = ability.targeted_by
    if by is None:
        return True
    if by.controller == "opponent" and item.controller == you:
        return False
    return not by.attributes or bool(set(by.attributes) & set(s.card_of(item.source).attributes))


def targets_your_j_resonator(s: GameState, item: ChaseItem, you: str) -> bool:
    """Whether the spell or ability ``item`` just played chose as a target a J/resonator ``you``
    control (FoW-5.5 9.3 p2.4)."""
    return any(
        t in s.objects
        and s.objects[t].zone == "field"
        and s.objects[t].controller == you
        and effective_type(s, t) in ("resonator", "j_ruler")
        for group in item.targets
        for t in group
    )
