"""The HTTP API (FastAPI).  ``uvicorn api.app:app`` serves :data:`app`, whose lifespan
opens the game service from the ``ADJUDICATOR_*`` environment and closes it on shutdown.

Endpoints are plain ``def`` (FastAPI runs them in its threadpool; the service is
synchronous and thread-safe).  Every error answers ``{"error": {"code", "message",
"rule"?, "details"?}}``.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import FastAPI, Path, Query, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api import (
    audit,
    cards,
    command_schemas,
    console,
    crossversion,
    deal,
    instructions,
    interventions,
    judge,
    observability,
    paging,
    platforms,
    positions,
    stream,
)
from api.deps import ApiKeyDep, PrincipalDep, ServiceDep, created_game_response, viewer_for
from api.paging import MAX_SEQ
from api.schemas import (
    ID,
    ChoiceOut,
    CommandOut,
    CommandRequest,
    CommandResponse,
    CreateGameRequest,
    CreateGameResponse,
    DecisionOut,
    ErrorDetail,
    ErrorResponse,
    EventOut,
    EventsResponse,
    ForkedFromOut,
    Health,
    IntegrityOut,
    LegalActionsResponse,
    PlayerOut,
    ReceiptOut,
    RulesetOut,
    StateResponse,
    TokenResponse,
)
from domain.kernel import Command, Event, PlayerSpec
from service.app import GameService, LegalActions
from service.catalog import CatalogError
from service.errors import (
    AuthError,
    AwaitingEntropyError,
    ChainBrokenError,
    CommandIdReusedError,
    DealConflictError,
    ForbiddenError,
    GameAlreadyExistsError,
    GameNotFoundError,
    InvalidRequestError,
    RateLimitedError,
    RejectedError,
    ServiceError,
    UnknownRulesetError,
    VersionConflictError,
)
from service.settings import Settings

__all__ = ["MAX_BODY_BYTES", "app", "create_app"]

MAX_BODY_BYTES = 256 * 1024
log = logging.getLogger("adjudicator.api")

_STATUS: list[tuple[type[ServiceError], int]] = [
    (GameNotFoundError, 404),
    (AuthError, 401),
    (ForbiddenError, 403),
    (VersionConflictError, 409),
    (ChainBrokenError, 409),
    (GameAlreadyExistsError, 409),
    (CommandIdReusedError, 409),
    (AwaitingEntropyError, 409),
    (DealConflictError, 409),
    (RejectedError, 422),
    (InvalidRequestError, 422),
    (RateLimitedError, 429),
]
_HTTP_CODES = {
    400: "request/invalid",
    404: "route/not_found",
    405: "request/method_not_allowed",
    413: "request/too_large",
}


def _errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI error responses: every route may also answer 422 (request/invalid) and 500."""
    descriptions = {
        401: "Missing, invalid or expired bearer token (`auth/missing_token`, `auth/invalid_token`, "
        "`auth/token_expired`), or a missing or invalid platform key (`auth/api_key_missing`, "
        "`auth/api_key_unknown`, `auth/api_key_revoked`).",
        403: "The token may not do this (`auth/forbidden`).",
        429: "The platform key's rate limit (`rate/limited`) or daily quota of games (`rate/daily_quota`) is "
        "used up; `Retry-After` says when to try again (docs/platform-accounts.md).",
        404: "No such game (`game/not_found`).",
        409: "Version conflict (`game/version_conflict`, details: expected and actual version), "
        "a reused command id (`command/id_reused`), an existing game id (`game/already_exists`), a game "
        "not dealt yet (`game/awaiting_entropy`, details: the players whose entropy is missing and the deadline) "
        "or a game whose stored events fail verification (`integrity/chain_broken`, details: broken_at, reason; "
        "docs/integrity.md).",
        413: "The request body is larger than 256 KiB (`request/too_large`).",
        422: "Malformed input (`request/invalid`, ...) or a move the rules refuse (`rules/...`, with `rule`).",
        500: "Unexpected server error (`server/internal`); nothing is revealed about it.",
    }
    return {s: {"model": ErrorResponse, "description": descriptions[s]} for s in (*statuses, 422, 500)}


_BODY_ERRORS = {
    "400": "The body is not JSON the server can parse (`request/invalid`).",
    "413": "The request body is larger than the route allows (`request/too_large`).",
}


def _document_errors(spec: dict[str, Any]) -> dict[str, Any]:
    """Make the OpenAPI schema say what the exception handlers really answer: every
    operation with a body may also answer 400 (unparsable JSON) and 413 (too large), every
    operation 500, and every error, including FastAPI's default 422, is ``ErrorResponse``."""
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorResponse"}}}
    for operations in spec.get("paths", {}).values():
        for operation in operations.values():
            responses = operation.setdefault("responses", {})
            if "requestBody" in operation:
                for status, description in _BODY_ERRORS.items():
                    responses.setdefault(status, {"description": description, "content": error})
            responses.setdefault(
                "500", {"description": "Unexpected server error (`server/internal`).", "content": error}
            )
            for status, response in responses.items():
                if status.startswith(("4", "5")) and "HTTPValidationError" in json.dumps(response):
                    response["content"] = error
    schemas = spec.get("components", {}).get("schemas", {})  # ErrorResponse is there: every route names it
    for unused in ("HTTPValidationError", "ValidationError"):
        if unused not in json.dumps(spec.get("paths", {})):
            schemas.pop(unused, None)
    return spec


def _document_commands(spec: dict[str, Any]) -> dict[str, Any]:
    """Type the body of ``POST /games/{game_id}/commands`` per ruleset: a union discriminated by
    ``type`` of each command with its arguments (``api.command_schemas``).  Documentation only:
    the body is validated as ``CommandRequest`` and the rules engine refuses an unknown or
    ill-typed argument itself, naming it."""
    components, body = command_schemas.openapi_components()
    spec.setdefault("components", {}).setdefault("schemas", {}).update(components)
    operation = spec.get("paths", {}).get("/games/{game_id}/commands", {}).get("post")
    if operation is not None:
        operation["requestBody"]["content"]["application/json"]["schema"] = body
    return spec


def _error(status: int, code: str, message: str, **extra: Any) -> JSONResponse:
    body = ErrorResponse(error=ErrorDetail(code=code, message=message, **extra))
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    return JSONResponse(body.model_dump(mode="json", exclude_none=True), status_code=status, headers=headers)


async def _service_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ServiceError)
    status = next((s for cls, s in _STATUS if isinstance(exc, cls)), 500)
    if status == 500:  # EngineContractError: a bug in a rules engine
        log.error("service error: %s", exc)
        return _error(500, exc.code, "the rules engine failed; nothing was recorded")
    if isinstance(exc, RejectedError):
        return _error(status, exc.code, exc.message, rule=exc.rejection.rule)
    if isinstance(exc, VersionConflictError):
        details = {"expected_version": exc.expected, "actual_version": exc.actual}
        return _error(status, exc.code, exc.message, details=details)
    if isinstance(exc, AwaitingEntropyError):
        return _error(status, exc.code, exc.message, details={"missing": exc.missing, "deadline": exc.deadline})
    if isinstance(exc, DealConflictError) and exc.details:
        return _error(status, exc.code, exc.message, details=exc.details)
    if isinstance(exc, ChainBrokenError):
        return _error(status, exc.code, exc.message, details=exc.integrity)
    if isinstance(exc, RateLimitedError):
        limited = _error(status, exc.code, exc.message, details={"retry_after": exc.retry_after})
        limited.headers["Retry-After"] = str(exc.retry_after)
        return limited
    return _error(status, exc.code, exc.message)


async def _unknown_ruleset(_: Request, exc: Exception) -> JSONResponse:
    return _error(422, "ruleset/unknown", str(exc))


async def _catalog_error(_: Request, exc: Exception) -> JSONResponse:
    log.error("card catalog problem: %s", exc)
    return _error(500, "catalog/unavailable", "the card catalog for this ruleset is unavailable")


async def _validation_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    details = [{"loc": list(e["loc"]), "msg": e["msg"], "type": e["type"]} for e in exc.errors()]
    return _error(422, "request/invalid", "the request is malformed", details=details)


async def _http_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, HTTPException)
    code = _HTTP_CODES.get(exc.status_code, f"http/{exc.status_code}")
    response = _error(exc.status_code, code, str(exc.detail))
    response.headers.update(exc.headers or {})
    return response


async def _internal_error(request: Request, exc: Exception) -> JSONResponse:
    log.error("unhandled %s on %s %s", type(exc).__name__, request.method, request.url.path)
    return _error(500, "server/internal", "internal server error")


class BodySizeLimit:
    """Refuse request bodies over ``max_bytes`` with a structured 413: at once when
    ``Content-Length`` says so, else as soon as the streamed body passes the limit."""

    def __init__(self, app: ASGIApp, max_bytes: int, path_limits: dict[str, int] | None = None) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.path_limits = dict(path_limits or {})
        """Other limits for some paths (e.g. replay logs sent to ``POST /audits``)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        max_bytes = self.path_limits.get(scope.get("path", ""), self.max_bytes)
        message_ = f"the request body is larger than {max_bytes} bytes"
        declared = Headers(scope=scope).get("content-length", "")
        if declared.isdigit() and int(declared) > max_bytes:
            return await _error(413, "request/too_large", message_)(scope, receive, send)
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > max_bytes:
                raise HTTPException(413, message_)
            return message

        await self.app(scope, limited, send)


def _integrity(found: dict[str, Any] | None) -> IntegrityOut | None:
    return None if found is None else IntegrityOut(**found)


def _actions_out(legal: LegalActions) -> list[CommandOut]:
    labels = legal.labels or [c.type for c in legal.actions]
    return [
        CommandOut(
            type=c.type,
            player=c.player,
            args=dict(c.args),
            label=label,
            choice=None if c.choice is None else ChoiceOut(**c.choice.to_dict()),
        )
        for c, label in zip(legal.actions, labels, strict=True)
    ]


def _decision(
    service: GameService, game_id: str, state: dict[str, Any], viewer: str | None, version: int
) -> DecisionOut | None:
    """The pending decision of a view (``state["pending"]``) as ``DecisionOut``: its options are
    the legal actions of the player who must act at the view's version (now, or the past
    version ``?at=`` asked for), for that player and the judge."""
    pending = state.get("pending")
    if not isinstance(pending, dict) or not pending.get("player"):
        return None
    player = str(pending["player"])
    options: list[CommandOut] = []
    if viewer in (None, player):
        legal = service.legal_actions(game_id, player)
        if legal.version != version:  # a past state: the options that player had then
            legal = service.legal_actions(game_id, player, at=version)
        options = _actions_out(legal)
    return DecisionOut(kind=pending["kind"], player=player, options=options)


def _event_out(e: Event) -> EventOut:
    return EventOut(seq=e.seq, type=e.type, data=dict(e.data), rule=e.rule, cause=e.cause, actor=e.actor)


def create_app(settings: Settings | None = None, service: GameService | None = None) -> FastAPI:
    """The API over ``service``, or over a service opened from ``settings`` (default: the
    environment) when the app starts and closed when it stops."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        owned = service is None
        app.state.service = service if service is not None else GameService(settings or Settings.from_env())
        active: Settings = app.state.service.settings
        if owned and active.gc_freeze:
            app.state.service.prepare_for_serving()
        if owned:
            app.state.service.space_full_collections()
        if active.judge_token_generated:
            log.warning("ADJUDICATOR_JUDGE_TOKEN is not set; this process's judge token is %s", active.judge_token)
        if not active.api_key_required:
            log.warning(
                "OPEN MODE: anyone may create games without a platform API key "
                "(ADJUDICATOR_REQUIRE_API_KEY is off; it is on by default when ADJUDICATOR_ENV=production)"
            )
        try:
            yield
        finally:
            judge.close_judge(app)
            if owned:
                app.state.service.close()

    api = FastAPI(
        title="TCG rules adjudicator",
        version="0.1.0",
        summary="Event-sourced rules adjudication for trading card games.",
        lifespan=lifespan,
        exception_handlers={
            ServiceError: _service_error,
            UnknownRulesetError: _unknown_ruleset,
            CatalogError: _catalog_error,
            RequestValidationError: _validation_error,
            HTTPException: _http_error,
            Exception: _internal_error,
        },
    )

    api.add_middleware(BodySizeLimit, max_bytes=MAX_BODY_BYTES, path_limits={**audit.BODY_LIMITS, **cards.BODY_LIMITS})
    api.add_middleware(interventions.JudgeReadRecorder)  # judge reads of hidden information, on record
    observability.install(api)  # outermost middleware, /ready, /metrics, JSON logs
    api.include_router(console.router)
    api.include_router(judge.router)  # judge-only read models (timeline, why, rejections, across games)
    api.include_router(positions.router)  # POST /games/reconstruct (docs/position-format.md)
    api.include_router(audit.router)  # replay logs, hash-chain verification, audits (docs/replay-log.md)
    api.include_router(crossversion.router)  # judge: the same command under the other FoW version
    api.include_router(deal.router)  # contributed randomness: entropy and the deal (docs/randomness.md)
    api.include_router(interventions.router)  # judge: ruling notes, forks, judge reads (docs/judge-interventions.md)
    api.include_router(cards.router)  # GET /cards, POST/GET /catalogs (docs/card-schema.md)
    api.include_router(platforms.router)  # operator: platform API keys and judge tokens (docs/platform-accounts.md)
    api.include_router(stream.router)  # push: GET /games/{id}/stream, Server-Sent Events (docs/streaming.md)
    api.include_router(instructions.router)  # players' standing instructions (docs/standing-instructions.md)

    @api.get("/health", response_model=Health, tags=["meta"], responses=_errors())
    def health() -> Health:
        return Health()

    @api.get("/rulesets", response_model=list[RulesetOut], tags=["meta"], responses=_errors())
    def rulesets(service: ServiceDep) -> list[RulesetOut]:
        return [
            RulesetOut(ruleset=r.ruleset, variants=r.variants, starter_decks=r.starter_decks)
            for r in service.rulesets()
        ]

    @api.post(
        "/games",
        status_code=201,
        response_model=CreateGameResponse,
        tags=["games"],
        responses=_errors(401, 409, 413, 429),
    )
    def create_game(
        body: CreateGameRequest, service: ServiceDep, response: Response, api_key: ApiKeyDep
    ) -> CreateGameResponse:
        """Create a game with a platform API key (`Authorization: Bearer tcgp_...`): the game
        belongs to the key's platform.  The key is required unless the server runs in open
        mode (development; docs/platform-accounts.md).  The response is the only place the
        per-player tokens are shown.  Without a client seed the game then waits for each player's
        entropy (`POST /games/{game_id}/entropy`, docs/randomness.md) before it is dealt."""
        created = service.create_game(
            ruleset=body.ruleset,
            variant=body.variant,
            players=[PlayerSpec(p.id, p.name, p.deck.model_dump(exclude_none=True)) for p in body.players],
            seed=body.seed,
            first_player=body.first_player,
            game_id=body.game_id,
            unsupported=body.unsupported,
            catalog=body.catalog,
            api_key=api_key,
        )
        response.headers["Cache-Control"] = "no-store"
        return created_game_response(created, body.players)

    @api.post(
        "/games/{game_id}/commands",
        response_model=CommandResponse,
        tags=["games"],
        responses=_errors(401, 403, 404, 409, 413),
    )
    def submit_command(game_id: str, body: CommandRequest, principal: PrincipalDep, service: ServiceDep) -> Response:
        """Send a command as the player the token belongs to.  An illegal move answers 422
        with the rule it breaks and records nothing."""
        if principal.player is None:
            raise ForbiddenError("commands are sent with the acting player's token")
        command = Command(type=body.type, player=principal.player, args=body.args, id=body.command_id)
        result = service.submit(game_id, command, body.expected_version)
        receipt = None if result.receipt is None else ReceiptOut(**result.receipt.to_dict())
        answer = CommandResponse(version=result.version, events=[_event_out(e) for e in result.events], receipt=receipt)
        # Serialized here, in the endpoint's thread: returning the model would make FastAPI
        # validate it again in one more trip through the threadpool (bench/RESULTS.md).
        return JSONResponse(answer.model_dump(mode="json"))

    @api.post(
        "/games/{game_id}/players/{player}/token",
        response_model=TokenResponse,
        tags=["games"],
        responses=_errors(401, 403, 404),
    )
    def reissue_token(
        game_id: str,
        player: Annotated[str, Path(pattern=ID)],
        principal: PrincipalDep,
        service: ServiceDep,
        response: Response,
    ) -> TokenResponse:
        """Judge only: a new token for a player whose token expired or was lost.  The
        player's previous token stops working at once."""
        if principal.role != "judge":
            raise ForbiddenError("only a judge can reissue a player's token; use the judge token")
        issued = service.reissue_token(game_id, player)
        response.headers["Cache-Control"] = "no-store"
        return TokenResponse(
            game_id=issued.game_id, player=issued.player, token=issued.token, expires_at=issued.expires_at
        )

    @api.get(
        "/games/{game_id}/legal-actions",
        response_model=LegalActionsResponse,
        tags=["games"],
        responses=_errors(401, 403, 404),
    )
    def legal_actions(
        game_id: str,
        principal: PrincipalDep,
        service: ServiceDep,
        player: Annotated[str | None, Query(pattern=ID, description="Default: the token's player.")] = None,
    ) -> LegalActionsResponse:
        """Complete commands the player may send now (players: their own; judge: anyone's)."""
        chosen = viewer_for(principal, player)
        if chosen is None:
            raise InvalidRequestError("a judge must name the player (?player=)")
        legal = service.legal_actions(game_id, chosen)
        actions = _actions_out(legal)
        return LegalActionsResponse(
            game_id=game_id,
            player=chosen,
            version=legal.version,
            actions=actions,
            integrity=_integrity(legal.integrity),
        )

    @api.get("/games/{game_id}/state", response_model=StateResponse, tags=["games"], responses=_errors(401, 403, 404))
    def state(
        game_id: str,
        principal: PrincipalDep,
        service: ServiceDep,
        at: Annotated[int | None, Query(ge=1, le=MAX_SEQ, description="The state just after event `at`.")] = None,
        viewer: Annotated[str | None, Query(pattern=ID, description="Judge only: view as this player.")] = None,
    ) -> StateResponse:
        """A player token gets that player's view; the judge token the full view."""
        seen_by = viewer_for(principal, viewer)
        shown = service.view(game_id, seen_by, at)
        return StateResponse(
            game_id=shown.game_id,
            ruleset=shown.ruleset,
            variant=shown.variant,
            version=shown.version,
            viewer=seen_by,
            players=[PlayerOut(**p) for p in shown.players],
            finished=shown.finished,
            state=shown.state,
            randomness=shown.randomness,
            client_seeded=shown.client_seeded,
            server_seed_commitment=shown.server_seed_commitment,
            integrity=_integrity(shown.integrity),
            forked_from=None if shown.forked_from is None else ForkedFromOut(**shown.forked_from),
            decision=_decision(service, game_id, shown.state, seen_by, shown.version),
        )

    @api.get("/games/{game_id}/events", response_model=EventsResponse, tags=["games"], responses=_errors(401, 403, 404))
    def events(
        game_id: str,
        request: Request,
        principal: PrincipalDep,
        service: ServiceDep,
        after: Annotated[int, Query(ge=0, le=MAX_SEQ, description="Only events with seq > after.")] = 0,
        limit: Annotated[int, Query(ge=1, le=1000)] = 500,
        viewer: Annotated[str | None, Query(pattern=ID, description="Judge only: as this player sees them.")] = None,
        cursor: Annotated[
            int | None, Query(ge=0, le=MAX_SEQ, description="The same as `after` (from `next`); wins over it.")
        ] = None,
    ) -> EventsResponse:
        """The event stream with citations.  Players get events redacted for them.  A page
        holds at most `limit` events; `next` is the URL of the following page, null at the end."""
        shown = viewer_for(principal, viewer)
        start = after if cursor is None else cursor
        stream, more = paging.page(service.events(game_id, after=start, limit=limit + 1, viewer=shown), limit)
        integrity = _integrity(service.integrity_of(game_id))
        return EventsResponse(
            game_id=game_id,
            viewer=shown,
            events=[_event_out(e) for e in stream],
            integrity=integrity,
            next=paging.next_url(request, more, stream[-1].seq if stream else start),
        )

    openapi = api.openapi

    def documented_openapi() -> dict[str, Any]:
        if api.openapi_schema is None:
            api.openapi_schema = _document_commands(_document_errors(openapi()))
        return api.openapi_schema

    api.openapi = documented_openapi  # type: ignore[method-assign]
    return api


app = create_app()
