"""Which numbered sections of each comprehensive rules text a test cites: writes docs/rule-coverage.md.

Run from the repository root (a bare clone is enough: the rules texts ship in
``service/rules_texts``)::

    python scripts/rule_coverage.py            # rewrite docs/rule-coverage.md
    python scripts/rule_coverage.py --check    # exit 1 if the file is not what this script writes

A *section* is a two-level number of a rules text (``8.5``, ``GCG-1.00 9.4``, ``LL-2.04 5.12``).
A test *cites* a section when a string or comment inside the test function (its decorators,
docstring, assertions and comments) names the section or any rule or paragraph under it:

* a prefixed citation anywhere under ``tests/`` (``"FoW-5.5 8.5 p3"``, ``"GCG-1.00 9.4.3.2"``);
* a bare number (``8.5 p3``, ``7.2.2``) in a test under the ruleset's own test folders
  (``tests/fow`` for FoW-5.5, ``tests/gcg``, ``tests/ll``).

Only strings and comments count (a float literal is not a citation), and only inside a
``test_*`` function (a module docstring that names a chapter range cites no test).
A section *governs play* unless :data:`EXCLUDED` lists it with the reason it does not (card
art, collector information, overviews that only define what a later section rules, ...).
A governing section that no test can cite because the engine does not implement it is
listed in :data:`NOT_IMPLEMENTED` with the reason; it still counts as uncovered.
"""

from __future__ import annotations

import argparse
import ast
import io
import re
import sys
import tokenize
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from domain.rules_text import RulesDocument  # noqa: E402
from service.rules import PACKAGED_RULES_DIR, load_rules_library  # noqa: E402

DOC = Path("docs/rule-coverage.md")

RULESETS: Mapping[str, tuple[str, ...]] = {
    "FoW-5.5": ("tests/fow",),
    "GCG-1.00": ("tests/gcg",),
    "LL-2.04": ("tests/ll",),
    "FoW-5.01": ("tests/fow/test_rules_5_01.py", "tests/fow/v5_01"),
}
"""Ruleset -> the test folders or files whose bare numbers (``8.5 p3``) cite it (the longest
matching path decides: the bare numbers of the 5.01 test file are 5.01 numbers)."""

NOT_CITING: Mapping[str, str] = {
    "tests/kernel/test_rules_index.py": "tests the rules text parser: its citations name rules to parse, not play",
    "tests/deploy/test_rule_coverage.py": "tests this script",
}
"""Test files whose strings name rules without testing the play those rules govern."""

RAISED = ("FoW-5.5", "GCG-1.00", "LL-2.04", "FoW-5.01")
"""The rulesets whose every governing section a test cites or NOT_IMPLEMENTED explains
(``tests/deploy/test_rule_coverage.py`` holds them there): every ruleset.  FoW-5.01's
sections are cited by 5.01 games (tests/fow/test_rules_5_01.py for the differences,
tests/fow/v5_01/ by chapter for the rules both versions share)."""

EXCLUDED: Mapping[str, Mapping[str, str]] = {
    "FoW-5.5": {
        "2.9": "card art: 'Art has no rule purpose'",
        "2.10": "collector number, rarity, copyright, artist: 'no rule purpose'",
    },
    "FoW-5.01": {
        "2.8": "card art: 'Art has no rule purpose'",
        "2.9": "collector number, rarity, copyright, artist: 'no rule purpose'",
    },
    "GCG-1.00": {
        "2.10": "card art: describes the picture on the card frame",
        "5.1": "overview: only says that chapter 5 defines terms; each term is its own section",
        "6.2": "physical rage cards that track the rage count; the count itself is ruled by 3.4",
        "11.1": "overview: only says that chapter 11 names keyword abilities; each keyword is its own section",
    },
    "LL-2.04": {
        "2.4": "soul information: 'does not have specific meanings within the game', treated as reminder text",
        "2.18": "illustration: 'does not have specific meanings within the game'",
        "2.19": "flavor text: 'does not have specific meanings within the game'",
        "2.20": "card number, rarity, designer: 'does not have specific meanings within the game'",
        "5.1": "outline: only says that chapter 5 defines terms; each term is its own section",
        "11.1": "outline: only says that chapter 11 names keyword abilities; each keyword is its own section",
    },
}
"""Ruleset -> section -> why it does not govern play (reviewed by hand, one reason each)."""

NOT_IMPLEMENTED: Mapping[str, Mapping[str, str]] = {
    "FoW-5.5": {
        "14.2": "Bifrost games have no lifebreak area (4.2 p5, tested), but no effect refers to a lifebreak area, "
        "so the rule that such references and [Break] abilities are ignored has nothing to act on",
    },
    "GCG-1.00": {},
    "FoW-5.01": {
        "14.2": "Bifrost games have no lifebreak area (4.2), but no effect refers to a lifebreak area, and a [Break] "
        "ability is played only by a lifebreak (7.10), which Bifrost has not, so the rule that such references and "
        "[Break] abilities are ignored has nothing to act on (as FoW-5.5 14.2)",
    },
    "LL-2.04": {
        "2.22": "only gates from the gate deck are ever put face down into a Gate Zone (6.2, 10.x): no effect "
        "puts another card there, so a card back never decides a card's type (2.22.2, 4.3.1.1.1)",
    },
}
"""Ruleset -> governing section -> why the engine cannot be tested against it yet."""

LISTED_TESTS = 3
"""How many citing tests the table names per section (the rest are counted)."""

_PREFIXED = re.compile(r"(?<![\w.\-])(FoW-5\.5|FoW-5\.01|GCG-1\.00|LL-2\.04)\s+(\d+(?:\.\d+)*)")
_BARE = re.compile(r"(?<![\w./])(?<![A-Za-z]-)(\d+\.\d+(?:\.\d+)*)(?![\w]|\.\d)")
"""A bare number; both ends of a range ``4.2.1-4.2.3`` count, a version ``FoW-5.5`` does not."""


@dataclass(frozen=True)
class Citation:
    ruleset: str
    number: str
    test: str  # "tests/gcg/test_turns.py::test_name"


def section_of(number: str) -> str | None:
    """``"9.4.3.2"`` -> ``"9.4"``; a chapter number has no section."""
    parts = number.split(".")
    return ".".join(parts[:2]) if len(parts) >= 2 else None


def _test_spans(source: str) -> list[tuple[int, int, str]]:
    """``(first line, last line, name)`` of every test function, decorators included."""
    spans: list[tuple[int, int, str]] = []

    def visit(body: Iterable[ast.stmt], owner: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                visit(node.body, f"{owner}{node.name}::")
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test"):
                first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                spans.append((first, node.end_lineno or node.lineno, owner + node.name))

    visit(ast.parse(source).body, "")
    return spans


def _bare_ruleset(path: str) -> str | None:
    matches = [
        (len(where), ruleset)
        for ruleset, paths in RULESETS.items()
        for where in paths
        if path == where or path.startswith(where + "/")
    ]
    return max(matches)[1] if matches else None


def citations_in(path: str, source: str) -> list[Citation]:
    """Every citation inside a test function of one test file, in source order."""
    spans = _test_spans(source)
    bare = _bare_ruleset(path)
    found: list[Citation] = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in (tokenize.STRING, tokenize.COMMENT):
            continue
        line = token.start[0]
        test = next((name for first, last, name in spans if first <= line <= last), None)
        if test is None:
            continue
        test_id = f"{path}::{test}"
        text = token.string
        for m in _PREFIXED.finditer(text):
            found.append(Citation(m[1], m[2], test_id))
        if bare is not None:
            for m in _BARE.finditer(_PREFIXED.sub(" ", text)):
                found.append(Citation(bare, m[1], test_id))
    return found


def collect(root: Path) -> list[Citation]:
    citations: list[Citation] = []
    for file in sorted((root / "tests").rglob("*.py")):
        rel = file.relative_to(root).as_posix()
        if rel in NOT_CITING:
            continue
        citations.extend(citations_in(rel, file.read_text(encoding="utf-8")))
    return citations


@dataclass(frozen=True)
class Row:
    number: str
    title: str
    tests: tuple[str, ...]
    status: str  # "covered", "not implemented", "uncovered"
    reason: str = ""


def _title(doc: RulesDocument, number: str) -> str:
    entry = doc.resolve(f"{doc.prefix} {number}")
    title = entry.title or entry.text.split("\n", 1)[0]
    title = title.replace("|", "/").replace("<<", "«").replace(">>", "»")
    return title if len(title) <= 60 else title[:57] + "..."


def rows_for(ruleset: str, doc: RulesDocument, citations: list[Citation]) -> tuple[list[Row], list[Row]]:
    """(governing rows, excluded rows) of one ruleset, in document order."""
    numbers = set(doc.numbers)
    by_section: dict[str, list[str]] = {}
    for c in citations:
        if c.ruleset != ruleset or c.number not in numbers:
            continue
        section = section_of(c.number)
        if section is None:
            continue
        tests = by_section.setdefault(section, [])
        if c.test not in tests:
            tests.append(c.test)
    excluded, missing = EXCLUDED.get(ruleset, {}), NOT_IMPLEMENTED.get(ruleset, {})
    governing: list[Row] = []
    left_out: list[Row] = []
    for number in doc.numbers:
        if number.count(".") != 1:
            continue
        tests = tuple(sorted(by_section.get(number, [])))
        if number in excluded:
            left_out.append(Row(number, _title(doc, number), tests, "excluded", excluded[number]))
        elif tests:
            governing.append(Row(number, _title(doc, number), tests, "covered"))
        elif number in missing:
            governing.append(Row(number, _title(doc, number), (), "not implemented", missing[number]))
        else:
            governing.append(Row(number, _title(doc, number), (), "uncovered"))
    return governing, left_out


def uncovered(root: Path = ROOT, citations: list[Citation] | None = None) -> list[str]:
    """``"LL-2.04 5.7"`` for every governing section of a :data:`RAISED` ruleset that no test
    cites and :data:`NOT_IMPLEMENTED` does not explain."""
    library = load_rules_library(PACKAGED_RULES_DIR)
    citations = collect(root) if citations is None else citations
    return [
        f"{ruleset} {row.number}"
        for ruleset in RAISED
        for row in rows_for(ruleset, library.document(ruleset), citations)[0]
        if row.status == "uncovered"
    ]


def problems(root: Path = ROOT, citations: list[Citation] | None = None) -> list[str]:
    """Exclusions or not-implemented entries that name no section, or a covered one."""
    library = load_rules_library(PACKAGED_RULES_DIR)
    citations = collect(root) if citations is None else citations
    found: list[str] = []
    for ruleset in RULESETS:
        doc = library.document(ruleset)
        sections = {n for n in doc.numbers if n.count(".") == 1}
        for table, name in ((EXCLUDED, "EXCLUDED"), (NOT_IMPLEMENTED, "NOT_IMPLEMENTED")):
            stale = [n for n in table.get(ruleset, {}) if n not in sections]
            found.extend(f"{name} names {ruleset} {n}, which is no section" for n in stale)
        governing, _ = rows_for(ruleset, doc, citations)
        found.extend(
            f"NOT_IMPLEMENTED names {ruleset} {row.number}, which a test cites: {row.tests[0]}"
            for row in governing
            if row.status == "covered" and row.number in NOT_IMPLEMENTED.get(ruleset, {})
        )
    return found


def _tests_cell(tests: tuple[str, ...]) -> str:
    shown = [f"`{t.removeprefix('tests/')}`" for t in tests[:LISTED_TESTS]]
    if len(tests) > LISTED_TESTS:
        shown.append(f"and {len(tests) - LISTED_TESTS} more")
    return "<br>".join(shown)


def render(root: Path = ROOT, citations: list[Citation] | None = None) -> str:
    library = load_rules_library(PACKAGED_RULES_DIR)
    citations = collect(root) if citations is None else citations
    out = [
        "# Rule coverage",
        "",
        "Generated by `python scripts/rule_coverage.py`; do not edit by hand "
        "(`tests/deploy/test_rule_coverage.py` fails when this file is stale).",
        "",
        "For each ruleset: the numbered sections (two-level numbers such as `8.5`) that govern play, and",
        'the tests that cite each one, by a prefixed citation (`"GCG-1.00 9.4.3.2"`) anywhere under',
        "`tests/` or a bare number (`8.5 p3`) in the ruleset's own test folder, inside the test function.",
        "A citation of a rule or paragraph under a section cites the section. Sections that do not",
        "govern play are listed at the end of each ruleset with the reason; the list is kept in",
        "`scripts/rule_coverage.py` (`EXCLUDED`, `NOT_IMPLEMENTED`).",
        "",
        f"Every governing section of {', '.join(RAISED)} is cited by a test or listed as not implemented",
        "with the reason (`tests/deploy/test_rule_coverage.py` keeps it so). FoW-5.01's citations come",
        "from 5.01 games: `tests/fow/test_rules_5_01.py` (its differences from 5.5) and `tests/fow/v5_01/`",
        "(the rules both versions share, by chapter).",
        "",
        "| ruleset | governing sections | cited by a test | not implemented | uncovered | coverage |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    tables: list[str] = []
    for ruleset in RULESETS:
        governing, left_out = rows_for(ruleset, library.document(ruleset), citations)
        covered = sum(row.status == "covered" for row in governing)
        missing = sum(row.status == "not implemented" for row in governing)
        uncovered = len(governing) - covered - missing
        share = f"{100 * covered / len(governing):.1f}%" if governing else "-"
        out.append(f"| {ruleset} | {len(governing)} | {covered} | {missing} | {uncovered} | {share} |")
        tables += ["", f"## {ruleset}", "", "| section | title | tests citing it |", "| --- | --- | --- |"]
        for row in governing:
            reason = f": {row.reason}" if row.reason else ""
            cell = _tests_cell(row.tests) if row.tests else f"**{row.status}**{reason}"
            tables.append(f"| {row.number} | {row.title} | {cell} |")
        tables += ["", f"Not governing play ({len(left_out)}):", ""]
        tables += [f"- {row.number} {row.title}: {row.reason}" for row in left_out]
    return "\n".join([*out, *tables, ""])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="fail if docs/rule-coverage.md is stale")
    args = parser.parse_args(argv)
    for problem in problems():
        print(problem, file=sys.stderr)
    text = render()
    target = ROOT / DOC
    if args.check:
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            print(f"{DOC} is stale: run python scripts/rule_coverage.py", file=sys.stderr)
            return 1
        return 0
    target.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
