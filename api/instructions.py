"""Standing instructions over HTTP (docs/standing-instructions.md): ``PUT``, ``GET`` and
``DELETE /games/{game_id}/instructions``.  A player sets and clears only their own; the
opponent cannot read it (nothing of it enters the game's events); a judge reads all."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body
from pydantic import BaseModel, Field

from api.deps import PrincipalDep, ServiceDep
from api.schemas import ErrorResponse
from service.app import Principal
from service.errors import ForbiddenError
from service.instructions import Instruction, active_instructions, clear_instruction, get_instruction, set_instruction

__all__ = ["router"]

router = APIRouter(tags=["games"])


def _errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    descriptions = {
        401: "Missing, invalid or expired bearer token.",
        403: "Not a player token (`auth/forbidden`): instructions are a player's own.",
        404: "No such game (`game/not_found`).",
        422: "Malformed input (`request/invalid`), a bad step (`instruction/bad_step`), a game over "
        "(`instruction/game_over`) or a ruleset without passes (`instruction/unsupported`, GCG).",
    }
    return {s: {"model": ErrorResponse, "description": descriptions[s]} for s in (*statuses, 422)}


class InstructionRequest(BaseModel):
    """Pass for me until one of these holds (none given: until I clear it)."""

    model_config = {"extra": "forbid"}
    until_step: str | None = Field(
        default=None,
        max_length=65,
        pattern=r"^[a-z_]{1,32}(/[a-z_]{1,32})?$",
        examples=["end/end_of_turn", "main"],
        description="Stop when the game reaches this phase, or phase/step (as `state.phase` / `state.step`).",
    )
    until_opponent_adds_to_chase: bool = Field(
        default=False, description="Stop when an opponent puts something on the chase (FoW)."
    )
    until_my_turn: bool = Field(default=False, description="Stop when my next turn begins.")


class InstructionOut(BaseModel):
    id: str
    player: str
    until_step: str | None
    until_opponent_adds_to_chase: bool
    until_my_turn: bool
    set_at: int = Field(description="The game's version when it was set.")


class InstructionsOut(BaseModel):
    version: int = Field(description="The game's version now (after any passes made for you).")
    instructions: list[InstructionOut] = Field(
        description="The active instructions: a player's own (at most one); a judge's: every player's."
    )


class ClearedOut(BaseModel):
    cleared: bool = Field(description="False if there was no active instruction.")
    version: int


def _out(made: Instruction) -> InstructionOut:
    data = made.to_dict()
    data.pop("baseline")
    return InstructionOut(**data)


def _player(principal: Principal) -> str:
    if principal.player is None:
        raise ForbiddenError("standing instructions are set with the player's own token")
    return principal.player


@router.put("/games/{game_id}/instructions", response_model=InstructionsOut, responses=_errors(401, 403, 404))
def put_instruction(
    game_id: str, principal: PrincipalDep, service: ServiceDep, body: Annotated[InstructionRequest, Body()]
) -> InstructionsOut:
    """Set (or replace) your standing instruction: the service passes for you while it
    holds.  If the pending decision is already yours and a pass, it passes at once."""
    player = _player(principal)
    made = set_instruction(
        service,
        game_id,
        player,
        until_step=body.until_step,
        until_opponent_adds_to_chase=body.until_opponent_adds_to_chase,
        until_my_turn=body.until_my_turn,
    )
    now = get_instruction(service, game_id, player)
    version = service.view(game_id, player).version
    return InstructionsOut(version=version, instructions=[] if now is None or now.id != made.id else [_out(made)])


@router.get("/games/{game_id}/instructions", response_model=InstructionsOut, responses=_errors(401, 404))
def get_instructions(game_id: str, principal: PrincipalDep, service: ServiceDep) -> InstructionsOut:
    """Your active standing instruction (a judge: every player's)."""
    if principal.player is None:
        found = active_instructions(service, game_id)
        return InstructionsOut(version=service.view(game_id, None).version, instructions=[_out(i) for i in found])
    mine = get_instruction(service, game_id, principal.player)
    version = service.view(game_id, principal.player).version
    return InstructionsOut(version=version, instructions=[] if mine is None else [_out(mine)])


@router.delete("/games/{game_id}/instructions", response_model=ClearedOut, responses=_errors(401, 403, 404))
def delete_instruction(game_id: str, principal: PrincipalDep, service: ServiceDep) -> ClearedOut:
    """Clear your standing instruction: from now on you decide every pass."""
    player = _player(principal)
    cleared = clear_instruction(service, game_id, player)
    return ClearedOut(cleared=cleared, version=service.view(game_id, player).version)
