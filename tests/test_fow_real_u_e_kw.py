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
from tests.fow_support import cmd
from tests.test_fow_battle import to_main
from tests.test_fow_conditions import Story, legal
from tests.test_fow_real_triggers_costs import pass_until, triggered_by

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
