"""Importing keyword conditions and restrictions of real Grimm/Alice cards (helper e_kw):

* [Stealth] "Your J/ruler is "A" or "B" and you have more than ten or more cards in your graveyard":
  a state (FoW-5.5 12.5 p2, 9.6 p9); "more than ten or more" is a misprint of "ten or more";
* prohibitions on players as rule overrides: "You cannot call magic stones" (7.11 p1, 1.4 p4), "Your
  opponent cannot play cards from their chant-standby area" (7.9, 12.5 p2), "Your opponent cannot play
  activate abilities of J/rulers or regalia" (7.8 p1, 9.7 p1), "Opponents cannot add
  [Addition:Resonator]" (7.2 p3-p4); "during your turn" makes them apply only then (9.4 p1).

The engine side is in ``tests/fow/cards/keywords/test_play_stealth_states_and_player_prohibitions.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.fow.cards.import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def test_stealth_ruler_and_ten_or_more_cards_in_your_graveyard(imported: dict[str, ImportedCard]) -> None:
    # Persephone, the Nether Empress (SKL-075): "[Stealth] Your J/ruler is "Rezzard, the Undead Lord" or
    # "Rezzard, the Desecrating Vampire" and you have more than ten or more cards in your graveyard. ..."
    card = full(imported, "SKL-075")
    rezzards = ["Rezzard, the Undead Lord", "Rezzard, the Desecrating Vampire"]
    assert card["stealth"] == "status"
    assert card["trigger_condition"] == {
        "kind": "all_of",
        "conditions": [
            {"kind": "ruler_is", "rulers": rezzards, "j_rulers": rezzards},
            {
                "kind": "controls",
                "filter": {"zone": "graveyard", "types": [], "controller": "you"},
                "at_least": 10,
            },
        ],
    }
    assert [a["trigger"] for a in card["abilities"]] == ["enters_field_from_standby"]


def test_you_cannot_call_magic_stones_then_a_main_phase_trigger(imported: dict[str, ImportedCard]) -> None:
    # Cain, the Traitor of Gods (MPR-021J): "[Continuous]: You cannot call magic stones. At the
    # beginning of your main phase, put the top card of your magic stone deck into your magic stone
    # area."  One continuous ability and one automatic ability under one label.
    abilities = full(imported, "MPR-021J")["abilities"]
    assert abilities[0]["kind"] == "continuous"
    assert abilities[0]["rules"] == {"cannot_call_magic_stones": True}
    assert "condition" not in abilities[0]
    assert abilities[1]["kind"] == "automatic"
    assert abilities[1]["trigger"] == "beginning_of_main_phase"
    assert abilities[1]["effects"] == [{"op": "put_stone", "who": "you"}]


def test_your_opponent_cannot_during_your_turn(imported: dict[str, ImportedCard]) -> None:
    # Guardian Angel, Raphael (BFA-006): "[Flying] / Your opponent cannot play cards from their
    # chant-standby area during your turn. / Your opponent cannot play activate abilities of J/rulers
    # or regalia during your turn."
    card = full(imported, "BFA-006")
    assert card["skills"] == ["flying"]
    standby, activate = card["abilities"]
    assert standby["rules"] == {"opponent_cannot_play_from_standby": True}
    assert standby["condition"] == {"kind": "your_turn"}
    assert activate["rules"] == {
        "opponent_cannot_activate": {"zone": "field", "types": ["ruler", "j_ruler", "regalia"], "playground": True}
    }
    assert activate["condition"] == {"kind": "your_turn"}


def test_opponents_cannot_add_resonator_additions(imported: dict[str, ImportedCard]) -> None:
    # The Emperor with New Clothes (CMF-018): "[Enter]: Destroy all [Addition:Resonator] your opponent
    # controls. / [Continuous]: Opponents cannot add [Addition:Resonator]."
    abilities = full(imported, "CMF-018")["abilities"]
    assert abilities[0]["trigger"] == "enter"
    assert abilities[1] == {"kind": "continuous", "rules": {"opponent_cannot_add": ["resonator"]}}


OPPONENTS_ATTACKING_RESONATOR = {
    "kind": "controls",
    "filter": {"zone": "field", "types": ["resonator"], "controller": "opponent", "attacking": True},
}


def test_trigger_while_a_resonator_your_opponent_controls_is_attacking(imported: dict[str, ImportedCard]) -> None:
    # Cain Complex (MPR-025): "[Trigger] While a resonator your opponent controls is attacking: Until end
    # of turn, gain control of target resonator that didn't attack this turn."
    card = full(imported, "MPR-025")
    assert (card["trigger"], card["trigger_condition"]) == ("status", OPPONENTS_ATTACKING_RESONATOR)
    assert card["effects"] == [
        {
            "op": "gain_control",
            "target": {
                "kind": "chosen",
                "filter": {"zone": "field", "attacked_this_turn": False, "types": ["resonator"]},
            },
            "duration": "end_of_turn",
        }
    ]


def test_your_opponent_banish_a_non_attacking_resonator_and_its_def(imported: dict[str, ImportedCard]) -> None:
    # Death Sentence from the Queen (TAT-076): "[Trigger] While a resonator your opponent controls is
    # attacking: Your opponent banish a non-attacking resonator he or she controls. You gain life equal
    # to its DEF. (...)"  "banish" for "banishes"; "its" is the banished card.
    card = full(imported, "TAT-076")
    assert (card["trigger"], card["trigger_condition"]) == ("status", OPPONENTS_ATTACKING_RESONATOR)
    assert card["effects"] == [
        {
            "op": "banish",
            "filter": {"zone": "field", "not_attacking": True, "types": ["resonator"], "controller": "you"},
            "who": "opponent",
        },
        {"op": "gain_life", "amount": 0, "who": "you", "equal_to": "def", "of_same": True},
    ]


def test_trigger_total_number_of_resonators_and_magic_stones_is_twelve(imported: dict[str, ImportedCard]) -> None:
    # Midnight Bell (CMF-086): "[Trigger] Total number of all resonators and all magic stones is twelve:
    # Each resonator your opponent controls loses all abilities and becomes [0/200] until end of turn."
    card = full(imported, "CMF-086")
    both = {
        "zone": "field",
        "types": [],
        "any_of": [{"zone": "field", "types": ["resonator"]}, {"zone": "stone_area", "types": ["magic_stone"]}],
    }
    assert card["trigger"] == "status"
    assert card["trigger_condition"] == {
        "kind": "all_of",
        "conditions": [
            {"kind": "controls", "filter": both, "at_least": 12},
            {"kind": "controls", "filter": both, "at_least": 13, "negate": True},
        ],
    }
    theirs = {"kind": "all", "filter": {"zone": "field", "controller": "opponent", "types": ["resonator"]}}
    assert card["effects"] == [
        {"op": "lose_abilities", "target": theirs},
        {"op": "set_stats", "atk": 0, "def": 200, "target": theirs},
    ]


def test_modes_with_limits_before_them_and_a_delayed_recovery_of_a_target(
    imported: dict[str, ImportedCard],
) -> None:
    # Reflect, Child of Potential (TTW-063): "{0}: Choose one. Play this ability only during your turn
    # and only once per turn - / Target resonator gains [+200/+200] until end of turn. Put a magic
    # counter on this card. / or draw a card, put a card from your hand on the bottom of your main deck.
    # Put a magic counter on this card; / or recover target resonator at the end of turn. Put a magic
    # counter on this card."
    ability = next(a for a in full(imported, "TTW-063")["abilities"] if a["kind"] == "activate")
    assert (ability["condition"], ability["once_per_turn"]) == ({"kind": "your_turn"}, True)
    counter = {"op": "put_counter", "counter": "magic", "target": {"kind": "self"}}
    resonator = {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}}
    [choose] = ability["effects"]
    assert choose["modes"] == [
        [{"op": "modify", "atk": 200, "def": 200, "target": resonator, "duration": "end_of_turn"}, counter],
        [
            {"op": "draw", "count": 1, "who": "you"},
            {"op": "put_on_main_deck", "from_hand": 1, "position": "bottom"},
            counter,
        ],
        [
            {
                "op": "delayed",
                "at": "end_of_turn",
                "target": resonator,
                "effects": [{"op": "recover", "target": {"kind": "same"}}],
            },
            counter,
        ],
    ]


def test_whenever_this_card_deals_damage_this_turn_and_a_cut_off_flying_reminder(
    imported: dict[str, ImportedCard],
) -> None:
    # Fallen Angelic Destroyer, Lucifer (TMS-075): the source lists "[Flying].)" first and "[Flying] (This
    # card cannot be blocked by J/resonators without" last: one [Flying] paragraph with its reminder.
    # "{B}{M}: Whenever this card deals damage this turn, you gain that much life. Play this ability only
    # once per turn."
    card = full(imported, "TMS-075")
    assert card["skills"] == ["flying"]
    ability = card["abilities"][1]
    assert ability["once_per_turn"] is True
    assert ability["effects"] == [
        {
            "op": "delayed",
            "at": "this_card_deals_damage",
            "effects": [{"op": "gain_life", "amount": 0, "who": "you", "that_much": True}],
        }
    ]
