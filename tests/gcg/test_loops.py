"""Infinite loops (GCG-1.00 12.1.1.1): the turn player indicates the series of actions
actually performed for the loop and a number of repetitions; the non-turn player accepts
that number, or a smaller one together with an action that is not part of the loop.

The loop used here: two Ferry Cranes.  Playing one returns the other to the hand ("you may
... if you do": +1 rage, and destroy your opponent's battle cards); the opponent's Ward
Tower is kept by its optional replacement effect (a decision of the non-turn player inside
the loop).  Rage grows each time, so the state never repeats (12.1.1.2 does not apply)."""

from __future__ import annotations

from typing import Any

from domain.gcg import engine
from domain.kernel import Event
from tests.gcg.support import (
    BLUE,
    RED,
    among,
    battle,
    choose,
    cmd,
    find,
    find_all,
    pending,
    rejected,
    replacing,
    run,
    start_game,
    to_hand,
    to_zone,
    with_cards,
)

CRANE = battle(
    88,
    name="Ferry Crane",
    abilities=[
        {
            "kind": "auto",
            "trigger": "enter",
            "effects": [
                {
                    "op": "return_to_hand",
                    "optional": True,
                    "target": {"filter": {"controller": "you", "types": ["battle"], "other_than_self": True}},
                    "then": [
                        {"op": "gain_rage", "amount": 1},
                        {"op": "destroy", "target": {"kind": "all", "filter": {"controller": "opponent"}}},
                    ],
                }
            ],
            "text": "【Enter】 You may return another battle card in your zones to your hand. If you do, gain 1 "
            "rage and destroy all battle cards in your opponent's zones.",
        }
    ],
)
WARD = replacing(
    89,
    "Ward Tower",
    "destroyed",
    [{"op": "gain_rage", "amount": 1}],
    optional=True,
    text="When this card would be destroyed, you may gain 1 rage instead.",
)


def _one_round(state: Any, a: str, b: str) -> None:
    """Play ``b`` (returning ``a``), then ``a`` (returning ``b``), the opponent keeping Ward Tower."""
    for card, zone in ((b, 4), (a, 3)):
        run(state, cmd("PlayBattleCard", "p1", card=card, zone=zone))
        assert pending(state) == ("yes_no", "p1")
        choose(state, "yes")  # return the other crane (9.5.4)
        assert pending(state) == ("yes_no", "p2")
        choose(state, "yes")  # keep Ward Tower (9.2.1.3.2)
    assert pending(state) == ("main", "p1")


def _looping_game() -> tuple[Any, str, str, str, list[dict[str, Any]]]:
    state, _ = start_game(with_cards(RED, {CRANE["id"]: 2}), with_cards(BLUE, {WARD["id"]: 1}), extra=[CRANE, WARD])
    a = to_zone(state, "p1", CRANE["id"], 3)
    b = to_hand(state, "p1", CRANE["id"])
    ward = to_zone(state, "p2", WARD["id"], 5)
    _one_round(state, a, b)
    loop = list(state.loop_log[-6:])
    assert [x["type"] for x in loop] == ["PlayBattleCard", "Choose", "Choose"] * 2
    return state, a, b, ward, loop


def test_the_turn_player_declares_a_loop_and_the_opponent_accepts_the_number() -> None:
    """12.1.1.1: the series actually performed and a number; accepted, it is performed
    that many times and the turn player gets the play timing back."""
    state, a, b, ward, loop = _looping_game()
    rage1, rage2 = state.players["p1"].rage, state.players["p2"].rage
    events = run(state, cmd("DeclareLoop", "p1", actions=loop, times=5))
    assert find(events, "LoopDeclared").rule == "GCG-1.00 12.1.1.1"
    assert pending(state) == ("loop_response", "p2")
    assert among(state) == [0, 1, 2, 3, 4, 5]  # p2 has a decision in the loop: a smaller number may be chosen
    legal = [c.args for c in engine.legal_actions(state, "p2") if c.type == "Choose"]
    assert legal == [{"choice": [n]} for n in (5, 4, 3, 2, 1, 0)]  # every answer the rule allows
    r = rejected(state, cmd("Choose", "p2", choice=[6]))
    assert (r.code, r.rule) == ("rules/illegal_choice", "GCG-1.00 12.1.1.1")
    events = choose(state, 5)
    performed = find(events, "LoopPerformed")
    assert performed.data["times"] == 5 and performed.data["stopped_by"] is None
    assert state.players["p1"].rage == rage1 + 10 and state.players["p2"].rage == rage2 + 10
    assert state.objects[a].zone == "field" and state.objects[b].zone == "hand" and state.objects[ward].zone == "field"
    assert pending(state) == ("main", "p1")


def test_the_opponent_stops_the_loop_with_an_action_that_is_not_part_of_it() -> None:
    """12.1.1.1: a smaller number, then the loop's actions up to the non-turn player's
    decision, which they must answer differently (here: let Ward Tower be destroyed)."""
    state, _, _, ward, loop = _looping_game()
    rage2 = state.players["p2"].rage
    run(state, cmd("DeclareLoop", "p1", actions=loop, times=5))
    events = choose(state, 1)
    assert find(events, "LoopPerformed").data["stopped_by"] == "p2"
    assert pending(state) == ("yes_no", "p2")
    assert state.pending is not None and state.pending.options["excluded"] == [["yes"]]
    r = rejected(state, cmd("Choose", "p2", choice=["yes"]))
    assert (r.code, r.rule) == ("rules/loop_action", "GCG-1.00 12.1.1.1")
    legal = [c.args for c in engine.legal_actions(state, "p2") if c.type == "Choose"]
    assert legal == [{"choice": ["no"]}]
    choose(state, "no")
    assert state.objects[ward].zone == "discard"
    assert state.players["p2"].rage == rage2 + 2  # one full repetition only
    assert pending(state) == ("main", "p1")


def test_a_loop_must_have_been_performed_and_be_repeatable() -> None:
    """12.1.1.1: the actions indicated are those actually performed (the last ones this
    turn, starting with a main phase action), every declared repetition must be possible,
    and only the turn player declares, at their play timing."""
    state, _, _, _, loop = _looping_game()
    r = rejected(state, cmd("DeclareLoop", "p1", actions=loop[1:] + loop[:1], times=2))
    assert (r.code, r.rule) == ("rules/loop_not_performed", "GCG-1.00 12.1.1.1")
    for times in (0, 101, True, "5"):
        r = rejected(state, cmd("DeclareLoop", "p1", actions=loop, times=times))
        assert (r.code, r.rule) == ("command/malformed", "GCG-1.00 12.1.1.1")
    r = rejected(state, cmd("DeclareLoop", "p1", actions="everything", times=2))
    assert r.code == "command/malformed"
    r = rejected(state, cmd("DeclareLoop", "p2", actions=loop, times=2))
    assert (r.code, r.rule) == ("rules/not_main_phase_play_timing", "GCG-1.00 12.1.1.1")
    # the last 3 actions (play a, yes, yes) cannot be repeated: a is no longer in the hand
    r = rejected(state, cmd("DeclareLoop", "p1", actions=loop[3:], times=1))
    assert (r.code, r.rule) == ("rules/loop_not_repeatable", "GCG-1.00 12.1.1.1")
    assert "0 more time" in r.message


def test_a_loop_performed_twice_is_offered_as_a_declaration() -> None:
    """12.1.1.1 in the legal actions: after the same series twice in a row, declaring it is
    offered (once more; any other number may be declared), and it is accepted."""
    state, a, b, _, loop = _looping_game()
    declarations = [c for c in engine.legal_actions(state, "p1") if c.type == "DeclareLoop"]
    assert declarations == []
    _one_round(state, a, b)
    declarations = [c for c in engine.legal_actions(state, "p1") if c.type == "DeclareLoop"]
    assert [c.args for c in declarations] == [{"actions": loop, "times": n} for n in (1, engine.MAX_LOOP_TIMES)]
    run(state, declarations[0])
    assert pending(state) == ("loop_response", "p2")


def test_the_most_repetitions_can_be_declared_and_performed() -> None:
    """12.1.1.1 with 12.1.1.3: the loop's actions are each their own decision, so performing
    them 100 times is not taken for a loop nobody can stop inside one decision (a draw);
    the opponent accepts and all 100 are performed."""
    state, a, b, _, loop = _looping_game()
    _one_round(state, a, b)
    rage = state.players["p1"].rage
    run(state, cmd("DeclareLoop", "p1", actions=loop, times=engine.MAX_LOOP_TIMES))
    events = choose(state, engine.MAX_LOOP_TIMES)
    assert not state.finished and not find_all(events, "NothingHappened")
    assert state.players["p1"].rage == rage + 2 * engine.MAX_LOOP_TIMES
    assert pending(state) == ("main", "p1")


def test_without_a_decision_of_the_opponent_the_number_can_only_be_accepted() -> None:
    """12.1.1.1: a smaller number comes with an action that is not part of the loop; with
    no decision of the non-turn player inside the loop there is none to perform."""
    state, _ = start_game(with_cards(RED, {CRANE["id"]: 2}), extra=[CRANE])
    a = to_zone(state, "p1", CRANE["id"], 3)
    b = to_hand(state, "p1", CRANE["id"])
    for card, zone in ((b, 4), (a, 3)):
        run(state, cmd("PlayBattleCard", "p1", card=card, zone=zone))
        choose(state, "yes")
    loop = list(state.loop_log[-4:])
    run(state, cmd("DeclareLoop", "p1", actions=loop, times=3))
    assert pending(state) == ("loop_response", "p2") and among(state) == [3]
    rage = state.players["p1"].rage
    choose(state, 3)
    assert state.players["p1"].rage == rage + 6


def test_a_declared_loop_hides_the_cards_the_opponent_may_not_see() -> None:
    """4.9.2 (the hand is hidden): in the LoopDeclared event as the opponent sees it, the
    turn player's choices of cards in their hand are hidden; the rest stays public."""
    state, _, _, _, loop = _looping_game()
    secret = state.zones["p1"]["hand"][0]
    actions = [*loop, {"player": "p1", "type": "Choose", "args": {"choice": [secret, "yes"]}}]
    data = {"player": "p1", "actions": actions, "times": 2}
    event = Event(state.seq + 1, "LoopDeclared", data, "GCG-1.00 12.1.1.1", "cmd:test")
    seen = engine.redact_event(state, event, "p2").data["actions"]
    assert seen[:-1] == loop and seen[-1]["args"] == {"choice": [None, "yes"]}
    assert engine.redact_event(state, event, "p1").data["actions"] == actions
