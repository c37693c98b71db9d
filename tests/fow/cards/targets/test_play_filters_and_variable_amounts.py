"""Target filters and variable amounts of real Grimm/Alice cards executed by the engine in the form
the importer gives them (given events / when command / then events; each story replays its whole
log):

* "If you control a J-Ruler, this card deals damage equal to its ATK to that resonator." (Flash of
  Demon Sword): the J-ruler's ATK on resolution (FoW-5.5 9.3 p3), dealt by the spell (10.6 p1);
* "ATK becomes equal to its DEF" in timestamp order (9.9 p1.4); two "up to one" target groups (9.3 p2.4);
* counters: "total cost equal to the number of omen counters" and "counters equal to the number of
  resonators you control" read on resolution (10.21 p1, 9.3 p3);
* "the number of cards discarded this way" (10.18 p2), "for each resonator removed this way" (10.3 p1);
* "This card's ATK is equal to total ATK of ..." read all the time (9.9 p4, p1.4);
* a target dealing damage equal to its ATK to another target (10.6 p1, 9.3 p3.1), half of that
  much as life; abilities granted to "all X" (9.9 p4, 10.19 p1); a fight against a J/resonator
  chosen on resolution (9.3 p3.2, 10.6).
"""

from __future__ import annotations

import pytest

from domain.fow.characteristics import characteristics
from domain.kernel import Event
from tests.fow.cards import story as harness
from tests.fow.cards.story import Story, legal
from tests.fow.cards.triggers.test_play_triggers_costs_and_target_filters import triggered_by
from tests.fow.support import CARDS as RULERS
from tests.fow.support import cmd, find
from tests.fow.test_ch8_battle import to_attack_choice, to_main


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


# --- "destroy all resonators with total cost equal to the number of omen counters on this card" --


def pass_to_turn_3_main(story: Story) -> list[Event]:
    """Pass from turn 1 until p1's main phase of turn 3 with nothing left to resolve."""
    events: list[Event] = []
    for _ in range(300):
        s = story.state
        if s.turn == 3 and s.phase == "main" and not s.chase and not s.triggered and story.pending.kind == "priority":
            return events
        events += story.when(cmd("Pass", story.pending.player))
    raise AssertionError("turn 3's main phase was not reached")


def test_redbird_of_omen_destroys_the_resonators_whose_total_cost_is_its_counters() -> None:
    # Redbird of Omen (TAT-034, total cost 3): no omen counter in turn 1; at the end of p1's turn 1 it
    # gets one (10.21 p1); at the beginning of p1's main phase of turn 3, every resonator with total
    # cost 1 is destroyed, whoever controls it (the Bears, T-BEAR {R}), not Carmilla (CMF-081, total
    # cost 4) nor the Redbird itself.
    story = Story({"TAT-034": 4, "T-BEAR": 4, "CMF-081": 4})
    redbird = story.put("p1", "TAT-034", "field")
    bears = [story.put("p1", "T-BEAR", "field"), story.put("p2", "T-BEAR", "field")]
    carmilla = story.put("p2", "CMF-081", "field")
    events = pass_to_turn_3_main(story)
    assert story.state.objects[redbird].counters == {"omen": 1}
    destroyed = [e for e in events if e.type == "CardMoved" and e.data["to"] == "graveyard"]
    assert sorted(e.data["oid"] for e in destroyed) == sorted(bears)
    assert {e.rule for e in destroyed} == {"FoW-5.5 10.9 p1"}
    assert [story.state.objects[o].zone for o in (redbird, carmilla)] == ["field", "field"]
    story.replays()


def test_redbird_of_omen_with_three_counters_destroys_itself() -> None:
    # Redbird of Omen (TAT-034) with two omen counters given, a third at the end of turn 1: at the
    # beginning of p1's main phase of turn 3 the resonators with total cost 3 are destroyed - the
    # Redbird itself (the counters are read on resolution, 9.3 p3), not the Bear.
    story = Story({"TAT-034": 4, "T-BEAR": 4})
    redbird = story.put("p1", "TAT-034", "field")
    bear = story.put("p2", "T-BEAR", "field")
    story.given("CounterPut", oid=redbird, counter="omen", count=2)
    events = pass_to_turn_3_main(story)
    destroyed = [e.data["oid"] for e in events if e.type == "CardMoved" and e.data["to"] == "graveyard"]
    assert destroyed == [redbird]
    assert story.state.objects[bear].zone == "field"
    story.replays()


# --- "put hope counters equal to the number of resonators you control on this card" --------------


def test_lumiel_counts_your_resonators_then_at_ten_destroys_the_opponents_resonators_and_additions() -> None:
    # Lumiel, the Tower of Hope (TAT-010): "[Continuous]: At the beginning of your main phase, put hope
    # counters equal to the number of resonators you control on this card. Then, if there are ten or
    # more hope counters on this card, banish it and destroy all resonators and additions your
    # opponent controls."  With eight counters and two resonators p1 controls, it reaches ten: it is
    # banished, p2's Bear and p2's own Lumiel (an addition) are destroyed; p1's Bears stay.
    story = Story({"TAT-010": 4, "T-BEAR": 4})
    lumiel = story.put("p1", "TAT-010", "field")
    mine = [story.put("p1", "T-BEAR", "field"), story.put("p1", "T-BEAR", "field")]
    theirs = [story.put("p2", "T-BEAR", "field"), story.put("p2", "TAT-010", "field")]
    story.given("CounterPut", oid=lumiel, counter="hope", count=8)
    events = pass_to_turn_3_main(story)
    put = next(e for e in events if e.type == "CounterPut" and e.data["oid"] == lumiel)
    assert (put.data["counter"], put.data["count"], put.rule) == ("hope", 2, "FoW-5.5 10.21 p1")
    banished = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == lumiel)
    assert (banished.data["to"], banished.rule) == ("graveyard", "FoW-5.5 10.10 p1")
    destroyed = [e for e in events if e.type == "CardMoved" and e.data["oid"] in theirs]
    assert sorted(e.data["oid"] for e in destroyed) == sorted(theirs)
    assert {e.rule for e in destroyed} == {"FoW-5.5 10.9 p1"}
    assert [story.state.objects[o].zone for o in mine] == ["field", "field"]
    story.replays()


def test_lumiel_puts_no_counter_without_resonators() -> None:
    # Lumiel, the Tower of Hope (TAT-010) with nine counters and no resonator p1 controls: no counter
    # is put (zero counters), the condition is not met, p2's Bear stays.
    story = Story({"TAT-010": 4, "T-BEAR": 4})
    lumiel = story.put("p1", "TAT-010", "field")
    bear = story.put("p2", "T-BEAR", "field")
    story.given("CounterPut", oid=lumiel, counter="hope", count=9)
    events = pass_to_turn_3_main(story)
    assert [e for e in events if e.type == "CounterPut"] == []
    assert find(events, "ConditionChecked").data["met"] is False
    assert story.state.objects[lumiel].counters == {"hope": 9}
    assert [story.state.objects[o].zone for o in (lumiel, bear)] == ["field", "field"]
    story.replays()


# --- "with total cost less than or equal to the number of cards discarded this way" --------------


def empty_hand(story: Story, player: str) -> None:
    """Given: every card in ``player``'s hand is put into their graveyard."""
    for oid in list(story.state.zones[player]["hand"]):
        story.given("CardMoved", oid=oid, to="graveyard", reason="given", **{"from": "hand"})


def leviathan_story(in_hand: list[str]) -> tuple[Story, dict[str, str]]:
    # Leviathan, the First of the Sea (TTW-043, {U}{U}{U}{3}): "When this card enters your field,
    # discard your hand. Then return all resonators your opponent controls with total cost less than
    # or equal to the number of cards discarded this way to their owner's hands."  p2 controls a
    # Bear (T-BEAR, total cost 1), Heart Stirring Sage (TMS-056, total cost 1) and Carmilla (CMF-081,
    # total cost 4); p1 its own Bear.
    story = Story({"TTW-043": 4, "T-BEAR": 4, "T-WALL": 4, "CMF-081": 4, "TMS-056": 4})
    empty_hand(story, "p1")
    leviathan = story.put("p1", "TTW-043", "hand")
    for card_id in in_hand:
        story.put("p1", card_id, "hand")
    c = {
        "leviathan": leviathan,
        "mine": story.put("p1", "T-BEAR", "field"),
        "bear": story.put("p2", "T-BEAR", "field"),
        "sage": story.put("p2", "TMS-056", "field"),
        "carmilla": story.put("p2", "CMF-081", "field"),
    }
    story.will("p1", "U", "U", "U", "U", "U", "U")
    story.when(cmd("PlayCard", "p1", card=leviathan))
    events = story.resolve()
    [trig] = triggered_by(events, leviathan)
    assert trig.rule == "FoW-5.5 9.6 p5"
    return story, c


def test_leviathan_returns_the_opponents_resonators_up_to_the_number_discarded() -> None:
    # two cards discarded: p2's Bear and Sage (total cost 1) return to p2's hand, Carmilla stays
    story, c = leviathan_story(["T-BEAR", "T-WALL"])
    events = story.resolve()
    discarded = [e for e in events if e.type == "CardMoved" and e.data["reason"] == "discard"]
    assert len(discarded) == 2 and {e.rule for e in discarded} == {"FoW-5.5 10.18 p2"}
    returned = [e.data["oid"] for e in events if e.type == "CardMoved" and e.data["to"] == "hand"]
    assert sorted(returned) == sorted([c["bear"], c["sage"]])
    assert [story.state.objects[c[k]].zone for k in ("mine", "carmilla", "leviathan")] == ["field"] * 3
    story.replays()


def test_leviathan_with_an_empty_hand_returns_nothing() -> None:
    # no card discarded: only resonators with total cost 0 would return; there are none
    story, c = leviathan_story([])
    events = story.resolve()
    assert [e for e in events if e.type == "CardMoved"] == []
    assert [story.state.objects[c[k]].zone for k in ("bear", "sage", "carmilla")] == ["field"] * 3
    story.replays()


# --- "This card's ATK is equal to total ATK of Cthulhu resonators you control" -------------------


def test_nyarlathotep_atk_is_the_total_atk_of_your_cthulhu_resonators(monkeypatch: pytest.MonkeyPatch) -> None:
    # Nyarlathotep, the Faceless God (MPR-080J, DEF 1200): "[Continuous]: This card's ATK is equal to
    # total ATK of Cthulhu resonators you control."  T-NYAR, an invented ruler whose J-ruler side it is.
    # p1 controls Cthugha (MOA-013, [500/500]) and Byakhee (MPR-078, [900/900]), both Cthulhu, and a
    # Bear (no Cthulhu); p2's Cthugha is not p1's.  The total is read all the time (9.9 p4); an effect
    # made later applies after it (9.9 p1.4, p3).
    ruler = {**RULERS["T-RULER"], "id": "T-NYAR", "name": "Nyarlathotep Ruler"}
    ruler["judgment"] = {"cost": {"attribute": {"B": 1}, "free": 0}, "j_ruler": "MPR-080J"}
    real = harness.database_cards
    monkeypatch.setattr(harness, "database_cards", lambda: {**real(), "T-NYAR": ruler})
    story = Story({"MOA-013": 4, "MPR-078": 4, "T-BEAR": 4}, ruler="T-NYAR")
    nyarlathotep = j_ruler(story)
    assert stats(story, nyarlathotep) == (0, 1200)  # no Cthulhu resonator
    story.put("p1", "MOA-013", "field")
    byakhee = story.put("p1", "MPR-078", "field")
    story.put("p1", "T-BEAR", "field")
    story.put("p2", "MOA-013", "field")
    assert stats(story, nyarlathotep) == (1400, 1200)
    pumped = {"source": byakhee, "controller": "p1", "kind": "modify", "duration": "end_of_turn"}
    story.given("ContinuousEffectCreated", id="given-1", targets=[byakhee], **pumped, atk=200, **{"def": 0})
    assert stats(story, nyarlathotep) == (1600, 1200)
    story.given("ContinuousEffectCreated", id="given-2", targets=[nyarlathotep], **pumped, atk=300, **{"def": 0})
    assert stats(story, nyarlathotep) == (1900, 1200)
    story.given("CardMoved", oid=byakhee, to="graveyard", reason="given", **{"from": "field"})
    assert stats(story, nyarlathotep) == (800, 1200)
    story.replays()


# --- "Remove all cards in target player's graveyard ... for each resonator removed this way" -----


@pytest.mark.parametrize("whose", ["p2", "p1"])
def test_fetal_movement_removes_a_graveyard_and_counts_its_resonators(whose: str) -> None:
    # Fetal Movement in Outer World (MOA-015, {R}{R}): "Remove all cards in target player's graveyard
    # from the game. This card deals 100 damage to your opponent for each resonator removed this
    # way."  The target player's graveyard holds two Bears and a Bolt (a spell); the other player's
    # graveyard a Wall, which stays; the resonators already in the removed area do not count.  The
    # damage goes to p2, p1's opponent, whichever graveyard it was (10.3 p1, 10.6 p1).
    story = Story({"MOA-015": 4, "T-BEAR": 4, "T-BOLT": 4, "T-WALL": 4})
    fetal = story.put("p1", "MOA-015", "hand")
    other = "p1" if whose == "p2" else "p2"
    graveyard = [story.put(whose, c, "graveyard") for c in ("T-BEAR", "T-BEAR", "T-BOLT")]
    wall = story.put(other, "T-WALL", "graveyard")
    story.put(whose, "T-WALL", "removed")
    story.will("p1", "R", "R")
    story.when(cmd("PlayCard", "p1", card=fetal, targets=[[whose]]))
    events = story.resolve()
    removed = [e for e in events if e.type == "CardMoved" and e.data["to"] == "removed"]
    assert sorted(e.data["oid"] for e in removed) == sorted(graveyard)
    assert {e.rule for e in removed} == {"FoW-5.5 10.3 p1"}
    dealt = find(events, "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (fetal, "p2", 200)
    assert story.state.objects[wall].zone == "graveyard"
    story.replays()


# --- "Target Vampire you control deals damage equal to its ATK to another target resonator" -----


def bloodsucking_story() -> tuple[Story, dict[str, str]]:
    # Bloodsucking Impulse (CMF-080, {B}{1}): "Target Vampire you control deals damage equal to its ATK
    # to another target resonator. Then you gain life equal to half of that much damage. (Rounded up
    # to the nearest 100.)"  Herald of the Undead Lord (SKL-070) is a Vampire, [500/500].
    story = Story({"CMF-080": 4, "SKL-070": 4, "T-WALL": 4})
    c = {
        "impulse": story.put("p1", "CMF-080", "hand"),
        "herald": story.put("p1", "SKL-070", "field"),
        "theirs": story.put("p2", "SKL-070", "field"),
        "wall": story.put("p2", "T-WALL", "field"),
    }
    story.will("p1", "B", "B")
    return story, c


def test_bloodsucking_impulse_the_vampire_deals_its_atk_and_you_gain_half() -> None:
    story, c = bloodsucking_story()
    life = story.state.players["p1"].life
    story.when(cmd("PlayCard", "p1", card=c["impulse"], targets=[[c["herald"]], [c["wall"]]]))
    events = story.resolve()
    dealt = find(events, "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (c["herald"], c["wall"], 500)
    assert dealt.rule == "FoW-5.5 10.6 p1"
    gained = find(events, "LifeChanged")
    assert (gained.data["player"], gained.data["delta"]) == ("p1", 300)  # half of 500, rounded up to 100
    assert story.state.players["p1"].life == life + 300
    story.replays()


def test_bloodsucking_impulse_targets() -> None:
    # the first target is a Vampire p1 controls (not p2's Herald); "another target": not the same one
    story, c = bloodsucking_story()
    refusal = story.refused(cmd("PlayCard", "p1", card=c["impulse"], targets=[[c["theirs"]], [c["wall"]]]))
    assert (refusal.code, refusal.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    refusal = story.refused(cmd("PlayCard", "p1", card=c["impulse"], targets=[[c["herald"]], [c["herald"]]]))
    assert (refusal.code, refusal.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    story.when(cmd("PlayCard", "p1", card=c["impulse"], targets=[[c["herald"]], [c["theirs"]]]))
    story.resolve()
    assert story.state.objects[c["theirs"]].zone == "graveyard"  # 500 damage, DEF 500
    story.replays()


def test_bloodsucking_impulse_without_its_vampire_deals_no_damage() -> None:
    # the Herald leaves the field before the spell resolves: it is no longer a legal target and deals
    # no damage (9.3 p3.1); no damage was dealt, so no life is gained
    story, c = bloodsucking_story()
    life = story.state.players["p1"].life
    story.when(cmd("PlayCard", "p1", card=c["impulse"], targets=[[c["herald"]], [c["wall"]]]))
    story.given("CardMoved", oid=c["herald"], to="graveyard", reason="given", **{"from": "field"})
    events = story.resolve()
    assert [e for e in events if e.type == "DamageDealt"] == []
    assert story.state.players["p1"].life == life
    story.replays()


# --- 'Dragon J/resonators you control gain "..." until end of turn' ------------------------------


def test_sylvias_roar_both_modes_and_the_dragons_gain_the_attack_ability() -> None:
    # Sylvia's Roar (TTW-034, {R}{1}): "Choose one. If your J/ruler is "Sylvia Gill Palarilias" choose
    # up to two instead - Resonators you control gain [+300/0] until end of turn; or Dragon
    # J/resonators you control gain "Whenever this card attacks, it deals damage equal to its ATK to
    # target resonator." until end of turn."  p1's ruler is Sylvia Gill Palarilias (TTW-032): both
    # modes.  Caldera-Born Dragon (TTW-022, [800/800]) attacks: its gained ability deals its ATK, 1100,
    # to p2's Wall.  The Bear (no Dragon) does not gain it; a Dragon put into the field after the
    # spell resolved does (an effect on "all X", 9.9 p4).
    story = Story({"TTW-034": 4, "TTW-022": 4, "T-BEAR": 4, "T-WALL": 4}, ruler="TTW-032")
    roar = story.put("p1", "TTW-034", "hand")
    dragon = story.put("p1", "TTW-022", "field")
    bear = story.put("p1", "T-BEAR", "field")
    wall = story.put("p2", "T-WALL", "field")
    story.log += to_main(story.state, turn=3)
    story.will("p1", "R", "R")
    story.when(cmd("PlayCard", "p1", card=roar, targets=[], modes=[0, 1]))
    events = story.resolve()
    granted = next(e for e in events if e.type == "ContinuousEffectCreated" and e.data["kind"] == "grant_abilities")
    assert (granted.data["targets"], granted.rule) == ([], "FoW-5.5 10.19 p1")
    base = len(characteristics(story.state, bear).abilities)
    assert len(characteristics(story.state, dragon).abilities) == base + 1
    later = story.put("p1", "TTW-022", "field")
    assert len(characteristics(story.state, later).abilities) == base + 1
    story.log += to_attack_choice(story.state)
    events = story.when(cmd("DeclareAttack", "p1", attacker=dragon, target="p2"))
    [trig] = triggered_by(events, dragon)
    story.when(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[[wall]]))
    events = story.resolve()
    dealt = find(events, "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (dragon, wall, 1100)
    assert story.state.objects[wall].zone == "graveyard"
    story.replays()


def test_sylvias_roar_one_mode_without_sylvia() -> None:
    # Sylvia's Roar (TTW-034) with T-RULER: one mode only (9.3 p2.3)
    story = Story({"TTW-034": 4, "TTW-022": 4})
    roar = story.put("p1", "TTW-034", "hand")
    story.will("p1", "R", "R")
    refusal = story.refused(cmd("PlayCard", "p1", card=roar, targets=[], modes=[0, 1]))
    assert refusal.rule == "FoW-5.5 9.3 p2.3"
    story.replays()


# --- "this and a J/resonator your opponent controls deal damage equal to their ATK to each other" -


def kujata_story(theirs: list[str]) -> tuple[Story, str, list[str], list[Event]]:
    # Kujata, Sacred Ox (TMS-058, [500/500]): "As long as there are one or more evolution counters on
    # this card, it gains [+500/+500]." / "Whenever an evolution counter is placed on this card, this
    # and a J/resonator your opponent controls deal damage equal to their ATK to each other." /
    # "[Evolution] {G}{G}{2}."
    story = Story({"TMS-058": 4, "T-BEAR": 4, "T-WALL": 4})
    kujata = story.put("p1", "TMS-058", "field")
    story.put("p1", "T-BEAR", "field")  # p1's own: never chosen
    opposing = [story.put("p2", c, "field") for c in theirs]
    story.will("p1", "G", "G", "G", "G")
    story.when(cmd("ActivateAbility", "p1", source=kujata, ability="evolution", pay_with=[]))
    events = story.resolve()  # the evolution counter is put: the ability triggers (no target to choose)
    assert find(events, "CounterPut").data == {"oid": kujata, "counter": "evolution", "count": 1}
    [trig] = triggered_by(events, kujata)
    assert trig.rule == "FoW-5.5 9.6 p5"
    return story, kujata, opposing, story.resolve()


def test_kujata_fights_a_j_resonator_its_controller_chooses_on_resolution() -> None:
    # two J/resonators p2 controls: p1 chooses the Wall (T-WALL, [100/1000]) as the ability resolves
    # (9.3 p3.2); Kujata, [1000/1000] with its counter, deals 1000 to it, the Wall 100 to Kujata (10.6)
    story, kujata, (bear, wall), events = kujata_story(["T-BEAR", "T-WALL"])
    asked = find(events, "ChoiceRequested")
    assert (asked.data["kind"], sorted(asked.data["options"]["cards"]), asked.rule) == (
        "fight",
        sorted([bear, wall]),
        "FoW-5.5 9.3 p3.2",
    )
    assert {tuple(a["cards"]) for a in legal(story, "p1", "ChooseCards")} == {(bear,), (wall,)}
    refusal = story.refused(cmd("ChooseCards", "p1", cards=[kujata]))
    assert (refusal.code, refusal.rule) == ("rules/fight_choice", "FoW-5.5 9.3 p3.2")
    events = story.when(cmd("ChooseCards", "p1", cards=[wall]))
    dealt = [(e.data["source"], e.data["target"], e.data["amount"]) for e in events if e.type == "DamageDealt"]
    assert dealt == [(kujata, wall, 1000), (wall, kujata, 100)]
    assert story.state.objects[wall].zone == "graveyard" and story.state.objects[bear].zone == "field"
    story.replays()


def test_kujata_with_one_opposing_j_resonator_asks_nothing() -> None:
    # only the Bear: no choice to make; Kujata [1000/1000] and the Bear [500/500] deal their ATKs
    story, kujata, (bear,), events = kujata_story(["T-BEAR"])
    assert [e for e in events if e.type == "ChoiceRequested"] == []
    dealt = [(e.data["source"], e.data["target"], e.data["amount"]) for e in events if e.type == "DamageDealt"]
    assert dealt == [(kujata, bear, 1000), (bear, kujata, 500)]
    assert story.state.objects[bear].zone == "graveyard" and story.state.objects[kujata].zone == "field"
    story.replays()
