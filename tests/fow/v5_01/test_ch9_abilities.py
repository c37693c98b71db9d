"""FoW-5.01 9 (cards and abilities), played under the 5.01 ruleset: abilities and effects,
where abilities are active, continuous and activated abilities, one time, continuous and
replacement effects, and last known information."""

from __future__ import annotations

from typing import Any

from domain.fow.characteristics import characteristics
from tests.fow.support import cmd, find, rejected, run, types
from tests.fow.test_rules_5_01 import card, pass_until, put
from tests.fow.v5_01.support_b import CHOSEN, at_main, cites, moves_of, play, resonator, spell

ANTHEM = resonator(
    "T-ANTHEM",
    100,
    100,
    abilities=[{"kind": "continuous", "affects": {"kind": "all", "filter": {"controller": "you"}}, "modify_atk": 200}],
)
TAPPER = resonator(
    "T-TAPPER",
    100,
    100,
    abilities=[
        {
            "kind": "activate",
            "cost": {"rest": True},
            "effects": [{"op": "deal_damage", "amount": 100, "target": {"kind": "opponent"}}],
        }
    ],
)
EXTRA: dict[str, dict[str, Any]] = {
    "T-ANTHEM": ANTHEM,
    "T-TAPPER": TAPPER,
    "T-HUSH": spell("T-HUSH", [{"op": "lose_abilities", "target": CHOSEN}], "chant_instant"),
    "T-PHOENIX": resonator(
        "T-PHOENIX",
        500,
        500,
        abilities=[{"kind": "replacement", "replaces": "self_destroyed", "instead": "return_to_hand"}],
    ),
}


def atk(state: Any, oid: str) -> int | None:
    return characteristics(state, oid).atk


def test_a_one_time_effect_ends_at_once_and_a_continuous_effect_lasts_its_duration() -> None:
    """5.01 9.1 p2.1: a one time effect does something and its applying ends just after that;
    9.1 p2.2: a continuous effect applies in its duration ("until end of turn")."""
    # given p1's bear in the field under 5.01
    state, f = at_main(EXTRA, bear="p1:T-BEAR")
    # when p1 deals 500 damage to p2 and gives the bear +200/+200 until end of turn
    play(state, "p1", "T-BOLT", ["p2"])
    events = play(state, "p1", "T-GROW", [f["bear"]])
    # then the damage is done and nothing of it lasts; the +200 lasts until the end of the turn
    assert state.players["p2"].life == 3500
    created = find(events, "ContinuousEffectCreated")
    assert [e.id for e in state.effects] == [created.data["id"]] and atk(state, f["bear"]) == 700
    pass_until(state, lambda s: s.turn == 4)
    assert state.effects == [] and atk(state, f["bear"]) == 500 and state.players["p2"].life == 3500


def test_abilities_of_a_resonator_are_active_only_while_it_is_in_a_field() -> None:
    """5.01 9.2 p1, p1.1: abilities on a J/resonator are active while the card is in a field;
    9.4 p1: a continuous ability applies its effect as long as it is active."""
    # given p1's bear in the field and p1's anthem (your resonators +200 ATK) in the hand
    state, f = at_main(EXTRA, bear="p1:T-BEAR", anthem="p1:T-ANTHEM:hand")
    # then the anthem in the hand does nothing
    assert atk(state, f["bear"]) == 500
    # when the anthem is put into the field, then its ability applies; when it leaves, it stops
    put(state, f["anthem"], "field")
    assert atk(state, f["bear"]) == 700
    put(state, f["anthem"], "graveyard")
    assert atk(state, f["bear"]) == 500


def test_an_activated_ability_is_played_only_where_it_is_active() -> None:
    """5.01 9.2 p1.1 and 9.5 p1, p2: an activated ability is played by its controller, following
    the rules of playing abilities, while it is active: not from the hand."""
    state, f = at_main(EXTRA, tapper="p1:T-TAPPER:hand")
    refusal = rejected(state, cmd("ActivateAbility", "p1", source=f["tapper"], ability=0))
    assert refusal.code == "rules/not_your_card" and cites(refusal.rule, "7.8 p2", "on a card he or she control")


def test_a_rest_ability_waits_until_the_resonator_was_in_the_playground_since_the_turn_began() -> None:
    """5.01 9.5 p3: an activated ability of a resonator with the rest symbol in its required
    action can be played if it is in your playground continuously from the beginning of the turn."""
    # given a tapper put into p1's field in turn 1 and another put there this turn
    state, f = at_main(EXTRA, old="p1:T-TAPPER")
    fresh = card(state, "p1", "T-TAPPER", to="field")
    # when p1 plays the rest ability of the fresh one, then of the old one
    refusal = rejected(state, cmd("ActivateAbility", "p1", source=fresh, ability=0))
    # then the fresh one is refused with 5.01 9.5 p3, the old one is played by resting it
    assert refusal.code == "rules/summoning_sickness"
    assert cites(refusal.rule, "9.5 p3", "continuously from the beginning of this turn")
    events = run(state, cmd("ActivateAbility", "p1", source=f["old"], ability=0))
    assert find(events, "AbilityPlayed").data["source"] == f["old"]
    assert cites(find(events, "CardRested").rule, "10.12 p2", "to rest this recovered card")
    assert state.objects[f["old"]].rested and not state.objects[fresh].rested


def test_a_one_time_effect_is_performed_when_it_resolves() -> None:
    """5.01 9.8 p1: Bolt deals its 500 damage when it resolves, not when it is played."""
    state, _ = at_main(EXTRA)
    bolt = card(state, "p1", "T-BOLT")
    stone = card(state, "p1", "T-STONE", to="stone_area")
    run(state, cmd("PlayCard", "p1", card=bolt, targets=["p2"], pay_with=[{"source": stone}]))
    assert state.players["p2"].life == 4000 and state.objects[bolt].zone == "chase"
    events = run(state, cmd("Pass", "p1")) + run(state, cmd("Pass", "p2"))
    assert find(events, "DamageDealt").data["amount"] == 500 and state.players["p2"].life == 3500


def test_abilities_are_removed_before_values_change_and_printed_information_stays() -> None:
    """5.01 9.9 p1.1-p1.4: the card's information is the base; effects that remove abilities
    apply before effects that change values; 9.9 p7: the printed information is without effects."""
    # given p1's bear beside p1's anthem (+200 ATK to p1's resonators)
    state, f = at_main(EXTRA, bear="p1:T-BEAR", anthem="p1:T-ANTHEM")
    assert atk(state, f["bear"]) == 700
    # when the anthem loses its abilities and the bear gains +200/+200
    play(state, "p1", "T-HUSH", [f["anthem"]])
    play(state, "p1", "T-GROW", [f["bear"]])
    # then only the +200 of Grow is applied, on the printed 500
    assert atk(state, f["bear"]) == 700 and characteristics(state, f["anthem"]).abilities == []
    assert characteristics(state, f["bear"]).card.atk == 500


def test_a_replacement_effect_applies_instead_and_the_original_never_happens() -> None:
    """5.01 9.10 p1: the original situation never happens, only the replaced one; 9.10 p3: the
    replacement is applied once, no player is asked whether to apply it."""
    # given p2's phoenix ("if this would be destroyed, return it to its owner's hand instead")
    state, f = at_main(EXTRA, phoenix="p2:T-PHOENIX")
    # when p1's bolt deals it 500 damage (its DEF)
    events = play(state, "p1", "T-BOLT", [f["phoenix"]])
    # then it goes to the hand, never to the graveyard, and no choice was asked
    assert [to for to, _ in moves_of(events, f["phoenix"])] == ["hand"]
    assert cites(moves_of(events, f["phoenix"])[0][1], "9.10 p1", "original situation never happens")
    assert "ChoiceRequested" not in types(events[types(events).index("DamageDealt") :])
    assert state.objects[f["phoenix"]].zone == "hand"


def test_a_card_that_left_the_field_is_referred_to_by_its_last_known_information() -> None:
    """5.01 9.11 p1: information of a card that moved (not from playground to playground) is
    its information in the former zone: the bear's ATK/DEF with Grow and its damage."""
    state, f = at_main(EXTRA, bear="p1:T-BEAR")
    play(state, "p1", "T-GROW", [f["bear"]])
    play(state, "p1", "T-BOLT", [f["bear"]])
    events = play(state, "p1", "T-BOLT", [f["bear"]])
    moved = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == f["bear"])
    assert moved.data["to"] == "graveyard"
    assert moved.data["last_known"] == {"controller": "p1", "atk": 700, "def": 700, "skills": [], "damage": 1000}
    assert characteristics(state, f["bear"]).atk == 500  # in the graveyard it is a new card without effects
