"""``Game.record`` applies a command's events to one copy of the state (``clone`` once,
then ``evolve_in_place`` per event) and redacts each event as it is applied.

Given random legal games of every ruleset submitted through a memory-store service, then
after every command the live game's state equals the state replayed with ``evolve`` from
its stored events (the reference), the state it recorded from is unchanged (the command
never changed a state it may share), and the events ``submit`` answered are the stored
ones redacted for the sender with the replayed state after each."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from domain.kernel import Command, PlayerSpec
from service.app import GameService, _domain_event, _fresh, redact_event
from service.settings import Settings
from tests.story import deck_settings

SYSTEMS = {
    "FoW-5.5": ("valhalla", "fire-starter", "water-starter"),
    "GCG-1.00": ("standard", "red_rampage", "blue_bulwark"),
    "LL-2.04": ("standard", "monolium_starlight", "septpia_tides"),
}
STEPS = 40


@pytest.fixture
def service() -> Iterator[GameService]:
    s = GameService(Settings(allow_client_seed=True, store="memory", snapshot_interval=1000))
    yield s
    s.close()


@pytest.mark.parametrize("ruleset", sorted(SYSTEMS))
def test_recorded_state_is_the_replayed_state(service: GameService, ruleset: str) -> None:
    variant, d1, d2 = SYSTEMS[ruleset]
    settings = deck_settings(ruleset, "ask")
    players = [
        PlayerSpec("p1", "Alice", {"starter": d1, **settings}),
        PlayerSpec("p2", "Bob", {"starter": d2, **settings}),
    ]
    service.create_game(ruleset, variant, players, seed=7, game_id="g")
    rng = random.Random(ruleset)
    for n in range(STEPS):
        legal = [a for p in ("p1", "p2") for a in service.legal_actions("g", p).actions if a.type != "Concede"]
        if not legal:
            break
        choice = rng.choice(legal)
        before = service._load("g")
        state_before = before.state
        dump_before = before.engine.state_to_dict(state_before)

        result = service.submit("g", Command(choice.type, choice.player, choice.args, id=f"c{n}"))

        game = service._load("g")
        engine = game.engine
        assert engine.state_to_dict(state_before) == dump_before, "a command changed a state it may share"
        stored = [_domain_event(e) for e in service.app.events.get(game.id)]
        replayed = engine.initial_state()
        seen = []
        for e in stored:
            replayed = engine.evolve(replayed, _fresh(e.to_dict()))
            if e.seq > before.version:
                seen.append(redact_event(engine, replayed, e, choice.player))
        assert engine.state_to_dict(game.state) == engine.state_to_dict(replayed)
        assert [e.to_dict() for e in result.events] == [e.to_dict() for e in seen]
