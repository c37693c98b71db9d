"""The working context of ``decide``: a private copy of the state plus the events emitted
so far.  Every emitted event is applied to the copy at once, so later rule logic in the
same decision sees its effect, and the list of events replays to the same state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.fow.state import GameState, apply_event
from domain.fow.versions import version
from domain.kernel import RULES_AUTHORITY, Event, Rejection, event_cause


class RejectedError(Exception):
    """Raised inside ``decide`` to abandon a command; converted to a :class:`Rejection`."""

    def __init__(self, rejection: Rejection) -> None:
        super().__init__(rejection.message)
        self.rejection = rejection


class Ctx:
    def __init__(self, state: GameState, cause: str) -> None:
        self.s = state
        self.events: list[Event] = []
        self.cause = cause
        self.damage_cause: dict[str, str] = {}

    def cite(self, rule: str) -> str:
        """The citation of a 5.5 rule id under the game's own rules version."""
        return version(self.s.ruleset).cite(rule)

    def emit(
        self, type_: str, data: Mapping[str, Any], rule: str, *, cause: str | None = None, actor: str = RULES_AUTHORITY
    ) -> str:
        """Record an event; returns its id (``ev:<seq>``) for use as the cause of what follows."""
        event = Event(
            seq=self.s.seq + 1,
            type=type_,
            data=dict(data),
            rule=self.cite(rule),
            cause=cause or self.cause,
            actor=actor,
        )
        apply_event(self.s, event)
        self.events.append(event)
        return event_cause(event.seq)

    def reject(self, code: str, rule: str, message: str) -> RejectedError:
        return RejectedError(Rejection(code=code, rule=self.cite(rule), message=message))

    def fresh_id(self, prefix: str) -> str:
        return f"{prefix}{self.s.counter + 1}"
