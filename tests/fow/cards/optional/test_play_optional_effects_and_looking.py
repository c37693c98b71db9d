"""Optional effects and looking at cards on real Grimm/Alice cards, executed by the engine in the
form the importer gives them (given events / when command / then events or a cited rejection;
each story replays its whole log at the end):

* a "you may" or an "if" holding an effect that waits for a choice of its own ("You may search
  your main deck for ...", "If you don't control other resonators, search ..."): the question (or
  the condition) is a step of the resolution, then the held effect asks for its own choice
  (FoW-5.5 9.3 p3.2, 10.13 p2);
* "Then shuffle your main deck." after such a search: shuffled whether or not the player searched
  (10.20).
"""

from __future__ import annotations

from domain.fow import actions, engine
from domain.kernel import Event
from tests.fow.cards.story import Story, legal
from tests.fow.support import cmd, find


def enters(story: Story, player: str, card_id: str, *will: str) -> str:
    """``player`` plays ``card_id`` from the hand with ``will``; it resolves and enters the
    field, its [Enter] ability triggers (9.6 p1.1)."""
    oid = story.put(player, card_id, "hand")
    story.will(player, *will)
    story.when(cmd("PlayCard", player, card=oid))
    story.resolve()
    return oid


def play_trigger(story: Story, player: str) -> list[Event]:
    """The triggered ability (played at once when it needs no choice, 9.6 p6) resolves."""
    if story.state.triggered:  # given by a rule action: played as the player would get priority
        story.when(cmd("Pass", player))
    assert story.state.chase[-1].kind == "ability"
    return story.resolve()


# --- an "if" holding a search (9.3 p3.2, 10.13 p2, 10.20) ----------------------------------------


def test_if_you_dont_control_other_resonators_search_then_shuffle() -> None:
    # Giovanni, the Lonely Child (MPR-095): "[Enter]: If you don't control other resonators,
    # search your main deck for a card named "Campanella, the Milky Way Moon", reveal it and put
    # it into your hand. Then shuffle your main deck."
    story = Story({"MPR-095": 4, "MPR-038": 4, "T-BEAR": 4})
    enters(story, "p1", "MPR-095", "U", "G")
    campanella = [o for o in story.state.zones["p1"]["main_deck"] if story.state.objects[o].card == "MPR-038"]
    events = play_trigger(story, "p1")
    checked = find(events, "ConditionChecked")
    assert (checked.data["met"], checked.rule) == (True, "FoW-5.5 9.3 p3.2")
    asked = find(events, "ChoiceRequested")
    assert (asked.data["kind"], asked.rule) == ("search", "FoW-5.5 10.13 p2")
    assert sorted(asked.data["options"]["cards"]) == sorted(campanella)  # only the named card
    assert engine.redact_event(story.state, asked, "p2").data["options"] == {}  # p2 sees no deck
    assert legal(story, "p2", "ChooseCards") == []
    events = story.when(cmd("ChooseCards", "p1", cards=[campanella[0]]))
    moved = find(events, "CardMoved")
    assert (moved.data["to"], moved.data["revealed"], moved.rule) == ("hand", True, "FoW-5.5 10.13 p2")
    shuffled = find(events, "DeckShuffled")
    assert (shuffled.data["player"], shuffled.rule) == ("p1", "FoW-5.5 10.20 p1")
    assert [e.type for e in events].count("DeckShuffled") == 1  # once, by the "shuffle" effect
    assert story.state.objects[campanella[0]].zone == "hand"
    # a second Giovanni, with the first one in the field: no search, but the deck is shuffled
    enters(story, "p1", "MPR-095", "U", "G")
    events = play_trigger(story, "p1")
    assert find(events, "ConditionChecked").data["met"] is False
    assert "ChoiceRequested" not in [e.type for e in events]
    assert find(events, "DeckShuffled").rule == "FoW-5.5 10.20 p1"
    assert find(events, "ChaseItemResolved")
    story.replays()


def test_a_search_that_finds_nothing_offers_one_empty_choice() -> None:
    # Giovanni (MPR-095) with no "Campanella, the Milky Way Moon" in the main deck: a card with
    # specific information need not be found (10.13 p2), and here it cannot be; the legal actions
    # offer that empty choice once
    story = Story({"MPR-095": 4, "T-BEAR": 4})
    enters(story, "p1", "MPR-095", "U", "G")
    asked = find(play_trigger(story, "p1"), "ChoiceRequested")
    assert (asked.data["kind"], asked.data["options"]["cards"]) == ("search", [])
    assert legal(story, "p1", "ChooseCards") == [{"cards": []}]
    events = story.when(cmd("ChooseCards", "p1", cards=[]))
    assert find(events, "DeckShuffled").rule == "FoW-5.5 10.20 p1"
    story.replays()


# --- a "you may" holding a search (9.3 p3.2, 10.13 p2, 10.20) -------------------------------------


def test_you_may_search_is_asked_first_then_searched_then_shuffled() -> None:
    # Cinderella, the Ashen Maiden (CMF-082): "[Continuous]: Whenever this card deals damage to
    # your opponent, you may search your main deck for a Prince resonator, reveal it and put it
    # into your hand. Then shuffle your main deck."
    story = Story({"CMF-082": 4, "MPR-095": 4, "T-BEAR": 4})
    cinderella = story.put("p1", "CMF-082", "field")
    story.by_rule(actions.deal_damage, cinderella, "p2", 400, "given")
    events = play_trigger(story, "p1")
    asked = find(events, "ChoiceRequested")
    assert (asked.data["kind"], asked.rule) == ("optional", "FoW-5.5 9.3 p3.2")
    assert "DeckShuffled" not in [e.type for e in events]
    assert legal(story, "p1", "ChooseOptional") == [{"accept": True}, {"accept": False}]
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    assert find(events, "OptionChosen").data["accepted"] is True
    searching = find(events, "ChoiceRequested")
    assert (searching.data["kind"], searching.rule) == ("search", "FoW-5.5 10.13 p2")
    assert searching.data["options"]["cards"] == []  # no Prince resonator in this deck
    assert {"cards": []} in legal(story, "p1", "ChooseCards")
    events = story.when(cmd("ChooseCards", "p1", cards=[]))
    assert [e.type for e in events].count("DeckShuffled") == 1
    # declined: no search, the deck is shuffled all the same
    story.by_rule(actions.deal_damage, cinderella, "p2", 400, "given")
    play_trigger(story, "p1")
    events = story.when(cmd("ChooseOptional", "p1", accept=False))
    assert find(events, "OptionChosen").data["accepted"] is False
    assert "ChoiceRequested" not in [e.type for e in events]
    assert find(events, "DeckShuffled").rule == "FoW-5.5 10.20 p1"
    assert find(events, "ChaseItemResolved")
    story.replays()


# --- "you may" holding a banish, "If you do" after it (9.3 p3.2, 10.10) --------------------------


def test_you_may_banish_another_resonator_if_you_do_deal_damage() -> None:
    # Mordred, the Traitor (TMS-028): "Whenever this card attacks, you may banish another
    # resonator. If you do, this card deals 1000 damage to target resonator."  The target is
    # chosen as the ability is played (9.3 p2.4); the banished resonator is one Mordred's
    # controller controls (10.10 p2), chosen on resolution (10.10 p1)
    story = Story({"TMS-028": 4, "T-BEAR": 4})
    mordred = story.put("p1", "TMS-028", "field")
    mine = [story.put("p1", "T-BEAR", "field"), story.put("p1", "T-BEAR", "field")]
    theirs = story.put("p2", "T-BEAR", "field")
    first_turn = story.state.turn
    while not (story.state.turn > first_turn and story.state.turn_player == "p1" and story.state.step == "main"):
        story.when(cmd("Pass", story.pending.player))
    story.when(cmd("InitiateBattle", "p1"))
    while story.pending.kind != "declare_attack":
        story.when(cmd("Pass", story.pending.player))
    story.when(cmd("DeclareAttack", "p1", attacker=mordred, target="p2"))
    trigger = story.state.triggered[0]
    assert theirs in {a["targets"][0][0] for a in legal(story, "p1", "PlayTriggered")}
    story.when(cmd("PlayTriggered", "p1", trigger=trigger.id, targets=[[theirs]]))
    events = story.resolve()
    assert find(events, "ChoiceRequested").data["kind"] == "optional"
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    asked = find(events, "ChoiceRequested")
    assert (asked.data["kind"], asked.rule) == ("banish", "FoW-5.5 10.10 p1")
    assert sorted(asked.data["options"]["cards"]) == sorted(mine)  # not Mordred, not the opponent's
    wrong = story.refused(cmd("ChooseCards", "p1", cards=[theirs]))
    assert (wrong.code, wrong.rule) == ("rules/banish_choice", "FoW-5.5 10.10 p1")
    events = story.when(cmd("ChooseCards", "p1", cards=[mine[0]]))
    banished = find(events, "CardMoved")
    assert (banished.data["oid"], banished.data["to"], banished.rule) == (mine[0], "graveyard", "FoW-5.5 10.10 p1")
    assert find(events, "ConditionChecked").data["met"] is True  # "If you do"
    dealt = find(events, "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (mordred, theirs, 1000)
    story.replays()


def test_you_may_banish_declined_deals_no_damage() -> None:
    # Mordred, the Traitor (TMS-028), declining: nothing is banished, "If you do" is not met
    story = Story({"TMS-028": 4, "T-BEAR": 4})
    mordred = story.put("p1", "TMS-028", "field")
    story.put("p1", "T-BEAR", "field")
    theirs = story.put("p2", "T-BEAR", "field")
    first_turn = story.state.turn
    while not (story.state.turn > first_turn and story.state.turn_player == "p1" and story.state.step == "main"):
        story.when(cmd("Pass", story.pending.player))
    story.when(cmd("InitiateBattle", "p1"))
    while story.pending.kind != "declare_attack":
        story.when(cmd("Pass", story.pending.player))
    story.when(cmd("DeclareAttack", "p1", attacker=mordred, target="p2"))
    story.when(cmd("PlayTriggered", "p1", trigger=story.state.triggered[0].id, targets=[[theirs]]))
    story.resolve()
    events = story.when(cmd("ChooseOptional", "p1", accept=False))
    assert find(events, "ConditionChecked").data["met"] is False
    assert not {"CardMoved", "DamageDealt", "ChoiceRequested"} & {e.type for e in events}
    assert find(events, "ChaseItemResolved")
    story.replays()


# --- "you may" holding a removal from the hand (9.3 p3.2, 10.13 p2, 10.3) -------------------------


def test_you_may_remove_a_card_in_your_hand_from_the_game_if_you_do_draw() -> None:
    # Keeper of the Present, Verdandi (TMS-025): "When this card enters your field, you may remove
    # a card in your hand from the game. If you do, draw a card."  The card is chosen from the
    # hand as the effect resolves (10.13 p2) and removed face up (10.3 p1)
    story = Story({"TMS-025": 4, "T-BEAR": 4})
    verdandi = story.put("p1", "TMS-025", "graveyard")
    story.by_rule(actions.move, verdandi, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    events = play_trigger(story, "p1")
    assert find(events, "ChoiceRequested").data["kind"] == "optional"
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    asked = find(events, "ChoiceRequested")
    hand = list(story.state.zones["p1"]["hand"])
    assert (asked.data["kind"], asked.rule) == ("look", "FoW-5.5 10.13 p2")
    assert (asked.data["options"]["cards"], asked.data["options"]["min"]) == (hand, 1)
    two = story.refused(cmd("ChooseCards", "p1", cards=hand[:2]))
    assert (two.code, two.rule) == ("rules/look_choice", "FoW-5.5 10.13 p1")
    events = story.when(cmd("ChooseCards", "p1", cards=[hand[0]]))
    removed = find(events, "CardMoved")
    assert (removed.data["oid"], removed.data["to"], removed.rule) == (hand[0], "removed", "FoW-5.5 10.3 p1")
    assert not removed.data.get("face_down")
    assert find(events, "ConditionChecked").data["met"] is True
    drawn = [e for e in events if e.type == "CardMoved" and e.data["to"] == "hand"]
    assert len(drawn) == 1 and len(story.state.zones["p1"]["hand"]) == len(hand)
    # declined by a second Verdandi: nothing removed, no card drawn
    second = story.put("p1", "TMS-025", "graveyard")
    story.by_rule(actions.move, second, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    play_trigger(story, "p1")
    events = story.when(cmd("ChooseOptional", "p1", accept=False))
    assert find(events, "ConditionChecked").data["met"] is False
    assert "CardMoved" not in [e.type for e in events]
    story.replays()


# --- "put this card from your graveyard into ..." (3.1 p3), after "If you do" ---------------------


def test_you_may_discard_if_you_do_put_this_card_from_your_graveyard_into_your_hand() -> None:
    # Shantak (MPR-084): "[Continuous]: When this card is put into a graveyard from your field, you
    # may discard a card. If you do, put this card from your graveyard into your hand."
    story = Story({"MPR-084": 4, "T-BEAR": 4})
    shantak = story.put("p1", "MPR-084", "field")
    story.by_rule(actions.destroy, shantak, "given")
    assert story.state.objects[shantak].zone == "graveyard"
    play_trigger(story, "p1")
    played = [e for e in story.log if e.type == "AbilityPlayed"][-1]
    assert played.data["source_since"] == story.state.objects[shantak].zone_since  # the card in the graveyard
    story.when(cmd("ChooseOptional", "p1", accept=True))
    hand = list(story.state.zones["p1"]["hand"])
    assert story.pending.kind == "discard"
    events = story.when(cmd("ChooseCards", "p1", cards=[hand[0]]))
    assert find(events, "CardMoved").data["to"] == "graveyard"  # the discard (10.18)
    assert find(events, "ConditionChecked").data["met"] is True
    back = [e for e in events if e.type == "CardMoved" and e.data["oid"] == shantak]
    assert [(e.data["from"], e.data["to"], e.rule) for e in back] == [("graveyard", "hand", "FoW-5.5 3.1 p5")]
    story.replays()


def test_this_card_that_left_the_graveyard_is_a_new_object() -> None:
    # Shantak (MPR-084) again: removed from the graveyard and put back before the ability resolves,
    # it is a new object (3.1 p3): the discard is done, the card stays where it is
    story = Story({"MPR-084": 4, "T-BEAR": 4})
    shantak = story.put("p1", "MPR-084", "field")
    story.by_rule(actions.destroy, shantak, "given")
    play_trigger(story, "p1")
    story.by_rule(actions.move, shantak, "removed", "given", rule="10.3 p1", reason="removed")
    story.by_rule(actions.move, shantak, "graveyard", "given", rule="3.1 p5", reason="effect")
    story.when(cmd("ChooseOptional", "p1", accept=True))
    events = story.when(cmd("ChooseCards", "p1", cards=[story.state.zones["p1"]["hand"][0]]))
    assert find(events, "ConditionChecked").data["met"] is True
    assert [e for e in events if e.type == "CardMoved" and e.data["oid"] == shantak] == []
    assert story.state.objects[shantak].zone == "graveyard"
    story.replays()


def test_if_you_control_juliet_you_may_pay_if_you_do_put_this_card_into_your_field() -> None:
    # Romeo, the Despair (CMF-090): "[Continuous]: When this card is put into your graveyard from a
    # field, if you control "Juliet, the Hope", you may pay {B}. If you do, put this card from your
    # graveyard into your field."  The "if" holds the "you may pay" (9.3 p3.2); put, not played:
    # no [Enter] (9.6 p1.1)
    story = Story({"CMF-090": 4, "CMF-008": 4, "T-BEAR": 4})
    romeo = story.put("p1", "CMF-090", "field")
    juliet = story.put("p1", "CMF-008", "field")
    story.by_rule(actions.destroy, romeo, "given")
    events = play_trigger(story, "p1")
    assert find(events, "ConditionChecked").data["met"] is True
    assert find(events, "ChoiceRequested").data["kind"] == "optional"
    assert legal(story, "p1", "ChooseOptional") == [{"accept": False}]  # no will to pay {B}
    story.will("p1", "B")
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    assert find(events, "WillPaid").data["will"] == ["B"]
    back = [e for e in events if e.type == "CardMoved" and e.data["oid"] == romeo]
    assert [(e.data["from"], e.data["to"]) for e in back] == [("graveyard", "field")]
    assert story.state.objects[romeo].zone == "field"
    # without Juliet: nothing is asked, Romeo stays in the graveyard
    story.by_rule(actions.move, juliet, "hand", "given", rule="3.1 p5", reason="returned")
    story.by_rule(actions.destroy, romeo, "given")
    events = play_trigger(story, "p1")
    assert find(events, "ConditionChecked").data["met"] is False
    assert "ChoiceRequested" not in [e.type for e in events]
    assert story.state.objects[romeo].zone == "graveyard"
    story.replays()


# --- "If ..., you may put it into your field instead" after a search (9.3 p3.2, 10.13 p2) ---------


def test_search_then_you_may_put_it_into_your_field_instead() -> None:
    # Tell a Fairy Tale (CMF-017): "Search your main deck for a Fairy Tale resonator, reveal it and
    # put it into your hand. If your Ruler is "Grimm, the Fairy Tale Prince", you may put it into
    # your field instead. This triggers its [Enter] ability. Then shuffle your main deck."  With
    # Grimm (CMF-005) as ruler, the player chooses once the card is found; The Emperor with New
    # Clothes (CMF-018) has "[Enter]: Destroy all [Addition:Resonator] your opponent controls."
    story = Story({"CMF-017": 4, "CMF-018": 4, "T-BEAR": 4}, ruler="CMF-005")
    emperors = [o for o in story.state.zones["p1"]["main_deck"] if story.state.objects[o].card == "CMF-018"]
    tale = story.put("p1", "CMF-017", "hand")
    story.will("p1", "W", "R", "R")
    story.when(cmd("PlayCard", "p1", card=tale))
    events = story.resolve()
    assert find(events, "ChoiceRequested").data["kind"] == "search"
    events = story.when(cmd("ChooseCards", "p1", cards=[emperors[0]]))
    asked = find(events, "ChoiceRequested")
    assert (asked.data["kind"], asked.data["options"]["cards"], asked.rule) == (
        "optional",
        [emperors[0]],
        "FoW-5.5 9.3 p3.2",
    )
    assert "CardMoved" not in [e.type for e in events]  # still in the deck while the player decides
    assert legal(story, "p1", "ChooseOptional") == [{"accept": True}, {"accept": False}]
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.rule) == (emperors[0], "field", "FoW-5.5 10.13 p2")
    assert find(events, "AbilityTriggered").data["source"] == emperors[0]  # "This triggers its [Enter]"
    assert find(events, "DeckShuffled").rule == "FoW-5.5 10.20 p1"
    story.replays()


def test_search_then_declining_to_put_it_into_your_field_instead() -> None:
    # Tell a Fairy Tale (CMF-017), declined: into the hand, revealed
    story = Story({"CMF-017": 4, "CMF-018": 4, "T-BEAR": 4}, ruler="CMF-005")
    emperor = next(o for o in story.state.zones["p1"]["main_deck"] if story.state.objects[o].card == "CMF-018")
    tale = story.put("p1", "CMF-017", "hand")
    story.will("p1", "W", "R", "R")
    story.when(cmd("PlayCard", "p1", card=tale))
    story.resolve()
    story.when(cmd("ChooseCards", "p1", cards=[emperor]))
    events = story.when(cmd("ChooseOptional", "p1", accept=False))
    assert find(events, "OptionChosen").data["accepted"] is False
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.data["revealed"]) == (emperor, "hand", True)
    assert "AbilityTriggered" not in [e.type for e in events]
    story.replays()


def test_search_without_the_named_ruler_puts_it_into_your_hand() -> None:
    # Tell a Fairy Tale (CMF-017) with another ruler: no question, the card goes into the hand
    story = Story({"CMF-017": 4, "CMF-018": 4, "T-BEAR": 4})
    emperor = next(o for o in story.state.zones["p1"]["main_deck"] if story.state.objects[o].card == "CMF-018")
    tale = story.put("p1", "CMF-017", "hand")
    story.will("p1", "W", "R", "R")
    story.when(cmd("PlayCard", "p1", card=tale))
    story.resolve()
    events = story.when(cmd("ChooseCards", "p1", cards=[emperor]))
    assert "ChoiceRequested" not in [e.type for e in events]
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"]) == (emperor, "hand")
    assert find(events, "DeckShuffled")
    story.replays()


# --- looking at the opponent's main deck: the looker alone sees the card (3.1 p2) ----------------


def test_you_may_look_at_the_top_card_of_your_opponents_main_deck() -> None:
    # Seeking Sky Soldier (TAT-016): "[Enter]: You may look the top card of your opponent's main
    # deck."  p1 sees p2's top card (CardLookedAt names it in p1's view only); it stays on top
    story = Story({"TAT-016": 4, "T-BEAR": 4})
    enters(story, "p1", "TAT-016", "W", "R")
    top = story.state.zones["p2"]["main_deck"][-1]
    deck = list(story.state.zones["p2"]["main_deck"])
    events = play_trigger(story, "p1")
    assert find(events, "ChoiceRequested").data["kind"] == "optional"
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    looked = find(events, "CardLookedAt")
    assert (looked.data["player"], looked.data["oid"], looked.rule) == ("p1", top, "FoW-5.5 3.1 p2")
    assert engine.redact_event(story.state, looked, "p1").data["card"] == story.state.objects[top].card
    assert engine.redact_event(story.state, looked, "p2").data["card"] is None  # not even its owner
    asked = find(events, "ChoiceRequested")
    assert (asked.data["kind"], asked.data["options"]["looked"], asked.data["options"]["max"]) == ("look", [top], 0)
    taking = story.refused(cmd("ChooseCards", "p1", cards=[top]))
    assert taking.code == "rules/look_choice"
    events = story.when(cmd("ChooseCards", "p1", cards=[]))
    assert "CardMoved" not in [e.type for e in events]
    assert story.state.zones["p2"]["main_deck"] == deck
    assert not story.state.objects[top].revealed
    story.replays()
