"""Conditions, "you may", modes and "for each" amounts executed by the engine, with real
Grimm/Alice cards as the importer makes them (``domain/fow/conditions.py``).

Each test: given a position reached by recorded events, when a command, then events (with
their citations) or a cited rejection; every story ends by replaying its whole event log
into a fresh state, which must equal the live one (evolve never re-checks rules)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from domain.fow import actions, engine, position
from domain.fow.characteristics import characteristics
from domain.fow.context import Ctx
from domain.fow.state import GameState, apply_event
from domain.kernel import Command, Event, Rejection
from tests.fow_support import catalog, cmd, deck, find, rejected, run, start_game
from tests.test_fow_real_decks import HERALD, SEER, database_cards


class Story:
    """A game between two copies of a deck of real cards, with its whole event log."""

    def __init__(
        self, main: Mapping[str, int], stones: Mapping[str, int] | None = None, ruler: str = "T-RULER"
    ) -> None:
        cards = catalog({**database_cards(), "T-HERALD": HERALD, "T-SEER": SEER})
        d = {**deck(dict(main), dict(stones or {"T-STONE": 10})), "ruler": ruler}
        self.state, started = start_game(cards=cards, decks=(d, d))
        self.log: list[Event] = list(started)
        self.when(cmd("ChangeHand", "p1", cards=[]))
        self.when(cmd("ChangeHand", "p2", cards=[]))
        while not (self.state.phase == "main" and self.state.step == "main"):
            self.when(cmd("Pass", self.pending.player))

    @property
    def pending(self) -> Any:
        assert self.state.pending is not None
        return self.state.pending

    def given(self, type_: str, **data: Any) -> None:
        event = Event(self.state.seq + 1, type_, data, "FoW-5.5 given", "given")
        apply_event(self.state, event)
        self.log.append(event)

    def put(self, player: str, card_id: str, to: str) -> str:
        """Given: a copy of ``card_id`` from ``player``'s decks (else hand) is moved to ``to``."""
        obj = min(
            (o for o in self.state.objects.values() if o.owner == player and o.card == card_id and o.zone != to),
            key=lambda o: (
                ("main_deck", "stone_deck", "hand").index(o.zone)
                if o.zone in ("main_deck", "stone_deck", "hand")
                else 9
            ),
        )
        assert obj.zone in ("main_deck", "stone_deck", "hand"), f"no {card_id} of {player} left in a deck or hand"
        data = {"oid": obj.oid, "card": obj.card, "owner": player, "controller": player, "to": to, "reason": "given"}
        self.given("CardMoved", **data, **{"from": obj.zone})
        return obj.oid

    def will(self, player: str, *will: str) -> None:
        self.given("WillProduced", player=player, will=list(will), source="given")

    def by_rule(self, fn: Any, *args: Any, **kwargs: Any) -> list[Event]:
        """Given: a rule action of ``domain.fow.actions`` (a move, a destruction, a trigger check)."""
        ctx = Ctx(self.state, "given")
        fn(ctx, *args, **kwargs)
        self.log += ctx.events
        return ctx.events

    def when(self, command: Command) -> list[Event]:
        events = run(self.state, command)
        self.log += events
        return events

    def refused(self, command: Command) -> Rejection:
        return rejected(self.state, command)

    def resolve(self) -> list[Event]:
        """Both players pass: the last item of the chase area resolves (FoW-5.5 6.4 p1.2)."""
        events = self.when(cmd("Pass", self.pending.player))
        return events + self.when(cmd("Pass", self.pending.player))

    def replays(self) -> None:
        replayed = GameState()
        for event in self.log:
            apply_event(replayed, event)
        assert engine.state_to_dict(replayed) == engine.state_to_dict(self.state)


def legal(story: Story, player: str, type_: str) -> list[dict[str, Any]]:
    return [dict(c.args) for c in engine.legal_actions(story.state, player) if c.type == type_]


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
