"""Importing targets named by a race, trait or name only ("target Human", "Elves you control",
"Cards named "Magari" you control"): with no card type and no zone they refer to cards in a
playground, a ruler in the ruler area included (FoW-5.5 2.5 p4, 2.1 p6, 3.14 p1).  They become
``playground`` filters where the engine performs the effect right on any such card: destroy
(a ruler is not destroyed, 10.9 p2), damage (none to a card without DEF, 10.6 p5), counters,
resting or banishing cards as a cost, and "cannot be targeted".  The engine side is in
``tests/fow/cards/targets/test_play_race_trait_and_name_only.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.fow.cards.import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def playground(**flt: object) -> dict[str, object]:
    return {"zone": "field", "types": [], **flt, "playground": True}


def test_damage_to_target_human(imported: dict[str, ImportedCard]) -> None:
    # Purifying Fire (CMF-032): "... or this card deals 1000 damage to target Human"
    modes = full(imported, "CMF-032")["effects"][0]["modes"]
    assert modes[1] == [
        {"op": "deal_damage", "amount": 1000, "target": {"kind": "chosen", "filter": playground(races=["Human"])}}
    ]


def test_destroy_all_other_humans_and_target_cthulhu(imported: dict[str, ImportedCard]) -> None:
    # Jeanne d'Arc, the Flame of Hatred (CMF-047J): "[Enter]: Destroy all other Humans." and
    # "[Activate] Pay {R}{1}: This card deals 500 damage to target Human."
    jeanne = full(imported, "CMF-047J")["abilities"]
    assert jeanne[0]["effects"] == [
        {"op": "destroy", "target": {"kind": "all", "filter": playground(races=["Human"], other_than_self=True)}}
    ]
    assert jeanne[2]["effects"][0]["target"] == {"kind": "chosen", "filter": playground(races=["Human"])}
    # Lunya, the Liar Girl (MOA-025): "When this card enters your field, destroy target Cthulhu."
    lunya = full(imported, "MOA-025")["abilities"][0]
    assert lunya["effects"] == [
        {"op": "destroy", "target": {"kind": "chosen", "filter": playground(races=["Cthulhu"])}}
    ]


def test_resting_elves_you_control_as_a_cost(imported: dict[str, ImportedCard]) -> None:
    # Melfee, the Successor of Sacred Wind (MOA-037): "Rest two recovered Elves you control:
    # Produce one will of any attribute."
    melfee = full(imported, "MOA-037")["abilities"][0]
    elves = playground(controller="you", races=["Elf"], rested=False)
    assert melfee["cost"] == {"cards": [{"action": "rest", "count": 2, "filter": elves}]}
    # Elite Commander (SKL-055): "Rest three Beasts you control: Reveal the top card ..."
    commander = full(imported, "SKL-055")["abilities"][1]
    beasts = playground(controller="you", races=["Beast"])
    assert commander["cost"] == {"cards": [{"action": "rest", "count": 3, "filter": beasts}]}


def test_banish_a_machine_as_an_additional_cost(imported: dict[str, ImportedCard]) -> None:
    # Disassembly Line (BFA-034): "As an additional cost to play this card, banish a Machine."
    assert full(imported, "BFA-034")["play_cards"] == [
        {"action": "banish", "filter": playground(controller="you", races=["Machine"])}
    ]


def test_cannot_be_targeted_reaches_the_ruler_area(imported: dict[str, ImportedCard]) -> None:
    # Aesop, the Prince's Tutor (CMF-001): "[Continuous]: Each Fairy Tale you control cannot be
    # targeted by spells or abilities your opponent controls."
    assert full(imported, "CMF-001")["abilities"] == [
        {
            "kind": "continuous",
            "affects": {"kind": "all", "filter": playground(controller="you", races=["Fairy Tale"])},
            "rules": {"cannot_be_targeted_by_opponent": True},
        }
    ]
    # Rene Randall (VIN002-059): 'Cards named "Magari" you control cannot be targeted by ...'
    rene = full(imported, "VIN002-059")["abilities"][0]
    assert rene["affects"] == {"kind": "all", "filter": playground(controller="you", name="Magari")}


def test_other_effects_on_a_typeless_target_stay_unsupported(imported: dict[str, ImportedCard]) -> None:
    # an effect the engine would not perform right on a ruler in the ruler area keeps its gap:
    # only destroy, damage, counters, "gains ... until end of turn" (s3-tgt) and rest/recover (t5-tgt,
    # 10.12 p1 on any playground card) take a playground target
    for card_id in imported:
        c = imported[card_id]
        if c.card is None:
            continue
        for ability in c.card.abilities:
            for eff in ability.effects:
                target = getattr(eff, "target", None)
                if target is not None and target.filter.playground:
                    ops = ("destroy", "deal_damage", "put_counter", "modify", "grant_skill", "rest", "recover")
                    assert eff.op in ops, (card_id, eff.op)


YOUR_J_OR_RULER = {
    "kind": "all",
    "filter": {"zone": "field", "types": ["ruler", "j_ruler"], "controller": "you", "playground": True},
}


def test_your_j_ruler_is_your_ruler_or_your_j_ruler(imported: dict[str, ImportedCard]) -> None:
    # Spell-Weaver Elf (TTW-066): "When this card enters your field, put three magic counters on
    # your J/ruler."
    elf = full(imported, "TTW-066")["abilities"][0]
    assert elf["effects"] == [{"op": "put_counter", "counter": "magic", "count": 3, "target": YOUR_J_OR_RULER}]
    # The Queen's Butler (TAT-018): "[Continuous] Your J/ruler cannot be targeted by your
    # opponent's spells or abilities."
    assert full(imported, "TAT-018")["abilities"] == [
        {"kind": "continuous", "affects": YOUR_J_OR_RULER, "rules": {"cannot_be_targeted_by_opponent": True}}
    ]
    # Valentina's Zealot (TTW-052): "Banish this card: You J-Ruler cannot be targeted by spells or
    # abilities until end of turn." ("You J-Ruler": a misprint of "Your J-Ruler")
    zealot = full(imported, "TTW-052")["abilities"][0]
    j_ruler = {"kind": "all", "filter": {"zone": "field", "types": ["j_ruler"], "controller": "you"}}
    assert zealot["effects"] == [{"op": "restrict", "target": j_ruler, "rules": ["cannot_be_targeted"]}]


def test_it_is_the_card_put_from_the_hand(imported: dict[str, ImportedCard]) -> None:
    # Flame King's Shout (VS01-021, SKL-025): "... Then you may put a fire resonator with total
    # cost 3 or less from your hand into your field. It gains [Swiftness] until end of turn."
    for card_id in ("VS01-021", "SKL-025"):
        effects = full(imported, card_id)["effects"]
        assert effects[1:] == [
            {
                "op": "put_from_hand",
                "filter": {"zone": "hand", "types": ["resonator"], "attributes": ["R"], "max_total_cost": 3},
            },
            {"op": "grant_skill", "skill": "swiftness", "target": {"kind": "same"}, "duration": "end_of_turn"},
        ]


def test_counting_spell_cards_and_different_attributes(imported: dict[str, ImportedCard]) -> None:
    # Fthaggua, the Flame Spirit (TAT-028): "[Continuous]: This card gains [+200/+200] for each
    # spell card in your graveyard."
    fthaggua = full(imported, "TAT-028")["abilities"][0]
    assert fthaggua["per"] == {"filter": {"zone": "graveyard", "types": ["spell"], "controller": "you"}}
    # Socrates (VIN001-079): "This card gains [+200/+200] for each different attribute among cards
    # you control."
    socrates = full(imported, "VIN001-079")["abilities"][0]
    cards = {"zone": "field", "types": [], "controller": "you"}
    assert socrates == {
        "kind": "continuous",
        "modify_atk": 200,
        "modify_def": 200,
        "per": {"filter": cards, "distinct": "attributes"},
    }


def test_banish_a_card_as_a_cost(imported: dict[str, ImportedCard]) -> None:
    # Knight of Loyalty (CMF-010): "[Activate] Banish a card: target light J/resonator you control
    # cannot be targeted by spells or abilites until end of turn." ("abilites": a misprint)
    knight = full(imported, "CMF-010")["abilities"][0]
    assert knight["cost"] == {"cards": [{"action": "banish", "filter": playground(controller="you")}]}
    assert knight["effects"][0]["rules"] == ["cannot_be_targeted"]


def test_they_names_the_previous_group_by_its_filter(imported: dict[str, ImportedCard]) -> None:
    # March of Saints (TAT-011, VIN001-010): "Light resonators you control gain [+300/+0] and
    # [First Strike] until end of turn. If you control a Saint, they cannot be blocked until end
    # of turn."
    light = {
        "kind": "all",
        "filter": {"zone": "field", "types": ["resonator"], "controller": "you", "attributes": ["W"]},
    }
    for card_id in ("TAT-011", "VIN001-010"):
        effects = full(imported, card_id)["effects"]
        assert effects[2] == {
            "op": "if",
            "condition": {
                "kind": "controls",
                "filter": {"zone": "field", "types": [], "controller": "you", "races": ["Saint"]},
            },
            "effects": [{"op": "restrict", "target": light, "rules": ["cannot_be_blocked"]}],
        }


def test_cards_in_your_hand_gain_quickcast(imported: dict[str, ImportedCard]) -> None:
    # Midsummer's Night King, Oberon (BFA-052): "Fairies in your hand gain [Quickcast]."
    assert full(imported, "BFA-052")["abilities"] == [
        {
            "kind": "continuous",
            "affects": {
                "kind": "all",
                "filter": {"zone": "hand", "types": [], "controller": "you", "races": ["Fairy"]},
            },
            "grant": ["quickcast"],
        }
    ]
    # Ratatoskr, the Spirit Beast of Yggdrasil (SKL-062): "Wind resonators in your hand gain
    # [Quickcast]." (and "Beasts you control cannot be targeted by spells or abilities your
    # opponent controls during your opponent's turn.": a playground filter)
    ratatoskr = full(imported, "SKL-062")["abilities"]
    wind = {"zone": "hand", "types": ["resonator"], "controller": "you", "attributes": ["G"]}
    assert ratatoskr[1] == {"kind": "continuous", "affects": {"kind": "all", "filter": wind}, "grant": ["quickcast"]}
    assert ratatoskr[0]["affects"]["filter"] == playground(controller="you", races=["Beast"])
    assert ratatoskr[0]["condition"] == {"kind": "your_turn", "negate": True}
