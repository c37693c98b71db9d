"""Importing {X} in [Judgment] and [Awakening] costs and what reads the X chosen, and other costs of
judgment (helper bucket ``v_x``), on real card text (``domain/fow/importer.py``); the engine side is
specified in ``tests/fow/cards/costs/test_play_x_in_judgment_and_awakening.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.fow.cards.import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def test_judgment_with_an_x_paid_only_with_moon_will(imported: dict[str, ImportedCard]) -> None:
    # Moon Princess of Stellar Wars (MPR-046): "[J-Activate] Pay {2}{X}. Spend only {M} will on X."
    # (7.5 p2, 9.3 p2.5)
    assert full(imported, "MPR-046")["judgment"] == {
        "cost": {"attribute": {}, "free": 2},
        "x": True,
        "x_symbol": "M",
        "j_ruler": "MPR-046J",
    }


def test_j_ruler_searches_for_x_cards_into_the_field(imported: dict[str, ImportedCard]) -> None:
    # Kaguya, the Immortal Princess (MPR-046J): "[Enter]: Search your main deck for X Treasury Item
    # cards and put them into your field."  X: the X of the judgment that put it there
    [enter, *_] = full(imported, "MPR-046J")["abilities"]
    assert enter == {
        "kind": "automatic",
        "trigger": "enter",
        "effects": [
            {
                "op": "search",
                "filter": {"zone": "main_deck", "types": [], "races": ["Treasury Item"]},
                "to": "field",
                "count_x": True,
                "shuffle": False,
            }
        ],
    }


def test_awakening_with_x_target_up_to_x_and_moon_will_spent(imported: dict[str, ImportedCard]) -> None:
    # Demon of the Black Moon, Lilith (TMS-073): "[Awakening] {X}: When this card enters your field,
    # destroy target resonator with total cost X or less.  If you spent {M} to pay the [Awakening]
    # cost, you gain life equal to that resonator's ATK." (12.1 p1, 9.3 p2.5, 9.11)
    assert full(imported, "TMS-073")["awakening"] == {
        "cost": {"attribute": {}, "free": 0},
        "x": True,
        "abilities": [
            {
                "kind": "automatic",
                "trigger": "enters_field",
                "effects": [
                    {
                        "op": "destroy",
                        "target": {
                            "kind": "chosen",
                            "filter": {"zone": "field", "types": ["resonator"], "max_total_cost_x": True},
                        },
                    },
                    {
                        "op": "if",
                        "condition": {"kind": "paid_will", "will": "M"},
                        "effects": [{"op": "gain_life", "amount": 0, "who": "you", "equal_to": "atk", "of_same": True}],
                    },
                ],
            }
        ],
    }


def test_judgment_own_decreases_so_does_each_other_name(imported: dict[str, ImportedCard]) -> None:
    # Puss in Boots (CMF-074): "[J-Activate] Pay {9}: If you control "Athos, the Three Musketeers", you
    # pay {3} less to play this ability. So does "Aramis, the Three Musketeers" and "Porthos, the Three
    # Musketeers"." (9.3 p2.5): one decrease per name, each with its own condition
    def less_if_you_control(name: str) -> dict[str, object]:
        condition = {"kind": "controls", "filter": {"zone": "field", "types": [], "controller": "you", "name": name}}
        return {"of": "this_ability", "who": "you", "less": 3, "condition": condition}

    assert full(imported, "CMF-074")["judgment"] == {
        "cost": {"attribute": {}, "free": 9},
        "cost_changes": [
            less_if_you_control("Athos, the Three Musketeers"),
            less_if_you_control("Aramis, the Three Musketeers"),
            less_if_you_control("Porthos, the Three Musketeers"),
        ],
        "j_ruler": "CMF-074J",
    }


def test_damage_equal_to_the_atk_of_the_resonator_banished_for_its_judgment(
    imported: dict[str, ImportedCard],
) -> None:
    # Bahamut, the Dragon King (TAT-026J): "[Enter] This card deals damage to target resonator equal to
    # the ATK of resonator banished for its judgment." (TAT-026: "[J-Activate] Banish a fire resonator.")
    [enter, _] = full(imported, "TAT-026J")["abilities"]
    assert enter == {
        "kind": "automatic",
        "trigger": "enter",
        "effects": [
            {
                "op": "deal_damage",
                "amount": 0,
                "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}},
                "equal_to": "atk",
                "equal_to_of": "judgment_banished",
            }
        ],
    }


def test_judgment_needs_a_vampire_and_an_opponents_resonator_into_a_graveyard(
    imported: dict[str, ImportedCard],
) -> None:
    # Alucard, the Dark Noble (CMF-077): "[J-Activate] Pay {0}: You cannot play this ability if you don't
    # control a Vampire resonator and a resonator your opponent controlled hasn't entered a graveyard this
    # turn." (1.4 p1): both are needed
    assert full(imported, "CMF-077")["judgment"] == {
        "cost": {"attribute": {}, "free": 0},
        "condition": {
            "kind": "all_of",
            "conditions": [
                {
                    "kind": "controls",
                    "filter": {"zone": "field", "types": ["resonator"], "controller": "you", "races": ["Vampire"]},
                },
                {
                    "kind": "put_into_graveyard_from_field",
                    "filter": {"zone": "graveyard", "types": ["resonator"]},
                    "whose": "opponent",
                },
            ],
        },
        "j_ruler": "CMF-077J",
    }


def test_remove_x_counters_cost_and_a_target_of_total_cost_x(imported: dict[str, ImportedCard]) -> None:
    # Refrain, Child of Convergence (TTW-063J): "{Rest}, remove X magic counters from this card: Cancel
    # target normal spell your opponent controls with total cost X." (9.3 p2.5, 10.21, 2.3)
    [cancel] = [a for a in full(imported, "TTW-063J")["abilities"] if a["cost"].get("x")]
    assert cancel["cost"] == {"rest": True, "x": True, "remove_counters": {"counter": "magic", "x": True}}
    assert cancel["effects"] == [
        {
            "op": "cancel",
            "target": {
                "kind": "chosen",
                "filter": {
                    "zone": "chase",
                    "types": ["ruler", "j_ruler", "addition", "spell", "regalia", "magic_stone"],
                    "controller": "opponent",
                    "total_cost_x": True,
                },
            },
        }
    ]


def test_whenever_you_awaken_and_pay_awakening_costs_less(imported: dict[str, ImportedCard]) -> None:
    # Kaguya, the Moonlit Savior (TMS-003J): "Whenever you awaken a card, put two [+100/+100] counters on
    # this card."  "God's Art [Light of the Sacred Moon] {W}{M}{3}: ... You may pay [Awakening] costs
    # {M} less this turn." (12.1 p1, 9.3 p2.5)
    abilities = full(imported, "TMS-003J")["abilities"]
    assert abilities[1] == {
        "kind": "automatic",
        "trigger": "you_awaken",
        "effects": [{"op": "put_counter", "counter": "+100/+100", "count": 2, "target": {"kind": "self"}}],
    }
    assert abilities[4]["effects"][-1] == {
        "op": "pay_less",
        "of": "awakening",
        "less": {"attribute": {"M": 1}, "free": 0},
    }
