"""Audit: re-adjudicating replay logs with :func:`domain.audit.audit`, per game system.

Each log is one recorded random game between the system's real starter decks
(``bench_engine.playout``), exported with :func:`domain.audit.build_log` (seed revealed,
result claimed, every step's events digest).  ``audit`` parses the log, restarts the
game, decides every command again and compares digests.  The baseline replays the same
game's events (``evolve_in_place``, as ``audit`` does, else ``evolve``): re-adjudication
against merely re-applying the facts.
Logs per minute = 60 / value."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from bench import Row
from bench.bench_engine import SYSTEMS, System, catalogs, deck_settings, playout
from domain.audit import audit, build_log
from domain.kernel import seed_commitment
from domain.rulesets import get_engine

SEED = 1


def _card_ids(value: Any, known: Mapping[str, Any], into: set[str]) -> None:
    if isinstance(value, str):
        if value in known and value not in into:
            into.add(value)
            _card_ids(known[value], known, into)  # cards naming other cards (J-rulers, tokens)
    elif isinstance(value, Mapping):
        for v in value.values():
            _card_ids(v, known, into)
    elif isinstance(value, list):
        for v in value:
            _card_ids(v, known, into)


def export(system: System) -> tuple[list[str], int]:
    """The log's lines and its game's number of events."""
    _, steps, start_events = playout(system, seed=SEED)
    cats = catalogs()
    known = cats.cards(system.ruleset)
    decks = {
        pid: {**cats.starter_deck(system.ruleset, name), **deck_settings(system.ruleset)}
        for pid, name in zip(("p1", "p2"), system.decks, strict=True)
    }
    used: set[str] = set()
    _card_ids(decks, known, used)
    header = {
        "game_id": f"g{SEED}",
        "ruleset": system.ruleset,
        "variant": system.variant,
        "players": [
            {"id": "p1", "name": "Alice", "deck": decks["p1"]},
            {"id": "p2", "name": "Bob", "deck": decks["p2"]},
        ],
        "first_player": None,
        "seed_commitment": seed_commitment(f"g{SEED}", SEED),
        "cards": {cid: known[cid] for cid in sorted(used)},
    }
    lines = build_log(header, steps, seed=SEED, claimed=None).to_lines()
    return list(lines), len(start_events) + sum(len(es) for _, es in steps)


def rows_for(system: System) -> Row:
    lines, n_events = export(system)
    verdict = audit(lines)
    assert verdict.verdict == "consistent", verdict
    engine = get_engine(system.ruleset)
    _, steps, start_events = playout(system, seed=SEED)
    events = [*start_events, *(e for _, es in steps for e in es)]

    in_place = getattr(engine, "evolve_in_place", None)  # as audit() applies events

    def replay() -> float:
        t0 = time.perf_counter()
        state = engine.initial_state()
        for e in events:
            if in_place is not None:
                in_place(state, e)
            else:
                state = engine.evolve(state, e)
        return time.perf_counter() - t0

    def one_audit() -> float:
        t0 = time.perf_counter()
        audit(lines)
        return time.perf_counter() - t0

    value = min(one_audit() for _ in range(2))
    baseline = min(replay() for _ in range(2))
    return Row(
        f"{system.ruleset} audit() of a {len(lines) - 1}-command log ({60 / value:.0f} logs/min) vs replay of "
        f"its {n_events} events",
        value,
        baseline,
        "s/log",
    )


def run() -> list[Row]:
    return [rows_for(system) for system in SYSTEMS]
