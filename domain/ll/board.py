"""Locations on the Field (LL-2.04 4.4) and territory placement (2.10).

Each player has six circles and six Gate Zones, addressed by the same location codes:
``FL FC FR`` (front row left/center/right) and ``BL BC BR`` (back row).  A circle and
the Gate Zone with the same code correspond (4.4.2.2).
"""

from __future__ import annotations

from itertools import combinations

FRONT = ("FL", "FC", "FR")
BACK = ("BL", "BC", "BR")
LOCATIONS: tuple[str, ...] = FRONT + BACK
"""4.4.2.1: three front-row and three back-row locations, left/center/right."""

_BEHIND = {"FL": "BL", "FC": "BC", "FR": "BR"}
_IN_FRONT = {v: k for k, v in _BEHIND.items()}
_ACROSS = {"FL": "FR", "FC": "FC", "FR": "FL"}
"""4.4.4.3: my front left neighbours the opponent's front right, and so on."""


def row(loc: str) -> str:
    return "front" if loc in FRONT else "back"


def column(loc: str) -> str:
    return {"L": "left", "C": "center", "R": "right"}[loc[1]]


def location_name(loc: str) -> str:
    """``FL`` -> ``front row left`` (4.4.2.1): how a label names a circle or Gate Zone."""
    return f"{row(loc)} row {column(loc)}"


def behind(loc: str) -> str | None:
    """The location behind a front-row location (4.4.3.1)."""
    return _BEHIND.get(loc)


def in_front_of(loc: str) -> str | None:
    """The location in front of a back-row location (4.4.3.1)."""
    return _IN_FRONT.get(loc)


def neighbours(loc: str) -> set[str]:
    """Same player's neighbours (4.4.4.1, 4.4.4.2)."""
    out: set[str] = set()
    other = behind(loc) or in_front_of(loc)
    if other:
        out.add(other)
    r = FRONT if loc in FRONT else BACK
    i = r.index(loc)
    if i == 1:
        out.update({r[0], r[2]})
    else:
        out.add(r[1])
    return out


def opposing_neighbour(loc: str) -> str | None:
    """The opponent's location neighbouring this one across the field (4.4.4.3)."""
    return _ACROSS.get(loc)


def placements(territory: int) -> list[tuple[str, ...]]:
    """Every set of circles a card with this territory may occupy (2.10.2)."""
    if territory == 1:
        return [(loc,) for loc in LOCATIONS]  # 2.10.2.1
    if territory == 2:
        # 2.10.2.2: two adjacent (neighbouring, 4.4.4) circles of the same player
        return [
            tuple(sorted(pair, key=LOCATIONS.index))
            for pair in combinations(LOCATIONS, 2)
            if pair[1] in neighbours(pair[0])
        ]
    if territory == 4:
        # 2.10.2.3: the two center circles and the two left or the two right circles
        return [("FL", "FC", "BL", "BC"), ("FC", "FR", "BC", "BR")]
    return []


def is_valid_placement(territory: int, circles: list[str] | tuple[str, ...]) -> bool:
    wanted = tuple(sorted(circles, key=lambda c: LOCATIONS.index(c) if c in LOCATIONS else 99))
    return wanted in placements(territory)


def normalise(circles: list[str] | tuple[str, ...]) -> list[str]:
    return sorted(set(circles), key=lambda c: LOCATIONS.index(c) if c in LOCATIONS else 99)
