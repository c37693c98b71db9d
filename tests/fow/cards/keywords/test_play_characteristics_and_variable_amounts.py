"""Characteristics and variable amounts of real Grimm/Alice cards (helper t7-kw), executed by the
engine in the form the importer gives them (given events / when command / then events or a cited
rejection; each story replays its whole log at the end):

* "This card gains [+100/+100] for each card in your hand" on a card printed [0/0]: a continuous
  ability applies all the time (FoW-5.5 9.4 p1), counting the cards in its controller's hand
  (3.5), not the opponent's.
"""

from __future__ import annotations

from domain.fow import actions
from domain.fow.characteristics import characteristics
from domain.kernel import Event
from tests.fow.cards.keywords.test_play_trigger_and_stealth_states import status_check
from tests.fow.cards.story import Story, legal
from tests.fow.cards.triggers.test_play_triggers_costs_and_target_filters import triggered_by
from tests.fow.support import cmd, find
from tests.fow.test_ch8_battle import to_main

# --- "for each card in your hand" (9.4 p1, 3.5) -------------------------------------------------


def test_soji_okita_grows_with_its_controllers_hand() -> None:
    story = Story({"VIN001-041": 4, "T-BEAR": 4})
    soji = story.put("p1", "VIN001-041", "field")
    held = len(story.state.zones["p1"]["hand"])
    chars = characteristics(story.state, soji)
    assert (chars.atk, chars.def_) == (100 * held, 100 * held)
    story.put("p1", "T-BEAR", "hand")  # one more card in my hand
    story.put("p2", "T-BEAR", "hand")  # the opponent's hand does not count
    chars = characteristics(story.state, soji)
    assert (chars.atk, chars.def_) == (100 * (held + 1), 100 * (held + 1))
    story.put("p1", "T-BEAR", "field")  # played out of the hand... from the deck: a new card
    for oid in list(story.state.zones["p1"]["hand"]):
        story.moved(oid, "graveyard")
    chars = characteristics(story.state, soji)
    assert (chars.atk, chars.def_) == (0, 0)  # printed [0/0] (blank in the source)
    story.replays()


def test_tinker_bell_printed_zero_counts_fairy_tales_you_control() -> None:
    # Tinker Bell, the Spirit (CMF-019, a Fairy Tale, ATK and DEF blank in the source: [0/0]):
    # "[Continuous]: This card gains [+200/+200] for each Fairy Tale you control" - itself included
    story = Story({"CMF-019": 4})
    bell = story.put("p1", "CMF-019", "field")
    chars = characteristics(story.state, bell)
    assert (chars.atk, chars.def_) == (200, 200)
    story.put("p1", "CMF-019", "field")
    story.put("p2", "CMF-019", "field")
    chars = characteristics(story.state, bell)
    assert (chars.atk, chars.def_) == (400, 400)
    story.replays()


# --- [Judgment] costs paid "instead" (7.5 p2, 9.3 p2.5, 1.4 p1) -----------------------------------


def test_nameless_girl_pays_zero_after_a_human_of_hers_left_a_field() -> None:
    # Nameless Girl (CMF-047): "[J-Activate] Pay {R}{U}{2}: If a Human is put into your graveyard
    # from a field this turn, you may pay {0} to play this ability instead."  Hunter in Black Forest
    # (CMF-026) is a Human; the opponent's Human goes to the opponent's graveyard and does not count
    story = Story({"CMF-026": 4}, ruler="CMF-047")
    mine = story.put("p1", "CMF-026", "field")
    theirs = story.put("p2", "CMF-026", "field")
    refusal = story.refused(cmd("PerformJudgment", "p1", judgment=1))
    assert (refusal.code, refusal.rule) == ("rules/ability_condition", "FoW-5.5 1.4 p1")
    story.by_rule(actions.destroy, theirs, "given")
    assert story.refused(cmd("PerformJudgment", "p1", judgment=1)).code == "rules/ability_condition"
    assert story.refused(cmd("PerformJudgment", "p1")).code == "rules/cannot_pay"  # {R}{U}{2}: no will
    story.by_rule(actions.destroy, mine, "given")
    events = story.when(cmd("PerformJudgment", "p1", judgment=1))
    performed = find(events, "JudgmentPerformed")
    assert (performed.data["judgment"], performed.rule) == (1, "FoW-5.5 7.5 p2")
    assert "WillPaid" not in [e.type for e in events]
    story.replays()


def test_pandora_pays_the_cost_of_the_lowest_life_tier_only() -> None:
    # Pandora, the Weaver of Myth (MPR-010): "[J-Activate] Pay {W}{W}{W}{W}{W}. If your life is 3000
    # or less, pay {W}{W}{W}{W} instead. If your life is 2000 or less, pay {W}{W} instead. If your life
    # is 1000 or less, pay {0} instead."  At 1500 life the cost is {W}{W}: neither five, four nor zero
    story = Story({"T-BEAR": 4}, ruler="MPR-010")
    story.given("LifeSet", player="p1", life=1500)
    story.will("p1", "W", "W", "W", "W", "W")
    for which in (0, 1, 3):
        refusal = story.refused(cmd("PerformJudgment", "p1", judgment=which))
        assert (refusal.code, refusal.rule) == ("rules/ability_condition", "FoW-5.5 1.4 p1"), which
    events = story.when(cmd("PerformJudgment", "p1", judgment=2))
    assert find(events, "WillPaid").data["will"] == ["W", "W"]
    assert story.state.players["p1"].will == ["W", "W", "W"]
    story.replays()


def test_pandora_at_full_life_pays_five() -> None:
    story = Story({"T-BEAR": 4}, ruler="MPR-010")  # 4000 life
    story.will("p1", "W", "W", "W", "W")
    assert story.refused(cmd("PerformJudgment", "p1", judgment=1)).code == "rules/ability_condition"
    assert story.refused(cmd("PerformJudgment", "p1")).code == "rules/cannot_pay"
    story.will("p1", "W")
    events = story.when(cmd("PerformJudgment", "p1"))
    assert sorted(find(events, "WillPaid").data["will"]) == ["W"] * 5
    story.replays()


def test_christie_draws_only_with_exactly_five_cards_in_hand() -> None:
    # Christie, the Wind Tracker (CMF-061): "[Activate] {Rest}: Draw a card. You cannot play this
    # ability if you don't have exactly five cards in your hand." (card text, 1.4 p1)
    story = Story({"T-BEAR": 4}, ruler="CMF-061")
    christie = story.state.zones["p1"]["ruler_area"][0]
    hand = story.state.zones["p1"]["hand"]
    while len(hand) > 6:
        story.moved(hand[0], "graveyard")
    while len(hand) < 6:
        story.put("p1", "T-BEAR", "hand")
    refusal = story.refused(cmd("ActivateAbility", "p1", source=christie, ability=0))
    assert (refusal.code, refusal.rule) == ("rules/ability_condition", "FoW-5.5 1.4 p1")  # six
    story.moved(hand[0], "graveyard")
    story.when(cmd("ActivateAbility", "p1", source=christie, ability=0))  # five
    story.resolve()
    assert len(hand) == 6
    story.replays()


# --- "[Trigger] While you have five or more Cthulhu cards in your graveyard" (9.6 p9, 7.9 p2) --------


def test_call_of_cthulhu_needs_five_cthulhu_cards_in_your_graveyard() -> None:
    # Call of Cthulhu (MPR-079): "[Trigger] While you have five or more Cthulhu cards in your
    # graveyard: Put target Cthulhu non-spell card from your graveyard into your field."  Black Goat
    # (MPR-022), King in Yellow (MPR-082), Deep Ones (CMF-041) and Shantak (MPR-084) are Cthulhu
    # resonators; the opponent's graveyard and a Bear do
    # not count, and a Bear is no legal target
    story = Story({"MPR-079": 4, "MPR-022": 4, "MPR-082": 4, "CMF-041": 4, "MPR-084": 4, "T-BEAR": 4})
    call = story.put("p1", "MPR-079", "standby")
    story.log += to_main(story.state, turn=3)
    goats = [story.put("p1", c, "graveyard") for c in ("MPR-022", "MPR-082", "CMF-041", "MPR-084")]
    bear = story.put("p1", "T-BEAR", "graveyard")
    story.put("p2", "MPR-084", "graveyard")
    assert status_check(story) == []  # four Cthulhu cards of p1's
    shantak = story.put("p1", "MPR-084", "graveyard")
    events = story.when(cmd("Pass", "p1"))
    [trig] = triggered_by(events, call)
    assert trig.rule == "FoW-5.5 7.9 p2"
    refusal = story.refused(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[[bear]], pay_with=[]))
    assert refusal.code.startswith("rules/"), refusal
    story.when(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[[shantak]], pay_with=[]))
    story.resolve()
    assert story.state.objects[shantak].zone == "field" and story.state.objects[shantak].controller == "p1"
    assert [story.state.objects[g].zone for g in goats] == ["graveyard"] * 4
    story.replays()


# --- "[Awakening] {U}, discard a card" (12.1 p2, 9.3 p2.5) ----------------------------------------


def test_valentinas_resistance_awakened_discards_a_card_and_returns_two() -> None:
    # Valentina's Resistance (TMS-050, {U}{1}, instant): "[Awakening] {U}, discard a card." and
    # "Return target resonator to its owner's hand. Return up to one second target resonator to its
    # owner's hand if this card was awakened."
    story = Story({"TMS-050": 4, "T-BEAR": 4})
    resistance = story.put("p1", "TMS-050", "hand")
    spare = story.put("p1", "T-BEAR", "hand")
    first, second = story.put("p2", "T-BEAR", "field"), story.put("p2", "T-BEAR", "field")
    story.will("p1", "U", "U", "U")
    offered = [c for c in legal(story, "p1", "PlayCard") if c["card"] == resistance and c.get("awaken")]
    assert offered and all(len(c["cost_cards"][0]) == 1 for c in offered)  # type: ignore[index, arg-type]
    play = {"card": resistance, "targets": [[first], [second]], "awaken": True}
    refusal = story.refused(cmd("PlayCard", "p1", **play))  # no card chosen to discard
    assert refusal.rule.startswith("FoW-5.5 9.3"), refusal
    events = story.when(cmd("PlayCard", "p1", **play, cost_cards=[[spare]]))
    assert story.state.objects[spare].zone == "graveyard"
    assert any(e.type == "CardMoved" and e.data["oid"] == spare and e.data["reason"] == "discard" for e in events)
    story.resolve()
    assert [story.state.objects[o].zone for o in (first, second)] == ["hand", "hand"]
    story.replays()


def test_valentinas_resistance_not_awakened_discards_nothing() -> None:
    story = Story({"TMS-050": 4, "T-BEAR": 4})
    resistance = story.put("p1", "TMS-050", "hand")
    first = story.put("p2", "T-BEAR", "field")
    held = len(story.state.zones["p1"]["hand"])
    story.will("p1", "U", "U")
    story.when(cmd("PlayCard", "p1", card=resistance, targets=[[first], []]))
    story.resolve()
    assert story.state.objects[first].zone == "hand"
    assert len(story.state.zones["p1"]["hand"]) == held - 1  # only the card played left the hand
    story.replays()


# --- 'gains "<ability>" until end of turn' (10.19 p1, 9.9) ----------------------------------------


def test_beastly_attack_grants_damage_to_the_opponent_for_this_turn() -> None:
    # Beastly Attack (TTW-055): 'Target attacking resonator gains [+600/+600] and "Whenever this card
    # deals damage to a resonator, it deals that much damage to your opponent." until end of turn.'
    # A Bear (500/500) attacks, a Wall (100/1000) blocks; as 1100/1100 the Bear deals 1100 battle
    # damage to the Wall and the ability it gained deals that much to p2 (9.6 p5)
    story = Story({"TTW-055": 4, "T-BEAR": 4, "T-WALL": 4})
    bear = story.put("p1", "T-BEAR", "field")
    wall = story.put("p2", "T-WALL", "field")
    attack = story.put("p1", "TTW-055", "hand")
    story.log += to_main(story.state, turn=3)
    story.attack(bear, until="declare_block")
    story.when(cmd("DeclareBlock", "p2", blocker=wall))
    assert story.pending.player == "p1"
    story.will("p1", "G", "G", "G")
    story.when(cmd("PlayCard", "p1", card=attack, targets=[[bear]]))
    events = story.resolve()
    granted = [e for e in events if e.type == "ContinuousEffectCreated" and e.data["kind"] == "grant_abilities"]
    assert [(e.data["targets"], e.rule) for e in granted] == [([bear], "FoW-5.5 10.19 p1")]
    life = story.state.players["p2"].life
    log: list[Event] = []
    while story.state.players["p2"].life == life and story.state.phase != "end":
        if story.state.triggered:
            trig = story.state.triggered[0].id
            log += story.when(cmd("PlayTriggered", story.pending.player, trigger=trig))
        else:
            log += story.when(cmd("Pass", story.pending.player))
    dealt = [(e.data["source"], e.data["target"], e.data["amount"]) for e in log if e.type == "DamageDealt"]
    assert (bear, wall, 1100) in dealt and (bear, "p2", 1100) in dealt
    assert story.state.players["p2"].life == life - 1100
    story.replays()


def test_the_granted_ability_ends_with_the_turn() -> None:
    story = Story({"TTW-055": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    attack = story.put("p1", "TTW-055", "hand")
    story.log += to_main(story.state, turn=3)
    story.attack(bear)
    story.will("p1", "G", "G", "G")
    story.when(cmd("PlayCard", "p1", card=attack, targets=[[bear]]))
    story.resolve()
    printed = len(story.state.card_of(bear).abilities)
    assert len(characteristics(story.state, bear).abilities) == printed + 1
    while story.pending.kind != "declare_block":
        story.when(cmd("Pass", story.pending.player))
    story.when(cmd("DeclineBlock", "p2"))
    story.log += to_main(story.state, turn=4)
    assert len(characteristics(story.state, bear).abilities) == printed
    story.replays()


def test_power_of_unity_grants_it_only_with_four_resonators() -> None:
    # Power of Unity (VIN002-058): "Target resonator gains [+600/+600] until end of turn. If you control
    # four or more resonators, it also gains "Whenever this card deals damage to a resonator ⇒ This
    # card deals that much damage to your opponent." until end of turn."
    story = Story({"VIN002-058": 4, "T-BEAR": 4, "T-WALL": 4, "T-BIRD": 4, "T-FAST": 4})
    bears = [story.put("p1", c, "field") for c in ("T-BEAR", "T-WALL", "T-BIRD")]
    unity = [story.put("p1", "VIN002-058", "hand") for _ in range(2)]
    story.will("p1", "G", "G", "G", "G")
    story.when(cmd("PlayCard", "p1", card=unity[0], targets=[[bears[0]]]))
    events = story.resolve()
    assert find(events, "ConditionChecked").data["met"] is False  # three resonators
    assert len(characteristics(story.state, bears[0]).abilities) == 0
    assert characteristics(story.state, bears[0]).atk == 1100  # the Bear, 500 + 600
    story.put("p1", "T-FAST", "field")
    story.when(cmd("PlayCard", "p1", card=unity[1], targets=[[bears[1]]]))
    events = story.resolve()
    assert find(events, "ConditionChecked").data["met"] is True, [(e.type, e.data) for e in events]
    [(_, gained)] = characteristics(story.state, bears[1]).abilities  # the Wall
    assert (gained.kind, gained.trigger) == ("automatic", "deals_damage_to_resonator")
    story.replays()


# --- no printed duration: while the source stays in the field (9.1 p2.2, 3.1 p3) ------------------


def test_selvaria_weakens_two_resonators_while_she_stays_in_the_field() -> None:
    # Selvaria Bles (VIN002-073, "[Judgment] {6}") becomes Selvaria Bles [J-Ruler] (VIN002-073J, a
    # Drei Stern): "When this card enters your field => Up to two target resonators gain [-300/-300]
    # for each Drei Stern you control."  She counts herself; the effect ends when she leaves
    story = Story({"T-BEAR": 4, "T-WALL": 4}, ruler="VIN002-073")
    bear, wall = story.put("p2", "T-BEAR", "field"), story.put("p2", "T-WALL", "field")
    story.will("p1", *["R"] * 6)
    story.when(cmd("PerformJudgment", "p1"))
    events = story.resolve()  # the ruler becomes its J-ruler and enters the field (7.5 p2)
    selvaria = story.state.zones["p1"]["field"][0]
    [trig] = triggered_by(events, selvaria)
    story.when(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[[bear, wall]]))
    events = story.resolve()
    made = find(events, "ContinuousEffectCreated")
    assert (made.data["atk"], made.data["def"], made.data["duration"]) == (-300, -300, "source_in_field")
    assert [(characteristics(story.state, o).atk, characteristics(story.state, o).def_) for o in (bear, wall)] == [
        (200, 200),
        (0, 700),
    ]
    story.by_rule(actions.destroy, selvaria, "given")
    assert [(characteristics(story.state, o).atk, characteristics(story.state, o).def_) for o in (bear, wall)] == [
        (500, 500),
        (100, 1000),
    ]
    story.replays()


# --- "If your J-Ruler would deal damage this turn, it deals that much +200 instead" (9.10 p1) -------


def test_nameless_tank_makes_your_j_rulers_damage_200_more_this_turn() -> None:
    # Nameless Tank (VIN002-079): "{Rest}: If your J-Ruler would deal damage this turn, it deals that
    # much +200 instead."  Selvaria Bles [J-Ruler] (VIN002-073J) is p1's J-ruler; a Bear's damage and
    # the J-ruler's damage in the next turn are not changed
    story = Story({"VIN002-079": 4, "T-BEAR": 4, "T-WALL": 4}, ruler="VIN002-073")
    tank = story.put("p1", "VIN002-079", "field")
    bear, wall = story.put("p1", "T-BEAR", "field"), story.put("p2", "T-WALL", "field")
    story.will("p1", *["R"] * 6)
    story.when(cmd("PerformJudgment", "p1"))
    story.resolve()
    selvaria = next(o for o in story.state.zones["p1"]["field"] if story.state.objects[o].side == "j_ruler")
    story.when(cmd("PlayTriggered", "p1", trigger=story.state.triggered[0].id, targets=[[]]))
    story.resolve()
    story.when(cmd("ActivateAbility", "p1", source=tank, ability=1))
    events = story.resolve()
    made = find(events, "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["amount"], made.rule) == ("deal_more", 200, "FoW-5.5 9.10 p1")
    events = story.by_rule(actions.deal_damage, selvaria, wall, 300, "given")
    replaced = find(events, "DamageReplaced")
    assert (replaced.data["amount"], replaced.data["instead"], replaced.rule) == (300, 500, "FoW-5.5 9.10 p1")
    assert story.state.objects[wall].damage == 500
    events = story.by_rule(actions.deal_damage, bear, wall, 100, "given")
    assert "DamageReplaced" not in [e.type for e in events]
    story.log += to_main(story.state, turn=4)
    events = story.by_rule(actions.deal_damage, selvaria, wall, 300, "given")
    assert "DamageReplaced" not in [e.type for e in events]
    story.replays()


# --- "one will of any attribute that a magic stone you control could produce" (9.7 p1, p4) ---------


def test_moon_light_produces_what_your_other_magic_stones_could() -> None:
    # Magic Stone of Moon Light (MPR-099): "[Activate] {Rest}: Produce one will of any attribute that a
    # magic stone you control could produce."  Magic Stone of Black Silence (CMF-096): "{Rest}: Produce
    # {G} or {B}."  The opponent's Magic Stone of Deep Wood (CMF-097, {G} or {U}) is not yours
    story = Story({"T-BEAR": 4}, {"MPR-099": 2, "CMF-096": 4, "CMF-097": 4})
    moon = story.put("p1", "MPR-099", "stone_area")
    story.put("p1", "CMF-096", "stone_area")
    story.put("p2", "CMF-097", "stone_area")
    offered = {
        c.get("choice") for c in legal(story, "p1", "ActivateAbility") if c["source"] == moon and c["ability"] == 1
    }
    assert offered == {"G", "B"}
    refusal = story.refused(cmd("ActivateAbility", "p1", source=moon, ability=1, choice="U"))
    assert (refusal.code, refusal.rule) == ("rules/will_choice", "FoW-5.5 9.7 p1")
    events = story.when(cmd("ActivateAbility", "p1", source=moon, ability=1, choice="B"))
    produced = find(events, "WillProduced")
    assert (produced.data["will"], produced.rule) == (["B"], "FoW-5.5 9.7 p4")
    story.replays()


def test_moon_light_alone_offers_no_attribute() -> None:
    # its own "{Rest}: Produce {M}" is no attribute (moon will), and the ability reads no other Moon Light
    story = Story({"T-BEAR": 4}, {"MPR-099": 2, "T-STONE": 8})
    moon = story.put("p1", "MPR-099", "stone_area")
    story.put("p1", "MPR-099", "stone_area")
    assert [
        c.get("choice") for c in legal(story, "p1", "ActivateAbility") if c["source"] == moon and c["ability"] == 1
    ] == [None]
    events = story.when(cmd("ActivateAbility", "p1", source=moon, ability=1))
    assert find(events, "WillProduced").data["will"] == []
    story.replays()


# --- "[J-Activate] Pay any number of will. You cannot choose to pay {0}." (7.5 p2) ----------------


def test_alice_in_wonderland_pays_the_number_of_will_chosen_never_zero() -> None:
    story = Story({"T-BEAR": 4}, ruler="TAT-037")
    story.will("p1", "W", "U", "B")
    assert {"pay_with": [], "amount": 1} in legal(story, "p1", "PerformJudgment")
    for amount in (None, 0, True):
        refusal = story.refused(cmd("PerformJudgment", "p1", **({} if amount is None else {"amount": amount})))
        assert (refusal.code, refusal.rule) == ("rules/judgment_amount", "FoW-5.5 7.5 p2")
    assert story.refused(cmd("PerformJudgment", "p1", amount=4)).code == "rules/cannot_pay"
    events = story.when(cmd("PerformJudgment", "p1", amount=3))
    performed = find(events, "JudgmentPerformed")
    assert (performed.data["amount"], performed.rule) == (3, "FoW-5.5 7.5 p2")
    assert sorted(find(events, "WillPaid").data["will"]) == ["B", "U", "W"]
    story.resolve()
    assert story.state.objects[performed.data["source"]].zone == "field"
    story.replays()
