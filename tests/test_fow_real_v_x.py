"""{X} in [Judgment] and [Awakening] costs, the X recorded so the card's abilities read it, and
other costs of judgment - real Grimm/Alice cards executed by the engine in the form the importer
gives them (helper v_x; given events / when command / then cited events or a cited rejection; each
story replays its whole log):

* "[J-Activate] Pay {2}{X}. Spend only {M} will on X." (FoW-5.5 7.5 p2, 9.3 p2.5): X is chosen as
  the judgment is performed (``x``, as for an [Activate] {X}), paid with moon will, recorded in
  ``JudgmentPerformed`` and carried by the J-ruler into the field; its [Enter] ability reads it
  ("Search your main deck for X Treasury Item cards and put them into your field").
"""

from __future__ import annotations

from domain.kernel import Event
from tests.fow_support import cmd
from tests.test_fow_conditions import Story, legal


def _until(story: Story, kind: str) -> list[Event]:
    """Players pass until the pending decision is ``kind``; the events on the way."""
    events: list[Event] = []
    while story.pending.kind != kind:
        events += story.when(cmd("Pass", story.pending.player))
    return events


# --- Moon Princess of Stellar Wars / Kaguya, the Immortal Princess: X of the judgment ---------------


def _kaguya_story() -> Story:
    # Moon Princess of Stellar Wars (MPR-046): "[J-Activate] Pay {2}{X}. Spend only {M} will on X."
    # Kaguya, the Immortal Princess (MPR-046J): "[Enter]: Search your main deck for X Treasury Item
    # cards and put them into your field."  Jeweled Branch of Horai (CMF-007) and Stone Bowl of Buddha
    # (CMF-055) are Treasury Items ([Addition: Field])
    return Story({"CMF-007": 4, "CMF-055": 4, "T-BEAR": 4}, ruler="MPR-046")


def test_judgment_x_is_chosen_paid_with_moon_will_and_read_by_the_j_ruler() -> None:
    story = _kaguya_story()
    [ruler] = story.state.zones["p1"]["ruler_area"]
    story.will("p1", "M", "M", "U", "U", "U")
    # an {X} cost needs its X (9.3 p2.5)
    refusal = story.refused(cmd("PerformJudgment", "p1"))
    assert (refusal.code, refusal.rule) == ("command/malformed", "FoW-5.5 9.3 p2.5")
    # X is paid with {M} only: three will of water do not pay X = 3 (10.2 p4)
    refusal = story.refused(cmd("PerformJudgment", "p1", x=3))
    assert (refusal.code, refusal.rule) == ("rules/cannot_pay", "FoW-5.5 10.2 p4")
    offered = sorted(a["x"] for a in legal(story, "p1", "PerformJudgment"))
    assert offered == [0, 1, 2]  # two {M}: X up to 2
    events = story.when(cmd("PerformJudgment", "p1", x=2))
    performed = next(e for e in events if e.type == "JudgmentPerformed")
    assert (performed.data["x"], performed.rule) == (2, "FoW-5.5 7.5 p2")
    paid = next(e for e in events if e.type == "WillPaid")
    assert sorted(paid.data["will"]) == ["M", "M", "U", "U"]  # {2} from water, X from moon
    events = story.resolve()  # the J-ruler enters the field (7.5 p3) with the X it was played with
    entered = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == ruler)
    assert (entered.data["x"], entered.rule) == (2, "FoW-5.5 7.5 p3")
    story.when(cmd("Pass", "p1"))  # the lone [Enter] has no target: played automatically
    [item] = story.state.chase
    assert item.x == 2
    events = _until(story, "search")
    [asked] = [e for e in events if e.type == "ChoiceRequested"]
    assert (asked.data["kind"], asked.data["options"]["max"], asked.rule) == ("search", 2, "FoW-5.5 10.13 p2")
    treasures = asked.data["options"]["cards"]
    deck = story.state.zones["p1"]["main_deck"]
    in_deck = {o for o in deck if story.state.objects[o].card in ("CMF-007", "CMF-055")}
    assert set(treasures) == in_deck and len(treasures) >= 3  # the Treasury Items of the main deck
    refusal = story.refused(cmd("ChooseCards", "p1", cards=treasures[:3]))
    assert refusal.rule == "FoW-5.5 10.13 p2"  # X = 2: no more than two
    events = story.when(cmd("ChooseCards", "p1", cards=treasures[:2]))
    into = [e for e in events if e.type == "CardMoved" and e.data["to"] == "field"]
    assert [(e.data["oid"], e.rule) for e in into] == [(t, "FoW-5.5 10.13 p2") for t in treasures[:2]]
    story.replays()


def test_judgment_x_of_zero_finds_nothing() -> None:
    story = _kaguya_story()
    story.will("p1", "U", "U")
    assert [a["x"] for a in legal(story, "p1", "PerformJudgment")] == [0]
    story.when(cmd("PerformJudgment", "p1", x=0))
    story.resolve()
    story.when(cmd("Pass", "p1"))
    events = _until(story, "search")
    [asked] = [e for e in events if e.type == "ChoiceRequested"]
    assert asked.data["options"]["max"] == 0
    events = story.when(cmd("ChooseCards", "p1", cards=[]))
    assert not [e for e in events if e.type == "CardMoved" and e.data["to"] == "field"]
    story.replays()
