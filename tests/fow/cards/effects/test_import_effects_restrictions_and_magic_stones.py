"""Importing effects, restrictions and magic stones: the real card text and the declarative form
it must become (``domain/fow/importer.py``); the engine side is specified in
``test_play_effects_restrictions_and_magic_stones.py``.  Wordings the grammar does not fully understand stay
unsupported."""

from __future__ import annotations

from typing import Any

import pytest

from domain.fow.importer import ImportedCard
from tests.fow.cards.import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def stones(*types: str, **flt: Any) -> dict[str, Any]:
    return {"zone": "stone_area", "types": ["magic_stone"], **flt, "stone_types": list(types)}


def test_treat_this_card_as_magic_stone_types(imported: dict[str, ImportedCard]) -> None:
    # Magic Stone of Black Silence (CMF-096): "[Continuous]: Treat this card as wind magic stone
    # and dark magic stone." (FoW-5.5 2.1 p5.2: "dark" is the darkness magic stone type)
    assert full(imported, "CMF-096")["abilities"][0] == {
        "kind": "continuous",
        "stone_types": ["Wind Magic Stone", "Darkness Magic Stone"],
    }
    # Magic Stone of Heat Ray (VIN001-081), printed without [Continuous]
    assert full(imported, "VIN001-081")["abilities"][0]["stone_types"] == ["Wind Magic Stone", "Fire Magic Stone"]


def test_a_magic_stone_type_name_refers_to_stones_of_that_type(imported: dict[str, ImportedCard]) -> None:
    # The Overlord's Invasion Party (TTW-051): "This card gains [+100/+100] for each water magic
    # stone you control." - a type name refers to cards with that magic stone type (2.1 p5.2)
    ability = full(imported, "TTW-051")["abilities"][0]
    assert ability["per"] == {"filter": stones("Water Magic Stone", controller="you")}
    # Sylvia Gill Palarilias (TTW-032): 'Fire magic stones you control gain "{Rest}: Produce {G}".'
    assert full(imported, "TTW-032")["abilities"][0]["affects"] == {
        "kind": "all",
        "filter": stones("Fire Magic Stone", controller="you"),
    }
    # Enraged Knight (BFA-021): "As long as your opponent controls a darkness magic stone, ..."
    assert full(imported, "BFA-021")["abilities"][0]["condition"] == {
        "kind": "controls",
        "filter": stones("Darkness Magic Stone", controller="opponent"),
    }


def test_produce_a_moon_will_or_an_attribute(imported: dict[str, ImportedCard]) -> None:
    # Black Moon's Memoria (TMS-096): "{Rest}: Produce {M} or {B}." (FoW-5.5 9.7 p7)
    assert full(imported, "TMS-096")["abilities"] == [
        {"kind": "activate", "cost": {"rest": True}, "effects": [{"op": "produce_will", "any_of": ["M", "B"]}]}
    ]
    # "two wills in any combination of attributes" is expressible now (MPR-033, will/test_import_restricted_will.py)
    assert imported["MPR-033"].status == "full"


def test_cannot_until_end_of_turn_is_a_restriction_effect(imported: dict[str, ImportedCard]) -> None:
    # Symbol of Peace (VIN002-014): "Up to two target resonators cannot attack this turn."
    assert full(imported, "VIN002-014")["effects"] == [
        {
            "op": "restrict",
            "target": {
                "kind": "chosen",
                "filter": {"zone": "field", "types": ["resonator"]},
                "count": 2,
                "up_to": True,
            },
            "rules": ["cannot_attack"],
        }
    ]
    # Achilles (VIN001-002): "Banish this card: Target resonator cannot be targeted by spells or
    # abilities your opponent controls until end of turn."
    assert full(imported, "VIN001-002")["abilities"][0]["effects"] == [
        {
            "op": "restrict",
            "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}},
            "rules": ["cannot_be_targeted_by_opponent"],
        }
    ]
    # Don Quijote, the Wandering Knight (TAT-003): "[Enter]: Resonators you control cannot be
    # destroyed until end of turn." - every resonator you control while it lasts (9.9 p4)
    [enter] = full(imported, "TAT-003")["awakening"]["abilities"]
    assert enter["effects"] == [
        {
            "op": "restrict",
            "target": {"kind": "all", "filter": {"zone": "field", "types": ["resonator"], "controller": "you"}},
            "rules": ["cannot_be_destroyed"],
        }
    ]
    # "they" referring back to an "all" group names it by the same filter (TAT-011, in
    # tests/fow/cards/targets/test_import_race_trait_and_name_only.py)
    assert imported["TAT-011"].status == "full"


def test_prevent_damage_by_its_source_or_only_the_next_damage(imported: dict[str, ImportedCard]) -> None:
    resonator = {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}}
    # Art of Sinbad (MPR-057): "Prevent the next damage that would be dealt by target resonator."
    # No duration: it lasts until it has prevented that damage (10.17 p1.2)
    assert full(imported, "MPR-057")["effects"] == [
        {"op": "prevent_damage", "target": resonator, "by": True, "next": True, "duration": "permanent"}
    ]
    # Alice's Little Guardian (SKL-051): "... Prevent all damage that would be dealt by target
    # resonator until end of turn."
    assert full(imported, "SKL-051")["abilities"][0]["effects"] == [
        {"op": "prevent_damage", "target": resonator, "by": True}
    ]
    # Robe of Fire-Rat (CMF-034): "Prevent all damage from target fire resonator until end of turn."
    [robe] = full(imported, "CMF-034")["abilities"][0]["effects"]
    assert robe["by"] is True and robe["target"]["filter"]["attributes"] == ["R"]
    # Bulletproof Barrier (VIN002-051): "Prevent the next damage that would be dealt to target
    # resonator this turn."
    assert full(imported, "VIN002-051")["effects"] == [{"op": "prevent_damage", "target": resonator, "next": True}]


def test_put_a_card_from_your_hand_into_your_field(imported: dict[str, ImportedCard]) -> None:
    # Peasant Revolt (TMS-042): "When this card enters your field, you may put a water resonator with
    # total cost 1 from your hand into your field." - choosing none declines (10.13 p2)
    [revolt] = full(imported, "TMS-042")["abilities"]
    assert revolt["effects"] == [
        {
            "op": "put_from_hand",
            "filter": {
                "zone": "hand",
                "types": ["resonator"],
                "attributes": ["U"],
                "max_total_cost": 1,
                "min_total_cost": 1,
            },
        }
    ]
    # Forbidden Spell of the Undead Lord (SKL-069): "... Then you may put a
    # darkness resonator with total cost 3 or less from your hand into your field."
    assert full(imported, "SKL-069")["effects"][1] == {
        "op": "put_from_hand",
        "filter": {"zone": "hand", "types": ["resonator"], "attributes": ["B"], "max_total_cost": 3},
    }
    # "It gains [Swiftness]" after it refers to the card put: a 'same' target (SKL-025, in
    # tests/fow/cards/targets/test_import_race_trait_and_name_only.py)
    assert imported["SKL-025"].status == "full"


def test_cancel_target_activate_ability(imported: dict[str, ImportedCard]) -> None:
    # Glimpse of Kaguya (MPR-043): "Cancel target [Activate] ability. Draw a card." (10.11)
    assert full(imported, "MPR-043")["effects"] == [
        {
            "op": "cancel",
            "target": {"kind": "chosen", "filter": {"zone": "chase", "types": [], "abilities": ["activate"]}},
        },
        {"op": "draw", "count": 1, "who": "you"},
    ]


def test_small_effect_wordings(imported: dict[str, ImportedCard]) -> None:
    # Fallen Comet (MPR-042): "Return all rested resonators to their owners' hand. Then rest all
    # resonators your opponent controls." - "Then" before an effect that follows in order
    assert full(imported, "MPR-042")["effects"][1] == {
        "op": "rest",
        "target": {"kind": "all", "filter": {"zone": "field", "types": ["resonator"], "controller": "opponent"}},
    }
    # Petrifying Gaze (SKL-042): "... Your opponent puts the top card of his or her magic stone deck
    # into his or her magic stone area."
    assert full(imported, "SKL-042")["effects"][1] == {"op": "put_stone", "who": "opponent"}
    # Moonbreeze Fairy (TMS-010): "... Play this ability only once each turn."
    assert full(imported, "TMS-010")["abilities"][0]["once_per_turn"] is True
    # Aloof Researcher's Memoria (BFA-098): "{U}{1},{Rest}: Draw a card, then discards a card."
    assert full(imported, "BFA-098")["abilities"][1]["effects"][1] == {"op": "discard", "count": 1, "who": "you"}


def test_discard_a_whole_hand_and_remove_counters(imported: dict[str, ImportedCard]) -> None:
    # Pandora of Dark (CMF-087J): "[Enter]: Your opponent discards all cards from his or her hand."
    assert full(imported, "CMF-087J")["abilities"][0]["effects"] == [
        {"op": "discard", "who": "opponent", "whole_hand": True}
    ]
    # Thumbelina (TMS-048): "... Then remove all support counters from this card."
    assert full(imported, "TMS-048")["abilities"][1]["effects"][1] == {
        "op": "remove_counter",
        "counter": "support",
        "all": True,
        "target": {"kind": "self"},
    }


def test_a_player_banishes_what_they_control(imported: dict[str, ImportedCard]) -> None:
    # Mozart (VIN001-067): "When this card is put into a graveyard from your field, your opponent
    # banishes a resonator" - the filter's controller is the banishing player (10.10 p2)
    resonator = {"zone": "field", "types": ["resonator"], "controller": "you"}
    assert full(imported, "VIN001-067")["abilities"][0]["effects"] == [
        {"op": "banish", "filter": resonator, "who": "opponent"}
    ]
    # Knight's Shade (TMS-079): "... each player banishes a non-Shadow resonator." - one effect per
    # player, the controller's first
    shade = {**resonator, "not_races": ["Shadow"]}
    assert full(imported, "TMS-079")["abilities"][0]["effects"] == [
        {"op": "banish", "filter": shade, "who": "you"},
        {"op": "banish", "filter": shade, "who": "opponent"},
    ]


def test_loses_all_abilities_until_end_of_turn(imported: dict[str, ImportedCard]) -> None:
    # Riina, the Girl with Nothing (TAT-048): "[Activate] Pay {0}: Target resonator you control loses
    # all abilities until end of turn."
    assert full(imported, "TAT-048")["abilities"][0]["effects"] == [
        {
            "op": "lose_abilities",
            "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"], "controller": "you"}},
        }
    ]
    # Final Forfeit (TTW-058): "Target J/resonator loses all abilities and cannot gain abilities
    # until end of turn." (not read as "... gain abilities until end of turn")
    assert full(imported, "TTW-058")["effects"] == [
        {"op": "lose_abilities", "target": {"kind": "chosen", "filter": {"zone": "field"}}, "cannot_gain": True}
    ]


def test_prevention_abilities_by_a_kind_of_source_or_on_an_addition(imported: dict[str, ImportedCard]) -> None:
    # Herald of the Winged Lord (SKL-011): "Prevent all damage that would be dealt to this card by
    # fire resonators."
    assert full(imported, "SKL-011")["abilities"] == [
        {
            "kind": "replacement",
            "replaces": "self_damaged",
            "instead": "prevent",
            "damage_from": {"zone": "field", "types": ["resonator"], "attributes": ["R"]},
        }
    ]
    # Flak Jacket (VIN002-006): "Prevent all damage that would be dealt to added J/resonator."
    assert full(imported, "VIN002-006")["abilities"] == [
        {"kind": "replacement", "replaces": "self_damaged", "instead": "prevent"}
    ]


def test_players_cannot_chase_to_this_card(imported: dict[str, ImportedCard]) -> None:
    # Black Moonbeam (BFA-061): "Destroy target J-Ruler. Players cannot chase to this card." (10.7 p2)
    card = full(imported, "BFA-061")
    assert card["cannot_be_chased"] is True
    assert card["effects"] == [
        {"op": "destroy", "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["j_ruler"]}}}
    ]


def test_cannot_be_attacked_or_targeted_by_the_opponent(imported: dict[str, ImportedCard]) -> None:
    # Protection of the Seraph (SKL-015): "Added resonator cannot be attacked or targeted by spells
    # or abilities your opponent controls."
    assert full(imported, "SKL-015")["abilities"] == [
        {"kind": "continuous", "rules": {"cannot_be_targeted_by_opponent": True, "cannot_be_attacked": True}}
    ]
