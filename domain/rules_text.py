"""An index of the official comprehensive rules text, addressed by stable citations.

Pure: the caller reads a rules file and hands its text to :func:`parse_rules`.

Citation grammar (see :func:`parse_citation`)::

    <prefix> <number>            FoW-5.5 8.5         chapter, section or numbered rule, with its sub-rules
    <prefix> <number> p<N>       FoW-5.5 8.5 p2      the N-th top-level bullet paragraph of that rule
    <prefix> <number> p<N>.<M>   FoW-5.5 7.12 p2.1   the M-th sub-bullet of that paragraph

``<number>`` is printed in the file (``FoW-5.5 8``, ``GCG-1.00 9.4.3.2``).  ``p<N>`` counts
only bullets that carry no number of their own, so a rule's paragraph ids depend on
nothing but that rule's text.  Sub-bullets are the "▶" lines and bullets indented
deeper than their paragraph.  A document without numbering (the Force of Will
beginner's guide) numbers its headings 1, 2, ... in document order and the
blank-line separated blocks under a heading p1, p2, ...
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = [
    "MalformedCitationError",
    "RuleEntry",
    "RulesDocument",
    "UnknownCitationError",
    "parse_citation",
    "parse_rules",
]


@dataclass(frozen=True)
class RuleEntry:
    """One citable piece of rules text.

    * ``number``: the printed number of the rule (``8.5``), also for its paragraphs;
      the full id is ``citation`` (``FoW-5.5 8.5 p2``).
    * ``title``: the heading (``Normal Battle Resolution Step``); empty for rules that
      are sentences and for paragraphs.
    * ``text``: for a numbered entry its body followed by its sub-rules (each as
      ``<number>. <title or text>``); for a paragraph, the paragraph with its sub-bullets.
    * ``section_title``: title of the nearest titled rule enclosing the entry (itself if titled).
    """

    citation: str
    number: str
    title: str
    text: str
    section_title: str


class UnknownCitationError(LookupError):
    """The citation is well formed but names nothing in the rules text."""


class MalformedCitationError(ValueError):
    """The string does not follow the citation grammar."""


_CITATION = re.compile(
    r"(?P<prefix>[A-Za-z][\w.\-]*)\s+(?P<number>\d+(?:\.\d+)*)\.?(?:\s+p(?P<para>[1-9]\d*(?:\.[1-9]\d*)?))?"
)


def parse_citation(citation: str) -> tuple[str, str, str | None]:
    """``"FoW-5.5 7.12 p2.1"`` -> ``("FoW-5.5", "7.12", "2.1")``; no paragraph -> ``None``."""
    m = _CITATION.fullmatch(citation.strip())
    if m is None:
        raise MalformedCitationError(
            f"malformed rule citation {citation!r}; expected '<prefix> <number>[ p<N>[.<M>]]', e.g. 'FoW-5.5 8.5 p2'"
        )
    return m["prefix"], m["number"], m["para"]


# --------------------------------------------------------------------------- line level

_TRAILER = re.compile(r"(?:#+\s*)?(?:updates:?|update history|changelog)", re.IGNORECASE)
_MD_HEADING = re.compile(r"#+\s+")
_BULLET = re.compile(r"(?P<indent>\s*)-\s+(?P<rest>.*)")
_SUB_MARK = re.compile(r"▶\s*")
# "8.5. Title", "2.1 Title", "5.11 . Title", "1.1.1<NBSP>Text"; a bare chapter number needs its dot.
_NUMBERED = re.compile(r"(?P<num>\d+(?:\.\d+)+|\d+(?=\.))\s*\.?\s+(?P<rest>\S.*)")
# A rule number the PDF conversion moved into the middle of the rule's first line.
_DISPLACED = re.compile(r"(?<![\w(.])(?P<num>\d+(?:\.\d+)+)\.\s+(?=\S)")
# One cell pair of a two-column contents table: "8.5. Normal Battle Resolution Step<TAB>17".
_TOC_CELL = re.compile(r"(?P<num>\d+(?:\.\d+)*)\.?\s+(?P<title>[^\t]+?)[.\s]*\t+\s*\d+\s*(?:\t|$)")
_HTML_TAG = re.compile(r"</?[a-z][^>]*>")
_SPACES = re.compile(r"\s{2,}")
_TERMINATED = tuple('.!?:;)]"\u201d\u2019')  # ... and closing curly quotes


def _clean(line: str) -> str:
    """Strip layout artefacts: HTML tags, markdown bold, table tabs (-> ``" | "``)."""
    if "<" in line:
        line = _HTML_TAG.sub(" ", line)
    if "\t" in line:
        line = " | ".join(cell.strip() for cell in line.split("\t") if cell.strip())
    line = line.replace("**", "").replace("\u00a0", " ")
    return _SPACES.sub(" ", line).strip()


def _strip_heading_marks(raw: str) -> str:
    return _MD_HEADING.sub("", raw, count=1) if raw.startswith("#") else raw


def _is_title(text: str) -> bool:
    return len(text) <= 60 and ". " not in text and not text.endswith((".", ":", ",", ";"))


def _continue(target: list[str], content: str) -> None:
    """Append a continuation line, re-joining a sentence that a page break split in two."""
    if target and content[:1].islower() and not target[-1].endswith(_TERMINATED):
        target[-1] = f"{target[-1]} {content}"
    else:
        target.append(content)


def _plausible_next(prev: str | None, cand: str) -> bool:
    """Is ``cand`` the first child of ``prev``, or the next sibling of it or of an ancestor?"""
    if prev is None:
        return False
    parts = [int(p) for p in prev.split(".")]
    options = {".".join(map(str, [*parts, 1]))}
    options.update(".".join(map(str, [*parts[:i], parts[i] + 1])) for i in range(len(parts)))
    return cand in options


def _is_chapter_one(raw: str) -> bool:
    m = _NUMBERED.fullmatch(_strip_heading_marks(raw).strip())
    return m is not None and m["num"] == "1" and "\t" not in raw and not raw[:1].isspace()


# --------------------------------------------------------------------------- structure


@dataclass
class _Para:
    indent: int
    lines: list[str]
    subs: list[list[str]] = field(default_factory=list)

    def text(self) -> str:
        return "\n".join(self.lines + ["▶ " + "\n".join(sub) for sub in self.subs])


@dataclass
class _Item:
    number: str
    title: str
    lines: list[str] = field(default_factory=list)
    paras: list[_Para] = field(default_factory=list)
    bulleted: bool = True

    def tail(self) -> list[str]:
        """The lines a continuation line belongs to."""
        if self.paras:
            para = self.paras[-1]
            return para.subs[-1] if para.subs else para.lines
        return self.lines

    def own_text(self) -> str:
        if not self.bulleted:
            blocks = ["\n".join(self.lines)] if self.lines else []
            return "\n\n".join(blocks + [p.text() for p in self.paras])
        return "\n".join(self.lines + [("- " + p.text()).replace("\n▶ ", "\n - ▶ ") for p in self.paras])


class _Builder:
    def __init__(self) -> None:
        self.items: dict[str, _Item] = {}
        self.current: _Item | None = None
        self.notes: list[str] = []

    def current_number(self) -> str | None:
        return self.current.number if self.current else None

    def open(self, number: str, rest: str, *, bulleted: bool = True) -> None:
        title = rest.rstrip(" .") if _is_title(rest) else ""
        self.current = self.items[number] = _Item(number, title, [] if title else [rest], bulleted=bulleted)

    def bullet(self, indent: int, content: str) -> None:
        item = self.current
        if item is None:
            return
        marked = _SUB_MARK.match(content)
        if marked:
            content = content[marked.end() :]
        if item.paras and (marked or indent > item.paras[-1].indent):
            item.paras[-1].subs.append([content])
        else:
            item.paras.append(_Para(indent, [content]))

    def unfinished(self) -> bool:
        """Does the text read so far stop mid-sentence?"""
        tail = self.current.tail() if self.current else []
        return bool(tail) and not tail[-1].endswith(_TERMINATED)

    def line(self, content: str) -> None:
        if self.current is not None:
            _continue(self.current.tail(), content)


def _toc_entries(preamble: list[str]) -> list[tuple[str, str]]:
    toc: list[tuple[str, str]] = []
    for raw in preamble:
        if "\t" in raw:  # "1.1. Number of players<TAB>2<TAB>8.1. Beginning of Battle Step.....<TAB>16"
            toc.extend((m["num"], m["title"].strip()) for m in _TOC_CELL.finditer(raw + "\t"))
            continue
        bullet = _BULLET.fullmatch(raw)
        m = _NUMBERED.fullmatch((bullet["rest"] if bullet else raw).strip())
        if m:
            toc.append((m["num"], m["rest"].rstrip(" .")))
    return toc


def _parse_numbered(lines: list[str], start: int, b: _Builder) -> None:
    for raw in lines[start:]:
        if not raw.strip():
            continue
        if _TRAILER.fullmatch(raw.strip()):
            break  # the change log
        bullet = _BULLET.fullmatch(_strip_heading_marks(raw))
        content = _clean(bullet["rest"] if bullet else _strip_heading_marks(raw))
        if not content:
            continue
        numbered = _NUMBERED.fullmatch(content)
        if numbered:
            number, rest = numbered["num"], numbered["rest"]
            repeated = _NUMBERED.fullmatch(rest)
            if repeated and repeated["num"] == number:  # "1.3.1. 1.3.1. If ..."
                rest = repeated["rest"]
            if number not in b.items:
                b.open(number, rest)
                continue
            b.notes.append(f"{number} is printed twice; the second is kept as a paragraph of {b.current_number()}")
            b.bullet(len(bullet["indent"]) if bullet else 0, rest)
        elif bullet is None:
            b.line(content)
        elif content[:1].islower() and b.unfinished():
            b.line(content)  # a sentence split by a page break, then re-bulleted by the conversion
        elif (displaced := _DISPLACED.search(content)) and _plausible_next(b.current_number(), displaced["num"]):
            b.notes.append(f"{displaced['num']} is printed inside its own first line")
            b.open(displaced["num"], _clean(content[: displaced.start()] + content[displaced.end() :]))
        else:
            b.bullet(len(bullet["indent"]), content)


def _parse_headed(lines: list[str], b: _Builder) -> None:
    """Unnumbered documents: a heading is a short unindented line between blank lines."""
    first = next((i for i, raw in enumerate(lines) if raw.strip()), len(lines))  # the document's title
    after_blank = True
    for i in range(first + 1, len(lines)):
        raw = lines[i]
        if not raw.strip():
            after_blank = True
            continue
        content = _clean(raw)
        blank_after = i + 1 == len(lines) or not lines[i + 1].strip()
        if after_blank and blank_after and not raw[0].isspace() and _is_title(content) and content[0] != "•":
            b.open(str(len(b.items) + 1), content, bulleted=False)
        elif (item := b.current) is not None:
            content = re.sub(r"^\d+\.\s+", "", content)  # the list numbering of the guide is garbled
            if content.startswith("•") and item.paras:
                item.paras[-1].subs.append([content.lstrip("• ")])
            elif raw.startswith("    ") and item.paras:  # an indented block continues its list item
                item.paras[-1].lines.append(content)
            elif after_blank or not item.paras:
                item.paras.append(_Para(0, [content]))
            else:
                _continue(item.paras[-1].lines, content)
        after_blank = False


def _build_entries(prefix: str, items: dict[str, _Item]) -> list[RuleEntry]:
    def parent(number: str) -> str | None:
        while "." in number:
            number = number.rsplit(".", 1)[0]
            if number in items:
                return number
        return None

    children: dict[str | None, list[_Item]] = {}
    for item in items.values():
        children.setdefault(parent(item.number), []).append(item)

    texts: dict[str, str] = {}

    def full_text(item: _Item) -> str:
        if item.number not in texts:
            parts = [item.own_text()] if item.lines or item.paras else []
            for child in children.get(item.number, []):
                head, body = f"{child.number}. {child.title}".rstrip(), full_text(child)
                parts.append(f"{head}\n{body}" if child.title and body else f"{head} {body}".rstrip())
            texts[item.number] = "\n".join(parts)
        return texts[item.number]

    entries: list[RuleEntry] = []
    for item in items.values():
        section_title, up = item.title, parent(item.number)
        while not section_title and up is not None:
            section_title, up = items[up].title, parent(up)
        cite = f"{prefix} {item.number}"
        entries.append(RuleEntry(cite, item.number, item.title, full_text(item), section_title))
        for n, para in enumerate(item.paras, 1):
            entries.append(RuleEntry(f"{cite} p{n}", item.number, "", para.text(), section_title))
            for m, sub in enumerate(para.subs, 1):
                entries.append(RuleEntry(f"{cite} p{n}.{m}", item.number, "", "\n".join(sub), section_title))
    return entries


def parse_rules(prefix: str, text: str) -> RulesDocument:
    """Index a comprehensive rules text (numbered rules) or an unnumbered guide (by heading)."""
    lines = text.replace("\r\n", "\n").split("\n")
    b = _Builder()
    starts = [i for i, raw in enumerate(lines) if _is_chapter_one(raw)]
    toc: list[tuple[str, str]] = []
    if starts:
        # A contents list may repeat the chapter headings: the body starts at the last "1. ...".
        toc = _toc_entries(lines[: starts[-1]])
        _parse_numbered(lines, starts[-1], b)
    else:
        _parse_headed(lines, b)
    return RulesDocument(prefix, _build_entries(prefix, b.items), toc=toc, notes=b.notes)


# --------------------------------------------------------------------------- the document


class RulesDocument:
    """The parsed rules of one file: every citable entry, in document order."""

    def __init__(
        self,
        prefix: str,
        entries: list[RuleEntry],
        *,
        toc: list[tuple[str, str]] | None = None,
        notes: list[str] | None = None,
    ) -> None:
        self.prefix = prefix
        self.toc: tuple[tuple[str, str], ...] = tuple(toc or ())
        """``(number, title)`` pairs of the file's table of contents, if it has one."""
        self.notes: tuple[str, ...] = tuple(notes or ())
        """Irregularities of the source text that the parser repaired."""
        self._entries = list(entries)
        self._index = {entry.citation: entry for entry in self._entries}
        self._paras: dict[str, list[int]] = {}  # number -> sub-bullet count of each paragraph
        for entry in self._entries:
            _, number, para = parse_citation(entry.citation)
            counts = self._paras.setdefault(number, [])
            if para is not None and "." not in para:
                counts.append(0)
            elif para is not None:
                counts[-1] += 1

    @property
    def numbers(self) -> list[str]:
        """The printed numbers of every chapter, section and rule, in document order."""
        return list(self._paras)

    def entries(self) -> list[RuleEntry]:
        return list(self._entries)

    def resolve(self, citation: str) -> RuleEntry:
        prefix, number, para = parse_citation(citation)
        if prefix != self.prefix:
            raise UnknownCitationError(f"{citation.strip()!r} is not a {self.prefix} citation")
        key = f"{prefix} {number}" + (f" p{para}" if para else "")
        entry = self._index.get(key)
        if entry is None:
            raise UnknownCitationError(f"{key} does not exist; {self._closest(number, para)}")
        return entry

    def _closest(self, number: str, para: str | None) -> str:
        """Describe the ids that do exist next to a missing one."""
        if number in self._paras and para is not None:
            counts, n = self._paras[number], int(para.split(".")[0])
            if "." in para and n <= len(counts):
                subs = f"p{n}.1-p{n}.{counts[n - 1]}" if counts[n - 1] else "no sub-bullets"
                return f"{self.prefix} {number} p{n} has {subs}"
            return f"{self.prefix} {number} has " + (f"p1-p{len(counts)}" if counts else "no bullet paragraphs")
        up = number
        while "." in up:
            up = up.rsplit(".", 1)[0]
            siblings = [n for n in self._paras if "." in n and n.rsplit(".", 1)[0] == up]
            if siblings:
                return f"section {up} has {_ranges(siblings)}"
        chapters = [n for n in self._paras if "." not in n]
        return f"{self.prefix} has chapters {_ranges(chapters)}" if chapters else f"{self.prefix} has no rules"


def _ranges(numbers: list[str]) -> str:
    """``["8.1", "8.2", "8.3", "8.6"]`` -> ``"8.1-8.3, 8.6"``."""
    runs: list[list[str]] = []
    for n in sorted(numbers, key=lambda n: [int(p) for p in n.split(".")]):
        head, _, last = n.rpartition(".")
        if runs and runs[-1][-1].rpartition(".")[0] == head and int(runs[-1][-1].rpartition(".")[2]) + 1 == int(last):
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(run[0] if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)
