"""Real Grimm/Alice cards of the t8-opt round (optional effects, modes and choices), executed by the
engine in the form the importer gives them (given events / when command / then events; each story
replays its whole log):

* "You may look at target player's hand and choose a card. He or she discards that card.": the
  "you may" holds both sentences, decided on resolution (FoW-5.5 9.3 p3.2), the target player
  chosen as the ability is played (9.3 p2.4).
"""

from __future__ import annotations

from domain.fow import actions
from tests.fow_support import cmd, find
from tests.test_fow_battle import to_main
from tests.test_fow_conditions import Story


def _enters(story: Story, player: str, card_id: str) -> str:
    """Given: ``card_id`` of ``player`` is put into their field from the graveyard ("When this card
    enters your field" triggers)."""
    oid = story.put(player, card_id, "graveyard")
    story.by_rule(actions.move, oid, "field", "given", rule="3.1 p5", reason="effect", controller=player)
    return oid


def _played(story: Story, player: str, card_id: str, *will: str) -> str:
    """When: ``player`` plays ``card_id`` from hand with ``will`` and it resolves ([Enter] triggers)."""
    oid = story.put(player, card_id, "hand")
    story.will(player, *will)
    story.when(cmd("PlayCard", player, card=oid, pay_with=[]))
    story.resolve()
    return oid


# --- "you may" over two sentences -------------------------------------------------------------------


def test_nyarlathotep_may_look_at_target_players_hand_and_they_discard_the_chosen_card() -> None:
    # Nyarlathotep, the Usurper (MOA-049): "[Enter]: You may look at target player's hand and
    # choose a card. He or she discards that card."
    story = Story({"MOA-049": 4, "T-BEAR": 4})
    _played(story, "p1", "MOA-049", "B", "B", "B", "B")
    trig = story.state.triggered[0]
    story.when(cmd("PlayTriggered", "p1", trigger=trig.id, targets=[["p2"]]))
    asked = find(story.resolve(), "ChoiceRequested")
    assert (asked.data["kind"], asked.rule) == ("optional", "FoW-5.5 9.3 p3.2")
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    asked = find(events, "ChoiceRequested")
    hand = list(story.state.zones["p2"]["hand"])
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p1", "discard_chosen", "FoW-5.5 10.13 p1")
    assert asked.data["options"]["cards"] == hand
    events = story.when(cmd("ChooseCards", "p1", cards=[hand[0]]))
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.data["reason"], moved.actor) == (
        hand[0],
        "graveyard",
        "discard",
        "p2",
    )
    story.replays()


def test_nyarlathotep_declined_looks_at_nothing() -> None:
    story = Story({"MOA-049": 4, "T-BEAR": 4})
    _played(story, "p1", "MOA-049", "B", "B", "B", "B")
    hand = list(story.state.zones["p2"]["hand"])
    story.when(cmd("PlayTriggered", "p1", trigger=story.state.triggered[0].id, targets=[["p2"]]))
    story.resolve()
    events = story.when(cmd("ChooseOptional", "p1", accept=False))
    assert not any(e.type in ("ChoiceRequested", "CardMoved") for e in events)
    assert story.state.zones["p2"]["hand"] == hand
    story.replays()


# --- "it may deal ..., If it does, ..." ---------------------------------------------------------------


def _attack(story: Story, attacker: str) -> None:
    story.log += to_main(story.state, turn=3)
    story.when(cmd("InitiateBattle", "p1"))
    while story.pending.kind != "declare_attack":
        story.when(cmd("Pass", story.pending.player))
    story.when(cmd("DeclareAttack", "p1", attacker=attacker, target="p2"))


def _snow_white_attacks(story: Story) -> tuple[str, str]:
    snow, bear = story.put("p1", "SKL-031", "field"), story.put("p2", "T-BEAR", "field")
    _attack(story, snow)
    counter, damage = sorted(story.state.triggered, key=lambda t: t.ability)
    # the damage ability first: the counter one, played next (as it chooses nothing), resolves
    # first (6.4 p1.2)
    story.when(cmd("PlayTriggered", "p1", trigger=damage.id, targets=[[bear]]))
    assert [c.ability for c in story.state.chase] == [damage.ability, counter.ability]
    story.resolve()
    assert story.state.objects[snow].counters == {"passion": 1}
    return snow, bear


def test_snow_white_may_deal_damage_for_each_passion_counter_then_removes_them() -> None:
    # Snow White, the Valkyrie of Passion (SKL-031): "Whenever this card attacks, put a passion
    # counter on it." / "Whenever this card attacks, it may deal 300 damage to target resonator for
    # each passion counter on it. If it does, remove all passion counters from it."  The target is
    # chosen as the ability is played (9.3 p2.4), the damage decided on resolution (9.3 p3.2)
    story = Story({"SKL-031": 4, "T-BEAR": 4})
    snow, bear = _snow_white_attacks(story)
    asked = find(story.resolve(), "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p1", "optional", "FoW-5.5 9.3 p3.2")
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    dealt = find(events, "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (snow, bear, 300)
    assert find(events, "ConditionChecked").data["met"] is True  # "If it does"
    assert not story.state.objects[snow].counters.get("passion")
    story.replays()


def test_snow_white_declining_keeps_her_passion_counters() -> None:
    story = Story({"SKL-031": 4, "T-BEAR": 4})
    snow, bear = _snow_white_attacks(story)
    story.resolve()
    events = story.when(cmd("ChooseOptional", "p1", accept=False))
    assert not any(e.type == "DamageDealt" for e in events)
    assert story.state.objects[snow].counters == {"passion": 1}
    story.replays()
