"""Importing conditions and durations of real Grimm/Alice cards (helper a-cond): the real card
text and the declarative form it must become (``domain/fow/importer.py``); the engine side is
in ``tests/fow/cards/conditions/test_play_durations_and_restrictions.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.fow.cards.import_support import full, imported_database
from tests.fow.cards.test_import_database import chosen, will


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def test_a_cost_reduction_if_it_targets_a_race(imported: dict[str, ImportedCard]) -> None:
    # Pricia's Call to Action (TMS-060): "You may pay {G} less to play this card if it targets a
    # Beast."  The targets are chosen before the cost is determined (FoW-5.5 9.3 p2.4, p2.5).
    card = full(imported, "TMS-060")
    assert card["cost_reduction"] == {
        "cost": will(G=1),
        "condition": {"kind": "targets", "filter": {"zone": "field", "types": [], "races": ["Beast"]}},
    }
    assert card["effects"][0]["target"] == chosen("resonator")
    # Breath of the God (TAT-001, VIN001-003): "You may pay {W}{1} less to play this card, if it
    # targets a Saint."
    for card_id in ("TAT-001", "VIN001-003"):
        assert full(imported, card_id)["cost_reduction"] == {
            "cost": will(1, W=1),
            "condition": {"kind": "targets", "filter": {"zone": "field", "types": [], "races": ["Saint"]}},
        }
    # Protection of the Fairies (TTW-015, an [Addition:Resonator]: it targets the resonator it is
    # added to): "You may pay {W} less to play this card, if it targets a Fairy resonator."
    assert full(imported, "TTW-015")["cost_reduction"]["condition"] == {
        "kind": "targets",
        "filter": {"zone": "field", "types": ["resonator"], "races": ["Fairy"]},
    }


def test_if_this_card_was_awakened_with_a_second_target(imported: dict[str, ImportedCard]) -> None:
    # Luminescent Bamboo Bullet (TMS-008): "Destroy target rested resonator. Destroy up to one
    # second target rested resonator if this card was awakened.  [Awakening] {M}{1}."
    rested = chosen("resonator", rested=True)
    card = full(imported, "TMS-008")
    assert card["effects"] == [
        {"op": "destroy", "target": rested},
        {
            "op": "if",
            "condition": {"kind": "awakened"},
            "effects": [{"op": "destroy", "target": {**rested, "up_to": True, "second": True}}],
        },
    ]
    assert card["awakening"] == {"cost": will(1, M=1)}
    # Set Free (BFA-041): "Put target resonator on top of its owner's main deck. Put up to one
    # second target resonator on top of its owner's main deck if this card was awakened."
    assert full(imported, "BFA-041")["effects"][1] == {
        "op": "if",
        "condition": {"kind": "awakened"},
        "effects": [
            {"op": "put_on_main_deck", "target": {**chosen("resonator"), "up_to": True, "second": True}},
        ],
    }


def test_cancel_unless_its_controller_pays(imported: dict[str, ImportedCard]) -> None:
    # Wall of Wind (TMS-064): "Cancel target spell unless its controller pays {1}."
    effects = full(imported, "TMS-064")["effects"]
    assert len(effects) == 1 and effects[0]["op"] == "cancel" and effects[0]["unless_pays"] == will(1)
    assert effects[0]["target"]["filter"]["zone"] == "chase"
    # Glinda, the Fairy (TAT-062): "[Activate] Banish this card: Cancel target normal spell unless
    # its controller pays {2}."  Fiethsing, the Elvish Oracle (MOA-033): "... Cancel target spell
    # unless its controller pays {1}."
    glinda = full(imported, "TAT-062")["abilities"][1]
    assert glinda["cost"] == {"banish_self": True} and glinda["effects"][0]["unless_pays"] == will(2)
    assert "resonator" not in glinda["effects"][0]["target"]["filter"]["types"]  # a normal spell
    assert full(imported, "MOA-033")["abilities"][-1]["effects"][0]["unless_pays"] == will(1)


def test_does_not_recover_during_the_recovery_phase(imported: dict[str, ImportedCard]) -> None:
    # Hamelin's Pied Piper (CMF-043): "[Enter]: Rest target resonator your opponent controls. It
    # doesn't recover during the recovery phase as long as this card is on a field." (and the same
    # whenever it attacks): "It" is the rested target; the effect lasts while the Piper is there
    rested = chosen("resonator", controller="opponent")
    lasting = {
        "op": "restrict",
        "target": {"kind": "same"},
        "rules": ["doesnt_recover_in_recovery_phase"],
        "duration": "source_in_field",
    }
    enter, attacks = full(imported, "CMF-043")["abilities"]
    assert enter == {"kind": "automatic", "trigger": "enter", "effects": [{"op": "rest", "target": rested}, lasting]}
    assert attacks["trigger"] == "attacks" and attacks["effects"][1] == lasting
    # Bind of Gravity (MPR-075): "[Continuous]: Added resonator cannot recover during recovery phase."
    assert full(imported, "MPR-075")["abilities"][1] == {
        "kind": "continuous",
        "rules": {"cannot_recover_in_recovery_phase": True},
    }
    # Rapunzel, the Long-Haired Princess (CMF-014): "[Continuous]: This card doesn't recover during
    # the recovery phase." (its next paragraph, a cost resting another resonator, is expressed since
    # t6-move: tests/fow/cards/moves/test_import_banish_remove_and_search.py)
    rapunzel = imported["CMF-014"]
    assert rapunzel.card is not None and rapunzel.status == "full"
    assert (
        rapunzel.card.abilities[0].rules is not None
        and rapunzel.card.abilities[0].rules.doesnt_recover_in_recovery_phase
    )


def test_must_block_if_able(imported: dict[str, ImportedCard]) -> None:
    # Little Mermaid of Tragic Love (TAT-044): "[Continuous]: Your opponent must block this card if able."
    assert full(imported, "TAT-044")["abilities"][1] == {
        "kind": "continuous",
        "rules": {"must_be_blocked_if_able": True},
    }
    # Alfons Auclair (VIN002-016): "When this card enters your field => Target resonator must block
    # this turn if able."
    assert full(imported, "VIN002-016")["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "enters_field",
            "effects": [{"op": "restrict", "target": chosen("resonator"), "rules": ["must_block_if_able"]}],
        }
    ]
