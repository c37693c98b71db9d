"""Conditions and durations of real Grimm/Alice cards (helper a-cond), executed by the engine in
the form the importer gives them (given events / when command / then events or a cited
rejection; each story replays its whole log at the end):

* "It doesn't recover during the recovery phase as long as this card is on a field": the turn
  player's recovery of all cards leaves it rested (5.2 p5, 1.4 p1) until the source leaves the
  field (9.1 p2.2); not made if the source left before it resolves (9.9 p8); "cannot recover
  during recovery phase" also stops effects recovering it then (1.4 p4);
* "must block if able" on a blocker ("Target resonator must block this turn if able") or on the
  attacker ("Your opponent must block this card if able"): card text over the blocking rules
  (1.4 p1, 8.3 p3);
* a cost reduction that depends on the targets chosen ("You may pay {G} less to play this card
  if it targets a Beast"): targets are chosen before the cost is determined (FoW-5.5 9.3 p2.4,
  p2.5).
"""

from __future__ import annotations

from domain.fow import actions
from tests.fow.cards.story import Story, legal
from tests.fow.support import cmd, find
from tests.fow.test_ch8_battle import pass_until, to_main

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
    assert played.data["reduced_cost"] == {"attribute": {}, "free": 0} and played.rule == "FoW-5.5 7.7 p2"
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
    assert listed and all(not set(first_group) & set(second_group) for first_group, second_group in listed)
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


# --- "doesn't recover during the recovery phase" (5.2 p5, 1.4 p1, 9.1 p2.2, 9.9 p8) ------------


def piper_story() -> tuple[Story, str, str]:
    # Hamelin's Pied Piper (CMF-043, {U}{U}{3}): "[Enter]: Rest target resonator your opponent
    # controls. It doesn't recover during the recovery phase as long as this card is on a field."
    story = Story({"CMF-043": 4, "SKL-057": 4})
    piper = story.put("p1", "CMF-043", "hand")
    beast = story.put("p2", "SKL-057", "field")
    story.will("p1", "U", "U", "U", "U", "U")
    story.when(cmd("PlayCard", "p1", card=piper))
    story.resolve()
    story.when(cmd("PlayTriggered", "p1", trigger=story.pending.options["triggers"][0], targets=[[beast]]))
    return story, piper, beast


def test_it_does_not_recover_as_long_as_the_piper_is_on_a_field() -> None:
    story, piper, beast = piper_story()
    events = story.resolve()
    made = find(events, "ContinuousEffectCreated")
    assert made.data["rules"] == ["doesnt_recover_in_recovery_phase"] and made.data["targets"] == [beast]
    assert made.data["duration"] == "source_in_field" and story.state.objects[beast].rested
    story.log += to_main(story.state, turn=4)  # p2's recovery phase leaves it rested (5.2 p5)
    recovered = [e for e in story.log if e.type == "CardsRecovered" and e.data["player"] == "p2"][-1]
    assert recovered.data["not_recovered"] == [beast] and recovered.rule == "FoW-5.5 5.2 p5"
    assert story.state.objects[beast].rested
    # the Piper leaves the field: the effect ends (9.1 p2.2) and the next recovery recovers it
    moved = story.by_rule(actions.move, piper, "graveyard", "given", rule="10.9 p1", reason="destroyed")
    ended = find(moved, "ContinuousEffectsEnded")
    assert ended.data["ids"] == [made.data["id"]] and ended.rule == "FoW-5.5 9.1 p2.2"
    story.log += to_main(story.state, turn=6)
    assert not story.state.objects[beast].rested
    story.replays()


def test_not_made_when_the_piper_left_the_field_before_it_resolves() -> None:
    story, piper, beast = piper_story()
    story.by_rule(actions.move, piper, "hand", "given", rule="3.1 p5", reason="returned")
    events = story.resolve()
    assert story.state.objects[beast].rested  # resting does not depend on the Piper
    not_made = find(events, "ContinuousEffectNotMade")
    assert not_made.rule == "FoW-5.5 9.9 p8" and "ContinuousEffectCreated" not in [e.type for e in events]
    story.log += to_main(story.state, turn=4)
    assert not story.state.objects[beast].rested
    story.replays()


def test_cannot_recover_during_recovery_phase_even_by_an_effect() -> None:
    # Bind of Gravity (MPR-075, [Addition:Resonator] {B}): "[Enter]: Rest added resonator.
    # [Continuous]: Added resonator cannot recover during recovery phase.  [Activate] Pay {3}:
    # Recover added resonator."
    story = Story({"MPR-075": 4, "SKL-057": 4})
    bind = story.put("p1", "MPR-075", "hand")
    beast = story.put("p1", "SKL-057", "field")
    story.will("p1", "B")
    story.when(cmd("PlayCard", "p1", card=bind, targets=[[beast]]))
    story.resolve()  # its [Enter] ability, with no target, is played at once
    story.resolve()
    assert story.state.objects[beast].rested and story.state.objects[bind].attached_to == beast
    story.log += pass_until(
        story.state,
        lambda s: s.turn == 3 and (s.phase, s.step) == ("recovery", "recover") and s.pending.player == "p1",
    )
    assert find(story.log[-40:], "CardsRecovered").data["not_recovered"] == [beast]
    # in the recovery phase its own [Activate] ability cannot recover it either (1.4 p4)
    story.will("p1", "R", "R", "R")
    story.when(cmd("ActivateAbility", "p1", source=bind, ability=2))
    events = story.resolve()
    assert find(events, "ResolutionStarted").data["source"] == bind
    assert "CardRecovered" not in [e.type for e in events] and story.state.objects[beast].rested
    story.log += to_main(story.state)
    story.will("p1", "R", "R", "R")
    story.when(cmd("ActivateAbility", "p1", source=bind, ability=2))
    events = story.resolve()
    assert find(events, "CardRecovered").data["oid"] == beast and not story.state.objects[beast].rested
    story.replays()


def test_this_card_does_not_recover_during_the_recovery_phase() -> None:
    # Rapunzel, the Long-Haired Princess (CMF-014): "[Continuous]: This card doesn't recover during
    # the recovery phase."  Herald of the Beast Lady (SKL-057) recovers as usual (5.2 p5).
    story = Story({"CMF-014": 4, "SKL-057": 4})
    rapunzel = story.put("p1", "CMF-014", "field")
    beast = story.put("p1", "SKL-057", "field")
    for oid in (rapunzel, beast):
        story.given("CardRested", oid=oid, reason="given")
    story.log += to_main(story.state, turn=3)
    recovered = [e for e in story.log if e.type == "CardsRecovered" and e.data["player"] == "p1"][-1]
    assert beast in recovered.data["oids"] and recovered.data["not_recovered"] == [rapunzel]
    assert story.state.objects[rapunzel].rested and not story.state.objects[beast].rested
    story.replays()


# --- "must block if able" (1.4 p1, 8.3 p3) ------------------------------------------------------


def to_block(story: Story, attacker: str) -> None:
    story.when(cmd("InitiateBattle", "p1"))
    while story.pending.kind != "declare_attack":
        story.when(cmd("Pass", story.pending.player))
    story.when(cmd("DeclareAttack", "p1", attacker=attacker, target="p2"))
    while story.pending.kind != "declare_block":
        story.when(cmd("Pass", story.pending.player))


def test_your_opponent_must_block_this_card_if_able() -> None:
    # Little Mermaid of Tragic Love (TAT-044): "[Continuous]: Your opponent must block this card if able."
    story = Story({"TAT-044": 4, "SKL-057": 4})
    mermaid = story.put("p1", "TAT-044", "field")
    beast = story.put("p2", "SKL-057", "field")
    story.log += to_main(story.state, turn=3)
    to_block(story, mermaid)
    refusal = story.refused(cmd("DeclineBlock", "p2"))
    assert (refusal.code, refusal.rule) == ("rules/must_block", "FoW-5.5 1.4 p1")
    assert legal(story, "p2", "DeclineBlock") == [] and legal(story, "p2", "DeclareBlock") == [{"blocker": beast}]
    events = story.when(cmd("DeclareBlock", "p2", blocker=beast))
    assert find(events, "BlockDeclared").data["blocker"] == beast
    story.replays()


def test_no_block_is_required_when_none_is_able() -> None:
    # Little Mermaid of Tragic Love (TAT-044) attacks; the opponent's only resonator is rested
    story = Story({"TAT-044": 4, "SKL-057": 4})
    mermaid = story.put("p1", "TAT-044", "field")
    beast = story.put("p2", "SKL-057", "field")
    story.log += to_main(story.state, turn=3)
    story.given("CardRested", oid=beast, reason="given")
    to_block(story, mermaid)
    assert legal(story, "p2", "DeclineBlock") == [{}]
    story.when(cmd("DeclineBlock", "p2"))
    story.replays()


def test_target_resonator_must_block_this_turn_if_able() -> None:
    # Alfons Auclair (VIN002-016, {R}{3}): "When this card enters your field => Target resonator must
    # block this turn if able."  p2 controls two Beasts; the targeted one must be the blocker.
    story = Story({"VIN002-016": 4, "SKL-057": 4})
    attacker = story.put("p1", "SKL-057", "field")
    story.log += to_main(story.state, turn=3)
    alfons = story.put("p1", "VIN002-016", "hand")
    forced = story.put("p2", "SKL-057", "field")
    other = story.put("p2", "SKL-057", "field")
    story.will("p1", "R", "R", "R", "R")
    story.when(cmd("PlayCard", "p1", card=alfons))
    story.resolve()
    story.when(cmd("PlayTriggered", "p1", trigger=story.pending.options["triggers"][0], targets=[[forced]]))
    made = find(story.resolve(), "ContinuousEffectCreated")
    assert made.data["rules"] == ["must_block_if_able"] and made.data["duration"] == "end_of_turn"
    to_block(story, attacker)
    for refused in (cmd("DeclineBlock", "p2"), cmd("DeclareBlock", "p2", blocker=other)):
        refusal = story.refused(refused)
        assert (refusal.code, refusal.rule) == ("rules/must_block", "FoW-5.5 1.4 p1")
    assert legal(story, "p2", "DeclareBlock") == [{"blocker": forced}] and legal(story, "p2", "DeclineBlock") == []
    events = story.when(cmd("DeclareBlock", "p2", blocker=forced))
    assert find(events, "BlockDeclared").data["blocker"] == forced
    story.replays()
