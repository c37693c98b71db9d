"""Every starter deck ``GET /rulesets`` offers for a ruleset is legal under that ruleset, and a
deck made for another version is refused by name instead of failing deck construction.  The
four real Grimm/Alice decks are offered as FoW-5.5 starters out of the box and play."""

from __future__ import annotations

import json
import random

import pytest

from domain.kernel import Command, GameSpec, PlayerSpec
from domain.rulesets import get_engine, list_rulesets
from service.app import GameService
from service.catalog import CardCatalogs, UnknownStarterDeckError
from service.settings import Settings
from tests.story import deck_settings

CATALOGS = CardCatalogs()
OFFERED = [
    (r["ruleset"], r["variants"][0], name) for r in list_rulesets() for name in CATALOGS.starter_decks(r["ruleset"])
]


REAL_DECKS = ("alexander-fire", "caesar-water", "faria-light", "yoshitsune-wind")
"""The real Grimm/Alice decks (every card from the database, docs/card-coverage.md "Real decks")."""


def test_every_builtin_ruleset_offers_its_starter_decks() -> None:
    offered: dict[str, int] = {}
    for ruleset, _, _ in OFFERED:
        offered[ruleset] = offered.get(ruleset, 0) + 1
    assert {r: offered.get(r, 0) for r in ("FoW-5.5", "FoW-5.01", "GCG-1.00", "LL-2.04")} == {
        "FoW-5.5": 6,  # fire and water starters, and the four real decks
        "FoW-5.01": 2,
        "GCG-1.00": 2,
        "LL-2.04": 2,
    }


def test_the_real_decks_are_fow_5_5_starters() -> None:
    assert set(REAL_DECKS) <= set(CATALOGS.starter_decks("FoW-5.5"))
    assert not set(REAL_DECKS) & set(CATALOGS.starter_decks("FoW-5.01"))


@pytest.mark.parametrize(("name", "seed"), [(name, seed) for seed, name in enumerate(REAL_DECKS)])
def test_a_real_starter_deck_plays_seeded_random_legal_moves(name: str, seed: int) -> None:
    """FoW-5.5 4.1: a game with a real deck asked for by name (``{"starter": name}``, no
    setting) is created by the service, and 40 seeded random legal commands are all accepted."""
    opponent = REAL_DECKS[(REAL_DECKS.index(name) + 1) % len(REAL_DECKS)]
    service = GameService(Settings(allow_client_seed=True, store="memory"))
    try:
        players = [PlayerSpec("p1", "Alice", {"starter": name}), PlayerSpec("p2", "Bob", {"starter": opponent})]
        created = service.create_game("FoW-5.5", "valhalla", players, seed=seed, game_id="real")
        assert created.events[0].type == "GameStarted"
        rng = random.Random(seed)
        played = 0
        for n in range(40):
            if service.view("real", None).finished:
                break
            legal = [c for p in ("p1", "p2") for c in service.legal_actions("real", p).actions]
            legal = sorted(legal, key=lambda c: json.dumps(c.to_dict(), sort_keys=True))
            options = [c for c in legal if c.type != "Concede"]
            assert options, f"no legal action after {n} commands"
            active = [c for c in options if c.type != "Pass"]
            pick = rng.choice(active) if active and rng.random() < 0.7 else rng.choice(options)
            service.submit("real", Command(pick.type, pick.player, pick.args, f"c{n}"))  # raises if rejected
            played += 1
        assert played >= 20
    finally:
        service.close()


@pytest.mark.parametrize(("ruleset", "variant", "name"), OFFERED)
def test_an_offered_starter_deck_sets_up_a_game(ruleset: str, variant: str, name: str) -> None:
    deck = CATALOGS.starter_deck(ruleset, name)
    assert "rulesets" not in deck  # catalog metadata never reaches the engine
    spec = GameSpec(
        game_id="g",
        ruleset=ruleset,
        variant=variant,
        players=[PlayerSpec(p, p.upper(), {**deck, **deck_settings(ruleset)}) for p in ("a", "b")],
        seed=7,
    )
    outcome = get_engine(ruleset).start(spec, CATALOGS.cards(ruleset))
    assert isinstance(outcome, list), outcome
    assert outcome[0].rule.startswith(ruleset + " ")


def test_a_5_5_starter_is_refused_under_5_01_by_name() -> None:
    with pytest.raises(
        UnknownStarterDeckError, match=r"'water-starter' is for FoW-5\.5, not FoW-5\.01.*water-starter-5-01"
    ):
        CATALOGS.starter_deck("FoW-5.01", "water-starter")
