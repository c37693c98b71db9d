"""Actions by the rules and by effects: moving cards (5.2), drawing with the reshuffle
interrupt (5.4, 10.2), shuffling (5.3), rage (3.4), playing cards (5.11, 9.5), triggers of
automatic abilities (9.6) and the one-shot effects of the card vocabulary (9.7).

Effects run inside the ``effects`` frame of :mod:`domain.gcg.flow`: each effect handler
returns ``DONE`` when the effect is over, ``PUSHED`` when it pushed frames that must run
first (it is called again afterwards with ``frame["stage"] == "after"``), or a
:class:`Wait` when a player has to choose (it is called again with the answer).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from domain.gcg.cards import Ability, Condition, Filter, Target, effect_to_json
from domain.gcg.characteristics import (
    BOARD_AREAS,
    active_abilities,
    board,
    info,
    last_known,
    matches,
    monster_rank,
    monster_traits,
    static_condition,
)
from domain.gcg.context import Ctx, Frame
from domain.gcg.geometry import ZONES
from domain.gcg.state import GameState
from domain.kernel import RULES_AUTHORITY, Shuffler, seed_commitment

HAND_SIZE = 5
"""7.5.4."""
DONE = "done"
PUSHED = "pushed"


@dataclass(slots=True)
class Wait:
    """A decision the game waits for: ``player`` picks between ``min`` and ``max`` items of
    ``among`` (``Choose {"choice": [...]}``)."""

    kind: str
    player: str
    among: list[Any]
    min: int
    max: int
    rule: str
    extra: dict[str, Any] = field(default_factory=dict)

    def options(self) -> dict[str, Any]:
        return {"among": list(self.among), "min": self.min, "max": self.max, "rule": self.rule, **self.extra}


# --- moving cards -------------------------------------------------------------------------


def move(
    ctx: Ctx,
    oid: str,
    to: str,
    rule: str,
    reason: str,
    *,
    slot: int | None = None,
    onto: str | None = None,
    position: str = "top",
    revealed: bool = False,
    actor: str = RULES_AUTHORITY,
) -> str:
    """Move a card (with the cards stacked beneath it, 3.2.4).  A card put from a zone or a
    strategy zone into the discard pile is destroyed (5.12.1.1): its "destroyed" triggers fire."""
    s = ctx.s
    obj = s.objects[oid]
    src = obj.zone
    before = info(s, oid) if src in BOARD_AREAS else None  # only cards there have information on the field
    data: dict[str, Any] = {"oid": oid, "card": obj.card, "owner": obj.owner, "from": src, "to": to, "reason": reason}
    if src in BOARD_AREAS and to != src:
        data["last_known"] = last_known(s, oid)
    if src == "field" and obj.under:
        data["with"] = list(obj.under)
    if slot is not None:
        data["slot"] = slot
    if onto is not None:
        data["onto"] = onto
    if position != "top":
        data["position"] = position
    if revealed:
        data["revealed"] = True
    ev = ctx.emit("CardMoved", data, rule, actor=actor)
    if src in ("field", "strategy") and to == "discard" and before is not None:
        destroyed_triggers(ctx, oid, before.abilities, before.master, src)
    return ev


def draw_one(ctx: Ctx, player: str, rule: str, left: int) -> bool:
    """Draw 1 card (5.4.1), reshuffling an empty deck first (10.2); False (and the ``left``
    draws not performed, 1.3.2) when there is nothing to draw (10.2.4)."""
    deck = ctx.s.zones[player]["deck"]
    if not deck and not reshuffle(ctx, player):
        ctx.emit("DrawNotPerformed", {"player": player, "left": left}, "10.2.4")
        return False
    move(ctx, deck[-1], "hand", rule, "draw")
    return True


def push_draw(ctx: Ctx, player: str, count: int, rule: str, *, ret: bool = False) -> None:
    """Draw ``count`` cards one at a time (5.4.2), each draw replaceable (9.9): the ``draw``
    frame, which hands ``{"drawn", "replaced"}`` to the frame below when ``ret``."""
    ctx.push({"op": "draw", "player": player, "left": count, "rule": rule, "drawn": 0, "replaced": 0, "ret": ret})


def reshuffle(ctx: Ctx, player: str) -> bool:
    """Reshuffle (10.2): an interrupt-type rule action when a player would draw from an
    empty deck.  False when the discard pile is empty too (10.2.4)."""
    s = ctx.s
    pile = list(s.zones[player]["discard"])
    if not pile:
        return False
    ctx.emit("DeckReshuffled", {"player": player, "count": len(pile)}, "10.2.2")
    for oid in pile:
        move(ctx, oid, "deck", "10.2.3", "reshuffle")
    shuffle(ctx, player, "10.2.3")
    return True


def shuffle(ctx: Ctx, player: str, rule: str) -> None:
    """5.3.1 (a group of 0 or 1 cards is shuffled too, 5.3.1.2)."""
    s = ctx.s
    index = s.shuffles
    order = Shuffler(s.seed, index).shuffled(s.zones[player]["deck"])
    ctx.emit("DeckShuffled", {"player": player, "zone": "deck", "order": order, "shuffle_index": index}, rule)


def set_rage(ctx: Ctx, player: str, value: int, rule: str, *, actor: str = RULES_AUTHORITY) -> None:
    """3.4: rage never goes below 0 (3.4.4); setting it to its value changes nothing (1.3.2.1)."""
    p = ctx.s.players[player]
    value = max(value, 0)
    if value != p.rage:
        ctx.emit("RageChanged", {"player": player, "rage": value, "delta": value - p.rage}, rule, actor=actor)


def end_game(ctx: Ctx, winner: str | None, rule: str) -> None:
    """Record the end of the game, then reveal the shuffle seed so that anyone can verify
    every recorded shuffle against the commitment published in GameStarted."""
    ctx.emit("GameEnded", {"winner": winner, "result": "win" if winner else "draw"}, rule)
    reveal = {"seed": ctx.s.seed, "commitment": seed_commitment(ctx.s.game_id, ctx.s.seed)}
    ctx.emit("SeedRevealed", reveal, "1.2.1")


def win(ctx: Ctx, player: str, how: str, rule: str) -> None:
    ctx.emit("PlayerWon", {"player": player, "how": how}, rule)
    loser = ctx.s.opponent(player)
    ctx.emit("PlayerLost", {"player": loser, "reason": f"opponent_won:{how}"}, "1.2.1")
    end_game(ctx, player, rule)


# --- playing cards (5.11, 9.5.2) -------------------------------------------------------------


def play_card(
    ctx: Ctx,
    player: str,
    oid: str,
    *,
    slot: int | None = None,
    onto: str | None = None,
    rule: str,
    actor: str = RULES_AUTHORITY,
    burst: bool = False,
    rage: bool = False,
) -> None:
    """Play a card (9.5.2): reveal it and move it to the resolution area (9.5.2.1.1), with
    the indicated zone (9.5.2.1.2, 9.5.2.1.3); then resolve it: a monster card is stacked on
    top of the invading monster (9.5.2.3.1), a battle or strategy card is placed in the
    indicated zone (9.5.2.3.2).  Its 【Enter】 (11.2) or strategy text (9.1.1.1.2) triggers."""
    s = ctx.s
    card = s.card_of(oid)
    src = s.objects[oid].zone
    move(ctx, oid, "resolution", "9.5.2.1.1", "play", revealed=True, actor=actor)
    indicated = {"battle": "9.5.2.1.2", "strategy": "9.5.2.1.3"}.get(card.type, "9.5.2.1")
    data: dict[str, Any] = {"player": player, "oid": oid, "card": card.id, "type": card.type, "from": src}
    if slot is not None:
        data["zone"] = slot
    if burst:
        data["burst"] = True
    ctx.emit("CardPlayed", data, rule if card.type == "monster" else indicated, actor=actor)
    if card.type == "monster":
        move(ctx, oid, "monster", "9.5.2.3.1", "play")
        if rage:
            set_rage(ctx, player, s.players[player].rage + 1, "8.5.1.1")
        if burst:
            ctx.emit(
                "TimedTriggerCreated",
                {
                    "id": ctx.fresh_id("t"),
                    "master": player,
                    "trigger": "start_of_end_phase",
                    "card": oid,
                    "kind": "burst",
                },
                "11.5.2",
            )
        fire(ctx, "enter", oid=oid)
    elif card.type == "battle":
        assert slot is not None
        move(ctx, oid, "field", "9.5.2.3.2", "play", slot=slot, onto=onto)
        fire(ctx, "enter", oid=oid)
    else:
        assert slot is not None
        move(ctx, oid, "strategy", "9.5.2.3.2", "play", slot=slot)
        fire(ctx, "placed", oid=oid)


def battle_zone_options(s: GameState, player: str) -> list[int]:
    """The zones a battle card may be played to: not the invading monster's (9.5.2.1.2)."""
    return [z for z in ZONES if z != s.players[player].position]


# --- automatic abilities (9.6) -------------------------------------------------------------


def _trigger(
    ctx: Ctx,
    master: str,
    source: str,
    index: int,
    ability: dict[str, Any],
    trigger: str,
    *,
    data: dict[str, Any] | None = None,
    timed: str | None = None,
    rule: str = "9.6.2",
) -> None:
    s = ctx.s
    payload: dict[str, Any] = {
        "id": ctx.fresh_id("a"),
        "master": master,
        "source": source,
        "card": s.objects[source].card,
        "index": index,
        "trigger": trigger,
        "ability": ability,
        "data": data or {},
    }
    if timed is not None:
        payload["timed"] = timed
    ctx.emit("AbilityTriggered", payload, rule)


def ability_json(a: Ability) -> dict[str, Any]:
    dumped: dict[str, Any] = a.model_dump(mode="json")
    if a.evolution is not None:  # 11.6.2
        ev = a.evolution
        dumped["effects"] = [
            {"op": "evolve", "rank": ev.rank, "trait": ev.trait, "optional": True, "then": []},
        ]
    return dumped


def _autos(s: GameState, oid: str) -> list[tuple[int, Ability]]:
    return [(i, a) for i, a in active_abilities(s, oid) if a.kind == "auto"]


def fire(ctx: Ctx, trigger: str, *, oid: str | None = None, player: str | None = None) -> None:
    """A trigger condition occurs: matching automatic abilities enter standby (9.6.2)."""
    s = ctx.s
    if trigger in ("enter", "placed") and oid is not None:
        master = s.objects[oid].owner
        if trigger == "placed":
            card = s.card_of(oid)
            if card.effects:  # 9.1.1.1.2: the text of a strategy card
                text = {"kind": "auto", "trigger": "placed", "effects": [effect_to_json(e) for e in card.effects]}
                _trigger(ctx, master, oid, -1, text, "placed", rule="9.1.1.1.2")
        rule = "11.2.2" if trigger == "enter" else "9.1.1.1.2"
        for i, a in _autos(s, oid):
            if a.trigger == trigger:
                _trigger(ctx, master, oid, i, ability_json(a), trigger, rule=rule)
        return
    if trigger == "when_invading" and player is not None:
        top = s.monster(player)
        if top is not None:
            for i, a in _autos(s, top):
                if a.trigger == "when_invading":
                    _trigger(ctx, player, top, i, ability_json(a), trigger, rule="11.3.2")
        return
    if trigger in ("advanced", "opponent_countered") and player is not None:
        for src in on_field(s, player):
            for i, a in _autos(s, src):
                if a.trigger == trigger:
                    _trigger(ctx, player, src, i, ability_json(a), trigger)
        return
    raise AssertionError(f"unknown trigger {trigger}")  # pragma: no cover


def on_field(s: GameState, player: str) -> list[str]:
    """``player``'s cards whose abilities may be active: topmost battle cards in zones,
    strategy cards (9.3.4.3) and the invading monster (9.3.4.2, 3.3.3.2)."""
    out = list(s.zones[player]["field"]) + list(s.zones[player]["strategy"])
    top = s.monster(player)
    if top is not None:
        out.append(top)
    return out


def phase_trigger(ctx: Ctx, trigger: str, rule: str) -> None:
    """An "at the beginning of ..." trigger condition occurs (7.2.1, 7.3.1, 7.4.1, 7.5.1)."""
    s = ctx.s
    tp = s.turn_player
    for p in [tp, s.opponent(tp)]:
        for src in on_field(s, p):
            for i, a in _autos(s, src):
                relation_ok = a.whose == "each" or (a.whose == "your") == (p == tp)
                if a.trigger == trigger and relation_ok:
                    _trigger(ctx, p, src, i, ability_json(a), trigger, rule=rule)
                elif a.evolution is not None and trigger == "start_of_main_phase" and p == tp:
                    _trigger(ctx, p, src, i, ability_json(a), trigger, rule="11.6.2")
    for t in list(s.delayed):
        if t.trigger == trigger and t.master == tp:
            effects = [{"op": "burst_discard", "card": t.card, "optional": False, "then": []}]
            ability = {"kind": "auto", "trigger": trigger, "effects": effects, "text": "【Burst】 clean-up"}
            _trigger(ctx, t.master, t.card, -2, ability, trigger, timed=t.id, rule="11.5.2")


def end_of_turn_triggers(ctx: Ctx) -> bool:
    """7.5.7: "at the end of the turn" abilities whose trigger condition has not been
    fulfilled this turn.  True if any entered standby."""
    s = ctx.s
    tp = s.turn_player
    found = False
    for p in [tp, s.opponent(tp)]:
        for src in on_field(s, p):
            for i, a in _autos(s, src):
                relation_ok = a.whose == "each" or (a.whose == "your") == (p == tp)
                if a.trigger == "end_of_turn" and relation_ok and f"{src}:{i}" not in s.fired:
                    _trigger(ctx, p, src, i, ability_json(a), "end_of_turn", rule="7.5.7")
                    found = True
    return found


def destroyed_triggers(ctx: Ctx, oid: str, abilities: Sequence[tuple[int, Ability]], master: str, src: str) -> None:
    """A card on the field was destroyed: its own "when this card is destroyed" abilities
    (active in that situation, 9.3.4.1.1; information from the field, 9.6.4.1.2) and the
    "whenever another battle card of yours is destroyed" abilities of its master's cards."""
    s = ctx.s
    for i, a in abilities:
        if a.kind == "auto" and a.trigger == "destroyed":
            _trigger(ctx, master, oid, i, ability_json(a), "destroyed", rule="9.6.4.1.2")
    if src == "field":
        for other in on_field(s, master):
            for i, a in _autos(s, other):
                if a.trigger == "ally_destroyed":
                    _trigger(ctx, master, other, i, ability_json(a), "ally_destroyed", data={"destroyed": oid})


def situation_triggers(ctx: Ctx) -> None:
    """Situation triggers (9.6.6): in standby once while the situation holds; again after
    they resolved if it still holds (9.6.6.1)."""
    s = ctx.s
    for p in s.order:
        if s.zones[p]["hand"]:
            continue
        for src in on_field(s, p):
            for i, a in _autos(s, src):
                if a.trigger != "hand_empty":
                    continue
                waiting = any(x.source == src and x.data.get("index") == i for x in s.standby)
                if not waiting:
                    _trigger(ctx, p, src, i, ability_json(a), "hand_empty", data={"index": i}, rule="9.6.6.1")


# --- targets ----------------------------------------------------------------------------------


def candidates(s: GameState, flt: Filter, master: str, source: str) -> list[str]:
    """Cards matching ``flt`` (in the area it names) for an effect of ``master``."""
    if flt.area == "field":
        pool = [o for p in s.order for o in s.zones[p]["field"]]
        pool += [top for p in s.order if (top := s.monster(p)) is not None]
    else:
        players = {"you": [master], "opponent": [s.opponent(master)], "any": list(s.order)}[flt.controller]
        pool = [o for p in players for o in s.zones[p][flt.area]]
    return [o for o in pool if matches(s, o, flt, master, source)]


def target_json(t: dict[str, Any]) -> Target:
    return Target.model_validate(t)


def fixed_targets(s: GameState, frame: Frame, target: Target) -> list[str]:
    """Targets that need no choice: the source, the invading monsters, every matching card,
    or the previous effect's cards."""
    master, source = frame["master"], frame["source"]
    if target.kind == "self":
        return [source]
    if target.kind in ("your_monster", "opponent_monster"):
        player = master if target.kind == "your_monster" else s.opponent(master)
        top = s.monster(player)
        return [top] if top is not None else []
    if target.kind == "all":
        return candidates(s, target.filter, master, source)
    if target.kind == "previous":
        return list(frame.get("prev", []))
    raise AssertionError(target.kind)  # pragma: no cover


def target_wait(s: GameState, frame: Frame, target: Target, rule: str, extra: dict[str, Any]) -> Wait | list[str]:
    """Choosing targets (9.5.3): as many as possible up to the number (9.5.3.1); "up to"
    from 0 (9.5.3.1.1); none when none can be chosen (9.5.3.1.2)."""
    legal = candidates(s, target.filter, frame["master"], frame["source"])
    if not legal:
        return []
    if target.up_to:
        return Wait("targets", frame["master"], legal, 0, min(target.count, len(legal)), rule, extra)
    if len(legal) <= target.count:
        return legal
    return Wait("targets", frame["master"], legal, target.count, target.count, rule, extra)


def on_field_still(s: GameState, oid: str) -> bool:
    return s.objects[oid].zone in ("field", "strategy", "monster") and (
        s.objects[oid].zone != "monster" or s.monster(s.objects[oid].owner) == oid
    )


# --- effects (9.7) -----------------------------------------------------------------------------

EffectFn = Callable[[Ctx, Frame, dict[str, Any], Any], "Wait | str"]
EFFECTS: dict[str, EffectFn] = {}


def effect(name: str) -> Callable[[EffectFn], EffectFn]:
    def register(fn: EffectFn) -> EffectFn:
        EFFECTS[name] = fn
        return fn

    return register


def _who(frame: Frame, s: GameState, who: str) -> str:
    master: str = frame["master"]
    return master if who == "you" else s.opponent(master)


def item_targets(ctx: Ctx, frame: Frame, item: dict[str, Any], answer: Any, rule: str) -> Wait | list[str]:
    """The targets of the effect being resolved: chosen when the ability was played, or
    now (effects after "if you do"), or fixed."""
    eff = item["e"]
    target = target_json(eff["target"])
    if target.kind != "chosen":
        return fixed_targets(ctx.s, frame, target)
    if item.get("t") is not None:
        return list(item["t"])
    if answer is not None:
        item["t"] = list(answer)
        return list(answer)
    found = target_wait(ctx.s, frame, target, rule, {"effect": eff["op"]})
    if isinstance(found, list):
        item["t"] = found
    return found


def can_perform(s: GameState, frame: Frame, eff: dict[str, Any]) -> bool:
    """Whether "you may (action)" can be performed in its entirety (9.5.4.1, 9.9.3)."""
    op = eff["op"]
    if op == "discard":
        hand = s.zones[_who(frame, s, eff["who"])]["hand"]
        return len(hand) >= int(eff["count"])
    if op in ("destroy", "return_to_hand", "swap", "modify"):
        target = target_json(eff["target"])
        if target.kind == "chosen":
            return bool(candidates(s, target.filter, frame["master"], frame["source"]))
        return bool([t for t in fixed_targets(s, frame, target) if on_field_still(s, t)])
    if op == "lose_rage":
        return s.players[_who(frame, s, eff["who"])].rage >= int(eff["amount"])
    if op == "retreat":
        return s.players[_who(frame, s, eff["who"])].position > 1
    if op == "advance":
        return s.players[_who(frame, s, eff["who"])].position < 8
    return True


def condition_holds(s: GameState, frame: Frame, raw: dict[str, Any]) -> bool:
    """Whether the condition of an "if (condition), (effect)" holds now (9.3.3)."""
    cond = Condition.model_validate(raw)
    master, source = frame["master"], frame["source"]
    if cond.kind == "count":
        n = len(candidates(s, cond.filter, master, source))
        return (cond.min is None or n >= cond.min) and (cond.max is None or n <= cond.max)
    now = info(s, source)
    return static_condition(s, cond, master, source, now.slot if now is not None else 0)


@effect("draw")
def _draw(ctx: Ctx, frame: Frame, item: dict[str, Any], answer: Any) -> Wait | str:
    s = ctx.s
    eff = item["e"]
    if frame.get("stage") == "after":  # drawn, or replaced (9.5.4.2)
        result = frame.get("sub", {}).get("result") or {}
        frame["performed"] = bool(result.get("drawn") or result.get("replaced"))
        return DONE
    player = _who(frame, s, eff["who"])
    count = int(eff["count"])
    if eff.get("count_from") == "previous_rank":
        # final information (9.10.1.2): the rank it had the last time it was on the field
        ranks = []
        for oid in frame.get("prev", []):
            now = info(s, oid)
            lk = s.objects[oid].last_known or {}
            ranks.append(now.rank if now is not None else int(lk.get("rank", 0)))
        count = sum(ranks)
    if eff["up_to"]:
        if count <= 0:  # 5.4.3.1
            return DONE
        if answer is None:
            return Wait("number", player, list(range(count + 1)), 1, 1, "5.4.3", {"effect": "draw"})
        count, rule = int(answer[0]), "5.4.3.3"
    else:
        rule = "5.4.2"
    if count <= 0:  # 1.3.2.2
        frame["performed"] = False
        return DONE
    push_draw(ctx, player, count, rule, ret=True)
    frame["stage"] = "after"
    return PUSHED


def _put_into_discard_pile(s: GameState, frame: Frame) -> str:
    """After destroying or discarding the previous effect's cards: performed when one of them
    went to the discard pile, or when a replacement effect replaced it (9.5.4.2)."""
    replaced = bool(frame.get("sub", {}).get("replaced"))
    frame["performed"] = replaced or any(s.objects[t].zone == "discard" for t in frame.get("prev", []))
    return DONE


@effect("discard")
def _discard(ctx: Ctx, frame: Frame, item: dict[str, Any], answer: Any) -> Wait | str:
    s = ctx.s
    eff = item["e"]
    if frame.get("stage") == "after":
        return _put_into_discard_pile(s, frame)
    player = _who(frame, s, eff["who"])
    hand = list(s.zones[player]["hand"])
    if eff["until"]:
        if len(hand) < eff["count"]:  # 5.7.2.1
            frame["performed"] = False
            return DONE
        n, rule = len(hand) - int(eff["count"]), "5.7.2"
    else:
        n, rule = min(int(eff["count"]), len(hand)), "5.7.1"
    if n <= 0:
        frame["performed"] = False
        return DONE
    if answer is None and n < len(hand):
        return Wait("discard", player, hand, n, n, rule, {"effect": "discard"})
    chosen = hand if answer is None else list(answer)
    for oid in reversed(chosen):  # each one may be replaced (9.9)
        ctx.push({"op": "discard_card", "oid": oid, "rule": rule, "actor": player})
    frame["prev"] = chosen
    frame["stage"] = "after"
    return PUSHED


def _field_targets(s: GameState, targets: list[str]) -> list[str]:
    return [t for t in targets if on_field_still(s, t)]


@effect("destroy")
def _destroy(ctx: Ctx, frame: Frame, item: dict[str, Any], answer: Any) -> Wait | str:
    s = ctx.s
    if frame.get("stage") == "after":
        return _put_into_discard_pile(s, frame)
    found = item_targets(ctx, frame, item, answer, "5.12.1")
    if isinstance(found, Wait):
        return found
    targets = [t for t in _field_targets(s, found) if s.objects[t].zone in ("field", "strategy")]
    frame["prev"] = targets
    if not targets:
        frame["performed"] = False
        return DONE
    for t in reversed(targets):
        ctx.push({"op": "destroy", "oid": t, "rule": "5.12.1"})
    frame["stage"] = "after"
    return PUSHED


@effect("return_to_hand")
def _return(ctx: Ctx, frame: Frame, item: dict[str, Any], answer: Any) -> Wait | str:
    s = ctx.s
    if frame.get("stage") == "after":
        replaced = bool(frame.get("sub", {}).get("replaced"))  # 9.5.4.2
        frame["performed"] = replaced or any(s.objects[t].zone == "hand" for t in frame.get("prev", []))
        return DONE
    found = item_targets(ctx, frame, item, answer, "5.2.1")
    if isinstance(found, Wait):
        return found
    targets = [t for t in _field_targets(s, found) if s.objects[t].zone in ("field", "strategy")]
    frame["prev"] = targets
    if not targets:
        frame["performed"] = False
        return DONE
    for t in reversed(targets):  # each may be replaced (9.9)
        ctx.push({"op": "return", "oid": t, "rule": "4.1.7"})
    frame["stage"] = "after"
    return PUSHED


@effect("advance")
@effect("retreat")
def _advance(ctx: Ctx, frame: Frame, item: dict[str, Any], answer: Any) -> Wait | str:
    s = ctx.s
    eff = item["e"]
    if frame.get("stage") == "after":
        frame["performed"] = bool(frame.get("sub", {}).get("result"))
        return DONE
    player = _who(frame, s, eff["who"])
    op = eff["op"]
    rule = (
        ("5.13.1.2" if op == "advance" else "5.13.2.2")
        if eff["to_zone"]
        else ("5.13.1" if op == "advance" else "5.13.2")
    )
    ctx.push(
        {
            "op": op,
            "player": player,
            "left": int(eff["times"]),
            "to": eff["to_zone"],
            "invasion": False,
            "moved": 0,
            "rule": rule,
            "ret": True,
        }
    )
    frame["stage"] = "after"
    return PUSHED


@effect("gain_rage")
@effect("lose_rage")
def _rage(ctx: Ctx, frame: Frame, item: dict[str, Any], answer: Any) -> Wait | str:
    s = ctx.s
    eff = item["e"]
    player = _who(frame, s, eff["who"])
    amount = int(eff["amount"])
    if amount <= 0:
        return DONE
    rage = s.players[player].rage
    if eff["op"] == "gain_rage":
        set_rage(ctx, player, rage + amount, "3.4.1")
    else:
        set_rage(ctx, player, rage - amount, "3.4.4")
    frame["performed"] = True
    return DONE


@effect("search")
def _search(ctx: Ctx, frame: Frame, item: dict[str, Any], answer: Any) -> Wait | str:
    s = ctx.s
    eff = item["e"]
    player = frame["master"]
    flt = Filter.model_validate({**eff["filter"], "area": "deck", "controller": "you"})
    deck = s.zones[player]["deck"]
    matching = [o for o in deck if matches(s, o, flt, player, frame["source"])]
    count = int(eff["count"])
    conditions = flt.model_dump(exclude={"area", "controller"}, exclude_defaults=True)
    # 5.8.1.1: a bare number must be found (all cards if fewer, 5.8.1.1.1); 5.8.1.2: not so with conditions
    minimum = 0 if conditions else min(count, len(deck))
    if answer is None:
        if matching:
            return Wait("search", player, matching, minimum, min(count, len(matching)), "5.8.1", {"effect": "search"})
        answer = []
    chosen = list(answer)
    for oid in chosen:
        ctx.emit("CardRevealed", {"oid": oid, "card": s.objects[oid].card, "player": player}, "5.10.1")
        move(ctx, oid, "hand", "5.8.1", "search")
    shuffle(ctx, player, "5.3.1")
    frame["performed"] = bool(chosen)
    frame["prev"] = chosen
    return DONE


@effect("reveal_top")
def _reveal_top(ctx: Ctx, frame: Frame, item: dict[str, Any], answer: Any) -> Wait | str:
    s = ctx.s
    eff = item["e"]
    player = frame["master"]
    deck = s.zones[player]["deck"]
    if not deck:
        frame["performed"] = False
        return DONE
    top = deck[-1]
    ctx.emit("CardRevealed", {"oid": top, "card": s.objects[top].card, "player": player}, "5.10.1")
    flt = Filter.model_validate({**eff["filter"], "area": "deck", "controller": "you"})
    if matches(s, top, flt, player, frame["source"]):
        move(ctx, top, "hand", "5.10.1.1", "revealed card")
        frame["performed"] = True
    else:
        ctx.emit("RevealEnded", {"oids": [top]}, "5.10.1.1")
        frame["performed"] = False
    frame["prev"] = [top]
    return DONE


def _look_at(ctx: Ctx, player: str, owner: str, x: int, rule: str) -> list[str]:
    """``player`` checks the information of the top ``x`` cards of ``owner``'s deck (5.5.1,
    5.5.2.4): named to them alone (``CardsLookedAt`` is redacted for everyone else)."""
    s = ctx.s
    top = list(reversed(s.zones[owner]["deck"][-x:]))  # from the top
    data = {"player": player, "owner": owner, "oids": top, "cards": [s.objects[o].card for o in top]}
    ctx.emit("CardsLookedAt", data, rule)
    return top


@effect("look_top")
def _look_top(ctx: Ctx, frame: Frame, item: dict[str, Any], answer: Any) -> Wait | str:
    """Look at the top cards (5.5.1) or up to N cards from the top (5.5.2), then take the
    chosen ones into the hand and put the rest where the card says; every pick and order is
    the looking player's (``look_more``, ``look_take``, ``look_order``)."""
    s = ctx.s
    eff = item["e"]
    player = frame["master"]
    owner = _who(frame, s, eff["who"])
    count, deck = int(eff["count"]), s.zones[owner]["deck"]
    step = item.get("look")
    if step is None:
        if count <= 0 or not deck:  # 5.5.2.1; nothing to look at (1.3.2.3)
            frame["performed"] = False
            return DONE
        if eff["up_to"]:
            step = item["look"] = "more"  # 5.5.2.2: X = 1
            item["x"] = 0
        else:
            _look_at(ctx, player, owner, min(count, len(deck)), "5.5.1")
            step = item["look"] = "take"
    while step == "more":
        x = int(item["x"])
        if x >= min(count, len(deck)):  # 5.5.2.5: looked (number) times (or at the whole deck)
            step = item["look"] = "take"
            break
        if answer is None:  # 5.5.2.3: the player may end the instruction
            return Wait("look_more", player, ["look", "stop"], 1, 1, "5.5.2.3", {"effect": "look_top", "looked": x})
        choice, answer = answer[0], None
        if choice == "stop":
            step = item["look"] = "take"
            break
        _look_at(ctx, player, owner, x + 1, "5.5.2.4")
        item["x"] = x + 1
    looked = list(s.looked.get(player, []))
    if step == "take":
        taken: list[str] = []
        if int(eff["take"]) and looked:
            flt = Filter.model_validate({**eff["filter"], "area": "deck", "controller": "you"})
            matching = [o for o in looked if matches(s, o, flt, player, frame["source"])]
            if matching and answer is None:
                most = min(int(eff["take"]), len(matching))
                return Wait("look_take", player, matching, 0, most, "5.5.1", {"effect": "look_top", "looked": looked})
            taken, answer = list(answer or []), None
        for oid in taken:
            if eff["reveal"]:
                ctx.emit("CardRevealed", {"oid": oid, "card": s.objects[oid].card, "player": player}, "5.10.1")
            move(ctx, oid, "hand", "5.2.1", "look", actor=player)
        item["taken"] = taken
        step = item["look"] = "rest"
    rest = [o for o in looked if s.objects[o].zone == "deck" and o not in item["taken"]]
    where = eff["rest"]
    if where in ("top", "bottom") and len(rest) > 1:
        if answer is None:  # in the order the player chooses: the choice lists them top to bottom
            return Wait("look_order", player, rest, len(rest), len(rest), "5.5.1", {"effect": "look_top", "to": where})
        rest = list(answer)
    if where == "top":
        for oid in reversed(rest):
            move(ctx, oid, "deck", "5.2.1", "look", actor=player)
    elif where == "bottom":
        for oid in rest:
            move(ctx, oid, "deck", "5.2.1", "look", position="bottom", actor=player)
    elif where == "discard":
        for oid in rest:
            move(ctx, oid, "discard", "5.7.3", "look", actor=player)
    ctx.emit("LookEnded", {"player": player, "owner": owner, "count": len(looked)}, "4.8.2")
    frame["performed"] = bool(looked)
    frame["prev"] = list(item["taken"])
    return DONE


@effect("swap")
def _swap(ctx: Ctx, frame: Frame, item: dict[str, Any], answer: Any) -> Wait | str:
    s = ctx.s
    player = frame["master"]
    if frame.get("stage") != "hand":
        found = item_targets(ctx, frame, item, answer, "5.6.1")
        if isinstance(found, Wait):
            return found
        targets = [t for t in _field_targets(s, found) if s.objects[t].zone in ("field", "strategy")]
        hand = list(s.zones[player]["hand"])
        if not targets or not hand:  # 5.6.2
            frame["performed"] = False
            return DONE
        frame["stage"] = "hand"
        frame["sub"] = {"a": targets[0]}
        return Wait("swap", player, hand, 1, 1, "5.6.1", {"effect": "swap"})
    a = frame["sub"]["a"]
    b = answer[0]
    obj = s.objects[a]
    if not on_field_still(s, a) or s.objects[b].zone != "hand":  # 5.6.2
        frame["performed"] = False
        return DONE
    ctx.emit(
        "CardsSwapped",
        {
            "a": a,
            "a_card": obj.card,
            "b": b,
            "b_card": s.objects[b].card,
            "player": player,
            "area": obj.zone,
            "slot": obj.slot,
            "last_known": last_known(s, a),
        },
        "5.6.1",
    )
    frame["performed"] = True
    frame["prev"] = [b]
    return DONE


@effect("modify")
def _modify(ctx: Ctx, frame: Frame, item: dict[str, Any], answer: Any) -> Wait | str:
    s = ctx.s
    eff = item["e"]
    found = item_targets(ctx, frame, item, answer, "9.2.1.2")
    if isinstance(found, Wait):
        return found
    targets = _field_targets(s, found)
    frame["prev"] = targets
    if not targets:
        frame["performed"] = False
        return DONE
    abilities = eff.get("gain_abilities") or []
    lose = list(eff.get("lose_triggers") or [])
    changes_abilities = eff["nullify"] or abilities or lose
    rule = "5.16.1" if eff["cannot_engage"] else ("9.8.1.1 p1" if changes_abilities else "9.2.1.2")
    data = {
        "id": ctx.fresh_id("e"),
        "source": frame["source"],
        "master": frame["master"],
        "targets": targets,
        "threat": eff["threat"],
        "counter": eff["counter"],
        "set_threat": eff["set_threat"],
        "cannot_engage": eff["cannot_engage"],
        "gain_traits": list(eff["gain_traits"]),
        "nullify": eff["nullify"],
        "gain_abilities": abilities,
        "lose_triggers": lose,
        "duration": eff["duration"],
    }
    ctx.emit("ContinuousEffectCreated", data, rule)
    frame["performed"] = True
    return DONE


@effect("counter")
def _counter(ctx: Ctx, frame: Frame, item: dict[str, Any], answer: Any) -> Wait | str:
    if frame.get("stage") == "after":
        return DONE
    victim = _who(frame, ctx.s, item["e"]["who"])
    ctx.push({"op": "counter", "player": victim, "stage": "behind"})
    frame["stage"] = "after"
    return PUSHED


@effect("invade")
def _invade(ctx: Ctx, frame: Frame, item: dict[str, Any], answer: Any) -> Wait | str:
    s = ctx.s
    player = frame["master"]
    if frame.get("stage") == "after":
        frame["performed"] = bool(frame.get("sub", {}).get("result"))
        return DONE
    if s.players[player].invaded_turn == s.turn or not s.zones[player]["hand"]:
        frame["performed"] = False  # 8.6.2, 1.3.2
        return DONE
    if answer is None:
        return Wait("invade", player, list(s.zones[player]["hand"]), 0, 1, "5.14.1", {"effect": "invade"})
    if not answer:
        frame["performed"] = False
        return DONE
    invasion(ctx, player, answer[0], actor=RULES_AUTHORITY, ret=True)
    frame["stage"] = "after"
    return PUSHED


def invasion(ctx: Ctx, player: str, oid: str, *, actor: str, ret: bool = False) -> None:
    """8.6: discard a card, check its invasion icon (8.6.1.1) and advance that many times
    (8.6.1.2); once per turn (8.6.2)."""
    s = ctx.s
    card = s.card_of(oid)
    ctx.emit(
        "InvasionDeclared", {"player": player, "oid": oid, "card": card.id, "icon": card.invasion}, "8.6.1", actor=actor
    )
    move(ctx, oid, "discard", "8.6.1", "invasion", actor=actor)
    ctx.push(
        {
            "op": "advance",
            "player": player,
            "left": card.invasion,
            "to": None,
            "invasion": True,
            "moved": 0,
            "rule": "8.6.1.2",
            "ret": ret,
        }
    )


@effect("activate_strategy")
def _activate(ctx: Ctx, frame: Frame, item: dict[str, Any], answer: Any) -> Wait | str:
    s = ctx.s
    eff = item["e"]
    player = frame["master"]
    if frame.get("stage") != "zone":
        flt = Filter.model_validate({**eff["filter"], "area": "hand", "controller": "you", "types": ["strategy"]})
        cards = [o for o in s.zones[player]["hand"] if matches(s, o, flt, player, frame["source"])]
        if not cards:
            frame["performed"] = False
            return DONE
        if answer is None:
            return Wait("activate", player, cards, 0, 1, "5.9.1", {"effect": "activate_strategy"})
        if not answer:
            frame["performed"] = False
            return DONE
        frame["stage"] = "zone"
        frame["sub"] = {"card": answer[0]}
        return Wait("strategy_zone", player, [1, 2], 1, 1, "9.5.2.1.3", {"effect": "activate_strategy"})
    oid = frame["sub"]["card"]
    play_card(ctx, player, oid, slot=int(answer[0]), rule="5.9.1")
    frame["performed"] = True
    frame["prev"] = [oid]
    return DONE


@effect("play_battle")
def _play_battle(ctx: Ctx, frame: Frame, item: dict[str, Any], answer: Any) -> Wait | str:
    s = ctx.s
    eff = item["e"]
    player = frame["master"]
    position = s.players[player].position
    if frame.get("stage") != "zone":
        zone: int | None = None
        which = eff.get("zone_of_previous")
        if which is not None:
            prev = frame.get("prev", [])
            if not prev:
                return DONE
            if which == "is":
                # 9.10.1.1: the zone a card is in now is not referenced once it left the field
                if not on_field_still(s, prev[0]) or s.objects[prev[0]].zone != "field":
                    ctx.emit("NothingHappened", {"why": "that card is no longer in a zone"}, "9.10.1.1")
                    frame["performed"] = False
                    return DONE
                zone = s.objects[prev[0]].slot
            else:  # 9.10.1.2.1: the zone it occupied the last time
                lk = s.objects[prev[0]].last_known or {}
                if lk.get("area") != "field":
                    return DONE
                zone = int(lk["slot"])
            if zone == position:  # 5.11.1.1
                ctx.emit("NothingHappened", {"why": "that zone is occupied by your invading monster"}, "5.11.1.1")
                frame["performed"] = False
                return DONE
        flt = Filter.model_validate({**eff["filter"], "controller": "you", "types": ["battle"]})
        cards = [o for o in s.zones[player][flt.area] if matches(s, o, flt, player, frame["source"])]
        if not cards:
            frame["performed"] = False
            return DONE
        if answer is None:
            return Wait("play_battle", player, cards, 0, 1, "5.11.1", {"effect": "play_battle"})
        if not answer:
            frame["performed"] = False
            return DONE
        if zone is not None:
            play_card(ctx, player, answer[0], slot=zone, rule="5.11.1.1")
            frame["performed"] = True
            return DONE
        frame["stage"] = "zone"
        frame["sub"] = {"card": answer[0]}
        # 5.11.1.2: a zone without your invading monster if possible
        return Wait("zone", player, battle_zone_options(s, player), 1, 1, "5.11.1.2", {"effect": "play_battle"})
    oid = frame["sub"]["card"]
    play_card(ctx, player, oid, slot=int(answer[0]), rule="5.11.1")
    frame["performed"] = True
    frame["prev"] = [oid]
    return DONE


@effect("mill")
def _mill(ctx: Ctx, frame: Frame, item: dict[str, Any], answer: Any) -> Wait | str:
    """5.7.3: the top cards of the deck, one after the other, into the discard pile."""
    s = ctx.s
    eff = item["e"]
    player = _who(frame, s, eff["who"])
    deck = s.zones[player]["deck"]
    sent: list[str] = []
    for _ in range(min(int(eff["count"]), len(deck))):  # 1.3.2.2, 1.3.2.3
        oid = deck[-1]
        move(ctx, oid, "discard", "5.7.3", "sent to discard pile")
        sent.append(oid)
    frame["performed"] = bool(sent)
    frame["prev"] = sent
    return DONE


@effect("win_game")
def _win(ctx: Ctx, frame: Frame, item: dict[str, Any], answer: Any) -> Wait | str:
    win(ctx, frame["master"], "effect", "1.2.4")
    return DONE


@effect("shuffle")
def _shuffle(ctx: Ctx, frame: Frame, item: dict[str, Any], answer: Any) -> Wait | str:
    shuffle(ctx, frame["master"], "5.3.1")
    return DONE


@effect("evolve")
def _evolve(ctx: Ctx, frame: Frame, item: dict[str, Any], answer: Any) -> Wait | str:
    """11.6.2: search for a battle card with the trait and rank or less, reveal it, play it
    by stacking it onto this card, and shuffle the deck."""
    s = ctx.s
    eff = item["e"]
    player = frame["master"]
    source = frame["source"]
    flt = Filter(area="deck", controller="you", types=["battle"], traits=[eff["trait"]], max_rank=int(eff["rank"]))
    matching = [o for o in s.zones[player]["deck"] if matches(s, o, flt, player, source)]
    if answer is None:
        if matching:
            return Wait("search", player, matching, 0, 1, "11.6.2", {"effect": "evolve"})
        answer = []
    if answer:
        oid = answer[0]
        ctx.emit("CardRevealed", {"oid": oid, "card": s.objects[oid].card, "player": player}, "11.6.2")
        if s.objects[source].zone == "field":
            play_card(ctx, player, oid, slot=s.objects[source].slot, onto=source, rule="11.6.2")
            frame["performed"] = True
        else:
            ctx.emit("RevealEnded", {"oids": [oid]}, "5.10.1.1")
    shuffle(ctx, player, "11.6.2")
    return DONE


@effect("burst_discard")
def _burst_discard(ctx: Ctx, frame: Frame, item: dict[str, Any], answer: Any) -> Wait | str:
    """11.5.2: send the card from the invading monster to the discard pile, topmost or not
    (11.5.2.1, 5.7.3.1); the new topmost card has not entered (11.5.3)."""
    s = ctx.s
    oid = item["e"]["card"]
    if s.objects[oid].zone == "monster":
        move(ctx, oid, "discard", "11.5.2.1", "burst")
    return DONE


def copy_items(effects: Sequence[dict[str, Any]], targets: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Effect items for an ``effects`` frame: the effect and its chosen targets (if any)."""
    targets = targets or {}
    return [{"e": copy.deepcopy(e), "t": targets.get(str(k))} for k, e in enumerate(effects)]


__all__ = [
    "DONE",
    "EFFECTS",
    "HAND_SIZE",
    "PUSHED",
    "Wait",
    "battle_zone_options",
    "board",
    "can_perform",
    "candidates",
    "copy_items",
    "draw_one",
    "end_game",
    "end_of_turn_triggers",
    "fire",
    "monster_rank",
    "monster_traits",
    "move",
    "phase_trigger",
    "play_card",
    "push_draw",
    "set_rage",
    "shuffle",
    "situation_triggers",
    "target_wait",
    "win",
]
