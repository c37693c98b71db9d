"""Request dependencies (the shared service and the caller's identity) and the conversions
the routes share."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, cast

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from api.schemas import CreateGameResponse, ManualCardOut, PlayerIn, PlayerNameIn, PlayerOut, ReceiptOut
from service.app import CreatedGame, GameService, Principal
from service.errors import AuthError, ForbiddenError

bearer = HTTPBearer(
    auto_error=False,
    description="A player token from `POST /games`, the operator's judge token (`ADJUDICATOR_JUDGE_TOKEN`), "
    "a platform's judge token (`tcgj_...`), or, to create a game, a platform API key (`tcgp_...`; "
    "docs/platform-accounts.md).",
)


async def get_service(request: Request) -> GameService:
    """``async``: it does no I/O, and a plain ``def`` dependency costs a trip through the
    threadpool on every request (bench/RESULTS.md, HTTP load)."""
    return cast(GameService, request.app.state.service)


ServiceDep = Annotated[GameService, Depends(get_service)]


def get_principal(
    game_id: str,
    service: ServiceDep,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> Principal:
    if credentials is None:
        raise AuthError("send 'Authorization: Bearer <token>'", "auth/missing_token")
    return service.authenticate(game_id, credentials.credentials)


PrincipalDep = Annotated[Principal, Depends(get_principal)]


def get_api_key(credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]) -> str | None:
    """The platform API key a game is created with (``None``: none sent; the service decides
    whether one is needed)."""
    return None if credentials is None else credentials.credentials


ApiKeyDep = Annotated[str | None, Depends(get_api_key)]


def viewer_for(principal: Principal, requested: str | None) -> str | None:
    """Whose view to show: a player sees only their own; a judge sees the full view or
    any player's (``None`` = full)."""
    if principal.role == "judge":
        return requested
    if requested not in (None, principal.player):
        raise ForbiddenError(f"a player token of {principal.player!r} cannot read {requested!r}'s view")
    return principal.player


def created_game_response(created: CreatedGame, players: Sequence[PlayerIn | PlayerNameIn]) -> CreateGameResponse:
    """The answer to creating a game (from decks or from a position): the tokens, shown once,
    and the cards whose text is adjudicated by hand."""
    manual = created.manual if created.manual is not None else None
    if manual is None and created.events:
        manual = created.events[0].data.get("manual")
    return CreateGameResponse(
        game_id=created.game_id,
        ruleset=created.ruleset,
        variant=created.variant,
        version=created.version,
        players=[PlayerOut(id=p.id, name=p.name) for p in players],
        player_tokens=created.player_tokens,
        tokens_expire_at=created.tokens_expire_at,
        manual=[ManualCardOut.model_validate(m) for m in manual] if isinstance(manual, list) else [],
        status="awaiting_entropy" if created.status == "awaiting_entropy" else "started",
        randomness="client_seeded" if created.client_seeded else "contributed",
        client_seeded=created.client_seeded,
        server_seed_commitment=created.server_seed_commitment,
        entropy_deadline=created.entropy_deadline,
        receipt=None if created.receipt is None else ReceiptOut(**created.receipt.to_dict()),
    )
