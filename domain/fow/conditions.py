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
``apply`` callback of :mod:`domain.fow.actions` (which imports this module).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from domain.fow.cards import Card, Choose, Condition, Cost, CostReduction, Count, Filter, If, May, waits_for_choice
from domain.fow.characteristics import attributes_of, characteristics, effective_type, matches, total_cost
from domain.fow.context import Ctx
from domain.fow.state import PLAYGROUND, ChaseItem, GameState

ApplyEffect = Callable[[Ctx, ChaseItem, Any, "list[str] | None", str, Any], "str | None"]
WRAPPERS = (May, If)


# --- conditions and counts ----------------------------------------------------------------


def same_name_groups(s: GameState, oids: Sequence[str]) -> list[list[str]]:
    """The objects of ``oids`` grouped by printed name (FoW-5.5 2.2), in their order."""
    groups: dict[str, list[str]] = {}
    for oid in oids:
        groups.setdefault(s.card_of(oid).name, []).append(oid)
    return list(groups.values())


def condition_met(
    s: GameState,
    cond: Condition,
    you: str,
    source: str | None,
    *,
    item: ChaseItem | None = None,
    did: bool = False,
    it: str | None = None,
    targets: Sequence[str] | None = None,
    those: Sequence[str] = (),
) -> bool:
    """Whether ``cond`` holds for the player ``you`` (the controller of the ability).

    ``item`` is the spell or ability being resolved, ``did`` whether the effect just before
    was performed and ``it`` the first target chosen for the ``if`` effects: the conditions
    that read them (``did``, ``target_is``) hold only on resolution (FoW-5.5 9.3 p3)."""
    if cond.kind == "controls":
        assert cond.filter is not None
        found = [oid for oid in _zone_objects(s, cond.filter) if _counts(s, cond.filter, oid, you, source)]
        if cond.same_name:  # "two or more true magic stones with the same name" (2.2)
            met = any(len(group) >= cond.at_least for group in same_name_groups(s, found))
        else:
            met = len(found) >= cond.at_least
    elif cond.kind == "fewer_than_opponent":
        met = _measure(s, cond, you, source) + cond.by_at_least <= _measure(s, cond, s.opponent(you), source)
    elif cond.kind == "put_into_field":  # "if you put a Moon into a field this turn"
        assert cond.filter is not None
        put = dict.fromkeys(s.players[you if cond.whose == "you" else s.opponent(you)].put_into_field)
        met = sum(1 for oid in put if _counts(s, cond.filter, oid, you, source)) >= cond.at_least
    elif cond.kind == "your_turn":
        met = s.turn_player == you
    elif cond.kind == "removed_with_this":  # "you have removed three or more cards ... with this card's ability"
        obj = s.objects.get(source or "")
        met = obj is not None and obj.removed_with >= cond.at_least
    elif cond.kind == "all_of":  # "X and Y": every one holds
        met = all(condition_met(s, c, you, source, item=item, did=did, it=it, those=those) for c in cond.conditions)
    elif cond.kind == "put_into_graveyard_from_field":  # as it was in that field (9.11)
        assert cond.filter is not None
        whose = you if cond.whose == "you" else s.opponent(you)
        left = dict.fromkeys(s.players[whose].put_into_graveyard_from_field)
        if cond.into_graveyard_of is not None:  # from any field into that player's graveyard (3.1 p5)
            owner = you if cond.into_graveyard_of == "you" else s.opponent(you)
            everyone = [oid for pid in s.order for oid in s.players[pid].put_into_graveyard_from_field]
            left = dict.fromkeys(oid for oid in everyone if s.objects[oid].owner == owner)
        met = sum(1 for oid in left if _counts(s, cond.filter, oid, you, source)) >= cond.at_least
    elif cond.kind == "dealt_damage_by":  # by a card in a field, as it was then
        assert cond.filter is not None
        damaged = you if cond.damaged == "you" else s.opponent(you)
        whose = cond.filter.controller
        met = any(
            kind in cond.filter.types and (whose == "any" or (by == you) == (whose == "you"))
            for kind, by in s.players[damaged].damage_sources
        )
    elif cond.kind == "any_of":
        met = any(condition_met(s, c, you, source, item=item, did=did, it=it, those=those) for c in cond.conditions)
    elif cond.kind == "did":  # with ``at_least`` N: the mill just before put N or more cards there (9.3 p3)
        met = item is not None and did and (cond.at_least == 1 or len(those) >= cond.at_least)
    elif cond.kind == "target_is":
        assert cond.filter is not None
        met = item is not None and it in s.objects and _counts(s, cond.filter, it, you, source)
    elif cond.kind == "ruler_is" and cond.name_contains is not None:  # 'has "Kaguya" in its name'
        met = _ruler_name_has(s, you, cond.name_contains)
    elif cond.kind == "ruler_is":
        met = _ruler_named(s, you, cond.rulers, cond.j_rulers)
    elif cond.kind == "life":  # yours, or with ``whose`` "opponent" your opponent's
        life = s.players[you if cond.whose == "you" else s.opponent(you)].life
        met = (cond.life_at_most is None or life <= cond.life_at_most) and (
            cond.life_at_least is None or life >= cond.life_at_least
        )
    elif cond.kind == "hand":
        met = len(s.zones[you]["hand"]) >= cond.at_least
    elif cond.kind == "j_ruler_attacked":
        met = s.players[you].j_ruler_attacked_turn == s.turn
    elif cond.kind == "dealt_damage_this_turn":
        met = s.players[you].dealt_damage_turn == s.turn
    elif cond.kind == "awakened":  # "if this card was awakened": played with [Awakening] (12.1)
        met = item is not None and item.awakened
    elif cond.kind == "paid_will":  # "If you spent {M} to pay the [Awakening] cost" (12.1 p1, 10.2 p1)
        holder = s.objects.get(source or "")
        met = holder is not None and cond.will in holder.paid_will
    elif cond.kind == "targets":  # "if it targets a Saint": the targets chosen as it is played (9.3 p2.4)
        assert cond.filter is not None
        met = any(t in s.objects and _counts(s, cond.filter, t, you, source) for t in targets or ())
    elif cond.kind == "resonator_attacked":  # a resonator you controlled attacked this turn
        met = s.players[you].resonator_attacked_turn == s.turn
    elif cond.kind == "this_stat":  # "this card's ATK is 1000 or more", "it's damaged" (9.11)
        assert cond.stat is not None
        met = _this_stat(s, source, cond.stat) >= cond.at_least
    elif cond.kind == "that_is":  # "If you banished a Human in this way": what the last such effect moved
        assert cond.filter is not None
        met = item is not None and any(t in s.objects and _counts(s, cond.filter, t, you, source) for t in those)
    elif cond.kind == "host_is":  # the card this addition is added to (7.2 p3), by printed information
        assert cond.filter is not None
        obj = s.objects.get(source or "")
        host = obj.attached_to if obj is not None and obj.zone == "field" else None
        met = host is not None and host in s.objects and _counts(s, cond.filter, host, you, source)
    elif cond.kind == "top_card":  # the card on top of your main deck, just revealed (10.4 p1)
        assert cond.filter is not None
        deck = s.zones[you]["main_deck"]
        met = bool(deck) and matches(s, cond.filter, deck[-1], you, source, chars_ok=False)
    else:
        assert cond.counter is not None
        met = _counters_on(s, source, cond.counter) >= cond.at_least
    return met != cond.negate


def _measure(s: GameState, cond: Condition, player: str, source: str | None) -> int:
    """How much of ``cond.measure`` ``player`` has (objects they control, cards in hand, life)."""
    if cond.measure == "hand":
        return len(s.zones[player]["hand"])
    if cond.measure == "life":
        return s.players[player].life
    assert cond.filter is not None
    flt = cond.filter.model_copy(update={"controller": "you"})
    return sum(1 for oid in _zone_objects(s, flt) if _counts(s, flt, oid, player, source))


def _this_stat(s: GameState, source: str | None, stat: str) -> int:
    """This card's ATK, DEF or damage: now in a playground, else as it last was there (FoW-5.5 9.11)."""
    if stat != "damage":
        return source_stat(s, source, stat)
    obj = s.objects.get(source or "")
    if obj is None:
        return 0
    if obj.zone in PLAYGROUND:
        return obj.damage
    if obj.moved_from in PLAYGROUND and obj.last_known is not None:
        return int(obj.last_known.get("damage") or 0)
    return 0


def _counters_on(s: GameState, source: str | None, counter: str) -> int:
    obj = s.objects.get(source or "")
    return obj.counters.get(counter, 0) if obj is not None else 0


def _ruler_named(s: GameState, you: str, rulers: Sequence[str], j_rulers: Sequence[str]) -> bool:
    ruler = any(effective_type(s, o) == "ruler" and s.card_of(o).name in rulers for o in s.zones[you]["ruler_area"])
    return ruler or any(
        effective_type(s, o) == "j_ruler" and s.card_of(o).name in j_rulers for o in s.zones[you]["field"]
    )


def _ruler_name_has(s: GameState, you: str, part: str) -> bool:
    """Your ruler in your ruler area or your J-ruler in your field has ``part`` in its name."""
    ruler = any(effective_type(s, o) == "ruler" and part in s.card_of(o).name for o in s.zones[you]["ruler_area"])
    return ruler or any(effective_type(s, o) == "j_ruler" and part in s.card_of(o).name for o in s.zones[you]["field"])


def _zone_objects(s: GameState, flt: Filter) -> list[str]:
    zones = [flt.zone]
    if flt.zone == "field" and not flt.types:
        # "a Moon you control", "\"Abel\" you control": no card type, so a card anywhere in
        # a playground counts, a ruler in the ruler area included (FoW-5.5 2.1 p6, 2.5 p4)
        zones += ["ruler_area", "stone_area"]
    return [oid for zone in zones for pid in s.order for oid in s.zones[pid].get(zone, [])]


def _counts(s: GameState, flt: Filter, oid: str, you: str, source: str | None) -> bool:
    # conditions read only printed information (zone, type, race, name...), never ATK/DEF,
    # so they can be checked while characteristics are being computed
    zone = s.objects[oid].zone
    here = flt if zone == flt.zone else flt.model_copy(update={"zone": zone})
    return matches(s, here, oid, you, source, chars_ok=False)


def count_of(s: GameState, per: Count, you: str, source: str | None) -> int:
    """ "for each X": how many objects match now (or counters are on the source card)."""
    if per.counter is not None:
        on = source if per.counter_on == "self" else your_j_or_ruler(s, you)
        return _counters_on(s, on, per.counter) // per.group
    flt = per.filter
    assert flt is not None
    found = [
        oid for oid in _zone_objects(s, flt) if _counts(s, flt, oid, you, source) and _moved_this_turn(s, per, oid, you)
    ]
    if per.distinct == "attributes":  # "different attributes among ..." (a void card has none, 2.8)
        return len({a for oid in found for a in attributes_of(s, oid)})
    if per.distinct == "total_costs":  # "different total costs among ..." (no cost: 0, 2.3)
        return len({total_cost(s.card_of(oid)) for oid in found})
    return len(found) // per.group


def your_j_or_ruler(s: GameState, you: str) -> str | None:
    """ "your J/ruler": your ruler in your ruler area or your J-ruler in your field (FoW-5.5 2.1 p2,
    3.8 p4); an astral ruler is neither (3.8 p7)."""
    for oid in s.zones[you]["ruler_area"] + s.zones[you]["field"]:
        if effective_type(s, oid) in ("ruler", "j_ruler") and (
            s.objects[oid].zone == "ruler_area" or s.objects[oid].side == "j_ruler"
        ):
            return oid
    return None


def _moved_this_turn(s: GameState, per: Count, oid: str, you: str) -> bool:
    """ "that entered your field this turn" / "put into a graveyard from your field this turn"."""
    obj = s.objects[oid]
    if per.this_turn is None:
        return True
    if obj.entered_turn != s.turn:
        return False
    if per.this_turn == "entered_field":
        return obj.zone == "field"
    # it left a field where you controlled it, by last known information (FoW-5.5 9.11)
    return obj.moved_from == "field" and (obj.last_known or {}).get("controller") == you


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


def source_stat(s: GameState, source: str | None, stat: str) -> int:
    """The ATK or DEF of the source card: now if it is in a playground, else as it last was
    there when it has just left one (last known information, FoW-5.5 9.11); 0 without one."""
    obj = s.objects.get(source or "")
    if obj is None:
        return 0
    if obj.zone in PLAYGROUND:
        chars = characteristics(s, obj.oid)
        value = chars.atk if stat == "atk" else chars.def_
    elif obj.moved_from in PLAYGROUND and obj.last_known is not None:
        value = obj.last_known.get(stat)
    else:
        value = None
    return max(0, value or 0)


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
    if isinstance(eff, May):
        answered = _ask_may(ctx, item, cause, choice)
        if answered is None:
            return None
        cause, accepted = answered
        chosen = list(eff.effects) if accepted else []
        skip = 0
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
    index = skip
    for inner in chosen:
        n = chosen_count(inner)
        if isinstance(inner, If):  # "If <A>, X. If <B>, Y instead.": an "if" inside an "if", with its own groups
            result = apply_wrapper(ctx, item, inner, groups[index : index + n], cause, None, apply, chosen_count)
            index += n
            assert result is not None, "effects inside may/if never wait for a choice (checked by the card model)"
            cause = result
            continue
        group = (groups[index] if index < len(groups) else []) if n else None
        index += n
        target = getattr(inner, "target", None)
        if target is not None and getattr(target, "kind", None) == "same":
            group = list(same)
        result = apply(ctx, item, inner, group, cause, None)
        assert result is not None, "effects inside may/if never wait for a choice (checked by the card model)"
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
    if red is None:
        return None
    assumed = any_target and reads_targets(red)
    if red.condition is not None and not assumed and not condition_met(s, red.condition, you, oid, targets=targets):
        return None
    times = 1 if red.per is None else count_of(s, red.per, you, oid)
    if times == 0:
        return None
    attribute = dict(cost.attribute)
    for symbol, n in red.cost.attribute.items():
        attribute[symbol] = max(0, attribute.get(symbol, 0) - n * times)
    attribute = {k: v for k, v in attribute.items() if v}
    return Cost(attribute=attribute, free=max(0, cost.free - red.cost.free * times))
