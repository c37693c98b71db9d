"""Out of the game (FoW-5.5 3.16): the cards a player owns outside the game - their removed area and their
sideboard (in a tournament, 3.16 p1.2; otherwise the cards of their collection not in their deck, p1.1),
declared with the deck (``sideboard``) and kept in the hidden ``outside`` zone, which its owner sees.

Revealing a card from outside the game and keeping it revealed until the end of the game makes it public
("revealed outside the game"); what was revealed this game is remembered (``revealed_from_outside``).

What the opponent may not learn (3.1 p2): whether a sideboard holds a card an effect looks for.  So a
question about the cards outside the game is asked whenever its player has hidden cards there, even if none
fits (its options, the fitting cards, are the chooser's only); and the abilities working in the sideboard "At
the beginning of the game" (9.2 p2) are asked of every player with cards in their sideboard, one question
each (:func:`ask_beginning_of_game`), before any of them triggers."""

from __future__ import annotations

from typing import Any

from domain.fow.cards import Ability, PutFromOutside, RevealOutside
from domain.fow.characteristics import matches, names_of
from domain.fow.context import Ctx
from domain.fow.matching import _fits_field_alone
from domain.fow.movement import move, movement_blocked
from domain.fow.state import OUT_OF_GAME, ChaseItem, GameState
from domain.fow.trigger_checks import add_trigger

BEGINNING = "beginning_of_game_reveal"
"""The question of :func:`ask_beginning_of_game` (``ChoiceRequested`` kind), answered by ``ChooseCards``."""


def hidden_outside(s: GameState, player: str) -> bool:
    """Whether ``player`` has cards outside the game the opponent cannot see: unrevealed sideboard cards
    (3.16 p1; the removed area is public, 3.12)."""
    return any(not s.objects[o].revealed for o in s.zones[player]["outside"])


def _candidates(s: GameState, you: str, src: str, eff: RevealOutside) -> list[str]:
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


def reveal_candidates(s: GameState, item: ChaseItem, eff: RevealOutside) -> list[str]:
    """The cards ``eff`` may reveal: the controller's, outside the game (3.16 p1), not revealed yet."""
    return _candidates(s, item.controller, item.source, eff)


def _beginning_reveal(ability: Ability) -> RevealOutside | None:
    """The "you may reveal this card" of an ability working in the sideboard at the beginning of the game."""
    if ability.kind != "automatic" or not ability.from_outside or ability.trigger != "beginning_of_game":
        return None
    return next((e for e in ability.effects if isinstance(e, RevealOutside) and e.filter is None), None)


def _beginning_abilities(s: GameState, pid: str) -> list[tuple[str, int, RevealOutside]]:
    """``pid``'s sideboard cards with an ability revealing them at the beginning of the game (9.2 p2)."""
    out = []
    for src in s.zones[pid]["outside"]:
        for i, ability in enumerate(s.card_of(src).abilities):
            reveal = _beginning_reveal(ability)
            if reveal is not None:
                out.append((src, i, reveal))
    return out


def ask_beginning_of_game(ctx: Ctx, cause: str, after: str | None = None) -> bool:
    """Ask the next player in turn order (after ``after``) who has hidden cards in their sideboard which
    of them they reveal with their "At the beginning of the game >>> ... you may reveal this card you own
    from outside the game" abilities (9.2 p2, 3.16 p1): the "may" of each, answered as it would trigger.
    Everyone with hidden sideboard cards is asked, whether or not one has such an ability (the options,
    the cards that do, are theirs only): playing the abilities of the cards not revealed would show the
    opponent what the sideboard holds (3.1 p2).  Whether someone was asked."""
    s = ctx.s
    tp = s.turn_player or s.order[0]
    order = s.order[s.order.index(tp) :] + s.order[: s.order.index(tp)]
    rest = order if after is None else order[order.index(after) + 1 :]
    for pid in rest:
        if not hidden_outside(s, pid):
            continue
        cards = list(
            dict.fromkeys(src for src, _, eff in _beginning_abilities(s, pid) if _candidates(s, pid, src, eff))
        )
        asked: dict[str, Any] = {"cards": cards, "min": 0, "max": len(cards)}
        # "If you did not already reveal a card that shares a name with this card this game": one of a name
        named = [src for src, _, eff in _beginning_abilities(s, pid) if eff.new_name and src in cards]
        if named:
            names = sorted({min(names_of(s, o)) for o in named})
            groups = [[o for o in named if min(names_of(s, o)) == n] for n in names]
            groups += [[o] for o in cards if o not in named]
            asked["groups"] = groups
        ctx.ask(pid, BEGINNING, asked, "3.16 p1", cause=cause)
        return True
    return False


def answer_beginning_of_game(ctx: Ctx, player: str, cards: list[str], cause: str) -> str:
    """The cards ``player`` chose to reveal at the beginning of the game: their abilities trigger (9.2 p2),
    to be played as any (9.6); the "may" of each is answered (``OptionChosen``), so each reveals its card as
    it resolves (:func:`reveal_outside`) if it still can.  Those not chosen do nothing and never show."""
    s = ctx.s
    chosen = {"player": player, "revealed": list(cards)}
    cause = ctx.emit("OptionChosen", chosen, "3.16 p1", cause=cause, actor=player)
    for src, i, _ in _beginning_abilities(s, player):
        if src in cards:
            add_trigger(ctx, player, src, i, cause, rule="9.2 p2")
    return cause


def reveal_outside(ctx: Ctx, item: ChaseItem, eff: RevealOutside, cause: str, choice: Any) -> str | None:
    """The controller chooses up to ``eff.count`` of the candidates (none: "you may" declined), asked as
    ``reveal_outside`` (the options name hidden cards: the chooser's only); those are revealed until the end
    of the game (``CardRevealed`` with ``until: end_of_game``).  An ability revealing its own card at the
    beginning of the game was chosen before it triggered (:func:`ask_beginning_of_game`): it reveals its
    card, if it still can, without asking again."""
    s = ctx.s
    you = item.controller
    if _answered_before(s, item):
        for oid in reveal_candidates(s, item, eff):
            data = {"oid": oid, "player": you, "card": s.objects[oid].card, "until": "end_of_game"}
            cause = ctx.emit("CardRevealed", data, "3.16 p1", cause=cause)
        return cause
    if choice is None:
        cards = reveal_candidates(s, item, eff)
        if not cards and not hidden_outside(s, you):
            return cause  # nothing to reveal, as everyone can see: the effect does nothing (9.3 p3)
        # asked even with nothing to offer while the sideboard holds hidden cards: whether one of them fits
        # is the chooser's to know, not the opponent's (3.1 p2)
        asked = {"item": item.id, "source": item.source, "cards": cards, "min": 0, "max": eff.count}
        ctx.ask(you, "reveal_outside", asked, "3.16 p1", cause=cause)
        return None
    chosen = {"item": item.id, "player": you, "revealed": list(choice)}
    cause = ctx.emit("OptionChosen", chosen, "3.16 p1", cause=cause, actor=you)
    for oid in choice:
        data = {"oid": oid, "player": you, "card": s.objects[oid].card, "until": "end_of_game"}
        cause = ctx.emit("CardRevealed", data, "3.16 p1", cause=cause)
    return cause


def _answered_before(s: GameState, item: ChaseItem) -> bool:
    """Whether ``item`` is an ability revealing its own card at the beginning of the game, whose "may" its
    controller answered before it triggered (:func:`ask_beginning_of_game`)."""
    if item.kind != "ability" or item.ability < 0 or item.source not in s.objects:
        return False
    abilities = s.card_of(item.source).abilities
    return item.ability < len(abilities) and _beginning_reveal(abilities[item.ability]) is not None


def put_candidates(s: GameState, item: ChaseItem, eff: PutFromOutside) -> list[str]:
    """The cards ``eff`` may put: the controller's, outside the game (3.16 p1), matching its filter, that can
    go where it puts them - a field without a host (3.15 p4), a hand or a ruler area (3.15 p3, p5)."""
    you, src = item.controller, item.source
    found = [o for z in OUT_OF_GAME for o in s.zones[you][z] if matches(s, eff.filter, o, you, src)]
    if eff.to == "field":
        return [o for o in found if _fits_field_alone(s, o)]
    if eff.to == "ruler_area":  # a ruler, ruler side up (3.8 p1)
        return [o for o in found if s.card_of(o).type == "ruler" and s.objects[o].side == "front"]
    return [o for o in found if movement_blocked(s, o, eff.to) is None]


def put_from_outside(ctx: Ctx, item: ChaseItem, eff: PutFromOutside, cause: str, choice: Any) -> str | None:
    """The controller chooses the cards (``ChoiceRequested`` kind ``put_from_outside``, its options theirs
    only; asked while hidden cards are outside the game even if none fits, 3.1 p2); each chosen is revealed
    (``CardRevealed``, 10.4 p1) and put into their field, hand or ruler area (``CardMoved``, 3.16 p1)."""
    s = ctx.s
    you = item.controller
    if choice is None:
        cards = put_candidates(s, item, eff)
        if not cards and not hidden_outside(s, you):
            return cause  # nothing to put, as everyone can see: the effect does nothing (9.3 p3)
        public = [o for o in cards if s.objects[o].zone == "removed" or s.objects[o].revealed]
        least = 0 if eff.up_to else min(eff.count, len(public))  # a hidden card may go unfound (10.13 p2)
        asked = {"item": item.id, "source": item.source, "cards": cards, "min": least, "max": eff.count}
        ctx.ask(you, "put_from_outside", {**asked, "to": eff.to}, "3.16 p1", cause=cause)
        return None
    chosen = {"item": item.id, "player": you, "cards": list(choice)}
    cause = ctx.emit("OptionChosen", chosen, "3.16 p1", cause=cause, actor=you)
    for oid in choice:
        obj = s.objects[oid]
        if obj.zone not in OUT_OF_GAME:
            continue
        if not obj.revealed:  # "reveal ... and put it": everyone sees the card it is (10.4 p1)
            cause = ctx.emit("CardRevealed", {"oid": oid, "player": you, "card": obj.card}, "10.4 p1", cause=cause)
        if eff.to == "field":  # put, not played: no [Enter] (9.6 p1.1)
            cause = move(ctx, oid, "field", cause, rule="3.16 p1", reason="put", controller=you, actor=you)
        elif eff.to == "ruler_area":
            cause = move(ctx, oid, "ruler_area", cause, rule="3.16 p1", reason="put", controller=you, actor=you)
        else:
            cause = move(ctx, oid, eff.to, cause, rule="3.16 p1", reason="put", actor=you, revealed=True)
    return cause
