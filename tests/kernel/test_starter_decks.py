"""Every starter deck ``GET /rulesets`` offers for a ruleset is legal under that ruleset, and a
deck made for another version is refused by name instead of failing deck construction."""

from __future__ import annotations

import pytest

from domain.kernel import GameSpec, PlayerSpec
from domain.rulesets import get_engine, list_rulesets
from service.catalog import CardCatalogs, UnknownStarterDeckError

CATALOGS = CardCatalogs()
OFFERED = [
    (r["ruleset"], r["variants"][0], name) for r in list_rulesets() for name in CATALOGS.starter_decks(r["ruleset"])
]


def test_every_builtin_ruleset_offers_two_starter_decks() -> None:
    offered: dict[str, int] = {}
    for ruleset, _, _ in OFFERED:
        offered[ruleset] = offered.get(ruleset, 0) + 1
    assert {r: offered.get(r, 0) for r in ("FoW-5.5", "FoW-5.01", "GCG-1.00", "LL-2.04")} == {
        "FoW-5.5": 2,
        "FoW-5.01": 2,
        "GCG-1.00": 2,
        "LL-2.04": 2,
    }


@pytest.mark.parametrize(("ruleset", "variant", "name"), OFFERED)
def test_an_offered_starter_deck_sets_up_a_game(ruleset: str, variant: str, name: str) -> None:
    deck = CATALOGS.starter_deck(ruleset, name)
    assert "rulesets" not in deck  # catalog metadata never reaches the engine
    spec = GameSpec(
        game_id="g",
        ruleset=ruleset,
        variant=variant,
        players=[PlayerSpec("a", "A", deck), PlayerSpec("b", "B", deck)],
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
