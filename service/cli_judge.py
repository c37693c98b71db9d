"""``adjudicator`` subcommands for judges: ``timeline``, ``why``, ``state``, ``rejections``,
``games`` and ``project`` (run/rebuild the games index).

They open the event store from the ``ADJUDICATOR_*`` environment, exactly as the API
does (:mod:`service.cli_store`: every one but ``project`` refuses a SQLite file that does
not exist, rather than create an empty store), and print readable text (``--json`` for
machines).
Exit status: 0 ok, 1 an error (no such game, event, turn...), 2 usage.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import textwrap
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Any

from service.app import GameService
from service.cli_board import board_lines
from service.cli_store import store_settings
from service.errors import ServiceError
from service.judge import JudgeService
from service.settings import SettingsError

__all__ = ["register"]

Handler = Callable[[JudgeService, argparse.Namespace], None]


@contextmanager
def _open(create: bool) -> Iterator[JudgeService]:
    games = GameService(store_settings(create=create))
    judge = JudgeService(games)
    try:
        yield judge
    finally:
        judge.close()
        games.close()


def _run(handler: Handler, create: bool) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        try:
            with _open(create) as judge:
                handler(judge, args)
        except ServiceError as exc:
            print(f"error: {exc.code}: {exc.message}", file=sys.stderr)
            return 1
        except SettingsError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
        return 0

    return run


def _width() -> int:
    return max(60, shutil.get_terminal_size((120, 24)).columns)


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]], wrap_last: bool = True) -> str:
    """Aligned columns; the last column wraps to the terminal width."""
    widths = [max([len(h), *(len(r[i]) for r in rows)]) for i, h in enumerate(headers[:-1])]
    indent = sum(widths) + 2 * len(widths)
    room = max(30, _width() - indent)
    lines = ["  ".join([*(h.ljust(w) for h, w in zip(headers, widths, strict=False)), headers[-1]]).rstrip()]
    lines.append("  ".join([*("-" * w for w in widths), "-" * min(room, max(len(headers[-1]), 10))]))
    for r in rows:
        head = "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=False))
        last = textwrap.wrap(r[-1], room) if wrap_last and r[-1] else [r[-1]]
        lines.append(f"{head}  {last[0]}".rstrip())
        lines += [" " * (indent) + more for more in last[1:]]
    return "\n".join(lines)


def _print_json(data: Any) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


def _timeline(judge: JudgeService, args: argparse.Namespace) -> None:
    entries = judge.timeline(args.game, after=args.after, limit=args.limit)
    if args.json:
        _print_json([e.to_dict() for e in entries])
        return
    rows = [
        [
            str(e.seq),
            str(e.turn),
            (e.phase + (f"/{e.step}" if e.step and e.step != e.phase else "")) or "-",
            e.actor,
            f"{e.rule} ({e.rule_title})" if e.rule_title else e.rule,
            e.cause,
            e.summary,
        ]
        for e in entries
    ]
    print(f"Timeline of game {args.game} ({len(entries)} events)")
    print(_table(["#", "turn", "phase/step", "actor", "rule", "cause", "what happened"], rows))


def _why(judge: JudgeService, args: argparse.Namespace) -> None:
    chain = judge.why(args.game, args.event)
    if args.json:
        _print_json([link.to_dict() for link in chain])
        return
    print(f"Why did event {args.event} of game {args.game} happen?")
    width = _width()
    for depth, link in enumerate(chain):
        pad = "  " * depth
        where = f"event {link.seq}" if link.seq is not None else (link.command or "origin")
        print(f"{pad}{'<- ' if depth else ''}[{where}] {link.summary}")
        if link.rule:
            title = f" ({link.rule_title})" if link.rule_title else ""
            print(f"{pad}   rule {link.rule}{title}")
            for line in textwrap.wrap(link.rule_text, max(30, width - len(pad) - 6)):
                print(f"{pad}     | {line}")


def _state(judge: JudgeService, args: argparse.Namespace) -> None:
    if args.at is not None and args.turn is not None:
        raise _usage("give either --at or --turn, not both")
    shown = judge.state_at(args.game, at=args.at, turn=args.turn, phase=args.phase, viewer=args.viewer)
    v = shown.view
    if args.json:
        _print_json(
            {"seq": shown.seq, "turn": shown.turn, "phase": shown.phase, "step": shown.step, "viewer": args.viewer}
            | {"state": v.state}
        )
        return
    who = f"as {args.viewer} saw it" if args.viewer else "full judge view"
    where = f"turn {shown.turn}, {shown.phase or '-'}{'/' + shown.step if shown.step else ''}"
    print(f"Game {v.game_id} ({v.ruleset} {v.variant}) just after event {shown.seq}: {where} ({who})")
    print("players: " + ", ".join(f"{p['name']} ({p['id']})" for p in v.players))
    for line in board_lines(v.state, v.players, v.finished):
        print(line)


def _rejections(judge: JudgeService, args: argparse.Namespace) -> None:
    attempts = judge.rejections(args.game)
    if args.json:
        _print_json([a.to_dict() for a in attempts])
        return
    print(f"Rejected attempts in game {args.game}: {len(attempts)}")
    if attempts:
        rows = [
            [
                str(a.number),
                a.at,
                a.player,
                str(a.based_on_version),
                f"{a.command['type']}({', '.join(f'{k}={v}' for k, v in sorted(a.command['args'].items()))})",
                a.code,
                f"{a.rule}: {a.message}",
            ]
            for a in attempts
        ]
        print(_table(["#", "when", "player", "at version", "command", "code", "rule: why"], rows))


def _games(judge: JudgeService, args: argparse.Namespace) -> None:
    rows = judge.games_where(rule=args.rule, player=args.player, loss=args.loss, ruleset=args.ruleset)
    if args.json:
        _print_json([r.to_dict() for r in rows])
        return
    print(f"{len(rows)} game(s)")
    if rows:
        table = []
        for r in rows:
            players = ", ".join(
                f"{p['name']} ({p['id']}){' lost: ' + str(p['lost']) if p['lost'] else ''}" for p in r.players
            )
            state = f"won by {r.winner}" if r.winner else ("finished" if r.finished else "in progress")
            extra = f"; rules: {', '.join(r.rules)}" if r.rules else ""
            table.append([r.game_id, r.ruleset, str(r.version), state, str(r.rejections), players + extra])
        print(_table(["game", "ruleset", "events", "result", "rejected", "players"], table))


def _project(judge: JudgeService, args: argparse.Namespace) -> None:
    if args.rebuild:
        print(f"rebuilt the games index: {judge.rebuild()} stored events replayed")
    else:
        print(f"caught up: {judge.runner.run_once()} new stored events applied")
    if args.follow:
        with suppress(KeyboardInterrupt):  # Ctrl-C is how it stops, also while it starts
            judge.runner.start(args.interval)
            print(f"polling every {args.interval}s; Ctrl-C to stop", flush=True)
            judge.runner.join()


class _UsageError(ServiceError):
    code = "usage"


def _usage(message: str) -> _UsageError:
    return _UsageError(message)


def register(sub: Any) -> None:
    """Add the judge subcommands to the ``adjudicator`` parser."""

    def add(name: str, help_: str, handler: Handler, creates: bool = False) -> argparse.ArgumentParser:
        """``creates``: the command may create the store (the others refuse a missing one)."""
        parser: argparse.ArgumentParser = sub.add_parser(name, help=help_, description=help_)
        parser.set_defaults(handler=_run(handler, creates))
        parser.add_argument("--json", action="store_true", help="print JSON instead of text")
        return parser

    p = add("timeline", "every event of a game with its rule, summary and cause", _timeline)
    p.add_argument("game")
    p.add_argument("--after", type=int, default=0, help="only events after this one")
    p.add_argument("--limit", type=int, default=None)

    p = add("why", "the causal chain of an event back to the player action, with rule texts", _why)
    p.add_argument("game")
    p.add_argument("event", type=int)

    p = add("state", "the board at an event or turn/phase, as the judge or a player saw it (--json: the view)", _state)
    p.add_argument("game")
    p.add_argument("--at", type=int, default=None, help="just after this event (default: now)")
    p.add_argument("--turn", type=int, default=None, help="at the first event of this turn")
    p.add_argument("--phase", default=None, help="with --turn: the first event of this phase")
    p.add_argument("--as", dest="viewer", default=None, metavar="PLAYER", help="as this player saw it then")

    p = add("rejections", "commands the rules refused in a game", _rejections)
    p.add_argument("game")

    p = add("games", "games across the store by rule applied, player or loss condition", _games)
    p.add_argument("--rule", help="a citation or prefix, e.g. 'FoW-5.5 8.5'")
    p.add_argument("--player", help="a player id or name")
    p.add_argument("--loss", help="a loss reason, e.g. conceded")
    p.add_argument("--ruleset")

    p = add("project", "bring the games index up to date (or rebuild it, or keep polling)", _project, creates=True)
    p.add_argument("--rebuild", action="store_true", help="drop the index and replay every stored event")
    p.add_argument("--follow", action="store_true", help="keep polling for new events")
    p.add_argument("--interval", type=float, default=1.0)
