"""Conditions and durations of real Grimm/Alice cards (helper a-cond), executed by the engine in
the form the importer gives them (given events / when command / then events or a cited
rejection; each story replays its whole log at the end):

* a cost reduction that depends on the targets chosen ("You may pay {G} less to play this card
  if it targets a Beast"): targets are chosen before the cost is determined (FoW-5.5 9.3 p2.4,
  p2.5).
"""

from __future__ import annotations

from tests.fow_support import cmd, find
from tests.test_fow_conditions import Story, legal

# --- "if it targets a Beast" (9.3 p2.4, p2.5) -------------------------------------------------


def test_a_cost_reduction_that_needs_a_target_of_a_race() -> None:
    # Pricia's Call to Action (TMS-060, {G}): "You may pay {G} less to play this card if it
    # targets a Beast.  Target resonator gains [Swiftness] and [Target Attack] until end of turn.
    # Draw a card."  Herald of the Beast Lady (SKL-057) is a Beast; T-VANILLA-0 is not.
    story = Story({"TMS-060": 4, "SKL-057": 4})
    call = story.put("p1", "TMS-060", "hand")
    beast = story.put("p1", "SKL-057", "field")
    other = story.put("p1", "T-VANILLA-0", "field")
    refusal = story.refused(cmd("PlayCard", "p1", card=call, targets=[[other]], reduce=True))
    assert (refusal.code, refusal.rule) == ("rules/no_cost_reduction", "FoW-5.5 9.3 p2.5")
    # the plays listed: the reduced one only with the Beast as its target (no will produced)
    plays = [p for p in legal(story, "p1", "PlayCard") if p["card"] == call]
    assert plays == [{"card": call, "targets": [[beast]], "pay_with": [], "reduce": True}]
    events = story.when(cmd("PlayCard", "p1", card=call, targets=[[beast]], reduce=True))
    played = find(events, "CardPlayed")
    assert played.data["reduced_cost"] == {"attribute": {}, "free": 0} and played.rule == "FoW-5.5 7.3 p2"
    assert "WillPaid" not in [e.type for e in events]
    events = story.resolve()
    granted = [e.data["skill"] for e in events if e.type == "ContinuousEffectCreated" and e.data["kind"] == "grant"]
    assert granted == ["swiftness", "target_attack"] and find(events, "CardMoved").data["reason"] == "draw"
    story.replays()


def test_without_the_reduction_the_full_cost_is_paid_whatever_the_target() -> None:
    # Pricia's Call to Action (TMS-060) at its printed cost {G}, on a resonator that is no Beast
    story = Story({"TMS-060": 4, "SKL-057": 4})
    call = story.put("p1", "TMS-060", "hand")
    other = story.put("p1", "T-VANILLA-0", "field")
    story.will("p1", "G")
    plays = [p for p in legal(story, "p1", "PlayCard") if p["card"] == call]
    assert plays == [{"card": call, "targets": [[other]], "pay_with": []}]
    events = story.when(cmd("PlayCard", "p1", card=call, targets=[[other]]))
    assert find(events, "WillPaid").data["will"] == ["G"]
    story.replays()


# --- "if this card was awakened" and "second target" (12.1, 9.3 p2.4, p3) -----------------------


def bamboo_story() -> tuple[Story, str, str, str]:
    # Luminescent Bamboo Bullet (TMS-008, {W}{1}): "Destroy target rested resonator. Destroy up to
    # one second target rested resonator if this card was awakened.  [Awakening] {M}{1}."
    story = Story({"TMS-008": 4, "SKL-057": 4})
    bullet = story.put("p1", "TMS-008", "hand")
    first = story.put("p2", "SKL-057", "field")
    second = story.put("p2", "SKL-057", "field")
    for oid in (first, second):
        story.given("CardRested", oid=oid, reason="given")
    return story, bullet, first, second


def test_the_second_target_is_not_the_first_and_is_destroyed_only_if_awakened() -> None:
    story, bullet, first, second = bamboo_story()
    story.will("p1", "W", "R", "M", "R")
    # both targets are chosen as the card is played (9.3 p2.4): the second is another object
    refusal = story.refused(cmd("PlayCard", "p1", card=bullet, targets=[[first], [first]], awaken=True))
    assert (refusal.code, refusal.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    listed = [p["targets"] for p in legal(story, "p1", "PlayCard") if p["card"] == bullet and p.get("awaken")]
    assert listed and all(len(set(sum(t, []))) == len(sum(t, [])) for t in listed)
    events = story.when(cmd("PlayCard", "p1", card=bullet, targets=[[first], [second]], awaken=True))
    assert find(events, "CardPlayed").data["awakened"] is True
    events = story.resolve()
    assert find(events, "ConditionChecked").data["met"] is True
    destroyed = [e.data["oid"] for e in events if e.type == "CardMoved" and e.data["to"] == "graveyard"]
    assert first in destroyed and second in destroyed
    story.replays()


def test_not_awakened_the_second_target_is_not_destroyed() -> None:
    story, bullet, first, second = bamboo_story()
    story.will("p1", "W", "R")
    events = story.when(cmd("PlayCard", "p1", card=bullet, targets=[[first], [second]]))
    assert find(events, "CardPlayed").data["awakened"] is False
    events = story.resolve()
    checked = find(events, "ConditionChecked")
    assert checked.data["met"] is False and checked.rule == "FoW-5.5 9.3 p3.2"
    destroyed = [e.data["oid"] for e in events if e.type == "CardMoved" and e.data["to"] == "graveyard"]
    assert first in destroyed and second not in destroyed
    assert story.state.objects[second].zone == "field"
    story.replays()


# --- "Cancel target spell unless its controller pays {1}" (10.11, 10.2 p4, 9.3 p3.2) -----------


def wall_story() -> tuple[Story, str, str]:
    # Wall of Wind (TMS-064, {G}): "Cancel target spell unless its controller pays {1}."  p1 plays
    # Pricia's Call to Action (TMS-060) on its Beast (reduced to nothing); p2 answers with the Wall.
    story = Story({"TMS-060": 4, "SKL-057": 4, "TMS-064": 4})
    call = story.put("p1", "TMS-060", "hand")
    beast = story.put("p1", "SKL-057", "field")
    wall = story.put("p2", "TMS-064", "hand")
    story.when(cmd("PlayCard", "p1", card=call, targets=[[beast]], reduce=True))
    story.when(cmd("Pass", "p1"))
    story.will("p2", "G")
    spell = story.state.chase[-1].id
    story.when(cmd("PlayCard", "p2", card=wall, targets=[[spell]]))
    story.when(cmd("Pass", story.pending.player))
    events = story.when(cmd("Pass", story.pending.player))
    asked = find(events, "ChoiceRequested")  # the controller of the target decides (9.3 p3.2)
    assert asked.data["player"] == "p1" and asked.data["kind"] == "optional" and asked.rule == "FoW-5.5 9.3 p3.2"
    return story, call, spell


def test_unless_its_controller_pays_declined_the_spell_is_canceled() -> None:
    story, call, spell = wall_story()
    refusal = story.refused(cmd("ChooseOptional", "p2", accept=False))
    assert (refusal.code, refusal.rule) == ("rules/not_your_decision", "FoW-5.5 6.1 p1.3")
    story.given("CardRested", oid="p1-001", reason="given")  # p1's ruler produces no more will
    # p1 cannot pay {1}: a cost is paid in full or not at all (10.2 p4), only declining is offered
    assert legal(story, "p1", "ChooseOptional") == [{"accept": False}]
    refusal = story.refused(cmd("ChooseOptional", "p1", accept=True))
    assert (refusal.code, refusal.rule) == ("rules/cannot_pay", "FoW-5.5 10.2 p4")
    events = story.when(cmd("ChooseOptional", "p1", accept=False))
    assert find(events, "OptionChosen").data["accepted"] is False
    canceled = find(events, "ChaseItemCanceled")
    assert canceled.data["item"] == spell and canceled.rule == "FoW-5.5 10.11 p1"
    assert story.state.objects[call].zone == "graveyard"
    story.replays()


def test_unless_its_controller_pays_paid_the_spell_stays() -> None:
    story, call, spell = wall_story()
    # p1 pays {1} with the will of its ruler, produced as it accepts (10.2 p5)
    offered = legal(story, "p1", "ChooseOptional")
    assert offered == [{"accept": True, "pay_with": [{"source": "p1-001", "ability": 0}]}, {"accept": False}]
    events = story.when(cmd("ChooseOptional", "p1", **offered[0]))
    paid = find(events, "WillPaid")
    assert paid.data["player"] == "p1" and paid.rule == "FoW-5.5 10.2 p1"
    assert "ChaseItemCanceled" not in [e.type for e in events]
    assert [i.id for i in story.state.chase] == [spell] and story.state.objects[call].zone == "chase"
    story.replays()
