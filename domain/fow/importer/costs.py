"""Costs: will symbols, the cost part of an [Activate] ability (rest, banish, discard, counters,
cards), spend-only will, and cost changes ("you may pay {1} less ...")."""

from __future__ import annotations

import copy
import re
from typing import Any

from domain.fow.importer.conditions import _condition, _count
from domain.fow.importer.records import Delta, JsonDict, _GapError
from domain.fow.importer.targets import _YOUR_J_OR_RULER, _selector, _split_outside_quotes
from domain.fow.importer.text import _CLAUSE, NUM, _Ctx, _number

# --------------------------------------------------------------------------------------
# will symbols and costs

_SYMBOL = re.compile(r"\{([^{}]*)\}")


def _will_cost(text: str, what: str) -> JsonDict:
    """``{R}{R}{2}`` -> ``{"attribute": {"R": 2}, "free": 2}``; anything else is a gap."""
    compact = re.sub(r"\s+", "", text)
    if not compact or _SYMBOL.sub("", compact):
        raise _GapError(f"{what}: {text.strip()}")
    attribute: dict[str, int] = {}
    free = 0
    numbers = 0
    for symbol in _SYMBOL.findall(compact):
        if symbol in ("W", "R", "U", "G", "B", "M"):
            attribute[symbol] = attribute.get(symbol, 0) + 1
        elif symbol.isdigit():
            numbers += 1
            free += int(symbol)
        else:
            raise _GapError(f"{what}: will symbol {{{symbol}}}")
    if numbers > 1:
        raise _GapError(f"{what}: {text.strip()}")
    return {"attribute": attribute, "free": free}


_COUNTER_COST = re.compile(
    rf"remove (?P<n>{NUM}) (?P<c>\[[+-]\d+/[+-]\d+\]|[a-z][a-z ]*?) counters? from this card", re.IGNORECASE
)
_COUNTER_COST_ON = re.compile(
    rf"remove (?P<n>{NUM}) (?P<c>\[[+-]\d+/[+-]\d+\] |[a-z][a-z ]*? )?counters? from "
    r"(?P<on>your j-ruler|your j/ruler|a ruler or entity you control|any number of (?P<d>.+? you control))",
    re.IGNORECASE,
)
_CARDS_COST = re.compile(
    rf"(?P<v>discard|banish|rest) (?:(?P<n>{NUM}) (?P<other>other )?|(?P<another>another) )(?P<d>.+?)"
    r'(?: other than "(?P<not>[^"]+)")?',
    re.IGNORECASE,
)


def _more_cost(part: str, ctx: _Ctx) -> tuple[str, Any] | None:
    """Costs beyond will, rest, "banish this card" and life (FoW-5.5 9.3 p2.5): removing
    counters from this card; discarding, banishing or resting cards the player chooses."""
    if part.lower() == "put this card on the bottom of your main deck":
        return "put_self_on_bottom", True
    m = re.fullmatch(r"remove the top card of your main deck from the game", part, re.IGNORECASE)
    if m:
        return "remove_top_cards", 1
    m = re.fullmatch(rf"remove (?P<n>{NUM}) (?P<d>.+?) in your graveyard from the game", part, re.IGNORECASE)
    if m:  # "Remove three resonators in your graveyard from the game" (10.3 p1)
        grave, players = _selector(m.group("d"), ctx, zone="graveyard")
        if players or set(grave) & {"controller", "rested", "other_than_self"}:
            raise _GapError(f"cost: {part}")
        grave["controller"] = "you"  # in a graveyard the controller is the owner (3.1 p5)
        removed: JsonDict = {"action": "remove", "filter": grave}
        if _number(m.group("n")) != 1:
            removed["count"] = _number(m.group("n"))
        return "cards", removed
    m = re.fullmatch(r"remove X (?P<c>[a-z][a-z ]*?) counters from this card", part, re.IGNORECASE)
    if m:  # "remove X magic counters from this card": X chosen as it is played (9.3 p2.5, 10.21)
        return "remove_counters", {"counter": m.group("c"), "x": True}
    m = _COUNTER_COST.fullmatch(part)
    if m:
        out: JsonDict = {"counter": m.group("c").strip("[]")}
        if _number(m.group("n")) != 1:
            out["count"] = _number(m.group("n"))
        return "remove_counters", out
    m = _COUNTER_COST_ON.fullmatch(part)
    if m:  # counters on other cards you control (9.3 p2.5, 10.21)
        on = m.group("on").lower()
        if on == "your j-ruler":
            holders: JsonDict = {"zone": "field", "types": ["j_ruler"], "controller": "you"}
        elif on == "your j/ruler":
            holders = copy.deepcopy(_YOUR_J_OR_RULER["filter"])
        elif on == "a ruler or entity you control":
            # an "entity": a card in a field (the term of later rules); with "a ruler", every card
            # you control in your field or ruler area (2.1 p2, 3.6, 3.8 p4), not a magic stone
            holders = {"zone": "field", "types": ["ruler", "j_ruler", "resonator", "addition", "regalia"]}
            holders.update(controller="you", playground=True)
        else:  # "any number of resonators you control"
            holders, players = _selector(m.group("d"), ctx)
            if players or holders.get("controller") != "you" or set(holders) & {"rested", "other_than_self"}:
                raise _GapError(f"cost: {part}")
        counted: JsonDict = {"on": holders}
        if m.group("c"):
            counted["counter"] = m.group("c").strip().strip("[]")
        if _number(m.group("n")) != 1:
            counted["count"] = _number(m.group("n"))
        return "remove_counters", counted
    named = re.fullmatch(r'discard "([^"]+)"', part, re.IGNORECASE)
    if named:
        return "cards", {"action": "discard", "filter": {"zone": "hand", "types": [], "name": named.group(1)}}
    m = _CARDS_COST.fullmatch(part)
    if not m:
        return None
    action = m.group("v").lower()
    count = 1 if m.group("another") else _number(m.group("n"))
    desc = m.group("d").strip()
    if action == "discard":
        nm = re.fullmatch(r'cards? named "([^"]+)"', desc)
        if nm:
            flt: JsonDict = {"zone": "hand", "types": [], "name": nm.group(1)}
        elif desc in ("card", "cards"):
            flt = {"zone": "hand", "types": []}
        else:
            flt, players = _selector(desc, ctx, zone="hand")
            if players or set(flt) & {"controller", "rested", "other_than_self"}:
                raise _GapError(f"cost: {part}")
    elif action == "banish" and desc == "addition added to this card" and ctx.type in ("resonator", "j_ruler"):
        # "banish an addition added to this card" (7.2 p3): one the player controls (10.10 p2)
        flt = {"zone": "field", "types": ["addition"], "controller": "you", "added_to_self": True}
    else:
        if action == "rest" and not desc.endswith(" you control"):
            raise _GapError(f"cost: {part}")
        flt, players = _selector(desc, ctx, playground=True)  # "Rest two recovered Elves you control" (2.5 p4)
        if players or flt.get("controller", "you") != "you" or flt.get("other_than_self"):
            raise _GapError(f"cost: {part}")
        flt["controller"] = "you"  # a player may not banish cards they don't control (10.10 p2)
    if m.group("another") or m.group("other"):  # "banish two other Cthulhu resonators"
        flt["other_than_self"] = True
    if m.group("not"):  # "Rest a recovered resonator you control other than "Rapunzel, ..."" (2.2 p3)
        flt["not_names"] = [m.group("not")]
    out = {"action": action, "filter": flt}
    if count != 1:
        out["count"] = count
    return "cards", out


_REDUCTION = re.compile(
    rf"^(?:\[Continuous\]\s*:?\s*)?(?:if (?P<pre>{_CLAUSE}),? )?"  # "If your life is 100 you may pay": no comma
    r"you may pay (?P<c>(?:\{[^{}]+\})+) less to play this card"
    r"(?:,? if (?P<post>.+?)|,? for each (?P<per>.+?))?\.?$",
    re.IGNORECASE,
)


def _cost_reduction(text: str, ctx: _Ctx) -> Delta | None:
    """ "You may pay {1} less to play this card [if <condition>] [for each X]" (FoW-5.5 9.3 p2.5)."""
    m = _REDUCTION.match(text)
    if not m:
        return None
    if m.group("pre") and m.group("post"):
        raise _GapError(f"condition: {text}")
    out: JsonDict = {"cost": _will_cost(m.group("c"), "cost reduction")}
    cond = m.group("pre") or m.group("post")
    if cond:
        out["condition"] = _condition(cond, ctx)
    if m.group("per"):
        out["per"] = _count(m.group("per"), ctx)
        if out["per"].get("filter", {}).get("zone") == "hand":  # the card is in the chase area by then (9.3 p2.2)
            raise _GapError(f"condition: for each {m.group('per')} (while this card is played)")
    return {"cost_reduction": out}


def _split_cost(text: str) -> tuple[str, str] | None:
    """Split ``<cost>: <effect>`` at the first colon outside quotes and brackets."""
    depth = 0
    quoted = False
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif ch in "[{<":
            depth += 1
        elif ch in "]}>":
            depth -= 1
        elif ch == ":" and not quoted and depth == 0:
            return text[:i].strip(), text[i + 1 :].strip()
    return None


def _activate_cost(text: str, ctx: _Ctx) -> JsonDict:
    cost: JsonDict = {}
    will: JsonDict | None = None
    body = re.sub(r"^pay\s+(?=\{)", "", text.strip(), flags=re.IGNORECASE)
    parts = [p.strip() for p in _split_outside_quotes(body) if p.strip()]
    for part in parts:
        part = re.sub(r"^pay\s+(?=\{)", "", part, flags=re.IGNORECASE)
        if part.startswith("{") and "{Rest}" in part and part != "{Rest}":
            if cost.get("rest"):
                raise _GapError(f"cost: {text}")
            cost["rest"] = True
            part = part.replace("{Rest}", "").strip()
        low = part.lower()
        if low == "{rest}":
            if cost.get("rest"):
                raise _GapError(f"cost: {text}")
            cost["rest"] = True
        elif low in ("banish this card", "banish this resonator"):
            cost["banish_self"] = True
        elif low == "remove this card in your graveyard from the game" and ctx.in_graveyard:
            cost["remove_self"] = True  # 10.3 p1, paid in the graveyard (9.2 p2)
        elif m := re.fullmatch(r"pay (\d+) life", low):
            cost["pay_life"] = int(m.group(1))
        elif (more := _more_cost(part, ctx)) is not None:
            key, value = more
            if key == "cards":
                cost.setdefault("cards", []).append(value)
            elif key in cost:
                raise _GapError(f"cost: {text}")
            else:
                cost[key] = value
        elif part.startswith("{") and part.endswith("{X}") and "x" not in cost:  # "{X}": chosen as played
            cost["x"] = True
            if part != "{X}":
                if will is not None:
                    raise _GapError(f"cost: {text}")
                will = _will_cost(part[: -len("{X}")], "cost")
        elif part.startswith("{"):
            if will is not None:
                raise _GapError(f"cost: {text}")
            will = _will_cost(part, "cost")
        else:
            raise _GapError(f"cost: {part}")
    if will is not None:
        cost["will"] = will
    if cost.get("remove_counters", {}).get("x"):
        if cost.get("x"):  # an {X} of will too: two X's the vocabulary does not tell apart
            raise _GapError(f"cost: {text}")
        cost["x"] = True  # X is chosen as the ability is played and counts the counters (9.3 p2.5)
    return cost


_SPEND_ONLY = re.compile(r"\s*Spend (?:that|this) will only to (?P<w>[^.]+)\.?$", re.IGNORECASE)


def _add_spend_only(effects: list[JsonDict], spend: re.Match[str], ctx: _Ctx) -> None:
    """ "Produce {W}, {R}, {U}, {G}, or {B}. Spend that will only to play Fairy resonators": the will
    may pay only for the uses listed (the text beats 10.2 p2, FoW-5.5 1.4 p1): playing such cards (in
    the chase area as their cost is paid, 9.3 p2.2), paying [Awakening] costs (12.1), playing [Judgment]
    (7.5), God's Art (12.4) or activate abilities (9.5) of such cards."""
    what = spend.group("w").strip()
    produce = [e for e in effects if e.get("op") == "produce_will"]
    if not produce or len(produce) != len(effects):
        raise _GapError(f"effect: Spend that will only to {what}.")
    uses: list[JsonDict] = []
    for part in re.split(r",? or to ", what):
        try:
            uses += _spend_uses(part.strip(), ctx)
        except _GapError:
            raise _GapError(f"effect: Spend that will only to {what}.") from None
    for e in produce:
        e["spend_only"] = uses


def _spend_uses(part: str, ctx: _Ctx) -> list[JsonDict]:
    """One use of "Spend this will only to ..." (see :func:`_add_spend_only`)."""
    if re.fullmatch(r"pay \[Awakening\] costs", part, re.IGNORECASE):
        return [{"on": "awakening", "filter": {"zone": "chase", "types": []}}]
    abilities = re.fullmatch(
        r"play (?P<k>\[Judgment\] or God's Art|\[Judgment\]|God's Art|activate) abilities of (?P<d>.+)", part, re.I
    )
    if abilities:
        kinds = {"[judgment]": ["judgment"], "god's art": ["gods_art"], "activate": ["activate"]}
        on = kinds.get(abilities.group("k").lower(), ["judgment", "gods_art"])
        rulers = re.fullmatch(r'J/rulers?(?: with "(?P<n>[^"]+)" in (?:their|its) names?)?', abilities.group("d"))
        if rulers:  # "J/rulers with "Kaguya" in their name": a ruler or J-ruler (2.1 p1), a part of a name (2.2 p3)
            flt: JsonDict = {"zone": "ruler_area", "types": ["ruler", "j_ruler"]}
            if rulers.group("n"):
                flt["name_contains"] = rulers.group("n")
        else:
            flt, players = _selector(abilities.group("d"), ctx, zone="field", loose=True)
            if players or set(flt) & {"controller", "rested", "other_than_self"}:
                raise _GapError(part)
        return [{"on": kind, "filter": flt} for kind in on]
    play = re.fullmatch(r"play (?P<d>.+)", part, re.IGNORECASE)
    if play is None:
        raise _GapError(part)
    desc = play.group("d")
    if desc.endswith(" cards") and desc != "cards":  # "Four Sacred Beasts cards": any type (2.5 p4)
        desc = desc[: -len(" cards")]
    flt, players = _selector(desc, ctx, zone="chase")
    if players or set(flt) & {"controller", "rested", "other_than_self"} or not (flt.get("types") or flt.get("races")):
        raise _GapError(part)
    return [{"on": "play", "filter": flt}]


def _cost_colon(text: str) -> str:
    """ "{R} This card gains [+100/+0] until end of turn." (VS01-027, TTW-029: the colon after the
    will cost is missing; the same card elsewhere reads "{R}: This card ..."): a paragraph opening
    with will symbols only and then a sentence is an [Activate] ability with that cost (FoW-5.5 9.5)."""
    m = re.fullmatch(r"(?P<c>(?:\{[WRUGBM0-9]\})+) (?P<e>This card gains [^:]+)", text)
    return f"{m.group('c')}: {m.group('e')}" if m else text
