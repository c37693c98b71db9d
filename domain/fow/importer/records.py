"""The importer's results and failures: :class:`ImportedCard`, :class:`ImportResult`, the
errors a paragraph or record raises while it is read, and the check of a raw record's shape."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from domain.fow.cards import Card

Status = Literal["full", "partial", "none"]
JsonDict = dict[str, Any]


class RawCardError(ValueError):
    """A raw record is not shaped like a card of the database (wrong or missing field)."""


@dataclass(frozen=True, slots=True)
class ImportedCard:
    """The result of importing one raw record."""

    id: str
    name: str
    card: Card | None
    """The validated card; None when the record cannot become a valid ``Card``."""
    status: Status
    """``full``: every ability paragraph and characteristic expressed; ``none``: no
    ability paragraph expressed (or no card); ``partial``: in between."""
    unsupported: tuple[str, ...]
    """Unsupported ability paragraphs (verbatim) and characteristics, as in ``Card.unsupported``."""
    gaps: tuple[str, ...]
    """One entry per ``unsupported`` entry: what the vocabulary or grammar lacks."""
    notes: tuple[str, ...] = ()
    """Readings of the source data that are not ability text (e.g. a blank ATK read as 0)."""
    set_code: str = ""
    set_name: str = ""
    cluster: str = ""


@dataclass(frozen=True, slots=True)
class ImportResult:
    cards: tuple[ImportedCard, ...]

    def count(self, status: Status) -> int:
        return sum(1 for c in self.cards if c.status == status)

    def catalog(self) -> list[JsonDict]:
        """Card definitions loadable with :func:`domain.fow.cards.parse_card`."""
        return [c.card.model_dump(mode="json", by_alias=True, exclude_unset=True) for c in self.cards if c.card]

    def by_id(self) -> dict[str, ImportedCard]:
        return {c.id: c for c in self.cards}


# --------------------------------------------------------------------------------------
# failures


class _GapError(Exception):
    """This paragraph (or characteristic) cannot be expressed; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _NoCardError(Exception):
    """The record cannot become a valid Card."""

    def __init__(self, value: str, reason: str) -> None:
        super().__init__(reason)
        self.value = value
        self.reason = reason


# --------------------------------------------------------------------------------------
# raw record checks


_LIST_FIELDS = ("type", "race", "colour", "abilities")


def check_raw(raw: Any) -> list[str]:
    """Problems that make ``raw`` unusable as a card record (empty when it is fine)."""
    if not isinstance(raw, Mapping):
        return [f"expected an object, got {type(raw).__name__}"]
    problems: list[str] = []
    if not isinstance(raw.get("id"), str) or not raw.get("id", "").strip():
        problems.append("field 'id': missing or not a non-empty string")
    if not isinstance(raw.get("name"), str):
        problems.append("field 'name': missing or not a string")
    for key in _LIST_FIELDS:
        value = raw.get(key)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            problems.append(f"field {key!r}: missing or not a list of strings")
    if key_problem := _scalar_problem(raw, "cost", (str,)):
        problems.append(key_problem)
    for key in ("ATK", "DEF"):
        if key_problem := _scalar_problem(raw, key, (str, int)):
            problems.append(key_problem)
    if key_problem := _scalar_problem(raw, "divinity", (str, int)):
        problems.append(key_problem)
    return problems


def _scalar_problem(raw: Mapping[str, Any], key: str, kinds: tuple[type, ...]) -> str | None:
    value = raw.get(key)
    if value is None or (isinstance(value, kinds) and not isinstance(value, bool)):
        return None
    return f"field {key!r}: unexpected {type(value).__name__} value {value!r}"


Delta = dict[str, Any]
