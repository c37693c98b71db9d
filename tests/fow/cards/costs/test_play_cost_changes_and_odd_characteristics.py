"""Cost changes, odd characteristics and looking at cards of real Grimm/Alice cards executed by the
engine in the form the importer gives them (given events / when command / then events; each story
replays its whole log):

* "Magic stones with non-will activate abilities don't recover during recovery phase" (5.2 p5,
  9.5, 9.7 p1).
"""

from __future__ import annotations

from domain.fow import actions
from domain.fow.characteristics import characteristics
from domain.kernel import Event
from tests.fow.cards.story import Story, legal
from tests.fow.support import cmd
from tests.fow.test_ch8_battle import to_main

# --- "Magic stones with non-will activate abilities don't recover" -----------------------------


def test_magic_stones_with_non_will_activate_abilities_stay_rested() -> None:
    # Transparent Moon (MOA-030) in p2's field covers every player's magic stones; Call to Action's
    # Memoria (BFA-096: "{Rest}: Produce {W}. {W}{1}, {Rest}: You gain 100 life.") has a non-will
    # activate ability, T-STONE only a will ability: in p1's recovery phase only T-STONE recovers
    story = Story({"MOA-030": 4}, stones={"BFA-096": 4, "T-STONE": 6})
    moon = story.put("p2", "MOA-030", "field")
    memoria = story.put("p1", "BFA-096", "stone_area")
    stone = story.put("p1", "T-STONE", "stone_area")
    for oid in (memoria, stone):
        story.given("CardRested", oid=oid)
    story.log += to_main(story.state, turn=3)
    recovered = [e for e in story.log if e.type == "CardsRecovered" and e.data["player"] == "p1"][-1]
    assert recovered.data["not_recovered"] == [memoria] and stone in recovered.data["oids"]
    assert recovered.rule == "FoW-5.5 5.2 p5"
    assert story.state.objects[memoria].rested and not story.state.objects[stone].rested
    # without the Moon the Memoria recovers in p1's next recovery phase
    story.given("CardMoved", **{"oid": moon, "from": "field", "to": "graveyard", "reason": "given"})
    story.log += to_main(story.state, turn=5)
    assert not story.state.objects[memoria].rested
    story.replays()


# --- cost changes for playing spells (9.3 p2.5, 3.13 p3) ---------------------------------------


def spell_cost(events: list[Event]) -> Event:
    [changed] = [e for e in events if e.type == "CostChanged"]
    assert changed.rule == "FoW-5.5 9.3 p2.5" and changed.data["of"] == "spell"
    return changed


def paid(events: list[Event]) -> list[str]:
    [will] = [e for e in events if e.type == "WillPaid"]
    return list(will.data["will"])


def test_added_resonator_gains_you_pay_two_more_to_play_normal_spells() -> None:
    # Silencing Spell (TMS-082, {B}): "Added resonator gains "You pay {2} more to play normal
    # spells."."  Added to p2's Bear: the Bear's controller, p2, pays {2} more for Foresee (SKL-039,
    # {U}{U}: "Draw two cards."), a normal spell; not for a summon spell (the Bear, {R}); p1 pays no more
    story = Story({"TMS-082": 4, "SKL-039": 4, "T-BEAR": 4})
    bear = story.put("p2", "T-BEAR", "field")
    silencing = story.put("p1", "TMS-082", "hand")
    story.will("p1", "B")
    story.when(cmd("PlayCard", "p1", card=silencing, targets=[[bear]]))
    story.resolve()
    assert story.state.objects[silencing].attached_to == bear
    mine = story.put("p1", "SKL-039", "hand")
    story.will("p1", "U", "U")
    events = story.when(cmd("PlayCard", "p1", card=mine))
    assert "CostChanged" not in [e.type for e in events] and paid(events) == ["U", "U"]
    story.resolve()
    story.log += to_main(story.state, turn=2)
    foresee = story.put("p2", "SKL-039", "hand")
    story.will("p2", "U", "U", "R")
    refusal = story.refused(cmd("PlayCard", "p2", card=foresee))
    assert (refusal.code, refusal.rule) == ("rules/cannot_pay", "FoW-5.5 10.2 p4")
    # legal_actions prices it too: the pool of three does not pay {U}{U}{2}, the ruler's will must be added
    [offered] = [a for a in legal(story, "p2", "PlayCard") if a["card"] == foresee]
    assert offered["pay_with"] != []
    story.will("p2", "R")
    [offered] = [a for a in legal(story, "p2", "PlayCard") if a["card"] == foresee]
    assert offered["pay_with"] == []
    events = story.when(cmd("PlayCard", "p2", card=foresee))
    changed = spell_cost(events)
    assert changed.data["sources"] == [bear] and changed.data["card"] == foresee
    assert changed.data["cost"] == {"attribute": {"U": 2}, "free": 2}
    assert sorted(paid(events)) == ["R", "R", "U", "U"]
    story.resolve()
    second = story.put("p2", "T-BEAR", "hand")
    story.will("p2", "R")
    events = story.when(cmd("PlayCard", "p2", card=second))
    assert "CostChanged" not in [e.type for e in events] and paid(events) == ["R"]
    story.replays()


def test_you_may_pay_one_less_to_play_spells_with_no_attribute_to_a_minimum_of_one() -> None:
    # Engineer of Leginus (BFA-036): "You may pay {1} less to play spells with no attribute, to a
    # minimum free cost of {1}."  Clockwork Scout Plane (SKL-083, {2}) costs {1}; Mechanical Sprite
    # (TTW-095, {1}) stays at {1}; the Bear ({R}) has an attribute; the decrease is taken on request
    # (``reduce: true``, "you may"), without it the whole cost is paid
    story = Story({"BFA-036": 4, "SKL-083": 4, "TTW-095": 4, "T-BEAR": 4})
    story.put("p1", "BFA-036", "field")
    plane = story.put("p1", "SKL-083", "hand")
    story.will("p1", "R")
    events = story.when(cmd("PlayCard", "p1", card=plane, reduce=True))
    changed = spell_cost(events)
    assert changed.data["printed"] == {"attribute": {}, "free": 2}
    assert changed.data["cost"] == {"attribute": {}, "free": 1} and paid(events) == ["R"]
    story.resolve()
    sprite = story.put("p1", "TTW-095", "hand")
    story.will("p1", "R", "R")
    events = story.when(cmd("PlayCard", "p1", card=sprite, reduce=True))
    assert spell_cost(events).data["cost"] == {"attribute": {}, "free": 1} and paid(events) == ["R"]
    story.resolve()
    declined = story.put("p1", "SKL-083", "hand")
    story.will("p1", "R")  # one R is left in the pool
    events = story.when(cmd("PlayCard", "p1", card=declined))
    assert "CostChanged" not in [e.type for e in events] and paid(events) == ["R", "R"]
    story.resolve()
    bear = story.put("p1", "T-BEAR", "hand")
    story.will("p1", "R")
    no_decrease = story.refused(cmd("PlayCard", "p1", card=bear, reduce=True))
    assert (no_decrease.code, no_decrease.rule) == ("rules/no_cost_reduction", "FoW-5.5 9.3 p2.5")
    events = story.when(cmd("PlayCard", "p1", card=bear))
    assert "CostChanged" not in [e.type for e in events]
    story.resolve()
    malformed = story.refused(cmd("PlayCard", "p1", card=story.put("p1", "TTW-095", "hand"), reduce="no"))
    assert (malformed.code, malformed.rule) == ("command/malformed", "FoW-5.5 9.3 p2.5")
    story.replays()


# --- magic counters on your J/ruler: "for each two", a cost removing one ---------------------------


def test_servant_of_reflect_counts_pairs_of_magic_counters_on_your_j_ruler() -> None:
    # Servant of Reflect (TTW-065, [200/200]): "This card gains [+100/+100] for each two magic
    # counters on your J/ruler.  Remove a magic counter from your J/ruler: Return this card to its
    # owner's hand."  Counters on the opponent's ruler do not count (2.1 p2, 3.8 p4)
    story = Story({"TTW-065": 4})
    servant = story.put("p1", "TTW-065", "field")
    [ruler] = story.state.zones["p1"]["ruler_area"]
    [theirs] = story.state.zones["p2"]["ruler_area"]
    base = characteristics(story.state, servant)
    refusal = story.refused(cmd("ActivateAbility", "p1", source=servant, ability=1))
    assert (refusal.code, refusal.rule) == ("rules/not_enough_counters", "FoW-5.5 9.3 p2.5")
    story.given("CounterPut", oid=theirs, counter="magic", count=4)
    story.given("CounterPut", oid=ruler, counter="magic", count=3)
    now = characteristics(story.state, servant)
    assert (now.atk - base.atk, now.def_ - base.def_) == (100, 100)  # three counters: one pair
    story.given("CounterPut", oid=ruler, counter="magic", count=1)
    now = characteristics(story.state, servant)
    assert (now.atk - base.atk, now.def_ - base.def_) == (200, 200)
    events = story.when(cmd("ActivateAbility", "p1", source=servant, ability=1))
    removed = next(e for e in events if e.type == "CounterRemoved")
    assert removed.data == {"oid": ruler, "counter": "magic", "count": 1, "reason": "cost"}
    assert removed.rule == "FoW-5.5 9.3 p2.5"
    assert story.state.objects[ruler].counters["magic"] == 3 and story.state.objects[theirs].counters["magic"] == 4
    events = story.resolve()
    returned = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == servant)
    assert returned.data["to"] == "hand"
    story.replays()


# --- looking at the top card of the magic stone deck --------------------------------------------


def shakespeare_enters(story: Story) -> list[Event]:
    shakespeare = story.put("p1", "VIN001-078", "graveyard")
    story.by_rule(actions.move, shakespeare, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    story.when(cmd("Pass", "p1"))  # the lone trigger has no target: played automatically
    return story.resolve()


def test_shakespeare_puts_the_top_magic_stone_only_with_a_new_name() -> None:
    # Shakespeare (VIN001-078): "When this card enters your field, look at the top card of your magic
    # stone deck. If you don't control a magic stone with the same name as that card, you may put it
    # into your magic stone area."  Every magic stone of the deck is T-STONE ("Fire Magic Stone")
    story = Story({"VIN001-078": 4})
    fire = story.put("p1", "T-STONE", "stone_area")
    top = story.state.zones["p1"]["stone_deck"][-1]
    events = shakespeare_enters(story)
    asked = next(e for e in events if e.type == "ChoiceRequested")
    assert asked.rule == "FoW-5.5 10.13 p2" and asked.data["kind"] == "look"
    assert (asked.data["options"]["looked"], asked.data["options"]["cards"]) == ([top], [])  # same name
    refusal = story.refused(cmd("ChooseCards", "p1", cards=[top]))
    assert refusal.code.startswith("rules/")
    story.when(cmd("ChooseCards", "p1", cards=[]))
    assert story.state.zones["p1"]["stone_deck"][-1] == top
    # without a Fire Magic Stone in p1's magic stone area, p1 may put it there
    story.given("CardMoved", **{"oid": fire, "from": "stone_area", "to": "graveyard", "reason": "given"})
    events = shakespeare_enters(story)
    asked = next(e for e in events if e.type == "ChoiceRequested")
    assert asked.data["options"]["cards"] == [top] and asked.data["options"]["min"] == 0
    events = story.when(cmd("ChooseCards", "p1", cards=[top]))
    moved = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == top)
    assert (moved.data["from"], moved.data["to"], moved.rule) == ("stone_deck", "stone_area", "FoW-5.5 10.13 p2")
    assert story.state.objects[top].controller == "p1"
    story.replays()


# --- Xuan Wu: a total cost compared with a count; the next damage to this card ------------------


def xuan_wu_enters(story: Story, target: str) -> list[Event]:
    xuan_wu = story.put("p1", "SKL-049", "graveyard")
    story.by_rule(actions.move, xuan_wu, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    story.when(cmd("Pass", "p1"))
    trig = next(t for t in story.state.triggered if t.source == xuan_wu)
    story.when(cmd("PlayTriggered", "p1", trigger=trig.id, targets=[[target]]))
    return story.resolve()


def test_xuan_wu_returns_a_resonator_whose_total_cost_is_at_most_the_number_of_sacred_beasts() -> None:
    # Xuan Wu, the Sacred Beast (SKL-049, {U}{2}, a Four Sacred Beasts): "When this card enters your
    # field, return target resonator to its owner's hand if its total cost is less than or equal to
    # the number of Four Sacred Beasts."  Every Four Sacred Beasts in a field counts (2.5 p4), this
    # card included; the condition is checked on resolution (9.3 p3)
    story = Story({"SKL-049": 4, "T-BEAR": 4})
    theirs = story.put("p2", "SKL-049", "field")  # total cost 3
    events = xuan_wu_enters(story, theirs)  # two Four Sacred Beasts: 3 > 2
    checked = next(e for e in events if e.type == "ConditionChecked")
    assert checked.data["met"] is False and checked.rule == "FoW-5.5 9.3 p3.2"
    assert story.state.objects[theirs].zone == "field"
    events = xuan_wu_enters(story, theirs)  # three now: 3 <= 3
    assert next(e for e in events if e.type == "ConditionChecked").data["met"] is True
    returned = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == theirs)
    assert returned.data["to"] == "hand" and story.state.objects[theirs].zone == "hand"
    story.replays()


def test_whenever_xuan_wu_blocks_the_next_damage_to_it_is_prevented() -> None:
    # Xuan Wu, the Sacred Beast (SKL-049, [500/700]): "Whenever this card blocks, prevent the next
    # damage it would be dealt until end of turn."  It blocks p1's Bear ([500/500]): the Bear's 500
    # damage is prevented (10.17 p1.2), the Bear is dealt 500 and destroyed
    story = Story({"SKL-049": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    xuan_wu = story.put("p2", "SKL-049", "field")
    story.log += to_main(story.state, turn=3)
    to_block(story, bear)
    story.when(cmd("DeclareBlock", "p2", blocker=xuan_wu))
    events: list[Event] = []
    while story.state.battle is not None or not events:
        events += story.when(cmd("Pass", story.pending.player))
    made = next(e for e in events if e.type == "ContinuousEffectCreated" and e.data["kind"] == "prevent")
    assert made.data["next"] is True and made.rule == "FoW-5.5 10.17 p1"
    assert made.data["targets"] == [xuan_wu]
    prevented = next(e for e in events if e.type == "DamagePrevented")
    assert prevented.data["target"] == xuan_wu and prevented.rule.startswith("FoW-5.5 10.17")
    assert story.state.objects[xuan_wu].damage == 0 and story.state.objects[bear].zone == "graveyard"
    story.replays()


def to_block(story: Story, attacker: str) -> None:
    story.when(cmd("InitiateBattle", "p1"))
    while story.pending.kind != "declare_attack":
        story.when(cmd("Pass", story.pending.player))
    story.when(cmd("DeclareAttack", "p1", attacker=attacker, target="p2"))
    while story.pending.kind != "declare_block":
        story.when(cmd("Pass", story.pending.player))


# --- "If you control four "X", draw three cards instead of one" ------------------------------------


def arla_enters(memorias: int) -> tuple[Story, list[Event]]:
    # Memoria of the Seven Lands (BFA-094, [Judgment] {4}) becomes Arla, Guardian of the Skies (BFA-094J)
    story = Story({"T-BEAR": 4}, stones={"BFA-099": 4, "T-STONE": 6}, ruler="BFA-094")
    for _ in range(memorias):
        story.put("p1", "BFA-099", "stone_area")
    story.will("p1", "R", "R", "R", "R")
    story.when(cmd("PerformJudgment", "p1"))
    story.resolve()  # the J-ruler enters the field (7.5 p3); its ability triggers
    story.when(cmd("Pass", "p1"))  # the lone trigger has no target: played automatically
    return story, story.resolve()


def test_arla_draws_three_cards_instead_of_one_with_four_memorias() -> None:
    # Arla, Guardian of the Skies (BFA-094J): "When this card enters your field, if you control a
    # "First Flight's Memoria" put the top card of your magic stone deck into your magic stone area and
    # recover all magic stones you control. Then draw a card. If you control four "First Flight's
    # Memoria", draw three cards instead of one."  The conditions are checked on resolution (9.3 p3)
    for memorias, drawn in ((1, 1), (4, 3)):
        story, events = arla_enters(memorias)
        draws = [e for e in events if e.type == "CardMoved" and e.data["reason"] == "draw"]
        assert len(draws) == drawn and {e.rule for e in draws} == {"FoW-5.5 10.8 p1"}, memorias
        checked = [e.data["met"] for e in events if e.type == "ConditionChecked"]
        assert checked == [True, memorias == 4]
        assert any(e.type == "CardMoved" and e.data["to"] == "stone_area" for e in events)
        story.replays()


# --- "Play this ability only if you have removed three or more cards ... with this card's ability" --


def test_girl_in_twilight_garb_judgment_after_three_removals_by_its_ability() -> None:
    # Girl in Twilight Garb (TTW-076), the ruler: "[Judgment] {0}. Play this ability only if you have
    # removed three or more cards from the game with this card's ability.  {B}: Remove target card in
    # your opponent's graveyard from the game."  Removals by other cards do not count (10.3 p1, 1.4 p1)
    story = Story({"T-BEAR": 4}, ruler="TTW-076")
    [girl] = story.state.zones["p1"]["ruler_area"]
    graveyard = [story.put("p2", "T-BEAR", "graveyard") for _ in range(4)]
    story.given("CardMoved", **{"oid": graveyard[3], "from": "graveyard", "to": "removed", "reason": "given"})
    for removed, oid in enumerate(graveyard[:3]):
        refusal = story.refused(cmd("PerformJudgment", "p1"))
        assert (refusal.code, refusal.rule) == ("rules/ability_condition", "FoW-5.5 1.4 p1"), removed
        story.will("p1", "B")
        story.when(cmd("ActivateAbility", "p1", source=girl, ability=0, targets=[[oid]]))
        events = story.resolve()
        moved = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == oid)
        assert (moved.data["to"], moved.data["removed_by"], moved.rule) == ("removed", girl, "FoW-5.5 10.3 p1")
    assert story.state.objects[girl].removed_with == 3
    events = story.when(cmd("PerformJudgment", "p1"))
    assert next(e for e in events if e.type == "JudgmentPerformed").data["source"] == girl
    story.replays()


# --- Croco-Shark: any number of copies, [Stealth] on a summon spell from the hand, "for each other" ---


def test_croco_shark_six_copies_stealth_and_each_other_croco_shark() -> None:
    # Croco-Shark (BFA-032, [200/200]): "You may have any number of copies of this card in your main
    # deck.  [Stealth] When you play a summon spell from your hand.  When this card enters your field
    # from a chant-standby area, you may put a card named "Croco-Shark" from your hand into your field.
    # This card gains [+200/+200] for each other "Croco-Shark" you control."  Six copies make a legal
    # deck (the text beats 4.1 p5, 1.4 p1); playing the Bear ({R}) from the hand is the happening (12.5)
    story = Story({"BFA-032": 6, "T-BEAR": 4})
    shark = story.put("p1", "BFA-032", "standby")
    second = story.put("p1", "BFA-032", "hand")
    bear = story.put("p1", "T-BEAR", "hand")
    story.will("p1", "R")
    events = story.when(cmd("PlayCard", "p1", card=bear))
    [fired] = [e for e in events if e.type == "AbilityTriggered"]
    assert (fired.data["source"], fired.data["kind"], fired.rule) == (shark, "stealth", "FoW-5.5 12.5 p2")
    assert story.pending.kind == "trigger"  # p1 decides on the triggered card (9.6 p5)
    story.when(cmd("PlayTriggered", "p1", trigger=fired.data["trigger"], targets=[], pay_with=[]))
    events = story.resolve()
    assert story.state.objects[shark].zone == "field"
    alone = characteristics(story.state, shark)
    assert (alone.atk, alone.def_) == (200, 200)  # no other Croco-Shark yet
    events = story.resolve()  # its lone trigger, with no target, was played automatically
    asked = next(e for e in events if e.type == "ChoiceRequested")
    assert second in asked.data["options"]["cards"]
    story.when(cmd("ChooseCards", "p1", cards=[second]))
    assert story.state.objects[second].zone == "field"
    for oid in (shark, second):  # one other Croco-Shark each
        now = characteristics(story.state, oid)
        assert (now.atk, now.def_) == (400, 400), oid
    story.replays()


# --- an {X} cost: "Search ... with total cost X or less" ----------------------------------------------


def test_machina_searches_with_total_cost_x_or_less() -> None:
    # Machina, the Machine Lord (SKL-087), the ruler: "{X}: Search your main deck for an addition or
    # resonator with total cost X or less with no attribute, reveal it and put it into your hand. Then
    # shuffle your main deck. Play this ability only once per turn."  X is chosen and paid as the
    # ability is played (9.3 p2.5): with X = 2, Clockwork Scout Plane (SKL-083, {2}) and Mechanical
    # Sprite (TTW-095, {1}) may be found, not Remote Control Beast (BFA-086, {4}) nor the Bear ({R})
    story = Story({"SKL-083": 4, "TTW-095": 4, "BFA-086": 4, "T-BEAR": 4}, ruler="SKL-087")
    [machina] = story.state.zones["p1"]["ruler_area"]
    story.will("p1", "R", "R")
    for bad in ({}, {"x": -1}, {"x": "2"}):
        malformed = story.refused(cmd("ActivateAbility", "p1", source=machina, ability=0, **bad))
        assert (malformed.code, malformed.rule) == ("command/malformed", "FoW-5.5 9.3 p2.5"), bad
    offered = [a for a in legal(story, "p1", "ActivateAbility") if a["source"] == machina]
    assert sorted(a["x"] for a in offered) == [0, 1, 2]
    refusal = story.refused(cmd("ActivateAbility", "p1", source=machina, ability=0, x=3))
    assert (refusal.code, refusal.rule) == ("rules/cannot_pay", "FoW-5.5 10.2 p4")
    events = story.when(cmd("ActivateAbility", "p1", source=machina, ability=0, x=2))
    played = next(e for e in events if e.type == "AbilityPlayed")
    assert played.data["x"] == 2
    assert sorted(next(e for e in events if e.type == "WillPaid").data["will"]) == ["R", "R"]
    events = story.resolve()
    asked = next(e for e in events if e.type == "ChoiceRequested")
    found = {story.state.objects[o].card for o in asked.data["options"]["cards"]}
    assert found == {"SKL-083", "TTW-095"} and asked.rule == "FoW-5.5 10.13 p2"
    plane = next(o for o in asked.data["options"]["cards"] if story.state.objects[o].card == "SKL-083")
    story.when(cmd("ChooseCards", "p1", cards=[plane]))
    assert story.state.objects[plane].zone == "hand"
    story.will("p1", "R")
    again = story.refused(cmd("ActivateAbility", "p1", source=machina, ability=0, x=1))
    assert again.code.startswith("rules/")  # only once per turn
    story.replays()


# --- "You may pay the attribute cost of X with will of any attribute" -------------------------------


def test_pricia_pays_the_attribute_cost_of_sacred_beasts_with_any_attribute() -> None:
    # Pricia, the Beast Lady (SKL-059), the ruler: "You may pay the attribute cost of Four Sacred
    # Beasts resonators with will of any attribute."  Xuan Wu (SKL-049, {U}{2}, a Four Sacred Beasts)
    # is paid with fire will, not with void will; Foresee (SKL-039, {U}{U}) still needs water will
    story = Story({"SKL-049": 4, "SKL-039": 4}, ruler="SKL-059")
    xuan_wu = story.put("p1", "SKL-049", "hand")
    foresee = story.put("p1", "SKL-039", "hand")
    story.will("p1", "V", "V", "V")
    refusal = story.refused(cmd("PlayCard", "p1", card=xuan_wu))
    assert (refusal.code, refusal.rule) == ("rules/cannot_pay", "FoW-5.5 10.2 p4")
    story.will("p1", "R", "G")
    refusal = story.refused(cmd("PlayCard", "p1", card=foresee))
    assert (refusal.code, refusal.rule) == ("rules/cannot_pay", "FoW-5.5 10.2 p4")
    events = story.when(cmd("PlayCard", "p1", card=xuan_wu))
    assert sorted(paid(events)) == ["R", "V", "V"]
    story.replays()


# --- a card's own "you may pay {1} less to play this card" after the increases (9.3 p2.5) -----------


def test_own_decrease_applies_after_the_increases_to_the_total_cost() -> None:
    """FoW-5.5 9.3 p2.5: "apply any effects increasing the quantity, then apply any effects decreasing
    the quantity" - the card's own decrease too.  Silencing Spell (TMS-082) added to p1's Clockwork
    Soldiers: p1 pays {2} more to play normal spells.  Mariabella's Work (BFA-085, {5}: "You may pay {1}
    less to play this card for each Machine you control") with six Machines costs 5 + 2 - 6 = {1}; taking
    its decrease first (5 - 6, no lower than 0, then + 2) would wrongly make it {2}."""
    story = Story({"TMS-082": 4, "BFA-085": 4, "SKL-084": 4, "TTW-095": 4})
    machines = [story.put("p1", "SKL-084", "field") for _ in range(4)]
    machines += [story.put("p1", "TTW-095", "field") for _ in range(2)]
    silencing = story.put("p1", "TMS-082", "hand")
    story.will("p1", "B")
    story.when(cmd("PlayCard", "p1", card=silencing, targets=[[machines[0]]]))
    story.resolve()
    assert story.state.objects[silencing].attached_to == machines[0]
    work = story.put("p1", "BFA-085", "hand")
    for stone in story.state.zones["p1"]["stone_area"] + story.state.zones["p1"]["ruler_area"]:
        story.given("CardRested", oid=stone, reason="given")  # only the pool pays
    story.will("p1", "R")
    offered = [a for a in legal(story, "p1", "PlayCard") if a["card"] == work]
    assert offered == [{"card": work, "targets": [], "pay_with": [], "reduce": True}]
    events = story.when(cmd("PlayCard", "p1", card=work, reduce=True))
    changed = spell_cost(events)
    assert changed.data["printed"] == {"attribute": {}, "free": 5}
    assert changed.data["cost"] == {"attribute": {}, "free": 1}
    assert changed.data["sources"] == [machines[0], work]
    assert paid(events) == ["R"]
    story.replays()


def test_legal_actions_plan_will_of_any_attribute_for_the_attribute_cost() -> None:
    """FoW-5.5 1.4 p1 (the text beats 10.2): "You may pay the attribute cost of Four Sacred Beasts
    resonators with will of any attribute" (Pricia, the Beast Lady, SKL-059, the ruler).  With only
    three fire stones, legal_actions lists Xuan Wu (SKL-049, {U}{2}, a Four Sacred Beasts) paid by
    them, and the command accepts that play; Foresee (SKL-039, {U}{U}) is not listed."""
    story = Story({"SKL-049": 4, "SKL-039": 4}, ruler="SKL-059")
    xuan_wu = story.put("p1", "SKL-049", "hand")
    foresee = story.put("p1", "SKL-039", "hand")
    stones = [story.put("p1", "T-STONE", "stone_area") for _ in range(3)]
    [offered] = [a for a in legal(story, "p1", "PlayCard") if a["card"] in (xuan_wu, foresee)]
    assert offered["card"] == xuan_wu
    assert sorted(str(p["source"]) for p in offered["pay_with"]) == stones
    events = story.when(cmd("PlayCard", "p1", **offered))
    assert paid(events) == ["R", "R", "R"]
    assert story.state.objects[xuan_wu].zone == "chase"
    story.replays()
