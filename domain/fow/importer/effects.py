"""Effect sentences, first part: draw, damage, destroy, abilities and stats gained, races and
attributes, search, reveal and look, cancel.

:func:`_gains_abilities` reads granted abilities with the ability grammar
(``abilities``/``keywords``), which itself reads effects: that mutual recursion is broken
by a late import inside that one function."""

from __future__ import annotations

import re

from domain.fow.importer.conditions import _names
from domain.fow.importer.costs import _will_cost
from domain.fow.importer.records import JsonDict, _GapError
from domain.fow.importer.sentences import _effect, _effects, _pauses
from domain.fow.importer.targets import _modifiers, _selector, _single_chosen, _subject, _target
from domain.fow.importer.text import (
    _ALL_CARD_TYPES,
    _SAME,
    _STONE_TYPE_OF,
    ATTRIBUTE_WORDS,
    NUM,
    SYMBOL_SKILLS,
    _capitalise,
    _clean,
    _Ctx,
    _number,
)


@_effect(r"(?:you )?draw a card, (?P<put>put a card from your hand on the bottom of your main deck)")
def _draw_put_bottom(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "draw a card, put a card from your hand on the bottom of your main deck" (TTW-063): two effects in
    # that order, as if the comma were a full stop
    return [{"op": "draw", "count": 1, "who": "you"}, *_effects(_capitalise(m.group("put")) + ".", ctx)]


@_effect(rf"(?:you )?draw (?P<n>{NUM}) cards?, then discards? (?P<m>{NUM}) cards?")
def _draw_discard(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    return [
        {"op": "draw", "count": _number(m.group("n")), "who": "you"},
        {"op": "discard", "count": _number(m.group("m")), "who": "you"},
    ]


@_effect(rf"(?P<who>you |each player |your opponent )?draws? (?P<n>{NUM}) cards?")
def _draw(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    who = (m.group("who") or "you").strip().lower()
    verb_s = m.group(0).lower().split("draw")[1].startswith("s")
    if (who in ("each player", "your opponent")) != verb_s:
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [
        {
            "op": "draw",
            "count": _number(m.group("n")),
            "who": {"your opponent": "opponent", "each player": "each"}.get(who, "you"),
        }
    ]


@_effect(r"(?P<src>this card|it|added resonator|added j/resonator) deals (?P<n>\d+) damage to (?P<t>[^.]+?)")
def _deal(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    if m.group("src").lower() == "it" and not it_self:
        raise _GapError(f"effect: {m.group(0).strip()}")
    if m.group("src").lower().startswith("added "):  # "added resonator deals 500 damage to you" (7.2 p3)
        if _target(m.group("src"), ctx).get("kind") != "host":
            raise _GapError(f"effect: {m.group(0).strip()}")
        return [{**e, "dealt_by": "host"} for e in _deal_to(m.group("t").strip(), int(m.group("n")), ctx)]
    phrase = m.group("t").strip()
    gain = re.fullmatch(r"(?P<t>.+?) and you gain (?P<n>\d+) life", phrase)
    if gain:  # "it deals 400 damage to your opponent and you gain 400 life"
        phrase = gain.group("t")
        more = [{"op": "gain_life", "amount": int(gain.group("n")), "who": "you"}]
        return _deal_to(phrase, int(m.group("n")), ctx) + more
    return _deal_to(phrase, int(m.group("n")), ctx)


def _deal_to(phrase: str, amount: int, ctx: _Ctx) -> list[JsonDict]:
    low = phrase.lower()
    if low == "each player and resonator":
        resonators = {"kind": "all", "filter": {"zone": "field", "types": ["resonator"]}}
        return [
            {"op": "deal_damage", "amount": amount, "target": {"kind": "each_player"}},
            {"op": "deal_damage", "amount": amount, "target": resonators},
        ]
    if low in ("your opponent", "you opponent"):  # "you opponent": a misprint (SKL-071)
        target: JsonDict = {"kind": "opponent"}
    elif low == "you":
        target = {"kind": "you"}
    else:
        target = _target(phrase, ctx, allow_players=True, playground=True)  # no DEF: no damage (10.6 p5)
    return [{"op": "deal_damage", "amount": amount, "target": target}]


@_effect(r"(?P<src>this card|it) deals that much damage to (?P<t>[^.]+?)")
def _deal_that_much(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    if m.group("src").lower() == "it" and not it_self:
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [{**effect, "that_much": True} for effect in _deal_to(m.group("t").strip(), 0, ctx)]


@_effect(r"destroy (?P<t>[^.]+?)")
def _destroy(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    standby = re.fullmatch(
        r"target (?:(?P<add>addition|\[Addition:Resonator\]) or (?:a )?)?card in (?P<w>a|your|your opponent's)"
        r" chant-standby area",
        m.group("t"),
    )
    if standby:  # "Destroy target card in a chant-standby area": the card text (1.4 p1)
        flt: JsonDict = {"zone": "standby", "types": []}
        whose = {"a": "any", "your": "you", "your opponent's": "opponent"}[standby.group("w")]
        if whose != "any":
            flt["controller"] = whose
        if standby.group("add"):  # "target addition or card in a chant-standby area": either (9.3 p2.4)
            added: JsonDict = {"zone": "field", "types": ["addition"]}
            if standby.group("add") != "addition":  # "target [Addition:Resonator] or a card in ..." (SKL-095)
                added, players = _selector(standby.group("add"), ctx)
                if players or added.get("types") != ["addition"]:
                    raise _GapError(f"target: {m.group('t')}")
            flt = {"zone": "field", "types": [], "any_of": [added, flt]}
        return [{"op": "destroy", "target": {"kind": "chosen", "filter": flt}}]
    phrases = re.split(r" and (?=(?:up to \w+ )?target )", m.group("t"))
    if len(phrases) == 2 and re.match(r"(?:up to \w+ )?target ", phrases[0]):
        # "Destroy up to one target resonator and up to one target regalia": one target group each,
        # one effect each (FoW-5.5 9.3 p2.4)
        return [{"op": "destroy", "target": _target(p, ctx)} for p in phrases]
    # "Destroy target Cthulhu": a ruler in a ruler area is a legal target that is not destroyed (10.9 p2)
    return [{"op": "destroy", "target": _target(m.group("t"), ctx, it_self=it_self, playground=True)}]


@_effect(
    r'(?P<t>[^."]+?) (?:also )?gains? (?:(?P<m>\[[+-]\d+/[+-]\d+\]) and )?(?P<q>"[^"]+"(?: and "[^"]+")*)'
    r" until (?:the )?end of (?:the )?turn"
)
def _gains_abilities(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # 'Target attacking resonator gains [+600/+600] and "Whenever this card deals damage to a
    # resonator, it deals that much damage to your opponent." until end of turn.' (10.19 p1): the
    # abilities are those of the card that gains them ("this card" is that card)
    from domain.fow.importer.abilities import _ability  # late: mutual recursion, see the module docstring
    from domain.fow.importer.keywords import _keyword  # late: mutual recursion, see the module docstring

    every = re.fullmatch(r"(?P<f>[^\s]+ (?:J/)?resonators) you control", m.group("t").strip(), re.IGNORECASE)
    stones = re.fullmatch(r"magic stones you control", m.group("t").strip(), re.IGNORECASE)
    if stones and not m.group("m"):  # 'Magic stones you control gain "{Rest}: Produce ..." until end of turn'
        every = stones  # each of them, also those put into the area later this turn (9.9 p4)
    if every and not m.group("m"):  # 'Dragon J/resonators you control gain "..." until end of turn': each (9.9 p4)
        target: JsonDict | None = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
        if target is None or target["kind"] != "all":
            raise _GapError(f"effect: {m.group(0).strip()}")
    elif not re.match(rf"(?:(?:up to {NUM} )?target\b|it$|this card$|{_SAME}$)", m.group("t").strip(), re.I):
        raise _GapError(f"effect: {m.group(0).strip()}")  # only one chosen object, this card or "it"
    else:
        target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    if target is None or target["kind"] not in ("chosen", "same", "self", "all"):
        raise _GapError(f"effect: {m.group(0).strip()}")
    if target["kind"] == "chosen" and (target.get("count", 1) != 1 or target.get("up_to")):
        raise _GapError(f"effect: {m.group(0).strip()}")
    host = _Ctx(ctx.card_id, "magic_stone" if stones else "resonator", None, ctx.races, ctx.ids)
    granted: list[JsonDict] = []
    for quoted in re.findall(r'"([^"]+)"', m.group("q")):
        text = _clean(quoted)
        if _keyword(quoted, text, host) is not None:
            raise _GapError(f"effect: gains {quoted}")
        granted += _ability(quoted, text, host)
    out: list[JsonDict] = []
    if m.group("m"):
        atk, def_, _ = _modifiers(m.group("m"))
        out.append({"op": "modify", "atk": atk, "def": def_, "target": target, "duration": "end_of_turn"})
        if target["kind"] == "chosen":
            target = {"kind": "same"}  # the same target gains both (one target group, 9.3 p2.4)
    out.append({"op": "grant_abilities", "abilities": granted, "target": target})
    return out


@_effect(r"choose a number\.\s*destroy all (?P<t>[^.]+?) with total cost equal to the chosen number")
def _destroy_chosen_total_cost(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Choose a number. Destroy all resonators with total cost equal to the chosen number.": the
    # number (an integer of 0 or higher, FoW-5.5 1.4 p5) is chosen on resolution
    out = _effects(f"Destroy all {m.group('t')}.", ctx)
    if len(out) != 1 or out[0]["op"] != "destroy" or out[0]["target"]["kind"] != "all":
        raise _GapError(f"effect: {m.group(0)}")
    return [{**out[0], "chosen_total_cost": True}]


@_effect(
    r"(?P<t>target [^.]+?) gains (?P<a>\[(?:[+-]\d+|0)/(?:[+-]\d+|0)\]) or (?P<b>\[(?:[+-]\d+|0)/(?:[+-]\d+|0)\]) "
    r"until (?:the )?end (?:of )?(?:the )?turn"
)
def _gains_either(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Target resonator gains [-800/0] or [0/+800] until end turn." (TTW-053; "end turn": a misprint of
    # "end of turn"): one chosen target; which change it gains is chosen on resolution (9.3 p3.2)
    target = _target(m.group("t"), ctx)
    if not _single_chosen(target):
        raise _GapError(f"effect: {m.group(0).strip()}")
    atk, def_, _ = _modifiers(m.group("a"))
    other_atk, other_def, _ = _modifiers(m.group("b"))
    modify = {"op": "modify", "atk": atk, "def": def_, "target": target, "duration": "end_of_turn"}
    return [{**modify, "or_gains": [other_atk, other_def]}]


@_effect(
    r"remove the top (?P<n>{NUM}) cards of your main deck from the game\.\s*this card deals (?P<a>\d+) damage "
    r"multiplied by the combined total cost of the cards removed this way to (?P<t>[^.]+?)".replace("{NUM}", NUM)
)
def _deal_per_cost_removed(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Keeper of the Future, Skuld (TMS-023): "... remove the top two cards of your main deck from the game.
    # This card deals 100 damage multiplied by the combined total cost of the cards removed this way to
    # target J/resonator." (10.3 p1; total cost 2.3)
    mill = {"op": "mill", "count": _number(m.group("n")), "who": "you", "to": "removed"}
    deal = _deal_to(m.group("t").strip(), int(m.group("a")), ctx)
    if len(deal) != 1:
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [mill, {**deal[0], "per_cost_removed": True}]


@_effect(
    r"(?P<who>this card|it) deals (?P<a>\d+) damage multiplied by the combined total cost of the cards removed this "
    r"way to (?P<t>[^.]+?)"
)
def _deal_per_cost_removed_before(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Keeper of the Past, Urthr (TMS-024): "... you may remove up to two cards in your graveyard from the
    # game. If you do, it deals 200 damage multiplied by the combined total cost of the cards removed
    # this way to target J/resonator.": the cards the removal just before put there (9.3 p3; 2.3)
    if m.group("who").lower() == "it" and not it_self:
        raise _GapError(f"effect: {m.group(0).strip()}")
    deal = _deal_to(m.group("t").strip(), int(m.group("a")), ctx)
    if len(deal) != 1:
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [{**deal[0], "per_cost_removed": True}]


@_effect(
    r"name a card\.\s*reveal the top (?P<n>{NUM}) cards of your main deck\.\s*put all revealed cards with that name "
    r"into your hand and shuffle the rest into your main deck".replace("{NUM}", NUM)
)
def _reveal_named(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Hare of Inaba (BFA-049): "... name a card. Reveal the top four cards of your main deck. Put all
    # revealed cards with that name into your hand and shuffle the rest into your main deck." (10.4, 10.20)
    return [{"op": "reveal_named", "count": _number(m.group("n"))}]


@_effect(r"name a card\.\s*reveal the top card of your main deck,? if it's the named card, put it into your hand")
def _reveal_named_card(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Hymnal's Memoria (TMS-098): "... name a card. Reveal the top card of your main deck, if it's the
    # named card, put it into your hand." (2.2 p3, 10.4 p1; otherwise it stays on top)
    return [{"op": "reveal_named", "count": 1, "rest": "stay"}]


@_effect(
    r"name a card type\.\s*reveal the top card of your main deck\.\s*if it's the named type, put it into your hand"
)
def _reveal_named_type(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Muse, Celestial of Music (TMS-040): "... name a card type. Reveal the top card of your main deck. If
    # it's the named type, put it into your hand." (2.1 p1, 10.4 p1; otherwise it stays on top)
    return [{"op": "reveal_named", "count": 1, "name": "card_type", "rest": "stay"}]


@_effect(r"pay any amount of life\.\s*draw a card for each (?P<n>\d+00) life you lost this way")
def _pay_any_life(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Pay any amount of life. Draw a card for each 500 life you lost this way." (TAT-090): the amount,
    # a multiple of one hundred (FoW-5.5 1.5 p4.1), is chosen on resolution
    return [{"op": "pay_any_life", "draw_per": int(m.group("n"))}]


@_effect(
    r"each player chooses an? (?P<t>[\w ]+?) they control, then each player banishes all other (?P<u>[\w ]+?) "
    r"they control"
)
def _keep_one(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Each player chooses a resonator they control, then each player banishes all other resonators they
    # control." (BFA-007): the choices on resolution, then the banishing (10.10 p1)
    kept, players = _selector(m.group("t"), ctx, loose=False)
    rest, more = _selector(m.group("u"), ctx, loose=False)
    if players or more or kept != rest or kept.get("types") != ["resonator"] or len(kept) != 2:
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [{"op": "keep_one", "filter": {**kept, "controller": "you"}}]


@_effect(r"choose an attribute\.\s*this card becomes the chosen attribute until end of turn")
def _become_chosen_attribute(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "{1}: Choose an attribute. This card becomes the chosen attribute until end of turn." (2.8, 9.9 p1)
    if ctx.type not in ("resonator", "j_ruler"):
        raise _GapError(f"effect: {m.group(0)}")
    return [{"op": "become_attribute", "target": {"kind": "self"}}]


@_effect(
    r"(?P<t>target [^.]+?) loses all races and (?:becomes an?|gains an?) "
    r"(?:(?P<choice>race of your choice)|(?P<r>[A-Z][\w' -]*?)) until end of turn"
)
def _lose_all_races(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Target resonator loses all races and becomes a Fairy Tale until end of turn" (TMS-038); "Target
    # J/resonator loses all races and gains a race of your choice until end of turn" (TAT-100): its races
    # replaced, non-value information (FoW-5.5 2.5, 9.9 p1); the race chosen among the known ones
    return [_race_change_effect(m.group("t"), m.group("r"), bool(m.group("choice")), ctx, m.group(0))]


@_effect(r"choose a race\.\s*(?P<t>target [^.]+?) becomes the chosen race until end of turn")
def _become_chosen_race(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "{Rest}, {U}: Choose a race. Target J/resonator becomes the chosen race until end of turn.": the race
    # chosen as it resolves, the target's races replaced (it loses the older information, FoW-5.5 9.9)
    return [_race_change_effect(m.group("t"), None, True, ctx, m.group(0))]


@_effect(r"choose a race")
def _choose_a_race(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "[Enter]: Choose a race. As long as you control this card, J/resonators of the chosen race cannot
    # attack you." (MOA-039): the race chosen on resolution among the known races (FoW-5.5 2.5 p1), read by
    # the effects after it ("of the chosen race")
    known = sorted(r for r in ctx.races if r)
    if not known:
        raise _GapError(f"effect: {m.group(0)}")
    return [{"op": "choose_race", "choices": known}]


@_effect(r"as long as you control this card, (?P<t>[^.]+?) cannot attack you")
def _cannot_attack_you_while_controlled(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "As long as you control this card, J/resonators of the chosen race cannot attack you.": they may not
    # choose you as the attacked player (8.2 p3.2, a prohibition 1.4 p4) while the effect's controller
    # controls its source; not made if they don't as it resolves (9.9 p8)
    target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    if target is None or target.get("kind") != "all" or target.get("filter", {}).get("types") == []:
        raise _GapError(f"target: {m.group('t')}")
    return [{"op": "restrict", "target": target, "rules": ["cannot_attack_you"], "duration": "source_controlled"}]


def _race_change_effect(target: str, race: str | None, chosen: bool, ctx: _Ctx, sentence: str) -> JsonDict:
    """A ``change_races`` effect on ``target``: all races lost, ``race`` (a known race) or a race chosen
    among the known races gained, until end of turn."""
    known = sorted(r for r in ctx.races if r)
    if not known or (race is not None and race not in ctx.races):
        raise _GapError(f"effect: {sentence.strip()}")
    out: JsonDict = {"op": "change_races", "target": _target(target, ctx), "lose_all": True}
    if chosen:
        out.update(of_choice=True, choices=known)
    else:
        out["gain"] = [race]
    return out


@_effect(r"choose any number of attributes\.\s*this card becomes those attributes until end of turn")
def _become_chosen_attributes(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "{G}: Choose any number of attributes. This card becomes those attributes until end of turn." (2.8, 9.9 p1)
    if ctx.type not in ("resonator", "j_ruler"):
        raise _GapError(f"effect: {m.group(0)}")
    return [{"op": "become_attribute", "target": {"kind": "self"}, "any_number": True}]


@_effect(r"add this card to another (?P<t>target [^.]+?)")
def _add_self_to(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "{R}{R}: Add this card to another target resonator." (an [Addition:Resonator], FoW-5.5 10.1 p1):
    # "another": not the card it is added to now
    if ctx.type != "addition" or ctx.subtype != "resonator":
        raise _GapError(f"effect: {m.group(0).strip()}")
    target = _target(m.group("t"), ctx)
    if target.get("kind") != "chosen" or target.get("count", 1) != 1 or target["filter"].get("types") != ["resonator"]:
        raise _GapError(f"target: {m.group('t')}")
    target["filter"]["not_host"] = True
    return [{"op": "add_self_to", "target": target}]


@_effect(r"add (?P<it>it|this card from your graveyard) to (?:a )?(?P<t>target resonator you control|that resonator)")
def _add_from_graveyard(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "When this card is put into a graveyard from a field, you may add it to a target resonator you control"
    # (TAT-081: "it", this card where it went, 3.1 p3); "Whenever a resonator enters your field, you may add
    # this card from your graveyard to that resonator" (SKL-073): into the field added onto it (10.1 p2)
    own = ctx.own_move if m.group("it").lower() == "it" else ctx.in_graveyard
    if ctx.type != "addition" or ctx.subtype != "resonator" or not own:
        raise _GapError(f"effect: {m.group(0).strip()}")
    if m.group("t").lower() == "that resonator":
        if ctx.subject != "resonator":
            raise _GapError(f"effect: {m.group(0).strip()}")
        return [{"op": "add_from_graveyard", "target": {"kind": "that", "filter": {"types": ["resonator"]}}}]
    target = _target(m.group("t"), ctx)
    if target.get("kind") != "chosen" or target.get("count", 1) != 1:
        raise _GapError(f"target: {m.group('t')}")
    return [{"op": "add_from_graveyard", "target": target}]


@_effect(r"move (?P<t>target \[addition: ?resonator\] [^.]*?) onto another resonator")
def _move_addition(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "[Activate] {Rest}: Move target [Addition: Resonator] you control onto another resonator" (CMF-003):
    # the resonator is chosen on resolution, not targeted (10.1 p1, p2)
    target = _target(m.group("t"), ctx)
    flt = target.get("filter", {})
    if target.get("kind") != "chosen" or target.get("count", 1) != 1 or flt.get("subtypes") != ["resonator"]:
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [{"op": "move_addition", "target": target}]


def _value_change_subject(m: re.Match[str], ctx: _Ctx, it_self: bool) -> JsonDict:
    """The card(s) group ``t`` names whose ATK and DEF a value change alters (FoW-5.5 9.9 p1.4); a
    target with no card type is a gap, as it may also be a ruler."""
    target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    assert target is not None
    if target.get("filter", {}).get("types") == []:
        raise _GapError(f"target: {m.group('t')} (no card type: it may also be a ruler)")
    return target


@_effect(r"(?:switch|swap) (?:the )?atk and def of (?P<t>this card|target [^.]+?) until (?:the )?end of (?:the )?turn")
def _switch_stats(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "{U}: Switch the ATK and DEF of this card until end of turn." (a value change, FoW-5.5 9.9 p1.4);
    # "swap ATK and DEF of this card until end of turn" (CMF-025) says the same
    return [{"op": "switch_stats", "target": _value_change_subject(m, ctx, it_self)}]


@_effect(r"(?P<t>this card|target [^.]+?)'s? ATK becomes equal to its DEF until (?:the )?end of (?:the )?turn")
def _atk_becomes_def(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "{Rest}: Target resonator's ATK becomes equal to its DEF until end of turn.": a value change
    # of the ATK alone, to the DEF the card has at that point (FoW-5.5 9.9 p1.4)
    return [{"op": "switch_stats", "target": _value_change_subject(m, ctx, it_self), "atk_becomes_def": True}]


@_effect(r"this card gains (?P<m>\[[^\]]+\](?:, \[[^\]]+\])*,? or \[[^\]]+\]) until end of turn")
def _gains_one_of(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "This card gains [Swiftness], [Flying] or [Target Attack] until end of turn." (MPR-094): one of
    # them, chosen by the controller as the effect is applied (FoW-5.5 9.3 p3.2, 10.19 p1)
    skills: list[str] = []
    for item in re.split(r",? or |, ", m.group("m")):
        found = SYMBOL_SKILLS.get(item.strip().strip("[]").lower())
        if found is None or found in skills:
            raise _GapError(f"effect: a choice of modifiers ({m.group('m')})")
        skills.append(found)
    first, *others = skills
    return [
        {
            "op": "grant_skill",
            "skill": first,
            "target": {"kind": "self"},
            "duration": "end_of_turn",
            "or_skills": others,
        }
    ]


@_effect(r"(?P<t>[^.]+?) gains? (?!control of\b)(?P<m>[^.]+?) until (?:the )?end of (?:the )?turn")
def _gains(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    pair = re.fullmatch(r"(?P<m1>\[[^\]]+\]) and (?P<t2>[^\[]+?) gains? (?P<m2>\[[^\]]+\])", m.group("m").strip())
    if pair and not m.group("t").strip().lower().startswith("target "):
        # "Non-Wererabbit resonators gain [-500/0] and Wererabbit resonators gain [+500/0] until end
        # of turn": two effects, each on every object its subject names (FoW-5.5 9.9 p4)
        each: list[JsonDict] = []
        for subject, mods in ((m.group("t"), pair["m1"]), (pair["t2"], pair["m2"])):
            affected = _subject(subject, ctx, continuous=False, it_self=it_self)
            atk, def_, skills = _modifiers(mods)
            if affected is None or affected.get("kind") != "all" or skills:
                raise _GapError(f"effect: {m.group(0).strip()}")
            each.append({"op": "modify", "atk": atk, "def": def_, "target": affected, "duration": "end_of_turn"})
        return each
    both = re.fullmatch(r"this card and (?P<t>target .+)", m.group("t").strip(), re.IGNORECASE)
    if both:  # "This card and target resonator gain [-200/-200]": one effect on each
        atk, def_, skills = _modifiers(m.group("m"))
        if skills:
            raise _GapError(f"effect: {m.group(0).strip()}")
        return [
            {"op": "modify", "atk": atk, "def": def_, "target": t, "duration": "end_of_turn"}
            for t in ({"kind": "self"}, _target(both.group("t"), ctx))
        ]
    if m.group("t").strip().lower().startswith("target "):
        # "Target Gorgon gains [+200/0]": a Gorgon ruler in a ruler area is a legal target too (2.5 p4);
        # without ATK/DEF it changes nothing, and it keeps the effect if it becomes a J-ruler (3.1 p3)
        target: JsonDict | None = _target(m.group("t").strip(), ctx, playground=True)
    else:
        target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    assert target is not None
    mods, lost = m.group("m"), ""
    split = re.fullmatch(r"(?P<mods>.+?)\s+and\s+lose\s+(?P<lost>.+)", mods, re.IGNORECASE)
    if split:
        mods, lost = split.group("mods"), split.group("lost")
    atk, def_, skills = _modifiers(mods)
    out: list[JsonDict] = []
    if lost and target["kind"] == "chosen":  # one target group for several effects: not expressed
        raise _GapError(f"effect: {m.group(0).strip()}")
    if atk or def_ or not skills:
        out.append({"op": "modify", "atk": atk, "def": def_, "target": target, "duration": "end_of_turn"})
    out += [{"op": "grant_skill", "skill": s, "target": target, "duration": "end_of_turn"} for s in skills]
    if lost:  # "gain [-200/-200] and lose [Flying] until end of turn": each effect on the same cards
        out += _lose_skills(lost, target, m.group(0))
    if len(out) > 1 and target["kind"] == "chosen":
        # one chosen target gaining several modifiers: a single effect, a single target group
        return [
            {"op": "modify", "atk": atk, "def": def_, "target": target, "duration": "end_of_turn", "skills": skills}
        ]
    return out


@_effect(
    r"this card gains \[(?P<a>\+X|\+0)/(?P<d>\+X|\+0)\] until end of turn, where X is the (?P<s>ATK|DEF) of the"
    r" destroyed resonator"
)
def _gains_x_of_destroyed(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Destroy target resonator. This card gains [+X/+0] until end of turn, where X is the ATK of the
    # destroyed resonator.": X read as it last was in the field (FoW-5.5 9.11)
    atk, def_ = (int(m.group(g) == "+X") for g in ("a", "d"))
    if not (atk or def_):
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [
        {
            "op": "modify",
            "atk": atk,
            "def": def_,
            "target": {"kind": "self"},
            "duration": "end_of_turn",
            "x_of_destroyed": m.group("s").lower(),
        }
    ]


@_effect(
    r"(?P<t>[^.]+?) gains? \[\+X/\+Y\] until end of turn, where X is the (?P<a>destroyed resonator)'s ATK and Y is"
    r" the (?P<d>destroyed resonator)'s DEF"
)
def _gains_stats_of_subject(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Big-Bang Revolution (TAT-020): "[Trigger] When a resonator you control is destroyed: Two target
    # resonators gain [+X/+Y] until end of turn, where X is the destroyed resonator's ATK and Y is the
    # destroyed resonator's DEF.": the resonator the trigger condition names, as it was in the field (9.6 p7.2)
    if ctx.subject != "resonator":
        raise _GapError(f"effect: {m.group(0).strip()}")
    target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    if target is None:
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [{"op": "modify", "atk": 1, "def": 1, "target": target, "duration": "end_of_turn", "of_subject": True}]


def _lose_skills(text: str, target: JsonDict, sentence: str) -> list[JsonDict]:
    """ "[Flying]" / "[Flying] and [First Strike]" lost by ``target`` until end of turn (9.9 p1)."""
    out: list[JsonDict] = []
    for item in re.split(r"\s*,\s*and\s+|\s*,\s*|\s+and\s+", text.strip()):
        sm = re.fullmatch(r"\[([^\]]+)\]", item)
        if not (sm and sm.group(1).lower() in SYMBOL_SKILLS):
            raise _GapError(f"effect: {sentence.strip()}")
        out.append({"op": "lose_skill", "skill": SYMBOL_SKILLS[sm.group(1).lower()], "target": target})
    return out


@_effect(r"(?P<t>target [^.\[\"]+?) (?P<m>\[[+-]\d+/[+-]\d+\]) until end of turn")
def _gains_misprint(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    """ "Target resonator [+600/+600] until end of turn." (TAT-060): "gains" left out, a misprint."""
    if re.search(r"\b(?:gains?|loses?|becomes?)$", m.group("t"), re.IGNORECASE):
        raise _GapError(f"effect: {m.group(0).strip()}")
    return _gains(m, ctx, it_self)


@_effect(
    r"search your (?:main )?deck for (?P<d>(?:[^.,\"]|\"[^\"]*\")+?),? "
    r"reveal (?:it|them),? (?:and )?put (?:it|them) into your hand"
    r"(?P<shuffle>(?:\.\s*then,?|, then|\s+then|\. then) shuffle your (?:main )?deck)?"
)
def _search(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # without "Then shuffle" in the sentence, the shuffle is a "shuffle" effect of its own, if any:
    # "You may search ... and put it into your hand. Then shuffle your main deck." (FoW-5.5 10.20)
    out = _search_hand(m, ctx)
    if not m.group("shuffle"):
        out[0]["shuffle"] = False
    return out


@_effect(
    r"search your (?:main )?deck for a card and put it into your chant-standby area face down"
    r"(?P<shuffle>(?:\.\s*then,?|, then|\s+then) shuffle your (?:main )?deck)?"
)
def _search_to_standby(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "... search your main deck for a card and put it into your chant-standby area face down. Then
    # shuffle your main deck." (10.13 p2; face down, not revealed, 3.11)
    out: JsonDict = {"op": "search", "filter": {"zone": "main_deck", "types": []}, "to": "standby", "reveal": False}
    if not m.group("shuffle"):
        out["shuffle"] = False
    return [out]


@_effect(
    r"search your (?:main )?deck,? for a card,? and put (?:put )?it into your hand"  # "put put": a misprint (TTW-063J)
    r"(?P<shuffle>(?:\.\s*(?:then|the),?|, then|\s+then) shuffle your (?:main )?deck)?"  # "The shuffle" (MPR-064J)
)
def _search_unrevealed(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Search your main deck for a card and put it into your hand. Then shuffle your main deck.": any
    # card, found without revealing it (FoW-5.5 10.13 p2; only what is to be revealed is, 10.4)
    out: JsonDict = {"op": "search", "filter": {"zone": "main_deck", "types": []}, "reveal": False}
    if not m.group("shuffle"):
        out["shuffle"] = False
    return [out]


def _search_hand(m: re.Match[str], ctx: _Ctx) -> list[JsonDict]:
    desc = m.group("d").strip()
    named_as = re.fullmatch(r"a card name[sd] as (?P<t>target resonator)", desc, re.IGNORECASE)
    if named_as:  # "a card names as target resonator" ("names": a misprint of "named", BFA-033): 2.2, 9.3 p2.4
        target = _target(named_as.group("t"), ctx)
        return [{"op": "search", "filter": {"zone": "main_deck", "types": []}, "target": target}]
    either = re.fullmatch(r"(?P<a>(?:a|an) .+?) and/or (?:a |an )?(?P<b>.+)", desc, re.IGNORECASE)
    if either and "them" in m.group(0).lower():  # "for a Twelve Apostle and/or card named "X", reveal them"
        first = _search_filter(either.group("a"), ctx)
        second = _search_filter(f"a {either.group('b')}", ctx)
        return [{"op": "search", "filter": first, "and_or": second, "count": 2}]
    return [_search_filter(desc, ctx, search=True)]


def _search_filter(desc: str, ctx: _Ctx, *, search: bool = False) -> JsonDict:
    """The filter of "a Twelve Apostle" / "up to two Fairies" searched for (with ``search``: the
    whole ``search`` effect, its count included)."""
    count = 1
    cm = re.match(rf"up to (?P<n>{NUM}) (?P<rest>.+)$", desc, re.IGNORECASE)
    if cm:
        count = _number(cm.group("n"))
        desc = cm.group("rest")
    else:
        am = re.match(r"(?:a|an) (?P<rest>.+)$", desc, re.IGNORECASE)
        if not am:
            raise _GapError(f"effect: search for {desc}")
        desc = am.group("rest")
    nm = re.match(r'^cards? named? "([^"]+)"$', desc)  # "a card name "Kaguya..."": a misprint of "named"
    if nm:
        flt: JsonDict = {"zone": "main_deck", "types": [], "name": nm.group(1)}
    else:
        if desc.endswith(" card") and desc != "card":
            desc = desc[: -len(" card")]
        elif desc.endswith(" cards") and desc != "cards":
            desc = desc[: -len(" cards")]
        flt, players = _selector(desc, ctx, zone="main_deck")
        if players or "controller" in flt or "rested" in flt or flt.get("other_than_self"):
            raise _GapError(f"effect: search for {desc}")
    if not search:
        if count != 1:
            raise _GapError(f"effect: search for {desc}")
        return flt
    out: JsonDict = {"op": "search", "filter": flt}
    if count != 1:
        out["count"] = count
    return out


@_effect(
    r"search your (?:main )?deck for an? (?P<r>[^.,\"]+?) addition that can be added to an? (?P<h>J/resonator)"
    r" and put it into the field, added to this card"
)
def _search_added_to_this(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "You may search your main deck for a Weapon addition that can be added to a J/resonator and put it into
    # the field, added to this card. If you do, shuffle your deck." (10.13 p2, 10.1 p1-p2): [Addition:
    # J/Resonator] (2.1 p3.2); the shuffle is the "If you do" after it (_shuffle_if_searched)
    flt, players = _selector(f"{m.group('r')} addition", ctx, zone="main_deck")
    if players or set(flt) - {"zone", "types", "races"} or not flt.get("races") or ctx.type not in ("j_ruler",):
        raise _GapError(f"effect: {m.group(0)}")
    flt["subtypes"] = ["j_resonator"]
    return [{"op": "search", "filter": flt, "to": "field", "added_to_source": True, "shuffle": False}]


@_effect(
    r"search your (?:main )?deck for (?P<d>(?:[^.,\"]|\"[^\"]*\")+?),? (?:reveal (?:it|them),? )?(?:and )?"
    r"put (?P<them>it|them) into your field(?P<rested> rested)?"
    r"(?P<enter>\.\s*this triggers its \[Enter\] ability)?"
    r"(?P<shuffle>(?:\.\s*then,?|, then|\s+then|\. then) shuffle your (?:main )?deck)?"
)
def _search_to_field(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Search your main deck for a card named "Black Goat" and put it into your field. Then
    # shuffle your main deck." (FoW-5.5 10.13): one card, not revealed, into the field
    desc = m.group("d").strip()
    count = 1
    up = re.match(rf"up to (?P<n>{NUM}) (?P<rest>.+)$", desc, re.IGNORECASE)
    am = re.match(r"(?:a|an) (?P<rest>.+)$", desc, re.IGNORECASE)
    xm = re.match(r"(?:up to )?X (?P<rest>.+) cards$", desc)
    count_x = bool(xm) and m.group("them") == "them" and (ctx.x or ctx.type == "j_ruler")
    if xm and count_x:  # "Search your main deck for X Treasury Item cards and put them into your field":
        desc = xm.group("rest")  # the X of the [Judgment] / [Awakening] cost (9.3 p2.5)
    elif up and m.group("them") == "them":  # "search ... for up to four Rabbit resonators ... and put them"
        count = _number(up.group("n"))
        desc = up.group("rest")
    elif am and m.group("them") == "it":
        desc = am.group("rest")
    else:
        raise _GapError(f"effect: search for {desc} and put {m.group('them')} into your field")
    equal = re.fullmatch(
        r"(?P<d>.+?) with total cost equal to the number of (?P<c>[a-z][a-z ]*?) counters on this card", desc, re.I
    )
    if equal:  # "a resonator with total cost equal to the number of creation counters on this card"
        desc = equal.group("d")
    nm = re.match(r'^card names? "([^"]+)"$', desc)  # "a card names "Excalibur..."": a misprint (TTW-001J)
    nm = nm or re.match(r'^card named "([^"]+)"$', desc)
    if nm:
        flt: JsonDict = {"zone": "main_deck", "types": [], "name": nm.group(1)}
    else:
        if desc.endswith(" card") and desc != "card":
            desc = desc[: -len(" card")]
        flt, players = _selector(desc, ctx, zone="main_deck")
        if players or "controller" in flt or "rested" in flt or flt.get("other_than_self"):
            raise _GapError(f"effect: search for {desc} and put {m.group('them')} into your field")
    out: JsonDict = {"op": "search", "filter": flt, "to": "field"}
    if m.group("rested"):  # "... and put it into your field rested" (10.12 p1)
        out["rested"] = True
    if equal:
        out["total_cost_equal_to"] = {"counter": equal.group("c").lower()}
    if count != 1:
        out["count"] = count
    if count_x:
        out["count_x"] = True
    if m.group("enter"):
        out["triggers_enter"] = True
    if not m.group("shuffle"):  # a "shuffle" effect of its own follows, if any (10.20)
        out["shuffle"] = False
    return [out]


@_effect(r"the next damage (?P<t>this card) would deal this turn is dealt to you instead")
def _redirect_dealt(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "If its total cost is even, the next damage this card would deal this turn is dealt to you instead."
    # (FoW-5.5 9.10 p1): a replacement effect for the turn, on this card's next damage
    return [{"op": "redirect_dealt", "target": {"kind": "self"}}]


@_effect(r"shuffle your (?:main )?deck")
def _shuffle(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Then shuffle your main deck." after a search the player may not make (FoW-5.5 10.20)
    return [{"op": "shuffle"}]


@_effect(
    r"reveal the top card of your main deck\.\s*if it(?:'s| is) (?P<d>(?:[^.,\"]|\"[^\"]*\")+?),\s*"
    r"put it into your (?P<then>hand|field)"
    r"(?:\.\s*otherwh?ise,?\s*put i[tn] into your (?P<else>hand|graveyard))?"  # "Otherwhise, put in": misprints
)
def _reveal_top(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Reveal the top card of your main deck. If it's a Fairy resonator, put it into your hand."
    # (FoW-5.5 10.4); without "Otherwise" the card stays on top of the deck
    desc = m.group("d").strip()
    am = re.match(r"(?:a|an) (?P<rest>.+)$", desc, re.IGNORECASE)
    if not am:
        raise _GapError(f"effect: reveal the top card, if it's {desc}")
    flt, players = _selector(am.group("rest"), ctx, zone="main_deck")
    if players or "controller" in flt or "rested" in flt or flt.get("other_than_self"):
        raise _GapError(f"effect: reveal the top card, if it's {desc}")
    if flt.get("types") is None:  # "If it's a Wererabbit": a race names a card of any type (2.5 p4)
        if not set(flt) & {"races", "name", "names"}:
            raise _GapError(f"effect: reveal the top card, if it's {desc}")
        flt["types"] = []
    # "put it into your field": the engine moves only a card that can be in a field by itself (3.15 p4)
    out: JsonDict = {"op": "reveal_top", "filter": flt, "then": m.group("then").lower()}
    if m.group("else"):
        out["otherwise"] = m.group("else").lower()
    return [out]


@_effect(
    r"reveal the top card of your magic stone deck[.,]\s*if it(?:'s| is) an? (?P<a>light|fire|water|wind|darkness) "
    r"magic stone,\s*put it into your magic stone area"
)
def _reveal_top_stone(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Reveal the top card of your magic stone deck, if it's a wind magic stone, put it into your
    # magic stone area." (FoW-5.5 10.4, 3.7): "wind magic stone" is a magic stone type (2.1 p5.2);
    # another card stays on top of the magic stone deck
    kind = _STONE_TYPE_OF[ATTRIBUTE_WORDS[m.group("a").lower()]]
    flt = {"zone": "stone_deck", "types": ["magic_stone"], "stone_types": [kind]}
    return [{"op": "reveal_top", "filter": flt, "deck": "stone_deck", "then": "stone_area"}]


@_effect(
    r"reveal cards from the top of your main deck until you reveal (?:a|an) (?P<d>[^.]+?)\.\s*"
    r"put that card into your (?P<to>field|hand),? and shuffle the rest into your main deck"
)
def _reveal_until(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Reveal cards from the top of your main deck until you reveal a Machine with total cost 1.
    # Put that card into your field and shuffle the rest into your main deck." (FoW-5.5 10.4, 10.20)
    desc = m.group("d").strip()
    flt, players = _selector(desc, ctx, zone="main_deck")
    if players or set(flt) & {"controller", "rested", "other_than_self", "dealt_damage"}:
        raise _GapError(f"effect: reveal cards until you reveal {desc}")
    return [{"op": "reveal_top", "filter": flt, "then": m.group("to").lower(), "until": True}]


_IS_A = r"it(?:'s| is) (?:a|an) [^,.]+"


@_effect(
    r"reveal the top (?:card )?of your (?:main )?deck\.\s*"
    rf"if (?P<c>{_IS_A}|its total cost is (?:odd|even)),\s*(?P<then>[^.]+?)"
    r"(?:\.\s*otherwise,?\s*(?P<else>[^.]+?)|(?=\.|$))"  # without "Otherwise": nothing else happens
)
def _reveal_branch(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Reveal the top card of your main deck. If it's a resonator, this card gains [+200/+200]
    # until end of turn. Otherwise, return this card to its owner's hand." (FoW-5.5 10.4): the
    # card stays on top; what happens depends on it
    cond = m.group("c").lower()
    if cond.startswith("its total cost is "):
        flt: JsonDict = {"zone": "main_deck", "types": [], "total_cost_parity": cond.split()[-1]}
    else:
        desc = re.sub(r"^it(?:'s| is) (?:a|an) ", "", m.group("c"), flags=re.IGNORECASE)
        flt, players = _selector(desc, ctx, zone="main_deck")
        if players or set(flt) & {"controller", "rested", "other_than_self", "dealt_damage"}:
            raise _GapError(f"effect: reveal the top card, if it's {desc}")
    then = _effects(_capitalise(m.group("then")), ctx, it_self=it_self)
    otherwise = _effects(_capitalise(m.group("else")), ctx, it_self=it_self) if m.group("else") else []
    if any(_pauses(e) for e in then + otherwise):
        raise _GapError(f"effect: {m.group(0).strip()}")
    reveal: JsonDict = {"op": "reveal_top", "then": "stay"}
    return [
        reveal,
        {"op": "if", "condition": {"kind": "top_card", "filter": flt}, "effects": then, "otherwise": otherwise},
    ]


_AMONG = r'(?:[^.,"]|"[^"]*")+?'
_NAMED = r'cards? named "[^"]+"(?:(?:,|,? and/or|,? or|,? and) "[^"]+")*'


@_effect(
    rf"(?P<v>reveal|look at) (?:the )?top (?P<n>{NUM}) cards of your main deck\.\s*(?:"
    rf"put (?P<q>a|an|one|up to {NUM}|any number of) (?P<d>{_NAMED}|{_AMONG}) (?:from )?among them into your hand"
    r"|put (?P<one>one) of them into your hand"
    rf"|you may reveal (?:a|an) (?P<md>{_AMONG}) from among them and put it into your hand"
    rf"|you may put (?:a|an) (?P<mp>{_AMONG}) (?:from )?among them into your (?P<to>hand|field))"
    r"(?:\.\s*|,? and )(?P<rest>put the rest into your grave(?:yard|uard)"  # "graveuard": a misprint
    r"|put the rest on the bottom of your main deck(?: in any order)?|remove the rest from the game face down)"
)
def _look_top(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Reveal the top four cards of your main deck. Put a Card Soldier card among them into your
    # hand. Put the rest into your graveyard." (FoW-5.5 10.4, 10.13)
    out: JsonDict = {"op": "look_top", "count": _number(m.group("n"))}
    if m.group("v").lower() == "reveal":
        out["reveal"] = True
    desc = m.group("d") or m.group("md") or m.group("mp")
    if m.group("md"):
        out.update(up_to=True, reveal_picked=True)  # "you may reveal a card ... and put it"
    elif m.group("mp"):  # "You may put a light resonator ... from among them into your field."
        out["up_to"] = True
        if m.group("to").lower() == "field":
            out["to"] = "field"
    elif m.group("q") and m.group("q").lower().startswith("up to "):
        out.update(up_to=True, pick=_number(m.group("q").split()[-1]))
    elif m.group("q") and m.group("q").lower() == "any number of":
        out.update(up_to=True, pick=out["count"])
    if desc:
        nm = re.fullmatch(r'cards? named "([^"]+)"', desc)
        if re.fullmatch(_NAMED, desc) and not nm:  # "cards named "A", "B" and/or "C""
            flt: JsonDict = {"zone": "main_deck", "types": [], "names": _names(desc)}
        elif nm:
            flt = {"zone": "main_deck", "types": [], "name": nm.group(1)}
        else:
            desc = re.sub(r"(?<=\S) cards?$", "", desc)
            flt, players = _selector(desc, ctx, zone="main_deck")
            if players or set(flt) & {"controller", "rested", "other_than_self", "dealt_damage"}:
                raise _GapError(f"effect: put {desc} among them into your hand")
        out["filter"] = flt
    if out.get("pick", 1) > out["count"]:
        raise _GapError(f"effect: {m.group(0).strip()}")
    rest = m.group("rest").lower()
    out["rest"] = "graveyard" if "grave" in rest else "bottom" if "bottom" in rest else "removed_face_down"
    return [out]


@_effect(rf"look at the top (?P<n>{NUM}) cards of your main deck and put them back in any order")
def _look_and_order(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Look at the top three cards of your main deck and put them back in any order." (3.1 p4)
    return [{"op": "look_top", "count": _number(m.group("n")), "pick": 0, "rest": "top"}]


@_effect(rf"look at the top (?P<n>{NUM}) cards of your main deck or magic stone deck and put them back in any order")
def _look_either_deck_and_order(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Look at the top three cards of your main deck or magic stone deck and put them back in any order."
    # (VIN002-013): the deck chosen as it resolves (9.3 p3.2), its top cards put back in order (3.1 p4)
    return [{"op": "look_top", "count": _number(m.group("n")), "pick": 0, "rest": "top", "pile": "either"}]


@_effect(
    r"look at the top card of your magic stone deck\.\s*if you (?:don't|do not) control a magic stone with the "
    r"same name as that card, you may put it into your magic stone area"
)
def _look_top_stone(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "look at the top card of your magic stone deck. If you don't control a magic stone with the same
    # name as that card, you may put it into your magic stone area." (3.1 p2, 2.2, 10.13 p2)
    out: JsonDict = {"op": "look_top", "count": 1, "filter": {"zone": "stone_deck", "types": []}, "up_to": True}
    return [{**out, "pile": "stone_deck", "to": "stone_area", "rest": "top", "new_stone_name": True}]


@_effect(r"look (?:at )?the top card of your opponent's main deck")
def _look_opponents_top(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "[Enter]: You may look the top card of your opponent's main deck." ("look the": a misprint of
    # "look at"): the looker alone sees it (3.1 p2); it stays on top
    return [{"op": "look_top", "count": 1, "pick": 0, "rest": "top", "deck": "opponent"}]


@_effect(r"look at the top card of your main deck\.\s*you may put it on the bottom of your main deck")
def _look_and_bottom(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "{Rest}: Look at the top card of your main deck. You may put it on the bottom of your main deck."
    return [{"op": "look_top", "count": 1, "up_to": True, "to": "bottom", "rest": "top"}]


@_effect(
    r"cancel target (?P<k>spell|normal spell|summon spell)(?P<opp> your opponent controls)?(?P<x> with total cost X)?"
    r"(?: unless its controller pays (?P<c>(?:\{[^{}]+\})+))?"
)
def _cancel(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "spell" is any card in the chase area; "summon spell" a resonator; "normal spell"
    # any other type (FoW-5.5 3.13 p3); "unless its controller pays {2}": their choice on resolution
    kind = m.group("k").lower()
    types = {
        "spell": _ALL_CARD_TYPES,
        "summon spell": ["resonator"],
        "normal spell": [t for t in _ALL_CARD_TYPES if t != "resonator"],
    }[kind]
    out: JsonDict = {"op": "cancel", "target": {"kind": "chosen", "filter": {"zone": "chase", "types": list(types)}}}
    if m.group("opp"):  # "your opponent controls": the player who played it controls it (3.13, 9.3 p2.2)
        out["target"]["filter"]["controller"] = "opponent"
    if m.group("x"):  # "with total cost X": the X of the [Activate] cost (2.3, 9.3 p2.5)
        if not ctx.x_activate:
            raise _GapError(f"effect: {m.group(0)}")
        out["target"]["filter"]["total_cost_x"] = True
    if m.group("c"):
        out["unless_pays"] = _will_cost(m.group("c"), f"effect: {m.group(0)}")
    return [out]


_NEW_TARGETS = r"\.\s*you may choose new targets for the copy"


@_effect(rf"copy target (?P<k>chant spell|spell)(?P<c> you control| your opponent controls)?{_NEW_TARGETS}")
def _copy_target_spell(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Yokoshima (TSD2-001J): "{R}{R}: Copy target chant spell. You may choose new targets for the copy.": a
    # copy of the spell on top of the chase (FoW-5.5 10.16 p1.1) with its choices (p1.3); its controller
    # keeps the targets or chooses new ones.  Only with the second sentence: the copy's targets are asked.
    flt: JsonDict = {"zone": "chase", "types": ["spell"]}
    if m.group("k").lower() == "chant spell":  # a spell with the subtype chant (2.1 p3)
        flt["subtypes"] = ["chant"]
    if m.group("c"):  # the player who played it controls it (3.13, 9.3 p2.2)
        flt["controller"] = "you" if m.group("c").strip().lower() == "you control" else "opponent"
    return [{"op": "copy_on_chase", "target": {"kind": "chosen", "filter": flt}, "new_targets": True}]


@_effect(rf"copy it{_NEW_TARGETS}")
def _copy_it(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Welser (WOM-042): "Whenever you play a chant => Copy it. You may choose new targets for the copy.": the
    # spell the trigger condition names, while it is on the chase (10.16 p1.1, p1.3)
    if ctx.subject != "chase":
        raise _GapError(f"effect: {m.group(0)} (no spell or ability named before)")
    return [
        {
            "op": "copy_on_chase",
            "target": {"kind": "that", "filter": {"zone": "chase", "types": []}},
            "new_targets": True,
        }
    ]


@_effect(r"cancel that spell or ability")
def _cancel_that(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "When a spell or ability your opponent controls targets a J/resonator you control, ... cancel that
    # spell or ability." (TMS-065): the chase item the trigger condition names (10.11)
    if ctx.subject != "chase":
        raise _GapError(f"effect: {m.group(0)} (no spell or ability named before)")
    return [{"op": "cancel", "target": {"kind": "that", "filter": {"zone": "chase", "types": []}}}]


@_effect(r"cancel target (?P<k>\[activate\]|activate|automatic) ability")
def _cancel_ability(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Cancel target [Activate] ability." (FoW-5.5 10.11): an ability of that kind in the chase area
    kind = "automatic" if m.group("k").lower() == "automatic" else "activate"
    flt: JsonDict = {"zone": "chase", "types": [], "abilities": [kind]}
    return [{"op": "cancel", "target": {"kind": "chosen", "filter": flt}}]
