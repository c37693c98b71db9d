"""The resolution of the chase area (FoW-5.5 9.3 p3): the top item's effects in order, then
where the card goes."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from domain.fow import conditions
from domain.fow.cards import (
    Ability,
    Banish,
    ChangeCost,
    Delayed,
    Discard,
    Mill,
    PutFromHand,
    PutIntoField,
    PutOnMainDeck,
    PutTokenCopy,
    RemoveFromGame,
    Search,
    Target,
    parse_effects,
)
from domain.fow.cards import Effect as CardEffect
from domain.fow.characteristics import effective_type
from domain.fow.context import Ctx
from domain.fow.damage import destroy
from domain.fow.effects import apply_effect
from domain.fow.movement import _with_counters, move
from domain.fow.state import ChaseItem, GameState
from domain.fow.targets import _targets_of, chosen_groups, is_legal_host
from domain.fow.trigger_checks import (
    _check_target_objects,
    _delayed_effects,
    characteristics_or_printed,
    check_triggers,
    is_same_target,
)

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
        if result is not None and isinstance(eff, PutTokenCopy):  # "That token's controller banishes it"
            made = [e.data["oid"] for e in ctx.events[before:] if e.type == "CopyMade"]  # the copy (10.16 p1.1)
            previous = [(t, s.objects[t].zone_since) for t in made if s.objects[t].zone == "field"]
        if result is None:
            ctx.emit("EffectsApplied", {"item": item.id, "count": i}, "9.3 p3", cause=cause)
            return None
        cause = result
    return finish_item(ctx, item, cause)


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
        if s.objects[item.source].pseudo:  # a copy of a spell leaves the chase: it ceases to exist (10.16 p1.1)
            return ctx.emit("CopyCeasedToExist", {"oid": item.source, "zone": "chase"}, "10.16 p1.1", cause=cause)
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


def _wrapped_apply(previous: list[tuple[str, int]], removed: list[str] | None, searched: list[tuple[str, int]]) -> Any:
    """``apply_effect`` for the effects a ``may``/``if`` holds, reading what the effects before them did
    as :func:`resolve_top` passes it to the others; a cost change among them reads the cards the last
    search found instead of the previous target ("cards with the same name as the card you searched", 2.2)."""

    def inner(c: Ctx, it: ChaseItem, e: CardEffect, g: list[str] | None, ca: str, ch: Any) -> str | None:
        before = searched if isinstance(e, ChangeCost) else previous
        return apply_effect(c, it, e, g, ca, ch, previous=before, removed=removed)

    return inner
