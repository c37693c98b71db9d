"""Replay logs and their re-adjudication (pure; any game system registered in
``domain.rulesets``).

A replay log is JSON Lines.  Line 1 is the header; every further line is one submitted
command, in order.  Format version 1::

    {"format": "tcg-replay-log", "version": 1, "game_id": "g1", "ruleset": "FoW-5.5",
     "variant": "valhalla", "players": [{"id": "p1", "name": "Alice", "deck": {...}}, ...],
     "first_player": "p1" | null, "seed_commitment": "<sha256>", "seed": 123 | null,
     "cards": {"<card id>": {...card definition...}},
     "claimed": {"winner": "p1" | null, "result": "win" | "draw", "life": {"p1": 1200}} | null}
    {"step": 1, "command": {"type": "ChangeHand", "player": "p1", "args": {"cards": []}, "id": "c1"},
     "result": {"version": 24, "events_digest": "<sha256 of the events the command produced>"}}

``result`` is optional; when present the audit checks it, so a changed command is caught
at exactly its own step even when the changed command happens to be legal.

``seed`` is present only once the game has ended (it is revealed then); before that, a
log cannot be re-adjudicated (its shuffles cannot be recomputed) and the verdict says so.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from domain import rulesets
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
    ``seed_unrevealed`` or ``malformed``."""

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

    def to_dict(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "step": self.step,
            "line": self.line,
            "command": self.command,
            "code": self.code,
            "rule": self.rule,
            "message": self.message,
            "final_state_digest": self.final_state_digest,
            "events": self.events,
            "details": self.details,
        }


@dataclass(frozen=True, slots=True)
class ReplayLog:
    header: dict[str, Any]
    commands: list[Command]
    results: list[dict[str, Any] | None] = field(default_factory=list)

    def to_lines(self) -> list[str]:
        lines = [json.dumps(self.header, sort_keys=True, separators=(",", ":"))]
        for step, c in enumerate(self.commands, start=1):
            entry: dict[str, Any] = {"step": step, "command": c.to_dict()}
            result = self.results[step - 1] if step - 1 < len(self.results) else None
            if result is not None:
                entry["result"] = result
            lines.append(json.dumps(entry, sort_keys=True, separators=(",", ":")))
        return lines


def events_digest(events: Iterable[Event]) -> str:
    canonical = json.dumps([e.to_dict() for e in events], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def state_digest(engine: Any, state: Any) -> str:
    canonical = json.dumps(engine.state_to_dict(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


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
        results.append({"version": events[-1].seq, "events_digest": events_digest(events)} if events else None)
    return ReplayLog(h, commands, results)


def _require(cond: bool, line: int, message: str) -> None:
    if not cond:
        raise LogFormatError(line, message)


def parse_log(lines: Sequence[str]) -> ReplayLog:
    """Parse and validate the shape of a log; raises :class:`LogFormatError` with a line number."""
    if not lines or not lines[0].strip():
        raise LogFormatError(1, "the log is empty; line 1 must be the JSON header")
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError as exc:
        raise LogFormatError(1, f"the header is not valid JSON ({exc.msg} at column {exc.colno})") from None
    _require(isinstance(header, dict), 1, "the header must be a JSON object")
    _require(header.get("format") == LOG_FORMAT, 1, f"'format' must be {LOG_FORMAT!r}")
    _require(header.get("version") == LOG_VERSION, 1, f"unsupported log version {header.get('version')!r}")
    for key, kind in (("game_id", str), ("ruleset", str), ("variant", str), ("players", list), ("cards", dict)):
        _require(isinstance(header.get(key), kind), 1, f"header field {key!r} must be a {kind.__name__}")
    for i, p in enumerate(header["players"]):
        _require(isinstance(p, dict) and {"id", "name", "deck"} <= set(p), 1, f"players[{i}] needs id, name and deck")
    seed = header.get("seed")
    _require(seed is None or (isinstance(seed, int) and not isinstance(seed, bool)), 1, "'seed' must be an integer")
    commands: list[Command] = []
    results: list[dict[str, Any] | None] = []
    for n, raw in enumerate(lines[1:], start=2):
        if not raw.strip():
            continue
        try:
            entry = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise LogFormatError(n, f"not valid JSON ({exc.msg} at column {exc.colno})") from None
        _require(isinstance(entry, dict) and isinstance(entry.get("command"), dict), n, "expected {step, command}")
        _require(entry.get("step") == len(commands) + 1, n, f"expected step {len(commands) + 1}")
        c = entry["command"]
        _require(isinstance(c.get("type"), str) and isinstance(c.get("player"), str), n, "command needs type, player")
        _require(isinstance(c.get("args", {}), dict), n, "command args must be an object")
        result = entry.get("result")
        _require(result is None or isinstance(result, dict), n, "'result' must be an object")
        commands.append(Command.from_dict(c))
        results.append(result)
    return ReplayLog(header, commands, results)


def audit(lines: Sequence[str], *, ruleset: str | None = None) -> Verdict:
    """Re-adjudicate a log from scratch (under ``ruleset`` if given, else its own)."""
    try:
        log = parse_log(lines)
    except LogFormatError as exc:
        return Verdict("malformed", line=exc.line, message=exc.message)
    h = log.header
    seed = h.get("seed")
    if seed is None:
        return Verdict("seed_unrevealed", message="the seed is revealed only when the game ends; cannot re-adjudicate")
    commitment = h.get("seed_commitment")
    if commitment is not None and seed_commitment(h["game_id"], seed) != commitment:
        return Verdict("seed_mismatch", line=1, message="the revealed seed does not match the published commitment")
    try:
        engine = rulesets.get_engine(ruleset or h["ruleset"])
    except rulesets.UnknownRulesetError as exc:
        return Verdict("malformed", line=1, message=str(exc))
    spec = GameSpec(
        game_id=h["game_id"],
        ruleset=ruleset or h["ruleset"],
        variant=h["variant"],
        players=[PlayerSpec(p["id"], p["name"], p["deck"]) for p in h["players"]],
        seed=seed,
        first_player=h.get("first_player"),
    )
    started = engine.start(spec, h["cards"])
    if isinstance(started, Rejection):
        return Verdict("inconsistent", step=0, line=1, code=started.code, rule=started.rule, message=started.message)
    state = engine.initial_state()
    count = 0
    for e in started:
        state = _apply(engine, state, e)
        count += 1
    for step, command in enumerate(log.commands, start=1):
        result = engine.decide(state, command)
        if isinstance(result, Rejection):
            return Verdict(
                "inconsistent",
                step=step,
                line=step + 1,
                command=command.to_dict(),
                code=result.code,
                rule=result.rule,
                message=result.message,
                final_state_digest=state_digest(engine, state),
                events=count,
            )
        expected = log.results[step - 1]
        if expected is not None and (
            expected.get("version") != result[-1].seq or expected.get("events_digest") != events_digest(result)
        ):
            return Verdict(
                "diverged",
                step=step,
                line=step + 1,
                command=command.to_dict(),
                message="the command is legal but does not produce the events the log recorded for it",
                final_state_digest=state_digest(engine, state),
                events=count,
                details={"recorded": expected, "recomputed": {"version": result[-1].seq}},
            )
        for e in result:
            state = _apply(engine, state, e)
            count += 1
    digest = state_digest(engine, state)
    claimed = h.get("claimed")
    if claimed:
        actual = _result_of(engine, state)
        wrong = {k: {"claimed": v, "actual": actual.get(k)} for k, v in claimed.items() if actual.get(k) != v}
        if wrong:
            return Verdict(
                "result_mismatch",
                message="the claimed result differs from the recomputed one: " + ", ".join(sorted(wrong)),
                final_state_digest=digest,
                events=count,
                details=wrong,
            )
    return Verdict("consistent", final_state_digest=digest, events=count, details=_result_of(engine, state))


def _apply(engine: Any, state: Any, event: Event) -> Any:
    in_place = getattr(engine, "evolve_in_place", None)
    if in_place is not None:
        in_place(state, event)
        return state
    return engine.evolve(state, event)


def _result_of(engine: Any, state: Any) -> dict[str, Any]:
    view = engine.view(state, None)
    players = view.get("players", {})
    return {
        "finished": view.get("finished"),
        "winner": view.get("winner"),
        "result": view.get("result"),
        "life": {pid: p.get("life") for pid, p in players.items()},
    }
