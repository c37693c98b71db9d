"""Importing real Grimm/Alice cards of the s3-opt round: the card text and the declarative form it
must become (``domain/fow/importer.py``); the engine side is in ``tests/test_fow_real_s3_opt.py``.
Wordings the engine could not execute exactly stay unsupported."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.card_import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def test_reveal_the_top_card_of_your_deck_and_gain_with_no_duration(imported: dict[str, ImportedCard]) -> None:
    # Drill Sergeant (TMS-036): "Whenever this card attacks or blocks, reveal the top card of your
    # deck. If it's a resonator, resonators you control gain [+300/+300]. Otherwise, return this
    # card to its owner's hand."  "Your deck" is the main deck; the gain has no duration: it lasts
    # (FoW-5.5 9.1 p2.2) on every resonator you control, also later ones (9.9 p4)
    card = full(imported, "TMS-036")
    effects = [
        {"op": "reveal_top", "then": "stay"},
        {
            "op": "if",
            "condition": {"kind": "top_card", "filter": {"zone": "main_deck", "types": ["resonator"]}},
            "effects": [
                {
                    "op": "modify",
                    "atk": 300,
                    "def": 300,
                    "target": {"kind": "all", "filter": {"zone": "field", "types": ["resonator"], "controller": "you"}},
                    "duration": "permanent",
                }
            ],
            "otherwise": [{"op": "return_to_hand", "target": {"kind": "self"}}],
        },
    ]
    assert card["abilities"] == [
        {"kind": "automatic", "trigger": "attacks", "effects": effects},
        {"kind": "automatic", "trigger": "blocks", "effects": effects},
    ]


def test_a_gain_with_no_duration_on_all_j_resonators(imported: dict[str, ImportedCard]) -> None:
    # Dark Alice, Maiden of Slaughter (TTW-076J), God's Art [Walpurgis Night] {B}{B}: "J/resonators
    # your opponent controls gain [-200/-200]. Search ..."  The God's Art is expressed (the card
    # stays partial for its other ability)
    card = imported["TTW-076J"]
    assert card.status == "partial"
    art = next(a for a in card.card.abilities if a.gods_art)
    modify = {"op": art.effects[0].op, **art.effects[0].model_dump(mode="json", exclude_defaults=True, by_alias=True)}
    assert modify == {
        "op": "modify",
        "atk": -200,
        "def": -200,
        "target": {"kind": "all", "filter": {"controller": "opponent"}},  # in the field: the default
        "duration": "permanent",
    }


def test_a_gain_with_no_duration_on_one_object_stays_unsupported(imported: dict[str, ImportedCard]) -> None:
    # Horn of Sacred Beasts (SKL-099): "... If it's "Pricia, the Commander of Sacred Beasts", it
    # gains [Imperishable]." One object's lasting gain would need its end (it leaving the field)
    assert any("It gains [Imperishable]" in gap for gap in imported["SKL-099"].gaps)
