"""The engine side of conditions, optional effects, modes and variable amounts.

* a :class:`~domain.fow.cards.Condition` is checked against the state ("if you control X",
  "as long as ...", "if your J/ruler is ...", "unless ...");
* a :class:`~domain.fow.cards.Count` counts objects ("for each X");
* ``may`` asks the controller on resolution (``ChoiceRequested`` kind ``optional``, answered
  with ``ChooseOptional``; the answer is recorded as ``OptionChosen``);
* ``if`` applies its effects or its ``otherwise`` effects (``ConditionChecked``);
* ``choose`` (modes) is chosen as the card or ability is played (FoW-5.5 9.3 p2.3): the
  chosen modes replace it, the others are treated as if they did not exist.

Pure functions over :class:`~domain.fow.state.GameState`; effects are applied through the
``apply`` callback of :mod:`domain.fow.actions` (which imports this module).  Checking a
condition and counting (``condition_met``, ``count_of``, ``source_stat``) are in
:mod:`domain.fow.characteristics`, which calls them and is called by them; this module
re-exports them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from domain.fow.cards import Card, Choose, Cost, CostChange, CostReduction, Count, If, May, waits_for_choice
from domain.fow.characteristics import condition_met as condition_met
from domain.fow.characteristics import count_of as count_of
from domain.fow.characteristics import same_name_groups as same_name_groups
from domain.fow.characteristics import source_stat as source_stat
from domain.fow.characteristics import your_j_or_ruler as your_j_or_ruler
from domain.fow.context import Ctx
from domain.fow.state import PLAYGROUND, ChaseItem, GameState

ApplyEffect = Callable[[Ctx, ChaseItem, Any, "list[str] | None", str, Any], "str | None"]
WRAPPERS = (May, If)


def amount_of(s: GameState, eff: Any, you: str, source: str | None) -> int:
    """The amount of a damage or life effect, multiplied by its ``per`` count if any, or
    "equal to its ATK/DEF" (the source's)."""
    equal_to = getattr(eff, "equal_to", None)
    if equal_to is not None and getattr(eff, "equal_to_of", "source") == "your_j_ruler":
        ruler = next((o for o in s.zones[you]["field"] if s.objects[o].side == "j_ruler"), None)
        return source_stat(s, ruler, equal_to) if ruler is not None else 0
    if equal_to is not None and getattr(eff, "equal_to_of", "source") == "judgment_banished":
        holder = s.objects.get(source or "")  # "the ATK of resonator banished for its judgment" (9.11)
        paid = holder.judgment_cards if holder is not None and holder.zone in PLAYGROUND else []
        return sum(source_stat(s, oid, equal_to) for oid in paid if s.objects[oid].zone not in PLAYGROUND)
    if equal_to is not None:
        return source_stat(s, source, equal_to)
    per: Count | None = getattr(eff, "per", None)
    amount: int = eff.amount
    return amount if per is None else amount * count_of(s, per, you, source)


# --- modes (9.3 p2.3) -----------------------------------------------------------------------


def choice_of_modes(effects: Sequence[Any]) -> Choose | None:
    return next((e for e in effects if isinstance(e, Choose)), None)


def expand(effects: Sequence[Any], modes: Sequence[int]) -> list[Any]:
    """``effects`` with the ``choose`` effect replaced by the chosen modes, in printed order."""
    out: list[Any] = []
    for eff in effects:
        if isinstance(eff, Choose):
            for i in sorted(modes):
                if 0 <= i < len(eff.modes):
                    out += eff.modes[i]
        else:
            out.append(eff)
    return out


def mode_counts(s: GameState, choose: Choose, you: str, source: str | None) -> range:
    """How many modes may be chosen: ``count``, or from one to ``up_to`` while ``up_to_if``
    holds as the card or ability is played ("If ..., choose up to two instead")."""
    if choose.up_to is not None and choose.up_to_if is not None and condition_met(s, choose.up_to_if, you, source):
        return range(1, choose.up_to + 1)
    return range(choose.count, choose.count + 1)


def check_modes(ctx: Ctx, effects: Sequence[Any], given: Any, what: str, you: str, source: str | None) -> list[int]:
    """Validate the modes chosen as ``what`` is played (FoW-5.5 9.3 p2.3)."""
    choose = choice_of_modes(effects)
    if choose is None:
        if given not in (None, []):
            raise ctx.reject("rules/no_modes", "9.3 p2.3", f"{what} has no modes to choose")
        return []
    counts = mode_counts(ctx.s, choose, you, source)
    valid = (
        isinstance(given, list)
        and all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(choose.modes) for i in given)
        and len(set(given)) == len(given)
        and len(given) in counts
    )
    if valid and not all(mode_allowed(ctx.s, choose, i, you, source) for i in given):
        why = f'{what}: a mode is chosen here whose condition does not hold ("Choose ... only if ...")'
        raise ctx.reject("rules/mode_choice", "9.3 p2.3", why)
    if not valid:
        many = str(choose.count) if len(counts) == 1 else f"from 1 to {counts[-1]}"
        raise ctx.reject(
            "rules/mode_choice",
            "9.3 p2.3",
            f"{what} says choose {many}: give 'modes' as {many} distinct index(es) from 0 to {len(choose.modes) - 1}",
        )
    return sorted(given)


def mode_allowed(s: GameState, choose: Choose, index: int, you: str, source: str | None) -> bool:
    """ "Choose the second only if <condition>": whether mode ``index`` may be chosen now."""
    cond = choose.only_if[index] if index < len(choose.only_if) else None
    return cond is None or condition_met(s, cond, you, source)


def mode_options(s: GameState, effects: Sequence[Any], you: str, source: str | None) -> list[list[int]]:
    """Every legal choice of modes (for ``legal_actions``); ``[[]]`` without modes."""
    import itertools

    choose = choice_of_modes(effects)
    if choose is None:
        return [[]]
    return [
        list(c)
        for n in mode_counts(s, choose, you, source)
        for c in itertools.combinations(range(len(choose.modes)), n)
        if all(mode_allowed(s, choose, i, you, source) for i in c)
    ]


# --- may / if on resolution -------------------------------------------------------------------


def nested(eff: Any) -> list[Any]:
    """The effects held by a ``may`` or ``if`` (both branches), in order."""
    if isinstance(eff, May):
        return list(eff.effects)
    if isinstance(eff, If):  # with same_targets the otherwise branch chooses nothing of its own
        return list(eff.effects) + ([] if eff.same_targets else list(eff.otherwise))
    return []


def apply_wrapper(
    ctx: Ctx,
    item: ChaseItem,
    eff: May | If,
    groups: list[list[str]],
    cause: str,
    choice: Any,
    apply: ApplyEffect,
    chosen_count: Callable[[Any], int],
    *,
    did: bool = False,
    those: Sequence[str] = (),
    same: Sequence[str] = (),
) -> str | None:
    """Resolve a ``may`` or ``if``; None when it waits for the controller's decision.
    ``did``: whether the effect just before was performed ("If you do"); ``those``: the cards
    the last banish put into a graveyard ("in this way"); ``same``: what the previous single
    chosen target group chose, still legal and the same objects ("If you control four or more
    resonators, it also gains ...": a ``same`` target inside)."""
    s = ctx.s
    you = item.controller
    name = s.card_of(item.source).name
    # resuming after the question which replacement applies first to damage one of its effects deals
    # (9.10 p2.1): its answer or condition as it was, and the effect that asked (``ctx.wrapper_frames``)
    resumed = choice.get("wrapper") if isinstance(choice, dict) else None
    frames = [dict(f) for f in resumed] if isinstance(resumed, list) else []
    frame = frames[0] if frames else None
    if isinstance(eff, May):
        if frame is not None:
            accepted = bool(frame["answer"])
        else:
            answered = _ask_may(ctx, item, cause, choice)
            if answered is None:
                return None
            cause, accepted = answered
        chosen = list(eff.effects) if accepted else []
        skip = 0
        answer = accepted
    else:
        if frame is not None:
            met = bool(frame["answer"])
        else:
            it = groups[0][0] if groups and groups[0] else None
            if (
                it is None
                and same
                and any(getattr(getattr(e, "target", None), "kind", None) == "same" for e in eff.effects)
            ):
                it = same[0]  # "If it's a Demon, it ...": the previous effect's single target (9.3 p3)
            met = condition_met(s, eff.condition, you, item.source, item=item, did=did, it=it, those=those)
            cause = ctx.emit(
                "ConditionChecked",
                {"item": item.id, "source": item.source, "met": met, "card": name},
                "9.3 p3.2",
                cause=cause,
            )
        chosen = list(eff.effects) if met else list(eff.otherwise)
        skip = 0 if met or eff.same_targets else sum(chosen_count(e) for e in eff.effects)
        answer = met
    start = int(frame["inner"]) if frame is not None else 0
    index = skip
    for k, inner in enumerate(chosen):
        n = chosen_count(inner)
        if k < start:  # applied before the question
            index += n
            continue
        now = {"wrapper": frames[1:]} if k == start and isinstance(inner, If) and frames[1:] else None
        # an effect it holds may stop to ask which replacement applies first (9.10 p2.1); the question
        # records where this wrapper is (its answer, the effect) so that it resumes there
        ctx.wrapper_frames.append({"answer": answer, "inner": k})
        asks, ctx.replacement_asks = ctx.replacement_asks, True
        if isinstance(inner, If):  # "If <A>, X. If <B>, Y instead.": an "if" inside an "if", with its own groups
            result = apply_wrapper(ctx, item, inner, groups[index : index + n], cause, now, apply, chosen_count)
            index += n
        else:
            group = (groups[index] if index < len(groups) else []) if n else None
            index += n
            target = getattr(inner, "target", None)
            if target is not None and getattr(target, "kind", None) == "same":
                group = list(same)
            result = apply(ctx, item, inner, group, cause, now)
        ctx.replacement_asks = asks
        ctx.wrapper_frames.pop()
        if result is None:  # only the question which replacement applies first (the card model checks)
            return None
        cause = result
    return cause


@dataclass(frozen=True, slots=True)
class Gate:
    """A ``may`` (or an ``if`` without ``otherwise``) holding effects that wait for a choice of
    their own ("You may discard a card. If you do, ...", "If you control no other resonator,
    search ..."): on resolution it is a step that asks the question (or checks the condition,
    FoW-5.5 9.3 p3.2) and then opens or skips the ``size`` steps after it, its effects, which
    pause and resume like any other effect of the card."""

    wrapper: May | If
    size: int


def flatten(effects: Sequence[Any]) -> list[Any]:
    """``effects`` with every ``may``/``if`` whose effects wait for a choice turned into a
    :class:`Gate` followed by those effects (targets stay in the same order, 9.3 p2.4)."""
    out: list[Any] = []
    for eff in effects:
        if isinstance(eff, WRAPPERS) and any(waits_for_choice(e) for e in nested(eff)):
            held = flatten(eff.effects)
            out += [Gate(eff, len(held)), *held]
        else:
            out.append(eff)
    return out


def _ask_may(ctx: Ctx, item: ChaseItem, cause: str, choice: Any) -> tuple[str, bool] | None:
    """The "you may" question of ``item`` to its controller (9.3 p3.2): None while it waits for
    the answer, then the cause and whether they accepted."""
    you = item.controller
    if choice is None:
        ctx.ask(you, "optional", {"item": item.id, "source": item.source}, "9.3 p3.2", cause=cause)
        return None
    accepted = bool(choice)
    answer: dict[str, Any] = {"player": you, "item": item.id, "accepted": accepted}
    return ctx.emit("OptionChosen", answer, "9.3 p3.2", cause=cause, actor=you), accepted


def open_gate(
    ctx: Ctx, item: ChaseItem, gate: Gate, cause: str, choice: Any, *, did: bool, those: Sequence[str] = ()
) -> tuple[str, bool] | None:
    """Ask the "you may" question or check the "if" of ``gate``: the cause and whether its
    effects apply; None when it waits for the controller's answer."""
    s = ctx.s
    you = item.controller
    eff = gate.wrapper
    if isinstance(eff, May):
        return _ask_may(ctx, item, cause, choice)
    met = condition_met(s, eff.condition, you, item.source, item=item, did=did, those=those)
    data = {"item": item.id, "source": item.source, "met": met, "card": s.card_of(item.source).name}
    return ctx.emit("ConditionChecked", data, "9.3 p3.2", cause=cause), met


# --- cost reductions (9.3 p2.5) ---------------------------------------------------------------


def reduced_cost(
    s: GameState, card: Card, you: str, oid: str, targets: Sequence[str] | None = None, *, any_target: bool = False
) -> Cost | None:
    """The cost of ``card`` with its "you may pay ... less" applied, or None when it has no
    reduction or its condition does not hold now (the reduction is then not available).
    ``targets``: the targets chosen for the card ("if it targets a Saint", 9.3 p2.4);
    ``any_target``: take such a condition as met (to list the plays; each choice of targets
    is checked again)."""
    if card.cost is None:
        return None
    return reduce(s, card.cost, card.cost_reduction, you, oid, targets, any_target=any_target)


def reads_targets(red: CostReduction | None) -> bool:
    """Whether the reduction's condition asks about the targets chosen ("if it targets ...")."""
    return red is not None and red.condition is not None and red.condition.kind == "targets"


def reduce(
    s: GameState,
    cost: Cost,
    red: CostReduction | None,
    you: str,
    oid: str,
    targets: Sequence[str] | None = None,
    *,
    any_target: bool = False,
) -> Cost | None:
    """``cost`` less ``red`` (counted for ``oid``'s controller ``you``); None when not available."""
    less = reduction_amount(s, red, you, oid, targets, any_target=any_target)
    if less is None:
        return None
    attribute = dict(cost.attribute)
    for symbol, n in less.attribute.items():
        attribute[symbol] = max(0, attribute.get(symbol, 0) - n)
    attribute = {k: v for k, v in attribute.items() if v}
    return Cost(attribute=attribute, free=max(0, cost.free - less.free))


def reduction_amount(
    s: GameState,
    red: CostReduction | None,
    you: str,
    oid: str,
    targets: Sequence[str] | None = None,
    *,
    any_target: bool = False,
) -> Cost | None:
    """How much less ``red`` lets ``you`` pay now ("{1} less for each Machine you control": {1} times
    the count); None when it is not available (no reduction, its condition fails, a count of 0)."""
    if red is None:
        return None
    assumed = any_target and reads_targets(red)
    if red.condition is not None and not assumed and not condition_met(s, red.condition, you, oid, targets=targets):
        return None
    times = 1 if red.per is None else count_of(s, red.per, you, oid)
    if times == 0:
        return None
    attribute = {symbol: n * times for symbol, n in red.cost.attribute.items() if n}
    less = Cost(attribute=attribute, free=red.cost.free * times)
    return less if less.total else None


def own_reduction(
    s: GameState, card: Card, you: str, oid: str, targets: Sequence[str] | None = None, *, any_target: bool = False
) -> CostChange | None:
    """The card's own "you may pay <cost> less to play this card" as a decrease of its cost, applied
    with the decreases of other cards after every increase (FoW-5.5 9.3 p2.5); None when it is not
    available now (:func:`reduced_cost`)."""
    if card.cost is None:
        return None
    less = reduction_amount(s, card.cost_reduction, you, oid, targets, any_target=any_target)
    return None if less is None else CostChange(of="spell", who="you", less_will=less, optional=True)
