"""Zone replacements and plays from other zones than the hand - real Grimm/Alice cards executed by
the engine in the form the importer gives them (helper v_zone; given events / when command / then
cited events or a cited rejection; each story replays its whole log):

* "If a card would be put into your graveyard / a graveyard from anywhere, remove it from the game
  instead" (FoW-5.5 9.10 p1, 10.3 p1): the card goes to the removed area, the move says which
  ability replaced it; a card of another owner ("your graveyard") is not covered;
* "You may play cards in your graveyard" (7.1 p2, 1.4 p1), "You may play this card from the removed
  area": offered by ``legal_actions``, checked by ``PlayCard``, the permission and its source recorded
  (``PlayPermissionUsed``); a card so played is not played by [Remnant] (12.6 p2);
* "Fire [Spell:Chant] and [Spell:Chant-Instant] cards in your graveyard gain [Remnant]" (12.6 p2).
"""

from __future__ import annotations

from domain.fow import actions, engine
from domain.fow.importer import _Ctx, _effects
from domain.kernel import Event
from tests.fow.cards.story import Story, legal
from tests.fow.support import cmd


def _plays(story: Story, oid: str) -> list[dict[str, object]]:
    return [a for a in legal(story, "p1", "PlayCard") if a["card"] == oid]


# --- Blazing Metropolis, Vell-Savaria: [Remnant] for fire chants in your graveyard --------------


def test_vell_savaria_lets_fire_chants_in_your_graveyard_be_played_by_remnant() -> None:
    # Blazing Metropolis, Vell-Savaria (TMS-019): "Fire [Spell:Chant] and [Spell:Chant-Instant] cards in
    # your graveyard gain [Remnant]."  Bolt is a fire [Spell:Chant], Bear a fire resonator.
    story = Story({"TMS-019": 4, "T-BOLT": 4, "T-BEAR": 4})
    bolt = story.put("p1", "T-BOLT", "graveyard")
    bear = story.put("p1", "T-BEAR", "graveyard")
    their_bolt = story.put("p2", "T-BOLT", "graveyard")
    play = cmd("PlayCard", "p1", card=bolt, targets=[["p2"]])
    story.will("p1", "R")
    refusal = story.refused(play)  # no Vell-Savaria yet: a card is played from the hand (12.6 p2)
    assert (refusal.code, refusal.rule) == ("rules/not_in_hand", "FoW-5.5 12.6 p2")
    assert not _plays(story, bolt)
    city = story.put("p1", "TMS-019", "field")
    assert _plays(story, bolt) and not _plays(story, bear) and not _plays(story, their_bolt)
    refusal = story.refused(cmd("PlayCard", "p1", card=bear, targets=[]))
    assert (refusal.code, refusal.rule) == ("rules/not_in_hand", "FoW-5.5 12.6 p2")
    events = story.when(play)
    [used] = [e for e in events if e.type == "PlayPermissionUsed"]
    assert used.rule == "FoW-5.5 12.6 p2"
    assert used.data == {"card": bolt, "player": "p1", "from": "graveyard", "permission": "remnant", "source": city}
    [played] = [e for e in events if e.type == "CardPlayed"]  # [Remnant] permits it, not 7.3 p2 (hand only)
    assert (played.rule, played.data["from"]) == ("FoW-5.5 12.6 p2", "graveyard")
    assert story.state.objects[bolt].from_remnant
    life = story.state.players["p2"].life
    events = story.resolve()
    assert story.state.players["p2"].life == life - 500
    [gone] = [e for e in events if e.type == "CardMoved" and e.data["oid"] == bolt]
    assert (gone.data["to"], gone.rule) == ("removed", "FoW-5.5 12.6 p2")  # by [Remnant], not 9.10
    story.replays()


def test_vell_savaria_removes_your_cards_put_into_your_graveyard_not_your_opponents() -> None:
    # "If a card would be put into your graveyard from anywhere, remove it from the game instead."
    story = Story({"TMS-019": 4, "T-BEAR": 4})
    city = story.put("p1", "TMS-019", "field")
    bear = story.put("p1", "T-BEAR", "field")
    their_bear = story.put("p2", "T-BEAR", "field")
    events = story.by_rule(actions.destroy, bear, "given")
    [moved] = [e for e in events if e.type == "CardMoved"]
    assert moved.rule == "FoW-5.5 9.10 p1"
    assert (moved.data["from"], moved.data["to"], moved.data["reason"]) == ("field", "removed", "destroyed")
    assert (moved.data["instead_of"], moved.data["replaced_by"], moved.data["replaced_rule"]) == (
        "graveyard",
        f"{city}:1",
        "10.9 p1",  # destroying: putting it into its owner's graveyard
    )
    assert story.state.objects[bear].zone == "removed"
    story.by_rule(actions.destroy, their_bear, "given")
    assert story.state.objects[their_bear].zone == "graveyard"  # p2's graveyard: not "your graveyard"
    story.replays()


# --- Necronomicon: cards in your graveyard are played; cards put there are removed ---------------


def test_necronomicon_plays_a_resonator_from_your_graveyard_and_removes_what_would_go_there() -> None:
    # Necronomicon (TAT-084): "[Continuous]: You may play cards in your graveyard." "[Continuous]: If a
    # card would be put into your graveyard from anywhere, remove it from the game instead."
    story = Story({"TAT-084": 4, "T-BEAR": 4, "T-BOLT": 4})
    bear = story.put("p1", "T-BEAR", "graveyard")
    bolt = story.put("p1", "T-BOLT", "graveyard")
    book = story.put("p1", "TAT-084", "field")
    assert _plays(story, bear) and _plays(story, bolt)
    story.will("p1", "R")
    bad = story.refused(cmd("PlayCard", "p1", card=bear, targets=[], permission="remnant"))
    assert (bad.code, bad.rule) == ("rules/no_permission", "FoW-5.5 1.4 p1")  # Bear has no [Remnant]
    events = story.when(cmd("PlayCard", "p1", card=bear, targets=[], permission=book))
    [used] = [e for e in events if e.type == "PlayPermissionUsed"]
    assert used.rule == "FoW-5.5 1.4 p1"
    assert used.data == {"card": bear, "player": "p1", "from": "graveyard", "permission": "graveyard", "source": book}
    [played] = [e for e in events if e.type == "CardPlayed"]  # the text permits it, not 7.1 p2 (hand only)
    assert (played.rule, played.data["from"]) == ("FoW-5.5 1.4 p1", "graveyard")
    story.resolve()
    assert story.state.objects[bear].zone == "field"
    # a spell played from the graveyard by the text, not by [Remnant]: it would go to the graveyard
    # as it resolves (7.3 p3), and Necronomicon replaces that (9.10 p1)
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=bolt, targets=[["p2"]]))
    assert not story.state.objects[bolt].from_remnant
    events = story.resolve()
    [gone] = [e for e in events if e.type == "CardMoved" and e.data["oid"] == bolt]
    assert (gone.data["to"], gone.rule, gone.data["replaced_by"]) == ("removed", "FoW-5.5 9.10 p1", f"{book}:1")
    # discarding (10.18) from the hand: the card is removed instead
    card = story.state.zones["p1"]["hand"][-1]
    [discarded] = story.by_rule(actions.move, card, "graveyard", "given", rule="10.18 p1", reason="discard")
    assert (discarded.data["to"], discarded.rule) == ("removed", "FoW-5.5 9.10 p1")
    story.replays()


def test_a_discard_replaced_by_a_removal_does_not_trigger_whenever_your_opponent_discards() -> None:
    # Seth, the Arbiter (MPR-097, p1's): "Whenever your opponent discards a card, draw a card."
    # Necronomicon (TAT-084, p2's): "If a card would be put into your graveyard from anywhere, remove it
    # from the game instead."  "'To discard' a card is to move a card from your hand to your graveyard"
    # (10.18 p1), and "If a replacement effect is applied to a situation, the original situation never
    # happens and only the replaced situation occurs" (9.10 p1): p2's card goes from the hand to the
    # removed area, so p2 discarded nothing and Seth does not trigger; without Necronomicon it does.
    story = Story({"MPR-097": 4, "TAT-084": 4, "T-BEAR": 4})
    seth = story.put("p1", "MPR-097", "field")
    book = story.put("p2", "TAT-084", "field")
    card = story.put("p2", "T-BEAR", "hand")
    [removed] = story.by_rule(actions.move, card, "graveyard", "given", rule="10.18 p1", reason="discard")
    assert (removed.data["to"], removed.rule, removed.data["replaced_by"]) == (
        "removed",
        "FoW-5.5 9.10 p1",
        f"{book}:1",
    )
    assert not [t for t in story.state.triggered if t.source == seth]
    story.moved(book, "graveyard")
    other = story.put("p2", "T-BEAR", "hand")
    story.by_rule(actions.move, other, "graveyard", "given", rule="10.18 p1", reason="discard")
    assert story.state.objects[other].zone == "graveyard"
    assert [t.source for t in story.state.triggered] == [seth]
    story.replays()


def test_without_necronomicon_the_graveyard_is_no_place_to_play_from() -> None:
    story = Story({"TAT-084": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "graveyard")
    book = story.put("p2", "TAT-084", "field")  # the opponent's: "your graveyard" is theirs
    story.will("p1", "R")
    refusal = story.refused(cmd("PlayCard", "p1", card=bear, targets=[]))
    assert (refusal.code, refusal.rule) == ("rules/not_in_hand", "FoW-5.5 12.6 p2")
    assert not _plays(story, bear)
    refusal = story.refused(cmd("PlayCard", "p1", card=bear, targets=[], permission=book))
    assert (refusal.code, refusal.rule) == ("rules/no_permission", "FoW-5.5 1.4 p1")
    story.replays()


# --- Blazer, the Eater of Dimensions: played from the removed area --------------------------------


def test_blazer_is_played_from_your_removed_area_and_removes_cards_put_into_any_graveyard() -> None:
    # Blazer, the Eater of Dimensions (MPR-023) {R}{R}{R}{2}: "You may play this card from the removed
    # area." "[Continuous]: If a card would be put into a graveyard from anywhere, remove it from the
    # game instead."
    story = Story({"MPR-023": 4, "T-BEAR": 4})
    blazer = story.put("p1", "MPR-023", "removed")
    their_blazer = story.put("p2", "MPR-023", "removed")
    bear = story.put("p1", "T-BEAR", "removed")  # no text lets Bear be played from there
    story.will("p1", "R", "R", "R", "R", "R")
    assert _plays(story, blazer) and not _plays(story, bear) and not _plays(story, their_blazer)
    refusal = story.refused(cmd("PlayCard", "p1", card=bear, targets=[]))
    assert (refusal.code, refusal.rule) == ("rules/not_in_hand", "FoW-5.5 7.1 p2")
    refusal = story.refused(cmd("PlayCard", "p1", card=their_blazer, targets=[]))
    assert (refusal.code, refusal.rule) == ("rules/not_your_card", "FoW-5.5 7.1 p2")
    events = story.when(cmd("PlayCard", "p1", card=blazer, targets=[]))
    [used] = [e for e in events if e.type == "PlayPermissionUsed"]
    assert used.rule == "FoW-5.5 1.4 p1"
    assert used.data == {"card": blazer, "player": "p1", "from": "removed", "permission": "removed", "source": None}
    story.resolve()
    assert story.state.objects[blazer].zone == "field"
    their_bear = story.put("p2", "T-BEAR", "field")
    events = story.by_rule(actions.destroy, their_bear, "given")  # a graveyard: any player's
    [moved] = [e for e in events if e.type == "CardMoved"]
    assert (moved.data["to"], moved.rule, moved.data["replaced_by"]) == ("removed", "FoW-5.5 9.10 p1", f"{blazer}:0")
    story.replays()


# --- Lumia, the Creator of Hope: three cards removed face down, one played from there a turn --------


def _lumia_story() -> tuple[Story, str]:
    # Lumia, the Creator of Hope (TAT-014J, the J-ruler of TAT-014): "[Continuous]: Once per turn, you may
    # play a card from your removed from the game zone." "[Activate] Pay {0}: If there are no cards in
    # your removed from this game zone, remove top three cards of your main deck from the game face
    # down. You may look at them at any time."
    story = Story({"T-BEAR": 4, "T-BOLT": 4}, ruler="TAT-014")
    ruler = story.state.zones["p1"]["ruler_area"][0]
    moved = {"oid": ruler, "from": "ruler_area", "to": "field", "controller": "p1", "side": "j_ruler"}
    story.given("CardMoved", **moved, reason="given")
    return story, ruler


def test_lumia_removes_the_top_three_cards_face_down_hidden_from_the_opponent() -> None:
    story, lumia = _lumia_story()
    bears = [story.on_top("p1", "T-BEAR") for _ in range(3)]
    events = story.when(cmd("ActivateAbility", "p1", source=lumia, ability=1, targets=[], pay_with=[]))
    events += story.resolve()
    removed = [e for e in events if e.type == "CardMoved" and e.data["to"] == "removed"]
    assert [(e.data["oid"], e.data["face_down"], e.rule) for e in removed] == [
        (b, True, "FoW-5.5 3.12 p2.1") for b in reversed(bears)
    ]
    assert all(story.state.objects[b].face_down for b in bears)
    # hidden from the opponent (3.12 p2.1), seen by their owner ("You may look at them at any time")
    for e in removed:
        assert engine.redact_event(story.state, e, "p2").data["card"] is None
        assert engine.redact_event(story.state, e, "p1").data["card"] == "T-BEAR"
    theirs = engine.view(story.state, "p2")["players"]["p1"]["zones"]["removed"]  # type: ignore[index]
    mine = engine.view(story.state, "p1")["players"]["p1"]["zones"]["removed"]  # type: ignore[index]
    assert theirs == [] and len(mine) == 3
    # "If there are no cards in your removed from this game zone": there are now - nothing happens
    deck = len(story.state.zones["p1"]["main_deck"])
    story.when(cmd("ActivateAbility", "p1", source=lumia, ability=1, targets=[], pay_with=[]))
    story.resolve()
    assert len(story.state.zones["p1"]["main_deck"]) == deck and len(story.state.zones["p1"]["removed"]) == 3
    story.replays()


def test_a_card_removed_face_down_without_you_may_look_at_it_is_hidden_from_its_owner_too() -> None:
    # "Remove the top card of your main deck from the game face down." (the reading of that sentence,
    # with no "You may look at it at any time"; no Grimm/Alice card prints it alone): a face-down removed
    # card is treated as in a hidden zone "Except for players that are allowed to see the information of
    # the card" (3.12 p2.1), and nobody knows it (it comes from the top of the deck, 3.2 p2): neither
    # player sees it, in the view or in the event; a judge does.
    [effect] = _effects(
        "Remove the top card of your main deck from the game face down.", _Ctx("X", "spell", "chant", frozenset(), None)
    )
    blind = {"id": "T-BLIND", "name": "Blind Removal", "type": "spell", "subtype": "chant"}
    blind |= {"cost": {"attribute": {"R": 1}}, "attributes": ["R"], "effects": [effect]}
    story = Story({"T-BLIND": 4, "T-BEAR": 4}, cards={"T-BLIND": blind})
    top = story.on_top("p1", "T-BEAR")
    spell = story.put("p1", "T-BLIND", "hand")
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=spell, targets=[]))
    [removed] = [e for e in story.resolve() if e.type == "CardMoved" and e.data["to"] == "removed"]
    assert (removed.data["oid"], removed.data["face_down"], removed.data["unseen"], removed.rule) == (
        top,
        True,
        True,
        "FoW-5.5 3.12 p2.1",
    )
    for viewer in ("p1", "p2"):
        seen = engine.redact_event(story.state, removed, viewer).data
        assert (seen["oid"], seen["card"]) == (None, None)
        assert engine.view(story.state, viewer)["players"]["p1"]["zones"]["removed"] == []  # type: ignore[index]
    judge = engine.view(story.state, None)["players"]["p1"]["zones"]["removed"]  # type: ignore[index]
    assert [c["oid"] for c in judge] == [top]  # type: ignore[index]
    story.replays()


def test_lumia_lets_you_play_one_card_from_your_removed_area_a_turn() -> None:
    story, lumia = _lumia_story()
    first, second = (story.put("p1", "T-BEAR", "removed") for _ in range(2))
    their_bear = story.put("p2", "T-BEAR", "removed")
    story.will("p1", "R", "R")
    assert _plays(story, first) and _plays(story, second) and not _plays(story, their_bear)
    events = story.when(cmd("PlayCard", "p1", card=first, targets=[]))
    [used] = [e for e in events if e.type == "PlayPermissionUsed"]
    assert used.rule == "FoW-5.5 1.4 p1"
    assert used.data == {
        "card": first,
        "player": "p1",
        "from": "removed",
        "permission": "removed",
        "source": lumia,
        "once_per_turn_key": f"{lumia}:0",
    }
    story.resolve()
    assert story.state.objects[first].zone == "field"
    assert not _plays(story, second)  # "Once per turn"
    refusal = story.refused(cmd("PlayCard", "p1", card=second, targets=[]))
    assert (refusal.code, refusal.rule) == ("rules/not_in_hand", "FoW-5.5 7.1 p2")
    story.replays()


# --- Rezzard, Dark Necromancer: cards into the chant-standby area face down --------------------------


def _rezzard_enters(story: Story, memorias: int) -> list[Event]:
    # Rezzard, Dark Necromancer (BFA-095J, the J-ruler of BFA-095): "When this card enters your field, if
    # you control a "Sorrowful Necromancy's Memoria" put the top four cards of your main deck into your
    # chant-standby area face down. If you control four "Sorrowful Necromancy's Memoria" put the top
    # seven cards of your main deck into your chant-standby area face down instead."  (BFA-100 is that
    # special magic stone, in the magic stone area)
    for _ in range(memorias):
        story.put("p1", "BFA-100", "stone_area")
    ruler = story.state.zones["p1"]["ruler_area"][0]
    moved = {"rule": "7.5 p3", "reason": "judgment", "controller": "p1", "side": "j_ruler", "by_judgment": True}
    story.by_rule(actions.move, ruler, "field", "given", **moved)
    story.when(cmd("Pass", "p1"))  # the lone trigger has no target: played automatically
    return story.resolve()


def _to_standby(events: list[Event]) -> list[Event]:
    return [e for e in events if e.type == "CardMoved" and e.data["to"] == "standby"]


def test_rezzard_puts_four_or_seven_cards_from_the_top_of_the_deck_face_down() -> None:
    for memorias, count in ((0, 0), (1, 4), (4, 7)):
        story = Story({"T-BEAR": 4}, stones={"BFA-100": 4, "T-STONE": 6}, ruler="BFA-095")
        top = list(reversed(story.state.zones["p1"]["main_deck"]))[:count]
        moved = _to_standby(_rezzard_enters(story, memorias))
        assert [(e.data["oid"], e.data["from"], e.data["face_down"], e.rule) for e in moved] == [
            (oid, "main_deck", True, "FoW-5.5 3.11 p1") for oid in top
        ]
        # a hidden zone: the opponent sees none of them, their owner all (3.11 p2)
        assert all(engine.redact_event(story.state, e, "p2").data["card"] is None for e in moved)
        assert all(engine.redact_event(story.state, e, "p1").data["card"] is not None for e in moved)
        theirs = engine.view(story.state, "p2")["players"]["p1"]["zones"]["standby"]  # type: ignore[index]
        assert theirs == {"count": count, "cards": []}
        story.replays()


def test_rezzard_puts_a_card_from_your_hand_into_your_chant_standby_area_face_down() -> None:
    # "{B}: You may put a card from your hand into your chant-standby area face down." (not the {2} action)
    story = Story({"T-BEAR": 4}, ruler="BFA-095")
    ruler = story.state.zones["p1"]["ruler_area"][0]
    moved = {"oid": ruler, "from": "ruler_area", "to": "field", "controller": "p1", "side": "j_ruler"}
    story.given("CardMoved", **moved, reason="given")
    card = story.put("p1", "T-BEAR", "hand")
    story.will("p1", "B")
    story.when(cmd("ActivateAbility", "p1", source=ruler, ability=2, targets=[], pay_with=[]))
    events = story.resolve()
    [asked] = [e for e in events if e.type == "ChoiceRequested"]
    assert (asked.data["kind"], asked.rule) == ("put_from_hand", "FoW-5.5 3.11 p1")
    assert card in asked.data["options"]["cards"] and asked.data["options"]["max"] == 1
    events = story.when(cmd("ChooseCards", "p1", cards=[card]))
    [put] = _to_standby(events)
    assert (put.data["oid"], put.data["from"], put.data["face_down"], put.rule) == (
        card,
        "hand",
        True,
        "FoW-5.5 3.11 p1",
    )
    assert engine.redact_event(story.state, put, "p2").data["card"] is None
    # a Bear in the chant-standby area is no chant-standby card: it is not played from there (7.6 p3)
    assert not _plays(story, card)
    story.replays()
