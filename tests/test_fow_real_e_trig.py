"""[Activate] abilities played from the graveyard, executed by the engine on real cards in the form
the importer gives them (given events / when command / then events or a cited rejection; each story
replays its whole log at the end):

* an ability whose text makes it available in the graveyard is active there, and only there
  (FoW-5.5 9.2 p2), and its owner plays it (3.1 p5);
* "remove this card in your graveyard from the game" and "remove three resonators in your graveyard
  from the game" as costs (10.3 p1, 9.3 p2.5);
* "Put this card from your graveyard into your hand": only the object that played the ability,
  still in the graveyard (a card that left it is a new object, 3.1 p3).
"""

from __future__ import annotations

from domain.fow import actions
from tests.fow_support import cmd, find
from tests.test_fow_conditions import Story, legal


def graveyard_offers(story: Story, player: str, oid: str) -> list[dict[str, object]]:
    return [a for a in legal(story, player, "ActivateAbility") if a["source"] == oid]


def test_izanami_is_played_from_the_graveyard_removing_itself() -> None:
    # Izanami, the Sealed Terror (TMS-077): "{B}{B}{B}{2}, remove this card in your graveyard from the
    # game: Destroy target resonator." and "{B}{M}, remove this card in your graveyard from the game:
    # Your opponent discards a card."
    story = Story({"TMS-077": 4, "T-BEAR": 4})
    bear = story.put("p2", "T-BEAR", "field")
    in_field = story.put("p1", "TMS-077", "field")
    izanami = story.put("p1", "TMS-077", "graveyard")
    story.will("p1", "B", "B", "B", "B", "B")
    # in the field the ability is not active (9.2 p2: only in the graveyard)
    no = story.refused(cmd("ActivateAbility", "p1", source=in_field, ability=0, targets=[[bear]], pay_with=[]))
    assert (no.code, no.rule) == ("rules/no_such_ability", "FoW-5.5 7.8 p2")
    assert not graveyard_offers(story, "p1", in_field)
    # a card in the opponent's graveyard is theirs to play (3.1 p5)
    their_izanami = story.put("p2", "TMS-077", "graveyard")
    theirs = story.refused(cmd("ActivateAbility", "p1", source=their_izanami, ability=0, targets=[[bear]], pay_with=[]))
    assert (theirs.code, theirs.rule) == ("rules/not_your_card", "FoW-5.5 7.8 p2")
    assert not graveyard_offers(story, "p1", their_izanami)
    offered = graveyard_offers(story, "p1", izanami)
    assert {a["ability"] for a in offered} == {0} and [[bear]] in [a["targets"] for a in offered]
    events = story.when(cmd("ActivateAbility", "p1", source=izanami, ability=0, targets=[[bear]], pay_with=[]))
    played = find(events, "AbilityPlayed")
    assert (played.data["source"], played.data["ability"], played.rule) == (izanami, 0, "FoW-5.5 7.8 p2")
    removed = [e for e in events if e.type == "CardMoved" and e.data["oid"] == izanami]
    assert [(e.data["from"], e.data["to"], e.rule) for e in removed] == [("graveyard", "removed", "FoW-5.5 10.3 p1")]
    assert story.state.players["p1"].will == []
    events = story.resolve()
    destroyed = find(events, "CardMoved")
    assert (destroyed.data["oid"], destroyed.data["to"], destroyed.data["reason"]) == (bear, "graveyard", "destroyed")
    # removed from the game: it cannot be played again
    again = story.refused(cmd("ActivateAbility", "p1", source=izanami, ability=1, pay_with=[]))
    assert (again.code, again.rule) == ("rules/not_your_card", "FoW-5.5 7.8 p2")
    story.replays()


def test_izanami_moon_will_and_a_discard() -> None:
    # the second ability of Izanami (TMS-077) costs {B}{M}: a will with the moon characteristic (9.7 p7)
    story = Story({"TMS-077": 4, "T-BEAR": 4})
    izanami = story.put("p1", "TMS-077", "graveyard")
    story.will("p1", "B")
    short = story.refused(cmd("ActivateAbility", "p1", source=izanami, ability=1, pay_with=[]))
    assert short.rule == "FoW-5.5 10.2 p4" and story.state.objects[izanami].zone == "graveyard"
    story.will("p1", "M")
    story.when(cmd("ActivateAbility", "p1", source=izanami, ability=1, pay_with=[]))
    assert story.state.objects[izanami].zone == "removed"
    hand = len(story.state.zones["p2"]["hand"])
    events = story.resolve()
    asked = find(events, "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p2", "discard", "FoW-5.5 10.18 p1")
    pick = story.state.zones["p2"]["hand"][0]
    story.when(cmd("ChooseCards", "p2", cards=[pick]))
    assert len(story.state.zones["p2"]["hand"]) == hand - 1 and story.state.objects[pick].zone == "graveyard"
    story.replays()


def test_black_goat_deals_damage_from_the_removed_area() -> None:
    # Black Goat (MPR-022): "[Activate] Pay {R}, remove this card in your graveyard from the game. This
    # card deals 200 damage to target player or resonator."  The source is removed as the cost is paid;
    # it still deals the damage (its last known information, 9.11)
    story = Story({"MPR-022": 4, "T-BEAR": 4})
    goat = story.put("p1", "MPR-022", "graveyard")
    story.will("p1", "R")
    life = story.state.players["p2"].life
    story.when(cmd("ActivateAbility", "p1", source=goat, ability=0, targets=[["p2"]], pay_with=[]))
    assert story.state.objects[goat].zone == "removed"
    events = story.resolve()
    dealt = find(events, "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"], dealt.rule) == (
        goat,
        "p2",
        200,
        "FoW-5.5 10.6 p1",
    )
    assert story.state.players["p2"].life == life - 200
    story.replays()


def test_ghostflame_returns_to_the_hand_only_as_the_same_object() -> None:
    # Ghostflame (MOA-016, chant): "[Activate] {R}{R}{1}: Put this card from your graveyard into your hand."
    story = Story({"MOA-016": 4, "T-BEAR": 4})
    flame = story.put("p1", "MOA-016", "graveyard")
    story.will("p1", "R", "R", "W")
    assert graveyard_offers(story, "p1", flame)
    story.when(cmd("ActivateAbility", "p1", source=flame, ability=0, pay_with=[]))
    assert story.state.objects[flame].zone == "graveyard"  # no cost moves it
    events = story.resolve()
    back = find(events, "CardMoved")
    assert (back.data["oid"], back.data["from"], back.data["to"]) == (flame, "graveyard", "hand")
    # once more: in response it leaves the graveyard and comes back, a new object (3.1 p3) that the
    # ability does not know - it stays in the graveyard
    story.put("p1", "MOA-016", "graveyard")
    other = story.state.zones["p1"]["graveyard"][-1]
    story.will("p1", "R", "R", "W")
    story.when(cmd("ActivateAbility", "p1", source=other, ability=0, pay_with=[]))
    story.by_rule(actions.move, other, "removed", "given", rule="10.3 p1", reason="removed")
    story.by_rule(actions.move, other, "graveyard", "given", rule="3.1 p5", reason="effect")
    events = story.resolve()
    assert [e for e in events if e.type == "CardMoved"] == []
    assert story.state.objects[other].zone == "graveyard"
    story.replays()


def test_arthur_removes_three_resonators_in_your_graveyard() -> None:
    # Arthur, the Dead Lord of Vengeance (SKL-066): "Remove three resonators in your graveyard from the
    # game: Put this card from your graveyard into your hand."
    story = Story({"SKL-066": 4, "T-BEAR": 4, "MOA-016": 4, "MPR-022": 4})
    arthur = story.put("p1", "SKL-066", "graveyard")
    bears = [story.put("p1", "T-BEAR", "graveyard") for _ in range(2)]
    chant = story.put("p1", "MOA-016", "graveyard")  # not a resonator
    theirs = story.put("p2", "T-BEAR", "graveyard")  # not in your graveyard
    # Arthur is a resonator in your graveyard too: removing it pays the cost (the text says no
    # "other"), and then there is no card to put into the hand
    offers = graveyard_offers(story, "p1", arthur)
    assert offers and all(sorted(a["cost_cards"][0]) == sorted([arthur, *bears]) for a in offers)  # type: ignore[index]
    for wrong in ([*bears, chant], [*bears, theirs]):
        no = story.refused(cmd("ActivateAbility", "p1", source=arthur, ability=2, cost_cards=[wrong]))
        assert (no.code, no.rule) == ("rules/cost_cards", "FoW-5.5 9.3 p2.5")
    third = story.put("p1", "MPR-022", "graveyard")  # Black Goat, a resonator
    offered = graveyard_offers(story, "p1", arthur)
    assert offered and all(len(a["cost_cards"][0]) == 3 for a in offered)  # type: ignore[index, arg-type]
    events = story.when(cmd("ActivateAbility", "p1", source=arthur, ability=2, cost_cards=[[*bears, third]]))
    removed = [e for e in events if e.type == "CardMoved"]
    assert [(e.data["oid"], e.data["to"], e.rule) for e in removed] == [
        (b, "removed", "FoW-5.5 10.3 p1") for b in [*bears, third]
    ]
    events = story.resolve()
    back = find(events, "CardMoved")
    assert (back.data["oid"], back.data["to"]) == (arthur, "hand")
    story.replays()


def test_yoshitsune_recovers_up_to_two_resonators_as_it_enters_by_judgment() -> None:
    # Minamoto no Yoshitsune (VIN001-055, "[J-Activate] {G}{2}") and its J-ruler (VIN001-055J): "When
    # this cards enter your field, recover up to two target resonators." (a misprint of "When this card
    # enters your field"); the J-ruler is put into the field by judgment (7.5 p3) and it triggers (9.6 p1)
    story = Story({"T-BEAR": 4}, ruler="VIN001-055")
    bears = [story.put("p1", "T-BEAR", "field") for _ in range(3)]
    for bear in bears:
        story.given("CardRested", oid=bear, reason="given")
    story.will("p1", "G", "G", "G")
    events = story.when(cmd("PerformJudgment", "p1", pay_with=[]))
    events += story.resolve()
    [j_ruler] = [o for o in story.state.zones["p1"]["field"] if story.state.objects[o].side == "j_ruler"]
    [trig] = [e for e in events if e.type == "AbilityTriggered" and e.data["source"] == j_ruler]
    entered = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == j_ruler)
    assert (trig.cause, trig.rule) == (f"ev:{entered.seq}", "FoW-5.5 9.6 p5")
    three = story.refused(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[bears]))
    assert three.rule == "FoW-5.5 9.3 p2.4"
    story.when(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[bears[:2]]))
    events = story.resolve()
    assert sorted(e.data["oid"] for e in events if e.type == "CardRecovered") == sorted(bears[:2])
    assert [story.state.objects[b].rested for b in bears] == [False, False, True]
    story.replays()
