"""Trigger conditions and rules for choices of real Grimm and Alice cards, in the form the
importer gives them, executed by the engine (given events / when command / then events or a
cited rejection)."""

from __future__ import annotations

from domain.fow import actions, engine
from domain.fow.context import Ctx
from tests.fow.cards.story import Story, legal
from tests.fow.cards.test_play_real_decks import own, resolve, vocab_game
from tests.fow.cards.triggers.test_play_triggers_costs_and_target_filters import (
    in_main_phase_of,
    pass_until,
    triggered_by,
)
from tests.fow.support import cmd, find, rejected, run


def test_a_card_to_be_chosen_as_you_choose_a_card_to_attack() -> None:
    # Charging Assaulter (SKL-082): "As you choose a card to attack, you must choose this card if
    # able." Endless War (TAT-025): "[Continuous]: Resonators must attack if able." Both
    # resonators are required to attack, but the Assaulter is the one to choose (8.2 p3.1)
    state = vocab_game({"SKL-082": 4, "TAT-025": 4, "T-BEAR": 4}, {"T-STONE": 10})
    pass_until(state, in_main_phase_of("p2"))
    assaulter, bear = own(state, "p1", "SKL-082", "field"), own(state, "p1", "T-BEAR", "field")
    own(state, "p1", "TAT-025", "field")
    pass_until(state, in_main_phase_of("p1"))
    run(state, cmd("InitiateBattle", "p1"))
    pass_until(state, lambda s: s.pending.kind == "declare_attack")
    offered = {c.args["attacker"] for c in engine.legal_actions(state, "p1") if c.type == "DeclareAttack"}
    assert offered == {assaulter}
    no = rejected(state, cmd("DeclareAttack", "p1", attacker=bear, target="p2"))
    assert (no.code, no.rule) == ("rules/must_attack", "FoW-5.5 8.2 p3.1")
    events = run(state, cmd("DeclareAttack", "p1", attacker=assaulter, target="p2"))
    assert [e.data for e in events if e.type == "AttackDeclared"] == [{"attacker": assaulter, "target": "p2"}]


# --------------------------------------------------------------------------------------
# more trigger conditions (9.6 p5)


def test_whenever_your_opponent_discards_a_card() -> None:
    # Seth, the Arbiter (MPR-097): "[Continuous]: Whenever your opponent discards a card, draw a
    # card." To discard is to move a card from your hand to your graveyard (10.18 p1)
    state = vocab_game({"MPR-097": 4, "T-BEAR": 4}, {"T-STONE": 10})
    seth = own(state, "p1", "MPR-097", "field")
    theirs, mine = own(state, "p2", "T-BEAR", "hand"), own(state, "p1", "T-BEAR", "hand")
    ctx = Ctx(state, "given")
    actions.move(ctx, mine, "graveyard", "given", rule="10.18 p1", reason="discard")
    assert not triggered_by(ctx.events, seth)  # p1 discarding is not the opponent discarding
    actions.move(ctx, theirs, "graveyard", "given", rule="10.18 p1", reason="discard")
    discarded = next(e for e in ctx.events if e.type == "CardMoved" and e.data["oid"] == theirs)
    [trig] = triggered_by(ctx.events, seth)
    assert (trig.cause, trig.rule) == (f"ev:{discarded.seq}", "FoW-5.5 9.6 p5")
    # a card put into the graveyard from the hand otherwise is not discarded
    other = own(state, "p2", "T-BEAR", "hand")
    ctx = Ctx(state, "given")
    actions.move(ctx, other, "graveyard", "given", rule="10.10 p1", reason="banish")
    assert not triggered_by(ctx.events, seth)


def test_whenever_an_addition_is_added_to_this_card() -> None:
    # Spirit of Yggdrasil (TTW-067): "Whenever an addition is added to this card, draw a card."
    # Wind Dagger (MPR-071) resolves and is put into the field added to it (7.2 p4)
    state = vocab_game({"TTW-067": 4, "MPR-071": 4, "T-BEAR": 4}, {"T-STONE": 10})
    spirit, bear = own(state, "p1", "TTW-067", "field"), own(state, "p1", "T-BEAR", "field")
    dagger, other = own(state, "p1", "MPR-071", "hand"), own(state, "p1", "MPR-071", "hand")
    state.players["p1"].will += ["G", "G"]  # given: p1 has produced {G}{G}
    run(state, cmd("PlayCard", "p1", card=other, targets=[[bear]], pay_with=[]))
    events = resolve(state)
    events += resolve(state)  # and its [Enter] ability
    assert not triggered_by(events, spirit) and not state.chase  # added to another card
    run(state, cmd("PlayCard", "p1", card=dagger, targets=[[spirit]], pay_with=[]))
    events = resolve(state)
    added = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == dagger)
    assert (added.data["attached_to"], added.rule) == (spirit, "FoW-5.5 7.2 p4")
    [trig] = triggered_by(events, spirit)
    assert trig.cause == f"ev:{added.seq}"


def test_when_this_card_enters_your_field_or_leaves_it_for_a_non_field_zone() -> None:
    # Last People of Gloria (BFA-009): "When this card enters your field or leaves your field
    # for a non-field zone, you gain 700 life." Two trigger conditions (9.6 p1), the second one
    # looking back at the card as it was in the field (9.6 p7.2)
    state = vocab_game({"BFA-009": 4, "T-BEAR": 4}, {"T-STONE": 10})
    gloria = own(state, "p1", "BFA-009", "hand")
    ctx = Ctx(state, "given")
    actions.move(ctx, gloria, "field", "given", rule="3.1 p5", reason="effect", controller="p1")
    [entered] = triggered_by(ctx.events, gloria)
    actions.move(ctx, gloria, "hand", "given", rule="10.20 p1", reason="effect")
    left = next(e for e in ctx.events if e.type == "CardMoved" and e.data["to"] == "hand")
    [_, leaving] = triggered_by(ctx.events, gloria)
    assert (leaving.cause, leaving.data["controller"], leaving.rule) == (f"ev:{left.seq}", "p1", "FoW-5.5 9.6 p5")
    assert leaving.data["ability"] != entered.data["ability"]
    run(state, cmd("Pass", "p1"))
    life = state.players["p1"].life
    pass_until(state, lambda s: not s.triggered and not s.chase, play_triggers=True)
    assert state.players["p1"].life == life + 1400


def test_when_this_card_shifts() -> None:
    # Alice of Light (BFA-076): "[Shift] {B}{2}"; its future side Alice of Shadow (BFA-076^):
    # "When this card enters your field or shifts, destroy target resonator with total cost 2
    # or less." Flipping it future side up by its [Shift] ability is "to shift" (12.8 p2.1)
    state = vocab_game({"BFA-076": 4, "T-BEAR": 4}, {"T-STONE": 10})
    pass_until(state, in_main_phase_of("p2"))
    alice = own(state, "p1", "BFA-076", "field")
    bear = own(state, "p2", "T-BEAR", "field")
    pass_until(state, in_main_phase_of("p1"))
    state.players["p1"].will += ["B", "B", "B"]  # given: p1 has produced {B}{B}{B}
    run(state, cmd("ActivateAbility", "p1", source=alice, ability="shift", targets=[], pay_with=[]))
    events = resolve(state)
    shifted = find(events, "CardShifted")
    [trig] = triggered_by(events, alice)
    assert (trig.cause, trig.rule) == (f"ev:{shifted.seq}", "FoW-5.5 9.6 p5")
    run(state, cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[[bear]], pay_with=[]))
    resolve(state)
    assert state.objects[bear].zone == "graveyard"


def test_when_a_card_you_control_is_destroyed() -> None:
    # Edy Nelson (VIN002-003): "When a Squad 7 you control is destroyed => Rest this card."
    # Homer Peron (VIN002-007) is a Squad 7; the opponent's Squad 7 does not count, and a
    # Squad 7 put into the graveyard without being destroyed (10.9 p1) is not destroyed
    state = vocab_game({"VIN002-003": 4, "VIN002-007": 4, "T-BEAR": 4}, {"T-STONE": 10})
    edy = own(state, "p1", "VIN002-003", "field")
    homer, theirs = own(state, "p1", "VIN002-007", "field"), own(state, "p2", "VIN002-007", "field")
    banished = own(state, "p1", "VIN002-007", "field")
    ctx = Ctx(state, "given")
    actions.destroy(ctx, theirs, "given")
    actions.move(ctx, banished, "graveyard", "given", rule="10.10 p1", reason="banish")
    assert not triggered_by(ctx.events, edy)
    actions.destroy(ctx, homer, "given")
    destroyed = next(e for e in ctx.events if e.type == "CardMoved" and e.data["oid"] == homer)
    assert destroyed.data["reason"] == "destroyed"
    [trig] = triggered_by(ctx.events, edy)
    assert trig.cause == f"ev:{destroyed.seq}"
    run(state, cmd("Pass", "p1"))
    pass_until(state, lambda s: not s.triggered and not s.chase, play_triggers=True)
    assert state.objects[edy].rested


def test_whenever_this_card_deals_damage_to_a_resonator_that_resonator() -> None:
    # One-Inch Boy (CMF-048): "[Continuous]: Whenever this card deals damage to a resonator,
    # destroy the resonator." The resonator is the one named by the trigger condition (9.6 p5),
    # not a target: it is destroyed even though 100 damage does not reach its DEF
    state = vocab_game({"CMF-048": 4, "T-BEAR": 4}, {"T-STONE": 10})
    boy = own(state, "p1", "CMF-048", "field")
    bear, other = own(state, "p2", "T-BEAR", "field"), own(state, "p2", "T-BEAR", "field")
    ctx = Ctx(state, "given")
    actions.deal_damage(ctx, boy, "p2", 100, "given")
    assert not triggered_by(ctx.events, boy)  # damage to a player is not damage to a resonator
    actions.deal_damage(ctx, boy, bear, 100, "given")
    dealt = next(e for e in ctx.events if e.type == "DamageDealt" and e.data["target"] == bear)
    [trig] = triggered_by(ctx.events, boy)
    assert (trig.cause, trig.data["extra"]["target"]) == (f"ev:{dealt.seq}", bear)
    events = run(state, cmd("Pass", "p1"))
    played = find(events, "AbilityPlayed")
    assert (played.data["subject"], played.data["targets"]) == (bear, [])
    events += resolve(state)
    destroyed = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == bear)
    assert (destroyed.data["to"], destroyed.data["reason"]) == ("graveyard", "destroyed")
    assert state.objects[other].zone == "field"


def test_a_resonator_dealt_damage_by_this_card_this_turn_put_into_a_graveyard() -> None:
    # Blazer, the Awakener (MOA-012): "Whenever a resonator that was dealt damage by this card
    # this turn is put into a graveyard, recover this card. This ability triggers only once per
    # turn." Looking back at the resonator as it was in the field (9.6 p7.2)
    state = vocab_game({"MOA-012": 4, "T-BEAR": 4}, {"T-STONE": 10})
    blazer = own(state, "p1", "MOA-012", "field")
    first, second, third = (own(state, "p2", "T-BEAR", "field") for _ in range(3))
    ctx = Ctx(state, "given")
    actions.deal_damage(ctx, blazer, first, 100, "given")
    actions.deal_damage(ctx, blazer, second, 100, "given")
    actions.deal_damage(ctx, first, third, 100, "given")  # dealt damage, but not by Blazer
    actions.destroy(ctx, third, "given")
    assert not triggered_by(ctx.events, blazer)
    actions.destroy(ctx, first, "given")
    moved = next(e for e in ctx.events if e.type == "CardMoved" and e.data["oid"] == first)
    [trig] = triggered_by(ctx.events, blazer)
    assert trig.cause == f"ev:{moved.seq}"
    actions.destroy(ctx, second, "given")
    assert len(triggered_by(ctx.events, blazer)) == 1  # only once per turn (9.6 p4)


def test_damage_dealt_by_this_card_in_an_earlier_turn_does_not_count() -> None:
    # Kurt Irving (VIN002-025): "Whenever a resonator that was dealt damage by this card this
    # turn is put into a graveyard => This card deals 500 damage to your opponent."
    state = vocab_game({"VIN002-025": 4, "T-BEAR": 4}, {"T-STONE": 10})
    kurt = own(state, "p1", "VIN002-025", "field")
    bear, other = own(state, "p2", "T-BEAR", "field"), own(state, "p2", "T-BEAR", "field")
    ctx = Ctx(state, "given")
    actions.deal_damage(ctx, kurt, bear, 100, "given")
    actions.deal_damage(ctx, kurt, other, 100, "given")
    actions.destroy(ctx, bear, "given")
    assert len(triggered_by(ctx.events, kurt)) == 1
    life = state.players["p2"].life
    pass_until(state, lambda s: s.players["p2"].life < life, play_triggers=True)
    assert state.players["p2"].life == life - 500
    pass_until(state, in_main_phase_of("p2"), play_triggers=True)
    ctx = Ctx(state, "given")
    actions.destroy(ctx, other, "given")  # dealt damage by Kurt last turn
    assert not triggered_by(ctx.events, kurt)


# --------------------------------------------------------------------------------------
# a ruler with two [J-Activate] sections (7.5 p2)


def test_a_ruler_with_two_judgment_sections_performs_either() -> None:
    # Sacred Princess of Guidance (TAT-014): "[J-Activate] Pay {W}. Play this ability only if you
    # control "Almerius, the Levitating Stone"." and "[J-Activate] Pay {W}{W}{1}."
    story = Story({"T-BEAR": 4}, {"T-STONE": 9, "TAT-091": 1}, ruler="TAT-014")
    story.will("p1", "W", "W", "W")
    offered = legal(story, "p1", "PerformJudgment")
    assert {"pay_with": [], "judgment": 1} in offered
    refusal = story.refused(cmd("PerformJudgment", "p1"))  # the first section: no Almerius
    assert (refusal.code, refusal.rule) == ("rules/ability_condition", "FoW-5.5 1.4 p1")
    refusal = story.refused(cmd("PerformJudgment", "p1", judgment=2))
    assert (refusal.code, refusal.rule) == ("rules/no_judgment", "FoW-5.5 7.5 p2")
    events = story.when(cmd("PerformJudgment", "p1", judgment=1))
    performed = find(events, "JudgmentPerformed")
    assert (performed.data["judgment"], performed.rule) == (1, "FoW-5.5 7.5 p2")
    assert sorted(find(events, "WillPaid").data["will"]) == ["W", "W", "W"]
    story.replays()


def test_the_first_judgment_section_with_its_condition_met() -> None:
    # the same ruler controlling Almerius, the Levitating Stone (TAT-091): {W} is enough
    story = Story({"T-BEAR": 4}, {"T-STONE": 9, "TAT-091": 1}, ruler="TAT-014")
    story.put("p1", "TAT-091", "stone_area")
    story.will("p1", "W")
    assert story.refused(cmd("PerformJudgment", "p1", judgment=1)).code == "rules/cannot_pay"
    events = story.when(cmd("PerformJudgment", "p1"))
    assert "judgment" not in find(events, "JudgmentPerformed").data
    assert find(events, "WillPaid").data["will"] == ["W"]
    story.resolve()
    assert story.state.objects[find(events, "JudgmentPerformed").data["source"]].side == "j_ruler"


def test_a_judgment_that_banishes_a_card_the_player_chooses() -> None:
    # Falltgold, the Dragoon (TAT-026): "[J-Activate] Banish a fire resonator." The player
    # performs the action of the [J-Activate] section (7.5 p2): it is a cost (9.3 p2.5)
    story = Story({"T-BEAR": 4, "MPR-056": 4}, ruler="TAT-026")
    refusal = story.refused(cmd("PerformJudgment", "p1", cost_cards=[[]]))
    assert (refusal.code, refusal.rule) == ("rules/cost_cards", "FoW-5.5 9.3 p2.5")
    assert legal(story, "p1", "PerformJudgment") == []  # no fire resonator to banish
    ali = story.put("p1", "MPR-056", "field")  # a wind resonator
    bear = story.put("p1", "T-BEAR", "field")
    assert legal(story, "p1", "PerformJudgment") == [{"pay_with": [], "cost_cards": [[bear]]}]
    assert story.refused(cmd("PerformJudgment", "p1", cost_cards=[[ali]])).code == "rules/cost_cards"
    events = story.when(cmd("PerformJudgment", "p1", cost_cards=[[bear]]))
    banished = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == bear)
    assert (banished.data["to"], banished.data["reason"], banished.rule) == ("graveyard", "banish", "FoW-5.5 10.10 p1")
    story.resolve()
    assert story.state.objects[find(events, "JudgmentPerformed").data["source"]].side == "j_ruler"
    story.replays()


def test_a_second_judgment_section_that_discards_a_named_card() -> None:
    # Snow White (CMF-036): "[J-Activate] Pay {W}{R}{2}." and "[J-Activate] Pay {1}, discard
    # "Poison Apple"." with Poison Apple (CMF-031) in the hand
    story = Story({"T-BEAR": 4, "CMF-031": 4}, ruler="CMF-036")
    apple = story.put("p1", "CMF-031", "hand")
    story.will("p1", "R")
    assert legal(story, "p1", "PerformJudgment") == [{"pay_with": [], "judgment": 1, "cost_cards": [[apple]]}]
    events = story.when(cmd("PerformJudgment", "p1", judgment=1, cost_cards=[[apple]]))
    discarded = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == apple)
    assert (discarded.data["reason"], discarded.rule) == ("discard", "FoW-5.5 10.18 p1")
    assert find(events, "WillPaid").data["will"] == ["R"]
    story.replays()


def test_whenever_a_resonator_deals_damage_to_this_card_that_much_to_that_resonator() -> None:
    # Hammurabi (VIN001-006): "Whenever a resonator deals damage to this card, this card deals
    # that much damage to that resonator." The damage and the resonator are those of the
    # happening that triggered it (9.6 p5); damage by a spell is not by a resonator
    state = vocab_game({"VIN001-006": 4, "T-BEAR": 4, "T-BOLT": 4}, {"T-STONE": 10})
    hammurabi = own(state, "p1", "VIN001-006", "field")
    bear, bolt = own(state, "p2", "T-BEAR", "field"), own(state, "p2", "T-BOLT", "graveyard")
    ctx = Ctx(state, "given")
    actions.deal_damage(ctx, bolt, hammurabi, 100, "given")
    assert not triggered_by(ctx.events, hammurabi)
    actions.deal_damage(ctx, bear, hammurabi, 300, "given")
    [trig] = triggered_by(ctx.events, hammurabi)
    assert trig.data["extra"] == {"amount": 300, "target": bear}
    events = run(state, cmd("Pass", "p1"))
    events += resolve(state)
    back = [e.data for e in events if e.type == "DamageDealt"]
    assert back == [{"source": hammurabi, "target": bear, "amount": 300, "battle": False, "to_card": True}]


def test_whenever_this_card_deals_damage_to_a_resonator_while_attacking() -> None:
    # Behemoth, the Earth Eater (SKL-052): "Whenever this card deals damage to a resonator while
    # attacking, it deals that much damage to your opponent." Damage outside a battle does not
    # count; battle damage to the blocker does (8.5)
    state = vocab_game({"SKL-052": 4, "T-BEAR": 4}, {"T-STONE": 10})
    pass_until(state, in_main_phase_of("p2"))
    behemoth = own(state, "p1", "SKL-052", "field")
    bear, other = own(state, "p2", "T-BEAR", "field"), own(state, "p2", "T-BEAR", "field")
    ctx = Ctx(state, "given")
    actions.deal_damage(ctx, behemoth, other, 100, "given")
    assert not triggered_by(ctx.events, behemoth)  # not attacking
    pass_until(state, in_main_phase_of("p1"))
    run(state, cmd("InitiateBattle", "p1"))
    pass_until(state, lambda s: s.pending.kind == "declare_attack")
    run(state, cmd("DeclareAttack", "p1", attacker=behemoth, target="p2"))
    pass_until(state, lambda s: s.pending.kind == "declare_block")
    events = run(state, cmd("DeclareBlock", "p2", blocker=bear))
    life = state.players["p2"].life
    events += pass_until(state, lambda s: s.players["p2"].life < life, play_triggers=True)
    dealt = next(e for e in events if e.type == "DamageDealt" and e.data["target"] == bear)
    assert dealt.data["battle"] is True
    [trig] = triggered_by(events, behemoth)
    assert trig.cause == f"ev:{dealt.seq}"
    to_player = next(e for e in events if e.type == "DamageDealt" and e.data["target"] == "p2")
    assert (to_player.data["source"], to_player.data["amount"]) == (behemoth, dealt.data["amount"])


def test_whenever_this_card_blocks_or_is_blocked_by_a_resonator_that_resonator() -> None:
    # Medusa, the Dead Eye of Petrification (SKL-041): "Whenever this card blocks or is blocked
    # by a resonator, put that resonator on the bottom of its owner's main deck." Two trigger
    # conditions (9.6 p1); "that resonator" is the other card of the battle
    state = vocab_game({"SKL-041": 4, "T-BEAR": 4}, {"T-STONE": 10})
    medusa = own(state, "p1", "SKL-041", "field")
    bear = own(state, "p2", "T-BEAR", "field")
    pass_until(state, in_main_phase_of("p2"))
    run(state, cmd("InitiateBattle", "p2"))
    pass_until(state, lambda s: s.pending.kind == "declare_attack")
    run(state, cmd("DeclareAttack", "p2", attacker=bear, target="p1"))
    pass_until(state, lambda s: s.pending.kind == "declare_block")
    events = run(state, cmd("DeclareBlock", "p1", blocker=medusa))
    blocked = find(events, "BlockDeclared")
    [trig] = triggered_by(events, medusa)
    assert (trig.cause, trig.data["extra"]) == (f"ev:{blocked.seq}", {"target": bear})
    events += pass_until(state, lambda s: s.objects[bear].zone != "field", play_triggers=True)
    moved = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == bear)
    assert (moved.data["to"], moved.data["position"]) == ("main_deck", "bottom")
    assert state.zones["p2"]["main_deck"][0] == bear


def test_evolution_that_discards_and_a_trigger_on_the_evolution_counter() -> None:
    # Vedfolnir, Eraser of Wind (TTW-070): "[Evolution] {1} Discard a Beast." and "Whenever an
    # evolution counter is put on this card, search your main deck for a card named "Drop of
    # Yggdrasil", ..." Behemoth, the Earth Eater (SKL-052) is a Beast to discard (12.7 p2, 9.3 p2.5)
    story = Story({"TTW-070": 4, "SKL-052": 4, "T-BEAR": 4})
    vedfolnir = story.put("p1", "TTW-070", "field")
    beast, bear = story.put("p1", "SKL-052", "hand"), story.put("p1", "T-BEAR", "hand")
    story.will("p1", "G")
    evolve = {"source": vedfolnir, "ability": "evolution", "pay_with": []}
    refusal = story.refused(cmd("ActivateAbility", "p1", **evolve, cost_cards=[[bear]]))
    assert (refusal.code, refusal.rule) == ("rules/cost_cards", "FoW-5.5 9.3 p2.5")
    events = story.when(cmd("ActivateAbility", "p1", **evolve, cost_cards=[[beast]]))
    discarded = next(e for e in events if e.type == "CardMoved" and e.data["oid"] == beast)
    assert (discarded.data["reason"], discarded.rule) == ("discard", "FoW-5.5 10.18 p1")
    events = story.resolve()
    put = find(events, "CounterPut")
    assert (put.data, put.rule) == ({"oid": vedfolnir, "counter": "evolution", "count": 1}, "FoW-5.5 12.7 p2")
    [trig] = triggered_by(events, vedfolnir)
    assert (trig.cause, trig.rule) == (f"ev:{put.seq}", "FoW-5.5 9.6 p5")
    story.replays()
