"""Importing target filters of real Grimm/Alice cards:

* "that dealt damage this turn": a ``has_dealt_damage`` filter (the object dealt damage this
  turn, as the same object, FoW-5.5 3.1 p3), beside "that was dealt damage this turn"
  (``dealt_damage``);
* "Target player cannot play normal spells and summon spells until end of turn": a ``restrict``
  effect on a player (a resonator played is a summon spell, any other card a normal spell,
  FoW-5.5 3.13 p3).

The engine side is in ``tests/test_fow_real_s3_tgt.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.card_import_support import full, imported_database


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
