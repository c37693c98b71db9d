"""Importing cost changes, odd characteristics and looking at cards of real Grimm/Alice cards
(stop 16, u-b_cond):

* "You pay {2} more to play normal spells", "You may pay {1} less to play spells with no attribute,
  to a minimum free cost of {1}": `cost_change` of playing cards (9.3 p2.5, 3.13 p3);
* "Magic stones with non-will activate abilities don't recover during recovery phase": a
  ``non_will_activate`` filter (FoW-5.5 9.5, 9.7 p1) on the rule of 5.2 p5.

The engine side is in ``tests/test_fow_real_u_b_cond.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.card_import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def test_magic_stones_with_non_will_activate_abilities_dont_recover(imported: dict[str, ImportedCard]) -> None:
    # Transparent Moon (MOA-030): "Magic stones with non-will activate abilities don't recover during
    # recovery phase."
    [moon] = full(imported, "MOA-030")["abilities"]
    assert moon == {
        "kind": "continuous",
        "affects": {
            "kind": "all",
            "filter": {"zone": "stone_area", "types": ["magic_stone"], "non_will_activate": True},
        },
        "rules": {"doesnt_recover_in_recovery_phase": True},
    }


def test_added_resonator_gains_you_pay_more_to_play_normal_spells(imported: dict[str, ImportedCard]) -> None:
    # Silencing Spell (TMS-082): "Added resonator gains "You pay {2} more to play normal spells."."
    [granted] = full(imported, "TMS-082")["abilities"]
    assert granted == {
        "kind": "continuous",
        "grant_abilities": [
            {
                "kind": "continuous",
                "text": "You pay {2} more to play normal spells.",
                "cost_change": {"of": "normal_spell", "who": "you", "more": 2},
            },
        ],
    }


def test_you_may_pay_less_to_play_spells_with_no_attribute(imported: dict[str, ImportedCard]) -> None:
    # Engineer of Leginus (BFA-036): "You may pay {1} less to play spells with no attribute, to a
    # minimum free cost of {1}."
    [engineer] = full(imported, "BFA-036")["abilities"]
    assert engineer["cost_change"] == {
        "of": "spell",
        "who": "you",
        "less": 1,
        "filter": {"zone": "chase", "types": [], "no_attribute": True},
        "minimum": 1,
        "optional": True,
    }
