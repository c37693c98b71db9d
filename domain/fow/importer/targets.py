"""Target and filter phrases: "target resonator you control", "each J/resonator your opponent
controls", subjects of continuous sentences, "it's a <X>" filters, stat modifiers."""

from __future__ import annotations

import copy
import re

from domain.fow.importer.records import JsonDict, _GapError
from domain.fow.importer.text import (
    _ALL_CARD_TYPES,
    _MODIFIED,
    _NOT_A_NOUN_PHRASE,
    _SAME,
    _SENTENCE,
    _STONE_TYPE_OF,
    _THEY,
    _TYPE_LIST_RE,
    _TYPE_NOUN_RE,
    _TYPE_NOUNS,
    ATTRIBUTE_WORDS,
    NUM,
    SYMBOL_SKILLS,
    _Ctx,
    _lower_first,
    _mask_races,
    _number,
    _race,
)

# --- negated filters, player targets, triggers on other cards' moves, costs naming cards

_PLAYER_TARGETS: dict[str, JsonDict] = {
    "target player": {"kind": "chosen", "players_only": True},
    "target opponent": {"kind": "chosen", "players_only": True, "filter": {"zone": "field", "controller": "opponent"}},
    "an opponent": {"kind": "opponent"},
    "each player": {"kind": "each_player"},
}
"""Player-only targets of damage ("deals 200 damage to target opponent / each player")."""


def _negation(text: str, flt: JsonDict, ctx: _Ctx) -> str:
    """``non-darkness resonators`` / ``non-Vampire resonator`` / ``non-light, non-Fairy Tale
    resonators``: record the negated attributes or races in ``flt`` and return the rest."""
    while text[:4].lower() == "non-":
        rest = text[4:]
        m = re.match(r"(\w+)(?=[ ,])", rest)
        word = m.group(1) if m else ""
        if word.lower() in ATTRIBUTE_WORDS:
            flt.setdefault("not_attributes", []).append(ATTRIBUTE_WORDS[word.lower()])
        else:  # a race may have several words ("non-Fairy Tale resonator")
            word = next(
                (r for r in sorted(ctx.races, key=len, reverse=True) if re.match(rf"{re.escape(r)}[ ,]", rest)), ""
            )
            if not word:
                raise _GapError(f"target: {text} (negated filters are not in the vocabulary)")
            flt.setdefault("not_races", []).append(word)
        text = re.sub(r"^,?\s*(?:and |or )?", "", rest[len(word) :])
    return text


def _split_outside_quotes(body: str) -> list[str]:
    """Split a cost at commas and between will symbols, not inside a quoted card name."""
    quoted: list[str] = []

    def keep(m: re.Match[str]) -> str:
        quoted.append(m.group(0))
        return f"\x00{len(quoted) - 1}\x00"

    masked = re.sub(r'"[^"]*"', keep, body)
    parts = re.split(r",|\s+(?=\{Rest\})|(?<=\})\s+(?=\{)", masked)
    return [re.sub(r"\x00(\d+)\x00", lambda q: quoted[int(q.group(1))], p) for p in parts]


def _selector(
    phrase: str, ctx: _Ctx, *, zone: str = "field", loose: bool = False, playground: bool = False
) -> tuple[JsonDict, bool]:
    """A noun phrase such as ``other light resonators you control with total cost 2 or
    less`` -> (filter, players_allowed).

    A phrase without a card type ("Humans you control", "target card") refers to cards in
    every playground, rulers in the ruler area included (FoW-5.5 2.1 p6, 2.5 p4), which a
    field filter cannot say: it is accepted only when ``loose`` (ATK/DEF and symbol skill
    changes and rules overrides, which mean nothing for a ruler) or outside the field; with
    ``playground`` (effects the engine performs right on a ruler or magic stone: destroy, damage,
    counters, rest and banish costs) it is a ``playground`` filter (2.5 p4, 3.14 p1)."""
    text = phrase.strip()
    text = re.sub(r"\bKnigh(?= of the Round Table\b)", "Knight", text)  # a misprint (BFA-002)
    if text == "J-Ruler of Knight of the Round Table":  # a misprint of "or" (VS01-011; its reprint TTW-013)
        text = "J-Ruler or Knight of the Round Table"
    mixed = _type_or_race(text, ctx, zone=zone, loose=loose, playground=playground)
    if mixed is not None:
        return mixed, False
    first = text.partition(" ")[0]
    if not any(r.startswith(first + " ") and text.startswith(r) for r in ctx.races):  # "Card Soldier"
        text = _lower_first(text)
    flt: JsonDict = {"zone": zone}
    players = False
    changed = True
    while changed:
        changed = False
        for suffix, key, value in (
            (" you control", "controller", "you"),
            (" your opponent controls", "controller", "opponent"),
            (" your opponent control", "controller", "opponent"),  # a misprint (BFA-091J)
        ):
            if text.endswith(suffix) and key not in flt:
                flt[key] = value
                text = text[: -len(suffix)]
                changed = True
        if text.endswith(" of the chosen race") and "chosen_race" not in flt:  # read on resolution (2.5 p1)
            flt["chosen_race"] = True
            text = text[: -len(" of the chosen race")]
            changed = True
        m = re.search(
            r" with total cost less than or equal to the number of (?P<c>[a-z ]+?) counters on this card$", text
        )
        if m and "max_total_cost_counters" not in flt:  # read as the target is chosen and on resolution
            flt["max_total_cost_counters"] = m.group("c")
            text = text[: m.start()]
            changed = True
        m = re.search(r" with total cost equal to the number of (?P<c>[a-z ]+?) counters on this card$", text)
        if m and "total_cost_counters" not in flt:  # "destroy all resonators with total cost equal to ..."
            flt["total_cost_counters"] = m.group("c")
            text = text[: m.start()]
        if text.endswith(" with total cost X") and "total_cost_x" not in flt and ctx.x_activate:
            flt["total_cost_x"] = True  # the X of the ability's cost, exactly (2.3, 9.3 p2.5)
            text = text[: -len(" with total cost X")]
            changed = True
        if text.endswith(" with total cost X or less") and "max_total_cost_x" not in flt:
            flt["max_total_cost_x"] = True  # the X of the ability's {X} cost (9.3 p2.5)
            text = text[: -len(" with total cost X or less")]
            changed = True
        m = re.search(r" with (?:a )?total cost (?:of )?(\d+) or less$", text)
        if m and "max_total_cost" not in flt:
            flt["max_total_cost"] = int(m.group(1))
            text = text[: m.start()]
            changed = True
        m = re.search(
            r" with (?:no attribute|total cost (\d+)(?: or more)?|(\d+) or less ATK|ATK (\d+) or less)$", text
        )
        if m and not set(flt) & {"no_attribute", "min_total_cost", "max_atk"}:
            if m.group(1):  # "with total cost 5 or more" / "with total cost 1"
                flt["min_total_cost"] = int(m.group(1))
                if not m.group(0).endswith(" or more"):
                    flt["max_total_cost"] = int(m.group(1))
            elif m.group(2) or m.group(3):  # "with 400 or less ATK" / "with ATK 600 or less"
                flt["max_atk"] = int(m.group(2) or m.group(3))
            else:
                flt["no_attribute"] = True
            text = text[: m.start()]
            changed = True
        m = re.search(r" with (\d+) or more ATK$", text)
        if m and not set(flt) & {"min_atk", "max_atk"}:  # "target resonator with 1000 or more ATK"
            flt["min_atk"] = int(m.group(1))
            text = text[: m.start()]
            changed = True
        m = re.search(r" with \[(Stealth|Awakening)\]$", text)
        if m and "keywords" not in flt:  # "resonator with [Stealth]": a keyword ability (12.5, 12.1)
            flt["keywords"] = [m.group(1).lower()]
            text = text[: m.start()]
            changed = True
        m = re.search(r" (with|without) \[([^\]]+)\]$", text)
        key = "skills" if m and m.group(1) == "with" else "without_skills"
        if m and m.group(2).lower() in SYMBOL_SKILLS and key not in flt:  # "with [Flying]"
            flt[key] = [SYMBOL_SKILLS[m.group(2).lower()]]
            text = text[: m.start()]
            changed = True
        for suffix, key in (
            (" with ATK different from its printed ATK or DEF different from its printed DEF", "modified"),
            (" with no addition", "no_addition"),
            (" with non-will activate abilities", "non_will_activate"),  # 9.5, 9.7 p1
            (" that has or shares the highest ATK", "highest_atk"),  # compared with resonators in fields
        ):
            if text.endswith(suffix) and key not in flt:
                flt[key] = True
                text = text[: -len(suffix)]
                changed = True
        m = re.search(r" with no (?P<c>[a-z]+) counters? on it$", text)
        if m and "without_counters" not in flt:  # "target resonator with no evolution counters on it"
            flt["without_counters"] = [m.group("c")]
            text = text[: m.start()]
            changed = True
        if text.endswith(" that was dealt damage this turn") and "dealt_damage" not in flt:
            flt["dealt_damage"] = True  # damage stays on it until the end of the turn (5.4 p5.1)
            text = text[: -len(" that was dealt damage this turn")]
            changed = True
        if text.endswith(" that dealt damage this turn") and "has_dealt_damage" not in flt:
            flt["has_dealt_damage"] = True  # the damage it dealt this turn (Obj.dealt), 3.1 p3
            text = text[: -len(" that dealt damage this turn")]
            changed = True
        m = re.search(r" that (?P<not>didn't |did not )?attack(?:ed)? this turn$", text)
        if m and "attacked_this_turn" not in flt:  # "target resonator that didn't attack this turn" (8.2)
            flt["attacked_this_turn"] = not m.group("not")  # as the same object (Obj.attacked_turn, 3.1 p3)
            text = text[: m.start()]
            changed = True
    m = re.search(r' named "([^"]+)"$', text)
    if m:
        flt["name"] = m.group(1)
        text = text[: m.start()]
    m = re.search(r' with "([^"]+)" in (?:its|their) names?$', text)
    if m:  # "a card with "Apple" in its name": a part of a name (FoW-5.5 2.2 p3)
        flt["name_contains"] = m.group(1)
        text = text[: m.start()]
    bracketed = _bracketed_types(text)
    if bracketed is not None:  # "target [Addition:Resonator]", "[Spell:Chant] or [Spell:Chant-Instant] card"
        flt.update(bracketed)
        if flt.get("zone") == "field" and "spell" in flt["types"]:
            raise _GapError(f"target: {phrase}")
        return flt, players
    non_spell = re.search(r"\bnon-?spell (?=(?:[A-Z][\w-]* )*cards?$)", text)  # "nonspell Fantasy card"
    if non_spell and zone != "field":  # "Cthulhu non-spell card from your graveyard": any other card type (2.1)
        text = text[: non_spell.start()] + text[non_spell.end() :]
    if re.match(r"non-attacking ", text):  # "a non-attacking resonator": not the attacker (8.2 p3)
        flt["not_attacking"] = True
        text = text[len("non-attacking ") :]
    token = re.search(r"\b(?:resonator|addition)( tokens?)$", text)
    if token:  # "target resonator token you control": a pseudo-card made by a copy (FoW-5.5 10.16 p1.1)
        flt["token"] = True
        text = text[: token.start(1)]
    elif re.match(r"non-token ", text):  # "non-token resonator": a physical card
        flt["token"] = False
        text = text[len("non-token ") :]
    text = _negation(text, flt, ctx)
    masked = _mask_races(text, ctx)
    if re.search(_NOT_A_NOUN_PHRASE, masked):
        raise _GapError(_SENTENCE)
    if re.search(r"\bnon-?\w*", masked, re.IGNORECASE):
        raise _GapError(f"target: {phrase} (negated filters are not in the vocabulary)")
    if re.search(r"\b(?:with|without|that|which|from|in|named|except|among|of|who)\b|\[", masked, re.IGNORECASE):
        raise _GapError(f"target: {phrase}")
    m = re.match(r"(other|another) ", text)
    if m:
        flt["other_than_self"] = True
        text = text[m.end() :]
    if text.startswith("recovered "):
        flt["rested"] = False
        text = text[len("recovered ") :]
    elif text.startswith("rested "):
        flt["rested"] = True
        text = text[len("rested ") :]
    elif text.startswith("attacking or blocking "):
        flt["attacking_or_blocking"] = True
        text = text[len("attacking or blocking ") :]
    elif text.startswith(("attacking ", "blocking ")):  # the attacker / blocker of the battle
        role, _, text = text.partition(" ")
        flt[role] = True
    if re.fullmatch(r"special magic stones?", text):  # "target special magic stone" (2.1 p4.1)
        flt["special"] = True
        text = text[len("special ") :]
    attr_re = "|".join(ATTRIBUTE_WORDS)
    m = re.match(rf"((?:{attr_re})(?:(?:, or |, | or )(?:{attr_re}))*) ", text)
    if m:
        flt["attributes"] = sorted(
            {ATTRIBUTE_WORDS[w] for w in re.split(r", or |, | or ", m.group(1))}, key="WRUGB".index
        )
        text = text[m.end() :]
    types: list[str] | None = None
    tm = _TYPE_LIST_RE.search(text)
    if tm:
        nouns = [n.lower() for n in re.split(r", or |, | or | and/or ", tm.group(1))]
        if any(n in ("card", "cards") for n in nouns) and len(nouns) > 1:
            raise _GapError(f"target: {phrase}")
        types = []
        for noun in nouns:
            for t in _TYPE_NOUNS[noun]:
                if t == "player":
                    players = True
                elif t not in types:
                    types.append(t)
        if players and not types:
            raise _GapError(f"target: {phrase} (no player-only target in the vocabulary)")
        text = text[: tm.start()].strip()
    if text:
        plural = types is None
        words = re.split(r", or |, | or | and/or | and ", text)
        flt["races"] = [_race(w.strip(), ctx, plural=plural) for w in words]
    elif types is None:
        raise _GapError(f"target: {phrase}")
    if types is not None and "magic_stone" in types and len(types) > 1 and zone == "field" and playground:
        flt["playground"] = True  # "banish a magic stone or resonator": cards in every playground (3.14 p1)
    elif types is not None and "magic_stone" in types:
        if types != ["magic_stone"] or zone not in ("field", "graveyard"):
            raise _GapError(f"target: {phrase}")
        if flt.get("attributes"):  # "fire magic stones" is a magic stone type (2.1 p5.2), not an attribute
            flt["stone_types"] = [_STONE_TYPE_OF[a] for a in flt.pop("attributes")]
        if zone == "field":  # "target magic stone from your graveyard" stays there
            flt["zone"] = "stone_area"  # magic stones are in the magic stone area (FoW-5.5 3.7)
    if non_spell and zone != "field":
        if types != []:
            raise _GapError(f"target: {phrase}")
        types = [t for t in _ALL_CARD_TYPES if t != "spell"]
    if types is not None and types != ["resonator", "j_ruler"]:
        flt["types"] = types
    elif types is None:
        flt["types"] = []
    if flt.get("types") == [] and zone == "field" and not loose:
        if not playground:
            raise _GapError(f"target: {phrase} (no card type: it may also be a ruler in the ruler area)")
        flt["playground"] = True  # "target Human": a Human ruler in a ruler area too (2.5 p4)
    return flt, players


def _type_or_race(text: str, ctx: _Ctx, *, zone: str, loose: bool, playground: bool) -> JsonDict | None:
    """ "J-Ruler or Knight of the Round Table", "Regalia or Knight of the Round Table": a card type or a
    race (a race without a card type names any card of it, 2.5 p4) -> an ``any_of`` filter, or None."""
    parts = re.split(r", or |, | or ", text)
    if len(parts) < 2:
        return None
    is_type = [p.strip().lower() in _TYPE_NOUNS and p.strip().lower() not in ("card", "cards", "player") for p in parts]
    if all(is_type) or not any(is_type):
        return None
    for part, typed in zip(parts, is_type, strict=True):
        if not typed:
            try:
                _race(part.strip(), ctx, plural=False)
            except _GapError:
                return None  # "fire or darkness resonators": no race alternative
    subs = [_selector(p, ctx, zone=zone, loose=loose, playground=playground)[0] for p in parts]
    return {"zone": zone, "types": [], "any_of": subs}


_BRACKET_TYPES = {
    "addition:resonator": ("addition", "resonator"),
    "addition:field": ("addition", "field"),
    "addition:j/resonator": ("addition", "j_resonator"),
    "spell:chant": ("spell", "chant"),
    "spell:chant-instant": ("spell", "chant_instant"),
    "spell:chant-standby": ("spell", "chant_standby"),
}


def _bracketed_types(text: str) -> JsonDict | None:
    """``[Addition:Resonator]`` / ``[Spell:Chant] or [Spell:Chant-Instant] card``: the card
    types and subtypes written as on the type line (FoW-5.5 2.1 p3), or None."""
    m = re.fullmatch(r"(\[[^\]]+\](?:(?:, or |, | or )\[[^\]]+\])*)(?: cards?)?", text.strip())
    if not m:
        return None
    types: list[str] = []
    subtypes: list[str] = []
    for item in re.findall(r"\[([^\]]+)\]", m.group(1)):
        pair = _BRACKET_TYPES.get(re.sub(r"\s+", "", item.lower()))
        if pair is None:
            return None
        types += [pair[0]] if pair[0] not in types else []
        subtypes.append(pair[1])
    return {"types": types, "subtypes": subtypes}


def _graveyard_kinds(text: str) -> JsonDict | None:
    """ "Fire [Spell:Chant] and [Spell:Chant-Instant] cards": cards of an attribute that have one of
    these types and subtypes (a plural "X and Y cards" is every card that is X or Y, FoW-5.5 2.1 p3,
    2.8) in a graveyard, or None."""
    m = re.fullmatch(r"(?:(?P<a>light|fire|water|wind|darkness) )?(?P<b>\[.+\]) cards", text.strip(), re.I)
    if not m:
        return None
    bracketed = _bracketed_types(re.sub(r"\] and \[", "] or [", m.group("b")))
    if bracketed is None:
        return None
    flt: JsonDict = {"zone": "graveyard", **bracketed}
    if m.group("a"):
        flt["attributes"] = [ATTRIBUTE_WORDS[m.group("a").lower()]]
    return flt


_TARGET_WORD = re.compile(rf"^(?:(?P<n>{NUM}) )?target (?P<rest>.+)$", re.IGNORECASE)


def _single_chosen(target: JsonDict) -> bool:
    """Whether ``target`` is exactly one chosen target ("target resonator": not "up to", not two)."""
    return target.get("kind") == "chosen" and target.get("count", 1) == 1 and not target.get("up_to")


def _target(
    phrase: str,
    ctx: _Ctx,
    *,
    allow_players: bool = False,
    it_self: bool = False,
    loose: bool = False,
    zone: str = "field",
    playground: bool = False,
) -> JsonDict:
    """``this card``, ``target resonator``, ``two target resonators``, ``all X``/``each X``,
    ``your J-Ruler``; ``it`` when it can only mean the source card (``it_self``)."""
    text = phrase.strip()
    low = text.lower()
    if low in ("this card", "this card's") or (low == "it" and it_self):
        return {"kind": "self"}
    if text == _SAME:  # "it" / "that resonator": the previous effect's target
        return {"kind": "same"}
    if text == _THEY and ctx.they is not None:  # "they": the previous effect's objects, by its filter
        return copy.deepcopy(ctx.they)
    if low in ("your j-ruler", "you j-ruler"):  # "You J-Ruler": a misprint (TTW-052)
        return {"kind": "all", "filter": {"zone": "field", "types": ["j_ruler"], "controller": "you"}}
    if low == "your j/ruler":
        return dict(_YOUR_J_OR_RULER)
    if ctx.subject is not None and low in (f"that {ctx.subject}", f"the {ctx.subject}"):
        return {"kind": "that"}  # the object of the trigger condition (9.6 p7)
    if ctx.subject is not None and allow_players and low == f"that {ctx.subject}'s controller":
        return {"kind": "that_controller"}  # the player controlling it (3.1 p5)
    if re.fullmatch(r"(?:target|each|all|an?) (?:player|opponent)s?", low):
        if not allow_players or low not in _PLAYER_TARGETS:
            raise _GapError(f"target: {phrase} (no player-only target in the vocabulary)")
        return dict(_PLAYER_TARGETS[low])
    each_of = re.match(rf"each of (?P<rest>(?:up to )?{NUM} target .+)$", text, re.IGNORECASE)
    if each_of:  # "an achievement counter on each of up to two target resonators"
        return _target(
            each_of.group("rest"), ctx, allow_players=allow_players, loose=loose, zone=zone, playground=playground
        )
    up_to = re.match(rf"up to (?P<n>{NUM}) (?P<rest>(?:second )?target .+)$", text, re.IGNORECASE)
    if up_to:  # "up to N target X": zero to N targets (FoW-5.5 9.3 p2.4)
        chosen = _target(
            up_to.group("rest"), ctx, allow_players=allow_players, loose=loose, zone=zone, playground=playground
        )
        if chosen.get("kind") != "chosen" or chosen.get("count", 1) != 1 or chosen.get("players_allowed"):
            raise _GapError(f'target: {phrase} ("up to" is not expressible)')
        if _number(up_to.group("n")) != 1:
            chosen["count"] = _number(up_to.group("n"))
        return {**chosen, "up_to": True}
    if re.match(r"up to ", low):
        raise _GapError(f'target: {phrase} ("up to" is not expressible)')
    second = re.match(r"second (?P<rest>target .+)$", text, re.IGNORECASE)
    if second:  # "second target resonator": not a target chosen before it (FoW-5.5 9.3 p2.4)
        chosen = _target(
            second.group("rest"), ctx, allow_players=allow_players, loose=loose, zone=zone, playground=playground
        )
        if chosen.get("kind") != "chosen" or chosen.get("players_allowed"):
            raise _GapError(f"target: {phrase}")
        return {**chosen, "second": True}
    other = re.match(r"(?:another|other) (?P<rest>target .+)$", text, re.IGNORECASE)
    if other:  # "another target resonator": not the card whose ability it is
        chosen = _target(
            other.group("rest"), ctx, allow_players=allow_players, loose=loose, zone=zone, playground=playground
        )
        if chosen.get("kind") != "chosen" or chosen.get("players_allowed"):
            raise _GapError(f"target: {phrase}")
        chosen["filter"]["other_than_self"] = True
        return chosen
    added = {"added resonator": "resonator", "added j/resonator": "j_resonator"}.get(low)
    if added is not None and ctx.type == "addition" and ctx.subtype == added:
        return {"kind": "host"}  # the card this addition is added to (7.2 p3)
    added_ctl = {"added resonator's controller": "resonator", "added j/resonator's controller": "j_resonator"}.get(low)
    if added_ctl is not None and allow_players and ctx.type == "addition" and ctx.subtype == added_ctl:
        return {"kind": "host_controller"}  # the player controlling the card it is added to (7.2 p3, 3.1 p5)
    m = _TARGET_WORD.match(text)
    if m:
        count = _number(m.group("n")) if m.group("n") else 1
        flt, players = _selector(m.group("rest"), ctx, loose=loose, zone=zone, playground=playground)
        if players and not allow_players:
            raise _GapError(f"target: {phrase}")
        target: JsonDict = {"kind": "chosen", "filter": flt}
        if count != 1:
            target["count"] = count
        if players:
            target["players_allowed"] = True
        return target
    m = re.fullmatch(r'(?:all|each) (?P<n>(?:"[^"]+",? (?:and |or )?)+"[^"]+")(?P<ctl> you control)?', text, re.I)
    if m and playground:  # "on each "Insomniac Dormouse", "Sane Hatter" and "September Hare" [you control]":
        # every card with one of these names (2.2) in a playground (2.5 p4, 3.14 p1)
        flt = {"zone": "field", "types": [], "names": re.findall(r'"([^"]+)"', m.group("n")), "playground": True}
        if m.group("ctl"):
            flt["controller"] = "you"
        return {"kind": "all", "filter": flt}
    m = re.match(r"(?:all|each) (.+)$", text, re.IGNORECASE)
    if m:
        # "all additions, regalia, resonators, and J-Rulers": every object of any of these types
        nouns = re.sub(rf",? and (?=(?:{_TYPE_NOUN_RE})$)", ", ", m.group(1), flags=re.IGNORECASE)
        flt, players = _selector(nouns, ctx, loose=loose, playground=playground)
        if players:
            raise _GapError(f"target: {phrase}")
        return {"kind": "all", "filter": flt}
    raise _GapError(f"target: {phrase}")


_YOUR_J_OR_RULER: JsonDict = {
    "kind": "all",
    "filter": {"zone": "field", "types": ["ruler", "j_ruler"], "controller": "you", "playground": True},
}
""""your J/ruler": your ruler in your ruler area or your J-ruler in your field ("ruler or J-ruler",
FoW-5.5 2.1 p2; a ruler is in a ruler area, 3.8 p4); an astral ruler is neither (3.8 p7)."""


def _subject(phrase: str, ctx: _Ctx, *, continuous: bool, it_self: bool = False) -> JsonDict | None:
    """The subject of "... gain(s)" / "... cannot attack": a Target, or None for the card itself."""
    text = phrase.strip()
    low = text.lower()
    if low == "it" and it_self and not continuous:
        return {"kind": "self"}
    if text == _SAME and not continuous:
        return {"kind": "same"}
    if text == _THEY and not continuous and ctx.they is not None:
        return copy.deepcopy(ctx.they)
    if low == "thi card":  # "Thi card loses all abilities": a misprint of "This card" (CMF-002)
        low = "this card"
    if low == "this card":
        if continuous and ctx.type == "addition":
            raise _GapError(f"target: {phrase} (on an addition)")
        return None if continuous else {"kind": "self"}
    if low in ("added resonator", "resonator with this", "added j/resonator", "j/resonator with this"):
        wanted = "j_resonator" if "j/" in low else "resonator"
        if ctx.type != "addition" or ctx.subtype != wanted:
            raise _GapError(f"target: {phrase}")
        # an effect: the card this addition is added to as it resolves (7.2 p3)
        return None if continuous else {"kind": "host"}
    if low in ("your j-ruler", "you j-ruler"):  # "You J-Ruler": a misprint (TTW-052)
        return {"kind": "all", "filter": {"zone": "field", "types": ["j_ruler"], "controller": "you"}}
    if low == "your j/ruler":
        return dict(_YOUR_J_OR_RULER)
    if low.startswith("target ") or _TARGET_WORD.match(text) or re.match(rf"up to {NUM} target ", low):
        if continuous:
            raise _GapError(f"target: {phrase}")
        return _target(text, ctx)  # the legal targets must be exactly the printed ones
    if re.match(r"(?:all|each) ", low):
        return _target(text, ctx, loose=True)
    named = re.fullmatch(r'(?P<n>(?:"[^"]+",? (?:and |or )?)+"[^"]+") you control', text, re.IGNORECASE)
    if named:  # '"Hansel" and "Gretel" you control': every card you control with one of these exact names (2.2)
        names = re.findall(r'"([^"]+)"', named.group("n"))
        flt = {"zone": "field", "types": [], "names": names, "controller": "you", "playground": True}
        return {"kind": "all", "filter": flt}
    if re.match(r"(?:a|an|the|it|its|that|they|those|this|your|up)\b", low):
        raise _GapError(f"target: {phrase}")
    flt, players = _selector(text, ctx, loose=True)
    if players:
        raise _GapError(f"target: {phrase}")
    return {"kind": "all", "filter": flt}


# --------------------------------------------------------------------------------------
# modifiers: [+200/+200], [Flying] and [First Strike]

_STAT = re.compile(r"^\[?(?P<a>[+-]\d+|0)/(?P<d>[+-]\d+|0)\]?$")


def _modifiers(text: str) -> tuple[int, int, list[str]]:
    if re.search(r"\bor\b", text):
        raise _GapError(f"effect: a choice of modifiers ({text})")
    atk = def_ = 0
    stats = 0
    skills: list[str] = []
    for item in re.split(r"\s*,\s*and\s+|\s*,\s*|\s+and\s+", text.strip()):
        m = _STAT.match(item)
        if m:
            stats += 1
            atk, def_ = int(m.group("a")), int(m.group("d"))
            continue
        sm = re.match(r"^\[([^\]]+)\]$", item)
        if sm and sm.group(1).lower() in SYMBOL_SKILLS:
            skills.append(SYMBOL_SKILLS[sm.group(1).lower()])
            continue
        raise _GapError(f"effect: gains {item}")
    if stats > 1 or (stats == 0 and not skills):
        raise _GapError(f"effect: gains {text}")
    return atk, def_, skills


_IT_IS = re.compile(r"it(?:'s| is) (?P<what>.+)", re.IGNORECASE)
_IT_VARIANT = re.compile(
    r"(?P<s>.+?) gains? (?P<m1>[^.]+?)\.\s*(?:if|as long as) it(?:'s| is) (?P<what>[^,]+), it (?P<also>also )?gains? "
    r"(?P<m2>.+?)(?P<instead> instead)?\.?",
    re.IGNORECASE,
)


def _it_filter(what: str, ctx: _Ctx, body: str) -> JsonDict:
    """What "it" (the affected card) must be: ``darkness``, ``a Musketeer``, ``with no
    attribute``, ``"NAME"`` -> the filter keys saying so (printed information)."""
    low = what.strip().rstrip(".").strip()
    printed = re.fullmatch(r"(?P<w>.+?) and its printed ATK and DEF (?:is|are) \[(?P<a>\d+)/(?P<d>\d+)\]", low, re.I)
    if printed:  # "dark and its printed ATK and DEF is [400/400]" (FoW-5.5 2.6, 2.7)
        stats = {"printed_atk": int(printed.group("a")), "printed_def": int(printed.group("d"))}
        return {**_it_filter(printed.group("w"), ctx, body), **stats}
    if low.lower() == "with no attribute":
        return {"no_attribute": True}
    most = re.fullmatch(r"with total cost at most the number of (?P<x>.+)", low, re.I)
    if most:  # "if its total cost is less than or equal to the number of Four Sacred Beasts" (2.3, 2.5 p4)
        counted, players = _selector(most.group("x"), ctx, playground=True)
        if players or set(counted) & {"controller", "rested", "other_than_self"}:
            raise _GapError(f"condition: {body}")
        return {"max_total_cost_count": {"filter": counted}}
    if low.lower() in ATTRIBUTE_WORDS:
        return {"attributes": [ATTRIBUTE_WORDS[low.lower()]]}
    m = re.fullmatch(r'"([^"]+)"', low)
    if m:
        return {"name": m.group(1)}
    if low.lower() == _MODIFIED.lower():  # characteristics other than printed ones (in a playground)
        return {"modified": True}
    card_type = {"a resonator": "resonator", "a j-ruler": "j_ruler"}.get(low.lower())
    if card_type is not None:  # "If it's a J-Ruler, ..." of a "J/resonator" target: its card type (2.1)
        return {"types": [card_type]}
    m = re.fullmatch(r"an? (?P<r>[A-Z][\w'-]*(?: [A-Z][\w'-]*)*)", low)
    if m:
        return {"races": [_race(m.group("r"), ctx, plural=False)]}
    raise _GapError(f"condition: {body}")


_NEGATED = {"attributes": "not_attributes", "races": "not_races"}
"""Filter keys whose opposite a filter can say ("if it's a Vampire" / "Otherwise": a non-Vampire)."""
