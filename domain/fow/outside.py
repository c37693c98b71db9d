"""Out of the game (FoW-5.5 3.16): the cards a player owns outside the game - their removed area and their
sideboard (in a tournament, 3.16 p1.2; otherwise the cards of their collection not in their deck, p1.1),
declared with the deck (``sideboard``) and kept in the hidden ``outside`` zone, which its owner sees.

Revealing a card from outside the game and keeping it revealed until the end of the game makes it public
("revealed outside the game"); what was revealed this game is remembered (``revealed_from_outside``)."""

from __future__ import annotations

from typing import Any

from domain.fow.cards import RevealOutside
from domain.fow.characteristics import matches, names_of
from domain.fow.context import Ctx
from domain.fow.state import OUT_OF_GAME, ChaseItem, GameState


def reveal_candidates(s: GameState, item: ChaseItem, eff: RevealOutside) -> list[str]:
    """The cards ``eff`` may reveal: the controller's, outside the game (3.16 p1), not revealed yet."""
    you, src = item.controller, item.source
    if eff.filter is None:  # "reveal this card you own from outside the game"
        obj = s.objects[src]
        found = [src] if obj.zone in OUT_OF_GAME and obj.owner == you else []
    else:
        found = [o for z in OUT_OF_GAME for o in s.zones[you][z] if matches(s, eff.filter, o, you, src)]
    found = [o for o in found if not s.objects[o].revealed]
    if eff.new_name:  # "If you did not already reveal a card that shares a name with this card this game" (2.2)
        seen = {n for o in s.players[you].revealed_from_outside for n in names_of(s, o)}
        found = [o for o in found if not names_of(s, o) & seen]
    return found


def reveal_outside(ctx: Ctx, item: ChaseItem, eff: RevealOutside, cause: str, choice: Any) -> str | None:
    """The controller chooses up to ``eff.count`` of the candidates (none: "you may" declined), asked as
    ``reveal_outside`` (the options name hidden cards: the chooser's only); those are revealed until the end
    of the game (``CardRevealed`` with ``until: end_of_game``)."""
    s = ctx.s
    you = item.controller
    if choice is None:
        cards = reveal_candidates(s, item, eff)
        if not cards:
            return cause  # nothing to reveal: the effect does nothing (9.3 p3)
        asked = {"item": item.id, "source": item.source, "cards": cards, "min": 0, "max": eff.count}
        ctx.ask(you, "reveal_outside", asked, "3.16 p1", cause=cause)
        return None
    chosen = {"item": item.id, "player": you, "revealed": list(choice)}
    cause = ctx.emit("OptionChosen", chosen, "3.16 p1", cause=cause, actor=you)
    for oid in choice:
        data = {"oid": oid, "player": you, "card": s.objects[oid].card, "until": "end_of_game"}
        cause = ctx.emit("CardRevealed", data, "3.16 p1", cause=cause)
    return cause
