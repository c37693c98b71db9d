"""Miscellaneous effects of real Grimm/Alice cards the vocabulary lacked (helper bucket ``v_misc``),
executed by the engine in the form the importer gives them (given events / when command / then cited
events or a cited rejection; each story replays its whole log):

* "Entities entering the field under your opponent's control don't cause their own abilities to
  trigger" (9.6 p1, the card text beats 9.6 p5: 1.4 p1) and "You may play this ability up to twice per
  turn" (1.4 p1, 7.8 p2) - Abdul Alhazred, the Harbinger of Despair (TAT-079J);
* "Target resonator's printed ATK becomes 0 until end of turn": the base information every other change
  of values applies to (9.9 p1.1, p1.4, p7) - Dark Shining Swordsman (MPR-039);
* 'Resonator with this gains "[Activate] {Rest}: Search your main deck for a card with "Apple" in its
  name, ..."' (10.19 p1, 7.2 p3) - Basket of Little Red (CMF-020);
* "Remove target addition or resonator that has or shares the highest ATK from the game" (9.3 p2.4,
  p3.1) - Grand Cross (TTW-009);
* "search your main deck for a card named as target resonator" and "Target resonator and all other
  resonators with the same name gain [+300/+300]" (2.2, 9.3 p3.1, 9.9 p4) - Croco-Shark Crossing (BFA-033);
* "You may choose not to recover this card during the recovery phase" (5.2 p5, 1.4 p1) and effects lasting
  "as long as this card is rested" (9.9 p8) - Sleeping Beauty (TAT-017), Invasion Ship, Golden Hind
  (TTW-041).
"""

from __future__ import annotations

from domain.fow import actions
from domain.fow.characteristics import characteristics
from tests.fow.cards.story import Story, _add, legal
from tests.fow.support import cmd, find
from tests.fow.test_ch8_battle import pass_until, to_main


def stats(story: Story, oid: str) -> tuple[int | None, int | None]:
    chars = characteristics(story.state, oid)
    return chars.atk, chars.def_


def enter(story: Story, player: str, card: str) -> str:
    """Given: a copy of ``card`` of ``player`` is put from the graveyard into their field by an effect."""
    oid = story.put(player, card, "graveyard")
    story.by_rule(actions.move, oid, "field", "given", rule="3.1 p5", reason="effect", controller=player)
    return oid


def abdul_in_field(story: Story, player: str) -> str:
    """Given: ``player``'s ruler (Abdul Alhazred, TAT-079) is in the field as its J-ruler (TAT-079J)."""
    [ruler] = story.state.zones[player]["ruler_area"]
    story.moved(ruler, "field", side="j_ruler")
    assert story.state.card_of(ruler).id == "TAT-079J"
    return ruler


# --- "Entities entering the field under your opponent's control don't cause their own abilities to trigger"


def test_abdul_stops_the_enter_ability_of_a_resonator_his_opponent_plays() -> None:
    # Abdul Alhazred, the Harbinger of Despair (TAT-079J) in p2's field.  p1 plays Jekyll, the Order
    # (MPR-008, "[Enter]: You gain 200 life."): it enters p1's field, its own [Enter] does not trigger
    story = Story({"MPR-008": 4, "T-BEAR": 4}, ruler="TAT-079")
    abdul_in_field(story, "p2")
    jekyll = story.put("p1", "MPR-008", "hand")
    story.will("p1", "W", "W")
    story.when(cmd("PlayCard", "p1", card=jekyll))
    events = story.resolve()
    assert story.state.objects[jekyll].zone == "field"
    assert "AbilityTriggered" not in [e.type for e in events] and not story.state.triggered
    life = story.state.players["p1"].life
    story.resolve_all()
    assert story.state.players["p1"].life == life
    story.replays()


def test_without_abdul_the_same_enter_ability_triggers() -> None:
    # the same play with Abdul still in p2's ruler area (his J-ruler side not in a field): [Enter] triggers
    story = Story({"MPR-008": 4, "T-BEAR": 4}, ruler="TAT-079")
    jekyll = story.put("p1", "MPR-008", "hand")
    story.will("p1", "W", "W")
    story.when(cmd("PlayCard", "p1", card=jekyll))
    triggered = find(story.resolve(), "AbilityTriggered")
    assert (triggered.data["source"], triggered.rule) == (jekyll, "FoW-5.5 9.6 p5")
    life = story.state.players["p1"].life
    story.resolve_all()
    assert story.state.players["p1"].life == life + 200
    story.replays()


def test_abdul_stops_the_entering_cards_own_abilities_only() -> None:
    # Granny by the Fireplace (CMF-025): "Whenever a Werewolf comes into a field: swap ATK and DEF of this
    # card".  A Werewolf (CMF-037) put into p1's field while p2 controls Abdul: Granny - another card,
    # whoever controls it - still triggers (only the entering card's own abilities are stopped)
    story = Story({"CMF-025": 4, "CMF-037": 4}, ruler="TAT-079")
    abdul_in_field(story, "p2")
    granny = story.put("p1", "CMF-025", "field")
    theirs = story.put("p2", "CMF-025", "field")
    enter(story, "p1", "CMF-037")
    assert sorted(t.source for t in story.state.triggered) == sorted([granny, theirs])
    story.replays()


def test_abdul_does_not_stop_the_abilities_of_his_own_controllers_cards() -> None:
    # p1 controls Abdul and plays Jekyll, the Order: its [Enter] triggers (the card enters under Abdul's
    # controller's control, not his opponent's)
    story = Story({"MPR-008": 4, "T-BEAR": 4}, ruler="TAT-079")
    abdul_in_field(story, "p1")
    jekyll = story.put("p1", "MPR-008", "hand")
    story.will("p1", "W", "W")
    story.when(cmd("PlayCard", "p1", card=jekyll))
    triggered = find(story.resolve(), "AbilityTriggered")
    assert (triggered.data["source"], triggered.data["controller"]) == (jekyll, "p1")
    story.replays()


# --- "You may play this ability up to twice per turn" (1.4 p1) -------------------------------------------


def test_abduls_zero_cost_ability_can_be_played_twice_a_turn_and_not_a_third_time() -> None:
    # "[Activate] {0}: Target resonator or addition loses all abilities until end of turn. You may play
    # this ability up to twice per turn."  Played twice at p2's Granny; a third play is refused
    story = Story({"CMF-025": 4, "T-BEAR": 4}, ruler="TAT-079")
    abdul = abdul_in_field(story, "p1")
    granny = story.put("p2", "CMF-025", "field")
    for _ in range(2):
        played = find(
            story.when(cmd("ActivateAbility", "p1", source=abdul, ability=1, targets=[[granny]])), "AbilityPlayed"
        )
        assert played.data["once_per_turn_key"] == f"{abdul}:1"
        story.resolve()
    assert not characteristics(story.state, granny).abilities
    assert [a for a in legal(story, "p1", "ActivateAbility") if a["source"] == abdul and a["ability"] == 1] == []
    third = story.refused(cmd("ActivateAbility", "p1", source=abdul, ability=1, targets=[[granny]]))
    assert (third.code, third.rule) == ("rules/times_per_turn", "FoW-5.5 1.4 p1")
    story.replays()


def test_abduls_ability_counts_again_from_the_next_turn() -> None:
    # the count is per turn: p1's next turn, it may be played again
    story = Story({"CMF-025": 4, "T-BEAR": 4}, ruler="TAT-079")
    abdul = abdul_in_field(story, "p1")
    granny = story.put("p2", "CMF-025", "field")
    for _ in range(2):
        story.when(cmd("ActivateAbility", "p1", source=abdul, ability=1, targets=[[granny]]))
        story.resolve()
    story.log += to_main(story.state, turn=3)
    assert story.state.turn_player == "p1"
    story.when(cmd("ActivateAbility", "p1", source=abdul, ability=1, targets=[[granny]]))
    assert find(story.resolve(), "ContinuousEffectCreated").data["targets"] == [granny]
    story.replays()


# --- "Target resonator's printed ATK becomes 0 until end of turn" (9.9 p1.1) -----------------------------


def test_dark_shining_swordsman_sets_the_base_atk_and_later_gains_still_apply() -> None:
    # Dark Shining Swordsman (MPR-039): "[Activate] Pay {M}{M}: Target resonator's printed ATK becomes 0
    # until end of turn."  p2's Bear [500/500] has gained [+200/+0]: the base becomes 0, the gain stays on
    # top of it (9.9 p1.4 after p1.1): [200/500]; its DEF is untouched
    story = Story({"MPR-039": 4, "T-BEAR": 4})
    swordsman = story.put("p1", "MPR-039", "field")
    bear = story.put("p2", "T-BEAR", "field")
    story.modified(bear, "p2", atk=200)
    story.will("p1", "M", "M")
    story.when(cmd("ActivateAbility", "p1", source=swordsman, ability=0, targets=[[bear]]))
    made = find(story.resolve(), "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["atk"], made.data["targets"], made.rule) == (
        "set_printed_atk",
        0,
        [bear],
        "FoW-5.5 9.9 p1.1",
    )
    assert stats(story, bear) == (200, 500)
    # a newer gain applies on top as well
    story.modified(bear, "p2", atk=300)
    assert stats(story, bear) == (500, 500)
    story.replays()


def test_dark_shining_swordsman_effect_ends_with_the_turn() -> None:
    story = Story({"MPR-039": 4, "T-BEAR": 4})
    swordsman = story.put("p1", "MPR-039", "field")
    bear = story.put("p2", "T-BEAR", "field")
    story.will("p1", "M", "M")
    story.when(cmd("ActivateAbility", "p1", source=swordsman, ability=0, targets=[[bear]]))
    story.resolve()
    assert stats(story, bear) == (0, 500)
    story.log += to_main(story.state, turn=2)
    assert stats(story, bear) == (500, 500)
    story.replays()


# --- 'Resonator with this gains "[Activate] {Rest}: Search ... "Apple" in its name ..."' (10.19 p1) -----


def test_basket_of_little_red_gives_the_resonator_a_search_for_an_apple() -> None:
    # Basket of Little Red (CMF-020) added to p1's Bear: the Bear has the quoted ability (the name inside
    # the quotes is part of it); resting it searches for a card with "Apple" in its name - Poison Apple
    # (CMF-031) - reveals it, puts it into the hand, then shuffles
    story = Story({"CMF-020": 4, "CMF-031": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    other = story.put("p1", "T-BEAR", "field")
    _add(story, "p1", "CMF-020", bear)
    story.log += to_main(story.state, turn=3)
    granted = characteristics(story.state, bear).abilities
    assert granted[-1][1].text.startswith('[Activate] {Rest}: Search your main deck for a card with "Apple"')
    assert characteristics(story.state, other).abilities == []
    story.when(cmd("ActivateAbility", "p1", source=bear, ability=granted[-1][0]))
    asked = find(story.resolve(), "ChoiceRequested")
    apples = [o for o in story.state.zones["p1"]["main_deck"] if story.state.objects[o].card == "CMF-031"]
    assert asked.data["kind"] == "search" and sorted(asked.data["options"]["cards"]) == sorted(apples)
    events = story.when(cmd("ChooseCards", "p1", cards=[apples[0]]))
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.data["revealed"]) == (apples[0], "hand", True)
    assert "DeckShuffled" in [e.type for e in events] and story.state.objects[bear].rested
    story.replays()


# --- "target addition or resonator that has or shares the highest ATK" ----------------------------------


def _grand_cross(story: Story) -> str:
    cross = story.put("p1", "TTW-009", "hand")
    story.will("p1", "W", "W")
    return cross


def test_grand_cross_targets_a_resonator_with_the_highest_atk_or_sharing_it() -> None:
    # Grand Cross (TTW-009): p2's two Bears [500/500] share the highest ATK, the Wall [100/1000] does not;
    # p1's Fast One [400/400] neither.  A Bear is removed from the game
    story = Story({"TTW-009": 4, "T-BEAR": 4, "T-WALL": 4, "T-FAST": 4})
    bear = story.put("p2", "T-BEAR", "field")
    story.put("p2", "T-BEAR", "field")
    wall = story.put("p2", "T-WALL", "field")
    fast = story.put("p1", "T-FAST", "field")
    cross = _grand_cross(story)
    offered = [a["targets"] for a in legal(story, "p1", "PlayCard") if a["card"] == cross]
    assert [wall] not in [t[0] for t in offered] and [fast] not in [t[0] for t in offered]
    for wrong in (wall, fast):
        refusal = story.refused(cmd("PlayCard", "p1", card=cross, targets=[[wrong]]))
        assert refusal.rule == "FoW-5.5 9.3 p2.4"
    story.when(cmd("PlayCard", "p1", card=cross, targets=[[bear]]))
    events = story.resolve()
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"]) == (bear, "removed")
    story.replays()


def test_grand_cross_targets_any_addition() -> None:
    # an addition has no ATK (2.6): "addition" is not compared
    story = Story({"TTW-009": 4, "T-BEAR": 4, "CMF-020": 4})
    bear = story.put("p2", "T-BEAR", "field")
    basket = _add(story, "p2", "CMF-020", bear)
    cross = _grand_cross(story)
    story.when(cmd("PlayCard", "p1", card=cross, targets=[[basket]]))
    story.resolve()
    assert story.state.objects[basket].zone == "removed"
    story.replays()


def test_grand_cross_does_nothing_if_its_target_no_longer_has_the_highest_atk() -> None:
    # checked again on resolution (9.3 p3.1): the Wall gained [+500/+0] meanwhile: [600/1000] beats the Bear
    story = Story({"TTW-009": 4, "T-BEAR": 4, "T-WALL": 4})
    bear = story.put("p2", "T-BEAR", "field")
    wall = story.put("p2", "T-WALL", "field")
    cross = _grand_cross(story)
    story.when(cmd("PlayCard", "p1", card=cross, targets=[[bear]]))
    story.modified(wall, "p2", atk=500)
    events = story.resolve()
    assert story.state.objects[bear].zone == "field"
    assert not [e for e in events if e.type == "CardMoved" and e.data["to"] == "removed"]
    story.replays()


# --- "a card named as target resonator" / "Target resonator and all other resonators with the same name"


def test_croco_shark_crossing_searches_for_a_card_named_as_its_target() -> None:
    # Croco-Shark Crossing (BFA-033): "When this card enters your field, search your main deck for a card
    # names as target resonator, reveal it and put it into your hand. Then shuffle your main deck."  The
    # target is p2's Wall: only the Walls of p1's main deck are found (2.2), not its Bears
    story = Story({"BFA-033": 4, "T-BEAR": 4, "T-WALL": 4})
    wall = story.put("p2", "T-WALL", "field")
    story.put("p1", "T-BEAR", "field")
    enter(story, "p1", "BFA-033")
    [trig] = story.state.triggered
    story.when(cmd("Pass", "p1"))  # the priority sequence: the triggered ability is played (9.6 p6)
    assert story.pending.kind == "trigger"
    story.when(cmd("PlayTriggered", "p1", trigger=trig.id, targets=[[wall]]))
    asked = find(story.resolve(), "ChoiceRequested")
    walls = [o for o in story.state.zones["p1"]["main_deck"] if story.state.objects[o].card == "T-WALL"]
    assert (asked.data["kind"], asked.rule) == ("search", "FoW-5.5 10.13 p2")
    assert sorted(asked.data["options"]["cards"]) == sorted(walls) and len(walls) == 4
    events = story.when(cmd("ChooseCards", "p1", cards=[walls[0]]))
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.data["revealed"]) == (walls[0], "hand", True)
    assert "DeckShuffled" in [e.type for e in events]
    story.replays()


def test_croco_shark_crossing_searches_nothing_once_its_target_is_gone() -> None:
    # the target left the field before the ability resolved: no legal target, no search (9.3 p3.1)
    story = Story({"BFA-033": 4, "T-BEAR": 4, "T-WALL": 4})
    wall = story.put("p2", "T-WALL", "field")
    enter(story, "p1", "BFA-033")
    [trig] = story.state.triggered
    story.when(cmd("Pass", "p1"))  # the priority sequence: the triggered ability is played (9.6 p6)
    assert story.pending.kind == "trigger"
    story.when(cmd("PlayTriggered", "p1", trigger=trig.id, targets=[[wall]]))
    story.by_rule(actions.destroy, wall, "given")
    events = story.resolve()
    assert "ChoiceRequested" not in [e.type for e in events] and "DeckShuffled" not in [e.type for e in events]
    story.replays()


def test_croco_shark_crossing_pumps_the_target_and_every_resonator_sharing_its_name() -> None:
    # "{Rest}: Target resonator and all other resonators with the same name gain [+300/+300] until end of
    # turn."  Target: p1's Bear; p2's Bear gains too, the Wall does not; a Bear entering later this turn
    # gains as well (a set defined by a condition, 9.9 p4)
    story = Story({"BFA-033": 4, "T-BEAR": 4, "T-WALL": 4})
    crossing = story.put("p1", "BFA-033", "field")
    mine = story.put("p1", "T-BEAR", "field")
    theirs = story.put("p2", "T-BEAR", "field")
    wall = story.put("p2", "T-WALL", "field")
    story.when(cmd("ActivateAbility", "p1", source=crossing, ability=1, targets=[[mine]]))
    made = find(story.resolve(), "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["targets"], made.rule) == ("modify", [mine], "FoW-5.5 10.19 p3")
    assert made.data["filter"]["names"] == ["Bear"]
    assert stats(story, mine) == (800, 800) and stats(story, theirs) == (800, 800)
    assert stats(story, wall) == (100, 1000)
    later = enter(story, "p2", "T-BEAR")
    assert stats(story, later) == (800, 800)
    story.log += to_main(story.state, turn=2)
    assert stats(story, theirs) == (500, 500)
    story.replays()


# --- "You may choose not to recover this card during the recovery phase" (5.2 p5) and "as long as this
# card is rested" (9.9 p8) ---------------------------------------------------------------------------


def to_keep_rested(story: Story) -> None:
    """When: players pass until the turn player is asked which cards stay rested (5.2 p5)."""
    story.log += pass_until(story.state, lambda s: s.pending is not None and s.pending.kind == "keep_rested")


def test_sleeping_beauty_stays_rested_and_her_pump_lasts_until_she_recovers() -> None:
    # Sleeping Beauty (TAT-017, [0/700]): "[Continuous]: You may choose not to recover this card during the
    # recovery phase." and "[Activate] Pay {1} {Rest}: Resonators you control gain [+200/+200] as long as
    # this card is rested."  The gain covers every resonator p1 controls, across turns, while she is rested
    story = Story({"TAT-017": 4, "T-BEAR": 4})
    beauty = story.put("p1", "TAT-017", "field")
    bear = story.put("p1", "T-BEAR", "field")
    story.log += to_main(story.state, turn=3)
    story.will("p1", "W")
    story.when(cmd("ActivateAbility", "p1", source=beauty, ability=1))
    made = find(story.resolve(), "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["duration"], made.rule) == ("modify", "source_rested", "FoW-5.5 10.19 p3")
    assert stats(story, bear) == (700, 700) and stats(story, beauty) == (200, 900)
    later = enter(story, "p1", "T-BEAR")
    assert stats(story, later) == (700, 700)  # whatever matches, while it lasts (9.9 p4)
    # p1's next recovery phase: asked about her; she stays rested, the gain stays
    to_keep_rested(story)
    asked = story.state.pending
    assert (asked.player, asked.options["cards"]) == ("p1", [beauty]) and story.state.turn == 5
    assert legal(story, "p1", "ChooseCards") == [{"cards": []}, {"cards": [beauty]}]
    assert story.refused(cmd("ChooseCards", "p1", cards=[bear])).rule == "FoW-5.5 5.2 p5"
    events = story.when(cmd("ChooseCards", "p1", cards=[beauty]))
    recovered = find(events, "CardsRecovered")
    assert (recovered.data["not_recovered"], recovered.rule) == ([beauty], "FoW-5.5 5.2 p5")
    assert story.state.objects[beauty].rested and stats(story, bear) == (700, 700)
    story.replays()


def test_sleeping_beauty_recovered_in_the_recovery_phase_ends_her_pump() -> None:
    # the same, but p1 lets her recover in the recovery phase of turn 5: the gain ends (9.9 p8)
    story = Story({"TAT-017": 4, "T-BEAR": 4})
    beauty = story.put("p1", "TAT-017", "field")
    bear = story.put("p1", "T-BEAR", "field")
    story.log += to_main(story.state, turn=3)
    story.will("p1", "W")
    story.when(cmd("ActivateAbility", "p1", source=beauty, ability=1))
    made = find(story.resolve(), "ContinuousEffectCreated")
    to_keep_rested(story)
    events = story.when(cmd("ChooseCards", "p1", cards=[]))
    assert find(events, "CardsRecovered").data["oids"] == [beauty]
    ended = find(events, "ContinuousEffectsEnded")
    assert (ended.data["ids"], ended.rule) == ([made.data["id"]], "FoW-5.5 9.9 p8")
    assert not story.state.objects[beauty].rested and stats(story, bear) == (500, 500)
    story.replays()


def test_sleeping_beauty_pump_is_not_made_if_she_recovered_before_it_resolves() -> None:
    # "as long as this card is rested" off between play and resolution: the effect is not made (9.9 p8)
    story = Story({"TAT-017": 4, "T-BEAR": 4})
    beauty = story.put("p1", "TAT-017", "field")
    bear = story.put("p1", "T-BEAR", "field")
    story.log += to_main(story.state, turn=3)
    story.will("p1", "W")
    story.when(cmd("ActivateAbility", "p1", source=beauty, ability=1))
    story.given("CardRecovered", oid=beauty, reason="given")
    not_made = find(story.resolve(), "ContinuousEffectNotMade")
    assert not_made.rule == "FoW-5.5 9.9 p8" and stats(story, bear) == (500, 500)
    story.replays()


def test_golden_hind_keeps_its_target_rested_as_long_as_it_is_rested() -> None:
    # Invasion Ship, Golden Hind (TTW-041): "You may choose not to recover this card during the recovery
    # phase." and "{Rest}, {U}{1}: Rest target resonator. It doesn't recover during the recovery phase as
    # long as this card is rested."  p2's Bear stays rested in p2's recovery phase while the ship is
    # rested; once the ship recovers in p1's, the Bear recovers in p2's next one
    story = Story({"TTW-041": 4, "T-BEAR": 4})
    ship = story.put("p1", "TTW-041", "field")
    bear = story.put("p2", "T-BEAR", "field")
    story.log += to_main(story.state, turn=3)
    story.will("p1", "U", "U")
    story.when(cmd("ActivateAbility", "p1", source=ship, ability=1, targets=[[bear]]))
    events = story.resolve()
    made = find(events, "ContinuousEffectCreated")
    assert (made.data["rules"], made.data["duration"]) == (["doesnt_recover_in_recovery_phase"], "source_rested")
    assert story.state.objects[bear].rested
    story.log += to_main(story.state, turn=4)  # p2's recovery phase: no question (the ship is p1's)
    assert story.state.objects[bear].rested
    to_keep_rested(story)
    assert story.state.pending.options["cards"] == [ship]
    story.when(cmd("ChooseCards", "p1", cards=[]))
    assert not story.state.objects[ship].rested
    assert not [e for e in story.state.effects if e.id == made.data["id"]]
    story.log += to_main(story.state, turn=6)
    assert not story.state.objects[bear].rested
    story.replays()


# --- "search ... for a Weapon addition that can be added to a J/resonator and put it into the field, added
# to this card" (10.1 p1-p2) and "banish an addition added to this card" (7.2 p3, 10.10) -------------------


def test_grimmia_searches_a_weapon_onto_herself_as_she_attacks_then_banishes_it_to_rest_two() -> None:
    # Grimmia, the Savior of Myth (MPR-010J): "Whenever this card attacks >>> You may search your main deck
    # for a Weapon addition that can be added to a J/resonator and put it into the field, added to this
    # card. If you do, shuffle your deck." - Ragnarok (MPR-011) and Bullet of Envy (MPR-024) are
    # [Addition:J/Resonator] Weapons; Silver Stake (CMF-016), an [Addition:Resonator], cannot be added to
    # her.  Then "[Activate] Pay {W}{W}, banish an addition added to this card: Rest up to two target
    # J/resonators."
    story = Story({"MPR-011": 4, "MPR-024": 4, "CMF-016": 4, "T-BEAR": 4}, ruler="MPR-010")
    [grimmia] = story.state.zones["p1"]["ruler_area"]
    story.moved(grimmia, "field", side="j_ruler")
    bear = story.put("p2", "T-BEAR", "field")
    story.log += to_main(story.state, turn=3)
    story.attack(grimmia)
    while story.pending.kind != "optional":
        story.when(cmd("Pass", story.pending.player))
    asked = find(story.when(cmd("ChooseOptional", "p1", accept=True)), "ChoiceRequested")
    weapons = [o for o in story.state.zones["p1"]["main_deck"] if story.state.objects[o].card in ("MPR-011", "MPR-024")]
    assert asked.data["kind"] == "search" and sorted(asked.data["options"]["cards"]) == sorted(weapons)
    events = story.when(cmd("ChooseCards", "p1", cards=[weapons[0]]))
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.data["attached_to"], moved.rule) == (
        weapons[0],
        "field",
        grimmia,
        "FoW-5.5 10.1 p1",
    )
    assert story.state.objects[weapons[0]].attached_to == grimmia and "DeckShuffled" in [e.type for e in events]
    story.resolve_all()
    # the banish cost: only an addition added to her
    story.will("p1", "W", "W")
    offered = [a for a in legal(story, "p1", "ActivateAbility") if a["source"] == grimmia and a["ability"] == 2]
    assert offered and all(a["cost_cards"] == [[weapons[0]]] for a in offered)
    story.when(cmd("ActivateAbility", "p1", source=grimmia, ability=2, targets=[[bear]], cost_cards=[[weapons[0]]]))
    assert story.state.objects[weapons[0]].zone == "graveyard"
    story.resolve()
    assert story.state.objects[bear].rested
    story.replays()


def test_grimmia_cannot_banish_an_addition_added_to_another_card() -> None:
    # a Silver Stake added to p1's Bear is no addition added to her: the cost cannot be paid
    story = Story({"CMF-016": 4, "T-BEAR": 4}, ruler="MPR-010")
    [grimmia] = story.state.zones["p1"]["ruler_area"]
    story.moved(grimmia, "field", side="j_ruler")
    bear = story.put("p1", "T-BEAR", "field")
    stake = _add(story, "p1", "CMF-016", bear)
    story.will("p1", "W", "W")
    assert not [a for a in legal(story, "p1", "ActivateAbility") if a["source"] == grimmia and a["ability"] == 2]
    refusal = story.refused(
        cmd("ActivateAbility", "p1", source=grimmia, ability=2, targets=[[bear]], cost_cards=[[stake]])
    )
    assert refusal.code.startswith("rules/")
    story.replays()
