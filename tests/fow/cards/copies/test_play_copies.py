"""Copies (FoW-5.5 10.16) - real cards executed by the engine in the form the importer gives them
(given events / when command / then cited events; each story replays its whole log):

* Fayli, Genius Rip-Off Artist (ABC-RG-016): "Put a token copy of another target resonator you control
  into the field. At the next end of turn >>> That token's controller banishes it." - a pseudo-card with
  the copied card's printed information, none of its counters or continuous effects (10.16 p1, p1.1), the
  choices made for it (p1.3), ceasing to exist once it leaves the field (p1.1);
* Shadow of Lapis (LEL-038): "Put a token copy of target resonator token you control into your field" - a
  copy of a copy has what the copy effect made it (p1);
* Rebellious Soul, Ayu (TSW-074): "This card becomes a copy of target J-Ruler your opponent controls, except
  it doesn't become a J-Ruler and it's still a resonator." - a continuous effect changing information (p2).
"""

from __future__ import annotations

import pytest

from domain.fow import actions, engine, position
from domain.fow.characteristics import characteristics, effective_type, names_of
from domain.kernel import Event
from tests.fow.cards.copies.support import AYU, AYU_RULER, FAYLI, LAPIS, real_cards
from tests.fow.cards.story import Story, legal
from tests.fow.cards.triggers.test_play_triggers_costs_and_target_filters import pass_until
from tests.fow.support import cmd, find
from tests.fow.test_ch8_battle import to_main


def _fayli_story(ruleset: str = "FoW-5.5") -> tuple[Story, str, str]:
    """Fayli and a Bear in p1's field since the turn before; the Bear has a +100/+100 counter and gains
    [+200/+0] until end of turn; p1 has {R}."""
    story = Story({FAYLI: 4, LAPIS: 4, "T-BEAR": 4}, cards=real_cards(FAYLI, LAPIS), ruleset=ruleset)
    fayli, bear = story.put("p1", FAYLI, "field"), story.put("p1", "T-BEAR", "field")
    story.log += to_main(story.state, turn=3)
    story.given("CounterPut", oid=bear, counter="+100/+100", count=1)
    story.modified(bear, "p1", atk=200)
    story.will("p1", "R")
    return story, fayli, bear


def _copy(story: Story, fayli: str, target: str) -> str:
    """When: p1 plays Fayli's ability on ``target`` and it resolves; the pseudo-card it made."""
    story.when(cmd("ActivateAbility", "p1", source=fayli, ability=0, targets=[[target]]))
    made = find(story.resolve(), "CopyMade")
    return str(made.data["oid"])


def test_fayli_offers_another_resonator_you_control_as_the_target_of_its_copy() -> None:
    # FoW-5.5 10.16 p1: the copied object is the target chosen as the ability is played (9.3 p2.4):
    # "another target resonator you control" - not Fayli, not the opponent's
    story, fayli, bear = _fayli_story()
    theirs = story.put("p2", "T-BEAR", "field")
    offered = [a["targets"] for a in legal(story, "p1", "ActivateAbility") if a["source"] == fayli]
    assert offered == [[[bear]]] and theirs != bear


def test_token_copy_has_the_printed_information_without_counters_or_continuous_effects() -> None:
    # FoW-5.5 10.16 p1, p1.1: a pseudo-card with the same information, "without any continuous effects on
    # them": the Bear is 800/600 with its counter and [+200/+0]; its copy is the printed 500/500
    story, fayli, bear = _fayli_story()
    assert (characteristics(story.state, bear).atk, characteristics(story.state, bear).def_) == (800, 600)
    story.when(cmd("ActivateAbility", "p1", source=fayli, ability=0, targets=[[bear]]))
    events = story.resolve()
    made = find(events, "CopyMade")
    assert made.rule == "FoW-5.5 10.16 p1.1"
    assert (made.data["card"], made.data["copied"], made.data["controller"]) == ("T-BEAR", bear, "p1")
    token = str(made.data["oid"])
    obj = story.state.objects[token]
    assert obj.pseudo and obj.zone == "field" and token in story.state.zones["p1"]["field"]
    assert obj.counters == {} and not obj.rested
    chars = characteristics(story.state, token)
    assert (chars.atk, chars.def_, effective_type(story.state, token)) == (500, 500, "resonator")
    assert names_of(story.state, token) == {"Bear"}
    story.replays()


def test_views_show_the_token_as_a_pseudo_card_and_positions_refuse_copies() -> None:
    # FoW-5.5 10.16 p1.1: "A pseudo-card is not a physical card, but treated as a card in that zone": every
    # player sees it in the field as a pseudo-card; a declared position has no way to say so and refuses
    story, fayli, bear = _fayli_story()
    token = _copy(story, fayli, bear)
    field = engine.view(story.state, "p2")["players"]["p1"]["zones"]["field"]
    [shown] = [o for o in field if o["oid"] == token]
    assert (shown["card"], shown["pseudo"]) == ("T-BEAR", True)
    assert "pseudo" not in next(o for o in field if o["oid"] == bear)
    with pytest.raises(position.PositionNotRepresentableError, match=r"10\.16"):
        position.from_state(story.state)


def test_token_copy_of_a_card_has_its_abilities() -> None:
    # FoW-5.5 10.16 p1.1: the pseudo-card has the copied card's information, its abilities too: a copy of
    # another Fayli can itself put a token copy into the field
    story, fayli, _ = _fayli_story()
    other = story.put("p1", FAYLI, "field")
    token = _copy(story, fayli, other)
    assert story.state.card_of(token).id == FAYLI
    story.will("p1", "R")
    # the token entered this turn: its {Rest} cost waits for the next turn (9.5 p3)
    assert not [a for a in legal(story, "p1", "ActivateAbility") if a["source"] == token]
    story.replays()


def test_token_copy_has_the_choices_made_for_the_copied_card() -> None:
    # FoW-5.5 10.16 p1.3: "If a player made any choice for the copied object, the copy also has the same
    # choice": the X chosen for the copied card's cost (9.3 p2.5) and its [Awakening] go with the copy
    story, fayli, _ = _fayli_story()
    chosen = story.put("p1", "T-BEAR", "hand")
    story.moved(chosen, "field", controller="p1", x=3, awakened=True)
    token = _copy(story, fayli, chosen)
    made = story.state.objects[token]
    assert (made.x, made.awakened) == (3, True)
    story.replays()


def test_token_copy_is_banished_at_the_next_end_of_turn_and_ceases_to_exist() -> None:
    # FoW-5.5 10.16 p1.1: "If the copy moves out of the zone, it ceases to exist": banished by its
    # controller at the end of turn (9.6 p8, 10.10 p1), it is put into the graveyard and is no more
    story, fayli, bear = _fayli_story()
    token = _copy(story, fayli, bear)
    events = pass_until(story.state, lambda s: s.turn == 4, play_triggers=True)
    story.log += events
    banished = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == token)
    assert (banished.data["to"], banished.data["reason"], banished.rule) == ("graveyard", "banish", "FoW-5.5 10.10 p1")
    ceased = find(events, "CopyCeasedToExist")
    assert (ceased.data, ceased.rule) == ({"oid": token, "zone": "graveyard"}, "FoW-5.5 10.16 p1.1")
    assert events.index(ceased) == events.index(banished) + 1
    assert story.state.objects[token].zone == "none"
    assert all(token not in zone for zones in story.state.zones.values() for zone in zones.values())
    assert story.state.objects[bear].zone == "field"  # the copied card stays
    story.replays()


def test_token_copy_returned_to_the_hand_ceases_to_exist() -> None:
    # FoW-5.5 10.16 p1.1: whatever zone it moves to, the pseudo-card is not a card there
    story, fayli, bear = _fayli_story()
    token = _copy(story, fayli, bear)
    events = story.by_rule(actions.move, token, "hand", "given", rule="3.1 p5", reason="effect")
    ceased = find(events, "CopyCeasedToExist")
    assert (ceased.data["zone"], ceased.rule) == ("hand", "FoW-5.5 10.16 p1.1")
    assert token not in story.state.zones["p1"]["hand"]
    story.replays()


def test_a_copy_whose_target_left_is_not_made() -> None:
    # FoW-5.5 10.16 p1 with 9.3 p3.1: the target gone by resolution, nothing is copied
    story, fayli, bear = _fayli_story()
    story.when(cmd("ActivateAbility", "p1", source=fayli, ability=0, targets=[[bear]]))
    story.moved(bear, "graveyard")
    events = story.resolve()
    assert not [e for e in events if e.type == "CopyMade"]
    story.replays()


def test_shadow_of_lapis_copies_only_a_token_and_a_copy_of_a_copy_has_the_copied_information() -> None:
    # FoW-5.5 10.16 p1: a copy of the token takes what the copy effect made it - the Bear's printed
    # information - not the token's own continuous effects; "target resonator token you control" names
    # only a pseudo-card (10.16 p1.1)
    story, fayli, bear = _fayli_story()
    lapis = story.put("p1", LAPIS, "field")
    assert not [a for a in legal(story, "p1", "ActivateAbility") if a["source"] == lapis]  # no token yet
    token = _copy(story, fayli, bear)
    story.modified(token, "p1", atk=300)
    offered = [a["targets"] for a in legal(story, "p1", "ActivateAbility") if a["source"] == lapis]
    assert offered == [[[token]]]
    story.when(cmd("ActivateAbility", "p1", source=lapis, ability=0, targets=[[token]]))
    made = find(story.resolve(), "CopyMade")
    second = str(made.data["oid"])
    assert (made.data["card"], made.rule) == ("T-BEAR", "FoW-5.5 10.16 p1.1")
    assert characteristics(story.state, second).atk == 500 and characteristics(story.state, token).atk == 800
    assert story.state.objects[lapis].zone == "graveyard"  # banished as the cost
    story.replays()


# --- Rebellious Soul, Ayu: "This card becomes a copy of target J-Ruler your opponent controls" ----------


def _become_copy(story: Story, ayu: str, j_ruler: str) -> list[Event]:
    """When: p1 plays the ability Ayu gains (its granted index, as legal_actions lists it) on ``j_ruler``
    and it resolves."""
    [play] = [a for a in legal(story, "p1", "ActivateAbility") if a["source"] == ayu]
    assert play["targets"] == [[j_ruler]]
    story.when(cmd("ActivateAbility", "p1", source=ayu, ability=play["ability"], targets=[[j_ruler]]))
    return story.resolve()


def _ayu_story(ruleset: str = "FoW-5.5", *, with_fayli: bool = False) -> tuple[Story, str, str]:
    """Both players' Ayu, Lunar Swordswoman turned to her J-ruler side; p1's Rebellious Soul, Ayu (and, with
    ``with_fayli``, Fayli) in the field since the turn before, Ayu gaining [+100/+100] until end of turn."""
    cards = real_cards(AYU, AYU_RULER, FAYLI)
    story = Story({AYU: 4, FAYLI: 4, "T-BEAR": 4}, ruler=AYU_RULER, cards=cards, ruleset=ruleset)
    for p in ("p1", "p2"):
        ruler = story.state.zones[p]["ruler_area"][0]
        story.moved(ruler, "field", controller=p, side="j_ruler")
    ayu = story.put("p1", AYU, "field")
    if with_fayli:
        story.put("p1", FAYLI, "field")
    story.log += to_main(story.state, turn=3)
    story.modified(ayu, "p1", atk=100, def_=100)
    return story, ayu, story.state.zones["p2"]["field"][0]


def test_ayu_becomes_a_copy_of_the_opponents_j_ruler_but_stays_a_resonator() -> None:
    # FoW-5.5 10.16 p2: "it becomes the original card ... a continuous effect that changes information":
    # Ayu is the J-ruler Ayu, Shaman Swordswoman (1000/1000, [Imperishable], no [Flying] of her own), a
    # resonator by the exception; the [+100/+100] she gained still applies to her (9.9 p1.1: the copy is
    # her base information, the continuous effects on her come after)
    story, ayu, j_ruler = _ayu_story()
    assert characteristics(story.state, ayu).skills == {"flying"}
    events = _become_copy(story, ayu, j_ruler)
    became = find(events, "BecameCopy")
    assert became.rule == "FoW-5.5 10.16 p2"
    assert (became.data["oid"], became.data["copied"], became.data["copy_type"]) == (ayu, j_ruler, "resonator")
    chars = characteristics(story.state, ayu)
    assert (chars.atk, chars.def_, chars.skills) == (1100, 1100, {"imperishable"})
    assert effective_type(story.state, ayu) == "resonator"
    assert names_of(story.state, ayu) == {"Ayu, Shaman Swordswoman"}
    assert story.state.card_of(j_ruler).type == "j_ruler"  # the copied card is unchanged
    stored = engine.state_to_dict(story.state)  # a snapshot keeps the copy
    assert engine.state_to_dict(engine.state_from_dict(stored)) == stored
    story.replays()


def test_ayu_is_no_longer_a_copy_once_she_is_a_new_object() -> None:
    # FoW-5.5 10.16 p2 with 3.1 p3: the copy effect was on the object she was; back in the field from the
    # hand she is Rebellious Soul, Ayu again
    story, ayu, j_ruler = _ayu_story()
    _become_copy(story, ayu, j_ruler)
    story.moved(ayu, "hand")
    story.moved(ayu, "field", controller="p1")
    assert story.state.card_of(ayu).id == AYU
    assert characteristics(story.state, ayu).atk == 600
    story.replays()


def test_a_token_copy_of_ayu_as_a_copy_is_the_copied_j_ruler_as_a_resonator() -> None:
    # FoW-5.5 10.16 p1: the copiable information of a card that became a copy is what the copy effect
    # (10.16 p2) made it, with its exception, not the continuous effects on her: Fayli's token copy of her
    # is a resonator Ayu, Shaman Swordswoman, 1000/1000
    story, ayu, j_ruler = _ayu_story(with_fayli=True)
    _become_copy(story, ayu, j_ruler)
    fayli = next(o for o in story.state.zones["p1"]["field"] if story.state.objects[o].card == FAYLI)
    story.will("p1", "R")
    token = _copy(story, fayli, ayu)
    assert names_of(story.state, token) == {"Ayu, Shaman Swordswoman"}
    assert effective_type(story.state, token) == "resonator"
    chars = characteristics(story.state, token)
    assert (chars.atk, chars.def_, chars.skills) == (1000, 1000, {"imperishable"})
    story.replays()
