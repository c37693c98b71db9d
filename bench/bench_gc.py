"""The garbage collector on the command path: a full collection (``gc.collect(2)``) in a
service that has loaded the engines and the built-in card catalogs and holds three
cached FoW games (``bench_engine`` playouts, 300 commands each, submitted through a
memory-store ``GameService``), with what was loaded at start-up frozen out of the
collector's way (``GameService.prepare_for_serving``, ``gc.freeze``: what the API process
does at start-up, ``ADJUDICATOR_GC_FREEZE``) against the same collection without.

A full collection runs inside whichever command's allocations set it off, so its length
is a pause that command's latency carries; gen-0 collections are short either way.
Also reported: the same 900 commands' total time with and without the freeze (their own
collections included)."""

from __future__ import annotations

import gc
import time

from bench import Row
from bench.bench_engine import SYSTEMS, playout
from domain.kernel import Command, PlayerSpec
from service.app import GameService
from service.settings import Settings

COMMANDS = 300
GAMES = 3


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
            PlayerSpec("p1", "Alice", {"starter": SYSTEMS[0].decks[0]}),
            PlayerSpec("p2", "Bob", {"starter": SYSTEMS[0].decks[1]}),
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
    ]
