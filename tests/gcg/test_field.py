"""The field (GCG-1.00 4.4 zones and their relationships, 4.5 strategy zones, 4.7 the
invading monster zone), stacking (3.2), the invading monster (3.3), rage and threat level (3.4)."""

from __future__ import annotations

from domain.gcg import engine
from domain.gcg.characteristics import threat_level
from domain.gcg.geometry import adjacent, before, beyond, in_front_of, same_column
from tests.gcg.support import (
    among,
    cmd,
    find,
    find_card,
    given,
    pending,
    position,
    put,
    rage,
    run,
    start_game,
    to_hand,
    to_zone,
    tst,
)


def test_front_and_behind() -> None:
    """4.4.5.1: 8 is in front of 3, 7 of 4, 6 of 5."""
    assert in_front_of(8, 3) and in_front_of(7, 4) and in_front_of(6, 5)
    assert not in_front_of(3, 8) and not in_front_of(6, 4) and not in_front_of(2, 1)


def test_adjacent_zones() -> None:
    """4.4.5.2: numbers differing by 1, front/behind pairs, and both players' zone 8."""
    assert adjacent("a", 1, "a", 2) and adjacent("a", 5, "a", 6) and adjacent("a", 7, "a", 8)
    assert adjacent("a", 8, "a", 3) and adjacent("a", 7, "a", 4)
    assert adjacent("a", 8, "b", 8)
    assert not adjacent("a", 1, "a", 3) and not adjacent("a", 8, "a", 6) and not adjacent("a", 7, "b", 7)


def test_before_and_beyond_include_the_zone_itself() -> None:
    """4.4.5.3, 4.4.5.3.1."""
    assert before(3, 5) and before(5, 5) and not before(6, 5)
    assert beyond(6, 5) and beyond(5, 5) and not beyond(4, 5)


def test_same_column() -> None:
    """4.4.5.4: your 1 with the opponent's 5 and 6; your 2 with their 4 and 7; your 3 and 8
    with their 3 and 8."""
    assert same_column("a", 1, "b", 5) and same_column("a", 1, "b", 6)
    assert same_column("a", 2, "b", 4) and same_column("a", 2, "b", 7)
    assert same_column("a", 3, "b", 8) and same_column("a", 8, "b", 3) and same_column("a", 3, "a", 8)
    assert same_column("b", 5, "a", 1)  # symmetric
    assert not same_column("a", 1, "b", 1) and not same_column("a", 2, "b", 2) and not same_column("a", 4, "b", 7)


def test_an_effect_choosing_by_column_uses_4_4_5_4() -> None:
    """Heat Ray: destroy a battle card in your opponent's zones in the same column as your
    invading monster (zone 2: the opponent's 4 and 7)."""
    state, _ = start_game()
    position(state, "p2", 5)  # battle rank 4 needs the opponent in zone 4 or beyond (8.2.1)
    position(state, "p1", 2)
    col_a = to_zone(state, "p2", tst(40), 4)
    col_b = to_zone(state, "p2", tst(40), 7)
    to_zone(state, "p2", tst(40), 3)
    heat = to_hand(state, "p1", tst(12))
    run(state, cmd("PlayBattleCard", "p1", card=heat, zone=5))
    assert pending(state) == ("targets", "p1")
    assert sorted(among(state)) == sorted([col_a, col_b])
    assert state.pending is not None and state.pending.options["rule"] == "9.5.3.1"


def test_invading_monster_occupies_a_zone_and_stacks() -> None:
    """3.3.3: the invading monster is in the zone of its position; 4.7.2/9.5.2.3.1: a played
    monster card is stacked on top; 3.2.3.1: the topmost card's information is used."""
    state, _ = start_game()
    hatchling = to_hand(state, "p1", tst(5))
    events = run(state, cmd("PlayMonster", "p1", card=hatchling))
    assert state.zones["p1"]["monster"][-1] == hatchling and len(state.zones["p1"]["monster"]) == 2
    moved = find(events, "CardMoved", oid=hatchling, to="monster")
    assert moved.rule == "GCG-1.00 9.5.2.3.1"
    # threat level 12000 (the top card) + 5000 for the rage gained by playing it (8.5.1.1, 3.4.5)
    assert state.players["p1"].rage == 1
    assert threat_level(state, "p1") == 12000 + 5000
    view = engine.view(state, "p2")
    monster = view["players"]["p1"]["zones"]["monster"]  # type: ignore[index]
    assert [m["card"] for m in monster] == [tst(1), tst(5)]


def test_rage_adds_5000_threat_and_never_goes_below_zero() -> None:
    """3.4.4, 3.4.5."""
    state, _ = start_game()
    assert threat_level(state, "p2") == 10000
    rage(state, "p2", 3)
    assert threat_level(state, "p2") == 25000
    # Tactics: lose rage below zero -> 0
    from domain.gcg.actions import set_rage
    from domain.gcg.context import Ctx

    ctx = Ctx(state.clone(), "cmd:x")
    set_rage(ctx, "p2", -4, "3.4.4")
    assert ctx.s.players["p2"].rage == 0


def test_stacked_cards_move_together_and_a_new_top_is_a_new_card() -> None:
    """3.2.4: a stack moves as one; 3.2.5: the new topmost card is a different card, so an
    effect on the old top does not apply to it."""
    state, _ = start_game()
    spines = to_zone(state, "p1", tst(14), 3)
    given(
        state,
        "ContinuousEffectCreated",
        id="e-test",
        source=spines,
        master="p1",
        targets=[spines],
        counter=5000,
        duration="end_of_turn",
    )
    storm = find_card(state, "p1", tst(15))
    put(state, storm, "field", slot=3, onto=spines)
    assert state.objects[spines].zone == "under" and state.objects[storm].under == [spines]
    assert state.effects == []  # the effect on the old top ended with it (3.2.5)
    view = engine.view(state, None)
    field = view["players"]["p1"]["zones"]["field"]  # type: ignore[index]
    assert field[0]["card"] == tst(15) and field[0]["under"][0]["card"] == tst(14)
    assert field[0]["counter"] == 7000  # the topmost card's counter power (3.2.3.1)
    put(state, storm, "discard")
    assert state.objects[spines].zone == "discard" and state.objects[storm].zone == "discard"


def test_strategy_zones_hold_two_cards() -> None:
    """4.5.2, 8.3.2: with both strategy zones taken no strategy card can be activated."""
    state, _ = start_game()
    position(state, "p1", 3)
    a = to_hand(state, "p1", tst(20))
    run(state, cmd("ActivateStrategy", "p1", card=a, zone=1))
    b = to_hand(state, "p1", tst(20))
    run(state, cmd("ActivateStrategy", "p1", card=b, zone=2))
    assert {state.objects[o].slot for o in state.zones["p1"]["strategy"]} == {1, 2}
    c = to_hand(state, "p1", tst(20))
    from tests.gcg.support import rejected

    r = rejected(state, cmd("ActivateStrategy", "p1", card=c, zone=1))
    assert (r.code, r.rule) == ("rules/strategy_zones_full", "GCG-1.00 8.3.2")
