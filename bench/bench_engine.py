"""Pure rules engines (no store), one game system at a time: FoW-5.5, GCG-1.00 and
LL-2.04, each with its two real starter decks from ``service/catalogs``.

For each system one random legal game (fixed seed) is recorded, then:

* ``decide+evolve per command`` replays that game's commands in order from its start
  state (``decide`` then ``evolve`` of every event it returns), against ``evolve`` alone
  of the same events (the cost of applying the recorded facts);
* ``legal_actions per decision`` is the extra cost of listing every legal command at each
  decision, against ``decide+evolve``;
* ``GameState.clone`` copies the state halfway through the recorded game (the copy every
  ``decide``, every candidate check of ``legal_actions`` and every recorded command makes),
  against a shallow ``copy.copy`` of the same state;
* ``random legal playout`` plays whole new games (a random legal action at every
  decision, as the property tests do) for about ``PLAYOUT_SECONDS``, against replaying
  the events of the recorded game (``s/game``; playouts per second = 1 / value).

The commands are those of one recorded game, so every run measures the same work."""

from __future__ import annotations

import copy
import random
import time
import timeit
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from bench import Row
from domain.kernel import Command, Event, GameSpec, PlayerSpec, Rejection, RulesEngine
from domain.rulesets import get_engine
from service.catalog import CardCatalogs

PLAYOUT_SECONDS = 4.0
MAX_DECISIONS = 3000


@dataclass(frozen=True)
class System:
    ruleset: str
    variant: str
    decks: tuple[str, str]
    quiet: frozenset[str]
    """Commands that move the game on without acting; chosen less often (as in the
    property tests), so random games end."""


SYSTEMS = (
    System("FoW-5.5", "valhalla", ("fire-starter", "water-starter"), frozenset({"Pass"})),
    System("GCG-1.00", "standard", ("red_rampage", "blue_bulwark"), frozenset({"EndMainPhase"})),
    System(
        "LL-2.04",
        "standard",
        ("monolium_starlight", "septpia_tides"),
        frozenset({"EndMainPhase", "EndAttacks", "PassLogic", "DeclineIntercept", "SkipLevel"}),
    ),
)


@cache
def catalogs() -> CardCatalogs:
    return CardCatalogs()


def deck_settings(ruleset: str) -> dict[str, str]:
    """A FoW-5.5 deck's answer to "asked about automatic cards in hand?" (9.6 p2): "never", as the
    bench has always played (the fire starter deck holds one)."""
    return {"automatic_cards_in_hand": "never"} if ruleset == "FoW-5.5" else {}


def start(system: System, seed: int) -> tuple[RulesEngine[Any], Any, list[Event]]:
    """A started game between the system's two starter decks: engine, state, events."""
    engine = get_engine(system.ruleset)
    cats = catalogs()
    players = [
        # "never" asked about automatic cards in hand (FoW-5.5 9.6 p2): the games the bench has always played
        PlayerSpec(pid, name, {**cats.starter_deck(system.ruleset, deck), **deck_settings(system.ruleset)})
        for pid, name, deck in zip(("p1", "p2"), ("Alice", "Bob"), system.decks, strict=True)
    ]
    events = engine.start(
        GameSpec(f"g{seed}", system.ruleset, system.variant, players, seed), cats.cards(system.ruleset)
    )
    assert not isinstance(events, Rejection), events
    state = engine.initial_state()
    for e in events:
        state = engine.evolve(state, e)
    return engine, state, list(events)


def playout(system: System, seed: int) -> tuple[Any, list[tuple[Command, list[Event]]], list[Event]]:
    """A random legal game: start events, then (command, events) at each decision, until
    the game ends (or ``MAX_DECISIONS``).  Returns the final state too."""
    engine, state, events = start(system, seed)
    rng = random.Random(seed)
    steps: list[tuple[Command, list[Event]]] = []
    while not state.finished and len(steps) < MAX_DECISIONS:
        player = state.pending.player
        legal = [c for c in engine.legal_actions(state, player) if c.type != "Concede"]
        active = [c for c in legal if c.type not in system.quiet]
        choice = rng.choice(active) if active and rng.random() < 0.7 else rng.choice(legal)
        if choice.choice is not None:  # a choice of N from M: a random selection, if the card allows it
            among = choice.choice
            picked = among.complete(choice, rng.sample(among.candidates, rng.randint(among.min_count, among.max_count)))
            choice = picked if not isinstance(engine.decide(state, picked), Rejection) else choice
        command = Command(choice.type, choice.player, choice.args, id=f"c{len(steps) + 1}")
        result = engine.decide(state, command)
        assert not isinstance(result, Rejection), (command, result)
        for e in result:
            state = engine.evolve(state, e)
        steps.append((command, list(result)))
    return state, steps, events


def _best(fn: Callable[[], float], repeat: int) -> float:
    return min(fn() for _ in range(repeat))


def rows_for(system: System) -> list[Row]:
    _, steps, start_events = playout(system, seed=1)
    engine = get_engine(system.ruleset)
    n_commands = len(steps)
    all_events = [*start_events, *(e for _, es in steps for e in es)]
    # Each measurement starts from a state rebuilt from the start events: the engines
    # may evolve in place, and start_events are never mutated by evolve.
    fresh: Callable[[], Any] = lambda: start(system, seed=1)[1]  # noqa: E731

    def decide_evolve(with_legal: bool) -> float:
        state = fresh()
        t0 = time.perf_counter()
        for command, _ in steps:
            if with_legal:
                engine.legal_actions(state, command.player)
            result = engine.decide(state, command)
            assert isinstance(result, list)
            for e in result:
                state = engine.evolve(state, e)
        return (time.perf_counter() - t0) / n_commands

    def evolve_only() -> float:
        state = fresh()
        t0 = time.perf_counter()
        for _, events in steps:
            for e in events:
                state = engine.evolve(state, e)
        return (time.perf_counter() - t0) / n_commands

    def replay_game() -> float:
        t0 = time.perf_counter()
        state = engine.initial_state()
        for e in all_events:
            state = engine.evolve(state, e)
        return time.perf_counter() - t0

    middle = fresh()
    for _, events in steps[: n_commands // 2]:
        for e in events:
            middle = engine.evolve(middle, e)
    clone = min(timeit.repeat(middle.clone, number=200, repeat=5)) / 200
    shallow = min(timeit.repeat(lambda: copy.copy(middle), number=200, repeat=5)) / 200
    decide = _best(lambda: decide_evolve(False), 3)
    evolve = _best(evolve_only, 3)
    legal = _best(lambda: decide_evolve(True), 2) - decide
    replay = _best(replay_game, 3)
    t0 = time.perf_counter()
    games = decisions = 0
    while games == 0 or time.perf_counter() - t0 < PLAYOUT_SECONDS:
        decisions += len(playout(system, seed=100 + games)[1])
        games += 1
    spent = time.perf_counter() - t0
    per_game = spent / games
    rs = system.ruleset
    return [
        Row(f"{rs} decide+evolve per command ({n_commands} cmds) vs evolve only", decide, evolve),
        Row(f"{rs} legal_actions per decision vs decide+evolve", legal, decide),
        Row(f"{rs} GameState.clone at command {n_commands // 2} vs copy.copy", clone, shallow),
        Row(
            f"{rs} random playout decisions/s: {games} games, {decisions} decisions, {decisions / spent:.0f}/s",
            spent / decisions,
            legal + decide,
        ),
        Row(
            f"{rs} random legal playout, {games} games ({1 / per_game:.2f}/s) vs replay of "
            f"one game ({len(all_events)} events)",
            per_game,
            replay,
            "s/game",
        ),
    ]


def run() -> list[Row]:
    return [row for system in SYSTEMS for row in rows_for(system)]
