"""Human-readable labels of legal actions (docs/legal-actions.md), for every engine.

A label is built only from what its viewer may see: each engine passes ``describe``, which
names an object id as that viewer sees it (a card's name, or "a card in p2's hand" for a card
hidden from them) and returns None for a string that is no object.  Pure: no state is read
here, only what ``describe`` and ``cost_of`` answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from typing import Any

from domain.kernel import JSON, Command

Describe = Callable[[str], str | None]
"""An object id as the viewer may name it; None when the string names no object."""

_SKIPPED = frozenset({"pay_with", "cost_cards", "reduce"})
"""Arguments left out of a label: how a cost is paid is a detail of the command."""

_VERBS: Mapping[str, str] = {
    "PlayCard": "Play",
    "PlayMonster": "Play",
    "PlayBattleCard": "Play",
    "DeclareBlock": "Block with",
    "ActivateAbility": "Use an ability of",
    "UseAbility": "Use an ability of",
    "GainRage": "Gain rage with",
    "DefineLogic": "Define logic with",
    "LevelBoost": "Level boost with",
    "PlaceLevelCard": "Place as level card",
    "ActivateStrategy": "Activate",
    "PutIntoStandby": "Put into standby",
    "PlayAuto": "Play automatic ability",
    "DeclineTrigger": "Decline trigger",
    "Deploy": "Deploy",
}
"""The verb of a command whose first argument is the card it acts with."""


def words(command_type: str) -> str:
    """``DeclareAttack`` -> ``Declare attack``."""
    parts = re.findall(r"[A-Z][a-z]*", command_type) or [command_type]
    return " ".join([parts[0], *(p.lower() for p in parts[1:])])


def _show(value: JSON, describe: Describe, players: Collection[str]) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        if value in players:
            return f"player {value}"
        named = describe(value)
        return value if named is None else named
    if isinstance(value, list):
        return "[" + ", ".join(_show(v, describe, players) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_show(v, describe, players)}" for k, v in sorted(value.items())) + "}"
    return str(value)


def label(
    cmd: Command,
    describe: Describe,
    players: Collection[str],
    cost_of: Callable[[str], str | None] | None = None,
) -> str:
    """The label of the legal action ``cmd`` as ``describe``'s viewer may read it, e.g.
    ``Play Flame Cat (cost {R}{1})``, ``Attack with Hunter -> player p2`` or, for a
    parameterised choice, ``Change hand: choose 0 to 5 of [Flame Cat, ...]``.  ``cost_of``
    gives the cost of the card a command plays as its game prints it (``cost {R}{1}``,
    ``battle rank 3``, ``level 1, cost 0``), or None."""
    args: dict[str, Any] = {k: v for k, v in cmd.args.items() if k not in _SKIPPED}
    rest: list[str] = []
    choice = cmd.choice
    if choice is not None:
        args.pop(choice.arg, None)
    if cmd.type == "DeclareAttack":
        target = args.pop("target", None) if "target" in args else args.pop("circle", None)
        head = f"Attack with {_show(args.pop('attacker', ''), describe, players)} -> {_show(target, describe, players)}"
    elif cmd.type in _VERBS and args:
        first = next(iter(args))
        oid = args.pop(first)
        head = f"{_VERBS[cmd.type]} {_show(oid, describe, players)}"
        cost = cost_of(oid) if cost_of is not None and isinstance(oid, str) else None
        if cost is not None:
            rest.append(cost)
    else:
        head = words(cmd.type)
    rest += [f"{k}: {_show(v, describe, players)}" for k, v in args.items() if v != []]
    if rest:
        head += " (" + "; ".join(rest) + ")"
    if choice is not None:
        lo, hi = choice.min_count, choice.max_count
        count = str(lo) if lo == hi else f"{lo} to {hi}"
        shown = ", ".join(_show(c, describe, players) for c in choice.candidates)
        head += f": choose {count} of [{shown}]"
        if choice.constraints:
            head += " (" + ", ".join(c.replace("_", " ") for c in choice.constraints) + ")"
    return head


def label_in(
    state: Any,
    cmd: Command,
    is_visible: Callable[[Any, str, str | None], bool],
    cost_of: Callable[[str], str | None] | None = None,
    place_name: Callable[[str], str | None] | None = None,
) -> str:
    """:func:`label` of ``cmd``, one of its player's legal actions, in an engine's ``state``
    (``objects`` with ``owner`` and ``zone``, ``card_of(oid).name``, ``players``): a card that
    player may not see (the engine's ``is_visible``) is "a card in <owner>'s <zone>"; a string
    naming no object is named by ``place_name`` (a circle ``FL`` is "front row left"), if any."""
    viewer = cmd.player

    def describe(oid: str) -> str | None:
        obj = state.objects.get(oid)
        if obj is None:
            return None if place_name is None else place_name(oid)
        if not is_visible(state, oid, viewer):
            return hidden_card(obj.owner, obj.zone)
        return str(state.card_of(oid).name)

    def visible_cost(oid: str) -> str | None:
        if cost_of is None or oid not in state.objects or not is_visible(state, oid, viewer):
            return None
        return cost_of(oid)

    return label(cmd, describe, state.players, visible_cost)


def hidden_card(owner: str, zone: str) -> str:
    """How a card the viewer may not see is named: only its owner and zone, which are public."""
    return f"a card in {owner}'s {zone.replace('_', ' ')}"
