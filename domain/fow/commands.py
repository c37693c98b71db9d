"""The FoW engine's game constants and its command registry: every command handler is
registered with :func:`command` under its name, with the decisions it answers."""

from __future__ import annotations

from domain.fow.context import Ctx
from domain.fow.versions import version
from domain.kernel import CommandTable, Handler

RULESET = "FoW-5.5"
MAX_X = 10
"""legal_actions offers an {X} cost with X from 0 up to this (what the player can pay)."""
VARIANTS = ("valhalla", "bifrost")
STARTING_LIFE = 4000
OPENING_HAND = 5
LIFEBREAK_CARDS = 4

CommandHandler = Handler[Ctx]
COMMAND_TABLE = CommandTable[Ctx](
    Ctx,
    lambda state: version(state.ruleset).cite,
    finished="1.3 p1",
    unknown_player="1.1 p1",
    unknown_type="6.3 p1",
    expected="6.1 p1.3",
    no_priority=True,
)
COMMANDS = COMMAND_TABLE.handlers
"""Every command type, by name (imperative: ``DeclareAttack``)."""
command = COMMAND_TABLE.command
"""Register a command handler; ``pending`` lists the decision kinds it answers."""
