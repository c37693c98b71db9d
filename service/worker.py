"""The projection worker: keeps the judge read models (:mod:`projections.games_index`, run by
:class:`projections.runtime.ProjectionRunner`) up to date by polling the event store's
notification log.  Run one or more per deployment; concurrent workers are safe (each batch
takes the tracking row's lock), but one is enough.

Usage::

    python -m service.worker                 # poll forever (default: every 1 s)
    python -m service.worker migrate         # create the event store and read-model tables, exit
    python -m service.worker once            # catch up once, exit
    python -m service.worker rebuild         # drop the read models and replay everything, exit
    python -m service.worker check --max-age 60   # liveness: exit 0 if the heartbeat is fresh

Options of ``run``: ``--interval SECONDS``, ``--metrics-port PORT`` (Prometheus metrics of
the worker, 0 = off), ``--heartbeat FILE`` (touched after every successful poll; default
``/tmp/adjudicator-worker.heartbeat``).  Settings come from the ``ADJUDICATOR_*``
environment like the API's (:mod:`service.settings`).  Logs are JSON lines on stderr.
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import signal
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from types import FrameType

from service.app import GameService
from service.judge import JudgeService
from service.logs import configure_logging
from service.settings import Settings, SettingsError

__all__ = ["DEFAULT_HEARTBEAT", "build_parser", "main", "projection_lag"]

log = logging.getLogger("adjudicator.worker")
DEFAULT_HEARTBEAT = Path("/tmp/adjudicator-worker.heartbeat")


def projection_lag(judge: JudgeService) -> int:
    """Notifications recorded in the event store but not yet applied to the games index."""
    newest = judge.games.app.recorder.max_notification_id() or 0
    return max(0, int(newest) - judge.index.current_position())


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m service.worker", description=__doc__.split("\n\n")[0])
    parser.add_argument("action", nargs="?", default="run", choices=["run", "once", "rebuild", "migrate", "check"])
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between polls (run)")
    parser.add_argument("--metrics-port", type=int, default=0, help="serve Prometheus metrics on this port (run)")
    parser.add_argument("--heartbeat", type=Path, default=DEFAULT_HEARTBEAT, help="file touched after each poll")
    parser.add_argument("--max-age", type=float, default=60.0, help="check: the heartbeat's maximum age in seconds")
    return parser


def _check(heartbeat: Path, max_age: float) -> int:
    try:
        age = time.time() - heartbeat.stat().st_mtime
    except FileNotFoundError:
        print(f"no heartbeat at {heartbeat}")
        return 1
    if age > max_age:
        print(f"heartbeat is {age:.0f}s old (max {max_age:.0f}s)")
        return 1
    print(f"ok: heartbeat {age:.1f}s old")
    return 0


def _serve(judge: JudgeService, args: argparse.Namespace, stop: threading.Event) -> int:
    lag_gauge = applied_counter = errors_counter = None
    if args.metrics_port:
        from prometheus_client import Counter, Gauge, start_http_server

        lag_gauge = Gauge("adjudicator_projection_lag_events", "Notifications not yet projected.", ["projection"])
        applied_counter = Counter("adjudicator_projection_applied", "Notifications projected.", ["projection"])
        errors_counter = Counter("adjudicator_projection_errors", "Failed polls.", ["projection"])
        start_http_server(args.metrics_port)
        log.info("metrics on :%d/metrics", args.metrics_port)
    name = judge.index.name
    failures = 0
    while not stop.is_set():
        try:
            applied = judge.runner.run_once()
            lag = projection_lag(judge)
        except Exception:
            failures += 1
            if errors_counter is not None:
                errors_counter.labels(projection=name).inc()
            log.exception("projection poll failed (%d in a row)", failures, extra={"projection": name})
            stop.wait(min(30.0, args.interval * 2**failures))
            continue
        failures = 0
        if lag_gauge is not None and applied_counter is not None:
            lag_gauge.labels(projection=name).set(lag)
            applied_counter.labels(projection=name).inc(applied)
        if applied:
            log.info("projected %d notifications", applied, extra={"projection": name, "applied": applied, "lag": lag})
        args.heartbeat.touch()
        stop.wait(args.interval)
    log.info("worker stopped")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    configure_logging()
    if args.action == "check":
        return _check(args.heartbeat, args.max_age)
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        log.error("invalid settings: %s", exc)
        return 2
    if args.action == "migrate":  # whatever ADJUDICATOR_CREATE_TABLES says for the API
        settings = dataclasses.replace(settings, create_tables=True)
    games = GameService(settings)  # creates the event store's tables if they are missing
    try:
        judge = JudgeService(games)  # creates the read-model tables if they are missing
        try:
            if args.action == "migrate":
                log.info("event store and read-model tables are in place (store: %s)", settings.store)
                return 0
            if args.action == "rebuild":
                n = judge.rebuild()
                log.info("rebuilt the read models from %d notifications", n, extra={"applied": n})
                return 0
            if args.action == "once":
                n = judge.runner.run_once()
                log.info("caught up: %d notifications", n, extra={"applied": n, "lag": projection_lag(judge)})
                return 0
            stop = threading.Event()

            def request_stop(signum: int, _: FrameType | None) -> None:
                log.info("signal %d: stopping", signum)
                stop.set()

            signal.signal(signal.SIGTERM, request_stop)
            signal.signal(signal.SIGINT, request_stop)
            log.info("projection worker polling every %.1fs (store: %s)", args.interval, settings.store)
            return _serve(judge, args, stop)
        finally:
            judge.close()
    finally:
        games.close()


if __name__ == "__main__":
    raise SystemExit(main())
