"""Importing characteristics and variable amounts of real Grimm/Alice cards (helper t7-kw): the
real card text and the declarative form it must become (``domain/fow/importer.py``); the engine
side is in ``tests/fow/cards/keywords/test_play_characteristics_and_variable_amounts.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard, import_card
from tests.fow.cards.import_support import full, imported_database
from tests.fow.cards.test_import_database import will


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


# --- a blank ATK and DEF on a card whose text sizes it -------------------------------------------


def test_blank_stats_of_a_card_that_gains_for_each_are_zero(imported: dict[str, ImportedCard]) -> None:
    # Tinker Bell, the Spirit (CMF-019, ATK and DEF blank in the source): "[Continuous]: This card
    # gains [+200/+200] for each Fairy Tale you control" - printed [0/0]
    card = full(imported, "CMF-019")
    assert (card["atk"], card["def"]) == (0, 0)
    assert card["abilities"] == [
        {
            "kind": "continuous",
            "modify_atk": 200,
            "modify_def": 200,
            "per": {"filter": {"zone": "field", "types": [], "controller": "you", "races": ["Fairy Tale"]}},
        }
    ]
    assert any("printed [0/0]" in n for n in imported["CMF-019"].notes)


def test_blank_stats_without_such_text_stay_a_gap() -> None:
    # a resonator with both blank and nothing in its text that sizes it may not be [0/0]
    raw = {
        "id": "X-001",
        "name": "Blank",
        "type": ["Resonator"],
        "race": ["Human"],
        "cost": "{W}",
        "colour": ["W"],
        "ATK": "",
        "DEF": "",
        "abilities": ["[Flying]"],
    }
    card = import_card(raw)
    assert card.status == "partial"
    assert any("blank ATK and DEF are not 0" in g for g in card.gaps)


# --- "for each card in your hand" ---------------------------------------------------------------


def test_for_each_card_in_your_hand(imported: dict[str, ImportedCard]) -> None:
    # Soji Okita (VIN001-041, ATK and DEF blank): "This card gains [+100/+100] for each card in your
    # hand."  How many cards a player holds is counted in the hand zone (FoW-5.5 3.5)
    card = full(imported, "VIN001-041")
    assert (card["atk"], card["def"]) == (0, 0)
    assert card["abilities"][0] == {
        "kind": "continuous",
        "modify_atk": 100,
        "modify_def": 100,
        "per": {"filter": {"zone": "hand", "types": [], "controller": "you"}},
    }


# --- [Judgment] costs paid "instead" while a condition holds (7.5 p2, 9.3 p2.5) -----------------


def test_you_may_pay_zero_instead_is_a_second_judgment_section(imported: dict[str, ImportedCard]) -> None:
    # Nameless Girl (CMF-047): "[J-Activate] Pay {R}{U}{2}: If a Human is put into your graveyard
    # from a field this turn, you may pay {0} to play this ability instead."  A card goes to its
    # owner's graveyard (FoW-5.5 3.1 p5): a Human she owns, from either field
    assert full(imported, "CMF-047")["judgment"] == {
        "cost": {"attribute": {"R": 1, "U": 1}, "free": 2},
        "j_ruler": "CMF-047J",
        "alternatives": [
            {
                "cost": {"attribute": {}, "free": 0},
                "condition": {
                    "kind": "put_into_graveyard_from_field",
                    "filter": {"zone": "graveyard", "types": [], "races": ["Human"]},
                    "into_graveyard_of": "you",
                },
            }
        ],
    }


def test_pay_instead_in_tiers_leaves_one_section_at_a_time(imported: dict[str, ImportedCard]) -> None:
    # Pandora, the Weaver of Myth (MPR-010): "[J-Activate] Pay {W}{W}{W}{W}{W}. If your life is 3000
    # or less, pay {W}{W}{W}{W} instead. If your life is 2000 or less, pay {W}{W} instead. If your
    # life is 1000 or less, pay {0} instead."  Not "you may": each cost only while it is the latest
    # that applies
    def life(n: int, *, negate: bool = False) -> dict[str, object]:
        return {"kind": "life", "life_at_most": n, **({"negate": True} if negate else {})}

    assert full(imported, "MPR-010")["judgment"] == {
        "cost": will(W=5),
        "j_ruler": "MPR-010J",
        "condition": {
            "kind": "all_of",
            "conditions": [life(3000, negate=True), life(2000, negate=True), life(1000, negate=True)],
        },
        "alternatives": [
            {
                "cost": will(W=4),
                "condition": {
                    "kind": "all_of",
                    "conditions": [life(3000), life(2000, negate=True), life(1000, negate=True)],
                },
            },
            {"cost": will(W=2), "condition": {"kind": "all_of", "conditions": [life(2000), life(1000, negate=True)]}},
            {"cost": {"attribute": {}, "free": 0}, "condition": life(1000)},
        ],
    }


def test_cannot_play_unless_exactly_five_cards_in_hand(imported: dict[str, ImportedCard]) -> None:
    # Christie, the Wind Tracker (CMF-061): "[J-Activate] Pay {G}{G}{2}: If your opponent controls a
    # Vampire, Immortal of Werewolf resonator, you may pay {0} to play this ability instead." ("of":
    # a misprint of "or") and "[Activate] {Rest}: Draw a card. You cannot play this ability if you
    # don't have exactly five cards in your hand." (five or more, and not six or more; 1.4 p1)
    card = full(imported, "CMF-061")
    assert card["judgment"]["alternatives"] == [
        {
            "cost": {"attribute": {}, "free": 0},
            "condition": {
                "kind": "controls",
                "filter": {
                    "zone": "field",
                    "types": ["resonator"],
                    "controller": "opponent",
                    "races": ["Vampire", "Immortal", "Werewolf"],
                },
            },
        }
    ]
    assert card["abilities"][0]["condition"] == {
        "kind": "all_of",
        "conditions": [{"kind": "hand", "at_least": 5}, {"kind": "hand", "at_least": 6, "negate": True}],
    }


# --- a [Trigger] state on the graveyard and a "non-spell card" ----------------------------------


def test_call_of_cthulhu(imported: dict[str, ImportedCard]) -> None:
    # Call of Cthulhu (MPR-079): "[Trigger] While you have five or more Cthulhu cards in your
    # graveyard: Put target Cthulhu non-spell card from your graveyard into your field."  A state
    # (a status automatic object, 9.6 p9); "non-spell card": a card of any other type (2.1)
    card = full(imported, "MPR-079")
    assert (card["trigger"], card["trigger_condition"]) == (
        "status",
        {
            "kind": "controls",
            "filter": {"zone": "graveyard", "types": [], "controller": "you", "races": ["Cthulhu"]},
            "at_least": 5,
        },
    )
    assert card["effects"] == [
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
    ]


# --- "[Awakening] {U}, discard a card" (12.1) ---------------------------------------------------


def test_an_awakening_cost_with_a_discard(imported: dict[str, ImportedCard]) -> None:
    # Valentina's Resistance (TMS-050): "[Awakening] {U}, discard a card." and "Return target
    # resonator to its owner's hand. Return up to one second target resonator to its owner's hand if
    # this card was awakened."  The discard is part of the additional cost (12.1 p2, 9.3 p2.5)
    assert full(imported, "TMS-050")["awakening"] == {
        "cost": will(U=1),
        "cards": [{"action": "discard", "filter": {"zone": "hand", "types": []}}],
    }


# --- 'gains "<ability>" until end of turn' (10.19 p1) -------------------------------------------


def _that_much_to_opponent(text: str) -> dict[str, object]:
    return {"kind": "automatic", "text": text, **_THAT_MUCH}


_THAT_MUCH = {
    "trigger": "deals_damage_to_resonator",
    "effects": [{"op": "deal_damage", "amount": 0, "target": {"kind": "opponent"}, "that_much": True}],
}


def test_a_target_gains_an_ability_until_end_of_turn(imported: dict[str, ImportedCard]) -> None:
    # Beastly Attack (TTW-055): 'Target attacking resonator gains [+600/+600] and "Whenever this card
    # deals damage to a resonator, it deals that much damage to your opponent." until end of turn.'
    # One target gains both (the second effect names the same target)
    assert full(imported, "TTW-055")["effects"] == [
        {
            "op": "modify",
            "atk": 600,
            "def": 600,
            "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"], "attacking": True}},
            "duration": "end_of_turn",
        },
        {
            "op": "grant_abilities",
            "abilities": [
                _that_much_to_opponent(
                    "Whenever this card deals damage to a resonator, it deals that much damage to your opponent."
                )
            ],
            "target": {"kind": "same"},
        },
    ]


def test_if_it_also_gains_an_ability(imported: dict[str, ImportedCard]) -> None:
    # Power of Unity (VIN002-058): "Target resonator gains [+600/+600] until end of turn. If you
    # control four or more resonators, it also gains "Whenever this card deals damage to a resonator
    # ⇒ This card deals that much damage to your opponent." until end of turn."
    effects = full(imported, "VIN002-058")["effects"]
    assert effects[1] == {
        "op": "if",
        "condition": {
            "kind": "controls",
            "filter": {"zone": "field", "types": ["resonator"], "controller": "you"},
            "at_least": 4,
        },
        "effects": [
            {
                "op": "grant_abilities",
                "abilities": [
                    _that_much_to_opponent(
                        "Whenever this card deals damage to a resonator: This card deals that much damage to your"
                        " opponent."
                    )
                ],
                "target": {"kind": "same"},
            }
        ],
    }


# --- "gain [..] for each X" with no duration on a card in a field (9.1 p2.2) ---------------------


def test_up_to_two_targets_gain_for_each_with_no_duration(imported: dict[str, ImportedCard]) -> None:
    # Selvaria Bles [J-Ruler] (VIN002-073J): "When this card enters your field => Up to two target
    # resonators gain [-300/-300] for each Drei Stern you control."  No duration: as long as the
    # ability is active, while Selvaria stays in the field (FoW-5.5 9.1 p2.2)
    [ability] = full(imported, "VIN002-073J")["abilities"]
    assert ability["effects"] == [
        {
            "op": "modify",
            "atk": -300,
            "def": -300,
            "target": {
                "kind": "chosen",
                "filter": {"zone": "field", "types": ["resonator"]},
                "count": 2,
                "up_to": True,
            },
            "duration": "source_in_field",
            "per": {"filter": {"zone": "field", "types": [], "controller": "you", "races": ["Drei Stern"]}},
        }
    ]


# --- an effect that makes damage bigger for the turn (9.10 p1) ------------------------------------


def test_if_your_j_ruler_would_deal_damage_this_turn(imported: dict[str, ImportedCard]) -> None:
    # Nameless Tank (VIN002-079, regalia): "{Rest}: If your J-Ruler would deal damage this turn, it
    # deals that much +200 instead." - whichever J-ruler you control when it would deal damage
    assert full(imported, "VIN002-079")["abilities"][1] == {
        "kind": "activate",
        "cost": {"rest": True},
        "effects": [
            {
                "op": "deal_more",
                "extra": 200,
                "target": {"kind": "all", "filter": {"zone": "field", "types": ["j_ruler"], "controller": "you"}},
            }
        ],
    }


# --- will of an attribute another magic stone could produce (9.7) --------------------------------


def test_will_of_any_attribute_a_magic_stone_you_control_could_produce(imported: dict[str, ImportedCard]) -> None:
    # Magic Stone of Moon Light (MPR-099): "[Activate] {Rest}: Produce {M}." and "[Activate] {Rest}:
    # Produce one will of any attribute that a magic stone you control could produce."
    assert full(imported, "MPR-099")["abilities"][1] == {
        "kind": "activate",
        "cost": {"rest": True},
        "effects": [{"op": "produce_will", "like_stones": True}],
    }


# --- "[J-Activate] Pay any number of will. You cannot choose to pay {0}." (7.5 p2) ----------------


def test_judgment_of_any_number_of_will(imported: dict[str, ImportedCard]) -> None:
    # Alice in Wonderland (TAT-037)
    assert full(imported, "TAT-037")["judgment"] == {"j_ruler": "TAT-037J", "any_amount": True}
