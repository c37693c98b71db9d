"""Importing cards linked to what their ability moved, and effects lasting a turn on a moved card
(helper bucket ``v_link``), on real card text (``domain/fow/importer.py``); the engine side is specified
in ``tests/fow/cards/links/test_play_linked_cards_and_turn_effects.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard, _Ctx, _effects, _GapError
from tests.fow.cards.import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


J_OR_RESONATOR = {"kind": "chosen", "filter": {"zone": "field"}}


def test_at_the_end_of_turn_banish_it_names_the_card_put_from_the_hand(imported: dict[str, ImportedCard]) -> None:
    # Wormhole (MOA-020): "When this card enters your field, you may put a resonator from your hand into your
    # field. It gains [Swiftness] until end of turn. At the end of turn, banish it."  ("it": the card put,
    # past the effect that already named it, 9.6 p8)
    assert full(imported, "MOA-020")["abilities"][0] == {
        "kind": "automatic",
        "trigger": "enters_field",
        "effects": [
            {"op": "put_from_hand", "filter": {"zone": "hand", "types": ["resonator"]}},
            {"op": "grant_skill", "skill": "swiftness", "target": {"kind": "same"}, "duration": "end_of_turn"},
            {"op": "delayed", "at": "end_of_turn", "effects": [{"op": "banish", "target": {"kind": "same"}}]},
        ],
    }


def test_remove_up_to_two_cards_in_your_graveyard_then_damage_per_their_total_cost(
    imported: dict[str, ImportedCard],
) -> None:
    # Keeper of the Past, Urthr (TMS-024): "When this card enters your field, you may remove up to two cards in
    # your graveyard from the game. If you do, it deals 200 damage multiplied by the combined total cost of
    # the cards removed this way to target J/resonator."  ("you may": choosing none, 10.13 p1; "it": this
    # card, since "two cards" are never "it")
    assert full(imported, "TMS-024")["abilities"][0] == {
        "kind": "automatic",
        "trigger": "enters_field",
        "effects": [
            {"op": "remove_from_game", "from_graveyard": 2, "up_to": True},
            {
                "op": "if",
                "condition": {"kind": "did"},
                "effects": [{"op": "deal_damage", "amount": 200, "target": J_OR_RESONATOR, "per_cost_removed": True}],
            },
        ],
    }


def test_cards_removed_this_way_need_a_removal_before() -> None:
    ctx = _Ctx("X", "resonator", None, frozenset(), None)
    with pytest.raises(_GapError):  # nothing was removed: "the cards removed this way" names nothing
        _effects("Draw a card. This card deals 200 damage multiplied by the combined total cost of the cards "
                 "removed this way to target J/resonator.", ctx)  # fmt: skip


def test_if_it_would_leave_your_field_this_turn_remove_it_instead(imported: dict[str, ImportedCard]) -> None:
    # Black Moon (MPR-077): "[Continuous]: At the beginning of your main phase, put target Cthulhu non-spell
    # card from your graveyard into your field. It gains [Swiftness] until end of turn. If it would leave
    # your field this turn, remove it from the game instead. At the end of turn, remove it from the game."
    effects = full(imported, "MPR-077")["abilities"][0]["effects"]
    assert effects[1:] == [
        {"op": "grant_skill", "skill": "swiftness", "target": {"kind": "same"}, "duration": "end_of_turn"},
        {"op": "remove_instead", "target": {"kind": "same"}, "leaving": "field"},
        {"op": "delayed", "at": "end_of_turn", "effects": [{"op": "remove_from_game", "target": {"kind": "same"}}]},
    ]
    assert effects[0]["op"] == "put_into_field" and effects[0]["target"]["filter"]["races"] == ["Cthulhu"]


def test_if_its_a_j_ruler_it_loses_imperishable_if_its_a_resonator_it_is_removed_instead(
    imported: dict[str, ImportedCard],
) -> None:
    # Burn to Cinders (TTW-021): "This card deals 700 damage to target J/resonator. If it's a J-Ruler, it loses
    # [Imperishable] until end of turn. If it's a resonator and it would be put into a graveyard from a field
    # this turn, remove it from game instead."  (checked on resolution, 9.3 p3; a replacement, 9.10 p1)
    assert full(imported, "TTW-021")["effects"] == [
        {"op": "deal_damage", "amount": 700, "target": J_OR_RESONATOR},
        {
            "op": "if",
            "condition": {"kind": "target_is", "filter": {"zone": "field", "types": ["j_ruler"]}},
            "effects": [{"op": "lose_skill", "skill": "imperishable", "target": {"kind": "same"}}],
        },
        {
            "op": "if",
            "condition": {"kind": "target_is", "filter": {"zone": "field", "types": ["resonator"]}},
            "effects": [{"op": "remove_instead", "target": {"kind": "same"}, "leaving": "field_to_graveyard"}],
        },
    ]


def test_remove_instead_needs_an_it() -> None:
    ctx = _Ctx("X", "spell", "chant", frozenset(), None)
    with pytest.raises(_GapError):  # no object named before: "it" is nothing
        _effects("Draw a card. If it would leave your field this turn, remove it from the game instead.", ctx)


REMOVED_BY_THIS = {"zone": "removed", "types": [], "removed_by_source": True}


def test_resonators_removed_from_the_game_by_this_card(imported: dict[str, ImportedCard]) -> None:
    # Cottage of Cakes (CMF-062): "[Continuous]: "Hansel" and "Gretel" you control cannot be targeted by spells
    # or abilities you opponent controls.  [Activate] Pay {G},{Rest}: Remove target resonator you control from
    # the game.  [Activate] Pay {G},{Rest}, banish this card: Return all resonators removed from the game by
    # this card into your field."  ("you opponent": a misprint; names are exact names, 2.2)
    abilities = full(imported, "CMF-062")["abilities"]
    assert abilities[0] == {
        "kind": "continuous",
        "affects": {
            "kind": "all",
            "filter": {"zone": "field", "types": [], "names": ["Hansel", "Gretel"], "controller": "you",
                       "playground": True},
        },
        "rules": {"cannot_be_targeted_by_opponent": True},
    }  # fmt: skip
    assert abilities[2]["effects"] == [
        {"op": "put_into_field", "target": {"kind": "all", "filter": {**REMOVED_BY_THIS, "types": ["resonator"]}}}
    ]
    assert abilities[2]["cost"]["banish_self"] is True


def test_those_removed_cards_and_for_each_card_removed_by_this_card(imported: dict[str, ImportedCard]) -> None:
    # Izanagi, Keeper of the Seal (TMS-005): "When this card enters your field, you may remove up to three target
    # resonators and/or regalia your opponent controls from the game.  When this card leaves your field for a
    # non-field zone, put those removed cards into their owner's hands.  This card gains [+300/+300] for each
    # card in all removed areas that was removed by this card."  ("and/or" of types: any of them)
    enter, leave, gains = full(imported, "TMS-005")["abilities"]
    target = {"zone": "field", "types": ["resonator", "regalia"], "controller": "opponent"}
    assert enter["effects"] == [
        {
            "op": "may",
            "effects": [
                {"op": "remove_from_game", "target": {"kind": "chosen", "filter": target, "count": 3, "up_to": True}}
            ],
        }
    ]
    assert leave == {
        "kind": "automatic",
        "trigger": "leaves_field",
        "effects": [{"op": "return_to_hand", "target": {"kind": "all", "filter": REMOVED_BY_THIS}}],
    }
    assert gains == {"kind": "continuous", "modify_atk": 300, "modify_def": 300, "per": {"filter": REMOVED_BY_THIS}}


def test_the_resonator_put_into_your_field_by_this_card(imported: dict[str, ImportedCard]) -> None:
    # Book of Eibon (MOA-042): "When this card enters field, put target resonator from a graveyard into your
    # field.  When this card leaves your field, banish the resonator put into your field by this card."
    # ("a graveyard": any player's; "leaves your field": to any other zone)
    assert full(imported, "MOA-042")["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "enters_field",
            "effects": [
                {
                    "op": "put_into_field",
                    "target": {
                        "kind": "chosen",
                        "filter": {"zone": "graveyard", "types": ["resonator"], "controller": "any"},
                    },
                }
            ],
        },
        {
            "kind": "automatic",
            "trigger": "leaves_field",
            "effects": [
                {
                    "op": "banish",
                    "target": {
                        "kind": "all",
                        "filter": {"zone": "field", "types": ["resonator"], "put_by_source": True},
                    },
                }
            ],
        },
    ]


def test_a_resonator_dealt_damage_by_added_j_resonator_is_removed_instead(imported: dict[str, ImportedCard]) -> None:
    # Ragnarok, the Divine Sword of Savior (MPR-011): "[Continuous]: If a resonator dealt damage by added
    # J/resonator would be put into a graveyard this turn, remove that resonator from the game and you gain
    # life equal to its DEF instead." (9.10 p1)
    assert full(imported, "MPR-011")["abilities"][1] == {
        "kind": "replacement",
        "replaces": "damaged_by_host_to_graveyard",
        "instead": "remove_gain_def",
    }


def test_face_down_removal_and_a_card_removed_by_this_card(imported: dict[str, ImportedCard]) -> None:
    # Pandora's Box of Hope (MOA-007): "At the beginning of your main phase, remove the top card of your main
    # deck from the game face down. You may look at that card at any time.  Banish this card: Put a resonator
    # or [Addition:Field] card removed by this card into your field rested."  (its owner sees it, 3.12 p2.1)
    trigger, banish = full(imported, "MOA-007")["abilities"]
    assert trigger["effects"] == [{"op": "mill", "count": 1, "who": "you", "to": "removed", "face_down": True}]
    linked = {"zone": "removed", "removed_by_source": True}
    assert banish == {
        "kind": "activate",
        "cost": {"banish_self": True},
        "effects": [
            {
                "op": "put_into_field",
                "chosen_from": {
                    "zone": "removed",
                    "types": [],
                    "any_of": [
                        {**linked, "types": ["resonator"]},
                        {**linked, "types": ["addition"], "subtypes": ["field"]},
                    ],
                },
                "rested": True,
            }
        ],
    }
