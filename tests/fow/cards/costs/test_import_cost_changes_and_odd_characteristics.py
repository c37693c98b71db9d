"""Importing cost changes, odd characteristics and looking at cards of real Grimm/Alice cards
(stop 16, u-b_cond):

* "You pay {2} more to play normal spells", "You may pay {1} less to play spells with no attribute,
  to a minimum free cost of {1}": `cost_change` of playing cards (9.3 p2.5, 3.13 p3);
* "Magic stones with non-will activate abilities don't recover during recovery phase": a
  ``non_will_activate`` filter (FoW-5.5 9.5, 9.7 p1) on the rule of 5.2 p5.

The engine side is in ``tests/fow/cards/costs/test_play_cost_changes_and_odd_characteristics.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.fow.cards.import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def test_magic_stones_with_non_will_activate_abilities_dont_recover(imported: dict[str, ImportedCard]) -> None:
    # Transparent Moon (MOA-030): "Magic stones with non-will activate abilities don't recover during
    # recovery phase."
    [moon] = full(imported, "MOA-030")["abilities"]
    assert moon == {
        "kind": "continuous",
        "affects": {
            "kind": "all",
            "filter": {"zone": "stone_area", "types": ["magic_stone"], "non_will_activate": True},
        },
        "rules": {"doesnt_recover_in_recovery_phase": True},
    }


def test_added_resonator_gains_you_pay_more_to_play_normal_spells(imported: dict[str, ImportedCard]) -> None:
    # Silencing Spell (TMS-082): "Added resonator gains "You pay {2} more to play normal spells."."
    [granted] = full(imported, "TMS-082")["abilities"]
    assert granted == {
        "kind": "continuous",
        "grant_abilities": [
            {
                "kind": "continuous",
                "text": "You pay {2} more to play normal spells.",
                "cost_change": {"of": "normal_spell", "who": "you", "more": 2},
            },
        ],
    }


def test_you_may_pay_less_to_play_spells_with_no_attribute(imported: dict[str, ImportedCard]) -> None:
    # Engineer of Leginus (BFA-036): "You may pay {1} less to play spells with no attribute, to a
    # minimum free cost of {1}."
    [engineer] = full(imported, "BFA-036")["abilities"]
    assert engineer["cost_change"] == {
        "of": "spell",
        "who": "you",
        "less": 1,
        "filter": {"zone": "chase", "types": [], "no_attribute": True},
        "minimum": 1,
        "optional": True,
    }


def test_for_each_two_magic_counters_on_your_j_ruler_and_removing_one(imported: dict[str, ImportedCard]) -> None:
    # Servant of Reflect (TTW-065): "This card gains [+100/+100] for each two magic counters on your
    # J/ruler.  Remove a magic counter from your J/ruler: Return this card to its owner's hand."
    gains, returns = full(imported, "TTW-065")["abilities"]
    assert gains == {
        "kind": "continuous",
        "modify_atk": 100,
        "modify_def": 100,
        "per": {"counter": "magic", "counter_on": "your_j_or_ruler", "group": 2},
    }
    your_j_or_ruler = {"zone": "field", "types": ["ruler", "j_ruler"], "controller": "you", "playground": True}
    assert returns["cost"] == {"remove_counters": {"counter": "magic", "on": your_j_or_ruler}}
    assert returns["effects"] == [{"op": "return_to_hand", "target": {"kind": "self"}}]


def test_look_at_the_top_card_of_your_magic_stone_deck(imported: dict[str, ImportedCard]) -> None:
    # Shakespeare (VIN001-078): "When this card enters your field, look at the top card of your magic
    # stone deck. If you don't control a magic stone with the same name as that card, you may put it
    # into your magic stone area."
    [enters] = full(imported, "VIN001-078")["abilities"]
    assert enters["trigger"] == "enters_field"
    assert enters["effects"] == [
        {
            "op": "look_top",
            "count": 1,
            "filter": {"zone": "stone_deck", "types": []},
            "up_to": True,
            "to": "stone_area",
            "rest": "top",
            "pile": "stone_deck",
            "new_stone_name": True,
        }
    ]


def test_xuan_wu_total_cost_against_a_count_and_the_next_damage_to_it(imported: dict[str, ImportedCard]) -> None:
    # Xuan Wu, the Sacred Beast (SKL-049): "When this card enters your field, return target resonator
    # to its owner's hand if its total cost is less than or equal to the number of Four Sacred
    # Beasts.  Whenever this card blocks, prevent the next damage it would be dealt until end of turn."
    enters, blocks = full(imported, "SKL-049")["abilities"]
    beasts = {"zone": "field", "types": [], "races": ["Four Sacred Beasts"], "playground": True}
    assert enters["effects"] == [
        {
            "op": "if",
            "condition": {
                "kind": "target_is",
                "filter": {"zone": "field", "types": [], "max_total_cost_count": {"filter": beasts}},
            },
            "effects": [
                {
                    "op": "return_to_hand",
                    "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}},
                }
            ],
        }
    ]
    assert blocks["trigger"] == "blocks"
    assert blocks["effects"] == [{"op": "prevent_damage", "target": {"kind": "self"}, "next": True}]


def test_draw_three_cards_instead_of_one(imported: dict[str, ImportedCard]) -> None:
    # Arla, Guardian of the Skies (BFA-094J): "... Then draw a card. If you control four "First
    # Flight's Memoria", draw three cards instead of one."
    enters = full(imported, "BFA-094J")["abilities"][1]
    memoria = {"zone": "field", "types": [], "controller": "you", "name": "First Flight's Memoria"}
    assert enters["effects"][1] == {
        "op": "if",
        "condition": {"kind": "controls", "filter": memoria, "at_least": 4},
        "effects": [{"op": "draw", "count": 3, "who": "you"}],
        "otherwise": [{"op": "draw", "count": 1, "who": "you"}],
    }


def test_judgment_only_if_you_have_removed_three_cards_with_this_cards_ability(
    imported: dict[str, ImportedCard],
) -> None:
    # Girl in Twilight Garb (TTW-076): "[Judgment] {0}. Play this ability only if you have removed three
    # or more cards from the game with this card's ability."
    judgment = full(imported, "TTW-076")["judgment"]
    assert judgment["condition"] == {"kind": "removed_with_this", "at_least": 3}
    assert judgment["cost"] == {"attribute": {}, "free": 0}


def test_croco_shark(imported: dict[str, ImportedCard]) -> None:
    # Croco-Shark (BFA-032): "You may have any number of copies of this card in your main deck.
    # [Stealth] When you play a summon spell from your hand. ... This card gains [+200/+200] for each
    # other "Croco-Shark" you control."
    shark = full(imported, "BFA-032")
    assert shark["any_number_in_main_deck"] is True
    assert shark["stealth"] == "you_play_summon_spell_from_hand"
    assert shark["abilities"][1]["per"] == {
        "filter": {"zone": "field", "types": [], "name": "Croco-Shark", "controller": "you", "other_than_self": True}
    }


def test_an_x_cost_and_total_cost_x_or_less(imported: dict[str, ImportedCard]) -> None:
    # Machina, the Machine Lord (SKL-087): "{X}: Search your main deck for an addition or resonator with
    # total cost X or less with no attribute, reveal it and put it into your hand. Then shuffle your
    # main deck. Play this ability only once per turn."
    [search] = full(imported, "SKL-087")["abilities"]
    assert search["cost"] == {"x": True} and search["once_per_turn"] is True
    assert search["effects"] == [
        {
            "op": "search",
            "filter": {
                "zone": "main_deck",
                "types": ["addition", "resonator"],
                "max_total_cost_x": True,
                "no_attribute": True,
            },
        }
    ]


def test_pay_the_attribute_cost_with_will_of_any_attribute(imported: dict[str, ImportedCard]) -> None:
    # Pricia, the Beast Lady (SKL-059): "You may pay the attribute cost of Four Sacred Beasts
    # resonators with will of any attribute."
    anyway = full(imported, "SKL-059")["abilities"][0]
    assert anyway == {
        "kind": "continuous",
        "any_attribute_for": {"zone": "chase", "types": ["resonator"], "races": ["Four Sacred Beasts"]},
    }
