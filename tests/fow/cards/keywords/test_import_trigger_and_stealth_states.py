"""Importing [Trigger] and [Stealth] conditions of real Grimm and Alice cards made of several
states ("X and Y"), of what happened this turn, and "When this card enters your field from a
chant-standby area": the real card text and the declarative form it must become; the engine
side is specified in ``tests/fow/cards/keywords/test_play_trigger_and_stealth_states.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.fow.cards.import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def stone(kind: str) -> dict[str, object]:
    """ "you control a <kind> magic stone" (FoW-5.5 2.1 p5.2)."""
    flt = {"zone": "stone_area", "types": ["magic_stone"], "controller": "you", "stone_types": [kind]}
    return {"kind": "controls", "filter": flt}


def test_two_states_joined_by_and(imported: dict[str, ImportedCard]) -> None:
    # Flame Trap (BFA-023): "[Trigger] You control a fire magic stone and your opponent controls
    # four or more resonators: This card deals 800 damage to each resonator your opponent controls."
    data = full(imported, "BFA-023")
    assert data["trigger"] == "status"
    assert data["trigger_condition"] == {
        "kind": "all_of",
        "conditions": [
            stone("Fire Magic Stone"),
            {
                "kind": "controls",
                "filter": {"zone": "field", "types": ["resonator"], "controller": "opponent"},
                "at_least": 4,
            },
        ],
    }


def test_a_second_object_shares_you_control(imported: dict[str, ImportedCard]) -> None:
    # Wing Trap (BFA-059): "[Trigger] You control a wind magic stone and a resonator with [Flying]:
    # Destroy target resonator without [Flying]."
    flying = {"zone": "field", "types": ["resonator"], "controller": "you", "skills": ["flying"]}
    assert full(imported, "BFA-059")["trigger_condition"] == {
        "kind": "all_of",
        "conditions": [stone("Wind Magic Stone"), {"kind": "controls", "filter": flying}],
    }


def test_a_ruler_and_a_list_of_names(imported: dict[str, ImportedCard]) -> None:
    # Siege Warfare (CMF-075): "[Trigger] Your Ruler is "Puss in Boots" or your J-Ruler is
    # "D'Artagnan, the Bayoneteer", and you control "Athos, the Three Musketeers", "Porthos, the
    # Three Musketeers" and "Aramis, the Three Musketeers": Destroy target resonator or J-Ruler."
    # The comma inside the quoted "D'Artagnan, the Bayoneteer" splits nothing.
    musketeers = ["Athos", "Porthos", "Aramis"]
    assert full(imported, "CMF-075")["trigger_condition"] == {
        "kind": "all_of",
        "conditions": [
            {"kind": "ruler_is", "rulers": ["Puss in Boots"], "j_rulers": ["D'Artagnan, the Bayoneteer"]},
            *(
                {
                    "kind": "controls",
                    "filter": {"zone": "field", "types": [], "controller": "you", "name": f"{m}, the Three Musketeers"},
                }
                for m in musketeers
            ),
        ],
    }


def test_a_comma_inside_a_noun_phrase_lists_alternatives_not_states(imported: dict[str, ImportedCard]) -> None:
    # Christie, the Wind Tracker (CMF-061): "... If your opponent controls a Vampire, Immortal of
    # Werewolf resonator, ..." is no "X and Y": one resonator of any of three races ("of": a
    # misprint of "or")
    [option] = full(imported, "CMF-061")["judgment"]["alternatives"]
    assert option["condition"] == {
        "kind": "controls",
        "filter": {
            "zone": "field",
            "types": ["resonator"],
            "controller": "opponent",
            "races": ["Vampire", "Immortal", "Werewolf"],
        },
    }


def test_three_or_more_than_you(imported: dict[str, ImportedCard]) -> None:
    # Sign to the Future (MPR-014): "[Trigger] Your opponent controls three or more resonators
    # than you: Remove two target resonators from the game."
    assert full(imported, "MPR-014")["trigger_condition"] == {
        "kind": "fewer_than_opponent",
        "filter": {"zone": "field", "types": ["resonator"]},
        "measure": "controls",
        "by_at_least": 3,
    }


def test_what_happened_this_turn_during_your_opponents_turn(imported: dict[str, ImportedCard]) -> None:
    # Death Trap (BFA-065): "[Trigger] During your opponent's turn, you control a darkness magic
    # stone and three or more resonators were put into a graveyard from your field this turn: Put
    # target resonator from your graveyard into your field."
    assert full(imported, "BFA-065")["trigger_condition"] == {
        "kind": "all_of",
        "conditions": [
            {"kind": "your_turn", "negate": True},
            stone("Darkness Magic Stone"),
            {
                "kind": "put_into_graveyard_from_field",
                "filter": {"zone": "graveyard", "types": ["resonator"]},
                "at_least": 3,
            },
        ],
    }


def test_stealth_and_enters_your_field_from_a_chant_standby_area(imported: dict[str, ImportedCard]) -> None:
    # The Executioner (TMS-084): "[Stealth] You control a darkness magic stone and a resonator was
    # put into your opponent's field this turn. (...)" / "When this card enters your field from a
    # chant-standby area, destroy target resonator with total cost 3 or less."
    data = full(imported, "TMS-084")
    assert data["stealth"] == "status"
    assert data["trigger_condition"] == {
        "kind": "all_of",
        "conditions": [
            stone("Darkness Magic Stone"),
            {"kind": "put_into_field", "filter": {"zone": "field", "types": ["resonator"]}, "whose": "opponent"},
        ],
    }
    assert data["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "enters_field_from_standby",
            "effects": [
                {
                    "op": "destroy",
                    "target": {
                        "kind": "chosen",
                        "filter": {"zone": "field", "types": ["resonator"], "max_total_cost": 3},
                    },
                }
            ],
        }
    ]


def test_who_dealt_damage_to_whom_this_turn(imported: dict[str, ImportedCard]) -> None:
    # Pale Savior (TMS-011): "[Trigger] A J/resonator your opponent controlled dealt damage to you
    # this turn: You may put a light resonator with total cost 4 or less from your hand into your
    # field."
    savior = full(imported, "TMS-011")
    assert savior["trigger"] == "status"
    assert savior["trigger_condition"] == {
        "kind": "dealt_damage_by",
        "filter": {"types": ["resonator", "j_ruler"], "controller": "opponent"},
        "damaged": "you",
    }
    assert savior["effects"] == [
        {
            "op": "put_from_hand",
            "filter": {"zone": "hand", "types": ["resonator"], "attributes": ["W"], "max_total_cost": 4},
        }
    ]
    # Nighttime Raiders (TMS-080): "[Trigger] A resonator you controlled dealt damage to an
    # opponent this turn: You may put a darkness resonator with total cost 5 or less from your hand
    # into your field."
    assert full(imported, "TMS-080")["trigger_condition"] == {
        "kind": "dealt_damage_by",
        "filter": {"types": ["resonator"], "controller": "you"},
        "damaged": "opponent",
    }


def test_stealth_on_a_happening_with_a_state(imported: dict[str, ImportedCard]) -> None:
    # Merlin, the Wizard of Distress (SKL-072): "[Stealth] When your opponent discards a card while
    # you control a darkness magic stone. (...)"
    merlin = full(imported, "SKL-072")
    assert (merlin["stealth"], merlin["trigger_condition"]) == ("opponent_discards", stone("Darkness Magic Stone"))
    assert merlin["abilities"][0]["trigger"] == "enters_field_from_standby"


def test_stealth_when_a_j_resonator_you_control_is_attacked(imported: dict[str, ImportedCard]) -> None:
    # Mass Produced Giant Land Mine (TTW-093): "[Stealth] When a J/resonator you control is
    # attacked.(...)" / "When this card enters your field from a chant-standby area, it deals 1000
    # damage to target attacking J/resonator."
    mine = full(imported, "TTW-093")
    assert mine["stealth"] == "your_j_resonator_attacked"
    assert mine["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "enters_field_from_standby",
            "effects": [
                {
                    "op": "deal_damage",
                    "amount": 1000,
                    "target": {"kind": "chosen", "filter": {"zone": "field", "attacking": True}},
                }
            ],
        }
    ]


@pytest.mark.parametrize("card_id", ["VS01-009", "TTW-010"])
def test_attacks_or_blocks_and_damage_equal_to_your_j_rulers_atk(
    imported: dict[str, ImportedCard], card_id: str
) -> None:
    # Justice of God's Sword (VS01-009, TTW-010): "[Trigger] When a resonator your opponent
    # controls attacks or blocks: This card deals 500 damage to target attacking or blocking
    # resonator. If you control a J-Ruler, this card deals damage equal to its ATK instead."
    data = full(imported, card_id)
    assert data["trigger"] == "opponent_resonator_attacks_or_blocks"
    damage = {
        "op": "deal_damage",
        "amount": 500,
        "target": {
            "kind": "chosen",
            "filter": {"zone": "field", "attacking_or_blocking": True, "types": ["resonator"]},
        },
    }
    assert data["effects"] == [
        {
            "op": "if",
            "condition": {"kind": "controls", "filter": {"zone": "field", "types": ["j_ruler"], "controller": "you"}},
            "effects": [{**damage, "equal_to": "atk", "equal_to_of": "your_j_ruler"}],
            "otherwise": [damage],
            "same_targets": True,
        }
    ]
