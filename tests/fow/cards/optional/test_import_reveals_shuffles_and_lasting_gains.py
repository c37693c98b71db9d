"""Importing real Grimm/Alice cards of the s3-opt round: the card text and the declarative form it
must become (``domain/fow/importer.py``); the engine side is in ``test_play_reveals_shuffles_and_lasting_gains.py``.
Wordings the engine could not execute exactly stay unsupported."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.fow.cards.import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def test_reveal_the_top_card_of_your_deck_and_gain_with_no_duration(imported: dict[str, ImportedCard]) -> None:
    # Drill Sergeant (TMS-036): "Whenever this card attacks or blocks, reveal the top card of your
    # deck. If it's a resonator, resonators you control gain [+300/+300]. Otherwise, return this
    # card to its owner's hand."  "Your deck" is the main deck; the gain has no duration: it lasts
    # (FoW-5.5 9.1 p2.2) on every resonator you control, also later ones (9.9 p4)
    card = full(imported, "TMS-036")
    effects = [
        {"op": "reveal_top", "then": "stay"},
        {
            "op": "if",
            "condition": {"kind": "top_card", "filter": {"zone": "main_deck", "types": ["resonator"]}},
            "effects": [
                {
                    "op": "modify",
                    "atk": 300,
                    "def": 300,
                    "target": {"kind": "all", "filter": {"zone": "field", "types": ["resonator"], "controller": "you"}},
                    "duration": "source_in_field",
                }
            ],
            "otherwise": [{"op": "return_to_hand", "target": {"kind": "self"}}],
        },
    ]
    assert card["abilities"] == [
        {"kind": "automatic", "trigger": "attacks", "effects": effects},
        {"kind": "automatic", "trigger": "blocks", "effects": effects},
    ]


def test_a_gain_with_no_duration_on_all_j_resonators(imported: dict[str, ImportedCard]) -> None:
    # Dark Alice, Maiden of Slaughter (TTW-076J), God's Art [Walpurgis Night] {B}{B}: "J/resonators
    # your opponent controls gain [-200/-200]. Search ..."  The God's Art is expressed (and, since
    # the t8-opt round, her "choose a number" ability too)
    card = imported["TTW-076J"]
    assert card.status == "full"
    art = next(a for a in card.card.abilities if a.gods_art)
    modify = {"op": art.effects[0].op, **art.effects[0].model_dump(mode="json", exclude_defaults=True, by_alias=True)}
    assert modify == {
        "op": "modify",
        "atk": -200,
        "def": -200,
        "target": {"kind": "all", "filter": {"controller": "opponent"}},  # in the field: the default
        "duration": "source_in_field",
    }


def test_a_gain_with_no_duration_on_one_object_stays_unsupported(imported: dict[str, ImportedCard]) -> None:
    # Horn of Sacred Beasts (SKL-099): "... If it's "Pricia, the Commander of Sacred Beasts", it
    # gains [Imperishable]." One object's lasting gain would need its end (it leaving the field)
    assert any("It gains [Imperishable]" in gap for gap in imported["SKL-099"].gaps)


# --- shuffling a graveyard back into the decks (FoW-5.5 3.1 p5, 10.20 p1) ------------------------


def test_target_player_shuffles_their_graveyard_into_their_decks(imported: dict[str, ImportedCard]) -> None:
    # Hraesvelgr, Drinker of Death (TTW-061): "Whenever an evolution counter is put on this card,
    # target player shuffles all magic stones from their graveyard into their magic stone deck and
    # shuffles all other cards from their graveyard into their main deck."
    ability = full(imported, "TTW-061")["abilities"][1]
    assert ability == {
        "kind": "automatic",
        "trigger": "evolution_counter_put",
        "effects": [{"op": "reshuffle_graveyard", "target": {"kind": "chosen", "players_only": True}}],
    }
    # Xeex the Ancient Magic (TAT-072), a mode with misprints ("into his magic stone deck", "his of
    # her main deck")
    modes = full(imported, "TAT-072")["effects"][0]["modes"]
    assert modes[3] == [{"op": "reshuffle_graveyard", "target": {"kind": "chosen", "players_only": True}}]


def test_each_player_discards_their_hand_and_shuffles_their_graveyard(imported: dict[str, ImportedCard]) -> None:
    # Ring of Fate (BFA-026): "Each player discards their hand, shuffles all magic stones from their
    # graveyard into their magic stone deck and shuffles all other cards from their graveyard into
    # their main deck. Then each player draws five cards. Remove the top five cards of your main
    # deck from the game."
    assert full(imported, "BFA-026")["effects"] == [
        {"op": "discard", "who": "each", "whole_hand": True},
        {"op": "reshuffle_graveyard", "who": "each"},
        {"op": "draw", "count": 5, "who": "each"},
        {"op": "mill", "count": 5, "who": "you", "to": "removed"},
    ]


def test_target_resonator_with_1000_or_more_atk(imported: dict[str, ImportedCard]) -> None:
    # Bedivere, the Restorer of Souls (SKL-003): "When this card enters your field, you may remove
    # target resonator with 1000 or more ATK from the game."
    ability = full(imported, "SKL-003")["abilities"][0]
    target = {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"], "min_atk": 1000}}
    assert ability == {
        "kind": "automatic",
        "trigger": "enters_field",
        "effects": [{"op": "may", "effects": [{"op": "remove_from_game", "target": target}]}],
    }


def test_you_may_put_a_card_from_among_them_into_your_field(imported: dict[str, ImportedCard]) -> None:
    # Invigoration of the Winged Lord (SKL-012): "Choose one- Resonators you control gain [Flying]
    # until end of turn. At the end of this turn, recover all resonators you control; or look at the
    # top four cards of your main deck. You may put a light resonator with total cost 4 or less from
    # among them into your field. Put the rest on the bottom of your main deck in any order."
    modes = full(imported, "SKL-012")["effects"][0]["modes"]
    light = {"zone": "main_deck", "types": ["resonator"], "attributes": ["W"], "max_total_cost": 4}
    assert modes[1] == [{"op": "look_top", "count": 4, "filter": light, "up_to": True, "to": "field", "rest": "bottom"}]
