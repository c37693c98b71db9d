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

from domain.fow import actions
from domain.kernel import Event
from tests.fow.cards.story import Story, _add, legal
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
