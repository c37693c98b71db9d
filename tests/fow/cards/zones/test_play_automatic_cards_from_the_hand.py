"""Automatic cards revealed from the hand, on a real card (given events / when command / then cited
events; each story replays its whole log): Justice of God's Sword (TTW-010, {W}) "[Trigger] When a
resonator your opponent controls attacks or blocks: This card deals 500 damage to target attacking or
blocking resonator. ..." - "Automatic cards are [Spell: Chant-standby] cards in your hand or
chant-standby area ... it fulfills the trigger condition if its trigger condition is met and you reveal
the card at that time" (FoW-5.5 9.6 p2, 7.9 p2); from the hand its cost is paid too (7.9 p4).

No choice is made for the player: a deck holding such a card says whether its player is asked
(``automatic_cards_in_hand``), and a player who is asked is asked at each happening of a public list
(``HAND_REVEAL_TRIGGERS``) while they hold a card in hand, whatever the cards, so that the question
tells the opponent nothing; the opponent reads neither its options nor the cards that fit.
"""

from __future__ import annotations

from typing import Any

from domain.fow import engine
from domain.fow.cards import HAND_REVEAL_TRIGGERS
from domain.fow.view import redact_event
from domain.kernel import Event, GameSpec, PlayerSpec, Rejection
from tests.fow.cards.story import Story, database_cards
from tests.fow.support import catalog, cmd, deck, find
from tests.fow.test_ch8_battle import to_attack_choice, to_main


def _attacked(story: Story) -> tuple[str, list[Event]]:
    """p2's Wall (T-WALL) attacks p1 in turn 2; the events of the declaration."""
    wall = story.put("p2", "T-WALL", "field")
    story.log += to_main(story.state, turn=2)
    story.log += to_attack_choice(story.state)
    return wall, story.when(cmd("DeclareAttack", "p2", attacker=wall, target="p1"))


def _asked(story: Story) -> list[tuple[str, list[str]]]:
    """Each pending reveal question in a row, answered "reveal none": (happening, offered cards)."""
    seen = []
    while story.pending.kind == "reveal_automatic_card":
        seen.append((story.pending.options["trigger"], list(story.pending.options["cards"])))
        story.when(cmd("ChooseCards", story.pending.player, cards=[]))
    return seen


def start_with_setting(card: str, setting: str | None) -> Any:
    """Game creation, p1's deck holding ``card`` with ``automatic_cards_in_hand`` ``setting`` (None: unset)."""
    d = deck({card: 4})
    del d["automatic_cards_in_hand"]
    return _start(d if setting is None else {**d, "automatic_cards_in_hand": setting}, cards=catalog(database_cards()))


def reveal_not_offered() -> Rejection:
    """p1, asked at p2's attack, names a card in their hand that is not offered."""
    story = Story({"TTW-010": 4, "T-WALL": 4}, automatic_cards="ask")
    _attacked(story)
    other = next(c for c in story.state.zones["p1"]["hand"] if c not in story.pending.options["cards"])
    return story.refused(cmd("ChooseCards", "p1", cards=[other]))


def test_a_card_not_offered_cannot_be_revealed() -> None:
    """FoW-5.5 9.6 p2: only the cards whose [Trigger] condition this happening meets."""
    refused = reveal_not_offered()
    assert (refused.code, refused.rule) == ("rules/reveal_choice", "FoW-5.5 9.6 p2")


def test_a_deck_holding_an_automatic_card_must_say_whether_its_player_is_asked() -> None:
    """FoW-5.5 9.6 p2: without ``automatic_cards_in_hand`` the game is refused (the engine would
    otherwise decide for the player); a wrong value too; under 5.01 no card is revealed from the
    hand (7.9 p1) and the deck need not say it."""
    unset = start_with_setting("TTW-010", None)
    assert isinstance(unset, Rejection)
    assert (unset.code, unset.rule) == ("deck/automatic_cards_in_hand_unset", "FoW-5.5 9.6 p2")
    assert "Justice of God's Sword" in unset.message
    wrong = start_with_setting("TTW-010", "sometimes")
    assert isinstance(wrong, Rejection) and wrong.code == "deck/automatic_cards_in_hand"
    d = deck({"TTW-010": 4})
    del d["automatic_cards_in_hand"]
    assert not isinstance(_start(d, ruleset="FoW-5.01", cards=catalog(database_cards())), Rejection)
    assert not isinstance(start_with_setting("T-BEAR", None), Rejection)  # no automatic card: nothing to say


def _start(d: dict[str, Any], *, cards: Any, ruleset: str = "FoW-5.5") -> Any:
    players = [PlayerSpec("p1", "A", d), PlayerSpec("p2", "B", deck())]
    return engine.start(GameSpec("g", ruleset, "valhalla", players, 1, "p1"), cards)


def test_asked_on_an_attack_the_player_reveals_it_from_the_hand_and_plays_it_paying_its_cost() -> None:
    """FoW-5.5 9.6 p2 / 7.9 p2: an opponent's resonator attacks; p1 is asked (citing 9.6 p2), the
    legal actions list the choice with Justice; revealed, it triggers and is played from the hand
    paying its cost {W} (7.9 p4); it deals 500 damage to the attacker."""
    story = Story({"TTW-010": 4, "T-WALL": 4}, automatic_cards="ask")
    justice = story.put("p1", "TTW-010", "hand")
    wall, events = _attacked(story)
    asked = [e for e in events if e.type == "ChoiceRequested" and e.data["kind"] == "reveal_automatic_card"]
    assert asked and asked[-1].rule == "FoW-5.5 9.6 p2" and asked[-1].data["player"] == "p1"
    while justice not in story.pending.options["cards"]:
        assert story.pending.kind == "reveal_automatic_card"
        story.when(cmd("ChooseCards", "p1", cards=[]))
    assert story.pending.options["trigger"] == "opponent_resonator_attacks_or_blocks"
    [choice] = [a for a in engine.legal_actions(story.state, "p1") if a.type == "ChooseCards"]
    assert choice.choice is not None and justice in choice.choice.candidates and choice.choice.min_count == 0
    events = story.when(cmd("ChooseCards", "p1", cards=[justice]))
    assert find(events, "CardRevealed").data["oid"] == justice
    trig = find(events, "AbilityTriggered")
    assert (trig.data["source"], trig.data["kind"], trig.data["from"], trig.rule) == (
        justice,
        "card",
        "hand",
        "FoW-5.5 9.6 p2",
    )
    story.will("p1", "W")
    played = [a for a in engine.legal_actions(story.state, "p1") if a.type == "PlayTriggered"]
    assert played, "the triggered card is listed, its cost payable"
    events = story.when(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[[wall]], pay_with=[]))
    card = find(events, "CardPlayed")
    assert (card.data["from"], card.rule) == ("hand", "FoW-5.5 7.9 p4")
    assert find(events, "WillPaid").data["will"] == ["W"]  # its own cost: not the chant-standby area (7.9 p4)
    events = story.resolve()
    assert find(events, "DamageDealt").data["amount"] == 500
    story.replays()


def test_declined_the_card_stays_hidden_in_the_hand() -> None:
    """FoW-5.5 9.6 p2: revealing is the player's choice; "reveal none" leaves Justice in the hand,
    not revealed, and the attack goes on."""
    story = Story({"TTW-010": 4, "T-WALL": 4}, automatic_cards="ask")
    justice = story.put("p1", "TTW-010", "hand")
    _attacked(story)
    offered = _asked(story)
    assert any(kind == "opponent_resonator_attacks_or_blocks" and justice in cards for kind, cards in offered)
    assert all(justice not in cards for kind, cards in offered if kind == "opponent_attacks")  # not its trigger
    assert story.state.objects[justice].zone == "hand" and not story.state.objects[justice].revealed
    assert not story.state.triggered and story.pending.kind == "priority"
    story.replays()


def test_the_question_is_asked_whatever_the_hand_holds_and_reads_the_same_to_the_opponent() -> None:
    """FoW-5.5 9.6 p2, 3.1 p2: p1 is asked as often with no automatic card in hand as with one, and
    p2's view of those events is the same in both games (no options, no cards)."""

    def opponent_view(with_justice: bool) -> list[tuple[str, Any]]:
        story = Story({"TTW-010": 4, "T-WALL": 4}, automatic_cards="ask")
        if with_justice:
            story.put("p1", "TTW-010", "hand")
        _, events = _attacked(story)
        start = len(story.log)
        _asked(story)
        seen = [redact_event(story.state, e, "p2") for e in events + story.log[start:]]
        return [(e.type, e.data) for e in seen if e.type in ("ChoiceRequested", "RevealWindowOpened")]

    with_card, without = opponent_view(True), opponent_view(False)
    assert with_card == without and len(with_card) >= 2
    assert all(d.get("cards") is None for t, d in with_card if t == "RevealWindowOpened")
    assert all(d["options"] == {} for t, d in with_card if t == "ChoiceRequested")


def test_a_player_who_is_never_asked_is_not_asked() -> None:
    """FoW-5.5 9.6 p2: ``"never"``: no question at the attack; the card stays in the hand."""
    story = Story({"TTW-010": 4, "T-WALL": 4}, automatic_cards="never")
    justice = story.put("p1", "TTW-010", "hand")
    _, events = _attacked(story)
    assert not [e for e in events if e.type == "RevealWindowOpened"]
    assert story.pending.kind != "reveal_automatic_card"
    assert story.state.objects[justice].zone == "hand"
    assert "automatic_cards_in_hand" not in story.log[0].data  # recorded only when someone is asked
    story.replays()


def test_the_setting_is_recorded_and_public() -> None:
    """FoW-5.5 9.6 p2: who is asked is part of the game's start, read by both players."""
    story = Story({"TTW-010": 4}, automatic_cards="ask")
    started = story.log[0]
    assert started.data["automatic_cards_in_hand"] == {"p1": "ask", "p2": "ask"}
    assert redact_event(story.state, started, "p2").data["automatic_cards_in_hand"] == {"p1": "ask", "p2": "ask"}
    assert set(HAND_REVEAL_TRIGGERS) >= {"opponent_resonator_attacks_or_blocks"}


def test_asking_needs_every_automatic_card_to_trigger_on_a_happening_that_is_asked_about() -> None:
    """FoW-5.5 9.6 p2: under "ask", a deck whose automatic card triggers on a happening the engine
    does not ask about (a status, 9.6 p9: Open Sesame, MPR-066) is refused rather than never offered."""
    refused = start_with_setting("MPR-066", "ask")
    assert isinstance(refused, Rejection)
    assert (refused.code, refused.rule) == ("deck/automatic_card_not_asked", "FoW-5.5 9.6 p2")
    assert not isinstance(start_with_setting("MPR-066", "never"), Rejection)


def test_a_face_down_chant_standby_trigger_names_no_card_to_the_opponent() -> None:
    """FoW-5.5 3.1 p2, 7.9 p2: Justice face down in p1's chant-standby area triggers on p2's attack;
    p1 reads which card triggered, p2 reads neither the card nor whether it is a chant-standby or a
    [Stealth] card (``source`` and ``kind`` None)."""
    story = Story({"TTW-010": 4, "T-WALL": 4})
    justice = story.put("p1", "TTW-010", "standby")
    _, events = _attacked(story)
    trig = next(e for e in events if e.type == "AbilityTriggered" and e.data["source"] == justice)
    assert redact_event(story.state, trig, "p1").data["source"] == justice
    theirs = redact_event(story.state, trig, "p2").data
    assert (theirs["source"], theirs["kind"], theirs["controller"]) == (None, None, "p1")
    assert set(theirs) == set(trig.data)  # the same shape
    story.replays()


def test_once_revealed_it_must_be_played_and_if_it_cannot_it_goes_to_the_graveyard() -> None:
    """FoW-5.5 9.6 p6, p6.1: revealed from the hand it has triggered: it cannot be declined while it
    can be played (``rules/must_play_trigger``); without the will for its cost it cannot be played,
    is let go and put into its owner's graveyard."""
    story = Story({"TTW-010": 4, "T-WALL": 4}, automatic_cards="ask")
    justice = story.put("p1", "TTW-010", "hand")
    _attacked(story)
    while justice not in story.pending.options["cards"]:
        story.when(cmd("ChooseCards", "p1", cards=[]))
    events = story.when(cmd("ChooseCards", "p1", cards=[justice]))
    trigger = find(events, "AbilityTriggered").data["trigger"]
    story.will("p1", "W")
    refused = story.refused(cmd("DeclineTrigger", "p1", trigger=trigger))
    assert (refused.code, refused.rule) == ("rules/must_play_trigger", "FoW-5.5 9.6 p6")
    story.given("WillPaid", player="p1", will=["W"], source="given")
    declines = [a for a in engine.legal_actions(story.state, "p1") if a.type == "DeclineTrigger"]
    assert declines, "with no will it cannot be played: letting it go is the legal action"
    events = story.when(declines[0])
    assert find(events, "TriggerDiscarded").data["why"] == "cannot be played"
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.rule) == (justice, "graveyard", "FoW-5.5 9.6 p6.1")
    story.replays()


def test_asked_the_player_reveals_a_face_down_chant_standby_card_and_plays_it_for_its_trigger_cost() -> None:
    """FoW-5.5 9.6 p2, 7.9 p2: a player who is asked is asked about the chant-standby area too: the
    face-down Justice triggers only once revealed (no AbilityTriggered before the answer, so nothing
    tells the opponent that it fits), then is played from there without its own cost (7.9 p4)."""
    story = Story({"TTW-010": 4, "T-WALL": 4}, automatic_cards="ask")
    justice = story.put("p1", "TTW-010", "standby")
    wall, events = _attacked(story)
    assert not [e for e in events if e.type == "AbilityTriggered"]
    while justice not in story.pending.options["cards"]:
        story.when(cmd("ChooseCards", "p1", cards=[]))
    events = story.when(cmd("ChooseCards", "p1", cards=[justice]))
    assert find(events, "CardRevealed").data["oid"] == justice
    trig = find(events, "AbilityTriggered")
    assert (trig.data["source"], trig.data["from"], trig.rule) == (justice, "standby", "FoW-5.5 9.6 p2")
    assert redact_event(story.state, trig, "p2").data["source"] == justice  # revealed: public (3.1 p2)
    events = story.when(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[[wall]], pay_with=[]))
    assert find(events, "CardPlayed").data["from"] == "standby"
    assert not [e for e in events if e.type in ("WillPaid", "CardRevealed")]  # no cost from there; revealed once
    assert find(story.resolve(), "DamageDealt").data["amount"] == 500
    story.replays()
