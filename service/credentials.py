"""Player tokens over time: when each game's tokens were issued and which a judge reissued.

Each game has one :class:`Credentials` aggregate of its own (a separate stream, like the
rejection log), so issuing a token never changes the game's stream, its versions or its
hash chain.  The game's header keeps the hashes of the tokens it was created with;
its ``Created`` event (recorded atomically with the header) says when, from the service's injectable
clock; every ``Reissued`` replaces one player's token hash.  Tokens themselves are never
stored: only their SHA-256 hashes.

A token expires ``ADJUDICATOR_TOKEN_LIFETIME_SECONDS`` after it was issued; the lifetime
is read when a token is checked, so changing the setting applies to tokens issued before.
Games created before tokens could expire have no credentials stream: their tokens count
as issued when the game was created (the header's own timestamp).

A ``Reissued`` event carries ``seal``, the server's keyed MAC of the game, player, token
hash and time (docs/integrity.md): a reissue whose seal does not verify (inserted by a
database writer, or recorded before reissues were sealed) grants no token; it still
revokes the player's previous one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event
from eventsourcing.utils import register_topic

__all__ = ["Credentials", "PlayerToken", "credentials_id", "current_tokens"]

_CREDENTIALS = uuid5(NAMESPACE_URL, "urn:tcg-adjudicator:credentials")


def credentials_id(game_id: str) -> UUID:
    return uuid5(_CREDENTIALS, game_id)


class Credentials(Aggregate):
    """When a game's player tokens were issued, and the ones reissued since."""

    TOPIC = "adjudicator:Credentials"

    class Created(Aggregate.Created):
        """The game's first tokens (their hashes are in the game's header) were issued."""

        TOPIC = "adjudicator:Credentials.Created"
        game_id: str
        issued_at: str
        """ISO 8601: when the tokens in the game's header were issued."""

    class Reissued(Aggregate.Event):
        TOPIC = "adjudicator:Credentials.Reissued"
        player: str
        token_hash: str
        issued_at: str
        seal: str
        """The server's keyed MAC of this reissue (``""``: recorded before reissues were sealed)."""

        class_version = 2

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["seal"] = ""

    @staticmethod
    def create_id(game_id: str) -> UUID:
        return credentials_id(game_id)

    @event(Created)
    def __init__(self, game_id: str, issued_at: str) -> None:
        self.game_id = game_id

    @event(Reissued)
    def reissue(self, player: str, token_hash: str, issued_at: str, seal: str = "") -> None:
        pass


register_topic(Credentials.TOPIC, Credentials)


@dataclass(frozen=True, slots=True)
class PlayerToken:
    """The token a player holds now: its hash and when it was issued."""

    token_hash: str
    issued_at: datetime


REVOKED = ""
"""The token hash of a player whose reissue does not verify: no token matches it."""


def current_tokens(
    header_hashes: Mapping[str, str],
    created_at: datetime,
    stored: Iterable[Any],
    sealed: Callable[[Any], bool] | None = None,
) -> dict[str, PlayerToken]:
    """Each player's current token from the game header's hashes and the game's stored
    credentials events (none for games older than token expiry).  With ``sealed``, a
    ``Reissued`` event it refuses revokes the player's token without granting its own."""
    issued = created_at
    replaced: dict[str, PlayerToken] = {}
    for e in stored:
        if isinstance(e, Credentials.Created):
            issued = datetime.fromisoformat(e.issued_at)
        elif isinstance(e, Credentials.Reissued):
            granted = e.token_hash if sealed is None or sealed(e) else REVOKED
            replaced[e.player] = PlayerToken(granted, datetime.fromisoformat(e.issued_at))
    return {player: replaced.get(player, PlayerToken(h, issued)) for player, h in header_hashes.items()}
