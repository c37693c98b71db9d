"""Cards linked to what their ability moved, and effects that last a turn on a moved card - real
Grimm/Alice cards executed by the engine in the form the importer gives them (helper v_link; given
events / when command / then cited events or a cited rejection; each story replays its whole log):

* "you may put a resonator from your hand into your field. It gains [Swiftness] until end of turn. At
  the end of turn, banish it." (9.6 p8: "it" is the card put, while it stays that object, 3.1 p3);
* "you may remove up to two cards in your graveyard from the game. If you do, it deals 200 damage
  multiplied by the combined total cost of the cards removed this way" (10.13 p1, 9.3 p3, 2.3).
"""

from __future__ import annotations

from domain.fow import actions
from domain.fow.characteristics import characteristics
from tests.fow_support import cmd, find
from tests.test_fow_conditions import Story
from tests.test_fow_real_triggers_costs import pass_until

# --- Wormhole: "At the end of turn, banish it" names the card put from the hand -------------------


def _wormhole_story() -> tuple[Story, str, str]:
    # Wormhole (MOA-020): "When this card enters your field, you may put a resonator from your hand into
    # your field. It gains [Swiftness] until end of turn. At the end of turn, banish it."
    story = Story({"MOA-020": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "hand")
    wormhole = story.put("p1", "MOA-020", "graveyard")
    story.by_rule(actions.move, wormhole, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    [trig] = story.state.triggered
    assert trig.source == wormhole
    story.when(cmd("Pass", "p1"))  # played (it chooses no target), then it resolves
    events = story.resolve()
    asked = find(events, "ChoiceRequested")
    assert asked.data["kind"] == "put_from_hand" and bear in asked.data["options"]["cards"]
    return story, wormhole, bear


def test_wormhole_banishes_the_resonator_it_put_at_the_end_of_turn() -> None:
    story, _, bear = _wormhole_story()
    events = story.when(cmd("ChooseCards", "p1", cards=[bear]))
    assert story.state.objects[bear].zone == "field"
    assert "swiftness" in characteristics(story.state, bear).skills
    made = find(events, "DelayedAbilityCreated")
    assert (made.data["objects"], made.rule) == ([[bear, story.state.objects[bear].zone_since]], "FoW-5.5 9.6 p8")
    events = pass_until(story.state, lambda s: s.turn == 2, play_triggers=True)
    story.log += events
    fired = next(e for e in events if e.type == "AbilityTriggered")
    assert (fired.data["kind"], fired.rule) == ("delayed", "FoW-5.5 9.6 p8")
    banished = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == bear)
    assert (banished.data["to"], banished.data["reason"], banished.rule) == ("graveyard", "banish", "FoW-5.5 10.10 p1")
    story.replays()


def test_wormhole_banishes_nothing_once_the_card_is_a_new_object() -> None:
    # the card returned to the hand and played again is a new object (3.1 p3): "it" no longer names it
    story, _, bear = _wormhole_story()
    story.when(cmd("ChooseCards", "p1", cards=[bear]))
    story.moved(bear, "hand")
    story.moved(bear, "field", controller="p1")
    events = pass_until(story.state, lambda s: s.turn == 2, play_triggers=True)
    story.log += events
    assert story.state.objects[bear].zone == "field"
    assert not [e for e in events if e.type == "CardMoved" and e.data["oid"] == bear]
    story.replays()


def test_wormhole_put_nothing_makes_no_delayed_banish() -> None:
    story, _, bear = _wormhole_story()
    events = story.when(cmd("ChooseCards", "p1", cards=[]))
    made = find(events, "DelayedAbilityCreated")
    assert made.data["objects"] == []  # nothing for "it" to name (9.6 p8)
    events = pass_until(story.state, lambda s: s.turn == 2, play_triggers=True)
    story.log += events
    assert story.state.objects[bear].zone == "hand"
    story.replays()


# --- Keeper of the Past, Urthr: "remove up to two cards in your graveyard"; the cards removed this way -


def _urthr_story() -> tuple[Story, dict[str, str]]:
    # Keeper of the Past, Urthr (TMS-024, {R}{2}): "When this card enters your field, you may remove up to
    # two cards in your graveyard from the game. If you do, it deals 200 damage multiplied by the combined
    # total cost of the cards removed this way to target J/resonator."
    story = Story({"TMS-024": 4, "T-BEAR": 4, "T-WALL": 4})
    c = {
        "wall": story.put("p2", "T-WALL", "field"),
        "other_urthr": story.put("p1", "TMS-024", "graveyard"),
        "bear": story.put("p1", "T-BEAR", "graveyard"),
        "their_bear": story.put("p2", "T-BEAR", "graveyard"),
        "urthr": story.put("p1", "TMS-024", "graveyard"),
    }
    story.by_rule(actions.move, c["urthr"], "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    [trig] = story.state.triggered
    story.when(cmd("Pass", "p1"))
    story.when(cmd("PlayTriggered", "p1", trigger=trig.id, targets=[[c["wall"]]]))
    events = story.resolve()
    asked = find(events, "ChoiceRequested")
    assert (asked.data["options"]["cards"], asked.data["options"]["min"], asked.data["options"]["max"]) == (
        [c["other_urthr"], c["bear"]],  # your graveyard only
        0,
        2,
    )
    assert asked.rule == "FoW-5.5 10.13 p1"
    return story, c


def test_urthr_deals_200_per_total_cost_of_the_cards_it_removed() -> None:
    story, c = _urthr_story()
    refusal = story.refused(cmd("ChooseCards", "p1", cards=[c["their_bear"]]))
    assert (refusal.code, refusal.rule) == ("rules/look_choice", "FoW-5.5 10.13 p2")
    events = story.when(cmd("ChooseCards", "p1", cards=[c["other_urthr"], c["bear"]]))
    moved = [(e.data["oid"], e.rule) for e in events if e.type == "CardMoved" and e.data["to"] == "removed"]
    assert moved == [(c["other_urthr"], "FoW-5.5 10.3 p1"), (c["bear"], "FoW-5.5 10.3 p1")]
    dealt = find(events, "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (c["urthr"], c["wall"], 800)
    story.replays()


def test_urthr_removing_one_card_counts_that_one() -> None:
    story, c = _urthr_story()
    events = story.when(cmd("ChooseCards", "p1", cards=[c["bear"]]))
    dealt = find(events, "DamageDealt")
    assert dealt.data["amount"] == 200  # the Bear's total cost 1 (2.3)
    story.replays()


def test_urthr_removing_none_is_not_doing_it() -> None:
    story, c = _urthr_story()
    events = story.when(cmd("ChooseCards", "p1", cards=[]))
    assert not [e for e in events if e.type in ("DamageDealt", "CardMoved")]  # "If you do" (9.3 p3.2)
    assert story.state.objects[c["bear"]].zone == "graveyard"
    story.replays()
