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

from domain.fow import actions, engine
from tests.fow.cards.story import Story, legal
from tests.fow.support import cmd, find


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


def test_scorn_of_dark_alice_looks_at_the_opponents_hand() -> None:
    # The Scorn of Dark Alice (TTW-089): "Look at target opponent's hand and choose a resonator. They
    # discard that card."  The controller sees the hand (only they: 3.5 p2) and chooses (10.13 p1);
    # the opponent discards it (10.18 p1)
    story = Story({"TTW-089": 4, "T-BEAR": 4})
    scorn = story.put("p1", "TTW-089", "hand")
    bear = story.put("p2", "T-BEAR", "hand")
    chant = story.put("p2", "TTW-089", "hand")
    story.will("p1", "B")
    # "target opponent": not yourself (9.3 p2.4)
    mine = story.refused(cmd("PlayCard", "p1", card=scorn, targets=[["p1"]], pay_with=[]))
    assert mine.rule == "FoW-5.5 9.3 p2.4"
    story.when(cmd("PlayCard", "p1", card=scorn, targets=[["p2"]], pay_with=[]))
    events = story.resolve()
    asked = find(events, "ChoiceRequested")
    hand = list(story.state.zones["p2"]["hand"])
    resonators = [o for o in hand if story.state.card_of(o).type == "resonator"]
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p1", "discard_chosen", "FoW-5.5 10.13 p1")
    assert asked.data["options"]["hand"] == {o: story.state.objects[o].card for o in hand}
    assert asked.data["options"]["cards"] == resonators and bear in resonators and chant not in resonators
    # the opponent does not see what the chooser is shown
    assert engine.redact_event(story.state, asked, "p2").data["options"] == {}
    assert engine.redact_event(story.state, asked, "p1").data["options"] == asked.data["options"]
    assert {tuple(a["cards"]) for a in legal(story, "p1", "ChooseCards")} == {(o,) for o in resonators}
    no = story.refused(cmd("ChooseCards", "p1", cards=[chant]))
    assert (no.code, no.rule) == ("rules/discard_choice", "FoW-5.5 10.13 p1")
    events = story.when(cmd("ChooseCards", "p1", cards=[bear]))
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.data["reason"], moved.rule, moved.actor) == (
        bear,
        "graveyard",
        "discard",
        "FoW-5.5 10.18 p1",
        "p1",  # the card p1 chose: the discard carries out p1's choice (issue 20 item 3)
    )
    story.replays()


def test_schemes_of_the_empire_finds_no_card_in_an_empty_hand() -> None:
    # Schemes of the Empire (VIN002-072): "Look at target opponent's hand and choose a card. They
    # discard that card."  With no card in that hand there is nothing to choose.
    story = Story({"VIN002-072": 4, "T-BEAR": 4})
    schemes = story.put("p1", "VIN002-072", "hand")
    for oid in list(story.state.zones["p2"]["hand"]):
        story.given(
            "CardMoved",
            oid=oid,
            card=story.state.objects[oid].card,
            owner="p2",
            to="main_deck",
            reason="given",
            **{"from": "hand"},
        )
    story.will("p1", "B", "B")
    story.when(cmd("PlayCard", "p1", card=schemes, targets=[["p2"]], pay_with=[]))
    events = story.resolve()
    asked = find(events, "ChoiceRequested")
    assert asked.data["options"]["cards"] == [] and asked.data["options"]["count"] == 0
    events = story.when(cmd("ChooseCards", "p1", cards=[]))
    assert [e for e in events if e.type == "CardMoved" and e.data["reason"] == "discard"] == []
    story.replays()
