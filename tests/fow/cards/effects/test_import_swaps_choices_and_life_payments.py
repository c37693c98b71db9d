"""Importing other effects the vocabulary lacked (helper bucket ``c_eff``), on real card text
(``domain/fow/importer.py``); the engine side is specified in ``test_play_swaps_choices_and_life_payments.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard, _Ctx, _effects, _GapError
from tests.fow.cards.import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def test_swap_atk_and_def_of_this_card_whenever_a_werewolf_comes_into_a_field(
    imported: dict[str, ImportedCard],
) -> None:
    # Granny by the Fireplace (CMF-025): "[Continuous]: Whenever a Werewolf comes into a field: swap ATK
    # and DEF of this card until end of turn."  ("swap" says what "switch" says, 9.9 p1.4)
    assert full(imported, "CMF-025")["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "card_enters_field",
            "trigger_filter": {"zone": "field", "types": [], "controller": "any", "races": ["Werewolf"]},
            "effects": [{"op": "switch_stats", "target": {"kind": "self"}}],
        }
    ]


def test_gains_one_of_two_changes_chosen_on_resolution(imported: dict[str, ImportedCard]) -> None:
    # Wall of Ideas (TTW-053): "Target resonator gains [-800/0] or [0/+800] until end turn." ("end turn":
    # a misprint of "end of turn"); the second change is the other choice (9.3 p3.2)
    assert full(imported, "TTW-053")["effects"] == [
        {
            "op": "modify",
            "atk": -800,
            "def": 0,
            "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}},
            "duration": "end_of_turn",
            "or_gains": [0, 800],
        }
    ]


def test_pay_any_amount_of_life_then_draw_per_500(imported: dict[str, ImportedCard]) -> None:
    # Whisper from the Abyss (TAT-090): "Pay any amount of life. Draw a card for each 500 life you lost
    # this way." (1.5 p4.1)
    assert full(imported, "TAT-090")["effects"] == [{"op": "pay_any_life", "draw_per": 500}]


def test_a_choice_of_modifiers_without_a_single_target_stays_unsupported() -> None:
    # "or" between two changes on every resonator is no choice the vocabulary makes
    with pytest.raises(_GapError):
        ctx = _Ctx("X", "spell", "chant", frozenset(), None)
        _effects("All resonators gain [-800/0] or [0/+800] until end of turn.", ctx)


def test_each_player_keeps_one_resonator_and_banishes_the_rest(imported: dict[str, ImportedCard]) -> None:
    # Interdimensional Escape (BFA-007): "Each player chooses a resonator they control, then each player
    # banishes all other resonators they control." (10.10 p1, p2)
    assert full(imported, "BFA-007")["effects"] == [
        {"op": "keep_one", "filter": {"zone": "field", "types": ["resonator"], "controller": "you"}}
    ]


def test_damage_multiplied_by_the_total_cost_of_the_cards_removed_this_way(imported: dict[str, ImportedCard]) -> None:
    # Keeper of the Future, Skuld (TMS-023): "When this card enters your field, remove the top two cards of
    # your main deck from the game. This card deals 100 damage multiplied by the combined total cost of the
    # cards removed this way to target J/resonator." (10.3 p1, 2.3)
    assert full(imported, "TMS-023")["abilities"][0] == {
        "kind": "automatic",
        "trigger": "enters_field",
        "effects": [
            {"op": "mill", "count": 2, "who": "you", "to": "removed"},
            {
                "op": "deal_damage",
                "amount": 100,
                "target": {"kind": "chosen", "filter": {"zone": "field"}},
                "per_cost_removed": True,
            },
        ],
    }


def test_a_mode_removes_a_resonator_then_puts_it_into_its_owners_field(imported: dict[str, ImportedCard]) -> None:
    # Dream of Juliet (CMF-004): 'Choose one. If you control "Juliet, the Hope" and "Romeo, the Despair",
    # choose up to three instead - Destroy target addition: or draw a card; or remove target resonator from
    # the game, then put it into its owner's field.' ("addition: or" is read "addition; or")
    [choose] = full(imported, "CMF-004")["effects"]
    assert choose["modes"] == [
        [{"op": "destroy", "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["addition"]}}}],
        [{"op": "draw", "count": 1, "who": "you"}],
        [
            {
                "op": "remove_from_game",
                "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}},
            },
            {"op": "put_into_field", "target": {"kind": "same"}, "owners_field": True},
        ],
    ]
    assert (choose["up_to"], choose["up_to_if"]["kind"]) == (3, "all_of")


def test_move_target_addition_onto_another_resonator(imported: dict[str, ImportedCard]) -> None:
    # Clothes Tailor (CMF-003): "[Activate] {Rest}: Move target [Addition: Resonator] you control onto another
    # resonator" (the resonator is chosen on resolution, no target: 10.1 p1, p2)
    assert full(imported, "CMF-003")["abilities"] == [
        {
            "kind": "activate",
            "cost": {"rest": True},
            "effects": [
                {
                    "op": "move_addition",
                    "target": {
                        "kind": "chosen",
                        "filter": {
                            "zone": "field",
                            "controller": "you",
                            "types": ["addition"],
                            "subtypes": ["resonator"],
                        },
                    },
                }
            ],
        }
    ]


def test_name_a_card_reveal_the_top_four_and_take_those_with_that_name(imported: dict[str, ImportedCard]) -> None:
    # Hare of Inaba (BFA-049): "When this card enters your field, name a card. Reveal the top four cards of your
    # main deck. Put all revealed cards with that name into your hand and shuffle the rest into your main deck."
    assert full(imported, "BFA-049")["abilities"][0] == {
        "kind": "automatic",
        "trigger": "enters_field",
        "effects": [{"op": "reveal_named", "count": 4}],
    }


def test_name_a_card_type_and_prevent_damage_less_than_def(imported: dict[str, ImportedCard]) -> None:
    # Muse, Celestial of Music (TMS-040): "When this card enters your field, name a card type. Reveal the top
    # card of your main deck. If it's the named type, put it into your hand." / "If a resonator you control
    # would be dealt damage less than its DEF, prevent it." (2.1 p1, 10.4 p1, 10.17 p1.2)
    assert full(imported, "TMS-040")["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "enters_field",
            "effects": [{"op": "reveal_named", "count": 1, "name": "card_type", "rest": "stay"}],
        },
        {
            "kind": "replacement",
            "affects": {"kind": "all", "filter": {"zone": "field", "types": ["resonator"], "controller": "you"}},
            "replaces": "self_damaged",
            "instead": "prevent",
            "prevent_below_def": True,
        },
    ]


def test_opponent_plays_with_the_top_card_revealed_and_both_top_cards_milled(
    imported: dict[str, ImportedCard],
) -> None:
    # Laplacia, the Demon of Fate (TAT-082): "You opponent plays with top card of his or her main deck
    # revealed." ("You opponent": a misprint) / "You may look at the top card of your main deck at any time."
    # / "[Activate] {Rest}: Put the top card of your main deck and the top card of your opponent's main deck
    # into their owner's graveyard."
    assert full(imported, "TAT-082")["abilities"] == [
        {"kind": "continuous", "rules": {"opponent_top_revealed": True}},
        {"kind": "continuous", "rules": {"may_look_at_top_card": True}},
        {"kind": "activate", "cost": {"rest": True}, "effects": [{"op": "mill", "count": 1, "who": "each"}]},
    ]
