"""Importing trigger conditions, keyword conditions and modes of real Grimm and Alice cards:
the real card text and the declarative form it must become (``domain/fow/importer.py``); the
engine side is specified in ``tests/fow/cards/triggers/test_play_status_triggers.py`` and
``tests/fow/cards/triggers/test_play_keyword_triggers.py``.  Wordings the grammar does not fully understand stay
unsupported."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.fow.cards.import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


# --------------------------------------------------------------------------------------
# status automatic objects (FoW-5.5 9.6 p9)


def test_a_stealth_condition_that_is_a_state_makes_a_status_automatic_card(
    imported: dict[str, ImportedCard],
) -> None:
    # Herald of the Undead Lord (SKL-070): "[Stealth] Your J/ruler is "Rezzard, the Undead
    # Lord" or "Rezzard, the Desecrating Vampire"."
    data = full(imported, "SKL-070")
    names = ["Rezzard, the Undead Lord", "Rezzard, the Desecrating Vampire"]
    assert data["stealth"] == "status"
    assert data["trigger_condition"] == {"kind": "ruler_is", "rulers": names, "j_rulers": names}


def test_a_trigger_condition_that_is_a_state_makes_a_status_automatic_card(
    imported: dict[str, ImportedCard],
) -> None:
    # Open Sesame (MPR-066): "[Trigger] While you control "Ali Baba, the Earnest Worker": ..."
    data = full(imported, "MPR-066")
    assert data["trigger"] == "status"
    assert data["trigger_condition"] == {
        "kind": "controls",
        "filter": {"zone": "field", "types": [], "name": "Ali Baba, the Earnest Worker", "controller": "you"},
    }
    assert data["effects"][0]["op"] == "search"
    # Midnight Bell (CMF-086): "[Trigger] Total number of all resonators and all magic stones is
    # twelve: ..." is a state too now (tests/fow/cards/keywords/test_import_stealth_states_and_player_prohibitions.py)
    assert full(imported, "CMF-086")["trigger"] == "status"


# --------------------------------------------------------------------------------------
# misprinted "enters your field"


def test_misprinted_enters_your_field_triggers(imported: dict[str, ImportedCard]) -> None:
    # Temple Monk (VS01-013): "When this card enters field, you gain 400 life."
    assert full(imported, "VS01-013")["abilities"] == [
        {"kind": "automatic", "trigger": "enters_field", "effects": [{"op": "gain_life", "amount": 400, "who": "you"}]}
    ]
    # Minamoto no Yoshitsune [J-Ruler] (VIN001-055J): "When this cards enter your field, recover up to
    # two target resonators."  ("cards enter": a misprint of "card enters")
    assert full(imported, "VIN001-055J")["abilities"][0] == {
        "kind": "automatic",
        "trigger": "enters_field",
        "effects": [
            {
                "op": "recover",
                "target": {
                    "kind": "chosen",
                    "filter": {"zone": "field", "types": ["resonator"]},
                    "count": 2,
                    "up_to": True,
                },
            }
        ],
    }


# --------------------------------------------------------------------------------------
# "As you choose a card to attack": a rule for the choice, not a trigger condition


def test_a_card_that_must_be_chosen_as_you_choose_a_card_to_attack(imported: dict[str, ImportedCard]) -> None:
    # Charging Assaulter (SKL-082): "As you choose a card to attack, you must choose this card
    # if able." next to "This card must attack if able."
    abilities = full(imported, "SKL-082")["abilities"]
    assert {"kind": "continuous", "rules": {"chosen_to_attack_if_able": True}} in abilities
    assert {"kind": "continuous", "rules": {"must_attack": True}} in abilities
    # Seven Dwarfs (CMF-035), with "[Continuous]:" in front
    assert full(imported, "CMF-035")["abilities"][1] == {
        "kind": "continuous",
        "rules": {"chosen_to_attack_if_able": True},
    }


# --------------------------------------------------------------------------------------
# more trigger conditions


def test_discards_additions_leaving_shifting_and_destroyed_triggers(imported: dict[str, ImportedCard]) -> None:
    draw = [{"op": "draw", "count": 1, "who": "you"}]
    # Seth, the Arbiter (MPR-097): "[Continuous]: Whenever your opponent discards a card, draw a card."
    assert full(imported, "MPR-097")["abilities"][0] == {
        "kind": "automatic",
        "trigger": "opponent_discards",
        "effects": draw,
    }
    # Spirit of Yggdrasil (TTW-067): "Whenever an addition is added to this card, draw a card."
    assert full(imported, "TTW-067")["abilities"] == [
        {"kind": "automatic", "trigger": "addition_added", "effects": draw}
    ]
    # Last People of Gloria (BFA-009): "When this card enters your field or leaves your field
    # for a non-field zone, you gain 700 life." - one ability per trigger condition
    gain = [{"op": "gain_life", "amount": 700, "who": "you"}]
    assert full(imported, "BFA-009")["abilities"] == [
        {"kind": "automatic", "trigger": "enters_field", "effects": gain},
        {"kind": "automatic", "trigger": "leaves_field", "effects": gain},
    ]
    # Alice of Shadow (BFA-076^): "When this card enters your field or shifts, destroy target
    # resonator with total cost 2 or less."
    assert [a["trigger"] for a in full(imported, "BFA-076^")["abilities"][:2]] == ["enters_field", "shifts"]
    # Edy Nelson (VIN002-003): "When a Squad 7 you control is destroyed => Rest this card."
    assert full(imported, "VIN002-003")["abilities"][1] == {
        "kind": "automatic",
        "trigger": "card_destroyed",
        "trigger_filter": {"zone": "field", "types": [], "races": ["Squad 7"], "controller": "you"},
        "effects": [{"op": "rest", "target": {"kind": "self"}}],
    }


def test_that_resonator_of_a_deals_damage_to_a_resonator_trigger(imported: dict[str, ImportedCard]) -> None:
    # Shadow Assassin (TTW-087): "When this card deals damage to a resonator, destroy that resonator."
    assert full(imported, "TTW-087")["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "deals_damage_to_resonator",
            "effects": [{"op": "destroy", "target": {"kind": "that"}}],
        }
    ]
    # One-Inch Boy (CMF-048): "... destroy the resonator."
    assert full(imported, "CMF-048")["abilities"][0]["effects"] == [{"op": "destroy", "target": {"kind": "that"}}]
    # without such a trigger "that resonator" names nothing the vocabulary knows
    assert imported["TAT-007"].status != "full"


def test_a_card_dealt_damage_by_this_card_this_turn(imported: dict[str, ImportedCard]) -> None:
    damaged = {"zone": "field", "types": ["resonator"], "controller": "any", "damaged_by_source": True}
    # Kurt Irving (VIN002-025): "Whenever a resonator that was dealt damage by this card this
    # turn is put into a graveyard => This card deals 500 damage to your opponent."
    ability = full(imported, "VIN002-025")["abilities"][0]
    assert (ability["trigger"], ability["trigger_filter"]) == ("card_put_into_graveyard_from_field", damaged)
    # Blazer, the Awakener (MOA-012): "... recover this card. This ability triggers only once per turn."
    ability = full(imported, "MOA-012")["abilities"][0]
    assert (ability["trigger"], ability["once_per_turn"]) == ("card_put_into_graveyard_from_field", True)
    assert ability["effects"] == [{"op": "recover", "target": {"kind": "self"}}]
    # Sylvia Gill Palarilias [J-Ruler] (TTW-032J): "Whenever a J/resonator that was dealt damage
    # by this card this turn is destroyed, you may recover up to three target magic stones you control."
    ability = full(imported, "TTW-032J")["abilities"][1]
    assert (ability["trigger"], ability["trigger_filter"]) == (
        "card_destroyed",
        {"zone": "field", "controller": "any", "damaged_by_source": True},  # J/resonator: the default types
    )


# --------------------------------------------------------------------------------------
# a second [J-Activate] section (7.5 p2)


def test_a_second_judgment_section_is_an_alternative(imported: dict[str, ImportedCard]) -> None:
    # Ebony Prophet (TAT-079): "[J-Activate] Pay {B}. Play this ability only if you control
    # "Grusbalesta, the Sealing Stone"." and "[J-Activate] Pay {B}{B}{1}."
    assert full(imported, "TAT-079")["judgment"] == {
        "cost": {"attribute": {"B": 1}, "free": 0},
        "condition": {
            "kind": "controls",
            "filter": {"zone": "field", "types": [], "controller": "you", "name": "Grusbalesta, the Sealing Stone"},
        },
        "j_ruler": "TAT-079J",
        "alternatives": [{"cost": {"attribute": {"B": 2}, "free": 1}}],
    }


def test_a_judgment_acting_on_other_cards(imported: dict[str, ImportedCard]) -> None:
    # Falltgold, the Dragoon (TAT-026): "[J-Activate] Banish a fire resonator."
    assert full(imported, "TAT-026")["judgment"] == {
        "cost": {"attribute": {}, "free": 0},
        "cards": [
            {
                "action": "banish",
                "filter": {"zone": "field", "types": ["resonator"], "controller": "you", "attributes": ["R"]},
            }
        ],
        "j_ruler": "TAT-026J",
    }
    # Snow White (CMF-036): its second section "[J-Activate] Pay {1}, discard "Poison Apple"."
    assert full(imported, "CMF-036")["judgment"]["alternatives"] == [
        {
            "cost": {"attribute": {}, "free": 1},
            "cards": [{"action": "discard", "filter": {"zone": "hand", "types": [], "name": "Poison Apple"}}],
        }
    ]


def test_that_much_damage_to_the_resonator_that_dealt_it(imported: dict[str, ImportedCard]) -> None:
    # Hammurabi (VIN001-006): "Whenever a resonator deals damage to this card, this card deals
    # that much damage to that resonator."
    assert full(imported, "VIN001-006")["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "dealt_damage_by_resonator",
            "effects": [{"op": "deal_damage", "amount": 0, "target": {"kind": "that"}, "that_much": True}],
        }
    ]
    # Behemoth, the Earth Eater (SKL-052): "Whenever this card deals damage to a resonator while
    # attacking, it deals that much damage to your opponent."
    assert full(imported, "SKL-052")["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "deals_damage_to_resonator",
            "trigger_filter": {"zone": "field", "attacking": True},
            "effects": [{"op": "deal_damage", "amount": 0, "target": {"kind": "opponent"}, "that_much": True}],
        }
    ]


def test_a_trigger_that_is_a_happening_needing_a_state(imported: dict[str, ImportedCard]) -> None:
    # Destructive Flow (TAT-041): "[Trigger] At the end of a turn you're dealt damage: ..."
    data = full(imported, "TAT-041")
    assert (data["trigger"], data["trigger_condition"]) == ("end_of_each_turn", {"kind": "dealt_damage_this_turn"})


def test_blocks_or_is_blocked_by_a_resonator(imported: dict[str, ImportedCard]) -> None:
    # Medusa, the Dead Eye of Petrification (SKL-041): "Whenever this card blocks or is blocked
    # by a resonator, put that resonator on the bottom of its owner's main deck."
    bottom = [{"op": "put_on_main_deck", "target": {"kind": "that"}, "position": "bottom"}]
    assert full(imported, "SKL-041")["abilities"][:2] == [
        {"kind": "automatic", "trigger": "blocks_resonator", "effects": bottom},
        {"kind": "automatic", "trigger": "is_blocked_by_resonator", "effects": bottom},
    ]


def test_evolution_with_a_discard_and_the_evolution_counter_trigger(imported: dict[str, ImportedCard]) -> None:
    # Vedfolnir, Eraser of Wind (TTW-070): "[Evolution] {1} Discard a Beast." and "Whenever an
    # evolution counter is put on this card, search your main deck for ..."
    data = full(imported, "TTW-070")
    assert data["evolution"] == {"attribute": {}, "free": 1}
    assert data["evolution_cards"] == [
        {"action": "discard", "filter": {"zone": "hand", "types": [], "races": ["Beast"]}}
    ]
    assert data["abilities"][1]["trigger"] == "evolution_counter_put"
