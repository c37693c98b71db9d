"""Status triggers and other triggers of real Grimm/Alice cards executed by the engine in the form
the importer gives them (given events / when command / then events; each story replays its log):

* "When you control two or more true magic stones with the same name, banish all but one of them."
  (status automatic ability, FoW-5.5 9.6 p9; the controller keeps one of each name, 10.10 p1);
* "When you control a J-Ruler, banish this card." and "Play this ability only during your opponent's
  turn." (9.6 p9, 1.4 p1);
* "This turn, if target J/resonator would deal damage, it deals that much +200 instead." (9.10 p1);
* "Target J/resonator cannot be targeted by normal spells your opponents control until end of turn."
  (a card other than a resonator being played, 3.13 p3; 1.4 p4);
* "[Continuous]: At end of turn, return this card to is Ruler side." on a J-ruler (5.4 p3; 1.4 p1,
  3.15 p2: put into the ruler area ruler side up);
* "When this card is banished by [Incarnation], ..." (12.2 p2, 9.6 p1);
* "When a spell or ability your opponent controls targets a J/resonator you control, you may banish
  this card. If you do, cancel that spell or ability." (9.3 p2, 9.6 p1, 10.10, 10.11);
* "[Continuous]: When you put a Treasury Item into a field, put this card from your graveyard into
  your hand." on a spell: an automatic ability working in its owner's graveyard (9.2 p2, 3.1 p3).
"""

from __future__ import annotations

from domain.fow import actions, engine
from domain.fow.characteristics import characteristics
from tests.fow.cards.story import Story, legal
from tests.fow.cards.triggers.test_play_triggers_costs_and_target_filters import pass_until, triggered_by
from tests.fow.support import cmd
from tests.fow.test_ch8_battle import to_main

# --- true magic stones with the same name ------------------------------------------------------


def test_two_almerius_trigger_and_the_controller_keeps_one() -> None:
    # Almerius, the Levitating Stone (TAT-091): "[Continuous] When you control two or more true magic
    # stones with the same name, banish all but one of them."  Grusbalesta (TAT-093) has another name.
    story = Story({"T-BEAR": 4}, stones={"T-STONE": 10, "TAT-091": 3, "TAT-093": 3})
    first = story.put("p1", "TAT-091", "stone_area")
    grusbalesta = story.put("p1", "TAT-093", "stone_area")  # another name: no status
    story.put("p2", "TAT-091", "stone_area")  # the opponent's stone is not one p1 controls
    events = story.when(cmd("Pass", "p1"))
    assert [e for e in events if e.type == "AbilityTriggered"] == []
    second = story.put("p1", "TAT-091", "stone_area")
    story.given("CardRested", oid=first, reason="given")
    events = story.when(cmd("Pass", "p2"))  # a new priority sequence checks the statuses (9.6 p9)
    triggered = [e for e in events if e.type == "AbilityTriggered"]
    # every true magic stone of p1 watches the status, Grusbalesta's too ("them": the two Almerius)
    assert sorted(e.data["source"] for e in triggered) == sorted([first, second, grusbalesta])
    assert {e.rule for e in triggered} == {"FoW-5.5 9.6 p9.1"}
    assert story.pending.kind == "trigger" and story.pending.player == "p1"
    while story.pending.kind == "trigger":
        story.when(cmd("PlayTriggered", "p1", trigger=story.state.triggered[0].id))
    # while they wait on the chase the status does not trigger them again (9.6 p9.1)
    assert len(story.state.chase) == 3 and not story.state.triggered
    events = story.resolve()
    asked = next(e for e in events if e.type == "ChoiceRequested")
    assert (asked.data["kind"], asked.rule) == ("banish", "FoW-5.5 10.10 p1")
    assert asked.data["options"]["groups"] == [[first, second]]
    (banish,) = [c for c in engine.legal_actions(story.state, "p1") if c.type == "ChooseCards"]
    assert banish.choice is not None  # one choice keeping one of each name, not one action per way
    assert (banish.choice.constraints, banish.choice.groups) == (("one_left_per_group",), ((first, second),))
    assert sorted(c["cards"][0] for c in legal(story, "p1", "ChooseCards")) == sorted([first, second])
    refusal = story.refused(cmd("ChooseCards", "p1", cards=[first, second]))
    assert (refusal.code, refusal.rule) == ("rules/banish_choice", "FoW-5.5 10.10 p1")
    events = story.when(cmd("ChooseCards", "p1", cards=[first]))  # the rested one goes, the other stays
    moved = next(e for e in events if e.type == "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.rule) == (first, "graveyard", "FoW-5.5 10.10 p1")
    assert story.state.objects[second].zone == "stone_area"
    events = story.resolve() + story.resolve()  # the others: one Almerius is left, nothing to banish
    assert [e for e in events if e.type == "CardMoved"] == [] and not story.state.chase
    assert [e for e in events if e.type == "AbilityTriggered"] == []  # the status has ended
    assert story.state.objects[grusbalesta].zone == "stone_area"
    story.replays()


def test_grusbalesta_with_the_same_name_is_banished_too() -> None:
    # Grusbalesta, the Sealing Stone (TAT-093): "... with same name ...": three of them, two are banished
    story = Story({"T-BEAR": 4}, stones={"T-STONE": 10, "TAT-093": 4})
    stones = [story.put("p1", "TAT-093", "stone_area") for _ in range(3)]
    story.when(cmd("Pass", "p1"))
    while story.pending.kind == "trigger":
        story.when(cmd("PlayTriggered", "p1", trigger=story.state.triggered[0].id))
    assert len(story.state.chase) == 3
    story.resolve()
    assert len(legal(story, "p1", "ChooseCards")) == 3  # which one to keep
    refusal = story.refused(cmd("ChooseCards", "p1", cards=[stones[0]]))
    assert refusal.code == "rules/banish_choice"
    story.when(cmd("ChooseCards", "p1", cards=stones[1:]))
    assert [story.state.objects[o].zone for o in stones] == ["stone_area", "graveyard", "graveyard"]
    story.resolve()
    story.resolve()
    assert [story.state.objects[o].zone for o in stones] == ["stone_area", "graveyard", "graveyard"]
    story.replays()


# --- "When you control a J-Ruler, banish this card" ---------------------------------------------


def test_yggdrasils_memoria_is_banished_once_you_control_a_j_ruler() -> None:
    # Yggdrasil's Memoria (TMS-100): "When you control a J-Ruler, banish this card."  T-RULER's
    # judgment {R}{1} puts its J-ruler into the field.
    story = Story({"T-BEAR": 4}, stones={"T-STONE": 6, "TMS-100": 4})
    memoria = story.put("p1", "TMS-100", "stone_area")
    story.will("p1", "R", "R")
    story.when(cmd("PerformJudgment", "p1"))
    assert story.state.objects[memoria].zone == "stone_area"
    events = story.resolve()  # the judgment resolves: the J-ruler enters the field
    [trig] = triggered_by(events, memoria)
    assert trig.rule == "FoW-5.5 9.6 p9.1"
    events = story.resolve()
    moved = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == memoria)
    assert (moved.data["to"], moved.data["reason"], moved.rule) == ("graveyard", "banish", "FoW-5.5 10.10 p1")
    story.replays()


def test_yggdrasils_memoria_recovers_only_during_the_opponents_turn() -> None:
    # Yggdrasil's Memoria (TMS-100): "{G}, {Rest}: Recover target resonator. Play this ability only
    # during your opponent's turn."
    story = Story({"T-BEAR": 4}, stones={"T-STONE": 6, "TMS-100": 4})
    mine = story.put("p1", "TMS-100", "stone_area")
    theirs = story.put("p2", "TMS-100", "stone_area")
    bear = story.put("p2", "T-BEAR", "field")
    story.given("CardRested", oid=bear, reason="given")
    story.will("p1", "G")
    refusal = story.refused(cmd("ActivateAbility", "p1", source=mine, ability=2, targets=[[bear]]))
    assert (refusal.code, refusal.rule) == ("rules/ability_condition", "FoW-5.5 1.4 p1")
    story.when(cmd("Pass", "p1"))  # p2 has priority in p1's turn
    story.will("p2", "G")
    assert any(c.args.get("source") == theirs for c in engine.legal_actions(story.state, "p2"))
    story.when(cmd("ActivateAbility", "p2", source=theirs, ability=2, targets=[[bear]]))
    events = story.resolve()
    recovered = next(e for e in events if e.type == "CardRecovered")
    assert (recovered.data["oid"], recovered.rule) == (bear, "FoW-5.5 10.12 p1")
    assert not story.state.objects[bear].rested
    story.replays()


# --- "This turn, if target J/resonator would deal damage, it deals that much +200 instead" -----


def test_milest_makes_a_resonator_deal_200_more_this_turn() -> None:
    # Milest, the Ghostly Flame Stone (TAT-099): "[Activate] {R}{Rest}: This turn, if target J/resonator
    # would deal damage, it deals that much +200 instead."
    story = Story({"T-BEAR": 4, "T-WALL": 4}, stones={"T-STONE": 6, "TAT-099": 4})
    milest = story.put("p1", "TAT-099", "stone_area")
    bear, other = story.put("p1", "T-BEAR", "field"), story.put("p1", "T-BEAR", "field")
    wall = story.put("p2", "T-WALL", "field")
    story.will("p1", "R")
    story.when(cmd("ActivateAbility", "p1", source=milest, ability=2, targets=[[bear]]))
    events = story.resolve()
    made = next(e for e in events if e.type == "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["amount"], made.data["targets"]) == ("deal_more", 200, [bear])
    assert made.rule == "FoW-5.5 9.10 p1"
    events = story.by_rule(actions.deal_damage, bear, wall, 100, "given")
    replaced = next(e for e in events if e.type == "DamageReplaced")
    assert (replaced.data["amount"], replaced.data["instead"], replaced.rule) == (100, 300, "FoW-5.5 9.10 p1")
    assert story.state.objects[wall].damage == 300
    events = story.by_rule(actions.deal_damage, other, wall, 100, "given")  # not the target
    assert "DamageReplaced" not in [e.type for e in events]
    story.log += to_main(story.state, turn=4)  # "this turn" only
    events = story.by_rule(actions.deal_damage, bear, wall, 100, "given")
    assert "DamageReplaced" not in [e.type for e in events]
    story.replays()


# --- "cannot be targeted by normal spells your opponents control until end of turn" -------------


def test_feethsing_keeps_opponents_normal_spells_away_but_not_abilities() -> None:
    # Feethsing, the Holy Wind Stone (TAT-092): "[Activate] {G}{Rest}: Target J/resonator cannot be
    # targeted by normal spells your opponents control until end of turn."  Thunder (CMF-038), a
    # chant-instant: "This card deals 500 damage to target J/resonator or player."  Almerius (TAT-091):
    # "[Activate] {W}{Rest}: Target J/resonator gains [Flying] until end of turn.", an ability.
    story = Story({"T-BEAR": 4, "CMF-038": 4}, stones={"T-STONE": 10, "TAT-092": 2, "TAT-091": 2})
    feethsing = story.put("p1", "TAT-092", "stone_area")
    bear, other = story.put("p1", "T-BEAR", "field"), story.put("p1", "T-BEAR", "field")
    almerius = story.put("p2", "TAT-091", "stone_area")
    thunder = story.put("p2", "CMF-038", "hand")
    own_thunder = story.put("p1", "CMF-038", "hand")
    story.will("p1", "G")
    story.when(cmd("ActivateAbility", "p1", source=feethsing, ability=2, targets=[[bear]]))
    events = story.resolve()
    made = next(e for e in events if e.type == "ContinuousEffectCreated")
    assert (made.data["targets"], made.rule) == ([bear], "FoW-5.5 1.4 p4")
    story.when(cmd("Pass", "p1"))  # p2 has priority
    story.will("p2", "R")
    refusal = story.refused(cmd("PlayCard", "p2", card=thunder, targets=[[bear]]))
    assert (refusal.code, refusal.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    offered = [c.args["targets"] for c in engine.legal_actions(story.state, "p2") if c.type == "PlayCard"]
    assert [[bear]] not in offered and [[other]] in offered
    story.will("p2", "W")  # an ability of the opponent's card still may target it
    story.when(cmd("ActivateAbility", "p2", source=almerius, ability=1, targets=[[bear]]))
    story.resolve()
    assert "flying" in characteristics(story.state, bear).skills
    story.will("p1", "R")  # p1's own normal spell may target it
    story.when(cmd("PlayCard", "p1", card=own_thunder, targets=[[bear]]))
    story.resolve()
    assert story.state.objects[bear].zone == "graveyard"
    story.replays()


# --- "At end of turn, return this card to is Ruler side" -----------------------------------------


def test_little_red_the_wolf_girl_returns_to_her_ruler_side_at_end_of_turn() -> None:
    # Little Red Riding Hood (CMF-027): "[J-Activate] Pay {0}: You cannot play this ability if you
    # haven't put any Moon into a field this turn."  Little Red, the Wolf Girl (CMF-027J): "[Continuous]:
    # At end of turn, return this card to is Ruler side."  Artificial Moon (BFA-082) is a Moon.
    story = Story({"BFA-082": 4, "T-BEAR": 4}, ruler="CMF-027")
    [red] = story.state.zones["p1"]["ruler_area"]
    story.put("p1", "BFA-082", "field")
    bear = story.put("p2", "T-BEAR", "field")
    story.when(cmd("PerformJudgment", "p1"))
    story.resolve()  # the J-ruler enters the field; its [Enter] deals 800 damage to the Bear
    assert (story.state.objects[red].zone, story.state.objects[red].side) == ("field", "j_ruler")
    story.when(cmd("PlayTriggered", "p1", trigger=story.state.triggered[0].id, targets=[[bear]]))
    story.resolve()
    story.given("DamageDealt", source=bear, target=red, amount=100, battle=False, to_card=True)
    events = pass_until(story.state, lambda s: s.objects[red].zone == "ruler_area")
    story.log += events
    [trig] = triggered_by(events, red)
    assert trig.rule == "FoW-5.5 9.6 p5"
    began = next(e for e in events if e.type == "StepBegan" and e.data.get("step") == "end_of_turn")
    assert began.seq < trig.seq  # as the end of turn step begins (5.4 p3)
    moved = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == red)
    assert (moved.data["from"], moved.data["to"], moved.data["side"], moved.rule) == (
        "field",
        "ruler_area",
        "front",
        "FoW-5.5 1.4 p1",
    )
    assert story.state.objects[red].side == "front" and story.state.objects[red].damage == 0
    assert story.state.card_of(red).id == "CMF-027"
    story.replays()


# --- "When this card is banished by [Incarnation]" ------------------------------------------------


def test_acolyte_of_darkness_banished_by_incarnation_may_pay_life_to_draw() -> None:
    # Acolyte of Darkness (MPR-073): "[Continuous]: When this card is banished by [Incarnation], you may
    # pay 400 life. If you do, draw a card."  Byakhee, the Winged Lady (MPR-078): "[Incarnation]
    # {B}{B}"; a second Acolyte destroyed is not banished by [Incarnation]
    story = Story({"MPR-073": 4, "MPR-078": 4})
    acolytes = [story.put("p1", "MPR-073", "field") for _ in range(3)]
    byakhee = story.put("p1", "MPR-078", "hand")
    story.by_rule(actions.destroy, acolytes[2], "given")
    assert not story.state.triggered
    story.will("p1", "B", "B", "B", "B", "B")
    events = story.when(cmd("PlayCard", "p1", card=byakhee, incarnation=acolytes[:2]))
    triggered = [e for e in events if e.type == "AbilityTriggered"]
    assert sorted(e.data["source"] for e in triggered) == sorted(acolytes[:2])
    assert {e.rule for e in triggered} == {"FoW-5.5 9.6 p5"}
    hand = len(story.state.zones["p1"]["hand"])
    story.when(cmd("PlayTriggered", "p1", trigger=story.state.triggered[0].id))  # the other one follows
    assert len(story.state.chase) == 3
    for accept in (True, False):
        events = story.resolve()
        assert next(e for e in events if e.type == "ChoiceRequested").data["kind"] == "optional"
        story.when(cmd("ChooseOptional", "p1", accept=accept))
    assert story.state.players["p1"].life == 3600  # paid once
    assert len(story.state.zones["p1"]["hand"]) == hand + 1  # drew once
    story.replays()


# --- "When a spell or ability your opponent controls targets a J/resonator you control" ----------


def test_wind_secluded_refuge_is_banished_to_cancel_the_opponents_spell() -> None:
    # Wind-Secluded Refuge (TMS-065): "When a spell or ability your opponent controls targets a
    # J/resonator you control, you may banish this card. If you do, cancel that spell or ability."
    # Thunder (CMF-038), a chant-instant: "This card deals 500 damage to target J/resonator or player."
    story = Story({"TMS-065": 4, "T-BEAR": 4, "CMF-038": 4})
    refuge = story.put("p1", "TMS-065", "field")
    bear, their_bear = story.put("p1", "T-BEAR", "field"), story.put("p2", "T-BEAR", "field")
    own_target = story.put("p1", "T-BEAR", "field")
    mine = story.put("p1", "CMF-038", "hand")
    thunders = [story.put("p2", "CMF-038", "hand") for _ in range(3)]
    story.will("p1", "R")
    events = story.when(cmd("PlayCard", "p1", card=mine, targets=[[own_target]]))  # p1's own spell: no trigger
    assert triggered_by(events, refuge) == []
    story.resolve()
    story.when(cmd("Pass", "p1"))  # p2 has priority
    story.will("p2", "R", "R")
    events = story.when(cmd("PlayCard", "p2", card=thunders[0], targets=[[their_bear]]))  # not p1's
    assert triggered_by(events, refuge) == []
    story.resolve()
    story.when(cmd("Pass", "p1"))
    events = story.when(cmd("PlayCard", "p2", card=thunders[1], targets=[["p1"]]))  # a player, no J/resonator
    assert triggered_by(events, refuge) == []
    story.resolve()
    story.when(cmd("Pass", "p1"))
    story.will("p2", "R")
    events = story.when(cmd("PlayCard", "p2", card=thunders[2], targets=[[bear]]))
    [trig] = triggered_by(events, refuge)
    assert trig.rule == "FoW-5.5 9.6 p5"
    spell = next(c for c in story.state.chase if c.source == thunders[2])
    assert len(story.state.chase) == 2  # played at once: no choice to make (6.2 p3)
    events = story.resolve()
    asked = next(e for e in events if e.type == "ChoiceRequested")
    assert asked.data["kind"] == "optional"
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    banished = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == refuge)
    assert (banished.data["to"], banished.data["reason"], banished.rule) == ("graveyard", "banish", "FoW-5.5 10.10 p1")
    canceled = next(e for e in events if e.type == "ChaseItemCanceled")
    assert (canceled.data["item"], canceled.rule) == (spell.id, "FoW-5.5 10.11 p1")
    assert story.state.objects[thunders[2]].zone == "graveyard" and not story.state.chase
    assert story.state.objects[bear].damage == 0
    story.replays()


# --- "When you put a Treasury Item into a field, put this card from your graveyard into your hand" --


def test_five_challenges_returns_from_the_graveyard_when_you_put_a_treasury_item() -> None:
    # Five Challenges (CMF-042): "[Continuous]: When you put a Treasury Item into a field, put this card
    # from your graveyard into your hand."  Stone Bowl of Buddha (CMF-055) is a Treasury Item; the
    # opponent's Treasury Item and p1's Bear do not make it trigger; a Five Challenges in the hand does
    # nothing (9.2 p2)
    story = Story({"CMF-042": 4, "CMF-055": 4, "T-BEAR": 4})
    challenges = story.put("p1", "CMF-042", "graveyard")
    in_hand = story.put("p1", "CMF-042", "hand")
    theirs = story.put("p2", "CMF-055", "hand")
    events = story.by_rule(
        actions.move, story.put("p1", "T-BEAR", "hand"), "field", "given", rule="3.1 p5", reason="put"
    )
    assert triggered_by(events, challenges) == []
    events = story.by_rule(actions.move, theirs, "field", "given", rule="3.1 p5", reason="put", controller="p2")
    assert triggered_by(events, challenges) == []
    bowl = story.put("p1", "CMF-055", "hand")
    story.will("p1", "U")
    story.when(cmd("PlayCard", "p1", card=bowl))
    events = story.resolve()  # the Bowl enters p1's field
    assert story.state.objects[bowl].zone == "field"
    [trig] = triggered_by(events, challenges)
    assert (trig.data["controller"], trig.rule) == ("p1", "FoW-5.5 9.6 p5")
    assert triggered_by(events, in_hand) == []
    events = story.resolve()
    moved = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == challenges)
    assert (moved.data["from"], moved.data["to"]) == ("graveyard", "hand")
    story.replays()


def test_five_challenges_that_left_the_graveyard_stays_where_it_went() -> None:
    # Five Challenges (CMF-042): the card removed from the graveyard before the ability resolves is a new
    # object (3.1 p3): it is not put into the hand
    story = Story({"CMF-042": 4, "CMF-055": 4})
    challenges = story.put("p1", "CMF-042", "graveyard")
    bowl = story.put("p1", "CMF-055", "hand")
    story.will("p1", "U")
    story.when(cmd("PlayCard", "p1", card=bowl))
    story.resolve()
    assert story.state.chase
    story.given("CardMoved", **{"oid": challenges, "from": "graveyard", "to": "removed", "reason": "given"})
    events = story.resolve()
    assert [e for e in events if e.type == "CardMoved" and e.data["oid"] == challenges] == []
    assert story.state.objects[challenges].zone == "removed"
    story.replays()
