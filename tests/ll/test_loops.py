"""Luck & Logic 2.04 perpetual cycles (12.1.1.1): the turn player demonstrates the actions of a
cycle and announces how many times they perform it; the non-turn player allows that number or,
holding a decision inside the cycle, chooses a smaller one and acts outside the cycle."""

from __future__ import annotations

from typing import Any

from domain.kernel import Event
from domain.ll import engine
from domain.ll.state import GameState
from projections.judge import summarize
from tests.ll.support import (
    cmd,
    deck,
    deploy_given,
    find,
    given,
    hand_card,
    pending,
    rejected,
    run,
    start_game,
    to_main,
)


def _cycled_twice() -> tuple[GameState, str, list[dict[str, Any]]]:
    """Given: Eager Wanderer (cost 0, "draw a card, return this member to your hand") deployed
    and returned twice this turn: the cycle's two actions, as performed."""
    state, _ = start_game(deck({"LL-TST-070": 1}), deck())
    to_main(state, "p1")
    wanderer = hand_card(state, "p1", "LL-TST-070")
    actions = [
        {"player": "p1", "type": "Deploy", "args": {"card": wanderer, "circles": ["FC"]}},
        {"player": "p1", "type": "UseAbility", "args": {"source": wanderer, "ability": 0}},
    ]
    for _ in range(2):
        for a in actions:
            run(state, cmd(a["type"], a["player"], **a["args"]))
    return state, wanderer, actions


def test_the_turn_player_announces_a_cycle_and_the_opponent_allows_it() -> None:
    """LL-2.04 12.1.1.1: the turn player demonstrates the actions and announces 5 repetitions;
    the non-turn player (who has no decision inside the cycle) may only allow that number, and
    the cycle is carried out 5 times: 5 more cards drawn, the Wanderer back in hand."""
    state, wanderer, actions = _cycled_twice()
    hand, deck_size = len(state.zones["p1"]["hand"]), len(state.zones["p1"]["deck"])
    declared = run(state, cmd("DeclareLoop", "p1", actions=actions, times=5))
    assert find(declared, "LoopDeclared", times=5).rule == "LL-2.04 12.1.1.1"
    assert pending(state) == ("loop_response", "p2")
    legal = engine.legal_actions(state, "p2")
    assert [c.args for c in legal if c.type == "Choose"] == [{"choice": 5}]
    performed = run(state, cmd("Choose", "p2", choice=5))
    done = find(performed, "LoopPerformed", times=5, declared=5, stopped_by=None)
    assert done.rule == "LL-2.04 12.1.1.1" and done.actor == "p2"
    assert len([e for e in performed if e.type == "MemberDeployed"]) == 5
    assert (len(state.zones["p1"]["hand"]), len(state.zones["p1"]["deck"])) == (hand + 5, deck_size - 5)
    assert state.objects[wanderer].zone == "hand"
    assert pending(state) == ("main", "p1") and state.loop is None


def test_a_smaller_number_than_announced_is_refused_without_a_decision_inside_the_cycle() -> None:
    """LL-2.04 12.1.1.1: a smaller number goes with an action that does not include the cycle
    action; the non-turn player has none here, so only the announced number is accepted."""
    state, _, actions = _cycled_twice()
    run(state, cmd("DeclareLoop", "p1", actions=actions, times=3))
    r = rejected(state, cmd("Choose", "p2", choice=1))
    assert (r.code, r.rule) == ("rules/illegal_choice", "LL-2.04 12.1.1.1")
    r = rejected(state, cmd("Choose", "p1", choice=3))
    assert r.code == "rules/not_your_decision"


def test_the_cycle_must_be_the_last_actions_actually_performed() -> None:
    """LL-2.04 12.1.1.1: the turn player demonstrates actions they actually performed, last
    this turn and in order; anything else is refused with a cited reason."""
    state, wanderer, actions = _cycled_twice()
    r = rejected(state, cmd("DeclareLoop", "p1", actions=list(reversed(actions)), times=2))
    assert (r.code, r.rule) == ("rules/loop_not_performed", "LL-2.04 12.1.1.1")
    other = [{"player": "p1", "type": "Deploy", "args": {"card": wanderer, "circles": ["FL"]}}, actions[1]]
    assert rejected(state, cmd("DeclareLoop", "p1", actions=other, times=2)).code == "rules/loop_not_performed"
    r = rejected(state, cmd("DeclareLoop", "p1", actions=actions, times=0))
    assert (r.code, r.rule) == ("command/malformed", "LL-2.04 12.1.1.1")
    assert rejected(state, cmd("DeclareLoop", "p1", actions="again", times=2)).code == "command/malformed"
    r = rejected(state, cmd("DeclareLoop", "p2", actions=actions, times=2))
    assert (r.code, r.rule) == ("rules/not_main_phase_play_timing", "LL-2.04 12.1.1.1")


def test_actions_that_cannot_be_repeated_are_no_cycle() -> None:
    """LL-2.04 12.1.1.1: the announced repetitions are checked on a copy of the game; returning
    the Wanderer alone cannot be done again (it is in the hand), nor deploying it alone (it is on
    its circle), so both are refused."""
    state, _, actions = _cycled_twice()
    r = rejected(state, cmd("DeclareLoop", "p1", actions=[actions[1]], times=1))
    assert (r.code, r.rule) == ("rules/loop_not_repeatable", "LL-2.04 12.1.1.1")
    assert "0 more time(s)" in r.message
    run(state, cmd("Deploy", "p1", card=actions[0]["args"]["card"], circles=["FC"]))
    r = rejected(state, cmd("DeclareLoop", "p1", actions=[actions[0]], times=1))
    assert (r.code, r.rule) == ("rules/loop_not_repeatable", "LL-2.04 12.1.1.1")


def test_announcing_a_cycle_is_a_legal_action_after_performing_it_twice() -> None:
    """LL-2.04 12.1.1.1: legal_actions offers the cycle just performed twice in a row, once
    more or as many times as it can be performed; every offer is accepted."""
    state, _, actions = _cycled_twice()
    offers = [c for c in engine.legal_actions(state, "p1") if c.type == "DeclareLoop"]
    assert offers and all(c.args["actions"] == actions for c in offers)
    assert sorted(c.args["times"] for c in offers)[0] == 1
    assert max(c.args["times"] for c in offers) > 1


def test_the_cycle_is_recorded_again_after_it_is_performed() -> None:
    """LL-2.04 12.1.1.1: the actions performed by the cycle are actions performed this turn,
    so the same cycle can be announced again afterwards."""
    state, _, actions = _cycled_twice()
    run(state, cmd("DeclareLoop", "p1", actions=actions, times=2))
    run(state, cmd("Choose", "p2", choice=2))
    assert state.loop_log[-2:] == actions
    run(state, cmd("DeclareLoop", "p1", actions=actions, times=1))
    assert pending(state) == ("loop_response", "p2")


def test_the_opponent_does_not_see_hidden_cards_chosen_inside_a_cycle() -> None:
    """LL-2.04 12.1.1.1 with 4.1 (hidden zones): a demonstrated cycle is shown to both players,
    but a card another player chose in their hidden hand stays hidden from the viewer."""
    state, _ = start_game(deck({"LL-TST-070": 1}), deck())
    to_main(state, "p1")
    secret = state.zones["p1"]["hand"][0]
    member = deploy_given(state, "p1", "LL-TST-070", ["FC"])
    actions = [
        {"player": "p1", "type": "UseAbility", "args": {"source": member, "ability": 0}},
        {"player": "p1", "type": "Choose", "args": {"choice": [secret]}},
    ]
    given(state, "LoopDeclared", player="p1", actions=actions, times=2)
    event = Event(state.seq, "LoopDeclared", {"player": "p1", "actions": actions, "times": 2}, "LL-2.04 12.1.1.1", "c")
    assert engine.redact_event(state, event, "p2").data["actions"][1]["args"]["choice"] == [None]
    assert engine.redact_event(state, event, "p1").data["actions"][1]["args"]["choice"] == [secret]
    assert engine.redact_event(state, event, "p2").data["actions"][0] == actions[0]


def test_the_judge_tells_the_announced_and_the_performed_cycle() -> None:
    """LL-2.04 12.1.1.1: the judge timeline says who announced a cycle of how many actions and
    repetitions, and how many times it was performed."""
    state, _, actions = _cycled_twice()
    before = state.clone()
    declared = find(run(state, cmd("DeclareLoop", "p1", actions=actions, times=2)), "LoopDeclared")
    said = summarize(declared, before, state, {"p1": "Alice", "p2": "Bob"})
    assert said == "Alice announced a perpetual cycle of 2 action(s), 2 time(s)"
    before = state.clone()
    performed = find(run(state, cmd("Choose", "p2", choice=2)), "LoopPerformed")
    said = summarize(performed, before, state, {"p1": "Alice", "p2": "Bob"})
    assert said == "The perpetual cycle was performed 2 of the 2 time(s) announced"


def test_having_stopped_a_cycle_the_opponent_acts_outside_it() -> None:
    """LL-2.04 12.1.1.1: given a decision re-asked after the non-turn player chose a smaller
    number, the answer that is part of the cycle is refused; another answer is accepted."""
    state, _ = start_game(deck({"LL-TST-070": 1}), deck())
    to_main(state, "p1")
    assert state.pending is not None
    excluded = [{"type": "EndMainPhase", "args": {}}]
    given(
        state, "ChoiceRequested", player="p1", kind="main", options={"excluded": excluded}, resume=state.pending.resume
    )
    r = rejected(state, cmd("EndMainPhase", "p1"))
    assert (r.code, r.rule) == ("rules/loop_action", "LL-2.04 12.1.1.1")
    run(state, cmd("Deploy", "p1", card=hand_card(state, "p1", "LL-TST-070"), circles=["FC"]))
