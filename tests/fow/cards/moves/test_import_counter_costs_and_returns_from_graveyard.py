"""Importing counter costs on other cards, "that resonator" back from its owner's graveyard, a J-ruler
without ATK and DEF and "If your J-Ruler is X, it gains ... and you may pay less" (helper g_move):
the real card text and the declarative form it must become (``domain/fow/importer.py``); the
engine side is in ``tests/fow/cards/moves/test_play_counter_costs_and_returns_from_graveyard.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.fow.cards.import_support import full, imported_database
from tests.fow.cards.test_import_database import will


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


YOUR_J_RULER = {"zone": "field", "types": ["j_ruler"], "controller": "you"}


def test_remove_knowledge_counters_from_any_number_of_resonators_you_control(
    imported: dict[str, ImportedCard],
) -> None:
    # Kaguya, the Tale of the Bamboo Cutter (MOA-004): "[Activate] Remove three knowledge counters from
    # any number of resonators you control: Remove target resonator from the game." (9.3 p2.5, 10.21)
    assert full(imported, "MOA-004")["abilities"][1] == {
        "kind": "activate",
        "cost": {
            "remove_counters": {
                "counter": "knowledge",
                "count": 3,
                "on": {"zone": "field", "types": ["resonator"], "controller": "you"},
            }
        },
        "effects": [
            {
                "op": "remove_from_game",
                "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}},
            }
        ],
    }


def test_remove_magic_counters_from_your_j_ruler_and_a_j_ruler_without_atk_and_def(
    imported: dict[str, ImportedCard],
) -> None:
    # Change the World, Orb of Illusion (TTW-096): "{Rest}, remove a magic counter from your J-Ruler: If
    # your J-Ruler has no ATK and DEF, recover it.  {G}, {Rest}, remove two magic counters from your
    # J/ruler: Draw a card."  "your J/ruler": your ruler or J-ruler (2.1 p2); "it" is your J-ruler
    bare = {**YOUR_J_RULER, "no_atk_def": True}
    assert full(imported, "TTW-096")["abilities"][1:] == [
        {
            "kind": "activate",
            "cost": {"rest": True, "remove_counters": {"counter": "magic", "on": YOUR_J_RULER}},
            "effects": [
                {
                    "op": "if",
                    "condition": {"kind": "controls", "filter": bare},
                    "effects": [{"op": "recover", "target": {"kind": "all", "filter": bare}}],
                }
            ],
        },
        {
            "kind": "activate",
            "cost": {
                "will": will(G=1),
                "rest": True,
                "remove_counters": {
                    "counter": "magic",
                    "count": 2,
                    "on": {"zone": "field", "types": ["ruler", "j_ruler"], "controller": "you", "playground": True},
                },
            },
            "effects": [{"op": "draw", "count": 1, "who": "you"}],
        },
    ]


def test_remove_a_counter_of_any_name_from_a_ruler_or_entity_you_control(imported: dict[str, ImportedCard]) -> None:
    # Gherta, the Tear of Passion (MPR-094): "[Activate] Remove a counter from a ruler or entity you
    # control: This card gains [Swiftness], [Flying] or [Target Attack] until end of turn."  Any counter
    # name; an "entity" is a card in a field: a card you control in your field or ruler area (2.1 p2,
    # 3.6, 3.8 p4), no magic stone.  One of the three keywords, chosen on resolution (9.3 p3.2)
    assert full(imported, "MPR-094")["abilities"] == [
        {
            "kind": "activate",
            "cost": {
                "remove_counters": {
                    "on": {
                        "zone": "field",
                        "types": ["ruler", "j_ruler", "resonator", "addition", "regalia"],
                        "controller": "you",
                        "playground": True,
                    }
                }
            },
            "effects": [
                {
                    "op": "grant_skill",
                    "skill": "swiftness",
                    "target": {"kind": "self"},
                    "duration": "end_of_turn",
                    "or_skills": ["flying", "target_attack"],
                }
            ],
        }
    ]


def test_if_your_j_ruler_is_melgis_it_gains_imperishable_and_you_may_pay_two_less(
    imported: dict[str, ImportedCard],
) -> None:
    # Laevateinn, the Demon Sword (VS01-026): "{Rest}: Until end of turn, if your J-Ruler would deal
    # damage, it deals that much +200 instead. If your J-Ruler is "Melgis, the One Charmed by the Demon
    # Sword", it gains [Imperishable] until end of turn and you may pay {2} less to play its God's Art
    # abilities this turn."  The gain if the condition holds on resolution (9.3 p3); paying less with
    # the condition as part of the continuous effect (9.9 p4)
    melgis = {"kind": "ruler_is", "j_rulers": ["Melgis, the One Charmed by the Demon Sword"]}
    assert full(imported, "VS01-026")["abilities"][1] == {
        "kind": "activate",
        "cost": {"rest": True},
        "effects": [
            {"op": "deal_more", "extra": 200, "target": {"kind": "all", "filter": YOUR_J_RULER}},
            {
                "op": "if",
                "condition": melgis,
                "effects": [
                    {
                        "op": "grant_skill",
                        "skill": "imperishable",
                        "target": {"kind": "all", "filter": YOUR_J_RULER},
                        "duration": "end_of_turn",
                    }
                ],
            },
            {"op": "pay_less", "of": "gods_art", "less": will(free=2), "condition": melgis},
        ],
    }


def test_put_that_resonator_from_its_owners_graveyard_into_his_or_her_hand(
    imported: dict[str, ImportedCard],
) -> None:
    # Campanella, the Milky Way Moon (MPR-038): "[Continuous]: When a resonator is put into a graveyard
    # from your field, you may banish this card. If you do, put that resonator from its owner's graveyard
    # into his or her hand."  "That resonator": the trigger's object where it went (9.6 p7, 3.1 p3)
    assert full(imported, "MPR-038")["abilities"][2] == {
        "kind": "automatic",
        "trigger": "card_put_into_graveyard_from_field",
        "trigger_filter": {"zone": "field", "types": ["resonator"], "controller": "you"},
        "effects": [
            {"op": "may", "effects": [{"op": "banish", "target": {"kind": "self"}}]},
            {
                "op": "if",
                "condition": {"kind": "did"},
                "effects": [
                    {"op": "return_to_hand", "target": {"kind": "that", "filter": {"zone": "graveyard", "types": []}}}
                ],
            },
        ],
    }


def test_put_four_arrow_counters_instead_and_an_addition_resonator_or_a_card_in_standby(
    imported: dict[str, ImportedCard],
) -> None:
    # Artemis, the God's Bow (SKL-095): "When this card enters your field, put two arrow counters on it.
    # If your J/ruler is "Arla, the Winged Lord" or "Arla, the Hegemon of the Sky", put four arrow
    # counters instead." (the same counters on the same card, another number, 9.3 p3) and "{Rest},
    # remove two arrow counters from this card: Destroy target [Addition:Resonator] or a card in a
    # chant-standby area." (either, 9.3 p2.4)
    arla = ["Arla, the Winged Lord", "Arla, the Hegemon of the Sky"]
    abilities = full(imported, "SKL-095")["abilities"]
    assert abilities[1] == {
        "kind": "automatic",
        "trigger": "enters_field",
        "effects": [
            {
                "op": "if",
                "condition": {"kind": "ruler_is", "rulers": arla, "j_rulers": arla},
                "effects": [{"op": "put_counter", "counter": "arrow", "count": 4, "target": {"kind": "self"}}],
                "otherwise": [{"op": "put_counter", "counter": "arrow", "count": 2, "target": {"kind": "self"}}],
            }
        ],
    }
    assert abilities[3]["effects"] == [
        {
            "op": "destroy",
            "target": {
                "kind": "chosen",
                "filter": {
                    "zone": "field",
                    "types": [],
                    "any_of": [
                        {"zone": "field", "types": ["addition"], "subtypes": ["resonator"]},
                        {"zone": "standby", "types": []},
                    ],
                },
            },
        }
    ]


def test_if_your_j_ruler_is_x_you_may_pay_one_less_to_play_this_ability(imported: dict[str, ImportedCard]) -> None:
    # Heavenly Instrument, Hydromonica (TMS-092): "{2},{Rest},banish this card: Search your main deck for
    # a card. Then shuffle your main deck and put that card on top of your main deck. If your J/ruler is
    # "Songtress of Shangri-La" or "Coup d'Etat Mastermind, Shion", you may pay {1} less to play this
    # ability."  A reduction the player may choose as the ability is played (9.3 p2.5)
    names = ["Songtress of Shangri-La", "Coup d'Etat Mastermind, Shion"]
    assert full(imported, "TMS-092")["abilities"][1] == {
        "kind": "activate",
        "cost": {"will": will(free=2), "rest": True, "banish_self": True},
        "effects": [{"op": "search", "to": "top"}],
        "cost_reduction": {"cost": will(free=1), "condition": {"kind": "ruler_is", "rulers": names, "j_rulers": names}},
    }


def test_the_top_three_cards_of_the_magic_stone_deck_or_banish_this_card(imported: dict[str, ImportedCard]) -> None:
    # Squirmer of the Dark (CMF-054): "[Continuous]: At the beginning of your main phase, put the top three
    # cards from your magic stone deck into your graveyard. If you cannot put three cards into your
    # graveyard this way, banish this card and you lose 1000 life."  "This way": what the mill just
    # before put there (9.3 p3)
    assert full(imported, "CMF-054")["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "beginning_of_main_phase",
            "effects": [
                {"op": "mill", "count": 3, "who": "you", "deck": "stone"},
                {
                    "op": "if",
                    "condition": {"kind": "did", "at_least": 3, "negate": True},
                    "effects": [
                        {"op": "banish", "target": {"kind": "self"}},
                        {"op": "lose_life", "amount": 1000, "who": "you"},
                    ],
                },
            ],
        }
    ]


def test_put_your_j_ruler_into_your_ruler_area_as_a_ruler(imported: dict[str, ImportedCard]) -> None:
    # High Speed Dash (BFA-050): "Choose one - Put your J-Ruler into your ruler area, as a ruler; or return
    # target resonator you control to its owner's hand." (modes chosen as it is played, 9.3 p2.3)
    assert full(imported, "BFA-050")["effects"] == [
        {
            "op": "choose",
            "modes": [
                [{"op": "put_into_ruler_area", "target": {"kind": "all", "filter": YOUR_J_RULER}}],
                [
                    {
                        "op": "return_to_hand",
                        "target": {
                            "kind": "chosen",
                            "filter": {"zone": "field", "types": ["resonator"], "controller": "you"},
                        },
                    }
                ],
            ],
        }
    ]
