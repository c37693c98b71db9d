"""Helpers for the tests of imported GCG cards (no tests of its own)."""

from __future__ import annotations

from typing import Any

from domain.gcg.importer import import_cards
from domain.gcg.state import GameState
from tests.gcg.cards.records import RECORDS
from tests.gcg.support import BLUE, RED, start_game, with_cards


def record(number: int) -> dict[str, Any]:
    wanted = f"CMP01-{number:03d}"
    return next(r for r in RECORDS if r["card_number"] == wanted)


def imported(*records: dict[str, Any]) -> list[dict[str, Any]]:
    """The catalog entries of these records, each fully imported."""
    result = import_cards(records)
    assert all(c.status == "full" for c in result.cards), [(c.id, c.gaps) for c in result.cards]
    return result.catalog()


def game(red: list[dict[str, Any]] = (), blue: list[dict[str, Any]] = ()) -> GameState:  # type: ignore[assignment]
    """A started game (p1 Red Rampage first) with one copy of each imported card swapped into
    the decks: ``red`` for p1, ``blue`` for p2."""
    cards = imported(*red, *blue) if (red or blue) else []
    ids = {r["card_number"] for r in red}
    d1 = with_cards(RED, {c["id"]: 1 for c in cards if c["id"] in ids})
    d2 = with_cards(BLUE, {c["id"]: 1 for c in cards if c["id"] not in ids})
    state, _ = start_game(d1, d2, extra=cards)
    return state
