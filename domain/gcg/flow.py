"""Turn progression (GCG-1.00 7), check and play timings (9.4), playing and resolving
automatic abilities (9.5, 9.6), replacement effects (9.9), rule actions (10) and the
infinite loop rule (12.1), as a small interpreter over a stack of frames.

The work still to do is a stack of *frames* (JSON dicts, top = last).  ``run`` executes
the top frame until the stack is empty or a player has to decide something; then the
stack is recorded in ``ChoiceRequested`` (``resume``) and ``decide`` returns.  The answer
(a ``Choose`` command, or a main phase action) continues exactly there.  Frames:

* ``proc``: a phase procedure (``PROCS``), one rule step after the other.
* ``check``: a check timing (9.4.3): check-type rule actions (10.4, 10.5), then automatic
  abilities in standby, the turn player's first (9.4.3.2, 9.4.3.3).
* ``main``: the main phase play timing (9.4.4) of the turn player (8).
* ``auto`` / ``effects``: playing and resolving an automatic ability (9.5.2, 9.6.3).
* ``destroy``: destroying a card, with replacement effects (5.12, 9.9).
* ``advance`` / ``retreat``: moving an invading monster (5.13), victory through invasion.
* ``counter``: countering an invading monster (5.15), victory through countering.
* ``crush``: the crush and destroy process (10.3), an interrupt-type rule action run
  between any two steps of any process (10.1.2.1).
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Callable
from typing import Any

from domain.gcg import actions
from domain.gcg.actions import DONE, PUSHED, Wait
from domain.gcg.cards import Ability
from domain.gcg.characteristics import (
    active_abilities,
    monster_rank,
    monster_traits,
    threat_level,
    total_counter_power,
)
from domain.gcg.context import Ctx, Frame, jcopy
from domain.gcg.geometry import BEHIND
from domain.gcg.state import GameState
from domain.kernel import RULES_AUTHORITY

LOOP_LIMIT = 300
"""Check-timing rounds within one decision after which the game is an infinite loop that
no player can stop (12.1.1.3), for loops whose game state keeps changing (a growing rage)."""
LOOP_WATCH = 20
"""Check-timing rounds within one decision from which each round's game state is kept: a
round that finds the game state and the work left exactly as an earlier one is an infinite
loop that no player can stop (12.1.1.3), since nobody decides anything in between."""

Op = tuple[str, ...]
PROCS: dict[str, list[Op]] = {
    "start": [
        ("phase", "start", "7.2"),
        ("trigger", "start_of_start_phase", "7.2.1"),
        ("check", "7.2.1"),
        ("do", "start_draw", "7.2.2"),
        ("do", "strategy_cleanup", "7.2.3"),
        ("do", "rage_reset", "7.2.4"),
        ("check", "7.2.5"),
        ("goto", "main"),
    ],
    "main": [
        ("phase", "main", "7.3"),
        ("trigger", "start_of_main_phase", "7.3.1"),
        ("check", "7.3.1"),
        ("do", "play_timing", "7.3.2"),
        ("goto", "counter"),
    ],
    "counter": [
        ("phase", "counter", "7.4"),
        ("trigger", "start_of_counter_phase", "7.4.1"),
        ("check", "7.4.1"),
        ("do", "counter_check", "7.4.2"),
        ("check", "7.4.4"),
        ("goto", "end"),
    ],
    "end": [
        ("phase", "end", "7.5"),
        ("trigger", "start_of_end_phase", "7.5.1"),
        ("check", "7.5.1"),
        ("do", "end_advance", "7.5.2"),
        ("check", "7.5.3"),
        ("do", "draw_to_five", "7.5.4"),
        ("check", "7.5.5"),
        ("do", "expire", "7.5.6"),
        ("do", "end_loop", "7.5.7"),
    ],
}
DRAW_TO_FIVE = PROCS["end"].index(("do", "draw_to_five", "7.5.4"))

OpFn = Callable[[Ctx, Frame, Any], "Wait | None"]
OPS: dict[str, OpFn] = {}


def op(name: str) -> Callable[[OpFn], OpFn]:
    def register(fn: OpFn) -> OpFn:
        OPS[name] = fn
        return fn

    return register


# --- the interpreter -----------------------------------------------------------------------------


def run(ctx: Ctx) -> None:
    """Run the frame stack until a player must decide or the game ends."""
    s = ctx.s
    while ctx.stack and not s.finished:
        if ctx.stack[-1]["op"] != "crush" and crush_candidates(ctx):
            ctx.push({"op": "crush"})  # 10.1.2.1: interrupt whatever is going on
        frame = ctx.stack[-1]
        wait = OPS[frame["op"]](ctx, frame, None)
        if wait is not None:
            request(ctx, wait)
            return


def answer(ctx: Ctx, choice: Any, player: str | None = None) -> None:
    """Deliver ``player``'s answer to the frame that asked, then carry on.  What the frame does
    with the answer is that player's doing: its events name them as the actor."""
    frame = ctx.stack[-1]
    ctx.acting = player
    try:
        wait = OPS[frame["op"]](ctx, frame, choice)
    finally:
        ctx.acting = None
    if wait is not None:
        request(ctx, wait)
        return
    run(ctx)


def request(ctx: Ctx, wait: Wait) -> None:
    options = wait.options()
    more: dict[str, Any] = {"resume": jcopy(ctx.stack)}
    s = ctx.s
    live = {_crush_key(s, o) for p in s.order for o in s.zones[p]["field"]}
    tried = sorted(ctx.crush_tried & live)
    if tried:
        more["tried"] = tried
    ctx.ask(wait.player, wait.kind, options, wait.rule, **more)


def ret(ctx: Ctx, frame: Frame, value: Any) -> None:
    """Finish ``frame`` and hand ``value`` to the frame below it (``sub.result``)."""
    ctx.done(frame)
    if frame.get("ret") and ctx.stack:
        ctx.stack[-1].setdefault("sub", {})["result"] = value


# --- turns (7) ---------------------------------------------------------------------------------------


def start_turn(ctx: Ctx, player: str, rule: str) -> None:
    s = ctx.s
    ctx.emit("TurnBegan", {"turn": s.turn + 1, "player": player}, rule)
    ctx.push({"op": "proc", "proc": "start", "idx": 0})


@op("proc")
def _proc(ctx: Ctx, frame: Frame, answer: Any) -> Wait | None:
    step = PROCS[frame["proc"]][frame["idx"]]
    frame["idx"] += 1
    kind = step[0]
    if kind == "phase":
        ctx.emit("PhaseBegan", {"phase": step[1], "player": ctx.s.turn_player}, step[2])
    elif kind == "trigger":
        actions.phase_trigger(ctx, step[1], step[2])
    elif kind == "check":
        ctx.push({"op": "check", "rule": step[1]})
    elif kind == "do":
        DO[step[1]](ctx, frame, step[2])
    else:  # goto
        frame["proc"], frame["idx"] = step[1], 0
    return None


DoFn = Callable[[Ctx, Frame, str], None]
DO: dict[str, DoFn] = {}


def do(name: str) -> Callable[[DoFn], DoFn]:
    def register(fn: DoFn) -> DoFn:
        DO[name] = fn
        return fn

    return register


@do("start_draw")
def _start_draw(ctx: Ctx, frame: Frame, rule: str) -> None:
    s = ctx.s
    tp = s.turn_player
    actions.push_draw(ctx, tp, monster_rank(s, s.opponent(tp)), rule)


@do("strategy_cleanup")
def _strategy_cleanup(ctx: Ctx, frame: Frame, rule: str) -> None:
    s = ctx.s
    old = [oid for oid in s.zones[s.turn_player]["strategy"] if s.objects[oid].since < s.turn_seq]
    # 5.12.1.1: put from a strategy zone into the discard pile, so destroyed (replaceable, 9.9)
    for oid in reversed(old):
        ctx.push({"op": "destroy", "oid": oid, "rule": rule, "reason": "strategy clean-up"})


@do("rage_reset")
def _rage_reset(ctx: Ctx, frame: Frame, rule: str) -> None:
    actions.set_rage(ctx, ctx.s.turn_player, 0, rule)


@do("play_timing")
def _play_timing(ctx: Ctx, frame: Frame, rule: str) -> None:
    ctx.push({"op": "main", "stage": "check"})


@do("counter_check")
def _counter_check(ctx: Ctx, frame: Frame, rule: str) -> None:
    s = ctx.s
    tp = s.turn_player
    opp = s.opponent(tp)
    total = total_counter_power(s, tp)
    threat = threat_level(s, opp)
    countered = total >= threat
    ctx.emit(
        "CounterPowerTotalled",
        {"player": tp, "total": total, "opponent": opp, "threat": threat, "countered": countered},
        "7.4.2",
    )
    if countered:
        ctx.push({"op": "counter", "player": opp, "stage": "behind", "rule": "7.4.3"})


@do("end_advance")
def _end_advance(ctx: Ctx, frame: Frame, rule: str) -> None:
    s = ctx.s
    tp = s.turn_player
    if s.players[tp].position <= 7:
        ctx.push({"op": "advance", "player": tp, "left": 1, "to": None, "invasion": False, "moved": 0, "rule": rule})


@do("draw_to_five")
def _draw_to_five(ctx: Ctx, frame: Frame, rule: str) -> None:
    s = ctx.s
    tp = s.turn_player
    missing = actions.HAND_SIZE - len(s.zones[tp]["hand"])
    if missing > 0:
        actions.push_draw(ctx, tp, missing, rule)


@do("expire")
def _expire(ctx: Ctx, frame: Frame, rule: str) -> None:
    s = ctx.s
    ending = [
        e.id
        for e in s.effects
        if e.duration == "end_of_turn"
        or (e.duration == "opponents_next_turn" and e.master != s.turn_player and s.turn > e.turn)
    ]
    if ending:
        ctx.emit("ContinuousEffectsEnded", {"ids": ending, "why": "end of turn"}, rule)


@do("end_loop")
def _end_loop(ctx: Ctx, frame: Frame, rule: str) -> None:
    """7.5.7: the turn ends, or the end phase goes back to 7.5.4."""
    s = ctx.s
    pending = bool(s.standby) or bool(rule_action_candidates(s))
    fired = actions.end_of_turn_triggers(ctx)
    if pending or fired:
        frame["idx"] = DRAW_TO_FIVE
        return
    ctx.done(frame)
    start_turn(ctx, s.opponent(s.turn_player), "7.5.7")


# --- check timing (9.4.3) --------------------------------------------------------------------------


@op("check")
def _check(ctx: Ctx, frame: Frame, answer: Any) -> Wait | None:
    s = ctx.s
    if answer is not None:  # which automatic ability to play next (9.6.3.1)
        ctx.push({"op": "auto", "id": answer[0], "stage": "play"})
        return None
    ctx.loops += 1
    repeated = ctx.loops > LOOP_WATCH and _seen_before(ctx)
    if repeated or ctx.loops > LOOP_LIMIT:
        why = "the game state repeats" if repeated else f"more than {LOOP_LIMIT} check timing rounds"
        ctx.emit("NothingHappened", {"why": f"an infinite loop no player can stop ({why})"}, "12.1.1.3")
        actions.end_game(ctx, None, "12.1.1.3")
        return None
    if rule_actions(ctx):  # 9.4.3.1
        return None
    actions.situation_triggers(ctx)
    tp = s.turn_player
    for chooser, rule in ((tp, "9.4.3.2"), (s.opponent(tp), "9.4.3.3")):
        mine = [a for a in s.standby if a.master == chooser and not a.playing]
        if not mine:
            continue
        distinct = {json.dumps([a.source, a.ability, a.data], sort_keys=True) for a in mine}
        if len(distinct) > 1:
            autos = {a.id: {"source": a.source, "card": a.card, "trigger": a.trigger} for a in mine}
            return Wait("order_auto", chooser, [a.id for a in mine], 1, 1, rule, {"autos": autos})
        ctx.push({"op": "auto", "id": mine[0].id, "stage": "play"})
        return None
    ctx.done(frame)  # 9.4.3.4
    return None


def _seen_before(ctx: Ctx) -> bool:
    """Whether this check timing round finds the game state (12.1.1.2's notion of an
    identical state, with the order of time stamps), the automatic abilities in standby and
    the work left exactly as an earlier round of the same decision did."""
    s = ctx.s
    standby = sorted(json.dumps([a.master, a.source, a.ability, a.data, a.playing], sort_keys=True) for a in s.standby)
    placed = [o for p in s.order for area in ("field", "strategy") for o in s.zones[p][area]]
    stamps = sorted(placed, key=lambda o: s.objects[o].since)  # time stamp order (9.8.1.7, 10.5.1)
    key = json.dumps([fingerprint(s), standby, stamps, s.fired, ctx.stack], sort_keys=True, default=str)
    if key in ctx.seen:
        return True
    ctx.seen.add(key)
    return False


# --- rule actions (10) -----------------------------------------------------------------------------


def rule_action_candidates(s: GameState, stack: list[Frame] | None = None) -> list[tuple[str, str]]:
    """Check-type rule actions that need to be performed (10.4 illegal cards, 10.5 overloaded cards)."""
    found: list[tuple[str, str]] = []
    waiting = {f.get("card") for f in (stack or [])}
    for p in s.order:
        for oid in s.zones[p]["field"]:
            if s.card_of(oid).type != "battle":
                found.append(("illegal", oid))  # 10.4.1
        for oid in s.zones[p]["strategy"]:
            if s.card_of(oid).type != "strategy":
                found.append(("illegal", oid))  # 10.4.1
        for oid in s.zones[p]["resolution"]:
            if oid not in waiting:
                found.append(("illegal_resolution", oid))  # 10.4.1.1
        for area, slots in (("field", range(1, 9)), ("strategy", (1, 2))):
            by_slot: dict[int, list[str]] = {}  # the area's cards by zone, in the area's order
            for o in s.zones[p][area]:
                by_slot.setdefault(s.objects[o].slot, []).append(o)
            for slot in slots:
                here = [o for o in by_slot.get(slot, ()) if ("illegal", o) not in found]
                if len(here) > 1:
                    last = max(here, key=lambda o: s.objects[o].since)
                    found += [("overloaded", o) for o in here if o != last]  # 10.5.1
    return found


def rule_actions(ctx: Ctx) -> bool:
    """Perform all check-type rule actions at the same time (10.1.3); True if any was."""
    s = ctx.s
    found = rule_action_candidates(s, ctx.stack)
    if not found:
        return False
    destroy: list[tuple[str, str, str]] = []
    for kind, oid in found:
        if kind == "illegal_resolution":
            actions.move(ctx, oid, "discard", "10.4.1.1", "illegal card")
        elif kind == "illegal":  # from a zone or a strategy zone: destroyed (5.12.1.1)
            destroy.append((oid, "10.4.1", "illegal card"))
        else:
            destroy.append((oid, "10.5.1", "destroyed"))
    for oid, rule, reason in reversed(destroy):
        ctx.push({"op": "destroy", "oid": oid, "rule": rule, "reason": reason})
    return True


def crush_candidates(ctx: Ctx) -> list[str]:
    """10.3.2: battle cards in the same zone as their master's invading monster, the turn
    player's first (10.1.2.1.1)."""
    s = ctx.s
    if not s.order or s.turn_player == "":
        return []
    out: list[str] = []
    for p in [s.turn_player, s.opponent(s.turn_player)]:
        if s.monster(p) is None:
            continue
        for oid in s.battle_at(p, s.players[p].position):
            if _crush_key(s, oid) not in ctx.crush_tried:
                out.append(oid)
    return out


def _crush_key(s: GameState, oid: str) -> str:
    """A battle card in a zone with its monster, once per card, placement and monster position."""
    obj = s.objects[oid]
    return f"{oid}@{obj.since}@{s.players[obj.owner].position}"


@op("crush")
def _crush(ctx: Ctx, frame: Frame, answer: Any) -> Wait | None:
    """10.3.3 for every battle card due at once: the turn player's first, then the
    non-turn player's, each player's in the order they choose (10.1.2.1.1)."""
    s = ctx.s
    if "queue" not in frame:
        found = crush_candidates(ctx)
        for oid in found:
            ctx.crush_tried.add(_crush_key(s, oid))
        frame["queue"] = found
    queue = [o for o in frame["queue"] if s.objects[o].zone == "field"]
    if not queue:
        ctx.done(frame)
        return None
    owner = s.objects[queue[0]].owner
    mine = [o for o in queue if s.objects[o].owner == owner]
    if answer is not None:
        chosen = str(answer[0])
    elif len(mine) > 1:
        return Wait("rule_action_order", owner, mine, 1, 1, "10.1.2.1.1", {"rule_action": "10.3.3"})
    else:
        chosen = mine[0]
    frame["queue"] = [o for o in queue if o != chosen]
    ctx.push({"op": "destroy", "oid": chosen, "rule": "10.3.3"})
    return None


# --- destroying and replacement effects (5.12, 9.9) ------------------------------------------------

REPLACEABLE: dict[str, str] = {
    "destroyed": "9.9.2.1",
    "returned_to_hand": "9.9.2.1",
    "discarded": "9.9.2.1",
    "countered": "9.9.2.2",
    "advanced": "9.9.2.2",
    "retreated": "9.9.2.2",
    "draw": "9.9.2.2",
}
"""Events a replacement effect may replace (``Ability.replaces``), with the rule that says
who orders several replacement effects: the master of the affected card (9.9.2.1), or the
master of the card the action is applied to (9.9.2.2)."""


def replacements(s: GameState, oid: str, event: str = "destroyed") -> list[tuple[str, str, str, Ability]]:
    """Active replacement abilities for ``event`` happening to ``oid``: ``(key, source, master, ability)``."""
    from domain.gcg.characteristics import affected, board

    infos = board(s)
    out: list[tuple[str, str, str, Ability]] = []
    for p in s.order:
        for src in actions.on_field(s, p):
            for i, a in active_abilities(s, src):
                if a.kind != "replacement" or a.replaces != event:
                    continue
                if event == "draw":  # ``oid`` is the drawing player, ``whose`` relative to the master
                    hit = a.whose == "each" or (oid == p) == (a.whose == "your")
                elif event == "discarded":  # a card in a hand (validated: all cards of a hand filter)
                    hit = oid in actions.candidates(s, a.affects.filter, p, src)
                else:
                    hit = oid in affected(s, infos, src, p, a.affects)
                if hit:
                    out.append((f"{src}:{i}", src, p, a))
    return out


def replace(ctx: Ctx, event: str, oid: str, rule: str) -> None:
    """Push the check of the replacement effects for ``event`` about to happen to ``oid``
    (9.9): the frame below gets ``sub.result`` True when the event was replaced."""
    ctx.push({"op": "replace", "event": event, "oid": oid, "rule": rule, "applied": [], "ret": True})


def was_replaced(frame: Frame) -> bool:
    """The answer of the ``replace`` frame pushed by :func:`replace` (and forget it)."""
    return bool(frame.pop("sub", {}).get("result"))


@op("replace")
def _replace(ctx: Ctx, frame: Frame, answer: Any) -> Wait | None:
    """9.9: the replacement effects that apply to the event, one after the other in the
    order the affected player chooses (9.9.2), each at most once (9.9.2.3); an optional one
    only if it can be performed (9.9.3) and if its master wants it (9.2.1.3.2).  Once one is
    applied, the event does not occur at all (9.9.1.1)."""
    s = ctx.s
    oid, event = frame["oid"], frame["event"]
    if frame.get("stage") == "replaced":
        ret(ctx, frame, True)
        return None
    chooser = oid if event == "draw" else s.objects[oid].owner  # 9.9.2.2: the drawing player
    options = [r for r in replacements(s, oid, event) if r[0] not in frame["applied"]]
    feasible = []
    for key, src, master, a in options:
        probe = {"master": master, "source": src, "prev": [] if event == "draw" else [oid]}
        if a.optional and not actions.can_perform(s, probe, a.instead[0].model_dump(mode="json")):
            continue  # 9.9.3
        feasible.append((key, src, master, a))
    extra = {"oid": oid, "event": event}
    if answer is not None:
        if frame.get("stage") == "optional":
            key = frame["offer"]
            frame["stage"] = None
            if answer[0] == "no":
                frame["applied"].append(key)
                return None
            return _apply_replacement(ctx, frame, next(r for r in feasible if r[0] == key))
        chosen = next(r for r in feasible if r[0] == answer[0])
        if chosen[3].optional:  # "you may": the replacement effect's master decides (9.2.1.3.2)
            frame["stage"], frame["offer"] = "optional", chosen[0]
            return Wait("yes_no", chosen[2], ["yes", "no"], 1, 1, "9.9.3", {"replacement": chosen[0], **extra})
        return _apply_replacement(ctx, frame, chosen)
    if not feasible:
        ret(ctx, frame, False)
        return None
    if len(feasible) > 1:  # 9.9.2: the affected player orders them
        return Wait("replacement", chooser, [r[0] for r in feasible], 1, 1, REPLACEABLE[event], extra)
    key, _, master, a = feasible[0]
    if a.optional:
        frame["stage"], frame["offer"] = "optional", key
        return Wait("yes_no", master, ["yes", "no"], 1, 1, "9.2.1.3.2", {"replacement": key, **extra})
    return _apply_replacement(ctx, frame, feasible[0])


def _apply_replacement(ctx: Ctx, frame: Frame, rep: tuple[str, str, str, Ability]) -> Wait | None:
    key, src, master, a = rep
    frame["applied"].append(key)  # 9.9.2.3
    frame["stage"] = "replaced"
    data = {"oid": frame["oid"], "event": frame["event"], "source": src, "replacement": key, "instead": a.text}
    ctx.emit("ReplacementApplied", data, "9.9.1")
    effects = [e.model_dump(mode="json") for e in a.instead]
    # "previous" in the replacing effects is the card the replaced event would have affected
    items = actions.copy_items(effects)
    prev = [] if frame["event"] == "draw" else [frame["oid"]]
    ctx.push({"op": "effects", "master": master, "source": src, "items": items, "i": 0, "prev": prev})
    return None


@op("destroy")
def _destroy(ctx: Ctx, frame: Frame, answer: Any) -> Wait | None:
    """Destroy (5.12.1), or put a card from a zone or a strategy zone into the discard pile,
    which counts as destroying it (5.12.1.1): replacement effects may replace it (9.9)."""
    _replaceable_move(ctx, frame, "destroyed", "discard", frame.get("reason", "destroyed"))
    return None


@op("return")
def _return(ctx: Ctx, frame: Frame, answer: Any) -> Wait | None:
    """Return a card on the field to its owner's hand (4.1.7), unless replaced (9.9)."""
    _replaceable_move(ctx, frame, "returned_to_hand", "hand", "returned to hand")
    return None


@op("draw")
def _draw(ctx: Ctx, frame: Frame, answer: Any) -> Wait | None:
    """Draw cards one at a time (5.4.2); each single draw (5.4.1) is an event a replacement
    effect may replace (9.9), checked before the deck is (a replaced draw needs no card, so
    no reshuffle, 10.2.2)."""
    player = frame["player"]
    if frame.get("stage") == "checked":
        frame["stage"] = None
        frame["left"] -= 1
        if was_replaced(frame):  # 9.9.1.1
            frame["replaced"] += 1
        elif actions.draw_one(ctx, player, frame["rule"], frame["left"] + 1):
            frame["drawn"] += 1
        else:
            frame["left"] = 0
    if frame["left"] <= 0:
        ret(ctx, frame, {"drawn": frame["drawn"], "replaced": frame["replaced"]})
        return None
    frame["stage"] = "checked"
    replace(ctx, "draw", player, frame["rule"])
    return None


@op("discard_card")
def _discard_card(ctx: Ctx, frame: Frame, answer: Any) -> Wait | None:
    """Discard a card from the hand (5.7.1, 5.7.2), unless replaced (9.9)."""
    _replaceable_move(ctx, frame, "discarded", "discard", "discard", ("hand",))
    return None


def _replaceable_move(
    ctx: Ctx, frame: Frame, event: str, to: str, reason: str, where: tuple[str, ...] = ("field", "strategy")
) -> None:
    oid = frame["oid"]
    if ctx.s.objects[oid].zone not in where:
        ctx.done(frame)  # no longer there
        return
    if frame.get("stage") != "checked":
        frame["stage"] = "checked"
        replace(ctx, event, oid, frame["rule"])
        return
    ctx.done(frame)
    if was_replaced(frame):  # 9.9.1.1: a replaced event did not occur
        _replaced_action(ctx, oid)
    else:
        actions.move(ctx, oid, to, frame["rule"], reason, actor=frame.get("actor", RULES_AUTHORITY))


def _replaced_action(ctx: Ctx, oid: str) -> None:
    """9.5.4.2: an effect's action replaced by a replacement effect still counts as
    performed (for "you may (action) to (process)" and "if you do")."""
    if ctx.stack and ctx.stack[-1]["op"] == "effects":
        ctx.stack[-1].setdefault("sub", {}).setdefault("replaced", []).append(oid)


# --- advance and retreat (5.13), counter (5.15) ---------------------------------------------------


@op("advance")
def _advance(ctx: Ctx, frame: Frame, answer: Any) -> Wait | None:
    s = ctx.s
    player = frame["player"]
    p = s.players[player]
    to = frame.get("to")
    finished = p.position >= to if to is not None else frame["left"] <= 0  # 5.13.1.2.1
    opp = s.opponent(player)
    moves = p.position < 8 or (frame["invasion"] and not s.battle_at(opp, 8))
    if not finished and moves and _move_replaced(ctx, frame, player, "advanced"):
        return None
    if not finished and p.position == 8:
        if frame["invasion"] and not s.battle_at(opp, 8):
            actions.win(ctx, player, "invasion", "5.13.1.1.2.1")  # 5.13.1.1.2
            return None
        why = "not an invasion" if not frame["invasion"] else "the opponent's zone 8 holds a battle card"
        ctx.emit("AdvanceNotPerformed", {"player": player, "why": why}, "5.13.1.1.1")
        finished = True
    if finished:
        if frame["moved"]:
            actions.fire(ctx, "advanced", player=player)
            if frame["invasion"]:
                actions.fire(ctx, "when_invading", player=player)  # 11.3.2 (not if it could not move, 11.3.2.1)
        ret(ctx, frame, frame["moved"])  # 5.13.3
        return None
    ctx.emit(
        "MonsterMoved",
        {"player": player, "from": p.position, "to": p.position + 1, "how": "advance", "invasion": frame["invasion"]},
        frame["rule"],
    )
    frame["moved"] += 1
    frame["left"] -= 1
    return None


@op("retreat")
def _retreat(ctx: Ctx, frame: Frame, answer: Any) -> Wait | None:
    s = ctx.s
    player = frame["player"]
    p = s.players[player]
    to = frame.get("to")
    finished = p.position <= to if to is not None else frame["left"] <= 0  # 5.13.2.2.1
    if not finished and p.position > 1 and _move_replaced(ctx, frame, player, "retreated"):
        return None
    if not finished and p.position == 1:  # 5.13.2.1
        ctx.emit("AdvanceNotPerformed", {"player": player, "why": "zone 1: nothing is done"}, "5.13.2.1")
        finished = True
    if finished:
        ret(ctx, frame, frame["moved"])  # 5.13.3
        return None
    ctx.emit(
        "MonsterMoved", {"player": player, "from": p.position, "to": p.position - 1, "how": "retreat"}, frame["rule"]
    )
    frame["moved"] += 1
    frame["left"] -= 1
    return None


def _move_replaced(ctx: Ctx, frame: Frame, player: str, event: str) -> bool:
    """9.9 for an advance or retreat instruction about to move ``player``'s invading monster:
    "when ... would advance / retreat, ... instead" replaces the whole instruction.  True
    when the frame stops here: the check was just pushed (the frame runs again), or the
    instruction was replaced and is over (9.9.1.1; 5.13.3: the monster did not move)."""
    top = ctx.s.monster(player)
    if frame["moved"] or top is None:
        return False
    if frame.get("stage") != "checked":
        frame["stage"] = "checked"
        replace(ctx, event, top, frame["rule"])
        return True
    if was_replaced(frame):
        ret(ctx, frame, 0)
        return True
    return False


def successors(s: GameState, player: str) -> list[str]:
    """Monster deck cards that can become the new invading monster (5.15.1.2)."""
    rank = monster_rank(s, player) + 1
    traits = set(monster_traits(s, player))
    return [
        oid
        for oid in s.zones[player]["monster_deck"]
        if s.card_of(oid).type == "monster" and s.card_of(oid).rank == rank and traits & set(s.card_of(oid).traits)
    ]


@op("counter")
def _counter(ctx: Ctx, frame: Frame, answer: Any) -> Wait | None:
    s = ctx.s
    victim = frame["player"]
    p = s.players[victim]
    if frame["stage"] == "behind":
        top = s.monster(victim)
        if not frame.get("checked") and top is not None:
            frame["checked"] = True  # 9.9: "when ... would be countered, ... instead"
            replace(ctx, "countered", top, frame.get("rule") or "5.15.1")
            return None
        if was_replaced(frame):
            ctx.done(frame)  # 9.9.1.1: the counter did not occur
            return None
        frame["stage"] = "successor"
        if p.position in BEHIND:  # 5.15.1.1
            ctx.emit(
                "MonsterMoved",
                {"player": victim, "from": p.position, "to": BEHIND[p.position], "how": "countered"},
                "5.15.1.1",
            )
        return None
    if answer is not None:
        chosen = answer[0]
    else:
        found = successors(s, victim)
        if not found:
            ctx.emit("PlayerLost", {"player": victim, "reason": "countered_without_successor"}, "5.15.1.2.1")
            winner = s.opponent(victim)
            ctx.emit("PlayerWon", {"player": winner, "how": "countering"}, "5.15.1.2.2")
            actions.end_game(ctx, winner, "5.15.1.2.2")
            return None
        if len(found) > 1:
            return Wait("successor", victim, found, 1, 1, "5.15.1.2")
        chosen = found[0]
    actions.move(ctx, chosen, "monster", "5.15.1.2", "countered")  # 4.7.2: on top
    # 5.11.2: to have a monster card be a new invading monster is to play it, so its
    # 【Enter】 triggers (11.2.1); only 【Burst】's end-phase clean-up is no entering (11.5.3)
    actions.fire(ctx, "enter", oid=chosen)
    actions.fire(ctx, "opponent_countered", player=s.opponent(victim))
    ctx.done(frame)
    return None


# --- playing and resolving automatic abilities (9.5, 9.6) -----------------------------------------


def _standby(s: GameState, sid: str) -> Any:
    return next((a for a in s.standby if a.id == sid), None)


@op("auto")
def _auto(ctx: Ctx, frame: Frame, answer: Any) -> Wait | None:
    s = ctx.s
    a = _standby(s, frame["id"])
    if a is None:
        ctx.done(frame)
        return None
    ability = a.ability
    stage = frame["stage"]
    if stage == "play":
        cost = list(ability.get("cost") or [])
        if cost and _cost_declined(ctx, a, cost, answer):
            ctx.done(frame)
            return None
        if cost and answer is None:
            return Wait("yes_no", a.master, ["yes", "no"], 1, 1, "9.6.3.2.1", {"auto": a.id, "cost": True})
        ctx.emit(
            "AbilityPlayed",
            {"id": a.id, "master": a.master, "source": a.source, "card": a.card, "trigger": a.trigger},
            "9.5.2.1.4",
            cause=a.cause or None,
        )
        frame["effects"] = list(ability.get("effects", []))
        frame["targets"] = {}
        frame["k"] = 0
        frame["stage"] = "modes" if ability.get("choose") else "targets"
        if cost:  # paid as the ability is played
            items = actions.copy_items(cost)
            ctx.push({"op": "effects", "master": a.master, "source": a.source, "items": items, "i": 0, "prev": []})
        return None
    if stage == "modes":  # 9.5.2.2.1
        modes = ability.get("modes", [])
        n = int(ability["choose"])
        if answer is None and len(modes) > n:
            return Wait("modes", a.master, list(range(len(modes))), n, n, "9.5.2.2.1", {"auto": a.id})
        picked = sorted(int(x) for x in answer) if answer is not None else list(range(len(modes)))
        frame["effects"] = [e for i in picked for e in modes[i]]  # 9.5.2.2.1.1, 9.5.2.2.1.2
        frame["stage"] = "targets"
        return None
    if stage == "targets":  # 9.5.2.2, 9.5.3
        effects = frame["effects"]
        probe = {"master": a.master, "source": a.source, "prev": []}
        while frame["k"] < len(effects):
            k = frame["k"]
            eff = effects[k]
            target = eff.get("target")
            if target is None or target.get("kind", "chosen") != "chosen":
                frame["k"] += 1
                continue
            chosen: list[str]
            if answer is not None:
                chosen = [str(x) for x in answer]
                answer = None
            else:
                found = actions.target_wait(
                    s, probe, actions.target_json(target), "9.5.3.1", {"auto": a.id, "effect": eff["op"]}
                )
                if isinstance(found, Wait):
                    return found
                chosen = found
            frame["targets"][str(k)] = chosen
            if chosen:
                ctx.emit("TargetsChosen", {"auto": a.id, "effect": k, "targets": chosen}, "9.5.3.1")
            frame["k"] += 1
        frame["stage"] = "finish"
        items = actions.copy_items(effects, frame["targets"])
        ctx.push({"op": "effects", "master": a.master, "source": a.source, "items": items, "i": 0, "prev": []})
        return None
    ctx.emit("AbilityResolved", {"id": a.id}, "9.6.3")  # stage "finish"
    ctx.done(frame)
    return None


def _cost_declined(ctx: Ctx, a: Any, cost: list[Any], answer: Any) -> bool:
    """An automatic ability with an optional cost (9.6.3.2.1): True (and the ability removed
    from standby) when the cost cannot be paid (9.6.3.2) or its master chose not to pay it."""
    probe = {"master": a.master, "source": a.source, "prev": []}
    if answer is None and all(actions.can_perform(ctx.s, probe, c) for c in cost):
        return False
    if answer is None:
        why, rule = "its cost cannot be paid", "9.6.3.2"
    elif answer[0] == "no":
        why, rule = "its master chose not to pay its cost", "9.6.3.2.1"
    else:
        return False
    ctx.emit("AbilityRemoved", {"id": a.id, "why": why}, rule)
    return True


@op("effects")
def _effects(ctx: Ctx, frame: Frame, answer: Any) -> Wait | None:
    """Resolve effects one after the other (9.5.2.3.3, 9.7), "you may" at resolution (9.5.4)."""
    s = ctx.s
    items = frame["items"]
    while frame["i"] < len(items) and not s.finished:
        item = items[frame["i"]]
        eff = item["e"]
        if frame.get("stage") is None:
            if eff.get("condition") and not actions.condition_holds(s, frame, eff["condition"]):
                _next(frame, performed=False)  # 9.3.2, 9.3.3: inactive, nothing is done
                continue
            if eff.get("optional"):
                if not actions.can_perform(s, frame, eff):  # 9.5.4.1
                    _next(frame, performed=False)
                    continue
                if answer is None:
                    return Wait("yes_no", frame["master"], ["yes", "no"], 1, 1, "9.5.4", {"effect": eff["op"]})
                choice, answer = answer[0], None
                if choice == "no":
                    _next(frame, performed=False)
                    continue
            frame["stage"] = "go"
        result = actions.EFFECTS[eff["op"]](ctx, frame, item, answer)
        answer = None
        if isinstance(result, Wait):
            return result
        if result == PUSHED:
            return None
        assert result == DONE
        _next(frame, performed=bool(frame.get("performed", True)))
    ctx.done(frame)
    return None


def _next(frame: Frame, *, performed: bool) -> None:
    item = frame["items"][frame["i"]]
    then = item["e"].get("then") or []
    if then and performed:  # 9.5.4: the process runs only if the action was performed
        frame["items"][frame["i"] + 1 : frame["i"] + 1] = actions.copy_items(then)
    frame["i"] += 1
    frame["stage"] = None
    frame["sub"] = {}
    frame.pop("performed", None)


# --- the main phase play timing (9.4.4) and the infinite loop rule (12.1.1.2) ---------------------


def fingerprint(s: GameState) -> str:
    """The game state, without time stamps and ids, for 12.1.1.2: an HMAC of
    :func:`fingerprint_data` keyed by the game's seed.  It is recorded in events the players
    read (``MainActionTaken``, ``LoopDetected``, the main phase's ``ChoiceRequested``), and the
    state it digests holds hidden cards (every deck's order, the hands): unkeyed, a player could
    test guesses of the opponent's hand or the next cards of a deck against it.  The seed stays
    secret until the game is over (only its commitment is published), and two fingerprints of
    one game still compare equal exactly when their states do, which is all 12.1.1.2 needs."""
    payload = json.dumps(fingerprint_data(s), sort_keys=True, default=str).encode()
    key = f"GCG fingerprint:{s.game_id}:{s.seed}".encode()
    return hmac.new(key, payload, hashlib.sha256).hexdigest()[:24]


def fingerprint_data(s: GameState) -> dict[str, Any]:
    """What :func:`fingerprint` digests: the game state without time stamps and ids."""
    players = {}
    for pid in s.order:
        zones = s.zones[pid]
        players[pid] = {
            "position": s.players[pid].position,
            "rage": s.players[pid].rage,
            "invaded": s.players[pid].invaded_turn == s.turn,
            "deck": list(zones["deck"]),
            "monster": list(zones["monster"]),
            "hand": sorted(zones["hand"]),
            "discard": sorted(zones["discard"]),
            "monster_deck": sorted(zones["monster_deck"]),
            "field": sorted([o, s.objects[o].slot, list(s.objects[o].under)] for o in zones["field"]),
            "strategy": sorted([o, s.objects[o].slot] for o in zones["strategy"]),
        }
    data: dict[str, Any] = {
        "players": players,
        "effects": sorted(
            [
                e.source,
                sorted(e.targets),
                e.threat,
                e.counter,
                e.set_threat,
                e.cannot_engage,
                e.nullify,
                e.gain_abilities,
                e.lose_triggers,
                e.duration,
            ]
            for e in s.effects
        ),
        "delayed": sorted([d.card, d.kind] for d in s.delayed),
    }
    return data


@op("main")
def _main(ctx: Ctx, frame: Frame, answer: Any) -> Wait | None:
    s = ctx.s
    if frame["stage"] == "check":  # 9.4.4.1
        frame["stage"] = "ready"
        ctx.push({"op": "check", "rule": "9.4.4.1"})
        return None
    fp = fingerprint(s)
    seen = [i for i, (before, _) in enumerate(s.main_log) if before == fp]
    if seen:
        loop = [action for _, action in s.main_log[seen[0] :]]
        if any(a not in s.banned for a in loop):
            ctx.emit("LoopDetected", {"player": s.turn_player, "actions": loop, "fingerprint": fp}, "12.1.1.2")
    return Wait("main", s.turn_player, [], 0, 0, "9.4.4.2", {"fingerprint": fp})
