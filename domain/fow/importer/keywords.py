"""Keywords and paragraphs: [Judgment], [Awakening], [Quickcast]..., God's Art, status
abilities, and :func:`_paragraph`/:func:`_merge`, which turn one ability paragraph into its
contribution to the card."""

from __future__ import annotations

import copy
import dataclasses
import re

from domain.fow.cards import STANDBY_CARD_TRIGGERS
from domain.fow.importer.abilities import _ability, _graveyard_activate
from domain.fow.importer.conditions import _condition, _count
from domain.fow.importer.costs import _cost_reduction, _more_cost, _split_cost, _will_cost
from domain.fow.importer.records import Delta, JsonDict, _GapError
from domain.fow.importer.sentences import _DELAYED_ON_TARGET, _chooses, _effects, _pauses
from domain.fow.importer.targets import _selector
from domain.fow.importer.text import _CLAUSE, NUM, SYMBOL_SKILLS, _capitalise, _clean, _Ctx, _number, _split_sentences
from domain.fow.importer.triggers import _PLAYER_TRIGGERS, _TRIGGER_START, _TRIGGERS_WITH_CONDITION, _card_move_trigger

# --------------------------------------------------------------------------------------
# paragraphs -> contributions to the card

_TAGS = re.compile(r"^(?:\[(?P<tag>[^\]]+)\][\s,]*)+\.?$")
_GODS_ART = re.compile(
    r"^God's Art\s*(?:<(?P<a>[^>]+)>|\[(?P<b>[^\]]+)\]|\"(?P<c>[^\"]+)\")\s*(?P<body>.+)$", re.IGNORECASE
)


def _tags_only(text: str) -> Delta | None:
    if not _TAGS.match(text):
        return None
    delta: Delta = {}
    for tag in re.findall(r"\[([^\]]+)\]", text):
        key = tag.strip().lower()
        if key in SYMBOL_SKILLS:
            delta.setdefault("skills", []).append(SYMBOL_SKILLS[key])
        elif key == "remnant":
            delta["remnant"] = True
        else:
            raise _GapError(f"keyword: [{tag}]")
    return delta


def _judgment(text: str, ctx: _Ctx) -> Delta | None:
    m = re.match(r"^\[(?:Judgment|Judgement|J-Activate)\]\s*:?\s*(?P<rest>.*)$", text, re.IGNORECASE)
    if not m:
        return None
    rest = m.group("rest").strip()
    if re.fullmatch(r"pay any number of will\. you cannot choose to pay \{0\}\.?", rest, re.IGNORECASE):
        if ctx.type != "ruler":  # "[J-Activate] Pay any number of will. You cannot choose to pay {0}." (7.5 p2)
            raise _GapError("keyword: [Judgment] on a card that is not a ruler")
        j_side = ctx.card_id + "J"
        if ctx.ids is not None and j_side not in ctx.ids:
            raise _GapError(f"keyword: [Judgment] (the J-ruler side {j_side} is not in the database)")
        return {"judgment": {"any_amount": True, "j_ruler": j_side}}
    cm = re.fullmatch(r"(?:pay\s+)?(?P<c>(?:\{[^{}]*\}\s*)+)(?:\.?|[.:]\s+(?P<tail>.+))", rest, re.IGNORECASE)
    if not cm:
        return _judgment_with_cards(rest, ctx)
    if cm.group("tail") and re.match(r"^(?:discard|banish|rest) ", cm.group("tail"), re.IGNORECASE):
        raise _GapError(f"keyword: [Judgment] {rest}")
    extra: JsonDict = {}
    alternatives: list[JsonDict] = []
    will = re.sub(r"\s+", "", cm.group("c"))
    tail = cm.group("tail")
    if will.endswith("{X}") and will.count("{X}") == 1:  # "Pay {2}{X}": X chosen as it is performed (9.3 p2.5)
        will, extra["x"] = will[: -len("{X}")] or "{0}", True
        only = re.fullmatch(r"spend only \{(?P<s>[WRUGBM])\} will on X\.?", (tail or "").strip(), re.IGNORECASE)
        if only:  # "Spend only {M} will on X."
            extra["x_symbol"], tail = only.group("s").upper(), None
        elif tail:
            raise _GapError(f"keyword: [Judgment] {rest}")
    if tail:
        alternatives = _judgment_instead(tail, ctx, rest)
        if alternatives:
            if alternatives[0].get("condition") is not None:
                extra = {"condition": alternatives[0]["condition"]}
            extra["alternatives"] = alternatives[1:]
        else:
            extra = _ability_limits(tail, ctx, rest)
    if ctx.type != "ruler":
        raise _GapError("keyword: [Judgment] on a card that is not a ruler")
    cost = _will_cost(will, "keyword: [Judgment] cost")
    j_id = ctx.card_id + "J"
    if ctx.ids is not None and j_id not in ctx.ids:
        raise _GapError(f"keyword: [Judgment] (the J-ruler side {j_id} is not in the database)")
    return {"judgment": {"cost": cost, "j_ruler": j_id, **extra}}


_JUDGMENT_INSTEAD = re.compile(
    r"if (?P<cond>.+?), (?P<may>you may )?pay (?P<c>(?:\{[^{}]+\})+)(?: to play this ability)? instead\.?",
    re.IGNORECASE,
)


def _judgment_instead(tail: str, ctx: _Ctx, whole: str) -> list[JsonDict]:
    """ "[J-Activate] Pay {R}{U}{2}: If <condition>, you may pay {0} to play this ability
    instead." / "Pay {W}{W}{W}{W}{W}. If your life is 3000 or less, pay {W}{W}{W}{W} instead. If
    ... 2000 or less, pay {W}{W} instead. ...": the [Judgment] cost replaced by another while a
    condition holds (FoW-5.5 9.3 p2.5, 7.5 p2): one section per cost, the player performs one.
    "You may pay ... instead" leaves the printed cost available; a plain "pay ... instead" does
    not: each section is then available only while its own condition is the latest that holds
    (in the order printed).  [] when the tail is no such text.  The first entry is the printed
    cost's condition (None: always), the others are {"cost", "condition"}."""
    sentences = _split_sentences(tail.strip())
    found = [_JUDGMENT_INSTEAD.fullmatch(x.strip()) for x in sentences]
    if not sentences or not all(found):
        return []
    matches = [m for m in found if m is not None]
    if any(bool(m.group("may")) != bool(matches[0].group("may")) for m in matches):
        raise _GapError(f"keyword: [Judgment] {whole}")
    conds = [
        _condition(re.sub(r"\bImmortal of Werewolf\b", "Immortal or Werewolf", m.group("cond")), ctx) for m in matches
    ]
    costs = [_will_cost(m.group("c"), "keyword: [Judgment] cost") for m in matches]
    if matches[0].group("may"):
        if len(matches) != 1:
            raise _GapError(f"keyword: [Judgment] {whole}")
        return [{}, {"cost": costs[0], "condition": conds[0]}]

    def unless_later(i: int) -> list[JsonDict]:
        return [{**c, "negate": True} for c in conds[i:]]

    def one(parts: list[JsonDict]) -> JsonDict | None:
        if not parts:
            return None
        return parts[0] if len(parts) == 1 else {"kind": "all_of", "conditions": parts}

    if any("negate" in c for c in conds):
        raise _GapError(f"keyword: [Judgment] {whole}")
    out: list[JsonDict] = [{"condition": one(unless_later(0))}]
    for i, (cond, cost) in enumerate(zip(conds, costs, strict=True)):
        option: JsonDict = {"cost": cost}
        option["condition"] = one([cond, *unless_later(i + 1)])
        out.append(option)
    return out


def _judgment_with_cards(rest: str, ctx: _Ctx) -> Delta:
    """ "[J-Activate] Banish a fire resonator." / "[J-Activate] Pay {1}, discard "Poison Apple".":
    will (if any) and actions on other cards the player chooses (FoW-5.5 7.5 p2, 9.3 p2.5)."""
    will = "{0}"
    cards: list[JsonDict] = []
    for part in re.split(r",\s*", rest.strip().rstrip(".")):
        wm = re.fullmatch(r"(?:pay\s+)?(?P<c>(?:\{[^{}]*\}\s*)+)", part.strip(), re.IGNORECASE)
        if wm and will == "{0}" and not cards:
            will = wm.group("c")
            continue
        more = _more_cost(_capitalise(part.strip()), ctx) or _more_cost(part.strip(), ctx)
        if more is None or more[0] != "cards":
            raise _GapError(f"keyword: [Judgment] {rest}")
        cards.append(more[1])
    if not cards:
        raise _GapError(f"keyword: [Judgment] {rest}")
    if ctx.type != "ruler":
        raise _GapError("keyword: [Judgment] on a card that is not a ruler")
    j_id = ctx.card_id + "J"
    if ctx.ids is not None and j_id not in ctx.ids:
        raise _GapError(f"keyword: [Judgment] (the J-ruler side {j_id} is not in the database)")
    return {"judgment": {"cost": _will_cost(will, "keyword: [Judgment] cost"), "j_ruler": j_id, "cards": cards}}


def _judgment_less(tail: str, ctx: _Ctx, whole: str) -> list[JsonDict]:
    """ "If you control "Athos, the Three Musketeers", you pay {3} less to play this ability. So does
    "Aramis, the Three Musketeers" and "Porthos, the Three Musketeers".": one decrease of the
    section's own cost per card named, each while you control it (9.3 p2.5; "So does" repeats the
    sentence for each other name).  [] when the tail is no such text."""
    sentences = _split_sentences(tail.strip())
    first = re.fullmatch(
        r'if you control (?P<n>"[^"]+"), you pay \{(?P<c>\d+)\} less to play this ability\.?',
        sentences[0].strip() if sentences else "",
        re.IGNORECASE,
    )
    if first is None or len(sentences) > 2:
        return []
    names = [first.group("n")]
    if len(sentences) == 2:
        so = re.fullmatch(r'so does (?P<more>"[^"]+"(?:(?:,| and| or|, and) "[^"]+")*)\.?', sentences[1].strip(), re.I)
        if so is None:
            raise _GapError(f"keyword: [Judgment] {whole}")
        names += re.findall(r'"[^"]+"', so.group("more"))
    less = int(first.group("c"))
    return [
        {"of": "this_ability", "who": "you", "less": less, "condition": _condition(f"you control {name}", ctx)}
        for name in names
    ]


def _ability_limits(tail: str, ctx: _Ctx, whole: str) -> JsonDict:
    """ "You may pay {1} less to play this ability [if ...] [for each ...]" and "Play this
    ability only if <condition>" after a [Judgment] cost."""
    m = re.fullmatch(
        rf"you may pay (?P<c>(?:\{{[^{{}}]+\}})+) less to play this ability"
        rf"(?:,? if (?P<cond>{_CLAUSE})|,? for each (?P<per>.+?))?\.?",
        tail.strip(),
        re.IGNORECASE,
    )
    if m:
        reduction: JsonDict = {"cost": _will_cost(m.group("c"), "cost reduction")}
        if m.group("cond"):
            reduction["condition"] = _condition(m.group("cond"), ctx)
        if m.group("per"):
            reduction["per"] = _count(m.group("per"), ctx)
        return {"reduction": reduction}
    changes = _judgment_less(tail, ctx, whole)
    if changes:
        return {"cost_changes": changes}
    m = re.fullmatch(rf"play this ability only if (?P<cond>{_CLAUSE})\.?", tail.strip(), re.IGNORECASE)
    if m:
        return {"condition": _condition(m.group("cond"), ctx)}
    m = re.fullmatch(
        r"you cannot play this ability if you don't control (?P<a>an? [^.]+?) and (?P<b>an? [a-z]+) your opponent "
        r"controlled hasn't entered a graveyard this turn\.?",
        tail.strip(),
        re.IGNORECASE,
    )
    if m:  # "... if you don't control a Vampire resonator and a resonator your opponent controlled hasn't
        # entered a graveyard this turn": each negated clause is one thing the player needs (1.4 p1); "a
        # resonator your opponent controlled" entered the graveyard from their field (3.1 p5)
        both = [
            _condition(f"you control {m.group('a')}", ctx),
            _condition(f"{m.group('b')} was put into a graveyard from your opponent's field this turn", ctx),
        ]
        return {"condition": {"kind": "all_of", "conditions": both}}
    m = re.fullmatch(r"you cannot play this ability if you haven't put (?P<x>any .+?)\.?", tail.strip(), re.IGNORECASE)
    if m:  # "... if you haven't put any Moon into a field this turn": only if you have
        return {"condition": _condition(f"you put {m.group('x')}", ctx)}
    raise _GapError(f"keyword: [Judgment] {whole}")


def _status(text: str, ctx: _Ctx) -> JsonDict | None:
    """A [Trigger] or [Stealth] condition that is a state of the game, not an event ("Your
    life is 2000 or lower", "While you control a Moon"): the card is a status automatic object
    (FoW-5.5 9.6 p9); None when it is not a condition the vocabulary knows."""
    text = text.strip()
    if re.match(r"^(?:when|whenever|at|as)\b", text, re.IGNORECASE):
        return None  # an event, not a status
    text = re.sub(r"^(?:while|if)\s+", "", text, flags=re.IGNORECASE)
    m = re.fullmatch(
        rf"total number of all resonators and all magic stones is (?P<n>{NUM}|eleven|twelve)", text, re.IGNORECASE
    )
    if m:  # the resonators in every field and the magic stones in every magic stone area (3.7), exactly N
        both: JsonDict = {
            "zone": "field",
            "types": [],
            "any_of": [
                {"zone": "field", "types": ["resonator"]},
                {"zone": "stone_area", "types": ["magic_stone"]},
            ],
        }
        n = _number(m.group("n"))
        return {
            "kind": "all_of",
            "conditions": [
                {"kind": "controls", "filter": both, "at_least": n},
                {"kind": "controls", "filter": copy.deepcopy(both), "at_least": n + 1, "negate": True},
            ],
        }
    m = re.fullmatch(r"an? (?P<what>[a-z/ -]+?) (?P<who>you control|your opponent controls) is attacking", text, re.I)
    if m:  # "While a resonator your opponent controls is attacking": its battle, until it ends (8.2 p3, 8.6)
        try:
            attacker, players = _selector(m.group("what"), ctx, loose=True)
        except _GapError:
            return None
        if players or "controller" in attacker:
            return None
        attacker.update(controller="you" if m.group("who").lower() == "you control" else "opponent", attacking=True)
        return {"kind": "controls", "filter": attacker}
    try:
        return _condition(text, ctx)
    except _GapError:
        return None


def _standby_card_trigger(cond: str, body: str, ctx: _Ctx) -> Delta | None:
    """ "[Trigger] When a resonator you control is destroyed: ...": a [Trigger] condition naming another
    card (7.9 p2, 10.9), which the text after the colon refers to ("the destroyed resonator", 9.6 p7.2)."""
    moved = _card_move_trigger(f"{cond}, ", ctx)
    if moved is None or moved[0] not in STANDBY_CARD_TRIGGERS or moved[1].get("other_than_self"):
        return None
    trigger, flt, _ = moved
    if "resonator" in flt.get("types", ()):
        ctx = dataclasses.replace(ctx, subject="resonator")
    return {"trigger": trigger, "trigger_filter": flt, "effects": _effects(_capitalise(body), ctx)}


def _keyword(raw: str, text: str, ctx: _Ctx) -> Delta | None:
    """Keyword skills (FoW-5.5 12) and other bracketed keywords that shape the card."""
    tags = _tags_only(text)
    if tags is not None:
        return tags
    judgment = _judgment(text, ctx)
    if judgment is not None:
        return judgment
    m = re.fullmatch(r"\[Awakening\]\s*(?P<c>(?:\{[^{}]*\}\s*)+),\s*(?P<more>[^.:]+)\.?", text)
    if m:  # "[Awakening] {U}, discard a card." (12.1 p1): will and actions on other cards
        more = _more_cost(_capitalise(m.group("more").strip()), ctx) or _more_cost(m.group("more").strip(), ctx)
        if more is None or more[0] != "cards":
            raise _GapError(f"keyword: [Awakening] {m.group('more').strip()}")
        return {"awakening": {"cost": _will_cost(m.group("c"), "keyword: [Awakening] cost"), "cards": [more[1]]}}
    m = re.match(r"^\[Awakening\]\s*(?P<c>(?:\{[^{}]*\}\s*)+)(?::\s*|\.?\s*$|\s+(?=\[))(?P<body>.*)$", text)
    if m:
        will = re.sub(r"\s+", "", m.group("c"))
        x = will.endswith("{X}") and will.count("{X}") == 1 and ctx.type == "resonator"
        if x:  # "[Awakening] {X}: ...": X chosen as the card is played awakened (12.1 p1, 9.3 p2.5)
            will = will[: -len("{X}")] or "{0}"
            ctx = dataclasses.replace(ctx, x=True)
        cost = _will_cost(will, "keyword: [Awakening] cost")
        body = m.group("body").strip()
        if ctx.type == "resonator":
            ctx = dataclasses.replace(ctx, awakening=True)
        awakening: JsonDict = {"cost": cost, **({"x": True} if x else {})}
        instead = re.fullmatch(rf"if (?P<cond>{_CLAUSE}), (?P<b>[^.]+?) instead\.?", body, re.IGNORECASE)
        if instead and ctx.type == "spell":
            # "[Awakening] {M}{M}: If your J/Ruler is "X", put target resonator on the bottom of its
            # owner's main deck and draw a card instead.": what the spell does when awakened and the
            # condition holds on resolution (12.1, 9.3 p3), instead of its other text
            condition = _condition(instead.group("cond"), ctx)
            replaced = _effects(_capitalise(instead.group("b")), ctx)
            return {"awakening": awakening, "awakening_instead": {"condition": condition, "effects": replaced}}
        if ctx.type == "spell" and re.fullmatch(r"Players cannot chase (?:to )?this card\.?", body, re.IGNORECASE):
            awakening["cannot_be_chased"] = True  # a rule while it is in the chase area, awakened (10.7 p2)
        elif body:
            premonition = re.fullmatch(
                r"prevent the next damage that would be dealt to that resonator this turn\.\s*for each 100 damage"
                r" prevented this way, put an? \[(?P<c>\+\d+/\+\d+)\] counter on it\.?",
                body,
                re.IGNORECASE,
            )
            if premonition and ctx.type == "spell":  # "that resonator": the spell's target, chosen once (9.3 p2.4)
                prevent = {"op": "prevent_damage", "target": {"kind": "same"}, "next": True}
                awakening["effects"] = [{**prevent, "counter_per_100": premonition.group("c")}]
            elif ctx.type == "spell":
                awakening["effects"] = _effects(_capitalise(body), ctx)
            else:
                awakening["abilities"] = _ability(raw, body, ctx)
        return {"awakening": awakening}
    m = re.match(r"^\[Incarnation\]\s*(?P<body>.+?)\.?$", text)
    if m:
        groups: list[list[str]] = []
        for part in re.split(r"\s*,\s*", m.group("body")):
            alternatives = re.split(r"\s+or\s+", part)
            if len(alternatives) == 1:
                symbols = re.findall(r"[\[{]([WRUGB])[\]}]", part)
                if not symbols or re.sub(r"[\[{][WRUGB][\]}]", "", part).strip():
                    raise _GapError(f"keyword: [Incarnation] {m.group('body')}")
                groups += [[s] for s in symbols]
            else:
                attrs: list[str] = []
                for alt in alternatives:
                    am = re.fullmatch(r"[\[{]([WRUGB])[\]}]", alt.strip())
                    if not am:
                        raise _GapError(f"keyword: [Incarnation] {m.group('body')}")
                    attrs.append(am.group(1))
                groups.append(attrs)
        return {"incarnation": groups}
    m = re.match(r"^\[Stealth\]\s*(?P<cond>.+?)\.?$", text)
    if m:
        trigger = _PLAYER_TRIGGERS.get(m.group("cond").strip().lower())
        during = re.fullmatch(r"(?P<ev>when .+?) while (?P<st>.+)", m.group("cond").strip(), re.IGNORECASE)
        if trigger is None and during and during.group("ev").lower() in _PLAYER_TRIGGERS:
            # "When your opponent discards a card while you control a darkness magic stone": the
            # happening, and the state it needs then (12.5 p2)
            state = _status(during.group("st"), ctx)
            if state is not None:
                return {"stealth": _PLAYER_TRIGGERS[during.group("ev").lower()], "trigger_condition": state}
        if trigger is None:
            status = _status(m.group("cond"), ctx)
            if status is None:
                raise _GapError(f"keyword: [Stealth] {m.group('cond').strip()}")
            return {"stealth": "status", "trigger_condition": status}
        return {"stealth": trigger}
    m = re.match(r"^\[Evolution\]\s*(?P<c>(?:\{[^{}]*\}\s*)+)\.?$", text)
    if m:
        return {"evolution": _will_cost(m.group("c"), "keyword: [Evolution] cost")}
    m = re.match(r"^\[Evolution\]\s*(?P<c>(?:\{[^{}]*\}\s*)+),?\s*(?P<more>[^.]+)\.?$", text)
    if m:  # "[Evolution] {1} Discard a Beast."
        more = _more_cost(m.group("more").strip(), ctx)
        if more is None or more[0] != "cards":
            raise _GapError(f"keyword: [Evolution] {m.group('more').strip()}")
        return {"evolution": _will_cost(m.group("c"), "keyword: [Evolution] cost"), "evolution_cards": [more[1]]}
    m = re.match(r"^\[Shift\]\s*(?P<c>(?:\{[^{}]*\}\s*)+)\.?$", text)
    if m:
        other = ctx.card_id + "^"
        if ctx.ids is not None and other not in ctx.ids:
            raise _GapError(f"keyword: [Shift] (the other side {other} is not in the database)")
        return {"shift": _will_cost(m.group("c"), "keyword: [Shift] cost"), "other_side": other}
    m = re.match(r"^\[Trigger\]\s*(?P<cond>(?:[^:\[]|\[[^\]]*\])+?)\s*:\s*(?P<body>.+)$", text)
    if m:
        if ctx.type != "spell" or ctx.subtype != "chant_standby":
            raise _GapError("keyword: [Trigger] on a card that is not a chant-standby")
        cond = m.group("cond").strip().lower()
        when = _TRIGGERS_WITH_CONDITION.get(cond)
        if when is not None:  # a happening that needs a state (7.9 p2)
            effects = _effects(_capitalise(m.group("body")), ctx)
            return {"trigger": when[0], "trigger_condition": dict(when[1]), "effects": effects}
        trigger = "anytime" if cond == "anytime" else _PLAYER_TRIGGERS.get(cond)
        status = None if trigger is not None else _status(m.group("cond"), ctx)
        card_trigger = _standby_card_trigger(m.group("cond").strip(), m.group("body"), ctx)
        if trigger is None and status is None and card_trigger is not None:
            return card_trigger
        if trigger is None and status is None:
            raise _GapError(f"keyword: [Trigger] {m.group('cond').strip()}")
        effects = _effects(_capitalise(m.group("body")), ctx)
        if status is not None:
            return {"trigger": "status", "trigger_condition": status, "effects": effects}
        return {"trigger": trigger, "effects": effects}
    m = re.match(r"^\[Break\]\s*:?\s*(?P<body>.+)$", text)
    if m:
        return {"abilities": [{"kind": "break", "text": raw, "effects": _effects(_capitalise(m.group("body")), ctx)}]}
    m = _GODS_ART.match(text)
    if m:
        name = (m.group("a") or m.group("b") or m.group("c") or "").strip().strip('"')
        split = _split_cost(m.group("body"))
        if not name or split is None:
            raise _GapError(f"keyword: God's Art {m.group('body')}")
        cost_text, body = split
        tail = re.search(
            r"\s*Play God's Art\s*(?:<([^>]+)>|\[([^\]]+)\]|\"([^\"]+)\")\s*only once per game\.?$", body, re.IGNORECASE
        )
        if tail:
            if (tail.group(1) or tail.group(2) or tail.group(3) or "").strip().strip('"') != name:
                raise _GapError(f"keyword: God's Art {body}")
            body = body[: tail.start()]
        ability = {
            "kind": "activate",
            "text": raw,
            "name": name,
            "gods_art": True,
            "cost": {"will": _will_cost(cost_text, "keyword: God's Art cost")},
            "effects": _effects(_capitalise(body), ctx),
        }
        return {"abilities": [ability]}
    m = re.match(r"^\[(?P<tag>[^\]]+)\]", text)
    if m and m.group("tag").lower() not in ("activate", "continuous", "enter"):
        raise _GapError(f"keyword: [{m.group('tag')}]")
    return None


_PLAY_FROM_OUTSIDE = re.compile(r"\s*You may play it from outside the game as long as it is revealed\.?$", re.I)


def _outside_abilities(abilities: list[JsonDict], text: str, *, required: bool = False) -> list[JsonDict]:
    """ "At the beginning of the game >>> ... you may reveal this card you own from outside the game and keep
    it revealed until end of game": an automatic ability working outside the game, where the card is (its text
    says so, FoW-5.5 9.2 p2, 3.16 p1).  ``required``: the paragraph goes on "You may play it from outside the
    game as long as it is revealed" (the card's ``playable_from_outside``), so it must be such an ability."""
    out: list[JsonDict] = []
    for ability in abilities:
        if not any(e.get("op") == "reveal_outside" and "filter" not in e for e in ability.get("effects", [])):
            out.append(ability)
        elif ability.get("kind") != "automatic":  # "{0}: You may reveal this card from outside the game"
            raise _GapError(f"effect: {text.strip()} (an ability played outside the game)")
        else:
            out.append({**ability, "from_outside": True})
    if required and (len(out) != 1 or not out[0].get("from_outside")):
        raise _GapError(f"effect: {text.strip()} (before playing it from outside the game)")
    return out


def _paragraph(raw: str, ctx: _Ctx) -> Delta | None:
    """What one paragraph contributes to the card; None for a paragraph of reminder text only."""
    text = _clean(raw)
    if not text:
        return None
    keyword = _keyword(raw, text, ctx)
    if keyword is not None:
        return keyword
    outside = _PLAY_FROM_OUTSIDE.search(text)
    if outside and text[: outside.start()].strip():  # after the ability revealing this card (3.16 p1, 1.4 p1)
        abilities = _outside_abilities(_ability(raw, text[: outside.start()], ctx), text, required=True)
        return {"abilities": abilities, "playable_from_outside": True}
    graveyard = _graveyard_activate(raw, text, ctx)
    if graveyard is not None:
        return {"abilities": [graveyard]}
    if ctx.type == "spell":
        extra = re.fullmatch(r"As an additional cost to play this card,\s*(?P<c>[^.]+)\.?", text, re.IGNORECASE)
        if extra:  # actions on other cards paid as the spell is played (9.3 p2.5)
            more = _more_cost(extra.group("c").strip(), ctx)
            if more is None or more[0] != "cards":
                raise _GapError(f"cost: {extra.group('c').strip()} (an additional cost)")
            return {"play_cards": [more[1]]}
        put = re.fullmatch(
            r"\[Continuous\]:?\s*When you put an? (?P<w>Treasury Item) into a field, "
            r"(?P<e>put this card from your graveyard into your hand)\.?",
            text,
            re.IGNORECASE,
        )
        if put:  # works in the graveyard (9.2 p2): the card entering your field is one you put there
            entered = {"zone": "field", "types": [], "controller": "you", "races": [put.group("w")]}
            effects = _effects(_capitalise(put.group("e")), dataclasses.replace(ctx, in_graveyard=True))
            ability: JsonDict = {"kind": "automatic", "text": raw, "trigger": "card_enters_field"}
            return {"abilities": [{**ability, "trigger_filter": entered, "from_graveyard": True, "effects": effects}]}
        if _DELAYED_ON_TARGET.match(text):  # a delayed ability the spell makes (9.6 p8), not a trigger of its own
            return {"effects": _effects(text, ctx)}
        if re.match(r"^\[(?:Continuous|Activate|Enter)\]", text) or _TRIGGER_START.match(text):
            m = re.match(r"^(\[[^\]]+\]|[^,:]+)", text)
            raise _GapError(f"trigger: {(m.group(1) if m else text).strip()} (on a spell)")
        reduction = _cost_reduction(text, ctx)
        if reduction is not None:
            return reduction
        unchased = re.search(r"\s*Players cannot chase (?:to )?this card\.?$", text, re.IGNORECASE)
        if unchased and text[: unchased.start()].strip():  # a rule for while it is in the chase area (10.7 p2)
            return {"effects": _effects(text[: unchased.start()], ctx, modes_ok=True), "cannot_be_chased": True}
        return {"effects": _effects(text, ctx, modes_ok=True)}
    reduction = _cost_reduction(text, ctx)
    if reduction is not None:
        return reduction
    if re.fullmatch(r"You may play this card from the removed area\.?", text, re.IGNORECASE):
        return {"playable_from_removed": True}  # the text beats "from the hand only" (7.1 p2, 1.4 p1)
    if re.fullmatch(r"You may have any number of copies of this card in your main deck\.?", text, re.IGNORECASE):
        return {"any_number_in_main_deck": True}  # deck construction: the text beats 4.1 p5 (1.4 p1)
    if ctx.type == "ruler" and re.match(r"you may pay \S+ less to play this ability\b", text, re.IGNORECASE):
        # a paragraph of its own after "[Judgment] <cost>": the judgment's reduction (9.3 p2.5)
        return {"judgment_limits": _ability_limits(text, ctx, text)}
    return {"abilities": _outside_abilities(_ability(raw, text, ctx), text)}


_SCALARS = (
    "awakening",
    "incarnation",
    "judgment",
    "trigger",
    "stealth",
    "trigger_condition",
    "evolution",
    "evolution_cards",
    "play_cards",
    "shift",
    "other_side",
    "cost_reduction",
)


def _merge(build: JsonDict, delta: Delta) -> None:
    if "judgment" in delta and "judgment" in build:  # another [J-Activate] section (7.5 p2)
        delta = dict(delta)
        option = {k: v for k, v in delta.pop("judgment").items() if k != "j_ruler"}
        build["judgment"].setdefault("alternatives", []).append(option)
    for key in _SCALARS:
        if key in delta and key in build:
            raise _GapError(f"keyword: a second {key}")
    for key, value in delta.items():
        if key == "judgment_limits":  # "You may pay {1} less to play this ability ..." after [Judgment]
            if "judgment" not in build or set(value) & set(build["judgment"]):
                raise _GapError(f"keyword: [Judgment] limits without a [Judgment] before them: {value}")
            build["judgment"].update(value)
        elif key == "awakening_instead":
            base = build.get("effects", [])
            replaced = value["effects"]
            chosen = [e["target"] for e in base + replaced if _chooses(e)]
            if (
                not base
                or any(_pauses(e) for e in base + replaced)
                or chosen[: len(chosen) // 2] != chosen[len(chosen) // 2 :]
            ):
                raise _GapError('effect: what an [Awakening] "instead" replaces is not clear')
            awakened = {"kind": "all_of", "conditions": [{"kind": "awakened"}, value["condition"]]}
            if_: JsonDict = {"op": "if", "condition": awakened, "effects": replaced, "otherwise": base}
            build["effects"] = [{**if_, **({"same_targets": True} if chosen else {})}]
        elif key in ("skills", "abilities", "effects"):
            build.setdefault(key, [])
            build[key] += [v for v in value if not (key == "skills" and v in build[key])]
        else:
            build[key] = value
