"""Target phrases and restrictions of real Grimm/Alice cards executed by the engine in the form the
importer gives them (given events / when command / then events; each story replays its whole log):

* "Recover all Fairies you control": a Fairy ruler in the ruler area is one of them (FoW-5.5 2.5
  p4) and is recovered like any card in a playground (10.12 p1);
* "You cannot play this ability if you don't control X" (1.4 p1) and "Thi card loses all abilities
  until end of turn" (9.9 p1.2);
* "Remove this card and target resonator from the game" (10.3 p1): the effect on this card applies
  even if the target is no longer legal (9.3 p3.1).
"""

from __future__ import annotations

import pytest

from domain.fow import actions
from domain.fow.characteristics import characteristics, overrides_for
from domain.fow.flow import can_attack_with
from tests.fow.cards import story as harness
from tests.fow.cards.story import Story, legal
from tests.fow.cards.triggers.test_play_triggers_costs_and_target_filters import pass_until, triggered_by
from tests.fow.support import CARDS as RULERS
from tests.fow.support import cmd
from tests.fow.test_ch8_battle import to_main

# --- "Recover all Fairies you control" -----------------------------------------------------------


def test_recover_all_fairies_you_control_the_j_ruler_included(monkeypatch: pytest.MonkeyPatch) -> None:
    # Alice, Paladin of Unwavering Hope (TTW-111J): "When this card enters your field ⇒ Recover all
    # Fairies you control."  T-FAIRY, an invented ruler whose [Judgment] {W} puts TTW-111J (a Fairy)
    # into the field; the J-ruler, rested before the ability resolves, recovers itself.  Fairy of
    # the Lake (TTW-005) is a Fairy resonator.
    fairy = {**RULERS["T-RULER"], "id": "T-FAIRY", "name": "Fairy Ruler", "races": ["Fairy"]}
    fairy["judgment"] = {"cost": {"attribute": {"W": 1}, "free": 0}, "j_ruler": "TTW-111J"}
    real = harness.database_cards
    monkeypatch.setattr(harness, "database_cards", lambda: {**real(), "T-FAIRY": fairy})
    story = Story({"TTW-005": 4, "T-BEAR": 4}, ruler="T-FAIRY")
    [alice] = story.state.zones["p1"]["ruler_area"]
    c = {
        "alice": alice,
        "lake": story.put("p1", "TTW-005", "field"),
        "bear": story.put("p1", "T-BEAR", "field"),  # no Fairy
        "their_lake": story.put("p2", "TTW-005", "field"),  # a Fairy p1 does not control
    }
    story.will("p1", "W")
    story.when(cmd("PerformJudgment", "p1"))
    events = story.resolve()  # the judgment resolves: the J-ruler enters the field (7.5 p3)
    assert story.state.objects[alice].zone == "field"
    [trig] = triggered_by(events, alice)
    for oid in c.values():  # rested before the ability resolves
        story.given("CardRested", oid=oid)
    assert (trig.data["kind"], trig.rule) == ("ability", "FoW-5.5 9.6 p5")
    events = story.resolve()
    recovered = [e for e in events if e.type == "CardRecovered"]
    assert sorted(e.data["oid"] for e in recovered) == sorted([c["alice"], c["lake"]])
    assert {e.rule for e in recovered} == {"FoW-5.5 10.12 p1"}
    assert [story.state.objects[c[k]].rested for k in ("alice", "lake", "bear", "their_lake")] == [
        False,
        False,
        True,
        True,
    ]
    story.replays()


# --- "Thi card loses all abilities"; "You cannot play this ability if you don't control X" -----


def test_blinded_prince_needs_rapunzel_and_then_loses_cannot_attack() -> None:
    # Blinded Prince (CMF-002): "[Continuous]: This card cannot attack or block.  [Activate] Pay {0}:
    # Thi card loses all abilities until end of turn. You cannot play this ability if you don't
    # control "Rapunzel, the Long-Haired Princess"."  Rapunzel (CMF-014).
    story = Story({"CMF-002": 4, "CMF-014": 4})
    prince = story.put("p1", "CMF-002", "field")
    story.log += to_main(story.state, turn=3)  # in the field since the turn began
    assert not can_attack_with(story.state, prince)
    refusal = story.refused(cmd("ActivateAbility", "p1", source=prince, ability=1))
    assert (refusal.code, refusal.rule) == ("rules/ability_condition", "FoW-5.5 1.4 p1")
    rapunzel = story.put("p2", "CMF-014", "field")  # the opponent's Rapunzel does not count
    refusal = story.refused(cmd("ActivateAbility", "p1", source=prince, ability=1))
    assert (refusal.code, refusal.rule) == ("rules/ability_condition", "FoW-5.5 1.4 p1")
    story.moved(rapunzel, "graveyard")
    story.put("p1", "CMF-014", "field")
    story.when(cmd("ActivateAbility", "p1", source=prince, ability=1))
    events = story.resolve()
    made = next(e for e in events if e.type == "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["targets"], made.rule) == ("lose_abilities", [prince], "FoW-5.5 9.9 p1.2")
    assert can_attack_with(story.state, prince)  # "cannot attack" is gone with its abilities
    story.replays()


# --- "Remove this card and target resonator from the game" ---------------------------------------


def test_remove_this_card_and_target_resonator_from_the_game() -> None:
    # Alice, the Guardian of Dimensions (MPR-091): "[Activate] Pay {W}, {Rest}: Remove this card and
    # target resonator from the game."
    story = Story({"MPR-091": 4, "T-BEAR": 4})
    alice = story.put("p1", "MPR-091", "field")
    bear = story.put("p2", "T-BEAR", "field")
    story.log += to_main(story.state, turn=3)  # {Rest}: in the field since the turn began
    story.will("p1", "W")
    story.when(cmd("ActivateAbility", "p1", source=alice, ability=1, targets=[[bear]]))
    events = story.resolve()
    removed = [e for e in events if e.type == "CardMoved" and e.data["to"] == "removed"]
    assert [(e.data["oid"], e.rule) for e in removed] == [(alice, "FoW-5.5 10.3 p1"), (bear, "FoW-5.5 10.3 p1")]
    story.replays()


def test_this_card_is_removed_even_if_the_target_is_gone() -> None:
    # Alice, the Guardian of Dimensions (MPR-091): the Bear leaves the field before the ability
    # resolves: the effect involving it is not applied, the one on this card is (9.3 p3.1)
    story = Story({"MPR-091": 4, "T-BEAR": 4})
    alice = story.put("p1", "MPR-091", "field")
    bear = story.put("p2", "T-BEAR", "field")
    story.log += to_main(story.state, turn=3)
    story.will("p1", "W")
    story.when(cmd("ActivateAbility", "p1", source=alice, ability=1, targets=[[bear]]))
    story.moved(bear, "hand")
    story.resolve()
    assert (story.state.objects[alice].zone, story.state.objects[bear].zone) == ("removed", "hand")
    story.replays()


# --- "cannot be targeted by light spells or light card's abilities" + "prevent ... by light cards" --


def test_neithardt_cannot_be_targeted_by_light_cards_nor_dealt_their_damage() -> None:
    # Neithardt, the Demon Knight (TAT-085, darkness): "[Continuous]: This card cannot be targeted by
    # light spells or light card's abilities and prevent all damage that would be dealt to this card
    # by light cards."  Alice, the Guardian of Dimensions (MPR-091, light and water): "[Activate] Pay
    # {W}, {Rest}: Remove this card and target resonator from the game."  Bolt (T-BOLT) is fire.
    story = Story({"TAT-085": 4, "MPR-091": 4, "T-BEAR": 4, "T-BOLT": 4})
    knight = story.put("p2", "TAT-085", "field")
    bear = story.put("p2", "T-BEAR", "field")
    alice = story.put("p1", "MPR-091", "field")
    story.log += to_main(story.state, turn=3)
    story.will("p1", "W")
    offered = [a["targets"] for a in legal(story, "p1", "ActivateAbility") if a["source"] == alice]
    assert knight not in {t for groups in offered for group in groups for t in group}
    refusal = story.refused(cmd("ActivateAbility", "p1", source=alice, ability=1, targets=[[knight]]))
    assert (refusal.code, refusal.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    story.when(cmd("ActivateAbility", "p1", source=alice, ability=1, targets=[[bear]]))  # any other resonator
    story.resolve()
    # damage from a light card is prevented (10.17 p1.2)
    light = story.put("p1", "MPR-091", "field")
    prevented = story.by_rule(actions.deal_damage, light, knight, 300, "given")
    assert [(e.type, e.rule, e.data["effect"]) for e in prevented] == [
        ("DamagePrevented", "FoW-5.5 10.17 p1.2", f"{knight}:1")
    ]
    # a fire spell may target it, and its damage is dealt
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=story.put("p1", "T-BOLT", "hand"), targets=[[knight]]))
    events = story.resolve()
    assert next(e for e in events if e.type == "DamageDealt").data["target"] == knight
    story.replays()


def test_longinus_protects_the_resonator_it_is_added_to_from_darkness() -> None:
    # Longinus, the Holy Lance (TAT-009, [Addition:Resonator]): "[Continuous]: Resonator with this gains
    # [+500/+500], cannot be targeted by darkness spells or darkness card's abilities and prevent all
    # damage that would be dealt to it by darkness cards."  Stoning to Death (TAT-088) is a darkness
    # spell ("Destroy target resonator"); Neithardt (TAT-085) a darkness resonator.
    story = Story({"TAT-009": 4, "TAT-088": 4, "TAT-085": 4, "T-BEAR": 4, "T-BOLT": 4})
    bear, other = story.put("p1", "T-BEAR", "field"), story.put("p1", "T-BEAR", "field")
    lance = story.put("p1", "TAT-009", "hand")
    story.will("p1", "W", "W")
    story.when(cmd("PlayCard", "p1", card=lance, targets=[[bear]]))
    story.resolve()
    assert story.state.objects[lance].attached_to == bear
    chars = characteristics(story.state, bear)
    assert (chars.atk, chars.def_) == (1000, 1000)
    stoning = story.put("p1", "TAT-088", "hand")
    story.will("p1", "B", "B")
    refusal = story.refused(cmd("PlayCard", "p1", card=stoning, targets=[[bear]]))
    assert (refusal.code, refusal.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    assert [p["targets"] for p in legal(story, "p1", "PlayCard") if p["card"] == stoning] == [[[other]]]
    knight = story.put("p2", "TAT-085", "field")
    prevented = story.by_rule(actions.deal_damage, knight, bear, 800, "given")
    assert [(e.type, e.rule, e.data["effect"]) for e in prevented] == [
        ("DamagePrevented", "FoW-5.5 10.17 p1.2", f"{lance}:2")
    ]
    dealt = story.by_rule(actions.deal_damage, other, bear, 300, "given")  # a fire Bear's damage is dealt
    assert next(e for e in dealt if e.type == "DamageDealt").data["amount"] == 300
    # a fire spell may target it
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=story.put("p1", "T-BOLT", "hand"), targets=[[bear]]))
    story.resolve()
    story.replays()


# --- "cannot be blocked by <J/resonators>" (1.4 p1, 8.3 p3) ----------------------------------------


def to_block(story: Story, attacker: str) -> None:
    story.attack(attacker, until="declare_block")


def test_william_wallace_cannot_be_blocked_by_resonators_with_atk_600_or_less() -> None:
    # William Wallace (VIN001-030): "This card cannot be blocked by resonators with ATK 600 or less."
    # The Bear (T-BEAR, [500/500]) cannot block it until it gains [+200/+0]; its ATK now counts.
    story = Story({"VIN001-030": 4, "T-BEAR": 4, "T-WALL": 4})
    wallace = story.put("p1", "VIN001-030", "field")
    bear, wall = story.put("p2", "T-BEAR", "field"), story.put("p2", "T-WALL", "field")
    story.log += to_main(story.state, turn=3)
    to_block(story, wallace)
    assert legal(story, "p2", "DeclareBlock") == []
    refusal = story.refused(cmd("DeclareBlock", "p2", blocker=bear))
    assert (refusal.code, refusal.rule) == ("rules/cannot_be_blocked", "FoW-5.5 1.4 p1")
    story.modified(bear, "p2", atk=200)
    assert legal(story, "p2", "DeclareBlock") == [{"blocker": bear}]  # [700/500] now; not the Wall ([100/...])
    events = story.when(cmd("DeclareBlock", "p2", blocker=bear))
    assert next(e for e in events if e.type == "BlockDeclared").data["blocker"] == bear
    assert story.state.objects[wall].zone == "field"
    story.replays()


def test_stone_bowl_target_resonator_cannot_be_blocked_by_water_resonators() -> None:
    # Stone Bowl of Buddha (CMF-055, [Addition:Field]): "[Activate] {Rest}: Target resonator cannot be
    # blocked by water resonators until end of turn."  Sleeping Rat (TAT-051) is a water resonator,
    # the Bear (T-BEAR) a fire one.
    story = Story({"CMF-055": 4, "TAT-051": 4, "T-BEAR": 4})
    bowl = story.put("p1", "CMF-055", "field")
    attacker = story.put("p1", "T-BEAR", "field")
    rat, bear = story.put("p2", "TAT-051", "field"), story.put("p2", "T-BEAR", "field")
    story.log += to_main(story.state, turn=3)
    story.when(cmd("ActivateAbility", "p1", source=bowl, ability=0, targets=[[attacker]]))
    made = next(e for e in story.resolve() if e.type == "ContinuousEffectCreated")
    assert (made.data["rules"], made.data["blocked_by"], made.rule) == (
        ["cannot_be_blocked"],
        {"types": ["resonator"], "attributes": ["U"]},
        "FoW-5.5 1.4 p4",
    )
    to_block(story, attacker)
    assert legal(story, "p2", "DeclareBlock") == [{"blocker": bear}]
    refusal = story.refused(cmd("DeclareBlock", "p2", blocker=rat))
    assert (refusal.code, refusal.rule) == ("rules/cannot_be_blocked", "FoW-5.5 1.4 p1")
    story.when(cmd("DeclareBlock", "p2", blocker=bear))
    story.replays()


# --- "with [Stealth]" / "with [Awakening]": keyword abilities in a filter (12.5, 12.1) ------------


def test_melder_counts_the_resonators_with_stealth_you_control() -> None:
    # Melder, Last of the Dead (BFA-071, [Stealth]): "When this card enters your field, target
    # resonator gains [-400/-400] for each resonator with [Stealth] you control until end of turn."
    # Underground Dragger (SKL-081) has [Stealth]; p2's Dragger is not p1's, the Bear has none, and a
    # Dragger that lost all its abilities (9.9 p1.2) has no [Stealth] either.
    story = Story({"BFA-071": 4, "SKL-081": 4, "T-BEAR": 4, "T-WALL": 4})
    mine = story.put("p1", "SKL-081", "field")
    silenced = story.put("p1", "SKL-081", "field")
    story.given(
        "ContinuousEffectCreated",
        id="x-lost",
        kind="lose_abilities",
        source=silenced,
        controller="p1",
        targets=[silenced],
        duration="end_of_turn",
    )
    story.put("p1", "T-BEAR", "field")
    story.put("p2", "SKL-081", "field")
    wall = story.put("p2", "T-WALL", "field")  # [100/1000]
    melder = story.put("p1", "BFA-071", "hand")
    events = story.by_rule(actions.move, melder, "field", "given", rule="3.1 p5", reason="put", controller="p1")
    [trig] = triggered_by(events, melder)
    story.when(cmd("Pass", "p1"))
    story.when(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[[wall]]))
    events = story.resolve()
    made = next(e for e in events if e.type == "ContinuousEffectCreated")
    assert (made.data["targets"], made.data["atk"], made.data["def"]) == ([wall], -800, -800)  # Melder and `mine`
    chars = characteristics(story.state, wall)
    assert (chars.atk, chars.def_) == (0, 200)
    assert story.state.objects[mine].zone == "field"
    story.replays()


def test_holy_moon_j_resonators_you_control_with_awakening_gain() -> None:
    # Holy Moon of Pure Nights (TMS-004, [Addition:Field]): "J/resonators you control with [Awakening]
    # gain [+200/+200]."  Crescent Moon Magician (TMS-002) has [Awakening]; so has The Little Match
    # Girl (TTW-035), whose [Awakening] {X} the vocabulary cannot express (printed all the same);
    # the Bear has none; p2's Magician is not p1's.
    story = Story({"TMS-004": 4, "TMS-002": 4, "TTW-035": 4, "T-BEAR": 4})
    c = {
        "magician": story.put("p1", "TMS-002", "field"),
        "match_girl": story.put("p1", "TTW-035", "field"),
        "bear": story.put("p1", "T-BEAR", "field"),
        "theirs": story.put("p2", "TMS-002", "field"),
    }
    before = {k: (characteristics(story.state, o).atk, characteristics(story.state, o).def_) for k, o in c.items()}
    story.put("p1", "TMS-004", "field")
    after = {k: (characteristics(story.state, o).atk, characteristics(story.state, o).def_) for k, o in c.items()}
    gained = {k for k in c if after[k] != before[k]}
    assert gained == {"magician", "match_girl"}
    assert after["magician"] == (400, 800)
    story.replays()


# --- Blood Boil: "Your opponent cannot gain life until end of turn"; "At the next end of turn" ------


def test_blood_boil_your_opponent_cannot_gain_life_until_end_of_turn() -> None:
    # Blood Boil (BFA-018, chant-instant): "Choose one - This card deals 600 damage to your opponent.
    # Your opponent cannot gain life until end of turn; or ..."  Pride of Knights (VIN001-011,
    # chant-instant): "Target J/resonator you control gains [+200/+200] until end of turn. You gain
    # 200 life."  The prohibition beats the instruction (1.4 p4); p1 still gains life.
    story = Story({"BFA-018": 4, "VIN001-011": 4, "T-BEAR": 4})
    mine, theirs = story.put("p1", "T-BEAR", "field"), story.put("p2", "T-BEAR", "field")
    story.will("p1", "R", "R")
    story.when(cmd("PlayCard", "p1", card=story.put("p1", "BFA-018", "hand"), modes=[0]))
    events = story.resolve()
    assert story.state.players["p2"].life == 3400
    made = next(e for e in events if e.type == "ContinuousEffectCreated")
    assert (made.data["targets"], made.data["rules"], made.rule) == (["p2"], ["cannot_gain_life"], "FoW-5.5 1.4 p4")
    story.when(cmd("Pass", "p1"))
    story.will("p2", "W")
    story.when(cmd("PlayCard", "p2", card=story.put("p2", "VIN001-011", "hand"), targets=[[theirs]]))
    events = story.resolve()
    prevented = next(e for e in events if e.type == "LifeGainPrevented")
    assert (prevented.data, prevented.rule) == ({"player": "p2", "amount": 200}, "FoW-5.5 1.4 p4")
    assert story.state.players["p2"].life == 3400
    story.will("p1", "W")  # p1 is not prohibited
    story.when(cmd("PlayCard", "p1", card=story.put("p1", "VIN001-011", "hand"), targets=[[mine]]))
    story.resolve()
    assert story.state.players["p1"].life == 4200
    story.log += to_main(story.state, turn=2)  # until end of turn (5.4 p5)
    story.will("p2", "W")
    story.when(cmd("PlayCard", "p2", card=story.put("p2", "VIN001-011", "hand"), targets=[[theirs]]))
    story.resolve()
    assert story.state.players["p2"].life == 3600
    story.replays()


def test_blood_boil_destroys_that_resonator_at_the_next_end_of_turn() -> None:
    # Blood Boil (BFA-018): "...; or target resonator you control gains [+800/+800] until end of turn.
    # At the next end of turn, destroy that resonator."  Played in the main phase: this turn's end
    # (5.4 p3); played in the end phase after "at the end of turn" happened (5.4 p4): next turn's.
    story = Story({"BFA-018": 4, "T-BEAR": 4})
    early, late = story.put("p1", "T-BEAR", "field"), story.put("p1", "T-BEAR", "field")
    story.will("p1", "R", "R")
    story.when(cmd("PlayCard", "p1", card=story.put("p1", "BFA-018", "hand"), targets=[[early]], modes=[1]))
    events = story.resolve()
    made = next(e for e in events if e.type == "DelayedAbilityCreated")
    assert (made.data["at"], made.data["turn"], made.rule) == ("next_end_of_turn", 1, "FoW-5.5 9.6 p8")
    story.log += pass_until(
        story.state, lambda s: (s.phase, s.step) == ("end", "end_of_turn") and s.pending.kind == "priority"
    )
    assert story.state.triggered or story.state.chase  # the delayed ability triggered (9.6 p8)
    story.log += pass_until(
        story.state,
        lambda s: (s.phase, s.step) == ("end", "end_of_turn") and not s.chase and s.pending.kind == "priority",
        play_triggers=True,
    )
    assert story.state.objects[early].zone == "graveyard"
    story.will("p1", "R", "R")  # an instant in the end phase's last priority sequence (5.4 p4)
    story.when(cmd("PlayCard", "p1", card=story.put("p1", "BFA-018", "hand"), targets=[[late]], modes=[1]))
    events = story.resolve()
    made = next(e for e in events if e.type == "DelayedAbilityCreated")
    assert (made.data["at"], made.data["turn"]) == ("next_end_of_turn", 2)
    story.log += to_main(story.state, turn=2)
    assert story.state.objects[late].zone == "field"  # not destroyed at the end of turn 1
    story.log += pass_until(
        story.state,
        lambda s: s.turn == 3,
        play_triggers=True,
    )
    assert story.state.objects[late].zone == "graveyard"
    story.replays()


# --- "[Awakening] {M}: Players cannot chase this card." (12.1, 10.7 p2) ---------------------------


@pytest.mark.parametrize("awaken", [True, False])
def test_seal_of_wind_and_light_awakened_cannot_be_chased(awaken: bool) -> None:
    # Seal of Wind and Light (TMS-089, chant-instant, {W}{G}): "Cancel target spell.  [Awakening] {M}:
    # Players cannot chase this card."  p1 plays Grow (T-GROW, an instant); p2 cancels it with the
    # Seal; p1 may answer with another Grow only if the Seal was not awakened (10.7 p2).
    story = Story({"TMS-089": 4, "T-GROW": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    story.will("p1", "R", "R")
    story.when(cmd("PlayCard", "p1", card=story.put("p1", "T-GROW", "hand"), targets=[[bear]]))
    story.when(cmd("Pass", "p1"))
    grow = story.state.chase[0].id
    story.will("p2", "W", "G", *(["M"] if awaken else []))
    seal = story.put("p2", "TMS-089", "hand")
    story.when(cmd("PlayCard", "p2", card=seal, targets=[[grow]], **({"awaken": True} if awaken else {})))
    assert story.state.chase[-1].awakened is awaken
    story.when(cmd("Pass", "p2"))
    again = cmd("PlayCard", "p1", card=story.put("p1", "T-GROW", "hand"), targets=[[bear]])
    if awaken:
        refusal = story.refused(again)
        assert (refusal.code, refusal.rule) == ("rules/cannot_chase", "FoW-5.5 10.7 p2")
        assert [p for p in legal(story, "p1", "PlayCard")] == []
    else:
        story.when(again)
        assert len(story.state.chase) == 3
    story.replays()


# --- "deals 300 damage to each player for each special magic stone that he or she controls" ------


def test_split_heaven_and_earth_counts_each_players_own_special_stones() -> None:
    # Split Heaven and Earth (MPR-034, chant, {R}{R}): "This card deals 300 damage to each player for
    # each special magic stone that he or she controls."  T-DUAL is a special magic stone, T-STONE
    # a basic one: p1 controls two special ones, p2 one (10.6 p2: damage to a player lowers life).
    story = Story({"MPR-034": 4}, {"T-DUAL": 4, "T-STONE": 6})
    for player, dual in (("p1", 2), ("p2", 1)):
        for _ in range(dual):
            story.put(player, "T-DUAL", "stone_area")
        story.put(player, "T-STONE", "stone_area")
    story.will("p1", "R", "R")
    story.when(cmd("PlayCard", "p1", card=story.put("p1", "MPR-034", "hand")))
    events = story.resolve()
    dealt = [(e.data["target"], e.data["amount"]) for e in events if e.type == "DamageDealt"]
    assert dealt == [("p1", 600), ("p2", 300)]
    assert (story.state.players["p1"].life, story.state.players["p2"].life) == (3400, 3700)
    story.replays()


# --- "Vampire resonator with this ... Otherwise, it cannot attack or block." -----------------------


def coffin_on(story: Story, host: str) -> str:
    coffin = story.put("p1", "CMF-079", "hand")
    story.will("p1", "B", "B")
    story.when(cmd("PlayCard", "p1", card=coffin, targets=[[host]]))
    story.resolve()
    assert story.state.objects[coffin].attached_to == host
    return coffin


def test_black_coffin_protects_a_vampire_from_your_opponent_only() -> None:
    # Black Coffin of Vampires (CMF-079, [Addition:Resonator]): "[Continuous]: Vampire resonator with
    # this cannot be targeted by spells or abilities your opponent controls. Otherwise, it cannot
    # attack or block."  Herald of the Undead Lord (SKL-070) is a Vampire; Grow (T-GROW) an instant.
    # "Your opponent" is the opponent of the Coffin's controller (p1), whoever controls the Vampire.
    story = Story({"CMF-079": 4, "SKL-070": 4, "T-GROW": 4, "T-BEAR": 4})
    mine, theirs = story.put("p1", "SKL-070", "field"), story.put("p2", "SKL-070", "field")
    bear = story.put("p2", "T-BEAR", "field")
    coffin_on(story, mine)
    coffin_on(story, theirs)
    story.when(cmd("Pass", "p1"))
    story.will("p2", "R")
    grow = story.put("p2", "T-GROW", "hand")
    for vampire in (mine, theirs):  # p2 is the opponent of the Coffins' controller
        refusal = story.refused(cmd("PlayCard", "p2", card=grow, targets=[[vampire]]))
        assert (refusal.code, refusal.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    story.when(cmd("PlayCard", "p2", card=grow, targets=[[bear]]))
    story.resolve()
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=story.put("p1", "T-GROW", "hand"), targets=[[theirs]]))
    made = next(e for e in story.resolve() if e.type == "ContinuousEffectCreated")
    assert made.data["targets"] == [theirs]
    assert not overrides_for(story.state, mine).cannot_attack  # a Vampire: it may attack
    story.replays()


def test_black_coffin_on_a_non_vampire_it_cannot_attack_or_block() -> None:
    # Black Coffin of Vampires (CMF-079) added to p2's Bear (no Vampire): it cannot attack or block
    # (1.4 p1); it may be targeted.
    story = Story({"CMF-079": 4, "T-BEAR": 4, "T-GROW": 4})
    bear = story.put("p2", "T-BEAR", "field")
    coffin_on(story, bear)
    rules = overrides_for(story.state, bear)
    assert (rules.cannot_attack, rules.cannot_block) == (True, True)
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=story.put("p1", "T-GROW", "hand"), targets=[[bear]]))
    story.resolve()
    story.replays()


# --- Melgis: "banish a magic stone or resonator"; "+X/+0 where X is the ATK of the destroyed resonator" -


def melgis_story(monkeypatch: pytest.MonkeyPatch) -> tuple[Story, str]:
    # T-KING, an invented ruler whose [Judgment] {R} puts Melgis, the One Charmed by the Demon Sword
    # (SKL-027J) into the field ("When this card enters your field, put the top card of your magic
    # stone deck into your magic stone area").
    king = {**RULERS["T-RULER"], "id": "T-KING", "name": "Test King", "races": ["Seven Kings"]}
    king["judgment"] = {"cost": {"attribute": {"R": 1}, "free": 0}, "j_ruler": "SKL-027J"}
    real = harness.database_cards
    monkeypatch.setattr(harness, "database_cards", lambda: {**real(), "T-KING": king})
    story = Story({"T-BEAR": 4, "T-WALL": 4}, ruler="T-KING")
    [melgis] = story.state.zones["p1"]["ruler_area"]
    story.will("p1", "R")
    story.when(cmd("PerformJudgment", "p1"))
    story.resolve()
    story.log += pass_until(story.state, lambda s: not s.chase and not s.triggered, play_triggers=True)
    assert story.state.objects[melgis].zone == "field"
    return story, melgis


def test_melgis_banishes_a_magic_stone_or_a_resonator(monkeypatch: pytest.MonkeyPatch) -> None:
    # "{R}, banish a magic stone or resonator: This card deals 300 damage to target resonator."
    # A magic stone in the magic stone area or a resonator in the field (10.10 p1), not a J-ruler.
    story, melgis = melgis_story(monkeypatch)
    stone = story.put("p1", "T-STONE", "stone_area")
    bear, wall = story.put("p1", "T-BEAR", "field"), story.put("p2", "T-WALL", "field")
    story.will("p1", "R")
    options = {
        o for a in legal(story, "p1", "ActivateAbility") if a["source"] == melgis for [o] in a.get("cost_cards", [])
    }
    assert {stone, bear} <= options and melgis not in options and wall not in options
    story.when(cmd("ActivateAbility", "p1", source=melgis, ability=1, targets=[[wall]], cost_cards=[[stone]]))
    assert story.state.objects[stone].zone == "graveyard"
    events = story.resolve()
    assert next(e for e in events if e.type == "DamageDealt").data["amount"] == 300
    story.will("p1", "R")
    story.when(cmd("ActivateAbility", "p1", source=melgis, ability=1, targets=[[wall]], cost_cards=[[bear]]))
    assert story.state.objects[bear].zone == "graveyard"
    story.replays()


def test_melgis_gains_the_atk_of_the_destroyed_resonator(monkeypatch: pytest.MonkeyPatch) -> None:
    # "God's Art <Unleash the Demon Sword> {R}{R}{4}: Destroy target resonator. This card gains
    # [+X/+0] until end of turn, where X is the ATK of the destroyed resonator."  The Bear ([500/500])
    # has gained [+200/+0]: X is 700, its ATK as it last was in the field (9.11).
    story, melgis = melgis_story(monkeypatch)
    bear = story.put("p2", "T-BEAR", "field")
    story.modified(bear, "p2", atk=200)
    before = characteristics(story.state, melgis).atk
    story.will("p1", "R", "R", "R", "R", "R", "R")
    story.when(cmd("ActivateAbility", "p1", source=melgis, ability=2, targets=[[bear]]))
    events = story.resolve()
    assert story.state.objects[bear].zone == "graveyard"
    made = next(e for e in events if e.type == "ContinuousEffectCreated")
    assert (made.data["targets"], made.data["atk"], made.data["def"], made.rule) == (
        [melgis],
        700,
        0,
        "FoW-5.5 10.19 p3",
    )
    assert characteristics(story.state, melgis).atk == (before or 0) + 700
    story.replays()


def test_no_resonator_destroyed_no_atk_gained(monkeypatch: pytest.MonkeyPatch) -> None:
    # The Bear leaves the field before the God's Art resolves: nothing is destroyed, X is 0 (9.3 p3.1).
    story, melgis = melgis_story(monkeypatch)
    bear = story.put("p2", "T-BEAR", "field")
    before = characteristics(story.state, melgis).atk
    story.will("p1", "R", "R", "R", "R", "R", "R")
    story.when(cmd("ActivateAbility", "p1", source=melgis, ability=2, targets=[[bear]]))
    story.moved(bear, "graveyard")
    events = story.resolve()
    made = [e for e in events if e.type == "ContinuousEffectCreated"]
    assert [e.data["atk"] for e in made] == [0]
    assert characteristics(story.state, melgis).atk == before
    story.replays()


# --- "a Regalia or Knight of the Round Table", "target addition or card in a chant-standby area" ----


def test_perceval_may_take_a_regalia_or_a_knight_of_the_round_table() -> None:
    # Perceval, the Seeker of Holy Grail (TTW-013, a Knight of the Round Table): "When this card enters
    # your field, reveal the top five cards of your main deck. You may put a Regalia or Knight of the
    # Round Table from among them into your hand. Put the rest on the bottom of your main deck in any
    # order."  Imperial Tank (VIN002-078) is a regalia; the Bear and the Wall are neither.
    story = Story({"TTW-013": 4, "VIN002-078": 4, "T-BEAR": 4, "T-WALL": 4})
    perceval = story.put("p1", "TTW-013", "hand")
    top = [story.put("p1", c, "hand") for c in ("T-BEAR", "VIN002-078", "TTW-013", "T-WALL", "T-BEAR")]
    for oid in top:  # the last one moved is the top card
        story.moved(oid, "main_deck")
    story.by_rule(actions.move, perceval, "field", "given", rule="3.1 p5", reason="put", controller="p1")
    story.when(cmd("Pass", "p1"))  # no target: the ability is played at once (9.6 p6)
    events = story.resolve()
    asked = next(e for e in events if e.type == "ChoiceRequested")
    assert (asked.data["kind"], asked.rule) == ("look", "FoW-5.5 10.13 p1")
    assert sorted(asked.data["options"]["cards"]) == sorted([top[1], top[2]])  # the Tank and the Knight
    assert (asked.data["options"]["min"], asked.data["options"]["max"]) == (0, 1)
    story.when(cmd("ChooseCards", "p1", cards=[top[1]]))
    assert story.state.objects[top[1]].zone == "hand"
    story.replays()


def test_perceval_prevents_damage_to_a_j_ruler_or_a_knight_of_the_round_table() -> None:
    # Perceval, the Seeker of Holy Grail (TTW-013): "Banish this card: Prevent all damage that would be
    # dealt to target J-Ruler or Knight of the Round Table until end of turn."  The test ruler's
    # J-ruler (T-JRULER) and another Perceval may be chosen, the Bear may not.
    story = Story({"TTW-013": 4, "T-BEAR": 4})
    [jruler] = story.state.zones["p1"]["ruler_area"]
    story.will("p1", "R", "R")
    story.when(cmd("PerformJudgment", "p1"))
    story.resolve()
    perceval, knight = story.put("p1", "TTW-013", "field"), story.put("p2", "TTW-013", "field")
    bear = story.put("p2", "T-BEAR", "field")
    offered = {t for a in legal(story, "p1", "ActivateAbility") if a["source"] == perceval for [t] in a["targets"]}
    assert offered == {jruler, perceval, knight}
    refusal = story.refused(cmd("ActivateAbility", "p1", source=perceval, ability=1, targets=[[bear]]))
    assert (refusal.code, refusal.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    story.when(cmd("ActivateAbility", "p1", source=perceval, ability=1, targets=[[jruler]]))
    made = next(e for e in story.resolve() if e.type == "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["targets"]) == ("prevent", [jruler])
    story.replays()


def test_fairy_of_sacred_vision_destroys_an_addition_or_a_card_in_a_chant_standby_area() -> None:
    # Fairy of Sacred Vision (BFA-004): "Banish this card: Destroy target addition or card in a
    # chant-standby area."  Stone Bowl of Buddha (CMF-055) is an addition; a face-down card in p2's
    # chant-standby area may be chosen too (1.4 p1); the Bear may not.
    story = Story({"BFA-004": 4, "CMF-055": 4, "T-BEAR": 4})
    fairy = story.put("p1", "BFA-004", "field")
    bowl, hidden = story.put("p2", "CMF-055", "field"), story.put("p2", "T-BEAR", "standby")
    bear = story.put("p2", "T-BEAR", "field")
    offered = {t for a in legal(story, "p1", "ActivateAbility") if a["source"] == fairy for [t] in a["targets"]}
    assert offered == {bowl, hidden}
    refusal = story.refused(cmd("ActivateAbility", "p1", source=fairy, ability=0, targets=[[bear]]))
    assert (refusal.code, refusal.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    story.when(cmd("ActivateAbility", "p1", source=fairy, ability=0, targets=[[hidden]]))
    assert story.state.objects[fairy].zone == "graveyard"  # banished as the cost (10.10 p1)
    events = story.resolve()
    moved = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == hidden)
    assert (moved.data["to"], moved.rule) == ("graveyard", "FoW-5.5 1.4 p1")
    fairy = story.put("p1", "BFA-004", "field")
    story.when(cmd("ActivateAbility", "p1", source=fairy, ability=0, targets=[[bowl]]))
    story.resolve()
    assert story.state.objects[bowl].zone == "graveyard"
    story.replays()


# --- Ouroboros: "remove all cards in your main deck"; "put it on the bottom of its owner's main deck" -


def test_ouroboros_removes_the_main_deck_and_reshuffles_the_graveyard() -> None:
    # Ouroboros, the Snake of Reincarnation (SKL-028): "When this card enters your field, remove all
    # cards in your main deck from the game. Then shuffle all magic stones from your graveyard into
    # your magic stone deck and shuffle all other cards from your graveyard into your main deck."
    story = Story({"SKL-028": 4, "T-BEAR": 4})
    bear, stone = story.put("p1", "T-BEAR", "graveyard"), story.put("p1", "T-STONE", "graveyard")
    snake = story.put("p1", "SKL-028", "hand")
    deck = list(story.state.zones["p1"]["main_deck"])
    assert deck
    story.by_rule(actions.move, snake, "field", "given", rule="3.1 p5", reason="put", controller="p1")
    story.when(cmd("Pass", "p1"))  # no target: played at once (9.6 p6)
    events = story.resolve()
    removed = [e.data["oid"] for e in events if e.type == "CardMoved" and e.data["to"] == "removed"]
    assert sorted(removed) == sorted(deck) and {e.rule for e in events if e.data.get("to") == "removed"} == {
        "FoW-5.5 10.3 p1"
    }
    assert story.state.zones["p1"]["main_deck"] == [bear]
    assert story.state.objects[stone].zone == "stone_deck" and story.state.zones["p1"]["graveyard"] == []
    shuffled = [e.data["zone"] for e in events if e.type == "DeckShuffled"]
    assert shuffled == ["stone_deck", "main_deck"]
    story.replays()


def test_ouroboros_goes_to_the_bottom_of_its_owners_main_deck() -> None:
    # Ouroboros (SKL-028): "When this card is put into a graveyard from your field, put it on the
    # bottom of its owner's main deck."  The card in the graveyard (3.1 p3, p5).
    story = Story({"SKL-028": 4, "T-BEAR": 4})
    snake = story.put("p1", "SKL-028", "field")
    events = story.by_rule(actions.destroy, snake, "given")
    assert len(triggered_by(events, snake)) == 1
    story.when(cmd("Pass", "p1"))
    events = story.resolve()
    moved = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == snake)
    assert (moved.data["from"], moved.data["to"], moved.rule) == ("graveyard", "main_deck", "FoW-5.5 3.1 p5")
    assert story.state.zones["p1"]["main_deck"][0] == snake  # the bottom
    story.replays()
