"""Replay logs, their re-adjudication and the hash chain of stored events (pure; any game
system registered in ``domain.rulesets``).

A replay log is JSON Lines (``docs/replay-log.md``, schema ``docs/replay-log.schema.json``).
Line 1 is the header; every further line is one submitted command, in order.  Format
version 1::

    {"format": "tcg-replay-log", "version": 1, "game_id": "g1", "ruleset": "FoW-5.5",
     "variant": "valhalla", "players": [{"id": "p1", "name": "Alice", "deck": {...}}, ...],
     "first_player": "p1" | null, "seed_commitment": "<sha256>", "seed": 123 | null,
     "unsupported": "manual",  # optional
     "position": {...},  # optional: the declared position a reconstructed game started from
     "cards": {"<card id>": {...card definition...}},
     "claimed": {"winner": "p1" | null, "result": "win" | "draw", "life": {"p1": 1200}} | null}
    {"step": 1, "command": {"type": "ChangeHand", "player": "p1", "args": {"cards": []}, "id": "c1"},
     "result": {"version": 24, "events_digest": "<sha256>", "facts_digest": "<sha256>"}}

``result`` is optional; when present the audit checks it, so a changed command is caught
at exactly its own step even when the changed command happens to be legal.
``events_digest`` covers the events the command produced; ``facts_digest`` the same events
without their citations, and is what is compared when a log is re-run under another
version of its rules (``FoW-5.01`` against ``FoW-5.5``).

``seed`` is present only once the game has ended (it is revealed then); before that, a
log cannot be re-adjudicated (its shuffles cannot be recomputed) and the verdict says so.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from domain import rulesets
from domain.jsonenc import json_encoder
from domain.kernel import Command, Event, GameSpec, PlayerSpec, Rejection, seed_commitment

LOG_FORMAT = "tcg-replay-log"
LOG_VERSION = 1


class LogFormatError(ValueError):
    """A malformed replay log; ``line`` is 1-based."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message


@dataclass(frozen=True, slots=True)
class Verdict:
    """``consistent``, or the first problem found: ``inconsistent`` (a command the rules
    refuse), ``diverged`` (a legal command that produced other events than recorded),
    ``result_mismatch`` (the claimed result differs), ``seed_mismatch``,
    ``seed_unrevealed`` or ``malformed``.  ``ruleset`` is the ruleset the log was re-run
    under; ``rule_text`` is filled in by the service (it reads the rules texts)."""

    verdict: str
    step: int | None = None
    line: int | None = None
    command: dict[str, Any] | None = None
    code: str | None = None
    rule: str | None = None
    message: str = ""
    final_state_digest: str | None = None
    events: int = 0
    details: dict[str, Any] = field(default_factory=dict)
    ruleset: str | None = None
    rule_text: str | None = None

    @property
    def is_consistent(self) -> bool:
        return self.verdict == "consistent"

    def to_dict(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "step": self.step,
            "line": self.line,
            "command": self.command,
            "code": self.code,
            "rule": self.rule,
            "rule_text": self.rule_text,
            "message": self.message,
            "final_state_digest": self.final_state_digest,
            "events": self.events,
            "ruleset": self.ruleset,
            "details": self.details,
        }


@dataclass(frozen=True, slots=True)
class ReplayLog:
    header: dict[str, Any]
    commands: list[Command]
    results: list[dict[str, Any] | None] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    """The 1-based line number of each command (blank lines are allowed and skipped)."""

    def line_of(self, step: int) -> int:
        return self.lines[step - 1] if step - 1 < len(self.lines) else step + 1

    def to_lines(self) -> list[str]:
        lines = [json.dumps(self.header, sort_keys=True, separators=(",", ":"))]
        for step, c in enumerate(self.commands, start=1):
            entry: dict[str, Any] = {"step": step, "command": c.to_dict()}
            result = self.results[step - 1] if step - 1 < len(self.results) else None
            if result is not None:
                entry["result"] = result
            lines.append(json.dumps(entry, sort_keys=True, separators=(",", ":")))
        return lines

    def to_text(self) -> str:
        return "\n".join(self.to_lines()) + "\n"


# ------------------------------------------------------------------------ hash chain

CHAIN_METADATA = frozenset({"originator_id", "originator_version", "originator_topic", "timestamp", "chain_hash"})
"""Stored-event attributes a chain link does not cover (the version is covered separately)."""


_CHAIN_JSON = json_encoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
"""The canonical JSON of a chain link: ``json.dumps(payload, sort_keys=True,
separators=(",", ":"), ensure_ascii=False, default=str)``, with the encoder built once
(:mod:`domain.jsonenc`); a link's fields are decoded JSON, never circular."""


def chain_link(previous: str, version: int, fields: Mapping[str, Any]) -> str:
    """The hash of one stored event, chained to the hash of the event before it (``""``
    before the first): ``sha256(previous + canonical JSON {"version", "fields"})``, where
    ``fields`` are the stored event's attributes except :data:`CHAIN_METADATA` (for a
    ``Happened`` event: the domain event, the command id, its digest and the command)."""
    covered = (
        fields if CHAIN_METADATA.isdisjoint(fields) else {k: v for k, v in fields.items() if k not in CHAIN_METADATA}
    )
    payload = {"version": version, "fields": covered}
    canonical = _CHAIN_JSON(payload)
    return hashlib.sha256((previous + canonical).encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class StoredLink:
    """One stored event as the chain verifier sees it: its version, its attributes (or
    ``None`` when the stored bytes could not be read) and why it could not be read."""

    version: int
    fields: Mapping[str, Any] | None
    error: str = ""


@dataclass(frozen=True, slots=True)
class ChainReport:
    """``intact``, ``broken`` (``broken_at`` is the first stored event that does not match
    its link; or, with the events intact, ``snapshot_broken_at`` is a snapshot that does not
    match the events it summarises), ``unchained`` (every event predates the hash chain) or
    ``legacy`` (the chain verifies but its head is an unkeyed link, which anyone could
    recompute: see service/integrity.py)."""

    status: str
    events: int
    head: str
    broken_at: int | None = None
    reason: str = ""
    unchained: int = 0
    details: dict[str, Any] = field(default_factory=dict)
    snapshots: int = 0
    """Snapshots checked against the events."""
    snapshot_broken_at: int | None = None
    legacy: int = 0
    """Links verified without a key (recorded before keyed links; service/integrity.py)."""

    @property
    def is_intact(self) -> bool:
        return self.status == "intact"

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "events": self.events,
            "head": self.head,
            "broken_at": self.broken_at,
            "reason": self.reason,
            "unchained": self.unchained,
            "details": self.details,
            "snapshots": self.snapshots,
            "snapshot_broken_at": self.snapshot_broken_at,
            "legacy": self.legacy,
        }


def verify_links(links: Iterable[StoredLink]) -> ChainReport:
    """Recompute every link from the stored attributes and report the first that differs.

    Events recorded before the chain existed carry an empty ``chain_hash``; they are
    allowed only as a prefix (a chain starts after them from ``""``).  The domain event's
    ``seq`` must equal the stored version, and versions must run 1, 2, 3, ... without gaps."""
    previous = ""
    count = 0
    unchained = 0
    chained = False
    for expected_version, link in enumerate(links, start=1):
        count += 1
        v = link.version

        def broken(reason: str, **details: Any) -> ChainReport:
            return ChainReport("broken", count, previous, v, reason, unchained, {"version": v, **details})  # noqa: B023

        if v != expected_version:
            return ChainReport(
                "broken",
                count,
                previous,
                expected_version,
                f"stored event {expected_version} is missing (event {v} is stored in its place)",
                unchained,
                {"version": expected_version, "found": v},
            )
        if link.fields is None:
            return broken(f"stored event {v} cannot be read: {link.error}")
        stored = link.fields.get("chain_hash")
        if not isinstance(stored, str):
            return broken(f"stored event {v} has no chain hash")
        seq = _seq_of(link.fields)
        if seq is not None and seq != v:
            return broken(f"stored event {v} holds the domain event with seq {seq}", seq=seq)
        if stored == "":
            if chained:
                return broken(f"stored event {v} has lost its chain hash")
            unchained += 1
            continue
        chained = True
        recomputed = chain_link(previous, v, link.fields)
        if recomputed != stored:
            return broken(
                f"stored event {v} does not match its chain hash: it was changed after it was recorded",
                stored=stored,
                recomputed=recomputed,
            )
        previous = stored
    if count and unchained == count:
        return ChainReport("unchained", count, previous, unchained=unchained)
    return ChainReport("intact", count, previous, unchained=unchained)


def _seq_of(fields: Mapping[str, Any]) -> int | None:
    for key in ("event", "first_event"):
        e = fields.get(key)
        if isinstance(e, Mapping) and isinstance(e.get("seq"), int):
            return int(e["seq"])
    return None


# ------------------------------------------------------------------------ digests


def events_digest(events: Iterable[Event]) -> str:
    canonical = json.dumps([e.to_dict() for e in events], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def facts_digest(events: Iterable[Event]) -> str:
    """Like :func:`events_digest`, without the citations (which name the rules version)."""
    facts = []
    for e in events:
        d = e.to_dict()
        d.pop("rule")
        if e.type == "GameStarted":
            d["data"] = {k: v for k, v in dict(e.data).items() if k != "ruleset"}
        facts.append(d)
    canonical = json.dumps(facts, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def state_digest(engine: Any, state: Any) -> str:
    canonical = json.dumps(engine.state_to_dict(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def step_result(events: Sequence[Event]) -> dict[str, Any] | None:
    """What a log records about the events one command produced."""
    if not events:
        return None
    return {"version": events[-1].seq, "events_digest": events_digest(events), "facts_digest": facts_digest(events)}


def build_log(
    header: Mapping[str, Any],
    steps: Iterable[tuple[Command, Sequence[Event]]],
    *,
    seed: int | None,
    claimed: Mapping[str, Any] | None,
) -> ReplayLog:
    """A log from a game's header and its accepted commands with the events each produced."""
    h = dict(header)
    h.update(format=LOG_FORMAT, version=LOG_VERSION, seed=seed, claimed=dict(claimed) if claimed else None)
    commands: list[Command] = []
    results: list[dict[str, Any] | None] = []
    for command, events in steps:
        commands.append(command)
        results.append(step_result(events))
    return ReplayLog(h, commands, results, [n + 2 for n in range(len(commands))])


# ------------------------------------------------------------------------ parsing


def _require(cond: bool, line: int, message: str) -> None:
    if not cond:
        raise LogFormatError(line, message)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_log(lines: Sequence[str]) -> ReplayLog:
    """Parse and validate the shape of a log; raises :class:`LogFormatError` with a line number."""
    if not lines or not lines[0].strip():
        raise LogFormatError(1, "the log is empty; line 1 must be the JSON header")
    try:
        header = json.loads(lines[0])
    except (json.JSONDecodeError, RecursionError) as exc:
        where = f" ({exc.msg} at column {exc.colno})" if isinstance(exc, json.JSONDecodeError) else ""
        raise LogFormatError(1, f"the header is not valid JSON{where}") from None
    _require(isinstance(header, dict), 1, "the header must be a JSON object")
    _require(header.get("format") == LOG_FORMAT, 1, f"'format' must be {LOG_FORMAT!r}")
    _require(header.get("version") == LOG_VERSION, 1, f"unsupported log version {header.get('version')!r}")
    for key, kind in (("game_id", str), ("ruleset", str), ("variant", str), ("players", list), ("cards", dict)):
        _require(isinstance(header.get(key), kind), 1, f"header field {key!r} must be a {kind.__name__}")
    _require(bool(header["players"]), 1, "header field 'players' must not be empty")
    for i, p in enumerate(header["players"]):
        _require(isinstance(p, dict) and {"id", "name", "deck"} <= set(p), 1, f"players[{i}] needs id, name and deck")
        _require(isinstance(p["id"], str) and isinstance(p["name"], str), 1, f"players[{i}] id and name are strings")
        _require(isinstance(p["deck"], dict), 1, f"players[{i}].deck must be an object")
    for key in ("first_player", "seed_commitment", "unsupported"):
        value = header.get(key)
        _require(value is None or isinstance(value, str), 1, f"header field {key!r} must be a string or null")
    seed = header.get("seed")
    _require(seed is None or _is_int(seed), 1, "'seed' must be an integer")
    claimed = header.get("claimed")
    _require(claimed is None or isinstance(claimed, dict), 1, "'claimed' must be an object or null")
    position = header.get("position")
    _require(position is None or isinstance(position, dict), 1, "'position' must be an object or null")
    commands: list[Command] = []
    results: list[dict[str, Any] | None] = []
    numbers: list[int] = []
    for n, raw in enumerate(lines[1:], start=2):
        if not raw.strip():
            continue
        try:
            entry = json.loads(raw)
        except (json.JSONDecodeError, RecursionError) as exc:
            where = f" ({exc.msg} at column {exc.colno})" if isinstance(exc, json.JSONDecodeError) else ""
            raise LogFormatError(n, f"not valid JSON{where}") from None
        _require(isinstance(entry, dict) and isinstance(entry.get("command"), dict), n, "expected {step, command}")
        _require(entry.get("step") == len(commands) + 1, n, f"expected step {len(commands) + 1}")
        c = entry["command"]
        _require(isinstance(c.get("type"), str) and isinstance(c.get("player"), str), n, "command needs type, player")
        _require(isinstance(c.get("args", {}), dict), n, "command args must be an object")
        _require(isinstance(c.get("id", ""), str), n, "command id must be a string")
        result = entry.get("result")
        _require(result is None or isinstance(result, dict), n, "'result' must be an object")
        commands.append(Command.from_dict(c))
        results.append(result)
        numbers.append(n)
    return ReplayLog(header, commands, results, numbers)


def split_lines(text: str) -> list[str]:
    """A log's text as lines (``\\n`` or ``\\r\\n``); a trailing newline adds no line."""
    return text.splitlines()


# ------------------------------------------------------------------------ audit


def audit(lines: Sequence[str], *, ruleset: str | None = None) -> Verdict:
    """Re-adjudicate a log from scratch (under ``ruleset`` if given, else its own).

    Never raises for bad input: a malformed log, or a command that makes the engine fail,
    is a verdict.  Under another ruleset than the log declares, recorded results are
    compared by ``facts_digest`` (events without their citations)."""
    try:
        log = parse_log(lines)
    except LogFormatError as exc:
        return Verdict("malformed", line=exc.line, message=exc.message)
    h = log.header
    run_under = ruleset or h["ruleset"]
    cross = run_under != h["ruleset"]
    seed = h.get("seed")
    if seed is None:
        return Verdict(
            "seed_unrevealed",
            line=1,
            ruleset=run_under,
            message="the seed is revealed only when the game ends; cannot re-adjudicate",
        )
    commitment = h.get("seed_commitment")
    if commitment is not None and seed_commitment(h["game_id"], seed) != commitment:
        return Verdict(
            "seed_mismatch",
            line=1,
            ruleset=run_under,
            message="the revealed seed does not match the published commitment",
        )
    try:
        engine = rulesets.get_engine(run_under)
    except rulesets.UnknownRulesetError as exc:
        return Verdict("malformed", line=1, message=str(exc), ruleset=run_under)
    spec = GameSpec(
        game_id=h["game_id"],
        ruleset=run_under,
        variant=h["variant"],
        players=[PlayerSpec(p["id"], p["name"], p["deck"]) for p in h["players"]],
        seed=seed,
        first_player=h.get("first_player"),
        unsupported=h.get("unsupported") or "manual",
    )
    try:
        started = _start(engine, spec, h)
    except Exception as exc:
        return Verdict(
            "malformed",
            line=1,
            ruleset=run_under,
            message=f"the rules engine cannot start this game ({type(exc).__name__}: {exc})",
        )
    if isinstance(started, Rejection):
        return Verdict(
            "inconsistent",
            step=0,
            line=1,
            code=started.code,
            rule=started.rule,
            message=started.message,
            ruleset=run_under,
        )
    state = engine.initial_state()
    count = 0
    for e in started:
        state = _apply(engine, state, e)
        count += 1
    for step, command in enumerate(log.commands, start=1):
        line = log.line_of(step)
        try:
            result = engine.decide(state, command)
        except Exception as exc:
            return Verdict(
                "inconsistent",
                step=step,
                line=line,
                command=command.to_dict(),
                code="command/malformed",
                message=f"the command cannot be adjudicated ({type(exc).__name__}: {exc})",
                final_state_digest=state_digest(engine, state),
                events=count,
                ruleset=run_under,
            )
        if isinstance(result, Rejection):
            return Verdict(
                "inconsistent",
                step=step,
                line=line,
                command=command.to_dict(),
                code=result.code,
                rule=result.rule,
                message=result.message,
                final_state_digest=state_digest(engine, state),
                events=count,
                ruleset=run_under,
            )
        expected = log.results[step - 1]
        mismatch = _result_mismatch(expected, result, cross) if expected is not None else None
        if mismatch is not None:
            return Verdict(
                "diverged",
                step=step,
                line=line,
                command=command.to_dict(),
                message="the command is legal but does not produce the events the log recorded for it",
                final_state_digest=state_digest(engine, state),
                events=count,
                ruleset=run_under,
                details=mismatch,
            )
        for e in result:
            state = _apply(engine, state, e)
            count += 1
    digest = state_digest(engine, state)
    actual = result_of(engine, state)
    claimed = h.get("claimed")
    if claimed:
        wrong = {k: {"claimed": v, "actual": actual.get(k)} for k, v in claimed.items() if actual.get(k) != v}
        if wrong:
            return Verdict(
                "result_mismatch",
                line=1,
                message="the claimed result differs from the recomputed one: " + ", ".join(sorted(wrong)),
                final_state_digest=digest,
                events=count,
                ruleset=run_under,
                details=wrong,
            )
    return Verdict("consistent", final_state_digest=digest, events=count, details=actual, ruleset=run_under)


def _start(engine: Any, spec: GameSpec, header: Mapping[str, Any]) -> list[Event] | Rejection:
    """The game's setup: the normal start, or the declared position it was reconstructed
    from (``header["position"]``, docs/position-format.md)."""
    position = header.get("position")
    if position is None:
        result: list[Event] | Rejection = engine.start(spec, header["cards"])
        return result
    hook = getattr(engine, "start_from_position", None)
    if hook is None:
        return Rejection("position/unsupported", "", f"{spec.ruleset} games cannot be reconstructed from a position")
    events, errors = hook(spec, copy.deepcopy(position), header["cards"])
    if errors:
        first = errors[0]
        message = "; ".join(str(e.get("message", "")) for e in errors)
        return Rejection(str(first.get("code", "position/invalid")), str(first.get("rule") or ""), message)
    return list(events)


def _result_mismatch(expected: Mapping[str, Any], result: Sequence[Event], cross: bool) -> dict[str, Any] | None:
    recomputed = step_result(result) or {}
    keys = ["facts_digest"] if cross else ["version", "events_digest"]
    if cross and "facts_digest" not in expected:
        return None  # an older log without facts: nothing to compare across versions
    for key in keys:
        if expected.get(key) != recomputed.get(key):
            return {"compared": keys, "recorded": dict(expected), "recomputed": recomputed}
    return None


def _apply(engine: Any, state: Any, event: Event) -> Any:
    in_place = getattr(engine, "evolve_in_place", None)
    if in_place is not None:
        in_place(state, event)
        return state
    return engine.evolve(state, event)


def result_of(engine: Any, state: Any) -> dict[str, Any]:
    """The result of a game as a log may claim it: finished, winner, result and, for games
    with life points, each player's life."""
    return result_of_view(engine.view(state, None))


def result_of_view(view: Mapping[str, Any]) -> dict[str, Any]:
    """:func:`result_of`, from the judge's view of the final state."""
    players = view.get("players") or {}
    out: dict[str, Any] = {"finished": view.get("finished"), "winner": view.get("winner"), "result": view.get("result")}
    life = {pid: p.get("life") for pid, p in players.items() if isinstance(p, dict)}
    if any(v is not None for v in life.values()):
        out["life"] = life
    return out
