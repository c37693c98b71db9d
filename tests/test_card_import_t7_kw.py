"""Importing characteristics and variable amounts of real Grimm/Alice cards (helper t7-kw): the
real card text and the declarative form it must become (``domain/fow/importer.py``); the engine
side is in ``tests/test_fow_real_t7_kw.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard, import_card
from tests.card_import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


# --- a blank ATK and DEF on a card whose text sizes it -------------------------------------------


def test_blank_stats_of_a_card_that_gains_for_each_are_zero(imported: dict[str, ImportedCard]) -> None:
    # Tinker Bell, the Spirit (CMF-019, ATK and DEF blank in the source): "[Continuous]: This card
    # gains [+200/+200] for each Fairy Tale you control" - printed [0/0]
    card = full(imported, "CMF-019")
    assert (card["atk"], card["def"]) == (0, 0)
    assert card["abilities"] == [
        {
            "kind": "continuous",
            "modify_atk": 200,
            "modify_def": 200,
            "per": {"filter": {"zone": "field", "types": [], "controller": "you", "races": ["Fairy Tale"]}},
        }
    ]
    assert any("printed [0/0]" in n for n in imported["CMF-019"].notes)


def test_blank_stats_without_such_text_stay_a_gap() -> None:
    # a resonator with both blank and nothing in its text that sizes it may not be [0/0]
    raw = {
        "id": "X-001",
        "name": "Blank",
        "type": ["Resonator"],
        "race": ["Human"],
        "cost": "{W}",
        "colour": ["W"],
        "ATK": "",
        "DEF": "",
        "abilities": ["[Flying]"],
    }
    card = import_card(raw)
    assert card.status == "partial"
    assert any("blank ATK and DEF are not 0" in g for g in card.gaps)


# --- "for each card in your hand" ---------------------------------------------------------------


def test_for_each_card_in_your_hand(imported: dict[str, ImportedCard]) -> None:
    # Soji Okita (VIN001-041, ATK and DEF blank): "This card gains [+100/+100] for each card in your
    # hand."  How many cards a player holds is counted in the hand zone (FoW-5.5 3.5)
    card = full(imported, "VIN001-041")
    assert (card["atk"], card["def"]) == (0, 0)
    assert card["abilities"][0] == {
        "kind": "continuous",
        "modify_atk": 100,
        "modify_def": 100,
        "per": {"filter": {"zone": "hand", "types": [], "controller": "you"}},
    }
