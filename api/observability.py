"""Operations endpoints and telemetry: ``GET /ready``, ``GET /metrics`` (Prometheus) and one
structured JSON log line per request carrying the game id and the command id.

:func:`install` wires it into an app: a pure ASGI middleware (outermost, so it also sees
413s and 500s) that times every request, counts error codes and logs; and the two routes.

Log lines are JSON objects on stderr (logger ``adjudicator``, :mod:`service.logs`), e.g.::

    {"ts": "2026-11-23T01:02:03.456Z", "level": "INFO", "logger": "adjudicator.access",
     "message": "POST /games/g1/commands 422", "request_id": "9c1f...", "method": "POST",
     "path": "/games/g1/commands", "route": "/games/{game_id}/commands", "status": 422,
     "duration_ms": 3.1, "game_id": "g1", "command_id": "c-17", "error_code": "rules/not_main_phase"}

Every other log record emitted while a request is handled carries the same ``request_id``,
``game_id`` and ``command_id`` (context variables), so an engine error can be tied to the
command that caused it.
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any
from uuid import uuid4

from fastapi import APIRouter, FastAPI, Request, Response
from fastapi.responses import JSONResponse
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.deps import ServiceDep
from service.logs import command_id_var, configure_logging, game_id_var, request_id_var
from service.rules import rules_texts_problem
from service.worker import projection_lag

__all__ = ["Metrics", "ObservabilityMiddleware", "install", "router"]

access_log = logging.getLogger("adjudicator.access")
log = logging.getLogger("adjudicator.observability")

_GAME_PATH = re.compile(r"^/games/([A-Za-z0-9_-]{1,64})(?:/|$)")
_COMMANDS_PATH = re.compile(r"^/games/[A-Za-z0-9_-]{1,64}/commands$")
_REQUEST_ID = re.compile(r"^[A-Za-z0-9._-]{1,128}$")
_CAPTURE_LIMIT = 256 * 1024
_ERROR_BODY_LIMIT = 64 * 1024
_COMMAND_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class Metrics:
    """The Prometheus metrics of one app (own registry, so several apps in one process,
    as in the tests, do not collide)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.requests = Counter(
            "adjudicator_http_requests",
            "HTTP requests by method, route template and status.",
            ["method", "route", "status"],
            registry=self.registry,
        )
        self.request_seconds = Histogram(
            "adjudicator_http_request_duration_seconds",
            "HTTP request latency by method and route template.",
            ["method", "route"],
            registry=self.registry,
        )
        self.command_seconds = Histogram(
            "adjudicator_command_duration_seconds",
            "Latency of POST /games/{id}/commands by outcome: accepted, rejected (the rules refused), "
            "conflict (version or command id), invalid, error.",
            ["outcome"],
            buckets=_COMMAND_BUCKETS,
            registry=self.registry,
        )
        self.rejections = Counter(
            "adjudicator_rejections",
            "Error answers by stable error code (rules/..., game/version_conflict, auth/..., request/...).",
            ["code"],
            registry=self.registry,
        )
        self.projection_lag = Gauge(
            "adjudicator_projection_lag_events",
            "Events recorded but not yet processed, per projection (when a projection runtime is configured).",
            ["projection"],
            registry=self.registry,
        )
        self.lag_source: Callable[[], Mapping[str, int]] | None = None
        """Set by whoever runs projections in this process: returns the lag per projection."""

    def render(self) -> bytes:
        if self.lag_source is not None:
            try:
                for name, lag in self.lag_source().items():
                    self.projection_lag.labels(projection=name).set(lag)
            except Exception as exc:  # metrics must never fail the scrape
                log.warning("projection lag unavailable: %s", exc)
        return generate_latest(self.registry)


def _command_outcome(status: int, code: str | None) -> str:
    if status < 400:
        return "accepted"
    if code is not None and code.startswith("rules/"):
        return "rejected"
    if status == 409:
        return "conflict"
    if status >= 500:
        return "error"
    return "invalid"


class ObservabilityMiddleware:
    """Times, counts and logs every HTTP request (see the module docstring)."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started = time.perf_counter()
        method: str = scope["method"]
        path: str = scope["path"]
        headers = Headers(scope=scope)
        given = headers.get("x-request-id", "")
        request_id = given if _REQUEST_ID.fullmatch(given) else uuid4().hex
        match = _GAME_PATH.match(path)
        game_id = match.group(1) if match else None
        is_command = method == "POST" and _COMMANDS_PATH.match(path) is not None
        tokens = [request_id_var.set(request_id), game_id_var.set(game_id), command_id_var.set(None)]
        body = bytearray()
        command: dict[str, Any] = {}
        status = 500
        error_body = bytearray()

        async def receive_and_capture() -> Message:
            message = await receive()
            if is_command and message["type"] == "http.request":
                if len(body) < _CAPTURE_LIMIT:
                    body.extend(message.get("body", b"")[: _CAPTURE_LIMIT - len(body)])
                if not message.get("more_body", False):
                    command.update(_command_fields(bytes(body)))
                    command_id_var.set(command.get("command_id"))
            return message

        async def send_and_capture(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], (b"x-request-id", request_id.encode())]
            elif message["type"] == "http.response.body" and status >= 400 and len(error_body) < _ERROR_BODY_LIMIT:
                error_body.extend(message.get("body", b""))
            await send(message)

        try:
            await self.app(scope, receive_and_capture, send_and_capture)
        finally:
            elapsed = time.perf_counter() - started
            route_obj = scope.get("route")
            route = getattr(route_obj, "path", None) or "unmatched"
            code = _error_code(bytes(error_body)) if status >= 400 else None
            m = self.metrics
            m.requests.labels(method=method, route=route, status=str(status)).inc()
            m.request_seconds.labels(method=method, route=route).observe(elapsed)
            if code is not None:
                m.rejections.labels(code=code).inc()
            if is_command:
                m.command_seconds.labels(outcome=_command_outcome(status, code)).observe(elapsed)
            fields = {
                "request_id": request_id,
                "method": method,
                "path": path,
                "route": route,
                "status": status,
                "duration_ms": round(elapsed * 1000, 3),
                "game_id": game_id,
                "command_id": command.get("command_id"),
                "command_type": command.get("type"),
                "error_code": code,
            }
            level = logging.ERROR if status >= 500 else logging.INFO
            access_log.log(level, "%s %s %d", method, path, status, extra=fields)
            for var, token in zip((request_id_var, game_id_var, command_id_var), tokens, strict=True):
                with contextlib.suppress(ValueError):  # reset from another context (never in practice)
                    var.reset(token)


def _command_fields(raw: bytes) -> dict[str, str]:
    """``command_id`` and ``type`` of a command body, when they are short strings."""
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        return {}
    if not isinstance(data, dict):
        return {}
    out: dict[str, str] = {}
    for key in ("command_id", "type"):
        value = data.get(key)
        if isinstance(value, str) and 0 < len(value) <= 128:
            out[key] = value
    return out


def _error_code(raw: bytes) -> str | None:
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        return None
    error = data.get("error") if isinstance(data, dict) else None
    code = error.get("code") if isinstance(error, dict) else None
    return code if isinstance(code, str) and len(code) <= 64 else None


router = APIRouter(tags=["meta"])


@router.get(
    "/ready",
    responses={
        503: {
            "description": "The event store cannot be read (`store/unavailable`), or a ruleset's rules text "
            "cannot be loaded (`rules/texts_missing`)."
        }
    },
)
def ready(request: Request, service: ServiceDep) -> JSONResponse:
    """Readiness: 200 when the event store answers a read, else 503.  Use ``/health`` for
    liveness (it does not touch the store).

    The store client retries a lost connection for a long time; while one check is still
    waiting, further checks answer 503 at once instead of piling up threads."""
    in_flight: threading.Lock = request.app.state.ready_lock
    if not in_flight.acquire(blocking=False):
        return _unavailable("a readiness check is still waiting for the event store")
    try:
        service.ping()
    except Exception as exc:
        log.warning("readiness check failed: %s: %s", type(exc).__name__, exc)
        return _unavailable("the event store cannot be read")
    finally:
        in_flight.release()
    problem = rules_texts_problem()
    if problem is not None:  # citations would be served without their rule text
        log.warning("readiness check failed: %s", problem)
        return _unavailable(problem, "rules/texts_missing")
    answer: dict[str, Any] = {"status": "ready", "store": service.settings.store}
    if not service.settings.api_key_required:  # docs/platform-accounts.md: alert on it in production
        answer["open_mode"] = True
    return JSONResponse(answer)


def _unavailable(message: str, code: str = "store/unavailable") -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=503)


@router.get("/metrics", response_class=Response, responses={200: {"content": {CONTENT_TYPE_LATEST: {}}}})
def metrics(request: Request) -> Response:
    """Prometheus metrics (text exposition format).  Keep this route off the public
    ingress: it is meant for the cluster's scraper."""
    m: Metrics = request.app.state.metrics
    return Response(m.render(), media_type=CONTENT_TYPE_LATEST)


def _judge_lag(app: FastAPI) -> dict[str, int]:
    """The games index's lag, once the judge routes have opened it in this process."""
    judge = getattr(app.state, "judge", None)
    if judge is None:
        return {}
    return {judge.index.name: projection_lag(judge)}


def install(app: FastAPI) -> Metrics:
    """Add the middleware (call after every other ``add_middleware``, so it is outermost),
    the routes and JSON logging to ``app``."""
    m = Metrics()
    m.lag_source = lambda: _judge_lag(app)
    app.state.metrics = m
    app.state.ready_lock = threading.Lock()
    app.add_middleware(ObservabilityMiddleware, metrics=m)
    app.include_router(router)
    configure_logging()
    return m
