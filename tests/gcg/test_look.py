"""Look at / from the top (GCG-1.00 5.5): the looking player alone sees the top cards of a deck
(4.8.2 hides a deck from every player otherwise); every pick and order the card text gives them
is asked (``ChoiceRequested``) and listed in legal_actions."""

from __future__ import annotations

from typing import Any

from domain.gcg import engine
from domain.gcg.cards import parse_card
from domain.gcg.state import GameState, apply_event
from domain.kernel import CardDataError, Event, expanded
from tests.gcg.support import (
    RED,
    among,
    choose,
    cmd,
    find,
    find_all,
    find_card,
    pending,
    rejected,
    run,
    start_game,
    strategy,
    with_cards,
)

PEEK = strategy(70, [{"op": "look_top", "count": 3}], name="Peek")
"""GCG-TST-970 "Look at the top 3 cards of your deck." (they stay where they are)"""
SCRY = strategy(71, [{"op": "look_top", "count": 3, "rest": "bottom"}], name="Scry")
"""GCG-TST-971 "... Place them at the bottom of your deck in any order." """
DIG = strategy(
    72,
    [{"op": "look_top", "count": 3, "take": 1, "filter": {"area": "deck", "types": ["battle"]}, "rest": "discard"}],
    name="Dig",
)
"""GCG-TST-972 "... reveal up to 1 battle card from among them and add it to your hand. Send the
rest into the discard pile." """
WADE = strategy(73, [{"op": "look_top", "count": 3, "up_to": True}], name="Wade")
"""GCG-TST-973 "Look at up to 3 cards from the top of your deck." """
SPY = strategy(74, [{"op": "look_top", "count": 1, "who": "opponent"}], name="Spy")
"""GCG-TST-974 "Look at the top card of your opponent's deck." """
NOTHING = strategy(75, [{"op": "look_top", "count": 0, "up_to": True}], name="Blink")
"""GCG-TST-975 "Look at up to 0 cards from the top of your deck." """
SIFT = strategy(
    76,
    [{"op": "look_top", "count": 3, "take": 1, "filter": {"area": "deck", "types": ["battle"]}, "rest": "bottom"}],
    name="Sift",
)
"""GCG-TST-976 "... reveal up to 1 battle card from among them and add it to your hand. Place the
rest at the bottom of your deck in any order." """
CARDS = [PEEK, SCRY, DIG, WADE, SPY, NOTHING, SIFT]


def _game() -> tuple[GameState, list[Event]]:
    """The red starter deck with one copy of each look card; the log records every event."""
    state, log = start_game(with_cards(RED, {c["id"]: 1 for c in CARDS}), extra=CARDS)
    return state, list(log)


def _activate(state: GameState, log: list[Event], card: dict[str, Any]) -> list[Event]:
    """Given: the card in p1's hand (a recorded move); when: p1 activates it."""
    oid = find_card(state, "p1", card["id"])
    data = {"oid": oid, "card": card["id"], "owner": "p1", "from": state.objects[oid].zone, "to": "hand"}
    given = Event(state.seq + 1, "CardMoved", {**data, "reason": "given"}, "GCG-1.00 given", "given")
    apply_event(state, given)
    log.append(given)
    events = run(state, cmd("ActivateStrategy", "p1", card=oid, zone=1))
    log += events
    return events


def _choose(state: GameState, log: list[Event], *choice: Any) -> list[Event]:
    events = choose(state, *choice)
    log += events
    return events


def _top(state: GameState, player: str, n: int) -> list[str]:
    return list(reversed(state.zones[player]["deck"][-n:]))


def _choices(state: GameState, player: str) -> list[list[Any]]:
    """Every selection the legal Choose actions allow (a choice of N from M is one action)."""
    return [c.args["choice"] for c in expanded(engine.legal_actions(state, player)) if c.type == "Choose"]


def _replayed(log: list[Event]) -> GameState:
    fresh = GameState()
    for e in log:
        apply_event(fresh, e)
    return fresh


def test_look_at_the_top_cards_shows_them_to_the_looker_only() -> None:
    """GCG-1.00 5.5.1: "look at the top 3 cards of the deck": the specified player checks their
    information; the cards stay where they were, and the look ends with the effect (4.8.2)."""
    state, log = _game()
    top = _top(state, "p1", 3)
    events = _activate(state, log, PEEK)
    looked = find(events, "CardsLookedAt", player="p1")
    assert looked.rule == "GCG-1.00 5.5.1"
    assert looked.data["oids"] == top and looked.data["cards"] == [state.objects[o].card for o in top]
    assert _top(state, "p1", 3) == top  # looking moves nothing
    assert find(events, "LookEnded", player="p1").rule == "GCG-1.00 4.8.2"
    assert state.looked == {} and not engine.is_visible(state, top[0], "p1")
    assert pending(state) == ("main", "p1")


def test_the_opponent_never_sees_the_looked_at_cards() -> None:
    """GCG-1.00 5.5.1, 4.8.2: the looker sees the cards (view and events); the opponent's view
    and events never name those that stay hidden, and a command of theirs naming one is answered
    as one naming no card (4.2.3)."""
    state, log = _game()
    top = _top(state, "p1", 3)
    events = _activate(state, log, SIFT)
    assert pending(state) == ("look_take", "p1")
    mine = engine.view(state, "p1")
    assert [c["oid"] for c in mine["looked"]["p1"]] == top and all(c["card"] for c in mine["looked"]["p1"])
    theirs = engine.view(state, "p2")
    assert theirs["looked"] == {} and "options" not in (theirs["pending"] or {})
    assert all(engine.is_visible(state, o, "p1") and not engine.is_visible(state, o, "p2") for o in top)
    named = rejected(state, cmd("Choose", "p2", choice=[top[1]]))
    unknown = rejected(state, cmd("Choose", "p2", choice=["p1-999"]))
    assert (named.code, named.message.replace(top[1], "X")) == (unknown.code, unknown.message.replace("p1-999", "X"))
    taken = among(state)[0]
    events += _choose(state, log, taken)
    if pending(state)[0] == "look_order":
        events += _choose(state, log, *among(state))
    hidden = [o for o in top if o != taken]  # the taken card is revealed (5.10.1)
    assert all(state.objects[o].zone == "deck" for o in hidden)
    for e in events:
        text = repr(engine.redact_event(state, e, "p2").data)
        assert not any(o in text for o in hidden), e.type
    redacted = engine.redact_event(state, find(events, "CardsLookedAt"), "p2")
    assert redacted.data["oids"] is None and redacted.data["cards"] is None and redacted.data["count"] == 3
    assert engine.state_to_dict(_replayed(log)) == engine.state_to_dict(state)


def test_take_from_among_them_and_send_the_rest_to_the_discard_pile() -> None:
    """GCG-1.00 5.5.1 then the card's text: the player chooses up to 1 battle card among the
    looked-at cards (asked, every option a legal action), reveals it (5.10.1) and adds it to the
    hand; the rest are sent into the discard pile (5.7.3).  Rebuilding from the events equals
    the live state."""
    state, log = _game()
    top = _top(state, "p1", 3)
    _activate(state, log, DIG)
    battles = [o for o in top if state.card_of(o).type == "battle"]
    assert among(state) == battles and state.pending is not None and state.pending.options["min"] == 0
    assert sorted(map(tuple, _choices(state, "p1"))) == sorted([()] + [(o,) for o in battles])
    events = _choose(state, log, battles[0])
    assert find(events, "CardRevealed", oid=battles[0]).rule == "GCG-1.00 5.10.1"
    assert state.objects[battles[0]].zone == "hand"
    assert all(state.objects[o].zone == "discard" for o in top if o != battles[0])
    assert {e.rule for e in find_all(events, "CardMoved", to="discard")} == {"GCG-1.00 5.7.3"}
    assert engine.state_to_dict(_replayed(log)) == engine.state_to_dict(state)


def test_put_the_rest_on_the_bottom_in_the_order_the_player_chooses() -> None:
    """GCG-1.00 5.5.1: "place them at the bottom of your deck in any order": the order is the
    player's (every order a legal action); the choice lists them top to bottom."""
    state, log = _game()
    top = _top(state, "p1", 3)
    _activate(state, log, SCRY)
    assert pending(state) == ("look_order", "p1")
    assert sorted(map(tuple, _choices(state, "p1"))) == sorted(
        [(a, b, c) for a in top for b in top for c in top if len({a, b, c}) == 3]
    )
    order = [top[2], top[0], top[1]]
    _choose(state, log, *order)
    assert state.zones["p1"]["deck"][:3] == list(reversed(order))  # the bottom of the deck, top to bottom
    assert engine.state_to_dict(_replayed(log)) == engine.state_to_dict(state)


def test_look_at_up_to_three_cards_one_at_a_time() -> None:
    """GCG-1.00 5.5.2: X = 1 (5.5.2.2); the player may end (5.5.2.3) or checks the top X cards
    (5.5.2.4), X growing by 1 until it has been done (number) times (5.5.2.5)."""
    state, log = _game()
    top = _top(state, "p1", 3)
    _activate(state, log, WADE)
    assert pending(state) == ("look_more", "p1") and state.pending is not None
    assert state.pending.options["rule"] == "5.5.2.3"
    assert sorted(_choices(state, "p1")) == [["look"], ["stop"]]
    first = _choose(state, log, "look")
    assert find(first, "CardsLookedAt").data["oids"] == top[:1] and find(first, "CardsLookedAt").rule == (
        "GCG-1.00 5.5.2.4"
    )
    second = _choose(state, log, "look")
    assert find(second, "CardsLookedAt").data["oids"] == top[:2]
    third = _choose(state, log, "look")
    assert find(third, "CardsLookedAt").data["oids"] == top  # 5.5.2.5: 3 times, the instruction ends
    assert find(third, "LookEnded") and pending(state) == ("main", "p1")
    assert engine.state_to_dict(_replayed(log)) == engine.state_to_dict(state)


def test_the_player_may_end_looking_up_to_n() -> None:
    """GCG-1.00 5.5.2.3: the player ends the instruction before looking at anything."""
    state, log = _game()
    _activate(state, log, WADE)
    events = _choose(state, log, "stop")
    assert not find_all(events, "CardsLookedAt") and find(events, "LookEnded").data["count"] == 0


def test_look_at_up_to_zero_cards_does_nothing() -> None:
    """GCG-1.00 5.5.2.1: (number) 0 or less: the instruction ends at once."""
    state, log = _game()
    events = _activate(state, log, NOTHING)
    assert not find_all(events, "CardsLookedAt") and pending(state) == ("main", "p1")


def test_look_at_the_opponents_deck() -> None:
    """GCG-1.00 5.5.1: the specified player (the master) checks the top card of the opponent's
    deck; its owner does not see it either (4.8.2)."""
    state, log = _game()
    top = _top(state, "p2", 1)
    events = _activate(state, log, SPY)
    looked = find(events, "CardsLookedAt", player="p1")
    assert looked.data["oids"] == top and looked.data["owner"] == "p2"
    assert engine.redact_event(state, looked, "p2").data["cards"] is None


def test_take_only_from_your_own_deck() -> None:
    """GCG-1.00 5.5.1: a card taken from among the looked-at cards goes to its owner's hand, so
    "take" is only for your own deck: the card data says so on load."""
    bad = strategy(79, [{"op": "look_top", "count": 2, "who": "opponent", "take": 1}])
    try:
        parse_card(bad)
    except CardDataError as exc:
        assert "take" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("accepted")
