"""Importing status triggers and other triggers of real Grimm/Alice cards (helper d_trig):

* "When you control two or more true magic stones with the same name, banish all but one of them."
  and "When you control a J-Ruler, banish this card.": status automatic abilities (FoW-5.5 9.6 p9),
  the status being the ability's ``condition``;
* "Play this ability only during your opponent's turn." (1.4 p1);
* "This turn, if target J/resonator would deal damage, it deals that much +200 instead." (9.10 p1);
* "Target J/resonator cannot be targeted by normal spells your opponents control until end of turn."
  (a card other than a resonator being played, 3.13 p3; 1.4 p4);
* "[Continuous]: At end of turn, return this card to is Ruler side." on a J-ruler (5.4 p3; 1.4 p1,
  3.15 p2: put into the ruler area ruler side up);
* "When this card is banished by [Incarnation], ..." (12.2 p2, 9.6 p1);
* "When a spell or ability your opponent controls targets a J/resonator you control, you may banish
  this card. If you do, cancel that spell or ability." (9.3 p2, 9.6 p1, 10.10, 10.11);
* "[Continuous]: When you put a Treasury Item into a field, put this card from your graveyard into
  your hand." on a spell: an automatic ability working in its owner's graveyard (9.2 p2, 3.1 p3).

The engine side is in ``tests/fow/cards/triggers/test_play_status_and_opponent_turn_triggers.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.fow.cards.import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


TRUE_STONES = {"zone": "stone_area", "types": ["magic_stone"], "controller": "you", "stone_types": ["True Magic Stone"]}


@pytest.mark.parametrize("card_id", ["TAT-091", "TAT-093", "TAT-099"])
def test_two_true_magic_stones_with_the_same_name(imported: dict[str, ImportedCard], card_id: str) -> None:
    # Almerius (TAT-091), Milest (TAT-099): "[Continuous] When you control two or more true magic stones
    # with the same name, banish all but one of them."  Grusbalesta (TAT-093): "... with same name ..."
    [status] = [a for a in full(imported, card_id)["abilities"] if a["kind"] == "automatic"]
    assert status["trigger"] == "status"
    assert status["condition"] == {"kind": "controls", "filter": TRUE_STONES, "at_least": 2, "same_name": True}
    assert status["effects"] == [{"op": "banish", "filter": TRUE_STONES, "who": "you", "all_but_one": True}]


def test_when_you_control_a_j_ruler_banish_this_card(imported: dict[str, ImportedCard]) -> None:
    # Yggdrasil's Memoria (TMS-100): "When you control a J-Ruler, banish this card.  {G}, {Rest}:
    # Recover target resonator. Play this ability only during your opponent's turn."
    _, status, recover = full(imported, "TMS-100")["abilities"]
    assert status == {
        "kind": "automatic",
        "trigger": "status",
        "condition": {"kind": "controls", "filter": {"zone": "field", "types": ["j_ruler"], "controller": "you"}},
        "effects": [{"op": "banish", "target": {"kind": "self"}}],
    }
    assert recover["condition"] == {"kind": "your_turn", "negate": True}
    assert recover["effects"] == [
        {"op": "recover", "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}}}
    ]


def test_this_turn_if_target_would_deal_damage(imported: dict[str, ImportedCard]) -> None:
    # Milest, the Ghostly Flame Stone (TAT-099): "[Activate] {R}{Rest}: This turn, if target J/resonator
    # would deal damage, it deals that much +200 instead."
    activate = full(imported, "TAT-099")["abilities"][-1]
    assert activate["effects"] == [
        {"op": "deal_more", "extra": 200, "target": {"kind": "chosen", "filter": {"zone": "field"}}}
    ]


def test_cannot_be_targeted_by_normal_spells_your_opponents_control(imported: dict[str, ImportedCard]) -> None:
    # Feethsing, the Holy Wind Stone (TAT-092): "[Activate] {G}{Rest}: Target J/resonator cannot be
    # targeted by normal spells your opponents control until end of turn."
    feethsing = full(imported, "TAT-092")
    assert feethsing["abilities"][1]["trigger"] == "status"
    assert feethsing["abilities"][2]["effects"] == [
        {
            "op": "restrict",
            "target": {"kind": "chosen", "filter": {"zone": "field"}},
            "rules": ["cannot_be_targeted_by_opponents_normal_spells"],
        }
    ]


def test_at_end_of_turn_return_this_card_to_is_ruler_side(imported: dict[str, ImportedCard]) -> None:
    # Little Red, the Wolf Girl (CMF-027J): "[Continuous]: At end of turn, return this card to is Ruler
    # side." ("At end of turn" without "the"; "is": a misprint of "its")
    _, returns = full(imported, "CMF-027J")["abilities"]
    assert returns["trigger"] == "end_of_each_turn"
    assert returns["effects"] == [{"op": "return_to_ruler_side", "target": {"kind": "self"}}]


def test_when_this_card_is_banished_by_incarnation(imported: dict[str, ImportedCard]) -> None:
    # Acolyte of Darkness (MPR-073): "[Continuous]: When this card is banished by [Incarnation], you may
    # pay 400 life. If you do, draw a card."
    [ability] = full(imported, "MPR-073")["abilities"]
    assert ability["trigger"] == "banished_by_incarnation"
    assert ability["effects"] == [
        {"op": "may", "effects": [{"op": "pay", "life": 400}]},
        {"op": "if", "condition": {"kind": "did"}, "effects": [{"op": "draw", "count": 1, "who": "you"}]},
    ]


def test_when_a_spell_or_ability_your_opponent_controls_targets_a_j_resonator(
    imported: dict[str, ImportedCard],
) -> None:
    # Wind-Secluded Refuge (TMS-065): "When a spell or ability your opponent controls targets a J/resonator
    # you control, you may banish this card. If you do, cancel that spell or ability."
    _, refuge = full(imported, "TMS-065")["abilities"]
    assert (refuge["trigger"], refuge["targeted_by"]) == ("your_j_resonator_targeted", {"controller": "opponent"})
    assert refuge["effects"] == [
        {"op": "may", "effects": [{"op": "banish", "target": {"kind": "self"}}]},
        {
            "op": "if",
            "condition": {"kind": "did"},
            "effects": [{"op": "cancel", "target": {"kind": "that", "filter": {"zone": "chase", "types": []}}}],
        },
    ]


def test_when_you_put_a_treasury_item_into_a_field_from_the_graveyard(imported: dict[str, ImportedCard]) -> None:
    # Five Challenges (CMF-042): "[Continuous]: When you put a Treasury Item into a field, put this card
    # from your graveyard into your hand."  An automatic ability of a spell that works in its owner's
    # graveyard (9.2 p2)
    [ability] = full(imported, "CMF-042")["abilities"]
    assert ability["trigger"] == "card_enters_field" and ability["from_graveyard"] is True
    assert ability["trigger_filter"] == {
        "zone": "field",
        "types": [],
        "controller": "you",
        "races": ["Treasury Item"],
    }
    assert ability["effects"] == [
        {"op": "return_to_hand", "target": {"kind": "self", "filter": {"zone": "graveyard", "types": []}}}
    ]
