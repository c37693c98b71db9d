"""Structured logging shared by the API and the projection worker: one JSON object per
line on stderr, with the request context (``request_id``, ``game_id``, ``command_id``)
of the request being handled, when there is one.

The API's middleware (``api/observability.py``) sets the context variables; anything
logged while the request runs carries them.
"""

from __future__ import annotations

import json
import logging
import sys
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

__all__ = [
    "LOG_FIELDS",
    "JsonFormatter",
    "command_id_var",
    "configure_logging",
    "game_id_var",
    "request_id_var",
]

request_id_var: ContextVar[str | None] = ContextVar("adjudicator_request_id", default=None)
game_id_var: ContextVar[str | None] = ContextVar("adjudicator_game_id", default=None)
command_id_var: ContextVar[str | None] = ContextVar("adjudicator_command_id", default=None)

LOG_FIELDS = (
    "request_id",
    "method",
    "path",
    "route",
    "status",
    "duration_ms",
    "game_id",
    "command_id",
    "command_type",
    "error_code",
    "projection",
    "applied",
    "lag",
)
"""Record attributes (``extra=``) copied into the JSON object when present."""


class JsonFormatter(logging.Formatter):
    """``{"ts", "level", "logger", "message", ...LOG_FIELDS, "exception"?}``."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        context = {"request_id": request_id_var.get(), "game_id": game_id_var.get(), "command_id": command_id_var.get()}
        for key in LOG_FIELDS:
            value = getattr(record, key, None)
            if value is None:
                value = context.get(key)
            if value is not None:
                out[key] = value
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        return json.dumps(out, default=str)


_HANDLER_MARK = "_adjudicator_json_handler"


def configure_logging(level: int = logging.INFO) -> None:
    """Send the ``adjudicator`` loggers to stderr as JSON lines (once per process)."""
    root = logging.getLogger("adjudicator")
    if any(getattr(h, _HANDLER_MARK, False) for h in root.handlers):
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    setattr(handler, _HANDLER_MARK, True)
    root.addHandler(handler)
    root.setLevel(level)
