"""Shared helpers of the importer tests (``tests/fow/cards/**/test_import_*.py``): the whole card
database imported once per test session, and the declarative form of a fully expressed card."""

from __future__ import annotations

from functools import cache
from typing import Any

from domain.fow.importer import ImportedCard, import_cards
from service.card_import import load_database
from tests.fow.cards.test_import_database import BATCH_JSON, CARDS_JSON, shape


@cache
def imported_database() -> dict[str, ImportedCard]:
    """Every record of the real database (cards.json and the ABC decks), imported, by id."""
    return import_cards(load_database(CARDS_JSON) + load_database(BATCH_JSON)).by_id()


def full(imported: dict[str, ImportedCard], card_id: str) -> dict[str, Any]:
    """The declarative form of ``card_id``, which must be fully expressed."""
    c = imported[card_id]
    assert c.status == "full", (card_id, c.gaps)
    return shape(c.card)
