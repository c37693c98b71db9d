"""Effects of real Grimm/Alice cards the vocabulary lacked, executed by the engine in the form the
importer gives them (given events / when command / then events; each story replays its whole log):

* damage preventions covering more than "this card" (FoW-5.5 10.17): damage to you ("If damage would
  be dealt to you by a normal spell, prevent 200 of it", p1.1), to every card a filter names ("Prevent
  all damage that would be dealt by normal spells to resonators you control", p1.2), only battle or
  only non-battle damage (battle damage: 8.4, 8.5), and the damage an added resonator deals ("dealt to
  or dealt by added resonator"); a normal spell is a non-resonator card in the chase area (3.13 p3);
* "Your opponent discards a card and banishes a resonator": one player, two effects in order
  (10.18 p1, 10.10 p1);
* "Non-Wererabbit resonators gain [-500/0] and Wererabbit resonators gain [+500/0]": two effects,
  each on every object its subject names (9.9 p4);
* "Resonators your opponent controls cannot attack resonators you control until end of turn": the
  text beats the rule that lets a rested resonator be attacked (8.2 p3.2, 1.4 p1).
"""

from __future__ import annotations

import pytest

from domain.fow import actions, engine
from domain.fow.characteristics import characteristics, overrides_for
from domain.kernel import Event, Shuffler
from tests.fow.cards.story import Story, _add, legal
from tests.fow.support import CARDS, cmd, find
from tests.fow.test_ch8_battle import to_attack_choice, to_block_choice, to_main


def kinds(events: list[Event]) -> list[tuple[str, int, str]]:
    return [(e.type, e.data["amount"], e.rule) for e in events if e.type in ("DamagePrevented", "DamageDealt")]


def replacement_index(story: Story, oid: str) -> int:
    return next(i for i, a in characteristics(story.state, oid).abilities if a.kind == "replacement")


def thunder(story: Story, player: str, target: str) -> list[Event]:
    """``player`` plays Thunder (CMF-038, {R}): "This card deals 500 damage to target player or
    J/resonator."; it resolves."""
    held = {o.zone: o.oid for o in story.state.objects.values() if o.owner == player and o.card == "CMF-038"}
    bolt = held.get("hand") or held.get("main_deck") or held["graveyard"]
    if story.state.objects[bolt].zone != "hand":  # given: a Thunder of the deck or graveyard in the hand
        story.moved(bolt, "hand")
    story.will(player, "R")
    story.when(cmd("PlayCard", player, card=bolt, targets=[[target]]))
    return story.resolve()


# --- damage to you, prevented in part (10.17 p1.1) ------------------------------------------------


def test_barrier_field_prevents_200_of_the_damage_a_normal_spell_deals_to_you() -> None:
    # Barrier Field (MPR-058, [Addition:Field]): "[Continuous]: If damage would be dealt to you by a
    # normal spell, prevent 200 of it."  Thunder deals 500 to p1 (whoever plays it): 200 prevented,
    # 300 dealt; a resonator's damage to p1 and Thunder's damage to p2 are not prevented.
    story = Story({"MPR-058": 4, "CMF-038": 4, "T-BEAR": 4})
    barrier = story.put("p1", "MPR-058", "field")
    bear = story.put("p2", "T-BEAR", "field")
    life = story.state.players["p1"].life
    events = thunder(story, "p1", "p1")
    assert kinds(events) == [("DamagePrevented", 200, "FoW-5.5 10.17 p1.1"), ("DamageDealt", 300, "FoW-5.5 10.6 p1")]
    assert find(events, "DamagePrevented").data["effect"] == f"{barrier}:{replacement_index(story, barrier)}"
    assert story.state.players["p1"].life == life - 300
    assert kinds(story.by_rule(actions.deal_damage, bear, "p1", 500, "given")) == [
        ("DamageDealt", 500, "FoW-5.5 10.6 p1")
    ]
    assert kinds(thunder(story, "p1", "p2")) == [("DamageDealt", 500, "FoW-5.5 10.6 p1")]
    story.replays()


# --- damage to every card a filter names, by a kind of source (10.17 p1.2) ---------------------------


def test_refarth_prevents_damage_normal_spells_would_deal_to_resonators_you_control() -> None:
    # Refarth, the Wind Castle (MOA-038, [Addition:Field]): "[Continuous]: Prevent all damage that would
    # be dealt by normal spells to resonators you control."  Thunder at p1's Bear: all prevented; at
    # p2's Bear or at p1 itself: dealt; p2's Bear dealing damage to p1's Bear: dealt (no spell).
    story = Story({"MOA-038": 4, "CMF-038": 4, "T-BEAR": 4})
    refarth = story.put("p1", "MOA-038", "field")
    mine, theirs = story.put("p1", "T-BEAR", "field"), story.put("p2", "T-BEAR", "field")
    events = thunder(story, "p1", mine)
    assert kinds(events) == [("DamagePrevented", 500, "FoW-5.5 10.17 p1.2")]
    assert find(events, "DamagePrevented").data["effect"] == f"{refarth}:{replacement_index(story, refarth)}"
    assert story.state.objects[mine].zone == "field" and story.state.objects[mine].damage == 0
    assert kinds(story.by_rule(actions.deal_damage, theirs, mine, 200, "given")) == [
        ("DamageDealt", 200, "FoW-5.5 10.6 p1")
    ]
    assert kinds(thunder(story, "p1", "p1")) == [("DamageDealt", 500, "FoW-5.5 10.6 p1")]
    thunder(story, "p1", theirs)
    assert story.state.objects[theirs].zone == "graveyard"  # [500/500], 500 damage: destroyed (5.4)
    story.replays()


def test_reflective_water_shield_prevents_non_battle_damage_by_fire_cards_only() -> None:
    # Reflective Water Shield (BFA-013, [Addition:Resonator]): "Added resonator gains [+200/+600]." /
    # "Prevent all non-battle damage that would be dealt to added resonator by fire cards."  Thunder
    # (fire) and a Bear (fire) by an effect: prevented; battle damage, and damage by a water card
    # (Seer, a water resonator), dealt.
    story = Story({"BFA-013": 4, "CMF-038": 4, "T-BEAR": 4, "T-SEER": 4})
    mine, bear = story.put("p1", "T-BEAR", "field"), story.put("p2", "T-BEAR", "field")
    shield = _add(story, "p1", "BFA-013", mine)
    effect = f"{shield}:{replacement_index(story, shield)}"
    seer = story.put("p2", "T-SEER", "field")
    events = thunder(story, "p1", mine)
    assert kinds(events) == [("DamagePrevented", 500, "FoW-5.5 10.17 p1.2")]
    assert find(events, "DamagePrevented").data["effect"] == effect
    assert kinds(story.by_rule(actions.deal_damage, bear, mine, 300, "given")) == [
        ("DamagePrevented", 300, "FoW-5.5 10.17 p1.2")
    ]
    assert kinds(story.by_rule(actions.deal_damage, seer, mine, 100, "given")) == [
        ("DamageDealt", 100, "FoW-5.5 10.6 p1")
    ]
    battle = story.by_rule(actions.deal_damage, bear, mine, 300, "given", battle=True, rule="8.5 p2")
    assert kinds(battle) == [("DamageDealt", 300, "FoW-5.5 8.5 p2")]
    story.replays()


def test_elixir_prevents_battle_damage_dealt_to_or_by_added_resonator() -> None:
    # Elixir of Immortality (MPR-040, [Addition:Resonator]): "[Continuous]: Prevent all battle damage
    # that would be dealt to or dealt by added resonator."  p1's Bear with it attacks p2's rested Bear:
    # neither deals battle damage (8.5); damage by an effect is dealt.
    story = Story({"MPR-040": 4, "T-BEAR": 4})
    mine, theirs = story.put("p1", "T-BEAR", "field"), story.put("p2", "T-BEAR", "field")
    elixir = _add(story, "p1", "MPR-040", mine)
    effect = f"{elixir}:{replacement_index(story, elixir)}"
    story.given("CardRested", oid=theirs, reason="given")
    story.log += to_main(story.state, turn=3)
    story.given("CardRested", oid=theirs, reason="given")  # still rested in p1's next turn
    story.log += to_attack_choice(story.state)
    story.when(cmd("DeclareAttack", "p1", attacker=mine, target=theirs))
    events: list[Event] = []
    while story.state.battle is not None and story.pending is not None:
        decline = story.pending.kind == "declare_block"
        events += story.when(cmd("DeclineBlock" if decline else "Pass", story.pending.player))
    prevented = [e for e in events if e.type == "DamagePrevented"]
    assert [(e.data["source"], e.data["target"], e.data["amount"], e.data["effect"]) for e in prevented] == [
        (mine, theirs, 500, effect),
        (theirs, mine, 500, effect),
    ]
    assert "DamageDealt" not in [e.type for e in events]
    assert story.state.objects[mine].zone == "field" and story.state.objects[theirs].zone == "field"
    assert kinds(story.by_rule(actions.deal_damage, theirs, mine, 200, "given")) == [
        ("DamageDealt", 200, "FoW-5.5 10.6 p1")
    ]
    story.replays()


# --- one player, two effects (10.18 p1, 10.10 p1) -------------------------------------------------


def test_dark_rezzard_your_opponent_discards_a_card_and_banishes_a_resonator() -> None:
    # Dark Rezzard, the Dying Shadow (TTW-082): "When this card enters your field from a chant-standby
    # area, you may banish another resonator. If you do, your opponent discards a card and banishes a
    # resonator."  p1 banishes its Bear; then p2 discards a card of its choice (10.18 p1) and, after
    # that, banishes one of its own resonators (10.10 p1, p2).
    story = Story({"TTW-082": 4, "T-BEAR": 4, "T-WALL": 4})
    rezzard = story.put("p1", "TTW-082", "standby")
    mine = story.put("p1", "T-BEAR", "field")
    bear, wall = story.put("p2", "T-BEAR", "field"), story.put("p2", "T-WALL", "field")
    card = story.put("p2", "T-WALL", "hand")
    hand = list(story.state.zones["p2"]["hand"])
    story.by_rule(actions.move, rezzard, "field", "given", rule="12.5 p2", reason="given")
    story.when(cmd("Pass", "p1"))  # the lone trigger has no target: played automatically
    events = story.resolve()
    assert find(events, "ChoiceRequested").data["kind"] == "optional"
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    banished = find(events, "CardMoved")  # p1's only other resonator: no choice to make
    assert (banished.data["oid"], banished.data["to"], banished.rule) == (mine, "graveyard", "FoW-5.5 10.10 p1")
    assert find(events, "ConditionChecked").data["met"] is True  # "If you do"
    asked = find(events, "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p2", "discard", "FoW-5.5 10.18 p1")
    assert story.state.objects[wall].zone == "field"  # the banish comes after the discard
    assert story.refused(cmd("ChooseCards", "p1", cards=[card])).code == "rules/not_your_decision"
    assert {tuple(a["cards"]) for a in legal(story, "p2", "ChooseCards")} == {(oid,) for oid in hand}
    events = story.when(cmd("ChooseCards", "p2", cards=[card]))
    discarded = find(events, "CardMoved")
    assert (discarded.data["oid"], discarded.data["to"], discarded.rule) == (card, "graveyard", "FoW-5.5 10.18 p1")
    asked = find(events, "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"]) == ("p2", "banish")
    assert sorted(asked.data["options"]["cards"]) == sorted([bear, wall])
    events = story.when(cmd("ChooseCards", "p2", cards=[wall]))
    banished = find(events, "CardMoved")
    assert (banished.data["oid"], banished.data["to"], banished.rule) == (wall, "graveyard", "FoW-5.5 10.10 p1")
    assert story.state.objects[bear].zone == "field" and story.state.objects[rezzard].zone == "field"
    story.replays()


# --- two subjects, two modifications (9.9 p4) -----------------------------------------------------


def test_total_eclipse_non_wererabbits_lose_500_atk_and_wererabbits_gain_500() -> None:
    # Total Eclipse (MPR-051, chant-standby): "[Trigger] While you control a Moon: Non-Wererabbit
    # resonators gain [-500/0] and Wererabbit resonators gain [+500/0] until end of turn."  Artificial
    # Moon (BFA-082, a Machine Moon [0/1500]); Archer of the Crescent Moon (CMF-039, a Wererabbit
    # [200/200]); Bears [500/500].
    story = Story({"MPR-051": 4, "BFA-082": 4, "CMF-039": 4, "T-BEAR": 4})
    eclipse = story.put("p1", "MPR-051", "standby")
    for _ in range(2):
        story.put("p1", "T-STONE", "stone_area")
    story.log += to_main(story.state, turn=3)  # not in the turn it was put there (7.9 p5)
    mine, theirs = story.put("p1", "T-BEAR", "field"), story.put("p2", "T-BEAR", "field")
    archer = story.put("p2", "CMF-039", "field")
    story.put("p1", "BFA-082", "field")
    events = story.when(cmd("Pass", "p1"))  # p1 controls a Moon: it triggers (9.6 p9)
    trig = next(e for e in events if e.type == "AbilityTriggered" and e.data["source"] == eclipse)
    story.when(cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[], pay_with=[]))
    events = story.resolve()
    made = [e for e in events if e.type == "ContinuousEffectCreated"]
    assert [(e.data["kind"], e.data["atk"]) for e in made] == [("modify", -500), ("modify", 500)]
    chars = {oid: characteristics(story.state, oid) for oid in (mine, theirs, archer)}
    stats = {oid: (c.atk, c.def_) for oid, c in chars.items()}
    assert stats == {mine: (0, 500), theirs: (0, 500), archer: (700, 200)}
    story.replays()


# --- "cannot attack resonators you control" (8.2 p3.2, 1.4 p1) ---------------------------------------


def test_tunnel_vision_resonators_your_opponent_controls_cannot_attack_your_resonators() -> None:
    # Tunnel Vision (VIN001-074, {B}{1}): "Resonators your opponent controls cannot attack resonators
    # you control until end of turn."  p1 plays it in p2's main phase: in that turn's battle p2's Bear
    # may attack p1, not p1's rested Wall.
    story = Story({"VIN001-074": 4, "T-BEAR": 4, "T-WALL": 4})
    bear, wall = story.put("p2", "T-BEAR", "field"), story.put("p1", "T-WALL", "field")
    story.log += to_main(story.state, turn=2)
    story.given("CardRested", oid=wall, reason="given")

    def attacks() -> set[tuple[str, str]]:
        return {
            (c.args["attacker"], c.args["target"])
            for c in engine.legal_actions(story.state, "p2")
            if c.type == "DeclareAttack"
        }

    vision = story.put("p1", "VIN001-074", "hand")
    story.will("p1", "B", "R")
    story.when(cmd("Pass", "p2"))  # p1 gets priority in p2's main phase (6.1 p1.3)
    story.when(cmd("PlayCard", "p1", card=vision, targets=[]))
    made = find(story.resolve(), "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["rules"]) == ("rules", ["cannot_attack_resonators"])
    assert made.data["filter"]["controller"] == "opponent"
    story.log += to_attack_choice(story.state)
    assert (bear, "p1") in attacks() and (bear, wall) not in attacks()
    refused = story.refused(cmd("DeclareAttack", "p2", attacker=bear, target=wall))
    assert refused.rule == "FoW-5.5 1.4 p1"
    story.replays()


# --- changes to the cost of a regalia's [Activate] abilities and of God's Arts (9.3 p2.5) -----------


def test_gill_lapis_makes_the_opponents_regalia_abilities_cost_one_more() -> None:
    # Conqueror of the Black Moon, Gill Lapis (TMS-072, ruler): "Your opponent plays {1} more to play
    # regalia's activate abilities." ("plays": "pays", a misprint).  Both players' ruler is Gill Lapis:
    # p1's Class G's Tank (VIN002-076) "{1}, {Rest}: You gain 200 life." costs {2} (p2's Gill Lapis;
    # p1's own changes nothing for p1); Ragnite's (VIN002-080) will ability "{Rest}: Produce {W}, {R},
    # {U}, {G} or {B}." costs {1} (will abilities are [Activate] abilities too, 9.7).
    story = Story({"VIN002-076": 4, "VIN002-080": 4, "T-BEAR": 4}, ruler="TMS-072")
    tank, ragnite = story.put("p1", "VIN002-076", "field"), story.put("p1", "VIN002-080", "field")
    lapis = story.state.zones["p2"]["ruler_area"][0]
    story.will("p1", "R")
    gain = cmd("ActivateAbility", "p1", source=tank, ability=0, targets=[])
    assert story.refused(gain).code == "rules/cannot_pay"
    assert tank not in {a["source"] for a in legal(story, "p1", "ActivateAbility")}
    story.will("p1", "R")
    assert tank in {a["source"] for a in legal(story, "p1", "ActivateAbility")}
    events = story.when(gain)
    changed = find(events, "CostChanged")
    assert (changed.data["cost"], changed.data["printed"], changed.data["sources"], changed.rule) == (
        {"attribute": {}, "free": 2},
        {"attribute": {}, "free": 1},
        [lapis],
        "FoW-5.5 9.3 p2.5",
    )
    assert story.state.players["p1"].will == []
    story.resolve()
    produce = cmd("ActivateAbility", "p1", source=ragnite, ability=0, choice="W")
    assert story.refused(produce).code == "rules/cannot_pay"
    story.will("p1", "R")
    events = story.when(produce)
    assert find(events, "CostChanged").data["cost"] == {"attribute": {}, "free": 1}
    assert find(events, "WillPaid").data["will"] == ["R"] and story.state.players["p1"].will == ["W"]
    story.replays()


def test_barrier_of_shadows_makes_the_opponents_judgment_cost_one_more() -> None:
    # Barrier of Shadows (TTW-073, [Addition:Field]): "Your opponent pays {1} more to play [Judgment]
    # or God's Art abilities."  The test ruler's [Judgment] {R}{1} costs p1 {R}{2}.
    story = Story({"TTW-073": 4, "T-BEAR": 4})
    barrier = story.put("p2", "TTW-073", "field")
    story.will("p1", "R", "R")
    assert story.refused(cmd("PerformJudgment", "p1")).code == "rules/cannot_pay"
    story.will("p1", "R")
    changed = find(story.when(cmd("PerformJudgment", "p1")), "CostChanged")
    assert (changed.data["cost"], changed.data["sources"]) == ({"attribute": {"R": 1}, "free": 2}, [barrier])
    story.replays()


# --- "can block resonators with [Flying]" (11.5, 1.4 p1) --------------------------------------------


class NamedRulerStory(Story):
    """A Story whose rulers are a stand-in for a real ruler whose own abilities the vocabulary lacks
    ("Yggdrasil, the World Tree", TMS-068; "Christie, the Wind Tracker", CMF-061): the test ruler
    under that name."""

    def __init__(self, main: dict[str, int], name: str) -> None:
        named = {**CARDS["T-RULER"], "id": "T-NAMED", "name": name}
        super().__init__(main, ruler="T-NAMED", cards={"T-NAMED": named})


@pytest.mark.parametrize("yggdrasil", [True, False])
def test_child_of_the_forest_blocks_a_flying_resonator_while_your_ruler_is_yggdrasil(yggdrasil: bool) -> None:
    # Child of the Forest (TMS-054, [300/900]): "As long as your ruler is "Yggdrasil, the World Tree",
    # this card can block resonators with [Flying]."  p2's Tai Gong Wang (VIN001-042, [Flying]) attacks
    # p1: the Child may block it only with Yggdrasil as p1's ruler; p1's Bear never may (11.5).
    main = {"TMS-054": 4, "VIN001-042": 4, "T-BEAR": 4}
    story = NamedRulerStory(main, "Yggdrasil, the World Tree") if yggdrasil else Story(main)
    child, bear = story.put("p1", "TMS-054", "field"), story.put("p1", "T-BEAR", "field")
    tai = story.put("p2", "VIN001-042", "field")
    story.log += to_main(story.state, turn=2)
    story.log += to_attack_choice(story.state)
    story.when(cmd("DeclareAttack", "p2", attacker=tai, target="p1"))
    story.log += to_block_choice(story.state)
    blockers = {c.args["blocker"] for c in engine.legal_actions(story.state, "p1") if c.type == "DeclareBlock"}
    assert blockers == ({child} if yggdrasil else set())
    refusal = story.refused(cmd("DeclareBlock", "p1", blocker=bear))
    assert (refusal.code, refusal.rule) == ("rules/blocker_lacks_flying", "FoW-5.5 11.5 p1")
    if yggdrasil:
        story.when(cmd("DeclareBlock", "p1", blocker=child))
        assert story.state.battle is not None and story.state.battle.blocker == child
    else:
        assert story.refused(cmd("DeclareBlock", "p1", blocker=child)).rule == "FoW-5.5 11.5 p1"
    story.replays()


# --- "Switch the ATK and DEF" (9.9 p1.4, p3) -----------------------------------------------------------


def test_suseri_hime_switches_atk_and_def_in_timestamp_order() -> None:
    # Suseri-hime, Goddess of Passion (TTW-049, [200/900]): "{U}: Switch the ATK and DEF of this card
    # until end of turn." / "{U}: This card gains [0/+100] until end of turn."  The gain made before the
    # switch is switched with the rest ([200/1000] -> [1000/200]); the one made after it is not
    # ([1000/300]): value changes apply in the order they were made (9.9 p3); a +100/+100 counter
    # applies after them all (9.9 p1.5).  At the end of the turn the effects end (5.4 p3).
    story = Story({"TTW-049": 4, "T-BEAR": 4})
    suseri = story.put("p1", "TTW-049", "field")

    def stats() -> tuple[int | None, int | None]:
        chars = characteristics(story.state, suseri)
        return chars.atk, chars.def_

    def play(ability: int) -> list[Event]:
        story.will("p1", "U")
        story.when(cmd("ActivateAbility", "p1", source=suseri, ability=ability, targets=[]))
        return story.resolve()

    play(1)
    assert stats() == (200, 1000)
    made = find(play(0), "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["targets"], made.rule) == ("switch", [suseri], "FoW-5.5 9.9 p1.4")
    assert stats() == (1000, 200)
    play(1)
    assert stats() == (1000, 300)
    story.given("CounterPut", oid=suseri, counter="+100/+100", count=1)
    assert stats() == (1100, 400)
    play(0)  # switched back, the counter still applied last
    assert stats() == (400, 1100)
    story.log += to_main(story.state, turn=2)
    assert stats() == (300, 1000)
    story.replays()


def test_fairy_flower_extract_sets_the_added_resonators_atk_and_def() -> None:
    # Fairy Flower Extract (BFA-037, [Addition:Resonator]): "Added resonator becomes a [200/300]."  A
    # Bear [500/500] given [+300/+300] before the Extract is added: [200/300] (the earlier change is
    # lost); [+100/+100] given after: [300/400]; a +100/+100 counter applies last (9.9 p1.5): [400/500].
    story = Story({"BFA-037": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")

    def stats() -> tuple[int | None, int | None]:
        chars = characteristics(story.state, bear)
        return chars.atk, chars.def_

    def pump(n: int) -> None:
        data = {"source": bear, "controller": "p1", "targets": [bear], "kind": "modify", "duration": "end_of_turn"}
        story.given("ContinuousEffectCreated", id=f"given-{n}", **data, atk=n, **{"def": n})

    pump(300)
    assert stats() == (800, 800)
    _add(story, "p1", "BFA-037", bear)
    assert stats() == (200, 300)
    pump(100)
    assert stats() == (300, 400)
    story.given("CounterPut", oid=bear, counter="+100/+100", count=1)
    assert stats() == (400, 500)
    story.replays()


# --- "discards a card at random" (10.18 p1; the pick comes from the recorded seed, like a shuffle) -----


def test_lapis_dark_storm_discards_a_card_at_random_then_one_of_the_players_choice() -> None:
    # Lapis' Dark Storm (BFA-070): "Your opponent discards a card at random, then discards a card."
    # The random card is picked by the game's seed (recorded with its shuffle index, so replay and
    # audit re-derive it); then p2 chooses the second card.
    story = Story({"BFA-070": 4, "T-BEAR": 4, "T-WALL": 4})
    for card in ("T-BEAR", "T-WALL", "T-BEAR"):
        story.put("p2", card, "hand")
    hand = list(story.state.zones["p2"]["hand"])
    storm = story.put("p1", "BFA-070", "hand")
    story.will("p1", "B", "B")
    index = story.state.shuffles
    story.when(cmd("PlayCard", "p1", card=storm, targets=[]))
    events = story.resolve()
    chosen = find(events, "CardsChosenAtRandom")
    assert (chosen.data["player"], chosen.data["shuffle_index"], chosen.rule) == ("p2", index, "FoW-5.5 10.18 p1")
    [first] = chosen.data["cards"]
    assert first == Shuffler(story.state.seed, index).shuffled(hand)[0]
    discarded = find(events, "CardMoved")
    assert (discarded.data["oid"], discarded.data["to"], discarded.data["reason"]) == (first, "graveyard", "discard")
    asked = find(events, "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"]) == ("p2", "discard")
    second = next(oid for oid in hand if oid != first)
    story.when(cmd("ChooseCards", "p2", cards=[second]))
    assert {story.state.objects[oid].zone for oid in (first, second)} == {"graveyard"}
    assert story.state.shuffles == index + 1
    story.replays()


# --- "Add this card to another target resonator" (10.1 p1, 7.2 p3) ---------------------------------


def test_fear_of_battle_moves_itself_onto_another_resonator() -> None:
    # Fear of Battle (SKL-023, [Addition:Resonator]): "Added resonator cannot block." / "{R}{R}: Add
    # this card to another target resonator."  Added to p2's Bear, it is moved onto p2's Wall: the
    # Wall cannot block, the Bear can again.  The Bear it is added to is no legal target ("another").
    story = Story({"SKL-023": 4, "T-BEAR": 4, "T-WALL": 4})
    bear, wall = story.put("p2", "T-BEAR", "field"), story.put("p2", "T-WALL", "field")
    fear = _add(story, "p1", "SKL-023", bear)
    since = story.state.objects[fear].zone_since
    assert cannot_block(story, bear) and not cannot_block(story, wall)
    story.will("p1", "R", "R")
    offered = {a["targets"][0][0] for a in legal(story, "p1", "ActivateAbility") if a["source"] == fear}
    assert wall in offered and bear not in offered
    refused = story.refused(cmd("ActivateAbility", "p1", source=fear, ability=1, targets=[[bear]]))
    assert refused.code.startswith("rules/")
    story.when(cmd("ActivateAbility", "p1", source=fear, ability=1, targets=[[wall]]))
    moved = find(story.resolve(), "AdditionMoved")
    assert (moved.data, moved.rule) == ({"oid": fear, "from": bear, "to": wall}, "FoW-5.5 10.1 p1")
    assert story.state.objects[fear].attached_to == wall and story.state.objects[fear].zone_since == since
    assert cannot_block(story, wall) and not cannot_block(story, bear)
    story.replays()


def cannot_block(story: Story, oid: str) -> bool:
    """Whether ``oid`` cannot block (FoW-5.5 1.4 p1)."""
    return overrides_for(story.state, oid).cannot_block


# --- "loses its symbol skills" (9.9 p1.2, p3) ---------------------------------------------------------


@pytest.mark.parametrize("christie", [True, False])
def test_fina_opponents_resonators_lose_their_symbol_skills_while_your_ruler_is_christie(christie: bool) -> None:
    # Fina, the Silver Player (CMF-068): "[Continuous]: If your Ruler is "Christie, the Wind Tracker" or
    # your J-Ruler is "Helsing, the Vampire Hunter", each resonator your opponent controls loses its
    # symbol skills."  p2's Tai Gong Wang (VIN001-042) loses its printed [Flying] while p1's ruler is
    # Christie; [First Strike] given to it after Fina entered still applies (9.9 p3); p1's own Tai keeps
    # [Flying].
    main = {"CMF-068": 4, "VIN001-042": 4, "T-BEAR": 4}
    story = NamedRulerStory(main, "Christie, the Wind Tracker") if christie else Story(main)
    theirs, mine = story.put("p2", "VIN001-042", "field"), story.put("p1", "VIN001-042", "field")
    story.given("ContinuousEffectCreated", id="given-1", kind="grant", skill="pierce", **given_to(theirs))
    story.put("p1", "CMF-068", "field")
    story.given("ContinuousEffectCreated", id="given-2", kind="grant", skill="first_strike", **given_to(theirs))
    skills = characteristics(story.state, theirs).skills
    assert skills == ({"first_strike"} if christie else {"flying", "pierce", "first_strike"})
    assert characteristics(story.state, mine).skills == {"flying"}
    story.replays()


def given_to(oid: str) -> dict[str, object]:
    return {"source": oid, "controller": "p2", "targets": [oid], "duration": "end_of_turn"}


# --- "They don't recover during their controller's next recovery phase" (5.2 p5, 1.4 p1) ---------------


def test_momentary_respite_rested_resonators_skip_their_controllers_next_recovery_only() -> None:
    # Momentary Respite (VIN002-041, {U}{2}): "Rest up to two target resonators your opponent controls.
    # They don't recover during their controller's next recovery phase."  In p2's next recovery phase the
    # two stay rested (another rested resonator of p2's recovers); in the one after, they recover.
    # (Each player's first turn has no recovery phase, 5.2 p1: p1 plays it in turn 3, p2 recovers in turn 4.)
    story = Story({"VIN002-041": 4, "T-BEAR": 4, "T-WALL": 4})
    bears = [story.put("p2", "T-BEAR", "field"), story.put("p2", "T-BEAR", "field")]
    wall = story.put("p2", "T-WALL", "field")
    story.log += to_main(story.state, turn=3)
    story.given("CardRested", oid=wall, reason="given")
    respite = story.put("p1", "VIN002-041", "hand")
    story.will("p1", "U", "R", "R")
    story.when(cmd("PlayCard", "p1", card=respite, targets=[bears]))
    events = story.resolve()
    assert [e.data["oid"] for e in events if e.type == "CardRested"] == bears
    made = find(events, "ContinuousEffectCreated")
    assert (made.data["targets"], made.data["duration"]) == (bears, "next_recovery_phase")
    story.log += to_main(story.state, turn=4)
    assert [story.state.objects[b].rested for b in bears] == [True, True]
    assert not story.state.objects[wall].rested
    recovered = next(e for e in story.log if e.type == "CardsRecovered" and e.data["player"] == "p2")
    assert recovered.data["not_recovered"] == bears and recovered.rule == "FoW-5.5 5.2 p5"
    ended = next(e for e in story.log if e.type == "ContinuousEffectsEnded")
    assert (ended.data["ids"], ended.rule) == ([made.data["id"]], "FoW-5.5 5.2 p5")
    story.log += to_main(story.state, turn=6)
    assert [story.state.objects[b].rested for b in bears] == [False, False]
    story.replays()
