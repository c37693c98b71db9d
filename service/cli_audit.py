"""``adjudicator`` subcommands for auditors (docs/replay-log.md):

* ``audit LOG [--ruleset R] [--json]``: re-adjudicate a replay log file (``-``: stdin).
  Needs no event store.  Exit 0 when consistent, 1 for any finding or a malformed log.
  A ``diverged`` verdict prints the first differing event, recorded and recomputed, and
  one line per differing field (``data.oids: [...] -> [...]``).
* ``export GAME [-o FILE]``: write a stored game's replay log (as the judge sees it).
* ``verify GAME [--json] [--receipt FILE]``: check the chain of a stored game's events.
  Exit 0 when intact (or ``legacy``/``unchained``), 1 when a link is broken (the first
  broken event is named).  With ``--receipt``: check a receipt the server signed (a JSON
  file, ``-`` for stdin; docs/integrity.md) instead; exit 0 only when ``valid``.

``export`` and ``verify`` open the event store from the ``ADJUDICATOR_*`` environment,
exactly as the API does, and refuse a SQLite file that does not exist
(:mod:`service.cli_store`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from domain.rulesets import UnknownRulesetError
from service.app import GameService
from service.audit import Audits, MalformedLogError, audit_log
from service.cli_store import store_settings
from service.errors import ServiceError
from service.integrity import Receipt
from service.settings import SettingsError

__all__ = ["register"]


def register(sub: Any) -> None:
    audit = sub.add_parser(
        "audit",
        help="re-adjudicate a replay log from scratch",
        description="Re-adjudicate a replay log (JSON Lines; see docs/replay-log.md) under its declared ruleset "
        "or --ruleset. Exit 0 if consistent, 1 for any finding or a malformed log.",
    )
    audit.add_argument("log", metavar="LOG", help="the log file, or - for standard input")
    audit.add_argument("--ruleset", help="re-run under this ruleset instead (e.g. FoW-5.01 for a FoW-5.5 log)")
    audit.add_argument("--json", action="store_true", help="print the verdict as JSON")
    audit.set_defaults(handler=_audit)

    export = sub.add_parser(
        "export", help="write a stored game's replay log", description="Write a game's replay log (JSON Lines)."
    )
    export.add_argument("game", metavar="GAME", help="the game id")
    export.add_argument("-o", "--output", help="write to this file instead of standard output")
    export.set_defaults(handler=_with_store(_export))

    verify = sub.add_parser(
        "verify",
        help="check the hash chain of a stored game's events",
        description="Recompute the hash chain of a game's stored events and name the first broken link. "
        "Exit 0 if intact, 1 if broken.",
    )
    verify.add_argument("game", metavar="GAME", help="the game id")
    verify.add_argument("--json", action="store_true", help="print the report as JSON")
    verify.add_argument(
        "--receipt", metavar="FILE", help="check this receipt (JSON; - for stdin) against the stored chain instead"
    )
    verify.set_defaults(handler=_with_store(_verify))


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    return Path(path).read_text(encoding="utf-8")


def _audit(args: argparse.Namespace) -> int:
    try:
        text = _read(args.log)
    except (OSError, UnicodeDecodeError) as exc:
        print(f"error: cannot read {args.log}: {exc}", file=sys.stderr)
        return 1
    try:
        verdict = audit_log(text, args.ruleset)
    except MalformedLogError as exc:
        where = f"{args.log}:{exc.line}: " if exc.line is not None else f"{args.log}: "
        print(f"error: {where}{exc.code}: {exc.reason}", file=sys.stderr)
        return 1
    except UnknownRulesetError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(verdict.to_dict(), indent=2, ensure_ascii=False))
    else:
        print(f"verdict: {verdict.verdict} (re-run under {verdict.ruleset})")
        if verdict.step is not None:
            print(f"step {verdict.step} (line {verdict.line}): {json.dumps(verdict.command)}")
        if verdict.code:
            print(f"code: {verdict.code}")
        if verdict.rule:
            print(f"rule: {verdict.rule}")
        if verdict.rule_text:
            print(f"rule text: {verdict.rule_text}")
        if verdict.message:
            print(f"message: {verdict.message}")
        if verdict.verdict == "diverged" and "diff" in verdict.details:
            _print_divergence(verdict.step, verdict.details)
        elif verdict.details and not verdict.is_consistent:
            print(f"details: {json.dumps(verdict.details, sort_keys=True)}")
        print(f"events recomputed: {verdict.events}")
        print(f"final state digest: {verdict.final_state_digest}")
    return 0 if verdict.is_consistent else 1


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


_KINDS = {
    "changed": "differs from the recorded one",
    "missing": "is produced by the command but missing from the log",
    "extra": "is recorded in the log but not produced by the command",
}


def _print_divergence(step: int | None, details: dict[str, Any]) -> None:
    """The first differing event of a ``diverged`` verdict: both versions, then the diff."""
    recorded, recomputed = details.get("recorded_event"), details.get("recomputed_event")
    shown = recomputed if isinstance(recomputed, dict) else recorded
    kind = shown.get("type") if isinstance(shown, dict) else None
    seq = details.get("seq")
    name = f"event {seq}" if seq is not None else "an event"
    print(
        f"diverging {name}{f' ({kind})' if kind else ''}, event {details.get('position')} of step {step}: "
        + _KINDS.get(str(details.get("kind")), str(details.get("kind")))
    )
    print(f"  recorded:   {_json(recorded) if recorded is not None else '(none)'}")
    print(f"  recomputed: {_json(recomputed) if recomputed is not None else '(none)'}")
    if details.get("recomputed_rule"):
        print(f"  recomputed rule: {details['recomputed_rule']}")
    if details.get("kind") == "changed":
        print("  differences (recorded -> recomputed):")
        for d in details.get("diff", []):
            absent = d.get("absent")
            before = "(absent)" if absent == "recorded" else _json(d.get("recorded"))
            after = "(absent)" if absent == "recomputed" else _json(d.get("recomputed"))
            print(f"    {d.get('path')}: {before} -> {after}")


@contextmanager
def _open() -> Iterator[Audits]:
    games = GameService(store_settings())
    try:
        yield Audits(games)
    finally:
        games.close()


def _with_store(handler: Callable[[Audits, argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        try:
            with _open() as audits:
                return handler(audits, args)
        except ServiceError as exc:
            print(f"error: {exc.code}: {exc.message}", file=sys.stderr)
            return 1
        except SettingsError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1

    return run


def _export(audits: Audits, args: argparse.Namespace) -> int:
    text = audits.export_log(args.game, None).to_text()
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def _verify_receipt(audits: Audits, args: argparse.Namespace) -> int:
    try:
        data = json.loads(_read(args.receipt))
        if isinstance(data, dict) and isinstance(data.get("receipt"), dict):
            data = data["receipt"]  # a whole command response
        receipt = Receipt(
            game_id=str(data["game_id"]),
            version=int(data["version"]),
            head=str(data["head"]),
            kid=str(data["kid"]),
            signature=str(data["signature"]),
        )
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as exc:
        print(f"error: cannot read the receipt {args.receipt}: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    if receipt.game_id != args.game:
        print(f"error: the receipt is for game {receipt.game_id!r}, not {args.game!r}", file=sys.stderr)
        return 1
    check = audits.verify_receipt(receipt)
    if args.json:
        print(json.dumps({"game_id": args.game, **check.to_dict()}, indent=2))
    else:
        print(f"{args.game}: receipt for version {receipt.version}: {check.status.upper()}")
        if check.reason:
            print(check.reason)
    return 0 if check.is_valid else 1


def _verify(audits: Audits, args: argparse.Namespace) -> int:
    if args.receipt:
        return _verify_receipt(audits, args)
    report = audits.verify_chain(args.game)
    if args.json:
        print(json.dumps({"game_id": args.game, **report.to_dict()}, indent=2))
    elif report.status == "broken" and report.broken_at is None:
        print(f"{args.game}: BROKEN snapshot at version {report.snapshot_broken_at}: {report.reason}")
        print(f"events: {report.events}, all intact; head {report.head or '(none)'}")
    elif report.status == "broken":
        print(f"{args.game}: BROKEN at event {report.broken_at}: {report.reason}")
        print(f"events checked: {report.events}; last good link: {report.head or '(none)'}")
    else:
        print(f"{args.game}: {report.status}; {report.events} events; head {report.head or '(none)'}")
        if report.unchained:
            print(f"{report.unchained} leading events were recorded before the hash chain existed")
        if report.status == "legacy":
            print(f"the head is an unkeyed link ({report.legacy} legacy links): no proof against a database writer")
    return 1 if report.status == "broken" else 0
