"""Importing conditions and durations of real Grimm/Alice cards (helper a_cond):

* "Your opponent discards two cards. If your Ruler is "A" or your J-Ruler is "B" or "C", he or
  she discards two cards at random instead.": the chosen discard while the condition does not
  hold, the same discard at random (FoW-5.5 10.20 p1) while it does (9.3 p3.2).

The engine side is in ``tests/fow/cards/conditions/test_play_ruler_names_and_cost_reductions.py``."""

from __future__ import annotations

import pytest

from domain.fow.importer import ImportedCard
from tests.fow.cards.import_support import full, imported_database


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportedCard]:
    return imported_database()


PANDORA = {
    "kind": "ruler_is",
    "rulers": ["Pandora, Girl of the Box"],
    "j_rulers": ["Pandora of Light", "Pandora of Dark"],
}


def test_spiral_of_despair_discards_at_random_instead(imported: dict[str, ImportedCard]) -> None:
    # Spiral of Despair (CMF-093): "Your opponent discards two cards. If your Ruler is "Pandora, Girl
    # of the Box" or your J-Ruler is "Pandora of Light" or "Pandora of Dark", he or she discards two
    # cards at random instead."
    card = full(imported, "CMF-093")
    discard = {"op": "discard", "count": 2, "who": "opponent"}
    assert card["effects"] == [
        {"op": "if", "condition": {**PANDORA, "negate": True}, "effects": [discard]},
        {"op": "if", "condition": PANDORA, "effects": [{**discard, "at_random": True}]},
    ]


SELF = {"kind": "self", "filter": {"zone": "graveyard", "types": []}}
FIRE_STONES = {"zone": "stone_area", "types": ["magic_stone"], "controller": "you", "stone_types": ["Fire Magic Stone"]}


def test_gilles_de_rais_counts_and_banishes_of_your_fire_magic_stones(imported: dict[str, ImportedCard]) -> None:
    # Gilles de Rais, the Golden Dragon (CMF-024): "[Continuous]: This card gains [+200/+0] for each
    # of your fire magic stone."  "[Continuous]: When this card is destroyed, you may banish three of
    # your fire magic stones. If you do, put this card from its owner's graveyard into your field."
    card = full(imported, "CMF-024")
    gains, destroyed = card["abilities"]
    assert gains == {"kind": "continuous", "modify_atk": 200, "per": {"filter": FIRE_STONES}}
    assert destroyed == {
        "kind": "automatic",
        "trigger": "destroyed",
        "effects": [
            {"op": "may", "effects": [{"op": "banish", "filter": FIRE_STONES, "count": 3, "who": "you"}]},
            {"op": "if", "condition": {"kind": "did"}, "effects": [{"op": "put_into_field", "target": SELF}]},
        ],
    }


def test_you_may_pay_less_to_play_card_soldier_resonators(imported: dict[str, ImportedCard]) -> None:
    # Queen of Hearts (TAT-086): "[Continuous]: You may pay {1} less to play Card Soldier resonators."
    # "[Enter]: Put up to one target card named "Card Soldier "Spade"", up to one target card named
    # "Card Soldier "Club"", up to one target card named "Card Soldier "Diamond"" and up to one target
    # card named "Card Soldier "Heart"" from your graveyard into your hand."
    reduction, enter, _ = full(imported, "TAT-086")["abilities"]
    assert reduction == {
        "kind": "continuous",
        "cost_change": {
            "of": "spell",
            "who": "you",
            "less": 1,
            "optional": True,
            "filter": {"zone": "hand", "types": ["resonator"], "races": ["Card Soldier"]},
        },
    }
    names = [f'Card Soldier "{suit}"' for suit in ("Spade", "Club", "Diamond", "Heart")]
    assert enter["trigger"] == "enter"
    assert enter["effects"] == [
        {
            "op": "return_to_hand",
            "target": {
                "kind": "chosen",
                "filter": {"zone": "graveyard", "types": [], "controller": "you", "name": name},
                "up_to": True,
            },
        }
        for name in names
    ]


def test_you_may_pay_less_to_play_a_card_with_the_same_name_in_your_graveyard(
    imported: dict[str, ImportedCard],
) -> None:
    # Akashic Records of Eternal Flame (MPR-019): "[Continuous]: You may pay {2} less to play a card
    # if a card with the same name is in your graveyard."
    [reduction] = full(imported, "MPR-019")["abilities"]
    assert reduction == {
        "kind": "continuous",
        "cost_change": {"of": "spell", "who": "you", "less": 2, "optional": True, "same_name_in_graveyard": True},
    }


def test_musketeer_reduction_on_a_ruler_and_this_card_stays_the_old_reduction(
    imported: dict[str, ImportedCard],
) -> None:
    # "You may pay {1} less to play Musketeer resonators." (CMF-074, a ruler) is the same ability;
    # "You may pay {1} less to play this card" is still the card's own cost reduction.
    musketeers = next(a for a in imported["CMF-074"].card.abilities if a.cost_change is not None)
    assert musketeers.cost_change is not None and musketeers.cost_change.filter is not None
    assert musketeers.cost_change.filter.races == ["Musketeer"]
    own = [c for c in imported.values() if c.card is not None and c.card.cost_reduction is not None]
    assert own and all(not any(a.cost_change for a in c.card.abilities) for c in own if c.card is not None)


def test_sacred_scepter_grants_rest_and_if_demon_cannot_be_recovered(imported: dict[str, ImportedCard]) -> None:
    # Sacred Scepter of Exorcism (TAT-015): '[Continuous]: Resonator with this gains "[Activate]
    # {Rest}: Rest target resonator. If it's a Demon, it cannot be recovered as long as this card is in
    # a field."'  "it" is the rested target; "this card" the card that has the ability.
    [granting] = full(imported, "TAT-015")["abilities"]
    [granted] = granting["grant_abilities"]
    assert granted["cost"] == {"rest": True}
    assert granted["effects"] == [
        {"op": "rest", "target": {"kind": "chosen", "filter": {"zone": "field", "types": ["resonator"]}}},
        {
            "op": "if",
            "condition": {"kind": "target_is", "filter": {"zone": "field", "types": [], "races": ["Demon"]}},
            "effects": [
                {
                    "op": "restrict",
                    "target": {"kind": "same"},
                    "rules": ["cannot_be_recovered"],
                    "duration": "source_in_field",
                }
            ],
        },
    ]


def test_juliet_nightmare_resonators_lose_nightmare_and_gain_fairy_tale(imported: dict[str, ImportedCard]) -> None:
    # Juliet, the Hope (CMF-008): "[Continuous]: As long as you control "Romeo, the Despair", each
    # Nightmare resonator loses Nightmare and gains Fairy Tale."
    romeo = {
        "kind": "controls",
        "filter": {"zone": "field", "types": [], "controller": "you", "name": "Romeo, the Despair"},
    }
    _, change = full(imported, "CMF-008")["abilities"]
    assert change == {
        "kind": "continuous",
        "affects": {"kind": "all", "filter": {"zone": "field", "types": ["resonator"], "races": ["Nightmare"]}},
        "condition": romeo,
        "race_change": {"lose": ["Nightmare"], "gain": ["Fairy Tale"]},
    }


def test_apollosphere_banish_this_card_rather_than_pay_the_cost(imported: dict[str, ImportedCard]) -> None:
    # Apollosphere, the Moon Lance (MPR-037): "[Continuous]: Added J/resonator gains [+400/+0]."
    # "[Continuous]: You may banish this card rather than pay the cost of a water [Spell:Chant-Instant]."
    gains, instead = full(imported, "MPR-037")["abilities"]
    assert gains == {"kind": "continuous", "modify_atk": 400}
    water_instants = {"zone": "hand", "types": ["spell"], "attributes": ["U"], "subtypes": ["chant_instant"]}
    assert instead == {"kind": "continuous", "banish_rather_than_pay": water_instants}
