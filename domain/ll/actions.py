"""Specific actions (LL-2.04 5), the Reshuffle interrupt (10.2), costs (5.22, 9.4),
deployment (5.12), auto abilities (9.7) and the resolution of effects (9.6, 9.8-9.11,
11.x, 12.x)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from domain.kernel import RULES_AUTHORITY, Shuffler, seed_commitment
from domain.ll.cards import (
    Ability,
    BlinkStep,
    Delayed,
    DestroyGate,
    Disable,
    Discard,
    Draw,
    ForEvery,
    LookAt,
    LookTop,
    Modify,
    MoveCard,
    Orient,
    PreventAttacks,
    PutInSoul,
    SetCard,
    StockBoost,
    StockOpen,
    Synthesis,
    Target,
    ToLevel,
    parse_ability,
)
from domain.ll.cards import Effect as CardEffect
from domain.ll.characteristics import (
    abilities_of,
    ability_sources,
    ability_valid,
    attacker_exists,
    cannot_be_used,
    characteristics,
    condition_met,
    defender_exists,
    is_gained,
    matches,
    member_in_battle,
    seen_by,
    targets_of_static,
    vanguard_met,
)
from domain.ll.context import Ctx, GameOverError
from domain.ll.state import FIELD, DelayedTrigger, Frame, GameState, Primed

DEFAULT_FACE_DOWN = ("deck", "stock", "refresh", "gate", "gate_deck", "tool")
"""Zones whose cards are placed face-down unless told otherwise (4.1.2.1, 4.1.3.2.3)."""


# --- game end ---------------------------------------------------------------------------


def end_game(ctx: Ctx, winner: str | None, rule: str) -> None:
    """Record the end of the game (1.2.1, 1.2.3), reveal the shuffle seed, and stop."""
    data = {"winner": winner, "result": "win" if winner else "draw"}
    ctx.emit("GameEnded", data, rule)
    reveal = {"seed": ctx.s.seed, "commitment": seed_commitment(ctx.s.game_id, ctx.s.seed)}
    ctx.emit("SeedRevealed", reveal, "1.2.1")
    raise GameOverError


def lose(ctx: Ctx, losers: Sequence[str], reason: str, rule: str, *, cause: str | None = None) -> None:
    s = ctx.s
    for p in losers:
        ctx.emit("PlayerLost", {"player": p, "reason": reason}, rule, cause=cause)
    alive = [p for p in s.order if s.players[p].lost is None]
    if len(alive) == 1:
        end_game(ctx, alive[0], "1.2.1")
    end_game(ctx, None, "1.2.3")


# --- zone movement ------------------------------------------------------------------------


def last_known(s: GameState, oid: str) -> dict[str, Any]:
    """Final information (9.11) of a card leaving its zone."""
    obj = s.objects[oid]
    info: dict[str, Any] = {"zone": obj.zone, "circles": list(obj.circles), "face_down": obj.face_down}
    if obj.zone == "circle" and obj.set_to is None:
        chars = characteristics(s, oid)
        info.update(power=chars.power, aura=chars.aura, limit=chars.limit, heart=chars.heart, soul=s.soul(oid))
    return info


def move(
    ctx: Ctx,
    oid: str,
    to: str,
    *,
    rule: str,
    reason: str,
    face_down: bool | None = None,
    circles: Sequence[str] = (),
    soul_of: str | None = None,
    set_to: str | None = None,
    position: str = "top",
    rested: bool = False,
    actor: str = RULES_AUTHORITY,
    cause: str | None = None,
    soul_follows: bool = True,
    make_up: bool = False,
) -> str:
    """Move one card; its Soul follows a member leaving the circles (12.2.1); emptying the
    Deck starts the Reshuffle interrupt (10.2)."""
    s = ctx.s
    obj = s.objects[oid]
    src = obj.zone
    soul = s.soul(oid) if src == "circle" and to != "circle" and soul_follows else []
    data: dict[str, Any] = {
        "oid": oid,
        "card": obj.card,
        "owner": obj.owner,
        "from": src,
        "to": to,
        "face_down": (to in DEFAULT_FACE_DOWN) if face_down is None else face_down,
        "was_face_down": obj.face_down,
        "reason": reason,
    }
    if to in FIELD:
        data["circles"] = list(circles)
    if to == "soul" and soul_of is not None:
        data["soul_of"] = soul_of
    if to == "circle" and set_to is not None:
        data["set_to"] = set_to
    if position != "top":
        data["position"] = position
    if rested:
        data["rested"] = True
    if make_up:
        data["make_up"] = True
    if src in FIELD and to not in FIELD:
        data["last_known"] = last_known(s, oid)
    ev = ctx.emit("CardMoved", data, rule, cause=cause, actor=actor)
    for c in soul:
        # 12.2.1: the Soul goes to the zone the member went to
        move(ctx, c, to, rule="12.2.1", reason="soul follows its member", face_down=data["face_down"], cause=ev)
    if src == "deck":
        reshuffle_check(ctx, obj.owner, ev)
    if any(a.trigger == "condition" for card in s.cards.values() for a in card.abilities):
        prime_conditions(ctx)  # 9.7.6.1: primed when the condition is met, not only at check timings
    return ev


def reshuffle_check(ctx: Ctx, player: str, cause: str | None = None) -> None:
    """10.2: a player with 0 cards in the Deck immediately Refreshes (5.21); with an empty
    Drop Zone as well, that player loses instead (10.2.2.1), because of ``cause`` (the move
    that took the last card from the Deck)."""
    s = ctx.s
    if s.zones[player]["deck"] or ctx.paying_cost or s.finished:
        return  # 10.2.3: not while paying a cost
    if not s.zones[player]["drop"]:
        lose(ctx, [player], "deck_and_drop_empty", "10.2.2.1", cause=cause)
    refresh(ctx, player, "10.2.2", cause=cause)


def refresh(ctx: Ctx, player: str, rule: str, *, cause: str | None = None, actor: str = RULES_AUTHORITY) -> None:
    """Refresh (5.21.1): Reshuffle (5.20.1: the Drop Zone into the Deck, shuffled), then the Refresh
    Point goes up by 1.  Its events cite ``rule``, the rule that makes the Refresh happen (10.2.2 with
    an empty Deck, 5.13.1.2 while searching for a Tranceunion), and follow from ``cause``."""
    s = ctx.s
    origin = cause or ctx.last or ctx.cause
    for oid in list(s.zones[player]["drop"]):
        move(ctx, oid, "deck", rule=rule, reason="reshuffle", cause=origin, actor=actor)
    ctx.emit("DeckShuffled", _shuffled(ctx, player, "deck"), rule, cause=origin, actor=actor)
    points = s.players[player].refresh_points + 1
    data = {"player": player, "points": points, "delta": 1}
    ctx.emit("RefreshPointsChanged", data, rule, cause=origin, actor=actor)


def turn(ctx: Ctx, oid: str, face_down: bool, rule: str, reason: str, *, actor: str = RULES_AUTHORITY) -> str:
    """Turn a card face-up or face-down (5.3)."""
    obj = ctx.s.objects[oid]
    data = {"oid": oid, "card": obj.card, "owner": obj.owner, "zone": obj.zone, "face_down": face_down}
    data["set"] = obj.set_to is not None
    data["reason"] = reason
    return ctx.emit("CardTurned", data, rule, actor=actor)


def shuffle(ctx: Ctx, player: str, zone: str, rule: str) -> str:
    return ctx.emit("DeckShuffled", _shuffled(ctx, player, zone), rule)


def _shuffled(ctx: Ctx, player: str, zone: str) -> dict[str, Any]:
    index = ctx.s.shuffles
    order = Shuffler(ctx.s.seed, index).shuffled(list(ctx.s.zones[player][zone]))
    return {"player": player, "zone": zone, "order": order, "shuffle_index": index}


def draw(
    ctx: Ctx, player: str, count: int, rule: str, *, cause: str | None = None, actor: str = RULES_AUTHORITY
) -> None:
    """Draw N cards (5.6.2), one at a time (4.5.2).  Each card drawn follows from ``cause`` (by
    default the event before the draw: the step or effect that drew), not from the card before."""
    s = ctx.s
    origin = cause if cause is not None else ctx.last
    for _ in range(count):
        deck = s.zones[player]["deck"]
        if not deck:
            return
        move(ctx, deck[-1], "hand", rule=rule, reason="draw", face_down=False, cause=origin, actor=actor)


def deck_top_to(ctx: Ctx, player: str, to: str, rule: str, reason: str, **kw: Any) -> str | None:
    deck = ctx.s.zones[player]["deck"]
    if not deck:
        return None
    oid = deck[-1]
    move(ctx, oid, to, rule=rule, reason=reason, **kw)
    return oid


def pay_stock(ctx: Ctx, player: str, amount: int, what: str) -> None:
    """Pay the Stock cost (N) (5.22.5): the top N cards of Stock to the Drop Zone, all or
    nothing (5.22.3).  The caller has checked that the Stock holds enough cards."""
    s = ctx.s
    stock = s.zones[player]["stock"]
    assert len(stock) >= amount
    ctx.emit("CostPaid", {"player": player, "stock": amount, "for": what}, "5.22.5.1" if amount else "5.22.5.4")
    ctx.paying_cost = True
    for _ in range(amount):
        move(ctx, stock[-1], "drop", rule="4.8.1.2", reason="cost", face_down=False)  # top first
    ctx.paying_cost = False


# --- member movement with replacement effects (9.10) ----------------------------------------


Replacement = tuple[str, str, int, Ability]
"""(key, source, ability index, ability) of a replacement effect."""
REPLACED_TO = {"return_to_hand": "hand", "deck_bottom": "deck", "drop": "drop", "stock": "stock"}


def replacements_for(s: GameState, oid: str, event: str, applied: Sequence[str] = ()) -> list[Replacement]:
    """The replacement effects that apply to ``oid`` being ``event`` (``stocked`` /
    ``dropped``) now: valid, usable, not yet applied to this event (9.10.2.3), and, if
    optional, with its choice possible (9.10.3)."""
    found: list[Replacement] = []
    for src in ability_sources(s):
        for i, ability in abilities_of(s, src):
            if ability.kind != "replacement" or ability.replaces is None:
                continue
            if ability.replaces.removeprefix("self_") != event:
                continue
            if not ability_valid(s, src, ability) or cannot_be_used(s, src, i, ability):
                continue
            if ability.replaces.startswith("self_"):
                if src != oid:
                    continue
            elif oid not in targets_of_static(s, src, ability.affects):
                continue
            key = f"{src}:{i}"
            if key in applied:
                continue  # 9.10.2.3
            if ability.may and len(s.zones[s.objects[src].owner]["stock"]) < ability.cost.stock:
                continue  # 9.10.3: the choice cannot be carried out
            found.append((key, src, i, ability))
    return found


Ask = Callable[[dict[str, Any]], None]
"""Asks the affected player to choose a replacement effect (see ``request_replacement``)."""


def stock_card(ctx: Ctx, oid: str, rule: str, reason: str, *, ask: Ask | None = None) -> bool:
    """Stock (5.10) a card, with the replacement effects that apply (9.10).  False: the game
    waits for the affected player to choose a replacement effect (``ask`` was called)."""
    return replaceable_move(ctx, oid, "stocked", rule, reason, ask)


def drop_card(ctx: Ctx, oid: str, rule: str, reason: str, *, ask: Ask | None = None) -> bool:
    """Drop (5.9) a card, with the replacement effects that apply (9.10); see ``stock_card``."""
    return replaceable_move(ctx, oid, "dropped", rule, reason, ask)


def replaceable_move(ctx: Ctx, oid: str, event: str, rule: str, reason: str, ask: Ask | None) -> bool:
    """9.10: while replacement effects apply, the affected player chooses which applies next
    (9.10.2; the controller of the card, 9.10.2.2) or, if all of them are optional, none
    (9.2.2.3.2); each applies at most once (9.10.2.3).  Without ``ask`` (a card moved in the
    middle of a player's action) nobody is asked: mandatory ones apply in card order and
    optional ones do not."""
    s = ctx.s
    state = s.replacing if s.replacing is not None and s.replacing.get("oid") == oid else None
    current = str(state["event"]) if state else event
    applied: list[str] = list(state["applied"]) if state else []
    while current in ("stocked", "dropped"):
        options = replacements_for(s, oid, current, applied)
        if not options:
            break
        may_decline = all(ability.may for _, _, _, ability in options)
        choice = state.get("choice") if state and state.get("event") == current else None
        if len(options) == 1 and not may_decline:
            pick: str | None = options[0][0]
        elif choice is not None:
            pick = None if choice == "none" else str(choice)
        elif ask is not None:
            keys = [key for key, _, _, _ in options]
            ask({"oid": oid, "event": current, "applied": applied, "options": keys, "may_decline": may_decline})
            return False
        else:
            pick = next((key for key, _, _, ability in options if not ability.may), None)
        chosen = next((o for o in options if o[0] == pick), None)
        if chosen is None:
            break
        key, src, index, ability = chosen
        instead = ability.instead or "drop"
        applied = [*applied, key]
        nxt = {"drop": "dropped", "stock": "stocked"}.get(instead, instead)
        data = {
            "oid": oid,
            "source": src,
            "ability": index,
            "instead_of": current,
            "instead": instead,
            "optional": ability.may,
            "applied": applied,
            "event": nxt,
        }
        ev = ctx.emit("ReplacementApplied", data, "9.2.2.3.2" if ability.may else "9.10.1")
        if ability.may and ability.cost.stock:
            pay_stock(ctx, s.objects[src].owner, ability.cost.stock, s.card_of(src).name)  # C of 9.10.3
        state, current, rule, reason = s.replacing, nxt, "9.10.1.1", "replacement"
        if instead in ("return_to_hand", "deck_bottom"):
            position = "bottom" if instead == "deck_bottom" else "top"
            move(ctx, oid, REPLACED_TO[instead], rule=rule, reason=reason, position=position, cause=ev)
            return True
    if current == "stocked":
        owner = s.objects[oid].owner
        was_on_circle = s.objects[oid].zone == "circle" and s.objects[oid].set_to is None
        ev = move(ctx, oid, "stock", rule=rule, reason=reason)
        if was_on_circle:
            prime(ctx, "stocked", cause=ev, subject=oid, only=[oid], printed=True, player=owner)
    else:
        move(ctx, oid, "drop", rule=rule, reason=reason)
    return True


def request_replacement(ctx: Ctx, question: dict[str, Any], resume: list[Any] | None = None) -> None:
    """Ask the controller of the affected card which replacement effect applies next
    (9.10.2, 9.10.2.2), or whether an optional one applies (9.2.2.3.2)."""
    player = ctx.s.objects[str(question["oid"])].owner
    rule = "9.2.2.3.2" if question["may_decline"] else "9.10.2"
    request(ctx, player, "replacement", question, rule, resume=resume)


# --- deploying (5.12) ----------------------------------------------------------------------


def occupants(s: GameState, player: str, circles: Sequence[str], exclude: Sequence[str] = ()) -> list[str]:
    found: list[str] = []
    for loc in circles:
        for oid in s.members_at(player, loc):
            if oid not in found and oid not in exclude:
                found.append(oid)
    return found


def to_resolution_zone(ctx: Ctx, oid: str, *, cause: str) -> str:
    """A card being played (9.6.2: a member Deployed or a Tranceunion Trancing by the rules)
    is put in its controller's Resolution Zone (4.16.1; open, so face up: 4.16.1.1,
    4.1.3.2.3) until its playing resolves and puts it on its circles (5.12.2)."""
    return move(ctx, oid, "resolution", rule="4.16.1", reason="played", face_down=False, cause=cause)


def place_member(
    ctx: Ctx,
    player: str,
    oid: str,
    circles: Sequence[str],
    *,
    rule: str,
    reason: str,
    actor: str = RULES_AUTHORITY,
    ask: Ask | None = None,
) -> str | None:
    """Put a member onto circles; members already there are Dropped first (5.12.2.1).  None:
    the game waits for a replacement choice about a dropped member (``ask``, 9.10.2)."""
    for other in occupants(ctx.s, player, circles, exclude=[oid]):
        if not drop_card(ctx, other, "5.12.2.1", "replaced by a deployed member", ask=ask):
            return None
    return move(ctx, oid, "circle", rule=rule, reason=reason, circles=list(circles), face_down=False, actor=actor)


# --- auto abilities (9.7) ---------------------------------------------------------------------

SELF_TRIGGERS = frozenset(
    {
        "deployed",
        "attacks",
        "attacked",
        "defends",
        "intercepts",
        "wins",
        "loses",
        "destroys_gate",
        "gate_destroyed",
        "stocked",
        "placed_in_battle_zone",
        "rested",
        "stood",
    }
)


def _scope_ok(s: GameState, ability: Ability, trigger: str, src: str, subject: str | None, player: str | None) -> bool:
    owner = s.objects[src].owner
    scope = ability.scope
    if trigger in SELF_TRIGGERS:
        if subject is None:
            return False
        if scope == "self":
            return src == subject
        subject_owner = s.objects[subject].owner
        if scope == "your":
            return subject_owner == owner
        if scope == "opponent":
            return subject_owner != owner
        return True
    # phase and step triggers: "self"/"your" mean during your turn
    if scope in ("self", "your"):
        return player == owner
    if scope == "opponent":
        return player is not None and player != owner
    return True


def prime(
    ctx: Ctx,
    trigger: str,
    *,
    cause: str | None = None,
    subject: str | None = None,
    player: str | None = None,
    info: dict[str, Any] | None = None,
    only: Sequence[str] | None = None,
    printed: bool = False,
    select: Callable[[Ability], bool] | None = None,
) -> None:
    """Prime every valid auto ability whose trigger condition ``trigger`` was met (9.7.2).

    ``only`` restricts the sources (abilities about "this card"); ``printed`` uses the
    printed abilities of a card that has just left the Field (zone movement triggers refer
    to the information it had there, 9.7.4.1.2) or went to the Soul Zone (Covenant, 11.2)."""
    s = ctx.s
    sources = list(only) if only is not None else list(ability_sources(s))
    for src in sources:
        card = s.card_of(src)
        for i, ability in list(enumerate(card.abilities)) if printed else abilities_of(s, src):
            if ability.kind != "auto" or ability.trigger_kind != trigger:
                continue
            if select is not None and not select(ability):
                continue
            if printed:
                if ability.ex_soul is not None:
                    soul = (s.objects[src].last_known or {}).get("soul", [])
                    if len(soul) < ability.ex_soul:
                        continue  # 11.6.1.2.1, with the information from the Field (9.7.4.1.2)
            elif not ability_valid(s, src, ability) or not condition_met(s, src, ability):
                continue
            if cannot_be_used(s, src, i, ability):
                continue  # 12.3.1.2
            if only is None and not _scope_ok(s, ability, trigger, src, subject, player):
                continue
            controller = s.objects[src].owner
            if ability.keyword == "vanguard" and not vanguard_met(s, controller):
                continue  # 11.3.1
            rule = {
                "covenant": "11.2.1",
                "on_gate_destruction": "11.7.1",
                "detonate": "11.8.1",
                "detonate_skill": "11.9.1",
                "vanguard": "11.3.1",
            }.get(ability.keyword or "", "11.6.1.2" if ability.ex_soul is not None else "9.7.2")
            _emit_triggered(ctx, controller, src, i, trigger, gained_info(ability, i, info), rule, cause)
    if only is None:
        for delayed in [d for d in s.delayed if d.trigger == trigger and _delayed_scope_ok(d, player)]:
            where = {
                "id": delayed.id,
                "ref": delayed.ref,
                "path": list(delayed.path),
                "once": delayed.once,
                "source_placed": delayed.source_placed,
            }
            rule = "9.7.5.1" if delayed.once else "9.7.5"
            src, i = delayed.source, delayed.ability
            _emit_triggered(ctx, delayed.controller, src, i, trigger, info, rule, cause, delayed=where)


def _emit_triggered(
    ctx: Ctx,
    controller: str,
    source: str,
    ability: int,
    trigger: str,
    info: dict[str, Any] | None,
    rule: str,
    cause: str | None = None,
    **extra: Any,
) -> None:
    data = {
        "primed": ctx.fresh_id("a"),
        "controller": controller,
        "source": source,
        "ability": ability,
        "trigger": trigger,
        "info": dict(info or {}),
        **extra,
    }
    ctx.emit("AbilityTriggered", data, rule, cause=cause)


def _delayed_scope_ok(delayed: DelayedTrigger, player: str | None) -> bool:
    if delayed.scope == "your":
        return player == delayed.controller
    if delayed.scope == "opponent":
        return player is not None and player != delayed.controller
    return True


STATE_CONDITIONS: dict[str, Callable[[GameState, str], bool]] = {
    "your_hand_empty": lambda s, you: not s.zones[you]["hand"],
    "your_stock_empty": lambda s, you: not s.zones[you]["stock"],
    "opponent_hand_empty": lambda s, you: not s.zones[s.opponent(you)]["hand"],
    "no_standing_members": lambda s, you: all(s.objects[o].rested for o in s.members(you)),
}
"""The states a conditional trigger waits for (9.7.6), seen from the ability's controller."""


def prime_conditions(ctx: Ctx) -> None:
    """9.7.6.1: a conditional trigger is primed once while its condition is met; once it
    has resolved, it is primed again if the condition is (still or again) met.  Looked at
    after every card move and at every check timing."""
    s = ctx.s
    for src in list(ability_sources(s)):
        for i, ability in abilities_of(s, src):
            if ability.kind != "auto" or ability.trigger != "condition" or ability.state is None:
                continue
            if not ability_valid(s, src, ability) or not condition_met(s, src, ability):
                continue
            if cannot_be_used(s, src, i, ability):
                continue
            controller = s.objects[src].owner
            if not STATE_CONDITIONS[ability.state](s, controller):
                continue
            if any(p.source == src and p.ability == i and p.delayed is None for p in s.primed):
                continue  # primed once (9.7.6.1)
            if any(f.source == src and f.ref == "ability" and f.ability == i for f in s.frames):
                continue  # still resolving
            info = gained_info(ability, i, {"state": ability.state})
            _emit_triggered(ctx, controller, src, i, "condition", info, "9.7.6.1")


def auto_cost_payable(s: GameState, primed: Primed, ability: Ability) -> bool:
    cost = ability.cost
    obj = s.objects[primed.source]
    if len(s.zones[primed.controller]["stock"]) < cost.stock:
        return False
    if cost.rest_self and (obj.rested or obj.zone not in ("circle", "my_logicalist", "gate")):
        return False
    return not (cost.drop_self and obj.zone not in ("circle", "battle", "gate"))


def pay_ability_cost(ctx: Ctx, player: str, source: str, ability: Ability, what: str, *, extra_stock: int = 0) -> None:
    """All costs at once (5.22.2, 9.6.2.3); the caller has checked they can be paid.
    ``extra_stock``: the (X) of a cost with a chosen X (9.6.2.2.1)."""
    s = ctx.s
    cost = ability.cost
    if cost.rest_self:
        ctx.emit("CardRested", {"oid": source, "reason": "cost"}, "5.22.1")
    if cost.stock + extra_stock:
        pay_stock(ctx, player, cost.stock + extra_stock, what)
    if cost.drop_self:
        move(ctx, source, "drop", rule="5.22.1", reason="cost")
    if cost.rest_self and s.objects[source].zone in ("circle", "my_logicalist"):
        prime(ctx, "rested", subject=source, player=player)


def play_primed(ctx: Ctx, primed: Primed, resume: list[Any], *, actor: str = RULES_AUTHORITY) -> bool:
    """Play one primed auto ability (9.7.3) and resolve it; False if it paused for a choice."""
    s = ctx.s
    delayed = primed.delayed
    if delayed is not None:
        # a delayed trigger (9.7.5): the effects it was created with, no cost; played even if
        # its source changed zones (9.7.7), but "this card" then names nothing (4.1.5)
        placed = {"self_placed": delayed["source_placed"]}
        _emit_played(ctx, primed, resume, actor, "9.7.7", ref=delayed["ref"], path=delayed["path"], info=placed)
        return run_frames(ctx)
    ability = played_ability(s, primed.source, primed.ability, primed.info)
    optional = ability.cost.optional and not ability.cost.empty
    if not optional and not ability.cost.empty and not auto_cost_payable(s, primed, ability):
        ctx.emit("PrimedCanceled", {"primed": primed.id, "why": "cost cannot be paid"}, "9.7.3.2")
        return True
    key = f"{primed.source}:{primed.ability}" if ability.once_per_turn else None
    _emit_played(ctx, primed, resume, actor, "9.7.3", once_per_turn_key=key, optional_cost=optional)
    if key is not None:
        # 12.4.1.1: "cannot be used" for the turn; already primed instances are un-primed (12.3.1.3)
        for other in list(s.primed):
            if other.source == primed.source and other.ability == primed.ability and other.delayed is None:
                ctx.emit("PrimedCanceled", {"primed": other.id, "why": "[1/turn] used"}, "12.3.1.3")
    if not optional and not ability.cost.empty and ability.x is None:
        pay_ability_cost(ctx, primed.controller, primed.source, ability, s.card_of(primed.source).name)
    return run_frames(ctx)  # with an X, X is chosen first and the cost paid then (9.6.2.2.1, 9.6.2.3)


def _emit_played(
    ctx: Ctx,
    primed: Primed,
    resume: list[Any],
    actor: str,
    rule: str,
    *,
    ref: str = "ability",
    info: dict[str, Any] | None = None,
    **extra: Any,
) -> None:
    data = {
        "primed": primed.id,
        "frame": ctx.fresh_id("f"),
        "controller": primed.controller,
        "source": primed.source,
        "ability": primed.ability,
        "ref": ref,
        "resume": list(resume),
        "info": {**primed.info, **(info or {})},
        **extra,
    }
    ctx.emit("AbilityPlayed", data, rule, cause=primed.cause, actor=actor)


# --- resolution (9.6.2.4, 9.6.3) ----------------------------------------------------------


def frame_effects(s: GameState, frame: Frame) -> list[CardEffect]:
    card = s.card_of(frame.source)
    if frame.ref == "tool_skill":
        effects: list[CardEffect] = list(card.tool_skill or [])
    elif frame.ref == "ability":
        effects = list(played_ability(s, frame.source, frame.ability, frame.info).effects)
    else:
        effects = []
    for p in frame.path:
        eff = effects[p]
        assert isinstance(eff, (ForEvery, Delayed))
        effects = list(eff.effects)
    return effects


def frame_ability(s: GameState, frame: Frame) -> Ability | None:
    if frame.ref != "ability":
        return None
    return played_ability(s, frame.source, frame.ability, frame.info)


def gained_info(ability: Ability, index: int, info: dict[str, Any] | None) -> dict[str, Any] | None:
    """The information a primed or played ability carries: for a gained one (5.30.1) the
    ability itself, which it keeps once played even if the effect that gave it ends."""
    if not is_gained(index):
        return info
    return {**(info or {}), "gained": ability.model_dump(mode="json")}


def played_ability(s: GameState, source: str, index: int, info: Mapping[str, Any]) -> Ability:
    """The ability a primed ability or a frame plays: printed, or gained (from ``info``)."""
    if is_gained(index):
        return parse_ability(info["gained"])
    return s.card_of(source).abilities[index]


def run_frames(ctx: Ctx) -> bool:
    """Resolve the frames on the stack; False if a player must choose first."""
    s = ctx.s
    while s.frames:
        f = s.frames[-1]
        ability = frame_ability(s, f)
        if f.paid is None:
            assert ability is not None
            if not _optional_payable(s, f, ability):
                ctx.emit("OptionalCostDecided", {"frame": f.id, "pay": False, "auto": True}, "9.7.3.3.1")
            else:
                request(ctx, f.controller, "confirm", {"frame": f.id, "cost": ability.cost.model_dump()}, "9.7.3.3.1")
                return False
            continue
        if f.paid is False:
            finish_frame(ctx, f)
            continue
        if ability is not None and ability.x is not None and "x" not in f.info and not f.path:
            if not choose_auto_x(ctx, f, ability):
                return False
            continue
        if f.ref == "make_up":
            if not make_up(ctx, f):
                return False
            finish_frame(ctx, f)
            continue
        if ability is not None and ability.keyword == "detonate" and f.index == 0 and not f.path:
            detonate(ctx, f)
            ctx.emit("EffectResolved", {"frame": f.id, "next": 1}, "11.8.1")
            continue
        effects = frame_effects(s, f)
        if f.index >= len(effects):
            if f.iteration + 1 < f.repeat:
                ctx.emit("RepetitionAdvanced", {"frame": f.id, "iteration": f.iteration + 1}, "12.5.1")
            else:
                finish_frame(ctx, f)
            continue
        outcome = apply_effect(ctx, f, effects[f.index])
        if outcome is None:
            return False
        chosen, push = outcome
        ctx.emit("EffectResolved", {"frame": f.id, "next": f.index + 1, "chosen": chosen}, "9.8.1")
        if push is not None:
            rule = push.pop("rule", "12.5.1")
            ctx.emit("RepetitionStarted", {"frame": ctx.fresh_id("f"), **push}, rule)
    return True


def choose_auto_x(ctx: Ctx, f: Frame, ability: Ability) -> bool:
    """9.6.2.2.1 for an auto ability: its controller chooses X (asked once, the answer is
    ``f.choice``), then its cost, (X) included, is paid (9.6.2.3)."""
    s = ctx.s
    assert ability.x is not None
    spare = len(s.zones[f.controller]["stock"]) - ability.cost.stock
    bound = max(0, min(ability.x.max, spare)) if ability.x.stock else ability.x.max
    name = s.card_of(f.source).name
    if f.choice is None:
        options = {"frame": f.id, "min": 0, "max": bound, "prompt": f"{name}: choose X"}
        request(ctx, f.controller, "number", options, "9.6.2.2.1")
        return False
    x = f.choice
    if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x <= bound:
        raise ctx.reject("rules/choose_x", "9.6.2.2.1", f"{name}: choose X, a whole number from 0 to {bound}")
    data = {"player": f.controller, "source": f.source, "ability": f.ability, "frame": f.id, "x": x}
    ctx.emit("XChosen", data, "9.6.2.2.1", actor=f.controller)
    extra = x if ability.x.stock else 0
    if not ability.cost.empty or extra:
        pay_ability_cost(ctx, f.controller, f.source, ability, name, extra_stock=extra)
    return True


def _optional_payable(s: GameState, frame: Frame, ability: Ability) -> bool:
    primed = Primed(
        id="", controller=frame.controller, source=frame.source, ability=frame.ability, trigger="", cause=""
    )
    return auto_cost_payable(s, primed, ability)


def finish_frame(ctx: Ctx, f: Frame) -> None:
    s = ctx.s
    if len(s.frames) == 1:
        for oid in f.synth:
            if s.objects[oid].zone == "tool" and not s.objects[oid].face_down:
                turn(ctx, oid, True, "5.33.2", "synthesis ended")
    ctx.emit("ResolutionFinished", {"frame": f.id}, "9.6.2.4")


def request(
    ctx: Ctx, player: str, kind: str, options: dict[str, Any], rule: str, resume: list[Any] | None = None
) -> None:
    s = ctx.s
    if resume is None:
        resume = s.frames[0].resume if s.frames else []
    ctx.ask(player, kind, options, rule, resume=resume)


def confirm_optional(ctx: Ctx, pay: bool, player: str) -> None:
    """The answer to "you may pay" (9.7.3.3.1): if paid, the "If so" text is carried out."""
    s = ctx.s
    f = s.frames[-1]
    ability = frame_ability(s, f)
    assert ability is not None
    ctx.emit("OptionalCostDecided", {"frame": f.id, "pay": pay}, "9.7.3.3.1", actor=player)
    if pay:
        pay_ability_cost(ctx, f.controller, f.source, ability, s.card_of(f.source).name)


# --- targets (9.6.3) ---------------------------------------------------------------------------


def candidates(s: GameState, target: Target, frame: Frame) -> list[str]:
    you = frame.controller
    flt = target.filter
    out = [
        oid
        for pid in s.order
        for oid in s.zones[pid][flt.zone]
        if matches(s, flt, oid, you, frame.source) and oid not in frame.chosen  # 12.5.3
    ]
    return out


def fixed_targets(s: GameState, target: Target, frame: Frame) -> list[str] | None:
    """Targets that involve no choice; None for ``chosen``."""
    you = frame.controller
    b = s.battle
    if target.kind == "self":
        placed = frame.info.get("self_placed")
        if placed is not None and s.objects[frame.source].placed != placed:
            return []  # a delayed trigger's "this card" left its zone: a new card (4.1.5)
        return [frame.source]
    if target.kind == "attacking_member":
        return [b.attacker] if b and b.attacker and attacker_exists(s) else []
    if target.kind == "defending_member":
        return [b.defender] if b and b.defender and defender_exists(s) else []
    if target.kind == "battle_opponent":
        mine = member_in_battle(s, you)
        other = member_in_battle(s, s.opponent(you))
        return [other] if mine and other else []
    if target.kind == "your_member_in_battle":
        m = member_in_battle(s, you)
        return [m] if m else []
    if target.kind == "tranceunion":
        tu = frame.info.get("tranceunion")
        return [tu] if isinstance(tu, str) and s.objects[tu].zone == "circle" else []
    if target.kind == "all":
        return [
            oid
            for pid in s.order
            for oid in s.zones[pid][target.filter.zone]
            if matches(s, target.filter, oid, you, frame.source)
        ]
    return None


def choose(
    ctx: Ctx, frame: Frame, options: list[str], count: int, up_to: bool, prompt: str, rule: str = "9.6.3"
) -> list[str] | None:
    """Choose targets during resolution (9.6.3): as many as possible up to N for "choose N"
    (9.6.3.1), any number up to N for "choose up to N" (9.6.3.1.1).  None: the player was
    asked (the frame resumes with their answer)."""
    if not options:
        return []  # 9.6.3.1.3
    need = min(count, len(options))
    if not up_to and len(options) <= count:
        return list(options)  # nothing to choose: all of them must be chosen
    if frame.choice is None:
        request(
            ctx,
            frame.controller,
            "choose",
            {"frame": frame.id, "cards": list(options), "min": 0 if up_to else need, "max": need, "prompt": prompt},
            rule,
        )
        return None
    picked = frame.choice
    low = 0 if up_to else need
    if (
        not isinstance(picked, list)
        or len(set(picked)) != len(picked)
        or not low <= len(picked) <= need
        or any(p not in options for p in picked)
    ):
        raise ctx.reject(
            "rules/illegal_choice",
            "9.6.3.1",
            f"choose {'up to ' if up_to else ''}{need} of {', '.join(options)} for {prompt}",
        )
    return list(picked)


def resolve_target(ctx: Ctx, frame: Frame, target: Target, prompt: str) -> list[str] | None:
    fixed = fixed_targets(ctx.s, target, frame)
    if fixed is not None:
        return fixed
    return choose(ctx, frame, candidates(ctx.s, target, frame), target.count, target.up_to, prompt)


# --- effects ----------------------------------------------------------------------------------


def for_every_x(s: GameState, frame: Frame, x: str) -> int:
    you = frame.controller
    if x == "soul_of_self":
        obj = s.objects[frame.source]
        if obj.zone == "circle":
            return len(s.soul(frame.source))
        return len((obj.last_known or {}).get("soul", []))  # final information (9.11.1, 12.2.2.1)
    if x == "your_destroyed_gates":
        return sum(1 for g in s.zones[you]["gate"] if not s.objects[g].face_down)
    if x == "opponent_destroyed_gates":
        return sum(1 for g in s.zones[s.opponent(you)]["gate"] if not s.objects[g].face_down)
    if x == "cards_in_your_battle_zone":
        return len(s.zones[you]["battle"])
    if x == "chosen_x":
        return int(frame.info.get("x", 0))  # 9.6.2.2.1
    return 0


Outcome = tuple[list[str], dict[str, Any] | None]


def apply_effect(ctx: Ctx, f: Frame, eff: CardEffect) -> Outcome | None:
    """Carry out one effect (9.8); None if a choice is needed first."""
    s = ctx.s
    you = f.controller
    name = s.card_of(f.source).name
    if isinstance(eff, Draw):
        n = eff.count
        if eff.up_to:
            if f.choice is None:
                request(ctx, you, "number", {"frame": f.id, "min": 0, "max": n, "prompt": f"draw up to {n}"}, "5.6.3")
                return None
            if not isinstance(f.choice, int) or isinstance(f.choice, bool) or not 0 <= f.choice <= n:
                raise ctx.reject("rules/illegal_choice", "5.6.3", f"choose how many cards to draw, 0 to {n}")
            n = f.choice
        draw(ctx, you, n, "5.6.2")
        return [], None
    if isinstance(eff, StockBoost):
        for _ in range(eff.count):
            deck_top_to(ctx, you, "stock", "5.27.1", "stock boost", face_down=True)
        return [], None
    if isinstance(eff, StockOpen):
        stock = s.zones[you]["stock"]
        if eff.op == "stock_open":
            flipping = [o for o in stock if s.objects[o].face_down][: eff.count]  # bottom first
            rule, down = "5.28.1", False
        else:
            flipping = [o for o in reversed(stock) if not s.objects[o].face_down][: eff.count]  # top first
            rule, down = "5.29.1", True
        for o in flipping:
            turn(ctx, o, down, rule, eff.op)
        return [], None
    if isinstance(eff, (Modify, Disable)):
        targets = resolve_target(ctx, f, eff.target, name)
        if targets is None:
            return None
        live = [t for t in targets if s.objects[t].zone in ("circle", "gate", "battle", "my_logicalist")]
        if live:
            data: dict[str, Any] = {
                "id": ctx.fresh_id("x"),
                "source": f.source,
                "controller": you,
                "targets": live,
                "timestamp": f.played,
            }
            if isinstance(eff, Modify):
                data.update(
                    power=eff.power,
                    aura=eff.aura,
                    limit=eff.limit,
                    heart=eff.heart,
                    set_power=eff.set_power,
                    auras_are_hearts=eff.auras_are_hearts,
                    lose_abilities=eff.lose_abilities,
                    duration=eff.duration,
                )
                rule = "9.2.2.2"
                if eff.gain_abilities:  # 5.30.1: the cards have these abilities
                    data["gain_abilities"] = [a.model_dump(mode="json") for a in eff.gain_abilities]
                    rule = "5.30.1"
            else:
                data.update(disable=True, duration=eff.duration)
                rule = "12.3.1"
            ev = ctx.emit("ContinuousEffectCreated", data, rule)
            if isinstance(eff, Disable):
                # 12.3.1.3: an auto ability already primed that gains "cannot be used" becomes un-primed
                for gone in [pr.id for pr in s.primed if pr.source in live]:
                    ctx.emit("PrimedCanceled", {"primed": gone, "why": "cannot be used"}, "12.3.1.3", cause=ev)
        return _chosen(eff.target, targets), None
    if isinstance(eff, DestroyGate):
        targets = resolve_target(ctx, f, eff.target, name)
        if targets is None:
            return None
        by = f.source if s.card_of(f.source).is_member and s.objects[f.source].zone == "circle" else None
        for g in targets:
            destroy_gate(ctx, g, by, "5.32.2.2" if by else "5.32.1")
        return _chosen(eff.target, targets), None
    if isinstance(eff, MoveCard):
        progress = s.replacing if s.replacing is not None and s.replacing.get("frame") == f.id else None
        if progress is not None:
            # resuming after a replacement choice (9.10.2): the same targets, minus those done
            targets, done = list(progress["targets"]), list(progress["done"])
        else:
            found = resolve_target(ctx, f, eff.target, name)
            if found is None:
                return None
            targets, done = found, []

        def ask(question: dict[str, Any]) -> None:
            request_replacement(ctx, {**question, "frame": f.id, "targets": targets, "done": list(done)})

        for t in targets:
            if t in done:
                continue
            if eff.op == "stock":
                if not stock_card(ctx, t, "5.10.1", f"effect of {name}", ask=ask):
                    return None
            elif eff.op == "drop":
                if not drop_card(ctx, t, "5.9.1", f"effect of {name}", ask=ask):
                    return None
            elif eff.op == "return_to_hand":
                move(ctx, t, "hand", rule="5.4.1", reason=f"effect of {name}", face_down=False)
            elif eff.op == "deck_bottom":
                move(ctx, t, "deck", rule="5.4.1", reason=f"effect of {name}", position="bottom")
            else:
                move(ctx, t, "purge", rule="5.25.1", reason=f"effect of {name}")
            done.append(t)
        return _chosen(eff.target, targets), None
    if isinstance(eff, Orient):
        targets = resolve_target(ctx, f, eff.target, name)
        if targets is None:
            return None
        for t in targets:
            obj = s.objects[t]
            if obj.zone not in ("circle", "level", "my_logicalist", "gate"):
                continue
            if obj.rested == (eff.op == "rest"):
                continue  # 1.3.2.1: already in that state
            ev = ctx.emit("CardRested" if eff.op == "rest" else "CardStood", {"oid": t, "reason": "effect"}, "5.2.1")
            if obj.zone == "circle":
                prime(ctx, "rested" if eff.op == "rest" else "stood", cause=ev, subject=t, player=obj.owner)
        return _chosen(eff.target, targets), None
    if isinstance(eff, PutInSoul):
        targets = resolve_target(ctx, f, eff.target, name)
        if targets is None:
            return None
        members = [t for t in targets if s.objects[t].zone == "circle" and s.card_of(t).is_member]
        if not members:
            return [], None
        member = members[0]
        if eff.source == "deck_top":
            for _ in range(eff.count):
                deck_top_to(ctx, you, "soul", "5.26.1", "put in soul", face_down=False, soul_of=member)
            return [], None
        flt = eff.filter.model_copy(update={"zone": eff.source, "controller": "you"})
        options = [o for o in s.zones[you][eff.source] if matches(s, flt, o, you, f.source)]
        picked = choose(ctx, f, options, eff.count, eff.source == "hand", f"{name}: put in Soul", "5.26.1")
        if picked is None:
            return None
        for o in picked:
            move(ctx, o, "soul", rule="5.26.1", reason="put in soul", face_down=False, soul_of=member)
        return [], None
    if isinstance(eff, SetCard):
        targets = resolve_target(ctx, f, eff.target, name)
        if targets is None:
            return None
        hosts = [t for t in targets if s.objects[t].zone in ("circle", "gate")]
        if not hosts:
            return [], None
        host = hosts[0]
        circles = list(s.objects[host].circles)  # the circle, or the corresponding circle of a gate (5.24.1)
        if eff.source == "deck_top":
            deck_top_to(ctx, you, "circle", "5.24.1", "set", face_down=eff.face_down, circles=circles, set_to=host)
            return [], None
        flt = eff.filter.model_copy(update={"zone": "hand", "controller": "you"})
        options = [o for o in s.zones[you]["hand"] if matches(s, flt, o, you, f.source)]
        picked = choose(ctx, f, options, 1, True, f"{name}: Set a card", "5.24.1")
        if picked is None:
            return None
        for o in picked:
            if s.objects[host].zone not in ("circle", "gate"):
                move(ctx, o, "drop", rule="5.24.1.1", reason="set target left the Field")
            else:
                move(
                    ctx, o, "circle", rule="5.24.1", reason="set", face_down=eff.face_down, circles=circles, set_to=host
                )
        return [], None
    if isinstance(eff, Synthesis):
        options = [o for o in s.zones[you]["tool"] if s.objects[o].face_down and s.card_of(o).level <= eff.level]
        picked = choose(ctx, f, options, 1, True, f"Synthesis ({eff.level})", "5.33.1.1")
        if picked is None:
            return None
        if not picked:
            ctx.emit("SynthesisSkipped", {"player": you, "level": eff.level}, "5.33.3")
            return [], None
        tool = picked[0]
        turn(ctx, tool, False, "5.33.1.1", "synthesis")
        ctx.emit("SynthesisPerformed", {"player": you, "oid": tool}, "5.33.3")
        if s.card_of(tool).tool_skill:
            return [], {"source": tool, "ref": "tool_skill", "path": [], "repeat": 1, "rule": "11.10.1"}
        return [], None
    if isinstance(eff, BlinkStep):
        targets = resolve_target(ctx, f, eff.target, name)
        if targets is None:
            return None
        for t in targets:
            blink_step(ctx, t)
        return _chosen(eff.target, targets), None
    if isinstance(eff, Discard):
        hand = list(s.zones[you]["hand"])
        picked = choose(ctx, f, hand, eff.count, False, f"{name}: discard", "5.8.1")
        if picked is None:
            return None
        for o in picked:
            move(ctx, o, "drop", rule="5.8.1", reason="discard")
        return [], None
    if isinstance(eff, ToLevel):
        for _ in range(eff.count):
            deck_top_to(ctx, you, "level", "5.4.1", "put in level zone", face_down=False)
        return [], None
    if isinstance(eff, Delayed):
        data = {
            "id": ctx.fresh_id("d"),
            "controller": you,
            "source": f.source,
            "ref": f.ref,
            "ability": f.ability,
            "path": [*f.path, f.index],
            "trigger": eff.trigger,
            "scope": eff.scope,
            "once": eff.duration == "once",
            "source_placed": s.objects[f.source].placed,
        }
        ctx.emit("DelayedTriggerCreated", data, "9.7.5")
        return [], None
    if isinstance(eff, PreventAttacks):
        player = you if eff.player == "you" else s.opponent(you)
        data = {
            "id": ctx.fresh_id("x"),
            "source": f.source,
            "controller": you,
            "targets": [],
            "players": [player],
            "no_attacks": True,
            "duration": eff.duration,
            "timestamp": f.played,
        }
        ctx.emit("ContinuousEffectCreated", data, "8.2.4")
        return [], None
    if isinstance(eff, LookTop):
        return _look_top(ctx, f, eff)
    if isinstance(eff, LookAt):
        targets = resolve_target(ctx, f, eff.target, name)
        if targets is None:
            return None
        unseen = [t for t in targets if not seen_by(s, t, you)]
        if unseen:  # 5.23.1: the cards in a closed zone, or face-down
            look_at(ctx, you, unseen, "5.23.1")
            ctx.emit("LookEnded", {"player": you, "count": len(unseen)}, "5.23.2.1")
        return _chosen(eff.target, targets), None
    if isinstance(eff, ForEvery):
        x = for_every_x(s, f, eff.x)
        if x <= 0 or not eff.effects:
            return [], None  # 1.3.2.2: zero times is not carried out
        return [], {"source": f.source, "ref": f.ref, "path": [*f.path, f.index], "repeat": x, "rule": "12.5.2"}
    raise AssertionError(f"unhandled effect {eff!r}")  # pragma: no cover


def look_at(ctx: Ctx, player: str, oids: list[str], rule: str) -> None:
    """``player`` confirms the information of ``oids`` (5.23.1): named to them alone
    (``CardsLookedAt`` is redacted for everyone else), until the look ends (5.23.2)."""
    s = ctx.s
    owners = sorted({s.objects[o].owner for o in oids})
    data = {"player": player, "owners": owners, "oids": list(oids), "cards": [s.objects[o].card for o in oids]}
    ctx.emit("CardsLookedAt", data, rule)


def _look_top(ctx: Ctx, f: Frame, eff: LookTop) -> Outcome | None:
    """Look at the top cards (5.7.1) or at up to N from the top (5.7.2, 5.7.3), take the chosen
    ones and put the rest where the card says.  Every step is the looker's choice: one more
    card (``look_more``), the cards taken (``choose``), the order put back (``look_order``)."""
    s = ctx.s
    you = f.controller
    deck = s.zones[you]["deck"]
    step = f.info.get("look")
    if step is None:
        if eff.count <= 0 or not deck:  # 5.7.1, 5.7.2: nothing happens if N is 0
            return [], None
        if eff.up_to:
            ctx.emit("LookProgressed", {"frame": f.id, "step": "more"}, "5.7.3.1")  # the number is set to 1
        else:
            look_at(ctx, you, list(reversed(deck[-eff.count :])), "5.7.1")
            ctx.emit("LookProgressed", {"frame": f.id, "step": "take"}, "5.7.1")
        step = f.info["look"]
    while step == "more":
        seen = len(s.looked.get(you, []))
        if seen >= min(eff.count, len(deck)):  # 5.7.3.4: N times (or the whole Deck)
            ctx.emit("LookProgressed", {"frame": f.id, "step": "take"}, "5.7.3.4")
        elif f.choice is None:  # 5.7.3.2: the player may end the instruction
            request(ctx, you, "look_more", {"frame": f.id, "looked": seen, "max": eff.count}, "5.7.3.2")
            return None
        elif not isinstance(f.choice, bool):
            raise ctx.reject("rules/illegal_choice", "5.7.3.2", "answer true (look at one more card) or false (end)")
        elif f.choice:
            look_at(ctx, you, list(reversed(deck[-(seen + 1) :])), "5.7.3.3")
        else:
            ctx.emit("LookProgressed", {"frame": f.id, "step": "take"}, "5.7.3.2")
        step = f.info["look"]
    looked = list(s.looked.get(you, []))
    if step == "take":
        flt = eff.filter.model_copy(update={"zone": "deck", "controller": "you"})
        matching = [o for o in looked if matches(s, flt, o, you, f.source)] if eff.take else []
        picked = choose(ctx, f, matching, eff.take, True, f"{s.card_of(f.source).name}: take", "5.23.1")
        if picked is None:
            return None
        for o in picked:
            if eff.reveal:
                ctx.emit("CardRevealed", {"oid": o, "card": s.objects[o].card}, "5.19.3")
            move(ctx, o, "hand", rule="5.4.1", reason="look", face_down=False, actor=you)
        ctx.emit("LookProgressed", {"frame": f.id, "step": "rest"}, "5.23.2")
    rest = [o for o in looked if s.objects[o].zone == "deck" and s.objects[o].owner == you]
    if eff.rest != "stay" and len(rest) > 1:
        if f.choice is None:  # in the order the player chooses, listed top to bottom
            request(ctx, you, "look_order", {"frame": f.id, "cards": rest, "to": eff.rest}, "5.4.1")
            return None
        if not isinstance(f.choice, list) or sorted(map(str, f.choice)) != sorted(rest):
            raise ctx.reject("rules/illegal_choice", "5.4.1", f"list each of {', '.join(rest)} once, top to bottom")
        rest = [str(o) for o in f.choice]
    if eff.rest == "top":
        for o in reversed(rest):
            move(ctx, o, "deck", rule="5.4.1", reason="look", actor=you)
    elif eff.rest == "bottom":
        for o in rest:
            move(ctx, o, "deck", rule="5.4.1", reason="look", position="bottom", actor=you)
    ctx.emit("LookEnded", {"player": you, "count": len(looked)}, "5.23.2.1")
    return [], None


def _chosen(target: Target, targets: list[str]) -> list[str]:
    return list(targets) if target.kind == "chosen" else []


# --- gates (5.32), Detonate (11.8), Blink Step (5.34), Make Up (11.11) -------------------------


def destroy_gate(ctx: Ctx, gate: str, by: str | None, rule: str) -> None:
    s = ctx.s
    obj = s.objects[gate]
    if obj.zone != "gate":
        return
    if not obj.face_down:
        ctx.emit("NothingHappened", {"oid": gate, "why": "the gate is already destroyed"}, "5.32.1.1")
        return
    ev = ctx.emit("GateDestroyed", {"oid": gate, "card": obj.card, "owner": obj.owner, "by": by}, rule)
    prime(ctx, "on_gate_destruction", cause=ev, only=[gate])
    prime(ctx, "gate_destroyed", cause=ev, subject=gate, player=obj.owner, info={"gate": gate})
    if by is not None:
        prime(ctx, "destroys_gate", cause=ev, subject=by, player=s.objects[by].owner, info={"gate": gate})


def detonate(ctx: Ctx, f: Frame) -> None:
    """11.8.1: turn this card face-up, and then Drop it."""
    s = ctx.s
    oid = f.source
    obj = s.objects[oid]
    if obj.zone != "circle":
        return
    if obj.face_down:
        ev = turn(ctx, oid, False, "11.8.1", "detonate")
        if obj.set_to is not None:
            prime(ctx, "detonate_skill", cause=ev, only=[oid])  # 11.9.1: turned face-up in the Set State
    move(ctx, oid, "drop", rule="11.8.1", reason="detonate")


def blink_step(ctx: Ctx, oid: str) -> None:
    """5.34.1.1: Purge the member and its Soul, then deploy it to the same circles."""
    s = ctx.s
    obj = s.objects[oid]
    if obj.zone != "circle" or obj.set_to is not None:
        return
    circles = list(obj.circles)
    soul = s.soul(oid)
    owner = obj.owner
    ev = ctx.emit("BlinkStepPerformed", {"oid": oid, "circles": circles, "soul": soul}, "5.34.1.1")
    move(ctx, oid, "purge", rule="5.34.1.1", reason="blink step", cause=ev)
    if s.objects[oid].zone != "purge":
        return  # 5.34.1.1.3
    placed = place_member(ctx, owner, oid, circles, rule="5.34.1.1.2", reason="blink step")
    assert placed is not None  # nobody is asked about replacements here
    for c in soul:
        if s.objects[c].zone == "purge":
            move(ctx, c, "soul", rule="5.34.1.1.1", reason="blink step", soul_of=oid, face_down=False)
    prime(ctx, "deployed", cause=placed, subject=oid, player=owner)


def make_up_options(s: GameState, source: str, level: int) -> list[str]:
    """11.11.2: same character name, a different covenanter, level <= the value."""
    card = s.card_of(source)
    owner = s.objects[source].owner
    out: list[str] = []
    for o in s.zones[owner]["hand"]:
        other = s.card_of(o)
        if not other.is_member or other.level > level or other.territory != card.territory:
            continue
        if not set(other.character_names) & set(card.character_names):
            continue
        if set(other.covenanters) == set(card.covenanters):
            continue  # (2) a different covenanter; sharing one is allowed (11.11.2.1)
        out.append(o)
    return out


def make_up(ctx: Ctx, f: Frame) -> bool:
    s = ctx.s
    src = f.source
    obj = s.objects[src]
    if obj.zone != "circle":
        return True
    level = int(f.info.get("level", 0))
    picked = choose(ctx, f, make_up_options(s, src, level), 1, True, "Make Up", "11.11.2")
    if picked is None:
        return False
    if not picked:
        return True
    new = picked[0]
    circles = list(obj.circles)
    soul = s.soul(src)
    ev = ctx.emit("MakeUpPerformed", {"oid": src, "with": new, "circles": circles, "soul": soul}, "11.11.2")
    move(ctx, src, "hand", rule="11.11.2", reason="make up", face_down=False, soul_follows=False, cause=ev)
    move(ctx, new, "circle", rule="11.11.3", reason="make up", circles=circles, face_down=False, make_up=True)
    for c in soul:
        move(ctx, c, "soul", rule="11.11.2", reason="make up: soul now belongs to the new card", soul_of=new)
    return True


def start_make_up(ctx: Ctx, player: str, source: str, index: int, level: int, resume: list[Any]) -> bool:
    ctx.emit(
        "AbilityPlayed",
        {
            "frame": ctx.fresh_id("f"),
            "controller": player,
            "source": source,
            "ability": index,
            "ref": "make_up",
            "resume": list(resume),
            "info": {"level": level},
        },
        "11.11.1",
        actor=player,
    )
    return run_frames(ctx)
