"""Importing replacement effects of damage (helper bucket ``v_dmg``), on real card text
(``domain/fow/importer.py``); the engine side is specified in ``test_play_replacements_and_redirection.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard, _continuous, _Ctx, _GapError
from tests.fow.cards.import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def test_damage_to_a_named_card_you_control_is_dealt_to_this_card_instead(imported: dict[str, ImportedCard]) -> None:
    # Card Soldier "Heart" (TAT-022): "[Continuous]: If damage would be dealt to a "Queen of Hearts" you
    # control, it's dealt to this card instead." (FoW-5.5 9.10 p1; a J/resonator of that name, 2.2)
    assert full(imported, "TAT-022")["abilities"] == [
        {
            "kind": "replacement",
            "affects": {
                "kind": "all",
                "filter": {"zone": "field", "types": [], "controller": "you", "name": "Queen of Hearts"},
            },
            "replaces": "self_damaged",
            "instead": "redirect",
        }
    ]


def test_maurits_protects_cordelia_and_takes_her_damage(imported: dict[str, ImportedCard]) -> None:
    # Maurits von Borg (VIN002-040): the untargetability it had, and "If damage would be dealt to a
    # "Cordelia Gi Randgriz" you control, it's dealt to this card instead."
    abilities = full(imported, "VIN002-040")["abilities"]
    assert abilities[0]["rules"] == {"cannot_be_targeted_by_opponent": True}
    assert abilities[1] == {
        "kind": "replacement",
        "affects": {
            "kind": "all",
            "filter": {"zone": "field", "types": [], "controller": "you", "name": "Cordelia Gi Randgriz"},
        },
        "replaces": "self_damaged",
        "instead": "redirect",
    }


def test_damage_to_you_is_dealt_to_this_card_instead(imported: dict[str, ImportedCard]) -> None:
    # Avatar of the Seven Lands, Alice (TMS-053): "[Target Attack] / [Quickcast] / If damage would be dealt
    # to you, it's dealt to this card instead."
    card = full(imported, "TMS-053")
    assert card["skills"] == ["target_attack", "quickcast"]
    assert card["abilities"] == [
        {"kind": "replacement", "affects": {"kind": "you"}, "replaces": "self_damaged", "instead": "redirect"}
    ]


def test_this_card_deals_double_damage_to_your_opponent_or_to_a_resonator(imported: dict[str, ImportedCard]) -> None:
    # Beowulf, the Blazing Wolf (TAT-019): "[Continuous]: If this card would deal damage to your opponent or
    # to a resonator, it deals double that much instead." (9.10 p1)
    assert full(imported, "TAT-019")["abilities"] == [
        {
            "kind": "replacement",
            "replaces": "deals_damage",
            "instead": "deal_double",
            "damage_to": ["opponent", "resonator"],
        }
    ]


def test_an_addition_has_no_def_to_be_dealt_damage_instead() -> None:
    # an addition cannot be dealt damage (10.6 p4): "dealt to this card instead" stays unsupported there
    ctx = _Ctx("X", "addition", "field", frozenset(), None)
    with pytest.raises(_GapError):
        _continuous("x", "If damage would be dealt to you, it's dealt to this card instead.", ctx)


def test_the_next_damage_this_card_would_deal_is_dealt_to_you_if_the_revealed_cost_is_even(
    imported: dict[str, ImportedCard],
) -> None:
    # March Hare (TAT-047): "[Continuous]: Whenever this card attacks, reveal the top card of your main deck.
    # If its total cost is even, the next damage this card would deal this turn is dealt to you instead."
    # (10.4 p1; 9.10 p1) - no "Otherwise": nothing else happens
    assert full(imported, "TAT-047")["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "attacks",
            "effects": [
                {"op": "reveal_top", "then": "stay"},
                {
                    "op": "if",
                    "condition": {
                        "kind": "top_card",
                        "filter": {"zone": "main_deck", "types": [], "total_cost_parity": "even"},
                    },
                    "effects": [{"op": "redirect_dealt", "target": {"kind": "self"}}],
                    "otherwise": [],
                },
            ],
        }
    ]


def test_a_chant_standby_triggered_by_playing_a_chant_makes_target_spell_deal_more(
    imported: dict[str, ImportedCard],
) -> None:
    # Memory of Flame (TMS-027): "[Trigger] When you play a [Spell:Chant] or [Spell:Chant-Instant] card: If
    # target [Spell:Chant] or [Spell:Chant-Instant] spell would deal damage, it deals that much +600
    # instead." (7.9 p2; a spell in the chase area, 3.13 p3; 9.10 p1) - the colons in the brackets are no
    # end of the trigger condition
    card = full(imported, "TMS-027")
    assert card["trigger"] == "you_play_chant"
    assert card["effects"] == [
        {
            "op": "deal_more",
            "extra": 600,
            "target": {
                "kind": "chosen",
                "filter": {"zone": "chase", "types": ["spell"], "subtypes": ["chant", "chant_instant"]},
            },
        }
    ]


def test_each_turn_prevent_the_first_damage_and_an_awakened_enter(imported: dict[str, ImportedCard]) -> None:
    # Jeanne d'Arc, the Awakening Purity (TAT-006): "[Continuous]: Each turn, prevent the first damage that
    # would be dealt to a Fantasy or Human J/resonator you control." / "[Awakening] {W}: [Enter]: You may put
    # a nonspell Fantasy Card from your hand into your field." ("nonspell": any other card type, 2.1)
    card = full(imported, "TAT-006")
    assert card["abilities"] == [
        {
            "kind": "replacement",
            "affects": {"kind": "all", "filter": {"zone": "field", "controller": "you", "races": ["Fantasy", "Human"]}},
            "replaces": "self_damaged",
            "instead": "prevent",
            "first_each_turn": True,
        }
    ]
    assert card["awakening"]["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "enter",
            "effects": [
                {
                    "op": "put_from_hand",
                    "filter": {
                        "zone": "hand",
                        "types": ["ruler", "j_ruler", "resonator", "addition", "regalia", "magic_stone"],
                        "races": ["Fantasy"],
                    },
                }
            ],
        }
    ]


def test_increases_double_and_decreases_none_of_resonators_you_control(imported: dict[str, ImportedCard]) -> None:
    # Little Red, the True Fairy Tale (TAT-057J): "[Continuous]: If a spell or ability would increase ATK or
    # DEF of resonators you control, it increases double that much instead." / "... would decrease ATK or
    # DEF of resonators you control, it decreases none instead." (9.10 p1)
    covered = {"kind": "all", "filter": {"zone": "field", "types": ["resonator"], "controller": "you"}}
    assert full(imported, "TAT-057J")["abilities"][1:] == [
        {"kind": "continuous", "affects": covered, "doubles_increases": True},
        {"kind": "continuous", "affects": covered, "no_decreases": True},
    ]


def test_this_cards_increases_double_and_any_number_of_attributes(imported: dict[str, ImportedCard]) -> None:
    # Pricia, Beast Queen in Hiding (TTW-062): "If a spell or ability would increase this card's ATK or DEF,
    # it increases by double that much instead." / "{G}: Choose any number of attributes. This card becomes
    # those attributes until end of turn."
    abilities = full(imported, "TTW-062")["abilities"]
    assert abilities[1:] == [
        {"kind": "continuous", "doubles_increases": True},
        {
            "kind": "activate",
            "cost": {"will": {"attribute": {"G": 1}, "free": 0}},
            "effects": [{"op": "become_attribute", "target": {"kind": "self"}, "any_number": True}],
        },
    ]


def test_an_increase_that_is_none_instead_is_no_vocabulary() -> None:
    # "increase ..., it increases none instead" is not what the grammar reads
    ctx = _Ctx("X", "resonator", None, frozenset(), None)
    with pytest.raises(_GapError):
        _continuous("x", "If a spell or ability would increase this card's ATK or DEF, it increases none instead.", ctx)


def test_an_awakened_prevention_of_that_resonators_next_damage_puts_counters(imported: dict[str, ImportedCard]) -> None:
    # Kaguya's Premonition (TMS-006): "Target resonator gains [+200/+400] until end of turn." / "[Awakening]
    # {M}: Prevent the next damage that would be dealt to that resonator this turn. For each 100 damage
    # prevented this way, put a [+100/+100] counter on it." ("that resonator": the spell's target, 9.3 p2.4)
    card = full(imported, "TMS-006")
    assert card["awakening"]["effects"] == [
        {"op": "prevent_damage", "target": {"kind": "same"}, "next": True, "counter_per_100": "+100/+100"}
    ]
