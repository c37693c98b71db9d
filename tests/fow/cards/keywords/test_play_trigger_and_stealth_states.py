"""Keyword conditions of real Grimm/Alice cards executed by the engine in the form the importer
gives them (given events / when command / then events; each story replays its whole log):

* a [Trigger] or [Stealth] condition made of several states, all of which must hold ("You control
  a fire magic stone and your opponent controls four or more resonators", FoW-5.5 7.9 p2, 12.5 p2,
  status automatic objects 9.6 p9);
* "Your opponent controls three or more resonators than you";
* what happened this turn: "three or more resonators were put into a graveyard from your field
  this turn" (counted as they happened, wherever the cards are now), "a resonator was put into
  your opponent's field this turn", and "During your opponent's turn";
* "When this card enters your field from a chant-standby area" (a [Stealth] card played from
  the chant-standby area, 12.5 p2, and put into the field as it resolves, 7.1 p3).
"""

from __future__ import annotations

from domain.fow import actions
from tests.fow.cards.story import Story
from tests.fow.cards.triggers.test_play_triggers_costs_and_target_filters import triggered_by
from tests.fow.support import cmd, find
from tests.fow.test_ch8_battle import to_attack_choice, to_block_choice, to_main


def resonators(story: Story, player: str, n: int) -> list[str]:
    """Given: ``n`` small resonators (DEF 500 or less) of ``player`` put into their field."""
    out: list[str] = []
    for card_id in ("T-BEAR", "T-FAST", "T-BIRD") * 4:
        if len(out) < n and any(
            o.owner == player and o.card == card_id and o.zone in ("main_deck", "hand")
            for o in story.state.objects.values()
        ):
            out.append(story.put(player, card_id, "field"))
    assert len(out) == n
    return out


def status_check(story: Story) -> list[str]:
    """The engine's check of status automatic objects (9.6 p9): the sources that triggered."""
    events = story.by_rule(actions.check_status_triggers, "given")
    return [e.data["source"] for e in events if e.type == "AbilityTriggered"]


# --- "X and Y": every state holds ------------------------------------------------------------


def test_a_trigger_condition_of_two_states_needs_both() -> None:
    # Flame Trap (BFA-023): "[Trigger] You control a fire magic stone and your opponent controls
    # four or more resonators: This card deals 800 damage to each resonator your opponent
    # controls."  T-STONE is a Fire Magic Stone; its resonators have DEF 500 or less.
    story = Story({"BFA-023": 4, "T-BEAR": 4, "T-FAST": 4, "T-BIRD": 4, "T-WALL": 4}, {"T-STONE": 10})
    trap = story.put("p1", "BFA-023", "standby")
    story.log += to_main(story.state, turn=3)  # not in the turn it was put there (7.9 p5)
    bears = resonators(story, "p2", 4)
    mine = story.put("p1", "T-WALL", "field")
    assert status_check(story) == []  # four resonators, but no fire magic stone of p1's
    story.put("p2", "T-STONE", "stone_area")
    assert status_check(story) == []  # the opponent's fire magic stone is not "you control"
    story.given("CardMoved", **{"oid": bears[3], "from": "field", "to": "graveyard", "reason": "given"})
    story.put("p1", "T-STONE", "stone_area")
    assert status_check(story) == []  # a fire magic stone, but only three resonators
    story.given("CardMoved", **{"oid": bears[3], "from": "graveyard", "to": "field", "reason": "given"})
    events = story.when(cmd("Pass", "p1"))  # both states hold: it triggers (9.6 p9)
    [trig] = triggered_by(events, trap)
    assert (trig.data["kind"], trig.rule) == ("card", "FoW-5.5 7.9 p2")
    story.when(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[], pay_with=[]))
    story.resolve()
    assert [story.state.objects[b].zone for b in bears] == ["graveyard"] * 4
    assert story.state.objects[mine].zone == "field"
    story.replays()


def test_your_opponent_controls_three_or_more_resonators_than_you() -> None:
    # Sign to the Future (MPR-014): "[Trigger] Your opponent controls three or more resonators
    # than you: Remove two target resonators from the game."
    story = Story({"MPR-014": 4, "T-BEAR": 4, "T-FAST": 4, "T-BIRD": 4, "T-WALL": 4}, {"T-STONE": 10})
    sign = story.put("p1", "MPR-014", "standby")
    story.log += to_main(story.state, turn=3)
    story.put("p1", "T-WALL", "field")
    theirs = resonators(story, "p2", 3)
    assert status_check(story) == []  # three against one: only two more
    theirs += resonators(story, "p2", 1)
    events = story.when(cmd("Pass", "p1"))  # four against one
    [trig] = triggered_by(events, sign)
    assert trig.rule == "FoW-5.5 7.9 p2"
    story.when(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[theirs[:2]], pay_with=[]))
    story.resolve()
    assert [story.state.objects[b].zone for b in theirs] == ["removed", "removed", "field", "field"]
    story.replays()


# --- what happened this turn --------------------------------------------------------------------


def test_resonators_put_into_a_graveyard_from_your_field_this_turn_during_your_opponents_turn() -> None:
    # Death Trap (BFA-065): "[Trigger] During your opponent's turn, you control a darkness magic
    # stone and three or more resonators were put into a graveyard from your field this turn:
    # Put target resonator from your graveyard into your field."  Darkness Magic Stone (BFA-101).
    story = Story({"BFA-065": 4, "T-BEAR": 4, "T-FAST": 4, "T-BIRD": 4, "T-WALL": 4}, {"BFA-101": 10})
    trap = story.put("p1", "BFA-065", "standby")
    story.put("p1", "BFA-101", "stone_area")
    bears = resonators(story, "p1", 3)
    story.log += to_main(story.state, turn=2)  # p2's turn: the opponent's turn for p1
    story.by_rule(actions.destroy, bears[0], "given")
    story.by_rule(actions.destroy, bears[1], "given")
    assert status_check(story) == []  # two so far
    # one of them leaves the graveyard: it still was put there from p1's field this turn
    story.given("CardMoved", **{"oid": bears[0], "from": "graveyard", "to": "removed", "reason": "given"})
    assert status_check(story) == []
    story.by_rule(actions.destroy, bears[2], "given")
    events = story.when(cmd("Pass", "p2"))
    [trig] = triggered_by(events, trap)
    assert trig.rule == "FoW-5.5 7.9 p2"
    story.when(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[[bears[1]]], pay_with=[]))
    story.resolve()
    assert story.state.objects[bears[1]].zone == "field"
    story.replays()


def test_during_your_opponents_turn_and_this_turn_only() -> None:
    # Death Trap (BFA-065) again: three resonators put into p1's graveyard from p1's field in p1's
    # own turn do not trigger it, nor do they count in the next turn
    story = Story({"BFA-065": 4, "T-BEAR": 4, "T-FAST": 4, "T-BIRD": 4, "T-WALL": 4}, {"BFA-101": 10})
    story.put("p1", "BFA-065", "standby")
    story.put("p1", "BFA-101", "stone_area")
    bears = resonators(story, "p1", 3)
    story.log += to_main(story.state, turn=3)
    for bear in bears:
        story.by_rule(actions.destroy, bear, "given")
    assert status_check(story) == []  # p1's own turn
    story.log += to_main(story.state, turn=4)
    assert status_check(story) == []  # p2's turn, but that was last turn
    story.replays()


# --- [Stealth] and "enters your field from a chant-standby area" --------------------------------


def executioner_story() -> tuple[Story, str, str]:
    # The Executioner (TMS-084): "[Stealth] You control a darkness magic stone and a resonator
    # was put into your opponent's field this turn. ... When this card enters your field from a
    # chant-standby area, destroy target resonator with total cost 3 or less."
    story = Story({"TMS-084": 4, "T-BEAR": 4, "T-FAST": 4, "T-BIRD": 4, "T-WALL": 4}, {"BFA-101": 10})
    story.put("p1", "BFA-101", "stone_area")
    executioner = story.put("p1", "TMS-084", "standby")
    bear = story.put("p2", "T-BEAR", "hand")
    return story, executioner, bear


def test_stealth_when_a_resonator_was_put_into_your_opponents_field_this_turn() -> None:
    story, executioner, bear = executioner_story()
    mine = story.put("p1", "T-WALL", "field")  # a resonator put into p1's own field: not it
    assert status_check(story) == []
    story.log += to_main(story.state, turn=2)
    story.will("p2", "R")
    story.when(cmd("PlayCard", "p2", card=bear, pay_with=[]))
    events = story.resolve()  # the Bear enters p2's field: the state holds (12.5 p2)
    [trig] = triggered_by(events, executioner)
    assert (trig.data["kind"], trig.rule) == ("stealth", "FoW-5.5 12.5 p2")
    story.when(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[], pay_with=[]))
    events = story.resolve()  # it resolves into p1's field (7.1 p3) ...
    moved = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == executioner)
    assert (moved.data["from"], moved.data["to"]) == ("chase", "field")
    [entered] = triggered_by(events, executioner)  # ... and its ability triggers (9.6 p5)
    assert (entered.data["kind"], entered.rule) == ("ability", "FoW-5.5 9.6 p5")
    story.when(cmd("PlayTriggered", "p1", trigger=entered.data["trigger"], targets=[[bear]]))
    events = story.resolve()
    destroyed = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == bear)
    assert (destroyed.data["reason"], destroyed.rule) == ("destroyed", "FoW-5.5 10.9 p1")
    assert story.state.objects[bear].zone == "graveyard"
    assert story.state.objects[mine].zone == "field"
    story.replays()


def test_entering_the_field_from_the_hand_is_not_from_a_chant_standby_area() -> None:
    # The Executioner (TMS-084) played from the hand: no chant-standby area, no trigger
    story, _, _ = executioner_story()
    other = story.put("p1", "TMS-084", "hand")
    story.will("p1", "B")
    story.when(cmd("PlayCard", "p1", card=other, pay_with=[]))
    events = story.resolve()
    assert story.state.objects[other].zone == "field"
    assert triggered_by(events, other) == []
    story.replays()


# --- who dealt damage to whom this turn ---------------------------------------------------------


def test_a_j_resonator_your_opponent_controlled_dealt_damage_to_you_this_turn() -> None:
    # Pale Savior (TMS-011): "[Trigger] A J/resonator your opponent controlled dealt damage to you
    # this turn: You may put a light resonator with total cost 4 or less from your hand into your
    # field."  Holy Warrior of Hope (MPR-007) is a light resonator of total cost 1; Bolt
    # (T-BOLT) is a spell, Bear (T-BEAR) a resonator.
    story = Story({"TMS-011": 4, "MPR-007": 4, "T-BEAR": 4, "T-BOLT": 4})
    savior = story.put("p1", "TMS-011", "standby")
    warrior = story.put("p1", "MPR-007", "hand")
    story.log += to_main(story.state, turn=2)
    bolt = story.put("p2", "T-BOLT", "hand")
    story.by_rule(actions.deal_damage, bolt, "p1", 500, "given")  # not by a card in a field
    mine = story.put("p1", "T-BEAR", "field")
    story.by_rule(actions.deal_damage, mine, "p1", 500, "given")  # not one the opponent controlled
    story.by_rule(actions.deal_damage, story.put("p2", "T-BEAR", "field"), "p2", 500, "given")  # not to p1
    assert status_check(story) == []
    bear = story.put("p2", "T-BEAR", "field")
    story.by_rule(actions.deal_damage, bear, "p1", 500, "given")
    events = story.when(cmd("Pass", "p2"))
    [trig] = triggered_by(events, savior)
    assert (trig.data["kind"], trig.rule) == ("card", "FoW-5.5 7.9 p2")
    story.when(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[], pay_with=[]))
    asked = find(story.resolve(), "ChoiceRequested")
    assert asked.data["options"]["cards"] == [warrior]
    story.when(cmd("ChooseCards", "p1", cards=[warrior]))
    assert story.state.objects[warrior].zone == "field"
    story.replays()


def test_a_resonator_you_controlled_dealt_damage_to_an_opponent_this_turn() -> None:
    # Nighttime Raiders (TMS-080): "[Trigger] A resonator you controlled dealt damage to an
    # opponent this turn: You may put a darkness resonator with total cost 5 or less from your
    # hand into your field."  The Bear that dealt it has left the field since: it still did.
    story = Story({"TMS-080": 4, "TMS-084": 4, "T-BEAR": 4})
    raiders = story.put("p1", "TMS-080", "standby")
    executioner = story.put("p1", "TMS-084", "hand")
    story.log += to_main(story.state, turn=3)
    bear = story.put("p1", "T-BEAR", "field")
    story.by_rule(actions.deal_damage, bear, "p1", 500, "given")  # to p1 itself: not it
    assert status_check(story) == []
    story.by_rule(actions.deal_damage, bear, "p2", 500, "given")
    story.by_rule(actions.destroy, bear, "given")
    events = story.when(cmd("Pass", "p1"))
    [trig] = triggered_by(events, raiders)
    story.when(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[], pay_with=[]))
    asked = find(story.resolve(), "ChoiceRequested")
    assert asked.data["options"]["cards"] == [executioner]
    story.when(cmd("ChooseCards", "p1", cards=[executioner]))
    assert story.state.objects[executioner].zone == "field"
    # the next turn it no longer holds: "this turn"
    story.log += to_main(story.state, turn=4)
    assert story.state.players["p2"].damage_sources == []
    story.replays()


# --- [Stealth] on a happening -------------------------------------------------------------------


def test_stealth_when_your_opponent_discards_while_you_control_a_darkness_magic_stone() -> None:
    # Merlin, the Wizard of Distress (SKL-072): "[Stealth] When your opponent discards a card
    # while you control a darkness magic stone. (...)" / "When this card enters your field from a
    # chant-standby area, target resonator your opponent controls gain [-700/-700] until end of
    # turn."  Bear (T-BEAR) is a [500/500] resonator; Darkness Magic Stone (BFA-101).
    story = Story({"SKL-072": 4, "T-BEAR": 4}, {"BFA-101": 10})
    merlin = story.put("p1", "SKL-072", "standby")
    bear = story.put("p2", "T-BEAR", "field")

    def discard(player: str) -> list[str]:
        card = story.put(player, "T-BEAR", "hand")
        events = story.by_rule(actions.move, card, "graveyard", "given", rule="10.18 p1", reason="discard")
        return [e.data["source"] for e in events if e.type == "AbilityTriggered"]

    assert discard("p2") == []  # no darkness magic stone: the state is not met as it happens
    story.put("p1", "BFA-101", "stone_area")
    assert discard("p1") == []  # p1's own discard
    assert discard("p2") == [merlin]  # the same turn it was put there is fine (12.5 p3)
    [trig] = story.state.triggered
    assert trig.kind == "stealth"
    story.when(cmd("Pass", "p1"))  # the priority sequence: p1 decides on the triggered card
    story.when(cmd("PlayTriggered", "p1", trigger=trig.id, targets=[], pay_with=[]))
    events = story.resolve()
    [entered] = triggered_by(events, merlin)
    story.when(cmd("PlayTriggered", "p1", trigger=entered.data["trigger"], targets=[[bear]]))
    story.resolve()
    assert story.state.objects[bear].zone == "graveyard"  # [500/500] - 700
    story.replays()


def land_mine_story() -> tuple[Story, str, str, str]:
    # Mass Produced Giant Land Mine (TTW-093): "[Stealth] When a J/resonator you control is
    # attacked.(...)" / "When this card enters your field from a chant-standby area, it deals 1000
    # damage to target attacking J/resonator."  p2's Bear attacks in p2's turn; p1's Wall (T-WALL,
    # [100/1000]) is rested, so it may be attacked (8.2 p3.2).
    story = Story({"TTW-093": 4, "T-BEAR": 4, "T-WALL": 4})
    mine = story.put("p1", "TTW-093", "standby")
    wall = story.put("p1", "T-WALL", "field")
    story.given("CardRested", oid=wall, reason="given")
    bear = story.put("p2", "T-BEAR", "field")
    story.log += to_main(story.state, turn=2)
    story.log += to_attack_choice(story.state)
    return story, mine, wall, bear


def test_stealth_when_a_j_resonator_you_control_is_attacked() -> None:
    story, mine, wall, bear = land_mine_story()
    events = story.when(cmd("DeclareAttack", "p2", attacker=bear, target=wall))
    [trig] = triggered_by(events, mine)
    assert (trig.data["kind"], trig.rule) == ("stealth", "FoW-5.5 12.5 p2")
    story.when(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[], pay_with=[]))
    events = story.resolve()
    [entered] = triggered_by(events, mine)
    story.when(cmd("PlayTriggered", "p1", trigger=entered.data["trigger"], targets=[[bear]]))
    events = story.resolve()
    dealt = next(e for e in events if e.type == "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (mine, bear, 1000)
    assert story.state.objects[bear].zone == "graveyard"
    story.replays()


def test_an_attack_on_you_is_no_attack_on_a_j_resonator_you_control() -> None:
    story, mine, _, bear = land_mine_story()
    events = story.when(cmd("DeclareAttack", "p2", attacker=bear, target="p1"))
    assert triggered_by(events, mine) == []
    story.replays()


# --- "When a resonator your opponent controls attacks or blocks" --------------------------------


def test_justice_when_a_resonator_your_opponent_controls_attacks() -> None:
    # Justice of God's Sword (TTW-010): "[Trigger] When a resonator your opponent controls attacks
    # or blocks: This card deals 500 damage to target attacking or blocking resonator. If you
    # control a J-Ruler, this card deals damage equal to its ATK instead."  p1 controls no
    # J-ruler: 500 damage to the attacking Wall (T-WALL, [100/1000]).
    story = Story({"TTW-010": 4, "T-WALL": 4})
    justice = story.put("p1", "TTW-010", "standby")
    wall = story.put("p2", "T-WALL", "field")
    story.log += to_main(story.state, turn=2)
    story.log += to_attack_choice(story.state)
    events = story.when(cmd("DeclareAttack", "p2", attacker=wall, target="p1"))
    [trig] = triggered_by(events, justice)
    assert (trig.data["kind"], trig.rule) == ("card", "FoW-5.5 7.9 p2")
    story.when(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[[wall]], pay_with=[]))
    events = story.resolve()
    assert find(events, "ConditionChecked").data["met"] is False
    assert find(events, "DamageDealt").data["amount"] == 500
    assert (story.state.objects[wall].zone, story.state.objects[wall].damage) == ("field", 500)
    story.replays()


def test_justice_when_a_resonator_your_opponent_controls_blocks_with_your_j_ruler() -> None:
    # Justice of God's Sword (TTW-010) again, in p1's turn: p1's own Bear attacking does not
    # trigger it; p2's Wall blocking does.  p1 controls its J-ruler (T-JRULER, ATK 1000): the
    # damage is its ATK, enough for the Wall's DEF 1000.
    story = Story({"TTW-010": 4, "T-WALL": 4, "T-BEAR": 4})
    justice = story.put("p1", "TTW-010", "standby")
    wall = story.put("p2", "T-WALL", "field")
    bear = story.put("p1", "T-BEAR", "field")
    ruler = story.state.zones["p1"]["ruler_area"][0]
    story.given(
        "CardMoved",
        **{"oid": ruler, "from": "ruler_area", "to": "field", "controller": "p1", "side": "j_ruler", "reason": "given"},
    )
    story.log += to_main(story.state, turn=3)
    story.log += to_attack_choice(story.state)
    events = story.when(cmd("DeclareAttack", "p1", attacker=bear, target="p2"))
    assert triggered_by(events, justice) == []  # p1's own resonator
    story.log += to_block_choice(story.state)
    events = story.when(cmd("DeclareBlock", "p2", blocker=wall))
    [trig] = triggered_by(events, justice)
    story.when(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[[wall]], pay_with=[]))
    events = story.resolve()
    assert find(events, "ConditionChecked").data["met"] is True
    dealt = find(events, "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (justice, wall, 1000)
    assert story.state.objects[wall].zone == "graveyard"
    story.replays()
