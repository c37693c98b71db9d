"""[Pierce] damage assignment on real cards (given events / when command / then cited events or a
cited rejection; each story replays its whole log):

* the controller of a blocked attacker with [Pierce] assigns its damage: to the blocker a multiple of
  100 equal to or more than its capacity, the rest (piercing damage) to the attacked object
  (FoW-5.5 11.1 p1.2, dealt by 11.1 p1.3) - every legal amount is listed, others are refused with a
  code of their own; when only one split is legal it is made automatically and the event says so;
* then, for each damage of that split, which replacement applies first (9.10 p2.1).
"""

from __future__ import annotations

from domain.kernel import Event
from tests.fow.cards.story import Story, _add, _enter_next_turn, legal
from tests.fow.support import cmd, find


def _blocked(story: Story, attacker: str, blocker: str) -> list[Event]:
    """``attacker`` of p1 attacks p2, who blocks with ``blocker``; players pass until a question that is no
    priority (or the end of the battle).  The events from the block on."""
    story.attack(attacker, until="declare_block")
    events = story.when(cmd("DeclareBlock", "p2", blocker=blocker))
    while story.pending.kind == "priority" and story.state.step != "end_of_battle":
        events += story.when(cmd("Pass", story.pending.player))
    return events


def test_porthos_controller_assigns_its_damage_to_the_blocker_and_the_attacked_player() -> None:
    # Porthos, the Three Musketeers (CMF-073, [700/400], [Pierce]) is blocked by a Bear ([500/500]): capacity
    # 500, so p1 assigns 500, 600 or 700 to the Bear and the rest to p2 (11.1 p1.2).
    story = Story({"CMF-073": 4, "T-BEAR": 4})
    porthos = story.put("p1", "CMF-073", "field")
    bear = story.put("p2", "T-BEAR", "field")
    _enter_next_turn(story)
    events = _blocked(story, porthos, bear)
    asked = find(events, "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p1", "pierce", "FoW-5.5 11.1 p1.2")
    options = asked.data["options"]
    assert (options["blocker"], options["target"], options["capacity"], options["amounts"]) == (
        bear,
        "p2",
        500,
        [500, 600, 700],
    )
    assert "DamageDealt" not in [e.type for e in events]
    assert legal(story, "p1", "AssignPierceDamage") == [{"to_blocker": n} for n in (500, 600, 700)]
    assert story.refused(cmd("AssignPierceDamage", "p2", to_blocker=500)).code == "rules/not_your_decision"
    refusals = {
        n: (r.code, r.rule)
        for n in (450, 400, 800)
        for r in [story.refused(cmd("AssignPierceDamage", "p1", to_blocker=n))]
    }
    assert refusals == {
        450: ("rules/pierce_not_multiple_of_100", "FoW-5.5 11.1 p1.2"),
        400: ("rules/pierce_below_capacity", "FoW-5.5 11.1 p1.2"),
        800: ("rules/pierce_above_atk", "FoW-5.5 11.1 p1.2"),
    }
    events = story.when(cmd("AssignPierceDamage", "p1", to_blocker=600))
    chosen = find(events, "OptionChosen")
    assert (chosen.data, chosen.rule, chosen.actor) == (
        {"player": "p1", "attacker": porthos, "blocker": bear, "target": "p2", "to_blocker": 600},
        "FoW-5.5 11.1 p1.2",
        "p1",
    )
    dealt = [(e.data["source"], e.data["target"], e.data["amount"], e.rule) for e in events if e.type == "DamageDealt"]
    assert dealt == [
        (porthos, bear, 600, "FoW-5.5 11.1 p1.3"),
        (porthos, "p2", 100, "FoW-5.5 11.1 p1.3"),
        (bear, porthos, 500, "FoW-5.5 8.5 p3"),
    ]
    assert story.state.players["p2"].life == 3900
    assert story.state.objects[bear].zone == "graveyard" and story.state.objects[porthos].zone == "graveyard"
    story.replays()


def test_porthos_may_assign_all_its_damage_to_the_blocker() -> None:
    story = Story({"CMF-073": 4, "T-BEAR": 4})
    porthos = story.put("p1", "CMF-073", "field")
    bear = story.put("p2", "T-BEAR", "field")
    _enter_next_turn(story)
    _blocked(story, porthos, bear)
    events = story.when(cmd("AssignPierceDamage", "p1", to_blocker=700))
    assert [(e.data["target"], e.data["amount"]) for e in events if e.type == "DamageDealt"] == [
        (bear, 700),
        (porthos, 500),
    ]
    assert story.state.players["p2"].life == 4000  # no piercing damage
    story.replays()


def test_porthos_blocked_by_a_wall_assigns_everything_to_it_automatically() -> None:
    # A Wall ([100/1000]) has capacity 1000, more than Porthos's ATK: the only legal split is all 700 to the
    # Wall, made without a question and recorded as automatic (11.1 p1.2)
    story = Story({"CMF-073": 4, "T-WALL": 4})
    porthos = story.put("p1", "CMF-073", "field")
    wall = story.put("p2", "T-WALL", "field")
    _enter_next_turn(story)
    events = _blocked(story, porthos, wall)
    assert "pierce" not in [e.data["kind"] for e in events if e.type == "ChoiceRequested"]
    chosen = find(events, "OptionChosen")
    assert (chosen.data, chosen.rule, chosen.actor) == (
        {"player": "p1", "attacker": porthos, "blocker": wall, "target": "p2", "to_blocker": 700, "automatic": True},
        "FoW-5.5 11.1 p1.2",
        "rules",
    )
    dealt = find(events, "DamageDealt")
    assert (dealt.data["target"], dealt.data["amount"], dealt.rule) == (wall, 700, "FoW-5.5 11.1 p1.3")
    assert story.state.players["p2"].life == 4000
    story.replays()


def test_beowulf_with_pierce_and_kusanagi_asks_the_replacement_order_for_each_part_of_the_split() -> None:
    # Beowulf (TAT-019, [300/500]: "deals double that much instead" to your opponent or a resonator) with
    # Kusanagi Sword (TAT-030: "it deals that much +200 instead") and [Pierce] is blocked by a Herald
    # ([100/100]).  p1 assigns 100 to the Herald and 200 to p2 (11.1 p1.2); for each of those damages the
    # order of the two replacements changes what is dealt, so p1 chooses which applies first (9.10 p2.1).
    story = Story({"TAT-019": 4, "TAT-030": 4, "T-HERALD": 4})
    beowulf = story.put("p1", "TAT-019", "field")
    herald = story.put("p2", "T-HERALD", "field")
    _enter_next_turn(story)
    sword = _add(story, "p1", "TAT-030", beowulf)
    grant = {"id": "x-pierce", "kind": "grant", "skill": "pierce", "source": beowulf, "controller": "p1"}
    story.given("ContinuousEffectCreated", **grant, targets=[beowulf], duration="end_of_turn")
    _blocked(story, beowulf, herald)
    assert story.pending.options["amounts"] == [100, 200, 300]
    events = story.when(cmd("AssignPierceDamage", "p1", to_blocker=100))
    asked = find(events, "ChoiceRequested")
    assert (asked.data["kind"], asked.rule) == ("replacement", "FoW-5.5 9.10 p2.1")
    assert {k: asked.data["options"][k] for k in ("target", "amount", "to_blocker")} == {
        "target": herald,
        "amount": 100,
        "to_blocker": 100,
    }
    events = story.when(cmd("ChooseReplacement", "p1", effect=f"{sword}:1"))  # the Herald: (100 + 200) x 2
    asked = find(events, "ChoiceRequested")
    assert {k: asked.data["options"][k] for k in ("target", "amount", "to_blocker")} == {
        "target": "p2",
        "amount": 200,
        "to_blocker": 100,
    }
    assert "DamageDealt" not in [e.type for e in events]
    events = story.when(cmd("ChooseReplacement", "p1", effect=f"{beowulf}:0"))  # p2: 200 x 2 + 200
    dealt = [(e.data["target"], e.data["amount"]) for e in events if e.type == "DamageDealt"]
    assert dealt == [(herald, 600), ("p2", 600), (beowulf, 100)]
    assert story.state.players["p2"].life == 3400
    story.replays()


def _beowulf_pierces(ruleset: str) -> tuple[Story, dict[str, str], list[Event]]:
    """Beowulf (TAT-019, [300/500], doubles its damage to a resonator or the opponent) with Kusanagi Sword
    (TAT-030, "+200 instead") and [Pierce] attacks p2 and is blocked by a Herald ([100/100]); players pass
    until a question.  The events from the block on."""
    story = Story({"TAT-019": 4, "TAT-030": 4, "T-HERALD": 4}, ruleset=ruleset)
    c = {"beowulf": story.put("p1", "TAT-019", "field"), "herald": story.put("p2", "T-HERALD", "field")}
    _enter_next_turn(story)
    c["sword"] = _add(story, "p1", "TAT-030", c["beowulf"])
    grant = {"id": "x-pierce", "kind": "grant", "skill": "pierce", "source": c["beowulf"], "controller": "p1"}
    story.given("ContinuousEffectCreated", **grant, targets=[c["beowulf"]], duration="end_of_turn")
    return story, c, _blocked(story, c["beowulf"], c["herald"])


def test_under_5_01_the_excess_damage_of_pierce_asks_the_replacement_order_too() -> None:
    """FoW-5.01 11.1 p2, 9.10 p2: without an assignment, Beowulf deals the Herald its whole damage - p1 first
    chooses the order of the two replacements of that damage (300 + 200, doubled: 1000) - and the damage
    beyond the Herald's capacity (100) is dealt to p2 as well: 900, whose two replacements p1 orders as well
    (900 doubled, + 200: 2000), asked before any damage is dealt."""
    story, c, events = _beowulf_pierces("FoW-5.01")
    asked = find(events, "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p1", "replacement", "FoW-5.01 9.10 p2")
    assert (asked.data["options"]["target"], asked.data["options"]["amount"]) == (c["herald"], 300)
    events = story.when(cmd("ChooseReplacement", "p1", effect=f"{c['sword']}:1"))  # (300 + 200) x 2 = 1000
    asked = find(events, "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p1", "replacement", "FoW-5.01 9.10 p2")
    assert (asked.data["options"]["target"], asked.data["options"]["amount"]) == ("p2", 900)
    assert asked.data["options"]["choices"] == [f"{c['sword']}:1", f"{c['beowulf']}:0"]
    assert "DamageDealt" not in [e.type for e in events]
    assert legal(story, "p1", "ChooseReplacement") == [{"effect": x} for x in asked.data["options"]["choices"]]
    events = story.when(cmd("ChooseReplacement", "p1", effect=f"{c['beowulf']}:0"))  # 900 x 2 + 200 = 2000
    dealt = [(e.data["target"], e.data["amount"], e.rule) for e in events if e.type == "DamageDealt"]
    assert dealt == [
        (c["herald"], 1000, "FoW-5.01 8.5 p2.1"),
        ("p2", 2000, "FoW-5.01 11.1 p2"),
        (c["beowulf"], 100, "FoW-5.01 8.5 p3"),
    ]
    assert story.state.players["p2"].life == 2000
    story.replays()
