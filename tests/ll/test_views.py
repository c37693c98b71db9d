"""Per-player views and event redaction (LL-2.04 4.1.2 open and closed zones, 4.3.1.1
face-down gates, 4.5.1.1 the deck, 4.6.1.1 the hand, 4.7.1.2 face-down level cards,
4.19.1.1.1 the tool zone, 5.24.4 face-down Set cards)."""

from __future__ import annotations

import json
from typing import Any

from domain.ll import engine
from domain.ll.characteristics import ability_at
from domain.ll.state import GameState, apply_event
from tests.ll.support import cmd, deploy_given, hand_card, level_up, put, run, start_game, stock_up, to_main
from tests.ll.test_properties import recorded_game


def test_a_player_sees_their_hand_but_not_the_opponents_or_any_deck() -> None:
    state, _ = start_game()
    run(state, cmd("Redraw", "p1", cards=[]))
    run(state, cmd("Redraw", "p2", cards=[]))
    mine = engine.view(state, "p1")
    p1, p2 = mine["players"]["p1"]["zones"], mine["players"]["p2"]["zones"]
    assert p1["hand"]["count"] == len(p1["hand"]["cards"]) > 0
    assert p2["hand"] == {"count": len(state.zones["p2"]["hand"]), "cards": []}
    assert p1["deck"] == {"count": len(state.zones["p1"]["deck"])}  # closed even to its owner (4.5.1.1)
    text = json.dumps(mine)
    for oid in state.zones["p2"]["hand"] + state.zones["p2"]["deck"] + state.zones["p1"]["deck"]:
        assert f'"{oid}"' not in text
    assert "seed" not in mine


def test_face_down_gates_stay_hidden_even_from_their_owner_until_destroyed() -> None:
    state, _ = start_game()
    for viewer in ("p1", "p2"):
        gates = engine.view(state, viewer)["players"]["p1"]["zones"]["gate"]
        assert len(gates) == 6 and all("card" not in g and g["face_down"] for g in gates)
    removed = engine.view(state, "p1")["players"]["p1"]["zones"]["remove"]
    assert all("card" not in r for r in removed)  # 6.2.1.5.1: nobody checks the leftover gates
    judge = engine.view(state, None)
    assert all("card" in g for g in judge["players"]["p1"]["zones"]["gate"]) and judge["seed"] == state.seed


def test_face_down_level_tool_and_set_cards_are_visible_to_their_owner_only() -> None:
    state, _ = start_game()
    to_main(state, "p1")
    level = state.zones["p1"]["deck"][-1]
    put(state, level, "level", face_down=True)
    member = deploy_given(state, "p1", "LL-TST-001", ["FC"])
    setc = state.zones["p1"]["deck"][-1]
    put(state, setc, "circle", circles=["FC"], set_to=member, face_down=True)
    own, other = engine.view(state, "p1"), engine.view(state, "p2")
    assert any(c.get("oid") == level for c in own["players"]["p1"]["zones"]["level"])
    assert not any(c.get("oid") == level for c in other["players"]["p1"]["zones"]["level"])
    assert own["players"]["p1"]["zones"]["set"][0]["oid"] == setc
    assert "oid" not in other["players"]["p1"]["zones"]["set"][0]
    tools_own = own["players"]["p2"]["zones"]["tool"]
    tools_other = engine.view(state, "p2")["players"]["p2"]["zones"]["tool"]
    assert all("card" not in t for t in tools_own) and all("card" in t for t in tools_other)


def _hidden(state: GameState, viewer: str) -> set[str]:
    return {oid for oid in state.objects if not engine.is_visible(state, oid, viewer)}


def _card_pairs(value: Any) -> list[tuple[Any, Any]]:
    """Every ``{"oid": ..., "card": ...}`` pair inside an event payload."""
    found: list[tuple[Any, Any]] = []
    if isinstance(value, dict):
        if "oid" in value and "card" in value:
            found.append((value["oid"], value["card"]))
        for v in value.values():
            found += _card_pairs(v)
    elif isinstance(value, list):
        for v in value:
            found += _card_pairs(v)
    return found


def test_redacted_events_never_name_a_card_hidden_from_the_viewer_before_and_after() -> None:
    _, events, _ = recorded_game(3)
    for viewer in ("p1", "p2"):
        state = GameState()
        for e in events:
            before = (
                _hidden(state, viewer)
                if state.objects
                else set((e.data.get("objects") and [o["oid"] for o in e.data["objects"]]) or [])
            )
            apply_event(state, e)
            after = _hidden(state, viewer)
            secret = before & after
            red = engine.redact_event(state, e, viewer)
            if e.type == "CardRevealed":
                continue  # a reveal shows the card to all players (5.19.1)
            for oid, card in _card_pairs(dict(red.data)):
                if oid in secret:
                    assert card is None, (viewer, e)
            if e.type == "GameStarted":
                assert "seed" not in red.data
                mine = {o["card"] for o in e.data["objects"] if o["owner"] == viewer}
                assert set(red.data["cards"]) == mine  # the opponent's deck list stays private
            if e.type == "DeckShuffled":
                assert red.data["order"] is None


def test_the_judge_sees_events_unredacted() -> None:
    _, events, _ = recorded_game(3)
    state = GameState()
    for e in events[:40]:
        apply_event(state, e)
        assert engine.redact_event(state, e, None) is e


def test_labels_show_the_level_and_cost_of_a_member_deployed_and_name_its_circles() -> None:
    """LL-2.04 2.8, 2.9, 4.4.2.1 (docs/legal-actions.md): the label of deploying a member names
    it, shows its printed level and cost and names the circles; a card of the opponent's hand
    (hidden, 4.6.1.1) is only "a card in p2's hand", without its level or cost."""
    state, _ = start_game()
    to_main(state, "p1")
    hand_card(state, "p1", "LL-TST-002")
    level_up(state, "p1", 1, card="")
    stock_up(state, "p1", 1)
    texts = {engine.label(state, c) for c in engine.legal_actions(state, "p1")}
    assert "Deploy Aoi, Festival Dress (level 1, cost 1; circles: [front row left])" in texts
    theirs = state.zones["p2"]["hand"][0]
    hidden = engine.label(state, cmd("Deploy", "p1", card=theirs, circles=["FL"]))
    assert hidden == "Deploy a card in p2's hand (circles: [front row left])"


def test_the_label_of_using_an_ability_shows_its_cost_in_square_brackets() -> None:
    """LL-2.04 9.4 (docs/legal-actions.md): using an ability is labelled with the cost its square
    brackets print (Stock to pay, resting or dropping the card), as a deployed member shows its
    level and cost."""
    state, _ = start_game()
    to_main(state, "p1")
    stock_up(state, "p1", 3)
    member = deploy_given(state, "p1", "LL-TST-007", ["FC"])
    put(state, state.zones["p1"]["deck"][-1], "soul", soul_of=member)
    ability = ability_at(state, member, 0)
    assert ability is not None
    uses = [c for c in engine.legal_actions(state, "p1") if c.type == "UseAbility" and c.args["source"] == member]
    assert uses, "the member's ability is a legal action"
    text = engine.label(state, uses[0])
    name = state.card_of(member).name
    stock = ability.cost.stock
    expected = f"pay {stock} from stock" if stock else ("rest this card" if ability.cost.rest_self else "none")
    assert text.startswith(f"Use an ability of {name} (cost: {expected}"), text
