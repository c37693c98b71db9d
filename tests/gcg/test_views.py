"""Per-player views and event redaction: public and hidden areas (GCG-1.00 4.1.2, 4.2):
the deck is hidden for all (4.8.2), the hand for the opponent (4.9.2), the monster deck for
the opponent (4.6.2); the counts are public (4.1.2.2)."""

from __future__ import annotations

from typing import Any

from domain.gcg import engine
from tests.gcg.support import advance_until, cmd, end_main, find_card, put, run, start_game, to_hand, tst


def _zones(view: dict[str, Any], player: str) -> dict[str, Any]:
    zones: dict[str, Any] = view["players"][player]["zones"]
    return zones


def test_views_hide_hands_decks_and_the_opponents_monster_deck() -> None:
    state, _ = start_game()
    mine = engine.view(state, "p1")
    theirs = engine.view(state, "p2")
    judge = engine.view(state, None)
    assert len(_zones(mine, "p1")["hand"]["cards"]) == 6
    assert _zones(theirs, "p1")["hand"] == {"count": 6, "cards": []}
    assert _zones(mine, "p1")["deck"] == {"count": len(state.zones["p1"]["deck"])}
    assert len(_zones(mine, "p1")["monster_deck"]["cards"]) == 3
    assert _zones(theirs, "p1")["monster_deck"] == {"count": 3, "cards": []}
    assert len(_zones(judge, "p1")["deck"]["cards"]) == len(state.zones["p1"]["deck"])
    # public information: positions, rage, threat level, the invading monsters
    assert theirs["players"]["p1"]["threat"] == 10000 and theirs["players"]["p1"]["position"] == 1
    assert _zones(theirs, "p1")["monster"][0]["card"] == tst(1)


def test_pending_options_only_for_the_deciding_player_and_resume_only_for_judges() -> None:
    state, _ = start_game()
    assert "options" in engine.view(state, "p1")["pending"]
    assert engine.view(state, "p2")["pending"] == {"kind": "main", "player": "p1"}
    assert "resume" in engine.view(state, None) and "resume" not in engine.view(state, "p1")


def test_redacted_events_hide_what_the_viewer_may_not_see() -> None:
    state, events = start_game()
    started = engine.redact_event(state, events[0], "p2")
    assert "seed" not in started.data
    p1_objects = [o for o in started.data["objects"] if o["owner"] == "p1"]
    assert all(o["card"] is None for o in p1_objects)
    own = engine.redact_event(state, events[0], "p1")
    mine = [o for o in own.data["objects"] if o["owner"] == "p1"]
    assert all((o["card"] is None) == (o["zone"] == "deck") for o in mine)  # 4.8.2, 4.6.2
    assert started.data["presented"]["p1"]["monster_deck"]  # decks are presented (6.3.1.1)
    shuffled = next(e for e in events if e.type == "DeckShuffled")
    assert engine.redact_event(state, shuffled, "p1").data["order"] is None
    draw = next(e for e in events if e.type == "CardMoved" and e.data["to"] == "hand" and e.data["owner"] == "p1")
    assert engine.redact_event(state, draw, "p2").data["card"] is None
    assert engine.redact_event(state, draw, "p1").data["card"] is not None
    request = events[-1]
    assert request.type == "ChoiceRequested"
    assert engine.redact_event(state, request, "p2").data["options"] == {}
    assert "resume" not in engine.redact_event(state, request, "p1").data
    assert engine.redact_event(state, request, None) is request


def test_a_revealed_search_is_public() -> None:
    state, _ = start_game()
    drop = to_hand(state, "p1", tst(60))
    run(state, cmd("ActivateStrategy", "p1", card=drop, zone=1))
    assert state.pending is not None and state.pending.kind == "search"
    pick = state.pending.options["among"][0]  # type: ignore[index]
    events = run(state, cmd("Choose", "p1", choice=[pick]))
    moved = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == pick)
    assert engine.redact_event(state, moved, "p2").data["card"] is None  # deck -> hand: hidden
    revealed = next(e for e in events if e.type == "CardRevealed")
    assert engine.redact_event(state, revealed, "p2").data["card"] == state.objects[pick].card


def test_view_after_a_few_turns_is_json_shaped() -> None:
    import json

    state, _ = start_game()
    end_main(state)
    advance_until(state, "main", "p1")
    for viewer in ("p1", "p2", None):
        json.dumps(engine.view(state, viewer))


def test_labels_show_the_rank_of_a_card_played_and_never_name_a_hidden_card() -> None:
    """GCG-1.00 2.3.2, 8.2.1, 8.3.1, 8.5.1 (docs/legal-actions.md): the label of playing a card
    names it and shows its printed rank, what the rules ask of playing it; a card
    of the opponent's hand (hidden, 4.9.2) is only "a card in p2's hand", without its rank."""
    state, _ = start_game()
    breath, drop = to_hand(state, "p1", tst(10)), to_hand(state, "p1", tst(60))
    texts = {engine.label(state, c) for c in engine.legal_actions(state, "p1")}
    assert "Play Atomic Breath (battle rank 1; zone: 2)" in texts
    assert "Activate Supply Drop (strategy rank 1; zone: 1)" in texts
    put(state, find_card(state, "p1", tst(2), ["monster_deck"]), "monster")
    to_hand(state, "p1", tst(6))
    texts = {engine.label(state, c) for c in engine.legal_actions(state, "p1")}
    assert "Play Godzilla, Unleashed (monster rank III, played as rank II by Burst; burst: yes)" in texts  # 11.5.2
    assert {breath, drop}.isdisjoint(" ".join(texts).split())
    theirs = state.zones["p2"]["hand"][0]
    hidden = engine.label(state, cmd("PlayBattleCard", "p1", card=theirs, zone=1))
    assert hidden == "Play a card in p2's hand (zone: 1)"
    assert state.card_of(theirs).name not in hidden
