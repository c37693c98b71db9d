"""Answers that do not depend on what their sender cannot see (docs/hidden-information.md).

A command may name an object its sender cannot see: the opponent's hand or face-down cards,
any deck, the sender's own face-down life.  Left alone, the rules engine would answer with what
it knows of that object ("Gate of Dusk (p1-g08) is not in your hand"), so a player could read
hidden cards one id at a time.  Each engine's ``decide`` therefore passes its answers through
:func:`blind_answer`: when a command names an object the sender may not see, the command is
decided again with every such id replaced by an id that names no object, and the refusal of
that is returned (with the ids put back), even if the command itself would be accepted.  A hidden
object is thus answered exactly as an object that does not exist, whatever card it is and
wherever it lies.

What a player may see is each engine's own ``is_visible`` (the one its ``view`` and
``redact_event`` use), plus the objects its decision offers it (a search shows the searched
cards to the searcher) and those its legal actions name (:func:`nameable`).  A command is
decided twice only when it names such a hidden object.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from typing import Any

from domain.kernel import Command, Rejection

UNSEEN = "unseen~"
"""How the ids standing for hidden objects begin: no object id does, and ``repr`` leaves them alone."""


def strings(value: Any) -> Iterator[str]:
    """Every string inside a JSON value: the values, and the keys of its objects."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for k, v in value.items():
            yield from strings(k)
            yield from strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from strings(v)


def _substitute(value: Any, names: Mapping[str, str]) -> Any:
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, Mapping):
        return {_substitute(k, names): _substitute(v, names) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_substitute(v, names) for v in value]
    return value


def unnameable(command: Command, objects: Collection[str], may_name: Callable[[str], bool]) -> list[str]:
    """The objects ``command`` names (among ``objects``) that its sender may not name, in the order
    it names them: those :func:`blind_answer` answers for."""
    named = [s for s in dict.fromkeys(strings(command.args)) if s in objects]
    return [oid for oid in named if not may_name(oid)]


def blind_answer(
    answer: Any,
    command: Command,
    objects: Collection[str],
    may_name: Callable[[str], bool],
    decide: Callable[[Command], Any],
    unseen: Callable[[str], Rejection],
) -> Any:
    """The answer to ``command`` (``answer``: its events or its refusal) that does not depend
    on the objects it names and its sender may not name.

    ``objects`` are the game's object ids, ``may_name(oid)`` tells whether the sender may see or
    name an object, ``decide`` decides a command in the same state, and ``unseen(oid)`` is the
    refusal for an object that cannot be seen, should the engine accept the command once the
    hidden objects are replaced.  A command the engine accepts is refused too when it names such
    an object: otherwise the refusals of the others would tell it apart (a Luck & Logic Trance
    naming a card of one's deck is accepted only if that card is a Tranceunion)."""
    hidden = unnameable(command, objects, may_name)
    if not hidden:
        return answer
    names = {oid: f"{UNSEEN}{i}" for i, oid in enumerate(hidden, 1)}
    blind = Command(command.type, command.player, _substitute(dict(command.args), names), command.id)
    again = decide(blind)
    if not isinstance(again, Rejection):
        return unseen(hidden[0])
    message = again.message
    for oid, stand_in in sorted(names.items(), key=lambda kv: -len(kv[1])):  # unseen~12 before unseen~1
        message = message.replace(stand_in, oid)
    return Rejection(again.code, again.rule, message)


def unseen_card(oid: str) -> str:
    """The refusal's sentence for an object id that names no card the sender can see (there
    may be none): the same in every engine, so it tells nothing either way."""
    return f"there is no card {oid!r} in this game that you can see"


def decide_blind(
    state: Any,
    command: Command,
    decide: Callable[[Any, Command], Any],
    may_name: Callable[[Any, str], Callable[[str], bool]],
    unseen: Callable[[str], Rejection],
) -> Any:
    """An engine's ``decide``: its own ``decide(state, command)``, answered through
    :func:`blind_answer` for a live game and one of its players (``may_name(state, player)``
    as :func:`nameable` builds it; ``unseen(oid)`` the engine's refusal of an object it cannot
    see, citing its own rule)."""
    answer = decide(state, command)
    if state.finished or command.player not in state.players:
        return answer
    return blind_answer(
        answer, command, state.objects, may_name(state, command.player), lambda c: decide(state, c), unseen
    )


def named_by(value: Any, objects: Collection[str]) -> set[str]:
    """The object ids inside a JSON value (decision options, legal actions)."""
    return {s for s in strings(value) if s in objects}


def nameable(
    state: Any,
    player: str,
    is_visible: Callable[[Any, str, str], bool],
    legal_actions: Callable[[Any, str], Sequence[Command]],
) -> Callable[[str], bool]:
    """Whether ``player`` may name an object in a command: they may see it (the engine's
    ``is_visible``), or their pending decision offers it (a search shows the searched cards to
    the searcher), or one of their legal actions names it.  The last two are looked up once, and
    only for an object the player cannot see."""
    offered: set[str] | None = None

    def check(oid: str) -> bool:
        nonlocal offered
        if is_visible(state, oid, player):
            return True
        pending = state.pending
        if pending is not None and pending.player == player and oid in named_by(pending.options, state.objects):
            return True
        if offered is None:
            offered = named_by(
                [[c.args, list(c.choice.candidates) if c.choice else []] for c in legal_actions(state, player)],
                state.objects,
            )
        return oid in offered

    return check


def own_deck_list(cards: Mapping[str, Any], objects: Iterable[Mapping[str, Any]], viewer: str) -> dict[str, Any]:
    """``GameStarted``'s card data as ``viewer`` may see it: the cards of their own deck (with
    the cards those refer to, such as a J-ruler or the other side of a card), never the
    opponent's deck list, of which they see only how many cards are in each zone (the objects,
    without their card).  A card of the opponent's is named by the events and the view once
    it is seen."""
    wanted = [o["card"] for o in objects if o.get("owner") == viewer and o.get("card") in cards]
    mine: dict[str, Any] = {}
    while wanted:
        cid = wanted.pop()
        if cid in mine:
            continue
        mine[cid] = cards[cid]
        wanted += [ref for ref in strings(cards[cid]) if ref in cards and ref not in mine]
    return {cid: c for cid, c in cards.items() if cid in mine}
