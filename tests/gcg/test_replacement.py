"""Replacement effects (GCG-1.00 9.9) on every event the card vocabulary can replace:
destroying (5.12, also 5.12.1.1), returning to the hand, discarding from the hand (5.7), countering (5.15), advancing
(5.13.1) and retreating (5.13.2); who orders several of them (9.9.2.1, 9.9.2.2), each applied once (9.9.2.3), an
optional one (9.2.1.3.2, 9.9.3) and a replaced action that still counts as performed
(9.5.4.2).  Also the order of one player's simultaneous interrupt-type rule actions
(10.1.2.1.1)."""

from __future__ import annotations

from typing import Any

from domain.gcg import engine
from domain.kernel import Rejection, expanded
from tests.gcg.support import (
    BLUE,
    RED,
    among,
    catalog,
    choose,
    cmd,
    end_main,
    find,
    find_all,
    find_card,
    pending,
    position,
    put,
    rage,
    rejected,
    replacing,
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

MONSTER = {"kind": "your_monster"}
BARRIER = replacing(
    80,
    "Barrier Wall",
    "countered",
    [{"op": "destroy", "target": {"kind": "self"}}],
    affects=MONSTER,
    optional=True,
    text="When your invading monster would be countered, you may destroy this card instead.",
)
DECOY = replacing(
    81,
    "Decoy Balloon",
    "countered",
    [{"op": "lose_rage", "amount": 1}],
    affects=MONSTER,
    text="When your invading monster would be countered, lose 1 rage instead.",
)
ANCHOR = replacing(
    82,
    "Anchor Post",
    "retreated",
    [{"op": "draw", "count": 1}],
    affects=MONSTER,
    text="When your invading monster would retreat, draw a card instead.",
)
TETHER = replacing(
    83,
    "Tether",
    "returned_to_hand",
    [{"op": "gain_rage", "amount": 1}],
    text="When this card would be returned to your hand, gain 1 rage instead.",
)
ROADBLOCK = replacing(
    87,
    "Roadblock",
    "advanced",
    [{"op": "discard", "count": 1}],
    affects={"kind": "opponent_monster"},
    optional=True,
    text="When your opponent's invading monster would advance, you may discard a card from your hand instead.",
)
COUNTERSTRIKE = strategy(84, [{"op": "counter"}], name="Counterstrike")
PUSHBACK = strategy(85, [{"op": "retreat", "who": "opponent", "times": 2}], name="Pushback")
LINGER = strategy(
    86,
    [{"op": "draw"}],
    name="Lingering Order",
    abilities=[
        {
            "kind": "replacement",
            "replaces": "destroyed",
            "optional": True,
            "instead": [{"op": "discard", "count": 1}],
            "text": "When this card would be destroyed, you may discard a card from your hand instead.",
        }
    ],
)
VAULT = replacing(
    90,
    "Hoarder's Vault",
    "discarded",
    [{"op": "gain_rage", "amount": 1}],
    affects={"kind": "all", "filter": {"area": "hand", "controller": "you", "types": ["strategy"]}},
    text="When a strategy card would be discarded from your hand, gain 1 rage instead.",
)
SIFT = strategy(
    91,
    [{"op": "discard", "count": 1, "optional": True, "then": [{"op": "draw", "count": 2}]}],
    name="Sift",
)
EXTRA = [BARRIER, DECOY, ANCHOR, TETHER, ROADBLOCK, COUNTERSTRIKE, PUSHBACK, LINGER, VAULT, SIFT]


def _game(red: dict[str, int] | None = None, blue: dict[str, int] | None = None) -> Any:
    state, _ = start_game(with_cards(RED, red or {}), with_cards(BLUE, blue or {}), extra=EXTRA)
    return state


def _counterstrike(state: Any) -> list[Any]:
    strike = to_hand(state, "p1", COUNTERSTRIKE["id"])
    return run(state, cmd("ActivateStrategy", "p1", card=strike, zone=1))


def test_an_optional_replacement_of_a_counter() -> None:
    """9.2.1.3.2, 9.9.1, 9.9.1.1: "when your invading monster would be countered, you may
    destroy this card instead": the monster's master is asked; the counter does not occur."""
    state = _game({COUNTERSTRIKE["id"]: 1}, {BARRIER["id"]: 1})
    barrier = to_zone(state, "p2", BARRIER["id"], 3)
    monster = state.monster("p2")
    _counterstrike(state)
    assert pending(state) == ("yes_no", "p2")
    assert state.pending is not None
    assert state.pending.options["rule"] == "9.2.1.3.2" and state.pending.options["event"] == "countered"
    events = choose(state, "yes")
    applied = find(events, "ReplacementApplied", event="countered", source=barrier)
    assert applied.rule == "GCG-1.00 9.9.1"
    assert state.objects[barrier].zone == "discard"  # the replacing event happened
    assert state.monster("p2") == monster  # the replaced one did not (9.9.1.1)
    assert not find_all(events, "MonsterMoved", how="countered")


def test_a_declined_optional_replacement_lets_the_counter_happen() -> None:
    """9.2.1.3.2: declined, the monster is countered (5.15.1.2)."""
    state = _game({COUNTERSTRIKE["id"]: 1}, {BARRIER["id"]: 1})
    barrier = to_zone(state, "p2", BARRIER["id"], 3)
    _counterstrike(state)
    events = choose(state, "no")
    assert not find_all(events, "ReplacementApplied")
    assert state.objects[barrier].zone == "field"
    top = state.monster("p2")
    assert top is not None and state.card_of(top).rank == 2


def test_the_monsters_master_orders_replacements_of_a_counter_and_each_applies_once() -> None:
    """9.9.2.2: several replacement effects for an action applied to an invading monster:
    its master chooses the order; 9.9.2.3: a declined one is not offered again, and the next
    one replaces the counter."""
    state = _game({COUNTERSTRIKE["id"]: 1}, {BARRIER["id"]: 1, DECOY["id"]: 1})
    barrier = to_zone(state, "p2", BARRIER["id"], 3)
    decoy = to_zone(state, "p2", DECOY["id"], 4)
    rage(state, "p2", 2)
    monster = state.monster("p2")
    _counterstrike(state)
    assert pending(state) == ("replacement", "p2")
    assert state.pending is not None and state.pending.options["rule"] == "9.9.2.2"
    assert sorted(among(state)) == sorted([f"{barrier}:0", f"{decoy}:0"])
    r = rejected(state, cmd("Choose", "p2", choice=["nonsense"]))
    assert (r.code, r.rule) == ("rules/illegal_choice", "GCG-1.00 9.9.2.2")
    r = rejected(state, cmd("Choose", "p1", choice=[f"{decoy}:0"]))
    assert r.code == "rules/not_your_decision"
    legal = [c.args for c in engine.legal_actions(state, "p2") if c.type == "Choose"]
    assert {"choice": [f"{barrier}:0"]} in legal and {"choice": [f"{decoy}:0"]} in legal
    choose(state, f"{barrier}:0")
    assert pending(state) == ("yes_no", "p2")
    assert state.pending is not None and state.pending.options["rule"] == "9.9.3"
    events = choose(state, "no")
    assert [e.data["source"] for e in find_all(events, "ReplacementApplied")] == [decoy]
    assert state.players["p2"].rage == 1
    assert state.monster("p2") == monster and state.objects[barrier].zone == "field"


def test_a_replacement_of_a_retreat_replaces_the_whole_instruction() -> None:
    """9.2.1.3.1, 9.9.1.1: "when your invading monster would retreat, draw a card instead":
    "retreat 2 times" does not move it at all, and the replacement applies once."""
    state = _game({PUSHBACK["id"]: 1}, {ANCHOR["id"]: 1})
    to_zone(state, "p2", ANCHOR["id"], 3)
    position(state, "p2", 5)
    hand = len(state.zones["p2"]["hand"])
    push = to_hand(state, "p1", PUSHBACK["id"])
    events = run(state, cmd("ActivateStrategy", "p1", card=push, zone=1))
    assert len(find_all(events, "ReplacementApplied", event="retreated")) == 1
    assert not find_all(events, "MonsterMoved", player="p2")
    assert state.players["p2"].position == 5
    assert len(state.zones["p2"]["hand"]) == hand + 1


def test_the_master_of_an_optional_replacement_decides_to_replace_an_advance() -> None:
    """9.2.1.3.2: "you may" is the replacement effect's master's choice, here the opponent's,
    although the advancing monster is the turn player's; the end phase advance (7.5.2) is
    replaced and does not occur (9.9.1.1)."""
    state = _game(blue={ROADBLOCK["id"]: 1})
    block = to_zone(state, "p2", ROADBLOCK["id"], 3)
    hand = len(state.zones["p2"]["hand"])
    end_main(state)
    assert pending(state) == ("yes_no", "p2")
    assert state.pending is not None and state.pending.options["event"] == "advanced"
    assert state.pending.options["rule"] == "9.2.1.3.2"
    events = choose(state, "yes")
    assert pending(state) == ("discard", "p2")
    events += choose(state, among(state)[0])
    assert find(events, "ReplacementApplied", source=block, event="advanced").rule == "GCG-1.00 9.9.1"
    assert not find_all(events, "MonsterMoved", player="p1")
    assert state.players["p1"].position == 1
    assert pending(state) == ("main", "p2")
    assert len(state.zones["p2"]["hand"]) == hand - 1 + 1  # discarded 1, then drew 1 (7.2.2)


def test_victory_through_invasion_is_an_advance_that_can_be_replaced() -> None:
    """5.13.1.1.2 with 9.9.1: the invading monster in zone 8 advancing from an invasion wins
    the game; replaced, that advance does not occur, so neither does the victory, nor
    【When invading】 (11.3.2.1)."""
    state = _game(blue={ROADBLOCK["id"]: 1})
    to_zone(state, "p2", ROADBLOCK["id"], 3)
    position(state, "p1", 8)
    heat = to_hand(state, "p1", tst(10))
    run(state, cmd("Invade", "p1", card=heat))
    assert pending(state) == ("yes_no", "p2")
    choose(state, "yes")
    events = choose(state, among(state)[0])
    assert not state.finished and state.players["p1"].position == 8
    assert not find_all(events, "AbilityTriggered", trigger="when_invading")


def test_an_invasion_from_zone_8_wins_without_the_replacement() -> None:
    """5.13.1.1.2: declined, the advance from zone 8 happens: victory through invasion."""
    state = _game(blue={ROADBLOCK["id"]: 1})
    to_zone(state, "p2", ROADBLOCK["id"], 3)
    position(state, "p1", 8)
    run(state, cmd("Invade", "p1", card=to_hand(state, "p1", tst(10))))
    events = choose(state, "no")
    assert find(events, "PlayerWon", player="p1", how="invasion").rule == "GCG-1.00 5.13.1.1.2.1"


def test_a_retreat_from_zone_1_is_no_retreat_to_replace() -> None:
    """5.13.2.1: nothing is done, the monster is not considered to have retreated, so there
    is no event for the replacement effect to replace (9.9.1)."""
    state = _game({PUSHBACK["id"]: 1}, {ANCHOR["id"]: 1})
    to_zone(state, "p2", ANCHOR["id"], 3)
    push = to_hand(state, "p1", PUSHBACK["id"])
    events = run(state, cmd("ActivateStrategy", "p1", card=push, zone=1))
    assert not find_all(events, "ReplacementApplied")
    assert find(events, "AdvanceNotPerformed", player="p2").rule == "GCG-1.00 5.13.2.1"


def test_a_replacement_of_returning_to_the_hand() -> None:
    """9.2.1.3.1, 9.9.1: Redeploy returns Tether; "when this card would be returned to your
    hand, gain 1 rage instead" keeps it in its zone."""
    state = _game({TETHER["id"]: 1})
    position(state, "p2", 2)
    tether = to_zone(state, "p1", TETHER["id"], 3)
    run(state, cmd("PlayBattleCard", "p1", card=to_hand(state, "p1", tst(62)), zone=4))
    assert pending(state) == ("yes_no", "p1")  # Redeploy's "you may" (9.5.4)
    events = choose(state, "yes")
    assert find(events, "ReplacementApplied", event="returned_to_hand", oid=tether).rule == "GCG-1.00 9.9.1"
    assert state.objects[tether].zone == "field" and state.players["p1"].rage == 1


def test_a_replaced_action_still_counts_as_performed() -> None:
    """9.5.4.2: "you may destroy 1 battle card in your zones. If you do, draw cards equal to
    its battle rank": Scale Guard's replacement keeps it, but the draw happens."""
    state = _game()
    position(state, "p1", 3)
    guard = to_zone(state, "p1", tst(16), 2)
    run(state, cmd("ActivateStrategy", "p1", card=to_hand(state, "p1", tst(64)), zone=1))
    assert pending(state) == ("yes_no", "p1")  # "you may destroy" (9.5.4)
    choose(state, "yes")
    assert pending(state) == ("yes_no", "p1")  # Scale Guard (9.2.1.3.2)
    assert state.pending is not None and state.pending.options["event"] == "destroyed"
    choose(state, "yes")
    assert pending(state) == ("discard", "p1")
    hand = len(state.zones["p1"]["hand"])
    events = choose(state, among(state)[0])
    assert state.objects[guard].zone == "field"
    draws = [e for e in events if e.type == "CardMoved" and e.data["to"] == "hand"]
    assert len(draws) == 3 and len(state.zones["p1"]["hand"]) == hand - 1 + 3


def test_the_strategy_clean_up_is_a_destruction_that_can_be_replaced() -> None:
    """7.2.3 with 5.12.1.1: a strategy card put into the discard pile from a strategy zone
    is destroyed, so "when this card would be destroyed, you may discard a card instead"
    applies (9.9.1) and keeps it."""
    state = _game({LINGER["id"]: 1})
    linger = to_strategy(state, "p1", LINGER["id"], 2)
    end_main(state)
    for _ in range(100):  # p2's turn, then p1's start phase
        assert state.pending is not None
        if state.pending.options.get("event") == "destroyed" and state.pending.player == "p1":
            break
        kind = state.pending.kind
        if kind == "main":
            end_main(state)
        else:
            choose(state, *among(state)[: int(state.pending.options.get("min", 1)) or 1])
    assert state.pending is not None and state.pending.options["oid"] == linger
    assert state.pending.options["rule"] == "9.2.1.3.2" and state.phase == "start"
    events = choose(state, "yes")
    events += choose(state, among(state)[0])
    find(events, "ReplacementApplied", oid=linger, event="destroyed")
    assert state.objects[linger].zone == "strategy"


def test_the_turn_player_orders_their_own_simultaneous_crushes() -> None:
    """10.1.2.1.1: two of the turn player's battle cards in the zone their invading monster
    advances into are crushed (10.3.3) in the order that player chooses."""
    state = _game()
    first = to_zone(state, "p1", tst(10), 2)
    second = put(state, find_card(state, "p1", tst(11)), "field", slot=2)
    heat = to_hand(state, "p1", tst(12))  # invasion icon 2
    run(state, cmd("Invade", "p1", card=heat))
    assert pending(state) == ("rule_action_order", "p1")
    assert state.pending is not None and state.pending.options["rule"] == "10.1.2.1.1"
    assert sorted(among(state)) == sorted([first, second])
    r = rejected(state, cmd("Choose", "p1", choice=[first, second]))
    assert (r.code, r.rule) == ("rules/illegal_choice", "GCG-1.00 10.1.2.1.1")
    legal = [c.args for c in expanded(engine.legal_actions(state, "p1")) if c.type == "Choose"]
    assert legal == [{"choice": [first]}, {"choice": [second]}] or legal == [{"choice": [second]}, {"choice": [first]}]
    events = choose(state, second)
    crushed = [e.data["oid"] for e in events if e.type == "CardMoved" and e.rule == "GCG-1.00 10.3.3"]
    assert crushed == [second, first]
    assert state.players["p1"].position == 3  # the invasion goes on after the interrupt (10.1.2.1)


def _sift(discarding: str) -> tuple[Any, list[Any], str]:
    """p1 has Hoarder's Vault in zone 3, activates Sift and discards ``discarding`` (a card
    id) for "you may discard 1 card. If you do, draw 2 cards"."""
    state = _game({VAULT["id"]: 2, SIFT["id"]: 1, COUNTERSTRIKE["id"]: 1})
    to_zone(state, "p1", VAULT["id"], 3)
    kept = to_hand(state, "p1", discarding)
    run(state, cmd("ActivateStrategy", "p1", card=to_hand(state, "p1", SIFT["id"]), zone=1))
    assert pending(state) == ("yes_no", "p1")  # "you may discard" (9.5.4)
    choose(state, "yes")
    assert pending(state) == ("discard", "p1")
    return state, choose(state, kept), kept


def test_a_replacement_of_discarding_from_the_hand() -> None:
    """GCG-1.00 9.9.1 with 5.7.1: "when a strategy card would be discarded from your hand,
    gain 1 rage instead" keeps the card in the hand (9.9.1.1), and the discard still counts
    as performed, so "if you do, draw 2 cards" happens (9.5.4.2)."""
    state, events, kept = _sift(COUNTERSTRIKE["id"])
    replaced = find(events, "ReplacementApplied", event="discarded", oid=kept)
    assert replaced.rule == "GCG-1.00 9.9.1"
    assert state.objects[kept].zone == "hand" and state.players["p1"].rage == 1
    assert not find_all(events, "CardMoved", oid=kept, to="discard")
    assert len([e for e in find_all(events, "CardMoved") if e.data["to"] == "hand"]) == 2


def test_a_discard_the_replacement_does_not_apply_to_happens() -> None:
    """GCG-1.00 5.7.1: a battle card is not affected by Hoarder's Vault (9.9.1): it is
    discarded, and nothing is replaced."""
    state, events, kept = _sift(VAULT["id"])
    assert find(events, "CardMoved", oid=kept, to="discard").rule == "GCG-1.00 5.7.1"
    assert not find_all(events, "ReplacementApplied") and state.players["p1"].rage == 0


def test_a_discard_replacement_must_name_cards_in_a_hand() -> None:
    """GCG-1.00 9.2.1.3.1: "would be discarded" happens to cards in a hand, so a replacement
    of it that affects the card itself (on the field) is refused, naming the card."""
    bad = replacing(92, "Bad Vault", "discarded", [{"op": "gain_rage", "amount": 1}])
    r = engine.start(spec(starter_deck(RED), starter_deck(BLUE), 1), catalog([bad]))
    assert isinstance(r, Rejection) and r.code == "cards/invalid"
    assert "card GCG-TST-992" in r.message and "'hand'" in r.message


DEPOT = replacing(
    93,
    "Supply Depot",
    "draw",
    [{"op": "gain_rage", "amount": 1}],
    whose="your",
    optional=True,
    text="When you would draw a card, you may gain 1 rage instead.",
)
TOLLBOOTH = replacing(
    94,
    "Toll Booth",
    "draw",
    [{"op": "gain_rage", "amount": 1}],
    whose="opponent",
    text="When your opponent would draw a card, you gain 1 rage instead.",
)
STOCKPILE = strategy(
    95,
    [{"op": "draw", "count": 2, "then": [{"op": "gain_rage", "amount": 3}]}],
    name="Stockpile",
)
EXTRA += [DEPOT, TOLLBOOTH, STOCKPILE]


def _stockpile(state: Any) -> list[Any]:
    return run(state, cmd("ActivateStrategy", "p1", card=to_hand(state, "p1", STOCKPILE["id"]), zone=1))


def test_each_draw_of_draw_n_is_a_replaceable_event() -> None:
    """GCG-1.00 9.9.1 with 5.4.2 ("draw 2" is drawing 1 card twice): the optional
    replacement is offered for each draw (9.9.2.3 once per event), replaced once and
    declined once: one card drawn, 1 rage instead of the other."""
    state = _game({DEPOT["id"]: 1, STOCKPILE["id"]: 1})
    to_zone(state, "p1", DEPOT["id"], 3)
    hand = len(state.zones["p1"]["hand"])
    _stockpile(state)
    assert pending(state) == ("yes_no", "p1") and state.pending is not None
    assert state.pending.options["event"] == "draw" and state.pending.options["rule"] == "9.2.1.3.2"
    events = choose(state, "yes")
    find(events, "ReplacementApplied", event="draw", oid="p1")
    assert pending(state) == ("yes_no", "p1")
    choose(state, "no")
    assert len(state.zones["p1"]["hand"]) == hand + 1 - 1 + 1  # + Stockpile, - Stockpile played, + 1 drawn
    assert state.players["p1"].rage == 1 + 3  # the replacement, then "if you do" (9.5.4.2)


def test_a_replacement_of_the_opponents_draws() -> None:
    """GCG-1.00 9.9.1: "when your opponent would draw a card, you gain 1 rage instead"
    replaces both of p1's draws (the master of the replacement gains the rage); the draw
    still counts as performed for "then" (9.5.4.2). p2's own draws are not affected."""
    state = _game({STOCKPILE["id"]: 1}, {TOLLBOOTH["id"]: 1})
    to_zone(state, "p2", TOLLBOOTH["id"], 5)
    hand = len(state.zones["p1"]["hand"])
    events = _stockpile(state)
    assert len(find_all(events, "ReplacementApplied", event="draw")) == 2
    assert len(state.zones["p1"]["hand"]) == hand  # Stockpile came in and went out, nothing drawn
    assert state.players["p2"].rage == 2 and state.players["p1"].rage == 3
    p2_hand = len(state.zones["p2"]["hand"])
    end_main(state)  # p2's start phase draw (7.2.2) happens
    assert len(state.zones["p2"]["hand"]) > p2_hand


def test_the_rules_draws_can_be_replaced_too() -> None:
    """GCG-1.00 9.9.1 with 7.5.4: the end phase draw up to five is drawing cards, so a
    mandatory "when you would draw" replacement replaces each; the hand stays as it was and
    the turn ends (7.5.7 does not go back for cards that were not drawn)."""
    forced = replacing(
        96, "Forced March", "draw", [{"op": "gain_rage", "amount": 1}], whose="your", text="When you would draw..."
    )
    state, _ = start_game(with_cards(RED, {forced["id"]: 1}), extra=[forced])
    to_zone(state, "p1", forced["id"], 3)
    for oid in list(state.zones["p1"]["hand"])[:2]:
        put(state, oid, "deck")
    hand = len(state.zones["p1"]["hand"])
    events = end_main(state)
    replaced = find_all(events, "ReplacementApplied", event="draw")
    assert len(replaced) == 5 - hand and all(e.data["oid"] == "p1" for e in replaced)
    assert state.turn_player == "p2" and len(state.zones["p1"]["hand"]) == hand
