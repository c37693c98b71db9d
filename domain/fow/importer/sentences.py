"""Effect sentences and how they combine: the registry the effect modules fill
(:func:`_effect`, :func:`_effect_first`, :func:`_effect_before_logic`), and :func:`_effects`,
which reads a text sentence by sentence with "if", "you may", modes, "instead", "then",
delayed triggers and "it"/"they" naming an earlier target.

The effect modules (``effects``, ``effects_zones``, ``effects_first``) register their sentences
here when imported; the order of the registry is the order of the patterns tried, so they
are imported in that order (each imports the one before it)."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable

from domain.fow.importer.conditions import _condition
from domain.fow.importer.costs import _will_cost
from domain.fow.importer.records import JsonDict, _GapError
from domain.fow.importer.targets import _IT_IS, _NEGATED, _it_filter, _target
from domain.fow.importer.text import (
    _CLAUSE,
    _MODIFIED,
    _NUMBER_WORDS,
    _SAME,
    _SENTENCE,
    _THEY,
    NUM,
    _capitalise,
    _Ctx,
    _number,
    _split_sentences,
)

# --------------------------------------------------------------------------------------
# effect sentences

_END = r"\s*(?:\.\s*|$)"
EffectBuilder = Callable[[re.Match[str], _Ctx, bool], list[JsonDict]]
_EFFECTS: list[tuple[re.Pattern[str], EffectBuilder]] = []


def _effect(pattern: str) -> Callable[[EffectBuilder], EffectBuilder]:
    def register(fn: EffectBuilder) -> EffectBuilder:
        _EFFECTS.append((re.compile(pattern + _END, re.IGNORECASE), fn))
        return fn

    return register


def _pauses(effect: JsonDict) -> bool:
    """An effect that may wait for a player's choice (or holds effects): never inside may/if."""
    pausing = (
        *("search", "discard", "may", "if", "choose", "look_top", "put_from_hand", "banish", "delayed"),
        *("put_from_removed", "become_attribute", "change_races", "choose_race"),
    )
    if effect["op"] == "banish" and "target" in effect:  # "banish this card": no choice
        return False
    return (
        effect["op"] in pausing
        or "chosen_from" in effect
        or "any_number" in effect
        or "from_hand" in effect
        or "from_graveyard" in effect
        or "unless_pays" in effect
        or "chosen_total_cost" in effect
    )


def _gated(effects: list[JsonDict]) -> bool:
    """Whether ``effects`` can be held by a ``may`` or ``if``: anything but modes (chosen as the
    card is played) and an "if" with "otherwise" that waits for a choice (the engine runs held
    effects that wait for a choice as steps of their own, FoW-5.5 9.3 p3.2)."""
    for e in effects:
        held = e.get("effects", []) + e.get("otherwise", []) if e["op"] in ("may", "if") else []
        if e["op"] == "choose" or (held and not _gated(held)):
            return False
        if e["op"] == "if" and (e.get("otherwise") or e.get("same_targets")) and any(_pauses(i) for i in held):
            return False
    return True


_MAY = re.compile(r"^(?:then,? )?you may (?!pay\b)", re.IGNORECASE)
_MAY_PAY = re.compile(r"(?:then,? )?you may pay (?:(?P<w>(?:\{[^{}]+\})+)|(?P<life>\d+00) life)\.?", re.IGNORECASE)
"""A payment as an effect (not "you may pay {1} less to play ...")."""
_CHOOSING_NONE_DECLINES = ("put_from_hand", "put_from_removed")
"""Effects whose player may choose no card anyway (10.13 p2): "you may" adds nothing to them."""
_IF = re.compile(rf"^if (?P<cond>{_CLAUSE}), (?P<body>.+)$", re.IGNORECASE)
_IF_NAMED = re.compile(rf'^if (?P<cond>you control (?:an? |{NUM} )?"[^"]+") (?P<body>[a-z].+)$', re.IGNORECASE)
"""``If you control "Call to Action's Memoria" destroy ...``: the comma left out after a name."""
_TRAILING_IF = re.compile(rf"^(?P<body>[^,]+?)(?<!\bonly) if (?!able\b)(?P<cond>{_CLAUSE}?)\.?$", re.IGNORECASE)
"""``Draw a card if you have no cards in your hand.``"""
_MODES = re.compile(
    r"^choose one\.?\s*(?:if (?P<cond>[^\n]+?),?\s+choose up to (?P<n>\w+)(?: instead)?\s*)?"
    r"[-\u2013:]\s*(?P<body>.+)$",
    re.IGNORECASE | re.DOTALL,
)
"""``Choose one - ...``; ``Choose one. If <condition>, choose up to two instead - ...``."""


def _logic(
    rest: str, ctx: _Ctx, it_self: bool, modes_ok: bool, *, after: bool = False
) -> tuple[list[JsonDict], str] | None:
    """A "you may" or "if" sentence, or a list of modes, at the start of ``rest``: the
    effects and what is left; None when ``rest`` starts with none of them."""
    m = _MODES.match(rest)
    if m:
        if not modes_ok:
            raise _GapError(f"effect: {_split_sentences(rest)[0]} (modes here are not in the vocabulary)")
        body = m.group("body")
        only = re.search(r"\s*choose the (?P<nth>first|second|third) only if (?P<c>[^.]+)\.?$", body, re.IGNORECASE)
        if only:  # "Choose the second only if your J/ruler has "Kaguya" in its name." (9.3 p2.3)
            body = body[: only.start()]
        body = re.sub(r"(?<=target addition): or (?=draw a card;)", "; or ", body)  # a misprint (CMF-004)
        modes = [p.strip() for p in re.split(r";\s*(?:or\s+)?|\s*\n\s*or\s+", body) if p.strip()]
        if len(modes) < 2:  # "... to target player, or this card deals ...": a comma before "or"
            modes = [p.strip() for p in re.split(r",\s*or\s+", m.group("body")) if p.strip()]
        modes = [re.sub(r"^or\s+", "", p, flags=re.IGNORECASE) for p in modes]
        if len(modes) < 2:
            raise _GapError(f"effect: {_split_sentences(rest)[0]}")
        choose: JsonDict = {"op": "choose", "modes": [_effects(_capitalise(p), ctx) for p in modes]}
        if m.group("cond"):
            up_to = _NUMBER_WORDS.get(m.group("n").lower())
            if up_to is None or not 2 <= up_to <= len(modes):
                raise _GapError(f"effect: choose up to {m.group('n')}")
            choose.update(up_to_if=_condition(m.group("cond"), ctx), up_to=up_to)
        if only:
            nth = ["first", "second", "third"].index(only.group("nth").lower())
            if nth >= len(modes):
                raise _GapError(f"effect: {only.group(0).strip()}")
            choose["only_if"] = [_condition(only.group("c"), ctx) if i == nth else None for i in range(len(modes))]
        return [choose], ""
    sentence = _split_sentences(rest)[0]
    if re.search(r"\binstead\b|\botherwise\b", sentence, re.IGNORECASE):
        return None
    pay = _MAY_PAY.fullmatch(sentence.strip())
    if pay:  # "You may pay {R}{R}. If you do, ...": paying is what "you do" (FoW-5.5 9.3 p3.2)
        paid: JsonDict = {"op": "pay"}
        if pay.group("w"):
            paid["will"] = _will_cost(pay.group("w"), f"effect: {sentence}")
        else:
            paid["life"] = int(pay.group("life"))
        return [{"op": "may", "effects": [paid]}], rest[len(sentence) :]
    it_may = _IT_MAY.match(sentence) if it_self else None
    if it_may:
        return _it_may(it_may, sentence, rest, ctx)
    may = _MAY.match(sentence)
    if may:
        try:
            inner = _effects(_capitalise(sentence[may.end() :]), ctx, it_self=it_self)
        except _GapError:
            spanning = _may_spanning(rest[may.end() :], ctx, it_self)
            if spanning is not None:  # "You may look at ... and choose a card. He or she discards that card."
                return [{"op": "may", "effects": spanning[0]}], spanning[1]
            inner = []
        if len(inner) == 1 and inner[0]["op"] in _CHOOSING_NONE_DECLINES:
            return inner, rest[len(sentence) :]
        if len(inner) == 1 and inner[0].get("up_to") is True and "from_graveyard" in inner[0]:
            return inner, rest[len(sentence) :]  # "you may remove up to two ...": none may be chosen anyway
        if not inner or not _gated(inner):
            raise _GapError(f"effect: {_capitalise(sentence)}")
        return [{"op": "may", "effects": inner}], rest[len(sentence) :]
    m = _IF.match(sentence) or _IF_NAMED.match(sentence) or _TRAILING_IF.match(sentence)
    if m:
        if re.fullmatch(r"you do|damage was dealt this way", m.group("cond").strip(), re.IGNORECASE):
            if not after:  # "If you do" follows the effect it asks about
                raise _GapError(f"condition: {m.group('cond')}")
            cond: JsonDict = {"kind": "did"}
        elif _IT_IS.fullmatch(_its_stats(m.group("cond").strip())) and m.group("body").strip().startswith(_SAME):
            # "Rest target resonator. If it's a Demon, it cannot be recovered ...": "it" is the previous
            # effect's single target, checked on resolution (FoW-5.5 9.3 p3)
            it = _IT_IS.fullmatch(m.group("cond").strip())
            assert it is not None
            flt = {"zone": "field", "types": [], **_it_filter(it["what"], ctx, sentence)}
            cond = {"kind": "target_is", "filter": flt}
        elif _IT_IS.fullmatch(_its_stats(m.group("cond").strip())):
            return _if_it_is(m, sentence, rest, ctx)
        else:
            cond = _condition(m.group("cond"), ctx)
        ruler_its = _J_RULER_ITS.fullmatch(m.group("body").strip())
        if ruler_its and m.group("cond").strip().lower() == "you control a j-ruler" and ctx.type == "spell":
            # "If you control a J-Ruler, this card deals damage equal to its ATK to that resonator." on
            # a spell, which has no ATK: "its" is the J-ruler's, read on resolution (0 without one)
            stat = ruler_its.group("s").lower()
            target = _target(ruler_its.group("t"), ctx)
            damage = {"op": "deal_damage", "amount": 0, "target": target, "equal_to": stat}
            inner = [{**damage, "equal_to_of": "your_j_ruler"}]
            return [{"op": "if", "condition": cond, "effects": inner}], rest[len(sentence) :]
        inner = _effects(_capitalise(m.group("body")), ctx, it_self=it_self)
        if not _gated(inner) or (any(_pauses(e) for e in inner) and cond["kind"] == "target_is"):
            raise _GapError(f"effect: {sentence}")
        return [{"op": "if", "condition": cond, "effects": inner}], rest[len(sentence) :]
    return None


_J_RULER_ITS = re.compile(r"this card deals damage equal to its (?P<s>ATK|DEF) to (?P<t>[^.]+?)\.?", re.IGNORECASE)
"""``this card deals damage equal to its ATK to that resonator`` on a spell, after "If you control a J-Ruler"."""

_IT_MAY = re.compile(r"^(?:it|this card) may deal (?P<body>.+?)\.?$", re.IGNORECASE)
"""``It may deal 300 damage to target resonator ...`` where "it" is this card."""


def _it_may(m: re.Match[str], sentence: str, rest: str, ctx: _Ctx) -> tuple[list[JsonDict], str]:
    """ "[Whenever this card attacks,] it may deal 300 damage to target resonator for each passion
    counter on it. If it does, remove all passion counters from it.": this card deals the damage if
    its controller so decides (the player makes the choices of their card's effects, FoW-5.5 9.3
    p3.2); "If it does" is whether it did, and "it" stays this card, the subject of both sentences."""
    body = re.sub(r"\b(counters? on) it$", r"\1 this card", m.group("body"), flags=re.IGNORECASE)  # the subject
    inner = _effects(f"This card deals {body}.", ctx, it_self=True)
    if not _gated(inner):
        raise _GapError(f"effect: {sentence}")
    out: list[JsonDict] = [{"op": "may", "effects": inner}]
    left = rest[len(sentence) :].strip()
    then = _split_sentences(left)[0] if left else ""
    did = re.fullmatch(r"if it does, (?P<body>.+?)\.?", then.strip(), re.IGNORECASE)
    if did:
        held = _effects(_capitalise(did.group("body")) + ".", ctx, it_self=True)
        if not _gated(held):
            raise _GapError(f"effect: {then}")
        out.append({"op": "if", "condition": {"kind": "did"}, "effects": held})
        left = left[len(then) :].strip()
    return out, left


def _may_spanning(text: str, ctx: _Ctx, it_self: bool) -> tuple[list[JsonDict], str] | None:
    """The effect after "you may" when one effect pattern spans several sentences ("You may look at
    target player's hand and choose a card. He or she discards that card."): the whole of it is
    what the player may do (FoW-5.5 9.3 p3.2); None if no single pattern covers a further sentence."""
    body = _capitalise(text)
    first = _split_sentences(body)[0]
    for pattern, build in _EFFECTS:
        m = pattern.match(body)
        if m and m.end() > len(first.rstrip(". ")):
            try:
                inner = build(m, ctx, it_self)
            except _GapError:
                return None
            return (inner, body[m.end() :].strip()) if _gated(inner) else None
    return None


def _its_stats(cond: str) -> str:
    """ "its ATK is different from its printed ATK or its DEF is different from its printed DEF"
    (of the target, checked on resolution, FoW-5.5 9.3 p3) -> "it is with ATK different ..."."""
    its = re.fullmatch(
        r"its ATK is different from its printed ATK or its DEF is different from its printed DEF", cond, re.I
    )
    if its:
        return f"it is {_MODIFIED}"
    most = re.fullmatch(r"its total cost is less than or equal to the number of (?P<x>.+)", cond, re.I)
    return f"it is with total cost at most the number of {most.group('x')}" if most else cond


def _if_it_is(m: re.Match[str], sentence: str, rest: str, ctx: _Ctx) -> tuple[list[JsonDict], str]:
    """ "Target resonator gains ... if it's darkness. Otherwise, it gains ...": "it" is the
    target chosen for the effects; the "Otherwise" sentence acts on that same target."""
    it = _IT_IS.fullmatch(_its_stats(m.group("cond").strip()))
    assert it is not None
    inner = _effects(_capitalise(m.group("body")), ctx)
    chosen = [e for e in inner if _chooses(e)]
    if len(chosen) != 1 or any(_pauses(e) for e in inner):
        raise _GapError(f"condition: {m.group('cond')}")
    target = chosen[0]["target"]
    out: JsonDict = {"op": "if", "effects": inner}
    out["condition"] = {
        "kind": "target_is",
        "filter": {"zone": "field", "types": [], **_it_filter(it["what"], ctx, sentence)},
    }
    left = rest[len(sentence) :].strip()
    following = _split_sentences(left)[0] if left else ""
    other = re.fullmatch(r"otherwise,? (?P<o>it .+)", following.strip(), re.IGNORECASE)
    if other:
        otherwise = _effects(_capitalise(other.group("o")), ctx, it_self=True)
        for e in otherwise:
            if e.get("target") == {"kind": "self"}:
                e["target"] = copy.deepcopy(target)  # "it": the target of the effects
            elif _chooses(e) or _pauses(e):
                raise _GapError(f"effect: {following}")
        out.update(otherwise=otherwise, same_targets=True)
        left = left[len(following) :]
    return [out], left


_BEFORE_LOGIC: list[tuple[re.Pattern[str], EffectBuilder]] = []


def _effect_before_logic(pattern: str) -> Callable[[EffectBuilder], EffectBuilder]:
    """Like :func:`_effect`, tried before the "if"/"you may" sentences of :func:`_logic`: a whole
    sentence whose "if" the generic reading does not know."""

    def register(fn: EffectBuilder) -> EffectBuilder:
        _BEFORE_LOGIC.append((re.compile(pattern + _END, re.IGNORECASE), fn))
        return fn

    return register


def _effect_first(pattern: str) -> Callable[[EffectBuilder], EffectBuilder]:
    """Like :func:`_effect`, tried before the others (a "for each" tail changes the meaning)."""

    def register(fn: EffectBuilder) -> EffectBuilder:
        _EFFECTS.insert(0, (re.compile(pattern + _END, re.IGNORECASE), fn))
        return fn

    return register


_INSTEAD = re.compile(rf"if (?P<cond>{_CLAUSE}), (?P<body>[^.]+?) instead(?P<of> of one)?\.?", re.IGNORECASE)
_INSTEAD_NAMED = re.compile(
    rf'if (?P<cond>you control (?:an? |{NUM} )?"[^"]+") (?P<body>[a-z][^.]+?) instead(?P<of> of one)?\.?', re.IGNORECASE
)
"""``If you control four "Sorrowful Necromancy's Memoria" put the top seven ... instead``: the comma left
out after a name (as ``_IF_NAMED``)."""


def _chooses(effect: JsonDict) -> bool:
    target = effect.get("target")
    return isinstance(target, dict) and target.get("kind", "chosen") == "chosen"


def _instead_this_way(out: list[JsonDict], m: re.Match[str], ctx: _Ctx, sentence: str) -> list[JsonDict] | None:
    """ "Banish a resonator you control. If you do, draw two cards. If you banished a Human in this
    way, draw three cards instead.": the "If you do" effects for what was banished and is not X,
    the other effects for what is X (``that_is``, checked on resolution, FoW-5.5 9.3 p3)."""
    way = re.fullmatch(r"you banished (?:an? )?(?P<x>.+?) in this way", m.group("cond").strip(), re.IGNORECASE)
    if way is None:
        return None
    what = way.group("x")
    last = out[-1]
    before = out[-2] if len(out) >= 2 else None
    plain = last["op"] == "if" and last["condition"] == {"kind": "did"} and not last.get("otherwise")
    if not (plain and before is not None and before["op"] == "banish"):
        raise _GapError(f"effect: {sentence}")
    extra = _it_filter(f"a {what}", ctx, sentence)
    if len(extra) != 1 or set(extra) - set(_NEGATED) or len(next(iter(extra.values()))) != 1:
        raise _GapError(f"effect: {sentence}")
    replaced = _effects(_capitalise(m.group("body")), ctx)
    if any(_pauses(e) or _chooses(e) for e in replaced + last["effects"]):
        raise _GapError(f"effect: {sentence}")
    flt: JsonDict = {"zone": "field", "types": [], **extra}
    other: JsonDict = {"zone": "field", "types": [], **{_NEGATED[k]: v for k, v in extra.items()}}
    return [
        {**last, "condition": {"kind": "that_is", "filter": other}},
        {"op": "if", "condition": {"kind": "that_is", "filter": flt}, "effects": replaced},
    ]


def _instead_at_random(out: list[JsonDict], m: re.Match[str], ctx: _Ctx) -> list[JsonDict] | None:
    """ "Your opponent discards two cards. If <condition>, he or she discards two cards at random
    instead.": the discard the discarding player chooses when the condition does not hold, the same
    discard at random (10.20 p1) when it does. The condition is checked on resolution (FoW-5.5 9.3
    p3.2) once per branch: the first discard cannot change what it reads (a ruler, a J-ruler)."""
    last = out[-1]
    plain = last["op"] == "discard" and set(last) == {"op", "count", "who"} and last["who"] == "opponent"
    body = re.fullmatch(
        rf"(?:he or she|they|your opponent) discards? (?P<n>{NUM}) cards? at random", m.group("body").strip(), re.I
    )
    if not (plain and body and _number(body.group("n")) == last["count"]):
        return None
    condition = _condition(m.group("cond"), ctx)
    if condition["kind"] != "ruler_is" or condition.get("negate"):
        return None
    return [
        {"op": "if", "condition": {**condition, "negate": True}, "effects": [last]},
        {"op": "if", "condition": condition, "effects": [{**last, "at_random": True}]},
    ]


def _instead(last: JsonDict, m: re.Match[str], ctx: _Ctx, sentence: str, *, alone: bool) -> JsonDict:
    """ "<effect>. If <condition>, <other effect> instead.": on resolution the condition picks
    one of them (FoW-5.5 9.3 p3); both act on every object they name, none chosen as a target.
    What "instead" replaces must be plain: the only effect before it, or one of the same kind."""
    if m.group("of") and not (last["op"] == "draw" and last.get("count", 1) == 1 and "per" not in last):
        raise _GapError(f"effect: {sentence}")  # "draw three cards instead of one": of the one card drawn
    field = re.fullmatch(r"you may put it into your field", m.group("body").strip(), re.IGNORECASE)
    if field and last["op"] == "search" and last.get("to", "hand") == "hand" and last.get("count", 1) == 1:
        # "Search ..., reveal it and put it into your hand. If your Ruler is "Grimm, the Fairy Tale
        # Prince", you may put it into your field instead.": the player chooses once it is found
        return {**last, "field_instead_if": _condition(m.group("cond"), ctx)}
    added = re.fullmatch(r"you may put (?:it|that card) (?:on ?to|onto) this card", m.group("body").strip(), re.I)
    if added and last["op"] == "search" and last.get("to", "hand") == "hand" and last.get("count", 1) == 1:
        # "Search ... for an [Addition:Resonator] ... If your Ruler is "Puss in Boots" ..., you may put
        # that card on to this card instead.": added to this card, if it can be (FoW-5.5 10.1)
        if ctx.type not in ("resonator", "j_ruler"):
            raise _GapError(f"effect: {sentence}")
        return {**last, "field_instead_if": _condition(m.group("cond"), ctx), "added_instead": True}
    counters = re.fullmatch(rf"put (?P<n>{NUM}) (?P<c>[a-z][a-z ]*?) counters", m.group("body").strip(), re.I)
    if counters and last["op"] == "put_counter" and last["counter"] == counters.group("c").lower():
        # "Put two arrow counters on it. If your J/ruler is "A" or "B", put four arrow counters
        # instead.": the same counters on the same card, another number (9.3 p3)
        changed = {**copy.deepcopy(last), "count": _number(counters.group("n"))}
        condition = _condition(m.group("cond"), ctx)
        return {"op": "if", "condition": condition, "effects": [changed], "otherwise": [last]}
    more = re.fullmatch(r"(?:it|this card) deals (?P<n>\d+) damage", m.group("body").strip(), re.IGNORECASE)
    if more and last["op"] == "deal_damage" and "per" not in last and "equal_to" not in last:
        # "it deals 800 damage instead": the same damage effect, to the same targets, with another amount
        changed = {**copy.deepcopy(last), "amount": int(more.group("n"))}
        condition = _condition(m.group("cond"), ctx)
        return {"op": "if", "condition": condition, "effects": [changed], "otherwise": [last], "same_targets": True}
    ruler = re.fullmatch(r"(?:it|this card) deals damage equal to its (?P<s>ATK|DEF)", m.group("body").strip(), re.I)
    plain = last["op"] == "deal_damage" and not ({"per", "equal_to"} & set(last) or last.get("that_much"))
    if ruler and m.group("cond").strip().lower() == "you control a j-ruler" and plain:
        # "If you control a J-Ruler, this card deals damage equal to its ATK instead": the
        # J-ruler's, to the same targets
        stat = {"equal_to": ruler.group("s").lower(), "equal_to_of": "your_j_ruler"}
        changed = {**copy.deepcopy(last), **stat}
        condition = _condition(m.group("cond"), ctx)
        return {"op": "if", "condition": condition, "effects": [changed], "otherwise": [last], "same_targets": True}
    gated = last["op"] == "if" and not last.get("otherwise") and len(last["effects"]) == 1
    if gated and not _pauses(last["effects"][0]):
        # "If you control "X", destroy up to one target resonator. If you control four "X", destroy
        # all resonators your opponent controls instead.": the second condition picks, inside the
        # first, between the effect and its replacement; a target of the replaced effect is still
        # chosen as the ability is played (FoW-5.5 9.3 p2.4), the conditions checked on resolution
        inner = last["effects"][0]
        replaced = _effects(_capitalise(m.group("body")), ctx)
        if [e["op"] for e in replaced] != [inner["op"]] or any(_pauses(e) or _chooses(e) for e in replaced):
            raise _GapError(f"effect: {sentence} (which effect it replaces is not clear)")
        condition = _condition(m.group("cond"), ctx)
        return {**last, "effects": [{"op": "if", "condition": condition, "effects": replaced, "otherwise": [inner]}]}
    if _pauses(last) or _chooses(last):
        raise _GapError(f"effect: {sentence}")
    condition = _condition(m.group("cond"), ctx)
    # "it deals ... instead": "it" is the card that dealt the damage replaced
    replaced = _effects(_capitalise(m.group("body")), ctx, it_self=last["op"] == "deal_damage")
    if any(_pauses(e) or _chooses(e) for e in replaced):
        raise _GapError(f"effect: {sentence}")
    if not alone and [e["op"] for e in replaced] != [last["op"]]:
        raise _GapError(f"effect: {sentence} (which effect it replaces is not clear)")
    return {"op": "if", "condition": condition, "effects": replaced, "otherwise": [last]}


def _same_target(rest: str, out: list[JsonDict]) -> str:
    """ "Rest target resonator. It gains [-400/-400] until end of turn." / "Target water resonator
    gains [0/+400] until end of turn. Recover that resonator.": when the previous effect chose
    exactly one target, "It" opening the next sentence and "that resonator" in it name that
    target (a ``same`` target)."""
    target = out[-1].get("target") if out else None
    if out and out[-1]["op"] == "banish" and target is None and "count" not in out[-1]:
        # "Your opponent banish a non-attacking resonator he or she controls. You gain life equal to
        # its DEF.": "its" is the card that player banished (as it was in the field, 9.11)
        if len(out) > 1 and out[-2]["op"] == "banish":
            return rest  # "each player banishes ...": two cards
        sentence = _split_sentences(rest)[0]
        changed = re.sub(r"^((?:you )?gain life equal to) its\b", rf"\1 {_SAME}'s", sentence, flags=re.IGNORECASE)
        return changed + rest[len(sentence) :]
    back = len(out) - 1
    while target == {"kind": "same"} and back > 0:  # "... You gain control of it ... It gains ...": still it
        back -= 1
        target = out[back].get("target")
    if out and out[-1]["op"] == "put_from_hand" and "count" not in out[-1]:
        target = {"kind": "chosen"}  # "you may put a resonator from your hand into your field. It gains ..."
    elif target is None and out and out[back]["op"] == "put_from_hand" and "count" not in out[back]:
        target = {"kind": "chosen"}  # "... into your field. It gains [Swiftness] ... At the end of turn, banish it."
    if not (isinstance(target, dict) and target.get("kind") == "chosen"):
        return rest
    sentence = _split_sentences(rest)[0]
    if (target.get("count", 1) != 1 or target.get("up_to")) and not target.get("players_allowed"):
        # "Rest up to two target resonators ... They don't recover ...": "They" names that group
        return re.sub(r"^They\b", _SAME, sentence) + rest[len(sentence) :]
    if target.get("count", 1) != 1 or target.get("up_to") or target.get("players_allowed"):
        return rest
    changed = re.sub(r"^It\b(?!s)", _SAME, sentence)
    changed = re.sub(rf"^(If {_CLAUSE}, )it (?=also gains\b)", rf"\1{_SAME} ", changed)  # "If X, it also gains"
    changed = re.sub(
        r"^(If it's an? [^,.]+, )it (?=cannot be recovered\b|loses \[)", rf"\1{_SAME} ", changed
    )  # "If it's a Demon, it" / "If it's a J-Ruler, it loses [Imperishable]"
    changed = re.sub(r"\bthat (?:resonator|J/resonator|card)\b", _SAME, changed)
    changed = re.sub(r"^(You gain control of) it\b", rf"\1 {_SAME}", changed)  # "You gain control of it"
    changed = re.sub(r"^((?:you )?gain life equal to) its\b", rf"\1 {_SAME}'s", changed, flags=re.IGNORECASE)
    return changed + rest[len(sentence) :]


_REMOVED_INSTEAD = re.compile(
    r"if (?:it's (?P<what>an? [^,.]+?) and )?it would (?:(?P<leave>leave your field)|be put into a graveyard from a "
    r"field) this turn, remove it from (?:the )?game instead\.?",
    re.IGNORECASE,
)
"""``If it would leave your field this turn, remove it from the game instead.``"""


def _names_it(out: list[JsonDict]) -> bool:
    """ "It" in the next sentence names the previous effect's single target (or the card it put into
    the field), past any "If it's a J-Ruler, it loses ..." that acts on that same target."""
    while out and out[-1]["op"] == "if" and out[-1]["condition"].get("kind") == "target_is":
        out = out[:-1]
    return bool(out) and _same_target("It", out) != "It"


def _remove_instead(m: re.Match[str], ctx: _Ctx, sentence: str) -> JsonDict:
    """ "If it would leave your field this turn, remove it from the game instead" (FoW-5.5 9.10 p1) on
    the previous effect's single target; "If it's a resonator and it would be put into a graveyard from
    a field this turn, ...": only if it is one as the effect resolves (9.3 p3)."""
    leaving = "field" if m.group("leave") else "field_to_graveyard"
    effect: JsonDict = {"op": "remove_instead", "target": {"kind": "same"}, "leaving": leaving}
    if not m.group("what"):
        return effect
    flt = {"zone": "field", "types": [], **_it_filter(m.group("what"), ctx, sentence)}
    return {"op": "if", "condition": {"kind": "target_is", "filter": flt}, "effects": [effect]}


_DELAYED = re.compile(
    r"^at the (?P<next>next )?end of (?:this )?turn(?P<sep>,|:) (?P<body>[^.]+\.?)(?:\"\.)?\s*", re.IGNORECASE
)
_DELAYED_WHEN = re.compile(
    r"^when (?:it|that resonator) (?P<what>deals or is dealt damage|is destroyed) this turn, (?P<body>[^.]+\.?)\s*",
    re.IGNORECASE,
)
"""``When that resonator is destroyed this turn, banish this card.``: a delayed ability watching the
previous effect's single target."""
_DELAYED_WHENEVER = re.compile(r"^whenever this card deals damage this turn, (?P<body>[^.]+\.?)\s*", re.IGNORECASE)
"""``Whenever this card deals damage this turn, you gain that much life.``: triggering each time."""
_DELAYED_AFTER = re.compile(
    r"^(?P<body>[^.]+?) at (?:the )?(?P<next>next )?end of (?:this )?turn(?:\.\s*|$)", re.IGNORECASE
)
"""``Remove it from the game at end of turn.``: the same delayed ability, its time written last."""


_DELAYED_ON_TARGET = re.compile(
    r"^when (?P<t>target [^,]+?) is put into a graveyard this turn, (?P<body>search your main deck for .+)$",
    re.IGNORECASE,
)
_SAME_TOTAL_COST = " with the same total cost as that resonator"


def _delayed_on_target(rest: str, ctx: _Ctx) -> tuple[JsonDict, str] | None:
    """ "When target resonator you control is put into a graveyard this turn, search your main deck for a
    resonator with the same total cost as that resonator and put it into your field. Then shuffle your main
    deck." (Accede the Light, MPR-003): the target is chosen as the spell is played (9.3 p2.4); on resolution
    a delayed ability (9.6 p8) watching it, if still legal (9.3 p3.1), is made; it triggers the first time
    this turn that object is put into a graveyard, and "that resonator" is the card it watched."""
    m = _DELAYED_ON_TARGET.match(rest.strip())
    if m is None or ctx.type != "spell":
        return None
    target = _target(m.group("t"), ctx)
    if target.get("kind") != "chosen" or target.get("filter", {}).get("types") != ["resonator"]:
        raise _GapError(f"effect: {_split_sentences(rest)[0]}")
    body = m.group("body")
    same = _SAME_TOTAL_COST in body.lower()
    effects = _effects(_capitalise(body.replace(_SAME_TOTAL_COST, "")), ctx)
    left = body.lower().replace(_SAME_TOTAL_COST, "")
    if len(effects) != 1 or effects[0].get("op") != "search" or "that resonator" in left:
        raise _GapError(f"effect: {_split_sentences(rest)[0]}")
    if same:
        effects[0]["same_total_cost_as_that"] = True
    return {"op": "delayed", "at": "it_is_put_into_graveyard", "target": target, "effects": effects}, ""


def _delayed(rest: str, out: list[JsonDict], ctx: _Ctx) -> tuple[JsonDict, str] | None:
    """ "Target resonator gains [+1000/+0] until end of turn. At the end of turn, destroy that
    resonator.": a delayed automatic ability (FoW-5.5 9.6 p8) created as the effect resolves,
    triggering at the end of this turn; "that resonator" / "it" name the previous effect's
    single target.  None if ``rest`` does not open with such a sentence."""
    watched = _delayed_on_target(rest, ctx)
    if watched is not None:  # "When target resonator you control is put into a graveyard this turn, ..."
        return watched
    at = "end_of_turn"
    m = _DELAYED.match(rest) or _DELAYED_AFTER.match(rest)
    if m is not None and m.group("next"):
        at = "next_end_of_turn"  # "At the next end of turn" (5.4 p3)
    when = _DELAYED_WHEN.match(rest) if m is None else None
    if when is not None:  # "When it deals or is dealt damage this turn, banish it": its single target
        if not out or _same_target("It", out) == "It":
            raise _GapError(f"effect: {_split_sentences(rest)[0]}")
        at = "it_is_destroyed" if when.group("what").lower() == "is destroyed" else "it_deals_or_is_dealt_damage"
        m = when
    whenever = _DELAYED_WHENEVER.match(rest) if m is None and when is None else None
    if whenever is not None:
        # "{B}{M}: Whenever this card deals damage this turn, you gain that much life.": each time (9.6 p8)
        if ctx.type not in ("resonator", "j_ruler"):
            raise _GapError(f"effect: {_split_sentences(rest)[0]}")
        inner = _effects(_capitalise(whenever.group("body").strip()), ctx)
        if inner != [{"op": "gain_life", "amount": 0, "who": "you", "that_much": True}]:
            raise _GapError(f"effect: {_split_sentences(rest)[0]}")
        return {"op": "delayed", "at": "this_card_deals_damage", "effects": inner}, rest[whenever.end() :].strip()
    if m is None:
        return None
    body = _capitalise(re.sub(r"\brnit\b", "it", m.group("body").strip()))  # "banish rnit": a misprint (TTW-027)
    removed = re.fullmatch(
        r"put all (?:resonators|cards) removed this way into their owners?'s? fields?\.?", body, re.I
    )
    previous = out[-1].get("target") if out and out[-1]["op"] == "remove_from_game" else None
    if removed and isinstance(previous, dict) and previous.get("kind") == "chosen" and at == "end_of_turn":
        # "Remove up to three target resonator you control from the game. At the end of turn, put all
        # resonators removed this way into their owner's field." (9.6 p8; not played: no [Enter], 9.6 p1.1)
        back = {"op": "put_into_field", "target": {"kind": "same"}, "owners_field": True}
        return {"op": "delayed", "at": at, "effects": [back]}, rest[m.end() :].strip()
    named = _same_target(body, out)
    if named == body and out and _same_target("It", out) != "It":  # "destroy it"
        named = re.sub(r"\bit\b", _SAME, body)
    elif named == body and out and out[-1].get("target") == {"kind": "self"}:
        # "This card gains [+200/0] until end of turn. At the end of turn, banish it.": this card,
        # as the object that created the delayed ability (FoW-5.5 3.1 p3)
        named = re.sub(r"\bit\b", "this card", body)
    try:
        inner = _effects(named, ctx)
    except _GapError as gap:  # the gap quotes the printed words, never the placeholder of "it" ...
        arrow = m.re is _DELAYED and m.group("sep") == ":"  # ... nor "this card" for an "At end of turn >>> it"
        if _SAME in str(gap) or arrow:
            raise _GapError(f"effect: {_split_sentences(rest)[0]}") from gap
        raise
    chosen = [e for e in inner if isinstance(e.get("target"), dict) and e["target"].get("kind", "chosen") == "chosen"]
    if len(inner) == 1 and len(chosen) == 1 and m.re is _DELAYED_AFTER and at == "end_of_turn":
        # "Recover target resonator at the end of turn.": the target is chosen as the ability is played
        # (9.3 p2.4); the delayed ability made on resolution acts on it (9.6 p8) while it stays that object
        single = chosen[0]["target"]
        if single.get("count", 1) == 1 and not single.get("up_to") and not single.get("players_allowed"):
            delayed: JsonDict = {"op": "delayed", "at": at, "target": single}
            delayed["effects"] = [{**inner[0], "target": {"kind": "same"}}]
            return delayed, rest[m.end() :].strip()
    if any(_pauses(e) for e in inner) or chosen:
        raise _GapError(f"effect: {_split_sentences(rest)[0]}")
    return {"op": "delayed", "at": at, "effects": inner}, rest[m.end() :].strip()


def _they_target(rest: str, out: list[JsonDict]) -> str:
    """ "Light resonators you control gain [+300/+0] ... If you control a Saint, they cannot be
    blocked until end of turn.": when the previous effect's target is ``all`` X, "they" in the next
    sentence names the same objects.  The effect applies to every object matching the filter while
    it lasts, as the previous one does (FoW-5.5 9.9 p4)."""
    target = out[-1].get("target") if out else None
    if not (isinstance(target, dict) and target.get("kind") == "all"):
        return rest
    sentence = _split_sentences(rest)[0]
    changed = re.sub(r"(^|, )they (?=cannot |gain )", rf"\g<1>{_THEY} ", sentence)
    return changed + rest[len(sentence) :]


_CLAUSE_JOIN = re.compile(
    r",? then,? (?=[a-z])|,? and (?=(?:put|draw|destroy|rest|recover|return|remove|search|discard)\b)"
)


_PLAYER_VERBS = re.compile(
    r"^(?P<s>your opponent|each player) (?P<a>(?:discards|banishes|draws) [^.\"]+?)(?: and|, then) "
    r"(?P<b>(?:discards|banishes|draws) [^.\"]+)$",
    re.IGNORECASE,
)
"""``Your opponent discards a card and banishes a resonator`` / ``... discards a card at random, then
discards a card``: one player doing two things, in order."""


def _split_clauses(rest: str) -> str | None:
    """The first sentence of ``rest`` cut in two at ", then" / " and <verb>" (outside quotes),
    the second part as a sentence of its own opening with "Then"; None if it has no such join.
    "Your opponent discards a card and banishes a resonator": the subject is said again."""
    sentence = _split_sentences(rest)[0]
    both = _PLAYER_VERBS.match(sentence.strip().rstrip("."))
    if both:
        tail = rest[len(sentence) :]
        return f"{_capitalise(both['s'])} {both['a']}. Then {both['s'].lower()} {both['b']}.{tail}"
    masked = re.sub(r'"[^"]*"', lambda q: "x" * len(q.group(0)), sentence)
    m = _CLAUSE_JOIN.search(masked)
    if m is None:
        return None
    return f"{sentence[: m.start()]}. Then {sentence[m.end() :]}{rest[len(sentence) :]}"


def _no_object_yet(out: list[JsonDict]) -> bool:
    """No effect so far names an object: none, or only "You may pay {R}{R}." ("If you do, put it
    into its owner's hand": "it" can still only be the card itself)."""
    return all(
        (e.get("op") == "may" and all(i.get("op") == "pay" for i in e["effects"]))
        or (e.get("op") == "remove_from_game" and e.get("from_graveyard", 0) >= 2)  # "two cards": never "it"
        for e in out
    )


def _only_self(out: list[JsonDict]) -> bool:
    """The effects so far all act on this card ("This card gains [+500/+500] until end of turn. Then it
    deals damage equal to its ATK ..."): "it" in the next sentence can only be the card itself."""
    return bool(out) and all(e.get("target") == {"kind": "self"} for e in out)


def _removed_face_down_by_you(out: list[JsonDict]) -> JsonDict | None:
    """The effect that ends the effects so far if it removes your cards from the game face down ("remove
    top three cards of your main deck from the game face down", also as the last effect of an "if"), else
    None: "You may look at them at any time" allows their owner to see them (FoW-5.5 3.12 p2.1)."""
    last = out[-1] if out else {}
    while last.get("op") == "if" and last.get("effects") and not last.get("otherwise"):
        last = last["effects"][-1]
    removed = last.get("op") == "mill" and bool(last.get("face_down")) and last.get("who") == "you"
    return last if removed else None


def _effects(text: str, ctx: _Ctx, *, it_self: bool = False, modes_ok: bool = False) -> list[JsonDict]:
    """A sequence of effect sentences, all of which must be recognised."""
    rest = text.strip()
    if not rest:
        raise _GapError("effect: (none)")
    out: list[JsonDict] = []

    def step(rest: str) -> tuple[list[JsonDict], str]:
        """The effects of the sentence(s) opening ``rest``, and what is left."""
        then = re.match(r"[Tt]hen,?\s+(?=[a-z])", rest) if out else None
        if then:  # "Destroy target resonator. Then all resonators gain ...": effects apply in order anyway
            rest = _capitalise(rest[then.end() :])
        for pattern, build in _BEFORE_LOGIC:
            m = pattern.match(rest)
            if m:
                return build(m, ctx, it_self), rest[m.end() :].strip()
        it_is_self = (it_self and _no_object_yet(out)) or _only_self(out)  # "it": this card, as below
        logic = _logic(rest, ctx, it_is_self, modes_ok and not out, after=bool(out))
        if logic is not None:
            return logic[0], logic[1].strip()
        for pattern, build in _EFFECTS:
            m = pattern.match(rest)
            if m:
                try:
                    # "it" is the source card only in the first sentence, before any other
                    # object has been mentioned
                    it_is_self = (it_self and _no_object_yet(out)) or _only_self(out)
                    return build(m, ctx, it_is_self), rest[m.end() :].strip()
                except _GapError as gap:
                    if gap.reason == _SENTENCE:
                        raise _GapError(f"effect: {_split_sentences(rest)[0]}") from None
                    raise
        raise _GapError(f"effect: {_split_sentences(rest)[0]}")

    while rest:
        choose = re.match(r"choose (?P<t>target [^:.]+?):\s*(?P<v>\w+) it\b", rest, re.IGNORECASE)
        if choose:  # "Choose target resonator: Remove it from the game if ...": the verb on that target
            rest = f"{_capitalise(choose.group('v'))} {choose.group('t')}{rest[choose.end() :]}"
        sentence = _split_sentences(rest)[0]
        removed_instead = _REMOVED_INSTEAD.fullmatch(sentence.strip())
        if removed_instead and rest.startswith(sentence) and _names_it(out):
            out.append(_remove_instead(removed_instead, ctx, sentence))
            rest = rest[len(sentence) :].strip()
            continue
        instead = _INSTEAD.fullmatch(sentence.strip()) or _INSTEAD_NAMED.fullmatch(sentence.strip())
        if instead and out and rest.startswith(sentence):
            this_way = _instead_this_way(out, instead, ctx, sentence) or _instead_at_random(out, instead, ctx)
            out[-1:] = this_way or [_instead(out[-1], instead, ctx, sentence, alone=len(out) == 1)]
            rest = rest[len(sentence) :].strip()
            continue
        delayed = _delayed(rest, out, ctx)
        if delayed is not None:  # "At the end of turn, destroy that resonator"
            out.append(delayed[0])
            rest = delayed[1]
            continue
        look = re.fullmatch(r"you may look at (?:them|that card) at any time\.?", sentence.strip(), re.IGNORECASE)
        face_down = _removed_face_down_by_you(out) if look else None
        if face_down is not None and rest.startswith(sentence):
            face_down.pop("unseen", None)  # the owner may see their face-down removed cards (3.12 p2.1)
            rest = rest[len(sentence) :].strip()
            continue
        enter = re.fullmatch(r"this triggers its \[enter\] ability\.?", sentence.strip(), re.IGNORECASE)
        if enter and out and out[-1].get("field_instead_if") and rest.startswith(sentence):
            out[-1]["triggers_enter"] = True  # the card put into the field instead (golden rule 1.4 p1)
            rest = rest[len(sentence) :].strip()
            continue
        same = _same_target(rest, out)
        they = _they_target(rest, out)
        if they != rest:  # "Light resonators you control gain ... they cannot be blocked ..."
            ctx.they = out[-1]["target"]
            try:
                effects, rest = step(they)
                out += effects
                continue
            except _GapError:
                pass  # reported as printed, below
            finally:
                ctx.they = None
        if same != rest:  # "It gains ..." / "... that resonator" naming the previous target
            try:
                effects, rest = step(same)
                out += effects
                continue
            except _GapError:
                pass  # reported as printed, below
        try:
            effects, rest = step(rest)
        except _GapError as gap:
            split = _split_clauses(rest)
            if split is None:
                raise
            try:  # "Draw a card, then put a card ..." / "Draw a card and put ...": two effects in order
                effects, rest = step(split)
            except _GapError:
                raise gap from None
        out += effects
    for before, e in zip([None, *out], out, strict=False):  # "that many": the cards the effect just before put
        if e.get("that_many") and e["op"] == "draw" and not (before or {}).get("any_number"):
            raise _GapError("effect: draw that many cards plus one (that many of what is not clear)")
        if e.get("half_of_damage") and (before or {}).get("op") != "deal_damage":
            raise _GapError("effect: half of that much damage (no damage just before)")
        removed = (before or {}).get("op") == "remove_from_game" and "target" in (before or {})
        if (e.get("per") or {}).get("this_way") and not (removed and e["op"] == "deal_damage"):
            raise _GapError("effect: for each card removed this way (no removal just before)")
        held = e["effects"] if e["op"] == "if" and e["condition"].get("kind") == "did" else [e]
        # (first of a sequence: the body of an "If you do", checked with the removal before it one level up)
        if any(h.get("per_cost_removed") for h in held) and before is not None and not _removes_cards(before):
            raise _GapError("effect: the cards removed this way (no removal just before)")
        discard = (before or {}).get("op") == "discard" and "target" not in (before or {})
        if e.get("max_total_cost_that_many") and not discard:
            raise _GapError("effect: the number of cards discarded this way (no discard just before)")
    return _shuffle_if_searched(out)


def _removes_cards(effect: JsonDict | None) -> bool:
    """An effect whose removed cards are "the cards removed this way": a mill into the removed area, or
    "remove up to two cards in your graveyard from the game" (FoW-5.5 10.3 p1)."""
    e = effect or {}
    return (e.get("op") == "mill" and e.get("to") == "removed") or (
        e.get("op") == "remove_from_game" and "from_graveyard" in e
    )


def _shuffle_if_searched(effects: list[JsonDict]) -> list[JsonDict]:
    """ "You may search your deck for ..., reveal it and put it into your hand. If you do, shuffle
    your deck.": shuffled only if searched, that is by the search itself (FoW-5.5 10.20) - a
    search that finds nothing adds no card, yet was done, which "If you do" would not see."""
    out: list[JsonDict] = []
    for e in effects:
        last = out[-1] if out else None
        held = last["effects"][-1] if last is not None and last["op"] == "may" else last
        if (
            e == {"op": "if", "condition": {"kind": "did"}, "effects": [{"op": "shuffle"}]}
            and held is not None
            and held["op"] == "search"
            and held.get("shuffle") is False
        ):
            del held["shuffle"]
            continue
        out.append(e)
    return out
