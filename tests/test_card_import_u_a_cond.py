"""Importing conditions and durations of real Grimm/Alice cards (helper a_cond):

* "Your opponent discards two cards. If your Ruler is "A" or your J-Ruler is "B" or "C", he or
  she discards two cards at random instead.": the chosen discard while the condition does not
  hold, the same discard at random (FoW-5.5 10.20 p1) while it does (9.3 p3.2).

The engine side is in ``tests/test_fow_real_u_a_cond.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.card_import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


PANDORA = {
    "kind": "ruler_is",
    "rulers": ["Pandora, Girl of the Box"],
    "j_rulers": ["Pandora of Light", "Pandora of Dark"],
}


def test_spiral_of_despair_discards_at_random_instead(imported: dict[str, ImportedCard]) -> None:
    # Spiral of Despair (CMF-093): "Your opponent discards two cards. If your Ruler is "Pandora, Girl
    # of the Box" or your J-Ruler is "Pandora of Light" or "Pandora of Dark", he or she discards two
    # cards at random instead."
    card = full(imported, "CMF-093")
    discard = {"op": "discard", "count": 2, "who": "opponent"}
    assert card["effects"] == [
        {"op": "if", "condition": {**PANDORA, "negate": True}, "effects": [discard]},
        {"op": "if", "condition": PANDORA, "effects": [{**discard, "at_random": True}]},
    ]
