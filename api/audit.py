"""Replay logs, tamper evidence and audits over HTTP (docs/replay-log.md).

* ``GET /games/{id}/log``: the game as a replay log (JSON Lines).  The judge may export
  any game at any time; a player only once the game has ended.  The shuffle seed is in the
  log only once the game has ended.
* ``GET /games/{id}/verify``: judge only; recomputes the hash chain of the stored events
  and names the first stored event that does not match.
* ``POST /games/{id}/receipts/verify``: anyone presents a receipt the server signed
  (docs/integrity.md); the answer says whether the store still holds that head at that
  version: ``valid``, ``forged``, ``truncated``, ``rewritten``, ``broken``.  No token: the
  signature is the credential (a receipt that does not verify learns only ``forged``, and
  a game deleted from the store must still be checkable).
* ``POST /audits``: re-adjudicates a log from scratch (no token needed: it reads nothing
  stored).  A malformed log answers 422 ``log/malformed`` with ``details.line``.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Response
from fastapi.responses import JSONResponse

from api.deps import PrincipalDep, ServiceDep
from api.schemas import (
    AuditRequest,
    AuditVerdictOut,
    ChainReportOut,
    ErrorDetail,
    ErrorResponse,
    ReceiptCheckOut,
    ReceiptIn,
)
from service.audit import MAX_LOG_BYTES, Audits, MalformedLogError
from service.errors import ForbiddenError, InvalidRequestError
from service.integrity import Receipt

__all__ = ["BODY_LIMITS", "LOG_MEDIA_TYPE", "router"]

LOG_MEDIA_TYPE = "application/jsonl"
BODY_LIMITS = {"/audits": MAX_LOG_BYTES * 3 // 2}
"""Request body limits above the API's default (a long game's log is larger than 256 KiB)."""

router = APIRouter(tags=["audit"])


def _errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    descriptions = {
        401: "Missing, invalid or expired bearer token (`auth/missing_token`, `auth/invalid_token`, "
        "`auth/token_expired`).",
        403: "Not allowed (`auth/forbidden`): the judge only, or a player once the game has ended.",
        404: "No such game (`game/not_found`).",
        413: "The request body is too large (`request/too_large`).",
        422: "Malformed input: `log/malformed` (details.line), `log/too_large`, `log/unavailable`, `ruleset/unknown`.",
    }
    return {s: {"model": ErrorResponse, "description": descriptions[s]} for s in (*statuses, 422)}


@router.get(
    "/games/{game_id}/log",
    response_class=Response,
    responses={200: {"content": {LOG_MEDIA_TYPE: {}}, "description": "The replay log."}, **_errors(401, 403, 404)},
)
def export_log(game_id: str, principal: PrincipalDep, service: ServiceDep) -> Response:
    """The game as a replay log: a JSON header line, then one line per accepted command."""
    log = Audits(service).export_log(game_id, principal.player if principal.role == "player" else None)
    return Response(
        log.to_text(),
        media_type=LOG_MEDIA_TYPE,
        headers={
            "Content-Disposition": f'attachment; filename="{game_id}.jsonl"',
            "Cache-Control": "no-store",
        },
    )


@router.get("/games/{game_id}/verify", response_model=ChainReportOut, responses=_errors(401, 403, 404))
def verify_chain(game_id: str, principal: PrincipalDep, service: ServiceDep) -> ChainReportOut:
    """Judge only: check the hash chain of the game's stored events."""
    if principal.role != "judge":
        raise ForbiddenError("verifying the stored events is for judges only; use the judge token")
    report = Audits(service).verify_chain(game_id)
    return ChainReportOut(game_id=game_id, **report.to_dict())


@router.post("/games/{game_id}/receipts/verify", response_model=ReceiptCheckOut, responses=_errors())
def verify_receipt(game_id: str, body: ReceiptIn, service: ServiceDep) -> ReceiptCheckOut:
    """Check a receipt this server signed (from a command or creation response): its
    signature, and that the stored chain still has its version with its head.  No token
    is needed: the signature is checked first, and a forged receipt learns only `forged`."""
    if body.game_id != game_id:
        raise InvalidRequestError(f"the receipt is for game {body.game_id!r}, not {game_id!r}", "receipt/wrong_game")
    check = Audits(service).verify_receipt(Receipt(**body.model_dump()))
    return ReceiptCheckOut(game_id=game_id, **check.to_dict())


@router.post("/audits", response_model=AuditVerdictOut, responses=_errors(413))
def audit_log(
    body: AuditRequest,
    service: ServiceDep,
    ruleset: Annotated[
        str | None, Query(max_length=64, description="Re-run under this ruleset (e.g. FoW-5.01 for a FoW-5.5 log).")
    ] = None,
) -> AuditVerdictOut | JSONResponse:
    """Re-adjudicate a replay log from scratch under its declared ruleset (or ``ruleset``):
    ``consistent``, or the first problem with its step, command, code, rule and rule text."""
    if (body.log is None) == (body.lines is None):
        raise InvalidRequestError("send the log either as 'log' (text) or as 'lines'")
    try:
        verdict = Audits(service).audit(body.log if body.log is not None else body.lines or [], ruleset or body.ruleset)
    except MalformedLogError as exc:
        error = ErrorDetail(code=exc.code, message=exc.message, details={"line": exc.line, "reason": exc.reason})
        return JSONResponse(ErrorResponse(error=error).model_dump(mode="json", exclude_none=True), status_code=422)
    return AuditVerdictOut(**verdict.to_dict())
