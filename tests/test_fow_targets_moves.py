"""Target filters, moves between zones and looking at / revealing cards executed by the
engine, with real Grimm/Alice cards as the importer makes them.

Each test: given a position reached by recorded events, when a command, then events (with
their citations) or a cited rejection; every story ends by replaying its whole event log
into a fresh state, which must equal the live one."""

from __future__ import annotations

from tests.fow_support import cmd, find
from tests.test_fow_conditions import Story, legal

# --- target filters ------------------------------------------------------------------------


def test_only_a_resonator_with_damage_on_it_was_dealt_damage_this_turn() -> None:
    # Demonflame (VS01-018): "Choose one - This card deals 500 damage to target resonator; or
    # destroy target resonator that was dealt damage this turn."  Damage stays on a resonator
    # until the end of the turn (FoW-5.5 5.4 p5.1)
    story = Story({"VS01-018": 4, "T-BEAR": 4})
    flame = story.put("p1", "VS01-018", "hand")
    hurt = story.put("p2", "T-BEAR", "field")
    fresh = story.put("p2", "T-BEAR", "field")
    story.given("DamageDealt", source="given", target=hurt, amount=100, battle=False, to_card=True)
    story.will("p1", "R")
    plays = [p for p in legal(story, "p1", "PlayCard") if p["card"] == flame and p["modes"] == [1]]
    assert [p["targets"] for p in plays] == [[[hurt]]]
    refusal = story.refused(cmd("PlayCard", "p1", card=flame, targets=[[fresh]], modes=[1]))
    assert (refusal.code, refusal.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    story.when(cmd("PlayCard", "p1", card=flame, targets=[[hurt]], modes=[1]))
    events = story.resolve()
    assert find(events, "CardMoved").data["oid"] == hurt
    assert story.state.objects[hurt].zone == "graveyard" and story.state.objects[fresh].zone == "field"
    story.replays()
