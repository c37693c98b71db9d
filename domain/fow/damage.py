"""Damage and destruction (FoW-5.5 10.6, 10.9, 10.17): dealing damage with its replacements and
preventions, and destroying."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.fow.cards import Ability, Filter
from domain.fow.characteristics import (
    characteristics,
    covers,
    damage_increases,
    effective_type,
    grants_abilities,
    is_active_zone,
    is_affected,
    matches,
    overrides_for,
)
from domain.fow.context import Ctx
from domain.fow.matching import _filter_match
from domain.fow.movement import graveyard_replacement_choices, move, replacement_applies
from domain.fow.state import ChaseItem, GameState
from domain.fow.trigger_checks import add_trigger, check_delayed_on, check_triggers

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
    # added to it ("... dealt to [or dealt by] added J/resonator"), those covering it or you ("... to
    # resonators you control", "If damage would be dealt to you ..., prevent 200 of it"), the prevention
    # effects made by resolved effects and "Each turn, prevent the first damage ...": each applies once
    # (9.10 p3), in the order the controller of what would be dealt the damage chose where it matters
    # (9.10 p2.1, ``ask_replacement_order``), else in the order ``prevention_options`` lists them
    def_ = characteristics(s, target).def_ if to_card else None  # "damage less than its DEF"
    options = prevention_options(s, source, target, battle)
    preventing, ctx.replacement_next, _ = plan_preventions(
        options, amount, def_, ctx.replacement_picks, ctx.replacement_next, can_ask=False
    )
    for (effect, kind, value), prevented in preventing:
        done: dict[str, Any] = {"target": target, "amount": prevented, "effect": effect, "source": source}
        if kind == "first":  # "the first damage" this turn: prevented, and no longer (10.17 p1.2)
            done.update(player=value[0], once_per_turn_key=value[1])
        partial = kind == "part" or (kind == "effect" and value[0] is not None)
        cause = ctx.emit("DamagePrevented", done, "10.17 p1.1" if partial else "10.17 p1.2", cause=cause)
        amount -= prevented
        if kind == "effect" and value[1] is not None and to_card and prevented >= 100:  # "... this way, put
            # a [+100/+100] counter on it" for each 100 (10.21 p1)
            counters = {"oid": target, "counter": value[1], "count": prevented // 100}
            cause = ctx.emit("CounterPut", counters, "10.21 p1", cause=cause)
    if amount <= 0:
        return cause
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


Prevention = tuple[str, str, Any]
"""A prevention of damage (FoW-5.5 10.17): (``<card>:<index>`` or effect id, kind, value) - ``all`` ("Prevent
all damage that would be dealt to this card"), ``part`` ("prevent 500 of it", value: 500), ``small`` ("If
this card would be dealt 700 or less damage [damage less than its DEF], prevent it", value: (700 or None,
whether "less than its DEF")), ``effect`` (a prevention effect a resolved effect made, value: (its amount or
None for all, its counter per 100 prevented or None)), ``first`` ("Each turn, prevent the first damage
...", value: (its controller, the key recording it in their ``once_per_turn_used``))."""


def prevention_options(s: GameState, source: str, target: str, battle: bool) -> list[Prevention]:
    """The preventions that would apply to damage ``source`` would deal to ``target`` (10.17), in the
    order they apply when their order changes nothing or nobody could be asked: the card's own and those
    covering it that prevent all of it, those that prevent part of it, those that prevent small damage,
    the prevention effects of resolved effects, then each "prevent the first damage each turn" not used
    this turn.  (9.10 p2.1 gives that order to a player: this one is only the default.)"""
    preventions = _own_preventions(s, source, target, battle)
    out: list[Prevention] = []
    for effect, ability in preventions:
        if ability.first_each_turn:
            continue
        if ability.prevent_amount is None and ability.prevent_at_most is None and not ability.prevent_below_def:
            out.append((effect, "all", None))
    out += [(e, "part", a.prevent_amount) for e, a in preventions if not a.first_each_turn and a.prevent_amount]
    out += [
        (e, "small", (a.prevent_at_most, a.prevent_below_def))
        for e, a in preventions
        if not a.first_each_turn and a.prevent_amount is None and (a.prevent_at_most is not None or a.prevent_below_def)
    ]
    for eff in s.effects:
        if eff.kind == "prevent" and is_affected(s, eff, source if eff.by else target):  # "dealt by" / "dealt to"
            out.append((eff.id, "effect", (eff.amount, eff.counter_per_100)))
    for effect, _ in [(e, a) for e, a in preventions if a.first_each_turn]:
        holder = effect.rsplit(":", 1)[0]
        obj = s.objects[holder]
        key = f"first_damage:{effect}@{obj.zone_since}"  # as the object its card is (3.1 p3)
        if key not in s.players[obj.controller].once_per_turn_used:
            out.append((effect, "first", (obj.controller, key)))
    return out


def _prevention_applies(option: Prevention, amount: int, def_: int | None) -> bool:
    if amount <= 0:
        return False
    _, kind, value = option
    if kind != "small":
        return True
    at_most, below_def = value
    return (at_most is not None and amount <= at_most) or (bool(below_def) and def_ is not None and amount < def_)


def _prevented_by(option: Prevention, amount: int) -> int:
    _, kind, value = option
    if kind == "part":
        return min(int(value), amount)
    if kind == "effect" and value[0] is not None:
        return min(int(value[0]), amount)
    return amount


def _prevention_outcomes(
    options: Sequence[Prevention], amount: int, def_: int | None, applied: frozenset[str]
) -> set[tuple[int, frozenset[tuple[str, int]]]]:
    """Every result of applying the remaining preventions in every order (each once, 9.10 p3): the damage
    left and what the preventions that are used up or reduced by it prevented (a prevention effect, "the
    first damage each turn"); the others prevent alike whichever applies first."""
    avail = [o for o in options if o[0] not in applied and _prevention_applies(o, amount, def_)]
    if not avail:
        return {(amount, frozenset())}
    found: set[tuple[int, frozenset[tuple[str, int]]]] = set()
    for option in avail:
        prevented = _prevented_by(option, amount)
        used = frozenset({(option[0], prevented)}) if option[1] in ("effect", "first") else frozenset()
        for left, recs in _prevention_outcomes(options, amount - prevented, def_, applied | {option[0]}):
            found.add((left, recs | used))
    return found


def plan_preventions(
    options: Sequence[Prevention], amount: int, def_: int | None, picks: Sequence[str], start: int, *, can_ask: bool
) -> tuple[list[tuple[Prevention, int]], int, list[str] | None]:
    """The preventions applied to ``amount`` damage, in order, with what each prevents; the index of the
    next unused pick; and, when two or more apply and their order changes the result, with no pick left
    among them, the question (their ids) for the controller of what would be dealt the damage (FoW-5.5
    9.10 p2.1: all of them prevention effects).  Without ``can_ask`` the first listed applies."""
    steps: list[tuple[Prevention, int]] = []
    applied: frozenset[str] = frozenset()
    while True:
        avail = [o for o in options if o[0] not in applied and _prevention_applies(o, amount, def_)]
        if not avail:
            return steps, start, None
        pick = avail[0]
        if len(avail) > 1 and len(_prevention_outcomes(options, amount, def_, applied)) > 1:
            ids = [o[0] for o in avail]
            if start < len(picks) and picks[start] in ids:
                pick = avail[ids.index(picks[start])]
                start += 1
            elif can_ask:
                return steps, start, ids
        prevented = _prevented_by(pick, amount)
        steps.append((pick, prevented))
        amount -= prevented
        applied |= {pick[0]}


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
        steps, start, question = plan_damage(s, source, target, amount, ctx.replacement_picks, start, can_ask=True)
        asked = {**where, "source": source, "target": target, "amount": amount}
        player = s.objects[source].controller
        if question is None:  # then the preventions, all of them prevention effects: the controller of what
            # would be dealt the damage chooses (9.10 p2.1) - the player, or the card's controller
            if steps:
                target, amount = steps[-1][1], steps[-1][2]
            if target not in s.players and (
                s.objects[target].zone != "field" or characteristics(s, target).def_ is None
            ):
                continue  # no damage is dealt to it (10.6 p4)
            def_ = None if target in s.players else characteristics(s, target).def_
            options = prevention_options(s, source, target, battle="battle" in where)
            _, start, question = plan_preventions(options, amount, def_, ctx.replacement_picks, start, can_ask=True)
            if question is None:
                continue
            player = target if target in s.players else s.objects[target].controller
            asked.update(dealt_to=target, dealt=amount, prevention=True)
        asked.update(choices=question, chosen=list(ctx.replacement_picks[ctx.replacement_next :]))
        ctx.ask(player, "replacement", asked, "9.10 p2.1", cause=cause)
        return True
    return False


def _asks_replacements(
    ctx: Ctx, item: ChaseItem, dealing: Sequence[tuple[str, str, int]], cause: str, **more: Any
) -> bool:
    """Before an effect of ``item`` deals its damage: ask which replacement applies first where the
    order matters (FoW-5.5 9.10 p2.1); the effect then waits for the answer (``ChooseReplacement``).
    The question records where the effect resumes: inside which "you may"/"if" (``wrapper``) and
    ``more`` (the J/resonator a fight chose, ``fight``)."""
    if not ctx.replacement_asks:
        return False
    where: dict[str, Any] = {"item": item.id, **more}
    if ctx.wrapper_frames:
        where["wrapper"] = [dict(f) for f in ctx.wrapper_frames]
    return ask_replacement_order(ctx, dealing, cause, where)


def _asks_move_replacements(ctx: Ctx, item: ChaseItem, targets: Sequence[str], cause: str) -> bool:
    """Before an effect of ``item`` destroys ``targets``: where two replacements of a target's move to
    a graveyard apply (Ragnarok's "remove that resonator ... and you gain life equal to its DEF
    instead" and "If a card would be put into a graveyard, remove it instead",
    ``destruction_replacement_choices``) and its controller has not chosen yet, ask them which applies
    (FoW-5.5 9.10 p2); the effect then waits for the answer (``ChooseReplacement``), which carries
    the picks made before it (``moves_chosen``), and resumes where it asked."""
    if not ctx.replacement_asks:
        return False
    s = ctx.s
    for t in targets:
        if t in ctx.move_picks or t not in s.objects:
            continue
        choices = destruction_replacement_choices(s, t)
        if choices is None:
            continue
        asked: dict[str, Any] = {"item": item.id, "move": t, "to": "graveyard", "choices": choices}
        asked["moves_chosen"] = dict(sorted(ctx.move_picks.items()))
        if ctx.wrapper_frames:
            asked["wrapper"] = [dict(f) for f in ctx.wrapper_frames]
        ctx.ask(s.objects[t].controller, "replacement", asked, "9.10 p2", cause=cause)
        return True
    return False


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


def destruction_replacement_choices(s: GameState, oid: str) -> list[str] | None:
    """When destroying ``oid`` would put it into a graveyard (10.9 p1: no "cannot be destroyed", no
    replacement of the destruction itself) and two replacements of that move apply, the two its
    controller chooses between (FoW-5.5 9.10 p2, ``graveyard_replacement_choices``); else None."""
    obj = s.objects[oid]
    if obj.zone != "field" or obj.side == "j_ruler" or overrides_for(s, oid).cannot_be_destroyed:
        return None
    replaced = [
        (holder, ability)
        for holder in [oid, *[a for p in s.order for a in s.zones[p]["field"] if s.objects[a].attached_to == oid]]
        for _, ability in characteristics(s, holder).abilities
        if ability.kind == "replacement"
        and ability.replaces == ("self_destroyed" if holder == oid else "host_destroyed")
    ]
    if any(replacement_applies(s, ability, holder) for holder, ability in replaced):
        return None  # the destruction itself is replaced (9.10 p1): no move to a graveyard
    return graveyard_replacement_choices(s, oid)


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
