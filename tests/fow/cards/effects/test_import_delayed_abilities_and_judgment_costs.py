"""Importing delayed automatic abilities ("At the end of turn, destroy that resonator", FoW-5.5
9.6 p8) and changes to the cost of [Judgment] (9.3 p2.5): the real card text
and the declarative form it must become (``domain/fow/importer.py``);
the engine side is specified in ``tests/fow/cards/effects/test_play_delayed_abilities_and_judgment_costs.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard, _Ctx, _effects, _GapError
from tests.fow.cards.import_support import full, imported_database

DESTROY_IT = {"op": "delayed", "at": "end_of_turn", "effects": [{"op": "destroy", "target": {"kind": "same"}}]}


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def test_at_the_next_end_of_turn_with_an_arrow_is_the_same_delayed_ability(imported: dict[str, ImportedCard]) -> None:
    # FoW-5.5 9.6 p8: Poison Apple (MP01-027, a printing worded unlike CMF-031): "Target resonator you
    # control gains [+1000/0] until end of turn. At the next end of turn >>> Destroy it." reads as "At the next
    # end of turn, destroy it"; Blood Boil (VIN003-019): "... At the next end of turn ⇒ Destroy that resonator."
    next_destroy = {**DESTROY_IT, "at": "next_end_of_turn"}
    assert full(imported, "MP01-027")["effects"][1] == next_destroy
    [_, mode] = full(imported, "VIN003-019")["effects"][0]["modes"]
    assert mode[-1] == next_destroy
    # a reading that fails quotes the printed sentence (Light of Transmigration, ACN-014)
    assert (
        imported["ACN-014"].gaps[-1]
        == "effect: At the next end of turn: Put it into the field under its owner's control."
    )


def test_at_the_end_of_turn_destroy_that_resonator(imported: dict[str, ImportedCard]) -> None:
    # Poison Apple (CMF-031): "Target resonator you control gains [+1000/+0] until end of turn. At
    # the end of turn, destroy that resonator." - "that resonator" is the modified target
    assert full(imported, "CMF-031")["effects"] == [
        {
            "op": "modify",
            "atk": 1000,
            "def": 0,
            "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"], "controller": "you"}},
            "duration": "end_of_turn",
        },
        DESTROY_IT,
    ]


def test_at_the_end_of_turn_destroy_it(imported: dict[str, ImportedCard]) -> None:
    # Helsing, the Vampire Hunter (CMF-061J): "[Enter]: Target non-Human J/resonator loses all
    # abilities until end of turn. At the end of turn, destroy it."
    assert full(imported, "CMF-061J")["abilities"][0]["effects"] == [
        {"op": "lose_abilities", "target": {"kind": "chosen", "filter": {"zone": "field", "not_races": ["Human"]}}},
        DESTROY_IT,
    ]


def test_at_the_end_of_turn_destroy_all_you_control(imported: dict[str, ImportedCard]) -> None:
    # Banzai Attack (VIN001-017): "... At the end of turn, destroy all resonators and J-Ruler you
    # control." - every J/resonator you control as the delayed ability resolves
    assert full(imported, "VIN001-017")["effects"][-1] == {
        "op": "delayed",
        "at": "end_of_turn",
        "effects": [{"op": "destroy", "target": {"kind": "all", "filter": {"zone": "field", "controller": "you"}}}],
    }


def test_a_delayed_ability_that_would_choose_a_target_stays_unsupported() -> None:
    # no new target is chosen when a delayed ability triggers: such text is not imported as one

    ctx = _Ctx("X", "spell", "chant", frozenset(), None)
    with pytest.raises(_GapError):
        _effects("Draw a card. At the end of turn, destroy target resonator.", ctx)


def test_paying_more_or_less_for_judgment(imported: dict[str, ImportedCard]) -> None:
    # Imperial Tank (VIN002-078): "Your opponent pays {1} more to play [Judgment] abilities."
    assert full(imported, "VIN002-078")["abilities"][0] == {
        "kind": "continuous",
        "cost_change": {"of": "judgment", "who": "opponent", "more": 1},
    }
    # Edelweiss (VIN002-077): "You pay {2} less to play [Judgment] abilities."
    assert full(imported, "VIN002-077")["abilities"][0]["cost_change"] == {"of": "judgment", "who": "you", "less": 2}
    # Barrier of Shadows (TTW-073): "... [Judgment] or God's Art abilities" and regalia's activate
    # abilities are other costs (tests/fow/cards/effects/test_import_prevention_scopes_and_compound_effects.py)
    assert full(imported, "TTW-073")["abilities"][0]["cost_change"]["of"] == "judgment_or_gods_art"
