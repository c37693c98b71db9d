"""Standing instructions ("stops", docs/standing-instructions.md): a player asks the service
to pass for them until a stated condition holds.

* An instruction is kept in a per-game side log (:class:`InstructionLog`, like the rejection
  and judge-read logs: :mod:`service.game_logs`), **not** in the game's stream.  Anything
  appended to the game's stream moves its version and its ``seq`` numbers, and every player
  sees those: a redacted ``StandingInstructionSet`` event would tell the opponent that an
  instruction was set and when.  Outside the stream, the opponent's events, seqs and views
  are exactly those of a game whose passes were sent by hand.
* After every accepted command (:meth:`service.app.GameService.submit`) and after an
  instruction is set, :func:`run_instructions` looks at the pending decision: while it is a
  pass-shaped decision of a player whose instruction says "pass now", the service submits
  that player's pass (FoW ``Pass``; LL ``DeclineIntercept`` / ``PassLogic``) as a normal
  command with the id ``auto:<instruction id>:<player>:<version>`` (events caused by it carry
  ``cmd:auto:…``, the player as actor), through the same decide/record path, so an audit
  re-adjudicates it like any command.  Only ever a pass, never another choice.
* An instruction ends when one of its conditions holds (it is then cleared with that
  condition as the reason, and the player decides), when its pass is refused, or when the
  player clears it.
* Views: the owner and judges see the command id; any other player sees the cause of the
  events of an automatic pass as ``cmd:<32 hex digits>`` (:func:`service.app.redact_event`), an id a
  client could have chosen for a manual pass.
"""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate, event
from eventsourcing.utils import register_topic

from domain.kernel import Command
from service.errors import CommandRejectedError, InvalidRequestError, ServiceError, VersionConflictError
from service.game_logs import append_in_turn

if TYPE_CHECKING:  # service.app imports this module (lazily, in submit)
    from service.app import Game, GameService

__all__ = [
    "AUTO_PREFIX",
    "MAX_AUTO_PASSES",
    "PASS_COMMANDS",
    "Instruction",
    "InstructionLog",
    "active_instructions",
    "clear_instruction",
    "get_instruction",
    "is_auto_command_id",
    "run_instructions",
    "set_instruction",
]

log = logging.getLogger("adjudicator.instructions")

AUTO_PREFIX = "auto:si-"
"""Command ids of automatic passes start with this (client command ids may not)."""
MAX_AUTO_PASSES = 500
"""Automatic passes submitted after one command at most (two "pass until cleared"
instructions could otherwise pass each other through the whole game in one request)."""
PASS_COMMANDS: dict[str, dict[str, str]] = {
    "FoW": {"priority": "Pass"},
    "LL": {"intercept": "DeclineIntercept", "logic_definition": "PassLogic"},
}
"""Per game system (the ruleset id's prefix): the pending decision kind -> its pass command.
GCG has no pass-shaped decision (a response is a ``Choose``), so it takes no instruction."""
_STEP = re.compile(r"[a-z_]{1,32}(/[a-z_]{1,32})?")
_NAMESPACE = uuid5(NAMESPACE_URL, "adjudicator:standing-instructions")


def _system(ruleset: str) -> str:
    return ruleset.split("-", 1)[0]


def is_auto_command_id(command_id: str) -> bool:
    return command_id.startswith(AUTO_PREFIX)


def instruction_log_id(game_id: str) -> UUID:
    return uuid5(_NAMESPACE, game_id)


@dataclass(frozen=True, slots=True)
class Instruction:
    """One standing instruction: pass for ``player`` until one of the conditions holds
    (none: until cleared).  ``baseline`` is where the game was when it was set."""

    id: str
    player: str
    until_step: str | None = None
    until_opponent_adds_to_chase: bool = False
    until_my_turn: bool = False
    set_at: int = 0
    baseline: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "player": self.player,
            "until_step": self.until_step,
            "until_opponent_adds_to_chase": self.until_opponent_adds_to_chase,
            "until_my_turn": self.until_my_turn,
            "set_at": self.set_at,
            "baseline": dict(self.baseline),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Instruction:
        return cls(**dict(data))

    def stop_reason(self, view: Mapping[str, Any]) -> str | None:
        """The condition that holds in ``view`` (the owner's view of the game), if any."""
        base = self.baseline
        turn, phase, step = view.get("turn"), view.get("phase"), view.get("step")
        if self.until_step is not None and self.until_step in (phase, f"{phase}/{step}"):
            at_start = self.until_step in (base.get("phase"), f"{base.get('phase')}/{base.get('step')}")
            # set in the named step itself: stop when it comes again, in a later turn
            if not at_start or (isinstance(turn, int) and turn > int(base.get("turn") or 0)):
                return f"until_step {self.until_step}"
        later = isinstance(turn, int) and turn > int(base.get("turn") or 0)
        if self.until_my_turn and view.get("turn_player") == self.player and later:
            return "until_my_turn"
        if self.until_opponent_adds_to_chase:
            before = set(base.get("chase") or [])
            for item in view.get("chase") or []:
                if isinstance(item, dict) and item.get("controller") != self.player and item.get("item") not in before:
                    return "until_opponent_adds_to_chase"
        return None


def _baseline(view: Mapping[str, Any], player: str) -> dict[str, Any]:
    chase = [
        c.get("item")
        for c in view.get("chase") or []
        if isinstance(c, dict) and c.get("controller") != player and isinstance(c.get("item"), str)
    ]
    return {"turn": view.get("turn"), "phase": view.get("phase"), "step": view.get("step"), "chase": chase}


class InstructionLog(Aggregate):
    """The standing instructions of one game (not part of the game's stream)."""

    TOPIC = "adjudicator:InstructionLog"

    class Created(Aggregate.Created):
        TOPIC = "adjudicator:InstructionLog.Created"
        game_id: str

    class Set(Aggregate.Event):
        TOPIC = "adjudicator:InstructionLog.Set"
        instruction: dict[str, Any]

    class Cleared(Aggregate.Event):
        TOPIC = "adjudicator:InstructionLog.Cleared"
        player: str
        instruction_id: str
        reason: str
        at: int

    @staticmethod
    def create_id(game_id: str) -> UUID:
        return instruction_log_id(game_id)

    @event(Created)
    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.active: dict[str, dict[str, Any]] = {}

    @event(Set)
    def set(self, instruction: dict[str, Any]) -> None:
        self.active[instruction["player"]] = instruction

    @event(Cleared)
    def clear(self, player: str, instruction_id: str, reason: str, at: int) -> None:
        if self.active.get(player, {}).get("id") == instruction_id:
            del self.active[player]


for _cls in (InstructionLog, InstructionLog.Created, InstructionLog.Set, InstructionLog.Cleared):
    register_topic(_cls.TOPIC, _cls)


def _read_log(games: GameService, game_id: str) -> InstructionLog | None:
    try:
        return cast(InstructionLog, games.app.repository.get(instruction_log_id(game_id)))
    except AggregateNotFoundError:
        return None


def get_instruction(games: GameService, game_id: str, player: str) -> Instruction | None:
    """``player``'s active instruction in ``game_id``, if any."""
    games.view(game_id, player)  # raises GameNotFoundError, or if not a player
    found = _read_log(games, game_id)
    active = None if found is None else found.active.get(player)
    return None if active is None else Instruction.from_dict(active)


def active_instructions(games: GameService, game_id: str) -> list[Instruction]:
    """Every player's active instruction (for judges), in player id order."""
    games.view(game_id, None)  # raises GameNotFoundError
    found = _read_log(games, game_id)
    active = {} if found is None else found.active
    return [Instruction.from_dict(active[p]) for p in sorted(active)]


def set_instruction(
    games: GameService,
    game_id: str,
    player: str,
    *,
    until_step: str | None = None,
    until_opponent_adds_to_chase: bool = False,
    until_my_turn: bool = False,
) -> Instruction:
    """Set (or replace) ``player``'s instruction, then pass for them if it says so now."""
    shown = games.view(game_id, player)
    if shown.finished:
        raise InvalidRequestError(f"game {game_id!r} is over", "instruction/game_over")
    if _system(shown.ruleset) not in PASS_COMMANDS:
        raise InvalidRequestError(
            f"{shown.ruleset} has no pass-shaped decision: it takes no standing instruction", "instruction/unsupported"
        )
    if until_step is not None and not _STEP.fullmatch(until_step):
        raise InvalidRequestError(
            f"until_step must be a phase or phase/step (e.g. 'end' or 'end/end_of_turn'); got {until_step!r}",
            "instruction/bad_step",
        )
    made = Instruction(
        id="si-" + secrets.token_hex(8),
        player=player,
        until_step=until_step,
        until_opponent_adds_to_chase=until_opponent_adds_to_chase,
        until_my_turn=until_my_turn,
        set_at=shown.version,
        baseline=_baseline(shown.state, player),
    )

    def append() -> None:
        found = _read_log(games, game_id) or InstructionLog(game_id=game_id)
        previous = found.active.get(player)
        if previous is not None:
            found.clear(player=player, instruction_id=previous["id"], reason="replaced", at=shown.version)
        found.set(instruction=made.to_dict())
        games.app.save(found)

    append_in_turn(games.app, game_id, append, "a standing instruction")
    run_instructions(games, game_id)
    return made


def clear_instruction(games: GameService, game_id: str, player: str, reason: str = "cleared by the player") -> bool:
    """End ``player``'s instruction; False if there was none."""
    version = games.view(game_id, player).version
    return _clear(games, game_id, player, None, reason, version)


def _clear(games: GameService, game_id: str, player: str, only: str | None, reason: str, version: int) -> bool:
    def append() -> bool:
        found = _read_log(games, game_id)
        active = None if found is None else found.active.get(player)
        if found is None or active is None or (only is not None and active["id"] != only):
            return False
        found.clear(player=player, instruction_id=active["id"], reason=reason, at=version)
        games.app.save(found)
        return True

    return append_in_turn(games.app, game_id, append, "a standing instruction")


def is_waiting_for_a_pass(game: Game | None) -> bool:
    """Whether :func:`run_instructions` may have a pass to make, judged from ``game`` (this
    process's cached copy, just recorded) without reading the store: False only when the
    game is over or waits for no decision a standing instruction answers (``PASS_COMMANDS``),
    when :func:`run_instructions` would return at once anyway; True without a copy."""
    if game is None:
        return True
    state = game.state
    pending = getattr(state, "pending", None)
    if getattr(state, "finished", False) or pending is None:
        return False
    return getattr(pending, "kind", None) in PASS_COMMANDS.get(_system(game.engine.ruleset), {})


def run_instructions(games: GameService, game_id: str) -> int:
    """Pass for the player whose decision is pending while their instruction says so; the
    number of passes submitted.  Never raises for a caller's sake: the command that led
    here was accepted already."""
    passes = 0
    try:
        while passes < MAX_AUTO_PASSES:
            found = _read_log(games, game_id)
            if found is None or not found.active:
                return passes
            judge = games.view(game_id, None)
            pending = judge.state.get("pending")
            if judge.finished or not isinstance(pending, dict):
                return passes
            player = pending.get("player")
            active = found.active.get(player) if isinstance(player, str) else None
            if active is None:
                return passes
            instruction = Instruction.from_dict(active)
            kind = pending.get("kind")
            pass_type = PASS_COMMANDS.get(_system(judge.ruleset), {}).get(kind if isinstance(kind, str) else "")
            if pass_type is None:
                return passes  # not a pass-shaped decision: the instruction waits
            stop = instruction.stop_reason(games.view(game_id, instruction.player).state)
            if stop is not None:
                _clear(games, game_id, instruction.player, instruction.id, stop, judge.version)
                return passes
            command_id = f"auto:{instruction.id}:{instruction.player}:{judge.version}"
            command = Command(pass_type, instruction.player, {}, id=command_id)
            try:
                games._submit(game_id, command, judge.version)
            except VersionConflictError:
                return passes  # someone else moved first: their submit runs the instructions
            except CommandRejectedError as exc:
                reason = f"pass refused: {exc.rejection.code}"
                _clear(games, game_id, instruction.player, instruction.id, reason, judge.version)
                return passes
            passes += 1
    except (ServiceError, RuntimeError):  # RuntimeError: too many writers of the side log
        log.exception("standing instructions of game %s stopped", game_id)
    return passes
