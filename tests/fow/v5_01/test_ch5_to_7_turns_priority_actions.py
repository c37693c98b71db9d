"""FoW-5.01 5 (turn sequence), 6 (priority sequence) and 7 (player's actions) as
specifications of games played under the 5.01 comprehensive rules: each test cites the 5.01
number it checks, and that the citation the engine emits is the 5.01 one and resolves to 5.01
text."""

from __future__ import annotations

from typing import Any

from domain.fow import actions
from domain.fow.context import Ctx
from domain.fow.state import GameState
from domain.kernel import Event
from tests.fow.support import cmd, rejected, run
from tests.fow.test_rules_5_01 import EXTRA, OLD, card, game, given, pass_until, put, ready, resonator
from tests.fow.v5_01.test_ch1_to_4_game_cards_zones import cites, main_phase, pay, resolve_chase, stone
from tests.story import find, types

HERALD = resonator(
    "T-HERALD", 100, 100, abilities=[{"kind": "automatic", "trigger": "enter", "effects": [{"op": "draw", "count": 1}]}]
)
TAPPER = resonator(
    "T-TAPPER",
    100,
    100,
    abilities=[
        {
            "kind": "activate",
            "cost": {"rest": True},
            "effects": [{"op": "deal_damage", "amount": 100, "target": {"kind": "opponent"}}],
        }
    ],
)
MORE: dict[str, dict[str, Any]] = {**EXTRA, "T-HERALD": HERALD, "T-TAPPER": TAPPER}


def passes_until(state: GameState, turn: int, phase: str) -> list[Event]:
    return pass_until(state, lambda s: s.turn == turn and s.phase == phase and s.pending is not None)


# --- 5 turn sequence ----------------------------------------------------------------------------


def test_the_first_player_does_not_draw_in_the_first_turn_and_the_second_player_draws() -> None:
    """FoW-5.01 5.1 p3: "Turn player draws a card from his or her main deck. However, if this is
    the first turn of the game, the player doesn't draw it instead"."""
    state = game(OLD)
    events = passes_until(state, 1, "main")
    assert not [e for e in events if e.type == "CardMoved" and e.data.get("reason") == "draw"]
    assert len(state.zones["p1"]["hand"]) == 5
    events = passes_until(state, 2, "main")
    drawn = [e for e in events if e.type == "CardMoved" and e.data.get("reason") == "draw"]
    assert [e.data["owner"] for e in drawn] == ["p2"] and len(state.zones["p2"]["hand"]) == 6
    cites(drawn[0].rule, "5.1 p3", "draws a card")


def test_the_recovery_phase_is_skipped_in_a_first_turn_and_recovers_the_play_ground_after() -> None:
    """FoW-5.01 5.2 p1: the first turn of a player skips the recovery phase; 5.2 p4: produced
    wills cease; 5.2 p5: the turn player recovers all cards in his or her play ground."""
    state = game(OLD)
    events = passes_until(state, 1, "main")
    skipped = find(events, "StepBegan", phase="recovery", step="skipped")
    cites(skipped.rule, "5.2 p1", "skip recovery phase")
    passes_until(state, 3, "draw")
    ruler = state.zones["p1"]["ruler_area"][0]
    s = stone(state)
    given(state, "CardRested", oid=ruler)
    given(state, "CardRested", oid=s)
    given(state, "WillProduced", player="p1", will=["R"], source=ruler)
    events = passes_until(state, 3, "main")
    cites(find(events, "WillCeased").rule, "5.2 p4", "cease to exist")
    recovered = find(events, "CardsRecovered")
    cites(recovered.rule, "5.2 p5", "recovers all cards in his or her play ground")
    assert {ruler, s} <= set(recovered.data["oids"])
    assert not state.objects[ruler].rested and not state.objects[s].rested and state.players["p1"].will == []


def test_in_the_main_phase_the_turn_player_gains_priority_for_the_main_phase_actions() -> None:
    """FoW-5.01 5.3 p2: "Turn player gains priority and perform priority sequence. In a main
    phase, turn player can perform some specific actions": a resonator is refused in the draw
    phase (7.1 p1) and played in the main phase."""
    state = game(OLD)
    bear, s = card(state, "p1", "T-BEAR"), stone(state)
    refusal = rejected(state, cmd("PlayCard", "p1", card=bear, pay_with=pay(s)))
    assert refusal.code == "rules/not_main_phase"
    cites(refusal.rule, "7.1 p1", "it is his or her main phase")
    events = passes_until(state, 1, "main")
    main = find(events, "StepBegan", phase="main", step="main")
    cites(main.rule, "5.3 p1", "At the beginning of main phase")
    assert state.pending is not None and state.pending.player == "p1"
    run(state, cmd("PlayCard", "p1", card=bear, pay_with=pay(s)))
    assert state.objects[bear].zone == "chase"


def test_the_final_step_of_the_end_phase_clears_damage_effects_and_will_and_discards() -> None:
    """FoW-5.01 5.4 p5.1-p5.4: in the final step the damage becomes zero, until-end-of-turn
    effects end, produced wills cease and the turn player discards down to the maximum hand
    size (seven, 3.5 p3), choosing exactly the excess; 5.4 p6: the other player's turn begins."""
    state = game(OLD)
    wall = card(state, "p1", "T-WALL", to="field")
    given(state, "DamageDealt", source=wall, target=wall, amount=300, battle=False, to_card=True)
    given(
        state,
        "ContinuousEffectCreated",
        id="x99",
        kind="modify",
        source=wall,
        controller="p1",
        targets=[wall],
        atk=200,
        duration="end_of_turn",
        **{"def": 200},
    )
    given(state, "WillProduced", player="p1", will=["R"], source=state.zones["p1"]["ruler_area"][0])
    for oid in state.zones["p1"]["main_deck"][-4:]:
        put(state, oid, "hand")
    events = pass_until(state, lambda s: s.pending is not None and s.pending.kind == "discard_to_hand_size")
    cites(find(events, "DamageCleared").rule, "5.4 p5.1", "damage on resonators or J-ruler becomes zero")
    cites(find(events, "ContinuousEffectsEnded").rule, "5.4 p5.2", "until end of turn end")
    cites(find(events, "WillCeased").rule, "5.4 p5.3", "cease to exist")
    assert state.objects[wall].damage == 0 and not state.effects and state.players["p1"].will == []
    assert state.pending is not None and state.pending.options["count"] == 2
    hand = state.zones["p1"]["hand"]
    refusal = rejected(state, cmd("ChooseCards", "p1", cards=hand[:1]))
    assert refusal.code == "rules/discard_count"
    cites(refusal.rule, "5.4 p5.4", "maximum hand size")
    events = run(state, cmd("ChooseCards", "p1", cards=hand[:2]))
    assert len([e for e in events if e.type == "CardMoved" and e.data["reason"] == "hand size"]) == 2
    cites(find(events, "TurnBegan").rule, "5.4 p6", "becomes new turn player")
    assert (state.turn, state.turn_player, len(state.zones["p1"]["hand"])) == (2, "p2", 7)


# --- 6 priority sequence ---------------------------------------------------------------------


def test_only_the_player_with_priority_acts_after_the_rule_processes() -> None:
    """FoW-5.01 6.1 p1.1: a priority sequence first performs the rule processes (the Bear dealt
    damage equal to its DEF is destroyed before anyone acts); 6.1 p1.3: only "the player with
    priority performs any action"."""
    state = main_phase(game(OLD))
    bear = card(state, "p1", "T-BEAR", to="field")
    refusal = rejected(state, cmd("Pass", "p2"))
    assert refusal.code == "rules/no_priority"
    cites(refusal.rule, "6.1 p1.3", "The player with priority performs")
    given(state, "DamageDealt", source=bear, target=bear, amount=500, battle=False, to_card=True)
    events = run(state, cmd("Pass", "p1"))
    assert types(events).index("CardMoved") < types(events).index("PriorityGiven")
    assert state.objects[bear].zone == "graveyard" and state.pending is not None and state.pending.player == "p2"


def test_the_turn_player_chooses_among_two_triggered_abilities_of_his_or_hers() -> None:
    """FoW-5.01 6.2 p2: "If more than one automatic abilities are triggered, turn player choose
    one among them he or she controls"; 6.2 p4: after one is chosen the sequence repeats, and
    the other is played too."""
    state = main_phase(game(OLD, MORE))
    h1, h2 = card(state, "p1", "T-HERALD", to="field"), card(state, "p1", "T-HERALD", to="field")
    ctx = Ctx(state, "given")
    actions.check_triggers(ctx, "enter", "given", oid=h1)
    actions.check_triggers(ctx, "enter", "given", oid=h2)
    events = run(state, cmd("Pass", "p1"))
    requested = find(events, "ChoiceRequested")
    cites(requested.rule, "6.2 p2", "turn player choose one among them he or she controls")
    assert state.pending is not None and (state.pending.kind, state.pending.player) == ("trigger", "p1")
    triggers = requested.data["options"]["triggers"]
    assert len(triggers) == 2
    refusal = rejected(state, cmd("PlayTriggered", "p1", trigger="nope"))
    assert refusal.code == "rules/unknown_trigger"
    cites(refusal.rule, "6.2 p2", "choose one")
    events = run(state, cmd("PlayTriggered", "p1", trigger=triggers[1]))
    assert [e.data["trigger"] for e in events if e.type == "AbilityPlayed"] == [triggers[1], triggers[0]]
    assert len(state.chase) == 2


def test_an_action_keeps_priority_a_pass_gives_it_and_two_passes_resolve_the_last() -> None:
    """FoW-5.01 6.4 p1.1: after an action other than pass the player keeps priority; 6.4 p1.3:
    a pass that is not consecutive gives priority to the other player; 6.4 p1.2: after both
    pass, the last card put into the chase area resolves and the turn player gains priority."""
    state = main_phase(game(OLD))
    bear, s = card(state, "p1", "T-BEAR"), stone(state)
    run(state, cmd("PlayCard", "p1", card=bear, pay_with=pay(s)))
    assert state.pending is not None and state.pending.player == "p1"
    events = run(state, cmd("Pass", "p1"))
    assert find(events, "PriorityGiven").data == {"player": "p2"} and len(state.chase) == 1
    events = run(state, cmd("Pass", "p2"))
    cites(find(events, "ChaseItemResolved").rule, "7.1 p3", "put into its controller's field")
    assert state.objects[bear].zone == "field" and not state.chase
    assert find(events, "PriorityGiven").data == {"player": "p1"} and state.passes == 0


# --- 7 player's actions ---------------------------------------------------------------------------


def test_a_chant_is_played_in_the_main_phase_of_its_players_turn_and_goes_to_the_graveyard() -> None:
    """FoW-5.01 7.3 p1: only the turn player, in his or her main phase, with an empty chase
    area; 7.3 p2: chosen from the hand, paid and played; 7.3 p3: performed, then put into the
    owner's graveyard."""
    state = main_phase(game(OLD))
    run(state, cmd("Pass", "p1"))
    theirs, s2 = card(state, "p2", "T-BOLT"), stone(state, "p2")
    refusal = rejected(state, cmd("PlayCard", "p2", card=theirs, targets=["p1"], pay_with=pay(s2)))
    assert refusal.code == "rules/not_your_turn"
    cites(refusal.rule, "7.3 p1", "Turn player may play [Spell:Chant]")
    state = main_phase(game(OLD))
    bolt, grow, s, s3 = card(state, "p1", "T-BOLT"), card(state, "p1", "T-GROW"), stone(state), stone(state)
    bear = card(state, "p1", "T-BEAR", to="field")
    run(state, cmd("PlayCard", "p1", card=grow, targets=[bear], pay_with=pay(s3)))
    refusal = rejected(state, cmd("PlayCard", "p1", card=bolt, targets=["p2"], pay_with=pay(s)))
    assert refusal.code == "rules/chase_not_empty"
    cites(refusal.rule, "7.3 p1", "chase area is empty")
    resolve_chase(state)
    played = find(run(state, cmd("PlayCard", "p1", card=bolt, targets=["p2"], pay_with=pay(s))), "CardPlayed")
    cites(played.rule, "7.3 p2", "pay the cost and play")
    events = resolve_chase(state)
    cites(find(events, "ChaseItemResolved").rule, "7.3 p3", "perform the text and put it into the owner's graveyard")
    assert state.players["p2"].life == 3500 and state.zones["p1"]["graveyard"][-1] == bolt


def test_initiating_a_battle_needs_an_empty_chase_area_and_does_not_use_it() -> None:
    """FoW-5.01 7.4 p1: the turn player initiates a battle in his or her main phase with an
    empty chase area; 7.4 p2: "Initiate battle doesn't use chase area"."""
    state, f = ready(OLD, bear="p1:T-BEAR")
    grow, s = card(state, "p1", "T-GROW"), stone(state)
    run(state, cmd("PlayCard", "p1", card=grow, targets=[f["bear"]], pay_with=pay(s)))
    refusal = rejected(state, cmd("InitiateBattle", "p1"))
    assert refusal.code == "rules/chase_not_empty"
    cites(refusal.rule, "7.4 p1", "chase area is empty")
    resolve_chase(state)
    events = run(state, cmd("InitiateBattle", "p1"))
    began = find(events, "BattleBegan")
    cites(began.rule, "7.4 p1", "Turn player may initiate battle")
    assert not state.chase and state.step == "battle_begin"


def test_a_judgment_is_done_once_with_a_recovered_ruler_and_puts_the_j_ruler_into_the_field() -> None:
    """FoW-5.01 7.5 p1: with a recovered ruler, once a turn; 7.5 p2.1: the will of the
    [J-activate] section is paid ({R}{1}); 7.5 p3: on resolving, the ruler is put into the field
    J-ruler side up."""
    state = main_phase(game(OLD))
    ruler = state.zones["p1"]["ruler_area"][0]
    given(state, "CardRested", oid=ruler)
    refusal = rejected(state, cmd("PerformJudgment", "p1"))
    assert refusal.code == "rules/ruler_rested"
    cites(refusal.rule, "7.5 p1", "recovered ruler")
    given(state, "CardRecovered", oid=ruler)
    s1 = stone(state)
    refusal = rejected(state, cmd("PerformJudgment", "p1", pay_with=pay(s1)))
    assert refusal.code == "rules/cannot_pay"
    cites(refusal.rule, "10.2 p4", "you cannot pay them at all")
    s2 = stone(state)
    events = run(state, cmd("PerformJudgment", "p1", pay_with=pay(s1, s2)))
    cites(find(events, "JudgmentPerformed").rule, "7.5 p2", "put the judgment onto chase area")
    moved = find(resolve_chase(state), "CardMoved", oid=ruler)
    assert (moved.data["to"], moved.data["side"]) == ("field", "j_ruler")
    cites(moved.rule, "7.5 p3", "J-ruler side up")
    assert state.card_of(ruler).name == "Test J-Ruler"
    refusal = rejected(state, cmd("PerformJudgment", "p1"))
    assert refusal.code == "rules/judgment_done"
    cites(refusal.rule, "7.5 p1", "haven't done judgment this turn")


def test_a_chant_instant_is_played_by_the_player_with_priority_in_the_opponents_turn() -> None:
    """FoW-5.01 7.7 p1: "The player with priority may play [Spell:Chant-instant] card"; 7.7 p2:
    chosen, paid and played (the engine cites 7.7 p2, not 7.3 p2 of [Spell:Chant]); 7.7 p3:
    performed, then put into its owner's graveyard."""
    state, f = ready(OLD, bear="p1:T-BEAR")
    run(state, cmd("Pass", "p1"))
    grow, s = card(state, "p2", "T-GROW"), stone(state, "p2")
    played = find(run(state, cmd("PlayCard", "p2", card=grow, targets=[f["bear"]], pay_with=pay(s))), "CardPlayed")
    cites(played.rule, "7.7 p2", "[Spell:Chant-instant] card, pay the cost and play")
    events = resolve_chase(state)
    cites(find(events, "ChaseItemResolved").rule, "7.7 p3", "perform the text")
    assert state.zones["p2"]["graveyard"][-1] == grow and state.objects[f["bear"]].zone == "field"


def test_an_activate_ability_is_played_on_a_card_you_control_and_a_will_ability_at_once() -> None:
    """FoW-5.01 7.8 p1: an [Activate] ability on a card he or she controls; 7.8 p2: a will
    ability resolves immediately, another goes on the chase; 7.8 p3: it resolves, then leaves
    the chase area."""
    state, f = ready(OLD, MORE, tapper="p1:T-TAPPER")
    run(state, cmd("Pass", "p1"))
    refusal = rejected(state, cmd("ActivateAbility", "p2", source=f["tapper"], ability=0))
    assert refusal.code == "rules/not_your_card"
    cites(refusal.rule, "7.8 p2", "on a card he or she control")
    run(state, cmd("Pass", "p2"))
    s = stone(state)
    events = run(state, cmd("ActivateAbility", "p1", source=s, ability=0))
    assert "WillAbilityResolved" in types(events) and not state.chase and state.players["p1"].will == ["R"]
    played = find(run(state, cmd("ActivateAbility", "p1", source=f["tapper"], ability=0)), "AbilityPlayed")
    cites(played.rule, "7.8 p2", "choose an [Activate] ability on a card he or she control")
    assert len(state.chase) == 1 and state.objects[f["tapper"]].rested
    events = resolve_chase(state)
    assert find(events, "LifeChanged").data["life"] == 3900 and not state.chase


def test_a_magic_stone_is_called_once_a_turn_by_resting_the_ruler_and_not_after_a_judgment() -> None:
    """FoW-5.01 7.11 p1: the turn player rests his or her ruler and puts the top card of the
    magic stone deck into the magic stone area, if he or she has not called a magic stone nor
    done judgment this turn."""
    state = main_phase(game(OLD))
    events = run(state, cmd("CallMagicStone", "p1"))
    cites(find(events, "MagicStoneCalled").rule, "7.11 p1", "calling magic stone")
    ruler = state.zones["p1"]["ruler_area"][0]
    assert state.objects[ruler].rested and len(state.zones["p1"]["stone_area"]) == 1
    given(state, "CardRecovered", oid=ruler)
    refusal = rejected(state, cmd("CallMagicStone", "p1"))
    assert refusal.code == "rules/stone_already_called"
    cites(refusal.rule, "7.11 p1", "hasn't call magic stone")
    state = main_phase(game(OLD))
    run(state, cmd("PerformJudgment", "p1", pay_with=pay(stone(state), stone(state))))
    resolve_chase(state)
    refusal = rejected(state, cmd("CallMagicStone", "p1"))
    assert refusal.code == "rules/called_after_judgment"
    cites(refusal.rule, "7.11 p1", "hasn't done judgment this turn")
