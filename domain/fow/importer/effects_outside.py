"""Effect sentences about cards outside the game (FoW-5.5 3.16 p1: a player's removed area and sideboard):
revealing them and keeping them revealed until the end of the game.

Registered after :mod:`domain.fow.importer.effects_first` (imported first for that)."""

from __future__ import annotations

import re

from domain.fow.importer import effects_first as _registered_before  # noqa: F401  (registry order)
from domain.fow.importer.conditions import _outside_selector
from domain.fow.importer.records import JsonDict, _GapError
from domain.fow.importer.sentences import _effect_before_logic
from domain.fow.importer.text import NUM, _Ctx, _number

_REVEALED_OUTSIDE = r"you own revealed outside the game"


@_effect_before_logic(
    r"(?P<new>if you did not already reveal a card that shares a name with this card this game, )?"
    rf"you may reveal (?P<what>this card|(?:an?|up to (?P<n>{NUM})) (?P<x>.+?)) (?:you own )?(?:from )?"
    rf"outside the game(?: that (?:does not|doesn't) share a name with other (?P<other>.+?) {_REVEALED_OUTSIDE})?"
    r" and keep (?:it|them) revealed until (?:the )?end of (?:the )?game"
)
def _reveal_outside(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    """ "You may reveal a Seven Kings ruler you own from outside the game that does not share a name with
    other Seven Kings rulers you own revealed outside the game and keep it revealed until end of game", "If
    you did not already reveal a card that shares a name with this card this game, you may reveal this card
    you own from outside the game and keep it revealed until end of game" (choosing none declines)."""
    sentence = m.group(0).strip()
    out: JsonDict = {"op": "reveal_outside"}
    if m.group("what").lower() != "this card":
        out["filter"] = _outside_selector(m.group("x"), ctx, f"effect: {sentence}")
        if m.group("n") is not None and _number(m.group("n")) != 1:
            out["count"] = _number(m.group("n"))
    elif m.group("other"):
        raise _GapError(f"effect: {sentence}")
    if m.group("other"):
        other = _outside_selector(m.group("other"), ctx, f"effect: {sentence}")
        out["filter"]["not_sharing_name_with"] = {**other, "revealed": True}
    if m.group("new"):
        if "filter" in out:
            raise _GapError(f"effect: {sentence}")
        out["new_name"] = True
    return [out]


_PUT_TO = r"(?:into|in) (?P<to>the field|your field|your hand|your ruler area)"
_WHAT = rf"(?P<what>an?|up to (?P<n>{NUM}))"
_FROM_OUTSIDE = r"(?:you own )?(?:from |form )?outside (?:of )?the game"
"""``you own from outside the game``; "form" is a misprint of "from" (CMB-015J), "outside of" (JRP-014)."""


@_effect_before_logic(rf"(?P<may>you may )?reveal {_WHAT} (?P<x>.+?) {_FROM_OUTSIDE},? and put (?:it|them) {_PUT_TO}")
def _reveal_and_put_from_outside(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    """ "You may reveal a card named "Magog, Artificial Eclipse" you own from outside the game and put it into
    the field" (FoW-5.5 3.16 p1, 10.4 p1)."""
    return [_put_from_outside(m, ctx)]


@_effect_before_logic(rf"(?P<may>you may )?put {_WHAT} (?P<x>.+?) {_FROM_OUTSIDE} {_PUT_TO}")
def _put_from_outside_sentence(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    """ "You may put a card named "Ark's Gears Grail" you own from outside the game into the field", "Put a
    revealed non-magic stone, non-J/ruler Machine you own from outside the game into your hand", "Put up to
    seven Seven Stars rulers you own from outside the game in your ruler area" (FoW-5.5 3.16 p1)."""
    return [_put_from_outside(m, ctx)]


def _put_from_outside(m: re.Match[str], ctx: _Ctx) -> JsonDict:
    """The ``put_from_outside`` effect of either sentence: the cards the controller owns outside the game
    (3.16 p1: "outside the game" is their removed area and sideboard, "you own" or not) matching the phrase."""
    sentence = m.group(0).strip()
    phrase = m.group("x").strip()
    revealed = re.match(r"revealed\s+", phrase, re.IGNORECASE)
    if revealed:  # "a revealed ... you own from outside the game": revealed outside the game (10.4 p1)
        phrase = phrase[revealed.end() :]
    to = m.group("to").lower()
    redundant = re.match(r"non-magic stone,? non-J/ruler ", phrase, re.IGNORECASE)
    if redundant and to == "your hand":  # neither a magic stone nor a ruler can go to a hand (3.15 p1, p5)
        phrase = phrase[redundant.end() :]
    if re.fullmatch(r'"[^"]+"', phrase):  # "a "Leginus, the Mechanical City"": a card of that name (2.2)
        phrase = f"card named {phrase}"
    flt = _outside_selector(phrase, ctx, f"effect: {sentence}")
    if revealed:
        flt["revealed"] = True
    out: JsonDict = {"op": "put_from_outside", "filter": flt}
    out["to"] = {"your hand": "hand", "your ruler area": "ruler_area"}.get(to, "field")
    if m.group("n") is not None:
        out["count"] = _number(m.group("n"))
        out["up_to"] = True
    if m.group("may"):
        out["up_to"] = True
    if out["to"] == "ruler_area" and flt.get("types") != ["ruler"]:
        raise _GapError(f"effect: {sentence}")  # only a ruler goes into a ruler area (3.15 p3)
    return out
