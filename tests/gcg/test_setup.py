"""Deck construction (GCG-1.00 6.1) and preparing for the game (6.3)."""

from __future__ import annotations

from typing import Any

import pytest

from domain import rulesets
from domain.gcg import engine
from domain.kernel import GameSpec, PlayerSpec, Rejection
from tests.gcg.support import BLUE, RED, catalog, find_all, spec, start_game, starter_deck, tst, with_cards


def _start(d1: dict[str, Any], d2: dict[str, Any] | None = None, extra: list[dict[str, Any]] | None = None) -> Any:
    return engine.start(spec(d1, d2 or starter_deck(BLUE), 1), catalog(extra or []))


def _rejection(d1: dict[str, Any], extra: list[dict[str, Any]] | None = None) -> Rejection:
    result = _start(d1, extra=extra)
    assert isinstance(result, Rejection), "the deck was accepted"
    return result


def test_the_engine_is_registered_as_gcg_1_00() -> None:
    assert rulesets.get_engine("GCG-1.00") is engine.ENGINE
    assert {"ruleset": "GCG-1.00", "variants": ["standard"]} in rulesets.list_rulesets()


def test_both_starter_decks_are_legal() -> None:
    result = _start(starter_deck(RED), starter_deck(BLUE))
    assert not isinstance(result, Rejection), result


def test_monster_deck_needs_one_monster_of_each_rank() -> None:
    deck = starter_deck(RED)
    deck["monster_deck"] = [tst(1), tst(2), tst(3), tst(3)]
    r = _rejection(deck)
    assert (r.code, r.rule) == ("deck/monster_deck", "GCG-1.00 6.1.1.1")
    deck["monster_deck"] = [tst(1), tst(2), tst(3)]
    assert _rejection(deck).rule == "GCG-1.00 6.1.1.1"


def test_main_deck_must_have_exactly_50_cards() -> None:
    deck = starter_deck(RED)
    deck["main"][0]["count"] -= 1
    r = _rejection(deck)
    assert (r.code, r.rule) == ("deck/main_deck_size", "GCG-1.00 6.1.1.2")
    deck["main"][0]["count"] += 2
    assert _rejection(deck).rule == "GCG-1.00 6.1.1.2"


def test_main_deck_may_contain_monster_cards() -> None:
    deck = starter_deck(RED)
    assert any(e["card"] == tst(5) for e in deck["main"])  # 6.1.1.2.1
    assert not isinstance(_start(deck), Rejection)


def test_at_most_ten_cards_with_invasion_icon_two() -> None:
    # the red deck holds exactly 10 cards with invasion icon 2; one more is too many
    deck = starter_deck(RED)
    counts = {e["card"]: e for e in deck["main"]}
    counts[tst(12)]["count"] += 1  # a fourth Heat Ray (icon 2)
    counts[tst(10)]["count"] -= 1  # instead of an Atomic Breath (icon 1)
    r = _rejection(deck)
    assert (r.code, r.rule) == ("deck/invasion_icons", "GCG-1.00 6.1.1.2.2")


def test_colors_must_be_white_or_the_color_of_the_rank_one_monster() -> None:
    deck = with_cards(RED, {tst(40): 1})  # a blue battle card in a red deck
    r = _rejection(deck)
    assert (r.code, r.rule) == ("deck/color", "GCG-1.00 6.1.1.3")
    white = with_cards(RED, {tst(65): 1})
    assert not isinstance(_start(white), Rejection)


def test_up_to_four_cards_with_the_same_card_number_ignoring_plus() -> None:
    deck = with_cards(RED, {tst(10): 1})  # a fifth Atomic Breath
    r = _rejection(deck)
    assert (r.code, r.rule) == ("deck/too_many_copies", "GCG-1.00 6.1.1.4")
    # a parallel printing "GCG-TST-010+" shares the card number (6.1.1.4.1)
    plus = {"id": "GCG-TST-010P", "number": "GCG-TST-010+", "name": "Atomic Breath (parallel)", "type": "battle"}
    plus.update({"rank": 1, "color": "red", "counter": 3000, "invasion": 1})
    deck = with_cards(RED, {"GCG-TST-010P": 1})
    r = _rejection(deck, extra=[plus])
    assert r.rule == "GCG-1.00 6.1.1.4"


def test_a_deck_construction_ability_replaces_the_copy_limit() -> None:
    blue = starter_deck(BLUE)
    assert any(e["card"] == tst(65) and e["count"] > 4 for e in blue["main"])  # 6.1.2
    assert not isinstance(_start(starter_deck(RED), blue), Rejection)
    limited = {"id": "GCG-TST-950", "name": "Two of a Kind", "type": "battle", "rank": 1, "color": "white"}
    limited.update({"counter": 1000, "deck_limit": 2})
    r = _rejection(with_cards(RED, {"GCG-TST-950": 3}), extra=[limited])
    assert (r.code, r.rule) == ("deck/too_many_copies", "GCG-1.00 6.1.2")


def test_unknown_cards_and_malformed_decks_are_refused() -> None:
    assert _rejection(with_cards(RED, {"GCG-NOPE": 1})).code == "deck/unknown_card"
    assert _rejection({"main": []}).code == "deck/malformed"


def test_two_players_and_a_random_first_player() -> None:
    d = starter_deck(RED)
    one = GameSpec("g", "GCG-1.00", "standard", [PlayerSpec("p1", "A", d)], 1)
    assert isinstance(engine.start(one, catalog()), Rejection)
    chosen = GameSpec("g", "GCG-1.00", "standard", [PlayerSpec("p1", "A", d), PlayerSpec("p2", "B", d)], 1, "p1")
    r = engine.start(chosen, catalog())
    assert isinstance(r, Rejection) and r.rule == "GCG-1.00 6.3.1.4"
    firsts = set()
    for seed in range(12):
        state, _ = start_game(seed=seed, first=None)
        firsts.add(state.first_player)
    assert firsts == {"p1", "p2"}


def test_setup_follows_6_3_1() -> None:
    state, events = start_game(first="p1")
    rules = [e.rule for e in events]
    assert rules[0] == "GCG-1.00 6.3.1.1"  # decks presented
    started = events[0].data
    assert started["presented"]["p1"]["monster_deck"] == sorted(starter_deck(RED)["monster_deck"])
    shuffles = find_all(events, "DeckShuffled")
    assert [e.rule for e in shuffles[:2]] == ["GCG-1.00 6.3.1.3"] * 2
    assert find_all(events, "FirstPlayerDecided")[0].rule == "GCG-1.00 6.3.1.4"
    opening = [e for e in events if e.rule == "GCG-1.00 6.3.1.5"]
    assert len(opening) == 10  # 5 cards each, moved from the top of the deck
    for pid in ("p1", "p2"):
        top = state.zones[pid]["monster"]
        assert len(top) == 1 and state.card_of(top[0]).rank == 1  # 6.3.1.6
        assert len(state.zones[pid]["monster_deck"]) == 3  # ranks II-IV stay in the monster deck zone
        assert state.players[pid].position == 1
        assert state.players[pid].rage == 0  # 6.3.1.7
    assert [e.rule for e in find_all(events, "RageChanged")] == ["GCG-1.00 6.3.1.7"] * 2
    # the first turn begins: start phase draw of 1 (the opponent's monster is rank I), then main phase
    assert state.turn == 1 and state.turn_player == "p1"
    assert len(state.zones["p1"]["hand"]) == 6 and len(state.zones["p2"]["hand"]) == 5
    assert state.pending is not None and (state.pending.kind, state.pending.player) == ("main", "p1")


@pytest.mark.parametrize("bad", [{"cards": [{"id": "X", "name": "X", "type": "monster", "rank": 7, "color": "red"}]}])
def test_malformed_cards_are_named(bad: dict[str, Any]) -> None:
    r = engine.start(spec(starter_deck(RED), starter_deck(BLUE), 1), bad)
    assert isinstance(r, Rejection) and r.code == "cards/invalid" and "card X" in r.message
