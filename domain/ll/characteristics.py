"""A card's information under the rules and continuous effects (LL-2.04 9.9), which
abilities are valid (9.3), and the player values card text changes (attack limit, hand
limit, trance limit, costs)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from domain.ll.cards import Ability, Card, Filter, Target, parse_ability
from domain.ll.state import GameState

HAND_LIMIT = 8
"""4.6.3.1."""
LEVEL_LIMIT = 4
"""4.7.2."""
TRANCE_LIMIT = 1
"""7.5.3.2.1."""
TRANCE_CHANGE_LIMIT = 1
"""7.5.3.3.1."""
SOUL_POWER = 1000
"""8.2.9.2: +1000 power per card in the attacking member's Soul."""


@dataclass(slots=True)
class Chars:
    card: Card
    power: int = 0
    aura: int = 0
    limit: int = 0
    heart: int = 0
    abilities: list[tuple[int, Ability]] = field(default_factory=list)
    trance_change: list[str] | None = None


# --- battle -------------------------------------------------------------------------


def attacker_exists(s: GameState) -> bool:
    """8.2.9.4: the attacking member ceases to exist when it leaves the Field."""
    b = s.battle
    if b is None or b.attacker is None:
        return False
    obj = s.objects[b.attacker]
    return obj.zone == "circle" and obj.placed == b.attacker_placed


def defender_exists(s: GameState) -> bool:
    """8.2.11.2: the defending member must still be in the circle being attacked."""
    b = s.battle
    if b is None or b.defender is None:
        return False
    obj = s.objects[b.defender]
    return obj.zone == "circle" and b.circle in obj.circles and obj.set_to is None and obj.placed == b.defender_placed


def in_battle(s: GameState, oid: str) -> bool:
    """A "member in battle" (8.2.9.1, 8.2.11.1.1)."""
    b = s.battle
    if b is None:
        return False
    return (oid == b.attacker and attacker_exists(s)) or (oid == b.defender and defender_exists(s))


def member_in_battle(s: GameState, player: str) -> str | None:
    b = s.battle
    if b is None:
        return None
    for oid in (b.attacker, b.defender):
        if oid is not None and in_battle(s, oid) and s.objects[oid].owner == player:
            return oid
    return None


# --- validity (9.3) -------------------------------------------------------------------


def lost_abilities(s: GameState, oid: str) -> bool:
    return any(e.lose_abilities and oid in e.targets for e in s.effects)


GAINED = 1000
"""A gained ability's number: ``GAINED`` times the seq of the effect that gave it + its position
there, a number that stays the same as long as the card has it (printed ones are numbered
by their position on the card)."""


def abilities_of(s: GameState, oid: str) -> list[tuple[int, Ability]]:
    """The abilities the card has, numbered (9.9.1.3, in timestamp order 9.9.1.7): its printed
    ones unless an effect made it lose all its abilities (5.31.1), then those effects gave it
    (5.30.1) unless a later effect made it lose them."""
    card = s.card_of(oid)
    mine = [e for e in s.effects if oid in e.targets]
    lost = max(((e.timestamp, e.created) for e in mine if e.lose_abilities), default=None)
    out = list(enumerate(card.abilities)) if lost is None else []
    for e in mine:
        if e.gain_abilities and (lost is None or (e.timestamp, e.created) > lost):
            out += [(GAINED * e.created + j, parse_ability(a)) for j, a in enumerate(e.gain_abilities)]
    return out


def ability_at(s: GameState, oid: str, index: int) -> Ability | None:
    """The card's ability numbered ``index`` (see :func:`abilities_of`), if it has it now."""
    return next((a for i, a in abilities_of(s, oid) if i == index), None)


def is_gained(index: int) -> bool:
    return index >= GAINED


def is_set(s: GameState, oid: str) -> bool:
    obj = s.objects[oid]
    return obj.zone == "circle" and obj.set_to is not None


def card_valid(s: GameState, oid: str) -> bool:
    """Where a card's abilities are valid by default (9.3.2.1-9.3.2.5)."""
    obj = s.objects[oid]
    card = s.cards[obj.card]
    if obj.face_down and obj.zone != "my_logicalist":
        return False
    if card.is_member:
        return obj.zone == "circle" and obj.set_to is None  # a Set member is no member (5.24.6)
    if card.type == "gate":
        return obj.zone == "gate"
    if card.type == "tactics":
        return obj.zone == "battle"
    if card.type == "paradox":
        return obj.zone in ("battle", "paradox")
    if card.type == "my_logicalist":
        return obj.zone == "my_logicalist"
    return False


def ability_valid(s: GameState, oid: str, ability: Ability) -> bool:
    """Whether one ability the card has (:func:`abilities_of`: one it lost is not among them,
    5.31.1) is valid now (9.3)."""
    obj = s.objects[oid]
    if ability.keyword in ("detonate", "detonate_skill"):
        # Detonate works on a card Set (face-down) in a circle (11.8): the keyword turns it
        # face-up, so it must be valid while face-down; Detonate Skill checks the Set State (11.9).
        return is_set(s, oid)
    if ability.active_in:
        return obj.zone in ability.active_in and not obj.face_down  # 9.3.2.6
    if not card_valid(s, oid):
        return False
    return not (ability.ex_soul is not None and len(s.soul(oid)) < ability.ex_soul)  # 11.6.1.1


def condition_met(s: GameState, oid: str, ability: Ability) -> bool:
    owner = s.objects[oid].owner
    if ability.condition == "your_turn":
        return s.turn_player == owner
    if ability.condition == "opponent_turn":
        return s.turn_player != owner
    if ability.condition == "in_battle":
        return in_battle(s, oid)
    return True


def cannot_be_used(s: GameState, oid: str, index: int, ability: Ability) -> bool:
    """12.3: an effect made the card's abilities unusable, or [1/turn] was used (12.4.1.1)."""
    if any(e.disable and oid in e.targets for e in s.effects):
        return True
    owner = s.objects[oid].owner
    return ability.once_per_turn and f"{oid}:{index}" in s.players[owner].once_per_turn_used


def vanguard_met(s: GameState, controller: str) -> bool:
    """11.3: the opponent has 6 or more gates not yet destroyed."""
    opp = s.opponent(controller)
    return sum(1 for g in s.zones[opp]["gate"] if s.objects[g].face_down) >= 6


# --- matching --------------------------------------------------------------------------


def matches(s: GameState, flt: Filter, oid: str, you: str, source: str | None) -> bool:
    obj = s.objects[oid]
    if obj.zone != flt.zone:
        return False
    if flt.controller == "you" and obj.owner != you:
        return False
    if flt.controller == "opponent" and obj.owner == you:
        return False
    if flt.other_than_self and oid == source:
        return False
    card = s.cards[obj.card]
    if flt.zone == "circle" and (obj.set_to is not None or obj.face_down or not card.is_member):
        return False  # 2.2.3.1: members on circles
    if flt.zone == "gate":
        if flt.face_down is not None and obj.face_down != flt.face_down:
            return False
        if obj.face_down:
            # a face-down card in the Gate Zone is a gate and has no other information (4.3.1.1.1)
            return not (flt.traits or flt.worlds or flt.colors or flt.names or flt.max_level is not None)
    elif flt.face_down is not None and obj.face_down != flt.face_down:
        return False
    if flt.types and card.type not in flt.types and not (card.type == "super_logicalist" and "logicalist" in flt.types):
        return False
    if flt.traits and not set(flt.traits) & set(card.traits):
        return False
    if flt.worlds and not set(flt.worlds) & set(card.worlds):
        return False
    if flt.colors and not set(flt.colors) & set(card.colors):
        return False
    if flt.names and not any(card.has_info(n) for n in flt.names):
        return False
    if flt.max_level is not None and card.level > flt.max_level:
        return False
    if flt.standing is not None and obj.rested == flt.standing:
        return False
    if flt.in_battle is not None and in_battle(s, oid) != flt.in_battle:
        return False
    if flt.has_soul is not None and bool(s.soul(oid)) != flt.has_soul:
        return False
    return not (flt.keyword is not None and not card.has_keyword(flt.keyword))


def targets_of_static(s: GameState, source: str, target: Target | None) -> list[str]:
    """The cards a continuous ability applies to (``affects``)."""
    you = s.objects[source].owner
    if target is None or target.kind == "self":
        return [source]
    if target.kind == "your_member_in_battle":
        m = member_in_battle(s, you)
        return [m] if m else []
    if target.kind == "all":
        z = target.filter.zone
        return [oid for pid in s.order for oid in s.zones[pid][z] if matches(s, target.filter, oid, you, source)]
    return []


# --- continuous abilities -----------------------------------------------------------------


def ability_sources(s: GameState) -> Iterator[str]:
    """Every card whose abilities may be valid: the Field, Battle/Paradox Zones, My Logicalist."""
    for pid in s.order:
        zs = s.zones[pid]
        yield from zs["circle"]
        yield from zs["gate"]
        yield from zs["battle"]
        yield from zs["paradox"]
        yield from zs["my_logicalist"]


def active_continuous(s: GameState) -> tuple[tuple[str, int, Ability], ...]:
    """Valid continuous abilities whose condition holds (9.1.2.1, 9.3); found once per state
    version (``s.derived``: every event applied changes ``s.seq``)."""
    memo = s.derived.get("continuous")
    if memo is not None and memo[0] == s.seq:
        found: tuple[tuple[str, int, Ability], ...] = memo[1]
        return found
    found = tuple(_active_continuous(s))
    s.derived["continuous"] = (s.seq, found)
    return found


def _active_continuous(s: GameState) -> Iterator[tuple[str, int, Ability]]:
    for oid in ability_sources(s):
        for i, ability in abilities_of(s, oid):
            if ability.kind != "continuous":
                continue
            if ability_valid(s, oid, ability) and condition_met(s, oid, ability):
                yield oid, i, ability


def characteristics(s: GameState, oid: str) -> Chars:
    """The card's information in the 9.9.1 order."""
    obj = s.objects[oid]
    card = s.cards[obj.card]
    if obj.face_down and obj.zone != "my_logicalist":
        return Chars(card=card)  # a face-down card has no information (4.1.3.2.2)
    # 9.9.1.1 base values
    chars = Chars(
        card=card,
        power=card.power,
        aura=card.aura,
        limit=card.limit,
        heart=card.heart,
        abilities=abilities_of(s, oid),
        trance_change=card.trance_change,
    )
    if obj.zone != "circle" or obj.set_to is not None:
        return chars
    # 9.9.1.2 Soul (8.2.9.2) and Logic modifiers (2.11, 5.16.2, 8.3.4): not effects
    b = s.battle
    fighting = in_battle(s, oid)
    if fighting and b is not None:
        if oid == b.attacker:
            chars.power += SOUL_POWER * len(s.soul(oid))
        for c in s.zones[obj.owner]["battle"]:
            logic = s.card_of(c).logic
            if logic is not None and not s.objects[c].face_down:  # 4.12.1.1.1
                chars.power += logic.power
                chars.aura += logic.aura
                chars.limit += logic.limit
        if oid == b.defender:
            for c in s.zones[obj.owner]["intercept"]:
                logic = s.card_of(c).logic
                if logic is not None:
                    chars.power += logic.power
                    chars.aura += logic.aura
                    chars.limit += logic.limit
    # 9.9.1.3 gaining / losing abilities (the abilities are :func:`abilities_of`)
    if lost_abilities(s, oid):
        chars.trance_change = None
    # 9.9.1.4 effects that do not change relative to the current value (set values), in
    # timestamp order (9.9.1.7): a continuous ability from when its card was placed in its
    # zone (9.9.1.7.1), other abilities from when they were played (9.9.1.7.2)
    setters: list[tuple[int, int, int]] = [
        (eff.timestamp, 0, eff.set_power) for eff in s.effects if oid in eff.targets and eff.set_power is not None
    ]
    for src, i, ability in active_continuous(s):
        if ability.set_power is not None and oid in targets_of_static(s, src, ability.affects):
            setters.append((s.objects[src].placed, i, ability.set_power))
    for _, _, value in sorted(setters):
        chars.power = value
    # 9.9.1.5 effects changing the value
    hearts_from_auras = False
    for eff in s.effects:
        if oid in eff.targets:
            chars.power += eff.power
            chars.aura += eff.aura
            chars.limit += eff.limit
            chars.heart += eff.heart
            hearts_from_auras |= eff.auras_are_hearts
    for src, _, ability in active_continuous(s):
        changes = ability.power or ability.aura or ability.limit or ability.heart or ability.auras_are_hearts
        if changes and oid in targets_of_static(s, src, ability.affects):
            chars.power += ability.power
            chars.aura += ability.aura
            chars.limit += ability.limit
            chars.heart += ability.heart
            hearts_from_auras |= ability.auras_are_hearts
    # 9.9.1.6 "Auras are also considered Hearts"
    if hearts_from_auras:
        chars.heart += max(chars.aura, 0)
    return chars


def _player_modifier(s: GameState, player: str, attr: str) -> int:
    return sum(
        int(getattr(a, attr))
        for src, _, a in active_continuous(s)
        if s.objects[src].owner == player and getattr(a, attr)
    )


def attacks_prevented(s: GameState, player: str) -> bool:
    """8.2.4: an effect causes the player's attacks to not happen."""
    if any(e.no_attacks and player in e.players for e in s.effects):
        return True
    for src, _, ability in active_continuous(s):
        if ability.prevents_attacks is not None:
            owner = s.objects[src].owner
            if (owner if ability.prevents_attacks == "you" else s.opponent(owner)) == player:
                return True
    return False


def attack_limit(s: GameState, player: str) -> int:
    """8.2.3: face-up cards in the Level Zone, modified by effects."""
    face_up = sum(1 for c in s.zones[player]["level"] if not s.objects[c].face_down)
    return face_up + _player_modifier(s, player, "attack_limit")


def hand_limit(s: GameState, player: str) -> int:
    return HAND_LIMIT + _player_modifier(s, player, "hand_limit")


def trance_limit(s: GameState, player: str) -> int:
    return TRANCE_LIMIT + _player_modifier(s, player, "trance_limit")


def play_cost(s: GameState, player: str, oid: str) -> int:
    """The cost to play a card (2.9): increases are applied before decreases (9.6.2.3.1)."""
    value = s.card_of(oid).cost
    changes = [
        a.cost_modifier for src, _, a in active_continuous(s) if a.cost_modifier and oid in _cost_targets(s, src, a)
    ]
    for delta in sorted(changes, reverse=True):
        value = max(0, value + delta)
    return value


def _cost_targets(s: GameState, source: str, ability: Ability) -> list[str]:
    target = ability.affects
    if target is None:
        return []
    you = s.objects[source].owner
    z = target.filter.zone
    return [oid for pid in s.order for oid in s.zones[pid][z] if matches(s, target.filter, oid, you, source)]


def level_count(s: GameState, player: str) -> int:
    return len(s.zones[player]["level"])


def requirements_met(s: GameState, player: str, oid: str) -> str | None:
    """9.6.2.1: the rule that is not met, or None.  Tranceunions need the world or the
    colour of a face-up Level Zone card (9.6.2.1.4); every member the level (9.6.2.1.3)."""
    card = s.card_of(oid)
    if card.level > level_count(s, player):
        return "9.6.2.1.3"
    if card.type == "tranceunion":
        worlds: set[str] = set()
        colors: set[str] = set()
        for c in s.zones[player]["level"]:
            if not s.objects[c].face_down:
                worlds.update(s.card_of(c).worlds)
                colors.update(s.card_of(c).colors)
        if not (set(card.worlds) & worlds or set(card.colors) & colors):
            return "9.6.2.1.4"
    return None


# --- what a player sees (4.1.2) ----------------------------------------------------------------


def seen_by(s: GameState, oid: str, viewer: str) -> bool:
    """Whether ``viewer`` sees the card where it is, without looking at it (4.1.2)."""
    obj = s.objects[oid]
    return zone_visible(obj.zone, obj.face_down, obj.owner, viewer, set_card=obj.set_to is not None)


def zone_visible(zone: str, face_down: bool, owner: str, viewer: str, *, set_card: bool = False) -> bool:
    mine = owner == viewer
    if zone == "hand":
        return mine  # 4.6.1.1
    if zone in ("deck", "gate_deck", "refresh"):
        return False  # 4.5.1.1, 4.11.1.1
    if zone in ("battle", "paradox"):
        return True  # 4.12.1.1, 4.13.1.2: face-down cards there can be looked at
    if not face_down:
        return True
    if zone == "circle" and set_card:
        return mine  # 4.2.1.2, 5.24.4
    if zone in ("level", "tool", "my_logicalist"):
        return mine  # 4.7.1.2, 4.19.1.1.1; the owner chose the My Logicalist (6.2.1.2)
    return False  # face-down gates (4.3.1.1), stock (4.8.1.1), remove zone
