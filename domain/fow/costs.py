"""Costs of [Activate] abilities beyond will, rest, "banish this card" and life (FoW-5.5 9.3 p2.5):
removing counters from the card itself, putting it on the bottom of the main deck, removing
the top card of the main deck from the game, and discarding, banishing or resting other cards
the player chooses as the ability is played.

"If the card or ability requires you to do something to play it ... If they cannot do any
part of them, they cannot play the card or ability" (9.3 p2.5): a cost that cannot be paid in
full is a rejection naming what is missing.  The chosen cards come with the command as
``cost_cards``: one list of object ids per entry of ``ActivateCost.cards``.
"""

from __future__ import annotations

import itertools
from typing import Any

from domain.fow.cards import Ability, CardsCost, CounterCost
from domain.fow.characteristics import filter_zones, matches
from domain.fow.conditions import your_j_or_ruler
from domain.fow.context import Ctx
from domain.fow.state import GameState

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
    from domain.fow.actions import movement_blocked

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
    """Whether the costs that need no choice can be paid: counters on the card, cards in the main deck."""
    rc = ability.cost.remove_counters
    deck = s.zones[s.objects[source].controller]["main_deck"]
    if len(deck) < ability.cost.remove_top_cards:
        return False
    if rc is None:
        return True
    on = counters_from(s, rc, s.objects[source].controller, source)
    return on is not None and s.objects[on].counters.get(rc.counter, 0) >= rc.count


def counters_from(s: GameState, rc: CounterCost, player: str, source: str) -> str | None:
    """The card a counter cost removes counters from: this card, or ``player``'s J/ruler (None
    without one)."""
    return source if rc.on == "self" else your_j_or_ruler(s, player)


def pay_extra_costs(ctx: Ctx, player: str, source: str, ability: Ability, given: Any, cause: str) -> str:
    """Check, then pay, the counter and card costs of ``ability`` (9.3 p2.5)."""
    s = ctx.s
    name = s.card_of(source).name
    rc = ability.cost.remove_counters
    on = counters_from(s, rc, player, source) if rc is not None else None
    have = s.objects[on].counters.get(rc.counter, 0) if rc is not None and on is not None else 0
    if rc is not None and have < rc.count:
        where = f"{name} ({source})" if rc.on == "self" else f"your J/ruler ({on})"
        raise ctx.reject(
            "rules/not_enough_counters",
            COST_RULE,
            f"{where} has {have} {rc.counter} counter(s); the cost removes {rc.count}",
        )
    if len(s.zones[player]["main_deck"]) < ability.cost.remove_top_cards:
        raise ctx.reject(
            "rules/cannot_pay",
            COST_RULE,
            f"{name}'s ability removes {ability.cost.remove_top_cards} card(s) from the top of your main deck; "
            "there are not enough",
        )
    chosen = _chosen_cards(ctx, player, source, ability, given)
    if rc is not None:
        cause = ctx.emit(
            "CounterRemoved",
            {"oid": on, "counter": rc.counter, "count": rc.count, "reason": "cost"},
            COST_RULE,
            cause=cause,
            actor=player,
        )
    from domain.fow.actions import check_triggers, move

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
