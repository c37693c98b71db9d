"""Real Grimm/Alice cards of the t8-opt round (optional effects, modes and choices), executed by the
engine in the form the importer gives them (given events / when command / then events; each story
replays its whole log):

* "As long as your J-Ruler is "Dark Alice, Maiden of Slaughter", you may pay {B}{B} less to play its
  God's Art abilities this turn": a continuous effect until end of turn whose condition is checked as
  each God's Art is played, not as it is made (9.9 p4 and its example; 9.3 p2.5);
* "You may add an [Addition:J/Resonator] from your hand to this card": only an addition that can
  legally be added to this card goes, into the field added to it (10.1 p1, p2), not played (9.6 p1.1);
* "Resonators your opponent controls gain [-200/-200] and lose [Flying] until end of turn": a
  continuous effect removing a symbol skill, applied with those adding abilities in timestamp order
  (9.9 p1, p3) and to what matches later (9.9 p4);
* "Choose a number. Destroy all resonators with total cost equal to the chosen number.": an integer of
  0 or higher chosen on resolution (1.4 p5);
* "If your J/ruler is "A", "B" or "C", you may put it into your field instead": a condition naming
  a list of rulers (ruler in the ruler area or J-ruler, 2.1 p2), the choice made once the card is
  found (9.3 p3.2, 10.13 p2);
* "If your Ruler is "Puss in Boots" ..., you may put that card on to this card instead": the addition
  found goes into the field added to this card (10.1 p1), chosen once it is found (9.3 p3.2);
* "target resonator with no evolution counters on it" (a filter on counters, 10.21) and the misprint
  "taret";
* "If you do, you may put a resonator with the same total cost from your hand into your field": the
  total cost (2.3 p5) of the card's target, wherever it went (9.11);
* "Then, you may put any number of cards from your removed area into your graveyard": chosen on
  resolution in a public zone (3.12, 10.13 p1), into their owner's graveyard (3.1 p5);
* "search your main deck for a Twelve Apostle and/or card named "X", reveal them": up to one card of
  each (10.13 p2);
* "Choose an attribute. This card becomes the chosen attribute until end of turn": one of the five
  attributes chosen on resolution (2.8 p2), a continuous effect changing non-value information
  (9.9 p1) that filters read;
* "If it's "Faria ...", it gains [Imperishable] until end of turn and you may pay {2} less to play its
  God's Art abilities this turn": the gain checked on resolution (9.3 p3), the cost condition as the
  God's Art is played (9.9 p4);
* "You may look at target player's hand and choose a card. He or she discards that card.": the
  "you may" holds both sentences, decided on resolution (FoW-5.5 9.3 p3.2), the target player
  chosen as the ability is played (9.3 p2.4).
"""

from __future__ import annotations

from collections.abc import Mapping

from domain.fow import actions, engine
from domain.fow.characteristics import attributes_of, characteristics
from domain.fow.state import GameState
from tests.fow.cards.story import Story, legal
from tests.fow.support import CARDS, cmd, find
from tests.fow.test_ch8_battle import to_main


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
        "p1",  # the card p1 chose: the discard carries out p1's choice (issue 20 item 3)
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
    story.attack(attacker)


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
    snow, _bear = _snow_white_attacks(story)
    story.resolve()
    events = story.when(cmd("ChooseOptional", "p1", accept=False))
    assert not any(e.type == "DamageDealt" for e in events)
    assert story.state.objects[snow].counters == {"passion": 1}
    story.replays()


# --- "you may pay {B}{B} less to play its God's Art abilities this turn" (9.3 p2.5, 9.9 p4) ----------


class _TwilightStory(Story):
    """A Story whose rulers turn into Dark Alice, Maiden of Slaughter (TTW-076J, her real card and
    God's Art) by judgment: a test ruler with the [Judgment] {R}{1} of the test ruler, as the
    [Judgment] of her real front side (TTW-076) has a condition the vocabulary does not express."""

    def __init__(self, main: Mapping[str, int]) -> None:
        twilight = {**CARDS["T-RULER"], "id": "T-TWILIGHT", "name": "Girl in Twilight Garb"}
        twilight["judgment"] = {**CARDS["T-RULER"]["judgment"], "j_ruler": "TTW-076J"}
        super().__init__(main, ruler="T-TWILIGHT", cards={"T-TWILIGHT": twilight})


def _judgment(story: Story) -> str:
    [ruler] = story.state.zones["p1"]["ruler_area"]
    story.will("p1", "R", "R")
    story.when(cmd("PerformJudgment", "p1"))
    story.resolve()
    assert story.state.objects[ruler].zone == "field" and story.state.card_of(ruler).id == "TTW-076J"
    return ruler


def _walpurgis(state: GameState, oid: str) -> int:
    return next(i for i, a in characteristics(state, oid).abilities if a.gods_art)


def _recollection(story: Story) -> None:
    # Recollection of Dystopia (TTW-086): "Your opponent banishes a resonator. As long as your
    # J-Ruler is "Dark Alice, Maiden of Slaughter", you may pay {B}{B} less to play its God's Art
    # abilities this turn."
    chant = story.put("p1", "TTW-086", "hand")
    story.will("p1", "B", "B")
    story.when(cmd("PlayCard", "p1", card=chant, pay_with=[]))
    events = story.resolve()
    made = find(events, "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["less"], made.data["duration"], made.rule) == (
        "pay_less",
        {"attribute": {"B": 2}, "free": 0},
        "end_of_turn",
        "FoW-5.5 9.3 p2.5",
    )
    assert made.data["condition"] == {"kind": "ruler_is", "j_rulers": ["Dark Alice, Maiden of Slaughter"]}
    while story.pending.kind != "priority":  # the opponent banishes their resonator (10.10 p1)
        story.when(cmd("ChooseCards", "p2", cards=story.pending.options["cards"][:1]))


def test_recollection_of_dystopia_lets_dark_alice_play_her_gods_art_for_bb_less() -> None:
    # Played before judgment, while p1 has no J-ruler: the condition is part of the effect, checked
    # as the God's Art is played - after judgment made Dark Alice p1's J-ruler (9.9 p4, its example)
    story = _TwilightStory({"TTW-086": 4, "T-BEAR": 4})
    story.put("p2", "T-BEAR", "field")
    _recollection(story)
    alice = _judgment(story)
    art = _walpurgis(story.state, alice)
    assert story.state.players["p1"].will == []
    # without the reduction {B}{B} is to be paid, and there is no will
    no = story.refused(cmd("ActivateAbility", "p1", source=alice, ability=art, targets=[], pay_with=[]))
    assert no.code == "rules/cannot_pay"
    assert {"source": alice, "ability": art, "targets": [], "pay_with": [], "reduce": True} in legal(
        story, "p1", "ActivateAbility"
    )
    events = story.when(cmd("ActivateAbility", "p1", source=alice, ability=art, targets=[], pay_with=[], reduce=True))
    played = find(events, "AbilityPlayed")
    assert (played.data["gods_art"], played.rule) == ("Walpurgis Night", "FoW-5.5 12.4 p2")
    changed = find(events, "CostChanged")
    assert (changed.data["of"], changed.data["printed"], changed.data["cost"], changed.rule) == (
        "gods_art",
        {"attribute": {"B": 2}, "free": 0},
        {"attribute": {}, "free": 0},
        "FoW-5.5 9.3 p2.5",
    )
    story.replays()


def test_no_reduction_without_the_effect_or_for_another_players_j_ruler() -> None:
    # Without Recollection of Dystopia there is nothing to pay less with (9.3 p2.5); and the
    # opponent's Recollection lowers only its controller's costs
    story = _TwilightStory({"TTW-086": 4, "T-BEAR": 4})
    alice = _judgment(story)
    art = _walpurgis(story.state, alice)
    story.will("p1", "B", "B")
    no = story.refused(cmd("ActivateAbility", "p1", source=alice, ability=art, targets=[], pay_with=[], reduce=True))
    assert (no.code, no.rule) == ("rules/no_cost_reduction", "FoW-5.5 9.3 p2.5")
    assert not [a for a in legal(story, "p1", "ActivateAbility") if a.get("reduce")]
    story.replays()


def test_the_condition_not_holding_as_the_gods_art_is_played_gives_no_reduction() -> None:
    # Shion's Hymn (TMS-045) "As long as your J-Ruler is "Coup d'Etat Mastermind, Shion", ...":
    # with Dark Alice as J-ruler the effect is made but does not apply (9.9 p4)
    story = _TwilightStory({"TMS-045": 4, "T-BEAR": 4})
    bear = story.put("p2", "T-BEAR", "field")
    hymn = story.put("p1", "TMS-045", "hand")  # a chant: played while the chase area is empty (7.3 p1)
    story.will("p1", "U", "U", "U")
    story.when(cmd("PlayCard", "p1", card=hymn, targets=[[bear]], pay_with=[]))
    events = story.resolve()
    while story.pending.kind != "priority":
        events += story.when(cmd("Pass", story.pending.player))
    made = find(events, "ContinuousEffectCreated")
    assert made.data["condition"] == {"kind": "ruler_is", "j_rulers": ["Coup d'Etat Mastermind, Shion"]}
    alice = _judgment(story)  # then the J-ruler is Dark Alice, not Shion
    art = _walpurgis(story.state, alice)
    no = story.refused(cmd("ActivateAbility", "p1", source=alice, ability=art, targets=[], pay_with=[], reduce=True))
    assert (no.code, no.rule) == ("rules/no_cost_reduction", "FoW-5.5 9.3 p2.5")
    story.replays()


# --- "you may add an [Addition:J/Resonator] from your hand to this card" (10.1) -----------------------


def test_alicia_melchiott_adds_an_addition_j_resonator_from_hand_to_herself() -> None:
    # Alicia Melchiott [Water/J-Ruler] (VIN002-031J): "When this card enters your field => Return
    # target resonator to its owner's hand." / "When this card enters your field => You may add an
    # [Addition:J/Resonator] from your hand to this card."  Riela's Lance (VIN002-030) can be added
    # to a J-ruler; Glyph of Unkill (MPR-029, [Addition:Resonator]) cannot (10.1 p2)
    story = Story({"VIN002-030": 4, "MPR-029": 4, "T-BEAR": 4}, ruler="VIN002-031")
    lance, glyph = story.put("p1", "VIN002-030", "hand"), story.put("p1", "MPR-029", "hand")
    bear = story.put("p2", "T-BEAR", "field")
    [alicia] = story.state.zones["p1"]["ruler_area"]
    story.will("p1", *["U"] * 7)
    story.when(cmd("PerformJudgment", "p1"))
    story.resolve()
    assert story.state.card_of(alicia).id == "VIN002-031J"
    back = next(t for t in story.state.triggered if t.ability == 0)
    story.when(cmd("PlayTriggered", "p1", trigger=back.id, targets=[[bear]]))  # the other: no choice
    asked = find(story.resolve(), "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p1", "put_from_hand", "FoW-5.5 10.1 p2")
    assert lance in asked.data["options"]["cards"] and glyph not in asked.data["options"]["cards"]
    no = story.refused(cmd("ChooseCards", "p1", cards=[glyph]))
    assert no.rule == "FoW-5.5 10.13 p2"
    events = story.when(cmd("ChooseCards", "p1", cards=[lance]))
    added = find(events, "CardMoved")
    assert (added.data["oid"], added.data["to"], added.data["attached_to"], added.rule) == (
        lance,
        "field",
        alicia,
        "FoW-5.5 10.1 p1",
    )
    assert story.state.objects[lance].attached_to == alicia
    assert not any(e.type == "CardPlayed" for e in events)  # put, not played
    story.replays()


def test_alicia_may_add_nothing() -> None:
    story = Story({"VIN002-030": 4, "T-BEAR": 4}, ruler="VIN002-031")
    lance = story.put("p1", "VIN002-030", "hand")
    bear = story.put("p2", "T-BEAR", "field")
    story.will("p1", *["U"] * 7)
    story.when(cmd("PerformJudgment", "p1"))
    story.resolve()
    back = next(t for t in story.state.triggered if t.ability == 0)
    story.when(cmd("PlayTriggered", "p1", trigger=back.id, targets=[[bear]]))
    assert find(story.resolve(), "ChoiceRequested").data["kind"] == "put_from_hand"
    events = story.when(cmd("ChooseCards", "p1", cards=[]))
    assert not any(e.type == "CardMoved" and e.data["oid"] == lance for e in events)
    assert story.state.objects[lance].zone == "hand"
    story.replays()


# --- "... and lose [Flying] until end of turn" (9.9 p1, p3, p4) -------------------------------------


def test_zero_makes_the_opponents_resonators_lose_flying_until_a_newer_gain() -> None:
    # Zero, the Magus of Null (MPR-090): "[Enter]: Resonators your opponent controls gain [-200/-200]
    # and lose [Flying] until end of turn."  Rukh (MPR-067, [Flying]) loses it; a Rukh entering
    # later loses it too (9.9 p4); Give Wings (SKL-008: "Target resonator gains [+200/+200] and
    # [Flying] until end of turn"), newer, gives it back (9.9 p3: timestamp order)
    story = Story({"MPR-090": 4, "MPR-067": 4, "SKL-008": 4, "T-BEAR": 4})
    rukh = story.put("p2", "MPR-067", "field")
    mine = story.put("p1", "MPR-067", "field")
    assert "flying" in characteristics(story.state, rukh).skills
    atk = characteristics(story.state, rukh).atk
    _played(story, "p1", "MPR-090", "B", "B", "B")
    events = story.resolve()  # the [Enter] ability, played without choices
    lost = [e for e in events if e.type == "ContinuousEffectCreated" and e.data["kind"] == "lose_skill"]
    expected = [("flying", "end_of_turn", "FoW-5.5 9.9 p1")]
    assert [(e.data["skill"], e.data["duration"], e.rule) for e in lost] == expected
    assert "flying" not in characteristics(story.state, rukh).skills
    assert characteristics(story.state, rukh).atk == atk - 200
    assert "flying" in characteristics(story.state, mine).skills  # not the opponent's
    late = story.put("p2", "MPR-067", "field")
    assert "flying" not in characteristics(story.state, late).skills
    wings = story.put("p1", "SKL-008", "hand")
    story.will("p1", "W")
    story.when(cmd("PlayCard", "p1", card=wings, targets=[[rukh]], pay_with=[]))
    story.resolve()
    assert "flying" in characteristics(story.state, rukh).skills
    assert "flying" not in characteristics(story.state, late).skills
    story.replays()


# --- "choose a number" (1.4 p5) ----------------------------------------------------------------------


def test_dark_alice_destroys_all_resonators_with_the_chosen_total_cost() -> None:
    # Dark Alice, Maiden of Slaughter (TTW-076J): "When this card enters your field, choose a number.
    # Destroy all resonators with total cost equal to the chosen number."  Bears (total cost 1) of
    # both players go; Spire Shadow Drake (TAT-087, total cost 3) stays
    story = _TwilightStory({"TAT-087": 4, "T-BEAR": 4})
    bears = [story.put("p1", "T-BEAR", "field"), story.put("p2", "T-BEAR", "field")]
    drake = story.put("p2", "TAT-087", "field")
    [ruler] = story.state.zones["p1"]["ruler_area"]
    story.will("p1", "R", "R")
    story.when(cmd("PerformJudgment", "p1"))
    story.resolve()  # Dark Alice enters: her ability triggers and, choosing nothing now, is played
    asked = find(story.resolve(), "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p1", "number", "FoW-5.5 1.4 p5")
    assert {a["number"] for a in legal(story, "p1", "ChooseNumber")} >= {0, 1, 3}
    for wrong in (-1, 1.5, True, "1"):
        no = story.refused(cmd("ChooseNumber", "p1", number=wrong))
        assert (no.code, no.rule) == ("rules/number_choice", "FoW-5.5 1.4 p5")
    events = story.when(cmd("ChooseNumber", "p1", number=1))
    chosen = find(events, "OptionChosen")
    assert (chosen.data["number"], chosen.rule, chosen.actor) == (1, "FoW-5.5 1.4 p5", "p1")
    assert all(story.state.objects[b].zone == "graveyard" for b in bears)
    assert story.state.objects[drake].zone == "field" and story.state.objects[ruler].zone == "field"
    story.replays()


# --- "If your J/ruler is "A", "B" or "C", you may put it into your field instead" --------------------


def _deep_blue_searches(story: Story) -> tuple[str, list[str]]:
    # Deep Blue, the Phantom Board (SKL-097): "{2}, {Rest}: Search your main deck for a Soldier
    # resonator with total cost 1 or less, reveal it and put it into your hand. If your J/ruler is
    # "Alice, the Girl in the Looking Glass", "Alice, the Saint of Healing" or "Alice, the Valkyrie of
    # Fairy Tales", you may put it into your field instead. Then shuffle your main deck."
    board = story.put("p1", "SKL-097", "field")
    scouts = [o for o in story.state.zones["p1"]["main_deck"] if story.state.objects[o].card == "SKL-035"]
    story.log += to_main(story.state, turn=3)
    story.will("p1", "U", "U")
    story.when(cmd("ActivateAbility", "p1", source=board, ability=1, targets=[], pay_with=[]))
    asked = find(story.resolve(), "ChoiceRequested")
    assert asked.data["kind"] == "search" and scouts[0] in asked.data["options"]["cards"]
    return board, scouts


def test_deep_blue_may_put_the_soldier_into_the_field_with_alice_as_ruler() -> None:
    # Alice, the Girl in the Looking Glass (SKL-092) is p1's ruler, in the ruler area; Alice's Little
    # Scout (SKL-035) a Soldier of total cost 1
    story = Story({"SKL-097": 4, "SKL-035": 4, "T-BEAR": 4}, ruler="SKL-092")
    _, scouts = _deep_blue_searches(story)
    events = story.when(cmd("ChooseCards", "p1", cards=[scouts[0]]))
    asked = find(events, "ChoiceRequested")
    assert (asked.data["kind"], asked.rule) == ("optional", "FoW-5.5 9.3 p3.2")
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.rule) == (scouts[0], "field", "FoW-5.5 10.13 p2")
    assert find(events, "DeckShuffled").rule == "FoW-5.5 10.20 p1"
    story.replays()


def test_deep_blue_with_another_ruler_puts_the_soldier_into_the_hand() -> None:
    story = Story({"SKL-097": 4, "SKL-035": 4, "T-BEAR": 4})
    _, scouts = _deep_blue_searches(story)
    events = story.when(cmd("ChooseCards", "p1", cards=[scouts[0]]))
    assert not any(e.type == "ChoiceRequested" and e.data["kind"] == "optional" for e in events)
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"]) == (scouts[0], "hand")
    story.replays()


# --- "... you may put that card on to this card instead" (10.1) --------------------------------------


def _athos_searches(story: Story) -> tuple[str, list[str]]:
    # Athos, the Three Musketeers (CMF-060): "[Enter]: Search your main deck for an
    # [Addition:Resonator], reveal it and put it into your hand. If your Ruler is "Puss in Boots" or
    # your J-Ruler is "D'Artagnan, the Bayoneteer", you may put that card on to this card instead.
    # Then shuffle your main deck."  Musketeer's Bayonet (CMF-072) is an [Addition:Resonator]
    bayonets = [o for o in story.state.zones["p1"]["main_deck"] if story.state.objects[o].card == "CMF-072"]
    athos = _played(story, "p1", "CMF-060", "G", "G", "G", "G")
    asked = find(story.resolve(), "ChoiceRequested")
    assert asked.data["kind"] == "search" and bayonets[0] in asked.data["options"]["cards"]
    return athos, bayonets


def test_athos_may_put_the_addition_found_on_to_himself_with_puss_in_boots() -> None:
    story = Story({"CMF-060": 4, "CMF-072": 4, "T-BEAR": 4}, ruler="CMF-074")  # Puss in Boots
    athos, bayonets = _athos_searches(story)
    events = story.when(cmd("ChooseCards", "p1", cards=[bayonets[0]]))
    asked = find(events, "ChoiceRequested")
    assert (asked.data["kind"], asked.data["options"]["cards"], asked.rule) == (
        "optional",
        [bayonets[0]],
        "FoW-5.5 9.3 p3.2",
    )
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.data["attached_to"], moved.rule) == (
        bayonets[0],
        "field",
        athos,
        "FoW-5.5 10.1 p1",
    )
    assert story.state.objects[bayonets[0]].attached_to == athos
    assert find(events, "DeckShuffled").rule == "FoW-5.5 10.20 p1"
    story.replays()


def test_athos_declining_or_with_another_ruler_puts_the_addition_into_the_hand() -> None:
    story = Story({"CMF-060": 4, "CMF-072": 4, "T-BEAR": 4}, ruler="CMF-074")
    _, bayonets = _athos_searches(story)
    story.when(cmd("ChooseCards", "p1", cards=[bayonets[0]]))
    events = story.when(cmd("ChooseOptional", "p1", accept=False))
    assert (find(events, "CardMoved").data["oid"], find(events, "CardMoved").data["to"]) == (bayonets[0], "hand")
    story.replays()
    other = Story({"CMF-060": 4, "CMF-072": 4, "T-BEAR": 4})
    _, bayonets = _athos_searches(other)
    events = other.when(cmd("ChooseCards", "p1", cards=[bayonets[0]]))
    assert not any(e.type == "ChoiceRequested" and e.data["kind"] == "optional" for e in events)
    assert (find(events, "CardMoved").data["oid"], find(events, "CardMoved").data["to"]) == (bayonets[0], "hand")
    other.replays()


# --- "you may put an evolution counter on target resonator with no evolution counters on it" ---------


def test_ziz_passes_an_evolution_counter_on_to_a_resonator_with_none() -> None:
    # Ziz, the Bird that Envelopes the Sky (TTW-072): "[Evolution] {G}{G}{2}." / "Whenever an
    # evolution counter is put on this card, you may put an evolution counter on taret resonator with
    # no evolution counters on it."  Ziz itself, with its counter, is no legal target (9.3 p2.4);
    # the other Ziz is, and its own ability triggers in turn (9.6 p5)
    story = Story({"TTW-072": 4, "T-BEAR": 4})
    ziz, other = story.put("p1", "TTW-072", "field"), story.put("p1", "TTW-072", "field")
    bear = story.put("p2", "T-BEAR", "field")
    story.will("p1", "G", "G", "G", "G")
    story.when(cmd("ActivateAbility", "p1", source=ziz, ability="evolution", pay_with=[]))
    story.resolve()
    assert story.state.objects[ziz].counters == {"evolution": 1}
    [trig] = story.state.triggered
    assert {a["targets"][0][0] for a in legal(story, "p1", "PlayTriggered")} == {other, bear}
    no = story.refused(cmd("PlayTriggered", "p1", trigger=trig.id, targets=[[ziz]]))
    assert no.rule == "FoW-5.5 9.3 p2.4"
    story.when(cmd("PlayTriggered", "p1", trigger=trig.id, targets=[[other]]))
    asked = find(story.resolve(), "ChoiceRequested")
    assert (asked.data["kind"], asked.rule) == ("optional", "FoW-5.5 9.3 p3.2")
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    put = find(events, "CounterPut")
    assert (put.data, put.rule) == ({"oid": other, "counter": "evolution", "count": 1}, "FoW-5.5 10.21 p1")
    assert any(e.type == "AbilityTriggered" and e.data["source"] == other for e in events)
    [again] = story.state.triggered  # the other Ziz's: only the Bear is left to choose
    assert {a["targets"][0][0] for a in legal(story, "p1", "PlayTriggered")} == {bear}
    assert again.source == other
    story.replays()


# --- "... you may put a resonator with the same total cost from your hand into your field" -----------


def test_alices_castling_swaps_a_resonator_for_one_with_the_same_total_cost() -> None:
    # Alice's Castling (SKL-034): "Put target resonator you control on the bottom of its owner's main
    # deck. If you do, you may put a resonator with the same total cost from your hand into your field.
    # Draw a card."  The Bear (total cost 1) goes; Rukh (MPR-067, {G}: 1) may come, Spire Shadow Drake
    # (TAT-087, total cost 3) may not
    story = Story({"SKL-034": 4, "MPR-067": 4, "TAT-087": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    rukh, drake = story.put("p1", "MPR-067", "hand"), story.put("p1", "TAT-087", "hand")
    castling = story.put("p1", "SKL-034", "hand")
    story.will("p1", "U")
    story.when(cmd("PlayCard", "p1", card=castling, targets=[[bear]], pay_with=[]))
    events = story.resolve()
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"]) == (bear, "main_deck")
    asked = find(events, "ChoiceRequested")
    assert (asked.data["kind"], asked.rule) == ("put_from_hand", "FoW-5.5 10.13 p2")
    assert rukh in asked.data["options"]["cards"] and drake not in asked.data["options"]["cards"]
    no = story.refused(cmd("ChooseCards", "p1", cards=[drake]))
    assert no.rule == "FoW-5.5 10.13 p2"
    hand = len(story.state.zones["p1"]["hand"])
    events = story.when(cmd("ChooseCards", "p1", cards=[rukh]))
    put = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == rukh)
    assert (put.data["to"], put.rule) == ("field", "FoW-5.5 10.13 p2")
    assert len(story.state.zones["p1"]["hand"]) == hand  # Rukh left it, a card was drawn
    assert any(e.type == "CardMoved" and e.data["reason"] == "draw" for e in events)
    story.replays()


# --- "you may put any number of cards from your removed area into your graveyard" (3.12, 10.13 p1) ---


def test_alisaris_total_recall_puts_any_number_of_removed_cards_into_the_graveyard() -> None:
    # Timeline Arsonist, Alisaris (TMS-031J), God's Art [Total Recall] {R}{R}{2}: "This card deals 100
    # damage to each J/resonator your opponent controls for each card in your removed area. Then, you
    # may put any number of cards from your removed area into your graveyard."  Her ruler side is The
    # Observer (TMS-031, [Judgment] {R}{R}{12})
    story = Story({"T-BEAR": 4}, ruler="TMS-031")
    removed = [story.put("p1", "T-BEAR", "removed"), story.put("p1", "T-BEAR", "removed")]
    theirs = story.put("p2", "T-BEAR", "removed")  # the opponent's removed area is not hers
    bear = story.put("p2", "T-BEAR", "field")
    [alisaris] = story.state.zones["p1"]["ruler_area"]
    story.will("p1", *["R"] * 14)
    story.when(cmd("PerformJudgment", "p1"))
    story.resolve()
    story.will("p1", "R", "R", "R", "R")
    art = _walpurgis(story.state, alisaris)  # her God's Art
    story.when(cmd("ActivateAbility", "p1", source=alisaris, ability=art, targets=[], pay_with=[]))
    events = story.resolve()
    dealt = find(events, "DamageDealt")
    assert (dealt.data["target"], dealt.data["amount"]) == (bear, 200)
    asked = find(events, "ChoiceRequested")
    assert (asked.data["kind"], asked.rule) == ("put_from_removed", "FoW-5.5 10.13 p1")
    assert asked.data["options"]["cards"] == removed and theirs not in asked.data["options"]["cards"]
    assert [a["cards"] for a in legal(story, "p1", "ChooseCards")] == [[], removed[:1], removed[1:], removed]
    no = story.refused(cmd("ChooseCards", "p1", cards=[theirs]))
    assert no.rule == "FoW-5.5 10.13 p1"
    events = story.when(cmd("ChooseCards", "p1", cards=[removed[1]]))
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.rule) == (removed[1], "graveyard", "FoW-5.5 3.1 p5")
    assert story.state.objects[removed[0]].zone == "removed"
    story.replays()


# --- "search your main deck for a Twelve Apostle and/or card named "X"" (10.13 p2) ---------------------


def test_gill_lapis_searches_for_a_twelve_apostle_and_or_attoractia() -> None:
    # Interdimensional Monarch, Gill Lapis (BFA-080): "When this card enters your field, you may search
    # your main deck for a Twelve Apostle and/or card named "Attoractia, Dimension of the Seven Kings",
    # reveal them, and put them into your hand. Then shuffle your main deck."  Behemoth (SKL-052) is a
    # Twelve Apostle; Attoractia is BFA-081.  Two Behemoths are not "one and/or the other"
    story = Story({"BFA-080": 4, "SKL-052": 4, "BFA-081": 4, "T-BEAR": 4})
    deck = story.state.zones["p1"]["main_deck"]
    behemoths = [o for o in deck if story.state.objects[o].card == "SKL-052"]
    attoractia = next(o for o in deck if story.state.objects[o].card == "BFA-081")
    assert len(behemoths) >= 2, "the seeded deck keeps two Behemoths"
    _enters(story, "p1", "BFA-080")
    story.when(cmd("Pass", "p1"))  # the lone trigger chooses nothing: played
    story.resolve()
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    asked = find(events, "ChoiceRequested")
    assert (asked.data["kind"], asked.data["options"]["max"], asked.rule) == ("search", 2, "FoW-5.5 10.13 p2")
    now = story.state.zones["p1"]["main_deck"]  # not Gill Lapis (a Conqueror), not Bears
    expected = {o for o in now if story.state.objects[o].card in ("SKL-052", "BFA-081")}
    assert set(asked.data["options"]["cards"]) == expected and attoractia in expected
    no = story.refused(cmd("ChooseCards", "p1", cards=behemoths[:2]))
    assert (no.code, no.rule) == ("rules/search_choice", "FoW-5.5 10.13 p2")
    assert {"cards": [behemoths[0], attoractia]} in legal(story, "p1", "ChooseCards") or {
        "cards": [attoractia, behemoths[0]]
    } in legal(story, "p1", "ChooseCards")
    assert {"cards": behemoths[:2]} not in legal(story, "p1", "ChooseCards")
    (search,) = [c for c in engine.legal_actions(story.state, "p1") if c.type == "ChooseCards"]
    assert search.choice is not None and search.choice.constraints == ("one_per_group",)  # one choice
    apostles, named = (set(g) for g in search.choice.groups)  # the cards of each kind searched for
    assert set(behemoths) <= apostles and attoractia in named and attoractia not in apostles
    events = story.when(cmd("ChooseCards", "p1", cards=[behemoths[0], attoractia]))
    moved = {e.data["oid"]: e.data for e in events if e.type == "CardMoved"}
    assert moved[behemoths[0]]["to"] == moved[attoractia]["to"] == "hand"
    assert moved[attoractia]["revealed"] is True
    assert any(e.type == "DeckShuffled" for e in events)
    story.replays()


# --- "Choose an attribute. This card becomes the chosen attribute until end of turn" (2.8, 9.9 p1) -----


def test_leonardo_becomes_the_chosen_attribute_until_end_of_turn() -> None:
    # Leonardo da Vinci (VIN001-076, void): "{1} : Choose an attribute. This card becomes the chosen
    # attribute until end of turn."  As fire, he is a legal target of Down the Drain (BFA-035: "Destroy
    # target fire resonator.", 9.3 p2.4); at the end of the turn he is void again
    story = Story({"VIN001-076": 4, "BFA-035": 4, "T-BEAR": 4})
    leonardo = story.put("p1", "VIN001-076", "field")
    drain = story.state.cards["BFA-035"].effects[0].target  # type: ignore[union-attr]
    assert leonardo not in actions.legal_targets(story.state, drain, "p2", None)
    assert attributes_of(story.state, leonardo) == []
    story.will("p1", "R")
    story.when(cmd("ActivateAbility", "p1", source=leonardo, ability=0, targets=[], pay_with=[]))
    asked = find(story.resolve(), "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p1", "attribute", "FoW-5.5 2.8 p2")
    assert [a["attribute"] for a in legal(story, "p1", "ChooseAttribute")] == ["W", "R", "U", "G", "B"]
    no = story.refused(cmd("ChooseAttribute", "p1", attribute="V"))
    assert (no.code, no.rule) == ("rules/attribute_choice", "FoW-5.5 2.8 p2")
    events = story.when(cmd("ChooseAttribute", "p1", attribute="R"))
    made = find(events, "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["attributes"], made.data["targets"], made.rule) == (
        "set_attributes",
        ["R"],
        [leonardo],
        "FoW-5.5 9.9 p1",
    )
    assert attributes_of(story.state, leonardo) == ["R"]
    assert leonardo in actions.legal_targets(story.state, drain, "p2", None)
    story.log += to_main(story.state, turn=story.state.turn + 1)
    assert attributes_of(story.state, leonardo) == []
    story.replays()


# --- "If it's "Faria ...", it gains [Imperishable] ... and you may pay {2} less to play its God's Art" --


def test_excalibur_with_faria_gains_imperishable_and_her_gods_art_costs_two_less() -> None:
    # Excalibur, the God's Sword (VS01-002): "{Rest}: Your J-Ruler gains [+200/+200] until end of turn. If
    # it's "Faria, the Ruler of God Sword", it gains [Imperishable] until end of turn and you may pay {2}
    # less to play its God's Art abilities this turn."  Faria (VS01-003J) by judgment of VS01-003; her
    # God's Art <God's Breath> {W}{W}{4} costs {W}{W}{2} (9.3 p2.5, 9.9 p4)
    story = Story({"VS01-002": 4, "T-BEAR": 4}, ruler="VS01-003")
    sword = story.put("p1", "VS01-002", "field")
    story.log += to_main(story.state, turn=3)
    [faria] = story.state.zones["p1"]["ruler_area"]
    story.will("p1", "W", "W")
    story.when(cmd("PerformJudgment", "p1"))
    story.resolve()
    assert story.state.card_of(faria).name == "Faria, the Ruler of God Sword"
    atk = characteristics(story.state, faria).atk
    story.when(cmd("ActivateAbility", "p1", source=sword, ability=1, targets=[], pay_with=[]))
    events = story.resolve()
    assert find(events, "ConditionChecked").data["met"] is True
    assert characteristics(story.state, faria).atk == atk + 200  # type: ignore[operator]
    assert "imperishable" in characteristics(story.state, faria).skills
    made = [e.data for e in events if e.type == "ContinuousEffectCreated" and e.data["kind"] == "pay_less"]
    assert [(d["less"], d["condition"]) for d in made] == [
        ({"attribute": {}, "free": 2}, {"kind": "ruler_is", "j_rulers": ["Faria, the Ruler of God Sword"]})
    ]
    art = _walpurgis(story.state, faria)  # her God's Art
    story.will("p1", "W", "W", "W", "W")
    events = story.when(cmd("ActivateAbility", "p1", source=faria, ability=art, targets=[], pay_with=[], reduce=True))
    changed = find(events, "CostChanged")
    assert (changed.data["printed"], changed.data["cost"]) == (
        {"attribute": {"W": 2}, "free": 4},
        {"attribute": {"W": 2}, "free": 2},
    )
    assert story.state.players["p1"].will == []
    story.replays()
