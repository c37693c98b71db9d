"""Read an official Godzilla Card Game card list, import it and report how much is expressed.

The I/O side of :mod:`domain.gcg.importer`; reached through the card import command line
(``adjudicator cards import|coverage --game gcg SRC...``, or ``python -m service.card_import``;
a source that is not the Force of Will database is read as a GCG card list).

A source file holds records of the official card list (see ``docs/card-schema.md``):

* a JSON list of records, or ``{"cards": [...]}``;
* the card API's pages, whose cards wrap each record as ``{"type": {"value": {...}}}``;
* JSON Lines (``.jsonl``): one record per line.

Unreadable or malformed input is reported as one line naming the file and the problem.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from domain.gcg.importer import ImportedCard, ImportResult, check_raw, import_cards, unsupported_pattern

__all__ = ["DEFAULT_OUT", "GcgCardListError", "coverage_report", "is_card_list", "load_card_list", "run"]

DEFAULT_OUT = Path("data") / "gcg-cards.json"
TOP = 20


class GcgCardListError(Exception):
    """A card list file cannot be read or is not shaped like the official card list."""


def _read(p: Path) -> str:
    try:
        return p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise GcgCardListError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise GcgCardListError(f"{p}: is a directory, not a card list") from None
    except UnicodeDecodeError as exc:
        raise GcgCardListError(f"{p}: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise GcgCardListError(f"{p}: cannot read ({exc.strerror or exc})") from None


def _unwrap(item: Any) -> Any:
    """The card API wraps a record as ``{"type": {"value": record}}``."""
    if isinstance(item, dict) and "card_number" not in item:
        inner = item.get("type")
        if isinstance(inner, dict) and isinstance(inner.get("value"), dict):
            return inner["value"]
    return item


def is_card_list(path: str | Path) -> bool:
    """Whether ``path`` is read as a GCG card list: a ``.jsonl`` file, or a JSON list (or
    ``{"cards": [...]}``) whose first record has a ``card_number``.  Anything else is left to
    the Force of Will reader (which reports unreadable files)."""
    p = Path(path)
    if p.suffix.lower() == ".jsonl":
        return True
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return False
    items = data.get("cards") if isinstance(data, dict) else data
    if not isinstance(items, list) or not items:
        return False
    first = _unwrap(items[0])
    return isinstance(first, dict) and "card_number" in first


def load_card_list(path: str | Path) -> list[dict[str, Any]]:
    """Every record of one card list file, in file order."""
    p = Path(path)
    text = _read(p)
    items: list[Any]
    if p.suffix.lower() == ".jsonl":
        items = []
        for n, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                items.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise GcgCardListError(f"{p}: invalid JSON on line {n} column {exc.colno}: {exc.msg}") from None
    else:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise GcgCardListError(f"{p}: invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
        if isinstance(data, dict) and isinstance(data.get("cards"), list):
            items = list(data["cards"])
        elif isinstance(data, list):
            items = data
        else:
            raise GcgCardListError(f'{p}: top level: expected a list of card records or {{"cards": [...]}}')
    out: list[dict[str, Any]] = []
    for i, raw in enumerate(items):
        record = _unwrap(raw)
        problems = check_raw(record)
        if problems:
            number = record.get("card_number") if isinstance(record, dict) else None
            ident = f" ({number.strip()})" if isinstance(number, str) and number.strip() else ""
            raise GcgCardListError(f"{p}: cards[{i}]{ident}: {'; '.join(problems)}")
        out.append(dict(record))
    return out


def write_catalog(result: ImportResult, path: str | Path) -> int:
    cards = result.catalog()
    lines = ",\n".join(json.dumps(card, ensure_ascii=False) for card in cards)
    body = '{"cards": [\n' + lines + "\n]}\n" if cards else '{"cards": []}\n'
    p = Path(path)
    try:
        p.write_text(body, encoding="utf-8")
    except OSError as exc:
        raise GcgCardListError(f"{p}: cannot write ({exc.strerror or exc})") from None
    return len(cards)


def _row(label: str, cards: Sequence[ImportedCard], width: int) -> str:
    n = len(cards)
    full = sum(1 for c in cards if c.status == "full")
    partial = sum(1 for c in cards if c.status == "partial")
    pct = f"{100 * full / n:5.1f}%" if n else "    -"
    return f"{label:<{width}} {n:>6} {full:>6} {partial:>8} {n - full - partial:>6} {pct:>7}"


def _head(gap: str) -> str:
    """A gap with its quoted card text abstracted (numbers, names, traits), its rule numbers kept."""
    head, sep, rest = gap.partition(": ")
    quoted = re.match(r"(.*?)(['\"].*['\"])(.*)$", rest)
    if not sep or quoted is None:
        return gap
    return f"{head}: {quoted.group(1)}{unsupported_pattern(quoted.group(2))}{quoted.group(3)}"


def coverage_report(result: ImportResult, *, top: int = TOP) -> str:
    """Cards fully, partly and not expressed per set and overall, then the most common
    unsupported texts and gaps, and which gaps would unblock the most cards."""
    cards = list(result.cards)
    groups: dict[str, list[ImportedCard]] = {}
    for c in cards:
        groups.setdefault(c.set_code or "?", []).append(c)
    width = max([len(k) for k in groups] + [len("overall"), 8])
    header = f"{'set':<{width}} {'cards':>6} {'full':>6} {'partial':>8} {'none':>6} {'full%':>7}"
    lines = [
        "GCG card coverage: ability paragraphs and characteristics expressed in the card vocabulary",
        "(full = everything expressed; partial = some text unsupported; none = no card or no paragraph expressed)",
        "",
        header,
        "-" * len(header),
    ]
    lines += [_row(key, groups[key], width) for key in groups]
    lines += ["-" * len(header), _row("overall", cards, width)]
    patterns: Counter[str] = Counter(unsupported_pattern(t) for c in cards for t in c.unsupported)
    lines += ["", f"Top {top} unsupported texts (numbers -> N, traits -> TRAIT, names -> NAME)"]
    lines += [f"{n:>6}  {key[:150]}" for key, n in patterns.most_common(top)] or ["    (none)"]
    gaps: Counter[str] = Counter(_head(g) for c in cards for g in c.gaps)
    alone: Counter[str] = Counter()
    for c in cards:
        whole = {_head(g) for g in c.gaps}
        if c.card is not None and len(whole) == 1:
            alone[next(iter(whole))] += 1
    lines += ["", f"Top {top} gaps (first thing not expressed; 'unblocks' = cards full if only this were closed)"]
    lines.append(f"{'texts':>6} {'unblocks':>8}  gap")
    lines += [f"{n:>6} {alone.get(key, 0):>8}  {key[:150]}" for key, n in gaps.most_common(top)] or ["    (none)"]
    families: Counter[str] = Counter(g.split(":", 1)[0] for c in cards for g in c.gaps)
    if families:
        lines += ["", "Gap families: " + ", ".join(f"{k} {n}" for k, n in families.most_common())]
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    """Run parsed ``import`` / ``coverage`` arguments for GCG card lists."""
    try:
        records: list[dict[str, Any]] = []
        for source in args.sources:
            records += load_card_list(source)
        result = import_cards(records)
        sets = [s.strip().lower() for s in (args.sets or "").split(",") if s.strip()]
        if sets:
            unknown = sorted(set(sets) - {c.set_code.lower() for c in result.cards})
            if unknown:
                print(f"error: no cards for {', '.join(unknown)}", file=sys.stderr)
                return 1
            result = ImportResult(tuple(c for c in result.cards if c.set_code.lower() in sets))
        if args.cards_command == "import":
            out = Path(args.out)
            if args.out in (str(DEFAULT_OUT), str(Path("data") / "fow-cards.json")):
                out = DEFAULT_OUT
                out.parent.mkdir(parents=True, exist_ok=True)
            written = write_catalog(result, out)
            print(
                f"imported {len(result.cards)} cards: {result.count('full')} full, "
                f"{result.count('partial')} partial, {result.count('none')} none; "
                f"wrote {written} card definitions to {out}"
            )
            return 0
        sys.stdout.write(coverage_report(result, top=args.top))
        return 0
    except GcgCardListError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
