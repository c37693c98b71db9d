"""LL-2.04 6.1 (deck preparation) and 6.2 (steps prior to game start) as specifications."""

from __future__ import annotations

from typing import Any

from domain import rulesets
from domain.kernel import Rejection, expanded
from domain.ll import engine
from domain.ll.board import LOCATIONS
from tests.ll.support import (
    STARLIGHT,
    TIDES,
    VANILLAS,
    catalog,
    cmd,
    deck,
    find,
    find_all,
    pending,
    rejected,
    run,
    spec,
    start_game,
    starter_deck,
    types,
)


def create(d1: dict[str, Any], d2: dict[str, Any] | None = None, **kw: Any) -> Rejection | list[Any]:
    return engine.start(spec(d1, d2 or deck(), kw.get("seed", 1), kw.get("first_player")), catalog(VANILLAS))


def refused(d1: dict[str, Any]) -> Rejection:
    result = create(d1)
    assert isinstance(result, Rejection), "the deck was accepted"
    return result


def test_the_engine_is_registered_as_ll_2_04() -> None:
    ll = rulesets.get_engine("LL-2.04")
    assert ll.ruleset == "LL-2.04" and ll.variants == ("standard",)
    assert {"ruleset": "LL-2.04", "variants": ["standard"]} in rulesets.list_rulesets()


def test_the_starter_decks_are_legal() -> None:
    result = engine.start(spec(starter_deck(STARLIGHT), starter_deck(TIDES), 3), catalog())
    assert not isinstance(result, Rejection), result


# --- 6.1 deck preparation -----------------------------------------------------------------------


def test_main_deck_has_exactly_fifty_cards() -> None:
    d = deck()
    d["main"][-1]["count"] -= 1
    r = refused(d)
    assert (r.code, r.rule) == ("deck/main_deck_size", "LL-2.04 6.1.1.1.1")


def test_at_most_four_cards_with_the_same_name() -> None:
    r = refused(deck({"LL-TST-900": 5}))
    assert (r.code, r.rule) == ("deck/too_many_copies", "LL-2.04 6.1.1.1.2") and "Vanilla 0" in r.message


def test_exactly_eight_paradox_cards() -> None:
    r = refused(deck({"LL-TST-030": 3, "LL-TST-031": 3, "LL-TST-032": 1}))
    assert (r.code, r.rule) == ("deck/paradox_count", "LL-2.04 6.1.1.1.3")


def test_no_gates_or_my_logicalist_in_the_main_deck() -> None:
    r = refused(deck({"LL-TST-G05": 1}))
    assert (r.code, r.rule) == ("deck/illegal_main_deck_card", "LL-2.04 6.1.1.1.4")
    r = refused(deck({"LL-TST-ML1": 1}))
    assert r.rule == "LL-2.04 6.1.1.1.4"


def test_gate_deck_has_exactly_ten_gates_at_most_two_per_gate_number() -> None:
    d = deck()
    d["gates"][0]["count"] = 1
    assert refused(d).rule == "LL-2.04 6.1.1.2.1"
    d = deck()
    d["gates"] = (
        [{"card": "LL-TST-G01", "count": 3}, {"card": "LL-TST-G02", "count": 2}]
        + [{"card": f"LL-TST-G0{i}", "count": 2} for i in (3, 4)]
        + [{"card": "LL-TST-G05", "count": 1}]
    )
    r = refused(d)
    assert (r.code, r.rule) == ("deck/gate_number", "LL-2.04 6.1.1.2.2")
    d = deck()
    d["gates"][0] = {"card": "LL-TST-900", "count": 2}
    assert refused(d).rule == "LL-2.04 6.1.1.2.3"


def test_my_logicalist_and_tool_deck() -> None:
    assert refused(deck(my_logicalist="LL-TST-900")).rule == "LL-2.04 6.1.1.3.1"
    five = deck(tools=[{"card": "LL-TST-T01", "count": 3}, {"card": "LL-TST-T02", "count": 2}])
    assert refused(five).rule == "LL-2.04 6.1.1.4.1"
    no_skill = deck(tools=[{"card": "LL-TST-020", "count": 1}])
    assert (refused(no_skill).code, refused(no_skill).rule) == ("deck/illegal_tool_card", "LL-2.04 6.1.1.4.2")
    # 6.1.1.4.3: the same name may appear in both the Main Deck and the Tool Deck
    ok = create(deck(tools=[{"card": "LL-TST-T01", "count": 4}], my_logicalist="LL-TST-ML1"))
    assert not isinstance(ok, Rejection)


def test_unknown_cards_and_malformed_catalog_entries_are_named() -> None:
    r = refused(deck({"LL-TST-NOPE": 1}))
    assert r.code == "deck/unknown_card" and "LL-TST-NOPE" in r.message
    bad = catalog([{"id": "LL-TST-BAD", "name": "Bad", "type": "gate"}])
    result = engine.start(spec(deck(), deck(), 1), bad)
    assert isinstance(result, Rejection) and result.code == "cards/invalid"
    assert "LL-TST-BAD" in result.message and "gate_number" in result.message


def test_the_first_player_cannot_be_chosen() -> None:
    result = create(deck(), first_player="p1")
    assert isinstance(result, Rejection)
    assert (result.code, result.rule) == ("game/first_player_is_random", "LL-2.04 6.2.1.7.1")


# --- 6.2 steps prior to game start --------------------------------------------------------------


def test_setup_shuffles_deals_gates_face_down_and_removes_the_rest() -> None:
    state, events = start_game(seed=5, first=None)
    shuffles = find_all(events, "DeckShuffled")
    assert {(e.data["player"], e.data["zone"]) for e in shuffles} == {
        (p, z) for p in ("p1", "p2") for z in ("deck", "gate_deck")
    }
    assert {e.rule for e in shuffles} == {"LL-2.04 6.2.1.4"}
    for pid in ("p1", "p2"):
        gates = state.zones[pid]["gate"]
        assert sorted(loc for g in gates for loc in state.objects[g].circles) == sorted(LOCATIONS)
        assert all(state.objects[g].face_down for g in gates)
        removed = state.zones[pid]["remove"]
        assert len(removed) == 4 and all(state.objects[o].face_down for o in removed)  # 6.2.1.5.1
        assert not state.zones[pid]["gate_deck"]
        assert len(state.zones[pid]["deck"]) == 45 and len(state.zones[pid]["hand"]) == 5  # 6.2.1.6, 6.2.1.8
    dealt = [e for e in events if e.type == "CardMoved" and e.data["to"] == "gate"]
    assert len(dealt) == 12 and {e.rule for e in dealt} == {"LL-2.04 6.2.1.5"}
    chosen = find(events, "FirstPlayerChosen")
    assert chosen.rule == "LL-2.04 6.2.1.7" and state.first_player == chosen.data["player"]
    assert pending(state) == ("redraw", state.first_player)


def test_my_logicalist_and_tools_start_face_down_and_my_logicalist_turns_face_up() -> None:
    state, _ = start_game()
    for pid in ("p1", "p2"):
        (ml,) = state.zones[pid]["my_logicalist"]
        assert state.objects[ml].face_down  # 6.2.1.2
    assert len(state.zones["p2"]["tool"]) == 4 and all(state.objects[t].face_down for t in state.zones["p2"]["tool"])
    run(state, cmd("Redraw", "p1", cards=[]))
    events = run(state, cmd("Redraw", "p2", cards=[]))
    turned = [e for e in events if e.type == "CardTurned"]
    assert len(turned) == 2 and {e.rule for e in turned} == {"LL-2.04 6.2.1.9"}
    assert not any(state.objects[state.zones[p]["my_logicalist"][0]].face_down for p in ("p1", "p2"))
    assert [e.data["points"] for e in find_all(events, "RefreshPointsChanged")] == [0, 0]  # 6.2.1.10
    began = find(events, "TurnBegan")
    assert (began.data, began.rule) == ({"turn": 1, "player": "p1"}, "LL-2.04 6.2.1.11")


def test_redraw_puts_cards_on_the_bottom_and_draws_as_many_once_per_player() -> None:
    state, _ = start_game()
    hand = list(state.zones["p1"]["hand"])
    back = hand[:2]
    events = run(state, cmd("Redraw", "p1", cards=back))
    assert types(events)[0] == "RedrawDeclared"
    assert state.zones["p1"]["deck"][:2] == list(reversed(back)) or set(state.zones["p1"]["deck"][:2]) == set(back)
    assert len(state.zones["p1"]["hand"]) == 5 and not set(back) & set(state.zones["p1"]["hand"])
    assert pending(state) == ("redraw", "p2")  # starting with the player going first
    r = rejected(state, cmd("Redraw", "p1", cards=[]))
    assert (r.code, r.rule) == ("rules/not_your_decision", "LL-2.04 6.2.1.8")  # the order, not 9.5.2
    r = rejected(state, cmd("Redraw", "p2", cards=[hand[0]]))
    assert (r.code, r.rule) == ("rules/not_in_hand", "LL-2.04 6.2.1.8")


def test_redraw_is_listed_exactly_for_the_player_who_may_redraw_now() -> None:
    """6.2.1.8: "Starting with the player going first, each player may put any number of cards
    ... to the bottom": the first player decides, then the other.  At each step the player
    whose Redraw ``decide`` accepts is the one ``legal_actions`` offers it to, and the other
    is offered only Concede (its Redraw is refused, not yet theirs)."""
    state, _ = start_game(first=None)
    for _ in range(2):
        assert state.pending is not None and state.pending.kind == "redraw"
        now = state.pending.player
        for player in ("p1", "p2"):
            listed = [c for c in expanded(engine.legal_actions(state, player)) if c.type == "Redraw"]
            answer = engine.decide(state, cmd("Redraw", player, cards=[]))
            accepted = not isinstance(answer, Rejection)
            assert accepted == bool(listed) == (player == now)
            if not accepted:
                assert isinstance(answer, Rejection) and answer.rule == "LL-2.04 6.2.1.8"
            assert len(listed) == (2 ** len(state.zones[player]["hand"]) if player == now else 0)
        run(state, cmd("Redraw", now, cards=[]))
    assert state.pending is not None and state.pending.kind != "redraw"
