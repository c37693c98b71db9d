"""Zone movement (FoW-5.5 3.15): moving an object and what moving it replaces, ends or triggers;
drawing and shuffling."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.fow import conditions
from domain.fow.cards import Ability
from domain.fow.characteristics import (
    ability_loss,
    can_gain_life,
    cannot_be_recovered,
    characteristics,
    counter_increases,
    effective_type,
    graveyard_replacements,
    overrides_for,
)
from domain.fow.context import Ctx, ReplacementUnchosenError
from domain.fow.state import PLAYGROUND, GameState
from domain.fow.trigger_checks import check_delayed_on, check_triggers
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
    gaining = None  # "remove that resonator from the game and you gain life equal to its DEF instead"
    options = move_replacements(s, oid, to)
    if options:  # "remove it from the game instead" (9.10 p1): only the replaced move happens
        pick = options[0]
        ids = [effect for effect, _, _ in options]
        if len({gainer for _, _, gainer in options}) > 1:
            # which applies changes what happens: the controller of the card chooses (9.10 p2) - asked
            # before this move (``ReplacementUnchosenError``: the command or the effect resumes with the answer)
            chosen = ctx.move_picks.get(oid)
            if chosen not in ids:
                raise ReplacementUnchosenError(oid, to, ids, obj.controller)
            pick = options[ids.index(str(chosen))]
        elif len(options) > 1:  # they all do the same: applied without a question, and the event says so
            extra = {**extra, "alike": ids}
        effect, kind, _ = pick
        if kind == "graveyard":  # a banish or a discard as a cost is still paid by this move (the card left
            # as the cost asked)
            extra = {**extra, "instead_of": "graveyard", "replaced_by": effect, "replaced_rule": rule}
        else:
            extra = {**extra, "instead_of": to, "replaced_by": effect}
        gaining = effect if kind == "host" else None
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
    if obj.pseudo and s.objects[oid].zone != data["from"]:  # a copy moved out of its zone (10.16 p1.1)
        ev = ctx.emit("CopyCeasedToExist", {"oid": oid, "zone": s.objects[oid].zone}, "10.16 p1.1", cause=ev)
    return ev


MoveReplacement = tuple[str, str, str | None]
"""A replacement of a card's move into a graveyard or out of the field that removes it from the game
instead (FoW-5.5 9.10 p1): (its id, kind, the player it makes gain life or None) - ``effect`` ("If it would
leave your field this turn, remove it from the game instead", "If it's a resonator and it would be put into
a graveyard from a field this turn, remove it from game instead": a ``remove_instead`` effect), ``host``
(Ragnarok's "If a resonator dealt damage by added J/resonator would be put into a graveyard this turn,
remove that resonator from the game and you gain life equal to its DEF instead": the addition, its
controller gaining the life), ``graveyard`` ("If a card would be put into a graveyard from anywhere,
remove it from the game instead": ``<card>:<index>``)."""


def move_replacements(s: GameState, oid: str, to: str) -> list[MoveReplacement]:
    """The replacements that would apply to moving ``oid`` to ``to`` (``MoveReplacement``), the effects
    first (oldest first), then the additions, then the abilities, each in seat and zone order."""
    obj = s.objects[oid]
    out: list[MoveReplacement] = []
    if obj.zone == "field" and to not in ("field", "removed") and movement_blocked(s, oid, "removed") is None:
        out += [(e, "effect", None) for e in removed_instead_effects(s, oid, to)]
        if to == "graveyard":
            out += [(a, "host", s.objects[a].controller) for a in damaged_by_host_replacements(s, oid)]
    if to == "graveyard" and obj.zone != "graveyard":
        out += [(r, "graveyard", None) for r in graveyard_replacements(s, oid)]
    return out


def damaged_by_host_replacements(s: GameState, oid: str) -> list[str]:
    """The additions in a field whose "If a resonator dealt damage by added J/resonator would be put into
    a graveyard this turn, remove that resonator from the game and you gain life equal to its DEF
    instead" (9.10 p1) would replace the move of ``oid`` from the field to a graveyard."""
    obj = s.objects[oid]
    if effective_type(s, oid) != "resonator" or obj.damaged_turn != s.turn or not obj.damaged_by:
        return []
    found: list[str] = []
    for p in s.order:
        for addition in s.zones[p]["field"]:
            host = s.objects[addition].attached_to
            if host is None or host not in obj.damaged_by or host == oid:
                continue
            for _, ability in characteristics(s, addition).abilities:
                if ability.replaces == "damaged_by_host_to_graveyard" and replacement_applies(s, ability, addition):
                    found.append(addition)
                    break
    return found


def graveyard_replacement_choices(s: GameState, oid: str, to: str = "graveyard") -> list[str] | None:
    """When two or more replacements would replace the move of ``oid`` to ``to`` (``move_replacements``) and
    which one applies changes what happens - Ragnarok's makes a player gain life, "remove it instead"
    does not - the ids of all of them, among which the controller of the card chooses the one to apply
    (FoW-5.5 9.10 p2); else None (none, one, or all alike: ``move`` applies the first)."""
    options = move_replacements(s, oid, to)
    return [effect for effect, _, _ in options] if len({gainer for _, _, gainer in options}) > 1 else None


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


def removed_instead_effects(s: GameState, oid: str, to: str) -> list[str]:
    """The ids of the "remove it from the game instead" effects (9.10 p1) replacing the move of ``oid``
    from the field to ``to``, oldest first: ``field`` while the effect's controller controls it ("your
    field"), ``field_to_graveyard`` for a move into a graveyard."""
    obj = s.objects[oid]
    found: list[str] = []
    for eff in s.effects:
        if eff.kind != "remove_instead" or oid not in eff.targets:
            continue
        yours = "field" in eff.rules and obj.controller == eff.controller
        if yours or ("field_to_graveyard" in eff.rules and to == "graveyard"):
            found.append(eff.id)
    return found


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


def draw(ctx: Ctx, player: str, count: int, cause: str, *, rule: str = "10.8 p1", actor: str = RULES_AUTHORITY) -> str:
    """Draw ``count`` cards; each card drawn (and an attempt to draw from an empty main deck)
    follows from ``cause``, the step or effect that drew, not from the card drawn before it.
    Returns the id of the last event."""
    s = ctx.s
    last = cause
    for _ in range(count):
        deck = s.zones[player]["main_deck"]
        if not deck:
            return ctx.emit("DrawFromEmptyDeckAttempted", {"player": player}, "13.1 p2", cause=cause, actor=actor)
        last = move(ctx, deck[-1], "hand", cause, rule=rule, reason="draw", actor=actor)
    return last


def end_source_rested(ctx: Ctx, oids: Sequence[str], cause: str) -> str:
    """The effects lasting "as long as this card is rested" whose source is one of ``oids`` - just
    recovered, or gone from the field - end (9.9 p8: the condition is off)."""
    lasting = [e.id for e in ctx.s.effects if e.duration == "source_rested" and e.source in oids]
    return end_effects(ctx, lasting, "its source is no longer rested", "9.9 p8", cause) if lasting else cause


def end_with_control(ctx: Ctx, oid: str, cause: str) -> str:
    """The effects of ``oid`` lasting "as long as you control this card" end once another player
    controls it (FoW-5.5 9.1 p2.2, 1.5 p3)."""
    obj = ctx.s.objects[oid]
    lost = [e.id for e in ctx.s.effects if e.duration == "source_controlled" and e.source == oid]
    lost = [i for i in lost for e in ctx.s.effects if e.id == i and e.controller != obj.controller]
    if not lost:
        return cause
    return end_effects(ctx, lost, "its controller no longer controls its source", "9.1 p2.2", cause)


def shuffle(ctx: Ctx, player: str, zone: str, oids: list[str], cause: str, *, rule: str) -> str:
    from domain.kernel import Shuffler

    index = ctx.s.shuffles
    order = Shuffler(ctx.s.seed, index).shuffled(oids)
    return ctx.emit(
        "DeckShuffled", {"player": player, "zone": zone, "order": order, "shuffle_index": index}, rule, cause=cause
    )
