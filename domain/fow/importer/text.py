"""Lexing and normalising card text: number and type words, reminder text, paragraphs and
sentences, the per-card reading context :class:`_Ctx`, races, and the placeholders that
later sentences use to name an earlier one's target."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from domain.fow.importer.records import _GapError

# --------------------------------------------------------------------------------------
# vocabulary of the text

ATTRIBUTE_WORDS = {"light": "W", "fire": "R", "water": "U", "wind": "G", "darkness": "B", "dark": "B"}
SYMBOL_SKILLS = {
    "pierce": "pierce",
    "target attack": "target_attack",
    "first strike": "first_strike",
    "explode": "explode",
    "flying": "flying",
    "swiftness": "swiftness",
    "swiftiness": "swiftness",  # spelling of some printings
    "imperishable": "imperishable",
    "quickcast": "quickcast",
}
_NUMBER_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,  # read only where a pattern names them ("... is twelve")
    "twelve": 12,
}
NUM = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
_ALL_CARD_TYPES = ["ruler", "j_ruler", "resonator", "addition", "spell", "regalia", "magic_stone"]
_TYPE_NOUNS: dict[str, list[str]] = {
    "j/resonator": ["resonator", "j_ruler"],
    "j/resonators": ["resonator", "j_ruler"],
    "resonator": ["resonator"],
    "resonators": ["resonator"],
    "j-ruler": ["j_ruler"],
    "j-rulers": ["j_ruler"],
    "resonators and j-ruler": ["resonator", "j_ruler"],
    "resonators and additions": ["resonator", "addition"],  # "all resonators and additions": either
    "addition": ["addition"],
    "additions": ["addition"],
    "regalia": ["regalia"],
    "magic stone": ["magic_stone"],
    "magic stones": ["magic_stone"],
    "card": [],
    "cards": [],
    "player": ["player"],
}
_TYPE_NOUN_RE = "|".join(sorted((re.escape(k) for k in _TYPE_NOUNS), key=len, reverse=True))
_TYPE_LIST_RE = re.compile(
    rf"(?:^|\s)((?:{_TYPE_NOUN_RE})(?:(?:, or |, | or | and/or )(?:{_TYPE_NOUN_RE}))*)$", re.IGNORECASE
)
"""``resonators and/or regalia`` (of "up to three target ..."): cards of any of these types."""


_STONE_TYPE_OF = {
    "W": "Light Magic Stone",
    "R": "Fire Magic Stone",
    "U": "Water Magic Stone",
    "G": "Wind Magic Stone",
    "B": "Darkness Magic Stone",
}
"""The magic stone type an attribute word names in "fire magic stones" (FoW-5.5 2.1 p5.2)."""


def _number(word: str) -> int:
    word = word.lower()
    return _NUMBER_WORDS[word] if word in _NUMBER_WORDS else int(word)


# --------------------------------------------------------------------------------------
# text clean-up


def _clean(text: str) -> str:
    """Paragraph text as parsed: reminder text removed (2.4 p3), arrows and spaces normalised."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u00a0", " ")
    text = text.replace("\u201c", '"').replace("\u201d", '"')
    text = _strip_reminders(text)
    text = re.sub(r"\s*(?:⇒|>>>|→)\s*", ": ", text)
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\breveal it and put into your hand\b", "reveal it and put it into your hand", text)  # CMF-020
    return re.sub(r"\btaret\b", "target", text)  # "on taret resonator": a misprint (TTW-072)


def _is_reminder(inner: str) -> bool:
    inner = inner.strip()
    return inner.endswith(".") or (inner[:1].isupper() and len(inner.split()) >= 3)


def _strip_reminders(text: str) -> str:
    previous = None
    while previous != text:
        previous = text
        text = re.sub(r"\s*\(([^()]*)\)", lambda m: " " if _is_reminder(m.group(1)) else m.group(0), text)
    # an unclosed parenthesis running to the end of the paragraph is a cut-off reminder
    m = re.search(r"\s*\(([^()]*)$", text)
    if m and _is_reminder(m.group(1) + "."):
        text = text[: m.start()]
    return text


def _paragraphs(abilities: list[str]) -> list[str]:
    """Ability paragraphs, rejoining what the source split: a reminder or a list of modes
    cut over several entries ("choose one -" / "...;" / "or ...")."""
    parts = [a.strip() for a in abilities if a.strip()]
    for tail in [p for p in parts if re.fullmatch(r"\[[^\]]+\]\.\)", p)]:
        # "[Flying].)" listed apart from "[Flying] (This card cannot be blocked by J/resonators without"
        # (TMS-075): the end of that cut-off reminder, wherever the source put it
        cut = [k for k, p in enumerate(parts) if p.count("(") > p.count(")") and p is not tail]
        if len(cut) == 1:
            parts[cut[0]] += " " + tail
            parts.remove(tail)
    out: list[str] = []
    i = 0
    while i < len(parts):
        current = parts[i]
        i += 1
        if current.count("(") > current.count(")"):
            while i < len(parts) and current.count("(") > current.count(")"):
                current += "\n" + parts[i]
                i += 1
        cleaned = _clean(current)
        if re.search(r"[:;\-\u2013]$", cleaned) and i < len(parts):
            # a list of modes or "the following abilities": everything after belongs to it
            current += "\n" + "\n".join(parts[i:])
            i = len(parts)
        while i < len(parts) and re.match(r"(?:or\s|[a-z])", parts[i]):
            current += "\n" + parts[i]
            i += 1
        out.append(current)
    return out


def _split_sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=\.)\s+(?=[A-Z\[])", text) if s]


# --------------------------------------------------------------------------------------
# context


@dataclass
class _Ctx:
    card_id: str
    type: str
    subtype: str | None
    races: frozenset[str]
    ids: frozenset[str] | None
    subject: str | None = None
    """The object the trigger condition names, that "that resonator" / "the resonator" refers
    to ("Whenever this card deals damage to a resonator, destroy that resonator")."""
    own_move: bool = False
    """The ability triggers on this card's own move out of the field ("When this card is put into a
    graveyard from your field"): "this card" / "it" may be the card where it went (3.1 p3)."""
    in_graveyard: bool = False
    """The paragraph is an [Activate] ability played from the graveyard (FoW-5.5 9.2 p2): "this card
    in/from your graveyard" may be named."""
    they: dict[str, Any] | None = None
    """The ``all`` target of the previous effect, that "they" names in the sentence being read
    ("Light resonators you control gain ... If you control a Saint, they cannot be blocked")."""
    x: bool = False
    """The paragraph is gained by an [Awakening] with an {X} cost: "X" is the X chosen for it (9.3 p2.5)."""
    x_activate: bool = False
    """The paragraph is an [Activate] ability with an X in its cost ("remove X magic counters from this
    card"): "with total cost X" is that X."""
    awakening: bool = False
    """The paragraph is an ability a resonator gains by [Awakening] (12.1 p1): "the [Awakening] cost" is
    the one it was played with."""


# --------------------------------------------------------------------------------------
# phrases: capitalisation, gaps, races


def _lower_first(text: str) -> str:
    first, _, rest = text.partition(" ")
    if first.lower() in {
        "other",
        "another",
        "each",
        "all",
        "target",
        "this",
        "your",
        "added",
        "recovered",
        "rested",
        "attacking",
        *ATTRIBUTE_WORDS,
        *_TYPE_NOUNS,
    }:
        return first.lower() + (" " + rest if rest else "")
    return text


_SENTENCE = "@sentence"
"""Placeholder gap reason: the phrase is not a noun phrase; report the whole sentence."""
_NOT_A_NOUN_PHRASE = (
    r"\b(?:cannot|can't|can|loses?|gains?|if|then|for each|choose|becomes?|deals?|is|are|has|have|"
    r"any number|must|may|where|equal|until|instead|do|does|don't|doesn't)\b|[\"<:;]"
)


def _sentence_gap(reason: str, text: str) -> str:
    """Replace the placeholder reason by the first sentence of ``text``."""
    if reason != _SENTENCE:
        return reason
    sentence = _split_sentences(text)[0] if text else text
    sentence = re.sub(r"^\[[^\]]+\]\s*:?\s*", "", sentence)
    return f"effect: {_capitalise(sentence)}"


def _mask_races(text: str, ctx: _Ctx) -> str:
    """``text`` with every known race/trait replaced by ``RACE`` (races may contain "of")."""
    if not ctx.races:
        return text
    pattern = _RACE_PATTERNS.get(ctx.races)
    if pattern is None:
        if len(_RACE_PATTERNS) > 64:
            _RACE_PATTERNS.clear()
        # "Knights of the Round Table": a race of several words made plural on its first word
        names = {*ctx.races, *(f"{r.split(' ', 1)[0]}s {r.split(' ', 1)[1]}" for r in ctx.races if " " in r)}
        alternation = "|".join(re.escape(r) for r in sorted(names, key=len, reverse=True))
        pattern = _RACE_PATTERNS[ctx.races] = re.compile(rf"\b(?:{alternation})(?:s|es)?\b")
    return pattern.sub("RACE", text)


_RACE_PATTERNS: dict[frozenset[str], re.Pattern[str]] = {}
"""Compiled race alternations, by set of known races (a cache: the result is the same either way)."""


def _race(word: str, ctx: _Ctx, *, plural: bool) -> str:
    """A known race or trait; a plural form is read as its race ("Elves", "Knights of the Round
    Table"), also before a type noun (``plural`` False: "Other Fairies J/resonators", a misprint)."""
    if word in ctx.races:
        return word
    if word + "s" in ctx.races:  # "a Twelve Apostle": one of the race "Twelve Apostles"
        return word + "s"
    first, space, rest = word.partition(" ")  # "Knights of the Round Table"
    for suffix, replacement in (("ves", "f"), ("ies", "y"), ("es", ""), ("s", "")):
        if word.endswith(suffix) and word[: -len(suffix)] + replacement in ctx.races:
            return word[: -len(suffix)] + replacement
        singular = first[: -len(suffix)] + replacement + space + rest
        if space and first.endswith(suffix) and singular in ctx.races:
            return singular
    raise _GapError(f"target: unknown race or trait {word!r}")


_CLAUSE = r'(?:[^,"]|"[^"]*"|, (?="))+'


_MODIFIED = "with ATK different from its printed ATK or DEF different from its printed DEF"


_SAME = "@same"
"""Placeholder for "it" / "that resonator" naming the previous effect's single target."""
_THEY = "@they"
"""Placeholder of "they" naming the objects of the previous effect's ``all`` target."""


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]
