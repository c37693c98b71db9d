"""``adjudicator``: the command line for judges, auditors and operators.

Each group of subcommands lives in its own module exposing
``register(subparsers) -> None``; the module adds its parsers and sets ``handler`` (a
callable ``(args) -> int`` returning the exit status) with ``parser.set_defaults``.
Modules are listed in :data:`COMMAND_MODULES`.  Exit status: 0 ok, 1 bad input or a
finding (e.g. an inconsistent audit), 2 usage error.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import Any

from service import card_import, fow_catalog
from service.rules import rules_texts_problem

COMMAND_MODULES: tuple[str, ...] = ("service.cli_judge", "service.cli_audit", "service.cli_platforms")
"""Modules (``service.cli_*``) that add subcommands; see the module docstring."""
SHOWS_RULE_TEXT = ("timeline", "why", "audit", "state", "rejections")
"""Subcommands whose output carries the text of the rules cited."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="adjudicator", description="Adjudicate, inspect and audit trading card games from the command line."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    cards = sub.add_parser(
        "cards",
        help="import the Force of Will card database, report its coverage, generate the shipped catalog",
        description="Import the Force of Will card database into the card format (import), "
        "report how much of it the engine adjudicates (coverage), generate the shipped catalog (catalog) "
        "or list reprints whose texts differ (reprints).",
    )
    fow_catalog.add_commands(card_import.add_commands(cards, "{import,coverage,catalog,reprints}"))
    cards.set_defaults(handler=_cards)
    for name in COMMAND_MODULES:
        module: Any = importlib.import_module(name)
        module.register(sub)
    return parser


def _cards(args: argparse.Namespace) -> int:
    if args.cards_command in ("catalog", "reprints"):
        return fow_catalog.run(args)
    return card_import.run(args)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    except SystemExit as exc:  # argparse printed the usage or the help
        return int(exc.code) if isinstance(exc.code, int) else 2
    handler: Callable[[argparse.Namespace], int] = args.handler
    if args.command in SHOWS_RULE_TEXT:
        problem = rules_texts_problem()
        if problem is not None:  # say so, rather than print citations with empty rule text
            print(f"adjudicator: warning: rule texts are not shown: {problem}", file=sys.stderr)
    return handler(args)


if __name__ == "__main__":
    raise SystemExit(main())
