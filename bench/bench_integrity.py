"""Integrity: what keyed tamper evidence (docs/integrity.md) costs, on a real recorded
FoW-5.5 game (fire against water starter decks, the random legal game of
``bench_engine.playout``, submitted command by command through a memory-store
:class:`GameService`, so every stored event is what the service records).

* ``verify links``: :func:`service.integrity.verify_keyed_links` over the game's stored
  events (HMAC-SHA256 per link, timestamps covered) against :func:`domain.audit.verify_links`
  over the same events re-linked without a key (SHA-256 per link): the verifier's cost.
* ``link``: one keyed link (``ChainKeys.link``) against one unkeyed link
  (``domain.audit.chain_link``), over every stored ``Happened`` event's fields: the per-event
  price on the command path.
* ``record``: ``Game.record`` of every command's events with keys against without (the
  hot command path, ``evolve`` included; no store).
* ``cold load``: ``GameService._project`` (links checked as events are applied) against a
  plain ``mutate`` loop over the same stored events (what loads did before).

Every value and its baseline are timed alternately, best of ``REPEAT``."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from typing import Any

from bench import Row
from bench.bench_engine import SYSTEMS, catalogs, deck_settings, playout
from domain.audit import StoredLink, chain_link, verify_links
from domain.kernel import Command, PlayerSpec
from service.app import Game, GameService, _command_json, game_uuid
from service.integrity import verify_keyed_links
from service.settings import Settings

REPEAT = 7
SEED = 1


def _best_pair(value: Callable[[], float], baseline: Callable[[], float]) -> tuple[float, float]:
    values: list[float] = []
    baselines: list[float] = []
    for n in range(REPEAT):
        first, second = (value, baseline) if n % 2 == 0 else (baseline, value)
        a, b = first(), second()
        (values if first is value else baselines).append(a)
        (baselines if first is value else values).append(b)
    return min(values), min(baselines)


def recorded_game() -> tuple[GameService, list[tuple[Command, list[Any]]], int]:
    """A service holding the recorded game ``g1``, its steps and its start version."""
    system = SYSTEMS[0]
    _, steps, start_events = playout(system, seed=SEED)
    service = GameService(Settings(store="memory", snapshot_interval=10_000, allow_client_seed=True), catalogs())
    players = [
        PlayerSpec(pid, name, {"starter": deck, **deck_settings(system.ruleset)})
        for pid, name, deck in zip(("p1", "p2"), ("Alice", "Bob"), system.decks, strict=True)
    ]
    service.create_game(system.ruleset, system.variant, players, seed=SEED, game_id=f"g{SEED}")
    for command, _ in steps:
        service.submit(f"g{SEED}", command)
    return service, steps, len(start_events)


def run() -> list[Row]:
    service, steps, started_at = recorded_game()
    gid = game_uuid(f"g{SEED}")
    stored: list[Any] = list(service.app.events.get(gid))
    n = len(stored)
    keys = service.chain_keys
    keyed_links = [StoredLink(e.originator_version, dict(vars(e))) for e in stored]
    assert verify_keyed_links(keys, gid, keyed_links).status == "intact"
    unkeyed_links: list[StoredLink] = []
    previous = ""
    for link in keyed_links:
        assert link.fields is not None
        fields = dict(link.fields)
        fields["chain_hash"] = previous = chain_link(previous, link.version, fields)
        unkeyed_links.append(StoredLink(link.version, fields))
    assert verify_links(unkeyed_links).status == "intact"

    def timed(fn: Callable[[], object]) -> Callable[[], float]:
        def once() -> float:
            t0 = time.perf_counter()
            fn()
            return time.perf_counter() - t0

        return once

    rows: list[Row] = []
    keyed, plain = _best_pair(
        timed(lambda: verify_keyed_links(keys, gid, keyed_links)), timed(lambda: verify_links(unkeyed_links))
    )
    rows.append(Row(f"verify links of a {n}-event FoW game: keyed vs unkeyed (per game)", keyed, plain))

    happened = [dict(vars(e)) for e in stored[1:]]

    def keyed_each() -> None:
        for f in happened:
            keys.link("", gid, f["originator_version"], f["timestamp"], f)

    def plain_each() -> None:
        for f in happened:
            chain_link("", f["originator_version"], f)

    keyed, plain = _best_pair(timed(keyed_each), timed(plain_each))
    rows.append(Row("one link: HMAC-SHA256 keyed vs SHA-256 unkeyed (per event)", keyed / n, plain / n))

    base: Game = service.app.repository.get(gid, version=started_at)
    commands = [(c, events, hashlib.sha256(_command_json(c).encode()).hexdigest()) for c, events in steps]

    def record(with_keys: bool) -> Callable[[], float]:
        def once() -> float:
            game: Game = base._copy()
            signer = keys if with_keys else None
            t0 = time.perf_counter()
            for command, events, digest in commands:
                game.record(events, command.id, digest, command, None, signer)
            return time.perf_counter() - t0

        return once

    keyed, plain = _best_pair(record(True), record(False))
    per_command = len(commands)
    rows.append(
        Row(
            f"Game.record per command ({per_command} commands): keyed vs unkeyed",
            keyed / per_command,
            plain / per_command,
        )
    )

    def project_checked() -> float:
        service.integrity._broken.clear()
        t0 = time.perf_counter()
        game = service._project(None, stored)
        assert game is not None and game.version == n
        return time.perf_counter() - t0

    def project_plain() -> float:
        t0 = time.perf_counter()
        game: Any = None
        for e in stored:
            game = e.mutate(game)
        return time.perf_counter() - t0

    keyed, plain = _best_pair(project_checked, project_plain)
    assert service.integrity.broken(gid) is None
    rows.append(Row(f"cold load of {n} events: links checked vs not (per game)", keyed, plain))
    service.close()
    return rows
