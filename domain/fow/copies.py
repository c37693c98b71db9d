"""Copies (FoW-5.5 10.16): a token copy - a pseudo-card with a card's information put into a field -
and a card that "becomes a copy" of another.

What a copy takes is the *copiable* information of the copied object: the information on the card
itself, "without any continuous effects on them" (10.16 p1, p2) - no counters, no gained or lost
abilities, no [+X/+Y] - except what a copy effect made it (a pseudo-card is the card it copied; a card
that became a copy is that card, with the card type an exception kept, ``Obj.copy_type``).  The
choices made for the copied object (the X of its cost, whether it was awakened) go with it (10.16
p1.3).  The copy's information is its base information (9.9 p1.1): :meth:`GameState.card_of` returns
it and the characteristics apply every continuous effect on the copy itself on top of it."""

from __future__ import annotations

from domain.fow.cards import BecomeCopy, PutTokenCopy
from domain.fow.context import Ctx
from domain.fow.state import PLAYGROUND, ChaseItem, GameState, as_type
from domain.fow.targets import _targets_of
from domain.fow.trigger_checks import check_triggers, is_same_source, removing_since


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
