"""One ability paragraph: [Activate] abilities (with their costs, also from the graveyard),
and :func:`_ability`, which tells an activate, automatic or continuous paragraph apart."""

from __future__ import annotations

import dataclasses
import re

from domain.fow.importer.conditions import _condition
from domain.fow.importer.continuous import _continuous_each, _it_variants
from domain.fow.importer.costs import _SPEND_ONLY, _activate_cost, _add_spend_only, _cost_colon, _split_cost, _will_cost
from domain.fow.importer.records import JsonDict, _GapError
from domain.fow.importer.sentences import _effects
from domain.fow.importer.text import _CLAUSE, _capitalise, _Ctx
from domain.fow.importer.triggers import (
    _ACTIVATE_TAIL,
    _TRIGGER_START,
    _automatic,
    _continuous_then_trigger,
    _host_turn_end,
    _with_counters_text,
)

_IN_GRAVEYARD = re.compile(r"\bthis card (?:in|from) your graveyard\b", re.IGNORECASE)


def _graveyard_activate(raw: str, text: str, ctx: _Ctx) -> JsonDict | None:
    """An [Activate] ability whose text makes it available in the graveyard (FoW-5.5 9.2 p2):
    "{B}{M}, remove this card in your graveyard from the game: ...", "{R}{R}{1}: Put this card
    from your graveyard into your hand" (also on a spell).  None for other paragraphs."""
    m = re.match(r"^\[Activate\]\s*:?\s*", text, re.IGNORECASE)
    body = text[m.end() :] if m else text
    if not _IN_GRAVEYARD.search(body) or _TRIGGER_START.match(body) or body.startswith("["):
        return None
    here = dataclasses.replace(ctx, in_graveyard=True)
    if m and _split_cost(body) is None:
        # misprint of the colon as a full stop, after the [Activate] tag: "[Activate] Pay {R}, remove
        # this card in your graveyard from the game. This card deals 200 damage ..." (MPR-022)
        dot = re.match(r"^(?P<c>[^.:]+?)\.\s+(?P<e>.+)$", body)
        if dot is None:
            return None
        body = f"{dot.group('c')}: {dot.group('e')}"
    try:
        ability = _activate(raw, body, here, required=True)
    except _GapError:
        return None  # reported as any other paragraph
    if ability is None or set(ability["cost"]) & {"rest", "banish_self", "remove_counters", "put_self_on_bottom"}:
        return None  # a cost acting on this card as in a field
    if any(e.get("op") == "produce_will" for e in ability["effects"]):
        return None  # will abilities are planned from the playgrounds only (9.7)
    return {**ability, "from_graveyard": True}


def _activate(raw: str, body: str, ctx: _Ctx, *, required: bool) -> JsonDict | None:
    split = _split_cost(body)
    if split is None:
        if required:
            raise _GapError(f"cost: {body}")
        return None
    cost_text, effect_text = split
    if not required and _TRIGGER_START.match(cost_text):
        return None
    cost = _activate_cost(cost_text, ctx)
    if cost.get("remove_counters", {}).get("x"):  # "with total cost X" reads this X (9.3 p2.5)
        ctx = dataclasses.replace(ctx, x_activate=True)
    ability: JsonDict = {"kind": "activate", "text": raw, "cost": cost}
    limits = re.match(
        r"^choose one\.\s*play this ability only during your turn and only once per turn\s*(?=[-\u2013])",
        effect_text,
        re.IGNORECASE,
    )
    if limits:  # "{0}: Choose one. Play this ability only during your turn and only once per turn - ...":
        # a condition to play it (1.4 p1) and once per turn (7.8 p2), written before the modes
        ability.update(condition={"kind": "your_turn"}, once_per_turn=True)
        # "... this card. or draw a card, ...;": a full stop before "or" ends the mode as ";" does
        effect_text = "Choose one " + re.sub(r"\.\s+or\s+(?=[a-z])", "; or ", effect_text[limits.end() :])
    for pattern, flag in _ACTIVATE_TAIL:
        m = pattern.search(effect_text)
        if m:
            ability[flag] = True
            effect_text = effect_text[: m.start()]
    m = re.search(r"\s*You may play this ability up to (?P<n>twice|three times) per turn\.?$", effect_text, re.I)
    if m:  # "You may play this ability up to twice per turn" (card text, 1.4 p1)
        ability["times_per_turn"] = 2 if m.group("n").lower() == "twice" else 3
        effect_text = effect_text[: m.start()]
    m = re.search(r"\s*Play this ability only during (?P<w>your|your opponent's) turn\.?$", effect_text, re.I)
    if m:  # "Play this ability only during your opponent's turn" (card text, 1.4 p1)
        ability["condition"] = {"kind": "your_turn", **({"negate": True} if m.group("w").lower() != "your" else {})}
        effect_text = effect_text[: m.start()]
    m = re.search(
        rf"\s*If (?P<c>{_CLAUSE}), you may pay (?P<w>(?:\{{[^{{}}]+\}})+) less to play this ability\.?$",
        effect_text,
        re.IGNORECASE,
    )
    if m:  # "If your J/ruler is "A" or "B", you may pay {1} less to play this ability." (9.3 p2.5)
        less = _will_cost(m.group("w"), "cost reduction")
        ability["cost_reduction"] = {"cost": less, "condition": _condition(m.group("c"), ctx)}
        effect_text = effect_text[: m.start()]
    m = re.search(rf"\s*Play this ability only if (?P<c>{_CLAUSE})\.?$", effect_text, re.IGNORECASE)
    if m and "condition" not in ability:  # a condition to play it (card text, 1.4 p1)
        ability["condition"] = _condition(m.group("c"), ctx)
        effect_text = effect_text[: m.start()]
    m = re.search(rf"\s*You cannot play this ability if (?P<c>{_CLAUSE})\.?$", effect_text, re.IGNORECASE)
    if m and "condition" not in ability:
        # "... if you don't control X": only if you control X; "... if you don't have X": only if
        # you have X (1.4 p1, p4)
        try:
            cond = _condition(m.group("c"), ctx)
            if cond.get("negate"):
                cond.pop("negate")
            else:
                cond["negate"] = True
        except _GapError:
            positive = re.fullmatch(r"you (?:don't|do not) (?P<c>.+)", m.group("c"), re.IGNORECASE)
            if positive is None:
                raise
            cond = _condition(f"you {positive.group('c')}", ctx)
        ability["condition"] = cond
        effect_text = effect_text[: m.start()]
    spend = _SPEND_ONLY.search(effect_text)
    if spend:
        effect_text = effect_text[: spend.start()]
    ability["effects"] = _effects(_capitalise(effect_text), ctx, modes_ok=True)
    if any(e.get("op") == "produce_will" and "per" in e for e in ability["effects"]):
        raise _GapError(f"effect: {effect_text} (a will ability produces a fixed will, FoW-5.5 9.7 p1)")
    if spend:
        _add_spend_only(ability["effects"], spend, ctx)
    return ability


def _ability(raw: str, text: str, ctx: _Ctx) -> list[JsonDict]:
    """One non-keyword paragraph of a non-spell card as Abilities (one, or one per trigger
    condition of "when this card attacks or blocks")."""
    m = re.match(r"^\[Activate\]\s*:?\s*", text, re.IGNORECASE)
    if m:
        ability = _activate(raw, text[m.end() :], ctx, required=True)
        assert ability is not None
        return [ability]
    m = re.match(r"^\[Continuous\]\s*:?\s*", text, re.IGNORECASE)
    if m:
        rest = text[m.end() :]
        try:
            return _automatic(raw, rest, ctx) or _it_variants(raw, rest, ctx) or _continuous_each(raw, rest, ctx)
        except _GapError:
            split = _continuous_then_trigger(raw, rest, ctx) or _host_turn_end(raw, rest, ctx)
            if split is None:
                raise
            return split
    counters = _with_counters_text(raw, text)
    if counters is not None:  # "As this card shifts, put ten [+100/+100] counters on it": no trigger (12.8 p2.1)
        return [counters]
    automatic = _automatic(raw, text, ctx)
    if automatic is not None:
        return automatic
    activate = _activate(raw, _cost_colon(text), ctx, required=False)
    if activate is not None:
        return [activate]
    try:
        return _it_variants(raw, text, ctx) or _continuous_each(raw, text, ctx)
    except _GapError:  # "Added resonator gains [-200/-200]. When added resonator is put into ...": two abilities
        split = _continuous_then_trigger(raw, text, ctx)
        if split is None:
            raise
        return split
