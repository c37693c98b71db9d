"""Importing partial damage prevention (FoW-5.5 10.17): "If damage would be dealt to the resonator
with this, prevent 500 of it" (the damage is reduced, 10.17 p1.1) and "If this card would be dealt
700 or less damage, prevent it" (only small damage, all of it, 10.17 p1.2); the real card text and
the declarative form it must become (``domain/fow/importer.py``); the engine side is specified in
``tests/fow/cards/damage/test_play_partial_prevention.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard, _continuous, _Ctx, _effects, _GapError
from tests.fow.cards.import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def test_prevent_500_of_damage_to_the_resonator_with_this(imported: dict[str, ImportedCard]) -> None:
    # Dragonslayer (TAT-059, [Addition:Resonator]): "[Continuous]: If damage would be dealt to the
    # resonator with this, prevent 500 of it."
    assert full(imported, "TAT-059")["abilities"][1] == {
        "kind": "replacement",
        "replaces": "self_damaged",
        "instead": "prevent",
        "prevent_amount": 500,
    }


def test_prevent_700_or_less_damage_to_this_card(imported: dict[str, ImportedCard]) -> None:
    # Gareth, the Dauntless Knight (SKL-026): "If this card would be dealt 700 or less damage, prevent it."
    assert full(imported, "SKL-026")["abilities"] == [
        {
            "kind": "replacement",
            "replaces": "self_damaged",
            "instead": "prevent",
            "prevent_at_most": 700,
        }
    ]


def test_the_resonator_with_this_is_said_only_by_an_addition() -> None:
    # on a resonator, "the resonator with this" names no card the replacement could cover
    ctx = _Ctx("X", "resonator", None, frozenset(), None)
    text = "If damage would be dealt to the resonator with this, prevent 500 of it."
    with pytest.raises(_GapError):
        _continuous(text, text.rstrip("."), ctx)
    # damage dealt to a player is no damage dealt to this card: a replacement covering you instead
    # (tests/fow/cards/effects/test_import_prevention_scopes_and_compound_effects.py)
    barrier = "If damage would be dealt to you by a normal spell, prevent 200 of it."
    assert _continuous(barrier, barrier.rstrip("."), ctx)["affects"] == {"kind": "you"}


def test_added_resonator_cannot_attack_resonators(imported: dict[str, ImportedCard]) -> None:
    # All Consuming Suspicion (TTW-038, [Addition:Resonator]): "Added resonator cannot attack
    # resonators."  A rule override of the card it is added to (1.4 p1, 8.2 p3.2)
    assert full(imported, "TTW-038")["abilities"][0] == {
        "kind": "continuous",
        "rules": {"cannot_attack_resonators": True},
    }


def test_target_resonator_plus_600_until_end_of_turn_a_misprint(imported: dict[str, ImportedCard]) -> None:
    # Evolution of Limits (TAT-060): "Target resonator [+600/+600] until end of turn." - "gains"
    # left out of the printed text: the same effect as "Target resonator gains [+600/+600] ..."
    resonator = {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}}
    modify = {"op": "modify", "atk": 600, "def": 600, "target": resonator, "duration": "end_of_turn"}
    assert full(imported, "TAT-060")["effects"] == [modify]
    ctx = _Ctx("X", "spell", "chant_instant", frozenset(), None)
    assert _effects("Target resonator gains [+600/+600] until end of turn.", ctx) == [modify]
