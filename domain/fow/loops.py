"""Loops (FoW-5.5 14.1): a player who has priority declares a loop, the series of actions it
repeats (``DeclareLoop {actions, times}``); every repetition must be possible, which the
engine checks by performing them on a copy of the game (``kernel.try_loop``), and that trial
also finds who can stop the loop: a player whose decision inside it has another answer.

* only one player can stop it (14.1 p1.1): that player declares the number of times (the
  declarer in ``times``, or the other player asked ``loop_times``), and it is performed that
  many times;
* both can (14.1 p1.2): the turn player declares a number (in ``times`` when they declare the
  loop, else asked ``loop_times``), then the non-turn player does (asked ``loop_times``, told
  the first number), and it is performed the smaller number of times;
* nobody can (14.1 p1.3): the game ends in a draw.

"After that, the player has to perform another action to perform the loop again": until the
player who declared it performs some other action (any event they act in, ``state.loop_done``),
neither the same loop nor its first action is accepted from them.

``legal_actions`` lists every number a player may declare, not ``DeclareLoop`` itself: the engine
keeps no record of the commands performed from which to propose a series (a player declares any
series of commands; the trial decides whether it is a loop)."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any, cast

from domain import hidden
from domain.fow import flow
from domain.fow.commands import COMMAND_TABLE, COMMANDS, command
from domain.fow.context import Ctx, RejectedError
from domain.fow.state import GameState
from domain.fow.versions import version
from domain.fow.view import is_visible
from domain.kernel import (
    Anything,
    Command,
    Fields,
    IntRange,
    ListOf,
    PlayerId,
    Rejection,
    Text,
    is_action_series,
    try_loop,
)

MAX_LOOP_TIMES = 30
"""The largest number of times one declaration performs a loop: each repetition is performed and
recorded, so the number is kept to what a table would shortcut in practice."""
NOT_IN_LOOPS = ("DeclareLoop", "Concede", "ChooseTurnOrder", "ChangeHand")
"""Commands that are no action of a loop: declaring one, conceding, and the game's set-up."""

Action = Mapping[str, Any]


def loop_commands() -> tuple[str, ...]:
    """The command types a loop's actions may have (every command registered, but
    :data:`NOT_IN_LOOPS`), in name order."""
    return tuple(sorted(t for t in COMMANDS if t not in NOT_IN_LOOPS))


def _meant(args: Mapping[str, Any]) -> dict[str, Any]:
    """A command's arguments without those left empty (no targets, nothing paid), which mean
    the same as leaving them out."""
    return {k: v for k, v in args.items() if v is not None and v != [] and v != {}}


def _same(cmd: Action, action: Action) -> bool:
    """Whether a command is that action of a loop."""
    return bool(cmd["type"] == action["type"] and _meant(cmd["args"]) == _meant(action["args"]))


def _can_stop(s: GameState, player: str, action: Action, declarer: str) -> bool:
    """Whether ``player``, deciding before ``action`` of the loop, could do something else: a
    legal action other than it (and than conceding) that names only objects the declarer can
    see; or, at priority with cards in hand, what those cards may allow (their number is public,
    what they are is not: the answer must not tell the declarer about the opponent's hand)."""
    from domain.fow.engine import legal_actions  # the engine registers this module's commands

    p = s.pending
    if p is None or p.player != player:
        return False
    if player != declarer and p.kind == "priority" and s.zones[player]["hand"]:
        return True
    for c in legal_actions(s, player):
        if c.type == "Concede" or _same({"type": c.type, "args": c.args}, action):
            continue
        if all(is_visible(s, oid, declarer) for oid in hidden.named_by(dict(c.args), s.objects)):
            return True
    return False


def _trial(
    s: GameState, declared: Sequence[Action], times: int, cause: str, move_picks: Mapping[str, str]
) -> tuple[int, bool, list[str]]:
    """The loop performed up to ``times`` times on a copy of the game: how many repetitions
    were performed in full, whether the game ended during them, and the players who can stop
    it (in seat order).  With the replacements of moves chosen so far (``move_picks``: a choice
    still to make stops the declaration and asks it, ``commands.ask_move_choice``)."""
    trial = Ctx(s.clone(), cause)
    trial.move_picks = dict(move_picks)
    declarer = str(declared[0]["player"])
    stoppers: set[str] = set()

    def is_stop_point(action: Action) -> bool:
        player = str(action["player"])
        if player not in stoppers and _can_stop(trial.s, player, action, declarer):
            stoppers.add(player)
        return False

    done, _, ended = try_loop(
        declared,
        times,
        perform=lambda action: _perform(trial, action),
        is_stop_point=is_stop_point,
        is_finished=lambda: trial.s.finished,
        rejected=RejectedError,
    )
    return done, ended, [p for p in s.order if p in stoppers]


def _perform(ctx: Ctx, action: Action) -> None:
    """One action of the loop, as if its command came alone."""
    COMMANDS[str(action["type"])](ctx, str(action["player"]), copy.deepcopy(dict(action["args"])))


@command(
    "DeclareLoop",
    "priority",
    args={
        "actions": ListOf(
            Fields(["player", "type", "args"], player=PlayerId, type=Text, args=Anything("its arguments"))
        ),
        "times": IntRange(0, MAX_LOOP_TIMES),
    },
)
def declare_loop(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    """14.1 p1: ``player``, who has priority, declares the loop ``actions`` (``{player, type,
    args}`` each, the first one theirs) and, when they are the first to declare it, the number
    of ``times`` it is performed."""
    s = ctx.s
    raw = args.get("actions")
    if not is_action_series(raw, loop_commands()):
        raise ctx.reject(
            "command/malformed",
            "14.1 p1",
            "'actions' must be a non-empty list of {player, type, args}: the commands the loop repeats",
        )
    declared: list[dict[str, Any]] = copy.deepcopy(list(cast(list[Any], raw)))
    if declared[0]["player"] != player:
        raise ctx.reject("rules/loop_not_yours", "14.1 p1", "a loop you declare starts with an action of yours")
    times = args.get("times")
    done, ended, stoppers = _trial(
        s, declared, MAX_LOOP_TIMES if times is None else int(times), ctx.cause, ctx.move_picks
    )
    if not stoppers and times is not None and times < MAX_LOOP_TIMES:  # is it repeated indefinitely?
        done, ended, stoppers = _trial(s, declared, MAX_LOOP_TIMES, ctx.cause, ctx.move_picks)
    if not stoppers:  # 14.1 p1.3: forced to repeat, as far as MAX_LOOP_TIMES repetitions show
        if ended or done < MAX_LOOP_TIMES:
            raise ctx.reject(
                "rules/not_a_loop",
                "14.1 p1.3",
                f"nobody can do anything else, but those actions are performed {done} time(s) only, "
                + ("and the game ends" if ended else "then they are no longer possible")
                + ": they are not a loop",
            )
        data = {"player": player, "actions": declared, "stoppers": []}
        cause = ctx.emit("LoopDeclared", data, "14.1 p1.3", actor=player)
        flow.end_game(ctx, None, "14.1 p1.3", cause)
        return
    rule = "14.1 p1.1" if len(stoppers) == 1 else "14.1 p1.2"
    first = stoppers[0] if len(stoppers) == 1 else s.turn_player
    if ended:
        raise ctx.reject("rules/loop_not_repeatable", rule, "the game ends while performing those actions")
    if first != player:
        if times is not None:
            who = "the other player" if len(stoppers) == 1 else "the turn player"
            raise ctx.reject(
                "rules/loop_number_not_yours",
                rule,
                f"{who} declares the number of times first: declare the loop without 'times'",
            )
    elif times is None:
        raise ctx.reject("command/malformed", rule, "declare the number of times the loop is performed ('times')")
    elif done < times:
        raise ctx.reject(
            "rules/loop_not_repeatable", rule, f"those actions can be performed {done} time(s) only, not {times}"
        )
    data = {"player": player, "actions": declared, "stoppers": stoppers}
    if times is not None:
        data["times"] = times
    cause = ctx.emit("LoopDeclared", data, rule, actor=player)
    if times is not None and len(stoppers) == 1:
        _perform_loop(ctx, cause)
        return
    most = done if times is None else times
    asked = first if times is None else s.opponent(s.turn_player)
    ctx.ask(asked, "loop_times", {"among": list(range(most + 1))}, rule, cause=cause)


def declare_loop_times(ctx: Ctx, player: str, number: int) -> None:
    """A player's answer to ``loop_times`` (14.1 p1.1, p1.2): the number of times they declare."""
    s = ctx.s
    loop = s.loop
    p = s.pending
    assert loop is not None and p is not None
    rule = "14.1 p1.1" if len(loop["stoppers"]) == 1 else "14.1 p1.2"
    among = list(p.options["among"])
    if number not in among:
        raise ctx.reject("rules/loop_times", rule, f"declare a number of times from {among[0]} to {among[-1]}")
    cause = ctx.emit("LoopTimesDeclared", {"player": player, "times": number}, rule, actor=player)
    if len(loop["stoppers"]) == 2 and player == s.turn_player:  # then the non-turn player (14.1 p1.2)
        ctx.ask(s.opponent(player), "loop_times", {"among": list(range(number + 1))}, rule, cause=cause)
        return
    _perform_loop(ctx, cause)


def _perform_loop(ctx: Ctx, cause: str) -> None:
    """The declared loop, performed the (smaller) declared number of times from the declarer's
    priority, then ``LoopPerformed``."""
    s = ctx.s
    loop = s.loop
    assert loop is not None
    declarer = str(loop["player"])
    numbers: dict[str, int] = dict(loop["numbers"])
    times = min(numbers.values())
    rule = "14.1 p1.1" if len(loop["stoppers"]) == 1 else "14.1 p1.2"
    if s.pending is None or s.pending.kind != "priority":  # the numbers were asked: back to the declarer
        cause = ctx.emit("PriorityGiven", {"player": declarer}, rule, cause=cause)
    declared = copy.deepcopy(list(loop["actions"]))
    probing, ctx.probing = ctx.probing, False  # an action may still be refused after the one before it
    try:
        for _ in range(times):
            for action in declared:
                _perform(ctx, action)
    finally:
        ctx.probing = probing
    ordered = {p: numbers[p] for p in s.order if p in numbers}
    ctx.emit("LoopPerformed", {"player": declarer, "times": times, "declared": ordered}, rule, cause=cause)


def loop_barrier(state: GameState, cmd: Command) -> Rejection | None:
    """14.1 p1.1, p1.2: "After that, the player has to perform another action to perform the loop
    again": until they do, the same loop, or its first action, is refused."""
    done = state.loop_done
    if done is None or cmd.player != done["player"]:
        return None
    actions = done["actions"]
    again = cmd.type == "DeclareLoop" and cmd.args.get("actions") == actions
    if again or _same({"type": cmd.type, "args": cmd.args}, actions[0]):
        return Rejection(
            "rules/loop_again",
            version(state.ruleset).cite(str(done["rule"])),
            "having just performed that loop, you perform another action before performing it again",
        )
    return None


def loop_times_commands(s: GameState, player: str) -> list[Command]:
    """The numbers ``player`` may declare (``loop_times``), largest first."""
    assert s.pending is not None
    return [Command("ChooseNumber", player, {"number": n}) for n in sorted(s.pending.options["among"], reverse=True)]


COMMAND_TABLE.before = loop_barrier
