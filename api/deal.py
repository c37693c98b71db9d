"""Contributed randomness over HTTP (docs/randomness.md): each player sends entropy for a
game created without a client seed; the last contribution deals it.  After the entropy
deadline a player who contributed, or a judge, may deal without the missing ones."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Response

from api.deps import PrincipalDep, ServiceDep
from api.schemas import DealResponse, EntropyRequest, ErrorResponse
from service.deal import DealStatus
from service.errors import ForbiddenError

router = APIRouter(tags=["games"])

_RESPONSES: dict[int | str, dict[str, Any]] = {
    401: {"model": ErrorResponse, "description": "Missing, invalid or expired bearer token."},
    403: {"model": ErrorResponse, "description": "The token may not do this (`auth/forbidden`)."},
    404: {"model": ErrorResponse, "description": "No such game (`game/not_found`)."},
    409: {
        "model": ErrorResponse,
        "description": "`deal/already_contributed`, `deal/already_dealt`, `deal/not_contributed` (a client-seeded "
        "game) or `deal/deadline_not_reached` (details: the deadline and who is missing).",
    },
    422: {"model": ErrorResponse, "description": "Malformed input (`request/invalid`, `deal/invalid_entropy`)."},
}


def _out(status: DealStatus) -> DealResponse:
    return DealResponse(
        game_id=status.game_id,
        randomness=status.randomness,
        client_seeded=status.randomness == "client_seeded",
        status=status.status,
        server_seed_commitment=status.server_seed_commitment,
        contributed=status.contributed,
        missing=status.missing,
        withheld=status.withheld,
        deadline=status.deadline,
        contributions=status.contributions,
        server_seed=status.server_seed,
        version=status.version,
    )


@router.post("/games/{game_id}/entropy", response_model=DealResponse, responses=_RESPONSES)
def contribute_entropy(
    game_id: str, body: EntropyRequest, principal: PrincipalDep, service: ServiceDep, response: Response
) -> DealResponse:
    """Contribute the token's player's entropy (16 to 64 random bytes, hex).  The last
    contribution deals the game.  Sending the same entropy again is safe."""
    if principal.player is None:
        raise ForbiddenError("entropy is contributed with the player's own token")
    response.headers["Cache-Control"] = "no-store"
    return _out(service.contribute_entropy(game_id, principal.player, body.entropy))


@router.get("/games/{game_id}/deal", response_model=DealResponse, responses=_RESPONSES)
def deal_status(game_id: str, principal: PrincipalDep, service: ServiceDep) -> DealResponse:
    """The game's deal: the server's commitment, who contributed and who is missing, the
    deadline; every contribution once dealt, the server seed once the game has ended."""
    return _out(service.deal_status(game_id))


@router.post("/games/{game_id}/deal", response_model=DealResponse, responses=_RESPONSES)
def force_deal(game_id: str, principal: PrincipalDep, service: ServiceDep) -> DealResponse:
    """After the entropy deadline: deal without the missing contributions, which are
    recorded as withheld.  For a player who contributed, or a judge."""
    return _out(service.force_deal(game_id, principal))
