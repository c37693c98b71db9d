"""Importing target filters and variable amounts of real Grimm/Alice cards (stop u, f_tgt):

* "If you control a J-Ruler, this card deals damage equal to its ATK to that resonator." on a spell
  (which has no ATK): "its" is the ATK of the J-ruler you control;
* "Target resonator's ATK becomes equal to its DEF" (``switch_stats.atk_becomes_def``); "destroy up to
  one target resonator and up to one target regalia" (one target group each);
* "with total cost equal to the number of omen counters on this card" (``total_cost_counters``); "put
  hope counters equal to the number of resonators you control" (``put_counter.per``); "... with total
  cost less than or equal to the number of cards discarded this way" (``max_total_cost_that_many``);
* "This card's ATK is equal to total ATK of Cthulhu resonators you control" (``atk_total_of``);
* "Remove all cards in target player's graveyard ... for each resonator removed this way"
  (``whole_graveyard``, ``Count.this_way``);
* "Target Vampire you control deals damage equal to its ATK to another target resonator. Then you
  gain life equal to half of that much damage" (``deal_damage.by``, ``gain_life.half_of_damage``);
* 'Dragon J/resonators you control gain "..." until end of turn' (``grant_abilities`` on ``all``);
* "this and a J/resonator your opponent controls deal damage equal to their ATK to each other"
  (``fight.versus``, chosen on resolution).

The engine side is in ``tests/fow/cards/targets/test_play_filters_and_variable_amounts.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.fow.cards.import_support import full, imported_database


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


def test_destroy_all_resonators_with_total_cost_equal_to_the_counters(imported: dict[str, ImportedCard]) -> None:
    # Redbird of Omen (TAT-034): "[Continuous]: At the beginning of your main phase, destroy all
    # resonators with total cost equal to the number of omen counters on this card." / "[Continuous]:
    # At the end of your turn, put an omen counter on this card."
    main, end = full(imported, "TAT-034")["abilities"]
    assert main["trigger"] == "beginning_of_main_phase"
    assert main["effects"] == [
        {
            "op": "destroy",
            "target": {
                "kind": "all",
                "filter": {"zone": "field", "types": ["resonator"], "total_cost_counters": "omen"},
            },
        }
    ]
    assert end["trigger"] == "end_of_turn"


def test_counters_equal_to_the_number_of_resonators_you_control(imported: dict[str, ImportedCard]) -> None:
    # Lumiel, the Tower of Hope (TAT-010): "[Continuous]: At the beginning of your main phase, put hope
    # counters equal to the number of resonators you control on this card. Then, if there are ten or
    # more hope counters on this card, banish it and destroy all resonators and additions your
    # opponent controls."  "it" is this card, the only object named before it.
    [ability] = full(imported, "TAT-010")["abilities"]
    assert ability["trigger"] == "beginning_of_main_phase"
    assert ability["effects"] == [
        {
            "op": "put_counter",
            "counter": "hope",
            "target": {"kind": "self"},
            "per": {"filter": {"zone": "field", "types": ["resonator"], "controller": "you"}},
        },
        {
            "op": "if",
            "condition": {"kind": "counters", "at_least": 10, "counter": "hope"},
            "effects": [
                {"op": "banish", "target": {"kind": "self"}},
                {
                    "op": "destroy",
                    "target": {
                        "kind": "all",
                        "filter": {"zone": "field", "types": ["resonator", "addition"], "controller": "opponent"},
                    },
                },
            ],
        },
    ]


def test_return_all_with_total_cost_at_most_the_cards_discarded_this_way(imported: dict[str, ImportedCard]) -> None:
    # Leviathan, the First of the Sea (TTW-043): "When this card enters your field, discard your hand.
    # Then return all resonators your opponent controls with total cost less than or equal to the
    # number of cards discarded this way to their owner's hands."
    entered = full(imported, "TTW-043")["abilities"][0]
    assert entered["trigger"] == "enters_field"
    assert entered["effects"] == [
        {"op": "discard", "who": "you", "whole_hand": True},
        {
            "op": "return_to_hand",
            "target": {"kind": "all", "filter": {"zone": "field", "types": ["resonator"], "controller": "opponent"}},
            "max_total_cost_that_many": True,
        },
    ]


def test_atk_is_equal_to_total_atk_of_cthulhu_resonators_you_control(imported: dict[str, ImportedCard]) -> None:
    # Nyarlathotep, the Faceless God (MPR-080J): "[Continuous]: This card's ATK is equal to total ATK
    # of Cthulhu resonators you control."
    card = full(imported, "MPR-080J")
    assert (card["atk"], card["def"]) == (0, 1200)  # a blank ATK: the text gives it its ATK
    total = card["abilities"][1]
    assert total["kind"] == "continuous"
    assert total["atk_total_of"] == {"zone": "field", "types": ["resonator"], "controller": "you", "races": ["Cthulhu"]}


def test_remove_all_cards_in_target_players_graveyard_and_count_them(imported: dict[str, ImportedCard]) -> None:
    # Fetal Movement in Outer World (MOA-015): "Remove all cards in target player's graveyard from the
    # game. This card deals 100 damage to your opponent for each resonator removed this way."
    assert full(imported, "MOA-015")["effects"] == [
        {"op": "remove_from_game", "target": {"kind": "chosen", "players_only": True}, "whole_graveyard": True},
        {
            "op": "deal_damage",
            "amount": 100,
            "target": {"kind": "opponent"},
            "per": {"filter": {"zone": "removed", "types": ["resonator"]}, "this_way": True},
        },
    ]


def test_target_vampire_deals_damage_equal_to_its_atk_then_half_of_that_much_life(
    imported: dict[str, ImportedCard],
) -> None:
    # Bloodsucking Impulse (CMF-080): "Target Vampire you control deals damage equal to its ATK to
    # another target resonator. Then you gain life equal to half of that much damage. (Rounded up to
    # the nearest 100.)"
    vampire = {"zone": "field", "types": [], "controller": "you", "races": ["Vampire"], "playground": True}
    assert full(imported, "CMF-080")["effects"] == [
        {
            "op": "deal_damage",
            "amount": 0,
            "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}, "second": True},
            "equal_to": "atk",
            "equal_to_of": "by",
            "by": {"kind": "chosen", "filter": vampire},
        },
        {"op": "gain_life", "amount": 0, "who": "you", "half_of_damage": True},
    ]


def test_dragon_j_resonators_you_control_gain_an_ability(imported: dict[str, ImportedCard]) -> None:
    # Sylvia's Roar (TTW-034): "Choose one. If your J/ruler is "Sylvia Gill Palarilias" choose up to two
    # instead - Resonators you control gain [+300/0] until end of turn; or Dragon J/resonators you
    # control gain "Whenever this card attacks, it deals damage equal to its ATK to target resonator."
    # until end of turn."
    [choose] = full(imported, "TTW-034")["effects"]
    assert (choose["up_to"], choose["up_to_if"]["kind"]) == (2, "ruler_is")
    [grant] = choose["modes"][1]
    assert grant["target"] == {"kind": "all", "filter": {"zone": "field", "controller": "you", "races": ["Dragon"]}}
    [ability] = grant["abilities"]
    assert ability["trigger"] == "attacks"
    assert ability["effects"] == [
        {
            "op": "deal_damage",
            "amount": 0,
            "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}},
            "equal_to": "atk",
        }
    ]


def test_this_and_a_j_resonator_your_opponent_controls_deal_damage_to_each_other(
    imported: dict[str, ImportedCard],
) -> None:
    # Kujata, Sacred Ox (TMS-058): "Whenever an evolution counter is placed on this card, this and a
    # J/resonator your opponent controls deal damage equal to their ATK to each other."  "a J/resonator"
    # is no target: a ``versus`` filter, chosen on resolution.
    ability = full(imported, "TMS-058")["abilities"][1]
    assert ability["trigger"] == "evolution_counter_put"
    assert ability["effects"] == [
        {"op": "fight", "target": {"kind": "self"}, "versus": {"zone": "field", "controller": "opponent"}}
    ]
