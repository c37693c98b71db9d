"""Importing trigger conditions the vocabulary lacked (helper bucket ``v_trig``), on real card text
(``domain/fow/importer.py``); the engine side is specified in ``test_play_zone_entry_and_destruction_triggers.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard, _Ctx, _effects, _GapError, _keyword
from tests.fow.cards.import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def test_when_this_card_enters_your_magic_stone_area_name_a_card(imported: dict[str, ImportedCard]) -> None:
    # Hymnal's Memoria (TMS-098): "When this card enters your magic stone area, name a card. Reveal the top
    # card of your main deck, if it's the named card, put it into your hand." (3.7, 2.2 p3, 10.4 p1)
    first = full(imported, "TMS-098")["abilities"][0]
    assert first == {
        "kind": "automatic",
        "trigger": "enters_stone_area",
        "effects": [{"op": "reveal_named", "count": 1, "rest": "stay"}],
    }


def test_trigger_when_a_resonator_you_control_is_destroyed(imported: dict[str, ImportedCard]) -> None:
    # Big-Bang Revolution (TAT-020): "[Trigger] When a resonator you control is destroyed: Two target
    # resonators gain [+X/+Y] until end of turn, where X is the destroyed resonator's ATK and Y is the
    # destroyed resonator's DEF." (7.9 p2, 9.6 p7.2)
    card = full(imported, "TAT-020")
    assert (card["trigger"], card["trigger_filter"]) == (
        "card_destroyed",
        {"zone": "field", "types": ["resonator"], "controller": "you"},
    )
    assert card["effects"] == [
        {
            "op": "modify",
            "atk": 1,
            "def": 1,
            "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}, "count": 2},
            "duration": "end_of_turn",
            "of_subject": True,
        }
    ]


def test_the_destroyed_resonators_stats_need_a_trigger_naming_it() -> None:
    # without a trigger condition naming a resonator there is no "destroyed resonator" to read
    ctx = _Ctx("X", "spell", "chant", frozenset(), None)
    with pytest.raises(_GapError):
        _effects(
            "Target resonator gains [+X/+Y] until end of turn, where X is the destroyed resonator's ATK and Y is"
            " the destroyed resonator's DEF.",
            ctx,
        )


def test_another_card_destroyed_is_no_standby_trigger_naming_it() -> None:
    # "another" names this card, which is in the chant-standby area, not a field: left unsupported
    ctx = _Ctx("X", "spell", "chant_standby", frozenset(), None)
    with pytest.raises(_GapError):
        _keyword("", "[Trigger] When another resonator you control is destroyed: Draw a card.", ctx)


def test_you_may_reveal_your_hand_if_you_have_no_spirit_search(imported: dict[str, ImportedCard]) -> None:
    # Aladdin's Lamp (MPR-055): "[Continuous]: At the beginning of your main phase, you may reveal your hand.
    # If you have no Spirit resonators in your hand, search your main deck for a Spirit resonator, reveal it
    # and put it into your hand. Then shuffle your main deck." (10.4 p1, 10.13 p2, 10.20)
    spirit = {"zone": "main_deck", "types": ["resonator"], "races": ["Spirit"]}
    in_hand = {"zone": "hand", "types": ["resonator"], "controller": "you", "races": ["Spirit"]}
    assert full(imported, "MPR-055")["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "beginning_of_main_phase",
            "effects": [
                {
                    "op": "may",
                    "effects": [
                        {"op": "reveal_hand"},
                        {
                            "op": "if",
                            "condition": {"kind": "controls", "filter": in_hand, "negate": True},
                            "effects": [{"op": "search", "filter": spirit, "shuffle": False}],
                        },
                    ],
                },
                {"op": "shuffle"},
            ],
        }
    ]


def test_revealing_the_hand_for_something_else_stays_unsupported() -> None:
    # only a search after a hand shown to hold none of something is read
    ctx = _Ctx("X", "addition", "field", frozenset({"Spirit"}), None)
    with pytest.raises(_GapError):
        _effects("You may reveal your hand. If you have no Spirit resonators in your hand, draw a card.", ctx)


def test_when_this_card_in_your_main_deck_is_removed_from_the_game(imported: dict[str, ImportedCard]) -> None:
    # Vell-Savarian Apparition (BFA-029): "When this card in your main deck is removed from the game, put it
    # into your field." (9.2 p2, 9.6 p7.1, 3.1 p3)
    assert full(imported, "BFA-029")["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "removed_from_main_deck",
            "effects": [{"op": "put_into_field", "target": {"kind": "self"}, "owners_field": True}],
        }
    ]


def test_put_this_card_into_your_field_needs_a_trigger_on_its_own_move() -> None:
    # on an [Enter] ability "it" is no card that moved where the ability could follow it
    ctx = _Ctx("X", "resonator", None, frozenset(), None)
    with pytest.raises(_GapError):
        _effects("Put this card into your field.", ctx, it_self=True)


def test_when_target_resonator_is_put_into_a_graveyard_this_turn_search(imported: dict[str, ImportedCard]) -> None:
    # Accede the Light (MPR-003): "When target resonator you control is put into a graveyard this turn, search
    # your main deck for a resonator with the same total cost as that resonator and put it into your field.
    # Then shuffle your main deck." - a delayed ability the spell makes, watching its target (9.6 p8)
    assert full(imported, "MPR-003")["effects"] == [
        {
            "op": "delayed",
            "at": "it_is_put_into_graveyard",
            "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"], "controller": "you"}},
            "effects": [
                {
                    "op": "search",
                    "filter": {"zone": "main_deck", "types": ["resonator"]},
                    "to": "field",
                    "same_total_cost_as_that": True,
                }
            ],
        }
    ]


def test_a_delayed_search_naming_that_resonator_otherwise_stays_unsupported() -> None:
    ctx = _Ctx("X", "spell", "chant", frozenset(), None)
    with pytest.raises(_GapError):
        _effects(
            "When target resonator you control is put into a graveyard this turn, search your main deck for a"
            " resonator with the same name as that resonator and put it into your field.",
            ctx,
        )


def test_enters_with_counters_and_as_this_card_shifts_put_counters(imported: dict[str, ImportedCard]) -> None:
    # Glorian Princess of Water, Charlotte (BFA-077^): "This card enters your field with five [+100/+100]
    # counters." / "As this card shifts, put ten [+100/+100] counters on it." (9.10 p1, 12.8 p2.1)
    first, second, _ = full(imported, "BFA-077^")["abilities"]
    assert first == {
        "kind": "replacement",
        "replaces": "enters_with_counters",
        "counter": "+100/+100",
        "with_counters": 5,
    }
    assert second == {
        "kind": "replacement",
        "replaces": "shifts_with_counters",
        "counter": "+100/+100",
        "with_counters": 10,
    }
