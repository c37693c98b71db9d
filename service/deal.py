"""A game before it is dealt: the :class:`Deal` aggregate of contributed randomness
(docs/randomness.md).

Each game created without a client seed has one ``Deal`` of its own (a separate stream,
like the credentials and the rejection log).  It holds what ``engine.start`` will be
given (the header: ruleset, variant, players, decks or position, ...), the hashes of the
player tokens issued at creation, the secret server seed and its published commitment,
each player's entropy and the deadline after which the game may be dealt without the
missing ones.  The ``Game`` aggregate (whose stream starts with the engine's first event)
is created only when the deal completes, in the same atomic write as ``Dealt``.

The server seed is stored here, in the event store, so any process can deal the game;
it is shown to nobody until the game has ended (docs/randomness.md, threat model).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event
from eventsourcing.utils import register_topic

__all__ = ["Deal", "DealStatus", "deal_id"]

_DEALS = uuid5(NAMESPACE_URL, "urn:tcg-adjudicator:deals")


def deal_id(game_id: str) -> UUID:
    return uuid5(_DEALS, game_id)


class Deal(Aggregate):
    """One game's contributed randomness, from creation until it is dealt."""

    TOPIC = "adjudicator:Deal"

    class Created(Aggregate.Created):
        TOPIC = "adjudicator:Deal.Created"
        game_id: str
        ruleset: str
        variant: str
        players: list[dict[str, str]]
        token_hashes: dict[str, str]
        setup: dict[str, Any]
        """What ``engine.start`` (or ``start_from_position``) will be given besides the seed
        and the catalog, as the game's header will hold it."""
        server_seed: str
        """Hex of the secret 32 bytes; never shown before the game has ended."""
        commitment: str
        created_at: str
        deadline: str
        """ISO 8601, from the service's clock."""

    class Contributed(Aggregate.Event):
        TOPIC = "adjudicator:Deal.Contributed"
        player: str
        entropy: str
        at: str

    class Dealt(Aggregate.Event):
        TOPIC = "adjudicator:Deal.Dealt"
        withheld: list[str]
        """The players whose entropy was missing when the deal was forced."""
        by: str
        """``"contributions"`` (all were in), a player id or ``"judge"`` (forced)."""
        at: str

    @staticmethod
    def create_id(game_id: str) -> UUID:
        return deal_id(game_id)

    @event(Created)
    def __init__(
        self,
        game_id: str,
        ruleset: str,
        variant: str,
        players: list[dict[str, str]],
        token_hashes: dict[str, str],
        setup: dict[str, Any],
        server_seed: str,
        commitment: str,
        created_at: str,
        deadline: str,
    ) -> None:
        self.game_id = game_id
        self.ruleset = ruleset
        self.variant = variant
        self.players = players
        self.token_hashes = token_hashes
        self.setup = setup
        self.server_seed = server_seed
        self.commitment = commitment
        self.created_at = created_at
        self.deadline = deadline
        self.contributions: dict[str, str] = {}
        self.withheld: list[str] = []
        self.dealt = False

    @event(Contributed)
    def contribute(self, player: str, entropy: str, at: str) -> None:
        self.contributions[player] = entropy

    @event(Dealt)
    def deal(self, withheld: list[str], by: str, at: str) -> None:
        self.withheld = list(withheld)
        self.dealt = True

    @property
    def player_ids(self) -> list[str]:
        return [p["id"] for p in self.players]

    @property
    def missing(self) -> list[str]:
        """Players who have not contributed, in player order."""
        return [p for p in self.player_ids if p not in self.contributions]

    def randomness(self) -> dict[str, Any]:
        """What the game's header records (the server seed is not part of it)."""
        return {
            "randomness": "contributed",
            "server_seed_commitment": self.commitment,
            "contributions": {p: self.contributions[p] for p in self.player_ids if p in self.contributions},
            "withheld": list(self.withheld),
        }


register_topic(Deal.TOPIC, Deal)


@dataclass(frozen=True, slots=True)
class DealStatus:
    """A game's deal as anyone with a token of the game may see it."""

    game_id: str
    randomness: str
    """``contributed``, ``client_seeded`` or ``server`` (a game from before contributions)."""
    status: str
    """``awaiting_entropy`` or ``dealt``."""
    server_seed_commitment: str | None
    contributed: list[str]
    missing: list[str]
    withheld: list[str]
    deadline: datetime | None
    contributions: dict[str, str] | None
    """Each player's entropy, once dealt (before, only who contributed is shown)."""
    server_seed: str | None
    """Revealed once the game has ended."""
    version: int | None = None
    """The game's version once dealt."""
