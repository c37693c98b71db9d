"""Continuous abilities: the rules a sentence states while the card is in play ("... gains
...", "... cannot ...", protection, cost changes, damage prevention and redirection), with
"otherwise" and "as long as" variants.

:func:`_granted_abilities` reads a granted "[Activate] ..." with the ability grammar
(``abilities``/``keywords``), which itself reads continuous abilities: that mutual recursion
is broken by a late import inside that one function."""

from __future__ import annotations

import copy
import re

from domain.fow.importer.conditions import _condition, _count
from domain.fow.importer.costs import _will_cost
from domain.fow.importer.effects_zones import _NO_RECOVERY, _NO_RECOVERY_RE
from domain.fow.importer.records import JsonDict, _GapError
from domain.fow.importer.targets import (
    _IT_IS,
    _IT_VARIANT,
    _NEGATED,
    _graveyard_kinds,
    _it_filter,
    _modifiers,
    _selector,
    _subject,
    _target,
)
from domain.fow.importer.text import (
    _CLAUSE,
    _STONE_TYPE_OF,
    ATTRIBUTE_WORDS,
    NUM,
    _clean,
    _Ctx,
    _number,
    _race,
    _split_sentences,
)

_GRANTS = re.compile(r'^(?P<s>.+?) gains? (?:(?P<m>\[[^"]+?\]) and )?(?P<q>"[^"]+"(?: and "[^"]+")*)$')


_GRANTS_NESTED = re.compile(r'^(?P<s>[^"]+?) gains? "(?P<one>\[Activate\][^"]*"[^"]+"[^"]*)"\.?$')
"""'Resonator with this gains "[Activate] {Rest}: Search your main deck for a card with "Apple" in its
name, ..."': one granted [Activate] ability whose text quotes a name (the outer quotes hold it all)."""


def _granted_abilities(raw: str, body: str, ctx: _Ctx) -> JsonDict | None:
    """'Added resonator gains "{Rest}: Recover another target resonator."' / 'Magic stones you
    control gain "{Rest}: Produce {R}."': a continuous ability granting abilities (10.19 p1)."""
    from domain.fow.importer.abilities import _ability  # late: mutual recursion, see the module docstring
    from domain.fow.importer.keywords import _keyword  # late: mutual recursion, see the module docstring

    m = _GRANTS.match(body) or _GRANTS_NESTED.match(body)
    if not m or re.match(r"(?:if|as long as)\b", m.group("s"), re.IGNORECASE):
        return None  # "If <condition>, it gains "..."": a condition first (_continuous_logic)
    affects = _subject(m.group("s"), ctx, continuous=True)
    stones = affects is not None and affects["filter"].get("types") == ["magic_stone"]
    host = _Ctx(ctx.card_id, "magic_stone" if stones else "resonator", None, ctx.races, ctx.ids)
    granted: list[JsonDict] = []
    nested = m.groupdict().get("one")  # one quoted ability quoting a name inside it
    for quoted in [nested] if nested else re.findall(r'"([^"]+)"', m.group("q")):
        text = _clean(quoted)
        if _keyword(quoted, text, host) is not None:
            raise _GapError(f"effect: gains {quoted}")
        granted += _ability(quoted, text, host)
    ability: JsonDict = {"kind": "continuous", "text": raw, "grant_abilities": granted}
    if affects is not None:
        ability["affects"] = affects
    if m.groupdict().get("m"):  # 'gains [+400/0] and "..."'
        atk, def_, skills = _modifiers(m.group("m"))
        ability.update({k: v for k, v in (("modify_atk", atk), ("modify_def", def_), ("grant", skills)) if v})
    return ability


_DEAL_MORE = re.compile(
    r"if (?P<who>.+?) would deal damage, it deals that much (?:\+ ?|plus )(?P<n>\d+) instead", re.IGNORECASE
)


def _deal_more(raw: str, body: str, ctx: _Ctx) -> JsonDict | None:
    """ "If resonator with this / a normal spell you control would deal damage, it deals that
    much +200 instead": a replacement effect on the damage it deals (FoW-5.5 9.10 p1)."""
    m = _DEAL_MORE.fullmatch(body)
    if m is None:
        return None
    who = m.group("who").strip()
    out: JsonDict = {"kind": "replacement", "text": raw, "replaces": "deals_damage", "instead": "deal_more"}
    out["extra_damage"] = int(m.group("n"))
    if who.lower() == "a normal spell you control":  # a [Spell:Chant(-Instant/-Standby)] card being resolved
        out["affects"] = {"kind": "all", "filter": {"zone": "chase", "types": ["spell"], "controller": "you"}}
        return out
    if who.lower() == "this card" and ctx.type == "addition":
        raise _GapError(f"condition: {body}")
    affects = _subject(who, ctx, continuous=True)  # this card, or the card an addition is added to
    if affects is not None:
        raise _GapError(f"condition: {body}")
    return out


def _narrow(ability: JsonDict, extra: JsonDict, ctx: _Ctx, body: str) -> None:
    """Restrict what a continuous ability affects to cards matching ``extra`` as well: "added
    resonator ... if it's X" affects the card it is added to only while that card is X."""
    affects = ability.get("affects")
    if affects is None and ctx.type == "addition":
        ability["affects"] = {"kind": "host", "filter": {"zone": "field", "types": [], **extra}}
    elif affects is not None and affects["kind"] == "all" and not set(extra) & set(affects["filter"]):
        affects["filter"].update(extra)
    else:
        raise _GapError(f"condition: {body}")


_ATTRS = "(?:" + "|".join(ATTRIBUTE_WORDS) + ")"
_ATTR_LIST = rf"{_ATTRS}(?:(?:, or |, | or ){_ATTRS})*"
_PROTECTION = re.compile(
    rf"(?P<s>this card|resonator with this|added resonator)(?: gains (?P<m>\[[+-]\d+/[+-]\d+\]),)?"
    rf" cannot be targeted by (?P<a>{_ATTR_LIST}) spells or (?:(?P<b>{_ATTR_LIST}) card's )?abilities"
    rf"(?: and prevent all damage that would be dealt to (?P<t>this card|it) by (?P<c>{_ATTR_LIST}) cards)?",
    re.IGNORECASE,
)


def _attribute_list(words: str) -> list[str]:
    return sorted({ATTRIBUTE_WORDS[w.lower()] for w in re.split(r", or |, | or ", words)}, key="WRUGB".index)


def _protection(raw: str, text: str, ctx: _Ctx) -> list[JsonDict] | None:
    """ "This card cannot be targeted by light spells or light card's abilities and prevent all damage
    that would be dealt to this card by light cards"; "Resonator with this gains [+500/+500], cannot be
    targeted by darkness spells ..." (an addition): a rule override (its text beats the targeting rule,
    FoW-5.5 1.4 p1, 9.3 p2.4), the ATK/DEF it gains, and a prevention of damage from cards of those
    attributes (10.17, a replacement ability, 9.10): one ability each, or None."""
    m = _PROTECTION.fullmatch(text.strip().rstrip(".").strip())
    if m is None:
        return None
    if m.group("b") and _attribute_list(m.group("b")) != _attribute_list(m.group("a")):
        raise _GapError(f"effect: {text}")
    subject = _subject(m.group("s"), ctx, continuous=True)
    if subject is not None or (m.group("t") or "this card").lower() not in ("this card", "it"):
        raise _GapError(f"target: {m.group('s')}")
    attributes = _attribute_list(m.group("a"))
    out: list[JsonDict] = []
    if m.group("m"):
        atk, def_, _ = _modifiers(m.group("m"))
        out.append({"kind": "continuous", "text": raw, "modify_atk": atk, "modify_def": def_})
    out.append(
        {"kind": "continuous", "text": raw, "untargetable_by": {"zone": "field", "types": [], "attributes": attributes}}
    )
    if m.group("c"):  # on an addition, "this card" of a replacement is the card it is added to
        damage_from = {"zone": "field", "types": [], "attributes": _attribute_list(m.group("c")), "playground": True}
        out.append(
            {
                "kind": "replacement",
                "text": raw,
                "replaces": "self_damaged",
                "instead": "prevent",
                "damage_from": damage_from,
            }
        )
    return out


_RACE_OTHERWISE = re.compile(
    r"(?P<r>[A-Z][\w'-]*(?: [A-Z][\w'-]*)*) resonator with this (?P<v1>[^.]+)\.\s*Otherwise, it (?P<v2>[^.]+?)\.?"
)


def _race_otherwise(raw: str, text: str, ctx: _Ctx) -> list[JsonDict] | None:
    """ "Vampire resonator with this cannot be targeted by spells or abilities your opponent controls.
    Otherwise, it cannot attack or block." (an [Addition:Resonator]): one ability for the card it is
    added to while it is of that race, one while it is not (printed races), or None."""
    m = _RACE_OTHERWISE.fullmatch(text.strip())
    if m is None or (ctx.type, ctx.subtype) != ("addition", "resonator"):
        return None
    race = _race(m.group("r"), ctx, plural=False)
    first = _continuous(raw, f"Resonator with this {m.group('v1')}", ctx)
    second = _continuous(raw, f"Resonator with this {m.group('v2')}", ctx)
    if any(a["kind"] != "continuous" or "rules" not in a or "affects" in a for a in (first, second)):
        raise _GapError(f"condition: {text.strip()}")
    _narrow(first, {"races": [race]}, ctx, text)
    _narrow(second, {"not_races": [race]}, ctx, text)
    return [first, second]


def _continuous_each(raw: str, text: str, ctx: _Ctx) -> list[JsonDict]:
    """A continuous paragraph, or one of several sentences that are each a whole continuous
    ability ("As long as there are five or more ..., X gains ... As long as there are ten or
    more ..., X gains ..."): one ability per sentence."""
    protected = _protection(raw, text, ctx) or _race_otherwise(raw, text, ctx)
    if protected is not None:
        return protected
    try:
        return [_continuous(raw, text, ctx)]
    except _GapError as whole:
        sentences = _split_sentences(text)
        if len(sentences) < 2:
            raise
        try:
            abilities = [_continuous(raw, sentence, ctx) for sentence in sentences]
        except _GapError:
            raise whole from None
        if any(a["kind"] != "continuous" for a in abilities):
            raise whole from None
        return abilities


_HOST_OTHERWISE = re.compile(
    r"(?P<b>(?P<s>resonator with this|added resonator) (?:gains?|cannot|can't)\b[^.]+?) if it(?:'s|s| is) "
    r"(?P<what>[^.]+)\.\s*otherwise,? it (?P<o>.+?)\.?",
    re.IGNORECASE,
)


def _host_otherwise(raw: str, text: str, ctx: _Ctx) -> list[JsonDict] | None:
    """ "Resonator with this gains [-1000/-1000] if it's a Vampire. Otherwise it cannot be attacked
    ...": one ability for the card the addition is added to while it is X, one while it is not
    (checked all the time, FoW-5.5 9.9 p4; "its" is a misprint of "it's")."""
    m = _HOST_OTHERWISE.fullmatch(text.strip())
    if m is None or ctx.type != "addition":
        return None
    body = text.strip()
    first = _continuous(raw, f"{m.group('b')} as long as it's {m.group('what')}", ctx)
    others = _otherwise_clauses(raw, m.group("s"), m.group("o"), ctx, body)
    if first["kind"] != "continuous" or any("condition" in a for a in others):
        raise _GapError(f"condition: {body}")
    extra = _it_filter(m.group("what"), ctx, body)
    negatable = len(extra) == 1 and not set(extra) - set(_NEGATED) and len(next(iter(extra.values()))) == 1
    for second in others:
        if negatable and second["kind"] == "continuous":  # "a Vampire": a non-Vampire
            _narrow(second, {_NEGATED[k]: v for k, v in extra.items()}, ctx, body)
        elif "affects" not in second:  # "dark and ...": while the card it is added to is not all of that
            host = {"zone": "field", "types": [], **extra}
            second["condition"] = {"kind": "host_is", "filter": host, "negate": True}
        else:
            raise _GapError(f"condition: {body}")
    return [first, *others]


_UNTARGETABLE_BY = re.compile(
    r"it cannot be targeted by (?P<w>[A-Z][\w'-]*|light|fire|water|wind|darkness) spells or (?P=w) card's abilities"
)
_PREVENT_BY = re.compile(r"prevent (?:any|all) damage (?:it|that) would be dealt (?:to it )?by (?P<w>[A-Z][\w'-]*)s")


def _otherwise_clauses(raw: str, subject: str, rest: str, ctx: _Ctx, body: str) -> list[JsonDict]:
    """The abilities of "Otherwise, it <rest>" on an addition: one continuous ability, or (FoW-5.5
    9.9, 9.10) "it gains [+400/+400], it cannot be targeted by Vampire spells or Vampire card's
    abilities and prevent any damage it would be dealt by Vampires" - one ability per clause."""
    try:
        whole = _continuous(raw, f"{subject} {rest}", ctx)
    except _GapError:
        whole = None
    if whole is not None:
        if whole["kind"] != "continuous":
            raise _GapError(f"condition: {body}")
        return [whole]
    out: list[JsonDict] = []
    for clause in re.split(r",\s*(?:and\s+)?(?=it\b|prevent\b)|\s+and\s+(?=prevent\b|it\b)", rest.strip()):
        clause = re.sub(r"^it (?=gains?\b)", "", clause.strip())
        by = _UNTARGETABLE_BY.fullmatch(clause)
        prevent = _PREVENT_BY.fullmatch(clause)
        if by:  # spells and abilities whose source card is X (printed information)
            word = by.group("w")
            kind = {"attributes": [ATTRIBUTE_WORDS[word.lower()]]} if word.lower() in ATTRIBUTE_WORDS else None
            flt = {"zone": "field", "types": [], **(kind or {"races": [_race(word, ctx, plural=False)]})}
            out.append({"kind": "continuous", "text": raw, "untargetable_by": flt})
        elif prevent:  # "prevent any damage it would be dealt by Vampires" (10.17): on the card it is added to
            flt = {"zone": "field", "types": [], "races": [_race(prevent.group("w"), ctx, plural=False)]}
            out.append(
                {
                    "kind": "replacement",
                    "text": raw,
                    "replaces": "self_damaged",
                    "instead": "prevent",
                    "damage_from": flt,
                }
            )
        else:
            ability = _continuous(raw, f"{subject} {clause}", ctx)
            if ability["kind"] != "continuous":
                raise _GapError(f"condition: {body}")
            out.append(ability)
    return out


def _it_variants(raw: str, text: str, ctx: _Ctx) -> list[JsonDict] | None:
    """ "Added resonator gains [+400/+0]. If it's a Musketeer, it also gains [First Strike]"
    and "... If it's a Prince, it gains [+600/+600] instead": one ability for every affected
    card, one for those that are X (with "instead", the first is for those that are not X)."""
    otherwise = _host_otherwise(raw, text, ctx)
    if otherwise is not None:
        return otherwise
    m = _IT_VARIANT.fullmatch(text.strip().rstrip(".").strip())
    if m is None:
        return None
    body = text.strip()
    if m.group("also") and m.group("instead"):
        raise _GapError(f"condition: {body}")
    first = _continuous(raw, f"{m.group('s')} gains {m.group('m1')}", ctx)
    second = _continuous(raw, f"{m.group('s')} gains {m.group('m2')}", ctx)
    if first["kind"] != "continuous" or second["kind"] != "continuous":
        raise _GapError(f"condition: {body}")
    extra = _it_filter(m.group("what"), ctx, body)
    _narrow(second, extra, ctx, body)
    if m.group("instead"):
        negated = {"attributes": "not_attributes", "races": "not_races"}
        if set(extra) - set(negated):
            raise _GapError(f"condition: {body}")
        _narrow(first, {negated[k]: v for k, v in extra.items()}, ctx, body)
    return [first, second]


def _own_counters(subject: str, cond: str) -> str:
    """ "This card cannot attack as long as it has a frozen counter on it": "it" is the
    subject, this card, so the condition counts counters on this card."""
    has = re.fullmatch(rf"it has (?P<n>an?|{NUM} or more) (?P<c>[a-z][a-z ]*?) counters? on it", cond.strip(), re.I)
    if has is None or not re.match(r"this card\b", subject, re.IGNORECASE):
        return cond
    n = "one or more" if has.group("n").lower() in ("a", "an") else has.group("n")
    return f"there are {n} {has.group('c')} counters on this card"


def _continuous_unless_damaged(raw: str, body: str, ctx: _Ctx) -> JsonDict | None:
    """ "This card cannot attack or block unless it's damaged": the prohibition applies while no
    damage is on this card (FoW-5.5 9.4 p1; damage stays on it until the end of the turn, 5.4 p5.1)."""
    m = re.fullmatch(r"(?P<b>this card cannot [a-z ]+?) unless it(?:'s| is) damaged", body, re.IGNORECASE)
    if m is None:
        return None
    ability = _continuous(raw, m.group("b"), ctx)
    if ability["kind"] != "continuous" or "rules" not in ability or "condition" in ability:
        raise _GapError(f"condition: {body}")
    ability["condition"] = {"kind": "this_stat", "stat": "damage", "negate": True}
    return ability


def _continuous_logic(raw: str, body: str, ctx: _Ctx) -> JsonDict | None:
    """ "As long as <condition>, <continuous>", "<continuous> as long as <condition>" and
    "This card gains [+N/+N] for each X" (FoW-5.5 9.4 p1)."""
    m = re.fullmatch(rf"(?:as long as|if) (?P<c>{_CLAUSE}), (?P<b>.+)", body, re.IGNORECASE) or re.fullmatch(
        rf"(?P<b>.+?),? (?:as long as|if(?! able$)) (?P<c>{_CLAUSE})", body, re.IGNORECASE
    )  # a continuous ability "if <condition>" applies while it holds, like "as long as" (FoW-5.5 9.4 p1)
    if m:
        if re.search(r"\b(?:as long as|if|for each|unless|instead|may)\b", m.group("b"), re.IGNORECASE):
            raise _GapError(f"condition: {body}")
        subject = m.group("b")
        cond = m.group("c")
        if re.match(r"it (?:gains|cannot)\b", subject) and re.search(r"\bon this card$", cond):
            subject = "this card" + subject[len("it") :]  # "there are ... counters on this card, it gains"
        host = re.fullmatch(r"(?:the )?(?P<h>resonator with this|added resonator) is (?P<w>.+)", cond, re.I)
        if re.match(r"it (?:gains|cannot)\b", subject) and host and ctx.type == "addition":
            # "If the resonator with this is "Hamelin's Pied Piper", it gains ...": while it is
            subject, cond = host.group("h") + subject[len("it") :], f"it's {host.group('w')}"
        ability = _continuous(raw, subject, ctx)
        if ability["kind"] != "continuous":
            raise _GapError(f"condition: {body}")
        it = _IT_IS.fullmatch(cond.strip())
        if re.fullmatch(r"it has no printed abilities", cond.strip(), re.IGNORECASE):
            _narrow(ability, {"no_printed_abilities": True}, ctx, body)  # "... if it has no printed abilities"
        elif it:  # "as long as it's darkness": only while the affected card is (FoW-5.5 9.9 p4)
            _narrow(ability, _it_filter(it.group("what"), ctx, body), ctx, body)
        else:
            ability["condition"] = _condition(_own_counters(subject, cond), ctx)
        return ability
    m = re.fullmatch(r"(?P<s>.+?) gains? ?(?P<m>\[[+-]\d+/[+-]\d+\]) for each (?P<c>.+)", body, re.IGNORECASE)
    if m:
        ability = _continuous(raw, f"{m.group('s')} gains {m.group('m')}", ctx)
        it_self = m.group("s").strip().lower() == "this card"  # "for each counter on it"
        ability["per"] = _count(m.group("c"), ctx, it_self=it_self)
        return ability
    return None


_RULE_VERBS = {
    "cannot be attacked or targeted by spells or abilities your opponent controls": {
        "cannot_be_attacked": True,
        "cannot_be_targeted_by_opponent": True,
    },
    "cannot be targeted by spells of abilities your opponent controls": {"cannot_be_targeted_by_opponent": True},
    "cannot be targeted by spells or abilities you opponent controls": {"cannot_be_targeted_by_opponent": True},
    "cannot attack or block": {"cannot_attack": True, "cannot_block": True},
    "cannot attack": {"cannot_attack": True},
    "cannot block": {"cannot_block": True},
    "must attack if able": {"must_attack": True},
    "cannot be destroyed": {"cannot_be_destroyed": True},
    "cannot be attacked": {"cannot_be_attacked": True},
    "cannot be blocked": {"cannot_be_blocked": True},
    "cannot be targeted by spells or abilities your opponent controls": {"cannot_be_targeted_by_opponent": True},
    "cannot be targeted by spells or abilities": {"cannot_be_targeted": True},
    "cannot be targeted by your opponent's spells or abilities": {"cannot_be_targeted_by_opponent": True},
    "cannot attack resonators": {"cannot_attack_resonators": True},
    "can block resonators with [flying]": {"can_block_flying_resonators": True},
}


_PLAYER_RULES: dict[str, JsonDict] = {
    # 7.11 p1: calling a magic stone
    "you cannot call magic stones": {"cannot_call_magic_stones": True},
    # 7.9, 12.5 p2: [Trigger], [Stealth] and "anytime" cards played from the chant-standby area
    "your opponent cannot play cards from their chant-standby area": {"opponent_cannot_play_from_standby": True},
    # 9.6 p1, p5: the entering card's own "enters" automatic abilities
    "entities entering the field under your opponent's control don't cause their own abilities to trigger": {
        "opponents_entering_dont_trigger": True
    },
    # 7.1 p2, 1.4 p1: the text lets its controller play the cards of their graveyard (not by [Remnant], 12.6)
    "you may play cards in your graveyard": {"may_play_from_graveyard": True},
    # 7.2 p3-p4: an [Addition:Resonator] is added to its target as it resolves
    "opponents cannot add [addition:resonator]": {"opponent_cannot_add": ["resonator"]},
    # 7.8 p1, 9.7 p1: [Activate] abilities (will abilities too) of rulers, J-rulers (2.1 p2) and regalia
    "your opponent cannot play activate abilities of j/rulers or regalia": {
        "opponent_cannot_activate": {"zone": "field", "playground": True, "types": ["ruler", "j_ruler", "regalia"]}
    },
}
"""Prohibitions on the controller of the card ("you") or on their opponent, as rule overrides."""


_AS_RULES = {
    "as you choose a card to attack, you must choose this card if able": {"chosen_to_attack_if_able": True},
}


_COST_CHANGE = re.compile(
    r"(?P<who>your opponent|you) (?:pays?|(?P<plays>plays)) \{(?P<n>[1-9]\d*)\} (?P<dir>more|less) to play "
    r"(?P<of>\[judgment\] abilities|\[judgment\] or god's art abilities|regalia's activate abilities)",
    re.IGNORECASE,
)
_COST_CHANGE_OF = {
    "[judgment] abilities": "judgment",
    "[judgment] or god's art abilities": "judgment_or_gods_art",
    "regalia's activate abilities": "regalia_activate",
}
"""What a cost change covers: [Judgment] (7.5 p2), God's Art (12.4), a regalia's [Activate] abilities."""


_PREVENT_PART = re.compile(
    r"if damage would be dealt to (?P<t>this card|the resonator with this|added resonator|added j/resonator|you)"
    r"(?: by (?P<by>a normal spell))?, prevent (?P<n>\d+) of it"
    r"|if this card would be dealt (?:(?P<m>\d+) or less )?damage, prevent (?:(?P<n2>\d+) of )?it"
    r"|if (?P<all>a resonator you control) would be dealt damage less than its def, prevent it"
)


def _damage_source(phrase: str, ctx: _Ctx) -> JsonDict:
    """What deals the damage a prevention names: "a normal spell" / "normal spells" (a spell being
    resolved in the chase area: a non-resonator card there, FoW-5.5 3.13 p3), "fire cards" (a card
    in any playground, or a spell, read as it is or as it last was there, 9.11), "fire resonators"."""
    if phrase in ("a normal spell", "normal spells"):
        return {"zone": "chase", "types": ["spell"]}
    flt, players = _selector(phrase, ctx, playground=True)
    if players:
        raise _GapError(f"effect: damage dealt by {phrase}")
    return flt


def _partial_prevention(raw: str, low: str, ctx: _Ctx) -> JsonDict | None:
    """ "If damage would be dealt to the resonator with this, prevent 500 of it" (FoW-5.5 10.17 p1.1)
    and "If this card would be dealt 700 or less damage, prevent it" (10.17 p1.2): replacements of
    damage dealt to this card (on an addition: to the card it is added to)."""
    m = _PREVENT_PART.fullmatch(low)
    if m is None:
        return None
    out: JsonDict = {"kind": "replacement", "text": raw, "replaces": "self_damaged", "instead": "prevent"}
    if m.group("all"):  # "If a resonator you control would be dealt damage less than its DEF, prevent it"
        out["affects"] = {"kind": "all", "filter": {"zone": "field", "types": ["resonator"], "controller": "you"}}
        out["prevent_below_def"] = True
        return out
    if m.group("t") == "you":  # "If damage would be dealt to you by a normal spell, prevent 200 of it"
        out["affects"] = {"kind": "you"}
    else:
        host = {"the resonator with this": "resonator", "added resonator": "resonator"}
        where = {**host, "added j/resonator": "j_resonator"}.get(m.group("t") or "this card")
        if (where is not None) != (ctx.type == "addition") or (where is not None and ctx.subtype != where):
            raise _GapError(f"target: {m.group('t')}")
    if m.group("by"):
        out["damage_from"] = _damage_source(m.group("by"), ctx)
    amount = m.group("n") or m.group("n2")
    if m.group("m") and amount:
        raise _GapError(f"effect: {low}")  # "700 or less damage, prevent 200 of it": no such card
    if amount:
        out["prevent_amount"] = int(amount)
    if m.group("m"):
        out["prevent_at_most"] = int(m.group("m"))
    return out


_REDIRECT = re.compile(
    r'if damage would be dealt to (?:(?P<you>you)|a "(?P<name>[^"]+)" you control), '
    r"it(?:'s| is) dealt to this card instead",
    re.IGNORECASE,
)
_DOUBLE = re.compile(
    r"if this card would deal damage(?: to (?P<to>your opponent or to a resonator))?, "
    r"it deals double that much(?: damage)? instead",
    re.IGNORECASE,
)


def _redirect_damage(raw: str, body: str, ctx: _Ctx) -> JsonDict | None:
    """ "If damage would be dealt to a "Queen of Hearts" you control [to you], it's dealt to this card
    instead" and "If this card would deal damage to your opponent or to a resonator, it deals double that
    much instead": replacements of damage (FoW-5.5 9.10 p1) on a J/resonator (an addition has no DEF)."""
    m = _REDIRECT.fullmatch(body)
    if m is not None:
        if ctx.type not in ("resonator", "j_ruler"):
            raise _GapError(f"condition: {body}")
        out: JsonDict = {"kind": "replacement", "text": raw, "replaces": "self_damaged", "instead": "redirect"}
        if m.group("you"):
            out["affects"] = {"kind": "you"}
        else:  # a J/resonator of that name you control (2.2)
            flt: JsonDict = {"zone": "field", "types": [], "controller": "you", "name": m.group("name")}
            out["affects"] = {"kind": "all", "filter": flt}
        return out
    m = _DOUBLE.fullmatch(body)
    if m is not None:
        if ctx.type not in ("resonator", "j_ruler"):
            raise _GapError(f"condition: {body}")
        out = {"kind": "replacement", "text": raw, "replaces": "deals_damage", "instead": "deal_double"}
        if m.group("to"):
            out["damage_to"] = ["opponent", "resonator"]
        return out
    return None


def _continuous(raw: str, text: str, ctx: _Ctx) -> JsonDict:
    body = text.rstrip(".,").strip()
    low = body.lower()
    if low == "you have no maximum hand size":
        return {"kind": "continuous", "text": raw, "rules": {"max_hand_size": -1}}
    if low == "your opponent must block this card if able":  # while it attacks (1.4 p1, 8.3 p3)
        return {"kind": "continuous", "text": raw, "rules": {"must_be_blocked_if_able": True}}
    if low == "players cannot gain life":  # a prohibition beats any life gain (FoW-5.5 1.4 p4)
        return {"kind": "continuous", "text": raw, "rules": {"players_cannot_gain_life": True}}
    m = re.fullmatch(
        r"(?P<once>once per turn, )?you may play a card from your removed (?:from the game zone|area)", low
    )
    if m:  # the text beats "from the hand only" (7.1 p2, 1.4 p1); "once per turn": one such play a turn
        played: JsonDict = {"kind": "continuous", "text": raw, "rules": {"may_play_from_removed": True}}
        return {**played, "once_per_turn": True} if m.group("once") else played
    player_rule = _PLAYER_RULES.get(low)
    if player_rule is not None:  # a prohibition on a player beats the rule allowing it (FoW-5.5 1.4 p4)
        return {"kind": "continuous", "text": raw, "rules": copy.deepcopy(player_rule)}
    m = re.fullmatch(
        r"players cannot play activate abilities of (?P<what>[a-z/ ]+?) they control unless they control (?P<c>.+)",
        body,
        re.IGNORECASE,
    )
    if m:  # checked for each card's controller ("they"), whoever controls this card (1.4 p4)
        flt, players = _selector(m.group("what"), ctx)
        if players or "controller" in flt:
            raise _GapError(f"condition: {body}")
        unless = _condition(f"you control {m.group('c')}", ctx)
        if unless.get("kind") != "controls" or unless.get("negate"):
            raise _GapError(f"condition: {body}")
        return {
            "kind": "continuous",
            "text": raw,
            "affects": {"kind": "all", "filter": flt},
            "rules": {"cannot_play_activate_abilities": True},
            "condition": {**unless, "negate": True},
            "condition_of": "affected_controller",
        }
    m = re.fullmatch(
        r"you may banish this card rather than pay the cost of an? (?P<a>light|fire|water|wind|darkness) "
        r"\[spell:chant-instant\]",
        body,
        re.IGNORECASE,
    )
    if m and ctx.type != "ruler":  # a cost of another quality (FoW-5.5 9.3 p2.5), banishing this card (10.10)
        flt = {"zone": "hand", "types": ["spell"], "subtypes": ["chant_instant"], "attributes": []}
        flt["attributes"] = [ATTRIBUTE_WORDS[m.group("a").lower()]]
        return {"kind": "continuous", "text": raw, "banish_rather_than_pay": flt}
    m = re.fullmatch(r"(?P<s>each .+?) loses (?P<l>[A-Z][\w ]*?) and gains (?P<g>[A-Z][\w ]*?)", body)
    if m and m.group("l") in ctx.races and m.group("g") in ctx.races:
        # "each Nightmare resonator loses Nightmare and gains Fairy Tale": its races (FoW-5.5 2.5, 9.4 p1)
        subject = _subject(m.group("s"), ctx, continuous=True)
        if subject is None or subject.get("kind") != "all":
            raise _GapError(f"target: {m.group('s')}")
        races = {"lose": [m.group("l")], "gain": [m.group("g")]}
        return {"kind": "continuous", "text": raw, "affects": subject, "race_change": races}
    m = re.fullmatch(
        r"(?i:added resonator|resonator with this) gains (?:(?P<m>\[[+-]\d+/[+-]\d+\]) and )?"
        r"(?P<r>[A-Z][\w ]*?) in addition to its own races?",
        body,
    )
    if m and ctx.type == "addition" and ctx.subtype == "resonator" and m.group("r") in ctx.races:
        # "Added resonator gains Zombie in addition to its own races." / "Resonator with this gains
        # [+200/+200] and Card Soldier in addition to its own race.": the card it is added to has that race
        # too (FoW-5.5 2.5, 9.4 p1), and the modifiers (10.19 p3)
        gains: JsonDict = {"kind": "continuous", "text": raw, "race_change": {"gain": [m.group("r")]}}
        if m.group("m"):
            atk, def_, skills = _modifiers(m.group("m"))
            if skills:
                raise _GapError(f"effect: {body}")
            gains.update(modify_atk=atk, modify_def=def_)
        return gains
    m = re.fullmatch(r"you may spend \{m\} as though it were \{(?P<a>[wrugb])\}", low)
    if m:  # paying will (10.2 p6; the text beats it, 1.4 p1)
        return {"kind": "continuous", "text": raw, "rules": {"spend_moon_as": [m.group("a").upper()]}}
    if re.fullmatch(
        r"(?:your|you) opponent plays with (?:the )?top card of (?:his or her|their) main deck revealed", low
    ):
        # "You opponent plays with top card of his or her main deck revealed" (TAT-082; "You opponent":
        # a misprint of "Your opponent"): 10.4 p1, 3.1 p2
        return {"kind": "continuous", "text": raw, "rules": {"opponent_top_revealed": True}}
    if low == "you may look at the top card of your main deck at any time":  # 3.1 p2
        return {"kind": "continuous", "text": raw, "rules": {"may_look_at_top_card": True}}
    if low == "this card can block while rested":  # no need to be recovered to block (1.4 p1, 8.3 p3)
        return {"kind": "continuous", "text": raw, "rules": {"can_block_while_rested": True}}
    if low == "blocking does not cause this card to rest":  # it blocks without resting (1.4 p1, 8.3 p4)
        return {"kind": "continuous", "text": raw, "rules": {"blocks_without_resting": True}}
    standby = re.fullmatch(
        r"you pay \{(?P<n>\d+)\} to put cards into your chant-standby area rather than pay \{2\}", body, re.IGNORECASE
    )
    if standby:  # the rule's {2} (FoW-5.5 7.6 p1) replaced by the text (1.4 p1)
        cost_change = {"of": "standby", "who": "you", "instead": int(standby.group("n"))}
        return {"kind": "continuous", "text": raw, "cost_change": cost_change}
    anyway = re.fullmatch(
        r"you may pay the attribute cost of (?P<w>.+?) with will of any attribute", body, re.IGNORECASE
    )
    if anyway:  # paying will (10.2; the text beats it, 1.4 p1): the cards played, in the chase area
        paid_for, players = _selector(anyway.group("w"), ctx, zone="chase")
        if players or set(paid_for) & {"controller", "rested", "other_than_self"}:
            raise _GapError(f"condition: {body}")
        return {"kind": "continuous", "text": raw, "any_attribute_for": paid_for}
    spells = re.fullmatch(
        r"(?P<who>you may pay|you pay|your opponent pays) \{(?P<n>[1-9]\d*)\} (?P<dir>more|less) to play "
        r"(?P<what>normal spells|spells)(?P<na> with no attribute)?(?:, to a minimum free cost of \{(?P<min>\d+)\})?",
        body,
        re.IGNORECASE,
    )
    if spells:  # playing a card: a spell in the chase area (3.13 p3); increases, then decreases (9.3 p2.5)
        who, key = spells.group("who").lower(), spells.group("dir").lower()
        if (who == "you may pay" and key == "more") or (spells.group("min") and key == "more"):
            raise _GapError(f"condition: {body}")
        of = "normal_spell" if spells.group("what").lower() == "normal spells" else "spell"
        spell_change: JsonDict = {"of": of, "who": "opponent" if who == "your opponent pays" else "you"}
        spell_change[key] = int(spells.group("n"))
        if spells.group("na"):
            spell_change["filter"] = {"zone": "chase", "types": [], "no_attribute": True}
        if spells.group("min"):
            spell_change["minimum"] = int(spells.group("min"))
        if who == "you may pay":
            spell_change["optional"] = True
        return {"kind": "continuous", "text": raw, "cost_change": spell_change}
    m = re.fullmatch(r"you may pay (?P<c>(?:\{[^{}]+\})+) less to play (?P<d>.+?)", body.rstrip(". "), re.IGNORECASE)
    if m and not re.match(r"(?:this|its|their|\[)", m.group("d"), re.IGNORECASE):
        # "You may pay {1} less to play Card Soldier resonators" / "... to play a card if a card with
        # the same name is in your graveyard": cards its controller plays (FoW-5.5 9.3 p2.5)
        less = _will_cost(m.group("c"), "cost reduction")
        what = m.group("d")
        reduction: JsonDict = {"of": "spell", "who": "you", "less": less["free"], "optional": True}
        same = re.fullmatch(r"a card if a card with the same name is in your graveyard", what, re.IGNORECASE)
        if same:
            reduction["same_name_in_graveyard"] = True
        else:
            flt, players = _selector(what, ctx, zone="hand")
            if players or set(flt) - {"zone", "types", "races", "attributes"} or not (flt["types"] or flt.get("races")):
                raise _GapError(f"condition: {body}")
            reduction["filter"] = flt
        if less["attribute"] or not less["free"]:  # a decrease of the free part only (9.3 p2.5)
            raise _GapError(f"condition: {body}")
        return {"kind": "continuous", "text": raw, "cost_change": reduction}
    change = _COST_CHANGE.fullmatch(body)
    if change and not (change.group("plays") and change.group("who").lower() == "you"):
        # "Your opponent pays {1} more to play [Judgment] abilities" (FoW-5.5 9.3 p2.5); "Your opponent
        # plays {1} more to play regalia's activate abilities": "plays" for "pays", a misprint (TMS-072)
        who = "opponent" if change.group("who").lower() == "your opponent" else "you"
        key = "more" if change.group("dir").lower() == "more" else "less"
        of = _COST_CHANGE_OF[change.group("of").lower()]
        cost_change = {"of": of, "who": who, key: int(change.group("n"))}
        return {"kind": "continuous", "text": raw, "cost_change": cost_change}
    m = re.fullmatch(r"treat this card as (\w+) magic stone and (\w+) magic stone", body, re.IGNORECASE)
    if m and ctx.type == "magic_stone" and {m.group(1).lower(), m.group(2).lower()} <= set(ATTRIBUTE_WORDS):
        types = [_STONE_TYPE_OF[ATTRIBUTE_WORDS[w.lower()]] for w in m.groups()]
        return {"kind": "continuous", "text": raw, "stone_types": types}  # magic stone types (2.1 p5.2)
    m = re.fullmatch(r'this card (?:has|gains) "([^"]+)" in addition to its other names', body, re.IGNORECASE)
    if m:  # FoW-5.5 2.2
        return {"kind": "continuous", "text": raw, "names": [m.group(1)]}
    granted = _granted_abilities(raw, body, ctx)
    if granted is not None:
        return granted
    during = re.fullmatch(r"(?P<b>.+?) during (?P<w>your|your opponent's) turn", body, re.IGNORECASE)
    if during and not re.search(r"\b(?:as long as|if|unless|until)\b", during.group("b"), re.IGNORECASE):
        # "during your turn": the ability applies only then (FoW-5.5 9.4 p1, 9.10 p1)
        timed = _continuous(raw, during.group("b"), ctx)
        if timed["kind"] not in ("continuous", "replacement") or "condition" in timed:
            raise _GapError(f"condition: {body}")
        timed["condition"] = {"kind": "your_turn", **({"negate": True} if during.group("w") != "your" else {})}
        return timed
    armor = (
        "if added resonator would be destroyed, banish this card instead. "
        "if you do, remove all damage from that resonator"
    )
    if low == armor and ctx.type == "addition" and ctx.subtype == "resonator":  # 9.10 p1, 10.10
        armored: JsonDict = {"kind": "replacement", "text": raw, "replaces": "host_destroyed", "instead": "banish_self"}
        return {**armored, "remove_damage": True}
    ragnarok = (
        "if a resonator dealt damage by added j/resonator would be put into a graveyard this turn, remove that "
        "resonator from the game and you gain life equal to its def instead"
    )
    if low == ragnarok and ctx.type == "addition" and ctx.subtype == "j_resonator":  # 9.10 p1, 10.3, 9.11
        return {
            "kind": "replacement",
            "text": raw,
            "replaces": "damaged_by_host_to_graveyard",
            "instead": "remove_gain_def",
        }
    m = re.fullmatch(
        rf"if (?P<c>[a-z][a-z ]*?) counters would be put on (?P<t>your j/ruler),"
        rf" put that many plus (?P<n>{NUM}) instead",
        low,
    )
    if m:  # "If magic counters would be put on your J/ruler, put that many plus one instead" (9.10 p1)
        covered = _target(m.group("t"), ctx, playground=True)
        return {
            "kind": "replacement",
            "text": raw,
            "replaces": "counters_put",
            "instead": "put_more",
            "counter": m.group("c"),
            "extra_counters": _number(m.group("n")),
            "affects": covered,
        }
    replacement = {
        "if this card would be destroyed, return it to its owner's hand instead": ("self_destroyed", "return_to_hand"),
        "if this card would be destroyed, remove it from the game instead": ("self_destroyed", "remove_from_game"),
        "prevent all damage that would be dealt to this card": ("self_damaged", "prevent"),
        # any card, from any zone, that would go to a graveyard is removed instead (9.10 p1, 10.3 p1)
        "if a card would be put into a graveyard from anywhere, remove it from the game instead": (
            "to_graveyard",
            "remove_from_game",
        ),
        "if a card would be put into your graveyard from anywhere, remove it from the game instead": (
            "to_your_graveyard",
            "remove_from_game",
        ),
    }.get(low)
    if replacement:
        return {"kind": "replacement", "text": raw, "replaces": replacement[0], "instead": replacement[1]}
    partial = _partial_prevention(raw, low, ctx)
    if partial is not None:
        return partial
    redirect = _redirect_damage(raw, body, ctx)
    if redirect is not None:
        return redirect
    m = re.fullmatch(
        r"if a spell or ability would (?P<v>increase|decrease) (?:(?P<own>this card's) atk or def|atk or def of "
        r"(?P<t>[^,]+)), it (?P=v)s (?:by )?(?P<how>double that much|none) instead",
        body,
        re.IGNORECASE,
    )
    if m and (m.group("v").lower() == "increase") == (m.group("how").lower() == "double that much"):
        # a replacement of the value changes of continuous effects of spells and abilities (9.10 p1, 9.9 p1.4)
        key = "doubles_increases" if m.group("v").lower() == "increase" else "no_decreases"
        changing: JsonDict = {"kind": "continuous", "text": raw, key: True}
        if m.group("t"):
            affects = _subject(m.group("t"), ctx, continuous=True)
            if affects is None:
                raise _GapError(f"condition: {body}")
            changing["affects"] = affects
        elif ctx.type not in ("resonator", "j_ruler"):
            raise _GapError(f"condition: {body}")
        return changing
    m = re.fullmatch(
        r"each turn, prevent the first damage that would be dealt to an? (?P<t>.+ you control)", body, re.I
    )
    if m:  # a prevention (10.17 p1.2) that applies once a turn, to the cards it covers now (9.9 p4)
        flt, players = _selector(m.group("t"), ctx)
        if players or set(flt) - {"zone", "controller", "races", "types", "attributes"}:
            raise _GapError(f"target: {m.group('t')}")
        first: JsonDict = {"kind": "replacement", "text": raw, "replaces": "self_damaged", "instead": "prevent"}
        return {**first, "affects": {"kind": "all", "filter": flt}, "first_each_turn": True}
    more = _deal_more(raw, body, ctx)
    if more is not None:
        return more
    m = re.fullmatch(
        rf"(?:if (?P<c>{_CLAUSE}), )?this card enters your (?:field|magic stone area) rested", body, re.IGNORECASE
    )
    if m:  # how this card enters a playground (FoW-5.5 9.10 p1), checked as it enters
        entering: JsonDict = {"kind": "replacement", "text": raw, "replaces": "self_enters", "instead": "enter_rested"}
        if m.group("c"):
            entering["condition"] = _condition(m.group("c"), ctx)
        return entering
    m = re.fullmatch(
        r"prevent all (?P<k>battle |non-battle )?damage that would be dealt (?:by (?P<by0>normal spells) )?"
        r"to (?P<or>or dealt by )?(?P<t>this card|added resonator|added j/resonator|resonators you control)"
        r"(?: by (?P<by>.+))?",
        low,
    )
    if m and not (m.group("by0") and m.group("by")):
        # "... to this card by fire resonators" (10.17); on an addition, to what it is added to;
        # "... by normal spells to resonators you control": to every card it covers (9.9 p4)
        out: JsonDict = {"kind": "replacement", "text": raw, "replaces": "self_damaged", "instead": "prevent"}
        host = {"added resonator": "resonator", "added j/resonator": "j_resonator"}.get(m.group("t"))
        if m.group("t") == "resonators you control":
            out["affects"] = _subject(m.group("t"), ctx, continuous=True)
        elif (host is not None) != (ctx.type == "addition") or (host is not None and ctx.subtype != host):
            raise _GapError(f"target: {m.group('t')}")
        if m.group("or"):  # "dealt to or dealt by added resonator"
            if host is None:
                raise _GapError(f"effect: {body}")
            out["or_dealt_by"] = True
        if m.group("k"):  # battle damage: dealt in the battle resolution steps (8.4, 8.5)
            out["damage_battle"] = m.group("k") == "battle "
        if m.group("by") or m.group("by0"):
            out["damage_from"] = _damage_source(m.group("by") or m.group("by0"), ctx)
        return out
    if re.fullmatch(r"you may choose not to recover this card during the recovery phase", body, re.IGNORECASE):
        # the turn player's recovery of all cards (FoW-5.5 5.2 p5) may leave it rested (1.4 p1)
        return {"kind": "continuous", "text": raw, "rules": {"may_stay_rested_in_recovery_phase": True}}
    logic = _continuous_unless_damaged(raw, body, ctx) or _continuous_logic(raw, body, ctx)
    if logic is not None:
        return logic
    m = re.fullmatch(rf"(?P<s>.+?) (?P<v>{_NO_RECOVERY_RE})", body, re.IGNORECASE)
    if m:  # "Added resonator cannot recover during recovery phase" (FoW-5.5 5.2 p5, 1.4 p1)
        kept: JsonDict = {"kind": "continuous", "text": raw, "rules": {_NO_RECOVERY[m.group("v").lower()]: True}}
        subject = _subject(m.group("s"), ctx, continuous=True)
        if subject is not None:
            kept["affects"] = subject
        return kept
    if re.search(r"\b(?:as long as|if(?! able$)|for each|unless|while|during|until|instead|may)\b", low):
        raise _GapError(f"condition: {body}")
    m = re.fullmatch(r"(?P<s>.+?) cannot be blocked by (?P<b>.+)", body, re.IGNORECASE)
    if m:  # "This card cannot be blocked by resonators with ATK 600 or less" (1.4 p1, 8.3 p3)
        blockers, players = _selector(m.group("b"), ctx)
        if players:
            raise _GapError(f"target: {m.group('b')}")
        unblockable: JsonDict = {"kind": "continuous", "text": raw, "rules": {"cannot_be_blocked_by": [blockers]}}
        affects = _subject(m.group("s"), ctx, continuous=True)
        if affects is not None:
            unblockable["affects"] = affects
        return unblockable
    for verb, rules in _RULE_VERBS.items():
        if low.endswith(" " + verb):
            affects = _subject(body[: -len(verb) - 1], ctx, continuous=True)
            if "targeted" in verb and affects is not None and affects["filter"].get("types") == []:
                # a ruler in the ruler area can be targeted too (by an [Addition:Ruler]): every playground
                if affects["filter"].get("zone", "field") != "field":
                    raise _GapError(f"target: {body[: -len(verb) - 1]} (no card type: it may also be a ruler)")
                affects["filter"]["playground"] = True  # "Each Fairy Tale you control" (2.5 p4, 3.14 p1)
            ability: JsonDict = {"kind": "continuous", "text": raw, "rules": dict(rules)}
            if affects is not None:
                ability["affects"] = affects
            return ability
    hand = re.fullmatch(r"(?P<s>.+?) in your hand gains? \[Quickcast\]", body, re.IGNORECASE)
    if hand:  # "Wind resonators in your hand gain [Quickcast]": played at instant speed (12.3)
        flt, players = _selector(hand.group("s"), ctx, zone="hand", loose=True)
        if players or set(flt) & {"controller", "rested", "other_than_self", "attacking", "blocking"}:
            raise _GapError(f"target: {hand.group('s')} in your hand")
        flt["controller"] = "you"  # the cards in your own hand (3.1 p1)
        return {"kind": "continuous", "text": raw, "affects": {"kind": "all", "filter": flt}, "grant": ["quickcast"]}
    grave = re.fullmatch(r"(?P<s>.+?) in your graveyard gains? \[Remnant\]", body, re.IGNORECASE)
    if grave:  # "Fire [Spell:Chant] cards in your graveyard gain [Remnant]": playable from there (12.6 p2)
        kinds = _graveyard_kinds(grave.group("s"))
        if kinds is None:
            kinds, players = _selector(grave.group("s"), ctx, zone="graveyard", loose=True)
            if players or set(kinds) & {"controller", "rested", "other_than_self", "attacking", "blocking"}:
                raise _GapError(f"target: {grave.group('s')} in your graveyard")
        kinds["controller"] = "you"  # the cards in your own graveyard (3.1 p5)
        return {"kind": "continuous", "text": raw, "remnant_for": kinds}
    m = re.fullmatch(r"(?P<s>.+?) loses? (?:its|their) symbol skills", body, re.IGNORECASE)
    if m:  # "each resonator your opponent controls loses its symbol skills" (FoW-5.5 9.9 p1.2, 11)
        lost: JsonDict = {"kind": "continuous", "text": raw, "lose_skills": True}
        affects = _subject(m.group("s"), ctx, continuous=True)
        if affects is not None:
            lost["affects"] = affects
        return lost
    m = re.fullmatch(r"this card's ATK is equal to (?:the )?total ATK of (?P<f>.+)", body, re.IGNORECASE)
    if m and ctx.type in ("resonator", "j_ruler"):  # "This card's ATK is equal to total ATK of Cthulhu
        # resonators you control": a value change read all the time (FoW-5.5 9.9 p1.4, p4)
        count = _count(m.group("f"), ctx)
        if set(count) != {"filter"}:
            raise _GapError(f"effect: {body}")
        return {"kind": "continuous", "text": raw, "atk_total_of": count["filter"]}
    m = re.fullmatch(r"(?P<s>added resonator|added j/resonator) becomes an? \[(?P<a>\d+)/(?P<d>\d+)\]", body, re.I)
    if m:  # "Added resonator becomes a [200/300]": its ATK and DEF are set (FoW-5.5 9.9 p1.4, p3)
        _subject(m.group("s"), ctx, continuous=True)  # said by an addition of that subtype only
        return {"kind": "continuous", "text": raw, "set_stats": [int(m.group("a")), int(m.group("d"))]}
    m = re.match(r"^(?P<s>.+?) gains? (?P<m>.+)$", body)
    if m:
        affects = _subject(m.group("s"), ctx, continuous=True)
        atk, def_, skills = _modifiers(m.group("m"))
        ability = {"kind": "continuous", "text": raw}
        if affects is not None:
            ability["affects"] = affects
        if atk:
            ability["modify_atk"] = atk
        if def_:
            ability["modify_def"] = def_
        if skills:
            ability["grant"] = skills
        return ability
    raise _GapError(f"effect: {_split_sentences(body)[0]}")
