"""Status automatic cards (FoW-5.5 9.6 p9): a [Stealth] (12.5) or chant-standby [Trigger]
(7.9) condition that is a state of the game rather than an event, executed by the engine with
real Grimm and Alice cards in the form the importer gives them (given events / when command /
then events)."""

from __future__ import annotations

from domain.fow import actions, engine
from domain.fow.context import Ctx
from domain.fow.state import GameState
from domain.kernel import Event
from tests.fow.cards.test_play_real_decks import own, resolve, vocab_game
from tests.fow.cards.triggers.test_play_triggers_costs_and_target_filters import pass_until, triggered_by
from tests.fow.support import cmd, find, run
from tests.fow.test_ch4_to_6_setup_and_turns import put


def test_stealth_with_a_status_condition_triggers_while_the_status_holds() -> None:
    # Herald of the Undead Lord (SKL-070): "[Stealth] Your J/ruler is "Rezzard, the Undead
    # Lord" or "Rezzard, the Desecrating Vampire"." Its ruler is Rezzard (SKL-077): as soon as
    # a priority sequence checks it, the card in the chant-standby area triggers, in the same
    # turn it was put there (12.5 p3), and is played without paying its cost (12.5 p2)
    state = vocab_game({"SKL-070": 4, "T-BEAR": 4}, {"T-STONE": 10}, ruler="SKL-077")
    herald = own(state, "p1", "SKL-070", "standby")
    events = run(state, cmd("Pass", "p1"))
    [trig] = triggered_by(events, herald)
    assert (trig.data["kind"], trig.data["controller"], trig.rule) == ("stealth", "p1", "FoW-5.5 12.5 p2")
    will = list(state.players["p1"].will)
    events = run(state, cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[], pay_with=[]))
    played = find(events, "CardPlayed")
    assert (played.data["from"], played.rule) == ("standby", "FoW-5.5 12.5 p2")
    assert state.players["p1"].will == will  # no cost paid
    resolve(state)
    assert state.objects[herald].zone == "field"
    # the same Herald with a ruler that is not Rezzard: nothing triggers (9.6 p9.1)
    state = vocab_game({"SKL-070": 4, "T-BEAR": 4}, {"T-STONE": 10})
    herald = own(state, "p1", "SKL-070", "standby")
    events = run(state, cmd("Pass", "p1"))
    events += run(state, cmd("Pass", "p2"))
    assert not triggered_by(events, herald)


def sesame_waiting() -> tuple[GameState, str, str, list[Event]]:
    # Open Sesame (MPR-066): "[Trigger] While you control "Ali Baba, the Earnest Worker":
    # Search your main deck for up to two resonators, reveal them and put them into your hand.
    # Then shuffle your main deck." Ali Baba, The Earnest Worker (MPR-056) is in p1's field.
    state = vocab_game({"MPR-066": 4, "MPR-056": 4, "T-BEAR": 4}, {"T-STONE": 10})
    sesame = own(state, "p1", "MPR-066", "standby")
    ali = own(state, "p1", "MPR-056", "field")
    return state, sesame, ali, run(state, cmd("Pass", "p1"))


def test_a_chant_standby_card_with_a_status_trigger_waits_for_the_next_turn() -> None:
    state, sesame, _, events = sesame_waiting()
    assert not triggered_by(events, sesame)  # not in the turn it was put there (7.9 p5)
    events += pass_until(state, lambda s: s.turn_player == "p2" and s.pending.kind in ("priority", "trigger"))
    [trig] = triggered_by(events, sesame)
    assert (trig.data["kind"], trig.data["controller"], trig.rule) == ("card", "p1", "FoW-5.5 7.9 p2")
    began = next(e for e in events if e.type == "TurnBegan" and e.seq < trig.seq and e.data.get("player") == "p2")
    assert began.seq < trig.seq


def test_a_declined_status_trigger_is_not_offered_again_until_the_status_lapses() -> None:
    state, sesame, ali, events = sesame_waiting()
    events += pass_until(state, lambda s: s.turn_player == "p2" and s.pending.kind in ("priority", "trigger"))
    [trig] = triggered_by(events, sesame)
    events = run(state, cmd("DeclineTrigger", "p1", trigger=trig.data["trigger"]))
    assert find(events, "TriggerDiscarded").data["why"] == "not revealed"
    # the priority sequence goes on: the status still holds, but it is not offered again
    assert state.pending is not None and state.pending.kind == "priority"
    assert not triggered_by(events, sesame)
    # Ali Baba leaves the field: the status lapses (9.6 p9.1)
    put(state, ali, "graveyard")
    events = run(state, cmd("Pass", state.pending.player))
    lapsed = find(events, "StatusLapsed")
    assert (lapsed.data, lapsed.rule) == ({"oid": sesame}, "FoW-5.5 9.6 p9.1")
    assert not triggered_by(events, sesame)
    # it holds again: the card triggers again, and this time it is played
    put(state, ali, "field")
    events = run(state, cmd("Pass", state.pending.player))
    [again] = triggered_by(events, sesame)
    offered = [c for c in engine.legal_actions(state, "p1") if c.type == "PlayTriggered"]
    assert offered and all(c.args["trigger"] == again.data["trigger"] for c in offered)
    events = run(state, offered[0])
    assert [e.type for e in events if e.type in ("CardRevealed", "CardPlayed")] == ["CardRevealed", "CardPlayed"]
    assert state.objects[sesame].zone == "chase"


def test_a_chant_standby_trigger_at_the_end_of_a_turn_you_are_dealt_damage() -> None:
    # Destructive Flow (TAT-041): "[Trigger] At the end of a turn you're dealt damage: Return all
    # rested resonators your opponent controls to their owner's hand." The end of turn (5.4 p3)
    # is the happening; being dealt damage this turn is the state it needs (7.9 p2)
    state = vocab_game({"TAT-041": 4, "T-BEAR": 4}, {"T-STONE": 10})
    flow = own(state, "p1", "TAT-041", "standby")
    events = pass_until(state, lambda s: s.turn == 3 and s.phase == "main" and s.pending.kind == "priority")
    assert not triggered_by(events, flow)  # turns 1 and 2: not put there this turn / no damage
    bear = own(state, "p2", "T-BEAR", "field")
    ctx = Ctx(state, "given")
    actions.deal_damage(ctx, bear, "p1", 100, "given")
    ctx.emit("CardRested", {"oid": bear, "reason": "given"}, "10.12 p1", cause="given")
    events = pass_until(state, lambda s: s.step == "end_of_turn" and s.pending.kind == "trigger")
    began = next(e for e in events if e.type == "StepBegan" and e.data["step"] == "end_of_turn")
    [trig] = triggered_by(events, flow)
    assert (trig.cause, trig.data["kind"], trig.rule) == (f"ev:{began.seq}", "card", "FoW-5.5 7.9 p2")
    run(state, cmd("PlayTriggered", "p1", trigger=trig.data["trigger"], targets=[], pay_with=[]))
    resolve(state)
    assert state.objects[bear].zone == "hand"
