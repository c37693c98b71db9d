"""LL-2.04 2.10 (territory), 4 (zones and locations), 5.12-5.18 (deploy, trance, luck
drive) and 7 (the turn) as specifications."""

from __future__ import annotations

from domain.ll import engine
from domain.ll.board import behind, in_front_of, neighbours, opposing_neighbour, placements
from domain.ll.characteristics import attack_limit, hand_limit
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
    types,
)

# --- 4.4 locations, 2.10 territory -----------------------------------------------------------------


def test_front_and_back_rows_have_in_front_of_behind_and_neighbours() -> None:
    assert behind("FL") == "BL" and in_front_of("BC") == "FC"  # 4.4.3.1
    assert neighbours("FC") == {"FL", "FR", "BC"}  # 4.4.4.1, 4.4.4.2
    assert neighbours("BL") == {"BC", "FL"}
    assert opposing_neighbour("FL") == "FR" and opposing_neighbour("FC") == "FC"  # 4.4.4.3
    assert opposing_neighbour("BL") is None


def test_territory_placements() -> None:
    assert len(placements(1)) == 6  # 2.10.2.1
    twos = {frozenset(p) for p in placements(2)}
    assert frozenset({"FL", "FC"}) in twos and frozenset({"FL", "BL"}) in twos  # 2.10.2.2
    assert frozenset({"FL", "FR"}) not in twos and frozenset({"FL", "BC"}) not in twos
    assert [set(p) for p in placements(4)] == [{"FL", "FC", "BL", "BC"}, {"FC", "FR", "BC", "BR"}]  # 2.10.2.3


# --- 7.2-7.4 -----------------------------------------------------------------------------------------


def test_the_first_turn_stands_draws_two_stocks_one_and_places_the_level_card_face_down() -> None:
    state, _ = start_game(deck(), deck())
    run(state, cmd("Redraw", "p1", cards=[]))
    events = run(state, cmd("Redraw", "p2", cards=[]))
    steps = [(e.data["phase"], e.rule) for e in find_all(events, "StepBegan")]
    assert steps == [("stand", "LL-2.04 7.2.1"), ("draw", "LL-2.04 7.3.1"), ("level", "LL-2.04 7.4.1")]
    drawn = [e for e in events if e.type == "CardMoved" and e.data["reason"] == "draw"]
    assert len(drawn) == 2 and {e.rule for e in drawn} == {"LL-2.04 7.3.3"}
    stocked = find(events, "CardMoved", to="stock")
    assert stocked.rule == "LL-2.04 7.3.5" and stocked.data["face_down"] is True
    assert len(state.zones["p1"]["hand"]) == 7 and pending(state) == ("level", "p1")
    card = state.zones["p1"]["hand"][0]
    events = run(state, cmd("PlaceLevelCard", "p1", card=card))
    moved = find(events, "CardMoved", oid=card)
    assert moved.data["face_down"] is True and moved.rule == "LL-2.04 7.4.3.1"  # first turn of the first player
    assert pending(state) == ("main", "p1")
    assert attack_limit(state, "p1") == 0  # 8.2.3: no face-up level card


def test_the_level_card_is_face_up_later_and_swaps_at_the_level_limit() -> None:
    state, _ = start_game(deck(), deck())
    advance_until(state, "level", "p2")
    level = level_up(state, "p2", 4)
    card = state.zones["p2"]["hand"][0]
    r = rejected(state, cmd("PlaceLevelCard", "p2", card=card))
    assert (r.code, r.rule) == ("rules/level_limit", "LL-2.04 7.4.3.1.1")
    events = run(state, cmd("PlaceLevelCard", "p2", card=card, swap_with=level[0]))
    assert find(events, "CardMoved", oid=card).data["face_down"] is False
    assert find(events, "CardMoved", oid=level[0]).data["to"] == "hand"  # 5.11.1 swap
    assert len(state.zones["p2"]["level"]) == 4


def test_stand_phase_stands_the_field_and_level_zone_but_not_my_logicalist() -> None:
    state, _ = start_game(deck(my_logicalist="LL-TST-ML1"), deck())
    to_main(state, "p1")
    member = deploy_given(state, "p1", "LL-TST-900", ["FC"], rested=True)
    (lv,) = level_up(state, "p1", 1)
    ml = state.zones["p1"]["my_logicalist"][0]
    from tests.ll.support import given

    given(state, "CardRested", oid=lv)
    given(state, "CardRested", oid=ml)
    advance_until(state, "main", "p2")
    advance_until(state, "level", "p1")
    assert not state.objects[member].rested and not state.objects[lv].rested  # 7.2.4
    assert state.objects[ml].rested  # 7.2.4.1


def test_hand_limit_is_eight_and_my_logicalist_can_raise_it() -> None:
    state, _ = start_game(deck(), deck(my_logicalist="LL-TST-ML1"))
    to_main(state, "p1")
    assert hand_limit(state, "p1") == 8 and hand_limit(state, "p2") == 9  # 4.6.3.1; card text (1.3.1)
    while len(state.zones["p1"]["hand"]) < 11:
        put(state, state.zones["p1"]["deck"][-1], "hand")
    advance_until(state, "hand_limit", "p1")
    assert state.pending is not None and state.pending.options["keep"] == 8
    keep = state.zones["p1"]["hand"][:8]
    r = rejected(state, cmd("KeepHand", "p1", cards=keep[:7]))
    assert r.rule == "LL-2.04 7.7.6"
    events = run(state, cmd("KeepHand", "p1", cards=keep))
    assert len([e for e in events if e.type == "CardMoved" and e.rule == "LL-2.04 7.7.6"]) == 3
    assert sorted(state.zones["p1"]["hand"]) == sorted(keep)
    assert find(events, "TurnBegan").data == {"turn": 2, "player": "p2"}


# --- 7.5 main phase: deploy (5.12) -------------------------------------------------------------------


def test_deploy_needs_the_level_and_pays_the_cost_from_stock() -> None:
    state, _ = start_game(deck({"LL-TST-012": 1, "LL-TST-005": 1}), deck())
    to_main(state, "p1")
    captain = hand_card(state, "p1", "LL-TST-012")  # level 2, cost 2
    r = rejected(state, cmd("Deploy", "p1", card=captain, circles=["FC"]))
    assert (r.code, r.rule) == ("rules/level_requirement", "LL-2.04 9.6.2.1.3")
    level_up(state, "p1", 1)
    r = rejected(state, cmd("Deploy", "p1", card=captain, circles=["FC"]))
    assert r.code == "rules/level_requirement"  # level 2 needs 2 Level Zone cards (face-down ones count)
    put(state, state.zones["p1"]["deck"][-1], "level", face_down=True)
    r = rejected(state, cmd("Deploy", "p1", card=captain, circles=["FC"]))
    assert (r.code, r.rule) == ("rules/cannot_pay", "LL-2.04 9.6.2.3.2")  # 1 stock, cost 2
    stock = stock_up(state, "p1", 1)
    top_two = state.zones["p1"]["stock"][-2:]
    events = run(state, cmd("Deploy", "p1", card=captain, circles=["FC"]))
    assert types(events)[:4] == ["MemberDeployed", "CardRevealed", "CardMoved", "CostPaid"]  # 4.16.1, then 9.6.2.3
    paid = [e.data["oid"] for e in events if e.type == "CardMoved" and e.data["reason"] == "cost"]
    assert sorted(paid) == sorted(top_two) and stock[0] in paid  # top first (4.8.1.2)
    assert state.objects[captain].zone == "circle" and state.objects[captain].circles == ["FC"]
    assert pending(state) == ("main", "p1")


def test_territory_two_takes_two_neighbouring_circles_and_drops_the_members_there() -> None:
    state, _ = start_game(deck({"LL-TST-005": 1}), deck())
    to_main(state, "p1")
    level_up(state, "p1", 1)
    gale = hand_card(state, "p1", "LL-TST-005")
    old = deploy_given(state, "p1", "LL-TST-901", ["FL"])
    r = rejected(state, cmd("Deploy", "p1", card=gale, circles=["FL", "FR"]))
    assert (r.code, r.rule) == ("rules/territory", "LL-2.04 2.10.2")
    events = run(state, cmd("Deploy", "p1", card=gale, circles=["FL", "BL"]))
    dropped = find(events, "CardMoved", oid=old)
    assert (dropped.data["to"], dropped.rule) == ("drop", "LL-2.04 5.12.2.1")
    assert state.objects[gale].circles == ["FL", "BL"]
    assert state.members_at("p1", "BL") == [gale]  # 2.10.3: it is in both circles


def test_tranceunions_are_only_deployed_by_trance() -> None:
    state, _ = start_game()
    to_main(state, "p1")
    level_up(state, "p1", 1, card="LL-TST-001")
    tu = hand_card(state, "p1", "LL-TST-007")
    r = rejected(state, cmd("Deploy", "p1", card=tu, circles=["FC"]))
    assert (r.code, r.rule) == ("rules/tranceunion_needs_trance", "LL-2.04 5.13.1")


# --- 5.13 trance ---------------------------------------------------------------------------------


def trance_setup() -> tuple[GameState, str, str, str]:
    state, _ = start_game()
    to_main(state, "p1")
    level_up(state, "p1", 1, card="LL-TST-001")  # a face-up red Monolium card
    stock_up(state, "p1", 2)
    ren = deploy_given(state, "p1", "LL-TST-003", ["FL"])
    lyra = deploy_given(state, "p1", "LL-TST-004", ["FR"])
    tu = hand_card(state, "p1", "LL-TST-007")
    return state, ren, lyra, tu


def test_trance_puts_the_pair_in_the_soul_and_deploys_the_tranceunion() -> None:
    state, ren, lyra, tu = trance_setup()
    s = state
    events = run(s, cmd("Trance", "p1", materials=[ren, lyra], tranceunion=tu, circles=["FC"]))
    to_soul = [e for e in events if e.type == "CardMoved" and e.data["to"] == "soul"]
    assert {e.data["oid"] for e in to_soul} == {ren, lyra} and {e.rule for e in to_soul} == {"LL-2.04 5.13.1.3"}
    placed = find(events, "CardMoved", oid=tu, to="circle")
    assert placed.data["from"] == "resolution"  # played from the Resolution Zone (4.16.1)
    assert events.index(to_soul[-1]) < events.index(placed)  # souls first, then the Tranceunion
    assert sorted(s.soul(tu)) == sorted([ren, lyra])
    assert s.players["p1"].t_rank == 1 and s.players["p1"].trances == 1  # 5.35
    # Covenant (11.2): both Ren ("Lyra") and Lyra ("Ren") trance with their covenant partner
    primed = {e.data["source"] for e in find_all(events, "AbilityTriggered") if e.data["trigger"] == "covenant"}
    assert primed == {ren, lyra}
    assert s.objects[tu].zone == "circle"


def test_trance_limit_is_one_per_turn() -> None:
    state, ren, lyra, tu = trance_setup()
    s = state
    run(s, cmd("Trance", "p1", materials=[ren, lyra], tranceunion=tu, circles=["FC"]))
    advance_until(s, "main", "p1")
    a = deploy_given(s, "p1", "LL-TST-003", ["BL"])
    b = deploy_given(s, "p1", "LL-TST-004", ["BR"])
    tu2 = hand_card(s, "p1", "LL-TST-007")
    r = rejected(s, cmd("Trance", "p1", materials=[a, b], tranceunion=tu2, circles=["BC"]))
    assert (r.code, r.rule) == ("rules/trance_limit", "LL-2.04 7.5.3.2")


def test_tranceunions_need_a_world_or_colour_in_the_level_zone() -> None:
    state, _ = start_game()
    to_main(state, "p1")
    level_up(state, "p1", 1, card="LL-TST-020")  # a tactics card: no world, colours red/blue
    ren = deploy_given(state, "p1", "LL-TST-003", ["FL"])
    lyra = deploy_given(state, "p1", "LL-TST-004", ["FR"])
    stock_up(state, "p1", 2)
    tu = hand_card(state, "p1", "LL-TST-007")
    accepted = engine.decide(state, cmd("Trance", "p1", materials=[ren, lyra], tranceunion=tu, circles=["FC"]))
    assert isinstance(accepted, list)  # the colour red of the face-up tactics card (9.6.2.1.2)
    for lv in list(state.zones["p1"]["level"]):
        put(state, lv, "level", face_down=True)  # face-down cards have no colour (4.1.3.2.2)
    r = rejected(state, cmd("Trance", "p1", materials=[ren, lyra], tranceunion=tu, circles=["FC"]))
    assert (r.code, r.rule) == ("rules/requirements", "LL-2.04 9.6.2.1.4")


def test_trance_from_the_deck_shuffles_it() -> None:
    state, ren, lyra, _ = trance_setup()
    s = state
    in_deck = take(s, "p1", "LL-TST-007")
    events = run(s, cmd("Trance", "p1", materials=[ren, lyra], tranceunion=in_deck, circles=["FC"]))
    shuffled = find(events, "DeckShuffled")
    assert shuffled.rule == "LL-2.04 5.13.1.2.2"
    assert find(events, "TranceDeclared").data["from"] == "deck"


def test_trance_needs_a_valid_pair_and_my_logicalist_rests() -> None:
    state, _ = start_game(deck({"LL-TST-004": 2, "LL-TST-007": 2}, my_logicalist="LL-TST-ML1"), deck())
    to_main(state, "p1")
    level_up(state, "p1", 1, card="LL-TST-900")
    stock_up(state, "p1", 2)
    a = deploy_given(state, "p1", "LL-TST-900", ["FL"])
    b = deploy_given(state, "p1", "LL-TST-901", ["FR"])
    tu = hand_card(state, "p1", "LL-TST-007")
    r = rejected(state, cmd("Trance", "p1", materials=[a, b], tranceunion=tu, circles=["FC"]))
    assert (r.code, r.rule) == ("rules/trance_materials", "LL-2.04 5.13.1.1")  # two Logicalists
    lyra = deploy_given(state, "p1", "LL-TST-004", ["BL"])
    ml = state.zones["p1"]["my_logicalist"][0]
    events = run(state, cmd("Trance", "p1", materials=[lyra, ml], tranceunion=tu, circles=["BL"]))
    assert find(events, "CardRested", oid=ml).rule == "LL-2.04 5.13.1.3.1"
    assert state.soul(tu) == [lyra] and state.objects[ml].zone == "my_logicalist"


def test_trance_without_a_tranceunion_drops_the_pair() -> None:
    state, ren, lyra, _ = trance_setup()
    s = state
    events = run(s, cmd("Trance", "p1", materials=[ren, lyra], tranceunion=None))
    assert {e.rule for e in events if e.type == "CardMoved"} == {"LL-2.04 5.13.1.4"}
    assert s.players["p1"].t_rank == 0  # 5.35.2


def test_trance_change_has_its_own_limit_and_takes_the_soul_along() -> None:
    state, ren, lyra, tu = trance_setup()
    s = state
    run(s, cmd("Trance", "p1", materials=[ren, lyra], tranceunion=tu, circles=["FC"]))
    advance_until(s, "main", "p1")
    haru = deploy_given(s, "p1", "LL-TST-009", ["BL"])
    soul = s.zones["p1"]["deck"][-1]
    put(s, soul, "soul", soul_of=haru)
    lyra2 = deploy_given(s, "p1", "LL-TST-004", ["BR"])
    stock_up(s, "p1", 1)
    tu2 = hand_card(s, "p1", "LL-TST-007")
    r = rejected(s, cmd("Trance", "p1", materials=[haru, lyra2], tranceunion=tu2, circles=["BC"]))
    assert r.rule == "LL-2.04 7.5.3.2"  # the normal Trance Limit is used up
    events = run(s, cmd("Trance", "p1", materials=[haru, lyra2], tranceunion=tu2, circles=["BC"], trance_change=True))
    assert find(events, "TranceDeclared").rule == "LL-2.04 11.5.2"
    assert find(events, "CardMoved", oid=soul).rule == "LL-2.04 11.5.3"
    assert sorted(s.soul(tu2)) == sorted([haru, lyra2, soul])


def test_trance_change_only_into_a_tranceunion_with_the_information() -> None:
    state, _ = start_game()
    to_main(state, "p1")
    level_up(state, "p1", 2, card="LL-TST-001")
    stock_up(state, "p1", 3)
    haru = deploy_given(state, "p1", "LL-TST-009", ["FL"])
    lyra = deploy_given(state, "p1", "LL-TST-004", ["FR"])
    twins = hand_card(state, "p1", "LL-TST-008")  # no <Starlight>
    r = rejected(
        state, cmd("Trance", "p1", materials=[haru, lyra], tranceunion=twins, circles=["FC", "BC"], trance_change=True)
    )
    assert (r.code, r.rule) == ("rules/trance_change_info", "LL-2.04 11.5.1")


# --- 5.18 luck drive, 7.5.3.6 rearrange -----------------------------------------------------------


def test_luck_drive_puts_three_stock_cards_in_the_drop_zone_and_draws() -> None:
    state, _ = start_game(deck(), deck())
    to_main(state, "p1")
    r = rejected(state, cmd("LuckDrive", "p1"))
    assert (r.code, r.rule) == ("rules/cannot_pay", "LL-2.04 5.22.3")
    stock_up(state, "p1", 2)
    hand = len(state.zones["p1"]["hand"])
    events = run(state, cmd("LuckDrive", "p1"))
    assert len([e for e in events if e.type == "CardMoved" and e.data["to"] == "drop"]) == 3
    assert len(state.zones["p1"]["hand"]) == hand + 1 and not state.zones["p1"]["stock"]
    assert find(events, "LuckDrivePerformed").rule == "LL-2.04 7.5.3.4"


def test_rearranging_keeps_territory_and_set_cards_move_with_their_member() -> None:
    state, _ = start_game(deck({"LL-TST-005": 1}), deck())
    to_main(state, "p1")
    a = deploy_given(state, "p1", "LL-TST-900", ["FL"])
    b = deploy_given(state, "p1", "LL-TST-901", ["FR"])
    setc = take(state, "p1", "LL-TST-902")
    put(state, setc, "circle", circles=["FL"], set_to=a, face_down=True)
    r = rejected(state, cmd("Rearrange", "p1", moves={a: ["FC", "BC"]}))
    assert (r.code, r.rule) == ("rules/territory", "LL-2.04 7.5.3.6")
    r = rejected(state, cmd("Rearrange", "p1", moves={a: ["FR"]}))
    assert r.code == "rules/circle_taken"
    events = run(state, cmd("Rearrange", "p1", moves={a: ["FR"], b: ["FL"]}))
    assert state.objects[a].circles == ["FR"] and state.objects[b].circles == ["FL"]
    assert find(events, "CardMoved", oid=setc).rule == "LL-2.04 5.24.2" and state.objects[setc].circles == ["FR"]


def test_paradoxes_in_the_paradox_zone_go_to_the_drop_zone_in_the_end_phase() -> None:
    state, _ = start_game(deck(), deck())
    to_main(state, "p1")
    px = take(state, "p1", "LL-TST-030")
    put(state, px, "paradox")
    events = advance_until(state, "main", "p2")
    assert find(events, "CardMoved", oid=px).rule == "LL-2.04 7.7.4"


def test_a_deck_refresh_may_go_with_searching_the_deck_for_a_tranceunion() -> None:
    state, ren, lyra, _ = trance_setup()
    dropped = take(state, "p1", "LL-TST-007")
    put(state, dropped, "drop")
    r = rejected(state, cmd("Trance", "p1", materials=[ren, lyra], tranceunion=dropped, circles=["FC"]))
    assert (r.code, r.rule) == ("rules/tranceunion_zone", "LL-2.04 5.13.1.2")
    events = run(state, cmd("Trance", "p1", materials=[ren, lyra], tranceunion=dropped, circles=["FC"], refresh=True))
    refreshed = find(events, "RefreshPointsChanged", delta=1)  # cites 5.13.1.2, which lets the player refresh
    assert (refreshed.rule, refreshed.actor) == ("LL-2.04 5.13.1.2", "p1")
    assert find(events, "CardMoved", oid=dropped, to="circle")
    assert find(events, "DeckShuffled", player="p1").rule in ("LL-2.04 5.13.1.2", "LL-2.04 5.13.1.2.2")
    assert {e.rule for e in events if e.type == "CardMoved" and e.data["reason"] == "reshuffle"} == {"LL-2.04 5.13.1.2"}
    assert find(events, "CardMoved", to="refresh").rule == "LL-2.04 10.9.1"  # at the next check timing
    assert state.players["p1"].refresh_points == 0 and len(state.zones["p1"]["refresh"]) == 1
