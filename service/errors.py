"""Service errors, split by cause.  Each has a stable ``code`` the HTTP layer returns."""

from __future__ import annotations

from domain.kernel import Rejection
from domain.rulesets import UnknownRulesetError

__all__ = [
    "AuthError",
    "AwaitingEntropyError",
    "ChainBrokenError",
    "CommandIdReusedError",
    "CommandRejectedError",
    "DealConflictError",
    "EngineContractError",
    "ForbiddenError",
    "GameAlreadyExistsError",
    "GameNotFoundError",
    "InvalidRequestError",
    "PositionRejectedError",
    "RateLimitedError",
    "RejectedError",
    "ServiceError",
    "SetupRejectedError",
    "UnknownRulesetError",
    "VersionConflictError",
]


class ServiceError(Exception):
    """Base class of the errors a caller can act on."""

    code = "service/error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class GameNotFoundError(ServiceError, LookupError):
    code = "game/not_found"

    def __init__(self, game_id: str) -> None:
        super().__init__(f"no game {game_id!r}")
        self.game_id = game_id


class GameAlreadyExistsError(ServiceError):
    code = "game/already_exists"

    def __init__(self, game_id: str) -> None:
        super().__init__(f"a game {game_id!r} already exists")
        self.game_id = game_id


class VersionConflictError(ServiceError):
    """The game moved on: ``expected`` is the version the caller based its command on."""

    code = "game/version_conflict"

    def __init__(self, expected: int, actual: int) -> None:
        super().__init__(f"expected version {expected}, but the game is at version {actual}")
        self.expected = expected
        self.actual = actual


class CommandIdReusedError(ServiceError):
    """A command id already recorded for a different command (idempotency key reuse)."""

    code = "command/id_reused"

    def __init__(self, command_id: str) -> None:
        super().__init__(f"command id {command_id!r} was already used for a different command")
        self.command_id = command_id


class RejectedError(ServiceError):
    """The rules engine refused; nothing was recorded."""

    def __init__(self, rejection: Rejection) -> None:
        super().__init__(rejection.message)
        self.rejection = rejection
        self.code = rejection.code


class CommandRejectedError(RejectedError):
    """An illegal command."""


class SetupRejectedError(RejectedError):
    """The engine refused to start a game (e.g. an illegal deck)."""


class PositionRejectedError(ServiceError):
    """A declared position (game reconstruction) is impossible: ``errors`` lists every
    reason as ``{code, path, rule, message}``."""

    code = "position/invalid"

    def __init__(self, errors: list[dict[str, object]]) -> None:
        first = errors[0]["message"] if errors else "the position is invalid"
        super().__init__(f"the position is impossible ({len(errors)} problem(s)); first: {first}")
        self.errors = errors


class InvalidRequestError(ServiceError):
    """Malformed input that the engine never saw (bad id, unknown deck, ...)."""

    def __init__(self, message: str, code: str = "request/invalid") -> None:
        super().__init__(message)
        self.code = code


class AuthError(ServiceError):
    """A missing or unknown token."""

    def __init__(self, message: str, code: str = "auth/invalid_token") -> None:
        super().__init__(message)
        self.code = code


class RateLimitedError(ServiceError):
    """A platform key's rate limit or daily quota is used up (HTTP 429 with Retry-After)."""

    def __init__(self, message: str, code: str, retry_after: int) -> None:
        super().__init__(message)
        self.code = code
        self.retry_after = retry_after


class ForbiddenError(ServiceError):
    """A valid token that may not do this."""

    code = "auth/forbidden"


class ChainBrokenError(ServiceError):
    """The game's stored events do not verify (docs/integrity.md): it refuses commands.
    ``integrity`` is ``{"status": "broken", "broken_at", "reason", ...}``."""

    code = "integrity/chain_broken"

    def __init__(self, game_id: str, integrity: dict[str, object]) -> None:
        where = integrity.get("broken_at")
        at = f" at stored event {where}" if where is not None else ""
        super().__init__(
            f"game {game_id!r} fails verification{at}: {integrity.get('reason')}; it accepts no commands "
            "until a judge has restored its events (docs/integrity.md)"
        )
        self.game_id = game_id
        self.integrity = integrity


class EngineContractError(ServiceError):
    """The rules engine broke its contract (e.g. event ``seq`` out of order): a bug."""

    code = "engine/contract"


class AwaitingEntropyError(ServiceError):
    """The game is created but not dealt yet: its players have not all contributed their
    entropy (docs/randomness.md).  ``missing`` names them, in player order."""

    code = "game/awaiting_entropy"

    def __init__(self, game_id: str, missing: list[str], deadline: str) -> None:
        who = ", ".join(missing) if missing else "nobody"
        super().__init__(
            f"game {game_id!r} is not dealt yet: waiting for the entropy of {who} "
            f"(POST /games/{game_id}/entropy); after {deadline} a player who contributed or a judge "
            f"may deal without it (POST /games/{game_id}/deal)"
        )
        self.missing = missing
        self.deadline = deadline


class DealConflictError(ServiceError):
    """A deal step that conflicts with the deal's state (already dealt, already
    contributed, the deadline not reached yet)."""

    def __init__(self, message: str, code: str, details: dict[str, object] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.details = details or {}
