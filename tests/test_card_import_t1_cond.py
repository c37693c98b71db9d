"""Importing conditions and branches of real Grimm/Alice cards (helper t1-cond): the real card
text and the declarative form it must become (``domain/fow/importer.py``); the engine side is in
``tests/test_fow_real_t1_cond.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.card_import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def test_reveal_the_top_card_if_its_a_race_put_it_into_your_field(imported: dict[str, ImportedCard]) -> None:
    # Oracle of Tsukuyomi (MOA-028): "When this card is put into your graveyard from your field,
    # reveal the top card of your main deck. If it's a Wererabbit, put it into your field.
    # Otherwise, put it into your graveyard."  A race alone names a card of any type (FoW-5.5 2.5
    # p4); the engine puts into a field only a card that can be there by itself (3.15 p4).
    assert full(imported, "MOA-028")["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "put_into_graveyard_from_field",
            "effects": [
                {
                    "op": "reveal_top",
                    "filter": {"zone": "main_deck", "types": [], "races": ["Wererabbit"]},
                    "then": "field",
                    "otherwise": "graveyard",
                }
            ],
        }
    ]
