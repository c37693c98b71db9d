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


# --- FoW-5.01 9.10 p2 with 10.17 p1: a prevention is a replacement effect, ordered among the others ---


def _kusanagi_blocked_by_dragonslayer(ruleset: str) -> tuple[Story, dict[str, str], list[Event]]:
    """p1's Bear ([500/500]) with Kusanagi Sword (TAT-030: "If added J/resonator would deal damage, it deals
    that much +200 instead") attacks p2, who blocks with a Bear with Dragonslayer (TAT-059: "If damage would
    be dealt to the resonator with this, prevent 500 of it"); players pass until a question that is no
    priority (or the end of the battle).  The events from the block on."""
    story = Story({"TAT-030": 4, "TAT-059": 4, "T-BEAR": 4}, ruleset=ruleset)
    c = {"bear": story.put("p1", "T-BEAR", "field"), "theirs": story.put("p2", "T-BEAR", "field")}
    c["sword"] = _add(story, "p1", "TAT-030", c["bear"])
    c["slayer"] = _add(story, "p2", "TAT-059", c["theirs"])
    _enter_next_turn(story)
    story.attack(c["bear"], until="declare_block")
    events = story.when(cmd("DeclareBlock", "p2", blocker=c["theirs"]))
    while story.pending.kind == "priority" and story.state.step != "end_of_battle":
        events += story.when(cmd("Pass", story.pending.player))
    return story, c, events


def test_under_5_5_the_increase_applies_before_the_prevention_without_a_question() -> None:
    """FoW-5.5 9.10 p2.1: the replacement that is no prevention first (500 + 200), then the prevention
    (700 - 500): 200 damage, nothing asked."""
    story, c, events = _kusanagi_blocked_by_dragonslayer("FoW-5.5")
    assert "ChoiceRequested" not in [e.type for e in events if e.data.get("kind") == "replacement"]
    dealt = [(e.data["target"], e.data["amount"]) for e in events if e.type == "DamageDealt"]
    assert dealt[0] == (c["theirs"], 200)
    story.replays()


def test_under_5_01_the_dealers_controller_orders_the_prevention_among_the_replacements() -> None:
    """FoW-5.01 9.10 p2, 10.17 p1: "To prevent" damage is to apply a replacement effect, so the controller of
    what deals the damage (the controller of the card of the original situation) chooses which of Kusanagi's
    increase and Dragonslayer's prevention applies first; the prevention is among the choices."""
    story, c, events = _kusanagi_blocked_by_dragonslayer("FoW-5.01")
    asked = find(events, "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p1", "replacement", "FoW-5.01 9.10 p2")
    options = asked.data["options"]
    assert (options["target"], options["amount"]) == (c["theirs"], 500)
    assert options["choices"] == [f"{c['sword']}:1", f"{c['slayer']}:1"]
    assert options["preventions"] == [f"{c['slayer']}:1"]
    assert "DamageDealt" not in [e.type for e in events]
    assert legal(story, "p1", "ChooseReplacement") == [{"effect": x} for x in options["choices"]]
    assert story.refused(cmd("ChooseReplacement", "p2", effect=options["choices"][0])).code == "rules/not_your_decision"
    story.replays()


def test_under_5_01_the_prevention_chosen_first_prevents_all_of_it_and_the_increase_no_longer_applies() -> None:
    """FoW-5.01 9.10 p2, 10.17 p1: Dragonslayer first prevents the 500 damage; no damage is left to
    increase, so none is dealt to p2's Bear; Kusanagi first, 700 of which 500 are prevented: 200."""
    for first, replaced, dealt in (("slayer", False, 0), ("sword", True, 200)):
        story, c, _ = _kusanagi_blocked_by_dragonslayer("FoW-5.01")
        effect = f"{c[first]}:1"
        events = story.when(cmd("ChooseReplacement", "p1", effect=effect))
        chosen = find(events, "OptionChosen")
        assert (chosen.data["replacement"], chosen.rule) == (effect, "FoW-5.01 9.10 p2")
        order = [e.type for e in events if e.type in ("DamageReplaced", "DamagePrevented")]
        expected = ["DamageReplaced", "DamagePrevented"] if replaced else ["DamagePrevented"]
        assert order == expected, first
        prevented = find(events, "DamagePrevented")
        assert (prevented.data["effect"], prevented.data["amount"]) == (f"{c['slayer']}:1", 500)
        assert story.state.objects[c["theirs"]].damage == dealt, first
        story.replays()
