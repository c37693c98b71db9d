"""Rejected attempts: every command the rules engine refused, kept for judges.

Each game has one :class:`RejectionLog` aggregate of its own (a separate stream), so
recording an attempt never changes the game's stream or version.  An attempt records who
sent what, when (from the service's injectable clock), the refusal (code, citation,
message) and the game version the command was based on.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, cast
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.domain import Aggregate, event
from eventsourcing.utils import register_topic

from domain.kernel import Command, Rejection
from service.game_logs import append_in_turn

__all__ = [
    "MAX_STORED_ARGS_BYTES",
    "MAX_STORED_MESSAGE_CHARS",
    "Clock",
    "RejectedAttempt",
    "RejectionLog",
    "bounded_args",
    "list_attempts",
    "record_attempt",
    "rejection_log_id",
    "utc_now",
]

MAX_STORED_ARGS_BYTES = 2048
"""A rejected attempt keeps its arguments only up to this size of canonical JSON; larger
ones are kept as their size and SHA-256 (:func:`bounded_args`)."""
MAX_STORED_MESSAGE_CHARS = 1024
"""A refusal's message kept with the attempt is cut to this length (the caller got it whole)."""

_LOGS = uuid5(NAMESPACE_URL, "urn:tcg-adjudicator:rejections")


Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


def rejection_log_id(game_id: str) -> UUID:
    return uuid5(_LOGS, game_id)


@dataclass(frozen=True, slots=True)
class RejectedAttempt:
    number: int
    """1-based position in the game's rejection log."""
    game_id: str
    player: str
    command: dict[str, Any]
    """``{"type", "player", "args", "id"}``."""
    code: str
    rule: str
    message: str
    based_on_version: int
    at: str
    """ISO 8601 timestamp."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "game_id": self.game_id,
            "player": self.player,
            "command": self.command,
            "code": self.code,
            "rule": self.rule,
            "message": self.message,
            "based_on_version": self.based_on_version,
            "at": self.at,
        }


class RejectionLog(Aggregate):
    """The refused commands of one game (not part of the game's stream)."""

    TOPIC = "adjudicator:RejectionLog"

    class Created(Aggregate.Created):
        TOPIC = "adjudicator:RejectionLog.Created"
        game_id: str

    class Refused(Aggregate.Event):
        TOPIC = "adjudicator:RejectionLog.Refused"
        attempt: dict[str, Any]

    @staticmethod
    def create_id(game_id: str) -> UUID:
        return rejection_log_id(game_id)

    @event(Created)
    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.count = 0

    @event(Refused)
    def refuse(self, attempt: dict[str, Any]) -> None:
        self.count += 1


register_topic(RejectionLog.TOPIC, RejectionLog)


def bounded_args(args: Any) -> dict[str, Any]:
    """``args`` as a rejected attempt stores them: whole while their canonical JSON (sorted
    keys, no spaces, UTF-8) is at most ``MAX_STORED_ARGS_BYTES``, else ``{"truncated":
    true, "bytes": N, "sha256": <hex of that JSON>}``, so refusals cannot grow the store
    by more than a small bound each, whatever the request body carried."""
    canonical = json.dumps(args, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    if len(canonical) <= MAX_STORED_ARGS_BYTES:
        return dict(args)
    return {"truncated": True, "bytes": len(canonical), "sha256": hashlib.sha256(canonical).hexdigest()}


def _bounded_message(message: str) -> str:
    if len(message) <= MAX_STORED_MESSAGE_CHARS:
        return message
    return message[: MAX_STORED_MESSAGE_CHARS - 1] + "\u2026"


def record_attempt(
    app: Application[UUID], game_id: str, command: Command, rejection: Rejection, based_on: int, at: datetime
) -> RejectedAttempt:
    """Append one refused command to the game's log, in turn with the other writers of the
    game's logs (:func:`service.game_logs.append_in_turn`)."""

    def append() -> RejectedAttempt:
        try:
            log = cast(RejectionLog, app.repository.get(rejection_log_id(game_id)))
        except AggregateNotFoundError:
            log = RejectionLog(game_id=game_id)
        attempt = RejectedAttempt(
            number=log.count + 1,
            game_id=game_id,
            player=command.player,
            command={**command.to_dict(), "args": bounded_args(command.args)},
            code=rejection.code,
            rule=rejection.rule,
            message=_bounded_message(rejection.message),
            based_on_version=based_on,
            at=at.isoformat(),
        )
        log.refuse(attempt=attempt.to_dict())
        app.save(log)
        return attempt

    return append_in_turn(app, game_id, append, "a rejected attempt")


def list_attempts(
    app: Application[UUID], game_id: str, after: int = 0, limit: int | None = None
) -> list[RejectedAttempt]:
    """The attempts numbered above ``after`` (at most ``limit``), oldest first.  Attempt
    ``n`` is version ``n + 1`` of the log (version 1 creates it), so a page reads only its
    own rows."""
    out: list[RejectedAttempt] = []
    for e in app.events.get(rejection_log_id(game_id), gt=after + 1, limit=limit):
        if isinstance(e, RejectionLog.Refused):
            out.append(RejectedAttempt(**e.attempt))
    return out
