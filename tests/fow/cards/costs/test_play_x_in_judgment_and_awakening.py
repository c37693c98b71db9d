"""{X} in [Judgment] and [Awakening] costs, the X recorded so the card's abilities read it, and
other costs of judgment - real Grimm/Alice cards executed by the engine in the form the importer
gives them (helper v_x; given events / when command / then cited events or a cited rejection; each
story replays its whole log):

* "[J-Activate] Pay {2}{X}. Spend only {M} will on X." (FoW-5.5 7.5 p2, 9.3 p2.5): X is chosen as
  the judgment is performed (``x``, as for an [Activate] {X}), paid with moon will, recorded in
  ``JudgmentPerformed`` and carried by the J-ruler into the field; its [Enter] ability reads it
  ("Search your main deck for X Treasury Item cards and put them into your field").
"""

from __future__ import annotations

from domain.fow.characteristics import characteristics
from domain.kernel import Event
from tests.fow.cards.story import Story, legal
from tests.fow.support import cmd


def _until(story: Story, kind: str) -> list[Event]:
    """Players pass until the pending decision is ``kind``; the events on the way."""
    events: list[Event] = []
    while story.pending.kind != kind:
        events += story.when(cmd("Pass", story.pending.player))
    return events


# --- Moon Princess of Stellar Wars / Kaguya, the Immortal Princess: X of the judgment ---------------


def _kaguya_story() -> Story:
    # Moon Princess of Stellar Wars (MPR-046): "[J-Activate] Pay {2}{X}. Spend only {M} will on X."
    # Kaguya, the Immortal Princess (MPR-046J): "[Enter]: Search your main deck for X Treasury Item
    # cards and put them into your field."  Jeweled Branch of Horai (CMF-007) and Stone Bowl of Buddha
    # (CMF-055) are Treasury Items ([Addition: Field])
    return Story({"CMF-007": 4, "CMF-055": 4, "T-BEAR": 4}, ruler="MPR-046")


def test_judgment_x_is_chosen_paid_with_moon_will_and_read_by_the_j_ruler() -> None:
    story = _kaguya_story()
    [ruler] = story.state.zones["p1"]["ruler_area"]
    story.will("p1", "M", "M", "U", "U", "U")
    # an {X} cost needs its X (9.3 p2.5)
    refusal = story.refused(cmd("PerformJudgment", "p1"))
    assert (refusal.code, refusal.rule) == ("command/malformed", "FoW-5.5 9.3 p2.5")
    # X is paid with {M} only: three will of water do not pay X = 3 (10.2 p4)
    refusal = story.refused(cmd("PerformJudgment", "p1", x=3))
    assert (refusal.code, refusal.rule) == ("rules/cannot_pay", "FoW-5.5 10.2 p4")
    offered = sorted(a["x"] for a in legal(story, "p1", "PerformJudgment"))
    assert offered == [0, 1, 2]  # two {M}: X up to 2
    events = story.when(cmd("PerformJudgment", "p1", x=2))
    performed = next(e for e in events if e.type == "JudgmentPerformed")
    assert (performed.data["x"], performed.rule) == (2, "FoW-5.5 7.5 p2")
    paid = next(e for e in events if e.type == "WillPaid")
    assert sorted(paid.data["will"]) == ["M", "M", "U", "U"]  # {2} from water, X from moon
    events = story.resolve()  # the J-ruler enters the field (7.5 p3) with the X it was played with
    entered = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == ruler)
    assert (entered.data["x"], entered.rule) == (2, "FoW-5.5 7.5 p3")
    story.when(cmd("Pass", "p1"))  # the lone [Enter] has no target: played automatically
    [item] = story.state.chase
    assert item.x == 2
    events = _until(story, "search")
    [asked] = [e for e in events if e.type == "ChoiceRequested"]
    assert (asked.data["kind"], asked.data["options"]["max"], asked.rule) == ("search", 2, "FoW-5.5 10.13 p2")
    treasures = asked.data["options"]["cards"]
    deck = story.state.zones["p1"]["main_deck"]
    in_deck = {o for o in deck if story.state.objects[o].card in ("CMF-007", "CMF-055")}
    assert set(treasures) == in_deck and len(treasures) >= 3  # the Treasury Items of the main deck
    refusal = story.refused(cmd("ChooseCards", "p1", cards=treasures[:3]))
    assert refusal.rule == "FoW-5.5 10.13 p2"  # X = 2: no more than two
    events = story.when(cmd("ChooseCards", "p1", cards=treasures[:2]))
    into = [e for e in events if e.type == "CardMoved" and e.data["to"] == "field"]
    assert [(e.data["oid"], e.rule) for e in into] == [(t, "FoW-5.5 10.13 p2") for t in treasures[:2]]
    story.replays()


def test_judgment_x_of_zero_finds_nothing() -> None:
    story = _kaguya_story()
    story.will("p1", "U", "U")
    assert [a["x"] for a in legal(story, "p1", "PerformJudgment")] == [0]
    story.when(cmd("PerformJudgment", "p1", x=0))
    story.resolve()
    story.when(cmd("Pass", "p1"))
    events = _until(story, "search")
    [asked] = [e for e in events if e.type == "ChoiceRequested"]
    assert asked.data["options"]["max"] == 0
    events = story.when(cmd("ChooseCards", "p1", cards=[]))
    assert not [e for e in events if e.type == "CardMoved" and e.data["to"] == "field"]
    story.replays()


# --- Demon of the Black Moon, Lilith: [Awakening] {X} and the will spent on it ------------------------


def _lilith_story() -> tuple[Story, dict[str, str]]:
    # Demon of the Black Moon, Lilith (TMS-073, {B}{B}): "[Awakening] {X}: When this card enters your
    # field, destroy target resonator with total cost X or less.  If you spent {M} to pay the
    # [Awakening] cost, you gain life equal to that resonator's ATK."  Knight of Loyalty (CMF-010,
    # {W}{W}{1}, total cost 3, [700/700]); the Bear costs {R} (total cost 1)
    story = Story({"TMS-073": 4, "CMF-010": 4, "T-BEAR": 4})
    c = {
        "lilith": story.put("p1", "TMS-073", "hand"),
        "knight": story.put("p2", "CMF-010", "field"),
        "bear": story.put("p2", "T-BEAR", "field"),
    }
    return story, c


def _lilith_enters(story: Story, lilith: str, x: int) -> list[Event]:
    events = story.when(cmd("PlayCard", "p1", card=lilith, awaken=True, x=x))
    played = next(e for e in events if e.type == "CardPlayed")
    assert (played.data["x"], played.data["awakened"], played.rule) == (x, True, "FoW-5.5 7.1 p2")
    events += _until(story, "trigger")
    return events


def test_lilith_awakened_with_x_destroys_up_to_total_cost_x_and_gains_life_for_moon_will() -> None:
    story, c = _lilith_story()
    lilith, knight = c["lilith"], c["knight"]
    story.will("p1", "B", "B", "M", "M", "M")
    # the {X} of an [Awakening] needs its X, and only when awakened (9.3 p2.5)
    for wrong in ({"awaken": True}, {"x": 1}):
        refusal = story.refused(cmd("PlayCard", "p1", card=lilith, **wrong))
        assert (refusal.code, refusal.rule) == ("command/malformed", "FoW-5.5 9.3 p2.5"), wrong
    offered = sorted(a["x"] for a in legal(story, "p1", "PlayCard") if a["card"] == lilith and a.get("awaken"))
    assert offered == list(range(len(offered))) and len(offered) >= 4  # each X the will (and stones) can pay
    events = _lilith_enters(story, lilith, 3)
    paid = [e.data["will"] for e in events if e.type == "WillPaid"]
    assert paid == [["B", "B"], ["M", "M", "M"]]  # the [Awakening] {X}, X = 3, paid after the cost (12.1 p1)
    entered = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == lilith and e.data["to"] == "field")
    assert (entered.data["x"], entered.data["paid_will"]) == (3, ["M", "M", "M"])
    trigger = story.state.triggered[0].id
    story.when(cmd("PlayTriggered", "p1", trigger=trigger, targets=[[knight]], pay_with=[]))
    life = story.state.players["p1"].life
    events = story.resolve_all()
    destroyed = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == knight)
    assert destroyed.data["to"] == "graveyard"
    gained = next(e for e in events if e.type == "LifeChanged")
    assert (gained.data["delta"], gained.rule) == (700, "FoW-5.5 1.5 p4")  # the Knight's ATK as it last was (9.11)
    assert story.state.players["p1"].life == life + 700
    story.replays()


def test_lilith_targets_only_total_cost_x_or_less_and_gains_no_life_without_moon_will() -> None:
    story, c = _lilith_story()
    lilith, knight, bear = c["lilith"], c["knight"], c["bear"]
    story.will("p1", "B", "B", "B", "R")
    _lilith_enters(story, lilith, 2)
    trigger = story.state.triggered[0].id
    # the Knight's total cost 3 is more than X = 2 (2.3, 9.3 p2.4)
    refusal = story.refused(cmd("PlayTriggered", "p1", trigger=trigger, targets=[[knight]], pay_with=[]))
    assert (refusal.code, refusal.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    story.when(cmd("PlayTriggered", "p1", trigger=trigger, targets=[[bear]], pay_with=[]))
    events = story.resolve_all()
    assert story.state.objects[bear].zone == "graveyard"
    checked = [e for e in events if e.type == "ConditionChecked"]
    assert [e.data["met"] for e in checked] == [False]  # {B}{R} paid the [Awakening] cost, no {M}
    assert not [e for e in events if e.type == "LifeChanged"]
    story.replays()


# --- Puss in Boots: "you pay {3} less to play this ability" for each Musketeer ----------------------


def test_puss_in_boots_judgment_costs_three_less_for_each_musketeer_you_control() -> None:
    # Puss in Boots (CMF-074): "[J-Activate] Pay {9}: If you control "Athos, the Three Musketeers", you
    # pay {3} less to play this ability. So does "Aramis, the Three Musketeers" and "Porthos, the Three
    # Musketeers"."  Athos (CMF-060), Aramis (CMF-059), Porthos (CMF-073); the decreases apply as the
    # judgment is performed, each while its condition holds (9.3 p2.5)
    story = Story({"CMF-059": 4, "CMF-060": 4, "CMF-073": 4, "T-BEAR": 4}, ruler="CMF-074")
    [puss] = story.state.zones["p1"]["ruler_area"]
    story.put("p2", "CMF-059", "field")  # your opponent's Aramis does not count
    story.put("p1", "CMF-060", "field")
    story.put("p1", "CMF-073", "field")
    story.put("p1", "CMF-060", "field")  # a second Athos: "If you control Athos" holds once
    story.will("p1", "G", "G")
    refusal = story.refused(cmd("PerformJudgment", "p1"))
    assert (refusal.code, refusal.rule) == ("rules/cannot_pay", "FoW-5.5 10.2 p4")  # {9} - {3} - {3} = {3}
    story.will("p1", "G")
    events = story.when(cmd("PerformJudgment", "p1"))
    changed = next(e for e in events if e.type == "CostChanged")
    assert (changed.data["sources"], changed.data["cost"]["free"], changed.rule) == ([puss], 3, "FoW-5.5 9.3 p2.5")
    paid = next(e for e in events if e.type == "WillPaid")
    assert paid.data["will"] == ["G", "G", "G"] and story.state.players["p1"].will == []
    story.replays()


# --- Bahamut, the Dragon King: the ATK of the resonator banished for its judgment -------------------


def test_bahamut_deals_damage_equal_to_the_atk_of_the_resonator_banished_for_its_judgment() -> None:
    # Falltgold, the Dragoon (TAT-026): "[J-Activate] Banish a fire resonator."  Bahamut, the Dragon
    # King (TAT-026J): "[Enter] This card deals damage to target resonator equal to the ATK of
    # resonator banished for its judgment."  The Bear ([500/500]) given [+300/+0]: its ATK as it last
    # was in the field, 800, is dealt (7.5 p2, 9.11)
    story = Story({"T-BEAR": 4, "CMF-010": 4}, ruler="TAT-026")
    [ruler] = story.state.zones["p1"]["ruler_area"]
    bear = story.put("p1", "T-BEAR", "field")
    knight = story.put("p2", "CMF-010", "field")  # [700/700]
    story.modified(bear, "p1", atk=300)
    events = story.when(cmd("PerformJudgment", "p1", cost_cards=[[bear]]))
    performed = next(e for e in events if e.type == "JudgmentPerformed")
    assert (performed.data["cost_cards"], performed.rule) == ([bear], "FoW-5.5 7.5 p2")
    events = story.resolve()
    entered = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == ruler)
    assert entered.data["judgment_cards"] == [bear]
    trigger = story.state.triggered[0].id
    story.when(cmd("PlayTriggered", "p1", trigger=trigger, targets=[[knight]], pay_with=[]))
    events = story.resolve_all()
    dealt = next(e for e in events if e.type == "DamageDealt")
    assert (dealt.data["target"], dealt.data["amount"], dealt.rule) == (knight, 800, "FoW-5.5 10.6 p1")
    assert story.state.objects[knight].zone == "graveyard"  # 800 damage, DEF 700 (13.3)
    story.replays()


# --- Alucard, the Dark Noble: two things the judgment needs ---------------------------------------


def test_alucard_judgment_needs_a_vampire_and_an_opponents_resonator_into_a_graveyard_this_turn() -> None:
    # Alucard, the Dark Noble (CMF-077): "[J-Activate] Pay {0}: You cannot play this ability if you don't
    # control a Vampire resonator and a resonator your opponent controlled hasn't entered a graveyard this
    # turn."  Vampire Bat (CMF-094) is a Vampire resonator; each clause is needed (1.4 p1, 7.5 p2)
    story = Story({"CMF-094": 4, "T-BEAR": 4}, ruler="CMF-077")
    their_bear = story.put("p2", "T-BEAR", "field")
    my_bear = story.put("p1", "T-BEAR", "field")
    story.moved(my_bear, "graveyard")  # your own resonator does not count
    refusal = story.refused(cmd("PerformJudgment", "p1"))
    assert (refusal.code, refusal.rule) == ("rules/ability_condition", "FoW-5.5 1.4 p1")
    story.moved(their_bear, "graveyard", controller="p2", owner="p2")  # from your opponent's field
    refusal = story.refused(cmd("PerformJudgment", "p1"))  # no Vampire resonator yet
    assert (refusal.code, refusal.rule) == ("rules/ability_condition", "FoW-5.5 1.4 p1")
    assert legal(story, "p1", "PerformJudgment") == []
    story.put("p1", "CMF-094", "field")
    assert legal(story, "p1", "PerformJudgment") == [{"pay_with": []}]
    events = story.when(cmd("PerformJudgment", "p1"))
    assert next(e for e in events if e.type == "JudgmentPerformed").rule == "FoW-5.5 7.5 p2"
    story.replays()


# --- Refrain, Child of Convergence: "remove X magic counters" and "with total cost X" ---------------


def test_refrain_removes_x_magic_counters_to_cancel_a_spell_of_total_cost_x() -> None:
    # Refrain, Child of Convergence (TTW-063J): "{Rest}, remove X magic counters from this card: Cancel
    # target normal spell your opponent controls with total cost X."  X is chosen as the ability is
    # played (9.3 p2.5) and counts the counters removed (10.21); Grow (a chant-instant, {R}) has total
    # cost 1 (2.3)
    story = Story({"T-GROW": 4, "T-BEAR": 4}, ruler="TTW-063")
    [refrain] = story.state.zones["p1"]["ruler_area"]
    story.moved(refrain, "field", side="j_ruler", controller="p1")  # a J-ruler since before this turn
    story.given("CounterPut", oid=refrain, counter="magic", count=3)
    [(index, _)] = [(i, a) for i, a in characteristics(story.state, refrain).abilities if a.cost.x]
    bear, grow = story.put("p1", "T-BEAR", "hand"), story.put("p2", "T-GROW", "hand")
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=bear))
    story.when(cmd("Pass", "p1"))  # p2 gets priority with the Bear on the chase (6.1 p1.3)
    story.will("p2", "R")
    story.when(cmd("PlayCard", "p2", card=grow, targets=[[refrain]]))
    story.when(cmd("Pass", "p2"))
    assert story.pending.player == "p1"
    [spell] = [c.id for c in story.state.chase if c.source == grow]  # Grow on the chase (3.13)
    cancel = {"source": refrain, "ability": index, "targets": [[spell]], "pay_with": []}
    refusal = story.refused(cmd("ActivateAbility", "p1", **cancel))
    assert (refusal.code, refusal.rule) == ("command/malformed", "FoW-5.5 9.3 p2.5")  # X must be chosen
    for x in (0, 2):  # Grow's total cost is 1
        refusal = story.refused(cmd("ActivateAbility", "p1", **cancel, x=x))
        assert (refusal.code, refusal.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4"), x
    [summon] = [c.id for c in story.state.chase if c.source == bear]
    refusal = story.refused(cmd("ActivateAbility", "p1", **{**cancel, "targets": [[summon]]}, x=1))
    assert refusal.code == "rules/illegal_target"  # the Bear is a summon spell, and yours
    offered = [a for a in legal(story, "p1", "ActivateAbility") if a["source"] == refrain and a["ability"] == index]
    assert [(a["x"], a["targets"]) for a in offered] == [(1, [[spell]])]
    events = story.when(cmd("ActivateAbility", "p1", **cancel, x=1))
    removed = next(e for e in events if e.type == "CounterRemoved")
    assert (removed.data["oid"], removed.data["count"], removed.rule) == (refrain, 1, "FoW-5.5 9.3 p2.5")
    assert story.state.objects[refrain].counters == {"magic": 2} and story.state.objects[refrain].rested
    events = story.resolve()
    canceled = next(e for e in events if e.type == "ChaseItemCanceled")
    assert canceled.rule == "FoW-5.5 10.11 p1"
    assert story.state.objects[grow].zone == "graveyard"
    story.replays()


# --- Kaguya, the Moonlit Savior: "Whenever you awaken a card", [Awakening] costs {M} less ----------


def test_kaguya_pays_awakening_costs_moon_less_and_grows_whenever_you_awaken() -> None:
    # Kaguya, the Moonlit Savior (TMS-003J): "Whenever you awaken a card, put two [+100/+100] counters on
    # this card."  "God's Art [Light of the Sacred Moon] {W}{M}{3}: Rest all J/resonators your opponent
    # controls. Then recover all magic stones you control. You may pay [Awakening] costs {M} less this
    # turn."  Kaguya, Rabbit Princess of the Lunar Halo (BFA-008, {W}{W}{1}, "[Awakening] {M}{1}")
    story = Story({"BFA-008": 4, "T-BEAR": 4}, ruler="TMS-003")
    [kaguya] = story.state.zones["p1"]["ruler_area"]
    story.moved(kaguya, "field", side="j_ruler", controller="p1")
    bear = story.put("p2", "T-BEAR", "field")
    rabbit = story.put("p1", "BFA-008", "hand")
    # without the God's Art, nothing lets you pay less (9.3 p2.5)
    story.will("p1", "W", "W", "R", "R")
    refusal = story.refused(cmd("PlayCard", "p1", card=rabbit, awaken=True, reduce_awakening=True, targets=[]))
    assert (refusal.code, refusal.rule) == ("rules/no_cost_reduction", "FoW-5.5 9.3 p2.5")
    story.given("WillCeased", player="p1")
    story.will("p1", "W", "M", "W", "W", "W")
    story.when(cmd("ActivateAbility", "p1", source=kaguya, ability=4, targets=[]))
    story.resolve_all()
    assert story.state.objects[bear].rested
    story.will("p1", "W", "W", "R", "R")  # {W}{W}{1} and the [Awakening] {M}{1} less {M}: {1}
    events = story.when(cmd("PlayCard", "p1", card=rabbit, awaken=True, reduce_awakening=True, targets=[]))
    changed = next(e for e in events if e.type == "CostChanged")
    assert (changed.data["of"], changed.data["cost"], changed.rule) == (
        "awakening",
        {"attribute": {}, "free": 1},
        "FoW-5.5 9.3 p2.5",
    )
    assert [e.data["will"] for e in events if e.type == "WillPaid"] == [["W", "W", "R"], ["R"]]
    fired = [e for e in events if e.type == "AbilityTriggered" and e.data["source"] == kaguya]
    assert len(fired) == 1  # "Whenever you awaken a card" (12.1 p1, 9.6 p1)
    while story.state.chase or story.state.triggered:
        if story.pending.kind == "optional":  # the Rabbit Princess's "you may search": declined
            story.when(cmd("ChooseOptional", "p1", accept=False))
        else:
            story.when(cmd("Pass", story.pending.player))
    assert story.state.objects[kaguya].counters == {"+100/+100": 2}
    story.replays()
