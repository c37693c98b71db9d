"""Moves between zones and variable amounts of real Grimm/Alice cards, executed by the engine in
the form the importer gives them (given events / when command / then events or a cited
rejection; each story replays its whole log at the end):

* two J/resonators dealing damage equal to their ATK to each other (FoW-5.5 10.6), neither
  dealing any if one of them is no longer a legal target (9.3 p3.1).
"""

from __future__ import annotations

from domain.fow import actions
from domain.kernel import Event
from tests.fow.cards.story import Story
from tests.fow.support import cmd, find, types

# --- "deal damage equal to their ATK to each other" (10.6) ----------------------------------------


def test_that_card_and_a_target_deal_damage_equal_to_their_atk_to_each_other() -> None:
    # The Beast Queen's Counterattack (TTW-068): "Target J/resonator you control gains [+400/+400]
    # until end of turn. Then that card and target J/resonator your opponent controls deal damage
    # equal to their ATK to each other."  Bear (500/500) becomes 900/900 first.
    story = Story({"TTW-068": 4, "T-BEAR": 4})
    mine, theirs = story.put("p1", "T-BEAR", "field"), story.put("p2", "T-BEAR", "field")
    spell = story.put("p1", "TTW-068", "hand")
    story.will("p1", "G", "G")
    story.when(cmd("PlayCard", "p1", card=spell, targets=[[mine], [theirs]]))
    events = story.resolve()
    dealt = [(e.data["source"], e.data["target"], e.data["amount"], e.rule) for e in events if e.type == "DamageDealt"]
    assert dealt == [(mine, theirs, 900, "FoW-5.5 10.6 p1"), (theirs, mine, 500, "FoW-5.5 10.6 p1")]
    assert story.state.objects[theirs].zone == "graveyard"  # 900 damage on 500 DEF (5.4)
    assert (story.state.objects[mine].zone, story.state.objects[mine].damage) == ("field", 500)
    story.replays()


def test_no_damage_either_way_when_one_target_is_gone() -> None:
    # Duel of Truth (TAT-024): "Target J/resonator you control and target J/resonator your opponent
    # control deal damage equal to their ATK to each other."  The opponent's J/resonator leaves the
    # field before it resolves: the effect involves it and is not applied (9.3 p3.1)
    story = Story({"TAT-024": 4, "T-BEAR": 4})
    mine, theirs = story.put("p1", "T-BEAR", "field"), story.put("p2", "T-BEAR", "field")
    duel = story.put("p1", "TAT-024", "hand")
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=duel, targets=[[mine], [theirs]]))
    story.by_rule(actions.move, theirs, "hand", "given", rule="3.1 p5", reason="returned")
    events = story.resolve()
    assert "DamageDealt" not in types(events)
    assert find(events, "ChaseItemResolved").data["item"]
    assert story.state.objects[mine].damage == 0
    story.replays()


def test_both_targets_are_required_when_played() -> None:
    # Battle for Attoractia (BFA-017): two target groups, one J/resonator each (9.3 p2.4)
    story = Story({"BFA-017": 4, "T-BEAR": 4})
    mine, theirs = story.put("p1", "T-BEAR", "field"), story.put("p2", "T-BEAR", "field")
    battle = story.put("p1", "BFA-017", "hand")
    story.will("p1", "R", "R")
    one = story.refused(cmd("PlayCard", "p1", card=battle, targets=[[mine]]))
    assert (one.code, one.rule) == ("rules/targets_required", "FoW-5.5 9.3 p2.4")
    swapped = story.refused(cmd("PlayCard", "p1", card=battle, targets=[[theirs], [mine]]))
    assert (swapped.code, swapped.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    story.replays()


def test_this_card_and_a_target_deal_damage_to_each_other_as_it_enters() -> None:
    # Slayer of the Overlord, Pricia (BFA-079, 400/500): "When this card enters your field, this
    # card and target J/resonator your opponent controls deal damage equal to their ATK to each
    # other."  Against Wall (100/1000)
    story = Story({"BFA-079": 4, "T-WALL": 4})
    wall = story.put("p2", "T-WALL", "field")
    pricia = story.put("p1", "BFA-079", "graveyard")
    story.by_rule(actions.move, pricia, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    trig = story.state.triggered[0]
    story.when(cmd("Pass", "p1"))
    story.when(cmd("PlayTriggered", "p1", trigger=trig.id, targets=[[wall]]))
    events = story.resolve()
    dealt = [(e.data["source"], e.data["target"], e.data["amount"]) for e in events if e.type == "DamageDealt"]
    assert dealt == [(pricia, wall, 400), (wall, pricia, 100)]
    assert (story.state.objects[wall].damage, story.state.objects[pricia].damage) == (400, 100)
    story.replays()


# --- "put it into its owner's hand / field": the card where its own move put it (3.1 p3) ---------


def _to_graveyard(story: Story, oid: str) -> list[Event]:
    """Given: ``oid`` is put into its owner's graveyard from the field; its trigger is played."""
    story.by_rule(actions.move, oid, "graveyard", "given", rule="10.9 p1", reason="destroyed")
    trig = story.state.triggered[-1]
    assert trig.source == oid
    events = story.when(cmd("Pass", story.pending.player))  # triggered objects are played first (9.6 p6)
    if story.state.triggered:
        events += story.when(cmd("PlayTriggered", story.pending.player, trigger=trig.id, targets=[]))
    return events


def test_put_it_into_its_owners_hand_from_the_graveyard() -> None:
    # Rhythm of Life (TMS-061, [Addition:Resonator]): "When this card is put into a graveyard from
    # your field, put it into its owner's hand."
    story = Story({"TMS-061": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    rhythm = story.put("p1", "TMS-061", "hand")
    story.by_rule(actions.move, rhythm, "field", "given", rule="7.2 p4", reason="resolve", attached_to=bear)
    played = _to_graveyard(story, rhythm)
    assert find(played, "AbilityPlayed").data["source_since"] == story.state.objects[rhythm].zone_since
    events = story.resolve()
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["from"], moved.data["to"], moved.rule) == (
        rhythm,
        "graveyard",
        "hand",
        "FoW-5.5 3.1 p5",
    )
    story.replays()


def test_a_card_that_moved_again_is_a_new_object_the_ability_does_not_know() -> None:
    # Rhythm of Life (TMS-061): in response, the card leaves the graveyard for the removed area; the
    # ability still resolves but "it" is gone (3.1 p3): it stays removed
    story = Story({"TMS-061": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    rhythm = story.put("p1", "TMS-061", "hand")
    story.by_rule(actions.move, rhythm, "field", "given", rule="7.2 p4", reason="resolve", attached_to=bear)
    _to_graveyard(story, rhythm)
    story.by_rule(actions.move, rhythm, "removed", "given", rule="10.3 p1", reason="removed")
    events = story.resolve()
    assert "CardMoved" not in types(events) and "ChaseItemResolved" in types(events)
    assert story.state.objects[rhythm].zone == "removed"
    story.replays()


def test_if_you_pay_life_put_it_into_its_owners_hand() -> None:
    # Rasputin (VIN001-070): "When this card is put into a graveyard from your field, you may pay
    # 200 life. If you do, put it into its owner's hand."
    story = Story({"VIN001-070": 4})
    rasputin = story.put("p1", "VIN001-070", "field")
    _to_graveyard(story, rasputin)
    story.resolve()
    assert story.pending.kind == "optional"
    life = story.state.players["p1"].life
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    assert find(events, "LifePaid").data["amount"] == 200 and story.state.players["p1"].life == life - 200
    assert (find(events, "CardMoved").data["to"], story.state.objects[rasputin].zone) == ("hand", "hand")
    declined = story.put("p1", "VIN001-070", "field")
    _to_graveyard(story, declined)
    story.resolve()
    events = story.when(cmd("ChooseOptional", "p1", accept=False))
    assert "CardMoved" not in types(events) and story.state.objects[declined].zone == "graveyard"
    story.replays()


def test_if_you_pay_put_this_card_into_its_owners_field() -> None:
    # Phoenix, the Flame of the World (TTW-031): "When this card is put into a graveyard from your
    # field, you may pay {R}{R}. If you do, put this card into its owner's field."  Put, not played:
    # a new object (3.1 p3); "When this card enters your field" triggers again (9.6 p1)
    story = Story({"TTW-031": 4, "T-BEAR": 4})
    phoenix = story.put("p1", "TTW-031", "field")
    story.put("p2", "T-BEAR", "field")
    _to_graveyard(story, phoenix)
    story.resolve()
    story.will("p1", "R", "R")
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    moved = find(events, "CardMoved")
    assert (moved.data["from"], moved.data["to"], moved.data["controller"]) == ("graveyard", "field", "p1")
    assert story.state.players["p1"].will == []
    again = find(events, "AbilityTriggered")
    assert (again.data["source"], again.data["ability"]) == (phoenix, 0)
    story.replays()


# --- searching a deck for a card: on top of it, or into the magic stone area (10.13, 10.20) -------


def test_search_for_a_card_shuffle_the_rest_and_put_it_on_top() -> None:
    # Nostradamus (VIN001-069): "When this card enters your field, search your main deck for a
    # card. Then shuffle the rest of your main deck and put that card on top of it."
    story = Story({"VIN001-069": 4, "T-BEAR": 4, "T-WALL": 4})
    nostradamus = story.put("p1", "VIN001-069", "graveyard")
    story.by_rule(actions.move, nostradamus, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    story.when(cmd("Pass", "p1"))  # its trigger is played
    events = story.resolve()
    asked = find(events, "ChoiceRequested")
    deck = list(story.state.zones["p1"]["main_deck"])
    assert (asked.data["kind"], asked.data["options"]["min"], asked.rule) == ("search", 1, "FoW-5.5 10.13 p2")
    wall = next(o for o in deck if story.state.objects[o].card == "T-WALL" and o != deck[-1])
    # "for a card" names nothing: one is found when the deck has any (10.13 p2)
    none = story.refused(cmd("ChooseCards", "p1", cards=[]))
    assert (none.code, none.rule) == ("rules/search_choice", "FoW-5.5 10.13 p2")
    events = story.when(cmd("ChooseCards", "p1", cards=[wall]))
    shuffled = find(events, "DeckShuffled")
    assert (shuffled.data["on_top"], shuffled.rule) == ([wall], "FoW-5.5 10.20 p2.1")
    assert story.state.zones["p1"]["main_deck"][-1] == wall
    assert sorted(story.state.zones["p1"]["main_deck"]) == sorted(deck)
    story.replays()


def test_search_the_magic_stone_deck_and_put_that_card_on_top() -> None:
    # Gardea, the Guardian Dragon of Heaven (TAT-061): "[Enter]: Search your magic stone deck for a
    # card. Then, shuffle the rest of your magic stone deck and put that card on top of it."
    story = Story({"TAT-061": 4}, {"T-STONE": 6, "CMF-097": 4})
    gardea = story.put("p1", "TAT-061", "hand")
    story.will("p1", "G", "G", "G")
    story.when(cmd("PlayCard", "p1", card=gardea, targets=[]))
    story.resolve()  # it resolves and enters; its [Enter] is played
    while story.pending.kind != "search":  # and resolves (both players pass)
        story.when(cmd("Pass", story.pending.player))
    stones = list(story.state.zones["p1"]["stone_deck"])
    wood = next(o for o in stones if story.state.objects[o].card == "CMF-097")
    events = story.when(cmd("ChooseCards", "p1", cards=[wood]))
    assert (find(events, "DeckShuffled").data["zone"], story.state.zones["p1"]["stone_deck"][-1]) == (
        "stone_deck",
        wood,
    )
    assert sorted(story.state.zones["p1"]["stone_deck"]) == sorted(stones)
    story.replays()


def test_search_the_magic_stone_deck_into_the_magic_stone_area_rested() -> None:
    # Blessing of Yggdrasil (SKL-053): "Search your magic stone deck for a card and put it into your
    # magic stone area rested. Then shuffle your magic stone deck."
    story = Story({"SKL-053": 4}, {"T-STONE": 6, "CMF-097": 4})
    blessing = story.put("p1", "SKL-053", "hand")
    story.will("p1", "G", "G")
    story.when(cmd("PlayCard", "p1", card=blessing, targets=[]))
    story.resolve()
    wood = next(o for o in story.state.zones["p1"]["stone_deck"] if story.state.objects[o].card == "CMF-097")
    events = story.when(cmd("ChooseCards", "p1", cards=[wood]))
    assert types(events)[:3] == ["CardMoved", "CardRested", "DeckShuffled"]
    assert (story.state.objects[wood].zone, story.state.objects[wood].rested) == ("stone_area", True)
    story.replays()


# --- amounts of damage dealt this turn ---------------------------------------------------------


def test_x_is_the_damage_the_target_dealt_this_turn() -> None:
    # Crime and Punishment (MPR-026): "This card deals X damage to target J/resonator, where X is the
    # damage it dealt this turn."  The opponent's Bear dealt 300 then 200 damage to p1 this turn.
    story = Story({"MPR-026": 4, "T-BEAR": 4})
    bear, calm = story.put("p2", "T-BEAR", "field"), story.put("p2", "T-BEAR", "field")
    story.given("DamageDealt", source=bear, target="p1", amount=300, battle=True, to_card=False)
    story.given("DamageDealt", source=bear, target="p1", amount=200, battle=False, to_card=False)
    crime = story.put("p1", "MPR-026", "hand")
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=crime, targets=[[bear]]))
    dealt = find(story.resolve(), "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"], dealt.rule) == (
        crime,
        bear,
        500,
        "FoW-5.5 10.6 p1",
    )
    assert story.state.objects[bear].zone == "graveyard"
    again = story.put("p1", "MPR-026", "hand")  # a J/resonator that dealt no damage: X is 0
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=again, targets=[[calm]]))
    assert "DamageDealt" not in types(story.resolve())
    story.replays()


def test_gain_life_equal_to_the_damage_dealt_to_you_this_turn() -> None:
    # Lumia, the Saint Lady of World Rebirth (MOA-005): "Banish this card: You gain life equal to the
    # damage that was dealt to you this turn."
    story = Story({"MOA-005": 4, "T-BEAR": 4})
    bear = story.put("p2", "T-BEAR", "field")
    lumia = story.put("p1", "MOA-005", "field")
    story.given("DamageDealt", source=bear, target="p1", amount=300, battle=True, to_card=False)
    story.given("LifeChanged", player="p1", delta=-300, life=story.state.players["p1"].life - 300)
    story.given("DamageDealt", source=bear, target="p1", amount=400, battle=False, to_card=False)
    story.given("LifeChanged", player="p1", delta=-400, life=story.state.players["p1"].life - 400)
    life = story.state.players["p1"].life
    story.when(cmd("ActivateAbility", "p1", source=lumia, ability=0, targets=[]))
    gained = find(story.resolve(), "LifeChanged")
    assert (gained.data["delta"], gained.rule) == (700, "FoW-5.5 1.5 p4")
    assert story.state.players["p1"].life == life + 700
    story.replays()


# --- will produced "for each" ----------------------------------------------------------------------


def test_produce_will_for_each_musketeer_you_control() -> None:
    # Aramis, the Three Musketeers (CMF-059, a Musketeer): "[Enter]: Produce {G} for each Musketeer
    # resonator you control."  Counted as it resolves: itself and the other Aramis (not the
    # opponent's); a triggered ability, not a will ability (9.7 p1): it uses the chase area
    story = Story({"CMF-059": 4})
    story.put("p1", "CMF-059", "field")
    story.put("p2", "CMF-059", "field")
    aramis = story.put("p1", "CMF-059", "hand")
    story.will("p1", "G", "G", "G")
    story.when(cmd("PlayCard", "p1", card=aramis, targets=[]))
    story.resolve()
    while story.state.chase or story.state.triggered:
        events = story.when(cmd("Pass", story.pending.player))
    produced = find(events, "WillProduced")
    assert (produced.data["will"], produced.data["source"], produced.rule) == (["G", "G"], aramis, "FoW-5.5 9.7 p4")
    assert story.state.players["p1"].will == ["G", "G"]
    story.replays()


# --- "equal to its DEF": the previous target, by last known information (9.11) -----------------------


def test_gain_life_equal_to_the_def_of_the_resonator_destroyed() -> None:
    # Vlad Tepes [J-Ruler] (VIN001-075J): "When this card enters your field, destroy target resonator
    # with total cost 3 or less. You gain life equal to its DEF."  Wall (100/1000) is destroyed: its
    # DEF as it last was in the field (9.11)
    story = Story({"T-WALL": 4}, ruler="VIN001-075")
    wall = story.put("p2", "T-WALL", "field")
    story.will("p1", "B", "B", "B")
    story.when(cmd("PerformJudgment", "p1"))
    while not story.state.triggered:
        story.when(cmd("Pass", story.pending.player))
    trig = story.state.triggered[0]
    while story.pending.kind == "priority" and story.pending.player != "p1":
        story.when(cmd("Pass", story.pending.player))
    story.when(cmd("PlayTriggered", "p1", trigger=trig.id, targets=[[wall]]))
    life = story.state.players["p1"].life
    events = story.resolve()
    assert story.state.objects[wall].zone == "graveyard"
    gained = find(events, "LifeChanged")
    assert (gained.data["player"], gained.data["delta"], gained.rule) == ("p1", 1000, "FoW-5.5 1.5 p4")
    assert story.state.players["p1"].life == life + 1000
    story.replays()
