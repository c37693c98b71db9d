"""Targets and costs named by a race, trait or name only, executed by the engine on real cards:
with no card type and no zone they refer to cards in a playground (FoW-5.5 2.5 p4, 2.1 p6,
3.14 p1), so a ruler in its ruler area is one of them:

* "target Human" may choose a Human ruler; damage to it deals none (no DEF, 10.6 p5);
* "Rest two recovered Elves you control" may rest an Elf ruler (10.12 p1, 9.3 p2.5);
* "Each Fairy Tale you control cannot be targeted by spells or abilities your opponent
  controls" protects a Fairy Tale ruler too (1.4 p1, 9.3 p2.4).

Each story ends by replaying its whole log into a fresh state, equal to the live one."""

from __future__ import annotations

from domain.fow import actions, costs
from domain.fow.cards import Target
from domain.fow.characteristics import characteristics, overrides_for
from tests.fow.cards.story import Story, legal
from tests.fow.support import cmd, find


def test_target_human_may_be_a_ruler_that_takes_no_damage() -> None:
    # Purifying Fire (CMF-032): "Choose one ... - This card deals 700 damage to target player, or
    # this card deals 1000 damage to target Human".  Both players' ruler is Grimm, the Fairy Tale
    # Prince (CMF-005), a Human in the ruler area; Aesop, the Prince's Tutor (CMF-001) is a
    # Human resonator (500 DEF)
    story = Story({"CMF-032": 4, "CMF-001": 4}, ruler="CMF-005")
    fire = story.put("p1", "CMF-032", "hand")
    aesop = story.put("p2", "CMF-001", "field")
    [ruler] = story.state.zones["p2"]["ruler_area"]
    [mine] = story.state.zones["p1"]["ruler_area"]
    story.will("p1", "R", "R")
    human = story.state.cards["CMF-032"].effects[0].modes[1][0].target  # type: ignore[attr-defined]
    assert isinstance(human, Target) and human.filter.playground
    assert set(actions.legal_targets(story.state, human, "p1", fire)) == {aesop, ruler, mine}
    story.when(cmd("PlayCard", "p1", card=fire, targets=[[ruler]], modes=[1]))
    events = story.resolve()
    assert "DamageDealt" not in [e.type for e in events]  # a card without DEF is dealt none (10.6 p5)
    assert story.state.objects[ruler].zone == "ruler_area" and story.state.objects[ruler].damage == 0
    second = story.put("p1", "CMF-032", "hand")
    story.will("p1", "R", "R")
    story.when(cmd("PlayCard", "p1", card=second, targets=[[aesop]], modes=[1]))
    events = story.resolve()
    dealt = find(events, "DamageDealt")
    assert (dealt.data["target"], dealt.data["amount"], dealt.rule) == (aesop, 1000, "FoW-5.5 10.6 p1")
    assert story.state.objects[aesop].zone == "graveyard"
    story.replays()


def test_rest_two_recovered_elves_you_control_may_rest_the_ruler() -> None:
    # Melfee, the Successor of Sacred Wind (MOA-037): "Rest two recovered Elves you control:
    # Produce one will of any attribute."  The ruler Christie, the Wind Tracker (CMF-061) is an Elf
    # in the ruler area; Melfee is an Elf too and may rest itself (no {Rest} symbol)
    story = Story({"MOA-037": 4}, ruler="CMF-061")
    melfee = story.put("p1", "MOA-037", "field")
    [ruler] = story.state.zones["p1"]["ruler_area"]
    [theirs] = story.state.zones["p2"]["ruler_area"]
    cost = story.state.cards["MOA-037"].abilities[0].cost.cards[0]
    assert set(costs.cost_card_options(story.state, cost, "p1", melfee)) == {melfee, ruler}  # not p2's Elf
    offered = [a for a in legal(story, "p1", "ActivateAbility") if a["source"] == melfee]
    assert offered and all(a["cost_cards"] == [[melfee, ruler]] for a in offered)
    wrong = story.refused(
        cmd("ActivateAbility", "p1", source=melfee, ability=0, choice="G", cost_cards=[[melfee, theirs]])
    )
    assert (wrong.code, wrong.rule) == ("rules/cost_cards", "FoW-5.5 9.3 p2.5")
    events = story.when(
        cmd("ActivateAbility", "p1", source=melfee, ability=0, choice="G", cost_cards=[[melfee, ruler]])
    )
    rested = [e for e in events if e.type == "CardRested"]
    assert [(e.data["oid"], e.data["reason"], e.rule) for e in rested] == [
        (melfee, "cost", "FoW-5.5 10.12 p1"),
        (ruler, "cost", "FoW-5.5 10.12 p1"),
    ]
    assert find(events, "WillProduced").data["will"] == ["G"]
    # both Elves are rested now: the cost cannot be paid again (9.3 p2.5)
    again = story.refused(
        cmd("ActivateAbility", "p1", source=melfee, ability=0, choice="G", cost_cards=[[melfee, ruler]])
    )
    assert again.rule == "FoW-5.5 9.3 p2.5"
    story.replays()


def test_each_fairy_tale_you_control_protects_the_ruler_too() -> None:
    # Aesop, the Prince's Tutor (CMF-001): "[Continuous]: Each Fairy Tale you control cannot be
    # targeted by spells or abilities your opponent controls."  The ruler Puss in Boots (CMF-074)
    # is a Fairy Tale in the ruler area: the opponent's "target Fairy Tale" (a race-only target,
    # as Purifying Fire's "target Human") cannot choose it while Aesop is in the field; its
    # controller still can (1.4 p1, 9.3 p2.4)
    story = Story({"CMF-001": 4, "CMF-032": 4}, ruler="CMF-074")
    [ruler] = story.state.zones["p1"]["ruler_area"]
    [theirs] = story.state.zones["p2"]["ruler_area"]
    human = story.state.cards["CMF-032"].effects[0].modes[1][0].target  # type: ignore[attr-defined]
    fairy_tale = human.model_copy(update={"filter": human.filter.model_copy(update={"races": ["Fairy Tale"]})})
    assert set(actions.legal_targets(story.state, fairy_tale, "p2", None)) == {ruler, theirs}
    story.put("p1", "CMF-001", "field")
    assert overrides_for(story.state, ruler).cannot_be_targeted_by_opponent
    assert not overrides_for(story.state, theirs).cannot_be_targeted_by_opponent
    assert set(actions.legal_targets(story.state, fairy_tale, "p2", None)) == {theirs}
    assert set(actions.legal_targets(story.state, fairy_tale, "p1", None)) == {ruler, theirs}
    story.replays()


# --- "your J/ruler": your ruler in the ruler area or your J-ruler (2.1 p2, 3.8 p4) --------------------


def test_put_three_magic_counters_on_your_j_ruler() -> None:
    # Spell-Weaver Elf (TTW-066): "When this card enters your field, put three magic counters on
    # your J/ruler."  Before judgment that is the ruler in the ruler area (10.21 p1)
    story = Story({"TTW-066": 4})
    [ruler] = story.state.zones["p1"]["ruler_area"]
    [theirs] = story.state.zones["p2"]["ruler_area"]
    elf = story.put("p1", "TTW-066", "graveyard")
    story.by_rule(actions.move, elf, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    story.when(cmd("Pass", "p1"))  # the lone trigger has no target: played automatically
    events = story.resolve()
    put = find(events, "CounterPut")
    assert (put.data, put.rule) == ({"oid": ruler, "counter": "magic", "count": 3}, "FoW-5.5 10.21 p1")
    assert story.state.objects[ruler].counters == {"magic": 3} and not story.state.objects[theirs].counters
    story.replays()


def test_your_j_ruler_cannot_be_targeted_by_your_opponents_spells_or_abilities() -> None:
    # The Queen's Butler (TAT-018): "[Continuous] Your J/ruler cannot be targeted by your
    # opponent's spells or abilities."  Its controller's ruler (Grimm, CMF-005, a Human) is no
    # legal target of the opponent's Purifying Fire ("target Human", CMF-032) while it is in the
    # field; the opponent's own ruler and the Butler (a Human resonator) still are (1.4 p1, 9.3 p2.4)
    story = Story({"TAT-018": 4, "CMF-032": 4}, ruler="CMF-005")
    [ruler] = story.state.zones["p1"]["ruler_area"]
    [theirs] = story.state.zones["p2"]["ruler_area"]
    human = story.state.cards["CMF-032"].effects[0].modes[1][0].target  # type: ignore[attr-defined]
    assert set(actions.legal_targets(story.state, human, "p2", None)) == {ruler, theirs}
    butler = story.put("p1", "TAT-018", "field")
    assert set(actions.legal_targets(story.state, human, "p2", None)) == {theirs, butler}
    assert set(actions.legal_targets(story.state, human, "p1", None)) == {ruler, theirs, butler}
    story.replays()


# --- "It": the card the previous effect put into the field (3.1 p3) ----------------------------------


def test_the_resonator_put_into_the_field_gains_swiftness() -> None:
    # Flame King's Shout (VS01-021): "This card deals 400 damage to each resonator your opponent
    # controls. Then you may put a fire resonator with total cost 3 or less from your hand into
    # your field. It gains [Swiftness] until end of turn."  Bear is a fire resonator of cost 1.
    from domain.fow import flow

    story = Story({"VS01-021": 4, "T-BEAR": 4, "T-WALL": 4})
    shout = story.put("p1", "VS01-021", "hand")
    bear, other = story.put("p1", "T-BEAR", "hand"), story.put("p1", "T-BEAR", "field")
    wall = story.put("p2", "T-WALL", "field")
    story.will("p1", "R", "R", "R")
    story.when(cmd("PlayCard", "p1", card=shout, targets=[]))
    events = story.resolve()
    dealt = find(events, "DamageDealt")
    assert (dealt.data["target"], dealt.data["amount"]) == (wall, 400)  # not to its controller's Bear
    assert find(events, "ChoiceRequested").data["kind"] == "put_from_hand"
    events = story.when(cmd("ChooseCards", "p1", cards=[bear]))
    granted = find(events, "ContinuousEffectCreated")
    assert (granted.data["targets"], granted.data["skill"], granted.rule) == ([bear], "swiftness", "FoW-5.5 10.19 p1")
    assert flow.can_attack_with(story.state, bear)  # put this turn, yet it may attack (11.1)
    assert other not in granted.data["targets"]  # only the card put into the field
    story.replays()


def test_choosing_no_card_gives_swiftness_to_nothing() -> None:
    # Flame King's Shout (SKL-025, the same text): the player puts no card; "it" names nothing
    story = Story({"SKL-025": 4, "T-BEAR": 4})
    shout = story.put("p1", "SKL-025", "hand")
    story.put("p1", "T-BEAR", "hand")
    story.will("p1", "R", "R", "R")
    story.when(cmd("PlayCard", "p1", card=shout, targets=[]))
    story.resolve()
    events = story.when(cmd("ChooseCards", "p1", cards=[]))
    assert "ContinuousEffectCreated" not in [e.type for e in events] and story.state.effects == []
    story.replays()


# --- counting "spell cards in your graveyard" and "different attributes among cards" -------------------


def test_for_each_spell_card_in_your_graveyard() -> None:
    # Fthaggua, the Flame Spirit (TAT-028, 0/200): "[Continuous]: This card gains [+200/+200] for
    # each spell card in your graveyard."  Bolt is a spell; Bear (a resonator) and the opponent's
    # Bolt do not count (2.1 p6)
    story = Story({"TAT-028": 4, "T-BOLT": 4, "T-BEAR": 4})
    spirit = story.put("p1", "TAT-028", "field")
    story.put("p1", "T-BOLT", "graveyard")
    story.put("p1", "T-BOLT", "graveyard")
    story.put("p1", "T-BEAR", "graveyard")
    story.put("p2", "T-BOLT", "graveyard")
    chars = characteristics(story.state, spirit)
    assert (chars.atk, chars.def_) == (400, 600)
    story.replays()


def test_for_each_different_attribute_among_cards_you_control() -> None:
    # Socrates (VIN001-079, void, 400/400): "This card gains [+200/+200] for each different
    # attribute among cards you control."  The ruler (fire) is a card you control in the ruler area
    # (3.14 p2); a second fire card adds nothing, a water one does; magic stones are void and the
    # opponent's cards are not yours
    story = Story({"VIN001-079": 4, "T-BEAR": 4, "T-SEER": 4})
    socrates = story.put("p1", "VIN001-079", "field")
    assert characteristics(story.state, socrates).atk == 600  # the ruler's fire
    story.put("p1", "T-BEAR", "field")
    story.put("p1", "T-STONE", "stone_area")
    story.put("p2", "T-SEER", "field")
    assert characteristics(story.state, socrates).atk == 600
    story.put("p1", "T-SEER", "field")
    chars = characteristics(story.state, socrates)
    assert (chars.atk, chars.def_) == (800, 800)
    story.replays()


def test_banish_a_card_may_banish_a_magic_stone_or_the_ruler() -> None:
    # Knight of Loyalty (CMF-010): "[Activate] Banish a card: target light J/resonator you control
    # cannot be targeted by spells or abilites until end of turn."  Any card you control in a
    # playground may be banished (10.10 p1, p2): the knight itself, a magic stone, the ruler (a
    # ruler may go to a graveyard, 3.15 p1); not the opponent's
    story = Story({"CMF-010": 4})
    knight = story.put("p1", "CMF-010", "field")
    stone = story.put("p1", "T-STONE", "stone_area")
    story.put("p2", "T-STONE", "stone_area")
    [ruler] = story.state.zones["p1"]["ruler_area"]
    cost = story.state.cards["CMF-010"].abilities[0].cost.cards[0]
    assert set(costs.cost_card_options(story.state, cost, "p1", knight)) == {knight, stone, ruler}
    events = story.when(
        cmd("ActivateAbility", "p1", source=knight, ability=0, targets=[[knight]], cost_cards=[[stone]])
    )
    banished = find(events, "CardMoved")
    assert (banished.data["oid"], banished.data["to"], banished.rule) == (stone, "graveyard", "FoW-5.5 10.10 p1")
    events = story.resolve()
    made = find(events, "ContinuousEffectCreated")
    assert (made.data["targets"], made.data["rules"]) == ([knight], ["cannot_be_targeted"])
    story.replays()


def test_they_cannot_be_blocked_if_you_control_a_saint() -> None:
    # March of Saints (TAT-011): "Light resonators you control gain [+300/+0] and [First Strike]
    # until end of turn. If you control a Saint, they cannot be blocked until end of turn."
    # Caterina, the Saint of Fantasy (TAT-002) is a light Saint; Holy Warrior of Hope (MPR-007) a
    # light Human; Bear is fire.  Without a Saint the condition fails (9.3 p3.2); with one, the light
    # resonators you control cannot be blocked while the effect lasts (1.4 p1, 9.9 p4)
    from domain.fow.characteristics import overrides_for as rules_of

    story = Story({"TAT-011": 4, "TAT-002": 4, "MPR-007": 4, "T-BEAR": 4})
    warrior, bear = story.put("p1", "MPR-007", "field"), story.put("p1", "T-BEAR", "field")
    march = story.put("p1", "TAT-011", "hand")
    story.will("p1", "W", "W")
    story.when(cmd("PlayCard", "p1", card=march, targets=[]))
    events = story.resolve()
    assert find(events, "ConditionChecked").data["met"] is False
    assert (
        characteristics(story.state, warrior).atk == 700
        and "first_strike" in characteristics(story.state, warrior).skills
    )
    assert not rules_of(story.state, warrior).cannot_be_blocked
    # an effect on "all X" made by a spell applies to cards that match X after it resolved too (9.9 p4)
    late = story.put("p1", "MPR-007", "field")
    assert characteristics(story.state, late).atk == 700 and "first_strike" in characteristics(story.state, late).skills
    assert characteristics(story.state, bear).atk == story.state.card_of(bear).atk  # fire: no light resonator
    saint = story.put("p1", "TAT-002", "field")
    second = story.put("p1", "TAT-011", "hand")
    story.will("p1", "W", "W")
    story.when(cmd("PlayCard", "p1", card=second, targets=[]))
    events = story.resolve()
    assert find(events, "ConditionChecked").data["met"] is True
    made = [e for e in events if e.type == "ContinuousEffectCreated" and e.data["kind"] == "rules"]
    assert [(e.data["rules"], e.rule) for e in made] == [(["cannot_be_blocked"], "FoW-5.5 1.4 p4")]
    assert rules_of(story.state, warrior).cannot_be_blocked and rules_of(story.state, saint).cannot_be_blocked
    assert not rules_of(story.state, bear).cannot_be_blocked
    story.replays()


# --- [Quickcast] granted to cards in a hand (12.3) -------------------------------------------------------


def test_fairies_in_your_hand_gain_quickcast() -> None:
    # Midsummer's Night King, Oberon (BFA-052): "Fairies in your hand gain [Quickcast]."  Fairy of
    # the Lake (TTW-005) is a Fairy resonator without [Quickcast]: in the opponent's turn its owner
    # may play it only while Oberon is in their field (12.3 p2); Bear is no Fairy
    from tests.fow.cards.effects.test_play_effects_restrictions_and_magic_stones import to_turn_3

    story = Story({"BFA-052": 4, "TTW-005": 4, "T-BEAR": 4})
    to_turn_3(story)  # p1's turn
    fairy, bear = story.put("p2", "TTW-005", "hand"), story.put("p2", "T-BEAR", "hand")
    story.put("p1", "TTW-005", "hand")
    story.when(cmd("Pass", "p1"))
    story.will("p2", "W", "W", "R")
    refused = story.refused(cmd("PlayCard", "p2", card=fairy, targets=[]))
    assert refused.rule == "FoW-5.5 7.1 p1"
    story.put("p2", "BFA-052", "field")
    assert fairy in [a["card"] for a in legal(story, "p2", "PlayCard")]
    assert bear not in [a["card"] for a in legal(story, "p2", "PlayCard")]
    assert story.refused(cmd("PlayCard", "p2", card=bear, targets=[])).rule == "FoW-5.5 7.1 p1"
    events = story.when(cmd("PlayCard", "p2", card=fairy, targets=[]))
    played = find(events, "CardPlayed")
    assert played.data["card"] == "TTW-005" and story.state.chase[-1].source == fairy
    story.replays()
