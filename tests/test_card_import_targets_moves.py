"""Importing target filters, moves between zones and looking at / revealing cards: the real
card text and the declarative form it must become (``domain/fow/importer.py``); the engine
side is specified in ``tests/test_fow_targets_moves.py``.  Wordings the grammar does not
fully understand stay unsupported."""

from __future__ import annotations

from typing import Any

import pytest

from domain.fow.importer import ImportedCard, ImportResult, import_cards
from service.card_import import load_database
from tests.test_card_import import BATCH_JSON, CARDS_JSON, chosen, shape


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    result: ImportResult = import_cards(load_database(CARDS_JSON) + load_database(BATCH_JSON))
    return result.by_id()


def full(imported: dict[str, ImportedCard], card_id: str) -> dict[str, Any]:
    c = imported[card_id]
    assert c.status == "full", (card_id, c.gaps)
    return shape(c.card)


# --- target filters ------------------------------------------------------------------------


def test_a_resonator_that_was_dealt_damage_this_turn(imported: dict[str, ImportedCard]) -> None:
    # Demonflame (VS01-018): "Choose one - This card deals 500 damage to target resonator; or
    # destroy target resonator that was dealt damage this turn."
    modes = full(imported, "VS01-018")["effects"][0]["modes"]
    assert modes[1] == [{"op": "destroy", "target": chosen("resonator", dealt_damage=True)}]
    assert full(imported, "TMS-021")["effects"][0]["modes"][1] == modes[1]


def test_several_negations_all_apply(imported: dict[str, ImportedCard]) -> None:
    # Light of Lumia (TAT-008): "Choose one - Rest all non-light, non-Fairy Tale resonators; or
    # remove target non-light, non-Fairy Tale resonator from the game."
    flt = {"zone": "field", "types": ["resonator"], "not_races": ["Fairy Tale"], "not_attributes": ["W"]}
    assert full(imported, "TAT-008")["effects"][0]["modes"] == [
        [{"op": "rest", "target": {"kind": "all", "filter": flt}}],
        [{"op": "remove_from_game", "target": {"kind": "chosen", "filter": flt}}],
    ]


def test_each_of_up_to_n_targets(imported: dict[str, ImportedCard]) -> None:
    # Glinda, the Fairy (TAT-066): "Put an achievement counter on each of up to two target
    # resonators. If you control "Oz, the Great Wizard", draw a card."
    assert full(imported, "TAT-066")["effects"][0] == {
        "op": "put_counter",
        "counter": "achievement",
        "target": {**chosen("resonator"), "count": 2, "up_to": True},
    }


def test_this_card_and_a_target_both_gain(imported: dict[str, ImportedCard]) -> None:
    # Rotting Black Moon Dragon (BFA-075): "{M}: This card and target resonator gain
    # [-200/-200] until end of turn."
    assert full(imported, "BFA-075")["abilities"][0]["effects"] == [
        {"op": "modify", "atk": -200, "def": -200, "target": {"kind": "self"}, "duration": "end_of_turn"},
        {"op": "modify", "atk": -200, "def": -200, "target": chosen("resonator"), "duration": "end_of_turn"},
    ]


def test_it_in_a_trailing_if_is_the_card_itself(imported: dict[str, ImportedCard]) -> None:
    # VIN002-068: "When this card enters your field => Rest it if you don't control another
    # Calamity Raven."
    effects = full(imported, "VIN002-068")["abilities"][0]["effects"]
    assert effects[0]["op"] == "if" and effects[0]["effects"] == [{"op": "rest", "target": {"kind": "self"}}]


def test_a_misprinted_card_name_in_a_search(imported: dict[str, ImportedCard]) -> None:
    # MOA-008: "[Enter]: Search your main deck for a card name "Kaguya, the Tale of the Bamboo
    # Cutter", reveal it and put it into your hand. Then shuffle your main deck."
    search = full(imported, "MOA-008")["abilities"][0]["effects"][0]
    assert search == {
        "op": "search",
        "filter": {"zone": "main_deck", "types": [], "name": "Kaguya, the Tale of the Bamboo Cutter"},
    }
