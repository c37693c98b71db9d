"""Playing cards and activating abilities (FoW-5.5 7.1-7.3, 7.7, 7.9, 12.x): the commands
``PlayCard`` and ``ActivateAbility``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.fow import actions, conditions, costs, flow
from domain.fow.cards import Ability, ActivateCost, Card, Cost, CostChange
from domain.fow.characteristics import (
    activate_forbidden,
    any_attribute_will,
    apply_cost_changes,
    attributes_of,
    banish_alternatives,
    cannot_play,
    characteristics,
    forbidden_play,
    granted_quickcast,
    is_active_zone,
    once_per_turn_permission,
    play_cost_changes,
    play_permissions,
    play_price,
    total_cost,
)
from domain.fow.commands import command
from domain.fow.context import Ctx
from domain.fow.state import PLAYGROUND, GameState
from domain.fow.timing import _obj_arg, _pay_with, _with_x, require_chase_open, require_main_timing
from domain.fow.versions import version
from domain.kernel import JSON, Anything, Bool, Fields, Integer, IntRange, ListOf, ObjectId, OneOf, PlayerId, Text

# --- playing cards (7.1-7.3, 7.7, 7.9, 12.x) ---------------------------------------------


@command(
    "PlayCard",
    "priority",
    args={
        "card": ObjectId,
        "side": OneOf("front", "future"),
        "awaken": Bool,
        "x": IntRange(0),
        "modes": ListOf(IntRange(0)),
        "targets": ListOf(ObjectId | PlayerId | ListOf(ObjectId | PlayerId)),
        "banish_instead": ObjectId,
        "incarnation": ListOf(ObjectId),
        "permission": Text,
        "reduce": Bool,
        "reduce_awakening": Bool,
        "pay_with": ListOf(Fields(["source"], source=ObjectId, ability=Integer, choice=Anything("the will chosen"))),
        "cost_cards": Anything("the cards that pay an extra cost: object ids, or one list of them per cost"),
    },
)
def play_card(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    oid = _obj_arg(ctx, args, "card", "7.1 p2")
    obj = s.objects[oid]
    card = s.cards[obj.card]
    side = args.get("side", "front")
    if side == "future":
        if card.shift is None or card.other_side is None:
            raise ctx.reject("rules/no_shift", "12.8 p1", f"{card.name} has no [Shift] and no future side to play")
        card = s.cards[card.other_side]
    if obj.owner != player:
        raise ctx.reject("rules/not_your_card", "7.1 p2", f"{card.name} ({oid}) is not your card")
    source_zone = obj.zone
    standby_anytime = source_zone == "standby" and card.subtype == "chant_standby" and card.trigger == "anytime"
    if source_zone == "standby" and standby_anytime and obj.standby_turn >= s.turn:
        raise ctx.reject(
            "rules/standby_same_turn",
            "7.9 p5",
            f"{card.name} was put into the chant-standby area this turn and cannot be played yet",
        )
    if standby_anytime:
        actions.require_stones_shown(ctx, player, card)
    elsewhere = ("graveyard", "removed", "outside")  # outside the game: the sideboard (3.16 p1)
    permission = _play_permission(ctx, player, oid, args) if source_zone in elsewhere else None
    allowed_zone = source_zone == "hand" or standby_anytime or permission is not None
    if not allowed_zone:
        rule = "12.6 p2" if source_zone == "graveyard" else "7.1 p2"
        where = "outside the game" if source_zone == "outside" else f"in the {source_zone}"
        raise ctx.reject("rules/not_in_hand", rule, f"{card.name} ({oid}) is {where}, not in your hand")
    if card.type in ("ruler", "j_ruler", "magic_stone"):
        raise ctx.reject("rules/not_playable", "6.3 p1", f"{card.name} is a {card.type} and is not played from a hand")
    if cannot_play(s, player, card):  # "Target player cannot play normal spells ... until end of turn"
        spell = "a summon spell" if card.type == "resonator" else "a normal spell"
        raise ctx.reject("rules/cannot_play", "1.4 p4", f"an effect forbids {player} to play {spell} ({card.name})")
    forbidden = forbidden_play(s, player, card, source_zone)
    if forbidden is not None:  # "Your opponent cannot play cards from their chant-standby area ..."
        raise ctx.reject("rules/cannot_play", "1.4 p4", f"an effect forbids {player} to play {forbidden} ({card.name})")
    # "anytime" (7.9 p6): played from the chant-standby area paying [0], or from the hand paying the
    # card's cost too ("if you play it from a zone other than your chant-standby area", 7.9 p4)
    hand_anytime = source_zone == "hand" and _is_anytime(card) and version(s.ruleset).standby_from_hand
    if card.type == "spell" and card.subtype == "chant_standby" and not (standby_anytime or hand_anytime):
        raise ctx.reject(
            "rules/chant_standby_trigger", "7.9 p4", f"{card.name} is played only when its [Trigger] condition is met"
        )
    instant = (
        (card.type == "spell" and card.subtype == "chant_instant")
        or "quickcast" in card.skills
        or standby_anytime
        or hand_anytime
        or (side == "front" and granted_quickcast(s, oid))  # "Fairies in your hand gain [Quickcast]" (12.3)
    )
    require_chase_open(ctx, f"playing {card.name}")
    if not instant:
        rule = {"resonator": "7.1 p1", "regalia": "7.1 p1", "addition": "7.2 p1"}.get(card.type, "7.3 p1")
        require_main_timing(ctx, player, f"playing {card.name}", rule)
    # 9.3: put the card into the chase area, choose targets, then pay costs
    groups = [actions.addition_target(card.subtype)] if card.type == "addition" and card.subtype != "field" else []
    awaken = bool(args.get("awaken", False))
    if awaken and card.awakening is None:
        raise ctx.reject("rules/no_awakening", "12.1 p2", f"{card.name} has no [Awakening]")
    x = _awakening_x(ctx, card, awaken, args)
    effects = list(card.effects) + (list(card.awakening.effects) if awaken and card.awakening else [])
    modes = conditions.check_modes(
        ctx, effects if card.type == "spell" else [], args.get("modes"), card.name, player, oid
    )
    if card.type == "spell":
        groups = actions.chosen_groups(conditions.expand(effects, modes))
    targets = actions.validate_targets(ctx, groups, args.get("targets"), player, oid, card.name)
    own = _own_reduction(ctx, player, oid, card, args, standby_anytime, targets)
    reduced = apply_cost_changes(card.cost, [own]) if own is not None and card.cost is not None else None
    banish_instead = args.get("banish_instead")
    if banish_instead is not None:  # "You may banish this card rather than pay the cost of ..." (9.3 p2.5)
        if reduced is not None or args.get("incarnation") is not None or standby_anytime:
            raise ctx.reject("rules/no_alternative_cost", "9.3 p2.5", "banishing replaces the whole will cost")
        if banish_instead not in banish_alternatives(s, player, oid):
            raise ctx.reject(
                "rules/no_alternative_cost",
                "9.3 p2.5",
                f"no card of yours lets you banish {banish_instead!r} rather than pay the cost of {card.name}",
            )
    item = ctx.fresh_id("c")
    side_data: dict[str, Any] = {"side": "future"} if side == "future" else {}
    cause = ctx.cause
    if permission is not None and permission != ("remnant", None):  # played by a text's permission (1.4 p1)
        kind, source = permission
        used = {"card": oid, "player": player, "from": source_zone, "permission": kind, "source": source}
        once = once_per_turn_permission(s, source) if kind == "removed" else None
        if once is not None:  # "Once per turn, you may play a card from your removed ... zone"
            used["once_per_turn_key"] = once
        rule = {"remnant": "12.6 p2", "outside": "3.16 p1"}.get(kind, "1.4 p1")
        cause = ctx.emit("PlayPermissionUsed", used, rule, cause=cause)
    cause = actions.move(
        ctx,
        oid,
        "chase",
        cause,
        rule="9.3 p2.2",
        reason="play",
        actor=player,
        from_remnant=permission is not None and permission[0] == "remnant",
        **side_data,
    )
    cause = ctx.emit(
        "CardPlayed",
        {
            "item": item,
            "kind": "card",
            "player": player,
            "source": oid,
            "targets": targets,
            **actions.chosen_since(s, targets),
            "awakened": awaken,
            "from": source_zone,
            "card": card.id,
            **({"modes": modes} if modes else {}),
            **({"reduced_cost": reduced.model_dump()} if reduced is not None else {}),
            **({"banish_instead": banish_instead} if banish_instead is not None else {}),
            **({"x": x} if x is not None else {}),
        },
        _play_rule(card, permission, standby_anytime),
        cause=cause,
        actor=player,
    )
    cause = actions.produce_from_sources(ctx, player, _pay_with(ctx, args), cause)
    incarnation = args.get("incarnation")
    if incarnation is not None:
        base = Cost()  # banishing replaces the cost; increases are still paid (9.3 p2.5)
    elif banish_instead is not None:  # a cost of another quality (9.3 p2.5); increases are still paid
        base = Cost()
    elif standby_anytime:
        base = card.trigger_cost or Cost()
    else:
        assert card.cost is not None
        base = card.cost  # its own "you may pay ... less" is a decrease, after the increases (9.3 p2.5)
    cost, cause = _play_cost(ctx, player, oid, base, args, cause, own)
    if incarnation is not None:
        cause = _pay_incarnation(ctx, player, card, incarnation, cause)
    elif banish_instead is not None:  # banish that card (10.10 p1)
        cause = actions.move(ctx, banish_instead, "graveyard", cause, rule="10.10 p1", reason="banish", actor=player)
    any_attribute = any_attribute_will(s, player, oid)  # "with will of any attribute" (1.4 p1)
    # will that may pay only for some cards pays for this one if it matches (1.4 p1)
    cause = actions.pay_will(ctx, player, cost, cause, card.name, any_attribute=any_attribute, use=("play", oid))
    if awaken and card.awakening is not None:  # an additional cost to play the card (12.1 p1)
        extra = _with_x(card.awakening.cost, x, None) if x else card.awakening.cost  # "[Awakening] {X}" (9.3 p2.5)
        extra, cause = _awakening_less(ctx, player, oid, extra, args, cause)
        cause = actions.pay_will(
            ctx, player, extra, cause, f"[Awakening] of {card.name}", use=("awakening", oid), record={"item": item}
        )
    on_cards = list(card.play_cards) + (list(card.awakening.cards) if awaken and card.awakening else [])
    if on_cards:  # "As an additional cost to play this card, banish a Machine", "[Awakening] {U}, discard a card"
        actions_on_cards = Ability(kind="activate", cost=ActivateCost(cards=on_cards))
        cause = costs.pay_extra_costs(ctx, player, oid, actions_on_cards, args.get("cost_cards"), cause)
    if card.type == "spell":
        actions.check_triggers(ctx, "opponent_plays_spell", cause, player=player)
    if awaken:  # "Whenever you awaken a card": played paying its [Awakening] cost (12.1 p1)
        actions.check_triggers(ctx, "you_awaken", cause, player=player)
    if card.type == "resonator":
        actions.check_triggers(ctx, "you_play_resonator", cause, player=player)
    if card.type == "spell" and card.subtype in ("chant", "chant_instant"):  # "a [Spell:Chant] or ... card"
        # the spell on the chase is what "it" names ("Whenever you play a chant => Copy it", 10.16 p1.1)
        actions.check_triggers(ctx, "you_play_chant", cause, player=player, subject=item)
    if card.type == "resonator" and source_zone == "hand":  # a summon spell (3.13 p3) from the hand
        actions.check_triggers(ctx, "you_play_summon_spell_from_hand", cause, player=player)
    if card.type == "addition":
        actions.check_triggers(ctx, "you_play_addition", cause, player=player)
    if card.type != "resonator":  # a "normal spell" (3.13 p3)
        actions.check_triggers(ctx, "you_play_normal_spell", cause, player=player)
    cause = actions.check_targeted(ctx, cause)
    flow.after_action(ctx, player, cause)


def _is_anytime(card: Card) -> bool:
    """A [Spell:Chant-Standby] whose [Trigger] is "anytime" ("pay [0]", FoW-5.5 7.9 p6)."""
    return card.type == "spell" and card.subtype == "chant_standby" and card.trigger == "anytime"


def _play_rule(card: Card, permission: tuple[str, str | None] | None, standby_anytime: bool) -> str:
    """The rule that lets this play happen: each card type's rule allows it from the hand only "if
    not specified" (7.1 p2, 7.2 p2, 7.3 p2, 7.7 p2, 7.9 p4); played from elsewhere, what specifies
    it does: [Remnant] (12.6 p2) or a card's text (1.4 p1, its source in ``PlayPermissionUsed``)."""
    if permission is not None:
        return "12.6 p2" if permission[0] == "remnant" else "1.4 p1"
    if standby_anytime or card.subtype == "chant_standby":
        return "7.9 p4"
    if card.type == "spell" and card.subtype == "chant_instant":
        return "7.7 p2"
    return {"resonator": "7.1 p2", "regalia": "7.1 p2", "addition": "7.2 p2"}.get(card.type, "7.3 p2")


def _awakening_less(
    ctx: Ctx, player: str, oid: str, cost: Cost, args: Mapping[str, Any], cause: str
) -> tuple[Cost, str]:
    """The [Awakening] cost with "You may pay [Awakening] costs {M} less this turn" applied when the
    player asks (``reduce_awakening: true``), recorded in ``CostChanged`` (9.3 p2.5)."""
    asked = args.get("reduce_awakening", False)
    if not isinstance(asked, bool):
        raise ctx.reject("command/malformed", "9.3 p2.5", "'reduce_awakening' must be true or false")
    if not asked:
        return cost, cause
    made = [e for e in ctx.s.effects if e.kind == "pay_less_awakening" and e.controller == player and e.less]
    if not made:
        raise ctx.reject("rules/no_cost_reduction", "9.3 p2.5", "nothing lets you pay less for [Awakening] costs now")
    changes = [CostChange(of="this_ability", who="you", less_will=Cost.model_validate(e.less)) for e in made]
    less = apply_cost_changes(cost, changes)
    data: dict[str, JSON] = {"player": player, "of": "awakening", "card": oid, "sources": [e.source for e in made]}
    data.update(printed=cost.model_dump(), cost=less.model_dump())
    return less, ctx.emit("CostChanged", data, "9.3 p2.5", cause=cause, actor=player)


def _awakening_x(ctx: Ctx, card: Card, awaken: bool, args: Mapping[str, Any]) -> int | None:
    """The X chosen for an "[Awakening] {X}" cost as the card is played awakened (the ``x`` argument, as
    for an [Activate] ability's {X}, 9.3 p2.5); None when no {X} is paid."""
    x = args.get("x")
    has_x = awaken and card.awakening is not None and card.awakening.x
    if has_x != (x is not None) or (x is not None and (not isinstance(x, int) or isinstance(x, bool) or x < 0)):
        want = "an integer X of 0 or more for its [Awakening] {X}" if has_x else "no X: no {X} cost is paid"
        raise ctx.reject("command/malformed", "9.3 p2.5", f"playing {card.name} takes {want}")
    return x


def _play_permission(ctx: Ctx, player: str, oid: str, args: Mapping[str, Any]) -> tuple[str, str | None] | None:
    """What lets ``player`` play ``oid`` from their graveyard or removed area (:func:`play_permissions`):
    the one ``permission`` names (``remnant`` or the source card's id) or else the first; None if none
    does.  Playing it by [Remnant] or by another text matters: only [Remnant] removes it from the
    game as it leaves the chase area (FoW-5.5 12.6 p2)."""
    permissions = play_permissions(ctx.s, player, oid)
    wanted = args.get("permission")
    if wanted is None:
        return permissions[0] if permissions else None
    for kind, source in permissions:
        if wanted in (source, kind):
            return kind, source
    raise ctx.reject("rules/no_permission", "1.4 p1", f"{wanted!r} does not let you play {oid} from where it is")


def _play_cost(
    ctx: Ctx, player: str, oid: str, base: Cost, args: Mapping[str, Any], cause: str, own: CostChange | None
) -> tuple[Cost, str]:
    """The will to pay for the played card ``oid`` with the continuous abilities changing it ("You pay
    {2} more to play normal spells", "You may pay {1} less to play Card Soldier resonators"; optional
    decreases when the player asks with ``reduce: true``) and its own "you may pay ... less to play this
    card" (``own``), as :func:`play_price` works it out: the total of its cost and the increases, then
    the decreases (FoW-5.5 9.3 p2.5).  A ``CostChanged`` event records the change and its sources when
    another card changes it (the card's own decrease alone is ``CardPlayed``'s ``reduced_cost``)."""
    cost, changes = play_price(ctx.s, player, oid, base, reduce=_wants_reduction(ctx, args), own=own)
    if not [change for _, change in changes if change is not own]:
        return cost, cause
    sources = list(dict.fromkeys(source for source, _ in changes))
    data: dict[str, JSON] = {"player": player, "of": "spell", "card": oid, "sources": sources}
    data.update(printed=base.model_dump(), cost=cost.model_dump())
    return cost, ctx.emit("CostChanged", data, "9.3 p2.5", cause=cause, actor=player)


def _own_reduction(
    ctx: Ctx,
    player: str,
    oid: str,
    card: Card,
    args: Mapping[str, Any],
    standby_anytime: bool,
    targets: list[list[str]],
) -> CostChange | None:
    """ "You may pay <cost> less to play this card [if ...] [for each ...]" when the player
    asks for it with ``reduce: true``: a decrease of its cost (FoW-5.5 9.3 p2.5); None: not taken."""
    if not _wants_reduction(ctx, args):
        return None
    if card.cost_reduction is None:
        if any(change.optional for _, change in play_cost_changes(ctx.s, player, oid)):
            return None  # only other cards' "you may pay {1} less to play ..." (applied by _play_cost)
        raise ctx.reject("rules/no_cost_reduction", "9.3 p2.5", f"nothing lets you pay less to play {card.name}")
    if standby_anytime or args.get("incarnation") is not None:
        raise ctx.reject(
            "rules/no_cost_reduction", "9.3 p2.5", f"the cost reduction of {card.name} reduces its printed cost only"
        )
    less = conditions.own_reduction(ctx.s, card, player, oid, [t for group in targets for t in group])
    if less is None:
        raise ctx.reject(
            "rules/no_cost_reduction",
            "9.3 p2.5",
            f"the condition of {card.name}'s cost reduction does not hold now, so its full cost is paid",
        )
    return less


def _wants_reduction(ctx: Ctx, args: Mapping[str, Any]) -> bool:
    reduce = args.get("reduce", False)
    if not isinstance(reduce, bool):
        raise ctx.reject("command/malformed", "9.3 p2.5", "'reduce' must be true or false")
    return reduce


def _pay_incarnation(ctx: Ctx, player: str, card: Card, chosen: Any, cause: str) -> str:
    """[Incarnation] (12.2): banish one resonator per listed attribute instead of the cost."""
    s = ctx.s
    if card.incarnation is None:
        raise ctx.reject("rules/no_incarnation", "12.2 p2", f"{card.name} has no [Incarnation]")
    if not isinstance(chosen, list) or len(chosen) != len(card.incarnation) or len(set(chosen)) != len(chosen):
        raise ctx.reject(
            "rules/incarnation",
            "12.2 p2",
            f"[Incarnation] of {card.name} banishes exactly {len(card.incarnation)} resonator(s)",
        )
    for oid, allowed in zip(chosen, card.incarnation, strict=True):
        if oid not in s.objects or s.objects[oid].zone != "field" or s.objects[oid].controller != player:
            raise ctx.reject("rules/banish_not_controlled", "10.10 p2", f"you do not control {oid!r} in your field")
        chars = characteristics(s, oid)
        if "resonator" not in chars.types or not set(allowed) & set(attributes_of(s, oid)):
            raise ctx.reject(
                "rules/incarnation",
                "12.2 p2.1",
                f"{chars.card.name} is not a resonator with attribute {'/'.join(allowed)}",
            )
        cause = actions.move(ctx, oid, "graveyard", cause, rule="12.2 p2", reason="banish", actor=player)
        if s.objects[oid].zone == "graveyard":  # "When this card is banished by [Incarnation]" (9.6 p1)
            actions.check_triggers(ctx, "banished_by_incarnation", cause, oid=oid)
    return cause


@command(
    "ActivateAbility",
    "priority",
    args={
        "source": ObjectId,
        "ability": Integer | OneOf("evolution", "shift"),
        "choice": Anything("the choice the ability asks for"),
        "modes": ListOf(IntRange(0)),
        "targets": ListOf(ObjectId | PlayerId | ListOf(ObjectId | PlayerId)),
        "x": IntRange(0),
        "reduce": Bool,
        "pay_with": ListOf(Fields(["source"], source=ObjectId, ability=Integer, choice=Anything("the will chosen"))),
        "cost_cards": Anything("the cards that pay an extra cost: object ids, or one list of them per cost"),
        "cost_counters": Anything("the counters removed to pay a cost: [object id, counter] pairs"),
    },
)
def activate_ability(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    oid = _obj_arg(ctx, args, "source", "7.8 p2")
    obj = s.objects[oid]
    chars = characteristics(s, oid)
    name = chars.card.name
    in_graveyard = obj.zone == "graveyard" and obj.owner == player  # abilities "in your graveyard" (9.2 p2)
    if not in_graveyard and (obj.controller != player or obj.zone not in PLAYGROUND):
        raise ctx.reject("rules/not_your_card", "7.8 p2", f"you do not control {name} ({oid}) in your playground")
    index = args.get("ability")
    if index in ("evolution", "shift"):
        _keyword_activate(ctx, player, oid, str(index), args)
        return
    if not isinstance(index, int):
        raise ctx.reject("command/malformed", "7.8 p2", "'ability' must be the index of the ability on the card")
    ability = dict(chars.abilities).get(index)
    if ability is None or ability.kind != "activate" or not activate_ability_active(chars.card, ability, obj.zone):
        raise ctx.reject("rules/no_such_ability", "7.8 p2", f"{name} ({oid}) has no active [Activate] ability {index}")
    if ability.condition is not None and not conditions.condition_met(s, ability.condition, player, oid):
        raise ctx.reject(
            "rules/ability_condition", "1.4 p1", f"{name}'s ability may be played only if its condition holds"
        )
    if activate_forbidden(s, oid):  # "Players cannot play activate abilities ...", "Your opponent cannot ..."
        raise ctx.reject(
            "rules/cannot_play_ability", "1.4 p4", f"an effect forbids playing {name}'s [Activate] abilities"
        )
    if actions.is_will_ability(ability):
        cause = ctx.cause
        if actions.activate_will_cost(s, player, oid, ability).total:  # "Pay {1}, {Rest}: Produce {M}" (9.7 p2)
            cause = actions.produce_from_sources(ctx, player, _pay_with(ctx, args), cause)
        cause = actions.activate_will_ability(
            ctx,
            player,
            oid,
            index,
            args.get("choice"),
            cause,
            cost_cards=args.get("cost_cards"),
            cost_counters=args.get("cost_counters"),
            alone=True,
        )
        flow.after_action(ctx, player, cause)
        return
    require_chase_open(ctx, f"{name}'s ability")
    if ability.main_timing:
        require_main_timing(ctx, player, f"{name}'s ability", "7.8 p1")
    modes = conditions.check_modes(ctx, ability.effects, args.get("modes"), f"{name}'s ability", player, oid)
    groups = actions.chosen_groups(conditions.expand(ability.effects, modes))
    targets = actions.validate_targets(ctx, groups, args.get("targets"), player, oid, f"{name}'s ability")
    x = args.get("x")
    if ability.cost.x != (x is not None) or (x is not None and (not isinstance(x, int) or x < 0)):
        want = "an integer X of 0 or more for its {X} cost" if ability.cost.x else "no X: it has no {X} cost"
        raise ctx.reject("command/malformed", "9.3 p2.5", f"{name}'s ability takes {want}")
    counters_x = ability.cost.remove_counters is not None and ability.cost.remove_counters.x
    if x is not None and counters_x:  # "remove X magic counters from this card": X counters (9.3 p2.5)
        ability = _with_counters_x(ability, x)
        _check_total_cost_x(ctx, groups, targets, x, f"{name}'s ability")
    elif x:  # "{X}": X more free will (9.3 p2.5)
        will = ability.cost.will
        more = Cost(attribute=dict(will.attribute), free=will.free + x)
        ability = ability.model_copy(update={"cost": ability.cost.model_copy(update={"will": more})})
    cause = ctx.emit(
        "AbilityPlayed",
        {
            "item": ctx.fresh_id("c"),
            "kind": "ability",
            "player": player,
            "source": oid,
            "ability": index,
            "targets": targets,
            **actions.chosen_since(s, targets),
            "choice": args.get("choice"),
            "once_per_turn_key": f"{oid}:{index}" if ability.once_per_turn or ability.times_per_turn else None,
            "gods_art": ability.name if ability.gods_art else None,
            **({"modes": modes} if modes else {}),
            **({"x": x} if x is not None else {}),
            **actions.known_source(ctx.s, oid),
        },
        "12.4 p2" if ability.gods_art else "7.8 p2",
        actor=player,
    )
    # AbilityPlayed recorded the once-per-turn / God's Art use; a second use shows up as a duplicate
    reduce = _wants_reduction(ctx, args)  # "you may pay {B}{B} less to play its God's Art abilities" (9.3 p2.5)
    if reduce and not actions.optional_cost_changes(s, player, oid, ability):
        raise ctx.reject(
            "rules/no_cost_reduction", "9.3 p2.5", f"no effect lets you pay less to play {name}'s ability now"
        )
    cause = actions.produce_from_sources(ctx, player, _pay_with(ctx, args), cause)
    cause = _pay_costs_after_play(
        ctx, player, oid, index, ability, cause, args.get("cost_cards"), args.get("cost_counters"), reduce=reduce
    )
    cause = actions.check_targeted(ctx, cause)
    flow.after_action(ctx, player, cause)


def _with_counters_x(ability: Ability, x: int) -> Ability:
    """``ability`` whose "remove X magic counters from this card" removes ``x`` (none for X = 0)."""
    rc = ability.cost.remove_counters
    assert rc is not None
    removed = rc.model_copy(update={"count": x, "x": False}) if x else None
    return ability.model_copy(update={"cost": ability.cost.model_copy(update={"remove_counters": removed})})


def _total_cost_x_ok(s: GameState, groups: Sequence[Any], targets: Sequence[Sequence[str]], x: int) -> bool:
    """Whether each target of a group "with total cost X" has total cost X (2.3): a card, or a spell in
    the chase area (its item)."""
    cards = {c.id: c.source for c in s.chase if c.kind == "card"}
    return all(
        (t in s.objects or t in cards) and total_cost(s.card_of(cards.get(t, t))) == x
        for group, chosen in zip(groups, targets, strict=False)
        if group.filter.total_cost_x
        for t in chosen
    )


def _check_total_cost_x(ctx: Ctx, groups: Sequence[Any], targets: Sequence[Sequence[str]], x: int, what: str) -> None:
    """ "Cancel target normal spell ... with total cost X": the X chosen as it is played (9.3 p2.4)."""
    if not _total_cost_x_ok(ctx.s, groups, targets, x):
        raise ctx.reject("rules/illegal_target", "9.3 p2.4", f"a target of {what} must have total cost X = {x}")


def activate_ability_active(card: Card, ability: Ability, zone: str) -> bool:
    """Where an [Activate] ability can be played: the zones of 9.2 p1, or only the graveyard for one
    whose text makes it available there (9.2 p2: "remove this card in your graveyard ...")."""
    if ability.from_graveyard:
        return zone == "graveyard"
    return is_active_zone(card, zone)


def _pay_costs_after_play(
    ctx: Ctx,
    player: str,
    oid: str,
    index: int,
    ability: Ability,
    cause: str,
    cost_cards: Any = None,
    cost_counters: Any = None,
    *,
    reduce: bool = False,
) -> str:
    p = ctx.s.players[player]
    key = f"{oid}:{index}"
    if ability.once_per_turn and p.once_per_turn_used.count(key) > 1:
        raise ctx.reject(
            "rules/once_per_turn", "7.8 p2", f"{ctx.s.card_of(oid).name}'s ability can be played only once per turn"
        )
    if ability.times_per_turn is not None and p.once_per_turn_used.count(key) > ability.times_per_turn:
        # "You may play this ability up to twice per turn": the text limits it (1.4 p1), counted
        # with the play just made
        raise ctx.reject(
            "rules/times_per_turn",
            "1.4 p1",
            f"{ctx.s.card_of(oid).name}'s ability can be played only {ability.times_per_turn} times per turn",
        )
    if ability.gods_art and p.gods_arts_used.count(ability.name or "") > 1:
        raise ctx.reject("rules/gods_art_used", "12.4 p2", f"God's Art {ability.name} was already played this game")
    changed, cause = actions.changed_activate_cost(ctx, player, oid, ability, cause, reduce=reduce)  # 9.3 p2.5
    plain = changed.model_copy(update={"once_per_turn": False, "gods_art": False, "times_per_turn": None})
    use = ("gods_art" if ability.gods_art else "activate", oid)  # for will that may pay only for some (1.4 p1)
    return actions.pay_ability_costs(
        ctx, player, oid, index, plain, cause, cost_cards=cost_cards, cost_counters=cost_counters, will_use=use
    )


def _keyword_activate(ctx: Ctx, player: str, oid: str, which: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    require_chase_open(ctx, f"[{which.capitalize()}]")
    card = s.card_of(oid)
    base = s.cards[s.objects[oid].card]
    cost = base.evolution if which == "evolution" else base.shift
    rule = "12.7 p2" if which == "evolution" else "12.8 p2"
    if cost is None:
        raise ctx.reject(f"rules/no_{which}", rule, f"{card.name} has no [{which.title()}]")
    if which == "shift":
        require_main_timing(ctx, player, f"[Shift] of {card.name}", "12.8 p2")
        if s.objects[oid].side != "front":
            raise ctx.reject("rules/already_shifted", "12.8 p2", f"{card.name} is already future side up")
    cause = ctx.emit(
        "AbilityPlayed",
        {"item": ctx.fresh_id("c"), "kind": which, "player": player, "source": oid, "ability": -1, "targets": []},
        rule,
        actor=player,
    )
    cause = actions.produce_from_sources(ctx, player, _pay_with(ctx, args), cause)
    cause = actions.pay_will(ctx, player, cost, cause, f"[{which.title()}] of {card.name}")
    if which == "evolution" and base.evolution_cards:  # "[Evolution] {1} Discard a Beast" (9.3 p2.5)
        actions_on_cards = Ability(kind="activate", cost=ActivateCost(cards=base.evolution_cards))
        cause = costs.pay_extra_costs(ctx, player, oid, actions_on_cards, args.get("cost_cards"), cause)
    flow.after_action(ctx, player, cause)
