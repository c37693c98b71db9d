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
     "result": {"version": 24, "events_digest": "<sha256>", "facts_digest": "<sha256>",
                "events": [{"seq": 23, "type": "...", "data": {...}, "rule": "...", "cause": "cmd:c1",
                            "actor": "p1"}, ...]}}

``result`` is optional; when present the audit checks it, so a changed command is caught
at exactly its own step even when the changed command happens to be legal.
``events_digest`` covers the events the command produced; ``facts_digest`` the same events
without their citations, and is what is compared when a log is re-run under another
version of its rules (``FoW-5.01`` against ``FoW-5.5``).  ``events`` (optional: older logs
have only the digests) are those events as stored; with them a ``diverged`` verdict names
the first event that differs and how, field by field (:func:`event_divergence`).

A judge's ruling note (an annotation event, :data:`domain.kernel.ANNOTATION_TYPES`) is a
line ``{"after_step": k, "note": {...event as stored...}}`` after step ``k`` (0: the setup);
the audit applies it in place and checks only its ``seq``.  A fork's header carries
``forked_from: {"game_id", "version", "head"}``; its setup and commitments are re-run under
the origin's game id (docs/judge-interventions.md).

``seed`` is present only once the game has ended (it is revealed then); before that, a
log cannot be re-adjudicated (its shuffles cannot be recomputed) and the verdict says so.

Contributed randomness (docs/randomness.md) adds ``"randomness": "contributed"``,
``server_seed_commitment``, ``contributions`` (player id -> hex), ``withheld`` (player
ids) and ``server_seed`` (hex, ``null`` until the game has ended): the audit re-derives
the seed from them and checks the commitment.  ``"randomness": "client_seeded"`` marks a
seed the creator chose; its verdict says ``client_seeded``.
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from domain import rulesets
from domain.jsonenc import json_encoder
from domain.kernel import (
    ANNOTATION_TYPES,
    Command,
    DecideOnCopyError,
    Event,
    GameSpec,
    PlayerSpec,
    Rejection,
    seed_commitment,
)
from domain.randomness import SERVER_SEED_BYTES, derive_seed, entropy_problem, server_seed_commitment

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
    under; ``rule_text`` is filled in by the service (it reads the rules texts).

    When ``diverged`` and the log records the step's events, ``details`` names the first
    differing event (:func:`event_divergence`: seq, position, kind, both events, the field
    diff) and ``rule`` is the citation of the recorded event; with digests only, ``details``
    holds the digests and ``rule`` is ``None``."""

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
    client_seeded: bool = False
    """The log says the creator chose the seed: the deal was knowable to them."""

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
            "client_seeded": self.client_seeded,
        }


@dataclass(frozen=True, slots=True)
class ReplayLog:
    header: dict[str, Any]
    commands: list[Command]
    results: list[dict[str, Any] | None] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    """The 1-based line number of each command (blank lines are allowed and skipped)."""
    notes: list[tuple[int, dict[str, Any], int]] = field(default_factory=list)
    """Judges' annotations (:data:`domain.kernel.ANNOTATION_TYPES`), in stream order:
    ``(after_step, event, line)``: the step they follow (0: the setup), the event as
    stored and its 1-based line.  They are applied, not recomputed (only their position
    ``seq`` is checked); the hash chain covers them (docs/judge-interventions.md)."""

    def line_of(self, step: int) -> int:
        return self.lines[step - 1] if step - 1 < len(self.lines) else step + 1

    def to_lines(self) -> list[str]:
        lines = [json.dumps(self.header, sort_keys=True, separators=(",", ":"))]
        notes = list(self.notes)

        def notes_after(step: int) -> None:
            while notes and notes[0][0] == step:
                after, note, _ = notes.pop(0)
                lines.append(json.dumps({"after_step": after, "note": note}, sort_keys=True, separators=(",", ":")))

        notes_after(0)
        for step, c in enumerate(self.commands, start=1):
            entry: dict[str, Any] = {"step": step, "command": c.to_dict()}
            result = self.results[step - 1] if step - 1 < len(self.results) else None
            if result is not None:
                entry["result"] = result
            lines.append(json.dumps(entry, sort_keys=True, separators=(",", ":")))
            notes_after(step)
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
    """What a log records about the events one command produced: the last event's seq, the
    two digests and the events themselves (as stored: seq, type, data, rule, cause, actor)."""
    if not events:
        return None
    return {
        "version": events[-1].seq,
        "events_digest": events_digest(events),
        "facts_digest": facts_digest(events),
        "events": [e.to_dict() for e in events],
    }


def build_log(
    header: Mapping[str, Any],
    steps: Iterable[tuple[Command, Sequence[Event]]],
    *,
    seed: int | None,
    claimed: Mapping[str, Any] | None,
    notes: Iterable[tuple[int, Event]] = (),
) -> ReplayLog:
    """A log from a game's header and its accepted commands with the events each produced,
    and the judges' annotations ``(after_step, event)`` in stream order."""
    h = dict(header)
    h.update(format=LOG_FORMAT, version=LOG_VERSION, seed=seed, claimed=dict(claimed) if claimed else None)
    commands: list[Command] = []
    results: list[dict[str, Any] | None] = []
    for command, events in steps:
        commands.append(command)
        results.append(step_result(events))
    pending = sorted(((after, e.to_dict()) for after, e in notes), key=lambda n: int(n[1]["seq"]))
    lines: list[int] = []
    placed: list[tuple[int, dict[str, Any], int]] = []
    line = 1
    for step in range(len(commands) + 1):
        if step:
            line += 1
            lines.append(line)
        while pending and pending[0][0] <= step:
            line += 1
            placed.append((step, pending.pop(0)[1], line))
    for _, note in pending:  # after a step the log does not have: at the end
        line += 1
        placed.append((len(commands), note, line))
    return ReplayLog(h, commands, results, lines, placed)


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
    forked = header.get("forked_from")
    _require(
        forked is None or (isinstance(forked, dict) and isinstance(forked.get("game_id"), str)),
        1,
        "'forked_from' must be null or an object with the origin's 'game_id'",
    )
    _check_randomness(header)
    pinned = header.get("card_hashes")
    _require(
        pinned is None or (isinstance(pinned, dict) and all(isinstance(v, str) for v in pinned.values())),
        1,
        "'card_hashes' must be an object of card id to sha256",
    )
    _require(
        header.get("catalog_hash") is None or isinstance(header["catalog_hash"], str), 1, "'catalog_hash' is a string"
    )
    commands: list[Command] = []
    results: list[dict[str, Any] | None] = []
    numbers: list[int] = []
    notes: list[tuple[int, dict[str, Any], int]] = []
    for n, raw in enumerate(lines[1:], start=2):
        if not raw.strip():
            continue
        try:
            entry = json.loads(raw)
        except (json.JSONDecodeError, RecursionError) as exc:
            where = f" ({exc.msg} at column {exc.colno})" if isinstance(exc, json.JSONDecodeError) else ""
            raise LogFormatError(n, f"not valid JSON{where}") from None
        if isinstance(entry, dict) and "note" in entry:
            notes.append((len(commands), _parsed_note(entry, len(commands), n), n))
            continue
        _require(isinstance(entry, dict) and isinstance(entry.get("command"), dict), n, "expected {step, command}")
        _require(entry.get("step") == len(commands) + 1, n, f"expected step {len(commands) + 1}")
        c = entry["command"]
        _require(isinstance(c.get("type"), str) and isinstance(c.get("player"), str), n, "command needs type, player")
        _require(isinstance(c.get("args", {}), dict), n, "command args must be an object")
        _require(isinstance(c.get("id", ""), str), n, "command id must be a string")
        result = entry.get("result")
        _require(result is None or isinstance(result, dict), n, "'result' must be an object")
        if result is not None and "events" in result:
            recorded = result["events"]
            _require(
                isinstance(recorded, list) and all(isinstance(e, dict) for e in recorded),
                n,
                "'result.events' must be a list of event objects",
            )
        commands.append(Command.from_dict(c))
        results.append(result)
        numbers.append(n)
    return ReplayLog(header, commands, results, numbers, notes)


def _parsed_note(entry: Mapping[str, Any], after: int, line: int) -> dict[str, Any]:
    """The shape of an annotation line: ``{"after_step": k, "note": <event>}``, where ``k``
    is the step it follows and the event is one of :data:`ANNOTATION_TYPES`."""
    _require(entry.get("after_step") == after, line, f"expected 'after_step' {after} (the step this note follows)")
    note = entry["note"]
    _require(isinstance(note, dict), line, "'note' must be an event object")
    _require(note.get("type") in ANNOTATION_TYPES, line, f"'note.type' must be one of {', '.join(ANNOTATION_TYPES)}")
    _require(_is_int(note.get("seq")), line, "'note.seq' must be an integer")
    _require(isinstance(note.get("data"), dict), line, "'note.data' must be an object")
    for key in ("rule", "cause", "actor"):
        _require(isinstance(note.get(key), str), line, f"'note.{key}' must be a string")
    return dict(note)


def _origin_id(h: Mapping[str, Any]) -> str:
    """The game id the shuffles and commitments were made for: a fork's origin's."""
    forked = h.get("forked_from")
    return str(forked["game_id"]) if isinstance(forked, dict) and forked.get("game_id") else str(h["game_id"])


def _check_randomness(header: Mapping[str, Any]) -> None:
    """The shape of the header's randomness fields (docs/randomness.md)."""
    kind = header.get("randomness")
    _require(kind in (None, "contributed", "client_seeded", "server"), 1, f"unknown 'randomness' {kind!r}")
    if kind != "contributed":
        return
    commitment = header.get("server_seed_commitment")
    _require(isinstance(commitment, str) and len(commitment) == 64, 1, "'server_seed_commitment' must be a sha256")
    server_seed = header.get("server_seed")
    problem = None if server_seed is None else entropy_problem(server_seed, size=SERVER_SEED_BYTES)
    _require(problem is None, 1, f"'server_seed' {problem}")
    contributions: Any = header.get("contributions")
    withheld: Any = header.get("withheld")
    _require(isinstance(contributions, dict), 1, "'contributions' must be an object: player id -> hex")
    _require(isinstance(withheld, list), 1, "'withheld' must be a list of player ids")
    for p in header["players"]:
        given, kept = p["id"] in contributions, p["id"] in withheld
        _require(given != kept, 1, f"player {p['id']!r} must be either in 'contributions' or in 'withheld'")
        if given:
            problem = entropy_problem(contributions[p["id"]])
            _require(problem is None, 1, f"contributions[{p['id']!r}] {problem}")
    ids = {p["id"] for p in header["players"]}
    _require(set(contributions) | set(withheld) <= ids, 1, "'contributions' and 'withheld' name only the players")


def _revealed_seed(h: Mapping[str, Any], run_under: str) -> int | Verdict:
    """The seed to re-run with, or the verdict that the log cannot be (``seed_unrevealed``,
    ``seed_mismatch``).  A contributed log's seed is re-derived from the server seed and
    the contributions, checked against the commitment published at creation."""
    seed = h.get("seed")
    if h.get("randomness") == "contributed":
        if h.get("server_seed") is None:
            return Verdict(
                "seed_unrevealed",
                line=1,
                ruleset=run_under,
                message="the server seed is revealed only when the game ends; cannot re-adjudicate",
            )
        server_seed = bytes.fromhex(h["server_seed"])
        if server_seed_commitment(_origin_id(h), server_seed) != h["server_seed_commitment"]:
            return Verdict(
                "seed_mismatch",
                line=1,
                ruleset=run_under,
                message="the revealed server seed does not match the commitment published at creation",
            )
        given = [bytes.fromhex(h["contributions"][p["id"]]) for p in h["players"] if p["id"] in h["contributions"]]
        derived = derive_seed(server_seed, given)
        if seed is not None and seed != derived:
            return Verdict(
                "seed_mismatch",
                line=1,
                ruleset=run_under,
                message="the seed is not the one derived from the server seed and the players' contributions",
            )
        seed = derived
    if seed is None:
        return Verdict(
            "seed_unrevealed",
            line=1,
            ruleset=run_under,
            message="the seed is revealed only when the game ends; cannot re-adjudicate",
        )
    commitment = h.get("seed_commitment")
    if commitment is not None and seed_commitment(_origin_id(h), seed) != commitment:
        return Verdict(
            "seed_mismatch",
            line=1,
            ruleset=run_under,
            message="the revealed seed does not match the published commitment",
        )
    return int(seed)


def split_lines(text: str) -> list[str]:
    """A log's text as lines (``\\n`` or ``\\r\\n``); a trailing newline adds no line."""
    return text.splitlines()


# ------------------------------------------------------------------------ audit


def audit(lines: Sequence[str], *, ruleset: str | None = None) -> Verdict:
    """Re-adjudicate a log from scratch (under ``ruleset`` if given, else its own).

    Never raises for bad input: a malformed log, or a command that makes the engine fail,
    is a verdict.  Under another ruleset than the log declares, recorded results are
    compared by ``facts_digest`` (events without their citations).  The verdict of a
    client-seeded log says ``client_seeded``."""
    try:
        log = parse_log(lines)
    except LogFormatError as exc:
        return Verdict("malformed", line=exc.line, message=exc.message)
    verdict = _audit(log, ruleset=ruleset)
    # the header parse_log read (a dict), not the log's first line parsed again: it holds every card
    if verdict.verdict != "malformed" and log.header.get("randomness") == "client_seeded":
        return dataclasses.replace(verdict, client_seeded=True)
    return verdict


def _audit(log: ReplayLog, *, ruleset: str | None = None) -> Verdict:
    h = log.header
    mismatch = _cards_mismatch(h)
    if mismatch is not None:
        return mismatch
    run_under = ruleset or h["ruleset"]
    cross = run_under != h["ruleset"]
    seed = _revealed_seed(h, run_under)
    if isinstance(seed, Verdict):
        return seed
    try:
        engine = rulesets.get_engine(run_under)
    except rulesets.UnknownRulesetError as exc:
        return Verdict("malformed", line=1, message=str(exc), ruleset=run_under)
    spec = GameSpec(
        game_id=_origin_id(h),  # a fork re-runs its origin's setup (the same shuffles)
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
    applied: list[Event] = []  # every event applied so far, to rebuild the state before a failed step
    for e in started:
        state = _apply(engine, state, e)
        applied.append(e)
        count += 1
    notes = list(log.notes)
    # The auditor owns its state and applies every decided event to it: an engine that can decide on
    # that state itself (no copy of the game per command) does; the state before a command that fails
    # (refused, diverged, an error) is then rebuilt from the events applied before it.
    decide_here = getattr(engine, "decide_in_place", None) if getattr(engine, "evolve_in_place", None) else None

    def before_step() -> Any:
        """The state before the current command: ``state`` itself, or rebuilt if it decided in place."""
        if decide_here is None:
            return state
        rebuilt = engine.initial_state()
        for e in applied:
            rebuilt = _apply(engine, rebuilt, e)
        return rebuilt

    def apply_notes(after: int) -> Verdict | None:
        """Apply the annotations that follow step ``after`` (only their position is checked)."""
        nonlocal state, count
        while notes and notes[0][0] == after:
            _, note, line = notes.pop(0)
            if note["seq"] != count + 1:
                return Verdict(
                    "malformed",
                    line=line,
                    ruleset=run_under,
                    message=f"the note has seq {note['seq']}; it follows event {count}, so it must be {count + 1}",
                )
            event = Event.from_dict(note)
            state = _apply(engine, state, event)
            applied.append(event)
            count += 1
        return None

    found = apply_notes(0)
    if found is not None:
        return found
    for step, command in enumerate(log.commands, start=1):
        line = log.line_of(step)
        copied = decide_here is None
        try:
            try:
                result = engine.decide(state, command) if decide_here is None else decide_here(state, command)
            except DecideOnCopyError:  # it needs the state before it: decided again on that state, copying
                state, copied = before_step(), True
                result = engine.decide(state, command)
        except Exception as exc:
            state = before_step()
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
            state = before_step()
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
        divergence = None
        if expected is not None and (cross or not _agrees(expected, result)):
            divergence = _divergence(expected, result, cross)
        if divergence is not None:
            message, rule, details = divergence
            state = before_step()
            return Verdict(
                "diverged",
                step=step,
                line=line,
                command=command.to_dict(),
                rule=rule,
                message=message,
                final_state_digest=state_digest(engine, state),
                events=count,
                ruleset=run_under,
                details=details,
            )
        for e in result:
            if copied:
                state = _apply(engine, state, e)
            applied.append(e)
            count += 1
        found = apply_notes(step)
        if found is not None:
            return found
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


def card_digest(card: Any) -> str:
    """sha256 of a card definition's canonical JSON (sorted keys, no spaces, UTF-8): what a
    game created with a loaded catalog pins of each card it uses (``card_hashes``)."""
    text = json.dumps(card, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _cards_mismatch(h: Mapping[str, Any]) -> Verdict | None:
    """A log whose header pins its cards (``card_hashes``, from ``catalog_hash``'s catalog):
    the first card whose data is not what was pinned, or ``None``.  Logs without pins
    (built-in catalogs, older logs) are not checked."""
    pinned = h.get("card_hashes")
    if pinned is None:
        return None
    cards: Mapping[str, Any] = h["cards"]
    catalog = h.get("catalog_hash")
    for cid in sorted(set(pinned) | set(cards)):
        if cid not in cards:
            problem = "is pinned but missing from 'cards'"
        elif cid not in pinned:
            problem = "is in 'cards' but was not pinned"
        elif card_digest(cards[cid]) != pinned[cid]:
            problem = f"does not hash to its pinned sha256 {pinned[cid]}: its card data was changed"
        else:
            continue
        return Verdict(
            "malformed",
            line=1,
            code="log/cards_mismatch",
            message=f"card {cid!r} {problem} (catalog {catalog})",
            details={"card": cid, "catalog_hash": catalog},
        )
    return None


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


_CANONICAL = json_encoder(sort_keys=True, separators=(",", ":"))
"""Canonical JSON for comparing recorded and recomputed events (sorted keys, no spaces)."""

_DIVERGED = "the command is legal but does not produce the events the log recorded for it"


def _agrees(expected: Mapping[str, Any], result: Sequence[Event]) -> bool:
    """Whether, under the log's own rules, :func:`_divergence` finds nothing: the one question
    asked of almost every step, answered with one canonical encoding of each side and one
    digest.  ``False`` means "not shown here" (the full comparison then decides, and words
    any finding); it is never ``False`` for a step :func:`_divergence` passes, nor ``True``
    for one it does not (the same encodings, digests and keys it compares)."""
    if not result:
        return False
    try:
        canonical = _CANONICAL([e.to_dict() for e in result])  # byte for byte json.dumps(sort_keys, no spaces)
        recomputed = {"version": result[-1].seq, "events_digest": hashlib.sha256(canonical.encode()).hexdigest()}
        recorded_events = expected.get("events")
        if not isinstance(recorded_events, list):  # digests only: both must be recorded and equal
            return all(expected.get(k) == v for k, v in recomputed.items())
        if _CANONICAL(list(recorded_events)) != canonical:
            return False
    except Exception:  # e.g. events nested too deeply to encode: the full comparison handles it
        return False
    # the events match: a digest the log records must match too (an edited result), one it omits is no finding
    return all(k not in expected or expected[k] == v for k, v in recomputed.items())


def _divergence(
    expected: Mapping[str, Any], result: Sequence[Event], cross: bool
) -> tuple[str, str | None, dict[str, Any]] | None:
    """How the events a command produces differ from the ``result`` a log recorded for its
    step: ``(message, rule, details)``, or ``None`` when they agree.  With recorded events
    the first differing event is named (:func:`event_divergence`); with digests only (an
    older log) just the digests are compared.  Across rules versions (``cross``) citations
    are ignored, as ``facts_digest`` ignores them."""
    recomputed = step_result(result) or {}
    digests = {k: v for k, v in recomputed.items() if k != "events"}
    details: dict[str, Any] = {
        "compared": ["facts_digest"] if cross else ["version", "events_digest"],
        "recorded": {k: v for k, v in expected.items() if k != "events"},
        "recomputed": digests,
    }
    recorded_events = expected.get("events")
    if isinstance(recorded_events, list):
        try:
            found = event_divergence(recorded_events, recomputed.get("events", []), citations=not cross)
        except RecursionError:  # events nested too deeply to compare: fall back to the digests
            found = None
        else:
            if found is None:
                details["events_match"] = True
        if found is not None:
            rule = _citation_of(found)
            details = {**details, "compared": ["events"], **found}
            other = found["recomputed_event"]
            if isinstance(other, dict) and isinstance(other.get("rule"), str) and other["rule"] != rule:
                details["recomputed_rule"] = other["rule"]
            own = expected.get("events_digest")
            if isinstance(own, str):
                details["recorded_events_match_digest"] = own == _digest_of(recorded_events)
            return _event_message(found, details), rule, details
    else:
        details["events_recorded"] = False
    if cross and "facts_digest" not in expected:
        return None  # an older log without facts: nothing to compare across versions
    matched = bool(details.get("events_match"))  # then a digest the log omits is no finding
    differ = [k for k in details["compared"] if (k in expected or not matched) and expected.get(k) != digests.get(k)]
    if not differ:
        return None
    if matched:
        message = (
            "the command is legal and produces the events the log recorded for it, but not the digest recorded "
            f"with them ({', '.join(differ)}): the step's result was edited"
        )
    else:
        message = (
            f"{_DIVERGED} ({', '.join(differ)} differ; the log records only digests for this step, not its events, "
            "so the differing event cannot be named)"
        )
    return message, None, details


def event_divergence(
    recorded: Sequence[Any], recomputed: Sequence[Mapping[str, Any]], *, citations: bool = True
) -> dict[str, Any] | None:
    """The first event where a step's recorded events (as a log stores them) and its
    recomputed events differ, or ``None`` when they are the same::

        {"position": 2,            # 1-based, within the step's events
         "seq": 57,                # the recomputed event's seq (the recorded one's if extra)
         "kind": "changed" | "missing" | "extra",
         "recorded_event": {...} | None, "recomputed_event": {...} | None,
         "diff": [{"path": "data.oids", "recorded": [...], "recomputed": [...]}, ...]}

    ``missing``: the log lacks an event the command produces; ``extra``: the log records an
    event the command does not produce (their ``diff`` has one entry, path ``event``).  A
    ``diff`` entry for a field only one side has carries ``"absent": "recorded"`` (or
    ``"recomputed"``) and ``None`` for that side.  Paths name dict keys with dots and list
    items with ``[i]``; a list of plain values is compared whole.  Without ``citations``
    (another rules version) ``rule``, and ``ruleset`` in ``GameStarted`` data, are ignored,
    as :func:`facts_digest` ignores them."""
    theirs = list(recorded)
    canonical = _CANONICAL(list(recomputed))
    if citations and _CANONICAL(theirs) == canonical:
        return None
    ours: list[Any] = json.loads(canonical)  # JSON types, as a log holds them
    view: Callable[[Any], Any] = _as_is if citations else _without_citations
    if not citations and _CANONICAL([view(e) for e in theirs]) == _CANONICAL([view(e) for e in ours]):
        return None
    for i in range(max(len(theirs), len(ours))):
        mine = ours[i] if i < len(ours) else None
        logged = theirs[i] if i < len(theirs) else None
        if mine is not None and logged is not None:
            if _CANONICAL(view(logged)) == _CANONICAL(view(mine)):
                continue
            diff: list[dict[str, Any]] = []
            _field_diff(view(logged), view(mine), "", diff)
            kind = "changed"
        elif logged is None:
            diff = [{"path": "event", "recorded": None, "recomputed": mine, "absent": "recorded"}]
            kind = "missing"
        else:
            diff = [{"path": "event", "recorded": logged, "recomputed": None, "absent": "recomputed"}]
            kind = "extra"
        source = mine if mine is not None else logged
        seq = source.get("seq") if isinstance(source, dict) else None
        return {
            "position": i + 1,
            "seq": seq if _is_int(seq) else None,
            "kind": kind,
            "recorded_event": logged,
            "recomputed_event": mine,
            "diff": diff,
        }
    return None  # pragma: no cover - the canonical forms differ, so some event does


_ABSENT: Any = object()


def _field_diff(recorded: Any, recomputed: Any, path: str, out: list[dict[str, Any]]) -> None:
    if recorded is not _ABSENT and recomputed is not _ABSENT:
        if isinstance(recorded, dict) and isinstance(recomputed, dict):
            for key in sorted(set(recorded) | set(recomputed)):
                sub = f"{path}.{key}" if path else str(key)
                _field_diff(recorded.get(key, _ABSENT), recomputed.get(key, _ABSENT), sub, out)
            return
        if (
            isinstance(recorded, list)
            and isinstance(recomputed, list)
            and len(recorded) == len(recomputed)
            and any(isinstance(v, dict | list) for v in (*recorded, *recomputed))
        ):
            for i, (a, b) in enumerate(zip(recorded, recomputed, strict=True)):
                _field_diff(a, b, f"{path}[{i}]", out)
            return
        if _CANONICAL(recorded) == _CANONICAL(recomputed):
            return
    entry: dict[str, Any] = {
        "path": path or "event",
        "recorded": None if recorded is _ABSENT else recorded,
        "recomputed": None if recomputed is _ABSENT else recomputed,
    }
    if recorded is _ABSENT:
        entry["absent"] = "recorded"
    elif recomputed is _ABSENT:
        entry["absent"] = "recomputed"
    out.append(entry)


def _as_is(event: Any) -> Any:
    return event


def _without_citations(event: Any) -> Any:
    """An event as :func:`facts_digest` sees it: no ``rule``, no ``ruleset`` in ``GameStarted``."""
    if not isinstance(event, dict):
        return event
    d = {k: v for k, v in event.items() if k != "rule"}
    data = d.get("data")
    if d.get("type") == "GameStarted" and isinstance(data, dict):
        d["data"] = {k: v for k, v in data.items() if k != "ruleset"}
    return d


def _digest_of(stored: Sequence[Any]) -> str:
    """:func:`events_digest` of events as a log stores them."""
    canonical = json.dumps(list(stored), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def _citation_of(found: Mapping[str, Any]) -> str | None:
    """The rule a diverging event cites: the recorded event's, else the recomputed one's."""
    for key in ("recorded_event", "recomputed_event"):
        event = found.get(key)
        if isinstance(event, dict) and isinstance(event.get("rule"), str) and event["rule"]:
            return str(event["rule"])
    return None


def _event_message(found: Mapping[str, Any], details: Mapping[str, Any]) -> str:
    seq = found.get("seq")
    shown = found.get("recomputed_event") or found.get("recorded_event")
    kind_of = shown.get("type") if isinstance(shown, dict) else None
    name = f"event {seq if seq is not None else '#' + str(found['position'])}" + (
        f" ({kind_of})" if isinstance(kind_of, str) else ""
    )
    if found["kind"] == "missing":
        text = f"the command is legal and produces {name}, which the log does not record"
    elif found["kind"] == "extra":
        text = f"the command is legal but the log records {name}, which it does not produce"
    else:
        paths = [str(d["path"]) for d in found["diff"]]
        listed = ", ".join(paths[:5]) + (f" and {len(paths) - 5} more" if len(paths) > 5 else "")
        text = f"the command is legal but {name} differs from the one the log recorded: {listed}"
    if details.get("recorded_events_match_digest") is False:
        text += " (the recorded events do not match the step's own events_digest either: they were edited)"
    return text


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
