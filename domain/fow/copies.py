"""Copies (FoW-5.5 10.16): a token copy - a pseudo-card with a card's information put into a field -,
a card that "becomes a copy" of another, and a copy of a spell or an ability on the chase (a pseudo-card
spell or the same ability, made - not played - on the chase, 10.16 p1.1, p1.2).

What a copy takes is the *copiable* information of the copied object: the information on the card
itself, "without any continuous effects on them" (10.16 p1, p2) - no counters, no gained or lost
abilities, no [+X/+Y] - except what a copy effect made it (a pseudo-card is the card it copied; a card
that became a copy is that card, with the card type an exception kept, ``Obj.copy_type``).  The
choices made for the copied object (the X of its cost, whether it was awakened) go with it (10.16
p1.3).  The copy's information is its base information (9.9 p1.1): :meth:`GameState.card_of` returns
it and the characteristics apply every continuous effect on the copy itself on top of it."""

from __future__ import annotations

import itertools
from typing import Any

from domain.fow import conditions
from domain.fow.cards import Ability, BecomeCopy, CopyOnChase, PutTokenCopy, Target
from domain.fow.cards import Effect as CardEffect
from domain.fow.context import Ctx
from domain.fow.state import PLAYGROUND, ChaseItem, GameState, as_type
from domain.fow.targets import _targets_of, chosen_groups, distinct_seconds, legal_targets
from domain.fow.trigger_checks import (
    characteristics_or_printed,
    check_triggers,
    chosen_since,
    is_same_source,
    removing_since,
)


def copiable_card(s: GameState, oid: str) -> tuple[str, str | None]:
    """The key in ``s.cards`` of the information a copy of ``oid`` takes (10.16 p1), with the card type an
    exception made it keep (or None): the card it became a copy of (p2), the card a pseudo-card copied
    (p1.1), else its printed side (a J-ruler's J-ruler side, 2.1 p2)."""
    obj = s.objects[oid]
    if obj.copy_of is not None:
        return obj.copy_of, obj.copy_type
    judgment = s.cards[obj.card].judgment
    if obj.side == "j_ruler" and judgment is not None:
        return judgment.j_ruler, None
    other = s.cards[obj.card].other_side
    if obj.side == "future" and other is not None:
        return other, None
    return obj.card, None


def can_enter_field_alone(s: GameState, oid: str) -> bool:
    """Whether a pseudo-card copying ``oid`` can be in a field by itself: a J/resonator, a regalia or an
    [Addition:Field] (a spell cannot, 3.15 p4; an [Addition:Resonator] needs a card to be added to, 7.2
    p4; a ruler or magic stone is never put into a field, 3.15 p1, p5)."""
    key, card_type = copiable_card(s, oid)
    card = s.cards[key] if card_type is None else as_type(s.cards[key], card_type)
    return card.type in ("resonator", "j_ruler", "regalia") or (card.type == "addition" and card.subtype == "field")


def put_token_copy(ctx: Ctx, item: ChaseItem, eff: PutTokenCopy, group: list[str] | None, cause: str) -> str:
    """ "Put a token copy of target resonator you control into the field": a pseudo-card made with the
    target's copiable information and choices (10.16 p1, p1.1, p1.3), put into the field of the
    ability's controller as a new object; it triggers what an entering card triggers (9.6 p1), not
    [Enter], not having been played (9.6 p1.1)."""
    s = ctx.s
    you = item.controller
    if eff.target.kind == "self" and (item.source_since is not None and not is_same_source(s, item)):
        return cause  # "a token copy of this card": of the object whose ability it is (3.1 p3)
    copied = [item.source] if eff.target.kind == "self" else _targets_of(ctx, item, eff.target, group)
    for t in copied:
        if t not in s.objects or s.objects[t].zone not in PLAYGROUND:
            continue
        if not can_enter_field_alone(s, t):
            continue
        key, card_type = copiable_card(s, t)
        original = s.objects[t]
        oid = ctx.fresh_id("copy")
        made: dict[str, object] = {"oid": oid, "card": key, "copied": t, "owner": you, "controller": you}
        made["to"] = "field"
        if card_type is not None:  # what a copy effect made it, with its exception (10.16 p1, p2)
            made["copy_type"] = card_type
        if original.x:  # the choices made for the copied object (10.16 p1.3)
            made["x"] = original.x
        if original.awakened:
            made["awakened"] = True
        if eff.rested:  # "... into the field rested"
            made["rested"] = True
        if item.kind == "ability":  # "the resonator put into your field by this card" (3.1 p3)
            made.update(put_by=item.source, put_by_since=removing_since(s, item))
        cause = ctx.emit("CopyMade", made, "10.16 p1.1", cause=cause)
        check_triggers(ctx, "enters_field", cause, oid=oid)
        check_triggers(ctx, "card_enters_field", cause, oid=oid, subject=oid)
    return cause


def become_copy(ctx: Ctx, item: ChaseItem, eff: BecomeCopy, group: list[str] | None, cause: str) -> str:
    """ "This card becomes a copy of target J-Ruler ..., except it doesn't become a J-Ruler and it's
    still a resonator": the source, while it is still the object whose ability this is (3.1 p3) and in
    a field, takes the target's copiable information (10.16 p2), with the card type ``except_type``."""
    s = ctx.s
    src = item.source
    if not is_same_source(s, item) or s.objects[src].zone != "field":
        return cause
    for t in _targets_of(ctx, item, eff.target, group):
        if t not in s.objects or s.objects[t].zone not in PLAYGROUND:
            continue
        key, card_type = copiable_card(s, t)
        if eff.except_type is not None:  # "except it ... is still a resonator"
            card_type = eff.except_type
        became = {"oid": src, "copied": t, "card": key, "copy_type": card_type}
        cause = ctx.emit("BecameCopy", became, "10.16 p2", cause=cause)
    return cause


# --- copying a spell or an ability on the chase (10.16 p1.1, p1.2, p1.3) ---------------------------

MAX_NEW_TARGETS = 64
"""The most target choices a "You may choose new targets for the copy" question lists (the targets kept
first); more combinations than that only arise with several target groups of many objects each."""


def copy_on_chase(
    ctx: Ctx, item: ChaseItem, eff: CopyOnChase, group: list[str] | None, cause: str, choice: Any
) -> str | None:
    """ "Copy target chant spell. You may choose new targets for the copy.": the copied item, still on the
    chase (9.3 p3.1), gets a copy on top of the chase controlled by ``item``'s controller (10.16 p1.1 for a
    spell, p1.2 for an ability) with every choice made for it (p1.3); with ``new_targets`` that player then
    keeps the copied targets or chooses other legal ones for the copy (asked, never chosen for them).
    None while the question waits for the answer."""
    s = ctx.s
    if choice is not None:  # the answer to the question asked below: the copy made just before asking
        copy = next((c for c in reversed(s.chase) if c.copied_by == item.id), None)
        if copy is None:
            return cause
        return _choose_new_targets(ctx, copy, int(choice), cause)
    copied = next((c for c in s.chase if c.id in _copied_ids(ctx, item, eff, group)), None)
    if copied is None or copied.kind not in ("card", "ability"):
        return cause  # gone from the chase (canceled, resolved): nothing is copied (9.3 p3.1)
    copy_id = ctx.fresh_id("c")
    made: dict[str, Any] = {"item": copy_id, "copied": copied.id, "by": item.id, "kind": copied.kind}
    made["player"] = item.controller  # the player whose effect made the copy controls it
    if copied.kind == "card":  # a pseudo-card with the spell's information, in the chase area (10.16 p1.1)
        key, _ = copiable_card(s, copied.source)
        made.update(source=ctx.fresh_id("copy"), card=key)
    else:  # the same ability of the same source (10.16 p1.2)
        made.update(source=copied.source, ability=copied.ability)
        for field in ("source_since", "subject", "subject_since", "amount"):
            if getattr(copied, field) is not None:
                made[field] = getattr(copied, field)
    made["targets"] = [list(t) for t in copied.targets]  # every choice made for it (10.16 p1.3)
    if copied.target_since is not None:
        made["target_since"] = dict(copied.target_since)
    if copied.modes:
        made["modes"] = list(copied.modes)
    if copied.x:
        made["x"] = copied.x
    if copied.awakened:
        made["awakened"] = True
    if copied.choice is not None:
        made["choice"] = copied.choice
    rule = "10.16 p1.1" if copied.kind == "card" else "10.16 p1.2"
    cause = ctx.emit("ChaseItemCopied", made, rule, cause=cause)
    copy = next(c for c in s.chase if c.id == copy_id)
    if not eff.new_targets or not copy.targets:
        return cause
    options = new_target_options(s, copy)
    if len(options) < 2:  # no other legal targets: the copy keeps the copied ones
        return cause
    asked = {"item": item.id, "source": item.source, "copy": copy.id, "choices": [{"targets": t} for t in options]}
    ctx.ask(copy.controller, "option", asked, "10.16 p1.3", cause=cause)
    return None


def _copied_ids(ctx: Ctx, item: ChaseItem, eff: CopyOnChase, group: list[str] | None) -> list[str]:
    """The chase item ``eff`` copies: the target (still legal, 9.3 p3.1), the spell or ability the
    trigger named ("Copy it"), or the item itself ("copy this spell", "copy this ability")."""
    if eff.target.kind == "self":
        return [item.id]
    return _targets_of(ctx, item, eff.target, group)


def copy_effects(s: GameState, copy: ChaseItem) -> list[CardEffect]:
    """The effects of the copy, with the modes chosen for it (9.3 p2.3, 10.16 p1.3)."""
    if copy.kind == "card":
        card = s.card_of(copy.source)
        effects = list(card.effects)
        if copy.awakened and card.awakening is not None:
            effects += card.awakening.effects
        return conditions.expand(effects, copy.modes)
    ability = dict(characteristics_or_printed(s, copy.source)).get(copy.ability, Ability(kind="activate"))
    return conditions.expand(ability.effects, copy.modes)


def new_target_options(s: GameState, copy: ChaseItem) -> list[list[list[str]]]:
    """What the copy's controller may choose as its targets (10.16 p1.3 and the card text, 1.4 p1): the
    copied targets first, then each other combination of targets legal for the copy (9.3 p2.4) - as many
    in each group as the copied item chose there."""
    groups: list[Target] = chosen_groups(copy_effects(s, copy))
    kept = [list(t) for t in copy.targets]
    per_group: list[list[tuple[str, ...]]] = []
    for g, chosen in zip(groups, kept + [[]] * (len(groups) - len(kept)), strict=False):
        legal = legal_targets(s, g, copy.controller, copy.source)
        per_group.append(list(itertools.combinations(legal, min(len(chosen), len(legal)))))
    out = [kept]
    for combo in itertools.product(*per_group):
        picked = [list(c) for c in combo]
        if picked != kept and distinct_seconds(groups, picked) and len(out) < MAX_NEW_TARGETS:
            out.append(picked)
    return out


def _choose_new_targets(ctx: Ctx, copy: ChaseItem, index: int, cause: str) -> str:
    """The answer: the copy keeps its targets (0) or takes the chosen ones (10.16 p1.3), as the question
    listed them."""
    s = ctx.s
    asked = s.pending.options.get("choices") if s.pending is not None and s.pending.kind == "option" else None
    if isinstance(asked, list):
        options = [[list(map(str, g)) for g in c["targets"]] for c in asked]
    else:  # the question is the one just asked: the same list, from the same state
        options = new_target_options(s, copy)
    if index == 0 or index >= len(options):
        data = {"item": copy.id, "player": copy.controller, "kept": True}
        return ctx.emit("OptionChosen", data, "10.16 p1.3", cause=cause, actor=copy.controller)
    targets = options[index]
    data = {"item": copy.id, "player": copy.controller, "targets": targets, **chosen_since(s, targets)}
    return ctx.emit("CopyTargetsChosen", data, "10.16 p1.3", cause=cause, actor=copy.controller)
