"""Importing target filters of real Grimm/Alice cards:

* "that dealt damage this turn": a ``has_dealt_damage`` filter (the object dealt damage this
  turn, as the same object, FoW-5.5 3.1 p3), beside "that was dealt damage this turn"
  (``dealt_damage``);
* "Target player cannot play normal spells and summon spells until end of turn": a ``restrict``
  effect on a player (a resonator played is a summon spell, any other card a normal spell,
  FoW-5.5 3.13 p3);
* "Target Gorgon gains [+200/0] until end of turn": a race without a card type is a ``playground``
  filter (a ruler in a ruler area too, 2.5 p4, which has no ATK/DEF to change);
* "Recover this card and it gains [+400/0] until end of turn": two effects on the source card.

The engine side is in ``tests/fow/cards/targets/test_play_dealt_damage_and_player_restrictions.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.fow.cards.import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def test_target_resonator_your_opponent_controls_that_dealt_damage_this_turn(
    imported: dict[str, ImportedCard],
) -> None:
    # Underground Dragger (SKL-081): "When this card enters your field from a chant-standby area,
    # destroy target resonator your opponent controls that dealt damage this turn."
    [entered] = full(imported, "SKL-081")["abilities"]
    assert entered["trigger"] == "enters_field_from_standby"
    assert entered["effects"] == [
        {
            "op": "destroy",
            "target": {
                "kind": "chosen",
                "filter": {"zone": "field", "types": ["resonator"], "controller": "opponent", "has_dealt_damage": True},
            },
        }
    ]


@pytest.mark.parametrize("card_id", ["CMF-071", "VIN001-054"])
def test_target_player_cannot_play_normal_spells_and_summon_spells(
    imported: dict[str, ImportedCard], card_id: str
) -> None:
    # Law of Silence (CMF-071): "Target player cannot play normal spells and summon spells until
    # end of turn."  (VIN001-054: "... normal spells or summon spells ...")
    assert full(imported, card_id)["effects"] == [
        {
            "op": "restrict",
            "target": {"kind": "chosen", "players_only": True},
            "rules": ["cannot_play_normal_spells", "cannot_play_summon_spells"],
        }
    ]


@pytest.mark.parametrize(("card_id", "atk", "def_"), [("SKL-038", 200, 0), ("NDR-101", 200, 200)])
def test_target_race_gains_until_end_of_turn(
    imported: dict[str, ImportedCard], card_id: str, atk: int, def_: int
) -> None:
    # Euryale, the Dark Eye of Blindness (SKL-038): "{U}: Target Gorgon gains [+200/0] until end of
    # turn."  Magic Stone of Adventure (NDR-101): "{Rest}, {G}: Target Mimi Tribe gains
    # [+200/+200] until end of turn."  A race without a card type: a ruler in a ruler area is a
    # legal target too (2.5 p4); it has no ATK/DEF to change.
    race = {"SKL-038": "Gorgon", "NDR-101": "Mimi Tribe"}[card_id]
    [effect] = full(imported, card_id)["abilities"][1]["effects"]
    assert effect == {
        "op": "modify",
        "atk": atk,
        "def": def_,
        "target": {
            "kind": "chosen",
            "filter": {"zone": "field", "types": [], "races": [race], "playground": True},
        },
        "duration": "end_of_turn",
    }


def test_target_dragon_gains_swiftness(imported: dict[str, ImportedCard]) -> None:
    # Magic Stone of the Hermit (NDR-108): "{Rest}, banish this card: Target Dragon gains
    # [Swiftness] until end of turn."
    [effect] = full(imported, "NDR-108")["abilities"][1]["effects"]
    assert effect == {
        "op": "grant_skill",
        "skill": "swiftness",
        "target": {
            "kind": "chosen",
            "filter": {"zone": "field", "types": [], "races": ["Dragon"], "playground": True},
        },
        "duration": "end_of_turn",
    }


@pytest.mark.parametrize(("card_id", "atk"), [("TTW-083", 400), ("WOM-033", 300)])
def test_recover_this_card_and_it_gains(imported: dict[str, ImportedCard], card_id: str, atk: int) -> None:
    # Elisabeth, Shadow Princess of Blood (TTW-083): "..., recover this card and it gains [+400/0]
    # until end of turn."  WOM-033: "When this card blocks ⇒ Recover it and it gains [+300/0] until
    # end of turn."  Two effects on the source card, in order.
    [ability] = full(imported, card_id)["abilities"]
    assert ability["effects"] == [
        {"op": "recover", "target": {"kind": "self"}},
        {"op": "modify", "atk": atk, "def": 0, "target": {"kind": "self"}, "duration": "end_of_turn"},
    ]
