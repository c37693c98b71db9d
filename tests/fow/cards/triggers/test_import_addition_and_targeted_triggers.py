"""Importing real cards whose trigger condition the vocabulary lacked (helper t4-trig): the real
card's text and its expected declarative form, written out by hand (the engine side is
tests/fow/cards/triggers/test_play_addition_and_targeted_triggers.py)."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard, import_cards
from tests.fow.cards.import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def _record(ability: str, type_: str = "Addition:Resonator") -> dict[str, object]:
    return {
        "id": "TST-T4T-001",
        "name": "Test",
        "type": [type_],
        "race": [],
        "cost": "{R}",
        "colour": ["R"],
        "ATK": "",
        "DEF": "",
        "abilities": [ability],
    }


def _gaps(ability: str, type_: str = "Addition:Resonator") -> tuple[str, ...]:
    return import_cards([_record(ability, type_)]).by_id()["TST-T4T-001"].gaps


def test_whenever_added_resonator_attacks(imported: dict[str, ImportedCard]) -> None:
    # Blessing of Athena (TMS-020): "Whenever added resonator attacks, it gains [+500/+500] until
    # end of turn and deals 500 damage to you."
    assert full(imported, "TMS-020")["abilities"] == [
        {
            "kind": "automatic",
            "effects": [
                {"op": "modify", "atk": 500, "def": 500, "target": {"kind": "host"}, "duration": "end_of_turn"},
                {"op": "deal_damage", "amount": 500, "target": {"kind": "you"}, "dealt_by": "host"},
            ],
            "trigger": "attacks",
            "host_trigger": True,
        }
    ]


def test_whenever_damage_is_dealt_to_added_j_resonator(imported: dict[str, ImportedCard]) -> None:
    # Alicia's Lance (VIN002-032): "Whenever damage is dealt to added J/resonator => Draw a card."
    assert full(imported, "VIN002-032")["abilities"][2] == {
        "kind": "automatic",
        "effects": [{"op": "draw", "count": 1, "who": "you"}],
        "trigger": "dealt_damage",
        "host_trigger": True,
    }


def test_added_resonator_triggers_only_on_an_addition_to_that_type() -> None:
    text = "Whenever added resonator attacks, draw a card."
    assert _gaps(text) == ()
    assert _gaps(text, "Resonator") != ()  # no added resonator on a resonator
    assert _gaps("Whenever added resonator attacks, draw a card.", "Addition:Field") != ()


def test_enters_your_field_or_attacks_is_two_abilities(imported: dict[str, ImportedCard]) -> None:
    # Bors, Returned Adventurer (BFA-002): "When this card enters your field or attacks, target Knigh
    # of the Round Table gains [+400/+400] until end of turn." ("Knigh": a misprint of "Knight")
    gain = {
        "op": "modify",
        "atk": 400,
        "def": 400,
        "target": {
            "kind": "chosen",
            "filter": {"zone": "field", "types": [], "races": ["Knight of the Round Table"], "playground": True},
        },
        "duration": "end_of_turn",
    }
    assert full(imported, "BFA-002")["abilities"] == [
        {"kind": "automatic", "effects": [gain], "trigger": "enters_field"},
        {"kind": "automatic", "effects": [gain], "trigger": "attacks"},
    ]


def test_misprinted_trigger_conditions(imported: dict[str, ImportedCard]) -> None:
    # Celestial Wing Seraph (SKL-005): "Whenever this card attacks you gain 300 life for each Angel
    # you control." (no comma after the trigger condition)
    assert full(imported, "SKL-005")["abilities"][1] == {
        "kind": "automatic",
        "effects": [
            {
                "op": "gain_life",
                "amount": 300,
                "who": "you",
                "per": {"filter": {"zone": "field", "types": [], "controller": "you", "races": ["Angel"]}},
            }
        ],
        "trigger": "attacks",
    }


def test_when_this_card_becomes_targeted_by_opponents_spells_or_abilities(
    imported: dict[str, ImportedCard],
) -> None:
    # Mephistopheles, the Abyssal Tyrant (TAT-083): "[Continuous]: When this card becomes targeted
    # by spells or abilities your opponent controls, he or she loses 500 life."
    assert full(imported, "TAT-083")["abilities"][0] == {
        "kind": "automatic",
        "effects": [{"op": "lose_life", "amount": 500, "who": "opponent"}],
        "trigger": "becomes_targeted",
        "targeted_by": {"controller": "opponent"},
    }


def test_when_this_card_becomes_targeted_by_water_spells_or_abilities(imported: dict[str, ImportedCard]) -> None:
    # Wicked Witch of the West (TAT-035): "[Continuous]: When this card becomes targeted by water
    # spells or water card's abilities, destroy it."
    assert full(imported, "TAT-035")["abilities"][1] == {
        "kind": "automatic",
        "effects": [{"op": "destroy", "target": {"kind": "self"}}],
        "trigger": "becomes_targeted",
        "targeted_by": {"attributes": ["U"]},
    }
    mixed = "[Continuous]: When this card becomes targeted by water spells or fire card's abilities, destroy it."
    assert _gaps(mixed, "Resonator") != ()


def test_whenever_a_resonator_comes_into_a_field_and_damage_to_it(imported: dict[str, ImportedCard]) -> None:
    # Realm of the Dragon King (TAT-033): "[Continuous]: Whenever a non-Dragon resonator comes into
    # a field, this card deals 500 damage to it. If you control "Bahamut, the Dragon King", this card
    # deals 800 damage instead."  "a field": any player's; "it": the resonator that came (9.6 p7)
    bahamut = {
        "kind": "controls",
        "filter": {"zone": "field", "types": [], "controller": "you", "name": "Bahamut, the Dragon King"},
    }
    assert full(imported, "TAT-033")["abilities"] == [
        {
            "kind": "automatic",
            "effects": [
                {
                    "op": "if",
                    "condition": bahamut,
                    "effects": [{"op": "deal_damage", "amount": 800, "target": {"kind": "that"}}],
                    "otherwise": [{"op": "deal_damage", "amount": 500, "target": {"kind": "that"}}],
                    "same_targets": True,
                }
            ],
            "trigger": "card_enters_field",
            "trigger_filter": {"zone": "field", "types": ["resonator"], "controller": "any", "not_races": ["Dragon"]},
        }
    ]


def test_shuffle_it_into_its_owners_main_deck(imported: dict[str, ImportedCard]) -> None:
    # Cheshire Cat, the Grinning Remnant (TAT-039): "[Continuous]: When this card it put into a
    # graveyard from a field, shuffle it into its owner's main deck." ("it put": a misprint of "is put")
    assert full(imported, "TAT-039")["abilities"][2] == {
        "kind": "automatic",
        "effects": [{"op": "put_on_main_deck", "target": {"kind": "self"}, "position": "shuffled"}],
        "trigger": "put_into_graveyard_from_field",
    }
    # only the card's own move out of the field names the card where it went (3.1 p3)
    assert _gaps("[Enter]: Shuffle this card into its owner's main deck.", "Resonator") != ()


def test_whenever_resonator_with_this_becomes_rested(imported: dict[str, ImportedCard]) -> None:
    # Red Hot Iron Shoes (CMF-033): "[Continuous]: Whenever resonator with this becomes rested, this
    # card deals 500 damage to that resonator's controller." ("that resonator": the card it is added to)
    assert full(imported, "CMF-033")["abilities"] == [
        {
            "kind": "automatic",
            "effects": [{"op": "deal_damage", "amount": 500, "target": {"kind": "host_controller"}}],
            "trigger": "becomes_rested",
            "host_trigger": True,
        }
    ]


def test_at_the_beginning_of_each_players_turn_that_player_banishes(imported: dict[str, ImportedCard]) -> None:
    # Collapsing World (BFA-062): "At the beginning of each player's turn, that player banishes a
    # resonator.": one ability for your turn (you banish), one for your opponent's (they do)
    resonator = {"zone": "field", "types": ["resonator"], "controller": "you"}
    assert full(imported, "BFA-062")["abilities"] == [
        {
            "kind": "automatic",
            "effects": [{"op": "banish", "filter": resonator, "who": "you"}],
            "trigger": "beginning_of_turn",
        },
        {
            "kind": "automatic",
            "effects": [{"op": "banish", "filter": resonator, "who": "opponent"}],
            "trigger": "beginning_of_opponents_turn",
        },
    ]
    assert _gaps("At the beginning of each player's turn, that player draws a card.", "Addition:Field") != ()


def test_whenever_added_resonator_deals_damage_to_an_opponents_resonator(imported: dict[str, ImportedCard]) -> None:
    # Ame-no-Habakiri (MOA-011): "[Continuous]: Whenever added resonator deals damage to a resonator
    # your opponent controls, this card deals that much damage to that resonator's controller."
    assert full(imported, "MOA-011")["abilities"][1] == {
        "kind": "automatic",
        "effects": [{"op": "deal_damage", "amount": 0, "target": {"kind": "that_controller"}, "that_much": True}],
        "trigger": "deals_damage_to_resonator",
        "subject_filter": {"zone": "field", "types": ["resonator"], "controller": "opponent"},
        "host_trigger": True,
    }


def test_an_addition_added_to_a_resonator_you_control_or_a_field_addition(imported: dict[str, ImportedCard]) -> None:
    # Heartless Tin Man (TAT-064): "[Continuous]: When an addition is added to a resonator you control
    # or an [Addition:Field] is put into your field, put an achievement counter on this card."
    counter = [{"op": "put_counter", "counter": "achievement", "target": {"kind": "self"}}]
    yours = {"zone": "field", "types": ["resonator"], "controller": "you"}
    assert full(imported, "TAT-064")["abilities"][1:] == [
        {
            "kind": "automatic",
            "effects": counter,
            "trigger": "card_enters_field",
            "trigger_filter": {"zone": "field", "types": ["addition"], "controller": "any", "added_to": yours},
        },
        {
            "kind": "automatic",
            "effects": counter,
            "trigger": "card_enters_field",
            "trigger_filter": {"zone": "field", "types": ["addition"], "controller": "you", "subtypes": ["field"]},
        },
    ]


def test_when_added_resonator_is_put_into_a_graveyard(imported: dict[str, ImportedCard]) -> None:
    # Leaves of Yggdrasil (MOA-035): "When added resonator is put into a graveyard from a field, put
    # that resonator into it owner's field." ("it owner's": a misprint of "its")
    assert full(imported, "MOA-035")["abilities"] == [
        {
            "kind": "automatic",
            "effects": [
                {
                    "op": "put_into_field",
                    "target": {"kind": "that", "filter": {"zone": "graveyard", "types": []}},
                    "owners_field": True,
                }
            ],
            "trigger": "put_into_graveyard_from_field",
            "host_trigger": True,
        }
    ]
    # any other effect of the addition's controller, e.g. Demon's Curse (VIN001-063, TAT-077: "... this
    # card deals 500 damage to that resonator's controller", who controlled it as it left, 9.11)
    text = "When added resonator is put into a graveyard from a field, draw a card."
    assert _gaps(text) == ()
    assert _gaps(text, "Resonator") != ()  # "added resonator" on a card that is no addition names nothing
