"""Real Grimm/Alice cards whose [Continuous] paragraph holds a continuous ability and then an
automatic one (helper s3-trig), executed by the engine in the form the importer gives them
(given events / when command / then events; each story replays its whole log at the end):

* Yellow Sign (MPR-088): "Added resonator gains [-300/-300]. At the end of turn, this card deals
  300 damage to added resonator's controller." - the continuous ability (9.7) and an automatic
  ability triggered as the end of turn step begins (5.4 p3), whose damage goes to the player who
  controls the card it is added to (7.2 p3), not to the addition's controller;
* Glyph of Unkill (MPR-029): "Destroy added resonator at the end of its controller's turn." - it
  triggers as the end of turn step of the added resonator's controller begins (5.4 p3, 7.2 p3),
  not at the end of the addition's controller's turn when the two differ.
"""

from __future__ import annotations

from domain.fow.characteristics import characteristics
from domain.kernel import Event
from tests.fow.cards.story import Story
from tests.fow.support import cmd, find


def _to_end_of_turn(story: Story) -> list[Event]:
    """Both players pass (playing what triggers) until the turn ends."""
    events: list[Event] = []
    turn = story.state.turn
    while story.state.turn == turn:
        pending = story.pending
        if pending.kind == "priority":
            events += story.when(cmd("Pass", pending.player))
        else:
            raise AssertionError(pending)
    return events


def yellow_sign_story() -> tuple[Story, str, str]:
    story = Story({"MPR-088": 4, "T-BEAR": 4})
    sign = story.put("p1", "MPR-088", "hand")
    bear = story.put("p2", "T-BEAR", "field")
    story.will("p1", "B", "B")
    story.when(cmd("PlayCard", "p1", card=sign, targets=[[bear]]))
    story.resolve()
    assert story.state.objects[sign].attached_to == bear
    return story, sign, bear


def test_yellow_sign_weakens_added_resonator_and_damages_its_controller_at_end_of_turn() -> None:
    story, sign, bear = yellow_sign_story()
    base = story.state.cards["T-BEAR"]
    shown = characteristics(story.state, bear)
    assert (shown.atk, shown.def_) == (base.atk - 300, base.def_ - 300)
    lives = {p: story.state.players[p].life for p in ("p1", "p2")}
    events = _to_end_of_turn(story)
    step = next(e for e in events if e.type == "StepBegan" and e.data["step"] == "end_of_turn")
    triggered = find(events, "AbilityTriggered")
    assert (triggered.data["source"], triggered.rule, triggered.cause) == (sign, "FoW-5.5 9.6 p5", f"ev:{step.seq}")
    assert step.rule == "FoW-5.5 5.4 p3"
    dealt = [(e.data["source"], e.data["target"], e.data["amount"]) for e in events if e.type == "DamageDealt"]
    assert dealt == [(sign, "p2", 300)]  # the added resonator's controller, not the addition's (7.2 p3)
    assert story.state.players["p2"].life == lives["p2"] - 300
    assert story.state.players["p1"].life == lives["p1"]
    # "At the end of turn": the opponent's turn too (5.4 p3), again to the added resonator's controller
    events = _to_end_of_turn(story)
    dealt = [(e.data["source"], e.data["target"], e.data["amount"]) for e in events if e.type == "DamageDealt"]
    assert dealt == [(sign, "p2", 300)] and story.state.players["p2"].life == lives["p2"] - 600
    story.replays()


def test_on_your_own_resonator_it_damages_you() -> None:
    story = Story({"MPR-088": 4, "T-BEAR": 4})
    sign = story.put("p1", "MPR-088", "hand")
    bear = story.put("p1", "T-BEAR", "field")
    story.will("p1", "B", "B")
    story.when(cmd("PlayCard", "p1", card=sign, targets=[[bear]]))
    story.resolve()
    life = story.state.players["p1"].life
    events = _to_end_of_turn(story)
    dealt = [(e.data["source"], e.data["target"], e.data["amount"]) for e in events if e.type == "DamageDealt"]
    assert dealt == [(sign, "p1", 300)] and story.state.players["p1"].life == life - 300
    story.replays()


def glyph_story(host_owner: str) -> tuple[Story, str, str]:
    story = Story({"MPR-029": 4, "T-BEAR": 4})
    glyph = story.put("p1", "MPR-029", "hand")
    bear = story.put(host_owner, "T-BEAR", "field")
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=glyph, targets=[[bear]]))
    story.resolve()
    assert story.state.objects[glyph].attached_to == bear
    return story, glyph, bear


def _triggered_by(events: list[Event], source: str) -> list[Event]:
    return [e for e in events if e.type == "AbilityTriggered" and e.data["source"] == source]


def _destroyed(events: list[Event]) -> list[str]:
    return [e.data["oid"] for e in events if e.type == "CardMoved" and e.data["reason"] == "destroyed"]


def test_glyph_of_unkill_on_your_resonator_destroys_it_at_the_end_of_your_turn() -> None:
    story, glyph, bear = glyph_story("p1")
    events = _to_end_of_turn(story)
    step = next(e for e in events if e.type == "StepBegan" and e.data["step"] == "end_of_turn")
    [triggered] = _triggered_by(events, glyph)
    assert (triggered.rule, triggered.cause, step.rule) == ("FoW-5.5 9.6 p5", f"ev:{step.seq}", "FoW-5.5 5.4 p3")
    assert _destroyed(events) == [bear]
    assert story.state.objects[bear].zone == "graveyard" and story.state.objects[glyph].zone == "graveyard"
    story.replays()


def test_glyph_of_unkill_on_an_opponents_resonator_waits_for_the_end_of_their_turn() -> None:
    story, glyph, bear = glyph_story("p2")
    events = _to_end_of_turn(story)  # p1's turn: not the added resonator's controller's turn
    assert not _triggered_by(events, glyph) and not _destroyed(events)
    assert story.state.objects[bear].zone == "field"
    events = _to_end_of_turn(story)  # p2's turn
    step = next(e for e in events if e.type == "StepBegan" and e.data["step"] == "end_of_turn")
    [triggered] = _triggered_by(events, glyph)
    assert (triggered.rule, triggered.cause) == ("FoW-5.5 9.6 p5", f"ev:{step.seq}")
    assert _destroyed(events) == [bear] and story.state.objects[bear].zone == "graveyard"
    story.replays()
