"""Luck & Logic comprehensive rules 2.04: ``start``, ``decide``, ``evolve``,
``legal_actions`` and per-player views.  Registered as ruleset ``LL-2.04`` (variant
``standard``).

Catalog: ``{"cards": [<card>, ...]}`` (or a mapping of card id to card), each card as
described in :mod:`domain.ll.cards`.

Deck format (``PlayerSpec.deck``)::

    {
      "main":  [{"card": "LL-TST-001", "count": 4}, ...],   # 50 cards, exactly 8 paradoxes (6.1.1.1)
      "gates": [{"card": "LL-TST-G01", "count": 2}, ...],   # 10 gates, <= 2 per Gate Number (6.1.1.2)
      "my_logicalist": "LL-TST-ML1",                         # optional, at most one (6.1.1.3)
      "tools": [{"card": "LL-TST-T01", "count": 1}, ...]     # optional, <= 4 cards with Tool Skill (6.1.1.4)
    }

Commands (``Command.type``; ``args``), each accepted only while the game waits for that
decision (``view()["pending"]``):

* setup: ``Redraw {cards}`` (6.2.1.8, ``[]`` keeps the hand)
* level phase: ``PlaceLevelCard {card, swap_with?}`` / ``SkipLevel`` (7.4.3)
* main phase (7.5.3): ``Deploy {card, circles}``, ``Trance {materials, tranceunion, circles,
  trance_change?, refresh?}`` (``tranceunion`` from hand or deck, or from the Drop Zone
  with ``refresh``: a Deck Refresh while searching, 5.13.1.2; ``materials`` may name your
  My Logicalist; ``tranceunion: null`` announces a Trance without deploying, 5.13.1.4),
  ``LuckDrive``, ``UseAbility {source, ability, x?}`` (startup abilities incl.
  Logic Drive and Make Up), ``Rearrange {moves: {oid: [circles]}}``, ``EndMainPhase``
* battle: ``DeclareAttack {attacker, circle}`` / ``EndAttacks`` (8.2.4), ``Intercept
  {members}`` / ``DeclineIntercept`` (8.3.3), ``DefineLogic {card}`` / ``LevelBoost
  {level_card}`` / ``PassLogic`` (8.4)
* end phase: ``KeepHand {cards}`` (7.7.6)
* check timings: ``PlayAuto {primed}`` (9.5.3.2, 9.7.3), ``Choose {choice}`` (a choice during
  resolution or by a rule process: a list of card ids, a number (also X, 9.6.2.2.1), true/false,
  or the replacement effect to apply next, ``"<source>:<ability>"`` or ``"none"``, 9.10.2)
* any time: ``Concede`` (1.2.4)

Circles are location codes ``FL FC FR BL BC BR`` (front/back row, left/center/right, 4.4.2).
"""

from __future__ import annotations

import copy
import itertools
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from domain import hidden, labels, positions
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
    IntRange,
    ListOf,
    LoopRule,
    ObjectId,
    PlayerId,
    Rejection,
    Shuffler,
    Text,
    checking_choices,
    copy_json,
    offer_choice,
    rules_engine,
    seed_commitment,
    try_loop,
)
from domain.kernel import (
    is_finished as is_finished,
)
from domain.ll import actions, flow, position
from domain.ll.board import LOCATIONS, is_valid_placement, location_name, normalise, placements
from domain.ll.cards import Card, parse_catalog
from domain.ll.characteristics import (
    LEVEL_LIMIT,
    TRANCE_CHANGE_LIMIT,
    abilities_of,
    ability_at,
    ability_valid,
    cannot_be_used,
    characteristics,
    play_cost,
    requirements_met,
    seen_by,
    trance_limit,
    zone_visible,
)
from domain.ll.context import RULESET, Ctx, GameOverError, RejectedError, cite
from domain.ll.state import (
    EVENTS,
    GameState,
    action_key,
    game_state_digest,
    state_from_dict,
    state_to_dict,
)
from domain.ll.state import (
    apply_event as apply_event,
)
from domain.ll.state import (
    evolve as evolve,
)

VARIANTS = ("standard",)
MAIN_DECK_SIZE = 50
PARADOXES = 8
GATE_DECK_SIZE = 10
OPENING_HAND = 5
MAX_COMBOS = 16

CommandHandler = Handler[Ctx]
COMMAND_TABLE = CommandTable[Ctx](
    Ctx,
    lambda state: cite,
    finished="1.2.1",
    unknown_player="1.1.1",
    unknown_type="9.5.2",
    expected="9.5.2",
    game_over=(GameOverError,),
    before=lambda state, cmd: _excluded(state, cmd),
    begin=lambda ctx, state, cmd: _start_action(ctx, state, cmd.player, cmd.type, cmd.args),
    after=lambda state, cmd, events: _perpetual_cycle(state.cycle_log, cmd.type, events),
)
COMMANDS = COMMAND_TABLE.handlers
"""Every command type, by name."""
command = COMMAND_TABLE.command
"""Register a command handler; ``pending`` lists the decision kinds it answers."""


# --- deck construction (6.1) ----------------------------------------------------------------


def _entries(ctx: Ctx, pid: str, deck: Mapping[str, Any], key: str, rule: str) -> list[str]:
    raw = deck.get(key, [])
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise ctx.reject("deck/malformed", rule, f"{pid}'s deck field {key!r} must be a list of {{card, count}}")
    out: list[str] = []
    for entry in raw:
        if not isinstance(entry, Mapping) or not isinstance(entry.get("card"), str):
            raise ctx.reject("deck/malformed", rule, f"{pid}'s {key} entries need a 'card' id and a 'count'")
        count = entry.get("count", 1)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise ctx.reject("deck/malformed", rule, f"{pid}'s {key} entry {entry['card']!r}: count must be >= 1")
        out += [entry["card"]] * count
    return out


def check_deck(
    ctx: Ctx, pid: str, deck: Mapping[str, Any], cards: Mapping[str, Card]
) -> tuple[list[str], list[str], str | None, list[str]]:
    """Deck preparation (6.1); returns main deck, gate deck, My Logicalist, tool deck."""
    if not isinstance(deck, Mapping):
        raise ctx.reject("deck/malformed", "6.1.1", f"{pid}'s deck must be an object with 'main' and 'gates'")
    main = _entries(ctx, pid, deck, "main", "6.1.1.1")
    gates = _entries(ctx, pid, deck, "gates", "6.1.1.2")
    tools = _entries(ctx, pid, deck, "tools", "6.1.1.4")
    ml = deck.get("my_logicalist")
    if ml is not None and not isinstance(ml, str):
        raise ctx.reject("deck/malformed", "6.1.1.3.1", f"{pid} may prepare up to 1 My Logicalist (a card id)")
    for cid in [*main, *gates, *tools, *([ml] if ml else [])]:
        if cid not in cards:
            raise ctx.reject("deck/unknown_card", "6.1.1", f"{pid}'s deck names unknown card {cid!r}")
    for cid in main:
        if cards[cid].type in ("gate", "my_logicalist"):
            raise ctx.reject(
                "deck/illegal_main_deck_card",
                "6.1.1.1.4",
                f"{pid}'s main deck holds {cards[cid].name} ({cid}), a {cards[cid].type}: not allowed in a Main Deck",
            )
    if len(main) != MAIN_DECK_SIZE:
        raise ctx.reject("deck/main_deck_size", "6.1.1.1.1", f"{pid}'s main deck has {len(main)} cards; exactly 50")
    for name, n in Counter(cards[c].name for c in main).items():
        if n > 4:
            raise ctx.reject(
                "deck/too_many_copies", "6.1.1.1.2", f"{pid}'s main deck holds {n} cards named {name}; at most 4"
            )
    paradoxes = sum(1 for c in main if cards[c].type == "paradox")
    if paradoxes != PARADOXES:
        raise ctx.reject(
            "deck/paradox_count", "6.1.1.1.3", f"{pid}'s main deck holds {paradoxes} paradox cards; exactly 8"
        )
    for cid in gates:
        if cards[cid].type != "gate":
            raise ctx.reject(
                "deck/illegal_gate_deck_card",
                "6.1.1.2.3",
                f"{pid}'s gate deck holds {cards[cid].name} ({cid}), which is not a gate",
            )
    if len(gates) != GATE_DECK_SIZE:
        raise ctx.reject("deck/gate_deck_size", "6.1.1.2.1", f"{pid}'s gate deck has {len(gates)} cards; exactly 10")
    for number, n in Counter(cards[c].gate_number for c in gates).items():
        if n > 2:
            raise ctx.reject(
                "deck/gate_number",
                "6.1.1.2.2",
                f"{pid}'s gate deck holds {n} gates with Gate Number {number}; at most 2",
            )
    if ml is not None and cards[ml].type != "my_logicalist":
        raise ctx.reject("deck/not_my_logicalist", "6.1.1.3.1", f"{pid}'s My Logicalist {ml!r} is a {cards[ml].type}")
    if len(tools) > 4:
        raise ctx.reject("deck/tool_deck_size", "6.1.1.4.1", f"{pid}'s tool deck has {len(tools)} cards; at most 4")
    for cid in tools:
        if not cards[cid].tool_skill:
            raise ctx.reject(
                "deck/illegal_tool_card", "6.1.1.4.2", f"{pid}'s tool deck holds {cards[cid].name}, without Tool Skill"
            )
    return main, gates, ml, tools


# --- setup (6.2) -------------------------------------------------------------------------------


def start(spec: GameSpec, catalog: Any) -> list[Event] | Rejection:
    state = GameState()
    ctx = Ctx(state, f"cmd:create:{spec.game_id}")
    try:
        _start(ctx, spec, catalog)
    except RejectedError as exc:
        return exc.rejection
    except GameOverError:
        pass
    return ctx.events


def _start(ctx: Ctx, spec: GameSpec, catalog: Any) -> None:
    if spec.ruleset != RULESET:
        raise ctx.reject("ruleset/unknown", "1.1.1", f"this engine adjudicates {RULESET}, not {spec.ruleset!r}")
    if spec.variant not in VARIANTS:
        raise ctx.reject("game/unknown_variant", "1.1.1", f"variant must be one of {', '.join(VARIANTS)}")
    if len(spec.players) != 2 or spec.players[0].id == spec.players[1].id:
        raise ctx.reject("game/players", "1.1.1", "the game is played by exactly 2 players with distinct ids")
    if spec.first_player is not None:
        raise ctx.reject(
            "game/first_player_is_random",
            "6.2.1.7.1",
            "the player going first is decided at random; nothing else may choose it (first_player must be null)",
        )
    try:
        cards = parse_catalog(catalog)
    except CardDataError as exc:
        raise ctx.reject("cards/invalid", exc.rule or "2.2.1", str(exc)) from None
    used: dict[str, Card] = {}
    objects: list[dict[str, Any]] = []
    shuffles = 0
    for p in spec.players:
        main, gates, ml, tools = check_deck(ctx, p.id, p.deck, cards)
        # object ids carry no information about the deck list: they are numbered in a
        # random order (the order is re-derivable from the seed like any shuffle)
        placed: list[tuple[str, str, str]] = []
        for prefix, zone, ids in (("d", "deck", main), ("g", "gate_deck", gates), ("t", "tool", tools)):
            for n, cid in enumerate(Shuffler(spec.seed, shuffles).shuffled(ids), start=1):
                placed.append((f"{p.id}-{prefix}{n:02d}", cid, zone))
            shuffles += 1
        if ml is not None:
            placed.append((f"{p.id}-ml", ml, "my_logicalist"))
        for oid, cid, zone in placed:
            objects.append({"oid": oid, "card": cid, "owner": p.id, "zone": zone, "face_down": True})
            used[cid] = cards[cid]
    started = ctx.emit(
        "GameStarted",
        {
            "game_id": spec.game_id,
            "ruleset": RULESET,
            "variant": spec.variant,
            "seed": spec.seed,
            "seed_commitment": seed_commitment(spec.game_id, spec.seed),
            "shuffles_used": shuffles,
            "players": [{"id": p.id, "name": p.name} for p in spec.players],
            "cards": {cid: c.model_dump(mode="json", exclude_unset=True) for cid, c in used.items()},
            "objects": objects,
        },
        "6.2.1.1",
    )
    s = ctx.s
    # Each step of the preparation (6.2.1.4-6.2.1.8) follows from the game's start, not from the
    # step recorded before it (an event without an explicit cause follows from ``ctx.last``).
    for pid in s.order:
        for zone in ("deck", "gate_deck"):
            ctx.last = started
            actions.shuffle(ctx, pid, zone, "6.2.1.4")
    for pid in s.order:
        for loc in LOCATIONS:
            ctx.last = started
            top = s.zones[pid]["gate_deck"][-1]
            actions.move(ctx, top, "gate", rule="6.2.1.5", reason="setup", face_down=True, circles=[loc])
        for oid in list(s.zones[pid]["gate_deck"]):
            actions.move(ctx, oid, "remove", rule="6.2.1.5.1", reason="setup", face_down=True, cause=started)
    index = s.shuffles
    first = Shuffler(s.seed, index).choice(s.order)
    chosen = ctx.emit("FirstPlayerChosen", {"player": first, "shuffle_index": index}, "6.2.1.7", cause=started)
    # both initial hands, and the first player's redraw, follow from the turn order (6.2.1.8)
    for pid in [first, s.opponent(first)]:
        actions.draw(ctx, pid, OPENING_HAND, "6.2.1.8", cause=chosen)
    ctx.last = chosen
    actions.request(ctx, first, "redraw", {}, "6.2.1.8")


@command("Redraw", args={"cards": ListOf(ObjectId)})
def redraw(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    p = s.pending
    if p is None or p.kind != "redraw":
        waiting = "nothing" if p is None else f"{p.kind} by {p.player}"
        raise ctx.reject("rules/not_expected", "9.5.2", f"Redraw is not possible now: the game waits for {waiting}")
    if p.player != player:  # "Starting with the player going first, each player ..." (6.2.1.8)
        raise ctx.reject(
            "rules/not_your_decision", "6.2.1.8", f"Redraw is not yours to make now: {p.player} decides theirs first"
        )
    chosen = args.get("cards", [])
    hand = s.zones[player]["hand"]
    if not isinstance(chosen, list) or len(set(map(str, chosen))) != len(chosen) or any(c not in hand for c in chosen):
        raise ctx.reject("rules/not_in_hand", "6.2.1.8", "Redraw.cards must list distinct cards from your hand")
    declared = ctx.emit("RedrawDeclared", {"player": player, "cards": list(chosen)}, "6.2.1.8", actor=player)
    # the cards put back and those drawn instead are that player's choice
    for oid in chosen:
        actions.move(ctx, oid, "deck", rule="6.2.1.8", reason="redraw", position="bottom", cause=declared, actor=player)
    actions.draw(ctx, player, len(chosen), "6.2.1.8", cause=declared, actor=player)
    # "Starting with the player going first, each player ..." (6.2.1.8): the other player is asked
    # once this one has decided; the rest of the preparation once both have (6.2.1.9-6.2.1.11)
    ctx.last = declared
    other = s.opponent(player)
    if not s.players[other].redraw_done:
        actions.request(ctx, other, "redraw", {}, "6.2.1.8")
        return
    for pid in s.order:
        for oid in s.zones[pid]["my_logicalist"]:
            ctx.last = declared
            actions.turn(ctx, oid, False, "6.2.1.9", "setup")
    for pid in s.order:
        ctx.emit("RefreshPointsChanged", {"player": pid, "points": 0, "delta": 0}, "6.2.1.10", cause=declared)
    ctx.last = declared
    flow.start_turn(ctx, s.first_player, "6.2.1.11")


# --- helpers --------------------------------------------------------------------------------------


def _oid(ctx: Ctx, args: Mapping[str, Any], key: str, rule: str) -> str:
    oid = args.get(key)
    if not isinstance(oid, str):
        raise ctx.reject("command/malformed", rule, f"'{key}' must be a card id such as 'p1-d07'")
    if oid not in ctx.s.objects:
        raise ctx.reject("command/unknown_card", rule, hidden.unseen_card(oid))
    return oid


def _circles(ctx: Ctx, raw: Any, rule: str) -> list[str]:
    if not isinstance(raw, list) or not raw or any(c not in LOCATIONS for c in raw) or len(set(raw)) != len(raw):
        raise ctx.reject(
            "command/malformed", rule, f"'circles' must list distinct locations from {', '.join(LOCATIONS)}"
        )
    return normalise(raw)


def _pending_resume(ctx: Ctx) -> list[Any]:
    p = ctx.s.pending
    assert p is not None
    return list(p.resume)


def _stock_ok(ctx: Ctx, player: str, amount: int, what: str) -> None:
    have = len(ctx.s.zones[player]["stock"])
    if have < amount:
        raise ctx.reject(
            "rules/cannot_pay",
            "5.22.3",
            f"{what} costs ({amount}) but your Stock holds {have}; a cost is paid in full or not at all",
        )


# --- level phase (7.4) -----------------------------------------------------------------------------


@command("PlaceLevelCard", "level", args={"card": ObjectId, "swap_with": ObjectId})
def place_level_card(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    oid = _oid(ctx, args, "card", "7.4.3.1")
    if s.objects[oid].zone != "hand" or s.objects[oid].owner != player:
        raise ctx.reject("rules/not_in_hand", "7.4.3.1", f"{oid} is not in your hand")
    face_down = flow.is_first_turn_of_first_player(s)
    level = s.zones[player]["level"]
    swap = args.get("swap_with")
    point = _pending_resume(ctx)
    if len(level) >= LEVEL_LIMIT:
        if not isinstance(swap, str) or swap not in level:
            raise ctx.reject(
                "rules/level_limit",
                "7.4.3.1.1",
                "your Level Zone is at its Level Limit: choose a Level Zone card to swap",
            )
    elif swap is not None:
        raise ctx.reject("rules/no_swap", "7.4.3.1.1", "a swap only happens when the Level Zone is at its Level Limit")
    ev = ctx.emit("LevelCardPlaced", {"player": player, "oid": oid, "swap_with": swap}, "7.4.3.1", actor=player)
    ctx.commit()
    rule = "7.4.3.1.1" if swap else "7.4.3.1"
    actions.move(ctx, oid, "level", rule=rule, reason="level phase", face_down=face_down, cause=ev)
    if isinstance(swap, str):
        actions.move(ctx, swap, "hand", rule="5.11.1", reason="swap", face_down=False, cause=ev)
    flow.resume(ctx, point, skip=True)


@command("SkipLevel", "level")
def skip_level(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    point = _pending_resume(ctx)
    ctx.emit("LevelPhaseSkipped", {"player": player}, "7.4.3.2", actor=player)
    ctx.commit()
    flow.resume(ctx, point, skip=True)


# --- main phase (7.5) ------------------------------------------------------------------------------


def deploy_problem(s: GameState, player: str, oid: str, circles: list[str]) -> tuple[str, str, str] | None:
    """Why ``Deploy`` is refused, as (code, rule, message), or None."""
    obj = s.objects[oid]
    card = s.card_of(oid)
    if obj.zone != "hand" or obj.owner != player:
        return "rules/not_in_hand", "7.5.3.1", f"{card.name} ({oid}) is not in your hand"
    if not card.is_member:
        return "rules/not_a_member", "7.5.3.1", f"{card.name} is a {card.type}; only members are deployed"
    if card.type == "tranceunion":
        return "rules/tranceunion_needs_trance", "5.13.1", f"{card.name} is a Tranceunion: it is deployed by Trancing"
    missing = requirements_met(s, player, oid)
    if missing is not None:
        n = len(s.zones[player]["level"])
        return "rules/level_requirement", missing, f"{card.name} is level {card.level}; your Level Zone holds {n}"
    if not is_valid_placement(card.territory, circles):
        return "rules/territory", "2.10.2", f"{card.name} has Territory {card.territory}; {circles} does not fit it"
    cost = play_cost(s, player, oid)
    if len(s.zones[player]["stock"]) < cost:
        return (
            "rules/cannot_pay",
            "9.6.2.3.2",
            f"{card.name} costs ({cost}); your Stock holds {len(s.zones[player]['stock'])}",
        )
    return None


@command("Deploy", "main", args={"card": ObjectId, "circles": ListOf(Text)})
def deploy(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    oid = _oid(ctx, args, "card", "7.5.3.1")
    circles = _circles(ctx, args.get("circles"), "5.12.2")
    problem = deploy_problem(s, player, oid, circles)
    if problem is not None:
        raise ctx.reject(*problem)
    point = _pending_resume(ctx)
    cost = play_cost(s, player, oid)
    ev = ctx.emit(
        "MemberDeployed",
        {"player": player, "oid": oid, "circles": circles},
        "5.12.3.1",
        actor=player,
    )
    ctx.commit()  # nothing refuses a Deploy from here on; its decision event decides 12.1.1.2
    ctx.emit("CardRevealed", {"oid": oid, "card": s.objects[oid].card}, "9.6.2.1", cause=ev)
    actions.to_resolution_zone(ctx, oid, cause=ev)
    actions.pay_stock(ctx, player, cost, s.card_of(oid).name)
    if finish_placing(ctx, {"place": oid, "player": player, "circles": circles, "resume": point}):
        flow.resume(ctx, point)


def finish_placing(ctx: Ctx, then: Mapping[str, Any]) -> bool:
    """The end of a Deploy (5.12.2) or Trance (5.13.1.2.1): drop the members on the circles
    (5.12.2.1), put the new member there, finish the Trance, prime "when deployed".  False:
    the controller of a dropped member first chooses a replacement effect (9.10.2,
    9.2.2.3.2); the answer continues here."""
    player, oid = str(then["player"]), str(then["place"])

    def ask(question: dict[str, Any]) -> None:
        actions.request_replacement(ctx, {**question, "then": dict(then)}, resume=list(then["resume"]))

    circles = [str(c) for c in then["circles"]]
    trance = then.get("trance")
    rule, reason = ("5.13.1.2.1", "trance") if trance else ("5.12.2", "deploy")
    ev = actions.place_member(ctx, player, oid, circles, rule=rule, reason=reason, actor=player, ask=ask)
    if ev is None:
        return False
    if isinstance(trance, Mapping):
        _finish_trance(ctx, player, oid, trance, ev)
    actions.prime(ctx, "deployed", cause=ev, subject=oid, player=player)
    return True


def _member_kind(s: GameState, oid: str, player: str) -> str | None:
    """L (Logicalist), S (Super Logicalist), F (Foreigner), T (Tranceunion: only with
    Trance Change), M (standing My Logicalist)."""
    obj = s.objects[oid]
    card = s.card_of(oid)
    if obj.owner != player:
        return None
    if obj.zone == "my_logicalist":
        return "M" if card.type == "my_logicalist" and not obj.rested and not obj.face_down else None
    if obj.zone != "circle" or obj.set_to is not None or obj.face_down:
        return None
    return {"logicalist": "L", "super_logicalist": "S", "foreigner": "F", "tranceunion": "T"}.get(card.type)


def trance_problem(
    s: GameState,
    player: str,
    materials: list[str],
    tu: str | None,
    circles: list[str],
    via_tc: bool,
    refresh: bool = False,
) -> tuple[str, str, str] | None:
    """Why ``Trance`` is refused (5.13, 7.5.3.2, 7.5.3.3, 11.5), or None."""
    p = s.players[player]
    if via_tc and p.trance_changes >= TRANCE_CHANGE_LIMIT:
        return "rules/trance_change_limit", "7.5.3.3", "you have used your Trance Change Limit this turn"
    if not via_tc and p.trances >= trance_limit(s, player):
        return "rules/trance_limit", "7.5.3.2", "you have used your Trance Limit this turn"
    if len(materials) != 2 or len(set(materials)) != 2:
        return "rules/trance_materials", "5.13.1.1", "choose exactly two cards to Trance"
    kinds = [_member_kind(s, m, player) for m in materials]
    if None in kinds:
        return (
            "rules/trance_materials",
            "5.13.1.1",
            "Trance uses your members on circles and/or your standing My Logicalist",
        )
    if via_tc:
        tc = [m for m in materials if characteristics(s, m).trance_change is not None]
        foreigners = [m for m, k in zip(materials, kinds, strict=True) if k == "F"]
        if not tc or not any(f not in tc[:1] for f in foreigners):
            return "rules/trance_materials", "5.13.1.1 p6", "Trance Change needs a member with [TC] and a Foreigner"
    else:
        pair = "".join(sorted(k or "" for k in kinds))
        allowed = {"FL", "FS", "SS", "FM"}
        ml = [m for m in materials if s.objects[m].zone == "my_logicalist"]
        if pair == "MS" and ml and s.card_of(ml[0]).super_trance:
            allowed.add("MS")  # 2.2.2.8.1
        if pair not in allowed:
            return (
                "rules/trance_materials",
                "5.13.1.1",
                "Trance needs a Logicalist and a Foreigner, a Super Logicalist and a Foreigner, two Super "
                "Logicalists, or a Foreigner (or Super Logicalist, 2.2.2.8.1) with your standing My Logicalist",
            )
    if tu is None:
        return None
    obj = s.objects[tu]
    card = s.card_of(tu)
    if obj.owner != player or obj.zone not in ("hand", "deck", *(("drop",) if refresh else ())):
        return "rules/tranceunion_zone", "5.13.1.2", f"{tu} is neither in your hand nor in your deck"
    if refresh and obj.zone == "hand":
        return "rules/refresh_needs_search", "5.13.1.2", "a Deck Refresh goes with searching the deck"
    if card.type != "tranceunion":
        return "rules/not_a_tranceunion", "5.13.1", f"{card.name} is not a Tranceunion"
    missing = requirements_met(s, player, tu)
    if missing is not None:
        return "rules/requirements", missing, f"{card.name} does not meet its world/colour and level requirements"
    if via_tc:
        info = next(characteristics(s, m).trance_change for m in materials if characteristics(s, m).trance_change)
        assert info is not None
        if not any(card.has_info(i) or i in card.traits for i in info):
            return "rules/trance_change_info", "11.5.1", f"{card.name} does not have {' or '.join(info)}"
    if not is_valid_placement(card.territory, circles):
        return "rules/territory", "2.10.2", f"{card.name} has Territory {card.territory}; {circles} does not fit it"
    cost = play_cost(s, player, tu)
    if len(s.zones[player]["stock"]) < cost:
        return (
            "rules/cannot_pay",
            "9.6.2.3.2",
            f"{card.name} costs ({cost}); your Stock holds {len(s.zones[player]['stock'])}",
        )
    return None


@command(
    "Trance",
    "main",
    args={
        "materials": ListOf(ObjectId),
        "tranceunion": ObjectId,
        "circles": ListOf(Text),
        "trance_change": Bool,
        "refresh": Bool,
    },
)
def trance(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    materials = args.get("materials")
    if not isinstance(materials, list) or not all(isinstance(m, str) and m in s.objects for m in materials):
        raise ctx.reject("command/malformed", "5.13.1.1", "'materials' must list two card ids")
    tu_raw = args.get("tranceunion")
    tu = None if tu_raw is None else _oid(ctx, args, "tranceunion", "5.13.1.2")
    circles = _circles(ctx, args.get("circles"), "5.12.2") if tu is not None else []
    via_tc = bool(args.get("trance_change", False))
    refresh = bool(args.get("refresh", False))
    if refresh and tu is None:
        raise ctx.reject("rules/refresh_needs_search", "5.13.1.2", "a Deck Refresh goes with searching the deck")
    problem = trance_problem(s, player, list(materials), tu, circles, via_tc, refresh)
    if problem is not None:
        raise ctx.reject(*problem)
    point = _pending_resume(ctx)
    searched = tu is not None and s.objects[tu].zone in ("deck", "drop")
    ev = ctx.emit(
        "TranceDeclared",
        {
            "player": player,
            "materials": list(materials),
            "tranceunion": tu,
            "from": s.objects[tu].zone if tu else None,
            "via_trance_change": via_tc,
        },
        "11.5.2" if via_tc else "5.13.1",
        actor=player,
    )
    ctx.commit()
    ml = [m for m in materials if s.objects[m].zone == "my_logicalist"]
    others = [m for m in materials if m not in ml]
    if tu is None:
        # 5.13.1.4: a Trance announced without deploying a Tranceunion drops its cards
        for m in others:
            actions.move(ctx, m, "drop", rule="5.13.1.4", reason="trance without a tranceunion", cause=ev)
        for m in ml:
            ctx.emit("CardRested", {"oid": m, "reason": "trance"}, "5.13.1.4.1")
        flow.resume(ctx, point)
        return
    if refresh:
        actions.refresh(ctx, player, "5.13.1.2", cause=ev, actor=player)  # elected while searching the deck
    ctx.emit("CardRevealed", {"oid": tu, "card": s.objects[tu].card}, "9.6.2.1", cause=ev)
    cost = play_cost(s, player, tu)  # decided for the card as it was chosen (9.6.2.3)
    actions.to_resolution_zone(ctx, tu, cause=ev)
    actions.pay_stock(ctx, player, cost, s.card_of(tu).name)
    tc_members = [m for m in others if via_tc and characteristics(s, m).trance_change is not None][:1]
    tc_soul = [c for m in tc_members for c in s.soul(m)]
    for m in others:
        actions.move(
            ctx,
            m,
            "soul",
            rule="5.13.1.3",
            reason="trance",
            soul_of=tu,
            face_down=False,
            soul_follows=m not in tc_members,
        )
    for c in tc_soul:
        actions.move(ctx, c, "soul", rule="11.5.3", reason="trance change", soul_of=tu, face_down=False)
    for m in ml:
        ctx.emit("CardRested", {"oid": m, "reason": "trance"}, "5.13.1.3.1")
    then = {
        "place": tu,
        "player": player,
        "circles": circles,
        "resume": point,
        "trance": {"searched": searched, "materials": list(materials), "others": others},
    }
    if finish_placing(ctx, then):
        flow.resume(ctx, point)


def _finish_trance(ctx: Ctx, player: str, tu: str, trance: Mapping[str, Any], ev: str) -> None:
    """5.13.1.2.2 shuffle, 5.35.1, and the Covenants of the cards put in the Soul (11.2)."""
    s = ctx.s
    if trance["searched"]:
        actions.shuffle(ctx, player, "deck", "5.13.1.2.2")
    ctx.emit("TranceCompleted", {"player": player, "tranceunion": tu}, "5.35.1", cause=ev)
    # Covenant (11.2): "when this card is placed in the Soul Zone via Trancing, if it Trances
    # with a card with the shown information"
    materials = [str(m) for m in trance["materials"]]
    for m in trance["others"]:
        partner = next(x for x in materials if x != m)
        partner_card = s.card_of(partner)
        actions.prime(
            ctx,
            "covenant",
            cause=ev,
            only=[m],
            printed=True,
            info={"tranceunion": tu, "partner": partner},
            select=lambda a, pc=partner_card: any(pc.has_info(i) for i in a.covenant),  # type: ignore[misc]
        )


@command("LuckDrive", "main")
def luck_drive(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    _stock_ok(ctx, player, 3, "Luck Drive")
    point = _pending_resume(ctx)
    ctx.emit("LuckDrivePerformed", {"player": player}, "7.5.3.4", actor=player)
    ctx.commit()
    stock = s.zones[player]["stock"]
    ctx.emit("CostPaid", {"player": player, "stock": 3, "for": "Luck Drive"}, "5.18.1")
    ctx.paying_cost = True
    for _ in range(3):
        actions.move(ctx, stock[-1], "drop", rule="5.18.1", reason="luck drive", face_down=False)
    ctx.paying_cost = False
    actions.draw(ctx, player, 1, "5.18.1")
    flow.resume(ctx, point)


def ability_problem(s: GameState, player: str, oid: str, index: Any, x: Any = None) -> tuple[str, str, str] | None:
    obj = s.objects[oid]
    card = s.card_of(oid)
    if obj.owner != player:
        return "rules/not_your_card", "9.4.2", f"{card.name} ({oid}) is not yours"
    if not isinstance(index, int) or isinstance(index, bool):
        return "command/malformed", "9.1.2.3", "'ability' must be the index of the ability on the card"
    ability = ability_at(s, oid, index)
    if ability is None:
        if 0 <= index < len(card.abilities):  # printed, and lost (5.31.1)
            return "rules/invalid_ability", "5.31.1", f"{card.name} has lost its ability {index}"
        return "command/malformed", "9.1.2.3", "'ability' must be the index of an ability the card has"
    if ability.kind != "startup":
        return "rules/not_a_startup_ability", "9.1.2.3", f"ability {index} of {card.name} is not a startup ability"
    if not ability_valid(s, oid, ability):
        rule = "11.6.1.3" if ability.ex_soul is not None else "9.3.3.3"
        return "rules/invalid_ability", rule, f"{card.name}'s ability {index} is not valid now"
    if cannot_be_used(s, oid, index, ability):
        disabled = any(e.disable and oid in e.targets for e in s.effects)
        rule = "12.3.1.1" if disabled else "12.4.1.1"
        return "rules/cannot_be_used", rule, f"{card.name}'s ability {index} cannot be used now"
    if ability.keyword == "logic_drive":
        if s.turn_player != player:
            return "rules/logic_drive", "11.4.2", "a Logic Drive is used by the turn player"
        if not s.soul(oid):
            return "rules/logic_drive_soul", "7.5.3.5", f"{card.name} has no Soul: it cannot use its Logic Drive"
        if s.players[player].logic_drive_used:
            return "rules/logic_drive_once", "7.5.3.5", "you have already used a Logic Drive this turn"
    if ability.keyword == "make_up" and obj.make_up_turn == s.turn and obj.make_up_turn:
        return "rules/make_up_same_turn", "11.11.3.1", f"{card.name} entered the Field via Make Up this turn"
    cost = ability.cost
    extra = 0
    if ability.x is None and x is not None:
        return "rules/no_x", "9.6.2.2.1", f"{card.name}'s ability {index} has no X to choose"
    if ability.x is not None:
        if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x <= ability.x.max:
            return (
                "rules/choose_x",
                "9.6.2.2.1",
                f"{card.name}'s ability {index}: choose X, a whole number from 0 to {ability.x.max}",
            )
        extra = x if ability.x.stock else 0
    if len(s.zones[player]["stock"]) < cost.stock + extra:
        return "rules/cannot_pay", "9.6.2.3.2", f"the ability costs ({cost.stock + extra}); your Stock is too small"
    if cost.rest_self and obj.rested:
        return "rules/cannot_pay", "9.6.2.3.2", f"{card.name} is already rested"
    return None


@command("UseAbility", "main", args={"source": ObjectId, "ability": IntRange(0), "x": IntRange(0)})
def use_ability(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    oid = _oid(ctx, args, "source", "9.1.2.3")
    index = args.get("ability")
    x = args.get("x")
    problem = ability_problem(s, player, oid, index, x)
    if problem is not None:
        raise ctx.reject(*problem)
    assert isinstance(index, int)
    point = _pending_resume(ctx)
    ability = ability_at(s, oid, index)
    assert ability is not None
    name = s.card_of(oid).name
    ctx.emit("AbilityUsed", {"player": player, "source": oid, "ability": index}, "9.6.2.1", actor=player)
    info: dict[str, Any] = actions.gained_info(ability, index, {}) or {}
    if ability.x is not None:
        assert isinstance(x, int)
        info["x"] = x
        ctx.emit("XChosen", {"player": player, "source": oid, "ability": index, "x": x}, "9.6.2.2.1", actor=player)
    if ability.keyword == "make_up":
        assert ability.make_up is not None
        if actions.start_make_up(ctx, player, oid, index, ability.make_up, point):
            flow.resume(ctx, point)
        return
    ctx.emit(
        "AbilityPlayed",
        {
            "frame": ctx.fresh_id("f"),
            "controller": player,
            "source": oid,
            "ability": index,
            "ref": "ability",
            "resume": point,
            "once_per_turn_key": f"{oid}:{index}" if ability.once_per_turn else None,
            "logic_drive": ability.keyword == "logic_drive",
            "info": info,
        },
        "11.4.1" if ability.keyword == "logic_drive" else "9.6.2",
        actor=player,
    )
    extra = int(info.get("x", 0)) if ability.x is not None and ability.x.stock else 0
    actions.pay_ability_cost(ctx, player, oid, ability, name, extra_stock=extra)
    if actions.run_frames(ctx):
        flow.resume(ctx, point)


def rearrange_problem(s: GameState, player: str, moves: Mapping[str, Any]) -> tuple[str, str, str] | None:
    if not moves:
        return "command/malformed", "7.5.3.6", "'moves' must map at least one member to its new circles"
    layout: dict[str, list[str]] = {o: list(s.objects[o].circles) for o in s.members(player)}
    for oid, circles in moves.items():
        if oid not in layout:
            return "rules/not_your_member", "7.5.3.6", f"{oid} is not one of your members on a circle"
        if not isinstance(circles, list) or any(c not in LOCATIONS for c in circles):
            return "command/malformed", "7.5.3.6", "each move lists circle locations"
        territory = s.card_of(oid).territory
        if not is_valid_placement(territory, circles):
            return (
                "rules/territory",
                "7.5.3.6",
                f"{s.card_of(oid).name} has Territory {territory}; {circles} does not fit",
            )
        layout[oid] = normalise(circles)
    taken: set[str] = set()
    for circles in layout.values():
        if taken & set(circles):
            return "rules/circle_taken", "7.5.3.6", "after rearranging, each circle holds at most one member"
        taken |= set(circles)
    if all(layout[o] == s.objects[o].circles for o in moves):
        return "rules/nothing_moves", "5.14.2", "no member changes its circles"
    return None


@command("Rearrange", "main", args={"moves": Anything("member ids mapped to lists of circles")})
def rearrange(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    moves = args.get("moves")
    if not isinstance(moves, Mapping):
        raise ctx.reject("command/malformed", "7.5.3.6", "'moves' must map member ids to lists of circles")
    problem = rearrange_problem(s, player, moves)
    if problem is not None:
        raise ctx.reject(*problem)
    point = _pending_resume(ctx)
    # in a canonical order: a command's meaning must not depend on the order of its JSON keys
    moved = {o: normalise(moves[o]) for o in sorted(moves) if normalise(moves[o]) != s.objects[o].circles}
    ev = ctx.emit("MembersRearranged", {"player": player, "moves": moved}, "7.5.3.6", actor=player)
    ctx.commit()
    for oid, circles in moved.items():
        actions.move(ctx, oid, "circle", rule="5.14.2", reason="rearrange", circles=circles, cause=ev)
        for c in s.set_cards(oid):
            actions.move(
                ctx,
                c,
                "circle",
                rule="5.24.2",
                reason="moves with the card it is set to",
                circles=circles,
                set_to=oid,
                face_down=s.objects[c].face_down,
            )
    flow.resume(ctx, point)


@command("EndMainPhase", "main")
def end_main_phase(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    point = _pending_resume(ctx)
    ctx.emit("MainPhaseEnded", {"player": player}, "7.5.4", actor=player)
    ctx.commit()
    flow.resume(ctx, point, skip=True)


# --- battle (8) -----------------------------------------------------------------------------------


@command("DeclareAttack", "attack", args={"attacker": ObjectId, "circle": Text})
def declare_attack(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    attacker = _oid(ctx, args, "attacker", "8.2.5")
    circle = args.get("circle")
    if attacker not in flow.standing_members(s, player):
        raise ctx.reject("rules/cannot_attack", "8.2.5", f"{attacker} is not one of your standing members")
    if not isinstance(circle, str) or circle not in LOCATIONS:
        raise ctx.reject(
            "command/malformed", "8.2.6", f"'circle' must be one of the opponent's circles {', '.join(LOCATIONS)}"
        )
    if circle not in flow.attackable_circles(s, player):
        raise ctx.reject(
            "rules/illegal_attack_target",
            "8.2.6.1",
            f"{circle!r} cannot be attacked: a back-row circle needs the gate in front of it destroyed",
        )
    ctx.commit()
    flow.declare_attack(ctx, player, attacker, circle)


@command("EndAttacks", "attack")
def end_attacks(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    ctx.emit("AttacksEnded", {"player": player}, "8.2.4.2", actor=player)
    ctx.commit()
    flow.advance(ctx, "end", 0)


@command("Intercept", "intercept", args={"members": ListOf(ObjectId)})
def intercept(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    members = args.get("members")
    allowed = flow.intercept_candidates(ctx.s, player)
    if not isinstance(members, list) or not members or len(set(members)) != len(members):
        raise ctx.reject("command/malformed", "8.3.3.1", "'members' must list one or more of your members")
    for m in members:
        if m not in allowed:
            raise ctx.reject(
                "rules/cannot_intercept",
                "8.3.3.1",
                f"{m} cannot Intercept: it needs the Intercept Icon and must not be attacked",
            )
    ctx.commit()
    flow.intercept(ctx, player, list(members))


@command("DeclineIntercept", "intercept")
def decline_intercept(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    point = _pending_resume(ctx)
    ctx.emit("InterceptDeclined", {"player": player}, "8.3.3.2", actor=player)
    ctx.commit()
    flow.resume(ctx, point, skip=True)


@command("DefineLogic", "logic_definition", args={"card": ObjectId})
def define_logic(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    oid = _oid(ctx, args, "card", "5.16.1")
    if s.objects[oid].zone != "hand" or s.objects[oid].owner != player:
        raise ctx.reject("rules/not_in_hand", "5.16.1.1", f"{oid} is not in your hand")
    point = _pending_resume(ctx)
    b = s.battle
    assert b is not None
    rule = "8.4.3.1" if player != s.turn_player else "8.4.5.1"
    if b.boosted == player:
        rule = "8.4.3.2" if player != s.turn_player else "8.4.5.2"
    ev = ctx.emit("LogicDefined", {"player": player, "oid": oid}, rule, actor=player)
    ctx.commit()
    actions.move(ctx, oid, "battle", rule="5.16.1", reason="logic definition", face_down=False, cause=ev)
    actions.prime(ctx, "placed_in_battle_zone", cause=ev, only=[oid])  # 5.16.2
    flow.resume(ctx, point, skip=True)


@command("LevelBoost", "logic_definition", args={"level_card": ObjectId})
def level_boost(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    b = s.battle
    assert b is not None
    if b.boosted == player:
        raise ctx.reject("rules/define_after_boost", "5.15.1", "after a Level Boost you perform Logic Definition")
    oid = _oid(ctx, args, "level_card", "5.15.1")
    obj = s.objects[oid]
    if obj.zone != "level" or obj.owner != player or obj.rested:
        raise ctx.reject("rules/level_boost", "5.15.1", f"{oid} is not a standing card in your Level Zone")
    point = _pending_resume(ctx)
    rule = "8.4.3.2" if player != s.turn_player else "8.4.5.2"
    ctx.emit("LevelBoosted", {"player": player, "level_card": oid}, rule, actor=player)
    ctx.commit()
    ctx.emit("CardRested", {"oid": oid, "reason": "level boost"}, "5.15.1")
    actions.draw(ctx, player, 1, "5.15.1")
    flow.resume(ctx, point)


@command("PassLogic", "logic_definition")
def pass_logic(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    b = s.battle
    assert b is not None
    if b.boosted == player:
        raise ctx.reject("rules/define_after_boost", "5.15.1", "after a Level Boost you perform Logic Definition")
    point = _pending_resume(ctx)
    rule = "8.4.3.3" if player != s.turn_player else "8.4.5.3"
    ctx.emit("LogicDefinitionPassed", {"player": player}, rule, actor=player)
    ctx.commit()
    nxt = flow.after_logic_pass(ctx, str(point[0]), int(point[1]))
    assert nxt is not None
    flow.advance(ctx, *nxt)


# --- end phase, check timings, choices ---------------------------------------------------------------


@command("KeepHand", "hand_limit", args={"cards": ListOf(ObjectId)})
def keep_hand(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    p = s.pending
    assert p is not None
    keep = int(p.options["keep"])
    cards = args.get("cards")
    hand = s.zones[player]["hand"]
    if (
        not isinstance(cards, list)
        or len(cards) != keep
        or len(set(cards)) != keep
        or any(c not in hand for c in cards)
    ):
        raise ctx.reject("rules/hand_limit", "7.7.6", f"choose exactly {keep} cards of your hand to keep")
    point = _pending_resume(ctx)
    discard = [c for c in hand if c not in cards]
    ev = ctx.emit(
        "HandLimitApplied", {"player": player, "keep": keep, "discarded": len(discard)}, "7.7.6", actor=player
    )
    ctx.commit()
    for c in discard:
        actions.move(ctx, c, "drop", rule="7.7.6", reason="hand limit", cause=ev)
    flow.resume(ctx, point, skip=True)


@command("PlayAuto", "order_auto", args={"primed": Text})
def play_auto(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    primed = next((p for p in s.primed if p.id == args.get("primed") and p.controller == player), None)
    if primed is None:
        raise ctx.reject("rules/unknown_primed", "9.7.3.1", "choose one of your primed auto abilities")
    point = _pending_resume(ctx)
    ctx.emit("AutoAbilityChosen", {"player": player, "primed": primed.id}, "9.7.3.1", actor=player)
    if actions.play_primed(ctx, primed, point, actor=player):
        flow.resume(ctx, point)


@command(
    "Choose",
    "choose",
    "number",
    "confirm",
    "rule_choice",
    "replacement",
    "loop_response",
    "look_more",
    "look_order",
    args={"choice": Anything("the answer to the decision: its options say the shape")},
)
def choose(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    p = s.pending
    assert p is not None
    choice = args.get("choice")
    if p.kind == "loop_response":
        among = list(p.options["among"])
        if not isinstance(choice, int) or isinstance(choice, bool) or choice not in among:
            raise ctx.reject(
                "rules/illegal_choice",
                "12.1.1.1",
                f"choose how many times the perpetual cycle is performed: one of {among}",
            )
        assert s.loop is not None
        _loop_response(ctx, player, choice, s.loop, list(p.resume))
        return
    if p.kind == "replacement":
        options = [str(o) for o in p.options["options"]]
        may_decline = bool(p.options["may_decline"])
        rule = "9.2.2.3.2" if may_decline else "9.10.2"
        if choice not in options and not (choice == "none" and may_decline):
            allowed = " or ".join([*options, *(["'none'"] if may_decline else [])])
            reason = "" if may_decline else " (none of them is optional: one must apply)"
            raise ctx.reject("rules/illegal_choice", rule, f"choose the replacement effect to apply: {allowed}{reason}")
        ctx.emit("ReplacementChosen", {**p.options, "player": player, "choice": choice}, rule, actor=player)
        then = p.options.get("then")
        if isinstance(then, Mapping):
            if finish_placing(ctx, then):  # the choice was about a member a Deploy/Trance drops (5.12.2.1)
                flow.resume(ctx, p.resume)
            return
        if actions.run_frames(ctx):
            flow.resume(ctx, p.resume)
        return
    if p.kind == "rule_choice":
        if not isinstance(choice, list):
            raise ctx.reject("command/malformed", str(p.options["process"]), "'choice' must list card ids")
        flow.apply_rule_choice(ctx, player, list(choice))
        return
    if choice is None and p.kind in ("choose", "number"):  # an answer is needed: no empty Choose (9.6.3)
        if p.kind == "choose":
            rule, wanted = "9.6.3.1", f"list the chosen cards, {p.options['min']} to {p.options['max']} of them"
        else:
            rule = "9.6.2.2.1" if str(p.options.get("prompt", "")).endswith("choose X") else "5.6.3"
            wanted = f"be a whole number from {p.options['min']} to {p.options['max']}"
        raise ctx.reject("command/malformed", rule, f"'choice' must {wanted}")
    if p.kind == "look_more" and not isinstance(choice, bool):
        raise ctx.reject("command/malformed", "5.7.3.2", "'choice' must be true (look at one more card) or false (end)")
    if p.kind == "look_order" and not isinstance(choice, list):
        raise ctx.reject("command/malformed", "5.4.1", "'choice' must list the cards put back, top to bottom")
    if p.kind == "confirm":
        if not isinstance(choice, bool):
            raise ctx.reject("command/malformed", "9.7.3.3.1", "'choice' must be true (pay) or false (do not pay)")
        actions.confirm_optional(ctx, choice, player)
    else:
        rule = {"look_more": "5.7.3.2", "look_order": "5.4.1"}.get(p.kind, "9.6.3")
        ctx.emit("ChoiceMade", {"player": player, "choice": choice}, rule, actor=player)
    if actions.run_frames(ctx):
        root_resume = p.resume
        flow.resume(ctx, root_resume)


@command("Concede")
def concede(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    ctx.emit("PlayerLost", {"player": player, "reason": "conceded"}, "1.2.4", actor=player)
    actions.end_game(ctx, ctx.s.opponent(player), "1.2.4")


# --- perpetual cycles (12.1.1.1) -------------------------------------------------------------------

MAX_LOOP_TIMES = 100
"""The largest number of repetitions one declaration may ask for: each one is performed and
recorded, so the number is kept to what a table would shortcut in practice."""
MAX_OFFERED_LOOP = 8
"""``legal_actions`` offers cycles of at most this many actions (``decide`` accepts longer ones)."""
MAX_OFFERED_TIMES = 10
"""``legal_actions`` offers at most this many repetitions (``decide`` accepts up to
``MAX_LOOP_TIMES``): each offer is tried on a copy of the game, at every decision."""
MAIN_LOOP_COMMANDS = ("Deploy", "Trance", "LuckDrive", "UseAbility", "Rearrange")
LOOP_COMMANDS = (*MAIN_LOOP_COMMANDS, "PlayAuto", "Choose")


def _is_recorded(s: GameState, player: str, type_: str) -> bool:
    """Whether a command is recorded for perpetual cycles (12.1.1.1): the turn player's
    main-phase actions, and after the first of them this turn the answers to decisions."""
    p = s.pending
    if p is None or p.kind == "loop_response":
        return False
    if p.kind == "main":
        return player == s.turn_player and type_ in MAIN_LOOP_COMMANDS
    return bool(s.loop_log) and type_ in ("PlayAuto", "Choose")


def _start_action(ctx: Ctx, state: GameState, player: str, type_: str, args: Mapping[str, Any]) -> None:
    """What a command records with its decision event: the state it was taken from (12.1.1.2)
    and the command itself (12.1.1.1)."""
    p = state.pending
    if p is not None and p.kind == "main" and player == state.turn_player:
        ctx.from_state = game_state_digest(state)  # 12.1.1.2: recorded with the action
    if _is_recorded(state, player, type_):
        ctx.command = {"player": player, "type": type_, "args": copy_json(dict(args))}


LOOPS = LoopRule(
    LOOP_COMMANDS,
    starts=lambda action: action["type"] in MAIN_LOOP_COMMANDS,
    max_times=MAX_LOOP_TIMES,
    copy=copy.deepcopy,
    not_now="only the turn player announces a perpetual cycle, when they may take a main-phase action",
    malformed="'actions' must be a non-empty list of {player, type, args}: the commands of the cycle, as performed",
    not_first="a perpetual cycle starts with one of your main-phase actions",
    not_last="the cycle's actions must be the last actions actually performed this turn, in order",
)
"""The perpetual cycle rule (12.1.1.1)."""


def _perform(ctx: Ctx, action: Mapping[str, Any]) -> None:
    """One action of a cycle, as if its command came alone: it records what it was taken from,
    12.1.1.2 applies to it, and the check-timing rounds counted for 12.1.1.3 start again."""
    s = ctx.s
    ctx.probing = False  # a later action of the cycle may still be refused: a probe performs it all
    player, type_, args = str(action["player"]), str(action["type"]), action["args"]
    before, start = list(s.cycle_log), len(ctx.events)
    ctx.loops = 0
    _start_action(ctx, s, player, type_, args)
    try:
        COMMANDS[type_](ctx, player, dict(args))
    finally:
        ctx.from_state, ctx.command = None, None
    rejection = _perpetual_cycle(before, type_, ctx.events[start:])
    if rejection is not None:
        raise RejectedError(rejection)


def _try_loop(s: GameState, declared: list[dict[str, Any]], times: int, cause: str) -> tuple[int, int, bool]:
    """``kernel.try_loop`` on a copy of the game: a stop point is a decision of the
    non-turn player that has another answer."""
    opponent = s.opponent(s.turn_player)
    trial = Ctx(s.clone(), cause)
    return try_loop(
        declared,
        times,
        perform=lambda action: _perform(trial, action),
        is_stop_point=lambda action: action["player"] == opponent and _has_other_answer(trial.s, opponent),
        is_finished=lambda: trial.s.finished,
        rejected=RejectedError,
        game_over=(GameOverError,),
    )


def _has_other_answer(s: GameState, player: str) -> bool:
    p = s.pending
    if p is None or p.player != player:
        return False
    return len([c for c in legal_actions(s, player) if c.type != "Concede"]) > 1


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
    """12.1.1.1: the turn player demonstrates the actions of a perpetual cycle and announces
    how many times they perform it; the non-turn player answers (``loop_response``)."""
    s = ctx.s
    declared, times = LOOPS.declaration(ctx, player, args)
    p = s.pending
    assert p is not None
    done, stop_points, ended = _try_loop(s, declared, times, ctx.cause)  # on a copy of the game
    LOOPS.check_repeatable(ctx, times, done, ended)
    ctx.emit("LoopDeclared", {"player": player, "actions": declared, "times": times}, "12.1.1.1", actor=player)
    # a smaller number only together with an action that is not part of the cycle: possible
    # only at a decision of the non-turn player inside the cycle that has another answer
    among = list(range(times + 1)) if stop_points else [times]
    options = {"among": among, "times": times, "by": player}
    actions.request(ctx, s.opponent(player), "loop_response", options, "12.1.1.1", resume=list(p.resume))


def _loop_response(ctx: Ctx, player: str, number: int, loop: Mapping[str, Any], main: list[Any]) -> None:
    """Perform the declared actions ``number`` times (12.1.1.1); for a smaller number than
    announced, then the cycle's actions up to the non-turn player's first decision with another
    answer, which they must answer with an action that is not part of the cycle."""
    s = ctx.s
    declared: list[dict[str, Any]] = copy.deepcopy(list(loop["actions"]))
    times = int(loop["times"])
    data = {
        "player": loop["player"],
        "times": number,
        "declared": times,
        "stopped_by": player if number < times else None,
    }
    ctx.emit("LoopPerformed", data, "12.1.1.1", actor=player)
    flow.resume(ctx, main)  # the turn player's main-phase play timing again, where the cycle starts

    def stop(action: Mapping[str, Any]) -> None:
        p = s.pending
        assert p is not None
        excluded = [{"type": action["type"], "args": action["args"]}]
        options = {**p.options, "excluded": excluded}
        actions.request(ctx, player, p.kind, options, "12.1.1.1", resume=list(p.resume))

    LoopRule.perform(
        declared,
        number,
        times,
        perform=lambda action: _perform(ctx, action),
        stops=lambda action: action["player"] == player and _has_other_answer(s, player),
        stop=stop,
    )


def _excluded(state: GameState, cmd: Command) -> Rejection | None:
    """Having stopped a perpetual cycle, the non-turn player acts outside it (12.1.1.1)."""
    p = state.pending
    excluded = p.options.get("excluded") if p is not None and p.player == cmd.player else None
    if isinstance(excluded, list) and {"type": cmd.type, "args": dict(cmd.args)} in excluded:
        return Rejection(
            "rules/loop_action",
            cite("12.1.1.1"),
            "having stopped the perpetual cycle, you take an action that is not part of it: choose something else",
        )
    return None


# --- decide ---------------------------------------------------------------------------------------


def decide(state: GameState, cmd: Command) -> list[Event] | Rejection:
    """The events ``cmd`` produces, or why it is refused.  The answer never depends on what its
    sender cannot see: an object hidden from them is answered as one that does not exist
    (4.1.2, ``domain.hidden``)."""
    result: list[Event] | Rejection = hidden.decide_blind(
        state,
        cmd,
        _decide,
        may_name,
        lambda oid: Rejection("command/unknown_card", cite("4.1.2"), hidden.unseen_card(oid)),
    )
    return result


def may_name(state: GameState, player: str) -> Callable[[str], bool]:
    """Whether ``player`` may name an object in a command: they may see it (:func:`is_visible`),
    or their pending decision offers it (a search shows the searched cards), or one of their
    legal actions names it."""
    return hidden.nameable(state, player, is_visible, legal_actions)


_CHOICES = {
    "redraw": ("Redraw", "cards", "6.2.1.8"),
    "intercept": ("Intercept", "members", "8.3.3.1"),
    "hand_limit": ("KeepHand", "cards", "7.7.6"),
    "choose": ("Choose", "choice", "9.6.3"),
}
"""The decisions that are a choice of N from M: the command, its argument and the rule."""


def pending_choice(s: GameState, player: str) -> Command | None:
    """``player``'s pending decision as one parameterised legal action (a :class:`Choice` of N
    from M, docs/legal-actions.md), or None when it is not such a choice."""
    p = s.pending
    if p is None or p.player != player or p.kind not in _CHOICES:
        return None
    kind, arg, rule = _CHOICES[p.kind]
    hand = list(s.zones[player]["hand"])
    if p.kind == "redraw":  # any of the cards in hand (6.2.1.8)
        cards, lo, hi = hand, 0, len(hand)
    elif p.kind == "intercept":  # one or more of the members that may Intercept (8.3.3.1)
        cards = [str(m) for m in p.options.get("members", [])]
        lo, hi = 1, len(cards)
    elif p.kind == "hand_limit":  # exactly as many as the limit (7.7.6)
        cards = hand
        lo = hi = int(p.options["keep"])
    else:
        cards, lo, hi = [str(c) for c in p.options["cards"]], int(p.options["min"]), int(p.options["max"])
    return Command(kind, player, {}, choice=Choice(arg, tuple(cards), lo, hi, cite(rule)))


_decide = checking_choices(COMMAND_TABLE.decide, pending_choice)


def _perpetual_cycle(cycle_log: list[list[str]], type_: str, events: list[Event]) -> Rejection | None:
    """12.1.1.2: once the turn player's actions brought the game back to exactly the state
    an action was taken from, the turn player cannot take that same action again."""
    if not cycle_log:  # no action taken yet this turn: nothing to repeat
        return None
    first = next((e for e in events if "from_state" in e.data), None)
    if first is None or [first.data["from_state"], action_key(first.type, first.data)] not in cycle_log:
        return None
    return Rejection(
        "rules/perpetual_cycle",
        cite("12.1.1.2"),
        f"{type_} was already taken from exactly this game state this turn: repeating it would "
        "repeat a perpetual cycle",
    )


# --- legal actions ------------------------------------------------------------------------------


_probe = checking_choices(lambda s, c: COMMAND_TABLE.accepts(s, c) or [], pending_choice)


def _accepted(s: GameState, cmd: Command) -> bool:
    """Whether ``_decide`` accepts ``cmd``, without carrying it out (``CommandTable.accepts``: a
    handler commits once nothing can refuse it and its decision event, which 12.1.1.2 reads,
    is emitted)."""
    return not isinstance(_probe(s, cmd), Rejection)


DECISION_KINDS: tuple[str, ...] = (
    "attack",
    "choose",
    "confirm",
    "hand_limit",
    "intercept",
    "level",
    "logic_definition",
    "look_more",
    "look_order",
    "loop_response",
    "main",
    "number",
    "order_auto",
    "redraw",
    "replacement",
    "rule_choice",
)
"""Every kind of pending decision (``state.pending.kind``) of this ruleset: the ``kind`` of the
HTTP API's ``decision`` (docs/legal-actions.md)."""


def label(state: GameState, cmd: Command) -> str:
    """The label of ``cmd``, one of its player's legal actions, from what that player may see
    (``domain.labels``); a card deployed shows its level and cost (2.8, 2.9), the cost it
    would pay now if an ability changes it (9.6.2.3.1), and circles are named (4.4.2.1)."""

    def cost_of(oid: str) -> str | None:
        if cmd.type == "UseAbility":  # the ability's cost in square brackets (9.4)
            index = cmd.args.get("ability")
            ability = ability_at(state, oid, index) if isinstance(index, int) else None
            if ability is None:
                return None
            parts = [f"pay {ability.cost.stock} from stock"] if ability.cost.stock else []
            parts += ["rest this card"] * ability.cost.rest_self + ["drop this card"] * ability.cost.drop_self
            return "cost: " + (", ".join(parts) or "none")
        if cmd.type != "Deploy":
            return None
        card = state.card_of(oid)
        cost = play_cost(state, cmd.player, oid)
        paid = "" if cost == card.cost else f", paying {cost} now"
        return f"level {card.level}, cost {card.cost}{paid}"

    def place_name(code: str) -> str | None:
        return location_name(code) if code in LOCATIONS else None

    return labels.label_in(state, cmd, is_visible, cost_of, place_name)


def legal_actions(state: GameState, player: str) -> list[Command]:
    """Commands ``player`` may submit now.  Large choice spaces (circle placements, hand
    subsets) are represented by a bounded subset; every listed command is accepted."""
    s = state
    if s.finished or player not in s.players:
        return []
    p = s.pending
    if p is None or p.player != player:
        return [Command("Concede", player)]
    out: list[Command] = []
    if (spec := pending_choice(s, player)) is not None:
        out = offer_choice(spec, lambda c: _accepted(s, c), MAX_COMBOS)
        if p.kind == "intercept":
            out.append(Command("DeclineIntercept", player))
    elif p.kind == "level":
        level = s.zones[player]["level"]
        for oid in s.zones[player]["hand"]:
            if p.options.get("swap"):
                out += [Command("PlaceLevelCard", player, {"card": oid, "swap_with": lv}) for lv in level]
            else:
                out.append(Command("PlaceLevelCard", player, {"card": oid}))
        out.append(Command("SkipLevel", player))
    elif p.kind == "main":
        out = _main_actions(s, player) + _loop_declarations(s, player)
    elif p.kind == "loop_response":  # the announced number, or a smaller one (12.1.1.1), largest first
        out = [Command("Choose", player, {"choice": n}) for n in sorted(p.options["among"], reverse=True)]
    elif p.kind == "attack":
        for attacker in flow.standing_members(s, player):
            out += [
                Command("DeclareAttack", player, {"attacker": attacker, "circle": c})
                for c in flow.attackable_circles(s, player)
            ]
        out.append(Command("EndAttacks", player))
    elif p.kind == "logic_definition":
        out = [Command("DefineLogic", player, {"card": oid}) for oid in s.zones[player]["hand"]]
        if not p.options.get("after_level_boost"):
            standing = [c for c in s.zones[player]["level"] if not s.objects[c].rested]
            out += [Command("LevelBoost", player, {"level_card": c}) for c in standing]  # any of them (5.15.1)
            out.append(Command("PassLogic", player))
    elif p.kind == "order_auto":
        out = [Command("PlayAuto", player, {"primed": pid}) for pid in p.options["primed"]]
    elif p.kind == "number":
        out = [
            Command("Choose", player, {"choice": n}) for n in range(int(p.options["min"]), int(p.options["max"]) + 1)
        ]
    elif p.kind in ("confirm", "look_more"):
        out = [Command("Choose", player, {"choice": True}), Command("Choose", player, {"choice": False})]
    elif p.kind == "look_order":  # every order of the cards put back (5.4.1), top to bottom
        orders = itertools.islice(itertools.permutations(p.options["cards"]), MAX_COMBOS)
        out = [Command("Choose", player, {"choice": list(c)}) for c in orders]
    elif p.kind == "replacement":
        keys = [str(k) for k in p.options["options"]]
        keys += ["none"] if p.options["may_decline"] else []  # 9.2.2.3.2: all of them optional
        out = [Command("Choose", player, {"choice": k}) for k in keys]
    elif p.kind == "rule_choice":
        cards = list(p.options["cards"])
        n = int(p.options["keep"] if "keep" in p.options else p.options["turn_down"])
        out = [
            Command("Choose", player, {"choice": list(c)})
            for c in itertools.islice(itertools.combinations(cards, n), MAX_COMBOS)
        ]
    out = [c for c in out if _accepted(s, c)]
    out.append(Command("Concede", player))
    return out


def _loop_declarations(s: GameState, player: str) -> list[Command]:
    """Perpetual cycles (12.1.1.1) worth announcing: the shortest series of at most
    ``MAX_OFFERED_LOOP`` actions, starting with a main-phase action, that was just performed
    twice in a row, to be performed once more, or as many times as it can be (up to
    ``MAX_OFFERED_TIMES``).  A bounded subset: ``decide`` also accepts any other series of this
    turn's last actions that starts with a main-phase action, and any number of repetitions in
    between."""
    for suffix in LOOPS.offers(s.loop_log, player, MAX_OFFERED_LOOP)[:1]:  # the shortest
        most, _, _ = _try_loop(s, suffix, MAX_OFFERED_TIMES, "legal_actions")
        times = sorted({1, most}) if most else []
        return [Command("DeclareLoop", player, {"actions": copy.deepcopy(suffix), "times": n}) for n in times]
    return []


def _free_or_all(s: GameState, player: str, territory: int) -> list[list[str]]:
    """Placements for a member: empty circles first, then the others (bounded)."""
    occupied = {c for o in s.members(player) for c in s.objects[o].circles}
    free = [list(pl) for pl in placements(territory) if not occupied & set(pl)]
    rest = [list(pl) for pl in placements(territory) if occupied & set(pl)]
    return (free + rest)[:8]


def _main_actions(s: GameState, player: str) -> list[Command]:
    out: list[Command] = [Command("EndMainPhase", player)]
    seen: set[str] = set()
    for oid in s.zones[player]["hand"]:
        card = s.card_of(oid)
        if card.id in seen or not card.is_member or card.type == "tranceunion":
            continue
        seen.add(card.id)
        for circles in _free_or_all(s, player, card.territory):
            if deploy_problem(s, player, oid, circles) is None:
                out.append(Command("Deploy", player, {"card": oid, "circles": circles}))
    out += _trance_actions(s, player)
    if len(s.zones[player]["stock"]) >= 3:
        out.append(Command("LuckDrive", player))
    for oid in [*s.zones[player]["circle"], *s.zones[player]["my_logicalist"], *s.zones[player]["gate"]]:
        for i, ability in abilities_of(s, oid):
            if ability.kind != "startup":
                continue
            if ability.x is None:
                if ability_problem(s, player, oid, i) is None:
                    out.append(Command("UseAbility", player, {"source": oid, "ability": i}))
                continue
            for x in range(min(ability.x.max, MAX_COMBOS) + 1):  # 9.6.2.2.1: each X the player may choose
                if ability_problem(s, player, oid, i, x) is None:
                    out.append(Command("UseAbility", player, {"source": oid, "ability": i, "x": x}))
    out += _rearrange_actions(s, player)
    return out


def _trance_actions(s: GameState, player: str) -> list[Command]:
    out: list[Command] = []
    materials = [o for o in s.members(player) if s.card_of(o).type != "tranceunion" or s.card_of(o).trance_change]
    materials += [o for o in s.zones[player]["my_logicalist"] if not s.objects[o].rested]
    # one copy of each Tranceunion in the hand, and every one the deck holds (5.13.1.2, searching
    # it): only an offered card of the deck may be named (domain.hidden), and offering one copy
    # would tell where the others are not
    tus: dict[str, str] = {}
    for o in s.zones[player]["hand"]:
        if s.card_of(o).type == "tranceunion" and s.card_of(o).id not in tus:
            tus[s.card_of(o).id] = o
    for o in s.zones[player]["deck"]:
        if s.card_of(o).type == "tranceunion":
            tus[o] = o
    if not tus:
        return out
    for pair in itertools.combinations(materials, 2):
        for via_tc in (False, True):
            if trance_problem(s, player, list(pair), None, [], via_tc) is not None:
                continue
            for tu in tus.values():
                for circles in _free_or_all(s, player, s.card_of(tu).territory)[:3]:
                    if trance_problem(s, player, list(pair), tu, circles, via_tc) is None:
                        args: dict[str, JSON] = {"materials": list(pair), "tranceunion": tu, "circles": circles}
                        if via_tc:
                            args["trance_change"] = True
                        out.append(Command("Trance", player, args))
                        break
            if len(out) >= MAX_COMBOS:
                return out
    return out


def _rearrange_actions(s: GameState, player: str) -> list[Command]:
    out: list[Command] = []
    members = s.members(player)
    occupied = {c for o in members for c in s.objects[o].circles}
    for oid in members:
        territory = s.card_of(oid).territory
        own = set(s.objects[oid].circles)
        for pl in placements(territory):
            if set(pl) != own and not (occupied - own) & set(pl):
                out.append(Command("Rearrange", player, {"moves": {oid: list(pl)}}))
                break
    ones = [o for o in members if s.card_of(o).territory == 1]
    for a, b in itertools.combinations(ones, 2):
        out.append(
            Command("Rearrange", player, {"moves": {a: list(s.objects[b].circles), b: list(s.objects[a].circles)}})
        )
        if len(out) >= 6:
            break
    return out


# --- views (4.1.2 open and closed zones) ---------------------------------------------------------------


def is_visible(s: GameState, oid: str, viewer: str | None) -> bool:
    """Whether ``viewer`` may see the card's information now: its zone and face (4.1.2), or
    they are looking at it (5.23.1)."""
    if viewer is None:
        return True
    return seen_by(s, oid, viewer) or oid in s.looked.get(viewer, ())


def _card_view(s: GameState, oid: str, viewer: str | None) -> dict[str, JSON]:
    obj = s.objects[oid]
    if not is_visible(s, oid, viewer):
        out: dict[str, JSON] = {"face_down": True}
        if obj.zone in ("circle", "gate"):
            out["circles"] = list(obj.circles)
            if obj.zone == "gate":
                out["oid"] = oid  # a face-down gate can be chosen; its card stays hidden
        return out
    card = s.card_of(oid)
    view: dict[str, JSON] = {"oid": oid, "card": card.id, "name": card.name, "type": card.type}
    if obj.face_down:
        view["face_down"] = True
    if obj.zone in ("circle", "gate", "level", "my_logicalist"):
        view["rested"] = obj.rested
    if obj.zone in ("circle", "gate"):
        view["circles"] = list(obj.circles)
    if obj.zone == "circle":
        if obj.set_to is not None:
            view["set_to"] = obj.set_to
        else:
            chars = characteristics(s, oid)
            view.update(
                power=chars.power,
                aura=chars.aura,
                limit=chars.limit,
                heart=chars.heart,
                soul=[_card_view(s, c, viewer) for c in s.soul(oid)],
            )
    return view


def _resolution_view(s: GameState, player: str, viewer: str | None) -> list[JSON]:
    """The player's Resolution Zone, bottom first (4.16.1.2): an open zone (4.16.1.1), so
    everyone sees the cards being played there and the abilities being resolved (an entry
    with the ``frame``, the ``ability``'s index and its ``source`` card; a source card now
    hidden, 9.6.2.4.2, stays hidden)."""
    out: list[JSON] = []
    for entry in s.resolution_zone(player):
        if isinstance(entry, str):
            out.append(_card_view(s, entry, viewer))
            continue
        source = _card_view(s, entry.source, viewer)
        ability: dict[str, JSON] = {"frame": entry.id, "kind": entry.ref, "source": source}
        if entry.ref != "tool_skill":
            ability["ability"] = entry.ability
        if "name" in source:
            ability["name"] = f"ability of {source['name']}"
        out.append(ability)
    return out


def view(state: GameState, viewer: str | None) -> dict[str, JSON]:
    """The game as ``viewer`` may see it (a judge when None): closed zones show counts."""
    s = state
    players: dict[str, JSON] = {}
    for pid in s.order:
        p = s.players[pid]
        zones: dict[str, JSON] = {}
        for zone, oids in s.zones[pid].items():
            if zone == "gate_deck":
                continue
            if zone == "resolution":
                zones[zone] = _resolution_view(s, pid, viewer)
            elif viewer is None:
                zones[zone] = [_card_view(s, o, None) for o in oids]
            elif zone in ("deck", "refresh"):
                zones[zone] = {"count": len(oids)}
            elif zone == "hand":
                zones[zone] = {
                    "count": len(oids),
                    "cards": [_card_view(s, o, viewer) for o in oids if is_visible(s, o, viewer)],
                }
            elif zone == "circle":
                zones[zone] = [_card_view(s, o, viewer) for o in oids if s.objects[o].set_to is None]
                zones["set"] = [_card_view(s, o, viewer) for o in oids if s.objects[o].set_to is not None]
            else:
                zones[zone] = [_card_view(s, o, viewer) for o in oids]
        players[pid] = {
            "name": p.name,
            "refresh_points": p.refresh_points,
            "t_rank": p.t_rank,
            "lost": p.lost,
            "gates_left": sum(1 for g in s.zones[pid]["gate"] if s.objects[g].face_down),
            "zones": zones,
        }
    b = s.battle
    out: dict[str, JSON] = {
        "game_id": s.game_id,
        "ruleset": s.ruleset,
        "variant": s.variant,
        "version": s.seq,
        "turn": s.turn,
        "turn_player": s.turn_player,
        "first_player": s.first_player,
        "phase": s.phase,
        "step": s.step,
        "pending": {"kind": s.pending.kind, "player": s.pending.player} if s.pending else None,
        "battle": None
        if b is None
        else {"attacker": b.attacker, "circle": b.circle, "defender": b.defender, "attack_no": b.attack_no},
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
        out["pending"] = {"kind": s.pending.kind, "player": s.pending.player, "options": s.pending.options}
    if viewer is None:
        out["seed"] = s.seed
    return out


def redact_event(state: GameState, event: Event, viewer: str | None) -> Event:
    """An event as ``viewer`` may see it.  Card identities are hidden whenever the card was
    hidden from the viewer both before and after the event."""
    if viewer is None:
        return event
    d = dict(event.data)
    t = event.type
    d.pop("from_state", None)  # a digest of the whole state, hidden zones included
    if isinstance(d.get("command"), Mapping):
        d["command"] = _redact_command(state, d["command"], viewer)
    if t == "LoopDeclared":
        d["actions"] = [_redact_command(state, a, viewer) for a in d["actions"]]
    if t == "GameStarted":
        d.pop("seed", None)
        d["cards"] = hidden.own_deck_list(event.data["cards"], event.data["objects"], viewer)
        d["objects"] = [
            {**o, "card": o["card"] if o["owner"] == viewer and o["zone"] in ("tool", "my_logicalist") else None}
            for o in d["objects"]
        ]
    elif t == "DeckShuffled":
        d["order"] = None
        d["count"] = len(event.data["order"])
    elif t == "CardMoved":
        owner = str(d["owner"])
        set_card = "set_to" in d
        before = zone_visible(d["from"], bool(d.get("was_face_down")), owner, viewer, set_card=d["from"] == "circle")
        after = zone_visible(d["to"], bool(d.get("face_down")), owner, viewer, set_card=set_card)
        if not (before or after):
            d["oid"] = None
            d["card"] = None
            d.pop("last_known", None)
    elif t in ("RedrawDeclared",) and d.get("player") != viewer:
        d["count"] = len(event.data["cards"])
        d["cards"] = None
    elif t == "CardsLookedAt" and d.get("player") != viewer:  # only the looker sees them (5.23.1)
        d["count"] = len(event.data["oids"])
        d["oids"] = None
        d["cards"] = None
    elif t == "ChoiceRequested" and d.get("player") != viewer:
        d["options"] = {}
    elif t == "ChoiceMade" and d.get("player") != viewer and isinstance(d.get("choice"), list):
        s = state
        d["choice"] = [c if c in s.objects and is_visible(s, c, viewer) else None for c in d["choice"]]
    elif t == "CardTurned":
        owner, zone, down, set_card = str(d["owner"]), str(d["zone"]), bool(d["face_down"]), bool(d.get("set"))
        before = zone_visible(zone, not down, owner, viewer, set_card=set_card)
        after = zone_visible(zone, down, owner, viewer, set_card=set_card)
        if not (before or after):
            d["oid"] = None
            d["card"] = None
    return Event(event.seq, event.type, d, event.rule, event.cause, event.actor)


def _redact_command(state: GameState, command: Mapping[str, Any], viewer: str) -> dict[str, Any]:
    """A recorded command (12.1.1.1) as ``viewer`` may see it: the cards another player chose
    that are hidden from the viewer are ``None``."""
    out = dict(command)
    choice = command["args"].get("choice")
    if command["type"] == "Choose" and command["player"] != viewer and isinstance(choice, list):
        hidden = [c if c not in state.objects or is_visible(state, c, viewer) else None for c in choice]
        out["args"] = {**command["args"], "choice": hidden}
    return out


ENGINE: EngineFunctions[GameState] = rules_engine(
    RULESET,
    VARIANTS,
    initial_state=GameState,
    start=start,
    decide=positions.guard_unknown(
        decide, EVENTS.evolve, position.is_hidden, lambda s: cite("4.1.2"), position.UNKNOWN_IDS
    ),
    legal_actions=legal_actions,
    label=label,
    view=view,
    events=EVENTS,
    state_to_dict=state_to_dict,
    state_from_dict=state_from_dict,
    redact_event=positions.redact_with(redact_event, position.EVENT, position.redact),
    start_from_position=position.reconstruct,
)
"""Luck & Logic under the comprehensive rules 2.04."""
ENGINES = (ENGINE,)
