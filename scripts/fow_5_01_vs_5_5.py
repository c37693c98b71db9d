"""Print Force of Will comprehensive rules 5.01 beside 5.5, section by section.

Usage (from the repository root)::

    python scripts/fow_5_01_vs_5_5.py            # every section, differing paragraphs word-diffed
    python scripts/fow_5_01_vs_5_5.py 7.9 9.6    # only those sections
    python scripts/fow_5_01_vs_5_5.py --summary  # one line per 5.01 section: how much differs

Both texts are split with the same parser that resolves citations
(:func:`domain.rules_text.parse_rules`), so a paragraph id printed here is a citation id.
Each 5.01 paragraph is compared with the 5.5 paragraph of the same id and, when that one
differs, with the most similar paragraph of the same 5.5 section (renumbered paragraphs);
``difflib`` gives the similarity (1.0 = same words) and the word diff (``[-5.01-]{+5.5+}``).
The verdict for every section is recorded in ``docs/fow-5.01-vs-5.5.md``; this script is the
tool that table was made with, kept so that it can be checked.
"""

from __future__ import annotations

import difflib
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from domain.rules_text import RuleEntry, parse_citation
from service.rules import load_rules_library

OLD, NEW = "FoW-5.01", "FoW-5.5"
WORD = re.compile(r"[\w<>/\[\]:'-]+|[^\w\s]")


def words(text: str) -> list[str]:
    # Wording the two translations spell differently but mean the same.
    text = text.lower().replace("his or her", "their").replace("he or she", "they").replace("play ground", "playground")
    return WORD.findall(text)


def ratio(a: str, b: str) -> float:
    return difflib.SequenceMatcher(None, words(a), words(b), autojunk=False).ratio()


def word_diff(a: str, b: str) -> str:
    wa, wb = a.split(), b.split()
    out: list[str] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, wa, wb, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(" ".join(wa[i1:i2]))
            continue
        if i2 > i1:
            out.append("[-" + " ".join(wa[i1:i2]) + "-]")
        if j2 > j1:
            out.append("{+" + " ".join(wb[j1:j2]) + "+}")
    return " ".join(out)


def sections(entries: list[RuleEntry]) -> dict[str, dict[str, RuleEntry]]:
    """``section number -> {paragraph id ("" = the heading entry) -> entry}``, in order."""
    out: dict[str, dict[str, RuleEntry]] = {}
    for entry in entries:
        _, number, para = parse_citation(entry.citation)
        out.setdefault(number, {})[para or ""] = entry
    return out


def own_text(entry: RuleEntry) -> str:
    """The entry's text without the sub-rules a chapter or section heading lists after it
    and without the sub-bullets ("▶") a paragraph lists after it (compared on their own)."""
    lines = [line for line in entry.text.splitlines() if not line.startswith("▶")]
    sub = re.compile(re.escape(entry.number) + r"\.\d+\.? ")
    for i, line in enumerate(lines):
        if sub.match(line):
            return "\n".join(lines[:i])
    return entry.text


def compare(wanted: list[str], summary: bool) -> None:
    library = load_rules_library()
    old = sections(library.document(OLD).entries())
    new = sections(library.document(NEW).entries())
    for number, paras in old.items():
        if wanted and number not in wanted and number.split(".")[0] not in wanted:
            continue
        other = new.get(number, {})
        title = paras[""].title
        new_title = other[""].title if "" in other else "(not in 5.5)"
        rows: list[str] = []
        worst = 1.0
        for pid, entry in paras.items():
            if not pid and len(paras) > 1:
                continue
            text = own_text(entry)
            same_id = other.get(pid)
            r = ratio(text, own_text(same_id)) if same_id else 0.0
            best_pid, best = pid, r
            if r < 0.95:
                for opid, oentry in other.items():
                    if opid and ratio(text, oentry.text) > best:
                        best_pid, best = opid, ratio(text, oentry.text)
            worst = min(worst, best)
            if best >= 0.999:
                continue
            target = other.get(best_pid)
            label = f"p{pid}" if pid else "(text)"
            moved = f" ~ 5.5 p{best_pid}" if best_pid != pid else ""
            if target is None:
                rows.append(f"  {label}: only in 5.01: {text}")
            else:
                rows.append(f"  {label}{moved} ({best:.2f}): {word_diff(text, own_text(target))}")
        extra = [p for p in other if p and p not in paras]
        for pid in extra:
            rows.append(f"  p{pid}: only in 5.5: {other[pid].text}")
        if summary:
            print(f"{number:6} {title[:40]:40} worst={worst:.2f} rows={len(rows)}")
            continue
        print(f"== {number} {title}" + (f"  [5.5: {new_title}]" if new_title != title else ""))
        print("\n".join(rows) if rows else "  same")
    if not wanted:
        print("== sections of 5.5 that 5.01 does not have")
        for number in new:
            if number not in old:
                print(f"  {number} {new[number][''].title}")


if __name__ == "__main__":
    args = sys.argv[1:]
    compare([a for a in args if not a.startswith("--")], "--summary" in args)
