"""The turn (LL-2.04 7), attack and battle (8), check timings (9.5) and rule processing
(10) as procedures.

Each phase or step is a list of operations in the order the rules give them.  The game
runs the operations until a player has to decide something; that decision is recorded as
``ChoiceRequested`` together with the point (``resume``) where the procedure continues
once the decision is made.  A check timing (9.5.3) that has to wait for a player (an auto
ability to choose, a target to choose, a rule process with a choice) resumes by running
the same check timing again, which carries on where it stopped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.kernel import event_cause
from domain.ll import actions
from domain.ll.board import LOCATIONS, in_front_of
from domain.ll.characteristics import (
    LEVEL_LIMIT,
    attack_limit,
    attacker_exists,
    attacks_prevented,
    characteristics,
    defender_exists,
    hand_limit,
    member_in_battle,
)
from domain.ll.context import Ctx
from domain.ll.state import GameState

Op = tuple[Any, ...]
PERPETUAL_LIMIT = 400
"""Check-timing rounds within one decision after which the game is a perpetual cycle that
no player can stop (12.1.1.3)."""

PROCS: dict[str, list[Op]] = {
    "stand": [
        ("step", "stand", "stand", "7.2.1"),
        ("trigger", "start_of_turn", "7.2.2"),
        ("check", "7.2.3"),
        ("do", "stand_all", "7.2.4"),
        ("check", "7.2.5"),
        ("goto", "draw", 0),
    ],
    "draw": [
        ("step", "draw", "draw", "7.3.1"),
        ("trigger", "start_of_draw_phase", "7.3.2"),
        ("check", "7.3.2"),
        ("do", "draw_two", "7.3.3"),
        ("check", "7.3.4"),
        ("do", "stock_one", "7.3.5"),
        ("check", "7.3.6"),
        ("goto", "level", 0),
    ],
    "level": [
        ("step", "level", "level", "7.4.1"),
        ("trigger", "start_of_level_phase", "7.4.2"),
        ("check", "7.4.2"),
        ("do", "level_choice", "7.4.3"),
        ("check", "7.4.4"),
        ("goto", "main", 0),
    ],
    "main": [
        ("step", "main", "main", "7.5.1"),
        ("trigger", "start_of_main_phase", "7.5.2"),
        ("check", "7.5.2"),
        ("do", "main_play_timing", "7.5.3"),
        ("goto", "battle", 0),
    ],
    "battle": [
        ("step", "battle", "attack_declaration", "8.2.1"),
        ("trigger", "start_of_attack_declaration", "8.2.2"),
        ("check", "8.2.2"),
        ("do", "attack_choice", "8.2.4"),
    ],
    "attack": [
        ("check", "8.2.8"),
        ("do", "attack_branch", "8.2.10"),
    ],
    "gate_attack": [
        ("do", "prime_gate_attack", "8.2.10.1"),
        ("check", "8.2.10.2"),
        ("do", "destroy_attacked_gate", "8.2.10.3"),
        ("check", "8.2.10.4"),
        ("goto", "end_of_battle", 0),
    ],
    "member_attack": [
        ("do", "designate_defender", "8.2.11.1"),
        ("check", "8.2.11.5"),
        ("goto", "intercept", 0),
    ],
    "intercept": [
        ("step", "battle", "intercept", "8.3.1"),
        ("trigger", "start_of_intercept", "8.3.2"),
        ("check", "8.3.2"),
        ("do", "intercept_choice", "8.3.3"),
        ("check", "8.3.6"),
        ("goto", "logic", 0),
    ],
    "logic": [
        ("step", "battle", "logic_definition", "8.4.1"),
        ("trigger", "start_of_logic_definition", "8.4.2"),
        ("do", "logic_choice_non_turn_player", "8.4.3"),
        ("check", "8.4.4"),
        ("do", "logic_choice_turn_player", "8.4.5"),
        ("check", "8.4.6"),
        ("goto", "logic", 2),  # 8.4.7
    ],
    "victory": [
        ("step", "battle", "victory_determination", "8.5.1"),
        ("trigger", "start_of_victory_determination", "8.5.2"),
        ("check", "8.5.2"),
        ("do", "determine_victory", "8.5.3"),
        ("check", "8.5.5"),
        ("do", "stock_defeated_defender", "8.5.6"),
        ("check", "8.5.8"),
        ("goto", "end_of_battle", 0),
    ],
    "end_of_battle": [
        ("step", "battle", "end_of_battle", "8.6.1"),
        ("trigger", "start_of_end_of_battle", "8.6.2"),
        ("check", "8.6.3"),
        ("do", "battle_cleanup", "8.6.4"),
        ("do", "end_of_battle_loop", "8.6.7"),
    ],
    "end": [
        ("step", "end", "end", "7.7.1"),
        ("trigger", "start_of_end_phase", "7.7.2"),
        ("check", "7.7.3"),
        ("do", "paradoxes_to_drop", "7.7.4"),
        ("check", "7.7.5"),
        ("do", "hand_limit", "7.7.6"),
        ("do", "expire_turn_effects", "7.7.7"),
        ("do", "end_phase_loop", "7.7.8"),
    ],
}

Next = tuple[str, int] | None
DoFn = Callable[[Ctx, str, str, int], Next]
DO: dict[str, DoFn] = {}


def op(name: str) -> Callable[[DoFn], DoFn]:
    def register(fn: DoFn) -> DoFn:
        DO[name] = fn
        return fn

    return register


# --- the interpreter ----------------------------------------------------------------------


def advance(ctx: Ctx, proc: str, idx: int) -> None:
    """Run the procedure from ``(proc, idx)`` until a player must decide."""
    s = ctx.s
    while not s.finished:
        step = PROCS[proc][idx]
        kind = step[0]
        if kind == "step":
            ctx.emit("StepBegan", {"phase": step[1], "step": step[2]}, step[3])
            idx += 1
        elif kind == "trigger":
            phase_triggers(ctx, step[1], step[2])
            idx += 1
        elif kind == "check":
            if not check_timing(ctx, [proc, idx]):
                return
            idx += 1
        elif kind == "do":
            nxt = DO[step[1]](ctx, step[2], proc, idx)
            if nxt is None:
                return
            proc, idx = nxt
        else:  # goto
            proc, idx = step[1], step[2]


def resume(ctx: Ctx, point: list[Any], *, skip: bool = False) -> None:
    """Continue at a recorded point; ``skip`` continues after it (the decision made there)."""
    proc, idx = str(point[0]), int(point[1])
    advance(ctx, proc, idx + 1 if skip else idx)


ONCE_PER_TURN = ("start_of_end_phase",)
ONCE_PER_BATTLE = ("start_of_end_of_battle",)


def phase_triggers(ctx: Ctx, trigger: str, rule: str) -> None:
    s = ctx.s
    kinds = [trigger]
    if trigger == "start_of_turn" and s.turn == 1:
        kinds.append("start_of_game")  # 7.2.2: the first turn of the player going first
    if trigger == "start_of_attack_declaration" and "turn:start_of_attack_phase" not in s.fired:
        kinds.append("start_of_attack_phase")  # 8.2.2
    for kind in kinds:
        key = {**dict.fromkeys(ONCE_PER_TURN, "turn"), **dict.fromkeys(ONCE_PER_BATTLE, "battle")}.get(kind)
        if kind == "start_of_attack_phase":
            key = "turn"
        if key is not None:
            if f"{key}:{kind}" in s.fired:
                continue  # 7.7.2, 8.6.2: not again in the same turn / battle
            ctx.emit("TriggersFired", {"key": f"{key}:{kind}"}, rule)
        actions.prime(ctx, kind, player=s.turn_player)


# --- check timing (9.5.3) and rule processing (10) ---------------------------------------------


def check_timing(ctx: Ctx, point: list[Any]) -> bool:
    """9.5.3: rule processes, then the turn player's primed auto abilities, then the
    non-turn player's, until none is left.  False if a player must decide first."""
    s = ctx.s
    while True:
        ctx.loops += 1
        if ctx.loops > PERPETUAL_LIMIT:
            ctx.emit("NothingHappened", {"why": "perpetual cycle no player can stop"}, "12.1.1.3")
            actions.end_game(ctx, None, "12.1.1.3")
        if not rule_processes(ctx, point):
            return False
        actions.prime_conditions(ctx)  # 9.7.6
        tp = s.turn_player
        chooser = tp if any(p.controller == tp for p in s.primed) else s.opponent(tp)
        mine = [p for p in s.primed if p.controller == chooser]
        if not mine:
            return True
        distinct = {(p.source, p.ability, (p.delayed or {}).get("id")) for p in mine}
        if len(distinct) > 1:
            rule = "9.5.3.2" if chooser == tp else "9.5.3.3"
            actions.request(ctx, chooser, "order_auto", {"primed": [p.id for p in mine]}, rule, resume=point)
            return False
        if not actions.play_primed(ctx, mine[0], point):
            return False


def loss_conditions(s: GameState) -> list[tuple[str, str, str]]:
    found: list[tuple[str, str, str]] = []
    for pid in s.order:
        if s.players[pid].lost is not None:
            continue
        if not any(s.objects[g].face_down for g in s.zones[pid]["gate"]):
            found.append((pid, "no_face_down_gate", "10.3.1.1"))
            continue
        refresh = [o for o in s.zones[pid]["refresh"] if s.objects[o].face_down and s.card_of(o).type != "gate"]
        if len(refresh) >= 2:
            found.append((pid, "two_face_down_cards_in_refresh_zone", "10.3.1.2"))
    return found


def _loss_cause(ctx: Ctx, player: str, reason: str) -> str | None:
    """The event of this decision that made ``player`` meet a loss condition (10.3.1): the
    latest that destroyed, turned face-up or moved one of their gates (10.3.1.1), or that put
    one of their cards into their Refresh Zone (10.3.1.2); None (the event before) otherwise."""
    for e in reversed(ctx.events):
        d = e.data
        if d.get("owner") != player:
            continue
        if reason == "no_face_down_gate" and (
            e.type == "GateDestroyed"
            or (e.type == "CardTurned" and d.get("zone") == "gate")
            or (e.type == "CardMoved" and d.get("from") == "gate")
        ):
            return event_cause(e.seq)
        if reason != "no_face_down_gate" and e.type == "CardMoved" and d.get("to") == "refresh":
            return event_cause(e.seq)
    return None


def _refresh_point_cause(ctx: Ctx, player: str) -> str | None:
    """The Refresh of this decision that gave ``player`` the Refresh Point now resolved (10.9.1):
    its ``RefreshPointsChanged``; None (the event before) if it was gained earlier."""
    for e in reversed(ctx.events):
        if e.type == "RefreshPointsChanged" and e.data.get("player") == player and e.data.get("delta") == 1:
            return event_cause(e.seq)
    return None


def rule_processes_pending(s: GameState) -> bool:
    return bool(loss_conditions(s)) or bool(_process_candidates(s))


def _process_candidates(s: GameState) -> list[tuple[str, Any]]:
    found: list[tuple[str, Any]] = []
    for pid in s.order:
        # 10.4 overloaded members, 10.5 overloaded gates
        for loc in LOCATIONS:
            members = s.members_at(pid, loc)
            if len(members) > 1:
                found.append(("overloaded_members", (pid, members)))
            gates = [g for g in s.zones[pid]["gate"] if loc in s.objects[g].circles]
            if len(gates) > 1:
                found.append(("overloaded_gates", (pid, gates)))
        # 10.7 illegal cards
        for oid in s.zones[pid]["circle"]:
            obj = s.objects[oid]
            if obj.set_to is None and (obj.face_down or not s.card_of(oid).is_member):
                found.append(("illegal", oid))  # 10.7.1.1
            elif obj.set_to is not None:
                host = s.objects[obj.set_to]
                # 10.7.1.3, 5.24.3: the card it is Set to left the Field, or left and came back
                # after this card was Set (a new card, 4.1.5; moves between circles keep it, 9.9.2)
                if host.zone not in ("circle", "gate") or host.placed > obj.placed:
                    found.append(("illegal", oid))
        for oid in s.zones[pid]["gate"]:
            if s.card_of(oid).type != "gate":
                found.append(("illegal", oid))  # 10.7.1.2
        # 10.8 over level
        if len(s.zones[pid]["level"]) > LEVEL_LIMIT:
            found.append(("over_level", pid))
        # 10.9 refresh point resolution
        if s.players[pid].refresh_points >= 1:
            found.append(("refresh_point", pid))
    paradox = _paradox_process(s)
    if paradox is not None:
        found.append(("paradox", paradox))
    return found


def face_up_paradoxes(s: GameState, player: str) -> list[str]:
    return [
        o
        for z in ("battle", "paradox")
        for o in s.zones[player][z]
        if s.card_of(o).type == "paradox" and not s.objects[o].face_down
    ]


def _paradox_process(s: GameState) -> dict[str, Any] | None:
    """10.6: what the overloaded paradoxes process would do now."""
    a, b = s.order
    pa, pb = face_up_paradoxes(s, a), face_up_paradoxes(s, b)
    if pa and pb:
        if len(pa) == len(pb):
            return {"rule": "10.6.1.1", "turn_down": pa + pb}
        fewer, more = (pa, pb) if len(pa) < len(pb) else (pb, pa)
        chooser = b if more is pb else a
        return {"rule": "10.6.1", "turn_down": fewer, "chooser": chooser, "among": more, "count": len(fewer)}
    for player, mine in ((a, pa), (b, pb)):
        if len(mine) > 1:
            return {"rule": "10.6.2", "chooser": player, "among": mine, "count": len(mine) - 1}
    return None


def rule_processes(ctx: Ctx, point: list[Any]) -> bool:
    """Carry out check-type rule processes until none applies (9.5.3.1, 10.1.2.2)."""
    s = ctx.s
    while True:
        losers = loss_conditions(s)
        if losers:
            # 10.3.1: everyone fulfilling a loss condition loses at once (both: a draw, 1.2.3)
            for pid, reason, rule in losers:
                ctx.emit("PlayerLost", {"player": pid, "reason": reason}, rule, cause=_loss_cause(ctx, pid, reason))
            alive = [p for p in s.order if s.players[p].lost is None]
            actions.end_game(ctx, alive[0] if len(alive) == 1 else None, "1.2.2" if len(alive) == 1 else "1.2.3")
        found = _process_candidates(s)
        if not found:
            return True
        for kind, ref in found:
            if kind == "overloaded_members":
                pid, members = ref
                keep = max(members, key=lambda o: s.objects[o].placed)
                for o in members:
                    if o != keep and s.objects[o].zone == "circle":
                        actions.move(ctx, o, "drop", rule="10.4.1", reason="overloaded circle")
            elif kind == "overloaded_gates":
                pid, gates = ref
                keep = max(gates, key=lambda o: s.objects[o].placed)
                for o in gates:
                    if o != keep and s.objects[o].zone == "gate":
                        actions.move(ctx, o, "remove", rule="10.5.1", reason="overloaded gate zone", face_down=True)
            elif kind == "illegal":
                obj = s.objects[ref]
                if obj.zone in ("circle", "gate"):
                    rule = "10.7.1.2" if obj.zone == "gate" else ("10.7.1.3" if obj.set_to else "10.7.1.1")
                    actions.move(ctx, ref, "drop", rule=rule, reason="illegal card")
            elif kind == "refresh_point":
                p = s.players[ref]
                if p.refresh_points >= 1:
                    data = {"player": ref, "points": p.refresh_points - 1, "delta": -1}
                    ctx.emit("RefreshPointsChanged", data, "10.9.1", cause=_refresh_point_cause(ctx, ref))
                    actions.deck_top_to(ctx, ref, "refresh", "10.9.1", "refresh point", face_down=True)
            elif kind == "over_level":
                level = s.zones[ref]["level"]
                if len(level) > LEVEL_LIMIT:
                    actions.request(
                        ctx,
                        ref,
                        "rule_choice",
                        {"process": "10.8.1", "cards": list(level), "keep": LEVEL_LIMIT},
                        "10.8.1",
                        resume=point,
                    )
                    return False
            elif kind == "paradox":
                if ref.get("turn_down"):
                    for o in ref["turn_down"]:
                        actions.turn(ctx, o, True, ref["rule"], "overloaded paradoxes")
                if ref.get("chooser"):
                    among = list(ref["among"])
                    actions.request(
                        ctx,
                        ref["chooser"],
                        "rule_choice",
                        {"process": ref["rule"], "cards": among, "turn_down": ref["count"]},
                        ref["rule"],
                        resume=point,
                    )
                    return False


def apply_rule_choice(ctx: Ctx, player: str, cards: list[str]) -> None:
    """The answer to a rule process that lets a player choose (10.6.1, 10.6.2, 10.8.1)."""
    s = ctx.s
    p = s.pending
    assert p is not None
    process = str(p.options["process"])
    allowed = list(p.options["cards"])
    if process == "10.8.1":
        keep = int(p.options["keep"])
        if len(cards) != keep or len(set(cards)) != keep or any(c not in allowed for c in cards):
            raise ctx.reject("rules/illegal_choice", "10.8.1", f"choose exactly {keep} Level Zone cards to keep")
        ctx.emit("RuleChoiceMade", {"player": player, "process": process, "cards": cards}, "10.8.1", actor=player)
        for c in allowed:
            if c not in cards:
                actions.move(ctx, c, "drop", rule="10.8.1", reason="over level", actor=player)
    else:
        count = int(p.options["turn_down"])
        if len(cards) != count or len(set(cards)) != count or any(c not in allowed for c in cards):
            raise ctx.reject(
                "rules/illegal_choice", process, f"choose exactly {count} paradox card(s) to turn face-down"
            )
        ctx.emit("RuleChoiceMade", {"player": player, "process": process, "cards": cards}, process, actor=player)
        for c in cards:
            actions.turn(ctx, c, True, process, "overloaded paradoxes", actor=player)
    resume(ctx, p.resume)


# --- turn (7) ------------------------------------------------------------------------------------


def start_turn(ctx: Ctx, player: str, rule: str) -> None:
    s = ctx.s
    ctx.emit("TurnBegan", {"turn": s.turn + 1, "player": player}, rule)
    advance(ctx, "stand", 0)


def is_first_turn_of_first_player(s: GameState) -> bool:
    return s.turn == 1


@op("stand_all")
def _stand_all(ctx: Ctx, rule: str, proc: str, idx: int) -> Next:
    s = ctx.s
    tp = s.turn_player
    rested = [o for z in ("circle", "gate", "level") for o in s.zones[tp][z] if s.objects[o].rested]
    if rested:
        ev = ctx.emit("CardsStood", {"player": tp, "oids": rested}, rule)
        for o in rested:
            if s.objects[o].zone == "circle" and s.objects[o].set_to is None:
                actions.prime(ctx, "stood", cause=ev, subject=o, player=tp)
    return proc, idx + 1


@op("draw_two")
def _draw_two(ctx: Ctx, rule: str, proc: str, idx: int) -> Next:
    actions.draw(ctx, ctx.s.turn_player, 2, rule)
    return proc, idx + 1


@op("stock_one")
def _stock_one(ctx: Ctx, rule: str, proc: str, idx: int) -> Next:
    actions.deck_top_to(ctx, ctx.s.turn_player, "stock", rule, "draw phase", face_down=True)
    return proc, idx + 1


@op("level_choice")
def _level_choice(ctx: Ctx, rule: str, proc: str, idx: int) -> Next:
    s = ctx.s
    tp = s.turn_player
    if not s.zones[tp]["hand"]:
        ctx.emit("LevelPhaseSkipped", {"player": tp, "auto": True}, "7.4.3.2")
        return proc, idx + 1
    options = {
        "face_down": is_first_turn_of_first_player(s),
        "swap": len(s.zones[tp]["level"]) >= LEVEL_LIMIT,
    }
    actions.request(ctx, tp, "level", options, rule, resume=[proc, idx])
    return None


@op("main_play_timing")
def _main(ctx: Ctx, rule: str, proc: str, idx: int) -> Next:
    if not check_timing(ctx, [proc, idx]):  # 9.5.4.1
        return None
    actions.request(ctx, ctx.s.turn_player, "main", {}, "9.5.4.2", resume=[proc, idx])
    return None


# --- battle (8) -----------------------------------------------------------------------------------


def standing_members(s: GameState, player: str) -> list[str]:
    return [o for o in s.members(player) if not s.objects[o].rested]


def attackable_circles(s: GameState, player: str) -> list[str]:
    """8.2.6.1: a back-row circle needs the gate in front of it destroyed."""
    opp = s.opponent(player)
    out: list[str] = []
    for loc in LOCATIONS:
        front = in_front_of(loc)
        if front is not None:
            gate = s.gate_at(opp, front)
            if gate is not None and s.objects[gate].face_down:
                continue
        out.append(loc)
    return out


def can_attack(s: GameState) -> str | None:
    """Why the turn player automatically performs no action (8.2.4), or None."""
    tp = s.turn_player
    if s.players[tp].attacks >= attack_limit(s, tp):
        return "attack limit reached"
    if not standing_members(s, tp):
        return "no standing member"
    if not attackable_circles(s, tp):
        return "no circle can be attacked"
    if attacks_prevented(s, tp):
        return "an effect causes attacks to not happen"
    return None


@op("attack_choice")
def _attack_choice(ctx: Ctx, rule: str, proc: str, idx: int) -> Next:
    s = ctx.s
    tp = s.turn_player
    why = can_attack(s)
    if why is not None:
        ctx.emit("AttacksEnded", {"player": tp, "auto": True, "why": why}, "8.2.4")
        return "end", 0
    options = {"limit": attack_limit(s, tp), "attacks": s.players[tp].attacks}
    actions.request(ctx, tp, "attack", options, rule, resume=[proc, idx])
    return None


def declare_attack(ctx: Ctx, player: str, attacker: str, circle: str) -> None:
    """8.2.4.1-8.2.6 (the command has been validated)."""
    s = ctx.s
    ev = ctx.emit("AttackChosen", {"player": player}, "8.2.4.1", actor=player)
    # 8.2.4.1's check timing finds nothing: the check timing of 8.2.2 has just concluded
    ev = ctx.emit("BattleBegan", {"player": player, "attack_no": s.players[player].attacks + 1}, "8.1.3", cause=ev)
    ctx.emit("CardRested", {"oid": attacker, "reason": "attack"}, "8.2.5")
    ctx.emit("AttackDeclared", {"player": player, "attacker": attacker, "circle": circle}, "8.2.6", actor=player)
    actions.prime(ctx, "rested", subject=attacker, player=player)
    advance(ctx, "attack", 0)


@op("attack_branch")
def _attack_branch(ctx: Ctx, rule: str, proc: str, idx: int) -> Next:
    s = ctx.s
    b = s.battle
    assert b is not None and b.circle is not None
    opp = s.opponent(s.turn_player)
    if s.members_at(opp, b.circle):
        return "member_attack", 0
    return "gate_attack", 0


def _attacked_set_cards(s: GameState) -> list[str]:
    b = s.battle
    assert b is not None and b.circle is not None
    opp = s.opponent(s.turn_player)
    return [o for o in s.zones[opp]["circle"] if s.objects[o].set_to is not None and b.circle in s.objects[o].circles]


@op("prime_gate_attack")
def _prime_gate_attack(ctx: Ctx, rule: str, proc: str, idx: int) -> Next:
    s = ctx.s
    b = s.battle
    assert b is not None and b.attacker is not None
    actions.prime(ctx, "attacks", cause=b.declared, subject=b.attacker, player=s.turn_player)
    _prime_attacked(ctx, None)
    return proc, idx + 1


def _prime_attacked(ctx: Ctx, defender: str | None) -> None:
    s = ctx.s
    b = s.battle
    assert b is not None
    opp = s.opponent(s.turn_player)
    if defender is not None:
        actions.prime(ctx, "attacked", cause=b.declared, subject=defender, player=opp)
    for card in _attacked_set_cards(s):
        actions.prime(ctx, "detonate", cause=b.declared, only=[card])  # 11.8.1


@op("destroy_attacked_gate")
def _destroy_attacked_gate(ctx: Ctx, rule: str, proc: str, idx: int) -> Next:
    s = ctx.s
    b = s.battle
    assert b is not None and b.circle is not None
    if attacker_exists(s):
        gate = s.gate_at(s.opponent(s.turn_player), b.circle)
        if gate is not None:
            actions.destroy_gate(ctx, gate, b.attacker, "8.2.10.3")
    else:
        ctx.emit("NothingHappened", {"why": "there is no attacking member"}, "8.2.10.3")
    return proc, idx + 1


@op("designate_defender")
def _designate_defender(ctx: Ctx, rule: str, proc: str, idx: int) -> Next:
    s = ctx.s
    b = s.battle
    assert b is not None and b.circle is not None and b.attacker is not None
    opp = s.opponent(s.turn_player)
    members = s.members_at(opp, b.circle)
    defender = members[0] if members else None
    ev = ctx.emit("DefenderDesignated", {"defender": defender, "circle": b.circle}, "8.2.11.1")
    actions.prime(ctx, "attacks", cause=ev, subject=b.attacker, player=s.turn_player)
    if defender is not None:
        _prime_attacked(ctx, defender)
        actions.prime(ctx, "defends", cause=ev, subject=defender, player=opp)
    return proc, idx + 1


def intercept_candidates(s: GameState, player: str) -> list[str]:
    """8.3.3.1: members with the Intercept Icon that are not being attacked."""
    b = s.battle
    out: list[str] = []
    for o in s.members(player):
        logic = characteristics(s, o).card.logic
        if logic is None or not logic.intercept:
            continue
        if b is not None and b.circle in s.objects[o].circles:
            continue
        out.append(o)
    return out


@op("intercept_choice")
def _intercept_choice(ctx: Ctx, rule: str, proc: str, idx: int) -> Next:
    s = ctx.s
    ntp = s.opponent(s.turn_player)
    if not (attacker_exists(s) and defender_exists(s)) or not intercept_candidates(s, ntp):
        ctx.emit("InterceptDeclined", {"player": ntp, "auto": True}, "8.3.3.2")
        return proc, idx + 1
    actions.request(ctx, ntp, "intercept", {"members": intercept_candidates(s, ntp)}, rule, resume=[proc, idx])
    return None


def intercept(ctx: Ctx, player: str, members: list[str]) -> None:
    s = ctx.s
    p = s.pending
    assert p is not None
    ev = ctx.emit("InterceptDeclared", {"player": player, "members": members}, "8.3.3.1", actor=player)
    for m in members:
        actions.move(ctx, m, "intercept", rule="5.17.1", reason="intercept", cause=ev)
    for m in members:
        actions.prime(ctx, "intercepts", cause=ev, only=[m], printed=True)  # 8.3.5
    resume(ctx, p.resume, skip=True)


def can_define_logic(s: GameState, player: str) -> bool:
    """8.4.3 / 8.4.5: the limit of the player's member in battle exceeds the cards in the
    player's Battle Zone, and there is a card to define (or a Level Boost to draw one)."""
    b = s.battle
    if b is None:
        return False
    member = member_in_battle(s, player)
    if member is None:
        return False
    if player != s.turn_player and not (attacker_exists(s) and defender_exists(s)):
        return False
    if characteristics(s, member).limit <= len(s.zones[player]["battle"]):
        return False
    standing_level = any(not s.objects[c].rested for c in s.zones[player]["level"])
    return bool(s.zones[player]["hand"]) or standing_level


def _logic_choice(ctx: Ctx, player: str, rule: str, proc: str, idx: int) -> Next:
    s = ctx.s
    b = s.battle
    assert b is not None
    if b.boosted == player:
        actions.request(ctx, player, "logic_definition", {"after_level_boost": True}, "5.15.1", resume=[proc, idx])
        return None
    if not can_define_logic(s, player):
        ctx.emit("LogicDefinitionPassed", {"player": player, "auto": True}, rule + ".3")
        return after_logic_pass(ctx, proc, idx)
    actions.request(ctx, player, "logic_definition", {}, rule, resume=[proc, idx])
    return None


def after_logic_pass(ctx: Ctx, proc: str, idx: int) -> Next:
    """8.4.3.3 / 8.4.5.3: two consecutive "no action"s lead to the Victory Determination Step."""
    b = ctx.s.battle
    assert b is not None
    if b.ld_passes >= 2:
        return "victory", 0
    return proc, idx + 1


@op("logic_choice_non_turn_player")
def _ld_ntp(ctx: Ctx, rule: str, proc: str, idx: int) -> Next:
    return _logic_choice(ctx, ctx.s.opponent(ctx.s.turn_player), rule, proc, idx)


@op("logic_choice_turn_player")
def _ld_tp(ctx: Ctx, rule: str, proc: str, idx: int) -> Next:
    return _logic_choice(ctx, ctx.s.turn_player, rule, proc, idx)


PARADOX_BY = {"AURA BATTLE!": "aura", "LOVE BATTLE!!": "heart", "POWER BATTLE!!": "power"}


def battle_rule(s: GameState) -> tuple[str, str | None]:
    """What decides the battle (8.5.3.4.1, 8.5.3.4.2): ``power``/``aura``/``heart`` and the
    paradox card in effect, if any."""
    for pid in s.order:
        for o in face_up_paradoxes(s, pid):
            rule = s.card_of(o).paradox_rule
            if rule is not None:
                return PARADOX_BY[rule], o
    return "power", None


@op("determine_victory")
def _determine(ctx: Ctx, rule: str, proc: str, idx: int) -> Next:
    s = ctx.s
    b = s.battle
    assert b is not None
    att, dfn = attacker_exists(s), defender_exists(s)
    data: dict[str, Any] = {"attacker": b.attacker if att else None, "defender": b.defender if dfn else None}
    if att and dfn:
        assert b.attacker is not None and b.defender is not None
        by, paradox = battle_rule(s)
        a_val = getattr(characteristics(s, b.attacker), by)
        d_val = getattr(characteristics(s, b.defender), by)
        winner = "attacker" if a_val >= d_val else "defender"  # ties: the attacking member wins
        data.update(by=by, paradox=paradox, attacker_value=a_val, defender_value=d_val, winner=winner)
        if paradox is None:
            cite = "8.5.3.4.1"
        elif by == "power":
            cite = "8.5.3.4.1.1"
        else:
            cite = {"aura": "2.16.1.1", "heart": "2.16.1.2"}[by]
    elif att:
        data.update(winner="attacker")
        cite = "8.5.3.1"
    elif dfn:
        data.update(winner="defender")
        cite = "8.5.3.2"
    else:
        data.update(winner=None)
        cite = "8.5.3.3"
    ev = ctx.emit("BattleDecided", data, cite)
    winner = data["winner"]
    if winner is not None:
        win_oid = b.attacker if winner == "attacker" else b.defender
        assert win_oid is not None
        actions.prime(ctx, "wins", cause=ev, subject=win_oid, player=s.objects[win_oid].owner)  # 8.5.4
        if att and dfn:
            lose_oid = b.defender if winner == "attacker" else b.attacker
            assert lose_oid is not None
            actions.prime(ctx, "loses", cause=ev, subject=lose_oid, player=s.objects[lose_oid].owner)  # 8.5.3.4.3
    return proc, idx + 1


@op("stock_defeated_defender")
def _stock_defender(ctx: Ctx, rule: str, proc: str, idx: int) -> Next:
    s = ctx.s
    b = s.battle
    assert b is not None and b.result is not None
    if b.result.get("winner") == "attacker" and b.result.get("defender") and defender_exists(s):
        assert b.defender is not None

        def ask(question: dict[str, Any]) -> None:
            actions.request_replacement(ctx, question, resume=[proc, idx])

        if not actions.stock_card(ctx, b.defender, "8.5.6", "lost the battle", ask=ask):
            return None  # 9.10.2: the defender's controller chooses first; this step runs again
    else:
        ctx.emit("NothingHappened", {"why": "the defending member did not lose"}, "8.5.7")
    return proc, idx + 1


@op("battle_cleanup")
def _battle_cleanup(ctx: Ctx, rule: str, proc: str, idx: int) -> Next:
    s = ctx.s
    for pid in s.order:
        for o in list(s.zones[pid]["paradox"]):
            if s.objects[o].face_down:
                actions.move(ctx, o, "drop", rule="8.6.4", reason="face-down paradox")
    for pid in s.order:
        for o in list(s.zones[pid]["battle"]):
            if s.card_of(o).type == "paradox" and not s.objects[o].face_down:
                actions.move(ctx, o, "paradox", rule="8.6.5", reason="end of battle")
            else:
                actions.move(ctx, o, "drop", rule="8.6.5", reason="end of battle")
        for o in list(s.zones[pid]["intercept"]):
            actions.move(ctx, o, "drop", rule="8.6.5", reason="end of battle")
    ending = [e.id for e in s.effects if e.duration == "battle"]
    if ending:
        ctx.emit("ContinuousEffectsEnded", {"ids": ending, "why": "end of battle"}, "8.6.6")
    return proc, idx + 1


@op("end_of_battle_loop")
def _end_of_battle_loop(ctx: Ctx, rule: str, proc: str, idx: int) -> Next:
    s = ctx.s
    if rule_processes_pending(s) or s.primed:
        return "end_of_battle", 1  # 8.6.7: back to 8.6.2
    ctx.emit("BattleEnded", {}, "8.6.7")
    return "battle", 0


# --- end phase (7.7) ---------------------------------------------------------------------------------


@op("paradoxes_to_drop")
def _paradoxes_to_drop(ctx: Ctx, rule: str, proc: str, idx: int) -> Next:
    s = ctx.s
    for pid in s.order:
        for o in list(s.zones[pid]["paradox"]):
            actions.move(ctx, o, "drop", rule="7.7.4", reason="end phase")
    return proc, idx + 1


@op("hand_limit")
def _hand_limit(ctx: Ctx, rule: str, proc: str, idx: int) -> Next:
    s = ctx.s
    tp = s.turn_player
    limit = hand_limit(s, tp)
    if len(s.zones[tp]["hand"]) > limit:
        actions.request(ctx, tp, "hand_limit", {"keep": limit}, rule, resume=[proc, idx])
        return None
    return proc, idx + 1


@op("expire_turn_effects")
def _expire(ctx: Ctx, rule: str, proc: str, idx: int) -> Next:
    s = ctx.s
    ending = [e.id for e in s.effects if e.duration in ("turn", "battle")]
    if ending:
        ctx.emit("ContinuousEffectsEnded", {"ids": ending, "why": "end of turn"}, "7.7.7")
    lasting = [d.id for d in s.delayed if not d.once]
    if lasting:
        ctx.emit("DelayedTriggersEnded", {"ids": lasting, "why": "end of turn"}, "7.7.7")  # 9.7.5.1
    return proc, idx + 1


@op("end_phase_loop")
def _end_loop(ctx: Ctx, rule: str, proc: str, idx: int) -> Next:
    s = ctx.s
    if rule_processes_pending(s) or s.primed:
        return "end", 1  # 7.7.8: back to 7.7.2
    start_turn(ctx, s.opponent(s.turn_player), "7.7.8")
    return None
