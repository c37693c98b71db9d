"""Importing {X} in [Judgment] and [Awakening] costs and what reads the X chosen, and other costs of
judgment (helper bucket ``v_x``), on real card text (``domain/fow/importer.py``); the engine side is
specified in ``tests/test_fow_real_v_x.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.card_import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def test_judgment_with_an_x_paid_only_with_moon_will(imported: dict[str, ImportedCard]) -> None:
    # Moon Princess of Stellar Wars (MPR-046): "[J-Activate] Pay {2}{X}. Spend only {M} will on X."
    # (7.5 p2, 9.3 p2.5)
    assert full(imported, "MPR-046")["judgment"] == {
        "cost": {"attribute": {}, "free": 2},
        "x": True,
        "x_symbol": "M",
        "j_ruler": "MPR-046J",
    }


def test_j_ruler_searches_for_x_cards_into_the_field(imported: dict[str, ImportedCard]) -> None:
    # Kaguya, the Immortal Princess (MPR-046J): "[Enter]: Search your main deck for X Treasury Item
    # cards and put them into your field."  X: the X of the judgment that put it there
    [enter, *_] = full(imported, "MPR-046J")["abilities"]
    assert enter == {
        "kind": "automatic",
        "trigger": "enter",
        "effects": [
            {
                "op": "search",
                "filter": {"zone": "main_deck", "types": [], "races": ["Treasury Item"]},
                "to": "field",
                "count_x": True,
                "shuffle": False,
            }
        ],
    }
