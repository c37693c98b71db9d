"""Judges' interventions over HTTP (docs/judge-interventions.md): ruling notes on events,
forks of a game, and the record of the judge reads that reveal hidden information.

``POST /games/{game_id}/notes`` and ``POST /games/{game_id}/fork`` need the judge token;
``GET /games/{game_id}/judge-reads`` lists what :class:`JudgeReadRecorder` recorded: every
successful judge request to an endpoint that shows hidden information (one append per
request, before the response is sent).
"""

from __future__ import annotations

import hmac
import re
from typing import Annotated, Any

import anyio.to_thread
from fastapi import APIRouter, Depends, Query, Response
from pydantic import BaseModel, Field
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.deps import ServiceDep
from api.judge import require_judge
from api.paging import MAX_SEQ
from api.schemas import ID, ErrorResponse, EventOut, ForkedFromOut, ReceiptOut
from service.app import GameService
from service.interventions import (
    MAX_NOTE_CHARS,
    MAX_NOTE_RULES,
    READS_PAGE_LIMIT,
    add_note,
    fork_game,
    list_reads,
    record_read,
)
from service.platforms import JUDGE_TOKEN_PREFIX, is_judge_token

__all__ = ["HIDDEN_READS", "JudgeReadRecorder", "router"]

HIDDEN_READS = re.compile(
    r"^/games/(?P<game_id>[A-Za-z0-9_-]{1,64})/(?:state|state-at|events|stream|timeline|why/\d+|log|legal-actions|instructions)$"
)
"""The judge reads recorded: paths whose answer to the judge token shows hidden information."""


def _errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    descriptions = {
        401: "Missing, invalid or expired bearer token.",
        403: "A player token (`auth/forbidden`): judges only.",
        404: "No such game (`game/not_found`).",
        409: "The game id is taken (`game/already_exists`).",
        422: "Malformed input: an unknown citation (`note/unknown_rule`), no such event (`game/no_such_event`), "
        "a version inside a command (`fork/not_a_boundary`), ...",
    }
    return {s: {"model": ErrorResponse, "description": descriptions[s]} for s in (*statuses, 422)}


class NoteRequest(BaseModel):
    model_config = {"extra": "forbid"}
    event: int = Field(ge=1, description="The seq of the event the note is attached to.")
    text: str = Field(min_length=1, max_length=MAX_NOTE_CHARS)
    rules: list[Annotated[str, Field(max_length=64)]] = Field(
        default_factory=list,
        max_length=MAX_NOTE_RULES,
        examples=[["FoW-5.5 9.10 p2"]],
        description="Citations; each must resolve to rule text.",
    )


class NoteResponse(BaseModel):
    game_id: str
    version: int = Field(description="The game's version after the note (a note is an event of the game).")
    event: EventOut
    receipt: ReceiptOut | None = None


class ForkRequest(BaseModel):
    model_config = {"extra": "forbid"}
    at: int = Field(ge=1, description="The version to fork at: the end of setup or of a command (or note).")
    game_id: str | None = Field(default=None, pattern=ID, description="The new game's id (default: generated).")


class ForkResponse(BaseModel):
    game_id: str
    ruleset: str
    variant: str
    version: int
    player_tokens: dict[str, str] = Field(description="Shown once: only their hashes are stored.")
    tokens_expire_at: str
    forked_from: ForkedFromOut
    receipt: ReceiptOut | None = None


class JudgeReadOut(BaseModel):
    number: int
    who: str = Field(description="The principal (`judge`).")
    endpoint: str = Field(examples=["GET /games/g1/state?at=3"])
    at: str = Field(description="When (ISO 8601, the service clock).")


class JudgeReadsResponse(BaseModel):
    game_id: str
    reads: list[JudgeReadOut]
    next_after: int | None = Field(description="Pass as `?after=` for the next page; null: no more.")


router = APIRouter(tags=["judge"])


@router.post(
    "/games/{game_id}/notes",
    status_code=201,
    response_model=NoteResponse,
    dependencies=[Depends(require_judge)],
    responses=_errors(401, 403, 404),
)
def post_note(game_id: str, body: NoteRequest, service: ServiceDep) -> NoteResponse:
    """Attach a ruling note to an event: recorded as a `RulingNoted` event of the game
    (hash-chained, in the log and the timeline), without changing the game state."""
    noted = add_note(service, game_id, body.event, body.text, body.rules)
    receipt = None if noted.receipt is None else ReceiptOut(**noted.receipt.to_dict())
    e = noted.event
    return NoteResponse(
        game_id=game_id,
        version=noted.version,
        event=EventOut(seq=e.seq, type=e.type, data=dict(e.data), rule=e.rule, cause=e.cause, actor=e.actor),
        receipt=receipt,
    )


@router.post(
    "/games/{game_id}/fork",
    status_code=201,
    response_model=ForkResponse,
    dependencies=[Depends(require_judge)],
    responses=_errors(401, 403, 404, 409),
)
def post_fork(game_id: str, body: ForkRequest, service: ServiceDep, response: Response) -> ForkResponse:
    """Fork the game at version `at` into a new game (new player tokens) whose events up to
    there are the original's, re-adjudicated; the original is untouched."""
    forked = fork_game(service, game_id, body.at, body.game_id)
    response.headers["Cache-Control"] = "no-store"
    return ForkResponse(
        game_id=forked.game_id,
        ruleset=forked.ruleset,
        variant=forked.variant,
        version=forked.version,
        player_tokens=forked.player_tokens,
        tokens_expire_at=forked.tokens_expire_at.isoformat(),
        forked_from=ForkedFromOut(**forked.forked_from),
        receipt=None if forked.receipt is None else ReceiptOut(**forked.receipt.to_dict()),
    )


@router.get(
    "/games/{game_id}/judge-reads",
    response_model=JudgeReadsResponse,
    dependencies=[Depends(require_judge)],
    responses=_errors(401, 403, 404),
)
def get_judge_reads(
    game_id: str,
    service: ServiceDep,
    after: Annotated[int, Query(ge=0, le=MAX_SEQ, description="Only reads numbered above this.")] = 0,
    limit: Annotated[int, Query(ge=1, le=READS_PAGE_LIMIT)] = 100,
) -> JudgeReadsResponse:
    """Every judge read of this game's hidden information: who, when and which endpoint."""
    reads = list_reads(service, game_id, after=after, limit=limit)
    more = len(reads) == limit
    return JudgeReadsResponse(
        game_id=game_id,
        reads=[JudgeReadOut(number=r.number, who=r.who, endpoint=r.endpoint, at=r.at) for r in reads],
        next_after=reads[-1].number if reads and more else None,
    )


class JudgeReadRecorder:
    """ASGI middleware: a successful judge-token GET of :data:`HIDDEN_READS` is recorded in
    the game's judge-read log before its response starts (so the record exists once the
    judge has the answer)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") != "GET":
            await self.app(scope, receive, send)
            return
        found = HIDDEN_READS.match(scope.get("path", ""))
        service: GameService | None = getattr(getattr(scope.get("app"), "state", None), "service", None)
        who = None if found is None or service is None else _judge_of(scope, service)
        if found is None or service is None or who is None:
            await self.app(scope, receive, send)
            return
        game_id = found["game_id"]
        query = scope.get("query_string", b"").decode("latin-1")
        endpoint = f"GET {scope['path']}" + (f"?{query}" if query else "")

        async def recording(message: Message) -> None:
            if message["type"] == "http.response.start" and 200 <= int(message["status"]) < 300:
                await anyio.to_thread.run_sync(record_read, service, game_id, who, endpoint)
            await send(message)

        await self.app(scope, receive, recording)


def _judge_of(scope: Scope, service: GameService) -> str | None:
    """Who a judge read is recorded as: ``judge`` (the operator's), ``judge:<key id>`` (a
    platform's judge), ``None`` for any other caller."""
    for name, value in scope.get("headers", []):
        if name == b"authorization":
            scheme, _, sent = value.decode("latin-1").partition(" ")
            if scheme.lower() == "bearer":
                token: str = sent.strip()
                if hmac.compare_digest(token.encode(), service.settings.judge_token.encode()):
                    return "judge"
                if is_judge_token(token):  # a platform's judge (the route checks the token): its key id
                    return "judge:" + token[len(JUDGE_TOKEN_PREFIX) :].partition("_")[0]
    return None
