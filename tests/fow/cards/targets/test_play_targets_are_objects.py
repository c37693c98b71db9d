"""Chosen targets are objects: a target that changes zones before the card or ability resolves
is a new object (FoW-5.5 3.1 p3), no longer a legal target on resolution (9.3 p3.1).

The ``object_since`` of every card chosen as a target is recorded in the played event
(``target_since``, 9.3 p2.4); on resolution a target that has become a new object is reported
(``TargetsIllegal``, 9.3 p3.1) and every effect involving it is not applied to it, while the other
effects still resolve.  A log from before it was recorded (no ``target_since``) keeps the old
behaviour.  Given events / when a command / then cited events; each story replays its log.
"""

from __future__ import annotations

from typing import Any

from domain.fow import actions
from domain.fow.state import GameState, apply_event
from domain.kernel import Event
from tests.fow.cards.story import Story
from tests.fow.support import cmd, find, run, types


def leave_and_return(story: Story, oid: str, via: str = "hand", back: str = "field") -> None:
    """Given: ``oid`` is moved to ``via`` and back to ``back`` by some effect (two zone changes)."""
    owner = story.state.objects[oid].owner
    story.by_rule(actions.move, oid, via, "given", rule="3.1 p5", reason="effect")
    story.by_rule(actions.move, oid, back, "given", rule="3.1 p5", reason="effect", controller=owner)


def test_a_destroyed_target_that_came_back_is_a_new_object_and_is_not_destroyed() -> None:
    # Stoning to Death (TAT-088): "Destroy target resonator".  The bear chosen as its target goes
    # to its owner's hand and back into the field before the chant resolves: a new object (3.1 p3),
    # no longer a legal target (9.3 p3.1); the chant still resolves into the graveyard
    story = Story({"TAT-088": 4, "T-BEAR": 4})
    bear = story.put("p2", "T-BEAR", "field")
    stoning = story.put("p1", "TAT-088", "hand")
    story.will("p1", "B", "B")
    played = find(story.when(cmd("PlayCard", "p1", card=stoning, targets=[[bear]])), "CardPlayed")
    assert played.data["target_since"] == {bear: story.state.objects[bear].object_since}
    assert story.state.chase[-1].target_since == {bear: story.state.objects[bear].object_since}
    leave_and_return(story, bear)
    events = story.resolve()
    illegal = find(events, "TargetsIllegal")
    assert illegal.data == {"item": played.data["item"], "targets": [bear], "why": "new object"}
    assert illegal.rule == "FoW-5.5 9.3 p3.1"
    assert "CardDestroyed" not in types(events)
    assert story.state.objects[bear].zone == "field"
    assert story.state.objects[stoning].zone == "graveyard"
    # the same chant against a bear that stayed where it was destroys it
    second = story.put("p1", "TAT-088", "hand")
    story.will("p1", "B", "B")
    story.when(cmd("PlayCard", "p1", card=second, targets=[[bear]]))
    events = story.resolve()
    assert "TargetsIllegal" not in types(events)
    assert story.state.objects[bear].zone == "graveyard"
    story.replays()


def test_the_effects_not_involving_the_illegal_target_still_resolve() -> None:
    # Alice's Pursuit (MOA-021): "Return target resonator your opponent controls with total cost 5
    # or more to its owner's hand. Draw a card."  Gilles de Rais (CMF-024) costs {R}{R}{4}.  The
    # target went to the graveyard and was put back into the field: it stays, the draw happens
    # (9.3 p3.1: "the other effects not related to the targets is still resolved")
    story = Story({"MOA-021": 4, "CMF-024": 4})
    gilles = story.put("p2", "CMF-024", "field")
    pursuit = story.put("p1", "MOA-021", "hand")
    story.will("p1", "U")
    story.when(cmd("PlayCard", "p1", card=pursuit, targets=[[gilles]]))
    leave_and_return(story, gilles, via="graveyard")
    hand = len(story.state.zones["p1"]["hand"])
    events = story.resolve()
    assert find(events, "TargetsIllegal").data["targets"] == [gilles]
    assert story.state.objects[gilles].zone == "field"
    [drawn] = [e for e in events if e.type == "CardMoved" and e.data["reason"] == "draw"]
    assert (drawn.data["owner"], drawn.rule) == ("p1", "FoW-5.5 10.8 p1")
    assert len(story.state.zones["p1"]["hand"]) == hand + 1
    story.replays()


def test_an_activate_ability_does_not_return_a_target_that_became_a_new_object() -> None:
    # Pale Moon (CMF-049): "[Activate] Pay {U}, banish this card: Return target resonator to its
    # owner's hand."  The target left the field and came back in response
    story = Story({"CMF-049": 4, "T-BEAR": 4})
    moon = story.put("p1", "CMF-049", "field")
    bear = story.put("p2", "T-BEAR", "field")
    story.will("p1", "U")
    played = find(story.when(cmd("ActivateAbility", "p1", source=moon, ability=1, targets=[[bear]])), "AbilityPlayed")
    assert played.data["target_since"] == {bear: story.state.objects[bear].object_since}
    leave_and_return(story, bear)
    events = story.resolve()
    assert find(events, "TargetsIllegal").data["targets"] == [bear]
    assert story.state.objects[bear].zone == "field"
    story.replays()


def test_an_addition_whose_target_became_a_new_object_goes_to_the_graveyard() -> None:
    # Kusanagi Sword (TAT-030, [Addition:Resonator]): its target, the resonator it is added to, was
    # put into the graveyard and back into the field: the addition does not come into the field and
    # is put into its owner's graveyard (7.2 p4, 9.3 p3.1)
    story = Story({"TAT-030": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    sword = story.put("p1", "TAT-030", "hand")
    story.will("p1", "R", "R")
    story.when(cmd("PlayCard", "p1", card=sword, targets=[[bear]]))
    leave_and_return(story, bear, via="graveyard")
    events = story.resolve()
    assert find(events, "TargetsIllegal").data["targets"] == [bear]
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.rule) == (sword, "graveyard", "FoW-5.5 7.2 p4")
    assert story.state.objects[sword].zone == "graveyard" and story.state.objects[bear].attached_to is None
    story.replays()


def test_a_target_in_a_graveyard_that_was_put_back_there_is_a_new_object() -> None:
    # The Last Drop (BFA-057): "Choose one - You gain 1000 life; or put target resonator with total
    # cost 2 or less from your graveyard into your field rested."  The bear in the graveyard was put
    # into the field and destroyed again: the card in the graveyard is a new object (3.1 p3)
    story = Story({"BFA-057": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "graveyard")
    drop = story.put("p1", "BFA-057", "hand")
    story.will("p1", "G", "G")
    story.when(cmd("PlayCard", "p1", card=drop, targets=[[bear]], modes=[1]))
    leave_and_return(story, bear, via="field", back="graveyard")
    events = story.resolve()
    assert find(events, "TargetsIllegal").data["targets"] == [bear]
    assert story.state.objects[bear].zone == "graveyard"
    story.replays()


def test_moving_from_playground_to_playground_keeps_the_same_target() -> None:
    # FoW-5.5 3.1 p3: a card moved from playground to playground is the same card; the target of
    # Stoning to Death moved from the field to the ruler area and back is still destroyed
    story = Story({"TAT-088": 4, "T-BEAR": 4})
    bear = story.put("p2", "T-BEAR", "field")
    stoning = story.put("p1", "TAT-088", "hand")
    story.will("p1", "B", "B")
    story.when(cmd("PlayCard", "p1", card=stoning, targets=[[bear]]))
    since = story.state.objects[bear].object_since
    leave_and_return(story, bear, via="ruler_area")
    assert story.state.objects[bear].object_since == since
    events = story.resolve()
    assert "TargetsIllegal" not in types(events)
    assert story.state.objects[bear].zone == "graveyard"
    story.replays()


def _without_target_since(event: Event) -> Event:
    data: dict[str, Any] = {k: v for k, v in event.data.items() if k != "target_since"}
    return Event(event.seq, event.type, data, event.rule, event.cause, event.actor)


def test_a_log_from_before_target_since_was_recorded_keeps_the_old_behaviour() -> None:
    # A CardPlayed without ``target_since`` (an older log): the target is checked as before (its
    # zone and the target's filter only); replaying such a log does not fail
    story = Story({"TAT-088": 4, "T-BEAR": 4})
    bear = story.put("p2", "T-BEAR", "field")
    stoning = story.put("p1", "TAT-088", "hand")
    story.will("p1", "B", "B")
    story.when(cmd("PlayCard", "p1", card=stoning, targets=[[bear]]))
    leave_and_return(story, bear)
    old = GameState()
    for event in story.log:
        apply_event(old, _without_target_since(event) if event.type == "CardPlayed" else event)
    assert old.chase[-1].target_since is None
    events = run(old, cmd("Pass", "p1")) + run(old, cmd("Pass", "p2"))
    assert "TargetsIllegal" not in types(events)
    assert old.objects[bear].zone == "graveyard"
