"""The event-sourced adjudicator: the ``Game`` aggregate, the eventsourcing application and
the use-case facade :class:`GameService`.

One game is one aggregate.  Its ``Created`` event holds the game's header (ruleset, variant,
players, hashes of the player tokens) and the first domain event; every later domain event
is one ``Happened`` event, so a domain event's ``seq`` equals the aggregate version.  The
domain state is rebuilt with ``engine.evolve`` only: replay never calls ``decide``, reads a
clock or draws randomness.  Engines are looked up only through :mod:`domain.rulesets`.
"""

from __future__ import annotations

import base64
import contextlib
import copy
import functools
import gc
import hashlib
import hmac
import json
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Literal, cast
from uuid import NAMESPACE_URL, UUID, uuid4, uuid5

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.domain import Aggregate, datetime_now_with_tzinfo, event
from eventsourcing.domain import Snapshot as BaseSnapshot
from eventsourcing.persistence import IntegrityError, JSONTranscoder, Transcoder
from eventsourcing.utils import Environment, EnvType, register_topic

from domain.audit import chain_link
from domain.jsonenc import json_encoder
from domain.kernel import ANNOTATION_TYPES, JSON, Command, Event, GameSpec, PlayerSpec, Rejection, RulesEngine
from domain.randomness import SERVER_SEED_BYTES, derive_seed, entropy_problem, server_seed_commitment
from domain.rulesets import get_engine, list_rulesets
from service.catalog import CardCatalogs, CatalogError, UnknownStarterDeckError
from service.catalogs_store import CatalogStore, pinned_cards
from service.credentials import Credentials, PlayerToken, credentials_id, current_tokens
from service.deal import Deal, DealStatus, deal_id
from service.errors import (
    AuthError,
    AwaitingEntropyError,
    ChainBrokenError,
    CommandIdReusedError,
    CommandRejectedError,
    DealConflictError,
    EngineContractError,
    ForbiddenError,
    GameAlreadyExistsError,
    GameNotFoundError,
    InvalidRequestError,
    PositionRejectedError,
    ServiceError,
    SetupRejectedError,
    VersionConflictError,
)
from service.integrity import ChainKeys, HeadWitness, IntegrityMonitor, Receipt, is_keyed, truncated_reason
from service.platforms import KeyInfo, Limits, PlatformKeys, is_api_key, is_judge_token, platform_of
from service.read_cache import ANSWER_CACHE_SIZE, LRU, CredentialsCache
from service.rejections import Clock, record_attempt, utc_now
from service.settings import Settings
from service.stream import EventNotifier

__all__ = [
    "ID_PATTERN",
    "MAX_SUBMIT_ATTEMPTS",
    "Adjudicator",
    "CommandIndex",
    "CommandResult",
    "CreatedGame",
    "Game",
    "GameService",
    "GameView",
    "IssuedToken",
    "LegalActions",
    "OlderCommands",
    "Principal",
    "RulesetInfo",
    "StoredJSONTranscoder",
    "game_uuid",
    "redact_event",
]

ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,64}")
UNSUPPORTED_POLICIES = ("manual", "refuse")
"""What to do with cards whose text the engine cannot adjudicate (see ``create_game``)."""
"""Game ids and player ids."""
MAX_SUBMIT_ATTEMPTS = 5
"""Attempts of a command sent without ``expected_version`` when concurrent writers win."""
_GAMES = uuid5(NAMESPACE_URL, "urn:tcg-adjudicator:games")
AGGREGATE_CACHE_SIZE = 256
"""Games kept in memory per process (each fast-forwarded from the store when loaded)."""
HEADER_CACHE_SIZE = 4096
"""Game headers (created events, never changed once stored) kept per process for
``authenticate``."""
_CACHE_LOCK = threading.RLock()
"""Held while a game is fast-forwarded or copied (see ``_project``)."""
_COMMAND_JSON = json_encoder(sort_keys=True, allow_nan=False)
"""``json.dumps(..., sort_keys=True, allow_nan=False)``, the encoder built once."""
_EVENT_JSON = json_encoder()
"""``json.dumps``, the encoder built once."""


@functools.lru_cache(maxsize=4096)
def game_uuid(game_id: str) -> UUID:
    """The aggregate id of a game id (stable across processes; a SHA-1 per call, so cached)."""
    return uuid5(_GAMES, game_id)


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _fresh(data: Mapping[str, JSON]) -> Event:
    """A domain event the engine may keep references into without touching stored data."""
    return Event.from_dict(copy.deepcopy(dict(data)))


class OlderCommands:
    """The command ids a bounded snapshot no longer lists one by one: a Bloom filter of a
    fixed size (``BITS`` bits, ``HASHES`` positions per id, from SHA-256 of the id: never
    the process's hash seed) and how many ids it holds.

    It answers "certainly not recorded" or "perhaps recorded"; for the second, the service
    looks the command up in the stored events (:meth:`GameService._stored_command`).  With
    5,000 ids in it, about 3 new ids in 1,000 take that slower path.  The bits are a pure
    function of the set of ids (an OR of their positions), so a snapshot taken after a
    replay from the first event equals one taken after a load from an earlier snapshot."""

    __slots__ = ("_bits", "count")
    BITS = 1 << 16  # the positions below are 16 bits wide
    HASHES = 6

    def __init__(self, bits: bytes | None = None, count: int = 0) -> None:
        self._bits = bytes(self.BITS // 8) if bits is None else bits
        self.count = count

    @classmethod
    def _positions(cls, command_id: str) -> list[int]:
        """``HASHES`` positions of 16 bits each, from the first bytes of the id's SHA-256."""
        n = int.from_bytes(hashlib.sha256(command_id.encode()).digest()[: 2 * cls.HASHES], "big")
        return [(n >> (16 * i)) & 0xFFFF for i in range(cls.HASHES)]

    def may_hold(self, command_id: str) -> bool:
        bits = self._bits
        return all(bits[p >> 3] & (1 << (p & 7)) for p in self._positions(command_id))

    def with_ids(self, command_ids: Iterable[str]) -> OlderCommands:
        bits, added = bytearray(self._bits), 0
        for command_id in command_ids:
            added += 1
            for p in self._positions(command_id):
                bits[p >> 3] |= 1 << (p & 7)
        return OlderCommands(bytes(bits), self.count + added)

    def to_dict(self) -> dict[str, Any]:
        return {
            "bloom": base64.b64encode(self._bits).decode(),
            "count": self.count,
            "bits": self.BITS,
            "hashes": self.HASHES,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> OlderCommands:
        if data.get("bits") != cls.BITS or data.get("hashes") != cls.HASHES:
            raise ValueError(f"a snapshot's older commands use another filter: {data.get('bits')}/{data.get('hashes')}")
        return cls(base64.b64decode(data["bloom"]), int(data["count"]))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, OlderCommands) and (self._bits, self.count) == (other._bits, other.count)

    __hash__ = None  # type: ignore[assignment]


class _Done:
    """One entry of a :class:`CommandIndex` held compactly (issue 23: memory per cached game):
    three slots instead of a dict, and a SHA-256 hex digest as its 32 bytes (any other digest
    as given).  :meth:`as_dict` is the entry as the index answers it and snapshots store it."""

    __slots__ = ("digest", "first", "last")

    def __init__(self, first: int, digest: str, last: int | None = None) -> None:
        self.first = first
        self.digest: bytes | str = _packed_digest(digest)
        self.last = first if last is None else last

    def as_dict(self) -> dict[str, Any]:
        digest = self.digest
        return {"first": self.first, "digest": digest.hex() if isinstance(digest, bytes) else digest, "last": self.last}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> _Done:
        return cls(data["first"], data["digest"], data["last"])


def _packed_digest(digest: str) -> bytes | str:
    """A lowercase SHA-256 hex digest as its 32 bytes (``.hex()`` gives it back exactly);
    anything else unchanged."""
    if len(digest) == 64:
        try:
            packed = bytes.fromhex(digest)
        except ValueError:
            return digest
        if packed.hex() == digest:
            return packed
    return digest


class CommandIndex:
    """A game's recorded commands: command id -> ``{"first", "last", "digest"}`` (the
    versions of its first and last event and its digest), for idempotency; held as
    :class:`_Done` entries, answered and snapshotted as those dicts.

    Every command copies its game (``Game._copy``), so a plain dict here would be copied
    whole on every command: O(commands so far), about 16 us at 1,000 commands
    (bench/RESULTS.md, store overhead).  This index keeps the entries in a **settled**
    dict that is never changed once built (copies share it) and the newest ones in a
    small **recent** dict (copies copy it); every ``FOLD_AT`` commands the recent entries
    are folded into a new settled dict.  A copy therefore costs O(``FOLD_AT``) and an
    add O(commands / ``FOLD_AT``) amortised.  Entries are shared between copies, as the
    entries of a shallow dict copy were.

    Snapshots are bounded (:meth:`bounded`): they list the newest ``SNAPSHOT_KEEPS``
    commands and hold the older ones in :class:`OlderCommands`, so a snapshot's size does
    not grow with the game.  A game loaded from such a snapshot has ``older`` set:
    :meth:`get` knows only the listed commands, and :meth:`may_be_older` says whether an
    unlisted id must be looked up in the stored events.

    The index in memory is bounded the same way: when the recent entries fold, the settled
    ones beyond the newest ``SNAPSHOT_KEEPS`` move into the filter, so a cached game's
    index does not grow with the game either (issue 23: memory per cached game), and a
    cached game knows exactly what a game loaded from its newest snapshot knows.
    :meth:`keep_all` turns that off for one index (the audit compares snapshots stored
    before bounded snapshots, which list every command)."""

    __slots__ = ("_hashed", "_keep_all", "_older", "_recent", "_settled")
    FOLD_AT = 64
    SNAPSHOT_KEEPS = 256

    def __init__(
        self, entries: Mapping[str, Mapping[str, Any]] | None = None, older: OlderCommands | None = None
    ) -> None:
        self._settled: dict[str, _Done] = {} if entries is None else {k: _Done.from_dict(v) for k, v in entries.items()}
        self._recent: dict[str, _Done] = {}
        self._older = older
        # (k, filter): the first k listed ids added to ``older`` by an earlier ``bounded``
        # (entries are only appended, so a copy may start from it too)
        self._hashed: tuple[int, OlderCommands] | None = None
        self._keep_all = False

    def keep_all(self) -> None:
        """List every command from now on, however old (none is moved into the filter)."""
        self._keep_all = True

    def _get(self, command_id: str) -> _Done | None:
        done = self._recent.get(command_id)
        return done if done is not None else self._settled.get(command_id)

    def get(self, command_id: str) -> dict[str, Any] | None:
        """``{"first", "digest", "last"}`` of a listed command, or ``None``."""
        done = self._get(command_id)
        return None if done is None else done.as_dict()

    def may_be_older(self, command_id: str) -> bool:
        """True if ``command_id`` may be one of the commands a snapshot no longer lists."""
        return self._older is not None and self._older.may_hold(command_id)

    def values(self) -> list[dict[str, Any]]:
        return [done.as_dict() for done in (*self._settled.values(), *self._recent.values())]

    def __len__(self) -> int:
        """Every command recorded, listed or not."""
        return len(self._settled) + len(self._recent) + (self._older.count if self._older is not None else 0)

    def to_dict(self) -> dict[str, dict[str, Any]]:
        """The listed entries, in insertion order."""
        return {k: done.as_dict() for d in (self._settled, self._recent) for k, done in d.items()}

    def bounded(self, keeps: int | None = None) -> tuple[dict[str, dict[str, Any]], OlderCommands]:
        """What a snapshot stores: the newest ``keeps`` entries, and the older ids in a filter."""
        keeps = self.SNAPSHOT_KEEPS if keeps is None else keeps
        entries = {**self._settled, **self._recent}
        ids = list(entries)
        cut = max(len(ids) - keeps, 0)
        hashed = self._hashed
        if hashed is not None and hashed[0] <= cut:
            older = hashed[1].with_ids(ids[hashed[0] : cut])
        else:
            older = (self._older or OlderCommands()).with_ids(ids[:cut])
        self._hashed = (cut, older)
        return {k: entries[k].as_dict() for k in ids[cut:]}, older

    def __eq__(self, other: object) -> bool:  # (Aggregate.__eq__)
        """The same commands, wherever they were folded, and whether a snapshot lists them
        or holds them in its filter (a replay from the first event lists them all)."""
        return isinstance(other, CommandIndex) and self.bounded() == other.bounded()

    __hash__ = None  # type: ignore[assignment]

    def copy(self) -> CommandIndex:
        clone = object.__new__(CommandIndex)
        clone._settled, clone._recent, clone._older = self._settled, dict(self._recent), self._older
        clone._hashed, clone._keep_all = self._hashed, self._keep_all
        return clone

    def add(self, command_id: str, seq: int, digest: str) -> None:
        """Index one event of a command (the first one adds the command)."""
        done = self._get(command_id)
        if done is None:
            done = self._recent[command_id] = _Done(seq, digest)
            if len(self._recent) >= self.FOLD_AT:
                self._fold()
        done.last = seq

    def _fold(self) -> None:
        """The recent entries into a new settled dict, and the settled ones beyond the newest
        ``SNAPSHOT_KEEPS`` into the filter (unless :meth:`keep_all`): the folded index lists
        and filters the same ids as :meth:`bounded` of the whole one, so its snapshots are
        the same."""
        merged = {**self._settled, **self._recent}
        cut = len(merged) - self.SNAPSHOT_KEEPS
        if cut > 0 and not self._keep_all:
            ids = list(merged)
            self._older = (self._older or OlderCommands()).with_ids(ids[:cut])
            merged = {k: merged[k] for k in ids[cut:]}
            self._hashed = None  # its count of listed ids no longer applies
        self._settled, self._recent = merged, {}


class Game(Aggregate):
    """One game.  Attributes are JSON-friendly except ``state`` (see :class:`Game.Snapshot`)."""

    TOPIC = "adjudicator:Game"

    class Created(Aggregate.Created):
        TOPIC = "adjudicator:Game.Created"
        game_id: str
        ruleset: str
        variant: str
        players: list[dict[str, str]]
        token_hashes: dict[str, str]
        first_event: dict[str, Any]
        setup: dict[str, Any] | None
        """What ``engine.start`` was given besides the seed and the catalog (decks as
        resolved, first player, ...): the header of the game's replay log."""
        chain_hash: str
        """Tamper evidence: see :func:`domain.audit.chain_link` and docs/replay-log.md."""

        class_version = 2

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state.update(setup=None, chain_hash="")  # recorded before replay logs and the hash chain

    class Happened(Aggregate.Event):
        TOPIC = "adjudicator:Game.Happened"
        event: dict[str, Any]
        command_id: str
        command_digest: str
        command: dict[str, Any] | None
        """The submitted command, on the first event it produced (``None`` on the others)."""
        chain_hash: str

        class_version = 2

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state.update(command=None, chain_hash="")

    class Snapshot(BaseSnapshot):
        """Stores the domain state as ``engine.state_to_dict`` and reads it back."""

        TOPIC = "adjudicator:Game.Snapshot"

        @classmethod
        def take(cls, aggregate: Any, *, bounded: bool = True) -> Game.Snapshot:
            """``bounded``: the command index as :meth:`CommandIndex.bounded` (the newest
            commands listed, the older ones in a filter); else as the plain dict snapshots
            stored before (for the audit of such a snapshot)."""
            snapshot = super().take(aggregate)
            snapshot.state["state"] = aggregate.engine.state_to_dict(aggregate.state)
            if bounded:
                listed, older = aggregate.commands.bounded()
                snapshot.state["commands"] = listed
                snapshot.state["older_commands"] = older.to_dict()
            else:
                snapshot.state["commands"] = aggregate.commands.to_dict()
            snapshot.state.pop("_state_private", None)  # about this process's objects, not the game
            return snapshot

        def mutate(self, _: None) -> Game:
            game = cast(Game, super().mutate(None))
            game.state = game.engine.state_from_dict(game.state)
            older = game.__dict__.pop("older_commands", None)  # absent in snapshots from before
            game.commands = CommandIndex(
                cast(dict[str, dict[str, Any]], game.__dict__["commands"]),
                None if older is None else OlderCommands.from_dict(older),
            )
            game._state_private = True
            game.__dict__.pop("integrity_mac", None)  # the snapshot's MAC (checked on load), not the game's
            return game

    @staticmethod
    def create_id(game_id: str) -> UUID:
        return game_uuid(game_id)

    @classmethod
    def _create(cls, event_class: Any, *, id: Any = None, **kwargs: Any) -> Any:
        # Chain the created event: its hash covers every field given (see chain_link).
        kwargs["chain_hash"] = chain_link("", cls.INITIAL_VERSION, kwargs)
        return super()._create(event_class, id=id, **kwargs)

    @event(Created)
    def __init__(
        self,
        game_id: str,
        ruleset: str,
        variant: str,
        players: list[dict[str, str]],
        token_hashes: dict[str, str],
        first_event: dict[str, Any],
        setup: dict[str, Any] | None = None,
        chain_hash: str = "",
    ) -> None:
        self.chain_head = chain_hash
        self.game_id = game_id
        self.ruleset = ruleset
        self.variant = variant
        self.players = players
        self.token_hashes = token_hashes
        self.commands = CommandIndex()
        self.state: Any = self.engine.evolve(self.engine.initial_state(), _fresh(first_event))
        self._state_private = True
        """Whether ``state`` is this game's alone, so replay may change it in place (see
        ``_copy``)."""

    @property
    def engine(self) -> RulesEngine[Any]:
        return get_engine(self.ruleset)

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """The copy the repository's cache hands out on every load (and ``submit`` takes of
        its cached game): the command index one level deep (an entry is never changed once
        its command is recorded, and the index grows with the game), the header as it is
        (never changed) and the domain state **shared**, copy on write.

        Sharing the state is safe because nothing changes a state that may be shared:
        ``decide``, ``legal_actions``, ``view`` and ``redact_event`` only read it
        (tests/test_reliability_state_sharing.py checks every engine), a command's events
        are applied to a new copy of the state (``record``: one ``clone`` per command), and replay applies events in
        place only to a state its game holds alone (``_state_private``), deep-copying a
        shared one first.  So the per-command deep copy of the whole state is gone
        (bench/RESULTS.md, store overhead); a copy is made only when a cached game is
        fast-forwarded past events another process wrote."""
        with _CACHE_LOCK:
            return self._copy()

    def _copy(self) -> Game:
        clone = object.__new__(type(self))  # copy.copy(self), without its generic protocol
        clone.__dict__.update(self.__dict__, _pending_events=list(self._pending_events), commands=self.commands.copy())
        self._state_private = clone._state_private = False
        return clone

    def sign_created(self, keys: ChainKeys) -> None:
        """Replace the unkeyed link of a new game's (unsaved) created event by its keyed
        link, which also covers the event's timestamp (service/integrity.py)."""
        created = self._pending_events[0]
        assert self.version == 1 and isinstance(created, Game.Created), "only a new, unsaved game"
        link = keys.link("", self.id, 1, created.timestamp, vars(created))
        object.__setattr__(created, "chain_hash", link)
        self.chain_head = link

    @property
    def player_ids(self) -> list[str]:
        return [p["id"] for p in self.players]

    @event(Happened)
    def _happened(
        self,
        event: dict[str, Any],
        command_id: str,
        command_digest: str,
        command: dict[str, Any] | None = None,
        chain_hash: str = "",
    ) -> None:
        """A stored event replayed (a live one is applied by ``record``)."""
        engine = self.engine
        in_place = getattr(engine, "evolve_in_place", None)
        if in_place is not None:  # replaying (bench/RESULTS.md): on a state nothing else holds
            if not self.__dict__.get("_state_private", False):
                self.state = copy.deepcopy(self.state)
                self._state_private = True
            in_place(self.state, _fresh(event))
        else:
            # A new state, which may share parts with the one before (engines copy on
            # write): never changed in place, as if shared.
            self.state = engine.evolve(self.state, _fresh(event))
            self._state_private = False
        self._index(event, command_id, command_digest, chain_hash)

    def _index(self, event: Mapping[str, Any], command_id: str, command_digest: str, chain_hash: str) -> None:
        """The bookkeeping of an applied event: the chain head and the command index."""
        self.chain_head = chain_hash
        if command_id:
            self.commands.add(command_id, event["seq"], command_digest)

    def record(
        self,
        events: Sequence[Event],
        command_id: str = "",
        command_digest: str = "",
        command: Command | None = None,
        command_json: str | None = None,
        keys: ChainKeys | None = None,
        viewer: str | None = None,
        players: Sequence[str] = (),
        seen_by_players: list[tuple[tuple[Any, ...], Event]] | None = None,
    ) -> list[tuple[Event, Event]]:
        """Append engine output; returns each event (as stored) with the same event as
        ``viewer`` (a player id; ``None``: a judge, the event whole) may see it, redacted
        with the state right after it (:func:`redact_event`).  Each event is redacted for
        each of ``players`` too (``viewer``'s own redaction reused), into
        ``seen_by_players`` as ``((game id, seq, chain hash, player), event)``: the keys of
        the service's per-viewer event cache, so every player's stream reads this
        command's events without loading the game at the version before it.  ``command`` is stored with
        the first event it produced (for replay logs), and each event is chained to the one
        before it (``chain_hash``): a keyed link signed with ``keys``
        (service/integrity.py), or, without keys, an unkeyed (legacy) link.
        ``command_json`` is the command's canonical JSON (``_command_json``) if the caller
        has it already.

        The events are applied to one copy of the state, made once for the whole command
        (``clone``, then the engine's ``evolve_in_place`` of each event: what ``evolve``
        does per event, without a copy per event), so each event is redacted as it is
        applied.  The state replay builds from the stored events is the reference
        (tests/service/test_record_state.py)."""
        out: list[tuple[Event, Any]] = []
        submitted: dict[str, Any] | None = None
        if command is not None:
            # Stored as decoded from its canonical JSON (keys sorted; replay logs and the
            # chain sort keys anyway), so stored and replayed commands are plain JSON.
            submitted = _stored_command(command, command_json)
        if not events:
            return out
        engine = self.engine
        in_place = getattr(engine, "evolve_in_place", None)
        # The one copy of this command: ``self.state`` may be shared (the cache's copies,
        # states redacted before), so it is never changed in place.
        state = self.state.clone() if in_place is not None else self.state
        happened_class = Game.Happened
        originator_id = self.id
        for n, e in enumerate(events):
            version = self._version + 1
            text = _checked(e, version)
            data = cast(dict[str, Any], json.loads(text))
            fields: dict[str, Any] = {
                "event": data,
                "command_id": command_id,
                "command_digest": command_digest,
                "command": submitted if n == 0 else None,
            }
            timestamp = datetime_now_with_tzinfo()
            previous = self.__dict__.get("chain_head", "")
            if keys is not None:
                link = keys.link(previous, originator_id, version, timestamp, fields)
            else:
                link = chain_link(previous, version, fields)
            # What ``self._happened(**fields, chain_hash=link)`` does through eventsourcing
            # (trigger_event, then the event's mutate and apply: the same event, version and
            # timestamp, and the same body), without its generic per-event dispatch, whose
            # checks hold here by construction.  The event object is built as its frozen
            # dataclass ``__init__`` builds it (the same attributes in the same order, so
            # the same stored bytes; its ``__post_init__`` only checks that the id is a
            # UUID, which the game's id is), without a ``object.__setattr__`` per field.
            happened = object.__new__(happened_class)
            happened.__dict__.update(
                originator_id=originator_id,
                originator_version=version,
                timestamp=timestamp,
                **fields,
                chain_hash=link,
            )
            # The engine gets its own copy of the event (decoded a second time), which it
            # may keep references into.  The new state may share parts with the one before
            # (engines copy on write): never changed in place by anything but this loop, as
            # if shared.
            if in_place is not None:
                in_place(state, Event.from_dict(json.loads(text)))
            else:
                state = engine.evolve(state, Event.from_dict(json.loads(text)))
            self.state, self._state_private = state, False
            self._index(data, command_id, command_digest, link)
            self._version = version
            self._modified_on = happened.timestamp
            self._pending_events.append(happened)
            stored = Event.from_dict(data)
            seen = redact_event(engine, state, stored, viewer)
            out.append((stored, seen))
            if seen_by_players is not None:
                for other in players:
                    shown = seen if other == viewer else redact_event(engine, state, stored, other)
                    seen_by_players.append(((originator_id, version, link, other), shown))
        return out


register_topic(Game.Snapshot.TOPIC, Game.Snapshot)


def _command_json(command: Command) -> str:
    """A command's canonical JSON (its digest is the SHA-256 of it).  Raises ``ValueError``
    for NaN or Infinity, ``RecursionError`` for arguments that contain themselves."""
    return _COMMAND_JSON(command.to_dict())


_FLAT_ARGS = (str, int, bool, type(None))
"""Argument value types whose JSON round trip gives back an equal value of the same type."""


def _stored_command(command: Command, command_json: str | None) -> dict[str, Any]:
    """The command as stored: decoded from its canonical JSON (``command_json``, if the
    caller has it already).  Built directly, without encoding or decoding, when that
    decoding is known in advance: string fields and flat arguments (string keys; string,
    int, bool or ``None`` values, of exactly those types) come back from the JSON round
    trip equal and of the same types, in sorted key order (``sort_keys``)."""
    args = command.args
    if (
        type(command.type) is str
        and type(command.player) is str
        and type(command.id) is str
        and type(args) is dict
        and all(type(k) is str and type(v) in _FLAT_ARGS for k, v in args.items())
    ):
        return {"args": dict(sorted(args.items())), "id": command.id, "player": command.player, "type": command.type}
    return cast(dict[str, Any], json.loads(command_json if command_json is not None else _command_json(command)))


def _checked(e: Event, seq: int) -> str:
    """The event's JSON: decoded, it is the event as stored (a JSON round trip, so live and
    replayed states agree)."""
    if e.seq != seq:
        raise EngineContractError(f"engine produced {e.type} with seq {e.seq}; expected {seq}")
    try:
        return _EVENT_JSON(e.to_dict())
    except (TypeError, ValueError, RecursionError) as exc:
        raise EngineContractError(f"engine produced {e.type} (seq {e.seq}) with non-JSON data: {exc}") from None


class StoredJSONTranscoder(JSONTranscoder):
    """eventsourcing's ``JSONTranscoder`` with its encoder built once.

    ``JSONTranscoder.encode`` calls ``JSONEncoder.encode``, which builds a new C encoder
    from the same options on every stored event (bench/RESULTS.md, store overhead); this
    one builds it once (:func:`domain.jsonenc.json_encoder`) and writes the same bytes
    (tests/test_jsonenc.py), so the stock transcoder reads them and other readers see no
    difference.  Decoding is unchanged.  Stored events are decoded JSON plus the
    registered transcodings, never circular; one that were would raise ``RecursionError``
    instead of ``ValueError``."""

    def __init__(self) -> None:
        super().__init__()
        self._encode_text = json_encoder(separators=(",", ":"), ensure_ascii=False, default=self._encode_obj)

    def encode(self, obj: Any) -> bytes:
        return self._encode_text(obj).encode("utf8")


class Adjudicator(Application[UUID]):
    """The eventsourcing application.  Configured only from :class:`Settings`."""

    name = "Adjudicator"

    def __init__(self, settings: Settings, keys: ChainKeys | None = None) -> None:
        self.snapshot_interval = settings.snapshot_interval
        self.notifier = EventNotifier()
        """Signalled after each game write of this process (streams wait on it)."""
        self.chain_keys = keys
        """Signs snapshots (their MAC is checked on load); ``None``: unsigned snapshots."""
        # Cached games are fast-forwarded from the store on every get and deep-copied out,
        # so a load reads only the new events (bench/RESULTS.md, store overhead).
        super().__init__({**settings.eventsourcing_env(), "AGGREGATE_CACHE_MAXSIZE": str(AGGREGATE_CACHE_SIZE)})

    def construct_env(self, name: str, env: EnvType | None = None) -> Environment:
        # Unlike the base class, ignore os.environ: Settings already read it.
        return Environment(name, dict(env or {}))

    def construct_transcoder(self) -> Transcoder:
        transcoder = self.factory.transcoder()
        if type(transcoder) is JSONTranscoder:  # the default: the same bytes, encoder built once
            transcoder = StoredJSONTranscoder()
        if isinstance(transcoder, JSONTranscoder):
            self.register_transcodings(transcoder)
        return transcoder

    def record(self, game: Game, *others: Aggregate, notify: bool = True) -> None:
        """Save the game's new events (and those of ``others``) atomically, then snapshot
        the game when it crossed a multiple of the snapshot interval.  Raises
        ``IntegrityError`` if another writer recorded first.  ``notify=False``: the caller
        wakes this process's streams itself (``notifier.published``), once the game is
        cached, so that they do not load it from the store meanwhile."""
        before = game.version - len(game.pending_events)
        # ``Application.save`` would do the same put after two isinstance checks per
        # aggregate against runtime Protocols, which cost more than the rest of a
        # command's bookkeeping (bench/RESULTS.md, store overhead); it notifies nothing
        # this application listens to.
        self.events.put([e for aggregate in (game, *others) for e in aggregate.collect_events()])
        if notify:
            self.notifier.published(game.game_id, game.version)  # wakes this process's streams (service/stream.py)
        if game.version // self.snapshot_interval > before // self.snapshot_interval:
            assert self.snapshots is not None
            snapshot = Game.Snapshot.take(game)
            if self.chain_keys is not None:
                self.chain_keys.sign_snapshot(snapshot.originator_id, snapshot.originator_version, snapshot.state)
            with contextlib.suppress(IntegrityError):  # a snapshot at this version exists already
                self.snapshots.put([snapshot])


_NO_PENDING: Any = object()
"""``getattr`` default: an engine state without a ``pending`` decision."""

AUTO_CAUSE = "cmd:auto:si-"
"""The cause of the events of an automatic pass: ``cmd:auto:<instruction id>:<player>:<version>``
(service.instructions)."""


def _opaque_cause(cause: str) -> str:
    """The cause a player other than the instruction's owner sees (a 32-hex-digit id, as a
    client could choose for a manual pass: docs/standing-instructions.md)."""
    return "cmd:" + hashlib.sha256(cause.encode()).hexdigest()[:32]


def redact_event(engine: RulesEngine[Any], state: Any, event: Event, viewer: str | None) -> Event:
    """``event`` as ``viewer`` (a player id, or ``None`` for a judge) may see it.

    ``state`` is the state right after the event.  Engines provide the optional hook
    ``redact_event(state, event, viewer)``; for an engine without it, players get the
    event without its ``data`` (fail closed), and judges always get it whole.  A judge's
    note (``domain.kernel.ANNOTATION_TYPES``) shows players which event it is on, not its
    text (docs/judge-interventions.md)."""
    if viewer is None:
        return event
    if event.cause.startswith(AUTO_CAUSE) and event.cause.split(":")[3:4] != [viewer]:
        # an automatic pass (standing instructions): other players see a manual-looking id
        event = Event(event.seq, event.type, event.data, event.rule, _opaque_cause(event.cause), event.actor)
    if event.type in ANNOTATION_TYPES:
        return Event(event.seq, event.type, {"on": event.data.get("on")}, event.rule, event.cause, event.actor)
    hook: Callable[[Any, Event, str], Event] | None = getattr(engine, "redact_event", None)
    if hook is None:
        return Event(event.seq, event.type, {}, event.rule, event.cause, event.actor)
    return hook(state, event, viewer)


@dataclass(frozen=True, slots=True)
class CreatedGame:
    game_id: str
    ruleset: str
    variant: str
    version: int
    player_tokens: dict[str, str]
    """Shown once: only their hashes are stored."""
    events: list[Event]
    tokens_expire_at: datetime
    status: str = "started"
    """``started``, or ``awaiting_entropy`` (a contributed-randomness game not dealt yet:
    ``version`` is 0 and ``events`` is empty; docs/randomness.md)."""
    randomness: str = "contributed"
    """``contributed`` or ``client_seeded``."""
    server_seed_commitment: str | None = None
    entropy_deadline: datetime | None = None
    manual: list[Any] | None = None
    """The cards adjudicated by hand, for a game not dealt yet (else in ``events[0]``)."""

    @property
    def client_seeded(self) -> bool:
        return self.randomness == "client_seeded"

    receipt: Receipt | None = None
    """The server's signature of the new game's head (docs/integrity.md)."""


@dataclass(frozen=True, slots=True)
class IssuedToken:
    """A player's new token (shown once: only its hash is stored)."""

    game_id: str
    player: str
    token: str
    expires_at: datetime


@dataclass(frozen=True, slots=True)
class CommandResult:
    version: int
    events: list[Event]
    """As the submitting player may see them."""
    receipt: Receipt | None = None
    """The server's signature of the game's head at ``version`` (docs/integrity.md)."""


@dataclass(frozen=True, slots=True)
class LegalActions:
    version: int
    actions: list[Command]
    integrity: dict[str, Any] | None = None
    """``{"status": "intact" | "broken", "broken_at", "reason"}`` (docs/integrity.md)."""
    labels: list[str] = field(default_factory=list)
    """One human-readable label per action, from what the player may see (``domain.labels``)."""


@dataclass(frozen=True, slots=True)
class GameView:
    game_id: str
    ruleset: str
    variant: str
    version: int
    players: list[dict[str, str]]
    finished: bool | None
    """``None`` when the engine has no ``is_finished`` hook."""
    state: dict[str, JSON]
    randomness: str = "server"
    """``contributed``, ``client_seeded`` or ``server`` (seeded by the server alone: games
    from before contributed randomness); docs/randomness.md."""
    server_seed_commitment: str | None = None

    @property
    def client_seeded(self) -> bool:
        return self.randomness == "client_seeded"

    integrity: dict[str, Any] | None = None
    """``{"status": "intact" | "broken", "broken_at", "reason"}`` (docs/integrity.md)."""
    forked_from: dict[str, Any] | None = None
    """A fork's origin ``{"game_id", "version", "head"}`` (docs/judge-interventions.md)."""


@dataclass(frozen=True, slots=True)
class Principal:
    role: Literal["player", "judge"]
    player: str | None = None
    platform: str | None = None
    """A platform's judge (docs/platform-accounts.md); ``None`` for the operator's judge
    (``ADJUDICATOR_JUDGE_TOKEN``) and for players."""


@dataclass(frozen=True, slots=True)
class RulesetInfo:
    ruleset: str
    variants: list[str]
    starter_decks: list[str]


class GameService:
    """The use cases.  Safe to share between threads."""

    def __init__(self, settings: Settings, catalogs: CardCatalogs | None = None, clock: Clock = utc_now) -> None:
        self.clock = clock
        """When rejected attempts happened (injectable for tests)."""
        if settings.store == "sqlite":
            settings.sqlite_path.parent.mkdir(parents=True, exist_ok=True)
        self.settings = settings
        self.catalogs = catalogs if catalogs is not None else CardCatalogs(extra_file=settings.card_catalog)
        self.chain_keys = ChainKeys(settings.chain_key_list())
        """Sign chain links, receipts and snapshots (docs/integrity.md)."""
        self.integrity = IntegrityMonitor()
        """The games found broken and the heads this process acknowledged."""
        self.witness: HeadWitness | None = None
        """``ADJUDICATOR_HEAD_WITNESS``: the receipts signed, kept outside the database."""
        if settings.head_witness is not None:
            self.witness = HeadWitness(settings.head_witness, self.chain_keys)
            self.witness.load_into(self.integrity, game_uuid)
        self.app = Adjudicator(settings, self.chain_keys)
        self.catalog_store = CatalogStore(self.app, clock)
        """Catalogs loaded at runtime (``POST /catalogs``, service/catalogs_store.py)."""
        self.notifier = self.app.notifier
        self._headers: OrderedDict[str, Game.Created] = OrderedDict()
        self._headers_lock = threading.Lock()
        # Polled reads, keyed by (game, version, chain head, viewer, ...): service/read_cache.py
        self._legal_cache: LRU[tuple[Any, ...], tuple[list[Command], list[str]]] = LRU(ANSWER_CACHE_SIZE)
        self._view_cache: LRU[tuple[Any, ...], tuple[bool | None, dict[str, JSON]]] = LRU(ANSWER_CACHE_SIZE)
        self._event_cache: LRU[tuple[Any, ...], Event] = LRU()
        self.credentials = CredentialsCache()
        """Each game's current tokens, read again only when its credentials stream changed."""
        defaults = Limits(settings.platform_rate, settings.platform_burst, settings.platform_daily_games)
        self.platforms = PlatformKeys(self.app, defaults, clock)
        """Platform API keys and judge tokens, their limits and quotas (service/platforms.py)."""

    def close(self) -> None:
        self.app.close()
        if self.witness is not None:
            self.witness.close()

    def ping(self) -> None:
        """Read the event store once (readiness).  Raises whatever the store raises when it
        cannot be read; a store without the game simply answers no events.

        A PostgreSQL store opened before its tables existed (a replica started before the
        migration) has not found its composite type; look it up again, so that a replica
        that is ready can also write."""
        list(self.app.events.get(game_uuid("__ready__"), lte=1))
        register_types = getattr(getattr(self.app.recorder, "datastore", None), "register_type_adapters", None)
        if register_types is not None:  # PostgreSQL only
            register_types()

    def rulesets(self) -> list[RulesetInfo]:
        return [
            RulesetInfo(r["ruleset"], list(r["variants"]), self.catalogs.starter_decks(r["ruleset"]))
            for r in list_rulesets()
        ]

    # ---------------------------------------------------------------------------- writes

    def prepare_for_serving(self) -> None:
        """Load what every game shares (the engines and the built-in card catalogs), then
        move it, with everything else alive now, out of the garbage collector's way
        (``gc.freeze``): a full collection no longer scans these long-lived objects, which
        made it a pause of 20-300 ms inside whichever command triggered it
        (bench/bench_gc.py).  Called once by the API's start-up; objects made later (games,
        caches) are collected as before."""
        for info in list_rulesets():
            try:
                self.catalogs.cards(info["ruleset"])
                self.catalogs.starter_decks(info["ruleset"])
            except CatalogError:
                continue  # an engine registered without a catalog (e.g. a test's fake)
        gc.collect()
        gc.freeze()

    def space_full_collections(self) -> None:
        """Run a full garbage collection only after ``settings.gc_full_threshold`` collections
        of the middle generation (CPython's third threshold; the first two stay as they are).
        A full collection scans every cached game: at CPython's default of 10 it came often
        enough to put pauses of 100-350 ms into the p99 of live games (bench/RESULTS.md,
        ``bench_live``).  Called once by the API's start-up."""
        young, middle, _ = gc.get_threshold()
        gc.set_threshold(young, middle, self.settings.gc_full_threshold)

    def create_game(
        self,
        ruleset: str,
        variant: str,
        players: Sequence[PlayerSpec],
        seed: int | None = None,
        first_player: str | None = None,
        game_id: str | None = None,
        unsupported: str = "manual",
        catalog: str | None = None,
        api_key: str | None = None,
    ) -> CreatedGame:
        """Start a game.  Decks are given as lists or as ``{"starter": name}``.  ``unsupported``
        says what to do with cards whose text the engine cannot adjudicate: ``"refuse"`` (the
        setup is rejected, naming them) or ``"manual"`` (listed in the first event and marked
        in every event touching them).

        Without ``seed`` the game is created awaiting its players' entropy (status
        ``awaiting_entropy``, version 0; docs/randomness.md): the setup is checked now, the
        game is dealt by :meth:`contribute_entropy` or :meth:`force_deal`.  A ``seed`` is
        taken only where ``Settings.allow_client_seed`` is on (``game/client_seed_disabled``
        otherwise), and the game is marked ``client_seeded``.  Raises
        ``UnknownRulesetError``, ``InvalidRequestError``, ``SetupRejectedError``,
        ``GameAlreadyExistsError``.

        ``catalog``: the hash of a catalog loaded with ``POST /catalogs``, whose cards are
        played over the built-in ones; the setup pins it (``catalog_hash``, ``card_hashes``,
        service/catalogs_store.py).  Raises ``CatalogNotFoundError`` for an unknown hash.

        ``api_key``: the creating platform's key (docs/platform-accounts.md), required when
        ``Settings.api_key_required``; the game then belongs to its platform.  Raises
        ``AuthError`` (``auth/api_key_missing``, ``auth/api_key_unknown``,
        ``auth/api_key_revoked``), ``RateLimitedError``."""
        key = self.admit_creation(api_key)
        engine = get_engine(ruleset)
        game_id, ids = self._check_new_game(engine, variant, players, game_id, unsupported)
        if first_player is not None and first_player not in ids:
            raise InvalidRequestError(f"first player {first_player!r} is not one of the players {ids}")
        self._check_client_seed(seed)
        spec = GameSpec(
            game_id=game_id,
            ruleset=ruleset,
            variant=variant,
            players=[PlayerSpec(p.id, p.name, self._deck(ruleset, p)) for p in players],
            seed=0 if seed is None else seed,  # without a client seed: only to check the setup now
            first_player=first_player,
            unsupported=unsupported,
        )
        outcome = engine.start(spec, self._cards_of(ruleset, catalog))
        if isinstance(outcome, Rejection):
            raise SetupRejectedError(outcome)
        setup: dict[str, Any] = {
            "decks": {p.id: p.deck for p in spec.players},
            "first_player": spec.first_player,
            "unsupported": spec.unsupported,
        }
        if catalog is not None:
            setup.update(pinned_cards(catalog, outcome[0].data.get("cards") if outcome else None))
        return self._create_owned(key, spec, setup, outcome, seed)

    def create_game_from_position(
        self,
        ruleset: str,
        variant: str,
        players: Sequence[PlayerSpec],
        position: Mapping[str, JSON],
        game_id: str | None = None,
        seed: int | None = None,
        unsupported: str = "manual",
        catalog: str | None = None,
        api_key: str | None = None,
    ) -> CreatedGame:
        """Reconstruct a game from a declared position (docs/position-format.md) instead of
        the normal set-up; play continues from it under full rules and every view marks it
        ``reconstructed``.  Player decks are not used: the position names the known cards and
        declares the others as counts, filled from a ``decklist`` in the position or left of no
        known identity.
        ``seed`` and ``catalog`` as for :meth:`create_game` (without a seed the game awaits entropy).
        Raises ``PositionRejectedError`` (every reason, with paths and rules),
        ``UnknownRulesetError``, ``InvalidRequestError``, ``GameAlreadyExistsError``, and
        for ``api_key`` what :meth:`create_game` raises."""
        key = self.admit_creation(api_key)
        engine = get_engine(ruleset)
        hook: Callable[[GameSpec, Any, Any], tuple[list[Event], list[dict[str, JSON]]]] | None = getattr(
            engine, "start_from_position", None
        )
        if hook is None:
            raise InvalidRequestError(
                f"{ruleset} games cannot be reconstructed from a position", "position/unsupported"
            )
        game_id, _ = self._check_new_game(engine, variant, players, game_id, unsupported)
        self._check_client_seed(seed)
        spec = GameSpec(
            game_id=game_id,
            ruleset=ruleset,
            variant=variant,
            players=[PlayerSpec(p.id, p.name, {}) for p in players],
            seed=0 if seed is None else seed,  # without a client seed: only to check the position now
            unsupported=unsupported,
        )
        outcome, errors = hook(spec, copy.deepcopy(dict(position)), self._cards_of(ruleset, catalog))
        if errors:
            raise PositionRejectedError(errors)
        setup: dict[str, Any] = {"reconstructed": True, "position": dict(position), "unsupported": spec.unsupported}
        if catalog is not None:
            setup.update(pinned_cards(catalog, outcome[0].data.get("cards") if outcome else None))
        return self._create_owned(key, spec, setup, outcome, seed)

    def admit_creation(self, api_key: str | None) -> KeyInfo | None:
        """The platform key a new game is created with, checked, throttled and within its
        daily quota; ``None`` in open mode without a key.  A key given in open mode is
        checked too (its games belong to its platform); a bearer token that is no API key
        at all (a player's or judge's, sent by habit) is ignored there."""
        if api_key is not None and not self.settings.api_key_required and not is_api_key(api_key):
            api_key = None
        if api_key is None:
            if self.settings.api_key_required:
                raise AuthError(
                    "creating a game needs a platform API key: send 'Authorization: Bearer <API key>' "
                    "(the operator issues keys: adjudicator platforms create)",
                    "auth/api_key_missing",
                )
            return None
        key = self.platforms.verify(api_key, "api")
        self.platforms.throttle(key)
        self.platforms.check_quota(key)
        return key

    def _create_owned(
        self, key: KeyInfo | None, spec: GameSpec, setup: dict[str, Any], outcome: Sequence[Event], seed: int | None
    ) -> CreatedGame:
        """Store a new game (or open its deal) recording its platform, then count it
        against the key's daily quota."""
        if key is not None:  # in the setup: covered by the game's hash chain, inherited by forks
            setup.update(platform=key.platform, platform_key=key.key_id)
        if seed is None:
            created = self._open_deal(spec, setup, outcome)
        else:
            created = self._store_new_game(spec, outcome, {**setup, "randomness": "client_seeded"})
        if key is not None:
            self.platforms.count_game(key.key_id, spec.game_id)
        return created

    def platform_of_game(self, game_id: str) -> str | None:
        """The platform a game (or a deal awaiting entropy) belongs to; ``None``: none
        (the operator's).  Raises ``GameNotFoundError``."""
        return platform_of(getattr(self._token_header(game_id), "setup", None))[0]

    def judge_scope(self, token: str) -> str | None:
        """Whose games a judge token reads across games: ``None`` for the operator's judge
        (every game), else the platform of a current platform judge token.  Raises
        ``AuthError`` (``auth/invalid_token`` for a token that is no judge's, or what
        :meth:`PlatformKeys.verify` raises), ``RateLimitedError``."""
        if hmac.compare_digest(token.encode(), self.settings.judge_token.encode()):
            return None
        if not is_judge_token(token):
            raise AuthError("queries across games need a judge token")
        key = self.platforms.verify(token, "judge")
        self.platforms.throttle(key)
        return key.platform

    @staticmethod
    def _check_new_game(
        engine: RulesEngine[Any], variant: str, players: Sequence[PlayerSpec], game_id: str | None, unsupported: str
    ) -> tuple[str, list[str]]:
        """Validate what every new game needs; returns the game id (generated when absent)
        and the player ids."""
        if game_id is None:
            game_id = uuid4().hex
        elif not ID_PATTERN.fullmatch(game_id):
            raise InvalidRequestError(f"game id {game_id!r} must match {ID_PATTERN.pattern}")
        if variant not in engine.variants:
            known = ", ".join(engine.variants)
            raise InvalidRequestError(
                f"{engine.ruleset} has no variant {variant!r}; known: {known}", "ruleset/unknown_variant"
            )
        ids = [p.id for p in players]
        if not ids or len(set(ids)) != len(ids) or not all(ID_PATTERN.fullmatch(i) for i in ids):
            raise InvalidRequestError(f"player ids must be distinct and match {ID_PATTERN.pattern}; got {ids}")
        if unsupported not in UNSUPPORTED_POLICIES:
            raise InvalidRequestError(
                f"unsupported must be one of {', '.join(UNSUPPORTED_POLICIES)}; got {unsupported!r}",
                "request/invalid_unsupported_policy",
            )
        return game_id, ids

    def _store_new_game(
        self,
        spec: GameSpec,
        outcome: Sequence[Event],
        setup: Mapping[str, Any],
        token_hashes: Mapping[str, str] | None = None,
        others: Sequence[Aggregate] = (),
    ) -> CreatedGame:
        """Record a new game's first events with fresh player tokens (only their hashes are
        stored), or, for a game dealt after its players contributed entropy, with the
        ``token_hashes`` issued at its creation (no new tokens, no new credentials) and the
        ``others`` aggregates (its deal) in the same atomic write.  Raises
        ``GameAlreadyExistsError`` (also when one of ``others`` was changed meanwhile)."""
        if not outcome:
            raise EngineContractError(f"{spec.ruleset} started game {spec.game_id!r} without any event")
        if token_hashes is not None:
            return self._store_dealt_game(spec, outcome, setup, token_hashes, others)
        tokens = {p.id: secrets.token_urlsafe(32) for p in spec.players}
        issued_at = self.clock()
        first = cast(dict[str, Any], json.loads(_checked(outcome[0], 1)))
        game = Game(
            game_id=spec.game_id,
            ruleset=spec.ruleset,
            variant=spec.variant,
            players=[{"id": p.id, "name": p.name} for p in spec.players],
            token_hashes={pid: _token_hash(t) for pid, t in tokens.items()},
            first_event=first,
            setup=json.loads(json.dumps(setup)),
        )
        keys = self.chain_keys
        game.sign_created(keys)
        rest = game.record(outcome[1:], keys=keys)
        credentials = Credentials(game_id=spec.game_id, issued_at=issued_at.isoformat())
        try:
            self.app.record(game, credentials)
        except IntegrityError:
            raise GameAlreadyExistsError(spec.game_id) from None
        events = [Event.from_dict(first), *(e for e, _ in rest)]
        expire_at = issued_at + self._token_lifetime
        return CreatedGame(
            spec.game_id,
            spec.ruleset,
            spec.variant,
            game.version,
            tokens,
            events,
            expire_at,
            randomness="client_seeded" if setup.get("randomness") == "client_seeded" else "contributed",
            receipt=self._acknowledge(game),
        )

    def _store_dealt_game(
        self,
        spec: GameSpec,
        outcome: Sequence[Event],
        setup: Mapping[str, Any],
        token_hashes: Mapping[str, str],
        others: Sequence[Aggregate],
    ) -> CreatedGame:
        first = cast(dict[str, Any], json.loads(_checked(outcome[0], 1)))
        game = Game(
            game_id=spec.game_id,
            ruleset=spec.ruleset,
            variant=spec.variant,
            players=[{"id": p.id, "name": p.name} for p in spec.players],
            token_hashes=dict(token_hashes),
            first_event=first,
            setup=json.loads(json.dumps(setup)),
        )
        keys = self.chain_keys
        game.sign_created(keys)
        rest = game.record(outcome[1:], keys=keys)
        try:
            self.app.record(game, *others)
        except IntegrityError:
            raise GameAlreadyExistsError(spec.game_id) from None
        events = [Event.from_dict(first), *(e for e, _ in rest)]
        return CreatedGame(
            spec.game_id,
            spec.ruleset,
            spec.variant,
            game.version,
            {},
            events,
            self.clock() + self._token_lifetime,
            server_seed_commitment=setup.get("server_seed_commitment"),
            receipt=self._acknowledge(game),
        )

    # ------------------------------------------------------------ contributed randomness

    def _check_client_seed(self, seed: int | None) -> None:
        if seed is not None and not self.settings.allow_client_seed:
            raise InvalidRequestError(
                "a client-chosen seed is disabled on this server (ADJUDICATOR_ALLOW_CLIENT_SEED is off): "
                "omit 'seed'; each player then contributes entropy (POST /games/{game_id}/entropy)",
                "game/client_seed_disabled",
            )

    def _open_deal(self, spec: GameSpec, setup: Mapping[str, Any], checked: Sequence[Event]) -> CreatedGame:
        """Create a game that waits for its players' entropy: its deal (the header, the token
        hashes and the commitment to a fresh secret server seed) and its credentials, in one
        atomic write.  ``checked`` is the setup started with a placeholder seed, only to
        refuse a bad setup now: nothing of it is kept but the cards adjudicated by hand."""
        tokens = {p.id: secrets.token_urlsafe(32) for p in spec.players}
        issued_at = self.clock()
        deadline = issued_at + timedelta(seconds=self.settings.entropy_deadline_seconds)
        server_seed = secrets.token_bytes(SERVER_SEED_BYTES)
        commitment = server_seed_commitment(spec.game_id, server_seed)
        deal = Deal(
            game_id=spec.game_id,
            ruleset=spec.ruleset,
            variant=spec.variant,
            players=[{"id": p.id, "name": p.name} for p in spec.players],
            token_hashes={pid: _token_hash(t) for pid, t in tokens.items()},
            setup=json.loads(json.dumps(setup)),
            server_seed=server_seed.hex(),
            commitment=commitment,
            created_at=issued_at.isoformat(),
            deadline=deadline.isoformat(),
        )
        credentials = Credentials(game_id=spec.game_id, issued_at=issued_at.isoformat())
        try:
            self.app.save(deal, credentials)
        except IntegrityError:
            raise GameAlreadyExistsError(spec.game_id) from None
        manual = checked[0].data.get("manual") if checked else None
        return CreatedGame(
            spec.game_id,
            spec.ruleset,
            spec.variant,
            0,
            tokens,
            [],
            issued_at + self._token_lifetime,
            status="awaiting_entropy",
            server_seed_commitment=commitment,
            entropy_deadline=deadline,
            manual=list(manual) if isinstance(manual, list) else [],
        )

    def _deal(self, game_id: str) -> Deal:
        """The game's deal.  Raises ``GameNotFoundError``, or ``DealConflictError``
        (``deal/not_contributed``) for a game created with a client seed or before
        contributed randomness."""
        try:
            return cast(Deal, self.app.repository.get(deal_id(game_id)))
        except AggregateNotFoundError:
            pass
        self._header(game_id)  # raises GameNotFoundError
        raise DealConflictError(
            f"game {game_id!r} was not dealt from contributed entropy (it was seeded at creation)",
            "deal/not_contributed",
        )

    def contribute_entropy(self, game_id: str, player: str, entropy: str) -> DealStatus:
        """Record ``player``'s entropy (hex, 16..64 bytes); the last contribution deals the
        game (``engine.start`` with the derived seed) in the same atomic write.  Sending
        the same entropy again answers the status again.  Raises ``GameNotFoundError``,
        ``InvalidRequestError`` (``deal/invalid_entropy``, ``game/unknown_player``),
        ``DealConflictError`` (``deal/already_contributed``, ``deal/already_dealt``,
        ``deal/not_contributed``), ``SetupRejectedError``, ``PositionRejectedError``."""
        problem = entropy_problem(entropy)
        if problem is not None:
            raise InvalidRequestError(f"entropy {problem}", "deal/invalid_entropy")
        entropy = entropy.lower()
        for _ in range(MAX_SUBMIT_ATTEMPTS):
            deal = self._deal(game_id)
            if player not in deal.player_ids:
                raise InvalidRequestError(f"{player!r} does not play in game {game_id!r}", "game/unknown_player")
            given = deal.contributions.get(player)
            if given is not None:
                if hmac.compare_digest(given, entropy):
                    return self.deal_status(game_id)
                raise DealConflictError(
                    f"{player!r} has already contributed entropy to game {game_id!r}", "deal/already_contributed"
                )
            if deal.dealt:
                raise DealConflictError(
                    f"game {game_id!r} was dealt without {player!r}'s entropy (withheld)", "deal/already_dealt"
                )
            deal.contribute(player=player, entropy=entropy, at=self.clock().isoformat())
            try:
                if deal.missing:
                    self.app.save(deal)
                else:
                    self._deal_game(deal, by="contributions")
            except (IntegrityError, GameAlreadyExistsError):
                continue  # another contribution (or a forced deal) won: look again
            return self.deal_status(game_id)
        raise VersionConflictError(deal.version, deal.version + 1)

    def force_deal(self, game_id: str, principal: Principal) -> DealStatus:
        """Deal without the missing contributions (recorded as withheld), once the entropy
        deadline has passed; for a player who contributed, or a judge.  Raises
        ``GameNotFoundError``, ``ForbiddenError``, ``DealConflictError``
        (``deal/deadline_not_reached`` with the deadline, ``deal/already_dealt``,
        ``deal/not_contributed``)."""
        deal = self._deal(game_id)
        if deal.dealt:
            raise DealConflictError(f"game {game_id!r} is dealt already", "deal/already_dealt")
        if principal.role != "judge" and principal.player not in deal.contributions:
            raise ForbiddenError(
                "only a player who contributed entropy, or a judge, may deal without the missing contributions"
            )
        deadline = datetime.fromisoformat(deal.deadline)
        if self.clock() < deadline:
            missing = ", ".join(deal.missing)
            raise DealConflictError(
                f"game {game_id!r} waits for the entropy of {missing} until {deal.deadline}; "
                "only after that may it be dealt without it",
                "deal/deadline_not_reached",
                {"deadline": deal.deadline, "missing": deal.missing},
            )
        try:
            self._deal_game(deal, by="judge" if principal.role == "judge" else str(principal.player))
        except GameAlreadyExistsError:
            if not self._deal(game_id).dealt:
                raise VersionConflictError(deal.version, deal.version + 1) from None
            # dealt meanwhile (the last contribution, or another forced deal): its status
        return self.deal_status(game_id)

    def _deal_game(self, deal: Deal, by: str) -> CreatedGame:
        """Start the game from the deal: the seed derived from the server seed and the
        contributions in player order, the missing ones withheld; the game's first events
        and the deal's ``Dealt`` in one atomic write."""
        withheld = deal.missing
        server_seed = bytes.fromhex(deal.server_seed)
        given = [bytes.fromhex(deal.contributions[p]) for p in deal.player_ids if p in deal.contributions]
        setup = dict(deal.setup)
        decks = setup.get("decks") or {}
        spec = GameSpec(
            game_id=deal.game_id,
            ruleset=deal.ruleset,
            variant=deal.variant,
            players=[PlayerSpec(p["id"], p["name"], decks.get(p["id"], {})) for p in deal.players],
            seed=derive_seed(server_seed, given),
            first_player=setup.get("first_player"),
            unsupported=setup.get("unsupported") or "manual",
        )
        engine = get_engine(deal.ruleset)
        cards = self._cards_of(deal.ruleset, setup.get("catalog_hash"))
        if setup.get("reconstructed"):
            hook: Callable[[GameSpec, Any, Any], tuple[list[Event], list[dict[str, JSON]]]] | None = getattr(
                engine, "start_from_position", None
            )
            if hook is None:
                raise InvalidRequestError(
                    f"{deal.ruleset} games cannot be reconstructed from a position", "position/unsupported"
                )
            outcome, errors = hook(spec, copy.deepcopy(setup["position"]), cards)
            if errors:
                raise PositionRejectedError(errors)
        else:
            started = engine.start(spec, cards)
            if isinstance(started, Rejection):
                raise SetupRejectedError(started)
            outcome = started
        deal.deal(withheld=withheld, by=by, at=self.clock().isoformat())
        setup.update(deal.randomness())
        return self._store_new_game(spec, outcome, setup, token_hashes=deal.token_hashes, others=[deal])

    def deal_status(self, game_id: str) -> DealStatus:
        """The game's deal: who contributed, who is missing, the deadline and the
        commitment; every contribution once dealt and the server seed once the game has
        ended.  Raises ``GameNotFoundError``."""
        try:
            deal = cast(Deal, self.app.repository.get(deal_id(game_id)))
        except AggregateNotFoundError:
            header = self._header(game_id)
            kind = _randomness_of(header.setup)["randomness"]
            return DealStatus(game_id, kind, "dealt", None, [], [], [], None, None, None, self._load(game_id).version)
        contributed = [p for p in deal.player_ids if p in deal.contributions]
        version: int | None = None
        server_seed: str | None = None
        if deal.dealt:
            game = self._load(game_id)
            version = game.version
            is_finished: Callable[[Any], bool] | None = getattr(game.engine, "is_finished", None)
            if is_finished is not None and is_finished(game.state):
                server_seed = deal.server_seed
        return DealStatus(
            game_id=game_id,
            randomness="contributed",
            status="dealt" if deal.dealt else "awaiting_entropy",
            server_seed_commitment=deal.commitment,
            contributed=contributed,
            missing=[] if deal.dealt else deal.missing,
            withheld=list(deal.withheld),
            deadline=datetime.fromisoformat(deal.deadline),
            contributions={p: deal.contributions[p] for p in contributed} if deal.dealt else None,
            server_seed=server_seed,
            version=version,
        )

    def server_seed(self, game_id: str) -> str | None:
        """The game's server seed (hex) if it was dealt from contributions, else ``None``.
        Only for replay logs of ended games (``service.audit``)."""
        try:
            return cast(Deal, self.app.repository.get(deal_id(game_id))).server_seed
        except AggregateNotFoundError:
            return None

    def _missing(self, game_id: str) -> ServiceError:
        """The error for a game id with no game: a deal still waiting for entropy, or none."""
        try:
            deal = cast(Deal, self.app.repository.get(deal_id(game_id)))
        except AggregateNotFoundError:
            return GameNotFoundError(game_id)
        if deal.dealt:
            return GameNotFoundError(game_id)
        return AwaitingEntropyError(game_id, deal.missing, deal.deadline)

    def _cards_of(self, ruleset: str, catalog: str | None) -> Mapping[str, Mapping[str, Any]]:
        """The cards a game plays: the built-in catalog of its system, or a loaded one over it."""
        if catalog is None:
            return self.catalogs.cards(ruleset)
        return self.catalog_store.cards_for(ruleset, self.catalogs.cards(ruleset), catalog)

    def _deck(self, ruleset: str, player: PlayerSpec) -> dict[str, JSON]:
        deck = player.deck
        if "starter" not in deck:
            return dict(deck)
        name = deck["starter"]
        extra = {k: v for k, v in deck.items() if k != "starter"}
        fow_only = {"sideboard", "automatic_cards_in_hand"}
        if set(extra) - fow_only or (extra and not ruleset.startswith("FoW-")) or not isinstance(name, str):
            raise InvalidRequestError(
                f"{player.id}'s deck: give either {{'starter': name}} (with, in Force of Will, a 'sideboard' "
                "and 'automatic_cards_in_hand') or a deck list"
            )
        try:
            # cards owned outside the game besides the starter deck (FoW-5.5 3.16 p1), and whether its
            # player is asked about automatic cards in hand (9.6 p2): checked by the engine
            return {**self.catalogs.starter_deck(ruleset, name), **extra}
        except UnknownStarterDeckError as exc:
            raise InvalidRequestError(f"{player.id}'s deck: {exc}", "deck/unknown_starter") from None

    def submit(self, game_id: str, command: Command, expected_version: int | None = None) -> CommandResult:
        """Decide and record a command atomically, then let the players' standing
        instructions pass for them (docs/standing-instructions.md).

        A command id seen before returns the recorded answer again (even if
        ``expected_version`` is stale by now).  Raises ``GameNotFoundError``,
        ``VersionConflictError``, ``CommandRejectedError`` (nothing stored),
        ``CommandIdReusedError``, ``InvalidRequestError``."""
        from service import instructions  # imports this module

        if command.id and instructions.is_auto_command_id(command.id):
            raise InvalidRequestError(
                f"command ids starting {instructions.AUTO_PREFIX!r} are the service's own (standing instructions)",
                "command/reserved_id",
            )
        result = self._submit(game_id, command, expected_version)
        # The side log is read only when the game may wait for a pass: one store read saved
        # on every other command, in every game.
        if instructions.is_waiting_for_a_pass(self._peek_cached(game_id)):
            instructions.run_instructions(self, game_id)
        return result

    def _submit(self, game_id: str, command: Command, expected_version: int | None = None) -> CommandResult:
        """:meth:`submit` without the standing instructions (they submit through this)."""
        if not command.id:
            raise InvalidRequestError("a command needs an id (its idempotency key)")
        try:  # NaN and Infinity are not JSON: they would be stored, logged and exported as such
            canonical = _command_json(command)
        except ValueError:
            raise InvalidRequestError("command arguments must be JSON: no NaN or Infinity") from None
        except RecursionError:
            raise InvalidRequestError("command arguments must be JSON: nothing nested in itself") from None
        digest = hashlib.sha256(canonical.encode()).hexdigest()
        for attempt in range(MAX_SUBMIT_ATTEMPTS + 1):
            # The first attempt decides on this process's cached game without reading the
            # store.  It may be stale (another process wrote): then the append conflicts on
            # the version and the next attempt loads fresh.  Anything a stale game would
            # refuse is only answered after a fresh load.
            game, maybe_stale = self._game_for_command(game_id, optimistic=attempt == 0)
            if maybe_stale:
                self._check_head_stored(game)
            self._refuse_if_broken(game)
            based_on = game.version
            done = game.commands.get(command.id)
            if done is None and game.commands.may_be_older(command.id):
                done = self._stored_command(game, command.id)  # older than its snapshot lists
            if done is not None:
                if done["digest"] != digest:
                    raise CommandIdReusedError(command.id)
                first, last = done["first"], done["last"]
                seen = self._events_seen(game_id, first - 1, last - first + 1, command.player)
                return CommandResult(last, seen, self._receipt_at(game, last))
            if expected_version is not None and expected_version != game.version:
                if maybe_stale:
                    continue
                raise VersionConflictError(expected_version, game.version)
            self._require_player(game, command.player)
            engine = game.engine
            outcome = engine.decide(game.state, command)
            if isinstance(outcome, Rejection):
                if maybe_stale:
                    continue
                # Kept for judges in the game's own rejection log: the game's stream is untouched.
                record_attempt(self.app, game_id, command, outcome, game.version, self.clock())
                raise CommandRejectedError(outcome)
            seen_by_players: list[tuple[tuple[Any, ...], Event]] = []
            recorded = game.record(
                outcome,
                command.id,
                digest,
                command,
                canonical,
                self.chain_keys,
                command.player,
                game.player_ids,
                seen_by_players,
            )
            if not recorded:
                return CommandResult(game.version, [], self._receipt_at(game, game.version))
            try:
                self.app.record(game, notify=False)
            except IntegrityError:
                continue  # another writer won: check idempotency and the version again
            try:
                # Only once stored: each player's stream (and /events) then reads these events
                # from the cache, with no load of the game at the version before them.
                for key, shown in seen_by_players:
                    self._event_cache.put(key, shown)
                receipt = self._acknowledge(game)
                result = CommandResult(game.version, [seen for _, seen in recorded], receipt)
                self._remember(game)  # only now: nothing else may touch the states redacted above
            finally:
                # Streams woken only now find the game cached at this version: woken before,
                # they loaded it from the store (the cached copy's state copied and the new
                # events replayed) while this thread was still finishing.
                self.app.notifier.published(game.game_id, game.version)
            return result
        raise VersionConflictError(based_on, self._load(game_id).version)

    # ----------------------------------------------------------------------------- reads

    def legal_actions(self, game_id: str, player: str, at: int | None = None) -> LegalActions:
        """``player``'s legal actions and their labels, now or just after event ``at`` (what
        that player could do then: built from the state of that version, as the player saw it)."""
        game = self._load_at(game_id, at)
        self._require_player(game, player)
        key = (game.id, game.version, game.__dict__.get("chain_head", ""), player)
        cached = self._legal_cache.get(key)
        if cached is None:
            actions = game.engine.legal_actions(game.state, player)
            label = getattr(game.engine, "label", None)
            labels = [label(game.state, c) if label is not None else c.type for c in actions]
            cached = (actions, labels)
            self._legal_cache.put(key, cached)
        return LegalActions(game.version, list(cached[0]), self.integrity.status(game.id), list(cached[1]))

    def view(self, game_id: str, viewer: str | None, at: int | None = None) -> GameView:
        """The game as ``viewer`` (a player id, ``None`` for a judge) sees it, now or just
        after event ``at``."""
        game = self._load_at(game_id, at)
        if viewer is not None:
            self._require_player(game, viewer)
        key = (game.id, game.version, game.__dict__.get("chain_head", ""), viewer)
        shown = self._view_cache.get(key)
        if shown is None:
            engine = game.engine
            is_finished: Callable[[Any], bool] | None = getattr(engine, "is_finished", None)
            shown = (None if is_finished is None else is_finished(game.state), engine.view(game.state, viewer))
            self._view_cache.put(key, shown)
        setup = self._header(game_id).setup
        origin = (setup or {}).get("forked_from")
        return GameView(
            game_id=game.game_id,
            ruleset=game.ruleset,
            variant=game.variant,
            version=game.version,
            players=game.players,
            finished=shown[0],
            state=shown[1],
            **_randomness_of(setup),
            integrity=self.integrity.status(game.id),
            forked_from=dict(origin) if isinstance(origin, dict) else None,
        )

    def decision_view(self, game_id: str, viewer: str | None) -> GameView:
        """What a stream's ``decision`` message reads (service/stream.py): the game's version,
        whether it is finished, its integrity and whose decision is next, of which kind, without
        building ``viewer``'s whole view (``state`` holds only ``pending``, as the view gives
        it: ``{"kind", "player"}`` or ``None``).  An engine whose state names no such pending
        decision gets the whole view."""
        game = self._load(game_id)
        if viewer is not None:
            self._require_player(game, viewer)
        pending = getattr(game.state, "pending", _NO_PENDING)
        if pending is _NO_PENDING or not (pending is None or (hasattr(pending, "kind") and hasattr(pending, "player"))):
            return self.view(game_id, viewer)
        is_finished: Callable[[Any], bool] | None = getattr(game.engine, "is_finished", None)
        return GameView(
            game_id=game.game_id,
            ruleset=game.ruleset,
            variant=game.variant,
            version=game.version,
            players=game.players,
            finished=None if is_finished is None else is_finished(game.state),
            state={"pending": None if pending is None else {"kind": pending.kind, "player": pending.player}},
            integrity=self.integrity.status(game.id),
        )

    def events(self, game_id: str, after: int = 0, limit: int | None = None, viewer: str | None = None) -> list[Event]:
        """Events with ``seq > after`` (at most ``limit``), as ``viewer`` may see them."""
        if viewer is None:
            lead = 1 if after > 0 else 0  # event ``after`` too: its link is where the check starts
            stored = list(self.app.events.get(game_uuid(game_id), gt=after - lead, limit=limit and limit + lead))
            previous = ""
            if lead and stored and stored[0].originator_version == after:
                previous = getattr(stored.pop(0), "chain_hash", "")
            if not stored:
                self._header(game_id)  # raises if there is no such game
            self._check_events(previous, after, stored)
            return [_domain_event(e) for e in stored]
        return self._events_seen(game_id, after, limit, viewer)

    def _stored_command(self, game: Game, command_id: str) -> dict[str, Any] | None:
        """The index entry of a command a bounded snapshot no longer lists (its filter said
        "perhaps"), read from the game's stored events up to ``game``'s version: ``None``
        if no stored event carries ``command_id`` (the filter's false positive)."""
        done: dict[str, Any] | None = None
        for stored in self.app.events.get(game.id, lte=game.version):
            if getattr(stored, "command_id", None) != command_id:
                continue
            seq = cast(Any, stored).event["seq"]
            if done is None:
                done = {"first": seq, "digest": cast(Any, stored).command_digest}
            done["last"] = seq
        return done

    def _events_seen(self, game_id: str, after: int, limit: int | None, viewer: str) -> list[Event]:
        """Each event redacted once per viewer and cached by (game, seq, its chain hash,
        viewer): a window whose events were all seen before needs no load, only the read of
        its rows (and of event ``after``, whose link is where the check starts)."""
        gid = game_uuid(game_id)
        lead = 1 if after > 0 else 0
        rows = list(self.app.events.get(gid, gt=after - lead, limit=limit and limit + lead))
        if not lead or (rows and rows[0].originator_version == after):
            previous = getattr(rows.pop(0), "chain_hash", "") if lead else ""
            if not rows:  # nothing new: a player of the game needs no load to learn that
                header = self._header(game_id)
                if viewer not in {p["id"] for p in header.players}:
                    raise InvalidRequestError(f"{viewer!r} does not play in game {game_id!r}", "game/unknown_player")
                return []
            cache = self._event_cache
            hits = [cache.get((gid, r.originator_version, getattr(r, "chain_hash", ""), viewer)) for r in rows]
            if all(h is not None for h in hits):
                self._check_events(previous, after, rows)
                return cast(list[Event], hits)
        return self._redact_window(game_id, after, limit, viewer)

    def _redact_window(self, game_id: str, after: int, limit: int | None, viewer: str) -> list[Event]:
        game = self._load(game_id, version=max(after, 1))
        self._require_player(game, viewer)
        engine, state = game.engine, game.state
        in_place: Callable[[Any, Event], None] | None = getattr(engine, "evolve_in_place", None)
        private = False  # the loaded state is shared with other copies until evolved once
        out: list[Event] = []
        rows = list(self.app.events.get(game.id, gt=after, limit=limit))
        self._check_events(cast(str, game.__dict__.get("chain_head", "")) if after else "", after, rows)
        for stored in rows:
            key = (game.id, stored.originator_version, getattr(stored, "chain_hash", ""), viewer)
            e = _domain_event(stored)
            if e.seq > game.version:
                if private and in_place is not None:
                    in_place(state, _fresh(e.to_dict()))
                else:
                    state, private = engine.evolve(state, _fresh(e.to_dict())), True
            cached = self._event_cache.get(key)
            if cached is None:
                cached = redact_event(engine, state, e, viewer)
                self._event_cache.put(key, cached)
            out.append(cached)
        return out

    def authenticate(self, game_id: str, token: str) -> Principal:
        """The judge (``ADJUDICATOR_JUDGE_TOKEN``), a judge of the game's platform or the
        player a token was issued to (a platform judge token of another platform answers
        ``GameNotFoundError``, as for a game that does not exist; docs/platform-accounts.md).
        Raises ``AuthError``: ``auth/token_expired`` for a player's current token older
        than the token lifetime, ``auth/invalid_token`` for any other token (including
        one a judge has replaced, or reissued without a valid seal); ``ChainBrokenError``
        for a player of a game whose header fails verification.  Tokens of a game still
        awaiting entropy work too."""
        header = self._token_header(game_id)
        if hmac.compare_digest(token.encode(), self.settings.judge_token.encode()):
            return Principal("judge")
        owner, creator_key = platform_of(getattr(header, "setup", None))
        if is_judge_token(token):  # a platform's judge: its own platform's games only
            key = self.platforms.verify(token, "judge")
            if key.platform != owner:
                raise GameNotFoundError(game_id)  # as for a game that does not exist
            self.platforms.throttle(key)
            return Principal("judge", platform=key.platform)
        found = self.integrity.broken(header.originator_id)
        if found is not None and found.get("broken_at") == 1:  # the token hashes cannot be trusted
            raise ChainBrokenError(game_id, dict(found))
        digest = _token_hash(token)
        for player, current in self._tokens(game_id, header).items():
            if hmac.compare_digest(digest, current.token_hash):
                expires_at = current.issued_at + self._token_lifetime
                if self.clock() >= expires_at:
                    raise AuthError(
                        f"the token of {player!r} for game {game_id!r} expired at {expires_at.isoformat()}; "
                        "a judge can issue a new one",
                        "auth/token_expired",
                    )
                if creator_key is not None:  # a platform's player: counted against its key
                    self.platforms.throttle_id(creator_key)
                return Principal("player", player)
        raise AuthError(f"the token is not valid for game {game_id!r}")

    def reissue_token(self, game_id: str, player: str) -> IssuedToken:
        """A new token for ``player`` (for judges: a lost or expired token); the player's
        previous token stops working at once, in every process.  Raises
        ``GameNotFoundError``, ``InvalidRequestError`` (``game/unknown_player``)."""
        header = self._token_header(game_id)
        if player not in header.token_hashes:
            raise InvalidRequestError(f"{player!r} does not play in game {game_id!r}", "game/unknown_player")
        token = secrets.token_urlsafe(32)
        for _ in range(MAX_SUBMIT_ATTEMPTS):
            issued_at = self.clock()
            try:
                credentials = cast(Credentials, self.app.repository.get(credentials_id(game_id)))
            except AggregateNotFoundError:  # a game from before tokens expired
                credentials = Credentials(game_id=game_id, issued_at=header.timestamp.isoformat())
            token_hash, at = _token_hash(token), issued_at.isoformat()
            seal = self.chain_keys.seal("credentials/reissued", game_id, player, token_hash, at)
            credentials.reissue(player=player, token_hash=token_hash, issued_at=at, seal=seal)
            try:
                self.app.save(credentials)
            except IntegrityError:
                continue  # another judge reissued a token of this game at the same time
            self.credentials.invalidate(game_id)  # the previous token stops working here at once
            return IssuedToken(game_id, player, token, issued_at + self._token_lifetime)
        raise VersionConflictError(credentials.version, credentials.version + 1)

    @property
    def _token_lifetime(self) -> timedelta:
        return timedelta(seconds=self.settings.token_lifetime_seconds)

    def _tokens(self, game_id: str, header: Game.Created | Deal.Created) -> dict[str, PlayerToken]:
        """The players' current tokens: cached with the version of the credentials stream
        they were read at, read again only when that version changed (service/read_cache.py),
        so a token reissued by any process stops working at once."""
        cid = credentials_id(game_id)

        def head_version() -> int:
            rows = self.app.recorder.select_events(cid, desc=True, limit=1)
            return rows[0].originator_version if rows else 0

        return self.credentials.get(game_id, head_version, lambda: self._read_tokens(game_id, header))

    def _read_tokens(self, game_id: str, header: Game.Created | Deal.Created) -> tuple[int, dict[str, PlayerToken]]:
        stored = list(self.app.events.get(credentials_id(game_id)))
        keys = self.chain_keys

        def sealed(e: Any) -> bool:
            return keys.check_seal(e.seal, "credentials/reissued", game_id, e.player, e.token_hash, e.issued_at)

        version = stored[-1].originator_version if stored else 0
        return version, current_tokens(header.token_hashes, header.timestamp, stored, sealed)

    # --------------------------------------------------------------------------- helpers

    def _load_at(self, game_id: str, at: int | None) -> Game:
        """The game now, or just after event ``at``: a version it does not have is refused."""
        if at is not None and at < 1:
            raise InvalidRequestError(f"version must be >= 1; got {at}", "game/no_such_version")
        game = self._load(game_id, version=at)
        if at is not None and game.version != at:
            raise InvalidRequestError(
                f"game {game_id!r} has no version {at}; it is at version {game.version}", "game/no_such_version"
            )
        return game

    def _load(self, game_id: str, version: int | None = None) -> Game:
        """The game (now, or just after event ``version``), its links checked as they are
        read (``_project``); a game whose store is behind what this process acknowledged
        is marked truncated."""
        gid = game_uuid(game_id)
        # Read before the load: a head acknowledged while the load reads may be newer than
        # what it read (the write was committed before it was acknowledged, never after).
        acked = self.integrity.acknowledged(gid)
        try:
            game: Game = self.app.repository.get(gid, version=version, projector_func=self._project)
        except AggregateNotFoundError:
            if acked is not None:
                self.integrity.mark_broken(
                    gid, 1, truncated_reason(0, acked), stored_version=0, acknowledged_version=acked[0]
                )
            if self.integrity.broken(gid) is None:
                raise self._missing(game_id) from None
            raise ChainBrokenError(game_id, self.integrity.status(gid)) from None
        if version is None and acked is not None and game.version < acked[0]:
            self.integrity.mark_broken(
                gid,
                game.version + 1,
                truncated_reason(game.version, acked),
                stored_version=game.version,
                acknowledged_version=acked[0],
            )
        return game

    def integrity_of(self, game_id: str) -> dict[str, Any]:
        """What this process knows of the game's integrity (its links read so far checked):
        ``{"status": "intact" | "broken", "broken_at", "reason", ...}``."""
        self._load(game_id)
        return self.integrity.status(game_uuid(game_id))

    def _check_head_stored(self, game: Game) -> None:
        """A cached game decides without loading: check (one indexed read, no decoding)
        that the store still holds its newest event, so a store whose last events were
        deleted or rolled back is marked broken before a command is appended after the gap.
        A store that is ahead (another process wrote) is fine: the append then conflicts."""
        version = game.version
        rows = self.app.recorder.select_events(game.id, gt=version - 1, limit=1)
        if not rows or rows[0].originator_version != version:
            stored = list(self.app.recorder.select_events(game.id, desc=True, limit=1))
            held = stored[0].originator_version if stored else 0
            head = cast(str, game.__dict__.get("chain_head", ""))
            self.integrity.mark_broken(
                game.id,
                held + 1,
                truncated_reason(held, (version, head)),
                stored_version=held,
                acknowledged_version=version,
            )

    def _refuse_if_broken(self, game: Game) -> None:
        found = self.integrity.broken(game.id)
        if found is not None:
            raise ChainBrokenError(game.game_id, dict(found))

    def _acknowledge(self, game: Game) -> Receipt:
        """Remember the head just recorded and sign a receipt of it."""
        head = cast(str, game.__dict__.get("chain_head", ""))
        self.integrity.acknowledge(game.id, game.version, head)
        receipt = self.chain_keys.receipt(game.game_id, game.version, head)
        if self.witness is not None:
            self.witness.append(receipt)
        return receipt

    def _receipt_at(self, game: Game, version: int) -> Receipt:
        """A receipt of the stored head at ``version`` (a command answered again)."""
        if version == game.version:
            head = cast(str, game.__dict__.get("chain_head", ""))
        else:
            stored = list(self.app.events.get(game.id, gt=version - 1, lte=version))
            head = getattr(stored[0], "chain_hash", "") if stored else ""
        return self.chain_keys.receipt(game.game_id, version, head)

    def _project(self, game: Game | None, events: Iterable[Any]) -> Game | None:
        """eventsourcing's ``project_aggregate`` without its per-event ``isinstance`` check
        against a runtime Protocol (which cost as much as the rest of a replay), checking
        every link read (service/integrity.py).  It also applies the new events to a cached
        game (fast-forward), so it holds ``_CACHE_LOCK``: the repository copies the cached
        game after releasing its own lock, and the copy (``Game.__deepcopy__``) must never
        see half an event applied.

        A cold load checks the stream from the start (or from a snapshot whose MAC
        verifies; another snapshot is refused and the events it summarises are replayed
        instead), a fast-forward only the new events, from the cached game's verified head.
        A link that does not verify marks the game broken in :attr:`integrity` (the events
        are still applied, so views show what is stored, saying it is broken); a missing
        event stops the load there."""
        keys, monitor = self.chain_keys, self.integrity
        with _CACHE_LOCK:
            for e in events:
                gid = e.originator_id
                if isinstance(e, BaseSnapshot):
                    problem = keys.check_snapshot(gid, e.originator_version, cast(Any, e).state)
                    if problem is None and game is None:
                        game = cast(Game, e.mutate(None))
                        continue
                    if problem is not None and problem != "unsigned":
                        monitor.mark_broken(gid, None, problem, snapshot=e.originator_version)
                    for old in self.app.events.get(gid, lte=e.originator_version):  # refused: replay instead
                        game, ok = self._apply_checked(game, old)
                        if not ok:
                            return game
                    continue
                game, ok = self._apply_checked(game, e)
                if not ok:
                    break
        return game

    def _apply_checked(self, game: Game | None, e: Any) -> tuple[Game | None, bool]:
        """Check ``e``'s link against ``game``'s head and apply it; ``False``: stop here."""
        monitor = self.integrity
        if monitor.broken(e.originator_id) is None:
            expected = 1 if game is None else game.version + 1
            previous = "" if game is None else cast(str, game.__dict__.get("chain_head", ""))
            if self._check_event(previous, expected, e):
                return cast(Game, e.mutate(game)), True
            if e.originator_version != expected:
                return game, False  # a gap: nothing after it can be applied
        try:  # a broken stream: what is stored, as far as it can be applied
            return cast(Game, e.mutate(game)), True
        except Exception as exc:
            version = e.originator_version
            monitor.mark_broken(
                e.originator_id, version, f"stored event {version} cannot be applied: {type(exc).__name__}"
            )
            return game, False

    def _check_event(self, previous: str, expected: int, e: Any) -> bool:
        """Whether stored event ``e`` is event ``expected`` linked to ``previous`` (and, at
        the version this process acknowledged, the head it acknowledged); if not, the game
        is marked broken."""
        gid, version, monitor = e.originator_id, e.originator_version, self.integrity
        if version != expected:
            monitor.mark_broken(
                gid, expected, f"stored event {expected} is missing (event {version} is stored in its place)"
            )
            return False
        stored = getattr(e, "chain_hash", "")
        if stored:
            check = self.chain_keys.check_link(
                stored, previous, gid, version, e.timestamp, vars(e), after_keyed=is_keyed(previous)
            )
            if not check.ok:
                monitor.mark_broken(gid, version, check.reason)
                return False
        elif previous:
            monitor.mark_broken(gid, version, f"stored event {version} has lost its chain hash")
            return False
        acked = monitor.acknowledged(gid)
        if acked is not None and acked[0] == version and acked[1] != stored:
            monitor.mark_broken(
                gid,
                version,
                f"stored event {version} is not the one this process acknowledged (head {acked[1]}): it was rewritten",
            )
            return False
        return True

    def _check_events(self, previous: str, after: int, stored: Sequence[Any]) -> None:
        """Check the links of stored events ``after + 1, ...`` read for a view (events
        behind a snapshot are not read by loads), from the link ``previous`` of event
        ``after``; stops at the first finding (or once the game is known broken)."""
        expected = after + 1
        for e in stored:
            if self.integrity.broken(e.originator_id) is not None or not self._check_event(previous, expected, e):
                return
            previous, expected = getattr(e, "chain_hash", ""), expected + 1

    def _game_for_command(self, game_id: str, optimistic: bool) -> tuple[Game, bool]:
        """A copy of the game to decide on, and whether it may be stale: optimistically
        this process's cached copy (no read from the store), else a fresh load."""
        cache = self.app.repository.cache
        if optimistic and cache is not None:
            with _CACHE_LOCK:
                try:
                    cached = cast(Game, cache.get(game_uuid(game_id)))
                except KeyError:
                    pass
                else:
                    return cached._copy(), True  # what copy.deepcopy(cached) returns
        return self._load(game_id), False

    def _peek_cached(self, game_id: str) -> Game | None:
        """This process's cached copy of the game, not copied: to read only, never to change."""
        cache = self.app.repository.cache
        if cache is None:
            return None
        with _CACHE_LOCK:
            try:
                return cast(Game, cache.get(game_uuid(game_id)))
            except KeyError:
                return None

    def _remember(self, game: Game) -> None:
        """Cache a game just recorded (the repository's cache is otherwise only filled by
        loads), unless a newer copy is cached already."""
        cache = self.app.repository.cache
        if cache is None:
            return
        with _CACHE_LOCK:
            try:
                current: Game | None = cast(Game, cache.get(game.id))
            except KeyError:
                current = None
            if current is None or current.version < game.version:
                cache.put(game.id, game)

    def _header(self, game_id: str) -> Game.Created:
        """The created event alone: cheaper than loading the game, and cached (it is never
        changed once stored).  Its link is checked when it is read (it holds the players'
        token hashes): one that fails marks the game broken at event 1."""
        with self._headers_lock:
            cached = self._headers.get(game_id)
            if cached is not None:
                self._headers.move_to_end(game_id)
                return cached
        for e in self.app.events.get(game_uuid(game_id), lte=1):
            header = cast(Game.Created, e)
            if self.integrity.broken(header.originator_id) is None:
                self._check_event("", 1, header)
            with self._headers_lock:
                self._headers[game_id] = header
                if len(self._headers) > HEADER_CACHE_SIZE:
                    self._headers.popitem(last=False)
            return header
        raise self._missing(game_id)

    def _token_header(self, game_id: str) -> Game.Created | Deal.Created:
        """What authenticates a game's players: its header, or its deal's while it awaits
        entropy (the same token hashes)."""
        try:
            return self._header(game_id)
        except AwaitingEntropyError:
            for e in self.app.events.get(deal_id(game_id), lte=1):
                return cast(Deal.Created, e)
            raise GameNotFoundError(game_id) from None

    @staticmethod
    def _require_player(game: Game, player: str) -> None:
        if player not in game.player_ids:
            raise InvalidRequestError(f"{player!r} does not play in game {game.game_id!r}", "game/unknown_player")


def _randomness_of(setup: Mapping[str, Any] | None) -> dict[str, Any]:
    """How a game's shuffle seed was chosen, from its header's setup (docs/randomness.md)."""
    kind = (setup or {}).get("randomness")
    if kind == "contributed":
        return {"randomness": "contributed", "server_seed_commitment": (setup or {}).get("server_seed_commitment")}
    if kind == "client_seeded":
        return {"randomness": "client_seeded"}
    return {"randomness": "server"}


def _domain_event(stored: object) -> Event:
    if isinstance(stored, Game.Created):
        return Event.from_dict(stored.first_event)
    return Event.from_dict(cast(Game.Happened, stored).event)
