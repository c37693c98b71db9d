"""Per-game side logs (the rejected attempts, the judge reads): aggregates of their own,
outside the game's stream, appended to by many requests at once.

:func:`append_in_turn` is how each of them appends one entry.  Within one service (one
application, as a server process has one) writers of one game's logs take turns, with locks
striped by game id, so the threads of one process never race each other; when another
process wins the race (``IntegrityError`` on save), it tries again after a growing,
jittered pause.  Concurrent appends are thus all recorded rather than failing after a few
collisions (tests/test_reliability_concurrency.py).
"""

from __future__ import annotations

import random
import threading
import time
import weakref
import zlib
from collections.abc import Callable
from typing import TypeVar
from uuid import UUID

from eventsourcing.application import Application
from eventsourcing.persistence import IntegrityError

__all__ = ["append_in_turn"]

T = TypeVar("T")

ATTEMPTS = 60
"""Appends tried before giving up, when other processes keep winning the race."""
BACKOFF_SECONDS = (0.002, 0.1)
"""The first and the longest pause between two tries (doubled each time, with jitter)."""
_STRIPES = 64
_LOCKS: weakref.WeakKeyDictionary[Application[UUID], tuple[threading.Lock, ...]] = weakref.WeakKeyDictionary()
_LOCKS_LOCK = threading.Lock()


def _lock_for(app: Application[UUID], game_id: str) -> threading.Lock:
    with _LOCKS_LOCK:
        locks = _LOCKS.get(app)
        if locks is None:
            locks = _LOCKS[app] = tuple(threading.Lock() for _ in range(_STRIPES))
    return locks[zlib.crc32(game_id.encode()) % _STRIPES]


def append_in_turn(app: Application[UUID], game_id: str, append: Callable[[], T], what: str) -> T:
    """Run ``append`` (load the game's log aggregate, add one entry, save it; raising
    ``IntegrityError`` when another writer saved first) in turn with this application's
    other writers of the game's logs, retrying after another process's win.  Raises
    ``RuntimeError`` naming ``what`` if other processes win :data:`ATTEMPTS` times."""
    pause = BACKOFF_SECONDS[0]
    with _lock_for(app, game_id):
        for _ in range(ATTEMPTS):
            try:
                return append()
            except IntegrityError:
                time.sleep(random.uniform(0, pause))  # spreads the retries (not a secret)
                pause = min(pause * 2, BACKOFF_SECONDS[1])
    raise RuntimeError(f"could not record {what} for game {game_id!r}: too many concurrent writers")
