"""Platform accounts: the API keys and judge tokens the operator issues to platforms, their
rate limits and their daily quotas of new games (docs/platform-accounts.md).

A **platform** is a name (``ID_PATTERN``).  The operator issues it keys of two kinds:

* ``api`` keys (``tcgp_<key id>_<secret>``): creating a game needs one when
  :attr:`Settings.api_key_required`; the game records the platform and the key id in its
  setup (covered by its hash chain), so old games, without them, belong to no platform;
* ``judge`` tokens (``tcgj_<key id>_<secret>``): a judge of that platform, who reads and
  rules on the platform's games only (any other game answers ``game/not_found``).

Each key is one :class:`PlatformKey` aggregate of its own (a stream keyed by the key id,
which the key carries in clear, so a key is checked with one read and no scan).  Only the
SHA-256 hash of the whole key is stored: the secret is 32 random bytes, so a fast hash is
enough (nothing to brute-force), and it is compared in constant time.  A key is read from
the store on every use, so a revocation applies at once in every process.

Rate limits are a token bucket per key **in each process** (:class:`RateLimiter`): with
N processes a key may make up to N times its rate.  Daily quotas are counted **in the
store** (one :class:`KeyUsage` stream per key and UTC day), so they hold across processes;
requests racing at the limit may each pass the check before the others are counted.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Literal, cast
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import IntegrityError
from eventsourcing.utils import get_topic, register_topic

from service.errors import AuthError, InvalidRequestError, RateLimitedError, ServiceError
from service.rejections import Clock

__all__ = [
    "API_KEY_PREFIX",
    "JUDGE_TOKEN_PREFIX",
    "IssuedKey",
    "KeyInfo",
    "KeyUsage",
    "Limits",
    "PlatformKey",
    "PlatformKeys",
    "RateLimiter",
    "is_api_key",
    "is_judge_token",
    "platform_of",
]

KeyKind = Literal["api", "judge"]
API_KEY_PREFIX = "tcgp_"
JUDGE_TOKEN_PREFIX = "tcgj_"
_PREFIX: dict[str, str] = {"api": API_KEY_PREFIX, "judge": JUDGE_TOKEN_PREFIX}
_KEYS = uuid5(NAMESPACE_URL, "urn:tcg-adjudicator:platform-keys")
_USAGE = uuid5(NAMESPACE_URL, "urn:tcg-adjudicator:platform-key-usage")
_KEY_ID_HEX = 16
MAX_LIST = 10_000
"""Most keys ``list_keys`` returns."""


def key_uuid(key_id: str) -> UUID:
    return uuid5(_KEYS, key_id)


def usage_uuid(key_id: str, day: str) -> UUID:
    return uuid5(_USAGE, f"{key_id}/{day}")


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def is_api_key(token: str) -> bool:
    return token.startswith(API_KEY_PREFIX)


def is_judge_token(token: str) -> bool:
    return token.startswith(JUDGE_TOKEN_PREFIX)


def platform_of(setup: Any) -> tuple[str | None, str | None]:
    """The platform and the key id a game's (or deal's) setup records (``(None, None)``:
    a game of no platform, e.g. created before platforms or in open mode without a key)."""
    if not isinstance(setup, dict):
        return None, None
    platform, key_id = setup.get("platform"), setup.get("platform_key")
    return (platform if isinstance(platform, str) else None), (key_id if isinstance(key_id, str) else None)


class PlatformKey(Aggregate):
    """One key issued to a platform: its hash, kind and limits, and its revocation."""

    TOPIC = "adjudicator:PlatformKey"

    class Created(Aggregate.Created):
        TOPIC = "adjudicator:PlatformKey.Created"
        key_id: str
        platform: str
        kind: str
        key_hash: str
        issued_at: str
        rate_per_second: float | None
        burst: int | None
        daily_games: int | None
        """``None``: the settings' defaults, read when the key is used."""

    class Revoked(Aggregate.Event):
        TOPIC = "adjudicator:PlatformKey.Revoked"
        revoked_at: str

    @staticmethod
    def create_id(key_id: str) -> UUID:
        return key_uuid(key_id)

    @event(Created)
    def __init__(
        self,
        key_id: str,
        platform: str,
        kind: str,
        key_hash: str,
        issued_at: str,
        rate_per_second: float | None = None,
        burst: int | None = None,
        daily_games: int | None = None,
    ) -> None:
        self.key_id = key_id
        self.platform = platform
        self.kind = kind
        self.key_hash = key_hash
        self.issued_at = issued_at
        self.rate_per_second = rate_per_second
        self.burst = burst
        self.daily_games = daily_games
        self.revoked_at: str | None = None

    @event(Revoked)
    def revoke(self, revoked_at: str) -> None:
        self.revoked_at = revoked_at


class KeyUsage(Aggregate):
    """The games one API key created on one UTC day (its version - 1 is the count)."""

    TOPIC = "adjudicator:KeyUsage"

    class Created(Aggregate.Created):
        TOPIC = "adjudicator:KeyUsage.Created"
        key_id: str
        day: str

    class Counted(Aggregate.Event):
        TOPIC = "adjudicator:KeyUsage.Counted"
        game_id: str

    @staticmethod
    def create_id(key_id: str, day: str) -> UUID:
        return usage_uuid(key_id, day)

    @event(Created)
    def __init__(self, key_id: str, day: str) -> None:
        self.key_id = key_id
        self.day = day

    @event(Counted)
    def count(self, game_id: str) -> None:
        pass


for _cls in (PlatformKey, PlatformKey.Created, PlatformKey.Revoked, KeyUsage, KeyUsage.Created, KeyUsage.Counted):
    register_topic(_cls.TOPIC, _cls)


@dataclass(frozen=True, slots=True)
class Limits:
    rate_per_second: float
    """Requests per second (the bucket's refill); ``0``: unlimited."""
    burst: int
    """The bucket's size."""
    daily_games: int
    """Games created per UTC day; ``0``: unlimited."""


@dataclass(frozen=True, slots=True)
class KeyInfo:
    """What the store says of a key (never the key itself)."""

    key_id: str
    platform: str
    kind: str
    issued_at: str
    revoked_at: str | None
    rate_per_second: float | None
    burst: int | None
    daily_games: int | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "key_id": self.key_id,
            "platform": self.platform,
            "kind": self.kind,
            "issued_at": self.issued_at,
            "revoked_at": self.revoked_at,
            "rate_per_second": self.rate_per_second,
            "burst": self.burst,
            "daily_games": self.daily_games,
        }


@dataclass(frozen=True, slots=True)
class IssuedKey:
    """A new key, shown once: only its hash is stored."""

    info: KeyInfo
    key: str


@dataclass(slots=True)
class _Bucket:
    tokens: float
    at: float


@dataclass
class RateLimiter:
    """A token bucket per key, in this process (see the module docstring)."""

    monotonic: Callable[[], float] = time.monotonic
    _buckets: dict[str, _Bucket] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def take(self, key_id: str, rate: float, burst: int) -> float:
        """Take one token of ``key_id``'s bucket: ``0.0`` when there was one, else the
        seconds until there is."""
        if rate <= 0:
            return 0.0
        size = max(1, burst)
        now = self.monotonic()
        with self._lock:
            bucket = self._buckets.get(key_id)
            if bucket is None:
                bucket = self._buckets[key_id] = _Bucket(float(size), now)
            bucket.tokens = min(float(size), bucket.tokens + (now - bucket.at) * rate)
            bucket.at = now
            if bucket.tokens >= 1.0:
                bucket.tokens -= 1.0
                return 0.0
            return (1.0 - bucket.tokens) / rate


class PlatformKeys:
    """Issue, list, check and revoke platform keys; throttle and count their use."""

    def __init__(self, app: Application[UUID], defaults: Limits, clock: Clock) -> None:
        self.app = app
        self.defaults = defaults
        self.clock = clock
        self.limiter = RateLimiter()
        self._limits: dict[str, Limits] = {}
        """Each key's limits (never changed once issued), read once per process."""

    # ------------------------------------------------------------------ operator

    def issue(
        self,
        platform: str,
        kind: KeyKind = "api",
        rate_per_second: float | None = None,
        burst: int | None = None,
        daily_games: int | None = None,
    ) -> IssuedKey:
        from service.app import ID_PATTERN  # the same ids as games and players

        if not ID_PATTERN.fullmatch(platform):
            raise InvalidRequestError(f"platform name {platform!r} must match {ID_PATTERN.pattern}")
        if kind not in _PREFIX:
            raise InvalidRequestError(f"key kind must be api or judge; got {kind!r}")
        for name, value in (("rate_per_second", rate_per_second), ("burst", burst), ("daily_games", daily_games)):
            if value is not None and (value < 0 or not math.isfinite(value)):
                raise InvalidRequestError(f"{name} must be >= 0; got {value!r}")
        key_id = secrets.token_hex(_KEY_ID_HEX // 2)
        key = f"{_PREFIX[kind]}{key_id}_{secrets.token_urlsafe(32)}"
        record = PlatformKey(
            key_id=key_id,
            platform=platform,
            kind=kind,
            key_hash=key_hash(key),
            issued_at=self.clock().isoformat(),
            rate_per_second=None if rate_per_second is None else float(rate_per_second),
            burst=burst,
            daily_games=daily_games,
        )
        self.app.save(record)
        return IssuedKey(_info(record), key)

    def list_keys(self, platform: str | None = None) -> list[KeyInfo]:
        """Every key issued (revoked ones too), oldest first."""
        topic = get_topic(PlatformKey.Created)
        found: list[KeyInfo] = []
        start = 1
        while len(found) < MAX_LIST:
            rows = self.app.recorder.select_notifications(start=start, limit=500, topics=(topic,))
            if not rows:
                break
            for row in rows:
                issued = cast(PlatformKey.Created, self.app.mapper.to_domain_event(row))
                if platform is None or issued.platform == platform:
                    found.append(_info(self._get(issued.key_id)))
            start = rows[-1].id + 1
        return found

    def revoke(self, key_id: str) -> KeyInfo:
        """Revoke a key (at once, in every process).  Revoking a revoked key changes
        nothing.  Raises ``InvalidRequestError`` (``platform/no_such_key``)."""
        for _ in range(5):
            try:
                record = self._get(key_id)
            except AggregateNotFoundError:
                raise InvalidRequestError(f"no key {key_id!r}", "platform/no_such_key") from None
            if record.revoked_at is not None:
                return _info(record)
            record.revoke(revoked_at=self.clock().isoformat())
            try:
                self.app.save(record)
            except IntegrityError:
                continue
            return _info(record)
        raise ServiceError(f"key {key_id!r} is being changed concurrently; try again")

    # ------------------------------------------------------------------ callers

    def verify(self, key: str, kind: KeyKind) -> KeyInfo:
        """The key's record, if ``key`` is a current key of ``kind``.  Raises ``AuthError``:
        ``auth/api_key_revoked`` only for the exact secret of a revoked key (so only a
        holder of the key learns it was revoked), ``auth/api_key_unknown`` for anything
        else, a known key id with a wrong secret included (nothing tells which ids exist)."""
        what = "API key" if kind == "api" else "platform judge token"
        unknown = AuthError(f"the {what} is not known to this server", "auth/api_key_unknown")
        prefix = _PREFIX[kind]
        if not key.startswith(prefix):
            raise unknown
        key_id, sep, _ = key[len(prefix) :].partition("_")
        if not sep or len(key_id) != _KEY_ID_HEX or not all(c in "0123456789abcdef" for c in key_id):
            raise unknown
        try:
            record = self._get(key_id)
        except AggregateNotFoundError:
            raise unknown from None
        if record.kind != kind or not hmac.compare_digest(key_hash(key), record.key_hash):
            raise unknown
        if record.revoked_at is not None:
            raise AuthError(
                f"the {what} was revoked at {record.revoked_at}; ask the operator for a new one",
                "auth/api_key_revoked",
            )
        return _info(record)

    def limits(self, info: KeyInfo) -> Limits:
        d = self.defaults
        return Limits(
            d.rate_per_second if info.rate_per_second is None else info.rate_per_second,
            d.burst if info.burst is None else info.burst,
            d.daily_games if info.daily_games is None else info.daily_games,
        )

    def throttle(self, info: KeyInfo) -> None:
        """Take one request from the key's bucket.  Raises ``RateLimitedError``."""
        self._limits.setdefault(info.key_id, self.limits(info))
        self.throttle_id(info.key_id)

    def throttle_id(self, key_id: str) -> None:
        """Take one request from the bucket of ``key_id`` (a player of a game it created):
        its limits are read once per process; a key no longer in the store is not limited."""
        limits = self._limits.get(key_id)
        if limits is None:
            try:
                limits = self.limits(_info(self._get(key_id)))
            except AggregateNotFoundError:
                return
            self._limits[key_id] = limits
        wait = self.limiter.take(key_id, limits.rate_per_second, limits.burst)
        if wait > 0:
            raise RateLimitedError(
                f"too many requests for this platform key (at most {limits.rate_per_second:g}/s, "
                f"bursts of {limits.burst}); retry after {math.ceil(wait)} s",
                "rate/limited",
                max(1, math.ceil(wait)),
            )

    def check_quota(self, info: KeyInfo) -> None:
        """Refuse a new game past the key's daily quota.  Raises ``RateLimitedError``
        (``rate/daily_quota``, retry after the next UTC midnight)."""
        quota = self.limits(info).daily_games
        if quota <= 0:
            return
        now = self.clock().astimezone(UTC)
        if self.games_today(info.key_id, now) >= quota:
            midnight = datetime(now.year, now.month, now.day, tzinfo=UTC) + timedelta(days=1)
            raise RateLimitedError(
                f"this key created its {quota} games of today (UTC); retry after {midnight.isoformat()}",
                "rate/daily_quota",
                max(1, math.ceil((midnight - now).total_seconds())),
            )

    def games_today(self, key_id: str, now: datetime | None = None) -> int:
        day = (now or self.clock()).astimezone(UTC).date().isoformat()
        rows = self.app.recorder.select_events(usage_uuid(key_id, day), desc=True, limit=1)
        return rows[0].originator_version - 1 if rows else 0

    def count_game(self, key_id: str, game_id: str) -> None:
        """Count one game created with the key today (after the game was stored)."""
        day = self.clock().astimezone(UTC).date().isoformat()
        for _ in range(20):
            try:
                usage = cast(KeyUsage, self.app.repository.get(usage_uuid(key_id, day)))
            except AggregateNotFoundError:
                usage = KeyUsage(key_id=key_id, day=day)
            usage.count(game_id=game_id)
            try:
                self.app.save(usage)
            except IntegrityError:
                continue  # another creation with this key was counted first
            return

    def _get(self, key_id: str) -> PlatformKey:
        return cast(PlatformKey, self.app.repository.get(key_uuid(key_id)))


def _info(record: PlatformKey) -> KeyInfo:
    return KeyInfo(
        record.key_id,
        record.platform,
        record.kind,
        record.issued_at,
        record.revoked_at,
        record.rate_per_second,
        record.burst,
        record.daily_games,
    )
