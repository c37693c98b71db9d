"""The field geometry of GCG-1.00 4.4: eight zones per player and their positional
relationships.  A place on the field is ``(player, zone number)``.

Layout (4.4.4), seen from one player (front row towards the opponent)::

    opponent:   5  4  3  2  1   (behind)
                6  7  8         (front)
    you:              8  7  6   (front)
                1  2  3  4  5   (behind)

Zone 8 is in front of 3, 7 of 4 and 6 of 5 (4.4.5.1).  Columns (4.4.5.4) from your left:
your 1 (+ opponent's 5, 6), your 2 (+ opponent's 4, 7), your 3 and 8 (+ opponent's 3, 8),
your 4 and 7 (+ opponent's 2), your 5 and 6 (+ opponent's 1).
"""

from __future__ import annotations

ZONES: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8)
BEHIND: dict[int, int] = {8: 3, 7: 4, 6: 5}
"""zone -> the zone behind it (4.4.5.1)."""
IN_FRONT: dict[int, int] = {v: k for k, v in BEHIND.items()}
_COLUMN: dict[int, int] = {1: 0, 2: 1, 3: 2, 8: 2, 4: 3, 7: 3, 5: 4, 6: 4}
"""A zone's column counted from its own player's left."""


def in_front_of(a: int, b: int) -> bool:
    """Zone ``a`` is in front of zone ``b`` of the same player (4.4.5.1)."""
    return BEHIND.get(a) == b


def adjacent(p1: str, z1: int, p2: str, z2: int) -> bool:
    """4.4.5.2: zone numbers differing by 1, front/behind pairs, or both players' zone 8."""
    if p1 != p2:
        return z1 == 8 and z2 == 8
    return abs(z1 - z2) == 1 or in_front_of(z1, z2) or in_front_of(z2, z1)


def before(zone: int, of: int) -> bool:
    """``zone`` is before ``of`` (4.4.5.3; a zone is before itself, 4.4.5.3.1)."""
    return zone <= of


def beyond(zone: int, of: int) -> bool:
    """``zone`` is beyond ``of`` (4.4.5.3; a zone is beyond itself, 4.4.5.3.1)."""
    return zone >= of


def column(player: str, zone: int, viewer: str) -> int:
    """The column of ``(player, zone)`` counted from ``viewer``'s left (4.4.5.4)."""
    own = _COLUMN[zone]
    return own if player == viewer else 4 - own


def same_column(p1: str, z1: int, p2: str, z2: int) -> bool:
    """4.4.5.4."""
    return column(p1, z1, p1) == column(p2, z2, p1)
