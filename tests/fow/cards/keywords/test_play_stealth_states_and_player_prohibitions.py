"""Keyword conditions and restrictions of real Grimm/Alice cards executed by the engine in the form
the importer gives them (given events / when command / then events or a cited rejection; every story
replays its whole log):

* a [Stealth] state "Your J/ruler is "A" or "B" and you have ten or more cards in your graveyard"
  (FoW-5.5 12.5 p2, 9.6 p9);
* prohibitions on players: "You cannot call magic stones" (7.11 p1, 1.4 p4), "Your opponent cannot
  play cards from their chant-standby area during your turn" (7.9, 12.5 p2), "Your opponent cannot
  play activate abilities of J/rulers or regalia during your turn" (7.8 p1, 9.7 p1), "Opponents cannot
  add [Addition:Resonator]" (7.2 p3-p4).
"""

from __future__ import annotations

from domain.fow import actions
from domain.fow.characteristics import characteristics
from tests.fow.cards.story import Story, legal
from tests.fow.cards.triggers.test_play_triggers_costs_and_target_filters import pass_until, triggered_by
from tests.fow.support import cmd
from tests.fow.test_ch8_battle import to_attack_choice, to_block_choice, to_main

# --- [Stealth] a J/ruler and ten or more cards in your graveyard ---------------------------------


def _to_graveyard(story: Story, count: int) -> None:
    """Given: the top ``count`` cards of p1's main deck are put into p1's graveyard."""
    for _ in range(count):
        oid = story.state.zones["p1"]["main_deck"][-1]
        card = story.state.objects[oid].card
        data = {"oid": oid, "card": card, "owner": "p1", "controller": "p1", "to": "graveyard", "reason": "given"}
        story.given("CardMoved", **data, **{"from": "main_deck"})


def test_persephone_stealth_needs_rezzard_and_ten_cards_in_your_graveyard() -> None:
    # Persephone, the Nether Empress (SKL-075): "[Stealth] Your J/ruler is "Rezzard, the Undead Lord"
    # or "Rezzard, the Desecrating Vampire" and you have more than ten or more cards in your graveyard.
    # ... When this card enters your field from a chant-standby area, put target resonator with total
    # cost 4 or less from your graveyard into your field."  The ruler is Rezzard, the Undead Lord
    # (SKL-077); the Bears (T-BEAR, total cost 1) go to p1's graveyard.
    story = Story({"SKL-075": 4, "T-BEAR": 4}, ruler="SKL-077")
    persephone = story.put("p1", "SKL-075", "standby")
    _to_graveyard(story, 9)
    events = story.when(cmd("Pass", "p1"))
    assert triggered_by(events, persephone) == []  # nine cards: the state does not hold
    story.when(cmd("Pass", "p2"))  # turn 1 ends ... (the Pass of p2 closes the main phase)
    story.log += to_main(story.state, turn=3)
    _to_graveyard(story, 1)  # the tenth card
    events = story.when(cmd("Pass", "p1"))
    [trig] = triggered_by(events, persephone)
    assert (trig.data["kind"], trig.rule) == ("stealth", "FoW-5.5 12.5 p2")
    will = list(story.state.players["p1"].will)
    story.when(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[], pay_with=[]))
    assert story.state.players["p1"].will == will  # played without paying its cost (12.5 p2)
    events = story.resolve()
    assert story.state.objects[persephone].zone == "field"
    [entered] = triggered_by(events, persephone)  # it entered the field from a chant-standby area
    bear = next(o for o in story.state.zones["p1"]["graveyard"] if story.state.objects[o].card == "T-BEAR")
    story.when(cmd("PlayTriggered", "p1", trigger=entered.data["trigger"], targets=[[bear]]))
    story.resolve()
    assert story.state.objects[bear].zone == "field"
    story.replays()


def test_persephone_stealth_does_not_trigger_under_another_ruler() -> None:
    # Persephone (SKL-075) with ten cards in the graveyard but an invented ruler (T-RULER): one part of
    # the condition fails, nothing triggers (9.6 p9.1)
    story = Story({"SKL-075": 4, "T-BEAR": 4})
    persephone = story.put("p1", "SKL-075", "standby")
    _to_graveyard(story, 12)
    events = story.when(cmd("Pass", "p1"))
    events += story.when(cmd("Pass", "p2"))
    assert triggered_by(events, persephone) == []
    story.replays()


# --- "You cannot call magic stones. At the beginning of your main phase, ..." ----------------------


def test_cain_cannot_call_magic_stones_but_puts_one_at_the_beginning_of_the_main_phase() -> None:
    # Cain, the Traitor of Gods (MPR-021J): "[Continuous]: You cannot call magic stones. At the
    # beginning of your main phase, put the top card of your magic stone deck into your magic stone
    # area."  Cain, the Ruler (MPR-021) does judgment with {R}.
    story = Story({"T-BEAR": 4}, ruler="MPR-021")
    [cain] = story.state.zones["p1"]["ruler_area"]
    story.will("p1", "R")
    story.when(cmd("PerformJudgment", "p1"))
    story.resolve()
    assert story.state.objects[cain].zone == "field"
    stones = len(story.state.zones["p1"]["stone_area"])
    mark = len(story.log)
    story.log += to_main(story.state, turn=3)  # p1's next turn: the J-ruler is still in the field
    events = story.log[mark:]
    [trig] = triggered_by(events, cain)  # at the beginning of p1's main phase (5.3 p1)
    assert (trig.data["kind"], trig.rule) == ("ability", "FoW-5.5 9.6 p5")
    # no choice to make: it is played at once (9.6 p5), and resolves as both players pass (6.4 p1.2)
    played = next(e for e in events if e.type == "AbilityPlayed" and e.data["source"] == cain)
    top = next(e for e in events if e.type == "CardMoved" and e.data["to"] == "stone_area")
    assert played.seq < top.seq and (top.data["from"], top.rule) == ("stone_deck", "FoW-5.5 3.7 p1")
    assert len(story.state.zones["p1"]["stone_area"]) == stones + 1
    story.log += to_main(story.state, turn=3)
    refusal = story.refused(cmd("CallMagicStone", "p1"))
    assert (refusal.code, refusal.rule) == ("rules/cannot_call", "FoW-5.5 1.4 p4")
    assert legal(story, "p1", "CallMagicStone") == []
    story.replays()


def test_without_cain_the_same_turn_allows_calling() -> None:
    # the control: the ruler Cain (MPR-021), not judged, calls a magic stone (7.11 p1)
    story = Story({"T-BEAR": 4}, ruler="MPR-021")
    assert legal(story, "p1", "CallMagicStone") == [{}]
    events = story.when(cmd("CallMagicStone", "p1"))
    assert any(e.type == "MagicStoneCalled" for e in events)
    story.replays()


# --- Guardian Angel, Raphael: "during your turn" prohibitions on the opponent ---------------------


def test_raphael_your_opponent_cannot_play_cards_from_their_chant_standby_area_during_your_turn() -> None:
    # Guardian Angel, Raphael (BFA-006): "Your opponent cannot play cards from their chant-standby area
    # during your turn."  p2 has Herald of the Undead Lord (SKL-070: "[Stealth] Your J/ruler is
    # "Rezzard, the Undead Lord" or ...") in the chant-standby area, both rulers are Rezzard (SKL-077).
    story = Story({"BFA-006": 4, "SKL-070": 4, "T-BEAR": 4}, ruler="SKL-077")
    story.put("p1", "BFA-006", "field")
    herald = story.put("p2", "SKL-070", "standby")
    events = story.when(cmd("Pass", "p1"))
    [trig] = triggered_by(events, herald)  # the state holds; playing it is prohibited (1.4 p4)
    refusal = story.refused(cmd("PlayTriggered", "p2", trigger=trig.data["trigger"], targets=[], pay_with=[]))
    assert (refusal.code, refusal.rule) == ("rules/cannot_play", "FoW-5.5 1.4 p4")
    story.when(cmd("DeclineTrigger", "p2", trigger=trig.data["trigger"]))
    assert story.state.objects[herald].zone == "standby"
    # in p2's own turn Raphael's ability does not apply: the Herald is played
    while story.state.turn == 1:  # the game moves on: it triggers again (9.6 p9.1), still prohibited
        if story.pending.kind == "trigger":
            trigger = story.pending.options["triggers"][0]
            refusal = story.refused(cmd("PlayTriggered", "p2", trigger=trigger, targets=[], pay_with=[]))
            assert refusal.code == "rules/cannot_play"
            story.when(cmd("DeclineTrigger", "p2", trigger=trigger))
        else:
            story.when(cmd("Pass", story.pending.player))
    story.log += pass_until(story.state, lambda s: s.pending.kind == "trigger")
    [trig] = [t for t in story.state.triggered if t.source == herald]
    assert story.state.turn_player == "p2"
    story.when(cmd("PlayTriggered", "p2", trigger=trig.id, targets=[], pay_with=[]))
    story.resolve()
    assert story.state.objects[herald].zone == "field"
    story.replays()


def test_raphael_your_opponent_cannot_play_activate_abilities_of_regalia_during_your_turn() -> None:
    # Guardian Angel, Raphael (BFA-006): "Your opponent cannot play activate abilities of J/rulers or
    # regalia during your turn."  Schrödinger, the Fallen Black Cat (TTW-100), p2's regalia: "{Rest}:
    # Produce {W}, {R}, {U}, {G}, or {B}." (a will ability, an [Activate] ability too, 9.7 p1)
    story = Story({"BFA-006": 4, "TTW-100": 4, "T-BEAR": 4})
    raphael = story.put("p1", "BFA-006", "field")
    cat = story.put("p2", "TTW-100", "field")
    produce = next(i for i, a in characteristics(story.state, cat).abilities if actions.is_will_ability(a))
    story.when(cmd("Pass", "p1"))  # p2 has priority during p1's turn
    refusal = story.refused(cmd("ActivateAbility", "p2", source=cat, ability=produce, choice="W"))
    assert (refusal.code, refusal.rule) == ("rules/cannot_play_ability", "FoW-5.5 1.4 p4")
    assert [a for a in legal(story, "p2", "ActivateAbility") if a["source"] == cat] == []
    story.log += to_main(story.state, turn=2)  # p2's turn: not prohibited
    events = story.when(cmd("ActivateAbility", "p2", source=cat, ability=produce, choice="W"))
    assert any(e.type == "WillProduced" for e in events)
    assert story.state.objects[raphael].zone == "field"  # in the field, but not during its controller's turn
    story.replays()


# --- The Emperor with New Clothes: "Opponents cannot add [Addition:Resonator]" --------------------


def test_emperor_opponents_cannot_add_resonator_additions() -> None:
    # The Emperor with New Clothes (CMF-018): "[Continuous]: Opponents cannot add
    # [Addition:Resonator]."  Silver Stake (CMF-016) is an [Addition:Resonator] {W}.
    story = Story({"CMF-018": 4, "CMF-016": 4, "T-BEAR": 4})
    story.put("p1", "CMF-018", "field")
    story.log += to_main(story.state, turn=2)
    bear = story.put("p2", "T-BEAR", "field")
    stake = story.put("p2", "CMF-016", "hand")
    story.will("p2", "W")
    refusal = story.refused(cmd("PlayCard", "p2", card=stake, targets=[[bear]]))
    assert (refusal.code, refusal.rule) == ("rules/cannot_play", "FoW-5.5 1.4 p4")
    assert [a for a in legal(story, "p2", "PlayCard") if a["card"] == stake] == []
    # its controller may add them
    story.log += to_main(story.state, turn=3)
    mine = story.put("p1", "T-BEAR", "field")
    own_stake = story.put("p1", "CMF-016", "hand")
    story.will("p1", "W")
    story.when(cmd("PlayCard", "p1", card=own_stake, targets=[[mine]]))
    story.resolve()
    assert story.state.objects[own_stake].attached_to == mine
    story.replays()


# --- [Trigger] While a resonator your opponent controls is attacking -------------------------------


def _attack_story(card: str) -> tuple[Story, str, str, str, str]:
    """p1 has ``card`` in the chant-standby area since turn 1 and three magic stones (7.9: as many as its
    cost); in turn 2, p2's Bear attacks p1 while p2's Wall and Bird stay back."""
    story = Story({card: 4, "T-BEAR": 4, "T-WALL": 4, "T-BIRD": 4})
    for _ in range(3):
        story.put("p1", "T-STONE", "stone_area")
    standby = story.put("p1", card, "standby")
    bear = story.put("p2", "T-BEAR", "field")
    wall = story.put("p2", "T-WALL", "field")
    bird = story.put("p2", "T-BIRD", "field")
    story.log += to_main(story.state, turn=2)
    story.log += to_attack_choice(story.state)
    return story, standby, bear, wall, bird


def test_cain_complex_while_attacking_gains_control_of_a_resonator_that_did_not_attack() -> None:
    # Cain Complex (MPR-025, {R}{2}): "[Trigger] While a resonator your opponent controls is attacking:
    # Until end of turn, gain control of target resonator that didn't attack this turn."
    story, complex_, bear, wall, _ = _attack_story("MPR-025")
    assert story.state.triggered == []  # no attack yet: the state does not hold
    events = story.when(cmd("DeclareAttack", "p2", attacker=bear, target="p1"))
    [trig] = triggered_by(events, complex_)
    assert (trig.data["kind"], trig.rule) == ("card", "FoW-5.5 7.9 p2")
    refusal = story.refused(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[[bear]], pay_with=[]))
    assert (refusal.code, refusal.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")  # it attacked this turn
    story.when(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[[wall]], pay_with=[]))
    story.resolve()
    assert story.state.objects[wall].controller == "p1"
    story.log += to_block_choice(story.state)
    story.when(cmd("DeclineBlock", "p1"))
    story.log += to_main(story.state, turn=3)  # until end of turn (5.4 p5.2)
    assert story.state.objects[wall].controller == "p2"
    story.replays()


def test_a_resonator_that_attacked_is_a_new_object_once_it_changes_zones() -> None:
    # Cain Complex (MPR-025): the Bear that attacked returns to p2's hand and is put into the field
    # again: a new object that didn't attack this turn (3.1 p3)
    story, complex_, bear, _, _ = _attack_story("MPR-025")
    events = story.when(cmd("DeclareAttack", "p2", attacker=bear, target="p1"))
    [trig] = triggered_by(events, complex_)
    for to in ("hand", "field"):
        data = {"oid": bear, "from": story.state.objects[bear].zone, "to": to, "reason": "given"}
        story.given("CardMoved", **data, controller="p2")
    story.when(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[[bear]], pay_with=[]))
    story.resolve()
    assert story.state.objects[bear].controller == "p1"
    story.replays()


def test_death_sentence_the_opponent_banishes_a_non_attacking_resonator_and_you_gain_its_def() -> None:
    # Death Sentence from the Queen (TAT-076, {B}{B}): "[Trigger] While a resonator your opponent
    # controls is attacking: Your opponent banish a non-attacking resonator he or she controls. You gain
    # life equal to its DEF."  p2 chooses between the Wall (DEF 1000) and the Bird; the attacking
    # Bear is not among the choices (10.10 p1).
    story, sentence, bear, wall, bird = _attack_story("TAT-076")
    events = story.when(cmd("DeclareAttack", "p2", attacker=bear, target="p1"))
    [trig] = triggered_by(events, sentence)
    story.when(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[], pay_with=[]))
    events = story.resolve()
    asked = next(e for e in events if e.type == "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p2", "banish", "FoW-5.5 10.10 p1")
    assert sorted(asked.data["options"]["cards"]) == sorted([wall, bird])
    life = story.state.players["p1"].life
    events = story.when(cmd("ChooseCards", "p2", cards=[wall]))
    banished = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == wall)
    assert (banished.data["to"], banished.rule) == ("graveyard", "FoW-5.5 10.10 p1")
    gained = next(e for e in events if e.type == "LifeChanged")
    assert (gained.data["player"], gained.data["delta"]) == ("p1", 1000)  # its DEF as it was in the field
    assert story.state.players["p1"].life == life + 1000
    assert story.state.objects[bear].zone == "field"
    story.replays()


# --- [Trigger] Total number of all resonators and all magic stones is twelve -----------------------


def test_midnight_bell_at_exactly_twelve_resonators_and_magic_stones() -> None:
    # Midnight Bell (CMF-086, {B}{1}): "[Trigger] Total number of all resonators and all magic stones is
    # twelve: Each resonator your opponent controls loses all abilities and becomes [0/200] until end of
    # turn."  Four magic stones each and p2's Bear, Wall and Bird (with [Flying]) make eleven.
    story = Story({"CMF-086": 4, "T-BEAR": 4, "T-WALL": 4, "T-BIRD": 4})
    for player in ("p1", "p2"):
        for _ in range(4):
            story.put(player, "T-STONE", "stone_area")
    bell = story.put("p1", "CMF-086", "standby")
    wall = story.put("p2", "T-WALL", "field")
    bird = story.put("p2", "T-BIRD", "field")
    story.put("p2", "T-BEAR", "field")
    events = to_main(story.state, turn=2)
    story.log += events
    assert triggered_by(events, bell) == []  # eleven
    mine = story.put("p1", "T-BEAR", "field")  # twelve: the state holds (9.6 p9)
    events = story.when(cmd("Pass", "p2"))
    [trig] = triggered_by(events, bell)
    assert (trig.data["kind"], trig.rule) == ("card", "FoW-5.5 7.9 p2")
    story.when(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[], pay_with=[]))
    events = story.resolve()
    made = [e for e in events if e.type == "ContinuousEffectCreated"]
    assert [(e.data["kind"], e.rule) for e in made] == [
        ("lose_abilities", "FoW-5.5 9.9 p1.2"),
        ("set", "FoW-5.5 9.9 p1.4"),
    ]
    for oid in (wall, bird):
        chars = characteristics(story.state, oid)
        assert (chars.atk, chars.def_, chars.skills) == (0, 200, set())
    assert (characteristics(story.state, mine).atk, characteristics(story.state, mine).def_) == (500, 500)
    story.log += to_main(story.state, turn=3)  # until end of turn (5.4 p5.2)
    assert (characteristics(story.state, wall).atk, characteristics(story.state, wall).def_) == (100, 1000)
    assert characteristics(story.state, bird).skills == {"flying"}
    story.replays()


def test_midnight_bell_does_not_trigger_at_thirteen() -> None:
    # Midnight Bell (CMF-086): "is twelve" - exactly twelve; thirteen is not (9.6 p9.1)
    story = Story({"CMF-086": 4, "T-BEAR": 4, "T-WALL": 4, "T-BIRD": 4})
    for player in ("p1", "p2"):
        for _ in range(4):
            story.put(player, "T-STONE", "stone_area")
    bell = story.put("p1", "CMF-086", "standby")
    for card in ("T-WALL", "T-BIRD", "T-BEAR"):
        story.put("p2", card, "field")
    story.put("p1", "T-BEAR", "field")
    story.put("p1", "T-WALL", "field")
    events = to_main(story.state, turn=2)
    story.log += events
    events = story.when(cmd("Pass", "p2"))
    assert triggered_by(events, bell) == []
    story.replays()


# --- "Choose one. Play this ability only during your turn and only once per turn - ..." -----------


def _reflect_story() -> tuple[Story, str, str, int]:
    # Reflect, Child of Potential (TTW-063, a ruler): "{0}: Choose one. Play this ability only during
    # your turn and only once per turn - Target resonator gains [+200/+200] until end of turn. Put a
    # magic counter on this card. or draw a card, put a card from your hand on the bottom of your main
    # deck. Put a magic counter on this card; or recover target resonator at the end of turn. Put a
    # magic counter on this card."
    story = Story({"T-BEAR": 4}, ruler="TTW-063")
    [reflect] = story.state.zones["p1"]["ruler_area"]
    bear = story.put("p1", "T-BEAR", "field")
    index = next(i for i, a in characteristics(story.state, reflect).abilities if a.kind == "activate")
    return story, reflect, bear, index


def test_reflect_recovers_its_target_at_the_end_of_turn() -> None:
    story, reflect, bear, index = _reflect_story()
    story.given("CardRested", oid=bear)
    story.when(cmd("ActivateAbility", "p1", source=reflect, ability=index, modes=[2], targets=[[bear]]))
    events = story.resolve()
    made = next(e for e in events if e.type == "DelayedAbilityCreated")
    assert (made.data["objects"], made.rule) == ([[bear, story.state.objects[bear].zone_since]], "FoW-5.5 9.6 p8")
    assert story.state.objects[reflect].counters == {"magic": 1}
    assert story.state.objects[bear].rested  # not yet: at the end of turn (5.4 p3)
    refusal = story.refused(cmd("ActivateAbility", "p1", source=reflect, ability=index, modes=[2], targets=[[bear]]))
    assert (refusal.code, refusal.rule) == ("rules/once_per_turn", "FoW-5.5 7.8 p2")
    events = pass_until(story.state, lambda s: s.turn == 2, play_triggers=True)  # p2's turn: not p1's recovery
    story.log += events
    events = [e for e in events if e.type in ("AbilityTriggered", "CardRecovered")]
    assert [e.type for e in events] == ["AbilityTriggered", "CardRecovered"]
    assert (events[0].data["kind"], events[0].rule) == ("delayed", "FoW-5.5 9.6 p8")
    assert events[1].data["oid"] == bear
    assert not story.state.objects[bear].rested
    story.replays()


def test_reflect_is_played_only_during_your_turn_and_its_other_modes() -> None:
    story, reflect, bear, index = _reflect_story()
    story.when(cmd("ActivateAbility", "p1", source=reflect, ability=index, modes=[1], targets=[]))
    hand = len(story.state.zones["p1"]["hand"])
    events = story.resolve()
    asked = next(e for e in events if e.type == "ChoiceRequested")
    assert asked.data["player"] == "p1"
    assert len(story.state.zones["p1"]["hand"]) == hand + 1  # drew a card, then puts one on the bottom
    card = story.state.zones["p1"]["hand"][0]
    story.when(cmd("ChooseCards", "p1", cards=[card]))
    assert story.state.zones["p1"]["main_deck"][0] == card
    assert story.state.objects[reflect].counters == {"magic": 1}
    story.log += to_main(story.state, turn=2)
    story.when(cmd("Pass", "p2"))  # p1 has priority in p2's turn
    refusal = story.refused(cmd("ActivateAbility", "p1", source=reflect, ability=index, modes=[0], targets=[[bear]]))
    assert (refusal.code, refusal.rule) == ("rules/ability_condition", "FoW-5.5 1.4 p1")
    story.replays()


# --- "Whenever this card deals damage this turn, you gain that much life" -------------------------


def test_lucifer_gains_that_much_life_whenever_it_deals_damage_this_turn() -> None:
    # Fallen Angelic Destroyer, Lucifer (TMS-075): "[Flying] ... {B}{M}: Whenever this card deals damage
    # this turn, you gain that much life. Play this ability only once per turn."  A delayed ability
    # (9.6 p8) that says "whenever": it triggers each time this turn, not once only.
    story = Story({"TMS-075": 4, "T-BEAR": 4})
    lucifer = story.put("p1", "TMS-075", "field")
    bear = story.put("p2", "T-BEAR", "field")
    index = next(i for i, a in characteristics(story.state, lucifer).abilities if a.kind == "activate")
    assert "flying" in characteristics(story.state, lucifer).skills
    story.will("p1", "B", "M")
    story.when(cmd("ActivateAbility", "p1", source=lucifer, ability=index))
    events = story.resolve()
    made = next(e for e in events if e.type == "DelayedAbilityCreated")
    assert (made.data["at"], made.rule) == ("this_card_deals_damage", "FoW-5.5 9.6 p8")
    life = story.state.players["p1"].life
    for amount, target in ((300, bear), (500, "p2")):  # two damages this turn (10.6)
        events = story.by_rule(actions.deal_damage, lucifer, target, amount, "given")
        [trig] = [e for e in events if e.type == "AbilityTriggered"]
        assert (trig.data["kind"], trig.rule) == ("delayed", "FoW-5.5 9.6 p8")
        events = story.when(cmd("Pass", story.pending.player))  # played (no choice), then it resolves
        events += story.resolve()
        gained = next(e for e in events if e.type == "LifeChanged" and e.data["player"] == "p1")
        assert gained.data["delta"] == amount
    assert story.state.players["p1"].life == life + 800
    story.by_rule(actions.deal_damage, bear, lucifer, 200, "given")  # damage dealt to it: not "deals"
    assert [t for t in story.state.triggered if t.source == lucifer] == []
    story.replays()


def test_lucifer_next_turn_gains_nothing() -> None:
    # Fallen Angelic Destroyer, Lucifer (TMS-075): "this turn" - the delayed ability is gone at the end of
    # the turn (9.6 p8)
    story = Story({"TMS-075": 4, "T-BEAR": 4})
    lucifer = story.put("p1", "TMS-075", "field")
    index = next(i for i, a in characteristics(story.state, lucifer).abilities if a.kind == "activate")
    story.will("p1", "B", "M")
    story.when(cmd("ActivateAbility", "p1", source=lucifer, ability=index))
    story.resolve()
    story.log += to_main(story.state, turn=2)
    events = story.by_rule(actions.deal_damage, lucifer, "p2", 300, "given")
    assert [e for e in events if e.type == "AbilityTriggered"] == []
    story.replays()
