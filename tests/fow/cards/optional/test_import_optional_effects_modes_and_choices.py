"""Importing real Grimm/Alice cards of the t8-opt round (optional effects, modes and choices): the
card text and the declarative form it must become (``domain/fow/importer.py``); the engine side is
in ``test_play_optional_effects_modes_and_choices.py``.  Wordings the engine could not execute exactly stay
unsupported."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.fow.cards.import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


# --- "you may" over an effect of two sentences (FoW-5.5 9.3 p3.2, 10.13 p1) -----------------------


def test_you_may_look_at_target_players_hand_and_choose_a_card_they_discard(
    imported: dict[str, ImportedCard],
) -> None:
    # Nyarlathotep, the Usurper (MOA-049): "[Enter]: You may look at target player's hand and choose
    # a card. He or she discards that card."  The "you may" holds the whole of it, both sentences
    card = full(imported, "MOA-049")
    assert card["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "enter",
            "effects": [
                {
                    "op": "may",
                    "effects": [{"op": "discard", "count": 1, "target": {"kind": "chosen", "players_only": True}}],
                }
            ],
        }
    ]


# --- "it may deal ..." of this card; "If it does" (FoW-5.5 9.3 p3.2) -------------------------------


def test_it_may_deal_damage_for_each_counter_on_it_if_it_does_remove_them(imported: dict[str, ImportedCard]) -> None:
    # Snow White, the Valkyrie of Passion (SKL-031): "Whenever this card attacks, it may deal 300
    # damage to target resonator for each passion counter on it. If it does, remove all passion
    # counters from it."  "it" is this card throughout (the subject); its controller decides
    card = full(imported, "SKL-031")
    assert card["abilities"][-1] == {
        "kind": "automatic",
        "trigger": "attacks",
        "effects": [
            {
                "op": "may",
                "effects": [
                    {
                        "op": "deal_damage",
                        "amount": 300,
                        "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}},
                        "per": {"counter": "passion"},
                    }
                ],
            },
            {
                "op": "if",
                "condition": {"kind": "did"},
                "effects": [{"op": "remove_counter", "counter": "passion", "all": True, "target": {"kind": "self"}}],
            },
        ],
    }


# --- "you may pay {B}{B} less to play its God's Art abilities this turn" (FoW-5.5 9.3 p2.5, 9.9 p4) --


def test_as_long_as_your_j_ruler_is_pay_less_to_play_its_gods_art(imported: dict[str, ImportedCard]) -> None:
    # Recollection of Dystopia (TTW-086): "Your opponent banishes a resonator. As long as your
    # J-Ruler is "Dark Alice, Maiden of Slaughter", you may pay {B}{B} less to play its God's Art
    # abilities this turn."  The condition is part of the effect (checked as the ability is played)
    card = full(imported, "TTW-086")
    assert card["effects"][1] == {
        "op": "pay_less",
        "of": "gods_art",
        "less": {"attribute": {"B": 2}, "free": 0},
        "condition": {"kind": "ruler_is", "j_rulers": ["Dark Alice, Maiden of Slaughter"]},
    }
    # Shion's Hymn (TMS-045): "... As long as your J-Ruler is "Coup d'Etat Mastermind, Shion", you
    # may pay {U}{U} less to play its God's Art abilities this turn."
    hymn = full(imported, "TMS-045")
    assert hymn["effects"][-1] == {
        "op": "pay_less",
        "of": "gods_art",
        "less": {"attribute": {"U": 2}, "free": 0},
        "condition": {"kind": "ruler_is", "j_rulers": ["Coup d'Etat Mastermind, Shion"]},
    }


# --- "you may add ... from your hand to this card" (FoW-5.5 10.1) -----------------------------------


def test_you_may_add_an_addition_from_your_hand_to_this_card(imported: dict[str, ImportedCard]) -> None:
    # Alicia Melchiott [Water/J-Ruler] (VIN002-031J): "When this card enters your field => You may add
    # an [Addition:J/Resonator] from your hand to this card."  Choosing none is declining (10.13 p2)
    card = full(imported, "VIN002-031J")
    assert card["abilities"][1] == {
        "kind": "automatic",
        "trigger": "enters_field",
        "effects": [
            {
                "op": "put_from_hand",
                "filter": {"zone": "hand", "types": ["addition"], "subtypes": ["j_resonator"]},
                "to_this_card": True,
            }
        ],
    }
    # Susanowo, the Ten-Fist Sword (MOA-019): "[Enter]: You may add a card named "Ame-no-Habakiri"
    # from your hand to this card."  Only an addition can be added (10.1 p2)
    susanowo = full(imported, "MOA-019")
    assert {
        "kind": "automatic",
        "trigger": "enter",
        "effects": [
            {
                "op": "put_from_hand",
                "filter": {"zone": "hand", "types": ["addition"], "name": "Ame-no-Habakiri"},
                "to_this_card": True,
            }
        ],
    } in susanowo["abilities"]


# --- "... and lose [Flying] until end of turn" (FoW-5.5 9.9 p1) -------------------------------------


def test_gain_and_lose_a_symbol_skill_until_end_of_turn(imported: dict[str, ImportedCard]) -> None:
    # Zero, the Magus of Null (MPR-090): "[Enter]: Resonators your opponent controls gain [-200/-200]
    # and lose [Flying] until end of turn."  Two effects on the same cards, in printed order
    card = full(imported, "MPR-090")
    theirs = {"kind": "all", "filter": {"zone": "field", "types": ["resonator"], "controller": "opponent"}}
    assert card["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "enter",
            "effects": [
                {"op": "modify", "atk": -200, "def": -200, "target": theirs, "duration": "end_of_turn"},
                {"op": "lose_skill", "skill": "flying", "target": theirs},
            ],
        }
    ]


# --- "choose a number" (FoW-5.5 1.4 p5) --------------------------------------------------------------


def test_choose_a_number_destroy_all_with_that_total_cost(imported: dict[str, ImportedCard]) -> None:
    # Dark Alice, Maiden of Slaughter (TTW-076J): "When this card enters your field, choose a number.
    # Destroy all resonators with total cost equal to the chosen number."
    card = full(imported, "TTW-076J")
    assert card["abilities"][0] == {
        "kind": "automatic",
        "trigger": "enters_field",
        "effects": [
            {
                "op": "destroy",
                "target": {"kind": "all", "filter": {"zone": "field", "types": ["resonator"]}},
                "chosen_total_cost": True,
            }
        ],
    }


# --- a condition naming several rulers: "If your J/ruler is "A", "B" or "C", ..." (FoW-5.5 9.3 p3) -----


def test_your_j_ruler_is_one_of_three_names_then_field_instead(imported: dict[str, ImportedCard]) -> None:
    # Deep Blue, the Phantom Board (SKL-097): "{2}, {Rest}: Search your main deck for a Soldier resonator
    # with total cost 1 or less, reveal it and put it into your hand. If your J/ruler is "Alice, the Girl
    # in the Looking Glass", "Alice, the Saint of Healing" or "Alice, the Valkyrie of Fairy Tales", you
    # may put it into your field instead. Then shuffle your main deck."  "J/ruler": ruler or J-ruler
    card = full(imported, "SKL-097")
    names = [
        "Alice, the Girl in the Looking Glass",
        "Alice, the Saint of Healing",
        "Alice, the Valkyrie of Fairy Tales",
    ]
    assert card["abilities"][1]["effects"] == [
        {
            "op": "search",
            "filter": {"zone": "main_deck", "types": ["resonator"], "races": ["Soldier"], "max_total_cost": 1},
            "field_instead_if": {"kind": "ruler_is", "rulers": names, "j_rulers": names},
            "shuffle": False,
        },
        {"op": "shuffle"},
    ]


# --- "you may put that card on to this card instead" (FoW-5.5 10.1) ---------------------------------


def test_search_then_put_that_card_on_to_this_card_instead(imported: dict[str, ImportedCard]) -> None:
    # Athos, the Three Musketeers (CMF-060): "[Enter]: Search your main deck for an [Addition:Resonator],
    # reveal it and put it into your hand. If your Ruler is "Puss in Boots" or your J-Ruler is
    # "D'Artagnan, the Bayoneteer", you may put that card on to this card instead. Then shuffle your
    # main deck."
    card = full(imported, "CMF-060")
    assert card["abilities"][0]["effects"] == [
        {
            "op": "search",
            "filter": {"zone": "main_deck", "types": ["addition"], "subtypes": ["resonator"]},
            "field_instead_if": {
                "kind": "ruler_is",
                "rulers": ["Puss in Boots"],
                "j_rulers": ["D'Artagnan, the Bayoneteer"],
            },
            "added_instead": True,
            "shuffle": False,
        },
        {"op": "shuffle"},
    ]


# --- "target resonator with no evolution counters on it" (FoW-5.5 10.21) ----------------------------


def test_you_may_put_a_counter_on_target_resonator_with_no_such_counters(imported: dict[str, ImportedCard]) -> None:
    # Ziz, the Bird that Envelopes the Sky (TTW-072): "Whenever an evolution counter is put on this card,
    # you may put an evolution counter on taret resonator with no evolution counters on it." ("taret":
    # a misprint of "target")
    card = full(imported, "TTW-072")
    assert card["abilities"][-1] == {
        "kind": "automatic",
        "trigger": "evolution_counter_put",
        "effects": [
            {
                "op": "may",
                "effects": [
                    {
                        "op": "put_counter",
                        "counter": "evolution",
                        "target": {
                            "kind": "chosen",
                            "filter": {"zone": "field", "types": ["resonator"], "without_counters": ["evolution"]},
                        },
                    }
                ],
            }
        ],
    }


# --- "a resonator with the same total cost" as the target (FoW-5.5 2.3 p5, 9.11) ---------------------


def test_if_you_do_you_may_put_one_with_the_same_total_cost_from_your_hand(imported: dict[str, ImportedCard]) -> None:
    # Alice's Castling (SKL-034): "Put target resonator you control on the bottom of its owner's main deck.
    # If you do, you may put a resonator with the same total cost from your hand into your field. Draw a
    # card."  Choosing none from the hand is declining (10.13 p2)
    card = full(imported, "SKL-034")
    assert card["effects"] == [
        {
            "op": "put_on_main_deck",
            "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"], "controller": "you"}},
            "position": "bottom",
        },
        {
            "op": "if",
            "condition": {"kind": "did"},
            "effects": [
                {"op": "put_from_hand", "filter": {"zone": "hand", "types": ["resonator"]}, "same_total_cost": True}
            ],
        },
        {"op": "draw", "count": 1, "who": "you"},
    ]


# --- "you may put any number of cards from your removed area into your graveyard" (FoW-5.5 10.13 p1) --


def test_put_any_number_of_cards_from_your_removed_area_into_your_graveyard(
    imported: dict[str, ImportedCard],
) -> None:
    # Timeline Arsonist, Alisaris (TMS-031J), God's Art [Total Recall] {R}{R}{2}: "This card deals 100
    # damage to each J/resonator your opponent controls for each card in your removed area. Then, you
    # may put any number of cards from your removed area into your graveyard."  Choosing none declines
    card = full(imported, "TMS-031J")
    art = next(a for a in card["abilities"] if a.get("gods_art"))
    assert art["effects"][-1] == {
        "op": "put_from_removed",
        "filter": {"zone": "removed", "types": []},
        "to": "graveyard",
    }


# --- "search your main deck for a X and/or card named "Y", reveal them" (FoW-5.5 10.13 p2) ------------


def test_search_for_a_twelve_apostle_and_or_a_named_card(imported: dict[str, ImportedCard]) -> None:
    # Interdimensional Monarch, Gill Lapis (BFA-080): "When this card enters your field, you may search
    # your main deck for a Twelve Apostle and/or card named "Attoractia, Dimension of the Seven Kings",
    # reveal them, and put them into your hand. Then shuffle your main deck."
    card = full(imported, "BFA-080")
    assert card["abilities"][0]["effects"] == [
        {
            "op": "may",
            "effects": [
                {
                    "op": "search",
                    "filter": {"zone": "main_deck", "types": [], "races": ["Twelve Apostles"]},
                    "count": 2,
                    "and_or": {"zone": "main_deck", "types": [], "name": "Attoractia, Dimension of the Seven Kings"},
                    "shuffle": False,
                }
            ],
        },
        {"op": "shuffle"},
    ]


# --- "Choose an attribute. This card becomes the chosen attribute until end of turn" (FoW-5.5 2.8) -----


def test_choose_an_attribute_this_card_becomes_it(imported: dict[str, ImportedCard]) -> None:
    # Leonardo da Vinci (VIN001-076): "{1} : Choose an attribute. This card becomes the chosen attribute
    # until end of turn."
    card = full(imported, "VIN001-076")
    assert card["abilities"][0]["effects"] == [{"op": "become_attribute", "target": {"kind": "self"}}]


def test_if_its_faria_it_gains_imperishable_and_you_may_pay_less_for_its_gods_art(
    imported: dict[str, ImportedCard],
) -> None:
    # Excalibur, the God's Sword (VS01-002): "{Rest}: Your J-Ruler gains [+200/+200] until end of turn. If
    # it's "Faria, the Ruler of God Sword", it gains [Imperishable] until end of turn and you may pay {2}
    # less to play its God's Art abilities this turn."  "It" is your J-ruler (FoW-5.5 9.9 p4, its example)
    card = full(imported, "VS01-002")
    yours = {"kind": "all", "filter": {"zone": "field", "types": ["j_ruler"], "controller": "you"}}
    faria = {"kind": "ruler_is", "j_rulers": ["Faria, the Ruler of God Sword"]}
    assert card["abilities"][1]["effects"] == [
        {"op": "modify", "atk": 200, "def": 200, "target": yours, "duration": "end_of_turn"},
        {
            "op": "if",
            "condition": faria,
            "effects": [{"op": "grant_skill", "skill": "imperishable", "target": yours, "duration": "end_of_turn"}],
        },
        {"op": "pay_less", "of": "gods_art", "less": {"attribute": {}, "free": 2}, "condition": faria},
    ]
