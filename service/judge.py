"""Judge use cases over a :class:`GameService`: the timeline of a game, the state at any
point (full, or as one player saw it then), why an event happened, the rejected attempts,
and queries across games.

Per-game read models are computed from the game's stream on request (pure projections in
:mod:`projections.judge`); the cross-game index is a tracked projection
(:mod:`projections.games_index`) brought up to date before each query.  All of these are
for judges; the HTTP layer and the CLI enforce that.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from domain.kernel import Event
from domain.rules_text import MalformedCitationError, UnknownCitationError
from domain.rulesets import get_engine
from projections.games_index import GameRow, GamesIndex
from projections.judge import TimelineEntry, WhyLink, locate, position_after, timeline, why
from projections.runtime import ProjectionRunner, index_database
from service.app import GameService, GameView, game_uuid
from service.errors import GameNotFoundError, InvalidRequestError
from service.rejections import RejectedAttempt, list_attempts
from service.rules import RulesTextMissingError, load_rules_library

__all__ = ["JudgeService", "StateAt", "rule_text", "rule_title"]


def _resolve(citation: str, pick: Callable[[Any], str]) -> str:
    if not citation:
        return ""
    try:
        return pick(load_rules_library().resolve(citation))
    except (MalformedCitationError, UnknownCitationError, RulesTextMissingError, LookupError, ValueError):
        return ""


@functools.lru_cache(maxsize=4096)
def rule_title(citation: str) -> str:
    """The title of the rule section a citation falls in (``""`` if it does not resolve)."""
    return _resolve(citation, lambda entry: str(entry.section_title))


@functools.lru_cache(maxsize=4096)
def rule_text(citation: str) -> str:
    """The text of the cited rule or paragraph (``""`` if it does not resolve)."""
    return _resolve(citation, lambda entry: str(entry.text))


@dataclass(frozen=True, slots=True)
class StateAt:
    """The board just after event ``seq`` as ``viewer`` (``None``: the judge) saw it."""

    seq: int
    turn: int
    phase: str
    step: str
    view: GameView


class JudgeService:
    """Read models for judges.  Owns the games index and its runner; close it when done."""

    def __init__(self, games: GameService) -> None:
        self.games = games
        self.index = GamesIndex(index_database(games.settings))
        self.runner = ProjectionRunner(games.app, self.index)

    def close(self) -> None:
        self.runner.stop()
        self.index.db.close()

    # ------------------------------------------------------------- one game

    def _game(self, game_id: str) -> tuple[str, dict[str, str], list[Event]]:
        """Ruleset, player names and the whole (judge) stream of a game."""
        first = self.games.view(game_id, None, at=1)
        names = {p["id"]: p["name"] for p in first.players}
        return first.ruleset, names, self.games.events(game_id)

    def timeline(self, game_id: str, after: int = 0, limit: int | None = None) -> list[TimelineEntry]:
        """Every event in order (those with ``seq > after``, at most ``limit``)."""
        ruleset, names, events = self._game(game_id)
        entries = timeline(get_engine(ruleset), events, names, rule_title)
        shown = [e for e in entries if e.seq > after]
        return shown if limit is None else shown[:limit]

    def why(self, game_id: str, seq: int) -> list[WhyLink]:
        """The causal chain of event ``seq`` back to the player action (or game creation)."""
        ruleset, names, events = self._game(game_id)
        if not 1 <= seq <= len(events):
            raise InvalidRequestError(
                f"game {game_id!r} has no event {seq}; it has {len(events)} events", "game/no_such_event"
            )
        engine = get_engine(ruleset)
        entries = timeline(engine, events[:seq], names, rule_title)
        # the command link names cards as they were on the board the command was decided on
        return why(
            entries, seq, rule_title, rule_text, names, commands=self._commands(game_id), engine=engine, events=events
        )

    def _commands(self, game_id: str) -> dict[str, dict[str, Any]]:
        """``cmd:<id>`` -> the submitted command, where the event store kept it."""
        out: dict[str, dict[str, Any]] = {}
        for stored in self.games.app.events.get(game_uuid(game_id)):
            command = getattr(stored, "command", None)
            command_id = getattr(stored, "command_id", "")
            if isinstance(command, dict) and command_id:
                out.setdefault(f"cmd:{command_id}", command)
        return out

    def state_at(
        self,
        game_id: str,
        at: int | None = None,
        turn: int | None = None,
        phase: str | None = None,
        viewer: str | None = None,
    ) -> StateAt:
        """The board just after event ``at``, or at the first event of ``turn`` (and
        ``phase``), as the judge (``viewer=None``) or as ``viewer`` saw it then."""
        ruleset, _, events = self._game(game_id)
        engine = get_engine(ruleset)
        if at is None and turn is None:
            at = len(events)
        if at is None:
            assert turn is not None
            try:
                at = locate(engine, events, turn, phase)
            except LookupError as exc:
                raise InvalidRequestError(str(exc), "game/no_such_turn") from None
        view = self.games.view(game_id, viewer, at=at)
        turn_, phase_, step_ = position_after(engine, events[:at])
        return StateAt(at, turn_, phase_, step_, view)

    def rejections(self, game_id: str, after: int = 0, limit: int | None = None) -> list[RejectedAttempt]:
        """The refused commands of the game numbered above ``after`` (at most ``limit``),
        oldest first."""
        self.games.view(game_id, None, at=1)  # raises GameNotFoundError
        return list_attempts(self.games.app, game_id, after, limit)

    # ------------------------------------------------------------ all games

    def games_where(
        self,
        rule: str | None = None,
        player: str | None = None,
        loss: str | None = None,
        ruleset: str | None = None,
    ) -> list[GameRow]:
        """Games in which ``rule`` applied / ``player`` played / a player lost by ``loss``."""
        self.runner.run_once()
        return self.index.games(rule=rule, player=player, loss=loss, ruleset=ruleset)

    def wait_until(self, game_id: str, version: int, timeout: float = 5.0) -> bool:
        """Read-your-writes for the games index (see :meth:`ProjectionRunner.wait_until`)."""
        return self.runner.wait_until(game_id, version, timeout)

    def indexed_game(self, game_id: str, min_version: int = 0, timeout: float = 5.0) -> GameRow:
        """The index row of a game once it reflects at least ``min_version``."""
        if not self.wait_until(game_id, max(min_version, 1), timeout):
            seen = self.index.version(game_id)
            if seen == 0:
                self.games.view(game_id, None, at=1)  # raises GameNotFoundError
            raise InvalidRequestError(
                f"the games index has game {game_id!r} only up to version {seen} after {timeout}s",
                "projection/not_caught_up",
            )
        rows = self.index.games(game_id=game_id)
        if not rows:
            raise GameNotFoundError(game_id)
        return rows[0]

    def rebuild(self) -> int:
        """Rebuild the games index from position 0; returns the notifications applied."""
        return self.runner.rebuild()
