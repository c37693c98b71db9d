"""Target filters, moves between zones and looking at / revealing cards executed by the
engine, with real Grimm/Alice cards as the importer makes them.

Each test: given a position reached by recorded events, when a command, then events (with
their citations) or a cited rejection; every story ends by replaying its whole event log
into a fresh state, which must equal the live one."""

from __future__ import annotations

from domain.fow import actions, engine, flow
from domain.fow.characteristics import characteristics
from domain.kernel import Event
from tests.fow.cards.story import Story, legal
from tests.fow.support import cmd, find
from tests.fow.test_ch8_battle import to_main

# --- target filters ------------------------------------------------------------------------


def test_only_a_resonator_with_damage_on_it_was_dealt_damage_this_turn() -> None:
    # Demonflame (VS01-018): "Choose one - This card deals 500 damage to target resonator; or
    # destroy target resonator that was dealt damage this turn."  Damage stays on a resonator
    # until the end of the turn (FoW-5.5 5.4 p5.1)
    story = Story({"VS01-018": 4, "T-BEAR": 4})
    flame = story.put("p1", "VS01-018", "hand")
    hurt = story.put("p2", "T-BEAR", "field")
    fresh = story.put("p2", "T-BEAR", "field")
    story.given("DamageDealt", source="given", target=hurt, amount=100, battle=False, to_card=True)
    story.will("p1", "R")
    plays = [p for p in legal(story, "p1", "PlayCard") if p["card"] == flame and p["modes"] == [1]]
    assert [p["targets"] for p in plays] == [[[hurt]]]
    refusal = story.refused(cmd("PlayCard", "p1", card=flame, targets=[[fresh]], modes=[1]))
    assert (refusal.code, refusal.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    story.when(cmd("PlayCard", "p1", card=flame, targets=[[hurt]], modes=[1]))
    events = story.resolve()
    assert find(events, "CardMoved").data["oid"] == hurt
    assert story.state.objects[hurt].zone == "graveyard" and story.state.objects[fresh].zone == "field"
    story.replays()


def test_a_card_put_into_a_graveyard_from_a_field_this_turn_returns_to_its_owners_field() -> None:
    # Ritual of Millennia (MOA-050): "Choose target resonator from a graveyard that was put
    # into that zone from a field this turn and put it into it owner's field."  A card moved
    # from the hand to the graveyard was not put there from a field; the returned card enters
    # its owner's field as a new object (FoW-5.5 3.1 p3, p5)
    story = Story({"MOA-050": 4, "T-BEAR": 4})
    ritual = story.put("p1", "MOA-050", "hand")
    fallen = story.put("p2", "T-BEAR", "field")
    discarded = story.put("p2", "T-BEAR", "graveyard")
    story.by_rule(actions.destroy, fallen, "given")
    assert story.state.objects[fallen].zone == "graveyard"
    story.will("p1", "B", "B")
    plays = [p for p in legal(story, "p1", "PlayCard") if p["card"] == ritual]
    assert [p["targets"] for p in plays] == [[[fallen]]]
    refusal = story.refused(cmd("PlayCard", "p1", card=ritual, targets=[[discarded]]))
    assert (refusal.code, refusal.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    story.when(cmd("PlayCard", "p1", card=ritual, targets=[[fallen]]))
    events = story.resolve()
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["from"], moved.data["to"]) == (fallen, "graveyard", "field")
    assert moved.data["controller"] == "p2" and moved.rule == "FoW-5.5 3.1 p5"
    assert story.state.objects[discarded].zone == "graveyard"
    story.replays()


def test_the_mark_of_a_move_from_the_field_lasts_only_this_turn() -> None:
    # the same card, a turn later: no target, so Ritual of Millennia cannot be played (9.3 p2.4)
    story = Story({"MOA-050": 4, "T-BEAR": 4})
    ritual = story.put("p1", "MOA-050", "hand")
    fallen = story.put("p2", "T-BEAR", "field")
    story.by_rule(actions.destroy, fallen, "given")
    story.given("TurnBegan", turn=story.state.turn + 1, player="p1")
    story.will("p1", "B", "B")
    refusal = story.refused(cmd("PlayCard", "p1", card=ritual, targets=[[fallen]]))
    assert (refusal.code, refusal.rule) == ("rules/no_legal_target", "FoW-5.5 9.3 p2.4")


def test_a_resonator_from_your_graveyard_enters_your_field_rested() -> None:
    # The Last Drop (BFA-057): "Choose one - You gain 1000 life; or put target resonator with
    # total cost 2 or less from your graveyard into your field rested."  A spell in the
    # graveyard is no legal target; an opponent's graveyard is not yours
    story = Story({"BFA-057": 4, "T-BEAR": 4, "T-BOLT": 4})
    drop = story.put("p1", "BFA-057", "hand")
    bear = story.put("p1", "T-BEAR", "graveyard")
    story.put("p1", "T-BOLT", "graveyard")
    story.put("p2", "T-BEAR", "graveyard")
    story.will("p1", "G", "G")
    plays = [p for p in legal(story, "p1", "PlayCard") if p["card"] == drop and p["modes"] == [1]]
    assert [p["targets"] for p in plays] == [[[bear]]]
    story.when(cmd("PlayCard", "p1", card=drop, targets=[[bear]], modes=[1]))
    events = story.resolve()
    moved, rested = find(events, "CardMoved"), find(events, "CardRested")
    assert (moved.data["oid"], moved.data["to"], moved.data["controller"]) == (bear, "field", "p1")
    assert rested.data["oid"] == bear and rested.rule == "FoW-5.5 10.12 p1"
    assert story.state.objects[bear].rested
    story.replays()


def test_the_top_magic_stone_enters_the_magic_stone_area_rested() -> None:
    # Timekeeper Elf (TMS-063): "When this card enters your field, put the top card of your
    # magic stone deck into your magic stone area rested."
    story = Story({"TMS-063": 4, "T-BEAR": 4})
    elf = story.put("p1", "TMS-063", "graveyard")
    story.by_rule(actions.move, elf, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    top = story.state.zones["p1"]["stone_deck"][-1]
    played = story.when(cmd("Pass", "p1"))  # no choice to make: played at once
    assert find(played, "AbilityPlayed").data["source"] == elf
    events = story.resolve()
    assert find(events, "CardMoved").data["oid"] == top and find(events, "CardRested").data["oid"] == top
    assert story.state.objects[top].zone == "stone_area" and story.state.objects[top].rested
    story.replays()


# --- looking at / revealing the top cards --------------------------------------------------


def on_top(story: Story, oid: str) -> None:
    """Given: the card ``oid`` of a main deck is moved to its top."""
    obj = story.state.objects[oid]
    data = {"oid": oid, "card": obj.card, "owner": obj.owner, "controller": obj.owner, "reason": "given"}
    story.given("CardMoved", **data, **{"from": "main_deck", "to": "main_deck"})


def test_look_at_the_top_cards_take_one_and_remove_the_rest_face_down() -> None:
    # Liberate the World (MOA-036): "Look at the top three cards of your main deck. Put one of
    # them into your hand and remove the rest from the game face down."  Any card may be taken,
    # but one must be (10.13 p2: the player looking knows them); the cards removed face down are
    # hidden from the opponent (3.12 p2.1)
    story = Story({"MOA-036": 4, "T-BEAR": 4})
    liberate = story.put("p1", "MOA-036", "hand")
    top3 = list(reversed(story.state.zones["p1"]["main_deck"][-3:]))
    story.will("p1", "G", "G")
    story.when(cmd("PlayCard", "p1", card=liberate))
    asked = find(story.resolve(), "ChoiceRequested")
    assert asked.data["kind"] == "look" and asked.rule == "FoW-5.5 10.13 p2"
    assert (asked.data["options"]["looked"], asked.data["options"]["min"]) == (top3, 1)
    assert engine.redact_event(story.state, asked, "p2").data["options"] == {}
    assert sorted(c["cards"] for c in legal(story, "p1", "ChooseCards")) == sorted([c] for c in top3)
    refusal = story.refused(cmd("ChooseCards", "p1", cards=[]))
    assert (refusal.code, refusal.rule) == ("rules/look_choice", "FoW-5.5 10.13 p1")
    refusal = story.refused(cmd("ChooseCards", "p1", cards=[top3[1]], order=[top3[0]]))
    assert (refusal.code, refusal.rule) == ("rules/look_order", "FoW-5.5 3.1 p4")
    events = story.when(cmd("ChooseCards", "p1", cards=[top3[1]]))
    moves = [e for e in events if e.type == "CardMoved" and e.data["oid"] in top3]
    assert [(e.data["oid"], e.data["to"]) for e in moves] == [
        (top3[1], "hand"),
        (top3[0], "removed"),
        (top3[2], "removed"),
    ]
    assert moves[1].rule == "FoW-5.5 3.12 p2.1" and story.state.objects[top3[0]].face_down
    assert engine.redact_event(story.state, moves[1], "p2").data["oid"] is None
    assert engine.redact_event(story.state, moves[1], "p1").data["oid"] == top3[0]
    story.replays()


def technician_enters() -> tuple[Story, str, str]:
    """Given: Technician of Leginus (BFA-044) entered p1's field with a void Plane (SKL-083) on
    top of the main deck and a Bear under it; its trigger is on the chase."""
    story = Story({"BFA-044": 4, "T-BEAR": 4, "SKL-083": 4})
    bear = next(o for o in story.state.zones["p1"]["main_deck"] if story.state.objects[o].card == "T-BEAR")
    plane = next(o for o in story.state.zones["p1"]["main_deck"] if story.state.objects[o].card == "SKL-083")
    on_top(story, bear)
    on_top(story, plane)
    technician = story.put("p1", "BFA-044", "graveyard")
    story.by_rule(actions.move, technician, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    story.when(cmd("Pass", "p1"))
    return story, bear, plane


def test_reveal_the_top_cards_take_up_to_two_matching_and_order_the_rest() -> None:
    # Technician of Leginus (BFA-044): "When this card enters your field, reveal the top two
    # cards of your main deck. Put up to two cards with no attribute from among them into your
    # hand. Put the rest into your graveuard."  Only a void card may be taken (FoW-5.5 2.8);
    # the owner orders the rest put into the graveyard (3.1 p4)
    story, bear, plane = technician_enters()
    events = story.resolve()
    revealed = [e.data["oid"] for e in events if e.type == "CardRevealed"]
    assert revealed == [plane, bear] and find(events, "CardRevealed").rule == "FoW-5.5 10.4 p1"
    asked = find(events, "ChoiceRequested")
    assert (asked.data["options"]["cards"], asked.data["options"]["min"], asked.rule) == (
        [plane],
        0,
        "FoW-5.5 10.13 p1",
    )
    refusal = story.refused(cmd("ChooseCards", "p1", cards=[bear]))
    assert (refusal.code, refusal.rule) == ("rules/look_choice", "FoW-5.5 10.13 p2")
    events = story.when(cmd("ChooseCards", "p1", cards=[]))
    assert [(e.data["oid"], e.data["to"]) for e in events if e.type == "CardMoved"] == [
        (plane, "graveyard"),
        (bear, "graveyard"),
    ]
    assert story.state.zones["p1"]["graveyard"][-2:] == [plane, bear]
    story.replays()


def test_the_owner_orders_the_rest_of_the_revealed_cards() -> None:
    # the same, taking nothing and putting the Bear into the graveyard first (3.1 p4)
    story, bear, plane = technician_enters()
    story.resolve()
    events = story.when(cmd("ChooseCards", "p1", cards=[], order=[bear, plane]))
    assert [e.data["oid"] for e in events if e.type == "CardMoved"] == [bear, plane]
    assert story.state.zones["p1"]["graveyard"][-2:] == [bear, plane]
    story.replays()


def test_it_names_the_target_the_previous_effect_chose() -> None:
    # Binding Chain (VIN001-061): "Rest target resonator. It gains [-400/-400] until end of
    # turn."  One target is chosen (FoW-5.5 9.3 p2.4); "it" is that resonator
    story = Story({"VIN001-061": 4, "T-BEAR": 4})
    chain = story.put("p1", "VIN001-061", "hand")
    bear = story.put("p2", "T-BEAR", "field")
    other = story.put("p2", "T-BEAR", "field")
    story.will("p1", "B", "B", "B")
    plays = [p for p in legal(story, "p1", "PlayCard") if p["card"] == chain]
    assert sorted(p["targets"] for p in plays) == sorted([[[bear]], [[other]]])
    story.when(cmd("PlayCard", "p1", card=chain, targets=[[bear]]))
    events = story.resolve()
    assert find(events, "CardRested").data["oid"] == bear
    assert find(events, "ContinuousEffectCreated").data["targets"] == [bear]
    assert characteristics(story.state, bear).atk == 100 and characteristics(story.state, other).atk == 500
    story.replays()


def test_reveal_the_top_card_and_branch_on_its_total_cost() -> None:
    # Dreams of Wonderland (TAT-042): "Reveal the top of your main deck. If its total cost is
    # odd, return target resonator to its owner's hand. Otherwise, draw a card."  The revealed
    # card stays on top (FoW-5.5 10.4 p1); the target is chosen as the spell is played (9.3 p2.4)
    for top_card, returned in (("T-BEAR", True), ("MOA-036", False)):  # total cost 1 / 2
        story = Story({"TAT-042": 4, "T-BEAR": 4, "MOA-036": 4})
        dreams = story.put("p1", "TAT-042", "hand")
        bear = story.put("p2", "T-BEAR", "field")
        top = next(o for o in story.state.zones["p1"]["main_deck"] if story.state.objects[o].card == top_card)
        on_top(story, top)
        story.will("p1", "U")
        story.when(cmd("PlayCard", "p1", card=dreams, targets=[[bear]]))
        events = story.resolve()
        assert find(events, "CardRevealed").data["oid"] == top
        assert find(events, "ConditionChecked").data["met"] is returned
        assert (story.state.objects[bear].zone == "hand") is returned
        assert (story.state.objects[top].zone == "hand") is not returned  # drawn otherwise
        story.replays()


def test_reveal_the_top_card_and_branch_on_its_type() -> None:
    # Musician of Shangri-La (TMS-041): "When this card attacks or blocks, reveal the top card of
    # your main deck. If it's a resonator, this card gains [+200/+200] until end of turn.
    # Otherwise, return this card to its owner's hand."  With an empty main deck nothing is
    # revealed, so it is not a resonator
    for empty in (False, True):
        story = Story({"TMS-041": 4, "T-BEAR": 4})
        musician = story.put("p1", "TMS-041", "field")
        bear = next(o for o in story.state.zones["p1"]["main_deck"] if story.state.objects[o].card == "T-BEAR")
        on_top(story, bear)
        for oid in list(story.state.zones["p1"]["main_deck"]) if empty else []:
            data = {"oid": oid, "card": story.state.objects[oid].card, "owner": "p1", "controller": "p1"}
            story.given("CardMoved", **data, reason="given", **{"from": "main_deck", "to": "removed"})
        story.by_rule(actions.check_triggers, "attacks", "given", oid=musician)
        story.when(cmd("Pass", "p1"))
        events = story.resolve()
        assert [e.data["oid"] for e in events if e.type == "CardRevealed"] == ([] if empty else [bear])
        if empty:
            assert story.state.objects[musician].zone == "hand"
        else:
            assert characteristics(story.state, musician).atk == 500
            assert story.state.zones["p1"]["main_deck"][-1] == bear
        story.replays()


def test_reveal_cards_until_one_matches_then_shuffle_the_rest() -> None:
    # The Ro-Box (BFA-089): "When this card is put into a graveyard from your field, reveal cards
    # from the top of your main deck until you reveal a Machine with total cost 1. Put that card
    # into your field and shuffle the rest into your main deck."  (FoW-5.5 10.4 p1, 10.20 p1)
    story = Story({"BFA-089": 4, "BFA-083": 4, "T-BEAR": 4})
    robox = story.put("p1", "BFA-089", "field")
    deck = story.state.zones["p1"]["main_deck"]
    doll = next(o for o in deck if story.state.objects[o].card == "BFA-083")
    bears = [o for o in deck if story.state.objects[o].card == "T-BEAR"][:2]
    for oid in (doll, *bears):
        on_top(story, oid)
    story.by_rule(actions.destroy, robox, "given")
    story.when(cmd("Pass", "p1"))
    events = story.resolve()
    assert [e.data["oid"] for e in events if e.type == "CardRevealed"] == [bears[1], bears[0], doll]
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.rule) == (doll, "field", "FoW-5.5 10.4 p1")
    shuffled = find(events, "DeckShuffled")
    assert shuffled.rule == "FoW-5.5 10.20 p1" and set(bears) <= set(shuffled.data["order"])
    assert not any(story.state.objects[o].revealed for o in bears)
    story.replays()


def test_a_bracketed_subtype_filters_the_targets() -> None:
    # King's Servant (CMF-009): "[Enter]: Put target [Addition:Resonator] from your graveyard into
    # your hand."  An [Addition:Field] is an addition of another subtype (FoW-5.5 2.1 p3)
    story = Story({"CMF-009": 4, "CMF-016": 4, "CMF-007": 4})
    servant = story.put("p1", "CMF-009", "hand")
    stake = story.put("p1", "CMF-016", "graveyard")
    branch = story.put("p1", "CMF-007", "graveyard")
    story.will("p1", "W", "W")
    story.when(cmd("PlayCard", "p1", card=servant))
    story.resolve()  # the resonator enters; its [Enter] ability triggers (9.6 p1.1)
    trig = story.state.triggered[0]
    refusal = story.refused(cmd("PlayTriggered", "p1", trigger=trig.id, targets=[[branch]]))
    assert (refusal.code, refusal.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    story.when(cmd("PlayTriggered", "p1", trigger=trig.id, targets=[[stake]]))
    story.resolve()
    assert story.state.objects[stake].zone == "hand" and story.state.objects[branch].zone == "graveyard"
    story.replays()


def test_a_target_in_your_removed_area_returns_to_your_hand() -> None:
    # Memory of Disappearance (TMS-026): "Put target card from your removed area into your hand."
    # (FoW-5.5 3.12: each player has a removed area; the opponent's is not yours)
    story = Story({"TMS-026": 4, "T-BEAR": 4})
    memory = story.put("p1", "TMS-026", "hand")
    mine = story.put("p1", "T-BEAR", "removed")
    theirs = story.put("p2", "T-BEAR", "removed")
    story.will("p1", "R")
    plays = [p for p in legal(story, "p1", "PlayCard") if p["card"] == memory]
    assert [p["targets"] for p in plays] == [[[mine]]]
    refusal = story.refused(cmd("PlayCard", "p1", card=memory, targets=[[theirs]]))
    assert (refusal.code, refusal.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    story.when(cmd("PlayCard", "p1", card=memory, targets=[[mine]]))
    moved = find(story.resolve(), "CardMoved")
    assert (moved.data["oid"], moved.data["from"], moved.data["to"]) == (mine, "removed", "hand")
    story.replays()


def test_a_card_chosen_from_the_hand_on_resolution_is_put_into_the_field() -> None:
    # Viviane, Lady of the Lake (TTW-017): "{Rest}: Put a Fairy resonator with total cost 1 or
    # less from your hand into your field."  No target: the card is chosen on resolution from a
    # hidden zone, so the player may find none (FoW-5.5 10.13 p2); entering the field triggers
    # "whenever ... enters your field" abilities (9.6 p1)
    story = Story({"TTW-017": 4, "TTW-011": 4, "T-BEAR": 4})
    viviane = story.put("p1", "TTW-017", "field")
    story.given("TurnBegan", turn=story.state.turn + 2, player="p1")  # no longer new to the field
    sprite = story.put("p1", "TTW-011", "hand")
    story.put("p1", "T-BEAR", "hand")
    story.when(cmd("ActivateAbility", "p1", source=viviane, ability=0))
    asked = find(story.resolve(), "ChoiceRequested")
    assert asked.data["options"]["cards"] == [sprite] and asked.data["kind"] == "put_from_hand"
    assert asked.rule == "FoW-5.5 10.13 p2"
    assert {tuple(c["cards"]) for c in legal(story, "p1", "ChooseCards")} == {(), (sprite,)}
    events = story.when(cmd("ChooseCards", "p1", cards=[sprite]))
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["from"], moved.data["to"]) == (sprite, "hand", "field")
    # Viviane's "Whenever a Fairy resonator enters your field, Fairy J/resonators you control gain ..."
    assert [e.data["source"] for e in events if e.type == "AbilityTriggered"] == [viviane]
    story.replays()


def test_a_card_chosen_from_the_graveyard_must_be_chosen_and_may_trigger_enter() -> None:
    # Resurrection of Vampire (CMF-089): "Put a Vampire resonator from your graveyard into your
    # field. This triggers its [Enter] ability."  From a public zone a matching card must be
    # chosen (10.13 p1); the text makes [Enter] trigger (golden rule 1.4 p1)
    story = Story({"CMF-089": 4, "CMF-085": 4, "T-BEAR": 4})
    resurrection = story.put("p1", "CMF-089", "hand")
    lora = story.put("p1", "CMF-085", "graveyard")
    story.put("p1", "T-BEAR", "graveyard")
    story.will("p1", "B", "B", "B", "B")
    story.when(cmd("PlayCard", "p1", card=resurrection))
    asked = find(story.resolve(), "ChoiceRequested")
    assert (asked.data["options"]["cards"], asked.data["options"]["min"]) == ([lora], 1)
    refusal = story.refused(cmd("ChooseCards", "p1", cards=[]))
    assert (refusal.code, refusal.rule) == ("rules/look_choice", "FoW-5.5 10.13 p1")
    events = story.when(cmd("ChooseCards", "p1", cards=[lora]))
    assert find(events, "CardMoved").data["oid"] == lora and story.state.objects[lora].zone == "field"
    assert find(events, "AbilityTriggered").data["source"] == lora
    story.replays()


def test_cards_from_the_hand_go_on_top_of_the_main_deck_in_the_listed_order() -> None:
    # Laying the Foundation (TTW-042): "Draw three cards. Then put two cards from your hand on
    # top of your main deck in any order."  Exactly two; the player orders them (FoW-5.5 3.1 p4):
    # the card listed last ends on top
    story = Story({"TTW-042": 4, "T-BEAR": 4})
    laying = story.put("p1", "TTW-042", "hand")
    kept = story.put("p1", "T-BEAR", "hand")
    story.will("p1", "U", "U")
    story.when(cmd("PlayCard", "p1", card=laying))
    events = story.resolve()
    assert len([e for e in events if e.type == "CardMoved" and e.data["to"] == "hand"]) == 3
    asked = find(events, "ChoiceRequested")
    hand = story.state.zones["p1"]["hand"]
    assert (asked.data["options"]["min"], asked.data["options"]["max"]) == (2, 2) and asked.data["options"][
        "cards"
    ] == hand
    refusal = story.refused(cmd("ChooseCards", "p1", cards=[kept]))
    assert (refusal.code, refusal.rule) == ("rules/look_choice", "FoW-5.5 10.13 p1")
    first, second = [o for o in hand if o != kept][:2]
    events = story.when(cmd("ChooseCards", "p1", cards=[first, second]))
    assert [e.data["oid"] for e in events if e.type == "CardMoved" and e.data["to"] == "main_deck"] == [first, second]
    assert story.state.zones["p1"]["main_deck"][-2:] == [first, second]
    story.replays()


def test_look_at_the_top_card_and_maybe_put_it_on_the_bottom() -> None:
    # Columbus (VIN001-033): "{Rest}: Look at the top card of your main deck. You may put it on
    # the bottom of your main deck."  Not taking it leaves it on top
    for put in (True, False):
        story = Story({"VIN001-033": 4, "T-BEAR": 4})
        columbus = story.put("p1", "VIN001-033", "field")
        story.given("TurnBegan", turn=story.state.turn + 2, player="p1")
        top = story.state.zones["p1"]["main_deck"][-1]
        story.when(cmd("ActivateAbility", "p1", source=columbus, ability=0))
        asked = find(story.resolve(), "ChoiceRequested")
        assert asked.data["options"]["looked"] == [top] and asked.data["options"]["min"] == 0
        events = story.when(cmd("ChooseCards", "p1", cards=[top] if put else []))
        deck = story.state.zones["p1"]["main_deck"]
        assert (deck[0] == top, deck[-1] == top) == (put, not put)
        assert [e.rule for e in events if e.type == "CardMoved"] == (["FoW-5.5 3.1 p5"] if put else [])
        story.replays()


def test_look_at_the_top_cards_and_put_them_back_in_any_order() -> None:
    # Time-Gazer Elf (BFA-058): "{M}: Look at the top three cards of your main deck and put them
    # back in any order."  The first card listed ends on top (FoW-5.5 3.1 p4)
    story = Story({"BFA-058": 4, "T-BEAR": 4})
    elf = story.put("p1", "BFA-058", "field")
    top3 = list(reversed(story.state.zones["p1"]["main_deck"][-3:]))
    story.will("p1", "M")
    look = next(i for i, a in enumerate(story.state.card_of(elf).abilities) if a.kind == "activate")
    story.when(cmd("ActivateAbility", "p1", source=elf, ability=look))
    asked = find(story.resolve(), "ChoiceRequested")
    assert (asked.data["options"]["looked"], asked.data["options"]["max"]) == (top3, 0)
    refusal = story.refused(cmd("ChooseCards", "p1", cards=[], order=top3[:2]))
    assert (refusal.code, refusal.rule) == ("rules/look_order", "FoW-5.5 3.1 p4")
    wanted = [top3[2], top3[0], top3[1]]
    story.when(cmd("ChooseCards", "p1", cards=[], order=wanted))
    assert list(reversed(story.state.zones["p1"]["main_deck"][-3:])) == wanted
    story.replays()


def test_only_a_resonator_whose_atk_or_def_differs_from_the_printed_one() -> None:
    # Separation of Body and Soul (BFA-040): "Destroy target resonator with ATK different from
    # its printed ATK or DEF different from its printed DEF."
    story = Story({"BFA-040": 4, "T-BEAR": 4})
    separation = story.put("p1", "BFA-040", "hand")
    grown = story.put("p2", "T-BEAR", "field")
    plain = story.put("p2", "T-BEAR", "field")
    story.given("CounterPut", oid=grown, counter="+100/+100", count=1)
    story.will("p1", "U")
    plays = [p for p in legal(story, "p1", "PlayCard") if p["card"] == separation]
    assert [p["targets"] for p in plays] == [[[grown]]]
    refusal = story.refused(cmd("PlayCard", "p1", card=separation, targets=[[plain]]))
    assert (refusal.code, refusal.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    story.when(cmd("PlayCard", "p1", card=separation, targets=[[grown]]))
    story.resolve()
    assert story.state.objects[grown].zone == "graveyard" and story.state.objects[plain].zone == "field"
    story.replays()


def test_destroy_a_card_in_a_chant_standby_area() -> None:
    # Emissary of Another Dimension (MOA-014): "Banish this card: Destroy target card in a
    # chant-standby area."  The card text puts it into its owner's graveyard (FoW-5.5 1.4 p1)
    story = Story({"MOA-014": 4, "T-BEAR": 4})
    emissary = story.put("p1", "MOA-014", "field")
    hidden = story.put("p2", "T-BEAR", "standby")
    story.when(cmd("ActivateAbility", "p1", source=emissary, ability=1, targets=[[hidden]]))
    moved = find(story.resolve(), "CardMoved")
    assert (moved.data["oid"], moved.data["from"], moved.data["to"]) == (hidden, "standby", "graveyard")
    assert moved.rule == "FoW-5.5 1.4 p1"
    story.replays()


# --- round 2: banishing your own card, removing the top card, this card on top of the deck -----


def test_banish_one_magic_stone_you_control_of_your_choice() -> None:
    # Murderous Snowman (CMF-030): "[Enter]: Banish one magic stone you control".  The controller
    # chooses among their own magic stones (FoW-5.5 10.10 p1, p2); the opponent's stay
    story = Story({"CMF-030": 4, "T-BEAR": 4})
    snowman = story.put("p1", "CMF-030", "hand")
    first, second = story.put("p1", "T-STONE", "stone_area"), story.put("p1", "T-STONE", "stone_area")
    theirs = story.put("p2", "T-STONE", "stone_area")
    story.will("p1", "R", "R")
    story.when(cmd("PlayCard", "p1", card=snowman))
    story.resolve()  # the resonator enters; its [Enter] ability is played
    events = story.resolve()
    asked = find(events, "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"]) == ("p1", "banish")
    assert sorted(asked.data["options"]["cards"]) == sorted([first, second])
    events = story.when(cmd("ChooseCards", "p1", cards=[second]))
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.rule) == (second, "graveyard", "FoW-5.5 10.10 p1")
    assert story.state.objects[first].zone == "stone_area" and story.state.objects[theirs].zone == "stone_area"
    story.replays()


def test_remove_the_top_card_of_your_main_deck_from_the_game() -> None:
    # Disaster's Memoria (TMS-097): "{Rest}: Remove the top card of your main deck from the game."
    # Face up, into the removed area (FoW-5.5 10.3 p1), not into the graveyard
    story = Story({"T-BEAR": 4}, stones={"TMS-097": 2, "T-STONE": 8})
    memoria = story.put("p1", "TMS-097", "stone_area")
    top = story.state.zones["p1"]["main_deck"][-1]
    story.when(cmd("ActivateAbility", "p1", source=memoria, ability=2))
    moved = find(story.resolve(), "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.rule) == (top, "removed", "FoW-5.5 10.3 p1")
    assert top not in story.state.zones["p1"]["graveyard"]
    story.replays()


def test_put_this_card_on_top_of_your_main_deck_then_search() -> None:
    # Dying Swallow (TMS-037): "{U}{U}{U}, {Rest}: Put this card on top of your main deck. Search
    # your main deck for up to three Fairy Tale resonators, reveal them and put them into your
    # hand. Then shuffle your main deck."  The card goes on top (FoW-5.5 3.1 p5) before the search
    story = Story({"TMS-037": 4, "T-BEAR": 4})
    swallow = story.put("p1", "TMS-037", "field")
    story.log += to_main(story.state, turn=3)  # in play since the beginning of p1's turn (9.5 p3)
    story.will("p1", "U", "U", "U")
    story.when(cmd("ActivateAbility", "p1", source=swallow, ability=1))
    events = story.resolve()
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.rule) == (swallow, "main_deck", "FoW-5.5 3.1 p5")
    asked = find(events, "ChoiceRequested")
    assert swallow in asked.data["options"]["cards"]  # a Fairy Tale resonator of the main deck now
    story.replays()


def unblockable_runner() -> tuple[Story, str, str, list[Event]]:
    """Given a Bear of each player's in their field on p1's turn 3, when p1 plays TAT-062 and its [Enter]
    targets p1's Bear (the runner) and resolves: the story, the runner, p2's Bear (the wall) and the
    events of that resolution."""
    story = Story({"TAT-062": 4, "T-BEAR": 4})
    runner = story.put("p1", "T-BEAR", "field")
    wall = story.put("p2", "T-BEAR", "field")
    story.log += to_main(story.state, turn=3)
    card = story.put("p1", "TAT-062", "hand")
    story.will("p1", "G", "G")
    story.when(cmd("PlayCard", "p1", card=card))
    trig = find(story.resolve(), "AbilityTriggered")
    story.when(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[[runner]]))
    return story, runner, wall, story.resolve()


def test_target_resonator_cannot_be_blocked_until_end_of_turn() -> None:
    # TAT-062: "[Enter]: Target resonator cannot be blocked until end of turn."  The text beats
    # the blocking rule (FoW-5.5 8.3 p3, 1.4 p1) for that resonator only, for the turn
    story, runner, wall, events = unblockable_runner()
    made = find(events, "ContinuousEffectCreated")
    assert (made.data["targets"], made.data["rules"]) == ([runner], ["cannot_be_blocked"])
    story.when(cmd("InitiateBattle", "p1"))
    while story.pending.kind != "declare_attack":
        story.when(cmd("Pass", story.pending.player))
    story.when(cmd("DeclareAttack", "p1", attacker=runner, target="p2"))
    while story.pending.kind != "declare_block":
        story.when(cmd("Pass", story.pending.player))
    assert not [c for c in engine.legal_actions(story.state, "p2") if c.type == "DeclareBlock"]
    no = story.refused(cmd("DeclareBlock", "p2", blocker=wall))
    assert (no.code, no.rule) == ("rules/cannot_be_blocked", "FoW-5.5 1.4 p1")
    story.when(cmd("DeclineBlock", "p2"))
    story.log += to_main(story.state, turn=4)
    assert story.state.effects == []  # until end of turn (5.4 p4)
    story.replays()


# --- control changes (1.5 p3) --------------------------------------------------------------------


def test_gain_control_of_target_resonator_for_the_rest_of_the_game() -> None:
    # BFA-079^: "When this card is put into a graveyard from your field, gain control of target
    # resonator."  The resonator stays in the field, the same object (3.1 p3), now in its new
    # controller's field; it cannot attack or pay a rest cost this turn, as its new controller has
    # not controlled it since the beginning of the turn (8.2 p3.1, 9.5 p3)
    story = Story({"BFA-079^": 4, "T-BEAR": 4})
    card = story.put("p1", "BFA-079^", "field")
    bear = story.put("p2", "T-BEAR", "field")
    story.log += to_main(story.state, turn=3)
    story.by_rule(actions.destroy, card, "given")
    trig = story.state.triggered[0]
    story.when(cmd("Pass", "p1"))
    story.when(cmd("PlayTriggered", "p1", trigger=trig.id, targets=[[bear]]))
    changed = find(story.resolve(), "ControlChanged")
    assert (changed.data, changed.rule) == ({"oid": bear, "from": "p2", "to": "p1"}, "FoW-5.5 1.5 p3")
    obj = story.state.objects[bear]
    assert obj.controller == "p1" and obj.owner == "p2" and obj.zone == "field"
    assert bear in story.state.zones["p1"]["field"] and bear not in story.state.zones["p2"]["field"]
    assert not flow.can_attack_with(story.state, bear)
    story.log += to_main(story.state, turn=5)  # no duration: still p1's, and now it may attack
    assert story.state.objects[bear].controller == "p1" and flow.can_attack_with(story.state, bear)
    story.replays()
