"""Costs of [Activate] abilities beyond will, rest, "banish this card" and life (FoW-5.5 9.3 p2.5):
removing counters from the card itself, putting it on the bottom of the main deck, removing
the top card of the main deck from the game, and discarding, banishing or resting other cards
the player chooses as the ability is played.

"If the card or ability requires you to do something to play it ... If they cannot do any
part of them, they cannot play the card or ability" (9.3 p2.5): a cost that cannot be paid in
full is a rejection naming what is missing.  The chosen cards come with the command as
``cost_cards``: one list of object ids per entry of ``ActivateCost.cards``.

Paying them moves cards and checks triggers: this module imports :mod:`~domain.fow.movement`
and :mod:`~domain.fow.trigger_checks`, and is imported by :mod:`~domain.fow.will`, which pays
an ability's costs.
"""

from __future__ import annotations

import itertools
from typing import Any

from domain.fow.cards import Ability, CardsCost, CounterCost
from domain.fow.characteristics import filter_zones, matches
from domain.fow.context import Ctx
from domain.fow.movement import move, movement_blocked
from domain.fow.state import GameState
from domain.fow.trigger_checks import check_triggers

COST_RULE = "9.3 p2.5"
_ACTION_RULES = {"discard": "10.18 p1", "banish": "10.10 p1", "rest": "10.12 p1", "remove": "10.3 p1"}
MAX_COST_COMBOS = 6
"""legal_actions offers at most this many ways to pay the costs of one ability."""


def has_extra_costs(ability: Ability) -> bool:
    cost = ability.cost
    return bool(cost.remove_counters or cost.cards or cost.put_self_on_bottom or cost.remove_top_cards)


def cost_card_options(s: GameState, cost: CardsCost, player: str, source: str) -> list[str]:
    """The cards ``player`` may choose for one card cost of ``source``'s ability."""
    flt = cost.filter
    zone = "hand" if cost.action == "discard" else flt.zone
    if cost.action == "discard":
        flt = flt.model_copy(update={"zone": "hand", "controller": "any"})
    out: list[str] = []
    zones = filter_zones(flt) if cost.action != "discard" else (zone,)  # "Rest two Elves you control" (2.5 p4)
    for oid in [o for z in zones for o in s.zones[player].get(z, [])]:
        if not matches(s, flt, oid, player, source):
            continue
        if cost.action == "banish" and _cannot_move(s, oid):
            continue  # a ruler card that would not move cannot be banished: no part may be left undone (9.3 p2.5)
        if cost.action != "discard" and s.objects[oid].controller != player:
            continue  # a player may not banish or rest cards they don't control (10.10 p2)
        if cost.action == "rest" and s.objects[oid].rested:
            continue
        out.append(oid)
    return out


def _cannot_move(s: GameState, oid: str) -> bool:
    return movement_blocked(s, oid, "graveyard") is not None  # a J-ruler or astral ruler stays (3.15 p2, p6)


def cost_choices(s: GameState, ability: Ability, player: str, source: str) -> list[list[list[str]]] | None:
    """Ways to choose the cards of every card cost (a few, for legal_actions); None if none."""
    per_cost: list[list[tuple[str, ...]]] = []
    for cost in ability.cost.cards:
        legal = cost_card_options(s, cost, player, source)
        if len(legal) < cost.count:
            return None
        per_cost.append(list(itertools.islice(itertools.combinations(legal, cost.count), MAX_COST_COMBOS)))
    out: list[list[list[str]]] = []
    for combo in itertools.product(*per_cost):
        chosen = [oid for group in combo for oid in group]
        if len(set(chosen)) == len(chosen):
            out.append([list(group) for group in combo])
        if len(out) >= MAX_COST_COMBOS:
            break
    return out or None


def can_pay_without_choice(s: GameState, ability: Ability, source: str) -> bool:
    """Whether the costs that need no card choice can be paid: counters, cards in the main deck."""
    rc = ability.cost.remove_counters
    player = s.objects[source].controller
    if len(s.zones[player]["main_deck"]) < ability.cost.remove_top_cards:
        return False
    return rc is None or counter_plan(s, rc, player, source) is not None


def counter_supply(s: GameState, rc: CounterCost, player: str, source: str) -> dict[tuple[str, str], int]:
    """The counters that could pay ``rc``: (card, counter name) -> how many are on it.  Without
    ``on`` only this card's; with it, those of every card ``player`` controls matching the filter
    ("your J-Ruler", "any number of resonators you control", "a ruler or entity you control")."""
    if rc.on is None:
        holders = [source]
    else:
        flt = rc.on
        holders = [
            oid
            for zone in filter_zones(flt)
            for oid in s.zones[player].get(zone, [])
            if s.objects[oid].controller == player and matches(s, flt, oid, player, source)
        ]
    return {
        (oid, name): n
        for oid in holders
        for name, n in sorted(s.objects[oid].counters.items())
        if n > 0 and (rc.counter is None or name == rc.counter)
    }


def counter_plan(s: GameState, rc: CounterCost, player: str, source: str) -> list[list[str]] | None:
    """One way to pay ``rc`` (for legal_actions): ``[object id, counter]`` per counter; None if none."""
    out: list[list[str]] = []
    for (oid, name), n in counter_supply(s, rc, player, source).items():
        out += [[oid, name]] * min(n, rc.count - len(out))
    return out if len(out) == rc.count else None


def counter_choice_needed(s: GameState, rc: CounterCost, player: str, source: str) -> bool:
    """Whether the player must say which counters pay ``rc``: more than one card or kind could."""
    return len(counter_supply(s, rc, player, source)) > 1


def pay_extra_costs(
    ctx: Ctx, player: str, source: str, ability: Ability, given: Any, cause: str, counters_given: Any = None
) -> str:
    """Check, then pay, the counter and card costs of ``ability`` (9.3 p2.5)."""
    s = ctx.s
    name = s.card_of(source).name
    rc = ability.cost.remove_counters
    removed = _chosen_counters(ctx, rc, player, source, counters_given) if rc is not None else {}
    if len(s.zones[player]["main_deck"]) < ability.cost.remove_top_cards:
        raise ctx.reject(
            "rules/cannot_pay",
            COST_RULE,
            f"{name}'s ability removes {ability.cost.remove_top_cards} card(s) from the top of your main deck; "
            "there are not enough",
        )
    chosen = _chosen_cards(ctx, player, source, ability, given)
    for (oid, counter), count in removed.items():
        cause = ctx.emit(
            "CounterRemoved",
            {"oid": oid, "counter": counter, "count": count, "reason": "cost"},
            COST_RULE,
            cause=cause,
            actor=player,
        )
    for _ in range(ability.cost.remove_top_cards):
        top = s.zones[player]["main_deck"][-1]
        cause = move(ctx, top, "removed", cause, rule=COST_RULE, reason="cost", actor=player)
    for cost, group in zip(ability.cost.cards, chosen, strict=True):
        rule = _ACTION_RULES[cost.action]
        for oid in group:
            if cost.action == "rest":
                cause = ctx.emit("CardRested", {"oid": oid, "reason": "cost"}, rule, cause=cause, actor=player)
                check_triggers(ctx, "becomes_rested", cause, oid=oid)
            elif cost.action == "remove":  # cards in your graveyard, to the removed area (10.3 p1)
                cause = move(ctx, oid, "removed", cause, rule=rule, reason="cost", actor=player)
            else:
                cause = move(ctx, oid, "graveyard", cause, rule=rule, reason=cost.action, actor=player)
    if ability.cost.put_self_on_bottom:
        cause = move(ctx, source, "main_deck", cause, rule=COST_RULE, reason="cost", position="bottom", actor=player)
    return cause


def _chosen_counters(ctx: Ctx, rc: CounterCost, player: str, source: str, given: Any) -> dict[tuple[str, str], int]:
    """The counters removed to pay ``rc``: given as ``cost_counters`` (one ``[object id, counter]``
    pair per counter), or the only kind on the only card that could pay.  A cost is paid in full or
    the ability is not played (9.3 p2.5)."""
    name = ctx.s.card_of(source).name
    supply = counter_supply(ctx.s, rc, player, source)
    kind = f"{rc.counter} counter(s)" if rc.counter else "counter(s)"
    where = "this card" if rc.on is None else "the cards its cost names"
    if sum(supply.values()) < rc.count:
        raise ctx.reject(
            "rules/not_enough_counters",
            COST_RULE,
            f"{name}'s ability removes {rc.count} {kind} from {where}; there are {sum(supply.values())}",
        )
    if given is None and len(supply) == 1:
        return {next(iter(supply)): rc.count}
    if not isinstance(given, list) or not all(
        isinstance(g, list) and len(g) == 2 and all(isinstance(x, str) for x in g) for g in given
    ):
        raise ctx.reject(
            "rules/cost_counters",
            COST_RULE,
            f"{name}'s ability removes {rc.count} {kind} from {where}: give 'cost_counters' as one "
            "[object id, counter] pair per counter",
        )
    chosen: dict[tuple[str, str], int] = {}
    for oid, counter in given:
        chosen[(oid, counter)] = chosen.get((oid, counter), 0) + 1
    bad = [f"{o} {c}" for (o, c), n in chosen.items() if supply.get((o, c), 0) < n]
    if len(given) != rc.count or bad:
        raise ctx.reject(
            "rules/cost_counters",
            COST_RULE,
            f"{name}'s ability removes exactly {rc.count} {kind} from {where}"
            + (f"; not enough of: {', '.join(bad)}" if bad else ""),
        )
    return chosen


def _chosen_cards(ctx: Ctx, player: str, source: str, ability: Ability, given: Any) -> list[list[str]]:
    costs = ability.cost.cards
    if not costs:
        return []
    name = ctx.s.card_of(source).name
    wanted = "; ".join(f"{c.action} {c.count}" for c in costs)
    if (
        not isinstance(given, list)
        or len(given) != len(costs)
        or not all(isinstance(g, list) and all(isinstance(o, str) for o in g) for g in given)
    ):
        raise ctx.reject(
            "rules/cost_cards",
            COST_RULE,
            f"{name}'s ability costs cards you choose ({wanted}): give 'cost_cards' as one list of ids per cost",
        )
    seen: set[str] = set()
    for cost, group in zip(costs, given, strict=True):
        legal = cost_card_options(ctx.s, cost, player, source)
        bad = [o for o in group if o not in legal or o in seen]
        if len(group) != cost.count or bad or len(set(group)) != len(group):
            raise ctx.reject(
                "rules/cost_cards",
                COST_RULE,
                f"{name}'s ability needs {cost.count} distinct card(s) to {cost.action} that match its cost"
                + (f"; {', '.join(repr(b) for b in bad)} cannot be used" if bad else ""),
            )
        seen.update(group)
    return [list(g) for g in given]
