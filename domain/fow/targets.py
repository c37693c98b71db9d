"""Targets (FoW-5.5 9.3): choosing legal targets, checking them, additions' hosts, and the
objects an effect's target names as it resolves."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.fow import conditions
from domain.fow.cards import DealDamage, Fight, Search, Target
from domain.fow.cards import Effect as CardEffect
from domain.fow.characteristics import (
    effective_type,
    filter_zones,
    matches,
    overrides_for,
    restrictions_on,
    untargetable_by_filters,
    untargetable_by_opponents_of,
)
from domain.fow.context import Ctx
from domain.fow.matching import _filter_match, _fits_field_alone
from domain.fow.state import PLAYGROUND, ChaseItem, GameState
from domain.fow.trigger_checks import characteristics_or_printed, is_same_source, is_same_target

# --- targets (9.3) ----------------------------------------------------------------------


def chosen_groups(effects: Sequence[CardEffect]) -> list[Target]:
    """The targets a card or ability chooses when played, one per effect that says "target"."""
    out: list[Target] = []
    for e in effects:
        target = getattr(e, "target", None)
        if isinstance(e, DealDamage) and e.by is not None:  # "Target Vampire you control deals damage ..."
            out.append(e.by)
        if isinstance(target, Target) and target.kind == "chosen":
            out.append(target)
        if isinstance(e, Fight) and e.other is not None:  # "... and target J/resonator your opponent controls"
            out.append(e.other)
        out += chosen_groups(conditions.nested(e))  # "you may ... target", "if ..., ... target"
    return out


def legal_targets(s: GameState, target: Target, you: str, source: str | None) -> list[str]:
    flt = target.filter
    found: list[str] = []
    if flt.zone == "chase":
        for item in s.chase:
            if item.source == source and item.kind == "card":
                continue
            card = s.card_of(item.source)
            if flt.types and not (item.kind == "card" and card.type in flt.types):
                continue
            if flt.subtypes and not (item.kind == "card" and card.subtype in flt.subtypes):
                continue  # "target chant spell": a spell of that subtype (2.1 p3)
            if flt.abilities and _ability_kind(s, item) not in flt.abilities:
                continue  # "target [Activate] ability": only such an ability, no card (9.5, 9.6)
            if flt.controller == "you" and item.controller != you:
                continue
            if flt.controller == "opponent" and item.controller == you:
                continue
            found.append(item.id)
    elif not target.players_only:
        for pid in s.order:
            for zone in filter_zones(flt):  # "target Human": a ruler in a ruler area too (2.5 p4)
                for oid in s.zones[pid].get(zone, []):
                    if matches(s, flt, oid, you, source) and not _untargetable(s, oid, you, source):
                        found.append(oid)
    if target.players_allowed or target.players_only:
        found += [p for p in s.order if flt.controller == "any" or (flt.controller == "you") == (p == you)]
    return found


def _ability_kind(s: GameState, item: ChaseItem) -> str | None:
    """``activate`` or ``automatic`` for an ability in the chase area (None for a card, a judgment...)."""
    if item.kind != "ability":
        return None
    ability = dict(characteristics_or_printed(s, item.source)).get(item.ability)
    return ability.kind if ability is not None else None


def _untargetable(s: GameState, oid: str, you: str, source: str | None = None) -> bool:
    """Card text that forbids choosing this card as a target (FoW-5.5 1.4 p1, 9.3 p2.4) for a spell
    or ability of ``source`` controlled by ``you``."""
    if s.objects[oid].zone not in PLAYGROUND:
        return False
    if source in s.objects and any(_filter_match(s, f, source) for f in untargetable_by_filters(s, oid)):
        return True  # "cannot be targeted by Vampire spells or Vampire card's abilities": its printed card
    if overrides_for(s, oid).cannot_be_targeted:
        return True
    if any(protector != you for protector in untargetable_by_opponents_of(s, oid)):
        return True  # "... by spells or abilities your opponent controls": the ability controller's opponent
    # "... cannot be targeted by spells or abilities your opponent controls until end of turn":
    # the opponent of the player whose effect it is
    if any("cannot_be_targeted_by_opponent" in eff.rules and eff.controller != you for eff in restrictions_on(s, oid)):
        return True
    # "... cannot be targeted by normal spells your opponents control until end of turn"
    return _is_normal_spell(s, source) and any(
        "cannot_be_targeted_by_opponents_normal_spells" in eff.rules and eff.controller != you
        for eff in restrictions_on(s, oid)
    )


def _is_normal_spell(s: GameState, source: str | None) -> bool:
    """Whether the targets are chosen for a normal spell: a card other than a resonator being played
    (FoW-5.5 3.13 p3) - from a hand, a chant-standby area or a deck, where no ability of it could be
    played - rather than an ability of a card (9.3)."""
    if source is None or source not in s.objects:
        return False
    return s.objects[source].zone in ("hand", "standby", "main_deck", "chase") and s.card_of(source).type != "resonator"


def validate_targets(
    ctx: Ctx, groups: Sequence[Target], given: Any, you: str, source: str | None, what: str
) -> list[list[str]]:
    if not groups:
        return []
    if given is None:
        given = []
    if not isinstance(given, list):
        raise ctx.reject("command/malformed", "9.3 p2.4", "targets must be a list")
    if given and all(isinstance(t, str) for t in given) and len(groups) == 1:
        given = [given]
    if len(given) != len(groups):
        raise ctx.reject(
            "rules/targets_required",
            "9.3 p2.4",
            f"{what} needs {len(groups)} target group(s), {len(given)} given",
        )
    out: list[list[str]] = []
    for target, chosen in zip(groups, given, strict=True):
        if not isinstance(chosen, list) or not all(isinstance(t, str) for t in chosen):
            raise ctx.reject("command/malformed", "9.3 p2.4", "each target group must be a list of ids")
        legal = legal_targets(ctx.s, target, you, source)
        if not legal and not target.up_to:
            raise ctx.reject("rules/no_legal_target", "9.3 p2.4", f"{what} has no legal target and cannot be played")
        if target.up_to:  # "up to N target ...": zero to N of them
            if len(chosen) > target.count or len(set(chosen)) != len(chosen):
                raise ctx.reject(
                    "rules/target_count", "9.3 p2.4", f"{what} takes up to {target.count} distinct target(s)"
                )
        elif len(chosen) != min(target.count, len(legal)) or len(set(chosen)) != len(chosen):
            raise ctx.reject(
                "rules/target_count", "9.3 p2.4", f"{what} needs {target.count} distinct target(s) per group"
            )
        for t in chosen:
            if t not in legal:
                raise ctx.reject("rules/illegal_target", "9.3 p2.4", f"{t!r} is not a legal target for {what}")
        if target.second and {t for group in out for t in group} & set(chosen):
            raise ctx.reject(
                "rules/illegal_target", "9.3 p2.4", f"a second target of {what} is not one of its earlier targets"
            )
        out.append(list(chosen))
    return out


def distinct_seconds(groups: Sequence[Target], combo: Sequence[Sequence[str]]) -> bool:
    """Whether every "second target" group of ``combo`` avoids the targets of the groups before it."""
    seen: set[str] = set()
    for target, chosen in zip(groups, combo, strict=True):
        if target.second and seen & set(chosen):
            return False
        seen.update(chosen)
    return True


def is_legal_host(s: GameState, addition: str, host: str) -> bool:
    """Whether an addition may be added to ``host`` (7.2 p3, 10.1 p2)."""
    if host not in s.objects or s.objects[host].zone not in ("field", "ruler_area"):
        return False
    sub = s.cards[s.objects[addition].card].subtype
    kind = effective_type(s, host)
    allowed = {
        "resonator": {"resonator"},
        "j_ruler": {"j_ruler"},
        "ruler": {"ruler"},
        "j_resonator": {"resonator", "j_ruler"},
        "j_ruler_or_ruler": {"ruler", "j_ruler"},
    }.get(sub or "", set())
    return kind in allowed


def addition_target(sub: str | None) -> Target:
    types: dict[str, list[Any]] = {
        "resonator": ["resonator"],
        "j_ruler": ["j_ruler"],
        "ruler": ["ruler"],
        "j_resonator": ["resonator", "j_ruler"],
        "j_ruler_or_ruler": ["ruler", "j_ruler"],
    }
    zone = "ruler_area" if sub == "ruler" else "field"
    return Target.model_validate({"kind": "chosen", "filter": {"zone": zone, "types": types.get(sub or "", [])}})


def _search_field_instead(
    ctx: Ctx, item: ChaseItem, eff: Search, choice: Any, cause: str
) -> tuple[list[str], bool, str] | None:
    """The cards found, whether they go into the field instead of the hand, and the cause; None
    while the player is asked ("If your Ruler is X, you may put it into your field instead"):
    asked once the cards are found, when the condition holds and they can be in a field alone."""
    s = ctx.s
    you = item.controller
    if isinstance(choice, bool):  # the answer; the found cards are those the question named
        named = s.pending.options.get("cards") if s.pending is not None else None
        found = [str(o) for o in named] if isinstance(named, list) else []
        data = {"player": you, "item": item.id, "accepted": choice}
        return found, choice, ctx.emit("OptionChosen", data, "9.3 p3.2", cause=cause, actor=you)
    found = list(choice)
    if eff.added_instead:  # "you may put that card on to this card instead" (10.1 p1, p2)
        here = s.objects[item.source].zone == "field" and is_same_source(s, item)
        fits = here and all(is_legal_host(s, o, item.source) for o in found)
    else:
        fits = all(_fits_field_alone(s, o) for o in found)
    if eff.field_instead_if is None or not found or not fits:
        return found, False, cause
    if not conditions.condition_met(s, eff.field_instead_if, you, item.source, item=item):
        return found, False, cause
    asked = {"item": item.id, "source": item.source, "cards": found}
    ctx.ask(you, "optional", asked, "9.3 p3.2", cause=cause)
    return None


def _targets_of(ctx: Ctx, item: ChaseItem, target: Target, group: list[str] | None) -> list[str]:
    s = ctx.s
    you = item.controller
    if target.kind == "self" and target.filter.zone == "graveyard":
        # "put this card from your graveyard into ...": the card as it was when the ability was
        # played from the graveyard, while it stays there (a card changing zones is a new object, 3.1 p3)
        same = is_same_source(s, item) and s.objects[item.source].zone == "graveyard"
        return [item.source] if same and item.source_since is not None else []
    if target.kind == "self":  # "this card": the object it was as the ability was played (3.1 p3)
        return [item.source] if is_same_source(s, item) else []
    if target.kind == "you":
        return [you]
    if target.kind == "opponent":
        return [s.opponent(you)]
    if target.kind == "each_player":
        return list(s.order)
    if target.kind == "that" and target.filter.zone == "chase":  # "cancel that spell or ability": while on the chase
        return [item.subject] if any(c.id == item.subject for c in s.chase) and item.subject is not None else []
    if target.kind == "that" and target.filter.zone != "field":  # "put that resonator into its owner's field"
        obj = s.objects.get(item.subject or "")  # the card where it went, while it stays there (3.1 p3)
        same = obj is not None and obj.zone == target.filter.zone and obj.zone_since == item.subject_since
        return [item.subject] if same and item.subject is not None else []
    if target.kind == "that":  # the object the trigger condition named, while it is in the field
        return [item.subject] if item.subject in s.objects and s.objects[item.subject].zone == "field" else []
    if target.kind == "host":  # "added resonator": what the addition is added to, while it is
        host = s.objects[item.source].attached_to
        return [host] if host in s.objects and s.objects[host].zone == "field" else []
    if target.kind == "host_controller":  # "added resonator's controller", while it is added (7.2 p3)
        host = s.objects[item.source].attached_to
        return [s.objects[host].controller] if host in s.objects and s.objects[host].zone == "field" else []
    if target.kind == "that_controller":  # "that resonator's controller": now, or as it last was (9.11)
        obj = s.objects.get(item.subject or "")
        if obj is None:
            return []
        return [obj.controller if obj.zone in PLAYGROUND else str((obj.last_known or {}).get("controller", obj.owner))]
    if target.kind == "same":
        return list(group or [])
    if target.kind == "battle_opponent":
        b = s.battle
        if b is None:
            return []
        other = b.blocker if item.source == b.attacker else b.attacker
        return [other] if other else []
    if target.kind == "all":
        return [
            oid
            for pid in s.order
            for zone in filter_zones(target.filter)  # "destroy all other Humans": rulers too (2.5 p4)
            for oid in s.zones[pid].get(zone, [])
            if matches(s, target.filter, oid, you, item.source)
        ]
    # chosen: re-check legality on resolution (9.3 p3.1), the same objects only (3.1 p3)
    legal = set(legal_targets(s, target, you, item.source))
    return [t for t in group or [] if t in legal and is_same_target(s, item, t)]


def _players(s: GameState, you: str, who: str) -> list[str]:
    if who == "you":
        return [you]
    if who == "opponent":
        return [s.opponent(you)]
    return list(s.order)
