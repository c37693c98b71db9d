"""Parsed card models shared between games.

Every game parses its card data into (frozen, never changed) pydantic models when it
starts and whenever its state is read back from a snapshot; games with the same cards
would each hold their own copies.  :class:`Interned` keeps one model per canonical JSON
text of a card's data (bounded, least recently used dropped first), so equal data gives
the very same model.  That is safe only because nothing changes a card model: they are
frozen, and the code reading them copies any list or set it goes on to change
(``tests/test_reliability_state_sharing.py`` checks it).  A value is a pure function of
the data: whether it came from the cache never changes what a game decides.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

__all__ = ["CARD_MODELS_KEPT", "Interned"]

CARD_MODELS_KEPT = 8192
"""Distinct card definitions kept per engine (the FoW database has about 5,700)."""

M = TypeVar("M")


class Interned(Generic[M]):
    """``parse(data)``, one shared result per canonical JSON of ``data`` (``functools.lru_cache``:
    bounded and thread-safe; a parse that raises keeps nothing).  ``enabled = False`` parses
    every time (the benchmarks' baseline)."""

    def __init__(self, parse: Callable[[Mapping[str, Any]], M], maxsize: int = CARD_MODELS_KEPT) -> None:
        self.parse = parse
        self.enabled = True
        self._cached: functools._lru_cache_wrapper[M] = functools.lru_cache(maxsize=maxsize)(self._parse_json)

    def _parse_json(self, key: str) -> M:
        return self.parse(json.loads(key))

    def __call__(self, data: Mapping[str, Any]) -> M:
        if not self.enabled:
            return self.parse(data)
        try:
            key = json.dumps(data, sort_keys=True, separators=(",", ":"), allow_nan=False)
        except (TypeError, ValueError):  # not JSON data: parse it (and let parse say what is wrong)
            return self.parse(data)
        return self._cached(key)

    def __len__(self) -> int:
        return self._cached.cache_info().currsize

    def clear(self) -> None:
        self._cached.cache_clear()
