"""Specific terms (GCG-1.00 5): draw (5.4), swap (5.6), discard (5.7), search (5.8),
activate (5.9), reveal (5.10), play (5.11), destroy (5.12), advance/retreat (5.13), invade
(5.14), counter (5.15) and engage (5.16)."""

from __future__ import annotations

from typing import Any

from domain.gcg import engine
from domain.gcg.characteristics import threat_level
from domain.kernel import Rejection
from tests.gcg.support import (
    RED,
    advance_until,
    among,
    choose,
    cmd,
    end_main,
    find,
    find_all,
    find_card,
    pending,
    position,
    put,
    run,
    start_game,
    strategy,
    to_hand,
    to_zone,
    tst,
    with_cards,
)


def _activate(state: Any, player: str, card: str, zone: int = 1) -> list[Any]:
    oid = to_hand(state, player, card)
    return run(state, cmd("ActivateStrategy", player, card=oid, zone=zone))


ADVANCE_TO_6 = strategy(10, [{"op": "advance", "to_zone": 6}], name="Rush")
RETREAT_TWICE = strategy(11, [{"op": "retreat", "times": 2}], name="Fall Back")
RETREAT_TO_3 = strategy(12, [{"op": "retreat", "to_zone": 3, "who": "opponent"}], name="Push Back")
TESTS = [ADVANCE_TO_6, RETREAT_TWICE, RETREAT_TO_3]


def _game(*cards: dict[str, Any]) -> Any:
    """The red starter deck with one copy of each card (test-only cards are added to the catalog)."""
    extra = {c["id"]: 1 for c in cards}
    state, _ = start_game(with_cards(RED, extra), extra=[c for c in cards if "type" in c])
    return state


def test_advance_to_a_zone() -> None:
    """5.13.1.2.2: advance repeatedly until in that zone; 5.13.1.2.1: nothing from beyond it."""
    state = _game(ADVANCE_TO_6)
    events = _activate(state, "p1", ADVANCE_TO_6["id"])
    moves = find_all(events, "MonsterMoved", player="p1")
    assert [m.data["to"] for m in moves] == [2, 3, 4, 5, 6] and moves[0].rule == "GCG-1.00 5.13.1.2"
    state = _game(ADVANCE_TO_6)
    position(state, "p1", 7)
    events = _activate(state, "p1", ADVANCE_TO_6["id"])
    assert not find_all(events, "MonsterMoved") and state.players["p1"].position == 7


def test_retreat_and_not_from_zone_1() -> None:
    """5.13.2; 5.13.2.1: in zone 1 nothing is done."""
    state = _game(RETREAT_TWICE)
    position(state, "p1", 2)
    events = _activate(state, "p1", RETREAT_TWICE["id"])
    assert [m.data["to"] for m in find_all(events, "MonsterMoved")] == [1]
    assert find(events, "AdvanceNotPerformed").rule == "GCG-1.00 5.13.2.1"


def test_retreat_to_a_zone() -> None:
    """5.13.2.2.2 and 5.13.2.2.1 (nothing when already before that zone)."""
    state = _game(RETREAT_TO_3)
    position(state, "p2", 7)
    events = _activate(state, "p1", RETREAT_TO_3["id"])
    assert [m.data["to"] for m in find_all(events, "MonsterMoved", player="p2")] == [6, 5, 4, 3]
    state = _game(RETREAT_TO_3)
    position(state, "p2", 2)
    events = _activate(state, "p1", RETREAT_TO_3["id"])
    assert not find_all(events, "MonsterMoved")


def test_an_advance_not_from_an_invasion_never_wins() -> None:
    """5.13.1.1.1: Forced March in zone 8 does not advance (and does not win)."""
    state, _ = start_game()
    position(state, "p1", 8)
    events = _activate(state, "p1", tst(21))
    assert find(events, "AdvanceNotPerformed").rule == "GCG-1.00 5.13.1.1.1"
    assert not state.finished and state.players["p1"].position == 8


def test_counter_moves_the_monster_behind_and_makes_the_next_rank_the_invading_monster() -> None:
    """5.15.1.1 (zone 7 -> zone 4, 4.4.5.1), 5.15.1.2; Counteroffensive counters by an effect."""
    state, _ = start_game()
    end_main(state)
    from tests.gcg.support import advance_until

    advance_until(state, "main", "p2")
    position(state, "p1", 7)
    position(state, "p2", 6)
    events = _activate(state, "p2", tst(53))
    moved = find(events, "MonsterMoved", player="p1", how="countered")
    assert (moved.data["from"], moved.data["to"], moved.rule) == (7, 4, "GCG-1.00 5.15.1.1")
    new = find(events, "CardMoved", to="monster", owner="p1")
    assert new.data["card"] == tst(2) and new.rule == "GCG-1.00 5.15.1.2"
    assert state.zones["p1"]["monster"][-1] == new.data["oid"] and len(state.zones["p1"]["monster"]) == 2


BRAWLER = {
    "id": "GCG-TST-962",
    "name": "Kaiju Brawler",
    "type": "monster",
    "rank": 1,
    "color": "red",
    "traits": ["Kaiju"],
    "threat": 11000,
    "invasion": 1,
}
GODZILLA_KINSHIP = strategy(
    13,
    [],
    name="Godzilla Kinship",
    abilities=[{"kind": "continuous", "gain_traits": ["Godzilla"], "affects": {"kind": "your_monster"}}],
)


PURE = {
    "id": "GCG-TST-963",
    "name": "Godzilla, Pure",
    "type": "monster",
    "rank": 2,
    "color": "red",
    "traits": ["Godzilla"],
    "threat": 15000,
    "invasion": 1,
}


def test_countered_without_a_monster_sharing_a_trait_loses() -> None:
    """5.15.1.2.1 also below rank IV: the successor must share a trait with the current
    invading monster.  A trait gained from a continuous effect counts (9.8.1.3)."""
    from tests.gcg.support import advance_until

    for granted in (False, True):
        deck = with_cards(RED, {BRAWLER["id"]: 1, GODZILLA_KINSHIP["id"]: 1})
        deck["monster_deck"] = [tst(1), PURE["id"], tst(3), tst(4)]
        state, _ = start_game(deck, extra=[BRAWLER, GODZILLA_KINSHIP, PURE])
        # p1's monster: Kaiju Brawler (Kaiju) on top; the rank II successor has Godzilla only
        put(state, find_card(state, "p1", BRAWLER["id"]), "monster")
        if granted:
            put(state, find_card(state, "p1", GODZILLA_KINSHIP["id"]), "strategy", slot=1)
        end_main(state)
        advance_until(state, "main", "p2")
        for zone in (3, 4, 5):
            to_zone(state, "p2", tst(43), zone)  # 18000 >= 11000
        events = end_main(state)
        if granted:
            assert find(events, "CardMoved", to="monster", owner="p1").data["card"] == PURE["id"]
            assert not state.finished
        else:
            assert find(events, "PlayerLost", player="p1").rule == "GCG-1.00 5.15.1.2.1"


def test_swap_a_battle_card_with_a_card_in_hand() -> None:
    """5.6.1: both move at the same time; a monster card put into a zone this way is an
    illegal card and goes to the discard pile at the check timing (10.4.1)."""
    state, _ = start_game()
    position(state, "p1", 2)
    tank = to_zone(state, "p1", tst(10), 5)
    spawn = to_hand(state, "p1", tst(5))
    _activate(state, "p1", tst(63))
    assert pending(state) == ("swap", "p1")  # the only battle card was the target; now the hand card
    events = choose(state, spawn)
    swap = find(events, "CardsSwapped")
    assert swap.rule == "GCG-1.00 5.6.1" and swap.data["slot"] == 5
    assert state.objects[tank].zone == "hand"
    illegal = find(events, "CardMoved", oid=spawn, to="discard")
    assert illegal.rule == "GCG-1.00 10.4.1"


def test_swap_is_not_performed_without_a_card_to_swap() -> None:
    """5.6.2."""
    state, _ = start_game()
    position(state, "p1", 2)
    events = _activate(state, "p1", tst(63))
    assert not find_all(events, "CardsSwapped")
    assert pending(state) == ("main", "p1")


def test_search_reveals_puts_into_hand_and_shuffles() -> None:
    """5.8.1, 5.8.1.2 (with conditions the player may find nothing), 5.10.1, 5.3.1."""
    state, _ = start_game()
    _activate(state, "p1", tst(60))
    assert pending(state) == ("search", "p1")
    assert state.pending is not None and state.pending.options["min"] == 0
    options = among(state)
    assert options and all(state.card_of(o).type == "battle" and state.card_of(o).rank <= 2 for o in options)
    events = choose(state, options[0])
    assert find(events, "CardRevealed", oid=options[0]).rule == "GCG-1.00 5.10.1"
    assert state.objects[options[0]].zone == "hand" and not state.objects[options[0]].revealed  # 5.10.1.1
    assert find(events, "DeckShuffled").rule == "GCG-1.00 5.3.1"


def test_reveal_the_top_card() -> None:
    """5.10.1, 5.10.1.1: a battle card goes to the hand; anything else stays hidden in the deck."""
    for top_card, to_hand_expected in ((tst(10), True), (tst(20), False)):
        state, _ = start_game()
        top = find_card(state, "p1", top_card, ["deck"])
        put(state, top, "deck")  # on top
        scout = to_hand(state, "p1", tst(61))
        events = run(state, cmd("PlayBattleCard", "p1", card=scout, zone=4))
        assert find(events, "CardRevealed", oid=top).rule == "GCG-1.00 5.10.1"
        if to_hand_expected:
            assert state.objects[top].zone == "hand"
        else:
            assert find(events, "RevealEnded").rule == "GCG-1.00 5.10.1.1"
            assert state.objects[top].zone == "deck" and not state.objects[top].revealed


def test_draw_up_to() -> None:
    """5.4.3: the player chooses how many (0 to N)."""
    state, _ = start_game(None, None)
    end_main(state)
    from tests.gcg.support import advance_until

    advance_until(state, "main", "p2")
    put(state, find_card(state, "p2", tst(32), ["monster_deck"]), "monster")
    drone = to_hand(state, "p2", tst(35))
    run(state, cmd("PlayMonster", "p2", card=drone))
    assert pending(state) == ("number", "p2") and among(state) == [0, 1, 2]
    before = len(state.zones["p2"]["hand"])
    events = choose(state, 1)
    assert len(state.zones["p2"]["hand"]) == before + 1
    assert find(events, "CardMoved", to="hand").rule == "GCG-1.00 5.4.3.3"


def test_discard_is_chosen_by_the_player() -> None:
    """5.7.1: Emergency Repair draws 2, then its master discards 1 of their choice."""
    state, _ = start_game()
    end_main(state)
    from tests.gcg.support import advance_until

    advance_until(state, "main", "p2")
    _activate(state, "p2", tst(52))
    assert pending(state) == ("discard", "p2")
    pick = among(state)[0]
    events = choose(state, pick)
    assert find(events, "CardMoved", oid=pick, to="discard").rule == "GCG-1.00 5.7.1"


def test_play_from_an_effect_avoids_the_invading_monsters_zone() -> None:
    """5.11.1, 5.11.1.2: Reinforcements plays a battle card from the hand into a zone
    without your invading monster."""
    state = _game({"id": tst(67)})
    position(state, "p1", 2)
    breath = to_hand(state, "p1", tst(10))
    _activate(state, "p1", tst(67))
    assert pending(state) == ("play_battle", "p1")
    choose(state, breath)
    assert pending(state) == ("zone", "p1") and 2 not in among(state)
    events = choose(state, 6)
    assert find(events, "CardMoved", oid=breath, to="field").data["slot"] == 6


def test_activate_a_strategy_card_by_an_effect() -> None:
    """5.9.1: Strategic Reserve activates a strategy card from the hand."""
    state = _game({"id": tst(68)})
    rampage = to_hand(state, "p1", tst(20))
    _activate(state, "p1", tst(68), zone=1)
    assert pending(state) == ("activate", "p1")
    choose(state, rampage)
    assert pending(state) == ("strategy_zone", "p1")
    events = choose(state, 2)
    assert find(events, "CardMoved", oid=rampage, to="strategy").data["slot"] == 2
    assert find(events, "RageChanged", player="p1").data["rage"] == 1  # Rampage's text resolved


def test_invade_by_an_effect_counts_as_the_turns_invasion() -> None:
    """5.14.1: the master performs an invasion (8.6), once per turn (8.6.2)."""
    state = _game({"id": tst(71)})
    position(state, "p1", 3)
    heat = to_hand(state, "p1", tst(12))
    _activate(state, "p1", tst(71))
    assert pending(state) == ("invade", "p1")
    events = choose(state, heat)
    assert find(events, "InvasionDeclared").data["icon"] == 2
    assert state.players["p1"].position == 5
    from tests.gcg.support import rejected

    other = to_hand(state, "p1", tst(10))
    assert rejected(state, cmd("Invade", "p1", card=other)).rule == "GCG-1.00 8.6.2"


def test_destroy_puts_the_card_into_its_owners_discard_pile() -> None:
    """5.12.1 (Tail Lash destroys a rank 1 battle card); 5.12.1.1: a strategy card put into
    the discard pile is destroyed too (its "when destroyed" ability triggers)."""
    state, _ = start_game()
    position(state, "p2", 2)
    tank = to_zone(state, "p2", tst(40), 3)
    lash = to_hand(state, "p1", tst(11))
    run(state, cmd("PlayBattleCard", "p1", card=lash, zone=4))
    assert pending(state) == ("targets", "p1") and among(state) == [tank]  # "up to 1"
    events = choose(state, tank)
    destroyed = find(events, "CardMoved", oid=tank, to="discard")
    assert destroyed.rule == "GCG-1.00 5.12.1" and destroyed.data["last_known"]["slot"] == 3


def test_cannot_engage_from_an_effect_and_from_a_continuous_ability() -> None:
    """5.16.1: Absolute Zero makes an opponent's battle card unable to engage until the end
    of its master's next turn; Barrier Wall never engages."""
    state, _ = start_game()
    end_main(state)
    from tests.gcg.support import advance_until

    advance_until(state, "main", "p2")
    position(state, "p1", 3)
    target = to_zone(state, "p1", tst(13), 5)
    wall = to_zone(state, "p2", tst(42), 4)
    zero = to_hand(state, "p2", tst(41))
    run(state, cmd("PlayBattleCard", "p2", card=zero, zone=5))
    events = choose(state, target)
    assert find(events, "ContinuousEffectCreated").rule == "GCG-1.00 5.16.1"
    events = end_main(state)
    total = find(events, "CounterPowerTotalled", player="p2")
    assert total.data["total"] == 5000  # Absolute Zero; the Barrier Wall cannot engage
    assert state.objects[wall].zone == "field"
    advance_until(state, "main", "p1")
    events = end_main(state)
    assert find(events, "CounterPowerTotalled", player="p1").data["total"] == 0  # the Nuclear Pulse cannot engage
    assert threat_level(state, "p1") >= 10000


def test_every_card_a_search_finds_is_a_legal_choice() -> None:
    """GCG-1.00 5.8.1: the player chooses among all the cards found (17 here), or none
    (5.8.1.2): one legal action whose choice has every found card as a candidate."""
    state, _ = start_game()
    _activate(state, "p1", tst(60))
    options = among(state)
    assert len(options) > 16
    [choose] = [c for c in engine.legal_actions(state, "p1") if c.type == "Choose"]
    assert choose.choice is not None and sorted(choose.choice.selections()) == sorted([[]] + [[o] for o in options])


def test_a_discard_is_one_choice_among_every_card_in_the_hand_copies_included() -> None:
    """GCG-1.00 5.7.1: the discard is one legal action whose candidates are the whole hand,
    both copies of a card included; decide accepts either copy."""
    state, _ = start_game()
    end_main(state)
    advance_until(state, "main", "p2")
    deck = [state.objects[o].card for o in state.zones["p2"]["deck"]]
    twice = next(c for c in deck if deck.count(c) >= 2 and c != tst(52))
    for _ in range(2):
        put(state, find_card(state, "p2", twice, areas=("deck",)), "hand")
    _activate(state, "p2", tst(52))
    assert pending(state) == ("discard", "p2")
    hand = among(state)
    kinds = {state.objects[o].card for o in hand}
    [choose] = [c for c in engine.legal_actions(state, "p2") if c.type == "Choose"]
    assert choose.choice is not None and sorted(choose.choice.candidates) == sorted(hand) and len(kinds) < len(hand)
    for copy in [o for o in hand if state.objects[o].card == twice]:
        assert not isinstance(engine.decide(state, cmd("Choose", "p2", choice=[copy])), Rejection)
