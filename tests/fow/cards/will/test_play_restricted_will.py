"""Will that may be spent only on some things, on real Grimm/Alice cards (helper bucket ``v_will``),
executed by the engine in the form the importer gives them (given events / when command / then cited
events or a cited rejection; each story replays its whole log):

* "Spend that will only to play Fairy resonators" / "Spend this will only to play Dragons": the will
  produced is kept apart in the player's will (9.7 p4) and pays only for playing a card it names (the
  text beats 10.2 p2, 1.4 p1); ``WillPaid`` records it under ``restricted``; it ceases as any will;
* "Produce two wills in any combination of attributes": the controller names both (9.7 p1).
"""

from __future__ import annotations

from domain.fow import engine
from domain.fow.cards import Cost
from tests.fow.cards.story import HERALD, SEER, Story, database_cards, legal
from tests.fow.support import catalog, cmd, deck, find, start_game

FAIRY_ONLY = [{"on": "play", "filter": {"zone": "chase", "types": ["resonator"], "races": ["Fairy"]}}]


def test_excalibur_spirit_gods_sword_will_pays_for_a_fairy_resonator_only() -> None:
    # Excalibur, the Spirit God's Sword (TTW-098): "{Rest}: Produce {W}, {R}, {U}, {G}, or {B}. Spend
    # that will only to play Fairy resonators."  Flame Sprite (TTW-024, {R}) is a Fairy; Bear ({R}) is not.
    story = Story({"TTW-098": 4, "TTW-024": 4, "T-BEAR": 4})
    sword = story.put("p1", "TTW-098", "field")
    bear = story.put("p1", "T-BEAR", "hand")
    sprite = story.put("p1", "TTW-024", "hand")
    assert not story.state.zones["p1"]["stone_area"]
    story.given("CardRested", oid=story.state.zones["p1"]["ruler_area"][0], reason="given")  # its will too
    # legal_actions: the sword pays for the Fairy, never for the Bear
    plays = [p for p in legal(story, "p1", "PlayCard") if p["card"] in (bear, sprite)]
    assert [p["card"] for p in plays] == [sprite]
    assert plays[0]["pay_with"] == [{"source": sword, "ability": 2, "choice": "R"}]
    refused = story.refused(cmd("PlayCard", "p1", card=bear, pay_with=[{"source": sword, "ability": 2, "choice": "R"}]))
    assert (refused.code, refused.rule) == ("rules/cannot_pay", "FoW-5.5 10.2 p4")
    events = story.when(cmd("PlayCard", "p1", card=sprite, pay_with=[{"source": sword, "ability": 2, "choice": "R"}]))
    produced = find(events, "WillProduced")
    assert (produced.data["will"], produced.data["spend_only"], produced.rule) == (["R"], FAIRY_ONLY, "FoW-5.5 9.7 p4")
    paid = find(events, "WillPaid")
    assert (paid.data["will"], paid.rule) == ([], "FoW-5.5 10.2 p1")
    assert paid.data["restricted"] == [{"will": "R", "spend_only": FAIRY_ONLY}]
    assert story.state.players["p1"].restricted_will == []
    story.resolve()
    assert story.state.objects[sprite].zone == "field"
    story.replays()


def test_restricted_will_produced_beforehand_stays_apart_and_ceases_at_end_of_turn() -> None:
    # The sword's will produced on its own (9.7 p2) waits in p1's will: the Bear cannot use it, even with
    # other will for the rest; it ceases at the end of the turn like any will (5.4 p5.3, 9.7 p4)
    story = Story({"TTW-098": 4, "TTW-024": 4, "T-BEAR": 4})
    sword = story.put("p1", "TTW-098", "field")
    bear = story.put("p1", "T-BEAR", "hand")
    story.put("p1", "TTW-024", "hand")
    events = story.when(cmd("ActivateAbility", "p1", source=sword, ability=2, choice="W"))
    assert find(events, "WillProduced").data["spend_only"] == FAIRY_ONLY
    assert story.state.players["p1"].will == []
    assert story.state.players["p1"].restricted_will == [{"will": "W", "spend_only": FAIRY_ONLY}]
    story.given("CardRested", oid=story.state.zones["p1"]["ruler_area"][0], reason="given")  # its will too
    assert engine.plan_payment(story.state, "p1", Cost(free=1)) is None  # nothing else to pay with
    refused = story.refused(cmd("PlayCard", "p1", card=bear, pay_with=[]))
    assert (refused.code, refused.rule) == ("rules/cannot_pay", "FoW-5.5 10.2 p4")
    assert [p for p in legal(story, "p1", "PlayCard") if p["card"] == bear] == []
    story.will("p1", "R")
    assert [p["card"] for p in legal(story, "p1", "PlayCard") if p["card"] == bear] == [bear]
    story.when(cmd("PlayCard", "p1", card=bear, pay_with=[]))
    paid = [e for e in story.log if e.type == "WillPaid"][-1]
    assert (paid.data["will"], paid.data.get("restricted", [])) == (["R"], [])
    story.resolve()
    while story.state.turn == 1 or story.state.turn_player == "p1":
        story.when(cmd("Pass", story.pending.player))
        if story.state.players["p1"].restricted_will == []:
            break
    ceased = next(e for e in story.log if e.type == "WillCeased" and e.data["player"] == "p1")
    assert ceased.data["restricted"] == [{"will": "W", "spend_only": FAIRY_ONLY}]
    assert ceased.rule == "FoW-5.5 5.4 p5.3"
    story.replays()


def test_spawn_of_blazer_produces_two_wills_of_any_combination_for_dragons_only() -> None:
    # Spawn of Blazer (MPR-033): "[Activate] Banish this card: Produce two wills in any combination of
    # attributes. Spend this will only to play Dragons."  Whelp Drake (VS01-032, {R}{1}) is a Dragon.
    story = Story({"MPR-033": 4, "VS01-032": 4, "T-BEAR": 4})
    spawn = story.put("p1", "MPR-033", "field")
    bear = story.put("p1", "T-BEAR", "hand")
    drake = story.put("p1", "VS01-032", "hand")
    story.given("CardRested", oid=story.state.zones["p1"]["ruler_area"][0], reason="given")  # its will too
    refused = story.refused(cmd("ActivateAbility", "p1", source=spawn, ability=0, choice="R"))
    assert (refused.code, refused.rule) == ("rules/will_choice", "FoW-5.5 9.7 p1")
    events = story.when(cmd("ActivateAbility", "p1", source=spawn, ability=0, choice="UR"))
    assert find(events, "CardMoved").data["to"] == "graveyard"  # banished as its cost (10.10 p1)
    produced = find(events, "WillProduced")
    dragons = [{"on": "play", "filter": {"zone": "chase", "types": [], "races": ["Dragon"]}}]
    assert (produced.data["will"], produced.data["spend_only"]) == (["R", "U"], dragons)
    refused = story.refused(cmd("PlayCard", "p1", card=bear, pay_with=[]))
    assert (refused.code, refused.rule) == ("rules/cannot_pay", "FoW-5.5 10.2 p4")
    assert [p["card"] for p in legal(story, "p1", "PlayCard") if p["card"] in (bear, drake)] == [drake]
    events = story.when(cmd("PlayCard", "p1", card=drake, pay_with=[]))
    paid = find(events, "WillPaid")
    assert paid.data["restricted"] == [{"will": "R", "spend_only": dragons}, {"will": "U", "spend_only": dragons}]
    assert story.state.players["p1"].restricted_will == []
    story.replays()


# --- "At the beginning of the game" (5.1 p1) ----------------------------------------------------------


class OpeningStory(Story):
    """A game that stops as soon as a decision other than passing priority is asked for (the first
    turn's draw phase, where "at the beginning of the game" abilities trigger, 5.1 p1)."""

    def __init__(self, stones: dict[str, int], ruler: str) -> None:
        cards = catalog({**database_cards(), "T-HERALD": HERALD, "T-SEER": SEER})
        d = {**deck({"T-BEAR": 4}, stones), "ruler": ruler}
        self.state, started = start_game(cards=cards, decks=(d, d))
        self.log = list(started)
        self.steps = []
        self.when(cmd("ChangeHand", "p1", cards=[]))
        self.when(cmd("ChangeHand", "p2", cards=[]))


def test_liberator_of_wind_searches_the_magic_stone_deck_at_the_beginning_of_the_game() -> None:
    # Liberator of Wind (MPR-064, a ruler): "At the beginning of the game, search your magic stone deck for a
    # card.Then, shuffle the rest of your magic stone deck and put that card on top of it."  It triggers for
    # each player as the first turn's draw phase begins (5.1 p1), is played and resolves (9.6); the search,
    # the shuffle and the card put on top are recorded (10.13 p2, 10.20 p2.1).
    story = OpeningStory({"T-STONE": 6, "T-DUAL": 4}, "MPR-064")
    began = next(e for e in story.log if e.type == "StepBegan" and e.data.get("phase") == "draw")
    assert story.state.turn == 1 and began.rule == "FoW-5.5 5.1 p1"
    triggered = [e for e in story.log if e.type == "AbilityTriggered"]
    assert [(e.data["controller"], e.data["source"], e.rule) for e in triggered] == [
        ("p1", "p1-001", "FoW-5.5 9.6 p5"),
        ("p2", "p2-001", "FoW-5.5 9.6 p5"),
    ]
    assert [c.controller for c in story.state.chase] == ["p1", "p2"]  # no target: played at once (9.6 p6)
    searched: dict[str, str] = {}
    while story.state.pending is not None and story.state.turn == 1 and story.state.phase == "draw":
        pending = story.pending
        if pending.kind == "search":
            dual = next(
                o for o in story.state.zones[pending.player]["stone_deck"] if story.state.objects[o].card == "T-DUAL"
            )
            searched[pending.player] = dual
            story.when(cmd("ChooseCards", pending.player, cards=[dual]))
        else:
            story.when(cmd("Pass", pending.player))
    assert set(searched) == {"p1", "p2"}
    for player, dual in searched.items():
        shuffled = next(e for e in story.log if e.type == "DeckShuffled" and e.data.get("on_top") == [dual])
        assert (shuffled.data["zone"], shuffled.rule) == ("stone_deck", "FoW-5.5 10.20 p2.1")
        assert story.state.zones[player]["stone_deck"][-1] == dual
    story.replays()


# --- "Magic stones you control gain "{Rest}: Produce ..."", "Recover up to two ..." --------------------


def rewriting_laws_with_three_rested_stones() -> tuple[Story, list[str], int]:
    """Given three rested magic stones of p1's, when p1 plays Rewriting Laws (TTW-064): the story, the
    stones and p1's hand size once it is played (before it resolves)."""
    story = Story({"TTW-064": 4})
    stones = [story.put("p1", "T-STONE", "stone_area") for _ in range(3)]
    for oid in stones:
        story.given("CardRested", oid=oid, reason="given")
    laws = story.put("p1", "TTW-064", "hand")
    story.will("p1", "G", "R")
    story.when(cmd("PlayCard", "p1", card=laws, targets=[]))
    return story, stones, len(story.state.zones["p1"]["hand"])


def test_rewriting_laws_stones_gain_a_will_ability_and_up_to_two_are_recovered() -> None:
    # Rewriting Laws (TTW-064, {G}{1}): 'Magic stones you control gain "{Rest}: Produce {W}, {R}, {U}, {G},
    # or {B}" until end of turn. Recover up to two magic stones you control. Draw a card.'  The stones gain
    # the will ability (10.19 p1, 9.9 p4); which stones are recovered is chosen as it resolves (9.3 p3.2).
    story, stones, hand = rewriting_laws_with_three_rested_stones()
    asked = find(story.resolve(), "ChoiceRequested")
    assert (asked.data["kind"], asked.data["options"]["max"], asked.rule) == ("recover", 2, "FoW-5.5 9.3 p3.2")
    assert asked.data["options"]["cards"] == stones
    assert {"cards": []} in legal(story, "p1", "ChooseCards")  # "up to": none is allowed too
    assert {"cards": stones[:1]} in legal(story, "p1", "ChooseCards")  # or one
    refused = story.refused(cmd("ChooseCards", "p1", cards=stones))
    assert (refused.code, refused.rule) == ("rules/recover_choice", "FoW-5.5 9.3 p3.2")
    events = story.when(cmd("ChooseCards", "p1", cards=stones[:2]))
    recovered = [e for e in events if e.type == "CardRecovered"]
    assert [(e.data["oid"], e.rule) for e in recovered] == [
        (stones[0], "FoW-5.5 10.12 p1"),
        (stones[1], "FoW-5.5 10.12 p1"),
    ]
    assert story.state.objects[stones[2]].rested
    assert len(story.state.zones["p1"]["hand"]) == hand + 1  # "Draw a card."
    made = next(e for e in story.log if e.type == "ContinuousEffectCreated")
    assert (made.data["kind"], made.rule) == ("grant_abilities", "FoW-5.5 10.19 p1")
    # a Fire Magic Stone now produces darkness will too, until end of turn
    plan = engine.plan_payment(story.state, "p1", Cost(attribute={"B": 1}))
    assert plan is not None and len(plan) == 1 and plan[0]["source"] in stones[:2] and plan[0]["choice"] == "B"
    story.when(cmd("ActivateAbility", "p1", source=plan[0]["source"], ability=plan[0]["ability"], choice="U"))
    assert story.state.players["p1"].will == ["U"]
    story.replays()


# --- "Spend this will only to pay [Awakening] costs or to play [Judgment] ... of J/rulers with "Kaguya"" ---


def test_apollo_moon_will_pays_the_judgment_of_a_kaguya_ruler_only() -> None:
    # Interdimensional Vessel, Apollo (TMS-094): "{Rest}: Produce {M}. Spend this will only to pay [Awakening]
    # costs or to play [Judgment] or God's Art abilities of J/rulers with "Kaguya" in their name."  Friend from
    # Another World, Kaguya (TMS-003, [Judgment] {W}{M}{1}) may use it (7.5 p2); a card played may not.
    story = Story({"TMS-094": 4, "T-BEAR": 4}, ruler="TMS-003")
    apollo = story.put("p1", "TMS-094", "field")
    ruler = story.state.zones["p1"]["ruler_area"][0]
    judgment = ("judgment", ruler)
    assert engine.plan_payment(story.state, "p1", Cost(attribute={"M": 1})) is None  # no use named: not usable
    plan = engine.plan_payment(story.state, "p1", Cost(attribute={"M": 1}), use=judgment)
    assert plan == [{"source": apollo, "ability": 1}]
    events = story.when(cmd("ActivateAbility", "p1", source=apollo, ability=1))
    uses = find(events, "WillProduced").data["spend_only"]
    assert [u["on"] for u in uses] == ["awakening", "judgment", "gods_art"]
    bear = story.put("p1", "T-BEAR", "hand")
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=bear, pay_with=[]))  # {R}: the moon will is not touched
    assert [w["will"] for w in story.state.players["p1"].restricted_will] == ["M"]
    story.resolve()
    refused = story.refused(cmd("PerformJudgment", "p1", pay_with=[]))
    assert (refused.code, refused.rule) == ("rules/cannot_pay", "FoW-5.5 10.2 p4")
    story.will("p1", "W", "G")
    assert any(c == {"pay_with": []} for c in legal(story, "p1", "PerformJudgment"))
    events = story.when(cmd("PerformJudgment", "p1", pay_with=[]))
    paid = find(events, "WillPaid")
    assert (sorted(paid.data["will"]), paid.rule) == (["G", "W"], "FoW-5.5 10.2 p1")
    assert [w["will"] for w in paid.data["restricted"]] == ["M"]
    assert story.state.players["p1"].restricted_will == []
    story.replays()


def test_legal_actions_plan_will_that_may_pay_only_for_awakening_costs() -> None:
    """FoW-5.5 12.1 p1, 1.4 p1: Apollo's moon will (TMS-094: "Spend this will only to pay [Awakening]
    costs or ...") may pay the [Awakening] {M} of Wolf in the Moonlight (TMS-066, {G}{1}), an additional
    cost, but not its cost.  legal_actions lists the awakened play paid by the pool and Apollo, and the
    command accepts it: the card's cost from the pool, the [Awakening] cost with the moon will."""
    story = Story({"TMS-094": 4, "TMS-066": 4})
    apollo = story.put("p1", "TMS-094", "field")
    wolf = story.put("p1", "TMS-066", "hand")
    story.given("CardRested", oid=story.state.zones["p1"]["ruler_area"][0], reason="given")
    story.will("p1", "G", "R")
    plays = [p for p in legal(story, "p1", "PlayCard") if p["card"] == wolf]
    awakened = [p for p in plays if p.get("awaken")]
    assert awakened == [{"card": wolf, "targets": [], "pay_with": [{"source": apollo, "ability": 1}], "awaken": True}]
    events = story.when(cmd("PlayCard", "p1", **awakened[0]))
    card_paid, awakening_paid = [e for e in events if e.type == "WillPaid"]
    assert sorted(card_paid.data["will"]) == ["G", "R"] and "restricted" not in card_paid.data
    assert awakening_paid.data["for"] == "[Awakening] of Wolf in the Moonlight"
    assert [w["will"] for w in awakening_paid.data["restricted"]] == ["M"]
    assert find(events, "CardPlayed").data["awakened"] is True
    story.replays()
