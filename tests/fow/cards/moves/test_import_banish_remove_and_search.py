"""Importing moves, banishing and looking of real Grimm/Alice cards (helper t6-move): the real card
text and the declarative form it must become (``domain/fow/importer.py``); the engine side is in
``tests/fow/cards/moves/test_play_banish_remove_and_search.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.fow.cards.import_support import full, imported_database
from tests.fow.cards.test_import_database import will


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def test_banish_this_card_if_you_dont_control_another_elf(imported: dict[str, ImportedCard]) -> None:
    # Wiseman of Winds (MPR-072): "[Enter]: Banish this card if you don't control another Elf."
    # (FoW-5.5 10.10 p1; the condition is checked on resolution, 9.3 p3)
    assert full(imported, "MPR-072")["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "enter",
            "effects": [
                {
                    "op": "if",
                    "condition": {
                        "kind": "controls",
                        "filter": {
                            "zone": "field",
                            "types": [],
                            "controller": "you",
                            "races": ["Elf"],
                            "other_than_self": True,
                        },
                        "negate": True,
                    },
                    "effects": [{"op": "banish", "target": {"kind": "self"}}],
                }
            ],
        }
    ]


def test_at_the_end_of_turn_banish_it_names_this_card(imported: dict[str, ImportedCard]) -> None:
    # Clockwork Soldiers (SKL-084): "{1}: This card gains [+200/0] until end of turn. At the end of
    # turn, banish it."  "It" can only be this card: a delayed ability (9.6 p8) banishing it
    assert full(imported, "SKL-084")["abilities"] == [
        {
            "kind": "activate",
            "cost": {"will": will(free=1)},
            "effects": [
                {"op": "modify", "atk": 200, "def": 0, "target": {"kind": "self"}, "duration": "end_of_turn"},
                {"op": "delayed", "at": "end_of_turn", "effects": [{"op": "banish", "target": {"kind": "self"}}]},
            ],
        }
    ]


def test_remove_it_from_the_game_at_end_of_turn(imported: dict[str, ImportedCard]) -> None:
    # Dance of the Shadows (TTW-075): "Put target resonator from your graveyard into your field.
    # Remove it from the game at end of turn."  The time written last: the same delayed ability
    # (9.6 p8) as "At the end of turn, remove it ..."; "it" names the card put into the field
    assert full(imported, "TTW-075")["effects"] == [
        {
            "op": "put_into_field",
            "target": {
                "kind": "chosen",
                "filter": {"zone": "graveyard", "types": ["resonator"], "controller": "you"},
            },
        },
        {
            "op": "delayed",
            "at": "end_of_turn",
            "effects": [{"op": "remove_from_game", "target": {"kind": "same"}}],
        },
    ]


def test_search_for_a_card_and_put_it_into_your_hand_unrevealed(imported: dict[str, ImportedCard]) -> None:
    # Scheherazade, the Teller of 1001 Stories (MPR-064J): "[Enter]: Search your main deck, for a
    # card and put it into your hand. The shuffle your main deck." (misprints of "for a card" and
    # "Then"): any card, not revealed (FoW-5.5 10.13 p2), then the deck is shuffled (10.20)
    assert full(imported, "MPR-064J")["abilities"][0] == {
        "kind": "automatic",
        "trigger": "enter",
        "effects": [{"op": "search", "filter": {"zone": "main_deck", "types": []}, "reveal": False}],
    }


def test_rest_a_resonator_other_than_a_named_card_as_a_cost(imported: dict[str, ImportedCard]) -> None:
    # Rapunzel, the Long-Haired Princess (CMF-014): "[Activate] Rest a recovered resonator you control
    # other than "Rapunzel, the Long-Haired Princess": Recover this card." (a card without that name,
    # FoW-5.5 2.2 p3; a cost the player chooses, 9.3 p2.5)
    assert full(imported, "CMF-014")["abilities"][1] == {
        "kind": "activate",
        "cost": {
            "cards": [
                {
                    "action": "rest",
                    "filter": {
                        "zone": "field",
                        "types": ["resonator"],
                        "controller": "you",
                        "not_names": ["Rapunzel, the Long-Haired Princess"],
                        "rested": False,
                    },
                }
            ]
        },
        "effects": [{"op": "recover", "target": {"kind": "self"}}],
    }


def test_banish_two_other_cthulhus_for_a_cthulhu_non_spell_card(imported: dict[str, ImportedCard]) -> None:
    # Shub-Niggurath, the Goddess of Fertility (MPR-032): "[Activate] {Rest}, banish two other Cthulhu
    # resonators: Put target Cthulhu non-spell card from your graveyard into your field."  A non-spell
    # card is one of any other card type (2.1 p3)
    assert full(imported, "MPR-032")["abilities"][1] == {
        "kind": "activate",
        "cost": {
            "rest": True,
            "cards": [
                {
                    "action": "banish",
                    "count": 2,
                    "filter": {
                        "zone": "field",
                        "types": ["resonator"],
                        "controller": "you",
                        "races": ["Cthulhu"],
                        "other_than_self": True,
                    },
                }
            ],
        },
        "effects": [
            {
                "op": "put_into_field",
                "target": {
                    "kind": "chosen",
                    "filter": {
                        "zone": "graveyard",
                        "types": ["ruler", "j_ruler", "resonator", "addition", "regalia", "magic_stone"],
                        "controller": "you",
                        "races": ["Cthulhu"],
                    },
                },
            }
        ],
    }


def test_a_card_with_words_in_its_name(imported: dict[str, ImportedCard]) -> None:
    # Little Red, the Hope of Millennia (MOA-017): "[Awakening] {R}: When this card enters your field,
    # search your main deck for a card with "Granny" in its name, reveal it and put it into your
    # field. Then shuffle your main deck." / "{Rest}, discard a card with "Apple" in its name: This
    # card deals 1000 damage to target resonator."  A part of a name (FoW-5.5 2.2 p3)
    card = full(imported, "MOA-017")
    assert card["awakening"]["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "enters_field",
            "effects": [
                {
                    "op": "search",
                    "filter": {"zone": "main_deck", "types": [], "name_contains": "Granny"},
                    "to": "field",
                }
            ],
        }
    ]
    assert card["abilities"] == [
        {
            "kind": "activate",
            "cost": {
                "rest": True,
                "cards": [{"action": "discard", "filter": {"zone": "hand", "types": [], "name_contains": "Apple"}}],
            },
            "effects": [
                {
                    "op": "deal_damage",
                    "amount": 1000,
                    "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}},
                }
            ],
        }
    ]


def test_search_and_put_it_into_your_field_rested(imported: dict[str, ImportedCard]) -> None:
    # The Hound of Tindalos (MPR-036): "[Continuous]: When this card is put into a graveyard from your
    # field, you may pay {R}. If you do, search your main deck for a card named "The Hound of
    # Tindalos" and put it into your field rested. Then shuffle your main deck." (10.12 p1)
    assert full(imported, "MPR-036")["abilities"][1] == {
        "kind": "automatic",
        "trigger": "put_into_graveyard_from_field",
        "effects": [
            {"op": "may", "effects": [{"op": "pay", "will": will(R=1)}]},
            {
                "op": "if",
                "condition": {"kind": "did"},
                "effects": [
                    {
                        "op": "search",
                        "filter": {"zone": "main_deck", "types": [], "name": "The Hound of Tindalos"},
                        "to": "field",
                        "rested": True,
                        "shuffle": False,
                    }
                ],
            },
            {"op": "shuffle"},
        ],
    }


@pytest.mark.parametrize("card_id", ["VS01-024", "TTW-027"])
def test_when_it_deals_or_is_dealt_damage_this_turn_banish_it(imported: dict[str, ImportedCard], card_id: str) -> None:
    # Guinevere, the Jealous Queen (VS01-024; TTW-027 prints "banish rnit", a misprint of "it"):
    # "{R}, {Rest}: Target resonator you control gains [+400/+400] until end of turn. When it deals
    # or is dealt damage this turn, banish it."  A delayed ability (9.6 p8) watching that resonator
    assert full(imported, card_id)["abilities"][1] == {
        "kind": "activate",
        "cost": {"will": will(R=1), "rest": True},
        "effects": [
            {
                "op": "modify",
                "atk": 400,
                "def": 400,
                "target": {
                    "kind": "chosen",
                    "filter": {"zone": "field", "types": ["resonator"], "controller": "you"},
                },
                "duration": "end_of_turn",
            },
            {
                "op": "delayed",
                "at": "it_deals_or_is_dealt_damage",
                "effects": [{"op": "banish", "target": {"kind": "same"}}],
            },
        ],
    }


def test_when_that_resonator_is_destroyed_this_turn_banish_this_card(imported: dict[str, ImportedCard]) -> None:
    # Byakhee, the Winged Lady (MPR-078): "[Activate] {Rest}: Target resonator gains [+900/+900] and
    # [Flying] until end of turn. When that resonator is destroyed this turn, banish this card."
    assert full(imported, "MPR-078")["abilities"][0] == {
        "kind": "activate",
        "cost": {"rest": True},
        "effects": [
            {
                "op": "modify",
                "atk": 900,
                "def": 900,
                "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}},
                "duration": "end_of_turn",
                "skills": ["flying"],
            },
            {"op": "delayed", "at": "it_is_destroyed", "effects": [{"op": "banish", "target": {"kind": "self"}}]},
        ],
    }


def test_choose_target_resonator_remove_it_if_its_darkness(imported: dict[str, ImportedCard]) -> None:
    # Grimm, the Avenger of Fairy Tales (TAT-004): "[Enter]: Choose target resonator: Remove it from
    # the game if it's darkness. Otherwise, it gains [+200/+200] until end of turn." / "[Awakening]
    # {W}: [Enter]: If you J/ruler is "Sacred Princess of Guidance" or "Lumia, the Creator of Hope",
    # J/resonators your opponent controls lose all abilities until end of turn." ("you J/ruler": a
    # misprint of "your"); "lose all abilities" on all X applies to what matches later too (9.9 p4)
    card = full(imported, "TAT-004")
    resonator = {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}}
    assert card["abilities"][0]["effects"] == [
        {
            "op": "if",
            "condition": {"kind": "target_is", "filter": {"zone": "field", "types": [], "attributes": ["B"]}},
            "effects": [{"op": "remove_from_game", "target": resonator}],
            "otherwise": [{"op": "modify", "atk": 200, "def": 200, "target": resonator, "duration": "end_of_turn"}],
            "same_targets": True,
        }
    ]
    names = ["Sacred Princess of Guidance", "Lumia, the Creator of Hope"]
    assert card["awakening"]["abilities"][0]["effects"] == [
        {
            "op": "if",
            "condition": {"kind": "ruler_is", "rulers": names, "j_rulers": names},
            "effects": [
                {
                    "op": "lose_abilities",
                    "target": {"kind": "all", "filter": {"zone": "field", "controller": "opponent"}},
                }
            ],
        }
    ]


def test_a_counter_on_each_card_so_named(imported: dict[str, ImportedCard]) -> None:
    # September Hare (TTW-048): "{U}: Put a tea party counter on each "Insomniac Dormouse", "Sane
    # Hatter" and "September Hare"."  Every card with one of these names in a playground (2.2, 2.5 p4)
    assert full(imported, "TTW-048")["abilities"][0] == {
        "kind": "activate",
        "cost": {"will": will(U=1)},
        "effects": [
            {
                "op": "put_counter",
                "counter": "tea party",
                "target": {
                    "kind": "all",
                    "filter": {
                        "zone": "field",
                        "types": [],
                        "names": ["Insomniac Dormouse", "Sane Hatter", "September Hare"],
                        "playground": True,
                    },
                },
            }
        ],
    }


def test_total_cost_up_to_the_counters_on_this_card(imported: dict[str, ImportedCard]) -> None:
    # Sane Hatter (TTW-046): "... you control." / "{Rest}: Return target resonator with total cost less
    # than or equal to the number of tea party counters on this card to it's owners hand. Then remove
    # all tea party counters from this card." ("it's owners": a misprint of "its owner's")
    abilities = full(imported, "TTW-046")["abilities"]
    assert abilities[0]["effects"][0]["target"]["filter"]["controller"] == "you"
    assert abilities[1] == {
        "kind": "activate",
        "cost": {"rest": True},
        "effects": [
            {
                "op": "return_to_hand",
                "target": {
                    "kind": "chosen",
                    "filter": {"zone": "field", "types": ["resonator"], "max_total_cost_counters": "tea party"},
                },
            },
            {"op": "remove_counter", "counter": "tea party", "all": True, "target": {"kind": "self"}},
        ],
    }


def test_it_doesnt_recover_during_its_controllers_next_recovery_phase(imported: dict[str, ImportedCard]) -> None:
    # Insomniac Dormouse (TTW-040): "{Rest}: Rest target resonator with total cost less than or equal
    # to the number of tea party counters on this card. It doesn't recover during its controller's
    # next recovery phase. Then remove all tea party counters on this card." (5.2 p5, 1.4 p1)
    assert full(imported, "TTW-040")["abilities"][1]["effects"] == [
        {
            "op": "rest",
            "target": {
                "kind": "chosen",
                "filter": {"zone": "field", "types": ["resonator"], "max_total_cost_counters": "tea party"},
            },
        },
        {
            "op": "restrict",
            "target": {"kind": "same"},
            "rules": ["doesnt_recover_in_recovery_phase"],
            "duration": "next_recovery_phase",
        },
        {"op": "remove_counter", "counter": "tea party", "all": True, "target": {"kind": "self"}},
    ]


@pytest.mark.parametrize("card_id", ["VIN001-063", "TAT-077"])
def test_when_added_resonator_is_put_into_a_graveyard(imported: dict[str, ImportedCard], card_id: str) -> None:
    # Demon's Curse (VIN001-063; TAT-077 "[Continuous]: Resonator with this ... When the resonator with
    # this ..."): "Added resonator gains [-200/-200]. When added resonator is put into a graveyard from
    # a field, this card deals 500 damage to that resonator's controller."  Two abilities: a continuous
    # one and an automatic one triggering on the host's move (9.6 p7.2); "that resonator's controller"
    # is who controlled it as it left (9.11)
    assert full(imported, card_id)["abilities"] == [
        {"kind": "continuous", "modify_atk": -200, "modify_def": -200},
        {
            "kind": "automatic",
            "trigger": "put_into_graveyard_from_field",
            "host_trigger": True,
            "effects": [{"op": "deal_damage", "amount": 500, "target": {"kind": "that_controller"}}],
        },
    ]


def test_remove_all_damage_dealt_to_target_j_ruler(imported: dict[str, ImportedCard]) -> None:
    # Holy Grail (CMF-006): "[Activate] {Rest}: Remove all damage that was dealt to target J-Ruler this
    # turn." (the damage on it, FoW-5.5 10.6 p1, all dealt this turn, 5.4 p5.1)
    assert full(imported, "CMF-006")["abilities"][1] == {
        "kind": "activate",
        "cost": {"rest": True},
        "effects": [
            {"op": "remove_damage", "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["j_ruler"]}}}
        ],
    }


def test_gain_control_until_end_of_turn(imported: dict[str, ImportedCard]) -> None:
    # Frederica Lipps (VIN002-022): "When this card enters your field => Gain control of target
    # recovered resonator your opponent controls until end of turn. It gains [Swiftness] until end of
    # turn." (1.5 p3; the effect ends as the turn ends, 5.4 p5.2)
    assert full(imported, "VIN002-022")["abilities"][0]["effects"] == [
        {
            "op": "gain_control",
            "target": {
                "kind": "chosen",
                "filter": {"zone": "field", "types": ["resonator"], "controller": "opponent", "rested": False},
            },
            "duration": "end_of_turn",
        },
        {"op": "grant_skill", "skill": "swiftness", "target": {"kind": "same"}, "duration": "end_of_turn"},
    ]


def test_pay_one_rather_than_two_for_the_chant_standby_area(imported: dict[str, ImportedCard]) -> None:
    # Seer of the Blue Moon (CMF-052): "[Continuous]: You pay {1} to put cards into your chant-standby
    # area rather than pay {2}." (the rule's {2}, FoW-5.5 7.6 p1, replaced by the text, 1.4 p1)
    assert full(imported, "CMF-052")["abilities"] == [
        {"kind": "continuous", "cost_change": {"of": "standby", "who": "you", "instead": 1}}
    ]


def test_put_all_resonators_removed_this_way_back_at_the_end_of_turn(imported: dict[str, ImportedCard]) -> None:
    # Djinn, the Spirit of Lamp (MPR-059): "[Enter] Remove up to three target resonator you control from
    # the game. At the end of turn, put all resonators removed this way into their owner's field."
    assert full(imported, "MPR-059")["abilities"][0]["effects"] == [
        {
            "op": "remove_from_game",
            "target": {
                "kind": "chosen",
                "filter": {"zone": "field", "types": ["resonator"], "controller": "you"},
                "count": 3,
                "up_to": True,
            },
        },
        {
            "op": "delayed",
            "at": "end_of_turn",
            "effects": [{"op": "put_into_field", "target": {"kind": "same"}, "owners_field": True}],
        },
    ]


def test_two_targets_into_the_field_and_a_magic_stone_into_the_magic_stone_area(
    imported: dict[str, ImportedCard],
) -> None:
    # Genesis Creation (MPR-006): "Put up to one target [Addition: Field] and up to one target resonator
    # from your graveyard into your field. Put up to one target magic stone from your graveyard into
    # your magic stone area." (one target group each, 9.3 p2.4; magic stones: the magic stone area, 3.7)
    def up_to_one(**flt: object) -> dict[str, object]:
        return {"kind": "chosen", "filter": {"zone": "graveyard", **flt}, "up_to": True}

    assert full(imported, "MPR-006")["effects"] == [
        {"op": "put_into_field", "target": up_to_one(types=["addition"], controller="you", subtypes=["field"])},
        {"op": "put_into_field", "target": up_to_one(types=["resonator"], controller="you")},
        {"op": "put_into_field", "target": up_to_one(types=["magic_stone"], controller="you"), "zone": "stone_area"},
    ]


def test_pay_less_for_judgment_this_turn(imported: dict[str, ImportedCard]) -> None:
    # Sylvia's Clanmate (TTW-033): "Banish this card: You pay {1} less to play [Judgment] abilities of
    # your ruler this turn." (an effect changing a cost for the turn, 9.3 p2.5)
    assert full(imported, "TTW-033")["abilities"][0] == {
        "kind": "activate",
        "cost": {"banish_self": True},
        "effects": [{"op": "change_cost", "change": {"of": "judgment", "who": "you", "less": 1}}],
    }


def test_search_into_the_chant_standby_area_face_down(imported: dict[str, ImportedCard]) -> None:
    # Riza, First of the Dead (BFA-074): "When this card enters your field, you may pay 1000 life. If
    # you do, search your main deck for a card and put it into your chant-standby area face down. Then
    # shuffle your main deck." (10.13 p2, 3.11)
    assert full(imported, "BFA-074")["abilities"][0]["effects"] == [
        {"op": "may", "effects": [{"op": "pay", "life": 1000}]},
        {
            "op": "if",
            "condition": {"kind": "did"},
            "effects": [
                {
                    "op": "search",
                    "filter": {"zone": "main_deck", "types": []},
                    "to": "standby",
                    "reveal": False,
                    "shuffle": False,
                }
            ],
        },
        {"op": "shuffle"},
    ]


def test_any_number_from_the_hand_then_draw_that_many_plus_one(imported: dict[str, ImportedCard]) -> None:
    # Foment of the World Tree (TMS-055): "Put any number of cards from your hand on the bottom of your
    # main deck in any order, then draw that many cards plus one. You gain 800 life." (3.1 p4, 10.13 p2)
    assert full(imported, "TMS-055")["effects"] == [
        {"op": "put_on_main_deck", "position": "bottom", "any_number": True},
        {"op": "draw", "count": 1, "who": "you", "that_many": True},
        {"op": "gain_life", "amount": 800, "who": "you"},
    ]


def test_put_the_top_card_of_your_main_deck_on_the_bottom(imported: dict[str, ImportedCard]) -> None:
    # Heavenly Instrument, Hydromonica (TMS-092): "{Rest}: Put the top card of your main on the bottom of
    # your main deck." ("your main": a misprint).  Its search ability's "you may pay {1} less to play
    # this ability" is the ability's own cost reduction (test_import_counter_costs_and_returns_from_graveyard.py)
    card = imported["TMS-092"]
    assert card.status == "full" and card.card is not None
    assert card.card.abilities[0].model_dump(mode="json", exclude_unset=True, exclude={"text"}) == {
        "kind": "activate",
        "cost": {"rest": True},
        "effects": [{"op": "mill", "count": 1, "who": "you", "to": "bottom"}],
    }
    assert card.gaps == () and card.card.abilities[1].cost_reduction is not None
