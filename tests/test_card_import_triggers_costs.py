"""Importing real cards with the vocabulary for more trigger conditions, [Activate] costs
naming other cards or counters, player-only / "up to" / negated / skill target filters and
names a card has in addition to its own: the real card's text and its expected declarative
form, written out by hand (the engine side is tests/test_fow_real_triggers_costs.py)."""

from __future__ import annotations

from typing import Any

import pytest

from domain.fow.importer import ImportedCard, import_cards
from service.card_import import load_database
from tests.test_card_import import BATCH_JSON, CARDS_JSON, chosen, shape, will


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return import_cards(load_database(CARDS_JSON) + load_database(BATCH_JSON)).by_id()


def abilities(imported: dict[str, ImportedCard], card_id: str) -> list[dict[str, Any]]:
    c = imported[card_id]
    assert c.status == "full", (card_id, c.unsupported)
    return list(shape(c.card)["abilities"])


def test_phase_triggers(imported: dict[str, ImportedCard]) -> None:
    # MOA-046: "At the beginning of your main phase, this card deals 200 damage to target player or resonator."
    assert abilities(imported, "MOA-046")[1] == {
        "kind": "automatic",
        "trigger": "beginning_of_main_phase",
        "effects": [{"op": "deal_damage", "amount": 200, "target": {**chosen("resonator"), "players_allowed": True}}],
    }
    # TAT-078: "[Continuous]: At the end of your turn, this card deals 200 damage to you."
    assert abilities(imported, "TAT-078") == [
        {
            "kind": "automatic",
            "trigger": "end_of_turn",
            "effects": [{"op": "deal_damage", "amount": 200, "target": {"kind": "you"}}],
        }
    ]
    # MPR-027: "[Continuous]: At the end of turn, this card deals 200 damage to each player."
    eden = imported["MPR-027"]
    assert eden.card is not None and shape(eden.card)["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "end_of_each_turn",
            "effects": [{"op": "deal_damage", "amount": 200, "target": {"kind": "each_player"}}],
        }
    ]
    assert eden.unsupported == ("[Continuous]: Players cannot gain life.",)


def test_life_and_damage_triggers(imported: dict[str, ImportedCard]) -> None:
    # TTW-008: "Whenever you gain life, target resonator gains [+300/+300] until end of turn."
    assert abilities(imported, "TTW-008") == [
        {
            "kind": "automatic",
            "trigger": "you_gain_life",
            "effects": [
                {"op": "modify", "atk": 300, "def": 300, "target": chosen("resonator"), "duration": "end_of_turn"}
            ],
        }
    ]
    # VIN001-032: "Whenever this card deals damage to your opponent, draw a card."
    assert abilities(imported, "VIN001-032") == [
        {
            "kind": "automatic",
            "trigger": "deals_damage_to_opponent",
            "effects": [{"op": "draw", "count": 1, "who": "you"}],
        }
    ]
    # "Whenever this card deals damage, you gain that much life." (CMF-094): the trigger is
    # expressed, "that much" is not
    assert imported["CMF-094"].gaps == ("effect: You gain that much life.",)


def test_triggers_on_other_cards_moving(imported: dict[str, ImportedCard]) -> None:
    # MOA-010: "[Continuous]: Whenever another Six Sages enters your field, put a knowledge counter on this card."
    six_sages = {"zone": "field", "types": [], "controller": "you", "races": ["Six Sages"], "other_than_self": True}
    assert abilities(imported, "MOA-010")[1] == {
        "kind": "automatic",
        "trigger": "card_enters_field",
        "trigger_filter": six_sages,
        "effects": [{"op": "put_counter", "counter": "knowledge", "target": {"kind": "self"}}],
    }
    # BFA-014: "When a J-Ruler enters your field, you gain 500 life."
    assert abilities(imported, "BFA-014")[0] == {
        "kind": "automatic",
        "trigger": "card_enters_field",
        "trigger_filter": {"zone": "field", "types": ["j_ruler"], "controller": "you"},
        "effects": [{"op": "gain_life", "amount": 500, "who": "you"}],
    }
    # VIN002-069: "Whenever a resonator is put into a graveyard from your opponent's field => You gain 400 life."
    assert abilities(imported, "VIN002-069")[1] == {
        "kind": "automatic",
        "trigger": "card_put_into_graveyard_from_field",
        "trigger_filter": {"zone": "field", "types": ["resonator"], "controller": "opponent"},
        "effects": [{"op": "gain_life", "amount": 400, "who": "you"}],
    }
    # "a field": either player's
    skl019 = imported["SKL-019"].card
    assert skl019 is not None
    assert [a.trigger_filter.controller for a in skl019.abilities if a.trigger_filter] == ["any"]


def test_costs_naming_counters_and_cards(imported: dict[str, ImportedCard]) -> None:
    # MOA-026: "[Activate] Remove two knowledge counters from this card: Draw a card."
    assert abilities(imported, "MOA-026")[-1] == {
        "kind": "activate",
        "cost": {"remove_counters": {"counter": "knowledge", "count": 2}},
        "effects": [{"op": "draw", "count": 1, "who": "you"}],
    }
    # VIN002-034: "{U}{U}{1},{Rest}, discard a card: Return target resonator to its owner's hand."
    assert abilities(imported, "VIN002-034") == [
        {
            "kind": "activate",
            "cost": {
                "will": will(1, U=2),
                "rest": True,
                "cards": [{"action": "discard", "filter": {"zone": "hand", "types": []}}],
            },
            "effects": [{"op": "return_to_hand", "target": chosen("resonator")}],
        }
    ]
    # CMF-036J: '[Activate] Pay {1}, discard "Poison Apple": Destroy target resonator.'
    assert abilities(imported, "CMF-036J")[-1]["cost"] == {
        "will": will(1),
        "cards": [{"action": "discard", "filter": {"zone": "hand", "types": [], "name": "Poison Apple"}}],
    }
    # CMF-040: "[Activate] Pay {1}, banish a Human resonator: Draw a card."
    human = {"zone": "field", "types": ["resonator"], "controller": "you", "races": ["Human"]}
    assert abilities(imported, "CMF-040")[1]["cost"] == {
        "will": will(1),
        "cards": [{"action": "banish", "filter": human}],
    }
    # TMS-047: "Rest another recovered Fairy Tale resonator you control: This card gains [0/+200] until end of turn."
    fairy_tale = {
        "zone": "field",
        "types": ["resonator"],
        "controller": "you",
        "races": ["Fairy Tale"],
        "other_than_self": True,
        "rested": False,
    }
    assert abilities(imported, "TMS-047")[1]["cost"] == {"cards": [{"action": "rest", "filter": fairy_tale}]}
    # a cost the vocabulary cannot say stays unsupported: resting Elves (a ruler in the
    # ruler area may be an Elf too), banishing a magic stone
    assert imported["MOA-037"].gaps == (
        "target: recovered Elves you control (no card type: it may also be a ruler in the ruler area)",
    )
    assert "target: unknown race or trait 'magic stone or'" in imported["SKL-027J"].gaps


def test_target_filters(imported: dict[str, ImportedCard]) -> None:
    # SKL-027: "{R}{R}: This card deals 200 damage to target opponent."
    opponent = {"kind": "chosen", "filter": {"zone": "field", "controller": "opponent"}, "players_only": True}
    assert abilities(imported, "SKL-027")[0]["effects"] == [{"op": "deal_damage", "amount": 200, "target": opponent}]
    # BFA-046: "Banish this card: Return up to two target resonators you control to their owner's hands."
    assert abilities(imported, "BFA-046")[0]["effects"] == [
        {"op": "return_to_hand", "target": {**chosen("resonator", controller="you"), "count": 2, "up_to": True}}
    ]
    # VIN001-068: "Non-darkness resonators gain [-200/-200]."
    assert abilities(imported, "VIN001-068")[1] == {
        "kind": "continuous",
        "affects": {"kind": "all", "filter": {"zone": "field", "types": ["resonator"], "not_attributes": ["B"]}},
        "modify_atk": -200,
        "modify_def": -200,
    }
    # CMF-081 "[Enter]: Destroy target non-Vampire resonator. ..." (the race is negated; the
    # rest of the paragraph is a condition and stays unsupported)
    assert not any(g.startswith("target: non-Vampire") for g in imported["CMF-081"].gaps)
    # TTW-079: "{B}{1}: This card deals 600 damage to target resonator with [Flying]."
    assert abilities(imported, "TTW-079")[0]["effects"][0]["target"] == chosen("resonator", skills=["flying"])
    # SKL-010: "{W}{W}, {Rest}: Rest target resonator without [Flying]."
    assert abilities(imported, "SKL-010")[1]["effects"] == [
        {"op": "rest", "target": chosen("resonator", without_skills=["flying"])}
    ]


def test_names_in_addition_to_the_own_name(imported: dict[str, ImportedCard]) -> None:
    # TMS-106: 'This card has "The Observer" in addition to its other names.'
    observer = imported["TMS-106"]
    assert observer.card is not None
    assert shape(observer.card)["abilities"] == [{"kind": "continuous", "names": ["The Observer"]}]
    # BFA-091J: 'This card gains "Faria, the Ruler of God Sword" in addition to its other names.'
    faria = imported["BFA-091J"]
    assert faria.card is not None
    assert {"kind": "continuous", "names": ["Faria, the Ruler of God Sword"]} in shape(faria.card)["abilities"]
