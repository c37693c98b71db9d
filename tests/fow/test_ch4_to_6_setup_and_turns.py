"""FoW-5.5 4 (setting up), 5 (turn sequence) and 6 (priority sequence) as specifications."""

from __future__ import annotations

from typing import Any

from domain.fow import engine
from domain.fow.state import GameState, apply_event
from domain.kernel import Event, GameSpec, PlayerSpec, Rejection
from tests.fow.support import catalog, cmd, deck, find, rejected, run, start_game, types


def create(d1: dict[str, Any], d2: dict[str, Any] | None = None, **kw: Any) -> list[Event] | Rejection:
    spec = GameSpec(
        "g",
        "FoW-5.5",
        kw.get("variant", "valhalla"),
        [PlayerSpec("p1", "A", d1), PlayerSpec("p2", "B", d2 or deck())],
        seed=1,
        first_player="p1",
    )
    return engine.start(spec, catalog())


def given(state: GameState, type_: str, **data: Any) -> None:
    apply_event(state, Event(state.seq + 1, type_, data, "FoW-5.5 given", "given"))


def put(state: GameState, oid: str, to: str) -> None:
    obj = state.objects[oid]
    given(
        state,
        "CardMoved",
        oid=oid,
        card=obj.card,
        owner=obj.owner,
        controller=obj.owner,
        to=to,
        reason="given",
        **{"from": obj.zone},
    )


def keep_hands(state: GameState) -> None:
    run(state, cmd("ChangeHand", "p1", cards=[]))
    run(state, cmd("ChangeHand", "p2", cards=[]))


def pass_both(state: GameState) -> list[Event]:
    events = run(state, cmd("Pass", state.pending.player if state.pending else "p1"))
    events += run(state, cmd("Pass", state.pending.player if state.pending else "p2"))
    return events


def to_main(state: GameState) -> None:
    while not (state.phase == "main" and state.step == "main"):
        assert state.pending is not None and state.pending.kind == "priority"
        run(state, cmd("Pass", state.pending.player))


# --- 4.1 deck construction ----------------------------------------------------------------


def test_main_deck_needs_forty_cards() -> None:
    result = create({**deck(), "main": [{"card": "T-BEAR", "count": 4}]})
    assert isinstance(result, Rejection)
    assert (result.code, result.rule) == ("deck/main_deck_too_small", "FoW-5.5 4.1 p3")


def test_at_most_four_copies_of_a_name() -> None:
    d = deck({"T-BEAR": 5, "T-WALL": 4, "T-BOLT": 4, "T-GROW": 4, "T-BIRD": 4, "T-FAST": 4})
    result = create(d)
    assert isinstance(result, Rejection)
    assert (result.code, result.rule) == ("deck/too_many_copies", "FoW-5.5 4.1 p5")
    assert "Bear" in result.message


def test_basic_magic_stones_are_exempt_but_special_stones_are_not() -> None:
    assert not isinstance(create(deck(stones={"T-STONE": 20})), Rejection)
    result = create(deck(stones={"T-STONE": 5, "T-DUAL": 5}))
    assert isinstance(result, Rejection)
    assert (result.code, result.rule) == ("deck/too_many_copies", "FoW-5.5 4.1 p5")


def test_magic_stone_deck_holds_ten_to_twenty() -> None:
    for n in (9, 21):
        result = create(deck(stones={"T-STONE": n}))
        assert isinstance(result, Rejection)
        assert (result.code, result.rule) == ("deck/stone_deck_size", "FoW-5.5 4.1 p4")


def test_exactly_one_ruler_and_no_stones_in_the_main_deck() -> None:
    result = create({**deck(), "ruler": "T-BEAR"})
    assert isinstance(result, Rejection) and (result.code, result.rule) == ("deck/no_ruler", "FoW-5.5 4.1 p2")
    bad = deck()
    bad["main"].append({"card": "T-STONE", "count": 1})
    result = create(bad)
    assert isinstance(result, Rejection) and result.code == "deck/illegal_main_deck_card"
    assert result.rule == "FoW-5.5 4.1 p3"


def test_unknown_cards_are_named() -> None:
    result = create({**deck(), "ruler": "NOPE-1"})
    assert isinstance(result, Rejection) and result.code == "deck/unknown_card" and "NOPE-1" in result.message


# --- 4.2 setting up -------------------------------------------------------------------------


def test_setup_shuffles_sets_life_and_lets_a_random_player_choose() -> None:
    state, events = start_game(first_player=None, seed=11)
    shuffles = [e for e in events if e.type == "DeckShuffled"]
    assert len(shuffles) == 4 and {e.rule for e in shuffles} == {"FoW-5.5 4.2 p1"}
    lives = [e for e in events if e.type == "LifeSet"]
    assert [(e.data["life"], e.rule) for e in lives] == [(4000, "FoW-5.5 4.2 p2")] * 2
    chosen = find(events, "PlayerChosenAtRandom")
    assert chosen.rule == "FoW-5.5 4.2 p3"
    assert state.pending is not None and state.pending.kind == "turn_order"
    chooser = chosen.data["player"]
    other = state.opponent(chooser)
    events = run(state, cmd("ChooseTurnOrder", chooser, play_first=False))
    assert find(events, "TurnOrderChosen").data["first_player"] == other
    assert [len(state.zones[p]["hand"]) for p in state.order] == [5, 5]
    assert state.pending.kind == "hand_change" and state.pending.player == other


def test_same_seed_gives_same_shuffles_and_different_seeds_differ() -> None:
    a, _ = start_game(seed=5)
    b, _ = start_game(seed=5)
    c, _ = start_game(seed=6)
    assert a.zones["p1"]["main_deck"] == b.zones["p1"]["main_deck"]
    assert a.zones["p1"]["main_deck"] != c.zones["p1"]["main_deck"]


def test_first_player_changes_hand_first_and_changed_cards_go_to_the_bottom() -> None:
    state, _ = start_game()
    refusal = rejected(state, cmd("ChangeHand", "p2", cards=[]))
    assert refusal.code == "rules/not_your_decision"
    two = state.zones["p1"]["hand"][:2]
    run(state, cmd("ChangeHand", "p1", cards=two))
    events = run(state, cmd("ChangeHand", "p2", cards=[]))
    bottoms = [e for e in events if e.type == "CardMoved" and e.data.get("position") == "bottom"]
    assert [e.data["oid"] for e in bottoms] == two and {e.rule for e in bottoms} == {"FoW-5.5 4.2 p4"}
    assert state.zones["p1"]["main_deck"][:2] == list(reversed(two))
    assert len(state.zones["p1"]["hand"]) == 5 and not set(two) & set(state.zones["p1"]["hand"])


def test_valhalla_puts_four_cards_into_the_lifebreak_area_and_bifrost_does_not() -> None:
    for variant, expected in (("valhalla", 4), ("bifrost", 0)):
        state, _ = start_game(variant=variant)
        keep_hands(state)
        assert [len(state.zones[p]["lifebreak"]) for p in state.order] == [expected, expected]
        assert all(len(state.zones[p]["ruler_area"]) == 1 for p in state.order)
        assert state.turn == 1 and state.turn_player == "p1"


def test_rulers_enter_the_ruler_area_then_the_first_turn_begins() -> None:
    state, _ = start_game()
    run(state, cmd("ChangeHand", "p1", cards=[]))
    events = run(state, cmd("ChangeHand", "p2", cards=[]))
    rulers = [e for e in events if e.type == "CardMoved" and e.data["to"] == "ruler_area"]
    assert len(rulers) == 2 and {e.rule for e in rulers} == {"FoW-5.5 4.2 p6"}
    assert find(events, "TurnBegan").rule == "FoW-5.5 4.2 p7"


# --- 5 turn sequence ------------------------------------------------------------------------


def test_first_player_skips_the_first_draw_and_recovery() -> None:
    state, _ = start_game()
    keep_hands(state)
    events: list[Event] = []
    while state.phase != "main":
        events += run(state, cmd("Pass", state.pending.player))  # type: ignore[union-attr]
    assert not [e for e in events if e.type == "CardMoved" and e.data.get("reason") == "draw"]
    assert find(events, "StepBegan").data == {"phase": "draw", "step": "draw"}
    skipped = [e for e in events if e.type == "StepBegan" and e.data["step"] == "skipped"]
    assert skipped and skipped[0].rule == "FoW-5.5 5.2 p1"
    assert len(state.zones["p1"]["hand"]) == 5


def test_second_turn_draws_and_third_turn_recovers() -> None:
    state, _ = start_game()
    keep_hands(state)
    while state.turn < 2:
        run(state, cmd("Pass", state.pending.player))  # type: ignore[union-attr]
    events: list[Event] = []
    while state.phase != "main":
        events += run(state, cmd("Pass", state.pending.player))  # type: ignore[union-attr]
    drawn = [e for e in events if e.type == "CardMoved" and e.data.get("reason") == "draw"]
    assert len(drawn) == 1 and drawn[0].rule == "FoW-5.5 5.1 p3" and drawn[0].data["owner"] == "p2"
    # p2's first turn skips recovery as well (5.2 p1)
    assert any(e.type == "StepBegan" and e.data["step"] == "skipped" for e in events)
    while state.turn < 3:
        run(state, cmd("Pass", state.pending.player))  # type: ignore[union-attr]
    ruler = state.zones["p1"]["ruler_area"][0]
    given(state, "CardRested", oid=ruler)
    given(state, "WillProduced", player="p1", will=["R"], source=ruler)
    events = []
    while state.phase != "main":
        events += run(state, cmd("Pass", state.pending.player))  # type: ignore[union-attr]
    assert find(events, "WillCeased").rule == "FoW-5.5 5.2 p4"
    recovered = find(events, "CardsRecovered")
    assert recovered.rule == "FoW-5.5 5.2 p5" and ruler in recovered.data["oids"]
    assert not state.objects[ruler].rested and state.players["p1"].will == []


def test_end_phase_discards_down_to_seven_chosen_by_the_turn_player() -> None:
    state, _ = start_game()
    keep_hands(state)
    for oid in state.zones["p1"]["main_deck"][-4:]:
        put(state, oid, "hand")
    assert len(state.zones["p1"]["hand"]) == 9
    while not (state.pending and state.pending.kind == "discard_to_hand_size"):
        run(state, cmd("Pass", state.pending.player))  # type: ignore[union-attr]
    assert state.pending.player == "p1" and state.pending.options["count"] == 2
    hand = state.zones["p1"]["hand"]
    refusal = rejected(state, cmd("ChooseCards", "p1", cards=hand[:1]))
    assert (refusal.code, refusal.rule) == ("rules/discard_count", "FoW-5.5 5.4 p5.4")
    events = run(state, cmd("ChooseCards", "p1", cards=hand[:2]))
    discards = [e for e in events if e.type == "CardMoved" and e.data["reason"] == "hand size"]
    assert len(discards) == 2 and {e.rule for e in discards} == {"FoW-5.5 5.4 p5.4"}
    assert state.turn == 2 and state.turn_player == "p2"


def test_card_text_overrides_the_maximum_hand_size() -> None:
    """Golden rule 1.4 p1: card text takes precedence over 3.5 p3 / 5.4 p5.4."""
    big = {
        "T-LIBRARY": {
            "id": "T-LIBRARY",
            "name": "Library",
            "type": "addition",
            "subtype": "field",
            "cost": {"free": 1},
            "abilities": [{"kind": "continuous", "rules": {"max_hand_size": 10}}],
        }
    }
    main = {"T-LIBRARY": 1, "T-BEAR": 4, "T-WALL": 4, "T-BOLT": 4, "T-GROW": 4, "T-BIRD": 4, "T-FAST": 4}
    state, _ = start_game(cards=catalog(big), decks=(deck(main), deck()))
    keep_hands(state)
    library = next(o.oid for o in state.objects.values() if o.card == "T-LIBRARY")
    put(state, library, "field")
    for oid in state.zones["p1"]["main_deck"][-6:]:
        put(state, oid, "hand")
    assert len(state.zones["p1"]["hand"]) == 11
    while not (state.pending and state.pending.kind == "discard_to_hand_size"):
        run(state, cmd("Pass", state.pending.player))  # type: ignore[union-attr]
    assert state.pending.options == {"count": 1, "max_hand_size": 10}


def test_damage_and_until_end_of_turn_effects_end_in_the_final_step() -> None:
    state, _ = start_game()
    keep_hands(state)
    bear = next(o.oid for o in state.objects.values() if o.owner == "p1" and o.card == "T-WALL")
    put(state, bear, "field")
    given(state, "DamageDealt", source=bear, target=bear, amount=300, battle=False, to_card=True)
    given(
        state,
        "ContinuousEffectCreated",
        id="x99",
        kind="modify",
        source=bear,
        controller="p1",
        targets=[bear],
        atk=200,
        duration="end_of_turn",
        **{"def": 200},
    )
    events: list[Event] = []
    while state.turn == 1:
        events += run(state, cmd("Pass", state.pending.player))  # type: ignore[union-attr]
    assert find(events, "DamageCleared").rule == "FoW-5.5 5.4 p5.1"
    assert find(events, "ContinuousEffectsEnded").rule == "FoW-5.5 5.4 p5.2"
    assert state.objects[bear].damage == 0 and not state.effects


# --- 6 priority sequence ----------------------------------------------------------------------


def test_passing_gives_priority_to_the_other_player_and_two_passes_end_the_step() -> None:
    state, _ = start_game()
    keep_hands(state)
    assert (state.step, state.pending.player) == ("begin", "p1")  # type: ignore[union-attr]
    events = run(state, cmd("Pass", "p1"))
    assert find(events, "PriorityGiven").data == {"player": "p2"}
    events = run(state, cmd("Pass", "p2"))
    assert find(events, "StepBegan").data == {"phase": "draw", "step": "draw"}
    assert find(events, "PriorityGiven").data == {"player": "p1"}


def test_only_the_player_with_priority_may_act() -> None:
    state, _ = start_game()
    keep_hands(state)
    refusal = rejected(state, cmd("Pass", "p2"))
    assert (refusal.code, refusal.rule) == ("rules/no_priority", "FoW-5.5 6.1 p1.3")


def test_a_played_card_resolves_only_after_both_players_pass_in_succession() -> None:
    state, _ = start_game()
    keep_hands(state)
    to_main(state)
    bear = _card_in_hand_or_put(state, "p1", "T-BEAR")
    ruler = state.zones["p1"]["ruler_area"][0]
    events = run(state, cmd("PlayCard", "p1", card=bear, pay_with=[{"source": ruler}]))
    assert types(events)[:2] == ["CardMoved", "CardPlayed"]
    assert state.pending.player == "p1" and len(state.chase) == 1  # 6.4 p1.1: the actor keeps priority
    run(state, cmd("Pass", "p1"))
    assert len(state.chase) == 1
    events = run(state, cmd("Pass", "p2"))
    assert find(events, "ChaseItemResolved").rule == "FoW-5.5 7.1 p3"
    assert state.objects[bear].zone == "field"
    assert state.pending.player == "p1"  # the turn player gains priority after a resolution (6.4 p1.2)
    assert state.passes == 0


def _card_in_hand_or_put(state: GameState, player: str, card: str) -> str:
    for oid in state.zones[player]["hand"]:
        if state.objects[oid].card == card:
            return oid
    oid = next(o.oid for o in state.objects.values() if o.owner == player and o.card == card and o.zone == "main_deck")
    put(state, oid, "hand")
    return oid
