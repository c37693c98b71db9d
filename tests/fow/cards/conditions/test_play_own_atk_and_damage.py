"""Conditions on this card's own ATK or damage, on real Grimm/Alice cards (helper s3-cond),
executed by the engine in the form the importer gives them (given events / when command / then
events or a cited rejection; each story replays its whole log at the end):

* "Whenever this card attacks, if this card's ATK is 1000 or more, this card deals 700 damage to
  target resonator": the target is chosen as the ability is played (9.3 p2), the condition is
  checked on resolution (9.3 p3), on the card's ATK then (a card that left the field is read as
  it last was there, 9.11);
* "Destroy target resonator if its ATK is different from its printed ATK or its DEF is different
  from its printed DEF": the target is chosen as the card is played, its characteristics are
  checked on resolution (9.3 p3);
* "At the end of your turn, if no resonator you control attacked this turn, banish another
  resonator": attacks by your resonators this turn are tracked; a J-ruler is no resonator;
* "This card cannot attack or block unless it's damaged": the prohibition applies while no damage
  is on it (9.4 p1, 1.4 p1); damage stays until the end of the turn (5.4 p5.1).
"""

from __future__ import annotations

import pytest

from domain.fow import actions
from domain.fow.conditions import condition_met
from tests.fow.cards.story import Story, legal
from tests.fow.support import cmd, find
from tests.fow.test_ch8_battle import to_main

# --- "if this card's ATK is 1000 or more" (9.3 p3, 9.11) -----------------------------------------


def pump(story: Story, lancelot: str, times: int) -> None:
    for _ in range(times):
        story.will("p1", "R")
        story.when(cmd("ActivateAbility", "p1", source=lancelot, ability=2))
        story.resolve()


def test_lancelot_with_1000_atk_deals_700_damage_as_it_attacks() -> None:
    story = Story({"VS01-027": 4, "SKL-057": 4})
    lancelot = story.put("p1", "VS01-027", "field")
    beast = story.put("p2", "SKL-057", "field")
    story.log += to_main(story.state, turn=3)
    pump(story, lancelot, 4)  # 600 + 4 x 100 = 1000
    story.when(cmd("InitiateBattle", "p1"))
    while story.pending.kind != "declare_attack":
        story.when(cmd("Pass", story.pending.player))
    events = story.when(cmd("DeclareAttack", "p1", attacker=lancelot, target="p2"))
    assert any(e.type == "AbilityTriggered" and e.data["source"] == lancelot for e in events)
    trigger = story.state.triggered[0].id
    story.when(cmd("PlayTriggered", "p1", trigger=trigger, targets=[[beast]]))
    events = story.resolve()
    checked = find(events, "ConditionChecked")
    assert checked.data["met"] is True and checked.rule == "FoW-5.5 9.3 p3.2"
    dealt = find(events, "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (lancelot, beast, 700)
    story.replays()


def test_lancelot_under_1000_atk_deals_no_damage_though_it_chose_a_target() -> None:
    story = Story({"VS01-027": 4, "SKL-057": 4})
    lancelot = story.put("p1", "VS01-027", "field")
    beast = story.put("p2", "SKL-057", "field")
    story.log += to_main(story.state, turn=3)
    pump(story, lancelot, 3)  # 900: one short
    story.when(cmd("InitiateBattle", "p1"))
    while story.pending.kind != "declare_attack":
        story.when(cmd("Pass", story.pending.player))
    story.when(cmd("DeclareAttack", "p1", attacker=lancelot, target="p2"))
    trigger = story.state.triggered[0].id
    story.when(cmd("PlayTriggered", "p1", trigger=trigger, targets=[[beast]]))  # chosen as it is played (9.3 p2)
    events = story.resolve()
    assert find(events, "ConditionChecked").data["met"] is False
    assert "DamageDealt" not in [e.type for e in events]
    assert story.state.objects[beast].damage == 0
    story.replays()


def test_the_atk_of_a_lancelot_that_left_the_field_is_read_as_it_last_was_there() -> None:
    # the condition alone, read after Lancelot (pumped to 1000) is put into the graveyard (9.11)
    story = Story({"VS01-027": 4, "SKL-057": 4})
    lancelot = story.put("p1", "VS01-027", "field")
    story.log += to_main(story.state, turn=3)
    pump(story, lancelot, 4)
    ability = story.state.card_of(lancelot).abilities[1]
    condition = ability.effects[0].condition  # type: ignore[union-attr]
    assert condition_met(story.state, condition, "p1", lancelot)
    story.by_rule(actions.move, lancelot, "graveyard", "given", rule="10.9 p1", reason="destroyed")
    assert story.state.objects[lancelot].zone == "graveyard"
    assert condition_met(story.state, condition, "p1", lancelot)
    story.replays()


# --- "cannot attack or block unless it's damaged" (9.4 p1, 1.4 p1, 5.4 p5.1) -----------------------


def test_napping_lion_attacks_only_while_damaged() -> None:
    # Napping Lion (BFA-025): "This card cannot attack or block unless it's damaged."
    story = Story({"BFA-025": 4, "SKL-057": 4})
    lion = story.put("p1", "BFA-025", "field")
    beast = story.put("p2", "SKL-057", "field")
    story.log += to_main(story.state, turn=3)
    story.when(cmd("InitiateBattle", "p1"))
    while story.pending.kind != "declare_attack":
        story.when(cmd("Pass", story.pending.player))
    refusal = story.refused(cmd("DeclareAttack", "p1", attacker=lion, target="p2"))
    assert (refusal.code, refusal.rule) == (
        "rules/cannot_attack",
        "FoW-5.5 1.4 p1",
    )  # its own text forbids it while undamaged
    assert all(a["attacker"] != lion for a in legal(story, "p1", "DeclareAttack"))
    data = {"source": beast, "target": lion, "amount": 100, "battle": False, "to_card": True}
    story.given("DamageDealt", **data)
    events = story.when(cmd("DeclareAttack", "p1", attacker=lion, target="p2"))
    assert find(events, "AttackDeclared").data["attacker"] == lion
    story.replays()


def test_napping_lion_blocks_only_while_damaged() -> None:
    # Napping Lion (BFA-025) as p2's only possible blocker; Herald of the Beast Lady (SKL-057) attacks
    story = Story({"BFA-025": 4, "SKL-057": 4})
    beast = story.put("p1", "SKL-057", "field")
    lion = story.put("p2", "BFA-025", "field")
    story.log += to_main(story.state, turn=3)
    story.when(cmd("InitiateBattle", "p1"))
    while story.pending.kind != "declare_attack":
        story.when(cmd("Pass", story.pending.player))
    story.when(cmd("DeclareAttack", "p1", attacker=beast, target="p2"))
    while story.pending.kind != "declare_block":
        story.when(cmd("Pass", story.pending.player))
    refusal = story.refused(cmd("DeclareBlock", "p2", blocker=lion))
    assert (refusal.code, refusal.rule) == ("rules/cannot_block", "FoW-5.5 1.4 p1")
    assert legal(story, "p2", "DeclareBlock") == []
    story.given("DamageDealt", source=beast, target=lion, amount=100, battle=False, to_card=True)
    assert legal(story, "p2", "DeclareBlock") == [{"blocker": lion}]
    events = story.when(cmd("DeclareBlock", "p2", blocker=lion))
    assert find(events, "BlockDeclared").data["blocker"] == lion
    story.replays()


# --- "if its ATK is different from its printed ATK ..." (9.3 p3) ----------------------------------


@pytest.mark.parametrize("pumped", [True, False])
def test_portal_of_truth_destroys_a_target_whose_atk_is_not_printed(pumped: bool) -> None:
    # Portal of Truth (TAT-067, chant-standby, {G}{1}): "[Trigger] Anytime: Destroy target resonator
    # if its ATK is different from its printed ATK or its DEF is different from its printed DEF."
    # The target is p2's Lancelot (VS01-027, ATK 600), given [+100/+0] by its own ability or not.
    story = Story({"TAT-067": 4, "VS01-027": 4})
    portal = story.put("p1", "TAT-067", "standby")
    for _ in range(2):
        story.put("p1", "T-STONE", "stone_area")
    lancelot = story.put("p2", "VS01-027", "field")
    story.log += to_main(story.state, turn=3)
    if pumped:
        story.given(
            "ContinuousEffectCreated",
            id="given-1",
            kind="modify",
            targets=[lancelot],
            atk=100,
            duration="end_of_turn",
            source=lancelot,
            controller="p2",
        )
    story.when(cmd("PlayCard", "p1", card=portal, targets=[[lancelot]], pay_with=[]))
    events = story.resolve()
    checked = find(events, "ConditionChecked")
    assert checked.data["met"] is pumped and checked.rule == "FoW-5.5 9.3 p3.2"
    assert (story.state.objects[lancelot].zone == "graveyard") is pumped
    story.replays()


# --- "if no resonator you control attacked this turn" (9.3 p3, 10.10) -----------------------------


def to_end_of_turn_trigger(story: Story, source: str) -> None:
    """Pass until the end-of-turn ability of ``source`` is on the chase area (played by itself when
    it has no target), then let it resolve."""
    for _ in range(40):
        if any(item.source == source for item in story.state.chase):
            break
        pending = story.pending
        if pending.kind == "trigger":
            story.when(cmd("PlayTriggered", pending.player, trigger=story.state.triggered[0].id, targets=[]))
        else:
            story.when(cmd("Pass", pending.player))
    assert any(item.source == source for item in story.state.chase)


@pytest.mark.parametrize("attacked", [False, True])
def test_sheharyar_banishes_another_resonator_if_none_of_yours_attacked(attacked: bool) -> None:
    # Sheharyar, the Distrust King (MPR-085): "[Continuous]: At the end of your turn, if no resonator
    # you control attacked this turn, banish another resonator."  p1 also controls two Heralds of the
    # Beast Lady (SKL-057); one of them attacks, or none.
    story = Story({"MPR-085": 4, "SKL-057": 4})
    heralds = [story.put("p1", "SKL-057", "field") for _ in range(2)]
    story.log += to_main(story.state, turn=3)
    king = story.put("p1", "MPR-085", "field")  # in the field from this turn on
    if attacked:
        story.when(cmd("InitiateBattle", "p1"))
        while story.pending.kind != "declare_attack":
            story.when(cmd("Pass", story.pending.player))
        story.when(cmd("DeclareAttack", "p1", attacker=heralds[0], target="p2"))
        while story.pending.kind != "declare_block":
            story.when(cmd("Pass", story.pending.player))
        story.when(cmd("DeclineBlock", "p2"))
    to_end_of_turn_trigger(story, king)
    events = story.resolve()
    checked = find(events, "ConditionChecked")
    assert checked.data["met"] is not attacked and checked.rule == "FoW-5.5 9.3 p3.2"
    if attacked:
        assert "ChoiceRequested" not in [e.type for e in events]
        assert all(story.state.objects[o].zone == "field" for o in [king, *heralds])
    else:
        asked = find(events, "ChoiceRequested")
        assert (asked.data["player"], asked.data["kind"]) == ("p1", "banish")
        assert sorted(asked.data["options"]["cards"]) == sorted(heralds)  # another: not Sheharyar
        events = story.when(cmd("ChooseCards", "p1", cards=[heralds[1]]))
        moved = find(events, "CardMoved")
        assert (moved.data["oid"], moved.data["to"], moved.rule) == (heralds[1], "graveyard", "FoW-5.5 10.10 p1")
    story.replays()
