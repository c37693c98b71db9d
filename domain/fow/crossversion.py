"""Cross-version adjudication: how the same command (or the same game) is decided under two
Force of Will comprehensive-rules versions.

Pure functions over recorded events:

* :func:`compare_command` rebuilds a game's state from its events, re-labels a copy of it
  as another version and decides one command under both.
* :func:`compare_log` plays a whole sequence of commands from one :class:`GameSpec` under
  both versions, side by side, and reports the first step at which they part.

Two verdicts *agree* when both accept with the same events (type and data; citations are
version labels and naturally differ) or both refuse with the same rejection code.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.fow import engine
from domain.fow.state import GameState, apply_event
from domain.fow.versions import VERSIONS
from domain.kernel import JSON, Command, Event, GameSpec, Rejection

__all__ = [
    "CrossVersionVerdict",
    "LogComparison",
    "Verdict",
    "compare_command",
    "compare_log",
    "state_from_events",
]

CREATION = -1
"""The step index of the game's creation in a :class:`LogComparison`."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """One version's decision: accepted with events (and their citations) or refused."""

    ruleset: str
    accepted: bool
    events: tuple[Event, ...] = ()
    code: str | None = None
    rule: str | None = None
    message: str | None = None

    @property
    def rules(self) -> tuple[str, ...]:
        """The citation of each event, in order."""
        return tuple(e.rule for e in self.events)

    def outcome(self) -> tuple[Any, ...]:
        """What the decision did, without the version label: compared across versions."""
        if not self.accepted:
            return (False, self.code)
        return (True, tuple((e.type, _unlabelled(e)) for e in self.events))

    def to_dict(self) -> dict[str, JSON]:
        if self.accepted:
            return {
                "ruleset": self.ruleset,
                "accepted": True,
                "events": [{"type": e.type, "rule": e.rule} for e in self.events],
            }
        return {
            "ruleset": self.ruleset,
            "accepted": False,
            "code": self.code,
            "rule": self.rule,
            "message": self.message,
        }


@dataclass(frozen=True, slots=True)
class CrossVersionVerdict:
    """The same command (``None``: the game's creation) decided under two versions."""

    command: Command | None
    game: Verdict
    """Under the game's own version."""
    other: Verdict
    """Under the other version."""

    @property
    def parted(self) -> bool:
        return self.game.outcome() != self.other.outcome()

    def to_dict(self) -> dict[str, JSON]:
        return {
            "command": None if self.command is None else self.command.to_dict(),
            "parted": self.parted,
            "game": self.game.to_dict(),
            "other": self.other.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class LogComparison:
    """A command log replayed under two versions.

    ``step`` is the index in the command list of the first command the versions decide
    differently, :data:`CREATION` (-1) if they already disagree on creating the game, and
    ``None`` if they agree all the way; ``verdicts`` holds both decisions at that step."""

    game_ruleset: str
    other_ruleset: str
    step: int | None
    verdicts: CrossVersionVerdict | None
    compared: int
    """How many commands were decided under both versions (including the parting one)."""

    @property
    def parted(self) -> bool:
        return self.step is not None


def verdict(ruleset: str, result: Sequence[Event] | Rejection) -> Verdict:
    if isinstance(result, Rejection):
        return Verdict(ruleset, False, code=result.code, rule=result.rule, message=result.message)
    return Verdict(ruleset, True, events=tuple(result))


def state_from_events(events: Iterable[Event]) -> GameState:
    """Fold a game's recorded events into its state (its version comes from GameStarted)."""
    state = GameState()
    seen = False
    for event in events:
        apply_event(state, event)
        seen = True
    if not seen:
        raise ValueError("a game needs at least its GameStarted event")
    return state


def _check_ruleset(ruleset: str) -> None:
    if ruleset not in VERSIONS:
        known = ", ".join(sorted(VERSIONS))
        raise ValueError(f"unknown Force of Will ruleset {ruleset!r}; known: {known}")


def compare_command(events: Iterable[Event], command: Command, other_ruleset: str) -> CrossVersionVerdict:
    """Decide ``command`` on the game recorded by ``events`` under the game's own version and,
    on a copy of the same state re-labelled as ``other_ruleset``, under that version.

    The copy keeps everything else (cards, zones, history), so the answer is "what the other
    version says about this command in this very situation"; whether the game could have
    reached that situation (or been created) under the other version is :func:`compare_log`'s
    question."""
    _check_ruleset(other_ruleset)
    state = state_from_events(events)
    relabelled = state.clone()
    relabelled.ruleset = other_ruleset
    return CrossVersionVerdict(
        command,
        verdict(state.ruleset, engine.decide(state, command)),
        verdict(other_ruleset, engine.decide(relabelled, command)),
    )


def compare_log(
    spec: GameSpec,
    catalog: Mapping[str, Mapping[str, Any]],
    commands: Sequence[Command],
    other_ruleset: str,
) -> LogComparison:
    """Create the game of ``spec`` under its own version and under ``other_ruleset`` (same
    seed, so the same shuffles) and decide ``commands`` in order under both; stop at the
    first step where the versions part.  Refused commands leave both games unchanged, as
    they would in the service."""
    _check_ruleset(spec.ruleset)
    _check_ruleset(other_ruleset)
    own = engine.start(spec, catalog)
    theirs = engine.start(dataclasses.replace(spec, ruleset=other_ruleset), catalog)
    created = CrossVersionVerdict(None, verdict(spec.ruleset, own), verdict(other_ruleset, theirs))
    if created.parted or isinstance(own, Rejection) or isinstance(theirs, Rejection):
        step = CREATION if created.parted else None
        return LogComparison(spec.ruleset, other_ruleset, step, created if created.parted else None, 0)
    states = (state_from_events(own), state_from_events(theirs))
    for index, command in enumerate(commands):
        compared = CrossVersionVerdict(
            command,
            verdict(spec.ruleset, engine.decide(states[0], command)),
            verdict(other_ruleset, engine.decide(states[1], command)),
        )
        if compared.parted:
            return LogComparison(spec.ruleset, other_ruleset, index, compared, index + 1)
        for state, result in zip(states, (compared.game, compared.other), strict=True):
            for event in result.events:
                apply_event(state, event)
    return LogComparison(spec.ruleset, other_ruleset, None, None, len(commands))


def _unlabelled(event: Event) -> Mapping[str, Any]:
    if event.type == "GameStarted":
        return {k: v for k, v in event.data.items() if k != "ruleset"}
    return event.data
