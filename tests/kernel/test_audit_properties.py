"""Properties of replay logs, over random games recorded by the service (memory store) on
every real ruleset: a game exported as a log audits ``consistent``, and changing any single
command of the log is caught at exactly that step.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.audit import audit
from domain.kernel import Command, PlayerSpec
from domain.rulesets import get_engine
from service.app import GameService
from service.audit import Audits
from service.settings import Settings
from tests.story import deck_settings

GAMES = {
    "FoW-5.5": ("valhalla", "fire-starter", "water-starter"),
    "GCG-1.00": ("standard", "blue_bulwark", "red_rampage"),
    "LL-2.04": ("standard", "monolium_starlight", "septpia_tides"),
}
MOVES = 30
"""Random commands per game before the loser concedes (a conceded game reveals its seed)."""


@functools.cache
def _service() -> GameService:
    return GameService(Settings(allow_client_seed=True, store="memory", snapshot_interval=25))


@functools.lru_cache(maxsize=32)
def recorded(ruleset: str, seed: int) -> tuple[str, ...]:
    """A random game of ``ruleset`` recorded by the service, exported as its log."""
    service = _service()
    variant, d1, d2 = GAMES[ruleset]
    game_id = f"{ruleset.replace('.', '_')}-{seed}"
    settings = deck_settings(ruleset, "ask")
    players = [
        PlayerSpec("p1", "Alice", {"starter": d1, **settings}),
        PlayerSpec("p2", "Bob", {"starter": d2, **settings}),
    ]
    service.create_game(ruleset, variant, players, seed=seed, game_id=game_id)
    rng = random.Random(seed)
    for n in range(MOVES):
        legal = [c for p in ("p1", "p2") for c in service.legal_actions(game_id, p).actions if c.type != "Concede"]
        if not legal or service.view(game_id, None).finished:
            break
        active = [c for c in legal if c.type != "Pass"]
        c = rng.choice(active) if active and rng.random() < 0.7 else rng.choice(legal)
        service.submit(game_id, Command(c.type, c.player, c.args, f"c{n}"))
    if not service.view(game_id, None).finished:
        service.submit(game_id, Command("Concede", "p2", {}, "concede"))
    return tuple(Audits(service).export_log(game_id, "p1").to_lines())


def state_before(lines: list[str], step: int) -> tuple[Any, Any]:
    """The engine and the state just before ``step``, folded from the service's events."""
    header = json.loads(lines[0])
    engine = get_engine(header["ruleset"])
    before = json.loads(lines[step - 1])["result"]["version"] if step > 1 else None
    events = _service().events(header["game_id"])
    if before is None:  # the events of the game's setup: up to the first command's events
        first = json.loads(lines[1])["command"]["id"]
        before = next(e.seq for e in events if e.cause == f"cmd:{first}") - 1
    state = engine.initial_state()
    for e in events[:before]:
        state = engine.evolve(state, e)
    return engine, state


def flipped(lines: list[str], step: int, choice: float) -> tuple[list[str], dict[str, Any]]:
    """``lines`` with the command of ``step`` replaced: by another legal command under the
    same id when there is one (so only the command differs), else by the other player's."""
    entry = json.loads(lines[step])
    original = Command.from_dict(entry["command"])
    engine, state = state_before(lines, step)
    others = [
        Command(c.type, c.player, c.args, original.id)
        for p in ("p1", "p2")
        for c in engine.legal_actions(state, p)
        if (c.type, c.player, dict(c.args)) != (original.type, original.player, dict(original.args))
    ]
    if others:
        replacement = others[int(choice * len(others))]
    else:
        other = "p2" if original.player == "p1" else "p1"
        replacement = Command(original.type, other, original.args, original.id)
    entry["command"] = replacement.to_dict()
    out = list(lines)
    out[step] = json.dumps(entry)
    return out, entry["command"]


SETTINGS = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(ruleset=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 3))
def test_an_exported_game_audits_consistent(ruleset: str, seed: int) -> None:
    lines = list(recorded(ruleset, seed))
    verdict = audit(lines)
    assert verdict.verdict == "consistent", verdict
    header = json.loads(lines[0])
    assert verdict.events == header["game_version"]
    assert verdict.details["winner"] == header["claimed"]["winner"]


@SETTINGS
@given(
    ruleset=st.sampled_from(sorted(GAMES)),
    seed=st.integers(0, 3),
    where=st.floats(0, 1, exclude_max=True),
    choice=st.floats(0, 1, exclude_max=True),
)
def test_changing_any_single_command_is_caught_at_exactly_its_step(
    ruleset: str, seed: int, where: float, choice: float
) -> None:
    lines = list(recorded(ruleset, seed))
    steps = len(lines) - 1
    step = 1 + int(where * steps)
    changed, command = flipped(lines, step, choice)
    verdict = audit(changed)
    assert verdict.verdict in ("inconsistent", "diverged"), (step, command, verdict)
    assert (verdict.step, verdict.line) == (step, step + 1), (command, verdict)
    assert verdict.command == command
