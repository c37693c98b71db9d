"""FoW-5.5 13 (rule processes) with 1.3 (how to win), destruction (10.9), zone movement
restrictions (3.15), the end-phase final step (5.4 p5), continuous and replacement effects
(9.9, 9.10, 10.17) and counters (10.21), as "given events / when command / then" specs."""

from __future__ import annotations

from typing import Any

from domain.fow.characteristics import characteristics, effective_type
from domain.fow.state import GameState
from tests.fow.support import cmd, find, rejected, run, types
from tests.fow.test_ch8_battle import atk_def, card, game, given, pass_until, put, ready, resolve, to_main, will


def spell(cid: str, effects: list[dict[str, Any]], subtype: str = "chant", **more: Any) -> dict[str, Any]:
    return {
        "id": cid,
        "name": cid.title(),
        "type": "spell",
        "subtype": subtype,
        "cost": {"attribute": {"R": 1}},
        "attributes": ["R"],
        "effects": effects,
        **more,
    }


def resonator(cid: str, atk: int, def_: int, **more: Any) -> dict[str, Any]:
    return {
        "id": cid,
        "name": cid.title(),
        "type": "resonator",
        "cost": {"attribute": {"R": 1}},
        "attributes": ["R"],
        "atk": atk,
        "def": def_,
        **more,
    }


CHOSEN = {"kind": "chosen"}
EXTRA: dict[str, dict[str, Any]] = {
    "T-BLAST": spell("T-BLAST", [{"op": "deal_damage", "amount": 1000, "target": {"kind": "chosen"}}]),
    "T-SLAY": spell("T-SLAY", [{"op": "destroy", "target": CHOSEN}]),
    "T-DOOM": spell("T-DOOM", [{"op": "lose_life", "amount": 500, "who": "each"}]),
    "T-WITHER": spell("T-WITHER", [{"op": "modify", "atk": 0, "def": -500, "target": CHOSEN}], "chant_instant"),
    "T-SAP": spell("T-SAP", [{"op": "modify", "atk": -900, "def": 0, "target": CHOSEN}], "chant_instant"),
    "T-PUMP": spell("T-PUMP", [{"op": "put_counter", "counter": "+100/+100", "count": 3, "target": CHOSEN}]),
    "T-GUARD": spell("T-GUARD", [{"op": "prevent_damage", "amount": 300, "target": CHOSEN}], "chant_instant"),
    "T-SHIELD": spell("T-SHIELD", [{"op": "prevent_damage", "target": {"kind": "you"}}], "chant_instant"),
    "T-BOUNCE": spell("T-BOUNCE", [{"op": "return_to_hand", "target": CHOSEN}], "chant_instant"),
    "T-UNEARTH": spell(
        "T-UNEARTH",
        [
            {
                "op": "return_to_hand",
                "target": {"kind": "chosen", "filter": {"zone": "stone_area", "types": ["magic_stone"]}},
            }
        ],
    ),
    "T-EXILE": spell(
        "T-EXILE",
        [
            {
                "op": "remove_from_game",
                "target": {"kind": "chosen", "filter": {"zone": "ruler_area", "types": ["ruler"]}},
            }
        ],
    ),
    "T-PHOENIX": resonator(
        "T-PHOENIX",
        500,
        500,
        abilities=[{"kind": "replacement", "replaces": "self_destroyed", "instead": "return_to_hand"}],
    ),
    "T-GHOST": resonator(
        "T-GHOST",
        500,
        500,
        abilities=[{"kind": "replacement", "replaces": "self_destroyed", "instead": "remove_from_game"}],
    ),
    "T-GOLEM": resonator(
        "T-GOLEM", 300, 300, abilities=[{"kind": "replacement", "replaces": "self_damaged", "instead": "prevent"}]
    ),
    "T-IMMORTAL": resonator(
        "T-IMMORTAL", 500, 500, abilities=[{"kind": "continuous", "rules": {"cannot_be_destroyed": True}}]
    ),
    "T-SWORD": {
        "id": "T-SWORD",
        "name": "Sword",
        "type": "addition",
        "subtype": "resonator",
        "cost": {"attribute": {"R": 1}},
        "attributes": ["R"],
        "abilities": [{"kind": "continuous", "modify_atk": 200, "modify_def": 200}],
    },
    "T-BANNER": {
        "id": "T-BANNER",
        "name": "Banner",
        "type": "addition",
        "subtype": "field",
        "cost": {"attribute": {"R": 1}},
        "attributes": ["R"],
        "abilities": [
            {
                "kind": "continuous",
                "affects": {"kind": "all", "filter": {"controller": "you"}},
                "modify_atk": 200,
            }
        ],
    },
}


def play(state: GameState, player: str, card_id: str, targets: list[str] | None = None) -> list[Any]:
    """``player`` plays a copy of ``card_id`` (given in hand, with will given), then both pass."""
    oid = card(state, player, card_id)
    will(state, player, "R")
    events = run(state, cmd("PlayCard", player, card=oid, targets=targets or []))
    return events + resolve(state)


def moved(events: list[Any], oid: str) -> Any:
    """The move of ``oid`` among ``events``."""
    return next(e for e in events if e.type == "CardMoved" and e.data["oid"] == oid)


def judgment(state: GameState) -> str:
    ruler = state.zones["p1"]["ruler_area"][0]
    will(state, "p1", "R", "R")
    run(state, cmd("PerformJudgment", "p1"))
    resolve(state)
    assert state.objects[ruler].zone == "field" and state.objects[ruler].side == "j_ruler"
    return ruler


# --- 13.1 / 1.3 losing the game -------------------------------------------------------------------


def test_a_player_at_zero_life_loses_and_the_opponent_wins() -> None:
    state, _ = ready()
    given(state, "LifeChanged", player="p2", delta=-3500, life=500)
    events = play(state, "p1", "T-BOLT", ["p2"])
    assert find(events, "LifeChanged").data == {"player": "p2", "delta": -500, "life": 0}
    assert types(events)[-3:] == ["PlayerLost", "GameEnded", "SeedRevealed"]
    lost = find(events, "PlayerLost")
    assert (lost.data, lost.rule) == ({"player": "p2", "reason": "life_zero"}, "FoW-5.5 13.1 p1")
    ended = find(events, "GameEnded")
    assert (ended.data, ended.rule) == ({"winner": "p1", "result": "win"}, "FoW-5.5 1.3 p2")
    assert state.finished and state.winner == "p1" and state.pending is None
    refusal = rejected(state, cmd("Pass", "p2"))
    assert (refusal.code, refusal.rule) == ("game/finished", "FoW-5.5 1.3 p1")


def test_life_below_zero_also_loses() -> None:
    state, _ = ready()
    given(state, "LifeChanged", player="p2", delta=-3700, life=300)
    events = play(state, "p1", "T-BOLT", ["p2"])
    assert find(events, "LifeChanged").data["life"] == -200
    assert find(events, "PlayerLost").data == {"player": "p2", "reason": "life_zero"}


def test_a_player_with_life_left_does_not_lose() -> None:
    state, _ = ready()
    given(state, "LifeChanged", player="p2", delta=-3400, life=600)
    events = play(state, "p1", "T-BOLT", ["p2"])
    assert state.players["p2"].life == 100
    assert "PlayerLost" not in types(events) and not state.finished


def test_drawing_from_an_empty_main_deck_loses_the_game() -> None:
    state = game()
    to_main(state)
    for oid in list(state.zones["p2"]["main_deck"]):
        put(state, oid, "graveyard")
    events = pass_until(state, lambda s: s.finished)
    attempted = find(events, "DrawFromEmptyDeckAttempted")
    assert (attempted.data, attempted.rule) == ({"player": "p2"}, "FoW-5.5 13.1 p2")
    lost = find(events, "PlayerLost")
    assert (lost.data, lost.rule) == ({"player": "p2", "reason": "deck_out"}, "FoW-5.5 13.1 p2")
    assert lost.cause == f"ev:{attempted.seq}"
    ended = find(events, "GameEnded")
    assert (ended.data, ended.rule) == ({"winner": "p1", "result": "win"}, "FoW-5.5 1.3 p2")
    assert (state.turn, state.turn_player) == (2, "p2")


def test_both_players_losing_at_once_is_a_draw() -> None:
    state, _ = ready(EXTRA)
    given(state, "LifeChanged", player="p1", delta=-3500, life=500)
    given(state, "LifeChanged", player="p2", delta=-3500, life=500)
    events = play(state, "p1", "T-DOOM")
    lost = [e for e in events if e.type == "PlayerLost"]
    assert [(e.data["player"], e.data["reason"], e.rule) for e in lost] == [
        ("p1", "life_zero", "FoW-5.5 13.1 p1"),
        ("p2", "life_zero", "FoW-5.5 13.1 p1"),
    ]
    ended = find(events, "GameEnded")
    assert (ended.data, ended.rule) == ({"winner": None, "result": "draw"}, "FoW-5.5 1.3 p3")
    assert state.finished and state.winner is None and state.result == "draw"


# --- 13.2 destroying ------------------------------------------------------------------------------


def test_damage_equal_to_def_destroys_by_rule_process() -> None:
    state, f = ready(bear="p2:T-BEAR")
    events = play(state, "p1", "T-BOLT", [f["bear"]])
    dealt = find(events, "DamageDealt")
    move = moved(events, f["bear"])
    assert (move.data["oid"], move.data["from"], move.data["to"], move.rule) == (
        f["bear"],
        "field",
        "graveyard",
        "FoW-5.5 13.2 p1",
    )
    assert move.data["detail"] == {"damage": 500, "def": 500}
    assert move.cause == f"ev:{dealt.seq}"  # destroyed because of that damage
    assert move.actor == "rules"


def test_damage_below_def_does_not_destroy() -> None:
    state, f = ready(wall="p2:T-WALL")
    events = play(state, "p1", "T-BOLT", [f["wall"]])
    assert find(events, "DamageDealt").data["amount"] == 500
    assert not [e for e in events if e.type == "CardMoved" and e.data["oid"] == f["wall"]]
    assert state.objects[f["wall"]].zone == "field" and state.objects[f["wall"]].damage == 500


def test_def_of_zero_or_less_destroys_by_rule_process() -> None:
    state, f = ready(EXTRA, bear="p2:T-BEAR")
    events = play(state, "p1", "T-WITHER", [f["bear"]])
    move = moved(events, f["bear"])
    assert (move.data["oid"], move.data["to"], move.rule) == (f["bear"], "graveyard", "FoW-5.5 13.2 p2")
    assert move.data["detail"] == {"damage": 0, "def": 0}
    assert "DamageDealt" not in types(events)


def test_a_card_that_cannot_be_destroyed_survives_lethal_damage_and_destroy_effects() -> None:
    state, f = ready(EXTRA, immortal="p2:T-IMMORTAL")
    events = play(state, "p1", "T-BLAST", [f["immortal"]])
    assert find(events, "DamageDealt").data["amount"] == 1000
    assert not [e for e in events if e.type == "CardMoved" and e.data["oid"] == f["immortal"]]
    assert state.objects[f["immortal"]].zone == "field" and state.objects[f["immortal"]].damage == 1000
    events = play(state, "p1", "T-SLAY", [f["immortal"]])
    ignored = find(events, "DestructionIgnored")
    assert (ignored.data, ignored.rule) == ({"oid": f["immortal"]}, "FoW-5.5 10.9 p3")
    assert state.objects[f["immortal"]].zone == "field"


# --- 13.3 illegal additions ---------------------------------------------------------------------


def test_an_addition_whose_host_left_the_field_goes_to_the_graveyard() -> None:
    state, f = ready(EXTRA, bear="p2:T-BEAR", banner="p2:T-BANNER")
    sword = card(state, "p2", "T-SWORD", to="field", attached_to=f["bear"])
    assert atk_def(state, f["bear"]) == (900, 700)  # Sword +200/+200, Banner +200/+0
    events = play(state, "p1", "T-BLAST", [f["bear"]])
    moves = [e for e in events if e.type == "CardMoved" and e.data["from"] == "field"]
    assert [(e.data["oid"], e.data["to"], e.rule) for e in moves] == [
        (f["bear"], "graveyard", "FoW-5.5 13.2 p1"),
        (sword, "graveyard", "FoW-5.5 13.3 p1"),
    ]
    assert moves[1].data["reason"] == "illegal addition"
    assert state.objects[f["banner"]].zone == "field"  # an [Addition: Field] is added to nothing


# --- 13.4 excess lifebreak (Valhalla) --------------------------------------------------------------


def test_cards_beyond_the_maximum_lifebreak_size_go_to_the_graveyard_from_the_top() -> None:
    state, _ = ready()
    bottom_four = list(state.zones["p1"]["lifebreak"])
    assert len(bottom_four) == 4
    extra = card(state, "p1", "T-BEAR", to="lifebreak")
    events = run(state, cmd("Pass", "p1"))
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["from"], moved.data["to"], moved.rule) == (
        extra,
        "lifebreak",
        "graveyard",
        "FoW-5.5 13.4 p1",
    )
    assert state.zones["p1"]["lifebreak"] == bottom_four


# --- 10.9 destroying J-rulers, 3.8 p6 astral rulers, 11.7 [Imperishable] ---------------------------


def test_a_destroyed_j_ruler_goes_to_the_ruler_area_as_an_astral_ruler() -> None:
    state, _ = ready(EXTRA)
    ruler = judgment(state)
    events = play(state, "p1", "T-SLAY", [ruler])
    move = moved(events, ruler)
    assert (move.data["oid"], move.data["to"], move.data["side"], move.rule) == (
        ruler,
        "ruler_area",
        "j_ruler",
        "FoW-5.5 10.9 p1",
    )
    assert effective_type(state, ruler) == "astral_ruler"
    chars = characteristics(state, ruler)
    assert (chars.atk, chars.def_, chars.abilities) == (None, None, [])  # 3.8 p6
    # an astral ruler is not a ruler: no more judgment (7.5 p1)
    to_main(state, turn=5)
    will(state, "p1", "R", "R")
    refusal = rejected(state, cmd("PerformJudgment", "p1"))
    assert (refusal.code, refusal.rule) == ("rules/no_ruler", "FoW-5.5 7.5 p1")


def test_a_j_ruler_destroyed_by_damage_also_goes_to_the_ruler_area() -> None:
    state, _ = ready(EXTRA)
    ruler = judgment(state)
    events = play(state, "p1", "T-BLAST", [ruler])
    move = moved(events, ruler)
    assert (move.data["to"], move.data["side"], move.rule) == ("ruler_area", "j_ruler", "FoW-5.5 10.9 p1")
    assert [e.data["to"] for e in events if e.type == "CardMoved" and e.data["oid"] == ruler] == ["ruler_area"]


IMPERISHABLE = {
    **EXTRA,
    "T-JRULER": {
        "id": "T-JRULER",
        "name": "Test J-Ruler",
        "type": "j_ruler",
        "attributes": ["R"],
        "atk": 1000,
        "def": 1000,
        "skills": ["imperishable"],
    },
}


def test_an_imperishable_j_ruler_returns_ruler_side_up_and_keeps_its_abilities() -> None:
    state, _ = ready(IMPERISHABLE)
    ruler = judgment(state)
    events = play(state, "p1", "T-SLAY", [ruler])
    move = moved(events, ruler)
    assert (move.data["to"], move.data["side"], move.rule) == ("ruler_area", "front", "FoW-5.5 11.7 p1")
    assert effective_type(state, ruler) == "ruler"
    events = run(state, cmd("ActivateAbility", "p1", source=ruler, ability=0))  # its will ability
    assert find(events, "WillProduced").data == {"player": "p1", "will": ["R"], "source": ruler}


def test_an_imperishable_j_ruler_destroyed_by_damage_comes_back_by_judgment_undamaged() -> None:
    """The ruler in the ruler area is not a J/resonator and holds no damage (10.6 p1, 2.7)."""
    state, _ = ready(IMPERISHABLE)
    ruler = judgment(state)
    events = play(state, "p1", "T-BLAST", [ruler])
    assert moved(events, ruler).rule == "FoW-5.5 11.7 p1"
    cleared = find(events, "DamageCleared")
    assert (cleared.data, cleared.rule) == ({"oids": [ruler]}, "FoW-5.5 10.6 p1")
    assert state.objects[ruler].zone == "ruler_area" and effective_type(state, ruler) == "ruler"
    to_main(state, turn=5)
    will(state, "p1", "R", "R")
    run(state, cmd("PerformJudgment", "p1"))
    events = resolve(state)
    assert "DamageDealt" not in types(events)
    assert state.objects[ruler].zone == "field" and state.objects[ruler].damage == 0


# --- 3.15 zone movement restrictions --------------------------------------------------------------


def test_a_magic_stone_returned_to_the_hand_does_not_move() -> None:
    state, _ = ready(EXTRA)
    stone = state.zones["p2"]["stone_deck"][-1]
    put(state, stone, "stone_area")
    events = play(state, "p1", "T-UNEARTH", [stone])
    ignored = find(events, "CardMoveIgnored")
    assert (ignored.data, ignored.rule) == ({"oid": stone, "to": "hand", "reason": "returned"}, "FoW-5.5 3.15 p5")
    assert state.objects[stone].zone == "stone_area"
    assert not [e for e in events if e.type == "CardMoved" and e.data["oid"] == stone]


def test_a_j_ruler_returned_to_the_hand_does_not_move() -> None:
    state, _ = ready(EXTRA)
    ruler = judgment(state)
    events = play(state, "p1", "T-BOUNCE", [ruler])
    ignored = find(events, "CardMoveIgnored")
    assert (ignored.data["oid"], ignored.data["to"], ignored.rule) == (ruler, "hand", "FoW-5.5 3.15 p2")
    assert state.objects[ruler].zone == "field"


def test_a_ruler_removed_from_the_game_does_not_move() -> None:
    state, _ = ready(EXTRA)
    ruler = state.zones["p2"]["ruler_area"][0]
    events = play(state, "p1", "T-EXILE", [ruler])
    ignored = find(events, "CardMoveIgnored")
    assert (ignored.data["oid"], ignored.data["to"], ignored.rule) == (ruler, "removed", "FoW-5.5 3.15 p1")
    assert state.objects[ruler].zone == "ruler_area"


def test_a_resonator_returned_to_the_hand_is_a_new_card_without_effects_or_counters() -> None:
    """3.1 p3, 10.21 p3: effects and counters do not follow a card into a new zone."""
    state, f = ready(EXTRA, bear="p1:T-BEAR")
    play(state, "p1", "T-PUMP", [f["bear"]])
    play(state, "p1", "T-GROW", [f["bear"]])
    assert atk_def(state, f["bear"]) == (1000, 1000)
    events = play(state, "p1", "T-BOUNCE", [f["bear"]])
    move = moved(events, f["bear"])
    assert (move.data["to"], move.rule) == ("hand", "FoW-5.5 3.1 p5")
    assert state.objects[f["bear"]].counters == {} and state.effects == []
    put(state, f["bear"], "field")
    assert atk_def(state, f["bear"]) == (500, 500)


# --- 5.4 p5 end-phase final step --------------------------------------------------------------------


def test_damage_is_cleared_before_until_end_of_turn_effects_end() -> None:
    state, f = ready(bear="p1:T-BEAR")
    play(state, "p1", "T-GROW", [f["bear"]])
    (grow_effect,) = [e.id for e in state.effects]
    play(state, "p1", "T-BOLT", [f["bear"]])
    assert state.objects[f["bear"]].damage == 500 and atk_def(state, f["bear"]) == (700, 700)
    events = pass_until(state, lambda s: s.turn == 4)
    cleared = find(events, "DamageCleared")
    assert (cleared.data, cleared.rule) == ({"oids": [f["bear"]]}, "FoW-5.5 5.4 p5.1")
    ended = find(events, "ContinuousEffectsEnded")
    assert (ended.data, ended.rule) == ({"ids": [grow_effect], "why": "end of turn"}, "FoW-5.5 5.4 p5.2")
    assert types(events).index("DamageCleared") < types(events).index("ContinuousEffectsEnded")
    assert state.objects[f["bear"]].zone == "field"  # 500 damage was gone before DEF fell to 500
    assert (state.objects[f["bear"]].damage, atk_def(state, f["bear"])) == (0, (500, 500))


# --- 9.10 replacement effects, 10.17 prevention ----------------------------------------------------


def test_a_destroy_replacement_returns_the_card_to_the_hand_instead() -> None:
    state, f = ready(EXTRA, phoenix="p2:T-PHOENIX")
    events = play(state, "p1", "T-BOLT", [f["phoenix"]])
    move = moved(events, f["phoenix"])
    assert (move.data["oid"], move.data["to"], move.data["reason"], move.rule) == (
        f["phoenix"],
        "hand",
        "destroyed (replaced)",
        "FoW-5.5 9.10 p1",
    )
    assert state.objects[f["phoenix"]].zone == "hand"


def test_a_destroy_effect_is_replaced_too() -> None:
    state, f = ready(EXTRA, ghost="p2:T-GHOST")
    events = play(state, "p1", "T-SLAY", [f["ghost"]])
    move = moved(events, f["ghost"])
    assert (move.data["oid"], move.data["to"], move.rule) == (f["ghost"], "removed", "FoW-5.5 9.10 p1")
    assert "graveyard" not in [e.data["to"] for e in events if e.type == "CardMoved" and e.data["oid"] == f["ghost"]]


def test_a_damage_replacement_prevents_all_of_it() -> None:
    state, f = ready(EXTRA, golem="p2:T-GOLEM")
    events = play(state, "p1", "T-BOLT", [f["golem"]])
    bolt = find(events, "CardPlayed").data["source"]
    prevented = find(events, "DamagePrevented")
    assert (prevented.data, prevented.rule) == (
        {"target": f["golem"], "amount": 500, "effect": f"{f['golem']}:0", "source": bolt},
        "FoW-5.5 10.17 p1.2",
    )
    assert "DamageDealt" not in types(events)
    assert state.objects[f["golem"]].damage == 0 and state.objects[f["golem"]].zone == "field"


def test_preventing_some_damage_deals_the_remainder_once() -> None:
    state, f = ready(EXTRA, wall="p2:T-WALL")
    events = play(state, "p1", "T-GUARD", [f["wall"]])
    created = find(events, "ContinuousEffectCreated")
    assert (created.data["kind"], created.data["amount"], created.rule) == ("prevent", 300, "FoW-5.5 10.17 p1")
    events = play(state, "p1", "T-BOLT", [f["wall"]])
    prevented = find(events, "DamagePrevented")
    assert (prevented.data["amount"], prevented.data["effect"], prevented.rule) == (
        300,
        created.data["id"],
        "FoW-5.5 10.17 p1.1",
    )
    dealt = find(events, "DamageDealt")
    assert (dealt.data["amount"], dealt.rule) == (200, "FoW-5.5 10.6 p1")
    assert state.effects == []  # the shield is used up
    events = play(state, "p1", "T-BOLT", [f["wall"]])
    assert "DamagePrevented" not in types(events) and find(events, "DamageDealt").data["amount"] == 500


def test_preventing_all_damage_to_a_player_lasts_the_turn() -> None:
    state, _ = ready(EXTRA)
    run(state, cmd("Pass", "p1"))
    shield = card(state, "p2", "T-SHIELD")
    will(state, "p2", "R")
    run(state, cmd("PlayCard", "p2", card=shield))
    resolve(state)
    for _ in range(2):
        events = play(state, "p1", "T-BOLT", ["p2"])
        prevented = find(events, "DamagePrevented")
        assert (prevented.data["target"], prevented.data["amount"], prevented.rule) == ("p2", 500, "FoW-5.5 10.17 p1.2")
        assert "LifeChanged" not in types(events)
    assert state.players["p2"].life == 4000
    events = pass_until(state, lambda s: s.turn == 4)
    assert find(events, "ContinuousEffectsEnded").rule == "FoW-5.5 5.4 p5.2"
    assert state.effects == []


# --- 10.21 counters, 9.9 order of continuous effects ---------------------------------------------


def test_a_plus_counter_modifies_atk_and_def() -> None:
    state, f = ready(EXTRA, bear="p1:T-BEAR")
    events = play(state, "p1", "T-PUMP", [f["bear"]])
    put_ = find(events, "CounterPut")
    assert (put_.data, put_.rule) == ({"oid": f["bear"], "counter": "+100/+100", "count": 3}, "FoW-5.5 10.21 p1")
    assert atk_def(state, f["bear"]) == (800, 800)


def test_atk_and_def_apply_base_then_effects_then_counters() -> None:
    """9.9 p1: base information, then non-counter value effects (a continuous ability and a
    spell's effect), then counters; no value is floored between the layers."""
    state, f = ready(EXTRA, bear="p1:T-BEAR", banner="p1:T-BANNER")
    assert atk_def(state, f["bear"]) == (700, 500)
    play(state, "p1", "T-SAP", [f["bear"]])  # -900 ATK: 500 + 200 - 900 = -200 before counters
    play(state, "p1", "T-PUMP", [f["bear"]])  # three +100/+100 counters
    assert atk_def(state, f["bear"]) == (100, 800)
    assert characteristics(state, f["bear"]).card.atk == 500  # the printed information is unchanged
