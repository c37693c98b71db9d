"""The working context of Luck & Logic's ``decide`` (:class:`domain.kernel.DecisionContext`):
what it records with the decision events of the perpetual cycle rules (12.1.1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import DecisionContext
from domain.kernel import RejectedError as RejectedError
from domain.ll.state import DECISIONS, EVENTS, GameState

RULESET = "LL-2.04"


class GameOverError(Exception):
    """Raised once ``GameEnded`` has been emitted: nothing further happens in this decision
    (a loss by an interrupt-type process, 10.2.2.1, or by conceding, 1.2.4)."""


def cite(rule: str) -> str:
    return f"{RULESET} {rule}"


class Ctx(DecisionContext[GameState]):
    RULESET = RULESET

    def __init__(self, state: GameState, cause: str) -> None:
        super().__init__(state, cause, EVENTS)
        self.paying_cost = False
        """Between the start and end of paying a cost no Refresh happens (10.2.3)."""
        self.loops = 0
        self.from_state: str | None = None
        """The digest of the state a main-phase action is taken from: recorded with the
        action's decision event (12.1.1.2)."""
        self.command: dict[str, Any] | None = None
        """The command (``{player, type, args}``) recorded with its decision event: the
        actions a perpetual cycle may be declared of (12.1.1.1)."""

    def stamp(self, type_: str, data: Mapping[str, Any]) -> dict[str, Any]:
        if self.from_state is not None and type_ in DECISIONS:
            data = {**data, "from_state": self.from_state}
            self.from_state = None
        if self.command is not None and type_ in DECISIONS:
            data = {**data, "command": self.command}
            self.command = None
        return dict(data)
