"""LL-2.04 4.16 Resolution Zone: "a zone where abilities and cards are temporarily placed"
(4.16.1), open (4.16.1.1), its order enforced (4.16.1.2).  A member played by the rules
(Deploy, 5.12.3.1; a Tranceunion by Trance, 5.13.1.2.1) is put there when it is played
(9.6.2.1) and leaves it for its circles when its playing resolves (5.12.2, 5.13.1.3); an
ability being resolved (9.6.2.4) is there until it has resolved.  Replays rebuild the same
state; what the zone shows is public."""

from __future__ import annotations

from typing import Any

from domain.ll import engine
from domain.ll.state import GameState, apply_event
from projections.judge import LlNarrator
from tests.ll.support import (
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
    run,
    start_game,
    starter_deck,
    stock_up,
    take_any,
    to_main,
    types,
    vanilla,
)


def game(p1: dict[str, int] | None = None) -> tuple[GameState, dict[str, Any]]:
    """p1's main phase; the snapshot a replay check starts from."""
    state, _ = start_game(deck(p1 or {}), deck())
    to_main(state, "p1")
    return state, engine.state_to_dict(state)


def replays(snapshot: dict[str, Any], log: list[Any], state: GameState) -> bool:
    rebuilt = engine.state_from_dict(snapshot)
    for e in log:
        apply_event(rebuilt, e)
    return bool(engine.state_to_dict(rebuilt) == engine.state_to_dict(state))


def zone(state: GameState, viewer: str | None, player: str = "p1") -> Any:
    return engine.view(state, viewer)["players"][player]["zones"]["resolution"]


def hand_count(state: GameState, viewer: str, player: str = "p1") -> int:
    return int(engine.view(state, viewer)["players"][player]["zones"]["hand"]["count"])  # type: ignore[index, call-overload]


# --- a member played by the rules ---------------------------------------------------------------------


def test_a_deployed_member_is_in_the_resolution_zone_while_it_is_played() -> None:
    """LL-2.04 4.16.1 with 9.6.2 and 5.12.2: Deploying (by the rules, 5.12.3.1) plays the member:
    chosen and revealed (9.6.2.1), it is put in the Resolution Zone, its cost is paid (9.6.2.3),
    and its playing resolved it is placed on the chosen circle (5.12.2)."""
    state, _ = game({"LL-TST-012": 1})
    level_up(state, "p1", 2)
    stock_up(state, "p1", 2)
    captain = hand_card(state, "p1", "LL-TST-012")  # level 2, cost 2
    snapshot = engine.state_to_dict(state)
    events = run(state, cmd("Deploy", "p1", card=captain, circles=["FC"]))
    assert types(events)[:4] == ["MemberDeployed", "CardRevealed", "CardMoved", "CostPaid"]
    deployed, played = find(events, "MemberDeployed"), events[2]
    assert (played.data["oid"], played.data["from"], played.data["to"]) == (captain, "hand", "resolution")
    assert played.rule == "LL-2.04 4.16.1" and played.cause == f"ev:{deployed.seq}"
    assert played.data["face_down"] is False  # 4.16.1.1: an open zone, face up (4.1.3.2.3)
    placed = find(events, "CardMoved", oid=captain, to="circle")
    assert (placed.data["from"], placed.rule) == ("resolution", "LL-2.04 5.12.2")
    assert events.index(find(events, "CostPaid")) < events.index(placed)
    assert state.objects[captain].circles == ["FC"] and state.zones["p1"]["resolution"] == []
    assert zone(state, None) == [] and pending(state) == ("main", "p1")
    assert replays(snapshot, events, state)


def test_a_member_waiting_on_its_deploy_is_in_the_open_resolution_zone_not_the_hand() -> None:
    """LL-2.04 4.16.1, 4.16.1.1 with 5.12.2.1 and 9.10.2: deploying onto Stubborn Guard, the
    game waits for the Guard's optional replacement; meanwhile the deployed member is in the
    Resolution Zone, seen by both players and counted out of the hand (4.1.2.2); once the
    choice is made it leaves for the circle (5.12.2)."""
    state, _ = game({"LL-TST-067": 1})
    guard = deploy_given(state, "p1", "LL-TST-067", ["FC"])
    stock_up(state, "p1", 1)
    newcomer = hand_card(state, "p1", "LL-TST-900")
    snapshot = engine.state_to_dict(state)
    hand = len(state.zones["p1"]["hand"])
    log = run(state, cmd("Deploy", "p1", card=newcomer, circles=["FC"]))
    assert pending(state) == ("replacement", "p1")
    assert state.objects[newcomer].zone == "resolution" and state.zones["p1"]["resolution"] == [newcomer]
    assert newcomer not in state.zones["p1"]["hand"] and hand_count(state, "p2") == hand - 1
    for viewer in ("p1", "p2", None):
        shown = zone(state, viewer)
        assert [(c["oid"], c["card"]) for c in shown] == [(newcomer, "LL-TST-900")], viewer
        assert engine.is_visible(state, newcomer, viewer or "p2")
    moved = find(log, "CardMoved", oid=newcomer)
    assert engine.redact_event(state, moved, "p2").data["card"] == "LL-TST-900"  # public, not redacted
    log += run(state, cmd("Choose", "p1", choice=f"{guard}:0"))
    placed = find(log, "CardMoved", oid=newcomer, to="circle")
    assert (placed.data["from"], placed.rule) == ("resolution", "LL-2.04 5.12.2")
    assert state.zones["p1"]["resolution"] == [] and zone(state, "p2") == []
    assert replays(snapshot, log, state)


def test_a_tranceunion_searched_from_the_deck_is_played_through_the_resolution_zone() -> None:
    """LL-2.04 4.16.1 with 5.13.1.2.1 and 5.13.1.3: the Tranceunion chosen from the Deck is put
    in the Resolution Zone as it is played (9.6.2.1); the pair goes to the Soul, then the
    Tranceunion leaves the Resolution Zone for its circle; the Deck is shuffled (5.13.1.2.2)."""
    state, _ = game({"LL-TST-001": 1, "LL-TST-003": 1, "LL-TST-004": 1, "LL-TST-007": 1})
    level_up(state, "p1", 1, card="LL-TST-001")
    stock_up(state, "p1", 2)
    ren = deploy_given(state, "p1", "LL-TST-003", ["FL"])
    lyra = deploy_given(state, "p1", "LL-TST-004", ["FR"])
    tu = take_any(state, "p1", "LL-TST-007")
    put(state, tu, "deck")
    snapshot = engine.state_to_dict(state)
    hand = len(state.zones["p1"]["hand"])
    events = run(state, cmd("Trance", "p1", materials=[ren, lyra], tranceunion=tu, circles=["FC"]))
    played = find(events, "CardMoved", oid=tu, to="resolution")
    assert (played.data["from"], played.rule) == ("deck", "LL-2.04 4.16.1")
    assert played.cause == f"ev:{find(events, 'TranceDeclared').seq}"
    to_soul = [e for e in events if e.type == "CardMoved" and e.data["to"] == "soul"]
    placed = find(events, "CardMoved", oid=tu, to="circle")
    assert (placed.data["from"], placed.rule) == ("resolution", "LL-2.04 5.13.1.2.1")
    assert events.index(played) < events.index(find(events, "CostPaid")) < events.index(to_soul[0])
    assert events.index(to_soul[-1]) < events.index(placed) < events.index(find(events, "DeckShuffled"))
    assert state.zones["p1"]["resolution"] == [] and len(state.zones["p1"]["hand"]) == hand
    assert replays(snapshot, events, state)


# --- an ability being resolved ------------------------------------------------------------------------


def test_an_ability_being_resolved_is_in_its_controllers_resolution_zone() -> None:
    """LL-2.04 4.16.1, 4.16.1.1 with 9.6.2.4: Ray's startup ability waits for its target: it is
    in p1's Resolution Zone, seen by both players (which ability of which card); it leaves
    once it has resolved (9.6.2.4), and nothing is in p2's."""
    state, _ = game({"LL-TST-019": 1})
    ray = deploy_given(state, "p1", "LL-TST-019", ["FR"])  # STARTUP: a member's power becomes 1000
    target = deploy_given(state, "p2", "LL-TST-900", ["FC"])
    run(state, cmd("UseAbility", "p1", source=ray, ability=0))
    assert pending(state) == ("choose", "p1")
    frame = state.frames[-1].id
    for viewer in ("p1", "p2", None):
        (entry,) = zone(state, viewer)
        assert (entry["frame"], entry["kind"], entry["ability"]) == (frame, "ability", 0), viewer
        assert (entry["source"]["oid"], entry["source"]["card"]) == (ray, "LL-TST-019")
        assert entry["name"] == f"ability of {state.card_of(ray).name}"
        assert zone(state, viewer, "p2") == []
    run(state, cmd("Choose", "p1", choice=[target]))
    assert zone(state, None) == [] and not state.frames


RECALL: dict[str, Any] = vanilla(
    60,
    name="Recall",
    abilities=[
        {
            "kind": "startup",
            "effects": [
                {"op": "return_to_hand", "target": {"kind": "self"}},
                {"op": "rest", "target": {"filter": {"controller": "opponent"}, "count": 2}},
            ],
        }
    ],
)
"""LL-TST-960 "[ACT] Return this member to your hand, then rest 2 of your opponent's members." """


def test_an_ability_whose_source_went_to_the_hand_shows_the_source_only_to_its_owner() -> None:
    """LL-2.04 4.16.1.1 with 9.6.2.4.2 and 4.6.1.1: Recall returns itself to p1's hand and then
    asks for its targets; the ability, still resolving, is in p1's open Resolution Zone for
    both players, but its source is now a card in p1's hand: p2 sees the entry, not the card."""
    state, _ = start_game(deck({"LL-TST-960": 1}), deck(), extra=[RECALL])
    to_main(state, "p1")
    recall = deploy_given(state, "p1", "LL-TST-960", ["FC"])
    deploy_given(state, "p2", "LL-TST-900", ["FL"])
    deploy_given(state, "p2", "LL-TST-901", ["FR"])
    deploy_given(state, "p2", "LL-TST-902", ["BC"])
    run(state, cmd("UseAbility", "p1", source=recall, ability=0))
    assert pending(state) == ("choose", "p1") and state.objects[recall].zone == "hand"
    (mine,) = zone(state, "p1")
    assert (mine["source"]["oid"], mine["name"]) == (recall, "ability of Recall")
    (theirs,) = zone(state, "p2")
    assert theirs["frame"] == mine["frame"] and theirs["source"] == {"face_down": True}
    assert "name" not in theirs and "LL-TST-960" not in repr(theirs)


def test_the_resolution_zone_lists_what_was_put_there_bottom_first() -> None:
    """LL-2.04 4.16.1.2: the order is enforced: given an ability being resolved and then a card
    put in the Resolution Zone, the zone lists the ability first and the card on top (4.1.4.1);
    an ability's repetitions (12.5) are part of it, not further entries."""
    state, _ = game({"LL-TST-019": 1})
    ray = deploy_given(state, "p1", "LL-TST-019", ["FR"])
    given(
        state,
        "AbilityPlayed",
        frame="f-given",
        controller="p1",
        source=ray,
        ability=0,
        ref="ability",
        resume=["main", 0],
        info={},
    )
    given(state, "RepetitionStarted", frame="f-again", path=[0], repeat=2)
    card = hand_card(state, "p1", "LL-TST-900")
    given(
        state,
        "CardMoved",
        oid=card,
        card="LL-TST-900",
        owner="p1",
        **{"from": "hand"},
        to="resolution",
        face_down=False,
        reason="played",
    )
    entries = state.resolution_zone("p1")
    assert [e if isinstance(e, str) else e.id for e in entries] == ["f-given", card]
    assert [("frame" in e) for e in zone(state, "p2")] == [True, False]


def test_an_effect_deploy_does_not_play_the_member() -> None:
    """LL-2.04 4.16.1 (control case) with 5.12.3.2 and 5.34.1.1.2: Oru's Blink Step deploys it
    again by an effect: placed, not played, it never enters the Resolution Zone (only the
    ability that did it is there while it resolves)."""
    state, _ = start_game(starter_deck("septpia_tides"), deck())
    to_main(state, "p1")
    stock_up(state, "p1", 2)
    oru = deploy_given(state, "p1", "LL-TST-043", ["FR"])
    events = run(state, cmd("UseAbility", "p1", source=oru, ability=1))
    assert [e.data["to"] for e in find_all(events, "CardMoved", oid=oru)] == ["purge", "circle"]
    assert state.zones["p1"]["resolution"] == []


def test_the_narrator_says_a_played_card_went_to_the_resolution_zone() -> None:
    """LL-2.04 4.16.1: the judge's sentence names the zone."""
    state, _ = game()
    newcomer = hand_card(state, "p1", "LL-TST-900")
    before = engine.state_from_dict(engine.state_to_dict(state))
    events = run(state, cmd("Deploy", "p1", card=newcomer, circles=["FC"]))
    moved = find(events, "CardMoved", oid=newcomer, to="resolution")
    after = engine.state_from_dict(engine.state_to_dict(before))
    for e in events[: events.index(moved) + 1]:
        apply_event(after, e)
    sentence = LlNarrator(before, after, {"p1": "Alice", "p2": "Bob"}).summary(moved)
    assert "from their hand to their Resolution Zone" in sentence, sentence


def test_a_snapshot_from_before_the_resolution_zone_loads_with_it_empty() -> None:
    """LL-2.04 4.16: a state stored without a Resolution Zone list (nothing could be there)
    loads with an empty one, and plays on."""
    _, snapshot = game()
    for zones in snapshot["zones"].values():
        del zones["resolution"]
    loaded = engine.state_from_dict(snapshot)
    assert loaded.zones["p1"]["resolution"] == [] and zone(loaded, "p2") == []
    newcomer = hand_card(loaded, "p1", "LL-TST-900")
    run(loaded, cmd("Deploy", "p1", card=newcomer, circles=["FC"]))
    assert loaded.objects[newcomer].zone == "circle"
