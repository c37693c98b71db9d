"""Conditions and durations of real Grimm/Alice cards executed by the engine in the form the
importer gives them (given events / when command / then events; each story replays its whole log):

* Spiral of Despair: "If your Ruler is ... instead": the opponent chooses the two cards, or they
  are picked at random (FoW-5.5 10.20 p1) when the condition holds on resolution (9.3 p3.2).
"""

from __future__ import annotations

from domain.kernel import Shuffler
from tests.fow_support import cmd, find
from tests.test_fow_conditions import Story

# --- "he or she discards two cards at random instead" ------------------------------------------


def _spiral(ruler: str) -> tuple[Story, list[str]]:
    story = Story({"CMF-093": 4, "T-BEAR": 4, "T-WALL": 4}, ruler=ruler)
    for card in ("T-BEAR", "T-WALL", "T-BEAR"):
        story.put("p2", card, "hand")
    hand = list(story.state.zones["p2"]["hand"])
    spiral = story.put("p1", "CMF-093", "hand")
    story.will("p1", "B", "B")
    story.when(cmd("PlayCard", "p1", card=spiral, targets=[]))
    return story, hand


def test_spiral_of_despair_the_opponent_chooses_without_pandora() -> None:
    # Spiral of Despair (CMF-093): "Your opponent discards two cards. If your Ruler is "Pandora, Girl
    # of the Box" or your J-Ruler is "Pandora of Light" or "Pandora of Dark", he or she discards two
    # cards at random instead."  With another ruler, p2 chooses the two cards.
    story, hand = _spiral("T-RULER")
    events = story.resolve()
    checked = [e for e in events if e.type == "ConditionChecked"]
    assert [(e.data["met"], e.rule) for e in checked] == [(True, "FoW-5.5 9.3 p3.2")]
    assert "CardsChosenAtRandom" not in [e.type for e in events]
    asked = find(events, "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"]) == ("p2", "discard")
    story.when(cmd("ChooseCards", "p2", cards=hand[:2]))
    assert [story.state.objects[o].zone for o in hand] == ["graveyard"] * 2 + ["hand"] * (len(hand) - 2)
    story.replays()


def test_spiral_of_despair_discards_at_random_with_pandora_as_ruler() -> None:
    # The same card with Pandora, Girl of the Box (CMF-013) as p1's ruler: the two cards are
    # picked by the recorded seed (10.20 p1), nobody chooses.
    story, hand = _spiral("CMF-013")
    index = story.state.shuffles
    events = story.resolve()
    checked = [e for e in events if e.type == "ConditionChecked"]
    assert [e.data["met"] for e in checked] == [False, True]
    assert "ChoiceRequested" not in [e.type for e in events]
    chosen = find(events, "CardsChosenAtRandom")
    assert (chosen.data["player"], chosen.data["shuffle_index"], chosen.rule) == ("p2", index, "FoW-5.5 10.18 p1")
    assert chosen.data["cards"] == Shuffler(story.state.seed, index).shuffled(hand)[:2]
    discarded = [o for o in hand if story.state.objects[o].zone == "graveyard"]
    assert discarded == [o for o in hand if o in chosen.data["cards"]] and len(discarded) == 2
    story.replays()
