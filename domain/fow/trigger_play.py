"""Playing an automatic ability from the trigger list (FoW-5.5 9.6 p3): its targets, costs and
the chase item it becomes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.fow.card_terms import Cost
from domain.fow.characteristics import cannot_play, forbidden_play
from domain.fow.context import Ctx
from domain.fow.movement import move
from domain.fow.state import GameState, Triggered
from domain.fow.targets import chosen_groups, legal_targets, validate_targets
from domain.fow.trigger_checks import (
    _explode_target,
    _known_subject,
    check_targeted,
    check_triggers,
    chosen_since,
    known_source,
    trigger_effects,
)
from domain.fow.will import pay_will, produce_from_sources, require_stones_shown


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


def automatic_card_cost(s: GameState, trig: Triggered) -> Cost | None:
    """What playing a triggered automatic card costs (FoW-5.5 7.9 p4): its [Trigger] cost, and its
    own cost too when it is played from the hand ("if you play it from a zone other than your
    chant-standby area"); None when there is nothing to pay."""
    if trig.kind != "card":
        return None
    card = s.card_of(trig.source)
    costs = [c for c in (card.trigger_cost, card.cost if trig.zone == "hand" else None) if c is not None]
    if not costs:
        return None
    attribute: dict[Any, int] = {}
    for c in costs:
        for symbol, n in c.attribute.items():
            attribute[symbol] = attribute.get(symbol, 0) + n
    return Cost(attribute=attribute, free=sum(c.free for c in costs))


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
        if obj.zone != trig.zone:  # a card played from the zone it triggered in only (9.6 p10)
            return ctx.emit("TriggerDiscarded", {"trigger": trig.id, "why": "moved"}, "9.6 p10", cause=cause)
        if cannot_play(s, trig.controller, card):  # a prohibition beats "play it" (1.4 p4)
            spell = "a summon spell" if card.type == "resonator" else "a normal spell"
            raise ctx.reject("rules/cannot_play", "1.4 p4", f"an effect forbids {trig.controller} to play {spell}")
        forbidden = forbidden_play(s, trig.controller, card, trig.zone)
        if forbidden is not None:  # "Your opponent cannot play cards from their chant-standby area" (1.4 p4)
            raise ctx.reject("rules/cannot_play", "1.4 p4", f"an effect forbids {trig.controller} to play {forbidden}")
        if trig.kind == "card":
            require_stones_shown(ctx, trig.controller, card)
        chosen = validate_targets(ctx, groups, targets, trig.controller, trig.source, name)
        if not obj.revealed:  # one asked about was revealed as it triggered (9.6 p2)
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
                "from": trig.zone,
                **chosen_since(s, chosen),
                **({"subject": trig.target} if trig.target is not None else {}),  # "the destroyed resonator"
                **_known_subject(s, trig),
            },
            "7.9 p4" if trig.kind == "card" else "12.5 p2",
            cause=cause,
            actor=actor,
        )
        cost = automatic_card_cost(s, trig)
        if cost is not None:
            cause = produce_from_sources(ctx, trig.controller, pay_with, cause)
            cause = pay_will(ctx, trig.controller, cost, cause, card.name)
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


def _source_x(s: GameState, source: str) -> dict[str, int]:
    """The X of a triggered ability: the X chosen for the {X} of the [Awakening] or [Judgment] cost
    that put its source into the field ("[Awakening] {X}: When this card enters your field, destroy
    target resonator with total cost X or less", 9.3 p2.5), while the source is that object."""
    obj = s.objects.get(source)
    return {"x": obj.x} if obj is not None and obj.x and obj.zone == "field" else {}
