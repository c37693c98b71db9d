"""LL-2.04 8 (attack and battle), 2.16 (paradox rules) and 10.3/10.6 (losing, overloaded
paradoxes) as specifications."""

from __future__ import annotations

from domain.ll import engine
from domain.ll.characteristics import characteristics
from domain.ll.state import GameState
from tests.ll.support import (
    advance_until,
    cmd,
    deck,
    deploy_given,
    find,
    find_all,
    given,
    hand_card,
    level_up,
    pending,
    put,
    rejected,
    run,
    start_game,
    take,
    to_main,
    types,
)

IDOL = "LL-TST-047"


def battle_game(levels: int = 2) -> GameState:
    """p1 in its main phase with ``levels`` face-up Level Zone cards."""
    state, _ = start_game(
        deck({"LL-TST-004": 2, IDOL: 2, "LL-TST-021": 2}), deck({"LL-TST-004": 2, IDOL: 2, "LL-TST-021": 2})
    )
    to_main(state, "p1")
    level_up(state, "p1", levels)
    return state


def to_attack(state: GameState) -> None:
    run(state, cmd("EndMainPhase", "p1"))
    assert pending(state) == ("attack", "p1")


def test_the_attack_limit_is_the_number_of_face_up_level_cards() -> None:
    state = battle_game(levels=0)
    deploy_given(state, "p1", "LL-TST-900", ["FC"])
    put(state, state.zones["p1"]["deck"][-1], "level", face_down=True)
    events = run(state, cmd("EndMainPhase", "p1"))
    ended = find(events, "AttacksEnded")
    assert ended.rule == "LL-2.04 8.2.4" and ended.data["why"] == "attack limit reached"
    assert state.turn_player == "p2" or state.phase == "end"


def test_an_attack_on_an_empty_circle_destroys_the_gate_there() -> None:
    state = battle_game(levels=2)
    attacker = deploy_given(state, "p1", "LL-TST-900", ["FC"])
    deploy_given(state, "p1", "LL-TST-901", ["BC"])  # a second standing member keeps the battle phase going
    dawn = next((g for g in state.zones["p2"]["gate"] if state.objects[g].card == "LL-TST-G01"), None)
    if dawn is None or state.objects[dawn].circles[0] not in ("FL", "FC", "FR"):
        gate = state.gate_at("p2", "FC")
        assert gate is not None
        put(state, gate, "remove", face_down=True)
        dawn = take(state, "p2", "LL-TST-G01", "remove" if dawn is None else "gate")
        put(state, dawn, "gate", circles=["FC"], face_down=True)
    loc = state.objects[dawn].circles[0]
    to_attack(state)
    hand = len(state.zones["p2"]["hand"])
    events = run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle=loc))
    assert types(events)[:4] == ["AttackChosen", "BattleBegan", "CardRested", "AttackDeclared"]
    assert find(events, "CardRested").rule == "LL-2.04 8.2.5"
    destroyed = find(events, "GateDestroyed")
    assert (destroyed.data["oid"], destroyed.data["by"], destroyed.rule) == (dawn, attacker, "LL-2.04 8.2.10.3")
    assert not state.objects[dawn].face_down  # 5.32.1
    # [On Gate Destruction] (11.7): the gate's owner draws a card
    assert find(events, "AbilityTriggered", source=dawn).rule == "LL-2.04 11.7.1"
    assert len(state.zones["p2"]["hand"]) == hand + 1
    assert find(events, "BattleEnded").rule == "LL-2.04 8.6.7"
    assert pending(state) == ("attack", "p1") and state.players["p1"].attacks == 1


def test_an_already_destroyed_gate_is_not_destroyed_again() -> None:
    state = battle_game(levels=1)
    attacker = deploy_given(state, "p1", "LL-TST-900", ["FC"])
    gate = state.gate_at("p2", "FL")
    assert gate is not None
    given(state, "GateDestroyed", oid=gate)
    to_attack(state)
    events = run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FL"))
    assert find(events, "NothingHappened").rule == "LL-2.04 5.32.1.1"
    assert not find_all(events, "GateDestroyed")


def test_a_back_row_circle_needs_the_gate_in_front_of_it_destroyed() -> None:
    state = battle_game(levels=2)
    attacker = deploy_given(state, "p1", "LL-TST-900", ["FC"])
    to_attack(state)
    r = rejected(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="BC"))
    assert (r.code, r.rule) == ("rules/illegal_attack_target", "LL-2.04 8.2.6.1")
    front = state.gate_at("p2", "FC")
    assert front is not None
    given(state, "GateDestroyed", oid=front)
    events = run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="BC"))
    assert find(events, "GateDestroyed").data["oid"] == state.gate_at("p2", "BC")


def test_an_attack_target_that_is_no_circle_is_malformed() -> None:
    """LL-2.04 8.2.6: the attack names one of the opponent's circles; anything else is a malformed
    command naming the argument, not a back-row rejection (8.2.6.1)."""
    state = battle_game(levels=2)
    attacker = deploy_given(state, "p1", "LL-TST-900", ["FC"])
    to_attack(state)
    for circle in ("XX", 3, None):
        r = rejected(state, cmd("DeclareAttack", "p1", attacker=attacker, circle=circle))
        assert (r.code, r.rule) == ("command/malformed", "LL-2.04 8.2.6")
        assert "'circle'" in r.message and "back" not in r.message


def test_only_standing_members_attack() -> None:
    state = battle_game(levels=2)
    attacker = deploy_given(state, "p1", "LL-TST-900", ["FC"], rested=True)
    other = deploy_given(state, "p1", "LL-TST-901", ["FL"])
    to_attack(state)
    r = rejected(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    assert (r.code, r.rule) == ("rules/cannot_attack", "LL-2.04 8.2.5")
    run(state, cmd("DeclareAttack", "p1", attacker=other, circle="FC"))
    # the only standing member attacked: no further attack is possible (8.2.4)
    assert state.turn_player == "p2"


def member_battle(state: GameState) -> tuple[str, str]:
    attacker = deploy_given(state, "p1", "LL-TST-900", ["FC"])
    defender = deploy_given(state, "p2", "LL-TST-900", ["FC"])
    return attacker, defender


def test_attacking_a_member_leads_to_intercept_and_logic_definition_non_turn_player_first() -> None:
    state = battle_game()
    attacker, defender = member_battle(state)
    lyra = deploy_given(state, "p2", "LL-TST-004", ["FL"])  # P+1000 / IC
    to_attack(state)
    events = run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    assert find(events, "DefenderDesignated").data["defender"] == defender
    assert pending(state) == ("intercept", "p2")
    assert state.pending is not None and state.pending.options["members"] == [lyra]  # not the attacked member
    r = rejected(state, cmd("Intercept", "p2", members=[defender]))
    assert (r.code, r.rule) == ("rules/cannot_intercept", "LL-2.04 8.3.3.1")
    events = run(state, cmd("Intercept", "p2", members=[lyra]))
    assert find(events, "CardMoved", oid=lyra).data["to"] == "intercept"
    assert characteristics(state, defender).power == 4000  # 8.3.4
    assert pending(state) == ("logic_definition", "p2")  # 8.4.3: the non-turn player first
    run(state, cmd("PassLogic", "p2"))
    assert pending(state) == ("logic_definition", "p1")
    events = run(state, cmd("PassLogic", "p1"))  # two consecutive "no action"s (8.4.5.3)
    decided = find(events, "BattleDecided")
    assert decided.data["winner"] == "defender" and decided.rule == "LL-2.04 8.5.3.4.1"
    assert (decided.data["attacker_value"], decided.data["defender_value"]) == (3000, 4000)
    assert find(events, "NothingHappened").rule == "LL-2.04 8.5.7"
    assert state.objects[defender].zone == "circle"
    assert find(events, "CardMoved", oid=lyra).rule == "LL-2.04 8.6.5"  # the Intercept Zone is emptied


def test_ties_go_to_the_attacker_and_the_losing_defender_is_stocked() -> None:
    state = battle_game()
    attacker, defender = member_battle(state)
    to_attack(state)
    run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    assert pending(state) == ("logic_definition", "p2")  # no member can Intercept: step skipped (8.3.3)
    run(state, cmd("PassLogic", "p2"))
    events = run(state, cmd("PassLogic", "p1"))
    assert find(events, "BattleDecided").data["winner"] == "attacker"
    stocked = find(events, "CardMoved", oid=defender)
    assert (stocked.data["to"], stocked.rule) == ("stock", "LL-2.04 8.5.6")
    assert not find_all(events, "GateDestroyed")  # a battle with a member destroys no gate


def test_the_attacking_member_gets_1000_power_per_soul_card() -> None:
    state = battle_game()
    attacker, defender = member_battle(state)
    for _ in range(2):
        put(state, state.zones["p1"]["deck"][-1], "soul", soul_of=attacker)
    put(state, state.zones["p2"]["deck"][-1], "soul", soul_of=defender)  # only the attacking member (8.2.9.2)
    to_attack(state)
    run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    assert characteristics(state, attacker).power == 5000
    assert characteristics(state, defender).power == 3000


def test_logic_definition_adds_logic_and_is_bounded_by_the_limit() -> None:
    state = battle_game()
    attacker, _ = member_battle(state)
    cards = [hand_card(state, "p1", "LL-TST-901"), hand_card(state, "p1", "LL-TST-902")]
    extra = hand_card(state, "p1", "LL-TST-903")
    to_attack(state)
    run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    run(state, cmd("PassLogic", "p2"))
    events = run(state, cmd("DefineLogic", "p1", card=cards[0]))
    assert find(events, "LogicDefined").rule == "LL-2.04 8.4.5.1"
    assert find(events, "CardMoved", oid=cards[0]).data == {
        **find(events, "CardMoved", oid=cards[0]).data,
        "to": "battle",
    }
    assert characteristics(state, attacker).power == 4000  # P+1000 (2.11.2.1)
    run(state, cmd("PassLogic", "p2"))
    run(state, cmd("DefineLogic", "p1", card=cards[1]))
    events = run(state, cmd("PassLogic", "p2"))
    # the attacking member's limit (2) is no longer greater than the Battle Zone (2): no action (8.4.5)
    auto = find(events, "LogicDefinitionPassed", player="p1")
    assert auto.data.get("auto") and auto.rule == "LL-2.04 8.4.5.3"
    assert find(events, "BattleDecided").data["attacker_value"] == 5000
    assert state.objects[extra].zone == "hand"
    assert {state.objects[c].zone for c in cards} == {"drop"}  # 8.6.5


def test_level_boost_rests_a_level_card_draws_and_then_defines() -> None:
    state = battle_game()
    attacker, _ = member_battle(state)
    to_attack(state)
    run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    lv = state.zones["p2"]["level"]
    assert not lv
    run(state, cmd("PassLogic", "p2"))
    hand = len(state.zones["p1"]["hand"])
    level_card = state.zones["p1"]["level"][0]
    events = run(state, cmd("LevelBoost", "p1", level_card=level_card))
    assert find(events, "LevelBoosted").rule == "LL-2.04 8.4.5.2"
    assert state.objects[level_card].rested and len(state.zones["p1"]["hand"]) == hand + 1  # 5.15.1
    assert pending(state) == ("logic_definition", "p1")
    r = rejected(state, cmd("PassLogic", "p1"))
    assert r.code == "rules/define_after_boost"
    r = rejected(state, cmd("LevelBoost", "p1", level_card=state.zones["p1"]["level"][1]))
    assert r.code == "rules/define_after_boost"
    drawn = state.zones["p1"]["hand"][-1]
    events = run(state, cmd("DefineLogic", "p1", card=drawn))
    assert find(events, "LogicDefined").rule == "LL-2.04 8.4.5.2"


def test_level_boost_is_offered_with_every_standing_level_card() -> None:
    """5.15.1 / 8.4.5.2: any standing card of the Level Zone may be rested for a Level Boost;
    ``legal_actions`` lists each of them (it listed only the first, though ``decide`` accepts any)."""
    state = battle_game()
    attacker, _ = member_battle(state)
    to_attack(state)
    run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    run(state, cmd("PassLogic", "p2"))
    standing = [c for c in state.zones["p1"]["level"] if not state.objects[c].rested]
    assert len(standing) >= 2
    listed = [c.args["level_card"] for c in engine.legal_actions(state, "p1") if c.type == "LevelBoost"]
    assert listed == standing
    events = run(state, cmd("LevelBoost", "p1", level_card=standing[-1]))
    assert find(events, "LevelBoosted").rule == "LL-2.04 8.4.5.2"
    assert state.objects[standing[-1]].rested


def test_aura_battle_compares_auras() -> None:
    state = battle_game()
    attacker = deploy_given(state, "p1", "LL-TST-900", ["FC"])  # 3000 power, 1 aura
    deploy_given(state, "p2", IDOL, ["FC"])  # 2500 power, 2 aura
    aura = hand_card(state, "p2", "LL-TST-030")  # AURA BATTLE!, A+1
    to_attack(state)
    run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    run(state, cmd("DefineLogic", "p2", card=aura))
    run(state, cmd("PassLogic", "p1"))
    events = run(state, cmd("PassLogic", "p2"))
    decided = find(events, "BattleDecided")
    assert decided.rule == "LL-2.04 2.16.1.1" and decided.data["by"] == "aura"
    assert (decided.data["attacker_value"], decided.data["defender_value"], decided.data["winner"]) == (
        1,
        3,
        "defender",
    )
    # a face-up paradox goes to the Paradox Zone after the battle (8.6.5), until the End Phase (7.7.4)
    assert find(events, "CardMoved", oid=aura, to="paradox").rule == "LL-2.04 8.6.5"


def test_love_battle_compares_hearts_and_auras_can_be_hearts() -> None:
    state = battle_game()
    attacker = deploy_given(state, "p1", IDOL, ["FC"])  # auras are also hearts: 2 hearts
    defender = deploy_given(state, "p2", "LL-TST-900", ["FC"])
    love = hand_card(state, "p2", "LL-TST-031")  # LOVE BATTLE!!, +1 heart to p2's member in battle
    to_attack(state)
    run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    run(state, cmd("DefineLogic", "p2", card=love))
    assert characteristics(state, defender).heart == 1
    assert characteristics(state, attacker).heart == 2  # 9.9.1.6
    run(state, cmd("PassLogic", "p1"))
    decided = find(run(state, cmd("PassLogic", "p2")), "BattleDecided")
    assert (decided.rule, decided.data["by"], decided.data["winner"]) == ("LL-2.04 2.16.1.2", "heart", "attacker")


def test_power_battle_is_decided_by_power() -> None:
    state = battle_game()
    attacker, _ = member_battle(state)
    power = hand_card(state, "p2", "LL-TST-032")  # POWER BATTLE!!, P+1000
    to_attack(state)
    run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    run(state, cmd("DefineLogic", "p2", card=power))
    run(state, cmd("PassLogic", "p1"))
    decided = find(run(state, cmd("PassLogic", "p2")), "BattleDecided")
    assert (decided.rule, decided.data["winner"]) == ("LL-2.04 8.5.3.4.1.1", "defender")


def test_paradoxes_of_both_players_cancel_out() -> None:
    state = battle_game()
    attacker, _ = member_battle(state)
    mine = hand_card(state, "p1", "LL-TST-030")
    theirs = hand_card(state, "p2", "LL-TST-031")
    to_attack(state)
    run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    run(state, cmd("DefineLogic", "p2", card=theirs))
    events = run(state, cmd("DefineLogic", "p1", card=mine))
    turned = [e for e in events if e.type == "CardTurned"]
    assert {e.data["oid"] for e in turned} == {mine, theirs} and {e.rule for e in turned} == {"LL-2.04 10.6.1.1"}
    run(state, cmd("PassLogic", "p2"))
    events = run(state, cmd("PassLogic", "p1"))
    assert find(events, "BattleDecided").data["by"] == "power"
    # face-down paradoxes go to the Drop Zone at the end of the battle (8.6.5)
    assert state.objects[mine].zone == "drop" and state.objects[theirs].zone == "drop"


def test_two_face_up_paradoxes_of_one_player_keep_one() -> None:
    state = battle_game()
    attacker, _ = member_battle(state)
    first = hand_card(state, "p1", "LL-TST-030")
    second = hand_card(state, "p1", "LL-TST-031")
    to_attack(state)
    run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    run(state, cmd("PassLogic", "p2"))
    run(state, cmd("DefineLogic", "p1", card=first))
    run(state, cmd("PassLogic", "p2"))
    run(state, cmd("DefineLogic", "p1", card=second))
    assert pending(state) == ("rule_choice", "p1")
    assert state.pending is not None and state.pending.options["process"] == "10.6.2"
    events = run(state, cmd("Choose", "p1", choice=[first]))
    assert find(events, "CardTurned", oid=first).rule == "LL-2.04 10.6.2"
    assert not state.objects[second].face_down


def test_losing_the_last_face_down_gate_loses_the_game() -> None:
    state = battle_game(levels=1)
    attacker = deploy_given(state, "p1", "LL-TST-900", ["FC"])
    for g in state.zones["p2"]["gate"]:
        if state.objects[g].circles != ["FC"]:
            given(state, "GateDestroyed", oid=g)
    to_attack(state)
    events = run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    lost = find(events, "PlayerLost")
    assert (lost.data, lost.rule) == ({"player": "p2", "reason": "no_face_down_gate"}, "LL-2.04 10.3.1.1")
    ended = find(events, "GameEnded")
    assert ended.data == {"winner": "p1", "result": "win"} and state.finished
    assert types(events)[-1] == "SeedRevealed"


def test_battle_effects_expire_at_the_end_of_the_battle() -> None:
    state = battle_game()
    attacker, defender = member_battle(state)
    blow = hand_card(state, "p2", "LL-TST-021")  # -1000 to the battle opponent for the battle
    to_attack(state)
    run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    run(state, cmd("DefineLogic", "p2", card=blow))
    assert characteristics(state, attacker).power == 2000
    assert characteristics(state, defender).power == 5000  # P+2000 of the tactics card
    run(state, cmd("PassLogic", "p1"))
    events = run(state, cmd("PassLogic", "p2"))
    assert find(events, "ContinuousEffectsEnded").rule == "LL-2.04 8.6.6"
    assert not state.effects and characteristics(state, attacker).power == 3000


def test_advance_until_works_across_turns() -> None:
    state = battle_game(levels=0)
    advance_until(state, "main", "p2")
    assert state.turn == 2 and state.turn_player == "p2"


def test_a_defending_member_that_left_the_field_is_no_longer_the_defending_member() -> None:
    state = battle_game()
    attacker, defender = member_battle(state)
    to_attack(state)
    run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    put(state, defender, "hand")
    put(state, defender, "circle", circles=["FC"])  # back again: a new card (4.1.5)
    run(state, cmd("PassLogic", "p2"))
    events = run(state, cmd("PassLogic", "p1"))
    decided = find(events, "BattleDecided")
    assert (decided.rule, decided.data["defender"], decided.data["winner"]) == ("LL-2.04 8.5.3.1", None, "attacker")
    assert state.objects[defender].zone == "circle"  # nothing to stock (8.5.6)


def test_when_neither_member_in_battle_exists_there_is_no_win_or_loss() -> None:
    """LL-2.04 8.5.3.3: given both the attacking and the defending member left the Field during
    the battle, when Logic Definition ends, then the battle has no winner and nothing is stocked."""
    state = battle_game()
    attacker, defender = member_battle(state)
    to_attack(state)
    run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    put(state, attacker, "hand")  # 8.2.9.4: no attacking member any more
    put(state, defender, "hand")  # 8.2.11.2.1: no defending member any more
    events = run(state, cmd("PassLogic", "p2"))
    decided = find(events, "BattleDecided")
    assert decided.rule == "LL-2.04 8.5.3.3"
    assert (decided.data["attacker"], decided.data["defender"], decided.data["winner"]) == (None, None, None)
    assert not [e for e in find_all(events, "AbilityTriggered") if e.data["trigger"] in ("wins", "loses")]
    assert not [e for e in find_all(events, "CardMoved") if e.data["oid"] == defender]  # 8.5.6 does not apply
    assert state.objects[defender].zone == "hand"
