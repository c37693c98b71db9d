"""Partial damage prevention of real Grimm/Alice cards, executed by the engine in the form the
importer gives them (given events / when command / then events; each story replays its whole log):

* "If damage would be dealt to the resonator with this, prevent 500 of it": the damage is reduced
  by 500 and the remainder is dealt (FoW-5.5 10.17 p1.1);
* "If this card would be dealt 700 or less damage, prevent it": damage of at most 700 is not dealt
  at all (10.17 p1.2); larger damage is dealt whole, unless other preventions first reduce it to
  700 or less: every replacement applies once if its situation occurs (9.10 p3);
* "Added resonator cannot attack resonators": the text beats the rule that lets a rested
  resonator be attacked (8.2 p3.2, 1.4 p1); the opponent may still be attacked.
"""

from __future__ import annotations

from domain.fow import actions, engine
from domain.fow.characteristics import characteristics
from domain.kernel import Event
from tests.fow.cards.story import Story
from tests.fow.support import cmd, find
from tests.fow.test_ch8_battle import to_attack_choice, to_main


def kinds(events: list[Event]) -> list[tuple[str, int, str]]:
    return [(e.type, e.data["amount"], e.rule) for e in events if e.type in ("DamagePrevented", "DamageDealt")]


def add_dragonslayer(story: Story, to: str) -> str:
    """p1 plays Dragonslayer (TAT-059, {G}{1}) onto ``to``; its [Enter] finds no Dragon to destroy."""
    slayer = story.put("p1", "TAT-059", "hand")
    story.will("p1", "G", "R")
    story.when(cmd("PlayCard", "p1", card=slayer, targets=[[to]]))
    story.resolve()
    trigger = story.pending.options["triggers"][0]
    story.when(cmd("PlayTriggered", "p1", trigger=trigger, targets=[], pay_with=[]))
    while story.state.chase:
        story.resolve()
    assert story.state.objects[slayer].attached_to == to
    return slayer


def replacement_index(story: Story, oid: str) -> int:
    return next(i for i, a in characteristics(story.state, oid).abilities if a.kind == "replacement")


def test_prevent_500_of_the_damage_dealt_to_the_resonator_with_this() -> None:
    # Dragonslayer (TAT-059): "[Continuous]: If damage would be dealt to the resonator with this,
    # prevent 500 of it."  Flame of Outer World (MPR-093): "This card deals 800 damage to target
    # J/resonator. ..." - 500 is prevented, 300 is dealt (10.17 p1.1)
    story = Story({"TAT-059": 4, "MPR-093": 4, "T-BEAR": 4})
    mine, theirs = story.put("p1", "T-BEAR", "field"), story.put("p2", "T-BEAR", "field")
    slayer = add_dragonslayer(story, mine)
    effect = f"{slayer}:{replacement_index(story, slayer)}"
    flame = story.put("p1", "MPR-093", "hand")
    story.will("p1", "R", "B")
    story.when(cmd("PlayCard", "p1", card=flame, targets=[[mine]]))
    events = story.resolve()
    assert kinds(events) == [("DamagePrevented", 500, "FoW-5.5 10.17 p1.1"), ("DamageDealt", 300, "FoW-5.5 10.6 p1")]
    assert find(events, "DamagePrevented").data["effect"] == effect
    assert story.state.objects[mine].damage == 300 and story.state.objects[mine].zone == "field"
    # damage of 500 or less is prevented whole; the damage the resonator deals is not prevented
    assert kinds(story.by_rule(actions.deal_damage, theirs, mine, 400, "given")) == [
        ("DamagePrevented", 400, "FoW-5.5 10.17 p1.1")
    ]
    assert kinds(story.by_rule(actions.deal_damage, mine, theirs, 200, "given")) == [
        ("DamageDealt", 200, "FoW-5.5 10.6 p1")
    ]
    story.replays()


def test_prevent_700_or_less_damage_dealt_to_this_card() -> None:
    # Gareth, the Dauntless Knight (SKL-026, [800/800]): "If this card would be dealt 700 or less
    # damage, prevent it."  700 is not dealt at all (10.17 p1.2); 800 is dealt whole.
    story = Story({"SKL-026": 4, "T-BEAR": 4})
    gareth, bear = story.put("p1", "SKL-026", "field"), story.put("p2", "T-BEAR", "field")
    events = story.by_rule(actions.deal_damage, bear, gareth, 700, "given")
    assert kinds(events) == [("DamagePrevented", 700, "FoW-5.5 10.17 p1.2")]
    assert find(events, "DamagePrevented").data["effect"] == f"{gareth}:{replacement_index(story, gareth)}"
    assert story.state.objects[gareth].damage == 0
    assert kinds(story.by_rule(actions.deal_damage, bear, gareth, 800, "given")) == [
        ("DamageDealt", 800, "FoW-5.5 10.6 p1")
    ]
    story.replays()


def test_other_preventions_bring_the_damage_down_to_700_or_less() -> None:
    # Gareth with Dragonslayer: 1000 damage would be dealt; Dragonslayer prevents 500 of it, and the
    # 500 that would now be dealt is "700 or less": Gareth's replacement applies too (9.10 p3).
    # A prevention effect of an amount (PreventDamage with 'amount', 10.17 p1.1; given here) does
    # the same: 1000 - 300 = 700 is prevented by Gareth.
    story = Story({"TAT-059": 4, "SKL-026": 4, "T-BEAR": 4})
    gareth, other = story.put("p1", "SKL-026", "field"), story.put("p1", "SKL-026", "field")
    bear = story.put("p2", "T-BEAR", "field")
    slayer = add_dragonslayer(story, gareth)
    events = story.by_rule(actions.deal_damage, bear, gareth, 1000, "given")
    assert kinds(events) == [
        ("DamagePrevented", 500, "FoW-5.5 10.17 p1.1"),
        ("DamagePrevented", 500, "FoW-5.5 10.17 p1.2"),
    ]
    assert [e.data["effect"] for e in events] == [
        f"{slayer}:{replacement_index(story, slayer)}",
        f"{gareth}:{replacement_index(story, gareth)}",
    ]
    # more than 700 left after Dragonslayer: dealt
    assert kinds(story.by_rule(actions.deal_damage, bear, gareth, 1300, "given")) == [
        ("DamagePrevented", 500, "FoW-5.5 10.17 p1.1"),
        ("DamageDealt", 800, "FoW-5.5 10.6 p1"),
    ]
    shield = {"id": "x-shield", "source": bear, "controller": "p1", "targets": [other], "kind": "prevent"}
    story.given("ContinuousEffectCreated", **shield, amount=300, duration="end_of_turn")
    events = story.by_rule(actions.deal_damage, bear, other, 1000, "given")
    assert kinds(events) == [
        ("DamagePrevented", 300, "FoW-5.5 10.17 p1.1"),
        ("DamagePrevented", 700, "FoW-5.5 10.17 p1.2"),
    ]
    assert [e.data["effect"] for e in events] == ["x-shield", f"{other}:{replacement_index(story, other)}"]
    story.replays()


def test_added_resonator_cannot_attack_resonators() -> None:
    # All Consuming Suspicion (TTW-038, [Addition:Resonator] {U}): "Added resonator cannot attack
    # resonators."  p1 adds it to p2's Bear; in p2's turn that Bear may attack p1 but not p1's rested
    # Wall; p2's other Bear may attack the Wall (8.2 p3.2).
    story = Story({"TTW-038": 4, "T-BEAR": 4, "T-WALL": 4})
    suspect, free = story.put("p2", "T-BEAR", "field"), story.put("p2", "T-BEAR", "field")
    wall = story.put("p1", "T-WALL", "field")
    suspicion = story.put("p1", "TTW-038", "hand")
    story.will("p1", "U")
    story.when(cmd("PlayCard", "p1", card=suspicion, targets=[[suspect]]))
    story.resolve()
    assert story.state.objects[suspicion].attached_to == suspect
    story.given("CardRested", oid=wall, reason="given")  # p2's recovery phase leaves it rested (5.2 p5)
    story.log += to_main(story.state, turn=2)
    story.log += to_attack_choice(story.state)
    assert story.state.objects[wall].rested
    offered = {
        (c.args["attacker"], c.args["target"])
        for c in engine.legal_actions(story.state, "p2")
        if c.type == "DeclareAttack"
    }
    assert (suspect, "p1") in offered and (free, wall) in offered and (suspect, wall) not in offered
    no = story.refused(cmd("DeclareAttack", "p2", attacker=suspect, target=wall))
    assert (no.code, no.rule) == ("rules/cannot_attack_resonators", "FoW-5.5 1.4 p1")
    events = story.when(cmd("DeclareAttack", "p2", attacker=suspect, target="p1"))
    assert find(events, "AttackDeclared").data == {"attacker": suspect, "target": "p1"}
    story.replays()


def test_target_resonator_plus_600_until_end_of_turn() -> None:
    # Evolution of Limits (TAT-060, {G} chant-instant): "Target resonator [+600/+600] until end of
    # turn." (a misprint of "gains"): the target's ATK and DEF rise by 600 (10.19 p3) until end of turn.
    story = Story({"TAT-060": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    evolution = story.put("p1", "TAT-060", "hand")
    story.will("p1", "G")
    story.when(cmd("PlayCard", "p1", card=evolution, targets=[[bear]]))
    made = find(story.resolve(), "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["atk"], made.data["def"], made.data["targets"], made.rule) == (
        "modify",
        600,
        600,
        [bear],
        "FoW-5.5 10.19 p3",
    )
    chars = characteristics(story.state, bear)
    assert (chars.atk, chars.def_) == (1100, 1100)
    story.log += to_main(story.state, turn=2)
    chars = characteristics(story.state, bear)
    assert (chars.atk, chars.def_) == (500, 500)
    story.replays()
