"""Errata for misprints in the card database, and the search for them among reprints.

Pure: the errata and the records come in as data (``service/fow_catalog.py`` reads the
files).  An erratum replaces one ability paragraph of one record, *exactly as printed*, with
the corrected text before the record is imported; it names the reprints that prove the
misprint (a card with the same name whose paragraph reads as the correction) and says why.
The check is strict so that an erratum never goes stale unnoticed: the printed paragraph
must be in the record, and every reprint must have the card's name and the corrected
paragraph (compared as :func:`normalise_paragraph` makes them), otherwise
:class:`ErratumError` names the erratum and the problem.

:func:`reprint_differences` lists the same-name records whose ability texts differ after
normalisation, which is how misprints are found (``adjudicator cards reprints``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "Erratum",
    "ErratumError",
    "ReprintGroup",
    "apply_errata",
    "normalise_paragraph",
    "parse_errata",
    "reprint_differences",
]

_LABEL = re.compile(r"^\[(activate|continuous|automatic)\]\s*:?\s*", re.IGNORECASE)
_REMINDER = re.compile(r"\([^()]*\)")
_ARTICLE = re.compile(r"\b(a|an|the)\s+")


class ErratumError(ValueError):
    """An erratum is malformed or does not fit the records it is applied to."""


@dataclass(frozen=True, slots=True)
class Erratum:
    card: str
    """The id of the misprinted record."""
    printed: str
    """The ability paragraph exactly as the record has it."""
    corrected: str
    """The paragraph that replaces it."""
    reprints: tuple[str, ...]
    """Ids of same-name records whose text proves the correction."""
    reason: str


@dataclass(frozen=True, slots=True)
class ReprintGroup:
    """Records sharing a name whose ability texts differ (after :func:`normalise_paragraph`)."""

    name: str
    texts: tuple[tuple[str, tuple[str, ...]], ...]
    """One entry per distinct text: ``(text, ids of the records printing it)``, in first-seen order."""


def normalise_paragraph(text: str) -> str:
    """A paragraph with what does not change its meaning removed: reminder text (FoW-5.5
    2.4 p3), an ``[Activate]``/``[Continuous]``/``[Automatic]`` label, articles, case,
    final punctuation and spacing, so reprints that only reword those compare equal."""
    out = _REMINDER.sub("", text.strip())
    out = _LABEL.sub("", out.strip())
    out = _ARTICLE.sub("", out.lower())
    out = out.replace("dark magic stone", "darkness magic stone")
    return " ".join(out.split()).rstrip(". ")


def parse_errata(data: Any) -> tuple[Erratum, ...]:
    """The errata of an ``{"errata": [{card, printed, corrected, reprints, reason}]}`` object."""
    if not isinstance(data, Mapping) or not isinstance(data.get("errata"), list):
        raise ErratumError('expected an object {"errata": [...]}')
    out: list[Erratum] = []
    for i, entry in enumerate(data["errata"]):
        where = f"errata[{i}]"
        if not isinstance(entry, Mapping):
            raise ErratumError(f"{where}: not an object")
        for key in ("card", "printed", "corrected", "reason"):
            if not isinstance(entry.get(key), str) or not entry[key].strip():
                raise ErratumError(f"{where}.{key}: missing or not a non-empty string")
        reprints = entry.get("reprints")
        if not isinstance(reprints, list) or not reprints or not all(isinstance(r, str) for r in reprints):
            raise ErratumError(f"{where}.reprints: must list at least one reprint id")
        if entry["printed"] == entry["corrected"]:
            raise ErratumError(f"{where}: the corrected text is the printed text")
        out.append(Erratum(entry["card"], entry["printed"], entry["corrected"], tuple(reprints), entry["reason"]))
    return tuple(out)


def apply_errata(records: Sequence[Mapping[str, Any]], errata: Iterable[Erratum]) -> list[dict[str, Any]]:
    """``records`` with each erratum's paragraph replaced (the others are copied unchanged).
    Raises :class:`ErratumError` if a card, its printed paragraph or a reprint proving the
    correction is missing."""
    out = [dict(r) for r in records]
    by_id: dict[str, dict[str, Any]] = {}
    for record in out:
        by_id.setdefault(str(record.get("id", "")).strip(), record)
    for erratum in errata:
        found = by_id.get(erratum.card)
        if found is None:
            raise ErratumError(f"erratum for {erratum.card}: no such card in the database")
        record = found
        abilities = [str(a) for a in record.get("abilities", [])]
        matches = [i for i, a in enumerate(abilities) if a.strip() == erratum.printed.strip()]
        if len(matches) != 1:
            raise ErratumError(
                f"erratum for {erratum.card}: the printed text {erratum.printed!r} is "
                f"{'not' if not matches else 'more than once'} in the card"
            )
        for reprint in erratum.reprints:
            _check_reprint(erratum, record, by_id.get(reprint), reprint)
        abilities[matches[0]] = erratum.corrected
        record["abilities"] = abilities
    return out


def _check_reprint(erratum: Erratum, record: Mapping[str, Any], reprint: Mapping[str, Any] | None, rid: str) -> None:
    where = f"erratum for {erratum.card}: reprint {rid}"
    if reprint is None:
        raise ErratumError(f"{where}: no such card in the database")
    if str(reprint.get("name", "")).strip() != str(record.get("name", "")).strip():
        raise ErratumError(f"{where}: its name is {reprint.get('name')!r}, not {record.get('name')!r}")
    corrected = normalise_paragraph(erratum.corrected)
    if not any(normalise_paragraph(str(a)) == corrected for a in reprint.get("abilities", [])):
        raise ErratumError(f"{where}: it does not print the corrected text {erratum.corrected!r}")


def reprint_differences(records: Iterable[Mapping[str, Any]]) -> list[ReprintGroup]:
    """Names printed on more than one record whose ability texts differ once normalised
    (each paragraph with :func:`normalise_paragraph`, paragraphs compared as a sorted list,
    so reordered paragraphs are not a difference).  Sorted by name."""
    by_name: dict[str, dict[tuple[str, ...], list[str]]] = {}
    shown: dict[tuple[str, tuple[str, ...]], str] = {}
    for record in records:
        name = str(record.get("name", "")).strip()
        paragraphs = [str(a) for a in record.get("abilities", []) if str(a).strip()]
        key = tuple(sorted(normalise_paragraph(a) for a in paragraphs))
        texts = by_name.setdefault(name, {})
        texts.setdefault(key, []).append(str(record.get("id", "")).strip())
        shown.setdefault((name, key), "\n".join(a.strip() for a in paragraphs))
    groups = [
        ReprintGroup(name, tuple((shown[(name, key)], tuple(ids)) for key, ids in texts.items()))
        for name, texts in by_name.items()
        if len(texts) > 1
    ]
    return sorted(groups, key=lambda g: g.name)
