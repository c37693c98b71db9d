"""Importing will that may be spent only on some things (helper bucket ``v_will``), on real card text
(``domain/fow/importer.py``); the engine side is specified in ``tests/fow/cards/will/test_play_restricted_will.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.fow.cards.import_support import full, imported_database

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
                "spend_only": [{"on": "play", "filter": {"zone": "chase", "types": ["resonator"], "races": ["Fairy"]}}],
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
                    "spend_only": [{"on": "play", "filter": {"zone": "chase", "types": [], "races": ["Dragon"]}}],
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
    beasts = [{"on": "play", "filter": {"zone": "chase", "types": [], "races": ["Four Sacred Beasts"]}}]
    assert produce.model_dump(mode="json", exclude_unset=True) == {
        "op": "produce_will",
        "will": ["V"],
        "spend_only": beasts,
    }
    assert horn.gaps == ("effect: It gains [Imperishable].",)


def test_spend_only_on_awakening_costs_and_judgment_or_gods_art_of_kaguya(imported: dict[str, ImportedCard]) -> None:
    # Interdimensional Vessel, Apollo (TMS-094): "{Rest}: Produce {M}. Spend this will only to pay [Awakening]
    # costs or to play [Judgment] or God's Art abilities of J/rulers with "Kaguya" in their name." - three
    # uses: any card's [Awakening] cost (12.1), the [Judgment] (7.5) or a God's Art (12.4) of a ruler or
    # J-ruler with that part of a name (2.2 p3)
    kaguya = {"zone": "ruler_area", "types": ["ruler", "j_ruler"], "name_contains": "Kaguya"}
    assert full(imported, "TMS-094")["abilities"][1] == {
        "kind": "activate",
        "cost": {"rest": True},
        "effects": [
            {
                "op": "produce_will",
                "will": ["M"],
                "spend_only": [
                    {"on": "awakening", "filter": {"zone": "chase", "types": []}},
                    {"on": "judgment", "filter": kaguya},
                    {"on": "gods_art", "filter": kaguya},
                ],
            }
        ],
    }


def test_a_list_of_named_uses_stays_a_gap(imported: dict[str, ImportedCard]) -> None:
    # Illusory Demonic Globe, The Earth (TMS-093): "... Spend this will only to play activate abilities of
    # J/resonators, [Judgment] abilities of "Conqueror of the Black Moon, Gill Lapis" or God's Art abilities
    # of "Gill Lapis, the Primogenitor"." - a list whose names hold commas: not read
    globe = imported["TMS-093"]
    assert any(g.startswith("effect: Spend that will only to play activate abilities") for g in globe.gaps)


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
