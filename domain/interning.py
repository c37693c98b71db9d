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

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

__all__ = ["CARD_MODELS_KEPT", "Interned"]

CARD_MODELS_KEPT = 8192
"""Distinct card definitions kept per engine (the FoW database has about 5,700)."""

M = TypeVar("M")


class Interned(Generic[M]):
    """``parse(data)``, one shared result per canonical JSON of ``data``."""

    def __init__(self, parse: Callable[[Mapping[str, Any]], M], maxsize: int = CARD_MODELS_KEPT) -> None:
        self.parse = parse
        self.maxsize = maxsize
        self._models: OrderedDict[str, M] = OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, data: Mapping[str, Any]) -> M:
        try:
            key = json.dumps(data, sort_keys=True, separators=(",", ":"), allow_nan=False)
        except (TypeError, ValueError):  # not JSON data: parse it (and let parse say what is wrong)
            return self.parse(data)
        with self._lock:
            found = self._models.get(key)
            if found is not None:
                self._models.move_to_end(key)
                return found
        model = self.parse(data)  # raises for bad data: nothing is kept
        with self._lock:
            kept = self._models.setdefault(key, model)  # another thread's, if it parsed it first
            self._models.move_to_end(key)
            while len(self._models) > self.maxsize:
                self._models.popitem(last=False)
        return kept

    def __len__(self) -> int:
        with self._lock:
            return len(self._models)

    def clear(self) -> None:
        with self._lock:
            self._models.clear()
