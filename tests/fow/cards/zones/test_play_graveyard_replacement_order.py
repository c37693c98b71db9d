"""Two replacements of one card's move to a graveyard, on real cards (given events / when command / then
cited events; each story replays its whole log): Ragnarok, the Divine Sword of Savior (MPR-011) "If a
resonator dealt damage by added J/resonator would be put into a graveyard this turn, remove that resonator
from the game and you gain life equal to its DEF instead" and Blazer, the Eater of Dimensions (MPR-023)
"If a card would be put into a graveyard from anywhere, remove it from the game instead" both apply to a
resonator the rule processes destroy (13.2 p1): its controller, the player of the original situation,
chooses which applies (FoW-5.5 9.10 p2); only that one applies - once the card is removed instead, it is
no longer put into a graveyard and the other no longer applies (9.10 p1).
"""

from __future__ import annotations

from domain.fow import actions, engine
from domain.kernel import Event
from tests.fow.cards.story import Story, _add, _enter_next_turn, legal
from tests.fow.support import cmd, find


def _destroyed_with_both() -> tuple[Story, dict[str, str], list[Event]]:
    """p1's Bear with Ragnarok deals lethal damage to p2's Bear while p1 controls Blazer; p1 passes and the
    rule processes would destroy p2's Bear: the events of that pass."""
    story = Story({"MPR-011": 4, "MPR-023": 4, "T-BEAR": 4})
    c = {"bear": story.put("p1", "T-BEAR", "field"), "theirs": story.put("p2", "T-BEAR", "field")}
    c["sword"] = _add(story, "p1", "MPR-011", c["bear"])
    c["blazer"] = story.put("p1", "MPR-023", "field")
    story.by_rule(actions.deal_damage, c["bear"], c["theirs"], 500, "given")
    return story, c, story.when(cmd("Pass", "p1"))


def _asked_which(story: Story, c: dict[str, str], events: list[Event]) -> list[str]:
    """p2, the controller of the resonator to be destroyed, is asked which of the sword's and
    Blazer's replacement applies (9.10 p2), before anything is destroyed; only p2 may answer.
    The choices."""
    asked = find(events, "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p2", "replacement", "FoW-5.5 9.10 p2")
    choices: list[str] = asked.data["options"]["choices"]
    assert (asked.data["options"]["move"], choices[0], choices[1].split(":")[0]) == (
        c["theirs"],
        c["sword"],
        c["blazer"],
    )
    assert story.state.objects[c["theirs"]].zone == "field"  # nothing is destroyed before the answer
    assert legal(story, "p2", "ChooseReplacement") == [{"effect": x} for x in choices]
    assert story.refused(cmd("ChooseReplacement", "p1", effect=choices[0])).code == "rules/not_your_decision"
    return choices


def test_the_controller_of_the_destroyed_resonator_is_asked_which_replacement_applies() -> None:
    story, c, events = _destroyed_with_both()
    _asked_which(story, c, events)
    wrong = story.refused(cmd("ChooseReplacement", "p2", effect="nothing"))
    assert (wrong.code, wrong.rule) == ("rules/replacement_choice", "FoW-5.5 9.10 p2")
    story.replays()


def test_blazer_chosen_removes_the_resonator_and_ragnarok_gains_no_life() -> None:
    story, c, events = _destroyed_with_both()
    blazer = find(events, "ChoiceRequested").data["options"]["choices"][1]
    life = story.state.players["p1"].life
    events = story.when(cmd("ChooseReplacement", "p2", effect=blazer))
    chosen = find(events, "OptionChosen")
    assert (chosen.data, chosen.rule) == (
        {"player": "p2", "replacement": blazer, "oid": c["theirs"]},
        "FoW-5.5 9.10 p2",
    )
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.data["replaced_by"], moved.rule) == (
        c["theirs"],
        "removed",
        blazer,
        "FoW-5.5 9.10 p1",
    )
    assert "LifeChanged" not in [e.type for e in events] and story.state.players["p1"].life == life
    assert story.pending.kind == "priority" and story.pending.player == "p2"  # the pass goes on (6.1 p1.3)
    story.replays()


def test_ragnarok_chosen_removes_the_resonator_and_its_controller_gains_its_def() -> None:
    story, c, events = _destroyed_with_both()
    life = story.state.players["p1"].life
    events = story.when(cmd("ChooseReplacement", "p2", effect=c["sword"]))
    moved = find(events, "CardMoved")
    assert (moved.data["to"], moved.data["replaced_by"]) == ("removed", c["sword"])
    gained = find(events, "LifeChanged")
    assert (gained.data["player"], gained.data["delta"]) == ("p1", 500)
    assert story.state.players["p1"].life == life + 500
    story.replays()


# --- an effect destroys it: Rapid Decay (TAT-032) "Destroy target resonator with total cost 2 or less" ---


def _decayed_with_both() -> tuple[Story, dict[str, str], list[Event]]:
    """p1's Bear with Ragnarok deals p2's Bear damage that does not destroy it while p1 controls Blazer;
    p1 plays Rapid Decay on p2's Bear and both players pass: the events of its resolution."""
    story = Story({"MPR-011": 4, "MPR-023": 4, "T-BEAR": 4, "TAT-032": 4})
    c = {"bear": story.put("p1", "T-BEAR", "field"), "theirs": story.put("p2", "T-BEAR", "field")}
    c["sword"] = _add(story, "p1", "MPR-011", c["bear"])
    c["blazer"] = story.put("p1", "MPR-023", "field")
    story.by_rule(actions.deal_damage, c["bear"], c["theirs"], 100, "given")
    decay = story.put("p1", "TAT-032", "hand")
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=decay, targets=[[c["theirs"]]]))
    return story, c, story.resolve()


def test_an_effect_destroying_the_resonator_asks_its_controller_which_replacement_applies() -> None:
    """FoW-5.5 9.10 p2: not only the rule processes - an effect's destruction stops for the choice
    too, before anything is destroyed; the controller of the destroyed card answers."""
    story, c, events = _decayed_with_both()
    _asked_which(story, c, events)
    assert story.state.chase  # Rapid Decay waits in the chase area for the answer
    story.replays()


def test_the_effect_resumes_with_the_replacement_chosen_and_asks_no_more() -> None:
    """FoW-5.5 9.10 p2, p1: Ragnarok chosen, the resonator is removed and p1, the sword's controller,
    gains life equal to its DEF; Blazer chosen, it is removed and nobody gains life."""
    for pick, gained in (("sword", 500), ("blazer", 0)):
        story, c, events = _decayed_with_both()
        choices = find(events, "ChoiceRequested").data["options"]["choices"]
        effect = choices[0] if pick == "sword" else choices[1]
        life = story.state.players["p1"].life
        events = story.when(cmd("ChooseReplacement", "p2", effect=effect))
        moved = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == c["theirs"])
        assert (moved.data["to"], moved.data["replaced_by"], moved.data["reason"]) == ("removed", effect, "destroyed")
        assert story.state.players["p1"].life == life + gained, pick
        assert "ChoiceRequested" not in [e.type for e in events]
        assert not story.state.chase  # Rapid Decay finished resolving
        story.replays()


# --- a cost moves it: Alice's Little Assault Force (SKL-018) "Banish this card: This card deals 200 damage to
# target player or resonator" ---


def _banished_as_a_cost() -> tuple[Story, dict[str, str], list[Event]]:
    """p1's Bear with Ragnarok has dealt 100 damage to p2's Alice's Little Assault Force ([300/300]) while p1
    controls Blazer; p1 plays Rapid Decay on it and passes; p2, in response, plays its ability, banishing it
    as the cost (FoW-5.5 9.3 p2.5, 10.10 p1): the events of that play."""
    story = Story({"MPR-011": 4, "MPR-023": 4, "T-BEAR": 4, "TAT-032": 4, "SKL-018": 4})
    c = {"bear": story.put("p1", "T-BEAR", "field"), "theirs": story.put("p2", "SKL-018", "field")}
    c["sword"] = _add(story, "p1", "MPR-011", c["bear"])
    c["blazer"] = story.put("p1", "MPR-023", "field")
    story.by_rule(actions.deal_damage, c["bear"], c["theirs"], 100, "given")
    decay = story.put("p1", "TAT-032", "hand")
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=decay, targets=[[c["theirs"]]]))
    story.when(cmd("Pass", "p1"))
    return story, c, story.when(cmd("ActivateAbility", "p2", source=c["theirs"], ability=0, targets=[["p1"]]))


def test_a_card_banished_as_a_cost_asks_its_controller_which_replacement_applies() -> None:
    """FoW-5.5 9.10 p2: banishing a card to pay a cost puts it into a graveyard as any move does; with
    Ragnarok's and Blazer's replacements both applying, its controller chooses before the cost is paid."""
    story, c, events = _banished_as_a_cost()
    assert [e.type for e in events] == ["ChoiceRequested"]  # nothing of the play happens before the answer
    _asked_which(story, c, events)
    story.replays()


def test_the_play_goes_on_with_the_replacement_chosen_for_its_cost() -> None:
    """FoW-5.5 9.10 p2, p1: the ability is played with the answer - the card is removed instead of being
    put into the graveyard, its ability goes to the chase area, p2 gets priority; Ragnarok chosen, p1 gains
    life equal to its DEF (300), Blazer chosen, nobody does."""
    for pick, gained in (("sword", 300), ("blazer", 0)):
        story, c, events = _banished_as_a_cost()
        choices = find(events, "ChoiceRequested").data["options"]["choices"]
        effect = choices[0] if pick == "sword" else choices[1]
        life = story.state.players["p1"].life
        events = story.when(cmd("ChooseReplacement", "p2", effect=effect))
        chosen = find(events, "OptionChosen")
        assert (chosen.data["replacement"], chosen.data["oid"], chosen.rule) == (effect, c["theirs"], "FoW-5.5 9.10 p2")
        moved = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == c["theirs"])
        assert (moved.data["to"], moved.data["replaced_by"], moved.data["reason"]) == ("removed", effect, "banish")
        assert story.state.players["p1"].life == life + gained, pick
        assert [i.kind for i in story.state.chase] == ["card", "ability"]  # Rapid Decay, then the ability
        assert story.pending.kind == "priority" and story.pending.player == "p2"
        assert "ChoiceRequested" not in [e.type for e in events]
        story.replays()


# --- an effect other than a destruction moves it: Soulhunt (SKL-079) "You banish a resonator you control.
# Your opponent banishes a resonator they control. Each player discards a card." ---


def _soulhunt() -> tuple[Story, dict[str, str], list[Event]]:
    """p1's Bear with Ragnarok has dealt 100 damage to p2's only resonator, a Bear, while p1 controls Blazer
    and another Bear; p1 plays Soulhunt, both pass and p1 chooses to banish their other Bear: the events of
    that choice."""
    story = Story({"MPR-011": 4, "MPR-023": 4, "T-BEAR": 4, "SKL-079": 4})
    c = {"bear": story.put("p1", "T-BEAR", "field"), "theirs": story.put("p2", "T-BEAR", "field")}
    c["sword"] = _add(story, "p1", "MPR-011", c["bear"])
    c["blazer"] = story.put("p1", "MPR-023", "field")
    c["other"] = story.put("p1", "T-BEAR", "field")
    story.by_rule(actions.deal_damage, c["bear"], c["theirs"], 100, "given")
    soulhunt = story.put("p1", "SKL-079", "hand")
    story.will("p1", "B")
    story.when(cmd("PlayCard", "p1", card=soulhunt))
    story.resolve()
    assert story.pending.kind == "banish" and story.pending.player == "p1"
    return story, c, story.when(cmd("ChooseCards", "p1", cards=[c["other"]]))


def test_an_effect_banishing_the_resonator_asks_its_controller_which_replacement_applies() -> None:
    """FoW-5.5 9.10 p2: p2 banishes the Bear Ragnarok's host damaged; Ragnarok's and Blazer's
    replacements apply, so p2 - not p1, whose answer the effect was applying - chooses, before anything
    of that answer happens."""
    story, c, events = _soulhunt()
    assert [e.type for e in events] == ["ChoiceRequested"]
    _asked_which(story, c, events)
    assert story.state.objects[c["other"]].zone == "field"
    # the question records p1's answer, to decide it again; p2 sees which card and choices, not p1's answer
    resume = events[0].data["options"]["resume"]
    assert resume["command"] == {"type": "ChooseCards", "player": "p1", "args": {"cards": [c["other"]]}}
    assert resume["pending"]["kind"] == "banish"
    seen = engine.redact_event(story.state, events[0], "p2").data["options"]
    assert "resume" not in seen and seen["choices"] == events[0].data["options"]["choices"]
    assert engine.redact_event(story.state, events[0], "p1").data["options"] == {}
    story.replays()


def test_the_effect_resumes_with_p1s_choice_and_the_replacement_p2_chose() -> None:
    """FoW-5.5 9.10 p2, p1; 10.10 p1: once p2 answers, p1's choice is applied again - their Bear is removed
    instead (Blazer, the only replacement that applies to it: the event names it) - then p2's Bear is
    removed by the replacement p2 chose, and each player is asked to discard (10.18 p1)."""
    for pick, gained in (("sword", 500), ("blazer", 0)):
        story, c, events = _soulhunt()
        choices = find(events, "ChoiceRequested").data["options"]["choices"]
        effect = choices[0] if pick == "sword" else choices[1]
        life = story.state.players["p1"].life
        events = story.when(cmd("ChooseReplacement", "p2", effect=effect))
        moves = {e.data["oid"]: e for e in events if e.type == "CardMoved"}
        assert (moves[c["other"]].data["to"], moves[c["other"]].data["replaced_by"]) == ("removed", choices[1])
        assert (moves[c["theirs"]].data["to"], moves[c["theirs"]].data["replaced_by"]) == ("removed", effect)
        assert story.state.players["p1"].life == life + gained, pick
        assert story.pending.kind == "discard"
        story.replays()


# --- "remove it instead" made by an effect: Burn to Cinders (TTW-021) "This card deals 700 damage to target
# J/resonator. ... If it's a resonator and it would be put into a graveyard from a field this turn, remove it
# from game instead." ---


def test_burn_to_cinders_and_ragnarok_ask_the_controller_of_the_destroyed_resonator() -> None:
    """FoW-5.5 9.10 p2: the effect Burn to Cinders made and Ragnarok's ability both replace the move of the
    destroyed Bear to a graveyard; its controller chooses (here Ragnarok: p1 gains life equal to its DEF)."""
    story = Story({"MPR-011": 4, "T-BEAR": 4, "TTW-021": 4})
    c = {"bear": story.put("p1", "T-BEAR", "field"), "theirs": story.put("p2", "T-BEAR", "field")}
    c["sword"] = _add(story, "p1", "MPR-011", c["bear"])
    story.by_rule(actions.deal_damage, c["bear"], c["theirs"], 100, "given")
    burn = story.put("p1", "TTW-021", "hand")
    story.will("p1", "R", "R")
    story.when(cmd("PlayCard", "p1", card=burn, targets=[[c["theirs"]]]))
    events = story.resolve()
    asked = find(events, "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p2", "replacement", "FoW-5.5 9.10 p2")
    made = find(events, "ContinuousEffectCreated").data["id"]
    assert asked.data["options"]["choices"] == [made, c["sword"]]
    assert story.state.objects[c["theirs"]].zone == "field"
    life = story.state.players["p1"].life
    events = story.when(cmd("ChooseReplacement", "p2", effect=c["sword"]))
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.data["replaced_by"]) == (c["theirs"], "removed", c["sword"])
    assert story.state.players["p1"].life == life + 500
    story.replays()


def test_two_replacements_that_remove_it_alike_are_applied_without_a_question_and_the_event_says_so() -> None:
    """FoW-5.5 9.10 p2, p1: Burn to Cinders' "remove it instead" and Blazer's "If a card would be put into a
    graveyard from anywhere, remove it from the game instead" lead to one outcome, whichever applies: the
    Bear is removed without a question, the event naming the one applied and both that applied alike."""
    story = Story({"MPR-023": 4, "T-BEAR": 4, "TTW-021": 4})
    theirs = story.put("p2", "T-BEAR", "field")
    blazer = story.put("p1", "MPR-023", "field")
    burn = story.put("p1", "TTW-021", "hand")
    story.will("p1", "R", "R")
    story.when(cmd("PlayCard", "p1", card=burn, targets=[[theirs]]))
    events = story.resolve()
    assert "ChoiceRequested" not in [e.type for e in events if e.data.get("kind") == "replacement"]
    made = find(events, "ContinuousEffectCreated").data["id"]
    moved = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == theirs)
    assert (moved.data["to"], moved.data["replaced_by"], moved.rule) == ("removed", made, "FoW-5.5 9.10 p1")
    assert moved.data["alike"] == [made, f"{blazer}:0"]
    story.replays()


def test_a_resonator_banished_to_pay_a_chosen_card_cost_asks_too() -> None:
    """FoW-5.5 9.10 p2, 9.3 p2.5: Guinevere, the Jealous Queen (TTW-027) "{Rest}, banish a resonator: Draw two
    cards, then discard a card." - p1 banishes their Bear that the Bear with Ragnarok damaged, with Blazer in
    the field: p1 is asked before the cost is paid; Ragnarok chosen, p1 gains 500 and the ability is played
    (Guinevere rested, the ability in the chase area)."""
    story = Story({"MPR-011": 4, "MPR-023": 4, "T-BEAR": 4, "TTW-027": 4})
    c = {"bear": story.put("p1", "T-BEAR", "field"), "theirs": story.put("p1", "T-BEAR", "field")}
    guinevere = story.put("p1", "TTW-027", "field")
    _enter_next_turn(story)
    c["sword"] = _add(story, "p1", "MPR-011", c["bear"])
    c["blazer"] = story.put("p1", "MPR-023", "field")
    story.by_rule(actions.deal_damage, c["bear"], c["theirs"], 100, "given")
    play = cmd("ActivateAbility", "p1", source=guinevere, ability=0, cost_cards=[[c["theirs"]]])
    events = story.when(play)
    assert [e.type for e in events] == ["ChoiceRequested"]
    asked = events[0]
    assert (asked.data["player"], asked.data["options"]["move"], asked.rule) == ("p1", c["theirs"], "FoW-5.5 9.10 p2")
    assert asked.data["options"]["choices"] == [c["sword"], f"{c['blazer']}:0"]
    assert not story.state.objects[guinevere].rested
    life = story.state.players["p1"].life
    events = story.when(cmd("ChooseReplacement", "p1", effect=c["sword"]))
    moved = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == c["theirs"])
    assert (moved.data["to"], moved.data["replaced_by"], moved.data["reason"]) == ("removed", c["sword"], "banish")
    assert story.state.players["p1"].life == life + 500
    assert story.state.objects[guinevere].rested and [i.kind for i in story.state.chase] == ["ability"]
    story.replays()


def test_two_cards_of_one_answer_are_asked_about_in_turn_each_answer_kept() -> None:
    """FoW-5.5 9.10 p2: Soulhunt with both banished Bears damaged by Ragnarok's host - p1's answer banishes
    theirs (p1 is asked), then p2's goes (p2 is asked, the question carrying p1's pick); the last answer
    decides p1's answer again with both picks."""
    story = Story({"MPR-011": 4, "MPR-023": 4, "T-BEAR": 4, "SKL-079": 4})
    c = {"bear": story.put("p1", "T-BEAR", "field"), "theirs": story.put("p2", "T-BEAR", "field")}
    c["sword"] = _add(story, "p1", "MPR-011", c["bear"])
    c["blazer"] = story.put("p1", "MPR-023", "field")
    c["other"] = story.put("p1", "T-BEAR", "field")
    for damaged in (c["theirs"], c["other"]):
        story.by_rule(actions.deal_damage, c["bear"], damaged, 100, "given")
    soulhunt = story.put("p1", "SKL-079", "hand")
    story.will("p1", "B")
    story.when(cmd("PlayCard", "p1", card=soulhunt))
    story.resolve()
    events = story.when(cmd("ChooseCards", "p1", cards=[c["other"]]))
    asked = find(events, "ChoiceRequested")
    assert (asked.data["player"], asked.data["options"]["move"]) == ("p1", c["other"])
    events = story.when(cmd("ChooseReplacement", "p1", effect=c["sword"]))
    assert [e.type for e in events] == ["OptionChosen", "ChoiceRequested"]  # the rest undone until p2 answers
    asked = events[1]
    assert (asked.data["player"], asked.data["options"]["move"]) == ("p2", c["theirs"])
    assert asked.data["options"]["moves_chosen"] == {c["other"]: c["sword"]}
    life = story.state.players["p1"].life
    events = story.when(cmd("ChooseReplacement", "p2", effect=f"{c['blazer']}:0"))
    moves = {e.data["oid"]: e.data["replaced_by"] for e in events if e.type == "CardMoved"}
    assert moves == {c["other"]: c["sword"], c["theirs"]: f"{c['blazer']}:0"}
    assert story.state.players["p1"].life == life + 500  # p1's Bear's DEF, by Ragnarok; none for p2's
    assert story.pending.kind == "discard"
    story.replays()
