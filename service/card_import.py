"""Read the Force of Will card database, import it and report how much of it is expressed.

The I/O side of :mod:`domain.fow.importer` and its command line::

    python -m service.card_import import SRC... [--out catalog.json] [--sets CMF,TAT] [--clusters Grimm,Alice]
    python -m service.card_import coverage SRC... [--sets CMF,TAT] [--clusters Grimm,Alice] [--by set|cluster]
    python -m service.card_import import|coverage --game gcg LIST... [--sets EBP01] [--out gcg-cards.json]

(``adjudicator cards import|coverage ...`` is the same command line.)  ``import`` writes
``data/fow-cards.json`` unless ``--out`` names another file.

``SRC`` files have the shape of ``cards.json`` and ``cardBatchImport.json`` from the
fowsim database: ``{"fow": {"clusters": [{"name", "sets": [{"name", "code", "cards": [...]}]}]}}``.
With ``--game gcg`` (or when the first source holds records with a ``card_number``) the sources are
official Godzilla Card Game card lists, read by :mod:`service.gcg_card_import`.

Unreadable or malformed input is reported as one line naming the file and the problem
(JSON line and column, or the path of the bad field), never as a traceback.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from domain.fow.importer import ImportedCard, ImportResult, check_raw, import_cards, unsupported_pattern
from service import gcg_card_import

__all__ = [
    "CardImportError",
    "add_commands",
    "coverage_report",
    "gap_family",
    "load_database",
    "main",
    "run",
    "write_catalog",
]

TOP_PATTERNS = 20


class CardImportError(Exception):
    """A database file cannot be read or is not shaped like the card database."""


# --------------------------------------------------------------------------------------
# reading


def load_database(path: str | Path) -> list[dict[str, Any]]:
    """Every card record of one database file, in file order.

    Each record is a copy of the source object with three keys added for the coverage
    report: ``set_code``, ``set_name`` and ``cluster``.  Raises :class:`CardImportError`
    naming the file and the problem.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CardImportError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise CardImportError(f"{p}: is a directory, not a card database file") from None
    except UnicodeDecodeError as exc:
        raise CardImportError(f"{p}: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise CardImportError(f"{p}: cannot read ({exc.strerror or exc})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardImportError(f"{p}: invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    return _records(p, data)


def _records(p: Path, data: Any) -> list[dict[str, Any]]:
    def fail(where: str, problem: str) -> CardImportError:
        return CardImportError(f"{p}: {where}: {problem}")

    if not isinstance(data, dict) or not isinstance(data.get("fow"), dict):
        raise fail("top level", 'expected an object {"fow": {"clusters": [...]}}')
    clusters = data["fow"].get("clusters")
    if not isinstance(clusters, list):
        raise fail("fow.clusters", "missing or not a list")
    out: list[dict[str, Any]] = []
    for ci, cluster in enumerate(clusters):
        where = f"fow.clusters[{ci}]"
        if not isinstance(cluster, dict):
            raise fail(where, "not an object")
        if not isinstance(cluster.get("name"), str):
            raise fail(f"{where}.name", "missing or not a string")
        sets = cluster.get("sets")
        if not isinstance(sets, list):
            raise fail(f"{where}.sets", "missing or not a list")
        for si, card_set in enumerate(sets):
            set_where = f"{where}.sets[{si}]"
            if not isinstance(card_set, dict):
                raise fail(set_where, "not an object")
            for key in ("name", "code"):
                if not isinstance(card_set.get(key), str):
                    raise fail(f"{set_where}.{key}", "missing or not a string")
            cards = card_set.get("cards")
            if not isinstance(cards, list):
                raise fail(f"{set_where}.cards", "missing or not a list")
            for ki, raw in enumerate(cards):
                card_where = f"{set_where}.cards[{ki}]"
                problems = check_raw(raw)
                if problems:
                    card_id = raw.get("id") if isinstance(raw, dict) else None
                    ident = f" ({card_id.strip()})" if isinstance(card_id, str) and card_id.strip() else ""
                    raise fail(card_where + ident, "; ".join(problems))
                record = dict(raw)
                record["set_code"] = card_set["code"].strip()
                record["set_name"] = card_set["name"].strip()
                record["cluster"] = cluster["name"].strip()
                out.append(record)
    return out


# --------------------------------------------------------------------------------------
# writing


def write_catalog(result: ImportResult, path: str | Path) -> int:
    """Write ``{"cards": [...]}`` (one card per line) with every importable card, each
    loadable with :func:`domain.fow.cards.parse_card`; returns the number written."""
    cards = result.catalog()
    lines = ",\n".join(json.dumps(card, ensure_ascii=False, sort_keys=False) for card in cards)
    body = '{"cards": [\n' + lines + "\n]}\n" if cards else '{"cards": []}\n'
    p = Path(path)
    try:
        p.write_text(body, encoding="utf-8")
    except OSError as exc:
        raise CardImportError(f"{p}: cannot write ({exc.strerror or exc})") from None
    return len(cards)


# --------------------------------------------------------------------------------------
# coverage


def _row(label: str, cards: Sequence[ImportedCard], width: int) -> str:
    n = len(cards)
    full = sum(1 for c in cards if c.status == "full")
    partial = sum(1 for c in cards if c.status == "partial")
    none = n - full - partial
    pct = f"{100 * full / n:5.1f}%" if n else "    -"
    return f"{label:<{width}} {n:>6} {full:>6} {partial:>8} {none:>6} {pct:>7}"


def _gap_key(gap: str) -> str:
    return unsupported_pattern(gap)


def coverage_report(result: ImportResult, by: str = "set", *, top: int = TOP_PATTERNS) -> str:
    """Cards fully expressed, partly expressed and not expressed, per set (or cluster) and
    overall, then the most common unsupported patterns and vocabulary gaps."""
    if by not in ("set", "cluster"):
        raise ValueError("by must be 'set' or 'cluster'")
    cards = list(result.cards)
    groups: dict[str, list[ImportedCard]] = {}
    labels: dict[str, str] = {}
    for c in cards:
        if by == "set":
            key = f"{c.cluster}/{c.set_code}"
            labels[key] = f"{c.set_code or '?'} ({c.cluster or '?'}: {c.set_name or '?'})"
        else:
            key = c.cluster
            labels[key] = c.cluster or "?"
        groups.setdefault(key, []).append(c)
    width = max([len(v) for v in labels.values()] + [len("overall"), 12])
    width = min(width, 60)
    header = f"{by:<{width}} {'cards':>6} {'full':>6} {'partial':>8} {'none':>6} {'full%':>7}"
    lines = [
        "Card coverage: ability paragraphs and characteristics expressed in the declarative vocabulary",
        "(full = everything expressed; partial = some ability text unsupported; none = no ability expressed)",
        "",
        header,
        "-" * len(header),
    ]
    for key in groups:
        lines.append(_row(labels[key][:width], groups[key], width))
    lines.append("-" * len(header))
    lines.append(_row("overall", cards, width))

    patterns: Counter[str] = Counter()
    pattern_cards: dict[str, set[str]] = {}
    for c in cards:
        for text in c.unsupported:
            key = unsupported_pattern(text)
            patterns[key] += 1
            pattern_cards.setdefault(key, set()).add(c.id)
    lines += ["", f"Top {top} unsupported patterns (numbers -> N, quoted names -> NAME, {{W}}..{{B}} -> {{A}})"]
    lines.append(f"{'#':>3} {'texts':>6} {'cards':>6}  pattern")
    for i, (key, count) in enumerate(patterns.most_common(top), start=1):
        lines.append(f"{i:>3} {count:>6} {len(pattern_cards[key]):>6}  {_shorten(key, 150)}")
    if not patterns:
        lines.append("    (none)")

    gaps: Counter[str] = Counter()
    alone: Counter[str] = Counter()
    for c in cards:
        keys = [_gap_key(g.split(" + ")[0]) for g in c.gaps]
        gaps.update(keys)
        whole = {_gap_key(g) for g in c.gaps}
        if c.card is not None and len(whole) == 1:
            alone[next(iter(whole))] += 1
    lines += [
        "",
        f"Top {top} vocabulary gaps (first thing the grammar could not express; "
        "'unblocks' = cards that would be full if only this gap were closed)",
    ]
    lines.append(f"{'#':>3} {'texts':>6} {'unblocks':>8}  gap")
    for i, (key, count) in enumerate(gaps.most_common(top), start=1):
        lines.append(f"{i:>3} {count:>6} {alone.get(key, 0):>8}  {_shorten(key, 150)}")
    if not gaps:
        lines.append("    (none)")

    families: Counter[str] = Counter()
    family_cards: dict[str, set[str]] = {}
    for c in cards:
        for gap in c.gaps:
            family = gap_family(gap)
            families[family] += 1
            family_cards.setdefault(family, set()).add(c.id)
    if families:
        lines += ["", "Gap families (a rough keyword classification of the gaps above)"]
        lines.append(f"{'texts':>9} {'cards':>6}  family")
        for family, count in families.most_common():
            lines.append(f"{count:>9} {len(family_cards[family]):>6}  {family}")

    path = _growth_path(cards, steps=10)
    if path:
        full = sum(1 for c in cards if c.status == "full")
        lines += ["", "Growth path (greedy: close the gap that makes the most further cards full)"]
        lines.append(f"{'#':>3} {'+full':>6} {'full%':>7}  gap")
        for i, (key, gain) in enumerate(path, start=1):
            full += gain
            lines.append(f"{i:>3} {gain:>6} {100 * full / len(cards):>6.1f}%  {_shorten(key, 150)}")
    return "\n".join(lines) + "\n"


_CONDITIONS = "conditions and durations (if, as long as, unless, instead, for each)"
_EFFECT_FAMILIES: list[tuple[str, str]] = [
    (r"\bchoose (?:one|up to|both|a |an )|choose one", "modes and choices (choose one ...)"),
    (r"\b(?:you may|may)\b", 'optional effects ("you may ...")'),
    (r"\bX\b|equal to|for each|that much|half", "variable amounts (X, for each, equal to)"),
    (r"\b(?:if|as long as|unless|only if|while|instead|otherwise)\b", _CONDITIONS),
    (
        r"cannot be targeted|cannot be blocked|cannot be attacked|cannot (?:play|gain|chase|call|add)|must",
        "restrictions",
    ),
    (r"loses? all abilities|gains? \"|in addition to its other names|loses? \[", "gaining or losing abilities/names"),
    (r"gain control|control of", "control changes"),
    (r"counters?\b", "counters other than put_counter (remove, move, count)"),
    (r"\b(?:reveal|look at)\b", "looking at / revealing cards"),
    (r"pay .* (?:less|more)|rather than pay", "cost changes"),
    (r"\b(?:put|return|banish|remove|shuffle|search)\b", "moving cards between zones"),
    (r"produce", "will production beyond produce_will ({M}, restricted will)"),
    (r"magic stone", "magic stone types and magic stone effects"),
]


def gap_family(gap: str) -> str:
    """A coarse family for a gap reason (its first part), for the coverage report."""
    first = gap.split(" + ")[0]
    head, _, rest = first.partition(": ")
    if head == "trigger":
        if rest == "When this card enters your field":
            return 'trigger "When this card enters your field" (broader than [Enter])'
        return "other triggers (put into a graveyard, deals damage, main phase, ...)"
    if head == "keyword":
        return "keyword skills and keyword conditions ([Stealth]/[Trigger] conditions, [Energize], ...)"
    if head == "cost" and "{M}" in rest:
        return "moon will {M} (costs)"
    if head in ("type", "cost", "ATK", "DEF", "divinity", "colour", "card", "id"):
        if head == "cost" and not rest.startswith(("will symbol", "{")):
            return "activate costs beyond will/rest/banish self/life (banish or discard others, counters)"
        return "characteristics (magic stone types, {X}/{M} costs, odd types, missing data)"
    if head == "condition":
        return _CONDITIONS
    if head == "target":
        return "target filters (negation, with [skill], up to N, player-only, other zones)"
    for pattern, family in _EFFECT_FAMILIES:
        if re.search(pattern, rest, re.IGNORECASE):
            return family
    return "other effects"


def _growth_path(cards: Sequence[ImportedCard], steps: int) -> list[tuple[str, int]]:
    """Which gaps, closed one after the other, would make the most cards full."""
    needs: list[set[str]] = []
    for c in cards:
        if c.card is not None and c.gaps:
            needs.append({_gap_key(part) for g in c.gaps for part in g.split(" + ")})
    closed: set[str] = set()
    path: list[tuple[str, int]] = []
    for _ in range(steps):
        gain: Counter[str] = Counter()
        for need in needs:
            missing = need - closed
            if len(missing) == 1:
                gain[next(iter(missing))] += 1
        if not gain:
            break
        key, count = min(gain.items(), key=lambda kv: (-kv[1], kv[0]))
        closed.add(key)
        path.append((key, count))
    return path


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _select(
    result: ImportResult, sets: Iterable[str] | None, clusters: Iterable[str] | None
) -> tuple[ImportResult, list[str]]:
    """Keep the cards of the given sets / clusters (case-insensitive); also return the
    requested names that matched nothing."""
    cards = list(result.cards)
    unknown: list[str] = []
    if sets:
        wanted = {s.strip().lower() for s in sets if s.strip()}
        present = {c.set_code.lower() for c in cards}
        unknown += sorted(s for s in wanted if s not in present)
        cards = [c for c in cards if c.set_code.lower() in wanted]
    if clusters:
        wanted = {s.strip().lower() for s in clusters if s.strip()}
        present = {c.cluster.lower() for c in result.cards}
        unknown += sorted(s for s in wanted if s not in present)
        cards = [c for c in cards if c.cluster.lower() in wanted]
    return ImportResult(tuple(cards)), unknown


# --------------------------------------------------------------------------------------
# command line


DEFAULT_OUT = Path("data") / "fow-cards.json"
"""Where ``import`` writes the catalog without ``--out`` (its folder is created)."""


def add_commands(parser: argparse.ArgumentParser, metavar: str = "{import,coverage}") -> Any:
    """Add the ``import`` and ``coverage`` subcommands to ``parser`` (this module's own
    command line, and ``adjudicator cards``); :func:`run` runs the parsed arguments.
    Returns the subparsers, to which ``adjudicator cards`` adds more."""
    sub = parser.add_subparsers(dest="cards_command", required=True, metavar=metavar)
    imp = sub.add_parser(
        "import",
        help="import database files and write a card catalog",
        description="Import database files into the card format and write the catalog of every importable card.",
    )
    imp.add_argument("sources", nargs="+", metavar="SRC", help="cards.json / cardBatchImport.json")
    imp.add_argument(
        "--out",
        default=str(DEFAULT_OUT),
        metavar="FILE",
        help=f'catalog to write: {{"cards": [...]}} (default: {DEFAULT_OUT}, its folder created)',
    )
    cov = sub.add_parser(
        "coverage",
        help="report how much of the database the vocabulary expresses",
        description="Report how many cards of the database the card vocabulary expresses fully, partly or not.",
    )
    cov.add_argument("sources", nargs="+", metavar="SRC", help="cards.json / cardBatchImport.json")
    cov.add_argument("--by", choices=("set", "cluster"), default="set", help="group rows by set or cluster")
    cov.add_argument("--top", type=int, default=TOP_PATTERNS, help="how many patterns and gaps to list")
    for command in (imp, cov):
        command.add_argument(
            "--game",
            choices=("fow", "gcg"),
            default=None,
            help="fow: the Force of Will database; gcg: an official Godzilla Card Game card list "
            "(default: gcg when the first source holds records with a card_number)",
        )
        command.add_argument("--sets", metavar="CODES", help="only these comma-separated set codes, e.g. CMF,TAT")
        command.add_argument(
            "--clusters", metavar="NAMES", help="only these comma-separated cluster names, e.g. Grimm,Alice"
        )
    return sub


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m service.card_import",
        description="Import the Force of Will card database into the declarative card format.",
    )
    add_commands(parser)
    return parser


def _load_all(sources: Sequence[str]) -> ImportResult:
    records: list[dict[str, Any]] = []
    for source in sources:
        records += load_database(source)
    return import_cards(records)


def _split_list(value: str | None) -> list[str] | None:
    return [v for v in (value or "").split(",") if v.strip()] or None if value is not None else None


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 bad input, 2 usage)."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse has printed the usage message
        return int(exc.code) if isinstance(exc.code, int) else 2
    return run(args)


def run(args: argparse.Namespace) -> int:
    """Run parsed ``import`` / ``coverage`` arguments (see :func:`add_commands`)."""
    game = getattr(args, "game", None)
    if game == "gcg" or (game is None and args.sources and gcg_card_import.is_card_list(args.sources[0])):
        return gcg_card_import.run(args)
    try:
        result = _load_all(args.sources)
        selected, unknown = _select(result, _split_list(args.sets), _split_list(args.clusters))
        if unknown:
            print(f"error: no cards for {', '.join(unknown)}", file=sys.stderr)
            return 1
        if args.cards_command == "import":
            out = Path(args.out)
            if args.out == str(DEFAULT_OUT):
                out.parent.mkdir(parents=True, exist_ok=True)
            written = write_catalog(selected, out)
            print(
                f"imported {len(selected.cards)} cards: {selected.count('full')} full, "
                f"{selected.count('partial')} partial, {selected.count('none')} none; "
                f"wrote {written} card definitions to {out}"
            )
            return 0
        sys.stdout.write(coverage_report(selected, by=args.by, top=args.top))
        return 0
    except CardImportError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
