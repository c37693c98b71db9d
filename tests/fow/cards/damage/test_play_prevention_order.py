"""The order of prevention effects (FoW-5.5 9.10 p2.1: "If there're more than one replacement effects for
dealing damage and all of them contain prevention effect, the player of the controller of the card that
would be dealt that damage choose one of them and apply it"), on real cards (given events / when command /
then cited events; each story replays its whole log).  Each applies once (9.10 p3); the order is asked only
where it changes the result - here whether "Each turn, prevent the first damage ..." is used up.
"""

from __future__ import annotations

from domain.kernel import Event
from tests.fow.cards.story import Story, _add, _enter_next_turn, legal
from tests.fow.support import cmd, find


def _jeanne_blocks() -> tuple[Story, dict[str, str], list[Event]]:
    # Jeanne d'Arc, the Awakening Purity (TAT-006, Human [700/700]): "Each turn, prevent the first damage that
    # would be dealt to a Fantasy or Human J/resonator you control."  With Dragonslayer (TAT-059): "If damage
    # would be dealt to the resonator with this, prevent 500 of it."  She blocks p1's Bear ([500/500]).
    story = Story({"TAT-006": 4, "TAT-059": 4, "T-BEAR": 4})
    c = {"bear": story.put("p1", "T-BEAR", "field"), "jeanne": story.put("p2", "TAT-006", "field")}
    c["slayer"] = _add(story, "p2", "TAT-059", c["jeanne"])
    _enter_next_turn(story)
    story.attack(c["bear"], until="declare_block")
    events = story.when(cmd("DeclareBlock", "p2", blocker=c["jeanne"]))
    while story.pending.kind == "priority":
        events = story.when(cmd("Pass", story.pending.player))
    return story, c, events


def test_the_controller_of_the_card_dealt_the_damage_chooses_which_prevention_applies_first() -> None:
    story, c, events = _jeanne_blocks()
    asked = find(events, "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p2", "replacement", "FoW-5.5 9.10 p2.1")
    options = asked.data["options"]
    assert (options["dealt_to"], options["dealt"], options["prevention"]) == (c["jeanne"], 500, True)
    assert options["choices"] == [f"{c['slayer']}:1", f"{c['jeanne']}:0"]
    assert "DamageDealt" not in [e.type for e in events]
    assert legal(story, "p2", "ChooseReplacement") == [{"effect": x} for x in options["choices"]]
    assert story.refused(cmd("ChooseReplacement", "p1", effect=options["choices"][0])).code == "rules/not_your_decision"
    story.replays()


def test_dragonslayer_first_prevents_all_500_and_jeannes_first_damage_is_kept() -> None:
    story, c, _ = _jeanne_blocks()
    events = story.when(cmd("ChooseReplacement", "p2", effect=f"{c['slayer']}:1"))
    prevented = [(e.data["effect"], e.data["amount"], e.rule) for e in events if e.type == "DamagePrevented"]
    assert prevented == [(f"{c['slayer']}:1", 500, "FoW-5.5 10.17 p1.1")]
    assert story.state.objects[c["jeanne"]].damage == 0
    assert not story.state.players["p2"].once_per_turn_used  # Jeanne's has not applied this turn
    dealt = find(events, "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (c["jeanne"], c["bear"], 700)
    story.replays()


def test_jeanne_first_prevents_the_damage_and_is_used_up_for_the_turn() -> None:
    story, c, _ = _jeanne_blocks()
    events = story.when(cmd("ChooseReplacement", "p2", effect=f"{c['jeanne']}:0"))
    prevented = [(e.data["effect"], e.data["amount"], e.rule) for e in events if e.type == "DamagePrevented"]
    assert prevented == [(f"{c['jeanne']}:0", 500, "FoW-5.5 10.17 p1.2")]
    assert len(story.state.players["p2"].once_per_turn_used) == 1
    story.replays()
