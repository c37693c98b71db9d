"""Helpers for the FoW-5.01 specifications of chapters 8 to 14: games created under the
5.01 ruleset (``tests.fow.test_rules_5_01`` builds them), given will, playing a card from
the hand, and the check that an emitted citation is the 5.01 one and says what it rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.fow.state import GameState
from domain.kernel import Event
from service.rules import load_rules_library
from tests.fow.support import cmd, run
from tests.fow.test_ch8_battle import resolve as resolve  # both pass: the top of the chase area resolves
from tests.fow.test_ch8_battle import will as will  # given will, labelled with the game's ruleset
from tests.fow.test_rules_5_01 import card, pass_until, ready

OLD = "FoW-5.01"
R1 = {"attribute": {"R": 1}}
CHOSEN = {"kind": "chosen"}
_LIBRARY = load_rules_library()


def spell(cid: str, effects: list[dict[str, Any]], subtype: str = "chant", **more: Any) -> dict[str, Any]:
    base = {"id": cid, "name": cid.title(), "type": "spell", "subtype": subtype, "cost": R1, "attributes": ["R"]}
    return {**base, "effects": effects, **more}


def resonator(cid: str, atk: int, def_: int, **more: Any) -> dict[str, Any]:
    base = {"id": cid, "name": cid.title(), "type": "resonator", "cost": R1, "attributes": ["R"]}
    return {**base, "atk": atk, "def": def_, **more}


def at_main(extra: Mapping[str, dict[str, Any]], **field: str) -> tuple[GameState, dict[str, str]]:
    """A FoW-5.01 game at p1's second turn (turn 3), main phase, with priority to p1."""
    return ready(OLD, extra, **field)


def play(state: GameState, player: str, card_id: str, targets: list[str] | None = None) -> list[Event]:
    """``player`` plays a copy of ``card_id`` (given in hand, with will given); both pass."""
    oid = card(state, player, card_id)
    will(state, player, "R")
    return run(state, cmd("PlayCard", player, card=oid, targets=targets or [])) + resolve(state)


def to_end_of_battle(state: GameState) -> list[Event]:
    return pass_until(state, lambda s: s.step == "end_of_battle")


def cites(rule: str, expected: str, phrase: str) -> bool:
    """``rule`` is the 5.01 citation ``expected`` and its 5.01 text says ``phrase``."""
    assert rule == f"{OLD} {expected}", rule
    text = _LIBRARY.resolve(rule).text
    assert phrase in text, f"{rule}: {text!r}"
    return True


def moves_of(events: list[Event], oid: str) -> list[tuple[str, str]]:
    return [(e.data["to"], e.rule) for e in events if e.type == "CardMoved" and e.data["oid"] == oid]
