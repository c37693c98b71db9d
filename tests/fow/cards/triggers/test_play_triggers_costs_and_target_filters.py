"""Vocabulary for real cards, executed by the engine (given events / when command / then events
or rejection), each with a real Grimm or Alice card in the form the importer gives it:

* trigger conditions: the beginning of your main phase (FoW-5.5 5.3 p1), the end of [your]
  turn (5.4 p3), "whenever you gain life", "whenever this card deals damage to your opponent",
  another card entering your field and a resonator put into a graveyard from a field (9.6 p5,
  p7.2);
* [Activate] costs beyond will (9.3 p2.5): removing counters from this card, discarding,
  banishing and resting other cards chosen as the ability is played;
* targets: a player only ("target opponent"), "up to N", "non-<attribute>", "with/without
  [<skill>]", each player (9.3 p2.4);
* names a card has in addition to its own (2.2).
"""

from __future__ import annotations

import json
from pathlib import Path

from domain.fow import actions, engine
from domain.fow.cards import Filter, Search
from domain.fow.characteristics import characteristics, matches
from domain.fow.context import Ctx
from domain.fow.state import GameState
from domain.kernel import Command, Event
from tests.fow.cards.test_play_real_decks import own, resolve, vocab_game
from tests.fow.support import catalog, cmd, deck, find, rejected, run, start_game, types
from tests.fow.test_ch4_to_6_setup_and_turns import keep_hands, to_main


def triggered_by(events: list[Event], oid: str) -> list[Event]:
    return [e for e in events if e.type == "AbilityTriggered" and e.data["source"] == oid]


def pass_until(state: GameState, done: object, *, play_triggers: bool = False) -> list[Event]:
    """Pass priority until ``done(state)`` holds or a triggered ability waits for a choice
    (with ``play_triggers``: play it, with the first targets legal_actions offers)."""
    events: list[Event] = []
    for _ in range(80):
        assert callable(done) and state.pending is not None
        if done(state):
            return events
        if state.pending.kind == "trigger":
            if not play_triggers:
                return events
            first = next(c for c in engine.legal_actions(state, state.pending.player) if c.type == "PlayTriggered")
            events += run(state, first)
            continue
        assert state.pending.kind == "priority", state.pending
        events += run(state, cmd("Pass", state.pending.player))
    raise AssertionError("the game did not get there")


def in_main_phase_of(player: str) -> object:
    return lambda s: s.turn_player == player and (s.phase, s.step) == ("main", "main") and s.pending.kind == "priority"


# --------------------------------------------------------------------------------------
# trigger conditions


def test_beginning_of_your_main_phase_triggers_for_the_turn_player_only() -> None:
    # Hazzard, the Dark Forest Augur (MOA-046): "At the beginning of your main phase, this card
    # deals 200 damage to target player or resonator." ("At the beginning of main phase"
    # trigger conditions happen as the main phase begins, FoW-5.5 5.3 p1)
    state = vocab_game({"MOA-046": 4, "T-BEAR": 4}, {"T-STONE": 10})
    mine, theirs = own(state, "p1", "MOA-046", "field"), own(state, "p2", "MOA-046", "field")
    bear = own(state, "p1", "T-BEAR", "field")
    events = pass_until(state, in_main_phase_of("p2"))
    assert not triggered_by(events, mine)
    [trig] = triggered_by(events, theirs)
    began = next(e for e in events if f"ev:{e.seq}" == trig.cause)
    assert (began.type, began.data, began.rule) == ("StepBegan", {"phase": "main", "step": "main"}, "FoW-5.5 5.3 p1")
    assert trig.rule == "FoW-5.5 9.6 p5"
    # the player chooses the target: a player or a resonator, offered by legal_actions
    offered = [c.args["targets"] for c in engine.legal_actions(state, "p2") if c.type == "PlayTriggered"]
    assert [["p1"]] in offered and [[bear]] in offered
    assert [[mine]] not in offered  # "This card cannot be targeted by spells or abilities."
    no = rejected(state, cmd("PlayTriggered", "p2", trigger=trig.data["trigger"], targets=[[mine]]))
    assert (no.code, no.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    life = state.players["p1"].life
    run(state, cmd("PlayTriggered", "p2", trigger=trig.data["trigger"], targets=[["p1"]]))
    events = resolve(state)
    assert find(events, "DamageDealt").data == {
        "source": theirs,
        "target": "p1",
        "amount": 200,
        "battle": False,
        "to_card": False,
    }
    assert state.players["p1"].life == life - 200
    # a battle ending goes back to the main phase; it does not begin again (5.3 p1)
    events = run(state, cmd("InitiateBattle", "p2"))
    events += pass_until(state, lambda s: s.pending.kind == "declare_attack")
    events += run(state, cmd("ForfeitAttack", "p2"))
    events += pass_until(state, lambda s: s.battle is None and s.pending.kind == "priority")
    assert "BattleEnded" in types(events) and (state.phase, state.step) == ("main", "main")
    assert not triggered_by(events, theirs)


def test_end_of_your_turn_and_end_of_each_turn() -> None:
    # Ebony Devil (TAT-078): "At the end of your turn, this card deals 200 damage to you."
    # Eden, the Crimson Garden (MPR-027): "At the end of turn, this card deals 200 damage to
    # each player." Both trigger as the end of turn step begins (FoW-5.5 5.4 p3), Ebony Devil
    # only in its controller's turn
    state = vocab_game({"TAT-078": 4, "MPR-027": 4, "T-BEAR": 4}, {"T-STONE": 10})
    devil, garden = own(state, "p1", "TAT-078", "field"), own(state, "p1", "MPR-027", "field")
    their_devil = own(state, "p2", "TAT-078", "field")
    events = pass_until(state, lambda s: s.turn_player == "p2", play_triggers=True)
    began = next(e for e in events if e.type == "StepBegan" and e.data["step"] == "end_of_turn")
    assert began.rule == "FoW-5.5 5.4 p3"
    assert [e.cause for e in triggered_by(events, devil)] == [f"ev:{began.seq}"]
    assert [e.cause for e in triggered_by(events, garden)] == [f"ev:{began.seq}"]
    assert not triggered_by(events, their_devil)
    dealt = sorted((e.data["source"], e.data["target"]) for e in events if e.type == "DamageDealt")
    assert dealt == sorted([(devil, "p1"), (garden, "p1"), (garden, "p2")])


def test_whenever_you_gain_life() -> None:
    # Gloria's Castle Town (TTW-008): "Whenever you gain life, target resonator gains
    # [+300/+300] until end of turn." Gathering of Fairies (BFA-005): "You gain 1000 life."
    state = vocab_game({"TTW-008": 4, "BFA-005": 4, "T-BEAR": 4}, {"T-STONE": 10})
    town, their_town = own(state, "p1", "TTW-008", "field"), own(state, "p2", "TTW-008", "field")
    bear = own(state, "p1", "T-BEAR", "field")
    fairies = own(state, "p1", "BFA-005", "hand")
    state.players["p1"].will.append("W")  # given: p1 has produced {W}
    run(state, cmd("PlayCard", "p1", card=fairies, targets=[], pay_with=[]))
    events = resolve(state)
    gained = next(e for e in events if e.type == "LifeChanged" and e.data["delta"] == 1000)
    [trig] = triggered_by(events, town)
    assert trig.cause == f"ev:{gained.seq}" and trig.rule == "FoW-5.5 9.6 p5"
    assert not triggered_by(events, their_town)  # "you": the opponent gaining life is not it
    run(state, cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[[bear]]))
    resolve(state)
    assert (characteristics(state, bear).atk, characteristics(state, bear).def_) == (800, 800)
    # losing life is not gaining it
    ctx = Ctx(state, "given")
    actions.deal_damage(ctx, bear, "p1", 100, "given")
    assert not triggered_by(ctx.events, town)


def test_whenever_this_card_deals_damage_to_your_opponent() -> None:
    # Captain Cook (VIN001-032): "Whenever this card deals damage to your opponent, draw a card."
    state = vocab_game({"VIN001-032": 4, "T-BEAR": 4}, {"T-STONE": 10})
    cook = own(state, "p1", "VIN001-032", "field")
    bear = own(state, "p2", "T-BEAR", "field")
    pass_until(state, in_main_phase_of("p2"))
    pass_until(state, in_main_phase_of("p1"))
    run(state, cmd("InitiateBattle", "p1"))
    pass_until(state, lambda s: s.pending.kind == "declare_attack")
    events = run(state, cmd("DeclareAttack", "p1", attacker=cook, target="p2"))
    events += pass_until(state, lambda s: s.pending.kind == "declare_block")
    events += run(state, cmd("DeclineBlock", "p2"))
    life = state.players["p2"].life
    events += pass_until(state, lambda s: s.players["p2"].life < life)
    dealt = next(e for e in events if e.type == "DamageDealt" and e.data["target"] == "p2")
    assert dealt.data["battle"] is True
    [trig] = triggered_by(events, cook)
    assert trig.rule == "FoW-5.5 9.6 p5"
    hand = len(state.zones["p1"]["hand"])
    events = pass_until(state, lambda s: len(s.zones["p1"]["hand"]) == hand + 1)
    assert find(events, "CardMoved").data["reason"] == "draw"
    # damage to a resonator is not damage to the opponent
    ctx = Ctx(state, "given")
    actions.deal_damage(ctx, cook, bear, 100, "given")
    assert "DamageDealt" in types(ctx.events) and not triggered_by(ctx.events, cook)


def test_another_six_sages_entering_your_field_and_removing_counters_as_a_cost() -> None:
    # Zero, the Flashing Mage-Warrior (MOA-010): "Whenever another Six Sages enters your field,
    # put a knowledge counter on this card." and "[Activate] Remove a knowledge counter from this
    # card: Prevent the next 300 damage that would be dealt to target resonator this turn."
    state = vocab_game({"MOA-010": 4, "MOA-018": 4, "T-BEAR": 4}, {"T-STONE": 10})
    zero = own(state, "p1", "MOA-010", "field")
    bear = own(state, "p1", "T-BEAR", "field")
    # no counter: the cost cannot be paid, so the ability cannot be played (9.3 p2.5)
    assert not [
        c for c in engine.legal_actions(state, "p1") if c.type == "ActivateAbility" and c.args["source"] == zero
    ]
    no = rejected(state, cmd("ActivateAbility", "p1", source=zero, ability=2, targets=[[bear]], pay_with=[]))
    assert (no.code, no.rule) == ("rules/not_enough_counters", "FoW-5.5 9.3 p2.5")
    # another Six Sages enters p1's field (Milest, MOA-018): Zero triggers, Milest does not
    # ("another"); a Six Sages entering the opponent's field does not trigger it
    milest = own(state, "p1", "MOA-018", "graveyard")
    theirs = own(state, "p2", "MOA-018", "graveyard")
    ctx = Ctx(state, "given")
    actions.move(ctx, theirs, "field", "given", rule="3.1 p5", reason="effect", controller="p2")
    actions.move(ctx, milest, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    entered = next(e for e in ctx.events if e.type == "CardMoved" and e.data["oid"] == milest)
    assert [e.cause for e in triggered_by(ctx.events, zero)] == [f"ev:{entered.seq}"]
    assert not triggered_by(ctx.events, milest)
    run(state, cmd("Pass", "p1"))
    events = resolve(state)
    assert find(events, "CounterPut").data == {"oid": zero, "counter": "knowledge", "count": 1}
    offered = [c for c in engine.legal_actions(state, "p1") if c.type == "ActivateAbility" and c.args["source"] == zero]
    assert offered
    events = run(state, cmd("ActivateAbility", "p1", source=zero, ability=2, targets=[[bear]], pay_with=[]))
    removed = find(events, "CounterRemoved")
    assert removed.data == {"oid": zero, "counter": "knowledge", "count": 1, "reason": "cost"}
    assert removed.rule == "FoW-5.5 9.3 p2.5" and "knowledge" not in state.objects[zero].counters


def test_a_resonator_put_into_a_graveyard_from_your_opponents_field() -> None:
    # Maximilian (VIN002-069): "Whenever a resonator is put into a graveyard from your opponent's
    # field => You gain 400 life." The moved card is seen as it was in the field (9.6 p7.2)
    state = vocab_game({"VIN002-069": 4, "T-BEAR": 4}, {"T-STONE": 10})
    maximilian = own(state, "p1", "VIN002-069", "field")
    mine, theirs = own(state, "p1", "T-BEAR", "field"), own(state, "p2", "T-BEAR", "field")
    ctx = Ctx(state, "given")
    actions.destroy(ctx, mine, "given")
    assert not triggered_by(ctx.events, maximilian)
    actions.destroy(ctx, theirs, "given")
    moved = next(e for e in ctx.events if e.type == "CardMoved" and e.data["oid"] == theirs)
    assert [e.cause for e in triggered_by(ctx.events, maximilian)] == [f"ev:{moved.seq}"]
    # returned to the hand: not put into a graveyard
    other = own(state, "p2", "T-BEAR", "field")
    ctx = Ctx(state, "given")
    actions.move(ctx, other, "hand", "given", rule="3.1 p5", reason="returned")
    assert not triggered_by(ctx.events, maximilian)


# --------------------------------------------------------------------------------------
# costs naming other cards (9.3 p2.5)


def abilities_offered_cmds(state: GameState, source: str) -> list[Command]:
    return [c for c in engine.legal_actions(state, "p1") if c.type == "ActivateAbility" and c.args["source"] == source]


def abilities_offered(state: GameState, player: str, source: str) -> list[dict[str, object]]:
    return [
        dict(c.args)
        for c in engine.legal_actions(state, player)
        if c.type == "ActivateAbility" and c.args["source"] == source
    ]


def test_discard_a_card_as_a_cost() -> None:
    # Puppet Soldier (TMS-044): "Discard a card: This card gains [+200/+200] until end of turn."
    state = vocab_game({"TMS-044": 4, "T-BEAR": 4}, {"T-STONE": 10})
    puppet = own(state, "p1", "TMS-044", "field")
    hand = list(state.zones["p1"]["hand"])
    no = rejected(state, cmd("ActivateAbility", "p1", source=puppet, ability=0, targets=[], pay_with=[]))
    assert (no.code, no.rule) == ("rules/cost_cards", "FoW-5.5 9.3 p2.5")
    field_card = own(state, "p1", "T-BEAR", "field")
    no = rejected(
        state,
        cmd("ActivateAbility", "p1", source=puppet, ability=0, targets=[], pay_with=[], cost_cards=[[field_card]]),
    )
    assert no.code == "rules/cost_cards" and repr(field_card) in no.message
    offered = abilities_offered(state, "p1", puppet)
    assert offered and all(a["cost_cards"][0][0] in hand for a in offered)  # type: ignore[index]
    events = run(
        state, cmd("ActivateAbility", "p1", source=puppet, ability=0, targets=[], pay_with=[], cost_cards=[[hand[0]]])
    )
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["from"], moved.data["to"], moved.data["reason"]) == (
        hand[0],
        "hand",
        "graveyard",
        "discard",
    )
    assert moved.rule == "FoW-5.5 10.18 p1"
    resolve(state)
    assert characteristics(state, puppet).atk == 700
    # an empty hand cannot pay: no such action is offered
    for oid in list(state.zones["p1"]["hand"]):
        state.zones["p1"]["hand"].remove(oid)
        state.zones["p1"]["graveyard"].append(oid)
        state.objects[oid].zone = "graveyard"
    assert not abilities_offered(state, "p1", puppet)


def test_discard_another_card_named_x_for_will() -> None:
    # Excalibur, the God's Sword (VS01-002): 'Discard another card named "Excalibur, the God's
    # Sword": Produce {W}.' - a will ability (9.7) with a cost naming a card (its third ability, after
    # the {Rest} one expressed since the t8-opt round)
    state = vocab_game({"VS01-002": 4, "T-BEAR": 4}, {"T-STONE": 10})
    sword = own(state, "p1", "VS01-002", "field")
    bear = own(state, "p1", "T-BEAR", "hand")
    copy = own(state, "p1", "VS01-002", "hand")
    no = rejected(state, cmd("ActivateAbility", "p1", source=sword, ability=2, cost_cards=[[bear]]))
    assert (no.code, no.rule) == ("rules/cost_cards", "FoW-5.5 9.3 p2.5")
    copies = [o for o in state.zones["p1"]["hand"] if state.objects[o].card == "VS01-002"]
    assert {"source": sword, "ability": 2, "cost_cards": [copies[:1]]} in abilities_offered(state, "p1", sword)
    events = run(state, cmd("ActivateAbility", "p1", source=sword, ability=2, cost_cards=[[copy]]))
    assert find(events, "CardMoved").data["oid"] == copy
    assert find(events, "WillProduced").data["will"] == ["W"] and state.players["p1"].will == ["W"]


def test_banish_a_resonator_you_control_as_a_cost() -> None:
    # Charles VII (CMF-040): "[Activate] Pay {1}, banish a Human resonator: Draw a card."
    state = vocab_game({"CMF-040": 4, "TMS-044": 4, "T-BEAR": 4}, {"T-STONE": 10})
    charles = own(state, "p1", "CMF-040", "field")
    bear = own(state, "p1", "T-BEAR", "field")  # not a Human
    their_human = own(state, "p2", "TMS-044", "field")
    my_human = own(state, "p1", "TMS-044", "field")
    state.players["p1"].will.append("R")  # given: p1 has produced one will
    for wrong in (bear, their_human):
        args = {"source": charles, "ability": 0, "targets": [], "pay_with": [], "cost_cards": [[wrong]]}
        no = rejected(state, cmd("ActivateAbility", "p1", **args))
        assert (no.code, no.rule) == ("rules/cost_cards", "FoW-5.5 9.3 p2.5")
    offered = [a["cost_cards"] for a in abilities_offered(state, "p1", charles) if a["ability"] == 0]
    assert sorted(map(str, offered)) == sorted(map(str, [[[charles]], [[my_human]]]))  # Charles is a Human too
    events = run(
        state,
        cmd("ActivateAbility", "p1", source=charles, ability=0, targets=[], pay_with=[], cost_cards=[[my_human]]),
    )
    banished = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == my_human)
    assert (banished.data["to"], banished.data["reason"], banished.rule) == ("graveyard", "banish", "FoW-5.5 10.10 p1")


def test_rest_another_recovered_resonator_as_a_cost() -> None:
    # The Flower Prince (TMS-047): "Rest another recovered Fairy Tale resonator you control: This
    # card gains [0/+200] until end of turn."
    state = vocab_game({"TMS-047": 4, "T-BEAR": 4}, {"T-STONE": 10})
    prince = own(state, "p1", "TMS-047", "field")
    other = own(state, "p1", "TMS-047", "field")
    rested = own(state, "p1", "TMS-047", "field")
    state.objects[rested].rested = True
    for wrong in (prince, rested):  # not "another"; not recovered
        args = {"source": prince, "ability": 1, "targets": [], "pay_with": [], "cost_cards": [[wrong]]}
        assert rejected(state, cmd("ActivateAbility", "p1", **args)).code == "rules/cost_cards"
    events = run(
        state, cmd("ActivateAbility", "p1", source=prince, ability=1, targets=[], pay_with=[], cost_cards=[[other]])
    )
    rest = find(events, "CardRested")
    assert (rest.data, rest.rule) == ({"oid": other, "reason": "cost"}, "FoW-5.5 10.12 p1")
    assert state.objects[other].rested


# --------------------------------------------------------------------------------------
# targets (9.3 p2.4)


def test_target_opponent_is_a_player_only_target() -> None:
    # Melgis, the Flame King (SKL-027, a ruler): "{R}{R}: This card deals 200 damage to target opponent."
    state = vocab_game({"T-BEAR": 4}, {"T-STONE": 10}, ruler="SKL-027")
    melgis = state.zones["p1"]["ruler_area"][0]
    bear = own(state, "p2", "T-BEAR", "field")
    state.players["p1"].will += ["R", "R"]
    offered = [a["targets"] for a in abilities_offered(state, "p1", melgis)]
    assert offered == [[["p2"]]]
    for wrong in ("p1", bear):
        args = {"source": melgis, "ability": 0, "targets": [[wrong]], "pay_with": []}
        no = rejected(state, cmd("ActivateAbility", "p1", **args))
        assert (no.code, no.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    run(state, cmd("ActivateAbility", "p1", source=melgis, ability=0, targets=[["p2"]], pay_with=[]))
    events = resolve(state)
    assert find(events, "DamageDealt").data["target"] == "p2"


def test_up_to_two_targets_allows_none_one_or_two() -> None:
    # Alice's Little Decoy (BFA-046): "Banish this card: Return up to two target resonators you
    # control to their owner's hands."
    state = vocab_game({"BFA-046": 4, "T-BEAR": 4, "T-WALL": 4, "T-BIRD": 4}, {"T-STONE": 10})
    decoy = own(state, "p1", "BFA-046", "field")
    b1, b2, b3 = (own(state, "p1", card, "field") for card in ("T-BEAR", "T-WALL", "T-BIRD"))
    theirs = own(state, "p2", "T-BEAR", "field")
    for wrong in ([b1, b2, b3], [theirs]):
        no = rejected(state, cmd("ActivateAbility", "p1", source=decoy, ability=0, targets=[wrong], pay_with=[]))
        assert no.code in ("rules/target_count", "rules/illegal_target") and no.rule == "FoW-5.5 9.3 p2.4"
    offered = [a["targets"] for a in abilities_offered(state, "p1", decoy)]
    assert [[]] in offered and [[b1, b2]] in offered
    run(state, cmd("ActivateAbility", "p1", source=decoy, ability=0, targets=[[b1]], pay_with=[]))
    resolve(state)
    assert state.objects[b1].zone == "hand" and state.objects[b2].zone == "field"


def test_non_darkness_and_with_flying_filters() -> None:
    # Nobunaga Oda (VIN001-068): "Non-darkness resonators gain [-200/-200]."
    # Dark Arla, the Shadow Wing (TTW-079): "{B}{1}: This card deals 600 damage to target
    # resonator with [Flying]."
    state = vocab_game({"VIN001-068": 4, "TTW-079": 4, "T-BIRD": 4, "T-BEAR": 4}, {"T-STONE": 10})
    own(state, "p1", "VIN001-068", "field")
    arla = own(state, "p1", "TTW-079", "field")  # darkness
    bird, bear = own(state, "p2", "T-BIRD", "field"), own(state, "p2", "T-BEAR", "field")
    assert characteristics(state, bear).atk == 300 and characteristics(state, arla).atk == 700
    state.players["p1"].will += ["B", "R"]
    offered = [a["targets"] for a in abilities_offered(state, "p1", arla)]
    assert sorted(offered) == sorted([[[arla]], [[bird]]])  # Dark Arla has [Flying] itself
    no = rejected(state, cmd("ActivateAbility", "p1", source=arla, ability=0, targets=[[bear]], pay_with=[]))
    assert (no.code, no.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")


# --------------------------------------------------------------------------------------
# names (2.2)


def test_a_card_has_a_name_in_addition_to_its_own() -> None:
    # Acolyte of the Abyss (TMS-106): 'This card has "The Observer" in addition to its other names.'
    state = vocab_game({"T-BEAR": 4}, {"T-STONE": 10}, ruler="TMS-106")
    acolyte = state.zones["p1"]["ruler_area"][0]
    assert matches(state, Filter(zone="ruler_area", types=[], name="The Observer"), acolyte, "p1")
    assert matches(state, Filter(zone="ruler_area", types=[], name="Acolyte of the Abyss"), acolyte, "p1")
    assert not matches(state, Filter(zone="ruler_area", types=[], name="Alisaris"), acolyte, "p1")
    # searching the main deck by name finds a card by its other name as well
    ctx = Ctx(state, "given")
    bear = next(o for o in state.zones["p1"]["main_deck"] if state.objects[o].card == "T-BEAR")
    observer = Search(filter=Filter(zone="main_deck", types=[], name="The Observer"))
    assert actions._search_match(ctx.s, observer, acolyte, "p1")
    assert not actions._search_match(ctx.s, observer, bear, "p1")


# --------------------------------------------------------------------------------------
# more trigger conditions: blocked, dealt damage, damage to you, playing an addition (9.6 p5)


def test_blocks_or_is_blocked() -> None:
    # Survivor of Heaven Castle (MPR-070): "Whenever this card blocks or is blocked, it gains
    # [+300/+300] until end of turn." - two trigger conditions (the attacker is blocked when a
    # block is declared, 8.3 p4)
    state = vocab_game({"MPR-070": 4, "T-BEAR": 4}, {"T-STONE": 10})
    attacker, blocker = own(state, "p1", "MPR-070", "field"), own(state, "p2", "MPR-070", "field")
    pass_until(state, in_main_phase_of("p2"))
    pass_until(state, in_main_phase_of("p1"))
    run(state, cmd("InitiateBattle", "p1"))
    pass_until(state, lambda s: s.pending.kind == "declare_attack")
    events = run(state, cmd("DeclareAttack", "p1", attacker=attacker, target="p2"))
    assert not triggered_by(events, attacker)  # attacking alone is not being blocked
    events = pass_until(state, lambda s: s.pending.kind == "declare_block")
    events += run(state, cmd("DeclareBlock", "p2", blocker=blocker))
    declared = find(events, "BlockDeclared")
    cause = f"ev:{declared.seq}"
    [is_blocked] = triggered_by(events, attacker)
    [blocks] = triggered_by(events, blocker)
    assert (is_blocked.cause, blocks.cause) == (cause, cause)
    assert is_blocked.data["ability"] == 1 and blocks.data["ability"] == 0  # "is_blocked" / "blocks"
    pass_until(state, lambda s: not s.triggered and not s.chase, play_triggers=True)
    assert characteristics(state, attacker).atk == 700 and characteristics(state, blocker).atk == 700


def test_whenever_this_card_is_dealt_damage_and_whenever_damage_is_dealt_to_you() -> None:
    # Flame Soldier of Volga (BFA-022): "Whenever this card is dealt damage, it gains [+200/0]
    # and [Swiftness] until end of turn." Athena, Titan of Revenge (TMS-018): "Whenever damage
    # is dealt to you, put two [+100/+100] counters on this card."
    state = vocab_game({"BFA-022": 4, "TMS-018": 4, "T-BEAR": 4}, {"T-STONE": 10})
    soldier, athena = own(state, "p1", "BFA-022", "field"), own(state, "p1", "TMS-018", "field")
    bear = own(state, "p2", "T-BEAR", "field")
    ctx = Ctx(state, "given")
    actions.deal_damage(ctx, bear, soldier, 100, "given")
    dealt = find(ctx.events, "DamageDealt")
    assert [e.cause for e in triggered_by(ctx.events, soldier)] == [f"ev:{dealt.seq}"]
    assert not triggered_by(ctx.events, athena)  # damage to a card is not damage to you
    pass_until(state, lambda s: not s.triggered and not s.chase)
    assert characteristics(state, soldier).atk == 500 and "swiftness" in characteristics(state, soldier).skills
    ctx = Ctx(state, "given")
    actions.deal_damage(ctx, bear, "p2", 100, "given")  # damage to the opponent: not "you"
    assert not triggered_by(ctx.events, athena)
    actions.deal_damage(ctx, bear, "p1", 100, "given")
    assert len(triggered_by(ctx.events, athena)) == 1
    pass_until(state, lambda s: not s.triggered and not s.chase)
    assert state.objects[athena].counters == {"+100/+100": 2}


def test_when_you_play_an_addition() -> None:
    # Marion Siegbahn (VIN002-057): "When you play an addition => Draw a card." Gloria's Castle
    # Town (TTW-008) is an [Addition:Field]; the trigger happens as it is played (9.6 p5)
    state = vocab_game({"VIN002-057": 4, "TTW-008": 4, "T-BEAR": 4}, {"T-STONE": 10})
    marion, theirs = own(state, "p1", "VIN002-057", "field"), own(state, "p2", "VIN002-057", "field")
    town = own(state, "p1", "TTW-008", "hand")
    state.players["p1"].will += ["W", "R"]
    events = run(state, cmd("PlayCard", "p1", card=town, targets=[], pay_with=[]))
    played = find(events, "CardPlayed")
    [trig] = triggered_by(events, marion)
    assert trig.seq > played.seq and trig.rule == "FoW-5.5 9.6 p5"
    assert played.data["source"] == town and not triggered_by(events, theirs)


# --------------------------------------------------------------------------------------
# more target filters (9.3 p2.4)


def test_atk_and_total_cost_filters() -> None:
    # Unseen Pressure (TTW-090): "Destroy target resonator with 400 or less ATK."
    # Fairy Shadow (BFA-067): "When this card enters your field, destroy target resonator with total cost 1."
    state = vocab_game({"TTW-090": 4, "BFA-067": 4, "MPR-070": 4, "T-BEAR": 4, "T-BIRD": 4}, {"T-STONE": 10})
    bear, bird = own(state, "p2", "T-BEAR", "field"), own(state, "p2", "T-BIRD", "field")  # ATK 500 / 300, cost 1
    survivor = own(state, "p2", "MPR-070", "field")  # ATK 400, total cost 2
    pressure = own(state, "p1", "TTW-090", "hand")
    state.players["p1"].will.append("B")
    no = rejected(state, cmd("PlayCard", "p1", card=pressure, targets=[[bear]], pay_with=[]))
    assert (no.code, no.rule) == ("rules/illegal_target", "FoW-5.5 9.3 p2.4")
    offered = sorted(
        str(c.args["targets"])
        for c in engine.legal_actions(state, "p1")
        if c.type == "PlayCard" and c.args["card"] == pressure
    )
    assert offered == sorted(str([[o]]) for o in (bird, survivor))
    shadow = own(state, "p1", "BFA-067", "graveyard")
    ctx = Ctx(state, "given")
    actions.move(ctx, shadow, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    run(state, cmd("Pass", "p1"))  # the trigger is played in the next priority sequence (9.6 p6)
    offered = [c.args["targets"] for c in engine.legal_actions(state, "p1") if c.type == "PlayTriggered"]
    assert sorted(map(str, offered)) == sorted(str([[o]]) for o in (bear, bird))  # not the cost-2 Survivor


def test_magic_stone_targets_and_each_player_and_resonator() -> None:
    # Genghis Khan (VIN001-052): "When this card enters your field, recover target magic stone you control."
    # Large Explosion (VIN002-026): "This card deals 800 damage to each player and resonator."
    state = vocab_game({"VIN001-052": 4, "VIN002-026": 4, "T-BEAR": 4}, {"T-STONE": 10})
    mine, theirs = own(state, "p1", "T-STONE", "stone_area"), own(state, "p2", "T-STONE", "stone_area")
    state.objects[mine].rested = state.objects[theirs].rested = True
    khan = own(state, "p1", "VIN001-052", "graveyard")
    ctx = Ctx(state, "given")
    actions.move(ctx, khan, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    run(state, cmd("Pass", "p1"))
    offered = [c.args["targets"] for c in engine.legal_actions(state, "p1") if c.type == "PlayTriggered"]
    assert offered == [[[mine]]]
    run(state, cmd("PlayTriggered", "p1", trigger=state.triggered[0].id, targets=[[mine]]))
    resolve(state)
    assert not state.objects[mine].rested
    bears = [own(state, p, "T-BEAR", "field") for p in ("p1", "p2")]
    explosion = own(state, "p1", "VIN002-026", "hand")
    state.players["p1"].will += ["R", "R", "R", "R", "R"]
    run(state, cmd("PlayCard", "p1", card=explosion, targets=[], pay_with=[]))
    events = resolve(state)
    hit = sorted(e.data["target"] for e in events if e.type == "DamageDealt")
    assert hit == sorted(["p1", "p2", khan, *bears])


def test_a_named_card_put_into_a_graveyard_from_your_field() -> None:
    # "I", the Pilot (MPR-001): '[Continuous]: When "The Little Prince" is put into a graveyard
    # from your field, you gain 1000 life.' The Little Prince is MPR-017
    state = vocab_game({"MPR-001": 4, "MPR-017": 4, "T-BEAR": 4}, {"T-STONE": 10})
    pilot = own(state, "p1", "MPR-001", "field")
    bear, prince = own(state, "p1", "T-BEAR", "field"), own(state, "p1", "MPR-017", "field")
    ctx = Ctx(state, "given")
    actions.destroy(ctx, bear, "given")
    assert not triggered_by(ctx.events, pilot)
    actions.destroy(ctx, prince, "given")
    assert len(triggered_by(ctx.events, pilot)) == 1
    life = state.players["p1"].life
    pass_until(state, lambda s: not s.triggered and not s.chase)
    assert state.players["p1"].life == life + 1000


def test_costs_putting_this_card_on_the_bottom_and_removing_the_top_card() -> None:
    # Tsukuyomi, the Moon City (MPR-052): "[Activate] Pay {1}, put this card on the bottom of your
    # main deck: Target resonator you control gains [Flying] until end of turn. Draw a card."
    # Time Traveling Emissary (TMS-032): "{Rest}, remove the top card of your main deck from the
    # game: This card deals 200 damage to target resonator." (9.3 p2.5)
    state = vocab_game({"MPR-052": 4, "TMS-032": 4, "T-BEAR": 4}, {"T-STONE": 10})
    city = own(state, "p1", "MPR-052", "field")
    bear = own(state, "p1", "T-BEAR", "field")
    state.players["p1"].will.append("R")
    events = run(state, cmd("ActivateAbility", "p1", source=city, ability=1, targets=[[bear]], pay_with=[]))
    moved = find(events, "CardMoved")
    assert (moved.data["oid"], moved.data["to"], moved.data["position"], moved.rule) == (
        city,
        "main_deck",
        "bottom",
        "FoW-5.5 9.3 p2.5",
    )
    assert state.zones["p1"]["main_deck"][0] == city
    resolve(state)
    assert "flying" in characteristics(state, bear).skills
    emissary = own(state, "p1", "TMS-032", "field")
    state.objects[emissary].entered_turn = 0  # given: it has been in the field since before this turn
    top = state.zones["p1"]["main_deck"][-1]
    args = {"source": emissary, "ability": 0, "targets": [[bear]], "pay_with": []}
    assert args in [c.args for c in engine.legal_actions(state, "p1") if c.type == "ActivateAbility"]
    events = run(state, cmd("ActivateAbility", "p1", **args))
    removed = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == top)
    assert (removed.data["from"], removed.data["to"], removed.rule) == ("main_deck", "removed", "FoW-5.5 9.3 p2.5")
    # an empty main deck cannot pay the cost
    resolve(state)
    state.objects[emissary].rested = False
    for oid in list(state.zones["p1"]["main_deck"]):
        state.zones["p1"]["main_deck"].remove(oid)
        state.zones["p1"]["removed"].append(oid)
        state.objects[oid].zone = "removed"
    no = rejected(state, cmd("ActivateAbility", "p1", **args))
    assert (no.code, no.rule) == ("rules/cannot_pay", "FoW-5.5 9.3 p2.5")


def test_a_target_card_in_a_graveyard_and_a_race_in_the_plural() -> None:
    # Sorrowful Necromancy's Memoria (BFA-100): "{B}{1},{Rest}: Remove target card in a graveyard
    # from the game." Avalon, Illusionary Home of Knights (BFA-001): "Knights of the Round Table
    # you control gain [+200/+200]." (Galahad VS01-004 is a Knight of the Round Table)
    state = vocab_game({"BFA-001": 4, "VS01-004": 4, "T-BEAR": 4}, {"BFA-100": 4, "T-STONE": 6})
    own(state, "p1", "BFA-001", "field")
    galahad, bear = own(state, "p1", "VS01-004", "field"), own(state, "p1", "T-BEAR", "field")
    printed = state.card_of(galahad).atk
    assert printed is not None and characteristics(state, galahad).atk == printed + 200
    assert characteristics(state, bear).atk == 500
    memoria = own(state, "p1", "BFA-100", "stone_area")
    state.objects[memoria].entered_turn = 0
    dead = own(state, "p2", "T-BEAR", "graveyard")
    state.players["p1"].will += ["B", "R"]
    offered = [c.args.get("targets") for c in abilities_offered_cmds(state, memoria)]
    assert [[dead]] in offered
    run(state, cmd("ActivateAbility", "p1", source=memoria, ability=1, targets=[[dead]], pay_with=[]))
    resolve(state)
    assert state.objects[dead].zone == "removed"


# --------------------------------------------------------------------------------------
# abilities granted by continuous abilities (10.19 p1)


def test_an_addition_grants_activate_abilities_to_the_added_resonator() -> None:
    # Witch's Dagger (VIN001-045): 'Added resonator gains "{U}{U}{2} {Rest}: destroy target
    # rested resonator." and "{Rest}, banish this resonator: Draw three cards."'
    state = vocab_game({"VIN001-045": 4, "T-BEAR": 4}, {"T-STONE": 10})
    host, other = own(state, "p1", "T-BEAR", "field"), own(state, "p1", "T-BEAR", "field")
    for oid in (host, other):
        state.objects[oid].entered_turn = 0  # given: in the field since before this turn (9.5 p3)
    addition = own(state, "p1", "VIN001-045", "field")
    state.objects[addition].attached_to = host
    granted = [i for i, a in characteristics(state, host).abilities if a.kind == "activate"]
    assert len(granted) == 2 and not [a for a in characteristics(state, other).abilities if a.kind == "activate"]
    draw_three = granted[1]
    offered = [c.args for c in abilities_offered_cmds(state, host)]
    assert {"source": host, "ability": draw_three, "targets": [], "pay_with": []} in offered
    assert not abilities_offered_cmds(state, other)
    hand = len(state.zones["p1"]["hand"])
    events = run(state, cmd("ActivateAbility", "p1", source=host, ability=draw_three, targets=[], pay_with=[]))
    banished = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == host)
    assert (banished.data["to"], banished.data["reason"]) == ("graveyard", "banish")
    # the ability resolves although its card left the field and lost it (9.6 p10, 7.8 p3)
    resolve(state)
    assert len(state.zones["p1"]["hand"]) == hand + 3
    assert state.objects[addition].zone == "graveyard"  # an addition with nothing to be added to (13.3)


def test_magic_stones_gain_a_will_ability() -> None:
    # House of the Old Man (MOA-024): '[Continuous]: Magic stones you control gain "[Activate] {Rest}:
    # Produce one will of any attribute.".'
    state = vocab_game({"MOA-024": 4, "T-BEAR": 4}, {"T-STONE": 10})
    own(state, "p1", "MOA-024", "field")
    stone, theirs = own(state, "p1", "T-STONE", "stone_area"), own(state, "p2", "T-STONE", "stone_area")
    [(index, _)] = [(i, a) for i, a in characteristics(state, stone).abilities if i >= 1_000_000]
    assert not [i for i, _ in characteristics(state, theirs).abilities if i >= 1_000_000]
    offered = [c.args for c in abilities_offered_cmds(state, stone)]
    assert {"source": stone, "ability": index, "choice": "U"} in offered
    events = run(state, cmd("ActivateAbility", "p1", source=stone, ability=index, choice="U"))
    assert find(events, "WillProduced").data["will"] == ["U"] and state.objects[stone].rested


def test_destroy_it_when_dealt_damage_and_rest_the_added_resonator() -> None:
    # Imitation Dragon (SKL-085): "When this card is dealt damage, destroy it."
    # Seal of Shining Bamboo (TMS-012, [Addition:Resonator]): "{M}: Rest added resonator."
    # Magic Conductor's Baton (TMS-039): 'Added resonator gains "{Rest}: Recover another target resonator."'
    state = vocab_game({"SKL-085": 4, "TMS-012": 4, "TMS-039": 4, "T-BEAR": 4}, {"T-STONE": 10})
    dragon, bear = own(state, "p1", "SKL-085", "field"), own(state, "p2", "T-BEAR", "field")
    ctx = Ctx(state, "given")
    actions.deal_damage(ctx, bear, dragon, 100, "given")
    assert len(triggered_by(ctx.events, dragon)) == 1
    pass_until(state, lambda s: not s.triggered and not s.chase)
    assert state.objects[dragon].zone == "graveyard"
    host = own(state, "p1", "T-BEAR", "field")
    state.objects[host].entered_turn = 0
    seal = own(state, "p1", "TMS-012", "field")
    state.objects[seal].attached_to = host
    state.players["p1"].will.append("M")
    run(state, cmd("ActivateAbility", "p1", source=seal, ability=1, targets=[], pay_with=[]))
    resolve(state)
    assert state.objects[host].rested and not state.objects[bear].rested
    # the Baton's granted ability recovers another resonator, not the one that has it
    baton = own(state, "p1", "TMS-039", "field")
    other = own(state, "p1", "T-BEAR", "field")
    state.objects[other].entered_turn = 0
    state.objects[baton].attached_to = other
    [index] = [i for i, a in characteristics(state, other).abilities if i >= 1_000_000]
    offered = [c.args["targets"] for c in abilities_offered_cmds(state, other) if c.args["ability"] == index]
    assert [[other]] not in offered and [[host]] in offered
    run(state, cmd("ActivateAbility", "p1", source=other, ability=index, targets=[[host]], pay_with=[]))
    resolve(state)
    assert not state.objects[host].rested and state.objects[other].rested


def test_you_play_a_normal_spell_and_a_magic_stone_put_into_your_magic_stone_area() -> None:
    # Moon Night Pouncer (CMF-029): "Whenever you play a normal spell, this card gains [First
    # Strike] and [Swiftness] until end of turn." Archimedes (VIN001-046): "Whenever a magic stone
    # is put into your magic stone area, this card gains [+200/+200] until end of turn."
    state = vocab_game({"CMF-029": 4, "VIN001-046": 4, "T-BOLT": 4, "T-BEAR": 4}, {"T-STONE": 10})
    pouncer, archimedes = own(state, "p1", "CMF-029", "field"), own(state, "p1", "VIN001-046", "field")
    bear, bolt = own(state, "p1", "T-BEAR", "hand"), own(state, "p1", "T-BOLT", "hand")
    state.players["p1"].will += ["R", "R"]
    events = run(state, cmd("PlayCard", "p1", card=bear, targets=[], pay_with=[]))
    assert not triggered_by(events, pouncer)  # a resonator is a summon spell, not a normal spell
    resolve(state)
    events = run(state, cmd("PlayCard", "p1", card=bolt, targets=[["p2"]], pay_with=[]))
    assert len(triggered_by(events, pouncer)) == 1
    pass_until(state, lambda s: not s.triggered and not s.chase)
    assert {"first_strike", "swiftness"} <= characteristics(state, pouncer).skills
    # calling a magic stone puts it into the magic stone area (7.11); so does putting one there
    events = run(state, cmd("CallMagicStone", "p1"))
    moved = find(events, "CardMoved")
    assert moved.data["to"] == "stone_area"
    assert [e.cause for e in triggered_by(events, archimedes)] == [f"ev:{moved.seq}"]
    # a stone put into the opponent's magic stone area is not "your" magic stone area
    ctx = Ctx(state, "given")
    actions.move(ctx, state.zones["p2"]["stone_deck"][-1], "stone_area", "given", rule="3.7 p1", reason="put")
    assert not triggered_by(ctx.events, archimedes)


def test_whenever_this_card_deals_damage_to_anything() -> None:
    # No Grimm/Alice card with "Whenever this card deals damage, ..." is fully expressible yet
    # (they gain "that much" life), so the starter catalog's invented TST-006 stands in:
    # "Whenever this card deals damage, put a [+100/+100] counter on this card."
    starter = json.loads(
        (Path(__file__).parent.parent.parent.parent.parent / "service/catalogs/fow/cards.json").read_text()
    )["cards"]
    imp = next(c for c in starter if c["id"] == "TST-006")
    main = {"TST-006": 4, "T-BEAR": 4}
    state, _ = start_game(cards=catalog({"TST-006": imp}), decks=(deck(main), deck(main)))
    keep_hands(state)
    to_main(state)
    imp_oid = own(state, "p1", "TST-006", "field")
    bear = own(state, "p2", "T-BEAR", "field")
    ctx = Ctx(state, "given")
    actions.deal_damage(ctx, imp_oid, bear, 100, "given")
    actions.deal_damage(ctx, imp_oid, "p2", 100, "given")
    actions.deal_damage(ctx, bear, imp_oid, 100, "given")  # damage dealt to it is not damage it deals
    assert len(triggered_by(ctx.events, imp_oid)) == 2


# --------------------------------------------------------------------------------------
# prohibitions


def test_players_cannot_gain_life_beats_an_effect_that_gains_life() -> None:
    # Eden, the Crimson Garden (MPR-027): "[Continuous]: Players cannot gain life." It binds
    # every player, whoever controls it: the prohibition takes precedence over Gathering of
    # Fairies (BFA-005) "You gain 1000 life." (golden rule FoW-5.5 1.4 p4), so no life is
    # gained and Gloria's Castle Town (TTW-008) "Whenever you gain life" does not trigger
    from service.rules import load_rules_library
    from tests.fow.cards.story import Story

    story = Story({"MPR-027": 4, "BFA-005": 4, "TTW-008": 4})
    eden = story.put("p2", "MPR-027", "field")  # the opponent's Eden
    town = story.put("p1", "TTW-008", "field")
    first, second = story.put("p1", "BFA-005", "hand"), story.put("p1", "BFA-005", "hand")
    story.will("p1", "W")
    story.when(cmd("PlayCard", "p1", card=first, targets=[], pay_with=[]))
    events = story.resolve()
    prevented = find(events, "LifeGainPrevented")
    assert prevented.data == {"player": "p1", "amount": 1000} and prevented.rule == "FoW-5.5 1.4 p4"
    assert "prohibits" in load_rules_library().resolve(prevented.rule).text
    assert prevented.cause in {f"ev:{e.seq}" for e in events if e.seq < prevented.seq}
    assert "LifeChanged" not in types(events) and not triggered_by(events, town)
    assert story.state.players["p1"].life == 4000
    # once Eden has left the field, the same card gains life again
    story.by_rule(actions.destroy, eden, "given")
    story.will("p1", "W")
    story.when(cmd("PlayCard", "p1", card=second, targets=[], pay_with=[]))
    events = story.resolve()
    assert "LifeGainPrevented" not in types(events)
    assert find(events, "LifeChanged").data["delta"] == 1000 and story.state.players["p1"].life == 5000
    assert triggered_by(events, town)
    story.replays()


def test_a_card_that_cannot_be_attacked_is_never_an_attacked_object() -> None:
    # Moonbreeze Elf (TMS-059): "This card cannot be attacked." Hansel (CMF-070): "[Continuous]:
    # This card cannot be attacked as long as you control "Gretel"." (CMF-069). The card text
    # beats the rule that makes a rested J/resonator attackable (FoW-5.5 8.2 p3.2, 1.4 p1)
    from tests.fow.cards.story import Story

    story = Story({"TMS-059": 4, "CMF-070": 4, "CMF-069": 4, "T-BEAR": 4})
    bear = story.put("p1", "T-BEAR", "field")
    elf, hansel = story.put("p2", "TMS-059", "field"), story.put("p2", "CMF-070", "field")
    gretel, their_bear = story.put("p2", "CMF-069", "field"), story.put("p2", "T-BEAR", "field")
    first_turn = story.state.turn
    for _ in range(80):  # to p1's next main phase: the bear has been controlled since the turn began
        s = story.state
        if s.turn > first_turn and s.turn_player == "p1" and (s.phase, s.step) == ("main", "main"):
            break
        story.when(cmd("Pass", story.pending.player))
    for oid in (elf, hansel, their_bear):
        story.given("CardRested", oid=oid, reason="given")
    story.when(cmd("InitiateBattle", "p1"))
    while story.pending.kind != "declare_attack":
        story.when(cmd("Pass", story.pending.player))
    offered = {c.args["target"] for c in engine.legal_actions(story.state, "p1") if c.type == "DeclareAttack"}
    assert offered == {"p2", their_bear}  # rested, yet neither the elf nor Hansel (with Gretel)
    for oid in (elf, hansel):
        no = story.refused(cmd("DeclareAttack", "p1", attacker=bear, target=oid))
        assert (no.code, no.rule) == ("rules/cannot_be_attacked", "FoW-5.5 1.4 p1")
    # without Gretel, Hansel's "as long as" no longer holds: he can be attacked
    story.by_rule(actions.destroy, gretel, "given")
    offered = {c.args["target"] for c in engine.legal_actions(story.state, "p1") if c.type == "DeclareAttack"}
    assert offered == {"p2", their_bear, hansel}
    events = story.when(cmd("DeclareAttack", "p1", attacker=bear, target=hansel))
    declared = find(events, "AttackDeclared")
    assert declared.data == {"attacker": bear, "target": hansel} and declared.rule == "FoW-5.5 8.2 p3"
    story.replays()


def test_if_your_j_ruler_attacked_this_turn() -> None:
    # Apostle of Cain (MPR-020): "[Enter]: If your J-Ruler attacked this turn, this card gains
    # [Swiftness] until end of turn." The condition is checked as the [Enter] ability resolves
    # (FoW-5.5 9.3 p3.2): false before Alice, Girl of the Lake (TTW-001, [Judgment] {8}) has
    # attacked as a J-ruler, true after it has (8.2 p3); [Swiftness] lets it attack (11.1)
    from domain.fow import flow
    from tests.fow.cards.story import Story

    story = Story({"MPR-020": 4, "T-BEAR": 4}, ruler="TTW-001")

    def settle() -> list[Event]:
        events: list[Event] = []
        for _ in range(20):
            if not story.state.chase and not story.state.triggered and story.pending.kind == "priority":
                return events
            events += story.when(cmd("Pass", story.pending.player))
        raise AssertionError("the chase did not empty")

    first, second = story.put("p1", "MPR-020", "hand"), story.put("p1", "MPR-020", "hand")
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=first, targets=[], pay_with=[]))
    events = settle()
    checked = find(events, "ConditionChecked")
    assert checked.data["met"] is False and checked.rule == "FoW-5.5 9.3 p3.2"
    assert "swiftness" not in characteristics(story.state, first).skills and not flow.can_attack_with(
        story.state, first
    )
    story.will("p1", *["W"] * 8)
    story.when(cmd("PerformJudgment", "p1"))
    settle()
    [j_ruler] = [o for o in story.state.zones["p1"]["field"] if story.state.objects[o].side == "j_ruler"]
    story.when(cmd("InitiateBattle", "p1"))
    while story.pending.kind != "declare_attack":
        story.when(cmd("Pass", story.pending.player))
    story.when(cmd("DeclareAttack", "p1", attacker=j_ruler, target="p2"))
    for _ in range(30):
        if story.state.battle is None and story.pending.kind == "priority":
            break
        kind = story.pending.kind
        story.when(cmd("DeclineBlock", "p2") if kind == "declare_block" else cmd("Pass", story.pending.player))
    assert story.state.players["p2"].life < 4000  # the J-ruler's attack dealt its damage
    story.will("p1", "R")
    story.when(cmd("PlayCard", "p1", card=second, targets=[], pay_with=[]))
    events = settle()
    checked = find(events, "ConditionChecked")
    assert checked.data["met"] is True and checked.data["source"] == second
    assert "swiftness" in characteristics(story.state, second).skills and flow.can_attack_with(story.state, second)
    assert not flow.can_attack_with(story.state, first)
    story.replays()


def test_you_gain_that_much_life_is_the_damage_that_triggered_it() -> None:
    # Michizane Sugawara (VIN001-066): "Whenever this card deals damage, you gain that much
    # life." The damage dealt is recorded as the ability triggers (FoW-5.5 9.6 p5), carried
    # onto the chase as it is played (9.6 p6) and gained on resolution (1.5 p4)
    from tests.fow.cards.story import Story

    story = Story({"VIN001-066": 4, "T-BEAR": 4})
    michizane = story.put("p1", "VIN001-066", "field")
    for dealt, life in ((200, 4200), (700, 4900)):
        events = story.by_rule(actions.deal_damage, michizane, "p2", dealt, "given")
        [trig] = triggered_by(events, michizane)
        assert trig.data["extra"] == {"amount": dealt} and trig.rule == "FoW-5.5 9.6 p5"
        for _ in range(10):
            if not story.state.chase and not story.state.triggered and story.pending.kind == "priority":
                break
            events += story.when(cmd("Pass", story.pending.player))
        played = find(events, "AbilityPlayed")
        assert played.data["amount"] == dealt and played.data["trigger"] == trig.data["trigger"]
        gained = next(e for e in events if e.type == "LifeChanged" and e.data["player"] == "p1")
        assert gained.data["delta"] == dealt and gained.rule == "FoW-5.5 1.5 p4"
        assert story.state.players["p1"].life == life
    story.replays()
