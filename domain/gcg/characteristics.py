"""The information of cards on the field after continuous effects (GCG-1.00 9.8), which
abilities are active (9.3, 11.4), and the filters effects choose cards with.

9.8.1 order: printed information (9.8.1.1); effects that grant, remove or nullify abilities
(from resolved abilities and from continuous abilities, in time stamp order), and 【Awakening】
conditions (9.8.1.2, 11.4.2); effects that do not modify values: extra traits
and "cannot engage" (9.8.1.3), in time stamp order except that an effect whose filter reads
a trait another one gives depends on it and comes after it (9.8.1.6); rage, +5000 threat
level per rage (9.8.1.4, 3.4.5); effects that modify values, in time stamp order (9.8.1.5,
9.8.1.7): a continuous ability's time stamp is when its card was placed in its area
(9.8.1.7.1), another ability's effect's is when that ability was played (9.8.1.7.2).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from domain.gcg.cards import Ability, Card, Condition, Filter, Target
from domain.gcg.geometry import adjacent, before, beyond, in_front_of, same_column
from domain.gcg.state import GameState

RAGE_THREAT = 5000
"""3.4.5."""
GRANTED = 100
BOARD_AREAS = ("field", "strategy", "monster")
"""The areas of the cards :func:`board` gives information (an object elsewhere has none)."""
"""Abilities gained from effects (9.8.1.2) are numbered from here, after the printed ones."""


@cache
def _parsed(text: str) -> Ability:
    return Ability.model_validate_json(text)


def _ability(data: dict[str, Any]) -> Ability:
    return _parsed(json.dumps(data, sort_keys=True))


@dataclass(slots=True)
class Info:
    oid: str
    card: Card
    master: str
    area: str
    """``field`` (a battle card in a zone), ``strategy`` or ``monster`` (the invading monster)."""
    slot: int
    """The zone number (for the invading monster: its position) or the strategy zone."""
    since: int
    rank: int
    traits: list[str]
    threat: int | None
    counter: int | None
    abilities: list[tuple[int, Ability]] = field(default_factory=list)
    cannot_engage: bool = False
    granted: int = 0
    """How many abilities effects have granted it so far (numbers them, from ``GRANTED``)."""


def _base(s: GameState, oid: str, area: str, slot: int) -> Info:
    obj = s.objects[oid]
    card = s.cards[obj.card]
    return Info(
        oid=oid,
        card=card,
        master=obj.owner,
        area=area,
        slot=slot,
        since=obj.since,
        rank=card.rank,
        traits=list(card.traits),
        threat=card.threat if area == "monster" else None,
        counter=card.counter if area == "field" and card.type == "battle" else None,
        abilities=list(enumerate(card.abilities)),
    )


def board(s: GameState) -> dict[str, Info]:
    """The information of every card on the field (topmost cards of stacks, 3.2.3.1)."""
    cached = s.cache.get("board")
    if cached is not None and cached[0] == s.seq:
        result: dict[str, Info] = cached[1]
        return result
    infos: dict[str, Info] = {}
    for p in s.order:
        for oid in s.zones[p]["field"]:
            infos[oid] = _base(s, oid, "field", s.objects[oid].slot)
        for oid in s.zones[p]["strategy"]:
            infos[oid] = _base(s, oid, "strategy", s.objects[oid].slot)
        top = s.monster(p)
        if top is not None:
            infos[top] = _base(s, top, "monster", s.players[p].position)
    _apply_abilities(s, infos)
    for info in infos.values():
        position = s.players[info.master].position
        info.abilities = [
            (i, a)
            for i, a in info.abilities
            if (a.awakening is None or position >= a.awakening)
            and (a.condition is None or static_condition(s, a.condition, info.master, info.oid, info.slot))
        ]
    continuous = [
        (info.since, i, info.oid, info.master, a)
        for info in infos.values()
        for i, a in info.abilities
        if a.kind == "continuous"
    ]
    # 9.8.1.3: effects that do not modify values, by time stamp (9.8.1.7) and dependency (9.8.1.6)
    layer = [
        _NonValue((since, i), a.gain_traits, a.cannot_engage, source=src, master=master, affects=a.affects)
        for since, i, src, master, a in continuous
        if a.gain_traits or a.cannot_engage
    ]
    layer += [
        _NonValue((eff.created, 0), eff.gain_traits, eff.cannot_engage, fixed=list(eff.targets))
        for eff in s.effects
        if eff.gain_traits or eff.cannot_engage
    ]
    _apply_non_value(s, infos, sorted(layer, key=lambda e: e.stamp))
    # 9.8.1.4: rage
    for p in s.order:
        top = s.monster(p)
        if top is not None and top in infos:
            info = infos[top]
            info.threat = (info.threat or 0) + RAGE_THREAT * s.players[p].rage
    # 9.8.1.5 in time stamp order (9.8.1.7)
    mods: list[tuple[int, int, list[str], int, int, int | None]] = []
    for since, i, src, master, a in continuous:
        if a.threat or a.counter or a.set_threat is not None:
            mods.append((since, i, affected(s, infos, src, master, a.affects), a.threat, a.counter, a.set_threat))
    for eff in s.effects:
        if eff.threat or eff.counter or eff.set_threat is not None:
            mods.append(
                (eff.created, 0, [t for t in eff.targets if t in infos], eff.threat, eff.counter, eff.set_threat)
            )
    mods.sort(key=lambda m: (m[0], m[1]))
    for _, _, targets, threat, counter, set_threat in mods:
        for t in targets:
            info = infos[t]
            if info.area == "monster":
                if set_threat is not None:
                    info.threat = set_threat
                info.threat = (info.threat or 0) + threat
            if info.counter is not None:
                info.counter += counter
    s.cache["board"] = (s.seq, infos)
    return infos


def _apply_abilities(s: GameState, infos: dict[str, Info]) -> None:
    """9.8.1.2: effects that grant, remove or nullify abilities, from resolved abilities and
    from continuous abilities, in time stamp order (9.8.1.7).  A continuous ability applies
    only if its card still has it (and 【Awakening N】 is met, 11.4.2) when its turn comes; an
    effect that nullifies the abilities of a card depends on nothing here, and a continuous
    ability of that card depends on it (9.8.1.6: applying it first removes the ability), so
    the nullifying comes first unless each depends on the other.  Abilities granted on the
    way take part too.  Each effect applies once; a continuous ability does not grant a card
    an ability it already has (so abilities granting each other cannot go on for ever)."""
    done: set[tuple[str, int]] = set()
    while True:
        found = [c for c in _ability_changes(s, infos) if c.key not in done]
        if not found:
            return
        found.sort(key=lambda c: (c.stamp, c.key))
        pick = next((b for b in found if not any(b.depends(a) and not a.depends(b) for a in found)), found[0])
        done.add(pick.key)
        for t in pick.targets:
            _change_abilities(infos[t], pick)


@dataclass(slots=True)
class _AbilityChange:
    """One effect of 9.8.1.2: from a continuous ability of ``holder`` or a resolved ability."""

    stamp: tuple[int, int]
    key: tuple[str, int]
    targets: list[str]
    nullify: bool
    lose_triggers: list[str]
    granted: list[Ability]
    holder: str | None = None

    def depends(self, other: _AbilityChange) -> bool:
        return self.holder is not None and other.nullify and self.holder in other.targets


def _ability_changes(s: GameState, infos: dict[str, Info]) -> list[_AbilityChange]:
    out = [
        _AbilityChange(
            (eff.created, 0),
            ("effect:" + eff.id, 0),
            [t for t in eff.targets if t in infos],
            eff.nullify,
            list(eff.lose_triggers),
            [_ability(g) for g in eff.gain_abilities],
        )
        for eff in s.effects
        if eff.nullify or eff.gain_abilities or eff.lose_triggers
    ]
    for info in list(infos.values()):
        position = s.players[info.master].position
        for i, a in info.abilities:
            changes = a.kind == "continuous" and (a.nullify or a.gain_abilities or a.lose_triggers)
            active = a.condition is None or static_condition(s, a.condition, info.master, info.oid, info.slot)
            if changes and active and (a.awakening is None or position >= a.awakening):
                targets = affected(s, infos, info.oid, info.master, a.affects)
                change = _AbilityChange(
                    (info.since, i), (info.oid, i), targets, a.nullify, list(a.lose_triggers), list(a.gain_abilities)
                )
                change.holder = info.oid
                out.append(change)
    return out


def _change_abilities(info: Info, change: _AbilityChange) -> None:
    if change.nullify:
        info.abilities = []
    if change.lose_triggers:
        info.abilities = [
            (i, a) for i, a in info.abilities if a.kind != "auto" or a.trigger not in change.lose_triggers
        ]
    for g in change.granted:
        if change.holder is not None and any(a == g for _, a in info.abilities):
            continue
        info.abilities.append((GRANTED + info.granted, g))
        info.granted += 1


@dataclass(slots=True)
class _NonValue:
    """A continuous effect that does not modify values (9.8.1.3): extra traits or "cannot
    engage", from a continuous ability (``affects``, evaluated when applied) or from a
    resolved ability (``fixed`` targets)."""

    stamp: tuple[int, int]
    traits: list[str]
    cannot_engage: bool
    source: str = ""
    master: str = ""
    affects: Target | None = None
    fixed: list[str] | None = None

    def targets(self, s: GameState, infos: dict[str, Info]) -> list[str]:
        if self.affects is None:
            return [t for t in self.fixed or [] if t in infos]
        return affected(s, infos, self.source, self.master, self.affects)

    def apply(self, s: GameState, infos: dict[str, Info]) -> None:
        for t in self.targets(s, infos):
            _non_value(infos[t], self.traits, self.cannot_engage)

    def reads_traits(self) -> bool:
        return self.affects is not None and self.affects.kind == "all" and bool(self.affects.filter.traits)


def _depends(s: GameState, infos: dict[str, Info], b: _NonValue, a: _NonValue) -> bool:
    """9.8.1.6: ``b`` depends on ``a`` if applying ``a`` first changes what ``b`` applies to
    (the only way one of these effects can change another's application: extra traits
    change which cards match a filter on traits)."""
    if not (a.traits and b.reads_traits()):
        return False
    trial = {oid: replace(i, traits=list(i.traits)) for oid, i in infos.items()}
    a.apply(s, trial)
    return b.targets(s, trial) != b.targets(s, infos)


def _apply_non_value(s: GameState, infos: dict[str, Info], layer: list[_NonValue]) -> None:
    """Apply the effects in time stamp order (9.8.1.7), except that an effect another one
    depends on is applied first (9.8.1.6); effects that depend on each other (or in a
    circle) keep their time stamp order.  Dependencies are judged on the information as it
    is after the effects applied so far."""
    pending = list(layer)
    check = any(e.reads_traits() for e in pending)
    while pending:
        pick = pending[0]
        if check:
            pick = next(
                (
                    b
                    for b in pending
                    if not any(_depends(s, infos, b, a) and not _depends(s, infos, a, b) for a in pending if a is not b)
                ),
                pick,
            )
        pending.remove(pick)
        pick.apply(s, infos)


def _non_value(info: Info, traits: list[str], cannot_engage: bool) -> None:
    for t in traits:
        if t not in info.traits:
            info.traits.append(t)
    if cannot_engage and info.area == "field":
        info.cannot_engage = True


def affected(s: GameState, infos: dict[str, Info], source: str, master: str, target: Target) -> list[str]:
    """The cards a continuous ability of ``source`` applies to."""
    if target.kind == "self":
        return [source] if source in infos else []
    if target.kind in ("your_monster", "opponent_monster"):
        player = master if target.kind == "your_monster" else s.opponent(master)
        top = s.monster(player)
        return [top] if top is not None and top in infos else []
    return [oid for oid in infos if matches_info(s, infos[oid], target.filter, master, source, base_traits=True)]


def matches_info(s: GameState, info: Info, flt: Filter, master: str, source: str, *, base_traits: bool = False) -> bool:
    """Whether a card on the field matches ``flt`` for an effect of ``master``."""
    area = {"field": "field", "strategy": "strategy", "monster": "field"}[info.area]
    if flt.area != area:
        return False
    return _matches(
        s, info.card, info.master, info.area, info.slot, info.rank, info.traits, flt, master, source, info.oid
    )


def _matches(
    s: GameState,
    card: Card,
    owner: str,
    area: str,
    slot: int,
    rank: int,
    traits: list[str],
    flt: Filter,
    master: str,
    source: str,
    oid: str,
) -> bool:
    if flt.controller == "you" and owner != master:
        return False
    if flt.controller == "opponent" and owner == master:
        return False
    if flt.types and card.type not in flt.types:
        return False
    if flt.traits and not set(flt.traits) & set(traits):
        return False
    if flt.name is not None and card.name != flt.name:
        return False
    if flt.max_rank is not None and rank > flt.max_rank:
        return False
    if flt.min_rank is not None and rank < flt.min_rank:
        return False
    if flt.other_than_self and oid == source:
        return False
    if flt.colors and card.color not in flt.colors:
        return False
    if flt.min_zone is not None or flt.max_zone is not None:  # zone numbers (4.4.3)
        if area not in ("field", "monster"):
            return False
        if not (flt.min_zone or 1) <= slot <= (flt.max_zone or 8):
            return False
    positional = flt.same_column or flt.adjacent or flt.in_front or flt.before_monster or flt.beyond_monster
    if positional:
        if area not in ("field", "monster"):
            return False
        position = s.players[master].position
        if flt.same_column and not same_column(master, position, owner, slot):
            return False
        if flt.adjacent and not adjacent(master, position, owner, slot):
            return False
        if flt.in_front and not (owner == master and in_front_of(slot, position)):
            return False
        if flt.before_monster and not (owner == master and before(slot, position)):
            return False
        if flt.beyond_monster and not (owner == master and beyond(slot, position)):
            return False
    return True


def _in_range(value: int, cond: Condition) -> bool:
    return (cond.min is None or value >= cond.min) and (cond.max is None or value <= cond.max)


def static_condition(s: GameState, cond: Condition, master: str, source: str, slot: int) -> bool:
    """Whether a condition of a continuous ability holds (9.3.3): an invading monster's zone
    (3.3.3), the source's zone number ``slot`` (4.4.3), rage (3.4.3), or a count of cards by
    information no continuous effect changes (their printed type, colour, rank, name; traits
    outside the field), so that it can be read while continuous effects are applied (9.8)."""
    player = master if cond.who == "you" else s.opponent(master)
    if cond.kind == "monster_zone":
        return s.monster(player) is not None and _in_range(s.players[player].position, cond)
    if cond.kind == "self_zone":
        return _in_range(slot, cond)
    if cond.kind == "rage":
        return _in_range(s.players[player].rage, cond)
    if cond.kind == "monster_rank":
        return s.monster(player) is not None and _in_range(monster_rank(s, player), cond)
    return _in_range(printed_count(s, cond.filter, master, source), cond)


def printed_count(s: GameState, flt: Filter, master: str, source: str) -> int:
    """How many cards match ``flt`` by their printed information (the pool of
    :func:`domain.gcg.actions.candidates`: a field count includes the invading monsters)."""
    if flt.area == "field":
        pool = [(o, "field", s.objects[o].slot) for p in s.order for o in s.zones[p]["field"]]
        pool += [(top, "monster", s.players[p].position) for p in s.order if (top := s.monster(p)) is not None]
    else:
        players = {"you": [master], "opponent": [s.opponent(master)], "any": list(s.order)}[flt.controller]
        pool = [(o, flt.area, 0) for p in players for o in s.zones[p][flt.area]]
    n = 0
    for oid, area, slot in pool:
        obj = s.objects[oid]
        card = s.cards[obj.card]
        if _matches(s, card, obj.owner, area, slot, card.rank, list(card.traits), flt, master, source, oid):
            n += 1
    return n


def matches(s: GameState, oid: str, flt: Filter, master: str, source: str) -> bool:
    """Whether card ``oid`` (anywhere) matches ``flt`` for an effect of ``master``."""
    obj = s.objects[oid]
    infos = board(s)
    if oid in infos:
        return matches_info(s, infos[oid], flt, master, source)
    if obj.zone != flt.area:
        return False
    card = s.cards[obj.card]
    return _matches(s, card, obj.owner, obj.zone, 0, card.rank, list(card.traits), flt, master, source, oid)


def info(s: GameState, oid: str) -> Info | None:
    return board(s).get(oid)


def threat_level(s: GameState, player: str) -> int:
    """The threat level of ``player``'s invading monster (2.6, 3.4.5, 9.8)."""
    top = s.monster(player)
    if top is None:
        return 0
    i = board(s).get(top)
    return (i.threat or 0) if i is not None else 0


def monster_rank(s: GameState, player: str) -> int:
    top = s.monster(player)
    return s.card_of(top).rank if top is not None else 0


def monster_traits(s: GameState, player: str) -> list[str]:
    top = s.monster(player)
    if top is None:
        return []
    i = board(s).get(top)
    return list(i.traits) if i is not None else list(s.card_of(top).traits)


def counter_power(s: GameState, oid: str) -> int:
    i = board(s).get(oid)
    return (i.counter or 0) if i is not None else 0


def engaging(s: GameState, player: str) -> list[str]:
    """The battle cards whose counter power counts for ``player``'s counter phase (7.4.2, 5.16.1)."""
    infos = board(s)
    return [
        oid
        for oid in s.zones[player]["field"]
        if oid in infos and infos[oid].counter is not None and not infos[oid].cannot_engage
    ]


def total_counter_power(s: GameState, player: str) -> int:
    return sum(counter_power(s, oid) for oid in engaging(s, player))


def active_abilities(s: GameState, oid: str) -> list[tuple[int, Ability]]:
    i = board(s).get(oid)
    return list(i.abilities) if i is not None else []


def last_known(s: GameState, oid: str) -> dict[str, Any]:
    """Final information (9.10.1.2) of a card about to leave the field."""
    i = board(s).get(oid)
    if i is None:
        card = s.card_of(oid)
        obj = s.objects[oid]
        return {"area": obj.zone, "slot": obj.slot, "rank": card.rank, "master": obj.owner}
    return {
        "area": i.area,
        "slot": i.slot,
        "rank": i.rank,
        "traits": list(i.traits),
        "threat": i.threat,
        "counter": i.counter,
        "master": i.master,
    }
