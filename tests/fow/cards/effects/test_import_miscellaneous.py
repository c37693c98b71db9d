"""Importing miscellaneous effects the vocabulary lacked (helper bucket ``v_misc``), on real card text
(``domain/fow/importer.py``); the engine side is specified in ``tests/fow/cards/effects/test_play_miscellaneous.py``."""

from __future__ import annotations

import pytest

from domain.fow.cards import Ability
from domain.fow.importer import ImportedCard, _Ctx, _effects, _GapError
from tests.fow.cards.import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def test_abdul_stops_opponents_entering_cards_and_plays_his_ability_twice_a_turn(
    imported: dict[str, ImportedCard],
) -> None:
    # Abdul Alhazred, the Harbinger of Despair (TAT-079J): "Entities entering the field under your
    # opponent's control don't cause their own abilities to trigger." (9.6 p1, 1.4 p1) and "[Activate]
    # {0}: Target resonator or addition loses all abilities until end of turn. You may play this ability
    # up to twice per turn." (1.4 p1)
    assert full(imported, "TAT-079J")["abilities"] == [
        {"kind": "continuous", "rules": {"opponents_entering_dont_trigger": True}},
        {
            "kind": "activate",
            "cost": {"will": {"attribute": {}, "free": 0}},
            "effects": [
                {
                    "op": "lose_abilities",
                    "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator", "addition"]}},
                }
            ],
            "times_per_turn": 2,
        },
    ]


def test_times_per_turn_belongs_to_activate_abilities_only() -> None:
    with pytest.raises(ValueError):
        Ability.model_validate({"kind": "continuous", "times_per_turn": 2})
    with pytest.raises(ValueError):
        Ability.model_validate({"kind": "activate", "times_per_turn": 2, "once_per_turn": True})
    with pytest.raises(ValueError):
        Ability.model_validate({"kind": "activate", "times_per_turn": 1})


def test_printed_atk_becomes_zero(imported: dict[str, ImportedCard]) -> None:
    # Dark Shining Swordsman (MPR-039): "[Activate] Pay {M}{M}: Target resonator's printed ATK becomes 0
    # until end of turn." (9.9 p1.1)
    assert full(imported, "MPR-039")["abilities"] == [
        {
            "kind": "activate",
            "cost": {"will": {"attribute": {"M": 2}, "free": 0}},
            "effects": [
                {
                    "op": "set_printed_atk",
                    "atk": 0,
                    "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}},
                }
            ],
        }
    ]


def test_printed_atk_of_anything_but_one_target_resonator_stays_unsupported() -> None:
    ctx = _Ctx("X", "spell", "chant", frozenset(), None)
    with pytest.raises(_GapError):
        _effects("Each resonator's printed ATK becomes 0 until end of turn.", ctx)


def test_granted_ability_quoting_a_name(imported: dict[str, ImportedCard]) -> None:
    # Basket of Little Red (CMF-020): '[Continuous]: Resonator with this gains "[Activate] {Rest}: Search
    # your main deck for a card with "Apple" in its name, reveal it and put into your hand. Then shuffle
    # your main deck".'  One granted ability whose text quotes a name ("put into": "put it into", a
    # misprint); "Resonator with this" is the card it is added to (7.2 p3, 10.19 p1)
    assert full(imported, "CMF-020")["abilities"] == [
        {
            "kind": "continuous",
            "grant_abilities": [
                {
                    "kind": "activate",
                    "text": '[Activate] {Rest}: Search your main deck for a card with "Apple" in its name, reveal it '
                    "and put it into your hand. Then shuffle your main deck",
                    "cost": {"rest": True},
                    "effects": [
                        {"op": "search", "filter": {"zone": "main_deck", "types": [], "name_contains": "Apple"}}
                    ],
                }
            ],
        },
        {
            "kind": "activate",
            "cost": {"will": {"attribute": {"R": 1}, "free": 0}},
            "effects": [{"op": "return_to_hand", "target": {"kind": "self"}}],
        },
    ]


def test_target_that_has_or_shares_the_highest_atk(imported: dict[str, ImportedCard]) -> None:
    # Grand Cross (TTW-009): "Remove target addition or resonator that has or shares the highest ATK from
    # the game. As long as your J-Ruler is "Alice, Fairy Queen", you may pay {W}{W} less to play its God's
    # Art abilities this turn."
    assert full(imported, "TTW-009")["effects"] == [
        {
            "op": "remove_from_game",
            "target": {
                "kind": "chosen",
                "filter": {"zone": "field", "types": ["addition", "resonator"], "highest_atk": True},
            },
        },
        {
            "op": "pay_less",
            "of": "gods_art",
            "less": {"attribute": {"W": 2}, "free": 0},
            "condition": {"kind": "ruler_is", "j_rulers": ["Alice, Fairy Queen"]},
        },
    ]


def test_search_for_a_card_named_as_target_and_pump_all_of_the_same_name(imported: dict[str, ImportedCard]) -> None:
    # Croco-Shark Crossing (BFA-033): "When this card enters your field, search your main deck for a card
    # names as target resonator, reveal it and put it into your hand. Then shuffle your main deck." ("names":
    # a misprint of "named") and "{Rest}: Target resonator and all other resonators with the same name gain
    # [+300/+300] until end of turn." (2.2, 9.3 p2.4, 9.9 p4)
    resonator = {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}}
    assert full(imported, "BFA-033")["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "enters_field",
            "effects": [{"op": "search", "filter": {"zone": "main_deck", "types": []}, "target": resonator}],
        },
        {
            "kind": "activate",
            "cost": {"rest": True},
            "effects": [
                {
                    "op": "modify",
                    "atk": 300,
                    "def": 300,
                    "target": resonator,
                    "same_name_too": True,
                }
            ],
        },
    ]


def test_may_choose_not_to_recover_and_effects_as_long_as_this_card_is_rested(
    imported: dict[str, ImportedCard],
) -> None:
    # Sleeping Beauty (TAT-017): "[Continuous]: You may choose not to recover this card during the recovery
    # phase." (5.2 p5, 1.4 p1) and "[Activate] Pay {1} {Rest}: Resonators you control gain [+200/+200] as
    # long as this card is rested." (9.9 p8)
    stay = {"kind": "continuous", "rules": {"may_stay_rested_in_recovery_phase": True}}
    assert full(imported, "TAT-017")["abilities"] == [
        stay,
        {
            "kind": "activate",
            "cost": {"will": {"attribute": {}, "free": 1}, "rest": True},
            "effects": [
                {
                    "op": "modify",
                    "atk": 200,
                    "def": 200,
                    "target": {"kind": "all", "filter": {"zone": "field", "types": ["resonator"], "controller": "you"}},
                    "duration": "source_rested",
                }
            ],
        },
    ]
    # Invasion Ship, Golden Hind (TTW-041): the same first paragraph, and "{Rest}, {U}{1}: Rest target
    # resonator. It doesn't recover during the recovery phase as long as this card is rested."
    assert full(imported, "TTW-041")["abilities"] == [
        stay,
        {
            "kind": "activate",
            "cost": {"will": {"attribute": {"U": 1}, "free": 1}, "rest": True},
            "effects": [
                {"op": "rest", "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}}},
                {
                    "op": "restrict",
                    "target": {"kind": "same"},
                    "rules": ["doesnt_recover_in_recovery_phase"],
                    "duration": "source_rested",
                },
            ],
        },
    ]


def test_as_long_as_this_card_is_rested_on_a_spell_stays_unsupported() -> None:
    ctx = _Ctx("X", "spell", "chant", frozenset(), None)
    with pytest.raises(_GapError):
        _effects("Resonators you control gain [+200/+200] as long as this card is rested.", ctx)


def test_search_a_weapon_onto_this_card_and_banish_an_addition_added_to_it(imported: dict[str, ImportedCard]) -> None:
    # Grimmia, the Savior of Myth (MPR-010J): "Whenever this card attacks >>> You may search your main deck
    # for a Weapon addition that can be added to a J/resonator and put it into the field, added to this
    # card. If you do, shuffle your deck." (10.13 p2, 10.1 p1-p2: [Addition:J/Resonator], 2.1 p3.2) and
    # "[Activate] Pay {W}{W}, banish an addition added to this card: Rest up to two target J/resonators."
    abilities = full(imported, "MPR-010J")["abilities"]
    assert abilities[0] == {
        "kind": "automatic",
        "trigger": "attacks",
        "effects": [
            {
                "op": "may",
                "effects": [
                    {
                        "op": "search",
                        "filter": {
                            "zone": "main_deck",
                            "types": ["addition"],
                            "races": ["Weapon"],
                            "subtypes": ["j_resonator"],
                        },
                        "to": "field",
                        "added_to_source": True,
                    }
                ],
            }
        ],
    }
    assert abilities[2]["cost"]["cards"] == [
        {
            "action": "banish",
            "filter": {"zone": "field", "types": ["addition"], "controller": "you", "added_to_self": True},
        }
    ]


def test_added_to_source_is_a_search_into_the_field() -> None:
    from domain.fow.cards import Search

    with pytest.raises(ValueError):
        Search.model_validate({"op": "search", "added_to_source": True})
