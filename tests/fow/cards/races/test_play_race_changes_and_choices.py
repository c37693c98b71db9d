"""Race changes and race choices of real Grimm/Alice cards (helper bucket ``v_race``), executed by the
engine in the form the importer gives them (given events / when command / then cited events or a
cited rejection; each story replays its whole log):

* "Target resonator loses all races and becomes a Fairy Tale until end of turn" (2.5, 9.9 p1);
* "Target J/resonator loses all races and gains a race of your choice until end of turn": the race
  chosen on resolution among the database's races (``ChooseRace``, 2.5 p1), applied in timestamp order
  with the continuous abilities that change races (9.9 p3).
"""

from __future__ import annotations

from domain.fow import actions, flow
from domain.fow.characteristics import characteristics, races_of
from domain.kernel import Event
from tests.fow.cards.story import Story, legal
from tests.fow.support import cmd, find
from tests.fow.test_ch8_battle import to_main


def stats(story: Story, oid: str) -> tuple[int | None, int | None]:
    chars = characteristics(story.state, oid)
    return chars.atk, chars.def_


# --- "loses all races and becomes a Fairy Tale until end of turn" (2.5, 9.9 p1) --------------------------


def test_flower_kingdom_makes_a_resonator_a_fairy_tale_until_end_of_turn() -> None:
    # Flower Kingdom (TMS-038): "Fairy Tale resonators you control gain [+200/+200]." "{U}{1}: Target
    # resonator loses all races and becomes a Fairy Tale until end of turn."  Wolf-Haunted in Black Forest
    # (CMF-037) is a Nightmare Werewolf: it becomes a Fairy Tale only, and so gains [+200/+200].
    story = Story({"TMS-038": 4, "CMF-037": 4})
    kingdom = story.put("p1", "TMS-038", "field")
    wolf = story.put("p1", "CMF-037", "field")
    before = stats(story, wolf)
    assert races_of(story.state, wolf) == ["Nightmare", "Werewolf"]
    story.will("p1", "U", "R")
    story.when(cmd("ActivateAbility", "p1", source=kingdom, ability=1, targets=[[wolf]]))
    made = find(story.resolve(), "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["targets"], made.rule) == ("change_races", [wolf], "FoW-5.5 9.9 p1")
    assert (made.data["races"], made.data["lose_races"], made.data["duration"]) == (["Fairy Tale"], True, "end_of_turn")
    assert races_of(story.state, wolf) == ["Fairy Tale"]
    assert stats(story, wolf) == (before[0] + 200, before[1] + 200)  # type: ignore[operator]
    # until end of turn: at the next turn it is a Nightmare Werewolf again, without the bonus
    story.log += to_main(story.state, turn=2)
    assert races_of(story.state, wolf) == ["Nightmare", "Werewolf"]
    assert stats(story, wolf) == before
    story.replays()


def test_the_race_change_ends_when_the_resonator_leaves_the_field() -> None:
    # a new object has none of the old one's effects (3.1 p3)
    story = Story({"TMS-038": 4, "CMF-037": 4})
    kingdom = story.put("p1", "TMS-038", "field")
    wolf = story.put("p1", "CMF-037", "field")
    story.will("p1", "U", "R")
    story.when(cmd("ActivateAbility", "p1", source=kingdom, ability=1, targets=[[wolf]]))
    story.resolve()
    story.by_rule(actions.move, wolf, "hand", "given", rule="3.1 p5", reason="effect")
    story.by_rule(actions.move, wolf, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    assert races_of(story.state, wolf) == ["Nightmare", "Werewolf"]
    assert not [e for e in story.state.effects if e.kind == "change_races"]
    story.replays()


# --- "gains a race of your choice" (2.5 p1), chosen on resolution ------------------------------------------


def _moojdart(story: Story, target: str) -> str:
    """When: p1 plays Moojdart's race ability on ``target`` and both players pass."""
    stone = story.put("p1", "TAT-100", "stone_area")
    story.will("p1", "U")
    story.when(cmd("ActivateAbility", "p1", source=stone, ability=1, targets=[[target]]))
    return stone


def test_moojdart_asks_for_a_race_and_the_target_has_that_race_only() -> None:
    # Moojdart, the Fantasy Stone (TAT-100): "[Activate] {U}{Rest}: Target J/resonator loses all races and
    # gains a race of your choice until end of turn."  The race is asked as the ability resolves, among the
    # races of the card database; "Tank" is no race of it, and p2 has nothing to choose.
    story = Story({"CMF-037": 4}, stones={"TAT-100": 1, "T-STONE": 9})
    wolf = story.put("p2", "CMF-037", "field")
    stone = _moojdart(story, wolf)
    assert story.state.objects[stone].rested
    asked = find(story.resolve(), "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p1", "race", "FoW-5.5 2.5 p1")
    races = asked.data["options"]["races"]
    assert "Human" in races and "Fairy Tale" in races and "Tank" not in races and races == sorted(races)
    assert legal(story, "p1", "ChooseRace") == [{"race": r} for r in races]
    assert legal(story, "p2", "ChooseRace") == []
    wrong = story.refused(cmd("ChooseRace", "p1", race="Tank"))
    assert (wrong.code, wrong.rule) == ("rules/race_choice", "FoW-5.5 2.5 p1")
    assert story.refused(cmd("ChooseRace", "p1", race=7)).code == "rules/race_choice"
    assert story.refused(cmd("ChooseRace", "p2", race="Human")).code == "rules/not_your_decision"
    events = story.when(cmd("ChooseRace", "p1", race="Human"))
    chosen = find(events, "OptionChosen")
    assert (chosen.data["race"], chosen.data["player"], chosen.rule) == ("Human", "p1", "FoW-5.5 2.5 p1")
    made = find(events, "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["races"], made.data["targets"]) == ("change_races", ["Human"], [wolf])
    assert made.cause == f"ev:{chosen.seq}"
    assert races_of(story.state, wolf) == ["Human"]
    story.log += to_main(story.state, turn=2)
    assert races_of(story.state, wolf) == ["Nightmare", "Werewolf"]
    story.replays()


def test_moojdart_asks_nothing_when_its_target_is_gone() -> None:
    # no legal target on resolution: nothing to choose (9.3 p3.1)
    story = Story({"CMF-037": 4}, stones={"TAT-100": 1, "T-STONE": 9})
    wolf = story.put("p2", "CMF-037", "field")
    _moojdart(story, wolf)
    story.by_rule(actions.destroy, wolf, "given")
    events = story.resolve()
    assert "ChoiceRequested" not in [e.type for e in events]
    assert not [e for e in story.state.effects if e.kind == "change_races"]
    story.replays()


def test_race_changes_apply_in_timestamp_order() -> None:
    # Juliet, the Hope (CMF-008): "As long as you control "Romeo, the Despair", each Nightmare resonator loses
    # Nightmare and gains Fairy Tale" (Romeo CMF-090).  Made before Moojdart's effect, Juliet's change is
    # replaced by it (the Werewolf becomes a Human only); a Juliet coming into the field after it applies
    # after it (the wolf is a Human and a Fairy Tale): the earlier applied first (9.9 p3).
    story = Story({"CMF-008": 4, "CMF-090": 4, "CMF-037": 4}, stones={"TAT-100": 1, "T-STONE": 9})
    story.put("p1", "CMF-090", "field")
    juliet = story.put("p1", "CMF-008", "field")
    wolf = story.put("p2", "CMF-037", "field")
    assert races_of(story.state, wolf) == ["Werewolf", "Fairy Tale"]
    _moojdart(story, wolf)
    story.resolve()
    story.when(cmd("ChooseRace", "p1", race="Human"))
    assert races_of(story.state, wolf) == ["Human"]
    story.by_rule(actions.move, juliet, "hand", "given", rule="3.1 p5", reason="effect")
    story.by_rule(actions.move, juliet, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    assert races_of(story.state, wolf) == ["Human", "Fairy Tale"]
    story.replays()


# --- "the top three cards of your main deck or magic stone deck" (9.3 p3.2, 3.1 p4) ------------------------


def _susie(story: Story) -> list[Event]:
    """When: Susie Evans enters p1's field and her ability resolves (up to its first question)."""
    susie = story.put("p1", "VIN002-013", "graveyard")
    story.by_rule(actions.move, susie, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    story.when(cmd("Pass", "p1"))  # no target: played at once (6.2 p3)
    return story.resolve()


def test_susie_orders_the_top_three_cards_of_the_magic_stone_deck() -> None:
    # Susie Evans (VIN002-013): "When this card enters your field ⇒ Look at the top three cards of your main
    # deck or magic stone deck and put them back in any order."  The deck is chosen as it resolves; then the
    # three cards are put back in the order p1 gives (top first); nothing leaves the deck.
    story = Story({"VIN002-013": 4}, stones={"T-STONE": 7, "TAT-100": 3})
    asked = find(_susie(story), "ChoiceRequested")
    assert (asked.data["kind"], asked.data["options"]["choices"], asked.rule) == (
        "option",
        ["main_deck", "stone_deck"],
        "FoW-5.5 9.3 p3.2",
    )
    assert legal(story, "p1", "ChooseOption") == [{"option": 0}, {"option": 1}]
    assert story.refused(cmd("ChooseOption", "p1", option=2)).code == "rules/option_choice"
    top = list(reversed(story.state.zones["p1"]["stone_deck"][-3:]))
    events = story.when(cmd("ChooseOption", "p1", option=1))
    chosen = find(events, "OptionChosen")
    assert (chosen.data["deck"], chosen.rule) == ("stone_deck", "FoW-5.5 9.3 p3.2")
    look = find(events, "ChoiceRequested")
    assert (look.data["kind"], look.data["options"]["looked"], look.data["options"]["max"]) == ("look", top, 0)
    assert legal(story, "p1", "ChooseCards") == [{"cards": []}]
    taken = story.refused(cmd("ChooseCards", "p1", cards=[top[0]]))
    assert taken.code == "rules/look_choice"
    size = len(story.state.zones["p1"]["stone_deck"])
    story.when(cmd("ChooseCards", "p1", cards=[], order=[top[2], top[0], top[1]]))
    assert list(reversed(story.state.zones["p1"]["stone_deck"][-3:])) == [top[2], top[0], top[1]]
    assert len(story.state.zones["p1"]["stone_deck"]) == size and not story.state.chase
    story.replays()


def test_susie_may_order_the_main_deck_instead() -> None:
    story = Story({"VIN002-013": 4, "T-BEAR": 4, "T-WALL": 4})
    _susie(story)
    top = list(reversed(story.state.zones["p1"]["main_deck"][-3:]))
    stones = list(story.state.zones["p1"]["stone_deck"])
    events = story.when(cmd("ChooseOption", "p1", option=0))
    assert find(events, "OptionChosen").data["deck"] == "main_deck"
    assert find(events, "ChoiceRequested").data["options"]["looked"] == top
    story.when(cmd("ChooseCards", "p1", cards=[], order=list(reversed(top))))
    assert list(reversed(story.state.zones["p1"]["main_deck"][-3:])) == list(reversed(top))
    assert story.state.zones["p1"]["stone_deck"] == stones
    story.replays()


# --- "Choose a race. As long as you control this card, J/resonators of the chosen race cannot attack you" ----


def _scheherazade(story: Story, race: str = "Werewolf") -> tuple[str, list[Event]]:
    """When: p1 plays Scheherazade, the Teller of the Crimson Moon and her [Enter] ability resolves,
    ``race`` chosen."""
    scheherazade = story.put("p1", "MOA-039", "hand")
    story.will("p1", "G", "G", "R", "R", "R")
    story.when(cmd("PlayCard", "p1", card=scheherazade))
    story.resolve()
    events = _until_race(story)
    return scheherazade, events + story.when(cmd("ChooseRace", "p1", race=race))


def _until_race(story: Story) -> list[Event]:
    """Players pass (the [Enter] ability, with no target, is played at once, 6.2 p3) until the race is asked."""
    events: list[Event] = []
    while story.pending.kind != "race":
        events += story.when(cmd("Pass", story.pending.player))
    return events


def test_scheherazade_j_resonators_of_the_chosen_race_cannot_attack_you() -> None:
    # Scheherazade, the Teller of the Crimson Moon (MOA-039): "[Enter]: Choose a race. As long as you control
    # this card, J/resonators of the chosen race cannot attack you."  Werewolf chosen: p2's Werewolf (CMF-037)
    # may not attack p1; a Bear (no race) may attack.
    story = Story({"MOA-039": 4, "CMF-037": 4, "T-BEAR": 4})
    wolf = story.put("p2", "CMF-037", "field")
    bear = story.put("p2", "T-BEAR", "field")
    scheherazade = story.put("p1", "MOA-039", "hand")
    story.will("p1", "G", "G", "R", "R", "R")
    story.when(cmd("PlayCard", "p1", card=scheherazade))
    story.resolve()
    asked = find(_until_race(story), "ChoiceRequested")
    assert (asked.data["kind"], asked.rule) == ("race", "FoW-5.5 2.5 p1")
    assert "Werewolf" in asked.data["options"]["races"]
    assert story.refused(cmd("ChooseRace", "p1", race="Tank")).code == "rules/race_choice"
    events = story.when(cmd("ChooseRace", "p1", race="Werewolf"))
    chosen = find(events, "OptionChosen")
    assert (chosen.data["race"], chosen.data["chosen_race"], chosen.rule) == ("Werewolf", True, "FoW-5.5 2.5 p1")
    made = find(events, "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["rules"], made.data["duration"], made.rule) == (
        "rules",
        ["cannot_attack_you"],
        "source_controlled",
        "FoW-5.5 1.4 p4",
    )
    assert made.data["filter"] == {"races": ["Werewolf"]} and made.data["targets"] == []
    assert made.cause == f"ev:{chosen.seq}"
    story.log += to_main(story.state, turn=2)  # p2's turn
    story.when(cmd("InitiateBattle", "p2"))
    while story.pending.kind != "declare_attack":
        story.when(cmd("Pass", story.pending.player))
    attacks = legal(story, "p2", "DeclareAttack")
    assert {"attacker": bear, "target": "p1"} in attacks and {"attacker": wolf, "target": "p1"} not in attacks
    refused = story.refused(cmd("DeclareAttack", "p2", attacker=wolf, target="p1"))
    assert (refused.code, refused.rule) == ("rules/cannot_attack_player", "FoW-5.5 1.4 p4")
    story.when(cmd("DeclareAttack", "p2", attacker=bear, target="p1"))
    story.replays()


def test_scheherazades_effect_ends_when_another_player_gains_control_of_her() -> None:
    # "As long as you control this card": Valentina, Puppet Monarch (TMS-049) of p2 takes Scheherazade; the
    # effect ends (9.1 p2.2) and p2's Werewolf may attack p1 again
    story = Story({"MOA-039": 4, "CMF-037": 4, "TMS-049": 4})
    wolf = story.put("p2", "CMF-037", "field")
    scheherazade, _ = _scheherazade(story)
    [made] = [e for e in story.state.effects if e.kind == "rules"]
    story.log += to_main(story.state, turn=2)
    valentina = story.put("p2", "TMS-049", "hand")
    story.will("p2", "U", "U", "U", "U")
    story.when(cmd("PlayCard", "p2", card=valentina))
    story.resolve()
    story.when(cmd("PlayTriggered", "p2", trigger=story.pending.options["triggers"][0], targets=[[scheherazade]]))
    events = story.resolve()
    assert story.state.objects[scheherazade].controller == "p2"
    ended = find(events, "ContinuousEffectsEnded")
    assert (ended.data["ids"], ended.rule) == ([made.id], "FoW-5.5 9.1 p2.2")
    assert not [e for e in story.state.effects if e.kind == "rules"]
    story.when(cmd("InitiateBattle", "p2"))
    while story.pending.kind != "declare_attack":
        story.when(cmd("Pass", story.pending.player))
    assert {"attacker": wolf, "target": "p1"} in legal(story, "p2", "DeclareAttack")
    story.replays()


def test_scheherazades_effect_is_not_made_if_she_left_before_it_resolves() -> None:
    # 9.9 p8: "as long as you control this card" is off as the ability resolves: no effect
    story = Story({"MOA-039": 4, "CMF-037": 4})
    scheherazade = story.put("p1", "MOA-039", "hand")
    story.will("p1", "G", "G", "R", "R", "R")
    story.when(cmd("PlayCard", "p1", card=scheherazade))
    story.resolve()
    story.when(cmd("Pass", "p1"))  # the [Enter] ability is played
    assert story.state.chase and story.pending.kind == "priority"
    story.by_rule(actions.move, scheherazade, "hand", "given", rule="3.1 p5", reason="returned")
    _until_race(story)
    events = story.when(cmd("ChooseRace", "p1", race="Werewolf"))
    assert find(events, "ContinuousEffectNotMade").rule == "FoW-5.5 9.9 p8"
    assert not [e for e in story.state.effects if e.kind == "rules"]
    story.replays()


def test_scheherazades_effect_ends_when_she_leaves_the_field() -> None:
    story = Story({"MOA-039": 4, "CMF-037": 4})
    scheherazade, _ = _scheherazade(story)
    [made] = [e for e in story.state.effects if e.kind == "rules"]
    moved = story.by_rule(actions.move, scheherazade, "graveyard", "given", rule="10.9 p1", reason="destroyed")
    ended = find(moved, "ContinuousEffectsEnded")
    assert (ended.data["ids"], ended.rule) == ([made.id], "FoW-5.5 9.1 p2.2")
    story.replays()


# --- additions: "gains Zombie in addition to its own races"; added from the graveyard (10.1 p2) -------------


def test_necromancy_adds_itself_from_the_graveyard_to_a_resonator_entering_your_field() -> None:
    # Necromancy of the Undead Lord (SKL-073): "Added resonator gains Zombie in addition to its own races."
    # "Added resonator gains [+200/+200]." "Whenever a resonator enters your field, you may add this card from
    # your graveyard to that resonator."  It works in the graveyard (9.2 p2); the Werewolf entering p2's
    # field triggers nothing; one entering p1's does, and p1 may decline.
    story = Story({"SKL-073": 4, "CMF-037": 4})
    necromancy = story.put("p1", "SKL-073", "graveyard")
    theirs = story.put("p2", "CMF-037", "graveyard")
    story.by_rule(actions.move, theirs, "field", "given", rule="3.1 p5", reason="effect", controller="p2")
    assert not story.state.triggered
    wolf = story.put("p1", "CMF-037", "graveyard")
    events = story.by_rule(actions.move, wolf, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    triggered = find(events, "AbilityTriggered")
    assert (triggered.data["source"], triggered.data["extra"], triggered.rule) == (
        necromancy,
        {"target": wolf},
        "FoW-5.5 9.6 p5",
    )
    before = stats(story, wolf)
    story.when(cmd("Pass", "p1"))  # no target: played at once (6.2 p3)
    asked = find(story.resolve(), "ChoiceRequested")
    assert asked.data["kind"] == "optional"
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["from"], moved.data["to"], moved.data["attached_to"], moved.rule) == (
        necromancy,
        "graveyard",
        "field",
        wolf,
        "FoW-5.5 10.1 p2",
    )
    assert races_of(story.state, wolf) == ["Nightmare", "Werewolf", "Zombie"]
    assert stats(story, wolf) == (before[0] + 200, before[1] + 200)  # type: ignore[operator]
    assert story.state.objects[necromancy].controller == "p1"
    # the addition leaves: the Werewolf is no Zombie any more
    story.by_rule(actions.move, necromancy, "graveyard", "given", rule="3.1 p5", reason="effect")
    assert races_of(story.state, wolf) == ["Nightmare", "Werewolf"] and stats(story, wolf) == before
    story.replays()


def test_necromancy_stays_in_the_graveyard_if_declined_or_if_that_resonator_left() -> None:
    story = Story({"SKL-073": 4, "T-BEAR": 4})
    necromancy = story.put("p1", "SKL-073", "graveyard")
    bear = story.put("p1", "T-BEAR", "graveyard")
    story.by_rule(actions.move, bear, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    story.when(cmd("Pass", "p1"))
    story.resolve()
    story.when(cmd("ChooseOptional", "p1", accept=False))
    assert story.state.objects[necromancy].zone == "graveyard"
    second = story.put("p1", "T-BEAR", "graveyard")
    story.by_rule(actions.move, second, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    story.when(cmd("Pass", "p1"))
    story.by_rule(actions.move, second, "hand", "given", rule="3.1 p5", reason="effect")
    story.resolve()
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    assert "CardMoved" not in [e.type for e in events]
    assert story.state.objects[necromancy].zone == "graveyard"
    story.replays()


def test_jokers_suit_moves_onto_another_resonator_when_put_into_a_graveyard() -> None:
    # Joker's Suit (TAT-081, {B}): "[Continuous]: Resonator with this gains [+200/+200] and Card Soldier in
    # addition to its own race." "[Continuous]: When this card is put into a graveyard from a field, you may
    # add it to a target resonator you control."  Its bearer destroyed, the Suit goes to the graveyard by
    # rule (13.3 p1) and comes back onto p1's Werewolf, a new object (3.1 p3).
    story = Story({"TAT-081": 4, "CMF-037": 4, "T-BEAR": 4})
    first = story.put("p1", "T-BEAR", "field")
    second = story.put("p1", "CMF-037", "field")
    suit = story.put("p1", "TAT-081", "hand")
    story.will("p1", "B")
    story.when(cmd("PlayCard", "p1", card=suit, targets=[[first]]))
    story.resolve()
    assert story.state.objects[suit].attached_to == first
    assert races_of(story.state, first) == ["Card Soldier"] and stats(story, first) == (700, 700)
    assert races_of(story.state, second) == ["Nightmare", "Werewolf"]
    plain = stats(story, second)
    story.by_rule(actions.destroy, first, "given")
    moved = find(story.by_rule(flow.rule_processes, "given"), "CardMoved")
    assert (moved.data["oid"], moved.data["to"]) == (suit, "graveyard")
    [trig] = story.state.triggered
    assert trig.source == suit
    story.when(cmd("Pass", "p1"))
    story.when(cmd("PlayTriggered", "p1", trigger=trig.id, targets=[[second]]))
    story.resolve()
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.data["attached_to"], moved.rule) == (
        suit,
        "field",
        second,
        "FoW-5.5 10.1 p2",
    )
    assert races_of(story.state, second) == ["Nightmare", "Werewolf", "Card Soldier"]
    assert stats(story, second) == (plain[0] + 200, plain[1] + 200)  # type: ignore[operator]
    story.replays()


# --- "you may pay {B}{B} less to play cards with the same name as the card you searched" (9.3 p2.5) -------


def _summoning_art(ruler: str) -> tuple[Story, str, list[Event]]:
    """When: p1 plays Summoning Art of Alhazred and finds Mephistopheles, the Abyssal Tyrant (TAT-083,
    {B}{B}{2}, a Demon)."""
    story = Story({"TAT-089": 4, "TAT-083": 4, "T-BEAR": 4}, ruler=ruler)
    art = story.put("p1", "TAT-089", "hand")
    story.will("p1", "B", "B")
    story.when(cmd("PlayCard", "p1", card=art))
    asked = find(story.resolve(), "ChoiceRequested")
    found = next(o for o in asked.data["options"]["cards"] if story.state.objects[o].card == "TAT-083")
    return story, found, story.when(cmd("ChooseCards", "p1", cards=[found]))


def test_summoning_art_lets_you_pay_bb_less_for_cards_named_like_the_one_found() -> None:
    # Summoning Art of Alhazred (TAT-089): "Search your main deck for a Demon resonator, reveal it and put it
    # into your hand. Then shuffle your main deck. If your J/ruler is "Ebony Prophet" or "Abdul Alhazred, the
    # Harbinger of Despair", you may pay {B}{B} less to play cards with the same name as the card you searched
    # until end of turn."  With Ebony Prophet (TAT-079) as ruler, Mephistopheles costs {2} if p1 asks for it.
    story, found, events = _summoning_art("TAT-079")
    assert story.state.objects[found].zone == "hand"
    assert find(events, "ConditionChecked").data["met"] is True
    made = find(events, "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["duration"], made.rule) == ("cost_change", "end_of_turn", "FoW-5.5 9.3 p2.5")
    assert made.data["change"] == {
        "of": "spell",
        "who": "you",
        "less_will": {"attribute": {"B": 2}},
        "optional": True,
        "filter": {"types": [], "names": ["Mephistopheles, the Abyssal Tyrant"]},
    }
    bear = story.put("p1", "T-BEAR", "hand")  # another name: full price
    story.will("p1", "R", "R")
    assert story.refused(cmd("PlayCard", "p1", card=found)).code == "rules/cannot_pay"
    story.when(cmd("PlayCard", "p1", card=found, reduce=True))
    assert story.state.objects[found].zone == "chase" and not story.state.players["p1"].will
    story.resolve()
    assert story.state.objects[found].zone == "field"
    story.will("p1", "R", "R")
    assert story.refused(cmd("PlayCard", "p1", card=bear, reduce=True)).code == "rules/no_cost_reduction"
    story.log += to_main(story.state, turn=3)  # until end of turn
    assert not [e for e in story.state.effects if e.kind == "cost_change"]
    story.replays()


def test_summoning_art_with_another_ruler_only_searches() -> None:
    story, found, events = _summoning_art("T-RULER")
    assert story.state.objects[found].zone == "hand"
    assert find(events, "ConditionChecked").data["met"] is False
    assert not [e for e in story.state.effects if e.kind == "cost_change"]
    story.replays()
