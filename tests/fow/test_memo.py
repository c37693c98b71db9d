"""Characteristics (FoW-5.5 9.9) remembered within one engine call (``domain.fow.memo``): a read
after an event of the same call, a read in a later call after the state changed in place, and a
caller changing the characteristics it got, all see the state as it is."""

from __future__ import annotations

from domain.fow import memo
from domain.fow.characteristics import Chars, characteristics
from domain.fow.state import GameState, apply_event
from domain.kernel import Event
from tests.fow.support import start_game


def _resonator_in_field(state: GameState) -> str:
    """A resonator of p1's deck put into their field (a test's set-up, outside any engine call)."""
    oid = next(o for o in state.zones["p1"]["main_deck"] if state.card_of(o).type == "resonator")
    state.zones["p1"]["main_deck"].remove(oid)
    state.zones["p1"]["field"].append(oid)
    state.objects[oid].zone = "field"
    return oid


def test_characteristics_are_read_afresh_after_an_event_and_in_each_call() -> None:
    """FoW-5.5 9.9, 10.21 p2: a +100/+100 counter put in the middle of a call counts at once; a
    counter removed in place between two calls (seq unchanged) counts in the next call."""
    state, _ = start_game(seed=3)
    oid = _resonator_in_field(state)
    printed = state.card_of(oid).atk
    assert printed is not None

    @memo.within_one_call
    def read_around_an_event() -> tuple[Chars, Chars, Chars]:
        first = characteristics(state, oid)
        first.skills.add("marked")  # the caller's own copy: no later read sees it
        again = characteristics(state, oid)
        data = {"oid": oid, "counter": "+100/+100", "count": 1}
        apply_event(state, Event(state.seq + 1, "CounterPut", data, "FoW-5.5 10.21 p2", "test"))
        return first, again, characteristics(state, oid)

    first, again, after = read_around_an_event()
    assert first.atk == printed and "marked" not in again.skills
    assert after.atk == printed + 100
    state.objects[oid].counters.clear()  # changed in place between calls, as a set-up may
    assert memo.within_one_call(lambda: characteristics(state, oid).atk)() == printed
    assert memo.current() is None  # nothing is remembered outside a call
