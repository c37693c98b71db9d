"""Reconstruction of a Force of Will game from a declared position (``fow-position/1``).

Given a position / when it is validated or reconstructed / then the precise errors (code,
JSON path, citation) or the game that continues from it under full rules."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from domain.fow import engine
from domain.fow import position as pos
from domain.fow.state import GameState, apply_event, state_from_dict, state_to_dict
from domain.kernel import Command, Event, GameSpec, PlayerSpec
from service.rules import load_rules_library
from tests.fow.cards.story import Story
from tests.fow.support import catalog, cmd, rejected, run, start_game, types

MAIN_NAMES = ["T-BEAR", "T-WALL", "T-BOLT", "T-GROW", "T-BIRD", "T-FAST"] + [f"T-VANILLA-{i}" for i in range(4)]
REGALIA = {"id": "T-CROWN", "name": "Crown", "type": "regalia", "cost": {"free": 1}}
STANDBY_SPELL = {
    "id": "T-TRAP",
    "name": "Trap",
    "type": "spell",
    "subtype": "chant_standby",
    "cost": {"attribute": {"R": 1}},
    "trigger_cost": {"free": 0},
    "trigger": "anytime",
    "attributes": ["R"],
    "effects": [{"op": "draw", "count": 1}],
}
AURA = {
    "id": "T-AURA",
    "name": "Aura",
    "type": "addition",
    "subtype": "resonator",
    "cost": {"attribute": {"R": 1}},
    "attributes": ["R"],
}


def cards() -> dict[str, dict[str, Any]]:
    return catalog({"T-CROWN": REGALIA, "T-TRAP": STANDBY_SPELL, "T-AURA": AURA})


def player(pid: str, *, lifebreak: bool = True) -> dict[str, Any]:
    """40 main deck cards (4 of each of 10 names) spread over the zones, 10 stones."""
    main = [name for name in MAIN_NAMES for _ in range(4)]
    field = [main.pop(main.index("T-BEAR")), main.pop(main.index("T-WALL"))]
    hand = [main.pop(main.index(c)) for c in ("T-BEAR", "T-BOLT", "T-GROW")]
    graveyard = [main.pop(main.index("T-BIRD"))]
    life = [main.pop() for _ in range(4)] if lifebreak else []
    return {
        "id": pid,
        "life": 4000,
        "ruler_area": [{"card": "T-RULER"}],
        "field": [{"card": field[0]}, {"card": field[1], "rested": True, "damage": 300}],
        "stone_area": ["T-STONE", "T-STONE", {"card": "T-STONE", "rested": True}],
        "hand": hand,
        "main_deck": main,
        "stone_deck": ["T-STONE"] * 7,
        "graveyard": graveyard,
        "lifebreak": life,
    }


def base_position(variant: str = "valhalla", /, **changes: Any) -> dict[str, Any]:
    """Turn 3, p1's main phase, p1 has priority, empty chase area."""
    p: dict[str, Any] = {
        "format": "fow-position/1",
        "turn": 3,
        "turn_player": "p1",
        "first_player": "p1",
        "phase": "main",
        "step": "main",
        "priority": "p1",
        "players": [player("p1", lifebreak=variant == "valhalla"), player("p2", lifebreak=variant == "valhalla")],
    }
    p.update(changes)
    return p


def spec(ruleset: str = "FoW-5.5", variant: str = "valhalla", seed: int = 11) -> GameSpec:
    return GameSpec(
        game_id="r1",
        ruleset=ruleset,
        variant=variant,
        players=[PlayerSpec("p1", "Alice", {}), PlayerSpec("p2", "Bob", {})],
        seed=seed,
    )


def reconstruct(data: Any, ruleset: str = "FoW-5.5", variant: str = "valhalla") -> tuple[GameState, list[Event]]:
    events, errors = pos.reconstruct(spec(ruleset, variant), data, cards())
    assert not errors, errors
    state = GameState()
    for e in events:
        apply_event(state, e)
    return state, events


def errors_of(data: Any, ruleset: str = "FoW-5.5", variant: str = "valhalla") -> list[pos.PositionError]:
    events, errors = pos.reconstruct(spec(ruleset, variant), data, cards())
    assert errors and not events
    return errors


def only(errors: list[pos.PositionError], code: str) -> pos.PositionError:
    found = [e for e in errors if e.code == code]
    assert len(found) == 1, errors
    return found[0]


# --- round trip ---------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["FoW-5.5", "FoW-5.01"])
@pytest.mark.parametrize("variant", ["valhalla", "bifrost"])
def test_position_to_game_to_position_is_the_identity(ruleset: str, variant: str) -> None:
    data = base_position(variant, ruleset=ruleset, variant=variant)
    state, events = reconstruct(data, ruleset, variant)
    assert types(events) == ["PositionReconstructed"]
    assert events[0].rule == f"{ruleset} 4.2"
    assert events[0].data["reconstructed"] is True
    back = pos.from_state(state)
    assert back == pos.Position.model_validate(data)
    assert back.model_dump(mode="json", exclude_defaults=True) == pos.parse(data)[0].model_dump(  # type: ignore[union-attr]
        mode="json", exclude_defaults=True
    )


def test_a_rich_position_round_trips_chase_battle_counters_additions_and_hidden_areas() -> None:
    data = base_position()
    p1, p2 = data["players"]
    p1["field"].append({"card": "T-AURA", "attached_to": "players[0].field[0]"})
    p1["hand"].remove("T-BOLT")
    p1["field"][0].update(counters={"charge": 2}, entered_this_turn=True)
    p1["will"] = ["R", "R"]
    p1["judgment_this_turn"] = False
    p1["called_stone_this_turn"] = True
    p1["main_deck"].remove("T-BEAR")
    p1["removed"] = [{"card": "T-BEAR", "face_down": True}]
    p1["main_deck"].remove("T-GROW")
    p1["standby"] = [{"card": "T-GROW", "put_this_turn": True}]
    p2["field"][1] = {"card": "T-WALL", "rested": True, "owner": "p1"}
    p1["main_deck"].remove("T-WALL")
    p2["main_deck"].append("T-WALL")  # p2 still owns 4 Walls
    data["chase"] = [
        {"kind": "card", "card": "T-BOLT", "controller": "p1", "targets": [["p2"]]},
        {"kind": "ability", "source": "players[1].ruler_area[0]", "ability": 0, "controller": "p2"},
    ]
    data["priority"] = "p2"
    data["passes"] = 1
    state, _ = reconstruct(data)
    back = pos.from_state(state)
    assert back == pos.Position.model_validate({**data, "ruleset": "FoW-5.5", "variant": "valhalla"})
    aura = state.objects[state.zones["p1"]["field"][2]]
    assert aura.attached_to == state.zones["p1"]["field"][0]
    stolen = state.objects[state.zones["p2"]["field"][1]]
    assert (stolen.owner, stolen.controller) == ("p1", "p2")
    assert [c.id for c in state.chase] == ["c1", "c2"]  # c1 is the bottom item
    assert state.chase[1].kind == "card" and state.chase[1].targets == [["p2"]]


def test_a_battle_position_round_trips() -> None:
    data = base_position(step="block_declared", priority="p1")
    data["players"][0]["field"][0]["rested"] = True
    data["players"][1]["field"][0]["rested"] = True
    data["battle"] = {"attacker": "players[0].field[0]", "target": "p2", "blocker": "players[1].field[0]"}
    state, _ = reconstruct(data)
    assert state.battle is not None and state.battle.attacker == state.zones["p1"]["field"][0]
    assert pos.from_state(state).battle == pos.BattlePosition.model_validate(data["battle"])


def test_object_ids_are_fresh_and_deterministic() -> None:
    a, _ = reconstruct(base_position())
    b, _ = reconstruct(base_position())
    assert state_to_dict(a) == state_to_dict(b)
    assert a.zones["p1"]["ruler_area"] == ["p1-001"]
    assert a.zones["p1"]["field"] == ["p1-002", "p1-003"]
    assert len(a.objects) == 2 * (1 + 40 + 10)


def test_the_position_of_a_normally_played_game_reconstructs_the_same_game() -> None:
    s, _ = start_game()
    run(s, cmd("ChangeHand", "p1", cards=[]))
    run(s, cmd("ChangeHand", "p2", cards=[]))
    declared = pos.from_state(s)
    rebuilt, _ = reconstruct(declared.model_dump(mode="json"))
    assert pos.from_state(rebuilt) == declared
    assert [c.type for c in engine.legal_actions(rebuilt, "p1")] == [c.type for c in engine.legal_actions(s, "p1")]


FAIRY_ONLY = {"on": "play", "filter": {"zone": "chase", "types": ["resonator"], "races": ["Fairy"]}}


def test_restricted_will_round_trips_with_what_it_may_pay_for() -> None:
    """FoW-5.5 1.4 p1, 9.7 p4: will that may pay only for some things ("Spend that will only to play
    Fairy resonators", "... only to pay [Awakening] costs") is kept apart in the player's will; a
    position declares it with its uses and the state keeps them as ``WillProduced`` records them."""
    data = base_position()
    restricted = [{"will": "R", "spend_only": [FAIRY_ONLY]}, {"will": "M", "spend_only": [{"on": "awakening"}]}]
    data["players"][0]["restricted_will"] = restricted
    state, _ = reconstruct(data)
    assert state.players["p1"].restricted_will == restricted
    assert state.players["p1"].will == [] and state.players["p2"].restricted_will == []
    back = pos.from_state(state)
    assert back == pos.Position.model_validate({**data, "ruleset": "FoW-5.5", "variant": "valhalla"})


def test_restricted_will_of_a_played_game_is_exported_and_rebuilt() -> None:
    """FoW-5.5 9.7 p4: the will Excalibur, the Spirit God's Sword (TTW-098) produced ("Spend that will
    only to play Fairy resonators") is in the position of the game and in the game rebuilt from it."""
    story = Story({"TTW-098": 4, "TTW-024": 4})
    sword = story.put("p1", "TTW-098", "field")
    story.when(cmd("ActivateAbility", "p1", source=sword, ability=2, choice="W"))
    declared = pos.from_state(story.state)
    assert declared.players[0].restricted_will == [
        pos.RestrictedWill.model_validate({"will": "W", "spend_only": [FAIRY_ONLY]})
    ]
    rebuilt = pos.to_state(declared, story.state.cards, ruleset="FoW-5.5", variant=story.state.variant)
    assert rebuilt.players["p1"].restricted_will == story.state.players["p1"].restricted_will
    assert pos.from_state(rebuilt) == declared


def test_moon_will_does_not_exist_under_5_01() -> None:
    data = base_position()
    data["players"][0]["restricted_will"] = [{"will": "M", "spend_only": [{"on": "awakening"}]}]
    reconstruct(data, "FoW-5.5")
    e = only(errors_of(data, "FoW-5.01"), "position/not_in_ruleset")
    assert (e.path, e.rule) == ("players[0].restricted_will[0].will", "FoW-5.01 9.7 p5")


def test_snapshots_keep_the_reconstructed_mark() -> None:
    state, _ = reconstruct(base_position())
    assert state_from_dict(state_to_dict(state)).reconstructed is True


def test_decks_in_unknown_order_are_shuffled_with_the_seed_and_recorded() -> None:
    data = base_position()
    data["players"][1]["shuffle"] = ["main_deck"]
    state, events = reconstruct(data)
    assert types(events) == ["PositionReconstructed", "DeckShuffled"]
    shuffled = events[1]
    assert shuffled.data["player"] == "p2" and shuffled.rule == "FoW-5.5 4.2 p1"
    assert state.zones["p2"]["main_deck"] == shuffled.data["order"]
    assert sorted(state.zones["p2"]["main_deck"]) == sorted(shuffled.data["order"])
    again, _ = reconstruct(data)
    assert again.zones["p2"]["main_deck"] == state.zones["p2"]["main_deck"]


# --- play continues under full rules --------------------------------------------------------------


def first(state: GameState, player: str, type_: str, **match: Any) -> Command:
    for c in engine.legal_actions(state, player):
        if c.type == type_ and all(c.args.get(k) == v for k, v in match.items()):
            return Command(c.type, c.player, c.args, id=f"{type_}-{state.seq}")
    raise AssertionError(f"{type_} {match} is not legal for {player}")


@pytest.mark.parametrize("ruleset", ["FoW-5.5", "FoW-5.01"])
def test_play_continues_a_resonator_an_attack_and_the_end_of_the_turn(ruleset: str) -> None:
    state, _ = reconstruct(base_position(), ruleset)
    bear_in_hand = state.zones["p1"]["hand"][0]
    run(state, first(state, "p1", "PlayCard", card=bear_in_hand))
    assert state.objects[bear_in_hand].zone == "chase"
    run(state, first(state, "p1", "Pass"))
    run(state, first(state, "p2", "Pass"))
    assert state.objects[bear_in_hand].zone == "field"
    assert state.objects[bear_in_hand].entered_turn == 3
    run(state, first(state, "p1", "InitiateBattle"))
    while state.pending is not None and state.pending.kind == "priority":
        run(state, first(state, state.pending.player, "Pass"))
    # the new Bear has not been controlled since the beginning of the turn (8.2 p3.1)
    assert rejected(state, cmd("DeclareAttack", "p1", attacker=bear_in_hand, target="p2")).code == "rules/cannot_attack"
    attacker = state.zones["p1"]["field"][0]
    events = run(state, cmd("DeclareAttack", "p1", attacker=attacker, target="p2"))
    assert events[0].type == "AttackDeclared"
    while state.pending is not None and state.pending.kind == "priority":
        run(state, first(state, state.pending.player, "Pass"))
    run(state, cmd("DeclineBlock", "p2"))
    while state.turn == 3:
        run(state, first(state, state.pending.player, "Pass"))  # type: ignore[union-attr]
    assert state.players["p2"].life == 3500
    assert (state.turn, state.turn_player) == (4, "p2")
    assert engine.view(state, None)["reconstructed"] is True


def test_rule_processes_and_limits_apply_after_reconstruction() -> None:
    data = base_position(ruleset="FoW-5.5")
    data["players"][0]["called_stone_this_turn"] = True
    state, _ = reconstruct(data)
    refusal = rejected(state, cmd("CallMagicStone", "p1"))
    assert (refusal.code, refusal.rule) == ("rules/stone_already_called", "FoW-5.5 7.11 p1")
    bolt = state.zones["p1"]["hand"][1]
    bear = state.zones["p2"]["field"][0]  # DEF 500: Bolt's 500 damage destroys it
    run(state, first(state, "p1", "PlayCard", card=bolt, targets=[[bear]]))
    run(state, first(state, "p1", "Pass"))
    events = run(state, first(state, "p2", "Pass"))
    assert state.objects[bear].zone == "graveyard"
    assert any(e.type == "CardMoved" and e.rule == "FoW-5.5 13.2 p1" for e in events)


# --- views and redaction -------------------------------------------------------------------------


def test_every_view_marks_the_game_as_reconstructed() -> None:
    state, _ = reconstruct(base_position())
    for viewer in (None, "p1", "p2"):
        assert engine.view(state, viewer)["reconstructed"] is True
    normal, _ = start_game()
    assert "reconstructed" not in engine.view(normal, None)


def test_redaction_hides_the_opponents_hand_and_every_deck_order() -> None:
    data = base_position()
    data["players"][0]["main_deck"].remove("T-GROW")
    data["players"][0]["standby"] = ["T-GROW"]
    data["players"][0]["main_deck"].remove("T-BEAR")
    data["players"][0]["removed"] = [{"card": "T-BEAR", "face_down": True}]
    state, events = reconstruct(data)
    seen_by_p2 = engine.redact_event(state, events[0], "p2").data
    p1, p2 = seen_by_p2["position"]["players"]
    assert p1["hand"] == {"count": 3} and p1["standby"] == {"count": 1}
    assert p1["main_deck"] == {"count": 28} and p1["stone_deck"] == {"count": 7} and p1["lifebreak"] == {"count": 4}
    assert p1["removed"] == [{"card": None, "face_down": True}]
    assert p2["hand"] == ["T-BEAR", "T-BOLT", "T-GROW"]  # their own hand
    assert p2["main_deck"] == {"count": 30}  # not even the owner knows the order of their deck
    assert "seed" not in seen_by_p2
    assert "T-RULER" in seen_by_p2["cards"]
    assert engine.redact_event(state, events[0], "p1").data["position"]["players"][0]["hand"] == [
        "T-BEAR",
        "T-BOLT",
        "T-GROW",
    ]
    assert engine.redact_event(state, events[0], None) == events[0]
    hand = engine.view(state, "p2")["players"]["p1"]["zones"]["hand"]  # type: ignore[index]
    assert hand == {"count": 3, "cards": []}


# --- validation: each error with its code, path and citation ---------------------------------------


def test_an_unknown_card_is_named_with_its_path() -> None:
    data = base_position()
    data["players"][0]["hand"][0] = "NO-SUCH-CARD"
    e = only(errors_of(data), "position/unknown_card")
    assert (e.path, e.rule) == ("players[0].hand[0]", "FoW-5.5 4.1 p1")
    assert "NO-SUCH-CARD" in e.message


@pytest.mark.parametrize(
    ("zone", "card", "rule"),
    [
        ("main_deck", "T-RULER", "FoW-5.5 3.15 p1"),
        ("hand", "T-STONE", "FoW-5.5 3.15 p5"),
        ("stone_deck", "T-BEAR", "FoW-5.5 3.15 p3"),
        ("stone_area", "T-BOLT", "FoW-5.5 3.15 p4"),
        ("field", "T-BOLT", "FoW-5.5 3.15 p4"),
        ("ruler_area", "T-STONE", "FoW-5.5 3.15 p5"),
        ("graveyard", "T-JRULER", "FoW-5.5 3.15 p2"),
        ("field", "T-JRULER", "FoW-5.5 7.5 p3"),
        ("field", "T-RULER", "FoW-5.5 3.15 p1"),
    ],
)
def test_a_card_in_a_zone_the_rules_forbid(zone: str, card: str, rule: str) -> None:
    data = base_position()
    data["players"][1][zone].insert(0, card)
    e = only(errors_of(data), "position/forbidden_zone")
    assert (e.path, e.rule) == (f"players[1].{zone}[0]", rule)


def test_a_ruler_in_the_main_deck_also_breaks_the_deck_counts() -> None:
    data = base_position()
    ruler = data["players"][0]["ruler_area"].pop()
    data["players"][0]["main_deck"].append(ruler["card"])
    errors = errors_of(data)
    assert [(e.code, e.path, e.rule) for e in errors] == [
        ("position/forbidden_zone", "players[0].main_deck[30]", "FoW-5.5 3.15 p1")
    ]


@pytest.mark.parametrize(
    ("change", "path", "rule", "phrase"),
    [
        (lambda p: p["main_deck"].append("T-BEAR"), "players[0]", "FoW-5.5 4.1 p5", "5 copies of Bear"),
        (lambda p: p["main_deck"].pop(), "players[0]", "FoW-5.5 4.1 p3", "39 main deck cards"),
        (lambda p: p["stone_deck"].pop(), "players[0]", "FoW-5.5 4.1 p4", "9 magic stones"),
        (lambda p: p["stone_deck"].extend(["T-STONE"] * 11), "players[0]", "FoW-5.5 4.1 p4", "21 magic stones"),
        (lambda p: p["graveyard"].append("T-RULER"), "players[0]", "FoW-5.5 4.1 p2", "2 ruler cards"),
        (lambda p: p.update(life=-100), "players[0].life", "FoW-5.5 13.1 p1", "-100 life"),
        (lambda p: p.update(life=0), "players[0].life", "FoW-5.5 13.1 p1", "already over"),
        (lambda p: p["field"][0].update(damage=-100), "players[0].field[0].damage", "FoW-5.5 10.6 p1", "negative"),
        (lambda p: p["field"][0].update(damage=500), "players[0].field[0].damage", "FoW-5.5 13.2 p1", "destroyed"),
        (
            lambda p: p["lifebreak"].insert(0, p["main_deck"].pop()),
            "players[0].lifebreak",
            "FoW-5.5 13.4 p1",
            "5 cards",
        ),
        (
            lambda p: p["field"][0].update(counters={"charge": 0}),
            "players[0].field[0].counters.charge",
            "FoW-5.5 10.21 p1",
            "0 charge",
        ),
    ],
)
def test_impossible_counts(change: Any, path: str, rule: str, phrase: str) -> None:
    data = base_position()
    change(data["players"][0])
    e = only(errors_of(data), "position/impossible_count")
    assert (e.path, e.rule) == (path, rule)
    assert phrase in e.message


def test_damage_on_a_card_that_is_not_a_j_resonator_is_impossible() -> None:
    data = base_position()
    data["players"][0]["stone_area"][0] = {"card": "T-STONE", "damage": 100}
    e = only(errors_of(data), "position/impossible_state")
    assert (e.path, e.rule) == ("players[0].stone_area[0].damage", "FoW-5.5 10.6 p1")


def test_an_addition_not_added_to_a_legal_card_would_already_be_in_the_graveyard() -> None:
    data = base_position()
    data["players"][0]["hand"].remove("T-BOLT")
    data["players"][0]["field"].append({"card": "T-AURA", "attached_to": "players[0].ruler_area[0]"})
    e = only(errors_of(data), "position/impossible_state")
    assert (e.path, e.rule) == ("players[0].field[2].attached_to", "FoW-5.5 13.3 p1")


def test_the_lifebreak_area_does_not_exist_under_the_bifrost_rule() -> None:
    data = base_position("valhalla")
    errors = errors_of(data, variant="bifrost")
    assert [(e.code, e.path, e.rule) for e in errors] == [
        ("position/forbidden_zone", f"players[{i}].lifebreak", "FoW-5.5 1.2 p2") for i in (0, 1)
    ]


def test_a_regalia_does_not_exist_under_5_01() -> None:
    data = base_position()
    data["players"][0]["main_deck"][0] = "T-CROWN"
    reconstruct(data, "FoW-5.5")  # a regalia is fine under 5.5
    e = only(errors_of(data, "FoW-5.01"), "position/not_in_ruleset")
    assert (e.path, e.rule) == ("players[0].main_deck[0]", "FoW-5.01 2.1 p2")


def test_counters_do_not_exist_under_5_01() -> None:
    data = base_position()
    data["players"][0]["field"][0]["counters"] = {"charge": 1}
    reconstruct(data, "FoW-5.5")
    e = only(errors_of(data, "FoW-5.01"), "position/not_in_ruleset")
    assert (e.path, e.rule) == ("players[0].field[0].counters", "FoW-5.01 10")


def test_only_chant_standby_spells_are_in_the_chant_standby_area_under_5_01() -> None:
    data = base_position()
    data["players"][0]["main_deck"].remove("T-GROW")
    data["players"][0]["standby"] = ["T-GROW"]
    reconstruct(data, "FoW-5.5")
    e = only(errors_of(data, "FoW-5.01"), "position/forbidden_zone")
    assert (e.path, e.rule) == ("players[0].standby[0]", "FoW-5.01 6.3 p2.4")


@pytest.mark.parametrize(
    ("changes", "code", "path", "rule"),
    [
        ({"step": "cleanup", "phase": "end"}, "position/unsupported_step", "step", "FoW-5.5 5.4 p5"),
        ({"step": "lunch"}, "position/unknown_step", "step", "FoW-5.5 5"),
        ({"passes": 2}, "position/impossible_count", "passes", "FoW-5.5 6.4 p1.2"),
        ({"turn": 0}, "position/impossible_count", "turn", "FoW-5.5 4.2 p7"),
        ({"turn": 1, "first_player": "p2"}, "position/impossible_state", "first_player", "FoW-5.5 4.2 p7"),
        ({"priority": "p3"}, "position/unknown_player", "priority", "FoW-5.5 6.1 p1.3"),
        ({"ruleset": "FoW-5.01"}, "position/ruleset_mismatch", "ruleset", "FoW-5.5 1.2 p3"),
        ({"battle": {}}, "position/impossible_state", "battle", "FoW-5.5 7.4 p1"),
    ],
)
def test_impossible_game_states(changes: dict[str, Any], code: str, path: str, rule: str) -> None:
    e = only(errors_of(base_position(**changes)), code)
    assert (e.path, e.rule) == (path, rule)


def test_chase_items_that_cannot_be_represented_are_refused_with_a_clear_code() -> None:
    data = base_position(chase=[{"kind": "break", "controller": "p1", "source": "players[0].lifebreak[0]"}])
    e = only(errors_of(data), "position/unsupported_chase_item")
    assert (e.path, e.rule) == ("chase[0].kind", "FoW-5.5 3.13 p1")


def test_chase_targets_must_be_references_and_legal() -> None:
    data = base_position(chase=[{"kind": "card", "card": "T-BOLT", "controller": "p1", "targets": [["nowhere"]]}])
    data["players"][0]["hand"].remove("T-BOLT")
    e = only(errors_of(data), "position/bad_reference")
    assert e.path == "chase[0].targets[0][0]"
    data["chase"][0]["targets"] = [["players[0].stone_area[0]"]]  # Bolt targets a J/resonator or a player
    e = only(errors_of(data), "position/impossible_state")
    assert (e.path, e.rule) == ("chase[0].targets[0][0]", "FoW-5.5 9.3 p2.4")
    data["chase"][0]["targets"] = []
    e = only(errors_of(data), "position/impossible_state")
    assert (e.path, e.rule) == ("chase[0].targets", "FoW-5.5 9.3 p2.4")


def test_malformed_documents_name_each_bad_field() -> None:
    data = base_position()
    data["players"][0]["life"] = "lots"
    data["players"][1]["field"][0]["rested"] = "maybe"
    errors = errors_of(data)
    assert {(e.code, e.path, e.rule) for e in errors} == {
        ("position/malformed", "players[0].life", None),
        ("position/malformed", "players[1].field[0].rested", None),
    }
    assert errors_of({**base_position(), "format": "fen"})[0].code == "position/unknown_format"


def test_all_errors_are_reported_at_once() -> None:
    data = base_position()
    data["players"][0]["hand"][0] = "NOPE"
    data["players"][1]["main_deck"].insert(0, "T-RULER")
    data["players"][1]["stone_area"].insert(0, "T-BEAR")
    codes = [(e.code, e.path) for e in errors_of(data)]
    assert codes == [
        ("position/unknown_card", "players[0].hand[0]"),
        ("position/forbidden_zone", "players[1].stone_area[0]"),
        ("position/forbidden_zone", "players[1].main_deck[0]"),
    ]


def test_the_players_of_the_game_must_be_the_players_of_the_position() -> None:
    events, errors = pos.reconstruct(
        GameSpec("r1", "FoW-5.5", "valhalla", [PlayerSpec("p1", "A", {}), PlayerSpec("p9", "B", {})], seed=1),
        base_position(),
        cards(),
    )
    assert not events and errors[0].code == "position/players_mismatch" and errors[0].rule == "FoW-5.5 1.1 p1"


def test_every_cited_rule_resolves_to_rules_text_under_both_versions() -> None:
    library = load_rules_library()
    broken = base_position()
    broken["players"][0]["field"][0].update(damage=900, counters={"x": 1})
    broken["players"][0]["life"] = 0
    broken["players"][1]["hand"].insert(0, "T-STONE")
    broken["players"][1]["main_deck"][0] = "T-CROWN"
    for ruleset in ("FoW-5.5", "FoW-5.01"):
        cited = [e.rule for e in errors_of(copy.deepcopy(broken), ruleset) if e.rule]
        assert len(cited) >= 2
        for citation in cited:
            assert library.resolve(citation).text.strip(), citation


def test_from_state_refuses_what_a_position_cannot_express() -> None:
    s, _ = start_game()  # waiting for the hand change, not for priority
    with pytest.raises(pos.PositionNotRepresentableError, match="hand_change"):
        pos.from_state(s)


def test_the_documented_example_is_a_valid_position_that_round_trips() -> None:
    """The doc's FoW example (real cards, unknown cards filled from Alice's decklist and of
    no known identity for Bob) reconstructs, and the filled position round-trips."""
    doc = Path(__file__).resolve().parent.parent.parent / "docs" / "position-format.md"
    text = doc.read_text()
    body = json.loads(text.split("<!-- example: accepted -->\n```json\n", 1)[1].split("```", 1)[0])
    example = body["position"]
    assert example["format"] == "fow-position/1"
    shipped = Path(__file__).resolve().parent.parent.parent / "service" / "catalogs" / "fow" / "cards.json"
    catalog = {c["id"]: c for c in json.loads(shipped.read_text())["cards"]}
    events, errors = pos.reconstruct(spec(), example, catalog)
    assert not errors, errors
    assert types(events) == ["PositionReconstructed"]
    state = GameState()
    for e in events:
        apply_event(state, e)
    filled = dict(events[0].data["position"])  # type: ignore[arg-type]
    filled["players"] = [{k: v for k, v in p.items() if k != "decklist"} for p in filled["players"]]
    back = pos.from_state(state).model_dump(mode="json", exclude_defaults=True)
    back.update(ruleset="FoW-5.5", variant="valhalla")
    filled.setdefault("priority", filled["turn_player"])
    assert back == pos.Position.model_validate(filled).model_dump(mode="json", exclude_defaults=True)
    assert state.pending is not None and state.pending.player == "p1"


def test_only_j_resonators_battle() -> None:
    data = base_position(step="attack_declared")
    data["players"][0]["field"].append({"card": "T-STONE", "rested": True})
    data["players"][0]["stone_area"].pop()
    data["battle"] = {"attacker": "players[0].field[2]", "target": "p2"}
    e = only(errors_of(data), "position/impossible_state")
    assert (e.path, e.rule) == ("battle.attacker", "FoW-5.5 8.2 p3.1")
    data["battle"] = {"attacker": "players[0].field[0]", "target": "players[0].field[1]"}
    e = only(errors_of(data), "position/bad_reference")
    assert (e.path, e.rule) == ("battle.target", "FoW-5.5 8.2 p3.2")
    data["battle"] = {"attacker": "players[0].field[0]", "target": "p2", "blocker": "players[1].field[0]"}
    e = only(errors_of(data), "position/impossible_state")
    assert (e.path, e.rule) == ("battle.blocker", "FoW-5.5 8.3 p3")


@pytest.mark.parametrize("ruleset", ["FoW-5.5", "FoW-5.01"])
def test_a_malformed_card_in_the_positions_catalog_cites_the_rule_its_data_breaks(ruleset: str) -> None:
    """FoW-5.5 2.6 p2: ATK is a value; a position whose catalog gives a card a word for it is refused
    naming the card and the field, citing the rule of that characteristic, as game creation does."""
    bad = {**cards(), "T-BAD": {"id": "T-BAD", "name": "Bad", "type": "resonator", "atk": "big"}}
    events, errors = pos.reconstruct(spec(ruleset), base_position(), bad)
    assert not events
    error = only(errors, "cards/invalid")
    assert (error.rule, error.path) == (f"{ruleset} 2.6 p2", "$")
    assert "card T-BAD: atk" in error.message
