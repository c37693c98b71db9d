"""Main phase actions (GCG-1.00 8.2-8.6), winning and losing (1.2): victory through
invasion (5.13.1.1.2) and through countering (5.15.1.2)."""

from __future__ import annotations

from domain.gcg import engine
from domain.kernel import Rejection
from tests.gcg.support import (
    RED,
    cmd,
    end_main,
    find,
    find_all,
    find_card,
    pending,
    position,
    put,
    rejected,
    run,
    start_game,
    to_hand,
    to_zone,
    tst,
    types,
    with_cards,
)

OTHER_MONSTER = {
    "id": "GCG-TST-960",
    "name": "Stray Kaiju",
    "type": "monster",
    "rank": 1,
    "color": "red",
    "traits": ["Stray"],
    "threat": 9000,
    "invasion": 1,
}


def test_play_a_battle_card_goes_through_the_resolution_area_into_the_zone() -> None:
    """8.2.1, 9.5.2.1.1 (reveal, resolution area), 9.5.2.1.2 (indicate a zone), 9.5.2.3.2."""
    state, _ = start_game()
    oid = to_hand(state, "p1", tst(10))
    events = run(state, cmd("PlayBattleCard", "p1", card=oid, zone=3))
    assert find(events, "MainActionTaken").rule == "GCG-1.00 8.2.1"
    to_res = find(events, "CardMoved", oid=oid, to="resolution")
    assert to_res.rule == "GCG-1.00 9.5.2.1.1" and to_res.data["revealed"]
    assert find(events, "CardPlayed", oid=oid).rule == "GCG-1.00 9.5.2.1.2"
    placed = find(events, "CardMoved", oid=oid, to="field")
    assert placed.rule == "GCG-1.00 9.5.2.3.2" and placed.data["slot"] == 3
    assert state.objects[oid].slot == 3
    assert pending(state) == ("main", "p1")  # 9.4.4.2: the play timing is given again


def test_battle_rank_must_not_exceed_the_opponents_zone_number() -> None:
    """8.2.1: the opponent's monster in zone 1 allows battle rank 1 only."""
    state, _ = start_game()
    lash = to_hand(state, "p1", tst(11))  # battle rank 2
    r = rejected(state, cmd("PlayBattleCard", "p1", card=lash, zone=3))
    assert (r.code, r.rule) == ("rules/battle_rank_too_high", "GCG-1.00 8.2.1")
    position(state, "p2", 2)
    assert not isinstance(engine.decide(state, cmd("PlayBattleCard", "p1", card=lash, zone=3)), Rejection)


def test_a_battle_card_is_not_played_to_the_invading_monsters_zone() -> None:
    """9.5.2.1.2."""
    state, _ = start_game()
    oid = to_hand(state, "p1", tst(10))
    r = rejected(state, cmd("PlayBattleCard", "p1", card=oid, zone=1))
    assert (r.code, r.rule) == ("rules/illegal_zone", "GCG-1.00 9.5.2.1.2")
    assert rejected(state, cmd("PlayBattleCard", "p1", card=oid, zone=9)).code == "rules/illegal_zone"


def test_only_the_turn_player_acts_in_the_main_phase() -> None:
    """8.1.1."""
    state, _ = start_game()
    oid = to_hand(state, "p2", tst(40))
    r = rejected(state, cmd("PlayBattleCard", "p2", card=oid, zone=3))
    assert (r.code, r.rule) == ("rules/not_your_turn", "GCG-1.00 8.1.1")
    other = find_card(state, "p2", tst(40), ["hand"])
    assert rejected(state, cmd("PlayBattleCard", "p1", card=other, zone=3)).code == "rules/not_in_hand"
    assert [c.type for c in engine.legal_actions(state, "p2")] == ["Concede"]


def test_activate_a_strategy_card_by_the_rank_of_your_own_zone() -> None:
    """8.3.1; its text is an automatic ability "when placed in the strategy zone" (9.1.1.1.2)."""
    state, _ = start_game()
    march = to_hand(state, "p1", tst(21))  # strategy rank 3
    r = rejected(state, cmd("ActivateStrategy", "p1", card=march, zone=1))
    assert (r.code, r.rule) == ("rules/strategy_rank_too_high", "GCG-1.00 8.3.1")
    position(state, "p1", 3)
    events = run(state, cmd("ActivateStrategy", "p1", card=march, zone=2))
    assert find(events, "CardMoved", oid=march, to="strategy").data["slot"] == 2
    assert find(events, "AbilityTriggered", source=march).rule == "GCG-1.00 9.1.1.1.2"
    assert find(events, "MonsterMoved", player="p1").data["to"] == 4  # "Advance your invading monster."
    assert state.objects[march].zone == "strategy"  # it stays until the start of the next turn (7.2.3)


def test_gain_rage_by_discarding_a_monster_card() -> None:
    """8.4.1."""
    state, _ = start_game()
    spawn = to_hand(state, "p1", tst(5))
    events = run(state, cmd("GainRage", "p1", card=spawn))
    assert find(events, "CardMoved", oid=spawn, to="discard").rule == "GCG-1.00 8.4.1"
    assert find(events, "RageChanged", player="p1").data == {"player": "p1", "rage": 1, "delta": 1}
    breath = to_hand(state, "p1", tst(10))
    assert rejected(state, cmd("GainRage", "p1", card=breath)).code == "rules/wrong_card_type"


def test_play_a_monster_card_of_the_same_rank_and_a_shared_trait() -> None:
    """8.5.1; 8.5.1.1: its rage increases by 1; 【Enter】 triggers (11.2.2)."""
    state, _ = start_game()
    unleashed = to_hand(state, "p1", tst(6))  # rank III
    r = rejected(state, cmd("PlayMonster", "p1", card=unleashed))
    assert (r.code, r.rule) == ("rules/monster_rank", "GCG-1.00 8.5.1")
    hatchling = to_hand(state, "p1", tst(5))
    events = run(state, cmd("PlayMonster", "p1", card=hatchling))
    assert find(events, "CardPlayed", oid=hatchling).rule == "GCG-1.00 8.5.1"
    assert find(events, "RageChanged").rule == "GCG-1.00 8.5.1.1"
    assert find(events, "AbilityTriggered", source=hatchling).rule == "GCG-1.00 11.2.2"  # 【Enter】 draw a card


def test_a_monster_without_a_shared_trait_cannot_be_played() -> None:
    """8.5.1: the same trait as any of the invading monster's traits."""
    state, _ = start_game(with_cards(RED, {OTHER_MONSTER["id"]: 1}), extra=[OTHER_MONSTER])
    oid = to_hand(state, "p1", OTHER_MONSTER["id"])
    r = rejected(state, cmd("PlayMonster", "p1", card=oid))
    assert (r.code, r.rule) == ("rules/monster_trait", "GCG-1.00 8.5.1")
    assert not isinstance(engine.decide(state, cmd("GainRage", "p1", card=oid)), Rejection)


def test_invasion_advances_by_the_discarded_cards_invasion_icon_once_per_turn() -> None:
    """8.6.1, 8.6.1.1, 8.6.1.2, 8.6.2."""
    state, _ = start_game()
    heat = to_hand(state, "p1", tst(12))  # invasion icon 2
    events = run(state, cmd("Invade", "p1", card=heat))
    declared = find(events, "InvasionDeclared")
    assert declared.data["icon"] == 2 and declared.rule == "GCG-1.00 8.6.1"
    assert find(events, "CardMoved", oid=heat, to="discard").rule == "GCG-1.00 8.6.1"
    moves = find_all(events, "MonsterMoved", player="p1")
    assert [(m.data["from"], m.data["to"], m.rule) for m in moves] == [
        (1, 2, "GCG-1.00 8.6.1.2"),
        (2, 3, "GCG-1.00 8.6.1.2"),
    ]
    again = to_hand(state, "p1", tst(10))
    r = rejected(state, cmd("Invade", "p1", card=again))
    assert (r.code, r.rule) == ("rules/already_invaded", "GCG-1.00 8.6.2")


def test_an_invasion_with_icon_zero_does_not_advance() -> None:
    """8.6.1.2 with 0: the monster does not move (5.13.3), so 【When invading】 does not trigger (11.3.2.1)."""
    state, _ = start_game()
    rank_two = find_card(state, "p1", tst(2), ["monster_deck"])
    put(state, rank_two, "monster")  # 【When invading】 Gain 1 rage.
    guard = to_hand(state, "p1", tst(16))  # invasion icon 0
    events = run(state, cmd("Invade", "p1", card=guard))
    assert not find_all(events, "MonsterMoved") and not find_all(events, "AbilityTriggered")
    assert state.players["p1"].position == 1


def test_victory_through_invasion() -> None:
    """5.13.1.1.2: advancing from zone 8 by an invasion while the opponent's zone 8 holds no
    battle card wins the game (1.2.1.1, 5.13.1.1.2.1)."""
    state, _ = start_game()
    position(state, "p1", 7)
    heat = to_hand(state, "p1", tst(12))  # icon 2: 7 -> 8, then the invasion from 8
    events = run(state, cmd("Invade", "p1", card=heat))
    won = find(events, "PlayerWon")
    assert won.data == {"player": "p1", "how": "invasion"} and won.rule == "GCG-1.00 5.13.1.1.2.1"
    assert state.finished and state.winner == "p1" and state.result == "win"
    assert types(events)[-2:] == ["GameEnded", "SeedRevealed"]
    r = rejected(state, cmd("EndMainPhase", "p1"))
    assert (r.code, r.rule) == ("game/finished", "GCG-1.00 1.2.1")


def test_a_battle_card_in_the_opponents_zone_8_stops_the_invasion() -> None:
    """5.13.1.1.1."""
    state, _ = start_game()
    position(state, "p1", 8)
    to_zone(state, "p2", tst(40), 8)
    breath = to_hand(state, "p1", tst(10))
    events = run(state, cmd("Invade", "p1", card=breath))
    stopped = find(events, "AdvanceNotPerformed")
    assert stopped.rule == "GCG-1.00 5.13.1.1.1"
    assert not state.finished and state.players["p1"].position == 8


def test_victory_through_countering() -> None:
    """5.15.1.2.1: a player whose rank IV monster is countered cannot choose a rank V
    monster and loses; the other wins (5.15.1.2.2, 1.2.1.2)."""
    state, _ = start_game()
    for rank in (2, 3, 4):
        put(state, find_card(state, "p2", tst(30 + rank), ["monster_deck"]), "monster")
    position(state, "p2", 6)
    for zone, card in ((3, tst(13)), (4, tst(13)), (5, tst(12)), (6, tst(12))):
        to_zone(state, "p1", card, zone)
    # p2's threat level: 25000 + 【Awakening 5】 5000 = 30000; counter power 8000+8000+6000+6000 = 28000
    events = end_main(state)
    assert not find(events, "CounterPowerTotalled").data["countered"]
    from tests.gcg.support import advance_until

    advance_until(state, "main", "p1")
    to_zone(state, "p1", tst(11), 7)  # +4000 = 32000
    events = end_main(state)
    lost = find(events, "PlayerLost")
    assert lost.data == {"player": "p2", "reason": "countered_without_successor"} and lost.rule == "GCG-1.00 5.15.1.2.1"
    assert find(events, "PlayerWon").rule == "GCG-1.00 5.15.1.2.2"
    assert state.winner == "p1"


def test_concede_at_any_time() -> None:
    """1.2.3: even when it is not the player's decision."""
    state, _ = start_game()
    events = run(state, cmd("Concede", "p2"))
    assert find(events, "PlayerLost").data == {"player": "p2", "reason": "conceded"}
    assert find(events, "GameEnded").rule == "GCG-1.00 1.2.3"
    assert state.winner == "p1"


def test_main_phase_legal_actions_are_all_accepted() -> None:
    state, _ = start_game()
    position(state, "p2", 8)
    position(state, "p1", 8)
    legal = engine.legal_actions(state, "p1")
    kinds = {c.type for c in legal}
    assert {"PlayBattleCard", "Invade", "EndMainPhase", "Concede"} <= kinds
    for c in legal:
        assert not isinstance(engine.decide(state, c), Rejection), c


def test_an_effect_that_wins_the_game_ends_it_at_once() -> None:
    """1.2.4: the player wins while the effect resolves, without a check timing."""
    oxygen = {
        "id": "GCG-TST-965",
        "name": "Oxygen Destroyer",
        "type": "strategy",
        "rank": 1,
        "color": "white",
        "effects": [{"op": "win_game"}, {"op": "draw", "count": 1}],
    }
    state, _ = start_game(with_cards(RED, {oxygen["id"]: 1}), extra=[oxygen])
    events = run(state, cmd("ActivateStrategy", "p1", card=to_hand(state, "p1", oxygen["id"]), zone=1))
    assert find(events, "PlayerWon").rule == "GCG-1.00 1.2.4"
    assert state.winner == "p1" and types(events)[-2:] == ["GameEnded", "SeedRevealed"]
