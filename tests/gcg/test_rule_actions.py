"""Rule actions (GCG-1.00 10): reshuffle (10.2) and crush and destroy (10.3) interrupt
whatever is going on; illegal cards (10.4) and overloaded cards (10.5) are checked in check
timings.  The infinite loop rule (12.1)."""

from __future__ import annotations

from typing import Any

from domain.gcg import engine, flow
from tests.gcg.support import (
    RED,
    choose,
    cmd,
    empty_hand,
    end_main,
    find,
    find_all,
    find_card,
    pending,
    position,
    put,
    rejected,
    replacing,
    run,
    start_game,
    to_hand,
    to_strategy,
    to_zone,
    tst,
    with_cards,
)


def _empty_deck(state, player: str) -> None:  # type: ignore[no-untyped-def]
    for oid in list(state.zones[player]["deck"]):
        put(state, oid, "discard")


def test_reshuffle_when_drawing_from_an_empty_deck() -> None:
    """10.2.2, 10.2.3: the discard pile becomes the deck, shuffled, and the draw goes on."""
    state, _ = start_game()
    _empty_deck(state, "p2")
    pile = len(state.zones["p2"]["discard"])
    events = end_main(state)  # p2's start phase draws 1 (7.2.2)
    assert find(events, "DeckReshuffled").rule == "GCG-1.00 10.2.2"
    moved = [e for e in events if e.rule == "GCG-1.00 10.2.3" and e.type == "CardMoved"]
    assert len(moved) == pile
    assert find(events, "DeckShuffled", player="p2").rule == "GCG-1.00 10.2.3"
    draw = [e for e in events if e.rule == "GCG-1.00 7.2.2"]
    assert len(draw) == 1 and len(state.zones["p2"]["deck"]) == pile - 1


def test_no_reshuffle_without_a_discard_pile() -> None:
    """10.2.4: nothing moves and the draw is not performed (1.3.2)."""
    state, _ = start_game()
    for oid in list(state.zones["p2"]["deck"]):
        put(state, oid, "hand")
    events = end_main(state)
    assert find(events, "DrawNotPerformed").rule == "GCG-1.00 10.2.4"
    assert not find_all(events, "DeckReshuffled")


def test_crush_and_destroy_interrupts_an_advance() -> None:
    """10.3: when the invading monster enters a zone with its master's battle card, that
    card is destroyed at once, before the invasion's next advance (10.1.2.1)."""
    state, _ = start_game()
    crushed = to_zone(state, "p1", tst(10), 2)
    heat = to_hand(state, "p1", tst(12))  # icon 2
    events = run(state, cmd("Invade", "p1", card=heat))
    order = [(e.type, e.data.get("to"), e.rule) for e in events if e.type in ("MonsterMoved", "CardMoved")]
    i = order.index(("CardMoved", "discard", "GCG-1.00 10.3.3"))
    assert order[i - 1] == ("MonsterMoved", 2, "GCG-1.00 8.6.1.2")
    assert order[i + 1] == ("MonsterMoved", 3, "GCG-1.00 8.6.1.2")
    assert state.objects[crushed].zone == "discard"


def test_crush_only_hits_the_monsters_own_battle_cards() -> None:
    """10.3.3: the opponent's battle card in "their" zone 2 is not in the same zone."""
    state, _ = start_game()
    theirs = to_zone(state, "p2", tst(40), 2)
    end_main(state)
    assert state.players["p1"].position == 2 and state.objects[theirs].zone == "field"


def test_illegal_cards_go_to_the_discard_pile_at_a_check_timing() -> None:
    """10.4.1: a battle card in a strategy zone; 10.4.1.1: a card in the resolution area
    that is not waiting to be resolved."""
    state, _ = start_game()
    wrong = put(state, find_card(state, "p1", tst(10)), "strategy", slot=1)
    stray = put(state, find_card(state, "p1", tst(11)), "resolution")
    events = end_main(state)
    assert find(events, "CardMoved", oid=wrong, to="discard").rule == "GCG-1.00 10.4.1"
    assert find(events, "CardMoved", oid=stray, to="discard").rule == "GCG-1.00 10.4.1.1"


def test_overloaded_zone_keeps_the_card_placed_last() -> None:
    """10.5.1: playing a battle card into a zone that holds one destroys the older one."""
    state, _ = start_game()
    old = to_zone(state, "p1", tst(10), 4)
    new = to_hand(state, "p1", tst(61))
    events = run(state, cmd("PlayBattleCard", "p1", card=new, zone=4))
    assert find(events, "CardMoved", oid=old, to="discard").rule == "GCG-1.00 10.5.1"
    assert state.objects[new].zone == "field" and state.objects[new].slot == 4


def test_overloaded_strategy_zone() -> None:
    """10.5.1 for strategy zones: Strategic Reserve activates into an occupied strategy zone."""
    state, _ = start_game(with_cards(RED, {tst(68): 1}))
    old = to_strategy(state, "p1", tst(20), 2)
    rampage = to_hand(state, "p1", tst(20))
    run(state, cmd("ActivateStrategy", "p1", card=to_hand(state, "p1", tst(68)), zone=1))
    choose(state, rampage)
    events = choose(state, 2)
    assert find(events, "CardMoved", oid=old, to="discard").rule == "GCG-1.00 10.5.1"
    assert state.objects[rampage].zone == "strategy"


def test_a_loop_of_main_phase_actions_may_not_be_repeated() -> None:
    """12.1.1.2: Redeploy returns Redeploy, which returns Redeploy: once the game state is
    identical again, those actions may not be performed again this turn."""
    state, _ = start_game()
    position(state, "p2", 2)
    a = to_zone(state, "p1", tst(62), 3)
    b = to_hand(state, "p1", tst(62))
    # a first action, so that the recorded game state includes the cards given above
    run(state, cmd("PlayBattleCard", "p1", card=to_hand(state, "p1", tst(10)), zone=6))
    run(state, cmd("PlayBattleCard", "p1", card=b, zone=4))
    choose(state, a)  # the target (9.5.2.2)
    choose(state, "yes")  # return it
    assert state.objects[a].zone == "hand"
    run(state, cmd("PlayBattleCard", "p1", card=a, zone=3))
    choose(state, b)
    events = choose(state, "yes")  # return b: the state is as before
    loop = find(events, "LoopDetected")
    assert loop.rule == "GCG-1.00 12.1.1.2"
    assert loop.data["actions"] == [f"PlayBattleCard:{tst(62)}:4", f"PlayBattleCard:{tst(62)}:3"]
    r = rejected(state, cmd("PlayBattleCard", "p1", card=b, zone=4))
    assert (r.code, r.rule) == ("rules/infinite_loop", "GCG-1.00 12.1.1.2")
    legal = engine.legal_actions(state, "p1")
    assert cmd("PlayBattleCard", "p1", card=b, zone=4).args not in [c.args for c in legal]
    assert any(c.type == "PlayBattleCard" and c.args["card"] == b and c.args["zone"] == 5 for c in legal)
    # next turn, the actions are allowed again
    end_main(state)
    assert state.banned == []


ENDLESS = {
    "id": "GCG-TST-970",
    "name": "Endless Fury",
    "type": "battle",
    "rank": 1,
    "color": "white",
    "counter": 1000,
    "abilities": [
        {
            "kind": "auto",
            "trigger": "hand_empty",
            "effects": [{"op": "gain_rage", "amount": 1}],
            "text": "When your hand has no cards, gain 1 rage.",
        }
    ],
}


def _invade_with_the_last_card(card: dict[str, Any]) -> tuple[Any, list[Any]]:
    """Given ``card`` in p1's zone 5 and one card in p1's hand, p1 invades with it: the hand
    is empty (a situation, 9.6.6)."""
    state, _ = start_game(with_cards(RED, {card["id"]: 1}), extra=[card])
    to_zone(state, "p1", card["id"], 5)
    empty_hand(state, "p1")
    last = put(state, find_card(state, "p1", tst(10)), "hand")
    events = run(state, cmd("Invade", "p1", card=last))
    ended = find(events, "GameEnded")
    assert ended.data == {"winner": None, "result": "draw"} and ended.rule == "GCG-1.00 12.1.1.3"
    assert state.finished and state.result == "draw"
    return state, events


def test_an_infinite_loop_no_player_can_stop_is_a_draw() -> None:
    """12.1.1.3: a situation trigger (9.6.6.1) whose effect never ends the situation."""
    _, events = _invade_with_the_last_card(ENDLESS)
    assert "check timing rounds" in find(events, "NothingHappened").data["why"]  # rage grows: no repeat


RESTLESS = {
    **ENDLESS,
    "id": "GCG-TST-971",
    "name": "Restless Sentry",
    "abilities": [
        {
            "kind": "auto",
            "trigger": "hand_empty",
            "effects": [{"op": "advance"}, {"op": "retreat"}],
            "text": "When your hand has no cards, advance your invading monster. Then retreat it.",
        }
    ],
}


def test_a_loop_that_repeats_the_game_state_is_a_draw_as_soon_as_it_repeats() -> None:
    """12.1.1.3: a situation trigger (9.6.6.1) whose effect leaves everything as it was: the
    same game state and work come back with no decision in between, so the loop cannot be
    stopped; the game is a draw without waiting for the round limit."""
    _, events = _invade_with_the_last_card(RESTLESS)
    assert "repeats" in find(events, "NothingHappened").data["why"]
    assert len(find_all(events, "AbilityResolved")) < flow.LOOP_LIMIT // 10


def test_pending_choice_survives_interrupts_across_commands() -> None:
    """A crushed Scale Guard offers its replacement once per crush (9.9.2.3), even though
    the choice spans several commands."""
    state, _ = start_game()
    to_zone(state, "p1", tst(16), 2)
    end_main(state)
    assert pending(state) == ("yes_no", "p1")
    choose(state, "no")
    assert pending(state) == ("main", "p2")


STUBBORN = replacing(
    972,
    "Stubborn Relic",
    "destroyed",
    [{"op": "lose_rage", "amount": 1}],
    text="When this card would be destroyed, instead lose 1 rage.",
)


def test_an_illegal_card_kept_by_a_mandatory_replacement_is_a_draw() -> None:
    """10.4.1 puts an illegal card into the discard pile, which counts as destroying it
    (5.12.1.1), so a "would be destroyed" replacement effect replaces it (9.9.1) and the card
    stays where it is.  9.4.3.1 repeats the rule actions while one needs resolving, and
    9.9.2.3 limits a replacement to once per event, not per card: each round is a new event,
    replaced again.  Nobody can stop it (the replacement is not optional): GCG-1.00 12.1.1.3,
    a draw, detected as soon as the game state repeats."""
    state, _ = start_game(with_cards(RED, {STUBBORN["id"]: 1}), extra=[STUBBORN])
    relic = put(state, find_card(state, "p1", STUBBORN["id"]), "strategy", slot=1)  # not a strategy card
    events = end_main(state)
    replaced = find_all(events, "ReplacementApplied")
    assert len(replaced) > 1 and all(e.data["oid"] == relic and e.data["event"] == "destroyed" for e in replaced)
    assert not [e for e in find_all(events, "CardMoved") if e.data["oid"] == relic]  # 9.9.1.1
    assert state.objects[relic].zone == "strategy"
    assert "repeats" in find(events, "NothingHappened").data["why"]
    assert state.finished and state.winner is None
