"""Importing target filters, moves between zones and looking at / revealing cards: the real
card text and the declarative form it must become (``domain/fow/importer.py``); the engine
side is specified in ``tests/fow/cards/targets/test_play_filters_moves_and_reveals.py``.  Wordings the grammar does not
fully understand stay unsupported."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard, _Ctx, _effects
from tests.fow.cards.import_support import full, imported_database
from tests.fow.cards.test_import_database import chosen, shape


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


# --- target filters ------------------------------------------------------------------------


def test_a_resonator_that_was_dealt_damage_this_turn(imported: dict[str, ImportedCard]) -> None:
    # Demonflame (VS01-018): "Choose one - This card deals 500 damage to target resonator; or
    # destroy target resonator that was dealt damage this turn."
    modes = full(imported, "VS01-018")["effects"][0]["modes"]
    assert modes[1] == [{"op": "destroy", "target": chosen("resonator", dealt_damage=True)}]
    assert full(imported, "TMS-021")["effects"][0]["modes"][1] == modes[1]


def test_several_negations_all_apply(imported: dict[str, ImportedCard]) -> None:
    # Light of Lumia (TAT-008): "Choose one - Rest all non-light, non-Fairy Tale resonators; or
    # remove target non-light, non-Fairy Tale resonator from the game."
    flt = {"zone": "field", "types": ["resonator"], "not_races": ["Fairy Tale"], "not_attributes": ["W"]}
    assert full(imported, "TAT-008")["effects"][0]["modes"] == [
        [{"op": "rest", "target": {"kind": "all", "filter": flt}}],
        [{"op": "remove_from_game", "target": {"kind": "chosen", "filter": flt}}],
    ]


def test_each_of_up_to_n_targets(imported: dict[str, ImportedCard]) -> None:
    # Oz's Magic (TAT-066): "Put an achievement counter on each of up to two target
    # resonators. If you control "Oz, the Great Wizard", draw a card."
    assert full(imported, "TAT-066")["effects"][0] == {
        "op": "put_counter",
        "counter": "achievement",
        "target": {**chosen("resonator"), "count": 2, "up_to": True},
    }


def test_this_card_and_a_target_both_gain(imported: dict[str, ImportedCard]) -> None:
    # Rotting Black Moon Dragon (BFA-075): "{M}: This card and target resonator gain
    # [-200/-200] until end of turn."
    assert full(imported, "BFA-075")["abilities"][0]["effects"] == [
        {"op": "modify", "atk": -200, "def": -200, "target": {"kind": "self"}, "duration": "end_of_turn"},
        {"op": "modify", "atk": -200, "def": -200, "target": chosen("resonator"), "duration": "end_of_turn"},
    ]


def test_it_in_a_trailing_if_is_the_card_itself(imported: dict[str, ImportedCard]) -> None:
    # Lydia Agthe (VIN002-068): "When this card enters your field => Rest it if you don't control another
    # Calamity Raven."
    effects = full(imported, "VIN002-068")["abilities"][0]["effects"]
    assert effects[0]["op"] == "if" and effects[0]["effects"] == [{"op": "rest", "target": {"kind": "self"}}]


def test_it_or_that_resonator_is_the_previous_target(imported: dict[str, ImportedCard]) -> None:
    # Binding Chain (VIN001-061): "Rest target resonator. It gains [-400/-400] until end of turn."
    assert full(imported, "VIN001-061")["effects"] == [
        {"op": "rest", "target": chosen("resonator")},
        {"op": "modify", "atk": -400, "def": -400, "target": {"kind": "same"}, "duration": "end_of_turn"},
    ]
    # Dance of Inspiration (TMS-035): "Target water resonator gains [0/+400] until end of turn.
    # Recover that resonator."
    assert full(imported, "TMS-035")["effects"][1] == {"op": "recover", "target": {"kind": "same"}}
    # where the reading fails, the gap quotes the printed words, never the placeholder
    assert not any("@same" in g for c in imported.values() for g in c.gaps)


def test_bracketed_types_name_a_subtype(imported: dict[str, ImportedCard]) -> None:
    # King's Servant (CMF-009): "[Enter]: Put target [Addition:Resonator] from your graveyard
    # into your hand."
    grave = {"zone": "graveyard", "types": ["addition"], "subtypes": ["resonator"], "controller": "you"}
    assert full(imported, "CMF-009")["abilities"][0]["effects"] == [
        {"op": "return_to_hand", "target": {"kind": "chosen", "filter": grave}}
    ]
    # Speaker of Creation (MPR-015): "[Enter]: Search your main deck for an [Addition:Field], ..."
    # and "[Activate] Pay {W}, banish this card: Destroy target [Addition:Field]."
    abilities = full(imported, "MPR-015")["abilities"]
    assert abilities[0]["effects"][0]["filter"] == {"zone": "main_deck", "types": ["addition"], "subtypes": ["field"]}
    assert abilities[1]["effects"] == [
        {"op": "destroy", "target": chosen("addition", subtypes=["field"])},
    ]


def test_then_opening_a_sentence_keeps_the_order(imported: dict[str, ImportedCard]) -> None:
    # Endless Night (SKL-068): "Destroy target resonator your opponent controls. Then all
    # resonators gain [-200/-200] until end of turn."
    assert full(imported, "SKL-068")["effects"] == [
        {"op": "destroy", "target": chosen("resonator", controller="opponent")},
        {
            "op": "modify",
            "atk": -200,
            "def": -200,
            "target": {"kind": "all", "filter": {"zone": "field", "types": ["resonator"]}},
            "duration": "end_of_turn",
        },
    ]
    # Hunter of Souls (SKL-071): "... this card deals 200 damage to you opponent and you gain 200
    # life." ("you opponent": a misprint of "your opponent")
    effects = full(imported, "SKL-071")["abilities"][0]["effects"]
    assert effects[0] == {"op": "deal_damage", "amount": 200, "target": {"kind": "opponent"}}


def test_a_misprinted_card_name_in_a_search(imported: dict[str, ImportedCard]) -> None:
    # Shining Bamboo (MOA-008): "[Enter]: Search your main deck for a card name "Kaguya, the Tale of the Bamboo
    # Cutter", reveal it and put it into your hand. Then shuffle your main deck."
    search = full(imported, "MOA-008")["abilities"][0]["effects"][0]
    assert search == {
        "op": "search",
        "filter": {"zone": "main_deck", "types": [], "name": "Kaguya, the Tale of the Bamboo Cutter"},
    }


# --- moving cards between zones --------------------------------------------------------------


def test_put_a_target_from_your_graveyard_into_your_field(imported: dict[str, ImportedCard]) -> None:
    # The Last Drop (BFA-057): "Choose one - You gain 1000 life; or put target resonator with
    # total cost 2 or less from your graveyard into your field rested."
    yours = {"zone": "graveyard", "types": ["resonator"], "controller": "you"}
    assert full(imported, "BFA-057")["effects"][0]["modes"][1] == [
        {
            "op": "put_into_field",
            "target": {"kind": "chosen", "filter": {**yours, "max_total_cost": 2}},
            "rested": True,
        }
    ]
    # Song of the Fairy King (BFA-055): "Put up to five target Fairy resonators with total cost 1 from
    # your graveyard into your field."
    assert full(imported, "BFA-055")["effects"] == [
        {
            "op": "put_into_field",
            "target": {
                "kind": "chosen",
                "filter": {**yours, "races": ["Fairy"], "min_total_cost": 1, "max_total_cost": 1},
                "count": 5,
                "up_to": True,
            },
        }
    ]
    # "Remove it from the game at end of turn" (a delayed effect) is expressed since t6-move
    # (tests/fow/cards/moves/test_import_banish_remove_and_search.py)
    assert imported["TTW-075"].status == "full"


def test_a_card_put_into_a_graveyard_from_a_field_this_turn(imported: dict[str, ImportedCard]) -> None:
    # Ritual of Millennia (MOA-050): "Choose target resonator from a graveyard that was put into
    # that zone from a field this turn and put it into it owner's field."
    flt = {"zone": "graveyard", "types": ["resonator"], "from_field_this_turn": True}
    expected = [{"op": "put_into_field", "target": {"kind": "chosen", "filter": flt}, "owners_field": True}]
    assert full(imported, "MOA-050")["effects"] == expected
    assert full(imported, "VIN001-071")["effects"] == expected


def test_the_top_magic_stone_put_rested(imported: dict[str, ImportedCard]) -> None:
    # Timekeeper Elf (TMS-063): "When this card enters your field, put the top card of your
    # magic stone deck into your magic stone area rested."
    assert full(imported, "TMS-063")["abilities"][0]["effects"] == [{"op": "put_stone", "who": "you", "rested": True}]


# --- looking at / revealing cards -------------------------------------------------------------


def test_reveal_the_top_cards_and_take_some_among_them(imported: dict[str, ImportedCard]) -> None:
    # Card Soldier "Club" (TAT-074): "[Enter]: Reveal the top four cards of your main deck. Put a
    # Card Soldier card among them into your hand. Put the rest into your graveyard."  ("Card
    # Soldier" is a race, not the noun "card")
    assert full(imported, "TAT-074")["abilities"][0]["effects"] == [
        {
            "op": "look_top",
            "count": 4,
            "reveal": True,
            "filter": {"zone": "main_deck", "types": [], "races": ["Card Soldier"]},
            "rest": "graveyard",
        }
    ]
    # Technician of Leginus (BFA-044): "... reveal the top two cards of your main deck. Put up to
    # two cards with no attribute from among them into your hand. Put the rest into your graveuard."
    assert full(imported, "BFA-044")["abilities"][0]["effects"] == [
        {
            "op": "look_top",
            "count": 2,
            "reveal": True,
            "filter": {"zone": "main_deck", "types": [], "no_attribute": True},
            "pick": 2,
            "up_to": True,
            "rest": "graveyard",
        }
    ]


def test_look_at_the_top_cards(imported: dict[str, ImportedCard]) -> None:
    # Liberate the World (MOA-036): "Look at the top three cards of your main deck. Put one of
    # them into your hand and remove the rest from the game face down."
    assert full(imported, "MOA-036")["effects"] == [{"op": "look_top", "count": 3, "rest": "removed_face_down"}]
    # Isara Gunther (VIN002-037): "... Look at the top four cards of your main deck. You may
    # reveal a card named "Welkin Gunther" from among them and put it into your hand. Put the
    # rest on the bottom of your main deck."
    assert full(imported, "VIN002-037")["abilities"][1]["effects"] == [
        {
            "op": "look_top",
            "count": 4,
            "filter": {"zone": "main_deck", "types": [], "name": "Welkin Gunther"},
            "up_to": True,
            "reveal_picked": True,
            "rest": "bottom",
        }
    ]


def test_reveal_the_top_card_and_branch(imported: dict[str, ImportedCard]) -> None:
    # Dreams of Wonderland (TAT-042): "Reveal the top of your main deck. If its total cost is
    # odd, return target resonator to its owner's hand. Otherwise, draw a card."
    assert full(imported, "TAT-042")["effects"] == [
        {"op": "reveal_top", "then": "stay"},
        {
            "op": "if",
            "condition": {
                "kind": "top_card",
                "filter": {"zone": "main_deck", "types": [], "total_cost_parity": "odd"},
            },
            "effects": [{"op": "return_to_hand", "target": chosen("resonator")}],
            "otherwise": [{"op": "draw", "count": 1, "who": "you"}],
        },
    ]
    # Musician of Shangri-La (TMS-041): "When this card attacks or blocks, reveal the top card of
    # your main deck. If it's a resonator, this card gains [+200/+200] until end of turn.
    # Otherwise, return this card to its owner's hand."
    branch = full(imported, "TMS-041")["abilities"][0]["effects"][1]
    assert branch["condition"] == {"kind": "top_card", "filter": {"zone": "main_deck", "types": ["resonator"]}}
    assert branch["otherwise"] == [{"op": "return_to_hand", "target": {"kind": "self"}}]
    # Humpty Dumpty (TAT-043): "... If it's a resonator, put it into your field. Otherwhise, put in
    # into your graveyard." (misprints of "Otherwise, put it")
    assert full(imported, "TAT-043")["abilities"][0]["effects"][0]["otherwise"] == "graveyard"
    # Drill Sergeant (TMS-036): "reveal the top card of your deck" and a gain with no duration on
    # "resonators you control" are read since s3-opt (optional/test_import_reveals_shuffles_and_lasting_gains.py)
    assert imported["TMS-036"].status == "full"


def test_reveal_cards_until_one_matches(imported: dict[str, ImportedCard]) -> None:
    # The Ro-Box (BFA-089): "When this card is put into a graveyard from your field, reveal cards
    # from the top of your main deck until you reveal a Machine with total cost 1. Put that card
    # into your field and shuffle the rest into your main deck."
    machine = {"zone": "main_deck", "types": [], "races": ["Machine"], "min_total_cost": 1, "max_total_cost": 1}
    assert full(imported, "BFA-089")["abilities"][0]["effects"] == [
        {"op": "reveal_top", "filter": machine, "then": "field", "until": True}
    ]
    assert full(imported, "BFA-090")["abilities"][0]["effects"][0]["filter"]["max_total_cost"] == 2


def test_a_target_in_your_removed_area(imported: dict[str, ImportedCard]) -> None:
    # Memory of Disappearance (TMS-026): "Put target card from your removed area into your hand."
    assert full(imported, "TMS-026")["effects"] == [
        {
            "op": "return_to_hand",
            "target": {"kind": "chosen", "filter": {"zone": "removed", "types": [], "controller": "you"}},
        }
    ]


def test_a_card_chosen_on_resolution_put_into_the_field(imported: dict[str, ImportedCard]) -> None:
    # Viviane, Lady of the Lake (TTW-017): "{Rest}: Put a Fairy resonator with total cost 1 or
    # less from your hand into your field."  From the hand: ``put_from_hand``
    fairy = {"zone": "hand", "types": ["resonator"], "races": ["Fairy"], "max_total_cost": 1}
    assert full(imported, "TTW-017")["abilities"][0]["effects"] == [{"op": "put_from_hand", "filter": fairy}]
    # Resurrection of Vampire (CMF-089): "Put a Vampire resonator from your graveyard into your
    # field. This triggers its [Enter] ability."
    vampire = {"zone": "graveyard", "types": ["resonator"], "controller": "you", "races": ["Vampire"]}
    assert full(imported, "CMF-089")["effects"] == [
        {"op": "put_into_field", "chosen_from": vampire, "triggers_enter": True}
    ]
    # Phantom of Primogenitor (SKL-029): "you may put ... from your hand" is a plain put_from_hand:
    # choosing no card declines anyway (10.13 p2)
    assert full(imported, "SKL-029")["effects"] == [
        {"op": "put_from_hand", "filter": {"zone": "hand", "types": ["resonator"]}}
    ]


def test_cards_from_the_hand_on_the_main_deck(imported: dict[str, ImportedCard]) -> None:
    # Laying the Foundation (TTW-042): "Draw three cards. Then put two cards from your hand on top
    # of your main deck in any order."
    assert full(imported, "TTW-042")["effects"] == [
        {"op": "draw", "count": 3, "who": "you"},
        {"op": "put_on_main_deck", "from_hand": 2},
    ]
    # Trader of Shangri-La (SKL-047): "{Rest}: Draw a card, then put a card from your hand on the
    # bottom of your main deck."  (", then" joins two effects applied in order)
    assert full(imported, "SKL-047")["abilities"][0]["effects"] == [
        {"op": "draw", "count": 1, "who": "you"},
        {"op": "put_on_main_deck", "position": "bottom", "from_hand": 1},
    ]


def test_and_joins_two_effects(imported: dict[str, ImportedCard]) -> None:
    # Hansel and Gretel (MOA-034): "When this card enters your field, draw a card and put the top
    # card of your magic stone deck into your magic stone area rested."
    assert full(imported, "MOA-034")["abilities"][0]["effects"] == [
        {"op": "draw", "count": 1, "who": "you"},
        {"op": "put_stone", "who": "you", "rested": True},
    ]
    # "recover this card and it gains [+400/0] ...": two effects on the source card (TTW-083, see
    # tests/fow/cards/targets/test_import_dealt_damage_and_player_restrictions.py)
    assert [e["op"] for e in full(imported, "TTW-083")["abilities"][0]["effects"]] == ["recover", "modify"]


def test_look_then_bottom_or_back_in_any_order(imported: dict[str, ImportedCard]) -> None:
    # Columbus (VIN001-033): "{Rest}: Look at the top card of your main deck. You may put it on
    # the bottom of your main deck."
    assert full(imported, "VIN001-033")["abilities"][0]["effects"] == [
        {"op": "look_top", "count": 1, "up_to": True, "to": "bottom", "rest": "top"}
    ]
    # Time-Gazer Elf (BFA-058): "{M}: Look at the top three cards of your main deck and put them
    # back in any order."
    elf = imported["BFA-058"]
    assert elf.card is not None
    (look,) = [a for a in shape(elf.card)["abilities"] if a["kind"] == "activate"]
    assert look["effects"] == [{"op": "look_top", "count": 3, "pick": 0, "rest": "top"}]


def test_any_number_of_cards_with_one_of_several_names(imported: dict[str, ImportedCard]) -> None:
    # Dorothy, the Lost Girl (TAT-058): "[Awakening] {G}: [Enter]: Reveal top five cards of your main
    # deck. Put any number of cards named "Heartless Tin Man", "Brainless Scarecrow", "Cowardly
    # Lion" and/or "Silver Shoes" among them into your hand. Put the rest on the bottom of your
    # main deck in any order."
    names = ["Heartless Tin Man", "Brainless Scarecrow", "Cowardly Lion", "Silver Shoes"]
    assert full(imported, "TAT-058")["awakening"]["abilities"][0]["effects"] == [
        {
            "op": "look_top",
            "count": 5,
            "reveal": True,
            "filter": {"zone": "main_deck", "types": [], "names": names},
            "pick": 5,
            "up_to": True,
            "rest": "bottom",
        }
    ]


def test_more_target_filters(imported: dict[str, ImportedCard]) -> None:
    # Bloody Moon (CMF-021): "[Activate] Banish this card: Destroy target special magic stone."
    assert full(imported, "CMF-021")["abilities"][-1]["effects"] == [
        {
            "op": "destroy",
            "target": {"kind": "chosen", "filter": {"zone": "stone_area", "types": ["magic_stone"], "special": True}},
        }
    ]
    # Hastur, the Unspeakable (MPR-096): "[Enter]: Destroy target resonator with no addition."
    assert full(imported, "MPR-096")["abilities"][-1]["effects"] == [
        {"op": "destroy", "target": chosen("resonator", no_addition=True)}
    ]
    # Separation of Body and Soul (BFA-040): "Destroy target resonator with ATK different from its
    # printed ATK or DEF different from its printed DEF."
    assert full(imported, "BFA-040")["effects"] == [{"op": "destroy", "target": chosen("resonator", modified=True)}]
    # Emissary of Another Dimension (MOA-014): "Banish this card: Destroy target card in a
    # chant-standby area."
    assert full(imported, "MOA-014")["abilities"][1]["effects"] == [
        {"op": "destroy", "target": {"kind": "chosen", "filter": {"zone": "standby", "types": []}}}
    ]


def test_more_race_and_type_lists(imported: dict[str, ImportedCard]) -> None:
    # Refrain, the End of Ages (BFA-078^): "Remove four magic counters from this card: Destroy all
    # additions, regalia, resonators, and J-Rulers."
    assert full(imported, "BFA-078^")["abilities"][1]["effects"] == [
        {
            "op": "destroy",
            "target": {
                "kind": "all",
                "filter": {"zone": "field", "types": ["addition", "regalia", "resonator", "j_ruler"]},
            },
        }
    ]
    # Messenger Familiar (BFA-072): "... search your main deck for a Twelve Apostle, ..." (the race "Twelve Apostles")
    assert full(imported, "BFA-072")["abilities"][0]["effects"][0]["filter"]["races"] == ["Twelve Apostles"]
    # Elaine, the Fairy (TTW-004): "Other Fairies J/resonators you control gain [+200/0]." (a plural before the noun)
    assert full(imported, "TTW-004")["abilities"][0]["affects"]["filter"]["races"] == ["Fairy"]


# --- round 2: banishing your own card, removing the top card, this card on top of the deck -----


def test_banish_a_card_you_control(imported: dict[str, ImportedCard]) -> None:
    # Murderous Snowman (CMF-030): "[Enter]: Banish one magic stone you control" (FoW-5.5 10.10)
    assert full(imported, "CMF-030")["abilities"][0]["effects"] == [
        {
            "op": "banish",
            "filter": {"zone": "stone_area", "types": ["magic_stone"], "controller": "you"},
            "who": "you",
        }
    ]
    # Hamelin's Rat Piper (TAT-083): "At the end of your turn, banish another resonator you control."
    effects = [a for a in shape(imported["TAT-083"].card)["abilities"] if a.get("trigger") == "end_of_turn"]
    assert effects[0]["effects"] == [
        {
            "op": "banish",
            "filter": {"zone": "field", "types": ["resonator"], "controller": "you", "other_than_self": True},
            "who": "you",
        }
    ]


def test_remove_the_top_card_of_your_main_deck_from_the_game(imported: dict[str, ImportedCard]) -> None:
    # Disaster's Memoria (TMS-097): "{Rest}: Remove the top card of your main deck from the game."
    assert full(imported, "TMS-097")["abilities"][2]["effects"] == [
        {"op": "mill", "count": 1, "who": "you", "to": "removed"}
    ]
    # "... from the game face down. You may look at that card at any time." (MOA-007): hidden from the
    # other players, seen by its owner (3.12 p2.1)
    box = imported["MOA-007"]
    assert box.status == "full"
    [main_phase] = [a for a in box.card.abilities if a.kind == "automatic"]
    assert [e.model_dump(exclude_defaults=True) for e in main_phase.effects] == [{"to": "removed", "face_down": True}]
    # "... from the game face down." alone: no player is allowed to see it, its owner neither (``unseen``,
    # 3.12 p2.1)
    [alone] = _effects(
        "Remove the top card of your main deck from the game face down.", _Ctx("X", "spell", "chant", frozenset(), None)
    )
    assert alone == {"op": "mill", "count": 1, "to": "removed", "face_down": True, "who": "you", "unseen": True}


def test_put_this_card_on_top_of_your_main_deck(imported: dict[str, ImportedCard]) -> None:
    # Dying Swallow (TMS-037): "{U}{U}{U}, {Rest}: Put this card on top of your main deck. Search ..."
    effects = full(imported, "TMS-037")["abilities"][1]["effects"]
    assert effects[0] == {"op": "put_on_main_deck", "target": {"kind": "self"}}


def test_cannot_be_blocked(imported: dict[str, ImportedCard]) -> None:
    # Glinda, the Fairy (TAT-062): "[Enter]: Target resonator cannot be blocked until end of turn."
    abilities = shape(imported["TAT-062"].card)["abilities"]
    assert abilities[0]["effects"] == [
        {"op": "restrict", "target": chosen("resonator"), "rules": ["cannot_be_blocked"]}
    ]
    # AOA-047: "This card gains [+300/+300] and "This card cannot be blocked." as long as you
    # control four or more water magic stones." (a rule of a continuous ability, 1.4 p1)
    granted = full(imported, "AOA-047")["abilities"][0]["grant_abilities"]
    assert granted[0]["rules"] == {"cannot_be_blocked": True}


def test_they_after_dealing_damage_to_your_opponent_is_that_opponent(imported: dict[str, ImportedCard]) -> None:
    # TMS-074: "Whenever this card deals damage to your opponent, they discard a card."
    assert full(imported, "TMS-074")["abilities"][0]["effects"] == [{"op": "discard", "count": 1, "who": "opponent"}]


def test_gain_control_of_target_resonator(imported: dict[str, ImportedCard]) -> None:
    # BFA-079^: "When this card is put into a graveyard from your field, gain control of target resonator."
    assert full(imported, "BFA-079^")["abilities"][0]["effects"] == [
        {"op": "gain_control", "target": chosen("resonator")}
    ]
    # with a duration it is another effect: VIN002-022 "... until end of turn."
    # (moves/test_import_banish_remove_and_search.py) and TMS-049 "... as long as this card is in a
    # field." (conditions/test_import_as_long_as_and_replacements.py) are expressed
    assert imported["VIN002-022"].status == "full" and imported["TMS-049"].status == "full"
