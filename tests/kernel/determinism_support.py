"""Seeded random games recorded by the service and exported as replay logs, for
tests/kernel/test_determinism.py, which runs this module in fresh processes with chosen hash seeds:

* ``python -m tests.kernel.determinism_support record OUT MOVES GAME:SEED ...`` plays each game
  through :class:`service.app.GameService` on a SQLite store in ``OUT`` or on PostgreSQL
  (``DETERMINISM_PG_SCHEMA``) (snapshots every few events, the service's cache warm), writes each game's replay log to
  ``OUT/<game id>.log`` and the live final state to ``OUT/live.json``;
* ``python -m tests.kernel.determinism_support reload OUT`` opens that store in a new service
  (cold: no cache), loads every game through its snapshots, and compares it with the
  live state, with a replay of every event from scratch (no snapshot), and, on both, the
  legal actions and the answer to each of them; it prints the differences as JSON.

Commands are chosen with a seeded generator among the legal actions sorted by their JSON,
so the same game is played whatever the order ``legal_actions`` lists them in.
"""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path
from typing import Any

from domain.audit import state_digest
from domain.kernel import Command, Event, PlayerSpec, Rejection
from service.app import GameService
from service.audit import Audits
from service.settings import Settings
from tests.story import deck_settings

GAMES: dict[str, tuple[str, str, str, str]] = {
    # name: (ruleset, variant, deck 1, deck 2), all starter decks (the fow-real ones are the real Grimm/Alice decks)
    "fow55": ("FoW-5.5", "valhalla", "fire-starter", "water-starter"),
    "fow55-bifrost": ("FoW-5.5", "bifrost", "water-starter", "fire-starter"),
    "fow501": ("FoW-5.01", "valhalla", "fire-starter-5-01", "water-starter-5-01"),
    "fow-real": ("FoW-5.5", "valhalla", "alexander-fire", "caesar-water"),
    "fow-real-2": ("FoW-5.5", "bifrost", "faria-light", "yoshitsune-wind"),
    "gcg": ("GCG-1.00", "standard", "blue_bulwark", "red_rampage"),
    "ll": ("LL-2.04", "standard", "monolium_starlight", "septpia_tides"),
}
SNAPSHOT_INTERVAL = 7


def _service(out: Path) -> GameService:
    """A service on the SQLite store in ``out``, or on PostgreSQL in the schema named by
    ``DETERMINISM_PG_SCHEMA`` (``ADJUDICATOR_PG_*`` give the server)."""
    schema = os.environ.get("DETERMINISM_PG_SCHEMA")
    common: dict[str, Any] = {"snapshot_interval": SNAPSHOT_INTERVAL, "allow_client_seed": True}
    if schema:
        env = os.environ
        settings = Settings(
            store="postgres",
            pg_host=env.get("ADJUDICATOR_PG_HOST", "127.0.0.1"),
            pg_port=int(env.get("ADJUDICATOR_PG_PORT", "5432")),
            pg_user=env.get("ADJUDICATOR_PG_USER", "postgres"),
            pg_password=env.get("ADJUDICATOR_PG_PASSWORD", ""),
            pg_dbname=env.get("ADJUDICATOR_PG_DBNAME", "postgres"),
            pg_schema=schema,
            **common,
        )
    else:
        settings = Settings(store="sqlite", sqlite_path=out / "games.db", **common)
    return GameService(settings)


def _sorted(commands: list[Command]) -> list[Command]:
    return sorted(commands, key=lambda c: json.dumps(c.to_dict(), sort_keys=True))


def play(service: GameService, game: str, seed: int, moves: int) -> str:
    """A random game of ``game`` (a key of :data:`GAMES`): at most ``moves`` random legal
    commands, then the player to act concedes if it is not over.  Returns its id."""
    ruleset, variant, d1, d2 = GAMES[game]
    game_id = f"{game}-{seed}"
    settings = deck_settings(ruleset, "ask")
    players = [
        PlayerSpec("p1", "Alice", {"starter": d1, **settings}),
        PlayerSpec("p2", "Bob", {"starter": d2, **settings}),
    ]
    service.create_game(ruleset, variant, players, seed=seed, game_id=game_id)
    rng = random.Random(seed)
    for n in range(moves):
        if service.view(game_id, None).finished:
            return game_id
        legal = [c for p in ("p1", "p2") for c in _sorted(service.legal_actions(game_id, p).actions)]
        options = [c for c in legal if c.type != "Concede"]
        if not options:
            break
        active = [c for c in options if c.type != "Pass"]
        pick = rng.choice(active) if active and rng.random() < 0.7 else rng.choice(options)
        service.submit(game_id, Command(pick.type, pick.player, pick.args, f"c{n}"))
    if not service.view(game_id, None).finished:
        waiting = [c.player for p in ("p1", "p2") for c in service.legal_actions(game_id, p).actions]
        service.submit(game_id, Command("Concede", waiting[0] if waiting else "p2", {}, "concede"))
    return game_id


def record(out: Path, moves: int, items: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    service = _service(out)
    audits = Audits(service)
    live: dict[str, str] = {}
    for item in items:
        game, seed = item.rsplit(":", 1)
        game_id = play(service, game, int(seed), moves)
        (out / f"{game_id}.log").write_text(audits.export_log(game_id).to_text(), encoding="utf-8")
        loaded = service._load(game_id)  # from its cache: the live game
        live[game_id] = state_digest(loaded.engine, loaded.state)
    (out / "live.json").write_text(json.dumps(live, sort_keys=True), encoding="utf-8")
    service.close()


def _answers(engine: Any, state: Any) -> list[Any]:
    """The legal actions of both players in ``state`` and ``decide``'s answer to each."""
    out: list[Any] = []
    for player in ("p1", "p2"):
        for c in _sorted(engine.legal_actions(state, player)):
            result = engine.decide(state, c)
            answer = result.to_dict() if isinstance(result, Rejection) else [e.to_dict() for e in result]
            out.append([c.to_dict(), answer])
    return out


def reload(out: Path) -> dict[str, Any]:
    service = _service(out)
    live = json.loads((out / "live.json").read_text(encoding="utf-8"))
    report: dict[str, Any] = {}
    for game_id, digest in sorted(live.items()):
        cold = service._load(game_id)  # no cache in this process: from the newest snapshot
        engine = cold.engine
        snapshots = list(service.app.snapshots.get(cold.id)) if service.app.snapshots is not None else []
        replayed = engine.initial_state()
        for e in service.events(game_id):
            replayed = engine.evolve(replayed, Event.from_dict(e.to_dict()))
        differences: list[str] = []
        if state_digest(engine, cold.state) != digest:
            differences.append("the state loaded from the snapshot is not the live state")
        if state_digest(engine, replayed) != digest:
            differences.append("the state replayed from every event is not the live state")
        # the last snapshot's own version, reloaded, and a replay up to it: the same answers
        if snapshots:
            at = snapshots[-1].originator_version
            from_snapshot = service._load(game_id, version=at).state
            folded = engine.initial_state()
            for e in service.events(game_id, limit=at):
                folded = engine.evolve(folded, Event.from_dict(e.to_dict()))
            if _answers(engine, from_snapshot) != _answers(engine, folded):
                differences.append(f"at version {at}, decide answers differently from the snapshot and from replay")
        if _answers(engine, cold.state) != _answers(engine, replayed):
            differences.append("decide answers differently on the loaded and the replayed final state")
        report[game_id] = {"snapshots": len(snapshots), "differences": differences}
    service.close()
    return report


def main(argv: list[str]) -> None:
    if argv[0] == "record":
        record(Path(argv[1]), int(argv[2]), argv[3:])
    elif argv[0] == "reload":
        print(json.dumps(reload(Path(argv[1])), sort_keys=True))
    else:
        raise SystemExit(f"unknown command {argv[0]!r}: record or reload")


if __name__ == "__main__":
    main(sys.argv[1:])
