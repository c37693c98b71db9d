"""Importing target filters and variable amounts of real Grimm/Alice cards (stop u, f_tgt):

* "If you control a J-Ruler, this card deals damage equal to its ATK to that resonator." on a spell
  (which has no ATK): "its" is the ATK of the J-ruler you control.

The engine side is in ``tests/test_fow_real_u_f_tgt.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.card_import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


@pytest.mark.parametrize("card_id", ["VS01-023", "TTW-026"])
def test_flash_of_demon_sword_deals_damage_equal_to_the_j_rulers_atk(
    imported: dict[str, ImportedCard], card_id: str
) -> None:
    # Flash of Demon Sword (VS01-023, TTW-026): "[Trigger] When a J/resonator you control attacks:
    # Target resonator cannot block until end of turn. If you control a J-Ruler, this card deals
    # damage equal to its ATK to that resonator."
    card = full(imported, card_id)
    assert card["trigger"] == "you_attack"
    assert card["effects"] == [
        {
            "op": "restrict",
            "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}},
            "rules": ["cannot_block"],
        },
        {
            "op": "if",
            "condition": {"kind": "controls", "filter": {"zone": "field", "types": ["j_ruler"], "controller": "you"}},
            "effects": [
                {
                    "op": "deal_damage",
                    "amount": 0,
                    "target": {"kind": "same"},
                    "equal_to": "atk",
                    "equal_to_of": "your_j_ruler",
                }
            ],
        },
    ]


def test_atk_becomes_equal_to_its_def(imported: dict[str, ImportedCard]) -> None:
    # Heart Stirring Sage (TMS-056): "{Rest}: Target resonator's ATK becomes equal to its DEF until
    # end of turn."
    [activate] = full(imported, "TMS-056")["abilities"]
    assert activate["cost"] == {"rest": True}
    assert activate["effects"] == [
        {
            "op": "switch_stats",
            "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}},
            "atk_becomes_def": True,
        }
    ]


def test_destroy_up_to_one_target_resonator_and_up_to_one_target_regalia(imported: dict[str, ImportedCard]) -> None:
    # Space-Time Collapse (TMS-083): "Choose one - Destroy target resonator or regalia; or destroy up
    # to one target resonator and up to one target regalia. Choose the second only if your J/ruler is
    # "Conqueror of the Black Moon, Gill Lapis" or "Gill Lapis, the Primogenitor""
    [choose] = full(imported, "TMS-083")["effects"]
    either = ["resonator", "regalia"]
    names = ["Conqueror of the Black Moon, Gill Lapis", "Gill Lapis, the Primogenitor"]
    assert choose == {
        "op": "choose",
        "modes": [
            [{"op": "destroy", "target": {"kind": "chosen", "filter": {"zone": "field", "types": either}}}],
            [
                {
                    "op": "destroy",
                    "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}, "up_to": True},
                },
                {
                    "op": "destroy",
                    "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["regalia"]}, "up_to": True},
                },
            ],
        ],
        "only_if": [None, {"kind": "ruler_is", "rulers": names, "j_rulers": names}],
    }
