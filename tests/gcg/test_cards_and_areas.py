"""Players, card information and areas (GCG-1.00 1.1, 2.1, 2.5, 2.8, 4.1-4.3, 4.10, 4.11)
and the terms "place/move" (5.2), one shot effects (9.7) and the source of an ability (9.11)."""

from __future__ import annotations

from typing import Any

from domain.gcg import engine
from domain.gcg.characteristics import threat_level, total_counter_power
from domain.kernel import GameSpec, PlayerSpec, Rejection
from tests.gcg.support import (
    BLUE,
    RED,
    among,
    battle,
    catalog,
    choose,
    cmd,
    effect_on,
    find,
    find_all,
    find_card,
    position,
    put,
    rejected,
    run,
    start_game,
    starter_deck,
    strategy,
    to_hand,
    to_zone,
    tst,
    with_cards,
)


def _game(*cards: dict[str, Any]) -> Any:
    """The red starter deck with one copy of each test card (added to the catalog)."""
    state, _ = start_game(with_cards(RED, {c["id"]: 1 for c in cards}), extra=list(cards))
    return state


def _activate(state: Any, card: str, zone: int = 1) -> list[Any]:
    oid = to_hand(state, "p1", card)
    return run(state, cmd("ActivateStrategy", "p1", card=oid, zone=zone))


# --- 1.1 number of players ---------------------------------------------------------------------------


def test_a_game_is_played_by_exactly_two_players() -> None:
    """1.1.1: three players, or two with the same id, are refused before anything is recorded."""
    deck = starter_deck(RED)
    three = [PlayerSpec("p1", "A", deck), PlayerSpec("p2", "B", starter_deck(BLUE)), PlayerSpec("p3", "C", deck)]
    result = engine.start(GameSpec("g", "GCG-1.00", "standard", three, seed=1), catalog())
    assert isinstance(result, Rejection)
    assert (result.code, result.rule) == ("game/players", "GCG-1.00 1.1.1")
    twins = [PlayerSpec("p1", "A", deck), PlayerSpec("p1", "B", deck)]
    result = engine.start(GameSpec("g", "GCG-1.00", "standard", twins, seed=1), catalog())
    assert isinstance(result, Rejection) and result.rule == "GCG-1.00 1.1.1"
    two = [PlayerSpec("p1", "A", deck), PlayerSpec("p2", "B", starter_deck(BLUE))]
    assert not isinstance(engine.start(GameSpec("g", "GCG-1.00", "standard", two, seed=1), catalog()), Rejection)


# --- 2.1 card name, 2.5 trait, 2.8 invasion icon ----------------------------------------------------

SEARCH_BY_NAME = strategy(30, [{"op": "search", "filter": {"area": "deck", "name": "Atomic Breath"}}], name="Call")
SEARCH_BY_TRAIT = strategy(31, [{"op": "search", "filter": {"area": "deck", "traits": ["Spines"]}}], name="Seek")
TWO_TRAITS = battle(32, name="Spiny Tank", traits=["Vehicle", "Spines"])


def test_an_effect_naming_a_card_refers_to_cards_with_that_name() -> None:
    """2.1.2, 2.1.3: "search for an "Atomic Breath"" offers exactly the cards of that name."""
    state = _game(SEARCH_BY_NAME)
    _activate(state, SEARCH_BY_NAME["id"])
    offered = among(state)
    assert offered and {state.card_of(o).name for o in offered} == {"Atomic Breath"}
    named = [o for o in state.zones["p1"]["deck"] if state.card_of(o).name == "Atomic Breath"]
    assert sorted(offered) == sorted(named)


def test_a_card_with_several_traits_has_each_of_them() -> None:
    """2.5.1.1, 2.5.2: a card with the traits Vehicle and Spines is found by a search for Spines;
    cards without that trait are not."""
    state = _game(SEARCH_BY_TRAIT, TWO_TRAITS)
    _activate(state, SEARCH_BY_TRAIT["id"])
    offered = among(state)
    tank = next(o for o in state.zones["p1"]["deck"] if state.objects[o].card == TWO_TRAITS["id"])
    assert tank in offered
    assert all("Spines" in state.card_of(o).traits for o in offered)
    assert any("Spines" not in state.card_of(o).traits for o in state.zones["p1"]["deck"])


def test_the_invasion_icon_is_the_number_of_times_an_invasion_advances() -> None:
    """2.8.1, 2.8.2: Atomic Breath's icon shows 1, Heat Ray's 2 (8.6.1.1 reads it)."""
    for card, icon in ((tst(10), 1), (tst(12), 2)):
        state, _ = start_game()
        oid = to_hand(state, "p1", card)
        events = run(state, cmd("Invade", "p1", card=oid))
        assert find(events, "InvasionDeclared").data["icon"] == icon == state.card_of(oid).invasion
        assert len(find_all(events, "MonsterMoved", player="p1")) == icon
        assert state.players["p1"].position == 1 + icon


# --- 4.1 areas, 4.2 visibility, 4.3 field, 4.10 discard pile, 4.11 resolution area -----------------


def test_each_player_has_their_own_areas_and_any_player_may_count_a_hidden_one() -> None:
    """4.1.1: each player has their own of each area (the resolution area is shared, 4.11.1);
    4.1.2.2: the number of cards in a hidden area is public."""
    state, _ = start_game()
    assert set(state.zones["p1"]) == set(state.zones["p2"])
    assert not set(state.zones["p1"]["deck"]) & set(state.zones["p2"]["deck"])
    theirs = engine.view(state, "p2")["players"]["p1"]["zones"]
    assert theirs["hand"]["count"] == len(state.zones["p1"]["hand"]) and theirs["hand"]["cards"] == []
    assert theirs["deck"] == {"count": len(state.zones["p1"]["deck"])}


def test_a_card_moved_to_another_area_is_a_new_card() -> None:
    """4.1.4: a continuous effect on a battle card does not follow it into the hand."""
    state, _ = start_game()
    tank = to_zone(state, "p1", tst(10), 2)
    effect_on(state, tank, counter=1000)
    assert [e.targets for e in state.effects] == [[tank]]
    put(state, tank, "hand")
    assert state.effects == []


def test_a_card_in_the_hidden_state_cannot_be_named_by_a_player_who_cannot_see_it() -> None:
    """4.2.1-4.2.3: a card in p1's hand is hidden from p2; p2 naming it is answered as if it did
    not exist, while a card in the public discard pile is seen by both."""
    state, _ = start_game()
    hidden = state.zones["p1"]["hand"][0]
    assert not engine.is_visible(state, hidden, "p2") and engine.is_visible(state, hidden, "p1")
    result = engine.decide(state, cmd("Invade", "p2", card=hidden))
    nothing = engine.decide(state, cmd("Invade", "p2", card="p1-999"))
    assert isinstance(result, Rejection) and isinstance(nothing, Rejection)
    assert result.code == nothing.code and state.card_of(hidden).name not in result.message
    public = put(state, hidden, "discard")
    assert engine.is_visible(state, public, "p2")


def test_the_field_is_a_players_eight_zones() -> None:
    """4.3.1, 4.3.2: a battle card is played into one of the player's zones (4.4), not a ninth."""
    state, _ = start_game()
    oid = to_hand(state, "p1", tst(10))
    assert rejected(state, cmd("PlayBattleCard", "p1", card=oid, zone=9)).code == "rules/illegal_zone"
    run(state, cmd("PlayBattleCard", "p1", card=oid, zone=8))
    assert state.objects[oid].zone == "field" and state.objects[oid].slot == 8
    assert oid in state.battle_at("p1", 8)


def test_used_cards_go_to_the_public_discard_pile() -> None:
    """4.10.1: the card discarded for an invasion is placed in its owner's discard pile;
    4.10.2: it is public, the opponent's view shows it."""
    state, _ = start_game()
    oid = to_hand(state, "p1", tst(10))
    run(state, cmd("Invade", "p1", card=oid))
    assert state.zones["p1"]["discard"][-1] == oid
    shown = engine.view(state, "p2")["players"]["p1"]["zones"]["discard"]
    assert tst(10) in [c["card"] for c in shown]


def test_a_played_card_passes_through_the_public_resolution_area() -> None:
    """4.11.1, 4.11.2: a played card is placed in the resolution area face up, then leaves it."""
    state, _ = start_game()
    oid = to_hand(state, "p1", tst(10))
    events = run(state, cmd("PlayBattleCard", "p1", card=oid, zone=3))
    to_res = find(events, "CardMoved", oid=oid, to="resolution")
    assert to_res.data["revealed"] and engine.redact_event(state, to_res, "p2").data["card"] == tst(10)
    assert state.zones["p1"]["resolution"] == [] and state.zones["p2"]["resolution"] == []


# --- 5.2 place/move, 9.7 one shot effects, 9.11 source ------------------------------------------------

DRAW_ONE = strategy(33, [{"op": "draw", "count": 1}], name="Supply")


def _redeploy_with_two_tanks(opposed: int | None = None) -> tuple[Any, str, str, str]:
    """Redeploy (【Enter】 You may return another battle card in your zones to your hand)
    played beside two battle cards (and one of p2's in zone ``opposed``), waiting for the
    card to return."""
    state, _ = start_game()
    first, second = to_zone(state, "p1", tst(10), 2), to_zone(state, "p1", tst(10), 4)
    if opposed is not None:
        to_zone(state, "p2", tst(40), opposed)
    redeploy = to_hand(state, "p1", tst(62))
    position(state, "p2", 2)  # battle rank 2 may be played (8.2.1)
    run(state, cmd("PlayBattleCard", "p1", card=redeploy, zone=3))
    while state.pending is not None and state.pending.kind == "yes_no":
        choose(state, "yes")
    return state, redeploy, first, second


def test_return_to_hand_moves_the_card_to_that_area() -> None:
    """5.2.1: Redeploy's 【Enter】 returns the chosen battle card from the zones to the hand."""
    state, _, first, second = _redeploy_with_two_tanks()
    events = choose(state, first)  # the target, when played (9.5.3)
    while state.pending is not None and state.pending.kind == "yes_no":
        events += choose(state, "yes")  # "you may", on resolution (9.5.4)
    assert find(events, "CardMoved", oid=first, to="hand")
    assert state.objects[first].zone == "hand" and first in state.zones["p1"]["hand"]
    assert state.objects[second].zone == "field"


def test_a_one_shot_effect_is_performed_once() -> None:
    """9.7.1: "draw a card" draws one card when it resolves and leaves no lasting effect."""
    state = _game(DRAW_ONE)
    supply = to_hand(state, "p1", DRAW_ONE["id"])
    hand = len(state.zones["p1"]["hand"])
    events = run(state, cmd("ActivateStrategy", "p1", card=supply, zone=1))
    draws = [e for e in events if e.type == "CardMoved" and e.data["to"] == "hand" and e.data["from"] == "deck"]
    assert len(draws) == 1
    assert len(state.zones["p1"]["hand"]) == hand  # one card played, one drawn
    assert state.effects == []


def test_another_card_means_other_than_the_source_of_the_ability() -> None:
    """9.11.1, 9.11.2: Redeploy's 【Enter】 returns "another" battle card: the source, the card
    with the ability, is not among the choices."""
    state, redeploy, first, second = _redeploy_with_two_tanks()
    assert sorted(among(state)) == sorted([first, second])
    assert redeploy not in among(state) and state.objects[redeploy].zone == "field"


def test_the_owner_is_whose_deck_held_the_card_and_the_master_is_whose_area_holds_it() -> None:
    """3.1.1: every card belongs to the player whose deck it began the game in; 3.1.2: the
    master of a card in an area is the player the area belongs to, so Redeploy's "your zones"
    offers p1's battle cards and not p2's."""
    state, _, first, second = _redeploy_with_two_tanks(opposed=5)
    (theirs,) = state.battle_at("p2", 5)
    assert {state.objects[o].owner for o in state.zones["p1"]["deck"]} == {"p1"}
    assert state.objects[theirs].owner == "p2" and theirs not in among(state)
    assert sorted(among(state)) == sorted([first, second])


# --- 2.2 type, 2.6 threat level, 2.7 counter power ------------------------------------------------


def test_the_card_type_decides_how_a_card_is_played() -> None:
    """2.2.1-2.2.4: a strategy card is not played as a battle card, nor a battle card activated
    as a strategy card; each is played by the action for its type."""
    state = _game(DRAW_ONE)
    supply = to_hand(state, "p1", DRAW_ONE["id"])
    breath = to_hand(state, "p1", tst(10))
    assert rejected(state, cmd("PlayBattleCard", "p1", card=supply, zone=3)).code == "rules/wrong_card_type"
    assert rejected(state, cmd("ActivateStrategy", "p1", card=breath, zone=1)).code == "rules/wrong_card_type"
    run(state, cmd("PlayBattleCard", "p1", card=breath, zone=3))
    assert state.objects[breath].zone == "field"


def test_threat_level_is_the_invading_monsters_defence_and_counter_power_sums_against_it() -> None:
    """2.6.1: Godzilla, Juvenile has threat level 10000, Godzilla, Risen 15000; 2.7.1: the
    counter power of the battle cards is what counters it (7.4.2)."""
    state, _ = start_game()
    assert threat_level(state, "p1") == 10000
    put(state, find_card(state, "p1", tst(2), ["monster_deck"]), "monster")
    assert threat_level(state, "p1") == 15000
    to_zone(state, "p2", tst(40), 2)
    assert total_counter_power(state, "p2") == state.card_of(state.battle_at("p2", 2)[0]).counter > 0
