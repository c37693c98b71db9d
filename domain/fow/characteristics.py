"""Effective characteristics of cards under continuous effects (FoW-5.5 9.9), active
abilities (9.2) and the rule overrides that card text imposes (golden rule 1.4 p1).

Checking a condition (:func:`condition_met`) and counting (:func:`count_of`) live here too: a
continuous ability applies "as long as" its condition holds and a filter may count "for each X",
while a condition reads the characteristics and :func:`matches`; :mod:`domain.fow.conditions`
builds on them and re-exports them."""

from __future__ import annotations

import functools
import json
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from domain.fow import memo
from domain.fow.cards import (
    PLAY_COST_CHANGES,
    Ability,
    Card,
    Condition,
    Cost,
    CostChange,
    Count,
    Filter,
    RaceChange,
    RuleOverrides,
    Target,
)
from domain.fow.state import OUT_OF_GAME, PLAYGROUND, ChaseItem, Effect, GameState, Obj

COUNTER_PATTERN = "/"


@dataclass(slots=True)
class Chars:
    """A card's information after applying continuous effects in the 9.9 order."""

    card: Card
    atk: int | None
    def_: int | None
    skills: set[str] = field(default_factory=set)
    abilities: list[tuple[int, Ability]] = field(default_factory=list)
    types: set[str] = field(default_factory=set)


_ACTIVE_ZONE = {
    "resonator": "field",
    "j_ruler": "field",
    "addition": "field",
    "regalia": "field",
    "ruler": "ruler_area",
    "magic_stone": "stone_area",
}
"""The zone where the abilities of a card of each type are active (FoW-5.5 9.2 p1); none elsewhere."""


def is_active_zone(card: Card, zone: str) -> bool:
    """Where abilities are active (FoW-5.5 9.2 p1)."""
    return _ACTIVE_ZONE.get(card.type) == zone


def effective_type(state: GameState, oid: str) -> str:
    obj = state.objects[oid]
    card = state.card_of(oid)
    if obj.zone == "ruler_area" and obj.side == "j_ruler":
        return "astral_ruler"  # FoW-5.5 3.8 p6
    return card.type


def _parse_counter(name: str) -> tuple[int, int] | None:
    if COUNTER_PATTERN not in name:
        return None
    a, _, b = name.partition("/")
    try:
        return int(a), int(b)
    except ValueError:
        return None


def characteristics(state: GameState, oid: str) -> Chars:
    """The characteristics of ``oid`` now (9.9).  Remembered per state and ``seq`` within one
    engine call (:mod:`domain.fow.memo`); each caller gets its own copy (callers may change it)."""
    c = memo.read(state, _characteristics, oid)
    return Chars(c.card, c.atk, c.def_, set(c.skills), list(c.abilities), set(c.types))


def read_characteristics(state: GameState, oid: str) -> Chars:
    """:func:`characteristics`, shared with every other reader (no copy): for a caller that only
    reads them (the rule-process and trigger checks, each run on every card in a field)."""
    return memo.read(state, _characteristics, oid)


def _characteristics(state: GameState, oid: str) -> Chars:
    obj = state.objects[oid]
    # the base information (9.9 p1.1): a copy's is the copied card's - a pseudo-card's ``card`` and a card
    # that "became a copy" (``copy_of``) - without the copied object's continuous effects (10.16 p1, p2)
    card = state.card_of(oid)
    kind = effective_type(state, oid)
    if kind == "astral_ruler":
        # loses all abilities and has no ATK or DEF (FoW-5.5 3.8 p6)
        return Chars(card=card, atk=None, def_=None, types={"astral_ruler"})
    chars = Chars(
        card=card,
        atk=card.atk,
        def_=card.def_,
        skills=set(card.skills),
        abilities=list(enumerate(card.abilities)),
        types={card.type},
    )
    # base information plus abilities gained by [Awakening] (12.1 p4)
    if obj.awakened and card.awakening is not None:
        base = len(card.abilities)
        chars.abilities += [(base + i, a) for i, a in enumerate(card.awakening.abilities)]
    if obj.zone not in PLAYGROUND:
        return chars
    # layer: continuous effects that add or remove abilities
    lost_at, no_gain = ability_loss(state, oid)
    if lost_at is not None:  # "loses all abilities": what it had, symbol skills included (9.9 p1.2)
        chars.abilities, chars.skills = [], set()

    def kept(since: int) -> bool:  # a gain newer than the loss still applies (9.9: timestamp order)
        return lost_at is None or (not no_gain and since > lost_at)

    active = _active_continuous(state)  # read once: characteristics change no state
    granted_at = dict.fromkeys(chars.skills, -1)  # printed: the base information (9.9 p1)
    skills_lost_at = -1  # "loses its symbol skills": the newest such ability covering it (9.9 p3)
    for source_oid, ability in active:
        if ability.lose_skills and _affects(state, source_oid, ability.affects, oid):
            skills_lost_at = max(skills_lost_at, state.objects[source_oid].zone_since)
    if skills_lost_at >= 0:
        chars.skills = set()
    for source_oid, ability in active:
        since = state.objects[source_oid].zone_since
        if not kept(since):
            continue
        if ability.grant and since > skills_lost_at and _affects(state, source_oid, ability.affects, oid):
            chars.skills.update(ability.grant)
            since = state.objects[source_oid].zone_since  # active since its source came where it is
            granted_at.update({k: max(granted_at.get(k, -1), since) for k in ability.grant})
        if ability.grant_abilities and _affects(state, source_oid, ability.affects, oid):
            granted = enumerate(ability.grant_abilities)
            chars.abilities += [(granted_index(source_oid, ability, k), a) for k, a in granted]
    for eff in state.effects:
        newer = kept(eff.created) and eff.created > skills_lost_at
        if eff.kind == "grant" and eff.skill and newer and is_affected(state, eff, oid):
            chars.skills.add(eff.skill)
            granted_at[eff.skill] = max(granted_at.get(eff.skill, -1), eff.created)
        if eff.kind == "grant_abilities" and kept(eff.created) and is_affected(state, eff, oid):
            chars.abilities += effect_granted(eff)  # "gains "..." until end of turn" (10.19 p1)
    for eff in state.effects:  # "lose [Flying]": after what it had or gained before, not after (9.9 p1, p3)
        lost = eff.kind == "lose_skill" and eff.skill in chars.skills
        if lost and granted_at.get(eff.skill or "", -1) < eff.created and is_affected(state, eff, oid):
            chars.skills.discard(eff.skill or "")
    # layer: non-counter continuous effects that change values
    if chars.atk is not None and chars.def_ is not None:
        based = printed_atk_of(state, oid)  # "printed ATK becomes 0": the base information (9.9 p1.1)
        atk, def_ = chars.atk if based is None else based, chars.def_
        changes: list[tuple[int, str, int, int]] = []  # (timestamp, add | switch | set, ATK, DEF)
        for source_oid, ability in active:
            since = state.objects[source_oid].zone_since  # active since it entered (9.9 p3)
            if (ability.modify_atk or ability.modify_def) and _affects(state, source_oid, ability.affects, oid):
                times = 1 if ability.per is None else _count(state, ability, source_oid)
                changes.append((since, "add", ability.modify_atk * times, ability.modify_def * times))
            if ability.set_stats is not None and _affects(state, source_oid, ability.affects, oid):
                changes.append((since, "set", ability.set_stats[0], ability.set_stats[1]))
            if ability.atk_total_of is not None and _affects(state, source_oid, ability.affects, oid):
                total = _total_atk(state, ability.atk_total_of, oid, source_oid)  # "ATK is equal to total ATK of"
                changes.append((since, "set_atk", total, 0))
        for eff in state.effects:
            if eff.kind in ("modify", "switch", "set", "atk_becomes_def") and is_affected(state, eff, oid):
                how = {"modify": "add"}.get(eff.kind, eff.kind)
                changes.append((eff.created, how, eff.atk, eff.def_))
        changes = _replace_stat_changes(state, active, oid, changes)
        if any(how != "add" for _, how, _, _ in changes):  # "switch", "becomes": the order matters (9.9 p3)
            changes.sort(key=lambda change: change[0])
        for _, how, a, d in changes:
            atk, def_ = {
                "add": (atk + a, def_ + d),
                "switch": (def_, atk),
                "atk_becomes_def": (def_, def_),  # "its ATK becomes equal to its DEF" (9.9 p1.4)
                "set_atk": (a, def_),  # "This card's ATK is equal to total ATK of X" (9.9 p1.4)
                "set": (a, d),
            }[how]
        # layer: counters that change values (10.21 p2); the increase a counter put by a spell or
        # ability gives is that spell's or ability's increase, doubled as the others (9.10 p1)
        counted = [
            (0, "add", mod[0] * n, mod[1] * n) for name, n in obj.counters.items() if (mod := _parse_counter(name))
        ]
        for _, _, a, d in _replace_stat_changes(state, active, oid, counted) if counted else ():
            atk, def_ = atk + a, def_ + d
        chars.atk, chars.def_ = max(atk, 0), def_
    return chars


def _highest_resonator_atk(state: GameState) -> int:
    """The highest ATK a resonator in a field has now (0 with none): "has or shares the highest ATK"."""
    atks = [
        characteristics(state, o).atk
        for pid in state.order
        for o in state.zones[pid]["field"]
        if effective_type(state, o) == "resonator"
    ]
    return max((a for a in atks if a is not None), default=0)


def printed_atk_of(state: GameState, oid: str) -> int | None:
    """The printed ATK of ``oid`` (FoW-5.5 9.9 p7): that of its card, or in a playground the value the
    newest "Target resonator's printed ATK becomes 0 until end of turn" effect on it gives - a change of
    the base information (9.9 p1.1, p3)."""
    atk = state.card_of(oid).atk
    if atk is None or state.objects[oid].zone not in PLAYGROUND:
        return atk
    based = [e for e in state.effects if e.kind == "set_printed_atk" and oid in e.targets]
    return max(based, key=lambda e: e.created).atk if based else atk


def _replace_stat_changes(
    state: GameState, active: Sequence[tuple[str, Ability]], oid: str, changes: list[tuple[int, str, int, int]]
) -> list[tuple[int, str, int, int]]:
    """ "If a spell or ability would increase ATK or DEF of resonators you control, it increases double that
    much instead" / "... would decrease ..., it decreases none instead" (FoW-5.5 9.10 p1): each increase
    of ``oid``'s values by a continuous ability or effect ("add"), or by a counter (10.21 p2), is doubled
    once per such ability (each replacement applies once, 9.10 p3), each decrease is none."""
    times = 1
    none_down = False
    for source_oid, ability in active:
        if (ability.doubles_increases or ability.no_decreases) and _affects(state, source_oid, ability.affects, oid):
            times *= 2 if ability.doubles_increases else 1
            none_down = none_down or ability.no_decreases
    if times == 1 and not none_down:
        return changes

    def replaced(value: int) -> int:
        return value * times if value > 0 else (0 if none_down else value)

    return [(t, how, replaced(a), replaced(d)) if how == "add" else (t, how, a, d) for t, how, a, d in changes]


def attributes_of(state: GameState, oid: str) -> list[str]:
    """The attributes of ``oid``: printed, or in a playground those the newest "This card becomes the
    chosen attribute" effect on it gives (non-value information, FoW-5.5 9.9 p1, p3)."""
    card = state.card_of(oid)
    obj = state.objects.get(oid)
    if obj is None or obj.zone not in PLAYGROUND:
        return list(card.attributes)
    changed = [e for e in state.effects if e.kind == "set_attributes" and oid in e.targets and e.attributes is not None]
    if not changed:
        return list(card.attributes)
    return list(max(changed, key=lambda e: e.created).attributes or [])


def ability_loss(state: GameState, oid: str) -> tuple[int | None, bool]:
    """(when the newest "loses all abilities" effect on ``oid`` was made, or None; whether it also
    "cannot gain abilities")."""
    lost = [e for e in state.effects if e.kind == "lose_abilities" and is_affected(state, e, oid)]
    if not lost:
        return None, False
    return max(e.created for e in lost), any("cannot_gain" in e.rules for e in lost)


_OTHER_SIDES = ("j_ruler", "future")
"""The sides of an object whose card is not its printed one (``GameState.card_of``)."""


def _active_sources(state: GameState) -> list[tuple[str, Obj, Card]]:
    """The cards in playgrounds whose abilities work where they are (FoW-5.5 9.2 p1; a J-ruler side
    in the ruler area has none), less those that lost their abilities (9.9 p1.2; an effect on "all
    X" too, 9.9 p4), as (object id, object, card).  A hot path: one list, no lookups twice."""
    losses = [e for e in state.effects if e.kind == "lose_abilities"]
    out: list[tuple[str, Obj, Card]] = []
    objects, cards, card_of, active_zone = state.objects, state.cards, state.card_of, _ACTIVE_ZONE.get
    for player in state.order:
        zones = state.zones[player]
        for zone in ("field", "ruler_area", "stone_area"):
            for oid in zones[zone]:
                obj = objects[oid]
                if zone == "ruler_area" and obj.side == "j_ruler":
                    continue
                # card_of, inlined for the common object (no copy, its printed side)
                card = cards[obj.card] if obj.copy_of is None and obj.side not in _OTHER_SIDES else card_of(oid)
                if active_zone(card.type) != zone:  # is_active_zone, inlined
                    continue
                if losses and any(is_affected(state, e, oid) for e in losses):
                    continue
                out.append((oid, obj, card))
    return out


def _active_continuous(state: GameState, only: str | None = None) -> tuple[tuple[str, Ability], ...]:
    """The active continuous abilities (their conditions holding); ``only``: those whose field of
    that name is set (checked before the condition, which costs more).  Remembered per state and
    ``seq`` within one engine call (:mod:`domain.fow.memo`)."""
    return memo.read(state, _find_active_continuous, only)


def _find_active_continuous(state: GameState, only: str | None) -> tuple[tuple[str, Ability], ...]:
    out: list[tuple[str, Ability]] = []
    known = _CONTINUOUS.get
    for oid, obj, card in _active_sources(state):
        entry = known(id(card))  # _continuous_of, inlined: asked of every active source at every new seq
        if entry is not None and entry[0] is card:
            abilities = entry[2] if obj.awakened else entry[1]
        else:
            abilities = _continuous_of(card, obj.awakened)
        if not abilities:
            continue
        if only is not None:
            abilities = tuple(a for a in abilities if getattr(a, only) is not None)
        out += [(oid, a) for a in abilities if _holds(state, a, oid)]
    return tuple(out)


_CONTINUOUS: dict[int, tuple[Card, tuple[Ability, ...], tuple[Ability, ...]]] = {}
"""``id(card)`` -> (the card, its printed continuous abilities, those with its [Awakening]
ones after them).  Holds the card, so its id is not reused while the entry lives; a pure
function of the card (card models are immutable), so no result depends on it."""


def _continuous_of(card: Card, awakened: bool) -> tuple[Ability, ...]:
    """The continuous abilities of ``card`` in printed order (its [Awakening] abilities after
    them when ``awakened``, 12.1 p4): read on every characteristics check, so computed once
    per card model."""
    entry = _CONTINUOUS.get(id(card))
    if entry is None or entry[0] is not card:
        printed = tuple(a for a in card.abilities if a.kind == "continuous")
        awakening = () if card.awakening is None else card.awakening.abilities
        entry = (card, printed, printed + tuple(a for a in awakening if a.kind == "continuous"))
        if len(_CONTINUOUS) >= 100_000:  # card models made by the thousand (tests): start again
            _CONTINUOUS.clear()
        _CONTINUOUS[id(card)] = entry
    return entry[2] if awakened else entry[1]


_AUTOMATIC: dict[int, tuple[Card, bool, bool]] = {}
"""``id(card)`` -> (the card, whether it prints an automatic ability, whether it or its [Awakening]
abilities do): a pure function of the (immutable) card model, as :data:`_CONTINUOUS`."""


def may_have_automatic(state: GameState, oid: str) -> bool:
    """Whether :func:`characteristics` of ``oid`` may list an automatic ability (9.6): its card prints
    one (or its [Awakening] does, once awakened, 12.1 p4), or some ability or effect of the game grants
    abilities (9.9 p1.2, 10.19 p1).  False means its characteristics list none, so nothing of it can
    trigger; a cheap test before computing them."""
    card = state.card_of(oid)
    entry = _AUTOMATIC.get(id(card))
    if entry is None or entry[0] is not card:
        printed = any(a.kind == "automatic" for a in card.abilities)
        awakening = card.awakening is not None and any(a.kind == "automatic" for a in card.awakening.abilities)
        entry = (card, printed, printed or awakening)
        if len(_AUTOMATIC) >= 100_000:  # card models made by the thousand (tests): start again
            _AUTOMATIC.clear()
        _AUTOMATIC[id(card)] = entry
    if entry[2] if state.objects[oid].awakened else entry[1]:
        return True
    return memo.read(state, _abilities_granted, None)  # asked for every card of a trigger check


def _abilities_granted(state: GameState, _: None) -> bool:
    """Whether some effect or active continuous ability of the game grants abilities (a pure read,
    remembered per state and ``seq`` within one engine call, :mod:`domain.fow.memo`)."""
    return any(e.kind == "grant_abilities" for e in state.effects) or grants_abilities(state)


def prints_status_ability(card: Card) -> bool:
    """Whether ``card`` prints an ability with a status trigger (FoW-5.5 9.6 p9; no effect grants
    one): asked of every card in a field at each status check, so computed once per card model,
    as :data:`_AUTOMATIC`."""
    entry = _STATUS.get(id(card))
    if entry is None or entry[0] is not card:
        entry = (card, any(a.trigger == "status" for a in card.abilities))
        if len(_STATUS) >= 100_000:  # card models made by the thousand (tests): start again
            _STATUS.clear()
        _STATUS[id(card)] = entry
    return entry[1]


_STATUS: dict[int, tuple[Card, bool]] = {}
"""``id(card)`` -> (the card, whether it prints a status-triggered ability), as :data:`_AUTOMATIC`."""


def moon_will_as(state: GameState, player: str) -> frozenset[str]:
    """The attributes ``player`` may pay with moon will ("You may spend {M} as though it were {G}")."""
    return frozenset(
        attribute
        for oid, ability in _active_continuous(state)
        if ability.rules is not None and state.objects[oid].controller == player
        for attribute in ability.rules.spend_moon_as
    )


def may_look_at_top_card(state: GameState, player: str) -> bool:
    """ "You may look at the top card of your main deck at any time" applies to ``player``: a card
    with that ability is active under their control (FoW-5.5 3.1 p2, 9.2)."""
    return any(
        ability.rules is not None and ability.rules.may_look_at_top_card and state.objects[oid].controller == player
        for oid, ability in _active_continuous(state)
    )


def top_card_revealed(state: GameState, owner: str) -> bool:
    """ "Your opponent plays with the top card of their main deck revealed" applies to ``owner``'s main
    deck: a card with that ability is active under their opponent's control (FoW-5.5 10.4 p1, 3.1 p2)."""
    return any(
        ability.rules is not None and ability.rules.opponent_top_revealed and state.objects[oid].controller != owner
        for oid, ability in _active_continuous(state)
    )


def granted_quickcast(state: GameState, oid: str) -> bool:
    """Whether a card in a hand has [Quickcast] by a continuous ability of a card in a playground
    ("Wind resonators in your hand gain [Quickcast]": its owner may play it at instant speed, FoW-5.5
    12.3 p2; it must have it as it is put into the chase area, 12.3 p2.1)."""
    obj = state.objects[oid]
    if obj.zone != "hand":
        return False
    for source_oid, ability in _active_continuous(state):
        if "quickcast" not in ability.grant or ability.affects is None or ability.affects.kind != "all":
            continue
        flt = ability.affects.filter
        you = state.objects[source_oid].controller
        if flt.zone != "hand" or (flt.controller == "you" and obj.owner != you):
            continue  # "in your hand": your own zone (3.1 p1)
        if matches(state, flt.model_copy(update={"controller": "any"}), oid, you, source_oid, chars_ok=False):
            return True
    return False


def races_of(state: GameState, oid: str) -> list[str]:
    """The races of ``oid`` (2.5): printed, then, in a playground, changed by the active continuous
    abilities with ``race_change`` that cover it ("Each Nightmare resonator loses Nightmare and gains
    Fairy Tale", 9.4 p1), in the order of their cards.  What such an ability covers is read from
    printed races, so no race change depends on another (and none on itself)."""
    card = state.card_of(oid)
    races = list(card.races)
    obj = state.objects.get(oid)
    if obj is None or obj.zone not in PLAYGROUND:
        return races
    applied: list[tuple[int, list[str] | None, list[str]]] = []  # (when, lost (None: all), gained)
    for source, change, flt in _race_changes(state):
        printed = flt.model_copy(update={"races": []})
        if flt.races and not set(flt.races) & set(card.races):
            continue
        if not matches(state, printed, oid, state.objects[source].controller, source):
            continue
        applied.append((state.objects[source].zone_since, list(change.lose), list(change.gain)))
    applied += _race_effects(state, oid) + _added_race_changes(state, oid)
    # the earlier applied first (9.9 p3): an ability as its card came into its zone, an effect as made
    for _, lost, gained in sorted(applied, key=lambda a: a[0]):
        kept = [] if lost is None else [r for r in races if r not in lost]
        races = kept + [r for r in gained if r not in kept]
    return races


def _added_race_changes(state: GameState, oid: str) -> list[tuple[int, list[str] | None, list[str]]]:
    """ "Added resonator gains Zombie in addition to its own races": the active ``race_change``
    abilities without ``affects`` of the additions added to ``oid`` (FoW-5.5 2.5, 9.4 p1), each as its
    addition came into the field."""
    out: list[tuple[int, list[str] | None, list[str]]] = []
    losses = [e for e in state.effects if e.kind == "lose_abilities"]
    for obj in state.objects.values():
        if obj.zone != "field" or obj.attached_to != oid or any(is_affected(state, e, obj.oid) for e in losses):
            continue
        for a in state.card_of(obj.oid).abilities:
            if a.race_change is not None and a.affects is None and _holds(state, a, obj.oid):
                out.append((obj.zone_since, list(a.race_change.lose), list(a.race_change.gain)))
    return out


def _race_effects(state: GameState, oid: str) -> list[tuple[int, list[str] | None, list[str]]]:
    """The "loses all races and becomes a Fairy Tale until end of turn" effects on ``oid`` (FoW-5.5
    2.5, 9.9 p1): (when each was made, the races it removes - None: all -, the races it gives)."""
    return [
        (e.created, None if e.lose_races else [], list(e.races))
        for e in state.effects
        if e.kind == "change_races" and oid in e.targets
    ]


def _race_changes(state: GameState) -> list[tuple[str, RaceChange, Filter]]:
    """The active ``race_change`` abilities (their conditions checked; they read no race)."""
    out: list[tuple[str, RaceChange, Filter]] = []
    losses = [e for e in state.effects if e.kind == "lose_abilities"]
    for player in state.order:
        for zone in ("field", "ruler_area", "stone_area"):
            for source in state.zones[player][zone]:
                card = state.card_of(source)
                changes = [a for a in card.abilities if a.race_change is not None and a.affects is not None]
                if not changes or not is_active_zone(card, zone):
                    continue
                if state.objects[source].zone == "ruler_area" and state.objects[source].side == "j_ruler":
                    continue
                if any(is_affected(state, e, source) for e in losses):
                    continue
                for a in changes:
                    assert a.race_change is not None and a.affects is not None
                    if _holds(state, a, source):
                        out.append((source, a.race_change, a.affects.filter))
    return out


def banish_alternatives(state: GameState, player: str, oid: str) -> list[str]:
    """The cards whose active continuous ability "You may banish this card rather than pay the cost
    of a water [Spell:Chant-Instant]" lets ``player`` play ``oid`` (where it is now) by banishing
    them instead of paying its will cost (FoW-5.5 9.3 p2.5, 10.10 p1)."""
    obj = state.objects[oid]
    out: list[str] = []
    for source, ability in _active_continuous(state, only="banish_rather_than_pay"):
        flt = ability.banish_rather_than_pay
        if flt is None or state.objects[source].controller != player or source in out:
            continue
        if state.objects[source].zone != "field":  # banished from the field (10.10 p1)
            continue
        if matches(state, flt.model_copy(update={"zone": obj.zone, "controller": "any"}), oid, player, source):
            out.append(source)
    return out


def damage_increases(state: GameState, source: str) -> list[tuple[str, int]]:
    """ "If <this card / added resonator / a normal spell you control> would deal damage, it
    deals that much +N instead" abilities, and such effects made by resolved abilities ("If your
    J-Ruler would deal damage this turn, ..."), that apply to damage ``source`` would deal, as
    ("card:ability index" or the effect's id, N).  Only additions commute, so their order does not
    matter."""
    out: list[tuple[str, int]] = [
        (eff.id, eff.amount or 0)
        for eff in state.effects
        if eff.kind == "deal_more" and is_affected(state, eff, source)
    ]
    for oid, obj, card in _active_sources(state):  # a card that lost its abilities increases nothing (9.9 p1.2)
        loose = card.type == "addition" and obj.attached_to is None  # added to nothing: no host
        for i, ability in enumerate(card.abilities):
            if ability.affects is None and loose:
                continue
            if ability.instead == "deal_more" and _affects(state, oid, ability.affects, source):
                if ability.condition is not None and not _holds(state, ability, oid):
                    continue
                out.append((f"{oid}:{i}", ability.extra_damage))
    return out


def counter_increases(state: GameState, target: str, counter: str) -> list[tuple[str, int, int]]:
    """ "If magic counters would be put on your J/ruler, put that many plus one instead" abilities
    (FoW-5.5 9.10 p1) that apply to ``counter`` counters put on ``target``, as (card, ability index,
    how many more).  Only additions: they commute, so their order does not matter."""
    out: list[tuple[str, int, int]] = []
    for oid, _, card in _active_sources(state):
        for i, ability in enumerate(card.abilities):
            if ability.replaces != "counters_put" or ability.counter != counter:
                continue
            if _affects(state, oid, ability.affects, target) and _holds(state, ability, oid):
                out.append((oid, i, ability.extra_counters))
    return out


def graveyard_replacement(state: GameState, oid: str) -> str | None:
    """The card (``<oid>:<index>`` of the ability) whose "If a card would be put into a graveyard / your
    graveyard from anywhere, remove it from the game instead" applies to ``oid`` about to be put into
    its owner's graveyard (3.1 p5), if any: an active replacement ability (9.2 p1, its condition
    holding) of a card in a playground; "your graveyard": one its controller owns.  All of them
    replace the move the same way, so the first found is applied, once (FoW-5.5 9.10 p1, p3)."""
    found = graveyard_replacements(state, oid)
    return found[0] if found else None


def graveyard_replacements(state: GameState, oid: str) -> list[str]:
    """Every "If a card would be put into a graveyard / your graveyard from anywhere, remove it from the
    game instead" (``<oid>:<index>`` of the ability) that applies to ``oid`` about to be put into its
    owner's graveyard, in seat and zone order (:func:`graveyard_replacement`; FoW-5.5 9.10 p2: each is
    one of the replacements its controller chooses among)."""
    owner = state.objects[oid].owner
    found: list[str] = []
    for source, obj, card in _active_sources(state):
        for i, ability in enumerate(card.abilities):
            if ability.replaces not in ("to_graveyard", "to_your_graveyard"):
                continue
            if ability.replaces == "to_your_graveyard" and owner != obj.controller:
                continue
            if ability.condition is None or _holds(state, ability, source):
                found.append(f"{source}:{i}")
    return found


def permission_key(state: GameState, source: str, ability: Ability) -> str:
    """``<source>:<index>``: the key of a "once per turn" permission in ``once_per_turn_used``."""
    abilities = state.card_of(source).abilities
    return f"{source}:{next((i for i, a in enumerate(abilities) if a is ability), abilities.index(ability))}"


def once_per_turn_permission(state: GameState, source: str | None) -> str | None:
    """The ``once_per_turn_used`` key of the "Once per turn, you may play a card from ..." ability of
    ``source`` that allowed a play, or None when no such limit applies."""
    if source is None:
        return None
    for oid, ability in _active_continuous(state):
        removed = ability.rules is not None and ability.rules.may_play_from_removed
        if oid == source and ability.once_per_turn and removed:
            return permission_key(state, source, ability)
    return None


def play_permissions(state: GameState, player: str, oid: str) -> list[tuple[str, str | None]]:
    """What lets ``player`` play their card ``oid`` from its zone other than the hand, as (kind,
    source card): ``remnant`` ([Remnant], printed - no source - or given by "Fire [Spell:Chant] cards in
    your graveyard gain [Remnant]", FoW-5.5 12.6 p2), ``graveyard`` ("You may play cards in your
    graveyard"), ``removed`` ("You may play this card from the removed area"), ``outside`` ("You may play it
    from outside the game as long as it is revealed", 3.16 p1); the text beats the rule
    that cards are played from the hand (7.1 p2, 1.4 p1).  Printed [Remnant] first."""
    obj = state.objects[oid]
    card = state.card_of(oid)
    if obj.owner != player:
        return []
    out: list[tuple[str, str | None]] = []
    if obj.zone in OUT_OF_GAME and obj.revealed and card.playable_from_outside:
        out.append(("outside", None))  # "You may play it from outside the game as long as it is revealed" (3.16 p1)
    if obj.zone == "removed" and card.playable_from_removed:
        out.append(("removed", None))
    if obj.zone == "removed":
        used = state.players[player].once_per_turn_used
        for source, ability in _active_continuous(state):
            if ability.rules is None or not ability.rules.may_play_from_removed:
                continue
            if state.objects[source].controller != player:
                continue  # "your removed from the game zone"
            if ability.once_per_turn and permission_key(state, source, ability) in used:
                continue  # "Once per turn": used this turn
            out.append(("removed", source))
    if obj.zone != "graveyard":
        return out
    if card.remnant:
        out.append(("remnant", None))
    for source, ability in _active_continuous(state):
        you = state.objects[source].controller
        if you != player:
            continue  # "your graveyard": the cards its controller owns (3.1 p5)
        flt = ability.remnant_for
        anyone = flt.model_copy(update={"controller": "any"}) if flt is not None else None
        if anyone is not None and matches(state, anyone, oid, you, source, chars_ok=False):
            out.append(("remnant", source))
        if ability.rules is not None and ability.rules.may_play_from_graveyard:
            out.append(("graveyard", source))
    return out


def _holds_for(state: GameState, ability: Ability, source: str, affected: str) -> bool:
    """ "... unless they control a Moon": the condition holds for the affected card's controller."""
    assert ability.condition is not None
    return condition_met(state, ability.condition, state.objects[affected].controller, source)


def _holds(state: GameState, ability: Ability, oid: str) -> bool:
    """ "As long as <condition>" (FoW-5.5 9.4 p1): the ability applies only while it holds (a
    condition on each affected card's controller is checked per card, :func:`overrides_for`)."""
    if ability.condition is None or ability.condition_of == "affected_controller":
        return True
    return condition_met(state, ability.condition, state.objects[oid].controller, oid)


def _total_atk(state: GameState, flt: Filter, oid: str, source_oid: str) -> int:
    """The total ATK of the objects in a field other than ``oid`` that match ``flt`` (its controller
    relative to the controller of ``source_oid``): each one's ATK as it is now (9.9 p4)."""
    you = state.objects[source_oid].controller
    return sum(
        characteristics(state, other).atk or 0
        for player in state.order
        for other in state.zones[player]["field"]
        if other != oid and matches(state, flt, other, you, source_oid, chars_ok=False)
    )


def _count(state: GameState, ability: Ability, oid: str) -> int:
    assert ability.per is not None
    return count_of(state, ability.per, state.objects[oid].controller, oid)


def _affects(state: GameState, source_oid: str, target: Target | None, oid: str) -> bool:
    source = state.objects[source_oid]
    if target is None or target.kind == "self":
        if state.card_of(source_oid).type == "addition" and source.attached_to is not None:
            return source.attached_to == oid  # an addition's "self" buffs what it is added to
        return source_oid == oid
    if target.kind == "all":
        return matches(state, target.filter, oid, source.controller, source_oid, chars_ok=False)
    if target.kind == "host":  # "added resonator ... if it's X": the card it is added to, while it is X
        host = source.attached_to == oid and state.card_of(source_oid).type == "addition"
        return host and matches(state, target.filter, oid, source.controller, source_oid, chars_ok=False)
    return False


def grants_abilities(state: GameState) -> bool:
    """Whether a continuous ability in a playground grants abilities to cards ('Added resonator gains
    "..."'): then a card may have abilities its own text does not print."""
    return any(a.grant_abilities for _, a in _active_continuous(state))


def covers(state: GameState, source_oid: str, target: Target, oid: str) -> bool:
    """Whether the continuous or replacement ability of ``source_oid`` whose ``affects`` is
    ``target`` covers the card ``oid`` ("resonators you control": matching now, FoW-5.5 9.9 p4)."""
    return _affects(state, source_oid, target, oid)


def filter_zones(flt: Filter) -> tuple[str, ...]:
    """The zones whose cards ``flt`` may match: every playground for a ``playground`` filter (a race
    or name without a card type or zone, FoW-5.5 2.5 p4, 3.14 p1), else its zone."""
    if flt.any_of:  # "target addition or card in a chant-standby area": the zones of each (in order)
        return tuple(dict.fromkeys(z for sub in flt.any_of for z in filter_zones(sub)))
    return ("field", "ruler_area", "stone_area") if flt.playground and flt.zone == "field" else (flt.zone,)


def awakening_x(state: GameState, source_oid: str | None) -> int | None:
    """The X an ability of ``source_oid`` reads when the card was played paying its "[Awakening] {X}"
    (FoW-5.5 12.1 p1, 9.3 p2.5); None when X is not its awakening's (an [Activate] {X} has its own)."""
    holder = state.objects.get(source_oid or "")
    if holder is None or not holder.awakened:
        return None
    awakening = state.cards[holder.card].awakening
    return holder.x if awakening is not None and awakening.x else None


def matches(
    state: GameState, flt: Filter, oid: str, you: str, source_oid: str | None = None, *, chars_ok: bool = True
) -> bool:
    if flt.any_of:  # "J-Ruler or Knight of the Round Table": one of them
        return any(matches(state, sub, oid, you, source_oid, chars_ok=chars_ok) for sub in flt.any_of)
    if flt.chosen_race:  # "of the chosen race" with no race chosen: nothing (2.5 p1)
        return False
    obj = state.objects[oid]
    if (
        obj.zone != flt.zone
        and not (flt.playground and flt.zone == "field" and obj.zone in PLAYGROUND)
        and not (flt.zone == "outside" and obj.zone in OUT_OF_GAME)  # outside the game (3.16 p1)
    ):
        return False
    if (flt.revealed or flt.not_sharing_name_with is not None) and not _outside_match(state, flt, oid, you, source_oid):
        return False
    card = state.card_of(oid)
    kind = effective_type(state, oid)
    if flt.types:
        wanted = set(flt.types)
        if kind not in wanted:
            return False
    if flt.controller == "you" and obj.controller != you:
        return False
    if flt.controller == "opponent" and obj.controller == you:
        return False
    if flt.attributes and not set(flt.attributes) & set(attributes_of(state, oid)):
        return False
    if flt.races and not set(flt.races) & set(races_of(state, oid)):
        return False
    # a name printed in another card's text is that card's name whatever its capitals
    # ("Ali Baba, the Earnest Worker" for MPR-056 "Ali Baba, The Earnest Worker")
    if flt.name is not None and flt.name.casefold() not in {n.casefold() for n in names_of(state, oid)}:
        return False
    if not matches_negations_and_skills(state, flt, oid):
        return False
    if flt.max_total_cost is not None and (card.cost is None or card.cost.total > flt.max_total_cost):
        return False
    if flt.stone_types and not set(flt.stone_types) & stone_types_of(state, oid):
        return False
    if flt.max_total_cost_counters is not None:  # "... less than or equal to the number of X counters on this card"
        holder = state.objects.get(source_oid or "")
        most = holder.counters.get(flt.max_total_cost_counters, 0) if holder is not None else 0
        if (card.cost.total if card.cost is not None else 0) > most:
            return False
    if flt.max_total_cost_count is not None:  # "... less than or equal to the number of Four Sacred Beasts"
        holder = state.objects.get(source_oid or "")
        counter = holder.controller if holder is not None else you
        if total_cost(card) > count_of(state, flt.max_total_cost_count, counter, source_oid):
            return False
    if flt.total_cost_counters is not None:  # "with total cost equal to the number of X counters on this card"
        holder = state.objects.get(source_oid or "")
        exactly = holder.counters.get(flt.total_cost_counters, 0) if holder is not None else 0
        if total_cost(card) != exactly:
            return False
    if flt.max_total_cost_x and (x := awakening_x(state, source_oid)) is not None and total_cost(card) > x:
        return False  # "[Awakening] {X}: ... destroy target resonator with total cost X or less" (9.3 p2.5)
    if flt.other_than_self and oid == source_oid:
        return False
    if (
        flt.total_cost_unlike_source
        and source_oid is not None
        and total_cost(card) == total_cost(state.card_of(source_oid))
    ):
        return False
    if flt.added_to is not None:  # "an addition added to a resonator you control" (7.2 p3)
        host = obj.attached_to
        if host is None or host not in state.objects or not matches(state, flt.added_to, host, you, source_oid):
            return False
    if flt.added_to_self and (source_oid is None or obj.attached_to != source_oid):
        return False  # "an addition added to this card" (7.2 p3)
    if flt.not_host and source_oid is not None and state.objects[source_oid].attached_to == oid:
        return False  # "another target resonator" on an addition: not the one it is added to
    if flt.rested is not None and obj.rested != flt.rested:
        return False
    if flt.token is not None and obj.pseudo != flt.token:  # "resonator token": a pseudo-card (10.16 p1.1)
        return False
    if flt.attacking_or_blocking:
        b = state.battle
        if b is None or oid not in (b.attacker, b.blocker):
            return False
    if (flt.removed_by_source or flt.put_by_source) and not moved_by(state, oid, source_oid):
        return False  # "removed from the game by this card", "the resonator put into your field by this card"
    # "that was dealt damage by this card this turn"
    return not flt.damaged_by_source or (obj.damaged_turn == state.turn and source_oid in obj.damaged_by)


def overrides_for(state: GameState, oid: str) -> RuleOverrides:
    """Rule overrides applying to one card: its own continuous abilities with ``rules`` and
    global ones whose ``affects`` covers it."""
    merged: dict[str, object] = {}
    for source_oid, ability in _active_continuous(state):
        if ability.rules is not None and _affects(state, source_oid, ability.affects, oid):
            if ability.condition_of == "affected_controller" and not _holds_for(state, ability, source_oid, oid):
                continue
            for key, value in ability.rules.model_dump(exclude_defaults=True).items():
                if isinstance(value, list):  # "cannot be blocked by ... and by ...": both
                    merged[key] = [*merged.get(key, []), *value]  # type: ignore[misc]
                else:
                    merged[key] = value
    for eff in restrictions_on(state, oid):  # "target resonator cannot block this turn" (1.4 p1)
        if eff.blocked_by is not None:  # "cannot be blocked by water resonators until end of turn"
            merged["cannot_be_blocked_by"] = [*merged.get("cannot_be_blocked_by", []), eff.blocked_by]  # type: ignore[misc]
            continue
        merged.update({rule: True for rule in eff.rules if rule not in _NOT_OVERRIDES})
    return RuleOverrides.model_validate(merged)


def untargetable_by_opponents_of(state: GameState, oid: str) -> set[str]:
    """The controllers of the continuous abilities saying that ``oid`` "cannot be targeted by spells
    or abilities your opponent controls": "your opponent" is the opponent of the ability's controller
    (an addition's controller, whoever controls the card it is added to, FoW-5.5 7.2 p3)."""
    return {
        state.objects[source_oid].controller
        for source_oid, ability in _active_continuous(state)
        if ability.rules is not None
        and ability.rules.cannot_be_targeted_by_opponent
        and _affects(state, source_oid, ability.affects, oid)
    }


def untargetable_by_filters(state: GameState, oid: str) -> list[Filter]:
    """What the sources of spells and abilities that cannot target ``oid`` are ("It cannot be targeted
    by Vampire spells or Vampire card's abilities"), from the continuous abilities covering it."""
    return [
        ability.untargetable_by
        for source_oid, ability in _active_continuous(state)
        if ability.untargetable_by is not None and _affects(state, source_oid, ability.affects, oid)
    ]


@functools.lru_cache(maxsize=256)
def _filter_of(data: str) -> Filter:
    """The Filter an effect stored as data (parsed once per distinct filter)."""
    return Filter.model_validate(json.loads(data))


_NOT_OVERRIDES = (
    "cannot_attack_you",
    "cannot_be_targeted_by_opponent",
    "cannot_be_targeted_by_opponents_normal_spells",
    "must_block_if_able",
    "cannot_be_recovered",
)
"""Restrictions read from the effects themselves, not merged into the rule overrides."""


def cannot_attack_player(state: GameState, oid: str, player: str) -> bool:
    """ "J/resonators of the chosen race cannot attack you" applies to ``oid``, ``player`` being the
    controller of that effect: it may not attack that player (8.2 p3.2; a prohibition, 1.4 p4)."""
    return any("cannot_attack_you" in e.rules and e.controller == player for e in restrictions_on(state, oid))


def must_block_if_able(state: GameState, oid: str) -> bool:
    """ "Target resonator must block this turn if able" applies to ``oid`` (1.4 p1)."""
    return any("must_block_if_able" in eff.rules for eff in restrictions_on(state, oid))


def cannot_be_recovered(state: GameState, oid: str) -> bool:
    """ "It cannot be recovered as long as this card is in a field" applies to ``oid``: nothing
    recovers it, in the recovery phase (5.2 p5) or by an effect (10.12 p1, 1.4 p4)."""
    return any("cannot_be_recovered" in eff.rules for eff in restrictions_on(state, oid))


def cannot_play(state: GameState, player: str, card: Card) -> bool:
    """An effect forbids ``player`` to play ``card`` ("Target player cannot play normal spells and
    summon spells until end of turn"): a resonator is played as a summon spell, any other card as a
    normal spell (FoW-5.5 3.13 p3); the prohibition takes precedence (1.4 p4)."""
    rule = "cannot_play_summon_spells" if card.type == "resonator" else "cannot_play_normal_spells"
    return any(eff.kind == "rules" and player in eff.targets and rule in eff.rules for eff in state.effects)


def _player_rules(state: GameState) -> list[tuple[str, RuleOverrides]]:
    """The continuous abilities with rules active now (their conditions, "during your turn", holding)
    and their controllers."""
    return [
        (state.objects[oid].controller, ability.rules)
        for oid, ability in _active_continuous(state)
        if ability.rules is not None
    ]


def cannot_call_magic_stones(state: GameState, player: str) -> bool:
    """ "You cannot call magic stones" applies to ``player`` (FoW-5.5 7.11 p1, 1.4 p4)."""
    return any(who == player and rules.cannot_call_magic_stones for who, rules in _player_rules(state))


def own_enter_triggers_suppressed(state: GameState, oid: str) -> bool:
    """ "Entities entering the field under your opponent's control don't cause their own abilities to
    trigger" applies to ``oid``, now in a field: a continuous ability of a card controlled by the
    opponent of ``oid``'s controller says so (FoW-5.5 9.6 p1, the card text beats the rules 1.4 p1)."""
    controller = state.objects[oid].controller
    return any(who != controller and rules.opponents_entering_dont_trigger for who, rules in _player_rules(state))


def forbidden_play(state: GameState, player: str, card: Card, zone: str) -> str | None:
    """Why a continuous ability of ``player``'s opponent forbids ``player`` to play ``card`` from
    ``zone`` ("Your opponent cannot play cards from their chant-standby area during your turn",
    "Opponents cannot add [Addition:Resonator]"); None if none does. A prohibition beats the rule or
    effect that allows the play (FoW-5.5 1.4 p4)."""
    if zone != "standby" and card.type != "addition":
        return None  # nothing else is prohibited this way (and most plays are asked about in legal_actions)
    for who, rules in _player_rules(state):
        if who == player:
            continue
        if zone == "standby" and rules.opponent_cannot_play_from_standby:
            return "cards from the chant-standby area"
        if card.type == "addition" and card.subtype in rules.opponent_cannot_add:
            return f"[Addition:{str(card.subtype).replace('_', '/').title()}] cards (they would be added, 7.2 p4)"
    return None


def activate_forbidden(state: GameState, oid: str) -> bool:
    """No player may play the [Activate] abilities (will abilities included, FoW-5.5 9.7 p1) of ``oid``:
    "Players cannot play activate abilities of resonators they control unless ...", or "Your opponent
    cannot play activate abilities of J/rulers or regalia" from a card its controller's opponent
    controls (1.4 p4). One pass over the continuous abilities (it is asked for every will source)."""
    controller = state.objects[oid].controller
    for source_oid, ability in _active_continuous(state):
        rules = ability.rules
        if rules is None:
            continue
        everyone = rules.cannot_play_activate_abilities and _affects(state, source_oid, ability.affects, oid)
        if everyone and (ability.condition_of != "affected_controller" or _holds_for(state, ability, source_oid, oid)):
            return True
        theirs = rules.opponent_cannot_activate
        by_opponent = state.objects[source_oid].controller != controller
        if theirs is not None and by_opponent and matches(state, theirs, oid, controller, oid):
            return True
    return False


def restrictions_on(state: GameState, oid: str) -> list[Effect]:
    """The effects of kind ``rules`` (made by a resolved "cannot ..." effect) that apply to ``oid``:
    its targets, or every object matching the filter of an "all X" effect while it lasts (9.9 p4)."""
    return [eff for eff in state.effects if eff.kind == "rules" and is_affected(state, eff, oid)]


def is_affected(state: GameState, eff: Effect, oid: str) -> bool:
    """Whether the continuous effect ``eff`` made by a resolved spell or ability applies to ``oid``:
    one of its targets, or, for an effect on "all X", any card in a playground that matches X now,
    whenever it started to (FoW-5.5 9.9 p4: "J/resonators put into your field after that still gain
    +200/+200"). The match reads printed characteristics, so no effect depends on itself."""
    if oid in eff.targets:
        return True
    obj = state.objects.get(oid)
    return (
        eff.filter is not None
        and obj is not None
        and obj.zone in PLAYGROUND
        and matches(
            state, _filter_of(json.dumps(eff.filter, sort_keys=True)), oid, eff.controller, eff.source, chars_ok=False
        )
    )


def player_overrides(state: GameState, player: str) -> RuleOverrides:
    """Player-level overrides (e.g. maximum hand size) from cards that player controls."""
    merged: dict[str, object] = {}
    for source_oid, ability in _active_continuous(state):
        rules = ability.rules
        if rules is not None and rules.max_hand_size is not None and state.objects[source_oid].controller == player:
            merged["max_hand_size"] = rules.max_hand_size
    return RuleOverrides.model_validate(merged)


def cost_changes(state: GameState, player: str, of: str) -> tuple[int, int, list[str]]:
    """How much more and less free will ``player`` pays for ``of`` (FoW-5.5 9.3 p2.5), and the
    cards whose continuous abilities change it ("Your opponent pays {1} more to play [Judgment]
    abilities")."""
    found = _cost_change_entries(state, player, of)
    more = sum(change.more for _, change in found)
    less = sum(change.less for _, change in found)
    return more, less, [source for source, _ in found]


def _cost_change_entries(state: GameState, player: str, of: str) -> list[tuple[str, CostChange]]:
    """The :class:`CostChange` s of continuous abilities and of resolved effects that change what
    ``player`` pays for ``of`` (9.3 p2.5), each with the card making it."""
    found: list[tuple[str, CostChange]] = []
    for source_oid, ability in _active_continuous(state):
        change = ability.cost_change
        if change is None or of not in _COST_CHANGE_COVERS[change.of] or change.instead is not None:
            continue
        mine = state.objects[source_oid].controller == player
        if mine != (change.who == "you"):
            continue
        found.append((source_oid, change))
    for eff in state.effects:  # made by a resolved effect, for the turn (9.9)
        made = CostChange.model_validate(eff.change) if eff.kind == "cost_change" and eff.change else None
        if made is None or of not in _COST_CHANGE_COVERS[made.of] or made.instead is not None:
            continue
        if (eff.controller == player) != (made.who == "you"):
            continue
        found.append((eff.source, made))
    return found


def standby_cost(state: GameState, player: str) -> tuple[int, list[str]]:
    """The free will ``player`` pays to put a card into the chant-standby area: {2} (FoW-5.5 7.6 p1)
    or what "You pay {1} ... rather than pay {2}" says (1.4 p1), then increases and decreases
    (9.3 p2.5); and the cards changing it."""
    base = 2
    sources: list[str] = []
    for source_oid, ability in _active_continuous(state):
        change = ability.cost_change
        mine = state.objects[source_oid].controller == player
        if (
            change is not None
            and change.of == "standby"
            and change.instead is not None
            and mine == (change.who == "you")
        ):
            base = min(base, change.instead)
            sources.append(source_oid)
    more, less, changers = cost_changes(state, player, "standby")
    return max(0, base + more - less), sources + changers


_COST_CHANGE_COVERS = {
    "spell": (),  # playing cards: play_cost_changes
    "normal_spell": (),
    "judgment": ("judgment",),
    "judgment_or_gods_art": ("judgment", "gods_art"),
    "regalia_activate": ("regalia_activate",),
    "standby": ("standby",),
    "gods_art": ("gods_art",),
    "this_ability": (),  # read from the ability itself (activate_cost_changes)
}
"""The actions whose cost a :class:`CostChange` of each kind changes."""


def play_cost_changes(state: GameState, player: str, oid: str) -> list[tuple[str, CostChange]]:
    """The continuous abilities changing what ``player`` pays to play the card ``oid`` ("You pay {2}
    more to play normal spells", "You may pay {1} less to play Card Soldier resonators", "... spells
    with no attribute", FoW-5.5 9.3 p2.5; a played card is a spell, summon spells included, 3.13 p3),
    with their sources; abilities granted to a card ("Added resonator gains "You pay {2} more ..."",
    10.19 p1) included.  Filters are checked on the card where it is now (a hand, the chase area)."""
    obj = state.objects[oid]
    if not _play_cost_changers_possible(state):
        return _play_cost_change_effects(state, player, oid)
    card = state.card_of(oid)
    out: list[tuple[str, CostChange]] = _play_cost_change_effects(state, player, oid)
    for owner in state.order:
        for zone in ("field", "ruler_area", "stone_area"):
            for source in state.zones[owner][zone]:
                src = state.objects[source]
                if (src.zone == "ruler_area" and src.side == "j_ruler") or not is_active_zone(
                    state.card_of(source), zone
                ):
                    continue
                for _, ability in characteristics(state, source).abilities:
                    change = ability.cost_change
                    if ability.kind != "continuous" or change is None or change.of not in PLAY_COST_CHANGES:
                        continue
                    if (src.controller == player) != (change.who == "you") or not _holds(state, ability, source):
                        continue
                    if change.of == "normal_spell" and card.type == "resonator":  # a summon spell (3.13 p3)
                        continue
                    flt = change.filter.model_copy(update={"zone": obj.zone}) if change.filter else None
                    if flt is not None and not matches(state, flt, oid, player, source):
                        continue
                    if change.same_name_in_graveyard and not _same_name_in_graveyard(state, player, oid):
                        continue
                    out.append((source, change))
    return out


def _play_cost_change_effects(state: GameState, player: str, oid: str) -> list[tuple[str, CostChange]]:
    """The continuous effects made by resolved effects that change what their controller pays to play the
    card ``oid`` ("you may pay {B}{B} less to play cards with the same name as the card you searched until
    end of turn", FoW-5.5 9.3 p2.5, 9.9), with their sources; filters checked where the card is now."""
    obj = state.objects[oid]
    out: list[tuple[str, CostChange]] = []
    for eff in state.effects:
        if eff.kind != "cost_change" or not eff.change or eff.controller != player:
            continue
        change = CostChange.model_validate(eff.change)
        if change.of not in PLAY_COST_CHANGES or change.who != "you":
            continue
        if change.of == "normal_spell" and state.card_of(oid).type == "resonator":  # a summon spell (3.13 p3)
            continue
        flt = change.filter.model_copy(update={"zone": obj.zone}) if change.filter else None
        if flt is None or matches(state, flt, oid, player, eff.source):
            out.append((eff.source, change))
    return out


def _same_name_in_graveyard(state: GameState, player: str, oid: str) -> bool:
    """ "if a card with the same name is in your graveyard" (names: FoW-5.5 2.2)."""
    buried = {n for g in state.zones[player]["graveyard"] if g != oid for n in names_of(state, g)}
    return bool(names_of(state, oid) & buried)


def play_price(
    state: GameState, player: str, oid: str, base: Cost, *, reduce: bool, own: CostChange | None = None
) -> tuple[Cost, list[tuple[str, CostChange]]]:
    """The will ``player`` pays to play ``oid`` whose cost before continuous abilities is ``base``:
    increases first, then decreases of the free part, never below zero nor below a decrease's
    minimum (:func:`apply_cost_changes`, FoW-5.5 9.3 p2.5); an optional decrease ("you may pay {1}
    less") only when the player asks for reductions (``reduce``).  ``own``: the card's own "you may
    pay ... less to play this card", a decrease like the others (after every increase).  Also the
    changes that applied (the card's own last, with ``oid`` as its source)."""
    changes = [(src, c) for src, c in play_cost_changes(state, player, oid) if reduce or not c.optional]
    if own is not None and reduce:
        changes.append((oid, own))
    return apply_cost_changes(base, [change for _, change in changes]), changes


def apply_cost_changes(base: Cost, changes: Sequence[CostChange]) -> Cost:
    """``base`` with ``changes`` applied as FoW-5.5 9.3 p2.5 says: the increases first, then the
    decreases; a decrease lowers only its own part of the cost (an attribute symbol that attribute,
    free will the free part), never below zero nor below its minimum ("to a minimum free cost of
    {1}")."""
    attribute = dict(base.attribute)
    free = base.free + sum(change.more for change in changes)  # increases first
    for change in changes:  # then decreases
        if change.less:
            floor = 0 if change.minimum is None else min(change.minimum, free)
            free = max(floor, free - change.less)
        if change.less_will is not None:
            for symbol, n in change.less_will.attribute.items():
                attribute[symbol] = max(0, attribute.get(symbol, 0) - n)
            free = max(0, free - change.less_will.free)
    return Cost(attribute={k: v for k, v in attribute.items() if v}, free=free)


def _changes_play_cost(ability: Ability) -> bool:
    change = ability.cost_change
    return (change is not None and change.of in PLAY_COST_CHANGES) or any(
        _changes_play_cost(a) for a in ability.grant_abilities
    )


def _play_cost_changers_possible(state: GameState) -> bool:
    """A quick check before :func:`play_cost_changes` works out characteristics: some card in a
    playground prints (or grants) such an ability, or an effect grants abilities."""
    if any(eff.kind == "grant_abilities" for eff in state.effects):
        return True
    for owner in state.order:
        for zone in ("field", "ruler_area", "stone_area"):
            for source in state.zones[owner][zone]:
                card = state.card_of(source)
                more = card.awakening.abilities if card.awakening is not None else []
                if any(_changes_play_cost(a) for a in [*card.abilities, *more]):
                    return True
    return False


def any_attribute_will(state: GameState, player: str, oid: str) -> bool:
    """Whether ``player`` may pay the attribute cost of the played card ``oid`` with will of any
    attribute ("You may pay the attribute cost of Four Sacred Beasts resonators with will of any
    attribute", a continuous ability of a card they control; the text beats 10.2, 1.4 p1).  The card is
    read in its zone now: the chase area as its cost is paid (9.3 p2.2), the hand when legal_actions
    plans the payment."""
    zone = state.objects[oid].zone
    return any(
        ability.any_attribute_for is not None
        and state.objects[source].controller == player
        and matches(state, ability.any_attribute_for.model_copy(update={"zone": zone}), oid, player, source)
        for source, ability in _active_continuous(state)
    )


def activate_cost_changes(state: GameState, player: str, oid: str, ability: Ability) -> list[tuple[str, CostChange]]:
    """The cost changes for ``player`` playing the [Activate] ability ``ability`` of ``oid`` (a God's
    Art, 12.4; an ability of a regalia, will abilities included, 9.7), each with the card making it
    (FoW-5.5 9.3 p2.5): those of continuous abilities and of resolved effects, and the effects
    "you may pay {B}{B} less to play its God's Art abilities this turn" of ``player`` when ``oid`` is
    their J-ruler (``of: gods_art``, optional; their condition is checked as the ability is played,
    9.9 p4)."""
    found: list[tuple[str, CostChange]] = []
    kinds = (["gods_art"] if ability.gods_art else []) + (
        ["regalia_activate"] if effective_type(state, oid) == "regalia" else []
    )
    for kind in kinds:
        found += [entry for entry in _cost_change_entries(state, player, kind) if entry not in found]
    own = ability.cost_reduction
    if own is not None:  # "If your J/ruler is X, you may pay {1} less to play this ability" (9.3 p2.5)
        mine = CostChange(of="this_ability", who="you", less_will=own.cost, optional=True, condition=own.condition)
        found.append((oid, mine))
    obj = state.objects[oid]
    if ability.gods_art and obj.side == "j_ruler" and obj.zone == "field" and obj.controller == player:
        for eff in state.effects:
            if eff.kind != "pay_less" or eff.controller != player or eff.less is None:
                continue
            cond = Condition.model_validate(eff.condition) if eff.condition is not None else None
            less = Cost.model_validate(eff.less)
            change = CostChange(of="gods_art", who="you", less_will=less, optional=True, condition=cond)
            found.append((eff.source, change))
    return found


def can_gain_life(state: GameState, player: str) -> bool:
    """False while a card in a playground says "Players cannot gain life", or an effect says ``player``
    "cannot gain life until end of turn" (FoW-5.5 1.4 p4)."""
    if any(eff.kind == "rules" and player in eff.targets and "cannot_gain_life" in eff.rules for eff in state.effects):
        return False
    return not any(a.rules is not None and a.rules.players_cannot_gain_life for _, a in _active_continuous(state))


def has_skill(state: GameState, oid: str, skill: str) -> bool:
    return skill in characteristics(state, oid).skills


GRANTED_BASE = 1_000_000


def granted_index(source_oid: str, granting: Ability, k: int) -> int:
    """The index of the ``k``-th ability that the ability ``granting`` of ``source_oid`` grants:
    the same for as long as it is granted, and never the index of a printed ability."""
    return GRANTED_BASE + zlib.crc32(f"{source_oid}:{granting.text}:{k}".encode()) % GRANTED_BASE


@functools.lru_cache(maxsize=256)
def _abilities_of(raw: str) -> tuple[Ability, ...]:
    return tuple(Ability.model_validate(a) for a in json.loads(raw))


def effect_granted(eff: Effect) -> list[tuple[int, Ability]]:
    """The abilities a resolved "gains "..." until end of turn" effect grants, by their granted
    index (the same while the effect lasts, never a printed ability's)."""
    abilities = _abilities_of(json.dumps(eff.abilities, sort_keys=True))
    return [(GRANTED_BASE + zlib.crc32(f"{eff.id}:{k}".encode()) % GRANTED_BASE, a) for k, a in enumerate(abilities)]


def granted_anywhere(state: GameState) -> list[tuple[int, Ability]]:
    """Every ability any card of the game grants, by its granted index (for resolving a granted
    ability whose card lost it or left play)."""
    return [
        (granted_index(oid, ability, k), a)
        for oid in state.objects
        for ability in _granting_of(state.card_of(oid))
        for k, a in enumerate(ability.grant_abilities)
    ] + [found for eff in state.effects if eff.kind == "grant_abilities" for found in effect_granted(eff)]


_GRANTING: dict[int, tuple[Card, tuple[Ability, ...]]] = {}
"""``id(card)`` -> (the card, its printed continuous abilities that grant abilities), as :data:`_AUTOMATIC`."""


def _granting_of(card: Card) -> tuple[Ability, ...]:
    """The printed continuous abilities of ``card`` that grant abilities, in printed order: read of
    every object of the game by :func:`granted_anywhere`, so computed once per card model."""
    entry = _GRANTING.get(id(card))
    if entry is None or entry[0] is not card:
        entry = (card, tuple(a for a in card.abilities if a.kind == "continuous" and a.grant_abilities))
        if len(_GRANTING) >= 100_000:  # card models made by the thousand (tests): start again
            _GRANTING.clear()
        _GRANTING[id(card)] = entry
    return entry[1]


def names_of(state: GameState, oid: str) -> set[str]:
    """The card's name and the names its text adds "in addition to its other names" (FoW-5.5 2.2)."""
    card = state.card_of(oid)
    return {card.name, *(n for a in card.abilities if a.kind == "continuous" for n in a.names)}


def has_keyword(card: Card, keyword: str) -> bool:
    """Whether ``card`` has the printed keyword ability [Stealth] / [Awakening] (FoW-5.5 12.5, 12.1):
    expressed, or printed in a paragraph the vocabulary cannot express (``unsupported``)."""
    expressed = card.stealth is not None if keyword == "stealth" else card.awakening is not None
    tag = f"[{keyword.capitalize()}]"
    return expressed or any(text.lstrip().startswith(tag) for text in card.unsupported)


def moved_by(state: GameState, oid: str, source_oid: str | None) -> bool:
    """Whether an ability of ``source_oid`` moved ``oid`` where it is (removed it from the game, 10.3;
    put it into a field), ``source_oid`` being the object that card is now in a playground, or last was
    there once it left it (FoW-5.5 3.1 p3, 9.11); the link ends when either becomes a new object."""
    obj = state.objects[oid]
    src = state.objects.get(source_oid or "")
    if src is None or obj.moved_by != source_oid:
        return False
    since = src.zone_since if src.zone in PLAYGROUND else src.playground_since
    return since is not None and since == obj.moved_by_since


def matches_negations_and_skills(state: GameState, flt: Filter, oid: str) -> bool:
    """The parts of a filter beyond type, controller, race and name: "non-<race or attribute>",
    "with/without [<skill>]", "with no attribute", "with total cost N or more", "with N or less
    ATK" and "attacking"/"blocking"."""
    card = state.card_of(oid)
    if (flt.not_races and set(flt.not_races) & set(races_of(state, oid))) or set(flt.not_attributes) & set(
        attributes_of(state, oid)
    ):
        return False
    if flt.no_attribute and attributes_of(state, oid):
        return False
    if flt.min_total_cost is not None and (card.cost is None or card.cost.total < flt.min_total_cost):
        return False
    in_play = state.objects[oid].zone in PLAYGROUND
    if flt.skills or flt.without_skills:
        skills = characteristics(state, oid).skills if in_play else set(card.skills)
        if not set(flt.skills) <= skills or set(flt.without_skills) & skills:
            return False
    if flt.keywords:  # "with [Stealth]": a keyword ability it has, unless it lost all abilities (9.9 p1.2)
        lost = in_play and ability_loss(state, oid)[0] is not None
        if lost or not all(has_keyword(card, k) for k in flt.keywords):
            return False
    if flt.max_atk is not None:
        atk = characteristics(state, oid).atk if in_play else card.atk
        if atk is None or atk > flt.max_atk:
            return False
    if flt.no_atk_def:  # "has no ATK and DEF" (2.6, 2.7)
        chars = characteristics(state, oid) if in_play else None
        atk, def_ = (chars.atk, chars.def_) if chars is not None else (card.atk, card.def_)
        if atk is not None or def_ is not None:
            return False
    if flt.highest_atk and in_play:  # "that has or shares the highest ATK" (among resonators in a field)
        atk = characteristics(state, oid).atk
        if atk is not None and atk < _highest_resonator_atk(state):
            return False
    if flt.min_atk is not None:  # "with 1000 or more ATK"
        atk = characteristics(state, oid).atk if in_play else card.atk
        if atk is None or atk < flt.min_atk:
            return False
    if flt.special and not card.special:
        return False
    if flt.non_will_activate and not any(
        a.kind == "activate" and not _produces_will_only(a) for _, a in characteristics(state, oid).abilities
    ):
        return False  # "with non-will activate abilities" (9.5, 9.7 p1)
    if flt.no_printed_abilities and has_printed_abilities(card):
        return False
    if (flt.printed_atk is not None and printed_atk_of(state, oid) != flt.printed_atk) or (
        flt.printed_def is not None and card.def_ != flt.printed_def
    ):
        return False
    if flt.modified:  # only an object in a playground has characteristics other than printed ones
        if state.objects[oid].zone not in PLAYGROUND:
            return False
        now = characteristics(state, oid)
        if (now.atk, now.def_) == (printed_atk_of(state, oid), card.def_):
            return False
    if flt.no_addition and any(o.attached_to == oid and o.zone == "field" for o in state.objects.values()):
        return False
    if any(state.objects[oid].counters.get(c, 0) for c in flt.without_counters):  # "with no X counters on it"
        return False
    if flt.names and not set(flt.names) & names_of(state, oid):
        return False
    if flt.not_names and {n.casefold() for n in flt.not_names} & {n.casefold() for n in names_of(state, oid)}:
        return False  # "other than "Rapunzel, the Long-Haired Princess"" (2.2 p3)
    if flt.name_contains is not None and not any(
        flt.name_contains.casefold() in n.casefold() for n in names_of(state, oid)
    ):
        return False  # "with "Granny" in its name": a part of a name (2.2 p3)
    if flt.subtypes and card.subtype not in flt.subtypes:
        return False
    total = card.cost.total if card.cost is not None else 0
    if flt.total_cost_parity is not None and ("odd" if total % 2 else "even") != flt.total_cost_parity:
        return False
    if flt.dealt_damage and state.objects[oid].damage <= 0:
        return False
    obj = state.objects[oid]
    if flt.has_dealt_damage and not (state.turn and obj.dealt_turn == state.turn and obj.dealt > 0):
        return False
    if flt.from_field_this_turn and (obj.moved_from != "field" or obj.entered_turn != state.turn or not state.turn):
        return False
    if flt.attacked_this_turn is not None and flt.attacked_this_turn != bool(
        state.turn and obj.attacked_turn == state.turn
    ):
        return False
    b = state.battle
    if flt.attacking and (b is None or b.attacker != oid):
        return False
    if flt.not_attacking and b is not None and b.attacker == oid:
        return False
    return not (flt.blocking and (b is None or b.blocker != oid))


def _produces_will_only(ability: Ability) -> bool:
    """A will ability: an [Activate] ability whose effects produce will (FoW-5.5 9.7 p1)."""
    return bool(ability.effects) and all(getattr(e, "op", None) == "produce_will" for e in ability.effects)


def total_cost(card: Card) -> int:
    """The total cost of a card (FoW-5.5 2.3); 0 without a cost."""
    return card.cost.total if card.cost is not None else 0


def has_printed_abilities(card: Card) -> bool:
    """Whether the card's text gives it an ability (FoW-5.5 2.4): an ability paragraph (also one the
    vocabulary cannot express), a symbol skill or a keyword ability; a card without text has none."""
    keywords = (card.awakening, card.incarnation, card.judgment, card.evolution, card.shift, card.stealth)
    return bool(card.text.strip() or card.abilities or card.skills or card.unsupported or card.remnant) or any(
        k is not None for k in keywords
    )


STONE_TYPES = ("Light Magic Stone", "Fire Magic Stone", "Water Magic Stone", "Wind Magic Stone", "Darkness Magic Stone")


def stone_types_of(state: GameState, oid: str) -> set[str]:
    """The magic stone types of a card (FoW-5.5 2.1 p5.2): printed ones, the type its name is
    (a card named "Fire Magic Stone" has that type) and, while its abilities are active
    (9.2 p1), those its "Treat this card as ... magic stone" abilities give it."""
    card = state.card_of(oid)
    found = set(card.stone_types)
    if card.type == "magic_stone" and card.name in STONE_TYPES:
        found.add(card.name)
    if is_active_zone(card, state.objects[oid].zone):
        found.update(t for a in card.abilities if a.kind == "continuous" for t in a.stone_types)
    return found


# --- conditions and counts ----------------------------------------------------------------
# (from domain.fow.conditions, which re-exports them: they and the characteristics above call
# each other, "as long as you control X" reading matches() and matches() counting "for each X")


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


def _outside_match(state: GameState, flt: Filter, oid: str, you: str, source: str | None) -> bool:
    """ "revealed outside the game" (FoW-5.5 3.16 p1, 10.4 p1) and "that does not share a name with other ..."
    (2.2) of a filter."""
    if flt.revealed and not (state.objects[oid].zone in OUT_OF_GAME and state.objects[oid].revealed):
        return False
    other = flt.not_sharing_name_with
    if other is None:
        return True
    names = names_of(state, oid)
    return not any(
        names & names_of(state, o)
        for o in _zone_objects(state, other)
        if o != oid and _counts(state, other, o, you, source)
    )


def _zone_objects(s: GameState, flt: Filter) -> list[str]:
    if flt.zone == "outside":  # out of the game: the removed areas and the sideboards (3.16 p1)
        return [oid for pid in s.order for zone in OUT_OF_GAME for oid in s.zones[pid][zone]]
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
