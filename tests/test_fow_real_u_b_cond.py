"""Cost changes, odd characteristics and looking at cards of real Grimm/Alice cards executed by the
engine in the form the importer gives them (given events / when command / then events; each story
replays its whole log):

* "Magic stones with non-will activate abilities don't recover during recovery phase" (5.2 p5,
  9.5, 9.7 p1).
"""

from __future__ import annotations

from domain.kernel import Event
from tests.fow_support import cmd
from tests.test_fow_battle import to_main
from tests.test_fow_conditions import Story

# --- "Magic stones with non-will activate abilities don't recover" -----------------------------


def test_magic_stones_with_non_will_activate_abilities_stay_rested() -> None:
    # Transparent Moon (MOA-030) in p2's field covers every player's magic stones; Call to Action's
    # Memoria (BFA-096: "{Rest}: Produce {W}. {W}{1}, {Rest}: You gain 100 life.") has a non-will
    # activate ability, T-STONE only a will ability: in p1's recovery phase only T-STONE recovers
    story = Story({"MOA-030": 4}, stones={"BFA-096": 4, "T-STONE": 6})
    moon = story.put("p2", "MOA-030", "field")
    memoria = story.put("p1", "BFA-096", "stone_area")
    stone = story.put("p1", "T-STONE", "stone_area")
    for oid in (memoria, stone):
        story.given("CardRested", oid=oid)
    story.log += to_main(story.state, turn=3)
    recovered = [e for e in story.log if e.type == "CardsRecovered" and e.data["player"] == "p1"][-1]
    assert recovered.data["not_recovered"] == [memoria] and stone in recovered.data["oids"]
    assert recovered.rule == "FoW-5.5 5.2 p5"
    assert story.state.objects[memoria].rested and not story.state.objects[stone].rested
    # without the Moon the Memoria recovers in p1's next recovery phase
    story.given("CardMoved", **{"oid": moon, "from": "field", "to": "graveyard", "reason": "given"})
    story.log += to_main(story.state, turn=5)
    assert not story.state.objects[memoria].rested
    story.replays()


# --- cost changes for playing spells (9.3 p2.5, 3.13 p3) ---------------------------------------


def spell_cost(events: list[Event]) -> Event:
    [changed] = [e for e in events if e.type == "CostChanged"]
    assert changed.rule == "FoW-5.5 9.3 p2.5" and changed.data["of"] == "spell"
    return changed


def paid(events: list[Event]) -> list[str]:
    [will] = [e for e in events if e.type == "WillPaid"]
    return list(will.data["will"])


def test_added_resonator_gains_you_pay_two_more_to_play_normal_spells() -> None:
    # Silencing Spell (TMS-082, {B}): "Added resonator gains "You pay {2} more to play normal
    # spells."."  Added to p2's Bear: the Bear's controller, p2, pays {2} more for Foresee (SKL-039,
    # {U}{U}: "Draw two cards."), a normal spell; not for a summon spell (the Bear, {R}); p1 pays no more
    story = Story({"TMS-082": 4, "SKL-039": 4, "T-BEAR": 4})
    bear = story.put("p2", "T-BEAR", "field")
    silencing = story.put("p1", "TMS-082", "hand")
    story.will("p1", "B")
    story.when(cmd("PlayCard", "p1", card=silencing, targets=[[bear]]))
    story.resolve()
    assert story.state.objects[silencing].attached_to == bear
    mine = story.put("p1", "SKL-039", "hand")
    story.will("p1", "U", "U")
    events = story.when(cmd("PlayCard", "p1", card=mine))
    assert "CostChanged" not in [e.type for e in events] and paid(events) == ["U", "U"]
    story.resolve()
    story.log += to_main(story.state, turn=2)
    foresee = story.put("p2", "SKL-039", "hand")
    story.will("p2", "U", "U", "R")
    refusal = story.refused(cmd("PlayCard", "p2", card=foresee))
    assert (refusal.code, refusal.rule) == ("rules/cannot_pay", "FoW-5.5 10.2 p4")
    story.will("p2", "R")
    events = story.when(cmd("PlayCard", "p2", card=foresee))
    changed = spell_cost(events)
    assert changed.data["sources"] == [bear] and changed.data["card"] == foresee
    assert changed.data["cost"] == {"attribute": {"U": 2}, "free": 2}
    assert sorted(paid(events)) == ["R", "R", "U", "U"]
    story.resolve()
    second = story.put("p2", "T-BEAR", "hand")
    story.will("p2", "R")
    events = story.when(cmd("PlayCard", "p2", card=second))
    assert "CostChanged" not in [e.type for e in events] and paid(events) == ["R"]
    story.replays()


def test_you_may_pay_one_less_to_play_spells_with_no_attribute_to_a_minimum_of_one() -> None:
    # Engineer of Leginus (BFA-036): "You may pay {1} less to play spells with no attribute, to a
    # minimum free cost of {1}."  Clockwork Scout Plane (SKL-083, {2}) costs {1}; Mechanical Sprite
    # (TTW-095, {1}) stays at {1}; the Bear ({R}) has an attribute; the decrease is taken on request
    # (``reduce: true``, "you may"), without it the whole cost is paid
    story = Story({"BFA-036": 4, "SKL-083": 4, "TTW-095": 4, "T-BEAR": 4})
    story.put("p1", "BFA-036", "field")
    plane = story.put("p1", "SKL-083", "hand")
    story.will("p1", "R")
    events = story.when(cmd("PlayCard", "p1", card=plane, reduce=True))
    changed = spell_cost(events)
    assert changed.data["printed"] == {"attribute": {}, "free": 2}
    assert changed.data["cost"] == {"attribute": {}, "free": 1} and paid(events) == ["R"]
    story.resolve()
    sprite = story.put("p1", "TTW-095", "hand")
    story.will("p1", "R", "R")
    events = story.when(cmd("PlayCard", "p1", card=sprite, reduce=True))
    assert spell_cost(events).data["cost"] == {"attribute": {}, "free": 1} and paid(events) == ["R"]
    story.resolve()
    declined = story.put("p1", "SKL-083", "hand")
    story.will("p1", "R")  # one R is left in the pool
    events = story.when(cmd("PlayCard", "p1", card=declined))
    assert "CostChanged" not in [e.type for e in events] and paid(events) == ["R", "R"]
    story.resolve()
    bear = story.put("p1", "T-BEAR", "hand")
    story.will("p1", "R")
    no_decrease = story.refused(cmd("PlayCard", "p1", card=bear, reduce=True))
    assert (no_decrease.code, no_decrease.rule) == ("rules/no_cost_reduction", "FoW-5.5 9.3 p2.5")
    events = story.when(cmd("PlayCard", "p1", card=bear))
    assert "CostChanged" not in [e.type for e in events]
    story.resolve()
    malformed = story.refused(cmd("PlayCard", "p1", card=story.put("p1", "TTW-095", "hand"), reduce="no"))
    assert (malformed.code, malformed.rule) == ("command/malformed", "FoW-5.5 9.3 p2.5")
    story.replays()
