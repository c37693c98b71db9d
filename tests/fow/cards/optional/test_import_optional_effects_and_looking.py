"""Importing optional effects and looking at cards: the real card text and the declarative form it
must become (``domain/fow/importer.py``); the engine side is specified in
``test_play_optional_effects_and_looking.py``.  Wordings the grammar does not fully understand stay
unsupported."""

from __future__ import annotations

from typing import Any

import pytest

from domain.fow.importer import ImportedCard
from tests.fow.cards.import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def searched(**flt: Any) -> dict[str, Any]:
    return {"zone": "main_deck", "types": [], **flt}


# --- "you may" / "if" holding an effect that waits for a choice (FoW-5.5 9.3 p3.2) -------------


def test_you_may_search_then_shuffle_anyway(imported: dict[str, ImportedCard]) -> None:
    # Cinderella, the Ashen Maiden (CMF-082): "[Continuous]: Whenever this card deals damage to
    # your opponent, you may search your main deck for a Prince resonator, reveal it and put it
    # into your hand. Then shuffle your main deck."  The shuffle is not part of the "you may":
    # a search of its own (``shuffle`` false) inside the ``may``, then a ``shuffle`` effect (10.20)
    ability = full(imported, "CMF-082")["abilities"][0]
    assert ability["trigger"] == "deals_damage_to_opponent"
    assert ability["effects"] == [
        {
            "op": "may",
            "effects": [{"op": "search", "filter": searched(types=["resonator"], races=["Prince"]), "shuffle": False}],
        },
        {"op": "shuffle"},
    ]


def test_if_then_search_then_shuffle_anyway(imported: dict[str, ImportedCard]) -> None:
    # Giovanni, the Lonely Child (MPR-095): "[Enter]: If you don't control other resonators,
    # search your main deck for a card named "Campanella, the Milky Way Moon", reveal it and put
    # it into your hand. Then shuffle your main deck."
    ability = full(imported, "MPR-095")["abilities"][0]
    other = {"zone": "field", "types": ["resonator"], "controller": "you", "other_than_self": True}
    assert ability["effects"] == [
        {
            "op": "if",
            "condition": {"kind": "controls", "filter": other, "negate": True},
            "effects": [{"op": "search", "filter": searched(name="Campanella, the Milky Way Moon"), "shuffle": False}],
        },
        {"op": "shuffle"},
    ]


def test_you_may_search_for_up_to_four_and_put_them_into_your_field(imported: dict[str, ImportedCard]) -> None:
    # Kaguya, Rabbit Princess of the Lunar Halo (BFA-008): "[Awakening] {M}{1}: When this card
    # enters your field, you may search your main deck for up to four Rabbit resonators with
    # total cost 1 and put them into your field. Then shuffle your main deck."
    ability = full(imported, "BFA-008")["awakening"]["abilities"][0]
    flt = searched(types=["resonator"], races=["Rabbit"], max_total_cost=1, min_total_cost=1)
    assert ability["effects"] == [
        {"op": "may", "effects": [{"op": "search", "filter": flt, "count": 4, "to": "field", "shuffle": False}]},
        {"op": "shuffle"},
    ]


def test_a_search_with_its_shuffle_in_one_sentence_is_unchanged(imported: dict[str, ImportedCard]) -> None:
    # "Search your main deck for ..., reveal it and put it into your hand. Then shuffle your main
    # deck." with nothing optional: the search shuffles the deck itself, as before.  Kaguya, the
    # Immortal Princess (MPR-046J: "Search your main deck for X Treasury Item cards and put them into
    # your field.") says no "Then shuffle": none is made (10.13 p2, 10.20 p1)
    plain = [
        e
        for c in imported.values()
        if c.status == "full" and c.id != "MPR-046J"
        for a in full(imported, c.id).get("abilities", [])
        for e in a.get("effects", [])
        if e.get("op") == "search" and "field_instead_if" not in e  # "... instead. Then shuffle": its own
    ]
    assert plain and all(e.get("shuffle", True) for e in plain)


def test_you_may_banish_another_resonator(imported: dict[str, ImportedCard]) -> None:
    # Mordred, the Traitor (TMS-028): "Whenever this card attacks, you may banish another
    # resonator. If you do, this card deals 1000 damage to target resonator."  Without "you
    # control", still one of your own: a player may not banish cards they don't control (10.10 p2)
    ability = full(imported, "TMS-028")["abilities"][0]
    own = {"zone": "field", "types": ["resonator"], "controller": "you", "other_than_self": True}
    assert ability["trigger"] == "attacks"
    assert ability["effects"] == [
        {"op": "may", "effects": [{"op": "banish", "filter": own, "who": "you"}]},
        {
            "op": "if",
            "condition": {"kind": "did"},
            "effects": [
                {
                    "op": "deal_damage",
                    "amount": 1000,
                    "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}},
                }
            ],
        },
    ]


def test_if_you_do_shuffle_is_the_searchs_own_shuffle(imported: dict[str, ImportedCard]) -> None:
    # Skidbladnir, Magical Sailing Ship (GOG-042): "[Enter] >>> You may search your deck for a
    # Giant, reveal it and put it into your hand. If you do, shuffle your deck."  Shuffled only if
    # searched - also when the search finds nothing (10.13 p2): the search's own shuffle (10.20)
    ability = full(imported, "GOG-042")["abilities"][0]
    assert ability["effects"] == [
        {"op": "may", "effects": [{"op": "search", "filter": searched(races=["Giant"])}]},
    ]


def test_you_may_remove_a_card_in_your_hand_from_the_game(imported: dict[str, ImportedCard]) -> None:
    # Keeper of the Present, Verdandi (TMS-025): "When this card enters your field, you may remove
    # a card in your hand from the game. If you do, draw a card."
    ability = full(imported, "TMS-025")["abilities"][0]
    assert ability["trigger"] == "enters_field"
    assert ability["effects"] == [
        {"op": "may", "effects": [{"op": "remove_from_game", "from_hand": 1}]},
        {"op": "if", "condition": {"kind": "did"}, "effects": [{"op": "draw", "count": 1, "who": "you"}]},
    ]


GRAVEYARD_SELF = {"kind": "self", "filter": {"zone": "graveyard", "types": []}}
""""this card" in "put this card from your graveyard into ...": the card in the graveyard (3.1 p3)."""


def test_if_you_do_put_this_card_from_your_graveyard_into_your_hand(imported: dict[str, ImportedCard]) -> None:
    # Shantak (MPR-084): "[Continuous]: When this card is put into a graveyard from your field, you
    # may discard a card. If you do, put this card from your graveyard into your hand."
    ability = full(imported, "MPR-084")["abilities"][0]
    assert ability["trigger"] == "put_into_graveyard_from_field"
    assert ability["effects"] == [
        {"op": "may", "effects": [{"op": "discard", "count": 1, "who": "you"}]},
        {"op": "if", "condition": {"kind": "did"}, "effects": [{"op": "return_to_hand", "target": GRAVEYARD_SELF}]},
    ]


def test_if_you_control_x_you_may_pay_if_you_do_put_this_card_into_your_field(
    imported: dict[str, ImportedCard],
) -> None:
    # Romeo, the Despair (CMF-090): "[Continuous]: When this card is put into your graveyard from a
    # field, if you control "Juliet, the Hope", you may pay {B}. If you do, put this card from your
    # graveyard into your field."  An "if" holding a "you may pay" (9.3 p3.2)
    juliet = {"zone": "field", "types": [], "controller": "you", "name": "Juliet, the Hope"}
    assert full(imported, "CMF-090")["abilities"][0]["effects"] == [
        {
            "op": "if",
            "condition": {"kind": "controls", "filter": juliet},
            "effects": [{"op": "may", "effects": [{"op": "pay", "will": {"attribute": {"B": 1}, "free": 0}}]}],
        },
        {"op": "if", "condition": {"kind": "did"}, "effects": [{"op": "put_into_field", "target": GRAVEYARD_SELF}]},
    ]


def test_search_if_your_ruler_is_x_you_may_put_it_into_your_field_instead(imported: dict[str, ImportedCard]) -> None:
    # Tell a Fairy Tale (CMF-017): "Search your main deck for a Fairy Tale resonator, reveal it and
    # put it into your hand. If your Ruler is "Grimm, the Fairy Tale Prince", you may put it into
    # your field instead. This triggers its [Enter] ability. Then shuffle your main deck."
    assert full(imported, "CMF-017")["effects"] == [
        {
            "op": "search",
            "filter": searched(types=["resonator"], races=["Fairy Tale"]),
            "triggers_enter": True,
            "field_instead_if": {"kind": "ruler_is", "rulers": ["Grimm, the Fairy Tale Prince"]},
            "shuffle": False,
        },
        {"op": "shuffle"},
    ]
    # three names with commas (SKL-097): in the condition grammar since the t8-opt round
    assert imported["SKL-097"].status == "full"


def test_you_may_look_at_the_top_card_of_your_opponents_main_deck(imported: dict[str, ImportedCard]) -> None:
    # Seeking Sky Soldier (TAT-016): "[Enter]: You may look the top card of your opponent's main
    # deck." ("look the": a misprint of "look at")
    ability = full(imported, "TAT-016")["abilities"][0]
    assert ability["effects"] == [
        {"op": "may", "effects": [{"op": "look_top", "count": 1, "pick": 0, "rest": "top", "deck": "opponent"}]}
    ]
