"""FoW-5.01 8 (battle), played under the 5.01 ruleset: the steps of a battle and the
citations the engine emits for them, checked against the 5.01 text."""

from __future__ import annotations

from tests.fow.support import cmd, find, rejected, run, types
from tests.fow.test_rules_5_01 import attack, card, given, pass_until, to_attack_choice
from tests.fow.v5_01.support_b import at_main, cites, resolve, resonator, spell, to_end_of_battle, will

FENCER = resonator("T-FENCER", 600, 300, skills=["first_strike"])
ZAP = spell("T-ZAP", [{"op": "deal_damage", "amount": 1000, "target": {"kind": "chosen"}}], "chant_instant")
RUSH = spell(
    "T-RUSH",
    [{"op": "modify", "atk": 300, "def": 0, "target": {"kind": "chosen"}, "duration": "end_of_battle"}],
    "chant_instant",
)


def test_a_battle_begins_with_the_beginning_of_battle_step_and_the_turn_players_priority() -> None:
    """5.01 8.1 p1, p2: the battle begins with the beginning of battle step, whose "at the
    beginning of battle" triggers happen, then the turn player gains priority; after both pass
    the declare attack step begins (8.2 p1)."""
    # given p1's main phase under 5.01
    state, _ = at_main({})
    # when p1 initiates a battle
    events = run(state, cmd("InitiateBattle", "p1"))
    # then the beginning of battle step begins, citing 5.01 8.1 p1, and p1 has priority
    step = find(events, "StepBegan")
    assert step.data == {"phase": "main", "step": "battle_begin"}
    assert cites(step.rule, "8.1 p1", "At the beginning of battle phase")
    assert find(events, "PriorityGiven").data == {"player": "p1"}
    assert state.pending is not None and (state.pending.kind, state.pending.player) == ("priority", "p1")
    step = find(resolve(state), "StepBegan")
    assert step.data["step"] == "declare_attack" and cites(step.rule, "8.2 p1", "declair attack step")


def test_the_non_turn_player_blocks_with_a_recovered_j_resonator_which_is_rested() -> None:
    """5.01 8.3 p1-p6: after the declare block step's priority, the non-turn player chooses to
    block with a recovered J/resonator that can block (p3); blocking rests it (p4); then the
    turn player gains priority (p6)."""
    # given an attack by p1's bear and two walls of p2, one of them rested
    state, f = at_main({}, bear="p1:T-BEAR", wall="p2:T-WALL", tired="p2:T-WALL")
    given(state, "CardRested", oid=f["tired"])
    to_attack_choice(state)
    run(state, cmd("DeclareAttack", "p1", attacker=f["bear"], target="p2"))
    events = pass_until(state, lambda s: s.pending is not None and s.pending.kind == "declare_block")
    step = next(e for e in events if e.type == "StepBegan")
    assert step.data["step"] == "declare_block" and cites(step.rule, "8.3 p1", "declare block step")
    asked = find(events, "ChoiceRequested")
    assert asked.data["player"] == "p2" and cites(asked.rule, "8.3 p3", "choose to block or forfeit")
    # when p2 blocks with the rested wall, then with the recovered one
    refusal = rejected(state, cmd("DeclareBlock", "p2", blocker=f["tired"]))
    assert refusal.code == "rules/blocker_rested" and cites(refusal.rule, "8.3 p3", "recovered <J/resonator>")
    events = run(state, cmd("DeclareBlock", "p2", blocker=f["wall"]))
    # then the recovered wall is rested and blocks, and p1 gains priority
    assert types(events) == ["CardRested", "BlockDeclared", "StepBegan", "PriorityGiven"]
    assert cites(find(events, "CardRested").rule, "8.3 p4", "rest a <J/resonator>")
    assert find(events, "BlockDeclared").data == {"blocker": f["wall"]}
    assert cites(find(events, "StepBegan").rule, "8.3 p6", "Turn player gains priority")
    assert state.pending is not None and state.pending.player == "p1"
    assert state.objects[f["wall"]].rested and state.battle is not None and state.battle.blocker == f["wall"]


def test_without_a_blocker_the_attacked_j_resonator_battles_the_attacker() -> None:
    """5.01 8.3 p5: a J/resonator is blocking only as long as it is in a field; without a
    blocking J/resonator the attacker and the attacked J/resonator battle each other."""
    # given p1's bear attacking p2's rested wall, blocked by p2's other wall
    state, f = at_main({"T-ZAP": ZAP}, bear="p1:T-BEAR", down="p2:T-WALL", blocker="p2:T-WALL")
    given(state, "CardRested", oid=f["down"])
    attack(state, f["bear"], f["down"], blocker=f["blocker"])
    # when p1 destroys the blocker
    zap = card(state, "p1", "T-ZAP")
    will(state, "p1", "R")
    run(state, cmd("PlayCard", "p1", card=zap, targets=[f["blocker"]]))
    resolve(state)
    assert state.objects[f["blocker"]].zone == "graveyard"
    # then the bear and the attacked wall deal damage to each other
    dealt = [e for e in to_end_of_battle(state) if e.type == "DamageDealt"]
    assert [(e.data["source"], e.data["target"], e.data["amount"]) for e in dealt] == [
        (f["bear"], f["down"], 500),
        (f["down"], f["bear"], 100),
    ]
    assert cites(dealt[0].rule, "8.5 p2.2", "object chosen in declare attack step")


def test_a_first_striker_deals_its_damage_in_the_first_strike_step_to_the_blocker() -> None:
    """5.01 8.4 p2, p2.1: an attacking J/resonator with first strike deals damage equal to its
    ATK in the first strike battle resolution step, to the blocking J/resonator; the blocker
    strikes back in the normal step only (8.5 p3)."""
    # given p1's fencer (first strike, 600) blocked by p2's wall (100/1000)
    state, f = at_main({"T-FENCER": FENCER}, fencer="p1:T-FENCER", wall="p2:T-WALL")
    attack(state, f["fencer"], "p2", blocker=f["wall"])
    # when the battle reaches the first strike step
    events = pass_until(state, lambda s: s.step == "first_strike")
    # then the fencer deals 600 to the wall, and nothing else is dealt before the normal step
    dealt = find(events, "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (f["fencer"], f["wall"], 600)
    assert cites(dealt.rule, "8.4 p2.1", "dealt to it")
    assert cites(find(events, "FirstStrikeDamageDealt").rule, "8.4 p2", "first strike")
    normal = [e for e in to_end_of_battle(state) if e.type == "DamageDealt"]
    assert [(e.data["source"], e.data["amount"]) for e in normal] == [(f["wall"], 100)]


def test_unblocked_first_strike_damage_is_dealt_to_the_attacked_player_once() -> None:
    """5.01 8.4 p2.2: without a blocker, the first strike damage is dealt to the object chosen
    in the declare attack step; 8.5 p2: it is not dealt again in the normal step."""
    state, f = at_main({"T-FENCER": FENCER}, fencer="p1:T-FENCER")
    attack(state, f["fencer"], "p2")
    dealt = [e for e in to_end_of_battle(state) if e.type == "DamageDealt"]
    assert [(e.data["target"], e.data["amount"]) for e in dealt] == [("p2", 600)]
    assert cites(dealt[0].rule, "8.4 p2.2", "object chosen in declare attack step")
    assert state.players["p2"].life == 3400


def test_without_an_attacker_the_battle_goes_to_the_end_of_battle_step() -> None:
    """5.01 8.4 p1: if there is no attacking J/resonator at the first strike step, the battle
    goes directly to the end of battle step (8.6 p1): no damage is dealt."""
    # given p1's bear attacking p2, destroyed by p2 before the block
    state, f = at_main({"T-ZAP": ZAP}, bear="p1:T-BEAR")
    to_attack_choice(state)
    run(state, cmd("DeclareAttack", "p1", attacker=f["bear"], target="p2"))
    run(state, cmd("Pass", "p1"))
    zap = card(state, "p2", "T-ZAP")
    will(state, "p2", "R")
    run(state, cmd("PlayCard", "p2", card=zap, targets=[f["bear"]]))
    resolve(state)
    # when the battle continues
    events = to_end_of_battle(state)
    # then it skips from the first strike step to the end of battle
    steps = [(e.data["step"], e.rule) for e in events if e.type == "StepBegan"]
    assert [s for s, _ in steps] == ["declare_block", "first_strike", "end_of_battle"]
    assert cites(steps[1][1], "8.4 p1", "go directly to end of battle step")
    assert cites(steps[2][1], "8.6 p1", "At the end of battle phase")
    assert "DamageDealt" not in types(events) and state.players["p2"].life == 4000


def test_until_end_of_battle_effects_end_in_the_final_step_of_the_end_of_battle_step() -> None:
    """5.01 8.6 p3.1: as a final step, the continuous effects "until end of the battle" end;
    8.6 p4: then the attacking J/resonator stops attacking and the battle ends."""
    # given p1's bear attacking with +300 ATK until end of battle and +200/+200 until end of turn
    state, f = at_main({"T-RUSH": RUSH}, bear="p1:T-BEAR")
    to_attack_choice(state)
    run(state, cmd("DeclareAttack", "p1", attacker=f["bear"], target="p2"))
    rush, grow = card(state, "p1", "T-RUSH"), card(state, "p1", "T-GROW")
    will(state, "p1", "R", "R")
    run(state, cmd("PlayCard", "p1", card=rush, targets=[f["bear"]]))
    resolve(state)
    run(state, cmd("PlayCard", "p1", card=grow, targets=[f["bear"]]))
    resolve(state)
    rush_effect, grow_effect = (e.id for e in state.effects)
    pass_until(state, lambda s: s.pending is not None and s.pending.kind == "declare_block")
    run(state, cmd("DeclineBlock", "p2"))
    assert find(to_end_of_battle(state), "DamageDealt").data["amount"] == 1000
    # when both pass in the end of battle step
    events = resolve(state)
    # then the battle effect ends, before the battle ends; the turn effect lasts
    ended = find(events, "ContinuousEffectsEnded")
    assert ended.data == {"ids": [rush_effect], "why": "end of battle"}
    assert cites(ended.rule, "8.6 p3.1", "until end of the battle end")
    assert cites(find(events, "BattleEnded").rule, "8.6 p4", "battle ends")
    assert types(events).index("ContinuousEffectsEnded") < types(events).index("BattleEnded")
    assert [e.id for e in state.effects] == [grow_effect]
    assert (state.phase, state.step, state.battle) == ("main", "main", None)
