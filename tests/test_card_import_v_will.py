"""Importing will that may be spent only on some things (helper bucket ``v_will``), on real card text
(``domain/fow/importer.py``); the engine side is specified in ``tests/test_fow_real_v_will.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.card_import_support import full, imported_database

FIVE = ["W", "R", "U", "G", "B"]


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def test_spend_that_will_only_to_play_fairy_resonators(imported: dict[str, ImportedCard]) -> None:
    # Excalibur, the Spirit God's Sword (TTW-098): "{Rest}: Produce {W}, {R}, {U}, {G}, or {B}. Spend that
    # will only to play Fairy resonators." - the will pays only for a Fairy resonator as it is played, in
    # the chase area (FoW-5.5 9.3 p2.2; the text beats 10.2 p2, 1.4 p1)
    assert full(imported, "TTW-098")["abilities"][2] == {
        "kind": "activate",
        "cost": {"rest": True},
        "effects": [
            {
                "op": "produce_will",
                "any_of": FIVE,
                "spend_only": {"zone": "chase", "types": ["resonator"], "races": ["Fairy"]},
            }
        ],
    }


def test_two_wills_in_any_combination_for_dragons_only(imported: dict[str, ImportedCard]) -> None:
    # Spawn of Blazer (MPR-033): "[Activate] Banish this card: Produce two wills in any combination of
    # attributes. Spend this will only to play Dragons." - "Dragons": cards of that race, any type (2.5 p4)
    assert full(imported, "MPR-033")["abilities"] == [
        {
            "kind": "activate",
            "cost": {"banish_self": True},
            "effects": [
                {
                    "op": "produce_will",
                    "any_of": FIVE,
                    "any_count": 2,
                    "spend_only": {"zone": "chase", "types": [], "races": ["Dragon"]},
                }
            ],
        }
    ]


def test_four_sacred_beasts_cards_restriction_is_read(imported: dict[str, ImportedCard]) -> None:
    # Horn of Sacred Beasts (SKL-099): "{Rest}: Produce {1}. Spend this will only to play Four Sacred Beasts
    # cards." is read; its second paragraph ("If it's "Pricia, ...", it gains [Imperishable]") is not
    horn = imported["SKL-099"]
    assert horn.card is not None
    [produce] = horn.card.abilities[0].effects
    beasts = {"zone": "chase", "types": [], "races": ["Four Sacred Beasts"]}
    assert produce.model_dump(mode="json", exclude_defaults=True) == {"will": ["V"], "spend_only": beasts}
    assert horn.gaps == ("effect: It gains [Imperishable].",)


def test_other_spending_restrictions_stay_gaps(imported: dict[str, ImportedCard]) -> None:
    # "Spend this will only to pay [Awakening] costs or to play [Judgment] or God's Art abilities ..."
    # (TMS-094) names no card to play: the vocabulary cannot say it, so the paragraph stays unsupported
    apollo = imported["TMS-094"]
    assert apollo.status == "partial"
    assert any("Spend that will only to pay [Awakening] costs" in g for g in apollo.gaps)


def test_at_the_beginning_of_the_game(imported: dict[str, ImportedCard]) -> None:
    # Liberator of Wind (MPR-064): "At the beginning of the game, search your magic stone deck for a
    # card.Then, shuffle the rest of your magic stone deck and put that card on top of it." - a trigger
    # condition of the first turn's draw phase (FoW-5.5 5.1 p1); the search puts the card on top (10.20 p2.1)
    assert full(imported, "MPR-064")["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "beginning_of_game",
            "effects": [{"op": "search", "to": "top", "deck": "stone_deck"}],
        }
    ]


def test_magic_stones_gain_a_will_ability_and_recover_up_to_two(imported: dict[str, ImportedCard]) -> None:
    # Rewriting Laws (TTW-064): 'Magic stones you control gain "{Rest}: Produce {W}, {R}, {U}, {G}, or {B}"
    # until end of turn. Recover up to two magic stones you control. Draw a card.' - every stone you
    # control gains the ability (10.19 p1, 9.9 p4); "up to two ... you control" is no target: chosen as the
    # effect resolves (9.3 p3.2)
    stones = {"kind": "all", "filter": {"zone": "stone_area", "types": ["magic_stone"], "controller": "you"}}
    will = {
        "kind": "activate",
        "text": "{Rest}: Produce {W}, {R}, {U}, {G}, or {B}",
        "cost": {"rest": True},
        "effects": [{"op": "produce_will", "any_of": FIVE}],
    }
    assert full(imported, "TTW-064")["effects"] == [
        {"op": "grant_abilities", "abilities": [will], "target": stones},
        {"op": "recover", "target": stones, "up_to": 2},
        {"op": "draw", "count": 1, "who": "you"},
    ]
