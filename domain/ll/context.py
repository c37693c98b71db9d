"""The working context of ``decide``: a private copy of the state plus the events emitted
so far.  Every emitted event is applied to the copy at once, so later rule logic in the
same decision sees its effect, and the list of events replays to the same state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import RULES_AUTHORITY, Event, Rejection, event_cause
from domain.ll.state import DECISIONS, GameState, apply_event

RULESET = "LL-2.04"


class RejectedError(Exception):
    """Raised inside ``decide`` to abandon a command; converted to a :class:`Rejection`."""

    def __init__(self, rejection: Rejection) -> None:
        super().__init__(rejection.message)
        self.rejection = rejection


class GameOverError(Exception):
    """Raised once ``GameEnded`` has been emitted: nothing further happens in this decision
    (a loss by an interrupt-type process, 10.2.2.1, or by conceding, 1.2.4)."""


def cite(rule: str) -> str:
    return f"{RULESET} {rule}"


class Ctx:
    def __init__(self, state: GameState, cause: str) -> None:
        self.s = state
        self.events: list[Event] = []
        self.cause = cause
        self.last: str | None = None
        self.paying_cost = False
        """Between the start and end of paying a cost no Refresh happens (10.2.3)."""
        self.loops = 0
        self.from_state: str | None = None
        """The digest of the state a main-phase action is taken from: recorded with the
        action's decision event (12.1.1.2)."""
        self.command: dict[str, Any] | None = None
        """The command (``{player, type, args}``) recorded with its decision event: the
        actions a perpetual cycle may be declared of (12.1.1.1)."""

    def emit(
        self, type_: str, data: Mapping[str, Any], rule: str, *, cause: str | None = None, actor: str = RULES_AUTHORITY
    ) -> str:
        """Record an event; returns its id (``ev:<seq>``).  Without an explicit cause, an
        event follows from the previous event of this decision (or from the command)."""
        if self.from_state is not None and type_ in DECISIONS:
            data = {**data, "from_state": self.from_state}
            self.from_state = None
        if self.command is not None and type_ in DECISIONS:
            data = {**data, "command": self.command}
            self.command = None
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
