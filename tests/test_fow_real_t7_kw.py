"""Characteristics and variable amounts of real Grimm/Alice cards (helper t7-kw), executed by the
engine in the form the importer gives them (given events / when command / then events or a cited
rejection; each story replays its whole log at the end):

* "This card gains [+100/+100] for each card in your hand" on a card printed [0/0]: a continuous
  ability applies all the time (FoW-5.5 9.4 p1), counting the cards in its controller's hand
  (3.5), not the opponent's.
"""

from __future__ import annotations

from domain.fow.characteristics import characteristics
from tests.test_fow_conditions import Story

# --- "for each card in your hand" (9.4 p1, 3.5) -------------------------------------------------


def test_soji_okita_grows_with_its_controllers_hand() -> None:
    story = Story({"VIN001-041": 4, "T-BEAR": 4})
    soji = story.put("p1", "VIN001-041", "field")
    held = len(story.state.zones["p1"]["hand"])
    chars = characteristics(story.state, soji)
    assert (chars.atk, chars.def_) == (100 * held, 100 * held)
    story.put("p1", "T-BEAR", "hand")  # one more card in my hand
    story.put("p2", "T-BEAR", "hand")  # the opponent's hand does not count
    chars = characteristics(story.state, soji)
    assert (chars.atk, chars.def_) == (100 * (held + 1), 100 * (held + 1))
    story.put("p1", "T-BEAR", "field")  # played out of the hand... from the deck: a new card
    for oid in list(story.state.zones["p1"]["hand"]):
        story.given(
            "CardMoved",
            oid=oid,
            card=story.state.objects[oid].card,
            owner="p1",
            controller="p1",
            to="graveyard",
            reason="given",
            **{"from": "hand"},
        )
    chars = characteristics(story.state, soji)
    assert (chars.atk, chars.def_) == (0, 0)  # printed [0/0] (blank in the source)
    story.replays()


def test_tinker_bell_printed_zero_counts_fairy_tales_you_control() -> None:
    # Tinker Bell, the Spirit (CMF-019, a Fairy Tale, ATK and DEF blank in the source: [0/0]):
    # "[Continuous]: This card gains [+200/+200] for each Fairy Tale you control" - itself included
    story = Story({"CMF-019": 4})
    bell = story.put("p1", "CMF-019", "field")
    chars = characteristics(story.state, bell)
    assert (chars.atk, chars.def_) == (200, 200)
    story.put("p1", "CMF-019", "field")
    story.put("p2", "CMF-019", "field")
    chars = characteristics(story.state, bell)
    assert (chars.atk, chars.def_) == (400, 400)
    story.replays()
