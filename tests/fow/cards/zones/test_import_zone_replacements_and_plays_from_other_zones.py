"""Importing zone replacements and plays from other zones (helper bucket ``v_zone``), on real card
text (``domain/fow/importer.py``); the engine side is specified in
``test_play_zone_replacements_and_plays_from_other_zones.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard, _continuous, _Ctx, _effects, _GapError
from tests.fow.cards.import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def test_necronomicon_plays_cards_in_your_graveyard_and_removes_cards_put_into_it(
    imported: dict[str, ImportedCard],
) -> None:
    # Necronomicon (TAT-084): "[Continuous]: You may play cards in your graveyard." "[Continuous]: If a
    # card would be put into your graveyard from anywhere, remove it from the game instead." (7.1 p2,
    # 1.4 p1; a replacement, 9.10 p1)
    abilities = full(imported, "TAT-084")["abilities"]
    assert abilities[:2] == [
        {"kind": "continuous", "rules": {"may_play_from_graveyard": True}},
        {"kind": "replacement", "replaces": "to_your_graveyard", "instead": "remove_from_game"},
    ]
    assert abilities[2]["trigger"] == "end_of_turn"  # "At the end of your turn, discard your hand."


def test_blazer_is_played_from_the_removed_area_and_removes_cards_put_into_any_graveyard(
    imported: dict[str, ImportedCard],
) -> None:
    # Blazer, the Eater of Dimensions (MPR-023): "You may play this card from the removed area."
    # "[Continuous]: If a card would be put into a graveyard from anywhere, remove it from the game
    # instead." - any graveyard, not only yours
    card = full(imported, "MPR-023")
    assert card["playable_from_removed"] is True
    assert card["skills"] == ["swiftness"]
    assert card["abilities"] == [{"kind": "replacement", "replaces": "to_graveyard", "instead": "remove_from_game"}]


def test_vell_savaria_gives_fire_chants_in_your_graveyard_remnant(imported: dict[str, ImportedCard]) -> None:
    # Blazing Metropolis, Vell-Savaria (TMS-019): "Fire [Spell:Chant] and [Spell:Chant-Instant] cards in
    # your graveyard gain [Remnant]." (12.6; "X and Y cards": every card that is X or Y) "If a card
    # would be put into your graveyard from anywhere, remove it from the game instead." (no prefix)
    assert full(imported, "TMS-019")["abilities"] == [
        {
            "kind": "continuous",
            "remnant_for": {
                "zone": "graveyard",
                "types": ["spell"],
                "subtypes": ["chant", "chant_instant"],
                "attributes": ["R"],
                "controller": "you",
            },
        },
        {"kind": "replacement", "replaces": "to_your_graveyard", "instead": "remove_from_game"},
    ]


def test_other_graveyard_replacements_stay_unsupported() -> None:
    # only "remove it from the game instead" is expressed; another destination is no such replacement
    ctx = _Ctx("X", "addition", "field", frozenset(), None)
    for text in (
        "If a card would be put into your graveyard from anywhere, put it on the bottom of its owner's main deck "
        "instead",
        "You may play cards in your opponent's graveyard",
        "Resonators in your graveyard gain [Quickcast]",
    ):
        with pytest.raises(_GapError):
            _continuous(text, text, ctx)


def test_lumia_plays_from_the_removed_area_once_a_turn_and_removes_three_cards_face_down(
    imported: dict[str, ImportedCard],
) -> None:
    # Lumia, the Creator of Hope (TAT-014J): "[Continuous]: Once per turn, you may play a card from your
    # removed from the game zone." "[Activate] Pay {0}: If there are no cards in your removed from this
    # game zone, remove top three cards of your main deck from the game face down. You may look at them
    # at any time." (3.12 p2.1: the owner sees them)
    assert full(imported, "TAT-014J")["abilities"] == [
        {"kind": "continuous", "rules": {"may_play_from_removed": True}, "once_per_turn": True},
        {
            "kind": "activate",
            "cost": {"will": {"attribute": {}, "free": 0}},  # "Pay {0}"
            "effects": [
                {
                    "op": "if",
                    "condition": {
                        "kind": "controls",
                        "filter": {"zone": "removed", "types": [], "controller": "you"},
                        "negate": True,
                    },
                    "effects": [{"op": "mill", "count": 3, "who": "you", "to": "removed", "face_down": True}],
                }
            ],
        },
    ]


def test_looking_at_cards_not_removed_face_down_by_you_stays_unsupported() -> None:
    ctx = _Ctx("X", "resonator", None, frozenset(), None)
    with pytest.raises(_GapError):  # face up: nothing to look at; the sentence says nothing the engine does
        _effects("Remove the top card of your main deck from the game. You may look at them at any time.", ctx)


def test_rezzard_puts_cards_from_the_deck_or_the_hand_into_the_chant_standby_area_face_down(
    imported: dict[str, ImportedCard],
) -> None:
    # Rezzard, Dark Necromancer (BFA-095J): "When this card enters your field, if you control a "Sorrowful
    # Necromancy's Memoria" put the top four cards of your main deck into your chant-standby area face
    # down. If you control four "Sorrowful Necromancy's Memoria" put the top seven cards of your main deck
    # into your chant-standby area face down instead." (no comma after the names) "{B}: You may put a card
    # from your hand into your chant-standby area face down." (3.11 p1, p2)
    memoria = {"zone": "field", "types": [], "controller": "you", "name": "Sorrowful Necromancy's Memoria"}
    abilities = full(imported, "BFA-095J")["abilities"]
    assert abilities[1:] == [
        {
            "kind": "automatic",
            "trigger": "enters_field",
            "effects": [
                {
                    "op": "if",
                    "condition": {"kind": "controls", "filter": memoria},
                    "effects": [
                        {
                            "op": "if",
                            "condition": {"kind": "controls", "filter": memoria, "at_least": 4},
                            "effects": [{"op": "mill", "count": 7, "who": "you", "to": "standby"}],
                            "otherwise": [{"op": "mill", "count": 4, "who": "you", "to": "standby"}],
                        }
                    ],
                }
            ],
        },
        {
            "kind": "activate",
            "cost": {"will": {"attribute": {"B": 1}, "free": 0}},
            "effects": [{"op": "put_from_hand", "to_standby": True}],
        },
    ]


def test_rezzard_the_desecrating_vampire_puts_up_to_two_cards_from_your_hand_face_down(
    imported: dict[str, ImportedCard],
) -> None:
    # Rezzard, the Desecrating Vampire (SKL-077J): "When this card enters your field, you may puy up to two
    # cards from your hand into your chant-standby area face down." ("puy": a misprint of "put"); its God's
    # Art ("Remove any number of resonators in your graveyard ...") stays unsupported
    card = imported["SKL-077J"]
    assert card.status == "partial" and card.gaps == ("target: any number of resonators in your graveyard",)
    assert card.card is not None
    [enters] = [a for a in card.card.abilities if a.trigger == "enters_field"]
    assert [e.model_dump(exclude_defaults=True) for e in enters.effects] == [{"count": 2, "to_standby": True}]
