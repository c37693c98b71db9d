"""Importing conditions and branches of real Grimm/Alice cards (helper t1-cond): the real card
text and the declarative form it must become (``domain/fow/importer.py``); the engine side is in
``tests/fow/cards/conditions/test_play_branches_and_otherwise.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.fow.cards.import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def test_reveal_the_top_card_if_its_a_race_put_it_into_your_field(imported: dict[str, ImportedCard]) -> None:
    # Oracle of Tsukuyomi (MOA-028): "When this card is put into your graveyard from your field,
    # reveal the top card of your main deck. If it's a Wererabbit, put it into your field.
    # Otherwise, put it into your graveyard."  A race alone names a card of any type (FoW-5.5 2.5
    # p4); the engine puts into a field only a card that can be there by itself (3.15 p4).
    assert full(imported, "MOA-028")["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "put_into_graveyard_from_field",
            "effects": [
                {
                    "op": "reveal_top",
                    "filter": {"zone": "main_deck", "types": [], "races": ["Wererabbit"]},
                    "then": "field",
                    "otherwise": "graveyard",
                }
            ],
        }
    ]


def test_resonator_with_this_if_its_a_race_otherwise(imported: dict[str, ImportedCard]) -> None:
    # Crucifix (CMF-064): "[Continuous]: Resonator with this gains [-1000/-1000] if its a Vampire.
    # Otherwise it cannot be attacked or targeted by spells or abilities your opponent controls."
    # ("its" misprints "it's"): one ability while the card it is added to is a Vampire, one while
    # it is not (checked all the time, FoW-5.5 9.9 p4)
    assert full(imported, "CMF-064")["abilities"] == [
        {
            "kind": "continuous",
            "affects": {"kind": "host", "filter": {"zone": "field", "types": [], "races": ["Vampire"]}},
            "modify_atk": -1000,
            "modify_def": -1000,
        },
        {
            "kind": "continuous",
            "affects": {"kind": "host", "filter": {"zone": "field", "types": [], "not_races": ["Vampire"]}},
            "rules": {"cannot_be_targeted_by_opponent": True, "cannot_be_attacked": True},
        },
    ]


def test_otherwise_of_a_condition_no_filter_can_turn_around(imported: dict[str, ImportedCard]) -> None:
    # Slipper of Cinderella (CMF-092): "[Continuous]: Resonator with this gains [+600/+600] if it's
    # dark and its printed ATK and DEF is [400/400]. Otherwise, it gains [-400/-400]."  No filter says
    # "not (dark and [400/400])": the "Otherwise" ability holds while the card it is added to does
    # not match (``host_is``, negated; printed information, FoW-5.5 2.6, 2.7, 7.2 p3)
    dark_400 = {"zone": "field", "types": [], "attributes": ["B"], "printed_atk": 400, "printed_def": 400}
    assert full(imported, "CMF-092")["abilities"] == [
        {"kind": "continuous", "affects": {"kind": "host", "filter": dark_400}, "modify_atk": 600, "modify_def": 600},
        {
            "kind": "continuous",
            "modify_atk": -400,
            "modify_def": -400,
            "condition": {"kind": "host_is", "filter": dark_400, "negate": True},
        },
    ]


def test_if_the_resonator_with_this_is_named_it_gains_an_ability(imported: dict[str, ImportedCard]) -> None:
    # Rat Catcher's Pipe (CMF-051): "[Continuous]: If the resonator with this is "Hamelin's Pied
    # Piper", it gains "[Activate] Pay {U}: Recover this card.""  The card it is added to gains it
    # while it has that name (10.19 p1, 9.9 p4); "this card" in the gained ability is that card.
    assert full(imported, "CMF-051")["abilities"][2] == {
        "kind": "continuous",
        "affects": {"kind": "host", "filter": {"zone": "field", "types": [], "name": "Hamelin's Pied Piper"}},
        "grant_abilities": [
            {
                "kind": "activate",
                "text": "[Activate] Pay {U}: Recover this card.",
                "cost": {"will": {"attribute": {"U": 1}, "free": 0}},
                "effects": [{"op": "recover", "target": {"kind": "self"}}],
            }
        ],
    }


def test_reveal_the_top_card_of_your_magic_stone_deck(imported: dict[str, ImportedCard]) -> None:
    # Gretel (CMF-069): "[Enter]: Reveal the top card of your magic stone deck, if it's a wind magic
    # stone, put it into your magic stone area."  "wind magic stone" is a magic stone type (FoW-5.5
    # 2.1 p5.2); another card stays on top of the magic stone deck (10.4 p1)
    assert full(imported, "CMF-069")["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "enter",
            "effects": [
                {
                    "op": "reveal_top",
                    "filter": {"zone": "stone_deck", "types": ["magic_stone"], "stone_types": ["Wind Magic Stone"]},
                    "deck": "stone_deck",
                    "then": "stone_area",
                }
            ],
        }
    ]


def test_a_reveal_of_the_magic_stone_deck_puts_its_card_only_into_the_magic_stone_area() -> None:
    from pydantic import ValidationError

    from domain.fow.cards import RevealTop

    with pytest.raises(ValidationError, match="magic stone area"):
        RevealTop.model_validate({"op": "reveal_top", "deck": "stone_deck", "then": "hand"})
    with pytest.raises(ValidationError, match="magic stone area"):
        RevealTop.model_validate({"op": "reveal_top", "then": "stone_area"})


def test_resonator_with_this_if_it_has_no_printed_abilities(imported: dict[str, ImportedCard]) -> None:
    # Star Money (TAT-052): "[Continuous]: Resonator with this gains [+700/+700] if it has no printed
    # abilities."  The card it is added to gains it while its text gives it no ability (FoW-5.5 2.4)
    assert full(imported, "TAT-052")["abilities"] == [
        {
            "kind": "continuous",
            "affects": {"kind": "host", "filter": {"zone": "field", "types": [], "no_printed_abilities": True}},
            "modify_atk": 700,
            "modify_def": 700,
        }
    ]


def test_for_each_different_total_cost_among_resonators_not_sharing_this_cards(
    imported: dict[str, ImportedCard],
) -> None:
    # The Little Prince (MPR-017): "[Continuous]: This card gains [+400/+400] for each different total
    # cost among resonators you control that don't share this card's total cost." (FoW-5.5 2.3)
    assert full(imported, "MPR-017")["abilities"][0] == {
        "kind": "continuous",
        "modify_atk": 400,
        "modify_def": 400,
        "per": {
            "filter": {"zone": "field", "types": ["resonator"], "controller": "you", "total_cost_unlike_source": True},
            "distinct": "total_costs",
        },
    }


def test_six_or_less_counters_and_a_search_for_total_cost_equal_to_them(imported: dict[str, ImportedCard]) -> None:
    # Book of Genesis (MPR-005): "[Continuous]: At the beginning of your main phase, put a creation
    # counter on this card. Then, if this card has six or less creation counters on it, search your
    # main deck for a resonator with total cost equal to the number of creation counters on this card
    # and put it into your field. Then shuffle your main deck."  "six or less" is "not seven or more";
    # the count is read as the search resolves (FoW-5.5 9.3 p3, 10.13 p2)
    assert full(imported, "MPR-005")["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "beginning_of_main_phase",
            "effects": [
                {"op": "put_counter", "counter": "creation", "target": {"kind": "self"}},
                {
                    "op": "if",
                    "condition": {"kind": "counters", "counter": "creation", "at_least": 7, "negate": True},
                    "effects": [
                        {
                            "op": "search",
                            "filter": {"zone": "main_deck", "types": ["resonator"]},
                            "to": "field",
                            "total_cost_equal_to": {"counter": "creation"},
                            "shuffle": False,
                        }
                    ],
                },
                {"op": "shuffle"},
            ],
        }
    ]


def test_an_awakening_if_instead_replaces_the_spells_effects(imported: dict[str, ImportedCard]) -> None:
    # Apollobreak, the Moon Blast (MPR-092): "Put target resonator on top of its owner's main deck.
    # [Awakening] {M}{M}: If your J/Ruler is "Moon Princess of Stellar Wars" or "Kaguya, the Immortal
    # Princess", put target resonator on the bottom of its owner's main deck and draw a card instead."
    # Awakened (FoW-5.5 12.1) and with that ruler on resolution (9.3 p3): the other effects, on the
    # target chosen once (9.3 p2.4)
    card = full(imported, "MPR-092")
    names = ["Moon Princess of Stellar Wars", "Kaguya, the Immortal Princess"]
    target = {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}}
    assert card["awakening"] == {"cost": {"attribute": {"M": 2}, "free": 0}}
    assert card["effects"] == [
        {
            "op": "if",
            "condition": {
                "kind": "all_of",
                "conditions": [{"kind": "awakened"}, {"kind": "ruler_is", "rulers": names, "j_rulers": names}],
            },
            "effects": [
                {"op": "put_on_main_deck", "target": target, "position": "bottom"},
                {"op": "draw", "count": 1, "who": "you"},
            ],
            "otherwise": [{"op": "put_on_main_deck", "target": target}],
            "same_targets": True,
        }
    ]


@pytest.mark.parametrize("card_id", ["CMF-016", "VIN001-013"])
def test_otherwise_it_gains_cannot_be_targeted_by_race_and_prevent_damage_by_race(
    imported: dict[str, ImportedCard], card_id: str
) -> None:
    # Silver Stake (CMF-016; VIN001-013 says "Added resonator"): "Resonator with this cannot attack or
    # block if it's a Vampire. Otherwise, it gains [+400/+400], it cannot be targeted by Vampire spells
    # or Vampire card's abilities and prevent any damage it would be dealt by Vampires."  One ability
    # per clause; the targeting restriction names the source card of the spell or ability (9.3 p2.4);
    # the prevention is a replacement of the addition for the card it is added to (10.17 p1.2)
    vampire = {"zone": "field", "types": [], "races": ["Vampire"]}
    not_vampire = {"kind": "host", "filter": {"zone": "field", "types": [], "not_races": ["Vampire"]}}
    assert full(imported, card_id)["abilities"][:4] == [
        {
            "kind": "continuous",
            "affects": {"kind": "host", "filter": vampire},
            "rules": {"cannot_attack": True, "cannot_block": True},
        },
        {"kind": "continuous", "affects": not_vampire, "modify_atk": 400, "modify_def": 400},
        {"kind": "continuous", "affects": not_vampire, "untargetable_by": vampire},
        {
            "kind": "replacement",
            "condition": {"kind": "host_is", "filter": vampire, "negate": True},
            "replaces": "self_damaged",
            "instead": "prevent",
            "damage_from": vampire,
        },
    ]


def test_if_you_banished_a_race_in_this_way_instead(imported: dict[str, ImportedCard]) -> None:
    # Voice of the False God (CMF-057): "Banish a resonator you control. If you do, draw two cards. If
    # you banished a Human in this way, draw three cards instead."  What the banish moved is checked
    # on resolution (``that_is``, FoW-5.5 9.3 p3): a non-Human, two cards; a Human, three
    card = full(imported, "CMF-057")
    assert card["effects"] == [
        {"op": "banish", "filter": {"zone": "field", "types": ["resonator"], "controller": "you"}, "who": "you"},
        {
            "op": "if",
            "condition": {"kind": "that_is", "filter": {"zone": "field", "types": [], "not_races": ["Human"]}},
            "effects": [{"op": "draw", "count": 2, "who": "you"}],
        },
        {
            "op": "if",
            "condition": {"kind": "that_is", "filter": {"zone": "field", "types": [], "races": ["Human"]}},
            "effects": [{"op": "draw", "count": 3, "who": "you"}],
        },
    ]
