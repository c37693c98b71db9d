"""Loads the official rules texts from disk and resolves citations across rulesets.

The files ship with the package in ``service/rules_texts`` (their source and licence are in
``service/rules_texts/SOURCES.md``); ``$RULES_DIR`` names another directory holding the same
file names.  Parsing is pure (:mod:`domain.rules_text`); this module only reads the files.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

from domain.rules_text import RuleEntry, RulesDocument, UnknownCitationError, parse_citation, parse_rules

__all__ = [
    "PACKAGED_RULES_DIR",
    "RULESET_FILES",
    "RulesLibrary",
    "RulesTextMissingError",
    "default_rules_dir",
    "load_rules_library",
    "rules_texts_problem",
]

PACKAGED_RULES_DIR = Path(__file__).resolve().parent / "rules_texts"
"""The rules texts shipped with the package."""

RULESET_FILES: Mapping[str, str] = MappingProxyType(
    {
        "FoW-5.5": "force-of-will-cr-5.5.txt",
        "FoW-5.01": "force-of-will-cr-5.01.txt",
        "GCG-1.00": "godzilla-cg-cr-1.00.txt",
        "LL-2.04": "luck-and-logic-cr-2.04.txt",
        "FoW-basics": "force-of-will-basics.txt",
    }
)
"""Citation prefix -> file name inside the rules directory."""


class RulesTextMissingError(FileNotFoundError):
    """A rules text file is not where the rules directory says it should be."""


def default_rules_dir() -> Path:
    """``$RULES_DIR`` if set, else the texts shipped with the package."""
    configured = os.environ.get("RULES_DIR")
    if configured:
        return Path(configured)
    return PACKAGED_RULES_DIR


def rules_texts_problem(rules_dir: Path | None = None) -> str | None:
    """Why the rules texts cannot be loaded (a sentence naming the missing file and the
    directory), or ``None`` when every ruleset's text loads.  For readiness checks and the
    CLI, which must say so rather than show citations without their text."""
    try:
        load_rules_library(rules_dir)
    except RulesTextMissingError as exc:
        return str(exc)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        return f"the rules texts cannot be read: {type(exc).__name__}: {exc}"
    return None


class RulesLibrary:
    """Every loaded ruleset, addressed by citation prefix."""

    def __init__(self, documents: Mapping[str, RulesDocument]) -> None:
        self._documents = dict(documents)

    @property
    def prefixes(self) -> list[str]:
        return list(self._documents)

    def document(self, prefix: str) -> RulesDocument:
        try:
            return self._documents[prefix]
        except KeyError:
            known = ", ".join(self._documents) or "none"
            raise UnknownCitationError(f"unknown rules prefix {prefix!r}; known prefixes: {known}") from None

    def resolve(self, citation: str) -> RuleEntry:
        """``"FoW-5.5 8.5 p2"`` -> its entry.  Raises ``MalformedCitationError`` or ``UnknownCitationError``."""
        prefix, _, _ = parse_citation(citation)
        return self.document(prefix).resolve(citation)


def load_rules_library(rules_dir: Path | None = None) -> RulesLibrary:
    """Parse every file of :data:`RULESET_FILES`; cached per directory."""
    return _load(Path(rules_dir if rules_dir is not None else default_rules_dir()).resolve())


@functools.lru_cache(maxsize=8)
def _load(rules_dir: Path) -> RulesLibrary:
    documents: dict[str, RulesDocument] = {}
    for prefix, filename in RULESET_FILES.items():
        path = rules_dir / filename
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            setting = os.environ.get("RULES_DIR")
            source = f"RULES_DIR={setting!r}" if setting else "RULES_DIR is not set: the texts shipped with the package"
            raise RulesTextMissingError(
                f"rules text for {prefix} not found: {path} ({source}); "
                "set RULES_DIR to the directory holding the comprehensive rules files"
            ) from None
        documents[prefix] = parse_rules(prefix, text)
    return RulesLibrary(documents)
