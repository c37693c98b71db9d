"""Effect sentences tried before the others (:func:`_effect_first`: a "for each" or "equal to"
tail changes the meaning) or before the "if"/"you may" reading (:func:`_effect_before_logic`),
and the few registered after every other.

Registered after :mod:`domain.fow.importer.effects_zones` (imported first for that)."""

from __future__ import annotations

import copy
import re

from domain.fow.importer import effects_zones as _registered_before  # noqa: F401  (registry order: effects_zones first)
from domain.fow.importer.conditions import _condition, _count, _number_of
from domain.fow.importer.costs import _will_cost
from domain.fow.importer.effects import _lose_skills
from domain.fow.importer.records import JsonDict, _GapError
from domain.fow.importer.sentences import _effect, _effect_before_logic, _effect_first, _effects
from domain.fow.importer.targets import _PLAYER_TARGETS, _modifiers, _selector, _subject, _target
from domain.fow.importer.text import _capitalise, _Ctx


@_effect_before_logic(
    r"you may reveal your hand\.\s*if you have no (?P<d>[^,.]+?) in your hand, (?P<b>search your main deck [^.]+)"
    r"\.\s*then shuffle your main deck"
)
def _reveal_hand_if_none(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Aladdin's Lamp (MPR-055): "... you may reveal your hand. If you have no Spirit resonators in your hand,
    # search your main deck for a Spirit resonator, reveal it and put it into your hand. Then shuffle your
    # main deck.": the search only if the hand was revealed and shows none (10.4 p1); the deck is shuffled
    # anyway, as after any search the player may not make (10.20)
    none, players = _selector(m.group("d"), ctx, zone="hand")
    if players or set(none) - {"zone", "types", "races", "attributes", "name"}:
        raise _GapError(f"effect: {m.group(0).strip()}")
    searched = _effects(f"If you have no cards in your hand, {m.group('b')}. Then shuffle your main deck.", ctx)
    if len(searched) != 2 or searched[0].get("op") != "if" or searched[1] != {"op": "shuffle"}:
        raise _GapError(f"effect: {m.group(0).strip()}")
    hand = {"kind": "controls", "filter": {**none, "zone": "hand", "controller": "you"}, "negate": True}
    search = {**searched[0], "condition": hand}
    return [{"op": "may", "effects": [{"op": "reveal_hand"}, search]}, searched[1]]


@_effect_first(
    r"(?P<t>target player|target opponent|your opponent|you) cannot gain life"
    r" (?:this turn|until (?:the )?end of (?:the )?turn)"
)
def _player_cannot_gain_life(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Your opponent cannot gain life until end of turn.": a prohibition on a player, beating any
    # effect that would make that player gain life (FoW-5.5 1.4 p4)
    who = m.group("t").lower()
    target = {"your opponent": {"kind": "opponent"}, "you": {"kind": "you"}}.get(who) or _PLAYER_TARGETS[who]
    return [{"op": "restrict", "target": dict(target), "rules": ["cannot_gain_life"]}]


@_effect_before_logic(r"if your j-ruler has no atk and def, recover it")
def _recover_j_ruler_without_stats(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "If your J-Ruler has no ATK and DEF, recover it." (TTW-096): "it" is your J-ruler; a J-ruler
    # may lack both values (FoW-5.5 2.6, 2.7), checked on resolution (9.3 p3)
    yours: JsonDict = {"zone": "field", "types": ["j_ruler"], "controller": "you"}
    bare = {**yours, "no_atk_def": True}
    condition = {"kind": "controls", "filter": bare}
    return [
        {"op": "if", "condition": condition, "effects": [{"op": "recover", "target": {"kind": "all", "filter": bare}}]}
    ]


@_effect_before_logic(
    r"if your j-ruler is (?P<n>\"[^\"]+\"), it gains (?P<s>\[[^\]]+\]) until end of turn and you may pay "
    r"(?P<c>(?:\{[^{}]+\})+) less to play its god's art abilities this turn"
)
def _j_ruler_named_gains_and_pays_less(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "If your J-Ruler is "Melgis, the One Charmed by the Demon Sword", it gains [Imperishable] until end
    # of turn and you may pay {2} less to play its God's Art abilities this turn." (VS01-026): the same
    # two effects as "If it's "Faria ...", it gains ..." after "Your J-Ruler gains ..." (TTW-097): the
    # gain if the condition holds on resolution (9.3 p3), paying less part of the continuous effect,
    # checked as the God's Art is played (9.9 p4)
    skill = _effects(f"Your J-Ruler gains {m.group('s')} until end of turn.", ctx)
    if [e["op"] for e in skill] != ["grant_skill"]:
        raise _GapError(f"effect: {m.group(0)}")
    named = _condition(f"your J-Ruler is {m.group('n')}", ctx)
    less = _will_cost(m.group("c"), f"effect: {m.group(0)}")
    pay_less = {"op": "pay_less", "of": "gods_art", "less": less, "condition": named}
    return [{"op": "if", "condition": named, "effects": skill}, pay_less]


@_effect_first(
    r"your j-ruler gains (?P<m>\[[+-]\d+/[+-]\d+\]) until end of turn\.\s*"
    r"if it's (?P<n>\"[^\"]+\"), it gains (?P<s>\[[^\]]+\]) until end of turn and you may pay "
    r"(?P<c>(?:\{[^{}]+\})+) less to play its god's art abilities this turn"
)
def _j_ruler_gains_if_named(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Your J-Ruler gains [+200/+200] until end of turn. If it's "Faria, the Ruler of God Sword", it gains
    # [Imperishable] until end of turn and you may pay {2} less to play its God's Art abilities this
    # turn.": "it" is your J-ruler, so "if it's X" is "if your J-ruler is X", checked on resolution
    # (9.3 p3) for the gain; for paying less it is part of the continuous effect, checked as the God's
    # Art is played - the rules' own example of this text (FoW-5.5 9.9 p4)
    gains = _effects(f"Your J-Ruler gains {m.group('m')} until end of turn.", ctx)
    skill = _effects(f"Your J-Ruler gains {m.group('s')} until end of turn.", ctx)
    if [e["op"] for e in gains + skill] != ["modify", "grant_skill"]:
        raise _GapError(f"effect: {m.group(0)}")
    named = _condition(f"your J-Ruler is {m.group('n')}", ctx)
    less = _will_cost(m.group("c"), f"effect: {m.group(0)}")
    pay_less = {"op": "pay_less", "of": "gods_art", "less": less, "condition": named}
    return [*gains, {"op": "if", "condition": named, "effects": skill}, pay_less]


@_effect_first(r"(?P<a>recover (?:this card|it)) and it gains (?P<m>[^.]+?) until (?:the )?end of (?:the )?turn")
def _recover_and_gains(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Recover this card and it gains [+400/0] until end of turn.": two effects on the source card,
    # one after the other ("it" is that card only where it names the source card)
    if m.group("a").lower().endswith(" it") and not it_self:
        raise _GapError(f"effect: {m.group(0)}")
    first = _effects(_capitalise(m.group("a")) + ".", ctx, it_self=it_self)
    return first + _effects(f"This card gains {m.group('m')} until end of turn.", ctx, it_self=it_self)


@_effect_first(r"(?P<src>this card|it) deals (?P<n>\d+) damage to (?P<t>[^.]+?) for each (?P<c>[^.]+?)")
def _deal_per(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    if m.group("src").lower() == "it" and not it_self:
        raise _GapError(f"effect: {m.group(0).strip()}")
    theirs = re.fullmatch(r"(?P<w>.+?) that (?:he or she|they) controls?", m.group("c").strip(), re.IGNORECASE)
    if m.group("t").strip().lower() == "each player" and theirs:
        # "deals 300 damage to each player for each special magic stone that he or she controls":
        # each player's own count (FoW-5.5 10.6)
        per = {**_count(f"{theirs.group('w')} you control", ctx), "of_each_player": True}
        return [{"op": "deal_damage", "amount": int(m.group("n")), "target": {"kind": "each_player"}, "per": per}]
    player = {"your opponent": {"kind": "opponent"}, "you": {"kind": "you"}}.get(m.group("t").strip().lower())
    target = player or _target(m.group("t"), ctx)  # "deals 100 damage to your opponent for each ..."
    return [{"op": "deal_damage", "amount": int(m.group("n")), "target": target, "per": _count(m.group("c"), ctx)}]


@_effect_first(
    r"(?P<t>[^.]+?) gains? (?P<m>\[[+-]\d+/[+-]\d+\]) for each (?P<c>[^.]+?) until (?:the )?end of (?:the )?turn"
)
def _gains_per(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    assert target is not None
    atk, def_, _ = _modifiers(m.group("m"))
    return [{"op": "modify", "atk": atk, "def": def_, "target": target, "per": _count(m.group("c"), ctx)}]


_THEIR = r"(?:their|his or her|his of her|his)"  # "his of her", "his": misprints (TAT-072)


@_effect(
    r"shuffle all magic stones from your graveyard into your magic stone deck,? (?:then|and) "
    r"shuffle all other cards from your graveyard into your main deck"
)
def _reshuffle_your_graveyard(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Then shuffle all magic stones from your graveyard into your magic stone deck and shuffle all
    # other cards from your graveyard into your main deck." (FoW-5.5 3.1 p5, 10.20)
    return [{"op": "reshuffle_graveyard", "who": "you"}]


@_effect(
    r"(?P<who>target player|each player) (?P<d>discards their hand, )?"
    rf"shuffles all magic stones from {_THEIR} graveyard into {_THEIR} magic stone deck,? (?:then|and) "
    rf"shuffles all other cards from {_THEIR} graveyard into {_THEIR} main deck"
)
def _reshuffle_graveyard(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Target player shuffles all magic stones from their graveyard into their magic stone deck and
    # shuffles all other cards from their graveyard into their main deck." (FoW-5.5 3.1 p5, 10.20)
    out: list[JsonDict] = []
    if m.group("who").lower() == "target player":
        out.append({"op": "reshuffle_graveyard", "target": {"kind": "chosen", "players_only": True}})
    else:
        if m.group("d"):  # "Each player discards their hand, shuffles ...": the discard first (10.18 p2)
            out.append({"op": "discard", "who": "each", "whole_hand": True})
        out.append({"op": "reshuffle_graveyard", "who": "each"})
    return out


@_effect(r"(?P<t>[^.]+?) gains? (?P<m>\[[+-]\d+/[+-]\d+\]) as long as this card is rested")
def _gains_while_rested(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "[Activate] Pay {1} {Rest}: Resonators you control gain [+200/+200] as long as this card is rested.":
    # every object that matches while it lasts (9.9 p4), until this card recovers or leaves (9.9 p8)
    target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    if target is None or target["kind"] != "all" or ctx.type == "spell":
        raise _GapError(f"effect: {m.group(0).strip()}")
    atk, def_, _ = _modifiers(m.group("m"))
    return [{"op": "modify", "atk": atk, "def": def_, "target": target, "duration": "source_rested"}]


@_effect(r"(?P<t>[^.]+?) gains? (?P<m>\[[+-]\d+/[+-]\d+\])")
def _gains_no_duration(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "If it's a resonator, resonators you control gain [+300/+300]." with no duration, on an
    # ability of a card in a field: the effect applies as long as the ability is active (FoW-5.5
    # 9.1 p2.2), i.e. while that card stays in the field, to every object that matches, even those
    # that start to match later (9.9 p4). Only for "all X" (one object's would need its own end)
    # and not on a spell, whose ability is active only as it resolves
    target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    if target is None or target["kind"] != "all" or ctx.type == "spell":
        raise _GapError(f"effect: {m.group(0).strip()}")
    atk, def_, _ = _modifiers(m.group("m"))
    return [{"op": "modify", "atk": atk, "def": def_, "target": target, "duration": "source_in_field"}]


@_effect_first(
    r"(?P<t>(?:up to \w+ )?target [^.]+?) gains? (?P<m>\[[+-]\d+/[+-]\d+\]) for each (?P<c>(?:(?!\buntil\b)[^.])+?)"
)
def _gains_per_no_duration(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "When this card enters your field => Up to two target resonators gain [-300/-300] for each Drei
    # Stern you control." with no duration, on an ability of a card in a field: it applies as long as
    # the ability is active (FoW-5.5 9.1 p2.2), while that card stays in the field as the same object;
    # a target that leaves is a new object the effect no longer applies to (3.1 p3). Counted now.
    if ctx.type == "spell":
        raise _GapError(f"effect: {m.group(0).strip()}")
    target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    assert target is not None
    atk, def_, _ = _modifiers(m.group("m"))
    per = _count(m.group("c"), ctx)
    return [{"op": "modify", "atk": atk, "def": def_, "target": target, "duration": "source_in_field", "per": per}]


@_effect_first(
    r"(?:until end of turn, )?if (?P<who>your j-ruler) would deal damage(?P<turn> this turn)?, "
    r"it deals that much (?:\+ ?|plus )(?P<n>\d+) instead"
)
def _deal_more_all(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "{Rest}: If your J-Ruler would deal damage this turn, it deals that much +200 instead." (a
    # replacement effect for the turn, 9.10 p1): whichever J-ruler you control when damage would be dealt
    if not m.group("turn") and not m.group(0).lower().startswith("until end of turn"):
        raise _GapError(f"effect: {m.group(0).strip()} (no duration)")
    target = _subject(m.group("who"), ctx, continuous=False)
    assert target is not None
    return [{"op": "deal_more", "extra": int(m.group("n")), "target": target}]


@_effect_first(r"produce (?P<w>\{[WRUGB]\}) for each (?P<c>[^.]+?)")
def _produce_per(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "[Enter]: Produce {G} for each Musketeer resonator you control." (counted on resolution)
    return [{"op": "produce_will", "will": [m.group("w")[1]], "per": _count(m.group("c"), ctx)}]


@_effect_first(r"(?:you )?gain (?P<n>\d+) life for each (?P<c>[^.]+?)")
def _gain_life_per(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    return [{"op": "gain_life", "amount": int(m.group("n")), "who": "you", "per": _count(m.group("c"), ctx)}]


@_effect_first(r"draw cards equal to the number of (?P<c>[^.(]+?)")
def _draw_number(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    return [{"op": "draw", "count": 1, "who": "you", "per": _number_of(m.group("c"), ctx)}]


@_effect_first(r"(?P<src>this card|it) deals damage equal to its (?P<s>ATK|DEF) to (?P<t>[^.]+?)")
def _deal_equal(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    if (m.group("src").lower() == "it" and not it_self) or ctx.type not in ("resonator", "j_ruler"):
        raise _GapError(f"effect: {m.group(0).strip()}")  # "its" must be the source card, with an ATK
    target = _target(m.group("t"), ctx)
    return [{"op": "deal_damage", "amount": 0, "target": target, "equal_to": m.group("s").lower()}]


@_effect_first(
    r"this card deals damage to (?P<t>[^.]+?) equal to the (?P<s>ATK|DEF) of "
    r"(?:the )?resonator banished for its judgment"
)
def _deal_equal_banished(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "[Enter] This card deals damage to target resonator equal to the ATK of resonator banished for its
    # judgment." on a J-ruler whose [Judgment] banishes a resonator (7.5 p2): that card's ATK as it last
    # was in the field (9.11)
    if ctx.type != "j_ruler":
        raise _GapError(f"effect: {m.group(0).strip()}")
    target = _target(m.group("t"), ctx)
    stat = m.group("s").lower()
    return [{"op": "deal_damage", "amount": 0, "target": target, "equal_to": stat, "equal_to_of": "judgment_banished"}]


@_effect_first(r"(?P<a>target [^.]+?) deals damage equal to its (?P<s>ATK|DEF) to another (?P<b>target [^.]+?)")
def _target_deals_equal(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Target Vampire you control deals damage equal to its ATK to another target resonator.": the
    # first target deals the damage (FoW-5.5 10.6 p1); the second is not the first (9.3 p2.4)
    # "Target Vampire": a Vampire ruler in a ruler area is a legal target too (2.5 p4), without ATK
    by, target = _target(m.group("a"), ctx, playground=True), _target(m.group("b"), ctx)
    for t in (by, target):
        if t.get("kind") != "chosen" or set(t) - {"kind", "filter"}:
            raise _GapError(f"effect: {m.group(0).strip()}")
    stat = m.group("s").lower()
    damage = {"op": "deal_damage", "amount": 0, "target": {**target, "second": True}, "equal_to": stat}
    return [{**damage, "equal_to_of": "by", "by": by}]


@_effect_first(
    r"(?:then,? )?you gain life equal to half of that much damage(?:\.? ?\(rounded up to the nearest 100\.?\))?"
)
def _gain_half(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Then you gain life equal to half of that much damage. (Rounded up to the nearest 100.)" (the
    # reminder text is read off before): checked against the damage effect just before it, in _effects
    return [{"op": "gain_life", "amount": 0, "who": "you", "half_of_damage": True}]


@_effect_first(r"(?:you )?gain life equal to @same's (?P<s>ATK|DEF)")
def _gain_life_equal_its(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Destroy target resonator with total cost 3 or less. You gain life equal to its DEF.": "its" is
    # the previous effect's single target (read by last known information once destroyed, 9.11)
    return [{"op": "gain_life", "amount": 0, "who": "you", "equal_to": m.group("s").lower(), "of_same": True}]


@_effect_first(r"(?:you )?gain life equal to its (?P<s>ATK|DEF)")
def _gain_life_equal(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    if not it_self or ctx.type not in ("resonator", "j_ruler"):
        raise _GapError(f"effect: {m.group(0).strip()}")  # "its": the source card, before any other object
    return [{"op": "gain_life", "amount": 0, "who": "you", "equal_to": m.group("s").lower()}]


@_effect_first(  # before "... gains X until end of turn", which "cannot gain abilities" would match
    r"(?P<t>[^.]+?) loses? all abilities(?P<ng> and cannot gain abilities)? "
    r"(?:this turn|until (?:the )?end of (?:the )?turn|(?P<src>as long as this card is (?:in|on) a field))"
)
def _lose_abilities(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Target resonator you control loses all abilities until end of turn." (FoW-5.5 9.9 p1.2)
    target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    assert target is not None
    if target.get("filter", {}).get("types") == []:
        raise _GapError(f"target: {m.group('t')} (no card type: it may also be a ruler)")
    out: JsonDict = {"op": "lose_abilities", "target": target}
    if m.group("ng"):
        out["cannot_gain"] = True
    if m.group("src"):  # "... as long as this card is in a field": until its source leaves (9.1 p2.2)
        if ctx.type == "spell":  # a spell is never in a field
            raise _GapError(f"effect: {m.group(0).strip()}")
        out["duration"] = "source_in_field"
    return [out]


@_effect_first(
    r"(?P<t>[^.]+?) (?P<lose>loses? all abilities and )?becomes? (?:an? )?\[(?P<a>\d+)/(?P<d>\d+)\]"
    r" (?:this turn|until (?:the )?end of (?:the )?turn)"
)
def _set_stats(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Each resonator your opponent controls loses all abilities and becomes [0/200] until end of turn."
    # (FoW-5.5 9.9 p1.2; p1.4: its ATK and DEF become these values, in timestamp order with the other
    # changes of values, counters after them)
    target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    assert target is not None
    if target.get("filter", {}).get("types") == []:
        raise _GapError(f"target: {m.group('t')} (no card type: it may also be a ruler)")
    out: list[JsonDict] = [{"op": "lose_abilities", "target": copy.deepcopy(target)}] if m.group("lose") else []
    return [*out, {"op": "set_stats", "atk": int(m.group("a")), "def": int(m.group("d")), "target": target}]


@_effect_first(
    r"(?P<t>target resonator) and all other resonators with the same name gain (?P<m>\[[+-]\d+/[+-]\d+\])"
    r" until (?:the )?end of (?:the )?turn"
)
def _gains_same_name_too(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Target resonator and all other resonators with the same name gain [+300/+300] until end of turn."
    # (10.19 p3; the others: whatever shares a name with the target while the effect lasts, 2.2, 9.9 p4)
    atk, def_, _ = _modifiers(m.group("m"))
    target = _target(m.group("t"), ctx)
    return [{"op": "modify", "atk": atk, "def": def_, "target": target, "same_name_too": True}]


@_effect_first(r"(?P<t>target resonator)'s printed ATK becomes (?P<a>\d+) until (?:the )?end of (?:the )?turn")
def _set_printed_atk(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Target resonator's printed ATK becomes 0 until end of turn." (FoW-5.5 9.9 p1.1: the base
    # information every other change of values applies to)
    target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    return [{"op": "set_printed_atk", "atk": int(m.group("a")), "target": target}]


@_effect(r"(?P<t>@same) loses (?P<s>\[[^\]]+\](?:(?:,? and |, )\[[^\]]+\])*) until end of turn")
def _same_loses_skills(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "If it's a J-Ruler, it loses [Imperishable] until end of turn.": the previous effect's single
    # target loses the symbol skill (9.9 p1)
    return _lose_skills(m.group("s"), {"kind": "same"}, m.group(0))
