"""LL-2.04 8.2.4 (an effect causes attacks to not happen), 9.6.2.2.1 (choosing X), 9.7.5
(delayed triggers), 9.7.6 (conditional triggers) and 9.9.1.7 (timestamp order of continuous
effects), with the catalog cards LL-TST-013 to LL-TST-019."""

from __future__ import annotations

from typing import Any

from domain.kernel import Event
from domain.ll import engine
from domain.ll.characteristics import characteristics
from domain.ll.state import GameState
from tests.ll.support import (
    advance_until,
    cmd,
    deck,
    deploy_given,
    find,
    find_all,
    given,
    hand_card,
    level_up,
    pending,
    put,
    rejected,
    run,
    start_game,
    stock_up,
    to_main,
)


def game(p1: dict[str, int] | None = None, p2: dict[str, int] | None = None) -> GameState:
    state, _ = start_game(deck(p1 or {}), deck(p2 or {}))
    to_main(state, "p1")
    return state


# --- 8.2.4 --------------------------------------------------------------------------------------


def test_an_effect_that_causes_attacks_to_not_happen_skips_the_attack() -> None:
    """LL-2.04 8.2.4: "... or if an effect causes attacks to not happen, he or she
    automatically chooses to perform no action (8.2.4.2)"."""
    state = game({"LL-TST-013": 1})
    level_up(state, "p1", 1)  # Attack Limit 1 (8.2.3)
    study = deploy_given(state, "p1", "LL-TST-013", ["FC"])
    deploy_given(state, "p1", "LL-TST-900", ["FL"])
    hand = len(state.zones["p1"]["hand"])
    events = run(state, cmd("UseAbility", "p1", source=study, ability=0))
    assert find(events, "ContinuousEffectCreated", no_attacks=True).rule == "LL-2.04 8.2.4"
    assert len(state.zones["p1"]["hand"]) == hand + 2
    events = run(state, cmd("EndMainPhase", "p1"))
    ended = find(events, "AttacksEnded")
    assert ended.rule == "LL-2.04 8.2.4" and ended.data["auto"] is True
    assert ended.data["why"] == "an effect causes attacks to not happen"
    assert not find_all(events, "BattleBegan")
    # "this turn" only (7.7.7): on p1's next turn the members may attack again
    advance_until(state, "main", "p1")
    run(state, cmd("EndMainPhase", "p1"))
    assert pending(state) == ("attack", "p1")


def test_without_the_effect_the_same_board_may_attack() -> None:
    """LL-2.04 8.2.4 (control case): standing members, a circle and Attack Limit 1 give the choice."""
    state = game({"LL-TST-013": 1})
    level_up(state, "p1", 1)
    deploy_given(state, "p1", "LL-TST-013", ["FC"])
    deploy_given(state, "p1", "LL-TST-900", ["FL"])
    run(state, cmd("EndMainPhase", "p1"))
    assert pending(state) == ("attack", "p1")


PEACEKEEPER: dict[str, Any] = {
    "id": "LL-TST-972",
    "name": "Peacekeeper",
    "type": "logicalist",
    "power": 1000,
    "abilities": [{"kind": "continuous", "prevents_attacks": "opponent", "condition": "opponent_turn"}],
}


def test_a_continuous_ability_can_cause_attacks_to_not_happen() -> None:
    """LL-2.04 8.2.4 with a continuous ability: "during your opponent's turn, your opponent
    cannot attack" on p2's field ends p1's attacks automatically."""
    state, _ = start_game(deck(), deck({"LL-TST-972": 1}), extra=[PEACEKEEPER])
    to_main(state, "p1")
    level_up(state, "p1", 1)
    deploy_given(state, "p1", "LL-TST-900", ["FL"])
    deploy_given(state, "p2", "LL-TST-972", ["FC"])
    events = run(state, cmd("EndMainPhase", "p1"))
    ended = find(events, "AttacksEnded")
    assert ended.rule == "LL-2.04 8.2.4" and ended.data["why"] == "an effect causes attacks to not happen"


# --- 9.6.2.2.1 choosing X -------------------------------------------------------------------------


def test_the_player_chooses_x_when_playing_and_pays_x() -> None:
    """LL-2.04 9.6.2.2.1: X not fixed by the text is chosen (>= 0) and applies to every X;
    here "[(X)] draw X cards": X from the Stock, X draws."""
    state = game({"LL-TST-017": 1})
    scholar = deploy_given(state, "p1", "LL-TST-017", ["FC"])
    stock_up(state, "p1", 3 - len(state.zones["p1"]["stock"]))
    offered = sorted(
        int(c.args["x"])
        for c in engine.legal_actions(state, "p1")
        if c.type == "UseAbility" and c.args.get("source") == scholar
    )
    assert offered == [0, 1, 2, 3]  # 4 would cost (4): the Stock holds 3 (9.6.2.3.2)
    hand = len(state.zones["p1"]["hand"])
    events = run(state, cmd("UseAbility", "p1", source=scholar, ability=0, x=2))
    chosen = find(events, "XChosen")
    assert chosen.rule == "LL-2.04 9.6.2.2.1" and chosen.data["x"] == 2
    assert find(events, "CostPaid").data["stock"] == 2
    assert len(state.zones["p1"]["hand"]) == hand + 2 and len(state.zones["p1"]["stock"]) == 1
    assert pending(state) == ("main", "p1")


def test_x_zero_does_nothing_and_bad_x_is_refused() -> None:
    """LL-2.04 9.6.2.2.1 (X >= 0, at most the card's bound), 9.6.2.3.2 (the cost must be payable)."""
    state = game({"LL-TST-017": 1, "LL-TST-019": 1})
    scholar = deploy_given(state, "p1", "LL-TST-017", ["FC"])
    stock_up(state, "p1", 1 - len(state.zones["p1"]["stock"]))
    for bad in (None, -1, 5, "two", True):
        r = rejected(state, cmd("UseAbility", "p1", source=scholar, ability=0, x=bad))
        assert (r.code, r.rule) == ("rules/choose_x", "LL-2.04 9.6.2.2.1"), bad
    r = rejected(state, cmd("UseAbility", "p1", source=scholar, ability=0, x=2))
    assert (r.code, r.rule) == ("rules/cannot_pay", "LL-2.04 9.6.2.3.2")
    other = deploy_given(state, "p1", "LL-TST-019", ["FL"])
    r = rejected(state, cmd("UseAbility", "p1", source=other, ability=0, x=1))
    assert (r.code, r.rule) == ("rules/no_x", "LL-2.04 9.6.2.2.1")
    hand = len(state.zones["p1"]["hand"])
    events = run(state, cmd("UseAbility", "p1", source=scholar, ability=0, x=0))
    assert find(events, "XChosen").data["x"] == 0 and len(state.zones["p1"]["hand"]) == hand
    assert len(state.zones["p1"]["stock"]) == 1


# --- 9.7.5 delayed triggers -------------------------------------------------------------------------


def test_a_delayed_trigger_triggers_later_and_only_once() -> None:
    """LL-2.04 9.7.5: an effect creates an auto ability triggering later; 9.7.5.1: without a
    duration it triggers only once."""
    state = game({"LL-TST-014": 1})
    stock_up(state, "p1", 1)
    courier = deploy_given(state, "p1", "LL-TST-014", ["FC"])
    events = run(state, cmd("UseAbility", "p1", source=courier, ability=0))
    created = find(events, "DelayedTriggerCreated")
    assert created.rule == "LL-2.04 9.7.5" and created.data["trigger"] == "start_of_end_phase"
    assert characteristics(state, courier).power == 5000 and state.objects[courier].zone == "circle"
    events = advance_until(state, "main", "p2")
    triggered = find(events, "AbilityTriggered", source=courier)
    assert triggered.rule == "LL-2.04 9.7.5.1" and triggered.data["trigger"] == "start_of_end_phase"
    assert find(events, "CardMoved", oid=courier).data["to"] == "hand"
    assert not state.delayed
    put(state, courier, "circle", circles=["FC"])
    events = advance_until(state, "main", "p1")  # p2's end phase, then p1's turn
    assert not [e for e in find_all(events, "AbilityTriggered") if e.data["source"] == courier]
    assert state.objects[courier].zone == "circle"


def test_a_delayed_trigger_about_this_card_does_nothing_to_a_new_card() -> None:
    """LL-2.04 9.7.7: the delayed trigger is played even though its card changed zones;
    4.1.5: the card that came back is a new card, so "this member" no longer exists."""
    state = game({"LL-TST-014": 1})
    stock_up(state, "p1", 1)
    courier = deploy_given(state, "p1", "LL-TST-014", ["FC"])
    run(state, cmd("UseAbility", "p1", source=courier, ability=0))
    put(state, courier, "hand")
    put(state, courier, "circle", circles=["FL"])
    events = advance_until(state, "main", "p2")
    assert find(events, "AbilityPlayed", source=courier).rule == "LL-2.04 9.7.7"
    assert not [e for e in find_all(events, "CardMoved") if e.data["oid"] == courier]
    assert state.objects[courier].zone == "circle"


def test_a_delayed_trigger_with_a_duration_triggers_every_time_until_it_ends() -> None:
    """LL-2.04 9.7.5.1 ("unless a duration is specified"): "for this turn, at the start of
    each of your Attack Declaration Steps" triggers at each one and ends with the turn (7.7.7)."""
    state = game({"LL-TST-015": 1})
    level_up(state, "p1", 2)
    drummer = deploy_given(state, "p1", "LL-TST-015", ["BC"])
    attacker = deploy_given(state, "p1", "LL-TST-900", ["FL"])
    deploy_given(state, "p1", "LL-TST-901", ["FR"])
    run(state, cmd("UseAbility", "p1", source=drummer, ability=0))
    events = run(state, cmd("EndMainPhase", "p1"))
    events += advance_until(state, "attack", "p1")
    first = [e for e in find_all(events, "AbilityTriggered") if e.data["source"] == drummer]
    assert [e.rule for e in first] == ["LL-2.04 9.7.5"]
    assert find(events, "AbilityPlayed", source=drummer).rule == "LL-2.04 9.7.7"
    events = run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    events += advance_until(state, "attack", "p1")
    again = [e for e in find_all(events, "AbilityTriggered") if e.data["source"] == drummer]
    assert len(again) == 1 and state.delayed  # the second Attack Declaration Step
    events = run(state, cmd("EndAttacks", "p1"))
    events += advance_until(state, "main", "p2")  # through p1's End Phase (a hand limit may ask)
    assert find(events, "DelayedTriggersEnded").rule == "LL-2.04 7.7.7"
    assert not state.delayed


# --- 9.7.6 conditional triggers ---------------------------------------------------------------------


def test_a_conditional_trigger_is_primed_once_when_its_condition_is_met() -> None:
    """LL-2.04 9.7.6.1: "when you have no cards in your hand" is primed when the hand becomes
    empty; after it resolved (a card drawn) the condition is not met, so it is not primed again
    until the hand is empty again."""
    state = game({"LL-TST-016": 1})
    deploy_given(state, "p1", "LL-TST-016", ["FC"])
    last = hand_card(state, "p1", "LL-TST-900")
    for oid in list(state.zones["p1"]["hand"]):
        if oid != last:
            put(state, oid, "drop")
    top = hand_card(state, "p1", "LL-TST-901")
    put(state, top, "deck")  # the top of the deck: what the Sage draws
    events = run(state, cmd("Deploy", "p1", card=last, circles=["FL"]))
    triggered = find_all(events, "AbilityTriggered")
    assert [e.rule for e in triggered] == ["LL-2.04 9.7.6.1"]
    assert state.zones["p1"]["hand"] == [top] and pending(state) == ("main", "p1")
    events = run(state, cmd("Deploy", "p1", card=top, circles=["FR"]))
    assert [e.rule for e in find_all(events, "AbilityTriggered")] == ["LL-2.04 9.7.6.1"]
    assert len(state.zones["p1"]["hand"]) == 1


def test_a_conditional_trigger_is_not_primed_while_its_condition_is_not_met() -> None:
    """LL-2.04 9.7.6 (control case): with cards in hand nothing triggers."""
    state = game({"LL-TST-016": 1})
    deploy_given(state, "p1", "LL-TST-016", ["FC"])
    member = hand_card(state, "p1", "LL-TST-900")
    hand_card(state, "p1", "LL-TST-901")
    events = run(state, cmd("Deploy", "p1", card=member, circles=["FL"]))
    assert not find_all(events, "AbilityTriggered")


# --- 9.9.1.7 timestamps ---------------------------------------------------------------------------------


def test_value_setting_effects_apply_in_timestamp_order() -> None:
    """LL-2.04 9.9.1.7: a continuous ability's timestamp is when its card was placed
    (9.9.1.7.1; for members, when last moved to a circle from a non-circle zone), a played
    ability's when it was played (9.9.1.7.2); the later one applies last."""
    state = game({"LL-TST-018": 1, "LL-TST-019": 1})
    even = deploy_given(state, "p1", "LL-TST-018", ["FL"])  # CONT: all members' power becomes 4000
    ray = deploy_given(state, "p1", "LL-TST-019", ["FR"])  # STARTUP: a member's power becomes 1000
    target = deploy_given(state, "p2", "LL-TST-900", ["FC"])
    assert characteristics(state, target).power == 4000  # 9.9.1.4
    run(state, cmd("UseAbility", "p1", source=ray, ability=0))
    run(state, cmd("Choose", "p1", choice=[target]))
    assert characteristics(state, target).power == 1000  # played after Even Ground was placed
    run(state, cmd("Rearrange", "p1", moves={even: ["BL"]}))
    assert characteristics(state, target).power == 1000  # circle to circle keeps the timestamp
    put(state, even, "hand")
    put(state, even, "circle", circles=["FL"])
    assert characteristics(state, target).power == 4000  # placed again: now the later one


# --- 9.10 replacement effects --------------------------------------------------------------------------


def defender_loses(state: GameState, defender_card: str) -> tuple[str, str, list[Event]]:
    """Given p1's 3000-power attacker and p2's weaker ``defender_card`` in FC; when p1 attacks
    it and both pass Logic Definition: the defender loses and would be stocked (8.5.6)."""
    level_up(state, "p1", 1)
    attacker = deploy_given(state, "p1", "LL-TST-900", ["FC"])
    defender = deploy_given(state, "p2", defender_card, ["FC"])
    run(state, cmd("EndMainPhase", "p1"))
    run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    run(state, cmd("PassLogic", "p2"))
    events = run(state, cmd("PassLogic", "p1"))
    assert find(events, "BattleDecided").data["winner"] == "attacker"
    return attacker, defender, events


def test_the_affected_player_chooses_which_of_several_replacement_effects_applies() -> None:
    """LL-2.04 9.10.2: several replacement effects for one event: the affected player (the
    controller of the card, 9.10.2.2) chooses the order; the one applied changes the event, so
    the other ("would be stocked") no longer applies (9.10.1)."""
    state = game({}, {"LL-TST-060": 1, "LL-TST-062": 1})
    medic = deploy_given(state, "p2", "LL-TST-060", ["BL"])
    quartermaster = deploy_given(state, "p2", "LL-TST-062", ["BR"])
    _, defender, events = defender_loses(state, "LL-TST-900")
    assert pending(state) == ("replacement", "p2")
    asked = find(events, "ChoiceRequested", kind="replacement")
    assert asked.rule == "LL-2.04 9.10.2" and asked.data["options"]["options"] == [f"{medic}:0", f"{quartermaster}:0"]
    offered = [c.args["choice"] for c in engine.legal_actions(state, "p2") if c.type == "Choose"]
    assert offered == [f"{medic}:0", f"{quartermaster}:0"]
    r = rejected(state, cmd("Choose", "p2", choice="none"))
    assert (r.code, r.rule) == ("rules/illegal_choice", "LL-2.04 9.10.2")
    r = rejected(state, cmd("Choose", "p1", choice=f"{medic}:0"))
    assert r.code == "rules/not_your_decision"
    events = run(state, cmd("Choose", "p2", choice=f"{quartermaster}:0"))
    assert find(events, "ReplacementChosen").rule == "LL-2.04 9.10.2"
    applied = find_all(events, "ReplacementApplied")
    assert [(e.data["source"], e.rule) for e in applied] == [(quartermaster, "LL-2.04 9.10.1")]
    moved = find(events, "CardMoved", oid=defender)
    assert (moved.data["to"], moved.data.get("position"), moved.rule) == ("deck", "bottom", "LL-2.04 9.10.1.1")
    assert state.zones["p2"]["deck"][0] == defender and state.pending is not None


def test_one_replacement_effect_applies_without_asking() -> None:
    """LL-2.04 9.10.1 (control case): a single mandatory replacement effect just applies."""
    state = game({}, {"LL-TST-060": 1})
    medic = deploy_given(state, "p2", "LL-TST-060", ["BL"])
    _, defender, events = defender_loses(state, "LL-TST-900")
    assert not [e for e in find_all(events, "ChoiceRequested") if e.data["kind"] == "replacement"]
    assert find(events, "ReplacementApplied").data["source"] == medic
    assert state.objects[defender].zone == "hand"


def test_an_optional_replacement_effect_may_be_declined() -> None:
    """LL-2.04 9.2.2.3.2: "you may instead [pay (1)]. If so, ...": declining it, the original
    event happens (8.5.6 stocks the defender)."""
    state = game({}, {"LL-TST-061": 1})
    stock_up(state, "p2", 1)
    _, reservist, events = defender_loses(state, "LL-TST-061")
    asked = find(events, "ChoiceRequested", kind="replacement")
    assert asked.rule == "LL-2.04 9.2.2.3.2" and asked.data["options"]["may_decline"] is True
    offered = [c.args["choice"] for c in engine.legal_actions(state, "p2") if c.type == "Choose"]
    assert offered == [f"{reservist}:0", "none"]
    events = run(state, cmd("Choose", "p2", choice="none"))
    assert find(events, "ReplacementChosen").rule == "LL-2.04 9.2.2.3.2"
    assert not find_all(events, "ReplacementApplied") and not find_all(events, "CostPaid")
    moved = find(events, "CardMoved", oid=reservist)
    assert (moved.data["to"], moved.rule) == ("stock", "LL-2.04 8.5.6")


def test_an_optional_replacement_effect_applied_pays_its_choice() -> None:
    """LL-2.04 9.2.2.3.2: choosing the optional replacement, its choice (pay (1)) is done and
    the member goes to the bottom of the deck instead of the Stock."""
    state = game({}, {"LL-TST-061": 1})
    stock_up(state, "p2", 1)
    _, reservist, _ = defender_loses(state, "LL-TST-061")
    paid = state.zones["p2"]["stock"][-1]
    events = run(state, cmd("Choose", "p2", choice=f"{reservist}:0"))
    applied = find(events, "ReplacementApplied")
    assert applied.rule == "LL-2.04 9.2.2.3.2" and applied.data["optional"] is True
    assert find(events, "CostPaid").data == {"player": "p2", "stock": 1, "for": "Reservist"}
    assert state.objects[paid].zone == "drop" and state.zones["p2"]["deck"][0] == reservist


def test_an_optional_replacement_whose_choice_cannot_be_done_does_not_apply() -> None:
    """LL-2.04 9.10.3: with an empty Stock the (1) cannot be paid: the replacement does not
    apply and nobody is asked."""
    state = game({}, {"LL-TST-061": 1})
    for oid in list(state.zones["p2"]["stock"]):
        put(state, oid, "drop")
    _, reservist, events = defender_loses(state, "LL-TST-061")
    assert not [e for e in find_all(events, "ChoiceRequested") if e.data["kind"] == "replacement"]
    assert state.objects[reservist].zone == "stock"


def test_each_replacement_effect_applies_at_most_once_to_an_event() -> None:
    """LL-2.04 9.10.2.3: Ashen Knight "stocked -> drop instead", then Gravekeeper "dropped ->
    stock instead"; Ashen Knight's effect does not apply a second time, so it is stocked."""
    state = game({}, {"LL-TST-063": 1, "LL-TST-064": 1})
    keeper = deploy_given(state, "p2", "LL-TST-063", ["BL"])
    _, knight, events = defender_loses(state, "LL-TST-064")
    applied = find_all(events, "ReplacementApplied")
    assert [(e.data["source"], e.data["instead_of"], e.data["instead"]) for e in applied] == [
        (knight, "stocked", "drop"),
        (keeper, "dropped", "stock"),
    ]
    moved = find_all([e for e in events if e.type == "CardMoved" and e.data["oid"] == knight], "CardMoved")
    assert [(e.data["to"], e.rule) for e in moved] == [("stock", "LL-2.04 9.10.1.1")]


def test_a_replacement_choice_in_the_middle_of_an_effect_resumes_it() -> None:
    """LL-2.04 9.10.2 inside an effect (9.6.2.4): "stock 2 of your opponent's members": the
    first one goes to hand by the only replacement, the second asks its controller (its own
    optional effect or Field Medic's); the effect then finishes without moving the first again."""
    state = game({"LL-TST-065": 1}, {"LL-TST-060": 1, "LL-TST-061": 1})
    officer = deploy_given(state, "p1", "LL-TST-065", ["FC"])
    plain = deploy_given(state, "p2", "LL-TST-900", ["FL"])
    reservist = deploy_given(state, "p2", "LL-TST-061", ["FR"])
    medic = deploy_given(state, "p2", "LL-TST-060", ["BC"])
    stock_up(state, "p2", 1)
    run(state, cmd("UseAbility", "p1", source=officer, ability=0))
    events = run(state, cmd("Choose", "p1", choice=[plain, reservist]))
    assert find(events, "ReplacementApplied", oid=plain).data["source"] == medic
    assert state.objects[plain].zone == "hand"
    assert pending(state) == ("replacement", "p2")
    assert state.pending is not None and state.pending.options["options"] == [f"{reservist}:0", f"{medic}:0"]
    events = run(state, cmd("Choose", "p2", choice=f"{reservist}:0"))
    assert [e.data["oid"] for e in find_all(events, "CardMoved") if e.data["oid"] in (plain, reservist)] == [reservist]
    assert state.zones["p2"]["deck"][0] == reservist and state.objects[plain].zone == "hand"
    assert pending(state) == ("main", "p1") and state.replacing is None


def test_deploying_onto_a_member_asks_about_its_optional_replacement() -> None:
    """LL-2.04 5.12.2.1 with 9.2.2.3.2: the member already on the circle would be dropped;
    its controller may apply its optional replacement (pay (1), return it to hand instead),
    and the Deploy then completes."""
    state = game({"LL-TST-067": 1})
    guard = deploy_given(state, "p1", "LL-TST-067", ["FC"])
    stock_up(state, "p1", 1)
    newcomer = hand_card(state, "p1", "LL-TST-900")
    events = run(state, cmd("Deploy", "p1", card=newcomer, circles=["FC"]))
    assert find(events, "ChoiceRequested", kind="replacement").rule == "LL-2.04 9.2.2.3.2"
    assert pending(state) == ("replacement", "p1") and state.objects[newcomer].zone == "resolution"  # 4.16.1
    events = run(state, cmd("Choose", "p1", choice=f"{guard}:0"))
    assert find(events, "ReplacementApplied").data["instead"] == "return_to_hand"
    assert state.objects[guard].zone == "hand"
    placed = find(events, "CardMoved", oid=newcomer)
    assert (placed.data["to"], placed.rule) == ("circle", "LL-2.04 5.12.2")
    assert pending(state) == ("main", "p1") and state.replacing is None


def test_declining_the_replacement_of_a_member_deployed_onto_drops_it() -> None:
    """LL-2.04 5.12.2.1 (control case): declined, the member is dropped as the rule says."""
    state = game({"LL-TST-067": 1})
    guard = deploy_given(state, "p1", "LL-TST-067", ["FC"])
    stock_up(state, "p1", 1)
    newcomer = hand_card(state, "p1", "LL-TST-900")
    run(state, cmd("Deploy", "p1", card=newcomer, circles=["FC"]))
    events = run(state, cmd("Choose", "p1", choice="none"))
    dropped = find(events, "CardMoved", oid=guard)
    assert (dropped.data["to"], dropped.rule) == ("drop", "LL-2.04 5.12.2.1")
    assert state.objects[newcomer].circles == ["FC"] and pending(state) == ("main", "p1")


def test_a_trance_onto_a_member_asks_about_its_replacement_and_then_completes() -> None:
    """LL-2.04 5.13.1.2.1 with 5.12.2.1 and 9.2.2.3.2: the Tranceunion goes onto the Stubborn
    Guard's circle; the Guard's controller applies its optional replacement, then the Trance
    completes (5.35.1) and the Covenants of the pair trigger (11.2.1).  Meanwhile the pair is in
    the Soul (5.13.1.3) and the Tranceunion waits in the open Resolution Zone, not the hand (4.16.1,
    4.16.1.1), and leaves it for the circle."""
    state, _ = start_game(
        deck({"LL-TST-001": 1, "LL-TST-003": 1, "LL-TST-004": 1, "LL-TST-007": 1, "LL-TST-067": 1}), deck()
    )
    to_main(state, "p1")
    level_up(state, "p1", 1, card="LL-TST-001")
    stock_up(state, "p1", 3)
    ren = deploy_given(state, "p1", "LL-TST-003", ["FL"])
    lyra = deploy_given(state, "p1", "LL-TST-004", ["FR"])
    guard = deploy_given(state, "p1", "LL-TST-067", ["FC"])
    tu = hand_card(state, "p1", "LL-TST-007")
    hand = len(state.zones["p1"]["hand"])
    run(state, cmd("Trance", "p1", materials=[ren, lyra], tranceunion=tu, circles=["FC"]))
    assert pending(state) == ("replacement", "p1") and state.zones["p1"]["resolution"] == [tu]
    seen = engine.view(state, "p2")["players"]["p1"]["zones"]  # type: ignore[index]
    assert seen["hand"]["count"] == hand - 1 and [c["oid"] for c in seen["resolution"]] == [tu]  # type: ignore[index]
    assert sorted(state.soul(tu)) == sorted([ren, lyra])
    events = run(state, cmd("Choose", "p1", choice=f"{guard}:0"))
    assert find(events, "CardMoved", oid=tu, to="circle").data["from"] == "resolution"
    assert state.objects[guard].zone == "hand" and state.objects[tu].circles == ["FC"]
    assert find(events, "TranceCompleted").rule == "LL-2.04 5.35.1"
    assert {e.data["source"] for e in find_all(events, "AbilityTriggered") if e.rule == "LL-2.04 11.2.1"} == {ren, lyra}


def test_an_auto_ability_with_x_asks_for_x_as_it_resolves() -> None:
    """LL-2.04 9.6.2.2.1 for an auto ability: "When this member is deployed, [(X)] draw X":
    its controller chooses X (at most what the Stock can pay), then pays (X) (9.6.2.3)."""
    state = game({"LL-TST-068": 1})
    stock_up(state, "p1", 2 - len(state.zones["p1"]["stock"]))
    reader = hand_card(state, "p1", "LL-TST-068")
    events = run(state, cmd("Deploy", "p1", card=reader, circles=["FC"]))
    asked = find(events, "ChoiceRequested", kind="number")
    assert asked.rule == "LL-2.04 9.6.2.2.1" and (asked.data["options"]["min"], asked.data["options"]["max"]) == (0, 2)
    assert [c.args["choice"] for c in engine.legal_actions(state, "p1") if c.type == "Choose"] == [0, 1, 2]
    r = rejected(state, cmd("Choose", "p1", choice=3))
    assert (r.code, r.rule) == ("rules/choose_x", "LL-2.04 9.6.2.2.1")
    hand = len(state.zones["p1"]["hand"])
    events = run(state, cmd("Choose", "p1", choice=2))
    assert find(events, "XChosen").data["x"] == 2 and find(events, "CostPaid").data["stock"] == 2
    assert len(state.zones["p1"]["hand"]) == hand + 2 and not state.zones["p1"]["stock"]
    assert pending(state) == ("main", "p1")


# --- implemented rules of 9.7 and 12.5 that had no test of their own ------------------------------------

TOLL_KEEPER: dict[str, Any] = {
    "id": "LL-TST-970",
    "name": "Toll Keeper",
    "type": "logicalist",
    "power": 1000,
    "abilities": [{"kind": "auto", "trigger": "deployed", "cost": {"stock": 2}, "effects": [{"op": "draw"}]}],
}
HUNTER: dict[str, Any] = {
    "id": "LL-TST-971",
    "name": "Gate Hunter",
    "type": "logicalist",
    "power": 1000,
    "abilities": [
        {
            "kind": "startup",
            "effects": [
                {
                    "op": "for_every",
                    "x": "opponent_destroyed_gates",
                    "effects": [{"op": "rest", "target": {"filter": {"zone": "circle", "controller": "opponent"}}}],
                }
            ],
        }
    ],
}


def test_a_primed_auto_ability_that_cannot_be_played_is_cancelled() -> None:
    """LL-2.04 9.7.3.2: its cost (2) cannot be paid from an empty Stock: one primed instance is
    cancelled and nothing resolves."""
    state, _ = start_game(deck({"LL-TST-970": 1}), deck(), extra=[TOLL_KEEPER])
    to_main(state, "p1")
    for oid in list(state.zones["p1"]["stock"]):
        put(state, oid, "drop")
    keeper = hand_card(state, "p1", "LL-TST-970")
    hand = len(state.zones["p1"]["hand"])
    events = run(state, cmd("Deploy", "p1", card=keeper, circles=["FC"]))
    canceled = find(events, "PrimedCanceled")
    assert canceled.rule == "LL-2.04 9.7.3.2" and canceled.data["why"] == "cost cannot be paid"
    assert not find_all(events, "AbilityPlayed") and len(state.zones["p1"]["hand"]) == hand - 1
    assert not state.primed and pending(state) == ("main", "p1")


def test_for_every_x_never_chooses_the_same_thing_twice() -> None:
    """LL-2.04 12.5.3: "for every destroyed gate of your opponent, rest 1 of their members":
    with 2 destroyed gates the second choice cannot be the first member again."""
    state, _ = start_game(deck({"LL-TST-971": 1}), deck(), extra=[HUNTER])
    to_main(state, "p1")
    for loc in ("FL", "FR"):
        gate = state.gate_at("p2", loc)
        assert gate is not None
        given_destroyed(state, gate)
    hunter = deploy_given(state, "p1", "LL-TST-971", ["FC"])
    first = deploy_given(state, "p2", "LL-TST-900", ["FL"])
    second = deploy_given(state, "p2", "LL-TST-901", ["FR"])
    deploy_given(state, "p2", "LL-TST-902", ["FC"])
    run(state, cmd("UseAbility", "p1", source=hunter, ability=0))
    run(state, cmd("Choose", "p1", choice=[first]))
    assert state.pending is not None and first not in state.pending.options["cards"]
    r = rejected(state, cmd("Choose", "p1", choice=[first]))
    assert (r.code, r.rule) == ("rules/illegal_choice", "LL-2.04 9.6.3.1")
    run(state, cmd("Choose", "p1", choice=[second]))
    assert state.objects[first].rested and state.objects[second].rested


def given_destroyed(state: GameState, gate: str) -> None:
    """Given: the gate was destroyed (turned face-up, 5.32)."""
    obj = state.objects[gate]
    given(state, "GateDestroyed", oid=gate, card=obj.card, owner=obj.owner, by=None)


RECYCLER: dict[str, Any] = {
    "id": "LL-TST-973",
    "name": "Recycler",
    "type": "logicalist",
    "power": 1000,
    "abilities": [{"kind": "startup", "effects": [{"op": "discard", "count": 1}, {"op": "draw", "count": 1}]}],
}


def test_a_conditional_trigger_is_primed_when_its_condition_is_met_during_an_effect() -> None:
    """LL-2.04 9.7.6.1: "discard a card, then draw a card" with one card in hand empties the hand
    for a moment: the Sage's "when you have no cards in your hand" is primed then, and plays at
    the next check timing even though the hand is no longer empty."""
    state, _ = start_game(deck({"LL-TST-016": 1, "LL-TST-973": 1}), deck(), extra=[RECYCLER])
    to_main(state, "p1")
    deploy_given(state, "p1", "LL-TST-016", ["FC"])
    recycler = deploy_given(state, "p1", "LL-TST-973", ["FL"])
    keep = hand_card(state, "p1", "LL-TST-900")
    for oid in list(state.zones["p1"]["hand"]):
        if oid != keep:
            put(state, oid, "drop")
    events = run(state, cmd("UseAbility", "p1", source=recycler, ability=0))
    triggered = find(events, "AbilityTriggered", trigger="condition")
    discarded = find(events, "CardMoved", oid=keep)
    assert triggered.rule == "LL-2.04 9.7.6.1" and triggered.seq == discarded.seq + 1
    assert len(state.zones["p1"]["hand"]) == 2  # the Recycler's draw, then the Sage's
