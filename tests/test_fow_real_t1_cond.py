"""Conditions and branches on real Grimm/Alice cards (helper t1-cond), executed by the engine in
the form the importer gives them (given events / when command / then events or a cited
rejection; each story replays its whole log at the end):

* "reveal the top card of your main deck. If it's a Wererabbit, put it into your field.
  Otherwise, put it into your graveyard.": a race names a card of any type; only a card that can
  be in a field by itself is put there (FoW-5.5 10.4 p1, 3.15 p4).
"""

from __future__ import annotations

from typing import Any

from domain.fow import actions
from tests.fow_support import cmd, find
from tests.test_fow_battle import to_main
from tests.test_fow_conditions import Story


def _on_top(story: Story, player: str, card_id: str) -> str:
    """Given: a copy of ``card_id`` in ``player``'s main deck is put on top of it."""
    oid = next(o for o in story.state.zones[player]["main_deck"] if story.state.objects[o].card == card_id)
    data = {"oid": oid, "card": card_id, "owner": player, "controller": player, "to": "main_deck"}
    story.given("CardMoved", **data, reason="given", **{"from": "main_deck"})
    return oid


def _resolve_all(story: Story) -> list[Any]:
    events: list[Any] = []
    while story.state.chase or story.state.triggered:
        events += story.when(cmd("Pass", story.pending.player))
    return events


# --- "If it's a Wererabbit, put it into your field. Otherwise, ..." (10.4 p1) ---------------------


def test_oracle_of_tsukuyomi_puts_a_revealed_wererabbit_into_the_field() -> None:
    # Oracle of Tsukuyomi (MOA-028), a Wererabbit: "When this card is put into your graveyard from
    # your field, reveal the top card of your main deck. If it's a Wererabbit, put it into your
    # field. Otherwise, put it into your graveyard."  A Servant of Kaguya (CMF-053, a Wererabbit with
    # [Flying]) on top of the main deck.
    story = Story({"MOA-028": 4, "CMF-053": 4})
    oracle = story.put("p1", "MOA-028", "field")
    story.log += to_main(story.state, turn=3)
    top = _on_top(story, "p1", "CMF-053")
    story.by_rule(actions.move, oracle, "graveyard", "given", rule="10.9 p1", reason="destroyed")
    events = _resolve_all(story)
    revealed = find(events, "CardRevealed")
    assert revealed.data == {"oid": top, "player": "p1"} and revealed.rule == "FoW-5.5 10.4 p1"
    moved = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == top)
    assert (moved.data["from"], moved.data["to"], moved.rule) == ("main_deck", "field", "FoW-5.5 10.4 p1")
    assert story.state.objects[top].controller == "p1"
    assert story.state.objects[top].zone == "field"
    story.replays()


def test_oracle_of_tsukuyomi_puts_anything_else_into_the_graveyard() -> None:
    # Oracle of Tsukuyomi (MOA-028) with a Herald (no Wererabbit) on top of the main deck
    story = Story({"MOA-028": 4, "T-HERALD": 4})
    oracle = story.put("p1", "MOA-028", "field")
    story.log += to_main(story.state, turn=3)
    top = _on_top(story, "p1", "T-HERALD")
    story.by_rule(actions.move, oracle, "graveyard", "given", rule="10.9 p1", reason="destroyed")
    events = _resolve_all(story)
    assert find(events, "CardRevealed").data["oid"] == top
    moved = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == top)
    assert (moved.data["from"], moved.data["to"], moved.rule) == ("main_deck", "graveyard", "FoW-5.5 10.4 p1")
    story.replays()
