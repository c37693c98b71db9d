"""The working context of ``decide``: a private copy of the state, the events emitted so
far and the stack of work still to do.  Every emitted event is applied to the copy at
once, so later rule logic in the same decision sees its effect, and the list of events
replays to the same state.

``domain.fow.context.Ctx`` does not fit: it cites FoW rule versions and applies FoW
events.  This one adds the frame stack of :mod:`domain.gcg.flow` (the continuation that a
``ChoiceRequested`` event records when a player has to decide something mid-process)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from domain.gcg.state import GameState, apply_event
from domain.kernel import RULES_AUTHORITY, Event, Rejection, event_cause

RULESET = "GCG-1.00"

Frame = dict[str, Any]
"""One piece of pending work: JSON data only (lists, dicts, str, int, bool, None)."""


class RejectedError(Exception):
    """Raised inside ``decide`` to abandon a command; converted to a :class:`Rejection`."""

    def __init__(self, rejection: Rejection) -> None:
        super().__init__(rejection.message)
        self.rejection = rejection


def jcopy(data: Any) -> Any:
    """A deep copy of JSON data (faster than ``copy.deepcopy``)."""
    return json.loads(json.dumps(data))


def cite(rule: str) -> str:
    return f"{RULESET} {rule}"


class Ctx:
    def __init__(self, state: GameState, cause: str) -> None:
        self.s = state
        self.events: list[Event] = []
        self.cause = cause
        self.last: str | None = None
        self.stack: list[Frame] = []
        self.loops = 0
        self.seen: set[str] = set()
        """Check timing rounds of this decision, for the infinite loop rule (12.1.1.3)."""
        self.crush_tried: set[str] = set()
        """Battle cards the crush and destroy process already tried to destroy in this decision."""

    def emit(
        self, type_: str, data: Mapping[str, Any], rule: str, *, cause: str | None = None, actor: str = RULES_AUTHORITY
    ) -> str:
        """Record an event; returns its id (``ev:<seq>``).  Without an explicit cause an
        event follows from the previous event of this decision (or from the command)."""
        event = Event(
            seq=self.s.seq + 1,
            type=type_,
            data=dict(data),
            rule=cite(rule),
            cause=cause or self.last or self.cause,
            actor=actor,
        )
        apply_event(self.s, event)
        self.events.append(event)
        self.last = event_cause(event.seq)
        return self.last

    def reject(self, code: str, rule: str, message: str) -> RejectedError:
        return RejectedError(Rejection(code=code, rule=cite(rule), message=message))

    def fresh_id(self, prefix: str) -> str:
        return f"{prefix}{self.s.counter + 1}"

    # --- the frame stack ------------------------------------------------------------------
    def push(self, frame: Frame) -> None:
        self.stack.append(frame)

    def done(self, frame: Frame) -> None:
        """Pop ``frame``, which must be on top of the stack."""
        assert self.stack and self.stack[-1] is frame, "only the running frame may finish"
        self.stack.pop()
