"""Importing conditions, "you may", modes, "for each" amounts and cost reductions: the real
card text and the declarative form it must become (``domain/fow/importer.py``); the engine
side is specified in ``test_play_conditions_modes_and_amounts.py``.  Wordings the grammar does not fully
understand stay unsupported."""

from __future__ import annotations

from typing import Any

import pytest

from domain.fow.cards import parse_card
from domain.fow.importer import ImportedCard, import_card
from domain.kernel import CardDataError
from service.card_import import load_database
from tests.fow.cards.import_support import full, imported_database
from tests.fow.cards.test_import_database import CARDS_JSON, chosen, shape, will


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


def mine(**flt: Any) -> dict[str, Any]:
    return {"zone": "field", "types": [], "controller": "you", **flt}


def test_you_may_wraps_the_sentence_in_an_optional_effect(imported: dict[str, ImportedCard]) -> None:
    # Abe no Seimei (VIN001-001): "When this card enters your field, you may rest target resonator."
    assert full(imported, "VIN001-001")["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "enters_field",
            "effects": [{"op": "may", "effects": [{"op": "rest", "target": chosen("resonator")}]}],
        }
    ]
    # "you may" over a sentence the grammar does not understand stays unsupported (SKL-032); over an
    # effect that asks for a further choice, see tests/fow/cards/optional/test_import_optional_effects_and_looking.py
    assert any(g.startswith("effect: You may rest a recovered") for g in imported["SKL-032"].gaps)


def test_if_a_condition_holds_on_resolution(imported: dict[str, ImportedCard]) -> None:
    # Wolf-Haunted in Black Forest (CMF-037): "[Continuous]: When this card is destroyed, if you
    # don't control any Moon, this card deals 500 damage to you."
    assert full(imported, "CMF-037")["abilities"][0]["effects"] == [
        {
            "op": "if",
            "condition": {"kind": "controls", "filter": mine(races=["Moon"]), "negate": True},
            "effects": [{"op": "deal_damage", "amount": 500, "target": {"kind": "you"}}],
        }
    ]
    # Exceed, the Ancient Magic (MPR-060): "Cancel target spell. If you control "Fiethsing, the
    # Magus of Holy Wind", draw a card."
    assert full(imported, "MPR-060")["effects"][1] == {
        "op": "if",
        "condition": {"kind": "controls", "filter": mine(name="Fiethsing, the Magus of Holy Wind")},
        "effects": [{"op": "draw", "count": 1, "who": "you"}],
    }
    # "... instead" with an effect the vocabulary lacks stays unsupported (MPR-069: "... remove it from
    # the game, then search its controller's main deck, graveyard and hand for all cards with the same
    # name and remove them from the game instead"); CMF-093's "he or she discards two cards at random
    # instead" is supported now (tests/fow/cards/conditions/test_import_ruler_names_and_cost_reductions.py)
    assert imported["MPR-069"].status != "full"
    assert any("instead" in u for u in imported["MPR-069"].unsupported)


def test_as_long_as_on_a_continuous_ability(imported: dict[str, ImportedCard]) -> None:
    # Moonglow Bird (MPR-047): "This card gains [+400/+400] as long as you control a Moon."
    assert full(imported, "MPR-047")["abilities"] == [
        {
            "kind": "continuous",
            "modify_atk": 400,
            "modify_def": 400,
            "condition": {"kind": "controls", "filter": mine(races=["Moon"])},
        }
    ]
    # Lamorak, Knight of the Round Table (TMS-015): "As long as you control another Knight of
    # the Round Table, this card gains [Swiftness]."
    assert full(imported, "TMS-015")["abilities"][0] == {
        "kind": "continuous",
        "grant": ["swiftness"],
        "condition": {
            "kind": "controls",
            "filter": mine(races=["Knight of the Round Table"], other_than_self=True),
        },
    }
    # Apostle of Paradise (MPR-004): "This card cannot be destroyed as long as you control
    # "Abel, the Avenger of Gods"."
    assert full(imported, "MPR-004")["abilities"] == [
        {
            "kind": "continuous",
            "rules": {"cannot_be_destroyed": True},
            "condition": {"kind": "controls", "filter": mine(name="Abel, the Avenger of Gods")},
        }
    ]


def test_conditions_on_life_and_counters(imported: dict[str, ImportedCard]) -> None:
    # Solomon (VIN001-072): "As long as your life is 2000 or less, this card gains [+200/+200]."
    assert full(imported, "VIN001-072")["abilities"][0]["condition"] == {"kind": "life", "life_at_most": 2000}
    # Wolf in the Moonlight (TMS-066): "As long as there are one or more evolution counters on
    # this card, it gains [+300/+300] and [Target Attack]" ("it" is this card)
    assert full(imported, "TMS-066")["abilities"] == [
        {
            "kind": "continuous",
            "modify_atk": 300,
            "modify_def": 300,
            "grant": ["target_attack"],
            "condition": {"kind": "counters", "counter": "evolution"},
        }
    ]


def test_for_each_multiplies_a_modifier_or_an_amount(imported: dict[str, ImportedCard]) -> None:
    # Deep Ones (CMF-041): "This card gains[+200/+200] for each resonator in your graveyard"
    assert full(imported, "CMF-041")["abilities"] == [
        {
            "kind": "continuous",
            "modify_atk": 200,
            "modify_def": 200,
            "per": {"filter": {"zone": "graveyard", "types": ["resonator"], "controller": "you"}},
        }
    ]
    # Commander of Wolves (CMF-023): "[Enter]: This card deals 400 damage to target resonator
    # for each Werewolf you control."
    assert full(imported, "CMF-023")["abilities"][0]["effects"] == [
        {"op": "deal_damage", "amount": 400, "target": chosen("resonator"), "per": {"filter": mine(races=["Werewolf"])}}
    ]
    # Suzaku, the Vermilion Bird (SKL-002): "... you gain 200 life for each Four Sacred Beasts you control."
    assert full(imported, "SKL-002")["abilities"][0]["effects"] == [
        {"op": "gain_life", "amount": 200, "who": "you", "per": {"filter": mine(races=["Four Sacred Beasts"])}}
    ]


def test_choose_one_lists_the_modes(imported: dict[str, ImportedCard]) -> None:
    # Elshan Flower (VIN002-004): "Choose one - Recover target resonator; or rest target resonator."
    assert full(imported, "VIN002-004")["effects"] == [
        {
            "op": "choose",
            "modes": [
                [{"op": "recover", "target": chosen("resonator")}],
                [{"op": "rest", "target": chosen("resonator")}],
            ],
        }
    ]
    # modes on a triggered ability are not chosen by the engine yet: unsupported (TTW-060)
    assert any("modes here are not in the vocabulary" in g for g in imported["TTW-060"].gaps)


def test_you_may_pay_less_to_play_this_card(imported: dict[str, ImportedCard]) -> None:
    # Hector de Maris (VS01-025): "You may pay {R} less to play this card if you control
    # "Lancelot, the Knight of Mad Demon."" (the period inside the quotes is not in the name)
    assert full(imported, "VS01-025")["cost_reduction"] == {
        "cost": will(R=1),
        "condition": {"kind": "controls", "filter": mine(name="Lancelot, the Knight of Mad Demon")},
    }
    # Remote Control Golem (BFA-087): "You may pay {1} less to play this card for each Machine you control."
    assert full(imported, "BFA-087")["cost_reduction"] == {"cost": will(1), "per": {"filter": mine(races=["Machine"])}}
    # Silver Bullet (CMF-076): "If your Ruler is "Christie, the Wind Tracker" or your J-Ruler is
    # "Helsing, the Vampire Hunter", you may pay {1} less to play this card."
    assert full(imported, "CMF-076")["cost_reduction"] == {
        "cost": will(1),
        "condition": {
            "kind": "ruler_is",
            "rulers": ["Christie, the Wind Tracker"],
            "j_rulers": ["Helsing, the Vampire Hunter"],
        },
    }
    # MPR-017 ("... for each different total cost among resonators you control that don't share this
    # card's total cost") is now a count of distinct total costs (test_import_branches_and_otherwise.py)
    assert imported["MPR-017"].status == "full"


def test_counts_of_what_moved_this_turn_and_of_other_zones(imported: dict[str, ImportedCard]) -> None:
    # Gwiber, the White Dragon (VS01-007): "You may pay {2} less to play this card for each
    # resonator you control that entered your field this turn."
    assert full(imported, "VS01-007")["cost_reduction"]["per"] == {
        "filter": {"zone": "field", "types": ["resonator"], "controller": "you"},
        "this_turn": "entered_field",
    }
    # Draig, the Red Dragon (VS01-020): "... for each resonator put into a graveyard from your
    # field this turn." (whoever owns it: who controlled it in the field, FoW-5.5 9.11)
    assert full(imported, "VS01-020")["cost_reduction"]["per"] == {
        "filter": {"zone": "graveyard", "types": ["resonator"]},
        "this_turn": "left_your_field",
    }
    # Torching the Timeline (TMS-033): "... for each card in your removed area."
    assert full(imported, "TMS-033")["effects"][0]["per"] == {
        "filter": {"zone": "removed", "types": [], "controller": "you"}
    }
    # Elder Things (TAT-080): "This card gains [+200/+200] for each resonator in all graveyard."
    assert full(imported, "TAT-080")["abilities"][0]["per"] == {"filter": {"zone": "graveyard", "types": ["resonator"]}}
    # Cowardly Lion (TAT-056): "This card gains [+300/+300] for each achievement counter on it."
    assert full(imported, "TAT-056")["abilities"][0]["per"] == {"counter": "achievement"}


def test_if_you_do_follows_the_effect_it_asks_about(imported: dict[str, ImportedCard]) -> None:
    # Hera, Goddess of Jealousy (TTW-039): "When this card enters your field, you may destroy
    # target regalia with total cost 0. If you do, draw a card."
    regalia = chosen("regalia", max_total_cost=0, min_total_cost=0)
    assert full(imported, "TTW-039")["abilities"][0]["effects"] == [
        {"op": "may", "effects": [{"op": "destroy", "target": regalia}]},
        {"op": "if", "condition": {"kind": "did"}, "effects": [{"op": "draw", "count": 1, "who": "you"}]},
    ]
    # Angel of Wisdom, Cherudim (TMS-001): "[Awakening] {M}: When this card enters your field,
    # destroy target fire or darkness resonator. If you do, put two [+100/+100] counters on this card."
    assert full(imported, "TMS-001")["awakening"]["abilities"][0]["effects"][1] == {
        "op": "if",
        "condition": {"kind": "did"},
        "effects": [{"op": "put_counter", "counter": "+100/+100", "count": 2, "target": {"kind": "self"}}],
    }


def test_conditions_comparing_you_with_your_opponent(imported: dict[str, ImportedCard]) -> None:
    # Welkin Gunther (VIN002-044): "... Return target resonator to its owner's hand if you
    # control less resonators than your opponent."
    assert full(imported, "VIN002-044")["abilities"][0]["effects"][0]["condition"] == {
        "kind": "fewer_than_opponent",
        "measure": "controls",
        "filter": {"zone": "field", "types": ["resonator"]},
    }
    # Zeri (VIN002-060): "... if you control less magic stones than your opponent."
    assert full(imported, "VIN002-060")["abilities"][0]["effects"][0]["condition"]["filter"] == {
        "zone": "stone_area",
        "types": ["magic_stone"],
    }
    # Shion, Liberator of Shangri-La (BFA-042): "... draw a card if your opponent has more
    # cards in their hand than you."
    assert full(imported, "BFA-042")["abilities"][0]["effects"][0]["condition"] == {
        "kind": "fewer_than_opponent",
        "measure": "hand",
    }
    # Bullet of Envy (MPR-024): "Added J/resonator gains [+800/+800] if your life is less than
    # your opponent's life." (a continuous "if": it applies while the condition holds)
    assert full(imported, "MPR-024")["abilities"][0] == {
        "kind": "continuous",
        "modify_atk": 800,
        "modify_def": 800,
        "condition": {"kind": "fewer_than_opponent", "measure": "life"},
    }


def test_one_of_named_cards_and_no_other_resonators(imported: dict[str, ImportedCard]) -> None:
    # Absolute Cake Zone (CMF-058): "Cancel target normal spell. If you control "Hansel" or
    # "Gretel", draw a card."
    assert full(imported, "CMF-058")["effects"][1]["condition"] == {
        "kind": "any_of",
        "conditions": [
            {"kind": "controls", "filter": mine(name="Hansel")},
            {"kind": "controls", "filter": mine(name="Gretel")},
        ],
    }
    # Lu Bu (VIN001-023): "As long as you don't control other resonators, this card gains [+500/+500]."
    assert full(imported, "VIN001-023")["abilities"][0]["condition"] == {
        "kind": "controls",
        "filter": {"zone": "field", "types": ["resonator"], "controller": "you", "other_than_self": True},
        "negate": True,
    }


def test_the_card_model_refuses_what_the_engine_could_not_execute() -> None:
    base = {"id": "X-1", "name": "X", "type": "spell", "subtype": "chant", "cost": {"free": 1}}
    for effects, problem in (
        (
            [{"op": "may", "effects": [{"op": "choose", "modes": [[{"op": "draw"}], [{"op": "draw"}]]}]}],
            "'choose' cannot be inside 'may'",
        ),
        (
            [{"op": "if", "condition": {"kind": "did"}, "effects": [{"op": "search"}], "otherwise": [{"op": "draw"}]}],
            "'search' cannot be inside 'if'",
        ),
        ([{"op": "may", "effects": []}], "at least 1 item"),
        ([{"op": "choose", "modes": [[{"op": "draw"}]]}], "at least 2 items"),
        ([{"op": "choose", "count": 3, "modes": [[{"op": "draw"}], [{"op": "draw"}]]}], "cannot choose 3 of 2"),
        ([{"op": "if", "condition": {"kind": "controls"}, "effects": [{"op": "draw"}]}], "needs a 'filter'"),
        ([{"op": "if", "condition": {"kind": "ruler_is"}, "effects": [{"op": "draw"}]}], "needs 'rulers'"),
        ([{"op": "if", "condition": {"kind": "any_of"}, "effects": [{"op": "draw"}]}], "needed by) an 'any_of'"),
        ([{"op": "if", "condition": {"kind": "fewer_than_opponent"}, "effects": [{"op": "draw"}]}], "'measure'"),
        (
            [{"op": "if", "condition": {"kind": "target_is", "filter": {}}, "effects": [{"op": "draw"}]}],
            "needs a target chosen by the 'if' effects",
        ),
        (
            [
                {
                    "op": "if",
                    "condition": {"kind": "did"},
                    "effects": [{"op": "destroy", "target": {}}],
                    "otherwise": [{"op": "draw"}],
                    "same_targets": True,
                }
            ],
            "must choose the same targets",
        ),
    ):
        with pytest.raises(CardDataError, match=r"card X-1: effects\.0") as err:
            parse_card({**base, "effects": effects})
        assert problem in str(err.value)
    resonator = {"id": "X-2", "name": "X", "type": "resonator", "cost": {"free": 1}, "atk": 100, "def": 100}
    with pytest.raises(CardDataError, match=r"belongs to continuous, \[Activate\] and replacement"):
        trigger = {"kind": "automatic", "trigger": "enter", "condition": {"kind": "ruler_is", "rulers": ["A"]}}
        parse_card({**resonator, "abilities": [trigger]})
    with pytest.raises(CardDataError, match=r"modes .* belong to a spell"):
        parse_card({**resonator, "effects": [{"op": "choose", "modes": [[{"op": "draw"}], [{"op": "draw"}]]}]})


def test_judgment_cost_reductions_and_conditions(imported: dict[str, ImportedCard]) -> None:
    # Alice, Girl of the Lake (TTW-001): "[Judgment] {8}. You may pay {1} less to play this
    # ability for each Fairy you control."
    assert full(imported, "TTW-001")["judgment"] == {
        "cost": will(8),
        "j_ruler": "TTW-001J",
        "reduction": {"cost": will(1), "per": {"filter": mine(races=["Fairy"])}},
    }
    # Selvaria Bles (VIN002-073): "... You may pay {3} less to play this ability if you control "Maximilian"."
    assert full(imported, "VIN002-073")["judgment"]["reduction"] == {
        "cost": will(3),
        "condition": {"kind": "controls", "filter": mine(name="Maximilian")},
    }
    # Blazer Gill Rabus (SKL-094): "[J-Activate] {0}: Play this ability only if your opponent
    # controls a J-Ruler."
    judgment = shape(imported["SKL-094"].card)["judgment"]
    assert judgment["condition"] == {
        "kind": "controls",
        "filter": {"zone": "field", "types": ["j_ruler"], "controller": "opponent"},
    }


def test_an_atk_change_for_each(imported: dict[str, ImportedCard]) -> None:
    # Izanami's Curse (TMS-078): "Target resonator gains [-100/-100] for each card in your
    # graveyard until end of turn."
    assert full(imported, "TMS-078")["effects"] == [
        {
            "op": "modify",
            "atk": -100,
            "def": -100,
            "target": chosen("resonator"),
            "per": {"filter": {"zone": "graveyard", "types": [], "controller": "you"}},
        }
    ]


def test_a_trailing_if_and_a_condition_to_play_an_ability(imported: dict[str, ImportedCard]) -> None:
    # Ali Baba, The Earnest Worker (MPR-056): "[Activate] {Rest}: Draw a card if you have no
    # cards in your hand."
    assert full(imported, "MPR-056")["abilities"][0]["effects"] == [
        {
            "op": "if",
            "condition": {"kind": "hand", "negate": True},
            "effects": [{"op": "draw", "count": 1, "who": "you"}],
        }
    ]
    # Sanguine Arena (BFA-027): "{Rest}: This card deals 200 damage to each resonator. Play this
    # ability only if you control a resonator."
    ability = full(imported, "BFA-027")["abilities"][0]
    assert ability["condition"] == {
        "kind": "controls",
        "filter": {"zone": "field", "types": ["resonator"], "controller": "you"},
    }
    assert ability["effects"][0]["op"] == "deal_damage"
    # Shangri-La, the Paradise on the Ocean (SKL-044): "As long as you have five or more cards in
    # your hand, water resonators you control gain [+100/+100]."
    assert full(imported, "SKL-044")["abilities"][2]["condition"] == {"kind": "hand", "at_least": 5}
    # "... if able" is not a condition (VIN002-016: a "must block if able" restriction, no "if")
    assert full(imported, "VIN002-016")["abilities"][0]["effects"][0]["op"] == "restrict"


def test_for_each_card_in_the_chant_standby_area(imported: dict[str, ImportedCard]) -> None:
    # Remnants of Niflheim (BFA-073): "This card gains [+100/+100] for each card in your chant-standby area."
    standby = {"filter": {"zone": "standby", "types": [], "controller": "you"}}
    assert full(imported, "BFA-073")["abilities"] == [
        {"kind": "continuous", "modify_atk": 100, "modify_def": 100, "per": standby}
    ]
    # BFA-066: "Target J/resonator gains [-400/-400] for each card in your chant-standby area until end of turn."
    assert full(imported, "BFA-066")["effects"][0]["per"] == standby


def test_if_it_is_x_narrows_what_a_continuous_ability_affects(imported: dict[str, ImportedCard]) -> None:
    # Pitch Black Moon (TMS-081): "Your J-Ruler gains [+200/+200] as long as it's darkness."
    assert full(imported, "TMS-081")["abilities"][0] == {
        "kind": "continuous",
        "affects": {
            "kind": "all",
            "filter": {"zone": "field", "types": ["j_ruler"], "controller": "you", "attributes": ["B"]},
        },
        "modify_atk": 200,
        "modify_def": 200,
    }
    # Musketeer's Bayonet (CMF-072): "Resonator with this gains [+400/+0]. If it's a Musketeer,
    # it also gains [First Strike] and [Pierce]."
    host = {"kind": "host", "filter": {"zone": "field", "types": [], "races": ["Musketeer"]}}
    assert full(imported, "CMF-072")["abilities"] == [
        {"kind": "continuous", "modify_atk": 400},
        {"kind": "continuous", "affects": host, "grant": ["first_strike", "pierce"]},
    ]
    # Sweet Rose (MPR-016): "Added resonator gains [+300/+300]. If it's a Prince, it gains
    # [+600/+600] and [Target Attack] instead." (the first applies to non-Princes only)
    rose = full(imported, "MPR-016")["abilities"]
    assert [a["affects"]["filter"] for a in rose] == [
        {"zone": "field", "types": [], "not_races": ["Prince"]},
        {"zone": "field", "types": [], "races": ["Prince"]},
    ]
    assert (rose[1]["modify_atk"], rose[1]["grant"]) == (600, ["target_attack"])
    # "if it has no printed abilities" (TAT-052) narrows it too (test_import_branches_and_otherwise.py)
    assert imported["TAT-052"].status == "full"


def test_it_deals_that_much_more_instead_is_a_replacement(imported: dict[str, ImportedCard]) -> None:
    # Kusanagi Sword (VIN001-022): "If added resonator would deal damage, it deals that much +200 instead."
    more = {"kind": "replacement", "replaces": "deals_damage", "instead": "deal_more", "extra_damage": 200}
    assert full(imported, "VIN001-022")["abilities"][1] == more
    # Barrier of Flame (TTW-019): "If a normal spell you control would deal damage, it deals
    # that much +200 instead."
    spells = {"kind": "all", "filter": {"zone": "chase", "types": ["spell"], "controller": "you"}}
    assert full(imported, "TTW-019")["abilities"] == [{**more, "affects": spells}]
    # "double that much" does not commute with "+200": the controller of the dealer chooses the order
    # (9.10 p2.1; TAT-019, tests/fow/cards/damage/test_play_replacements_and_redirection.py)
    assert imported["TAT-019"].status == "full"


def test_this_card_enters_rested_if_a_condition_holds(imported: dict[str, ImportedCard]) -> None:
    # Shadow's Memoria (TTW-104): "If your J/ruler isn't "Girl in Twilight Garb" or "Dark Alice,
    # Maiden of Slaughter", this card enters your magic stone area rested."
    names = ["Girl in Twilight Garb", "Dark Alice, Maiden of Slaughter"]
    assert full(imported, "TTW-104")["abilities"][1] == {
        "kind": "replacement",
        "replaces": "self_enters",
        "instead": "enter_rested",
        "condition": {"kind": "ruler_is", "rulers": names, "j_rulers": names, "negate": True},
    }
    # Ruler's Memoria (TTW-102): "If you don't control a regalia, this card enters your magic stone area rested."
    assert full(imported, "TTW-102")["abilities"][1]["condition"] == {
        "kind": "controls",
        "filter": {"zone": "field", "types": ["regalia"], "controller": "you"},
        "negate": True,
    }


def test_amounts_equal_to_a_number_or_to_the_source_cards_stats(imported: dict[str, ImportedCard]) -> None:
    # Whirlpool of Knowledge (VIN001-044): "Draw cards equal to the number of different
    # attributes among resonators you control."
    assert full(imported, "VIN001-044")["effects"] == [
        {
            "op": "draw",
            "count": 1,
            "who": "you",
            "per": {"filter": {"zone": "field", "types": ["resonator"], "controller": "you"}, "distinct": "attributes"},
        }
    ]
    # Leila Peron (VIN002-027): "{R}{R},{Rest}: This card deals damage equal to its ATK to target resonator."
    assert full(imported, "VIN002-027")["abilities"][1]["effects"] == [
        {"op": "deal_damage", "amount": 0, "target": chosen("resonator"), "equal_to": "atk"}
    ]
    # Jeanne d'Arc (VIN001-008): "When this card is put into a graveyard from your field, you
    # gain life equal to its DEF."
    assert full(imported, "VIN001-008")["abilities"][1]["effects"] == [
        {"op": "gain_life", "amount": 0, "who": "you", "equal_to": "def"}
    ]
    # "its" after another object was named is not the source card (VIN001-075J: "... destroy
    # target resonator with total cost 3 or less. You gain life equal to its DEF."): that target's
    # (moves/test_import_mutual_damage_and_zone_moves.py)
    assert full(imported, "VIN001-075J")["abilities"][0]["effects"][1]["of_same"] is True


def test_what_you_put_into_a_field_this_turn(imported: dict[str, ImportedCard]) -> None:
    # Little Red Riding Hood (CMF-027): "[J-Activate] Pay {0}: You cannot play this ability if
    # you haven't put any Moon into a field this turn."
    moon = {"kind": "put_into_field", "filter": {"zone": "field", "types": [], "races": ["Moon"]}}
    assert full(imported, "CMF-027")["judgment"]["condition"] == moon
    # Fiend of Dark Pyre (MPR-080): "[J-Activate] Pay {0}. Play this ability only if you put a
    # Cthulhu into a field this turn."
    assert full(imported, "MPR-080")["judgment"]["condition"]["filter"]["races"] == ["Cthulhu"]
    # Crescent Moon Magician (TMS-002): "... it deals 600 damage to target rested resonator. If
    # damage was dealt this way, put two [+100/+100] counters on this card." ("did": FoW-5.5 9.3 p3)
    effects = full(imported, "TMS-002")["awakening"]["abilities"][0]["effects"]
    assert effects[1]["condition"] == {"kind": "did"}


def test_one_continuous_ability_per_sentence(imported: dict[str, ImportedCard]) -> None:
    # Schrödinger, the Fallen Black Cat (TTW-100): "As long as there are five or more cards in
    # your opponent's removed area, your J-Ruler gains [+500/+500]. As long as there are ten or
    # more cards in your opponent's removed area, your J-Ruler gains [Swiftness] and [Target Attack]."
    removed = {"zone": "removed", "types": [], "controller": "opponent"}
    j_ruler = {"kind": "all", "filter": {"zone": "field", "types": ["j_ruler"], "controller": "you"}}
    assert full(imported, "TTW-100")["abilities"][1:3] == [
        {
            "kind": "continuous",
            "affects": j_ruler,
            "modify_atk": 500,
            "modify_def": 500,
            "condition": {"kind": "controls", "filter": removed, "at_least": 5},
        },
        {
            "kind": "continuous",
            "affects": j_ruler,
            "grant": ["swiftness", "target_attack"],
            "condition": {"kind": "controls", "filter": removed, "at_least": 10},
        },
    ]


def test_instead_and_otherwise_act_on_the_same_targets(imported: dict[str, ImportedCard]) -> None:
    # Dragon King's Flame (TAT-023): "This card deals 600 damage to target player or resonator.
    # If your J/ruler is "Falltgold, the Dragoon" or "Bahamut, the Dragon King", it deals 800 damage instead."
    names = ["Falltgold, the Dragoon", "Bahamut, the Dragon King"]
    target = {**chosen("resonator"), "players_allowed": True}
    assert full(imported, "TAT-023")["effects"] == [
        {
            "op": "if",
            "condition": {"kind": "ruler_is", "rulers": names, "j_rulers": names},
            "effects": [{"op": "deal_damage", "amount": 800, "target": target}],
            "otherwise": [{"op": "deal_damage", "amount": 600, "target": target}],
            "same_targets": True,
        }
    ]
    # Black Miasma (MPR-076): "Target resonator gains [+300/+300] until end of turn if it's
    # darkness. Otherwise, it gains [-300/-300] until end of turn."
    miasma = full(imported, "MPR-076")["effects"][0]
    assert miasma["condition"] == {"kind": "target_is", "filter": {"zone": "field", "types": [], "attributes": ["B"]}}
    assert miasma["same_targets"] is True
    assert miasma["otherwise"][0]["target"] == miasma["effects"][0]["target"] == chosen("resonator")
    # Beat of the Phoenix Wings (TTW-020): "... each resonator without [Flying]. If your J/ruler
    # is "Sylvia Gill Palarilias", it deals 500 damage to each resonator instead." (no target)
    beat = full(imported, "TTW-020")["effects"][0]
    assert (beat["effects"][0]["target"]["kind"], beat["otherwise"][0]["target"]["kind"]) == ("all", "all")
    assert "same_targets" not in beat
    # after two effects, "instead" must replace one of its own kind, or it is not clear which
    raw = next(r for r in load_database(CARDS_JSON) if r["id"] == "TTW-020")
    text = (
        raw["abilities"][0].replace("[Flying]. ", "[Flying]. Draw a card. ").replace(", it deals", ", this card deals")
    )
    unclear = import_card({**raw, "abilities": [text]})
    assert unclear.status == "none" and "(which effect it replaces is not clear)" in unclear.gaps[0]


def test_it_deals_that_much_damage(imported: dict[str, ImportedCard]) -> None:
    # True Successor of Certo, Volga (BFA-028): "Whenever this card is dealt damage, it deals
    # that much damage to your opponent."
    assert full(imported, "BFA-028")["abilities"] == [
        {
            "kind": "automatic",
            "trigger": "dealt_damage",
            "effects": [{"op": "deal_damage", "amount": 0, "target": {"kind": "opponent"}, "that_much": True}],
        }
    ]


def test_a_judgment_reduction_in_its_own_paragraph(imported: dict[str, ImportedCard]) -> None:
    # The Observer (TMS-031): "[Judgment] {R}{R}{12}" / "You may pay {1} less to play this
    # ability for each card in your removed area."
    assert full(imported, "TMS-031")["judgment"] == {
        "cost": will(12, R=2),
        "j_ruler": "TMS-031J",
        "reduction": {"cost": will(1), "per": {"filter": {"zone": "removed", "types": [], "controller": "you"}}},
    }


def test_during_your_turn(imported: dict[str, ImportedCard]) -> None:
    # Lars, Inheritor of the Sacred Spirit (BFA-077): "Prevent all damage that would be dealt
    # to this card during your turn."
    assert full(imported, "BFA-077")["abilities"] == [
        {"kind": "replacement", "replaces": "self_damaged", "instead": "prevent", "condition": {"kind": "your_turn"}}
    ]


def test_as_long_as_it_has_a_counter_on_it(imported: dict[str, ImportedCard]) -> None:
    # Kai, the Frozen Heart (MPR-045): "This card cannot attack or block as long as it has a
    # frozen counter on it." "it" is this card, the subject: counters on this card
    assert full(imported, "MPR-045")["abilities"][1] == {
        "kind": "continuous",
        "rules": {"cannot_attack": True, "cannot_block": True},
        "condition": {"kind": "counters", "counter": "frozen"},
    }
    # Cinderella, the Valkyrie of Glass (SKL-037): "This card gains [+600/0] as long as it has
    # a glass counter on it."
    assert full(imported, "SKL-037")["abilities"][1] == {
        "kind": "continuous",
        "modify_atk": 600,
        "condition": {"kind": "counters", "counter": "glass"},
    }


def test_you_may_pay_and_if_you_do(imported: dict[str, ImportedCard]) -> None:
    # Sissei, the Ancient Forest (SKL-063): "Whenever a resonator is put into a graveyard from
    # your field, you may pay {G}{G}{1}. If you do, draw a card."
    assert full(imported, "SKL-063")["abilities"][1]["effects"] == [
        {"op": "may", "effects": [{"op": "pay", "will": will(G=2, free=1)}]},
        {"op": "if", "condition": {"kind": "did"}, "effects": [{"op": "draw", "count": 1, "who": "you"}]},
    ]
    # Rasputin (VIN001-070): "... you may pay 200 life. If you do, put it into its owner's hand."
    # the payment is understood; so is moving this card from the graveyard
    # (moves/test_import_mutual_damage_and_zone_moves.py)
    assert imported["VIN001-070"].status == "full"
