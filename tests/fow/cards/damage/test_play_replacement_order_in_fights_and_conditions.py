"""Which replacement applies first to damage (FoW-5.5 9.10 p2.1) where damage is dealt by a fight or by
an effect a "you may" or an "if" holds, on real cards (given events / when command / then cited events;
each story replays its whole log): the controller of what deals the damage is asked whenever the order changes what
is dealt, and the effect resumes where it asked - in the fight with the J/resonator chosen for it, inside
the "you may"/"if" without asking it or checking its condition again.
"""

from __future__ import annotations

from domain.kernel import Event
from tests.fow.cards.story import Story, _add, legal
from tests.fow.support import cmd, find
from tests.fow.test_ch8_battle import to_main


def _asked(events: list[Event]) -> Event:
    return [e for e in events if e.type == "ChoiceRequested"][-1]


def test_battle_for_attoractia_asks_which_replacement_beowulf_applies_first() -> None:
    # Battle for Attoractia (BFA-017): "Target J/resonator you control and target J/resonator your opponent
    # controls deal damage equal to their ATK to each other."  Beowulf (TAT-019, doubles its damage to a
    # resonator) with Kusanagi Sword (TAT-030, "+200 instead") fights a Bear: 1000 or 800 - p1 chooses.
    story = Story({"BFA-017": 4, "TAT-019": 4, "TAT-030": 4, "T-BEAR": 4})
    beowulf = story.put("p1", "TAT-019", "field")
    sword = _add(story, "p1", "TAT-030", beowulf)
    bear = story.put("p2", "T-BEAR", "field")
    fight = story.put("p1", "BFA-017", "hand")
    story.will("p1", "R", "R")
    story.when(cmd("PlayCard", "p1", card=fight, targets=[[beowulf], [bear]]))
    events = story.resolve()
    asked = _asked(events)
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p1", "replacement", "FoW-5.5 9.10 p2.1")
    assert (asked.data["options"]["target"], asked.data["options"]["amount"]) == (bear, 300)
    assert "DamageDealt" not in [e.type for e in events] and story.state.chase
    assert legal(story, "p1", "ChooseReplacement") == [{"effect": f"{sword}:1"}, {"effect": f"{beowulf}:0"}]
    events = story.when(cmd("ChooseReplacement", "p1", effect=f"{beowulf}:0"))
    steps = [(e.data["effect"], e.data["instead"]) for e in events if e.type == "DamageReplaced"]
    assert steps == [(f"{beowulf}:0", 600), (f"{sword}:1", 800)]
    dealt = [(e.data["source"], e.data["target"], e.data["amount"]) for e in events if e.type == "DamageDealt"]
    assert dealt == [(beowulf, bear, 800), (bear, beowulf, 500)]
    assert story.state.objects[fight].zone == "graveyard" and not story.state.chase
    story.replays()


def test_kujata_fights_the_queen_of_hearts_and_then_its_controller_chooses_the_card_soldier() -> None:
    # Kujata, Sacred Ox (TMS-058): "this and a J/resonator your opponent controls deal damage ... to each
    # other" - p1 chooses the Queen of Hearts (TAT-086) on resolution (9.3 p3.2); two Card Soldier "Heart"
    # (TAT-022) would each take that damage instead: p1 chooses which (9.10 p2.1), and the fight resumes
    # with the Queen it chose.
    story = Story({"TMS-058": 4, "TAT-086": 4, "TAT-022": 4})
    kujata = story.put("p1", "TMS-058", "field")
    first = story.put("p2", "TAT-022", "field")
    second = story.put("p2", "TAT-022", "field")
    queen = story.put("p2", "TAT-086", "field")
    story.will("p1", "G", "G", "G", "G")
    story.when(cmd("ActivateAbility", "p1", source=kujata, ability="evolution", pay_with=[]))
    story.resolve()  # the evolution counter is put: the ability triggers
    events = story.resolve()
    assert _asked(events).data["kind"] == "fight"
    events = story.when(cmd("ChooseCards", "p1", cards=[queen]))
    asked = _asked(events)
    assert (asked.data["kind"], asked.rule) == ("replacement", "FoW-5.5 9.10 p2.1")
    assert asked.data["options"]["fight"] == [queen]
    assert asked.data["options"]["choices"] == [f"{first}:0", f"{second}:0"]
    events = story.when(cmd("ChooseReplacement", "p1", effect=f"{second}:0"))
    dealt = [(e.data["source"], e.data["target"], e.data["amount"]) for e in events if e.type == "DamageDealt"]
    assert dealt == [(kujata, second, 1000), (queen, kujata, 200)]
    assert story.state.objects[second].zone == "graveyard"
    assert (story.state.objects[first].zone, story.state.objects[queen].damage) == ("field", 0)
    story.replays()


def test_dragon_kings_flame_asks_inside_its_if_and_resumes_without_checking_it_again() -> None:
    # Dragon King's Flame (TAT-023): "This card deals 600 damage to target player or resonator.  If your
    # J/ruler is "Falltgold, the Dragoon" or "Bahamut, the Dragon King", it deals 800 damage instead."
    # (an "if" whose otherwise deals the 600).  At p2's Queen of Hearts with two Card Soldier "Heart":
    # p1 chooses which soldier is dealt the damage (9.10 p2.1) - the question waits inside the "if".
    story = Story({"TAT-023": 4, "TAT-086": 4, "TAT-022": 4})
    first = story.put("p2", "TAT-022", "field")
    second = story.put("p2", "TAT-022", "field")
    queen = story.put("p2", "TAT-086", "field")
    flame = story.put("p1", "TAT-023", "hand")
    story.will("p1", "R", "R", "R")
    story.when(cmd("PlayCard", "p1", card=flame, targets=[[queen]]))
    events = story.resolve()
    checked = find(events, "ConditionChecked")
    assert checked.data["met"] is False
    asked = _asked(events)
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p1", "replacement", "FoW-5.5 9.10 p2.1")
    assert (asked.data["options"]["amount"], asked.data["options"]["wrapper"]) == (600, [{"answer": False, "inner": 0}])
    assert "DamageDealt" not in [e.type for e in events]
    events = story.when(cmd("ChooseReplacement", "p1", effect=f"{first}:0"))
    assert "ConditionChecked" not in [e.type for e in events]  # the "if" was checked once (9.3 p3.2)
    dealt = find(events, "DamageDealt")
    assert (dealt.data["target"], dealt.data["amount"]) == (first, 600)
    assert [story.state.objects[o].damage for o in (first, second, queen)] == [600, 0, 0]
    assert story.state.objects[flame].zone == "graveyard" and not story.state.chase
    story.replays()


def test_snow_white_asks_inside_its_you_may_and_resumes_without_asking_it_again() -> None:
    # Snow White, the Valkyrie of Passion (SKL-031): "Whenever this card attacks, it may deal 300 damage to
    # target resonator for each passion counter on it. If it does, remove all passion counters from it."
    # At p2's Queen of Hearts with two Card Soldier "Heart": p1 accepts (9.3 p3.2), then chooses which soldier
    # is dealt the damage (9.10 p2.1); "If it does" then holds.
    story = Story({"SKL-031": 4, "TAT-086": 4, "TAT-022": 4})
    snow = story.put("p1", "SKL-031", "field")
    first = story.put("p2", "TAT-022", "field")
    second = story.put("p2", "TAT-022", "field")
    queen = story.put("p2", "TAT-086", "field")
    story.log += to_main(story.state, turn=3)
    story.attack(snow)
    _counter, damage = sorted(story.state.triggered, key=lambda t: t.ability)
    story.when(cmd("PlayTriggered", "p1", trigger=damage.id, targets=[[queen]]))
    story.resolve()  # the passion counter
    assert _asked(story.resolve()).data["kind"] == "optional"
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    asked = _asked(events)
    assert (asked.data["kind"], asked.rule) == ("replacement", "FoW-5.5 9.10 p2.1")
    assert asked.data["options"]["wrapper"] == [{"answer": True, "inner": 0}]
    assert "DamageDealt" not in [e.type for e in events]
    events = story.when(cmd("ChooseReplacement", "p1", effect=f"{second}:0"))
    assert not [e for e in events if e.type == "OptionChosen" and "accepted" in e.data]  # asked once (9.3 p3.2)
    dealt = find(events, "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (snow, second, 300)
    assert find(events, "ConditionChecked").data["met"] is True  # "If it does"
    assert not story.state.objects[snow].counters.get("passion")
    assert [story.state.objects[o].damage for o in (first, second, queen)] == [0, 300, 0]
    story.replays()
