"""Playing and resolving abilities (GCG-1.00 9): check timing (9.4), play and resolve
(9.5), automatic abilities in standby and their order (9.6), continuous effects and rage
(9.8), replacement effects (9.9) and final information (9.10)."""

from __future__ import annotations

from typing import Any

from domain.gcg import engine
from domain.gcg.characteristics import board, counter_power, threat_level
from domain.kernel import Rejection
from tests.gcg.support import (
    BLUE,
    RED,
    advance_until,
    among,
    battle,
    catalog,
    choose,
    cmd,
    effect_on,
    empty_hand,
    end_main,
    find,
    find_all,
    find_card,
    pending,
    position,
    put,
    rage,
    run,
    spec,
    start_game,
    starter_deck,
    strategy,
    to_hand,
    to_strategy,
    to_zone,
    tst,
    with_cards,
)

ECHO = battle(
    20,
    name="Echo Tower",
    abilities=[
        {
            "kind": "auto",
            "trigger": "start_of_main_phase",
            "whose": "each",
            "effects": [{"op": "gain_rage", "amount": 1}],
        }
    ],
)


def _game(red: dict[str, int] | None = None, blue: dict[str, int] | None = None, extra: Any = ()) -> Any:
    d1 = with_cards(RED, red or {})
    d2 = with_cards(BLUE, blue or {})
    state, _ = start_game(d1, d2, extra=list(extra))
    return state


def test_turn_players_automatic_abilities_resolve_first_and_they_choose_the_order() -> None:
    """9.4.3.2, 9.4.3.3, 9.6.3.1: the turn player plays theirs first, in an order they
    choose; then the non-turn player's."""
    state = _game({ECHO["id"]: 2}, {ECHO["id"]: 1}, [ECHO])
    a = to_zone(state, "p1", ECHO["id"], 3)
    b = to_zone(state, "p1", ECHO["id"], 4)
    c = to_zone(state, "p2", ECHO["id"], 3)
    end_main(state)
    advance_until(state, "main", "p2")
    events = advance_until(state, "order_auto", "p1")  # p1's main phase begins
    assert state.pending is not None and state.pending.options["rule"] == "9.4.3.2"
    assert sorted(state.pending.options["autos"][x]["source"] for x in among(state)) == sorted([a, b])  # type: ignore[index]
    second = next(x for x in among(state) if state.pending.options["autos"][x]["source"] == b)  # type: ignore[index]
    events = choose(state, second)
    played = [e.data["source"] for e in events if e.type == "AbilityPlayed"]
    assert played == [b, a, c]  # the chosen one, then p1's other, then p2's (9.4.3.3)
    assert pending(state) == ("main", "p1")
    gains = [e.data["player"] for e in events if e.type == "RageChanged"]
    assert gains == ["p1", "p1", "p2"]


PURGE = strategy(
    16,
    [
        {
            "op": "destroy",
            "target": {"kind": "all", "filter": {"controller": "opponent", "types": ["battle"], "max_rank": 1}},
        }
    ],
    name="Purge",
)


def test_an_ability_triggered_twice_is_in_standby_twice() -> None:
    """9.6.2.1: two battle cards destroyed by one effect trigger Mobile Command twice; the
    non-turn player's abilities resolve after the turn player's (9.4.3.3)."""
    state = _game({PURGE["id"]: 1}, extra=[PURGE])
    command = to_zone(state, "p2", tst(45), 6)
    to_zone(state, "p2", tst(40), 2)
    to_zone(state, "p2", tst(40), 3)
    events = run(state, cmd("ActivateStrategy", "p1", card=to_hand(state, "p1", PURGE["id"]), zone=1))
    triggered = find_all(events, "AbilityTriggered", trigger="ally_destroyed")
    assert len(triggered) == 2 and {t.data["source"] for t in triggered} == {command}
    assert pending(state) == ("order_auto", "p2")
    assert state.pending is not None and state.pending.options["rule"] == "9.4.3.3"


def test_modes_choose_n_and_resolve_top_to_bottom() -> None:
    """9.5.2.2.1: Last Stand, "do 2 from the below"; the chosen ones resolve in text order."""
    state = _game()  # the red deck holds one Last Stand
    position(state, "p1", 4)
    tank = to_zone(state, "p1", tst(10), 5)
    stand = to_hand(state, "p1", tst(66))
    run(state, cmd("ActivateStrategy", "p1", card=stand, zone=1))
    assert pending(state) == ("modes", "p1") and among(state) == [0, 1, 2]
    hand = len(state.zones["p1"]["hand"])
    events = choose(state, 2, 0)
    kinds = [e.type for e in events if e.type in ("CardMoved", "ContinuousEffectCreated")]
    assert kinds[0] == "CardMoved" and "ContinuousEffectCreated" in kinds  # draw first, then +1000
    assert len(state.zones["p1"]["hand"]) == hand + 1
    assert counter_power(state, tank) == 4000
    assert state.players["p1"].rage == 0  # the option not chosen does not exist (9.5.2.2.1.1)


def test_targets_as_many_as_possible_and_none_when_none_can_be_chosen() -> None:
    """9.5.3.1: Heat Ray must destroy its only legal target; 9.5.3.1.2: with none, nothing."""
    state = _game()
    position(state, "p2", 5)
    position(state, "p1", 2)
    only = to_zone(state, "p2", tst(40), 7)
    heat = to_hand(state, "p1", tst(12))
    events = run(state, cmd("PlayBattleCard", "p1", card=heat, zone=5))
    assert find(events, "TargetsChosen").data["targets"] == [only]
    assert state.objects[only].zone == "discard"
    heat2 = to_hand(state, "p1", tst(12))
    events = run(state, cmd("PlayBattleCard", "p1", card=heat2, zone=6))
    assert not find_all(events, "TargetsChosen") and find(events, "AbilityResolved")


def test_you_may_is_asked_only_when_the_action_can_be_performed() -> None:
    """9.5.4, 9.5.4.1: Redeploy's "you may return another battle card"."""
    state = _game()
    position(state, "p2", 2)
    alone = to_hand(state, "p1", tst(62))
    run(state, cmd("PlayBattleCard", "p1", card=alone, zone=3))
    assert pending(state) == ("main", "p1")  # no other battle card: nothing to ask
    other = to_hand(state, "p1", tst(62))
    events = run(state, cmd("PlayBattleCard", "p1", card=other, zone=4))
    # the only possible target is chosen when the ability is played (9.5.2.2, 9.5.3.1)
    assert find(events, "TargetsChosen").data["targets"] == [alone]
    assert pending(state) == ("yes_no", "p1") and state.pending is not None
    assert state.pending.options["rule"] == "9.5.4"
    choose(state, "yes")
    assert state.objects[alone].zone == "hand"


def test_if_you_do_runs_only_after_the_action() -> None:
    """9.5.4: Mobile Command: "you may discard a card. If you do, draw 2 cards"."""
    state = _game()
    end_main(state)
    advance_until(state, "main", "p2")
    to_zone(state, "p2", tst(45), 6)
    to_zone(state, "p2", tst(40), 2)
    end_main(state)
    hand = len(state.zones["p2"]["hand"])
    choose(state, "yes")
    assert pending(state) == ("discard", "p2")
    choose(state, among(state)[0])
    assert len(state.zones["p2"]["hand"]) >= hand - 1 + 2


def test_continuous_effects_apply_rage_before_value_modifications() -> None:
    """9.8.1.4, 9.8.1.5: Suppression Field makes the threat level 15000 after rage applied;
    value modifications then apply in time stamp order (9.8.1.7)."""
    state = _game()
    end_main(state)
    advance_until(state, "main", "p2")
    rage(state, "p1", 2)
    assert threat_level(state, "p1") == 20000  # 10000 + 2 x 5000 (3.4.5)
    position(state, "p2", 4)
    field = to_hand(state, "p2", tst(51))
    run(state, cmd("ActivateStrategy", "p2", card=field, zone=1))
    assert threat_level(state, "p1") == 15000  # "becomes 15000", after the rage (9.8.1.4)
    monster = state.zones["p1"]["monster"][-1]
    effect_on(state, monster, "later", "p2", threat=-5000)  # time stamp after the field's
    assert threat_level(state, "p1") == 10000


def test_value_modifications_follow_time_stamps() -> None:
    """9.8.1.7, 9.8.1.7.1: an earlier -5000 is overwritten by a later "becomes 15000"."""
    state = _game()
    end_main(state)
    advance_until(state, "main", "p2")
    monster = state.zones["p1"]["monster"][-1]
    effect_on(state, monster, "earlier", "p2", threat=-5000)
    assert threat_level(state, "p1") == 5000
    to_strategy(state, "p2", tst(51), 1)
    assert threat_level(state, "p1") == 15000


def _grant(n: int, name: str, gain: str | None, having: str | None, **kw: Any) -> dict[str, Any]:
    """A test battle card: "your battle cards [with the trait ``having``] also have the
    trait ``gain``" (9.8.1.3), or get ``kw`` (9.8.1.5)."""
    flt: dict[str, Any] = {"controller": "you", "types": ["battle"]}
    if having:
        flt["traits"] = [having]
    ability = {"kind": "continuous", "affects": {"kind": "all", "filter": flt}, **kw}
    if gain:
        ability["gain_traits"] = [gain]
    return battle(n, name=name, abilities=[ability])


TITAN_BEACON = _grant(90, "Titan Beacon", "Titan", "Kaiju")
KAIJU_BEACON = _grant(91, "Kaiju Beacon", "Kaiju", None)
TITAN_DRILL = _grant(92, "Titan Drill", None, "Titan", counter=1000)


def test_an_effect_that_depends_on_another_is_applied_after_it() -> None:
    """9.8.1.6: Titan Beacon (the older time stamp) gives 〈Titan〉 to your battle cards with
    〈Kaiju〉; Kaiju Beacon gives 〈Kaiju〉 to all of them.  Applying Kaiju Beacon first changes
    what Titan Beacon applies to, so Titan Beacon depends on it and is applied after it,
    whatever the time stamps (9.8.1.7); then a 9.8.1.5 bonus for 〈Titan〉 applies too."""
    beacons = {TITAN_BEACON["id"]: 1, KAIJU_BEACON["id"]: 1, TITAN_DRILL["id"]: 1}
    state = _game(beacons, extra=[TITAN_BEACON, KAIJU_BEACON, TITAN_DRILL])
    titan = to_zone(state, "p1", TITAN_BEACON["id"], 2)
    tank = to_zone(state, "p1", tst(10), 4)  # 〈Atomic〉, 3000
    assert board(state)[tank].traits == ["Atomic"]
    to_zone(state, "p1", KAIJU_BEACON["id"], 3)
    infos = board(state)
    assert infos[titan].since < infos[tank].since
    assert infos[tank].traits == ["Atomic", "Kaiju", "Titan"]
    assert "Titan" in infos[titan].traits
    assert counter_power(state, tank) == 3000
    to_zone(state, "p1", TITAN_DRILL["id"], 5)
    assert counter_power(state, tank) == 4000


def test_a_continuous_ability_can_depend_on_a_resolved_effect() -> None:
    """9.8.1.6 with 9.8.1.7.2: an ability's effect that gave 〈Kaiju〉 to one battle card
    (time stamp: when it was played, after Titan Beacon was placed) is applied before
    Titan Beacon, which depends on it; without it, the card has no 〈Titan〉."""
    state = _game({TITAN_BEACON["id"]: 1}, extra=[TITAN_BEACON])
    to_zone(state, "p1", TITAN_BEACON["id"], 2)
    tank = to_zone(state, "p1", tst(10), 4)
    other = to_zone(state, "p1", tst(11), 5)
    effect_on(state, tank, "kaiju", "p1", gain_traits=["Kaiju"])
    infos = board(state)
    assert infos[tank].traits == ["Atomic", "Kaiju", "Titan"]
    assert infos[other].traits == ["Atomic"]


PLUS_2000 = {"kind": "continuous", "counter": 2000, "text": "This card gets +2000 counter power."}
LAST_WORDS = {
    "kind": "auto",
    "trigger": "destroyed",
    "effects": [{"op": "draw"}],
    "text": "When this card is destroyed, draw a card.",
}
BATTLE_ORDERS = strategy(
    93,
    [
        {
            "op": "modify",
            "target": {"filter": {"controller": "you", "types": ["battle"]}},
            "gain_abilities": [PLUS_2000, LAST_WORDS],
        }
    ],
    name="Battle Orders",
    text='Choose 1 battle card in your zones. Until end of turn, it gains "This card gets +2000 counter power" '
    'and "When this card is destroyed, draw a card".',
)


def test_abilities_gained_from_an_effect_apply_until_it_ends() -> None:
    """9.8.1.2 ("effects that grant abilities", cited as 9.8.1.1 p1): the gained continuous
    ability modifies the counter power (9.8.1.5) and the gained automatic ability triggers
    (9.6.4.1.2); at the end of the turn the effect disappears (7.5.6)."""
    state = _game({BATTLE_ORDERS["id"]: 1}, extra=[BATTLE_ORDERS])
    tank = to_zone(state, "p1", tst(10), 4)  # 3000
    orders = to_hand(state, "p1", BATTLE_ORDERS["id"])
    events = run(state, cmd("ActivateStrategy", "p1", card=orders, zone=1))
    assert find(events, "ContinuousEffectCreated").rule == "GCG-1.00 9.8.1.1 p1"
    assert counter_power(state, tank) == 5000
    from domain.gcg import flow
    from domain.gcg.context import Ctx

    ctx = Ctx(state.clone(), "cmd:test")
    ctx.stack = [{"op": "destroy", "oid": tank, "rule": "5.12.1"}, {"op": "check", "rule": "9.4.1"}][::-1]
    flow.run(ctx)
    find(ctx.events, "AbilityTriggered", source=tank, trigger="destroyed")
    assert len(ctx.s.zones["p1"]["hand"]) == len(state.zones["p1"]["hand"]) + 1
    other = to_zone(state, "p1", tst(10), 5)
    assert counter_power(state, other) == 3000  # only the chosen card gained them
    end_main(state)
    assert counter_power(state, tank) == 3000


def test_granting_and_nullifying_abilities_apply_in_time_stamp_order() -> None:
    """9.8.1.2 with 9.8.1.7: an ability gained after all abilities were nullified applies;
    one gained before is nullified with the others."""
    state = _game()
    first = to_zone(state, "p1", tst(10), 4)
    second = to_zone(state, "p1", tst(10), 5)
    effect_on(state, first, "grant-1", gain_abilities=[PLUS_2000])
    effect_on(state, first, "jam-1", nullify=True)
    effect_on(state, second, "jam-2", nullify=True)
    effect_on(state, second, "grant-2", gain_abilities=[PLUS_2000])
    assert counter_power(state, first) == 3000
    assert counter_power(state, second) == 5000


def test_nullified_abilities_do_not_apply() -> None:
    """9.8.1.1 p1 (effects that nullify abilities come first): Jamming removes Nuclear
    Pulse's 【Awakening】 bonus and Scale Guard's replacement effect."""
    state = _game()
    end_main(state)
    advance_until(state, "main", "p2")
    position(state, "p1", 6)
    position(state, "p2", 2)
    pulse = to_zone(state, "p1", tst(13), 2)
    assert counter_power(state, pulse) == 11000  # 8000 + 【Awakening 6】 3000
    jam = to_hand(state, "p2", tst(50))
    events = run(state, cmd("ActivateStrategy", "p2", card=jam, zone=1))
    assert find(events, "ContinuousEffectCreated").rule == "GCG-1.00 9.8.1.1 p1"
    assert counter_power(state, pulse) == 8000


def test_optional_replacement_effect() -> None:
    """9.2.1.3.2, 9.9.1: Scale Guard: "when this card would be destroyed, you may discard a
    card from your hand instead" - the destruction does not happen (9.9.1.1)."""
    state = _game()
    guard = to_zone(state, "p1", tst(16), 3)
    from domain.gcg import flow
    from domain.gcg.context import Ctx

    ctx = Ctx(state.clone(), "cmd:test")
    ctx.stack = [{"op": "destroy", "oid": guard, "rule": "5.12.1", "applied": []}]
    flow.run(ctx)
    assert ctx.s.pending is not None and ctx.s.pending.kind == "yes_no"
    assert ctx.s.pending.options["rule"] == "9.2.1.3.2"
    ctx.stack = list(ctx.s.pending.resume)
    flow.answer(ctx, ["yes"])
    assert ctx.s.pending is not None and ctx.s.pending.kind == "discard"
    ctx.stack = list(ctx.s.pending.resume)
    flow.answer(ctx, [ctx.s.pending.options["among"][0]])  # type: ignore[index]
    assert ctx.s.objects[guard].zone == "field"
    assert find(ctx.events, "ReplacementApplied").rule == "GCG-1.00 9.9.1"
    assert len(ctx.s.zones["p1"]["hand"]) == len(state.zones["p1"]["hand"]) - 1


def test_optional_replacement_not_applied_when_it_cannot_be_performed() -> None:
    """9.9.3: with no card in hand the guard is destroyed."""
    state = _game()
    guard = to_zone(state, "p1", tst(16), 3)
    empty_hand(state, "p1")
    from domain.gcg import flow
    from domain.gcg.context import Ctx

    ctx = Ctx(state.clone(), "cmd:test")
    ctx.stack = [{"op": "destroy", "oid": guard, "rule": "5.12.1", "applied": []}]
    flow.run(ctx)
    assert ctx.s.objects[guard].zone == "discard"


WARDEN = battle(
    21,
    name="Warden",
    abilities=[
        {
            "kind": "replacement",
            "replaces": "destroyed",
            "affects": {"kind": "all", "filter": {"controller": "you", "types": ["battle"], "other_than_self": True}},
            "instead": [{"op": "lose_rage", "amount": 1}],
            "text": "When another battle card of yours would be destroyed, lose 1 rage instead.",
        }
    ],
)


def test_the_affected_cards_master_orders_several_replacement_effects() -> None:
    """9.9.2.1: Scale Guard's own replacement and Warden's both apply; its master chooses;
    9.9.2.3: each applies at most once to the event."""
    state = _game({WARDEN["id"]: 1}, extra=[WARDEN])
    guard = to_zone(state, "p1", tst(16), 3)
    warden = to_zone(state, "p1", WARDEN["id"], 4)
    from domain.gcg import flow
    from domain.gcg.context import Ctx

    ctx = Ctx(state.clone(), "cmd:test")
    ctx.stack = [{"op": "destroy", "oid": guard, "rule": "5.12.1", "applied": []}]
    flow.run(ctx)
    p = ctx.s.pending
    assert p is not None and p.kind == "replacement" and p.options["rule"] == "9.9.2.1"
    assert sorted(p.options["among"]) == sorted([f"{guard}:0", f"{warden}:0"])  # type: ignore[type-var]
    ctx.stack = list(p.resume)
    flow.answer(ctx, [f"{warden}:0"])
    assert ctx.s.objects[guard].zone == "field"
    assert find(ctx.events, "ReplacementApplied").data["source"] == warden
    assert ctx.s.players["p1"].rage == 0  # "lose 1 rage" at 0 changes nothing (3.4.4)


def test_final_information_of_a_destroyed_card() -> None:
    """9.10.1.2: Salvage draws as many cards as the destroyed card's battle rank."""
    state = _game()
    position(state, "p1", 3)
    spine = to_zone(state, "p1", tst(15), 5)  # battle rank 5
    salvage = to_hand(state, "p1", tst(64))
    run(state, cmd("ActivateStrategy", "p1", card=salvage, zone=1))
    assert pending(state) == ("targets", "p1") or pending(state) == ("yes_no", "p1")
    if pending(state)[0] == "targets":
        choose(state, spine)
    hand = len(state.zones["p1"]["hand"])
    events = choose(state, "yes")
    assert state.objects[spine].zone == "discard"
    assert len([e for e in events if e.rule == "GCG-1.00 5.4.2"]) == 5
    assert len(state.zones["p1"]["hand"]) == hand + 5


PLACE_IS = strategy(
    14,
    [
        {"op": "return_to_hand", "target": {"kind": "chosen", "filter": {"controller": "you", "types": ["battle"]}}},
        {"op": "play_battle", "zone_of_previous": "is"},
    ],
    name="Shuffle Ranks",
)
PLACE_WAS = strategy(
    15,
    [
        {"op": "return_to_hand", "target": {"kind": "chosen", "filter": {"controller": "you", "types": ["battle"]}}},
        {"op": "play_battle", "zone_of_previous": "was"},
    ],
    name="Fill the Gap",
)


def test_the_zone_a_card_is_in_is_not_referenced_once_it_left() -> None:
    """9.10.1.1 (the zone it is in: not performed) and 9.10.1.2.1 (the zone it occupied)."""
    state = _game({PLACE_IS["id"]: 1, PLACE_WAS["id"]: 1}, extra=[PLACE_IS, PLACE_WAS])
    tank = to_zone(state, "p1", tst(10), 4)
    to_hand(state, "p1", tst(10))
    events = run(state, cmd("ActivateStrategy", "p1", card=to_hand(state, "p1", PLACE_IS["id"]), zone=1))
    assert state.objects[tank].zone == "hand"
    assert find(events, "NothingHappened").rule == "GCG-1.00 9.10.1.1"
    tank2 = to_zone(state, "p1", tst(10), 4)
    run(state, cmd("ActivateStrategy", "p1", card=to_hand(state, "p1", PLACE_WAS["id"]), zone=2))
    assert state.objects[tank2].zone == "hand"
    assert pending(state) == ("play_battle", "p1")
    events = choose(state, tank2)
    assert find(events, "CardMoved", oid=tank2, to="field").data["slot"] == 4


def test_a_destroyed_cards_own_trigger_uses_its_field_information() -> None:
    """9.6.4.1.2, 5.12.1.1: Super X, "when this card is destroyed, draw a card", triggers
    from the discard pile."""
    state = _game()
    end_main(state)
    advance_until(state, "main", "p2")
    x = to_zone(state, "p2", tst(44), 2)
    events = end_main(state)  # p2's monster advances into zone 2: crush and destroy (10.3)
    assert find(events, "CardMoved", oid=x, to="discard").rule == "GCG-1.00 10.3.3"
    trig = find(events, "AbilityTriggered", source=x)
    assert trig.rule == "GCG-1.00 9.6.4.1.2"
    assert find(events, "AbilityResolved")


def test_situation_trigger() -> None:
    """9.6.6, 9.6.6.1: Supply Line, "when your hand has no cards, draw 2 cards"."""
    state = _game({tst(69): 1})
    to_zone(state, "p1", tst(69), 4)
    empty_hand(state, "p1")
    spawn = find_card(state, "p1", tst(10))
    put(state, spawn, "hand")
    events = run(state, cmd("Invade", "p1", card=spawn))
    trig = find(events, "AbilityTriggered", trigger="hand_empty")
    assert trig.rule == "GCG-1.00 9.6.6.1"
    assert len(state.zones["p1"]["hand"]) == 2


def test_standby_abilities_are_public_in_views() -> None:
    state = _game()
    view = engine.view(state, "p2")
    assert view["standby"] == []


TOLL = battle(
    92,
    name="Toll Gate",
    abilities=[
        {
            "kind": "auto",
            "trigger": "enter",
            "cost": [{"op": "lose_rage", "amount": 1}],
            "effects": [{"op": "draw", "count": 2}],
            "text": "【Enter】 You may lose 1 rage to play this ability. If you do, draw 2 cards.",
        }
    ],
)


def _play_toll(given_rage: int) -> tuple[Any, list[Any]]:
    state, _ = start_game(with_cards(RED, {TOLL["id"]: 1}), extra=[TOLL])
    rage(state, "p1", given_rage)
    position(state, "p2", 2)
    events = run(state, cmd("PlayBattleCard", "p1", card=to_hand(state, "p1", TOLL["id"]), zone=3))
    return state, events


def test_an_optional_cost_paid_plays_the_ability() -> None:
    """GCG-1.00 9.6.3.2.1: the master chooses to pay the cost; it is paid and the ability
    resolves."""
    state, _ = _play_toll(2)
    assert pending(state) == ("yes_no", "p1")
    assert state.pending is not None and state.pending.options["rule"] == "9.6.3.2.1"
    assert {c.args["choice"][0] for c in engine.legal_actions(state, "p1") if c.type == "Choose"} == {"yes", "no"}
    hand = len(state.zones["p1"]["hand"])
    events = choose(state, "yes")
    assert state.players["p1"].rage == 1 and len(state.zones["p1"]["hand"]) == hand + 2
    find(events, "AbilityPlayed")
    find(events, "AbilityResolved")
    assert not state.standby


def test_an_optional_cost_not_paid_removes_the_ability_from_standby() -> None:
    """GCG-1.00 9.6.3.2.1: choosing not to pay the cost, one of that automatic ability in
    standby ceases to exist: nothing is played or resolved."""
    state, _ = _play_toll(2)
    hand = len(state.zones["p1"]["hand"])
    events = choose(state, "no")
    assert find(events, "AbilityRemoved").rule == "GCG-1.00 9.6.3.2.1"
    assert not find_all(events, "AbilityPlayed") and not find_all(events, "AbilityResolved")
    assert state.players["p1"].rage == 2 and len(state.zones["p1"]["hand"]) == hand
    assert not state.standby and pending(state) == ("main", "p1")


def test_an_ability_whose_cost_cannot_be_paid_is_not_played() -> None:
    """GCG-1.00 9.6.3.2: without rage to lose, the ability cannot be played, and one of it in
    standby ceases to exist; its master is not asked."""
    state, events = _play_toll(0)
    assert find(events, "AbilityRemoved").rule == "GCG-1.00 9.6.3.2"
    assert not find_all(events, "AbilityPlayed") and not state.standby
    assert pending(state) == ("main", "p1")


def test_only_automatic_abilities_have_a_cost() -> None:
    """GCG-1.00 9.6.3.2.1 is about automatic abilities: a cost on a continuous ability is
    refused when the cards are loaded, naming the card."""
    bad = battle(94, abilities=[{"kind": "continuous", "threat": 1000, "cost": [{"op": "lose_rage"}]}])
    r = engine.start(spec(starter_deck(RED), starter_deck(BLUE), 1), catalog([bad]))
    assert isinstance(r, Rejection) and r.code == "cards/invalid"
    assert "card GCG-TST-994" in r.message and "9.6.3.2.1" in r.message


BANNER = battle(
    95,
    name="War Banner",
    abilities=[
        {
            "kind": "continuous",
            "affects": {"kind": "all", "filter": {"controller": "you", "types": ["battle"], "other_than_self": True}},
            "gain_abilities": [PLUS_2000],
            "text": 'Other battle cards in your zones have "This card gets +2000 counter power".',
        }
    ],
)
MUTE = battle(
    96,
    name="Silence Field",
    abilities=[
        {
            "kind": "continuous",
            "affects": {"kind": "all", "filter": {"controller": "opponent", "types": ["battle"]}},
            "lose_triggers": ["enter"],
            "text": "Battle cards in your opponent's zones lose their 【Enter】 abilities.",
        }
    ],
)


def test_a_continuous_ability_grants_abilities() -> None:
    """GCG-1.00 9.8.1.1 p1 (9.8.1.2, effects that grant abilities) from a continuous ability:
    the other battle cards in its master's zones have the granted ability, not the card
    itself, nor the opponent's cards."""
    state = _game({BANNER["id"]: 1}, extra=[BANNER])
    tank = to_zone(state, "p1", tst(10), 4)  # 3000
    banner = to_zone(state, "p1", BANNER["id"], 5)
    assert counter_power(state, tank) == 5000 and counter_power(state, banner) == 1000


def test_continuous_grants_and_nullifying_follow_time_stamps() -> None:
    """GCG-1.00 9.8.1.2 with 9.8.1.7: a card's abilities nullified before the granting card
    was placed get the grant (it applies later); nullified after it, they lose it. A
    nullified granting card grants nothing (its ability is gone when its turn comes)."""
    state = _game({BANNER["id"]: 1}, extra=[BANNER])
    early = to_zone(state, "p1", tst(10), 3)
    effect_on(state, early, "jam-early", nullify=True)
    banner = to_zone(state, "p1", BANNER["id"], 5)
    late = to_zone(state, "p1", tst(10), 4)
    effect_on(state, late, "jam-late", nullify=True)
    assert counter_power(state, early) == 5000 and counter_power(state, late) == 3000
    effect_on(state, banner, "jam-banner", nullify=True)
    assert counter_power(state, early) == 3000


HERALD = battle(
    98,
    name="Herald Drone",
    abilities=[
        {"kind": "auto", "trigger": "enter", "effects": [{"op": "draw"}], "text": "【Enter】 Draw a card."},
        PLUS_2000,
    ],
)


def test_a_continuous_ability_removes_single_abilities() -> None:
    """GCG-1.00 9.8.1.2 (effects that remove abilities): Silence Field takes the 【Enter】
    ability of the opponent's battle cards, so Herald Drone does not trigger when played
    (11.2.1); its other ability stays.  Without Silence Field it triggers."""
    for silenced in (False, True):
        state = _game({HERALD["id"]: 1}, {MUTE["id"]: 1}, [HERALD, MUTE])
        if silenced:
            to_zone(state, "p2", MUTE["id"], 5)
        position(state, "p2", 2)
        herald = to_hand(state, "p1", HERALD["id"])
        events = run(state, cmd("PlayBattleCard", "p1", card=herald, zone=3))
        assert bool(find_all(events, "AbilityTriggered", trigger="enter")) is not silenced
        assert counter_power(state, herald) == 3000


def test_an_effect_removes_the_abilities_with_a_trigger() -> None:
    """GCG-1.00 9.8.1.1 p1 (9.8.1.2, effects that remove abilities) from a resolved ability:
    "it loses its 'when destroyed' abilities"; abilities granted later are kept (9.8.1.7)."""
    state = _game()
    tank = to_zone(state, "p1", tst(10), 4)
    effect_on(state, tank, "grant-1", gain_abilities=[LAST_WORDS])
    effect_on(state, tank, "lose-1", lose_triggers=["destroyed"])
    assert [a.trigger for _, a in board(state)[tank].abilities if a.kind == "auto"] == []
    effect_on(state, tank, "grant-2", gain_abilities=[LAST_WORDS, PLUS_2000])
    assert [a.trigger for _, a in board(state)[tank].abilities if a.kind == "auto"] == ["destroyed"]
    assert counter_power(state, tank) == 5000


def test_only_continuous_abilities_change_abilities() -> None:
    """GCG-1.00 9.8.1.2 is about continuous effects: an automatic ability that would grant
    abilities itself is refused on load, naming the card (its effects use ``modify``)."""
    bad = battle(97, abilities=[{"kind": "auto", "trigger": "enter", "nullify": True, "effects": [{"op": "draw"}]}])
    r = engine.start(spec(starter_deck(RED), starter_deck(BLUE), 1), catalog([bad]))
    assert isinstance(r, Rejection) and r.code == "cards/invalid"
    assert "card GCG-TST-997" in r.message and "9.8.1.2" in r.message


def test_identical_standby_abilities_are_played_without_an_order_question() -> None:
    """GCG-1.00 9.4.3.2 with 9.6.2.1: a card that gained "when this card is destroyed, draw a
    card" twice triggers twice; the two abilities in standby are identical (same source,
    ability and trigger data), so every order gives the same game and the engine plays them
    without asking; both resolve."""
    state = _game()
    tank = to_zone(state, "p1", tst(10), 4)
    effect_on(state, tank, "grant-1", gain_abilities=[LAST_WORDS])
    effect_on(state, tank, "grant-2", gain_abilities=[LAST_WORDS])
    from domain.gcg import flow
    from domain.gcg.context import Ctx

    ctx = Ctx(state.clone(), "cmd:test")
    ctx.stack = [{"op": "check", "rule": "9.4.1"}, {"op": "destroy", "oid": tank, "rule": "5.12.1"}]
    flow.run(ctx)
    assert len(find_all(ctx.events, "AbilityTriggered", source=tank, trigger="destroyed")) == 2
    assert not find_all(ctx.events, "ChoiceRequested") and len(find_all(ctx.events, "AbilityResolved")) == 2
    assert len(ctx.s.zones["p1"]["hand"]) == len(state.zones["p1"]["hand"]) + 2
