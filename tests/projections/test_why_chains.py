"""Why-chains a judge can follow (issue 20 item 3), per ruleset, as "given events / when
command / then the chain": the chain from each loss condition reaches its real cause, the
setup events follow from the setup step that made them, and the events carrying out a
player's answer to a ``ChoiceRequested`` name that player as their actor.

A chain is walked through ``ev:`` causes within the recorded events (as
:func:`projections.judge.why` does) down to the command (``cmd:<id>``) or game creation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.kernel import Event
from domain.rulesets import get_engine
from projections.judge import timeline, why
from service.judge import rule_text, rule_title

Link = tuple[str, str, str]
"""(event type, rule, actor) of one link; the last link of a chain is ("cause", <origin>, "")."""


def chain(events: Sequence[Event], start: Event) -> list[Link]:
    by_seq = {e.seq: e for e in events}
    out: list[Link] = []
    e: Event | None = start
    while e is not None:
        out.append((e.type, e.rule, e.actor))
        cause = e.cause
        if cause.startswith("ev:") and int(cause[3:]) in by_seq:
            e = by_seq[int(cause[3:])]
            continue
        out.append(("cause", cause, ""))
        e = None
    return out


def only(events: Sequence[Event], type_: str, **data: Any) -> Event:
    found = [e for e in events if e.type == type_ and all(e.data.get(k) == v for k, v in data.items())]
    assert found, (type_, data)
    return found[-1]


# ==================================================================== Force of Will

from tests.fow import support as fow  # noqa: E402
from tests.fow.test_ch8_battle import game as fow_game  # noqa: E402
from tests.fow.test_ch8_battle import given as fow_given  # noqa: E402
from tests.fow.test_ch8_battle import pass_until, put, to_main  # noqa: E402
from tests.fow.test_ch13_rule_processes import EXTRA as FOW_EXTRA  # noqa: E402
from tests.fow.test_ch13_rule_processes import play as fow_play  # noqa: E402
from tests.fow.test_ch13_rule_processes import spell  # noqa: E402

FOW_CARDS = {
    **FOW_EXTRA,
    "T-GREED": spell(
        "T-GREED", [{"op": "draw", "count": 2, "who": "you"}, {"op": "discard", "who": "opponent", "whole_hand": True}]
    ),
    "T-MIND": spell("T-MIND", [{"op": "discard", "count": 1, "who": "opponent"}]),
}


def test_fow_setup_events_follow_from_the_setup_step_and_each_hand_change_from_its_player() -> None:
    # given a game created with p1 to go first; when p1 changes one card and p2 none
    state, events = fow.start_game()
    changed = state.zones["p1"]["hand"][0]
    events += fow.run(state, fow.cmd("ChangeHand", "p1", cards=[changed]))
    events += fow.run(state, fow.cmd("ChangeHand", "p2", cards=[]))
    # then every shuffle and life total follows from the game's start (4.2 p1, p2)
    for e in events:
        if e.type in ("DeckShuffled", "LifeSet", "TurnOrderChosen"):
            assert chain(events, e)[1:] == [("GameStarted", "FoW-5.5 4.1 p1", "rules"), ("cause", "cmd:create:g1", "")]
    # both opening hands follow from the turn order (4.2 p4), not from the card drawn before
    opening = [e for e in events if e.type == "CardMoved" and e.data["reason"] == "draw" and e.seq < 20]
    assert len(opening) == 10 and {e.data["owner"] for e in opening} == {"p1", "p2"}
    for e in opening:
        assert chain(events, e)[1][:2] == ("TurnOrderChosen", "FoW-5.5 4.2 p3")
    # p1's returned card and redraw follow from p1's own declaration, p1 acting
    back = only(events, "CardMoved", oid=changed, to="main_deck")
    redraw = next(e for e in events if e.type == "CardMoved" and e.data["reason"] == "draw" and e.seq > back.seq)
    for e in (back, redraw):
        assert chain(events, e) == [
            ("CardMoved", "FoW-5.5 4.2 p4", "p1"),
            ("HandChangeDeclared", "FoW-5.5 4.2 p4", "p1"),
            ("cause", "cmd:ChangeHand-p1", ""),
        ]
    # the lifebreak, the rulers and the first turn follow once both hands are changed (4.2 p5-p7)
    for e in (only(events, "CardMoved", to="lifebreak"), only(events, "CardMoved", to="ruler_area")):
        assert chain(events, e)[1:] == [
            ("HandChangeDeclared", "FoW-5.5 4.2 p4", "p2"),
            ("cause", "cmd:ChangeHand-p2", ""),
        ]
    # and the judge's why over the recorded stream shows the same path
    entries = timeline(get_engine("FoW-5.5"), events, {"p1": "Alice", "p2": "Bob"}, rule_title)
    links = why(entries, redraw.seq, rule_title, rule_text, {"p1": "Alice", "p2": "Bob"})
    assert [(link.type, link.actor) for link in links] == [
        ("CardMoved", "p1"),
        ("HandChangeDeclared", "p1"),
        ("Command", "p1"),
    ]


def test_fow_opening_hands_follow_from_the_chosen_turn_order() -> None:
    # given a game whose first player is chosen at random; when the chosen player plays first
    state, events = fow.start_game(first_player=None)
    assert state.pending is not None
    chooser = state.pending.player
    events += fow.run(state, fow.cmd("ChooseTurnOrder", chooser, play_first=True))
    # then both opening hands and the first hand change follow from that choice
    assert chain(events, only(events, "PlayerChosenAtRandom"))[1][0] == "GameStarted"
    drawn = [e for e in events if e.type == "CardMoved" and e.data["reason"] == "draw"]
    assert len(drawn) == 10
    for e in [*drawn, only(events, "ChoiceRequested", kind="hand_change")]:
        assert chain(events, e)[1:] == [
            ("TurnOrderChosen", "FoW-5.5 4.2 p3", chooser),
            ("cause", f"cmd:ChooseTurnOrder-{chooser}", ""),
        ]


def test_fow_deck_out_loss_follows_from_the_draw_from_the_empty_deck() -> None:
    # given p2's main deck is empty during p1's turn
    state = fow_game()
    to_main(state)
    for oid in list(state.zones["p2"]["main_deck"]):
        put(state, oid, "graveyard")
    # when both pass until p2's draw step
    events = pass_until(state, lambda s: s.finished)
    # then the loss follows from the attempted draw, which follows from the draw step
    assert chain(events, only(events, "PlayerLost"))[:3] == [
        ("PlayerLost", "FoW-5.5 13.1 p2", "rules"),
        ("DrawFromEmptyDeckAttempted", "FoW-5.5 13.1 p2", "rules"),
        ("StepBegan", "FoW-5.5 5.1 p3", "rules"),
    ]


def test_fow_deck_out_by_an_effect_is_not_caused_by_a_later_discard() -> None:
    # given p1 has one card left in the main deck; when p1 resolves "draw 2, then the opponent
    # discards their hand"
    state = fow_game(FOW_CARDS)
    to_main(state)
    for oid in list(state.zones["p1"]["main_deck"])[1:]:
        put(state, oid, "graveyard")
    events = fow_play(state, "p1", "T-GREED")
    # then the loss follows from the attempted draw, not from the discard that came after it
    assert any(e.type == "CardMoved" and e.data["reason"] == "discard" for e in events)
    lost = chain(events, only(events, "PlayerLost"))
    assert lost[:2] == [
        ("PlayerLost", "FoW-5.5 13.1 p2", "rules"),
        ("DrawFromEmptyDeckAttempted", "FoW-5.5 13.1 p2", "rules"),
    ]
    attempt = only(events, "DrawFromEmptyDeckAttempted")
    drawn = only(events, "CardMoved", reason="draw", owner="p1")
    assert attempt.cause == drawn.cause  # both follow from the effect that drew, not each other


def test_fow_life_zero_loss_follows_from_the_life_change() -> None:
    # given p2 has 400 life; when p1 resolves "each player loses 500 life"
    state = fow_game(FOW_CARDS)
    to_main(state)
    fow_given(state, "LifeChanged", player="p2", delta=-3600, life=400)
    events = fow_play(state, "p1", "T-DOOM")
    # then p2's loss follows from p2's own life change
    lost = chain(events, only(events, "PlayerLost"))
    assert lost[:2] == [("PlayerLost", "FoW-5.5 13.1 p1", "rules"), ("LifeChanged", "FoW-5.5 1.5 p4", "rules")]
    life = only(events, "LifeChanged", player="p2")
    assert only(events, "PlayerLost").cause == f"ev:{life.seq}"


def test_fow_concession_is_the_conceding_players_act() -> None:
    state = fow_game()
    events = fow.run(state, fow.cmd("Concede", "p2"))
    assert chain(events, only(events, "PlayerLost")) == [
        ("PlayerLost", "FoW-5.5 1.3 p4", "p2"),
        ("cause", "cmd:Concede-p2", ""),
    ]
    assert chain(events, only(events, "GameEnded"))[0] == ("GameEnded", "FoW-5.5 1.3 p4", "rules")


def test_fow_cards_chosen_to_discard_name_their_chooser() -> None:
    # given p1 resolves "your opponent discards a card" and p2 is asked which
    state = fow_game(FOW_CARDS)
    to_main(state)
    fow_play(state, "p1", "T-MIND")
    assert state.pending is not None and (state.pending.kind, state.pending.player) == ("discard", "p2")
    # when p2 chooses the card
    picked = state.zones["p2"]["hand"][0]
    events = fow.run(state, fow.cmd("ChooseCards", "p2", cards=[picked]))
    # then the discard is p2's act, caused by p2's answer
    assert chain(events, only(events, "CardMoved", oid=picked)) == [
        ("CardMoved", "FoW-5.5 10.18 p1", "p2"),
        ("cause", "cmd:ChooseCards-p2", ""),
    ]


# ==================================================================== Godzilla Card Game

from tests.gcg import support as gcg  # noqa: E402


def test_gcg_preparation_events_follow_from_the_game_start() -> None:
    _, events = gcg.start_game()
    started = ("GameStarted", "GCG-1.00 6.3.1.1", "rules")
    for e in events:
        if e.type in ("DeckShuffled", "FirstPlayerDecided", "RageChanged") or (
            e.type == "CardMoved" and e.data["reason"] in ("opening hand", "setup")
        ):
            assert chain(events, e)[1] == started, e
    assert chain(events, only(events, "MonsterMoved"))[1:3] == [("CardMoved", "GCG-1.00 6.3.1.6", "rules"), started]
    assert chain(events, events[[e.type for e in events].index("TurnBegan")])[:2] == [
        ("TurnBegan", "GCG-1.00 7.1.2", "rules"),
        ("FirstPlayerDecided", "GCG-1.00 6.3.1.4", "rules"),
    ]


def test_gcg_invasion_victory_follows_from_the_invasion() -> None:
    state, _ = gcg.start_game()
    gcg.position(state, "p1", 7)
    heat = gcg.to_hand(state, "p1", gcg.tst(12))
    events = gcg.run(state, gcg.cmd("Invade", "p1", card=heat))
    assert chain(events, only(events, "PlayerLost")) == [
        ("PlayerLost", "GCG-1.00 1.2.1", "rules"),
        ("PlayerWon", "GCG-1.00 5.13.1.1.2.1", "rules"),
        ("MonsterMoved", "GCG-1.00 8.6.1.2", "rules"),
        ("CardMoved", "GCG-1.00 8.6.1", "p1"),
        ("InvasionDeclared", "GCG-1.00 8.6.1", "p1"),
        ("MainActionTaken", "GCG-1.00 8.6.1", "p1"),
        ("cause", "cmd:Invade-p1", ""),
    ]


def test_gcg_countered_without_successor_loss_follows_from_the_countering() -> None:
    from tests.gcg.support import advance_until

    state, _ = gcg.start_game()
    for rank in (2, 3, 4):
        gcg.put(state, gcg.find_card(state, "p2", gcg.tst(30 + rank), ["monster_deck"]), "monster")
    gcg.position(state, "p2", 6)
    for zone, card in ((3, gcg.tst(13)), (4, gcg.tst(13)), (5, gcg.tst(12)), (6, gcg.tst(12))):
        gcg.to_zone(state, "p1", card, zone)
    gcg.end_main(state)
    advance_until(state, "main", "p1")
    gcg.to_zone(state, "p1", gcg.tst(11), 7)
    events = gcg.end_main(state)
    assert chain(events, only(events, "PlayerLost"))[:3] == [
        ("PlayerLost", "GCG-1.00 5.15.1.2.1", "rules"),
        ("MonsterMoved", "GCG-1.00 5.15.1.1", "rules"),
        ("CounterPowerTotalled", "GCG-1.00 7.4.2", "rules"),
    ]


def test_gcg_an_effect_win_follows_from_the_card_that_won() -> None:
    oxygen = {
        "id": "GCG-TST-965",
        "name": "Oxygen Destroyer",
        "type": "strategy",
        "rank": 1,
        "color": "white",
        "effects": [{"op": "win_game"}],
    }
    state, _ = gcg.start_game(gcg.with_cards(gcg.RED, {oxygen["id"]: 1}), extra=[oxygen])
    events = gcg.run(state, gcg.cmd("ActivateStrategy", "p1", card=gcg.to_hand(state, "p1", oxygen["id"]), zone=1))
    links = chain(events, only(events, "PlayerWon"))
    assert links[0] == ("PlayerWon", "GCG-1.00 1.2.4", "rules")
    assert ("CardPlayed", "GCG-1.00 9.5.2.1.3", "p1") in links
    assert links[-2:] == [("MainActionTaken", "GCG-1.00 8.3.1", "p1"), ("cause", "cmd:ActivateStrategy-p1", "")]


def test_gcg_concession_is_the_conceding_players_act() -> None:
    state, _ = gcg.start_game()
    events = gcg.run(state, gcg.cmd("Concede", "p2"))
    assert chain(events, only(events, "PlayerLost")) == [
        ("PlayerLost", "GCG-1.00 1.2.3", "p2"),
        ("cause", "cmd:Concede-p2", ""),
    ]


def test_gcg_what_a_players_answer_does_is_that_players_act() -> None:
    # given p2's Mobile Command asks "you may discard a card. If you do, draw 2 cards" (9.5.4)
    from tests.gcg.test_abilities import _game

    state = _game()
    gcg.end_main(state)
    gcg.advance_until(state, "main", "p2")
    gcg.to_zone(state, "p2", gcg.tst(45), 6)
    gcg.to_zone(state, "p2", gcg.tst(40), 2)
    gcg.end_main(state)
    gcg.choose(state, "yes")
    assert gcg.pending(state) == ("discard", "p2")
    # when p2 chooses the card to discard
    picked = gcg.among(state)[0]
    events = gcg.choose(state, picked)
    # then the discard is p2's act, caused by p2's answer
    assert chain(events, only(events, "CardMoved", oid=picked)) == [
        ("CardMoved", "GCG-1.00 5.7.1", "p2"),
        ("ChoiceMade", "GCG-1.00 5.7.1", "p2"),
        ("cause", "cmd:Choose-p2", ""),
    ]


def test_gcg_the_card_a_player_searched_for_is_revealed_as_that_players_act() -> None:
    # given p1's Dorsal Spines 【Evolution 5】 searches the deck (11.6.2) and p1 said yes
    state, _ = gcg.start_game()
    gcg.to_zone(state, "p1", gcg.tst(14), 4)
    gcg.end_main(state)
    gcg.advance_until(state, "yes_no", "p1")
    gcg.choose(state, "yes")
    assert gcg.pending(state) == ("search", "p1")
    # when p1 picks the card
    storm = next(o for o in gcg.among(state) if state.objects[o].card == gcg.tst(15))
    events = gcg.choose(state, storm)
    # then revealing it is p1's act, caused by p1's answer
    assert chain(events, only(events, "CardRevealed", oid=storm)) == [
        ("CardRevealed", "GCG-1.00 11.6.2", "p1"),
        ("ChoiceMade", "GCG-1.00 11.6.2", "p1"),
        ("cause", "cmd:Choose-p1", ""),
    ]


# ==================================================================== Luck & Logic

from tests.ll import support as ll  # noqa: E402
from tests.ll.test_battle import battle_game, to_attack  # noqa: E402
from tests.ll.test_rule_processes import game as ll_game  # noqa: E402
from tests.ll.test_rule_processes import thin_deck  # noqa: E402


def test_ll_preparation_follows_from_the_game_start_and_each_redraw_from_its_player() -> None:
    # given a started game waiting for p1's Redraw; when p1 redraws one card and p2 none
    state, events = ll.start_game()
    started = ("GameStarted", "LL-2.04 6.2.1.1", "rules")
    for e in events:
        if e.type in ("DeckShuffled", "FirstPlayerChosen") or (e.type == "CardMoved" and e.data["reason"] == "setup"):
            assert chain(events, e)[1] == started, e
    chosen = ("FirstPlayerChosen", "LL-2.04 6.2.1.7", "rules")
    drawn = [e for e in events if e.type == "CardMoved" and e.data["reason"] == "draw"]
    assert len(drawn) == 10 and all(chain(events, e)[1] == chosen for e in drawn)
    assert chain(events, only(events, "ChoiceRequested", kind="redraw"))[1] == chosen
    back = state.zones["p1"]["hand"][0]
    first = ll.run(state, ll.cmd("Redraw", "p1", cards=[back]))
    declared = [("RedrawDeclared", "LL-2.04 6.2.1.8", "p1"), ("cause", "cmd:Redraw-p1", "")]
    assert chain(first, only(first, "CardMoved", oid=back)) == [("CardMoved", "LL-2.04 6.2.1.8", "p1"), *declared]
    assert chain(first, only(first, "CardMoved", reason="draw")) == [("CardMoved", "LL-2.04 6.2.1.8", "p1"), *declared]
    # "Starting with the player going first" (6.2.1.8): p2 is asked once p1 has decided
    assert chain(first, only(first, "ChoiceRequested", kind="redraw"))[1:] == declared
    second = ll.run(state, ll.cmd("Redraw", "p2", cards=[]))
    assert chain(second, only(second, "TurnBegan"))[1:] == [
        ("RedrawDeclared", "LL-2.04 6.2.1.8", "p2"),
        ("cause", "cmd:Redraw-p2", ""),
    ]


def test_ll_empty_deck_and_drop_zone_loss_follows_from_the_move_that_emptied_the_deck() -> None:
    state = ll_game()
    thin_deck(state, "p1", 1, drop=False)
    for oid in list(state.zones["p1"]["drop"]):
        ll.put(state, oid, "remove")
    events: list[Event] = []
    while not state.finished:
        events += ll.step(state)
    lost = only(events, "PlayerLost")
    emptied = chain(events, lost)[1]
    assert emptied[0] == "CardMoved"
    moved = events[[e.seq for e in events].index(int(lost.cause[3:]))]
    assert moved.data["from"] == "deck" and moved.data["owner"] == "p1" and not state.zones["p1"]["deck"]


def test_ll_refresh_zone_loss_follows_from_the_refresh_that_the_last_draw_caused() -> None:
    """LL-2.04 10.3.1.2 loss <- 10.9.1 the Refresh Point puts a card into the Refresh Zone <- that
    point, gained by the Refresh of 10.2.2 <- the draw (7.3.3) that took the last card of the deck."""
    # given p1 has one card in the deck and one face-down card in the Refresh Zone
    state = ll_game()
    thin_deck(state, "p1", 1)
    ll.put(state, state.zones["p1"]["drop"][0], "refresh", face_down=True)
    # when the game goes on until it ends
    events: list[Event] = []
    while not state.finished:
        events += ll.step(state)
    # then the chain runs through the Refresh to the draw of the last card
    lost = only(events, "PlayerLost")
    assert lost.data["reason"] == "two_face_down_cards_in_refresh_zone"
    assert chain(events, lost)[:5] == [
        ("PlayerLost", "LL-2.04 10.3.1.2", "rules"),
        ("CardMoved", "LL-2.04 10.9.1", "rules"),
        ("RefreshPointsChanged", "LL-2.04 10.9.1", "rules"),
        ("RefreshPointsChanged", "LL-2.04 10.2.2", "rules"),
        ("CardMoved", "LL-2.04 7.3.3", "rules"),
    ]
    refreshed = only(events, "RefreshPointsChanged", delta=1)
    drawn = next(e for e in events if f"ev:{e.seq}" == refreshed.cause)
    assert drawn.data["from"] == "deck" and drawn.data["owner"] == "p1"


def test_ll_last_gate_loss_follows_from_the_gate_destroyed() -> None:
    state = battle_game(levels=1)
    attacker = ll.deploy_given(state, "p1", "LL-TST-900", ["FC"])
    for g in state.zones["p2"]["gate"]:
        if state.objects[g].circles != ["FC"]:
            ll.given(state, "GateDestroyed", oid=g)
    to_attack(state)
    events = ll.run(state, ll.cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    links = chain(events, only(events, "PlayerLost"))
    assert links[:2] == [("PlayerLost", "LL-2.04 10.3.1.1", "rules"), ("GateDestroyed", "LL-2.04 8.2.10.3", "rules")]
    assert ("AttackDeclared", "LL-2.04 8.2.6", "p1") in links and links[-1] == ("cause", "cmd:DeclareAttack-p1", "")


def test_ll_concession_is_the_conceding_players_act() -> None:
    state = ll_game()
    events = ll.run(state, ll.cmd("Concede", "p2"))
    assert chain(events, only(events, "PlayerLost")) == [
        ("PlayerLost", "LL-2.04 1.2.4", "p2"),
        ("cause", "cmd:Concede-p2", ""),
    ]


def test_the_command_link_of_a_chain_is_its_senders_act_even_after_a_rules_event() -> None:
    """projections.judge.why: the last link, the command, has its sender as actor (from the stored
    command), even where the first event it caused is carried out by the rules."""
    import dataclasses

    # given a started game and p1's Redraw of one card, its declaration recorded as the rules'
    state, log = ll.start_game()
    back = state.zones["p1"]["hand"][0]
    log = log + ll.run(state, ll.cmd("Redraw", "p1", cards=[back]))
    declared = only(log, "RedrawDeclared")
    log = [dataclasses.replace(e, actor="rules") if e.seq == declared.seq else e for e in log]
    names = {"p1": "Alice", "p2": "Bob"}
    engine = get_engine("LL-2.04")
    entries = timeline(engine, log, names, rule_title)
    sent = {"cmd:Redraw-p1": {"type": "Redraw", "player": "p1", "args": {"cards": [back]}}}
    # when the judge asks why the card went back to the deck
    moved = only(log, "CardMoved", oid=back, to="deck")
    links = why(entries, moved.seq, rule_title, rule_text, names, commands=sent, engine=engine, events=log)
    # then the chain ends at p1's command, p1's act
    assert [(link.type, link.actor) for link in links] == [
        ("CardMoved", "p1"),
        ("RedrawDeclared", "rules"),
        ("Redraw", "p1"),
    ]
    assert links[-1].summary.startswith("Alice sent Redraw(")


def test_ll_a_rule_process_choice_is_carried_out_as_the_choosers_act() -> None:
    # given p1 has defined two face-up paradoxes in one battle (10.6.2 asks which to keep)
    from tests.ll.test_battle import member_battle

    state = battle_game()
    attacker, _ = member_battle(state)
    first = ll.hand_card(state, "p1", "LL-TST-030")
    second = ll.hand_card(state, "p1", "LL-TST-031")
    to_attack(state)
    ll.run(state, ll.cmd("DeclareAttack", "p1", attacker=attacker, circle="FC"))
    ll.run(state, ll.cmd("PassLogic", "p2"))
    ll.run(state, ll.cmd("DefineLogic", "p1", card=first))
    ll.run(state, ll.cmd("PassLogic", "p2"))
    ll.run(state, ll.cmd("DefineLogic", "p1", card=second))
    assert ll.pending(state) == ("rule_choice", "p1")
    # when p1 chooses the one to turn face-down
    events = ll.run(state, ll.cmd("Choose", "p1", choice=[first]))
    # then turning it is p1's act, caused by p1's choice
    assert chain(events, only(events, "CardTurned", oid=first)) == [
        ("CardTurned", "LL-2.04 10.6.2", "p1"),
        ("RuleChoiceMade", "LL-2.04 10.6.2", "p1"),
        ("cause", "cmd:Choose-p1", ""),
    ]
