"""The FoW engine's game constants and its command registry: every command handler is
registered with :func:`command` under its name, with the decisions it answers."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.fow.context import Ctx, ReplacementUnchosenError
from domain.fow.state import GameState
from domain.fow.versions import version
from domain.kernel import Command, CommandTable, Handler

RULESET = "FoW-5.5"
MAX_X = 10
"""legal_actions offers an {X} cost with X from 0 up to this (what the player can pay)."""
VARIANTS = ("valhalla", "bifrost")
STARTING_LIFE = 4000
OPENING_HAND = 5
LIFEBREAK_CARDS = 4

CommandHandler = Handler[Ctx]


def _begin(ctx: Ctx, state: GameState, cmd: Command) -> None:
    # where a question about a move's replacement rewinds to (``ask_move_choice``); none when the
    # command is decided in place (``engine.decide_in_place``), whose state is the one it changes; a
    # probe on the state itself (``CommandTable.accepts``) rewinds to a copy of it
    ctx.origin = None if state is ctx.s and not ctx.in_place else (state, 0)


COMMAND_TABLE = CommandTable[Ctx](
    Ctx,
    lambda state: version(state.ruleset).cite,
    finished="1.3 p1",
    unknown_player="1.1 p1",
    unknown_type="6.3 p1",
    expected="6.1 p1.3",
    no_priority=True,
    begin=_begin,
    probe_in_place=True,  # decide changes its state only by emitting events (``Ctx.emit``)
)
COMMANDS = COMMAND_TABLE.handlers
"""Every command type, by name (imperative: ``DeclareAttack``)."""


def command(name: str, *pending: str, args: Any = None) -> Callable[[CommandHandler], CommandHandler]:
    """Register a command handler; ``pending`` lists the decision kinds it answers.  A command that would
    move a card two or more replacements of which apply, changing what happens, stops before anything
    of it happens and asks the card's controller which applies (``ask_move_choice``)."""
    register = COMMAND_TABLE.command(name, *pending, args=args)

    def wrap(fn: CommandHandler) -> CommandHandler:
        def asking(ctx: Ctx, player: str, given: Mapping[str, Any]) -> None:
            origin, ctx.origin = ctx.origin, None  # the actions it performs (a loop's) do not rewind
            try:
                fn(ctx, player, given)
            except ReplacementUnchosenError as unchosen:
                if origin is None:
                    raise
                ask_move_choice(ctx, origin, unchosen, {"type": name, "player": player, "args": dict(given)})

        register(asking)
        return fn

    return wrap


def ask_move_choice(
    ctx: Ctx, origin: tuple[GameState, int], unchosen: ReplacementUnchosenError, resumed: dict[str, Any]
) -> None:
    """The command ``resumed`` (type, player, arguments) moved a card whose controller chooses which of the
    replacements of that move applies (FoW-5.5 9.10 p2, ``movement.move``): it is undone (``Ctx.rewind`` to
    ``origin``) and the controller is asked, the question recording the command and the decision it
    answered (``resume``), so that the answer (``ChooseReplacement``) decides it again with the choices
    made (``moves_chosen``)."""
    ctx.rewind(origin)
    p = ctx.s.pending
    answered = None if p is None else {"kind": p.kind, "player": p.player, "options": dict(p.options)}
    asked: dict[str, Any] = {"move": unchosen.oid, "to": unchosen.to, "choices": list(unchosen.choices)}
    asked["moves_chosen"] = dict(sorted(ctx.move_picks.items()))
    asked["resume"] = {"command": resumed, "pending": answered}
    ctx.ask(unchosen.player, "replacement", asked, "9.10 p2", cause=ctx.cause)
