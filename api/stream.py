"""``GET /games/{game_id}/stream``: a game's events pushed as Server-Sent Events
(docs/streaming.md).

Each event is one SSE message ``id: <seq>`` / ``event: <type>`` / ``data: <the event as
GET /games/{id}/events gives it to the same caller>``; after each batch a ``decision``
message (no id) says whose decision is next; idle streams get a heartbeat comment.  The
stream resumes after ``Last-Event-ID`` (or ``?after=``) and ends when the game does.

The generator is synchronous and runs in the threadpool (the service is synchronous);
each stream holds a worker thread while it waits, so a process serves at most
``ADJUDICATOR_MAX_STREAMS`` at once and answers 503 ``stream/too_many`` beyond.
"""

from __future__ import annotations

import json
import threading
from collections.abc import AsyncIterator, Iterator
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import JSONResponse, StreamingResponse
from starlette.concurrency import iterate_in_threadpool

from api.deps import PrincipalDep, ServiceDep, viewer_for
from api.paging import MAX_SEQ
from api.schemas import ID, ErrorDetail, ErrorResponse, EventOut
from service.app import GameService
from service.errors import InvalidRequestError
from service.stream import GameStreams, StreamItem, StreamsFullError

__all__ = ["get_streams", "router", "sse"]

_lock = threading.Lock()

router = APIRouter(tags=["games"])


def get_streams(request: Request, service: GameService) -> GameStreams:
    """One :class:`GameStreams` per app (and service), made on first use."""
    streams: GameStreams | None = getattr(request.app.state, "streams", None)
    if streams is None or streams.service is not service:
        with _lock:
            streams = getattr(request.app.state, "streams", None)
            if streams is None or streams.service is not service:
                settings = service.settings
                streams = GameStreams(service, settings.max_streams, settings.stream_heartbeat_seconds)
                request.app.state.streams = streams
    return streams


def _data(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def sse(item: StreamItem) -> str:
    """One SSE message (``data`` is one line: JSON escapes newlines)."""
    if item.kind == "heartbeat":
        return ": heartbeat\n\n"
    if item.kind == "decision":
        return f"event: decision\ndata: {_data(item.decision)}\n\n"
    e = item.event
    assert e is not None
    shown = EventOut(seq=e.seq, type=e.type, data=dict(e.data), rule=e.rule, cause=e.cause, actor=e.actor)
    return f"id: {e.seq}\nevent: {e.type}\ndata: {_data(shown.model_dump(mode='json'))}\n\n"


def _resume_point(last_event_id: str | None, after: int | None) -> int:
    if last_event_id is not None and last_event_id.strip():
        value = last_event_id.strip()
        if not value.isascii() or not value.isdigit() or len(value) > 12:
            raise InvalidRequestError("Last-Event-ID must be an event seq (a non-negative integer)", "stream/bad_id")
        return int(value)
    return after or 0


_STREAM_DOC = {
    200: {
        "description": "`text/event-stream`: the event messages, `decision` messages and heartbeat comments "
        "(docs/streaming.md).",
        "content": {"text/event-stream": {"schema": {"type": "string"}}},
    },
    401: {"model": ErrorResponse, "description": "Missing, invalid or expired bearer token."},
    403: {"model": ErrorResponse, "description": "A player token asking for another player's view."},
    404: {"model": ErrorResponse, "description": "No such game (`game/not_found`)."},
    503: {"model": ErrorResponse, "description": "This process serves its maximum of streams (`stream/too_many`)."},
}


@router.get("/games/{game_id}/stream", response_class=StreamingResponse, responses=_STREAM_DOC)  # type: ignore[arg-type]
def stream(
    game_id: str,
    request: Request,
    principal: PrincipalDep,
    service: ServiceDep,
    after: Annotated[int | None, Query(ge=0, le=MAX_SEQ, description="Start after this event seq (default 0).")] = None,
    viewer: Annotated[str | None, Query(pattern=ID, description="Judge only: as this player sees it.")] = None,
    last_event_id: Annotated[
        str | None,
        Header(alias="Last-Event-ID", max_length=32, description="Resume after this seq (wins over `after`)."),
    ] = None,
) -> Any:
    """Push: the game's events as they are recorded (players: redacted for them, as
    `/events`; the judge: whole), with a `decision` message after each batch saying who
    must act next.  Ends when the game ends."""
    shown = viewer_for(principal, viewer)
    start = _resume_point(last_event_id, after)
    streams = get_streams(request, service)
    streams.check(game_id, shown)
    try:
        lease = streams.lease()
    except StreamsFullError as exc:
        full = ErrorResponse(error=ErrorDetail(code=exc.code, message=exc.message))
        return JSONResponse(full.model_dump(mode="json", exclude_none=True), 503, headers={"Retry-After": "5"})
    messages: Iterator[str] = (sse(item) for item in streams.open(game_id, shown, start, lease))

    async def body() -> AsyncIterator[str]:
        try:
            yield "retry: 1000\n\n"
            async for chunk in iterate_in_threadpool(messages):
                yield chunk
        finally:  # the client went away (or the game ended): free the slot, wake the thread
            lease.stop()

    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    return StreamingResponse(body(), media_type="text/event-stream", headers=headers)
