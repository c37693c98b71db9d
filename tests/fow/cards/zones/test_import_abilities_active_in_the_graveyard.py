"""Importing real cards with [Activate] abilities played from the graveyard (FoW-5.5 9.2 p2: "If
an ability has text that is available in specified area, the ability is active in that specified
area"), their costs "remove this card in your graveyard from the game" and "remove three resonators
in your graveyard from the game" (10.3 p1), and "Put this card from your graveyard into your hand":
the real card's text and its expected declarative form, written out by hand (the engine side is
tests/fow/cards/zones/test_play_abilities_active_in_the_graveyard.py)."""

from __future__ import annotations

from typing import Any

import pytest

from domain.fow.importer import ImportedCard
from tests.fow.cards.import_support import full, imported_database
from tests.fow.cards.test_import_database import chosen, will


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def from_graveyard(cost: dict[str, Any], *effects: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "activate", "cost": cost, "effects": list(effects), "from_graveyard": True}


IN_YOUR_GRAVEYARD = {"zone": "graveyard", "types": ["resonator"], "controller": "you"}
BACK_TO_HAND = {"op": "return_to_hand", "target": {"kind": "self", "filter": {"zone": "graveyard", "types": []}}}


def test_remove_this_card_in_your_graveyard_as_a_cost(imported: dict[str, ImportedCard]) -> None:
    # Izanami, the Sealed Terror (TMS-077): "{B}{B}{B}{2}, remove this card in your graveyard from the
    # game: Destroy target resonator." / "{B}{M}, remove this card in your graveyard from the game: Your
    # opponent discards a card."
    assert full(imported, "TMS-077")["abilities"] == [
        from_graveyard({"will": will(2, B=3), "remove_self": True}, {"op": "destroy", "target": chosen("resonator")}),
        from_graveyard({"will": will(B=1, M=1), "remove_self": True}, {"op": "discard", "count": 1, "who": "opponent"}),
    ]


def test_a_full_stop_printed_for_the_colon_after_the_activate_tag(imported: dict[str, ImportedCard]) -> None:
    # Black Goat (MPR-022): "[Activate] Pay {R}, remove this card in your graveyard from the game. This
    # card deals 200 damage to target player or resonator." (the cost ends at the full stop)
    target = {**chosen("resonator"), "players_allowed": True}
    assert full(imported, "MPR-022")["abilities"] == [
        from_graveyard({"will": will(R=1), "remove_self": True}, {"op": "deal_damage", "amount": 200, "target": target})
    ]


def test_put_this_card_from_your_graveyard_into_your_hand(imported: dict[str, ImportedCard]) -> None:
    # Ghostflame (MOA-016, a chant): "This card deals 300 damage to target player or resonator." and
    # "[Activate] {R}{R}{1}: Put this card from your graveyard into your hand."
    ghostflame = full(imported, "MOA-016")
    assert ghostflame["effects"] == [
        {"op": "deal_damage", "amount": 300, "target": {**chosen("resonator"), "players_allowed": True}}
    ]
    assert ghostflame["abilities"] == [from_graveyard({"will": will(1, R=2)}, BACK_TO_HAND)]
    # Arthur, the Dead Lord of Vengeance (SKL-066): "Remove three resonators in your graveyard from the
    # game: Put this card from your graveyard into your hand."
    removed = {
        "action": "remove",
        "count": 3,
        "filter": {"zone": "graveyard", "types": ["resonator"], "controller": "you"},
    }
    assert full(imported, "SKL-066")["abilities"][2] == from_graveyard({"cards": [removed]}, BACK_TO_HAND)


def test_removing_cards_in_your_graveyard_as_a_cost_of_a_field_ability(imported: dict[str, ImportedCard]) -> None:
    # Graveyard Vampire (SNV-091): "Remove two resonators in your graveyard from the game: This card
    # gains [+400/+400] until end of turn. Play this ability only once per turn." (played in the field)
    [vampire] = [a for a in full(imported, "SNV-091")["abilities"]]
    assert vampire["cost"] == {
        "cards": [
            {
                "action": "remove",
                "count": 2,
                "filter": {"zone": "graveyard", "types": ["resonator"], "controller": "you"},
            }
        ]
    }
    assert "from_graveyard" not in vampire


def test_this_card_from_your_graveyard_only_in_an_ability_played_there(imported: dict[str, ImportedCard]) -> None:
    # Five Challenges (CMF-042, a chant): "[Continuous]: When you put a Treasury Item into a field, put
    # this card from your graveyard into your hand." - an automatic ability working in the graveyard
    # (``from_graveyard``, 9.2 p2; tests/fow/cards/triggers/test_import_status_and_opponent_turn_triggers.py)
    challenges = imported["CMF-042"]
    assert challenges.status == "full" and challenges.card is not None
    [ability] = challenges.card.abilities
    assert (ability.kind, ability.trigger, ability.from_graveyard) == ("automatic", "card_enters_field", True)


def test_look_at_target_opponents_hand_and_choose_a_card(imported: dict[str, ImportedCard]) -> None:
    # The Scorn of Dark Alice (TTW-089): "Look at target opponent's hand and choose a resonator. They
    # discard that card."  Schemes of the Empire (VIN002-072): "... choose a card. They discard that card."
    opponent = {"kind": "chosen", "filter": {"zone": "field", "controller": "opponent"}, "players_only": True}
    assert full(imported, "TTW-089")["effects"] == [
        {"op": "discard", "count": 1, "target": opponent, "filter": {"zone": "hand", "types": ["resonator"]}}
    ]
    assert full(imported, "VIN002-072")["effects"] == [{"op": "discard", "count": 1, "target": opponent}]
    # Nyarlathotep, the Usurper (MOA-049): "[Enter]: You may look at target player's hand and choose a
    # card. He or she discards that card." - the "you may" holds both sentences (t8-opt round)
    assert imported["MOA-049"].gaps == ()


def test_will_from_the_graveyard_stays_unsupported(imported: dict[str, ImportedCard]) -> None:
    # Liberation of the Lights (JRP-007): "Remove this card in your graveyard from the game: Produce
    # {W}. ..." - will is planned from the playgrounds only: a graveyard will ability is not expressed
    assert imported["JRP-007"].gaps[-1] == "effect: Remove this card in your graveyard from the game: Produce {W}."
