"""Judge-only HTTP endpoints: timeline, why, state at any point, rejected attempts and
queries across games.  Every route needs the judge token (``ADJUDICATOR_JUDGE_TOKEN``); a
player token gets 403 (per game) or 401 (across games), so no player reads another
player's hidden information through them.
"""

from __future__ import annotations

import hmac
import threading
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, Path, Query, Request
from fastapi.security import HTTPAuthorizationCredentials
from pydantic import BaseModel, Field

from api import paging
from api.deps import PrincipalDep, ServiceDep, bearer
from api.paging import MAX_SEQ
from api.schemas import ID, ErrorResponse, EventOut, ForkedFromOut, IntegrityOut, PlayerOut
from service.app import Principal
from service.errors import AuthError, ForbiddenError, GameNotFoundError, InvalidRequestError, ServiceError
from service.interventions import notes_on
from service.judge import JudgeService

__all__ = ["close_judge", "get_judge", "router"]

_lock = threading.Lock()
MAX_PAGE = 500
"""Default and largest page of rejected attempts and of games (api/paging.py)."""


def get_judge(request: Request, service: ServiceDep) -> JudgeService:
    """One :class:`JudgeService` per app, opened on first use over the app's service."""
    judge: JudgeService | None = getattr(request.app.state, "judge", None)
    if judge is None or judge.games is not service:
        with _lock:
            judge = getattr(request.app.state, "judge", None)
            if judge is None or judge.games is not service:
                judge = JudgeService(service)
                request.app.state.judge = judge
    return judge


def close_judge(app: FastAPI) -> None:
    judge: JudgeService | None = getattr(app.state, "judge", None)
    if judge is not None:
        judge.close()
        app.state.judge = None


JudgeDep = Annotated[JudgeService, Depends(get_judge)]


def require_judge(principal: PrincipalDep) -> Principal:
    if principal.role != "judge":
        raise ForbiddenError("this read model is for judges only; use the judge token")
    return principal


def require_judge_token(
    service: ServiceDep, credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]
) -> None:
    if credentials is None:
        raise AuthError("send 'Authorization: Bearer <judge token>'", "auth/missing_token")
    if not hmac.compare_digest(credentials.credentials.encode(), service.settings.judge_token.encode()):
        raise AuthError("queries across games need the judge token")


def judge_scope(
    service: ServiceDep, credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]
) -> str | None:
    """Whose games a query across games may see: ``None`` for the operator's judge
    (``ADJUDICATOR_JUDGE_TOKEN``: every game), else the platform of a platform judge token
    (its own games only; docs/platform-accounts.md)."""
    if credentials is None:
        raise AuthError("send 'Authorization: Bearer <judge token>'", "auth/missing_token")
    return service.judge_scope(credentials.credentials)


ScopeDep = Annotated[str | None, Depends(judge_scope)]


def _errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    descriptions = {
        401: "Missing, invalid or expired bearer token (`auth/missing_token`, `auth/invalid_token`, "
        "`auth/token_expired`).",
        403: "A player token (`auth/forbidden`): these read models are for judges.",
        404: "No such game (`game/not_found`).",
        422: "Malformed input, or no such event/turn (`game/no_such_event`, `game/no_such_turn`, ...).",
    }
    return {s: {"model": ErrorResponse, "description": descriptions[s]} for s in (*statuses, 422)}


class TimelineEntryOut(BaseModel):
    seq: int
    type: str
    turn: int
    phase: str
    step: str
    actor: str = Field(description="The acting player id, or `rules`.")
    rule: str = Field(examples=["FoW-5.5 8.5 p2.2"])
    rule_title: str = Field(examples=["Normal Battle Resolution Step"], description="Empty if the citation is unknown.")
    summary: str = Field(examples=["Alice's Flame Dragon (ATK 800) dealt 800 battle damage to Bob"])
    cause: str = Field(examples=["cmd:3f0c9a6e", "ev:40"])


class TimelineResponse(BaseModel):
    game_id: str
    entries: list[TimelineEntryOut]
    integrity: IntegrityOut | None = None
    next: str | None = Field(default=None, description=paging.NEXT_DOC)


class WhyLinkOut(BaseModel):
    seq: int | None = Field(description="The event; null for the command that started the chain.")
    command: str | None = Field(description="`cmd:<id>` on the last link (the player action).")
    type: str
    actor: str
    rule: str
    rule_title: str
    rule_text: str
    summary: str


class WhyResponse(BaseModel):
    game_id: str
    seq: int
    chain: list[WhyLinkOut] = Field(description="From the event back to the player action, in that order.")
    notes: list[EventOut] = Field(
        default_factory=list, description="Judges' ruling notes (`RulingNoted`) on any event of the chain."
    )


class RejectedAttemptOut(BaseModel):
    number: int
    player: str
    command: dict[str, Any]
    code: str = Field(examples=["rules/not_main_phase"])
    rule: str
    message: str
    based_on_version: int = Field(description="The game version the command was decided against.")
    at: str = Field(description="When it was refused (ISO 8601).")


class RejectionsResponse(BaseModel):
    game_id: str
    attempts: list[RejectedAttemptOut]
    next: str | None = Field(default=None, description=paging.NEXT_DOC)


class StateAtResponse(BaseModel):
    game_id: str
    ruleset: str
    variant: str
    seq: int = Field(description="The state just after this event.")
    turn: int
    phase: str
    step: str
    viewer: str | None = Field(description="Whose view (as they saw it then); null for the full judge view.")
    players: list[PlayerOut]
    finished: bool | None
    state: dict[str, Any]
    randomness: str = Field(description="`contributed`, `client_seeded` or `server` (docs/randomness.md).")
    client_seeded: bool
    server_seed_commitment: str | None = None
    integrity: IntegrityOut | None = None
    forked_from: ForkedFromOut | None = Field(default=None, description="Set on a fork: its origin.")


class IndexedPlayerOut(BaseModel):
    id: str
    name: str
    lost: str | None = Field(description="How the player lost (e.g. `conceded`), or null.")


class IndexedGameOut(BaseModel):
    game_id: str
    ruleset: str
    variant: str
    version: int
    finished: bool
    winner: str | None
    rejections: int
    players: list[IndexedPlayerOut]
    rules: list[str] = Field(description="Citations that matched `rule` (empty without that filter).")


class GamesResponse(BaseModel):
    games: list[IndexedGameOut]
    next: str | None = Field(default=None, description=paging.NEXT_DOC)


class RebuildResponse(BaseModel):
    applied: int = Field(description="Stored events replayed into the rebuilt read model.")


router = APIRouter(tags=["judge"])


@router.get(
    "/games/{game_id}/timeline",
    response_model=TimelineResponse,
    dependencies=[Depends(require_judge)],
    responses=_errors(401, 403, 404),
)
def game_timeline(
    game_id: str,
    request: Request,
    judge: JudgeDep,
    after: Annotated[int, Query(ge=0, le=MAX_SEQ, description="Only events with seq > after.")] = 0,
    limit: Annotated[int, Query(ge=1, le=5000)] = 1000,
    cursor: Annotated[
        int | None, Query(ge=0, le=MAX_SEQ, description="The same as `after` (from `next`); wins over it.")
    ] = None,
) -> TimelineResponse:
    """Every event in order: turn, phase/step, actor, citation and rule title, a one-line
    summary and the cause.  At most `limit` entries a page; `next` links the following page."""
    start = after if cursor is None else cursor
    entries, more = paging.page(judge.timeline(game_id, after=start, limit=limit + 1), limit)
    integrity = IntegrityOut(**judge.games.integrity_of(game_id))
    return TimelineResponse(
        game_id=game_id,
        entries=[TimelineEntryOut(**e.to_dict()) for e in entries],
        integrity=integrity,
        next=paging.next_url(request, more, entries[-1].seq if entries else start),
    )


@router.get(
    "/games/{game_id}/why/{seq}",
    response_model=WhyResponse,
    dependencies=[Depends(require_judge)],
    responses=_errors(401, 403, 404),
)
def game_why(game_id: str, seq: Annotated[int, Path(ge=1)], judge: JudgeDep) -> WhyResponse:
    """The causal chain of event `seq` back to the player action, with each rule's text."""
    chain = judge.why(game_id, seq)
    seqs = {link.seq for link in chain if link.seq is not None}
    notes = [EventOut(**e.to_dict()) for e in notes_on(judge.games.events(game_id), seqs)]
    return WhyResponse(game_id=game_id, seq=seq, chain=[WhyLinkOut(**link.to_dict()) for link in chain], notes=notes)


@router.get(
    "/games/{game_id}/rejections",
    response_model=RejectionsResponse,
    dependencies=[Depends(require_judge)],
    responses=_errors(401, 403, 404),
)
def game_rejections(
    game_id: str,
    request: Request,
    judge: JudgeDep,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = MAX_PAGE,
    cursor: Annotated[int | None, Query(ge=0, le=MAX_SEQ, description="Only attempts numbered above this.")] = None,
) -> RejectionsResponse:
    """Commands the rules refused (nothing of them is in the game's stream), oldest first,
    at most `limit` a page; `next` links the following page."""
    start = cursor or 0
    found, more = paging.page(judge.rejections(game_id, after=start, limit=limit + 1), limit)
    attempts = [RejectedAttemptOut(**{k: v for k, v in a.to_dict().items() if k != "game_id"}) for a in found]
    last = attempts[-1].number if attempts else start
    return RejectionsResponse(game_id=game_id, attempts=attempts, next=paging.next_url(request, more, last))


@router.get(
    "/games/{game_id}/state-at",
    response_model=StateAtResponse,
    dependencies=[Depends(require_judge)],
    responses=_errors(401, 403, 404),
)
def game_state_at(
    game_id: str,
    judge: JudgeDep,
    at: Annotated[int | None, Query(ge=1, le=MAX_SEQ, description="Just after this event.")] = None,
    turn: Annotated[int | None, Query(ge=0, le=MAX_SEQ, description="Or: at the first event of this turn...")] = None,
    phase: Annotated[str | None, Query(max_length=64, description="...and of this phase.")] = None,
    viewer: Annotated[str | None, Query(pattern=ID, description="As this player saw it then.")] = None,
) -> StateAtResponse:
    """The full board (or one player's redacted view) at any event, or turn and phase."""
    if at is not None and turn is not None:
        raise InvalidRequestError("give either ?at= or ?turn= (and ?phase=), not both")
    if phase is not None and turn is None:
        raise InvalidRequestError("?phase= needs ?turn=")
    shown = judge.state_at(game_id, at=at, turn=turn, phase=phase, viewer=viewer)
    v = shown.view
    return StateAtResponse(
        game_id=v.game_id,
        ruleset=v.ruleset,
        variant=v.variant,
        seq=shown.seq,
        turn=shown.turn,
        phase=shown.phase,
        step=shown.step,
        viewer=viewer,
        players=[PlayerOut(**p) for p in v.players],
        finished=v.finished,
        state=v.state,
        randomness=v.randomness,
        client_seeded=v.client_seeded,
        server_seed_commitment=v.server_seed_commitment,
        integrity=None if v.integrity is None else IntegrityOut(**v.integrity),
        forked_from=None if v.forked_from is None else ForkedFromOut(**v.forked_from),
    )


@router.get(
    "/judge/games",
    response_model=GamesResponse,
    responses=_errors(401),
)
def judge_games(
    request: Request,
    judge: JudgeDep,
    scope: ScopeDep,
    rule: Annotated[str | None, Query(max_length=64, description="A citation or prefix: `FoW-5.5 8.5`.")] = None,
    player: Annotated[str | None, Query(max_length=100, description="A player id or name.")] = None,
    loss: Annotated[str | None, Query(max_length=64, description="A loss reason, e.g. `conceded`.")] = None,
    ruleset: Annotated[str | None, Query(max_length=64)] = None,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = MAX_PAGE,
    cursor: Annotated[str | None, Query(max_length=200, description="Only games whose id sorts after this.")] = None,
) -> GamesResponse:
    """Games matching every filter given (the index is caught up before answering), by
    game id, at most `limit` a page; `next` links the following page."""
    rows = judge.games_where(rule=rule, player=player, loss=loss, ruleset=ruleset)
    if scope is not None:  # a platform's judge: its own games only
        rows = [r for r in rows if _owned_by(judge, r.game_id, scope)]
    rows = sorted(rows, key=lambda r: r.game_id)  # by code point, whatever the index database's collation
    if cursor is not None:
        rows = [r for r in rows if r.game_id > cursor]
    shown, more = paging.page(rows, limit)
    last = shown[-1].game_id if shown else ""
    return GamesResponse(
        games=[IndexedGameOut(**r.to_dict()) for r in shown], next=paging.next_url(request, more, last)
    )


@router.get(
    "/judge/games/{game_id}",
    response_model=IndexedGameOut,
    responses=_errors(401, 404),
)
def judge_game(
    game_id: str,
    judge: JudgeDep,
    scope: ScopeDep,
    min_version: Annotated[
        int, Query(ge=0, le=MAX_SEQ, description="Wait until the index reflects this game version.")
    ] = 0,
    timeout: Annotated[float, Query(gt=0, le=30)] = 5.0,
) -> IndexedGameOut:
    """One game's index row, once it reflects `min_version` (read-your-writes)."""
    if scope is not None and not _owned_by(judge, game_id, scope):
        raise GameNotFoundError(game_id)  # as for a game that does not exist
    return IndexedGameOut(**judge.indexed_game(game_id, min_version, timeout).to_dict())


def _owned_by(judge: JudgeService, game_id: str, platform: str) -> bool:
    try:
        return judge.games.platform_of_game(game_id) == platform
    except ServiceError:  # no such game (any more)
        return False


@router.post(
    "/judge/projections/rebuild",
    response_model=RebuildResponse,
    dependencies=[Depends(require_judge_token)],
    responses=_errors(401),
)
def rebuild(judge: JudgeDep) -> RebuildResponse:
    """Drop the games index and replay every stored event into it."""
    return RebuildResponse(applied=judge.rebuild())
