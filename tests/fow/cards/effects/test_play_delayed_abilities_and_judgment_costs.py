"""Delayed automatic abilities of real Grimm/Alice cards, executed by the engine in the form the
importer gives them (given events / when command / then events or a cited rejection; each story
replays its whole log at the end):

* "At the end of turn, destroy that resonator / it / all resonators and J-Ruler you control": an
  effect creates a delayed automatic ability (FoW-5.5 9.6 p8) that triggers once, when the "at the
  end of turn" trigger conditions happen (5.4 p3), and names the object the previous effect chose
  only while it stays the same object (3.1 p3);
* continuous abilities changing the cost of [Judgment] ("Your opponent pays {1} more / You pay {2}
  less to play [Judgment] abilities"): increases first, then decreases of the free part (9.3 p2.5).
"""

from __future__ import annotations

from domain.fow import actions, engine
from domain.kernel import Event
from tests.fow.cards.story import Story
from tests.fow.support import cmd, find


def _to_end_of_turn_trigger(story: Story) -> list[Event]:
    """Both players pass until the delayed ability has triggered and resolved (or the turn ended)."""
    events: list[Event] = []
    turn = story.state.turn
    while story.state.turn == turn:
        events += story.when(cmd("Pass", story.pending.player))
        if any(e.type == "ChaseItemResolved" and e.rule == "FoW-5.5 7.8 p3" for e in events):
            break
    return events


def test_poison_apple_destroys_that_resonator_at_the_end_of_turn() -> None:
    # Poison Apple (CMF-031, chant-instant): "Target resonator you control gains [+1000/+0] until end
    # of turn. At the end of turn, destroy that resonator."
    story = Story({"CMF-031": 4, "T-BEAR": 4})
    bear, other = story.put("p1", "T-BEAR", "field"), story.put("p1", "T-BEAR", "field")
    apple = story.put("p1", "CMF-031", "hand")
    story.will("p1", "R", "R")
    story.when(cmd("PlayCard", "p1", card=apple, targets=[[bear]]))
    events = story.resolve()
    made = find(events, "DelayedAbilityCreated")
    assert (made.data["objects"], made.data["at"], made.rule) == (
        [[bear, story.state.objects[bear].zone_since]],
        "end_of_turn",
        "FoW-5.5 9.6 p8",
    )
    assert "CardDestroyed" not in [e.type for e in events] and story.state.objects[bear].zone == "field"
    events = _to_end_of_turn_trigger(story)
    triggered = find(events, "AbilityTriggered")
    assert (triggered.data["kind"], triggered.data["source"], triggered.rule) == ("delayed", apple, "FoW-5.5 9.6 p8")
    step = next(e for e in events if e.type == "StepBegan" and e.data["step"] == "end_of_turn")
    assert (step.rule, triggered.cause) == ("FoW-5.5 5.4 p3", f"ev:{step.seq}")
    destroyed = [e for e in events if e.type == "CardMoved" and e.data["to"] == "graveyard" and e.data["oid"] == bear]
    assert destroyed and story.state.objects[bear].zone == "graveyard"
    assert story.state.objects[other].zone == "field"
    # once and once only (9.6 p8.1): the next turn ends without it
    turn = story.state.turn
    while story.state.turn < turn + 2:
        events = story.when(cmd("Pass", story.pending.player))
        assert all(e.data.get("kind") != "delayed" for e in events if e.type == "AbilityTriggered")
    story.replays()


def test_that_resonator_is_no_longer_named_once_it_became_a_new_object() -> None:
    # Poison Apple (CMF-031): the resonator left the field and came back: it is a new object
    # (FoW-5.5 3.1 p3), which "that resonator" does not name; the delayed ability still triggers
    # and does nothing
    story = Story({"CMF-031": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    apple = story.put("p1", "CMF-031", "hand")
    story.will("p1", "R", "R")
    story.when(cmd("PlayCard", "p1", card=apple, targets=[[bear]]))
    story.resolve()
    story.by_rule(actions.move, bear, "hand", "given", rule="3.1 p5", reason="effect")
    story.by_rule(actions.move, bear, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    events = _to_end_of_turn_trigger(story)
    assert find(events, "AbilityTriggered").data["kind"] == "delayed"
    assert find(events, "ChaseItemResolved").rule == "FoW-5.5 7.8 p3"
    assert story.state.objects[bear].zone == "field"
    story.replays()


def test_an_illegal_target_leaves_nothing_for_the_delayed_ability() -> None:
    # Poison Apple (CMF-031): its target left the field before it resolved (illegal, 9.3 p3.1):
    # "that resonator" names nothing, so the resonator put back into the field survives the turn
    story = Story({"CMF-031": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    apple = story.put("p1", "CMF-031", "hand")
    story.will("p1", "R", "R")
    story.when(cmd("PlayCard", "p1", card=apple, targets=[[bear]]))
    story.by_rule(actions.move, bear, "hand", "given", rule="3.1 p5", reason="effect")
    made = find(story.resolve(), "DelayedAbilityCreated")
    assert made.data["objects"] == []
    story.by_rule(actions.move, bear, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    _to_end_of_turn_trigger(story)
    assert story.state.objects[bear].zone == "field"
    story.replays()


def test_banzai_attack_destroys_what_you_control_at_the_end_of_turn() -> None:
    # Banzai Attack (VIN001-017, chant): "Resonators you control gain [+700/+0] and [Pierce] until
    # end of turn. At the end of turn, destroy all resonators and J-Ruler you control."  "All" is
    # read as the delayed ability resolves: a resonator put into the field later is destroyed too,
    # the opponent's are not
    story = Story({"VIN001-017": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    theirs = story.put("p2", "T-BEAR", "field")
    banzai = story.put("p1", "VIN001-017", "hand")
    story.will("p1", "R", "R", "R", "R")
    story.when(cmd("PlayCard", "p1", card=banzai, targets=[]))
    made = find(story.resolve(), "DelayedAbilityCreated")
    assert made.data["effects"][0]["target"]["kind"] == "all"
    late = story.put("p1", "T-BEAR", "field")
    _to_end_of_turn_trigger(story)
    assert story.state.objects[bear].zone == story.state.objects[late].zone == "graveyard"
    assert story.state.objects[theirs].zone == "field"
    story.replays()


# --- changes to the cost of [Judgment] (9.3 p2.5) ---------------------------------------------


def test_imperial_tank_makes_the_opponents_judgment_cost_one_more() -> None:
    # Imperial Tank (VIN002-078, regalia): "Your opponent pays {1} more to play [Judgment] abilities."
    # The test ruler's [Judgment] is {R}{1}: with p2's Imperial Tank in the field p1 pays {R}{2};
    # p1's own Imperial Tank does not change what p1 pays
    story = Story({"VIN002-078": 4, "T-BEAR": 4})
    story.put("p1", "VIN002-078", "field")
    story.put("p2", "VIN002-078", "field")
    story.will("p1", "R", "R")
    refusal = story.refused(cmd("PerformJudgment", "p1"))
    assert refusal.code == "rules/cannot_pay"
    # the only way left: a third will, from the ruler's own "{Rest}: Produce {R}"
    assert [len(c["pay_with"]) for c in legal_judgments(story)] == [1]  # type: ignore[arg-type]
    story.will("p1", "R")
    events = story.when(cmd("PerformJudgment", "p1"))
    changed = find(events, "CostChanged")
    assert (changed.data["cost"], changed.data["printed"], changed.rule) == (
        {"attribute": {"R": 1}, "free": 2},
        {"attribute": {"R": 1}, "free": 1},
        "FoW-5.5 9.3 p2.5",
    )
    assert len(changed.data["sources"]) == 1 and story.state.objects[changed.data["sources"][0]].controller == "p2"
    assert story.state.players["p1"].will == []
    story.replays()


def test_edelweiss_makes_your_judgment_cost_two_less_after_the_increase() -> None:
    # Edelweiss (VIN002-077, regalia): "You pay {2} less to play [Judgment] abilities."  With the
    # opponent's Imperial Tank too, {R}{1} becomes {R}{2} first, then {R} (increases apply before
    # decreases, 9.3 p2.5); a decrease of free will never takes off the attribute part
    story = Story({"VIN002-077": 4, "VIN002-078": 4, "T-BEAR": 4})
    story.put("p1", "VIN002-077", "field")
    story.put("p2", "VIN002-077", "field")  # the opponent's Edelweiss does not lower p1's cost
    story.put("p2", "VIN002-078", "field")
    story.will("p1", "R")
    assert len(legal_judgments(story)) == 1
    events = story.when(cmd("PerformJudgment", "p1"))
    assert find(events, "CostChanged").data["cost"] == {"attribute": {"R": 1}, "free": 0}
    assert story.state.players["p1"].will == []
    story.replays()


def legal_judgments(story: Story) -> list[dict[str, object]]:
    return [dict(c.args) for c in engine.legal_actions(story.state, "p1") if c.type == "PerformJudgment"]
