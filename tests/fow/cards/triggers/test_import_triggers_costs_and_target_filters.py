"""Importing real cards with the vocabulary for more trigger conditions, [Activate] costs
naming other cards or counters, player-only / "up to" / negated / skill target filters and
names a card has in addition to its own: the real card's text and its expected declarative
form, written out by hand (the engine side is test_play_triggers_costs_and_target_filters.py)."""

from __future__ import annotations

from typing import Any

import pytest

from domain.fow.importer import ImportedCard
from tests.fow.cards.import_support import imported_database
from tests.fow.cards.test_import_database import chosen, shape, will


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


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
    assert eden.card is not None and shape(eden.card)["abilities"][1:] == [
        {
            "kind": "automatic",
            "trigger": "end_of_each_turn",
            "effects": [{"op": "deal_damage", "amount": 200, "target": {"kind": "each_player"}}],
        }
    ]
    assert eden.unsupported == ()


def test_players_cannot_gain_life_is_a_prohibition_on_every_player(imported: dict[str, ImportedCard]) -> None:
    # MPR-027 "[Continuous]: Players cannot gain life." and Certo, the Blazing Volcano
    # (VS01-017, SKL-019) "Players cannot gain life.": a rule override binding both players,
    # which beats any effect that gains life (golden rule FoW-5.5 1.4 p4)
    prohibition = {"kind": "continuous", "rules": {"players_cannot_gain_life": True}}
    assert abilities(imported, "MPR-027")[0] == prohibition
    for card_id in ("VS01-017", "SKL-019"):
        assert prohibition in abilities(imported, card_id), card_id


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
    # "[Continuous]: Whenever this card deals damage, you gain that much life." (CMF-094):
    # the trigger and "that much" (the damage dealt) are both expressed
    assert imported["CMF-094"].gaps == () and abilities(imported, "CMF-094")[0]["effects"][0]["that_much"] is True


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
    # resting Elves: a ruler in the ruler area may be an Elf too (a playground filter, in
    # targets/test_import_race_trait_and_name_only.py); banishing "a magic stone or resonator" is a playground filter
    # too (tests/fow/cards/targets/test_import_phrases_and_restrictions.py)
    assert imported["MOA-037"].status == "full"
    assert "target: magic stone or resonator" not in imported["SKL-027J"].gaps


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


def test_blocked_damaged_and_addition_triggers(imported: dict[str, ImportedCard]) -> None:
    # MPR-070: "[Continuous]: Whenever this card blocks or is blocked, it gains [+300/+300] until
    # end of turn." - one ability per trigger condition
    plus = [{"op": "modify", "atk": 300, "def": 300, "target": {"kind": "self"}, "duration": "end_of_turn"}]
    assert abilities(imported, "MPR-070") == [
        {"kind": "automatic", "trigger": "blocks", "effects": plus},
        {"kind": "automatic", "trigger": "is_blocked", "effects": plus},
    ]
    # BFA-022: "Whenever this card is dealt damage, it gains [+200/0] and [Swiftness] until end of turn."
    assert [a["trigger"] for a in abilities(imported, "BFA-022")] == ["dealt_damage"]
    # TMS-018: "Whenever damage is dealt to you, put two [+100/+100] counters on this card."
    assert abilities(imported, "TMS-018")[0] == {
        "kind": "automatic",
        "trigger": "damage_dealt_to_you",
        "effects": [{"op": "put_counter", "counter": "+100/+100", "count": 2, "target": {"kind": "self"}}],
    }
    # VIN002-057: "When you play an addition => Draw a card."
    assert abilities(imported, "VIN002-057") == [
        {"kind": "automatic", "trigger": "you_play_addition", "effects": [{"op": "draw", "count": 1, "who": "you"}]}
    ]
    # VIN002-062: "When this card is put into a graveyard from a field => Your opponent loses 400 life."
    assert abilities(imported, "VIN002-062")[0]["trigger"] == "put_into_graveyard_from_field"


def test_more_target_filters(imported: dict[str, ImportedCard]) -> None:
    # TTW-090: "Destroy target resonator with 400 or less ATK."
    assert shape(imported["TTW-090"].card)["effects"] == [{"op": "destroy", "target": chosen("resonator", max_atk=400)}]
    # BFA-067: "... destroy target resonator with total cost 1."; MOA-021: "... with total cost 5 or more ..."
    exactly_one = chosen("resonator", max_total_cost=1, min_total_cost=1)
    assert abilities(imported, "BFA-067")[0]["effects"] == [{"op": "destroy", "target": exactly_one}]
    moa021 = shape(imported["MOA-021"].card)["effects"][0]["target"]
    assert moa021 == chosen("resonator", controller="opponent", min_total_cost=5)
    # BFA-031: "{Rest}: Target resonator with no attribute gains [0/+400] until end of turn."
    assert abilities(imported, "BFA-031")[0]["effects"][0]["target"] == chosen("resonator", no_attribute=True)
    # MOA-001: "... Remove target attacking resonator from the game."
    # TTW-016: "Target blocking resonator you control gains [+1000/+1000] until end of turn."
    assert abilities(imported, "MOA-001")[2]["effects"][0]["target"] == chosen("resonator", attacking=True)
    ttw016 = shape(imported["TTW-016"].card)["effects"][0]["target"]
    assert ttw016 == chosen("resonator", controller="you", blocking=True)
    # VIN001-052: "When this card enters your field, recover target magic stone you control."
    stone = {"kind": "chosen", "filter": {"zone": "stone_area", "types": ["magic_stone"], "controller": "you"}}
    assert abilities(imported, "VIN001-052")[0]["effects"] == [{"op": "recover", "target": stone}]
    # VIN002-026: "This card deals 800 damage to each player and resonator."
    assert shape(imported["VIN002-026"].card)["effects"] == [
        {"op": "deal_damage", "amount": 800, "target": {"kind": "each_player"}},
        {
            "op": "deal_damage",
            "amount": 800,
            "target": {"kind": "all", "filter": {"zone": "field", "types": ["resonator"]}},
        },
    ]
    # SKL-078: "When this card enters your field, it deals 400 damage to your opponent and you gain 400 life."
    assert abilities(imported, "SKL-078")[0]["effects"] == [
        {"op": "deal_damage", "amount": 400, "target": {"kind": "opponent"}},
        {"op": "gain_life", "amount": 400, "who": "you"},
    ]


def test_named_trigger_self_costs_graveyard_targets_and_plural_races(imported: dict[str, ImportedCard]) -> None:
    # MPR-001: '[Continuous]: When "The Little Prince" is put into a graveyard from your field, you gain 1000 life.'
    assert abilities(imported, "MPR-001")[-1] == {
        "kind": "automatic",
        "trigger": "card_put_into_graveyard_from_field",
        "trigger_filter": {"zone": "field", "types": [], "controller": "you", "name": "The Little Prince"},
        "effects": [{"op": "gain_life", "amount": 1000, "who": "you"}],
    }
    # MPR-052: "[Activate] Pay {1}, put this card on the bottom of your main deck: Target resonator
    # you control gains [Flying] until end of turn. Draw a card."
    assert abilities(imported, "MPR-052")[-1]["cost"] == {"will": will(1), "put_self_on_bottom": True}
    # TMS-032: "{Rest}, remove the top card of your main deck from the game: This card deals 200 damage ..."
    assert abilities(imported, "TMS-032")[0]["cost"] == {"rest": True, "remove_top_cards": 1}
    # BFA-100: "{B}{1},{Rest}: Remove target card in a graveyard from the game."
    assert abilities(imported, "BFA-100")[-1]["effects"] == [
        {"op": "remove_from_game", "target": {"kind": "chosen", "filter": {"zone": "graveyard", "types": []}}}
    ]
    # BFA-001: "Knights of the Round Table you control gain [+200/+200]." (race "Knight of the Round Table")
    knights = {"zone": "field", "types": [], "controller": "you", "races": ["Knight of the Round Table"]}
    assert abilities(imported, "BFA-001") == [
        {"kind": "continuous", "affects": {"kind": "all", "filter": knights}, "modify_atk": 200, "modify_def": 200}
    ]


def test_granted_abilities(imported: dict[str, ImportedCard]) -> None:
    # TAT-054 Witch's Dagger: '[Continuous]: Resonator with this gains "[Activate] Pay {U}{U}{2}
    # {Rest}: Destroy target rested resonator." and "[Activate] {Rest}, banish this resonator: Draw three cards."'
    assert abilities(imported, "TAT-054") == [
        {
            "kind": "continuous",
            "grant_abilities": [
                {
                    "kind": "activate",
                    "text": "[Activate] Pay {U}{U}{2} {Rest}: Destroy target rested resonator.",
                    "cost": {"will": will(2, U=2), "rest": True},
                    "effects": [{"op": "destroy", "target": chosen("resonator", rested=True)}],
                },
                {
                    "kind": "activate",
                    "text": "[Activate] {Rest}, banish this resonator: Draw three cards.",
                    "cost": {"rest": True, "banish_self": True},
                    "effects": [{"op": "draw", "count": 3, "who": "you"}],
                },
            ],
        }
    ]
    # MOA-024: '[Continuous]: Magic stones you control gain "[Activate] {Rest}: Produce one will of any attribute.".'
    [house] = abilities(imported, "MOA-024")
    assert house["affects"] == {
        "kind": "all",
        "filter": {"zone": "stone_area", "types": ["magic_stone"], "controller": "you"},
    }
    assert [a["effects"] for a in house["grant_abilities"]] == [[{"op": "produce_will", "any_of": list("WRUGB")}]]
    # BFA-019: 'Added resonator gains [+400/0] and "Whenever this card attacks, it deals 200 damage
    # to each other resonator".' - "it" is the resonator that gains the ability
    [axe] = abilities(imported, "BFA-019")
    assert axe["modify_atk"] == 400 and axe["grant_abilities"][0]["trigger"] == "attacks"
    # "Fire magic stones" is a magic stone type (2.1 p5.2), not the fire attribute
    [sylvia] = abilities(imported, "TTW-032")
    assert sylvia["affects"]["filter"]["stone_types"] == ["Fire Magic Stone"]
    assert "attributes" not in sylvia["affects"]["filter"]


def test_it_another_target_and_the_added_resonator(imported: dict[str, ImportedCard]) -> None:
    # SKL-085 Imitation Dragon: "When this card is dealt damage, destroy it."
    assert abilities(imported, "SKL-085")[-1] == {
        "kind": "automatic",
        "trigger": "dealt_damage",
        "effects": [{"op": "destroy", "target": {"kind": "self"}}],
    }
    # TMS-012 Seal of Shining Bamboo ([Addition:Resonator]): "{M}: Rest added resonator."
    assert abilities(imported, "TMS-012")[-1]["effects"] == [{"op": "rest", "target": {"kind": "host"}}]
    # TMS-039 Magic Conductor's Baton: 'Added resonator gains "{Rest}: Recover another target resonator."'
    baton = abilities(imported, "TMS-039")[1]
    assert baton["grant_abilities"][0]["effects"] == [
        {"op": "recover", "target": chosen("resonator", other_than_self=True)}
    ]


def test_normal_spell_and_magic_stone_area_triggers(imported: dict[str, ImportedCard]) -> None:
    # CMF-029 Moon Night Pouncer: "[Continuous]: Whenever you play a normal spell, this card gains
    # [First Strike] and [Swiftness] until end of turn." (a normal spell: any card but a resonator, 3.13 p3)
    assert [a["trigger"] for a in abilities(imported, "CMF-029")] == ["you_play_normal_spell"]
    # VIN001-046 Archimedes: "Whenever a magic stone is put into your magic stone area, this card
    # gains [+200/+200] until end of turn."
    assert abilities(imported, "VIN001-046")[0]["trigger_filter"] == {
        "zone": "stone_area",
        "types": ["magic_stone"],
        "controller": "you",
    }


def test_cannot_be_attacked_is_a_rule_override(imported: dict[str, ImportedCard]) -> None:
    # Moonbreeze Elf (TMS-059) and Amy Apple (VIN002-017): "This card cannot be attacked."
    # Hansel (CMF-070): "[Continuous]: This card cannot be attacked as long as you control
    # "Gretel"." The card text beats the attack rule (FoW-5.5 8.2 p3.2, golden rule 1.4 p1)
    override = {"kind": "continuous", "rules": {"cannot_be_attacked": True}}
    assert abilities(imported, "TMS-059")[0] == override
    assert abilities(imported, "VIN002-017") == [override]
    gretel = {"zone": "field", "types": [], "controller": "you", "name": "Gretel"}
    assert abilities(imported, "CMF-070")[0] == {**override, "condition": {"kind": "controls", "filter": gretel}}


def test_your_j_ruler_attacked_this_turn_is_a_condition(imported: dict[str, ImportedCard]) -> None:
    # Apostle of Cain (MPR-020): "[Enter]: If your J-Ruler attacked this turn, this card gains
    # [Swiftness] until end of turn."  Jubal, the Grandsire of Musicians (MPR-031):
    # "[Continuous]: When this card attacks, if your J-Ruler attacked this turn, this card
    # deals 500 damage to target resonator." (checked on resolution, FoW-5.5 9.3 p3.2)
    attacked = {"kind": "j_ruler_attacked"}
    swiftness = {"op": "grant_skill", "skill": "swiftness", "target": {"kind": "self"}, "duration": "end_of_turn"}
    assert abilities(imported, "MPR-020") == [
        {
            "kind": "automatic",
            "trigger": "enter",
            "effects": [{"op": "if", "condition": attacked, "effects": [swiftness]}],
        }
    ]
    damage = {"op": "deal_damage", "amount": 500, "target": chosen("resonator")}
    assert abilities(imported, "MPR-031") == [
        {
            "kind": "automatic",
            "trigger": "attacks",
            "effects": [{"op": "if", "condition": attacked, "effects": [damage]}],
        }
    ]


def test_you_gain_that_much_life_after_dealing_damage(imported: dict[str, ImportedCard]) -> None:
    # Michizane Sugawara (VIN001-066) and Dark Faria, Shadow Princess of Ebony (TTW-080):
    # "Whenever this card deals damage, you gain that much life." (the damage dealt, FoW-5.5 9.6 p5)
    that_much = {
        "kind": "automatic",
        "trigger": "deals_damage",
        "effects": [{"op": "gain_life", "amount": 0, "who": "you", "that_much": True}],
    }
    assert abilities(imported, "VIN001-066") == [that_much]
    assert abilities(imported, "TTW-080")[0] == that_much
    # Selvaria's Lance (VIN002-074) grants it: "... and "Whenever this card deals damage ⇒ You gain that much life.""
    [lance] = abilities(imported, "VIN002-074")
    granted = {**that_much, "text": "Whenever this card deals damage: You gain that much life."}
    assert lance["grant_abilities"] == [granted]


def test_that_much_life_needs_a_damage_trigger() -> None:
    from pydantic import ValidationError

    from domain.fow.cards import Ability

    with pytest.raises(ValidationError, match="that_much"):
        Ability.model_validate(
            {"kind": "automatic", "trigger": "enter", "effects": [{"op": "gain_life", "amount": 0, "that_much": True}]}
        )
