"""A story: a card imported from a composed official record is played in a game, its player
is asked every choice its text leaves open (9.5.4 "you may", 5.7.1 which card to discard), and
the game's log replays to the same state (the events carry the imported card's definition)."""

from __future__ import annotations

from typing import Any

from domain.gcg import engine
from domain.gcg.state import GameState, apply_event
from domain.kernel import Event, Rejection
from tests.gcg.cards.support import imported, record
from tests.gcg.support import BLUE, RED, cmd, start_game, with_cards


class _Log:
    def __init__(self, state: GameState, events: list[Event]) -> None:
        self.state, self.events = state, list(events)

    def given(self, type_: str, **data: Any) -> None:
        e = Event(self.state.seq + 1, type_, data, "GCG-1.00 given", "given")
        apply_event(self.state, e)
        self.events.append(e)

    def when(self, player: str, type_: str, **args: Any) -> list[Event]:
        result = engine.decide(self.state, cmd(type_, player, **args))
        assert not isinstance(result, Rejection), result
        for e in result:
            apply_event(self.state, e)
        self.events += result
        return list(result)


def test_an_imported_card_is_played_its_player_chooses_and_the_log_replays() -> None:
    cards = imported(record(22))  # <Enter> You may discard 1 card from your hand. If you do, draw 2 cards.
    state, events = start_game(with_cards(RED, {"CMP01-022": 2}), with_cards(BLUE, {}), extra=cards)
    log = _Log(state, events)
    oid = next(o for o in reversed(state.zones["p1"]["deck"]) if state.objects[o].card == "CMP01-022")
    log.given("CardMoved", oid=oid, card="CMP01-022", owner="p1", **{"from": "deck", "to": "hand"}, reason="given")
    hand = len(state.zones["p1"]["hand"])

    then = log.when("p1", "PlayBattleCard", card=oid, zone=2)
    asked = [e for e in then if e.type == "ChoiceRequested"][-1]
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p1", "yes_no", "GCG-1.00 9.5.4")

    then = log.when("p1", "Choose", choice=["yes"])
    asked = [e for e in then if e.type == "ChoiceRequested"][-1]
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p1", "discard", "GCG-1.00 5.7.1")
    discarded = asked.data["options"]["among"][0]

    then = log.when("p1", "Choose", choice=[discarded])
    assert state.objects[discarded].zone == "discard"
    draws = [e for e in then if e.type == "CardMoved" and e.data["reason"] == "draw"]
    assert len(draws) == 2 and all(e.rule == "GCG-1.00 5.4.2" for e in draws)
    assert len(state.zones["p1"]["hand"]) == hand - 1 - 1 + 2  # played, discarded, drew 2

    replayed = GameState()
    for e in log.events:
        apply_event(replayed, e)
    assert engine.state_to_dict(replayed) == engine.state_to_dict(state)
