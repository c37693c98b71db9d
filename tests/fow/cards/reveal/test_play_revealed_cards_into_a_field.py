"""A revealed card that an effect would put into a field but cannot be there by itself:

* a spell that would move to a playground moves to the graveyard instead (FoW-5.5 3.15 p4);
* an addition other than [Addition: Field] is put into the field, added to nothing, and then into
  its owner's graveyard by rule process (13.3 p1).

Oracle of Tsukuyomi (MOA-028, real): "When this card is put into your graveyard from your field,
reveal the top card of your main deck. If it's a Wererabbit, put it into your field. Otherwise,
put it into your graveyard."  No real spell or [Addition:Resonator] is a Wererabbit, so two
invented cards with that race stand on top of the deck.  Given events / when a command / then
cited events; each story replays its log.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.fow import actions
from tests.fow.cards import story as harness
from tests.fow.cards.story import Story
from tests.fow.test_ch8_battle import to_main

RABBIT_SPELL = {
    "id": "T-RABBIT-SPELL",
    "name": "Moon Rabbit's Chant",
    "type": "spell",
    "subtype": "chant",
    "cost": {"attribute": {"U": 1}, "free": 0},
    "attributes": ["U"],
    "races": ["Wererabbit"],
    "effects": [{"op": "draw", "count": 1}],
}
RABBIT_ARMOR = {
    "id": "T-RABBIT-ARMOR",
    "name": "Moon Rabbit's Armor",
    "type": "addition",
    "subtype": "resonator",
    "cost": {"attribute": {"U": 1}, "free": 0},
    "attributes": ["U"],
    "races": ["Wererabbit"],
}


@pytest.fixture
def invented(monkeypatch: pytest.MonkeyPatch) -> None:
    real = harness.database_cards
    extra = {"T-RABBIT-SPELL": RABBIT_SPELL, "T-RABBIT-ARMOR": RABBIT_ARMOR}
    monkeypatch.setattr(harness, "database_cards", lambda: {**real(), **extra})


def _oracle_reveals(story: Story, top_card: str) -> tuple[str, list[Any]]:
    """Given: p1's Oracle of Tsukuyomi goes from the field to the graveyard with ``top_card`` on top
    of the main deck; when its ability resolves: the events."""
    oracle = story.put("p1", "MOA-028", "field")
    story.log += to_main(story.state, turn=3)
    top = story.on_top("p1", top_card)
    story.by_rule(actions.move, oracle, "graveyard", "given", rule="10.9 p1", reason="destroyed")
    return top, story.resolve_all()


@pytest.mark.usefixtures("invented")
def test_a_revealed_spell_put_into_the_field_moves_to_the_graveyard() -> None:
    story = Story({"MOA-028": 4, "T-RABBIT-SPELL": 4})
    top, events = _oracle_reveals(story, "T-RABBIT-SPELL")
    revealed = next(e for e in events if e.type == "CardRevealed")
    assert (revealed.data["oid"], revealed.rule) == (top, "FoW-5.5 10.4 p1")
    [moved] = [e for e in events if e.type == "CardMoved" and e.data["oid"] == top]
    assert (moved.data["from"], moved.data["to"], moved.rule) == ("main_deck", "graveyard", "FoW-5.5 3.15 p4")
    assert "RevealEnded" not in [e.type for e in events]
    assert story.state.objects[top].zone == "graveyard" and top not in story.state.zones["p1"]["main_deck"]
    story.replays()


@pytest.mark.usefixtures("invented")
def test_a_revealed_addition_needing_a_host_is_put_into_the_graveyard_by_rule_process() -> None:
    story = Story({"MOA-028": 4, "T-RABBIT-ARMOR": 4})
    top, events = _oracle_reveals(story, "T-RABBIT-ARMOR")
    moves = [e for e in events if e.type == "CardMoved" and e.data["oid"] == top]
    assert [(e.data["from"], e.data["to"], e.rule) for e in moves] == [
        ("main_deck", "field", "FoW-5.5 10.4 p1"),
        ("field", "graveyard", "FoW-5.5 13.3 p1"),
    ]
    assert story.state.objects[top].zone == "graveyard"
    story.replays()
