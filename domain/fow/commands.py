"""The FoW engine's game constants and its command registry: every command handler is
registered with :func:`command` under its name, with the decisions it answers."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.fow.context import Ctx

RULESET = "FoW-5.5"
MAX_X = 10
"""legal_actions offers an {X} cost with X from 0 up to this (what the player can pay)."""
VARIANTS = ("valhalla", "bifrost")
STARTING_LIFE = 4000
OPENING_HAND = 5
LIFEBREAK_CARDS = 4

CommandHandler = Callable[[Ctx, str, Mapping[str, Any]], None]
COMMANDS: dict[str, CommandHandler] = {}
"""Every command type, by name (imperative: ``DeclareAttack``)."""


def command(name: str, *pending: str) -> Callable[[CommandHandler], CommandHandler]:
    """Register a command handler; ``pending`` lists the decision kinds it answers."""

    def register(fn: CommandHandler) -> CommandHandler:
        def guarded(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
            p = ctx.s.pending
            if pending and (p is None or p.kind not in pending):
                waiting = "nothing" if p is None else f"{p.kind} by {p.player}"
                raise ctx.reject(
                    "rules/not_expected",
                    "6.1 p1.3",
                    f"{name} is not possible now: the game is waiting for {waiting}",
                )
            if pending and p is not None and p.player != player:
                code = "rules/no_priority" if p.kind == "priority" else "rules/not_your_decision"
                raise ctx.reject(code, "6.1 p1.3", f"{name} is not yours to make: the game waits for {p.player}")
            fn(ctx, player, args)

        COMMANDS[name] = guarded
        return fn

    return register
