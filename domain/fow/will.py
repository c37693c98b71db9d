"""Will and costs (FoW-5.5 9.7, 10.2): will abilities, producing and allocating will, restricted
will, and paying the costs of an ability."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from domain.fow import conditions
from domain.fow.cards import Ability, Card, Cost, CostChange, ProduceWill, SpendUse
from domain.fow.characteristics import (
    activate_cost_changes,
    activate_forbidden,
    apply_cost_changes,
    characteristics,
    effective_type,
    is_active_zone,
    matches,
    moon_will_as,
)
from domain.fow.context import Ctx
from domain.fow.costs import has_extra_costs, pay_extra_costs
from domain.fow.movement import move
from domain.fow.state import PLAYGROUND, GameState
from domain.fow.trigger_checks import check_triggers
from domain.fow.versions import version

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


def spend_only_data(spend_only: Sequence[SpendUse]) -> list[dict[str, Any]]:
    """What restricted will may pay for, as ``WillProduced`` records it and the player's
    ``restricted_will`` keeps it (each use with its ``on``)."""
    return [{"on": u.on, **u.model_dump(mode="json", exclude_defaults=True)} for u in spend_only]


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
    *,
    alone: bool = False,
) -> str:
    """Play the will ability ``index`` of ``oid`` (9.7).  ``alone``: as the command itself
    (``ActivateAbility``), not to pay for another action, which may still be refused after it."""
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
    if alone and ctx.probing and _refuses_nothing_more(s, player, oid, index, ability, choice):
        ctx.commit()  # a probe: nothing below can refuse it (``CommandTable.accepts``)
    paid, cause = changed_activate_cost(ctx, player, oid, ability, cause)
    cause = pay_ability_costs(ctx, player, oid, index, paid, cause, cost_cards=cost_cards, cost_counters=cost_counters)
    options = will_options(ability, s, player)
    if len(options) == 1:
        produced = options[0]
    else:
        produced = _chosen_will(options, choice)
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
        produced_data["spend_only"] = spend_only_data(spend_only)
    return ctx.emit("WillProduced", produced_data, "9.7 p4", cause=cause)


def _chosen_will(options: Sequence[list[str]], choice: Any) -> list[str]:
    """The option of a will ability that ``choice`` names ("RW" names the same wills as "WR"), or []."""
    picked = "".join(choice) if isinstance(choice, list) and all(isinstance(c, str) for c in choice) else choice
    produced = next((o for o in options if will_choice(options, o) == picked), [])
    if not produced and isinstance(picked, str):
        produced = next((o for o in options if sorted("".join(o)) == sorted(picked)), [])
    return produced


def _refuses_nothing_more(s: GameState, player: str, oid: str, index: int, ability: Ability, choice: Any) -> bool:
    """Whether :func:`activate_will_ability`, its first checks passed, goes on to the end unrefused, read
    before it pays anything: its only cost is {Rest} or none, unchanged (9.3 p2.5), payable (10.12 p2,
    9.5 p3), it was not played this turn (7.8 p2) nor is a God's Art already played (12.4 p2), and it
    produces fixed wills (no "a magic stone you control could produce"), among them the ``choice``."""
    cost = ability.cost
    if cost.will.total or cost.pay_life or cost.banish_self or cost.remove_self or has_extra_costs(ability):
        return False
    if _changed_will(s, player, oid, ability, False)[1]:
        return False
    if ability.once_per_turn and f"{oid}:{index}" in s.players[player].once_per_turn_used:
        return False
    if ability.gods_art and ability.name in s.players[player].gods_arts_used:
        return False
    if cost.rest and (s.objects[oid].rested or not sickness_ok(s, oid)):
        return False
    if any(isinstance(e, ProduceWill) and e.like_stones for e in ability.effects):
        return False
    options = will_options(ability)
    return len(options) == 1 or bool(_chosen_will(options, choice))


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
