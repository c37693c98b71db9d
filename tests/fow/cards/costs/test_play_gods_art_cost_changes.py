"""One cost-change model for [Activate] abilities and God's Art (FoW-5.5 9.3 p2.5, 12.4).

"You may pay {2} less to play its God's Art abilities this turn" is a :class:`CostChange` of
``of: gods_art`` with ``less_will`` and ``optional``, applied with the continuous ones ("Your
opponent pays {1} more to play [Judgment] or God's Art abilities"): the quantity is determined by
applying the increases first, then the decreases (9.3 p2.5), never below zero; one ``CostChanged``
event records the result.  Given events / when a command / then cited events; each story replays.
"""

from __future__ import annotations

import pytest

from domain.fow import actions
from domain.fow.cards import Cost, CostChange
from domain.fow.characteristics import characteristics
from tests.fow.cards.story import Story, legal
from tests.fow.support import cmd, find


def _faria(story: Story) -> str:
    """Given: p1's Faria, the Sacred Queen (VS01-003) performs judgment ({W}{W}) and becomes Faria,
    the Ruler of God Sword (VS01-003J), whose enter ability resolves."""
    [faria] = story.state.zones["p1"]["ruler_area"]
    story.will("p1", "W", "W")
    story.when(cmd("PerformJudgment", "p1", pay_with=[]))
    story.resolve_all()
    assert story.state.objects[faria].zone == "field" and story.state.card_of(faria).id == "VS01-003J"
    return faria


def _excalibur(story: Story) -> str:
    """Given: p1 plays the {Rest} ability of an Excalibur, the God's Sword (VS01-002) in their field:
    "... If it's "Faria, the Ruler of God Sword", it gains [Imperishable] until end of turn and you
    may pay {2} less to play its God's Art abilities this turn." """
    sword = story.put("p1", "VS01-002", "field")
    story.when(cmd("ActivateAbility", "p1", source=sword, ability=1, targets=[]))
    events = story.resolve()
    made = [e for e in events if e.type == "ContinuousEffectCreated"]
    assert [e.data["kind"] for e in made] == ["modify", "grant", "pay_less"]
    assert made[-1].data["less"] == {"attribute": {}, "free": 2} and made[-1].rule == "FoW-5.5 9.3 p2.5"
    return sword


def _gods_breath(story: Story, faria: str) -> int:
    return next(i for i, a in characteristics(story.state, faria).abilities if a.gods_art)


def test_increases_apply_before_the_decreases_of_a_gods_art_cost() -> None:
    # God's Breath {W}{W}{4}; three Excaliburs let p1 pay {2} less each ({6}); Barrier of Shadows
    # (TTW-073) of p2: "Your opponent pays {1} more to play [Judgment] or God's Art abilities".
    # Increases first: {W}{W}{5}, then the decreases: {W}{W} - not {W}{W}{1}, which taking {6} off
    # {W}{W}{4} first (never below zero) and adding {1} afterwards would give (9.3 p2.5)
    story = Story({"VS01-002": 4, "TTW-073": 4, "T-BEAR": 4}, ruler="VS01-003")
    faria = _faria(story)
    swords = [_excalibur(story) for _ in range(3)]
    barrier = story.put("p2", "TTW-073", "field")
    art = _gods_breath(story, faria)
    story.will("p1", "W", "W")
    full = story.refused(cmd("ActivateAbility", "p1", source=faria, ability=art, targets=[], pay_with=[]))
    assert full.code == "rules/cannot_pay"  # {W}{W}{5} without the reduction
    assert {"source": faria, "ability": art, "targets": [], "pay_with": [], "reduce": True} in legal(
        story, "p1", "ActivateAbility"
    )
    events = story.when(cmd("ActivateAbility", "p1", source=faria, ability=art, targets=[], pay_with=[], reduce=True))
    [changed] = [e for e in events if e.type == "CostChanged"]
    assert (changed.data["of"], changed.data["printed"], changed.data["cost"], changed.rule) == (
        "gods_art",
        {"attribute": {"W": 2}, "free": 4},
        {"attribute": {"W": 2}, "free": 0},
        "FoW-5.5 9.3 p2.5",
    )
    assert sorted(changed.data["sources"]) == sorted([barrier, *swords])
    assert find(events, "WillPaid").data["will"] == ["W", "W"] and story.state.players["p1"].will == []
    story.replays()


def test_the_optional_decrease_applies_only_when_chosen() -> None:
    # One Excalibur ({2} less) and Barrier of Shadows ({1} more): without "reduce" p1 pays
    # {W}{W}{5}; with it {W}{W}{3} (9.3 p2.5)
    story = Story({"VS01-002": 4, "TTW-073": 4, "T-BEAR": 4}, ruler="VS01-003")
    faria = _faria(story)
    sword = _excalibur(story)
    barrier = story.put("p2", "TTW-073", "field")
    art = _gods_breath(story, faria)
    ability = characteristics(story.state, faria).abilities
    assert actions.activate_will_cost(story.state, "p1", faria, dict(ability)[art]) == Cost(attribute={"W": 2}, free=5)
    assert actions.activate_will_cost(story.state, "p1", faria, dict(ability)[art], reduce=True) == Cost(
        attribute={"W": 2}, free=3
    )
    assert actions.optional_cost_changes(story.state, "p1", faria, dict(ability)[art]) == [sword]
    story.will("p1", "W", "W", "R", "R", "R", "R", "R")
    events = story.when(cmd("ActivateAbility", "p1", source=faria, ability=art, targets=[]))
    [changed] = [e for e in events if e.type == "CostChanged"]
    assert (changed.data["cost"], changed.data["sources"]) == ({"attribute": {"W": 2}, "free": 5}, [barrier])
    assert story.state.players["p1"].will == []
    story.replays()


def test_an_optional_decrease_of_the_opponent_is_not_available() -> None:
    # An effect "you may pay {2} less to play its God's Art abilities this turn" that p2 controls
    # (given: made by p2's Excalibur) lowers only p2's costs (9.3 p2.5)
    story = Story({"VS01-002": 4, "T-BEAR": 4}, ruler="VS01-003")
    faria = _faria(story)
    theirs = story.put("p2", "VS01-002", "field")
    made = {"id": "x-given", "kind": "pay_less", "source": theirs, "controller": "p2", "targets": []}
    story.given("ContinuousEffectCreated", **made, duration="end_of_turn", less={"attribute": {}, "free": 2})
    art = _gods_breath(story, faria)
    story.will("p1", "W", "W", "R", "R", "R", "R")
    no = story.refused(cmd("ActivateAbility", "p1", source=faria, ability=art, targets=[], reduce=True))
    assert (no.code, no.rule) == ("rules/no_cost_reduction", "FoW-5.5 9.3 p2.5")
    assert not [a for a in legal(story, "p1", "ActivateAbility") if a.get("reduce")]
    events = story.when(cmd("ActivateAbility", "p1", source=faria, ability=art, targets=[]))
    assert "CostChanged" not in [e.type for e in events] and story.state.players["p1"].will == []
    story.replays()


def test_a_cost_change_is_one_of_more_less_less_will_or_instead() -> None:
    # the vocabulary: "you may pay {B}{B} less" is less_will + optional; only a decrease is optional
    change = CostChange(of="gods_art", who="you", less_will=Cost(attribute={"B": 2}), optional=True)
    assert change.less_will is not None and change.less_will.total == 2
    with pytest.raises(ValueError):
        CostChange(of="gods_art", who="you", more=1, optional=True)
    with pytest.raises(ValueError):
        CostChange(of="gods_art", who="you", less=1, less_will=Cost(free=1))
