"""A reveal ends with its effect or when the revealed card moves: "To reveal a card in a hidden zone,
show the information of the card to all players. It ends when the effect to reveal it ends or when the
card is moved to another area." (FoW-5.5 10.4 p1).

Water Sprite (TTW-054, real): "When this card enters your field, reveal the top card of your main
deck. If it's a Fairy resonator, put it into your hand."  What the opponent saw stays in the events
they read (the reveal, the move in view of all); the views follow the rule: once the reveal ends, the
card is hidden again from the opponent, on top of the main deck and in the hand alike.  Given events /
when a command / then cited events; each story replays its log.
"""

from __future__ import annotations

from typing import Any

from domain.fow import actions, engine
from domain.kernel import Event
from tests.fow.cards.story import Story
from tests.fow.support import find


def _sprite_enters(story: Story) -> list[Event]:
    """When: p1's Water Sprite enters the field from the graveyard (an effect) and its trigger resolves."""
    sprite = story.put("p1", "TTW-054", "graveyard")
    story.by_rule(actions.move, sprite, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    return story.resolve_all()


def _zones(story: Story, viewer: str) -> Any:
    return engine.view(story.state, viewer)["players"]["p1"]["zones"]  # type: ignore[index]


def test_a_revealed_card_left_on_top_of_the_main_deck_is_hidden_again_when_the_effect_ends() -> None:
    # a Bear on top: revealed, not a Fairy resonator, it stays on top; the reveal ends with the effect
    # (RevealEnded, 10.4 p1): p2's view shows p1's main deck as a count again, p2's events keep the reveal
    story = Story({"TTW-054": 4, "T-BEAR": 4})
    bear = story.on_top("p1", "T-BEAR")
    events = _sprite_enters(story)
    revealed, ended = find(events, "CardRevealed"), find(events, "RevealEnded")
    assert (revealed.data["oid"], revealed.rule) == (bear, "FoW-5.5 10.4 p1")
    assert (ended.data, ended.rule) == ({"oid": bear, "player": "p1"}, "FoW-5.5 10.4 p1")
    assert revealed.seq < ended.seq and story.state.zones["p1"]["main_deck"][-1] == bear
    assert _zones(story, "p2")["main_deck"] == {"count": len(story.state.zones["p1"]["main_deck"])}
    assert not engine.is_visible(story.state, bear, "p2") and not engine.is_visible(story.state, bear, "p1")
    assert engine.redact_event(story.state, revealed, "p2").data["oid"] == bear  # what p2 saw, in its log
    story.replays()


def test_a_revealed_card_put_into_the_hand_is_hidden_from_the_opponent_once_there() -> None:
    # a Water Sprite (a Fairy resonator) on top: revealed and put into p1's hand in view of both players
    # (the move names it for p2); the move ends the reveal (10.4 p1): p2's view of p1's hand shows a
    # count and no card; p1 still sees it
    story = Story({"TTW-054": 4, "T-BEAR": 4})
    fairy = story.on_top("p1", "TTW-054")
    events = _sprite_enters(story)
    moved = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == fairy)
    assert (moved.data["from"], moved.data["to"], moved.data["revealed"], moved.rule) == (
        "main_deck",
        "hand",
        True,
        "FoW-5.5 10.4 p1",
    )
    assert engine.redact_event(story.state, moved, "p2").data["card"] == "TTW-054"
    assert "RevealEnded" not in [e.type for e in events]  # the move itself ends it
    theirs, mine = _zones(story, "p2")["hand"], _zones(story, "p1")["hand"]
    assert theirs["count"] == len(story.state.zones["p1"]["hand"]) and theirs["cards"] == []
    assert fairy in [c["oid"] for c in mine["cards"]]
    assert not engine.is_visible(story.state, fairy, "p2") and engine.is_visible(story.state, fairy, "p1")
    story.replays()
