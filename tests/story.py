"""Engine-independent pieces of the "given events / when command / then events or rejection"
harness, shared by the three engines' harnesses (``tests/fow/support.py``,
``tests/gcg/support.py``, ``tests/ll/support.py``): each binds :class:`Drivers` to its engine
and its state's ``apply_event`` and re-exports the helpers it uses."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any

from domain.kernel import Command, Event, GameSpec, Rejection


class Drivers:
    """The story drivers of one engine: its ``start`` / ``decide`` / ``state_to_dict``, its
    state class and ``apply_event``, and the ruleset its given facts cite."""

    def __init__(
        self,
        engine: ModuleType,
        new_state: Callable[[], Any],
        apply_event: Callable[[Any, Event], None],
        ruleset: str,
    ) -> None:
        self.engine = engine
        self.new_state = new_state
        self.apply_event = apply_event
        self.ruleset = ruleset

    def start_until(
        self, spec: Callable[[int], GameSpec], cards: Any, *, seed: int, first: str | None
    ) -> tuple[Any, list[Event]]:
        """A started game; with ``first`` set, seeds from ``seed`` on are tried until that
        player goes first."""
        for attempt in range(seed, seed + 50):
            result = self.engine.start(spec(attempt), cards)
            assert not isinstance(result, Rejection), result
            state = self.new_state()
            for e in result:
                self.apply_event(state, e)
            if first is None or state.first_player == first:
                return state, list(result)
        raise AssertionError("no seed found")  # pragma: no cover

    def given(self, state: Any, type_: str, **data: Any) -> None:
        """Given: a recorded fact, applied without checking any rule."""
        self.apply_event(state, Event(state.seq + 1, type_, data, f"{self.ruleset} given", "given"))

    def run(self, state: Any, command: Command) -> list[Event]:
        """When: the command is accepted; apply its events to ``state`` and return them."""
        result = self.engine.decide(state, command)
        assert not isinstance(result, Rejection), f"{command.type} rejected: {result}"
        for e in result:
            self.apply_event(state, e)
        return result

    def rejected(self, state: Any, command: Command) -> Rejection:
        """When: the command is refused; the state must be untouched."""
        before = self.engine.state_to_dict(state)
        result = self.engine.decide(state, command)
        assert isinstance(result, Rejection), f"{command.type} was accepted: {[e.type for e in result]}"
        assert self.engine.state_to_dict(state) == before
        return result


def cmd(type_: str, player: str, **args: Any) -> Command:
    return Command(type_, player, args, id=f"{type_}-{player}")


def types(events: Iterable[Event]) -> list[str]:
    return [e.type for e in events]


def find(events: Iterable[Event], type_: str, **match: Any) -> Event:
    for e in events:
        if e.type == type_ and all(e.data.get(k) == v for k, v in match.items()):
            return e
    raise AssertionError(f"no {type_} {match or ''} among {types(events)}")


def find_all(events: Iterable[Event], type_: str, **match: Any) -> list[Event]:
    return [e for e in events if e.type == type_ and all(e.data.get(k) == v for k, v in match.items())]


def pending(state: Any) -> tuple[str, str]:
    assert state.pending is not None
    return state.pending.kind, state.pending.player


def deck_settings(ruleset: str, automatic_cards: str = "never") -> dict[str, str]:
    """What a deck of ``ruleset`` says besides its cards: under FoW-5.5 whether its player is asked
    to reveal automatic cards from the hand (``automatic_cards_in_hand``, FoW-5.5 9.6 p2), which a
    deck holding such a card must say (the fire starter deck holds one)."""
    return {"automatic_cards_in_hand": automatic_cards} if ruleset == "FoW-5.5" else {}
