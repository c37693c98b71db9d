"""``POST /games/{id}/cross-version``: would a command have been accepted under the other
Force of Will comprehensive-rules version?  Judge only; nothing is recorded."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends
from pydantic import BaseModel, ConfigDict, Field

from api.deps import ServiceDep
from api.judge import require_judge
from api.schemas import ID, ErrorResponse
from domain.kernel import Command
from service.app import Principal
from service.crossversion import CrossVersionCheck

__all__ = ["router"]

router = APIRouter(tags=["judge"])


class CommandIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: str = Field(min_length=1, max_length=64, examples=["PlayResonator"])
    player: str = Field(pattern=ID)
    args: dict[str, Any] = Field(default_factory=dict)


class CrossVersionRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    event: int | None = Field(
        default=None,
        ge=1,
        description="Alone: check the command that produced this event, against the state it was decided on. "
        "With `command`: check that command against the state just before this event.",
    )
    command: CommandIn | None = Field(default=None, description="Alone: check it against the current state.")
    other_ruleset: str | None = Field(default=None, max_length=64, description="Default: the other FoW version.")


class VerdictOut(BaseModel):
    ruleset: str
    accepted: bool
    events: list[dict[str, str]] | None = Field(default=None, description="Type and citation of each event.")
    code: str | None = None
    rule: str | None = None
    rule_text: str | None = None
    message: str | None = None


class CrossVersionResponse(BaseModel):
    game_id: str
    based_on_version: int
    command: dict[str, Any] | None
    parted: bool = Field(description="True when the two versions decide differently.")
    game: VerdictOut = Field(description="The decision under the game's own version.")
    other: VerdictOut = Field(description="The decision under the other version.")


_RESPONSES: dict[int | str, dict[str, Any]] = {
    401: {"model": ErrorResponse, "description": "Missing or invalid bearer token."},
    403: {"model": ErrorResponse, "description": "A player token: judges only (`auth/forbidden`)."},
    404: {"model": ErrorResponse, "description": "No such game (`game/not_found`)."},
    422: {
        "model": ErrorResponse,
        "description": "`crossversion/unsupported_ruleset` (not a FoW game), `crossversion/no_such_event`, "
        "`crossversion/no_command`, `crossversion/nothing_to_check`, `ruleset/unknown`, `request/invalid`.",
    },
}


@router.post("/games/{game_id}/cross-version", responses=_RESPONSES)
def cross_version(
    game_id: str,
    body: CrossVersionRequest,
    service: ServiceDep,
    _: Annotated[Principal, Depends(require_judge)],
) -> CrossVersionResponse:
    """Decide one command under the game's Force of Will version and under the other one."""
    command = None
    if body.command is not None:
        command = Command(type=body.command.type, player=body.command.player, args=dict(body.command.args))
    report = CrossVersionCheck(service).check(
        game_id, event=body.event, command=command, other_ruleset=body.other_ruleset
    )
    return CrossVersionResponse.model_validate(report.to_dict())
