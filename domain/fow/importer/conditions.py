"""Conditions and counts: "if you control ...", "as long as ...", "for each ...", "the number of
..." (executed by ``domain/fow/conditions.py``)."""

from __future__ import annotations

import re

from domain.fow.importer.records import JsonDict, _GapError
from domain.fow.importer.targets import _selector
from domain.fow.importer.text import NUM, _Ctx, _number

# --------------------------------------------------------------------------------------
# conditions and counts ("you may", "if" and modes are read in sentences.py; executed by
# domain/fow/conditions.py)

_NAMES = r'"[^"]+"(?:(?:, |,? or | or )"[^"]+")*'


def _names(text: str) -> list[str]:
    # a sentence's period sometimes sits inside the closing quote ("... Mad Demon.")
    return [n.rstrip(".") for n in re.findall(r'"([^"]+)"', text)]


def _condition(text: str, ctx: _Ctx) -> JsonDict:
    """``you control a Moon``, ``you don't control another Elf``, ``your J/ruler is "A" or
    "B"``, ``your Ruler is "A" or your J-Ruler is "B"`` -> a Condition."""
    low = text.strip().rstrip(",.").strip()
    low = re.sub(r"^your control ", "you control ", low, flags=re.IGNORECASE)  # a misprint (CMF-050)
    low = re.sub(r"^you (j/ruler|j-ruler|ruler) is ", r"your \1 is ", low, flags=re.IGNORECASE)  # a misprint (TAT-004)
    # "you have more than ten or more cards": a misprint (SKL-075) of "ten or more", the part the
    # sentence says twice
    low = re.sub(r"\byou have more than (\w+) or more\b", r"you have \1 or more", low, flags=re.IGNORECASE)
    short = re.fullmatch(rf"you cannot put (?P<n>{NUM}) cards into your graveyard this way", low, re.IGNORECASE)
    if short:  # "If you cannot put three cards into your graveyard this way, ..." (after a mill, 9.3 p3)
        return {"kind": "did", "at_least": _number(short.group("n")), "negate": True}
    compared = _comparison(low, ctx)
    if compared is not None:
        return compared
    special = _condition_more(low, ctx)
    if special is not None:
        return special
    more = _happened_condition(low, ctx)
    if more is not None:
        return more
    both = _all_of(low, ctx)
    if both is not None:
        return both
    m = re.fullmatch(rf"you have removed (?P<n>{NUM}) or more cards from the game with this card's ability", low, re.I)
    if m:  # counted on this card as its abilities remove cards (10.3 p1)
        return {"kind": "removed_with_this", "at_least": _number(m.group("n"))}
    m = re.fullmatch(r"you(?: have)? put (?:an?|any) (?P<what>.+?) into a field this turn", low, re.IGNORECASE)
    m = m or re.fullmatch(r'you(?: have)? put (?P<what>"[^"]+") into a field this turn', low, re.IGNORECASE)
    if m:  # what you put into a field this turn, wherever it is now
        what = m.group("what")
        if what.startswith('"'):
            put: JsonDict = {"zone": "field", "types": [], "name": _names(what)[0]}
        else:
            put, players = _selector(what, ctx, loose=True)
            if players or set(put) - {"zone", "types", "races", "attributes"}:
                raise _GapError(f"condition: {text}")
        return {"kind": "put_into_field", "filter": put}
    m = re.fullmatch(
        rf"(?:there (?:are|is)|(?P<you>you have)) (?P<n>{NUM}) or more cards? in (?P<whose>your|your opponent's)"
        r" (?P<z>removed area|graveyard)",
        low,
        re.IGNORECASE,
    )
    if m and not (m.group("you") and m.group("whose").lower() != "your"):
        # public zones (FoW-5.5 3.12, 3.6): how many cards there are; "you have ten or more cards in
        # your graveyard" the same
        zone = "removed" if m.group("z").lower() == "removed area" else "graveyard"
        held: JsonDict = {
            "kind": "controls",
            "filter": {"zone": zone, "types": [], "controller": _whose(m.group("whose"))},
        }
        if _number(m.group("n")) != 1:
            held["at_least"] = _number(m.group("n"))
        return held
    m = re.fullmatch(r'you control (?P<n>"[^"]+"(?: or "[^"]+")+)', low, re.IGNORECASE)
    if m:  # "you control "Hansel" or "Gretel""
        return {
            "kind": "any_of",
            "conditions": [
                {"kind": "controls", "filter": {"zone": "field", "types": [], "name": n, "controller": "you"}}
                for n in _names(m.group("n"))
            ],
        }
    m = re.fullmatch(r"you (?:don't|do not) control (?:any )?other (?P<what>[a-z/ -]+)", low, re.IGNORECASE)
    if m:  # "you don't control other resonators": none but this card
        others, players = _selector(m.group("what"), ctx, loose=True)
        if players or "controller" in others:
            raise _GapError(f"condition: {text}")
        others.update(controller="you", other_than_self=True)
        return {"kind": "controls", "filter": others, "negate": True}
    m = re.fullmatch(
        rf"your (?P<who>ruler|j-ruler|j/ruler) (?P<not>is|isn't|is not) (?P<n>{_NAMES})", low, re.IGNORECASE
    )
    if m:
        who = m.group("who").lower()
        names = _names(m.group("n"))
        out: JsonDict = {"kind": "ruler_is"}
        if m.group("not").lower() != "is":
            out["negate"] = True
        if who in ("ruler", "j/ruler"):
            out["rulers"] = names
        if who in ("j-ruler", "j/ruler"):
            out["j_rulers"] = names
        return out
    m = re.fullmatch(r'your j/ruler has "(?P<n>[^"]+)" in its name', low, re.IGNORECASE)
    if m:  # a ruler in the ruler area or a J-ruler in the field, whose name contains it
        return {"kind": "ruler_is", "name_contains": m.group("n")}
    m = re.fullmatch(rf"your ruler is (?P<r>{_NAMES}) or your j-ruler is (?P<j>{_NAMES})", low, re.IGNORECASE)
    if m:
        return {"kind": "ruler_is", "rulers": _names(m.group("r")), "j_rulers": _names(m.group("j"))}
    m = re.fullmatch(r"your life is (?P<n>\d+) or (?P<dir>less|lower|more|higher)", low, re.IGNORECASE)
    if m:
        key = "life_at_most" if m.group("dir").lower() in ("less", "lower") else "life_at_least"
        return {"kind": "life", key: int(m.group("n"))}
    m = re.fullmatch(r"(?P<w>your|your opponent's) life is (?:exactly )?(?P<n>\d+)", low, re.IGNORECASE)
    if m:  # "If your life is 100", "If your opponent's life is exactly 4000": neither more nor less
        exact: JsonDict = {"kind": "life", "life_at_most": int(m.group("n")), "life_at_least": int(m.group("n"))}
        return exact if m.group("w").lower() == "your" else {**exact, "whose": "opponent"}
    m = re.fullmatch(rf"you have (?P<n>{NUM}) or more (?P<what>[a-z][a-z -]*?) cards in your graveyard", low, re.I)
    if m:  # "you have five or more Cthulhu cards in your graveyard" (a public zone, 3.9)
        kept, players = _selector(f"{m.group('what')} card", ctx, zone="graveyard")
        if players or set(kept) - {"zone", "types", "races", "attributes"}:
            raise _GapError(f"condition: {text}")
        kept["controller"] = "you"
        held = {"kind": "controls", "filter": kept}
        if _number(m.group("n")) != 1:
            held["at_least"] = _number(m.group("n"))
        return held
    m = re.fullmatch(rf"you have (?P<n>{NUM}) or more cards in your hand", low, re.IGNORECASE)
    if m:
        return {"kind": "hand", "at_least": _number(m.group("n"))}
    m = re.fullmatch(rf"you have exactly (?P<n>{NUM}) cards? in your hand", low, re.IGNORECASE)
    if m and _number(m.group("n")) >= 1:  # N or more, and not N + 1 or more
        exactly = _number(m.group("n"))
        at_least: JsonDict = {"kind": "hand"} if exactly == 1 else {"kind": "hand", "at_least": exactly}
        return {"kind": "all_of", "conditions": [at_least, {"kind": "hand", "at_least": exactly + 1, "negate": True}]}
    if re.fullmatch(r"there are no cards in your removed (?:from (?:this|the) game zone|area)", low, re.I):
        # "If there are no cards in your removed from this game zone" (the removed area, 3.12)
        return {"kind": "controls", "filter": {"zone": "removed", "types": [], "controller": "you"}, "negate": True}
    if re.fullmatch(r"you have no cards in your hand", low, re.IGNORECASE):
        return {"kind": "hand", "negate": True}
    if re.fullmatch(r"your j-ruler attacked this turn", low, re.IGNORECASE):
        return {"kind": "j_ruler_attacked"}
    m = re.fullmatch(
        rf"this card has (?P<n>{NUM}) or (?:less|fewer) (?P<c>[a-z][a-z ]*?) counters? on it", low, re.IGNORECASE
    )
    if m:  # "this card has six or less creation counters on it": not seven or more
        return {
            "kind": "counters",
            "counter": m.group("c").lower(),
            "at_least": _number(m.group("n")) + 1,
            "negate": True,
        }
    m = re.fullmatch(
        rf"there (?:are|is) (?P<n>{NUM}) or more (?P<c>[a-z][a-z ]*?) counters? on this card", low, re.IGNORECASE
    )
    if m:
        out = {"kind": "counters", "counter": m.group("c").lower()}
        if _number(m.group("n")) != 1:
            out["at_least"] = _number(m.group("n"))
        return out
    who = r"(?:you (?P<neg>don't |do not )?control|(?P<opp>your opponent) (?P<oneg>doesn't |does not )?controls)"
    m = re.fullmatch(rf"{who} (?P<n>an?|another|any|{NUM} or more|no) (?P<what>.+)", low, re.IGNORECASE)
    if m is None:  # "you control "Abel"", "you control four "First Flight's Memoria"" (four or more)
        m = re.fullmatch(rf'{who} (?P<n>(?:{NUM})?)\s?(?P<what>"[^"]+")', low, re.IGNORECASE)
    if m:
        n, what = m.group("n").lower(), m.group("what").strip()
        said_not = bool(m.group("neg") or m.group("oneg"))
        negate = said_not or n == "no"
        if negate and n not in ("a", "an", "any", "another", "no", ""):
            raise _GapError(f"condition: {text}")
        if n == "no" and said_not:
            raise _GapError(f"condition: {text}")
        if re.fullmatch(r'"[^"]+"', what):
            flt: JsonDict = {"zone": "field", "types": [], "name": _names(what)[0]}
        else:
            flt, players = _selector(what, ctx, loose=True)
            if players or "controller" in flt:
                raise _GapError(f"condition: {text}")
        if n == "another":
            flt["other_than_self"] = True
        flt["controller"] = "opponent" if m.group("opp") else "you"
        cond: JsonDict = {"kind": "controls", "filter": flt}
        if n.endswith(" or more"):
            cond["at_least"] = _number(n.split()[0])
        elif n and n not in ("a", "an", "another", "any", "no") and _number(n) != 1:
            cond["at_least"] = _number(n)
        if negate:
            cond["negate"] = True
        return cond
    raise _GapError(f"condition: {text}")


def _condition_more(low: str, ctx: _Ctx) -> JsonDict | None:
    """ "this card was awakened" (checked on resolution, FoW-5.5 12.1); "it targets a Saint"
    (a cost reduction: the targets chosen as the card is played, 9.3 p2.4)."""
    if re.fullmatch(r"this card was awakened", low, re.IGNORECASE):
        return {"kind": "awakened"}
    spent = re.fullmatch(r"you spent \{(?P<w>[WRUGBM])\} to pay the \[awakening\] cost", low, re.IGNORECASE)
    if spent and ctx.awakening:  # "If you spent {M} to pay the [Awakening] cost" (12.1 p1): of the cost its source was
        return {"kind": "paid_will", "will": spent.group("w").upper()}  # played with, recorded as paid (10.2 p1)
    if re.fullmatch(r"no resonator you control attacked this turn", low, re.IGNORECASE):
        return {"kind": "resonator_attacked", "negate": True}  # a J-ruler is no resonator
    stat = re.fullmatch(r"this card's (?P<s>ATK|DEF) is (?P<n>[1-9]\d*00) or more", low, re.IGNORECASE)
    if stat:  # read on resolution, as it last was in a playground if it left (FoW-5.5 9.3 p3, 9.11)
        return {"kind": "this_stat", "stat": stat.group("s").lower(), "at_least": int(stat.group("n"))}
    m = re.fullmatch(r"it targets an? (?P<what>[a-z][a-z/ -]*)", low, re.IGNORECASE)
    if m:
        flt, players = _selector(m.group("what"), ctx, loose=True)
        if players or set(flt) - {"zone", "types", "races", "attributes"}:
            raise _GapError(f"condition: {low}")
        return {"kind": "targets", "filter": flt}
    return None


def _happened_condition(low: str, ctx: _Ctx) -> JsonDict | None:
    """ "during your opponent's turn", "your opponent controls three or more resonators than
    you", "a resonator was put into your opponent's field this turn", "three or more resonators
    were put into a graveyard from your field this turn" -> a Condition."""
    m = re.fullmatch(
        r"an? (?P<what>j/resonator|resonator) (?P<by>you|your opponent) controlled dealt damage"
        r" to (?P<to>you|an opponent|your opponent) this turn",
        low,
        re.IGNORECASE,
    )
    if m:  # "A J/resonator your opponent controlled dealt damage to you this turn"
        types = ["resonator", "j_ruler"] if m.group("what").lower() == "j/resonator" else ["resonator"]
        by = "you" if m.group("by").lower() == "you" else "opponent"
        to = "you" if m.group("to").lower() == "you" else "opponent"
        return {"kind": "dealt_damage_by", "filter": {"types": types, "controller": by}, "damaged": to}
    m = re.fullmatch(r"during (?P<w>your|your opponent's) turn", low, re.IGNORECASE)
    if m:
        return {"kind": "your_turn", **({"negate": True} if m.group("w").lower() != "your" else {})}
    m = re.fullmatch(rf"your opponent controls (?P<n>{NUM}) or more (?P<what>.+?) than you(?: do)?", low, re.I)
    if m:  # "three or more resonators than you": you control at least three fewer
        flt, players = _selector(m.group("what"), ctx)
        if players or "controller" in flt:
            raise _GapError(f"condition: {low}")
        out: JsonDict = {"kind": "fewer_than_opponent", "measure": "controls", "filter": flt}
        if _number(m.group("n")) != 1:
            out["by_at_least"] = _number(m.group("n"))
        return out
    m = re.fullmatch(
        r"an? (?P<what>.+?) (?:is|was) put into (?P<into>your|your opponent's) graveyard from a field this turn",
        low,
        re.IGNORECASE,
    )
    if m:  # "If a Human is put into your graveyard from a field this turn": a card that player owns (3.1 p5)
        flt, players = _selector(m.group("what"), ctx, zone="graveyard")
        if players or set(flt) - {"zone", "types", "races", "attributes"}:
            raise _GapError(f"condition: {low}")
        return {"kind": "put_into_graveyard_from_field", "filter": flt, "into_graveyard_of": _whose(m.group("into"))}
    m = re.fullmatch(
        rf"(?P<n>an?|{NUM} or more) (?P<what>.+?) (?:was|were) put into"
        r" (?:(?P<field>your|your opponent's) field|a graveyard from (?P<from>your|your opponent's) field) this turn",
        low,
        re.IGNORECASE,
    )
    if m:  # whoever put it there and wherever it is now (tracked per turn)
        flt, players = _selector(m.group("what"), ctx, zone="graveyard" if m.group("from") else "field")
        if players or set(flt) - {"zone", "types", "races", "attributes"}:
            raise _GapError(f"condition: {low}")
        n = m.group("n").lower()
        kind = "put_into_graveyard_from_field" if m.group("from") else "put_into_field"
        out = {"kind": kind, "filter": flt}
        whose = _whose(m.group("from") or m.group("field"))
        if whose != "you":
            out["whose"] = whose
        if n.endswith(" or more") and _number(n.split()[0]) != 1:
            out["at_least"] = _number(n.split()[0])
        return out
    return None


def _all_of(low: str, ctx: _Ctx) -> JsonDict | None:
    """ "You control a fire magic stone and your opponent controls four or more resonators",
    "you control "A", "B" and "C"" -> an ``all_of`` Condition: every part holds. A part that is
    not a condition by itself ("and a resonator with [Flying]") shares the "you control" of the
    part before it; a bare comma splits only before a quoted name or a new clause (a comma
    inside a noun phrase lists alternatives: "a Vampire, Immortal or Werewolf")."""
    quoted: list[str] = []

    def keep(m: re.Match[str]) -> str:
        quoted.append(m.group(0))
        return f"\x00{len(quoted) - 1}\x00"

    masked = re.sub(r'"[^"]*"', keep, low)
    parts = re.split(r",?\s+and\s+|,\s+(?=\x00|you\b|your\b|there\b|during\b)", masked, flags=re.IGNORECASE)
    if len(parts) < 2:
        return None
    parts = [re.sub(r"\x00(\d+)\x00", lambda q: quoted[int(q.group(1))], p).strip() for p in parts]
    out: list[JsonDict] = []
    subject = ""
    for part in parts:
        try:
            out.append(_condition(part, ctx))
        except _GapError:
            if not subject:
                return None
            try:
                out.append(_condition(subject + part, ctx))
            except _GapError:
                return None
            continue
        said = re.match(r"(?:you control|your opponent controls) ", part, re.IGNORECASE)
        subject = said.group(0) if said else ""
    return {"kind": "all_of", "conditions": out}


def _whose(word: str) -> str:
    return "you" if word.lower() == "your" else "opponent"


def _count_selector(what: str, ctx: _Ctx, text: str, *, zone: str = "field") -> JsonDict:
    """A plain "<race/type>" (no controller, state or "other") for a count."""
    if what.endswith(" card") and what != "card":
        what = what[: -len(" card")]
    flt, players = _selector(what, ctx, zone=zone, loose=zone == "field")
    if players or "controller" in flt or "rested" in flt or flt.get("other_than_self"):
        raise _GapError(f"condition: for each {text}")
    return flt


_FEWER = r"(?:less|fewer)"


def _comparison(low: str, ctx: _Ctx) -> JsonDict | None:
    """ "you control less resonators than your opponent", "your opponent has more cards in
    their hand than you", "your life is less than your opponent's life" -> a Condition."""
    m = re.fullmatch(rf"you control {_FEWER} (?P<what>.+?) than your opponent(?: does)?", low, re.IGNORECASE)
    m = m or re.fullmatch(r"your opponent controls more (?P<what>.+?) than you(?: do)?", low, re.IGNORECASE)
    if m:
        flt, players = _selector(m.group("what"), ctx)
        if players or "controller" in flt:
            raise _GapError(f"condition: {low}")
        return {"kind": "fewer_than_opponent", "measure": "controls", "filter": flt}
    hand = r"(?:their|his or her|his|her) hand"
    if re.fullmatch(rf"your opponent has more cards in {hand} than you(?: do)?", low, re.IGNORECASE) or re.fullmatch(
        rf"you have {_FEWER} cards in your hand than your opponent(?: does)?", low, re.IGNORECASE
    ):
        return {"kind": "fewer_than_opponent", "measure": "hand"}
    if re.fullmatch(rf"your life is {_FEWER} than your opponent's(?: life)?", low, re.IGNORECASE):
        return {"kind": "fewer_than_opponent", "measure": "life"}
    return None


def _outside_selector(phrase: str, ctx: _Ctx, gap: str) -> JsonDict:
    """``Seven Kings ruler``, ``Machine`` -> a filter of the cards the controller owns outside the game (their
    removed area and sideboard, FoW-5.5 3.16 p1; "you own": outside a playground, the owner, 3.1 p5).  A ruler
    (not a type a target names elsewhere) is read here: "<race> ruler(s)"."""
    ruler = re.fullmatch(r"(?P<r>.+?) rulers?", phrase.strip(), re.IGNORECASE)
    flt, players = _selector(f"{ruler.group('r')} card" if ruler else phrase, ctx, zone="outside")
    if players or "controller" in flt:
        raise _GapError(gap)
    return {**flt, **({"types": ["ruler"]} if ruler else {}), "controller": "you"}


def _count(text: str, ctx: _Ctx, *, it_self: bool = False) -> JsonDict:
    """``Werewolf you control``, ``other Wererabbit you control``, ``resonator in your
    graveyard``, ``card in your opponent's graveyard`` -> a Count ("for each ...")."""
    low = text.strip().rstrip(".,").strip()
    m = re.fullmatch(r"(?P<x>resonators?|cards?) removed this way", low, re.IGNORECASE)
    if m:  # "for each resonator removed this way": checked against the effect before it, in _effects
        types = [] if m.group("x").lower().startswith("card") else ["resonator"]
        return {"filter": {"zone": "removed", "types": types}, "this_way": True}
    m = re.fullmatch(
        r"(?P<x>resonators?|cards?) in (?:all|any) removed areas? that (?:was|were) removed by this card", low, re.I
    )
    if m:  # "for each card in all removed areas that was removed by this card" (10.3, 3.1 p3)
        types = [] if m.group("x").lower().startswith("card") else ["resonator"]
        return {"filter": {"zone": "removed", "types": types, "removed_by_source": True}}
    m = re.fullmatch(r"(?P<c>[a-z][a-z ]*?) counters? on (?P<on>this card|it)", low, re.IGNORECASE)
    if m and (m.group("on").lower() == "this card" or it_self):
        return {"counter": m.group("c").lower()}
    m = re.fullmatch(rf"(?:(?P<g>{NUM}) )?(?P<c>[a-z][a-z ]*?) counters? on your j/ruler", low, re.IGNORECASE)
    if m:  # "for each two magic counters on your J/ruler": your ruler or J-ruler (2.1 p2, 3.8 p4)
        mine: JsonDict = {"counter": m.group("c").lower(), "counter_on": "your_j_or_ruler"}
        if m.group("g") and _number(m.group("g")) != 1:
            mine["group"] = _number(m.group("g"))
        return mine
    m = re.fullmatch(r"different attributes? among (?P<x>.+)", low, re.IGNORECASE)
    if m:  # "for each different attribute among cards you control" (a void card has none, 2.8)
        counted = _count(m.group("x"), ctx)
        if "filter" not in counted or "this_turn" in counted:
            raise _GapError(f"condition: for each {text}")
        return {**counted, "distinct": "attributes"}
    m = re.fullmatch(
        r"different total costs? among (?P<x>.+?)(?P<unlike> that (?:don't|do not) share this card's total cost)?",
        low,
        re.IGNORECASE,
    )
    if m:  # "for each different total cost among resonators you control [that don't share ...]" (2.3)
        counted = _count(m.group("x"), ctx)
        if "filter" not in counted or "this_turn" in counted:
            raise _GapError(f"condition: for each {text}")
        if m.group("unlike"):
            counted["filter"]["total_cost_unlike_source"] = True
        return {**counted, "distinct": "total_costs"}
    m = re.fullmatch(r"spell cards? in (?P<whose>your|your opponent's) graveyard", low, re.IGNORECASE)
    if m:  # "for each spell card in your graveyard": a card of that type in that zone (2.1 p6)
        return {"filter": {"zone": "graveyard", "types": ["spell"], "controller": _whose(m.group("whose"))}}
    if low.lower() == "card in your hand":  # how many cards a player holds is public (FoW-5.5 3.5)
        return {"filter": {"zone": "hand", "types": [], "controller": "you"}}
    if low.lower() == "card in your chant-standby area":  # face down, but how many is public
        return {"filter": {"zone": "standby", "types": [], "controller": "you"}}
    m = re.fullmatch(r"card in (?P<whose>your|your opponent's) removed area", low, re.IGNORECASE)
    if m:  # the removed area is public (FoW-5.5 3.12)
        return {"filter": {"zone": "removed", "types": [], "controller": _whose(m.group("whose"))}}
    m = re.fullmatch(r"card (?:in|into) (?P<whose>your|your opponent's) hand", low, re.IGNORECASE)
    if m:  # hidden cards, but how many there are is public (FoW-5.5 3.5); "into": a misprint (SKL-048J)
        return {"filter": {"zone": "hand", "types": [], "controller": _whose(m.group("whose"))}}
    m = re.fullmatch(r"(?P<what>.+?) in all graveyards?", low, re.IGNORECASE)
    if m:
        flt = _count_selector(m.group("what"), ctx, text, zone="graveyard")
        return {"filter": flt}
    m = re.fullmatch(r"(?P<what>.+?) you control that entered your field this turn", low, re.IGNORECASE)
    if m:
        flt = _count_selector(m.group("what"), ctx, text)
        return {"filter": {**flt, "controller": "you"}, "this_turn": "entered_field"}
    m = re.fullmatch(r"(?P<what>.+?) put into (?:a|your) graveyard from your field this turn", low, re.IGNORECASE)
    if m:  # whoever owns it now: who controlled it in the field counts (last known information, 9.11)
        flt = _count_selector(m.group("what"), ctx, text, zone="graveyard")
        return {"filter": flt, "this_turn": "left_your_field"}
    m = re.fullmatch(r"(?P<what>.+?) in (?P<whose>your|your opponent's) graveyard", low, re.IGNORECASE)
    if m:
        what = m.group("what")
        if what.endswith(" card") and what != "card":
            what = what[: -len(" card")]
        flt, players = _selector(what, ctx, zone="graveyard")
        if players or "controller" in flt or "rested" in flt or flt.get("other_than_self"):
            raise _GapError(f"condition: for each {text}")
        flt["controller"] = "you" if m.group("whose").lower() == "your" else "opponent"
        return {"filter": flt}
    m = re.fullmatch(r"(?P<what>.+?) you own revealed outside the game", low, re.IGNORECASE)
    if m:  # revealed from outside the game and kept so: public (FoW-5.5 3.16 p1, 10.4 p1)
        return {"filter": {**_outside_selector(m.group("what"), ctx, f"condition: for each {text}"), "revealed": True}}
    m = re.fullmatch(r"of your (?P<what>.+)", low, re.IGNORECASE)
    if m:  # "for each of your fire magic stone": each one you control (FoW-5.5 1.5 p3)
        return _count(f"{m.group('what')} you control", ctx, it_self=it_self)
    m = re.fullmatch(r'other "(?P<n>[^"]+)" you control', low, re.IGNORECASE)
    if m:  # "for each other "Croco-Shark" you control": a name, any card type (2.2)
        return {
            "filter": {"zone": "field", "types": [], "name": m.group("n"), "controller": "you", "other_than_self": True}
        }
    m = re.fullmatch(r"(?P<what>.+?) you control", low, re.IGNORECASE)
    if m:
        flt, players = _selector(m.group("what"), ctx, loose=True)
        if players or "controller" in flt:
            raise _GapError(f"condition: for each {text}")
        flt["controller"] = "you"
        return {"filter": flt}
    raise _GapError(f"condition: for each {text}")


def _number_of(text: str, ctx: _Ctx) -> JsonDict:
    """ "the number of <X>" -> a Count, read as "for each <X>" is: ``resonators you control``,
    ``different attributes among resonators you control``, ``different total costs among ...``."""
    return _count(text.strip().rstrip(".").strip(), ctx)
