"""A [Spell:Chant-Standby] played from the hand, on a real card (given events / when command / then
cited events; each story replays its whole log): Five Challenges (CMF-042, {U}{1}) "[Trigger] Anytime:
Draw a card. ..." - "If not specified, they can play [Spell:Chant-standby] cards from their hand or
chant-standby area only", and "You also need to pay the cost of the card if you play it from a zone
other than your chant-standby area" (FoW-5.5 7.9 p4); "anytime" means "pay [0]" (7.9 p6), so it is
played whenever its player has priority.
"""

from __future__ import annotations

from tests.fow.cards.story import Story, legal
from tests.fow.support import cmd, find


def test_an_anytime_chant_standby_card_is_played_from_the_hand_paying_its_cost() -> None:
    """FoW-5.5 7.9 p4: listed and accepted from the hand with its cost paid; cited 7.9 p4."""
    story = Story({"CMF-042": 4})
    challenges = story.put("p1", "CMF-042", "hand")
    story.will("p1", "U", "U")
    assert challenges in [a.get("card") for a in legal(story, "p1", "PlayCard")]
    events = story.when(cmd("PlayCard", "p1", card=challenges))
    played = find(events, "CardPlayed")
    assert (played.data["card"], played.rule) == ("CMF-042", "FoW-5.5 7.9 p4")
    paid = find(events, "WillPaid")
    assert sorted(paid.data["will"]) == ["U", "U"]  # {U}{1}: the card's cost, not the [Trigger]'s [0]
    hand = len(story.state.zones["p1"]["hand"])
    story.resolve()
    assert len(story.state.zones["p1"]["hand"]) == hand + 1  # "Draw a card"
    assert story.state.objects[challenges].zone == "graveyard"
    story.replays()


def test_from_the_hand_without_the_will_for_its_cost_it_is_not_listed_nor_accepted() -> None:
    """FoW-5.5 7.9 p4: from the hand the card's cost must be paid ({U}{1}); [0] is not enough."""
    story = Story({"CMF-042": 4})
    challenges = story.put("p1", "CMF-042", "hand")
    assert challenges not in [a.get("card") for a in legal(story, "p1", "PlayCard")]
    refused = story.refused(cmd("PlayCard", "p1", card=challenges))
    assert refused.code.startswith("rules/"), refused
    story.replays()


def test_under_5_01_a_chant_standby_card_is_played_only_from_the_chant_standby_area() -> None:
    """FoW-5.01 7.9 p1: "may play an [Spell: Chant-standby] card in his or her chant-standby area":
    from the hand it is neither listed nor accepted, and the refusal cites 5.01 7.9 p1."""
    story = Story({"CMF-042": 4}, ruleset="FoW-5.01")
    challenges = story.put("p1", "CMF-042", "hand")
    story.will("p1", "U", "U")
    assert challenges not in [a.get("card") for a in legal(story, "p1", "PlayCard")]
    refused = story.refused(cmd("PlayCard", "p1", card=challenges))
    assert (refused.code, refused.rule) == ("rules/chant_standby_trigger", "FoW-5.01 7.9 p1")
    story.replays()
