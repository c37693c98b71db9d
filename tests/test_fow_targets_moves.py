"""Target filters, moves between zones and looking at / revealing cards executed by the
engine, with real Grimm/Alice cards as the importer makes them.

Each test: given a position reached by recorded events, when a command, then events (with
their citations) or a cited rejection; every story ends by replaying its whole event log
into a fresh state, which must equal the live one."""

from __future__ import annotations

from domain.fow import actions
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


def test_a_card_put_into_a_graveyard_from_a_field_this_turn_returns_to_its_owners_field() -> None:
    # Ritual of Millennia (MOA-050): "Choose target resonator from a graveyard that was put
    # into that zone from a field this turn and put it into it owner's field."  A card moved
    # from the hand to the graveyard was not put there from a field; the returned card enters
    # its owner's field as a new object (FoW-5.5 3.1 p3, p5)
    story = Story({"MOA-050": 4, "T-BEAR": 4})
    ritual = story.put("p1", "MOA-050", "hand")
    fallen = story.put("p2", "T-BEAR", "field")
    discarded = story.put("p2", "T-BEAR", "graveyard")
    story.by_rule(actions.destroy, fallen, "given")
    assert story.state.objects[fallen].zone == "graveyard"
    story.will("p1", "B", "B")
    plays = [p for p in legal(story, "p1", "PlayCard") if p["card"] == ritual]
    assert [p["targets"] for p in plays] == [[[fallen]]]
    refusal = story.refused(cmd("PlayCard", "p1", card=ritual, targets=[[discarded]]))
    assert (refusal.code, refusal.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    story.when(cmd("PlayCard", "p1", card=ritual, targets=[[fallen]]))
    events = story.resolve()
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["from"], moved.data["to"]) == (fallen, "graveyard", "field")
    assert moved.data["controller"] == "p2" and moved.rule == "FoW-5.5 3.1 p5"
    assert story.state.objects[discarded].zone == "graveyard"
    story.replays()


def test_the_mark_of_a_move_from_the_field_lasts_only_this_turn() -> None:
    # the same card, a turn later: no target, so Ritual of Millennia cannot be played (9.3 p2.4)
    story = Story({"MOA-050": 4, "T-BEAR": 4})
    ritual = story.put("p1", "MOA-050", "hand")
    fallen = story.put("p2", "T-BEAR", "field")
    story.by_rule(actions.destroy, fallen, "given")
    story.given("TurnBegan", turn=story.state.turn + 1, player="p1")
    story.will("p1", "B", "B")
    refusal = story.refused(cmd("PlayCard", "p1", card=ritual, targets=[[fallen]]))
    assert (refusal.code, refusal.rule) == ("rules/no_legal_target", "FoW-5.5 9.3 p2.4")


def test_a_resonator_from_your_graveyard_enters_your_field_rested() -> None:
    # The Last Drop (BFA-057): "Choose one - You gain 1000 life; or put target resonator with
    # total cost 2 or less from your graveyard into your field rested."  A spell in the
    # graveyard is no legal target; an opponent's graveyard is not yours
    story = Story({"BFA-057": 4, "T-BEAR": 4, "T-BOLT": 4})
    drop = story.put("p1", "BFA-057", "hand")
    bear = story.put("p1", "T-BEAR", "graveyard")
    story.put("p1", "T-BOLT", "graveyard")
    story.put("p2", "T-BEAR", "graveyard")
    story.will("p1", "G", "G")
    plays = [p for p in legal(story, "p1", "PlayCard") if p["card"] == drop and p["modes"] == [1]]
    assert [p["targets"] for p in plays] == [[[bear]]]
    story.when(cmd("PlayCard", "p1", card=drop, targets=[[bear]], modes=[1]))
    events = story.resolve()
    moved, rested = find(events, "CardMoved"), find(events, "CardRested")
    assert (moved.data["oid"], moved.data["to"], moved.data["controller"]) == (bear, "field", "p1")
    assert rested.data["oid"] == bear and rested.rule == "FoW-5.5 10.12 p1"
    assert story.state.objects[bear].rested
    story.replays()


def test_the_top_magic_stone_enters_the_magic_stone_area_rested() -> None:
    # Timekeeper Elf (TMS-063): "When this card enters your field, put the top card of your
    # magic stone deck into your magic stone area rested."
    story = Story({"TMS-063": 4, "T-BEAR": 4})
    elf = story.put("p1", "TMS-063", "graveyard")
    story.by_rule(actions.move, elf, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    top = story.state.zones["p1"]["stone_deck"][-1]
    played = story.when(cmd("Pass", "p1"))  # no choice to make: played at once
    assert find(played, "AbilityPlayed").data["source"] == elf
    events = story.resolve()
    assert find(events, "CardMoved").data["oid"] == top and find(events, "CardRested").data["oid"] == top
    assert story.state.objects[top].zone == "stone_area" and story.state.objects[top].rested
    story.replays()
