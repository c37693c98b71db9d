"""Judges' interventions on record (docs/judge-interventions.md): ruling notes attached to
events, forks of a game at a command boundary, and the judge reads that reveal hidden
information.

* A **ruling note** is a ``RulingNoted`` event appended to the game's own stream, through
  :meth:`Game.record` with the service's chain keys (so the hash chain covers it).  It is an
  annotation (:data:`domain.kernel.ANNOTATION_TYPES`): every engine's ``evolve`` only
  advances ``seq`` for it, so the game state is unchanged.  Its rule is the first rule it
  cites or, citing none, the rule of the event it is attached to.
* A **fork** is a new game with the original's header (ruleset, variant, players, decks,
  cards, randomness) plus ``forked_from: {game_id, version, head}`` in its setup, whose
  events up to the fork point are the original's: setup events and notes copied, every
  command decided again by the engine and checked to give the recorded events.
* **Judge reads** are kept in a separate stream per game (:class:`JudgeReadLog`, like the
  rejection log): one append per request, never touching the game's stream.
"""

from __future__ import annotations

import copy
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import IntegrityError
from eventsourcing.utils import register_topic

from domain.kernel import ANNOTATION_TYPES, Command, Event, event_cause
from domain.rules_text import MalformedCitationError, UnknownCitationError
from service.app import (
    ID_PATTERN,
    MAX_SUBMIT_ATTEMPTS,
    Game,
    GameService,
    _domain_event,
    _token_hash,
)
from service.credentials import Credentials
from service.errors import (
    EngineContractError,
    GameAlreadyExistsError,
    InvalidRequestError,
    VersionConflictError,
)
from service.game_logs import append_in_turn
from service.integrity import Receipt
from service.rules import RulesTextMissingError, load_rules_library

__all__ = [
    "MAX_NOTE_CHARS",
    "MAX_NOTE_RULES",
    "READS_PAGE_LIMIT",
    "RULING_NOTED",
    "ForkedGame",
    "JudgeRead",
    "JudgeReadLog",
    "NotedRuling",
    "add_note",
    "fork_game",
    "fork_points",
    "forked_from",
    "list_reads",
    "notes_on",
    "record_read",
]

RULING_NOTED = "RulingNoted"
assert RULING_NOTED in ANNOTATION_TYPES
MAX_NOTE_CHARS = 4000
"""The longest ruling note text (characters)."""
MAX_NOTE_RULES = 16
"""The most rules one note may cite."""
READS_PAGE_LIMIT = 1000
"""The most judge reads listed per request."""

# --------------------------------------------------------------------------- ruling notes


@dataclass(frozen=True, slots=True)
class NotedRuling:
    """A recorded ruling note: the ``RulingNoted`` event, the version it made and a receipt."""

    event: Event
    version: int
    receipt: Receipt | None


def _checked_rules(rules: Sequence[str]) -> list[str]:
    if len(rules) > MAX_NOTE_RULES:
        raise InvalidRequestError(
            f"a note cites at most {MAX_NOTE_RULES} rules; got {len(rules)}", "note/too_many_rules"
        )
    library = load_rules_library()
    out: list[str] = []
    for citation in rules:
        try:
            library.resolve(citation)
        except (MalformedCitationError, UnknownCitationError, LookupError, ValueError):
            raise InvalidRequestError(
                f"the note cites {citation!r}, which names no rule in the rules texts", "note/unknown_rule"
            ) from None
        except RulesTextMissingError as exc:
            raise InvalidRequestError(f"the rules texts are missing: {exc}", "note/rules_unavailable") from None
        out.append(citation)
    return out


def add_note(games: GameService, game_id: str, on: int, text: str, rules: Sequence[str] = ()) -> NotedRuling:
    """Append a judge's ruling note on event ``on`` to the game's stream.  Raises
    ``GameNotFoundError``, ``ChainBrokenError``, ``InvalidRequestError`` (``note/empty``,
    ``note/too_long``, ``note/unknown_rule``, ``note/too_many_rules``,
    ``game/no_such_event``)."""
    if not text.strip():
        raise InvalidRequestError("a ruling note needs a text", "note/empty")
    if len(text) > MAX_NOTE_CHARS:
        raise InvalidRequestError(
            f"a ruling note is at most {MAX_NOTE_CHARS} characters; got {len(text)}", "note/too_long"
        )
    cited = _checked_rules(rules)
    for _ in range(MAX_SUBMIT_ATTEMPTS):
        game = games._load(game_id)
        games._refuse_if_broken(game)
        if not 1 <= on <= game.version:
            raise InvalidRequestError(
                f"game {game_id!r} has no event {on}; it has {game.version} events", "game/no_such_event"
            )
        target = next(iter(games.app.events.get(game.id, gt=on - 1, lte=on)))
        rule = cited[0] if cited else _domain_event(target).rule
        note = Event(
            seq=game.version + 1,
            type=RULING_NOTED,
            data={"on": on, "text": text, "rules": list(cited)},
            rule=rule,
            cause=event_cause(on),
            actor="judge",
        )
        recorded = game.record([note], keys=games.chain_keys)
        try:
            games.app.record(game)
        except IntegrityError:
            continue  # a command (or another note) was recorded meanwhile: note after it
        receipt = games._acknowledge(game)
        games._remember(game)
        return NotedRuling(recorded[0][0], game.version, receipt)
    raise VersionConflictError(game.version, game.version + 1)


def notes_on(events: Sequence[Event], seqs: set[int]) -> list[Event]:
    """The ruling notes among ``events`` attached to any of the events ``seqs``."""
    return [e for e in events if e.type == RULING_NOTED and e.data.get("on") in seqs]


# ---------------------------------------------------------------------------------- forks


@dataclass(frozen=True, slots=True)
class ForkedGame:
    game_id: str
    ruleset: str
    variant: str
    version: int
    player_tokens: dict[str, str]
    """Shown once: only their hashes are stored."""
    tokens_expire_at: datetime
    forked_from: dict[str, Any]
    """``{"game_id", "version", "head"}``: the original and its chain head at the fork point."""
    receipt: Receipt | None


def _unit(stored: Any, after_setup: bool) -> tuple[str, str | int]:
    """What an event belongs to: the setup, a command (its id) or an annotation (its seq)."""
    command_id = cast(str, getattr(stored, "command_id", ""))
    if command_id:
        return ("command", command_id)
    if isinstance(stored, Game.Happened) and stored.event.get("type") in ANNOTATION_TYPES:
        return ("note", stored.originator_version)
    return ("setup", "") if not after_setup else ("other", stored.originator_version)


def fork_points(stored: Sequence[Any]) -> list[int]:
    """The versions a game may be forked at: the end of its setup and the end of every
    command and every note (each stream position where a new unit begins)."""
    units: list[tuple[str, str | int]] = []
    after_setup = False
    for e in stored:
        unit = _unit(e, after_setup)
        after_setup = after_setup or unit[0] != "setup"
        units.append(unit)
    return [n for n in range(1, len(units) + 1) if n == len(units) or units[n] != units[n - 1]]


def _nearest(points: Sequence[int], at: int) -> str:
    below = [p for p in points if p < at]
    above = [p for p in points if p > at]
    named = [str(p) for p in (below[-1:] + above[:1])]
    return " and ".join(named)


def fork_game(games: GameService, game_id: str, at: int, new_game_id: str | None = None) -> ForkedGame:
    """Fork game ``game_id`` at version ``at`` into a new game with fresh player tokens
    (see the module docstring).  The original is only read.  Raises ``GameNotFoundError``,
    ``ChainBrokenError``, ``InvalidRequestError`` (``fork/not_a_boundary`` naming the
    nearest valid versions, ``fork/no_such_version``, ``fork/unavailable``),
    ``GameAlreadyExistsError``, ``EngineContractError`` (a command decided again gave other
    events than recorded)."""
    if new_game_id is None:
        new_game_id = secrets.token_hex(16)
    elif not ID_PATTERN.fullmatch(new_game_id):
        raise InvalidRequestError(f"game id {new_game_id!r} must match {ID_PATTERN.pattern}")
    original = games._load(game_id)  # checks every link read
    games._refuse_if_broken(original)
    stored = list(games.app.events.get(original.id, lte=original.version))
    games._check_events("", 0, stored)
    games._refuse_if_broken(original)
    if not 1 <= at <= len(stored):
        raise InvalidRequestError(
            f"game {game_id!r} has no version {at}; it is at version {len(stored)}", "fork/no_such_version"
        )
    points = fork_points(stored)
    if at not in points:
        raise InvalidRequestError(
            f"version {at} of game {game_id!r} is inside a command; fork at a command boundary or at the end "
            f"of setup: the nearest valid versions are {_nearest(points, at)}",
            "fork/not_a_boundary",
        )
    created = cast(Game.Created, stored[0])
    if not created.setup:
        raise InvalidRequestError(
            f"game {game_id!r} was recorded before replay logs: it cannot be forked", "fork/unavailable"
        )
    origin = {"game_id": game_id, "version": at, "head": cast(str, getattr(stored[at - 1], "chain_hash", ""))}
    setup = copy.deepcopy(dict(created.setup))
    setup["forked_from"] = origin
    tokens = {p["id"]: secrets.token_urlsafe(32) for p in created.players}
    issued_at = games.clock()
    fork = Game(
        game_id=new_game_id,
        ruleset=created.ruleset,
        variant=created.variant,
        players=copy.deepcopy(created.players),
        token_hashes={pid: _token_hash(t) for pid, t in tokens.items()},
        first_event=copy.deepcopy(created.first_event),
        setup=setup,
    )
    keys = games.chain_keys
    fork.sign_created(keys)
    _replay_into(fork, stored[1:at], game_id, keys)
    credentials = Credentials(game_id=new_game_id, issued_at=issued_at.isoformat())
    try:
        games.app.record(fork, credentials)
    except IntegrityError:
        raise GameAlreadyExistsError(new_game_id) from None
    receipt = games._acknowledge(fork)
    return ForkedGame(
        new_game_id,
        created.ruleset,
        created.variant,
        fork.version,
        tokens,
        issued_at + games._token_lifetime,
        origin,
        receipt,
    )


def _replay_into(fork: Game, stored: Sequence[Any], game_id: str, keys: Any) -> None:
    """Record the original's events after its first into ``fork``: setup events and notes
    as they are, each command decided again (and checked against what was recorded)."""
    i = 0
    engine = fork.engine
    while i < len(stored):
        happened = cast(Game.Happened, stored[i])
        if not happened.command_id:
            fork.record([_domain_event(happened)], keys=keys)
            i += 1
            continue
        j = i
        while j < len(stored) and cast(Game.Happened, stored[j]).command_id == happened.command_id:
            j += 1
        if happened.command is None:
            raise InvalidRequestError(
                f"game {game_id!r} was recorded before replay logs: the command {happened.command_id!r} is not "
                "stored, so it cannot be forked",
                "fork/unavailable",
            )
        command = Command.from_dict(happened.command)
        outcome = engine.decide(fork.state, command)
        recorded = [_domain_event(e).to_dict() for e in stored[i:j]]
        if isinstance(outcome, list) and [e.to_dict() for e in outcome] == recorded:
            fork.record(outcome, happened.command_id, happened.command_digest, command, keys=keys)
        else:
            raise EngineContractError(
                f"command {happened.command_id!r} of game {game_id!r}, decided again, does not give the events "
                f"recorded at versions {happened.originator_version}..{j}: the fork is not made"
            )
        i = j


def forked_from(setup: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A game's origin if it is a fork (``{"game_id", "version", "head"}``), else ``None``."""
    found = (setup or {}).get("forked_from")
    return dict(found) if isinstance(found, dict) else None


# ---------------------------------------------------------------------------- judge reads

_READS = uuid5(NAMESPACE_URL, "urn:tcg-adjudicator:judge-reads")


def judge_read_log_id(game_id: str) -> UUID:
    return uuid5(_READS, game_id)


@dataclass(frozen=True, slots=True)
class JudgeRead:
    number: int
    """1-based position in the game's judge-read log."""
    game_id: str
    who: str
    """The principal: ``judge``."""
    endpoint: str
    """What was read: the method, the path and the query, e.g. ``GET /games/g1/state?at=3``."""
    at: str
    """When (ISO 8601, the service clock)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "game_id": self.game_id,
            "who": self.who,
            "endpoint": self.endpoint,
            "at": self.at,
        }


class JudgeReadLog(Aggregate):
    """The judge reads of hidden information of one game (not part of the game's stream)."""

    TOPIC = "adjudicator:JudgeReadLog"

    class Created(Aggregate.Created):
        TOPIC = "adjudicator:JudgeReadLog.Created"
        game_id: str

    class Read(Aggregate.Event):
        TOPIC = "adjudicator:JudgeReadLog.Read"
        read: dict[str, Any]

    @staticmethod
    def create_id(game_id: str) -> UUID:
        return judge_read_log_id(game_id)

    @event(Created)
    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.count = 0

    @event(Read)
    def note_read(self, read: dict[str, Any]) -> None:
        self.count += 1


register_topic(JudgeReadLog.TOPIC, JudgeReadLog)


def record_read(games: GameService, game_id: str, who: str, endpoint: str) -> JudgeRead:
    """Append one judge read to the game's judge-read log (one append, in turn with the other
    writers of the game's logs: :func:`service.game_logs.append_in_turn`)."""
    app = games.app

    def append() -> JudgeRead:
        try:
            log = cast(JudgeReadLog, app.repository.get(judge_read_log_id(game_id)))
        except AggregateNotFoundError:
            log = JudgeReadLog(game_id=game_id)
        read = JudgeRead(log.count + 1, game_id, who, endpoint, games.clock().isoformat())
        log.note_read(read=read.to_dict())
        app.save(log)
        return read

    return append_in_turn(app, game_id, append, "a judge read")


def list_reads(games: GameService, game_id: str, after: int = 0, limit: int = READS_PAGE_LIMIT) -> list[JudgeRead]:
    """The game's judge reads numbered above ``after``, oldest first, at most ``limit``.
    Raises ``GameNotFoundError``."""
    games._token_header(game_id)  # raises GameNotFoundError
    limit = max(1, min(limit, READS_PAGE_LIMIT))
    out: list[JudgeRead] = []
    # The read log's version n+1 is its read number n (version 1 is its creation).
    for e in games.app.events.get(judge_read_log_id(game_id), gt=after + 1, limit=limit):
        if isinstance(e, JudgeReadLog.Read):
            out.append(JudgeRead(**e.read))
    return out
