"""Damage and destruction (FoW-5.5 10.6, 10.9, 10.17): dealing damage with its replacements and
preventions, and destroying."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
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
from domain.fow.versions import version

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
    # "it deals that much +200 instead", "double that much", "it's dealt to this card instead", then its
    # own "Prevent all damage that would be dealt to this card [by X]", those of the additions added to it
    # ("... dealt to [or dealt by] added J/resonator"), those covering it or you ("... to resonators you
    # control", "If damage would be dealt to you ..., prevent 200 of it"), the prevention effects made by
    # resolved effects and "Each turn, prevent the first damage ...": each applies once (9.10 p3), in the
    # order chosen where it matters (``plan_dealing``, asked by ``ask_replacement_order``)
    steps, ctx.replacement_next, _ = plan_dealing(
        s, source, target, amount, battle, ctx.replacement_picks, ctx.replacement_next, can_ask=False
    )
    for step in steps:
        if step.prevention:
            cause = _prevented(ctx, step.option, source, target, amount - step.amount, cause)
        else:
            data = {"source": source, "target": target, "amount": amount, "instead": step.amount}
            if step.option[1] == "to":
                data["to"] = step.target
            cause = ctx.emit("DamageReplaced", {**data, "effect": step.option[0]}, "9.10 p1", cause=cause)
        target, amount = step.target, step.amount
    to_card = target not in s.players
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


def _prevented(ctx: Ctx, option: Prevention, source: str, target: str, prevented: int, cause: str) -> str:
    """A prevention applied to damage ``source`` would deal to ``target``, preventing ``prevented`` of it
    (10.17 p1.1 for part of it, p1.2 for all of it)."""
    effect, kind, value = option
    done: dict[str, Any] = {"target": target, "amount": prevented, "effect": effect, "source": source}
    if kind == "first":  # "the first damage" this turn: prevented, and no longer (10.17 p1.2)
        done.update(player=value[0], once_per_turn_key=value[1])
    partial = kind == "part" or (kind == "effect" and value[0] is not None)
    cause = ctx.emit("DamagePrevented", done, "10.17 p1.1" if partial else "10.17 p1.2", cause=cause)
    if kind == "effect" and value[1] is not None and target not in ctx.s.players and prevented >= 100:
        # "... this way, put a [+100/+100] counter on it" for each 100 (10.21 p1)
        counters = {"oid": target, "counter": value[1], "count": prevented // 100}
        cause = ctx.emit("CounterPut", counters, "10.21 p1", cause=cause)
    return cause


@dataclass(frozen=True, slots=True)
class Applied:
    """A replacement applied to damage (``plan_dealing``): the ``option`` (a ``Replacement``, or a
    ``Prevention`` when ``prevention``) and the target and amount of the damage after it."""

    option: tuple[str, str, Any]
    prevention: bool
    target: str
    amount: int


Question = tuple[str, list[str], dict[str, Any]]
"""Which replacement of damage applies first: the player who chooses, the ids of the replacements to
choose among, and what the question says more (``ask_replacement_order``)."""


def plan_dealing(
    s: GameState,
    source: str,
    target: str,
    amount: int,
    battle: bool,
    picks: Sequence[str],
    start: int,
    *,
    can_ask: bool,
) -> tuple[list[Applied], int, Question | None]:
    """The replacements and preventions applied to damage ``source`` would deal to ``target``, in order
    (``Applied``); the index of the next unused pick; and, where the order of two or more of them changes
    the result and no pick is left among them, the question.  Under 5.5 (9.10 p2.1) the replacements that
    are no prevention first, in the order the controller of the source chooses (``plan_damage``), then
    the preventions, in the order the controller of what would be dealt the damage chooses
    (``plan_preventions``); where a version orders preventions among the other replacement effects (5.01
    9.10 p2 with 10.17 p1, ``plan_together``), all of them in the order the controller of the source
    chooses.  Without ``can_ask`` the first listed applies where no pick says otherwise."""
    if version(s.ruleset).preventions_among_replacements:
        return plan_together(s, source, target, amount, battle, picks, start, can_ask=can_ask)
    steps: list[Applied] = []
    if source in s.objects:
        replacing, start, question = plan_damage(s, source, target, amount, picks, start, can_ask=can_ask)
        if question is not None:
            return steps, start, (s.objects[source].controller, question, {})
        for option, new_target, new_amount in replacing:
            steps.append(Applied(option, False, new_target, new_amount))
            target, amount = new_target, new_amount
    to_card = target not in s.players
    if to_card and (s.objects[target].zone != "field" or characteristics(s, target).def_ is None):
        return steps, start, None  # no damage is dealt to it (10.6 p4)
    def_ = characteristics(s, target).def_ if to_card else None  # "damage less than its DEF"
    options = prevention_options(s, source, target, battle)
    preventing, start, question = plan_preventions(options, amount, def_, picks, start, can_ask=can_ask)
    if question is not None:  # all of them prevention effects: the controller of what would be dealt the
        # damage chooses (9.10 p2.1) - the player, or the card's controller
        player = s.objects[target].controller if to_card else target
        return steps, start, (player, question, {"dealt_to": target, "dealt": amount, "prevention": True})
    for option, prevented in preventing:
        amount -= prevented
        steps.append(Applied(option, True, target, amount))
    return steps, start, None


def _together(
    s: GameState, source: str, target: str, amount: int, battle: bool, applied: frozenset[str]
) -> list[Applied]:
    """Each replacement (``damage_replacements``) and prevention (``prevention_options``) that would apply
    now to ``amount`` damage from ``source`` to ``target`` and is not ``applied`` yet, with the damage
    after it: the replacements first, then the preventions, each in their own order."""
    out: list[Applied] = []
    if amount <= 0:
        return out  # no damage is left to be dealt: nothing replaces it
    if source in s.objects:
        for option in damage_replacements(s, source, target):
            if option[0] not in applied:
                out.append(Applied(option, False, *_replaced(option, target, amount)))
    to_card = target not in s.players
    if to_card and (s.objects[target].zone != "field" or characteristics(s, target).def_ is None):
        return out
    def_ = characteristics(s, target).def_ if to_card else None
    for prevention in prevention_options(s, source, target, battle):
        if prevention[0] not in applied and _prevention_applies(prevention, amount, def_):
            out.append(Applied(prevention, True, target, amount - _prevented_by(prevention, amount)))
    return out


def _together_outcomes(
    s: GameState, source: str, target: str, amount: int, battle: bool, applied: frozenset[str]
) -> set[tuple[str, int, frozenset[tuple[str, int]]]]:
    """Every result of applying the remaining replacements and preventions in every order (each once,
    9.10 p3): the target and damage left, and what the preventions used up or reduced by it prevented."""
    avail = _together(s, source, target, amount, battle, applied)
    if not avail:
        return {(target, amount, frozenset())}
    found: set[tuple[str, int, frozenset[tuple[str, int]]]] = set()
    for step in avail:
        used: frozenset[tuple[str, int]] = frozenset()
        if step.prevention and step.option[1] in ("effect", "first"):
            used = frozenset({(step.option[0], amount - step.amount)})
        for left in _together_outcomes(s, source, step.target, step.amount, battle, applied | {step.option[0]}):
            found.add((left[0], left[1], left[2] | used))
    return found


def plan_together(
    s: GameState,
    source: str,
    target: str,
    amount: int,
    battle: bool,
    picks: Sequence[str],
    start: int,
    *,
    can_ask: bool,
) -> tuple[list[Applied], int, Question | None]:
    """``plan_dealing`` where a prevention is one of the replacement effects (FoW-5.01 10.17 p1 "To prevent"
    damage is to apply replacement effect): where two or more of them apply and their order changes the
    result, the controller of the source - the controller of the card of the original situation (5.01
    9.10 p2) - chooses which applies first, preventions among them; each applies once (9.10 p3)."""
    steps: list[Applied] = []
    applied: frozenset[str] = frozenset()
    while True:
        avail = _together(s, source, target, amount, battle, applied)
        if not avail:
            return steps, start, None
        pick = avail[0]
        if len(avail) > 1 and len(_together_outcomes(s, source, target, amount, battle, applied)) > 1:
            ids = [step.option[0] for step in avail]
            if start < len(picks) and picks[start] in ids:
                pick = avail[ids.index(picks[start])]
                start += 1
            elif can_ask:
                chooser = s.objects[source].controller if source in s.objects else None
                if chooser is None:  # no card deals it: the controller of what would be dealt it
                    chooser = target if target in s.players else s.objects[target].controller
                preventions = [step.option[0] for step in avail if step.prevention]
                return steps, start, (chooser, ids, {"preventions": preventions})
        steps.append(pick)
        target, amount = pick.target, pick.amount
        applied |= {pick.option[0]}


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


def ask_replacement_order(
    ctx: Ctx,
    events: Sequence[tuple[str, str, int]],
    cause: str,
    where: dict[str, Any],
    *,
    excess: tuple[int, str] | None = None,
) -> bool:
    """Before damage events are dealt (``events``: source, target, amount): if the order of the
    replacements applying to one of them changes what is dealt and the picks made so far do not say
    it, ask the player who chooses which applies first (FoW-5.5 9.10 p2.1, ``plan_dealing``) and return
    True.  ``excess`` (5.01 [Pierce], 11.1 p2: the blocker's capacity and the attacked object): the
    damage the first event deals beyond that capacity is dealt to that object as well, next - known
    from what the replacements chosen make of the first."""
    s = ctx.s
    start = ctx.replacement_next
    queue = list(events)
    index = 0
    while index < len(queue):
        source, target, amount = queue[index]
        index += 1
        if amount <= 0 or source not in s.objects:
            continue
        if target not in s.players and (target not in s.objects or s.objects[target].zone != "field"):
            continue
        battle = "battle" in where
        steps, start, question = plan_dealing(
            s, source, target, amount, battle, ctx.replacement_picks, start, can_ask=True
        )
        if question is not None:
            player, choices, more = question
            asked = {**where, "source": source, "target": target, "amount": amount, **more}
            asked.update(choices=choices, chosen=list(ctx.replacement_picks[ctx.replacement_next :]))
            ctx.ask(player, "replacement", asked, "9.10 p2.1", cause=cause)
            return True
        if index == 1 and excess is not None:
            dealt_to, dealt = (steps[-1].target, steps[-1].amount) if steps else (target, amount)
            capacity, attacked = excess
            if dealt_to == target and dealt > capacity:
                queue.insert(1, (source, attacked, dealt - capacity))
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
    """Before an effect of ``item`` destroys ``targets``: where two or more replacements of a target's
    move to a graveyard apply and which one does changes what happens (Ragnarok's "remove that resonator
    ... and you gain life equal to its DEF instead" and "If a card would be put into a graveyard, remove
    it instead" or an effect's "remove it from the game instead", ``destruction_replacement_choices``)
    and its controller has not chosen yet, ask them which applies (FoW-5.5 9.10 p2); the effect then
    waits for the answer (``ChooseReplacement``), which carries the picks made before it
    (``moves_chosen``), and resumes where it asked.  (Any other move asks through the command that
    makes it: ``commands.ask_move_choice``.)"""
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
    replacement of the destruction itself) and two or more replacements of that move apply, changing
    what happens, those its controller chooses among (FoW-5.5 9.10 p2, ``graveyard_replacement_choices``);
    else None."""
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
