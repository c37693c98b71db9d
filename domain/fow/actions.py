"""Actions by rules (FoW-5.5 10), effects of the card vocabulary, triggers (9.6) and the
resolution of the chase area (9.3)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from domain.fow import conditions
from domain.fow.cards import (
    STANDBY_CARD_TRIGGERS,
    Ability,
    AddFromGraveyard,
    AddSelfTo,
    Banish,
    BecomeAttribute,
    Cancel,
    Card,
    ChangeCost,
    ChangeRaces,
    ChooseARace,
    Cost,
    CostChange,
    DealDamage,
    DealMore,
    Delayed,
    Destroy,
    Discard,
    Draw,
    Fight,
    Filter,
    GainControl,
    GainLife,
    GrantAbilities,
    GrantSkill,
    KeepOne,
    LookTop,
    LoseAbilities,
    LoseLife,
    LoseSkill,
    Mill,
    Modify,
    MoveAddition,
    Pay,
    PayAnyLife,
    PayLess,
    PreventDamage,
    ProduceWill,
    PutCounter,
    PutFromHand,
    PutFromRemoved,
    PutIntoField,
    PutIntoRulerArea,
    PutOnMainDeck,
    PutStone,
    Recover,
    RedirectDealt,
    RemoveCounter,
    RemoveDamage,
    RemoveFromGame,
    RemoveInstead,
    ReshuffleGraveyard,
    Rest,
    Restrict,
    ReturnToHand,
    ReturnToRulerSide,
    RevealHand,
    RevealNamed,
    RevealTop,
    Search,
    SetPrintedAtk,
    SetStats,
    Shuffle,
    SpendUse,
    SwitchStats,
    Target,
    links_removed,
    parse_effects,
)
from domain.fow.cards import Effect as CardEffect
from domain.fow.characteristics import (
    ability_loss,
    activate_cost_changes,
    activate_forbidden,
    apply_cost_changes,
    can_gain_life,
    cannot_be_recovered,
    cannot_play,
    characteristics,
    counter_increases,
    covers,
    damage_increases,
    effective_type,
    filter_zones,
    forbidden_play,
    granted_anywhere,
    grants_abilities,
    graveyard_replacement,
    is_active_zone,
    is_affected,
    matches,
    matches_negations_and_skills,
    moon_will_as,
    names_of,
    overrides_for,
    own_enter_triggers_suppressed,
    restrictions_on,
    stone_types_of,
    total_cost,
    untargetable_by_filters,
    untargetable_by_opponents_of,
)
from domain.fow.context import Ctx
from domain.fow.costs import has_extra_costs, pay_extra_costs
from domain.fow.state import PLAYGROUND, ChaseItem, GameState, Triggered
from domain.fow.triggers import fires as _more_fires
from domain.fow.triggers import moved_matches
from domain.fow.versions import version
from domain.kernel import RULES_AUTHORITY

# --- zone movement (3.15) ---------------------------------------------------------------


def movement_blocked(s: GameState, oid: str, to: str, *, by_judgment: bool = False) -> str | None:
    """The 3.15 rule paragraph that stops a move, or None."""
    obj = s.objects[oid]
    kind = effective_type(s, oid)
    base = s.cards[obj.card].type
    if kind == "astral_ruler" and to != "ruler_area":
        return "3.15 p6"
    if base == "ruler" and obj.side == "front" and to not in ("graveyard", "ruler_area") and not by_judgment:
        return "3.15 p1"
    if obj.side == "j_ruler" and to not in ("ruler_area", "field"):
        return "3.15 p2"
    if base in ("resonator", "addition", "regalia") and to in ("stone_deck", "stone_area", "ruler_area"):
        return "3.15 p3"
    if base == "magic_stone" and to in ("hand", "main_deck", "ruler_area"):
        return "3.15 p5"
    return None


def move(
    ctx: Ctx,
    oid: str,
    to: str,
    cause: str,
    *,
    rule: str,
    reason: str,
    position: str = "top",
    controller: str | None = None,
    actor: str = RULES_AUTHORITY,
    by_judgment: bool = False,
    **extra: Any,
) -> str:
    s = ctx.s
    obj = s.objects[oid]
    was_since = obj.zone_since  # the object it is before the move (3.1 p3)
    base = s.cards[obj.card]
    if base.type == "spell" and (to == "stone_deck" or to in PLAYGROUND):
        to, rule = "graveyard", "3.15 p4"
    if obj.zone == "chase" and obj.from_remnant and to != "removed":
        to, rule = "removed", "12.6 p2"  # [Remnant]: removed instead of moving elsewhere
    if obj.zone == "field" and to not in ("field", "removed") and movement_blocked(s, oid, "removed") is None:
        replacing = removed_instead(s, oid, to)
        if replacing is not None:  # "If it would leave your field this turn, remove it ... instead" (9.10 p1)
            extra = {**extra, "instead_of": to, "replaced_by": replacing}
            to, rule = "removed", "9.10 p1"
    gaining = None  # "remove that resonator from the game and you gain life equal to its DEF instead"
    if obj.zone == "field" and to == "graveyard" and movement_blocked(s, oid, "removed") is None:
        gaining = damaged_by_host_replacement(s, oid)
        if gaining is not None:
            extra = {**extra, "instead_of": to, "replaced_by": gaining}
            to, rule = "removed", "9.10 p1"
    # (the replacements above and this one all remove the card instead; the one that also gains life
    # applies first, a simplification of the player's choice of order, 9.10 p2.1)
    replaced_by = graveyard_replacement(s, oid) if to == "graveyard" and obj.zone != "graveyard" else None
    if replaced_by is not None:  # "If a card would be put into your graveyard from anywhere, remove it
        # from the game instead": only the replaced move happens (9.10 p1); a banish or a discard as a
        # cost is still paid by this move (the card left as the cost asked)
        extra = {**extra, "instead_of": "graveyard", "replaced_by": replaced_by, "replaced_rule": rule}
        to, rule = "removed", "9.10 p1"
    blocked = movement_blocked(s, oid, to, by_judgment=by_judgment)
    if blocked is not None:
        return ctx.emit("CardMoveIgnored", {"oid": oid, "to": to, "reason": reason}, blocked, cause=cause, actor=actor)
    data: dict[str, Any] = {
        "oid": oid,
        "card": obj.card,
        "from": obj.zone,
        "to": to,
        "reason": reason,
        "owner": obj.owner,
    }
    if to in PLAYGROUND:
        data["controller"] = controller or obj.owner
        rested = _enters_rested(s, oid, data["controller"]) if obj.zone not in PLAYGROUND else None
        if rested is not None:  # "this card enters your magic stone area rested" (9.10 p1)
            data["rested"] = True
            cause = ctx.emit("EntersRested", {"oid": oid, "to": to, "effect": rested}, "9.10 p1", cause=cause)
    elif obj.zone in PLAYGROUND:
        # last known information (9.11): how the card was in the playground it leaves
        chars = characteristics(s, oid)
        data["last_known"] = {
            "controller": obj.controller,
            "atk": chars.atk,
            "def": chars.def_,
            "skills": sorted(chars.skills),
            "damage": obj.damage,
        }
        if ability_loss(s, oid)[0] is not None:
            data["last_known"]["lost_abilities"] = True  # its "when ... put into a graveyard" is gone
    if position != "top":
        data["position"] = position
    data.update(extra)
    ev = ctx.emit("CardMoved", data, rule, cause=cause, actor=actor)
    if to == "field" and s.objects[oid].zone == "field":  # "This card enters your field with five counters"
        ev = _with_counters(ctx, oid, "enters_with_counters", ev)
    if gaining is not None:  # "... and you gain life equal to its DEF": as it last was in the field (9.11)
        ev = _gain_life_by_rule(ctx, s.objects[gaining].controller, int(data["last_known"]["def"]), ev)
    # "When this card enters your field" (any way of entering) and "When this card is put into
    # a graveyard from your field" trigger on the move itself (9.6 p1, p7.2)
    if to == "field" and s.objects[oid].zone == "field":
        check_triggers(ctx, "enters_field", ev, oid=oid)
        check_triggers(ctx, "card_enters_field", ev, oid=oid, subject=oid)  # "deals 500 damage to it" (9.6 p7)
        if data["from"] == "standby":  # put straight from the chant-standby area
            check_triggers(ctx, "enters_field_from_standby", ev, oid=oid)
    elif to == "stone_area" and data["from"] != "stone_area" and s.objects[oid].zone == "stone_area":
        check_triggers(ctx, "card_put_into_stone_area", ev, oid=oid)
        check_triggers(ctx, "enters_stone_area", ev, oid=oid)  # "When this card enters your magic stone area"
    elif data["from"] == "field" and s.objects[oid].zone == "graveyard":
        check_triggers(ctx, "put_into_graveyard_from_field", ev, oid=oid, subject=oid)  # "that resonator" (9.6 p7)
        check_triggers(ctx, "card_put_into_graveyard_from_field", ev, oid=oid, subject=oid)  # "that resonator"
    elif data["from"] == "hand" and s.objects[oid].zone == "graveyard" and reason in ("discard", "hand size"):
        check_triggers(ctx, "opponent_discards", ev, player=obj.owner)  # to discard (10.18)
    if s.objects[oid].zone == "graveyard" and data["from"] != "graveyard":
        # "When target resonator you control is put into a graveyard this turn" (9.6 p8)
        check_delayed_on(ctx, "it_is_put_into_graveyard", oid, was_since, ev)
    if data["from"] == "main_deck" and s.objects[oid].zone == "removed" and not s.objects[oid].face_down:
        check_triggers(ctx, "removed_from_main_deck", ev, oid=oid)  # "When this card in your main deck is removed"
    if data["from"] == "field" and s.objects[oid].zone not in ("field", "chase"):
        check_triggers(ctx, "leaves_field", ev, oid=oid)  # "leaves your field for a non-field zone"
    if data["from"] == "field" and s.objects[oid].zone != "field":
        # "... as long as this card is in a field": those effects of this card end (9.1 p2.2)
        lasting = [e.id for e in s.effects if e.duration in _WHILE_IN_FIELD and e.source == oid]
        if lasting:
            why = "its source left the field"
            ev = end_effects(ctx, lasting, why, "9.1 p2.2", ev)
        ev = end_source_rested(ctx, [oid], ev)  # "as long as this card is rested": not in a field any more
    if to == "field" and extra.get("attached_to") and s.objects[oid].zone == "field":
        check_triggers(ctx, "addition_added", ev, oid=str(extra["attached_to"]))  # added to it (7.2 p4)
    return ev


def damaged_by_host_replacement(s: GameState, oid: str) -> str | None:
    """The addition in a field whose "If a resonator dealt damage by added J/resonator would be put into
    a graveyard this turn, remove that resonator from the game and you gain life equal to its DEF
    instead" (9.10 p1) replaces the move of ``oid`` from the field to a graveyard, or None."""
    obj = s.objects[oid]
    if effective_type(s, oid) != "resonator" or obj.damaged_turn != s.turn or not obj.damaged_by:
        return None
    for p in s.order:
        for addition in s.zones[p]["field"]:
            host = s.objects[addition].attached_to
            if host is None or host not in obj.damaged_by or host == oid:
                continue
            for _, ability in characteristics(s, addition).abilities:
                if ability.replaces == "damaged_by_host_to_graveyard" and replacement_applies(s, ability, addition):
                    return addition
    return None


def _gain_life_by_rule(ctx: Ctx, player: str, amount: int, cause: str) -> str:
    """``player`` gains ``amount`` life as part of a replacement effect (1.5 p4), unless they cannot."""
    s = ctx.s
    if amount <= 0:
        return cause
    if not can_gain_life(s, player):  # "cannot gain life": the prohibition wins (1.4 p4)
        return ctx.emit("LifeGainPrevented", {"player": player, "amount": amount}, "1.4 p4", cause=cause)
    life = s.players[player].life + amount
    cause = ctx.emit("LifeChanged", {"player": player, "delta": amount, "life": life}, "1.5 p4", cause=cause)
    check_triggers(ctx, "you_gain_life", cause, player=player)  # "Whenever you gain life"
    return cause


def removed_instead(s: GameState, oid: str, to: str) -> str | None:
    """The id of the oldest "remove it from the game instead" effect (9.10 p1) replacing the move of
    ``oid`` from the field to ``to``, or None: ``field`` while the effect's controller controls it ("your
    field"), ``field_to_graveyard`` for a move into a graveyard."""
    obj = s.objects[oid]
    for eff in s.effects:
        if eff.kind != "remove_instead" or oid not in eff.targets:
            continue
        if "field" in eff.rules and obj.controller == eff.controller:
            return eff.id
        if "field_to_graveyard" in eff.rules and to == "graveyard":
            return eff.id
    return None


_WHILE_IN_FIELD = ("source_in_field", "source_controlled")
"""Durations ending when the effect's source leaves the field (9.1 p2.2)."""


def end_effects(ctx: Ctx, ids: list[str], why: str, rule: str, cause: str) -> str:
    """End continuous effects; a card whose control an ended effect gave returns to the controller
    the remaining controller-changing effects give it (the newest applies last, 9.9 p3), or to the
    one it had before them (1.5 p3)."""
    s = ctx.s
    ending = set(ids)
    taken = [(t, e.base) for e in s.effects if e.id in ending and e.kind == "control" for t in e.targets]
    cause = ctx.emit("ContinuousEffectsEnded", {"ids": ids, "why": why}, rule, cause=cause)
    for t, base in taken:
        obj = s.objects[t]
        remaining = [e.controller for e in s.effects if e.kind == "control" and t in e.targets]
        back = remaining[-1] if remaining else base
        if obj.zone == "field" and back is not None and back != obj.controller:
            data = {"oid": t, "from": obj.controller, "to": back, "returned": True}
            cause = ctx.emit("ControlChanged", data, "1.5 p3", cause=cause)
            cause = end_with_control(ctx, t, cause)
    return cause


def recovery_prohibited(s: GameState, oid: str) -> bool:
    """ "Cannot recover during recovery phase" (while it lasts) or "cannot be recovered" applies to
    ``oid`` (1.4 p4)."""
    during = s.phase == "recovery" and overrides_for(s, oid).cannot_recover_in_recovery_phase
    return during or cannot_be_recovered(s, oid)


def replacement_applies(s: GameState, ability: Ability, oid: str) -> bool:
    """A replacement ability of ``oid`` applies while its condition, if any, holds ("Prevent all
    damage that would be dealt to this card during your turn", FoW-5.5 9.10 p1)."""
    cond = ability.condition
    return cond is None or conditions.condition_met(s, cond, s.objects[oid].controller, oid)


def _with_counters(ctx: Ctx, oid: str, replaces: str, cause: str) -> str:
    """Counters the card ``oid`` (the side now up) puts on itself as part of entering a field or of shifting
    ("This card enters your field with five [+100/+100] counters", "As this card shifts, put ten [+100/+100]
    counters on it", 9.10 p1, 12.8 p2.1): put as it enters / shifts, before any trigger sees it."""
    s = ctx.s
    for ability in s.card_of(oid).abilities:
        if ability.replaces != replaces or ability.counter is None or not replacement_applies(s, ability, oid):
            continue
        count = ability.with_counters
        for holder, index, extra in counter_increases(s, oid, ability.counter):  # "that many plus one instead"
            data = {"oid": oid, "counter": ability.counter, "count": count, "instead": count + extra}
            cause = ctx.emit("CountersReplaced", {**data, "effect": f"{holder}:{index}"}, "9.10 p1", cause=cause)
            count += extra
        rule = "9.10 p1" if replaces == "enters_with_counters" else "12.8 p2.1"
        cause = ctx.emit("CounterPut", {"oid": oid, "counter": ability.counter, "count": count}, rule, cause=cause)
    return cause


def _enters_rested(s: GameState, oid: str, controller: str) -> str | None:
    """The ability (``<oid>:<index>``) that makes ``oid`` enter a playground rested, if any:
    a replacement of how this card enters, checked as it enters, for its new controller."""
    for i, ability in enumerate(s.card_of(oid).abilities):
        if ability.replaces != "self_enters":
            continue
        if ability.condition is None or conditions.condition_met(s, ability.condition, controller, oid):
            return f"{oid}:{i}"
    return None


def draw(ctx: Ctx, player: str, count: int, cause: str, *, rule: str = "10.8 p1") -> str:
    s = ctx.s
    for _ in range(count):
        deck = s.zones[player]["main_deck"]
        if not deck:
            return ctx.emit("DrawFromEmptyDeckAttempted", {"player": player}, "13.1 p2", cause=cause)
        cause = move(ctx, deck[-1], "hand", cause, rule=rule, reason="draw")
    return cause


# --- will (9.7, 10.2) -------------------------------------------------------------------


def is_will_ability(ability: Ability) -> bool:
    """An activate ability that needs no target and produces will (FoW-5.5 9.7 p1)."""
    return (
        ability.kind == "activate"
        and bool(ability.effects)
        and all(isinstance(e, ProduceWill) for e in ability.effects)
    )


def will_options(ability: Ability, s: GameState | None = None, player: str | None = None) -> list[list[str]]:
    """The wills an activation of a will ability can produce, one list per possible choice; with
    the state and its controller, "one will of any attribute that a magic stone you control could
    produce" offers those attributes (none without them)."""
    fixed: list[str] = []
    choices: list[str] = []
    picks = 1
    for e in ability.effects:
        assert isinstance(e, ProduceWill)
        fixed += e.will
        choices += e.any_of
        picks = max(picks, e.any_count)
        if e.like_stones and s is not None and player is not None:
            choices += sorted(_stones_could_produce(s, player), key="WRUGB".index)
    if not choices:
        return [fixed]
    if picks > 1:  # "two wills in any combination of attributes": a multiset of the choices (9.7 p1)
        return [[*fixed, *combo] for combo in itertools.combinations_with_replacement(dict.fromkeys(choices), picks)]
    return [[*fixed, c] for c in dict.fromkeys(choices)]


def will_choice(options: Sequence[Sequence[str]], option: Sequence[str]) -> str:
    """The ``choice`` naming ``option`` of a will ability: its last will when the options differ in
    that one only, else every will it produces ("WR" for "two wills in any combination")."""
    if len({tuple(o[:-1]) for o in options}) == 1:
        return option[-1]
    return "".join(option)


def spend_only_of(ability: Ability) -> list[SpendUse]:
    """What the will of a will ability may pay for ("Spend that will only to play Fairy
    resonators", 1.4 p1); empty when anything."""
    return next((e.spend_only for e in ability.effects if isinstance(e, ProduceWill) and e.spend_only), [])


Use = tuple[str, str]
"""What will pays for: ``(kind, object id)`` with kind ``play`` (the card played), ``awakening`` (the
card whose [Awakening] cost is paid), ``judgment`` (the ruler), ``gods_art`` or ``activate`` (the card
whose ability is played)."""


def may_spend_on(s: GameState, spend_only: Sequence[Any], player: str, use: Use | None) -> bool:
    """Whether will restricted to the uses ``spend_only`` (``SpendUse`` or their dumps) may pay for
    ``use`` (the card read in its zone now: the chase area as its cost is paid, 9.3 p2.2, the hand
    when legal_actions plans the payment)."""
    if not spend_only:
        return True
    if use is None or use[1] not in s.objects:
        return False
    kind, oid = use
    for raw in spend_only:
        allowed = raw if isinstance(raw, SpendUse) else SpendUse.model_validate(raw)
        if allowed.on != kind and not (allowed.on == "play" and kind == "awakening"):
            continue  # the [Awakening] cost is paid to play the card (12.1 p1)
        flt = allowed.filter.model_copy(update={"zone": s.objects[oid].zone})
        if matches(s, flt, oid, player):
            return True
    return False


def _stones_could_produce(s: GameState, player: str) -> set[str]:
    """The attributes the will abilities of the magic stones ``player`` controls produce (their own
    options, not those read from other stones: no loop)."""
    found: set[str] = set()
    for oid in s.zones[player]["stone_area"]:
        for _, ability in characteristics(s, oid).abilities:
            if is_will_ability(ability) and not any(getattr(e, "like_stones", False) for e in ability.effects):
                found.update(w for option in will_options(ability) for w in option)
    return found & set("WRUGB")


def allocate(
    pool: Sequence[str], cost: Cost, moon_as: frozenset[str] = frozenset(), *, any_attribute: bool = False
) -> list[str] | None:
    """Which wills of ``pool`` pay a cost: attribute parts first, then free from what is
    left (void first).  None when the pool cannot pay it all (10.2 p4).  ``moon_as``: attributes
    moon will may pay too ("You may spend {M} as though it were {G}"), once no will of that
    attribute is left, after every other attribute part (moon will is kept for {M} symbols)."""
    left = list(pool)
    paid: list[str] = []
    short: list[str] = []
    for attr, n in cost.attribute.items():
        for _ in range(n):
            if attr not in left:
                short.append(attr)
                continue
            left.remove(attr)
            paid.append(attr)
    for missing in short:
        other = next((w for w in left if w in "WRUGB"), None) if any_attribute else None
        if other is not None:  # "with will of any attribute" (1.4 p1), the text's card only
            left.remove(other)
            paid.append(other)
            continue
        if missing not in moon_as or "M" not in left:
            return None
        left.remove("M")
        paid.append("M")
    needed = set(cost.attribute)
    left.sort(key=lambda w: (w != "V", w in needed))
    if len(left) < cost.free:
        return None
    paid += left[: cost.free]
    return paid


def stone_attributes(s: GameState, oid: str) -> set[str]:
    """The attributes a magic stone matches: its own and those of the will it produces."""
    found: set[str] = set(s.card_of(oid).attributes)
    for _, ability in characteristics(s, oid).abilities:
        if is_will_ability(ability):
            found.update(w for option in will_options(ability, s, s.objects[oid].controller) for w in option)
    return found - {"V", "M"}


def shows_stones(s: GameState, player: str, cost: Cost | None) -> bool:
    """Whether ``player`` controls magic stones matching ``cost``: one distinct stone per
    attribute symbol, plus at least as many other stones as the free cost (FoW-5.01 9.3 p2.1)."""
    if cost is None:
        return True
    stones = [oid for oid in s.zones[player]["stone_area"] if s.objects[oid].controller == player]
    slots = [attr for attr, n in cost.attribute.items() for _ in range(n)]
    if len(stones) < len(slots) + cost.free:
        return False
    matches = {oid: stone_attributes(s, oid) for oid in stones}
    owner: dict[str, int] = {}  # stone -> the slot it shows (bipartite matching by augmenting paths)

    def assign(slot: int, seen: set[str]) -> bool:
        for oid in stones:
            if slots[slot] in matches[oid] and oid not in seen:
                seen.add(oid)
                if oid not in owner or assign(owner[oid], seen):
                    owner[oid] = slot
                    return True
        return False

    return all(assign(i, set()) for i in range(len(slots)))


def require_stones_shown(ctx: Ctx, player: str, card: Card) -> None:
    """Playing a card from the chant-standby area under a version that asks for magic stones
    matching its cost to be shown (5.01 9.3 p2.1)."""
    if version(ctx.s.ruleset).standby_shows_stones and not shows_stones(ctx.s, player, card.cost):
        raise ctx.reject(
            "rules/standby_stones_not_shown",
            "9.3 p2.1",
            f"to play {card.name} from the chant-standby area you must control magic stones matching its cost",
        )


def sickness_ok(s: GameState, oid: str) -> bool:
    """Rest-cost abilities need the card in play since the beginning of the turn (9.5 p3,
    p4), unless it has [Swiftness] (11.6)."""
    obj = s.objects[oid]
    kind = effective_type(s, oid)
    if kind not in ("resonator", "j_ruler"):
        return True
    controlled = obj.entered_turn < s.turn and obj.control_turn < s.turn
    return controlled or "swiftness" in characteristics(s, oid).skills


def produce_from_sources(ctx: Ctx, player: str, pay_with: Sequence[Any], cause: str) -> str:
    """Play the will abilities named in ``pay_with`` (9.7 p2: allowed when paying)."""
    s = ctx.s
    for entry in pay_with:
        if not isinstance(entry, dict) or "source" not in entry:
            raise ctx.reject("command/malformed", "10.2 p5", "each pay_with entry needs a 'source' object id")
        oid = str(entry["source"])
        if oid not in s.objects:
            message = f"there is no card {oid!r} in this game that you can see"
            raise ctx.reject("command/unknown_object", "10.2 p5", message)
        idx = entry.get("ability")
        ability_index = _find_will_ability(s, oid) if idx is None else int(idx)
        cause = activate_will_ability(ctx, player, oid, ability_index, entry.get("choice"), cause)
    return cause


def _find_will_ability(s: GameState, oid: str) -> int:
    for i, a in characteristics(s, oid).abilities:
        if is_will_ability(a):
            return i
    return -1


def activate_will_cost(s: GameState, player: str, oid: str, ability: Ability, *, reduce: bool = False) -> Cost:
    """The will ``player`` pays to play the [Activate] ability ``ability`` of ``oid``: its printed
    will cost with the increases applied first ("Your opponent pays {1} more to play regalia's
    activate abilities"), then the decreases ("You pay {1} less", "you may pay {B}{B} less to play
    its God's Art abilities"), which never take a part of the cost below zero (FoW-5.5 9.3 p2.5).
    An optional decrease ("you may") applies only with ``reduce``, the player's choice."""
    return _changed_will(s, player, oid, ability, reduce)[0]


def optional_cost_changes(s: GameState, player: str, oid: str, ability: Ability) -> list[str]:
    """The cards whose "you may pay ... less" applies now to ``player`` playing ``ability`` of
    ``oid`` (its condition holding, 9.9 p4): what ``reduce`` may choose (9.3 p2.5)."""
    return [src for src, change in _cost_changes_now(s, player, oid, ability, True) if change.optional]


def _cost_changes_now(
    s: GameState, player: str, oid: str, ability: Ability, reduce: bool
) -> list[tuple[str, CostChange]]:
    return [
        (src, change)
        for src, change in activate_cost_changes(s, player, oid, ability)
        if (reduce or not change.optional)
        and (change.condition is None or conditions.condition_met(s, change.condition, player, src))
    ]


def _changed_will(s: GameState, player: str, oid: str, ability: Ability, reduce: bool) -> tuple[Cost, list[str]]:
    """:func:`activate_will_cost` and the cards changing it: increases, then decreases (9.3 p2.5)."""
    changes = _cost_changes_now(s, player, oid, ability, reduce)
    will = ability.cost.will
    if not changes:
        return will, []
    sources = list(dict.fromkeys(src for src, _ in changes))
    return apply_cost_changes(will, [change for _, change in changes]), sources


def changed_activate_cost(
    ctx: Ctx, player: str, oid: str, ability: Ability, cause: str, *, reduce: bool = False
) -> tuple[Ability, str]:
    """``ability`` with the will cost to pay for it (:func:`activate_will_cost`), recorded by a
    ``CostChanged`` event when a continuous ability or effect changes it (9.3 p2.5)."""
    will, changers = _changed_will(ctx.s, player, oid, ability, reduce)
    if not changers:
        return ability, cause
    of = "gods_art" if ability.gods_art else "activate"
    data: dict[str, Any] = {"player": player, "of": of, "source": oid, "sources": changers}
    data.update(printed=ability.cost.will.model_dump(), cost=will.model_dump())
    cause = ctx.emit("CostChanged", data, "9.3 p2.5", cause=cause)
    return ability.model_copy(update={"cost": ability.cost.model_copy(update={"will": will})}), cause


def activate_will_ability(
    ctx: Ctx,
    player: str,
    oid: str,
    index: int,
    choice: Any,
    cause: str,
    cost_cards: Any = None,
    cost_counters: Any = None,
) -> str:
    s = ctx.s
    obj = s.objects[oid]
    chars = characteristics(s, oid)
    abilities = dict(chars.abilities)
    ability = abilities.get(index)
    if ability is None or not is_will_ability(ability):
        raise ctx.reject("rules/not_a_will_ability", "9.7 p1", f"{chars.card.name} ({oid}) has no such will ability")
    if obj.controller != player or (not is_active_zone(chars.card, obj.zone) and obj.zone not in PLAYGROUND):
        raise ctx.reject("rules/not_your_card", "7.8 p2", f"you do not control an active {chars.card.name} ({oid})")
    if obj.zone in PLAYGROUND and activate_forbidden(s, oid):  # will abilities too (9.7 p1)
        name = chars.card.name
        raise ctx.reject(
            "rules/cannot_play_ability", "1.4 p4", f"an effect forbids playing {name}'s [Activate] abilities"
        )
    paid, cause = changed_activate_cost(ctx, player, oid, ability, cause)
    cause = pay_ability_costs(ctx, player, oid, index, paid, cause, cost_cards=cost_cards, cost_counters=cost_counters)
    options = will_options(ability, s, player)
    if len(options) == 1:
        produced = options[0]
    else:
        picked = "".join(choice) if isinstance(choice, list) and all(isinstance(c, str) for c in choice) else choice
        produced = next((o for o in options if will_choice(options, o) == picked), [])
        if not produced and isinstance(picked, str):  # "RW" names the same wills as "WR"
            produced = next((o for o in options if sorted("".join(o)) == sorted(picked)), [])
        if not produced:
            allowed = ", ".join(will_choice(options, o) for o in options)
            raise ctx.reject("rules/will_choice", "9.7 p1", f"choose which will {chars.card.name} produces: {allowed}")
    key = f"{oid}:{index}" if ability.once_per_turn else None
    cause = ctx.emit(
        "WillAbilityResolved",
        {"player": player, "source": oid, "ability": index, "once_per_turn_key": key},
        "9.7 p3",
        cause=cause,
        actor=player,
    )
    produced_data: dict[str, Any] = {"player": player, "will": produced, "source": oid}
    spend_only = spend_only_of(ability)
    if spend_only:  # "Spend that will only to play Fairy resonators" (1.4 p1)
        produced_data["spend_only"] = [
            {"on": u.on, **u.model_dump(mode="json", exclude_defaults=True)} for u in spend_only
        ]
    return ctx.emit("WillProduced", produced_data, "9.7 p4", cause=cause)


def usable_restricted(s: GameState, player: str, use: Use | None) -> list[dict[str, Any]]:
    """The restricted wills of ``player`` that may pay for ``use`` (1.4 p1)."""
    return [w for w in s.players[player].restricted_will if may_spend_on(s, w["spend_only"], player, use)]


def pay_will(
    ctx: Ctx,
    player: str,
    cost: Cost,
    cause: str,
    what: str,
    *,
    any_attribute: bool = False,
    use: Use | None = None,
    record: dict[str, Any] | None = None,
) -> str:
    """Pay ``cost`` from the will produced (10.2).  ``use``: what it pays for, for will that may pay
    only for some (1.4 p1); ``record``: more ``WillPaid`` data (``item``: the chase item whose [Awakening]
    or judgment cost this is, which records the will paid)."""
    if cost.total == 0:
        return cause
    usable = usable_restricted(ctx.s, player, use)
    if usable:
        return _pay_with_restricted(ctx, player, cost, cause, what, usable, any_attribute=any_attribute, record=record)
    pool = ctx.s.players[player].will
    paid = allocate(pool, cost, moon_will_as(ctx.s, player), any_attribute=any_attribute)
    if paid is None:
        need = "".join(a * n for a, n in cost.attribute.items()) + (f"+{cost.free}" if cost.free else "")
        have = "".join(pool) or "nothing"
        raise ctx.reject(
            "rules/cannot_pay",
            "10.2 p4",
            f"cannot pay {need} for {what}: produced will is {have}; a cost is paid in full or not at all",
        )
    data = {"player": player, "will": paid, "for": what, **(record or {})}
    return ctx.emit("WillPaid", data, "10.2 p1", cause=cause, actor=player)


def _pay_with_restricted(
    ctx: Ctx,
    player: str,
    cost: Cost,
    cause: str,
    what: str,
    usable: list[dict[str, Any]],
    *,
    any_attribute: bool,
    record: dict[str, Any] | None = None,
) -> str:
    """Pay ``cost`` from the pool and the restricted wills that may pay for it, those first: they
    can pay nothing else (1.4 p1, 10.2 p1).  ``WillPaid`` records them under ``restricted``."""
    pool = ctx.s.players[player].will
    combined = [w["will"] for w in usable] + list(pool)
    paid = allocate(combined, cost, moon_will_as(ctx.s, player), any_attribute=any_attribute)
    if paid is None:
        need = "".join(a * n for a, n in cost.attribute.items()) + (f"+{cost.free}" if cost.free else "")
        raise ctx.reject(
            "rules/cannot_pay",
            "10.2 p4",
            f"cannot pay {need} for {what}: produced will is {''.join(combined)} (with the will that may pay only "
            "for some cards); a cost is paid in full or not at all",
        )
    left = list(usable)
    restricted: list[dict[str, Any]] = []
    plain: list[str] = []
    for w in paid:
        entry = next((u for u in left if u["will"] == w), None)
        if entry is not None:
            left.remove(entry)
            restricted.append(entry)
        else:
            plain.append(w)
    data = {
        "player": player,
        "will": plain,
        "for": what,
        "restricted": [dict(r) for r in restricted],
        **(record or {}),
    }
    return ctx.emit("WillPaid", data, "10.2 p1", cause=cause, actor=player)


def pay_ability_costs(
    ctx: Ctx,
    player: str,
    oid: str,
    index: int,
    ability: Ability,
    cause: str,
    *,
    will_cost_allowed: bool = True,
    cost_cards: Any = None,
    cost_counters: Any = None,
    will_use: Use | None = None,
) -> str:
    s = ctx.s
    obj = s.objects[oid]
    name = s.card_of(oid).name
    if will_use is None:  # what restricted will may pay for: a God's Art or another ability (1.4 p1)
        will_use = ("gods_art" if ability.gods_art else "activate", oid)
    if ability.once_per_turn and f"{oid}:{index}" in s.players[player].once_per_turn_used:
        raise ctx.reject("rules/once_per_turn", "7.8 p2", f"{name}'s ability can be played only once per turn")
    if ability.gods_art and ability.name in s.players[player].gods_arts_used:
        raise ctx.reject("rules/gods_art_used", "12.4 p2", f"God's Art {ability.name} was already played this game")
    if ability.cost.rest:
        if obj.rested:
            raise ctx.reject("rules/already_rested", "10.12 p2", f"{name} ({oid}) is rested and cannot pay a rest cost")
        if not sickness_ok(s, oid):
            raise ctx.reject(
                "rules/summoning_sickness",
                "9.5 p3",
                f"{name} ({oid}) has not been in play since the beginning of the turn and cannot pay a rest cost",
            )
        cause = ctx.emit("CardRested", {"oid": oid, "reason": "cost"}, "10.12 p2", cause=cause, actor=player)
        check_triggers(ctx, "becomes_rested", cause, oid=oid)
    if ability.cost.pay_life:
        life = s.players[player].life
        cause = ctx.emit(
            "LifePaid",
            {"player": player, "amount": ability.cost.pay_life, "life": life - ability.cost.pay_life},
            "1.5 p4.1",
            cause=cause,
            actor=player,
        )
    if will_cost_allowed and ability.cost.will.total:
        cause = pay_will(ctx, player, ability.cost.will, cause, name, use=will_use)
    if has_extra_costs(ability):
        cause = pay_extra_costs(ctx, player, oid, ability, cost_cards, cause, cost_counters)
    if ability.cost.banish_self:
        cause = move(ctx, oid, "graveyard", cause, rule="10.10 p1", reason="banish", actor=player)
    if ability.cost.remove_self:  # "remove this card in your graveyard from the game" (10.3 p1)
        cause = move(ctx, oid, "removed", cause, rule="10.3 p1", reason="cost", actor=player)
    return cause


# --- targets (9.3) ----------------------------------------------------------------------


def chosen_groups(effects: Sequence[CardEffect]) -> list[Target]:
    """The targets a card or ability chooses when played, one per effect that says "target"."""
    out: list[Target] = []
    for e in effects:
        target = getattr(e, "target", None)
        if isinstance(e, DealDamage) and e.by is not None:  # "Target Vampire you control deals damage ..."
            out.append(e.by)
        if isinstance(target, Target) and target.kind == "chosen":
            out.append(target)
        if isinstance(e, Fight) and e.other is not None:  # "... and target J/resonator your opponent controls"
            out.append(e.other)
        out += chosen_groups(conditions.nested(e))  # "you may ... target", "if ..., ... target"
    return out


def legal_targets(s: GameState, target: Target, you: str, source: str | None) -> list[str]:
    flt = target.filter
    found: list[str] = []
    if flt.zone == "chase":
        for item in s.chase:
            if item.source == source and item.kind == "card":
                continue
            card = s.card_of(item.source)
            if flt.types and not (item.kind == "card" and card.type in flt.types):
                continue
            if flt.abilities and _ability_kind(s, item) not in flt.abilities:
                continue  # "target [Activate] ability": only such an ability, no card (9.5, 9.6)
            if flt.controller == "you" and item.controller != you:
                continue
            if flt.controller == "opponent" and item.controller == you:
                continue
            found.append(item.id)
    elif not target.players_only:
        for pid in s.order:
            for zone in filter_zones(flt):  # "target Human": a ruler in a ruler area too (2.5 p4)
                for oid in s.zones[pid].get(zone, []):
                    if matches(s, flt, oid, you, source) and not _untargetable(s, oid, you, source):
                        found.append(oid)
    if target.players_allowed or target.players_only:
        found += [p for p in s.order if flt.controller == "any" or (flt.controller == "you") == (p == you)]
    return found


def _ability_kind(s: GameState, item: ChaseItem) -> str | None:
    """``activate`` or ``automatic`` for an ability in the chase area (None for a card, a judgment...)."""
    if item.kind != "ability":
        return None
    ability = dict(characteristics_or_printed(s, item.source)).get(item.ability)
    return ability.kind if ability is not None else None


def _untargetable(s: GameState, oid: str, you: str, source: str | None = None) -> bool:
    """Card text that forbids choosing this card as a target (FoW-5.5 1.4 p1, 9.3 p2.4) for a spell
    or ability of ``source`` controlled by ``you``."""
    if s.objects[oid].zone not in PLAYGROUND:
        return False
    if source in s.objects and any(_filter_match(s, f, source) for f in untargetable_by_filters(s, oid)):
        return True  # "cannot be targeted by Vampire spells or Vampire card's abilities": its printed card
    if overrides_for(s, oid).cannot_be_targeted:
        return True
    if any(protector != you for protector in untargetable_by_opponents_of(s, oid)):
        return True  # "... by spells or abilities your opponent controls": the ability controller's opponent
    # "... cannot be targeted by spells or abilities your opponent controls until end of turn":
    # the opponent of the player whose effect it is
    if any("cannot_be_targeted_by_opponent" in eff.rules and eff.controller != you for eff in restrictions_on(s, oid)):
        return True
    # "... cannot be targeted by normal spells your opponents control until end of turn"
    return _is_normal_spell(s, source) and any(
        "cannot_be_targeted_by_opponents_normal_spells" in eff.rules and eff.controller != you
        for eff in restrictions_on(s, oid)
    )


def _is_normal_spell(s: GameState, source: str | None) -> bool:
    """Whether the targets are chosen for a normal spell: a card other than a resonator being played
    (FoW-5.5 3.13 p3) - from a hand, a chant-standby area or a deck, where no ability of it could be
    played - rather than an ability of a card (9.3)."""
    if source is None or source not in s.objects:
        return False
    return s.objects[source].zone in ("hand", "standby", "main_deck", "chase") and s.card_of(source).type != "resonator"


def validate_targets(
    ctx: Ctx, groups: Sequence[Target], given: Any, you: str, source: str | None, what: str
) -> list[list[str]]:
    if not groups:
        return []
    if given is None:
        given = []
    if not isinstance(given, list):
        raise ctx.reject("command/malformed", "9.3 p2.4", "targets must be a list")
    if given and all(isinstance(t, str) for t in given) and len(groups) == 1:
        given = [given]
    if len(given) != len(groups):
        raise ctx.reject(
            "rules/targets_required",
            "9.3 p2.4",
            f"{what} needs {len(groups)} target group(s), {len(given)} given",
        )
    out: list[list[str]] = []
    for target, chosen in zip(groups, given, strict=True):
        if not isinstance(chosen, list) or not all(isinstance(t, str) for t in chosen):
            raise ctx.reject("command/malformed", "9.3 p2.4", "each target group must be a list of ids")
        legal = legal_targets(ctx.s, target, you, source)
        if not legal and not target.up_to:
            raise ctx.reject("rules/no_legal_target", "9.3 p2.4", f"{what} has no legal target and cannot be played")
        if target.up_to:  # "up to N target ...": zero to N of them
            if len(chosen) > target.count or len(set(chosen)) != len(chosen):
                raise ctx.reject(
                    "rules/target_count", "9.3 p2.4", f"{what} takes up to {target.count} distinct target(s)"
                )
        elif len(chosen) != min(target.count, len(legal)) or len(set(chosen)) != len(chosen):
            raise ctx.reject(
                "rules/target_count", "9.3 p2.4", f"{what} needs {target.count} distinct target(s) per group"
            )
        for t in chosen:
            if t not in legal:
                raise ctx.reject("rules/illegal_target", "9.3 p2.4", f"{t!r} is not a legal target for {what}")
        if target.second and {t for group in out for t in group} & set(chosen):
            raise ctx.reject(
                "rules/illegal_target", "9.3 p2.4", f"a second target of {what} is not one of its earlier targets"
            )
        out.append(list(chosen))
    return out


def distinct_seconds(groups: Sequence[Target], combo: Sequence[Sequence[str]]) -> bool:
    """Whether every "second target" group of ``combo`` avoids the targets of the groups before it."""
    seen: set[str] = set()
    for target, chosen in zip(groups, combo, strict=True):
        if target.second and seen & set(chosen):
            return False
        seen.update(chosen)
    return True


def is_legal_host(s: GameState, addition: str, host: str) -> bool:
    """Whether an addition may be added to ``host`` (7.2 p3, 10.1 p2)."""
    if host not in s.objects or s.objects[host].zone not in ("field", "ruler_area"):
        return False
    sub = s.cards[s.objects[addition].card].subtype
    kind = effective_type(s, host)
    allowed = {
        "resonator": {"resonator"},
        "j_ruler": {"j_ruler"},
        "ruler": {"ruler"},
        "j_resonator": {"resonator", "j_ruler"},
        "j_ruler_or_ruler": {"ruler", "j_ruler"},
    }.get(sub or "", set())
    return kind in allowed


def addition_target(sub: str | None) -> Target:
    types: dict[str, list[Any]] = {
        "resonator": ["resonator"],
        "j_ruler": ["j_ruler"],
        "ruler": ["ruler"],
        "j_resonator": ["resonator", "j_ruler"],
        "j_ruler_or_ruler": ["ruler", "j_ruler"],
    }
    zone = "ruler_area" if sub == "ruler" else "field"
    return Target.model_validate({"kind": "chosen", "filter": {"zone": zone, "types": types.get(sub or "", [])}})


# --- damage, destruction (10.6, 10.9, 10.17) ----------------------------------------------


def deal_damage(
    ctx: Ctx, source: str, target: str, amount: int, cause: str, *, battle: bool = False, rule: str = "10.6 p1"
) -> str:
    s = ctx.s
    if amount <= 0:
        return cause
    to_card = target not in s.players
    if to_card:
        obj = s.objects[target]
        if obj.zone != "field" or characteristics(s, target).def_ is None:
            return cause  # no DEF: no damage (10.6 p4)
    if source in s.objects:
        # "it deals that much +200 instead", "double that much", "it's dealt to this card instead":
        # replacements that are no prevention apply first, each once, in the order chosen (9.10 p2.1)
        steps, ctx.replacement_next, _ = plan_damage(
            s, source, target, amount, ctx.replacement_picks, ctx.replacement_next, can_ask=False
        )
        for (effect, kind, _), new_target, new_amount in steps:
            data = {"source": source, "target": target, "amount": amount, "instead": new_amount}
            if kind == "to":
                data["to"] = new_target
            cause = ctx.emit("DamageReplaced", {**data, "effect": effect}, "9.10 p1", cause=cause)
            target, amount = new_target, new_amount
        to_card = target not in s.players
    # its own "Prevent all damage that would be dealt to this card [by X]", those of the additions
    # added to it ("... dealt to [or dealt by] added J/resonator") and those covering it or you
    # ("... to resonators you control", "If damage would be dealt to you ..., prevent 200 of it")
    preventions = _own_preventions(s, source, target, battle)
    # "Each turn, prevent the first damage ...": applies last, to what the others leave (9.10 p2.1)
    firsts = [(effect, ability) for effect, ability in preventions if ability.first_each_turn]
    preventions = [(effect, ability) for effect, ability in preventions if not ability.first_each_turn]
    for effect, ability in preventions:
        if ability.prevent_amount is not None or ability.prevent_at_most is not None or ability.prevent_below_def:
            continue  # "prevent 500 of it", "would be dealt 700 or less damage", "less than its DEF": below
        return ctx.emit(
            "DamagePrevented",
            {"target": target, "amount": amount, "effect": effect, "source": source},
            "10.17 p1.2",
            cause=cause,
        )
    cause, amount = _prevent_part(ctx, preventions, source, target, amount, cause)
    def_ = characteristics(s, target).def_ if to_card else None  # "damage less than its DEF"
    small = _prevents_small(preventions, amount, def_)
    if amount <= 0 or small is not None:
        return cause if small is None else _prevent_all(ctx, small, source, target, amount, cause)
    for eff in list(s.effects):
        shielded = is_affected(s, eff, source if eff.by else target)  # "dealt by" / "dealt to"
        if eff.kind == "prevent" and shielded and amount > 0:
            prevented = amount if eff.amount is None else min(eff.amount, amount)
            cause = ctx.emit(
                "DamagePrevented",
                {"target": target, "amount": prevented, "effect": eff.id, "source": source},
                "10.17 p1.1" if eff.amount is not None else "10.17 p1.2",
                cause=cause,
            )
            amount -= prevented
            if eff.counter_per_100 is not None and to_card and prevented >= 100:  # "... this way, put a
                # [+100/+100] counter on it" for each 100 (10.21 p1)
                counters = {"oid": target, "counter": eff.counter_per_100, "count": prevented // 100}
                cause = ctx.emit("CounterPut", counters, "10.21 p1", cause=cause)
    if amount <= 0:
        return cause
    small = _prevents_small(preventions, amount, def_)
    if small is not None:  # reduced to "700 or less" by a prevention effect: not yet applied, it applies (9.10 p3)
        return _prevent_all(ctx, small, source, target, amount, cause)
    first = _first_each_turn(s, firsts)
    if first is not None:  # "the first damage" this turn: prevented, and no longer (10.17 p1.2)
        data = {"target": target, "amount": amount, "effect": first[0], "source": source}
        data.update(player=first[1], once_per_turn_key=first[2])
        return ctx.emit("DamagePrevented", data, "10.17 p1.2", cause=cause)
    ev = ctx.emit(
        "DamageDealt",
        {"source": source, "target": target, "amount": amount, "battle": battle, "to_card": to_card},
        rule,
        cause=cause,
    )
    if to_card:
        ctx.damage_cause[target] = ev
    else:
        life = s.players[target].life - amount
        life = -((-life) // 100) * 100  # fractions are rounded up to the nearest hundred (1.5 p4.1)
        ev = ctx.emit("LifeChanged", {"player": target, "delta": -amount, "life": life}, "10.6 p2", cause=ev)
    for oid in (source, target) if to_card else (source,):  # "When it deals or is dealt damage this turn"
        if oid in s.objects:
            check_delayed_on(ctx, "it_deals_or_is_dealt_damage", oid, s.objects[oid].zone_since, ev)
    if source in s.objects:  # "Whenever this card deals damage this turn, you gain that much life"
        check_delayed_on(ctx, "this_card_deals_damage", source, s.objects[source].zone_since, ev, amount=amount)
    if source in s.objects:  # "Whenever this card deals damage [to your opponent]" (9.6 p5)
        check_triggers(ctx, "deals_damage", ev, oid=source, amount=amount)
        if not to_card:
            check_triggers(ctx, "deals_damage_to_opponent", ev, oid=source, player=target)
        elif effective_type(s, target) == "resonator":
            check_triggers(ctx, "deals_damage_to_resonator", ev, oid=source, amount=amount, subject=target)
    # "Whenever this card is dealt damage" / "Whenever damage is dealt to you" (9.6 p5)
    if to_card:
        check_triggers(ctx, "dealt_damage", ev, oid=target, amount=amount)
        if source in s.objects and effective_type(s, source) == "resonator":  # "a resonator deals damage to this card"
            check_triggers(ctx, "dealt_damage_by_resonator", ev, oid=target, amount=amount, subject=source)
    else:
        check_triggers(ctx, "damage_dealt_to_you", ev, player=target, amount=amount)
    # [Explode] (11.4) triggers on battle damage by a resonator; it does not apply to J-rulers (11.4 p2)
    explodes = battle and to_card and source in s.objects and "explode" in characteristics(s, source).skills
    if explodes and effective_type(s, source) == "resonator":
        add_trigger(ctx, s.objects[source].controller, source, -1, ev, kind="explode", extra={"target": target})
    return ev


Replacement = tuple[str, str, Any]
"""A replacement of damage other than a prevention: (``<card>:<index>`` or effect id, kind, value) -
``more`` (+value), ``double``, ``to`` (dealt to the card ``value`` instead)."""


def damage_replacements(s: GameState, source: str, target: str) -> list[Replacement]:
    """The replacement effects other than preventions that apply to damage ``source`` would deal to
    ``target`` (FoW-5.5 9.10 p1): "it deals that much +200 instead" on the source, its own "If this card
    would deal damage to your opponent or to a resonator, it deals double that much instead", and "If
    damage would be dealt to a "Queen of Hearts" you control [to you], it's dealt to this card instead"
    of a J/resonator in a field (one with DEF that is not the target itself, 10.6 p4)."""
    out: list[Replacement] = [(effect, "more", extra) for effect, extra in damage_increases(s, source)]
    # "the next damage this card would deal this turn is dealt to you instead": to the effect's controller
    out += [(e.id, "to", e.controller) for e in s.effects if e.kind == "redirect_dealt" and is_affected(s, e, source)]
    obj = s.objects[source]
    if obj.zone == "field":
        for i, ability in characteristics(s, source).abilities:
            doubles = ability.instead == "deal_double" and _doubles_to(s, source, target, ability.damage_to)
            if doubles and replacement_applies(s, ability, source):
                out.append((f"{source}:{i}", "double", 0))
    granting = grants_abilities(s)
    for player in s.order:
        for oid in s.zones[player]["field"]:
            card = s.card_of(oid)
            if oid == target or not is_active_zone(card, "field"):
                continue
            if not granting and not any(a.instead == "redirect" for a in card.abilities):
                continue  # no such ability printed nor granted: its characteristics need not be read
            chars = characteristics(s, oid)
            if chars.def_ is None:
                continue
            for i, ability in chars.abilities:
                if ability.instead != "redirect" or ability.affects is None:
                    continue
                if ability.affects.kind == "you":
                    covered = target == s.objects[oid].controller
                else:
                    covered = target in s.objects and covers(s, oid, ability.affects, target)
                if covered and replacement_applies(s, ability, oid):
                    out.append((f"{oid}:{i}", "to", oid))
    return out


def _doubles_to(s: GameState, source: str, target: str, kinds: Sequence[str]) -> bool:
    """ "If this card would deal damage to your opponent or to a resonator": whether ``target`` is one."""
    if not kinds:
        return True
    if target in s.players:
        return "opponent" in kinds and target != s.objects[source].controller
    return "resonator" in kinds and effective_type(s, target) == "resonator"


def _replaced(option: Replacement, target: str, amount: int) -> tuple[str, int]:
    _, kind, value = option
    if kind == "more":
        return target, amount + int(value)
    if kind == "double":
        return target, amount * 2
    return str(value), amount


def _outcomes(s: GameState, source: str, target: str, amount: int, applied: frozenset[str]) -> set[tuple[str, int]]:
    """Every (target, amount) the remaining replacements can lead to, over every order of applying
    them (each once, FoW-5.5 9.10 p3); a replacement that stops applying is not applied."""
    options = [o for o in damage_replacements(s, source, target) if o[0] not in applied]
    if not options:
        return {(target, amount)}
    found: set[tuple[str, int]] = set()
    for option in options:
        new_target, new_amount = _replaced(option, target, amount)
        found |= _outcomes(s, source, new_target, new_amount, applied | {option[0]})
    return found


def plan_damage(
    s: GameState, source: str, target: str, amount: int, picks: Sequence[str], start: int, *, can_ask: bool
) -> tuple[list[tuple[Replacement, str, int]], int, list[str] | None]:
    """The replacements other than preventions applied to damage ``source`` would deal to ``target``, in
    order, with the target and amount after each; the index of the next unused pick; and, when two or
    more apply and the order changes what is dealt, with no pick left among them, the question (their
    ids) for the controller of the source (FoW-5.5 9.10 p2.1).  Without ``can_ask`` the first applies."""
    steps: list[tuple[Replacement, str, int]] = []
    applied: frozenset[str] = frozenset()
    while True:
        options = [o for o in damage_replacements(s, source, target) if o[0] not in applied]
        if not options:
            return steps, start, None
        pick = options[0]
        if len(options) > 1 and len(_outcomes(s, source, target, amount, applied)) > 1:
            ids = [o[0] for o in options]
            if start < len(picks) and picks[start] in ids:
                pick = options[ids.index(picks[start])]
                start += 1
            elif can_ask:
                return steps, start, ids
        target, amount = _replaced(pick, target, amount)
        steps.append((pick, target, amount))
        applied |= {pick[0]}


def ask_replacement_order(ctx: Ctx, events: Sequence[tuple[str, str, int]], cause: str, where: dict[str, Any]) -> bool:
    """Before damage events are dealt (``events``: source, target, amount): if the order of the
    replacements applying to one of them changes what is dealt and the picks made so far do not say
    it, ask the controller of its source which applies first (FoW-5.5 9.10 p2.1) and return True."""
    s = ctx.s
    start = ctx.replacement_next
    for source, target, amount in events:
        if amount <= 0 or source not in s.objects:
            continue
        if target not in s.players and (target not in s.objects or s.objects[target].zone != "field"):
            continue
        _, start, question = plan_damage(s, source, target, amount, ctx.replacement_picks, start, can_ask=True)
        if question is not None:
            asked = {**where, "source": source, "target": target, "amount": amount, "choices": question}
            asked["chosen"] = list(ctx.replacement_picks[ctx.replacement_next :])
            player = s.objects[source].controller
            ctx.ask(player, "replacement", asked, "9.10 p2.1", cause=cause)
            return True
    return False


def _asks_replacements(ctx: Ctx, item: ChaseItem, dealing: Sequence[tuple[str, str, int]], cause: str) -> bool:
    """Before an effect of ``item`` deals its damage: ask which replacement applies first where the
    order matters (FoW-5.5 9.10 p2.1); the effect then waits for the answer (``ChooseReplacement``)."""
    if not ctx.replacement_asks:
        return False
    return ask_replacement_order(ctx, dealing, cause, {"item": item.id})


def _dealt_by_target(s: GameState, t: str) -> int:
    """ "X is the damage it dealt this turn": that object's (3.1 p3)."""
    return s.objects[t].dealt if t in s.objects and s.objects[t].dealt_turn == s.turn else 0


def _own_preventions(s: GameState, source: str, target: str, battle: bool) -> list[tuple[str, Ability]]:
    """The ``self_damaged`` preventions that apply to damage ``source`` would deal to ``target``, each
    as (``<card>:<index>``, ability): those of the card dealt damage and of its additions, those of
    the additions added to the source that also cover what it deals ("dealt to or dealt by added
    resonator"), and those of cards in a playground whose ``affects`` covers the target (a card, or
    their controller: "you"); only battle or non-battle damage where they say so (8.4, 8.5)."""
    found: list[tuple[str, Ability]] = []

    def prevents(ability: Ability) -> bool:
        if ability.kind != "replacement" or ability.replaces != "self_damaged" or ability.instead != "prevent":
            return False
        return ability.damage_battle is None or ability.damage_battle == battle

    def applies(holder: str, i: int, ability: Ability) -> None:
        if _damage_from(s, ability.damage_from, source, holder) and replacement_applies(s, ability, holder):
            found.append((f"{holder}:{i}", ability))

    to_card = target not in s.players
    holders = [target] + [a for a, o in s.objects.items() if o.attached_to == target and o.zone == "field"]
    for holder in holders if to_card else []:
        for i, ability in characteristics(s, holder).abilities:
            if prevents(ability) and ability.affects is None:
                applies(holder, i, ability)
    if source in s.objects and s.objects[source].zone == "field":  # "... or dealt by added resonator"
        for holder in [a for a, o in s.objects.items() if o.attached_to == source and o.zone == "field"]:
            for i, ability in characteristics(s, holder).abilities:
                if prevents(ability) and ability.or_dealt_by and (not to_card or holder not in holders):
                    applies(holder, i, ability)
    granting = grants_abilities(s)
    for player in s.order:
        for zone in ("field", "ruler_area", "stone_area"):
            for oid in s.zones[player][zone]:
                card = s.card_of(oid)
                if not is_active_zone(card, zone) or effective_type(s, oid) == "astral_ruler":
                    continue
                printed = list(card.abilities) + (list(card.awakening.abilities) if card.awakening else [])
                if not granting and not any(a.replaces == "self_damaged" and a.affects for a in printed):
                    continue  # no such ability printed nor granted: its characteristics need not be read
                for i, ability in characteristics(s, oid).abilities:
                    if not (prevents(ability) and ability.affects is not None):
                        continue
                    if ability.affects.kind == "you":
                        covered = target == s.objects[oid].controller
                    else:
                        covered = to_card and covers(s, oid, ability.affects, target)
                    if covered:
                        applies(oid, i, ability)
    return found


def _first_each_turn(s: GameState, firsts: list[tuple[str, Ability]]) -> tuple[str, str, str] | None:
    """The first "Each turn, prevent the first damage that would be dealt to ..." that has not applied
    this turn (as the object its card is, 3.1 p3): (its ``<card>:<index>``, its controller, the key
    recording it in their ``once_per_turn_used``)."""
    for effect, _ in firsts:
        holder = effect.rsplit(":", 1)[0]
        obj = s.objects[holder]
        key = f"first_damage:{effect}@{obj.zone_since}"
        if key not in s.players[obj.controller].once_per_turn_used:
            return effect, obj.controller, key
    return None


def _prevent_part(
    ctx: Ctx, preventions: list[tuple[str, Ability]], source: str, target: str, amount: int, cause: str
) -> tuple[str, int]:
    """ "If damage would be dealt to this card, prevent 500 of it": each such replacement reduces the
    damage by its amount and the remainder is dealt (FoW-5.5 10.17 p1.1); all apply, once each (9.10 p3)."""
    for effect, ability in preventions:
        if ability.prevent_amount is None or amount <= 0:
            continue
        prevented = min(ability.prevent_amount, amount)
        data = {"target": target, "amount": prevented, "effect": effect, "source": source}
        cause = ctx.emit("DamagePrevented", data, "10.17 p1.1", cause=cause)
        amount -= prevented
    return cause, amount


def _prevents_small(preventions: list[tuple[str, Ability]], amount: int, def_: int | None) -> str | None:
    """The replacement "If this card would be dealt 700 or less damage, prevent it" (or "... damage less
    than its DEF", ``def_`` being the DEF of the card it would be dealt to) that applies to ``amount``
    damage (after the preventions that reduce it), if any."""
    if amount <= 0:
        return None
    for effect, ability in preventions:
        if ability.prevent_at_most is not None and amount <= ability.prevent_at_most:
            return effect
        if ability.prevent_below_def and def_ is not None and amount < def_:
            return effect
    return None


def _prevent_all(ctx: Ctx, effect: str, source: str, target: str, amount: int, cause: str) -> str:
    data = {"target": target, "amount": amount, "effect": effect, "source": source}
    return ctx.emit("DamagePrevented", data, "10.17 p1.2", cause=cause)


def _damage_from(s: GameState, flt: Filter | None, source: str, holder: str) -> bool:
    """Whether damage from ``source`` is of the kind a replacement names ("by fire resonators"); a
    source no longer in the field is read as it was (9.11): its printed characteristics."""
    if flt is None:
        return True
    if source not in s.objects:
        return False  # a player deals no damage
    if s.objects[source].zone == flt.zone:
        return matches(s, flt, source, s.objects[holder].controller)
    return _filter_match(s, flt, source) and flt.controller == "any"


def destroy(
    ctx: Ctx,
    oid: str,
    cause: str,
    *,
    rule: str = "10.9 p1",
    by_rule_process: bool = False,
    detail: dict[str, Any] | None = None,
) -> str:
    s = ctx.s
    obj = s.objects[oid]
    if obj.zone == "standby":  # "Destroy target card in a chant-standby area": the text says so (1.4 p1)
        return move(ctx, oid, "graveyard", cause, rule="1.4 p1", reason="destroyed")
    if obj.zone not in ("field", "stone_area", "ruler_area"):
        return cause
    if overrides_for(s, oid).cannot_be_destroyed:
        return ctx.emit("DestructionIgnored", {"oid": oid}, "10.9 p3", cause=cause)
    if obj.zone == "ruler_area" and effective_type(s, oid) == "ruler":
        return cause  # only "destroy ruler" destroys a ruler (10.9 p2)
    if obj.zone == "ruler_area":
        return cause  # an astral ruler: only a card in a field or magic stone area is destroyed (10.9 p1)
    chars = characteristics(s, oid)
    for _, ability in chars.abilities:
        if (
            ability.kind == "replacement"
            and ability.replaces == "self_destroyed"
            and replacement_applies(s, ability, oid)
        ):
            if ability.instead == "return_to_hand":
                return move(ctx, oid, "hand", cause, rule="9.10 p1", reason="destroyed (replaced)")
            if ability.instead == "remove_from_game":
                return move(ctx, oid, "removed", cause, rule="9.10 p1", reason="destroyed (replaced)")
    for addition in [a for p in s.order for a in s.zones[p]["field"] if s.objects[a].attached_to == oid]:
        # "If added resonator would be destroyed, banish this card instead. If you do, remove all
        # damage from that resonator." (9.10 p1): the addition's controller banishes it (10.10)
        for _, ability in characteristics(s, addition).abilities:
            if ability.kind != "replacement" or ability.replaces != "host_destroyed":
                continue
            if not replacement_applies(s, ability, addition):
                continue
            actor = s.objects[addition].controller
            ev = move(ctx, addition, "graveyard", cause, rule="9.10 p1", reason="banish", actor=actor)
            if ability.remove_damage and s.objects[addition].zone == "graveyard" and obj.damage:  # "If you do"
                ev = ctx.emit("DamageCleared", {"oids": [oid]}, "9.10 p1", cause=ev)
            return ev
    if obj.side == "j_ruler":
        # a destroyed J-ruler goes to the ruler area (10.9 p1); [Imperishable] turns it ruler side up (11.7)
        if "imperishable" in chars.skills:
            ev = move(ctx, oid, "ruler_area", cause, rule="11.7 p1", reason="destroyed", side="front")
        else:
            ev = move(ctx, oid, "ruler_area", cause, rule="10.9 p1", reason="destroyed", side="j_ruler")
        if obj.zone == "ruler_area":
            check_triggers(ctx, "card_destroyed", ev, oid=oid)  # a J-ruler is destroyed too (10.9 p1)
        if obj.zone == "ruler_area" and obj.damage:
            # a ruler or astral ruler is no J/resonator: it holds no damage (10.6 p1), so a
            # J-ruler put into the field again by judgment comes back undamaged
            ev = ctx.emit("DamageCleared", {"oids": [oid]}, "10.6 p1", cause=ev)
        return ev
    extra: dict[str, Any] = {"detail": detail} if detail else {}
    since = obj.zone_since  # the object destroyed, as it was in the field (3.1 p3)
    ev = move(ctx, oid, "graveyard", cause, rule=rule, reason="destroyed", **extra)
    if s.objects[oid].zone == "graveyard":
        check_delayed_on(ctx, "it_is_destroyed", oid, since, ev)  # "When that resonator is destroyed this turn"
        check_triggers(ctx, "destroyed", ev, oid=oid)
        check_triggers(ctx, "card_destroyed", ev, oid=oid)
    return ev


# --- triggers (9.6) -----------------------------------------------------------------------


def add_trigger(
    ctx: Ctx,
    controller: str,
    source: str,
    ability: int,
    cause: str,
    *,
    kind: str = "ability",
    extra: Any = None,
    rule: str | None = None,
) -> str:
    data: dict[str, Any] = {
        "trigger": ctx.fresh_id("t"),
        "controller": controller,
        "source": source,
        "ability": ability,
        "kind": kind,
    }
    if extra:
        data["extra"] = extra
    rules = {"ability": "9.6 p5", "explode": "11.4 p1", "card": "7.9 p2", "stealth": "12.5 p2", "delayed": "9.6 p8"}
    return ctx.emit("AbilityTriggered", data, rule or rules[kind], cause=cause)


_LEAVES_FIELD = (
    "banished_by_incarnation",
    "destroyed",
    "put_into_graveyard_from_field",
    "card_put_into_graveyard_from_field",
    "card_destroyed",
    "leaves_field",
)


_ENTERING = ("enter", "enters_field", "card_enters_field", "enters_field_from_standby")
"""Trigger conditions a card entering a field meets (9.6 p1)."""


def check_triggers(
    ctx: Ctx,
    kind: str,
    cause: str,
    *,
    player: str | None = None,
    oid: str | None = None,
    amount: int | None = None,
    subject: str | None = None,
) -> None:
    """Make automatic abilities whose trigger condition ``kind`` happened triggered (9.6 p5);
    ``amount`` (the damage dealt) is recorded on them for "that much", ``subject`` (the object
    the condition names) for "that resonator"."""
    s = ctx.s
    if kind == "card_enters_field" and oid is not None:
        _graveyard_triggers(ctx, kind, cause, oid)
    # "Entities entering the field under your opponent's control don't cause their own abilities to
    # trigger" (the card text beats 9.6 p5, 1.4 p1): none of the entering card's own abilities triggers
    quiet = (
        oid
        if kind in _ENTERING
        and oid is not None
        and s.objects[oid].zone == "field"
        and own_enter_triggers_suppressed(s, oid)
        else None
    )
    if kind == "removed_from_main_deck" and oid is not None:
        _removed_from_deck_triggers(ctx, kind, cause, oid)
    for pid in list(s.order):
        for zone in ("field", "ruler_area", "stone_area"):
            for src in list(s.zones[pid][zone]):
                obj = s.objects[src]
                if not is_active_zone(s.card_of(src), obj.zone) or effective_type(s, src) == "astral_ruler":
                    continue
                if src == quiet:
                    continue
                for i, ability in characteristics(s, src).abilities:
                    if ability.kind == "automatic" and _ability_fires(s, ability, kind, src, pid, player, oid):
                        flt = ability.subject_filter  # "deals damage to a resonator your opponent controls"
                        if flt is not None and (subject is None or not matches(s, flt, subject, pid, src)):
                            continue
                        key = f"{src}:{i}"
                        if ability.once_per_turn and key in s.players[obj.controller].once_per_turn_used:
                            continue  # "This ability triggers only once per turn" (9.6 p4)
                        extra: dict[str, Any] = {"amount": amount} if amount is not None else {}
                        if ability.once_per_turn:
                            extra["once_per_turn_key"] = key
                        if subject is not None:
                            extra["target"] = subject
                        add_trigger(ctx, obj.controller, src, i, cause, extra=extra or None)
        if kind not in _LEAVES_FIELD:
            _standby_triggers(ctx, pid, kind, cause, player)
        if kind in STANDBY_CARD_TRIGGERS and oid is not None:
            _standby_card_triggers(ctx, pid, kind, cause, oid)
    if kind in _LEAVES_FIELD and oid is not None:
        # "when this card is destroyed" / "is put into a graveyard from your field": refers to
        # the card as it was in the field (9.6 p7.2)
        card = s.card_of(oid)
        controller = str((s.objects[oid].last_known or {}).get("controller", s.objects[oid].owner))
        if (s.objects[oid].last_known or {}).get("lost_abilities"):
            return  # it had lost all abilities as it left (9.11)
        for i, ability in enumerate(card.abilities):
            flt = ability.trigger_filter
            fits = flt is None or moved_matches(s, flt, oid, controller, oid)
            if ability.kind == "automatic" and ability.trigger == kind and fits and not ability.host_trigger:
                key = f"{oid}:{i}"
                if ability.once_per_turn and key in s.players[controller].once_per_turn_used:
                    continue
                add_trigger(
                    ctx, controller, oid, i, cause, extra={"once_per_turn_key": key} if ability.once_per_turn else None
                )


def _removed_from_deck_triggers(ctx: Ctx, kind: str, cause: str, oid: str) -> None:
    """ "When this card in your main deck is removed from the game, put it into your field.": the text
    makes the ability work in the main deck (9.2 p2); it refers to the card in the removed area, the public
    zone it went to (9.6 p7.1), and its owner controls it there (3.1 p5)."""
    s = ctx.s
    owner = s.objects[oid].owner
    for i, ability in enumerate(s.card_of(oid).abilities):
        if ability.kind == "automatic" and ability.trigger == kind:
            add_trigger(ctx, owner, oid, i, cause)


def _graveyard_triggers(ctx: Ctx, kind: str, cause: str, oid: str) -> None:
    """Automatic abilities whose text makes them work in their owner's graveyard ("[Continuous]: When
    you put a Treasury Item into a field, put this card from your graveyard into your hand", 9.2 p2):
    a card entering its controller's field is the one that player put there."""
    s = ctx.s
    for pid in list(s.order):
        for src in list(s.zones[pid]["graveyard"]):
            for i, ability in enumerate(s.card_of(src).abilities):
                if ability.kind != "automatic" or not ability.from_graveyard or ability.trigger != kind:
                    continue
                if moved_matches(s, ability.trigger_filter or Filter(), oid, pid, src):
                    add_trigger(ctx, pid, src, i, cause, extra={"target": oid})  # "that resonator" (9.6 p7)


def _ability_fires(
    s: GameState, ability: Ability, kind: str, src: str, controller: str, player: str | None, oid: str | None
) -> bool:
    more = _more_fires(s, ability, kind, src, controller, player, oid)
    return _fires(s, ability.trigger or "", kind, src, controller, player, oid) if more is None else more


def _fires(
    s: GameState, trigger: str, kind: str, src: str, controller: str, player: str | None, oid: str | None
) -> bool:
    if trigger != kind:
        return False
    if kind in ("attacks", "blocks", "enter", "enters_field"):
        return oid == src
    if kind in ("beginning_of_turn", "beginning_of_end_phase", "you_play_resonator", "you_play_summon_spell_from_hand"):
        return player == controller
    if kind == "you_play_chant":  # "When you play a [Spell:Chant] or [Spell:Chant-Instant] card"
        return player == controller
    if kind == "you_awaken":  # "Whenever you awaken a card": you play a card paying its [Awakening] cost (12.1)
        return player == controller
    if kind in ("opponent_plays_spell", "opponent_attacks", "opponent_attacks_you"):
        return player is not None and player != controller
    if kind in ("opponent_discards", "your_j_resonator_attacked", "opponent_resonator_attacks_or_blocks"):
        return player is not None and player != controller
    if kind == "you_attack":  # "When a J/resonator you control attacks" (8.2 p3)
        return player == controller
    return False


def _standby_triggers(ctx: Ctx, pid: str, kind: str, cause: str, player: str | None) -> None:
    """Chant-standby cards (7.9) and [Stealth] cards (12.5) in the chant-standby area."""
    s = ctx.s
    if kind in ("enter", "enters_field", "attacks", "blocks"):
        return
    for src in s.zones[pid]["standby"]:
        obj = s.objects[src]
        card = s.cards[obj.card]
        already = any(t.source == src for t in s.triggered)
        if already:
            continue  # an automatic card doesn't trigger again (7.9 p2.1)
        # a state the happening needs: "At the end of a turn you're dealt damage"
        cond = card.trigger_condition
        if cond is not None and not conditions.condition_met(s, cond, pid, src):
            continue
        if card.stealth and _fires(s, card.stealth, kind, src, pid, player, None):
            add_trigger(ctx, pid, src, -1, cause, kind="stealth")
        elif (
            card.type == "spell"
            and card.subtype == "chant_standby"
            and card.trigger not in (None, "anytime")
            and obj.standby_turn < s.turn  # not in the turn it was put there (7.9 p5)
            and _card_fires(s, str(card.trigger), kind, src, pid, player)
        ):
            add_trigger(ctx, pid, src, -1, cause, kind="card")


def _standby_card_triggers(ctx: Ctx, pid: str, kind: str, cause: str, oid: str) -> None:
    """Chant-standby cards of ``pid`` whose [Trigger] condition names another card ("[Trigger] When a
    resonator you control is destroyed", 7.9 p2): the card ``oid`` matches their ``trigger_filter`` as
    it was in the field (9.6 p7.2); the trigger records it for "the destroyed resonator" (9.6 p5)."""
    s = ctx.s
    for src in list(s.zones[pid]["standby"]):
        obj = s.objects[src]
        card = s.cards[obj.card]
        if card.type != "spell" or card.subtype != "chant_standby" or card.trigger != kind:
            continue
        if obj.standby_turn >= s.turn or any(t.source == src for t in s.triggered):
            continue  # not in the turn it was put there (7.9 p5); not again once triggered (7.9 p2.1)
        if card.trigger_filter is None or not moved_matches(s, card.trigger_filter, oid, pid, src):
            continue
        cond = card.trigger_condition
        if cond is not None and not conditions.condition_met(s, cond, pid, src):
            continue
        add_trigger(ctx, pid, src, -1, cause, kind="card", extra={"target": oid})


def _card_fires(s: GameState, trigger: str, kind: str, src: str, pid: str, player: str | None) -> bool:
    if trigger == kind == "end_of_each_turn":  # "At the end of a turn" (5.4 p3)
        return player is not None
    return _fires(s, trigger, kind, src, pid, player, None)


def check_status_triggers(ctx: Ctx, cause: str) -> str:
    """Status automatic cards (FoW-5.5 9.6 p9): a chant-standby card whose [Trigger] condition
    (7.9 p2, not in the turn it was put there, 7.9 p5) or a card whose [Stealth] condition
    (12.5 p2) is a state triggers while that state holds and it is not already triggered
    (9.6 p9.1); one its player chose not to reveal waits for the state to lapse or the game to
    move on (``GameState.status_declined``)."""
    s = ctx.s
    for pid in list(s.order):
        for src in list(s.zones[pid]["standby"]):
            obj = s.objects[src]
            card = s.cards[obj.card]
            cond = card.trigger_condition
            if cond is None:
                continue
            stealth = card.stealth == "status"
            if not stealth and not (card.trigger == "status" and obj.standby_turn < s.turn):
                continue
            if not conditions.condition_met(s, cond, pid, src):
                if src in s.status_declined:
                    cause = ctx.emit("StatusLapsed", {"oid": src}, "9.6 p9.1", cause=cause)
                continue
            if src in s.status_declined or any(t.source == src for t in s.triggered):
                continue
            cause = add_trigger(ctx, pid, src, -1, cause, kind="stealth" if stealth else "card")
    return _status_abilities(ctx, cause)


def _status_abilities(ctx: Ctx, cause: str) -> str:
    """Status automatic abilities of cards in a field or a magic stone area ("When you control a
    J-Ruler, banish this card", FoW-5.5 9.6 p9): each triggers while its status holds for its
    controller and it is not already triggered (9.6 p9.1) - nor waiting on the chase to resolve,
    so that a status its own resolution ends does not trigger it again meanwhile."""
    s = ctx.s
    for pid in list(s.order):
        for zone in ("field", "stone_area"):
            for src in list(s.zones[pid][zone]):
                obj = s.objects[src]
                printed = s.card_of(src)
                if not any(a.trigger == "status" for a in printed.abilities) or not is_active_zone(printed, obj.zone):
                    continue  # (no effect grants a status ability)
                for i, ability in characteristics(s, src).abilities:
                    if ability.trigger != "status" or ability.condition is None:
                        continue
                    waiting = any(t.source == src and t.ability == i for t in s.triggered) or any(
                        c.kind == "ability" and c.source == src and c.ability == i for c in s.chase
                    )
                    if waiting or not conditions.condition_met(s, ability.condition, obj.controller, src):
                        continue
                    cause = add_trigger(ctx, obj.controller, src, i, cause, rule="9.6 p9.1")
    return cause


def check_delayed(ctx: Ctx, at: str, cause: str) -> None:
    """Delayed automatic abilities created this turn for ``at`` trigger, once only (9.6 p8.1)."""
    s = ctx.s
    for delayed in list(s.delayed):
        if delayed.at in (at, f"next_{at}") and delayed.turn == s.turn and not delayed.fired:
            extra = {"target": delayed.id}
            add_trigger(ctx, delayed.controller, delayed.source, -1, cause, kind="delayed", extra=extra)


def check_delayed_on(ctx: Ctx, at: str, oid: str, since: int, cause: str, *, amount: int | None = None) -> None:
    """Delayed automatic abilities of this turn watching the object ``oid`` (as the object it was
    with ``zone_since`` ``since``, 3.1 p3) for ``at`` ("When it deals or is dealt damage this
    turn", "When that resonator is destroyed this turn"): they trigger once only (9.6 p8.1), those saying
    "whenever" each time ("Whenever this card deals damage this turn"), ``amount`` recorded for "that much"."""
    s = ctx.s
    for delayed in list(s.delayed):
        watched = [oid, since] in [list(o) for o in delayed.objects]
        if delayed.at == at and delayed.turn == s.turn and not delayed.fired and watched:
            extra: dict[str, Any] = {"target": delayed.id}
            if amount is not None:
                extra["amount"] = amount
            add_trigger(ctx, delayed.controller, delayed.source, -1, cause, kind="delayed", extra=extra)


def _delayed_effects(s: GameState, delayed_id: str | None) -> list[CardEffect]:
    found = next((d for d in s.delayed if d.id == delayed_id), None)
    return parse_effects(found.effects) if found is not None else []


def trigger_effects(s: GameState, trig: Triggered) -> list[CardEffect]:
    if trig.kind == "delayed":
        return _delayed_effects(s, trig.target)
    if trig.kind in ("card", "stealth"):
        return list(s.cards[s.objects[trig.source].card].effects)
    if trig.kind == "explode":
        return []
    return list(dict(characteristics_or_printed(s, trig.source)).get(trig.ability, Ability(kind="activate")).effects)


def characteristics_or_printed(s: GameState, oid: str) -> list[tuple[int, Ability]]:
    """Abilities of a card, falling back to printed ones when it has left play (9.6 p10); an
    ability it was granted still resolves after it lost it or left play (9.6 p10)."""
    chars = characteristics(s, oid)
    found = chars.abilities if chars.abilities else list(enumerate(s.card_of(oid).abilities))
    return found + granted_anywhere(s)


def auto_playable_trigger(ctx: Ctx, mine: Sequence[Triggered]) -> Triggered | None:
    """A lone triggered ability that needs no choice is played without asking (6.2 p3)."""
    if len(mine) != 1:
        return None
    trig = mine[0]
    if trig.kind in ("card", "stealth"):
        return None  # revealing a chant-standby card is the player's choice (7.9 p2)
    if chosen_groups(trigger_effects(ctx.s, trig)):
        return None
    return trig


def _search_field_instead(
    ctx: Ctx, item: ChaseItem, eff: Search, choice: Any, cause: str
) -> tuple[list[str], bool, str] | None:
    """The cards found, whether they go into the field instead of the hand, and the cause; None
    while the player is asked ("If your Ruler is X, you may put it into your field instead"):
    asked once the cards are found, when the condition holds and they can be in a field alone."""
    s = ctx.s
    you = item.controller
    if isinstance(choice, bool):  # the answer; the found cards are those the question named
        named = s.pending.options.get("cards") if s.pending is not None else None
        found = [str(o) for o in named] if isinstance(named, list) else []
        data = {"player": you, "item": item.id, "accepted": choice}
        return found, choice, ctx.emit("OptionChosen", data, "9.3 p3.2", cause=cause, actor=you)
    found = list(choice)
    if eff.added_instead:  # "you may put that card on to this card instead" (10.1 p1, p2)
        here = s.objects[item.source].zone == "field" and is_same_source(s, item)
        fits = here and all(is_legal_host(s, o, item.source) for o in found)
    else:
        fits = all(_fits_field_alone(s, o) for o in found)
    if eff.field_instead_if is None or not found or not fits:
        return found, False, cause
    if not conditions.condition_met(s, eff.field_instead_if, you, item.source, item=item):
        return found, False, cause
    asked = {"item": item.id, "source": item.source, "cards": found}
    ctx.ask(you, "optional", asked, "9.3 p3.2", cause=cause)
    return None


def known_source(s: GameState, source: str, triggered_by: str | None = None) -> dict[str, int]:
    """``{"source_since": ...}``, recorded as an ability is played: the ``zone_since`` of the object
    its source is then, the object "this card" names while it stays it ("put it into its owner's
    hand" after "When this card is put into a graveyard", "put this card from your graveyard into
    your hand"), or -1 when the card changed zones after the ability triggered: a new object the
    ability does not know (FoW-5.5 3.1 p3)."""
    obj = s.objects.get(source)
    if obj is None:
        return {}
    seq = triggered_by[3:] if triggered_by and triggered_by.startswith("ev:") else ""
    moved_after = seq.isdigit() and obj.zone_since > int(seq)
    return {"source_since": -1 if moved_after else obj.zone_since}


def play_trigger(ctx: Ctx, trig: Triggered, targets: Any, pay_with: Sequence[Any], cause: str, *, actor: str) -> str:
    s = ctx.s
    item_id = ctx.fresh_id("c")
    if trig.kind == "explode":
        return ctx.emit(
            "AbilityPlayed",
            {
                "item": item_id,
                "kind": "explode",
                "player": trig.controller,
                "source": trig.source,
                "ability": -1,
                "targets": [[_explode_target(ctx, trig)]],
                "trigger": trig.id,
                **chosen_since(s, [[_explode_target(ctx, trig)]]),
            },
            "11.4 p1",
            cause=cause,
            actor=actor,
        )
    effects = trigger_effects(s, trig)
    groups = chosen_groups(effects)
    name = s.card_of(trig.source).name
    if trig.kind in ("card", "stealth"):
        obj = s.objects[trig.source]
        card = s.cards[obj.card]
        if obj.zone != "standby":
            return ctx.emit("TriggerDiscarded", {"trigger": trig.id, "why": "moved"}, "9.6 p10", cause=cause)
        if cannot_play(s, trig.controller, card):  # a prohibition beats "play it" (1.4 p4)
            spell = "a summon spell" if card.type == "resonator" else "a normal spell"
            raise ctx.reject("rules/cannot_play", "1.4 p4", f"an effect forbids {trig.controller} to play {spell}")
        forbidden = forbidden_play(s, trig.controller, card, "standby")
        if forbidden is not None:  # "Your opponent cannot play cards from their chant-standby area" (1.4 p4)
            raise ctx.reject("rules/cannot_play", "1.4 p4", f"an effect forbids {trig.controller} to play {forbidden}")
        if trig.kind == "card":
            require_stones_shown(ctx, trig.controller, card)
        chosen = validate_targets(ctx, groups, targets, trig.controller, trig.source, name)
        cause = ctx.emit(
            "CardRevealed", {"oid": trig.source, "player": trig.controller}, "7.9 p2", cause=cause, actor=actor
        )
        cause = move(ctx, trig.source, "chase", cause, rule="9.3 p2.1", reason="play", actor=actor)
        cause = ctx.emit(
            "CardPlayed",
            {
                "item": item_id,
                "kind": "card",
                "player": trig.controller,
                "source": trig.source,
                "targets": chosen,
                "trigger": trig.id,
                "from": "standby",
                **chosen_since(s, chosen),
                **({"subject": trig.target} if trig.target is not None else {}),  # "the destroyed resonator"
                **_known_subject(s, trig),
            },
            "7.9 p4" if trig.kind == "card" else "12.5 p2",
            cause=cause,
            actor=actor,
        )
        if trig.kind == "card" and card.trigger_cost is not None:
            cause = produce_from_sources(ctx, trig.controller, pay_with, cause)
            cause = pay_will(ctx, trig.controller, card.trigger_cost, cause, card.name)
        if card.type != "resonator":  # a "normal spell" (3.13 p3)
            check_triggers(ctx, "you_play_normal_spell", cause, player=trig.controller)
        return check_targeted(ctx, cause)
    if groups and not all(g.up_to or legal_targets(s, g, trig.controller, trig.source) for g in groups):
        return ctx.emit("TriggerDiscarded", {"trigger": trig.id, "why": "no legal target"}, "9.6 p6", cause=cause)
    chosen = validate_targets(ctx, groups, targets, trig.controller, trig.source, f"{name}'s ability")
    if trig.kind == "delayed":  # no targets to choose: its objects were named as it was created
        played: dict[str, Any] = {"item": item_id, "kind": "ability", "player": trig.controller}
        played.update(source=trig.source, ability=-1, targets=[], trigger=trig.id, delayed=trig.target)
        if trig.amount is not None:  # "you gain that much life": the damage dealt as it triggered (9.6 p5)
            played["amount"] = trig.amount
        made = next((d for d in s.delayed if d.id == trig.target), None)
        if made is not None and made.source_since is not None:
            played["source_since"] = made.source_since
        return ctx.emit("AbilityPlayed", played, "9.6 p8", cause=cause, actor=actor)
    cause = ctx.emit(
        "AbilityPlayed",
        {
            "item": item_id,
            "kind": "ability",
            "player": trig.controller,
            "source": trig.source,
            "ability": trig.ability,
            "targets": chosen,
            "trigger": trig.id,
            **chosen_since(s, chosen),
            **({"amount": trig.amount} if trig.amount is not None else {}),
            **({"subject": trig.target} if trig.target is not None else {}),
            **_source_x(s, trig.source),
            **_known_subject(s, trig),
            **known_source(s, trig.source, trig.cause),
        },
        "9.6 p6",
        cause=cause,
        actor=actor,
    )
    return check_targeted(ctx, cause)


def _known_subject(s: GameState, trig: Triggered) -> dict[str, int]:
    """``{"subject_since": ...}`` for a trigger naming a card that went out of the field (the card
    where it went, while it stays there, 3.1 p3); nothing if it moved after the trigger."""
    obj = s.objects.get(trig.target or "")
    seq = trig.cause[3:] if trig.cause.startswith("ev:") else ""
    if obj is None or obj.zone in PLAYGROUND or not seq.isdigit() or obj.zone_since > int(seq):
        return {}
    return {"subject_since": obj.zone_since}


def check_targeted(ctx: Ctx, cause: str) -> str:
    """ "When this card becomes targeted by ...": each card chosen as a target of the card or
    ability just put into the chase area (the last item, its targets chosen as it was played,
    FoW-5.5 9.3 p2) triggers once for it (9.6 p1)."""
    s = ctx.s
    if not s.chase:
        return cause
    chosen = dict.fromkeys(t for group in s.chase[-1].targets for t in group if t in s.objects)
    for oid in chosen:
        check_triggers(ctx, "becomes_targeted", cause, oid=oid, player=s.chase[-1].controller)
    if chosen:  # "When a spell or ability your opponent controls targets a J/resonator you control": once
        # for that spell or ability, which the ability names ("cancel that spell or ability")
        check_triggers(ctx, "your_j_resonator_targeted", cause, subject=s.chase[-1].id)
    return cause


def _is_source_in_field(s: GameState, item: ChaseItem) -> bool:
    """For an effect lasting "as long as this card is in a field" (or as long as an ability of a
    card in a field is active): its source is there, as the object that played it (3.1 p3)."""
    return s.objects[item.source].zone == "field" and is_same_source(s, item)


def _is_source_rested(s: GameState, item: ChaseItem) -> bool:
    """For an effect lasting "as long as this card is rested": its source is rested in the field, as
    the object that played the ability (3.1 p3; otherwise the effect is not made, 9.9 p8)."""
    return _is_source_in_field(s, item) and s.objects[item.source].rested


def end_source_rested(ctx: Ctx, oids: Sequence[str], cause: str) -> str:
    """The effects lasting "as long as this card is rested" whose source is one of ``oids`` - just
    recovered, or gone from the field - end (9.9 p8: the condition is off)."""
    lasting = [e.id for e in ctx.s.effects if e.duration == "source_rested" and e.source in oids]
    return end_effects(ctx, lasting, "its source is no longer rested", "9.9 p8", cause) if lasting else cause


def removing_since(s: GameState, item: ChaseItem) -> int:
    """The ``zone_since`` of the object the source of ``item`` (an ability) was as it was played, or
    its present one for a log that did not record it: the object "removed from the game by this card"
    names (FoW-5.5 3.1 p3)."""
    if item.source_since is not None and item.source_since >= 0:
        return item.source_since
    obj = s.objects[item.source]
    return obj.zone_since if obj.zone in PLAYGROUND else (obj.playground_since or obj.zone_since)


def is_same_source(s: GameState, item: ChaseItem) -> bool:
    """Whether the source of ``item`` (an ability) is still the object it was as the ability was
    played: it has not changed zones since (FoW-5.5 3.1 p3). Always true for a card on the chase."""
    obj = s.objects.get(item.source)
    return obj is not None and (item.source_since is None or obj.zone_since == item.source_since)


def chosen_since(s: GameState, targets: Sequence[Sequence[str]]) -> dict[str, dict[str, int]]:
    """``{"target_since": ...}``, recorded as a card or ability is played: the ``object_since`` of
    each card chosen as a target (FoW-5.5 9.3 p2.4), so that on resolution a target that has
    become a new object is no longer legal (3.1 p3, 9.3 p3.1). Nothing when no card is targeted."""
    since = {t: s.objects[t].object_since for group in targets for t in group if t in s.objects}
    return {"target_since": since} if since else {}


def is_same_target(s: GameState, item: ChaseItem, oid: str) -> bool:
    """Whether the target ``oid`` of ``item`` is still the object it was as it was chosen: it has
    not changed zones since, other than from playground to playground (FoW-5.5 3.1 p3). True for
    a player, and for a log from before it was recorded."""
    obj = s.objects.get(oid)
    if obj is None or item.target_since is None or oid not in item.target_since:
        return True
    return obj.object_since == item.target_since[oid]


def _check_target_objects(ctx: Ctx, item: ChaseItem, cause: str) -> str:
    """On resolution the targets are checked (FoW-5.5 9.3 p3.1): a target that has become a new
    object since it was chosen (3.1 p3) is illegal; every effect involving it is not applied to
    it, while the other effects still resolve."""
    gone = [t for group in item.targets for t in group if not is_same_target(ctx.s, item, t)]
    if not gone:
        return cause
    data = {"item": item.id, "targets": list(dict.fromkeys(gone)), "why": "new object"}
    return ctx.emit("TargetsIllegal", data, "9.3 p3.1", cause=cause)


def _explode_target(ctx: Ctx, trig: Triggered) -> str:
    return trig.target or ""


# --- resolution (9.3 p3) ---------------------------------------------------------------


def item_effects(s: GameState, item: ChaseItem) -> list[Any]:
    """The steps ``item`` resolves, in order: its effects, with every ``may``/``if`` holding
    effects that wait for a choice flattened into a gate and those effects (9.3 p3.2)."""
    return conditions.flatten(_item_effects(s, item))


def _item_effects(s: GameState, item: ChaseItem) -> list[CardEffect]:
    if item.delayed is not None:
        return _delayed_effects(s, item.delayed)
    if item.kind == "card":
        card = s.card_of(item.source)
        effects = list(card.effects)
        if item.awakened and card.awakening is not None:
            effects += card.awakening.effects
        return conditions.expand(effects, item.modes)  # modes chosen on play (9.3 p2.3)
    if item.kind == "break":
        card = s.card_of(item.source)
        return [e for a in card.abilities if a.kind == "break" for e in a.effects]
    if item.kind == "ability":
        ability = dict(characteristics_or_printed(s, item.source)).get(item.ability, Ability(kind="activate"))
        return conditions.expand(ability.effects, item.modes)
    return []


NOT_PERFORMED = frozenset(
    {
        "ChoiceRequested",
        "OptionChosen",
        "ConditionChecked",
        "EffectsApplied",
        "DestructionIgnored",
        "DamagePrevented",
        "LifeGainPrevented",
        "CardMoveIgnored",
        "DamageReplaced",
        "CountersReplaced",
        "EntersRested",
        "TargetsIllegal",
    }
)
"""Events that record a choice, a check or an action that did not happen: an effect that
emitted only these was not performed ("If you do", FoW-5.5 9.3 p3)."""


def resolve_top(ctx: Ctx, cause: str, choice: Any = None) -> str | None:
    """Resolve the last item of the chase area; None if it paused for a player's choice."""
    s = ctx.s
    item = s.chase[-1]
    effects = item_effects(s, item)
    if item.resolved_effects == 0 and choice is None:
        cause = ctx.emit("ResolutionStarted", {"item": item.id, "source": item.source}, "6.4 p1.2", cause=cause)
        cause = _check_target_objects(ctx, item, cause)
    groups_before = 0
    did = False  # "If you do": whether the effect just before was performed
    previous: list[tuple[str, int]] = []  # the last single chosen target group ("it"), as objects
    those: list[str] = []  # what the last banish acted on ("If you banished a Human in this way")
    removed: list[str] = []  # what the last mill removed from the game ("the cards removed this way")
    dealt = 0  # the damage the effect just before dealt
    searched: list[tuple[str, int]] = []  # what the last search found ("the card you searched")
    skip_to = 0  # a declined "you may" / an unmet "if" skips the steps it holds
    if item.delayed is not None:  # a delayed ability's "that resonator" (9.6 p8)
        found = next((d for d in s.delayed if d.id == item.delayed), None)
        previous = [(str(o[0]), int(o[1])) for o in (found.objects if found is not None else [])]
    for i, eff in enumerate(effects):
        n = len(chosen_groups([eff]))
        mine = [item.targets[g] if g < len(item.targets) else [] for g in range(groups_before, groups_before + n)]
        group = (mine[0] if mine else []) if n else None
        groups_before += n
        target = getattr(eff, "target", None)
        if isinstance(eff, Delayed) and eff.target is None:  # it remembers what "that resonator" names now
            group = [t for t, since in previous if s.objects[t].zone_since == since]
        if isinstance(target, Target) and target.kind == "same":
            # what the previous target group chose and was legal (9.3 p3.1), while it stays
            # the same object (a card changing zones is a new object, 3.1 p3)
            group = [t for t, since in previous if s.objects[t].zone_since == since]
        elif n == 1 and isinstance(target, Target) and target.kind == "chosen":
            legal = _targets_of(ctx, item, target, group)
            previous = [(t, s.objects[t].zone_since) for t in legal if t in s.objects]
        if i < item.resolved_effects or i < skip_to:
            continue
        now = choice if i == item.resolved_effects else None
        if item.chosen_race is not None:  # "J/resonators of the chosen race" (2.5 p1)
            eff = of_chosen_race(eff, item.chosen_race)
        before = len(ctx.events)
        if isinstance(eff, conditions.Gate):
            opened = conditions.open_gate(ctx, item, eff, cause, now, did=did, those=those)
            if opened is None:
                ctx.emit("EffectsApplied", {"item": item.id, "count": i}, "9.3 p3", cause=cause)
                return None
            cause, go = opened
            if not go:
                skip_to = i + 1 + eff.size
            did = False
            continue
        if isinstance(eff, conditions.WRAPPERS):  # "you may", "if" (FoW-5.5 9.3 p3.2)
            count = lambda e: len(chosen_groups([e]))  # noqa: E731
            same = [t for t, since in previous if s.objects[t].zone_since == since]
            # the held effects read what the effect just before removed ("If you do, it deals 200 damage
            # multiplied by the combined total cost of the cards removed this way", 9.3 p3), the previous
            # target as the others do ("If you spent {M} ..., you gain life equal to that resonator's ATK":
            # the destroyed one, by last known information, 9.11) and, for a cost change, what the last
            # search found ("If ..., you may pay less ... the card you searched")
            inner = _wrapped_apply(previous, removed, searched)
            result = conditions.apply_wrapper(
                ctx, item, eff, mine, cause, now, inner, count, did=did, those=those, same=same
            )
        else:
            ctx.replacement_asks = True  # it may stop to ask which replacement applies first (9.10 p2.1)
            result = apply_effect(
                ctx,
                item,
                eff,
                group,
                cause,
                now,
                other=mine[-1] if mine else None,
                previous=searched if isinstance(eff, ChangeCost) else previous,
                removed=removed,
                dealt=dealt,
            )
            ctx.replacement_asks = False
        did = any(e.type not in NOT_PERFORMED for e in ctx.events[before:])
        dealt = sum(e.data["amount"] for e in ctx.events[before:] if e.type == "DamageDealt")  # "that much damage"
        if result is not None and isinstance(eff, Mill):  # "If you cannot put three cards ... this way" (9.3 p3)
            those = [
                e.data["oid"] for e in ctx.events[before:] if e.type == "CardMoved" and e.data["to"] == "graveyard"
            ]
        if result is not None and isinstance(eff, Banish):  # "the resonator banished this way" (9.3 p3)
            those = [
                e.data["oid"] for e in ctx.events[before:] if e.type == "CardMoved" and e.data["to"] == "graveyard"
            ]
            if eff.target is None:  # "Your opponent banishes a resonator. You gain life equal to its DEF."
                previous = [(t, s.objects[t].zone_since) for t in those]
        if result is not None and (
            (isinstance(eff, Mill) and eff.to == "removed") or (isinstance(eff, RemoveFromGame) and eff.from_graveyard)
        ):  # "the cards removed this way"
            removed = [
                e.data["oid"] for e in ctx.events[before:] if e.type == "CardMoved" and e.data["to"] == "removed"
            ]
        if result is not None and isinstance(eff, Search):  # "the card you searched" (10.13 p2)
            moves = [e for e in ctx.events[before:] if e.type == "CardMoved" and e.data["from"] == "main_deck"]
            searched = [(e.data["oid"], s.objects[e.data["oid"]].zone_since) for e in moves]
        if result is not None and isinstance(eff, PutOnMainDeck) and eff.any_number:
            # "Put any number of cards from your hand on the bottom ..., then draw that many": those cards
            put = [e.data["oid"] for e in ctx.events[before:] if e.type == "CardMoved" and e.data["to"] == "main_deck"]
            previous = [(t, s.objects[t].zone_since) for t in put]
        if result is not None and isinstance(eff, Discard) and eff.target is None:
            # "Discard your hand. Then return all resonators ... with total cost less than or equal to
            # the number of cards discarded this way": the cards this discard put into a graveyard
            put = [e.data["oid"] for e in ctx.events[before:] if e.type == "CardMoved" and e.data["to"] == "graveyard"]
            previous = [(t, s.objects[t].zone_since) for t in put]
        if result is not None and isinstance(eff, RemoveFromGame) and eff.target is not None:
            # "Remove up to three target resonators ... At the end of turn, put all resonators removed
            # this way into their owner's field": the cards in the removed area (3.1 p3)
            put = [e.data["oid"] for e in ctx.events[before:] if e.type == "CardMoved" and e.data["to"] == "removed"]
            previous = [(t, s.objects[t].zone_since) for t in put if s.objects[t].zone == "removed"]
        if result is not None and isinstance(eff, (PutFromHand, PutIntoField)):
            # "Then you may put a fire resonator ... into your field. It gains [Swiftness] ..." /
            # "Put target resonator from your graveyard into your field. Remove it from the game at
            # end of turn.": "it" is the card this effect put into the field (as that object: the
            # text names it in its new zone, 3.1 p3)
            put = [e.data["oid"] for e in ctx.events[before:] if e.type == "CardMoved" and e.data["to"] == "field"]
            previous = [(t, s.objects[t].zone_since) for t in put if s.objects[t].zone == "field"]
        if result is None:
            ctx.emit("EffectsApplied", {"item": item.id, "count": i}, "9.3 p3", cause=cause)
            return None
        cause = result
    return finish_item(ctx, item, cause)


def _source_x(s: GameState, source: str) -> dict[str, int]:
    """The X of a triggered ability: the X chosen for the {X} of the [Awakening] or [Judgment] cost
    that put its source into the field ("[Awakening] {X}: When this card enters your field, destroy
    target resonator with total cost X or less", 9.3 p2.5), while the source is that object."""
    obj = s.objects.get(source)
    return {"x": obj.x} if obj is not None and obj.x and obj.zone == "field" else {}


def _x_data(x: int) -> dict[str, Any]:
    """The ``x`` of a ``CardMoved`` into the field: the X of the cost that put the card there."""
    return {"x": x} if x else {}


def _paid_data(paid: list[str]) -> dict[str, Any]:
    """The ``paid_will`` of a ``CardMoved`` into the field: the will paid for its [Awakening] cost."""
    return {"paid_will": list(paid)} if paid else {}


def _judgment_cards_data(cards: list[str]) -> dict[str, Any]:
    """The ``judgment_cards`` of the J-ruler's ``CardMoved``: the cards paid for its judgment."""
    return {"judgment_cards": list(cards)} if cards else {}


def finish_item(ctx: Ctx, item: ChaseItem, cause: str) -> str:
    s = ctx.s
    card = s.card_of(item.source)
    if item.kind == "card":
        obj = s.objects[item.source]
        if card.type in ("resonator", "regalia"):
            from_standby = obj.moved_from == "standby"  # played from the chant-standby area (12.5 p2)
            cause = ctx.emit("ChaseItemResolved", {"item": item.id}, "7.1 p3", cause=cause)
            cause = move(
                ctx,
                item.source,
                "field",
                cause,
                rule="7.1 p3",
                reason="resolve",
                controller=item.controller,
                awakened=item.awakened,
                **_x_data(item.x),  # the X of its [Awakening] {X} (9.3 p2.5)
                **_paid_data(item.paid_will),  # "If you spent {M} to pay the [Awakening] cost"
            )
            if s.objects[item.source].zone == "field" and obj.zone == "field":
                check_triggers(ctx, "enter", cause, oid=item.source, player=item.controller)
                if from_standby:  # "When this card enters your field from a chant-standby area"
                    check_triggers(ctx, "enters_field_from_standby", cause, oid=item.source)
            return cause
        if card.type == "addition":
            cause = ctx.emit("ChaseItemResolved", {"item": item.id}, "7.2 p4", cause=cause)
            if card.subtype == "field":
                cause = move(
                    ctx, item.source, "field", cause, rule="7.2 p4", reason="resolve", controller=item.controller
                )
            else:
                host = item.targets[0][0] if item.targets and item.targets[0] else None
                if host is not None and is_legal_host(s, item.source, host) and is_same_target(s, item, host):
                    cause = move(
                        ctx,
                        item.source,
                        "field",
                        cause,
                        rule="7.2 p4",
                        reason="resolve",
                        controller=item.controller,
                        attached_to=host,
                    )
                else:
                    return move(ctx, item.source, "graveyard", cause, rule="7.2 p4", reason="illegal target")
            check_triggers(ctx, "enter", cause, oid=item.source, player=item.controller)
            return cause
        rule = {"chant": "7.3 p3", "chant_instant": "7.7 p3", "chant_standby": "7.9 p7"}.get(
            card.subtype or "", "9.3 p3.2"
        )
        cause = ctx.emit("ChaseItemResolved", {"item": item.id}, rule, cause=cause)
        return move(ctx, item.source, "graveyard", cause, rule=rule, reason="resolved")
    if item.kind == "judgment":
        cause = ctx.emit("ChaseItemResolved", {"item": item.id}, "7.5 p3", cause=cause)
        cause = move(
            ctx,
            item.source,
            "field",
            cause,
            rule="7.5 p3",
            reason="judgment",
            controller=item.controller,
            side="j_ruler",
            entered=True,
            by_judgment=True,
            **_x_data(item.x),  # "Pay {2}{X}": the X its abilities read (9.3 p2.5)
            **_judgment_cards_data(item.cost_cards),  # "the resonator banished for its judgment" (7.5 p2)
        )
        check_triggers(ctx, "enter", cause, oid=item.source, player=item.controller)
        return cause
    if item.kind == "break":
        cause = ctx.emit("ChaseItemResolved", {"item": item.id}, "7.10 p3", cause=cause)
        return move(ctx, item.source, "graveyard", cause, rule="7.10 p4", reason="lifebreak")
    if item.kind == "explode":
        cause = ctx.emit("ChaseItemResolved", {"item": item.id}, "11.4 p1", cause=cause)
        if s.objects[item.source].zone == "field":
            cause = destroy(ctx, item.source, cause, rule="11.4 p1")
        victim = item.targets[0][0] if item.targets and item.targets[0] else ""
        if (
            victim in s.objects
            and s.objects[victim].zone == "field"
            and is_same_target(s, item, victim)
            and effective_type(s, victim) == "resonator"
        ):
            cause = destroy(ctx, victim, cause, rule="11.4 p1")
        return cause
    if item.kind == "evolution":
        cause = ctx.emit("ChaseItemResolved", {"item": item.id}, "12.7 p2", cause=cause)
        if s.objects[item.source].zone == "field" and not s.objects[item.source].counters.get("evolution"):
            cause = ctx.emit(
                "CounterPut", {"oid": item.source, "counter": "evolution", "count": 1}, "12.7 p2", cause=cause
            )
            check_triggers(ctx, "evolution_counter_put", cause, oid=item.source)
        return cause
    if item.kind == "shift":
        cause = ctx.emit("ChaseItemResolved", {"item": item.id}, "12.8 p2.1", cause=cause)
        if s.objects[item.source].zone == "field" and s.objects[item.source].side == "front":
            cause = ctx.emit("CardShifted", {"oid": item.source, "side": "future"}, "12.8 p2.1", cause=cause)
            cause = _with_counters(ctx, item.source, "shifts_with_counters", cause)  # "As this card shifts, ..."
            check_triggers(ctx, "shifts", cause, oid=item.source)  # "when this card shifts" (12.8 p2.1)
        return cause
    return ctx.emit("ChaseItemResolved", {"item": item.id}, "7.8 p3", cause=cause)


def _look_and_discard(
    ctx: Ctx, item: ChaseItem, eff: Discard, target: Target, group: list[str] | None, cause: str, choice: Any
) -> str | None:
    """ "Look at target opponent's hand and choose a card. They discard that card.": the controller
    sees the target player's hand (in the options of the choice, for them only) and chooses the cards
    (10.13 p1; none if none matches); that player discards them (10.18 p1)."""
    s = ctx.s
    you, src = item.controller, item.source
    players = [t for t in _targets_of(ctx, item, target, group) if t in s.players]
    if not players:
        return cause
    p = players[0]
    hand = list(s.zones[p]["hand"])
    legal = [o for o in hand if eff.filter is None or matches(s, eff.filter, o, you, src)]
    if choice is None:
        options = {
            "item": item.id,
            "player": p,
            "hand": {o: s.objects[o].card for o in hand},  # looked at: shown to the chooser only
            "cards": legal,
            "count": min(eff.count, len(legal)),
        }
        ctx.ask(you, "discard_chosen", options, "10.13 p1", cause=cause)
        return None
    for oid in choice:
        cause = move(ctx, oid, "graveyard", cause, rule="10.18 p1", reason="discard", actor=p)
    return cause


def _move_addition(
    ctx: Ctx, item: ChaseItem, eff: MoveAddition, group: list[str] | None, cause: str, choice: Any
) -> str | None:
    """The target addition, still legal (9.3 p3.1), is moved onto a resonator its controller chooses
    now among those it can legally be added to, other than its own (10.1 p1, p2, 7.2 p3; 10.13 p1)."""
    s = ctx.s
    moved = _targets_of(ctx, item, eff.target, group)
    if not moved:
        return cause
    addition = s.objects[moved[0]]
    onto = [
        o
        for pid in s.order
        for o in s.zones[pid]["field"]
        if o != addition.attached_to and effective_type(s, o) == "resonator" and is_legal_host(s, moved[0], o)
    ]
    if not onto:
        return cause  # no other resonator it can be added to: it stays where it is (10.1 p2)
    if choice is None:
        asked = {"item": item.id, "addition": moved[0], "cards": onto, "count": 1}
        ctx.ask(item.controller, "move_onto", asked, "10.1 p1", cause=cause)
        return None
    data = {"oid": moved[0], "from": addition.attached_to, "to": choice[0]}
    cause = ctx.emit("AdditionMoved", data, "10.1 p1", cause=cause, actor=item.controller)
    check_triggers(ctx, "addition_added", cause, oid=choice[0])  # added to it (7.2 p4)
    return cause


def _keep_one(ctx: Ctx, item: ChaseItem, eff: KeepOne, cause: str, choice: Any) -> str | None:
    """ "Each player chooses a resonator they control, then each player banishes all other resonators
    they control": the choices in turn, the controller's first, each asked with those made before
    (``kept``); then every player banishes the rest (FoW-5.5 10.10 p1, p2)."""
    s = ctx.s
    you = item.controller
    players = [you, s.opponent(you)]

    def candidates(p: str) -> list[str]:
        mine = [o for o in s.zones[p]["field"] if s.objects[o].controller == p]  # 10.10 p2
        return [o for o in mine if matches(s, eff.filter, o, p, item.source)]

    kept: dict[str, list[str]] = {}
    if choice is not None and s.pending is not None:  # an answer: the choices before it, and this one
        before = s.pending.options.get("kept")
        kept = {str(p): [str(o) for o in os] for p, os in before.items()} if isinstance(before, dict) else {}
        chooser = s.pending.player
        kept[chooser] = list(choice)
        data = {"item": item.id, "player": chooser, "kept": list(choice)}
        cause = ctx.emit("OptionChosen", data, "10.10 p1", cause=cause, actor=chooser)
    for p in players:
        if p in kept:
            continue
        cards = candidates(p)
        if len(cards) <= 1:  # nothing to choose: that one is kept
            kept[p] = cards
            continue
        asked = {"item": item.id, "cards": cards, "count": 1, "kept": {q: list(os) for q, os in kept.items()}}
        ctx.ask(p, "keep", asked, "10.10 p1", cause=cause)
        return None
    for p in players:
        for oid in candidates(p):
            if oid not in kept.get(p, []):
                cause = move(ctx, oid, "graveyard", cause, rule="10.10 p1", reason="banish", actor=p)
    return cause


def _targets_of(ctx: Ctx, item: ChaseItem, target: Target, group: list[str] | None) -> list[str]:
    s = ctx.s
    you = item.controller
    if target.kind == "self" and target.filter.zone == "graveyard":
        # "put this card from your graveyard into ...": the card as it was when the ability was
        # played from the graveyard, while it stays there (a card changing zones is a new object, 3.1 p3)
        same = is_same_source(s, item) and s.objects[item.source].zone == "graveyard"
        return [item.source] if same and item.source_since is not None else []
    if target.kind == "self":  # "this card": the object it was as the ability was played (3.1 p3)
        return [item.source] if is_same_source(s, item) else []
    if target.kind == "you":
        return [you]
    if target.kind == "opponent":
        return [s.opponent(you)]
    if target.kind == "each_player":
        return list(s.order)
    if target.kind == "that" and target.filter.zone == "chase":  # "cancel that spell or ability": while on the chase
        return [item.subject] if any(c.id == item.subject for c in s.chase) and item.subject is not None else []
    if target.kind == "that" and target.filter.zone != "field":  # "put that resonator into its owner's field"
        obj = s.objects.get(item.subject or "")  # the card where it went, while it stays there (3.1 p3)
        same = obj is not None and obj.zone == target.filter.zone and obj.zone_since == item.subject_since
        return [item.subject] if same and item.subject is not None else []
    if target.kind == "that":  # the object the trigger condition named, while it is in the field
        return [item.subject] if item.subject in s.objects and s.objects[item.subject].zone == "field" else []
    if target.kind == "host":  # "added resonator": what the addition is added to, while it is
        host = s.objects[item.source].attached_to
        return [host] if host in s.objects and s.objects[host].zone == "field" else []
    if target.kind == "host_controller":  # "added resonator's controller", while it is added (7.2 p3)
        host = s.objects[item.source].attached_to
        return [s.objects[host].controller] if host in s.objects and s.objects[host].zone == "field" else []
    if target.kind == "that_controller":  # "that resonator's controller": now, or as it last was (9.11)
        obj = s.objects.get(item.subject or "")
        if obj is None:
            return []
        return [obj.controller if obj.zone in PLAYGROUND else str((obj.last_known or {}).get("controller", obj.owner))]
    if target.kind == "same":
        return list(group or [])
    if target.kind == "battle_opponent":
        b = s.battle
        if b is None:
            return []
        other = b.blocker if item.source == b.attacker else b.attacker
        return [other] if other else []
    if target.kind == "all":
        return [
            oid
            for pid in s.order
            for zone in filter_zones(target.filter)  # "destroy all other Humans": rulers too (2.5 p4)
            for oid in s.zones[pid].get(zone, [])
            if matches(s, target.filter, oid, you, item.source)
        ]
    # chosen: re-check legality on resolution (9.3 p3.1), the same objects only (3.1 p3)
    legal = set(legal_targets(s, target, you, item.source))
    return [t for t in group or [] if t in legal and is_same_target(s, item, t)]


def _players(s: GameState, you: str, who: str) -> list[str]:
    if who == "you":
        return [you]
    if who == "opponent":
        return [s.opponent(you)]
    return list(s.order)


def of_chosen_race(eff: Any, race: str) -> Any:
    """``eff`` with each filter "of the chosen race" (``chosen_race``) reading ``race`` (FoW-5.5 2.5 p1)."""
    if not isinstance(eff, BaseModel) or '"chosen_race":true' not in eff.model_dump_json(exclude_defaults=True):
        return eff

    def sub(data: Any) -> Any:
        if isinstance(data, dict):
            out = {k: sub(v) for k, v in data.items() if k != "chosen_race"}
            if data.get("chosen_race"):
                out["races"] = [race]
            return out
        return [sub(v) for v in data] if isinstance(data, list) else data

    return parse_effects([sub(eff.model_dump(mode="json", by_alias=True))])[0]


def _choose_a_race(ctx: Ctx, item: ChaseItem, eff: ChooseARace, you: str, cause: str, choice: Any) -> str | None:
    """ "Choose a race.": asked as the effect resolves (``ChoiceRequested`` kind ``race``, answered by
    ``ChooseRace``); the chosen race is recorded and read by the effects that follow (2.5 p1)."""
    if choice is None:
        asked = {"item": item.id, "source": item.source, "races": list(eff.choices)}
        ctx.ask(you, "race", asked, "2.5 p1", cause=cause)
        return None
    chosen = {"item": item.id, "player": you, "race": choice, "chosen_race": True}
    return ctx.emit("OptionChosen", chosen, "2.5 p1", cause=cause, actor=you)


def end_with_control(ctx: Ctx, oid: str, cause: str) -> str:
    """The effects of ``oid`` lasting "as long as you control this card" end once another player
    controls it (FoW-5.5 9.1 p2.2, 1.5 p3)."""
    obj = ctx.s.objects[oid]
    lost = [e.id for e in ctx.s.effects if e.duration == "source_controlled" and e.source == oid]
    lost = [i for i in lost for e in ctx.s.effects if e.id == i and e.controller != obj.controller]
    if not lost:
        return cause
    return end_effects(ctx, lost, "its controller no longer controls its source", "9.1 p2.2", cause)


def _add_from_graveyard(
    ctx: Ctx, item: ChaseItem, eff: AddFromGraveyard, group: list[str] | None, you: str, cause: str
) -> str:
    """This addition, in the graveyard as the object that played the ability (3.1 p3), into its
    controller's field added onto the target, if it can legally be added to it (10.1 p2, 7.2 p3)."""
    src = item.source
    here = is_same_source(ctx.s, item) and ctx.s.objects[src].zone == "graveyard" and item.source_since is not None
    onto = _targets_of(ctx, item, eff.target, group)
    if not here or not onto or not is_legal_host(ctx.s, src, onto[0]):
        return cause  # it left the graveyard (a new object) or no card it can be added to: it stays
    cause = move(ctx, src, "field", cause, rule="10.1 p2", reason="add", controller=you, actor=you, attached_to=onto[0])
    check_triggers(ctx, "addition_added", cause, oid=onto[0])  # added to it (7.2 p4)
    return cause


def _wrapped_apply(previous: list[tuple[str, int]], removed: list[str] | None, searched: list[tuple[str, int]]) -> Any:
    """``apply_effect`` for the effects a ``may``/``if`` holds, reading what the effects before them did
    as :func:`resolve_top` passes it to the others; a cost change among them reads the cards the last
    search found instead of the previous target ("cards with the same name as the card you searched", 2.2)."""

    def inner(c: Ctx, it: ChaseItem, e: CardEffect, g: list[str] | None, ca: str, ch: Any) -> str | None:
        before = searched if isinstance(e, ChangeCost) else previous
        return apply_effect(c, it, e, g, ca, ch, previous=before, removed=removed)

    return inner


def _change_races(
    ctx: Ctx, item: ChaseItem, eff: ChangeRaces, group: list[str] | None, you: str, src: str, cause: str, choice: Any
) -> str | None:
    """ "Target J/resonator loses all races and gains a race of your choice until end of turn": the race
    is chosen as the effect resolves (``ChoiceRequested`` kind ``race``, answered by ``ChooseRace``, 2.5),
    then a continuous effect changing the targets' races is made (non-value information, 9.9 p1)."""
    changed = _targets_of(ctx, item, eff.target, group)
    if not changed:
        return cause
    gained = list(eff.gain)
    if eff.of_choice:
        if choice is None:
            asked = {"item": item.id, "source": src, "races": list(eff.choices)}
            ctx.ask(you, "race", asked, "2.5 p1", cause=cause)
            return None
        chosen = {"item": item.id, "player": you, "race": choice}
        cause = ctx.emit("OptionChosen", chosen, "2.5 p1", cause=cause, actor=you)
        gained += [choice] if choice not in gained else []
    made: dict[str, Any] = {"id": ctx.fresh_id("x"), "source": src, "controller": you, "targets": changed}
    made.update(kind="change_races", races=gained, lose_races=eff.lose_all, duration=eff.duration)
    return ctx.emit("ContinuousEffectCreated", made, "9.9 p1", cause=cause)


def apply_effect(
    ctx: Ctx,
    item: ChaseItem,
    eff: CardEffect,
    group: list[str] | None,
    cause: str,
    choice: Any,
    *,
    other: list[str] | None = None,
    previous: list[tuple[str, int]] | None = None,
    removed: list[str] | None = None,
    dealt: int = 0,
) -> str | None:
    """``other``: for a ``fight``, the target group of its second J/resonator; ``previous``: the
    legal targets of the last single chosen target group, as objects (for "its DEF"); ``removed``: the
    cards the last ``mill`` removed from the game ("the cards removed this way"); ``dealt``: the
    damage the effect just before dealt ("half of that much damage")."""
    s = ctx.s
    you = item.controller
    src = item.source
    if isinstance(eff, Fight):
        return _fight(ctx, item, eff, group, other, cause, choice)
    if isinstance(eff, Delayed):  # "At the end of turn, destroy that resonator" (9.6 p8)
        made: dict[str, Any] = {"delayed": ctx.fresh_id("d"), "controller": you, "source": src, "at": eff.at}
        past = s.phase == "end" and s.step in ("end_of_turn", "cleanup")  # this turn's end of turn happened
        made["turn"] = s.turn + 1 if eff.at == "next_end_of_turn" and past else s.turn
        made["effects"] = [e.model_dump(mode="json", by_alias=True) for e in eff.effects]
        if eff.target is not None:  # "Recover target resonator at the end of turn": its target, if legal (9.3 p3.1)
            group = _targets_of(ctx, item, eff.target, group)
        made["objects"] = [[oid, s.objects[oid].zone_since] for oid in group or []]
        if eff.at == "this_card_deals_damage":  # this card, as the object whose ability made it (3.1 p3)
            made["objects"] = [[src, item.source_since if item.source_since is not None else s.objects[src].zone_since]]
        if item.source_since is not None:  # its "this card" is the object that created it (3.1 p3)
            made["source_since"] = item.source_since
        return ctx.emit("DelayedAbilityCreated", made, "9.6 p8", cause=cause)
    if isinstance(eff, Draw):
        count = eff.count if eff.per is None else eff.count * conditions.count_of(s, eff.per, you, src)
        if eff.that_many:  # "then draw that many cards plus one": the cards just put from the hand
            count += len(previous or [])
        for p in _players(s, you, eff.who) if count else []:  # "draw cards equal to the number of X"
            cause = draw(ctx, p, count, cause)
        return cause
    if isinstance(eff, DealDamage):
        # "for each X" counted on resolution; "that much": the damage of the triggering happening
        amount = (item.amount or 0) if eff.that_much else conditions.amount_of(s, eff, you, src)
        if eff.per_cost_removed:  # "multiplied by the combined total cost of the cards removed this way"
            amount = eff.amount * sum(total_cost(s.card_of(o)) for o in removed or [])
        if eff.by is not None:  # "Target Vampire you control deals damage equal to its ATK to another target"
            by = _targets_of(ctx, item, eff.by, group)
            if not by or by[0] not in s.objects or s.objects[by[0]].zone != "field":
                return cause  # the dealer is no longer a legal target: no damage (9.3 p3.1)
            amount = conditions.source_stat(s, by[0], eff.equal_to or "atk")
            dealing = [(by[0], t, amount) for t in _targets_of(ctx, item, eff.target, other)]
            if _asks_replacements(ctx, item, dealing, cause):
                return None
            for t in _targets_of(ctx, item, eff.target, other):
                cause = deal_damage(ctx, by[0], t, amount, cause)
            return cause
        if eff.per is not None and eff.per.this_way:  # "for each resonator removed this way" (9.3 p3)
            flt = eff.per.filter
            assert flt is not None
            moved = [t for t, since in previous or [] if s.objects[t].zone_since == since]
            amount = eff.amount * sum(1 for t in moved if _filter_match(s, flt, t))
        dealer = src
        if eff.dealt_by == "host":  # "added resonator deals 500 damage to you", while it is added (7.2 p3)
            hosts = _targets_of(ctx, item, Target(kind="host"), None)
            if not hosts:
                return cause
            dealer = hosts[0]
        targets = _targets_of(ctx, item, eff.target, group)
        if eff.per is not None and eff.per.of_each_player:  # "for each X that he or she controls"
            each = {t: conditions.amount_of(s, eff, t, src) for t in targets}  # all counted first
            if _asks_replacements(ctx, item, [(dealer, t, each[t]) for t in targets], cause):
                return None
            for t in targets:
                cause = deal_damage(ctx, dealer, t, each[t], cause)
            return cause
        dealing = [(dealer, t, _dealt_by_target(s, t) if eff.dealt_by_target else amount) for t in targets]
        if _asks_replacements(ctx, item, dealing, cause):
            return None
        for t in targets:
            if eff.dealt_by_target:  # "X is the damage it dealt this turn": that object's (3.1 p3)
                amount = s.objects[t].dealt if t in s.objects and s.objects[t].dealt_turn == s.turn else 0
            cause = deal_damage(ctx, dealer, t, amount, cause)
        return cause
    if isinstance(eff, Destroy) and eff.chosen_total_cost:  # "Choose a number. Destroy all ... equal to it"
        if choice is None:
            number = {"item": item.id, "source": src}
            ctx.ask(you, "number", number, "1.4 p5", cause=cause)
            return None
        chosen: dict[str, Any] = {"item": item.id, "player": you, "number": choice}
        cause = ctx.emit("OptionChosen", chosen, "1.4 p5", cause=cause, actor=you)
        for t in _targets_of(ctx, item, eff.target, group):
            card = s.card_of(t)
            if (card.cost.total if card.cost is not None else 0) == choice:  # no cost: total cost 0
                cause = destroy(ctx, t, cause)
        return cause
    if isinstance(eff, Destroy):
        for t in _targets_of(ctx, item, eff.target, group):
            cause = destroy(ctx, t, cause)
        return cause
    if isinstance(eff, (Modify, GrantSkill, LoseSkill, PreventDamage)):
        data: dict[str, Any] = {"id": ctx.fresh_id("x"), "source": src, "controller": you}
        if eff.target.kind == "all":  # every object that matches, whenever, while the effect lasts (9.9 p4)
            data.update(targets=[], filter=eff.target.filter.model_dump(mode="json", exclude_defaults=True))
        else:
            data["targets"] = _targets_of(ctx, item, eff.target, group)
            if not data["targets"]:
                return cause
        if eff.duration == "source_in_field" and not _is_source_in_field(s, item):  # its source left (9.1 p2.2)
            return ctx.emit("ContinuousEffectNotMade", {"item": item.id, "source": src}, "9.1 p2.2", cause=cause)
        if eff.duration == "source_rested" and not _is_source_rested(s, item):  # "as long as this card is rested"
            return ctx.emit("ContinuousEffectNotMade", {"item": item.id, "source": src}, "9.9 p8", cause=cause)
        if isinstance(eff, Modify) and eff.same_name_too:  # "and all other resonators with the same name":
            # whatever shares a name with the target now (2.2), whenever it does while it lasts (9.9 p4)
            same_names = sorted(names_of(s, data["targets"][0]))
            data["filter"] = {"zone": "field", "types": ["resonator"], "controller": "any", "names": same_names}
        if isinstance(eff, Modify):
            times = 1 if eff.per is None else conditions.count_of(s, eff.per, you, src)  # counted now
            if eff.x_of_destroyed is not None:  # "[+X/+0], where X is the ATK of the destroyed resonator"
                times = _destroyed_stat(s, previous or [], eff.x_of_destroyed)
            data.update(kind="modify", atk=eff.atk * times, duration=eff.duration)
            data["def"] = eff.def_ * times
            if eff.of_subject:  # "[+X/+Y], where X is the destroyed resonator's ATK and Y ... its DEF"
                data["atk"] = eff.atk * _subject_stat(s, item, "atk")
                data["def"] = eff.def_ * _subject_stat(s, item, "def")
            if eff.or_gains is not None:  # "gains [-800/0] or [0/+800]": the controller picks one now
                both = [[eff.atk, eff.def_], list(eff.or_gains)]
                if choice is None:
                    asked = {"item": item.id, "source": src, "targets": data["targets"], "choices": both}
                    ctx.ask(you, "option", asked, "9.3 p3.2", cause=cause)
                    return None
                option = {"item": item.id, "player": you, "option": choice, "gains": both[choice]}
                cause = ctx.emit("OptionChosen", option, "9.3 p3.2", cause=cause, actor=you)
                data["atk"], data["def"] = both[choice]
            rule = "10.19 p3"
            for skill in eff.skills:  # the same target also gains these symbol skills (10.19 p1)
                grant = {**data, "id": ctx.fresh_id("x"), "kind": "grant", "skill": skill}
                grant.pop("atk"), grant.pop("def")
                cause = ctx.emit("ContinuousEffectCreated", grant, "10.19 p1", cause=cause)
            data["id"] = ctx.fresh_id("x")
        elif isinstance(eff, GrantSkill):
            granted = eff.skill
            if eff.or_skills:  # "gains [Swiftness], [Flying] or [Target Attack]": chosen now (9.3 p3.2)
                skills = [eff.skill, *eff.or_skills]
                if choice is None:
                    skills_asked = {"item": item.id, "source": src, "skills": skills}
                    ctx.ask(you, "skill", skills_asked, "9.3 p3.2", cause=cause)
                    return None
                skill_picked = {"item": item.id, "player": you, "skill": choice}
                cause = ctx.emit("OptionChosen", skill_picked, "9.3 p3.2", cause=cause, actor=you)
                granted = choice
            data.update(kind="grant", skill=granted, duration=eff.duration)
            rule = "10.19 p1"
        elif isinstance(eff, LoseSkill):  # "... lose [Flying] until end of turn": removes an ability (9.9 p1)
            data.update(kind="lose_skill", skill=eff.skill, duration=eff.duration)
            rule = "9.9 p1"
        else:
            data.update(kind="prevent", amount=eff.amount, duration=eff.duration)
            data.update({k: True for k in ("by", "next") if getattr(eff, k)})
            if eff.counter_per_100 is not None:  # "For each 100 damage prevented this way, put ... on it"
                data["counter_per_100"] = eff.counter_per_100
            rule = "10.17 p1"
        return ctx.emit("ContinuousEffectCreated", data, rule, cause=cause)
    if isinstance(eff, DealMore):  # "If target resonator / your J-Ruler would deal damage this turn, it deals
        # that much +200 instead" (9.10 p1): the targets, or whatever matches an "all" filter then (9.9 p4)
        mdata: dict[str, Any] = {"id": ctx.fresh_id("x"), "source": src, "controller": you, "targets": []}
        if eff.target.kind == "all":
            mdata.update(filter=eff.target.filter.model_dump(mode="json", exclude_defaults=True))
        else:
            mdata["targets"] = _targets_of(ctx, item, eff.target, group)
            if eff.target.filter.zone == "chase":  # "target [Spell:Chant] spell": the card being played there,
                # which is what deals its damage (9.12 p1)
                mdata["targets"] = [c.source for c in s.chase if c.id in mdata["targets"] and c.kind == "card"]
            if not mdata["targets"]:
                return cause
        mdata.update(kind="deal_more", amount=eff.extra, duration=eff.duration)
        return ctx.emit("ContinuousEffectCreated", mdata, "9.10 p1", cause=cause)
    if isinstance(eff, RedirectDealt):  # "the next damage this card would deal this turn is dealt to you
        # instead" (9.10 p1): a replacement effect on that object's next damage, for the turn
        dealers = _targets_of(ctx, item, eff.target, group)
        if not dealers:
            return cause
        redirect: dict[str, Any] = {"id": ctx.fresh_id("x"), "source": src, "controller": you, "targets": dealers}
        redirect.update(kind="redirect_dealt", next=True, duration=eff.duration)
        return ctx.emit("ContinuousEffectCreated", redirect, "9.10 p1", cause=cause)
    if isinstance(eff, MoveAddition):  # "Move target [Addition: Resonator] you control onto another resonator"
        return _move_addition(ctx, item, eff, group, cause, choice)
    if isinstance(eff, AddFromGraveyard):  # "you may add this card from your graveyard to that resonator"
        return _add_from_graveyard(ctx, item, eff, group, you, cause)
    if isinstance(eff, AddSelfTo):  # "Add this card to another target resonator" (10.1 p1)
        onto = _targets_of(ctx, item, eff.target, group)
        addition = s.objects[src]
        if not onto or addition.zone != "field" or not is_same_source(s, item):
            return cause  # it left the field: a new object, which the ability no longer moves (3.1 p3)
        if not is_legal_host(s, src, onto[0]) or addition.attached_to == onto[0]:
            return cause  # "if it can legally be added to it" (7.2 p3)
        data = {"oid": src, "from": addition.attached_to, "to": onto[0]}
        cause = ctx.emit("AdditionMoved", data, "10.1 p1", cause=cause)
        check_triggers(ctx, "addition_added", cause, oid=onto[0])  # added to it (7.2 p4)
        return cause
    if isinstance(eff, SwitchStats):  # "Switch the ATK and DEF of this card until end of turn" (9.9 p1.4)
        switched = _targets_of(ctx, item, eff.target, group)
        if not switched:
            return cause
        sdata: dict[str, Any] = {"id": ctx.fresh_id("x"), "source": src, "controller": you, "targets": switched}
        sdata.update(kind="atk_becomes_def" if eff.atk_becomes_def else "switch", duration=eff.duration)
        return ctx.emit("ContinuousEffectCreated", sdata, "9.9 p1.4", cause=cause)
    if isinstance(eff, SetStats):  # "... becomes [0/200] until end of turn" (9.9 p1.4)
        setdata: dict[str, Any] = {"id": ctx.fresh_id("x"), "source": src, "controller": you}
        if eff.target.kind == "all":  # every object that matches while it lasts, later ones too (9.9 p4)
            setdata.update(targets=[], filter=eff.target.filter.model_dump(mode="json", exclude_defaults=True))
        else:
            setdata["targets"] = _targets_of(ctx, item, eff.target, group)
            if not setdata["targets"]:
                return cause
        setdata.update(kind="set", atk=eff.atk, duration=eff.duration)
        setdata["def"] = eff.def_
        return ctx.emit("ContinuousEffectCreated", setdata, "9.9 p1.4", cause=cause)
    if isinstance(eff, SetPrintedAtk):  # "Target resonator's printed ATK becomes 0 until end of turn" (9.9 p1.1)
        based = _targets_of(ctx, item, eff.target, group)
        if not based:
            return cause
        bdata: dict[str, Any] = {"id": ctx.fresh_id("x"), "source": src, "controller": you, "targets": based}
        bdata.update(kind="set_printed_atk", atk=eff.atk, duration=eff.duration)
        return ctx.emit("ContinuousEffectCreated", bdata, "9.9 p1.1", cause=cause)
    if isinstance(eff, GrantAbilities):  # "gains "<ability>" until end of turn" (10.19 p1, 9.9)
        gdata: dict[str, Any] = {"id": ctx.fresh_id("x"), "source": src, "controller": you}
        if eff.target.kind == "all":  # "Dragon J/resonators you control gain "..." until end of turn": every
            # object that matches, while the effect lasts, also those that match it later (9.9 p4)
            gdata.update(targets=[], filter=eff.target.filter.model_dump(mode="json", exclude_defaults=True))
        else:
            gdata["targets"] = _targets_of(ctx, item, eff.target, group)
            if not gdata["targets"]:
                return cause
        abilities = [a.model_dump(mode="json", by_alias=True) for a in eff.abilities]
        gdata.update(kind="grant_abilities", abilities=abilities, duration=eff.duration)
        return ctx.emit("ContinuousEffectCreated", gdata, "10.19 p1", cause=cause)
    if isinstance(eff, LoseAbilities):
        ldata: dict[str, Any] = {"id": ctx.fresh_id("x"), "source": src, "controller": you}
        if eff.target.kind == "all":  # "J/resonators your opponent controls lose all abilities": every
            # object that matches, while the effect lasts, also those that match it later (9.9 p4)
            ldata.update(targets=[], filter=eff.target.filter.model_dump(mode="json", exclude_defaults=True))
        else:
            ldata["targets"] = _targets_of(ctx, item, eff.target, group)
            if not ldata["targets"]:
                return cause
        ldata.update(kind="lose_abilities", rules=["cannot_gain"] if eff.cannot_gain else [], duration=eff.duration)
        if eff.duration == "source_in_field" and not _is_source_in_field(s, item):  # "as long as this card ..."
            return ctx.emit("ContinuousEffectNotMade", {"item": item.id, "source": src}, "9.9 p8", cause=cause)
        return ctx.emit("ContinuousEffectCreated", ldata, "9.9 p1.2", cause=cause)
    if isinstance(eff, Restrict):
        rdata: dict[str, Any] = {"id": ctx.fresh_id("x"), "source": src, "controller": you, "kind": "rules"}
        if eff.target.kind == "all":  # every object that matches, while the effect lasts (9.9 p4)
            rdata.update(targets=[], filter=eff.target.filter.model_dump(mode="json", exclude_defaults=True))
        else:
            rdata["targets"] = _targets_of(ctx, item, eff.target, group)
            if not rdata["targets"]:
                return cause
        rdata.update(rules=list(eff.rules), duration=eff.duration)
        if eff.blocked_by is not None:  # "cannot be blocked by water resonators"
            rdata["blocked_by"] = eff.blocked_by.model_dump(mode="json", exclude_defaults=True)
        if eff.duration == "source_in_field" and not _is_source_in_field(s, item):
            return ctx.emit("ContinuousEffectNotMade", {"item": item.id, "source": src}, "9.9 p8", cause=cause)
        if eff.duration == "source_rested" and not _is_source_rested(s, item):  # "as long as this card is rested"
            return ctx.emit("ContinuousEffectNotMade", {"item": item.id, "source": src}, "9.9 p8", cause=cause)
        controlled = _is_source_in_field(s, item) and s.objects[src].controller == you  # "as long as you control"
        if eff.duration == "source_controlled" and not controlled:
            return ctx.emit("ContinuousEffectNotMade", {"item": item.id, "source": src}, "9.9 p8", cause=cause)
        return ctx.emit("ContinuousEffectCreated", rdata, "1.4 p4", cause=cause)
    if isinstance(eff, RemoveInstead):  # "If it would leave your field this turn, remove it ... instead"
        kept_out = _targets_of(ctx, item, eff.target, group)
        if not kept_out:
            return cause
        idata: dict[str, Any] = {"id": ctx.fresh_id("x"), "source": src, "controller": you, "targets": kept_out}
        idata.update(kind="remove_instead", rules=[eff.leaving], duration=eff.duration)
        return ctx.emit("ContinuousEffectCreated", idata, "9.10 p1", cause=cause)
    if isinstance(eff, PayLess):  # "you may pay {B}{B} less to play its God's Art abilities this turn"
        pdata: dict[str, Any] = {"id": ctx.fresh_id("x"), "source": src, "controller": you, "targets": []}
        pdata.update(kind="pay_less", duration=eff.duration, less=eff.less.model_dump(mode="json"))
        if eff.of == "awakening":  # "You may pay [Awakening] costs {M} less this turn" (12.1 p1)
            pdata["kind"] = "pay_less_awakening"
        if eff.condition is not None:  # part of the effect, checked as each ability is played (9.9 p4)
            pdata["condition"] = eff.condition.model_dump(mode="json", exclude_defaults=True)
        return ctx.emit("ContinuousEffectCreated", pdata, "9.3 p2.5", cause=cause)
    if isinstance(eff, ProduceWill):
        any_of = sorted(_stones_could_produce(s, you), key="WRUGB".index) if eff.like_stones else eff.any_of
        options = [[*eff.will, c] for c in any_of] if any_of else [list(eff.will)]
        if eff.any_count > 1:  # "two wills in any combination of attributes"
            picks = itertools.combinations_with_replacement(any_of, eff.any_count)
            options = [[*eff.will, *combo] for combo in picks]
        produced = (
            options[0]
            if len(options) == 1
            else next((o for o in options if will_choice(options, o) == item.choice), options[0])
        )
        if eff.per is not None:  # "Produce {G} for each Musketeer resonator you control", counted now
            produced = produced * conditions.count_of(s, eff.per, you, src)
            if not produced:
                return cause
        wdata: dict[str, Any] = {"player": you, "will": produced, "source": src}
        if eff.spend_only:  # "Spend this will only to play Dragons" (1.4 p1)
            wdata["spend_only"] = [
                {"on": u.on, **u.model_dump(mode="json", exclude_defaults=True)} for u in eff.spend_only
            ]
        return ctx.emit("WillProduced", wdata, "9.7 p4", cause=cause)
    if isinstance(eff, Search) and (eff.deck != "main_deck" or eff.to in ("top", "stone_area")):
        return _search_deck(ctx, item, eff, cause, choice)
    if isinstance(eff, Search):
        deck = s.zones[you]["main_deck"]
        candidates = [oid for oid in deck if _search_match(s, eff, oid, you, src)]
        if eff.same_total_cost_as_that:  # "with the same total cost as that resonator" (2.3, 9.6 p8)
            that = _total_cost(s, previous[0][0]) if previous else None
            candidates = [oid for oid in candidates if total_cost(s.card_of(oid)) == that]
        if eff.added_to_source:  # "... and put it into the field, added to this card": if it can be (10.1 p2)
            here = s.objects[src].zone == "field" and is_same_source(s, item)
            candidates = [oid for oid in candidates if here and is_legal_host(s, oid, src)]
        if eff.target is not None:  # "a card named as target resonator": sharing a name with it (2.2)
            named_as = _targets_of(ctx, item, eff.target, group)
            if not named_as:
                return cause  # no legal target: the effect involving it is not applied (9.3 p3.1)
            names = names_of(s, named_as[0])
            candidates = [oid for oid in candidates if names & names_of(s, oid)]
        if eff.filter.max_total_cost_x:  # "with total cost X or less": the X paid (9.3 p2.5, 2.3)
            candidates = [oid for oid in candidates if total_cost(s.card_of(oid)) <= item.x]
        if choice is None:
            if not deck:
                return cause
            asked = _search_options(s, item, eff, candidates)
            ctx.ask(you, "search", asked, "10.13 p2", cause=cause)
            return None
        instead = _search_field_instead(ctx, item, eff, choice, cause)
        if instead is None:
            return None
        choice, to_field, cause = instead
        for oid in choice:
            if eff.added_to_source or (to_field and eff.added_instead):  # "... added to this card" (10.1 p1)
                cause = move(
                    ctx,
                    oid,
                    "field",
                    cause,
                    rule="10.1 p1",
                    reason="search",
                    controller=you,
                    actor=you,
                    attached_to=src,
                )
            elif eff.to == "field" or to_field:  # to_field: "you may put it into your field instead"
                cause = move(ctx, oid, "field", cause, rule="10.13 p2", reason="search", controller=you, actor=you)
                if eff.rested and ctx.s.objects[oid].zone == "field":  # "put it into your field rested"
                    cause = ctx.emit("CardRested", {"oid": oid, "reason": "effect"}, "10.12 p1", cause=cause)
                if eff.triggers_enter and ctx.s.objects[oid].zone == "field":
                    check_triggers(ctx, "enter", cause, oid=oid)
            elif eff.to == "standby":  # "... put it into your chant-standby area face down" (3.11)
                cause = move(ctx, oid, "standby", cause, rule="10.13 p2", reason="search", face_down=True, actor=you)
            else:
                cause = move(ctx, oid, "hand", cause, rule="10.13 p2", reason="search", revealed=eff.reveal, actor=you)
        if not eff.shuffle:  # a "shuffle" effect of its own follows
            return cause
        order = ctx.s.zones[you]["main_deck"]
        return shuffle(ctx, you, "main_deck", list(order), cause, rule="10.20 p1")
    if isinstance(eff, RevealHand):  # "you may reveal your hand": shown, hidden again as the effect ends (10.4 p1)
        hand = list(s.zones[you]["hand"])
        for oid in hand:
            cause = ctx.emit("CardRevealed", {"oid": oid, "player": you}, "10.4 p1", cause=cause)
        for oid in hand:
            cause = ctx.emit("RevealEnded", {"oid": oid, "player": you}, "10.4 p1", cause=cause)
        return cause
    if isinstance(eff, Shuffle):  # "Then shuffle your main deck", searched or not
        return shuffle(ctx, you, "main_deck", list(s.zones[you]["main_deck"]), cause, rule="10.20 p1")
    if isinstance(eff, RevealNamed):  # "Name a card. Reveal the top four cards ... with that name ..."
        if choice is None:
            asked = {"item": item.id, "source": src}
            kind = "name_card_type" if eff.name == "card_type" else "name_card"
            ctx.ask(you, kind, asked, "10.4 p1", cause=cause)
            return None
        named = {"item": item.id, "player": you, "name": choice}
        rule = "2.1 p1" if eff.name == "card_type" else "2.2 p3"
        cause = ctx.emit("OptionChosen", named, rule, cause=cause, actor=you)
        revealed = list(reversed(s.zones[you]["main_deck"]))[: eff.count]
        for oid in revealed:
            cause = ctx.emit("CardRevealed", {"oid": oid, "player": you}, "10.4 p1", cause=cause)
        for oid in revealed:  # "with that name" (2.2 p3) / "the named type" (2.1 p1)
            if (s.card_of(oid).type == choice) if eff.name == "card_type" else (choice in names_of(s, oid)):
                cause = move(ctx, oid, "hand", cause, rule="10.4 p1", reason="reveal", revealed=True)
        if eff.rest == "stay":  # the others stay on top, hidden again as the effect ends (10.4 p1)
            for oid in revealed:
                if s.objects[oid].zone == "main_deck":
                    cause = ctx.emit("RevealEnded", {"oid": oid, "player": you}, "10.4 p1", cause=cause)
            return cause
        return shuffle(ctx, you, "main_deck", list(s.zones[you]["main_deck"]), cause, rule="10.20 p1")
    if isinstance(eff, RevealTop) and eff.until:
        for oid in reversed(list(s.zones[you]["main_deck"])):  # from the top, one by one
            cause = ctx.emit("CardRevealed", {"oid": oid, "player": you}, "10.4 p1", cause=cause)
            if _filter_match(s, eff.filter, oid):  # the first match ends the revealing
                # a spell that would move into a field moves to the graveyard instead (3.15 p4, in
                # ``move``); an addition needing a host is put there and then into the graveyard by
                # rule process (13.3 p1)
                into = "field" if eff.then == "field" else "hand"
                cause = move(ctx, oid, into, cause, rule="10.4 p1", reason="reveal", revealed=True, controller=you)
                break
        order = ctx.s.zones[you]["main_deck"]  # the rest is shuffled into the main deck
        return shuffle(ctx, you, "main_deck", list(order), cause, rule="10.20 p1")
    if isinstance(eff, BecomeAttribute) and eff.any_number:  # "Choose any number of attributes. This card
        # becomes those attributes until end of turn." (2.8 p2, 9.9 p1)
        if choice is None:
            asked = {"item": item.id, "source": src}
            ctx.ask(you, "attributes", asked, "2.8 p2", cause=cause)
            return None
        chosen = {"item": item.id, "player": you, "attributes": list(choice)}
        cause = ctx.emit("OptionChosen", chosen, "2.8 p2", cause=cause, actor=you)
        became = _targets_of(ctx, item, eff.target, group)
        if not became:
            return cause
        made = {"id": ctx.fresh_id("x"), "source": src, "controller": you, "targets": became}
        made.update(kind="set_attributes", attributes=list(choice), duration=eff.duration)
        return ctx.emit("ContinuousEffectCreated", made, "9.9 p1", cause=cause)
    if isinstance(eff, BecomeAttribute):  # "Choose an attribute. This card becomes the chosen attribute"
        if choice is None:
            asked = {"item": item.id, "source": src}
            ctx.ask(you, "attribute", asked, "2.8 p2", cause=cause)
            return None
        chosen = {"item": item.id, "player": you, "attribute": choice}
        cause = ctx.emit("OptionChosen", chosen, "2.8 p2", cause=cause, actor=you)
        became = _targets_of(ctx, item, eff.target, group)
        if not became:
            return cause
        made = {"id": ctx.fresh_id("x"), "source": src, "controller": you, "targets": became}
        made.update(kind="set_attributes", attributes=[choice], duration=eff.duration)
        return ctx.emit("ContinuousEffectCreated", made, "9.9 p1", cause=cause)
    if isinstance(eff, ChooseARace):  # "Choose a race."
        return _choose_a_race(ctx, item, eff, you, cause, choice)
    if isinstance(eff, ChangeRaces):  # "Target resonator loses all races and becomes a Fairy Tale ..."
        return _change_races(ctx, item, eff, group, you, src, cause, choice)
    if isinstance(eff, PutFromRemoved):  # "you may put any number of cards from your removed area ..."
        if choice is None:
            candidates = [oid for oid in s.zones[you]["removed"] if _filter_match(s, eff.filter, oid)]
            if not candidates:
                return cause
            asked = {"item": item.id, "cards": candidates, "min": 0, "max": len(candidates)}
            ctx.ask(you, "put_from_removed", asked, "10.13 p1", cause=cause)
            return None
        for oid in choice:  # into its owner's graveyard (3.1 p5)
            if s.objects[oid].zone == "removed":
                cause = move(ctx, oid, eff.to, cause, rule="3.1 p5", reason="put", actor=you)
        return cause
    if isinstance(eff, PutFromHand) and eff.to_this_card:  # "add ... from your hand to this card" (10.1)
        here = s.objects[src].zone == "field" and is_same_source(s, item)
        if choice is None:
            candidates = [
                oid
                for oid in s.zones[you]["hand"]
                if here and _filter_match(s, eff.filter, oid) and is_legal_host(s, oid, src)
            ]
            if not candidates:
                return cause
            asked = {"item": item.id, "cards": candidates, "max": eff.count}
            ctx.ask(you, "put_from_hand", asked, "10.1 p2", cause=cause)
            return None
        for oid in choice:  # put, not played: no [Enter] (9.6 p1.1)
            if here and is_legal_host(s, oid, src):
                cause = move(
                    ctx, oid, "field", cause, rule="10.1 p1", reason="put", controller=you, actor=you, attached_to=src
                )
        return cause
    if isinstance(eff, PutFromHand) and eff.to_standby:  # "... into your chant-standby area face down"
        if choice is None:
            candidates = [oid for oid in s.zones[you]["hand"] if _filter_match(s, eff.filter, oid)]
            if not candidates:
                return cause
            asked = {"item": item.id, "cards": candidates, "max": eff.count}
            ctx.ask(you, "put_from_hand", asked, "3.11 p1", cause=cause)
            return None
        for oid in choice:  # face down, seen by their owner only (3.11 p2)
            cause = move(ctx, oid, "standby", cause, rule="3.11 p1", reason="put", actor=you, face_down=True)
        return cause
    if isinstance(eff, PutFromHand):
        if choice is None:
            candidates = [
                oid for oid in s.zones[you]["hand"] if _fits_field_alone(s, oid) and _filter_match(s, eff.filter, oid)
            ]
            if eff.same_total_cost:  # "with the same total cost" as the first target (9.11)
                first = item.targets[0][0] if item.targets and item.targets[0] else None
                total = _total_cost(s, first) if first in s.objects else None
                candidates = [oid for oid in candidates if _total_cost(s, oid) == total]
            if not candidates:
                return cause
            asked = {"item": item.id, "cards": candidates, "max": eff.count}
            ctx.ask(you, "put_from_hand", asked, "10.13 p2", cause=cause)
            return None
        for oid in choice:  # put, not played: no [Enter] (9.6 p1.1)
            cause = move(ctx, oid, "field", cause, rule="10.13 p2", reason="put", controller=you, actor=you)
        return cause
    if isinstance(eff, RevealTop):
        deck = s.zones[you][eff.deck]
        if not deck:
            return cause
        top = deck[-1]
        cause = ctx.emit("CardRevealed", {"oid": top, "player": you}, "10.4 p1", cause=cause)
        to: str | None = eff.then if _filter_match(s, eff.filter, top) else eff.otherwise
        if to == "stay":
            to = None
        # "put it into your field": a spell moves to the graveyard instead (3.15 p4, in ``move``);
        # an addition needing a host enters unattached and is put into the graveyard by rule
        # process (13.3 p1)
        if to is None:  # it stays on top of the main deck, hidden again once the effect ends (10.4 p1)
            return ctx.emit("RevealEnded", {"oid": top, "player": you}, "10.4 p1", cause=cause)
        return move(ctx, top, to, cause, rule="10.4 p1", reason="reveal", revealed=True, controller=you, actor=you)
    if isinstance(eff, LookTop):
        return _look_top(ctx, item, eff, cause, choice)
    if isinstance(eff, Cancel):
        for t in _targets_of(ctx, item, eff.target, group):
            target_item = next((c for c in s.chase if c.id == t), None)
            if target_item is None:
                continue
            if eff.unless_pays is not None:  # "unless its controller pays {2}": their decision
                payer = target_item.controller
                if choice is None:
                    ctx.ask(payer, "optional", {"item": item.id, "source": src}, "9.3 p3.2", cause=cause)
                    return None
                data = {"player": payer, "item": item.id, "accepted": bool(choice)}
                cause = ctx.emit("OptionChosen", data, "9.3 p3.2", cause=cause, actor=payer)
                if choice:  # paid in full or not at all (10.2 p4): then it is not canceled
                    cause = pay_will(ctx, payer, eff.unless_pays, cause, f"{s.card_of(src).name} (not to cancel)")
                    continue
            cause = ctx.emit("ChaseItemCanceled", {"item": t, "by": item.id}, "10.11 p1", cause=cause)
            if target_item.kind == "card":
                cause = move(ctx, target_item.source, "graveyard", cause, rule="10.11 p1", reason="canceled")
            elif target_item.kind == "break":
                cause = move(ctx, target_item.source, "graveyard", cause, rule="7.10 p4", reason="canceled")
        return cause
    if isinstance(eff, ReturnToHand):
        returned = _targets_of(ctx, item, eff.target, group)
        if eff.max_total_cost_that_many:  # "... less than or equal to the number of cards discarded this way"
            returned = [t for t in returned if total_cost(s.card_of(t)) <= len(previous or [])]
        for t in returned:  # "this card" only as the same object (3.1 p3)
            if t in s.objects:
                cause = move(ctx, t, "hand", cause, rule="3.1 p5", reason="returned")
        return cause
    if isinstance(eff, RemoveFromGame) and eff.from_hand:
        if choice is None:
            return _ask_from_hand(ctx, item, eff.from_hand, cause)
        for oid in choice[0]:  # face up (10.3 p1)
            cause = move(ctx, oid, "removed", cause, rule="10.3 p1", reason="removed", actor=you)
        return cause
    if isinstance(eff, RemoveFromGame) and eff.from_graveyard:
        if choice is None:  # "remove up to two cards in your graveyard": a public zone (10.13 p1)
            return _ask_from_graveyard(ctx, item, eff.from_graveyard, eff.up_to, cause)
        removal_by: dict[str, Any] = {}
        if item.kind == "ability":  # "removed from the game by this card" (3.1 p3)
            removal_by = {"removed_by": item.source, "removed_by_since": removing_since(s, item)}
        for oid in choice[0]:  # face up (10.3 p1)
            cause = move(ctx, oid, "removed", cause, rule="10.3 p1", reason="removed", actor=you, **removal_by)
        return cause
    if isinstance(eff, RemoveFromGame) and eff.whole_graveyard:  # "all cards in target player's graveyard"
        assert eff.target is not None
        for p in _targets_of(ctx, item, eff.target, group):
            for t in list(s.zones[p]["graveyard"]) if p in s.players else []:
                cause = move(ctx, t, "removed", cause, rule="10.3 p1", reason="removed")
        return cause
    if isinstance(eff, RemoveFromGame):
        assert eff.target is not None
        # an ability's removals are counted on its source ("with this card's ability")
        removal: dict[str, Any] = {"removed_by": item.source} if item.kind == "ability" else {}
        if removal:  # "removed from the game by this card": that card as the object that played it (3.1 p3)
            removal["removed_by_since"] = removing_since(s, item)
        for t in _targets_of(ctx, item, eff.target, group):
            if t in s.objects:
                cause = move(ctx, t, "removed", cause, rule="10.3 p1", reason="removed", **removal)
        return cause
    if isinstance(eff, PutCounter):
        for t in _targets_of(ctx, item, eff.target, group):
            if t in s.objects and s.objects[t].zone in PLAYGROUND:
                count = eff.count if eff.per is None else eff.count * conditions.count_of(s, eff.per, you, src)
                if count == 0:  # "counters equal to the number of X" with no X: none is put
                    continue
                for holder, index, extra in counter_increases(s, t, eff.counter):  # "that many plus one instead"
                    data = {"oid": t, "counter": eff.counter, "count": count, "instead": count + extra}
                    data["effect"] = f"{holder}:{index}"
                    cause = ctx.emit("CountersReplaced", data, "9.10 p1", cause=cause)
                    count += extra
                cause = ctx.emit(
                    "CounterPut", {"oid": t, "counter": eff.counter, "count": count}, "10.21 p1", cause=cause
                )
                if eff.counter == "evolution":  # "Whenever an evolution counter is put on this card"
                    check_triggers(ctx, "evolution_counter_put", cause, oid=t)
        return cause
    if isinstance(eff, RemoveCounter):
        for t in _targets_of(ctx, item, eff.target, group):
            have = s.objects[t].counters.get(eff.counter, 0) if t in s.objects else 0
            if have and s.objects[t].zone in PLAYGROUND:  # as many as there are (1.4 p2)
                n = have if eff.all else min(eff.count, have)
                data = {"oid": t, "counter": eff.counter, "count": n, "reason": "effect"}
                cause = ctx.emit("CounterRemoved", data, "10.21 p1", cause=cause)
        return cause
    if isinstance(eff, PayAnyLife):  # "Pay any amount of life. Draw a card for each 500 life you lost"
        if choice is None:
            asked = {"item": item.id, "source": src, "multiple_of": 100, "life": s.players[you].life}
            ctx.ask(you, "pay_life", asked, "1.5 p4.1", cause=cause)
            return None
        cause = ctx.emit(
            "OptionChosen", {"item": item.id, "player": you, "life": choice}, "1.5 p4.1", cause=cause, actor=you
        )
        if choice:
            paid = {"player": you, "amount": choice, "life": s.players[you].life - choice}
            cause = ctx.emit("LifePaid", paid, "1.5 p4.1", cause=cause, actor=you)
        return draw(ctx, you, choice // eff.draw_per, cause) if choice >= eff.draw_per else cause
    if isinstance(eff, Pay):  # "you may pay {R}{R}" / "you may pay 200 life", accepted
        name = s.card_of(src).name
        cause = pay_will(ctx, you, eff.will, cause, name)
        if eff.life:
            data = {"player": you, "amount": eff.life, "life": s.players[you].life - eff.life}
            cause = ctx.emit("LifePaid", data, "1.5 p4.1", cause=cause, actor=you)
        return cause
    if isinstance(eff, (GainLife, LoseLife)):
        sign = 1 if isinstance(eff, GainLife) else -1
        amount = (item.amount or 0) if getattr(eff, "that_much", False) else conditions.amount_of(s, eff, you, src)
        if isinstance(eff, GainLife) and eff.half_of_damage:  # "half of that much damage", rounded up to 100
            amount = -(-dealt // 200) * 100
        if isinstance(eff, GainLife) and eff.of_same and eff.equal_to is not None:  # "... equal to its DEF"
            amount = _previous_stat(s, previous or [], eff.equal_to)
        if getattr(eff, "dealt_to_you", False):  # "the damage that was dealt to you this turn"
            taken = s.players[you]
            amount = taken.damage_taken if taken.dealt_damage_turn == s.turn else 0
        for p in _players(s, you, eff.who):
            if sign > 0 and amount and not can_gain_life(s, p):
                # "Players cannot gain life": the prohibition takes precedence (golden rule)
                cause = ctx.emit("LifeGainPrevented", {"player": p, "amount": amount}, "1.4 p4", cause=cause)
                continue
            life = s.players[p].life + sign * amount
            cause = ctx.emit("LifeChanged", {"player": p, "delta": sign * amount, "life": life}, "1.5 p4", cause=cause)
            if sign > 0 and amount:
                check_triggers(ctx, "you_gain_life", cause, player=p)  # "Whenever you gain life"
        return cause
    if isinstance(eff, Discard) and eff.target is not None:
        return _look_and_discard(ctx, item, eff, eff.target, group, cause, choice)
    if isinstance(eff, Discard):
        for p in _players(s, you, eff.who):
            hand = s.zones[p]["hand"]
            if len(hand) <= eff.count or eff.whole_hand:  # "discard your hand" (10.18 p2)
                picked = list(hand)
            elif eff.at_random:  # "discards a card at random": picked by the recorded seed (10.20 p1)
                from domain.kernel import Shuffler

                index = s.shuffles
                picked = Shuffler(s.seed, index).shuffled(hand)[: eff.count]
                data = {"player": p, "cards": picked, "shuffle_index": index}
                cause = ctx.emit("CardsChosenAtRandom", data, "10.18 p1", cause=cause)
            elif choice is None:
                ctx.ask(p, "discard", {"item": item.id, "count": eff.count}, "10.18 p1", cause=cause)
                return None
            else:
                picked = list(choice)
            rule = "10.18 p2" if eff.whole_hand else "10.18 p1"
            for oid in picked:
                cause = move(ctx, oid, "graveyard", cause, rule=rule, reason="discard")
        return cause
    if isinstance(eff, ChangeCost):  # "You pay {1} less to play [Judgment] abilities ... this turn" (9.3 p2.5)
        made = {"id": ctx.fresh_id("x"), "source": src, "controller": you, "targets": [], "kind": "cost_change"}
        made.update(change=eff.change.model_dump(mode="json", exclude_defaults=True), duration=eff.duration)
        if eff.change.same_name_as_found:  # "cards with the same name as the card you searched" (2.2)
            found = sorted({n for t, _ in previous or [] if t in s.objects for n in names_of(s, t)})
            if not found:
                return cause  # nothing was found: no card is named like it
            del made["change"]["same_name_as_found"]
            made["change"]["filter"] = {"types": [], "names": found}
        return ctx.emit("ContinuousEffectCreated", made, "9.3 p2.5", cause=cause)
    if isinstance(eff, ReturnToRulerSide):  # "return this card to its Ruler side" (1.4 p1, 3.15 p2)
        for t in _targets_of(ctx, item, eff.target, group):  # "this card" only as the same object (3.1 p3)
            obj = s.objects.get(t)
            if obj is None or obj.zone != "field" or obj.side != "j_ruler":
                continue
            had_damage = bool(obj.damage)
            cause = move(ctx, t, "ruler_area", cause, rule="1.4 p1", reason="returned", side="front")
            if s.objects[t].zone == "ruler_area" and had_damage:  # a ruler holds no damage (10.6 p1)
                cause = ctx.emit("DamageCleared", {"oids": [t]}, "10.6 p1", cause=cause)
        return cause
    if isinstance(eff, RemoveDamage):  # "Remove all damage that was dealt to target J-Ruler this turn"
        damaged = [t for t in _targets_of(ctx, item, eff.target, group) if t in s.objects and s.objects[t].damage]
        if damaged:
            cause = ctx.emit("DamageCleared", {"oids": damaged}, "10.6 p1", cause=cause)
        return cause
    if isinstance(eff, Banish) and eff.target is not None:  # "Banish this card" / "banish it"
        for t in _targets_of(ctx, item, eff.target, group):
            obj = s.objects.get(t)
            if obj is None or obj.zone not in ("field", "stone_area"):
                continue  # no longer there: a new object, which "it" does not name (3.1 p3)
            if obj.controller != you:  # a player may not banish cards they don't control (10.10 p2)
                data = {"oid": t, "to": "graveyard", "reason": "banish"}
                cause = ctx.emit("CardMoveIgnored", data, "10.10 p2", cause=cause, actor=you)
                continue
            cause = move(ctx, t, "graveyard", cause, rule="10.10 p1", reason="banish", actor=you)
        return cause
    if isinstance(eff, Banish):
        assert eff.filter is not None
        p = _players(s, you, eff.who)[0]
        zones = ("stone_area",) if eff.filter.zone == "stone_area" else ("field",)
        mine = [o for z in zones for o in s.zones[p][z] if s.objects[o].controller == p]  # 10.10 p2
        can_banish = [o for o in mine if matches(s, eff.filter, o, p, src)]
        if eff.all_but_one:  # "banish all but one of them": one of each name is kept (2.2)
            groups = [g for g in conditions.same_name_groups(s, can_banish) if len(g) > 1]
            if not groups:
                return cause
            if choice is None:
                count = sum(len(g) - 1 for g in groups)
                asked = {"item": item.id, "cards": [o for g in groups for o in g], "count": count, "groups": groups}
                ctx.ask(p, "banish", asked, "10.10 p1", cause=cause)
                return None
            for oid in list(choice):
                cause = move(ctx, oid, "graveyard", cause, rule="10.10 p1", reason="banish", actor=p)
            return cause
        if len(can_banish) <= eff.count:
            banished = can_banish
        elif choice is None:
            asked = {"item": item.id, "cards": can_banish, "count": eff.count}
            ctx.ask(p, "banish", asked, "10.10 p1", cause=cause)
            return None
        else:
            banished = list(choice)
        for oid in banished:
            cause = move(ctx, oid, "graveyard", cause, rule="10.10 p1", reason="banish", actor=p)
        return cause
    if isinstance(eff, KeepOne):
        return _keep_one(ctx, item, eff, cause, choice)
    if isinstance(eff, GainControl):  # "gain control of target resonator" (1.5 p3)
        stolen = [t for t in _targets_of(ctx, item, eff.target, group) if t in s.objects]
        if eff.duration == "source_in_field" and stolen and not _is_source_in_field(s, item):
            return ctx.emit("ContinuousEffectNotMade", {"item": item.id, "source": src}, "9.9 p8", cause=cause)
        for t in stolen:
            obj = s.objects[t]
            if obj.zone != "field":
                continue
            data = {"oid": t, "from": obj.controller, "to": you}
            if eff.duration != "permanent":  # "... as long as this card is in a field", "... until end of turn"
                # a continuous effect (9.9): when it ends, the card returns to the controller the other
                # controller-changing effects give it, or to the one it had before them (1.5 p3)
                base = next((e.base for e in s.effects if e.kind == "control" and t in e.targets), obj.controller)
                lasting_control: dict[str, Any] = {"id": ctx.fresh_id("x"), "kind": "control", "source": src}
                lasting_control.update(controller=you, targets=[t], duration=eff.duration, base=base)
                cause = ctx.emit("ContinuousEffectCreated", lasting_control, "1.5 p3", cause=cause)
                data["effect"] = lasting_control["id"]
            if obj.controller != you:
                cause = ctx.emit("ControlChanged", data, "1.5 p3", cause=cause)
                cause = end_with_control(ctx, t, cause)
        return cause
    if isinstance(eff, PutOnMainDeck) and (eff.from_hand or eff.any_number):
        if choice is None:  # "any number of cards from your hand": none to all of them (10.13 p2)
            return _ask_from_hand(ctx, item, eff.from_hand, cause, any_number=eff.any_number)
        for oid in choice[0]:  # one by one, in the order the player listed them (3.1 p4)
            cause = move(ctx, oid, "main_deck", cause, rule="3.1 p5", reason="put", position=eff.position, actor=you)
        return cause
    if isinstance(eff, PutOnMainDeck):
        assert eff.target is not None
        for t in _targets_of(ctx, item, eff.target, group):
            if eff.position == "shuffled":  # "shuffle it into its owner's main deck" (10.20 p1)
                if t in s.objects:
                    owner = s.objects[t].owner
                    cause = move(ctx, t, "main_deck", cause, rule="3.1 p5", reason="put")
                    cause = shuffle(ctx, owner, "main_deck", list(s.zones[owner]["main_deck"]), cause, rule="10.20 p1")
                continue
            gone = eff.target.filter.zone != "graveyard"  # "... put it on the bottom": the card in the graveyard
            if eff.target.kind == "self" and t in s.objects and s.objects[t].zone != "field" and gone:
                continue  # "put this card on top": the card that left the field is a new object (3.1 p3)
            if t in s.objects:
                cause = move(ctx, t, "main_deck", cause, rule="3.1 p5", reason="put", position=eff.position)
        return cause
    if isinstance(eff, PutIntoRulerArea):  # "Put your J-Ruler into your ruler area, as a ruler" (3.8 p1)
        for t in _targets_of(ctx, item, eff.target, group):
            obj = s.objects[t]
            if obj.zone != "field" or obj.side != "j_ruler":
                continue
            cause = move(ctx, t, "ruler_area", cause, rule="3.8 p1", reason="effect", side="front")
            if obj.zone == "ruler_area" and obj.damage:  # a ruler holds no damage (10.6 p1)
                cause = ctx.emit("DamageCleared", {"oids": [t]}, "10.6 p1", cause=cause)
        return cause
    if isinstance(eff, Mill):
        pile = "stone_deck" if eff.deck == "stone" else "main_deck"  # "from your magic stone deck" (3.7)
        for p in _players(s, you, eff.who):
            for _ in range(len(s.zones[p][pile]) if eff.all else eff.count):
                deck = s.zones[p][pile]
                if not deck:
                    break
                if eff.to == "removed" and (eff.face_down or item.kind == "ability"):
                    # "... from the game face down" (3.12 p2.1); "removed by this card" (3.1 p3)
                    linked: dict[str, Any] = {"face_down": True} if eff.face_down else {}
                    if item.kind == "ability":
                        linked.update(removed_by=item.source, removed_by_since=removing_since(s, item))
                    how = "3.12 p2.1" if eff.face_down else "10.3 p1"
                    cause = move(ctx, deck[-1], "removed", cause, rule=how, reason="removed", **linked)
                elif eff.to == "removed":  # "remove the top card of your main deck from the game"
                    cause = move(ctx, deck[-1], "removed", cause, rule="10.3 p1", reason="removed")
                elif eff.to == "standby":  # "... into your chant-standby area face down" (3.11 p1, p2)
                    cause = move(ctx, deck[-1], "standby", cause, rule="3.11 p1", reason="put", face_down=True)
                elif eff.to == "bottom":  # "put the top card of your main deck on the bottom of it"
                    cause = move(ctx, deck[-1], "main_deck", cause, rule="3.1 p5", reason="put", position="bottom")
                else:
                    cause = move(ctx, deck[-1], "graveyard", cause, rule="3.1 p5", reason="put")
        return cause
    if isinstance(eff, ReshuffleGraveyard):
        return _reshuffle_graveyard(ctx, item, eff, group, cause)
    if isinstance(eff, PutStone):
        for p in _players(s, you, eff.who):
            deck = s.zones[p]["stone_deck"]
            if deck:
                stone = deck[-1]
                cause = move(ctx, stone, "stone_area", cause, rule="3.7 p1", reason="put", controller=p)
                if eff.rested and s.objects[stone].zone == "stone_area":
                    cause = ctx.emit("CardRested", {"oid": stone, "reason": "effect"}, "10.12 p1", cause=cause)
        return cause
    if isinstance(eff, PutIntoField) and eff.chosen_from is not None:
        return _put_chosen_into_field(ctx, item, eff, eff.chosen_from, cause, choice)
    if isinstance(eff, PutIntoField):
        assert eff.target is not None
        if eff.target.kind == "self" and (item.source_since is None or not is_same_source(s, item)):
            return cause  # "put this card into its owner's field": only the card where it went (3.1 p3)
        for t in _targets_of(ctx, item, eff.target, group):
            card = s.card_of(t)
            if card.type == "spell" or (card.type == "addition" and card.subtype != "field"):
                continue  # it cannot be in a field without a host (3.15 p4, 7.2 p4)
            owner = s.objects[t].owner
            to = eff.zone  # "... into your magic stone area": a magic stone (3.7)
            # "the resonator put into your field by this card": that card as the object that played it (3.1 p3)
            put_by: dict[str, Any] = {}
            if item.kind == "ability":
                put_by = {"put_by": item.source, "put_by_since": removing_since(s, item)}
            cause = move(
                ctx, t, to, cause, rule="3.1 p5", reason="put", controller=owner if eff.owners_field else you, **put_by
            )
            if eff.rested and s.objects[t].zone == to:
                cause = ctx.emit("CardRested", {"oid": t, "reason": "effect"}, "10.12 p1", cause=cause)
        return cause
    if isinstance(eff, Recover) and eff.up_to is not None:
        return _recover_up_to(ctx, item, eff, group, cause, choice)
    if isinstance(eff, (Rest, Recover)):
        for t in _targets_of(ctx, item, eff.target, group):
            if t in s.objects and s.objects[t].zone in PLAYGROUND and s.objects[t].rested != isinstance(eff, Rest):
                if isinstance(eff, Recover) and recovery_prohibited(s, t):
                    continue  # "cannot (be) recover(ed) ...": the prohibition wins (1.4 p4)
                ev_type = "CardRested" if isinstance(eff, Rest) else "CardRecovered"
                cause = ctx.emit(ev_type, {"oid": t, "reason": "effect"}, "10.12 p1", cause=cause)
                if isinstance(eff, Rest):  # "Whenever resonator with this becomes rested" (9.6 p1)
                    check_triggers(ctx, "becomes_rested", cause, oid=t)
                else:  # "as long as this card is rested": it is not any more (9.9 p8)
                    cause = end_source_rested(ctx, [t], cause)
        return cause
    raise AssertionError(f"unhandled effect {eff!r}")  # pragma: no cover


def _subject_stat(s: GameState, item: ChaseItem, stat: str) -> int:
    """The ATK/DEF of the object the trigger condition named ("the destroyed resonator"), as it last
    was in the field (9.6 p7.2, 9.11), while it is still the object it became as it left (3.1 p3)."""
    obj = s.objects.get(item.subject or "")
    if obj is None or item.subject_since is None or obj.zone_since != item.subject_since:
        return 0
    return conditions.source_stat(s, obj.oid, stat)


def _recover_up_to(
    ctx: Ctx, item: ChaseItem, eff: Recover, group: list[str] | None, cause: str, choice: Any
) -> str | None:
    """ "Recover up to two magic stones you control": the controller chooses, as the effect resolves,
    up to ``eff.up_to`` of the rested cards it names (9.3 p3.2) and recovers them (10.12 p1); a card
    that cannot be recovered is not offered (1.4 p4)."""
    s = ctx.s
    assert eff.up_to is not None
    you = item.controller
    rested = [
        t
        for t in _targets_of(ctx, item, eff.target, group)
        if t in s.objects and s.objects[t].zone in PLAYGROUND and s.objects[t].rested and not recovery_prohibited(s, t)
    ]
    if not rested:
        return cause
    if choice is None:
        asked = {"item": item.id, "cards": rested, "max": eff.up_to}
        ctx.ask(you, "recover", asked, "9.3 p3.2", cause=cause)
        return None
    for t in [c for c in choice if c in rested]:
        cause = ctx.emit("CardRecovered", {"oid": t, "reason": "effect"}, "10.12 p1", cause=cause, actor=you)
        cause = end_source_rested(ctx, [t], cause)  # "as long as this card is rested" ends (9.9 p8)
    return cause


def _destroyed_stat(s: GameState, previous: list[tuple[str, int]], stat: str) -> int:
    """The ATK/DEF of the previous effect's single target if that effect destroyed it (it went from
    the field to a graveyard since it was chosen), as it last was in the field (9.11); else 0."""
    if len(previous) != 1 or previous[0][0] not in s.objects:
        return 0
    oid, since = previous[0]
    obj = s.objects[oid]
    if obj.zone_since == since or obj.zone != "graveyard" or obj.moved_from != "field":
        return 0
    return conditions.source_stat(s, oid, stat)


def _previous_stat(s: GameState, previous: list[tuple[str, int]], stat: str) -> int:
    """The ATK/DEF of the previous effect's single target: now while it is the same object in the
    field, else as it was there when it has just left it (last known information, 9.11)."""
    if len(previous) != 1 or previous[0][0] not in s.objects:
        return 0
    oid, since = previous[0]
    obj = s.objects[oid]
    if obj.zone_since != since and obj.moved_from not in PLAYGROUND:
        return 0
    return conditions.source_stat(s, oid, stat)


def _reshuffle_graveyard(
    ctx: Ctx, item: ChaseItem, eff: ReshuffleGraveyard, group: list[str] | None, cause: str
) -> str:
    """The player's magic stones from their graveyard into their magic stone deck, every other
    card into their main deck (3.1 p5), then both decks shuffled (10.20 p1)."""
    s = ctx.s
    if eff.target is not None:
        players = [t for t in _targets_of(ctx, item, eff.target, group) if t in s.players]
    else:
        players = _players(s, item.controller, eff.who)
    for p in players:
        for oid in list(s.zones[p]["graveyard"]):
            to = "stone_deck" if s.card_of(oid).type == "magic_stone" else "main_deck"
            cause = move(ctx, oid, to, cause, rule="3.1 p5", reason="put")
        for deck in ("stone_deck", "main_deck"):
            cause = shuffle(ctx, p, deck, list(s.zones[p][deck]), cause, rule="10.20 p1")
    return cause


def _fight(
    ctx: Ctx,
    item: ChaseItem,
    eff: Fight,
    group: list[str] | None,
    other: list[str] | None,
    cause: str,
    choice: Any = None,
) -> str | None:
    """ "A and B deal damage equal to their ATK to each other" (FoW-5.5 10.6): both ATKs are read
    first, then each deals that damage to the other.  If either is gone from the field or no
    longer a legal target, the effect involves it and is not applied (9.3 p3.1).  With ``versus``
    ("this and a J/resonator your opponent controls"), B is chosen as the effect resolves (9.3 p3.2)."""
    s = ctx.s
    first = _targets_of(ctx, item, eff.target, group)[:1]
    if eff.versus is not None:
        if not first or first[0] not in s.objects or s.objects[first[0]].zone != "field":
            return cause  # "this": no longer in the field, no damage either way (3.1 p3)
        you = item.controller
        candidates = [
            o
            for p in s.order
            for o in s.zones[p]["field"]
            if o != first[0] and matches(s, eff.versus, o, you, item.source) and characteristics(s, o).def_ is not None
        ]
        if not candidates:
            return cause
        if len(candidates) > 1 and choice is None:
            asked = {"item": item.id, "cards": candidates, "count": 1}
            ctx.ask(you, "fight", asked, "9.3 p3.2", cause=cause)
            return None
        picked = candidates if len(candidates) == 1 else [str(c) for c in choice]
        pair = first + picked[:1]
    else:
        assert eff.other is not None
        pair = first + _targets_of(ctx, item, eff.other, other)[:1]
    in_field = [t for t in pair if t in s.objects and s.objects[t].zone == "field"]
    if len(in_field) != 2 or pair[0] == pair[1]:
        return cause
    if any(characteristics(s, t).def_ is None for t in pair):
        return cause  # no J/resonator: it has no ATK to deal, no DEF to be dealt damage (10.6 p4)
    atks = [characteristics(s, t).atk or 0 for t in pair]
    cause = deal_damage(ctx, pair[0], pair[1], atks[0], cause)
    return deal_damage(ctx, pair[1], pair[0], atks[1], cause)


def _look_top(ctx: Ctx, item: ChaseItem, eff: LookTop, cause: str, choice: Any) -> str | None:
    """Look at or reveal the top cards (the player looking may see them, 3.1 p2; revealed ones
    every player, 10.4 p1), put the chosen ones into the hand and the rest where the card says."""
    s = ctx.s
    you = item.controller
    pile: str = eff.pile
    if pile == "either":  # "your main deck or magic stone deck": the deck chosen first (9.3 p3.2)
        decks = ["main_deck", "stone_deck"]
        if choice is None:
            asked = {"item": item.id, "source": item.source, "choices": decks}
            ctx.ask(you, "option", asked, "9.3 p3.2", cause=cause)
            return None
        if isinstance(choice, int):
            chosen = {"item": item.id, "player": you, "deck": decks[choice]}
            cause = ctx.emit("OptionChosen", chosen, "9.3 p3.2", cause=cause, actor=you)
            pile, choice = decks[choice], None
        else:  # the cards looked at are still on top of the chosen deck
            pile = next((s.objects[o].zone for o in choice[1]), "main_deck")
    if choice is None:
        owner = s.opponent(you) if eff.deck == "opponent" else you
        looked = list(reversed(s.zones[owner][pile][-eff.count :]))  # from the top
        if not looked:
            return cause
        if owner != you:  # the looker sees them, no one else (3.1 p2): named in their view only
            for oid in looked:
                data = {"player": you, "oid": oid, "card": s.objects[oid].card}
                cause = ctx.emit("CardLookedAt", data, "3.1 p2", cause=cause)
        if eff.reveal:
            for oid in looked:
                cause = ctx.emit("CardRevealed", {"oid": oid, "player": you}, "10.4 p1", cause=cause)
        matching = [oid for oid in looked if _filter_match(s, eff.filter, oid)]
        if eff.to == "field":  # no spell, no addition that needs a host (3.15 p4, 7.2 p4)
            matching = [oid for oid in matching if _fits_field_alone(s, oid)]
        if eff.new_stone_name:  # "if you don't control a magic stone with the same name" (2.2)
            yours = {n for o in s.zones[you]["stone_area"] for n in names_of(s, o)}
            matching = [oid for oid in matching if not names_of(s, oid) & yours]
        least = 0 if eff.up_to else min(eff.pick, len(matching))
        options = {"item": item.id, "looked": looked, "cards": matching, "min": least, "max": eff.pick}
        rule = "10.13 p1" if eff.reveal else "10.13 p2"
        ctx.ask(you, "look", options, rule, cause=cause)
        return None
    picked, order = choice
    for oid in picked:
        if eff.to == "bottom":
            cause = move(ctx, oid, "main_deck", cause, rule="3.1 p5", reason="look", position="bottom", actor=you)
            continue
        if eff.to == "field":  # put, not played (10.13 p2)
            cause = move(ctx, oid, "field", cause, rule="10.13 p2", reason="look", controller=you, actor=you)
            continue
        if eff.to == "stone_area":  # put into your magic stone area (3.7)
            cause = move(ctx, oid, "stone_area", cause, rule="10.13 p2", reason="look", controller=you, actor=you)
            continue
        revealed = eff.reveal or eff.reveal_picked
        cause = move(ctx, oid, "hand", cause, rule="10.13 p2", reason="look", revealed=revealed, actor=you)
    if eff.rest == "top":  # back on top, the first listed on top (3.1 p4)
        order = list(reversed(order)) if len(order) > 1 else []
    for oid in order:  # the rest, in the order the player chose (3.1 p4)
        if eff.rest == "top":
            cause = move(ctx, oid, pile, cause, rule="3.1 p4", reason="look", actor=you)
        elif eff.rest == "graveyard":
            cause = move(ctx, oid, "graveyard", cause, rule="3.1 p5", reason="look", actor=you)
        elif eff.rest == "bottom":
            cause = move(ctx, oid, "main_deck", cause, rule="3.1 p5", reason="look", position="bottom", actor=you)
        else:
            cause = move(ctx, oid, "removed", cause, rule="3.12 p2.1", reason="look", face_down=True, actor=you)
    return cause


def _put_chosen_into_field(
    ctx: Ctx, item: ChaseItem, eff: PutIntoField, flt: Filter, cause: str, choice: Any
) -> str | None:
    """ "Put a Fairy resonator from your hand into your field": the player chooses one matching
    card as the effect resolves (from the public graveyard one must be chosen if any, 10.13 p1;
    from the hand, a hidden zone, they may find none, 10.13 p2)."""
    s = ctx.s
    you = item.controller
    if choice is None:
        owners = s.order if links_removed(flt) else [you]  # "a card removed by this card": any removed area
        cards = [
            oid
            for owner in owners
            for oid in s.zones[owner][flt.zone]
            if matches(s, flt, oid, you, item.source) and _search_match(s, Search(to="field"), oid, you, item.source)
        ]
        if not cards:
            return cause
        least = 1 if flt.zone == "graveyard" else 0
        options = {"item": item.id, "looked": cards, "cards": cards, "min": least, "max": 1}
        rule = "10.13 p1" if least else "10.13 p2"
        ctx.ask(you, "look", options, rule, cause=cause)
        return None
    for oid in choice[0]:
        cause = move(ctx, oid, "field", cause, rule="10.13 p2", reason="put", controller=you, actor=you)
        if s.objects[oid].zone == "field" and eff.rested:
            cause = ctx.emit("CardRested", {"oid": oid, "reason": "effect"}, "10.12 p1", cause=cause)
        if s.objects[oid].zone == "field" and eff.triggers_enter:  # the card text says so (1.4 p1)
            check_triggers(ctx, "enter", cause, oid=oid)
    return cause


def _ask_from_graveyard(ctx: Ctx, item: ChaseItem, count: int, up_to: bool, cause: str) -> str | None:
    """Ask the controller of ``item`` to choose ``count`` cards of their graveyard (as many as it
    holds; ``up_to``: from none) for an effect on cards "in your graveyard", a public zone (10.13 p1):
    None while it waits, the cause if the graveyard is empty."""
    you = item.controller
    cards = list(ctx.s.zones[you]["graveyard"])
    if not cards:
        return cause
    n = min(count, len(cards))
    asked = {"item": item.id, "looked": cards, "cards": cards, "min": 0 if up_to else n, "max": n}
    ctx.ask(you, "look", asked, "10.13 p1", cause=cause)
    return None


def _ask_from_hand(ctx: Ctx, item: ChaseItem, count: int, cause: str, *, any_number: bool = False) -> str | None:
    """Ask the controller of ``item`` to choose ``count`` cards of their hand (as many as it holds;
    ``any_number``: from none to all) for an effect on cards "from your hand" (10.13 p2): None while
    it waits, the cause if the hand is empty."""
    you = item.controller
    hand = list(ctx.s.zones[you]["hand"])
    if not hand:
        return cause
    n = min(count, len(hand))
    least, most = (0, len(hand)) if any_number else (n, n)
    asked = {"item": item.id, "looked": hand, "cards": hand, "min": least, "max": most}
    ctx.ask(you, "look", asked, "10.13 p2", cause=cause)
    return None


def and_or_pairs(s: GameState, eff: Search, candidates: list[str]) -> list[tuple[str, str]]:
    """The pairs of cards a search for "a X and/or a Y" may find together: one matching each filter."""
    assert eff.and_or is not None
    second = eff.and_or
    return [
        (a, b)
        for i, a in enumerate(candidates)
        for b in candidates[i + 1 :]
        if (_filter_match(s, eff.filter, a) and _filter_match(s, second, b))
        or (_filter_match(s, eff.filter, b) and _filter_match(s, second, a))
    ]


def _search_options(s: GameState, item: ChaseItem, eff: Search, candidates: list[str]) -> dict[str, Any]:
    """What a search asks its player: up to ``count`` of the matching cards; "for a card" names no
    information, so as many as can be must be found (10.13 p2: only a search for a card with
    specific information may fail to find one)."""
    asked: dict[str, Any] = {"item": item.id, "cards": candidates, "max": item.x if eff.count_x else eff.count}
    if eff.and_or is not None:  # "a X and/or a Y": at most one of each (10.13 p2)
        return {**asked, "either": [list(pair) for pair in and_or_pairs(s, eff, candidates)]}
    if eff.filter == Filter(zone="main_deck", types=[]):
        asked["min"] = min(asked["max"], len(candidates))
    return asked


def _search_deck(ctx: Ctx, item: ChaseItem, eff: Search, cause: str, choice: Any) -> str | None:
    """Search the main or magic stone deck (10.13 p2) and put the found cards on top of it after
    shuffling the rest (the move is part of the shuffle, 10.20 p2.1) or into the magic stone area;
    then the rest is shuffled (10.20 p1).  "For a card" names no information: one must be found
    if the deck has any (10.13 p2)."""
    s = ctx.s
    you = item.controller
    deck = list(s.zones[you][eff.deck])
    if choice is None:
        if not deck:
            return cause
        candidates = [oid for oid in deck if _filter_match(s, eff.filter, oid)]
        if eff.filter.max_total_cost_x:  # "with total cost X or less": the X paid (9.3 p2.5, 2.3)
            candidates = [oid for oid in candidates if total_cost(s.card_of(oid)) <= item.x]
        asked = _search_options(s, item, eff, candidates)
        ctx.ask(you, "search", asked, "10.13 p2", cause=cause)
        return None
    found = list(choice)
    if eff.to == "stone_area":
        for oid in found:
            cause = move(ctx, oid, "stone_area", cause, rule="10.13 p2", reason="search", controller=you, actor=you)
            if eff.rested and s.objects[oid].zone == "stone_area":
                cause = ctx.emit("CardRested", {"oid": oid, "reason": "effect"}, "10.12 p1", cause=cause)
        return shuffle(ctx, you, eff.deck, list(s.zones[you][eff.deck]), cause, rule="10.20 p1")
    from domain.kernel import Shuffler

    rest = [oid for oid in deck if oid not in found]
    index = s.shuffles
    order = Shuffler(s.seed, index).shuffled(rest) + found  # the found card on top (the end of the list)
    data = {"player": you, "zone": eff.deck, "order": order, "shuffle_index": index, "on_top": found}
    return ctx.emit("DeckShuffled", data, "10.20 p2.1", cause=cause)


def _search_match(s: GameState, eff: Search, oid: str, you: str, source: str | None = None) -> bool:
    if eff.to == "field" and not eff.added_to_source and not _fits_field_alone(s, oid):
        return False  # a spell or an addition that needs a host cannot be put into the field so
    equal = eff.total_cost_equal_to  # "with total cost equal to the number of ..." (2.3)
    if equal is not None and total_cost(s.card_of(oid)) != conditions.count_of(s, equal, you, source):
        return False
    return _filter_match(s, eff.filter, oid) or (eff.and_or is not None and _filter_match(s, eff.and_or, oid))


def _fits_field_alone(s: GameState, oid: str) -> bool:
    """Whether an effect can put this card into a field by itself: no spell (3.15 p4), no
    addition that needs a card to be added to."""
    card = s.card_of(oid)
    return not (card.type == "spell" or (card.type == "addition" and card.subtype != "field"))


def _total_cost(s: GameState, oid: str | None) -> int | None:
    """The total cost of the card ``oid`` (its cost's will symbols, 0 without a cost, FoW-5.5 2.3 p5)."""
    if oid is None:
        return None
    card = s.card_of(oid)
    return card.cost.total if card.cost is not None else 0


def _filter_match(s: GameState, flt: Filter, oid: str) -> bool:
    """Whether the card ``oid`` in a hidden zone matches the characteristics of ``flt``."""
    if flt.any_of:  # "a Regalia or Knight of the Round Table"
        return any(_filter_match(s, sub, oid) for sub in flt.any_of)
    card: Card = s.card_of(oid)
    if flt.types and card.type not in flt.types:
        return False
    if flt.attributes and not set(flt.attributes) & set(card.attributes):
        return False
    if flt.races and not set(flt.races) & set(card.races):
        return False
    if flt.name is not None and flt.name not in names_of(s, oid):
        return False
    if not matches_negations_and_skills(s, flt, oid):
        return False
    if flt.stone_types and not set(flt.stone_types) & stone_types_of(s, oid):
        return False
    if flt.min_atk is not None and (card.atk is None or card.atk < flt.min_atk):  # printed, in a hidden zone
        return False
    return flt.max_total_cost is None or (card.cost is not None and card.cost.total <= flt.max_total_cost)


def shuffle(ctx: Ctx, player: str, zone: str, oids: list[str], cause: str, *, rule: str) -> str:
    from domain.kernel import Shuffler

    index = ctx.s.shuffles
    order = Shuffler(ctx.s.seed, index).shuffled(oids)
    return ctx.emit(
        "DeckShuffled", {"player": player, "zone": zone, "order": order, "shuffle_index": index}, rule, cause=cause
    )
