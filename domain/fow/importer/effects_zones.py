"""Effect sentences, second part: cards moving between zones (return, banish, discard, mill,
remove, graveyard, main deck, hand, standby), counters, life, costs paid less, restrictions,
recovery, will produced.

Registered after :mod:`domain.fow.importer.effects` (imported first for that)."""

from __future__ import annotations

import copy
import re

from domain.fow.importer import effects as _registered_before  # noqa: F401  (registry order: effects first)
from domain.fow.importer.conditions import _condition, _number_of
from domain.fow.importer.costs import _will_cost
from domain.fow.importer.records import JsonDict, _GapError
from domain.fow.importer.sentences import _effect
from domain.fow.importer.targets import _PLAYER_TARGETS, _bracketed_types, _selector, _single_chosen, _subject, _target
from domain.fow.importer.text import _SAME, NUM, _Ctx, _number


@_effect(r"return (?P<t>[^.]+?) to (?:its|it's|their) owners?'?s? hands?")  # "it's owners": a misprint (TTW-046)
def _return(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    that_many = " with total cost less than or equal to the number of cards discarded this way"
    if m.group("t").endswith(that_many):  # checked against the discard before it, in _effects
        target = _target(m.group("t")[: -len(that_many)], ctx)
        if target["kind"] != "all":
            raise _GapError(f"effect: {m.group(0).strip()}")
        return [{"op": "return_to_hand", "target": target, "max_total_cost_that_many": True}]
    return [{"op": "return_to_hand", "target": _target(m.group("t"), ctx)}]


@_effect(rf"put (?P<n>{NUM}) (?P<c>\[[+-]\d+/[+-]\d+\]|[+-]\d+/[+-]\d+|[a-z][a-z ]*?) counters? on (?P<t>[^.]+?)")
def _counter(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    name = m.group("c").strip("[]")
    target = _target(m.group("t"), ctx, it_self=it_self, playground=True)  # "on target Six Sages" (2.5 p4)
    out: JsonDict = {"op": "put_counter", "counter": name, "target": target}
    if _number(m.group("n")) != 1:
        out["count"] = _number(m.group("n"))
    return [out]


@_effect(r"put (?P<c>[a-z][a-z ]*?) counters equal to the number of (?P<n>[^.]+?) on this card")
def _counters_equal(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "put hope counters equal to the number of resonators you control on this card": as many as
    # the count on resolution (FoW-5.5 10.21 p1, 9.3 p3); none if it is zero
    per = _number_of(m.group("n"), ctx)
    return [{"op": "put_counter", "counter": m.group("c").strip(), "target": {"kind": "self"}, "per": per}]


@_effect(rf"remove (?:(?P<all>all)|(?P<n>{NUM})) (?P<c>[a-z][a-z ]*?) counters? (?:from|on) (?P<t>this card|it)")
def _remove_counter(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Remove a frozen counter from this card." / "Then remove all support counters from this card."
    if m.group("t").lower() == "it" and not it_self:
        raise _GapError(f"effect: {m.group(0).strip()}")
    out: JsonDict = {"op": "remove_counter", "counter": m.group("c").strip(), "target": {"kind": "self"}}
    if m.group("all"):
        out["all"] = True
    elif _number(m.group("n")) != 1:
        out["count"] = _number(m.group("n"))
    return [out]


@_effect(r"(?:you )?gain that much life")
def _gain_that_much_life(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    return [{"op": "gain_life", "amount": 0, "who": "you", "that_much": True}]


@_effect(r"(?:you )?gain (?P<n>\d+) life")
def _gain_life(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    return [{"op": "gain_life", "amount": int(m.group("n")), "who": "you"}]


@_effect(r"put (?P<t>your j-ruler|this card) into your ruler area, as a ruler")
def _j_ruler_to_ruler_area(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Choose one - Put your J-Ruler into your ruler area, as a ruler; or ..." (BFA-050), "{0}: Put this
    # card into your ruler area, as a ruler." on a J-ruler (TTW-063J): ruler side up in the ruler area
    # (FoW-5.5 3.8 p1)
    if m.group("t").lower() == "this card":
        if ctx.type != "j_ruler":
            raise _GapError(f"effect: {m.group(0)}")
        return [{"op": "put_into_ruler_area", "target": {"kind": "self"}}]
    return [
        {
            "op": "put_into_ruler_area",
            "target": {"kind": "all", "filter": {"zone": "field", "types": ["j_ruler"], "controller": "you"}},
        }
    ]


@_effect(r"banish this card and you lose (?P<n>\d+) life")
def _banish_self_and_lose_life(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "... banish this card and you lose 1000 life." (CMF-054): two effects, in order (10.10 p1, 1.5 p4)
    return [
        {"op": "banish", "target": {"kind": "self"}},
        {"op": "lose_life", "amount": int(m.group("n")), "who": "you"},
    ]


@_effect(r"(?P<who>your opponent loses|you lose|each player loses) (?P<n>\d+) life")
def _lose_life(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    who = {"your opponent loses": "opponent", "you lose": "you", "each player loses": "each"}[m.group("who").lower()]
    return [{"op": "lose_life", "amount": int(m.group("n")), "who": who}]


@_effect(
    rf"(?P<who>your opponent banish(?:es)?|each player banishes) (?P<n>{NUM}) (?P<d>[^.,]+?)"
    r"(?: (?:he or she|they) controls?)?"
)
def _banish(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Your opponent banishes a resonator." / "Each player banishes a non-Shadow resonator." (10.10);
    # "Your opponent banish a non-attacking resonator he or she controls": the same ("banish", a
    # misprint, TAT-076; a player banishes only what they control anyway, 10.10 p2)
    flt, players = _selector(m.group("d"), ctx)
    if players or set(flt) & {"controller", "other_than_self"}:
        raise _GapError(f"effect: {m.group(0).strip()}")
    flt["controller"] = "you"  # what the banishing player controls (10.10 p2)
    out: JsonDict = {"op": "banish", "filter": flt}
    if _number(m.group("n")) != 1:
        out["count"] = _number(m.group("n"))
    if m.group("who").lower() == "each player banishes":  # the controller first, then the opponent
        return [{**out, "who": "you"}, {**out, "who": "opponent"}]
    return [{**out, "who": "opponent"}]


@_effect(rf"banish (?P<n>{NUM}) of your (?P<d>[^.,]+?)")
def _banish_of_yours(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "You may banish three of your fire magic stones.": three that you control (FoW-5.5 10.10 p2)
    text = f"banish {m.group('n')} {m.group('d')} you control"
    again = re.fullmatch(rf"banish (?P<n>{NUM}) (?P<d>[^.,]+? you control)", text, re.IGNORECASE)
    assert again is not None
    return _banish_yours(again, ctx, it_self)


@_effect(rf"banish (?P<n>{NUM}|another) (?P<d>[^.,]+? you control)")
def _banish_yours(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Banish one magic stone you control." / "Banish a resonator you control.": the controller
    # chooses one of their own cards and puts it into their graveyard (FoW-5.5 10.10 p1, p2)
    other = m.group("n").lower() == "another"
    flt, players = _selector(m.group("d"), ctx)
    if players or flt.get("controller") != "you" or flt.get("other_than_self"):
        raise _GapError(f"effect: {m.group(0).strip()}")
    if other:
        flt["other_than_self"] = True
    out: JsonDict = {"op": "banish", "filter": flt, "who": "you"}
    if not other and _number(m.group("n")) != 1:
        out["count"] = _number(m.group("n"))
    return [out]


@_effect(rf"banish (?P<n>{NUM}|another) (?P<d>[^.,]+?)")
def _banish_implied_yours(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "You may banish another resonator. If you do, ...": without "you control", still one of
    # the controller's own cards - a player may not banish cards they don't control (FoW-5.5 10.10 p2)
    flt, players = _selector(m.group("d"), ctx)
    if players or set(flt) & {"controller", "other_than_self"} or flt.get("zone", "field") != "field":
        raise _GapError(f"effect: {m.group(0).strip()}")
    if not flt.get("types"):  # "banish a card": also a magic stone or a ruler? not in the grammar
        raise _GapError(f"effect: {m.group(0).strip()}")
    return _banish_own(m, flt)


def _banish_own(m: re.Match[str], flt: JsonDict) -> list[JsonDict]:
    flt["controller"] = "you"
    other = m.group("n").lower() == "another"
    if other:
        flt["other_than_self"] = True
    out: JsonDict = {"op": "banish", "filter": flt, "who": "you"}
    if not other and _number(m.group("n")) != 1:
        out["count"] = _number(m.group("n"))
    return [out]


@_effect(
    r"you may pay (?P<c>(?:\{[WRUGB0-9]\})+) less to play cards with the same name as the card you searched"
    r" until end of turn"
)
def _pay_less_same_name_as_searched(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "... you may pay {B}{B} less to play cards with the same name as the card you searched until end of
    # turn." (TAT-089): a cost decrease of playing those cards (9.3 p2.5) the player asks for as they play
    # one, made by the effect until end of turn (9.9); the names are those of the card found (2.2)
    less = _will_cost(m.group("c"), "cost")
    change: JsonDict = {"of": "spell", "who": "you", "optional": True, "same_name_as_found": True}
    change.update({"less_will": less} if less["attribute"] else {"less": less["free"]})
    return [{"op": "change_cost", "change": change}]


@_effect(
    r"(?P<who>your opponent|you) pays? \{(?P<n>[1-9]\d*)\} (?P<dir>more|less) to play \[judgment\] abilities"
    r"(?: of your ruler)? this turn"
)
def _change_cost(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Banish this card: You pay {1} less to play [Judgment] abilities of your ruler this turn." (9.3 p2.5):
    # only a ruler has a [Judgment] (7.5)
    who = "opponent" if m.group("who").lower() == "your opponent" else "you"
    key = "more" if m.group("dir").lower() == "more" else "less"
    return [{"op": "change_cost", "change": {"of": "judgment", "who": who, key: int(m.group("n"))}}]


@_effect(r"remove all damage (?:that was dealt to|from|on) (?P<t>[^.]+?)(?: this turn)?")
def _remove_damage(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Remove all damage that was dealt to target J-Ruler this turn." (FoW-5.5 10.6 p1, 5.4 p5.1)
    target = _target(m.group("t"), ctx, it_self=it_self)
    if target.get("kind") == "all" or target.get("filter", {}).get("types") == []:
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [{"op": "remove_damage", "target": target}]


@_effect(r"banish (?P<t>this card|this resonator|it|@same)")
def _banish_this(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Banish this card if you don't control another Elf." / "At the end of turn, banish it.": the
    # controller puts that object into its owner's graveyard if they control it (FoW-5.5 10.10)
    t = m.group("t").lower()
    if t == "it" and not it_self:
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [{"op": "banish", "target": {"kind": "same" if t == "@same" else "self"}}]


@_effect(
    r"(?P<eot0>until end of turn, )?(?:you )?gain control of (?P<t>target [^.]+?|@same)"
    r"(?:(?P<d> as long as this card is (?:in|on) a field)|(?P<eot> until (?:the )?end of (?:the )?turn))?"
)
def _gain_control(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Gain control of target resonator.": for the rest of the game (FoW-5.5 1.5 p3); "... as long
    # as this card is in a field": until it leaves (9.1 p2.2); "until end of turn": until 5.4 p5.2
    if m.group("t") == _SAME:  # "Recover target resonator. You gain control of it until end of turn."
        eot = m["eot"] or m["eot0"]
        return [{"op": "gain_control", "target": {"kind": "same"}, **({"duration": "end_of_turn"} if eot else {})}]
    target = _target(m.group("t"), ctx)
    if not _single_chosen(target):
        raise _GapError(f"effect: {m.group(0).strip()}")
    if target["filter"].get("types") == []:
        raise _GapError(f"target: {m.group('t')} (no card type: it may also be a ruler)")
    if m.group("d") and ctx.type == "spell":  # a spell is never in a field
        raise _GapError(f"effect: {m.group(0).strip()}")
    if m.group("eot0") and (m.group("d") or m.group("eot")):
        raise _GapError(f"effect: {m.group(0).strip()}")
    duration = "source_in_field" if m.group("d") else "end_of_turn" if m.group("eot") or m.group("eot0") else None
    return [{"op": "gain_control", "target": target, **({"duration": duration} if duration else {})}]


@_effect(r"if (?P<t>target \[[^.]+?\] spell) would deal damage, it deals that much (?:\+ ?|plus )(?P<n>\d+) instead")
def _spell_deals_more(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "If target [Spell:Chant] or [Spell:Chant-Instant] spell would deal damage, it deals that much +600
    # instead." (9.10 p1): a card being played in the chase area (3.13 p3); the effect lasts no longer than
    # that object (it is a new one once it resolves, 3.1 p3), within the turn
    flt = _bracketed_types(m.group("t")[len("target ") : -len(" spell")])
    if flt is None or flt["types"] != ["spell"]:
        raise _GapError(f"target: {m.group('t')}")
    target = {"kind": "chosen", "filter": {"zone": "chase", **flt}}
    return [{"op": "deal_more", "extra": int(m.group("n")), "target": target}]


@_effect(r"return this card to (?:its|is) ruler side")  # "is": a misprint (CMF-027J)
def _return_to_ruler_side(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "[Continuous]: At end of turn, return this card to is Ruler side." on a J-ruler (1.4 p1, 3.15 p2)
    if ctx.type != "j_ruler":
        raise _GapError(f"effect: {m.group(0)} (not on a J-ruler)")
    return [{"op": "return_to_ruler_side", "target": {"kind": "self"}}]


@_effect(
    r"(?P<tt>this turn, )?if (?P<t>target [^,.]+?) would deal damage(?(tt)| this turn), it deals that much "
    r"(?:\+ ?|plus )(?P<n>\d+) instead"
)
def _deal_more_effect(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "{Rest}: If target resonator would deal damage this turn, it deals that much +200 instead." (9.10 p1);
    # "{R}{Rest}: This turn, if target J/resonator would deal damage, it deals that much +200 instead." (TAT-099)
    return [{"op": "deal_more", "extra": int(m.group("n")), "target": _target(m.group("t"), ctx)}]


@_effect(
    rf"(?P<who>your opponent discards|you discard|discard|each player discards) (?P<n>{NUM}) cards?(?P<r> at random)?"
)
def _discard(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    who = {"your opponent discards": "opponent", "you discard": "you", "discard": "you", "each player discards": "each"}
    out: JsonDict = {"op": "discard", "count": _number(m.group("n")), "who": who[m.group("who").lower()]}
    if m.group("r"):  # "Your opponent discards a card at random" (picked by the recorded seed)
        out["at_random"] = True
    return [out]


@_effect(
    r"(?P<who>discard|you discard|your opponent discards|each player discards) "
    r"(?:your|their|his or her|all cards from (?:your|their|his or her)) hand"
)
def _discard_hand(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Discard your hand." / "Your opponent discards all cards from his or her hand." (FoW-5.5 10.18 p2)
    who = {"discard": "you", "you discard": "you", "your opponent discards": "opponent", "each player discards": "each"}
    return [{"op": "discard", "who": who[m.group("who").lower()], "whole_hand": True}]


@_effect(
    r"(?:then,? )?(?P<a>this card|@same|target [^.]+?) and (?P<b>target [^.]+?) "
    r"deal damage equal to their ATK to each other"
)
def _each_other(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Target J/resonator you control and target J/resonator your opponent controls deal damage
    # equal to their ATK to each other." / "Then that card and target ..." (FoW-5.5 10.6)
    first, other = m.group("a"), re.sub(r" your opponent control$", " your opponent controls", m.group("b"))
    targets = [_target(first, ctx), _target(other, ctx)]  # "control": a misprint of "controls" (TAT-024)
    for target in targets:
        if target["kind"] == "chosen" and (
            set(target) - {"kind", "filter"} or not set(target["filter"].get("types", [])) <= {"resonator", "j_ruler"}
        ):
            raise _GapError(f"effect: {m.group(0).strip()}")
    if targets[1]["kind"] != "chosen":
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [{"op": "fight", "target": targets[0], "other": targets[1]}]


@_effect(r"this and a (?P<b>J/resonator your opponent controls) deal damage equal to their ATK to each other")
def _each_other_chosen(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Whenever an evolution counter is placed on this card, this and a J/resonator your opponent
    # controls deal damage equal to their ATK to each other.": "a J/resonator" is no target; it is
    # chosen as the ability resolves (FoW-5.5 9.3 p3.2, 10.6)
    if ctx.type not in ("resonator", "j_ruler"):
        raise _GapError(f"effect: {m.group(0).strip()}")
    flt, players = _selector(m.group("b"), ctx)
    if players:
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [{"op": "fight", "target": {"kind": "self"}, "versus": flt}]


@_effect(r"put (?P<t>it|this card) into your field")
def _self_into_your_field(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Vell-Savarian Apparition (BFA-029): "When this card in your main deck is removed from the game, put it
    # into your field.": the card where it went, while it stays there (3.1 p3), put (not played, 9.6 p1.1)
    # into its owner's field - "you" is its owner, who controls the ability there (3.1 p5)
    if not ctx.own_move or (m.group("t").lower() == "it" and not it_self):
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [{"op": "put_into_field", "target": {"kind": "self"}, "owners_field": True}]


@_effect(r"put (?P<t>it|this card) into (?:its|it) owner'?s (?P<z>hand|field)")
def _self_back(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "When this card is put into a graveyard from your field, put it into its owner's hand." /
    # "... you may pay {R}{R}. If you do, put this card into its owner's field.": the card where it
    # went, while it stays there (a new object, FoW-5.5 3.1 p3); not played: no [Enter] (9.6 p1.1)
    if not ctx.own_move or (m.group("t").lower() == "it" and not it_self):
        raise _GapError(f"effect: {m.group(0).strip()}")
    if m.group("z").lower() == "hand":
        return [{"op": "return_to_hand", "target": {"kind": "self"}}]
    return [{"op": "put_into_field", "target": {"kind": "self"}, "owners_field": True}]


@_effect(r"shuffle (?P<t>it|this card) into its owner'?s main deck")
def _self_shuffled_in(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "When this card is put into a graveyard from a field, shuffle it into its owner's main deck.":
    # the card where it went, while it stays there (3.1 p3), put into the deck, then the deck
    # shuffled (3.1 p5, 10.20 p1)
    if not ctx.own_move or (m.group("t").lower() == "it" and not it_self):
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [{"op": "put_on_main_deck", "target": {"kind": "self"}, "position": "shuffled"}]


@_effect(r"put the top card of your main(?: deck)? on the bottom of your main deck")  # "your main on": a misprint
def _top_to_bottom(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "{Rest}: Put the top card of your main deck on the bottom of your main deck." (3.1 p5; nobody looks)
    return [{"op": "mill", "count": 1, "who": "you", "to": "bottom"}]


@_effect(
    r"search your (?P<deck>main|magic stone) deck for a card\.\s*then,? shuffle (?:the rest of )?your "
    r"(?P=deck) deck and put that card on top of (?:it|your (?P=deck) deck)"
)
def _search_to_top(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Search your main deck for a card. Then shuffle the rest of your main deck and put that card
    # on top of it." (FoW-5.5 10.13 p2, 10.20 p2.1): not revealed
    deck = "main_deck" if m.group("deck").lower() == "main" else "stone_deck"
    return [{"op": "search", "to": "top", **({"deck": deck} if deck != "main_deck" else {})}]


@_effect(
    r"search your magic stone deck for a card,? and put it into your magic stone area(?P<r> rested)?"
    r"\.\s*then,? shuffle your magic stone deck"
)
def _search_stone(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Search your magic stone deck for a card and put it into your magic stone area rested. Then
    # shuffle your magic stone deck." (FoW-5.5 10.13 p2, 10.20)
    out: JsonDict = {"op": "search", "to": "stone_area", "deck": "stone_deck"}
    if m.group("r"):
        out["rested"] = True
    return [out]


@_effect(r"this card deals X damage to (?P<t>target [^,.]+?),? where X is the damage it dealt this turn")
def _deal_what_it_dealt(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "This card deals X damage to target J/resonator, where X is the damage it dealt this turn.":
    # "it" is the target (this card, being played, has dealt none)
    target = _target(m.group("t"), ctx)
    if target["kind"] != "chosen" or set(target) != {"kind", "filter"}:
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [{"op": "deal_damage", "amount": 0, "target": target, "dealt_by_target": True}]


@_effect(r"(?:you )?gain life equal to the damage that was dealt to you this turn")
def _gain_life_dealt(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    return [{"op": "gain_life", "amount": 0, "who": "you", "dealt_to_you": True}]


@_effect(
    r"look at target (?P<who>opponent|player)'s hand and choose (?:a|an) (?P<d>[^.]+?)\.\s*"
    r"(?:they|he or she) discards? that card"
)
def _look_and_discard(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Look at target opponent's hand and choose a resonator. They discard that card." (10.13, 10.18)
    target = copy.deepcopy(_PLAYER_TARGETS[f"target {m.group('who').lower()}"])
    out: JsonDict = {"op": "discard", "count": 1, "target": target}
    if m.group("d").lower() != "card":
        flt, players = _selector(m.group("d"), ctx, zone="hand")
        if players or set(flt) & {"controller", "rested", "other_than_self"}:
            raise _GapError(f"target: {m.group('d')} (in a hand)")
        out["filter"] = flt
    return [out]


@_effect(r"(?P<v>rest|recover) (?P<t>[^.]+?)")
def _rest(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Recover all Fairies you control": a race without a card type names a ruler in the ruler area
    # too (FoW-5.5 2.5 p4), which is rested and recovered like any card in a playground (10.12 p1)
    some = re.fullmatch(rf"up to (?P<n>{NUM}) (?P<d>(?!target\b)[^.]+ you control)", m.group("t").strip(), re.I)
    if some and m.group("v").lower() == "recover":
        # "Recover up to two magic stones you control": no target, chosen as it resolves (9.3 p3.2)
        every = _subject(f"all {some.group('d')}", ctx, continuous=False)
        if every is None or every["kind"] != "all":
            raise _GapError(f"effect: {m.group(0).strip()}")
        return [{"op": "recover", "target": every, "up_to": _number(some.group("n"))}]
    target = _target(m.group("t"), ctx, it_self=it_self, playground=True)
    return [{"op": m.group("v").lower(), "target": target}]


@_effect(
    r"prevent the next damage (?P<t>it|this card) would be dealt (?:this turn|until (?:the )?end of (?:the )?turn)"
)
def _prevent_next_to_self(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Whenever this card blocks, prevent the next damage it would be dealt until end of turn."
    # (FoW-5.5 10.17 p1.2): "it" is this card, the one the ability triggers on
    if m.group("t").lower() == "it" and not it_self:
        raise _GapError(f"target: {m.group('t')}")
    return [{"op": "prevent_damage", "target": {"kind": "self"}, "next": True}]


@_effect(
    r"prevent (?:(?P<all>all) damage|the next (?:(?P<n>\d+) )?damage) "
    r"(?:that would be dealt (?P<dir>to|by)|(?P<from>from)) (?P<t>[^.]+?)"
    r"(?P<dur> this turn| until (?:the )?end of (?:the )?turn)?"
)
def _prevent(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Prevent all damage that would be dealt by target resonator until end of turn" / "Prevent the
    # next damage that would be dealt to target resonator this turn" (FoW-5.5 10.17)
    if not m.group("dur") and m.group("all"):
        raise _GapError(f"effect: {m.group(0).strip()}")  # all damage, for ever: a continuous ability
    # "target J-Ruler or Knight of the Round Table": a Knight ruler in a ruler area is a legal target
    # too (2.5 p4), which is never dealt damage (no DEF, 10.6 p4)
    out: JsonDict = {"op": "prevent_damage", "target": _target(m.group("t"), ctx, playground=True)}
    if m.group("n"):
        out["amount"] = int(m.group("n"))
    elif not m.group("all"):
        out["next"] = True
    if m.group("dir") == "by" or m.group("from"):
        out["by"] = True
    if not m.group("dur"):
        out["duration"] = "permanent"  # "the next damage": until it is prevented
    return [out]


_RESTRICTIONS = {
    "cannot attack or block": ["cannot_attack", "cannot_block"],
    "cannot attack": ["cannot_attack"],
    "cannot attack resonators": ["cannot_attack_resonators"],
    "cannot attack resonators you control": ["cannot_attack_resonators"],
    "cannot block": ["cannot_block"],
    "cannot be destroyed": ["cannot_be_destroyed"],
    "cannot be attacked": ["cannot_be_attacked"],
    "cannot be blocked": ["cannot_be_blocked"],
    "cannot be targeted by spells or abilities your opponent controls": ["cannot_be_targeted_by_opponent"],
    # "Target J/resonator cannot be targeted by normal spells your opponents control until end of turn" (TAT-092)
    "cannot be targeted by normal spells your opponents control": ["cannot_be_targeted_by_opponents_normal_spells"],
    "cannot be targeted by normal spells your opponent controls": ["cannot_be_targeted_by_opponents_normal_spells"],
    "cannot be targeted by spells or abilities": ["cannot_be_targeted"],
    "cannot be targeted by spells or abilites": ["cannot_be_targeted"],  # a misprint (CMF-010)
}
"""Rule overrides an effect gives objects until the end of the turn ("... cannot block this turn")."""
_RESTRICTION_RE = "|".join(re.escape(v) for v in sorted(_RESTRICTIONS, key=len, reverse=True))


@_effect(rf"(?P<t>[^.]+?) (?P<v>{_RESTRICTION_RE}) (?:this turn|until (?:the )?end of (?:the )?turn)")
def _restrict(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Target resonator cannot block this turn." / "Resonators you control cannot be destroyed until
    # end of turn.": a continuous effect changing a rule for its objects (FoW-5.5 1.4 p1, p4)
    phrase = m.group("t")
    if re.match(r"up to ", phrase, re.IGNORECASE):  # "Up to two target resonators cannot attack this turn"
        target: JsonDict | None = _target(phrase, ctx)
    else:
        target = _subject(phrase, ctx, continuous=False, it_self=it_self)
    assert target is not None
    if target.get("filter", {}).get("types") == []:
        raise _GapError(f"target: {m.group('t')} (no card type: it may also be a ruler)")
    if m.group("v").lower().endswith(" you control") and target.get("filter", {}).get("controller") != "opponent":
        # "Resonators your opponent controls cannot attack resonators you control": they attack only
        # what you control (FoW-5.5 8.2 p3.2), so it is "cannot attack resonators" - said of theirs only
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [{"op": "restrict", "target": target, "rules": list(_RESTRICTIONS[m.group("v").lower()])}]


@_effect(r"(?P<t>[^.]+?) cannot be blocked by (?P<b>[^.]+?) (?:this turn|until (?:the )?end of (?:the )?turn)")
def _restrict_blockers(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Target resonator cannot be blocked by water resonators until end of turn.": only such
    # J/resonators cannot block it (card text over the blocking rule, FoW-5.5 1.4 p1, 8.3 p3)
    target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    assert target is not None
    if target.get("filter", {}).get("types") == []:
        raise _GapError(f"target: {m.group('t')} (no card type: it may also be a ruler)")
    blockers, players = _selector(m.group("b"), ctx)
    if players or "controller" in blockers:
        raise _GapError(f"target: {m.group('b')}")
    return [{"op": "restrict", "target": target, "rules": ["cannot_be_blocked"], "blocked_by": blockers}]


_PLAYER_CANNOT_PLAY = {"normal spells": "cannot_play_normal_spells", "summon spells": "cannot_play_summon_spells"}
"""What a player may be forbidden to play: a resonator is played as a summon spell, any other card
as a normal spell (FoW-5.5 3.13 p3)."""


@_effect(
    r"(?P<t>target player|target opponent|your opponent|you) cannot play (?P<a>normal spells|summon spells)"
    r"(?: (?:and|or) (?P<b>normal spells|summon spells))? (?:this turn|until (?:the )?end of (?:the )?turn)"
)
def _player_cannot_play(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Target player cannot play normal spells and summon spells until end of turn.": a
    # prohibition on a player, beating any instruction to play such a card (FoW-5.5 1.4 p4)
    who = m.group("t").lower()
    target = {"your opponent": {"kind": "opponent"}, "you": {"kind": "you"}}.get(who) or _PLAYER_TARGETS[who]
    rules = [_PLAYER_CANNOT_PLAY[g.lower()] for g in (m.group("a"), m.group("b")) if g]
    return [{"op": "restrict", "target": dict(target), "rules": list(dict.fromkeys(rules))}]


@_effect(r"(?P<t>[^.]+?) must block this turn if able")
def _must_block(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Target resonator must block this turn if able." (card text over the blocking rules, 1.4 p1)
    target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    assert target is not None
    if target.get("filter", {}).get("types") == []:
        raise _GapError(f"target: {m.group('t')} (no card type: it may also be a ruler)")
    return [{"op": "restrict", "target": target, "rules": ["must_block_if_able"]}]


_NO_RECOVERY = {
    "doesn't recover during the recovery phase": "doesnt_recover_in_recovery_phase",
    "doesn't recover during recovery phase": "doesnt_recover_in_recovery_phase",
    "does not recover during the recovery phase": "doesnt_recover_in_recovery_phase",
    "don't recover during recovery phase": "doesnt_recover_in_recovery_phase",
    "don't recover during the recovery phase": "doesnt_recover_in_recovery_phase",
    "cannot recover during the recovery phase": "cannot_recover_in_recovery_phase",
    "cannot recover during recovery phase": "cannot_recover_in_recovery_phase",
}
"""The recovery phase's "recover all cards" (FoW-5.5 5.2 p5) left out, or prohibited altogether."""
_NO_RECOVERY_RE = "|".join(re.escape(v) for v in _NO_RECOVERY)


@_effect(rf"(?P<t>[^.]+?) (?P<v>{_NO_RECOVERY_RE}) as long as this card is (?:(?:on|in) a field|(?P<r>rested))")
def _no_recovery_while(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Rest target resonator. It doesn't recover during the recovery phase as long as this card is
    # on a field.": an effect lasting while its source stays in the field (FoW-5.5 9.1 p2.2, 9.9 p8)
    rule = _NO_RECOVERY[m.group("v").lower()]
    if rule != "doesnt_recover_in_recovery_phase":
        raise _GapError(f"effect: {m.group(0)}")
    target = _target(m.group("t"), ctx)
    if target.get("filter", {}).get("types") == []:
        raise _GapError(f"target: {m.group('t')} (no card type: it may also be a ruler)")
    if m.group("r") and ctx.type == "spell":  # "... as long as this card is rested": a card in a field (9.9 p8)
        raise _GapError(f"effect: {m.group(0)}")
    duration = "source_rested" if m.group("r") else "source_in_field"
    return [{"op": "restrict", "target": target, "rules": [rule], "duration": duration}]


@_effect(r"(?P<t>@same|it) cannot be recovered as long as this card is (?:on|in) a field")
def _cannot_be_recovered_while(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Rest target resonator. If it's a Demon, it cannot be recovered as long as this card is in a
    # field.": no recovery at all (10.12 p1, 1.4 p4) while the source stays in the field (9.9 p8)
    if m.group("t") != _SAME:
        raise _GapError(f"effect: {m.group(0)}")
    return [
        {"op": "restrict", "target": {"kind": "same"}, "rules": ["cannot_be_recovered"], "duration": "source_in_field"}
    ]


@_effect(r"@same (?:don't|doesn't|do not|does not) recover during (?:its|their) controller's next recovery phase")
def _no_next_recovery(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "They don't recover during their controller's next recovery phase." (5.2 p5, 1.4 p1); "@same" is
    # the placeholder (_SAME) of "They"/"It" naming the previous effect's target group
    rules = ["doesnt_recover_in_recovery_phase"]
    return [{"op": "restrict", "target": {"kind": "same"}, "rules": rules, "duration": "next_recovery_phase"}]


@_effect(r"remove all cards in your main deck from the game")
def _mill_all_removed(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Remove all cards in your main deck from the game." (face up: FoW-5.5 10.3 p1)
    return [{"op": "mill", "who": "you", "to": "removed", "all": True}]


@_effect(rf"remove (?:the )?top (?:(?P<n>{NUM}) cards|card) of your main deck from the game face down")
def _mill_removed_face_down(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "... remove top three cards of your main deck from the game face down. You may look at them at any
    # time." (TAT-014J): hidden from the other players, not from you, their owner (FoW-5.5 3.12 p2.1;
    # the second sentence is read by _removed_face_down_by_you, which drops ``unseen``); without it
    # nobody may see them, their owner neither (``unseen``, 3.12 p2.1, 3.2 p2)
    count = _number(m.group("n")) if m.group("n") else 1
    return [{"op": "mill", "count": count, "who": "you", "to": "removed", "face_down": True, "unseen": True}]


@_effect(rf"remove the top (?:(?P<n>{NUM}) cards|card) of your main deck from the game")
def _mill_removed(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Remove the top card of your main deck from the game." (face up: FoW-5.5 10.3 p1)
    return [{"op": "mill", "count": _number(m.group("n")) if m.group("n") else 1, "who": "you", "to": "removed"}]


@_effect(rf"remove (?P<n>{NUM}) cards? in your hand from the game")
def _remove_from_hand(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "You may remove a card in your hand from the game. If you do, draw a card.": chosen from the
    # hand as the effect resolves (FoW-5.5 10.13 p2), removed face up (10.3 p1)
    return [{"op": "remove_from_game", "from_hand": _number(m.group("n"))}]


@_effect(rf"remove (?P<u>up to )?(?P<n>{NUM}) cards? in your graveyard from the game")
def _remove_from_graveyard(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "you may remove up to two cards in your graveyard from the game. If you do, ...": chosen in the
    # graveyard (a public zone) as the effect resolves (FoW-5.5 10.13 p1), removed face up (10.3 p1)
    out: JsonDict = {"op": "remove_from_game", "from_graveyard": _number(m.group("n"))}
    if m.group("u"):
        out["up_to"] = True
    return [out]


@_effect(r"remove the top card of your main deck from the game face down\.\s*you may look at that card at any time")
def _mill_face_down(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Pandora's Box of Hope (MOA-007): "... remove the top card of your main deck from the game face down.
    # You may look at that card at any time.": hidden but to its owner, who removed it (3.12 p2.1)
    return [{"op": "mill", "count": 1, "who": "you", "to": "removed", "face_down": True}]


@_effect(
    r"put an? (?P<w>resonator|resonator or \[addition:field\]) card removed by this card into your field"
    r"(?P<r> rested)?"
)
def _put_removed_by_this(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Pandora's Box of Hope (MOA-007): "Banish this card: Put a resonator or [Addition:Field] card removed by
    # this card into your field rested.": one card this card removed, chosen as it resolves (10.13), put into
    # your field (not played: no [Enter], 9.6 p1.1), rested (10.12 p1)
    flt: JsonDict = {"zone": "removed", "types": ["resonator"], "removed_by_source": True}
    if "addition" in m.group("w").lower():
        addition = {"zone": "removed", "types": ["addition"], "subtypes": ["field"], "removed_by_source": True}
        flt = {"zone": "removed", "types": [], "any_of": [flt, addition]}
    put: JsonDict = {"op": "put_into_field", "chosen_from": flt}
    if m.group("r"):
        put["rested"] = True
    return [put]


@_effect(r"put a token copy of (?P<t>[^.]+?) into (?:the|your) field(?P<r> rested)?")
def _put_token_copy(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Shadow of Lapis (LEL-038): "Banish this card: Put a token copy of target resonator token you control
    # into your field.": a pseudo-card with the target's copiable information and choices (FoW-5.5 10.16 p1,
    # p1.1, p1.3) put into your field.  Only a copy that can be in a field alone: "target addition" (which
    # may need a card to be added to, 7.2 p4) and "resonator token copy of its J-ruler side" are not read.
    target = _target(m.group("t"), ctx)
    if target.get("kind") == "self" and ctx.type != "resonator":
        raise _GapError(f"effect: {m.group(0).strip()}")
    if target.get("kind") != "self" and (not _single_chosen(target) or target["filter"].get("types") != ["resonator"]):
        raise _GapError(f"effect: {m.group(0).strip()}")
    put: JsonDict = {"op": "put_token_copy", "target": target}
    if m.group("r"):
        put["rested"] = True
    return [put]


@_effect(r"that token'?s controller banishes (?:it|@same)")
def _token_controller_banishes(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Fayli, Genius Rip-Off Artist (ABC-RG-016): "... Put a token copy of another target resonator you
    # control into the field. At the next end of turn >>> That token's controller banishes it.": the copy
    # the effect before made (10.16 p1.1), banished by whoever controls it then (10.10 p1) (the record ends
    # the paragraph with a stray closing curly quote, which ``_DELAYED`` reads as the end of the sentence)
    return [{"op": "banish", "target": {"kind": "same"}, "by_controller": True}]


@_effect(
    r"this card becomes a copy of (?P<t>target [^.,]+?)"
    r"(?P<e>, except it doesn'?t become a j-ruler and it'?s still a resonator)?"
)
def _become_copy(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Rebellious Soul, Ayu (TSW-074): "{Rest}: This card becomes a copy of target J-Ruler your opponent
    # controls, except it doesn't become a J-Ruler and it's still a resonator.": a continuous effect
    # changing information (FoW-5.5 10.16 p2), with the card type the exception keeps
    target = _target(m.group("t"), ctx)
    if not _single_chosen(target):
        raise _GapError(f"effect: {m.group(0).strip()}")
    became: JsonDict = {"op": "become_copy", "target": target}
    if m.group("e"):
        if ctx.type != "resonator":
            raise _GapError(f"effect: {m.group(0).strip()}")
        became["except_type"] = "resonator"
    return [became]


@_effect(r"banish the (?P<w>resonator|card) put into your field by this card")
def _banish_put_by_this(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Book of Eibon (MOA-042): "When this card enters field, put target resonator from a graveyard into your
    # field.  When this card leaves your field, banish the resonator put into your field by this card.": the
    # card this card's ability put there, while it stays that object (3.1 p3), this card read as it last
    # was in the field (9.11); you banish it only if you control it (10.10 p2)
    types = ["resonator"] if m.group("w").lower() == "resonator" else []
    flt = {"zone": "field", "types": types, "put_by_source": True}
    return [{"op": "banish", "target": {"kind": "all", "filter": flt}}]


@_effect(r"put those removed cards into their owner'?s'? hands?")
def _return_those_removed(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Izanagi, Keeper of the Seal (TMS-005): "When this card enters your field, you may remove up to three
    # target resonators and/or regalia ... from the game.  When this card leaves your field for a non-field
    # zone, put those removed cards into their owner's hands.": the cards this card removed, while they
    # stay the objects they became (3.1 p3), this card read as it last was in the field (9.11)
    flt = {"zone": "removed", "types": [], "removed_by_source": True}
    return [{"op": "return_to_hand", "target": {"kind": "all", "filter": flt}}]


@_effect(r"(?:return|put) all (?P<w>resonators|cards) removed from the game by this card into your field")
def _return_removed_by_this(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Cottage of Cakes (CMF-062): "[Activate] Pay {G},{Rest}, banish this card: Return all resonators
    # removed from the game by this card into your field.": the cards this card's abilities removed, as
    # the objects they became (3.1 p3, 10.3), put into your field (not played: no [Enter], 9.6 p1.1)
    types = ["resonator"] if m.group("w").lower() == "resonators" else []
    flt = {"zone": "removed", "types": types, "removed_by_source": True}
    return [{"op": "put_into_field", "target": {"kind": "all", "filter": flt}}]


@_effect(r"remove (?P<t>target [^,.]+?) from the game, then put it into its owner'?s field")
def _remove_and_return(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "remove target resonator from the game, then put it into its owner's field" (CMF-004): the card
    # removed, as the object it became in the removed area (10.3 p1, 3.1 p3), put into its owner's field
    # (not played: no [Enter], 9.6 p1.1)
    target = _target(m.group("t"), ctx)
    if not _single_chosen(target):
        raise _GapError(f"effect: {m.group(0).strip()}")
    back = {"op": "put_into_field", "target": {"kind": "same"}, "owners_field": True}
    return [{"op": "remove_from_game", "target": target}, back]


@_effect(r"remove (?P<t>[^.]+?) from the game")
def _remove(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    grave = re.fullmatch(r"target (?P<d>.+) in (?P<whose>a|your|your opponent's) graveyard", m.group("t"))
    if grave:  # "Remove target card in a graveyard from the game"
        flt, players = _selector(grave.group("d"), ctx, zone="graveyard")
        if players or "controller" in flt:
            raise _GapError(f"target: {m.group('t')}")
        whose = {"a": "any", "your": "you", "your opponent's": "opponent"}[grave.group("whose")]
        if whose != "any":
            flt["controller"] = whose  # in a graveyard the controller is the owner (3.1 p5)
        return [{"op": "remove_from_game", "target": {"kind": "chosen", "filter": flt}}]
    whole = re.fullmatch(r"all cards in target player's graveyard", m.group("t").strip(), re.IGNORECASE)
    if whole:  # "Remove all cards in target player's graveyard from the game" (10.3 p1)
        target = {"kind": "chosen", "players_only": True}
        return [{"op": "remove_from_game", "target": target, "whole_graveyard": True}]
    both = re.fullmatch(r"this card and (?P<t>target .+)", m.group("t").strip(), re.IGNORECASE)
    if both:  # "Remove this card and target resonator from the game": one effect on each (10.3 p1);
        # an illegal target leaves the effect on this card applied (9.3 p3.1)
        return [{"op": "remove_from_game", "target": t} for t in ({"kind": "self"}, _target(both.group("t"), ctx))]
    return [{"op": "remove_from_game", "target": _target(m.group("t"), ctx)}]


@_effect(r"put this card from (?:your|its owner'?s) graveyard into your (?P<to>hand|field)")
def _self_from_graveyard(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "When this card is put into a graveyard from your field, you may discard a card. If you do,
    # put this card from your graveyard into your hand." / "When this card is destroyed, ... If you do,
    # put this card from its owner's graveyard into your field.": the card in the graveyard, only while it
    # stays the object it was as the ability was played (FoW-5.5 3.1 p3); into the field it is
    # put, not played: no [Enter] (9.6 p1.1)
    target = {"kind": "self", "filter": {"zone": "graveyard", "types": []}}
    if m.group("to").lower() == "hand":
        return [{"op": "return_to_hand", "target": target}]
    return [{"op": "put_into_field", "target": target}]


@_effect(r"put (?P<l>up to one target card named \".+\") from your graveyard into your hand")
def _named_from_graveyard(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Put up to one target card named "Card Soldier "Spade"", up to one target card named "Card
    # Soldier "Club"", ... and up to one target card named "Card Soldier "Heart"" from your graveyard
    # into your hand.": one target group per name, each chosen as the ability is played (FoW-5.5 9.3
    # p2.4, zero or one each), one effect per group (10.3 p1)
    parts = re.split(r",? (?:and )?(?=up to one target card named )", m.group("l"))
    out: list[JsonDict] = []
    for part in parts:
        named = re.fullmatch(r'up to one target card named "(?P<n>.+)"', part.strip(), re.IGNORECASE)
        if named is None:
            raise _GapError(f"effect: {m.group(0).strip()}")
        flt: JsonDict = {"zone": "graveyard", "types": [], "controller": "you", "name": named.group("n")}
        out.append({"op": "return_to_hand", "target": {"kind": "chosen", "filter": flt, "up_to": True}})
    return out


@_effect(r"put that (?P<s>resonator|j/resonator|card) from its owner's graveyard into (?:his or her|their) hand")
def _that_from_graveyard(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "When a resonator is put into a graveyard from your field, you may banish this card. If you do,
    # put that resonator from its owner's graveyard into his or her hand." (MPR-038): the card the
    # trigger condition named, where it went, only while it stays there (a new object, FoW-5.5 3.1 p3;
    # a card goes to its owner's graveyard and hand, 3.1 p5)
    if ctx.subject is None or m.group("s").lower() != ctx.subject.lower():
        raise _GapError(f"effect: {m.group(0)}")
    return [{"op": "return_to_hand", "target": {"kind": "that", "filter": {"zone": "graveyard", "types": []}}}]


@_effect(r"put (?P<t>(?:\w+ )?target [^.]+?) from your graveyard into your hand")
def _from_graveyard(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    target = _target(m.group("t"), ctx, zone="graveyard")
    if target["filter"].get("controller") not in (None, "you"):
        raise _GapError(f"target: {m.group('t')} from your graveyard")
    target["filter"]["controller"] = "you"  # in a graveyard the controller is the owner (3.1 p5)
    return [{"op": "return_to_hand", "target": target}]


@_effect(
    r"put (?:a|an) (?P<d>[^.]+?) from your (?P<z>graveyard) into your field(?P<r> rested)?"
    r"(?P<enter>\.\s*this triggers its \[Enter\] ability)?"
)
def _chosen_into_field(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Put a Vampire resonator from your graveyard into your field. This triggers its [Enter] ability."
    # Not a target: the card is chosen as the effect resolves (FoW-5.5 10.13 p1); from the hand
    # it is ``put_from_hand`` (below)
    zone = m.group("z").lower()
    flt, players = _selector(m.group("d"), ctx, zone=zone)
    if players or set(flt) & {"controller", "rested", "other_than_self", "dealt_damage"}:
        raise _GapError(f"effect: put {m.group('d')} from your {zone} into your field")
    flt["controller"] = "you"
    out: JsonDict = {"op": "put_into_field", "chosen_from": flt}
    if m.group("r"):
        out["rested"] = True
    if m.group("enter"):
        out["triggers_enter"] = True
    return [out]


@_effect(r"put any number of cards from your removed area into your graveyard")
def _removed_to_graveyard(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Then, you may put any number of cards from your removed area into your graveyard." (3.12, 10.13 p1)
    return [{"op": "put_from_removed", "filter": {"zone": "removed", "types": []}, "to": "graveyard"}]


@_effect(r"put (?P<t>(?:\w+ )?target [^.]+?) from your removed area into your hand")
def _from_removed_area(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Put target card from your removed area into your hand." (FoW-5.5 3.12)
    target = _target(m.group("t"), ctx, zone="removed")
    if target.get("kind") != "chosen" or target["filter"].get("controller") not in (None, "you"):
        raise _GapError(f"target: {m.group('t')} from your removed area")
    target["filter"]["controller"] = "you"  # the owner's removed area (3.1 p5)
    return [{"op": "return_to_hand", "target": target}]


@_effect(
    r"put (?P<t>(?:up to \w+ |\w+ )?target [^.]+?) from (?P<g>your|a) graveyard into your (?P<z>field|magic stone area)"
    r"(?P<r> rested)?"
)
def _graveyard_to_field(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Put target resonator with total cost 2 or less from your graveyard into your field rested." /
    # "Put up to one target [Addition: Field] and up to one target resonator from your graveyard into
    # your field.": one target group each, one effect each (FoW-5.5 9.3 p2.4)
    phrases = re.split(r" and (?=(?:up to \w+ )?target )", m.group("t"))
    stones = m.group("z").lower() == "magic stone area"
    out: list[JsonDict] = []
    for phrase in phrases:
        target = _target(phrase, ctx, zone="graveyard")
        if target.get("kind") != "chosen" or target["filter"].get("controller") not in (None, "you"):
            raise _GapError(f"target: {phrase} from your graveyard")
        if stones != (target["filter"].get("types") == ["magic_stone"]):
            raise _GapError(f"effect: {m.group(0).strip()}")  # a magic stone goes to the magic stone area only
        target["filter"]["controller"] = "you"  # in a graveyard the controller is the owner (3.1 p5)
        if m.group("g").lower() == "a":  # "from a graveyard": any player's
            target["filter"]["controller"] = "any"
        put: JsonDict = {"op": "put_into_field", "target": target}
        if stones:  # "... into your magic stone area" (3.7)
            put["zone"] = "stone_area"
        if m.group("r"):
            put["rested"] = True
        out.append(put)
    return out


@_effect(
    r"choose (?P<t>target [^.]+?) from a graveyard that was put into that zone from a field this turn "
    r"and put it into (?:its|it) owner'?s field"  # "it owner's field": a misprint of "its"
)
def _back_to_field(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    target = _target(m.group("t"), ctx, zone="graveyard")
    if target.get("kind") != "chosen" or "controller" in target["filter"]:
        raise _GapError(f"target: {m.group('t')} from a graveyard")
    target["filter"]["from_field_this_turn"] = True
    return [{"op": "put_into_field", "target": target, "owners_field": True}]


@_effect(r"put it on (?P<p>top|the bottom) of its owner'?s main deck")
def _moved_self_on_main_deck(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "When this card is put into a graveyard from your field, put it on the bottom of its owner's main
    # deck.": the card in the graveyard, while it stays the object it became there (FoW-5.5 3.1 p3, p5)
    if not ctx.own_move or not it_self:
        raise _GapError(f"effect: {m.group(0).strip()}")
    target = {"kind": "self", "filter": {"zone": "graveyard", "types": []}}
    out: JsonDict = {"op": "put_on_main_deck", "target": target}
    if m.group("p").lower() != "top":
        out["position"] = "bottom"
    return [out]


@_effect(r"put this card on (?P<p>top|the bottom) of your main deck")
def _self_on_main_deck(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "{U}{U}{U}, {Rest}: Put this card on top of your main deck." (FoW-5.5 3.1 p5): the card in
    # the field; once it has left the field it is a new object and stays where it is (3.1 p3)
    out: JsonDict = {"op": "put_on_main_deck", "target": {"kind": "self"}}
    if m.group("p").lower() != "top":
        out["position"] = "bottom"
    return [out]


@_effect(
    r"put (?P<t>(?:up to \w+ )?(?:\w+ )?target [^.]+?|that \w+)"
    r" on (?P<p>top|the bottom) of (?:its|their) owners?'s? main decks?"
)
def _on_main_deck(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    out: JsonDict = {"op": "put_on_main_deck", "target": _target(m.group("t"), ctx)}
    if m.group("p").lower() != "top":
        out["position"] = "bottom"
    return [out]


@_effect(r"put any number of cards from your hand on (?P<p>top|the bottom) of your main deck(?: in any order)?")
def _any_from_hand_on_main_deck(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Put any number of cards from your hand on the bottom of your main deck in any order" (3.1 p4, 10.13 p2)
    position = "top" if m.group("p").lower() == "top" else "bottom"
    return [{"op": "put_on_main_deck", "any_number": True, "position": position}]


@_effect(r"draw that many cards plus one")
def _draw_that_many(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "..., then draw that many cards plus one": one more than the cards just put from the hand
    return [{"op": "draw", "count": 1, "who": "you", "that_many": True}]


@_effect(rf"put (?P<n>{NUM}) cards? from your hand on (?P<p>top|the bottom) of your main deck(?: in any order)?")
def _hand_on_main_deck(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Then put two cards from your hand on top of your main deck in any order." (FoW-5.5 3.1 p4)
    out: JsonDict = {"op": "put_on_main_deck", "from_hand": _number(m.group("n"))}
    if m.group("p").lower() != "top":
        out["position"] = "bottom"
    return [out]


@_effect(r"add (?:a|an|one) (?P<d>[^.]+?) from your hand to this card")
def _add_from_hand(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "[You may] add an [Addition:J/Resonator] from your hand to this card." (FoW-5.5 10.1)
    desc = m.group("d").strip()
    named = re.fullmatch(r'card named "([^"]+)"', desc, re.IGNORECASE)
    if named:  # "a card named "Ame-no-Habakiri"": only an addition can be added (10.1 p2)
        flt: JsonDict = {"zone": "hand", "types": ["addition"], "name": named.group(1)}
    else:
        flt = _bracketed_types(desc) or {}
        if flt.get("types") != ["addition"] or set(flt) - {"types", "subtypes"}:
            raise _GapError(f"effect: add {desc} from your hand to this card")
        flt = {"zone": "hand", **flt}
    if ctx.type not in ("resonator", "j_ruler"):
        raise _GapError(f"effect: add {desc} from your hand to this card")
    return [{"op": "put_from_hand", "filter": flt, "to_this_card": True}]


@_effect(
    rf"pu[ty] (?:(?P<n>a|an|one)|up to (?P<upto>{NUM})) cards? from your hand into your chant-standby area face down"
)
def _put_from_hand_into_standby(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "[You may] put a card from your hand into your chant-standby area face down" (BFA-095J; "puy up to
    # two cards", SKL-077J, a misprint): any card, face down, not by the {2} action (FoW-5.5 3.11, 7.6)
    out: JsonDict = {"op": "put_from_hand", "to_standby": True}
    if m.group("upto") and _number(m.group("upto")) != 1:
        out["count"] = _number(m.group("upto"))
    return [out]


@_effect(rf"put the top (?:(?P<n>{NUM}) cards|card) of your main deck into your chant-standby area face down")
def _mill_into_standby(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "put the top four cards of your main deck into your chant-standby area face down" (3.11 p1, p2)
    return [{"op": "mill", "count": _number(m.group("n")) if m.group("n") else 1, "who": "you", "to": "standby"}]


@_effect(rf"put (?:(?P<n>a|an|one)|up to (?P<upto>{NUM})) (?P<d>[^.]+?) from your hand into your field")
def _put_from_hand(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "[You may] put a water resonator with total cost 2 or less from your hand into your field."
    desc = m.group("d").strip()
    same = re.fullmatch(r"(?P<d>.+?) with the same total cost", desc, re.IGNORECASE)
    if same:  # "... you may put a resonator with the same total cost ...": as the card's target (LKI, 9.11)
        desc = same.group("d")
    desc = re.sub(r"\bCard(s?)$", r"card\1", desc)  # "a nonspell Fantasy Card": a misprinted capital
    flt, players = _selector(desc, ctx, zone="hand", loose=True)
    if players or set(flt) & {"controller", "rested", "other_than_self", "attacking", "blocking"}:
        raise _GapError(f"effect: put {desc} from your hand into your field")
    out: JsonDict = {"op": "put_from_hand", "filter": flt}
    if same:
        out["same_total_cost"] = True
    if m.group("upto") and _number(m.group("upto")) != 1:
        out["count"] = _number(m.group("upto"))
    return [out]


@_effect(r"you may pay \[awakening\] costs (?P<c>(?:\{[^{}]+\})+) less this turn")
def _pay_less_awakening(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "You may pay [Awakening] costs {M} less this turn.": a continuous effect for the turn on its
    # controller's [Awakening] costs, applied when they ask as they play a card awakened (12.1 p1, 9.3 p2.5)
    return [{"op": "pay_less", "of": "awakening", "less": _will_cost(m.group("c"), f"effect: {m.group(0)}")}]


@_effect(
    r"as long as (?P<cond>your j-ruler is \"[^\"]+\"), you may pay (?P<c>(?:\{[^{}]+\})+) less to play "
    r"its god's art abilities this turn"
)
def _pay_less_gods_art(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "As long as your J-Ruler is "Dark Alice, Maiden of Slaughter", you may pay {B}{B} less to play its
    # God's Art abilities this turn.": "its" is that J-ruler; the condition is part of the continuous
    # effect, checked as each God's Art is played (FoW-5.5 9.9 p4, 9.3 p2.5)
    less = _will_cost(m.group("c"), f"effect: {m.group(0)}")
    return [{"op": "pay_less", "of": "gods_art", "less": less, "condition": _condition(m.group("cond"), ctx)}]


@_effect(rf"put the top (?:(?P<n>{NUM}) cards|card) of your main deck into your graveyard")
def _mill(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    return [{"op": "mill", "count": _number(m.group("n")) if m.group("n") else 1, "who": "you"}]


@_effect(
    r"put the top card of your main deck and the top card of your opponent's main deck "
    r"into their owners?'s? graveyards?"
)
def _mill_both(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Laplacia, the Demon of Fate (TAT-082): "... Put the top card of your main deck and the top card of your
    # opponent's main deck into their owner's graveyard." (3.1 p5: each card into its owner's graveyard)
    return [{"op": "mill", "count": 1, "who": "each"}]


@_effect(rf"put the top (?:(?P<n>{NUM}) cards|card) from your magic stone deck into your graveyard")
def _mill_stones(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "At the beginning of your main phase, put the top three cards from your magic stone deck into your
    # graveyard." (CMF-054): as many as there are (1.4 p2, 3.1 p5)
    return [{"op": "mill", "count": _number(m.group("n")) if m.group("n") else 1, "who": "you", "deck": "stone"}]


@_effect(r"put the top card of your magic stone deck into your magic stone area(?P<r> rested)?")
def _put_stone(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    return [{"op": "put_stone", "who": "you", **({"rested": True} if m.group("r") else {})}]


@_effect(
    r"your opponent puts the top card of (?:his or her|their) magic stone deck "
    r"into (?:his or her|their) magic stone area"
)
def _opponent_puts_stone(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    return [{"op": "put_stone", "who": "opponent"}]  # into the area of the deck's owner (3.7)


@_effect(r"produce (?P<w>[^.]+?)")
def _produce(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    text = m.group("w").strip()
    if text.lower() == "one will of any attribute":
        return [{"op": "produce_will", "any_of": ["W", "R", "U", "G", "B"]}]
    if text.lower() == "one will of any attribute that a magic stone you control could produce":
        return [{"op": "produce_will", "like_stones": True}]
    several = re.fullmatch(rf"(?P<n>{NUM}) wills in any combination of attributes", text, re.IGNORECASE)
    if several and _number(several.group("n")) > 1:  # each of the five attributes, any of them again (9.7 p1)
        return [{"op": "produce_will", "any_of": ["W", "R", "U", "G", "B"], "any_count": _number(several.group("n"))}]
    both = re.fullmatch(r"(\{[WRUGB]\})\s+and\s+(\{[WRUGB]\})", text)
    if both:
        return [{"op": "produce_will", "will": [both.group(1)[1], both.group(2)[1]]}]
    alternatives = re.split(r"\s*,\s*or\s+|\s*,\s*|\s+or\s+", text)
    if len(alternatives) > 1:
        # "{M} or {B}": one will with the moon characteristic or one darkness will (9.7 p7)
        if not all(re.fullmatch(r"\{[WRUGBM]\}", a) for a in alternatives):
            raise _GapError(f"effect: produce {text}")
        return [{"op": "produce_will", "any_of": [a[1] for a in alternatives]}]
    cost = _will_cost(text, "effect: produce")
    will = [a for a in "WRUGBM" for _ in range(cost["attribute"].get(a, 0))] + ["V"] * cost["free"]
    if not will:
        raise _GapError(f"effect: produce {text}")
    return [{"op": "produce_will", "will": will}]
