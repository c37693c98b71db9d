"""Effects that ask a player (``ChoiceRequested``) as they resolve and apply the answer: look at
the top cards, keep one, search, choose a race, choose cards from the hand or graveyard."""

from __future__ import annotations

from typing import Any

from domain.fow.cards import ChooseARace, Discard, Filter, KeepOne, LookTop, PutIntoField, Search, Target, links_removed
from domain.fow.characteristics import matches, names_of, total_cost
from domain.fow.context import Ctx
from domain.fow.matching import _filter_match, _fits_field_alone, _search_match
from domain.fow.movement import move, shuffle
from domain.fow.state import ChaseItem, GameState
from domain.fow.targets import _targets_of
from domain.fow.trigger_checks import check_triggers


def _look_and_discard(
    ctx: Ctx, item: ChaseItem, eff: Discard, target: Target, group: list[str] | None, cause: str, choice: Any
) -> str | None:
    """ "Look at target opponent's hand and choose a card. They discard that card.": the controller
    sees the target player's hand (in the options of the choice, for them only) and chooses the cards
    (10.13 p1; none if none matches); that player discards them (10.18 p1)."""
    s = ctx.s
    you, src = item.controller, item.source
    players = [t for t in _targets_of(ctx, item, target, group) if t in s.players]
    if not players:
        return cause
    p = players[0]
    hand = list(s.zones[p]["hand"])
    legal = [o for o in hand if eff.filter is None or matches(s, eff.filter, o, you, src)]
    if choice is None:
        options = {
            "item": item.id,
            "player": p,
            "hand": {o: s.objects[o].card for o in hand},  # looked at: shown to the chooser only
            "cards": legal,
            "count": min(eff.count, len(legal)),
        }
        ctx.ask(you, "discard_chosen", options, "10.13 p1", cause=cause)
        return None
    for oid in choice:
        cause = move(ctx, oid, "graveyard", cause, rule="10.18 p1", reason="discard", actor=you)  # you chose them
    return cause


def _keep_one(ctx: Ctx, item: ChaseItem, eff: KeepOne, cause: str, choice: Any) -> str | None:
    """ "Each player chooses a resonator they control, then each player banishes all other resonators
    they control": the choices in turn, the turn player's first, each asked with those made before
    (``kept``); then every player banishes the rest (FoW-5.5 10.10 p1, p2).  Where the rules order
    the choices of both players they do so: the turn (or first) player, then the other, who knows
    the first choice (4.2 p4, 9.6 p5, 14.1 p1.2)."""
    s = ctx.s
    players = [s.turn_player, s.opponent(s.turn_player)]

    def candidates(p: str) -> list[str]:
        mine = [o for o in s.zones[p]["field"] if s.objects[o].controller == p]  # 10.10 p2
        return [o for o in mine if matches(s, eff.filter, o, p, item.source)]

    kept: dict[str, list[str]] = {}
    if choice is not None and s.pending is not None:  # an answer: the choices before it, and this one
        before = s.pending.options.get("kept")
        kept = {str(p): [str(o) for o in os] for p, os in before.items()} if isinstance(before, dict) else {}
        chooser = s.pending.player
        kept[chooser] = list(choice)
        data = {"item": item.id, "player": chooser, "kept": list(choice)}
        cause = ctx.emit("OptionChosen", data, "10.10 p1", cause=cause, actor=chooser)
    for p in players:
        if p in kept:
            continue
        cards = candidates(p)
        if len(cards) <= 1:  # nothing to choose: that one is kept
            kept[p] = cards
            continue
        asked = {"item": item.id, "cards": cards, "count": 1, "kept": {q: list(os) for q, os in kept.items()}}
        ctx.ask(p, "keep", asked, "10.10 p1", cause=cause)
        return None
    for p in players:
        for oid in candidates(p):
            if oid not in kept.get(p, []):
                cause = move(ctx, oid, "graveyard", cause, rule="10.10 p1", reason="banish", actor=p)
    return cause


def _choose_a_race(ctx: Ctx, item: ChaseItem, eff: ChooseARace, you: str, cause: str, choice: Any) -> str | None:
    """ "Choose a race.": asked as the effect resolves (``ChoiceRequested`` kind ``race``, answered by
    ``ChooseRace``); the chosen race is recorded and read by the effects that follow (2.5 p1)."""
    if choice is None:
        asked = {"item": item.id, "source": item.source, "races": list(eff.choices)}
        ctx.ask(you, "race", asked, "2.5 p1", cause=cause)
        return None
    chosen = {"item": item.id, "player": you, "race": choice, "chosen_race": True}
    return ctx.emit("OptionChosen", chosen, "2.5 p1", cause=cause, actor=you)


def _look_top(ctx: Ctx, item: ChaseItem, eff: LookTop, cause: str, choice: Any) -> str | None:
    """Look at or reveal the top cards (the player looking may see them, 3.1 p2; revealed ones
    every player, 10.4 p1), put the chosen ones into the hand and the rest where the card says."""
    s = ctx.s
    you = item.controller
    pile: str = eff.pile
    if pile == "either":  # "your main deck or magic stone deck": the deck chosen first (9.3 p3.2)
        decks = ["main_deck", "stone_deck"]
        if choice is None:
            asked = {"item": item.id, "source": item.source, "choices": decks}
            ctx.ask(you, "option", asked, "9.3 p3.2", cause=cause)
            return None
        if isinstance(choice, int):
            chosen = {"item": item.id, "player": you, "deck": decks[choice]}
            cause = ctx.emit("OptionChosen", chosen, "9.3 p3.2", cause=cause, actor=you)
            pile, choice = decks[choice], None
        else:  # the cards looked at are still on top of the chosen deck
            pile = next((s.objects[o].zone for o in choice[1]), "main_deck")
    if choice is None:
        owner = s.opponent(you) if eff.deck == "opponent" else you
        looked = list(reversed(s.zones[owner][pile][-eff.count :]))  # from the top
        if not looked:
            return cause
        if owner != you:  # the looker sees them, no one else (3.1 p2): named in their view only
            for oid in looked:
                data = {"player": you, "oid": oid, "card": s.objects[oid].card}
                cause = ctx.emit("CardLookedAt", data, "3.1 p2", cause=cause)
        if eff.reveal:
            for oid in looked:
                cause = ctx.emit("CardRevealed", {"oid": oid, "player": you}, "10.4 p1", cause=cause)
        matching = [oid for oid in looked if _filter_match(s, eff.filter, oid)]
        if eff.to == "field":  # no spell, no addition that needs a host (3.15 p4, 7.2 p4)
            matching = [oid for oid in matching if _fits_field_alone(s, oid)]
        if eff.new_stone_name:  # "if you don't control a magic stone with the same name" (2.2)
            yours = {n for o in s.zones[you]["stone_area"] for n in names_of(s, o)}
            matching = [oid for oid in matching if not names_of(s, oid) & yours]
        least = 0 if eff.up_to else min(eff.pick, len(matching))
        options = {"item": item.id, "looked": looked, "cards": matching, "min": least, "max": eff.pick}
        rule = "10.13 p1" if eff.reveal else "10.13 p2"
        ctx.ask(you, "look", options, rule, cause=cause)
        return None
    picked, order = choice
    for oid in picked:
        if eff.to == "bottom":
            cause = move(ctx, oid, "main_deck", cause, rule="3.1 p5", reason="look", position="bottom", actor=you)
            continue
        if eff.to == "field":  # put, not played (10.13 p2)
            cause = move(ctx, oid, "field", cause, rule="10.13 p2", reason="look", controller=you, actor=you)
            continue
        if eff.to == "stone_area":  # put into your magic stone area (3.7)
            cause = move(ctx, oid, "stone_area", cause, rule="10.13 p2", reason="look", controller=you, actor=you)
            continue
        revealed = eff.reveal or eff.reveal_picked
        cause = move(ctx, oid, "hand", cause, rule="10.13 p2", reason="look", revealed=revealed, actor=you)
    if eff.rest == "top":  # back on top, the first listed on top (3.1 p4)
        order = list(reversed(order)) if len(order) > 1 else []
    for oid in order:  # the rest, in the order the player chose (3.1 p4)
        if eff.rest == "top":
            cause = move(ctx, oid, pile, cause, rule="3.1 p4", reason="look", actor=you)
        elif eff.rest == "graveyard":
            cause = move(ctx, oid, "graveyard", cause, rule="3.1 p5", reason="look", actor=you)
        elif eff.rest == "bottom":
            cause = move(ctx, oid, "main_deck", cause, rule="3.1 p5", reason="look", position="bottom", actor=you)
        else:
            cause = move(ctx, oid, "removed", cause, rule="3.12 p2.1", reason="look", face_down=True, actor=you)
    return cause


def _put_chosen_into_field(
    ctx: Ctx, item: ChaseItem, eff: PutIntoField, flt: Filter, cause: str, choice: Any
) -> str | None:
    """ "Put a Fairy resonator from your hand into your field": the player chooses one matching
    card as the effect resolves (from the public graveyard one must be chosen if any, 10.13 p1;
    from the hand, a hidden zone, they may find none, 10.13 p2)."""
    s = ctx.s
    you = item.controller
    if choice is None:
        owners = s.order if links_removed(flt) else [you]  # "a card removed by this card": any removed area
        cards = [
            oid
            for owner in owners
            for oid in s.zones[owner][flt.zone]
            if matches(s, flt, oid, you, item.source) and _search_match(s, Search(to="field"), oid, you, item.source)
        ]
        if not cards:
            return cause
        least = 1 if flt.zone == "graveyard" else 0
        options = {"item": item.id, "looked": cards, "cards": cards, "min": least, "max": 1}
        rule = "10.13 p1" if least else "10.13 p2"
        ctx.ask(you, "look", options, rule, cause=cause)
        return None
    for oid in choice[0]:
        cause = move(ctx, oid, "field", cause, rule="10.13 p2", reason="put", controller=you, actor=you)
        if s.objects[oid].zone == "field" and eff.rested:
            cause = ctx.emit("CardRested", {"oid": oid, "reason": "effect"}, "10.12 p1", cause=cause)
        if s.objects[oid].zone == "field" and eff.triggers_enter:  # the card text says so (1.4 p1)
            check_triggers(ctx, "enter", cause, oid=oid)
    return cause


def _ask_from_graveyard(ctx: Ctx, item: ChaseItem, count: int, up_to: bool, cause: str) -> str | None:
    """Ask the controller of ``item`` to choose ``count`` cards of their graveyard (as many as it
    holds; ``up_to``: from none) for an effect on cards "in your graveyard", a public zone (10.13 p1):
    None while it waits, the cause if the graveyard is empty."""
    you = item.controller
    cards = list(ctx.s.zones[you]["graveyard"])
    if not cards:
        return cause
    n = min(count, len(cards))
    asked = {"item": item.id, "looked": cards, "cards": cards, "min": 0 if up_to else n, "max": n}
    ctx.ask(you, "look", asked, "10.13 p1", cause=cause)
    return None


def _ask_from_hand(ctx: Ctx, item: ChaseItem, count: int, cause: str, *, any_number: bool = False) -> str | None:
    """Ask the controller of ``item`` to choose ``count`` cards of their hand (as many as it holds;
    ``any_number``: from none to all) for an effect on cards "from your hand" (10.13 p2): None while
    it waits, the cause if the hand is empty."""
    you = item.controller
    hand = list(ctx.s.zones[you]["hand"])
    if not hand:
        return cause
    n = min(count, len(hand))
    least, most = (0, len(hand)) if any_number else (n, n)
    asked = {"item": item.id, "looked": hand, "cards": hand, "min": least, "max": most}
    ctx.ask(you, "look", asked, "10.13 p2", cause=cause)
    return None


def and_or_pairs(s: GameState, eff: Search, candidates: list[str]) -> list[tuple[str, str]]:
    """The pairs of cards a search for "a X and/or a Y" may find together: one matching each filter."""
    assert eff.and_or is not None
    second = eff.and_or
    return [
        (a, b)
        for i, a in enumerate(candidates)
        for b in candidates[i + 1 :]
        if (_filter_match(s, eff.filter, a) and _filter_match(s, second, b))
        or (_filter_match(s, eff.filter, b) and _filter_match(s, second, a))
    ]


def _search_options(s: GameState, item: ChaseItem, eff: Search, candidates: list[str]) -> dict[str, Any]:
    """What a search asks its player: up to ``count`` of the matching cards; "for a card" names no
    information, so as many as can be must be found (10.13 p2: only a search for a card with
    specific information may fail to find one)."""
    asked: dict[str, Any] = {"item": item.id, "cards": candidates, "max": item.x if eff.count_x else eff.count}
    if eff.and_or is not None:  # "a X and/or a Y": at most one of each (10.13 p2)
        kinds = [[c for c in candidates if _filter_match(s, f, c)] for f in (eff.filter, eff.and_or)]
        return {**asked, "either": [list(pair) for pair in and_or_pairs(s, eff, candidates)], "kinds": kinds}
    if eff.filter == Filter(zone="main_deck", types=[]):
        asked["min"] = min(asked["max"], len(candidates))
    return asked


def _search_deck(ctx: Ctx, item: ChaseItem, eff: Search, cause: str, choice: Any) -> str | None:
    """Search the main or magic stone deck (10.13 p2) and put the found cards on top of it after
    shuffling the rest (the move is part of the shuffle, 10.20 p2.1) or into the magic stone area;
    then the rest is shuffled (10.20 p1).  "For a card" names no information: one must be found
    if the deck has any (10.13 p2)."""
    s = ctx.s
    you = item.controller
    deck = list(s.zones[you][eff.deck])
    if choice is None:
        if not deck:
            return cause
        candidates = [oid for oid in deck if _filter_match(s, eff.filter, oid)]
        if eff.filter.max_total_cost_x:  # "with total cost X or less": the X paid (9.3 p2.5, 2.3)
            candidates = [oid for oid in candidates if total_cost(s.card_of(oid)) <= item.x]
        asked = _search_options(s, item, eff, candidates)
        ctx.ask(you, "search", asked, "10.13 p2", cause=cause)
        return None
    found = list(choice)
    if eff.to == "stone_area":
        for oid in found:
            cause = move(ctx, oid, "stone_area", cause, rule="10.13 p2", reason="search", controller=you, actor=you)
            if eff.rested and s.objects[oid].zone == "stone_area":
                cause = ctx.emit("CardRested", {"oid": oid, "reason": "effect"}, "10.12 p1", cause=cause)
        return shuffle(ctx, you, eff.deck, list(s.zones[you][eff.deck]), cause, rule="10.20 p1")
    from domain.kernel import Shuffler

    rest = [oid for oid in deck if oid not in found]
    index = s.shuffles
    order = Shuffler(s.seed, index).shuffled(rest) + found  # the found card on top (the end of the list)
    data = {"player": you, "zone": eff.deck, "order": order, "shuffle_index": index, "on_top": found}
    return ctx.emit("DeckShuffled", data, "10.20 p2.1", cause=cause)
