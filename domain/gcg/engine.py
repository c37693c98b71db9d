"""Godzilla Card Game comprehensive rules 1.00: ``start``, ``decide``, ``evolve``,
``legal_actions`` and per-player views.  Registered as ruleset ``GCG-1.00`` (variant
``standard``).

Catalog: ``{"cards": [<card>, ...]}`` (or a mapping of card id to card), each card as
described in :mod:`domain.gcg.cards`.

Deck format (``PlayerSpec.deck``)::

    {
      "name": "Red Rampage",                                   # optional
      "monster_deck": ["GCG-TST-001", "GCG-TST-002", "GCG-TST-003", "GCG-TST-004"],
                                          # one monster card of each rank I-IV (6.1.1.1)
      "main": [{"card": "GCG-TST-010", "count": 4}, ...]   # exactly 50 cards (6.1.1.2)
    }

The main deck holds at most 10 cards whose invasion icon is 2 (6.1.1.2.2); every card is
white or the color of the rank I monster (6.1.1.3); at most 4 cards share a card number
across both decks (6.1.1.4), unless a card's deck construction ability says otherwise
(``deck_limit``, 6.1.2).

Commands (``Command.type``; ``args``), each accepted only while the game waits for that
decision (``view()["pending"]``):

* main phase play timing (``pending.kind == "main"``, 8): ``PlayBattleCard {card, zone}``
  (8.2), ``ActivateStrategy {card, zone}`` (8.3; strategy zone 1 or 2), ``GainRage {card}``
  (8.4), ``PlayMonster {card, burst?}`` (8.5, 【Burst】 11.5), ``Invade {card}`` (8.6),
  ``EndMainPhase`` (9.4.4.3).
* any other decision: ``Choose {choice: [...]}``, between ``min`` and ``max`` distinct items
  of ``pending.options.among``: which automatic ability in standby to play next
  (``order_auto``, 9.6.3.1), targets (9.5.3), modes (9.5.2.2.1), "you may" (``yes_no``,
  9.5.4, 9.9.3), cards to discard, search or swap, the new invading monster after a
  counter (``successor``, 5.15.1.2), a replacement effect to apply (9.9.2), zones, which of
  your simultaneous interrupt-type rule actions to perform next (``rule_action_order``,
  10.1.2.1.1).
* at the main phase play timing, an infinite loop (12.1.1.1): ``DeclareLoop {actions, times}``,
  ``actions`` being the last commands performed this turn (``{player, type, args}``, both
  players', starting with a main phase action) and ``times`` the number of repetitions; the
  non-turn player answers ``Choose`` (``loop_response``): the declared number, or a smaller
  one when the loop holds a decision of theirs, which they then answer differently.
* any time: ``Concede`` (1.2.3).

Zones are numbered 1-8 (4.4.3); the invading monster starts in zone 1 (6.3.1.6) and its
position is ``players[p].position`` in the view.
"""

from __future__ import annotations

import copy
import itertools
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from domain import hidden, labels, positions
from domain.gcg import actions, flow, position
from domain.gcg.cards import MONSTER_RANKS, Card, parse_catalog
from domain.gcg.characteristics import (
    board,
    monster_rank,
    monster_traits,
    threat_level,
    total_counter_power,
)
from domain.gcg.context import RULESET, Ctx, RejectedError, cite, jcopy
from domain.gcg.state import (
    EVENTS,
    GameState,
    state_from_dict,
    state_to_dict,
)
from domain.gcg.state import (
    apply_event as apply_event,
)
from domain.gcg.state import (
    evolve as evolve,
)
from domain.kernel import (
    JSON,
    Anything,
    Bool,
    CardDataError,
    Choice,
    Command,
    CommandTable,
    EngineFunctions,
    Event,
    Fields,
    GameSpec,
    Handler,
    Integer,
    IntRange,
    ListOf,
    LoopRule,
    ObjectId,
    PlayerId,
    Rejection,
    Shuffler,
    Text,
    checking_choices,
    offer_choice,
    rules_engine,
    seed_commitment,
    try_loop,
)
from domain.kernel import (
    is_finished as is_finished,
)

VARIANTS = ("standard",)
OPENING_HAND = 5
MAIN_DECK_SIZE = 50
MAX_ICON_TWO = 10
MAX_COPIES = 4

CommandHandler = Handler[Ctx]
COMMAND_TABLE = CommandTable[Ctx](
    Ctx,
    lambda state: cite,
    finished="1.2.1",
    unknown_player="1.1.1",
    unknown_type="8.1.1",
    probe_in_place=True,  # decide changes its state only by emitting events
)
COMMANDS = COMMAND_TABLE.handlers
"""Every command type, by name."""
command = COMMAND_TABLE.command


# --- deck construction (6.1) and setup (6.3) -----------------------------------------------------


def _entries(ctx: Ctx, pid: str, deck: Mapping[str, Any], key: str) -> list[str]:
    raw = deck.get(key)
    if not isinstance(raw, list):
        raise ctx.reject(
            "deck/malformed", "6.1.1", f"{pid}'s deck needs {key!r}: a list of card ids or {{card, count}}"
        )
    out: list[str] = []
    for entry in raw:
        if isinstance(entry, str):
            out.append(entry)
            continue
        if not isinstance(entry, Mapping) or not isinstance(entry.get("card"), str):
            raise ctx.reject("deck/malformed", "6.1.1", f"{pid}'s {key} entries need a 'card' id and a 'count'")
        count = entry.get("count", 1)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise ctx.reject("deck/malformed", "6.1.1", f"{pid}'s {key} entry {entry['card']!r}: count must be >= 1")
        out += [entry["card"]] * count
    return out


def check_deck(ctx: Ctx, pid: str, deck: Mapping[str, Any], cards: Mapping[str, Card]) -> tuple[list[str], list[str]]:
    """Deck construction (6.1.1)."""
    if not isinstance(deck, Mapping):
        raise ctx.reject("deck/malformed", "6.1.1", f"{pid}'s deck must be an object with monster_deck and main")
    monsters = _entries(ctx, pid, deck, "monster_deck")
    main = _entries(ctx, pid, deck, "main")
    for cid in [*monsters, *main]:
        if cid not in cards:
            raise ctx.reject("deck/unknown_card", "6.1.1", f"{pid}'s deck names unknown card {cid!r}")
    ranks = sorted(cards[c].rank for c in monsters if cards[c].type == "monster")
    if len(monsters) != 4 or ranks != [1, 2, 3, 4]:
        raise ctx.reject(
            "deck/monster_deck",
            "6.1.1.1",
            f"{pid}'s monster deck must be 4 monster cards, one of each rank I to IV",
        )
    if len(main) != MAIN_DECK_SIZE:
        raise ctx.reject("deck/main_deck_size", "6.1.1.2", f"{pid}'s main deck has {len(main)} cards; exactly 50")
    twos = sum(1 for c in main if cards[c].invasion == 2)
    if twos > MAX_ICON_TWO:
        raise ctx.reject(
            "deck/invasion_icons", "6.1.1.2.2", f"{pid}'s main deck has {twos} cards with invasion icon 2; at most 10"
        )
    rank_one = next(c for c in monsters if cards[c].rank == 1)
    color = cards[rank_one].color
    for cid in [*monsters, *main]:
        if cards[cid].color not in ("white", color):
            raise ctx.reject(
                "deck/color",
                "6.1.1.3",
                f"{pid}'s {cards[cid].name} ({cid}) is {cards[cid].color}: cards must be white or {color}, "
                "the color of the rank I monster",
            )
    numbers = Counter(cards[c].card_number for c in [*monsters, *main])
    limits: dict[str, int | None] = {}
    for cid in [*monsters, *main]:
        number = cards[cid].card_number
        limit = cards[cid].deck_limit
        if number not in limits or limit is None or (limits[number] is not None and limit > (limits[number] or 0)):
            limits[number] = limit
    for number, n in numbers.items():
        limit = limits[number]
        if limit is not None and n > limit:
            rule = "6.1.1.4" if limit == MAX_COPIES else "6.1.2"
            raise ctx.reject(
                "deck/too_many_copies", rule, f"{pid}'s decks hold {n} cards numbered {number}; at most {limit}"
            )
    return monsters, main


def start(spec: GameSpec, catalog: Any) -> list[Event] | Rejection:
    ctx = Ctx(GameState(), f"cmd:create:{spec.game_id}")
    try:
        _start(ctx, spec, catalog)
    except RejectedError as exc:
        return exc.rejection
    return ctx.events


def _start(ctx: Ctx, spec: GameSpec, catalog: Any) -> None:
    if spec.ruleset != RULESET:
        raise ctx.reject("ruleset/unknown", "1.1.1", f"this engine adjudicates {RULESET}, not {spec.ruleset!r}")
    if spec.variant not in VARIANTS:
        raise ctx.reject("game/unknown_variant", "1.1.1", f"variant must be one of {', '.join(VARIANTS)}")
    if len(spec.players) != 2 or spec.players[0].id == spec.players[1].id:
        raise ctx.reject("game/players", "1.1.1", "this game is played by exactly two players with distinct ids")
    if spec.first_player is not None:
        raise ctx.reject(
            "game/first_player_is_random",
            "6.3.1.4",
            "the player going first is decided in a random manner; first_player must be null",
        )
    try:
        cards = parse_catalog(catalog)
    except CardDataError as exc:
        raise ctx.reject("cards/invalid", exc.rule or "2", str(exc)) from None
    used: dict[str, Card] = {}
    objects: list[dict[str, str]] = []
    presented: dict[str, Any] = {}
    for p in spec.players:
        monsters, main = check_deck(ctx, p.id, p.deck, cards)
        placed = [(c, "monster_deck") for c in monsters] + [(c, "deck") for c in main]
        for n, (cid, zone) in enumerate(placed, start=1):
            objects.append({"oid": f"{p.id}-{n:03d}", "card": cid, "owner": p.id, "zone": zone})
            used[cid] = cards[cid]
        presented[p.id] = {"monster_deck": sorted(monsters), "main": dict(sorted(Counter(main).items()))}
    started = ctx.emit(
        "GameStarted",
        {
            "game_id": spec.game_id,
            "ruleset": RULESET,
            "variant": spec.variant,
            "seed": spec.seed,
            "seed_commitment": seed_commitment(spec.game_id, spec.seed),
            "players": [{"id": p.id, "name": p.name} for p in spec.players],
            "cards": {cid: c.model_dump(mode="json", exclude_unset=True) for cid, c in used.items()},
            "objects": objects,
            "presented": presented,
        },
        "6.3.1.1",
    )
    s = ctx.s
    # Each step of the preparation (6.3.1.3-6.3.1.7) follows from the game's start, not from the
    # step recorded before it (an event without an explicit cause follows from ``ctx.last``).
    for pid in s.order:
        ctx.last = started
        actions.shuffle(ctx, pid, "6.3.1.3")
    index = s.shuffles
    first = Shuffler(s.seed, index).choice(s.order)
    decided = ctx.emit("FirstPlayerDecided", {"player": first, "shuffle_index": index}, "6.3.1.4", cause=started)
    for pid in s.order:
        for _ in range(OPENING_HAND):
            ctx.last = started
            actions.move(ctx, s.zones[pid]["deck"][-1], "hand", "6.3.1.5", "opening hand")
    for pid in s.order:
        rank_one = next(o for o in s.zones[pid]["monster_deck"] if s.card_of(o).rank == 1)
        ctx.last = started
        actions.move(ctx, rank_one, "monster", "6.3.1.6", "setup")  # its position follows from it:
        ctx.emit("MonsterMoved", {"player": pid, "from": 0, "to": 1, "how": "set"}, "6.3.1.6")
        ctx.emit("RageChanged", {"player": pid, "rage": 0, "delta": 0}, "6.3.1.7", cause=started)
    ctx.last = decided  # the first turn is that of the player decided to go first
    flow.start_turn(ctx, first, "7.1.2")
    flow.run(ctx)


# --- commands ------------------------------------------------------------------------------------


def _resume(ctx: Ctx) -> None:
    pending = ctx.s.pending
    assert pending is not None
    ctx.stack = jcopy(pending.resume)
    ctx.crush_tried = set(pending.tried)


def _card_arg(ctx: Ctx, player: str, args: Mapping[str, Any], rule: str, kind: str | None) -> str:
    s = ctx.s
    oid = args.get("card")
    if not isinstance(oid, str):
        raise ctx.reject("command/malformed", rule, "'card' must be the id of a card in your hand, such as 'p1-017'")
    obj = s.objects.get(oid)
    if obj is None or obj.owner != player or obj.zone != "hand":  # no such card, or one hidden (4.2.3)
        raise ctx.reject("rules/not_in_hand", rule, f"{oid} is not a card in your hand")
    if kind is not None and s.card_of(oid).type != kind:
        raise ctx.reject("rules/wrong_card_type", rule, f"{s.card_of(oid).name} ({oid}) is not a {kind} card")
    return oid


def _main_action(ctx: Ctx, player: str, name: str, rule: str, action: str, args: Mapping[str, Any]) -> None:
    """A main phase action (8.1.1): the turn player's play timing in the main phase."""
    s = ctx.s
    p = s.pending
    if p is None or p.kind != "main":
        waiting = "nothing" if p is None else f"{p.kind} by {p.player}"
        raise ctx.reject(
            "rules/not_main_phase_play_timing", "8.1.1", f"{name} is not possible now: the game waits for {waiting}"
        )
    if p.player != player:
        raise ctx.reject(
            "rules/not_your_turn", "8.1.1", f"{name} is the turn player's action; it is {p.player}'s main phase"
        )
    if action in s.banned:
        raise ctx.reject(
            "rules/infinite_loop",
            "12.1.1.2",
            f"{name} leads back to a game state already seen this turn; it may not be performed again this turn",
        )
    ctx.commit()  # carrying out a main phase action refuses nothing
    _resume(ctx)
    ctx.emit(
        "MainActionTaken",
        {
            "player": player,
            "action": action,
            "fingerprint": p.options.get("fingerprint", ""),
            "command": {"type": name, "args": jcopy(dict(args))},
        },
        rule,
        actor=player,
    )
    frame = ctx.stack[-1]
    assert frame["op"] == "main"
    frame["stage"] = "check"  # 9.4.4.2: the play timing is given again after the action


def _zone_arg(ctx: Ctx, args: Mapping[str, Any], allowed: list[int], rule: str, what: str) -> int:
    zone = args.get("zone")
    if not isinstance(zone, int) or isinstance(zone, bool) or zone not in allowed:
        raise ctx.reject("rules/illegal_zone", rule, f"'zone' must be one of {allowed} ({what})")
    return zone


@command("PlayBattleCard", args={"card": ObjectId, "zone": Integer})
def play_battle_card(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    oid = _card_arg(ctx, player, args, "8.2.1", "battle")
    card = s.card_of(oid)
    limit = s.players[s.opponent(player)].position
    if card.rank > limit:
        raise ctx.reject(
            "rules/battle_rank_too_high",
            "8.2.1",
            f"{card.name} has battle rank {card.rank}; the opponent's invading monster is in zone {limit}",
        )
    zone = _zone_arg(ctx, args, actions.battle_zone_options(s, player), "9.5.2.1.2", "not your invading monster's zone")
    _main_action(ctx, player, "PlayBattleCard", "8.2.1", f"PlayBattleCard:{card.id}:{zone}", args)
    actions.play_card(ctx, player, oid, slot=zone, rule="8.2.1", actor=player)
    flow.run(ctx)


@command("ActivateStrategy", args={"card": ObjectId, "zone": Integer})
def activate_strategy(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    oid = _card_arg(ctx, player, args, "8.3.1", "strategy")
    card = s.card_of(oid)
    position = s.players[player].position
    if card.rank > position:
        raise ctx.reject(
            "rules/strategy_rank_too_high",
            "8.3.1",
            f"{card.name} has strategy rank {card.rank}; your invading monster is in zone {position}",
        )
    if len(s.zones[player]["strategy"]) >= 2 and {s.objects[o].slot for o in s.zones[player]["strategy"]} == {1, 2}:
        raise ctx.reject(
            "rules/strategy_zones_full", "8.3.2", "both of your strategy zones already hold strategy cards"
        )
    zone = _zone_arg(ctx, args, [1, 2], "9.5.2.1.3", "one of your 2 strategy zones")
    _main_action(ctx, player, "ActivateStrategy", "8.3.1", f"ActivateStrategy:{card.id}:{zone}", args)
    actions.play_card(ctx, player, oid, slot=zone, rule="8.3.1", actor=player)
    flow.run(ctx)


@command("GainRage", args={"card": ObjectId})
def gain_rage(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    oid = _card_arg(ctx, player, args, "8.4.1", "monster")
    _main_action(ctx, player, "GainRage", "8.4.1", f"GainRage:{s.card_of(oid).id}", args)
    actions.move(ctx, oid, "discard", "8.4.1", "gain rage", actor=player)
    actions.set_rage(ctx, player, s.players[player].rage + 1, "8.4.1", actor=player)
    flow.run(ctx)


@command("PlayMonster", args={"card": ObjectId, "burst": Bool})
def play_monster(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    oid = _card_arg(ctx, player, args, "8.5.1", "monster")
    card = s.card_of(oid)
    burst = args.get("burst", False)
    if not isinstance(burst, bool):
        raise ctx.reject("command/malformed", "11.5.2", "'burst' must be true or false")
    current = monster_rank(s, player)
    if burst:
        if card.burst is None:
            raise ctx.reject("rules/no_burst", "11.5.2", f"{card.name} has no 【Burst】")
        if card.burst != current:
            raise ctx.reject(
                "rules/monster_rank",
                "11.5.2",
                f"【Burst {card.burst}】 plays {card.name} as rank {card.burst}; "
                f"your invading monster is rank {current}",
            )
    elif card.rank != current:
        raise ctx.reject(
            "rules/monster_rank", "8.5.1", f"{card.name} is rank {card.rank}; your invading monster is rank {current}"
        )
    traits = monster_traits(s, player)
    if not set(card.traits) & set(traits):
        raise ctx.reject(
            "rules/monster_trait",
            "8.5.1",
            f"{card.name} shares no trait with your invading monster ({', '.join(traits) or 'no traits'})",
        )
    _main_action(ctx, player, "PlayMonster", "8.5.1", f"PlayMonster:{card.id}:{burst}", args)
    actions.play_card(ctx, player, oid, rule="8.5.1", actor=player, burst=burst, rage=True)
    flow.run(ctx)


@command("Invade", args={"card": ObjectId})
def invade(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    oid = _card_arg(ctx, player, args, "8.6.1", None)
    if s.players[player].invaded_turn == s.turn:
        raise ctx.reject("rules/already_invaded", "8.6.2", "an invasion can be performed only once per turn")
    _main_action(ctx, player, "Invade", "8.6.1", f"Invade:{s.card_of(oid).id}", args)
    actions.invasion(ctx, player, oid, actor=player)
    flow.run(ctx)


@command("EndMainPhase")
def end_main_phase(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    p = s.pending
    if p is None or p.kind != "main" or p.player != player:
        raise ctx.reject("rules/not_main_phase_play_timing", "9.4.4.3", "you are not given the main phase play timing")
    ctx.commit()
    _resume(ctx)
    ctx.emit("ChoiceMade", {"player": player, "kind": "main", "choice": "end"}, "9.4.4.3", actor=player)
    frame = ctx.stack[-1]
    assert frame["op"] == "main"
    ctx.done(frame)
    flow.run(ctx)


# --- infinite loops (12.1.1.1) ----------------------------------------------------------------------

MAX_LOOP_TIMES = 100
"""The largest number of repetitions one declaration may ask for: each one is performed
and recorded, so the number is kept to what a table would shortcut in practice."""
LOOP_COMMANDS = ("PlayBattleCard", "ActivateStrategy", "GainRage", "PlayMonster", "Invade", "Choose")


LOOPS = LoopRule(
    LOOP_COMMANDS,
    starts=lambda action: action["type"] != "Choose",
    max_times=MAX_LOOP_TIMES,
    copy=jcopy,
    not_now="only the turn player declares a loop, at their main phase play timing",
    malformed="'actions' must be a non-empty list of {player, type, args}: the commands of the loop, as performed",
    not_first="a loop starts with one of your main phase actions",
    not_last="the loop's actions must be the last actions actually performed this turn, in order",
)
"""The infinite loop rule (12.1.1.1)."""


def _perform(ctx: Ctx, action: Mapping[str, Any]) -> None:
    """One action of a loop, as its own decision (as if its command came alone): the check
    timing rounds counted for 12.1.1.3 start again.  A loop's later action may still be
    refused, so a probe (``ctx.probing``) carries the loop out to its end."""
    ctx.probing = False
    ctx.loops, ctx.seen = 0, set()
    COMMANDS[action["type"]](ctx, action["player"], action["args"])


@command(
    "DeclareLoop",
    args={
        "actions": ListOf(
            Fields(["player", "type", "args"], player=PlayerId, type=Text, args=Anything("its arguments"))
        ),
        "times": IntRange(1),
    },
)
def declare_loop(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    """12.1.1.1: the turn player indicates the series of actions of an infinite loop and the
    number of times to perform them; the non-turn player answers (``loop_response``)."""
    s = ctx.s
    declared, times = LOOPS.declaration(ctx, player, args)
    p = s.pending
    assert p is not None
    opponent = s.opponent(player)
    # every repetition must be possible: try them on a copy (decide is deterministic)
    done, stop_points, ended = _try_loop(s, declared, times, ctx.cause)
    LOOPS.check_repeatable(ctx, times, done, ended)
    ctx.commit()
    ctx.emit("LoopDeclared", {"player": player, "actions": declared, "times": times}, "12.1.1.1", actor=player)
    # a smaller number only together with an action that is not part of the loop: possible
    # only at a decision of the non-turn player inside the loop that has another answer
    among = list(range(times + 1)) if stop_points else [times]
    ctx.ask(
        opponent,
        "loop_response",
        {"among": among, "min": 1, "max": 1, "rule": "12.1.1.1", "times": times, "by": player},
        "12.1.1.1",
        resume=jcopy(p.resume),
        tried=list(p.tried),
    )


def _try_loop(s: GameState, declared: list[dict[str, Any]], times: int, cause: str) -> tuple[int, int, bool]:
    """``kernel.try_loop`` on a copy of the game: a stop point is a decision of the
    non-turn player that has another answer."""
    opponent = s.opponent(s.turn_player)
    trial = Ctx(s.clone(), cause)

    def is_stop_point(action: Mapping[str, Any]) -> bool:
        pending = trial.s.pending is not None
        return action["player"] == opponent and pending and len(_choices(trial.s, opponent)) > 1

    return try_loop(
        declared,
        times,
        perform=lambda action: _perform(trial, action),
        is_stop_point=is_stop_point,
        is_finished=lambda: trial.s.finished,
        rejected=RejectedError,
    )


def _loop_response(ctx: Ctx, player: str, number: int, loop: Mapping[str, Any]) -> None:
    """Perform the declared actions ``number`` times (12.1.1.1); for a smaller number than
    declared, then the loop's actions up to the non-turn player's first decision, which they
    must answer with an action that is not part of the loop."""
    s = ctx.s
    declared: list[dict[str, Any]] = jcopy(loop["actions"])
    times = int(loop["times"])
    stopped = player if number < times else None
    data = {"player": loop["player"], "times": number, "declared": times, "stopped_by": stopped}
    ctx.emit("LoopPerformed", data, "12.1.1.1")
    flow.run(ctx)  # the turn player's play timing again (9.4.4.2), where the loop starts

    def stop(action: Mapping[str, Any]) -> None:
        p = s.pending
        assert p is not None
        options = {**p.options, "excluded": [action["args"]["choice"]]}
        ctx.ask(player, p.kind, options, "12.1.1.1", resume=jcopy(p.resume), tried=p.tried)

    LoopRule.perform(
        declared,
        number,
        times,
        perform=lambda action: _perform(ctx, action),
        stops=lambda action: action["player"] == player and s.pending is not None and len(_choices(s, player)) > 1,
        stop=stop,
    )


@command("Choose", args={"choice": Anything("the answer to the decision: its options say the shape")})
def choose(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    p = s.pending
    if p is None or p.kind == "main":
        raise ctx.reject("rules/not_expected", "9.4.2", "there is no choice to make now")
    if p.player != player:
        raise ctx.reject("rules/not_your_decision", "1.3.4", f"the game waits for {p.player} to choose")
    choice = args.get("choice")
    among = list(p.options.get("among", []))
    lo, hi = int(p.options.get("min", 1)), int(p.options.get("max", 1))
    valid = (
        isinstance(choice, list)
        and lo <= len(choice) <= hi
        and all(c in among for c in choice)
        and len({repr(c) for c in choice}) == len(choice)
    )
    if not valid:
        raise ctx.reject(
            "rules/illegal_choice",
            str(p.options.get("rule", "9.5.3.1")),
            f"choose {lo} to {hi} distinct item(s) of {among} ({p.kind})",
        )
    assert isinstance(choice, list)
    excluded = p.options.get("excluded")
    if isinstance(excluded, list) and choice in excluded:
        raise ctx.reject(
            "rules/loop_action",
            "12.1.1.1",
            "having stopped the loop, you perform an action that is not part of it: choose something else",
        )
    if p.kind != "loop_response":  # carrying out an answer refuses nothing; a loop's actions may be refused
        ctx.commit()
    _resume(ctx)
    rule = str(p.options.get("rule") or _choice_rule(p.kind))
    ctx.emit("ChoiceMade", {"player": player, "kind": p.kind, "choice": list(choice)}, rule, actor=player)
    if p.kind == "loop_response":
        assert s.loop is not None
        _loop_response(ctx, player, int(choice[0]), s.loop)
        return
    flow.answer(ctx, list(choice), player)


def _choice_rule(kind: str) -> str:
    return {
        "order_auto": "9.6.3.1",
        "rule_action_order": "10.1.2.1.1",
        "loop_response": "12.1.1.1",
        "targets": "9.5.3.1",
        "modes": "9.5.2.2.1",
        "yes_no": "9.5.4",
        "discard": "5.7.1",
        "search": "5.8.1",
        "swap": "5.6.1",
        "successor": "5.15.1.2",
        "replacement": "9.9.2",
        "number": "5.4.3.2",
        "invade": "5.14.1",
        "activate": "5.9.1",
        "strategy_zone": "9.5.2.1.3",
        "play_battle": "5.11.1",
        "zone": "5.11.1.2",
        "look_more": "5.5.2.3",
        "look_take": "5.5.1",
        "look_order": "5.5.1",
    }.get(kind, "9.5.2.2")


@command("Concede")
def concede(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    ctx.emit("PlayerLost", {"player": player, "reason": "conceded"}, "1.2.3", actor=player)
    actions.end_game(ctx, ctx.s.opponent(player), "1.2.3")


def decide(state: GameState, cmd: Command) -> list[Event] | Rejection:
    """The events ``cmd`` produces, or why it is refused.  The answer never depends on what its
    sender cannot see: an object hidden from them is answered as one that does not exist
    (4.2.3, ``domain.hidden``)."""
    result: list[Event] | Rejection = hidden.decide_blind(
        state,
        cmd,
        _decide,
        may_name,
        lambda oid: Rejection("command/unknown_object", cite("4.2.3"), hidden.unseen_card(oid)),
    )
    return result


def may_name(state: GameState, player: str) -> Callable[[str], bool]:
    """Whether ``player`` may name an object in a command: they may see it (:func:`is_visible`),
    or their pending decision offers it (a search shows the searched cards), or one of their
    legal actions names it."""
    return hidden.nameable(state, player, is_visible, legal_actions)


def pending_choice(s: GameState, player: str) -> Command | None:
    """``player``'s pending ``Choose`` as one parameterised legal action (a :class:`Choice` of
    ``min`` to ``max`` of the cards offered, docs/legal-actions.md), or None: no such choice, an
    order (``look_order``), a loop response, a choice among other things than cards, or one
    that excludes some selections (12.1.1.1)."""
    p = s.pending
    if p is None or p.player != player or p.kind in ("main", "loop_response", "look_order"):
        return None
    among = p.options.get("among", [])
    if not isinstance(among, list) or not all(isinstance(x, str) and x in s.objects for x in among):
        return None
    if p.options.get("excluded"):
        return None
    lo, hi = int(p.options.get("min", 1)), int(p.options.get("max", 1))
    rule = cite(str(p.options.get("rule") or _choice_rule(p.kind)))
    return Command("Choose", player, {}, choice=Choice("choice", tuple(among), lo, hi, rule))


_decide = checking_choices(COMMAND_TABLE.decide, pending_choice)

_probe = checking_choices(lambda s, c: COMMAND_TABLE.accepts(s, c) or [], pending_choice)


def _accepted(state: GameState, cmd: Command) -> bool:
    """Whether ``_decide`` accepts ``cmd``, without carrying it out (``CommandTable.accepts``:
    every refusal of a GCG command comes before its handler's ``ctx.commit()``)."""
    return not isinstance(_probe(state, cmd), Rejection)


# --- legal actions --------------------------------------------------------------------------------

MAX_COMBOS = 64
"""``legal_actions`` lists every different choice of each size when there are at most this
many, otherwise the first this many (a representative subset)."""
MAX_SCAN = 4096
"""How many combinations of one size are looked at to find them."""


def _main_actions(s: GameState, player: str) -> list[Command]:
    out: list[Command] = []
    seen: set[tuple[str, str]] = set()
    opp_position = s.players[s.opponent(player)].position
    position = s.players[player].position
    rank = monster_rank(s, player)
    traits = set(monster_traits(s, player))
    strategy_full = {s.objects[o].slot for o in s.zones[player]["strategy"]} == {1, 2}
    invaded = s.players[player].invaded_turn == s.turn
    for oid in s.zones[player]["hand"]:
        card = s.card_of(oid)
        if (card.id, "any") in seen:
            continue
        seen.add((card.id, "any"))
        if card.type == "battle" and card.rank <= opp_position:
            out += [
                Command("PlayBattleCard", player, {"card": oid, "zone": z})
                for z in actions.battle_zone_options(s, player)
            ]
        if card.type == "strategy" and card.rank <= position and not strategy_full:
            out += [Command("ActivateStrategy", player, {"card": oid, "zone": z}) for z in (1, 2)]
        if card.type == "monster":
            out.append(Command("GainRage", player, {"card": oid}))
            if set(card.traits) & traits:
                if card.rank == rank:
                    out.append(Command("PlayMonster", player, {"card": oid}))
                if card.burst == rank:
                    out.append(Command("PlayMonster", player, {"card": oid, "burst": True}))
        if not invaded:
            out.append(Command("Invade", player, {"card": oid}))
    out.append(Command("EndMainPhase", player))
    return out + _loop_declarations(s, player)


def _loop_declarations(s: GameState, player: str) -> list[Command]:
    """Infinite loop declarations (12.1.1.1) worth offering: a series of actions starting with
    a main phase action that was just performed twice in a row, to be performed once more, or
    as many times as it can be (up to ``MAX_LOOP_TIMES``; the shortcut a table would take).
    A bounded subset: ``decide`` also accepts any other series of this turn's last actions
    that starts with a main phase action, and any number of repetitions in between; see
    docs/gcg-coverage.md, section 8."""
    out: list[Command] = []
    for suffix in reversed(LOOPS.offers(s.loop_log, player)):  # the longest first
        most, _, _ = _try_loop(s, suffix, MAX_LOOP_TIMES, "legal_actions")
        out += [Command("DeclareLoop", player, {"actions": jcopy(suffix), "times": n}) for n in sorted({1, most}) if n]
    return out


def _choices(s: GameState, player: str) -> list[Command]:
    p = s.pending
    assert p is not None
    among = list(p.options.get("among", []))
    lo, hi = int(p.options.get("min", 1)), int(p.options.get("max", 1))
    if p.kind == "loop_response":  # the declared number, or any smaller one (12.1.1.1), largest first
        return [Command("Choose", player, {"choice": [n]}) for n in sorted(among, reverse=True)]
    if p.kind == "look_order":  # every order of the cards put back (5.5.1), top to bottom
        orders = itertools.islice(itertools.permutations(among), MAX_COMBOS)
        return [Command("Choose", player, {"choice": list(c)}) for c in orders]
    spec = pending_choice(s, player)
    if spec is not None:
        return offer_choice(spec, lambda c: _accepted(s, c), MAX_SCAN)
    out: list[Command] = []
    for n in range(lo, hi + 1):
        seen: set[tuple[str, ...]] = set()
        for c in itertools.islice(itertools.combinations(among, n), MAX_SCAN):
            key = tuple(sorted(_interchangeable(s, x) for x in c))
            if key in seen:
                continue
            seen.add(key)
            out.append(Command("Choose", player, {"choice": list(c)}))
            if len(seen) >= MAX_COMBOS:
                break
    return out


def _interchangeable(s: GameState, item: Any) -> str:
    """The same key for choices that give the same game: copies of one card in the same hand,
    discard pile or monster deck (areas without order or position; the deck has an order)."""
    obj = s.objects.get(item) if isinstance(item, str) else None
    if obj is not None and obj.zone in ("hand", "discard", "monster_deck"):
        return f"{obj.owner}:{obj.zone}:{obj.card}"
    return repr(item)


DECISION_KINDS: tuple[str, ...] = (
    "activate",
    "discard",
    "invade",
    "look_more",
    "look_order",
    "look_take",
    "loop_response",
    "main",
    "modes",
    "number",
    "order_auto",
    "play_battle",
    "replacement",
    "rule_action_order",
    "search",
    "strategy_zone",
    "successor",
    "swap",
    "targets",
    "yes_no",
    "zone",
)
"""Every kind of pending decision (``state.pending.kind``) of this ruleset: the ``kind`` of the
HTTP API's ``decision`` (docs/legal-actions.md)."""


def label(state: GameState, cmd: Command) -> str:
    """The label of ``cmd``, one of its player's legal actions, from what that player may see
    (``domain.labels``); a card played shows its rank, what the rules ask of playing it
    (8.2.1, 8.3.1, 8.5.1; with 【Burst】 the lower rank it is played at, 11.5.2)."""

    def cost_of(oid: str) -> str | None:
        if cmd.type not in ("PlayBattleCard", "ActivateStrategy", "PlayMonster"):
            return None
        card = state.card_of(oid)
        if cmd.args.get("burst") is True and card.burst is not None:
            return f"{card.rank_text}, played as rank {MONSTER_RANKS[card.burst - 1]} by Burst"
        return card.rank_text

    return labels.label_in(state, cmd, is_visible, cost_of)


def legal_actions(state: GameState, player: str) -> list[Command]:
    """Every command ``player`` may submit now, each checked by ``decide``: one of each set of
    interchangeable choices (copies of one card in a hand, discard pile or monster deck), and
    for large choice spaces a representative subset (``MAX_COMBOS``)."""
    s = state
    if s.finished or player not in s.players:
        return []
    p = s.pending
    if p is None or p.player != player:
        return [Command("Concede", player)]
    out = _main_actions(s, player) if p.kind == "main" else _choices(s, player)
    out = [c for c in out if _accepted(s, c)]
    out.append(Command("Concede", player))
    return out


# --- views (4.1.2 public and hidden areas) ----------------------------------------------------------


def is_visible(s: GameState, oid: str, viewer: str | None) -> bool:
    """Whether ``viewer`` (a judge when None) may see the card's information (4.1.2, 4.2)."""
    if viewer is None:
        return True
    obj = s.objects[oid]
    if obj.revealed:
        return True
    if obj.zone == "deck":  # 4.8.2: hidden for all players, but the one looking at it (5.5.1)
        return oid in s.looked.get(viewer, ())
    if obj.zone in ("hand", "monster_deck"):
        return obj.owner == viewer  # 4.9.2, 4.6.2
    return True


def _card_view(s: GameState, oid: str, viewer: str | None) -> dict[str, JSON]:
    if not is_visible(s, oid, viewer):
        return {"oid": oid, "card": None}
    obj = s.objects[oid]
    card = s.card_of(oid)
    out: dict[str, JSON] = {"oid": oid, "card": card.id, "name": card.name, "type": card.type, "rank": card.rank}
    info = board(s).get(oid)
    if info is not None:
        out["traits"] = list(info.traits)
        if info.threat is not None:
            out["threat"] = info.threat
        if info.counter is not None:
            out["counter"] = info.counter
            out["cannot_engage"] = info.cannot_engage
        if obj.zone in ("field", "strategy"):
            out["zone"] = obj.slot
        if obj.under:
            out["under"] = [_card_view(s, u, viewer) for u in obj.under]
    if obj.revealed:
        out["revealed"] = True
    return out


def view(state: GameState, viewer: str | None) -> dict[str, JSON]:
    """The game as ``viewer`` may see it (a judge when None): hidden areas show counts."""
    s = state
    players: dict[str, JSON] = {}
    for pid in s.order:
        p = s.players[pid]
        z = s.zones[pid]
        zones: dict[str, JSON] = {
            "monster": [_card_view(s, o, viewer) for o in z["monster"]],
            "field": [_card_view(s, o, viewer) for o in sorted(z["field"], key=lambda o: s.objects[o].slot)],
            "strategy": [_card_view(s, o, viewer) for o in sorted(z["strategy"], key=lambda o: s.objects[o].slot)],
            "discard": [_card_view(s, o, viewer) for o in z["discard"]],
            "resolution": [_card_view(s, o, viewer) for o in z["resolution"]],
            "hand": {
                "count": len(z["hand"]),
                "cards": [_card_view(s, o, viewer) for o in z["hand"] if is_visible(s, o, viewer)],
            },
            "deck": {"count": len(z["deck"])}
            if viewer is not None
            else {"count": len(z["deck"]), "cards": [_card_view(s, o, None) for o in z["deck"]]},
            "monster_deck": {
                "count": len(z["monster_deck"]),
                "cards": [_card_view(s, o, viewer) for o in z["monster_deck"] if is_visible(s, o, viewer)],
            },
        }
        players[pid] = {
            "name": p.name,
            "position": p.position,
            "rage": p.rage,
            "rank": monster_rank(s, pid),
            "threat": threat_level(s, pid),
            "counter_power": total_counter_power(s, pid),
            "invaded_this_turn": p.invaded_turn == s.turn and s.turn > 0,
            "lost": p.lost,
            "zones": zones,
        }
    out: dict[str, JSON] = {
        "game_id": s.game_id,
        "ruleset": s.ruleset,
        "variant": s.variant,
        "version": s.seq,
        "turn": s.turn,
        "turn_player": s.turn_player,
        "first_player": s.first_player,
        "phase": s.phase,
        "pending": {"kind": s.pending.kind, "player": s.pending.player} if s.pending else None,
        "standby": [
            {"id": a.id, "master": a.master, "source": a.source, "card": a.card, "trigger": a.trigger}
            for a in s.standby
        ],
        "effects": [
            {"id": e.id, "source": e.source, "targets": list(e.targets), "duration": e.duration} for e in s.effects
        ],
        "players": players,
        "looked": {
            p: [_card_view(s, o, viewer) for o in oids]
            for p, oids in sorted(s.looked.items())
            if viewer is None or p == viewer
        },
        "finished": s.finished,
        "winner": s.winner,
        "result": s.result,
        "viewer": viewer or "judge",
    }
    if s.pending is not None and (viewer is None or viewer == s.pending.player):
        out["pending"] = {
            "kind": s.pending.kind,
            "player": s.pending.player,
            "options": copy.deepcopy(s.pending.options),
        }
    if viewer is None:
        out["seed"] = s.seed
        if s.pending is not None:
            out["resume"] = copy.deepcopy(s.pending.resume)
    return out


def _area_visible(area: str, owner: str, viewer: str) -> bool:
    if area == "deck":
        return False
    if area in ("hand", "monster_deck"):
        return owner == viewer
    return True


def redact_event(state: GameState, event: Event, viewer: str | None) -> Event:
    """An event as ``viewer`` may see it (``state`` is the state after the event).  Card
    identities are hidden whenever the card was hidden from the viewer both before and after."""
    if viewer is None:
        return event
    d = dict(event.data)
    t = event.type
    if t == "GameStarted":
        d.pop("seed", None)
        d["cards"] = hidden.own_deck_list(event.data["cards"], event.data["objects"], viewer)
        d["objects"] = [
            {**o, "card": o["card"] if o["owner"] == viewer and o["zone"] == "monster_deck" else None}
            for o in d["objects"]
        ]
    elif t == "DeckShuffled":
        d["order"] = None
        d["count"] = len(event.data["order"])
    elif t == "CardMoved":
        owner = str(d["owner"])
        seen = _area_visible(d["from"], owner, viewer) or _area_visible(d["to"], owner, viewer) or d.get("revealed")
        if not seen:
            d["oid"] = None
            d["card"] = None
            d.pop("last_known", None)
    elif t == "CardsLookedAt" and d.get("player") != viewer:  # only the looker sees them (5.5.1)
        d["count"] = len(event.data["oids"])
        d["oids"] = None
        d["cards"] = None
    elif t == "ChoiceRequested":
        d.pop("resume", None)
        if d.get("player") != viewer:
            d["options"] = {}
    elif t == "ChoiceMade" and d.get("player") != viewer and isinstance(d.get("choice"), list):
        d["choice"] = _redact_choice(state, d["choice"], viewer)
    elif t == "LoopDeclared":
        d["actions"] = [
            {**a, "args": {"choice": _redact_choice(state, a["args"]["choice"], viewer)}}
            if a["type"] == "Choose" and a["player"] != viewer
            else a
            for a in d["actions"]
        ]
    return Event(event.seq, event.type, d, event.rule, event.cause, event.actor)


def _redact_choice(state: GameState, choice: list[Any], viewer: str) -> list[Any]:
    """A choice of cards as ``viewer`` may see it: the cards hidden from them are ``None``."""
    return [
        c if not isinstance(c, str) or c not in state.objects or is_visible(state, c, viewer) else None for c in choice
    ]


ENGINE: EngineFunctions[GameState] = rules_engine(
    RULESET,
    VARIANTS,
    initial_state=GameState,
    start=start,
    decide=positions.guard_unknown(decide, EVENTS.evolve, position.is_hidden, lambda s: cite("4.2")),
    legal_actions=legal_actions,
    label=label,
    view=view,
    events=EVENTS,
    state_to_dict=state_to_dict,
    state_from_dict=state_from_dict,
    redact_event=positions.redact_with(redact_event, position.EVENT, position.redact),
    start_from_position=position.reconstruct,
)
"""Godzilla Card Game under the comprehensive rules 1.00."""
ENGINES = (ENGINE,)
