"""LL-2.04 10 (rule processing), 1.2 (winning and losing) and 12.1 (perpetual cycles)."""

from __future__ import annotations

from typing import Any

from domain.ll import engine
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
    pending,
    put,
    rejected,
    run,
    start_game,
    step,
    stock_up,
    take,
    to_main,
    types,
)

LOOP: dict[str, Any] = {
    "id": "LL-TST-951",
    "name": "Loop Engine",
    "type": "logicalist",
    "power": 1000,
    "abilities": [
        {"kind": "startup", "cost": {"rest_self": True}, "text": "ACT [Rest this member]: nothing"},
        {"kind": "auto", "trigger": "rested", "effects": [{"op": "stand", "target": {"kind": "self"}}]},
        {"kind": "auto", "trigger": "stood", "effects": [{"op": "rest", "target": {"kind": "self"}}]},
    ],
}
CLIMBER: dict[str, Any] = {
    "id": "LL-TST-956",
    "name": "Level Climber",
    "type": "logicalist",
    "power": 1000,
    "abilities": [{"kind": "startup", "effects": [{"op": "to_level", "count": 2}]}],
}


def game(**kw: Any) -> GameState:
    state, _ = start_game(deck({"LL-TST-951": 1, "LL-TST-956": 1}), deck(), extra=[LOOP, CLIMBER], **kw)
    to_main(state, "p1")
    return state


def thin_deck(state: GameState, player: str, keep: int, drop: bool = True) -> None:
    """Given: only ``keep`` cards left in the deck; the others in the Drop Zone (or removed)."""
    for oid in list(state.zones[player]["deck"])[: len(state.zones[player]["deck"]) - keep]:
        put(state, oid, "drop" if drop else "remove")


def test_an_empty_deck_is_refreshed_at_once_and_the_refresh_point_is_resolved_next() -> None:
    """10.1.2.1: the Refresh (an interrupt-type process) pauses the draw and runs at once;
    10.1.2.2: the refresh point (a check-type process) waits for the check timing."""
    state = game()
    thin_deck(state, "p1", 1)
    stock_up(state, "p1", 0)
    for _ in range(3):
        put(state, state.zones["p1"]["drop"][0], "stock", face_down=True)
    drop = len(state.zones["p1"]["drop"])
    events = run(state, cmd("LuckDrive", "p1"))
    moved = [e for e in events if e.type == "CardMoved" and e.data["reason"] == "reshuffle"]
    assert len(moved) == drop + 3  # 10.2.2 Refresh (5.21): Reshuffle (5.20) the whole Drop Zone
    assert {e.rule for e in moved} == {"LL-2.04 10.2.2"}  # the rule that makes it happen, not 5.20's definition
    last_card = next(e for e in events if e.type == "CardMoved" and e.data["from"] == "deck")
    assert {e.cause for e in moved} == {f"ev:{last_card.seq}"}  # the draw of the last card caused it
    assert find(events, "DeckShuffled").rule == "LL-2.04 10.2.2"
    points = find_all(events, "RefreshPointsChanged")
    assert [(e.data["points"], e.rule) for e in points] == [(1, "LL-2.04 10.2.2"), (0, "LL-2.04 10.9.1")]
    to_refresh = find(events, "CardMoved", to="refresh")
    assert to_refresh.rule == "LL-2.04 10.9.1" and to_refresh.data["face_down"] is True
    assert len(state.zones["p1"]["refresh"]) == 1 and not state.finished
    # the refresh interrupt came in the middle of the draw, before its check timing
    assert events.index(points[0]) < events.index(to_refresh)


def test_a_player_with_an_empty_deck_and_drop_zone_loses_at_once() -> None:
    state = game()
    thin_deck(state, "p1", 1, drop=False)
    for oid in list(state.zones["p1"]["drop"]):
        put(state, oid, "remove")
    events: list[Any] = []
    while not state.finished:
        events += step(state)
    lost = find(events, "PlayerLost")
    assert (lost.data, lost.rule) == ({"player": "p1", "reason": "deck_and_drop_empty"}, "LL-2.04 10.2.2.1")
    assert state.winner == "p2"


def test_two_face_down_main_deck_cards_in_the_refresh_zone_lose() -> None:
    state = game()
    for _ in range(2):
        put(state, state.zones["p1"]["deck"][-1], "refresh", face_down=True)
    events = run(state, cmd("EndMainPhase", "p1"))
    lost = find(events, "PlayerLost")
    assert (lost.data["reason"], lost.rule) == ("two_face_down_cards_in_refresh_zone", "LL-2.04 10.3.1.2")
    assert (state.winner, state.result) == ("p2", "win")


def test_both_players_losing_at_once_is_a_draw() -> None:
    state = game()
    for pid in ("p1", "p2"):
        for _ in range(2):
            put(state, state.zones[pid]["deck"][-1], "refresh", face_down=True)
    events = run(state, cmd("EndMainPhase", "p1"))
    assert len(find_all(events, "PlayerLost")) == 2
    ended = find(events, "GameEnded")
    assert (ended.data, ended.rule) == ({"winner": None, "result": "draw"}, "LL-2.04 1.2.3")


def test_overloaded_circles_keep_the_most_recently_placed_member() -> None:
    state = game()
    older = deploy_given(state, "p1", "LL-TST-900", ["FC"])
    newer = deploy_given(state, "p1", "LL-TST-901", ["FC"])
    events = run(state, cmd("EndMainPhase", "p1"))
    assert find(events, "CardMoved", oid=older).rule == "LL-2.04 10.4.1"
    assert state.objects[newer].zone == "circle" and state.objects[older].zone == "drop"


def test_overloaded_gate_zones_remove_the_older_gate_face_down() -> None:
    state = game()
    old = state.gate_at("p1", "FL")
    new = state.zones["p1"]["remove"][0]
    put(state, new, "gate", circles=["FL"], face_down=True)
    events = run(state, cmd("EndMainPhase", "p1"))
    moved = find(events, "CardMoved", oid=old)
    assert (moved.data["to"], moved.data["face_down"], moved.rule) == ("remove", True, "LL-2.04 10.5.1")
    assert state.gate_at("p1", "FL") == new


def test_illegal_cards_go_to_the_drop_zone() -> None:
    state = game()
    tactics = take(state, "p1", "LL-TST-030")
    put(state, tactics, "circle", circles=["FL"])  # a non-member, not Set
    member = take(state, "p1", "LL-TST-902")
    put(state, member, "gate", circles=["BR"])  # a non-gate in a Gate Zone
    host = deploy_given(state, "p1", "LL-TST-903", ["FC"])
    setc = take(state, "p1", "LL-TST-904")
    put(state, setc, "circle", circles=["FC"], set_to=host, face_down=True)
    put(state, host, "hand")  # the card it is Set to leaves the Field
    events = run(state, cmd("EndMainPhase", "p1"))
    assert find(events, "CardMoved", oid=tactics).rule == "LL-2.04 10.7.1.1"
    assert find(events, "CardMoved", oid=member).rule == "LL-2.04 10.7.1.2"
    assert find(events, "CardMoved", oid=setc).rule == "LL-2.04 10.7.1.3"


def test_a_set_card_whose_member_left_and_came_back_is_illegal() -> None:
    """LL-2.04 10.7.1.3 with 4.1.5: given a card Set to a member that then left the Field and came
    back to the same circle (a new card), when a check timing happens, then the Set card is an
    illegal card and goes to the Drop Zone; a Set card whose member only rearranged stays."""
    state = game()
    host = deploy_given(state, "p1", "LL-TST-903", ["FC"])
    setc = take(state, "p1", "LL-TST-904")
    put(state, setc, "circle", circles=["FC"], set_to=host, face_down=True)
    other = deploy_given(state, "p1", "LL-TST-905", ["FL"])
    kept = take(state, "p1", "LL-TST-906")
    put(state, kept, "circle", circles=["FL"], set_to=other, face_down=True)
    put(state, host, "hand")
    put(state, host, "circle", circles=["FC"])  # back again: a new card (4.1.5)
    events = run(state, cmd("Rearrange", "p1", moves={other: ["BL"]}))
    assert find(events, "CardMoved", oid=setc).rule == "LL-2.04 10.7.1.3"
    assert state.objects[setc].zone == "drop" and state.objects[host].zone == "circle"
    assert state.objects[kept].zone == "circle" and state.objects[kept].circles == ["BL"]  # 5.24.2, not illegal


def test_over_level_keeps_the_level_limit_by_choice() -> None:
    """10.8.1; 4.7.2: the Level Limit, the most cards the Level Zone may hold, is normally 4."""
    state = game()
    for _ in range(3):
        put(state, state.zones["p1"]["deck"][-1], "level")
    climber = deploy_given(state, "p1", "LL-TST-956", ["FC"])
    run(state, cmd("UseAbility", "p1", source=climber, ability=0))
    assert len(state.zones["p1"]["level"]) == 5
    assert pending(state) == ("rule_choice", "p1")
    assert state.pending is not None and state.pending.options["process"] == "10.8.1"
    level = list(state.zones["p1"]["level"])
    r = rejected(state, cmd("Choose", "p1", choice=level[:3]))
    assert r.rule == "LL-2.04 10.8.1"
    events = run(state, cmd("Choose", "p1", choice=level[1:]))
    assert find(events, "CardMoved", oid=level[0]).rule == "LL-2.04 10.8.1"
    assert len(state.zones["p1"]["level"]) == 4 and pending(state) == ("main", "p1")


def test_conceding_is_immediate_and_possible_at_any_time() -> None:
    state = game()
    events = run(state, cmd("Concede", "p2"))  # not p2's decision, still allowed (1.2.4)
    assert types(events) == ["PlayerLost", "GameEnded", "SeedRevealed"]
    assert find(events, "PlayerLost").rule == "LL-2.04 1.2.4" and state.winner == "p1"
    r = rejected(state, cmd("EndMainPhase", "p1"))
    assert r.code == "game/finished"


def test_a_perpetual_cycle_nobody_can_stop_is_a_draw() -> None:
    state = game()
    loop = deploy_given(state, "p1", "LL-TST-951", ["FC"])
    events = run(state, cmd("UseAbility", "p1", source=loop, ability=0))
    ended = find(events, "GameEnded")
    assert (ended.data["result"], ended.rule) == ("draw", "LL-2.04 12.1.1.3")
    assert len(find_all(events, "AbilityPlayed")) > 100


def test_given_events_are_replayable() -> None:
    state = game()
    given(state, "CardRested", oid=state.zones["p1"]["hand"][0])
    assert state.objects[state.zones["p1"]["hand"][0]].rested


def test_an_action_from_exactly_the_same_state_cannot_be_taken_again() -> None:
    """LL-2.04 12.1.1.2: Restless Wanderer (cost 0, "return this member to your hand") returned
    and deployed again brings the game back to exactly the same state; the turn player cannot
    return it again, nor is it listed among the legal actions."""
    state, _ = start_game(deck({"LL-TST-066": 1}), deck())
    to_main(state, "p1")
    wanderer = deploy_given(state, "p1", "LL-TST-066", ["FC"])
    wanderer_back = cmd("UseAbility", "p1", source=wanderer, ability=0)
    run(state, wanderer_back)
    run(state, cmd("Deploy", "p1", card=wanderer, circles=["FC"]))
    r = rejected(state, wanderer_back)
    assert (r.code, r.rule) == ("rules/perpetual_cycle", "LL-2.04 12.1.1.2")
    legal = engine.legal_actions(state, "p1")
    assert not [c for c in legal if c.type == "UseAbility" and c.args.get("source") == wanderer]
    run(state, cmd("Deploy", "p1", card=hand_card(state, "p1", "LL-TST-900"), circles=["FL"]))
    run(state, wanderer_back)  # not the same state any more: allowed


def test_the_same_action_from_a_different_state_is_allowed() -> None:
    """LL-2.04 12.1.1.2 (control case): returning the Wanderer once is allowed, and after the
    turn ends the record starts again."""
    state, _ = start_game(deck({"LL-TST-066": 1}), deck())
    to_main(state, "p1")
    wanderer = deploy_given(state, "p1", "LL-TST-066", ["FC"])
    run(state, cmd("UseAbility", "p1", source=wanderer, ability=0))
    assert state.objects[wanderer].zone == "hand" and state.cycle_log
    advance_until(state, "main", "p2")
    assert state.cycle_log == []
