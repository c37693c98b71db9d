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
