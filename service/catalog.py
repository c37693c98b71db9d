"""Card catalogs and starter decks, read from JSON files.

Layout of a catalog root (the built-in one is ``service/catalogs``)::

    <root>/<system>/cards.json           [{"id": ..., ...}, ...]  or  {"cards": [...]}
    <root>/<system>/decks/<name>.json    {"ruler": ..., "main": [{"card", "count"}], "stones": [...]}

A ruleset id maps to its game system by prefix (``FoW-5.5`` -> ``fow``).  An extra catalog
file (``ADJUDICATOR_CARD_CATALOG``) has the shape of ``cards.json`` and is merged over every
system's built-in cards, card by card; in the object form, ``{"system": "fow", "cards": [...]}``
restricts it to one system.  Every problem is a :class:`CatalogError` naming the file.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

__all__ = [
    "CATALOG_DIR",
    "SYSTEM_PREFIXES",
    "CardCatalogs",
    "CatalogError",
    "UnknownStarterDeckError",
    "list_starter_decks",
    "load_catalog",
    "load_starter_deck",
    "read_catalog_file",
    "system_for",
]

CATALOG_DIR = Path(__file__).resolve().parent / "catalogs"
SYSTEM_PREFIXES: Mapping[str, str] = {"FoW-": "fow", "GCG-": "gcg", "LL-": "ll"}
"""Ruleset id prefix -> game system (the catalog directory name)."""

_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")


class CatalogError(Exception):
    """A catalog or deck file is missing, unreadable or malformed."""


class UnknownStarterDeckError(CatalogError, LookupError):
    """No starter deck by that name for the game system."""


def system_for(ruleset: str, prefixes: Mapping[str, str] = SYSTEM_PREFIXES) -> str:
    for prefix, system in prefixes.items():
        if ruleset.startswith(prefix):
            return system
    raise CatalogError(f"no card catalog is configured for ruleset {ruleset!r}")


def _read_json(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CatalogError(f"{path}: no such file") from None
    except UnicodeDecodeError as exc:
        raise CatalogError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise CatalogError(f"{path}: cannot read ({exc.strerror or exc})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CatalogError(f"{path}: invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None


def read_catalog_file(path: Path) -> tuple[str | None, dict[str, dict[str, Any]]]:
    """``(system or None, {card id: card})`` from a ``cards.json``-shaped file."""
    data = _read_json(path)
    system: str | None = None
    if isinstance(data, dict):
        system = data.get("system")
        if system is not None and not isinstance(system, str):
            raise CatalogError(f"{path}: 'system' must be a string")
        data = data.get("cards")
    if not isinstance(data, list):
        raise CatalogError(f'{path}: expected a list of cards or an object {{"cards": [...]}}')
    cards: dict[str, dict[str, Any]] = {}
    for i, card in enumerate(data):
        if not isinstance(card, dict) or not isinstance(card.get("id"), str) or not card["id"]:
            raise CatalogError(f"{path}: cards[{i}] is not an object with a string 'id'")
        if card["id"] in cards:
            raise CatalogError(f"{path}: cards[{i}]: duplicate card id {card['id']!r}")
        cards[card["id"]] = card
    return system, cards


def load_catalog(system: str, extra_file: Path | None = None, *, root: Path = CATALOG_DIR) -> dict[str, dict[str, Any]]:
    """The built-in cards of ``system`` with ``extra_file``'s cards merged over them."""
    _, cards = read_catalog_file(root / system / "cards.json")
    if extra_file is not None:
        extra_system, extra = read_catalog_file(extra_file)
        if extra_system in (None, system):
            cards.update(extra)
    return cards


def load_starter_deck(system: str, name: str, *, root: Path = CATALOG_DIR) -> dict[str, Any]:
    path = root / system / "decks" / f"{name}.json"
    if not _NAME.fullmatch(name) or not path.is_file():
        known = ", ".join(list_starter_decks(system, root=root)) or "none"
        raise UnknownStarterDeckError(f"no starter deck {name!r} for {system}; known: {known}")
    deck = _read_json(path)
    if not isinstance(deck, dict):
        raise CatalogError(f"{path}: a deck must be a JSON object")
    return deck


def list_starter_decks(system: str, *, root: Path = CATALOG_DIR) -> list[str]:
    decks = root / system / "decks"
    return sorted(p.stem for p in decks.glob("*.json") if _NAME.fullmatch(p.stem)) if decks.is_dir() else []


class CardCatalogs:
    """What the service reads cards and starter decks through, by ruleset id.

    Catalogs are loaded once per system and cached (thread-safe).  Tests inject their own
    ``root`` and ``prefixes``."""

    def __init__(
        self,
        root: Path = CATALOG_DIR,
        extra_file: Path | None = None,
        prefixes: Mapping[str, str] = SYSTEM_PREFIXES,
    ) -> None:
        self.root = root
        self.extra_file = extra_file
        self.prefixes = dict(prefixes)
        self._cards: dict[str, dict[str, dict[str, Any]]] = {}
        self._lock = threading.Lock()
        if extra_file is not None:
            read_catalog_file(extra_file)  # fail at start-up, not at the first game

    def cards(self, ruleset: str) -> Mapping[str, Mapping[str, Any]]:
        system = system_for(ruleset, self.prefixes)
        with self._lock:
            if system not in self._cards:
                self._cards[system] = load_catalog(system, self.extra_file, root=self.root)
            return self._cards[system]

    def starter_deck(self, ruleset: str, name: str) -> dict[str, Any]:
        """The deck ``name`` for ``ruleset``.  A deck file may restrict itself to some
        rulesets with ``"rulesets": [...]`` (e.g. a FoW deck with regalia is not legal under
        FoW-5.01); asking for it under another ruleset raises ``UnknownStarterDeckError``."""
        system = system_for(ruleset, self.prefixes)
        deck = load_starter_deck(system, name, root=self.root)
        allowed = deck.pop("rulesets", None)
        if allowed is not None and ruleset not in allowed:
            known = ", ".join(self.starter_decks(ruleset)) or "none"
            raise UnknownStarterDeckError(
                f"starter deck {name!r} is for {', '.join(allowed)}, not {ruleset}; "
                f"starter decks for {ruleset}: {known}"
            )
        return deck

    def starter_decks(self, ruleset: str) -> list[str]:
        """The starter decks that may be asked for under ``ruleset``."""
        try:
            system = system_for(ruleset, self.prefixes)
        except CatalogError:
            return []
        names = []
        for name in list_starter_decks(system, root=self.root):
            allowed = load_starter_deck(system, name, root=self.root).get("rulesets")
            if allowed is None or ruleset in allowed:
                names.append(name)
        return names
