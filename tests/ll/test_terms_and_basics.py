"""The specific terms (LL-2.04 5: rest/stand, return, shuffle, drop, stock, move, Logic
Definition, Intercept, Luck Drive, purge, Stock Boost, losing abilities) and the basics of
the turn (7.1, 7.6) and of abilities (9.1, 9.8) as specifications."""

from __future__ import annotations

from typing import Any

import pytest

from domain.kernel import CardDataError
from domain.ll import engine
from domain.ll.cards import parse_card
from domain.ll.characteristics import characteristics
from domain.ll.state import GameState
from tests.ll.support import (
    advance_until,
    cmd,
    deck,
    deploy_given,
    find,
    find_all,
    hand_card,
    level_up,
    pending,
    put,
    rejected,
    run,
    start_game,
    stock_up,
    take,
    to_main,
    vanilla,
)


def act(n: int, effects: list[dict[str, Any]]) -> dict[str, Any]:
    """A test Logicalist ``LL-TST-99n`` with one startup ability (ACT) doing ``effects``."""
    card = vanilla(90 + n, name=f"Doer {n}", abilities=[{"kind": "startup", "effects": effects}])
    card["id"] = f"LL-TST-99{n}"
    return card


def chosen() -> dict[str, Any]:
    return {"kind": "chosen", "filter": {"zone": "circle", "controller": "you", "other_than_self": True}}


def all_mine(**flt: Any) -> dict[str, Any]:
    return {"kind": "all", "filter": {"zone": "circle", "controller": "you", **flt}}


LEADER = vanilla(
    25,
    name="Banner Bearer",
    abilities=[{"kind": "continuous", "affects": all_mine(other_than_self=True), "power": 1000}],
)


def game(*extra: dict[str, Any]) -> GameState:
    cards = [LEADER, *extra]
    state, _ = start_game(deck({c["id"]: 1 for c in cards}), deck(), extra=cards)
    to_main(state, "p1")
    return state


def use(state: GameState, card: dict[str, Any], circle: str = "FC") -> tuple[str, list[Any]]:
    source = deploy_given(state, "p1", card["id"], [circle])
    return source, run(state, cmd("UseAbility", "p1", source=source, ability=0))


def answer(state: GameState, oid: str) -> list[Any]:
    """Choose ``oid`` if the ability asks for its target (one candidate is taken without asking)."""
    if pending(state) == ("choose", "p1"):
        return run(state, cmd("Choose", "p1", choice=[oid]))
    return []


# --- 5.2 rest / stand, 5.4 return, 5.9 drop, 5.10 stock, 5.25 purge ------------------------------


def test_rest_and_stand_change_the_orientation() -> None:
    """5.2.1: "rest" turns the indicated cards rested, "stand" turns them standing."""
    rest = act(1, [{"op": "rest", "target": all_mine(standing=True)}])
    stand = act(2, [{"op": "stand", "target": all_mine()}])
    state = game(rest, stand)
    member = deploy_given(state, "p1", "LL-TST-900", ["FL"])
    _, events = use(state, rest)
    assert find(events, "CardRested", oid=member).rule == "LL-2.04 5.2.1" and state.objects[member].rested
    _, events = use(state, stand, "FR")
    assert find(events, "CardStood", oid=member).rule == "LL-2.04 5.2.1" and not state.objects[member].rested


@pytest.mark.parametrize(
    ("op", "zone", "rule"),
    [
        ("return_to_hand", "hand", "LL-2.04 5.4.1"),
        ("drop", "drop", "LL-2.04 5.9.1"),
        ("stock", "stock", "LL-2.04 5.10.1"),
        ("purge", "purge", "LL-2.04 5.25.1"),
    ],
)
def test_return_drop_stock_and_purge_move_the_card_to_that_zone(op: str, zone: str, rule: str) -> None:
    """5.4.1 (return), 5.9.1 (Drop), 5.10.1 (Stock), 5.25.1 (Purge): the chosen member moves
    from its circle to the named zone."""
    mover = act(3, [{"op": op, "target": chosen()}])
    state = game(mover)
    member = deploy_given(state, "p1", "LL-TST-900", ["FL"])
    _, events = use(state, mover)
    events += answer(state, member)
    moved = find(events, "CardMoved", oid=member)
    assert (moved.data["to"], moved.rule) == (zone, rule)
    assert state.objects[member].zone == zone and member in state.zones["p1"][zone]


def test_stock_boost_moves_the_top_cards_of_the_deck_face_down_to_the_stock() -> None:
    """5.27.1: Stock Boost (2)."""
    booster = act(4, [{"op": "stock_boost", "count": 2}])
    state = game(booster)
    source = deploy_given(state, "p1", booster["id"], ["FC"])
    top_two = state.zones["p1"]["deck"][-2:]
    events = run(state, cmd("UseAbility", "p1", source=source, ability=0))
    boosted = [e.data["oid"] for e in events if e.type == "CardMoved" and e.rule == "LL-2.04 5.27.1"]
    assert sorted(boosted) == sorted(top_two)
    assert all(state.objects[o].zone == "stock" and state.objects[o].face_down for o in top_two)


def test_a_card_that_loses_its_abilities_stops_applying_them() -> None:
    """5.31.1, 5.31.1.1: Banner Bearer (+1000 to your other members) loses all its abilities."""
    silence = act(5, [{"op": "modify", "target": all_mine(names=["Banner Bearer"]), "lose_abilities": True}])
    state = game(silence)
    other = deploy_given(state, "p1", "LL-TST-900", ["FL"])
    bearer = deploy_given(state, "p1", LEADER["id"], ["FR"])
    assert characteristics(state, other).power == 4000
    use(state, silence)
    assert characteristics(state, other).power == 3000
    assert characteristics(state, bearer).abilities == []


DRAW_ACT = {"kind": "startup", "effects": [{"op": "draw"}]}
BOOST_CONT = {"kind": "continuous", "power": 1000}
GIVE_ACT = act(6, [{"op": "modify", "target": all_mine(names=["Vanilla 0"]), "gain_abilities": [DRAW_ACT]}])
"""LL-TST-996 "Your Vanilla 0 gains '[ACT] Draw a card.' until end of turn." """
GIVE_CONT = act(7, [{"op": "modify", "target": all_mine(names=["Vanilla 0"]), "gain_abilities": [BOOST_CONT]}])
"""LL-TST-997 "Your Vanilla 0 gains '[CONT] This card gets +1000 Power.' until end of turn." """
SILENCE_ZERO = act(8, [{"op": "modify", "target": all_mine(names=["Vanilla 0"]), "lose_abilities": True}])
"""LL-TST-998 "Your Vanilla 0 loses all its abilities until end of turn." """


def _gained(state: GameState, oid: str) -> list[int]:
    return [i for i, _ in characteristics(state, oid).abilities if i >= len(state.card_of(oid).abilities)]


def test_a_member_given_a_startup_ability_has_it_and_may_use_it() -> None:
    """5.30.1: a card "given" an ability has that ability: Vanilla 0 may use the '[ACT] Draw a
    card' it gained (a legal action), and draws; at the end of the turn the effect ends and
    the ability with it (7.7.7)."""
    state = game(GIVE_ACT)
    zero = deploy_given(state, "p1", "LL-TST-900", ["FL"])
    _, events = use(state, GIVE_ACT)
    assert find(events, "ContinuousEffectCreated").rule == "LL-2.04 5.30.1"
    [index] = _gained(state, zero)
    offered = [c.args for c in engine.legal_actions(state, "p1") if c.type == "UseAbility"]
    assert {"source": zero, "ability": index} in offered
    hand = len(state.zones["p1"]["hand"])
    events = run(state, cmd("UseAbility", "p1", source=zero, ability=index))
    assert find(events, "AbilityPlayed", source=zero).data["ability"] == index
    assert len(state.zones["p1"]["hand"]) == hand + 1
    advance_until(state, "main", "p2")
    assert _gained(state, zero) == [] and not [e for e in state.effects if e.gain_abilities]


def test_a_gained_continuous_ability_applies_and_is_lost_by_a_later_loss() -> None:
    """5.30.1 with 9.9.1.3 in timestamp order (9.9.1.7): a gained '[CONT] +1000 Power' applies;
    an effect that later makes the card lose all its abilities (5.31.1) takes it away too."""
    state = game(GIVE_CONT, SILENCE_ZERO)
    zero = deploy_given(state, "p1", "LL-TST-900", ["FL"])
    assert characteristics(state, zero).power == 3000
    use(state, GIVE_CONT, "FC")
    assert characteristics(state, zero).power == 4000
    use(state, SILENCE_ZERO, "FR")
    assert characteristics(state, zero).power == 3000 and characteristics(state, zero).abilities == []


def test_an_ability_gained_after_losing_all_abilities_is_had() -> None:
    """5.30.1, 5.31.1, 9.9.1.7: the loss comes first, the gain later: the card has the gained
    ability (and not its printed ones)."""
    state = game(GIVE_CONT, SILENCE_ZERO)
    zero = deploy_given(state, "p1", "LL-TST-900", ["FL"])
    use(state, SILENCE_ZERO, "FR")
    use(state, GIVE_CONT, "FC")
    assert characteristics(state, zero).power == 4000 and len(_gained(state, zero)) == 1


def test_a_gained_auto_ability_triggers_and_resolves() -> None:
    """5.30.1: Vanilla 0 gains '[AUTO] When this card is rested, draw a card.', then is rested
    by the same ability: the gained ability triggers (9.7.2) and resolves, drawing."""
    on_rest = {"kind": "auto", "trigger": "rested", "effects": [{"op": "draw"}]}
    zero_only = all_mine(names=["Vanilla 0"])
    give_and_rest = act(
        4, [{"op": "modify", "target": zero_only, "gain_abilities": [on_rest]}, {"op": "rest", "target": zero_only}]
    )
    state = game(give_and_rest)
    zero = deploy_given(state, "p1", "LL-TST-900", ["FL"])
    _, events = use(state, give_and_rest)
    [index] = _gained(state, zero)
    assert find(events, "AbilityTriggered", source=zero).data["ability"] == index
    played = find(events, "AbilityPlayed", source=zero)
    assert played.data["ability"] == index and played.data["info"]["gained"]["trigger"] == "rested"
    drawn = find(events, "CardMoved", reason="draw")
    assert drawn.seq > played.seq and state.objects[drawn.data["oid"]].zone == "hand"


def test_a_gained_ability_may_not_create_a_delayed_trigger() -> None:
    """5.30.1: the gained abilities the vocabulary accepts; one creating a delayed trigger
    (9.7.5) is refused on load, as the card data's error says."""
    delayed = {"kind": "startup", "effects": [{"op": "delayed", "trigger": "start_of_end_phase", "effects": []}]}
    bad = act(9, [{"op": "modify", "target": all_mine(), "gain_abilities": [delayed]}])
    with pytest.raises(CardDataError, match="delayed"):
        parse_card(bad)


# --- 5.5 shuffle, 5.14 move ------------------------------------------------------------------------


def test_a_trance_from_the_deck_shuffles_the_deck() -> None:
    """5.5.1: the deck is shuffled (its order changes randomly, its cards stay)."""
    state, _ = start_game()
    to_main(state, "p1")
    level_up(state, "p1", 1, card="LL-TST-001")
    stock_up(state, "p1", 2)
    ren = deploy_given(state, "p1", "LL-TST-003", ["FL"])
    lyra = deploy_given(state, "p1", "LL-TST-004", ["FR"])
    tu = take(state, "p1", "LL-TST-007")
    before = [o for o in state.zones["p1"]["deck"] if o != tu]
    events = run(state, cmd("Trance", "p1", materials=[ren, lyra], tranceunion=tu, circles=["FC"]))
    shuffled = find(events, "DeckShuffled")
    assert shuffled.data["player"] == "p1"
    after = state.zones["p1"]["deck"]
    assert sorted(after) == sorted(before) and after != before


def test_rearranging_a_member_to_other_circles_moves_it() -> None:
    """5.14.1, 5.14.2: a member whose circles change in a rearrangement is "moved"; a
    rearrangement that changes nothing is refused."""
    state = game()
    member = deploy_given(state, "p1", "LL-TST-900", ["FL"])
    r = rejected(state, cmd("Rearrange", "p1", moves={member: ["FL"]}))
    assert (r.code, r.rule) == ("rules/nothing_moves", "LL-2.04 5.14.2")
    events = run(state, cmd("Rearrange", "p1", moves={member: ["BL"]}))
    moved = find(events, "CardMoved", oid=member)
    assert (moved.data["to"], moved.rule) == ("circle", "LL-2.04 5.14.2")
    assert state.objects[member].circles == ["BL"]


# --- 5.16 Logic Definition, 5.17 Intercept, 7.6 battle phase --------------------------------------


def battle(state: GameState) -> tuple[str, str]:
    attacker = deploy_given(state, "p1", "LL-TST-900", ["FC"])
    defender = deploy_given(state, "p2", "LL-TST-900", ["FC"])
    level_up(state, "p1", 1)
    run(state, cmd("EndMainPhase", "p1"))
    return attacker, defender


def test_the_turn_player_may_attack_in_the_battle_phase() -> None:
    """7.6.1: after the main phase the turn player, and only they, may declare an attack."""
    state = game()
    attacker, _ = battle(state)
    assert pending(state) == ("attack", "p1")
    opponent = state.zones["p2"]["circle"][0]
    assert not isinstance(engine.decide(state, cmd("DeclareAttack", "p2", attacker=opponent, circle="FC")), list)
    run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    assert state.battle is not None


def test_logic_definition_places_a_hand_card_face_up_in_the_battle_zone() -> None:
    """5.16.1, 5.16.1.1."""
    state = game()
    attacker, _ = battle(state)
    card = hand_card(state, "p1", "LL-TST-901")
    run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    run(state, cmd("PassLogic", "p2"))
    events = run(state, cmd("DefineLogic", "p1", card=card))
    moved = find(events, "CardMoved", oid=card)
    assert (moved.data["from"], moved.data["to"], moved.rule) == ("hand", "battle", "LL-2.04 5.16.1")
    assert not state.objects[card].face_down and state.zones["p1"]["battle"] == [card]


def test_intercepting_places_the_non_turn_players_member_in_the_intercept_zone() -> None:
    """5.17.1: during the Intercept Step, by the non-turn player."""
    state, _ = start_game(deck({"LL-TST-004": 1}), deck({"LL-TST-004": 1}))
    to_main(state, "p1")
    attacker, _ = battle_in(state)
    lyra = deploy_given(state, "p2", "LL-TST-004", ["FL"])  # Intercept
    run(state, cmd("EndMainPhase", "p1"))
    run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    assert pending(state) == ("intercept", "p2")
    events = run(state, cmd("Intercept", "p2", members=[lyra]))
    moved = find(events, "CardMoved", oid=lyra)
    assert (moved.data["to"], moved.rule) == ("intercept", "LL-2.04 5.17.1")


def battle_in(state: GameState) -> tuple[str, str]:
    attacker = deploy_given(state, "p1", "LL-TST-900", ["FC"])
    defender = deploy_given(state, "p2", "LL-TST-900", ["FC"])
    level_up(state, "p1", 1)
    return attacker, defender


def test_luck_drive_draws_at_the_cost_of_the_top_three_stock_cards() -> None:
    """5.18.1."""
    state = game()
    stock_up(state, "p1", 2)
    top_three = state.zones["p1"]["stock"][-3:]
    hand = len(state.zones["p1"]["hand"])
    events = run(state, cmd("LuckDrive", "p1"))
    assert find(events, "CostPaid").rule == "LL-2.04 5.18.1"
    dropped = [e.data["oid"] for e in find_all(events, "CardMoved", to="drop") if e.rule == "LL-2.04 5.18.1"]
    assert sorted(dropped) == sorted(top_three)
    assert len(state.zones["p1"]["hand"]) == hand + 1


# --- 7.1 the turn, 9.1 types of abilities, 9.8 instantaneous effects ---------------------------------


def test_the_turn_player_carries_out_the_phases_in_order() -> None:
    """7.1.1, 7.1.2: stand, draw, level, main, battle and end phases, then the other player's turn."""
    state = game()
    events = advance_until(state, "main", "p2")
    turn = find(events, "TurnBegan")
    assert turn.data["player"] == "p2" and state.turn_player == "p2"
    before = [e.data["phase"] for e in find_all(events[: events.index(turn)], "StepBegan")]
    after = [e.data["phase"] for e in find_all(events[events.index(turn) :], "StepBegan")]
    assert before[-1] == "end" and after[:3] == ["stand", "draw", "level"] and after[-1] == "main", (before, after)


DRAWER = act(6, [{"op": "draw"}])


def test_an_instantaneous_effect_is_carried_out_once() -> None:
    """9.8.1: "draw a card" draws exactly one card."""
    state = game(DRAWER)
    source = deploy_given(state, "p1", DRAWER["id"], ["FC"])
    hand = len(state.zones["p1"]["hand"])
    events = run(state, cmd("UseAbility", "p1", source=source, ability=0))
    draws = [e for e in events if e.type == "CardMoved" and e.data["to"] == "hand"]
    assert len(draws) == 1 and len(state.zones["p1"]["hand"]) == hand + 1


def test_only_a_startup_ability_is_used_by_its_player() -> None:
    """9.1.2, 9.1.2.1: Banner Bearer's continuous ability applies by itself while valid;
    9.1.2.3: it is not a startup ability, so it cannot be used as one."""
    state = game()
    other = deploy_given(state, "p1", "LL-TST-900", ["FL"])
    bearer = deploy_given(state, "p1", LEADER["id"], ["FR"])
    assert characteristics(state, other).power == 4000  # no command played it
    r = rejected(state, cmd("UseAbility", "p1", source=bearer, ability=0))
    assert (r.code, r.rule) == ("rules/not_a_startup_ability", "LL-2.04 9.1.2.3")
    put(state, bearer, "drop")
    assert characteristics(state, other).power == 3000


def test_a_battle_is_a_standing_members_attack_counted_when_it_begins() -> None:
    """8.1.1: the turn player attacks with a standing member (a rested one may not); 8.1.3: the
    attack is counted when the battle begins."""
    state = game()
    attacker, _ = battle(state)
    rested = deploy_given(state, "p1", "LL-TST-901", ["FL"], rested=True)
    assert rejected(state, cmd("DeclareAttack", "p1", attacker=rested, circle="FC")).code == "rules/cannot_attack"
    assert state.players["p1"].attacks == 0
    run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    assert state.players["p1"].attacks == 1 and state.battle is not None
