"""Importing target phrases and restrictions of real Grimm/Alice cards (stop 15, t5-tgt):

* "Recover all Fairies you control": a race without a card type names a ruler in the ruler area
  too (FoW-5.5 2.5 p4); rest and recover act on any playground card (10.12 p1), so the filter is
  a ``playground`` one;
* "a card names "Excalibur, the Spirit God's Sword"": a misprint of "named" in a search;
* "Thi card loses all abilities": a misprint of "This card"; "You cannot play this ability if you
  don't control X": the ability's condition, turned around (played only if you control X, 1.4 p1);
* "Remove this card and target resonator from the game": one effect on each (10.3 p1).

The engine side is in ``tests/fow/cards/targets/test_play_phrases_and_restrictions.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.fow.cards.import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


FAIRIES_YOU_CONTROL = {
    "kind": "all",
    "filter": {"zone": "field", "types": [], "controller": "you", "races": ["Fairy"], "playground": True},
}


@pytest.mark.parametrize("card_id", ["TTW-111J", "TTW-001J"])
def test_recover_all_fairies_you_control(imported: dict[str, ImportedCard], card_id: str) -> None:
    # Alice, Paladin of Unwavering Hope (TTW-111J): "When this card enters your field ⇒ Recover all
    # Fairies you control."  Alice, Fairy Queen (TTW-001J): "When this card enters your field,
    # recover all Fairies you control."
    entered = next(a for a in full(imported, card_id)["abilities"] if a.get("trigger") == "enters_field")
    assert entered["effects"] == [{"op": "recover", "target": FAIRIES_YOU_CONTROL}]


def test_search_for_a_card_names_x_is_a_misprint_of_named(imported: dict[str, ImportedCard]) -> None:
    # Alice, Fairy Queen (TTW-001J): "God's Art [Reminiscence of Utopia] {W}{W}: J/resonators you
    # control gain [+200/+200]. Search your main deck for a card names "Excalibur, the Spirit God's
    # Sword" and put it into your field. Then shuffle your main deck. ..."
    art = next(a for a in full(imported, "TTW-001J")["abilities"] if a.get("gods_art"))
    assert art["effects"][1] == {
        "op": "search",
        "filter": {"zone": "main_deck", "types": [], "name": "Excalibur, the Spirit God's Sword"},
        "to": "field",
    }


def test_thi_card_and_you_cannot_play_this_ability_if(imported: dict[str, ImportedCard]) -> None:
    # Blinded Prince (CMF-002): "[Activate] Pay {0}: Thi card loses all abilities until end of turn.
    # You cannot play this ability if you don't control "Rapunzel, the Long-Haired Princess"."
    activate = full(imported, "CMF-002")["abilities"][1]
    assert activate["effects"] == [{"op": "lose_abilities", "target": {"kind": "self"}}]
    assert activate["condition"] == {
        "kind": "controls",
        "filter": {"zone": "field", "types": [], "controller": "you", "name": "Rapunzel, the Long-Haired Princess"},
    }


def test_remove_this_card_and_target_resonator_from_the_game(imported: dict[str, ImportedCard]) -> None:
    # Alice, the Guardian of Dimensions (MPR-091): "[Activate] Pay {W}, {Rest}: Remove this card and
    # target resonator from the game."
    activate = full(imported, "MPR-091")["abilities"][1]
    assert activate["cost"] == {"will": {"attribute": {"W": 1}, "free": 0}, "rest": True}
    assert activate["effects"] == [
        {"op": "remove_from_game", "target": {"kind": "self"}},
        {"op": "remove_from_game", "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}}},
    ]


def test_cannot_be_targeted_by_light_spells_and_prevent_damage_by_light_cards(
    imported: dict[str, ImportedCard],
) -> None:
    # Neithardt, the Demon Knight (TAT-085): "[Continuous]: This card cannot be targeted by light
    # spells or light card's abilities and prevent all damage that would be dealt to this card by
    # light cards."  A rule override and a replacement ability (FoW-5.5 1.4 p1, 10.17).
    assert full(imported, "TAT-085")["abilities"] == [
        {"kind": "continuous", "untargetable_by": {"zone": "field", "types": [], "attributes": ["W"]}},
        {
            "kind": "replacement",
            "replaces": "self_damaged",
            "instead": "prevent",
            "damage_from": {"zone": "field", "types": [], "attributes": ["W"], "playground": True},
        },
    ]


def test_resonator_with_this_gains_and_cannot_be_targeted_by_darkness(imported: dict[str, ImportedCard]) -> None:
    # Longinus, the Holy Lance (TAT-009, [Addition:Resonator]): "[Continuous]: Resonator with this
    # gains [+500/+500], cannot be targeted by darkness spells or darkness card's abilities and
    # prevent all damage that would be dealt to it by darkness cards."
    card = full(imported, "TAT-009")
    assert card["abilities"] == [
        {"kind": "continuous", "modify_atk": 500, "modify_def": 500},
        {"kind": "continuous", "untargetable_by": {"zone": "field", "types": [], "attributes": ["B"]}},
        {
            "kind": "replacement",
            "replaces": "self_damaged",
            "instead": "prevent",
            "damage_from": {"zone": "field", "types": [], "attributes": ["B"], "playground": True},
        },
    ]


def test_this_card_cannot_be_blocked_by_resonators_with_atk_600_or_less(imported: dict[str, ImportedCard]) -> None:
    # William Wallace (VIN001-030): "This card cannot be blocked by resonators with ATK 600 or less."
    assert full(imported, "VIN001-030")["abilities"] == [
        {
            "kind": "continuous",
            "rules": {"cannot_be_blocked_by": [{"zone": "field", "types": ["resonator"], "max_atk": 600}]},
        }
    ]


def test_target_resonator_cannot_be_blocked_by_water_resonators(imported: dict[str, ImportedCard]) -> None:
    # Stone Bowl of Buddha (CMF-055): "[Activate] {Rest}: Target resonator cannot be blocked by water
    # resonators until end of turn."
    assert full(imported, "CMF-055")["abilities"][0]["effects"] == [
        {
            "op": "restrict",
            "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}},
            "rules": ["cannot_be_blocked"],
            "blocked_by": {"zone": "field", "types": ["resonator"], "attributes": ["U"]},
        }
    ]


def test_for_each_resonator_with_stealth_you_control(imported: dict[str, ImportedCard]) -> None:
    # Melder, Last of the Dead (BFA-071): "When this card enters your field, target resonator gains
    # [-400/-400] for each resonator with [Stealth] you control until end of turn."
    [entered] = full(imported, "BFA-071")["abilities"]
    assert entered["effects"] == [
        {
            "op": "modify",
            "atk": -400,
            "def": -400,
            "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}},
            "per": {"filter": {"zone": "field", "types": ["resonator"], "controller": "you", "keywords": ["stealth"]}},
        }
    ]


def test_j_resonators_you_control_with_awakening_gain(imported: dict[str, ImportedCard]) -> None:
    # Holy Moon of Pure Nights (TMS-004): "J/resonators you control with [Awakening] gain [+200/+200]."
    assert full(imported, "TMS-004")["abilities"][0] == {
        "kind": "continuous",
        "affects": {"kind": "all", "filter": {"zone": "field", "controller": "you", "keywords": ["awakening"]}},
        "modify_atk": 200,
        "modify_def": 200,
    }


def test_your_opponent_cannot_gain_life_and_at_the_next_end_of_turn(imported: dict[str, ImportedCard]) -> None:
    # Blood Boil (BFA-018): "Choose one - This card deals 600 damage to your opponent. Your opponent
    # cannot gain life until end of turn; or target resonator you control gains [+800/+800] until end
    # of turn. At the next end of turn, destroy that resonator."
    [choose] = full(imported, "BFA-018")["effects"]
    assert choose["modes"] == [
        [
            {"op": "deal_damage", "amount": 600, "target": {"kind": "opponent"}},
            {"op": "restrict", "target": {"kind": "opponent"}, "rules": ["cannot_gain_life"]},
        ],
        [
            {
                "op": "modify",
                "atk": 800,
                "def": 800,
                "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"], "controller": "you"}},
                "duration": "end_of_turn",
            },
            {"op": "delayed", "at": "next_end_of_turn", "effects": [{"op": "destroy", "target": {"kind": "same"}}]},
        ],
    ]


def test_awakening_players_cannot_chase_this_card(imported: dict[str, ImportedCard]) -> None:
    # Seal of Wind and Light (TMS-089): "Cancel target spell.  [Awakening] {M}: Players cannot chase
    # this card."
    card = full(imported, "TMS-089")
    assert card["awakening"] == {"cost": {"attribute": {"M": 1}, "free": 0}, "cannot_be_chased": True}
    assert "cannot_be_chased" not in card


def test_each_player_for_each_special_magic_stone_that_he_or_she_controls(imported: dict[str, ImportedCard]) -> None:
    # Split Heaven and Earth (MPR-034): "This card deals 300 damage to each player for each special
    # magic stone that he or she controls."
    assert full(imported, "MPR-034")["effects"] == [
        {
            "op": "deal_damage",
            "amount": 300,
            "target": {"kind": "each_player"},
            "per": {
                "filter": {"zone": "stone_area", "types": ["magic_stone"], "controller": "you", "special": True},
                "of_each_player": True,
            },
        }
    ]


def test_vampire_resonator_with_this_otherwise_it(imported: dict[str, ImportedCard]) -> None:
    # Black Coffin of Vampires (CMF-079): "[Continuous]: Vampire resonator with this cannot be
    # targeted by spells or abilities your opponent controls. Otherwise, it cannot attack or block."
    host = {"kind": "host", "filter": {"zone": "field", "types": []}}
    vampire, other = full(imported, "CMF-079")["abilities"][:2]
    assert vampire == {
        "kind": "continuous",
        "affects": {**host, "filter": {**host["filter"], "races": ["Vampire"]}},
        "rules": {"cannot_be_targeted_by_opponent": True},
    }
    assert other == {
        "kind": "continuous",
        "affects": {**host, "filter": {**host["filter"], "not_races": ["Vampire"]}},
        "rules": {"cannot_attack": True, "cannot_block": True},
    }


@pytest.mark.parametrize("card_id", ["SKL-027J", "VS01-028J"])
def test_banish_a_magic_stone_or_resonator_and_x_of_the_destroyed_resonator(
    imported: dict[str, ImportedCard], card_id: str
) -> None:
    # Melgis, the One Charmed by the Demon Sword (SKL-027J, VS01-028J): "{R}, banish a magic stone or
    # resonator: This card deals 300 damage to target resonator."  "God's Art <Unleash the Demon
    # Sword> {R}{R}{4}: Destroy target resonator. This card gains [+X/+0] until end of turn, where X
    # is the ATK of the destroyed resonator. ..."
    _, banish, art = full(imported, card_id)["abilities"]
    assert banish["cost"]["cards"] == [
        {
            "action": "banish",
            "filter": {"zone": "field", "types": ["magic_stone", "resonator"], "controller": "you", "playground": True},
        }
    ]
    assert art["effects"][1] == {
        "op": "modify",
        "atk": 1,
        "def": 0,
        "target": {"kind": "self"},
        "duration": "end_of_turn",
        "x_of_destroyed": "atk",
    }


KNIGHT = {"types": [], "races": ["Knight of the Round Table"]}


@pytest.mark.parametrize("card_id", ["TTW-013", "VS01-011"])
def test_a_card_type_or_a_race(imported: dict[str, ImportedCard], card_id: str) -> None:
    # Perceval, the Seeker of Holy Grail (TTW-013): "... You may put a Regalia or Knight of the Round
    # Table from among them into your hand. ..." / "Banish this card: Prevent all damage that would be
    # dealt to target J-Ruler or Knight of the Round Table until end of turn."  VS01-011 prints "J-Ruler
    # of Knight of the Round Table", a misprint of "or" (its reprint TTW-013).
    entered, banish = full(imported, card_id)["abilities"]
    assert entered["effects"][0]["filter"] == {
        "zone": "main_deck",
        "types": [],
        "any_of": [{"zone": "main_deck", "types": ["regalia"]}, {"zone": "main_deck", **KNIGHT}],
    }
    assert banish["effects"][0]["target"] == {
        "kind": "chosen",
        "filter": {
            "zone": "field",
            "types": [],
            "any_of": [{"zone": "field", "types": ["j_ruler"]}, {"zone": "field", **KNIGHT, "playground": True}],
        },
    }


def test_target_addition_or_card_in_a_chant_standby_area(imported: dict[str, ImportedCard]) -> None:
    # Fairy of Sacred Vision (BFA-004): "Banish this card: Destroy target addition or card in a
    # chant-standby area."
    [banish] = full(imported, "BFA-004")["abilities"]
    assert banish["effects"] == [
        {
            "op": "destroy",
            "target": {
                "kind": "chosen",
                "filter": {
                    "zone": "field",
                    "types": [],
                    "any_of": [{"zone": "field", "types": ["addition"]}, {"zone": "standby", "types": []}],
                },
            },
        }
    ]


def test_remove_all_cards_in_your_main_deck_and_put_it_on_the_bottom(imported: dict[str, ImportedCard]) -> None:
    # Ouroboros, the Snake of Reincarnation (SKL-028): "When this card enters your field, remove all
    # cards in your main deck from the game. Then shuffle all magic stones from your graveyard into
    # your magic stone deck and shuffle all other cards from your graveyard into your main deck." /
    # "When this card is put into a graveyard from your field, put it on the bottom of its owner's
    # main deck."
    entered, died = full(imported, "SKL-028")["abilities"]
    assert entered["effects"] == [
        {"op": "mill", "who": "you", "to": "removed", "all": True},
        {"op": "reshuffle_graveyard", "who": "you"},
    ]
    assert died["effects"] == [
        {
            "op": "put_on_main_deck",
            "target": {"kind": "self", "filter": {"zone": "graveyard", "types": []}},
            "position": "bottom",
        }
    ]
