"""Timing checks and the argument and cost helpers shared by the commands (FoW-5.5 6.1, 9.3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain import hidden
from domain.fow.cards import Card, Cost, WillSymbol
from domain.fow.context import Ctx
from domain.fow.state import GameState
from domain.fow.versions import version

# --- timing helpers ---------------------------------------------------------------------


def require_main_timing(ctx: Ctx, player: str, what: str, rule: str) -> None:
    """Turn player, main phase, not in a battle, empty chase area (FoW-5.5 6.3 p2).  Under a
    version whose own rule of the action does not say "not in a battle" (5.01 7.1-7.6, 7.11),
    the battle is refused by that version's 6.3 p2, which lists the action (``in_battle_rule``)."""
    s = ctx.s
    if s.turn_player != player:
        raise ctx.reject("rules/not_your_turn", rule, f"{what} is only possible in your own turn")
    if s.phase != "main":
        raise ctx.reject("rules/not_main_phase", rule, f"{what} is only possible in your main phase (now: {s.phase})")
    if s.battle is not None:
        in_battle = version(s.ruleset).in_battle_rule or rule
        raise ctx.reject("rules/in_battle", in_battle, f"{what} is not possible during a battle")
    if s.chase:
        raise ctx.reject("rules/chase_not_empty", rule, f"{what} needs an empty chase area")


def require_chase_open(ctx: Ctx, what: str) -> None:
    """ "Players cannot chase to this card": while such a card is in the chase area, no card and no
    ability other than an automatic one may be put into it (FoW-5.5 10.7 p2; will abilities do not
    use the chase area, 9.7 p3)."""
    s = ctx.s
    locked = next((c for c in s.chase if c.kind == "card" and _unchaseable(s.card_of(c.source), c.awakened)), None)
    if locked is not None:
        name = s.card_of(locked.source).name
        raise ctx.reject("rules/cannot_chase", "10.7 p2", f"players cannot chase to {name}: {what} is not possible now")


def _unchaseable(card: Card, awakened: bool) -> bool:
    """ "Players cannot chase this card", printed or gained by paying its [Awakening] cost (12.1)."""
    awakening = card.awakening
    return card.cannot_be_chased or (awakened and awakening is not None and awakening.cannot_be_chased)


def is_main_timing(s: GameState, player: str) -> bool:
    return s.turn_player == player and s.phase == "main" and s.step == "main" and s.battle is None and not s.chase


def _obj_arg(ctx: Ctx, args: Mapping[str, Any], key: str, rule: str) -> str:
    oid = args.get(key)
    if not isinstance(oid, str):
        raise ctx.reject("command/malformed", rule, f"'{key}' must be an object id such as 'p1-007'")
    if oid not in ctx.s.objects:
        raise ctx.reject("command/unknown_object", rule, hidden.unseen_card(oid))
    return oid


def _pay_with(ctx: Ctx, args: Mapping[str, Any]) -> list[Any]:
    raw = args.get("pay_with", [])
    if not isinstance(raw, list):
        raise ctx.reject("command/malformed", "10.2 p5", "'pay_with' must be a list of {source, ability?, choice?}")
    return raw


def _with_x(cost: Cost, x: int, symbol: WillSymbol | None) -> Cost:
    """``cost`` with the X will of an {X} added: free, or of ``symbol`` ("Spend only {M} will on X")."""
    if symbol is None:
        return Cost(attribute=dict(cost.attribute), free=cost.free + x)
    return Cost(attribute={**cost.attribute, symbol: cost.attribute.get(symbol, 0) + x}, free=cost.free)
