"""Conditions, "you may", modes and "for each" amounts executed by the engine, with real
Grimm/Alice cards as the importer makes them (``domain/fow/conditions.py``).

Each test: given a position reached by recorded events, when a command, then events (with
their citations) or a cited rejection; every story ends by replaying its whole event log
into a fresh state, which must equal the live one (evolve never re-checks rules)."""

from __future__ import annotations

from typing import Any

import pytest

from domain.fow import actions, position
from domain.fow.characteristics import characteristics
from tests.fow.cards.story import Story, _add, _enter_next_turn, legal
from tests.fow.support import cmd, find

# --- "you may" ---------------------------------------------------------------------------


def test_you_may_is_the_controllers_decision_on_resolution() -> None:
    # Abe no Seimei (VIN001-001): "When this card enters your field, you may rest target
    # resonator."  The target is chosen when the ability is played (FoW-5.5 9.3 p2.4); whether
    # to rest it is decided when it resolves (9.3 p3.2)
    story = Story({"VIN001-001": 4, "T-BEAR": 4})
    bear = story.put("p2", "T-BEAR", "field")
    seimei = story.put("p1", "VIN001-001", "graveyard")
    story.by_rule(actions.move, seimei, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    trig = story.state.triggered[0]
    story.when(cmd("Pass", "p1"))
    story.when(cmd("PlayTriggered", "p1", trigger=trig.id, targets=[[bear]]))
    events = story.resolve()
    asked = find(events, "ChoiceRequested")
    assert asked.data["kind"] == "optional" and asked.rule == "FoW-5.5 9.3 p3.2"
    assert legal(story, "p1", "ChooseOptional") == [{"accept": True}, {"accept": False}]
    assert legal(story, "p2", "ChooseOptional") == []
    malformed = story.refused(cmd("ChooseOptional", "p1", accept="yes"))
    assert (malformed.code, malformed.rule) == ("command/malformed", "FoW-5.5 9.3 p3.2")
    not_theirs = story.refused(cmd("ChooseOptional", "p2", accept=True))
    assert not_theirs.code == "rules/not_your_decision"
    events = story.when(cmd("ChooseOptional", "p1", accept=False))
    chosen = find(events, "OptionChosen")
    assert chosen.data == {"player": "p1", "item": asked.data["options"]["item"], "accepted": False}
    assert chosen.rule == "FoW-5.5 9.3 p3.2" and chosen.cause == "cmd:ChooseOptional-p1"
    assert "CardRested" not in [e.type for e in events] and not story.state.objects[bear].rested
    # a second Seimei: this time the controller rests the bear
    second = story.put("p1", "VIN001-001", "graveyard")
    story.by_rule(actions.move, second, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    story.when(cmd("Pass", "p1"))
    story.when(cmd("PlayTriggered", "p1", trigger=story.state.triggered[0].id, targets=[[bear]]))
    story.resolve()
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    assert find(events, "OptionChosen").data["accepted"] is True
    rested = find(events, "CardRested")
    assert rested.data["oid"] == bear and rested.cause == f"ev:{find(events, 'OptionChosen').seq}"
    assert story.state.objects[bear].rested
    story.replays()


# --- "if" (checked on resolution) --------------------------------------------------------


def test_an_if_condition_is_checked_when_the_effect_resolves() -> None:
    # Wolf-Haunted in Black Forest (CMF-037): "When this card is destroyed, if you don't
    # control any Moon, this card deals 500 damage to you."  Pale Moon (CMF-049) is a Moon.
    story = Story({"CMF-037": 4, "CMF-049": 4})
    wolf = story.put("p1", "CMF-037", "field")
    story.by_rule(actions.destroy, wolf, "given")
    story.when(cmd("Pass", "p1"))  # the lone trigger has no target: played automatically
    events = story.resolve()
    checked = find(events, "ConditionChecked")
    assert checked.data["met"] is True and checked.rule == "FoW-5.5 9.3 p3.2"
    dealt = find(events, "DamageDealt")
    assert (dealt.data["target"], dealt.data["amount"]) == ("p1", 500)
    assert story.state.players["p1"].life == 3500
    # with a Moon in the field the condition does not hold: no damage
    story.put("p1", "CMF-049", "field")
    second = story.put("p1", "CMF-037", "field")
    story.by_rule(actions.destroy, second, "given")
    story.when(cmd("Pass", "p1"))
    events = story.resolve()
    assert find(events, "ConditionChecked").data["met"] is False
    assert "DamageDealt" not in [e.type for e in events] and story.state.players["p1"].life == 3500
    story.replays()


# --- "as long as" and "for each" on continuous abilities ------------------------------------


def test_as_long_as_a_condition_holds_a_continuous_ability_applies() -> None:
    # Moonglow Bird (MPR-047): "This card gains [+400/+400] as long as you control a Moon."
    # (FoW-5.5 9.4 p1); the opponent's Moon does not count
    story = Story({"MPR-047": 4, "CMF-049": 4})
    bird = story.put("p1", "MPR-047", "field")
    story.put("p2", "CMF-049", "field")
    assert (characteristics(story.state, bird).atk, characteristics(story.state, bird).def_) == (300, 300)
    moon = story.put("p1", "CMF-049", "field")
    assert (characteristics(story.state, bird).atk, characteristics(story.state, bird).def_) == (700, 700)
    story.given(
        "CardMoved",
        oid=moon,
        card="CMF-049",
        owner="p1",
        controller="p1",
        to="graveyard",
        reason="given",
        **{"from": "field"},
    )
    assert characteristics(story.state, bird).atk == 300
    story.replays()


def test_cannot_be_destroyed_only_as_long_as_you_control_a_named_card() -> None:
    # Apostle of Paradise (MPR-004): "This card cannot be destroyed as long as you control
    # "Abel, the Avenger of Gods"."  Without Abel it is destroyed as usual (10.9 p3)
    story = Story({"MPR-004": 4, "MPR-002": 4})
    apostle = story.put("p1", "MPR-004", "field")
    story.by_rule(actions.destroy, apostle, "given")
    assert story.state.objects[apostle].zone == "graveyard"
    story.put("p1", "MPR-002", "field")  # Abel, the Avenger of Gods
    second = story.put("p1", "MPR-004", "field")
    story.by_rule(actions.destroy, second, "given")
    assert story.state.objects[second].zone == "field"
    story.replays()


def test_for_each_counts_when_the_characteristics_are_read() -> None:
    # Deep Ones (CMF-041): "This card gains [+200/+200] for each resonator in your graveyard."
    story = Story({"CMF-041": 4, "T-BEAR": 4})
    deep = story.put("p1", "CMF-041", "field")
    assert characteristics(story.state, deep).atk == 0
    story.put("p1", "T-BEAR", "graveyard")
    story.put("p1", "T-BEAR", "graveyard")
    story.put("p2", "T-BEAR", "graveyard")  # not in your graveyard
    chars = characteristics(story.state, deep)
    assert (chars.atk, chars.def_) == (400, 600)
    story.replays()


def test_damage_for_each_is_counted_on_resolution() -> None:
    # Commander of Wolves (CMF-023): "[Enter]: This card deals 400 damage to target resonator
    # for each Werewolf you control."  Two Werewolves (itself and Wolf-Haunted): 800 damage
    story = Story({"CMF-023": 4, "CMF-037": 4, "T-BEAR": 4})
    story.put("p1", "CMF-037", "field")
    story.put("p2", "CMF-037", "field")  # the opponent's Werewolf does not count
    commander = story.put("p1", "CMF-023", "field")
    wall = story.put("p2", "T-BEAR", "field")
    story.by_rule(actions.check_triggers, "enter", "given", oid=commander)
    story.when(cmd("Pass", "p1"))
    story.when(cmd("PlayTriggered", "p1", trigger=story.state.triggered[0].id, targets=[[wall]]))
    events = story.resolve()
    dealt = find(events, "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (commander, wall, 800)
    story.replays()


# --- modes (9.3 p2.3) -----------------------------------------------------------------------


def test_modes_are_chosen_as_the_spell_is_played() -> None:
    # Elshan Flower (VIN002-004): "Choose one - Recover target resonator; or rest target
    # resonator."  Only the chosen mode's target is chosen; the other mode does not exist
    story = Story({"VIN002-004": 4, "T-BEAR": 4})
    flower = story.put("p1", "VIN002-004", "hand")
    bear = story.put("p2", "T-BEAR", "field")
    story.will("p1", "W", "W")
    plays = legal(story, "p1", "PlayCard")
    assert {(tuple(p["modes"]), tuple(p["targets"][0])) for p in plays if p["card"] == flower} >= {
        ((0,), (bear,)),
        ((1,), (bear,)),
    }
    for bad in (None, [0, 1], [2], ["0"]):
        refusal = story.refused(cmd("PlayCard", "p1", card=flower, targets=[[bear]], modes=bad))
        assert (refusal.code, refusal.rule) == ("rules/mode_choice", "FoW-5.5 9.3 p2.3")
    events = story.when(cmd("PlayCard", "p1", card=flower, targets=[[bear]], modes=[1]))
    assert find(events, "CardPlayed").data["modes"] == [1]
    with pytest.raises(position.PositionNotRepresentableError, match="modes"):
        position.from_state(story.state)  # a position could not say which mode was chosen
    events = story.resolve()
    rested = find(events, "CardRested")
    assert rested.data["oid"] == bear and "CardRecovered" not in [e.type for e in events]
    story.replays()


# --- cost reductions (9.3 p2.5) ----------------------------------------------------------------


def test_a_conditional_cost_reduction_is_the_players_choice_and_needs_its_condition() -> None:
    # Hector de Maris (VS01-025): "You may pay {R} less to play this card if you control
    # "Lancelot, the Knight of Mad Demon."" (cost {R}{1})
    story = Story({"VS01-025": 4, "VS01-027": 4})
    hector = story.put("p1", "VS01-025", "hand")
    story.will("p1", "R", "R")
    refusal = story.refused(cmd("PlayCard", "p1", card=hector, reduce=True))
    assert (refusal.code, refusal.rule) == ("rules/no_cost_reduction", "FoW-5.5 9.3 p2.5")
    assert not [p for p in legal(story, "p1", "PlayCard") if p["card"] == hector and p.get("reduce")]
    malformed = story.refused(cmd("PlayCard", "p1", card=hector, reduce="yes"))
    assert (malformed.code, malformed.rule) == ("command/malformed", "FoW-5.5 9.3 p2.5")
    story.put("p1", "VS01-027", "field")  # Lancelot, the Knight of Mad Demon
    assert [p for p in legal(story, "p1", "PlayCard") if p["card"] == hector and p.get("reduce")]
    events = story.when(cmd("PlayCard", "p1", card=hector, reduce=True))
    assert find(events, "CardPlayed").data["reduced_cost"] == {"attribute": {}, "free": 1}
    assert find(events, "WillPaid").data["will"] == ["R"] and story.state.players["p1"].will == ["R"]
    story.replays()


def test_conditions_on_life_and_on_counters_of_this_card() -> None:
    # Solomon (VIN001-072): "As long as your life is 2000 or less, this card gains [+200/+200]."
    # The Beast Queen's Guardian (TTW-069): "As long as there are one or more evolution
    # counters on this card, it gains [+300/+300]." ([Evolution] puts one, FoW-5.5 12.7 p2)
    story = Story({"VIN001-072": 4, "TTW-069": 4})
    solomon = story.put("p1", "VIN001-072", "field")
    guardian = story.put("p1", "TTW-069", "field")
    assert characteristics(story.state, solomon).atk == 800
    assert characteristics(story.state, guardian).atk == 300
    story.given("LifeChanged", player="p1", delta=-2000, life=2000)
    story.given("CounterPut", oid=guardian, counter="evolution", count=1)
    assert characteristics(story.state, solomon).atk == 1000
    assert characteristics(story.state, guardian).atk == 600
    story.given("LifeChanged", player="p1", delta=100, life=2100)
    assert characteristics(story.state, solomon).atk == 800
    story.replays()


def test_as_long_as_it_has_a_counter_on_it() -> None:
    # Cinderella, the Valkyrie of Glass (SKL-037): "This card gains [+600/0] as long as it has
    # a glass counter on it." (a continuous ability applies while its condition holds, FoW-5.5 9.4 p1)
    story = Story({"SKL-037": 4})
    cinderella = story.put("p1", "SKL-037", "field")
    printed = characteristics(story.state, cinderella).atk
    story.given("CounterPut", oid=cinderella, counter="glass", count=1)
    assert characteristics(story.state, cinderella).atk == printed + 600
    story.given("CounterRemoved", oid=cinderella, counter="glass", count=1)
    assert characteristics(story.state, cinderella).atk == printed
    story.replays()


def test_you_may_pay_will_and_if_you_do() -> None:
    # Sissei, the Ancient Forest (SKL-063): "Whenever a resonator is put into a graveyard from
    # your field, you may pay {G}{G}{1}. If you do, draw a card."  Accepting pays the will on
    # resolution (FoW-5.5 10.2 p1); will that cannot be paid in full cannot be paid (10.2 p4)
    story = Story({"SKL-063": 4, "T-BEAR": 4})
    story.put("p1", "SKL-063", "field")
    bears = [story.put("p1", "T-BEAR", "field") for _ in range(2)]

    def trigger_and_resolve(bear: str) -> Any:
        story.by_rule(actions.destroy, bear, "given")
        story.when(cmd("Pass", "p1"))  # the trigger, with no target, is played
        return find(story.resolve(), "ChoiceRequested")

    asked = trigger_and_resolve(bears[0])
    assert asked.data["kind"] == "optional"
    assert legal(story, "p1", "ChooseOptional") == [{"accept": False}]  # no will to pay {G}{G}{1}
    refusal = story.refused(cmd("ChooseOptional", "p1", accept=True))
    assert (refusal.code, refusal.rule) == ("rules/cannot_pay", "FoW-5.5 10.2 p4")
    hand = len(story.state.zones["p1"]["hand"])
    events = story.when(cmd("ChooseOptional", "p1", accept=False))
    assert "WillPaid" not in [e.type for e in events]
    assert find(events, "ConditionChecked").data["met"] is False and len(story.state.zones["p1"]["hand"]) == hand
    # the second time p1 has the will: paid, so "If you do" holds and p1 draws
    trigger_and_resolve(bears[1])
    story.will("p1", "G", "G", "R")
    assert legal(story, "p1", "ChooseOptional") == [{"accept": True}, {"accept": False}]
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    paid = find(events, "WillPaid")
    assert sorted(paid.data["will"]) == ["G", "G", "R"] and paid.rule == "FoW-5.5 10.2 p1"
    assert find(events, "ConditionChecked").data["met"] is True
    assert len(story.state.zones["p1"]["hand"]) == hand + 1 and story.state.players["p1"].will == []
    story.replays()


def test_a_judgment_cost_reduction_counts_when_judgment_is_performed() -> None:
    # Alice, Girl of the Lake (TTW-001): "[Judgment] {8}. You may pay {1} less to play this
    # ability for each Fairy you control."  Two Water Sprites (TTW-054) are Fairies: {6}
    story = Story({"TTW-054": 4}, ruler="TTW-001")
    story.will("p1", *["W"] * 6)
    refusal = story.refused(cmd("PerformJudgment", "p1", reduce=True))
    assert (refusal.code, refusal.rule) == ("rules/no_cost_reduction", "FoW-5.5 9.3 p2.5")
    assert [c for c in legal(story, "p1", "PerformJudgment") if c.get("reduce")] == []
    story.put("p1", "TTW-054", "field")
    story.put("p1", "TTW-054", "field")
    assert [c for c in legal(story, "p1", "PerformJudgment") if c.get("reduce")] == [{"pay_with": [], "reduce": True}]
    assert story.refused(cmd("PerformJudgment", "p1")).code == "rules/cannot_pay"  # the full {8}
    events = story.when(cmd("PerformJudgment", "p1", reduce=True))
    performed = find(events, "JudgmentPerformed")
    assert performed.data["reduced_cost"] == {"attribute": {}, "free": 6} and performed.rule == "FoW-5.5 7.5 p2"
    assert len(find(events, "WillPaid").data["will"]) == 6 and story.state.players["p1"].will == []
    story.replays()


def test_an_atk_change_for_each_card_is_counted_on_resolution() -> None:
    # Izanami's Curse (TMS-078): "Target resonator gains [-100/-100] for each card in your
    # graveyard until end of turn."  Three cards in your graveyard: [-300/-300]
    story = Story({"TMS-078": 4, "T-BEAR": 4, "T-WALL": 4, "T-BOLT": 4})
    curse = story.put("p1", "TMS-078", "hand")
    bear = story.put("p2", "T-BEAR", "field")
    story.put("p1", "T-WALL", "graveyard")
    story.put("p1", "T-WALL", "graveyard")
    story.put("p1", "T-BOLT", "graveyard")
    story.put("p2", "T-WALL", "graveyard")  # the opponent's graveyard does not count
    story.will("p1", *["B"] * 3)
    story.when(cmd("PlayCard", "p1", card=curse, targets=[[bear]]))
    events = story.resolve()
    created = find(events, "ContinuousEffectCreated")
    assert (created.data["atk"], created.data["def"], created.rule) == (-300, -300, "FoW-5.5 10.19 p3")
    chars = characteristics(story.state, bear)
    assert (chars.atk, chars.def_) == (200, 200)
    story.replays()


def test_an_activate_ability_with_a_condition_to_play_it() -> None:
    # Sanguine Arena (BFA-027): "{Rest}: This card deals 200 damage to each resonator. Play
    # this ability only if you control a resonator."  Card text beats the rules (1.4 p1)
    story = Story({"BFA-027": 4, "T-BEAR": 4})
    arena = story.put("p1", "BFA-027", "field")
    bear = story.put("p2", "T-BEAR", "field")
    refusal = story.refused(cmd("ActivateAbility", "p1", source=arena, ability=0))
    assert (refusal.code, refusal.rule) == ("rules/ability_condition", "FoW-5.5 1.4 p1")
    assert [a for a in legal(story, "p1", "ActivateAbility") if a["source"] == arena] == []
    mine = story.put("p1", "T-BEAR", "field")
    assert [a for a in legal(story, "p1", "ActivateAbility") if a["source"] == arena]
    story.when(cmd("ActivateAbility", "p1", source=arena, ability=0))
    events = story.resolve()
    assert {e.data["target"] for e in events if e.type == "DamageDealt"} == {bear, mine}
    story.replays()


def test_an_effect_with_a_trailing_if_on_the_hand() -> None:
    # Ali Baba, The Earnest Worker (MPR-056): "[Activate] {Rest}: Draw a card if you have no
    # cards in your hand."
    story = Story({"MPR-056": 4})
    ali = story.put("p1", "MPR-056", "field")
    story.given("TurnBegan", player="p1", turn=story.state.turn + 1)  # in the field since an earlier turn
    hand = len(story.state.zones["p1"]["hand"])
    assert hand > 0
    story.when(cmd("ActivateAbility", "p1", source=ali, ability=0))
    events = story.resolve()
    assert find(events, "ConditionChecked").data["met"] is False
    assert len(story.state.zones["p1"]["hand"]) == hand
    for oid in list(story.state.zones["p1"]["hand"]):
        story.given(
            "CardMoved",
            oid=oid,
            card=story.state.objects[oid].card,
            owner="p1",
            controller="p1",
            to="graveyard",
            reason="given",
            **{"from": "hand"},
        )
    story.given("CardRecovered", oid=ali, reason="given")
    story.when(cmd("ActivateAbility", "p1", source=ali, ability=0))
    events = story.resolve()
    assert find(events, "ConditionChecked").data["met"] is True
    assert len(story.state.zones["p1"]["hand"]) == 1
    story.replays()


def test_for_each_card_in_your_chant_standby_area() -> None:
    # Remnants of Niflheim (BFA-073): "This card gains [+100/+100] for each card in your
    # chant-standby area."  The cards are face down (3.11), but how many there are is known
    story = Story({"BFA-073": 4, "T-BEAR": 4})
    card = story.put("p1", "BFA-073", "field")
    base = characteristics(story.state, card).atk
    story.put("p1", "T-BEAR", "standby")
    story.put("p1", "T-BEAR", "standby")
    story.put("p2", "T-BEAR", "standby")  # the opponent's area does not count
    assert characteristics(story.state, card).atk == (base or 0) + 200
    story.replays()


# --- "If you do" (9.3 p3) -------------------------------------------------------------------


def test_if_you_do_asks_whether_the_effect_before_was_performed() -> None:
    # Lunar Ibis (TMS-009): "[Awakening] {M}: When this card enters your field, recover target
    # resonator. If you do, put two [+100/+100] counters on this card."  Recovering a recovered
    # resonator changes nothing, so it is not done (FoW-5.5 1.5: no "becoming" the same status)
    story = Story({"TMS-009": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    story.given("CardRested", oid=bear, reason="given")
    for rested in (True, False):
        ibis = story.put("p1", "TMS-009", "graveyard")
        story.by_rule(
            actions.move, ibis, "field", "given", rule="3.1 p5", reason="effect", controller="p1", awakened=True
        )
        story.when(cmd("Pass", "p1"))
        story.when(cmd("PlayTriggered", "p1", trigger=story.state.triggered[0].id, targets=[[bear]]))
        events = story.resolve()
        checked = find(events, "ConditionChecked")
        assert checked.data["met"] is rested and checked.rule == "FoW-5.5 9.3 p3.2"
        assert ("CardRecovered" in [e.type for e in events]) is rested
        if rested:
            put = find(events, "CounterPut")
            assert (put.data["oid"], put.data["counter"], put.data["count"]) == (ibis, "+100/+100", 2)
            assert put.cause == f"ev:{checked.seq}"
            assert characteristics(story.state, ibis).atk == 500
        else:
            assert "CounterPut" not in [e.type for e in events] and not story.state.objects[ibis].counters
    story.replays()


# --- conditions comparing you with your opponent ----------------------------------------------


def test_you_control_fewer_resonators_than_your_opponent() -> None:
    # Welkin Gunther (VIN002-044): "When this card enters your field => Return target resonator
    # to its owner's hand if you control less resonators than your opponent."  Checked on
    # resolution (FoW-5.5 9.3 p3): Welkin itself counts
    story = Story({"VIN002-044": 4, "T-BEAR": 4})
    bears = [story.put("p2", "T-BEAR", "field") for _ in range(2)]
    for bear, fewer in zip(bears, (True, False), strict=True):
        # one Welkin against two bears; then two Welkins against one bear
        welkin = story.put("p1", "VIN002-044", "graveyard")
        story.by_rule(actions.move, welkin, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
        story.when(cmd("Pass", "p1"))
        story.when(cmd("PlayTriggered", "p1", trigger=story.state.triggered[0].id, targets=[[bear]]))
        events = story.resolve()
        assert find(events, "ConditionChecked").data["met"] is fewer
        assert (story.state.objects[bear].zone == "hand") is fewer
    story.replays()


def test_your_opponent_has_more_cards_in_hand_than_you() -> None:
    # Shion, Liberator of Shangri-La (BFA-042): "When this card enters your field, draw a card
    # if your opponent has more cards in their hand than you."
    story = Story({"BFA-042": 4, "T-BEAR": 4})
    mine = len(story.state.zones["p1"]["hand"])
    for oid in list(story.state.zones["p2"]["hand"])[: len(story.state.zones["p2"]["hand"]) - mine]:
        story.given("CardMoved", oid=oid, card=story.state.objects[oid].card, owner="p2", controller="p2",
                    to="graveyard", reason="given", **{"from": "hand"})  # fmt: skip
    assert len(story.state.zones["p2"]["hand"]) == mine  # as many: no draw
    shion = story.put("p1", "BFA-042", "graveyard")
    story.by_rule(actions.move, shion, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    story.when(cmd("Pass", "p1"))
    events = story.resolve()
    assert find(events, "ConditionChecked").data["met"] is False and "CardDrawn" not in [e.type for e in events]
    story.put("p2", "T-BEAR", "hand")  # now the opponent has one more
    second = story.put("p1", "BFA-042", "graveyard")
    story.by_rule(actions.move, second, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    story.when(cmd("Pass", "p1"))
    events = story.resolve()
    assert find(events, "ConditionChecked").data["met"] is True
    assert len(story.state.zones["p1"]["hand"]) == mine + 1
    story.replays()


def test_a_continuous_if_on_life_compared_with_the_opponents() -> None:
    # Bullet of Envy (MPR-024): "Added J/resonator gains [+800/+800] if your life is less than
    # your opponent's life."  A continuous ability applies while its condition holds (9.4 p1)
    story = Story({"MPR-024": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    bullet = story.put("p1", "MPR-024", "hand")
    story.given("CardMoved", oid=bullet, card="MPR-024", owner="p1", controller="p1", to="field",
                reason="given", attached_to=bear, **{"from": "hand"})  # fmt: skip
    assert characteristics(story.state, bear).atk == 500  # equal life
    story.given("LifeChanged", player="p1", delta=-100, life=story.state.players["p1"].life - 100)
    assert (characteristics(story.state, bear).atk, characteristics(story.state, bear).def_) == (1300, 1300)
    story.given("LifeChanged", player="p2", delta=-200, life=story.state.players["p2"].life - 200)
    assert characteristics(story.state, bear).atk == 500
    story.replays()


def test_one_of_two_named_cards_and_counters_on_it() -> None:
    # Brainless Scarecrow (TAT-055): "[Enter]: If you control "Heartless Tin Man" or "Cowardly
    # Lion", put an achievement counter on this card. [Continuous]: This card gains [+300/+300]
    # for each achievement counter on it."  Cowardly Lion is TAT-056
    story = Story({"TAT-055": 4, "TAT-056": 4})
    for lion in (False, True):
        if lion:
            story.put("p1", "TAT-056", "field")
        crow = story.put("p1", "TAT-055", "field")
        story.by_rule(actions.check_triggers, "enter", "given", oid=crow)
        story.when(cmd("Pass", "p1"))
        events = story.resolve()
        assert find(events, "ConditionChecked").data["met"] is lion
        assert story.state.objects[crow].counters.get("achievement", 0) == int(lion)
        assert characteristics(story.state, crow).atk == 200 + 300 * lion
    story.replays()


# --- counts of cards that moved this turn, in the removed area, in all graveyards ------------


def test_pay_less_for_each_resonator_that_entered_your_field_this_turn() -> None:
    # Gwiber, the White Dragon (VS01-007): "You may pay {2} less to play this card for each
    # resonator you control that entered your field this turn." ({W}{4}; FoW-5.5 9.3 p2.5)
    story = Story({"VS01-007": 4, "T-BEAR": 4, "T-WALL": 4, "T-FAST": 4})
    story.put("p1", "T-BEAR", "field")  # entered in an earlier turn: does not count
    _enter_next_turn(story)
    gwiber = story.put("p1", "VS01-007", "hand")
    story.put("p2", "T-BEAR", "field")  # the opponent's: does not count
    assert story.refused(cmd("PlayCard", "p1", card=gwiber, reduce=True)).code == "rules/no_cost_reduction"
    story.put("p1", "T-WALL", "field")
    story.put("p1", "T-FAST", "field")
    story.will("p1", "W")
    events = story.when(cmd("PlayCard", "p1", card=gwiber, reduce=True))
    played = find(events, "CardPlayed")
    assert played.data["reduced_cost"] == {"attribute": {"W": 1}, "free": 0}
    assert find(events, "WillPaid").data["will"] == ["W"]
    story.replays()


def test_pay_less_for_each_resonator_put_into_a_graveyard_from_your_field_this_turn() -> None:
    # Draig, the Red Dragon (VS01-020): "You may pay {1} less to play this card for each
    # resonator put into a graveyard from your field this turn." ({R}{4})
    story = Story({"VS01-020": 4, "T-BEAR": 4, "T-WALL": 4, "T-FAST": 4})
    old = story.put("p1", "T-BEAR", "field")
    story.by_rule(actions.destroy, old, "given")  # in an earlier turn: does not count
    _enter_next_turn(story)
    draig = story.put("p1", "VS01-020", "hand")
    story.put("p1", "T-BEAR", "graveyard")  # not from the field: does not count
    theirs = story.put("p2", "T-BEAR", "field")
    story.by_rule(actions.destroy, theirs, "given")  # not from your field: does not count
    assert story.refused(cmd("PlayCard", "p1", card=draig, reduce=True)).code == "rules/no_cost_reduction"
    for resonator in ("T-WALL", "T-FAST"):
        story.by_rule(actions.destroy, story.put("p1", resonator, "field"), "given")
    story.will("p1", "R", "R", "R")
    events = story.when(cmd("PlayCard", "p1", card=draig, reduce=True))
    assert find(events, "CardPlayed").data["reduced_cost"] == {"attribute": {"R": 1}, "free": 2}
    story.replays()


def test_damage_for_each_card_in_your_removed_area() -> None:
    # Torching the Timeline (TMS-033): "This card deals 100 damage to target resonator for each
    # card in your removed area."  The removed area is public (FoW-5.5 3.12)
    story = Story({"TMS-033": 4, "T-BEAR": 4, "T-WALL": 4, "T-BOLT": 4})
    torch = story.put("p1", "TMS-033", "hand")
    wall = story.put("p2", "T-WALL", "field")
    for card in ("T-BEAR", "T-BOLT", "T-WALL"):
        story.put("p1", card, "removed")
    story.put("p2", "T-BEAR", "removed")  # the opponent's removed area does not count
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=torch, targets=[[wall]]))
    dealt = find(story.resolve(), "DamageDealt")
    assert (dealt.data["target"], dealt.data["amount"], dealt.rule) == (wall, 300, "FoW-5.5 10.6 p1")
    story.replays()


def test_for_each_resonator_in_all_graveyards() -> None:
    # Elder Things (TAT-080): "This card gains [+200/+200] for each resonator in all graveyard."
    story = Story({"TAT-080": 4, "T-BEAR": 4, "T-BOLT": 4})
    things = story.put("p1", "TAT-080", "field")
    assert characteristics(story.state, things).def_ == 200
    story.put("p1", "T-BEAR", "graveyard")
    story.put("p2", "T-BEAR", "graveyard")
    story.put("p2", "T-BOLT", "graveyard")  # a spell: not a resonator
    chars = characteristics(story.state, things)
    assert (chars.atk, chars.def_) == (400, 600)
    story.replays()


# --- "if it's X": what the affected card must be ------------------------------------------


def test_added_resonator_gains_more_instead_if_it_is_of_a_race() -> None:
    # Sweet Rose (MPR-016): "Added resonator gains [+300/+300]. If it's a Prince, it gains
    # [+600/+600] and [Target Attack] instead."  Edward, the Black Prince (VIN001-064) is a Prince
    story = Story({"MPR-016": 4, "VIN001-064": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    edward = story.put("p1", "VIN001-064", "field")
    _add(story, "p1", "MPR-016", bear)
    _add(story, "p1", "MPR-016", edward)
    bear_chars, edward_chars = characteristics(story.state, bear), characteristics(story.state, edward)
    assert (bear_chars.atk, bear_chars.def_, "target_attack" in bear_chars.skills) == (800, 800, False)
    assert (edward_chars.atk, edward_chars.def_, "target_attack" in edward_chars.skills) == (1300, 1300, True)
    story.replays()


def test_added_resonator_gains_only_while_it_has_no_attribute() -> None:
    # Magic Screw (TMS-086): "Added resonator gains [+600/+600] as long as it is with no
    # attribute."  Ryoma Sakamoto (VIN001-077) is void (FoW-5.5 2.8); a fire bear is not
    story = Story({"TMS-086": 4, "VIN001-077": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    ryoma = story.put("p1", "VIN001-077", "field")
    _add(story, "p1", "TMS-086", bear)
    _add(story, "p1", "TMS-086", ryoma)
    assert characteristics(story.state, bear).atk == 500
    assert (characteristics(story.state, ryoma).atk, characteristics(story.state, ryoma).def_) == (1000, 1000)
    story.replays()


# --- "it deals that much +200 instead" (9.10) -------------------------------------------------


def test_added_resonator_deals_that_much_more_damage_instead() -> None:
    # Kusanagi Sword (TAT-030): "If resonator with this would deal damage, it deals that much
    # +200 instead."  Calamity Jane (VIN001-018): "{Rest}: This card deals 200 damage to target
    # player or resonator."  A replacement that is no prevention applies first (FoW-5.5 9.10 p2.1)
    story = Story({"TAT-030": 4, "VIN001-018": 4, "T-WALL": 4})
    jane = story.put("p1", "VIN001-018", "field")
    wall = story.put("p2", "T-WALL", "field")
    _enter_next_turn(story)
    sword = _add(story, "p1", "TAT-030", jane)
    story.when(cmd("ActivateAbility", "p1", source=jane, ability=0, targets=[[wall]]))
    events = story.resolve()
    replaced = find(events, "DamageReplaced")
    assert replaced.data == {"source": jane, "target": wall, "amount": 200, "instead": 400, "effect": f"{sword}:1"}
    assert replaced.rule == "FoW-5.5 9.10 p1"
    dealt = find(events, "DamageDealt")
    assert (dealt.data["amount"], dealt.cause) == (400, f"ev:{replaced.seq}")
    assert story.state.objects[wall].damage == 400
    # the sword's own damage is not damage dealt by the resonator with it
    story.by_rule(actions.deal_damage, sword, wall, 100, "given")
    assert story.state.objects[wall].damage == 500
    story.replays()


def test_a_normal_spell_you_control_deals_that_much_more_damage() -> None:
    # Barrier of Flame (TTW-019): "If a normal spell you control would deal damage, it deals
    # that much +200 instead."  Bolt deals 500; the opponent's Barrier does not cover your spells
    story = Story({"TTW-019": 4, "T-BOLT": 4})
    mine = story.put("p1", "TTW-019", "field")
    story.put("p2", "TTW-019", "field")
    bolt = story.put("p1", "T-BOLT", "hand")
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=bolt, targets=[["p2"]]))
    events = story.resolve()
    assert [e.data["effect"] for e in events if e.type == "DamageReplaced"] == [f"{mine}:0"]
    assert find(events, "DamageDealt").data["amount"] == 700
    assert story.state.players["p2"].life == 4000 - 700
    story.replays()


def test_a_card_that_lost_its_abilities_increases_no_damage() -> None:
    # Barrier of Flame (TTW-019), as above, while an effect "loses all abilities" covers it (9.9 p1.2):
    # Bolt deals its 500 and nothing replaces it
    story = Story({"TTW-019": 4, "T-BOLT": 4})
    mine = story.put("p1", "TTW-019", "field")
    effect = {"id": "x-lost", "kind": "lose_abilities", "source": mine, "controller": "p2", "targets": [mine]}
    story.given("ContinuousEffectCreated", **effect, duration="end_of_turn")
    bolt = story.put("p1", "T-BOLT", "hand")
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=bolt, targets=[["p2"]]))
    events = story.resolve()
    assert not [e for e in events if e.type == "DamageReplaced"]
    assert find(events, "DamageDealt").data["amount"] == 500
    assert story.state.players["p2"].life == 4000 - 500
    story.replays()


# --- "this card enters your magic stone area rested" (9.10) --------------------------------------


def test_a_magic_stone_enters_rested_unless_you_control_a_regalia() -> None:
    # Ruler's Memoria (TTW-102): "If you don't control a regalia, this card enters your magic
    # stone area rested."  Checked as it enters; Excalibur, the God's Sword (VS01-002) is a regalia
    story = Story({"VS01-002": 4}, stones={"T-STONE": 6, "TTW-102": 4})
    for regalia in (False, True):
        if regalia:
            story.put("p1", "VS01-002", "field")
        memoria = story.put("p1", "TTW-102", "hand")
        events = story.by_rule(
            actions.move, memoria, "stone_area", "given", rule="3.7 p1", reason="put", controller="p1"
        )
        moved = find(events, "CardMoved")
        assert story.state.objects[memoria].rested is not regalia
        if regalia:
            assert "EntersRested" not in [e.type for e in events]
        else:
            entered = find(events, "EntersRested")
            assert (entered.data["effect"], entered.rule) == (f"{memoria}:1", "FoW-5.5 9.10 p1")
            assert moved.data["rested"] is True and moved.cause == f"ev:{entered.seq}"
    story.replays()


# --- amounts "equal to" ---------------------------------------------------------------------------


def test_draw_cards_equal_to_the_number_of_different_attributes() -> None:
    # Whirlpool of Knowledge (TAT-053): "Draw cards equal to the number of different attributes
    # among resonators you control. (Cards without attributes don't count.)"  Two fire
    # resonators, a darkness one (VIN001-064) and a void one (VIN001-077): two attributes
    story = Story({"TAT-053": 4, "T-BEAR": 4, "T-WALL": 4, "VIN001-064": 4, "VIN001-077": 4})
    for card in ("T-BEAR", "T-WALL", "VIN001-064", "VIN001-077"):
        story.put("p1", card, "field")
    story.put("p2", "T-BEAR", "field")  # the opponent's do not count
    whirlpool = story.put("p1", "TAT-053", "hand")
    hand = len(story.state.zones["p1"]["hand"])
    story.will("p1", "U", "U", "U")
    story.when(cmd("PlayCard", "p1", card=whirlpool))
    events = story.resolve()
    assert len([e for e in events if e.type == "CardMoved" and e.data["to"] == "hand"]) == 2
    assert len(story.state.zones["p1"]["hand"]) == hand - 1 + 2
    story.replays()


def test_damage_equal_to_the_source_cards_atk() -> None:
    # Leila Peron (VIN002-027): "{R}{R},{Rest}: This card deals damage equal to its ATK to
    # target resonator."  Its ATK on resolution: 400 printed, 600 with two [+100/+100] counters
    story = Story({"VIN002-027": 4, "T-WALL": 4})
    leila = story.put("p1", "VIN002-027", "field")
    wall = story.put("p2", "T-WALL", "field")
    _enter_next_turn(story)
    story.given("CounterPut", oid=leila, counter="+100/+100", count=2)
    story.will("p1", "R", "R")
    story.when(cmd("ActivateAbility", "p1", source=leila, ability=1, targets=[[wall]]))
    dealt = find(story.resolve(), "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (leila, wall, 600)
    story.replays()


def test_life_equal_to_the_def_of_a_card_that_left_the_field() -> None:
    # Jeanne d'Arc (VIN001-008): "When this card is put into a graveyard from your field, you
    # gain life equal to its DEF."  Its DEF as it last was in the field (FoW-5.5 9.11): 200
    # printed + a [+100/+100] counter; in the graveyard the counter is gone (10.21 p3)
    story = Story({"VIN001-008": 4})
    jeanne = story.put("p1", "VIN001-008", "field")
    story.given("CounterPut", oid=jeanne, counter="+100/+100", count=1)
    story.by_rule(actions.destroy, jeanne, "given")
    story.when(cmd("Pass", "p1"))
    events = story.resolve()
    gained = find(events, "LifeChanged")
    assert (gained.data["player"], gained.data["delta"]) == ("p1", 300)
    story.replays()


# --- what you put into a field this turn ------------------------------------------------------


def test_a_judgment_only_after_you_put_a_moon_into_a_field_this_turn() -> None:
    # Little Red Riding Hood (CMF-027): "[J-Activate] Pay {0}: You cannot play this ability if
    # you haven't put any Moon into a field this turn."  Pale Moon (CMF-049) is a Moon; it still
    # counts once it has left the field, but not from an earlier turn (card text beats rules, 1.4 p1)
    story = Story({"CMF-049": 4}, ruler="CMF-027")
    earlier = story.put("p1", "CMF-049", "hand")
    story.by_rule(actions.move, earlier, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    _enter_next_turn(story)
    refusal = story.refused(cmd("PerformJudgment", "p1"))
    assert (refusal.code, refusal.rule) == ("rules/ability_condition", "FoW-5.5 1.4 p1")
    theirs = story.put("p2", "CMF-049", "hand")  # the opponent's Moon is not yours
    story.by_rule(actions.move, theirs, "field", "given", rule="3.1 p5", reason="effect", controller="p2")
    assert story.refused(cmd("PerformJudgment", "p1")).code == "rules/ability_condition"
    moon = story.put("p1", "CMF-049", "hand")
    story.by_rule(actions.move, moon, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    story.by_rule(actions.destroy, moon, "given")
    events = story.when(cmd("PerformJudgment", "p1"))
    assert find(events, "JudgmentPerformed").rule == "FoW-5.5 7.5 p2"
    story.replays()


def test_as_long_as_there_are_cards_in_your_opponents_removed_area() -> None:
    # Schrödinger, the Fallen Black Cat (TTW-100): "As long as there are five or more cards in
    # your opponent's removed area, your J-Ruler gains [+500/+500]. As long as there are ten or
    # more cards in your opponent's removed area, your J-Ruler gains [Swiftness] and [Target
    # Attack]."  Two continuous abilities, one per sentence (FoW-5.5 9.4 p1)
    story = Story({"TTW-100": 4, "T-BEAR": 4, "T-WALL": 4, "T-BOLT": 4})
    ruler = story.state.zones["p1"]["ruler_area"][0]
    story.will("p1", "R", "R")
    story.when(cmd("PerformJudgment", "p1"))
    story.resolve()
    story.put("p1", "TTW-100", "field")
    assert characteristics(story.state, ruler).atk == 1000
    for card in ("T-BEAR", "T-BEAR", "T-WALL", "T-WALL"):
        story.put("p2", card, "removed")
    story.put("p1", "T-BOLT", "removed")  # your own removed area does not count
    assert characteristics(story.state, ruler).atk == 1000
    story.put("p2", "T-BOLT", "removed")
    chars = characteristics(story.state, ruler)
    assert (chars.atk, chars.def_, "swiftness" in chars.skills) == (1500, 1500, False)
    story.replays()


# --- "instead" and "otherwise" on the same targets (9.3 p2.4, p3) ---------------------------------


def test_a_condition_changes_the_damage_dealt_to_the_one_chosen_target() -> None:
    # Dragon King's Flame (TAT-023): "This card deals 600 damage to target player or resonator.
    # If your J/ruler is "Falltgold, the Dragoon" or "Bahamut, the Dragon King", it deals 800
    # damage instead."  One target is chosen on play (9.3 p2.4); the condition picks the amount
    for ruler, amount in (("T-RULER", 600), ("TAT-026", 800)):
        story = Story({"TAT-023": 4, "T-WALL": 4}, ruler=ruler)
        flame = story.put("p1", "TAT-023", "hand")
        wall = story.put("p2", "T-WALL", "field")
        story.will("p1", "R", "R", "R")
        assert story.refused(cmd("PlayCard", "p1", card=flame, targets=[[wall], [wall]])).rule == "FoW-5.5 9.3 p2.4"
        story.when(cmd("PlayCard", "p1", card=flame, targets=[[wall]]))
        events = story.resolve()
        assert find(events, "ConditionChecked").data["met"] is (amount == 800)
        dealt = find(events, "DamageDealt")
        assert (dealt.data["target"], dealt.data["amount"]) == (wall, amount)
        story.replays()


def test_if_its_darkness_otherwise_the_same_target_gets_the_other_effect() -> None:
    # Black Miasma (MPR-076): "Target resonator gains [+300/+300] until end of turn if it's
    # darkness. Otherwise, it gains [-300/-300] until end of turn."  Edward, the Black Prince
    # (VIN001-064) is darkness, the bear is fire
    story = Story({"MPR-076": 4, "VIN001-064": 4, "T-BEAR": 4})
    edward = story.put("p2", "VIN001-064", "field")
    bear = story.put("p2", "T-BEAR", "field")
    for target, darkness, atk in ((edward, True, 1000), (bear, False, 200)):
        miasma = story.put("p1", "MPR-076", "hand")
        story.will("p1", "B")
        story.when(cmd("PlayCard", "p1", card=miasma, targets=[[target]]))
        events = story.resolve()
        assert find(events, "ConditionChecked").data["met"] is darkness
        assert find(events, "ContinuousEffectCreated").data["targets"] == [target]
        assert characteristics(story.state, target).atk == atk
    story.replays()


def test_instead_on_effects_without_targets() -> None:
    # Beat of the Phoenix Wings (TTW-020): "This card deals 500 damage to each resonator without
    # [Flying]. If your J/ruler is "Sylvia Gill Palarilias", it deals 500 damage to each
    # resonator instead."  Sylvia Gill Palarilias is TTW-032
    for ruler, bird_hit in (("T-RULER", False), ("TTW-032", True)):
        story = Story({"TTW-020": 4, "T-BEAR": 4, "T-BIRD": 4}, ruler=ruler)
        beat = story.put("p1", "TTW-020", "hand")
        bear = story.put("p2", "T-BEAR", "field")
        bird = story.put("p2", "T-BIRD", "field")
        story.will("p1", "R", "R")
        story.when(cmd("PlayCard", "p1", card=beat))
        events = story.resolve()
        hit = {e.data["target"] for e in events if e.type == "DamageDealt"}
        assert hit == ({bear, bird} if bird_hit else {bear})
        story.replays()


def test_it_deals_that_much_damage_as_it_was_dealt() -> None:
    # True Successor of Certo, Volga (BFA-028): "Whenever this card is dealt damage, it deals
    # that much damage to your opponent."  The amount is recorded as it triggers (FoW-5.5 9.6 p5)
    story = Story({"BFA-028": 4, "T-BEAR": 4})
    volga = story.put("p1", "BFA-028", "field")
    bear = story.put("p2", "T-BEAR", "field")
    story.by_rule(actions.deal_damage, bear, volga, 300, "given")
    story.when(cmd("Pass", "p1"))
    events = story.resolve()
    dealt = find(events, "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (volga, "p2", 300)
    assert story.state.players["p2"].life == 4000 - 300
    story.replays()


def test_a_judgment_reduction_in_a_paragraph_of_its_own() -> None:
    # The Observer (TMS-031): "[Judgment] {R}{R}{12}" then "You may pay {1} less to play this
    # ability for each card in your removed area."  Five removed cards: {R}{R}{7} (9.3 p2.5)
    story = Story({"T-BEAR": 4, "T-WALL": 4, "T-BOLT": 4}, ruler="TMS-031")
    for card in ("T-BEAR", "T-BEAR", "T-WALL", "T-BOLT", "T-BOLT"):
        story.put("p1", card, "removed")
    story.put("p2", "T-BEAR", "removed")  # the opponent's removed area does not count
    story.will("p1", *["R"] * 9)
    assert story.refused(cmd("PerformJudgment", "p1")).code == "rules/cannot_pay"  # the full {R}{R}{12}
    events = story.when(cmd("PerformJudgment", "p1", reduce=True))
    assert find(events, "JudgmentPerformed").data["reduced_cost"] == {"attribute": {"R": 2}, "free": 7}
    assert story.state.players["p1"].will == []
    story.replays()


def test_a_replacement_that_applies_only_during_your_turn() -> None:
    # Lars, Inheritor of the Sacred Spirit (BFA-077): "Prevent all damage that would be dealt
    # to this card during your turn."  (FoW-5.5 10.17 p1.2); in the opponent's turn it is dealt
    story = Story({"BFA-077": 4, "T-BEAR": 4})
    lars = story.put("p1", "BFA-077", "field")
    bear = story.put("p2", "T-BEAR", "field")
    assert story.state.turn_player == "p1"
    events = story.by_rule(actions.deal_damage, bear, lars, 300, "given")
    prevented = find(events, "DamagePrevented")
    assert (prevented.data["amount"], prevented.rule) == (300, "FoW-5.5 10.17 p1.2")
    assert story.state.objects[lars].damage == 0
    story.given("TurnBegan", player="p2", turn=story.state.turn + 1)
    events = story.by_rule(actions.deal_damage, bear, lars, 300, "given")
    assert "DamagePrevented" not in [e.type for e in events] and story.state.objects[lars].damage == 300
    story.replays()
