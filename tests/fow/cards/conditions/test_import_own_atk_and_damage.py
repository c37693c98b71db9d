"""Importing conditions on this card's own ATK or damage of real Grimm/Alice cards (helper
s3-cond): the real card text and the declarative form it must become (``domain/fow/importer.py``);
the engine side is in ``tests/fow/cards/conditions/test_play_own_atk_and_damage.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.fow.cards.import_support import full, imported_database
from tests.fow.cards.test_import_database import chosen, will


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


@pytest.mark.parametrize("card_id", ["VS01-027", "TTW-029"])
def test_if_this_cards_atk_is_1000_or_more(imported: dict[str, ImportedCard], card_id: str) -> None:
    # Lancelot, the Knight of Mad Demon (VS01-027, TTW-029): "Whenever this card attacks, if this
    # card's ATK is 1000 or more, this card deals 700 damage to target resonator.  {R} This card
    # gains [+100/+0] until end of turn."  The condition is checked on resolution (FoW-5.5 9.3 p3);
    # the will cost lacks its colon in the database ("{R}: This card ..." on the printed card).
    abilities = full(imported, card_id)["abilities"]
    assert abilities[1] == {
        "kind": "automatic",
        "trigger": "attacks",
        "effects": [
            {
                "op": "if",
                "condition": {"kind": "this_stat", "stat": "atk", "at_least": 1000},
                "effects": [{"op": "deal_damage", "amount": 700, "target": chosen("resonator")}],
            }
        ],
    }
    assert abilities[2] == {
        "kind": "activate",
        "cost": {"will": will(R=1)},
        "effects": [{"op": "modify", "atk": 100, "def": 0, "target": {"kind": "self"}, "duration": "end_of_turn"}],
    }


def test_cannot_attack_or_block_unless_its_damaged(imported: dict[str, ImportedCard]) -> None:
    # Napping Lion (BFA-025): "This card cannot attack or block unless it's damaged."  The rules
    # apply while no damage is on this card (FoW-5.5 9.4 p1, 5.4 p5.1).
    assert full(imported, "BFA-025")["abilities"] == [
        {
            "kind": "continuous",
            "rules": {"cannot_attack": True, "cannot_block": True},
            "condition": {"kind": "this_stat", "stat": "damage", "negate": True},
        }
    ]


def test_a_leading_will_cost_without_colon_is_read_only_before_this_card_gains(
    imported: dict[str, ImportedCard],
) -> None:
    # a paragraph that merely opens with will symbols and goes on otherwise is not an [Activate]
    # ability by default: only "{R} This card gains ..." is repaired
    from domain.fow.importer import _cost_colon

    assert _cost_colon("{R} This card gains [+100/+0] until end of turn.") == (
        "{R}: This card gains [+100/+0] until end of turn."
    )
    assert _cost_colon("{R} Destroy target resonator.") == "{R} Destroy target resonator."


def test_destroy_target_if_its_atk_or_def_is_not_printed(imported: dict[str, ImportedCard]) -> None:
    # Portal of Truth (TAT-067): "[Trigger] Anytime: Destroy target resonator if its ATK is different
    # from its printed ATK or its DEF is different from its printed DEF."  The target is chosen as
    # the card is played; what it is, on resolution (FoW-5.5 9.3 p2, p3).
    card = full(imported, "TAT-067")
    assert card["trigger"] == "anytime"
    assert card["effects"] == [
        {
            "op": "if",
            "condition": {"kind": "target_is", "filter": {"zone": "field", "types": [], "modified": True}},
            "effects": [{"op": "destroy", "target": chosen("resonator")}],
        }
    ]


def test_if_no_resonator_you_control_attacked_this_turn(imported: dict[str, ImportedCard]) -> None:
    # Sheharyar, the Distrust King (MPR-085): "[Continuous]: At the end of your turn, if no resonator
    # you control attacked this turn, banish another resonator."  Checked on resolution (9.3 p3).
    assert full(imported, "MPR-085")["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "end_of_turn",
            "effects": [
                {
                    "op": "if",
                    "condition": {"kind": "resonator_attacked", "negate": True},
                    "effects": [
                        {
                            "op": "banish",
                            "filter": {
                                "zone": "field",
                                "types": ["resonator"],
                                "controller": "you",
                                "other_than_self": True,
                            },
                            "who": "you",
                        }
                    ],
                }
            ],
        }
    ]
