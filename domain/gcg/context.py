"""The working context of the Godzilla Card Game's ``decide``
(:class:`domain.kernel.DecisionContext`) with the stack of work still to do: the frame
stack of :mod:`domain.gcg.flow` (the continuation that a ``ChoiceRequested`` event records
when a player has to decide something mid-process)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from domain.gcg.state import EVENTS, GameState
from domain.kernel import RULES_AUTHORITY, DecisionContext
from domain.kernel import RejectedError as RejectedError

RULESET = "GCG-1.00"

Frame = dict[str, Any]
"""One piece of pending work: JSON data only (lists, dicts, str, int, bool, None)."""


def jcopy(data: Any) -> Any:
    """A deep copy of JSON data (faster than ``copy.deepcopy``)."""
    return json.loads(json.dumps(data))


def cite(rule: str) -> str:
    return f"{RULESET} {rule}"


class Ctx(DecisionContext[GameState]):
    RULESET = RULESET

    def __init__(self, state: GameState, cause: str) -> None:
        super().__init__(state, cause, EVENTS)
        self.stack: list[Frame] = []
        self.loops = 0
        self.seen: set[str] = set()
        """Check timing rounds of this decision, for the infinite loop rule (12.1.1.3)."""
        self.crush_tried: set[str] = set()
        """Battle cards the crush and destroy process already tried to destroy in this decision."""
        self.acting: str | None = None
        """The player whose answer is being carried out (:func:`domain.gcg.flow.answer`): the
        actor of the events it produces that name no other actor."""

    def emit(
        self, type_: str, data: Mapping[str, Any], rule: str, *, cause: str | None = None, actor: str = RULES_AUTHORITY
    ) -> str:
        if actor == RULES_AUTHORITY and self.acting is not None:
            actor = self.acting
        return super().emit(type_, data, rule, cause=cause, actor=actor)

    # --- the frame stack ------------------------------------------------------------------
    def push(self, frame: Frame) -> None:
        self.stack.append(frame)

    def done(self, frame: Frame) -> None:
        """Pop ``frame``, which must be on top of the stack."""
        assert self.stack and self.stack[-1] is frame, "only the running frame may finish"
        self.stack.pop()
