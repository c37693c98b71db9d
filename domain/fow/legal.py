"""The helpers of ``legal_actions``: paying will, target combinations, the priority actions."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from typing import Any

from domain.fow import actions, conditions, costs
from domain.fow.cards import Ability, ActivateCost, Cost, JudgmentOption
from domain.fow.characteristics import (
    activate_forbidden,
    any_attribute_will,
    banish_alternatives,
    characteristics,
    effective_type,
    granted_quickcast,
    is_active_zone,
    moon_will_as,
    play_cost_changes,
    play_permissions,
    play_price,
    standby_cost,
)
from domain.fow.commands import MAX_X
from domain.fow.other_commands import _judgment_cost, _less, _own_judgment_less, can_lifebreak
from domain.fow.play_commands import _total_cost_x_ok, _with_counters_x
from domain.fow.state import GameState, Triggered
from domain.fow.timing import _with_x, is_main_timing
from domain.fow.versions import version
from domain.kernel import JSON, Command


def _counters_x_commands(
    s: GameState, player: str, oid: str, index: int, ability: Ability, will: Cost, more: dict[str, JSON]
) -> list[Command]:
    """``ActivateAbility`` with each X from 0 up to the counters this card has, for "remove X magic
    counters from this card", and targets of total cost X (9.3 p2.4, p2.5)."""
    rc = ability.cost.remove_counters
    assert rc is not None
    pay = plan_payment(s, player, will, exclude=[oid] if ability.cost.rest else [])
    if pay is None:
        return []
    out: list[Command] = []
    groups = actions.chosen_groups(ability.effects)
    for x in range(min(MAX_X, s.objects[oid].counters.get(rc.counter or "", 0)) + 1):
        paid = _with_counters_x(ability, x)
        if not costs.can_pay_without_choice(s, paid, oid):
            break
        for combo in _target_options(s, groups, player, oid) or []:
            if _total_cost_x_ok(s, groups, combo, x):
                args: dict[str, JSON] = {"source": oid, "ability": index, "targets": combo, "pay_with": pay}
                out.append(Command("ActivateAbility", player, {**args, **more, "x": x}))
                break
    return out


def _judgment_x_commands(
    s: GameState, player: str, ruler: str, judgment: JudgmentOption, section: dict[str, JSON]
) -> list[Command]:
    """``PerformJudgment`` with each X from 0 up the player can pay for a [Judgment] with an {X} cost."""
    out: list[Command] = []
    for x in range(MAX_X + 1):
        changed, fewer, _ = _judgment_cost(s, player, _with_x(judgment.cost, x, judgment.x_symbol))
        fewer += _own_judgment_less(s, player, ruler, judgment)
        pay = plan_payment(s, player, _less(changed, fewer))
        if pay is None:
            break
        out.append(Command("PerformJudgment", player, {"pay_with": pay, **section, "x": x}))
    return out


# --- legal actions ----------------------------------------------------------------------

MAX_TARGET_COMBOS = 12


def _will_sources(s: GameState, player: str) -> list[tuple[str, int, list[list[str]]]]:
    out = []
    for zone in ("stone_area", "ruler_area", "field"):
        for oid in s.zones[player][zone]:
            obj = s.objects[oid]
            if activate_forbidden(s, oid):  # will abilities too (1.4 p4)
                continue
            for i, a in characteristics(s, oid).abilities:
                if actions.is_will_ability(a) and is_active_zone(s.card_of(oid), obj.zone):
                    if a.cost.rest and (obj.rested or not actions.sickness_ok(s, oid)):
                        continue
                    if a.cost.banish_self or a.cost.pay_life or costs.has_extra_costs(a):
                        continue
                    if actions.activate_will_cost(s, player, oid, a).total:  # also "pays {1} more" (9.3 p2.5)
                        continue
                    if a.once_per_turn and f"{oid}:{i}" in s.players[player].once_per_turn_used:
                        continue
                    out.append((oid, i, actions.will_options(a, s, player)))
    return out


Part = tuple[Cost, actions.Use | None, bool]
"""One cost paid in turn as a command pays it: the cost, what it pays for (``None``: anything) and
whether its attribute cost may be paid with will of any attribute (1.4 p1)."""


def plan_payment(
    s: GameState,
    player: str,
    cost: Cost,
    exclude: Sequence[str] = (),
    use: actions.Use | None = None,
    *,
    any_attribute: bool = False,
    then: Sequence[Part] = (),
) -> list[dict[str, JSON]] | None:
    """A ``pay_with`` list that pays ``cost`` from the pool plus will abilities, or None.  Will that
    may pay only for some things ("Spend that will only to play Fairy resonators", 1.4 p1) is used
    only for such a ``use``; ``any_attribute``: "You may pay the attribute cost of ... with will of any
    attribute" (1.4 p1).  ``then``: costs paid after it from what is left (an [Awakening] cost, 12.1 p1,
    which will that may pay only for [Awakening] costs pays).  The plan is checked as the command pays:
    each part in turn, from the will that may pay for it (:func:`_pays_in_turn`)."""
    parts: list[Part] = [(cost, use, any_attribute), *then]
    pool = list(s.players[player].will)
    restricted = [dict(w) for w in s.players[player].restricted_will]
    moon_as = moon_will_as(s, player)  # "You may spend {M} as though it were {G}"
    if _pays_in_turn(s, player, pool, restricted, parts, moon_as):
        return []
    uses = [part_use for _, part_use, _ in parts]
    sources = [
        src
        for src in _will_sources(s, player)
        if src[0] not in exclude and any(_may_use_source(s, player, src[0], src[1], u) for u in uses)
    ]
    any_attr = any(flag for _, _, flag in parts)
    plan: list[dict[str, JSON]] = []
    need: Counter[str] = Counter()
    for part_cost, _, _ in parts:
        need.update({str(k): v for k, v in part_cost.attribute.items()})
    usable = [w["will"] for w in restricted if any(actions.may_spend_on(s, w["spend_only"], player, u) for u in uses)]
    for w in pool + usable:
        if need[w] > 0:
            need[w] -= 1
    used: set[str] = set()

    def produce(oid: str, idx: int, option: list[str], multi: bool) -> None:
        used.add(oid)
        spend_only = actions.spend_only_of(dict(characteristics(s, oid).abilities)[idx])
        if spend_only:  # kept apart, as WillProduced records it (9.7 p4)
            restricted.extend({"will": w, "spend_only": spend_only} for w in option)
        else:
            pool.extend(option)
        plan.append({"source": oid, "ability": idx, **({"choice": _choice_of(s, oid, idx, option)} if multi else {})})

    # produce the needed attributes first, preferring sources with a single option
    for attr in list(need.elements()):
        if _pays_in_turn(s, player, pool, restricted, parts, moon_as):
            break
        found = None
        for oid, idx, options in sorted(sources, key=lambda x: len(x[2])):
            opt = next((o for o in options if attr in o), None)
            if opt is None and attr in moon_as:  # moon will pays it too
                opt = next((o for o in options if "M" in o), None)
            if opt is None and any_attr:  # will of any attribute pays it (1.4 p1)
                opt = next((o for o in options if set(o) & set("WRUGB")), None)
            if oid not in used and opt is not None:
                found = (oid, idx, opt, len(options) > 1)
                break
        if found is None:
            return None
        produce(*found)
    for oid, idx, options in sources:
        if _pays_in_turn(s, player, pool, restricted, parts, moon_as):
            break
        if oid not in used:
            produce(oid, idx, options[0], len(options) > 1)
    return plan if _pays_in_turn(s, player, pool, restricted, parts, moon_as) else None


def _pays_in_turn(
    s: GameState,
    player: str,
    pool: Sequence[str],
    restricted: Sequence[dict[str, Any]],
    parts: Sequence[Part],
    moon_as: frozenset[str],
) -> bool:
    """Whether ``pool`` and the ``restricted`` wills pay each part in turn as :func:`actions.pay_will`
    does: the restricted wills that may pay for it first, then the pool (10.2 p1, 1.4 p1)."""
    pool = list(pool)
    restricted = list(restricted)
    for cost, use, any_attribute in parts:
        if cost.total == 0:
            continue
        usable = [w for w in restricted if actions.may_spend_on(s, w["spend_only"], player, use)]
        paid = actions.allocate([w["will"] for w in usable] + pool, cost, moon_as, any_attribute=any_attribute)
        if paid is None:
            return False
        for w in paid:
            entry = next((u for u in usable if u["will"] == w), None)
            if entry is not None:
                usable.remove(entry)
                restricted.remove(entry)
            else:
                pool.remove(w)
    return True


def _awakening_plan(
    s: GameState, player: str, oid: str, priced: Cost, extra: Cost, any_attribute: bool
) -> list[dict[str, JSON]] | None:
    """A ``pay_with`` that pays the card's cost ``priced``, then its [Awakening] cost ``extra`` (an
    additional cost, 12.1 p1), each from the will that may pay for it, as ``PlayCard`` pays them."""
    then: list[Part] = [(extra, ("awakening", oid), False)]
    return plan_payment(s, player, priced, use=("play", oid), any_attribute=any_attribute, then=then)


def _ability_use(ability: Ability, oid: str) -> actions.Use:
    """What the will paid for ``ability`` of ``oid`` pays for: a God's Art or another [Activate] ability."""
    return ("gods_art" if ability.gods_art else "activate", oid)


def _choice_of(s: GameState, oid: str, index: int, option: list[str]) -> str:
    """The ``choice`` of a will ability producing ``option`` (its last will, or all of them)."""
    ability = dict(characteristics(s, oid).abilities)[index]
    return actions.will_choice(actions.will_options(ability, s, s.objects[oid].controller), option)


def _may_use_source(s: GameState, player: str, oid: str, index: int, use: actions.Use | None) -> bool:
    """Whether a will ability's will could pay here: any will, or will that may pay only for some
    things when ``use`` is one of them (1.4 p1)."""
    spend_only = actions.spend_only_of(dict(characteristics(s, oid).abilities)[index])
    return actions.may_spend_on(s, spend_only, player, use)


def _target_options(s: GameState, groups: Sequence[Any], player: str, source: str) -> list[list[list[str]]] | None:
    per_group: list[list[list[str]]] = []
    for g in groups:
        legal = actions.legal_targets(s, g, player, source)
        if not legal and not g.up_to:
            return None
        sizes = range(min(g.count, len(legal)), -1, -1) if g.up_to else [min(g.count, len(legal))]
        per_group.append([list(c) for n in sizes for c in itertools.combinations(legal, n)])
    combos = (c for c in itertools.product(*per_group) if actions.distinct_seconds(groups, c))
    return [list(combo) for combo in itertools.islice(combos, MAX_TARGET_COMBOS)]


def _trigger_commands(s: GameState, trig: Triggered, player: str) -> list[Command]:
    """The ways to play one triggered automatic object (targets and payment filled in)."""
    groups = actions.chosen_groups(actions.trigger_effects(s, trig))
    combos = _target_options(s, groups, player, trig.source) or [[]]
    pay: list[dict[str, JSON]] | None = []
    if trig.kind == "card":
        cost = actions.automatic_card_cost(s, trig)  # its own cost too from the hand (7.9 p4)
        pay = plan_payment(s, player, cost) if cost else []
    return [Command("PlayTriggered", player, {"trigger": trig.id, "targets": c, "pay_with": pay or []}) for c in combos]


def _priority_actions(s: GameState, player: str) -> list[Command]:
    out: list[Command] = [Command("Pass", player)]
    main = is_main_timing(s, player)
    elsewhere = [o for z in ("graveyard", "removed", "outside") for o in s.zones[player][z]]  # outside: 3.16 p1
    for oid in list(s.zones[player]["hand"]) + list(s.zones[player]["standby"]) + elsewhere:
        card = s.cards[s.objects[oid].card]
        if card.type in ("ruler", "j_ruler", "magic_stone"):
            continue
        zone = s.objects[oid].zone
        if zone in ("graveyard", "removed", "outside") and not play_permissions(s, player, oid):
            continue  # [Remnant], "You may play cards in your graveyard", "... from the removed area"
        if zone == "standby" and not (card.subtype == "chant_standby" and card.trigger == "anytime"):
            continue
        anytime = (  # "anytime" from the hand, its cost paid (7.9 p4; not in 5.01, whose 7.9 p1 says "in ... area")
            zone == "hand"
            and card.type == "spell"
            and card.subtype == "chant_standby"
            and card.trigger == "anytime"
            and version(s.ruleset).standby_from_hand
        )
        if card.type == "spell" and card.subtype == "chant_standby" and zone != "standby" and not anytime:
            continue  # an automatic card: played when its [Trigger] condition is met (7.9 p2)
        instant = card.subtype == "chant_instant" or "quickcast" in card.skills or zone == "standby" or anytime
        instant = instant or granted_quickcast(s, oid)  # "Wind resonators in your hand gain [Quickcast]"
        if not (instant or main):
            continue
        cost = (card.trigger_cost or Cost()) if zone == "standby" else card.cost
        if cost is None:
            continue
        paid_with: dict[str, JSON] = {}
        if card.play_cards:  # "As an additional cost to play this card, ..." (9.3 p2.5)
            play_choices = costs.cost_choices(
                s, Ability(kind="activate", cost=ActivateCost(cards=card.play_cards)), player, oid
            )
            if play_choices is None:
                continue
            paid_with = {"cost_cards": play_choices[0]}
        targeted = zone != "standby" and conditions.reads_targets(card.cost_reduction)
        own = conditions.own_reduction(s, card, player, oid, any_target=True) if zone != "standby" else None
        # increases, then decreases of the cost, its own included (9.3 p2.5); "you may" ones on request
        prices: list[tuple[dict[str, JSON], Cost]] = [({}, play_price(s, player, oid, cost, reduce=False)[0])]
        if own is not None or any(change.optional for _, change in play_cost_changes(s, player, oid)):
            prices.append(({"reduce": True}, play_price(s, player, oid, cost, reduce=True, own=own)[0]))
        if zone != "standby":  # "You may banish this card rather than pay the cost of ..." (9.3 p2.5)
            no_will = play_price(s, player, oid, Cost(), reduce=False)[0]  # increases are still paid
            prices += [({"banish_instead": src}, no_will) for src in banish_alternatives(s, player, oid)]
        any_attribute = any_attribute_will(s, player, oid)  # "with will of any attribute" (1.4 p1)
        for reduce_arg, price in prices:
            pay = plan_payment(s, player, price, use=("play", oid), any_attribute=any_attribute)
            if pay is None:
                continue
            for modes in conditions.mode_options(s, card.effects if card.type == "spell" else [], player, oid):
                if card.type == "addition" and card.subtype != "field":
                    groups = [actions.addition_target(card.subtype)]
                elif card.type == "spell":
                    groups = actions.chosen_groups(conditions.expand(card.effects, modes))
                else:
                    groups = []
                combos = _target_options(s, groups, player, oid)
                if combos is None:
                    continue
                chosen: dict[str, JSON] = {"modes": list(modes)} if modes else {}
                for c in combos:
                    flat = [t for g in c for t in g]  # "if it targets a Saint": these targets? (9.3 p2.4)
                    if (
                        "reduce" in reduce_arg
                        and targeted
                        and conditions.reduced_cost(s, card, player, oid, flat) is None
                    ):
                        continue
                    out.append(
                        Command(
                            "PlayCard",
                            player,
                            {"card": oid, "targets": c, "pay_with": pay, **chosen, **reduce_arg, **paid_with},
                        )
                    )
        priced = prices[0][1]  # the cost with other cards' changes, as play_card pays it
        if card.awakening is not None:
            pay2 = _awakening_plan(s, player, oid, priced, card.awakening.cost, any_attribute)
            combos2 = _target_options(s, actions.chosen_groups(card.effects + card.awakening.effects), player, oid)
            awaken_with: dict[str, JSON] | None = paid_with
            if card.awakening.cards:  # "[Awakening] {U}, discard a card" (12.1 p1, 9.3 p2.5)
                on_cards = ActivateCost(cards=[*card.play_cards, *card.awakening.cards])
                choices = costs.cost_choices(s, Ability(kind="activate", cost=on_cards), player, oid)
                awaken_with = {"cost_cards": choices[0]} if choices else None
            if card.awakening.x and combos2 and awaken_with is not None:  # "[Awakening] {X}": each X payable
                for x in range(MAX_X + 1):
                    pay_x = _awakening_plan(
                        s, player, oid, priced, _with_x(card.awakening.cost, x, None), any_attribute
                    )
                    if pay_x is None:
                        break
                    awaken_x = {"targets": combos2[0], "pay_with": pay_x, "awaken": True, **awaken_with, "x": x}
                    out.append(Command("PlayCard", player, {"card": oid, **awaken_x}))
            elif pay2 is not None and combos2 and awaken_with is not None:
                out.append(
                    Command(
                        "PlayCard",
                        player,
                        {"card": oid, "targets": combos2[0], "pay_with": pay2, "awaken": True, **awaken_with},
                    )
                )
    for zone in ("field", "ruler_area", "stone_area", "graveyard"):
        for oid in s.zones[player][zone]:
            if zone != "graveyard" and activate_forbidden(s, oid):
                continue  # "Players cannot play activate abilities of resonators ..." (1.4 p4)
            for i, a in characteristics(s, oid).abilities:
                if a.kind != "activate" or a.from_graveyard != (zone == "graveyard"):
                    continue
                if a.condition is not None and not conditions.condition_met(s, a.condition, player, oid):
                    continue  # "Play this ability only if ..." (1.4 p1)
                paid_with_cards = costs.cost_choices(s, a, player, oid) if a.cost.cards else [[]]
                if not paid_with_cards or not costs.can_pay_without_choice(s, a, oid):
                    continue
                more: dict[str, JSON] = {"cost_cards": paid_with_cards[0]} if a.cost.cards else {}
                rc = a.cost.remove_counters
                if rc is not None and costs.counter_choice_needed(s, rc, player, oid):
                    more["cost_counters"] = costs.counter_plan(s, rc, player, oid)  # one way (9.3 p2.5)
                if actions.is_will_ability(a):
                    extra: dict[str, JSON] = dict(more)
                    will = actions.activate_will_cost(s, player, oid, a)
                    if not will.total and a.cost.rest and (s.objects[oid].rested or not actions.sickness_ok(s, oid)):
                        # refused by decide (10.12 p2, 9.5 p3): with no will to pay first, only a CostChanged
                        # record (no change to the card) comes before the rest cost is checked
                        continue
                    if will.total:
                        will_pay = plan_payment(
                            s, player, will, exclude=[oid] if a.cost.rest else [], use=_ability_use(a, oid)
                        )
                        if will_pay is None:
                            continue
                        extra["pay_with"] = list(will_pay)
                    will_opts = actions.will_options(a, s, player)
                    out += [
                        Command(
                            "ActivateAbility",
                            player,
                            {"source": oid, "ability": i, "choice": actions.will_choice(will_opts, option), **extra},
                        )
                        if len(will_opts) > 1
                        else Command("ActivateAbility", player, {"source": oid, "ability": i, **extra})
                        for option in will_opts
                    ]
                    continue
                if a.main_timing and not main:
                    continue
                if a.cost.rest and s.objects[oid].rested:
                    continue  # refused by decide (10.12 p2): no event before the rest cost is paid recovers it
                will = actions.activate_will_cost(s, player, oid, a)
                if a.cost.x and a.cost.remove_counters is not None and a.cost.remove_counters.x:
                    out += _counters_x_commands(s, player, oid, i, a, will, more)  # "remove X magic counters"
                    continue
                if a.cost.x:  # "{X}": each X the player can pay (9.3 p2.5)
                    for x in range(MAX_X + 1):
                        more_will = Cost(attribute=dict(will.attribute), free=will.free + x)
                        x_pay = plan_payment(
                            s, player, more_will, exclude=[oid] if a.cost.rest else [], use=_ability_use(a, oid)
                        )
                        if x_pay is None:
                            break
                        for c in _target_options(s, actions.chosen_groups(a.effects), player, oid) or []:
                            x_args: dict[str, JSON] = {"source": oid, "ability": i, "targets": c, "pay_with": x_pay}
                            out.append(Command("ActivateAbility", player, {**x_args, **more, "x": x}))
                    continue
                pay = plan_payment(s, player, will, exclude=[oid] if a.cost.rest else [], use=_ability_use(a, oid))
                art_less = (
                    actions.activate_will_cost(s, player, oid, a, reduce=True)
                    if actions.optional_cost_changes(s, player, oid, a)
                    else None
                )
                pay_less = (
                    plan_payment(s, player, art_less, exclude=[oid] if a.cost.rest else [], use=_ability_use(a, oid))
                    if art_less is not None
                    else None
                )
                if pay_less is not None:  # "you may pay {B}{B} less to play its God's Art abilities" (9.3 p2.5)
                    for modes in conditions.mode_options(s, a.effects, player, oid):
                        groups = actions.chosen_groups(conditions.expand(a.effects, modes))
                        for c in _target_options(s, groups, player, oid) or []:
                            cheaper: dict[str, JSON] = {"source": oid, "ability": i, "targets": c, "pay_with": pay_less}
                            cheaper.update(reduce=True, **more, **({"modes": list(modes)} if modes else {}))
                            out.append(Command("ActivateAbility", player, cheaper))
                if pay is None:
                    continue
                for modes in conditions.mode_options(s, a.effects, player, oid):
                    groups = actions.chosen_groups(conditions.expand(a.effects, modes))
                    combos = _target_options(s, groups, player, oid)
                    if combos is None:
                        continue
                    picked: dict[str, JSON] = {"modes": list(modes)} if modes else {}
                    out += [
                        Command(
                            "ActivateAbility",
                            player,
                            {"source": oid, "ability": i, "targets": c, "pay_with": pay, **more, **picked},
                        )
                        for c in combos
                    ]
                    out += [
                        Command(
                            "ActivateAbility",
                            player,
                            {
                                "source": oid,
                                "ability": i,
                                "targets": combos[0],
                                "pay_with": pay,
                                **more,
                                "cost_cards": other,
                                **picked,
                            },
                        )
                        for other in (paid_with_cards[1:] if a.cost.cards else [])
                    ]
    if main:
        out.append(Command("CallMagicStone", player))
        out.append(Command("InitiateBattle", player))
        ruler = next((o for o in s.zones[player]["ruler_area"] if effective_type(s, o) == "ruler"), None)
        if ruler is not None:
            printed = s.cards[s.objects[ruler].card].judgment
            options: list[JudgmentOption] = [printed, *printed.alternatives] if printed is not None else []
            for which, judgment in enumerate(options):
                section: dict[str, JSON] = {"judgment": which} if which else {}
                if judgment.cards:
                    actions_on_cards = Ability(kind="activate", cost=ActivateCost(cards=judgment.cards))
                    ways = costs.cost_choices(s, actions_on_cards, player, ruler)
                    if ways is None:
                        continue
                    section["cost_cards"] = [[oid for oid in group] for group in ways[0]]
                if judgment.any_amount:  # any number of will, one or more: one is offered (7.5 p2)
                    section["amount"] = 1
                if judgment.x:  # "Pay {2}{X}": each X the player can pay (9.3 p2.5)
                    out += _judgment_x_commands(s, player, ruler, judgment, section)
                    continue
                changed, fewer, _ = _judgment_cost(s, player, Cost(free=1) if judgment.any_amount else judgment.cost)
                fewer += _own_judgment_less(s, player, ruler, judgment)
                pay = plan_payment(s, player, _less(changed, fewer), use=("judgment", ruler))
                if pay is not None:
                    out.append(Command("PerformJudgment", player, {"pay_with": pay, **section}))
                less = conditions.reduce(s, changed, judgment.reduction, player, ruler)
                pay = plan_payment(s, player, _less(less, fewer), use=("judgment", ruler)) if less is not None else None
                if pay is not None:
                    out.append(Command("PerformJudgment", player, {"pay_with": pay, "reduce": True, **section}))
        pay = plan_payment(s, player, Cost(free=standby_cost(s, player)[0]))
        if pay is not None:
            out += [
                Command("PutIntoStandby", player, {"card": oid, "pay_with": pay}) for oid in s.zones[player]["hand"]
            ]
    if can_lifebreak(s, player):
        out.append(Command("Lifebreak", player))
    return out
