"""Look at the top (LL-2.04 5.7) and To Look (at) (5.23): the looking player alone confirms the
cards (closed zones and face-down cards are hidden otherwise, 4.1.2), until the effect ends;
every pick and order the card text gives them is asked (``ChoiceRequested``) and listed in
legal_actions."""

from __future__ import annotations

from typing import Any

from domain.kernel import CardDataError, expanded
from domain.ll import engine
from domain.ll.cards import parse_card
from domain.ll.state import GameState, apply_event
from tests.ll.support import (
    cmd,
    deck,
    deploy_given,
    find,
    find_all,
    pending,
    rejected,
    run,
    start_game,
    to_main,
    vanilla,
)


def _startup(n: int, name: str, *effects: dict[str, Any]) -> dict[str, Any]:
    """A test Logicalist ``LL-TST-9nn`` with one costless startup ability."""
    return vanilla(n, name=name, abilities=[{"kind": "startup", "effects": list(effects)}])


LOGICALIST = {"zone": "deck", "types": ["logicalist"]}
PEEK = _startup(70, "Peek", {"op": "look_top", "count": 3})
"""LL-TST-970 "Look at the top 3 cards of your Deck." """
SIFT = _startup(
    71, "Sift", {"op": "look_top", "count": 3, "take": 1, "filter": LOGICALIST, "reveal": True, "rest": "bottom"}
)
"""LL-TST-971 "... reveal up to 1 Logicalist from among them and put it into your hand; put the rest
on the bottom of your Deck in any order." """
WADE = _startup(72, "Wade", {"op": "look_top", "count": 3, "up_to": True})
"""LL-TST-972 "Look at up to 3 cards from the top of your Deck." """
SPY = _startup(
    73, "Spy", {"op": "look_at", "target": {"kind": "all", "filter": {"zone": "hand", "controller": "opponent"}}}
)
"""LL-TST-973 "Look at your opponent's hand." """
GAZE = _startup(
    74,
    "Gaze",
    {"op": "look_at", "target": {"filter": {"zone": "gate", "controller": "opponent", "face_down": True}}},
)
"""LL-TST-974 "Look at 1 of your opponent's face-down gates." """
STACK = _startup(75, "Stack", {"op": "look_top", "count": 2, "rest": "top"})
"""LL-TST-975 "Look at the top 2 cards of your Deck and put them back in any order." """
CARDS = [PEEK, SIFT, WADE, SPY, GAZE, STACK]


def _game(card: dict[str, Any]) -> tuple[GameState, str, dict[str, Any]]:
    """p1's main phase with ``card`` on FC; the snapshot the replay check starts from."""
    state, _ = start_game(deck({c["id"]: 1 for c in CARDS}), extra=CARDS)
    to_main(state, "p1")
    member = deploy_given(state, "p1", card["id"], ["FC"])
    return state, member, engine.state_to_dict(state)


def _use(state: GameState, member: str, log: list[Any]) -> list[Any]:
    events = run(state, cmd("UseAbility", "p1", source=member, ability=0))
    log += events
    return events


def _choose(state: GameState, choice: Any, log: list[Any]) -> list[Any]:
    events = run(state, cmd("Choose", "p1", choice=choice))
    log += events
    return events


def _top(state: GameState, player: str, n: int) -> list[str]:
    return list(reversed(state.zones[player]["deck"][-n:]))


def _choices(state: GameState) -> list[Any]:
    return [c.args["choice"] for c in expanded(engine.legal_actions(state, "p1")) if c.type == "Choose"]


def _replays(snapshot: dict[str, Any], log: list[Any], state: GameState) -> bool:
    rebuilt = engine.state_from_dict(snapshot)
    for e in log:
        apply_event(rebuilt, e)
    return bool(engine.state_to_dict(rebuilt) == engine.state_to_dict(state))


def test_look_at_the_top_n_cards() -> None:
    """LL-2.04 5.7.1: the player looks at the top 3 cards of the Deck; 5.23.3: their zone and
    order do not change; 5.23.2, 5.23.2.1: the look ends with the effect."""
    state, member, _ = _game(PEEK)
    top = _top(state, "p1", 3)
    events = _use(state, member, [])
    looked = find(events, "CardsLookedAt", player="p1")
    assert looked.rule == "LL-2.04 5.7.1" and looked.data["oids"] == top
    assert looked.data["cards"] == [state.objects[o].card for o in top]
    assert _top(state, "p1", 3) == top
    assert find(events, "LookEnded").rule == "LL-2.04 5.23.2.1" and state.looked == {}
    assert not engine.is_visible(state, top[0], "p1") and pending(state) == ("main", "p1")


def test_the_opponent_never_sees_the_looked_at_cards() -> None:
    """LL-2.04 5.23.1: only the instructed player confirms the cards: they see them in their view
    while choosing; the opponent's view and events never name the cards that stay hidden, and a
    command of theirs naming one is answered as one naming no card (4.1.2).  Rebuilding the state
    from the events equals the live state."""
    state, member, snapshot = _game(SIFT)
    log: list[Any] = []
    top = _top(state, "p1", 3)
    events = _use(state, member, log)
    assert pending(state) == ("choose", "p1")
    mine = engine.view(state, "p1")
    assert [c["oid"] for c in mine["looked"]["p1"]] == top and all(c["card"] for c in mine["looked"]["p1"])
    theirs = engine.view(state, "p2")
    assert theirs["looked"] == {} and "options" not in (theirs["pending"] or {})
    assert all(engine.is_visible(state, o, "p1") and not engine.is_visible(state, o, "p2") for o in top)
    named = rejected(state, cmd("Choose", "p2", choice=[top[1]]))
    unknown = rejected(state, cmd("Choose", "p2", choice=["p1-999"]))
    assert (named.code, named.message.replace(top[1], "X")) == (unknown.code, unknown.message.replace("p1-999", "X"))
    taken = state.pending.options["cards"][0] if state.pending else None
    events += _choose(state, [taken], log)
    if pending(state)[0] == "look_order":
        events += _choose(state, list(state.pending.options["cards"]) if state.pending else [], log)
    hidden = [o for o in top if o != taken]
    assert all(state.objects[o].zone == "deck" for o in hidden)
    for e in events:
        text = repr(engine.redact_event(state, e, "p2").data)
        assert not any(o in text for o in hidden), e.type
    redacted = engine.redact_event(state, find(events, "CardsLookedAt"), "p2")
    assert redacted.data["oids"] is None and redacted.data["cards"] is None and redacted.data["count"] == 3
    assert _replays(snapshot, log, state)


def test_take_one_reveal_it_and_put_the_rest_on_the_bottom_in_any_order() -> None:
    """LL-2.04 5.23.1 then the card's text: up to 1 Logicalist among the looked-at cards (asked,
    each option a legal action) is revealed (5.19.3) and put into the hand (5.4.1); the player
    orders the rest on the bottom of the Deck (every order a legal action)."""
    state, member, snapshot = _game(SIFT)
    log: list[Any] = []
    top = _top(state, "p1", 3)
    _use(state, member, log)
    assert state.pending is not None
    options = list(state.pending.options["cards"])
    assert options == [o for o in top if state.card_of(o).type == "logicalist"] and state.pending.options["min"] == 0
    assert sorted(map(tuple, _choices(state))) == sorted([()] + [(o,) for o in options])
    taken = options[0]
    events = _choose(state, [taken], log)
    assert find(events, "CardRevealed", oid=taken).rule == "LL-2.04 5.19.3"
    assert state.objects[taken].zone == "hand"
    rest = [o for o in top if o != taken]
    assert pending(state) == ("look_order", "p1")
    assert sorted(map(tuple, _choices(state))) == sorted([tuple(rest), tuple(reversed(rest))])
    order = list(reversed(rest))
    _choose(state, order, log)
    assert state.zones["p1"]["deck"][: len(order)] == list(reversed(order))  # bottom, top to bottom
    assert state.looked == {}
    assert _replays(snapshot, log, state)


def test_put_them_back_on_top_in_any_order() -> None:
    """LL-2.04 5.4.1: the looked-at cards go back on top in the order the player lists, top first;
    an order that is not a permutation of them is refused."""
    state, member, snapshot = _game(STACK)
    log: list[Any] = []
    top = _top(state, "p1", 2)
    _use(state, member, log)
    assert pending(state) == ("look_order", "p1")
    r = rejected(state, cmd("Choose", "p1", choice=[top[0], top[0]]))
    assert (r.code, r.rule) == ("rules/illegal_choice", "LL-2.04 5.4.1")
    _choose(state, [top[1], top[0]], log)
    assert _top(state, "p1", 2) == [top[1], top[0]]
    assert _replays(snapshot, log, state)


def test_look_at_up_to_n_cards_one_more_at_a_time() -> None:
    """LL-2.04 5.7.2, 5.7.3.1-5.7.3.4: the number starts at 1; the player may end (5.7.3.2) or
    looks at that many cards from the top (5.7.3.3), one more each time, until N times (5.7.3.4)."""
    state, member, snapshot = _game(WADE)
    log: list[Any] = []
    top = _top(state, "p1", 3)
    _use(state, member, log)
    assert pending(state) == ("look_more", "p1") and state.pending is not None
    assert sorted(_choices(state)) == [False, True]
    first = _choose(state, True, log)
    assert find(first, "CardsLookedAt").data["oids"] == top[:1] and find(first, "CardsLookedAt").rule == (
        "LL-2.04 5.7.3.3"
    )
    second = _choose(state, True, log)
    assert find(second, "CardsLookedAt").data["oids"] == top[:2]
    third = _choose(state, True, log)
    assert find(third, "CardsLookedAt").data["oids"] == top and find(third, "LookEnded")
    assert pending(state) == ("main", "p1")
    assert _replays(snapshot, log, state)


def test_the_player_may_end_looking_up_to_n() -> None:
    """LL-2.04 5.7.3.2: the player ends the instruction after one card."""
    state, member, _ = _game(WADE)
    log: list[Any] = []
    _use(state, member, log)
    _choose(state, True, log)
    events = _choose(state, False, log)
    assert not find_all(events, "CardsLookedAt") and find(events, "LookEnded").data["count"] == 1
    assert pending(state) == ("main", "p1")


def test_look_at_the_opponents_hand() -> None:
    """LL-2.04 5.23.1: the instructed player confirms the opponent's hand (a closed zone to them);
    5.23.3: nothing moves; 5.23.2.1: the look ends with the effect."""
    state, member, _ = _game(SPY)
    hand = list(state.zones["p2"]["hand"])
    events = _use(state, member, [])
    looked = find(events, "CardsLookedAt", player="p1")
    assert looked.rule == "LL-2.04 5.23.1" and sorted(looked.data["oids"]) == sorted(hand)
    assert engine.redact_event(state, looked, "p2").data["oids"] is None  # the event says only how many
    assert state.zones["p2"]["hand"] == hand and state.looked == {}


def test_look_at_a_face_down_gate() -> None:
    """LL-2.04 5.23.1: a face-down gate of the opponent's, chosen, is confirmed by the player
    alone; it stays face-down (5.23.3)."""
    state, member, _ = _game(GAZE)
    gates = [g for g in state.zones["p2"]["gate"] if state.objects[g].face_down]
    events = _use(state, member, [])
    if len(gates) > 1:
        assert pending(state) == ("choose", "p1")
        events += run(state, cmd("Choose", "p1", choice=[gates[0]]))
    looked = find(events, "CardsLookedAt", player="p1")
    assert looked.data["oids"] == [gates[0]] and state.objects[gates[0]].face_down
    assert engine.redact_event(state, looked, "p2").data["cards"] is None


def test_look_effects_are_card_data() -> None:
    """LL-2.04 5.7.1: "look at the top N" counts cards: a negative N is refused on load."""
    try:
        parse_card(_startup(79, "Bad", {"op": "look_top", "count": -1}))
    except CardDataError as exc:
        assert "count" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("accepted")
