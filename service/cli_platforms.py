"""``adjudicator platforms create|issue|list|revoke``: the operator's platform accounts
(docs/platform-accounts.md).  The operator is whoever can run this against the store
(shell access and the store's credentials); the same is offered over HTTP to the
operator's judge token (``/platforms``).

``create NAME`` issues a platform's first API key and judge token, printed once (only
their hashes are stored); ``issue NAME --kind api|judge`` another one (rotation);
``list`` every key (never the keys themselves); ``revoke KEY_ID`` refuses a key at once.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from service.app import GameService
from service.cli_store import store_settings
from service.errors import ServiceError
from service.platforms import IssuedKey, KeyInfo
from service.settings import SettingsError

__all__ = ["register"]


def _limits(args: argparse.Namespace) -> dict[str, Any]:
    return {"rate_per_second": args.rate, "burst": args.burst, "daily_games": args.daily_games}


def _show_issued(issued: list[IssuedKey], as_json: bool) -> None:
    if as_json:
        print(json.dumps([{**i.info.to_dict(), "key": i.key} for i in issued], indent=2))
        return
    for i in issued:
        label = "API key" if i.info.kind == "api" else "judge token"
        print(f"{i.info.platform} {label} {i.info.key_id}: {i.key}")
    print("These are shown once: only their hashes are stored.", file=sys.stderr)


def _show_keys(keys: list[KeyInfo], as_json: bool) -> None:
    if as_json:
        print(json.dumps([k.to_dict() for k in keys], indent=2))
        return
    if not keys:
        print("no platform keys")
    for k in keys:
        state = f"revoked {k.revoked_at}" if k.revoked_at else "active"
        limits = ", ".join(
            f"{name}={value}"
            for name, value in (("rate", k.rate_per_second), ("burst", k.burst), ("daily_games", k.daily_games))
            if value is not None
        )
        print(f"{k.key_id}  {k.platform}  {k.kind}  issued {k.issued_at}  {state}" + (f"  {limits}" if limits else ""))


def _run(args: argparse.Namespace) -> int:
    try:
        service = GameService(store_settings(create=args.action in ("create", "issue")))
    except SettingsError as exc:
        print(f"adjudicator: {exc}", file=sys.stderr)
        return 1
    try:
        keys = service.platforms
        if args.action == "create":
            issued = [keys.issue(args.name, "api", **_limits(args)), keys.issue(args.name, "judge", **_limits(args))]
            _show_issued(issued, args.json)
        elif args.action == "issue":
            _show_issued([keys.issue(args.name, args.kind, **_limits(args))], args.json)
        elif args.action == "list":
            _show_keys(keys.list_keys(args.platform), args.json)
        else:
            _show_keys([keys.revoke(args.key_id)], args.json)
    except ServiceError as exc:
        print(f"adjudicator: {exc.message}", file=sys.stderr)
        return 1
    finally:
        service.close()
    return 0


def register(sub: Any) -> None:
    """Add ``platforms`` to the ``adjudicator`` parser."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "platforms",
        help="issue, list and revoke platform API keys and judge tokens (operator)",
        description="The operator's platform accounts: API keys to create games, judge tokens per platform.",
    )
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")

    def add(name: str, help_: str) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = actions.add_parser(name, help=help_, description=help_)
        p.add_argument("--json", action="store_true", help="print JSON instead of text")
        p.set_defaults(handler=_run)
        return p

    def limits(p: argparse.ArgumentParser) -> None:
        p.add_argument("--rate", type=float, default=None, help="requests per second (default: the setting)")
        p.add_argument("--burst", type=int, default=None, help="burst size (default: the setting)")
        p.add_argument("--daily-games", type=int, default=None, help="games per UTC day (default: the setting)")

    p = add("create", "a platform's first API key and judge token (printed once)")
    p.add_argument("name")
    limits(p)
    p = add("issue", "one more key for a platform (rotation)")
    p.add_argument("name")
    p.add_argument("--kind", choices=("api", "judge"), default="api")
    limits(p)
    p = add("list", "every key issued (never the keys themselves)")
    p.add_argument("--platform", default=None, help="only this platform's keys")
    p = add("revoke", "refuse a key from now on, in every process")
    p.add_argument("key_id")
