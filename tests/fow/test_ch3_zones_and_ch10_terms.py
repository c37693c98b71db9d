"""FoW-5.5 3 (card orientation 3.2, the main deck 3.3, the magic stone deck 3.4, the
graveyard 3.9, the lifebreak area 3.10), one time effects (9.8) and the terms "summon"
(10.5), "trigger" (10.14) and "call" (10.15) as specifications."""

from __future__ import annotations

from typing import Any

from domain.fow import engine
from domain.fow.state import GameState
from tests.fow.support import cmd, find, run
from tests.fow.test_ch7_actions import card, game, pay, resolve, stones, to_main


def _played_bear(state: GameState) -> tuple[str, str, list[Any]]:
    to_main(state)
    bear = card(state, "p1", "T-BEAR")
    (stone,) = stones(state, "p1", 1)
    events = run(state, cmd("PlayCard", "p1", card=bear, pay_with=pay(stone)))
    return bear, stone, events


def _opponents_view(state: GameState, zone: str) -> Any:
    return engine.view(state, "p2")["players"]["p1"]["zones"][zone]


def test_a_card_is_placed_recovered_and_rested_when_paid_for() -> None:
    """3.2 p1.1: paying with a magic stone rests it ("to rest"); 3.2 p1.2: a resonator put into
    the field is placed recovered."""
    state = game()
    bear, stone, _ = _played_bear(state)
    assert state.objects[stone].rested
    resolve(state)
    assert state.objects[bear].zone == "field" and not state.objects[bear].rested


def test_the_main_deck_is_hidden_and_cards_leave_it_from_the_top() -> None:
    """3.3 p2: the main deck is hidden (the opponent sees a count) and ordered; 3.3 p3: a draw
    moves the top card."""
    state = game()
    to_main(state)
    assert _opponents_view(state, "main_deck") == {"count": len(state.zones["p1"]["main_deck"])}
    herald = card(state, "p1", "T-ENTER")
    (stone,) = stones(state, "p1", 1)
    run(state, cmd("PlayCard", "p1", card=herald, pay_with=pay(stone)))
    resolve(state)  # Herald enters; its 【Enter】 draw triggers
    top = state.zones["p1"]["main_deck"][-1]
    resolve(state)  # the draw resolves
    assert state.objects[top].zone == "hand" and state.zones["p1"]["hand"][-1] == top


def test_calling_a_magic_stone_moves_the_top_card_of_the_magic_stone_deck() -> None:
    """3.4 p2, p3: the magic stone deck is hidden and ordered, a call takes its top card;
    10.15 p1: "to call" is the calling magic stone action (7.11)."""
    state = game()
    to_main(state)
    assert _opponents_view(state, "stone_deck") == {"count": len(state.zones["p1"]["stone_deck"])}
    top = state.zones["p1"]["stone_deck"][-1]
    events = run(state, cmd("CallMagicStone", "p1"))
    assert find(events, "MagicStoneCalled").rule == "FoW-5.5 7.11 p1"
    assert state.zones["p1"]["stone_area"] == [top] and state.objects[top].zone == "stone_area"


def test_a_used_chant_goes_on_top_of_the_public_graveyard() -> None:
    """3.9 p1, p2: a resolved chant is put on top of its owner's graveyard, which both players see."""
    state = game()
    to_main(state)
    target = card(state, "p1", "T-BEAR", to="field")
    grow = card(state, "p1", "T-GROW")
    (stone,) = stones(state, "p1", 1)
    run(state, cmd("PlayCard", "p1", card=grow, targets=[target], pay_with=pay(stone)))
    resolve(state)
    assert state.zones["p1"]["graveyard"][-1] == grow
    assert [c["card"] for c in _opponents_view(state, "graveyard")] == ["T-GROW"]


def test_the_lifebreak_area_is_hidden_and_starts_with_four_cards() -> None:
    """3.10 p2: each player's lifebreak area is hidden (the opponent sees no card); 3.10 p3:
    the maximum lifebreak size is four at the beginning of a game (Valhalla)."""
    state = game()
    assert [len(state.zones[p]["lifebreak"]) for p in state.order] == [4, 4]
    assert _opponents_view(state, "lifebreak") == {"count": 4}
    assert all(not engine.is_visible(state, o, "p2") for o in state.zones["p1"]["lifebreak"])


def test_a_one_time_effect_is_performed_when_it_resolves() -> None:
    """9.8 p1: Bolt deals its 500 damage when it resolves, not when it is played."""
    state = game()
    to_main(state)
    bolt = card(state, "p1", "T-BOLT")
    (stone,) = stones(state, "p1", 1)
    run(state, cmd("PlayCard", "p1", card=bolt, targets=["p2"], pay_with=pay(stone)))
    assert state.players["p2"].life == 4000
    events = resolve(state)
    assert find(events, "DamageDealt").data["amount"] == 500 and state.players["p2"].life == 3500


def test_a_played_resonator_is_a_summon_spell_on_the_chase_until_it_resolves() -> None:
    """10.5 p1: the resonator is put on the chase area; 10.5 p2: it is "summoned" when it is put
    into the field from the chase area by resolving."""
    state = game()
    bear, _, _ = _played_bear(state)
    assert state.objects[bear].zone == "chase"
    events = resolve(state)
    entered = find(events, "CardMoved")
    assert (entered.data["oid"], entered.data["from"], entered.data["to"]) == (bear, "chase", "field")


def test_an_automatic_ability_triggers_when_its_condition_is_fulfilled() -> None:
    """10.14 p1: Herald's 【Enter】 triggers when it enters the field, with no player's command;
    10.14 p2: an activate ability is triggered by playing it."""
    state = game()
    to_main(state)
    herald = card(state, "p1", "T-ENTER")
    (stone,) = stones(state, "p1", 1)
    run(state, cmd("PlayCard", "p1", card=herald, pay_with=pay(stone)))
    events = resolve(state)
    assert find(events, "AbilityTriggered").data["source"] == herald
    resolve(state)
    tapper = card(state, "p1", "T-TAPPER", to="field")
    state.objects[tapper].entered_turn = 0  # in play since before this turn (9.5 p3)
    events = run(state, cmd("ActivateAbility", "p1", source=tapper, ability=0))
    assert find(events, "AbilityPlayed").data["source"] == tapper


def test_the_field_is_public() -> None:
    """3.6 p1, p2: a resonator put into its controller's field is seen by both players."""
    state = game()
    bear, _, _ = _played_bear(state)
    resolve(state)
    assert bear in state.zones["p1"]["field"] and engine.is_visible(state, bear, "p2")
    assert [c["card"] for c in _opponents_view(state, "field")] == ["T-BEAR"]
