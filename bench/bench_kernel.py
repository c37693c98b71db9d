"""Sanity benchmark: the kernel's seeded, recorded shuffle vs a bare ``random.shuffle``.

``Shuffler.shuffled`` seeds a fresh ``random.Random`` from ``(seed, index)`` for every
shuffle (so an auditor can re-derive any single shuffle) and copies its input; the
baseline copies a 60-card list and shuffles it with the global RNG."""

from __future__ import annotations

import random

from bench import Row, compare
from domain.kernel import Shuffler

DECK = [f"card-{i:02d}" for i in range(60)]


def run() -> list[Row]:
    shuffler = Shuffler(seed=20240601)
    value, baseline = compare(
        lambda: shuffler.shuffled(DECK),
        lambda: random.shuffle(list(DECK)),
        number=2000,
    )
    return [Row("Shuffler.shuffled(60) vs random.shuffle(60)", value, baseline)]
