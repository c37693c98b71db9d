"""Importing moves between zones and variable amounts of real Grimm/Alice cards: the real card
text and the declarative form it must become (``domain/fow/importer.py``); the engine side is
specified in ``tests/fow/cards/moves/test_play_mutual_damage_and_zone_moves.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.fow.cards.import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def _j_resonator(controller: str) -> dict[str, object]:
    return {"kind": "chosen", "filter": {"zone": "field", "controller": controller}}


# --- "deal damage equal to their ATK to each other" (FoW-5.5 10.6) ----------------------------


def test_two_targets_deal_damage_to_each_other(imported: dict[str, ImportedCard]) -> None:
    # Battle for Attoractia (BFA-017): "Target J/resonator you control and target J/resonator your
    # opponent controls deal damage equal to their ATK to each other."
    fight = {"op": "fight", "target": _j_resonator("you"), "other": _j_resonator("opponent")}
    assert full(imported, "BFA-017")["effects"] == [fight]
    # Duel of Truth (TAT-024): the same, misprinted "your opponent control"
    assert full(imported, "TAT-024")["effects"] == [fight]


def test_that_card_and_a_target_deal_damage_to_each_other(imported: dict[str, ImportedCard]) -> None:
    # The Beast Queen's Counterattack (TTW-068): "Target J/resonator you control gains [+400/+400]
    # until end of turn. Then that card and target J/resonator your opponent controls deal damage
    # equal to their ATK to each other."
    assert full(imported, "TTW-068")["effects"] == [
        {"op": "modify", "atk": 400, "def": 400, "target": _j_resonator("you"), "duration": "end_of_turn"},
        {"op": "fight", "target": {"kind": "same"}, "other": _j_resonator("opponent")},
    ]


def test_this_card_and_a_target_deal_damage_to_each_other(imported: dict[str, ImportedCard]) -> None:
    # Slayer of the Overlord, Pricia (BFA-079): "When this card enters your field, this card and
    # target J/resonator your opponent controls deal damage equal to their ATK to each other."
    enter = full(imported, "BFA-079")["abilities"][0]
    assert (enter["trigger"], enter["effects"]) == (
        "enters_field",
        [{"op": "fight", "target": {"kind": "self"}, "other": _j_resonator("opponent")}],
    )


def test_a_j_resonator_chosen_on_resolution_is_no_target(imported: dict[str, ImportedCard]) -> None:
    # Kujata, Sacred Ox (TMS-058): "... this and a J/resonator your opponent controls deal damage
    # equal to their ATK to each other": not a target (chosen as it resolves): a ``versus`` filter,
    # no target group (tests/fow/cards/targets/test_import_filters_and_variable_amounts.py)
    [fight] = full(imported, "TMS-058")["abilities"][1]["effects"]
    assert fight["op"] == "fight" and "other" not in fight and fight["versus"]["controller"] == "opponent"


# --- "put it into its owner's hand / field" on the card's own move (3.1 p3) ------------------------


def test_put_it_into_its_owners_hand(imported: dict[str, ImportedCard]) -> None:
    # Rhythm of Life (TMS-061): "When this card is put into a graveyard from your field, put it into
    # its owner's hand."
    ability = full(imported, "TMS-061")["abilities"][1]
    assert (ability["trigger"], ability["effects"]) == (
        "put_into_graveyard_from_field",
        [{"op": "return_to_hand", "target": {"kind": "self"}}],
    )


def test_if_you_pay_it_is_still_the_card_itself(imported: dict[str, ImportedCard]) -> None:
    # Rasputin (VIN001-070): "When this card is put into a graveyard from your field, you may pay
    # 200 life. If you do, put it into its owner's hand."  Paying names no object: "it" is this card
    assert full(imported, "VIN001-070")["abilities"][0]["effects"] == [
        {"op": "may", "effects": [{"op": "pay", "life": 200}]},
        {"op": "if", "condition": {"kind": "did"}, "effects": [{"op": "return_to_hand", "target": {"kind": "self"}}]},
    ]


def test_put_this_card_into_its_owners_field(imported: dict[str, ImportedCard]) -> None:
    # Phoenix, the Flame of the World (TTW-031): "When this card is put into a graveyard from your
    # field, you may pay {R}{R}. If you do, put this card into its owner's field."
    effects = full(imported, "TTW-031")["abilities"][1]["effects"]
    assert effects[1]["effects"] == [{"op": "put_into_field", "target": {"kind": "self"}, "owners_field": True}]


# --- searching a deck: on top of it, or into the magic stone area (10.13, 10.20) -------------------


def test_search_and_put_that_card_on_top(imported: dict[str, ImportedCard]) -> None:
    # Nostradamus (VIN001-069): "When this card enters your field, search your main deck for a card.
    # Then shuffle the rest of your main deck and put that card on top of it."
    assert full(imported, "VIN001-069")["abilities"][0]["effects"] == [{"op": "search", "to": "top"}]
    # Gardea, the Guardian Dragon of Heaven (TAT-061): "[Enter]: Search your magic stone deck for a
    # card. Then, shuffle the rest of your magic stone deck and put that card on top of it."
    assert full(imported, "TAT-061")["abilities"][0]["effects"] == [{"op": "search", "to": "top", "deck": "stone_deck"}]


def test_search_the_magic_stone_deck_into_the_magic_stone_area(imported: dict[str, ImportedCard]) -> None:
    # Blessing of Yggdrasil (SKL-053): "Search your magic stone deck for a card and put it into your
    # magic stone area rested. Then shuffle your magic stone deck."
    assert full(imported, "SKL-053")["effects"] == [
        {"op": "search", "to": "stone_area", "deck": "stone_deck", "rested": True}
    ]


# --- amounts of damage dealt this turn ---------------------------------------------------------


def test_x_is_the_damage_it_dealt_this_turn(imported: dict[str, ImportedCard]) -> None:
    # Crime and Punishment (MPR-026, VIN001-019): "This card deals X damage to target J/resonator,
    # where X is the damage it dealt this turn."
    effect = {"op": "deal_damage", "amount": 0, "target": {"kind": "chosen", "filter": {"zone": "field"}}}
    for card_id in ("MPR-026", "VIN001-019"):
        assert full(imported, card_id)["effects"] == [{**effect, "dealt_by_target": True}]


def test_life_equal_to_the_damage_dealt_to_you_this_turn(imported: dict[str, ImportedCard]) -> None:
    # Lumia, the Saint Lady of World Rebirth (MOA-005): "Banish this card: You gain life equal to the
    # damage that was dealt to you this turn."
    ability = full(imported, "MOA-005")["abilities"][0]
    assert (ability["cost"], ability["effects"]) == (
        {"banish_self": True},
        [{"op": "gain_life", "amount": 0, "who": "you", "dealt_to_you": True}],
    )


def test_produce_will_for_each(imported: dict[str, ImportedCard]) -> None:
    # Aramis, the Three Musketeers (CMF-059): "[Enter]: Produce {G} for each Musketeer resonator you
    # control."
    musketeers = {"filter": {"zone": "field", "types": ["resonator"], "controller": "you", "races": ["Musketeer"]}}
    assert full(imported, "CMF-059")["abilities"][0]["effects"] == [
        {"op": "produce_will", "will": ["G"], "per": musketeers}
    ]
    # a will ability produces a fixed will (9.7 p1): "{Rest}: Produce {G} for each magic
    # counter on this card." (CFC-059) is not expressed
    assert imported["CFC-059"].status != "full"


def test_gain_life_equal_to_its_def_after_destroying_it(imported: dict[str, ImportedCard]) -> None:
    # Vlad Tepes [J-Ruler] (VIN001-075J): "When this card enters your field, destroy target resonator
    # with total cost 3 or less. You gain life equal to its DEF."  "its": the destroyed resonator
    target = {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"], "max_total_cost": 3}}
    assert full(imported, "VIN001-075J")["abilities"][0]["effects"] == [
        {"op": "destroy", "target": target},
        {"op": "gain_life", "amount": 0, "who": "you", "equal_to": "def", "of_same": True},
    ]
