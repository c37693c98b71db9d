"""Target filters of real Grimm/Alice cards executed by the engine in the form the importer gives
them (given events / when command / then events; each story replays its whole log):

* "target resonator your opponent controls that dealt damage this turn": the object dealt damage
  (to a player or a card) this turn; a new object has dealt none (FoW-5.5 3.1 p3); the target is
  chosen as the ability is played (9.3 p2.4);
* "Target player cannot play normal spells and summon spells until end of turn" (1.4 p4, 3.13 p3);
* "Target Gorgon gains [+200/0] until end of turn": a race without a card type (2.5 p4);
* "recover this card and it gains [+400/0] until end of turn".
"""

from __future__ import annotations

import pytest

from domain.fow import actions
from domain.fow.characteristics import characteristics
from domain.kernel import Event
from tests.fow.cards import story as harness
from tests.fow.cards.story import Story, legal
from tests.fow.cards.triggers.test_play_triggers_costs_and_target_filters import triggered_by
from tests.fow.support import CARDS as RULERS
from tests.fow.support import cmd
from tests.fow.test_ch8_battle import to_main


def dragger_story(*, next_turn: bool = False) -> tuple[Story, str, dict[str, str]]:
    # Underground Dragger (SKL-081): "[Stealth] You control a darkness magic stone and a resonator
    # was put into a graveyard from your field this turn. ... When this card enters your field
    # from a chant-standby area, destroy target resonator your opponent controls that dealt damage
    # this turn."  BFA-101 is a Darkness Magic Stone.
    story = Story({"SKL-081": 4, "T-BEAR": 4, "T-WALL": 4, "T-FAST": 4}, {"BFA-101": 10})
    story.put("p1", "BFA-101", "stone_area")
    dragger = story.put("p1", "SKL-081", "standby")
    story.log += to_main(story.state, turn=3)
    r = {
        "hitter": story.put("p2", "T-BEAR", "field"),  # dealt damage to a player
        "fighter": story.put("p2", "T-FAST", "field"),  # dealt damage to a card
        "hit": story.put("p2", "T-WALL", "field"),  # was dealt damage, dealt none
        "mine": story.put("p1", "T-BEAR", "field"),  # dealt damage, but p1's own
        "gone": story.put("p2", "T-BEAR", "field"),  # dealt damage, then left and came back
        "fallen": story.put("p1", "T-WALL", "field"),
    }
    story.by_rule(actions.deal_damage, r["hitter"], "p1", 300, "given")
    story.by_rule(actions.deal_damage, r["fighter"], r["hit"], 100, "given")
    story.by_rule(actions.deal_damage, r["mine"], "p2", 300, "given")
    story.by_rule(actions.deal_damage, r["gone"], "p1", 300, "given")
    story.given("CardMoved", **{"oid": r["gone"], "from": "field", "to": "hand", "reason": "given"})
    story.given("CardMoved", **{"oid": r["gone"], "from": "hand", "to": "field", "reason": "given"})
    if next_turn:  # p1's next turn: that damage was dealt in an earlier turn
        story.log += to_main(story.state, turn=5)
    story.by_rule(actions.destroy, r["fallen"], "given")  # the [Stealth] state holds
    return story, dragger, r


def enter_from_standby(story: Story, dragger: str) -> str:
    """Play the Dragger by [Stealth] (12.5 p2); it resolves into the field (7.1 p3): its trigger."""
    [stealth] = triggered_by(story.when(cmd("Pass", "p1")), dragger)
    assert (stealth.data["kind"], stealth.rule) == ("stealth", "FoW-5.5 12.5 p2")
    story.when(cmd("PlayTriggered", "p1", trigger=stealth.data["trigger"], targets=[], pay_with=[]))
    [entered] = triggered_by(story.resolve(), dragger)
    assert (entered.data["kind"], entered.rule) == ("ability", "FoW-5.5 9.6 p5")
    return str(entered.data["trigger"])


def test_destroy_target_resonator_your_opponent_controls_that_dealt_damage_this_turn() -> None:
    story, dragger, r = dragger_story()
    trigger = enter_from_standby(story, dragger)
    for wrong in ("hit", "mine", "gone"):  # dealt none / p1's own / a new object (3.1 p3)
        refusal = story.refused(cmd("PlayTriggered", "p1", trigger=trigger, targets=[[r[wrong]]]))
        assert (refusal.code, refusal.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4"), wrong
    story.when(cmd("PlayTriggered", "p1", trigger=trigger, targets=[[r["fighter"]]]))
    events = story.resolve()
    destroyed = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == r["fighter"])
    assert (destroyed.data["reason"], destroyed.rule) == ("destroyed", "FoW-5.5 10.9 p1")
    assert [story.state.objects[r[k]].zone for k in ("hitter", "hit", "mine", "gone")] == ["field"] * 4
    story.replays()


def test_damage_dealt_in_an_earlier_turn_is_not_dealt_this_turn() -> None:
    story, dragger, r = dragger_story(next_turn=True)
    trigger = enter_from_standby(story, dragger)
    # the damage the Bear and the Fast dealt was dealt last turn: no legal target at all (9.6 p6)
    events = story.when(cmd("PlayTriggered", "p1", trigger=trigger, targets=[[r["hitter"]]]))
    [discarded] = [e for e in events if e.type == "TriggerDiscarded"]
    assert (discarded.data["why"], discarded.rule) == ("no legal target", "FoW-5.5 9.6 p6")
    assert [story.state.objects[r[k]].zone for k in ("hitter", "fighter")] == ["field"] * 2
    story.replays()


# --- "Target player cannot play normal spells and summon spells until end of turn" ---------------


def silence_story(victim: str) -> tuple[Story, dict[str, str]]:
    # Law of Silence (CMF-071): "Target player cannot play normal spells and summon spells until
    # end of turn."  A resonator played is a summon spell, any other card a normal spell (3.13 p3).
    story = Story({"CMF-071": 4, "T-BEAR": 4, "T-GROW": 4})
    c = {
        "law": story.put("p1", "CMF-071", "hand"),
        "bear": story.put("p1", "T-BEAR", "hand"),
        "grow": story.put("p1", "T-GROW", "hand"),
        "their_grow": story.put("p2", "T-GROW", "hand"),
        "target": story.put("p2", "T-BEAR", "field"),
    }
    story.will("p1", "G", "G")
    story.when(cmd("PlayCard", "p1", card=c["law"], targets=[[victim]]))
    events = story.resolve()
    made = next(e for e in events if e.type == "ContinuousEffectCreated")
    assert (made.data["targets"], made.rule) == ([victim], "FoW-5.5 1.4 p4")
    assert made.data["rules"] == ["cannot_play_normal_spells", "cannot_play_summon_spells"]
    return story, c


def test_the_target_player_cannot_play_spells_this_turn() -> None:
    story, c = silence_story("p1")
    story.will("p1", "R", "R")
    for spell in ("bear", "grow"):  # a summon spell and a normal spell (3.13 p3)
        refusal = story.refused(cmd("PlayCard", "p1", card=c[spell], targets=[[c["target"]]][: spell == "grow"]))
        assert (refusal.code, refusal.rule) == ("rules/cannot_play", "FoW-5.5 1.4 p4"), spell
    assert [p for p in legal(story, "p1", "PlayCard") if p["card"] in (c["bear"], c["grow"])] == []
    # the other player still may: p1 passes, p2 plays an instant
    story.when(cmd("Pass", "p1"))
    story.will("p2", "R")
    story.when(cmd("PlayCard", "p2", card=c["their_grow"], targets=[[c["target"]]]))
    story.resolve()
    assert story.state.objects[c["their_grow"]].zone == "graveyard"
    story.replays()


def test_the_other_player_still_plays_and_the_prohibition_ends_with_the_turn() -> None:
    story, c = silence_story("p2")
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=c["bear"]))  # p1 is not prohibited
    story.resolve()
    assert story.state.objects[c["bear"]].zone == "field"
    story.when(cmd("Pass", "p1"))
    story.will("p2", "R")
    refusal = story.refused(cmd("PlayCard", "p2", card=c["their_grow"], targets=[[c["target"]]]))
    assert (refusal.code, refusal.rule) == ("rules/cannot_play", "FoW-5.5 1.4 p4")
    assert legal(story, "p2", "PlayCard") == []
    story.log += to_main(story.state, turn=2)  # "until end of turn" (5.4 p5.2)
    assert story.state.effects == []
    story.will("p2", "R")
    story.when(cmd("PlayCard", "p2", card=c["their_grow"], targets=[[c["target"]]]))
    story.resolve()
    assert story.state.objects[c["their_grow"]].zone == "graveyard"
    story.replays()


def test_a_silenced_player_cannot_play_a_stealth_card_from_the_chant_standby_area() -> None:
    # Law of Silence (CMF-071) on p1, then the [Stealth] state of Underground Dragger (SKL-081)
    # holds: playing it is prohibited (1.4 p4), so p1 may only let it be (9.6 p6)
    story = Story({"SKL-081": 4, "CMF-071": 4, "T-WALL": 4}, {"BFA-101": 10})
    story.put("p1", "BFA-101", "stone_area")
    dragger = story.put("p1", "SKL-081", "standby")
    story.log += to_main(story.state, turn=3)
    law = story.put("p2", "CMF-071", "hand")
    fallen = story.put("p1", "T-WALL", "field")
    story.when(cmd("Pass", "p1"))
    story.will("p2", "G", "G")
    story.when(cmd("PlayCard", "p2", card=law, targets=[["p1"]]))
    story.resolve()
    story.by_rule(actions.destroy, fallen, "given")
    [stealth] = triggered_by(story.when(cmd("Pass", "p1")), dragger)
    assert stealth.data["kind"] == "stealth"
    refusal = story.refused(cmd("PlayTriggered", "p1", trigger=stealth.data["trigger"], targets=[], pay_with=[]))
    assert (refusal.code, refusal.rule) == ("rules/cannot_play", "FoW-5.5 1.4 p4")
    story.when(cmd("DeclineTrigger", "p1", trigger=stealth.data["trigger"]))
    assert story.state.objects[dragger].zone == "standby"
    story.replays()


# --- "Target Gorgon gains [+200/0] until end of turn": a race without a card type ----------------


def test_target_gorgon_gains_atk_until_end_of_turn() -> None:
    # Euryale, the Dark Eye of Blindness (SKL-038): "{U}: Target Gorgon gains [+200/0] until end of
    # turn. Play this ability only once per turn."  Medusa (SKL-041) is a Gorgon resonator
    # (600/600); a Gorgon ruler in a ruler area would be a legal target too (2.5 p4).
    story = Story({"SKL-038": 4, "SKL-041": 4, "T-BEAR": 4})
    euryale = story.put("p1", "SKL-038", "field")
    medusa = story.put("p2", "SKL-041", "field")  # any controller's Gorgon
    bear = story.put("p2", "T-BEAR", "field")
    story.will("p1", "U")
    offered = [a["targets"] for a in legal(story, "p1", "ActivateAbility") if a["source"] == euryale]
    assert sorted(t for [[t]] in offered) == sorted([euryale, medusa])  # not the Bear, not a ruler
    refusal = story.refused(cmd("ActivateAbility", "p1", source=euryale, ability=1, targets=[[bear]]))
    assert (refusal.code, refusal.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    story.when(cmd("ActivateAbility", "p1", source=euryale, ability=1, targets=[[medusa]]))
    events = story.resolve()
    made = next(e for e in events if e.type == "ContinuousEffectCreated")
    assert (made.data["targets"], made.data["atk"], made.data["def"]) == ([medusa], 200, 0)
    assert (characteristics(story.state, medusa).atk, characteristics(story.state, medusa).def_) == (800, 600)
    story.will("p1", "U")
    refusal = story.refused(cmd("ActivateAbility", "p1", source=euryale, ability=1, targets=[[euryale]]))
    assert (refusal.code, refusal.rule) == ("rules/once_per_turn", "FoW-5.5 7.8 p2")
    story.replays()


# --- "recover this card and it gains [+400/0] until end of turn" ---------------------------------


def test_recover_this_card_and_it_gains_atk() -> None:
    # Elisabeth, Shadow Princess of Blood (TTW-083): "When a resonator is put into a graveyard from
    # your opponent's field, recover this card and it gains [+400/0] until end of turn."
    story = Story({"TTW-083": 4, "T-BEAR": 4, "T-BOLT": 4})
    elisabeth = story.put("p1", "TTW-083", "field")
    story.given("CardRested", oid=elisabeth)
    atk, def_ = (characteristics(story.state, elisabeth).atk, characteristics(story.state, elisabeth).def_)
    assert atk is not None and story.state.objects[elisabeth].rested

    def bolt(bear: str) -> list[Event]:  # Bolt (T-BOLT) deals 500 damage: the Bear is destroyed (10.9 p1)
        story.will("p1", "R")
        story.when(cmd("PlayCard", "p1", card=story.put("p1", "T-BOLT", "hand"), targets=[[bear]]))
        events = story.resolve()
        assert story.state.objects[bear].zone == "graveyard"
        return events

    assert triggered_by(bolt(story.put("p1", "T-BEAR", "field")), elisabeth) == []  # from p1's own field
    events = bolt(story.put("p2", "T-BEAR", "field"))
    [trig] = triggered_by(events, elisabeth)
    assert trig.rule == "FoW-5.5 9.6 p5"  # no target to choose: played at once (9.6 p6)
    story.resolve()
    assert not story.state.objects[elisabeth].rested
    now = characteristics(story.state, elisabeth)
    assert (now.atk, now.def_) == (atk + 400, def_)
    story.replays()


def test_a_ruler_in_the_ruler_area_is_a_legal_target_with_no_atk_to_change(monkeypatch: pytest.MonkeyPatch) -> None:
    # Euryale, the Dark Eye of Blindness (SKL-038): "{U}: Target Gorgon gains [+200/0] until end of
    # turn."  T-GORGON, an invented Gorgon ruler (no real Grimm/Alice ruler is a Gorgon): a legal
    # target in the ruler area (2.5 p4) without ATK/DEF, so nothing changes there.
    gorgon = {**RULERS["T-RULER"], "id": "T-GORGON", "name": "Gorgon Ruler", "races": ["Gorgon"]}
    real = harness.database_cards
    monkeypatch.setattr(harness, "database_cards", lambda: {**real(), "T-GORGON": gorgon})
    story = Story({"SKL-038": 4}, ruler="T-GORGON")
    euryale = story.put("p1", "SKL-038", "field")
    [ruler] = story.state.zones["p1"]["ruler_area"]
    story.will("p1", "U")
    story.when(cmd("ActivateAbility", "p1", source=euryale, ability=1, targets=[[ruler]]))
    events = story.resolve()
    made = next(e for e in events if e.type == "ContinuousEffectCreated")
    assert (made.data["targets"], made.data["atk"], made.data["def"]) == ([ruler], 200, 0)
    assert (characteristics(story.state, ruler).atk, characteristics(story.state, ruler).def_) == (None, None)
    story.replays()


def test_this_card_gains_nothing_once_it_is_a_new_object() -> None:
    # Gliding Dragon Knight (TAT-029): "{R}: This card gains [+100/+0] until end of turn."  The
    # Knight returns to its owner's hand and comes back before the ability resolves: a new object
    # the ability does not know (3.1 p3), so nothing gains [+100/+0].
    story = Story({"TAT-029": 4})
    knight = story.put("p1", "TAT-029", "field")
    printed = characteristics(story.state, knight).atk
    story.will("p1", "R", "R")
    story.when(cmd("ActivateAbility", "p1", source=knight, ability=0))
    story.given("CardMoved", **{"oid": knight, "from": "field", "to": "hand", "reason": "given"})
    story.given("CardMoved", **{"oid": knight, "from": "hand", "to": "field", "reason": "given"})
    events = story.resolve()
    assert [e for e in events if e.type == "ContinuousEffectCreated"] == []
    assert characteristics(story.state, knight).atk == printed
    story.when(cmd("ActivateAbility", "p1", source=knight, ability=0))  # the same object: it does
    story.resolve()
    assert characteristics(story.state, knight).atk == (printed or 0) + 100
    story.replays()
