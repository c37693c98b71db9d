"""Importing race changes and race choices (helper bucket ``v_race``), on real card text
(``domain/fow/importer.py``); the engine side is specified in ``test_play_race_changes_and_choices.py``."""

from __future__ import annotations

import pytest

from domain.fow.cards import Card
from domain.fow.importer import ImportedCard, _Ctx, _effects, _GapError
from service.card_import import load_database
from tests.fow.cards.import_support import full, imported_database
from tests.fow.cards.test_import_database import BATCH_JSON, CARDS_JSON, shape


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


@pytest.fixture(scope="module")
def known_races() -> list[str]:
    """The races of the card database's records, in order: those a player may choose (FoW-5.5 2.5 p1)."""
    records = load_database(CARDS_JSON) + load_database(BATCH_JSON)
    return sorted({r.strip() for raw in records for r in raw.get("race") or [] if r.strip()})


def test_flower_kingdom_target_loses_all_races_and_becomes_a_fairy_tale(imported: dict[str, ImportedCard]) -> None:
    # Flower Kingdom (TMS-038): "Fairy Tale resonators you control gain [+200/+200]." and "{U}{1}: Target
    # resonator loses all races and becomes a Fairy Tale until end of turn." (2.5, 9.9 p1)
    gains, change = full(imported, "TMS-038")["abilities"]
    assert gains["affects"]["filter"]["races"] == ["Fairy Tale"]
    assert change == {
        "kind": "activate",
        "cost": {"will": {"attribute": {"U": 1}, "free": 1}},
        "effects": [
            {
                "op": "change_races",
                "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}},
                "lose_all": True,
                "gain": ["Fairy Tale"],
            }
        ],
    }


def test_moojdart_target_loses_all_races_and_gains_a_race_of_your_choice(
    imported: dict[str, ImportedCard], known_races: list[str]
) -> None:
    # Moojdart, the Fantasy Stone (TAT-100): "[Activate] {U}{Rest}: Target J/resonator loses all races and
    # gains a race of your choice until end of turn.": the race is one of the database's, chosen on
    # resolution.  Its third paragraph stays unsupported (see below).
    card = imported["TAT-100"]
    assert card.card is not None
    assert shape(card.card)["abilities"][1] == {
        "kind": "activate",
        "cost": {"will": {"attribute": {"U": 1}, "free": 0}, "rest": True},
        "effects": [
            {
                "op": "change_races",
                "target": {"kind": "chosen", "filter": {"zone": "field"}},
                "lose_all": True,
                "of_choice": True,
                "choices": known_races,
            }
        ],
    }
    assert "Human" in known_races and "Fairy Tale" in known_races and "Tank" not in known_races


def test_moojdart_same_name_magic_stones_stays_unsupported(imported: dict[str, ImportedCard]) -> None:
    # "[Continuous] When you control two or more magic stones with the same name, banish all but one of
    # them.": every other true magic stone of the cycle says "true magic stones" (TAT-091, TAT-092,
    # TAT-099, MPR-098); read as written it would banish the duplicates of basic magic stones, so it is
    # not guessed either way
    card = imported["TAT-100"]
    assert card.status == "partial"
    assert card.unsupported == (
        "[Continuous] When you control two or more magic stones with the same name, banish all but one of them.",
    )


def test_choose_a_race_target_becomes_the_chosen_race() -> None:
    # "{Rest}, {U}: Choose a race. Target J/resonator becomes the chosen race until end of turn.": its races
    # replaced by the chosen one (it loses the older information, 9.9)
    ctx = _Ctx("X", "regalia", None, frozenset({"Elf", "Human", ""}), None)
    assert _effects("Choose a race. Target J/resonator becomes the chosen race until end of turn.", ctx) == [
        {
            "op": "change_races",
            "target": {"kind": "chosen", "filter": {"zone": "field"}},
            "lose_all": True,
            "of_choice": True,
            "choices": ["Elf", "Human"],
        }
    ]


def test_a_race_no_card_has_stays_unsupported() -> None:
    # "becomes a Tank": no card of the database has the race or trait "Tank" (2.5)
    ctx = _Ctx("X", "regalia", None, frozenset({"Elf"}), None)
    with pytest.raises(_GapError):
        _effects("Target resonator loses all races and becomes a Tank until end of turn.", ctx)


def test_susie_looks_at_the_top_three_of_either_deck_and_puts_them_back(imported: dict[str, ImportedCard]) -> None:
    # Susie Evans (VIN002-013): "When this card enters your field ⇒ Look at the top three cards of your main
    # deck or magic stone deck and put them back in any order.": the deck chosen on resolution (9.3 p3.2)
    assert full(imported, "VIN002-013")["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "enters_field",
            "effects": [{"op": "look_top", "count": 3, "pick": 0, "rest": "top", "pile": "either"}],
        }
    ]


def test_scheherazade_chooses_a_race_that_cannot_attack_you(
    imported: dict[str, ImportedCard], known_races: list[str]
) -> None:
    # Scheherazade, the Teller of the Crimson Moon (MOA-039): "[Enter]: Choose a race. As long as you control
    # this card, J/resonators of the chosen race cannot attack you." (2.5 p1, 8.2 p3.2, 1.4 p4, 9.9 p8)
    enter, _ = full(imported, "MOA-039")["abilities"]
    assert enter == {
        "kind": "automatic",
        "trigger": "enter",
        "effects": [
            {"op": "choose_race", "choices": known_races},
            {
                "op": "restrict",
                "target": {"kind": "all", "filter": {"zone": "field", "chosen_race": True}},
                "rules": ["cannot_attack_you"],
                "duration": "source_controlled",
            },
        ],
    }


def test_the_overlords_baptism_keeps_only_the_valentina_sentence_unsupported(
    imported: dict[str, ImportedCard],
) -> None:
    # The Overlord's Baptism (TTW-050): "Choose a race. Return all resonators of the chosen race to their
    # owner's hand." is read now; "you may pay {2} to play its next God's Art ability rather than pay its
    # cost this turn" (a replaced cost for one ability only) is not, so the card stays unsupported
    card = imported["TTW-050"]
    assert card.status == "none"
    assert card.gaps == (
        'effect: As long as your J-Ruler is "Overlord of the Seven Lands, Valentina", you may pay {2} to play its '
        "next God's Art ability rather than pay its cost this turn.",
    )


def test_a_filter_of_the_chosen_race_needs_a_choice_before_it() -> None:
    # "Return all resonators of the chosen race" with no "Choose a race." before: no race to read
    ctx = _Ctx("X", "spell", "chant", frozenset({"Elf"}), None)
    assert _effects("Choose a race. Return all resonators of the chosen race to their owner's hand.", ctx)[1] == {
        "op": "return_to_hand",
        "target": {"kind": "all", "filter": {"zone": "field", "types": ["resonator"], "chosen_race": True}},
    }
    with pytest.raises(ValueError, match="chosen_race"):
        Card.model_validate(
            {
                "id": "X",
                "name": "X",
                "type": "spell",
                "subtype": "chant",
                "effects": [
                    {
                        "op": "return_to_hand",
                        "target": {"kind": "all", "filter": {"types": ["resonator"], "chosen_race": True}},
                    }
                ],
            }
        )


def test_necromancy_zombie_in_addition_and_added_from_the_graveyard(imported: dict[str, ImportedCard]) -> None:
    # Necromancy of the Undead Lord (SKL-073): "Added resonator gains Zombie in addition to its own races."
    # "Added resonator gains [+200/+200]." "Whenever a resonator enters your field, you may add this card from
    # your graveyard to that resonator." (2.5, 9.4 p1, 9.2 p2, 10.1 p2)
    assert full(imported, "SKL-073")["abilities"] == [
        {"kind": "continuous", "race_change": {"gain": ["Zombie"]}},
        {"kind": "continuous", "modify_atk": 200, "modify_def": 200},
        {
            "kind": "automatic",
            "trigger": "card_enters_field",
            "trigger_filter": {"zone": "field", "types": ["resonator"], "controller": "you"},
            "from_graveyard": True,
            "effects": [
                {
                    "op": "may",
                    "effects": [
                        {"op": "add_from_graveyard", "target": {"kind": "that", "filter": {"types": ["resonator"]}}}
                    ],
                }
            ],
        },
    ]


def test_jokers_suit_card_soldier_in_addition_and_added_again_from_the_graveyard(
    imported: dict[str, ImportedCard],
) -> None:
    # Joker's Suit (TAT-081): "[Continuous]: Resonator with this gains [+200/+200] and Card Soldier in addition
    # to its own race." "[Continuous]: When this card is put into a graveyard from a field, you may add it to
    # a target resonator you control." ("it": this card where it went, 3.1 p3)
    assert full(imported, "TAT-081")["abilities"] == [
        {"kind": "continuous", "modify_atk": 200, "modify_def": 200, "race_change": {"gain": ["Card Soldier"]}},
        {
            "kind": "automatic",
            "trigger": "put_into_graveyard_from_field",
            "effects": [
                {
                    "op": "may",
                    "effects": [
                        {
                            "op": "add_from_graveyard",
                            "target": {
                                "kind": "chosen",
                                "filter": {"zone": "field", "types": ["resonator"], "controller": "you"},
                            },
                        }
                    ],
                }
            ],
        },
    ]


def test_adding_from_the_graveyard_is_said_by_a_resonator_addition_only() -> None:
    # a resonator is never added to another card (10.1 p1): "add it to a target resonator" is not read on one
    ctx = _Ctx("X", "resonator", None, frozenset({"Zombie"}), None)
    with pytest.raises(_GapError):
        _effects("Add it to a target resonator you control.", ctx)


def test_summoning_art_pays_less_for_cards_named_like_the_searched_one(imported: dict[str, ImportedCard]) -> None:
    # Summoning Art of Alhazred (TAT-089): "Search your main deck for a Demon resonator, reveal it and put it
    # into your hand. Then shuffle your main deck. If your J/ruler is "Ebony Prophet" or "Abdul Alhazred, the
    # Harbinger of Despair", you may pay {B}{B} less to play cards with the same name as the card you searched
    # until end of turn." (10.13 p2, 9.3 p2.5, 2.2)
    prophet = ["Ebony Prophet", "Abdul Alhazred, the Harbinger of Despair"]
    search, if_ = full(imported, "TAT-089")["effects"]
    assert search == {"op": "search", "filter": {"zone": "main_deck", "types": ["resonator"], "races": ["Demon"]}}
    assert if_ == {
        "op": "if",
        "condition": {"kind": "ruler_is", "rulers": prophet, "j_rulers": prophet},
        "effects": [
            {
                "op": "change_cost",
                "change": {
                    "of": "spell",
                    "who": "you",
                    "less_will": {"attribute": {"B": 2}, "free": 0},
                    "optional": True,
                    "same_name_as_found": True,
                },
            }
        ],
    }
