"""Importing real cards whose [Continuous] paragraph holds a continuous ability and then an
automatic one opening its own sentence with its trigger condition ("At the end of turn, ...",
FoW-5.5 9.6 p1, 5.4 p3), and the player "added resonator's controller" (7.2 p3): the real card's
text and its expected declarative form, written out by hand (the engine side is
tests/fow/cards/triggers/test_play_continuous_then_end_of_turn_trigger.py)."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard, import_cards
from tests.fow.cards.import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def test_a_continuous_ability_then_an_end_of_turn_trigger(imported: dict[str, ImportedCard]) -> None:
    # Yellow Sign (MPR-088, [Addition:Resonator]): "[Continuous]: Added resonator gains [-300/-300].
    # At the end of turn, this card deals 300 damage to added resonator's controller."
    assert full(imported, "MPR-088")["abilities"] == [
        {"kind": "continuous", "modify_atk": -300, "modify_def": -300},
        {
            "kind": "automatic",
            "trigger": "end_of_each_turn",
            "effects": [{"op": "deal_damage", "amount": 300, "target": {"kind": "host_controller"}}],
        },
    ]


def _record(ability: str, type_: str = "Addition:Resonator") -> dict[str, object]:
    return {
        "id": "TST-S3T-001",
        "name": "Test",
        "type": [type_],
        "race": [],
        "cost": "{B}",
        "colour": ["B"],
        "ATK": "",
        "DEF": "",
        "abilities": [ability],
    }


def test_the_trigger_sentence_is_not_split_off_an_automatic_ability() -> None:
    # "... until end of turn. At the end of turn, destroy it" after a trigger condition is one
    # automatic ability making a delayed one (9.6 p8), not a second ability of the paragraph
    text = (
        "[Continuous]: Whenever added resonator attacks, it gains [+300/+0] until end of turn. "
        "At the end of turn, destroy it."
    )
    card = import_cards([_record(text)]).by_id()["TST-S3T-001"]
    kinds = [a.kind for a in card.card.abilities] if card.card is not None else []
    assert "continuous" not in kinds


def test_added_resonators_controller_only_on_an_addition_to_a_resonator() -> None:
    text = "[Continuous]: At the end of turn, this card deals 300 damage to added resonator's controller."
    assert import_cards([_record(text)]).by_id()["TST-S3T-001"].status == "full"
    card = import_cards([_record(text, "Resonator")]).by_id()["TST-S3T-001"]
    assert card.status != "full" and any("added resonator's controller" in g for g in card.gaps)


def test_an_addition_destroying_its_host_at_the_end_of_its_controllers_turn(
    imported: dict[str, ImportedCard],
) -> None:
    # Glyph of Unkill (MPR-029, [Addition:Resonator]): "[Continuous]: Destroy added resonator at the
    # end of its controller's turn." - the trigger condition closes the sentence; "its" is the
    # added resonator (5.4 p3, 7.2 p3)
    assert full(imported, "MPR-029")["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "end_of_host_controllers_turn",
            "effects": [{"op": "destroy", "target": {"kind": "host"}}],
        }
    ]


def test_its_controllers_turn_only_on_an_addition_naming_added_resonator() -> None:
    text = "[Continuous]: Destroy target resonator at the end of its controller's turn."
    assert import_cards([_record(text)]).by_id()["TST-S3T-001"].status != "full"
