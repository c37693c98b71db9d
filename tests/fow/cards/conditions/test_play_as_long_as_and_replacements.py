"""Conditions and durations on real Grimm/Alice cards (helper t2-cond), executed by the engine in
the form the importer gives them (given events / when command / then events or a cited
rejection; each story replays its whole log at the end):

* "Wenever this card attacks, ..." (a misprint of "Whenever"): the attack trigger (9.6 p2);
* "target resonator loses all abilities as long as this card is in a field": a continuous effect
  removing abilities (9.9 p1.2) that outlasts the turn and ends when its source leaves the field
  (9.1 p2.2), and is not made if the source left before it resolves (9.9 p8).
"""

from __future__ import annotations

import pytest

from domain.fow import actions, engine
from domain.fow.characteristics import characteristics
from tests.fow.cards.story import Story, legal
from tests.fow.support import cmd, find
from tests.fow.test_ch8_battle import to_main

# --- "Wenever this card attacks" (a misprint of "Whenever", 9.6 p2) --------------------------------


def test_mordred_the_traitor_banishes_and_deals_1000_damage_as_it_attacks() -> None:
    # Mordred, the Traitor (VS01-029): "Wenever this card attacks, you may banish another
    # resonator. If you do, this card deals 1000 damage to target resonator."
    story = Story({"VS01-029": 4, "T-BEAR": 4})
    mordred = story.put("p1", "VS01-029", "field")
    mine = story.put("p1", "T-BEAR", "field")
    theirs = story.put("p2", "T-BEAR", "field")
    story.log += to_main(story.state, turn=3)
    story.when(cmd("InitiateBattle", "p1"))
    while story.pending.kind != "declare_attack":
        story.when(cmd("Pass", story.pending.player))
    events = story.when(cmd("DeclareAttack", "p1", attacker=mordred, target="p2"))
    assert any(e.type == "AbilityTriggered" and e.data["source"] == mordred for e in events)
    story.when(cmd("PlayTriggered", "p1", trigger=story.state.triggered[0].id, targets=[[theirs]]))
    story.resolve()
    events = story.when(cmd("ChooseOptional", "p1", accept=True))  # its only other resonator
    banished = find(events, "CardMoved")
    assert (banished.data["oid"], banished.rule) == (mine, "FoW-5.5 10.10 p1")
    dealt = find(events, "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (mordred, theirs, 1000)
    story.replays()


# --- "loses all abilities as long as this card is in a field" (9.9 p1.2, 9.1 p2.2, 9.9 p8) ---------


def stheno_story() -> tuple[Story, str, str]:
    # Stheno, the Evil Eye of Temptation (SKL-046, {U}{2}): "When this card enters your field,
    # target resonator loses all abilities as long as this card is in a field."  Tai Gong Wang
    # (VIN001-042) has [Flying], a symbol skill, an ability too (11).
    story = Story({"SKL-046": 4, "VIN001-042": 4})
    stheno = story.put("p1", "SKL-046", "hand")
    tai = story.put("p2", "VIN001-042", "field")
    story.will("p1", "U", "U", "U")
    story.when(cmd("PlayCard", "p1", card=stheno))
    story.resolve()
    story.when(cmd("PlayTriggered", "p1", trigger=story.pending.options["triggers"][0], targets=[[tai]]))
    return story, stheno, tai


def test_stheno_silences_its_target_beyond_the_turn_until_it_leaves_the_field() -> None:
    story, stheno, tai = stheno_story()
    assert characteristics(story.state, tai).skills == {"flying"}
    made = find(story.resolve(), "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["targets"], made.rule) == ("lose_abilities", [tai], "FoW-5.5 9.9 p1.2")
    assert made.data["duration"] == "source_in_field"
    assert characteristics(story.state, tai).skills == set()
    story.log += to_main(story.state, turn=4)  # the turn ended: no "until end of turn" here
    assert characteristics(story.state, tai).skills == set()
    moved = story.by_rule(actions.move, stheno, "graveyard", "given", rule="10.9 p1", reason="destroyed")
    ended = find(moved, "ContinuousEffectsEnded")
    assert ended.data["ids"] == [made.data["id"]] and ended.rule == "FoW-5.5 9.1 p2.2"
    assert characteristics(story.state, tai).skills == {"flying"}
    story.replays()


def test_stheno_makes_no_effect_if_it_left_the_field_before_the_ability_resolves() -> None:
    story, stheno, tai = stheno_story()
    story.by_rule(actions.move, stheno, "hand", "given", rule="3.1 p5", reason="returned")
    events = story.resolve()
    not_made = find(events, "ContinuousEffectNotMade")
    assert not_made.rule == "FoW-5.5 9.9 p8" and "ContinuousEffectCreated" not in [e.type for e in events]
    assert characteristics(story.state, tai).skills == {"flying"}
    story.replays()


# --- "for each card in your hand" (9.4 p1, 3.5) ----------------------------------------------------


def test_valentina_gains_100_for_each_card_in_her_controllers_hand() -> None:
    # Valentina, the Ruler of Paradise (SKL-048J, 500/500): "This card gains [+100/+100] for each
    # card into your hand." - counted all the time, only her controller's hand
    story = Story({"T-BEAR": 4}, ruler="SKL-048")
    [ruler] = story.state.zones["p1"]["ruler_area"]
    story.moved(ruler, "field", side="j_ruler")
    hand = list(story.state.zones["p1"]["hand"])
    assert len(hand) == 5 and len(story.state.zones["p2"]["hand"]) == 5
    chars = characteristics(story.state, ruler)
    assert (chars.card.id, chars.atk, chars.def_) == ("SKL-048J", 1000, 1000)
    story.put("p2", "T-BEAR", "hand")  # the opponent's hand does not count
    assert characteristics(story.state, ruler).atk == 1000
    story.moved(hand[0], "graveyard", reason="discard")
    assert (characteristics(story.state, ruler).atk, characteristics(story.state, ruler).def_) == (900, 900)
    story.replays()


# --- "can block while rested", "Blocking does not cause this card to rest" (8.3 p3, p4, 1.4 p1) ----


def to_block(story: Story, attacker: str) -> None:
    story.log += to_main(story.state, turn=3)
    story.attack(attacker, until="declare_block")


def test_queens_envoy_blocks_while_rested() -> None:
    # Queen's Envoy (BFA-039, [Flying]): "This card can block while rested."  A rested Bear cannot.
    story = Story({"BFA-039": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    envoy = story.put("p2", "BFA-039", "field")
    other = story.put("p2", "T-BEAR", "field")
    story.given("CardRested", oid=envoy, reason="given")
    story.given("CardRested", oid=other, reason="given")
    to_block(story, bear)
    assert legal(story, "p2", "DeclareBlock") == [{"blocker": envoy}]
    refusal = story.refused(cmd("DeclareBlock", "p2", blocker=other))
    assert (refusal.code, refusal.rule) == ("rules/blocker_rested", "FoW-5.5 8.3 p3")
    events = story.when(cmd("DeclareBlock", "p2", blocker=envoy))
    blocked = find(events, "BlockDeclared")
    assert (blocked.data["blocker"], blocked.rule) == (envoy, "FoW-5.5 8.3 p4")
    assert "CardRested" not in [e.type for e in events] and story.state.objects[envoy].rested
    story.replays()


def test_yggdor_blocks_without_resting() -> None:
    # Yggdor, Beast of the World (BFA-060): "Blocking does not cause this card to rest."  The Bear
    # blocking rests as usual (8.3 p4).
    for blocker_card, rests in (("BFA-060", False), ("T-BEAR", True)):
        story = Story({"BFA-060": 4, "T-BEAR": 4})
        bear = story.put("p1", "T-BEAR", "field")
        blocker = story.put("p2", blocker_card, "field")
        to_block(story, bear)
        events = story.when(cmd("DeclareBlock", "p2", blocker=blocker))
        assert find(events, "BlockDeclared").data["blocker"] == blocker
        assert ("CardRested" in [e.type for e in events]) is rests
        assert story.state.objects[blocker].rested is rests
        story.replays()


def test_yggdor_costs_nothing_at_exactly_100_life() -> None:
    # Yggdor, Beast of the World (BFA-060, {G}{G}{8}): "If your life is 100 you may pay {G}{G}{8}
    # less to play this card." (9.3 p2.5): not at 200 life, nor at 0 or less
    story = Story({"BFA-060": 4})
    yggdor = story.put("p1", "BFA-060", "hand")
    life = story.state.players["p1"].life
    story.given("LifeChanged", player="p1", delta=200 - life, life=200)
    refusal = story.refused(cmd("PlayCard", "p1", card=yggdor, reduce=True))
    assert (refusal.code, refusal.rule) == ("rules/no_cost_reduction", "FoW-5.5 9.3 p2.5")
    story.given("LifeChanged", player="p1", delta=-100, life=100)
    assert [p for p in legal(story, "p1", "PlayCard") if p["card"] == yggdor] == [
        {"card": yggdor, "targets": [], "pay_with": [], "reduce": True}
    ]
    events = story.when(cmd("PlayCard", "p1", card=yggdor, reduce=True))
    played = find(events, "CardPlayed")
    assert played.data["reduced_cost"] == {"attribute": {}, "free": 0} and "WillPaid" not in [e.type for e in events]
    story.resolve()
    assert story.state.objects[yggdor].zone == "field"
    story.replays()


# --- "If magic counters would be put on your J/ruler, put that many plus one instead" (9.10 p1) ----


@pytest.mark.parametrize(("mine", "theirs", "expected"), [(1, 0, 4), (2, 1, 5), (0, 1, 3)])
def test_familiar_of_refrain_puts_one_more_magic_counter_on_your_ruler(mine: int, theirs: int, expected: int) -> None:
    # Spell-Weaver Elf (TTW-066): "When this card enters your field, put three magic counters on your
    # J/ruler."  Familiar of Refrain (TTW-057): "If magic counters would be put on your J/ruler, put
    # that many plus one instead."  Each of its controller's Familiars adds one; the opponent's none.
    story = Story({"TTW-066": 4, "TTW-057": 4})
    [ruler] = story.state.zones["p1"]["ruler_area"]
    familiars = [story.put("p1", "TTW-057", "field") for _ in range(mine)]
    for _ in range(theirs):
        story.put("p2", "TTW-057", "field")
    elf = story.put("p1", "TTW-066", "graveyard")
    story.by_rule(actions.move, elf, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    story.when(cmd("Pass", "p1"))  # the lone trigger has no target: played automatically
    events = story.resolve()
    replaced = [e for e in events if e.type == "CountersReplaced"]
    assert [(e.data["effect"], e.data["count"], e.data["instead"], e.rule) for e in replaced] == [
        (f"{f}:0", 3 + i, 4 + i, "FoW-5.5 9.10 p1") for i, f in enumerate(familiars)
    ]
    put = find(events, "CounterPut")
    assert (put.data, put.rule) == ({"oid": ruler, "counter": "magic", "count": expected}, "FoW-5.5 10.21 p1")
    assert story.state.objects[ruler].counters == {"magic": expected}
    story.replays()


# --- "If added resonator would be destroyed, banish this card instead" (9.10 p1, 10.10) -------------


def armored_bear() -> tuple[Story, str, str]:
    # Special Armor (SKL-090, [Addition:Resonator] {1}): "If added resonator would be destroyed,
    # banish this card instead. If you do, remove all damage from that resonator."  Bear: 500/500.
    story = Story({"SKL-090": 4, "T-BEAR": 4, "T-BOLT": 4})
    bear = story.put("p1", "T-BEAR", "field")
    armor = story.put("p1", "SKL-090", "graveyard")
    story.by_rule(actions.move, armor, "field", "given", rule="7.2 p4", reason="resolve", attached_to=bear)
    return story, bear, armor


def test_special_armor_is_banished_instead_and_the_lethal_damage_removed() -> None:
    story, bear, armor = armored_bear()
    bolt = story.put("p1", "T-BOLT", "hand")
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=bolt, targets=[[bear]]))
    events = story.resolve()
    assert find(events, "DamageDealt").data["amount"] == 500  # as much as its DEF: destroyed by rule (13.2 p1)
    [banished] = [e for e in events if e.type == "CardMoved" and e.data["oid"] == armor]
    assert (banished.data["to"], banished.data["reason"]) == ("graveyard", "banish")
    assert banished.rule == "FoW-5.5 9.10 p1" and banished.actor == "p1"
    cleared = find(events, "DamageCleared")
    assert (cleared.data["oids"], cleared.rule) == ([bear], "FoW-5.5 9.10 p1")
    assert story.state.objects[bear].zone == "field" and story.state.objects[bear].damage == 0
    # no armor left: the next destruction destroys it
    events = story.by_rule(actions.destroy, bear, "given")
    assert story.state.objects[bear].zone == "graveyard"
    story.replays()


def test_special_armor_replaces_a_destruction_by_an_effect_too() -> None:
    story, bear, armor = armored_bear()
    events = story.by_rule(actions.destroy, bear, "given")
    assert [(e.type, e.data.get("oid")) for e in events] == [("CardMoved", armor)]  # no damage to remove
    assert story.state.objects[bear].zone == "field" and story.state.objects[armor].zone == "graveyard"
    story.replays()


# --- "gain control of target resonator ... as long as this card is in a field" (1.5 p3, 9.1 p2.2) --


def puppet_story() -> tuple[Story, str, str]:
    # Valentina, Puppet Monarch (TMS-049, {U}{U}{2}): "When this card enters your field, gain control
    # of target resonator your opponent controls as long as this card is in a field."
    story = Story({"TMS-049": 4, "T-BEAR": 4})
    valentina = story.put("p1", "TMS-049", "hand")
    bear = story.put("p2", "T-BEAR", "field")
    story.will("p1", "U", "U", "U", "U")
    story.when(cmd("PlayCard", "p1", card=valentina))
    story.resolve()
    story.when(cmd("PlayTriggered", "p1", trigger=story.pending.options["triggers"][0], targets=[[bear]]))
    return story, valentina, bear


def test_valentina_controls_the_bear_until_she_leaves_the_field() -> None:
    story, valentina, bear = puppet_story()
    events = story.resolve()
    made = find(events, "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["targets"], made.data["base"], made.rule) == (
        "control",
        [bear],
        "p2",
        "FoW-5.5 1.5 p3",
    )
    changed = find(events, "ControlChanged")
    assert (changed.data["from"], changed.data["to"], changed.data["effect"]) == ("p2", "p1", made.data["id"])
    assert story.state.objects[bear].controller == "p1" and bear in story.state.zones["p1"]["field"]
    story.log += to_main(story.state, turn=4)  # no end of turn for this effect
    assert story.state.objects[bear].controller == "p1"
    moved = story.by_rule(actions.move, valentina, "graveyard", "given", rule="10.9 p1", reason="destroyed")
    ended = find(moved, "ContinuousEffectsEnded")
    assert ended.data["ids"] == [made.data["id"]] and ended.rule == "FoW-5.5 9.1 p2.2"
    back = find(moved, "ControlChanged")
    assert (back.data["from"], back.data["to"], back.data["returned"]) == ("p1", "p2", True)
    assert back.rule == "FoW-5.5 1.5 p3"
    assert story.state.objects[bear].controller == "p2" and bear in story.state.zones["p2"]["field"]
    story.replays()


def test_valentina_makes_no_effect_if_she_left_the_field_before_it_resolves() -> None:
    story, valentina, bear = puppet_story()
    story.by_rule(actions.move, valentina, "hand", "given", rule="3.1 p5", reason="returned")
    events = story.resolve()
    assert find(events, "ContinuousEffectNotMade").rule == "FoW-5.5 9.9 p8"
    assert "ControlChanged" not in [e.type for e in events] and story.state.objects[bear].controller == "p2"
    story.replays()


def test_a_newer_control_change_for_good_outlasts_valentinas() -> None:
    # p2 takes the Bear back by a control change with no end (Valentina, the Ruler of Paradise's
    # "Gain control of target resonator."): newer, it applies after Valentina's (9.9 p3); when she
    # leaves, nothing changes
    story, valentina, bear = puppet_story()
    story.resolve()
    story.given("ControlChanged", oid=bear, **{"from": "p1", "to": "p2"})
    assert [e for e in story.state.effects if e.kind == "control"] == []
    moved = story.by_rule(actions.move, valentina, "graveyard", "given", rule="10.9 p1", reason="destroyed")
    assert "ControlChanged" not in [e.type for e in moved] and story.state.objects[bear].controller == "p2"
    story.replays()


def test_the_stolen_bear_leaving_the_field_ends_nothing_else() -> None:
    story, valentina, bear = puppet_story()
    story.resolve()
    story.by_rule(actions.destroy, bear, "given")
    assert story.state.objects[bear].zone == "graveyard" and story.state.objects[bear].controller == "p2"
    assert [e for e in story.state.effects if e.kind == "control"] == []  # the new object is not its target (3.1 p3)
    moved = story.by_rule(actions.move, valentina, "graveyard", "given", rule="10.9 p1", reason="destroyed")
    assert "ControlChanged" not in [e.type for e in moved]
    story.replays()


# --- "If you control X, ... If you control four X, ... instead" (9.3 p2.4, p3.2) ---------------------


@pytest.mark.parametrize(("memoria", "destroyed"), [(0, ()), (1, ("bear",)), (3, ("bear",)), (4, ("bear", "wall"))])
def test_faria_destroys_one_target_or_with_four_memoria_all(memoria: int, destroyed: tuple[str, ...]) -> None:
    # Faria, Chosen Girl (BFA-091J): "When this card enters your field, if you control "Call to
    # Action's Memoria" destroy up to one target resonator. If you control four "Call to Action's
    # Memoria", destroy all resonators your opponent control instead."  The target is chosen as the
    # ability is played (9.3 p2.4); the conditions are checked as it resolves (9.3 p3.2).  Call to
    # Action's Memoria (BFA-096) is a special magic stone.
    story = Story({"T-BEAR": 4, "T-WALL": 4}, stones={"T-STONE": 6, "BFA-096": 4}, ruler="BFA-091")
    [ruler] = story.state.zones["p1"]["ruler_area"]
    for _ in range(memoria):
        story.put("p1", "BFA-096", "stone_area")
    cards = {"bear": story.put("p2", "T-BEAR", "field"), "wall": story.put("p2", "T-WALL", "field")}
    mine = story.put("p1", "T-BEAR", "field")
    judgment = {"controller": "p1", "side": "j_ruler", "entered": True, "by_judgment": True}
    story.by_rule(actions.move, ruler, "field", "given", rule="7.5 p3", reason="judgment", **judgment)
    assert story.state.card_of(ruler).id == "BFA-091J"
    [trigger] = story.state.triggered
    story.when(cmd("Pass", "p1"))  # to the waiting trigger, played with its target (9.3 p2.4)
    story.when(cmd("PlayTriggered", "p1", trigger=trigger.id, targets=[[cards["bear"]]]))
    events = story.resolve()
    checked = [e.data["met"] for e in events if e.type == "ConditionChecked"]
    assert checked == ([False] if not memoria else [True, memoria >= 4])
    assert all(e.rule == "FoW-5.5 9.3 p3.2" for e in events if e.type == "ConditionChecked")
    gone = {name for name, oid in cards.items() if story.state.objects[oid].zone == "graveyard"}
    assert gone == set(destroyed) and story.state.objects[mine].zone == "field"
    story.replays()


# --- "You may look at the top card of your main deck at any time" (3.1 p2) ---------------------------


def test_songstress_lets_her_controller_see_the_top_card_of_their_main_deck() -> None:
    # Songstress of Shangri-La (TMS-046, a ruler; its ability is active in the ruler area, 9.2 p1)
    story = Story({"T-BEAR": 4, "T-WALL": 4}, ruler="TMS-046")
    deck = story.state.zones["p1"]["main_deck"]
    mine = engine.view(story.state, "p1")["players"]["p1"]["zones"]["main_deck"]  # type: ignore[index]
    assert mine == {"count": len(deck), "top": engine._obj_view(story.state, deck[-1])}
    assert engine.is_visible(story.state, deck[-1], "p1") and not engine.is_visible(story.state, deck[-2], "p1")
    theirs = engine.view(story.state, "p2")["players"]["p1"]["zones"]["main_deck"]  # type: ignore[index]
    assert theirs == {"count": len(deck)} and not engine.is_visible(story.state, deck[-1], "p2")
    own = engine.view(story.state, "p2")["players"]["p2"]["zones"]["main_deck"]  # type: ignore[index]
    assert own["top"]["oid"] == story.state.zones["p2"]["main_deck"][-1]  # type: ignore[index]  # p2's own Songstress
    story.by_rule(actions.draw, "p1", 1, "given")  # the next card is the top card now
    top = engine.view(story.state, "p1")["players"]["p1"]["zones"]["main_deck"]["top"]  # type: ignore[index]
    assert top["oid"] == story.state.zones["p1"]["main_deck"][-1]  # type: ignore[index]
    story.replays()


def test_without_songstress_the_top_card_is_hidden() -> None:
    story = Story({"T-BEAR": 4, "T-WALL": 4})
    deck = story.state.zones["p1"]["main_deck"]
    assert engine.view(story.state, "p1")["players"]["p1"]["zones"]["main_deck"] == {"count": len(deck)}  # type: ignore[index]
    assert not engine.is_visible(story.state, deck[-1], "p1")


def test_shion_gains_500_then_deals_damage_equal_to_its_atk() -> None:
    # Coup d'Etat Mastermind, Shion (TMS-046J, 900/1000): "God's Art [Serenade of Rebellion] {U}{U}:
    # This card gains [+500/+500] until end of turn. Then it deals damage equal to its ATK to target
    # J/resonator your opponent controls" - the ATK after the gain, 1400 (read as it resolves)
    story = Story({"T-BEAR": 4, "T-WALL": 4}, ruler="TMS-046")
    [ruler] = story.state.zones["p1"]["ruler_area"]
    wall = story.put("p2", "T-WALL", "field")
    story.log += to_main(story.state, turn=3)
    judgment = {"controller": "p1", "side": "j_ruler", "entered": True, "by_judgment": True}
    story.by_rule(actions.move, ruler, "field", "given", rule="7.5 p3", reason="judgment", **judgment)
    while story.state.triggered or story.state.chase:  # its [Enter]-like reveal first
        story.when(cmd("Pass", story.pending.player))
    story.will("p1", "U", "U")
    story.when(cmd("ActivateAbility", "p1", source=ruler, ability=2, targets=[[wall]]))
    events = story.resolve()
    dealt = find(events, "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (ruler, wall, 1400)
    assert story.state.objects[wall].zone == "graveyard"
    story.replays()


# --- "If your opponent's life is exactly 4000" and "If target resonator would deal damage this turn,
# it deals that much +200 instead" (9.10 p1) --------------------------------------------------------


@pytest.mark.parametrize(("life", "rested"), [(4000, True), (3900, False)])
def test_unyielding_flames_memoria_enters_rested_at_exactly_4000(life: int, rested: bool) -> None:
    # Unyielding Flame's Memoria (TTW-105): "If your opponent's life is exactly 4000, this card
    # enters your magic stone area rested." - checked as it enters, for its controller
    story = Story({"T-BEAR": 4}, stones={"T-STONE": 6, "TTW-105": 4})
    story.given("LifeChanged", player="p2", delta=life - story.state.players["p2"].life, life=life)
    story.given("LifeChanged", player="p1", delta=-100, life=story.state.players["p1"].life - 100)
    memoria = next(o for o in story.state.zones["p1"]["stone_deck"] if story.state.objects[o].card == "TTW-105")
    events = story.by_rule(actions.move, memoria, "stone_area", "given", rule="3.1 p5", reason="effect")
    assert ("EntersRested" in [e.type for e in events]) is rested
    assert story.state.objects[memoria].rested is rested
    story.replays()


def test_unyielding_flames_memoria_adds_200_to_the_targets_damage_this_turn() -> None:
    # Unyielding Flame's Memoria (TTW-105): "{Rest}: If target resonator would deal damage this turn,
    # it deals that much +200 instead."  The Bear (500 ATK) deals 700; damage by others is unchanged;
    # the effect ends with the turn (5.4 p5.2)
    story = Story({"T-BEAR": 4}, stones={"T-STONE": 6, "TTW-105": 4})
    memoria = story.put("p1", "TTW-105", "stone_area")
    bear, other = story.put("p1", "T-BEAR", "field"), story.put("p1", "T-BEAR", "field")
    story.log += to_main(story.state, turn=3)
    story.when(cmd("ActivateAbility", "p1", source=memoria, ability=2, targets=[[bear]]))
    made = find(story.resolve(), "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["targets"], made.data["amount"], made.rule) == (
        "deal_more",
        [bear],
        200,
        "FoW-5.5 9.10 p1",
    )
    events = story.by_rule(actions.deal_damage, bear, "p2", 500, "given")
    replaced = find(events, "DamageReplaced")
    assert (replaced.data["amount"], replaced.data["instead"], replaced.data["effect"]) == (500, 700, made.data["id"])
    assert replaced.rule == "FoW-5.5 9.10 p1" and find(events, "DamageDealt").data["amount"] == 700
    events = story.by_rule(actions.deal_damage, other, "p2", 500, "given")
    assert "DamageReplaced" not in [e.type for e in events] and find(events, "DamageDealt").data["amount"] == 500
    story.log += to_main(story.state, turn=4)
    events = story.by_rule(actions.deal_damage, bear, "p1", 500, "given")
    assert find(events, "DamageDealt").data["amount"] == 500
    story.replays()


# --- "Choose the second only if your J/ruler has "Kaguya" in its name" (9.3 p2.3) -------------------


def test_shining_strike_second_mode_only_with_a_kaguya_ruler() -> None:
    # Shining Strike (TMS-013, {W}): "Choose one - Rest target resonator. Draw a card; or rest target
    # J/resonator. Draw a card. Choose the second only if your J/ruler has "Kaguya" in its name."
    # T-RULER is no Kaguya; Friend from Another World, Kaguya (TMS-003) is.
    for ruler, second in (("T-RULER", False), ("TMS-003", True)):
        story = Story({"TMS-013": 4, "T-BEAR": 4}, ruler=ruler)
        strike = story.put("p1", "TMS-013", "hand")
        bear = story.put("p2", "T-BEAR", "field")
        [theirs] = story.state.zones["p2"]["ruler_area"]
        story.will("p1", "W")
        modes = {tuple(p["modes"]) for p in legal(story, "p1", "PlayCard") if p["card"] == strike}
        assert modes == ({(0,), (1,)} if second else {(0,)})
        if not second:
            refusal = story.refused(cmd("PlayCard", "p1", card=strike, targets=[[bear]], modes=[1]))
            assert (refusal.code, refusal.rule) == ("rules/mode_choice", "FoW-5.5 9.3 p2.3")
            story.when(cmd("PlayCard", "p1", card=strike, targets=[[bear]], modes=[0]))
        else:
            story.when(cmd("PlayCard", "p1", card=strike, targets=[[bear]], modes=[1]))
        events = story.resolve()
        assert find(events, "CardRested").data["oid"] == bear and story.state.objects[bear].rested
        assert any(e.type == "CardMoved" and e.data["reason"] == "draw" for e in events)
        assert not story.state.objects[theirs].rested
        story.replays()


# --- "Players cannot play activate abilities of resonators they control unless they control a Moon"
# (1.4 p4, 9.7 p1) -----------------------------------------------------------------------------------


def test_tsukuyomi_noble_stops_activate_abilities_of_players_without_a_moon() -> None:
    # Tsukuyomi Noble (TMS-016, a Moon): p1 controls it, so p1 controls a Moon; p2 does not.  Wind
    # Sprite (TTW-071): "{Rest}: Produce {W}." (a will ability, an [Activate] ability too, 9.7 p1).
    story = Story({"TMS-016": 4, "TTW-071": 4})
    story.put("p1", "TMS-016", "field")
    mine, theirs = story.put("p1", "TTW-071", "field"), story.put("p2", "TTW-071", "field")
    story.log += to_main(story.state, turn=3)  # p1's turn; both sprites have been there since turn 1
    events = story.when(cmd("ActivateAbility", "p1", source=mine, ability=0))
    assert find(events, "WillProduced").data["will"] == ["W"]
    story.when(cmd("Pass", "p1"))  # p2 gets priority
    refusal = story.refused(cmd("ActivateAbility", "p2", source=theirs, ability=0))
    assert (refusal.code, refusal.rule) == ("rules/cannot_play_ability", "FoW-5.5 1.4 p4")
    assert [a for a in legal(story, "p2", "ActivateAbility") if a["source"] == theirs] == []
    # p2 gets a Moon of its own: now p2 may play it
    story.put("p2", "TMS-016", "field")
    assert theirs in [a["source"] for a in legal(story, "p2", "ActivateAbility")]
    events = story.when(cmd("ActivateAbility", "p2", source=theirs, ability=0))
    assert find(events, "WillProduced").data["player"] == "p2"
    story.replays()


# --- "You may spend {M} as though it were {G}" (10.2 p6, 1.4 p1) -----------------------------------


@pytest.mark.parametrize(("ruler", "pool", "paid"), [("TMS-003", ["M"], ["M"]), ("TMS-003", ["M", "G"], ["G"])])
def test_kaguya_lets_moon_will_pay_wind(ruler: str, pool: list[str], paid: list[str]) -> None:
    # Friend from Another World, Kaguya (TMS-003, its ability active in the ruler area, 9.2 p1);
    # Wind Sprite (TTW-071, {G}).  Wind will is spent first: the moon will is kept for {M} symbols.
    story = Story({"TTW-071": 4}, ruler=ruler)
    sprite = story.put("p1", "TTW-071", "hand")
    story.will("p1", *pool)
    events = story.when(cmd("PlayCard", "p1", card=sprite))
    will = find(events, "WillPaid")
    assert (will.data["will"], will.rule) == (paid, "FoW-5.5 10.2 p1")
    assert sorted(story.state.players["p1"].will) == sorted(set(pool) - set(paid))
    story.replays()


def test_without_kaguya_moon_will_does_not_pay_wind() -> None:
    story = Story({"TTW-071": 4})
    sprite = story.put("p1", "TTW-071", "hand")
    story.will("p1", "M")
    refusal = story.refused(cmd("PlayCard", "p1", card=sprite))
    assert (refusal.code, refusal.rule) == ("rules/cannot_pay", "FoW-5.5 10.2 p4")
    story.replays()
