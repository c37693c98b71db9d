"""Progression of the game (GCG-1.00 7): start (7.2), main (7.3), counter (7.4) and end
(7.5) phases."""

from __future__ import annotations

from domain.gcg.characteristics import threat_level, total_counter_power
from tests.gcg.support import (
    advance_until,
    choose,
    end_main,
    find,
    find_all,
    find_card,
    given,
    pending,
    position,
    put,
    rage,
    start_game,
    to_hand,
    to_strategy,
    to_zone,
    tst,
    types,
)


def _phases(events: list) -> list[str]:  # type: ignore[type-arg]
    return [e.data["phase"] for e in events if e.type == "PhaseBegan"]


def test_a_turn_runs_start_main_counter_end_then_passes_to_the_opponent() -> None:
    """7.1.2: the phases 7.2 to 7.5 in order; 7.5.7: the opponent's turn follows."""
    state, events = start_game()
    assert _phases(events) == ["start", "main"]
    events = end_main(state)
    assert _phases(events) == ["counter", "end", "start", "main"]
    turn = find(events, "TurnBegan")
    assert turn.data == {"turn": 2, "player": "p2"} and turn.rule == "GCG-1.00 7.5.7"
    assert pending(state) == ("main", "p2")


def test_start_phase_draws_as_many_cards_as_the_opponents_monster_rank() -> None:
    """7.2.2."""
    state, _ = start_game()
    rank_two = find_card(state, "p1", tst(2), ["monster_deck"])
    put(state, rank_two, "monster")
    before = len(state.zones["p2"]["hand"])
    events = end_main(state)
    draws = [e for e in events if e.rule == "GCG-1.00 7.2.2"]
    assert len(draws) == 2 and all(e.data["to"] == "hand" and e.data["owner"] == "p2" for e in draws)
    assert len(state.zones["p2"]["hand"]) == before + 2


def test_start_phase_discards_strategy_cards_placed_before_this_turn_and_resets_rage() -> None:
    """7.2.3, 7.2.4: the turn player's old strategy cards go to the discard pile (they are
    destroyed, 5.12.1.1) and the rage of their invading monster becomes 0."""
    state, _ = start_game()
    old = to_strategy(state, "p2", tst(52), 1)
    mine = to_strategy(state, "p1", tst(20), 2)
    rage(state, "p2", 2)
    events = end_main(state)
    moved = find(events, "CardMoved", oid=old, to="discard")
    assert moved.rule == "GCG-1.00 7.2.3"
    assert state.objects[mine].zone == "strategy"  # not the turn player's
    reset = find(events, "RageChanged", player="p2")
    assert reset.data["rage"] == 0 and reset.rule == "GCG-1.00 7.2.4"


def test_counter_phase_counters_when_total_counter_power_reaches_the_threat_level() -> None:
    """7.4.2, 7.4.3: battle cards in the turn player's zones against the opponent's threat
    level (10000): 3000 + 3000 + 4000 = 10000 is enough ("equal to or greater")."""
    state, _ = start_game()
    to_zone(state, "p1", tst(10), 2)
    to_zone(state, "p1", tst(10), 3)
    to_zone(state, "p1", tst(11), 4)
    assert total_counter_power(state, "p1") == 10000 == threat_level(state, "p2")
    events = end_main(state)
    total = find(events, "CounterPowerTotalled")
    assert total.data == {"player": "p1", "total": 10000, "opponent": "p2", "threat": 10000, "countered": True}
    assert total.rule == "GCG-1.00 7.4.2"
    new = find(events, "CardMoved", to="monster", owner="p2")
    assert new.rule == "GCG-1.00 5.15.1.2" and new.data["card"] == tst(32)
    assert state.card_of(state.zones["p2"]["monster"][-1]).rank == 2


def test_no_counter_below_the_threat_level_and_rage_raises_it() -> None:
    state, _ = start_game()
    to_zone(state, "p1", tst(13), 2)
    to_zone(state, "p1", tst(12), 3)  # 14000
    rage(state, "p2", 1)  # 15000
    events = end_main(state)
    total = find(events, "CounterPowerTotalled")
    assert (total.data["total"], total.data["threat"], total.data["countered"]) == (14000, 15000, False)
    assert "CardMoved" not in [e.type for e in events if e.data.get("to") == "monster"]


def test_battle_cards_that_cannot_engage_do_not_count() -> None:
    """5.16.1, 7.4.2: "cannot engage"; 7.4.2.1: the monster's threat level is not counter power."""
    state, _ = start_game()
    a = to_zone(state, "p1", tst(13), 2)
    to_zone(state, "p1", tst(13), 3)
    given(
        state,
        "ContinuousEffectCreated",
        id="e0",
        source=a,
        master="p2",
        targets=[a],
        cannot_engage=True,
        duration="game",
    )
    events = end_main(state)
    total = find(events, "CounterPowerTotalled")
    assert total.data["total"] == 8000 and not total.data["countered"]


def test_end_phase_advances_the_monster_and_draws_up_to_five() -> None:
    """7.5.2, 7.5.4."""
    state, _ = start_game()
    for oid in list(state.zones["p1"]["hand"])[:4]:
        put(state, oid, "discard")
    assert len(state.zones["p1"]["hand"]) == 2
    events = end_main(state)
    moved = find(events, "MonsterMoved", player="p1")
    assert moved.data["from"] == 1 and moved.data["to"] == 2 and moved.rule == "GCG-1.00 7.5.2"
    draws = [e for e in events if e.rule == "GCG-1.00 7.5.4"]
    assert len(draws) == 3
    assert len(state.zones["p1"]["hand"]) == 5


def test_end_phase_does_not_advance_from_zone_8() -> None:
    """7.5.2: only from zone 7 or less (and a plain advance from 8 never wins, 5.13.1.1.1)."""
    state, _ = start_game()
    position(state, "p1", 8)
    events = end_main(state)
    assert not find_all(events, "MonsterMoved", player="p1")
    assert state.players["p1"].position == 8 and not state.finished


def test_until_end_of_turn_effects_end_in_the_end_phase() -> None:
    """7.5.6; and an effect lasting until the end of the opponent's next turn survives it."""
    state, _ = start_game()
    a = to_zone(state, "p1", tst(10), 5)
    given(
        state,
        "ContinuousEffectCreated",
        id="e1",
        source=a,
        master="p1",
        targets=[a],
        counter=1000,
        duration="end_of_turn",
    )
    given(
        state,
        "ContinuousEffectCreated",
        id="e2",
        source=a,
        master="p1",
        targets=[a],
        cannot_engage=True,
        duration="opponents_next_turn",
    )
    events = end_main(state)
    ended = find(events, "ContinuousEffectsEnded")
    assert ended.data["ids"] == ["e1"] and ended.rule == "GCG-1.00 7.5.6"
    assert [e.id for e in state.effects] == ["e2"]
    events = advance_until(state, "main", "p1")
    assert state.effects == []  # ended with p2's turn, the opponent's next turn
    assert find(events, "ContinuousEffectsEnded").data["ids"] == ["e2"]


def test_end_of_turn_abilities_send_the_end_phase_back_to_7_5_4() -> None:
    """7.5.7: an "at the end of your turn" ability whose trigger condition has not been
    fulfilled this turn triggers; the end phase goes back to 7.5.4 and its check timing
    resolves it; then the turn ends."""
    state, _ = start_game()
    to_zone(state, "p1", tst(70), 3)
    events = end_main(state)
    trig = find(events, "AbilityTriggered", trigger="end_of_turn")
    assert trig.rule == "GCG-1.00 7.5.7"
    assert pending(state) == ("yes_no", "p1")  # "you may discard a card" (9.5.4)
    choose(state, "yes")
    assert pending(state) == ("discard", "p1")
    card = state.pending.options["among"][0]  # type: ignore[union-attr]
    events = choose(state, card)
    assert find(events, "RageChanged", player="p1").data["rage"] == 1
    assert find(events, "TurnBegan").data["player"] == "p2"
    # the draw of 7.5.4 ran again before the check timing that resolved the ability
    assert types(events).count("TurnBegan") == 1


def test_main_phase_play_timing_comes_after_a_check_timing() -> None:
    """7.3.1, 9.4.2: "at the beginning of your main phase" abilities resolve before the play timing."""
    state, _ = start_game()
    spines = to_zone(state, "p1", tst(14), 3)
    advance_until(state, "main", "p2")
    events = advance_until(state, "yes_no", "p1")  # p1's next main phase: 【Evolution】 triggers first
    trig = find(events, "AbilityTriggered", source=spines)
    assert trig.rule == "GCG-1.00 11.6.2" and trig.data["trigger"] == "start_of_main_phase"
    assert state.phase == "main"
    run_answer = choose(state, "no")
    assert pending(state) == ("main", "p1")
    assert find(run_answer, "AbilityResolved")


def test_hand_is_hidden_count_is_public_after_drawing() -> None:
    state, _ = start_game()
    to_hand(state, "p1", tst(10))
    assert len(state.zones["p1"]["hand"]) == 7
