"""Other effects of real Grimm/Alice cards the vocabulary lacked (helper bucket ``c_eff``), executed
by the engine in the form the importer gives them (given events / when command / then cited events
or a cited rejection; each story replays its whole log):

* "swap ATK and DEF of this card until end of turn" on a trigger of any field (9.9 p1.4, 9.6 p1);
* "Target resonator gains [-800/0] or [0/+800]": which one is chosen on resolution (9.3 p3.2);
* "Pay any amount of life. Draw a card for each 500 life you lost this way." (1.5 p4.1);
* "Each player chooses a resonator they control, then each player banishes all other resonators they
  control": the choices in turn, then the banishing (10.10 p1, p2);
* "remove the top two cards ... This card deals 100 damage multiplied by the combined total cost of the
  cards removed this way" (10.3 p1, 2.3);
* "remove target resonator from the game, then put it into its owner's field" as a mode (10.3 p1, 3.1 p3,
  p5, 9.3 p2.3);
* "Move target [Addition: Resonator] you control onto another resonator": the resonator chosen on
  resolution (10.1 p1, p2, 7.2 p3);
* "name a card. Reveal the top four cards ... Put all revealed cards with that name into your hand and
  shuffle the rest into your main deck" (2.2 p3, 10.4 p1, 10.20 p1); "name a card type. Reveal the top
  card ... If it's the named type, put it into your hand" (2.1 p1);
* "If a resonator you control would be dealt damage less than its DEF, prevent it" (10.17 p1.2, 9.10 p2);
* "Your opponent plays with the top card of their main deck revealed" (10.4 p1, 3.1 p2) and "Put the top
  card of your main deck and the top card of your opponent's main deck into their owner's graveyard".
"""

from __future__ import annotations

from domain.fow import actions, engine
from domain.fow.characteristics import characteristics, overrides_for
from domain.fow.engine import NAMED_CARD_TYPES
from domain.kernel import Event
from tests.fow.cards.story import Story, _add, legal
from tests.fow.support import cmd, find
from tests.fow.test_ch8_battle import to_main


def stats(story: Story, oid: str) -> tuple[int | None, int | None]:
    chars = characteristics(story.state, oid)
    return chars.atk, chars.def_


def enter(story: Story, player: str, card: str) -> str:
    """Given: a copy of ``card`` of ``player`` is put from the graveyard into their field by an effect."""
    oid = story.put(player, card, "graveyard")
    story.by_rule(actions.move, oid, "field", "given", rule="3.1 p5", reason="effect", controller=player)
    return oid


# --- "swap ATK and DEF of this card" (9.9 p1.4) ---------------------------------------------------------


def test_granny_swaps_her_atk_and_def_whenever_a_werewolf_comes_into_any_field() -> None:
    # Granny by the Fireplace (CMF-025, [100/1200]): "[Continuous]: Whenever a Werewolf comes into a
    # field: swap ATK and DEF of this card until end of turn."  A Human entering triggers nothing; a
    # Werewolf (Wolf-Haunted in Black Forest CMF-037) entering the opponent's field does: [1200/100].
    story = Story({"CMF-025": 4, "CMF-037": 4, "T-BEAR": 4})
    granny = story.put("p1", "CMF-025", "field")
    enter(story, "p2", "T-BEAR")
    assert not story.state.triggered
    enter(story, "p2", "CMF-037")
    [trig] = story.state.triggered
    assert (trig.controller, trig.source) == ("p1", granny)
    story.when(cmd("Pass", "p1"))  # no target: played at once (6.2 p3)
    made = find(story.resolve(), "ContinuousEffectCreated")
    assert (made.data["kind"], made.data["targets"], made.rule) == ("switch", [granny], "FoW-5.5 9.9 p1.4")
    assert stats(story, granny) == (1200, 100)
    story.replays()


# --- "gains [-800/0] or [0/+800]": chosen on resolution (9.3 p3.2) ---------------------------------------


def test_wall_of_ideas_the_controller_chooses_which_change_the_target_gains_on_resolution() -> None:
    # Wall of Ideas (TTW-053, {U}): "Target resonator gains [-800/0] or [0/+800] until end turn."  The
    # target is chosen as it is played; the change as it resolves: only the two listed are offered.
    story = Story({"TTW-053": 4, "T-BEAR": 4})
    bear = story.put("p2", "T-BEAR", "field")
    wall = story.put("p1", "TTW-053", "hand")
    story.will("p1", "U")
    story.when(cmd("PlayCard", "p1", card=wall, targets=[[bear]]))
    asked = find(story.resolve(), "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p1", "option", "FoW-5.5 9.3 p3.2")
    assert asked.data["options"]["choices"] == [[-800, 0], [0, 800]]
    assert legal(story, "p1", "ChooseOption") == [{"option": 0}, {"option": 1}]
    assert legal(story, "p2", "ChooseOption") == []
    wrong = story.refused(cmd("ChooseOption", "p1", option=2))
    assert (wrong.code, wrong.rule) == ("rules/option_choice", "FoW-5.5 9.3 p3.2")
    assert story.refused(cmd("ChooseOption", "p2", option=0)).code == "rules/not_your_decision"
    events = story.when(cmd("ChooseOption", "p1", option=1))
    chosen = find(events, "OptionChosen")
    assert (chosen.data["gains"], chosen.rule) == ([0, 800], "FoW-5.5 9.3 p3.2")
    made = find(events, "ContinuousEffectCreated")
    assert (made.data["atk"], made.data["def"], made.data["targets"], made.rule) == (0, 800, [bear], "FoW-5.5 10.19 p3")
    assert stats(story, bear) == (500, 1300)
    # a second one, the other way
    second = story.put("p1", "TTW-053", "hand")
    story.will("p1", "U")
    story.when(cmd("PlayCard", "p1", card=second, targets=[[bear]]))
    story.resolve()
    story.when(cmd("ChooseOption", "p1", option=0))
    assert stats(story, bear) == (0, 1300)  # [-300/1300]: ATK is never below 0
    story.replays()


def test_wall_of_ideas_asks_nothing_when_its_target_is_gone() -> None:
    # The target left the field before resolution: no legal target, nothing to choose (9.3 p3.1)
    story = Story({"TTW-053": 4, "T-BEAR": 4})
    bear = story.put("p2", "T-BEAR", "field")
    wall = story.put("p1", "TTW-053", "hand")
    story.will("p1", "U")
    story.when(cmd("PlayCard", "p1", card=wall, targets=[[bear]]))
    story.by_rule(actions.destroy, bear, "given")
    events = story.resolve()
    assert "ChoiceRequested" not in [e.type for e in events]
    assert story.state.objects[wall].zone == "graveyard"
    story.replays()


# --- "Pay any amount of life" (1.5 p4.1) ----------------------------------------------------------------


def test_whisper_from_the_abyss_pays_a_chosen_multiple_of_100_life_and_draws_per_500() -> None:
    # Whisper from the Abyss (TAT-090, {B}{1}): "Pay any amount of life. Draw a card for each 500 life you
    # lost this way."  The amount is chosen on resolution, a multiple of one hundred: 1200 life paid
    # draws two cards (rounded down).
    story = Story({"TAT-090": 4, "T-BEAR": 4})
    whisper = story.put("p1", "TAT-090", "hand")
    hand = len(story.state.zones["p1"]["hand"])
    story.will("p1", "B", "B")
    story.when(cmd("PlayCard", "p1", card=whisper, targets=[]))
    asked = find(story.resolve(), "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p1", "pay_life", "FoW-5.5 1.5 p4.1")
    offered = [a["number"] for a in legal(story, "p1", "ChooseNumber")]
    assert offered[:3] == [0, 100, 200] and offered[-1] == 4000
    odd = story.refused(cmd("ChooseNumber", "p1", number=150))
    assert (odd.code, odd.rule) == ("rules/number_choice", "FoW-5.5 1.5 p4.1")
    events = story.when(cmd("ChooseNumber", "p1", number=1200))
    paid = find(events, "LifePaid")
    assert (paid.data, paid.rule) == ({"player": "p1", "amount": 1200, "life": 2800}, "FoW-5.5 1.5 p4.1")
    drawn = [e for e in events if e.type == "CardMoved" and e.data["reason"] == "draw"]
    assert [e.rule for e in drawn] == ["FoW-5.5 10.8 p1"] * 2
    assert story.state.players["p1"].life == 2800
    assert len(story.state.zones["p1"]["hand"]) == hand - 1 + 2
    story.replays()


def test_whisper_from_the_abyss_paying_nothing_draws_nothing() -> None:
    story = Story({"TAT-090": 4, "T-BEAR": 4})
    whisper = story.put("p1", "TAT-090", "hand")
    story.will("p1", "B", "B")
    story.when(cmd("PlayCard", "p1", card=whisper, targets=[]))
    story.resolve()
    events = story.when(cmd("ChooseNumber", "p1", number=0))
    assert "LifePaid" not in [e.type for e in events]
    assert not [e for e in events if e.type == "CardMoved" and e.data["reason"] == "draw"]
    assert story.state.players["p1"].life == 4000
    story.replays()


# --- "Each player chooses a resonator they control, then ... banishes all other" (10.10 p1) --------------


def test_interdimensional_escape_each_player_keeps_the_resonator_they_choose() -> None:
    # Interdimensional Escape (BFA-007, {W}{W}{1}): "Each player chooses a resonator they control, then
    # each player banishes all other resonators they control."  p1 chooses first, then p2 (told what p1
    # kept); nothing is banished before both chose.
    story = Story({"BFA-007": 4, "T-BEAR": 4, "T-WALL": 4})
    bear1, wall1 = story.put("p1", "T-BEAR", "field"), story.put("p1", "T-WALL", "field")
    bear2, wall2 = story.put("p2", "T-BEAR", "field"), story.put("p2", "T-WALL", "field")
    escape = story.put("p1", "BFA-007", "hand")
    story.will("p1", "W", "W", "W")
    story.when(cmd("PlayCard", "p1", card=escape, targets=[]))
    asked = find(story.resolve(), "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p1", "keep", "FoW-5.5 10.10 p1")
    assert sorted(asked.data["options"]["cards"]) == sorted([bear1, wall1])
    assert sorted(a["cards"][0] for a in legal(story, "p1", "ChooseCards")) == sorted([bear1, wall1])
    two = story.refused(cmd("ChooseCards", "p1", cards=[bear1, wall1]))
    assert (two.code, two.rule) == ("rules/keep_choice", "FoW-5.5 10.10 p1")
    assert story.refused(cmd("ChooseCards", "p1", cards=[bear2])).code == "rules/keep_choice"
    events = story.when(cmd("ChooseCards", "p1", cards=[wall1]))
    assert "CardMoved" not in [e.type for e in events]
    asked = find(events, "ChoiceRequested")
    assert (asked.data["player"], asked.data["options"]["kept"]) == ("p2", {"p1": [wall1]})
    events = story.when(cmd("ChooseCards", "p2", cards=[bear2]))
    moved = [e for e in events if e.type == "CardMoved" and e.data["reason"] == "banish"]
    banished = [(e.data["oid"], e.data["reason"], e.rule) for e in moved]
    assert banished == [(bear1, "banish", "FoW-5.5 10.10 p1"), (wall2, "banish", "FoW-5.5 10.10 p1")]
    assert {o: story.state.objects[o].zone for o in (bear1, wall1, bear2, wall2)} == {
        bear1: "graveyard",
        wall1: "field",
        bear2: "field",
        wall2: "graveyard",
    }
    story.replays()


def test_interdimensional_escape_played_by_the_non_turn_player_asks_the_turn_player_first() -> None:
    # Interdimensional Escape (BFA-007, [Spell:Chant-Instant]) played by p2 in p1's turn: the rules have
    # no rule of their own for "Each player chooses"; where they order a choice of both players, the
    # turn (or first) player chooses first and the other then does the same, knowing it: "the player who
    # chose to play first chooses to change any cards in their hand, then the other player does the
    # same" (4.2 p4), automatic objects (9.6 p5), and the loop rule of chapter 14 says the same of
    # the number of repetitions (not implemented for FoW, docs/rule-coverage.md).  So p1 is asked first,
    # then p2, told what p1 kept (the resonators are public, 3.1 p2).
    story = Story({"BFA-007": 4, "T-BEAR": 4, "T-WALL": 4})
    bear1, wall1 = story.put("p1", "T-BEAR", "field"), story.put("p1", "T-WALL", "field")
    bear2, wall2 = story.put("p2", "T-BEAR", "field"), story.put("p2", "T-WALL", "field")
    escape = story.put("p2", "BFA-007", "hand")
    story.will("p2", "W", "W", "W")
    story.when(cmd("Pass", "p1"))  # p2 gains priority (6.4 p1.3)
    story.when(cmd("PlayCard", "p2", card=escape, targets=[]))
    asked = find(story.resolve(), "ChoiceRequested")
    assert story.state.turn_player == "p1"
    assert (asked.data["player"], asked.data["kind"], asked.data["options"]["kept"]) == ("p1", "keep", {})
    assert story.refused(cmd("ChooseCards", "p2", cards=[bear2])).code == "rules/not_your_decision"
    events = story.when(cmd("ChooseCards", "p1", cards=[bear1]))
    chosen = find(events, "OptionChosen")
    assert (chosen.data["player"], chosen.data["kept"], chosen.rule) == ("p1", [bear1], "FoW-5.5 10.10 p1")
    asked = find(events, "ChoiceRequested")
    assert (asked.data["player"], asked.data["options"]["kept"]) == ("p2", {"p1": [bear1]})
    story.when(cmd("ChooseCards", "p2", cards=[wall2]))
    zones = {o: story.state.objects[o].zone for o in (bear1, wall1, bear2, wall2)}
    assert zones == {bear1: "field", wall1: "graveyard", bear2: "graveyard", wall2: "field"}
    story.replays()


def test_interdimensional_escape_asks_no_player_with_one_resonator_or_none() -> None:
    # p1 controls one resonator (kept without a choice), p2 three: only p2 is asked.
    story = Story({"BFA-007": 4, "T-BEAR": 4, "T-WALL": 4})
    bear1 = story.put("p1", "T-BEAR", "field")
    theirs = [
        story.put("p2", "T-BEAR", "field"),
        story.put("p2", "T-WALL", "field"),
        story.put("p2", "T-BEAR", "field"),
    ]
    escape = story.put("p1", "BFA-007", "hand")
    story.will("p1", "W", "W", "W")
    story.when(cmd("PlayCard", "p1", card=escape, targets=[]))
    asked = find(story.resolve(), "ChoiceRequested")
    assert (asked.data["player"], asked.data["options"]["kept"]) == ("p2", {"p1": [bear1]})
    story.when(cmd("ChooseCards", "p2", cards=[theirs[1]]))
    assert [story.state.objects[o].zone for o in [bear1, *theirs]] == ["field", "graveyard", "field", "graveyard"]
    story.replays()


# --- "100 damage multiplied by the combined total cost of the cards removed this way" (2.3) -------------


def on_top(story: Story, player: str, card: str, oid: str | None = None) -> str:
    """Given: a copy of ``card`` of ``player`` (``oid``, in their hand, or one taken into it) is put on
    top of their main deck."""
    oid = oid or story.put(player, card, "hand")
    story.given("CardMoved", oid=oid, card=card, owner=player, controller=player, to="main_deck", reason="given",
                **{"from": "hand"})  # fmt: skip
    return oid


def test_skuld_deals_100_damage_per_total_cost_of_the_two_cards_it_removed() -> None:
    # Keeper of the Future, Skuld (TMS-023, {R}{1}): "When this card enters your field, remove the top two
    # cards of your main deck from the game. This card deals 100 damage multiplied by the combined total
    # cost of the cards removed this way to target J/resonator."  Removed: a Bear (total cost 1) and
    # another Skuld (2): 300 damage to p2's Wall [100/1000].
    story = Story({"TMS-023": 4, "T-BEAR": 4, "T-WALL": 4})
    wall = story.put("p2", "T-WALL", "field")
    skuld = story.put("p1", "TMS-023", "graveyard")
    removed = [on_top(story, "p1", "T-BEAR"), on_top(story, "p1", "TMS-023")]
    story.by_rule(actions.move, skuld, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    [trig] = story.state.triggered
    story.when(cmd("Pass", "p1"))
    story.when(cmd("PlayTriggered", "p1", trigger=trig.id, targets=[[wall]]))
    events = story.resolve()
    moved = [(e.data["oid"], e.rule) for e in events if e.type == "CardMoved" and e.data["to"] == "removed"]
    assert moved == [(removed[1], "FoW-5.5 10.3 p1"), (removed[0], "FoW-5.5 10.3 p1")]
    dealt = find(events, "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (skuld, wall, 300)
    story.replays()


# --- "remove target resonator from the game, then put it into its owner's field" (10.3 p1, 3.1 p3) -----


def test_dream_of_juliet_removes_a_resonator_and_puts_it_back_into_its_owners_field() -> None:
    # Dream of Juliet (CMF-004, {W}{1}): "Choose one. If you control "Juliet, the Hope" and "Romeo, the
    # Despair", choose up to three instead - Destroy target addition: or draw a card; or remove target
    # resonator from the game, then put it into its owner's field."  ("addition: or": a misprint of ";")
    # p2's rested Bear, damaged, comes back into p2's field a new object: recovered, without damage.
    story = Story({"CMF-004": 4, "T-BEAR": 4})
    bear = story.put("p2", "T-BEAR", "field")
    story.given("CardRested", oid=bear, reason="given")
    story.given("DamageDealt", source=bear, target=bear, amount=100, battle=False, to_card=True)
    dream = story.put("p1", "CMF-004", "hand")
    story.will("p1", "W", "W")
    three = story.refused(cmd("PlayCard", "p1", card=dream, targets=[[], [bear]], modes=[1, 2]))
    assert three.rule == "FoW-5.5 9.3 p2.3"
    story.when(cmd("PlayCard", "p1", card=dream, targets=[[bear]], modes=[2]))
    events = story.resolve()
    moved = [
        (e.data["to"], e.data.get("controller"), e.rule)
        for e in events
        if e.data.get("oid") == bear and e.type == "CardMoved"
    ]
    assert moved == [("removed", None, "FoW-5.5 10.3 p1"), ("field", "p2", "FoW-5.5 3.1 p5")]
    obj = story.state.objects[bear]
    assert (obj.zone, obj.controller, obj.rested, obj.damage) == ("field", "p2", False, 0)
    story.replays()


def test_dream_of_juliet_chooses_up_to_three_with_juliet_and_romeo() -> None:
    # With "Juliet, the Hope" (CMF-008) and "Romeo, the Despair" (CMF-090) p1 may choose more than one
    # mode (9.3 p2.3): draw a card, then remove p2's Bear and put it back.
    story = Story({"CMF-004": 4, "CMF-008": 4, "CMF-090": 4, "T-BEAR": 4})
    story.put("p1", "CMF-008", "field")
    story.put("p1", "CMF-090", "field")
    bear = story.put("p2", "T-BEAR", "field")
    dream = story.put("p1", "CMF-004", "hand")
    hand = len(story.state.zones["p1"]["hand"])
    story.will("p1", "W", "W")
    story.when(cmd("PlayCard", "p1", card=dream, targets=[[bear]], modes=[1, 2]))
    events = story.resolve()
    moved = [(e.data["oid"], e.data["to"]) for e in events if e.type == "CardMoved" and e.data["oid"] != dream]
    assert moved[1:] == [(bear, "removed"), (bear, "field")] and moved[0][1] == "hand"
    assert len(story.state.zones["p1"]["hand"]) == hand - 1 + 1
    story.replays()


# --- "Move target [Addition: Resonator] you control onto another resonator" (10.1 p1) ------------------


def test_clothes_tailor_moves_an_addition_onto_a_resonator_chosen_on_resolution() -> None:
    # Clothes Tailor (CMF-003): "[Activate] {Rest}: Move target [Addition: Resonator] you control onto
    # another resonator".  p1's Fear of Battle (SKL-023: "Added resonator cannot block.") on p1's Bear is
    # moved onto p2's Wall, chosen as the ability resolves among the other resonators: the Wall cannot
    # block now, the Bear can; the addition stays the same object (3.1 p3).
    story = Story({"CMF-003": 4, "SKL-023": 4, "T-BEAR": 4, "T-WALL": 4})
    tailor = story.put("p1", "CMF-003", "field")
    bear, wall = story.put("p1", "T-BEAR", "field"), story.put("p2", "T-WALL", "field")
    fear = _add(story, "p1", "SKL-023", bear)
    since = story.state.objects[fear].zone_since
    story.log += to_main(story.state, turn=3)  # the Tailor has been in the field since the turn began (9.5 p3)
    not_mine = story.refused(cmd("ActivateAbility", "p1", source=tailor, ability=0, targets=[[bear]]))
    assert not_mine.code.startswith("rules/")
    story.when(cmd("ActivateAbility", "p1", source=tailor, ability=0, targets=[[fear]]))
    asked = find(story.resolve(), "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"], asked.rule) == ("p1", "move_onto", "FoW-5.5 10.1 p1")
    assert sorted(asked.data["options"]["cards"]) == sorted([tailor, wall])  # not the Bear it is on
    wrong = story.refused(cmd("ChooseCards", "p1", cards=[bear]))
    assert (wrong.code, wrong.rule) == ("rules/move_onto_choice", "FoW-5.5 10.1 p1")
    moved = find(story.when(cmd("ChooseCards", "p1", cards=[wall])), "AdditionMoved")
    assert (moved.data, moved.rule) == ({"oid": fear, "from": bear, "to": wall}, "FoW-5.5 10.1 p1")
    assert story.state.objects[fear].attached_to == wall and story.state.objects[fear].zone_since == since
    assert overrides_for(story.state, wall).cannot_block and not overrides_for(story.state, bear).cannot_block
    story.replays()


# --- "name a card. Reveal the top four cards ..." (2.2 p3, 10.4 p1, 10.20 p1) ----------------------------


def test_hare_of_inaba_puts_the_revealed_cards_with_the_named_name_into_the_hand() -> None:
    # Hare of Inaba (BFA-049): "When this card enters your field, name a card. Reveal the top four cards of
    # your main deck. Put all revealed cards with that name into your hand and shuffle the rest into your
    # main deck."  p1 names "Bear": the two Bears among the top four go into the hand; the Wall and the
    # Hare, revealed, are shuffled back.
    story = Story({"BFA-049": 4, "T-BEAR": 4, "T-WALL": 4})
    hare = story.put("p1", "BFA-049", "graveyard")
    cards = ("T-BEAR", "T-WALL", "BFA-049", "T-BEAR")
    top = [on_top(story, "p1", c, oid) for c, oid in [(c, story.put("p1", c, "hand")) for c in cards]]
    story.by_rule(actions.move, hare, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    story.when(cmd("Pass", "p1"))  # no target: played at once (6.2 p3)
    asked = find(story.resolve(), "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"]) == ("p1", "name_card")
    assert {"name": "Bear"} in legal(story, "p1", "NameCard") and legal(story, "p2", "NameCard") == []
    blank = story.refused(cmd("NameCard", "p1", name=" "))
    assert (blank.code, blank.rule) == ("rules/name_choice", "FoW-5.5 2.2 p3")
    events = story.when(cmd("NameCard", "p1", name="Bear"))
    assert find(events, "OptionChosen").data["name"] == "Bear"
    revealed = [(e.data["oid"], e.rule) for e in events if e.type == "CardRevealed"]
    assert revealed == [(oid, "FoW-5.5 10.4 p1") for oid in reversed(top)]
    taken = [e.data["oid"] for e in events if e.type == "CardMoved" and e.data["to"] == "hand"]
    assert taken == [top[3], top[0]]
    assert find(events, "DeckShuffled").rule == "FoW-5.5 10.20 p1"
    assert {story.state.objects[o].zone for o in (top[1], top[2])} == {"main_deck"}
    story.replays()


def muse_enters(story: Story, top: str) -> tuple[str, str, list[Event]]:
    """Given: ``top`` on top of p1's main deck; Muse (TMS-040) enters p1's field; its ability resolves up
    to its question.  Returns Muse, the top card and the events."""
    muse = story.put("p1", "TMS-040", "graveyard")
    card = on_top(story, "p1", top)
    story.by_rule(actions.move, muse, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    story.when(cmd("Pass", "p1"))
    return muse, card, story.resolve()


def test_muse_puts_the_top_card_into_the_hand_if_it_is_the_named_card_type() -> None:
    # Muse, Celestial of Music (TMS-040): "When this card enters your field, name a card type. Reveal the top
    # card of your main deck. If it's the named type, put it into your hand."  Named "resonator", the Bear
    # on top goes into the hand; named "spell", the next Bear stays on top, no longer revealed (10.4 p1).
    story = Story({"TMS-040": 4, "T-BEAR": 4})
    _, bear, events = muse_enters(story, "T-BEAR")
    asked = find(events, "ChoiceRequested")
    assert (asked.data["player"], asked.data["kind"]) == ("p1", "name_card_type")
    assert [a["name"] for a in legal(story, "p1", "NameCard")] == list(NAMED_CARD_TYPES)
    bad = story.refused(cmd("NameCard", "p1", name="Bear"))
    assert (bad.code, bad.rule) == ("rules/name_choice", "FoW-5.5 2.1 p1")
    events = story.when(cmd("NameCard", "p1", name="resonator"))
    assert (find(events, "OptionChosen").data["name"], find(events, "OptionChosen").rule) == (
        "resonator",
        "FoW-5.5 2.1 p1",
    )
    assert find(events, "CardRevealed").data["oid"] == bear
    assert story.state.objects[bear].zone == "hand"
    _, second, _ = muse_enters(story, "T-BEAR")
    events = story.when(cmd("NameCard", "p1", name="spell"))
    ended = find(events, "RevealEnded")
    assert (ended.data["oid"], ended.rule) == (second, "FoW-5.5 10.4 p1")
    assert story.state.zones["p1"]["main_deck"][-1] == second
    story.replays()


def thunder(story: Story, target: str) -> list[Event]:
    """p1 plays Thunder (CMF-038, {R}): "This card deals 500 damage to target player or J/resonator."."""
    used = [o for o in story.state.zones["p1"]["graveyard"] if story.state.objects[o].card == "CMF-038"]
    if used:  # given: the Thunder played before is back in the hand
        story.given("CardMoved", oid=used[0], card="CMF-038", owner="p1", controller="p1", to="hand", reason="given",
                    **{"from": "graveyard"})  # fmt: skip
    bolt = used[0] if used else story.put("p1", "CMF-038", "hand")
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=bolt, targets=[[target]]))
    return story.resolve()


def test_muse_prevents_damage_less_than_the_def_of_a_resonator_you_control() -> None:
    # Muse (TMS-040, [400/600]): "If a resonator you control would be dealt damage less than its DEF,
    # prevent it."  Thunder's 500 damage to p1's Wall [100/1000] is prevented; to p1's Bear [500/500] it is
    # not less than the DEF: dealt (and the Bear destroyed); to p2's Wall: dealt.
    story = Story({"TMS-040": 4, "CMF-038": 4, "T-BEAR": 4, "T-WALL": 4})
    story.put("p1", "TMS-040", "field")
    wall, bear, theirs = (
        story.put("p1", "T-WALL", "field"),
        story.put("p1", "T-BEAR", "field"),
        story.put("p2", "T-WALL", "field"),
    )
    prevented = find(thunder(story, wall), "DamagePrevented")
    assert (prevented.data["target"], prevented.data["amount"], prevented.rule) == (wall, 500, "FoW-5.5 10.17 p1.2")
    assert story.state.objects[wall].damage == 0
    events = thunder(story, bear)
    assert "DamagePrevented" not in [e.type for e in events]
    assert (find(events, "DamageDealt").data["amount"], story.state.objects[bear].zone) == (500, "graveyard")
    assert "DamagePrevented" not in [e.type for e in thunder(story, theirs)]
    assert story.state.objects[theirs].damage == 500
    story.replays()


# --- "Your opponent plays with the top card of their main deck revealed" (10.4 p1, 3.1 p2) ---------------


def top_shown(story: Story, viewer: str, owner: str) -> str | None:
    """The top card of ``owner``'s main deck as ``viewer`` sees it in the view, if shown."""
    deck = engine.view(story.state, viewer)["players"][owner]["zones"]["main_deck"]  # type: ignore[index]
    return deck["top"]["oid"] if "top" in deck else None  # type: ignore[index,operator]


def test_laplacia_shows_the_opponents_top_card_to_both_players_and_mills_both_decks() -> None:
    # Laplacia, the Demon of Fate (TAT-082): "You opponent plays with top card of his or her main deck
    # revealed." / "You may look at the top card of your main deck at any time." / "[Activate] {Rest}: Put
    # the top card of your main deck and the top card of your opponent's main deck into their owner's
    # graveyard."  p2's top card is shown to p1 and p2; p1's own top card only to p1; when Laplacia leaves,
    # p2's top card is hidden again.  The ability puts both top cards into their owners' graveyards.
    story = Story({"TAT-082": 4, "T-BEAR": 4})
    theirs = story.state.zones["p2"]["main_deck"][-1]
    assert top_shown(story, "p1", "p2") is None and not engine.is_visible(story.state, theirs, "p1")
    laplacia = story.put("p1", "TAT-082", "field")
    theirs, mine = story.state.zones["p2"]["main_deck"][-1], story.state.zones["p1"]["main_deck"][-1]
    assert top_shown(story, "p1", "p2") == theirs and top_shown(story, "p2", "p2") == theirs
    assert engine.is_visible(story.state, theirs, "p1")
    assert top_shown(story, "p1", "p1") == mine and top_shown(story, "p2", "p1") is None
    story.log += to_main(story.state, turn=3)  # in the field since the turn began: it may rest (9.5 p3)
    theirs, mine = story.state.zones["p2"]["main_deck"][-1], story.state.zones["p1"]["main_deck"][-1]
    story.when(cmd("ActivateAbility", "p1", source=laplacia, ability=2, targets=[]))
    events = story.resolve()
    moved = [(e.data["oid"], e.data["to"], e.rule) for e in events if e.type == "CardMoved"]
    assert moved == [(mine, "graveyard", "FoW-5.5 3.1 p5"), (theirs, "graveyard", "FoW-5.5 3.1 p5")]
    assert story.state.objects[theirs].zone == "graveyard" and story.state.objects[theirs].owner == "p2"
    story.by_rule(actions.destroy, laplacia, "given")
    assert top_shown(story, "p1", "p2") is None
    story.replays()
