"""``GameState.clone`` of every ruleset (generated straight-line copies, ``domain.kernel.
compile_copy``; copy-on-write objects in GCG and LL) and the copy FoW's ``evolve`` makes (its objects
shared until an event handler changes one, ``domain.fow.state.share``) over seeded random legal playouts:

* a clone dumps as the original does;
* applying the next command's events to the clone leaves the original's dump unchanged, and
  applying them to the original afterwards leaves the clone's unchanged (independence both
  ways: no list, dict or object that a handler changes in place is shared);
* the clone's dump after the events is the reference: the same events applied to a state
  loaded from the original's dump (no sharing at all).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from domain.fow.state import share
from domain.kernel import Command, GameSpec, PlayerSpec, Rejection, RulesEngine
from domain.rulesets import get_engine
from service.catalog import CardCatalogs
from tests.story import deck_settings

SYSTEMS = {
    "FoW-5.5": ("valhalla", ("fire-starter", "water-starter"), {"Pass"}),
    "FoW-5.01": ("valhalla", ("fire-starter-5-01", "water-starter-5-01"), {"Pass"}),
    "GCG-1.00": ("standard", ("red_rampage", "blue_bulwark"), {"EndMainPhase"}),
    "LL-2.04": (
        "standard",
        ("monolium_starlight", "septpia_tides"),
        {"EndMainPhase", "EndAttacks", "PassLogic", "DeclineIntercept", "SkipLevel"},
    ),
}
DECISIONS = 60


@cache
def _catalogs() -> CardCatalogs:
    return CardCatalogs()


def _started(ruleset: str, seed: int) -> tuple[RulesEngine[Any], Any]:
    variant, decks, _ = SYSTEMS[ruleset]
    engine = get_engine(ruleset)
    cats = _catalogs()
    players = [
        PlayerSpec(pid, pid, {**cats.starter_deck(ruleset, deck), **deck_settings(ruleset, "ask")})
        for pid, deck in zip(("p1", "p2"), decks, strict=True)
    ]
    events = engine.start(GameSpec(f"g{seed}", ruleset, variant, players, seed), cats.cards(ruleset))
    assert not isinstance(events, Rejection), events
    state = engine.initial_state()
    for e in events:
        state = engine.evolve(state, e)
    return engine, state


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("ruleset", sorted(SYSTEMS))
def test_clone_is_equal_and_independent(ruleset: str, seed: int) -> None:
    _copies_are_equal_and_independent(ruleset, seed, lambda state: state.clone())


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("ruleset", ["FoW-5.5", "FoW-5.01"])
def test_fow_evolve_copy_is_equal_and_independent(ruleset: str, seed: int) -> None:
    """The objects the events do not change stay shared; those they change are copied first, in
    whichever of the two states the events are applied to."""
    shared = _copies_are_equal_and_independent(ruleset, seed, share)
    assert shared > 0


def _copies_are_equal_and_independent(ruleset: str, seed: int, copy_of: Any) -> int:
    """The checks above for ``copy_of``; how many objects were still shared after the events."""
    engine, state = _started(ruleset, seed)
    shared = 0
    apply = engine.evolve_in_place
    assert apply is not None
    quiet = SYSTEMS[ruleset][2]
    rng = random.Random(seed)
    for n in range(DECISIONS):
        if state.finished:
            break
        legal = [c for c in engine.legal_actions(state, state.pending.player) if c.type != "Concede"]
        active = [c for c in legal if c.type not in quiet]
        choice = rng.choice(active) if active and rng.random() < 0.7 else rng.choice(legal)
        events = engine.decide(state, Command(choice.type, choice.player, choice.args, id=f"c{n}"))
        assert not isinstance(events, Rejection), (choice, events)

        before = state.to_dict()
        copy = copy_of(state)
        assert copy.to_dict() == before
        for e in events:
            apply(copy, e)
        assert state.to_dict() == before, f"applying {[e.type for e in events]} to a clone changed the original"
        reference = engine.state_from_dict(before)
        for e in events:
            apply(reference, e)
        after = copy.to_dict()
        assert after == reference.to_dict()
        shared += sum(copy.objects[oid] is obj for oid, obj in state.objects.items())
        for e in events:
            apply(state, e)
        assert copy.to_dict() == after, f"applying {[e.type for e in events]} to the original changed its clone"
        assert state.to_dict() == after
    return shared


def test_a_generated_deep_copy_is_deepcopy_of_json_fields() -> None:
    """compile_deep_copy (the LL state's battle, frames, effects ...): what copy.deepcopy makes of an
    object whose fields hold JSON data, nested lists and dicts copied apart from the original."""
    import copy
    from dataclasses import dataclass, field

    from domain.kernel import compile_deep_copy

    @dataclass(slots=True)
    class Frame:
        id: str
        path: list[int] = field(default_factory=list)
        info: dict[str, Any] = field(default_factory=dict)
        choice: Any = None

    original = Frame("f1", [0, 2], {"targets": [["o1"], ["o2"]], "paid": {"will": 2}}, choice=("a", ["b"]))
    made = compile_deep_copy(Frame)(original)
    assert made == copy.deepcopy(original) == original and made is not original
    made.path.append(3)
    made.info["targets"][0].append("o3")
    made.info["paid"]["will"] = 0
    made.choice[1].append("c")  # not JSON (a tuple): deep-copied as copy.deepcopy does
    assert original == Frame("f1", [0, 2], {"targets": [["o1"], ["o2"]], "paid": {"will": 2}}, choice=("a", ["b"]))
