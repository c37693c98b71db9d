"""``POST /games/reconstruct``: start a game from a declared position instead of the
normal set-up (docs/position-format.md).  Every view of such a game says
``"reconstructed": true``."""

from __future__ import annotations

from fastapi import APIRouter, Response
from fastapi.responses import JSONResponse

from api.deps import ApiKeyDep, ServiceDep, created_game_response
from api.schemas import (
    CreateGameResponse,
    ErrorDetail,
    ErrorResponse,
    PositionErrorOut,
    ReconstructGameRequest,
)
from domain.kernel import PlayerSpec
from service.errors import PositionRejectedError

router = APIRouter(tags=["games"])

_RESPONSES: dict[int | str, dict[str, object]] = {
    401: {
        "model": ErrorResponse,
        "description": "A platform API key is needed and none was sent (`auth/api_key_missing`), or it is "
        "not valid (`auth/api_key_unknown`, `auth/api_key_revoked`).",
    },
    429: {
        "model": ErrorResponse,
        "description": "The key's rate limit (`rate/limited`) or daily quota (`rate/daily_quota`) is used up; "
        "see `Retry-After`.",
    },
    409: {"model": ErrorResponse, "description": "A game with this id exists (`game/already_exists`)."},
    422: {
        "model": ErrorResponse,
        "description": "Malformed input (`request/invalid`) or an impossible position (`position/invalid`, "
        "details: every problem as `{code, path, rule, message}`).",
    },
}


@router.post("/games/reconstruct", status_code=201, response_model=CreateGameResponse, responses=_RESPONSES)
def reconstruct_game(
    body: ReconstructGameRequest, service: ServiceDep, response: Response, api_key: ApiKeyDep
) -> CreateGameResponse | JSONResponse:
    """Reconstruct a game from a position, with a platform API key as for `POST /games`
    (docs/platform-accounts.md); the response is the only
    place the per-player tokens are shown.  An impossible position answers 422 with every
    problem found, each with its JSON path and the rule it breaks."""
    try:
        created = service.create_game_from_position(
            ruleset=body.ruleset,
            variant=body.variant,
            players=[PlayerSpec(p.id, p.name, {}) for p in body.players],
            position=body.position,
            game_id=body.game_id,
            seed=body.seed,
            unsupported=body.unsupported,
            catalog=body.catalog,
            api_key=api_key,
        )
    except PositionRejectedError as exc:
        details = [PositionErrorOut.model_validate(e).model_dump(mode="json") for e in exc.errors]
        error = ErrorResponse(error=ErrorDetail(code=exc.code, message=exc.message, details=details))
        return JSONResponse(error.model_dump(mode="json", exclude_none=True), status_code=422)
    response.headers["Cache-Control"] = "no-store"
    return created_game_response(created, body.players)
