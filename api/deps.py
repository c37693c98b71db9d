"""Request dependencies: the shared service and the caller's identity."""

from __future__ import annotations

from typing import Annotated, cast

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from service.app import GameService, Principal
from service.errors import AuthError, ForbiddenError

bearer = HTTPBearer(
    auto_error=False,
    description="A player token from `POST /games`, or the judge token (`ADJUDICATOR_JUDGE_TOKEN`).",
)


def get_service(request: Request) -> GameService:
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


def viewer_for(principal: Principal, requested: str | None) -> str | None:
    """Whose view to show: a player sees only their own; a judge sees the full view or
    any player's (``None`` = full)."""
    if principal.role == "judge":
        return requested
    if requested not in (None, principal.player):
        raise ForbiddenError(f"a player token of {principal.player!r} cannot read {requested!r}'s view")
    return principal.player
