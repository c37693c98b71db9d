"""Cursor pagination shared by the list endpoints (docs/streaming.md, "Pagination").

A page answers at most ``limit`` items and ``next``: the relative URL of the following
page (the same query with ``cursor`` moved past the last item shown), or ``null`` when
nothing follows.  Each list reads one item more than it shows to know whether one
follows, so ``next`` is ``null`` exactly at the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar
from urllib.parse import urlencode

from fastapi import Request

__all__ = ["CURSOR_DOC", "NEXT_DOC", "next_url", "page"]

T = TypeVar("T")

MAX_SEQ = 2**53 - 1
"""The largest event number, version or cursor a query may name (JSON-safe): a larger one is
refused as malformed input (422), never an overflow inside the store (500)."""

NEXT_DOC = "The next page (a relative URL: this query with `cursor` moved on), or null after the last item."
CURSOR_DOC = "Continue after this item (from a previous page's `next`)."


def page(items: Sequence[T], limit: int) -> tuple[list[T], bool]:
    """The first ``limit`` of ``items`` (read with one more) and whether more follow."""
    return list(items[:limit]), len(items) > limit


def next_url(request: Request, more: bool, cursor: str | int, drop: tuple[str, ...] = ("after",)) -> str | None:
    """``request``'s path and query with ``cursor`` set (and ``drop`` removed), or None."""
    if not more:
        return None
    params = [(k, v) for k, v in request.query_params.multi_items() if k not in (*drop, "cursor")]
    params.append(("cursor", str(cursor)))
    return f"{request.url.path}?{urlencode(params)}"
