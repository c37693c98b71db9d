"""Trigger conditions of real Grimm/Alice cards the vocabulary lacked (helper bucket ``v_trig``), executed
by the engine in the form the importer gives them (given events / when command / then cited events or a
cited rejection; each story replays its whole log):

* "When this card enters your magic stone area, name a card. Reveal the top card of your main deck, if it's
  the named card, put it into your hand." (3.7, 9.6 p1, 2.2 p3, 10.4 p1);
* "[Trigger] When a resonator you control is destroyed: Two target resonators gain [+X/+Y] until end of
  turn, where X is the destroyed resonator's ATK and Y is the destroyed resonator's DEF." (7.9 p2, p5,
  9.6 p7.2, 9.11).
"""

from __future__ import annotations

from domain.fow import actions
from domain.fow.characteristics import characteristics
from domain.kernel import Event
from tests.fow.cards.story import Story
from tests.fow.support import cmd, find
from tests.fow.test_ch8_battle import to_main


def stats(story: Story, oid: str) -> tuple[int | None, int | None]:
    chars = characteristics(story.state, oid)
    return chars.atk, chars.def_


def until_asked(story: Story) -> list[Event]:
    """Players pass until the game waits for a choice other than priority."""
    events: list[Event] = []
    while story.pending.kind == "priority":
        events += story.when(cmd("Pass", story.pending.player))
    return events


def triggered_by(events: list[Event], source: str) -> list[Event]:
    return [e for e in events if e.type == "AbilityTriggered" and e.data["source"] == source]


# --- "When this card enters your magic stone area" (3.7, 9.6 p1) -----------------------------------------


def memoria_story() -> tuple[Story, str, str]:
    """p1's Hymnal's Memoria (TMS-098) is on top of the magic stone deck and a Bear on top of the main deck."""
    story = Story({"T-BEAR": 4, "T-WALL": 4}, stones={"TMS-098": 4, "T-STONE": 6})
    memoria = story.on_top("p1", "TMS-098", "stone_deck")
    bear = story.on_top("p1", "T-BEAR")
    return story, memoria, bear


def test_hymnals_memoria_names_a_card_as_it_enters_the_magic_stone_area_and_takes_the_top_card() -> None:
    # Hymnal's Memoria (TMS-098): "When this card enters your magic stone area, name a card. Reveal the top
    # card of your main deck, if it's the named card, put it into your hand."  Called as a magic stone
    # (7.11), it triggers; p1 names "Bear": the Bear on top goes into the hand.
    story, memoria, bear = memoria_story()
    events = story.when(cmd("CallMagicStone", "p1"))
    assert story.state.objects[memoria].zone == "stone_area"
    [trig] = triggered_by(events, memoria)
    assert (trig.data["controller"], trig.data["ability"], trig.rule) == ("p1", 0, "FoW-5.5 9.6 p5")
    asked = find(until_asked(story), "ChoiceRequested")  # no target: played at once (6.2 p3)
    assert (asked.data["player"], asked.data["kind"]) == ("p1", "name_card")
    events = story.when(cmd("NameCard", "p1", name="Bear"))
    assert (find(events, "CardRevealed").data["oid"], find(events, "CardRevealed").rule) == (bear, "FoW-5.5 10.4 p1")
    assert story.state.objects[bear].zone == "hand"
    story.replays()


def test_hymnals_memoria_leaves_another_card_on_top_hidden_again() -> None:
    # Named "Wall", the Bear on top is revealed and stays there, no longer revealed (10.4 p1); the deck is
    # not shuffled.
    story, _, bear = memoria_story()
    story.when(cmd("CallMagicStone", "p1"))
    until_asked(story)
    events = story.when(cmd("NameCard", "p1", name="Wall"))
    ended = find(events, "RevealEnded")
    assert (ended.data["oid"], ended.rule) == (bear, "FoW-5.5 10.4 p1")
    assert story.state.zones["p1"]["main_deck"][-1] == bear
    assert not [e for e in events if e.type == "DeckShuffled"]
    story.replays()


def test_hymnals_memoria_triggers_only_on_entering_the_magic_stone_area() -> None:
    # Any other stone entering, or Memoria entering another zone, triggers nothing; put into the magic stone
    # area by an effect, it triggers too ("enters", any way in, 3.7).
    story, memoria, _ = memoria_story()
    other = story.put("p1", "T-STONE", "hand")
    events = story.by_rule(actions.move, other, "stone_area", "given", rule="3.1 p5", reason="effect")
    assert not [e for e in events if e.type == "AbilityTriggered"]
    story.moved(memoria, "graveyard")
    assert not story.state.triggered
    events = story.by_rule(actions.move, memoria, "stone_area", "given", rule="3.1 p5", reason="effect")
    [trig] = triggered_by(events, memoria)
    assert trig.data["controller"] == "p1"
    story.replays()


# --- "[Trigger] When a resonator you control is destroyed" (7.9 p2, 9.6 p7.2) ---------------------------


def revolution_story() -> tuple[Story, str, str, str, str]:
    """p1 has Big-Bang Revolution (TAT-020) in the chant-standby area since turn 1; in turn 3 p1 controls a
    Bear ([500/500]) given [+200/+0] and a Wall, p2 a Bird.  Returns the story, the card, the Bear, the
    Wall and the Bird."""
    story = Story({"TAT-020": 4, "T-BEAR": 4, "T-WALL": 4, "T-BIRD": 4})
    revolution = story.put("p1", "TAT-020", "standby")
    bear = story.put("p1", "T-BEAR", "field")
    wall = story.put("p1", "T-WALL", "field")
    bird = story.put("p2", "T-BIRD", "field")
    story.log += to_main(story.state, turn=3)
    story.modified(bear, "p1", atk=200)
    return story, revolution, bear, wall, bird


def test_big_bang_revolution_triggers_on_your_resonator_destroyed_and_adds_its_last_stats() -> None:
    # Big-Bang Revolution (TAT-020): "[Trigger] When a resonator you control is destroyed: Two target
    # resonators gain [+X/+Y] until end of turn, where X is the destroyed resonator's ATK and Y is the
    # destroyed resonator's DEF."  The Bear, [700/500] with its [+200/+0], is destroyed: the card
    # triggers naming it (7.9 p2); played from the chant-standby area, the Wall and the Bird gain
    # [+700/+500], the Bear as it last was in the field (9.6 p7.2, 9.11).
    story, revolution, bear, wall, bird = revolution_story()
    assert stats(story, bear) == (700, 500)
    wall_atk, wall_def = stats(story, wall)
    bird_atk, bird_def = stats(story, bird)
    events = story.by_rule(actions.destroy, bear, "given")
    [trig] = triggered_by(events, revolution)
    assert (trig.data["kind"], trig.data["extra"], trig.rule) == ("card", {"target": bear}, "FoW-5.5 7.9 p2")
    story.when(cmd("Pass", "p1"))  # the priority sequence: p1 plays the triggered card (9.6 p5)
    events = story.when(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[[wall, bird]], pay_with=[]))
    played = find(events, "CardPlayed")
    assert (played.data["from"], played.data["subject"], played.rule) == ("standby", bear, "FoW-5.5 7.9 p4")
    made = find(story.resolve(), "ContinuousEffectCreated")
    assert (made.data["atk"], made.data["def"], made.rule) == (700, 500, "FoW-5.5 10.19 p3")
    assert stats(story, wall) == ((wall_atk or 0) + 700, (wall_def or 0) + 500)
    assert stats(story, bird) == ((bird_atk or 0) + 700, (bird_def or 0) + 500)
    story.replays()


def test_big_bang_revolution_ignores_other_destructions_and_its_first_turn() -> None:
    # The opponent's Bird destroyed: not "a resonator you control"; in the turn the card was put into the
    # chant-standby area it does not trigger (7.9 p5).
    story, revolution, bear, _, bird = revolution_story()
    story.by_rule(actions.destroy, bird, "given")
    assert not story.state.triggered
    story.moved(revolution, "hand")
    story.moved(revolution, "standby")  # put there again this turn
    story.by_rule(actions.destroy, bear, "given")
    assert not [t for t in story.state.triggered if t.source == revolution]
    story.replays()


def test_big_bang_revolution_x_is_zero_once_the_destroyed_resonator_left_its_graveyard() -> None:
    # The destroyed Bear is put into p1's hand before the card resolves: a new object (3.1 p3) - no
    # destroyed resonator to read, X and Y are 0.
    story, revolution, bear, wall, bird = revolution_story()
    events = story.by_rule(actions.destroy, bear, "given")
    [trig] = triggered_by(events, revolution)
    story.when(cmd("Pass", "p1"))
    story.when(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[[wall, bird]], pay_with=[]))
    story.moved(bear, "hand")
    made = find(story.resolve(), "ContinuousEffectCreated")
    assert (made.data["atk"], made.data["def"]) == (0, 0)
    story.replays()


# --- "you may reveal your hand. If you have no Spirit resonators in your hand, search ..." (10.4 p1) ---


def lamp_story() -> tuple[Story, str]:
    """p1 controls Aladdin's Lamp (MPR-055) and holds no Spirit resonator; turn 3 (p1's) reaches its main
    phase is next: the Lamp triggers then (5.3 p1)."""
    story = Story({"MPR-055": 4, "MPR-018": 4, "T-BEAR": 4})
    lamp = story.put("p1", "MPR-055", "field")
    for oid in list(story.state.zones["p1"]["hand"]):
        if story.state.objects[oid].card == "MPR-018":
            story.moved(oid, "main_deck")
    return story, lamp


def test_aladdins_lamp_searches_a_spirit_when_the_revealed_hand_has_none() -> None:
    # Aladdin's Lamp (MPR-055): "[Continuous]: At the beginning of your main phase, you may reveal your hand.
    # If you have no Spirit resonators in your hand, search your main deck for a Spirit resonator, reveal it
    # and put it into your hand. Then shuffle your main deck."  p1 reveals a hand with no Spirit: each card
    # is revealed and hidden again (10.4 p1), then the search offers the Spirits of the main deck (10.13 p2).
    story, lamp = lamp_story()
    events = until_asked(story)  # to p1's next main phase, where the ability is played and resolves
    assert story.state.turn == 3
    assert any(e.type == "AbilityTriggered" and e.data["source"] == lamp for e in events)
    asked = find(events, "ChoiceRequested")
    assert (asked.data["kind"], asked.rule) == ("optional", "FoW-5.5 9.3 p3.2")
    hand = list(story.state.zones["p1"]["hand"])
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    shown = [(e.data["oid"], e.rule) for e in events if e.type == "CardRevealed"]
    assert shown == [(oid, "FoW-5.5 10.4 p1") for oid in hand]
    assert [e.data["oid"] for e in events if e.type == "RevealEnded"] == hand
    assert not any(story.state.objects[oid].revealed for oid in hand)
    assert find(events, "ConditionChecked").data["met"] is True
    searching = find(events, "ChoiceRequested")
    assert (searching.data["kind"], searching.rule) == ("search", "FoW-5.5 10.13 p2")
    spirits = [o for o in story.state.zones["p1"]["main_deck"] if story.state.objects[o].card == "MPR-018"]
    assert sorted(searching.data["options"]["cards"]) == sorted(spirits)
    events = story.when(cmd("ChooseCards", "p1", cards=[spirits[0]]))
    assert story.state.objects[spirits[0]].zone == "hand"
    assert [e.type for e in events].count("DeckShuffled") == 1
    story.replays()


def test_aladdins_lamp_finds_nothing_with_a_spirit_in_hand_or_without_revealing() -> None:
    # With a Spirit resonator in the revealed hand, the condition fails: no search, the deck is shuffled
    # anyway (10.20); declining to reveal, nothing is revealed and nothing searched.
    story, _ = lamp_story()
    spirit = story.put("p1", "MPR-018", "hand")
    until_asked(story)
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    assert spirit in [e.data["oid"] for e in events if e.type == "CardRevealed"]
    assert find(events, "ConditionChecked").data["met"] is False
    assert "ChoiceRequested" not in [e.type for e in events]
    assert find(events, "DeckShuffled").rule == "FoW-5.5 10.20 p1"
    until_asked(story)
    assert story.state.turn == 5
    events = story.when(cmd("ChooseOptional", "p1", accept=False))
    assert not [e for e in events if e.type in ("CardRevealed", "ChoiceRequested", "ConditionChecked")]
    assert find(events, "DeckShuffled").rule == "FoW-5.5 10.20 p1"
    story.replays()


# --- "When this card in your main deck is removed from the game" (9.2 p2, 9.6 p7.1) ----------------------


def test_vell_savarian_apparition_removed_from_the_main_deck_is_put_into_the_field() -> None:
    # Vell-Savarian Apparition (BFA-029): "When this card in your main deck is removed from the game, put it
    # into your field."  The top card of p1's main deck is removed from the game (10.3 p1): it triggers in
    # the removed area, controlled by its owner (3.1 p5, 9.6 p7.1), and is put into p1's field, not played.
    story = Story({"BFA-029": 4, "T-BEAR": 4})
    apparition = story.on_top("p1", "BFA-029")
    events = story.by_rule(actions.move, apparition, "removed", "given", rule="10.3 p1", reason="removed")
    [trig] = triggered_by(events, apparition)
    assert (trig.data["controller"], trig.data["ability"], trig.rule) == ("p1", 0, "FoW-5.5 9.6 p5")
    events = story.when(cmd("Pass", "p1"))  # no target: played at once (6.2 p3)
    played = find(events, "AbilityPlayed")
    since = story.state.objects[apparition].zone_since  # the object in the removed area (3.1 p3)
    assert (played.data["source"], played.data["source_since"]) == (apparition, since)
    events = story.resolve()
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["from"], moved.data["to"], moved.rule) == (
        apparition,
        "removed",
        "field",
        "FoW-5.5 3.1 p5",
    )
    assert story.state.objects[apparition].controller == "p1"
    story.replays()


def test_vell_savarian_apparition_triggers_only_from_the_main_deck_face_up_and_only_where_it_went() -> None:
    # Removed from the hand, or face down (no information, 3.12 p2.1): no trigger.  Removed from the main
    # deck but put into the graveyard before its ability resolves: a new object, it stays there (3.1 p3).
    story = Story({"BFA-029": 4, "T-BEAR": 4})
    in_hand = story.put("p1", "BFA-029", "hand")
    events = story.by_rule(actions.move, in_hand, "removed", "given", rule="10.3 p1", reason="removed")
    assert not triggered_by(events, in_hand)
    face_down = story.on_top("p1", "BFA-029")
    events = story.by_rule(actions.move, face_down, "removed", "given", rule="3.12 p2.1", reason="look", face_down=True)
    assert not triggered_by(events, face_down)
    apparition = story.on_top("p1", "BFA-029")
    story.by_rule(actions.move, apparition, "removed", "given", rule="10.3 p1", reason="removed")
    story.when(cmd("Pass", "p1"))
    story.moved(apparition, "graveyard")
    story.resolve()
    assert story.state.objects[apparition].zone == "graveyard"
    story.replays()


# --- "When target resonator you control is put into a graveyard this turn, search ..." (9.6 p8) ----------


def accede_story() -> tuple[Story, str, list[Event]]:
    """p1 plays Accede the Light (MPR-003, {W}{1}) targeting their Bear (total cost 1); it resolves."""
    story = Story({"MPR-003": 4, "T-BEAR": 4, "CMF-025": 4})
    bear = story.put("p1", "T-BEAR", "field")
    accede = story.put("p1", "MPR-003", "hand")
    story.will("p1", "W", "R")
    story.when(cmd("PlayCard", "p1", card=accede, targets=[[bear]]))
    return story, bear, story.resolve()


def test_accede_the_light_searches_a_resonator_of_the_same_total_cost_when_the_target_dies() -> None:
    # Accede the Light (MPR-003): "When target resonator you control is put into a graveyard this turn,
    # search your main deck for a resonator with the same total cost as that resonator and put it into your
    # field. Then shuffle your main deck."  Resolving, it makes a delayed ability watching the Bear (9.6 p8);
    # the Bear destroyed, it triggers once; the search offers only the total cost 1 resonators - Bears and
    # fillers, not Granny by the Fireplace (total cost 3) - and the one chosen is put into p1's field (10.13 p2).
    story, bear, events = accede_story()
    made = find(events, "DelayedAbilityCreated")
    assert (made.data["at"], made.data["objects"], made.rule) == (
        "it_is_put_into_graveyard",
        [[bear, story.state.objects[bear].zone_since]],
        "FoW-5.5 9.6 p8",
    )
    events = story.by_rule(actions.destroy, bear, "given")
    [trig] = [e for e in events if e.type == "AbilityTriggered"]
    assert (trig.data["kind"], trig.data["controller"], trig.rule) == ("delayed", "p1", "FoW-5.5 9.6 p8")
    story.when(cmd("Pass", "p1"))  # no target: played at once (6.2 p3)
    asked = find(story.resolve(), "ChoiceRequested")
    assert (asked.data["kind"], asked.rule) == ("search", "FoW-5.5 10.13 p2")
    deck = story.state.zones["p1"]["main_deck"]
    grannies = [o for o in deck if story.state.objects[o].card == "CMF-025"]
    resonators = [o for o in deck if story.state.card_of(o).type == "resonator"]
    ones = [o for o in resonators if o not in grannies]  # the Bears and the vanilla fillers: total cost 1
    assert grannies and sorted(asked.data["options"]["cards"]) == sorted(ones)
    bears = [o for o in ones if story.state.objects[o].card == "T-BEAR"]
    events = story.when(cmd("ChooseCards", "p1", cards=[bears[0]]))
    assert (story.state.objects[bears[0]].zone, story.state.objects[bears[0]].controller) == ("field", "p1")
    assert find(events, "DeckShuffled").rule == "FoW-5.5 10.20 p1"
    # once only (9.6 p8.1): the new Bear destroyed this turn triggers nothing
    events = story.by_rule(actions.destroy, bears[0], "given")
    assert not [e for e in events if e.type == "AbilityTriggered"]
    story.replays()


def test_accede_the_light_watches_only_that_object_and_only_this_turn() -> None:
    # The Bear returned to the hand and put into the field again is a new object (3.1 p3): its going to the
    # graveyard triggers nothing; nor does the next turn's.
    story, bear, _ = accede_story()
    story.moved(bear, "hand")
    story.moved(bear, "field")
    events = story.by_rule(actions.destroy, bear, "given")
    assert not [e for e in events if e.type == "AbilityTriggered"]
    story, bear, _ = accede_story()
    story.log += to_main(story.state, turn=2)
    events = story.by_rule(actions.destroy, bear, "given")
    assert not [e for e in events if e.type == "AbilityTriggered"]
    story.replays()


# --- "enters your field with five [+100/+100] counters" / "As this card shifts, put ten" (9.10 p1, 12.8) ---


def test_charlotte_played_future_side_up_enters_with_five_counters() -> None:
    # Glorian Princess of Water, Charlotte (BFA-077^, [0/0]): "This card enters your field with five
    # [+100/+100] counters."  Played future side up ([Shift], 12.8 p1), it enters p1's field with them, put
    # as it enters (9.10 p1): a [500/500], not a [0/0] destroyed by rule process (13.2).
    story = Story({"BFA-077": 4, "T-BEAR": 4})
    charlotte = story.put("p1", "BFA-077", "hand")
    story.will("p1", "U", "R", "R")
    story.when(cmd("PlayCard", "p1", card=charlotte, side="future"))
    events = story.resolve()
    put = find(events, "CounterPut")
    assert (put.data, put.rule) == ({"oid": charlotte, "counter": "+100/+100", "count": 5}, "FoW-5.5 9.10 p1")
    assert [e.type for e in events].index("CardMoved") < [e.type for e in events].index("CounterPut")
    assert story.state.objects[charlotte].zone == "field" and stats(story, charlotte) == (500, 500)
    story.replays()


def test_charlotte_shifting_puts_ten_counters_and_entering_past_side_up_none() -> None:
    # "As this card shifts, put ten [+100/+100] counters on it.": the past side (BFA-077) entering puts no
    # counters; shifting (12.8 p2.1) puts ten on it as it turns future side up: [1000/1000].
    story = Story({"BFA-077": 4, "T-BEAR": 4})
    charlotte = story.put("p1", "BFA-077", "hand")
    story.will("p1", "R", "U")
    story.when(cmd("PlayCard", "p1", card=charlotte))
    events = story.resolve()
    assert "CounterPut" not in [e.type for e in events]
    story.will("p1", "U", "U", "U", "U", "U")
    story.when(cmd("ActivateAbility", "p1", source=charlotte, ability="shift"))
    events = story.resolve()
    types = [e.type for e in events]
    put = find(events, "CounterPut")
    assert (put.data, put.rule) == ({"oid": charlotte, "counter": "+100/+100", "count": 10}, "FoW-5.5 12.8 p2.1")
    assert types.index("CardShifted") < types.index("CounterPut")
    assert story.state.card_of(charlotte).id == "BFA-077^" and stats(story, charlotte) == (1000, 1000)
    story.replays()
