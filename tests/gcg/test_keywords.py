"""Keywords (GCG-1.00 11): 【Enter】 (11.2), 【When invading】 (11.3), 【Awakening】 (11.4),
【Burst】 (11.5) and 【Evolution】 (11.6)."""

from __future__ import annotations

from domain.gcg.characteristics import counter_power, monster_rank, threat_level
from tests.gcg.support import (
    RED,
    advance_until,
    choose,
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
    starter_deck,
    to_hand,
    to_zone,
    tst,
)


def test_enter_triggers_when_the_card_is_played() -> None:
    """11.2.1, 11.2.2: a battle card's 【Enter】 (Scout Helicopter) triggers on play, not
    when it arrives by other means."""
    state, _ = start_game()
    scout = to_hand(state, "p1", tst(61))
    events = run(state, cmd("PlayBattleCard", "p1", card=scout, zone=5))
    trig = find(events, "AbilityTriggered", source=scout)
    assert trig.data["trigger"] == "enter" and trig.rule == "GCG-1.00 11.2.2"
    placed = to_zone(state, "p1", tst(61), 6)
    assert not [a for a in state.standby if a.source == placed]


def test_when_invading_triggers_when_the_monster_advances_from_an_invasion() -> None:
    """11.3.1, 11.3.2: Godzilla, Risen gains 1 rage when it advances from an invasion, but
    not from the end phase advance."""
    state, _ = start_game()
    put(state, find_card(state, "p1", tst(2), ["monster_deck"]), "monster")
    breath = to_hand(state, "p1", tst(10))
    events = run(state, cmd("Invade", "p1", card=breath))
    trig = find(events, "AbilityTriggered", trigger="when_invading")
    assert trig.rule == "GCG-1.00 11.3.2"
    assert state.players["p1"].rage == 1
    events = end_main(state)
    assert not find_all(events, "AbilityTriggered", trigger="when_invading")


def test_when_invading_can_move_the_opponents_monster() -> None:
    """Kiryu: 【When invading】 retreat your opponent's invading monster."""
    state, _ = start_game()
    end_main(state)
    advance_until(state, "main", "p2")
    put(state, find_card(state, "p2", tst(32), ["monster_deck"]), "monster")
    put(state, find_card(state, "p2", tst(33), ["monster_deck"]), "monster")
    position(state, "p1", 5)
    events = run(state, cmd("Invade", "p2", card=to_hand(state, "p2", tst(40))))
    moved = find(events, "MonsterMoved", player="p1")
    assert (moved.data["from"], moved.data["to"], moved.rule) == (5, 4, "GCG-1.00 5.13.2")


def test_awakening_is_active_from_its_zone_number_on() -> None:
    """11.4.2: Godzilla, Burning gets +5000 threat level only in zone 6 or beyond;
    Nuclear Pulse +3000 counter power likewise (its master's monster's zone)."""
    state, _ = start_game()
    for rank in (2, 3):
        put(state, find_card(state, "p1", tst(rank), ["monster_deck"]), "monster")
    pulse = to_zone(state, "p1", tst(13), 2)
    position(state, "p1", 5)
    assert threat_level(state, "p1") == 20000 and counter_power(state, pulse) == 8000
    position(state, "p1", 6)
    assert threat_level(state, "p1") == 25000 and counter_power(state, pulse) == 11000
    position(state, "p1", 8)
    assert threat_level(state, "p1") == 25000


def test_burst_plays_a_monster_as_a_lower_rank_and_discards_it_at_the_next_end_phase() -> None:
    """11.5.2: Godzilla, Unleashed (rank III, 【Burst II】) on a rank II monster; at the
    beginning of the end phase it is sent from the invading monster to the discard pile and
    the rank II card is the topmost again, without entering (11.5.3)."""
    state, _ = start_game()
    put(state, find_card(state, "p1", tst(2), ["monster_deck"]), "monster")
    unleashed = to_hand(state, "p1", tst(6))
    assert rejected(state, cmd("PlayMonster", "p1", card=unleashed)).rule == "GCG-1.00 8.5.1"
    events = run(state, cmd("PlayMonster", "p1", card=unleashed, burst=True))
    assert find(events, "TimedTriggerCreated").rule == "GCG-1.00 11.5.2"
    assert monster_rank(state, "p1") == 3
    assert state.players["p1"].rage == 2  # 8.5.1.1 and its 【Enter】
    events = end_main(state)
    trig = find(events, "AbilityTriggered", source=unleashed)
    assert trig.data["trigger"] == "start_of_end_phase" and trig.rule == "GCG-1.00 11.5.2"
    gone = find(events, "CardMoved", oid=unleashed, to="discard")
    assert gone.rule == "GCG-1.00 11.5.2.1"
    assert monster_rank(state, "p1") == 2
    assert not find_all(events, "AbilityTriggered", trigger="enter")


def test_burst_card_is_discarded_even_when_not_the_topmost() -> None:
    """11.5.2.1."""
    state, _ = start_game()
    put(state, find_card(state, "p1", tst(2), ["monster_deck"]), "monster")
    first = to_hand(state, "p1", tst(6))
    run(state, cmd("PlayMonster", "p1", card=first, burst=True))
    second = to_hand(state, "p1", tst(6))
    run(state, cmd("PlayMonster", "p1", card=second))  # rank III on rank III (8.5.1)
    assert state.zones["p1"]["monster"][-2:] == [first, second]
    events = end_main(state)
    assert find(events, "CardMoved", oid=first, to="discard").rule == "GCG-1.00 11.5.2.1"
    assert state.zones["p1"]["monster"][-1] == second and monster_rank(state, "p1") == 3


def test_evolution_stacks_a_battle_card_from_the_deck_at_the_beginning_of_the_main_phase() -> None:
    """11.6.2: Dorsal Spines 【Evolution 5】【Spines】: search for a Spines battle card of rank
    5 or less, reveal it, play it by stacking it onto this card, shuffle the deck."""
    state, _ = start_game()
    spines = to_zone(state, "p1", tst(14), 4)
    end_main(state)
    advance_until(state, "yes_no", "p1")
    assert state.phase == "main"
    choose(state, "yes")
    assert pending(state) == ("search", "p1")
    storm = next(o for o in state.pending.options["among"] if state.objects[o].card == tst(15))  # type: ignore[union-attr, attr-defined]
    events = choose(state, storm)
    assert find(events, "CardRevealed", oid=storm).rule == "GCG-1.00 11.6.2"
    stacked = find(events, "CardMoved", oid=storm, to="field")
    assert stacked.data["onto"] == spines and stacked.data["slot"] == 4
    assert find(events, "DeckShuffled").rule == "GCG-1.00 11.6.2"
    assert state.objects[storm].under == [spines] and state.objects[spines].zone == "under"
    assert counter_power(state, storm) == 7000
    assert pending(state) == ("main", "p1")


RISEN_HERALD = {
    "id": "GCG-TST-964",
    "name": "Godzilla, Herald",
    "type": "monster",
    "rank": 2,
    "color": "red",
    "traits": ["Godzilla"],
    "threat": 15000,
    "invasion": 1,
    "abilities": [{"kind": "auto", "trigger": "enter", "text": "【Enter】 Draw a card.", "effects": [{"op": "draw"}]}],
}


def test_enter_triggers_when_a_countered_monster_is_replaced_from_the_monster_deck() -> None:
    """GCG-1.00 5.15.1.2 makes the successor the new invading monster; 5.11.2 defines that
    as playing it, so its 【Enter】 triggers (11.2.1, 11.2.2) and resolves in the next check
    timing (9.4.3.3: it is the non-turn player's).  No rage is gained: that is only for
    playing a monster card as a main phase action (8.5.1.1).
    Given p1's rank II monster deck card has 【Enter】 Draw a card,
    when p2 counters p1's invading monster (Counteroffensive),
    then the new invading monster's 【Enter】 enters standby and p1 draws a card."""
    deck = starter_deck(RED)
    deck["monster_deck"] = [tst(1), RISEN_HERALD["id"], tst(3), tst(4)]
    state, _ = start_game(deck, extra=[RISEN_HERALD])
    end_main(state)
    advance_until(state, "main", "p2")
    position(state, "p2", 6)
    counteroffensive = to_hand(state, "p2", tst(53))
    hand_before = len(state.zones["p1"]["hand"])
    events = run(state, cmd("ActivateStrategy", "p2", card=counteroffensive, zone=1))
    new = find(events, "CardMoved", to="monster", owner="p1", reason="countered")
    assert new.data["card"] == RISEN_HERALD["id"] and new.rule == "GCG-1.00 5.15.1.2"
    trig = find(events, "AbilityTriggered", source=new.data["oid"])
    assert (trig.data["trigger"], trig.data["master"], trig.rule) == ("enter", "p1", "GCG-1.00 11.2.2")
    assert trig.seq > new.seq
    resolved = find(events, "AbilityResolved", id=trig.data["id"])
    drawn = [e for e in events if e.type == "CardMoved" and e.data["to"] == "hand" and e.seq < resolved.seq]
    assert [e.data["owner"] for e in drawn if e.seq > trig.seq] == ["p1"]
    assert len(state.zones["p1"]["hand"]) == hand_before + 1
    assert not find_all(events, "RageChanged", player="p1")
