"""Importing conditions and durations of real Grimm/Alice cards (helper t2-cond): the real card
text and the declarative form it must become (``domain/fow/importer.py``); the engine side is in
``tests/fow/cards/conditions/test_play_as_long_as_and_replacements.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.fow.cards.import_support import full, imported_database
from tests.fow.cards.test_import_database import chosen


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def test_wenever_this_card_attacks_is_a_misprint_of_whenever(imported: dict[str, ImportedCard]) -> None:
    # Mordred, the Traitor (VS01-029): "Wenever this card attacks, you may banish another
    # resonator. If you do, this card deals 1000 damage to target resonator."
    assert full(imported, "VS01-029")["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "attacks",
            "effects": [
                {
                    "op": "may",
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
                },
                {
                    "op": "if",
                    "condition": {"kind": "did"},
                    "effects": [{"op": "deal_damage", "amount": 1000, "target": chosen("resonator")}],
                },
            ],
        }
    ]


def test_loses_all_abilities_as_long_as_this_card_is_in_a_field(imported: dict[str, ImportedCard]) -> None:
    # Stheno, the Evil Eye of Temptation (SKL-046): "When this card enters your field, target
    # resonator loses all abilities as long as this card is in a field." (FoW-5.5 9.9 p1.2, 9.1 p2.2)
    assert full(imported, "SKL-046")["abilities"][0] == {
        "kind": "automatic",
        "trigger": "enters_field",
        "effects": [{"op": "lose_abilities", "target": chosen("resonator"), "duration": "source_in_field"}],
    }


def test_for_each_card_into_your_hand_is_a_misprint_of_in(imported: dict[str, ImportedCard]) -> None:
    # Valentina, the Ruler of Paradise (SKL-048J): "This card gains [+100/+100] for each card into
    # your hand." (FoW-5.5 9.4 p1): the cards in the hand are hidden (3.5 p2), not their number
    assert full(imported, "SKL-048J")["abilities"][2] == {
        "kind": "continuous",
        "modify_atk": 100,
        "modify_def": 100,
        "per": {"filter": {"zone": "hand", "types": [], "controller": "you"}},
    }


def test_this_card_can_block_while_rested(imported: dict[str, ImportedCard]) -> None:
    # Queen's Envoy (BFA-039): "This card can block while rested." (FoW-5.5 8.3 p3, 1.4 p1)
    assert full(imported, "BFA-039")["abilities"] == [{"kind": "continuous", "rules": {"can_block_while_rested": True}}]


def test_if_your_life_is_100_and_blocking_does_not_rest(imported: dict[str, ImportedCard]) -> None:
    # Yggdor, Beast of the World (BFA-060, {G}{G}{8}): "If your life is 100 you may pay {G}{G}{8}
    # less to play this card.  Blocking does not cause this card to rest." - a life of exactly
    # 100 (neither more nor less; the comma after the condition is missing in the database)
    card = full(imported, "BFA-060")
    assert card["cost_reduction"] == {
        "cost": {"attribute": {"G": 2}, "free": 8},
        "condition": {"kind": "life", "life_at_most": 100, "life_at_least": 100},
    }
    assert card["abilities"] == [{"kind": "continuous", "rules": {"blocks_without_resting": True}}]


def test_if_magic_counters_would_be_put_on_your_j_ruler_put_one_more(imported: dict[str, ImportedCard]) -> None:
    # Familiar of Refrain (TTW-057): "If magic counters would be put on your J/ruler, put that many
    # plus one instead." (FoW-5.5 9.10 p1): your ruler in the ruler area or your J-ruler
    assert full(imported, "TTW-057")["abilities"] == [
        {
            "kind": "replacement",
            "affects": {
                "kind": "all",
                "filter": {"zone": "field", "types": ["ruler", "j_ruler"], "controller": "you", "playground": True},
            },
            "replaces": "counters_put",
            "instead": "put_more",
            "counter": "magic",
            "extra_counters": 1,
        }
    ]


def test_if_added_resonator_would_be_destroyed_banish_this_card_instead(imported: dict[str, ImportedCard]) -> None:
    # Special Armor (SKL-090, [Addition:Resonator]): "If added resonator would be destroyed, banish
    # this card instead. If you do, remove all damage from that resonator." (FoW-5.5 9.10 p1, 10.10)
    assert full(imported, "SKL-090")["abilities"] == [
        {"kind": "replacement", "replaces": "host_destroyed", "instead": "banish_self", "remove_damage": True}
    ]


def test_gain_control_as_long_as_this_card_is_in_a_field(imported: dict[str, ImportedCard]) -> None:
    # Valentina, Puppet Monarch (TMS-049): "When this card enters your field, gain control of target
    # resonator your opponent controls as long as this card is in a field." (FoW-5.5 1.5 p3, 9.1 p2.2)
    assert full(imported, "TMS-049")["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "enters_field",
            "effects": [
                {
                    "op": "gain_control",
                    "target": chosen("resonator", controller="opponent"),
                    "duration": "source_in_field",
                }
            ],
        }
    ]


def test_if_you_control_four_memoria_the_effect_is_replaced(imported: dict[str, ImportedCard]) -> None:
    # Faria, Chosen Girl (BFA-091J): "When this card enters your field, if you control "Call to
    # Action's Memoria" destroy up to one target resonator. If you control four "Call to Action's
    # Memoria", destroy all resonators  your opponent control instead."  The comma after the name and
    # the "s" of "controls" are missing; the second condition chooses inside the first (9.3 p3).
    memoria = {"zone": "field", "types": [], "controller": "you", "name": "Call to Action's Memoria"}
    assert full(imported, "BFA-091J")["abilities"][1] == {
        "kind": "automatic",
        "trigger": "enters_field",
        "effects": [
            {
                "op": "if",
                "condition": {"kind": "controls", "filter": memoria},
                "effects": [
                    {
                        "op": "if",
                        "condition": {"kind": "controls", "filter": memoria, "at_least": 4},
                        "effects": [
                            {
                                "op": "destroy",
                                "target": {
                                    "kind": "all",
                                    "filter": {"zone": "field", "types": ["resonator"], "controller": "opponent"},
                                },
                            }
                        ],
                        "otherwise": [
                            {"op": "destroy", "target": {**chosen("resonator"), "up_to": True}},
                        ],
                    }
                ],
            }
        ],
    }


@pytest.mark.parametrize("card_id", ["TMS-046", "TMS-046J"])
def test_you_may_look_at_the_top_card_of_your_main_deck(imported: dict[str, ImportedCard], card_id: str) -> None:
    # Songstress of Shangri-La (TMS-046) / Coup d'Etat Mastermind, Shion (TMS-046J): "You may look at
    # the top card of your main deck at any time." (FoW-5.5 3.1 p2)
    assert full(imported, card_id)["abilities"][0] == {"kind": "continuous", "rules": {"may_look_at_top_card": True}}


def test_then_it_after_effects_on_this_card_is_this_card(imported: dict[str, ImportedCard]) -> None:
    # Coup d'Etat Mastermind, Shion (TMS-046J): "God's Art [Serenade of Rebellion] {U}{U}: This card
    # gains [+500/+500] until end of turn. Then it deals damage equal to its ATK to target J/resonator
    # your opponent controls": the only object named before "it" is this card
    assert full(imported, "TMS-046J")["abilities"][2]["effects"] == [
        {"op": "modify", "atk": 500, "def": 500, "target": {"kind": "self"}, "duration": "end_of_turn"},
        {
            "op": "deal_damage",
            "amount": 0,
            "target": {"kind": "chosen", "filter": {"zone": "field", "controller": "opponent"}},
            "equal_to": "atk",
        },
    ]


def test_unyielding_flames_memoria(imported: dict[str, ImportedCard]) -> None:
    # Unyielding Flame's Memoria (TTW-105): "If your opponent's life is exactly 4000, this card enters
    # your magic stone area rested.  {Rest}: If target resonator would deal damage this turn, it deals
    # that much +200 instead." (FoW-5.5 9.10 p1)
    abilities = full(imported, "TTW-105")["abilities"]
    assert abilities[1] == {
        "kind": "replacement",
        "condition": {"kind": "life", "whose": "opponent", "life_at_most": 4000, "life_at_least": 4000},
        "replaces": "self_enters",
        "instead": "enter_rested",
    }
    assert abilities[2] == {
        "kind": "activate",
        "cost": {"rest": True},
        "effects": [{"op": "deal_more", "extra": 200, "target": chosen("resonator")}],
    }


def test_choose_the_second_only_if_your_j_ruler_has_kaguya_in_its_name(imported: dict[str, ImportedCard]) -> None:
    # Shining Strike (TMS-013): "Choose one - Rest target resonator. Draw a card; or rest target
    # J/resonator. Draw a card. Choose the second only if your J/ruler has "Kaguya" in its name."
    assert full(imported, "TMS-013")["effects"] == [
        {
            "op": "choose",
            "modes": [
                [{"op": "rest", "target": chosen("resonator")}, {"op": "draw", "count": 1, "who": "you"}],
                [
                    {"op": "rest", "target": {"kind": "chosen", "filter": {"zone": "field"}}},
                    {"op": "draw", "count": 1, "who": "you"},
                ],
            ],
            "only_if": [None, {"kind": "ruler_is", "name_contains": "Kaguya"}],
        }
    ]


def test_players_cannot_play_activate_abilities_unless_they_control_a_moon(imported: dict[str, ImportedCard]) -> None:
    # Tsukuyomi Noble (TMS-016): "Players cannot play activate abilities of resonators they control
    # unless they control a Moon." - "they": the controller of each resonator (FoW-5.5 1.4 p4)
    assert full(imported, "TMS-016")["abilities"][0] == {
        "kind": "continuous",
        "affects": {"kind": "all", "filter": {"zone": "field", "types": ["resonator"]}},
        "rules": {"cannot_play_activate_abilities": True},
        "condition": {
            "kind": "controls",
            "filter": {"zone": "field", "types": [], "controller": "you", "races": ["Moon"]},
            "negate": True,
        },
        "condition_of": "affected_controller",
    }


def test_you_may_spend_moon_as_though_it_were_wind(imported: dict[str, ImportedCard]) -> None:
    # Friend from Another World, Kaguya (TMS-003, a ruler): "You may spend {M} as though it were {G}."
    # (FoW-5.5 10.2 p6, 1.4 p1)
    assert full(imported, "TMS-003")["abilities"][0] == {"kind": "continuous", "rules": {"spend_moon_as": ["G"]}}
