"""Moves, banishing and looking of real Grimm/Alice cards (helper t6-move), executed by the engine
in the form the importer gives them (given events / when command / then events or a cited
rejection; each story replays its whole log at the end):

* "Banish this card" / "banish it" as an effect: the controller puts that object into its owner's
  graveyard if they control it (FoW-5.5 10.10 p1, p2); a delayed ability's "this card" is the
  object that created it (9.6 p8, 3.1 p3).
"""

from __future__ import annotations

from domain.fow import actions
from domain.fow.characteristics import characteristics
from domain.kernel import Event
from tests.fow.cards.story import Story
from tests.fow.support import cmd, find
from tests.fow.test_ch8_battle import to_main


def _to_end_of_turn_trigger(story: Story) -> list[Event]:
    """Both players pass until the delayed ability has triggered and resolved (or the turn ended)."""
    events: list[Event] = []
    turn = story.state.turn
    while story.state.turn == turn:
        events += story.when(cmd("Pass", story.pending.player))
        if any(e.type == "ChaseItemResolved" and e.rule == "FoW-5.5 7.8 p3" for e in events):
            break
    return events


def _enter(story: Story, oid: str) -> list[Event]:
    """Given: ``oid`` is put into p1's field by an effect... its [Enter] ability played as a trigger."""
    story.by_rule(actions.move, oid, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    story.by_rule(actions.check_triggers, "enter", "given", oid=oid, player="p1")
    trig = story.state.triggered[-1]
    story.when(cmd("Pass", story.pending.player))
    if story.state.triggered:
        story.when(cmd("PlayTriggered", story.pending.player, trigger=trig.id, targets=[]))
    return story.resolve()


# --- "Banish this card" (10.10) -------------------------------------------------------------------


def test_wiseman_of_winds_banishes_itself_without_another_elf() -> None:
    # Wiseman of Winds (MPR-072, Elf): "[Enter]: Banish this card if you don't control another Elf."
    # Alone, it is put into its owner's graveyard (10.10 p1), checked on resolution (9.3 p3)
    story = Story({"MPR-072": 4})
    wiseman = story.put("p1", "MPR-072", "hand")
    events = _enter(story, wiseman)
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.data["reason"], moved.rule) == (
        wiseman,
        "graveyard",
        "banish",
        "FoW-5.5 10.10 p1",
    )
    story.replays()


def test_wiseman_of_winds_stays_with_another_elf() -> None:
    story = Story({"MPR-072": 4})
    story.put("p1", "MPR-072", "field")
    wiseman = story.put("p1", "MPR-072", "hand")
    events = _enter(story, wiseman)
    assert not [e for e in events if e.type == "CardMoved"]
    assert story.state.objects[wiseman].zone == "field"
    story.replays()


def test_clockwork_soldiers_banishes_itself_at_the_end_of_turn() -> None:
    # Clockwork Soldiers (SKL-084): "{1}: This card gains [+200/0] until end of turn. At the end of
    # turn, banish it."  The delayed ability (9.6 p8) banishes the object that played the ability
    story = Story({"SKL-084": 4})
    soldiers = story.put("p1", "SKL-084", "field")
    story.will("p1", "R")
    played = story.when(cmd("ActivateAbility", "p1", source=soldiers, ability=0))
    made = find(story.resolve(), "DelayedAbilityCreated")
    assert made.data["source_since"] == find(played, "AbilityPlayed").data["source_since"]
    events = _to_end_of_turn_trigger(story)
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.data["reason"], moved.rule) == (
        soldiers,
        "graveyard",
        "banish",
        "FoW-5.5 10.10 p1",
    )
    story.replays()


def test_clockwork_soldiers_back_in_the_field_is_a_new_object_it_does_not_banish() -> None:
    # the card left the field and came back: a new object (3.1 p3), not "it"
    story = Story({"SKL-084": 4})
    soldiers = story.put("p1", "SKL-084", "field")
    story.will("p1", "R")
    story.when(cmd("ActivateAbility", "p1", source=soldiers, ability=0))
    story.resolve()
    story.by_rule(actions.move, soldiers, "hand", "given", rule="3.1 p5", reason="effect")
    story.by_rule(actions.move, soldiers, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    events = _to_end_of_turn_trigger(story)
    assert find(events, "AbilityTriggered").data["kind"] == "delayed"
    assert story.state.objects[soldiers].zone == "field"
    story.replays()


def test_a_card_you_no_longer_control_is_not_banished() -> None:
    # Clockwork Soldiers: its opponent gained control of it; a player may not banish cards they
    # don't control (10.10 p2)
    story = Story({"SKL-084": 4})
    soldiers = story.put("p1", "SKL-084", "field")
    story.will("p1", "R")
    story.when(cmd("ActivateAbility", "p1", source=soldiers, ability=0))
    story.resolve()
    story.given("ControlChanged", oid=soldiers, **{"from": "p1", "to": "p2"})
    events = _to_end_of_turn_trigger(story)
    ignored = find(events, "CardMoveIgnored")
    assert (ignored.data["oid"], ignored.rule) == (soldiers, "FoW-5.5 10.10 p2")
    assert story.state.objects[soldiers].zone == "field"
    story.replays()


# --- "Put target resonator ... into your field. Remove it from the game at end of turn." ----------


def test_dance_of_the_shadows_removes_the_resonator_it_put_into_the_field() -> None:
    # Dance of the Shadows (TTW-075): "Put target resonator from your graveyard into your field.
    # Remove it from the game at end of turn."  "It" is the card in the field, a new object the
    # text names in its new zone (3.1 p3); the delayed ability (9.6 p8) removes it (10.3 p1)
    story = Story({"TTW-075": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "graveyard")
    dance = story.put("p1", "TTW-075", "hand")
    story.will("p1", "B", "B", "B", "B")
    story.when(cmd("PlayCard", "p1", card=dance, targets=[[bear]]))
    events = story.resolve()
    assert story.state.objects[bear].zone == "field"
    made = find(events, "DelayedAbilityCreated")
    assert made.data["objects"] == [[bear, story.state.objects[bear].zone_since]]
    events = _to_end_of_turn_trigger(story)
    moved = [e for e in events if e.type == "CardMoved" and e.data["oid"] == bear]
    assert [(e.data["from"], e.data["to"]) for e in moved] == [("field", "removed")]
    story.replays()


# --- "Search your main deck for a card and put it into your hand" (10.13 p2) -----------------------


def test_scheherazade_finds_a_card_without_revealing_it() -> None:
    # Scheherazade, the Teller of 1001 Stories (MPR-064J): "[Enter]: Search your main deck, for a
    # card and put it into your hand. The shuffle your main deck." (misprints of "for a card" and
    # "Then").  "A card" names no information: one must be found (10.13 p2), and it is not revealed;
    # then the deck is shuffled (10.20 p1)
    story = Story({"T-BEAR": 4}, ruler="MPR-064")  # Liberator of Wind: "[J-Activate]: Pay {1}{G}{G}."
    story.will("p1", "G", "G", "G")
    story.when(cmd("PerformJudgment", "p1"))
    played = find(story.resolve(), "AbilityPlayed")  # its [Enter] ability, no target to choose (9.6 p6)
    [scheherazade] = story.state.zones["p1"]["field"]
    assert story.state.card_of(scheherazade).id == "MPR-064J" and played.data["source"] == scheherazade
    asked = find(story.resolve(), "ChoiceRequested")
    deck = story.state.zones["p1"]["main_deck"]
    assert (asked.data["kind"], asked.data["options"]["min"], asked.rule) == ("search", 1, "FoW-5.5 10.13 p2")
    assert sorted(asked.data["options"]["cards"]) == sorted(deck)
    none = story.refused(cmd("ChooseCards", "p1", cards=[]))
    assert none.rule == "FoW-5.5 10.13 p2"
    events = story.when(cmd("ChooseCards", "p1", cards=[deck[0]]))
    moved = find(events, "CardMoved")
    assert (moved.data["to"], moved.data["revealed"], moved.rule) == ("hand", False, "FoW-5.5 10.13 p2")
    assert find(events, "DeckShuffled").rule == "FoW-5.5 10.20 p1"
    assert not story.state.objects[moved.data["oid"]].revealed
    story.replays()


# --- costs naming other cards (9.3 p2.5) -----------------------------------------------------------


def test_rapunzel_rests_a_resonator_other_than_rapunzel_to_recover() -> None:
    # Rapunzel, the Long-Haired Princess (CMF-014): "[Activate] Rest a recovered resonator you control
    # other than "Rapunzel, the Long-Haired Princess": Recover this card."  Another Rapunzel has that
    # name and cannot pay the cost (2.2 p3); a Bear can
    story = Story({"CMF-014": 4, "T-BEAR": 4})
    rapunzel, other = story.put("p1", "CMF-014", "field"), story.put("p1", "CMF-014", "field")
    bear = story.put("p1", "T-BEAR", "field")
    story.given("CardRested", oid=rapunzel, reason="given")
    named = story.refused(cmd("ActivateAbility", "p1", source=rapunzel, ability=1, cost_cards=[[other]]))
    assert (named.code, named.rule) == ("rules/cost_cards", "FoW-5.5 9.3 p2.5")
    events = story.when(cmd("ActivateAbility", "p1", source=rapunzel, ability=1, cost_cards=[[bear]]))
    rested = find(events, "CardRested")
    assert (rested.data["oid"], rested.data["reason"], rested.rule) == (bear, "cost", "FoW-5.5 10.12 p1")
    events = story.resolve()
    assert find(events, "CardRecovered").data["oid"] == rapunzel
    assert not story.state.objects[rapunzel].rested
    story.replays()


def test_shub_niggurath_banishes_two_other_cthulhus_to_put_a_cthulhu_card_into_the_field() -> None:
    # Shub-Niggurath, the Goddess of Fertility (MPR-032): "[Activate] {Rest}, banish two other Cthulhu
    # resonators: Put target Cthulhu non-spell card from your graveyard into your field."  Not itself
    # (another object, 9.3 p2.5); the Cthulhu in the graveyard is put into the field (3.1 p5)
    story = Story({"MPR-032": 4, "MPR-022": 4, "CMF-041": 4, "TAT-028": 4, "T-BEAR": 4})
    shub = story.put("p1", "MPR-032", "field")
    goats = [story.put("p1", "CMF-041", "field"), story.put("p1", "TAT-028", "field")]  # Deep Ones, Fthaggua
    bear = story.put("p1", "T-BEAR", "field")
    dead = story.put("p1", "MPR-022", "graveyard")
    bear_dead = story.put("p1", "T-BEAR", "graveyard")
    story.log += to_main(story.state, turn=3)  # p1's next turn: Shub-Niggurath may rest (9.5 p3)
    self_paid = story.refused(
        cmd("ActivateAbility", "p1", source=shub, ability=1, cost_cards=[[shub, goats[0]]], targets=[[dead]])
    )
    assert self_paid.code == "rules/cost_cards"
    not_cthulhu = story.refused(
        cmd("ActivateAbility", "p1", source=shub, ability=1, cost_cards=[[bear, goats[0]]], targets=[[dead]])
    )
    assert not_cthulhu.code == "rules/cost_cards"
    wrong = story.refused(
        cmd("ActivateAbility", "p1", source=shub, ability=1, cost_cards=[goats], targets=[[bear_dead]])
    )
    assert (wrong.code, wrong.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    events = story.when(cmd("ActivateAbility", "p1", source=shub, ability=1, cost_cards=[goats], targets=[[dead]]))
    banished = [e for e in events if e.type == "CardMoved" and e.data["reason"] == "banish"]
    assert [(e.data["oid"], e.rule) for e in banished] == [(g, "FoW-5.5 10.10 p1") for g in goats]
    story.resolve()
    assert story.state.objects[dead].zone == "field" and story.state.objects[dead].controller == "p1"
    story.replays()


def test_little_red_discards_a_card_with_apple_in_its_name() -> None:
    # Little Red, the Hope of Millennia (MOA-017): "{Rest}, discard a card with "Apple" in its name:
    # This card deals 1000 damage to target resonator."  "Apple" is a part of a name (2.2 p3): Poison
    # Apple (CMF-031) pays the cost, a Bear does not
    story = Story({"MOA-017": 4, "CMF-031": 4, "T-BEAR": 4})
    red = story.put("p1", "MOA-017", "field")
    apple, bear = story.put("p1", "CMF-031", "hand"), story.put("p1", "T-BEAR", "hand")
    wall = story.put("p2", "T-BEAR", "field")
    story.log += to_main(story.state, turn=3)  # p1's next turn: Little Red may rest (9.5 p3)
    wrong = story.refused(cmd("ActivateAbility", "p1", source=red, ability=0, cost_cards=[[bear]], targets=[[wall]]))
    assert (wrong.code, wrong.rule) == ("rules/cost_cards", "FoW-5.5 9.3 p2.5")
    events = story.when(cmd("ActivateAbility", "p1", source=red, ability=0, cost_cards=[[apple]], targets=[[wall]]))
    discarded = find(events, "CardMoved")
    assert (discarded.data["oid"], discarded.data["to"], discarded.rule) == (apple, "graveyard", "FoW-5.5 10.18 p1")
    dealt = find(story.resolve(), "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (red, wall, 1000)
    story.replays()


# --- "search ... and put it into your field rested" (10.13 p2, 10.12 p1) --------------------------


def test_the_hound_of_tindalos_brings_another_hound_into_the_field_rested() -> None:
    # The Hound of Tindalos (MPR-036): "When this card is put into a graveyard from your field, you
    # may pay {R}. If you do, search your main deck for a card named "The Hound of Tindalos" and put
    # it into your field rested. Then shuffle your main deck."
    story = Story({"MPR-036": 4, "T-BEAR": 4})
    hound = story.put("p1", "MPR-036", "field")
    story.by_rule(actions.destroy, hound, "given")
    trig = story.state.triggered[-1]
    assert trig.source == hound
    story.when(cmd("Pass", story.pending.player))
    if story.state.triggered:
        story.when(cmd("PlayTriggered", story.pending.player, trigger=trig.id, targets=[]))
    asked = find(story.resolve(), "ChoiceRequested")
    assert asked.data["kind"] == "optional"
    story.will("p1", "R")
    story.when(cmd("ChooseOptional", "p1", accept=True))
    search = story.state.pending
    assert search is not None and search.kind == "search"
    [other] = [o for o in search.options["cards"] if story.state.objects[o].card == "MPR-036"][:1]
    events = story.when(cmd("ChooseCards", "p1", cards=[other]))
    moved = find(events, "CardMoved")
    rested = find(events, "CardRested")
    assert (moved.data["oid"], moved.data["to"], moved.rule) == (other, "field", "FoW-5.5 10.13 p2")
    assert (rested.data["oid"], rested.rule) == (other, "FoW-5.5 10.12 p1")
    assert story.state.objects[other].rested and story.state.objects[other].controller == "p1"
    assert find(events, "DeckShuffled").rule == "FoW-5.5 10.20 p1"
    story.replays()


# --- delayed abilities watching an object this turn (9.6 p8) --------------------------------------


def _play_delayed(story: Story) -> list[Event]:
    """The delayed ability that has just triggered is played (no target) and resolves."""
    trig = story.state.triggered[-1]
    assert trig.kind == "delayed"
    story.when(cmd("Pass", story.pending.player))
    if story.state.triggered:
        story.when(cmd("PlayTriggered", story.pending.player, trigger=trig.id, targets=[]))
    return story.resolve()


def test_guinevere_banishes_the_resonator_when_it_is_dealt_damage() -> None:
    # Guinevere, the Jealous Queen (VS01-024): "{R}, {Rest}: Target resonator you control gains
    # [+400/+400] until end of turn. When it deals or is dealt damage this turn, banish it."  The
    # delayed ability (9.6 p8) triggers the first time it is dealt damage (10.6 p1), once only (p8.1)
    story = Story({"VS01-024": 4, "T-BEAR": 4})
    guinevere = story.put("p1", "VS01-024", "field")
    bear, other = story.put("p1", "T-BEAR", "field"), story.put("p1", "T-BEAR", "field")
    theirs = story.put("p2", "T-BEAR", "field")
    story.log += to_main(story.state, turn=3)
    story.will("p1", "R")
    story.when(cmd("ActivateAbility", "p1", source=guinevere, ability=1, targets=[[bear]]))
    made = find(story.resolve(), "DelayedAbilityCreated")
    assert (made.data["at"], made.data["objects"]) == (
        "it_deals_or_is_dealt_damage",
        [[bear, story.state.objects[bear].zone_since]],
    )
    story.by_rule(actions.deal_damage, theirs, other, 100, "given")  # another resonator: nothing
    assert not story.state.triggered
    events = story.by_rule(actions.deal_damage, theirs, bear, 100, "given")
    triggered = find(events, "AbilityTriggered")
    assert (triggered.data["kind"], triggered.data["source"], triggered.rule) == (
        "delayed",
        guinevere,
        "FoW-5.5 9.6 p8",
    )
    moved = find(_play_delayed(story), "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.data["reason"], moved.rule) == (
        bear,
        "graveyard",
        "banish",
        "FoW-5.5 10.10 p1",
    )
    story.replays()


def test_guinevere_triggers_once_when_it_deals_damage() -> None:
    # Guinevere (TTW-027, "banish rnit": a misprint of "it"): it deals damage to the opponent's
    # resonator; the second damage the same turn does not trigger it again (9.6 p8.1)
    story = Story({"TTW-027": 4, "T-BEAR": 4})
    guinevere = story.put("p1", "TTW-027", "field")
    bear = story.put("p1", "T-BEAR", "field")
    theirs = story.put("p2", "T-BEAR", "field")
    story.log += to_main(story.state, turn=3)
    story.will("p1", "R")
    story.when(cmd("ActivateAbility", "p1", source=guinevere, ability=1, targets=[[bear]]))
    story.resolve()
    story.by_rule(actions.deal_damage, bear, theirs, 100, "given")
    assert [t.kind for t in story.state.triggered] == ["delayed"]
    story.by_rule(actions.deal_damage, bear, theirs, 100, "given")
    assert [t.kind for t in story.state.triggered] == ["delayed"]
    _play_delayed(story)
    assert story.state.objects[bear].zone == "graveyard"
    story.replays()


def test_byakhee_banishes_itself_when_that_resonator_is_destroyed() -> None:
    # Byakhee, the Winged Lady (MPR-078): "[Activate] {Rest}: Target resonator gains [+900/+900] and
    # [Flying] until end of turn. When that resonator is destroyed this turn, banish this card."
    # (10.9 p1; the delayed ability's "this card" is Byakhee as it played the ability, 3.1 p3)
    story = Story({"MPR-078": 4, "T-BEAR": 4})
    byakhee = story.put("p1", "MPR-078", "field")
    bear = story.put("p1", "T-BEAR", "field")
    story.log += to_main(story.state, turn=3)
    story.when(cmd("ActivateAbility", "p1", source=byakhee, ability=0, targets=[[bear]]))
    made = find(story.resolve(), "DelayedAbilityCreated")
    assert made.data["at"] == "it_is_destroyed"
    story.by_rule(actions.move, bear, "hand", "given", rule="3.1 p5", reason="effect")  # not destroyed
    assert not story.state.triggered
    story.by_rule(actions.move, bear, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    story.by_rule(actions.destroy, bear, "given")  # a new object: not "that resonator" (3.1 p3)
    assert not [t for t in story.state.triggered if t.kind == "delayed"]
    story.replays()


def test_byakhee_banished_when_its_target_dies() -> None:
    story = Story({"MPR-078": 4, "T-BEAR": 4})
    byakhee = story.put("p1", "MPR-078", "field")
    bear = story.put("p1", "T-BEAR", "field")
    story.log += to_main(story.state, turn=3)
    story.when(cmd("ActivateAbility", "p1", source=byakhee, ability=0, targets=[[bear]]))
    story.resolve()
    story.by_rule(actions.destroy, bear, "given")
    moved = [e for e in _play_delayed(story) if e.type == "CardMoved"]
    assert [(e.data["oid"], e.data["to"], e.data["reason"], e.rule) for e in moved] == [
        (byakhee, "graveyard", "banish", "FoW-5.5 10.10 p1")
    ]
    story.replays()


# --- "Choose target resonator: Remove it ... if it's darkness. Otherwise, ..." and "lose all
# abilities" on every J/resonator an opponent controls (9.3 p3, 9.9 p1.2, p4) ----------------------


def _grimm_story() -> tuple[Story, str, str]:
    # Grimm, the Avenger of Fairy Tales (TAT-004, {W}{W}): "[Enter]: Choose target resonator: Remove
    # it from the game if it's darkness. Otherwise, it gains [+200/+200] until end of turn." /
    # "[Awakening] {W}: [Enter]: If you J/ruler is "Sacred Princess of Guidance" or "Lumia, the
    # Creator of Hope", J/resonators your opponent controls lose all abilities until end of turn."
    # ("you J/ruler": a misprint of "your").  p1's ruler is Sacred Princess of Guidance (TAT-014).
    story = Story({"TAT-004": 4, "CMF-041": 4, "MPR-084": 4, "T-BEAR": 4}, ruler="TAT-014")
    grimm = story.put("p1", "TAT-004", "hand")
    deep = story.put("p2", "CMF-041", "field")  # Deep Ones: +200/+200 per resonator in p2's graveyard
    story.put("p2", "T-BEAR", "graveyard")
    return story, grimm, deep


def test_grimm_removes_a_darkness_target_from_the_game() -> None:
    story, grimm, _ = _grimm_story()
    shantak = story.put("p2", "MPR-084", "field")  # a darkness resonator
    story.will("p1", "W", "W")
    story.when(cmd("PlayCard", "p1", card=grimm, targets=[]))
    story.resolve()
    story.when(cmd("PlayTriggered", "p1", trigger=story.state.triggered[0].id, targets=[[shantak]]))
    events = story.resolve()
    assert find(events, "ConditionChecked").data["met"] is True
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"]) == (shantak, "removed")
    story.replays()


def test_awakened_grimm_makes_the_opponents_j_resonators_lose_all_abilities() -> None:
    story, grimm, deep = _grimm_story()
    assert characteristics(story.state, deep).atk == 200
    story.will("p1", "W", "W", "W")
    story.when(cmd("PlayCard", "p1", card=grimm, targets=[], awaken=True))
    story.resolve()
    base, awakened = story.state.triggered
    story.when(cmd("PlayTriggered", "p1", trigger=awakened.id, targets=[]))
    story.when(cmd("PlayTriggered", "p1", trigger=base.id, targets=[[deep]]))
    story.resolve()  # the base [Enter]: Deep Ones is no darkness, it gains [+200/+200]
    events = story.resolve()
    made = find(events, "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["targets"], made.rule) == ("lose_abilities", [], "FoW-5.5 9.9 p1.2")
    assert characteristics(story.state, deep).atk == 200  # 0 printed, +200 until end of turn, no more "for each"
    # a J/resonator the opponent puts into the field later loses them too (9.9 p4); p1's do not
    late = story.put("p2", "CMF-041", "field")
    mine = story.put("p1", "CMF-041", "field")
    story.put("p1", "T-BEAR", "graveyard")
    assert characteristics(story.state, late).atk == 0
    assert characteristics(story.state, mine).atk == 200
    story.replays()


# --- tea party counters: "on each "A", "B" and "C"" and "total cost less than or equal to the
# number of X counters on this card" (10.21, 9.3 p2.4, p3.1) --------------------------------------


def test_the_tea_party_counts_counters_as_the_target_is_chosen_and_on_resolution() -> None:
    # September Hare (TTW-048): "{U}: Put a tea party counter on each "Insomniac Dormouse", "Sane
    # Hatter" and "September Hare"." - every card so named, the opponent's too.  Sane Hatter
    # (TTW-046, total cost 3): "{U}: Put a tea party counter on each ... you control." / "{Rest}:
    # Return target resonator with total cost less than or equal to the number of tea party counters
    # on this card to it's owners hand. Then remove all tea party counters from this card."
    story = Story({"TTW-046": 4, "TTW-048": 4, "T-BEAR": 4})
    hatter, hare = story.put("p1", "TTW-046", "field"), story.put("p1", "TTW-048", "field")
    theirs = story.put("p2", "TTW-046", "field")
    bear = story.put("p2", "T-BEAR", "field")  # total cost 1
    story.log += to_main(story.state, turn=3)
    none = story.refused(cmd("ActivateAbility", "p1", source=hatter, ability=1, targets=[[bear]]))
    assert none.rule == "FoW-5.5 9.3 p2.4"  # no counter yet: no legal target
    story.will("p1", "U")
    story.when(cmd("ActivateAbility", "p1", source=hare, ability=0))
    put = [e for e in story.resolve() if e.type == "CounterPut"]
    assert sorted(e.data["oid"] for e in put) == sorted([hatter, hare, theirs])
    assert put[0].rule == "FoW-5.5 10.21 p1"
    story.will("p1", "U")
    story.when(cmd("ActivateAbility", "p1", source=hatter, ability=0))
    put = [e for e in story.resolve() if e.type == "CounterPut"]
    assert [e.data["oid"] for e in put] == [hatter, hare]  # "you control": not p2's Hatter
    assert story.state.objects[hatter].counters == {"tea party": 2}
    big = story.refused(cmd("ActivateAbility", "p1", source=hatter, ability=1, targets=[[theirs]]))
    assert big.rule == "FoW-5.5 9.3 p2.4"  # total cost 3 > 2 counters
    story.when(cmd("ActivateAbility", "p1", source=hatter, ability=1, targets=[[bear]]))
    events = story.resolve()
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"]) == (bear, "hand")
    assert story.state.objects[hatter].counters.get("tea party", 0) == 0
    story.replays()


def test_counters_removed_in_response_make_the_target_illegal() -> None:
    # Sane Hatter (TTW-046): the number is read again on resolution (9.3 p3.1): its counters gone,
    # the Bear (total cost 1) is no longer a legal target and stays
    story = Story({"TTW-046": 4, "T-BEAR": 4})
    hatter = story.put("p1", "TTW-046", "field")
    bear = story.put("p2", "T-BEAR", "field")
    story.log += to_main(story.state, turn=3)
    story.will("p1", "U")
    story.when(cmd("ActivateAbility", "p1", source=hatter, ability=0))
    story.resolve()
    story.when(cmd("ActivateAbility", "p1", source=hatter, ability=1, targets=[[bear]]))
    story.given("CounterRemoved", oid=hatter, counter="tea party", count=1)
    story.resolve()
    assert story.state.objects[bear].zone == "field"
    story.replays()


def test_insomniac_dormouse_keeps_the_resonator_rested_through_one_recovery_phase() -> None:
    # Insomniac Dormouse (TTW-040): "{Rest}: Rest target resonator with total cost less than or equal
    # to the number of tea party counters on this card. It doesn't recover during its controller's
    # next recovery phase. Then remove all tea party counters on this card."  p2's Bear stays rested
    # in p2's next recovery phase (5.2 p5, 1.4 p1), not in the one after
    story = Story({"TTW-040": 4, "T-BEAR": 4})
    dormouse = story.put("p1", "TTW-040", "field")
    bear = story.put("p2", "T-BEAR", "field")
    story.log += to_main(story.state, turn=3)
    story.will("p1", "U")
    story.when(cmd("ActivateAbility", "p1", source=dormouse, ability=0))
    story.resolve()
    story.when(cmd("ActivateAbility", "p1", source=dormouse, ability=1, targets=[[bear]]))
    events = story.resolve()
    assert find(events, "CardRested").data["oid"] == bear
    made = find(events, "ContinuousEffectCreated")
    assert (made.data["targets"], made.data["duration"]) == ([bear], "next_recovery_phase")
    assert story.state.objects[dormouse].counters.get("tea party", 0) == 0
    events = to_main(story.state, turn=4)
    story.log += events
    recovered = find(events, "CardsRecovered")
    assert bear in recovered.data["not_recovered"] and recovered.rule == "FoW-5.5 5.2 p5"
    ended = find(events, "ContinuousEffectsEnded")
    assert (ended.data["ids"], ended.rule) == ([made.data["id"]], "FoW-5.5 5.2 p5")
    assert story.state.objects[bear].rested
    story.log += to_main(story.state, turn=6)
    assert not story.state.objects[bear].rested
    story.replays()


# --- "When added resonator is put into a graveyard from a field" (9.6 p7.2, 7.2 p3, 9.11) --------


def test_demons_curse_deals_damage_to_the_controller_of_the_resonator_that_died() -> None:
    # Demon's Curse (VIN001-063, [Addition:Resonator]): "Added resonator gains [-200/-200]. When added
    # resonator is put into a graveyard from a field, this card deals 500 damage to that resonator's
    # controller."  p1's Curse on p2's Bear: the Bear is destroyed, the Curse (still added to it as it
    # moves) triggers; p2, who controlled the Bear as it left, is dealt 500 damage
    story = Story({"VIN001-063": 4, "T-BEAR": 4})
    bear = story.put("p2", "T-BEAR", "field")
    curse = story.put("p1", "VIN001-063", "hand")
    story.by_rule(
        actions.move, curse, "field", "given", rule="7.2 p4", reason="resolve", attached_to=bear, controller="p1"
    )
    assert (characteristics(story.state, bear).atk, characteristics(story.state, bear).def_) == (300, 300)
    events = story.by_rule(actions.destroy, bear, "given")
    triggered = find(events, "AbilityTriggered")
    assert (triggered.data["source"], triggered.data["controller"], triggered.rule) == (curse, "p1", "FoW-5.5 9.6 p5")
    life = story.state.players["p2"].life
    story.when(cmd("Pass", story.pending.player))
    if story.state.triggered:
        story.when(cmd("PlayTriggered", story.pending.player, trigger=triggered.data["trigger"], targets=[]))
    dealt = find(story.resolve(), "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (curse, "p2", 500)
    assert story.state.players["p2"].life == life - 500
    assert story.state.objects[curse].zone == "graveyard"  # put there by rule (5.5)
    story.replays()


def test_demons_curse_does_not_trigger_on_another_resonator() -> None:
    # Demon's Curse (TAT-077): "[Continuous]: Resonator with this gains [-200/-200]. When the resonator
    # with this is put into a graveyard from a field, ..." - only the card it is added to
    story = Story({"TAT-077": 4, "T-BEAR": 4})
    bear, other = story.put("p2", "T-BEAR", "field"), story.put("p2", "T-BEAR", "field")
    curse = story.put("p1", "TAT-077", "hand")
    story.by_rule(
        actions.move, curse, "field", "given", rule="7.2 p4", reason="resolve", attached_to=bear, controller="p1"
    )
    events = story.by_rule(actions.destroy, other, "given")
    assert "AbilityTriggered" not in [e.type for e in events]
    story.replays()


# --- "Remove all damage that was dealt to target J-Ruler this turn" (10.6 p1, 5.4 p5.1) -----------


def test_holy_grail_removes_the_damage_on_a_j_ruler() -> None:
    # Holy Grail (CMF-006, [Addition:Field]): "[Activate] {Rest}: Remove all damage that was dealt to
    # target J-Ruler this turn."  The damage on the J-ruler (all dealt this turn: it stays until the
    # end of the turn, 5.4 p5.1) becomes zero
    story = Story({"CMF-006": 4, "T-BEAR": 4}, ruler="MPR-064")  # Liberator of Wind, J-ruler Scheherazade
    story.will("p1", "G", "G", "G")
    story.when(cmd("PerformJudgment", "p1"))
    story.resolve()
    story.resolve()  # its [Enter] search: nothing chosen yet
    if story.state.pending is not None and story.state.pending.kind == "search":
        story.when(cmd("ChooseCards", "p1", cards=[story.state.pending.options["cards"][0]]))
    [j_ruler] = [o for o in story.state.zones["p1"]["field"] if story.state.card_of(o).type == "j_ruler"]
    grail = story.put("p1", "CMF-006", "field")
    bear = story.put("p2", "T-BEAR", "field")
    story.by_rule(actions.deal_damage, bear, j_ruler, 500, "given")
    assert story.state.objects[j_ruler].damage == 500
    not_ruler = story.refused(cmd("ActivateAbility", "p1", source=grail, ability=1, targets=[[bear]]))
    assert not_ruler.rule == "FoW-5.5 9.3 p2.4"
    story.when(cmd("ActivateAbility", "p1", source=grail, ability=1, targets=[[j_ruler]]))
    cleared = find(story.resolve(), "DamageCleared")
    assert (cleared.data["oids"], cleared.rule) == ([j_ruler], "FoW-5.5 10.6 p1")
    assert story.state.objects[j_ruler].damage == 0
    story.replays()


# --- "Gain control of target ... until end of turn" (1.5 p3, 5.4 p5.2) ----------------------------


def test_frederica_lipps_borrows_a_resonator_until_end_of_turn() -> None:
    # Frederica Lipps (VIN002-022): "When this card enters your field => Gain control of target
    # recovered resonator your opponent controls until end of turn. It gains [Swiftness] until end of
    # turn."  p1 controls p2's Bear for the turn (1.5 p3); as the turn ends (5.4 p5.2) p2 does again
    story = Story({"VIN002-022": 4, "T-BEAR": 4})
    bear = story.put("p2", "T-BEAR", "field")
    frederica = story.put("p1", "VIN002-022", "hand")
    story.by_rule(actions.move, frederica, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    trig = story.state.triggered[-1]
    story.when(cmd("Pass", story.pending.player))
    if story.state.triggered:
        story.when(cmd("PlayTriggered", story.pending.player, trigger=trig.id, targets=[[bear]]))
    events = story.resolve()
    changed = find(events, "ControlChanged")
    assert (changed.data["oid"], changed.data["from"], changed.data["to"], changed.rule) == (
        bear,
        "p2",
        "p1",
        "FoW-5.5 1.5 p3",
    )
    assert story.state.objects[bear].controller == "p1" and bear in story.state.zones["p1"]["field"]
    assert "swiftness" in characteristics(story.state, bear).skills
    events = to_main(story.state, turn=2)
    story.log += events
    ended = find(events, "ContinuousEffectsEnded")  # the control effect ends with the turn (5.4 p5.2) ...
    assert ended.rule == "FoW-5.5 5.4 p5.2" and changed.data["effect"] in ended.data["ids"]
    back = [e for e in events if e.type == "ControlChanged"]  # ... and p2 controls the Bear again (1.5 p3)
    assert [(e.data["oid"], e.data["from"], e.data["to"], e.rule) for e in back] == [
        (bear, "p1", "p2", "FoW-5.5 1.5 p3")
    ]
    assert story.state.objects[bear].controller == "p2" and bear in story.state.zones["p2"]["field"]
    story.replays()


# --- "You pay {1} to put cards into your chant-standby area rather than pay {2}" (7.6 p1, 1.4 p1) --


def test_seer_of_the_blue_moon_makes_the_chant_standby_cost_one() -> None:
    # Seer of the Blue Moon (CMF-052, a ruler): "[Continuous]: You pay {1} to put cards into your
    # chant-standby area rather than pay {2}."  Active in the ruler area (9.2 p1): p1 pays {1}
    story = Story({"T-BEAR": 4}, ruler="CMF-052")
    [seer] = story.state.zones["p1"]["ruler_area"]
    bear = story.put("p1", "T-BEAR", "hand")
    story.will("p1", "U")
    events = story.when(cmd("PutIntoStandby", "p1", card=bear, pay_with=[]))
    changed = find(events, "CostChanged")
    assert (changed.data["of"], changed.data["sources"], changed.rule) == ("standby", [seer], "FoW-5.5 9.3 p2.5")
    assert (changed.data["cost"], changed.data["printed"]) == (
        {"attribute": {}, "free": 1},
        {"attribute": {}, "free": 2},
    )
    assert find(events, "WillPaid").data["will"] == ["U"]
    assert story.state.objects[bear].zone == "standby"
    story.replays()


def test_without_the_seer_the_chant_standby_cost_is_two() -> None:
    story = Story({"T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "hand")
    story.given("CardRested", oid=story.state.zones["p1"]["ruler_area"][0], reason="given")
    story.will("p1", "U")
    refusal = story.refused(cmd("PutIntoStandby", "p1", card=bear, pay_with=[]))
    assert (refusal.code, refusal.rule) == ("rules/cannot_pay", "FoW-5.5 10.2 p4")
    story.will("p1", "U")
    events = story.when(cmd("PutIntoStandby", "p1", card=bear, pay_with=[]))
    assert "CostChanged" not in [e.type for e in events]
    story.replays()


def test_djinn_puts_the_removed_resonators_back_at_the_end_of_turn() -> None:
    # Djinn, the Spirit of Lamp (MPR-059): "[Enter] Remove up to three target resonator you control
    # from the game. At the end of turn, put all resonators removed this way into their owner's
    # field."  The delayed ability (9.6 p8) names the cards in the removed area (3.1 p3); one that
    # left it meanwhile is a new object and stays where it went
    story = Story({"MPR-059": 4, "T-BEAR": 4, "T-WALL": 4})
    bears = [story.put("p1", "T-BEAR", "field"), story.put("p1", "T-WALL", "field"), story.put("p1", "T-BEAR", "field")]
    djinn = story.put("p1", "MPR-059", "hand")
    story.by_rule(actions.move, djinn, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    story.by_rule(actions.check_triggers, "enter", "given", oid=djinn, player="p1")
    trig = story.state.triggered[-1]
    story.when(cmd("Pass", story.pending.player))
    if story.state.triggered:
        story.when(cmd("PlayTriggered", story.pending.player, trigger=trig.id, targets=[bears]))
    events = story.resolve()
    made = find(events, "DelayedAbilityCreated")
    assert [o[0] for o in made.data["objects"]] == bears
    assert all(story.state.objects[b].zone == "removed" for b in bears)
    story.by_rule(actions.move, bears[2], "hand", "given", rule="3.1 p5", reason="effect")
    events = _to_end_of_turn_trigger(story)
    back = [e for e in events if e.type == "CardMoved" and e.data["to"] == "field"]
    assert [(e.data["oid"], e.data["from"], e.data["controller"], e.rule) for e in back] == [
        (b, "removed", "p1", "FoW-5.5 3.1 p5") for b in bears[:2]
    ]
    assert story.state.objects[bears[2]].zone == "hand"
    story.replays()


# --- two target groups into the field, a magic stone into the magic stone area (9.3 p2.4, 3.7) ----


def test_genesis_creation_puts_an_addition_a_resonator_and_a_magic_stone_back() -> None:
    # Genesis Creation (MPR-006): "Put up to one target [Addition: Field] and up to one target
    # resonator from your graveyard into your field. Put up to one target magic stone from your
    # graveyard into your magic stone area."  Three target groups, each up to one (9.3 p2.4); the
    # magic stone goes to the magic stone area (3.7)
    story = Story({"MPR-006": 4, "CMF-006": 4, "T-BEAR": 4})
    grail = story.put("p1", "CMF-006", "graveyard")
    bear = story.put("p1", "T-BEAR", "graveyard")
    stone = story.put("p1", "T-STONE", "graveyard")
    genesis = story.put("p1", "MPR-006", "hand")
    cost = story.state.cards["MPR-006"].cost
    assert cost is not None
    story.will("p1", *[a for a, n in cost.attribute.items() for _ in range(n)], *["R"] * cost.free)
    wrong = story.refused(cmd("PlayCard", "p1", card=genesis, targets=[[bear], [grail], [stone]]))
    assert wrong.rule == "FoW-5.5 9.3 p2.4"
    story.when(cmd("PlayCard", "p1", card=genesis, targets=[[grail], [bear], [stone]]))
    moved = [
        (e.data["oid"], e.data["to"]) for e in story.resolve() if e.type == "CardMoved" and e.data["oid"] != genesis
    ]
    assert moved == [(grail, "field"), (bear, "field"), (stone, "stone_area")]
    assert story.state.objects[stone].controller == "p1"
    story.replays()


def test_genesis_creation_with_no_target_at_all() -> None:
    # up to one each: none chosen is legal (9.3 p2.4)
    story = Story({"MPR-006": 4, "T-BEAR": 4})
    genesis = story.put("p1", "MPR-006", "hand")
    cost = story.state.cards["MPR-006"].cost
    assert cost is not None
    story.will("p1", *[a for a, n in cost.attribute.items() for _ in range(n)], *["R"] * cost.free)
    story.when(cmd("PlayCard", "p1", card=genesis, targets=[[], [], []]))
    story.resolve()
    assert story.state.objects[genesis].zone == "graveyard"
    story.replays()


# --- "You pay {1} less to play [Judgment] abilities of your ruler this turn" (9.3 p2.5) -----------


def test_sylvias_clanmate_makes_judgment_one_less_this_turn() -> None:
    # Sylvia's Clanmate (TTW-033): "Banish this card: You pay {1} less to play [Judgment] abilities of
    # your ruler this turn."  The test ruler's [Judgment] is {R}{1}: p1 pays {R}; the effect ends as
    # the turn ends (5.4 p5.2)
    story = Story({"TTW-033": 4, "T-BEAR": 4})
    clanmate = story.put("p1", "TTW-033", "field")
    story.will("p1", "R")
    refusal = story.refused(cmd("PerformJudgment", "p1", pay_with=[]))
    assert refusal.code == "rules/cannot_pay"  # {R}{1} without it
    story.when(cmd("ActivateAbility", "p1", source=clanmate, ability=0))
    made = find(story.resolve(), "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["change"], made.rule) == (
        "cost_change",
        {"of": "judgment", "who": "you", "less": 1},
        "FoW-5.5 9.3 p2.5",
    )
    events = story.when(cmd("PerformJudgment", "p1", pay_with=[]))  # {R} is enough now
    changed = find(events, "CostChanged")
    assert (changed.data["cost"], changed.data["sources"]) == ({"attribute": {"R": 1}, "free": 0}, [clanmate])
    assert find(events, "WillPaid").data["will"] == ["R"]
    story.resolve()
    story.log += to_main(story.state, turn=2)
    assert not [e for e in story.state.effects if e.kind == "cost_change"]
    story.replays()


def test_riza_searches_a_card_into_the_chant_standby_area_face_down() -> None:
    # Riza, First of the Dead (BFA-074): "When this card enters your field, you may pay 1000 life. If
    # you do, search your main deck for a card and put it into your chant-standby area face down. Then
    # shuffle your main deck."  Face down, not revealed (3.11); put, no {2} paid (not the 7.6 action)
    story = Story({"BFA-074": 4, "T-BEAR": 4})
    riza = story.put("p1", "BFA-074", "hand")
    story.by_rule(actions.move, riza, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    trig = story.state.triggered[-1]
    story.when(cmd("Pass", story.pending.player))
    if story.state.triggered:
        story.when(cmd("PlayTriggered", story.pending.player, trigger=trig.id, targets=[]))
    story.resolve()
    life = story.state.players["p1"].life
    story.when(cmd("ChooseOptional", "p1", accept=True))
    assert story.state.players["p1"].life == life - 1000
    found = story.state.pending.options["cards"][0]  # type: ignore[union-attr]
    events = story.when(cmd("ChooseCards", "p1", cards=[found]))
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.data["face_down"], moved.rule) == (
        found,
        "standby",
        True,
        "FoW-5.5 10.13 p2",
    )
    assert "WillPaid" not in [e.type for e in events]
    assert find(events, "DeckShuffled").rule == "FoW-5.5 10.20 p1"
    story.replays()


# --- "Put any number of cards from your hand on the bottom ..., then draw that many cards plus one" -


def test_foment_of_the_world_tree_puts_any_number_back_and_draws_one_more() -> None:
    # Foment of the World Tree (TMS-055): "Put any number of cards from your hand on the bottom of your
    # main deck in any order, then draw that many cards plus one. You gain 800 life."  Two cards put
    # (in the order listed, 3.1 p4), three drawn (10.8)
    story = Story({"TMS-055": 4, "T-BEAR": 4, "T-WALL": 4})
    foment = story.put("p1", "TMS-055", "hand")
    keep = [story.put("p1", "T-BEAR", "hand"), story.put("p1", "T-WALL", "hand")]
    hand_before = [o for o in story.state.zones["p1"]["hand"] if o != foment]
    story.will("p1", "G", "G")
    story.when(cmd("PlayCard", "p1", card=foment, targets=[]))
    asked = find(story.resolve(), "ChoiceRequested")
    assert (asked.data["options"]["min"], asked.data["options"]["max"]) == (0, len(hand_before))
    life = story.state.players["p1"].life
    events = story.when(cmd("ChooseCards", "p1", cards=keep))
    put = [e for e in events if e.type == "CardMoved" and e.data["to"] == "main_deck"]
    assert [(e.data["oid"], e.data["position"]) for e in put] == [(keep[0], "bottom"), (keep[1], "bottom")]
    drawn = [e for e in events if e.type == "CardMoved" and e.data["reason"] == "draw"]
    assert [(e.data["to"], e.rule) for e in drawn] == [("hand", "FoW-5.5 10.8 p1")] * 3
    assert story.state.players["p1"].life == life + 800
    story.replays()


def test_foment_with_no_card_put_draws_one() -> None:
    story = Story({"TMS-055": 4, "T-BEAR": 4})
    foment = story.put("p1", "TMS-055", "hand")
    story.put("p1", "T-BEAR", "hand")
    story.will("p1", "G", "G")
    story.when(cmd("PlayCard", "p1", card=foment, targets=[]))
    story.resolve()
    events = story.when(cmd("ChooseCards", "p1", cards=[]))
    assert len([e for e in events if e.type == "CardMoved" and e.data["reason"] == "draw"]) == 1
    story.replays()


def test_hydromonica_puts_the_top_card_on_the_bottom() -> None:
    # Heavenly Instrument, Hydromonica (TMS-092, regalia): "{Rest}: Put the top card of your main on the
    # bottom of your main deck." ("your main": a misprint of "your main deck"); nobody looks at it (3.1 p5)
    story = Story({"TMS-092": 4, "T-BEAR": 4})
    hydromonica = story.put("p1", "TMS-092", "field")
    deck = list(story.state.zones["p1"]["main_deck"])
    story.when(cmd("ActivateAbility", "p1", source=hydromonica, ability=0))
    moved = find(story.resolve(), "CardMoved")
    assert (moved.data["oid"], moved.data["from"], moved.data["to"], moved.data["position"], moved.rule) == (
        deck[-1],
        "main_deck",
        "main_deck",
        "bottom",
        "FoW-5.5 3.1 p5",
    )
    assert story.state.zones["p1"]["main_deck"] == [deck[-1], *deck[:-1]]
    story.replays()
