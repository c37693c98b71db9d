"""Audit use cases over a :class:`GameService`: export a game as a replay log, verify the
hash chain of its stored events, and re-adjudicate a replay log from scratch.

* :meth:`Audits.export_log`: the judge may export any game at any time; a player only
  once the game has ended.  The seed is in the log only once the game has ended (it is
  published then, in ``SeedRevealed``); before that the log carries its commitment only.
* :meth:`Audits.verify_chain`: reads the stored rows one by one (so an unreadable row is a
  finding, not a crash), checks every link with the server's keys (keyed links,
  :mod:`service.integrity`; legacy unkeyed ones with :func:`domain.audit.chain_link`) and
  names the first stored event that does not match, or the events deleted after the last
  head this process acknowledged.  It never calls the rules.
* :meth:`Audits.verify_receipt`: checks a receipt the server signed (docs/integrity.md)
  against the stored chain: ``valid``, ``forged``, ``truncated``, ``rewritten`` or
  ``broken``.
* :meth:`Audits.audit`: parses and re-adjudicates a log (:func:`domain.audit.audit`) and
  adds the text of the cited rule.  A malformed log raises :class:`MalformedLogError`
  (with its line number); every other finding is a verdict.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any, cast

from domain.audit import (
    ChainReport,
    ReplayLog,
    StoredLink,
    Verdict,
    audit,
    build_log,
    result_of_view,
    split_lines,
)
from domain.kernel import ANNOTATION_TYPES, Command, Event
from domain.rules_text import MalformedCitationError, UnknownCitationError
from domain.rulesets import get_engine
from service.app import Game, GameService, game_uuid
from service.errors import ForbiddenError, GameNotFoundError, InvalidRequestError
from service.integrity import SNAPSHOT_MAC, Receipt, ReceiptCheck, truncated_reason, verify_keyed_links
from service.rules import RulesTextMissingError, load_rules_library

__all__ = ["MAX_LOG_BYTES", "MAX_LOG_LINES", "Audits", "LogUnavailableError", "MalformedLogError", "rule_text_of"]

MAX_LOG_BYTES = 4 * 1024 * 1024
"""The largest log :meth:`Audits.audit` accepts (the HTTP body limit may be lower)."""
MAX_LOG_LINES = 20_000
"""The most lines (header + commands) :meth:`Audits.audit` accepts."""


class MalformedLogError(InvalidRequestError):
    """A replay log that cannot be read: ``line`` (1-based) says where."""

    def __init__(self, line: int | None, message: str, code: str = "log/malformed") -> None:
        super().__init__(message if line is None else f"line {line}: {message}", code)
        self.line = line
        self.reason = message


class LogUnavailableError(InvalidRequestError):
    """The game was recorded before replay logs existed (its commands were not stored)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, "log/unavailable")


def rule_text_of(citation: str | None) -> str | None:
    """The text of the cited rule or paragraph, or ``None`` if it does not resolve (or the
    rules texts are not installed)."""
    if not citation:
        return None
    try:
        return load_rules_library().resolve(citation).text
    except (MalformedCitationError, UnknownCitationError, RulesTextMissingError, LookupError, ValueError):
        return None


class Audits:
    """The audit use cases.  Safe to share between threads (it keeps no state of its own)."""

    def __init__(self, games: GameService) -> None:
        self.games = games

    # ------------------------------------------------------------------ export

    def export_log(self, game_id: str, viewer: str | None = None) -> ReplayLog:
        """The game's replay log.  ``viewer`` is the requesting player (``None``: a judge).
        Raises ``GameNotFoundError``, ``ForbiddenError`` (a player, before the end),
        ``LogUnavailableError``."""
        stored = list(self.games.app.events.get(game_uuid(game_id)))
        if not stored:
            self.games.deal_status(game_id)  # raises GameNotFoundError when there is no such game
            raise LogUnavailableError(f"game {game_id!r} is not dealt yet: it awaits its players' entropy")
        created = cast(Game.Created, stored[0])
        final = self.games.view(game_id, None)
        finished = bool(final.finished)
        if viewer is not None:
            if viewer not in [p["id"] for p in created.players]:
                raise ForbiddenError(f"{viewer!r} does not play in game {game_id!r}")
            if not finished:
                raise ForbiddenError("players get the replay log only once the game has ended")
        setup = getattr(created, "setup", None)
        if not setup:
            raise LogUnavailableError(f"game {game_id!r} was recorded before replay logs: its setup is not stored")
        started = Event.from_dict(created.first_event).data
        decks = setup.get("decks", {})
        header: dict[str, Any] = {
            "game_id": created.game_id,
            "ruleset": created.ruleset,
            "variant": created.variant,
            "players": [{"id": p["id"], "name": p["name"], "deck": decks.get(p["id"], {})} for p in created.players],
            "first_player": setup.get("first_player"),
            "unsupported": setup.get("unsupported"),
            "seed_commitment": started.get("seed_commitment"),
            "cards": started.get("cards") or {},
            "game_version": len(stored),
            "chain_head": getattr(stored[-1], "chain_hash", "") or None,
        }
        if setup.get("catalog_hash"):  # a loaded catalog: its hash and each card's (service/catalogs_store.py)
            header["catalog_hash"] = setup["catalog_hash"]
            header["card_hashes"] = dict(setup.get("card_hashes") or {})
        if setup.get("reconstructed"):
            header["position"] = setup.get("position")  # started from a declared position, not from decks
        origin = setup.get("forked_from")
        revealed = finished
        if isinstance(origin, dict):  # a fork: its origin's seed, revealed once the origin has ended too
            header["forked_from"] = dict(origin)
            revealed = finished and bool(self.games.view(str(origin["game_id"]), None).finished)
        header.update(
            self._randomness(str(origin["game_id"]) if isinstance(origin, dict) else game_id, setup, revealed)
        )
        steps: list[tuple[Command, list[Event]]] = []
        notes: list[tuple[int, Event]] = []
        current = ""
        for e in stored[1:]:
            happened = cast(Game.Happened, e)
            command_id = getattr(happened, "command_id", "")
            if not command_id:
                if happened.event.get("type") in ANNOTATION_TYPES:  # a judge's note (docs/judge-interventions.md)
                    notes.append((len(steps), Event.from_dict(happened.event)))
                    current = ""
                continue  # part of the game's start
            submitted = getattr(happened, "command", None)
            if submitted is not None:
                steps.append((Command.from_dict(submitted), []))
                current = command_id
            elif command_id != current:
                raise LogUnavailableError(
                    f"game {game_id!r} was recorded before replay logs: the command {command_id!r} is not stored"
                )
            steps[-1][1].append(Event.from_dict(happened.event))
        seed = started.get("seed") if revealed else None
        claimed = result_of_view(final.state) if finished else None
        if claimed is not None:
            claimed.pop("finished", None)
        return build_log(header, steps, seed=seed if isinstance(seed, int) else None, claimed=claimed, notes=notes)

    def _randomness(self, game_id: str, setup: dict[str, Any], finished: bool) -> dict[str, Any]:
        """How the seed was chosen (docs/randomness.md): for a contributed game the
        commitment, the contributions and who withheld, and the server seed once the game
        has ended; ``client_seeded`` for a seed the creator chose.  Nothing for games from
        before contributed randomness (their logs read as before)."""
        kind = setup.get("randomness")
        if kind == "client_seeded":
            return {"randomness": "client_seeded", "client_seeded": True}
        if kind != "contributed":
            return {}
        return {
            "randomness": "contributed",
            "client_seeded": False,
            "server_seed_commitment": setup.get("server_seed_commitment"),
            "contributions": setup.get("contributions") or {},
            "withheld": setup.get("withheld") or [],
            "server_seed": self.games.server_seed(game_id) if finished else None,
        }

    # ------------------------------------------------------------------ chain

    def verify_chain(self, game_id: str) -> ChainReport:
        """Check the chain of the game's stored events; report the first broken link (or
        ``intact``, or ``legacy`` when the head is an unkeyed link).  A finding also marks
        the game broken in this process (it then refuses commands).  Raises
        ``GameNotFoundError``."""
        report = self._verify_chain(game_id)
        if report.status == "broken":
            at = report.broken_at if report.broken_at is not None else report.snapshot_broken_at
            details = {} if report.broken_at is not None else {"snapshot": report.snapshot_broken_at}
            self.games.integrity.mark_broken(game_uuid(game_id), at, report.reason, **details)
        return report

    def _verify_chain(self, game_id: str) -> ChainReport:
        app = self.games.app
        gid = game_uuid(game_id)
        acked = self.games.integrity.acknowledged(gid)  # before the read (see GameService._load)
        rows = app.recorder.select_events(gid)
        if not rows:
            if acked is None:
                raise GameNotFoundError(game_id)
            return ChainReport(
                "broken",
                0,
                "",
                1,
                truncated_reason(0, acked),
                details={"version": 1, "stored_version": 0, "acknowledged_version": acked[0]},
            )
        links: list[StoredLink] = []
        for row in rows:
            try:
                decoded = app.mapper.to_domain_event(row)
            except Exception as exc:
                links.append(StoredLink(row.originator_version, None, f"{type(exc).__name__}: {exc}"))
                continue
            links.append(StoredLink(row.originator_version, dict(vars(decoded))))
        report = verify_keyed_links(self.games.chain_keys, gid, links)
        if report.broken_at is not None:
            row = rows[min(report.broken_at, len(rows)) - 1]
            return dataclasses.replace(report, details={**report.details, "topic": row.topic})
        if acked is not None:
            stored = len(rows)
            if stored < acked[0]:
                return dataclasses.replace(
                    report,
                    status="broken",
                    broken_at=stored + 1,
                    reason=truncated_reason(stored, acked),
                    details={"version": stored + 1, "stored_version": stored, "acknowledged_version": acked[0]},
                )
            head = links[acked[0] - 1].fields
            if head is not None and head.get("chain_hash") != acked[1]:
                return dataclasses.replace(
                    report,
                    status="broken",
                    broken_at=acked[0],
                    reason=f"stored event {acked[0]} is not the one this process acknowledged: it was rewritten",
                    details={"version": acked[0], "acknowledged_head": acked[1]},
                )
        checked, problem = self._check_snapshots(game_id)
        report = dataclasses.replace(report, snapshots=checked)
        if problem is not None:
            version, reason = problem
            report = dataclasses.replace(
                report,
                status="broken",
                snapshot_broken_at=version,
                reason=reason,
                details={**report.details, "snapshot": version},
            )
        return report

    def _check_snapshots(self, game_id: str) -> tuple[int, tuple[int, str] | None]:
        """Compare every stored snapshot with the aggregate folded from the events up to
        its version (``evolve`` only): a snapshot is a cache the service loads from, so an
        edited snapshot would change the game without touching the chained events."""
        app = self.games.app
        if app.snapshots is None:
            return 0, None
        gid = game_uuid(game_id)
        rows = {r.originator_version: r for r in app.snapshots.recorder.select_events(gid)}
        if not rows:
            return 0, None
        game: Any = None
        checked = 0
        for e in app.events.get(gid, lte=max(rows)):
            game = cast(Any, e).mutate(game)
            if game.version == 1:  # a snapshot from before bounded snapshots lists every command
                game.commands.keep_all()
            row = rows.get(game.version)
            if row is None:
                continue
            checked += 1
            try:
                raw = cast(Any, app.mapper.to_domain_event(row)).state
            except Exception as exc:
                return checked, (game.version, f"the snapshot at version {game.version} cannot be read: {exc}")
            if SNAPSHOT_MAC in raw:  # signed snapshots (unsigned ones, from before, are never loaded)
                problem = self.games.chain_keys.check_snapshot(gid, game.version, raw)
                if problem is not None:
                    return checked, (game.version, problem)
            stored = _normal({k: v for k, v in raw.items() if k != SNAPSHOT_MAC})
            # a snapshot from before bounded snapshots stores the whole command index
            expected = _normal(Game.Snapshot.take(game, bounded="older_commands" in raw).state)
            differ = sorted(k for k in stored if stored.get(k) != expected.get(k))
            if "state" not in stored:
                differ.append("state")
            if differ:
                keys = ", ".join(differ)
                return checked, (
                    game.version,
                    f"the snapshot at version {game.version} does not match the events it summarises ({keys})",
                )
        return checked, None

    # ------------------------------------------------------------------ receipts

    def verify_receipt(self, receipt: Receipt) -> ReceiptCheck:
        """Check a receipt this server signed: its signature, then that the stored chain
        verifies and holds the receipt's head at the receipt's version.  ``valid``,
        ``forged``, ``truncated`` (the store lost the receipt's version), ``rewritten``
        (another event is stored at that version) or ``broken`` (the stored chain does not
        verify before that version).  A finding other than ``forged`` marks the game
        broken in this process."""
        forged = self.games.chain_keys.check_receipt_signature(receipt)
        if forged is not None:
            return forged
        app = self.games.app
        gid = game_uuid(receipt.game_id)
        rows = app.recorder.select_events(gid)
        stored_version = len(rows)
        details: dict[str, Any] = {"receipt_version": receipt.version, "stored_version": stored_version}
        if stored_version < receipt.version:
            check = ReceiptCheck(
                "truncated",
                f"the store holds {stored_version} events of game {receipt.game_id!r}, but the server signed "
                f"version {receipt.version}: events were deleted or rolled back",
                details,
            )
        else:
            report = self._verify_chain(receipt.game_id)
            details["chain"] = report.status
            try:
                head = getattr(app.mapper.to_domain_event(rows[receipt.version - 1]), "chain_hash", None)
            except Exception:
                head = None
            if report.broken_at is not None and report.broken_at <= receipt.version:
                check = ReceiptCheck("broken", report.reason, {**details, "broken_at": report.broken_at})
            elif head != receipt.head:
                check = ReceiptCheck(
                    "rewritten",
                    f"stored event {receipt.version} is not the one the server signed: the game was rewritten",
                    {**details, "stored_head": head},
                )
            else:
                return ReceiptCheck("valid", "", details)
        self.games.integrity.mark_broken(gid, receipt.version, check.reason, receipt=check.status)
        return check

    # ------------------------------------------------------------------ audit

    def audit(self, log: str | Sequence[str], ruleset: str | None = None) -> Verdict:
        """Re-adjudicate ``log`` (its text, or its lines) under its own ruleset or
        ``ruleset``.  Raises :class:`MalformedLogError` (line-numbered) for a log that
        cannot be read, ``UnknownRulesetError`` for an unknown ``ruleset``."""
        return audit_log(log, ruleset)


def _normal(state: Any) -> dict[str, Any]:
    return cast(dict[str, Any], json.loads(json.dumps(state, sort_keys=True, default=str)))


def audit_log(log: str | Sequence[str], ruleset: str | None = None) -> Verdict:
    """:meth:`Audits.audit` without a service (the CLI audits files with no store)."""
    if ruleset is not None:
        get_engine(ruleset)  # raises UnknownRulesetError
    if isinstance(log, str):
        if len(log.encode()) > MAX_LOG_BYTES:
            raise MalformedLogError(None, f"the log is larger than {MAX_LOG_BYTES} bytes", "log/too_large")
        lines = split_lines(log)
    else:
        lines = list(log)
        if sum(len(x) for x in lines) > MAX_LOG_BYTES:
            raise MalformedLogError(None, f"the log is larger than {MAX_LOG_BYTES} bytes", "log/too_large")
    if len(lines) > MAX_LOG_LINES:
        raise MalformedLogError(MAX_LOG_LINES + 1, f"the log has more than {MAX_LOG_LINES} lines", "log/too_large")
    verdict = audit(lines, ruleset=ruleset)
    if verdict.verdict == "malformed":
        raise MalformedLogError(verdict.line, verdict.message, verdict.code or "log/malformed")
    return dataclasses.replace(verdict, rule_text=rule_text_of(verdict.rule))
