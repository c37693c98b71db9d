"""Costs that remove counters from other cards, "that resonator" back from its owner's graveyard,
a J-ruler without ATK and DEF and "If your J-Ruler is X, it gains ... and you may pay less" -
real Grimm/Alice cards executed by the engine in the form the importer gives them (helper
g_move; given events / when command / then cited events or a cited rejection; each story
replays its whole log):

* "remove three knowledge counters from any number of resonators you control", "remove a magic
  counter from your J-Ruler" as costs (FoW-5.5 9.3 p2.5, 10.21): the player says which counters
  (``cost_counters``) unless only one kind on one card could pay; a cost is paid in full or the
  ability is not played;
* "If your J-Ruler has no ATK and DEF, recover it" (2.6, 2.7, checked on resolution 9.3 p3);
* "If your J-Ruler is "Melgis ...", it gains [Imperishable] until end of turn and you may pay {2}
  less to play its God's Art abilities this turn" (9.3 p3, 9.3 p2.5, 9.9 p4);
* "When a resonator is put into a graveyard from your field, you may banish this card. If you
  do, put that resonator from its owner's graveyard into his or her hand." (9.6 p7, 3.1 p3).
"""

from __future__ import annotations

import pytest

from domain.fow import actions
from domain.fow.characteristics import characteristics
from domain.kernel import Event
from tests.fow.cards import story as harness
from tests.fow.cards.story import Story, legal
from tests.fow.support import CARDS as RULERS
from tests.fow.support import cmd, find
from tests.fow.test_ch8_battle import to_main

# --- Kaguya, the Tale of the Bamboo Cutter: counters from any number of resonators ---------------


def _kaguya_story() -> tuple[Story, dict[str, str]]:
    # Kaguya, the Tale of the Bamboo Cutter (MOA-004): "[Activate] {1}{Rest}: Put a knowledge counter
    # on target Six Sages.  [Activate] Remove three knowledge counters from any number of resonators
    # you control: Remove target resonator from the game."  Milest (MOA-018) is one of the Six Sages.
    story = Story({"MOA-004": 4, "MOA-018": 4, "T-BEAR": 4})
    c = {
        "kaguya": story.put("p1", "MOA-004", "field"),
        "sage": story.put("p1", "MOA-018", "field"),
        "their_sage": story.put("p2", "MOA-018", "field"),
        "bear": story.put("p2", "T-BEAR", "field"),
    }
    story.given("CounterPut", oid=c["kaguya"], counter="knowledge", count=1)
    story.given("CounterPut", oid=c["sage"], counter="knowledge", count=2)
    story.given("CounterPut", oid=c["their_sage"], counter="knowledge", count=5)  # not p1's
    return story, c


def test_kaguya_removes_three_knowledge_counters_from_resonators_you_control() -> None:
    story, c = _kaguya_story()
    kaguya, sage, bear = c["kaguya"], c["sage"], c["bear"]
    remove = cmd("ActivateAbility", "p1", source=kaguya, ability=1, targets=[[bear]], pay_with=[])
    # two cards could pay: the player says which counters
    refusal = story.refused(remove)
    assert (refusal.code, refusal.rule) == ("rules/cost_counters", "FoW-5.5 9.3 p2.5")
    # the opponent's Six Sages is not a resonator you control; two from Kaguya: she has one
    for wrong in (
        [[kaguya, "knowledge"], [sage, "knowledge"], [c["their_sage"], "knowledge"]],
        [[kaguya, "knowledge"], [kaguya, "knowledge"], [sage, "knowledge"]],
        [[kaguya, "knowledge"], [sage, "knowledge"]],  # only two: paid in full or not at all
    ):
        refusal = story.refused(cmd("ActivateAbility", "p1", **remove.args, cost_counters=wrong))
        assert (refusal.code, refusal.rule) == ("rules/cost_counters", "FoW-5.5 9.3 p2.5")
    offered = [a for a in legal(story, "p1", "ActivateAbility") if a["source"] == kaguya and a["ability"] == 1]
    assert offered and all(
        sorted(map(tuple, a["cost_counters"]))
        == sorted([(kaguya, "knowledge"), (sage, "knowledge"), (sage, "knowledge")])
        for a in offered
    )
    paid = [[sage, "knowledge"], [kaguya, "knowledge"], [sage, "knowledge"]]
    events = story.when(cmd("ActivateAbility", "p1", **remove.args, cost_counters=paid))
    removed = [e for e in events if e.type == "CounterRemoved"]
    assert [(e.data["oid"], e.data["counter"], e.data["count"], e.data["reason"], e.rule) for e in removed] == [
        (sage, "knowledge", 2, "cost", "FoW-5.5 9.3 p2.5"),
        (kaguya, "knowledge", 1, "cost", "FoW-5.5 9.3 p2.5"),
    ]
    assert story.state.objects[sage].counters == {} and story.state.objects[kaguya].counters == {}
    assert story.state.objects[c["their_sage"]].counters == {"knowledge": 5}
    story.resolve()
    assert story.state.objects[bear].zone == "removed"
    story.replays()


def test_kaguya_cannot_play_it_with_fewer_than_three_counters() -> None:
    story, c = _kaguya_story()
    story.given("CounterRemoved", oid=c["sage"], counter="knowledge", count=1, reason="given")
    refusal = story.refused(
        cmd("ActivateAbility", "p1", source=c["kaguya"], ability=1, targets=[[c["bear"]]], pay_with=[])
    )
    assert (refusal.code, refusal.rule) == ("rules/not_enough_counters", "FoW-5.5 9.3 p2.5")
    assert not [a for a in legal(story, "p1", "ActivateAbility") if a["source"] == c["kaguya"] and a["ability"] == 1]
    story.replays()


# --- Gherta, the Tear of Passion: a counter from a ruler or entity; one of three keywords -------------


def test_gherta_removes_a_counter_from_a_ruler_or_entity_and_gains_the_chosen_keyword() -> None:
    # Gherta, the Tear of Passion (MPR-094): "[Activate] Remove a counter from a ruler or entity you
    # control: This card gains [Swiftness], [Flying] or [Target Attack] until end of turn."
    story = Story({"MPR-094": 4, "T-BEAR": 4})
    gherta = story.put("p1", "MPR-094", "field")
    bear = story.put("p1", "T-BEAR", "field")
    their_bear = story.put("p2", "T-BEAR", "field")
    [ruler] = story.state.zones["p1"]["ruler_area"]
    stone = story.put("p1", "T-STONE", "stone_area")
    gains = cmd("ActivateAbility", "p1", source=gherta, ability=0, targets=[], pay_with=[])
    story.given("CounterPut", oid=their_bear, counter="knowledge", count=1)  # the opponent's card
    story.given("CounterPut", oid=stone, counter="magic", count=1)  # a magic stone is no entity
    refusal = story.refused(gains)
    assert (refusal.code, refusal.rule) == ("rules/not_enough_counters", "FoW-5.5 9.3 p2.5")
    assert not [a for a in legal(story, "p1", "ActivateAbility") if a["source"] == gherta]
    story.given("CounterPut", oid=ruler, counter="magic", count=1)
    story.given("CounterPut", oid=bear, counter="+100/+100", count=1)
    refusal = story.refused(gains)  # the ruler's or the Bear's: the player says which
    assert (refusal.code, refusal.rule) == ("rules/cost_counters", "FoW-5.5 9.3 p2.5")
    for wrong in ([[stone, "magic"]], [[their_bear, "knowledge"]], [[ruler, "+100/+100"]]):
        refusal = story.refused(cmd("ActivateAbility", "p1", **gains.args, cost_counters=wrong))
        assert (refusal.code, refusal.rule) == ("rules/cost_counters", "FoW-5.5 9.3 p2.5")
    events = story.when(cmd("ActivateAbility", "p1", **gains.args, cost_counters=[[ruler, "magic"]]))
    removed = find(events, "CounterRemoved")
    assert (removed.data, removed.rule) == (
        {"oid": ruler, "counter": "magic", "count": 1, "reason": "cost"},
        "FoW-5.5 9.3 p2.5",
    )
    assert story.state.objects[bear].counters == {"+100/+100": 1}
    events = story.resolve()
    asked = find(events, "ChoiceRequested")
    assert (asked.data["kind"], asked.data["options"]["skills"], asked.rule) == (
        "skill",
        ["swiftness", "flying", "target_attack"],
        "FoW-5.5 9.3 p3.2",
    )
    assert legal(story, "p1", "ChooseSkill") == [
        {"skill": "swiftness"},
        {"skill": "flying"},
        {"skill": "target_attack"},
    ]
    refusal = story.refused(cmd("ChooseSkill", "p1", skill="first_strike"))
    assert (refusal.code, refusal.rule) == ("rules/skill_choice", "FoW-5.5 9.3 p3.2")
    assert story.refused(cmd("ChooseSkill", "p2", skill="flying")).code == "rules/not_your_decision"
    events = story.when(cmd("ChooseSkill", "p1", skill="flying"))
    chosen = find(events, "OptionChosen")
    assert (chosen.data["skill"], chosen.rule) == ("flying", "FoW-5.5 9.3 p3.2")
    made = find(events, "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["skill"], made.data["targets"], made.rule) == (
        "grant",
        "flying",
        [gherta],
        "FoW-5.5 10.19 p1",
    )
    skills = characteristics(story.state, gherta).skills
    assert "flying" in skills and "swiftness" not in skills and "target_attack" not in skills
    story.replays()


# --- Change the World, Orb of Illusion: magic counters on your J-Ruler / J/ruler ------------------


def _orb_story(monkeypatch: pytest.MonkeyPatch, j_ruler: str) -> tuple[Story, str, str]:
    # T-JUDGE: an invented ruler whose [Judgment] {W} puts ``j_ruler`` into the field
    judge = {**RULERS["T-RULER"], "id": "T-JUDGE", "name": "Judge Ruler"}
    judge["judgment"] = {"cost": {"attribute": {"W": 1}, "free": 0}, "j_ruler": j_ruler}
    real = harness.database_cards
    monkeypatch.setattr(harness, "database_cards", lambda: {**real(), "T-JUDGE": judge})
    story = Story({"TTW-096": 4, "T-BEAR": 4}, ruler="T-JUDGE")
    [ruler] = story.state.zones["p1"]["ruler_area"]
    orb = story.put("p1", "TTW-096", "field")
    story.log += to_main(story.state, turn=3)  # {Rest}: in the field since the turn began
    return story, ruler, orb


def test_change_the_world_recovers_a_j_ruler_without_atk_and_def(monkeypatch: pytest.MonkeyPatch) -> None:
    # Change the World, Orb of Illusion (TTW-096): "{Rest}: Put a magic counter on your J/ruler.
    # {Rest}, remove a magic counter from your J-Ruler: If your J-Ruler has no ATK and DEF, recover
    # it."  Kaguya, Princess of the Moon (CMF-052J) is a J-ruler with neither (2.6, 2.7)
    story, ruler, orb = _orb_story(monkeypatch, "CMF-052J")
    recover = cmd("ActivateAbility", "p1", source=orb, ability=1, targets=[], pay_with=[])
    refusal = story.refused(recover)  # no J-ruler yet, no counter
    assert (refusal.code, refusal.rule) == ("rules/not_enough_counters", "FoW-5.5 9.3 p2.5")
    story.will("p1", "W")
    story.when(cmd("PerformJudgment", "p1"))
    story.resolve()
    assert story.state.objects[ruler].zone == "field" and story.state.card_of(ruler).id == "CMF-052J"
    story.given("CounterPut", oid=ruler, counter="magic", count=1)
    story.given("CardRested", oid=ruler)
    assert [a for a in legal(story, "p1", "ActivateAbility") if a["source"] == orb and a["ability"] == 1] == [
        {"source": orb, "ability": 1, "targets": [], "pay_with": []}
    ]
    events = story.when(recover)  # one counter on one card: no choice to give
    removed = find(events, "CounterRemoved")
    # CMF-052J is partly expressed: events naming it are marked "manual" (2.4 p2)
    assert ({k: v for k, v in removed.data.items() if k != "manual"}, removed.rule) == (
        {"oid": ruler, "counter": "magic", "count": 1, "reason": "cost"},
        "FoW-5.5 9.3 p2.5",
    )
    events = story.resolve()
    assert find(events, "ConditionChecked").data["met"] is True
    assert find(events, "CardRecovered").data["oid"] == ruler
    assert not story.state.objects[ruler].rested and story.state.objects[ruler].counters == {}
    story.replays()


def test_change_the_world_does_not_recover_a_j_ruler_with_atk(monkeypatch: pytest.MonkeyPatch) -> None:
    # Melgis, the One Charmed by the Demon Sword (SKL-027J) has ATK 1000 and DEF 500: the counter is
    # removed as the cost, the condition fails on resolution (9.3 p3); "remove two magic counters from
    # your J/ruler: Draw a card" then needs two (9.3 p2.5)
    story, ruler, orb = _orb_story(monkeypatch, "SKL-027J")
    story.will("p1", "W")
    story.when(cmd("PerformJudgment", "p1"))
    story.resolve()
    story.given("CounterPut", oid=ruler, counter="magic", count=2)
    story.given("CardRested", oid=ruler)
    story.when(cmd("ActivateAbility", "p1", source=orb, ability=1, targets=[], pay_with=[]))
    events = story.resolve()
    assert find(events, "ConditionChecked").data["met"] is False
    assert "CardRecovered" not in [e.type for e in events] and story.state.objects[ruler].rested
    assert story.state.objects[ruler].counters == {"magic": 1}
    story.given("CardRecovered", oid=orb)
    story.will("p1", "G")
    refusal = story.refused(cmd("ActivateAbility", "p1", source=orb, ability=2, targets=[], pay_with=[]))
    assert (refusal.code, refusal.rule) == ("rules/not_enough_counters", "FoW-5.5 9.3 p2.5")
    story.replays()


# --- Laevateinn, the Demon Sword: "If your J-Ruler is Melgis, it gains ... and you may pay {2} less" --


def test_laevateinn_with_melgis_gains_imperishable_and_his_gods_art_costs_two_less() -> None:
    # Laevateinn, the Demon Sword (VS01-026): "{Rest}: Until end of turn, if your J-Ruler would deal
    # damage, it deals that much +200 instead. If your J-Ruler is "Melgis, the One Charmed by the Demon
    # Sword", it gains [Imperishable] until end of turn and you may pay {2} less to play its God's Art
    # abilities this turn."  Melgis, the Flame King (SKL-027) [Judgment] {R}{R} -> SKL-027J, whose God's
    # Art <Unleash the Demon Sword> costs {R}{R}{4}
    story = Story({"VS01-026": 4, "T-BEAR": 4}, ruler="SKL-027")
    sword = story.put("p1", "VS01-026", "field")
    bear = story.put("p2", "T-BEAR", "field")
    story.log += to_main(story.state, turn=3)
    [melgis] = story.state.zones["p1"]["ruler_area"]
    story.will("p1", "R", "R")
    story.when(cmd("PerformJudgment", "p1"))
    story.resolve()
    assert story.state.card_of(melgis).name == "Melgis, the One Charmed by the Demon Sword"
    story.when(cmd("ActivateAbility", "p1", source=sword, ability=1, targets=[], pay_with=[]))
    events = story.resolve()
    assert find(events, "ConditionChecked").data["met"] is True
    assert "imperishable" in characteristics(story.state, melgis).skills
    made = [e.data for e in events if e.type == "ContinuousEffectCreated" and e.data["kind"] == "pay_less"]
    assert [(d["less"], d["condition"]) for d in made] == [
        (
            {"attribute": {}, "free": 2},
            {"kind": "ruler_is", "j_rulers": ["Melgis, the One Charmed by the Demon Sword"]},
        )
    ]
    art = next(i for i, a in characteristics(story.state, melgis).abilities if a.gods_art)
    story.will("p1", "R", "R", "R", "R")
    unleash = cmd("ActivateAbility", "p1", source=melgis, ability=art, targets=[[bear]], pay_with=[])
    refusal = story.refused(unleash)  # {R}{R}{4} with four will
    assert refusal.code == "rules/cannot_pay"
    events = story.when(cmd("ActivateAbility", "p1", **unleash.args, reduce=True))
    changed = find(events, "CostChanged")
    assert (changed.data["printed"], changed.data["cost"], changed.rule) == (
        {"attribute": {"R": 2}, "free": 4},
        {"attribute": {"R": 2}, "free": 2},
        "FoW-5.5 9.3 p2.5",
    )
    assert story.state.players["p1"].will == []
    story.replays()


def test_laevateinn_without_melgis_gives_nothing_more() -> None:
    # With the ruler still in the ruler area there is no J-ruler: the condition fails (9.3 p3);
    # the "pay less" effect is made with its condition, which is checked as a God's Art is played (9.9 p4)
    story = Story({"VS01-026": 4, "T-BEAR": 4}, ruler="SKL-027")
    sword = story.put("p1", "VS01-026", "field")
    story.log += to_main(story.state, turn=3)
    story.when(cmd("ActivateAbility", "p1", source=sword, ability=1, targets=[], pay_with=[]))
    events = story.resolve()
    assert find(events, "ConditionChecked").data["met"] is False
    made = [e.data["kind"] for e in events if e.type == "ContinuousEffectCreated"]
    assert made == ["deal_more", "pay_less"], made  # no [Imperishable] for anyone
    [ruler] = story.state.zones["p1"]["ruler_area"]
    assert "imperishable" not in characteristics(story.state, ruler).skills
    story.replays()


# --- Campanella, the Milky Way Moon: "put that resonator from its owner's graveyard into his or her hand" --


def _campanella(story: Story, bear: str) -> str:
    campanella = story.put("p1", "MPR-038", "field")
    story.by_rule(actions.destroy, bear, "given")
    _play_trigger(story, campanella)
    story.resolve()
    return campanella


def _play_trigger(story: Story, source: str) -> None:
    """p1 passes: the ability, needing no target, is played by itself (9.6 p5) with "that resonator"."""
    [trig] = [t for t in story.state.triggered if t.source == source]
    played = find(story.when(cmd("Pass", "p1")), "AbilityPlayed")
    assert (played.data["trigger"], played.data.get("subject")) == (trig.id, trig.target)


def test_campanella_banishes_itself_and_returns_that_resonator_to_its_owners_hand() -> None:
    # Campanella, the Milky Way Moon (MPR-038): "[Continuous]: When a resonator is put into a graveyard
    # from your field, you may banish this card. If you do, put that resonator from its owner's graveyard
    # into his or her hand."  The Bear p1 controls is owned by p2 (control given): it goes to p2's
    # graveyard and hand (3.1 p5)
    story = Story({"MPR-038": 4, "T-BEAR": 4})
    bear = story.put("p2", "T-BEAR", "field")
    story.given("ControlChanged", oid=bear, **{"from": "p2", "to": "p1"})
    campanella = _campanella(story, bear)
    assert story.state.objects[bear].zone == "graveyard"
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    moves = [(e.data["oid"], e.data["to"], e.rule) for e in events if e.type == "CardMoved"]
    assert moves == [(campanella, "graveyard", "FoW-5.5 10.10 p1"), (bear, "hand", "FoW-5.5 3.1 p5")]
    assert bear in story.state.zones["p2"]["hand"]
    story.replays()


def test_campanella_declined_or_that_resonator_gone() -> None:
    # Declined: no "you do", nothing returns (9.3 p3.2); accepted after the card left the graveyard:
    # it is a new object, "that resonator" no longer names it (3.1 p3)
    story = Story({"MPR-038": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    campanella = _campanella(story, bear)
    events = story.when(cmd("ChooseOptional", "p1", accept=False))
    assert [e for e in events if e.type == "CardMoved"] == []
    assert story.state.objects[campanella].zone == "field" and story.state.objects[bear].zone == "graveyard"
    other = story.put("p1", "T-BEAR", "field")
    story.by_rule(actions.destroy, other, "given")
    _play_trigger(story, campanella)
    story.given("CardMoved", **{"oid": other, "from": "graveyard", "to": "removed", "reason": "given"})
    story.resolve()
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    moves = [(e.data["oid"], e.data["to"]) for e in events if e.type == "CardMoved"]
    assert moves == [(campanella, "graveyard")]
    assert story.state.objects[other].zone == "removed"
    story.replays()


# --- Artemis, the God's Bow: "put four arrow counters instead"; a card in a chant-standby area ------


def _artemis(story: Story) -> str:
    # Artemis, the God's Bow (SKL-095): "When this card enters your field, put two arrow counters on it.
    # If your J/ruler is "Arla, the Winged Lord" or "Arla, the Hegemon of the Sky", put four arrow
    # counters instead."  Put into the field by an effect (any way of entering)
    bow = story.put("p1", "SKL-095", "graveyard")
    story.by_rule(actions.move, bow, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    _play_trigger(story, bow)
    events = story.resolve()
    assert find(events, "ConditionChecked").rule == "FoW-5.5 9.3 p3.2"
    return bow


def test_artemis_gets_four_arrow_counters_with_arla() -> None:
    story = Story({"SKL-095": 4, "T-BEAR": 4}, ruler="SKL-001")  # Arla, the Winged Lord
    bow = _artemis(story)
    assert story.state.objects[bow].counters == {"arrow": 4}
    story.replays()


def test_artemis_gets_two_and_destroys_a_card_in_a_chant_standby_area() -> None:
    # "{Rest}, remove two arrow counters from this card: Destroy target [Addition:Resonator] or a card in
    # a chant-standby area."  The card set face down in p2's chant-standby area is destroyed (10.9)
    story = Story({"SKL-095": 4, "T-BEAR": 4})
    bow = _artemis(story)
    assert story.state.objects[bow].counters == {"arrow": 2}
    bear = story.put("p2", "T-BEAR", "field")
    hidden = story.put("p2", "T-BEAR", "standby")
    story.log += to_main(story.state, turn=3)
    offered = [a["targets"] for a in legal(story, "p1", "ActivateAbility") if a["source"] == bow and a["ability"] == 3]
    assert [[hidden]] in offered and [[bear]] not in offered  # a resonator is no [Addition:Resonator]
    story.when(cmd("ActivateAbility", "p1", source=bow, ability=3, targets=[[hidden]], pay_with=[]))
    assert story.state.objects[bow].counters == {}
    events = story.resolve()
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["from"], moved.data["to"]) == (hidden, "standby", "graveyard")
    story.given("CardRecovered", oid=bow)
    mine = story.put("p1", "T-BEAR", "standby")
    refusal = story.refused(cmd("ActivateAbility", "p1", source=bow, ability=3, targets=[[mine]], pay_with=[]))
    assert (refusal.code, refusal.rule) == ("rules/not_enough_counters", "FoW-5.5 9.3 p2.5")
    # the opponent's face-down card, not offered now, is answered as an id of no card: which of the
    # opponent's hidden cards lie in their chant-standby area is not told (3.1 p2, docs/hidden-information.md)
    other = story.put("p2", "T-BEAR", "standby")
    theirs = story.refused(cmd("ActivateAbility", "p1", source=bow, ability=3, targets=[[other]], pay_with=[]))
    missing = story.refused(cmd("ActivateAbility", "p1", source=bow, ability=3, targets=[["p2-999"]], pay_with=[]))
    assert theirs.to_dict() == {**missing.to_dict(), "message": missing.message.replace("p2-999", other)}
    story.replays()


# --- Heavenly Instrument, Hydromonica: "you may pay {1} less to play this ability" ------------------


def _hydromonica(monkeypatch: pytest.MonkeyPatch, ruler_name: str) -> tuple[Story, str]:
    # Heavenly Instrument, Hydromonica (TMS-092): "{2},{Rest},banish this card: Search your main deck for
    # a card. Then shuffle your main deck and put that card on top of your main deck. If your J/ruler is
    # "Songtress of Shangri-La" or "Coup d'Etat Mastermind, Shion", you may pay {1} less to play this
    # ability."  T-SONG: an invented ruler of that name
    song = {**RULERS["T-RULER"], "id": "T-SONG", "name": ruler_name}
    real = harness.database_cards
    monkeypatch.setattr(harness, "database_cards", lambda: {**real(), "T-SONG": song})
    story = Story({"TMS-092": 4, "T-BEAR": 4}, ruler="T-SONG")
    harp = story.put("p1", "TMS-092", "field")
    story.log += to_main(story.state, turn=3)
    return story, harp


def test_hydromonica_costs_one_less_with_the_songtress(monkeypatch: pytest.MonkeyPatch) -> None:
    story, harp = _hydromonica(monkeypatch, "Songtress of Shangri-La")
    story.will("p1", "U")
    search = cmd("ActivateAbility", "p1", source=harp, ability=1, targets=[], pay_with=[])
    assert story.refused(search).code == "rules/cannot_pay"  # {2} with one will
    offered = [a for a in legal(story, "p1", "ActivateAbility") if a["source"] == harp and a["ability"] == 1]
    assert {"source": harp, "ability": 1, "targets": [], "pay_with": [], "reduce": True} in offered
    events = story.when(cmd("ActivateAbility", "p1", **search.args, reduce=True))
    changed = find(events, "CostChanged")
    assert (
        changed.data["of"],
        changed.data["sources"],
        changed.data["printed"],
        changed.data["cost"],
        changed.rule,
    ) == (
        "activate",
        [harp],  # its own "you may pay {1} less to play this ability"
        {"attribute": {}, "free": 2},
        {"attribute": {}, "free": 1},
        "FoW-5.5 9.3 p2.5",
    )
    assert find(events, "WillPaid").data["will"] == ["U"]
    assert story.state.objects[harp].zone == "graveyard"  # banished as a cost
    story.replays()


def test_hydromonica_costs_its_full_price_with_another_ruler(monkeypatch: pytest.MonkeyPatch) -> None:
    story, harp = _hydromonica(monkeypatch, "Someone Else")
    story.will("p1", "U", "U")
    search = cmd("ActivateAbility", "p1", source=harp, ability=1, targets=[], pay_with=[])
    refusal = story.refused(cmd("ActivateAbility", "p1", **search.args, reduce=True))
    assert (refusal.code, refusal.rule) == ("rules/no_cost_reduction", "FoW-5.5 9.3 p2.5")
    offered = [a for a in legal(story, "p1", "ActivateAbility") if a["source"] == harp and a["ability"] == 1]
    assert offered and not [a for a in offered if a.get("reduce")]
    events = story.when(search)
    assert "CostChanged" not in [e.type for e in events]
    assert find(events, "WillPaid").data["will"] == ["U", "U"]
    story.replays()


# --- Squirmer of the Dark: the top three cards of the magic stone deck, or banish it and lose 1000 ----


def _squirmer_main_phase(stones: int) -> tuple[Story, str, list[Event]]:
    # Squirmer of the Dark (CMF-054): "[Continuous]: At the beginning of your main phase, put the top
    # three cards from your magic stone deck into your graveyard. If you cannot put three cards into your
    # graveyard this way, banish this card and you lose 1000 life."  p1's magic stone deck is cut to
    # ``stones`` cards (the others go to the magic stone area); then to p1's next main phase (turn 3),
    # where it triggers (5.3 p1) and resolves as both players pass
    story = Story({"CMF-054": 4, "T-BEAR": 4})
    squirmer = story.put("p1", "CMF-054", "field")
    while len(story.state.zones["p1"]["stone_deck"]) > stones:
        story.put("p1", "T-STONE", "stone_area")
    events = to_main(story.state, turn=3)
    story.log += events
    assert [e.data["source"] for e in events if e.type == "AbilityTriggered"] == [squirmer]
    return story, squirmer, events


def test_squirmer_puts_three_magic_stones_into_the_graveyard() -> None:
    story, squirmer, events = _squirmer_main_phase(5)
    top3 = story.state.zones["p1"]["graveyard"][-3:]
    moved = [e for e in events if e.type == "CardMoved" and e.data["from"] == "stone_deck"]
    assert [(e.data["oid"], e.data["to"], e.rule) for e in moved] == [(o, "graveyard", "FoW-5.5 3.1 p5") for o in top3]
    assert len(story.state.zones["p1"]["stone_deck"]) == 2
    assert find(events, "ConditionChecked").data["met"] is False  # it could put three: nothing more
    assert story.state.objects[squirmer].zone == "field" and story.state.players["p1"].life == 4000
    story.replays()


@pytest.mark.parametrize("stones", [2, 0])
def test_squirmer_short_of_three_stones_is_banished_and_you_lose_1000(stones: int) -> None:
    # fewer than three: all of them (the reminder text, 1.4 p2), then the card is banished and p1 loses
    # 1000 life; with none left nothing is put, which is not three either
    story, squirmer, events = _squirmer_main_phase(stones)
    moved = [e for e in events if e.type == "CardMoved" and e.data["from"] == "stone_deck"]
    assert len(moved) == stones and story.state.zones["p1"]["stone_deck"] == []
    assert find(events, "ConditionChecked").data["met"] is True
    banished = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == squirmer)
    assert (banished.data["to"], banished.rule) == ("graveyard", "FoW-5.5 10.10 p1")
    lost = find(events, "LifeChanged")
    assert (lost.data["player"], lost.data["delta"], lost.cause) == ("p1", -1000, f"ev:{banished.seq}")
    assert story.state.players["p1"].life == 3000
    story.replays()


# --- High Speed Dash: "Put your J-Ruler into your ruler area, as a ruler" ----------------------------


def test_high_speed_dash_puts_the_j_ruler_back_as_a_ruler() -> None:
    # High Speed Dash (BFA-050): "Choose one - Put your J-Ruler into your ruler area, as a ruler; or return
    # target resonator you control to its owner's hand."  Melgis, the Flame King (SKL-027) [Judgment]
    # {R}{R} -> SKL-027J, damaged; the first mode puts it ruler side up into the ruler area (3.8 p1),
    # where it holds no damage (10.6 p1)
    story = Story({"BFA-050": 4, "T-BEAR": 4}, ruler="SKL-027")
    story.log += to_main(story.state, turn=3)
    [melgis] = story.state.zones["p1"]["ruler_area"]
    story.will("p1", "R", "R")
    story.when(cmd("PerformJudgment", "p1"))
    story.resolve()
    assert story.state.objects[melgis].zone == "field" and story.state.card_of(melgis).id == "SKL-027J"
    story.given("DamageDealt", target=melgis, amount=300, source="given", to_card=True)
    dash = story.put("p1", "BFA-050", "hand")
    story.will("p1", "G")
    story.when(cmd("PlayCard", "p1", card=dash, modes=[0], targets=[], pay_with=[]))
    events = story.resolve()
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["from"], moved.data["to"], moved.rule) == (
        melgis,
        "field",
        "ruler_area",
        "FoW-5.5 3.8 p1",
    )
    assert (story.state.objects[melgis].side, story.state.card_of(melgis).id) == ("front", "SKL-027")
    assert find(events, "DamageCleared").rule == "FoW-5.5 10.6 p1" and story.state.objects[melgis].damage == 0
    story.replays()
