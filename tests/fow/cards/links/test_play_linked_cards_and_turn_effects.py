"""Cards linked to what their ability moved, and effects that last a turn on a moved card - real
Grimm/Alice cards executed by the engine in the form the importer gives them (helper v_link; given
events / when command / then cited events or a cited rejection; each story replays its whole log):

* "you may put a resonator from your hand into your field. It gains [Swiftness] until end of turn. At
  the end of turn, banish it." (9.6 p8: "it" is the card put, while it stays that object, 3.1 p3);
* "you may remove up to two cards in your graveyard from the game. If you do, it deals 200 damage
  multiplied by the combined total cost of the cards removed this way" (10.13 p1, 9.3 p3, 2.3).
"""

from __future__ import annotations

from domain.fow import actions
from domain.fow.characteristics import characteristics, overrides_for
from domain.kernel import Event
from tests.fow.cards.story import Story, _add
from tests.fow.cards.triggers.test_play_triggers_costs_and_target_filters import pass_until
from tests.fow.support import cmd, find
from tests.fow.test_ch8_battle import to_main

# --- Wormhole: "At the end of turn, banish it" names the card put from the hand -------------------


def _wormhole_story() -> tuple[Story, str, str]:
    # Wormhole (MOA-020): "When this card enters your field, you may put a resonator from your hand into
    # your field. It gains [Swiftness] until end of turn. At the end of turn, banish it."
    story = Story({"MOA-020": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "hand")
    wormhole = story.put("p1", "MOA-020", "graveyard")
    story.by_rule(actions.move, wormhole, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    [trig] = story.state.triggered
    assert trig.source == wormhole
    story.when(cmd("Pass", "p1"))  # played (it chooses no target), then it resolves
    events = story.resolve()
    asked = find(events, "ChoiceRequested")
    assert asked.data["kind"] == "put_from_hand" and bear in asked.data["options"]["cards"]
    return story, wormhole, bear


def test_wormhole_banishes_the_resonator_it_put_at_the_end_of_turn() -> None:
    story, _, bear = _wormhole_story()
    events = story.when(cmd("ChooseCards", "p1", cards=[bear]))
    assert story.state.objects[bear].zone == "field"
    assert "swiftness" in characteristics(story.state, bear).skills
    made = find(events, "DelayedAbilityCreated")
    assert (made.data["objects"], made.rule) == ([[bear, story.state.objects[bear].zone_since]], "FoW-5.5 9.6 p8")
    events = pass_until(story.state, lambda s: s.turn == 2, play_triggers=True)
    story.log += events
    fired = next(e for e in events if e.type == "AbilityTriggered")
    assert (fired.data["kind"], fired.rule) == ("delayed", "FoW-5.5 9.6 p8")
    banished = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == bear)
    assert (banished.data["to"], banished.data["reason"], banished.rule) == ("graveyard", "banish", "FoW-5.5 10.10 p1")
    story.replays()


def test_wormhole_banishes_nothing_once_the_card_is_a_new_object() -> None:
    # the card returned to the hand and played again is a new object (3.1 p3): "it" no longer names it
    story, _, bear = _wormhole_story()
    story.when(cmd("ChooseCards", "p1", cards=[bear]))
    story.moved(bear, "hand")
    story.moved(bear, "field", controller="p1")
    events = pass_until(story.state, lambda s: s.turn == 2, play_triggers=True)
    story.log += events
    assert story.state.objects[bear].zone == "field"
    assert not [e for e in events if e.type == "CardMoved" and e.data["oid"] == bear]
    story.replays()


def test_wormhole_put_nothing_makes_no_delayed_banish() -> None:
    story, _, bear = _wormhole_story()
    events = story.when(cmd("ChooseCards", "p1", cards=[]))
    made = find(events, "DelayedAbilityCreated")
    assert made.data["objects"] == []  # nothing for "it" to name (9.6 p8)
    events = pass_until(story.state, lambda s: s.turn == 2, play_triggers=True)
    story.log += events
    assert story.state.objects[bear].zone == "hand"
    story.replays()


# --- Keeper of the Past, Urthr: "remove up to two cards in your graveyard"; the cards removed this way -


def _urthr_story() -> tuple[Story, dict[str, str]]:
    # Keeper of the Past, Urthr (TMS-024, {R}{2}): "When this card enters your field, you may remove up to
    # two cards in your graveyard from the game. If you do, it deals 200 damage multiplied by the combined
    # total cost of the cards removed this way to target J/resonator."
    story = Story({"TMS-024": 4, "T-BEAR": 4, "T-WALL": 4})
    c = {
        "wall": story.put("p2", "T-WALL", "field"),
        "other_urthr": story.put("p1", "TMS-024", "graveyard"),
        "bear": story.put("p1", "T-BEAR", "graveyard"),
        "their_bear": story.put("p2", "T-BEAR", "graveyard"),
        "urthr": story.put("p1", "TMS-024", "graveyard"),
    }
    story.by_rule(actions.move, c["urthr"], "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    [trig] = story.state.triggered
    story.when(cmd("Pass", "p1"))
    story.when(cmd("PlayTriggered", "p1", trigger=trig.id, targets=[[c["wall"]]]))
    events = story.resolve()
    asked = find(events, "ChoiceRequested")
    assert (asked.data["options"]["cards"], asked.data["options"]["min"], asked.data["options"]["max"]) == (
        [c["other_urthr"], c["bear"]],  # your graveyard only
        0,
        2,
    )
    assert asked.rule == "FoW-5.5 10.13 p1"
    return story, c


def test_urthr_deals_200_per_total_cost_of_the_cards_it_removed() -> None:
    story, c = _urthr_story()
    refusal = story.refused(cmd("ChooseCards", "p1", cards=[c["their_bear"]]))
    assert (refusal.code, refusal.rule) == ("rules/look_choice", "FoW-5.5 10.13 p2")
    events = story.when(cmd("ChooseCards", "p1", cards=[c["other_urthr"], c["bear"]]))
    moved = [(e.data["oid"], e.rule) for e in events if e.type == "CardMoved" and e.data["to"] == "removed"]
    assert moved == [(c["other_urthr"], "FoW-5.5 10.3 p1"), (c["bear"], "FoW-5.5 10.3 p1")]
    dealt = find(events, "DamageDealt")
    assert (dealt.data["source"], dealt.data["target"], dealt.data["amount"]) == (c["urthr"], c["wall"], 800)
    story.replays()


def test_urthr_removing_one_card_counts_that_one() -> None:
    story, c = _urthr_story()
    events = story.when(cmd("ChooseCards", "p1", cards=[c["bear"]]))
    dealt = find(events, "DamageDealt")
    assert dealt.data["amount"] == 200  # the Bear's total cost 1 (2.3)
    story.replays()


def test_urthr_removing_none_is_not_doing_it() -> None:
    story, c = _urthr_story()
    events = story.when(cmd("ChooseCards", "p1", cards=[]))
    assert not [e for e in events if e.type in ("DamageDealt", "CardMoved")]  # "If you do" (9.3 p3.2)
    assert story.state.objects[c["bear"]].zone == "graveyard"
    story.replays()


# --- Black Moon: "If it would leave your field this turn, remove it from the game instead" (9.10 p1) ---


def _black_moon_story() -> tuple[Story, str, str]:
    # Black Moon (MPR-077): "[Continuous]: At the beginning of your main phase, put target Cthulhu non-spell
    # card from your graveyard into your field. It gains [Swiftness] until end of turn. If it would leave
    # your field this turn, remove it from the game instead. At the end of turn, remove it from the game."
    # Byakhee, the Winged Lady (MPR-078) is a Cthulhu resonator.
    story = Story({"MPR-077": 4, "MPR-078": 4, "T-BEAR": 4})
    story.put("p1", "MPR-077", "field")
    byakhee = story.put("p1", "MPR-078", "graveyard")
    story.log += pass_until(story.state, lambda s: s.turn == 3 and s.pending.kind == "trigger")
    story.when(cmd("PlayTriggered", "p1", trigger=story.state.triggered[0].id, targets=[[byakhee]]))
    events = story.resolve()
    made = [e for e in events if e.type == "ContinuousEffectCreated" and e.data["kind"] == "remove_instead"]
    assert [(e.data["targets"], e.data["rules"], e.data["duration"], e.rule) for e in made] == [
        ([byakhee], ["field"], "end_of_turn", "FoW-5.5 9.10 p1")
    ]
    assert story.state.objects[byakhee].zone == "field"
    assert "swiftness" in characteristics(story.state, byakhee).skills
    return story, byakhee, made[0].data["id"]


def test_black_moon_removes_the_card_instead_of_its_destruction() -> None:
    story, byakhee, effect = _black_moon_story()
    events = story.by_rule(actions.move, byakhee, "graveyard", "given", rule="10.9 p1", reason="destroy")
    moved = find(events, "CardMoved")
    assert (moved.data["to"], moved.data["instead_of"], moved.data["replaced_by"], moved.rule) == (
        "removed",
        "graveyard",
        effect,
        "FoW-5.5 9.10 p1",
    )
    assert not [e for e in events if e.type == "AbilityTriggered"]  # not put into a graveyard (9.6 p7.2)
    story.replays()


def test_black_moon_removes_the_card_instead_of_its_return_to_hand() -> None:
    story, byakhee, _ = _black_moon_story()
    events = story.by_rule(actions.move, byakhee, "hand", "given", rule="3.1 p5", reason="returned")
    assert find(events, "CardMoved").data["to"] == "removed"
    story.replays()


def test_black_moon_removes_the_card_at_the_end_of_turn_and_a_new_object_is_free() -> None:
    story, byakhee, _ = _black_moon_story()
    events = pass_until(story.state, lambda s: s.turn == 4, play_triggers=True)
    story.log += events
    moved = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == byakhee)
    assert (moved.data["to"], moved.rule) == ("removed", "FoW-5.5 10.3 p1")  # the delayed ability's removal
    # back in the field as a new object (3.1 p3): the replacement, made for the old one, does not apply
    story.moved(byakhee, "field", controller="p1")
    events = story.by_rule(actions.move, byakhee, "graveyard", "given", rule="10.9 p1", reason="destroy")
    assert find(events, "CardMoved").data["to"] == "graveyard"
    story.replays()


def test_black_moon_replacement_ends_with_the_turn() -> None:
    story, byakhee, _ = _black_moon_story()
    # a move into the removed area is not replaced; the same card is removed once only
    events = story.by_rule(actions.move, byakhee, "removed", "given", rule="10.3 p1", reason="removed")
    moved = find(events, "CardMoved")
    assert (moved.data["to"], moved.rule, "instead_of" in moved.data) == ("removed", "FoW-5.5 10.3 p1", False)
    assert not [e for e in story.state.effects if e.kind == "remove_instead"]  # a new object (3.1 p3)
    story.replays()


# --- Burn to Cinders: "If it's a J-Ruler, it loses [Imperishable]"; "If it's a resonator ... instead" ----


def _burn(story: Story, target: str) -> list[Event]:
    # Burn to Cinders (TTW-021, {R}{R}): "This card deals 700 damage to target J/resonator. If it's a
    # J-Ruler, it loses [Imperishable] until end of turn. If it's a resonator and it would be put into a
    # graveyard from a field this turn, remove it from game instead."
    burn = story.put("p1", "TTW-021", "hand")
    story.will("p1", "R", "R")
    story.when(cmd("PlayCard", "p1", card=burn, targets=[[target]]))
    return story.resolve()


def test_burn_to_cinders_removes_the_resonator_its_damage_destroys() -> None:
    story = Story({"TTW-021": 4, "T-BEAR": 4})
    bear = story.put("p2", "T-BEAR", "field")
    events = _burn(story, bear)
    checks = [e.data["met"] for e in events if e.type == "ConditionChecked"]
    assert checks == [False, True]  # not a J-Ruler; a resonator (9.3 p3)
    moved = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == bear)
    assert (moved.data["to"], moved.data["instead_of"], moved.rule) == ("removed", "graveyard", "FoW-5.5 9.10 p1")
    story.replays()


def test_burn_to_cinders_keeps_the_resonator_from_the_graveyard_all_turn() -> None:
    story = Story({"TTW-021": 4, "T-WALL": 4})
    wall = story.put("p2", "T-WALL", "field")  # [100/1000]: survives the 700 damage
    _burn(story, wall)
    assert story.state.objects[wall].zone == "field"
    events = story.by_rule(actions.move, wall, "graveyard", "given", rule="10.10 p1", reason="banish")
    assert find(events, "CardMoved").data["to"] == "removed"  # "this turn", any way into a graveyard
    story.replays()


def test_burn_to_cinders_replacement_does_not_cover_a_return_to_hand() -> None:
    story = Story({"TTW-021": 4, "T-WALL": 4})
    wall = story.put("p2", "T-WALL", "field")
    _burn(story, wall)
    events = story.by_rule(actions.move, wall, "hand", "given", rule="3.1 p5", reason="returned")
    assert find(events, "CardMoved").data["to"] == "hand"
    story.replays()


def test_burn_to_cinders_takes_imperishable_from_a_j_ruler() -> None:
    # SKL-077J ([500/500], [Imperishable]), the J-side of p2's ruler SKL-077, with [+0/+500]: it survives
    story = Story({"TTW-021": 4, "T-BEAR": 4}, ruler="SKL-077")
    [j_ruler] = story.state.zones["p2"]["ruler_area"]
    story.moved(j_ruler, "field", side="j_ruler", controller="p2")
    story.modified(j_ruler, "p2", def_=500)
    assert "imperishable" in characteristics(story.state, j_ruler).skills
    events = _burn(story, j_ruler)
    checks = [e.data["met"] for e in events if e.type == "ConditionChecked"]
    assert checks == [True, False]
    assert "imperishable" not in characteristics(story.state, j_ruler).skills
    assert not [e for e in story.state.effects if e.kind == "remove_instead"]
    story.replays()


# --- Cottage of Cakes: "all resonators removed from the game by this card" (10.3, 3.1 p3, 9.11) ---------


def _cottage_story() -> tuple[Story, dict[str, str]]:
    # Cottage of Cakes (CMF-062): "[Continuous]: "Hansel" and "Gretel" you control cannot be targeted by
    # spells or abilities you opponent controls.  [Activate] Pay {G},{Rest}: Remove target resonator you
    # control from the game.  [Activate] Pay {G},{Rest}, banish this card: Return all resonators removed
    # from the game by this card into your field."  ("you opponent": a misprint of "your opponent")
    story = Story({"CMF-062": 4, "CMF-070": 4, "T-BEAR": 4})
    c = {
        "cottage": story.put("p1", "CMF-062", "field"),
        "hansel": story.put("p1", "CMF-070", "field"),
        "bear": story.put("p1", "T-BEAR", "field"),
        "other_bear": story.put("p1", "T-BEAR", "removed"),  # removed by nothing
    }
    story.will("p1", "G")
    story.when(cmd("ActivateAbility", "p1", source=c["cottage"], ability=1, targets=[[c["bear"]]], pay_with=[]))
    events = story.resolve()
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.data["removed_by"]) == (c["bear"], "removed", c["cottage"])
    assert moved.data["removed_by_since"] == story.state.objects[c["cottage"]].zone_since
    return story, c


def test_cottage_returns_the_resonators_it_removed() -> None:
    story, c = _cottage_story()
    story.given("CardRecovered", oid=c["cottage"], reason="given")
    story.will("p1", "G")
    story.when(cmd("ActivateAbility", "p1", source=c["cottage"], ability=2, targets=[], pay_with=[]))
    assert story.state.objects[c["cottage"]].zone == "graveyard"  # banished as a cost (9.3 p2.5)
    events = story.resolve()
    back = [(e.data["oid"], e.data["to"], e.data["controller"]) for e in events if e.type == "CardMoved"]
    assert back == [(c["bear"], "field", "p1")]  # this card's, as the object it last was in the field (9.11)
    assert story.state.objects[c["other_bear"]].zone == "removed"
    story.replays()


def test_cottage_as_a_new_object_has_removed_nothing() -> None:
    story, c = _cottage_story()
    # the Cottage leaves the field and comes back: a new object (3.1 p3), not the one that removed the Bear
    story.moved(c["cottage"], "hand")
    story.moved(c["cottage"], "field", controller="p1")
    story.will("p1", "G")
    story.when(cmd("ActivateAbility", "p1", source=c["cottage"], ability=2, targets=[], pay_with=[]))
    events = story.resolve()
    assert not [e for e in events if e.type == "CardMoved"]
    assert story.state.objects[c["bear"]].zone == "removed"
    story.replays()


def test_cottage_a_removed_card_that_moved_is_no_longer_linked() -> None:
    story, c = _cottage_story()
    story.moved(c["bear"], "hand")  # a new object (3.1 p3)
    story.moved(c["bear"], "removed")
    story.given("CardRecovered", oid=c["cottage"], reason="given")
    story.will("p1", "G")
    story.when(cmd("ActivateAbility", "p1", source=c["cottage"], ability=2, targets=[], pay_with=[]))
    events = story.resolve()
    assert not [e for e in events if e.type == "CardMoved"]
    story.replays()


def test_cottage_hansel_and_gretel_cannot_be_targeted_by_the_opponent() -> None:
    story, c = _cottage_story()
    assert overrides_for(story.state, c["hansel"]).cannot_be_targeted_by_opponent
    assert not overrides_for(story.state, c["other_bear"]).cannot_be_targeted_by_opponent
    story.replays()


# --- Izanagi, Keeper of the Seal: "those removed cards"; "for each card ... removed by this card" -------


def _izanagi_story() -> tuple[Story, dict[str, str]]:
    # Izanagi, Keeper of the Seal (TMS-005): "When this card enters your field, you may remove up to three
    # target resonators and/or regalia your opponent controls from the game.  When this card leaves your
    # field for a non-field zone, put those removed cards into their owner's hands.  This card gains
    # [+300/+300] for each card in all removed areas that was removed by this card."
    story = Story({"TMS-005": 4, "T-BEAR": 4, "T-WALL": 4})
    c = {
        "bear": story.put("p2", "T-BEAR", "field"),
        "wall": story.put("p2", "T-WALL", "field"),
        "mine": story.put("p1", "T-BEAR", "field"),
        "izanagi": story.put("p1", "TMS-005", "graveyard"),
        "unlinked": story.put("p2", "T-BEAR", "removed"),
    }
    story.by_rule(actions.move, c["izanagi"], "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    [trig] = story.state.triggered
    story.when(cmd("Pass", "p1"))
    refusal = story.refused(cmd("PlayTriggered", "p1", trigger=trig.id, targets=[[c["mine"]]]))
    assert refusal.code.startswith("rules/")  # your opponent's only (9.3 p2.4)
    story.when(cmd("PlayTriggered", "p1", trigger=trig.id, targets=[[c["bear"], c["wall"]]]))
    events = story.resolve()
    assert find(events, "ChoiceRequested").data["kind"] == "optional"
    return story, c


def test_izanagi_gains_300_for_each_card_it_removed_and_returns_them_when_it_leaves() -> None:
    story, c = _izanagi_story()
    izanagi = c["izanagi"]
    printed = characteristics(story.state, izanagi)
    events = story.when(cmd("ChooseOptional", "p1", accept=True))
    moved = [(e.data["oid"], e.data["to"], e.data["removed_by"]) for e in events if e.type == "CardMoved"]
    assert moved == [(c["bear"], "removed", izanagi), (c["wall"], "removed", izanagi)]
    chars = characteristics(story.state, izanagi)
    assert (chars.atk, chars.def_) == (printed.atk + 600, printed.def_ + 600)  # not the unlinked Bear
    story.moved(c["wall"], "hand")  # a new object (3.1 p3): no longer "removed by this card"
    story.moved(c["wall"], "removed")
    assert characteristics(story.state, izanagi).atk == printed.atk + 300
    story.by_rule(actions.move, izanagi, "graveyard", "given", rule="10.10 p1", reason="banish")
    assert [t.source for t in story.state.triggered] == [izanagi]  # it left the field (9.6 p7.2)
    story.when(cmd("Pass", story.pending.player))
    events = story.resolve()
    back = [(e.data["oid"], e.data["to"]) for e in events if e.type == "CardMoved"]
    assert back == [(c["bear"], "hand")]  # this card as it last was in the field (9.11)
    assert story.state.objects[c["bear"]].owner == "p2" and c["bear"] in story.state.zones["p2"]["hand"]
    assert story.state.objects[c["unlinked"]].zone == "removed"
    story.replays()


def test_izanagi_declined_removes_nothing() -> None:
    story, c = _izanagi_story()
    story.when(cmd("ChooseOptional", "p1", accept=False))
    assert story.state.objects[c["bear"]].zone == "field"
    assert characteristics(story.state, c["izanagi"]).atk == story.state.card_of(c["izanagi"]).atk
    story.replays()


# --- Book of Eibon: "the resonator put into your field by this card" (3.1 p3, 9.11, 10.10) --------------


def _eibon_story() -> tuple[Story, dict[str, str]]:
    # Book of Eibon (MOA-042): "When this card enters field, put target resonator from a graveyard into your
    # field.  When this card leaves your field, banish the resonator put into your field by this card."
    story = Story({"MOA-042": 4, "T-BEAR": 4})
    c = {
        "theirs": story.put("p2", "T-BEAR", "graveyard"),  # "a graveyard": any player's
        "other": story.put("p1", "T-BEAR", "field"),  # put by nothing
        "book": story.put("p1", "MOA-042", "graveyard"),
    }
    story.by_rule(actions.move, c["book"], "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    [trig] = story.state.triggered
    story.when(cmd("Pass", "p1"))
    story.when(cmd("PlayTriggered", "p1", trigger=trig.id, targets=[[c["theirs"]]]))
    events = story.resolve()
    put = find(events, "CardMoved")
    assert (put.data["oid"], put.data["to"], put.data["controller"], put.data["put_by"]) == (
        c["theirs"],
        "field",
        "p1",
        c["book"],
    )
    return story, c


def test_eibon_banishes_the_resonator_it_put_when_it_leaves() -> None:
    story, c = _eibon_story()
    story.by_rule(actions.move, c["book"], "graveyard", "given", rule="10.10 p1", reason="banish")
    story.when(cmd("Pass", story.pending.player))  # the leaving trigger is played (no target)
    events = story.resolve()
    banished = [(e.data["oid"], e.data["to"], e.rule) for e in events if e.type == "CardMoved"]
    assert banished == [(c["theirs"], "graveyard", "FoW-5.5 10.10 p1")]  # into its owner's graveyard
    assert c["theirs"] in story.state.zones["p2"]["graveyard"]
    assert story.state.objects[c["other"]].zone == "field"
    story.replays()


def test_eibon_a_resonator_that_became_a_new_object_stays() -> None:
    story, c = _eibon_story()
    story.moved(c["theirs"], "hand")  # a new object (3.1 p3)
    story.moved(c["theirs"], "field", controller="p1")
    story.by_rule(actions.move, c["book"], "graveyard", "given", rule="10.10 p1", reason="banish")
    story.when(cmd("Pass", story.pending.player))
    events = story.resolve()
    assert not [e for e in events if e.type == "CardMoved"]
    assert story.state.objects[c["theirs"]].zone == "field"
    story.replays()


def test_eibon_cannot_banish_what_it_put_once_the_opponent_controls_it() -> None:
    story, c = _eibon_story()
    story.given("ControlChanged", oid=c["theirs"], **{"from": "p1", "to": "p2"})
    story.by_rule(actions.move, c["book"], "graveyard", "given", rule="10.10 p1", reason="banish")
    story.when(cmd("Pass", story.pending.player))
    events = story.resolve()
    ignored = find(events, "CardMoveIgnored")
    assert (ignored.data["oid"], ignored.rule) == (c["theirs"], "FoW-5.5 10.10 p2")
    story.replays()


# --- Ragnarok, the Divine Sword of Savior: a replacement on what the added J/resonator damaged --------


def _ragnarok_story() -> tuple[Story, dict[str, str]]:
    # Ragnarok, the Divine Sword of Savior (MPR-011, [Addition:J/Resonator]): "[Continuous]: Added J/resonator
    # gains [+500/+500].  [Continuous]: If a resonator dealt damage by added J/resonator would be put into a
    # graveyard this turn, remove that resonator from the game and you gain life equal to its DEF instead."
    story = Story({"MPR-011": 4, "T-BEAR": 4, "T-WALL": 4})
    c = {"bear": story.put("p1", "T-BEAR", "field"), "theirs": story.put("p2", "T-BEAR", "field")}
    c["wall"] = story.put("p2", "T-WALL", "field")
    c["sword"] = _add(story, "p1", "MPR-011", c["bear"])
    return story, c


def test_ragnarok_removes_what_its_host_damaged_and_its_controller_gains_its_def() -> None:
    story, c = _ragnarok_story()
    life = story.state.players["p1"].life
    story.by_rule(actions.deal_damage, c["bear"], c["theirs"], 300, "given")  # not lethal: 300 of 500
    story.modified(c["theirs"], "p2", def_=200)  # its DEF as it last was in the field: 700 (9.11)
    events = story.by_rule(actions.destroy, c["theirs"], "given")
    moved = find(events, "CardMoved")
    assert (moved.data["to"], moved.data["instead_of"], moved.data["replaced_by"], moved.rule) == (
        "removed",
        "graveyard",
        c["sword"],
        "FoW-5.5 9.10 p1",
    )
    gained = find(events, "LifeChanged")
    assert (gained.data["player"], gained.data["delta"], gained.rule) == ("p1", 700, "FoW-5.5 1.5 p4")
    assert story.state.players["p1"].life == life + 700
    story.replays()


def test_ragnarok_does_not_cover_a_resonator_its_host_did_not_damage() -> None:
    story, c = _ragnarok_story()
    story.by_rule(actions.deal_damage, c["theirs"], c["wall"], 300, "given")  # another card's damage
    events = story.by_rule(actions.destroy, c["wall"], "given")
    assert find(events, "CardMoved").data["to"] == "graveyard"
    assert not [e for e in events if e.type == "LifeChanged"]
    story.replays()


def test_ragnarok_damage_of_an_earlier_turn_does_not_count() -> None:
    story, c = _ragnarok_story()
    story.by_rule(actions.deal_damage, c["bear"], c["wall"], 300, "given")
    story.log += to_main(story.state, turn=2)
    events = story.by_rule(actions.destroy, c["wall"], "given")
    assert find(events, "CardMoved").data["to"] == "graveyard"  # "this turn" (10.6)
    story.replays()


# --- Pandora's Box of Hope: face down, then "a ... card removed by this card" ---------------------------


def test_pandoras_box_removes_face_down_and_puts_one_it_removed_into_the_field_rested() -> None:
    # Pandora's Box of Hope (MOA-007): "At the beginning of your main phase, remove the top card of your main
    # deck from the game face down. You may look at that card at any time.  Banish this card: Put a resonator
    # or [Addition:Field] card removed by this card into your field rested."
    story = Story({"MOA-007": 4, "T-BEAR": 4})
    box = story.put("p1", "MOA-007", "field")
    unlinked = story.put("p1", "T-BEAR", "removed")  # removed by nothing
    story.log += pass_until(story.state, lambda s: s.turn == 3 and s.phase == "main", play_triggers=True)
    top = story.on_top("p1", "T-BEAR")  # after the draw of turn 3, before the main phase's trigger resolves
    events = pass_until(story.state, in_main_phase_of_turn(3), play_triggers=True)
    story.log += events
    removed = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == top)
    assert (removed.data["to"], removed.data["face_down"], removed.data["removed_by"], removed.rule) == (
        "removed",
        True,
        box,
        "FoW-5.5 3.12 p2.1",  # a removal face down (the rule for face-down removed cards)
    )
    assert story.state.objects[top].face_down
    events = story.when(cmd("ActivateAbility", "p1", source=box, ability=1, targets=[], pay_with=[]))
    assert story.state.objects[box].zone == "graveyard"  # banished as the cost (9.3 p2.5)
    events = story.resolve()
    asked = find(events, "ChoiceRequested")
    assert asked.data["options"]["cards"] == [top]  # not the Bear removed otherwise
    events = story.when(cmd("ChooseCards", "p1", cards=[top]))
    obj = story.state.objects[top]
    assert (obj.zone, obj.rested, obj.face_down) == ("field", True, False)
    assert story.state.objects[unlinked].zone == "removed"
    story.replays()


def in_main_phase_of_turn(turn: int) -> object:
    return lambda s: s.turn == turn and (s.phase, s.step) == ("main", "main") and not s.chase and not s.triggered
