"""Conditions and branches on real Grimm/Alice cards (helper t1-cond), executed by the engine in
the form the importer gives them (given events / when command / then events or a cited
rejection; each story replays its whole log at the end):

* "Resonator with this gains [-1000/-1000] if its a Vampire. Otherwise it cannot be attacked or
  targeted by spells or abilities your opponent controls": one ability while the card it is added to
  is a Vampire, one while it is not (9.9 p4); "your opponent" is the opponent of the addition's
  controller, whoever controls the card it is added to (7.2 p3, 9.3 p2.4);
* "If the resonator with this is "Hamelin's Pied Piper", it gains "[Activate] ..."": only that
  resonator gains it (10.19 p1);
* "Resonator with this gains [+700/+700] if it has no printed abilities": a vanilla resonator
  does, one with a printed symbol skill does not (2.4, 9.9 p4);
* "This card gains [+400/+400] for each different total cost among resonators you control that
  don't share this card's total cost": a count of distinct total costs (2.3), read all the time (9.9 p4);
* "At the beginning of your main phase, put a creation counter on this card. Then, if this card
  has six or less creation counters on it, search your main deck for a resonator with total cost
  equal to the number of creation counters on this card and put it into your field. Then shuffle
  your main deck.": the counters are read as the effect resolves (9.3 p3, 10.13 p2, 10.20);
* "Put target resonator on top of its owner's main deck. [Awakening] {M}{M}: If your J/Ruler is
  "X" or "Y", put target resonator on the bottom of its owner's main deck and draw a card instead.":
  awakened (12.1) and with that ruler on resolution (9.3 p3), the other effects apply, to the
  target chosen once (9.3 p2.4);
* "Banish a resonator you control. If you do, draw two cards. If you banished a Human in this way,
  draw three cards instead.": what the banish moved is checked on resolution (``that_is``, 9.3 p3);
* "Reveal the top card of your magic stone deck, if it's a wind magic stone, put it into your
  magic stone area.": another card stays on top of the magic stone deck (10.4 p1, 3.7, 2.1 p5.2);
* "reveal the top card of your main deck. If it's a Wererabbit, put it into your field.
  Otherwise, put it into your graveyard.": a race names a card of any type; only a card that can
  be in a field by itself is put there (FoW-5.5 10.4 p1, 3.15 p4).
"""

from __future__ import annotations

from typing import Any

from domain.fow import actions
from domain.fow.characteristics import characteristics, overrides_for
from tests.fow.cards.story import Story, legal
from tests.fow.support import cmd, find
from tests.fow.test_ch8_battle import to_main

# --- "If it's a Wererabbit, put it into your field. Otherwise, ..." (10.4 p1) ---------------------


def test_oracle_of_tsukuyomi_puts_a_revealed_wererabbit_into_the_field() -> None:
    # Oracle of Tsukuyomi (MOA-028), a Wererabbit: "When this card is put into your graveyard from
    # your field, reveal the top card of your main deck. If it's a Wererabbit, put it into your
    # field. Otherwise, put it into your graveyard."  A Servant of Kaguya (CMF-053, a Wererabbit with
    # [Flying]) on top of the main deck.
    story = Story({"MOA-028": 4, "CMF-053": 4})
    oracle = story.put("p1", "MOA-028", "field")
    story.log += to_main(story.state, turn=3)
    top = story.on_top("p1", "CMF-053")
    story.by_rule(actions.move, oracle, "graveyard", "given", rule="10.9 p1", reason="destroyed")
    events = story.resolve_all()
    revealed = find(events, "CardRevealed")
    assert revealed.data == {"oid": top, "player": "p1"} and revealed.rule == "FoW-5.5 10.4 p1"
    moved = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == top)
    assert (moved.data["from"], moved.data["to"], moved.rule) == ("main_deck", "field", "FoW-5.5 10.4 p1")
    assert story.state.objects[top].controller == "p1"
    assert story.state.objects[top].zone == "field"
    story.replays()


def test_oracle_of_tsukuyomi_puts_anything_else_into_the_graveyard() -> None:
    # Oracle of Tsukuyomi (MOA-028) with a Herald (no Wererabbit) on top of the main deck
    story = Story({"MOA-028": 4, "T-HERALD": 4})
    oracle = story.put("p1", "MOA-028", "field")
    story.log += to_main(story.state, turn=3)
    top = story.on_top("p1", "T-HERALD")
    story.by_rule(actions.move, oracle, "graveyard", "given", rule="10.9 p1", reason="destroyed")
    events = story.resolve_all()
    assert find(events, "CardRevealed").data["oid"] == top
    moved = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == top)
    assert (moved.data["from"], moved.data["to"], moved.rule) == ("main_deck", "graveyard", "FoW-5.5 10.4 p1")
    story.replays()


# --- "if it's a Vampire. Otherwise ..." on an addition (9.9 p4, 7.2 p3) -----------------------------


def _add(story: Story, player: str, card_id: str, host: str) -> str:
    """Given: ``player`` adds a copy of ``card_id`` to ``host`` (FoW-5.5 7.2 p4)."""
    addition = story.put(player, card_id, "hand")
    story.by_rule(actions.move, addition, "field", "given", rule="7.2 p4", reason="resolve", attached_to=host)
    return addition


def _bolt(story: Story, player: str, target: str) -> Any:
    """``player`` plays Bolt (500 damage to target J/resonator or player) at ``target``."""
    bolt = story.put(player, "T-BOLT", "hand")
    story.will(player, "R")
    return cmd("PlayCard", player, card=bolt, targets=[[target]])


def _grow(story: Story, player: str, target: str) -> Any:
    """``player`` plays Grow (instant: target J/resonator gains [+200/+200]) at ``target``."""
    grow = story.put(player, "T-GROW", "hand")
    story.will(player, "R")
    return cmd("PlayCard", player, card=grow, targets=[[target]])


def test_crucifix_on_a_vampire_gives_it_minus_1000() -> None:
    # Crucifix (CMF-064): "Resonator with this gains [-1000/-1000] if its a Vampire. Otherwise it
    # cannot be attacked or targeted by spells or abilities your opponent controls."  Added to
    # Carmilla, the Queen of Vampires (CMF-081, 1000/800)
    story = Story({"CMF-064": 4, "CMF-081": 4, "T-BOLT": 4})
    carmilla = story.put("p2", "CMF-081", "field")
    before = characteristics(story.state, carmilla)
    _add(story, "p1", "CMF-064", carmilla)
    after = characteristics(story.state, carmilla)
    assert (after.atk, after.def_) == (max(0, before.atk - 1000), before.def_ - 1000)  # type: ignore[operator]
    assert not overrides_for(story.state, carmilla).cannot_be_attacked
    story.when(_bolt(story, "p1", carmilla))  # a Vampire: no protection
    story.replays()


def test_crucifix_on_anything_else_protects_it_from_the_opponent_of_its_controller() -> None:
    # Crucifix (CMF-064) added by p1 to their Bear (no Vampire): no ATK/DEF change; it cannot be
    # attacked, nor targeted by p2's spells; p1 may still target it
    story = Story({"CMF-064": 4, "T-BEAR": 4, "T-BOLT": 4, "T-GROW": 4})
    bear = story.put("p1", "T-BEAR", "field")
    other = story.put("p2", "T-BEAR", "field")
    before = characteristics(story.state, bear)
    _add(story, "p1", "CMF-064", bear)
    after = characteristics(story.state, bear)
    assert (after.atk, after.def_) == (before.atk, before.def_)
    assert overrides_for(story.state, bear).cannot_be_attacked
    events = story.when(_bolt(story, "p1", bear))
    assert find(events, "CardPlayed").data["targets"] == [[bear]]
    story.when(cmd("Pass", "p1"))
    refusal = story.refused(_grow(story, "p2", bear))  # p2 answers with an instant
    assert (refusal.code, refusal.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    story.when(_grow(story, "p2", other))  # another resonator is a legal target
    story.replays()


def test_crucifix_added_to_an_opponents_resonator_protects_it_from_its_own_controller() -> None:
    # Crucifix (CMF-064) added by p1 to p2's Bear: "your opponent" is p2, the opponent of the
    # Crucifix's controller (7.2 p3): p2 cannot target their own Bear, p1 can
    story = Story({"CMF-064": 4, "T-BEAR": 4, "T-BOLT": 4, "T-GROW": 4})
    bear = story.put("p2", "T-BEAR", "field")
    other = story.put("p1", "T-BEAR", "field")
    _add(story, "p1", "CMF-064", bear)
    events = story.when(_bolt(story, "p1", bear))
    assert find(events, "CardPlayed").data["targets"] == [[bear]]
    story.when(cmd("Pass", "p1"))
    refusal = story.refused(_grow(story, "p2", bear))
    assert (refusal.code, refusal.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    story.when(_grow(story, "p2", other))  # another resonator is a legal target
    story.replays()


# --- "If the resonator with this is "NAME", it gains "..."" (10.19 p1, 9.9 p4) --------------------


def test_rat_catchers_pipe_gives_hamelins_pied_piper_a_recover_ability() -> None:
    # Rat Catcher's Pipe (CMF-051): "[Continuous]: If the resonator with this is "Hamelin's Pied
    # Piper", it gains "[Activate] Pay {U}: Recover this card.""  Added to Hamelin's Pied Piper
    # (CMF-043), rested: the Piper plays the gained ability, and "this card" is the Piper
    story = Story({"CMF-051": 4, "CMF-043": 4, "T-BEAR": 4})
    piper = story.put("p1", "CMF-043", "field")
    bear = story.put("p1", "T-BEAR", "field")
    _add(story, "p1", "CMF-051", piper)
    _add(story, "p1", "CMF-051", bear)
    story.log += to_main(story.state, turn=3)
    for oid in (piper, bear):
        story.given("CardRested", oid=oid)
    story.will("p1", "U")
    granted = characteristics(story.state, piper).abilities
    assert [a.text for _, a in granted][-1] == "[Activate] Pay {U}: Recover this card."
    offered = [a for a in legal(story, "p1", "ActivateAbility") if a["source"] in (piper, bear)]
    assert [a["source"] for a in offered] == [piper]  # the Bear is no "Hamelin's Pied Piper"
    story.when(cmd("ActivateAbility", "p1", source=piper, ability=granted[-1][0]))
    events = story.resolve()
    recovered = find(events, "CardRecovered")
    assert recovered.data["oid"] == piper
    assert not story.state.objects[piper].rested and story.state.objects[bear].rested
    story.replays()


# --- "Reveal the top card of your magic stone deck, if it's a wind magic stone, ..." (10.4 p1) -----


def _play_gretel(story: Story) -> list[Any]:
    gretel = story.put("p1", "CMF-069", "hand")
    story.will("p1", "G", "G")
    story.when(cmd("PlayCard", "p1", card=gretel))
    return story.resolve_all()


def test_gretel_puts_a_revealed_wind_magic_stone_into_the_magic_stone_area() -> None:
    # Gretel (CMF-069): "[Enter]: Reveal the top card of your magic stone deck, if it's a wind magic
    # stone, put it into your magic stone area."  Wind Magic Stone (VIN001-094) on top
    story = Story({"CMF-069": 4}, stones={"VIN001-094": 5, "VIN001-091": 5})
    story.log += to_main(story.state, turn=3)
    top = story.on_top("p1", "VIN001-094", "stone_deck")
    events = _play_gretel(story)
    revealed = find(events, "CardRevealed")
    assert revealed.data == {"oid": top, "player": "p1"} and revealed.rule == "FoW-5.5 10.4 p1"
    moved = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == top)
    assert (moved.data["from"], moved.data["to"], moved.rule) == ("stone_deck", "stone_area", "FoW-5.5 10.4 p1")
    assert story.state.objects[top].zone == "stone_area" and story.state.objects[top].controller == "p1"
    story.replays()


def test_gretel_leaves_another_magic_stone_on_top_of_the_magic_stone_deck() -> None:
    # Gretel (CMF-069) with a Fire Magic Stone (VIN001-091) on top: revealed, it stays there
    story = Story({"CMF-069": 4}, stones={"VIN001-094": 5, "VIN001-091": 5})
    story.log += to_main(story.state, turn=3)
    top = story.on_top("p1", "VIN001-091", "stone_deck")
    events = _play_gretel(story)
    assert find(events, "CardRevealed").data["oid"] == top
    assert find(events, "RevealEnded").data == {"oid": top, "player": "p1"}
    assert not any(e.type == "CardMoved" and e.data["oid"] == top for e in events)
    assert story.state.zones["p1"]["stone_deck"][-1] == top
    story.replays()


# --- "if it has no printed abilities" (2.4, 9.9 p4) -----------------------------------------------


def test_star_money_pumps_only_a_resonator_without_printed_abilities() -> None:
    # Star Money (TAT-052): "[Continuous]: Resonator with this gains [+700/+700] if it has no printed
    # abilities."  Added to Sleeping Rat (TAT-051, no text, 500/500) and to Servant of Kaguya
    # (CMF-053, [Flying])
    story = Story({"TAT-052": 4, "TAT-051": 4, "CMF-053": 4})
    rat = story.put("p1", "TAT-051", "field")
    servant = story.put("p1", "CMF-053", "field")
    _add(story, "p1", "TAT-052", rat)
    _add(story, "p1", "TAT-052", servant)
    rat_now, servant_now = characteristics(story.state, rat), characteristics(story.state, servant)
    assert (rat_now.atk, rat_now.def_) == (1200, 1200)
    printed = story.state.cards["CMF-053"]
    assert printed.skills == ["flying"] and (servant_now.atk, servant_now.def_) == (printed.atk, printed.def_)
    story.replays()


# --- "if it's dark and its printed ATK and DEF is [400/400]. Otherwise, ..." (host_is, 9.9 p4) -----


def test_slipper_of_cinderella_pumps_a_dark_400_400_and_shrinks_anything_else() -> None:
    # Slipper of Cinderella (CMF-092): "[Continuous]: Resonator with this gains [+600/+600] if it's
    # dark and its printed ATK and DEF is [400/400]. Otherwise, it gains [-400/-400]."  Added to
    # Cinderella, the Ashen Maiden (CMF-082, darkness, 400/400), Holy Warrior of Hope (MPR-007,
    # light, 400/400) and Carmilla, the Queen of Vampires (CMF-081, darkness, not 400/400)
    story = Story({"CMF-092": 4, "CMF-082": 4, "MPR-007": 4, "CMF-081": 4})
    cinderella = story.put("p1", "CMF-082", "field")
    warrior = story.put("p1", "MPR-007", "field")
    carmilla = story.put("p1", "CMF-081", "field")
    printed = {oid: characteristics(story.state, oid) for oid in (cinderella, warrior, carmilla)}
    _add(story, "p1", "CMF-092", cinderella)
    _add(story, "p1", "CMF-092", warrior)
    _add(story, "p1", "CMF-092", carmilla)
    assert (characteristics(story.state, cinderella).atk, characteristics(story.state, cinderella).def_) == (1000, 1000)
    assert (characteristics(story.state, warrior).atk, characteristics(story.state, warrior).def_) == (0, 0)
    shrunk = characteristics(story.state, carmilla)
    assert (shrunk.atk, shrunk.def_) == (printed[carmilla].atk - 400, printed[carmilla].def_ - 400)  # type: ignore[operator]
    # "printed": a Cinderella made bigger still has a printed [400/400]
    story.given("CounterPut", oid=cinderella, counter="+100/+100", count=1)
    assert characteristics(story.state, cinderella).atk == 1100
    story.replays()


# --- "for each different total cost among resonators you control that don't share ..." (2.3) -------


def test_the_little_prince_counts_the_other_total_costs_among_your_resonators() -> None:
    # The Little Prince (MPR-017, total cost 2, 200/200): "[Continuous]: This card gains [+400/+400]
    # for each different total cost among resonators you control that don't share this card's total
    # cost."  Two Holy Warriors of Hope (MPR-007, total cost 1) count once; Sleeping Rat (TAT-051,
    # total cost 2) shares its total cost; Carmilla (CMF-081, total cost 4) counts; the opponent's don't
    story = Story({"MPR-017": 4, "MPR-007": 4, "TAT-051": 4, "CMF-081": 4})
    assert [story.state.cards[c].cost.total for c in ("MPR-017", "MPR-007", "TAT-051", "CMF-081")] == [2, 1, 2, 4]  # type: ignore[union-attr]
    prince = story.put("p1", "MPR-017", "field")
    assert (characteristics(story.state, prince).atk, characteristics(story.state, prince).def_) == (200, 200)
    story.put("p1", "TAT-051", "field")
    story.put("p2", "CMF-081", "field")
    assert characteristics(story.state, prince).atk == 200
    story.put("p1", "MPR-007", "field")
    story.put("p1", "MPR-007", "field")
    assert (characteristics(story.state, prince).atk, characteristics(story.state, prince).def_) == (600, 600)
    story.put("p1", "CMF-081", "field")
    assert (characteristics(story.state, prince).atk, characteristics(story.state, prince).def_) == (1000, 1000)
    story.replays()


# --- "if this card has six or less creation counters on it, search ... with total cost equal to
# the number of creation counters on this card" (9.3 p3, 10.13 p2, 2.3) -----------------------------


def _to_main_phase_trigger(story: Story) -> list[Any]:
    """Pass from turn 1 to p1's next main phase until its beginning-of-main-phase ability asks."""
    events: list[Any] = []
    for _ in range(200):
        if story.pending.kind != "priority":
            return events
        events += story.when(cmd("Pass", story.pending.player))
    raise AssertionError("no choice was asked")


def test_book_of_genesis_searches_a_resonator_with_total_cost_equal_to_its_counters() -> None:
    # Book of Genesis (MPR-005, [Addition:Field]) with three creation counters: a fourth is put on it,
    # then a resonator with total cost 4 may be put into the field: Carmilla (CMF-081), not the
    # Holy Warrior of Hope (MPR-007, total cost 1)
    story = Story({"MPR-005": 4, "CMF-081": 4, "MPR-007": 4})
    book = story.put("p1", "MPR-005", "field")
    story.given("CounterPut", oid=book, counter="creation", count=3)
    events = _to_main_phase_trigger(story)
    assert story.state.turn == 3 and story.state.objects[book].counters == {"creation": 4}
    assert find(events, "ConditionChecked").data["met"] is True
    asked = find(events, "ChoiceRequested")
    carmillas = [o for o in story.state.zones["p1"]["main_deck"] if story.state.objects[o].card == "CMF-081"]
    assert asked.data["kind"] == "search" and asked.rule == "FoW-5.5 10.13 p2"
    assert sorted(asked.data["options"]["cards"]) == sorted(carmillas)
    events = story.when(cmd("ChooseCards", "p1", cards=[carmillas[0]]))
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.rule) == (carmillas[0], "field", "FoW-5.5 10.13 p2")
    assert "DeckShuffled" in [e.type for e in events]
    story.replays()


def test_book_of_genesis_with_seven_counters_searches_nothing() -> None:
    # Book of Genesis (MPR-005) with six creation counters: the seventh makes "six or less" false;
    # no search, but the main deck is shuffled (a "Then shuffle" of its own, 10.20)
    story = Story({"MPR-005": 4, "CMF-081": 4, "MPR-007": 4})
    book = story.put("p1", "MPR-005", "field")
    story.given("CounterPut", oid=book, counter="creation", count=6)
    events = story.log[len(story.log) :]
    for _ in range(200):
        if story.state.turn == 3 and "DeckShuffled" in [e.type for e in events]:
            break
        events += story.when(cmd("Pass", story.pending.player))
    assert story.state.objects[book].counters == {"creation": 7}
    assert find(events, "ConditionChecked").data["met"] is False
    assert not any(e.type == "ChoiceRequested" and e.data["kind"] == "search" for e in events)
    story.replays()


# --- "[Awakening] ...: If your J/Ruler is ..., <effects> instead" (12.1, 9.3 p3) -------------------


def _apollobreak(ruler: str, *, awaken: bool) -> tuple[Story, str, list[Any], int]:
    """Apollobreak, the Moon Blast (MPR-092) played by p1 at p2's Bear, with p1's ruler ``ruler``."""
    story = Story({"MPR-092": 4, "T-BEAR": 4}, ruler=ruler)
    bear = story.put("p2", "T-BEAR", "field")
    blast = story.put("p1", "MPR-092", "hand")
    story.will("p1", "W", "U", *(("M", "M") if awaken else ()))
    hand = len(story.state.zones["p1"]["hand"]) - 1
    story.when(cmd("PlayCard", "p1", card=blast, targets=[[bear]], awaken=awaken))
    return story, bear, story.resolve(), hand


def test_apollobreak_awakened_with_the_moon_princess_puts_it_on_the_bottom_and_draws() -> None:
    # Apollobreak, the Moon Blast (MPR-092): "Put target resonator on top of its owner's main deck.
    # [Awakening] {M}{M}: If your J/Ruler is "Moon Princess of Stellar Wars" or "Kaguya, the Immortal
    # Princess", put target resonator on the bottom of its owner's main deck and draw a card instead."
    story, bear, events, hand = _apollobreak("MPR-046", awaken=True)
    assert find(events, "ConditionChecked").data["met"] is True
    moved = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == bear)
    assert (moved.data["to"], moved.data.get("position")) == ("main_deck", "bottom")
    assert story.state.zones["p2"]["main_deck"][0] == bear
    assert len(story.state.zones["p1"]["hand"]) == hand + 1
    story.replays()


def test_apollobreak_awakened_without_the_ruler_puts_it_on_top() -> None:
    story, bear, events, hand = _apollobreak("T-RULER", awaken=True)
    assert find(events, "ConditionChecked").data["met"] is False
    assert story.state.zones["p2"]["main_deck"][-1] == bear
    assert len(story.state.zones["p1"]["hand"]) == hand
    story.replays()


def test_apollobreak_not_awakened_puts_it_on_top_even_with_the_ruler() -> None:
    story, bear, events, hand = _apollobreak("MPR-046", awaken=False)
    assert find(events, "ConditionChecked").data["met"] is False
    assert story.state.zones["p2"]["main_deck"][-1] == bear
    assert len(story.state.zones["p1"]["hand"]) == hand
    story.replays()


# --- "cannot be targeted by Vampire spells or Vampire card's abilities" / "prevent any damage it
# would be dealt by Vampires" (9.3 p2.4, 10.17 p1.2) --------------------------------------------------


def test_silver_stake_on_a_vampire_keeps_it_from_attacking() -> None:
    # Silver Stake (CMF-016): "[Continuous]: Resonator with this cannot attack or block if it's a
    # Vampire. Otherwise, it gains [+400/+400], it cannot be targeted by Vampire spells or Vampire
    # card's abilities and prevent any damage it would be dealt by Vampires."  On Carmilla (CMF-081)
    story = Story({"CMF-016": 4, "CMF-081": 4, "T-BEAR": 4})
    carmilla = story.put("p2", "CMF-081", "field")
    before = characteristics(story.state, carmilla)
    _add(story, "p1", "CMF-016", carmilla)
    rules = overrides_for(story.state, carmilla)
    assert rules.cannot_attack and rules.cannot_block
    after = characteristics(story.state, carmilla)
    assert (after.atk, after.def_) == (before.atk, before.def_)
    story.replays()


def test_silver_stake_shields_anything_else_from_vampires() -> None:
    # Silver Stake (CMF-016) on p1's Bear: +400/+400; damage from a Vampire is prevented, damage from
    # another card is not; p1's ruler, a Vampire (CMF-077: "[Activate] {Rest}: Target resonator gains
    # [-0/-300] until end of turn."), cannot target it with its ability, though it controls it
    story = Story({"CMF-016": 4, "T-BEAR": 4}, ruler="CMF-077")
    bear = story.put("p1", "T-BEAR", "field")
    other = story.put("p1", "T-BEAR", "field")
    vampire = story.state.zones["p1"]["ruler_area"][0]
    assert "Vampire" in story.state.card_of(vampire).races
    before = characteristics(story.state, bear)
    stake = _add(story, "p1", "CMF-016", bear)
    after = characteristics(story.state, bear)
    assert (after.atk, after.def_) == (before.atk + 400, before.def_ + 400)  # type: ignore[operator]
    assert not overrides_for(story.state, bear).cannot_attack
    events = story.by_rule(actions.deal_damage, vampire, bear, 500, "given")
    prevented = find(events, "DamagePrevented")
    assert (prevented.data["target"], prevented.data["amount"], prevented.data["source"]) == (bear, 500, vampire)
    assert prevented.data["effect"] == f"{stake}:3"
    assert prevented.rule == "FoW-5.5 10.17 p1.2" and story.state.objects[bear].damage == 0
    events = story.by_rule(actions.deal_damage, other, bear, 300, "given")
    assert find(events, "DamageDealt").data["amount"] == 300
    refusal = story.refused(cmd("ActivateAbility", "p1", source=vampire, ability=0, targets=[[bear]]))
    assert (refusal.code, refusal.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    events = story.when(cmd("ActivateAbility", "p1", source=vampire, ability=0, targets=[[other]]))
    assert find(events, "AbilityPlayed").data["targets"] == [[other]]
    story.replays()


# --- "If you banished a Human in this way, ... instead" (that_is, 9.3 p3, 10.10 p1) ---------------


def _voice(story: Story) -> list[Any]:
    """p1 plays Voice of the False God (CMF-057: {U}{1}) and both players pass."""
    voice = story.put("p1", "CMF-057", "hand")
    story.will("p1", "U", "U")
    story.when(cmd("PlayCard", "p1", card=voice))
    return story.resolve()


def test_voice_of_the_false_god_draws_three_for_a_human() -> None:
    # Voice of the False God (CMF-057): "Banish a resonator you control. If you do, draw two cards. If
    # you banished a Human in this way, draw three cards instead."  p1's only resonator is Gretel
    # (CMF-069, a Fairy Tale Human): banished without a choice (10.10 p1)
    story = Story({"CMF-057": 4, "CMF-069": 4, "T-BEAR": 4})
    gretel = story.put("p1", "CMF-069", "field")
    hand = len(story.state.zones["p1"]["hand"])
    events = _voice(story)
    assert story.state.objects[gretel].zone == "graveyard"
    assert [e.data["met"] for e in events if e.type == "ConditionChecked"] == [False, True]
    assert len(story.state.zones["p1"]["hand"]) == hand + 3
    story.replays()


def test_voice_of_the_false_god_draws_two_for_another_resonator() -> None:
    # Voice of the False God (CMF-057): p1 chooses to banish the Bear rather than Gretel
    story = Story({"CMF-057": 4, "CMF-069": 4, "T-BEAR": 4})
    gretel = story.put("p1", "CMF-069", "field")
    bear = story.put("p1", "T-BEAR", "field")
    hand = len(story.state.zones["p1"]["hand"])
    events = _voice(story)
    asked = find(events, "ChoiceRequested")
    assert asked.data["kind"] == "banish" and sorted(asked.data["options"]["cards"]) == sorted([gretel, bear])
    events = story.when(cmd("ChooseCards", "p1", cards=[bear]))
    assert [e.data["met"] for e in events if e.type == "ConditionChecked"] == [True, False]
    assert story.state.objects[gretel].zone == "field"
    assert len(story.state.zones["p1"]["hand"]) == hand + 2
    story.replays()


def test_voice_of_the_false_god_draws_nothing_without_a_resonator() -> None:
    story = Story({"CMF-057": 4, "T-BEAR": 4})
    hand = len(story.state.zones["p1"]["hand"])
    events = _voice(story)
    assert [e.data["met"] for e in events if e.type == "ConditionChecked"] == [False, False]
    assert len(story.state.zones["p1"]["hand"]) == hand
    story.replays()
