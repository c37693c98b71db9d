"""Caches for polled reads (legal actions, redacted views, redacted events) and for
player credentials, per process.

A polled read's answer is a pure function of the game's stored events up to a version and
of who asks, so each entry is keyed by ``(game, version, chain head, viewer, ...)``: a new
command makes a new version, whose key simply misses, and a stream rewritten in the store
has another head.  A viewer is always part of the key: one viewer's entry is never another's
answer.  The caches are bounded (least recently used entries go first) and safe to share
between threads.  What they hold is shared between callers: nothing may change it.

Credentials (who holds which token) change without a new game version, when a judge
reissues a token: :class:`CredentialsCache` keeps them with the version of the game's
credentials stream they were read at and checks that version (one indexed row) before
trusting them, so a replaced token stops working at once in every process; an optional
trust period (``ttl``) skips that check, bounding instead how long another process may
still accept a replaced token.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

__all__ = ["ANSWER_CACHE_SIZE", "CREDENTIALS_CACHE_SECONDS", "LRU", "READ_CACHE_SIZE", "CredentialsCache"]

READ_CACHE_SIZE = 50_000
"""Entries of the redacted-events cache (a redacted event is a few hundred bytes) and of
the credentials cache (one small dict per game)."""
ANSWER_CACHE_SIZE = 2048
"""Entries of the legal-actions and views caches (up to tens of kilobytes each: a FoW
view; only the newest version of a game is polled, older entries age out)."""
CREDENTIALS_CACHE_SECONDS = 2.0
"""What :attr:`CredentialsCache.ttl` may be set to where a short delay in revoking a token
elsewhere is acceptable (the default, ``0``, is exact: see :class:`CredentialsCache`)."""

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LRU(Generic[K, V]):
    """A thread-safe mapping of at most ``maxsize`` entries, least recently used evicted."""

    def __init__(self, maxsize: int = READ_CACHE_SIZE) -> None:
        self.maxsize = maxsize
        self._entries: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._entries.get(key)
            if value is None:
                self.misses += 1
                return None
            self._entries.move_to_end(key)
            self.hits += 1
            return value

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.maxsize:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)


class CredentialsCache:
    """Each game's current tokens, with the version of its credentials stream they were
    read at.

    By default (``ttl == 0``) every check first reads the stream's head version, one
    indexed row and nothing decoded, and re-reads the stream only when that version is
    not the one cached: a token reissued in any process stops working everywhere at once.
    With ``ttl > 0`` an entry younger than ``ttl`` seconds (``monotonic`` is injectable for
    tests) is trusted without that read: a token reissued by another process then keeps
    working there for at most ``ttl`` seconds.  :meth:`invalidate` (called when this
    process reissues a token) drops the game's entry and keeps reads that began before it
    from storing what they read, so in this process a replaced token stops working at once
    in either mode."""

    def __init__(
        self, ttl: float = 0.0, maxsize: int = READ_CACHE_SIZE, monotonic: Callable[[], float] = time.monotonic
    ) -> None:
        self.ttl = ttl
        self.monotonic = monotonic
        self._entries: LRU[str, tuple[float, int, Any]] = LRU(maxsize)
        self._epoch = 0
        self._lock = threading.Lock()

    def get(self, game_id: str, head_version: Callable[[], int], read: Callable[[], tuple[int, V]]) -> V:
        """The game's credentials: the cached ones if still current, else ``read()`` (the
        version read and the credentials).  ``head_version()``: the stream's version now."""
        now = self.monotonic()
        entry = self._entries.get(game_id)
        if entry is not None and entry[2] is not None:
            if self.ttl > 0 and now - entry[0] < self.ttl:
                return entry[2]  # type: ignore[no-any-return]
            if head_version() == entry[1]:
                if self.ttl > 0:
                    self._entries.put(game_id, (now, entry[1], entry[2]))
                return entry[2]  # type: ignore[no-any-return]
        with self._lock:
            epoch = self._epoch
        version, value = read()
        with self._lock:
            if epoch == self._epoch:  # no reissue in this process since the read began
                self._entries.put(game_id, (now, version, value))
        return value

    def invalidate(self, game_id: str) -> None:
        with self._lock:
            self._epoch += 1
            self._entries.put(game_id, (float("-inf"), -1, None))
