"""FoW-5.5 12 keyword skills (Awakening, Incarnation, Quickcast, God's Art, Stealth,
Remnant, Evolution, Shift) as "given events / when command / then" specifications."""

from __future__ import annotations

from typing import Any

from domain.fow.state import GameState
from tests.fow.support import cmd, find, rejected, run, types
from tests.fow.test_ch8_battle import atk_def, card, given, pass_until, ready, resolve, to_main, will

R1 = {"attribute": {"R": 1}}


def resonator(cid: str, atk: int, def_: int, cost: dict[str, Any] | None = None, **more: Any) -> dict[str, Any]:
    return {
        "id": cid,
        "name": cid.title(),
        "type": "resonator",
        "cost": cost or R1,
        "attributes": more.pop("attributes", ["R"]),
        "atk": atk,
        "def": def_,
        **more,
    }


def gods_art(name: str) -> dict[str, Any]:
    return {
        "kind": "activate",
        "name": name,
        "gods_art": True,
        "cost": {"will": R1},
        "effects": [{"op": "deal_damage", "amount": 300, "target": {"kind": "opponent"}}],
    }


EXTRA: dict[str, dict[str, Any]] = {
    "T-FLARE": {
        "id": "T-FLARE",
        "name": "Flare",
        "type": "spell",
        "subtype": "chant",
        "cost": R1,
        "attributes": ["R"],
        "effects": [{"op": "deal_damage", "amount": 300, "target": {"kind": "chosen", "players_allowed": True}}],
        "awakening": {"cost": R1, "effects": [{"op": "gain_life", "amount": 500, "who": "you"}]},
    },
    "T-DRAKE": resonator(
        "T-DRAKE",
        500,
        500,
        awakening={"cost": R1, "abilities": [{"kind": "continuous", "modify_atk": 300, "modify_def": 300}]},
    ),
    "T-AVATAR": resonator("T-AVATAR", 1000, 1000, {"attribute": {"R": 2}, "free": 1}, incarnation=[["R"]]),
    "T-AVATAR2": resonator(
        "T-AVATAR2", 1200, 1200, {"attribute": {"R": 2}, "free": 2}, incarnation=[["U", "G"], ["R"]]
    ),
    "T-FISH": resonator("T-FISH", 200, 200, {"attribute": {"U": 1}}, attributes=["U"]),
    "T-FLASH": resonator("T-FLASH", 400, 400, skills=["quickcast"]),
    "T-HERO": resonator("T-HERO", 500, 500, abilities=[gods_art("Grand Slash")]),
    "T-HERO2": resonator("T-HERO2", 500, 500, abilities=[gods_art("Grand Slash"), gods_art("Final Blow")]),
    "T-NEGATE": {
        "id": "T-NEGATE",
        "name": "Negate",
        "type": "spell",
        "subtype": "chant_instant",
        "cost": R1,
        "attributes": ["R"],
        "effects": [{"op": "cancel"}],
    },
    "T-SNEAK": {
        "id": "T-SNEAK",
        "name": "Sneak Attack",
        "type": "spell",
        "subtype": "chant",
        "cost": {"attribute": {"R": 3}},
        "attributes": ["R"],
        "stealth": "you_play_resonator",
        "effects": [{"op": "deal_damage", "amount": 300, "target": {"kind": "opponent"}}],
    },
    "T-ECHO": {
        "id": "T-ECHO",
        "name": "Echo",
        "type": "spell",
        "subtype": "chant",
        "cost": R1,
        "attributes": ["R"],
        "remnant": True,
        "effects": [{"op": "deal_damage", "amount": 200, "target": {"kind": "opponent"}}],
    },
    "T-EVO": resonator("T-EVO", 400, 400, evolution=R1),
    "T-PAST": resonator("T-PAST", 300, 300, shift=R1, other_side="T-FUTURE"),
    "T-PAST2": resonator("T-PAST2", 300, 300, shift=R1, other_side="T-FUTURE", skills=["quickcast"]),
    "T-FUTURE": resonator("T-FUTURE", 1000, 1000, {"attribute": {"R": 2}}, skills=["flying"]),
}


def moved(events: list[Any], oid: str) -> list[Any]:
    return [e for e in events if e.type == "CardMoved" and e.data["oid"] == oid]


# --- 12.1 Awakening ----------------------------------------------------------------------------


def test_an_awakened_spell_pays_the_additional_cost_and_resolves_with_the_extra_text() -> None:
    state, _ = ready(EXTRA)
    flare = card(state, "p1", "T-FLARE")
    will(state, "p1", "R", "R")
    events = run(state, cmd("PlayCard", "p1", card=flare, targets=["p2"], awaken=True))
    assert find(events, "CardPlayed").data["awakened"] is True
    paid = [e for e in events if e.type == "WillPaid"]
    assert [(e.data["will"], e.data["for"], e.rule) for e in paid] == [
        (["R"], "Flare", "FoW-5.5 10.2 p1"),
        (["R"], "[Awakening] of Flare", "FoW-5.5 10.2 p1"),
    ]
    events = resolve(state)
    assert find(events, "DamageDealt").data["amount"] == 300
    gained = next(e for e in events if e.type == "LifeChanged" and e.data["player"] == "p1")
    assert (gained.data, gained.rule) == ({"player": "p1", "delta": 500, "life": 4500}, "FoW-5.5 1.5 p4")


def test_a_spell_played_without_awakening_has_only_its_own_text() -> None:
    state, _ = ready(EXTRA)
    flare = card(state, "p1", "T-FLARE")
    will(state, "p1", "R", "R")
    events = run(state, cmd("PlayCard", "p1", card=flare, targets=["p2"]))
    assert find(events, "CardPlayed").data["awakened"] is False
    events = resolve(state)
    assert [e.data["player"] for e in events if e.type == "LifeChanged"] == ["p2"]
    assert state.players["p1"].will == ["R"]  # the awakening cost was not paid


def test_awakening_is_paid_in_full_or_the_card_is_not_played() -> None:
    state, _ = ready(EXTRA)
    flare = card(state, "p1", "T-FLARE")
    will(state, "p1", "R")
    refusal = rejected(state, cmd("PlayCard", "p1", card=flare, targets=["p2"], awaken=True))
    assert (refusal.code, refusal.rule) == ("rules/cannot_pay", "FoW-5.5 10.2 p4")
    assert "[Awakening] of Flare" in refusal.message


def test_only_a_card_with_awakening_can_be_awakened() -> None:
    state, _ = ready(EXTRA)
    bolt = card(state, "p1", "T-BOLT")
    will(state, "p1", "R", "R")
    refusal = rejected(state, cmd("PlayCard", "p1", card=bolt, targets=["p2"], awaken=True))
    assert (refusal.code, refusal.rule) == ("rules/no_awakening", "FoW-5.5 12.1 p2")


def test_an_awakened_resonator_enters_with_the_abilities_and_keeps_them() -> None:
    state, _ = ready(EXTRA)
    drake = card(state, "p1", "T-DRAKE")
    will(state, "p1", "R", "R")
    run(state, cmd("PlayCard", "p1", card=drake, awaken=True))
    events = resolve(state)
    (entered,) = moved(events, drake)
    assert (entered.data["to"], entered.data["awakened"], entered.rule) == ("field", True, "FoW-5.5 7.1 p3")
    assert atk_def(state, drake) == (800, 800)
    pass_until(state, lambda s: s.turn == 4)
    assert atk_def(state, drake) == (800, 800)  # not lost at the end of the turn (12.1 p3)


# --- 12.2 Incarnation --------------------------------------------------------------------------


def test_incarnation_banishes_a_resonator_instead_of_paying_the_cost() -> None:
    state, f = ready(EXTRA, bear="p1:T-BEAR")
    avatar = card(state, "p1", "T-AVATAR")
    events = run(state, cmd("PlayCard", "p1", card=avatar, incarnation=[f["bear"]]))
    assert "WillPaid" not in types(events)
    (banished,) = moved(events, f["bear"])
    assert (banished.data["to"], banished.data["reason"], banished.rule, banished.actor) == (
        "graveyard",
        "banish",
        "FoW-5.5 12.2 p2",
        "p1",
    )
    resolve(state)
    assert state.objects[avatar].zone == "field"


def test_incarnation_needs_a_resonator_of_the_listed_attribute() -> None:
    state, f = ready(EXTRA, fish="p1:T-FISH")
    avatar = card(state, "p1", "T-AVATAR")
    refusal = rejected(state, cmd("PlayCard", "p1", card=avatar, incarnation=[f["fish"]]))
    assert (refusal.code, refusal.rule) == ("rules/incarnation", "FoW-5.5 12.2 p2.1")


def test_incarnation_banishes_exactly_one_resonator_per_listed_attribute() -> None:
    state, f = ready(EXTRA, bear="p1:T-BEAR", wall="p1:T-WALL")
    avatar = card(state, "p1", "T-AVATAR")
    refusal = rejected(state, cmd("PlayCard", "p1", card=avatar, incarnation=[f["bear"], f["wall"]]))
    assert (refusal.code, refusal.rule) == ("rules/incarnation", "FoW-5.5 12.2 p2")
    refusal = rejected(state, cmd("PlayCard", "p1", card=avatar, incarnation=[]))
    assert (refusal.code, refusal.rule) == ("rules/incarnation", "FoW-5.5 12.2 p2")


def test_incarnation_cannot_banish_the_opponents_resonator() -> None:
    state, f = ready(EXTRA, theirs="p2:T-BEAR")
    avatar = card(state, "p1", "T-AVATAR")
    refusal = rejected(state, cmd("PlayCard", "p1", card=avatar, incarnation=[f["theirs"]]))
    assert (refusal.code, refusal.rule) == ("rules/banish_not_controlled", "FoW-5.5 10.10 p2")


def test_incarnation_with_alternative_attributes_takes_any_of_them() -> None:
    """12.2 p2.2: [U or G] is fulfilled by a water resonator; [R] by a fire one."""
    state, f = ready(EXTRA, fish="p1:T-FISH", bear="p1:T-BEAR")
    avatar = card(state, "p1", "T-AVATAR2")
    refusal = rejected(state, cmd("PlayCard", "p1", card=avatar, incarnation=[f["bear"], f["fish"]]))
    assert (refusal.code, refusal.rule) == ("rules/incarnation", "FoW-5.5 12.2 p2.1")
    events = run(state, cmd("PlayCard", "p1", card=avatar, incarnation=[f["fish"], f["bear"]]))
    banished = [e for e in events if e.type == "CardMoved" and e.data["reason"] == "banish"]
    assert [(e.data["oid"], e.rule) for e in banished] == [
        (f["fish"], "FoW-5.5 12.2 p2"),
        (f["bear"], "FoW-5.5 12.2 p2"),
    ]


# --- 12.3 Quickcast ------------------------------------------------------------------------------


def test_a_quickcast_resonator_is_played_in_the_opponents_turn() -> None:
    state, _ = ready(EXTRA)
    run(state, cmd("Pass", "p1"))
    flash, bear = card(state, "p2", "T-FLASH"), card(state, "p2", "T-BEAR")
    will(state, "p2", "R")
    refusal = rejected(state, cmd("PlayCard", "p2", card=bear))
    assert (refusal.code, refusal.rule) == ("rules/not_your_turn", "FoW-5.5 7.1 p1")
    events = run(state, cmd("PlayCard", "p2", card=flash))
    assert find(events, "CardPlayed").rule == "FoW-5.5 7.1 p2"
    events = resolve(state)
    (entered,) = moved(events, flash)
    assert (entered.data["to"], entered.data["controller"], entered.rule) == ("field", "p2", "FoW-5.5 7.1 p3")


def test_a_quickcast_resonator_is_played_during_a_battle_and_in_response() -> None:
    state, _ = ready(EXTRA)
    run(state, cmd("InitiateBattle", "p1"))
    flash, bear, flash2 = card(state, "p1", "T-FLASH"), card(state, "p1", "T-BEAR"), card(state, "p1", "T-FLASH")
    will(state, "p1", "R", "R")
    refusal = rejected(state, cmd("PlayCard", "p1", card=bear))
    assert (refusal.code, refusal.rule) == ("rules/in_battle", "FoW-5.5 7.1 p1")
    run(state, cmd("PlayCard", "p1", card=flash))
    run(state, cmd("PlayCard", "p1", card=flash2))  # with the chase area not empty
    assert [c.source for c in state.chase] == [flash, flash2]


def test_quickcast_must_be_on_the_side_being_played() -> None:
    """12.3 p2.1: [Quickcast] on the past side does not let the future side be played at
    instant timing."""
    state, _ = ready(EXTRA)
    run(state, cmd("Pass", "p1"))
    past = card(state, "p2", "T-PAST2")
    will(state, "p2", "R", "R")
    refusal = rejected(state, cmd("PlayCard", "p2", card=past, side="future"))
    assert (refusal.code, refusal.rule) == ("rules/not_your_turn", "FoW-5.5 7.1 p1")
    events = run(state, cmd("PlayCard", "p2", card=past))
    assert find(events, "CardPlayed").data["card"] == "T-PAST2"


# --- 12.4 God's Art ------------------------------------------------------------------------------


def test_a_gods_art_is_played_once_per_game() -> None:
    state, f = ready(EXTRA, hero="p1:T-HERO")
    will(state, "p1", "R")
    events = run(state, cmd("ActivateAbility", "p1", source=f["hero"], ability=0))
    played = find(events, "AbilityPlayed")
    assert (played.data["gods_art"], played.rule) == ("Grand Slash", "FoW-5.5 12.4 p2")
    events = resolve(state)
    assert find(events, "DamageDealt").data["amount"] == 300
    to_main(state, turn=5)
    will(state, "p1", "R")
    refusal = rejected(state, cmd("ActivateAbility", "p1", source=f["hero"], ability=0))
    assert (refusal.code, refusal.rule) == ("rules/gods_art_used", "FoW-5.5 12.4 p2")


def test_gods_arts_are_counted_by_name() -> None:
    """9.1 p1.4: abilities with the same name are the same ability; 12.4 p3: each name once."""
    state, f = ready(EXTRA, hero="p1:T-HERO", hero2="p1:T-HERO2")
    will(state, "p1", "R", "R")
    run(state, cmd("ActivateAbility", "p1", source=f["hero"], ability=0))
    resolve(state)
    refusal = rejected(state, cmd("ActivateAbility", "p1", source=f["hero2"], ability=0))
    assert (refusal.code, refusal.rule) == ("rules/gods_art_used", "FoW-5.5 12.4 p2")
    events = run(state, cmd("ActivateAbility", "p1", source=f["hero2"], ability=1))
    assert find(events, "AbilityPlayed").data["gods_art"] == "Final Blow"


def test_a_canceled_gods_art_still_counts_as_played() -> None:
    state, f = ready(EXTRA, hero="p1:T-HERO")
    will(state, "p1", "R", "R")
    events = run(state, cmd("ActivateAbility", "p1", source=f["hero"], ability=0))
    item = find(events, "AbilityPlayed").data["item"]
    run(state, cmd("Pass", "p1"))
    negate = card(state, "p2", "T-NEGATE")
    will(state, "p2", "R")
    run(state, cmd("PlayCard", "p2", card=negate, targets=[item]))
    events = resolve(state)
    assert find(events, "ChaseItemCanceled").data == {
        "item": item,
        "by": find(events, "ResolutionStarted").data["item"],
    }
    assert not state.chase
    refusal = rejected(state, cmd("ActivateAbility", "p1", source=f["hero"], ability=0))
    assert (refusal.code, refusal.rule) == ("rules/gods_art_used", "FoW-5.5 12.4 p2")


# --- 12.5 Stealth ----------------------------------------------------------------------------------


def stealth_setup() -> tuple[GameState, str, str]:
    state, _ = ready(EXTRA)
    sneak, bear = card(state, "p1", "T-SNEAK"), card(state, "p1", "T-BEAR")
    will(state, "p1", "R", "R")
    run(state, cmd("PutIntoStandby", "p1", card=sneak))
    return state, sneak, bear


def test_stealth_plays_the_card_from_standby_without_its_cost_in_the_same_turn() -> None:
    state, sneak, bear = stealth_setup()
    will(state, "p1", "R")
    events = run(state, cmd("PlayCard", "p1", card=bear))
    trig = find(events, "AbilityTriggered")
    assert (trig.data["source"], trig.data["kind"], trig.rule) == (sneak, "stealth", "FoW-5.5 12.5 p2")
    asked = find(events, "ChoiceRequested")
    assert (asked.data["kind"], asked.data["player"], asked.rule) == ("trigger", "p1", "FoW-5.5 6.2 p2")
    events = run(state, cmd("PlayTriggered", "p1", trigger=trig.data["trigger"]))
    assert types(events)[:3] == ["CardRevealed", "CardMoved", "CardPlayed"]
    played = find(events, "CardPlayed")
    assert (played.data["source"], played.data["from"], played.rule) == (sneak, "standby", "FoW-5.5 12.5 p2")
    assert "WillPaid" not in types(events)
    events = resolve(state)
    assert find(events, "LifeChanged").data == {"player": "p2", "delta": -300, "life": 3700}
    assert state.objects[sneak].zone == "graveyard"


def test_stealth_may_be_declined() -> None:
    state, sneak, bear = stealth_setup()
    will(state, "p1", "R")
    events = run(state, cmd("PlayCard", "p1", card=bear))
    trig = find(events, "AbilityTriggered")
    events = run(state, cmd("DeclineTrigger", "p1", trigger=trig.data["trigger"]))
    discarded = find(events, "TriggerDiscarded")
    assert (discarded.data["trigger"], discarded.rule) == (trig.data["trigger"], "FoW-5.5 7.9 p2")
    assert state.objects[sneak].zone == "standby"


def test_stealth_works_only_from_the_chant_standby_area() -> None:
    state, _ = ready(EXTRA)
    card(state, "p1", "T-SNEAK")  # in the hand
    bear = card(state, "p1", "T-BEAR")
    will(state, "p1", "R")
    events = run(state, cmd("PlayCard", "p1", card=bear))
    assert "AbilityTriggered" not in types(events)


# --- 12.6 Remnant ------------------------------------------------------------------------------------


def test_a_remnant_card_is_played_from_the_graveyard_and_then_removed() -> None:
    state, _ = ready(EXTRA)
    echo = card(state, "p1", "T-ECHO", to="graveyard")
    will(state, "p1", "R")
    events = run(state, cmd("PlayCard", "p1", card=echo))
    (to_chase,) = moved(events, echo)
    assert (to_chase.data["from"], to_chase.data["to"], to_chase.data["from_remnant"]) == ("graveyard", "chase", True)
    played = find(events, "CardPlayed")  # [Remnant] permits the play, not 7.3 p2 ("from their hand only")
    assert (played.data["from"], played.rule) == ("graveyard", "FoW-5.5 12.6 p2")
    assert find(events, "WillPaid").data["will"] == ["R"]
    events = resolve(state)
    assert find(events, "DamageDealt").data == {
        "source": echo,
        "target": "p2",
        "amount": 200,
        "battle": False,
        "to_card": False,
    }
    (removed,) = moved(events, echo)
    assert (removed.data["to"], removed.rule) == ("removed", "FoW-5.5 12.6 p2")
    assert state.objects[echo].zone == "removed"


def test_a_remnant_card_played_from_the_hand_goes_to_the_graveyard() -> None:
    state, _ = ready(EXTRA)
    echo = card(state, "p1", "T-ECHO")
    will(state, "p1", "R")
    assert find(run(state, cmd("PlayCard", "p1", card=echo)), "CardPlayed").rule == "FoW-5.5 7.3 p2"
    events = resolve(state)
    (done,) = moved(events, echo)
    assert (done.data["to"], done.rule) == ("graveyard", "FoW-5.5 7.3 p3")


def test_a_canceled_remnant_card_is_removed_from_the_game() -> None:
    state, _ = ready(EXTRA)
    echo = card(state, "p1", "T-ECHO", to="graveyard")
    will(state, "p1", "R")
    events = run(state, cmd("PlayCard", "p1", card=echo))
    item = find(events, "CardPlayed").data["item"]
    run(state, cmd("Pass", "p1"))
    negate = card(state, "p2", "T-NEGATE")
    will(state, "p2", "R")
    run(state, cmd("PlayCard", "p2", card=negate, targets=[item]))
    events = resolve(state)
    (removed,) = moved(events, echo)
    assert (removed.data["to"], removed.rule) == ("removed", "FoW-5.5 12.6 p2")


def test_a_card_without_remnant_cannot_be_played_from_the_graveyard() -> None:
    state, _ = ready(EXTRA)
    bolt = card(state, "p1", "T-BOLT", to="graveyard")
    will(state, "p1", "R")
    refusal = rejected(state, cmd("PlayCard", "p1", card=bolt, targets=["p2"]))
    assert (refusal.code, refusal.rule) == ("rules/not_in_hand", "FoW-5.5 12.6 p2")


# --- 12.7 Evolution ----------------------------------------------------------------------------------


def test_evolution_puts_an_evolution_counter_only_if_there_is_none() -> None:
    state, f = ready(EXTRA, evo="p1:T-EVO")
    will(state, "p1", "R", "R")
    events = run(state, cmd("ActivateAbility", "p1", source=f["evo"], ability="evolution"))
    played = find(events, "AbilityPlayed")
    assert (played.data["kind"], played.rule) == ("evolution", "FoW-5.5 12.7 p2")
    assert find(events, "WillPaid").data["will"] == ["R"]
    events = resolve(state)
    counter = find(events, "CounterPut")
    assert (counter.data, counter.rule) == ({"oid": f["evo"], "counter": "evolution", "count": 1}, "FoW-5.5 12.7 p2")
    run(state, cmd("ActivateAbility", "p1", source=f["evo"], ability="evolution"))
    events = resolve(state)
    assert find(events, "ChaseItemResolved").rule == "FoW-5.5 12.7 p2"
    assert "CounterPut" not in types(events)
    assert state.objects[f["evo"]].counters == {"evolution": 1}


def test_only_a_card_with_evolution_can_evolve() -> None:
    state, f = ready(EXTRA, bear="p1:T-BEAR")
    will(state, "p1", "R")
    refusal = rejected(state, cmd("ActivateAbility", "p1", source=f["bear"], ability="evolution"))
    assert (refusal.code, refusal.rule) == ("rules/no_evolution", "FoW-5.5 12.7 p2")


# --- 12.8 Shift ---------------------------------------------------------------------------------------


def test_a_shift_card_can_be_played_future_side_up_paying_that_sides_cost() -> None:
    state, _ = ready(EXTRA)
    past = card(state, "p1", "T-PAST")
    will(state, "p1", "R")
    refusal = rejected(state, cmd("PlayCard", "p1", card=past, side="future"))
    assert (refusal.code, refusal.rule) == ("rules/cannot_pay", "FoW-5.5 10.2 p4")
    will(state, "p1", "R")
    events = run(state, cmd("PlayCard", "p1", card=past, side="future"))
    assert find(events, "CardPlayed").data["card"] == "T-FUTURE"
    assert find(events, "WillPaid").data["will"] == ["R", "R"]
    events = resolve(state)
    assert "CardShifted" not in types(events)  # playing it future side up is not "to shift" (12.8 p2.1)
    assert state.objects[past].zone == "field" and state.objects[past].side == "future"
    assert state.card_of(past).id == "T-FUTURE" and atk_def(state, past) == (1000, 1000)


def test_a_card_without_shift_has_no_future_side_to_play() -> None:
    state, _ = ready(EXTRA)
    bear = card(state, "p1", "T-BEAR")
    will(state, "p1", "R", "R")
    refusal = rejected(state, cmd("PlayCard", "p1", card=bear, side="future"))
    assert (refusal.code, refusal.rule) == ("rules/no_shift", "FoW-5.5 12.8 p1")


def test_shifting_turns_the_card_future_side_up_keeping_its_damage() -> None:
    state, f = ready(EXTRA, past="p1:T-PAST")
    given(state, "DamageDealt", rule="FoW-5.5 10.6 p1", source="given", target=f["past"], amount=200, to_card=True)
    will(state, "p1", "R")
    events = run(state, cmd("ActivateAbility", "p1", source=f["past"], ability="shift"))
    played = find(events, "AbilityPlayed")
    assert (played.data["kind"], played.rule) == ("shift", "FoW-5.5 12.8 p2")
    events = resolve(state)
    shifted = find(events, "CardShifted")
    assert (shifted.data, shifted.rule) == ({"oid": f["past"], "side": "future"}, "FoW-5.5 12.8 p2.1")
    assert state.card_of(f["past"]).id == "T-FUTURE" and atk_def(state, f["past"]) == (1000, 1000)
    assert state.objects[f["past"]].damage == 200  # still the same card (14.3 p2.3)
    will(state, "p1", "R")
    refusal = rejected(state, cmd("ActivateAbility", "p1", source=f["past"], ability="shift"))
    assert (refusal.code, refusal.rule) == ("rules/already_shifted", "FoW-5.5 12.8 p2")


def test_shift_is_played_only_at_main_timing() -> None:
    state, f = ready(EXTRA, past="p1:T-PAST")
    run(state, cmd("InitiateBattle", "p1"))
    will(state, "p1", "R")
    refusal = rejected(state, cmd("ActivateAbility", "p1", source=f["past"], ability="shift"))
    assert (refusal.code, refusal.rule) == ("rules/in_battle", "FoW-5.5 12.8 p2")
