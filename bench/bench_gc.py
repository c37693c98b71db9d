"""The garbage collector on the command path: a full collection (``gc.collect(2)``) in a
service that has loaded the engines and the built-in card catalogs and holds three
cached FoW games (``bench_engine`` playouts, 300 commands each, submitted through a
memory-store ``GameService``), with what was loaded at start-up frozen out of the
collector's way (``GameService.prepare_for_serving``, ``gc.freeze``: what the API process
does at start-up, ``ADJUDICATOR_GC_FREEZE``) against the same collection without.

A full collection runs inside whichever command's allocations set it off, so its length
is a pause that command's latency carries; gen-0 collections are short either way.
Also reported: the same 900 commands' total time with and without the freeze (their own
collections included).

And what spacing full collections (``ADJUDICATOR_GC_FULL_THRESHOLD``, 1000 by default, against
CPython's 10) costs in memory: a child process per threshold, set up as the API process is
(``prepare_for_serving``, then ``space_full_collections``), plays ``MEMORY_GAMES`` whole
recorded FoW games (the ``bench_engine`` playout, every command) into cached games on a
SQLite store; reported are the growth of its peak resident set over the run and the
unreachable objects still waiting for a collection at the end (what a final
``gc.collect()`` finds)."""

from __future__ import annotations

import gc
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench import Row
from bench.bench_engine import SYSTEMS, deck_settings, playout
from domain.kernel import Command, PlayerSpec
from service.app import GameService
from service.settings import Settings

COMMANDS = 300
GAMES = 3
MEMORY_GAMES = 4
"""Whole recorded games played by each child of the memory rows."""


def _service_with_games(freeze: bool) -> tuple[GameService, float]:
    _, steps, _ = playout(SYSTEMS[0], seed=1)
    service = GameService(Settings(store="memory", allow_client_seed=True))
    if freeze:
        service.prepare_for_serving()
    else:
        for info in service.rulesets():
            service.catalogs.cards(info.ruleset)
    t0 = time.perf_counter()
    for g in range(GAMES):
        players = [
            PlayerSpec("p1", "Alice", {"starter": SYSTEMS[0].decks[0], **deck_settings(SYSTEMS[0].ruleset)}),
            PlayerSpec("p2", "Bob", {"starter": SYSTEMS[0].decks[1], **deck_settings(SYSTEMS[0].ruleset)}),
        ]
        version = service.create_game(SYSTEMS[0].ruleset, SYSTEMS[0].variant, players, seed=1, game_id=f"g{g}").version
        for k, (command, _) in enumerate(steps[:COMMANDS]):
            version = service.submit(
                f"g{g}", Command(command.type, command.player, command.args, f"c{k}"), version
            ).version
    return service, time.perf_counter() - t0


def _full_collection(repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        gc.collect(2)
        best = min(best, time.perf_counter() - t0)
    return best


def run() -> list[Row]:
    gc.unfreeze()
    plain, plain_commands = _service_with_games(freeze=False)
    unfrozen = _full_collection()
    plain.close()
    frozen_service, frozen_commands = _service_with_games(freeze=True)
    frozen = _full_collection()
    frozen_service.close()
    gc.unfreeze()
    return [
        Row(f"full GC pause, {GAMES} cached FoW games: start-up objects frozen vs not", frozen, unfrozen),
        Row(f"{GAMES * COMMANDS} FoW commands through submit, frozen vs not", frozen_commands, plain_commands),
        *memory_rows(),
    ]


def _memory_child(threshold: int) -> None:
    """In a child process: prints ``{"peak_kb", "garbage"}`` as JSON (see the module's docstring)."""
    _, steps, _ = playout(SYSTEMS[0], seed=1)
    with tempfile.TemporaryDirectory(prefix="bench-gc-") as tmp:
        settings = Settings(
            store="sqlite", sqlite_path=Path(tmp) / "g.db", allow_client_seed=True, gc_full_threshold=threshold
        )
        service = GameService(settings)
        service.prepare_for_serving()
        service.space_full_collections()
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        for g in range(MEMORY_GAMES):
            players = [
                PlayerSpec("p1", "Alice", {"starter": SYSTEMS[0].decks[0], **deck_settings(SYSTEMS[0].ruleset)}),
                PlayerSpec("p2", "Bob", {"starter": SYSTEMS[0].decks[1], **deck_settings(SYSTEMS[0].ruleset)}),
            ]
            service.create_game(SYSTEMS[0].ruleset, SYSTEMS[0].variant, players, seed=1, game_id=f"g{g}")
            for k, (command, _) in enumerate(steps):
                service.submit(f"g{g}", Command(command.type, command.player, command.args, f"c{k}"))
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
        garbage = gc.collect()
        service.close()
    print(json.dumps({"peak_kb": peak, "garbage": garbage}))


def _memory(threshold: int) -> dict[str, float]:
    code = f"from bench.bench_gc import _memory_child; _memory_child({threshold})"
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    return dict(json.loads(out.strip().splitlines()[-1]))


def memory_rows() -> list[Row]:
    spaced, default = _memory(1000), _memory(10)
    games = f"{MEMORY_GAMES} whole recorded FoW games"
    return [
        Row(f"peak RSS growth over {games}: full-GC threshold 1000 vs 10", spaced["peak_kb"], default["peak_kb"], "KB"),
        Row(
            f"unreachable objects waiting after {games}: threshold 1000 vs 10",
            spaced["garbage"],
            default["garbage"],
            "objects",
        ),
    ]
