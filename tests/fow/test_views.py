"""Per-player views and event redaction (FoW-5.5 3.1 p2: hidden zones; 3.5 p2; 3.11 p2)."""

from __future__ import annotations

import json

from domain.fow import engine
from domain.fow.state import HIDDEN_ZONES
from tests.fow.support import cmd, run, start_game
from tests.fow.test_ch4_to_6_setup_and_turns import keep_hands
from tests.fow.test_properties import play_randomly


def test_a_player_sees_their_own_hand_but_only_the_size_of_the_opponents() -> None:
    state, _ = start_game()
    keep_hands(state)
    mine = engine.view(state, "p1")
    p1_zones = mine["players"]["p1"]["zones"]
    p2_zones = mine["players"]["p2"]["zones"]
    assert p1_zones["hand"]["count"] == 5 and len(p1_zones["hand"]["cards"]) == 5
    assert p2_zones["hand"] == {"count": 5, "cards": []}
    assert p1_zones["main_deck"] == {"count": len(state.zones["p1"]["main_deck"])}  # order hidden even from owner
    assert p2_zones["lifebreak"] == {"count": 4}
    text = json.dumps(mine)
    for oid in state.zones["p2"]["hand"] + state.zones["p2"]["main_deck"] + state.zones["p1"]["main_deck"]:
        assert oid not in text
    assert "seed" not in mine


def test_a_judge_sees_everything_including_deck_order_and_the_seed() -> None:
    state, _ = start_game()
    keep_hands(state)
    judge = engine.view(state, None)
    assert [c["oid"] for c in judge["players"]["p2"]["zones"]["main_deck"]] == state.zones["p2"]["main_deck"]
    assert judge["seed"] == state.seed and judge["viewer"] == "judge"


def test_face_down_chant_standby_cards_are_visible_to_their_owner_only() -> None:
    state, _ = start_game()
    keep_hands(state)
    while state.phase != "main":
        run(state, cmd("Pass", state.pending.player))  # type: ignore[union-attr]
    oid = state.zones["p1"]["hand"][0]
    stones = []
    for _ in range(2):
        stone = state.zones["p1"]["stone_deck"][-1]
        from tests.fow.test_ch4_to_6_setup_and_turns import put

        put(state, stone, "stone_area")
        stones.append({"source": stone})
    run(state, cmd("PutIntoStandby", "p1", card=oid, pay_with=stones))
    assert engine.view(state, "p1")["players"]["p1"]["zones"]["standby"]["cards"][0]["oid"] == oid
    assert engine.view(state, "p2")["players"]["p1"]["zones"]["standby"] == {"count": 1, "cards": []}


def test_redacted_events_never_reveal_the_opponents_hidden_cards_or_the_seed() -> None:
    state, events = play_randomly(5, "valhalla")
    for viewer, other in {"p1": "p2", "p2": "p1"}.items():
        for e in events:
            r = engine.redact_event(state, e, viewer)
            if e.type == "GameStarted":
                assert "seed" not in r.data
                assert all(o["card"] is None for o in r.data["objects"] if o["owner"] == other)
            if e.type == "DeckShuffled":
                assert r.data["order"] is None and r.data["count"] == len(e.data["order"])
            if e.type == "CardMoved" and not e.data.get("revealed"):
                private = {"hand", "standby"} if e.data["owner"] == viewer else set()
                unseen = {*HIDDEN_ZONES, "outside"}
                if {e.data["from"], e.data["to"]} <= unseen - private:
                    assert r.data["oid"] is None and r.data["card"] is None, e
                else:
                    assert r.data["card"] == e.data["card"], e
            if e.type == "ChoiceRequested" and e.data["player"] == other:
                assert r.data["options"] == {}
    assert engine.redact_event(state, events[0], None) == events[0]


def test_the_seed_is_committed_at_the_start_and_revealed_at_the_end() -> None:
    from domain.kernel import Shuffler, seed_commitment

    state, events = play_randomly(8, "bifrost")
    started = events[0]
    commitment = started.data["seed_commitment"]
    assert "seed" not in engine.redact_event(state, started, "p1").data
    assert engine.redact_event(state, started, "p1").data["seed_commitment"] == commitment
    assert events[-2].type == "GameEnded" and events[-1].type == "SeedRevealed"
    revealed = events[-1].data["seed"]
    assert seed_commitment(started.data["game_id"], revealed) == commitment
    first = next(e for e in events if e.type == "DeckShuffled")
    initial = [
        o["oid"]
        for o in started.data["objects"]
        if o["owner"] == first.data["player"] and o["zone"] == first.data["zone"]
    ]
    assert Shuffler(revealed, first.data["shuffle_index"]).shuffled(initial) == first.data["order"]
