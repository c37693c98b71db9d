"""Push: a game's events as they are recorded, per viewer (docs/streaming.md).

:class:`EventNotifier` is the per-process wake-up: :class:`~service.app.Adjudicator`
signals it after every recorded game write in this process, so a waiting stream reads
the new events at once; events written by other processes are found by a slow poll of the
store (``POLL_SECONDS``).  Waiting is a condition-variable wait: an idle stream burns no
CPU.

:class:`GameStreams` hands out streams, at most ``max_streams`` at a time per process
(each holds one worker thread while it waits), and :func:`GameStreams.open` yields what a
stream sends: the events (redacted exactly as :meth:`GameService.events` redacts them for
the viewer), a ``decision`` after each batch saying whose decision is next, and
heartbeats.  It ends once the game is finished (after the final events and decision), or
when the caller stops it.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from domain.kernel import Event
from service.errors import ChainBrokenError, ServiceError

if TYPE_CHECKING:  # service.app imports this module
    from service.app import GameService

__all__ = [
    "BATCH",
    "POLL_SECONDS",
    "EventNotifier",
    "GameStreams",
    "StreamItem",
    "StreamLease",
    "StreamsFullError",
    "decision_of",
]

POLL_SECONDS = 0.75
"""How often a waiting stream reads the store for events written by other processes."""
BATCH = 500
"""Events read from the store at a time."""
_TRACKED_GAMES = 10_000
"""Newest versions the notifier remembers (least recently written games are forgotten:
their streams then rely on the poll)."""


class StreamsFullError(ServiceError):
    """This process already serves its maximum of concurrent streams (HTTP 503)."""

    code = "stream/too_many"


class EventNotifier:
    """Per-process: the newest version recorded for each game, and a condition variable
    waiters sleep on until a game moves past the version they have."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._versions: OrderedDict[str, int] = OrderedDict()
        self._wakes = 0

    def published(self, game_id: str, version: int) -> None:
        """Game ``game_id`` is now at ``version`` (called after the write committed)."""
        with self._cond:
            if version > self._versions.get(game_id, 0):
                self._versions[game_id] = version
            self._versions.move_to_end(game_id)
            while len(self._versions) > _TRACKED_GAMES:
                self._versions.popitem(last=False)
            self._cond.notify_all()

    def wake_all(self) -> None:
        """Wake every waiter (a stream being stopped re-checks its flag)."""
        with self._cond:
            self._wakes += 1
            self._cond.notify_all()

    def wait(self, game_id: str, seen: int, timeout: float, stop: threading.Event | None = None) -> bool:
        """Sleep until ``game_id`` is known past version ``seen``, ``stop`` is set, or
        ``timeout`` seconds passed; True if the game moved."""
        with self._cond:
            wakes = self._wakes
            moved = self._cond.wait_for(
                lambda: (
                    self._versions.get(game_id, 0) > seen
                    or (stop is not None and stop.is_set())
                    or self._wakes != wakes
                ),
                timeout,
            )
            return bool(moved) and self._versions.get(game_id, 0) > seen


@dataclass(frozen=True, slots=True)
class StreamItem:
    kind: Literal["event", "decision", "heartbeat"]
    event: Event | None = None
    decision: dict[str, Any] | None = None


def decision_of(state: dict[str, Any], version: int, finished: bool | None, integrity: Any) -> dict[str, Any]:
    """Whose decision is next, read from an engine's view: ``state["pending"]`` (FoW, GCG,
    LL: ``{"kind", "player", ...}``; the options only where the viewer may see them)."""
    pending = state.get("pending")
    waiting: dict[str, Any] | None = None
    if isinstance(pending, dict):
        waiting = {"player": pending.get("player"), "kind": pending.get("kind")}
    return {
        "status": "finished" if finished else "started",
        "version": version,
        "finished": bool(finished),
        "pending": waiting,
        "players_to_act": [] if waiting is None or waiting["player"] is None else [waiting["player"]],
        "missing": [],
        "integrity": integrity,
    }


@dataclass(eq=False)
class StreamLease:
    """One of the process's stream slots; :meth:`release` (idempotent) frees it and
    :meth:`stop` makes the stream end at its next wake-up."""

    streams: GameStreams
    stopped: threading.Event = field(default_factory=threading.Event)
    _released: bool = False

    def stop(self) -> None:
        self.stopped.set()
        self.streams.notifier.wake_all()
        self.release()

    def release(self) -> None:
        with self.streams.lock:
            if not self._released:
                self._released = True
                self.streams.active -= 1


class GameStreams:
    """The streams of one process over ``service``."""

    def __init__(
        self,
        service: GameService,
        max_streams: int,
        heartbeat_seconds: float = 15.0,
        poll_seconds: float = POLL_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.service = service
        self.notifier: EventNotifier = service.notifier
        self.max_streams = max_streams
        self.heartbeat_seconds = heartbeat_seconds
        self.poll_seconds = poll_seconds
        self.clock = clock
        self.lock = threading.Lock()
        self.active = 0

    def lease(self) -> StreamLease:
        """A stream slot, or ``StreamsFullError``."""
        with self.lock:
            if self.active >= self.max_streams:
                raise StreamsFullError(
                    f"this server already serves {self.max_streams} streams; retry later or poll /events"
                )
            self.active += 1
        return StreamLease(self)

    def check(self, game_id: str, viewer: str | None) -> None:
        """Raise now (``GameNotFoundError``, ``ForbiddenError``) rather than in the stream."""
        status = self.service.deal_status(game_id)
        if viewer is not None and status.status == "dealt":
            self.service.view(game_id, viewer)  # raises if the viewer is not a player

    def open(self, game_id: str, viewer: str | None, after: int, lease: StreamLease) -> Iterator[StreamItem]:
        """What the stream of ``game_id`` sends ``viewer`` (``None``: the judge), from the
        events after ``after``.  Releases ``lease`` when it ends."""
        try:
            yield from self._run(game_id, viewer, after, lease.stopped)
        finally:
            lease.release()

    def _run(self, game_id: str, viewer: str | None, after: int, stop: threading.Event) -> Iterator[StreamItem]:
        service = self.service
        last_sent = self.clock()
        last_deal: dict[str, Any] | None = None
        while not stop.is_set():  # the deal: until then there are no events
            status = service.deal_status(game_id)
            if status.status == "dealt":
                break
            deal = {
                "status": "awaiting_entropy",
                "version": 0,
                "finished": False,
                "pending": None,
                "players_to_act": list(status.missing),
                "missing": list(status.missing),
                "deadline": None if status.deadline is None else status.deadline.isoformat(),
                "integrity": None,
            }
            if deal != last_deal:
                last_deal, last_sent = deal, self.clock()
                yield StreamItem("decision", decision=deal)
            last_sent = yield from self._idle(game_id, 0, last_sent, stop)
        try:
            yield from self._follow(game_id, viewer, after, last_sent, stop)
        except ChainBrokenError as exc:  # the store no longer holds what was acknowledged
            yield StreamItem(
                "decision",
                decision={
                    "status": "broken",
                    "version": None,
                    "finished": False,
                    "pending": None,
                    "players_to_act": [],
                    "missing": [],
                    "integrity": exc.integrity,
                },
            )

    def _follow(
        self, game_id: str, viewer: str | None, after: int, last_sent: float, stop: threading.Event
    ) -> Iterator[StreamItem]:
        service = self.service
        cursor, announced = after, -1
        while not stop.is_set():
            batch = service.events(game_id, after=cursor, limit=BATCH, viewer=viewer)
            for e in batch:
                yield StreamItem("event", event=e)
                cursor = e.seq
            if batch:
                last_sent = self.clock()
            if len(batch) == BATCH:
                continue
            shown = service.decision_view(game_id, viewer)  # whose decision: not the whole view
            if shown.version > cursor:
                continue  # written meanwhile: deliver those first, so the decision is the newest
            if shown.version != announced:
                announced = shown.version
                last_sent = self.clock()
                yield StreamItem("decision", decision=self._decision(game_id, viewer, shown))
            if shown.finished:
                return
            last_sent = yield from self._idle(game_id, cursor, last_sent, stop)

    def _decision(self, game_id: str, viewer: str | None, shown: Any) -> dict[str, Any]:
        decision = decision_of(shown.state, shown.version, shown.finished, shown.integrity)
        if "pending" not in shown.state and not shown.finished:
            # an engine whose view names no pending decision: whoever has a legal action
            players = [p["id"] for p in shown.players]
            decision["players_to_act"] = [p for p in players if self.service.legal_actions(game_id, p).actions]
        return decision

    def _idle(
        self, game_id: str, seen: int, last_sent: float, stop: threading.Event
    ) -> Generator[StreamItem, None, float]:
        """Wait for the game to move past ``seen`` (this process's notifier, or one poll
        interval for other processes' writes), sending a heartbeat when it is due.
        Returns when the last message was sent."""
        due = last_sent + self.heartbeat_seconds
        wait = max(0.0, min(self.poll_seconds, due - self.clock()))
        self.notifier.wait(game_id, seen, wait, stop)
        if not stop.is_set() and self.clock() >= due:
            yield StreamItem("heartbeat")
            return self.clock()
        return last_sent
