"""Operator endpoints for platform accounts (docs/platform-accounts.md): issue, list and
revoke platform API keys and judge tokens.  Every route needs the operator's judge token
(``ADJUDICATOR_JUDGE_TOKEN``); a platform's own judge token is refused (401), so a
platform cannot mint keys.  ``adjudicator platforms ...`` does the same from the shell."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Query, Response
from pydantic import BaseModel, Field

from api.deps import ServiceDep
from api.judge import require_judge_token
from api.schemas import ID, ErrorResponse
from service.platforms import KeyInfo

__all__ = ["router"]

router = APIRouter(tags=["platforms"], dependencies=[Depends(require_judge_token)])

_ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"model": ErrorResponse, "description": "Not the operator's judge token (`auth/invalid_token`)."},
    422: {"model": ErrorResponse, "description": "Malformed input, or no such key (`platform/no_such_key`)."},
}


class IssueKeyRequest(BaseModel):
    kind: Literal["api", "judge"] = "api"
    rate_per_second: float | None = Field(default=None, ge=0, description="Default: ADJUDICATOR_PLATFORM_RATE.")
    burst: int | None = Field(default=None, ge=1, description="Default: ADJUDICATOR_PLATFORM_BURST.")
    daily_games: int | None = Field(default=None, ge=0, description="Default: ADJUDICATOR_PLATFORM_DAILY_GAMES.")


class KeyOut(BaseModel):
    key_id: str
    platform: str
    kind: str
    issued_at: str
    revoked_at: str | None
    rate_per_second: float | None
    burst: int | None
    daily_games: int | None


class IssuedKeyOut(KeyOut):
    key: str = Field(description="Shown once: only its hash is stored.")


class KeysOut(BaseModel):
    keys: list[KeyOut]


def _out(info: KeyInfo) -> KeyOut:
    return KeyOut(**info.to_dict())


@router.post("/platforms/{platform}/keys", status_code=201, response_model=IssuedKeyOut, responses=_ERRORS)
def issue_key(
    platform: Annotated[str, Path(pattern=ID)], body: IssueKeyRequest, service: ServiceDep, response: Response
) -> IssuedKeyOut:
    """Issue an API key (`kind: api`, to create games) or a judge token (`kind: judge`) to a
    platform; the platform exists once it has a key."""
    issued = service.platforms.issue(platform, body.kind, body.rate_per_second, body.burst, body.daily_games)
    response.headers["Cache-Control"] = "no-store"
    return IssuedKeyOut(**issued.info.to_dict(), key=issued.key)


@router.get("/platforms/keys", response_model=KeysOut, responses=_ERRORS)
def list_keys(
    service: ServiceDep, platform: Annotated[str | None, Query(pattern=ID, description="Only this one's.")] = None
) -> KeysOut:
    """Every key issued, revoked ones too (never the keys themselves)."""
    return KeysOut(keys=[_out(k) for k in service.platforms.list_keys(platform)])


@router.post("/platforms/keys/{key_id}/revoke", response_model=KeyOut, responses=_ERRORS)
def revoke_key(key_id: Annotated[str, Path(pattern=r"^[0-9a-f]{16}$")], service: ServiceDep) -> KeyOut:
    """Refuse the key from now on, in every process (`auth/api_key_revoked`)."""
    return _out(service.platforms.revoke(key_id))
