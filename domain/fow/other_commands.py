"""The other player actions: ``PerformJudgment``, ``CallMagicStone``, ``PutIntoStandby``,
``Lifebreak`` and ``Pass``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.fow import actions, conditions, costs, flow
from domain.fow.cards import Ability, ActivateCost, Cost, JudgmentOption
from domain.fow.characteristics import cannot_call_magic_stones, cost_changes, effective_type, standby_cost
from domain.fow.commands import command
from domain.fow.context import Ctx
from domain.fow.play_commands import _wants_reduction
from domain.fow.state import GameState
from domain.fow.timing import _obj_arg, _pay_with, _with_x, is_main_timing, require_main_timing
from domain.fow.versions import version
from domain.kernel import JSON, Anything, Bool, Fields, Integer, IntRange, ListOf, ObjectId

# --- other actions ----------------------------------------------------------------------


@command(
    "PerformJudgment",
    "priority",
    args={
        "judgment": IntRange(0),
        "amount": IntRange(1),
        "x": IntRange(0),
        "reduce": Bool,
        "pay_with": ListOf(Fields(["source"], source=ObjectId, ability=Integer, choice=Anything("the will chosen"))),
        "cost_cards": Anything("the cards that pay an extra cost: object ids, or one list of them per cost"),
    },
)
def perform_judgment(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    require_main_timing(ctx, player, "judgment", "7.5 p1")
    if s.players[player].judgment_turn == s.turn:
        raise ctx.reject("rules/judgment_done", "7.5 p1", "you have already done judgment this turn")
    ruler = next((oid for oid in s.zones[player]["ruler_area"] if effective_type(s, oid) == "ruler"), None)
    if ruler is None:
        raise ctx.reject("rules/no_ruler", "7.5 p1", "you have no ruler in your ruler area")
    if s.objects[ruler].rested:
        raise ctx.reject("rules/ruler_rested", "7.5 p1", "judgment needs a recovered ruler")
    printed = s.cards[s.objects[ruler].card].judgment
    if printed is None:
        raise ctx.reject("rules/no_judgment", "7.5 p2", f"{s.card_of(ruler).name} has no [Judgment]")
    options: list[JudgmentOption] = [printed, *printed.alternatives]
    which = args.get("judgment", 0)
    if not isinstance(which, int) or isinstance(which, bool) or not 0 <= which < len(options):
        raise ctx.reject(
            "rules/no_judgment",
            "7.5 p2",
            f"{s.card_of(ruler).name} has {len(options)} [Judgment] section(s): give 'judgment' from 0 to "
            f"{len(options) - 1}",
        )
    judgment = options[which]
    if judgment.condition is not None and not conditions.condition_met(s, judgment.condition, player, ruler):
        raise ctx.reject(
            "rules/ability_condition",
            "1.4 p1",
            f"the [Judgment] of {s.card_of(ruler).name} may be played only if its condition holds, and it does not",
        )
    reduced = None
    printed_cost = judgment.cost
    if judgment.any_amount:  # "Pay any number of will. You cannot choose to pay {0}." (7.5 p2)
        amount = args.get("amount")
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
            raise ctx.reject(
                "rules/judgment_amount",
                "7.5 p2",
                f"the [Judgment] of {s.card_of(ruler).name} pays any number of will but not {{0}}: give 'amount' >= 1",
            )
        printed_cost = Cost(free=amount)
    x = _judgment_x(ctx, judgment, args, s.card_of(ruler).name)
    if x:  # "Pay {2}{X}. Spend only {M} will on X.": X more will, of that symbol if it says so (9.3 p2.5)
        printed_cost = _with_x(printed_cost, x, judgment.x_symbol)
    changed, less, changers = _judgment_cost(s, player, printed_cost)
    own = _own_judgment_less(s, player, ruler, judgment)
    if own:  # "If you control "Athos", you pay {3} less to play this ability" (9.3 p2.5)
        less, changers = less + own, [*changers, ruler]
    if _wants_reduction(ctx, args):
        reduced = conditions.reduce(s, changed, judgment.reduction, player, ruler)
        if reduced is None:
            raise ctx.reject(
                "rules/no_cost_reduction",
                "9.3 p2.5",
                f"the [Judgment] of {s.card_of(ruler).name} has no cost reduction that applies now",
            )
    data: dict[str, JSON] = {"item": ctx.fresh_id("c"), "kind": "judgment", "player": player, "source": ruler}
    if which:
        data["judgment"] = which
    if reduced is not None:
        data["reduced_cost"] = reduced.model_dump()
    if judgment.any_amount:
        data["amount"] = printed_cost.free
    if x is not None:
        data["x"] = x
    paid_cards = args.get("cost_cards")
    if judgment.cards and isinstance(paid_cards, list) and all(isinstance(g, list) for g in paid_cards):
        # the cards chosen for "[J-Activate] Banish a fire resonator" (7.5 p2), checked as they are paid
        data["cost_cards"] = [str(oid) for group in paid_cards for oid in group]
    cause = ctx.emit("JudgmentPerformed", data, "7.5 p2", actor=player)
    cost = _less(reduced or changed, less)
    if changers:  # "Your opponent pays {1} more to play [Judgment] abilities" (9.3 p2.5)
        changes: dict[str, JSON] = {"player": player, "of": "judgment", "sources": list(changers)}
        changes.update(printed=printed_cost.model_dump(), cost=cost.model_dump())
        cause = ctx.emit("CostChanged", changes, "9.3 p2.5", cause=cause)
    cause = actions.produce_from_sources(ctx, player, _pay_with(ctx, args), cause)
    cause = actions.pay_will(ctx, player, cost, cause, "judgment", use=("judgment", ruler))
    if judgment.cards:  # "[J-Activate] Banish a fire resonator" (7.5 p2, 9.3 p2.5)
        actions_on_cards = Ability(kind="activate", cost=ActivateCost(cards=judgment.cards))
        cause = costs.pay_extra_costs(ctx, player, ruler, actions_on_cards, args.get("cost_cards"), cause)
    flow.after_action(ctx, player, cause)


def _judgment_x(ctx: Ctx, judgment: JudgmentOption, args: Mapping[str, Any], name: str) -> int | None:
    """The X chosen for a [Judgment] with an {X} cost (the ``x`` argument, as for an [Activate]
    ability's {X}, 9.3 p2.5); None when the section has no {X}."""
    x = args.get("x")
    if judgment.x != (x is not None) or (x is not None and (not isinstance(x, int) or isinstance(x, bool) or x < 0)):
        want = "an integer X of 0 or more for its {X} cost" if judgment.x else "no X: it has no {X} cost"
        raise ctx.reject("command/malformed", "9.3 p2.5", f"the [Judgment] of {name} takes {want}")
    return x


def _own_judgment_less(s: GameState, player: str, ruler: str, judgment: JudgmentOption) -> int:
    """The free will a [Judgment] section's own decreases take off its cost: each whose condition
    holds as the judgment is performed ("If you control "Athos", you pay {3} less to play this
    ability", 9.3 p2.5)."""
    return sum(
        change.less
        for change in judgment.cost_changes
        if change.condition is None or conditions.condition_met(s, change.condition, player, ruler)
    )


def _judgment_cost(s: GameState, player: str, cost: Cost) -> tuple[Cost, int, list[str]]:
    """The [Judgment] cost with the increases of continuous abilities applied, the free will they
    take off afterwards and the cards changing it: increases first, then decreases (9.3 p2.5)."""
    more, less, sources = cost_changes(s, player, "judgment")
    return Cost(attribute=dict(cost.attribute), free=cost.free + more), less, sources


def _less(cost: Cost, less: int) -> Cost:
    """``cost`` with ``less`` free will taken off its free part (9.3 p2.5)."""
    return cost if not less else Cost(attribute=dict(cost.attribute), free=max(0, cost.free - less))


@command("CallMagicStone", "priority")
def call_magic_stone(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    require_main_timing(ctx, player, "calling a magic stone", "7.11 p1")
    p = s.players[player]
    if p.called_stone_turn == s.turn:
        raise ctx.reject("rules/stone_already_called", "7.11 p1", "you have already called a magic stone this turn")
    if p.judgment_turn == s.turn:
        raise ctx.reject("rules/called_after_judgment", "7.11 p1", "you cannot call a magic stone after judgment")
    if cannot_call_magic_stones(s, player):  # "You cannot call magic stones": the text beats 7.11 (1.4 p4)
        raise ctx.reject("rules/cannot_call", "1.4 p4", "an effect forbids you to call magic stones")
    ruler = _ruler_for_call(s, player)
    if ruler is None:
        raise ctx.reject("rules/ruler_rested", "7.11 p1", "calling a magic stone rests your recovered ruler or J-ruler")
    if not s.zones[player]["stone_deck"]:
        raise ctx.reject("rules/stone_deck_empty", "7.11 p1", "your magic stone deck is empty")
    cause = ctx.emit("MagicStoneCalled", {"player": player, "rested": ruler}, "7.11 p1", actor=player)
    cause = ctx.emit("CardRested", {"oid": ruler, "reason": "call"}, "7.11 p1", cause=cause, actor=player)
    cause = actions.move(
        ctx, s.zones[player]["stone_deck"][-1], "stone_area", cause, rule="7.11 p1", reason="call", controller=player
    )
    flow.after_action(ctx, player, cause)


def _ruler_for_call(s: GameState, player: str) -> str | None:
    for oid in s.zones[player]["ruler_area"] + s.zones[player]["field"]:
        if effective_type(s, oid) in ("ruler", "astral_ruler", "j_ruler") and not s.objects[oid].rested:
            return oid
    return None


@command(
    "PutIntoStandby",
    "priority",
    args={
        "card": ObjectId,
        "pay_with": ListOf(Fields(["source"], source=ObjectId, ability=Integer, choice=Anything("the will chosen"))),
    },
)
def put_into_standby(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    require_main_timing(ctx, player, "putting a card into the chant-standby area", "7.6 p1")
    oid = _obj_arg(ctx, args, "card", "7.6 p1")
    if s.objects[oid].zone != "hand" or s.objects[oid].owner != player:
        raise ctx.reject("rules/not_in_hand", "7.6 p1", f"{oid} is not in your hand")
    card = s.cards[s.objects[oid].card]
    if not version(s.ruleset).standby_any_card and card.subtype != "chant_standby":
        raise ctx.reject(
            "rules/standby_chant_standby_only",
            "6.3 p2.4",  # only under a version without 7.6 p3: 5.01 (its 7.6 p1 says "[Spell:Chant]")
            f"only [Spell:Chant-standby] cards may be put into the chant-standby area under {s.ruleset}",
        )
    cause = ctx.cause
    free, changers = standby_cost(s, player)
    if changers:  # "You pay {1} to put cards into your chant-standby area rather than pay {2}" (1.4 p1)
        changes: dict[str, JSON] = {"player": player, "of": "standby", "sources": list(changers)}
        changes.update(printed=Cost(free=2).model_dump(), cost=Cost(free=free).model_dump())
        cause = ctx.emit("CostChanged", changes, "9.3 p2.5", cause=cause, actor=player)
    cause = actions.produce_from_sources(ctx, player, _pay_with(ctx, args), cause)
    cause = actions.pay_will(ctx, player, Cost(free=free), cause, "the chant-standby area")
    cause = actions.move(ctx, oid, "standby", cause, rule="7.6 p2", reason="standby", face_down=True, actor=player)
    cause = ctx.emit("CardPutIntoStandby", {"player": player, "oid": oid}, "7.6 p2", cause=cause, actor=player)
    flow.after_action(ctx, player, cause)


def can_lifebreak(s: GameState, player: str) -> bool:
    n = len(s.zones[player]["lifebreak"])
    return s.variant == "valhalla" and version(s.ruleset).can_lifebreak(n, s.players[player].life)


@command("Lifebreak", "priority")
def lifebreak(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    if s.variant != "valhalla":
        raise ctx.reject("rules/valhalla_only", "7.10 p1", "lifebreak exists only under the Valhalla rule")
    if not can_lifebreak(s, player):
        n = len(s.zones[player]["lifebreak"])
        raise ctx.reject(
            "rules/lifebreak_threshold",
            "7.10 p1",
            f"you may lifebreak only while your lifebreak area ({n}) holds "
            f"{'at least' if version(s.ruleset).lifebreak_at_threshold else 'more than'} (life-1)/1000 cards",
        )
    oid = s.zones[player]["lifebreak"][-1]
    cause = ctx.emit("LifebreakPerformed", {"player": player, "oid": oid}, "7.10 p1", actor=player)
    card = s.cards[s.objects[oid].card]
    if any(a.kind == "break" for a in card.abilities):
        cause = actions.move(ctx, oid, "chase", cause, rule="7.10 p2", reason="lifebreak", revealed=True)
        cause = ctx.emit(
            "BreakPlayed",
            {"item": ctx.fresh_id("c"), "kind": "break", "player": player, "source": oid},
            "7.10 p2",
            cause=cause,
            actor=player,
        )
    else:
        cause = actions.move(ctx, oid, "graveyard", cause, rule="7.10 p4", reason="lifebreak")
    flow.after_action(ctx, player, cause)


@command("Pass", "priority")
def pass_(ctx: Ctx, player: str, args: Mapping[str, Any]) -> None:
    s = ctx.s
    if is_main_timing(s, player) and flow.must_attack(s):
        raise ctx.reject(
            "rules/must_attack",
            "7.12 p2",
            "you control a J/resonator that must attack and can attack: you may not pass",
        )
    flow.pass_priority(ctx, player, ctx.cause)
