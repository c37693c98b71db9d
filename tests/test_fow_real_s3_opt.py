"""Real Grimm/Alice cards of the s3-opt round, executed by the engine in the form the importer
gives them (given events / when command / then events; each story replays its whole log):

* "Reveal the top card of your deck" ("your deck" is the main deck) with a branch on it, and an
  effect with no duration on "all X" ("resonators you control gain [+300/+300]"): it lasts for
  the rest of the game (FoW-5.5 9.1 p2.2) and covers what starts to match later (9.9 p4).
"""

from __future__ import annotations

from domain.fow.characteristics import characteristics
from tests.fow_support import cmd, find
from tests.test_fow_battle import to_main
from tests.test_fow_conditions import Story


def _attack(story: Story, attacker: str) -> None:
    story.when(cmd("InitiateBattle", "p1"))
    while story.pending.kind != "declare_attack":
        story.when(cmd("Pass", story.pending.player))
    story.when(cmd("DeclareAttack", "p1", attacker=attacker, target="p2"))


def _stats(story: Story, oid: str) -> tuple[int | None, int | None]:
    chars = characteristics(story.state, oid)
    return chars.atk, chars.def_


def test_drill_sergeant_reveals_a_resonator_and_resonators_you_control_gain_for_good() -> None:
    # Drill Sergeant (TMS-036): "Whenever this card attacks or blocks, reveal the top card of your
    # deck. If it's a resonator, resonators you control gain [+300/+300]. Otherwise, return this
    # card to its owner's hand."  A main deck of resonators only: the top card is one.
    story = Story({"TMS-036": 4, "T-BEAR": 4})
    sergeant, bear = story.put("p1", "TMS-036", "field"), story.put("p1", "T-BEAR", "field")
    theirs = story.put("p2", "T-BEAR", "field")
    story.log += to_main(story.state, turn=3)
    before, theirs_before = _stats(story, bear), _stats(story, theirs)
    _attack(story, sergeant)
    events: list = []
    while not any(e.type == "ContinuousEffectCreated" for e in events):
        events += story.when(cmd("Pass", story.pending.player))
    top = story.state.zones["p1"]["main_deck"][-1]
    assert find(events, "CardRevealed").data == {"oid": top, "player": "p1"}
    made = find(events, "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["atk"], made.data["def"], made.data["duration"]) == (
        "modify",
        300,
        300,
        "permanent",
    )
    assert made.data["targets"] == [] and made.data["filter"]["controller"] == "you"
    assert made.rule == "FoW-5.5 10.19 p3"
    assert story.state.objects[sergeant].zone == "field"
    assert _stats(story, bear) == (before[0] + 300, before[1] + 300)  # type: ignore[operator]
    assert _stats(story, theirs) == theirs_before
    # no duration: it does not end with the turn (9.1 p2.2), and a resonator put into p1's field
    # later gains it too (9.9 p4)
    while story.pending.kind != "declare_block":
        story.when(cmd("Pass", story.pending.player))
    story.when(cmd("DeclineBlock", "p2"))
    story.log += to_main(story.state, turn=5)
    assert _stats(story, bear) == (before[0] + 300, before[1] + 300)  # type: ignore[operator]
    later = story.put("p1", "T-BEAR", "field")
    assert _stats(story, later) == _stats(story, bear)
    story.replays()


def test_drill_sergeant_reveals_a_spell_and_returns_to_its_owners_hand() -> None:
    # Drill Sergeant (TMS-036), "Otherwise, return this card to its owner's hand.": a main deck of
    # spells under it; the revealed card stays on top
    story = Story({"TMS-036": 4, "T-BOLT": 4, "T-GROW": 4})
    sergeant = story.put("p1", "TMS-036", "field")
    story.log += to_main(story.state, turn=3)
    for oid in list(story.state.zones["p1"]["main_deck"]):  # the resonators leave the main deck
        obj = story.state.objects[oid]
        if story.state.cards[obj.card].type == "resonator":
            data = {"oid": oid, "card": obj.card, "owner": "p1", "controller": "p1", "to": "graveyard"}
            story.given("CardMoved", **data, reason="given", **{"from": "main_deck"})
    top = story.state.zones["p1"]["main_deck"][-1]
    assert story.state.cards[story.state.objects[top].card].type == "spell"
    _attack(story, sergeant)
    events: list = []
    while story.state.objects[sergeant].zone == "field":
        events += story.when(cmd("Pass", story.pending.player))
    assert find(events, "CardRevealed").data["oid"] == top
    assert story.state.zones["p1"]["main_deck"][-1] == top
    assert not any(e.type == "ContinuousEffectCreated" for e in events)
    assert story.state.objects[sergeant].zone == "hand"
    story.replays()
