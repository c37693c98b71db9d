"""A tiny benchmark harness.

Every module ``bench/bench_*.py`` exposes ``run() -> list[Row]`` (plain
``(name, value, baseline)`` tuples are accepted too): ``value`` is what the project
does, ``baseline`` a reference measured in the same run on the same machine, both in
the same unit (seconds per operation unless a fourth ``unit`` element says otherwise).
``python -m bench`` runs them all and prints one table with ``value / baseline``.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import NamedTuple


class Row(NamedTuple):
    name: str
    value: float
    baseline: float
    unit: str = "s/op"


def time_per_op(fn: Callable[[], object], number: int) -> float:
    """Seconds per call of ``fn``, averaged over ``number`` calls (GC off while timing)."""
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter()
        for _ in range(number):
            fn()
        return (time.perf_counter() - start) / number
    finally:
        if gc_was_enabled:
            gc.enable()


def compare(
    value_fn: Callable[[], object], baseline_fn: Callable[[], object], number: int = 1000, repeat: int = 7
) -> tuple[float, float]:
    """Best-of-``repeat`` seconds per op for ``value_fn`` and ``baseline_fn``.  The two are
    interleaved round by round so that machine noise hits both alike."""
    value_fn()
    baseline_fn()
    best_value = best_baseline = float("inf")
    for _ in range(repeat):
        best_value = min(best_value, time_per_op(value_fn, number))
        best_baseline = min(best_baseline, time_per_op(baseline_fn, number))
    return best_value, best_baseline
