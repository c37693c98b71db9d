"""Target filters and variable amounts of real Grimm/Alice cards executed by the engine in the form
the importer gives them (given events / when command / then events; each story replays its whole
log):

* "If you control a J-Ruler, this card deals damage equal to its ATK to that resonator." (Flash of
  Demon Sword): the J-ruler's ATK on resolution (FoW-5.5 9.3 p3), dealt by the spell (10.6 p1).
"""

from __future__ import annotations

from domain.fow.characteristics import characteristics
from tests.fow_support import cmd, find
from tests.test_fow_battle import to_attack_choice, to_main
from tests.test_fow_conditions import Story, legal
from tests.test_fow_real_triggers_costs import triggered_by


def j_ruler(story: Story, player: str = "p1") -> str:
    """Given: ``player``'s ruler (T-RULER, whose J-ruler side is T-JRULER, ATK 1000) in the field
    as a J-ruler."""
    ruler = story.state.zones[player]["ruler_area"][0]
    moved = {"oid": ruler, "from": "ruler_area", "to": "field", "controller": player, "side": "j_ruler"}
    story.given("CardMoved", **moved, reason="given")
    return ruler


def stats(story: Story, oid: str) -> tuple[int | None, int | None]:
    chars = characteristics(story.state, oid)
    return chars.atk, chars.def_


# --- Flash of Demon Sword ------------------------------------------------------------------------


def flash_story(card_id: str, *, with_j_ruler: bool) -> tuple[Story, str, str, str]:
    # Flash of Demon Sword: "[Trigger] When a J/resonator you control attacks: Target resonator
    # cannot block until end of turn. If you control a J-Ruler, this card deals damage equal to its
    # ATK to that resonator."  p1's Bear attacks p2; the target is p2's Wall (T-WALL, [100/1000]).
    story = Story({card_id: 4, "T-BEAR": 4, "T-WALL": 4})
    flash = story.put("p1", card_id, "standby")
    bear = story.put("p1", "T-BEAR", "field")
    wall = story.put("p2", "T-WALL", "field")
    if with_j_ruler:
        j_ruler(story)
    story.log += to_main(story.state, turn=3)
    story.log += to_attack_choice(story.state)
    events = story.when(cmd("DeclareAttack", "p1", attacker=bear, target="p2"))
    [trig] = triggered_by(events, flash)
    assert (trig.data["kind"], trig.rule) == ("card", "FoW-5.5 7.9 p2")
    story.when(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[[wall]], pay_with=[]))
    return story, flash, bear, wall


def test_flash_of_demon_sword_with_a_j_ruler_deals_its_atk_to_the_target() -> None:
    story, flash, _, wall = flash_story("VS01-023", with_j_ruler=True)
    events = story.resolve()
    assert find(events, "ConditionChecked").data["met"] is True
    dealt = find(events, "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (flash, wall, 1000)
    assert dealt.rule == "FoW-5.5 10.6 p1"
    assert story.state.objects[wall].zone == "graveyard"  # DEF 1000
    story.replays()


def test_flash_of_demon_sword_without_a_j_ruler_only_stops_the_block() -> None:
    story, _, _, wall = flash_story("TTW-026", with_j_ruler=False)
    events = story.resolve()
    assert find(events, "ConditionChecked").data["met"] is False
    assert [e for e in events if e.type == "DamageDealt"] == []
    made = find(events, "ContinuousEffectCreated")
    assert (made.data["targets"], made.rule) == ([wall], "FoW-5.5 1.4 p4")  # "cannot block"
    assert story.state.objects[wall].zone == "field"
    story.replays()


# --- "Target resonator's ATK becomes equal to its DEF until end of turn" ------------------------


def test_heart_stirring_sage_makes_the_atk_equal_to_the_def_in_timestamp_order() -> None:
    # Heart Stirring Sage (TMS-056): "{Rest}: Target resonator's ATK becomes equal to its DEF until
    # end of turn."  The Wall (T-WALL, [100/1000]) has [+0/+300] from before: its ATK becomes the
    # DEF it has at that point, 1300; [+200/+0] given after adds to that (9.9 p1.4: timestamp order).
    story = Story({"TMS-056": 4, "T-WALL": 4})
    sage = story.put("p1", "TMS-056", "field")
    wall = story.put("p2", "T-WALL", "field")
    story.log += to_main(story.state, turn=3)

    def pump(n: int, atk: int, def_: int) -> None:
        data = {"source": wall, "controller": "p2", "targets": [wall], "kind": "modify", "duration": "end_of_turn"}
        story.given("ContinuousEffectCreated", id=f"given-{n}", **data, atk=atk, **{"def": def_})

    pump(1, 0, 300)
    story.when(cmd("ActivateAbility", "p1", source=sage, ability=0, targets=[[wall]]))
    events = story.resolve()
    made = find(events, "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["targets"], made.rule) == ("atk_becomes_def", [wall], "FoW-5.5 9.9 p1.4")
    assert stats(story, wall) == (1300, 1300)
    pump(2, 200, 0)
    assert stats(story, wall) == (1500, 1300)
    story.replays()


def test_heart_stirring_sage_ends_at_end_of_turn() -> None:
    # Heart Stirring Sage (TMS-056) on itself ([0/600]): [600/600] until the end of the turn, then
    # [0/600] again (5.4 p5).
    story = Story({"TMS-056": 4})
    sage = story.put("p1", "TMS-056", "field")
    story.log += to_main(story.state, turn=3)
    story.when(cmd("ActivateAbility", "p1", source=sage, ability=0, targets=[[sage]]))
    story.resolve()
    assert stats(story, sage) == (600, 600)
    story.log += to_main(story.state, turn=4)
    assert stats(story, sage) == (0, 600)
    story.replays()


# --- "destroy up to one target resonator and up to one target regalia" ---------------------------


def test_space_time_collapse_first_mode_without_gill_lapis() -> None:
    # Space-Time Collapse (TMS-083, {B}{B}): "Choose one - Destroy target resonator or regalia; or
    # destroy up to one target resonator and up to one target regalia. Choose the second only if your
    # J/ruler is "Conqueror of the Black Moon, Gill Lapis" or "Gill Lapis, the Primogenitor""
    # T-RULER is neither: only the first mode (9.3 p2.3); a regalia (Imperial Tank VIN002-078) is a
    # legal target of it.
    story = Story({"TMS-083": 4, "T-BEAR": 4, "VIN002-078": 4})
    collapse = story.put("p1", "TMS-083", "hand")
    bear = story.put("p2", "T-BEAR", "field")
    tank = story.put("p2", "VIN002-078", "field")
    story.will("p1", "B", "B")
    modes = {tuple(p["modes"]) for p in legal(story, "p1", "PlayCard") if p["card"] == collapse}
    assert modes == {(0,)}
    refusal = story.refused(cmd("PlayCard", "p1", card=collapse, targets=[[bear], [tank]], modes=[1]))
    assert (refusal.code, refusal.rule) == ("rules/mode_choice", "FoW-5.5 9.3 p2.3")
    story.when(cmd("PlayCard", "p1", card=collapse, targets=[[tank]], modes=[0]))
    events = story.resolve()
    destroyed = [e for e in events if e.type == "CardMoved" and e.data["to"] == "graveyard" and e.data["oid"] == tank]
    assert [e.rule for e in destroyed] == ["FoW-5.5 10.9 p1"]
    assert story.state.objects[bear].zone == "field"
    story.replays()


def test_space_time_collapse_second_mode_with_gill_lapis() -> None:
    # Space-Time Collapse (TMS-083) with Conqueror of the Black Moon, Gill Lapis (TMS-072) as ruler:
    # the second mode destroys a resonator and a regalia, one target each; "up to one": with no
    # regalia chosen, only the resonator.
    for with_tank in (True, False):
        story = Story({"TMS-083": 4, "T-BEAR": 4, "VIN002-078": 4}, ruler="TMS-072")
        collapse = story.put("p1", "TMS-083", "hand")
        bear = story.put("p2", "T-BEAR", "field")
        tank = story.put("p2", "VIN002-078", "field")
        story.will("p1", "B", "B")
        modes = {tuple(p["modes"]) for p in legal(story, "p1", "PlayCard") if p["card"] == collapse}
        assert modes == {(0,), (1,)}
        story.when(cmd("PlayCard", "p1", card=collapse, targets=[[bear], [tank] if with_tank else []], modes=[1]))
        story.resolve()
        assert story.state.objects[bear].zone == "graveyard"
        assert story.state.objects[tank].zone == ("graveyard" if with_tank else "field")
        story.replays()
