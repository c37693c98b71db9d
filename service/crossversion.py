"""Cross-version check for judges (issue: FoW 5.01 beside 5.5).

"Would this command have been accepted under the other Force of Will version?"  The game's
events are folded up to the moment before the command, and the command is decided under
the game's own version and, on a copy of the same state, under the other one
(:func:`domain.fow.crossversion.compare_command`).  Nothing is recorded.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from domain.fow.crossversion import CrossVersionVerdict, compare_command
from domain.fow.versions import VERSIONS
from domain.kernel import JSON, Command
from service.app import Game, GameService, game_uuid
from service.audit import rule_text_of
from service.errors import GameNotFoundError, InvalidRequestError

__all__ = ["CrossVersionCheck", "CrossVersionReport"]


@dataclass(frozen=True, slots=True)
class CrossVersionReport:
    game_id: str
    based_on_version: int
    """The game version the command was decided against (its state just after that event)."""
    verdict: CrossVersionVerdict

    def to_dict(self) -> dict[str, JSON]:
        body = self.verdict.to_dict()
        for side in ("game", "other"):
            decided = cast(dict[str, JSON], body[side])
            if not decided["accepted"]:
                decided["rule_text"] = rule_text_of(cast(str | None, decided.get("rule")))
        return {"game_id": self.game_id, "based_on_version": self.based_on_version, **body}


class CrossVersionCheck:
    def __init__(self, games: GameService) -> None:
        self.games = games

    def check(
        self,
        game_id: str,
        *,
        event: int | None = None,
        command: Command | None = None,
        other_ruleset: str | None = None,
    ) -> CrossVersionReport:
        """Decide a command under the game's version and under ``other_ruleset``.

        * ``event`` alone: the command that produced event ``event``, against the state the
          game was in when it was submitted.
        * ``command`` alone: that command against the current state.
        * both: that command against the state just before event ``event``.

        Raises ``GameNotFoundError`` and ``InvalidRequestError`` (codes
        ``crossversion/unsupported_ruleset``, ``crossversion/no_such_event``,
        ``crossversion/no_command``, ``crossversion/nothing_to_check``)."""
        stored = list(self.games.app.events.get(game_uuid(game_id)))
        if not stored:
            raise GameNotFoundError(game_id)
        ruleset = cast(Game.Created, stored[0]).ruleset
        if ruleset not in VERSIONS:
            raise InvalidRequestError(
                f"cross-version checks compare Force of Will versions ({', '.join(sorted(VERSIONS))}); "
                f"game {game_id!r} is played under {ruleset}",
                "crossversion/unsupported_ruleset",
            )
        other = self._other(ruleset, other_ruleset)
        events = self.games.events(game_id)
        if event is not None and not 1 <= event <= len(events):
            raise InvalidRequestError(
                f"game {game_id!r} has events 1..{len(events)}; there is no event {event}", "crossversion/no_such_event"
            )
        if command is None:
            if event is None:
                raise InvalidRequestError("give an event number, a command, or both", "crossversion/nothing_to_check")
            first, command = self._command_of(stored, event)
            before = first - 1
        else:
            before = len(events) if event is None else event - 1
        if before < 1:
            raise InvalidRequestError(
                "the game's first event is its creation; no command precedes it", "crossversion/no_command"
            )
        verdict = compare_command(events[:before], command, other)
        return CrossVersionReport(game_id, before, verdict)

    @staticmethod
    def _other(ruleset: str, requested: str | None) -> str:
        if requested is None:
            others = sorted(v for v in VERSIONS if v != ruleset)
            if len(others) != 1:
                raise InvalidRequestError(f"name the other version: one of {', '.join(others)}", "ruleset/unknown")
            return others[0]
        if requested not in VERSIONS:
            known = ", ".join(sorted(VERSIONS))
            raise InvalidRequestError(f"unknown Force of Will ruleset {requested!r}; known: {known}", "ruleset/unknown")
        return requested

    @staticmethod
    def _command_of(stored: list[Any], seq: int) -> tuple[int, Command]:
        """The command that produced event ``seq``, and the seq of its first event."""
        if seq == 1:
            raise InvalidRequestError("event 1 is the game's creation, not a command", "crossversion/no_command")
        command_id = getattr(stored[seq - 1], "command_id", "")
        if not command_id:
            raise InvalidRequestError(
                f"event {seq} is part of the game's start, not of a player's command", "crossversion/no_command"
            )
        index = seq - 1
        while index >= 1 and getattr(stored[index], "command_id", "") == command_id:
            submitted = getattr(stored[index], "command", None)
            if submitted is not None:
                return index + 1, Command.from_dict(submitted)
            index -= 1
        raise InvalidRequestError(
            f"the command that produced event {seq} was recorded before commands were stored; send it in the request",
            "crossversion/no_command",
        )
