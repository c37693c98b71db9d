"""Turn sequence (FoW-5.5 5), priority sequence (6), battle (8) and rule processes (13).

The game advances automatically until a player must decide something; that decision is
recorded as ``PriorityGiven`` or ``ChoiceRequested`` and ``decide`` returns.
"""

from __future__ import annotations

from typing import Any

from domain.fow import actions, outside
from domain.fow.cards import RuleOverrides
from domain.fow.characteristics import (
    cannot_attack_player,
    cannot_be_recovered,
    characteristics,
    effective_type,
    has_skill,
    matches,
    must_block_if_able,
    overrides_for,
    player_overrides,
    read_characteristics,
)
from domain.fow.context import Ctx
from domain.fow.state import PLAYGROUND, GameState
from domain.fow.versions import version
from domain.kernel import event_cause, seed_commitment

RULE_PROCESS_ROUNDS = 300
"""Rounds of rule processes within one decision after which they are a loop no player can stop
(FoW-5.5 14.1 p1.3: a draw): each round performs every process due (13), so a real game needs a
handful; one that is due again and again with no decision in between never ends otherwise."""
MAX_LIFEBREAK = 4
"""The maximum lifebreak size at the beginning of a game (FoW-5.5 3.10 p3)."""
HAND_SIZE = 7
"""FoW-5.5 3.5 p3."""

# (phase, step) -> (next phase, next step); battle steps live inside the main phase.
STEPS: list[tuple[str, str, str]] = [
    # phase, step, rule of the priority sequence in that step
    ("draw", "begin", "5.1 p2"),
    ("draw", "draw", "5.1 p4"),
    ("recovery", "begin", "5.2 p3"),
    ("recovery", "recover", "5.2 p7"),
    ("main", "main", "5.3 p2"),
    ("end", "begin", "5.4 p2"),
    ("end", "end_of_turn", "5.4 p4"),
    ("end", "cleanup", "5.4 p5"),
]
BATTLE_STEPS: list[tuple[str, str]] = [
    ("battle_begin", "8.1 p2"),
    ("declare_attack", "8.2 p2"),
    ("attack_declared", "8.2 p7"),
    ("declare_block", "8.3 p2"),
    ("block_declared", "8.3 p6"),
    ("first_strike", "8.4 p3"),
    ("normal_damage", "8.5 p4"),
    ("end_of_battle", "8.6 p2"),
]


def is_first_turn_of(state: GameState, player: str) -> bool:
    return state.turn <= 2 and (state.turn == 1 or player != state.first_player)


# --- priority sequence ----------------------------------------------------------------


def _stays_rested(s: GameState, oid: str) -> bool:
    """Card text that keeps ``oid`` rested as the turn player recovers all cards (5.2 p5, 1.4 p1)."""
    rules = overrides_for(s, oid)
    return (
        rules.doesnt_recover_in_recovery_phase or rules.cannot_recover_in_recovery_phase or cannot_be_recovered(s, oid)
    )


def open_priority(ctx: Ctx, player: str, cause: str) -> None:
    """Start a priority sequence for ``player`` (FoW-5.5 6.1): rule processes, then
    triggered automatic objects, then the player may act."""
    s = ctx.s
    while not s.finished:
        processed = rule_processes(ctx, cause, player)
        if processed is None:
            return  # which replacement applies to a card it destroys (9.10 p2): asked first
        cause = processed
        if s.finished:
            return
        if s.reveal_windows:
            ask_reveal_window(ctx, player, cause)
            return
        cause = actions.check_status_triggers(ctx, cause)
        if s.triggered:
            chooser = (
                s.turn_player if any(t.controller == s.turn_player for t in s.triggered) else s.opponent(s.turn_player)
            )
            mine = [t for t in s.triggered if t.controller == chooser]
            auto = actions.auto_playable_trigger(ctx, mine)
            if auto is not None:
                cause = actions.play_trigger(ctx, auto, [], [], cause, actor=chooser)
                continue
            ctx.ask(chooser, "trigger", {"triggers": [t.id for t in mine]}, "6.2 p2", cause=cause)
            return
        ctx.emit("PriorityGiven", {"player": player}, "6.1 p1.3", cause=cause)
        return


def ask_reveal_window(ctx: Ctx, player: str, cause: str) -> None:
    """Whether to reveal automatic cards from the hand or chant-standby area at the earliest
    happening not yet asked about (FoW-5.5 9.6 p2, 7.9 p2): the cards that fit then and are still
    there, not yet triggered; asked even when none is, so that the question tells the opponent nothing.
    ``priority`` is the player the priority sequence was opened for, who has it after."""
    s = ctx.s
    window = s.reveal_windows[0]
    pid = window["player"]
    held = [
        c
        for c in window["cards"]
        if s.objects[c].zone in ("hand", "standby") and not any(t.source == c for t in s.triggered)
    ]
    options = {"window": window["window"], "trigger": window["trigger"], "cards": held}
    ctx.ask(pid, "reveal_automatic_card", {**options, "priority": player}, "9.6 p2", cause=cause)


def after_action(ctx: Ctx, player: str, cause: str) -> None:
    """Any action other than a pass keeps priority with its player (FoW-5.5 6.4 p1.1).  The action has
    been performed: what follows refuses nothing (a probe stops here, ``DecisionContext.commit``)."""
    ctx.commit()
    open_priority(ctx, player, cause)


def pass_priority(ctx: Ctx, player: str, cause: str) -> None:
    """A pass (7.12 p1): what follows refuses nothing (a probe stops here, ``DecisionContext.commit``)."""
    ctx.commit()
    s = ctx.s
    ev = ctx.emit("PriorityPassed", {"player": player}, "7.12 p1", cause=cause, actor=player)
    if s.passes >= 2:
        if s.chase:
            done = actions.resolve_top(ctx, ev)
            if done is None:
                return
            open_priority(ctx, s.turn_player, done)
        else:
            end_of_window(ctx, ev)
    else:
        open_priority(ctx, s.opponent(player), ev)


def continue_after_resolution(ctx: Ctx, cause: str) -> None:
    """After a paused resolution finishes, the turn player gains priority (6.4 p1.2)."""
    s = ctx.s
    if s.step == "cleanup_discard":
        finish_cleanup(ctx, cause)
        return
    open_priority(ctx, s.turn_player, cause)


# --- steps ------------------------------------------------------------------------------


def finish_recovery(ctx: Ctx, stay: list[str], cause: str) -> None:
    """The turn player recovers all cards in their playground (FoW-5.5 5.2 p5) but those their text
    keeps rested and ``stay``, those they chose not to recover ("You may choose not to recover this card
    during the recovery phase", 1.4 p1); then they gain priority (5.2 p7)."""
    s = ctx.s
    tp = s.turn_player
    ev = cause
    rested = [oid for z in PLAYGROUND for oid in s.zones[tp][z] if s.objects[oid].rested]
    kept = [oid for oid in rested if _stays_rested(s, oid) or oid in stay]
    rested = [oid for oid in rested if oid not in kept]
    if rested or kept:
        data: dict[str, object] = {"player": tp, "oids": rested, **({"not_recovered": kept} if kept else {})}
        ev = ctx.emit("CardsRecovered", data, "5.2 p5", cause=ev)
    ev = actions.end_source_rested(ctx, rested, ev)  # "as long as this card is rested": recovered (9.9 p8)
    # "They don't recover during their controller's next recovery phase": that recovery is over
    ending = [
        e.id
        for e in s.effects
        if e.duration == "next_recovery_phase" and any(s.objects[t].controller == tp for t in e.targets)
    ]
    if ending:
        why = "their controller's recovery phase"
        ev = ctx.emit("ContinuousEffectsEnded", {"ids": ending, "why": why}, "5.2 p5", cause=ev)
    open_priority(ctx, tp, ev)


def begin_step(ctx: Ctx, phase: str, step: str, rule: str, cause: str) -> str:
    return ctx.emit("StepBegan", {"phase": phase, "step": step}, rule, cause=cause)


def start_turn(ctx: Ctx, player: str, cause: str) -> None:
    s = ctx.s
    ev = ctx.emit("TurnBegan", {"turn": s.turn + 1, "player": player}, "5.4 p6" if s.turn else "4.2 p7", cause=cause)
    enter_step(ctx, "draw", "begin", ev)


def enter_step(ctx: Ctx, phase: str, step: str, cause: str) -> None:
    """Perform the entry actions of a step, then open its priority window."""
    s = ctx.s
    tp = s.turn_player
    if phase == "draw" and step == "begin":
        ev = begin_step(ctx, phase, step, "5.1 p1", cause)
        actions.check_triggers(ctx, "beginning_of_turn", ev, player=tp)
        if s.turn == 1:  # "At the beginning of the game" happens in the first turn's draw phase (5.1 p1)
            actions.check_triggers(ctx, "beginning_of_game", ev, player=tp)
            # and those of the cards in the sideboards (9.2 p2): each player with one is asked first (3.16 p1)
            if outside.ask_beginning_of_game(ctx, ev):
                return
        open_priority(ctx, tp, ev)
    elif phase == "draw" and step == "draw":
        ev = begin_step(ctx, phase, step, "5.1 p3", cause)
        if s.turn == 1:
            pass  # the first player does not draw on the first turn (5.1 p3)
        else:
            ev = actions.draw(ctx, tp, 1, ev, rule="5.1 p3")
        open_priority(ctx, tp, ev)
    elif phase == "recovery" and step == "begin":
        if is_first_turn_of(s, tp):
            ev = ctx.emit("StepBegan", {"phase": "recovery", "step": "skipped"}, "5.2 p1", cause=cause)
            enter_step(ctx, "main", "main", ev)
            return
        ev = begin_step(ctx, phase, step, "5.2 p2", cause)
        open_priority(ctx, tp, ev)
    elif phase == "recovery" and step == "recover":
        ev = begin_step(ctx, phase, step, "5.2 p4", cause)
        ev = cease_will(ctx, "5.2 p4", ev)
        rested = [oid for z in PLAYGROUND for oid in s.zones[tp][z] if s.objects[oid].rested]
        kept = [oid for oid in rested if _stays_rested(s, oid)]  # "doesn't recover during ..." (1.4 p1)
        optional = [o for o in rested if o not in kept and overrides_for(s, o).may_stay_rested_in_recovery_phase]
        if optional:  # "You may choose not to recover this card during the recovery phase" (1.4 p1)
            ctx.ask(tp, "keep_rested", {"cards": optional}, "5.2 p5", cause=ev)
            return
        finish_recovery(ctx, [], ev)
    elif phase == "main" and step == "main":
        beginning = s.phase != "main"  # not when a battle ends and the main phase goes on
        ev = begin_step(ctx, phase, step, "5.3 p1", cause)
        if beginning:
            actions.check_triggers(ctx, "beginning_of_main_phase", ev, player=tp)
        open_priority(ctx, tp, ev)
    elif phase == "end" and step == "begin":
        ev = begin_step(ctx, phase, step, "5.4 p1", cause)
        actions.check_triggers(ctx, "beginning_of_end_phase", ev, player=tp)
        open_priority(ctx, tp, ev)
    elif phase == "end" and step == "end_of_turn":
        ev = begin_step(ctx, phase, step, "5.4 p3", cause)
        for kind in ("end_of_turn", "end_of_each_turn"):  # "At the end of [your] turn" (5.4 p3)
            actions.check_triggers(ctx, kind, ev, player=tp)
        actions.check_delayed(ctx, "end_of_turn", ev)  # "At the end of turn, destroy it" (9.6 p8)
        open_priority(ctx, tp, ev)
    elif phase == "end" and step == "cleanup":
        ev = begin_step(ctx, phase, step, "5.4 p5", cause)
        cleanup(ctx, ev)
    elif phase == "main":
        enter_battle_step(ctx, step, cause)
    else:  # pragma: no cover - a programming error
        raise AssertionError(f"unknown step {phase}/{step}")


def end_of_window(ctx: Ctx, cause: str) -> None:
    """Both players passed in succession with an empty chase area: the step ends."""
    s = ctx.s
    phase, step = s.phase, s.step
    if phase == "main" and step != "main":
        end_battle_window(ctx, step, cause)
        return
    if phase == "main":
        enter_step(ctx, "end", "begin", cause)
        return
    if (phase, step) == ("end", "cleanup"):
        cleanup(ctx, cause)  # repeat the final step (5.4 p5.5)
        return
    order = [(p, st) for p, st, _ in STEPS]
    nxt = order[order.index((phase, step)) + 1]
    enter_step(ctx, nxt[0], nxt[1], cause)


# --- end phase final step (5.4 p5) --------------------------------------------------------


def cease_will(ctx: Ctx, rule: str, cause: str) -> str:
    for pid in ctx.s.order:
        p = ctx.s.players[pid]
        if p.will or p.restricted_will:
            data: dict[str, Any] = {"player": pid, "will": list(p.will)}
            if p.restricted_will:  # "Spend that will only to ..." will ceases as well (9.7 p4)
                data["restricted"] = [dict(w) for w in p.restricted_will]
            cause = ctx.emit("WillCeased", data, rule, cause=cause)
    return cause


def cleanup(ctx: Ctx, cause: str) -> None:
    s = ctx.s
    damaged = [oid for oid, o in s.objects.items() if o.damage and o.zone == "field"]
    if damaged:
        cause = ctx.emit("DamageCleared", {"oids": damaged}, "5.4 p5.1", cause=cause)
    ending = [e.id for e in s.effects if e.duration in ("end_of_turn", "end_of_battle")]
    if ending:
        cause = actions.end_effects(ctx, ending, "end of turn", "5.4 p5.2", cause)
    cause = cease_will(ctx, "5.4 p5.3", cause)
    tp = s.turn_player
    limit = max_hand_size(s, tp)
    excess = len(s.zones[tp]["hand"]) - limit if limit >= 0 else 0
    if excess > 0:
        ctx.emit("StepBegan", {"phase": "end", "step": "cleanup_discard"}, "5.4 p5.4", cause=cause)
        ctx.ask(tp, "discard_to_hand_size", {"count": excess, "max_hand_size": limit}, "5.4 p5.4", cause=cause)
        return
    finish_cleanup(ctx, cause)


def finish_cleanup(ctx: Ctx, cause: str) -> None:
    s = ctx.s
    if rule_processes_pending(s) or s.triggered or s.reveal_windows:
        if s.step != "cleanup":
            cause = ctx.emit("StepBegan", {"phase": "end", "step": "cleanup"}, "5.4 p5.5", cause=cause)
        open_priority(ctx, s.turn_player, cause)
        return
    start_turn(ctx, s.opponent(s.turn_player), cause)


def max_hand_size(state: GameState, player: str) -> int:
    override = player_overrides(state, player).max_hand_size
    return HAND_SIZE if override is None else override


# --- battle (8) -------------------------------------------------------------------------


def initiate_battle(ctx: Ctx, player: str, cause: str) -> None:
    ev = ctx.emit("BattleBegan", {"player": player}, "7.4 p1", cause=cause, actor=player)
    enter_battle_step(ctx, "battle_begin", ev)


def enter_battle_step(ctx: Ctx, step: str, cause: str) -> None:
    s = ctx.s
    tp = s.turn_player
    rule = dict(BATTLE_STEPS)[step]
    b = s.battle
    assert b is not None
    if step == "battle_begin":
        ev = begin_step(ctx, "main", step, "8.1 p1", cause)
    elif step == "declare_attack":
        ev = begin_step(ctx, "main", step, "8.2 p1", cause)
    elif step == "attack_declared":
        ev = begin_step(ctx, "main", step, "8.2 p7", cause)
    elif step == "declare_block":
        ev = begin_step(ctx, "main", step, "8.3 p1", cause)
    elif step == "block_declared":
        ev = begin_step(ctx, "main", step, "8.3 p6", cause)
    elif step == "first_strike":
        ev = begin_step(ctx, "main", step, "8.4 p1", cause)
        if not _attacker_present(s):
            enter_battle_step(ctx, "end_of_battle", ev)
            return
        attacker = b.attacker
        assert attacker is not None
        if has_skill(s, attacker, "first_strike"):
            dealt = start_battle_damage(ctx, step, ev)
            if dealt is None:
                return  # a question first (11.1 p1.2, 9.10 p2.1): the damage is dealt once it is answered
            ev = dealt
    elif step == "normal_damage":
        ev = begin_step(ctx, "main", step, "8.5 p1", cause)
        if not _attacker_present(s):
            enter_battle_step(ctx, "end_of_battle", ev)
            return
        dealt = start_battle_damage(ctx, step, ev)
        if dealt is None:
            return  # a question first (11.1 p1.2, 9.10 p2.1): the damage is dealt once it is answered
        ev = dealt
    elif step == "end_of_battle":
        ev = begin_step(ctx, "main", step, "8.6 p1", cause)
    else:  # pragma: no cover
        raise AssertionError(step)
    del rule
    open_priority(ctx, tp, ev)


def start_battle_damage(ctx: Ctx, step: str, cause: str, to_blocker: int | None = None) -> str | None:
    """The battle damage of ``step`` (8.4 p2, 8.5 p2, p3), after its questions: how the controller of
    an attacker with [Pierce] assigns its damage (11.1 p1.2; ``to_blocker`` once answered), then which
    replacement applies first to each damage (9.10 p2.1).  None when a question was asked: the damage
    is dealt once it is answered (``resume_battle_damage``)."""
    s = ctx.s
    b = s.battle
    assert b is not None and b.attacker is not None
    if to_blocker is None and (step == "first_strike" or not b.first_strike_dealt):
        amounts = pierce_amounts(s)
        if amounts is not None:
            you = s.objects[b.attacker].controller
            split = {"attacker": b.attacker, "blocker": b.blocker, "target": b.target}
            if len(amounts) > 1:  # the controller of the attacker decides how its damage is dealt (11.1 p1)
                asked = {"battle": step, **split, "atk": characteristics(s, b.attacker).atk or 0}
                asked["capacity"] = pierce_capacity(s)
                ctx.ask(you, "pierce", {**asked, "amounts": amounts}, "11.1 p1.2", cause=cause)
                return None
            # one split only (the ATK is at most the capacity rounded up to 100): nothing to decide
            to_blocker = amounts[0]
            data = {"player": you, **split, "to_blocker": to_blocker, "automatic": True}
            cause = ctx.emit("OptionChosen", data, "11.1 p1.2", cause=cause)
    where: dict[str, Any] = {"battle": step, **({"to_blocker": to_blocker} if to_blocker is not None else {})}
    dealing = battle_damage_events(s, step, to_blocker)
    if actions.ask_replacement_order(ctx, dealing, cause, where, excess=_pierce_excess(s, step)):
        return None  # which replacement applies first to that damage (9.10 p2.1): then it is dealt
    return battle_damage(ctx, step, cause, to_blocker)


def _pierce_excess(s: GameState, step: str) -> tuple[int, str] | None:
    """Without a [Pierce] assignment (5.01 11.1 p2): when the attacker with [Pierce] deals its damage to
    the blocker in ``step``, the blocker's capacity and the attacked object, which is dealt the damage
    beyond that capacity as well (``battle_damage_by_attacker``); else None."""
    b = s.battle
    if version(s.ruleset).pierce_assigns_damage or b is None or b.attacker is None or b.blocker is None:
        return None
    if s.objects[b.blocker].zone != "field" or not has_skill(s, b.attacker, "pierce") or b.target is None:
        return None
    if step != "first_strike" and b.first_strike_dealt:
        return None  # it dealt its damage in the first-strike step (8.5 p2)
    return pierce_capacity(s), b.target


def pierce_capacity(s: GameState) -> int:
    """The blocking J/resonator's capacity: its DEF minus the damage on it (11.1 p1.1)."""
    b = s.battle
    assert b is not None and b.blocker is not None
    return max((characteristics(s, b.blocker).def_ or 0) - s.objects[b.blocker].damage, 0)


def pierce_amounts(s: GameState) -> list[int] | None:
    """The damage the controller of an attacker with [Pierce] may assign to the blocker, least first:
    multiples of 100 equal to or more than the blocker's capacity, up to the attacker's ATK (the rest is
    piercing damage to the attacked object, 11.1 p1.2); the whole ATK when it is no more than the
    capacity rounded up.  None when no assignment is made: no [Pierce], no blocker in a field, or under
    5.01 (no assignment, 11.1 p2)."""
    b = s.battle
    if b is None or b.attacker is None or b.blocker is None or s.objects[b.blocker].zone != "field":
        return None
    if not has_skill(s, b.attacker, "pierce") or not version(s.ruleset).pierce_assigns_damage:
        return None
    atk = characteristics(s, b.attacker).atk or 0
    least = -(-pierce_capacity(s) // 100) * 100
    return [atk] if atk <= least else list(range(least, atk + 1, 100))


def battle_damage(ctx: Ctx, step: str, cause: str, to_blocker: int | None = None) -> str:
    """The battle damage of a first-strike (8.4 p2) or normal damage step (8.5 p2, p3); ``to_blocker``:
    the damage the controller of an attacker with [Pierce] assigned to the blocker (11.1 p1.2)."""
    s = ctx.s
    b = s.battle
    assert b is not None and b.attacker is not None
    attacker = b.attacker
    if step == "first_strike":
        before = len(ctx.events)
        ev = battle_damage_by_attacker(ctx, "8.4 p2", cause, to_blocker)
        # only damage actually dealt spares the attacker its normal damage (8.5 p2)
        if any(e.type == "DamageDealt" and e.data["source"] == attacker for e in ctx.events[before:]):
            ev = ctx.emit("FirstStrikeDamageDealt", {"attacker": attacker}, "8.4 p2", cause=ev)
        return ev
    ev = cause
    if not b.first_strike_dealt:
        ev = battle_damage_by_attacker(ctx, "8.5 p2", ev, to_blocker)
    return battle_damage_to_attacker(ctx, ev)


def resume_battle_damage(ctx: Ctx, step: str, cause: str, to_blocker: int | None = None) -> None:
    """The battle damage of ``step``, once the [Pierce] assignment (11.1 p1.2) or the replacement
    asked about (9.10 p2.1) is chosen; it may ask the next question first."""
    ev = start_battle_damage(ctx, step, cause, to_blocker)
    if ev is not None:
        open_priority(ctx, ctx.s.turn_player, ev)


def battle_damage_events(s: GameState, step: str, to_blocker: int | None = None) -> list[tuple[str, str, int]]:
    """The damage the battle damage of ``step`` would deal, as (source, target, amount), read before it
    is dealt (for the question which replacement applies first, 9.10 p2.1); with [Pierce], ``to_blocker``
    to the blocker and the rest to the attacked object (11.1 p1.3)."""
    b = s.battle
    assert b is not None and b.attacker is not None
    attacker = b.attacker
    out: list[tuple[str, str, int]] = []
    blocking = b.blocker is not None and s.objects[b.blocker].zone == "field"
    other = b.blocker if blocking else b.target
    if other is None:
        return out
    if step == "first_strike" or not b.first_strike_dealt:
        atk = characteristics(s, attacker).atk or 0
        if to_blocker is not None and blocking and b.target is not None:
            out.append((attacker, other, to_blocker))
            if atk - to_blocker > 0 and (b.target in s.players or s.objects[b.target].zone == "field"):
                out.append((attacker, b.target, atk - to_blocker))
        else:
            out.append((attacker, other, atk))
    if step == "normal_damage" and other not in s.players and s.objects[other].zone == "field":
        out.append((other, attacker, characteristics(s, other).atk or 0))
    return out


def _attacker_present(s: GameState) -> bool:
    b = s.battle
    return b is not None and b.attacker is not None and s.objects[b.attacker].zone == "field"


def end_battle_window(ctx: Ctx, step: str, cause: str) -> None:
    s = ctx.s
    if step == "declare_attack":
        ctx.ask(s.turn_player, "declare_attack", {}, "8.2 p3", cause=cause)
        return
    if step == "declare_block":
        b = s.battle
        assert b is not None
        if b.attacker is None or s.objects[b.attacker].zone != "field":
            enter_battle_step(ctx, "first_strike", cause)
            return
        ctx.ask(s.opponent(s.turn_player), "declare_block", {}, "8.3 p3", cause=cause)
        return
    if step == "end_of_battle":
        ending = [e.id for e in s.effects if e.duration == "end_of_battle"]
        if ending:
            cause = ctx.emit("ContinuousEffectsEnded", {"ids": ending, "why": "end of battle"}, "8.6 p3.1", cause=cause)
        if rule_processes_pending(s) or s.triggered or s.reveal_windows:
            open_priority(ctx, s.turn_player, cause)  # repeat the final step (8.6 p3.2)
            return
        ev = ctx.emit("BattleEnded", {}, "8.6 p4", cause=cause)
        enter_step(ctx, "main", "main", ev)
        return
    order = [st for st, _ in BATTLE_STEPS]
    enter_battle_step(ctx, order[order.index(step) + 1], cause)


def battle_damage_by_attacker(ctx: Ctx, rule: str, cause: str, to_blocker: int | None = None) -> str:
    s = ctx.s
    b = s.battle
    assert b is not None and b.attacker is not None and b.target is not None
    attacker = b.attacker
    atk = characteristics(s, attacker).atk or 0
    cause = b.declared or cause  # battle damage follows from the attack declaration (8.2)
    if b.blocker is not None and s.objects[b.blocker].zone == "field":
        blocker = b.blocker
        if has_skill(s, attacker, "pierce"):
            # [Pierce] (11.1): the damage its controller assigned (at least the blocker's capacity, in
            # multiples of 100, 11.1 p1.2) to the blocker, the rest to the attacked object (11.1 p1.3)
            chars = characteristics(s, blocker)
            capacity = max((chars.def_ or 0) - s.objects[blocker].damage, 0)
            if not version(s.ruleset).pierce_assigns_damage:
                # no assignment (5.01 11.1 p2): the blocker is dealt the whole damage and what
                # it is dealt beyond its capacity is dealt to the attacked object as well
                before = s.objects[blocker].damage
                cause = actions.deal_damage(ctx, attacker, blocker, atk, cause, battle=True, rule=rule + ".1")
                excess = s.objects[blocker].damage - before - capacity
                if excess > 0:
                    cause = actions.deal_damage(ctx, attacker, b.target, excess, cause, battle=True, rule="11.1 p1.3")
                return cause
            if to_blocker is None:  # asked before the damage step dealt it (start_battle_damage)
                to_blocker = min(atk, -(-capacity // 100) * 100)
            cause = actions.deal_damage(ctx, attacker, blocker, to_blocker, cause, battle=True, rule="11.1 p1.3")
            rest = atk - to_blocker
            if rest > 0:
                cause = actions.deal_damage(ctx, attacker, b.target, rest, cause, battle=True, rule="11.1 p1.3")
            return cause
        return actions.deal_damage(ctx, attacker, blocker, atk, cause, battle=True, rule=rule + ".1")
    if b.target in s.players or s.objects[b.target].zone == "field":
        return actions.deal_damage(ctx, attacker, b.target, atk, cause, battle=True, rule=rule + ".2")
    return cause


def battle_damage_to_attacker(ctx: Ctx, cause: str) -> str:
    """The blocker, or the attacked J/resonator, deals damage to the attacker (8.5 p3)."""
    s = ctx.s
    b = s.battle
    assert b is not None and b.attacker is not None
    if s.objects[b.attacker].zone != "field":
        return cause
    # a J/resonator is the blocking one only as long as it is in a field (8.3 p5)
    blocking = b.blocker is not None and s.objects[b.blocker].zone == "field"
    other = b.blocker if blocking else b.target
    if other is None or other in s.players or s.objects[other].zone != "field":
        return cause
    atk = characteristics(s, other).atk or 0
    cause = (b.block_declared if blocking else b.declared) or cause
    return actions.deal_damage(ctx, other, b.attacker, atk, cause, battle=True, rule="8.5 p3")


def can_attack_with(s: GameState, oid: str) -> bool:
    """A recovered J/resonator with ATK and DEF its controller has controlled continuously
    since the beginning of the turn (8.2 p3.1) or with [Swiftness] (11.6)."""
    return attack_refusal(s, oid) is None


def attack_refusal(s: GameState, oid: str) -> tuple[str, str] | None:
    """Why ``oid`` cannot be declared as the attacker, as (rule, sentence about that condition
    only): the first condition of 8.2 p3.1 that fails, in the order it states them, with the
    card's own "cannot attack" (its text or an effect beats the rules, 1.4 p1) before the
    control condition it would otherwise be hidden behind; ``None`` if it can attack."""
    obj = s.objects[oid]
    name = f"{s.card_of(oid).name} ({oid})"
    if obj.zone != "field" or obj.controller != s.turn_player:
        return "8.2 p3.1", f"{name} is not a J/resonator in a field under your control"
    chars = characteristics(s, oid)
    if not chars.types & {"resonator", "j_ruler"} or chars.atk is None or chars.def_ is None:
        return "8.2 p3.1", f"{name} is not a J/resonator with ATK and DEF"
    if obj.rested:
        return "8.2 p3.1", f"{name} is rested: only a recovered J/resonator attacks"
    if overrides_for(s, oid).cannot_attack:
        return "1.4 p1", f"{name} cannot attack: its text (or an effect) says so"
    # A J-ruler came from the ruler area by judgment, where its controller controlled it;
    # playground to playground it stays the same card (3.1 p3), so judgment does not reset
    # control (its [Rest] abilities still wait for a turn in the field, 9.5 p4).
    controlled = (obj.entered_turn < s.turn or obj.side == "j_ruler") and obj.control_turn < s.turn
    if controlled or "swiftness" in chars.skills:
        return None
    return "8.2 p3.1", f"{name} has not been under your control since the beginning of the turn and has no [Swiftness]"


def attack_targets(s: GameState, attacker: str) -> list[str]:
    """An opponent, or a rested opponent's J/resonator; recovered ones too with [Target Attack] (11.2);
    never a J/resonator whose text says it "cannot be attacked" (1.4 p1)."""
    opp = s.opponent(s.turn_player)
    targets = [] if cannot_attack_player(s, attacker, opp) else [opp]  # "cannot attack you" (1.4 p4)
    target_attack = has_skill(s, attacker, "target_attack")
    not_resonators = overrides_for(s, attacker).cannot_attack_resonators
    for oid in s.zones[opp]["field"]:
        chars = characteristics(s, oid)
        if not chars.types & {"resonator", "j_ruler"} or chars.atk is None or chars.def_ is None:
            continue
        if not_resonators and effective_type(s, oid) == "resonator":
            continue  # "cannot attack resonators" (1.4 p1)
        if (s.objects[oid].rested or target_attack) and not overrides_for(s, oid).cannot_be_attacked:
            targets.append(oid)
    return targets


def blocked_by(s: GameState, attacker: str, blocker: str, rules: RuleOverrides | None = None) -> bool:
    """Whether the attacker's text says it "cannot be blocked by" J/resonators like ``blocker``
    (1.4 p1, 8.3 p3); a filter's ``controller`` is relative to the attacker's controller."""
    rules = overrides_for(s, attacker) if rules is None else rules
    you = s.objects[attacker].controller
    return any(matches(s, flt, blocker, you, attacker) for flt in rules.cannot_be_blocked_by)


def block_refusal(s: GameState, oid: str) -> tuple[str, str, str] | None:
    """Why ``oid`` cannot block the attacking J/resonator now: ``(code, rule, reason)`` of the
    first condition that fails, in the order 8.3 p3/p4 state them, or ``None`` if it can block.
    The attacker's "cannot be blocked (by ...)" is :func:`attacker_block_refusal`."""
    b = s.battle
    if b is None or b.attacker is None:
        return "rules/no_attacker", "8.3 p3", "there is no attacking J/resonator to block"
    obj = s.objects[oid]
    name = f"{s.card_of(oid).name} ({oid})"
    if obj.zone != "field":
        return "rules/blocker_not_on_field", "8.3 p4", f"{name} is not in a field: only a J/resonator in a field blocks"
    if obj.controller == s.turn_player:
        return "rules/blocker_not_yours", "8.3 p3", f"{name} is not controlled by the non-turn player"
    if oid == b.target:
        return "rules/blocker_is_attacked", "8.3 p4", f"{name} is the attacked object: it cannot block its attacker"
    chars = characteristics(s, oid)
    if not chars.types & {"resonator", "j_ruler"} or chars.atk is None or chars.def_ is None:
        return "rules/blocker_not_j_resonator", "8.3 p4", f"{name} is not a J/resonator with ATK and DEF"
    rules = overrides_for(s, oid)
    if rules.cannot_block:  # card text prohibits it (1.4 p1)
        return "rules/cannot_block", "1.4 p1", f"{name} cannot block: its text (or an effect) says so"
    if obj.rested and not rules.can_block_while_rested:  # a recovered one (8.3 p3) unless its text says (1.4 p1)
        return "rules/blocker_rested", "8.3 p3", f"{name} is rested: only a recovered J/resonator blocks"
    refusal = attacker_block_refusal(s, b.attacker, oid)
    if refusal is not None:
        return refusal
    if not has_skill(s, b.attacker, "flying") or "flying" in chars.skills:
        return None
    # "this card can block resonators with [Flying]" (the text beats 11.5, 1.4 p1)
    if rules.can_block_flying_resonators and effective_type(s, b.attacker) == "resonator":
        return None
    attacker = f"{s.card_of(b.attacker).name} ({b.attacker})"
    return "rules/blocker_lacks_flying", "11.5 p1", f"{attacker} has [Flying] and {name} does not"


def attacker_block_refusal(s: GameState, attacker: str, blocker: str) -> tuple[str, str, str] | None:
    """The attacker's own text forbidding the block (1.4 p1): "cannot be blocked", or "cannot be
    blocked by" J/resonators like ``blocker``."""
    name = f"{s.card_of(attacker).name} ({attacker})"
    rules = overrides_for(s, attacker)
    if rules.cannot_be_blocked:  # "target resonator cannot be blocked" (1.4 p1)
        return "rules/cannot_be_blocked", "1.4 p1", f"{name} cannot be blocked: its text says so"
    if blocked_by(s, attacker, blocker, rules):  # "cannot be blocked by resonators with ATK 600 or less"
        by = f"{s.card_of(blocker).name} ({blocker})"
        return "rules/cannot_be_blocked", "1.4 p1", f"{name} cannot be blocked by {by}: its text says so"
    return None


def can_block_with(s: GameState, oid: str) -> bool:
    return block_refusal(s, oid) is None


def required_blockers(s: GameState) -> list[str]:
    """The J/resonators that "must block this turn if able" and can block now: the blocker must
    be one of them (card text, 1.4 p1; 8.3 p3)."""
    defender = s.opponent(s.turn_player)
    return [oid for oid in s.zones[defender]["field"] if can_block_with(s, oid) and must_block_if_able(s, oid)]


def block_required(s: GameState) -> bool:
    """Whether the defending player may not decline to block (1.4 p1): a J/resonator of theirs
    must block if able, or the attacker says "Your opponent must block this card if able"."""
    b = s.battle
    if b is None or b.attacker is None:
        return False
    if required_blockers(s):
        return True
    defender = s.opponent(s.turn_player)
    able = any(can_block_with(s, oid) for oid in s.zones[defender]["field"])
    return able and overrides_for(s, b.attacker).must_be_blocked_if_able


def required_attackers(s: GameState) -> list[str]:
    """The J/resonators one of which must be chosen as the attacker (FoW-5.5 8.2 p3.1): those
    that must be chosen "as you choose a card to attack" if they can attack, else those that
    must attack."""
    if s.no_more_battle:
        return []
    chosen = [
        oid
        for oid in s.zones[s.turn_player]["field"]
        if overrides_for(s, oid).chosen_to_attack_if_able and can_attack_with(s, oid)
    ]
    return chosen or must_attack(s)


def must_attack(s: GameState) -> list[str]:
    if s.no_more_battle:
        return []  # no battle may be initiated, so nothing can attack legally (8.2 p6, 7.12 p2)
    return [
        oid for oid in s.zones[s.turn_player]["field"] if overrides_for(s, oid).must_attack and can_attack_with(s, oid)
    ]


def end_game(ctx: Ctx, winner: str | None, rule: str, cause: str) -> None:
    """Record the end of the game, then reveal the shuffle seed so that anyone can verify
    every recorded shuffle against the commitment published in GameStarted."""
    data = {"winner": winner, "result": "win" if winner else "draw"}
    cause = ctx.emit("GameEnded", data, rule, cause=cause)
    reveal = {"seed": ctx.s.seed, "commitment": seed_commitment(ctx.s.game_id, ctx.s.seed)}
    ctx.emit("SeedRevealed", reveal, "10.20 p1", cause=cause)


# --- rule processes (13) ----------------------------------------------------------------


def rule_processes_pending(s: GameState) -> bool:
    return bool(_rule_process_candidates(s))


def _rule_process_candidates(s: GameState) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for pid in s.order:
        p = s.players[pid]
        if p.lost is None and (p.life <= 0 or p.deck_out):
            found.append(("lose", pid))
    for pid in s.order:
        for oid in s.zones[pid]["field"]:
            chars = read_characteristics(s, oid)  # only read: no copy
            if chars.def_ is not None and chars.types & {"resonator", "j_ruler"}:
                obj = s.objects[oid]
                if (obj.damage >= chars.def_ or chars.def_ <= 0) and not overrides_for(s, oid).cannot_be_destroyed:
                    found.append(("destroy", oid))
            if chars.card.type == "addition" and chars.card.subtype != "field":
                host = s.objects[oid].attached_to
                if host is None or not actions.is_legal_host(s, oid, host):
                    found.append(("illegal_addition", oid))
        if s.variant == "valhalla" and len(s.zones[pid]["lifebreak"]) > MAX_LIFEBREAK:
            found.append(("excess_lifebreak", pid))
    return found


def _loss_cause(ctx: Ctx, player: str, reason: str, cause: str) -> str:
    """What made ``player`` meet a loss condition (13.1): the latest attempt to draw from their
    empty main deck, or the latest change of their life, recorded in this decision; ``cause``
    (what led to the rule processes) when the condition arose earlier."""
    wanted = "DrawFromEmptyDeckAttempted" if reason == "deck_out" else "LifeChanged"
    for e in reversed(ctx.events):
        if e.type == wanted and e.data.get("player") == player:
            return event_cause(e.seq)
    return cause


def rule_processes(ctx: Ctx, cause: str, player: str | None = None) -> str | None:
    """Perform rule processes until none is left (6.1 p1.1, 13); None when, first, the controller of a
    card they destroy must choose which of two replacements of its move to a graveyard applies (9.10 p2):
    the answer gives ``player`` (who gets priority then) the priority sequence again."""
    s = ctx.s
    rounds = 0
    while True:
        found = _rule_process_candidates(s)
        if not found:
            return cause
        rounds += 1
        if rounds > RULE_PROCESS_ROUNDS:  # nobody decides anything in between: nobody can stop it
            looped = {"why": f"rule processes still due after {RULE_PROCESS_ROUNDS} rounds in one decision"}
            cause = ctx.emit("LoopDetected", looped, "14.1 p1.3", cause=cause)
            end_game(ctx, None, "14.1 p1.3", cause)
            return cause
        if player is not None and not any(kind == "lose" for kind, _ in found):
            for kind, ref in found:
                choices = actions.destruction_replacement_choices(s, ref) if kind == "destroy" else None
                if choices is not None and ref not in ctx.move_picks:
                    asked = {"move": ref, "to": "graveyard", "choices": choices, "priority": player}
                    ctx.ask(s.objects[ref].controller, "replacement", asked, "9.10 p2", cause=cause)
                    return None
        losers: list[str] = []
        for kind, ref in found:
            if kind == "lose":
                p = s.players[ref]
                reason = "life_zero" if p.life <= 0 else "deck_out"
                rule = "13.1 p1" if reason == "life_zero" else "13.1 p2"
                why = _loss_cause(ctx, ref, reason, cause)
                cause = ctx.emit("PlayerLost", {"player": ref, "reason": reason}, rule, cause=why)
                losers.append(ref)
            elif kind == "destroy":
                obj = s.objects[ref]
                if obj.zone != "field":
                    continue
                chars = characteristics(s, ref)
                rule = "13.2 p2" if chars.def_ is not None and chars.def_ <= 0 else "13.2 p1"
                why = ctx.damage_cause.get(ref, cause)
                detail = {"damage": s.objects[ref].damage, "def": chars.def_}
                cause = actions.destroy(ctx, ref, why, rule=rule, by_rule_process=True, detail=detail)
            elif kind == "illegal_addition":
                if s.objects[ref].zone == "field":
                    cause = actions.move(ctx, ref, "graveyard", cause, rule="13.3 p1", reason="illegal addition")
            elif kind == "excess_lifebreak":
                area = s.zones[ref]["lifebreak"]
                # keep the bottom cards up to the maximum (13.4 p1)
                for oid in list(area[MAX_LIFEBREAK:]):
                    cause = actions.move(ctx, oid, "graveyard", cause, rule="13.4 p1", reason="excess lifebreak")
        if losers:
            alive = [p for p in s.order if s.players[p].lost is None]
            if len(alive) == 1:
                end_game(ctx, alive[0], "1.3 p2", cause)
            else:
                end_game(ctx, None, "1.3 p3", cause)
            return cause
