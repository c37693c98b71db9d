"""LL-2.04 9 (playing and resolving abilities), 11 (keyword abilities) and 12 (soul
movement, "cannot be used", [1/turn], "for every X")."""

from __future__ import annotations

from typing import Any

from domain.ll.characteristics import characteristics, play_cost
from domain.ll.state import GameState
from tests.ll.support import (
    advance_until,
    cmd,
    deck,
    deploy_given,
    find,
    find_all,
    given,
    hand_card,
    level_up,
    pending,
    put,
    rejected,
    run,
    start_game,
    starter_deck,
    stock_up,
    to_main,
    types,
)

SUMMER: dict[str, Any] = {
    "id": "LL-TST-950",
    "name": "Aoi, Summer",
    "type": "logicalist",
    "character_names": ["Aoi"],
    "covenanters": ["Narukami"],
    "power": 4000,
    "limit": 2,
    "abilities": [{"kind": "startup", "keyword": "make_up", "make_up": 1}],
}
WATCHER: dict[str, Any] = {
    "id": "LL-TST-952",
    "name": "Watcher",
    "type": "logicalist",
    "power": 1000,
    "abilities": [
        {"kind": "auto", "trigger": "rested", "scope": "your", "once_per_turn": True, "effects": [{"op": "draw"}]}
    ],
}
SERGEANT: dict[str, Any] = {
    "id": "LL-TST-953",
    "name": "Drill Sergeant",
    "type": "logicalist",
    "power": 1000,
    "abilities": [
        {
            "kind": "startup",
            "effects": [
                {
                    "op": "rest",
                    "target": {"kind": "all", "filter": {"zone": "circle", "controller": "you", "standing": True}},
                }
            ],
        }
    ],
}
PAGE: dict[str, Any] = {
    "id": "LL-TST-954",
    "name": "Knight Page",
    "type": "logicalist",
    "traits": ["Knight"],
    "power": 1,
}
OPENER: dict[str, Any] = {
    "id": "LL-TST-955",
    "name": "Stock Keeper",
    "type": "logicalist",
    "power": 1000,
    "abilities": [
        {"kind": "startup", "effects": [{"op": "stock_open", "count": 2}, {"op": "stock_close", "count": 1}]}
    ],
}
SCHOLAR: dict[str, Any] = {
    "id": "LL-TST-957",
    "name": "Scholar",
    "type": "logicalist",
    "power": 1000,
    "abilities": [
        {"kind": "startup", "effects": [{"op": "draw", "count": 2, "up_to": True}, {"op": "discard", "count": 1}]},
        {"kind": "startup", "ex_soul": 1, "effects": [{"op": "put_in_soul", "source": "hand"}]},
    ],
}
SILENCER: dict[str, Any] = {
    "id": "LL-TST-958",
    "name": "Silencer",
    "type": "logicalist",
    "power": 1000,
    "abilities": [
        {
            "kind": "startup",
            "effects": [
                {
                    "op": "disable",
                    "target": {"kind": "all", "filter": {"zone": "circle", "controller": "opponent"}},
                    "duration": "turn",
                }
            ],
        }
    ],
}
EXTRA = [SUMMER, WATCHER, SERGEANT, PAGE, OPENER, SCHOLAR, SILENCER]


def game(p1: dict[str, int] | None = None, p2: dict[str, int] | None = None) -> GameState:
    state, _ = start_game(deck(p1 or {}), deck(p2 or {}), extra=EXTRA)
    to_main(state, "p1")
    return state


# --- 9.5.3 / 9.7 auto abilities ----------------------------------------------------------------


def test_the_turn_player_orders_their_primed_abilities_then_the_non_turn_player_plays_theirs() -> None:
    state, _ = start_game()
    to_main(state, "p1")
    level_up(state, "p1", 1, card="LL-TST-001")
    stock_up(state, "p1", 1)
    ren = deploy_given(state, "p1", "LL-TST-003", ["FL"])
    lyra = deploy_given(state, "p1", "LL-TST-004", ["FR"])
    tu = hand_card(state, "p1", "LL-TST-007")
    run(state, cmd("Trance", "p1", materials=[ren, lyra], tranceunion=tu, circles=["FC"]))
    assert pending(state) == ("order_auto", "p1")  # 9.5.3.2: two different primed abilities
    primed = {p.source: p.id for p in state.primed}
    events = run(state, cmd("PlayAuto", "p1", primed=primed[lyra]))
    played = [e.data["source"] for e in find_all(events, "AbilityPlayed")]
    assert played == [lyra, ren]  # the chosen one first, the last one without asking
    # 7000, [EX Soul 2] +2000 (the pair is its Soul), Lyra's Covenant +1000 for the turn
    assert characteristics(state, tu).power == 10000
    assert pending(state) == ("main", "p1") and not state.primed


def test_primed_abilities_of_the_turn_player_resolve_before_the_non_turn_players() -> None:
    state = game({"LL-TST-042": 2})
    level_up(state, "p1", 1)
    attacker = deploy_given(state, "p1", "LL-TST-042", ["FC"])  # AUTO: when this destroys a gate, draw
    deploy_given(state, "p1", "LL-TST-900", ["BC"])
    gate = state.gate_at("p2", "FL")
    assert gate is not None
    put(state, gate, "remove", face_down=True)
    dawn = next(g for g in state.zones["p2"]["remove"] if state.objects[g].card == "LL-TST-G01")
    put(state, dawn, "gate", circles=["FL"], face_down=True)
    run(state, cmd("EndMainPhase", "p1"))
    events = run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FL"))
    played = [e.data["controller"] for e in find_all(events, "AbilityPlayed")]
    assert played == ["p1", "p2"]  # 9.5.3.2 then 9.5.3.3


def test_an_optional_cost_is_the_players_choice() -> None:
    state, _ = start_game(starter_deck("monolium_starlight"), deck())
    to_main(state, "p1")
    stock_up(state, "p1", 1)
    miko = hand_card(state, "p1", "LL-TST-010")
    charge = hand_card(state, "p1", "LL-TST-023")
    run(state, cmd("Deploy", "p1", card=miko, circles=["FC"]))
    assert pending(state) == ("confirm", "p1")  # 9.7.3.3.1
    run(state, cmd("Choose", "p1", choice=True))
    assert pending(state) == ("choose", "p1")  # up to 1 card with Detonate from the hand
    events = run(state, cmd("Choose", "p1", choice=[charge]))
    moved = find(events, "CardMoved", oid=charge)
    assert moved.rule == "LL-2.04 5.24.1" and moved.data["set_to"] == miko and moved.data["face_down"] is True
    assert state.objects[charge].circles == ["FC"] and state.set_cards(miko) == [charge]
    assert len(state.zones["p1"]["stock"]) == 1  # (1) paid from 2


def test_declining_an_optional_cost_skips_the_if_so_text() -> None:
    state, _ = start_game(starter_deck("monolium_starlight"), deck())
    to_main(state, "p1")
    stock_up(state, "p1", 1)
    miko = hand_card(state, "p1", "LL-TST-010")
    run(state, cmd("Deploy", "p1", card=miko, circles=["FC"]))
    events = run(state, cmd("Choose", "p1", choice=False))
    assert find(events, "OptionalCostDecided").data["pay"] is False
    assert len(state.zones["p1"]["stock"]) == 2 and pending(state) == ("main", "p1")


def test_detonate_turns_the_set_card_face_up_drops_it_and_its_detonate_skill_resolves() -> None:
    state, _ = start_game(deck(), starter_deck("monolium_starlight"))
    to_main(state, "p1")
    level_up(state, "p1", 1)
    attacker = deploy_given(state, "p1", "LL-TST-900", ["FC"])
    miko = deploy_given(state, "p2", "LL-TST-010", ["FC"])
    charge = hand_card(state, "p2", "LL-TST-023")
    put(state, charge, "circle", circles=["FC"], set_to=miko, face_down=True)
    run(state, cmd("EndMainPhase", "p1"))
    events = run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    assert find(events, "AbilityTriggered", source=charge, trigger="detonate").rule == "LL-2.04 11.8.1"
    turned = find(events, "CardTurned", oid=charge)
    assert turned.rule == "LL-2.04 11.8.1" and turned.data["face_down"] is False
    assert find(events, "AbilityTriggered", source=charge, trigger="detonate_skill").rule == "LL-2.04 11.9.1"
    assert find(events, "CardMoved", oid=charge).data["to"] == "drop"
    assert characteristics(state, attacker).power == 0  # Detonate Skill: -3000 for the battle


def test_vanguard_needs_six_undestroyed_opponent_gates() -> None:
    state, _ = start_game()
    to_main(state, "p1")
    level_up(state, "p1", 2, card="LL-TST-001")
    tu = deploy_given(state, "p1", "LL-TST-007", ["FC"])
    deploy_given(state, "p1", "LL-TST-001", ["BC"])
    run(state, cmd("EndMainPhase", "p1"))
    events = run(state, cmd("DeclareAttack", "p1", attacker=tu, circle="FL"))
    assert find(events, "AbilityTriggered", source=tu).rule == "LL-2.04 11.3.1"
    stood = state.zones["p1"]["circle"]
    assert stood
    given(state, "CardStood", oid=tu)
    events = run(state, cmd("DeclareAttack", "p1", attacker=tu, circle="FR"))
    assert not [e for e in find_all(events, "AbilityTriggered") if e.data["source"] == tu]  # 5 gates left


def test_ex_soul_continuous_and_auto_abilities_count_the_soul() -> None:
    state, _ = start_game(deck({"LL-TST-007": 1}), starter_deck("septpia_tides"))
    to_main(state, "p1")
    tu = deploy_given(state, "p1", "LL-TST-007", ["FC"])
    put(state, state.zones["p1"]["deck"][-1], "soul", soul_of=tu)
    assert characteristics(state, tu).power == 7000
    put(state, state.zones["p1"]["deck"][-1], "soul", soul_of=tu)
    assert characteristics(state, tu).power == 9000  # [EX Soul 2] CONT +2000 (11.6.1.1)
    advance_until(state, "main", "p2")
    level_up(state, "p2", 2, card="LL-TST-040")
    duo = deploy_given(state, "p2", "LL-TST-046", ["FL", "FC", "BL", "BC"])  # Territory 4
    put(state, state.zones["p2"]["deck"][-1], "soul", soul_of=duo)
    deploy_given(state, "p2", "LL-TST-040", ["BR"])
    run(state, cmd("EndMainPhase", "p2"))
    events = run(state, cmd("DeclareAttack", "p2", attacker=duo, circle="FR"))
    assert not find_all(events, "AbilityTriggered") or all(
        e.data["source"] != duo for e in find_all(events, "AbilityTriggered")
    )
    given(state, "CardStood", oid=duo)
    put(state, state.zones["p2"]["deck"][-1], "soul", soul_of=duo)
    events = run(state, cmd("DeclareAttack", "p2", attacker=duo, circle="FL"))
    assert find(events, "AbilityTriggered", source=duo).rule == "LL-2.04 11.6.1.2"


def test_logic_drive_needs_soul_the_turn_player_and_happens_once_per_turn() -> None:
    state, _ = start_game()
    to_main(state, "p1")
    stock_up(state, "p1", 3)
    first = deploy_given(state, "p1", "LL-TST-007", ["FC"])
    second = deploy_given(state, "p1", "LL-TST-007", ["FL"])
    r = rejected(state, cmd("UseAbility", "p1", source=first, ability=0))
    assert (r.code, r.rule) == ("rules/logic_drive_soul", "LL-2.04 7.5.3.5")
    for member in (first, second):
        put(state, state.zones["p1"]["deck"][-1], "soul", soul_of=member)
    hand = len(state.zones["p1"]["hand"])
    events = run(state, cmd("UseAbility", "p1", source=first, ability=0))
    assert find(events, "AbilityPlayed").rule == "LL-2.04 11.4.1"
    assert len(state.zones["p1"]["hand"]) == hand + 2
    r = rejected(state, cmd("UseAbility", "p1", source=second, ability=0))
    assert (r.code, r.rule) == ("rules/logic_drive_once", "LL-2.04 7.5.3.5")


def test_make_up_swaps_with_a_hand_member_that_keeps_the_soul() -> None:
    """11.11.2; 2.3.1: the covenanter information decides who may Make Up: Aoi, Summer
    (covenanter Narukami) may, a second Aoi Kaga (the same covenanter, Tamakaze) may not."""
    state, _ = start_game(deck({"LL-TST-001": 2, "LL-TST-002": 1, "LL-TST-950": 1}), deck(), extra=EXTRA)
    to_main(state, "p1")
    aoi = deploy_given(state, "p1", "LL-TST-001", ["FC"])
    soul = state.zones["p1"]["deck"][-1]
    put(state, soul, "soul", soul_of=aoi)
    festival = hand_card(state, "p1", "LL-TST-002")  # level 1: too high for Make Up Lv1 with level... it is 1
    summer = hand_card(state, "p1", "LL-TST-950")
    twin = hand_card(state, "p1", "LL-TST-001")  # same covenanter: not eligible (11.11.2)
    run(state, cmd("UseAbility", "p1", source=aoi, ability=0))
    assert pending(state) == ("choose", "p1")
    assert state.pending is not None and sorted(state.pending.options["cards"]) == sorted([festival, summer])
    assert twin not in state.pending.options["cards"]
    events = run(state, cmd("Choose", "p1", choice=[summer]))
    assert find(events, "MakeUpPerformed").rule == "LL-2.04 11.11.2"
    assert state.objects[aoi].zone == "hand" and state.objects[summer].circles == ["FC"]
    assert state.soul(summer) == [soul]
    r = rejected(state, cmd("UseAbility", "p1", source=summer, ability=0))
    assert (r.code, r.rule) == ("rules/make_up_same_turn", "LL-2.04 11.11.3.1")


def test_synthesis_turns_a_tool_face_up_for_its_tool_skill_and_back_face_down() -> None:
    """5.33; 5.3.1: "turn it face-up" and "turn it back face-down" change the tool's facing."""
    state, _ = start_game(starter_deck("septpia_tides"), deck())
    to_main(state, "p1")
    smith = deploy_given(state, "p1", "LL-TST-048", ["FC"])
    run(state, cmd("UseAbility", "p1", source=smith, ability=0))
    assert pending(state) == ("choose", "p1")
    options = state.pending.options["cards"] if state.pending else []
    assert {state.objects[o].card for o in options} == {"LL-TST-T01"}  # level <= 1 (5.33.1.1)
    hand = len(state.zones["p1"]["hand"])
    events = run(state, cmd("Choose", "p1", choice=[options[0]]))
    assert find(events, "CardTurned", oid=options[0], face_down=False).rule == "LL-2.04 5.33.1.1"
    assert find(events, "RepetitionStarted").rule == "LL-2.04 11.10.1"
    assert len(state.zones["p1"]["hand"]) == hand + 1  # Tool Skill: draw a card
    assert find(events, "CardTurned", oid=options[0], face_down=True).rule == "LL-2.04 5.33.2"
    assert state.objects[options[0]].face_down and state.objects[smith].rested


def test_blink_step_redeploys_with_the_soul_and_one_per_turn_abilities_are_once_per_turn() -> None:
    state, _ = start_game(starter_deck("septpia_tides"), deck())
    to_main(state, "p1")
    stock_up(state, "p1", 2)
    oru = deploy_given(state, "p1", "LL-TST-043", ["FR"])
    soul = state.zones["p1"]["deck"][-1]
    put(state, soul, "soul", soul_of=oru)
    events = run(state, cmd("UseAbility", "p1", source=oru, ability=1))
    assert find(events, "BlinkStepPerformed").rule == "LL-2.04 5.34.1.1"
    assert find(events, "CardMoved", oid=oru, to="purge").rule == "LL-2.04 5.34.1.1"
    assert find(events, "CardMoved", oid=oru, to="circle").rule == "LL-2.04 5.34.1.1.2"
    assert find(events, "CardMoved", oid=soul, to="soul").rule == "LL-2.04 5.34.1.1.1"
    assert find(events, "AbilityTriggered", source=oru, trigger="deployed")  # deployed again: Stock Boost
    assert state.objects[oru].circles == ["FR"] and state.soul(oru) == [soul]
    r = rejected(state, cmd("UseAbility", "p1", source=oru, ability=1))
    assert (r.code, r.rule) == ("rules/cannot_be_used", "LL-2.04 12.4.1.1")


def test_cannot_be_used_stops_startup_and_auto_abilities() -> None:
    state = game({"LL-TST-012": 1}, {"LL-TST-044": 1})
    level_up(state, "p1", 2)
    captain = deploy_given(state, "p1", "LL-TST-012", ["BC"])
    fen = deploy_given(state, "p2", "LL-TST-044", ["FL", "FC"])
    for oid in (captain, fen):
        given(
            state,
            "ContinuousEffectCreated",
            id=f"x-{oid}",
            source=oid,
            controller="p2",
            targets=[oid],
            disable=True,
            duration="turn",
        )
    r = rejected(state, cmd("UseAbility", "p1", source=captain, ability=0))
    assert (r.code, r.rule) == ("rules/cannot_be_used", "LL-2.04 12.3.1.1")
    attacker = deploy_given(state, "p1", "LL-TST-900", ["FC"])
    run(state, cmd("EndMainPhase", "p1"))
    events = run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    assert find(events, "DefenderDesignated").data["defender"] == fen
    assert not find_all(events, "AbilityTriggered")  # "when this member defends" cannot be used (12.3.1.2)


def test_a_used_once_per_turn_ability_is_un_primed() -> None:
    state = game({"LL-TST-952": 1, "LL-TST-953": 1})
    watcher = deploy_given(state, "p1", "LL-TST-952", ["FL"])
    sergeant = deploy_given(state, "p1", "LL-TST-953", ["FC"])
    deploy_given(state, "p1", "LL-TST-900", ["FR"])
    hand = len(state.zones["p1"]["hand"])
    events = run(state, cmd("UseAbility", "p1", source=sergeant, ability=0))
    assert len([e for e in find_all(events, "AbilityTriggered") if e.data["source"] == watcher]) == 3
    canceled = find_all(events, "PrimedCanceled")
    assert len(canceled) == 2 and {e.rule for e in canceled} == {"LL-2.04 12.3.1.3"}
    assert len(state.zones["p1"]["hand"]) == hand + 1


def test_a_primed_auto_ability_that_gains_cannot_be_used_is_un_primed() -> None:
    """LL-2.04 12.3.1.3: given an opponent's auto ability is primed, when an effect makes that
    card's abilities "cannot be used", then the primed instance is cancelled and never played."""
    state = game({"LL-TST-958": 1}, {"LL-TST-952": 1})
    silencer = deploy_given(state, "p1", "LL-TST-958", ["FC"])
    watcher = deploy_given(state, "p2", "LL-TST-952", ["FC"])
    given(state, "AbilityTriggered", primed="a-given", controller="p2", source=watcher, ability=0, trigger="rested")
    hand = len(state.zones["p2"]["hand"])
    events = run(state, cmd("UseAbility", "p1", source=silencer, ability=0))
    assert find(events, "ContinuousEffectCreated").data["targets"] == [watcher]
    canceled = find(events, "PrimedCanceled", primed="a-given")
    assert canceled.rule == "LL-2.04 12.3.1.3"
    assert not state.primed
    assert not [e for e in find_all(events, "AbilityPlayed") if e.data["source"] == watcher]
    assert len(state.zones["p2"]["hand"]) == hand  # Watcher's "draw a card" never resolved


def test_for_every_card_in_the_soul_of_a_stocked_member_uses_its_final_information() -> None:
    """12.5; 9.11.1: "for every card in its Soul" counts the Soul the member had when it was
    last on its circle (its final information), after the member has been stocked."""
    state, _ = start_game(deck({"LL-TST-008": 1}), starter_deck("septpia_tides"))
    to_main(state, "p1")
    twins = deploy_given(state, "p1", "LL-TST-008", ["FL", "FC"])
    souls = [state.zones["p1"]["deck"][-1]]
    put(state, souls[0], "soul", soul_of=twins)
    souls.append(state.zones["p1"]["deck"][-1])
    put(state, souls[1], "soul", soul_of=twins)
    advance_until(state, "main", "p2")
    bond = deploy_given(state, "p2", "LL-TST-042", ["FC"])
    put(state, state.zones["p2"]["deck"][-1], "soul", soul_of=bond)
    stock_up(state, "p2", 2)
    stock_before = len(state.zones["p1"]["stock"])
    events = run(state, cmd("UseAbility", "p2", source=bond, ability=0))  # [LD] [(2)] Stock 1 opponent member
    moved = find(events, "CardMoved", oid=twins)
    assert moved.data["to"] == "stock" and moved.data["last_known"]["soul"] == souls
    assert {find(events, "CardMoved", oid=s).rule for s in souls} == {"LL-2.04 12.2.1"}  # the Soul follows
    assert find(events, "RepetitionStarted").rule == "LL-2.04 12.5.2"
    # 3 stocked cards (member + Soul) + 2 Stock Boosts (12.5.1: X fixed at 2)
    assert len(state.zones["p1"]["stock"]) == stock_before + 3 + 2


def test_a_replacement_effect_returns_the_member_to_hand_instead_of_stock() -> None:
    state, _ = start_game(deck(), starter_deck("monolium_starlight"))
    to_main(state, "p1")
    level_up(state, "p1", 1)
    attacker = deploy_given(state, "p1", "LL-TST-900", ["FC"])
    put(state, state.zones["p1"]["deck"][-1], "soul", soul_of=attacker)
    put(state, state.zones["p1"]["deck"][-1], "soul", soul_of=attacker)
    put(state, state.zones["p1"]["deck"][-1], "soul", soul_of=attacker)
    gale = deploy_given(state, "p2", "LL-TST-005", ["FC", "BC"])
    run(state, cmd("EndMainPhase", "p1"))
    run(state, cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    advance_until(state, "main", "p2")
    assert state.objects[gale].zone == "hand"
    assert state.objects[gale].last_known is not None


def test_cost_increases_apply_before_decreases() -> None:
    state = game({"LL-TST-011": 1, "LL-TST-954": 1}, {"LL-TST-049": 1})
    page = hand_card(state, "p1", "LL-TST-954")  # cost 0, <Knight>
    deploy_given(state, "p1", "LL-TST-011", ["BL"])  # your <Knight> cards in hand cost 1 less
    assert play_cost(state, "p1", page) == 0
    deploy_given(state, "p2", "LL-TST-049", ["BL"])  # your opponent's cards cost 1 more
    assert play_cost(state, "p1", page) == 0  # (0 + 1) - 1, not max(0, 0 - 1) + 1 (9.6.2.3.1)
    run(state, cmd("Deploy", "p1", card=page, circles=["FC"]))


def test_continuous_information_follows_the_9_9_order() -> None:
    state = game({"LL-TST-002": 1})
    level_up(state, "p1", 1)
    aoi = deploy_given(state, "p1", "LL-TST-002", ["FC"])  # 5000 power, CONT +1 heart
    assert characteristics(state, aoi).heart == 1
    for _ in range(2):
        put(state, state.zones["p1"]["deck"][-1], "soul", soul_of=aoi)
    deploy_given(state, "p1", "LL-TST-900", ["BC"])
    run(state, cmd("EndMainPhase", "p1"))
    run(state, cmd("DeclareAttack", "p1", attacker=aoi, circle="FL"))
    given(state, "BattleBegan", player="p1", attack_no=2)
    given(state, "AttackDeclared", player="p1", attacker=aoi, circle="FL")
    assert characteristics(state, aoi).power == 7000  # 9.9.1.2: base 5000 + Soul 2 x 1000
    given(
        state,
        "ContinuousEffectCreated",
        id="x1",
        source=aoi,
        controller="p1",
        targets=[aoi],
        power=1000,
        duration="turn",
    )
    given(
        state,
        "ContinuousEffectCreated",
        id="x2",
        source=aoi,
        controller="p1",
        targets=[aoi],
        set_power=4000,
        duration="turn",
    )
    assert characteristics(state, aoi).power == 5000  # set (9.9.1.4) before +1000 (9.9.1.5), whatever the timestamps
    given(
        state,
        "ContinuousEffectCreated",
        id="x3",
        source=aoi,
        controller="p1",
        targets=[aoi],
        lose_abilities=True,
        duration="turn",
    )
    assert characteristics(state, aoi).heart == 0  # 9.9.1.3: its CONT heart ability is lost


def test_choose_n_must_choose_as_many_as_possible() -> None:
    state, _ = start_game(deck(), starter_deck("septpia_tides"))
    to_main(state, "p1")
    deploy_given(state, "p1", "LL-TST-900", ["FL"])
    deploy_given(state, "p1", "LL-TST-901", ["FR"])
    advance_until(state, "main", "p2")
    bond = deploy_given(state, "p2", "LL-TST-042", ["FC"])
    put(state, state.zones["p2"]["deck"][-1], "soul", soul_of=bond)
    stock_up(state, "p2", 2)
    run(state, cmd("UseAbility", "p2", source=bond, ability=0))
    assert pending(state) == ("choose", "p2")
    r = rejected(state, cmd("Choose", "p2", choice=[]))
    assert (r.code, r.rule) == ("rules/illegal_choice", "LL-2.04 9.6.3.1")
    # no answer at all is refused too: an empty Choose was accepted and asked the same again
    r = rejected(state, cmd("Choose", "p2"))
    assert (r.code, r.rule) == ("command/malformed", "LL-2.04 9.6.3.1")
    assert r.message == "'choice' must list the chosen cards, 1 to 1 of them"
    target = state.pending.options["cards"][0] if state.pending else ""
    events = run(state, cmd("Choose", "p2", choice=[target]))
    assert find(events, "CardMoved", oid=target).data["to"] == "stock"


def test_destroyed_gates_have_valid_continuous_abilities() -> None:
    state = game()
    member = deploy_given(state, "p1", "LL-TST-900", ["FC"])
    embers = next((g for g in state.zones["p1"]["remove"] if state.objects[g].card == "LL-TST-G03"), None)
    if embers is None:
        embers = next(g for g in state.zones["p1"]["gate"] if state.objects[g].card == "LL-TST-G03")
    else:
        old = state.gate_at("p1", "BR")
        assert old is not None
        put(state, old, "remove", face_down=True)
        put(state, embers, "gate", circles=["BR"], face_down=True)
    assert characteristics(state, member).power == 3000  # a face-down gate has no valid ability (9.3.2.2)
    given(state, "GateDestroyed", oid=embers)
    assert characteristics(state, member).power == 3500


def test_stock_open_and_close() -> None:
    state = game({"LL-TST-955": 1})
    keeper = deploy_given(state, "p1", "LL-TST-955", ["FC"])
    stock_up(state, "p1", 2)
    stock = list(state.zones["p1"]["stock"])
    events = run(state, cmd("UseAbility", "p1", source=keeper, ability=0))
    opened = [e.data["oid"] for e in events if e.type == "CardTurned" and e.rule == "LL-2.04 5.28.1"]
    closed = [e.data["oid"] for e in events if e.type == "CardTurned" and e.rule == "LL-2.04 5.29.1"]
    assert opened == stock[:2]  # the bottom face-down cards
    assert closed == [stock[1]]  # the top face-up card
    assert types(events)[0] == "AbilityUsed"


def test_draw_up_to_n_discard_and_ex_soul_startup_abilities() -> None:
    state = game({"LL-TST-957": 1})
    scholar = deploy_given(state, "p1", "LL-TST-957", ["FC"])
    r = rejected(state, cmd("UseAbility", "p1", source=scholar, ability=1))
    assert (r.code, r.rule) == ("rules/invalid_ability", "LL-2.04 11.6.1.3")  # no Soul yet
    hand = len(state.zones["p1"]["hand"])
    run(state, cmd("UseAbility", "p1", source=scholar, ability=0))
    assert pending(state) == ("number", "p1")  # 5.6.3: draw up to 2
    r = rejected(state, cmd("Choose", "p1", choice=3))
    assert r.rule == "LL-2.04 5.6.3"
    run(state, cmd("Choose", "p1", choice=1))
    assert pending(state) == ("choose", "p1")  # discard 1 (5.8.1)
    gone = state.zones["p1"]["hand"][0]
    events = run(state, cmd("Choose", "p1", choice=[gone]))
    assert find(events, "CardMoved", oid=gone).rule == "LL-2.04 5.8.1"
    assert len(state.zones["p1"]["hand"]) == hand
    put(state, state.zones["p1"]["deck"][-1], "soul", soul_of=scholar)
    run(state, cmd("UseAbility", "p1", source=scholar, ability=1))
    card = state.pending.options["cards"][0] if state.pending else ""
    events = run(state, cmd("Choose", "p1", choice=[card]))
    assert find(events, "CardMoved", oid=card).rule == "LL-2.04 5.26.1" and len(state.soul(scholar)) == 2
