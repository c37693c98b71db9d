"""Import the public Force of Will card database into the declarative card format.

Pure: no file I/O (``service/card_import.py`` reads and writes the files).  One raw record
(fields ``id``, ``name``, ``type[]``, ``race[]``, ``cost``, ``colour[]``, ``ATK``, ``DEF``,
``abilities[]``, ``divinity``...) becomes a :class:`~domain.fow.cards.Card` validated with
:func:`~domain.fow.cards.parse_card`.

The importer is deliberately strict.  Each ability paragraph (FoW-5.5 2.4 p2) is either
expressed completely with the effect vocabulary of :mod:`domain.fow.cards`, or kept
verbatim in ``Card.unsupported`` for manual adjudication; a paragraph is never expressed
in part and nothing is guessed:

* reminder text in parentheses is not an ability (2.4 p3) and is ignored;
* a paragraph is recognised only when *all* of it matches a small grammar (triggers,
  costs, effect sentences, target phrases).  A word the grammar does not know (a
  condition, "you may", "up to", an unknown race...) makes the whole paragraph
  unsupported;
* wordings that differ from a vocabulary term in the rules are not merged.  For example
  "When this card enters your field" (any way of entering) is not the ``enter`` trigger,
  which models [Enter] (9.6 p1.1: only when played from the hand or by judgment), and
  "When this card is put into a graveyard from your field" is not ``destroyed``.

Every unsupported entry comes with a *gap*: the first thing the grammar could not
express (``trigger: ...``, ``effect: ...``, ``target: ...``, ``keyword: [...]``...),
so the coverage report can say which vocabulary to grow next.

Characteristics the vocabulary lacks (an {X} or moon cost, magic stone types, Divinity, a
type such as Rune) are recorded in ``unsupported`` too, as ``<field>: <value> - <reason>``.
A record that cannot become a valid ``Card`` at all (e.g. a type the vocabulary has no
name for, or a chant-standby whose [Trigger] cannot be expressed) gets ``card=None`` and
status ``none``.  Readings of the source data that are not ability text (a blank ATK read
as 0, a later-cluster "Addition" read as Addition:Field) are listed in ``notes``.  The
fields ``flavour``, ``artists``/``artist``, ``rarity``, ``fowID`` and ``wind_new`` have no
rule purpose (FoW-5.5 2.4 p4, 2.9, 2.10) and are not imported.
"""

from __future__ import annotations

import copy
import dataclasses
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from domain.fow.cards import STANDBY_CARD_TRIGGERS, Card, parse_card
from domain.kernel import CardDataError

__all__ = [
    "ImportResult",
    "ImportedCard",
    "RawCardError",
    "Status",
    "check_raw",
    "import_card",
    "import_cards",
    "unsupported_pattern",
]

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
# will symbols and costs

_SYMBOL = re.compile(r"\{([^{}]*)\}")


def _will_cost(text: str, what: str) -> JsonDict:
    """``{R}{R}{2}`` -> ``{"attribute": {"R": 2}, "free": 2}``; anything else is a gap."""
    compact = re.sub(r"\s+", "", text)
    if not compact or _SYMBOL.sub("", compact):
        raise _GapError(f"{what}: {text.strip()}")
    attribute: dict[str, int] = {}
    free = 0
    numbers = 0
    for symbol in _SYMBOL.findall(compact):
        if symbol in ("W", "R", "U", "G", "B", "M"):
            attribute[symbol] = attribute.get(symbol, 0) + 1
        elif symbol.isdigit():
            numbers += 1
            free += int(symbol)
        else:
            raise _GapError(f"{what}: will symbol {{{symbol}}}")
    if numbers > 1:
        raise _GapError(f"{what}: {text.strip()}")
    return {"attribute": attribute, "free": free}


def _card_cost(raw_cost: str) -> tuple[JsonDict | None, str | None]:
    """The printed cost, and an unsupported remark for symbols the vocabulary lacks."""
    text = raw_cost.strip()
    if not text:
        return None, None
    if text.isdigit():
        return {"attribute": {}, "free": int(text)}, None
    compact = re.sub(r"\s+", "", text)
    if _SYMBOL.sub("", compact):
        return None, f"cost: {raw_cost} - not a sequence of will symbols"
    attribute: dict[str, int] = {}
    free = 0
    odd: list[str] = []
    for symbol in _SYMBOL.findall(compact):
        if symbol in ("W", "R", "U", "G", "B", "M"):
            attribute[symbol] = attribute.get(symbol, 0) + 1
        elif symbol.isdigit():
            free += int(symbol)
        else:
            odd.append("{" + symbol + "}")
    remark = None
    if odd:
        remark = f"cost: {raw_cost} - {''.join(odd)} is not expressible (only the rest of the cost is recorded)"
    return {"attribute": attribute, "free": free}, remark


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
# target phrases


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


# --- negated filters, player targets, triggers on other cards' moves, costs naming cards

_PLAYER_TARGETS: dict[str, JsonDict] = {
    "target player": {"kind": "chosen", "players_only": True},
    "target opponent": {"kind": "chosen", "players_only": True, "filter": {"zone": "field", "controller": "opponent"}},
    "an opponent": {"kind": "opponent"},
    "each player": {"kind": "each_player"},
}
"""Player-only targets of damage ("deals 200 damage to target opponent / each player")."""


def _negation(text: str, flt: JsonDict, ctx: _Ctx) -> str:
    """``non-darkness resonators`` / ``non-Vampire resonator`` / ``non-light, non-Fairy Tale
    resonators``: record the negated attributes or races in ``flt`` and return the rest."""
    while text[:4].lower() == "non-":
        rest = text[4:]
        m = re.match(r"(\w+)(?=[ ,])", rest)
        word = m.group(1) if m else ""
        if word.lower() in ATTRIBUTE_WORDS:
            flt.setdefault("not_attributes", []).append(ATTRIBUTE_WORDS[word.lower()])
        else:  # a race may have several words ("non-Fairy Tale resonator")
            word = next(
                (r for r in sorted(ctx.races, key=len, reverse=True) if re.match(rf"{re.escape(r)}[ ,]", rest)), ""
            )
            if not word:
                raise _GapError(f"target: {text} (negated filters are not in the vocabulary)")
            flt.setdefault("not_races", []).append(word)
        text = re.sub(r"^,?\s*(?:and |or )?", "", rest[len(word) :])
    return text


_CARD_ENTERS = re.compile(
    r"^(?:when|whenever) (?P<who>another|an?) (?P<what>.+?) "
    r"(?:enters (?P<field>your) field|comes into (?P<any>a) field)\s*[,:]\s*",
    re.IGNORECASE,
)
"""``Whenever another Six Sages enters your field`` / ``Whenever a non-Dragon resonator comes into a field``
(any player's field)."""
_CARD_TO_GRAVEYARD = re.compile(
    r"^(?:when|whenever) (?:(?P<who>another|an?) (?P<what>.+?)|\"(?P<name>[^\"]+)\") is put into a graveyard from "
    r"(?P<field>your|your opponent's|a) field\s*[,:]\s*",
    re.IGNORECASE,
)


_CARD_ATTACKS = re.compile(
    r"^(?:when|whenever) (?P<who>another|an?) (?!J/resonator )(?P<what>.+?) "
    r"(?P<ctl>you control|your opponent controls) attacks\s*[,:]\s*",
    re.IGNORECASE,
)
"""``Whenever a Werewolf you control attacks``: another card declared as an attacker (8.2 p3)."""


_CARD_DESTROYED = re.compile(
    r"^(?:when|whenever) (?P<who>another|an?) (?P<what>.+?)(?: (?P<ctl>you control|your opponent controls))? "
    r"is destroyed\s*[,:]\s*",
    re.IGNORECASE,
)


_ADDITION_ADDED = re.compile(
    r"^when an addition is added to an? (?P<what>.+?) or an \[Addition:\s*Field\] is put into your field\s*[,:]\s*",
    re.IGNORECASE,
)
"""``When an addition is added to a resonator you control or an [Addition:Field] is put into your field``:
an addition entering a field added to such a card (7.2 p3), or a field addition entering yours."""


_DAMAGED_BY_THIS = re.compile(
    r"^(?:when|whenever) an? (?P<what>.+?) that was dealt damage by this card this turn "
    r"(?P<verb>is destroyed|is put into a graveyard(?: from (?P<field>your|your opponent's|a) field)?)\s*[,:]\s*",
    re.IGNORECASE,
)
"""A card dealt damage by this card this turn can only leave the field as that object: "is put
into a graveyard" is from a field (3.1 p3)."""


def _card_move_trigger(text: str, ctx: _Ctx) -> tuple[str, JsonDict, str] | None:
    """ "Whenever another Six Sages enters your field, ..." / "Whenever a resonator is put into a
    graveyard from your field, ...": (trigger, filter of the moving card, effect text)."""
    stone = re.match(r"^whenever a magic stone is put into your magic stone area\s*[,:]\s*", text, re.IGNORECASE)
    if stone:  # any way into the area (3.7): called, or put there by an effect
        into: JsonDict = {"zone": "stone_area", "types": ["magic_stone"], "controller": "you"}
        return "card_put_into_stone_area", into, text[stone.end() :]
    m = _DAMAGED_BY_THIS.match(text)
    if m:  # "Whenever a resonator that was dealt damage by this card this turn is put into a graveyard"
        phrase = text[: m.end()].rstrip(",: ")
        try:
            damaged, players = _selector(m.group("what"), ctx, loose=True)
        except _GapError:
            raise _GapError(f"trigger: {phrase}") from None
        if players or "controller" in damaged:
            raise _GapError(f"trigger: {phrase}")
        where = (m.group("field") or "a").lower()
        damaged.update(
            controller={"your": "you", "your opponent's": "opponent"}.get(where, "any"), damaged_by_source=True
        )
        destroyed = m.group("verb").lower() == "is destroyed"
        return ("card_destroyed" if destroyed else "card_put_into_graveyard_from_field"), damaged, text[m.end() :]
    m = _CARD_ATTACKS.match(text)
    if m:  # "Whenever a Werewolf you control attacks" (8.2 p3)
        phrase = text[: m.end()].rstrip(",: ")
        try:
            attacker, players = _selector(m.group("what"), ctx, loose=True)
        except _GapError:
            raise _GapError(f"trigger: {phrase}") from None
        if players or "controller" in attacker:
            raise _GapError(f"trigger: {phrase}")
        attacker["controller"] = "you" if m.group("ctl").lower() == "you control" else "opponent"
        if m.group("who").lower() == "another":
            attacker["other_than_self"] = True
        return "card_attacks", attacker, text[m.end() :]
    m = _CARD_DESTROYED.match(text)
    if m:  # "When a Squad 7 you control is destroyed" (10.9)
        phrase = text[: m.end()].rstrip(",: ")
        try:
            destroyed, players = _selector(m.group("what"), ctx, loose=True)
        except _GapError:
            raise _GapError(f"trigger: {phrase}") from None
        if players or "controller" in destroyed:
            raise _GapError(f"trigger: {phrase}")
        destroyed["controller"] = {"you control": "you", "your opponent controls": "opponent"}.get(
            (m.group("ctl") or "").lower(), "any"
        )
        if m.group("who").lower() == "another":
            destroyed["other_than_self"] = True
        return "card_destroyed", destroyed, text[m.end() :]
    for pattern, trigger in (
        (_CARD_ENTERS, "card_enters_field"),
        (_CARD_TO_GRAVEYARD, "card_put_into_graveyard_from_field"),
    ):
        m = pattern.match(text)
        if not m:
            continue
        phrase = text[: m.end()].rstrip(",: ")
        if m.groupdict().get("name"):  # 'When "The Little Prince" is put into a graveyard ...'
            flt: JsonDict = {"zone": "field", "types": [], "name": m.group("name")}
            where = m.group("field")
            flt["controller"] = {"your": "you", "your opponent's": "opponent", "a": "any"}[where.lower()]
            return trigger, flt, text[m.end() :]
        try:
            flt, players = _selector(m.group("what"), ctx, loose=True)
        except _GapError:
            raise _GapError(f"trigger: {phrase}") from None
        if players or "controller" in flt:
            raise _GapError(f"trigger: {phrase}")
        where = m.groupdict().get("field") or m.groupdict().get("any") or "your"
        flt["controller"] = {"your": "you", "your opponent's": "opponent", "a": "any"}[where.lower()]
        if (m.group("who") or "").lower() == "another":
            flt["other_than_self"] = True
        return trigger, flt, text[m.end() :]
    return None


_COUNTER_COST = re.compile(
    rf"remove (?P<n>{NUM}) (?P<c>\[[+-]\d+/[+-]\d+\]|[a-z][a-z ]*?) counters? from this card", re.IGNORECASE
)
_COUNTER_COST_ON = re.compile(
    rf"remove (?P<n>{NUM}) (?P<c>\[[+-]\d+/[+-]\d+\] |[a-z][a-z ]*? )?counters? from "
    r"(?P<on>your j-ruler|your j/ruler|a ruler or entity you control|any number of (?P<d>.+? you control))",
    re.IGNORECASE,
)
_CARDS_COST = re.compile(
    rf"(?P<v>discard|banish|rest) (?:(?P<n>{NUM}) (?P<other>other )?|(?P<another>another) )(?P<d>.+?)"
    r'(?: other than "(?P<not>[^"]+)")?',
    re.IGNORECASE,
)


def _more_cost(part: str, ctx: _Ctx) -> tuple[str, Any] | None:
    """Costs beyond will, rest, "banish this card" and life (FoW-5.5 9.3 p2.5): removing
    counters from this card; discarding, banishing or resting cards the player chooses."""
    if part.lower() == "put this card on the bottom of your main deck":
        return "put_self_on_bottom", True
    m = re.fullmatch(r"remove the top card of your main deck from the game", part, re.IGNORECASE)
    if m:
        return "remove_top_cards", 1
    m = re.fullmatch(rf"remove (?P<n>{NUM}) (?P<d>.+?) in your graveyard from the game", part, re.IGNORECASE)
    if m:  # "Remove three resonators in your graveyard from the game" (10.3 p1)
        grave, players = _selector(m.group("d"), ctx, zone="graveyard")
        if players or set(grave) & {"controller", "rested", "other_than_self"}:
            raise _GapError(f"cost: {part}")
        grave["controller"] = "you"  # in a graveyard the controller is the owner (3.1 p5)
        removed: JsonDict = {"action": "remove", "filter": grave}
        if _number(m.group("n")) != 1:
            removed["count"] = _number(m.group("n"))
        return "cards", removed
    m = re.fullmatch(r"remove X (?P<c>[a-z][a-z ]*?) counters from this card", part, re.IGNORECASE)
    if m:  # "remove X magic counters from this card": X chosen as it is played (9.3 p2.5, 10.21)
        return "remove_counters", {"counter": m.group("c"), "x": True}
    m = _COUNTER_COST.fullmatch(part)
    if m:
        out: JsonDict = {"counter": m.group("c").strip("[]")}
        if _number(m.group("n")) != 1:
            out["count"] = _number(m.group("n"))
        return "remove_counters", out
    m = _COUNTER_COST_ON.fullmatch(part)
    if m:  # counters on other cards you control (9.3 p2.5, 10.21)
        on = m.group("on").lower()
        if on == "your j-ruler":
            holders: JsonDict = {"zone": "field", "types": ["j_ruler"], "controller": "you"}
        elif on == "your j/ruler":
            holders = copy.deepcopy(_YOUR_J_OR_RULER["filter"])
        elif on == "a ruler or entity you control":
            # an "entity": a card in a field (the term of later rules); with "a ruler", every card
            # you control in your field or ruler area (2.1 p2, 3.6, 3.8 p4), not a magic stone
            holders = {"zone": "field", "types": ["ruler", "j_ruler", "resonator", "addition", "regalia"]}
            holders.update(controller="you", playground=True)
        else:  # "any number of resonators you control"
            holders, players = _selector(m.group("d"), ctx)
            if players or holders.get("controller") != "you" or set(holders) & {"rested", "other_than_self"}:
                raise _GapError(f"cost: {part}")
        counted: JsonDict = {"on": holders}
        if m.group("c"):
            counted["counter"] = m.group("c").strip().strip("[]")
        if _number(m.group("n")) != 1:
            counted["count"] = _number(m.group("n"))
        return "remove_counters", counted
    named = re.fullmatch(r'discard "([^"]+)"', part, re.IGNORECASE)
    if named:
        return "cards", {"action": "discard", "filter": {"zone": "hand", "types": [], "name": named.group(1)}}
    m = _CARDS_COST.fullmatch(part)
    if not m:
        return None
    action = m.group("v").lower()
    count = 1 if m.group("another") else _number(m.group("n"))
    desc = m.group("d").strip()
    if action == "discard":
        nm = re.fullmatch(r'cards? named "([^"]+)"', desc)
        if nm:
            flt: JsonDict = {"zone": "hand", "types": [], "name": nm.group(1)}
        elif desc in ("card", "cards"):
            flt = {"zone": "hand", "types": []}
        else:
            flt, players = _selector(desc, ctx, zone="hand")
            if players or set(flt) & {"controller", "rested", "other_than_self"}:
                raise _GapError(f"cost: {part}")
    elif action == "banish" and desc == "addition added to this card" and ctx.type in ("resonator", "j_ruler"):
        # "banish an addition added to this card" (7.2 p3): one the player controls (10.10 p2)
        flt = {"zone": "field", "types": ["addition"], "controller": "you", "added_to_self": True}
    else:
        if action == "rest" and not desc.endswith(" you control"):
            raise _GapError(f"cost: {part}")
        flt, players = _selector(desc, ctx, playground=True)  # "Rest two recovered Elves you control" (2.5 p4)
        if players or flt.get("controller", "you") != "you" or flt.get("other_than_self"):
            raise _GapError(f"cost: {part}")
        flt["controller"] = "you"  # a player may not banish cards they don't control (10.10 p2)
    if m.group("another") or m.group("other"):  # "banish two other Cthulhu resonators"
        flt["other_than_self"] = True
    if m.group("not"):  # "Rest a recovered resonator you control other than "Rapunzel, ..."" (2.2 p3)
        flt["not_names"] = [m.group("not")]
    out = {"action": action, "filter": flt}
    if count != 1:
        out["count"] = count
    return "cards", out


_GRANTS = re.compile(r'^(?P<s>.+?) gains? (?:(?P<m>\[[^"]+?\]) and )?(?P<q>"[^"]+"(?: and "[^"]+")*)$')


_GRANTS_NESTED = re.compile(r'^(?P<s>[^"]+?) gains? "(?P<one>\[Activate\][^"]*"[^"]+"[^"]*)"\.?$')
"""'Resonator with this gains "[Activate] {Rest}: Search your main deck for a card with "Apple" in its
name, ..."': one granted [Activate] ability whose text quotes a name (the outer quotes hold it all)."""


def _granted_abilities(raw: str, body: str, ctx: _Ctx) -> JsonDict | None:
    """'Added resonator gains "{Rest}: Recover another target resonator."' / 'Magic stones you
    control gain "{Rest}: Produce {R}."': a continuous ability granting abilities (10.19 p1)."""
    m = _GRANTS.match(body) or _GRANTS_NESTED.match(body)
    if not m or re.match(r"(?:if|as long as)\b", m.group("s"), re.IGNORECASE):
        return None  # "If <condition>, it gains "..."": a condition first (_continuous_logic)
    affects = _subject(m.group("s"), ctx, continuous=True)
    stones = affects is not None and affects["filter"].get("types") == ["magic_stone"]
    host = _Ctx(ctx.card_id, "magic_stone" if stones else "resonator", None, ctx.races, ctx.ids)
    granted: list[JsonDict] = []
    nested = m.groupdict().get("one")  # one quoted ability quoting a name inside it
    for quoted in [nested] if nested else re.findall(r'"([^"]+)"', m.group("q")):
        text = _clean(quoted)
        if _keyword(quoted, text, host) is not None:
            raise _GapError(f"effect: gains {quoted}")
        granted += _ability(quoted, text, host)
    ability: JsonDict = {"kind": "continuous", "text": raw, "grant_abilities": granted}
    if affects is not None:
        ability["affects"] = affects
    if m.groupdict().get("m"):  # 'gains [+400/0] and "..."'
        atk, def_, skills = _modifiers(m.group("m"))
        ability.update({k: v for k, v in (("modify_atk", atk), ("modify_def", def_), ("grant", skills)) if v})
    return ability


def _split_outside_quotes(body: str) -> list[str]:
    """Split a cost at commas and between will symbols, not inside a quoted card name."""
    quoted: list[str] = []

    def keep(m: re.Match[str]) -> str:
        quoted.append(m.group(0))
        return f"\x00{len(quoted) - 1}\x00"

    masked = re.sub(r'"[^"]*"', keep, body)
    parts = re.split(r",|\s+(?=\{Rest\})|(?<=\})\s+(?=\{)", masked)
    return [re.sub(r"\x00(\d+)\x00", lambda q: quoted[int(q.group(1))], p) for p in parts]


def _selector(
    phrase: str, ctx: _Ctx, *, zone: str = "field", loose: bool = False, playground: bool = False
) -> tuple[JsonDict, bool]:
    """A noun phrase such as ``other light resonators you control with total cost 2 or
    less`` -> (filter, players_allowed).

    A phrase without a card type ("Humans you control", "target card") refers to cards in
    every playground, rulers in the ruler area included (FoW-5.5 2.1 p6, 2.5 p4), which a
    field filter cannot say: it is accepted only when ``loose`` (ATK/DEF and symbol skill
    changes and rules overrides, which mean nothing for a ruler) or outside the field; with
    ``playground`` (effects the engine performs right on a ruler or magic stone: destroy, damage,
    counters, rest and banish costs) it is a ``playground`` filter (2.5 p4, 3.14 p1)."""
    text = phrase.strip()
    text = re.sub(r"\bKnigh(?= of the Round Table\b)", "Knight", text)  # a misprint (BFA-002)
    if text == "J-Ruler of Knight of the Round Table":  # a misprint of "or" (VS01-011; its reprint TTW-013)
        text = "J-Ruler or Knight of the Round Table"
    mixed = _type_or_race(text, ctx, zone=zone, loose=loose, playground=playground)
    if mixed is not None:
        return mixed, False
    first = text.partition(" ")[0]
    if not any(r.startswith(first + " ") and text.startswith(r) for r in ctx.races):  # "Card Soldier"
        text = _lower_first(text)
    flt: JsonDict = {"zone": zone}
    players = False
    changed = True
    while changed:
        changed = False
        for suffix, key, value in (
            (" you control", "controller", "you"),
            (" your opponent controls", "controller", "opponent"),
            (" your opponent control", "controller", "opponent"),  # a misprint (BFA-091J)
        ):
            if text.endswith(suffix) and key not in flt:
                flt[key] = value
                text = text[: -len(suffix)]
                changed = True
        if text.endswith(" of the chosen race") and "chosen_race" not in flt:  # read on resolution (2.5 p1)
            flt["chosen_race"] = True
            text = text[: -len(" of the chosen race")]
            changed = True
        m = re.search(
            r" with total cost less than or equal to the number of (?P<c>[a-z ]+?) counters on this card$", text
        )
        if m and "max_total_cost_counters" not in flt:  # read as the target is chosen and on resolution
            flt["max_total_cost_counters"] = m.group("c")
            text = text[: m.start()]
            changed = True
        m = re.search(r" with total cost equal to the number of (?P<c>[a-z ]+?) counters on this card$", text)
        if m and "total_cost_counters" not in flt:  # "destroy all resonators with total cost equal to ..."
            flt["total_cost_counters"] = m.group("c")
            text = text[: m.start()]
        if text.endswith(" with total cost X") and "total_cost_x" not in flt and ctx.x_activate:
            flt["total_cost_x"] = True  # the X of the ability's cost, exactly (2.3, 9.3 p2.5)
            text = text[: -len(" with total cost X")]
            changed = True
        if text.endswith(" with total cost X or less") and "max_total_cost_x" not in flt:
            flt["max_total_cost_x"] = True  # the X of the ability's {X} cost (9.3 p2.5)
            text = text[: -len(" with total cost X or less")]
            changed = True
        m = re.search(r" with (?:a )?total cost (?:of )?(\d+) or less$", text)
        if m and "max_total_cost" not in flt:
            flt["max_total_cost"] = int(m.group(1))
            text = text[: m.start()]
            changed = True
        m = re.search(
            r" with (?:no attribute|total cost (\d+)(?: or more)?|(\d+) or less ATK|ATK (\d+) or less)$", text
        )
        if m and not set(flt) & {"no_attribute", "min_total_cost", "max_atk"}:
            if m.group(1):  # "with total cost 5 or more" / "with total cost 1"
                flt["min_total_cost"] = int(m.group(1))
                if not m.group(0).endswith(" or more"):
                    flt["max_total_cost"] = int(m.group(1))
            elif m.group(2) or m.group(3):  # "with 400 or less ATK" / "with ATK 600 or less"
                flt["max_atk"] = int(m.group(2) or m.group(3))
            else:
                flt["no_attribute"] = True
            text = text[: m.start()]
            changed = True
        m = re.search(r" with (\d+) or more ATK$", text)
        if m and not set(flt) & {"min_atk", "max_atk"}:  # "target resonator with 1000 or more ATK"
            flt["min_atk"] = int(m.group(1))
            text = text[: m.start()]
            changed = True
        m = re.search(r" with \[(Stealth|Awakening)\]$", text)
        if m and "keywords" not in flt:  # "resonator with [Stealth]": a keyword ability (12.5, 12.1)
            flt["keywords"] = [m.group(1).lower()]
            text = text[: m.start()]
            changed = True
        m = re.search(r" (with|without) \[([^\]]+)\]$", text)
        key = "skills" if m and m.group(1) == "with" else "without_skills"
        if m and m.group(2).lower() in SYMBOL_SKILLS and key not in flt:  # "with [Flying]"
            flt[key] = [SYMBOL_SKILLS[m.group(2).lower()]]
            text = text[: m.start()]
            changed = True
        for suffix, key in (
            (" with ATK different from its printed ATK or DEF different from its printed DEF", "modified"),
            (" with no addition", "no_addition"),
            (" with non-will activate abilities", "non_will_activate"),  # 9.5, 9.7 p1
            (" that has or shares the highest ATK", "highest_atk"),  # compared with resonators in fields
        ):
            if text.endswith(suffix) and key not in flt:
                flt[key] = True
                text = text[: -len(suffix)]
                changed = True
        m = re.search(r" with no (?P<c>[a-z]+) counters? on it$", text)
        if m and "without_counters" not in flt:  # "target resonator with no evolution counters on it"
            flt["without_counters"] = [m.group("c")]
            text = text[: m.start()]
            changed = True
        if text.endswith(" that was dealt damage this turn") and "dealt_damage" not in flt:
            flt["dealt_damage"] = True  # damage stays on it until the end of the turn (5.4 p5.1)
            text = text[: -len(" that was dealt damage this turn")]
            changed = True
        if text.endswith(" that dealt damage this turn") and "has_dealt_damage" not in flt:
            flt["has_dealt_damage"] = True  # the damage it dealt this turn (Obj.dealt), 3.1 p3
            text = text[: -len(" that dealt damage this turn")]
            changed = True
        m = re.search(r" that (?P<not>didn't |did not )?attack(?:ed)? this turn$", text)
        if m and "attacked_this_turn" not in flt:  # "target resonator that didn't attack this turn" (8.2)
            flt["attacked_this_turn"] = not m.group("not")  # as the same object (Obj.attacked_turn, 3.1 p3)
            text = text[: m.start()]
            changed = True
    m = re.search(r' named "([^"]+)"$', text)
    if m:
        flt["name"] = m.group(1)
        text = text[: m.start()]
    m = re.search(r' with "([^"]+)" in (?:its|their) names?$', text)
    if m:  # "a card with "Apple" in its name": a part of a name (FoW-5.5 2.2 p3)
        flt["name_contains"] = m.group(1)
        text = text[: m.start()]
    bracketed = _bracketed_types(text)
    if bracketed is not None:  # "target [Addition:Resonator]", "[Spell:Chant] or [Spell:Chant-Instant] card"
        flt.update(bracketed)
        if flt.get("zone") == "field" and "spell" in flt["types"]:
            raise _GapError(f"target: {phrase}")
        return flt, players
    non_spell = re.search(r"\bnon-?spell (?=(?:[A-Z][\w-]* )*cards?$)", text)  # "nonspell Fantasy card"
    if non_spell and zone != "field":  # "Cthulhu non-spell card from your graveyard": any other card type (2.1)
        text = text[: non_spell.start()] + text[non_spell.end() :]
    if re.match(r"non-attacking ", text):  # "a non-attacking resonator": not the attacker (8.2 p3)
        flt["not_attacking"] = True
        text = text[len("non-attacking ") :]
    text = _negation(text, flt, ctx)
    masked = _mask_races(text, ctx)
    if re.search(_NOT_A_NOUN_PHRASE, masked):
        raise _GapError(_SENTENCE)
    if re.search(r"\bnon-?\w*", masked, re.IGNORECASE):
        raise _GapError(f"target: {phrase} (negated filters are not in the vocabulary)")
    if re.search(r"\b(?:with|without|that|which|from|in|named|except|among|of|who)\b|\[", masked, re.IGNORECASE):
        raise _GapError(f"target: {phrase}")
    m = re.match(r"(other|another) ", text)
    if m:
        flt["other_than_self"] = True
        text = text[m.end() :]
    if text.startswith("recovered "):
        flt["rested"] = False
        text = text[len("recovered ") :]
    elif text.startswith("rested "):
        flt["rested"] = True
        text = text[len("rested ") :]
    elif text.startswith("attacking or blocking "):
        flt["attacking_or_blocking"] = True
        text = text[len("attacking or blocking ") :]
    elif text.startswith(("attacking ", "blocking ")):  # the attacker / blocker of the battle
        role, _, text = text.partition(" ")
        flt[role] = True
    if re.fullmatch(r"special magic stones?", text):  # "target special magic stone" (2.1 p4.1)
        flt["special"] = True
        text = text[len("special ") :]
    attr_re = "|".join(ATTRIBUTE_WORDS)
    m = re.match(rf"((?:{attr_re})(?:(?:, or |, | or )(?:{attr_re}))*) ", text)
    if m:
        flt["attributes"] = sorted(
            {ATTRIBUTE_WORDS[w] for w in re.split(r", or |, | or ", m.group(1))}, key="WRUGB".index
        )
        text = text[m.end() :]
    types: list[str] | None = None
    tm = _TYPE_LIST_RE.search(text)
    if tm:
        nouns = [n.lower() for n in re.split(r", or |, | or | and/or ", tm.group(1))]
        if any(n in ("card", "cards") for n in nouns) and len(nouns) > 1:
            raise _GapError(f"target: {phrase}")
        types = []
        for noun in nouns:
            for t in _TYPE_NOUNS[noun]:
                if t == "player":
                    players = True
                elif t not in types:
                    types.append(t)
        if players and not types:
            raise _GapError(f"target: {phrase} (no player-only target in the vocabulary)")
        text = text[: tm.start()].strip()
    if text:
        plural = types is None
        words = re.split(r", or |, | or | and/or | and ", text)
        flt["races"] = [_race(w.strip(), ctx, plural=plural) for w in words]
    elif types is None:
        raise _GapError(f"target: {phrase}")
    if types is not None and "magic_stone" in types and len(types) > 1 and zone == "field" and playground:
        flt["playground"] = True  # "banish a magic stone or resonator": cards in every playground (3.14 p1)
    elif types is not None and "magic_stone" in types:
        if types != ["magic_stone"] or zone not in ("field", "graveyard"):
            raise _GapError(f"target: {phrase}")
        if flt.get("attributes"):  # "fire magic stones" is a magic stone type (2.1 p5.2), not an attribute
            flt["stone_types"] = [_STONE_TYPE_OF[a] for a in flt.pop("attributes")]
        if zone == "field":  # "target magic stone from your graveyard" stays there
            flt["zone"] = "stone_area"  # magic stones are in the magic stone area (FoW-5.5 3.7)
    if non_spell and zone != "field":
        if types != []:
            raise _GapError(f"target: {phrase}")
        types = [t for t in _ALL_CARD_TYPES if t != "spell"]
    if types is not None and types != ["resonator", "j_ruler"]:
        flt["types"] = types
    elif types is None:
        flt["types"] = []
    if flt.get("types") == [] and zone == "field" and not loose:
        if not playground:
            raise _GapError(f"target: {phrase} (no card type: it may also be a ruler in the ruler area)")
        flt["playground"] = True  # "target Human": a Human ruler in a ruler area too (2.5 p4)
    return flt, players


def _type_or_race(text: str, ctx: _Ctx, *, zone: str, loose: bool, playground: bool) -> JsonDict | None:
    """ "J-Ruler or Knight of the Round Table", "Regalia or Knight of the Round Table": a card type or a
    race (a race without a card type names any card of it, 2.5 p4) -> an ``any_of`` filter, or None."""
    parts = re.split(r", or |, | or ", text)
    if len(parts) < 2:
        return None
    is_type = [p.strip().lower() in _TYPE_NOUNS and p.strip().lower() not in ("card", "cards", "player") for p in parts]
    if all(is_type) or not any(is_type):
        return None
    for part, typed in zip(parts, is_type, strict=True):
        if not typed:
            try:
                _race(part.strip(), ctx, plural=False)
            except _GapError:
                return None  # "fire or darkness resonators": no race alternative
    subs = [_selector(p, ctx, zone=zone, loose=loose, playground=playground)[0] for p in parts]
    return {"zone": zone, "types": [], "any_of": subs}


_BRACKET_TYPES = {
    "addition:resonator": ("addition", "resonator"),
    "addition:field": ("addition", "field"),
    "addition:j/resonator": ("addition", "j_resonator"),
    "spell:chant": ("spell", "chant"),
    "spell:chant-instant": ("spell", "chant_instant"),
    "spell:chant-standby": ("spell", "chant_standby"),
}


def _bracketed_types(text: str) -> JsonDict | None:
    """``[Addition:Resonator]`` / ``[Spell:Chant] or [Spell:Chant-Instant] card``: the card
    types and subtypes written as on the type line (FoW-5.5 2.1 p3), or None."""
    m = re.fullmatch(r"(\[[^\]]+\](?:(?:, or |, | or )\[[^\]]+\])*)(?: cards?)?", text.strip())
    if not m:
        return None
    types: list[str] = []
    subtypes: list[str] = []
    for item in re.findall(r"\[([^\]]+)\]", m.group(1)):
        pair = _BRACKET_TYPES.get(re.sub(r"\s+", "", item.lower()))
        if pair is None:
            return None
        types += [pair[0]] if pair[0] not in types else []
        subtypes.append(pair[1])
    return {"types": types, "subtypes": subtypes}


def _graveyard_kinds(text: str) -> JsonDict | None:
    """ "Fire [Spell:Chant] and [Spell:Chant-Instant] cards": cards of an attribute that have one of
    these types and subtypes (a plural "X and Y cards" is every card that is X or Y, FoW-5.5 2.1 p3,
    2.8) in a graveyard, or None."""
    m = re.fullmatch(r"(?:(?P<a>light|fire|water|wind|darkness) )?(?P<b>\[.+\]) cards", text.strip(), re.I)
    if not m:
        return None
    bracketed = _bracketed_types(re.sub(r"\] and \[", "] or [", m.group("b")))
    if bracketed is None:
        return None
    flt: JsonDict = {"zone": "graveyard", **bracketed}
    if m.group("a"):
        flt["attributes"] = [ATTRIBUTE_WORDS[m.group("a").lower()]]
    return flt


_TARGET_WORD = re.compile(rf"^(?:(?P<n>{NUM}) )?target (?P<rest>.+)$", re.IGNORECASE)


def _target(
    phrase: str,
    ctx: _Ctx,
    *,
    allow_players: bool = False,
    it_self: bool = False,
    loose: bool = False,
    zone: str = "field",
    playground: bool = False,
) -> JsonDict:
    """``this card``, ``target resonator``, ``two target resonators``, ``all X``/``each X``,
    ``your J-Ruler``; ``it`` when it can only mean the source card (``it_self``)."""
    text = phrase.strip()
    low = text.lower()
    if low in ("this card", "this card's") or (low == "it" and it_self):
        return {"kind": "self"}
    if text == _SAME:  # "it" / "that resonator": the previous effect's target
        return {"kind": "same"}
    if text == _THEY and ctx.they is not None:  # "they": the previous effect's objects, by its filter
        return copy.deepcopy(ctx.they)
    if low in ("your j-ruler", "you j-ruler"):  # "You J-Ruler": a misprint (TTW-052)
        return {"kind": "all", "filter": {"zone": "field", "types": ["j_ruler"], "controller": "you"}}
    if low == "your j/ruler":
        return dict(_YOUR_J_OR_RULER)
    if ctx.subject is not None and low in (f"that {ctx.subject}", f"the {ctx.subject}"):
        return {"kind": "that"}  # the object of the trigger condition (9.6 p7)
    if ctx.subject is not None and allow_players and low == f"that {ctx.subject}'s controller":
        return {"kind": "that_controller"}  # the player controlling it (3.1 p5)
    if re.fullmatch(r"(?:target|each|all|an?) (?:player|opponent)s?", low):
        if not allow_players or low not in _PLAYER_TARGETS:
            raise _GapError(f"target: {phrase} (no player-only target in the vocabulary)")
        return dict(_PLAYER_TARGETS[low])
    each_of = re.match(rf"each of (?P<rest>(?:up to )?{NUM} target .+)$", text, re.IGNORECASE)
    if each_of:  # "an achievement counter on each of up to two target resonators"
        return _target(
            each_of.group("rest"), ctx, allow_players=allow_players, loose=loose, zone=zone, playground=playground
        )
    up_to = re.match(rf"up to (?P<n>{NUM}) (?P<rest>(?:second )?target .+)$", text, re.IGNORECASE)
    if up_to:  # "up to N target X": zero to N targets (FoW-5.5 9.3 p2.4)
        chosen = _target(
            up_to.group("rest"), ctx, allow_players=allow_players, loose=loose, zone=zone, playground=playground
        )
        if chosen.get("kind") != "chosen" or chosen.get("count", 1) != 1 or chosen.get("players_allowed"):
            raise _GapError(f'target: {phrase} ("up to" is not expressible)')
        if _number(up_to.group("n")) != 1:
            chosen["count"] = _number(up_to.group("n"))
        return {**chosen, "up_to": True}
    if re.match(r"up to ", low):
        raise _GapError(f'target: {phrase} ("up to" is not expressible)')
    second = re.match(r"second (?P<rest>target .+)$", text, re.IGNORECASE)
    if second:  # "second target resonator": not a target chosen before it (FoW-5.5 9.3 p2.4)
        chosen = _target(
            second.group("rest"), ctx, allow_players=allow_players, loose=loose, zone=zone, playground=playground
        )
        if chosen.get("kind") != "chosen" or chosen.get("players_allowed"):
            raise _GapError(f"target: {phrase}")
        return {**chosen, "second": True}
    other = re.match(r"(?:another|other) (?P<rest>target .+)$", text, re.IGNORECASE)
    if other:  # "another target resonator": not the card whose ability it is
        chosen = _target(
            other.group("rest"), ctx, allow_players=allow_players, loose=loose, zone=zone, playground=playground
        )
        if chosen.get("kind") != "chosen" or chosen.get("players_allowed"):
            raise _GapError(f"target: {phrase}")
        chosen["filter"]["other_than_self"] = True
        return chosen
    added = {"added resonator": "resonator", "added j/resonator": "j_resonator"}.get(low)
    if added is not None and ctx.type == "addition" and ctx.subtype == added:
        return {"kind": "host"}  # the card this addition is added to (7.2 p3)
    added_ctl = {"added resonator's controller": "resonator", "added j/resonator's controller": "j_resonator"}.get(low)
    if added_ctl is not None and allow_players and ctx.type == "addition" and ctx.subtype == added_ctl:
        return {"kind": "host_controller"}  # the player controlling the card it is added to (7.2 p3, 3.1 p5)
    m = _TARGET_WORD.match(text)
    if m:
        count = _number(m.group("n")) if m.group("n") else 1
        flt, players = _selector(m.group("rest"), ctx, loose=loose, zone=zone, playground=playground)
        if players and not allow_players:
            raise _GapError(f"target: {phrase}")
        target: JsonDict = {"kind": "chosen", "filter": flt}
        if count != 1:
            target["count"] = count
        if players:
            target["players_allowed"] = True
        return target
    m = re.fullmatch(r'(?:all|each) (?P<n>(?:"[^"]+",? (?:and |or )?)+"[^"]+")(?P<ctl> you control)?', text, re.I)
    if m and playground:  # "on each "Insomniac Dormouse", "Sane Hatter" and "September Hare" [you control]":
        # every card with one of these names (2.2) in a playground (2.5 p4, 3.14 p1)
        flt = {"zone": "field", "types": [], "names": re.findall(r'"([^"]+)"', m.group("n")), "playground": True}
        if m.group("ctl"):
            flt["controller"] = "you"
        return {"kind": "all", "filter": flt}
    m = re.match(r"(?:all|each) (.+)$", text, re.IGNORECASE)
    if m:
        # "all additions, regalia, resonators, and J-Rulers": every object of any of these types
        nouns = re.sub(rf",? and (?=(?:{_TYPE_NOUN_RE})$)", ", ", m.group(1), flags=re.IGNORECASE)
        flt, players = _selector(nouns, ctx, loose=loose, playground=playground)
        if players:
            raise _GapError(f"target: {phrase}")
        return {"kind": "all", "filter": flt}
    raise _GapError(f"target: {phrase}")


_YOUR_J_OR_RULER: JsonDict = {
    "kind": "all",
    "filter": {"zone": "field", "types": ["ruler", "j_ruler"], "controller": "you", "playground": True},
}
""""your J/ruler": your ruler in your ruler area or your J-ruler in your field ("ruler or J-ruler",
FoW-5.5 2.1 p2; a ruler is in a ruler area, 3.8 p4); an astral ruler is neither (3.8 p7)."""


def _subject(phrase: str, ctx: _Ctx, *, continuous: bool, it_self: bool = False) -> JsonDict | None:
    """The subject of "... gain(s)" / "... cannot attack": a Target, or None for the card itself."""
    text = phrase.strip()
    low = text.lower()
    if low == "it" and it_self and not continuous:
        return {"kind": "self"}
    if text == _SAME and not continuous:
        return {"kind": "same"}
    if text == _THEY and not continuous and ctx.they is not None:
        return copy.deepcopy(ctx.they)
    if low == "thi card":  # "Thi card loses all abilities": a misprint of "This card" (CMF-002)
        low = "this card"
    if low == "this card":
        if continuous and ctx.type == "addition":
            raise _GapError(f"target: {phrase} (on an addition)")
        return None if continuous else {"kind": "self"}
    if low in ("added resonator", "resonator with this", "added j/resonator", "j/resonator with this"):
        wanted = "j_resonator" if "j/" in low else "resonator"
        if ctx.type != "addition" or ctx.subtype != wanted:
            raise _GapError(f"target: {phrase}")
        # an effect: the card this addition is added to as it resolves (7.2 p3)
        return None if continuous else {"kind": "host"}
    if low in ("your j-ruler", "you j-ruler"):  # "You J-Ruler": a misprint (TTW-052)
        return {"kind": "all", "filter": {"zone": "field", "types": ["j_ruler"], "controller": "you"}}
    if low == "your j/ruler":
        return dict(_YOUR_J_OR_RULER)
    if low.startswith("target ") or _TARGET_WORD.match(text) or re.match(rf"up to {NUM} target ", low):
        if continuous:
            raise _GapError(f"target: {phrase}")
        return _target(text, ctx)  # the legal targets must be exactly the printed ones
    if re.match(r"(?:all|each) ", low):
        return _target(text, ctx, loose=True)
    named = re.fullmatch(r'(?P<n>(?:"[^"]+",? (?:and |or )?)+"[^"]+") you control', text, re.IGNORECASE)
    if named:  # '"Hansel" and "Gretel" you control': every card you control with one of these exact names (2.2)
        names = re.findall(r'"([^"]+)"', named.group("n"))
        flt = {"zone": "field", "types": [], "names": names, "controller": "you", "playground": True}
        return {"kind": "all", "filter": flt}
    if re.match(r"(?:a|an|the|it|its|that|they|those|this|your|up)\b", low):
        raise _GapError(f"target: {phrase}")
    flt, players = _selector(text, ctx, loose=True)
    if players:
        raise _GapError(f"target: {phrase}")
    return {"kind": "all", "filter": flt}


# --------------------------------------------------------------------------------------
# modifiers: [+200/+200], [Flying] and [First Strike]

_STAT = re.compile(r"^\[?(?P<a>[+-]\d+|0)/(?P<d>[+-]\d+|0)\]?$")


def _modifiers(text: str) -> tuple[int, int, list[str]]:
    if re.search(r"\bor\b", text):
        raise _GapError(f"effect: a choice of modifiers ({text})")
    atk = def_ = 0
    stats = 0
    skills: list[str] = []
    for item in re.split(r"\s*,\s*and\s+|\s*,\s*|\s+and\s+", text.strip()):
        m = _STAT.match(item)
        if m:
            stats += 1
            atk, def_ = int(m.group("a")), int(m.group("d"))
            continue
        sm = re.match(r"^\[([^\]]+)\]$", item)
        if sm and sm.group(1).lower() in SYMBOL_SKILLS:
            skills.append(SYMBOL_SKILLS[sm.group(1).lower()])
            continue
        raise _GapError(f"effect: gains {item}")
    if stats > 1 or (stats == 0 and not skills):
        raise _GapError(f"effect: gains {text}")
    return atk, def_, skills


# --------------------------------------------------------------------------------------
# effect sentences

_END = r"\s*(?:\.\s*|$)"
EffectBuilder = Callable[[re.Match[str], _Ctx, bool], list[JsonDict]]
_EFFECTS: list[tuple[re.Pattern[str], EffectBuilder]] = []


def _effect(pattern: str) -> Callable[[EffectBuilder], EffectBuilder]:
    def register(fn: EffectBuilder) -> EffectBuilder:
        _EFFECTS.append((re.compile(pattern + _END, re.IGNORECASE), fn))
        return fn

    return register


@_effect(r"(?:you )?draw a card, (?P<put>put a card from your hand on the bottom of your main deck)")
def _draw_put_bottom(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "draw a card, put a card from your hand on the bottom of your main deck" (TTW-063): two effects in
    # that order, as if the comma were a full stop
    return [{"op": "draw", "count": 1, "who": "you"}, *_effects(_capitalise(m.group("put")) + ".", ctx)]


@_effect(rf"(?:you )?draw (?P<n>{NUM}) cards?, then discards? (?P<m>{NUM}) cards?")
def _draw_discard(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    return [
        {"op": "draw", "count": _number(m.group("n")), "who": "you"},
        {"op": "discard", "count": _number(m.group("m")), "who": "you"},
    ]


@_effect(rf"(?P<who>you |each player |your opponent )?draws? (?P<n>{NUM}) cards?")
def _draw(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    who = (m.group("who") or "you").strip().lower()
    verb_s = m.group(0).lower().split("draw")[1].startswith("s")
    if (who in ("each player", "your opponent")) != verb_s:
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [
        {
            "op": "draw",
            "count": _number(m.group("n")),
            "who": {"your opponent": "opponent", "each player": "each"}.get(who, "you"),
        }
    ]


@_effect(r"(?P<src>this card|it|added resonator|added j/resonator) deals (?P<n>\d+) damage to (?P<t>[^.]+?)")
def _deal(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    if m.group("src").lower() == "it" and not it_self:
        raise _GapError(f"effect: {m.group(0).strip()}")
    if m.group("src").lower().startswith("added "):  # "added resonator deals 500 damage to you" (7.2 p3)
        if _target(m.group("src"), ctx).get("kind") != "host":
            raise _GapError(f"effect: {m.group(0).strip()}")
        return [{**e, "dealt_by": "host"} for e in _deal_to(m.group("t").strip(), int(m.group("n")), ctx)]
    phrase = m.group("t").strip()
    gain = re.fullmatch(r"(?P<t>.+?) and you gain (?P<n>\d+) life", phrase)
    if gain:  # "it deals 400 damage to your opponent and you gain 400 life"
        phrase = gain.group("t")
        more = [{"op": "gain_life", "amount": int(gain.group("n")), "who": "you"}]
        return _deal_to(phrase, int(m.group("n")), ctx) + more
    return _deal_to(phrase, int(m.group("n")), ctx)


def _deal_to(phrase: str, amount: int, ctx: _Ctx) -> list[JsonDict]:
    low = phrase.lower()
    if low == "each player and resonator":
        resonators = {"kind": "all", "filter": {"zone": "field", "types": ["resonator"]}}
        return [
            {"op": "deal_damage", "amount": amount, "target": {"kind": "each_player"}},
            {"op": "deal_damage", "amount": amount, "target": resonators},
        ]
    if low in ("your opponent", "you opponent"):  # "you opponent": a misprint (SKL-071)
        target: JsonDict = {"kind": "opponent"}
    elif low == "you":
        target = {"kind": "you"}
    else:
        target = _target(phrase, ctx, allow_players=True, playground=True)  # no DEF: no damage (10.6 p5)
    return [{"op": "deal_damage", "amount": amount, "target": target}]


@_effect(r"(?P<src>this card|it) deals that much damage to (?P<t>[^.]+?)")
def _deal_that_much(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    if m.group("src").lower() == "it" and not it_self:
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [{**effect, "that_much": True} for effect in _deal_to(m.group("t").strip(), 0, ctx)]


@_effect(r"destroy (?P<t>[^.]+?)")
def _destroy(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    standby = re.fullmatch(
        r"target (?:(?P<add>addition|\[Addition:Resonator\]) or (?:a )?)?card in (?P<w>a|your|your opponent's)"
        r" chant-standby area",
        m.group("t"),
    )
    if standby:  # "Destroy target card in a chant-standby area": the card text (1.4 p1)
        flt: JsonDict = {"zone": "standby", "types": []}
        whose = {"a": "any", "your": "you", "your opponent's": "opponent"}[standby.group("w")]
        if whose != "any":
            flt["controller"] = whose
        if standby.group("add"):  # "target addition or card in a chant-standby area": either (9.3 p2.4)
            added: JsonDict = {"zone": "field", "types": ["addition"]}
            if standby.group("add") != "addition":  # "target [Addition:Resonator] or a card in ..." (SKL-095)
                added, players = _selector(standby.group("add"), ctx)
                if players or added.get("types") != ["addition"]:
                    raise _GapError(f"target: {m.group('t')}")
            flt = {"zone": "field", "types": [], "any_of": [added, flt]}
        return [{"op": "destroy", "target": {"kind": "chosen", "filter": flt}}]
    phrases = re.split(r" and (?=(?:up to \w+ )?target )", m.group("t"))
    if len(phrases) == 2 and re.match(r"(?:up to \w+ )?target ", phrases[0]):
        # "Destroy up to one target resonator and up to one target regalia": one target group each,
        # one effect each (FoW-5.5 9.3 p2.4)
        return [{"op": "destroy", "target": _target(p, ctx)} for p in phrases]
    # "Destroy target Cthulhu": a ruler in a ruler area is a legal target that is not destroyed (10.9 p2)
    return [{"op": "destroy", "target": _target(m.group("t"), ctx, it_self=it_self, playground=True)}]


@_effect(
    r'(?P<t>[^."]+?) (?:also )?gains? (?:(?P<m>\[[+-]\d+/[+-]\d+\]) and )?(?P<q>"[^"]+"(?: and "[^"]+")*)'
    r" until (?:the )?end of (?:the )?turn"
)
def _gains_abilities(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # 'Target attacking resonator gains [+600/+600] and "Whenever this card deals damage to a
    # resonator, it deals that much damage to your opponent." until end of turn.' (10.19 p1): the
    # abilities are those of the card that gains them ("this card" is that card)
    every = re.fullmatch(r"(?P<f>[^\s]+ (?:J/)?resonators) you control", m.group("t").strip(), re.IGNORECASE)
    stones = re.fullmatch(r"magic stones you control", m.group("t").strip(), re.IGNORECASE)
    if stones and not m.group("m"):  # 'Magic stones you control gain "{Rest}: Produce ..." until end of turn'
        every = stones  # each of them, also those put into the area later this turn (9.9 p4)
    if every and not m.group("m"):  # 'Dragon J/resonators you control gain "..." until end of turn': each (9.9 p4)
        target: JsonDict | None = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
        if target is None or target["kind"] != "all":
            raise _GapError(f"effect: {m.group(0).strip()}")
    elif not re.match(rf"(?:(?:up to {NUM} )?target\b|it$|this card$|{_SAME}$)", m.group("t").strip(), re.I):
        raise _GapError(f"effect: {m.group(0).strip()}")  # only one chosen object, this card or "it"
    else:
        target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    if target is None or target["kind"] not in ("chosen", "same", "self", "all"):
        raise _GapError(f"effect: {m.group(0).strip()}")
    if target["kind"] == "chosen" and (target.get("count", 1) != 1 or target.get("up_to")):
        raise _GapError(f"effect: {m.group(0).strip()}")
    host = _Ctx(ctx.card_id, "magic_stone" if stones else "resonator", None, ctx.races, ctx.ids)
    granted: list[JsonDict] = []
    for quoted in re.findall(r'"([^"]+)"', m.group("q")):
        text = _clean(quoted)
        if _keyword(quoted, text, host) is not None:
            raise _GapError(f"effect: gains {quoted}")
        granted += _ability(quoted, text, host)
    out: list[JsonDict] = []
    if m.group("m"):
        atk, def_, _ = _modifiers(m.group("m"))
        out.append({"op": "modify", "atk": atk, "def": def_, "target": target, "duration": "end_of_turn"})
        if target["kind"] == "chosen":
            target = {"kind": "same"}  # the same target gains both (one target group, 9.3 p2.4)
    out.append({"op": "grant_abilities", "abilities": granted, "target": target})
    return out


@_effect(r"choose a number\.\s*destroy all (?P<t>[^.]+?) with total cost equal to the chosen number")
def _destroy_chosen_total_cost(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Choose a number. Destroy all resonators with total cost equal to the chosen number.": the
    # number (an integer of 0 or higher, FoW-5.5 1.4 p5) is chosen on resolution
    out = _effects(f"Destroy all {m.group('t')}.", ctx)
    if len(out) != 1 or out[0]["op"] != "destroy" or out[0]["target"]["kind"] != "all":
        raise _GapError(f"effect: {m.group(0)}")
    return [{**out[0], "chosen_total_cost": True}]


@_effect(
    r"(?P<t>target [^.]+?) gains (?P<a>\[(?:[+-]\d+|0)/(?:[+-]\d+|0)\]) or (?P<b>\[(?:[+-]\d+|0)/(?:[+-]\d+|0)\]) "
    r"until (?:the )?end (?:of )?(?:the )?turn"
)
def _gains_either(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Target resonator gains [-800/0] or [0/+800] until end turn." (TTW-053; "end turn": a misprint of
    # "end of turn"): one chosen target; which change it gains is chosen on resolution (9.3 p3.2)
    target = _target(m.group("t"), ctx)
    if target.get("kind") != "chosen" or target.get("count", 1) != 1 or target.get("up_to"):
        raise _GapError(f"effect: {m.group(0).strip()}")
    atk, def_, _ = _modifiers(m.group("a"))
    other_atk, other_def, _ = _modifiers(m.group("b"))
    modify = {"op": "modify", "atk": atk, "def": def_, "target": target, "duration": "end_of_turn"}
    return [{**modify, "or_gains": [other_atk, other_def]}]


@_effect(
    r"remove the top (?P<n>{NUM}) cards of your main deck from the game\.\s*this card deals (?P<a>\d+) damage "
    r"multiplied by the combined total cost of the cards removed this way to (?P<t>[^.]+?)".replace("{NUM}", NUM)
)
def _deal_per_cost_removed(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Keeper of the Future, Skuld (TMS-023): "... remove the top two cards of your main deck from the game.
    # This card deals 100 damage multiplied by the combined total cost of the cards removed this way to
    # target J/resonator." (10.3 p1; total cost 2.3)
    mill = {"op": "mill", "count": _number(m.group("n")), "who": "you", "to": "removed"}
    deal = _deal_to(m.group("t").strip(), int(m.group("a")), ctx)
    if len(deal) != 1:
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [mill, {**deal[0], "per_cost_removed": True}]


@_effect(
    r"(?P<who>this card|it) deals (?P<a>\d+) damage multiplied by the combined total cost of the cards removed this "
    r"way to (?P<t>[^.]+?)"
)
def _deal_per_cost_removed_before(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Keeper of the Past, Urthr (TMS-024): "... you may remove up to two cards in your graveyard from the
    # game. If you do, it deals 200 damage multiplied by the combined total cost of the cards removed
    # this way to target J/resonator.": the cards the removal just before put there (9.3 p3; 2.3)
    if m.group("who").lower() == "it" and not it_self:
        raise _GapError(f"effect: {m.group(0).strip()}")
    deal = _deal_to(m.group("t").strip(), int(m.group("a")), ctx)
    if len(deal) != 1:
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [{**deal[0], "per_cost_removed": True}]


@_effect(
    r"name a card\.\s*reveal the top (?P<n>{NUM}) cards of your main deck\.\s*put all revealed cards with that name "
    r"into your hand and shuffle the rest into your main deck".replace("{NUM}", NUM)
)
def _reveal_named(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Hare of Inaba (BFA-049): "... name a card. Reveal the top four cards of your main deck. Put all
    # revealed cards with that name into your hand and shuffle the rest into your main deck." (10.4, 10.20)
    return [{"op": "reveal_named", "count": _number(m.group("n"))}]


@_effect(r"name a card\.\s*reveal the top card of your main deck,? if it's the named card, put it into your hand")
def _reveal_named_card(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Hymnal's Memoria (TMS-098): "... name a card. Reveal the top card of your main deck, if it's the
    # named card, put it into your hand." (2.2 p3, 10.4 p1; otherwise it stays on top)
    return [{"op": "reveal_named", "count": 1, "rest": "stay"}]


@_effect(
    r"name a card type\.\s*reveal the top card of your main deck\.\s*if it's the named type, put it into your hand"
)
def _reveal_named_type(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Muse, Celestial of Music (TMS-040): "... name a card type. Reveal the top card of your main deck. If
    # it's the named type, put it into your hand." (2.1 p1, 10.4 p1; otherwise it stays on top)
    return [{"op": "reveal_named", "count": 1, "name": "card_type", "rest": "stay"}]


@_effect(r"pay any amount of life\.\s*draw a card for each (?P<n>\d+00) life you lost this way")
def _pay_any_life(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Pay any amount of life. Draw a card for each 500 life you lost this way." (TAT-090): the amount,
    # a multiple of one hundred (FoW-5.5 1.5 p4.1), is chosen on resolution
    return [{"op": "pay_any_life", "draw_per": int(m.group("n"))}]


@_effect(
    r"each player chooses an? (?P<t>[\w ]+?) they control, then each player banishes all other (?P<u>[\w ]+?) "
    r"they control"
)
def _keep_one(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Each player chooses a resonator they control, then each player banishes all other resonators they
    # control." (BFA-007): the choices on resolution, then the banishing (10.10 p1)
    kept, players = _selector(m.group("t"), ctx, loose=False)
    rest, more = _selector(m.group("u"), ctx, loose=False)
    if players or more or kept != rest or kept.get("types") != ["resonator"] or len(kept) != 2:
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [{"op": "keep_one", "filter": {**kept, "controller": "you"}}]


@_effect(r"choose an attribute\.\s*this card becomes the chosen attribute until end of turn")
def _become_chosen_attribute(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "{1}: Choose an attribute. This card becomes the chosen attribute until end of turn." (2.8, 9.9 p1)
    if ctx.type not in ("resonator", "j_ruler"):
        raise _GapError(f"effect: {m.group(0)}")
    return [{"op": "become_attribute", "target": {"kind": "self"}}]


@_effect(
    r"(?P<t>target [^.]+?) loses all races and (?:becomes an?|gains an?) "
    r"(?:(?P<choice>race of your choice)|(?P<r>[A-Z][\w' -]*?)) until end of turn"
)
def _lose_all_races(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Target resonator loses all races and becomes a Fairy Tale until end of turn" (TMS-038); "Target
    # J/resonator loses all races and gains a race of your choice until end of turn" (TAT-100): its races
    # replaced, non-value information (FoW-5.5 2.5, 9.9 p1); the race chosen among the known ones
    return [_race_change_effect(m.group("t"), m.group("r"), bool(m.group("choice")), ctx, m.group(0))]


@_effect(r"choose a race\.\s*(?P<t>target [^.]+?) becomes the chosen race until end of turn")
def _become_chosen_race(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "{Rest}, {U}: Choose a race. Target J/resonator becomes the chosen race until end of turn.": the race
    # chosen as it resolves, the target's races replaced (it loses the older information, FoW-5.5 9.9)
    return [_race_change_effect(m.group("t"), None, True, ctx, m.group(0))]


@_effect(r"choose a race")
def _choose_a_race(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "[Enter]: Choose a race. As long as you control this card, J/resonators of the chosen race cannot
    # attack you." (MOA-039): the race chosen on resolution among the known races (FoW-5.5 2.5 p1), read by
    # the effects after it ("of the chosen race")
    known = sorted(r for r in ctx.races if r)
    if not known:
        raise _GapError(f"effect: {m.group(0)}")
    return [{"op": "choose_race", "choices": known}]


@_effect(r"as long as you control this card, (?P<t>[^.]+?) cannot attack you")
def _cannot_attack_you_while_controlled(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "As long as you control this card, J/resonators of the chosen race cannot attack you.": they may not
    # choose you as the attacked player (8.2 p3.2, a prohibition 1.4 p4) while the effect's controller
    # controls its source; not made if they don't as it resolves (9.9 p8)
    target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    if target is None or target.get("kind") != "all" or target.get("filter", {}).get("types") == []:
        raise _GapError(f"target: {m.group('t')}")
    return [{"op": "restrict", "target": target, "rules": ["cannot_attack_you"], "duration": "source_controlled"}]


def _race_change_effect(target: str, race: str | None, chosen: bool, ctx: _Ctx, sentence: str) -> JsonDict:
    """A ``change_races`` effect on ``target``: all races lost, ``race`` (a known race) or a race chosen
    among the known races gained, until end of turn."""
    known = sorted(r for r in ctx.races if r)
    if not known or (race is not None and race not in ctx.races):
        raise _GapError(f"effect: {sentence.strip()}")
    out: JsonDict = {"op": "change_races", "target": _target(target, ctx), "lose_all": True}
    if chosen:
        out.update(of_choice=True, choices=known)
    else:
        out["gain"] = [race]
    return out


@_effect(r"choose any number of attributes\.\s*this card becomes those attributes until end of turn")
def _become_chosen_attributes(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "{G}: Choose any number of attributes. This card becomes those attributes until end of turn." (2.8, 9.9 p1)
    if ctx.type not in ("resonator", "j_ruler"):
        raise _GapError(f"effect: {m.group(0)}")
    return [{"op": "become_attribute", "target": {"kind": "self"}, "any_number": True}]


@_effect(r"add this card to another (?P<t>target [^.]+?)")
def _add_self_to(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "{R}{R}: Add this card to another target resonator." (an [Addition:Resonator], FoW-5.5 10.1 p1):
    # "another": not the card it is added to now
    if ctx.type != "addition" or ctx.subtype != "resonator":
        raise _GapError(f"effect: {m.group(0).strip()}")
    target = _target(m.group("t"), ctx)
    if target.get("kind") != "chosen" or target.get("count", 1) != 1 or target["filter"].get("types") != ["resonator"]:
        raise _GapError(f"target: {m.group('t')}")
    target["filter"]["not_host"] = True
    return [{"op": "add_self_to", "target": target}]


@_effect(r"add (?P<it>it|this card from your graveyard) to (?:a )?(?P<t>target resonator you control|that resonator)")
def _add_from_graveyard(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "When this card is put into a graveyard from a field, you may add it to a target resonator you control"
    # (TAT-081: "it", this card where it went, 3.1 p3); "Whenever a resonator enters your field, you may add
    # this card from your graveyard to that resonator" (SKL-073): into the field added onto it (10.1 p2)
    own = ctx.own_move if m.group("it").lower() == "it" else ctx.in_graveyard
    if ctx.type != "addition" or ctx.subtype != "resonator" or not own:
        raise _GapError(f"effect: {m.group(0).strip()}")
    if m.group("t").lower() == "that resonator":
        if ctx.subject != "resonator":
            raise _GapError(f"effect: {m.group(0).strip()}")
        return [{"op": "add_from_graveyard", "target": {"kind": "that", "filter": {"types": ["resonator"]}}}]
    target = _target(m.group("t"), ctx)
    if target.get("kind") != "chosen" or target.get("count", 1) != 1:
        raise _GapError(f"target: {m.group('t')}")
    return [{"op": "add_from_graveyard", "target": target}]


@_effect(r"move (?P<t>target \[addition: ?resonator\] [^.]*?) onto another resonator")
def _move_addition(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "[Activate] {Rest}: Move target [Addition: Resonator] you control onto another resonator" (CMF-003):
    # the resonator is chosen on resolution, not targeted (10.1 p1, p2)
    target = _target(m.group("t"), ctx)
    flt = target.get("filter", {})
    if target.get("kind") != "chosen" or target.get("count", 1) != 1 or flt.get("subtypes") != ["resonator"]:
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [{"op": "move_addition", "target": target}]


def _value_change_subject(m: re.Match[str], ctx: _Ctx, it_self: bool) -> JsonDict:
    """The card(s) group ``t`` names whose ATK and DEF a value change alters (FoW-5.5 9.9 p1.4); a
    target with no card type is a gap, as it may also be a ruler."""
    target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    assert target is not None
    if target.get("filter", {}).get("types") == []:
        raise _GapError(f"target: {m.group('t')} (no card type: it may also be a ruler)")
    return target


@_effect(r"(?:switch|swap) (?:the )?atk and def of (?P<t>this card|target [^.]+?) until (?:the )?end of (?:the )?turn")
def _switch_stats(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "{U}: Switch the ATK and DEF of this card until end of turn." (a value change, FoW-5.5 9.9 p1.4);
    # "swap ATK and DEF of this card until end of turn" (CMF-025) says the same
    return [{"op": "switch_stats", "target": _value_change_subject(m, ctx, it_self)}]


@_effect(r"(?P<t>this card|target [^.]+?)'s? ATK becomes equal to its DEF until (?:the )?end of (?:the )?turn")
def _atk_becomes_def(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "{Rest}: Target resonator's ATK becomes equal to its DEF until end of turn.": a value change
    # of the ATK alone, to the DEF the card has at that point (FoW-5.5 9.9 p1.4)
    return [{"op": "switch_stats", "target": _value_change_subject(m, ctx, it_self), "atk_becomes_def": True}]


@_effect(r"this card gains (?P<m>\[[^\]]+\](?:, \[[^\]]+\])*,? or \[[^\]]+\]) until end of turn")
def _gains_one_of(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "This card gains [Swiftness], [Flying] or [Target Attack] until end of turn." (MPR-094): one of
    # them, chosen by the controller as the effect is applied (FoW-5.5 9.3 p3.2, 10.19 p1)
    skills: list[str] = []
    for item in re.split(r",? or |, ", m.group("m")):
        found = SYMBOL_SKILLS.get(item.strip().strip("[]").lower())
        if found is None or found in skills:
            raise _GapError(f"effect: a choice of modifiers ({m.group('m')})")
        skills.append(found)
    first, *others = skills
    return [
        {
            "op": "grant_skill",
            "skill": first,
            "target": {"kind": "self"},
            "duration": "end_of_turn",
            "or_skills": others,
        }
    ]


@_effect(r"(?P<t>[^.]+?) gains? (?!control of\b)(?P<m>[^.]+?) until (?:the )?end of (?:the )?turn")
def _gains(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    pair = re.fullmatch(r"(?P<m1>\[[^\]]+\]) and (?P<t2>[^\[]+?) gains? (?P<m2>\[[^\]]+\])", m.group("m").strip())
    if pair and not m.group("t").strip().lower().startswith("target "):
        # "Non-Wererabbit resonators gain [-500/0] and Wererabbit resonators gain [+500/0] until end
        # of turn": two effects, each on every object its subject names (FoW-5.5 9.9 p4)
        each: list[JsonDict] = []
        for subject, mods in ((m.group("t"), pair["m1"]), (pair["t2"], pair["m2"])):
            affected = _subject(subject, ctx, continuous=False, it_self=it_self)
            atk, def_, skills = _modifiers(mods)
            if affected is None or affected.get("kind") != "all" or skills:
                raise _GapError(f"effect: {m.group(0).strip()}")
            each.append({"op": "modify", "atk": atk, "def": def_, "target": affected, "duration": "end_of_turn"})
        return each
    both = re.fullmatch(r"this card and (?P<t>target .+)", m.group("t").strip(), re.IGNORECASE)
    if both:  # "This card and target resonator gain [-200/-200]": one effect on each
        atk, def_, skills = _modifiers(m.group("m"))
        if skills:
            raise _GapError(f"effect: {m.group(0).strip()}")
        return [
            {"op": "modify", "atk": atk, "def": def_, "target": t, "duration": "end_of_turn"}
            for t in ({"kind": "self"}, _target(both.group("t"), ctx))
        ]
    if m.group("t").strip().lower().startswith("target "):
        # "Target Gorgon gains [+200/0]": a Gorgon ruler in a ruler area is a legal target too (2.5 p4);
        # without ATK/DEF it changes nothing, and it keeps the effect if it becomes a J-ruler (3.1 p3)
        target: JsonDict | None = _target(m.group("t").strip(), ctx, playground=True)
    else:
        target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    assert target is not None
    mods, lost = m.group("m"), ""
    split = re.fullmatch(r"(?P<mods>.+?)\s+and\s+lose\s+(?P<lost>.+)", mods, re.IGNORECASE)
    if split:
        mods, lost = split.group("mods"), split.group("lost")
    atk, def_, skills = _modifiers(mods)
    out: list[JsonDict] = []
    if lost and target["kind"] == "chosen":  # one target group for several effects: not expressed
        raise _GapError(f"effect: {m.group(0).strip()}")
    if atk or def_ or not skills:
        out.append({"op": "modify", "atk": atk, "def": def_, "target": target, "duration": "end_of_turn"})
    out += [{"op": "grant_skill", "skill": s, "target": target, "duration": "end_of_turn"} for s in skills]
    if lost:  # "gain [-200/-200] and lose [Flying] until end of turn": each effect on the same cards
        out += _lose_skills(lost, target, m.group(0))
    if len(out) > 1 and target["kind"] == "chosen":
        # one chosen target gaining several modifiers: a single effect, a single target group
        return [
            {"op": "modify", "atk": atk, "def": def_, "target": target, "duration": "end_of_turn", "skills": skills}
        ]
    return out


@_effect(
    r"this card gains \[(?P<a>\+X|\+0)/(?P<d>\+X|\+0)\] until end of turn, where X is the (?P<s>ATK|DEF) of the"
    r" destroyed resonator"
)
def _gains_x_of_destroyed(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Destroy target resonator. This card gains [+X/+0] until end of turn, where X is the ATK of the
    # destroyed resonator.": X read as it last was in the field (FoW-5.5 9.11)
    atk, def_ = (int(m.group(g) == "+X") for g in ("a", "d"))
    if not (atk or def_):
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [
        {
            "op": "modify",
            "atk": atk,
            "def": def_,
            "target": {"kind": "self"},
            "duration": "end_of_turn",
            "x_of_destroyed": m.group("s").lower(),
        }
    ]


@_effect(
    r"(?P<t>[^.]+?) gains? \[\+X/\+Y\] until end of turn, where X is the (?P<a>destroyed resonator)'s ATK and Y is"
    r" the (?P<d>destroyed resonator)'s DEF"
)
def _gains_stats_of_subject(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Big-Bang Revolution (TAT-020): "[Trigger] When a resonator you control is destroyed: Two target
    # resonators gain [+X/+Y] until end of turn, where X is the destroyed resonator's ATK and Y is the
    # destroyed resonator's DEF.": the resonator the trigger condition names, as it was in the field (9.6 p7.2)
    if ctx.subject != "resonator":
        raise _GapError(f"effect: {m.group(0).strip()}")
    target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    if target is None:
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [{"op": "modify", "atk": 1, "def": 1, "target": target, "duration": "end_of_turn", "of_subject": True}]


def _lose_skills(text: str, target: JsonDict, sentence: str) -> list[JsonDict]:
    """ "[Flying]" / "[Flying] and [First Strike]" lost by ``target`` until end of turn (9.9 p1)."""
    out: list[JsonDict] = []
    for item in re.split(r"\s*,\s*and\s+|\s*,\s*|\s+and\s+", text.strip()):
        sm = re.fullmatch(r"\[([^\]]+)\]", item)
        if not (sm and sm.group(1).lower() in SYMBOL_SKILLS):
            raise _GapError(f"effect: {sentence.strip()}")
        out.append({"op": "lose_skill", "skill": SYMBOL_SKILLS[sm.group(1).lower()], "target": target})
    return out


@_effect(r"(?P<t>target [^.\[\"]+?) (?P<m>\[[+-]\d+/[+-]\d+\]) until end of turn")
def _gains_misprint(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    """ "Target resonator [+600/+600] until end of turn." (TAT-060): "gains" left out, a misprint."""
    if re.search(r"\b(?:gains?|loses?|becomes?)$", m.group("t"), re.IGNORECASE):
        raise _GapError(f"effect: {m.group(0).strip()}")
    return _gains(m, ctx, it_self)


@_effect(
    r"search your (?:main )?deck for (?P<d>(?:[^.,\"]|\"[^\"]*\")+?),? "
    r"reveal (?:it|them),? (?:and )?put (?:it|them) into your hand"
    r"(?P<shuffle>(?:\.\s*then,?|, then|\s+then|\. then) shuffle your (?:main )?deck)?"
)
def _search(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # without "Then shuffle" in the sentence, the shuffle is a "shuffle" effect of its own, if any:
    # "You may search ... and put it into your hand. Then shuffle your main deck." (FoW-5.5 10.20)
    out = _search_hand(m, ctx)
    if not m.group("shuffle"):
        out[0]["shuffle"] = False
    return out


@_effect(
    r"search your (?:main )?deck for a card and put it into your chant-standby area face down"
    r"(?P<shuffle>(?:\.\s*then,?|, then|\s+then) shuffle your (?:main )?deck)?"
)
def _search_to_standby(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "... search your main deck for a card and put it into your chant-standby area face down. Then
    # shuffle your main deck." (10.13 p2; face down, not revealed, 3.11)
    out: JsonDict = {"op": "search", "filter": {"zone": "main_deck", "types": []}, "to": "standby", "reveal": False}
    if not m.group("shuffle"):
        out["shuffle"] = False
    return [out]


@_effect(
    r"search your (?:main )?deck,? for a card,? and put (?:put )?it into your hand"  # "put put": a misprint (TTW-063J)
    r"(?P<shuffle>(?:\.\s*(?:then|the),?|, then|\s+then) shuffle your (?:main )?deck)?"  # "The shuffle" (MPR-064J)
)
def _search_unrevealed(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Search your main deck for a card and put it into your hand. Then shuffle your main deck.": any
    # card, found without revealing it (FoW-5.5 10.13 p2; only what is to be revealed is, 10.4)
    out: JsonDict = {"op": "search", "filter": {"zone": "main_deck", "types": []}, "reveal": False}
    if not m.group("shuffle"):
        out["shuffle"] = False
    return [out]


def _search_hand(m: re.Match[str], ctx: _Ctx) -> list[JsonDict]:
    desc = m.group("d").strip()
    named_as = re.fullmatch(r"a card name[sd] as (?P<t>target resonator)", desc, re.IGNORECASE)
    if named_as:  # "a card names as target resonator" ("names": a misprint of "named", BFA-033): 2.2, 9.3 p2.4
        target = _target(named_as.group("t"), ctx)
        return [{"op": "search", "filter": {"zone": "main_deck", "types": []}, "target": target}]
    either = re.fullmatch(r"(?P<a>(?:a|an) .+?) and/or (?:a |an )?(?P<b>.+)", desc, re.IGNORECASE)
    if either and "them" in m.group(0).lower():  # "for a Twelve Apostle and/or card named "X", reveal them"
        first = _search_filter(either.group("a"), ctx)
        second = _search_filter(f"a {either.group('b')}", ctx)
        return [{"op": "search", "filter": first, "and_or": second, "count": 2}]
    return [_search_filter(desc, ctx, search=True)]


def _search_filter(desc: str, ctx: _Ctx, *, search: bool = False) -> JsonDict:
    """The filter of "a Twelve Apostle" / "up to two Fairies" searched for (with ``search``: the
    whole ``search`` effect, its count included)."""
    count = 1
    cm = re.match(rf"up to (?P<n>{NUM}) (?P<rest>.+)$", desc, re.IGNORECASE)
    if cm:
        count = _number(cm.group("n"))
        desc = cm.group("rest")
    else:
        am = re.match(r"(?:a|an) (?P<rest>.+)$", desc, re.IGNORECASE)
        if not am:
            raise _GapError(f"effect: search for {desc}")
        desc = am.group("rest")
    nm = re.match(r'^cards? named? "([^"]+)"$', desc)  # "a card name "Kaguya..."": a misprint of "named"
    if nm:
        flt: JsonDict = {"zone": "main_deck", "types": [], "name": nm.group(1)}
    else:
        if desc.endswith(" card") and desc != "card":
            desc = desc[: -len(" card")]
        elif desc.endswith(" cards") and desc != "cards":
            desc = desc[: -len(" cards")]
        flt, players = _selector(desc, ctx, zone="main_deck")
        if players or "controller" in flt or "rested" in flt or flt.get("other_than_self"):
            raise _GapError(f"effect: search for {desc}")
    if not search:
        if count != 1:
            raise _GapError(f"effect: search for {desc}")
        return flt
    out: JsonDict = {"op": "search", "filter": flt}
    if count != 1:
        out["count"] = count
    return out


@_effect(
    r"search your (?:main )?deck for an? (?P<r>[^.,\"]+?) addition that can be added to an? (?P<h>J/resonator)"
    r" and put it into the field, added to this card"
)
def _search_added_to_this(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "You may search your main deck for a Weapon addition that can be added to a J/resonator and put it into
    # the field, added to this card. If you do, shuffle your deck." (10.13 p2, 10.1 p1-p2): [Addition:
    # J/Resonator] (2.1 p3.2); the shuffle is the "If you do" after it (_shuffle_if_searched)
    flt, players = _selector(f"{m.group('r')} addition", ctx, zone="main_deck")
    if players or set(flt) - {"zone", "types", "races"} or not flt.get("races") or ctx.type not in ("j_ruler",):
        raise _GapError(f"effect: {m.group(0)}")
    flt["subtypes"] = ["j_resonator"]
    return [{"op": "search", "filter": flt, "to": "field", "added_to_source": True, "shuffle": False}]


@_effect(
    r"search your (?:main )?deck for (?P<d>(?:[^.,\"]|\"[^\"]*\")+?),? (?:reveal (?:it|them),? )?(?:and )?"
    r"put (?P<them>it|them) into your field(?P<rested> rested)?"
    r"(?P<enter>\.\s*this triggers its \[Enter\] ability)?"
    r"(?P<shuffle>(?:\.\s*then,?|, then|\s+then|\. then) shuffle your (?:main )?deck)?"
)
def _search_to_field(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Search your main deck for a card named "Black Goat" and put it into your field. Then
    # shuffle your main deck." (FoW-5.5 10.13): one card, not revealed, into the field
    desc = m.group("d").strip()
    count = 1
    up = re.match(rf"up to (?P<n>{NUM}) (?P<rest>.+)$", desc, re.IGNORECASE)
    am = re.match(r"(?:a|an) (?P<rest>.+)$", desc, re.IGNORECASE)
    xm = re.match(r"(?:up to )?X (?P<rest>.+) cards$", desc)
    count_x = bool(xm) and m.group("them") == "them" and (ctx.x or ctx.type == "j_ruler")
    if xm and count_x:  # "Search your main deck for X Treasury Item cards and put them into your field":
        desc = xm.group("rest")  # the X of the [Judgment] / [Awakening] cost (9.3 p2.5)
    elif up and m.group("them") == "them":  # "search ... for up to four Rabbit resonators ... and put them"
        count = _number(up.group("n"))
        desc = up.group("rest")
    elif am and m.group("them") == "it":
        desc = am.group("rest")
    else:
        raise _GapError(f"effect: search for {desc} and put {m.group('them')} into your field")
    equal = re.fullmatch(
        r"(?P<d>.+?) with total cost equal to the number of (?P<c>[a-z][a-z ]*?) counters on this card", desc, re.I
    )
    if equal:  # "a resonator with total cost equal to the number of creation counters on this card"
        desc = equal.group("d")
    nm = re.match(r'^card names? "([^"]+)"$', desc)  # "a card names "Excalibur..."": a misprint (TTW-001J)
    nm = nm or re.match(r'^card named "([^"]+)"$', desc)
    if nm:
        flt: JsonDict = {"zone": "main_deck", "types": [], "name": nm.group(1)}
    else:
        if desc.endswith(" card") and desc != "card":
            desc = desc[: -len(" card")]
        flt, players = _selector(desc, ctx, zone="main_deck")
        if players or "controller" in flt or "rested" in flt or flt.get("other_than_self"):
            raise _GapError(f"effect: search for {desc} and put {m.group('them')} into your field")
    out: JsonDict = {"op": "search", "filter": flt, "to": "field"}
    if m.group("rested"):  # "... and put it into your field rested" (10.12 p1)
        out["rested"] = True
    if equal:
        out["total_cost_equal_to"] = {"counter": equal.group("c").lower()}
    if count != 1:
        out["count"] = count
    if count_x:
        out["count_x"] = True
    if m.group("enter"):
        out["triggers_enter"] = True
    if not m.group("shuffle"):  # a "shuffle" effect of its own follows, if any (10.20)
        out["shuffle"] = False
    return [out]


@_effect(r"the next damage (?P<t>this card) would deal this turn is dealt to you instead")
def _redirect_dealt(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "If its total cost is even, the next damage this card would deal this turn is dealt to you instead."
    # (FoW-5.5 9.10 p1): a replacement effect for the turn, on this card's next damage
    return [{"op": "redirect_dealt", "target": {"kind": "self"}}]


@_effect(r"shuffle your (?:main )?deck")
def _shuffle(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Then shuffle your main deck." after a search the player may not make (FoW-5.5 10.20)
    return [{"op": "shuffle"}]


@_effect(
    r"reveal the top card of your main deck\.\s*if it(?:'s| is) (?P<d>(?:[^.,\"]|\"[^\"]*\")+?),\s*"
    r"put it into your (?P<then>hand|field)"
    r"(?:\.\s*otherwh?ise,?\s*put i[tn] into your (?P<else>hand|graveyard))?"  # "Otherwhise, put in": misprints
)
def _reveal_top(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Reveal the top card of your main deck. If it's a Fairy resonator, put it into your hand."
    # (FoW-5.5 10.4); without "Otherwise" the card stays on top of the deck
    desc = m.group("d").strip()
    am = re.match(r"(?:a|an) (?P<rest>.+)$", desc, re.IGNORECASE)
    if not am:
        raise _GapError(f"effect: reveal the top card, if it's {desc}")
    flt, players = _selector(am.group("rest"), ctx, zone="main_deck")
    if players or "controller" in flt or "rested" in flt or flt.get("other_than_self"):
        raise _GapError(f"effect: reveal the top card, if it's {desc}")
    if flt.get("types") is None:  # "If it's a Wererabbit": a race names a card of any type (2.5 p4)
        if not set(flt) & {"races", "name", "names"}:
            raise _GapError(f"effect: reveal the top card, if it's {desc}")
        flt["types"] = []
    # "put it into your field": the engine moves only a card that can be in a field by itself (3.15 p4)
    out: JsonDict = {"op": "reveal_top", "filter": flt, "then": m.group("then").lower()}
    if m.group("else"):
        out["otherwise"] = m.group("else").lower()
    return [out]


@_effect(
    r"reveal the top card of your magic stone deck[.,]\s*if it(?:'s| is) an? (?P<a>light|fire|water|wind|darkness) "
    r"magic stone,\s*put it into your magic stone area"
)
def _reveal_top_stone(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Reveal the top card of your magic stone deck, if it's a wind magic stone, put it into your
    # magic stone area." (FoW-5.5 10.4, 3.7): "wind magic stone" is a magic stone type (2.1 p5.2);
    # another card stays on top of the magic stone deck
    kind = _STONE_TYPE_OF[ATTRIBUTE_WORDS[m.group("a").lower()]]
    flt = {"zone": "stone_deck", "types": ["magic_stone"], "stone_types": [kind]}
    return [{"op": "reveal_top", "filter": flt, "deck": "stone_deck", "then": "stone_area"}]


@_effect(
    r"reveal cards from the top of your main deck until you reveal (?:a|an) (?P<d>[^.]+?)\.\s*"
    r"put that card into your (?P<to>field|hand),? and shuffle the rest into your main deck"
)
def _reveal_until(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Reveal cards from the top of your main deck until you reveal a Machine with total cost 1.
    # Put that card into your field and shuffle the rest into your main deck." (FoW-5.5 10.4, 10.20)
    desc = m.group("d").strip()
    flt, players = _selector(desc, ctx, zone="main_deck")
    if players or set(flt) & {"controller", "rested", "other_than_self", "dealt_damage"}:
        raise _GapError(f"effect: reveal cards until you reveal {desc}")
    return [{"op": "reveal_top", "filter": flt, "then": m.group("to").lower(), "until": True}]


_IS_A = r"it(?:'s| is) (?:a|an) [^,.]+"


@_effect(
    r"reveal the top (?:card )?of your (?:main )?deck\.\s*"
    rf"if (?P<c>{_IS_A}|its total cost is (?:odd|even)),\s*(?P<then>[^.]+?)"
    r"(?:\.\s*otherwise,?\s*(?P<else>[^.]+?)|(?=\.|$))"  # without "Otherwise": nothing else happens
)
def _reveal_branch(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Reveal the top card of your main deck. If it's a resonator, this card gains [+200/+200]
    # until end of turn. Otherwise, return this card to its owner's hand." (FoW-5.5 10.4): the
    # card stays on top; what happens depends on it
    cond = m.group("c").lower()
    if cond.startswith("its total cost is "):
        flt: JsonDict = {"zone": "main_deck", "types": [], "total_cost_parity": cond.split()[-1]}
    else:
        desc = re.sub(r"^it(?:'s| is) (?:a|an) ", "", m.group("c"), flags=re.IGNORECASE)
        flt, players = _selector(desc, ctx, zone="main_deck")
        if players or set(flt) & {"controller", "rested", "other_than_self", "dealt_damage"}:
            raise _GapError(f"effect: reveal the top card, if it's {desc}")
    then = _effects(_capitalise(m.group("then")), ctx, it_self=it_self)
    otherwise = _effects(_capitalise(m.group("else")), ctx, it_self=it_self) if m.group("else") else []
    if any(_pauses(e) for e in then + otherwise):
        raise _GapError(f"effect: {m.group(0).strip()}")
    reveal: JsonDict = {"op": "reveal_top", "then": "stay"}
    return [
        reveal,
        {"op": "if", "condition": {"kind": "top_card", "filter": flt}, "effects": then, "otherwise": otherwise},
    ]


_AMONG = r'(?:[^.,"]|"[^"]*")+?'
_NAMED = r'cards? named "[^"]+"(?:(?:,|,? and/or|,? or|,? and) "[^"]+")*'


@_effect(
    rf"(?P<v>reveal|look at) (?:the )?top (?P<n>{NUM}) cards of your main deck\.\s*(?:"
    rf"put (?P<q>a|an|one|up to {NUM}|any number of) (?P<d>{_NAMED}|{_AMONG}) (?:from )?among them into your hand"
    r"|put (?P<one>one) of them into your hand"
    rf"|you may reveal (?:a|an) (?P<md>{_AMONG}) from among them and put it into your hand"
    rf"|you may put (?:a|an) (?P<mp>{_AMONG}) (?:from )?among them into your (?P<to>hand|field))"
    r"(?:\.\s*|,? and )(?P<rest>put the rest into your grave(?:yard|uard)"  # "graveuard": a misprint
    r"|put the rest on the bottom of your main deck(?: in any order)?|remove the rest from the game face down)"
)
def _look_top(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Reveal the top four cards of your main deck. Put a Card Soldier card among them into your
    # hand. Put the rest into your graveyard." (FoW-5.5 10.4, 10.13)
    out: JsonDict = {"op": "look_top", "count": _number(m.group("n"))}
    if m.group("v").lower() == "reveal":
        out["reveal"] = True
    desc = m.group("d") or m.group("md") or m.group("mp")
    if m.group("md"):
        out.update(up_to=True, reveal_picked=True)  # "you may reveal a card ... and put it"
    elif m.group("mp"):  # "You may put a light resonator ... from among them into your field."
        out["up_to"] = True
        if m.group("to").lower() == "field":
            out["to"] = "field"
    elif m.group("q") and m.group("q").lower().startswith("up to "):
        out.update(up_to=True, pick=_number(m.group("q").split()[-1]))
    elif m.group("q") and m.group("q").lower() == "any number of":
        out.update(up_to=True, pick=out["count"])
    if desc:
        nm = re.fullmatch(r'cards? named "([^"]+)"', desc)
        if re.fullmatch(_NAMED, desc) and not nm:  # "cards named "A", "B" and/or "C""
            flt: JsonDict = {"zone": "main_deck", "types": [], "names": _names(desc)}
        elif nm:
            flt = {"zone": "main_deck", "types": [], "name": nm.group(1)}
        else:
            desc = re.sub(r"(?<=\S) cards?$", "", desc)
            flt, players = _selector(desc, ctx, zone="main_deck")
            if players or set(flt) & {"controller", "rested", "other_than_self", "dealt_damage"}:
                raise _GapError(f"effect: put {desc} among them into your hand")
        out["filter"] = flt
    if out.get("pick", 1) > out["count"]:
        raise _GapError(f"effect: {m.group(0).strip()}")
    rest = m.group("rest").lower()
    out["rest"] = "graveyard" if "grave" in rest else "bottom" if "bottom" in rest else "removed_face_down"
    return [out]


@_effect(rf"look at the top (?P<n>{NUM}) cards of your main deck and put them back in any order")
def _look_and_order(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Look at the top three cards of your main deck and put them back in any order." (3.1 p4)
    return [{"op": "look_top", "count": _number(m.group("n")), "pick": 0, "rest": "top"}]


@_effect(rf"look at the top (?P<n>{NUM}) cards of your main deck or magic stone deck and put them back in any order")
def _look_either_deck_and_order(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Look at the top three cards of your main deck or magic stone deck and put them back in any order."
    # (VIN002-013): the deck chosen as it resolves (9.3 p3.2), its top cards put back in order (3.1 p4)
    return [{"op": "look_top", "count": _number(m.group("n")), "pick": 0, "rest": "top", "pile": "either"}]


@_effect(
    r"look at the top card of your magic stone deck\.\s*if you (?:don't|do not) control a magic stone with the "
    r"same name as that card, you may put it into your magic stone area"
)
def _look_top_stone(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "look at the top card of your magic stone deck. If you don't control a magic stone with the same
    # name as that card, you may put it into your magic stone area." (3.1 p2, 2.2, 10.13 p2)
    out: JsonDict = {"op": "look_top", "count": 1, "filter": {"zone": "stone_deck", "types": []}, "up_to": True}
    return [{**out, "pile": "stone_deck", "to": "stone_area", "rest": "top", "new_stone_name": True}]


@_effect(r"look (?:at )?the top card of your opponent's main deck")
def _look_opponents_top(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "[Enter]: You may look the top card of your opponent's main deck." ("look the": a misprint of
    # "look at"): the looker alone sees it (3.1 p2); it stays on top
    return [{"op": "look_top", "count": 1, "pick": 0, "rest": "top", "deck": "opponent"}]


@_effect(r"look at the top card of your main deck\.\s*you may put it on the bottom of your main deck")
def _look_and_bottom(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "{Rest}: Look at the top card of your main deck. You may put it on the bottom of your main deck."
    return [{"op": "look_top", "count": 1, "up_to": True, "to": "bottom", "rest": "top"}]


@_effect(
    r"cancel target (?P<k>spell|normal spell|summon spell)(?P<opp> your opponent controls)?(?P<x> with total cost X)?"
    r"(?: unless its controller pays (?P<c>(?:\{[^{}]+\})+))?"
)
def _cancel(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "spell" is any card in the chase area; "summon spell" a resonator; "normal spell"
    # any other type (FoW-5.5 3.13 p3); "unless its controller pays {2}": their choice on resolution
    kind = m.group("k").lower()
    types = {
        "spell": _ALL_CARD_TYPES,
        "summon spell": ["resonator"],
        "normal spell": [t for t in _ALL_CARD_TYPES if t != "resonator"],
    }[kind]
    out: JsonDict = {"op": "cancel", "target": {"kind": "chosen", "filter": {"zone": "chase", "types": list(types)}}}
    if m.group("opp"):  # "your opponent controls": the player who played it controls it (3.13, 9.3 p2.2)
        out["target"]["filter"]["controller"] = "opponent"
    if m.group("x"):  # "with total cost X": the X of the [Activate] cost (2.3, 9.3 p2.5)
        if not ctx.x_activate:
            raise _GapError(f"effect: {m.group(0)}")
        out["target"]["filter"]["total_cost_x"] = True
    if m.group("c"):
        out["unless_pays"] = _will_cost(m.group("c"), f"effect: {m.group(0)}")
    return [out]


@_effect(r"cancel that spell or ability")
def _cancel_that(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "When a spell or ability your opponent controls targets a J/resonator you control, ... cancel that
    # spell or ability." (TMS-065): the chase item the trigger condition names (10.11)
    if ctx.subject != "chase":
        raise _GapError(f"effect: {m.group(0)} (no spell or ability named before)")
    return [{"op": "cancel", "target": {"kind": "that", "filter": {"zone": "chase", "types": []}}}]


@_effect(r"cancel target (?P<k>\[activate\]|activate|automatic) ability")
def _cancel_ability(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Cancel target [Activate] ability." (FoW-5.5 10.11): an ability of that kind in the chase area
    kind = "automatic" if m.group("k").lower() == "automatic" else "activate"
    flt: JsonDict = {"zone": "chase", "types": [], "abilities": [kind]}
    return [{"op": "cancel", "target": {"kind": "chosen", "filter": flt}}]


@_effect(r"return (?P<t>[^.]+?) to (?:its|it's|their) owners?'?s? hands?")  # "it's owners": a misprint (TTW-046)
def _return(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    that_many = " with total cost less than or equal to the number of cards discarded this way"
    if m.group("t").endswith(that_many):  # checked against the discard before it, in _effects
        target = _target(m.group("t")[: -len(that_many)], ctx)
        if target["kind"] != "all":
            raise _GapError(f"effect: {m.group(0).strip()}")
        return [{"op": "return_to_hand", "target": target, "max_total_cost_that_many": True}]
    return [{"op": "return_to_hand", "target": _target(m.group("t"), ctx)}]


@_effect(rf"put (?P<n>{NUM}) (?P<c>\[[+-]\d+/[+-]\d+\]|[+-]\d+/[+-]\d+|[a-z][a-z ]*?) counters? on (?P<t>[^.]+?)")
def _counter(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    name = m.group("c").strip("[]")
    target = _target(m.group("t"), ctx, it_self=it_self, playground=True)  # "on target Six Sages" (2.5 p4)
    out: JsonDict = {"op": "put_counter", "counter": name, "target": target}
    if _number(m.group("n")) != 1:
        out["count"] = _number(m.group("n"))
    return [out]


@_effect(r"put (?P<c>[a-z][a-z ]*?) counters equal to the number of (?P<n>[^.]+?) on this card")
def _counters_equal(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "put hope counters equal to the number of resonators you control on this card": as many as
    # the count on resolution (FoW-5.5 10.21 p1, 9.3 p3); none if it is zero
    per = _number_of(m.group("n"), ctx)
    return [{"op": "put_counter", "counter": m.group("c").strip(), "target": {"kind": "self"}, "per": per}]


@_effect(rf"remove (?:(?P<all>all)|(?P<n>{NUM})) (?P<c>[a-z][a-z ]*?) counters? (?:from|on) (?P<t>this card|it)")
def _remove_counter(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Remove a frozen counter from this card." / "Then remove all support counters from this card."
    if m.group("t").lower() == "it" and not it_self:
        raise _GapError(f"effect: {m.group(0).strip()}")
    out: JsonDict = {"op": "remove_counter", "counter": m.group("c").strip(), "target": {"kind": "self"}}
    if m.group("all"):
        out["all"] = True
    elif _number(m.group("n")) != 1:
        out["count"] = _number(m.group("n"))
    return [out]


@_effect(r"(?:you )?gain that much life")
def _gain_that_much_life(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    return [{"op": "gain_life", "amount": 0, "who": "you", "that_much": True}]


@_effect(r"(?:you )?gain (?P<n>\d+) life")
def _gain_life(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    return [{"op": "gain_life", "amount": int(m.group("n")), "who": "you"}]


@_effect(r"put (?P<t>your j-ruler|this card) into your ruler area, as a ruler")
def _j_ruler_to_ruler_area(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Choose one - Put your J-Ruler into your ruler area, as a ruler; or ..." (BFA-050), "{0}: Put this
    # card into your ruler area, as a ruler." on a J-ruler (TTW-063J): ruler side up in the ruler area
    # (FoW-5.5 3.8 p1)
    if m.group("t").lower() == "this card":
        if ctx.type != "j_ruler":
            raise _GapError(f"effect: {m.group(0)}")
        return [{"op": "put_into_ruler_area", "target": {"kind": "self"}}]
    return [
        {
            "op": "put_into_ruler_area",
            "target": {"kind": "all", "filter": {"zone": "field", "types": ["j_ruler"], "controller": "you"}},
        }
    ]


@_effect(r"banish this card and you lose (?P<n>\d+) life")
def _banish_self_and_lose_life(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "... banish this card and you lose 1000 life." (CMF-054): two effects, in order (10.10 p1, 1.5 p4)
    return [
        {"op": "banish", "target": {"kind": "self"}},
        {"op": "lose_life", "amount": int(m.group("n")), "who": "you"},
    ]


@_effect(r"(?P<who>your opponent loses|you lose|each player loses) (?P<n>\d+) life")
def _lose_life(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    who = {"your opponent loses": "opponent", "you lose": "you", "each player loses": "each"}[m.group("who").lower()]
    return [{"op": "lose_life", "amount": int(m.group("n")), "who": who}]


@_effect(
    rf"(?P<who>your opponent banish(?:es)?|each player banishes) (?P<n>{NUM}) (?P<d>[^.,]+?)"
    r"(?: (?:he or she|they) controls?)?"
)
def _banish(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Your opponent banishes a resonator." / "Each player banishes a non-Shadow resonator." (10.10);
    # "Your opponent banish a non-attacking resonator he or she controls": the same ("banish", a
    # misprint, TAT-076; a player banishes only what they control anyway, 10.10 p2)
    flt, players = _selector(m.group("d"), ctx)
    if players or set(flt) & {"controller", "other_than_self"}:
        raise _GapError(f"effect: {m.group(0).strip()}")
    flt["controller"] = "you"  # what the banishing player controls (10.10 p2)
    out: JsonDict = {"op": "banish", "filter": flt}
    if _number(m.group("n")) != 1:
        out["count"] = _number(m.group("n"))
    if m.group("who").lower() == "each player banishes":  # the controller first, then the opponent
        return [{**out, "who": "you"}, {**out, "who": "opponent"}]
    return [{**out, "who": "opponent"}]


@_effect(rf"banish (?P<n>{NUM}) of your (?P<d>[^.,]+?)")
def _banish_of_yours(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "You may banish three of your fire magic stones.": three that you control (FoW-5.5 10.10 p2)
    text = f"banish {m.group('n')} {m.group('d')} you control"
    again = re.fullmatch(rf"banish (?P<n>{NUM}) (?P<d>[^.,]+? you control)", text, re.IGNORECASE)
    assert again is not None
    return _banish_yours(again, ctx, it_self)


@_effect(rf"banish (?P<n>{NUM}|another) (?P<d>[^.,]+? you control)")
def _banish_yours(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Banish one magic stone you control." / "Banish a resonator you control.": the controller
    # chooses one of their own cards and puts it into their graveyard (FoW-5.5 10.10 p1, p2)
    other = m.group("n").lower() == "another"
    flt, players = _selector(m.group("d"), ctx)
    if players or flt.get("controller") != "you" or flt.get("other_than_self"):
        raise _GapError(f"effect: {m.group(0).strip()}")
    if other:
        flt["other_than_self"] = True
    out: JsonDict = {"op": "banish", "filter": flt, "who": "you"}
    if not other and _number(m.group("n")) != 1:
        out["count"] = _number(m.group("n"))
    return [out]


@_effect(rf"banish (?P<n>{NUM}|another) (?P<d>[^.,]+?)")
def _banish_implied_yours(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "You may banish another resonator. If you do, ...": without "you control", still one of
    # the controller's own cards - a player may not banish cards they don't control (FoW-5.5 10.10 p2)
    flt, players = _selector(m.group("d"), ctx)
    if players or set(flt) & {"controller", "other_than_self"} or flt.get("zone", "field") != "field":
        raise _GapError(f"effect: {m.group(0).strip()}")
    if not flt.get("types"):  # "banish a card": also a magic stone or a ruler? not in the grammar
        raise _GapError(f"effect: {m.group(0).strip()}")
    return _banish_own(m, flt)


def _banish_own(m: re.Match[str], flt: JsonDict) -> list[JsonDict]:
    flt["controller"] = "you"
    other = m.group("n").lower() == "another"
    if other:
        flt["other_than_self"] = True
    out: JsonDict = {"op": "banish", "filter": flt, "who": "you"}
    if not other and _number(m.group("n")) != 1:
        out["count"] = _number(m.group("n"))
    return [out]


@_effect(
    r"you may pay (?P<c>(?:\{[WRUGB0-9]\})+) less to play cards with the same name as the card you searched"
    r" until end of turn"
)
def _pay_less_same_name_as_searched(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "... you may pay {B}{B} less to play cards with the same name as the card you searched until end of
    # turn." (TAT-089): a cost decrease of playing those cards (9.3 p2.5) the player asks for as they play
    # one, made by the effect until end of turn (9.9); the names are those of the card found (2.2)
    less = _will_cost(m.group("c"), "cost")
    change: JsonDict = {"of": "spell", "who": "you", "optional": True, "same_name_as_found": True}
    change.update({"less_will": less} if less["attribute"] else {"less": less["free"]})
    return [{"op": "change_cost", "change": change}]


@_effect(
    r"(?P<who>your opponent|you) pays? \{(?P<n>[1-9]\d*)\} (?P<dir>more|less) to play \[judgment\] abilities"
    r"(?: of your ruler)? this turn"
)
def _change_cost(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Banish this card: You pay {1} less to play [Judgment] abilities of your ruler this turn." (9.3 p2.5):
    # only a ruler has a [Judgment] (7.5)
    who = "opponent" if m.group("who").lower() == "your opponent" else "you"
    key = "more" if m.group("dir").lower() == "more" else "less"
    return [{"op": "change_cost", "change": {"of": "judgment", "who": who, key: int(m.group("n"))}}]


@_effect(r"remove all damage (?:that was dealt to|from|on) (?P<t>[^.]+?)(?: this turn)?")
def _remove_damage(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Remove all damage that was dealt to target J-Ruler this turn." (FoW-5.5 10.6 p1, 5.4 p5.1)
    target = _target(m.group("t"), ctx, it_self=it_self)
    if target.get("kind") == "all" or target.get("filter", {}).get("types") == []:
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [{"op": "remove_damage", "target": target}]


@_effect(r"banish (?P<t>this card|this resonator|it|@same)")
def _banish_this(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Banish this card if you don't control another Elf." / "At the end of turn, banish it.": the
    # controller puts that object into its owner's graveyard if they control it (FoW-5.5 10.10)
    t = m.group("t").lower()
    if t == "it" and not it_self:
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [{"op": "banish", "target": {"kind": "same" if t == "@same" else "self"}}]


@_effect(
    r"(?P<eot0>until end of turn, )?(?:you )?gain control of (?P<t>target [^.]+?|@same)"
    r"(?:(?P<d> as long as this card is (?:in|on) a field)|(?P<eot> until (?:the )?end of (?:the )?turn))?"
)
def _gain_control(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Gain control of target resonator.": for the rest of the game (FoW-5.5 1.5 p3); "... as long
    # as this card is in a field": until it leaves (9.1 p2.2); "until end of turn": until 5.4 p5.2
    if m.group("t") == _SAME:  # "Recover target resonator. You gain control of it until end of turn."
        eot = m["eot"] or m["eot0"]
        return [{"op": "gain_control", "target": {"kind": "same"}, **({"duration": "end_of_turn"} if eot else {})}]
    target = _target(m.group("t"), ctx)
    if target.get("kind") != "chosen" or target.get("count", 1) != 1 or target.get("up_to"):
        raise _GapError(f"effect: {m.group(0).strip()}")
    if target["filter"].get("types") == []:
        raise _GapError(f"target: {m.group('t')} (no card type: it may also be a ruler)")
    if m.group("d") and ctx.type == "spell":  # a spell is never in a field
        raise _GapError(f"effect: {m.group(0).strip()}")
    if m.group("eot0") and (m.group("d") or m.group("eot")):
        raise _GapError(f"effect: {m.group(0).strip()}")
    duration = "source_in_field" if m.group("d") else "end_of_turn" if m.group("eot") or m.group("eot0") else None
    return [{"op": "gain_control", "target": target, **({"duration": duration} if duration else {})}]


@_effect(r"if (?P<t>target \[[^.]+?\] spell) would deal damage, it deals that much (?:\+ ?|plus )(?P<n>\d+) instead")
def _spell_deals_more(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "If target [Spell:Chant] or [Spell:Chant-Instant] spell would deal damage, it deals that much +600
    # instead." (9.10 p1): a card being played in the chase area (3.13 p3); the effect lasts no longer than
    # that object (it is a new one once it resolves, 3.1 p3), within the turn
    flt = _bracketed_types(m.group("t")[len("target ") : -len(" spell")])
    if flt is None or flt["types"] != ["spell"]:
        raise _GapError(f"target: {m.group('t')}")
    target = {"kind": "chosen", "filter": {"zone": "chase", **flt}}
    return [{"op": "deal_more", "extra": int(m.group("n")), "target": target}]


@_effect(r"return this card to (?:its|is) ruler side")  # "is": a misprint (CMF-027J)
def _return_to_ruler_side(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "[Continuous]: At end of turn, return this card to is Ruler side." on a J-ruler (1.4 p1, 3.15 p2)
    if ctx.type != "j_ruler":
        raise _GapError(f"effect: {m.group(0)} (not on a J-ruler)")
    return [{"op": "return_to_ruler_side", "target": {"kind": "self"}}]


@_effect(
    r"(?P<tt>this turn, )?if (?P<t>target [^,.]+?) would deal damage(?(tt)| this turn), it deals that much "
    r"(?:\+ ?|plus )(?P<n>\d+) instead"
)
def _deal_more_effect(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "{Rest}: If target resonator would deal damage this turn, it deals that much +200 instead." (9.10 p1);
    # "{R}{Rest}: This turn, if target J/resonator would deal damage, it deals that much +200 instead." (TAT-099)
    return [{"op": "deal_more", "extra": int(m.group("n")), "target": _target(m.group("t"), ctx)}]


@_effect(
    rf"(?P<who>your opponent discards|you discard|discard|each player discards) (?P<n>{NUM}) cards?(?P<r> at random)?"
)
def _discard(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    who = {"your opponent discards": "opponent", "you discard": "you", "discard": "you", "each player discards": "each"}
    out: JsonDict = {"op": "discard", "count": _number(m.group("n")), "who": who[m.group("who").lower()]}
    if m.group("r"):  # "Your opponent discards a card at random" (picked by the recorded seed)
        out["at_random"] = True
    return [out]


@_effect(
    r"(?P<who>discard|you discard|your opponent discards|each player discards) "
    r"(?:your|their|his or her|all cards from (?:your|their|his or her)) hand"
)
def _discard_hand(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Discard your hand." / "Your opponent discards all cards from his or her hand." (FoW-5.5 10.18 p2)
    who = {"discard": "you", "you discard": "you", "your opponent discards": "opponent", "each player discards": "each"}
    return [{"op": "discard", "who": who[m.group("who").lower()], "whole_hand": True}]


@_effect(
    r"(?:then,? )?(?P<a>this card|@same|target [^.]+?) and (?P<b>target [^.]+?) "
    r"deal damage equal to their ATK to each other"
)
def _each_other(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Target J/resonator you control and target J/resonator your opponent controls deal damage
    # equal to their ATK to each other." / "Then that card and target ..." (FoW-5.5 10.6)
    first, other = m.group("a"), re.sub(r" your opponent control$", " your opponent controls", m.group("b"))
    targets = [_target(first, ctx), _target(other, ctx)]  # "control": a misprint of "controls" (TAT-024)
    for target in targets:
        if target["kind"] == "chosen" and (
            set(target) - {"kind", "filter"} or not set(target["filter"].get("types", [])) <= {"resonator", "j_ruler"}
        ):
            raise _GapError(f"effect: {m.group(0).strip()}")
    if targets[1]["kind"] != "chosen":
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [{"op": "fight", "target": targets[0], "other": targets[1]}]


@_effect(r"this and a (?P<b>J/resonator your opponent controls) deal damage equal to their ATK to each other")
def _each_other_chosen(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Whenever an evolution counter is placed on this card, this and a J/resonator your opponent
    # controls deal damage equal to their ATK to each other.": "a J/resonator" is no target; it is
    # chosen as the ability resolves (FoW-5.5 9.3 p3.2, 10.6)
    if ctx.type not in ("resonator", "j_ruler"):
        raise _GapError(f"effect: {m.group(0).strip()}")
    flt, players = _selector(m.group("b"), ctx)
    if players:
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [{"op": "fight", "target": {"kind": "self"}, "versus": flt}]


@_effect(r"put (?P<t>it|this card) into your field")
def _self_into_your_field(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Vell-Savarian Apparition (BFA-029): "When this card in your main deck is removed from the game, put it
    # into your field.": the card where it went, while it stays there (3.1 p3), put (not played, 9.6 p1.1)
    # into its owner's field - "you" is its owner, who controls the ability there (3.1 p5)
    if not ctx.own_move or (m.group("t").lower() == "it" and not it_self):
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [{"op": "put_into_field", "target": {"kind": "self"}, "owners_field": True}]


@_effect(r"put (?P<t>it|this card) into (?:its|it) owner'?s (?P<z>hand|field)")
def _self_back(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "When this card is put into a graveyard from your field, put it into its owner's hand." /
    # "... you may pay {R}{R}. If you do, put this card into its owner's field.": the card where it
    # went, while it stays there (a new object, FoW-5.5 3.1 p3); not played: no [Enter] (9.6 p1.1)
    if not ctx.own_move or (m.group("t").lower() == "it" and not it_self):
        raise _GapError(f"effect: {m.group(0).strip()}")
    if m.group("z").lower() == "hand":
        return [{"op": "return_to_hand", "target": {"kind": "self"}}]
    return [{"op": "put_into_field", "target": {"kind": "self"}, "owners_field": True}]


@_effect(r"shuffle (?P<t>it|this card) into its owner'?s main deck")
def _self_shuffled_in(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "When this card is put into a graveyard from a field, shuffle it into its owner's main deck.":
    # the card where it went, while it stays there (3.1 p3), put into the deck, then the deck
    # shuffled (3.1 p5, 10.20 p1)
    if not ctx.own_move or (m.group("t").lower() == "it" and not it_self):
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [{"op": "put_on_main_deck", "target": {"kind": "self"}, "position": "shuffled"}]


@_effect(r"put the top card of your main(?: deck)? on the bottom of your main deck")  # "your main on": a misprint
def _top_to_bottom(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "{Rest}: Put the top card of your main deck on the bottom of your main deck." (3.1 p5; nobody looks)
    return [{"op": "mill", "count": 1, "who": "you", "to": "bottom"}]


@_effect(
    r"search your (?P<deck>main|magic stone) deck for a card\.\s*then,? shuffle (?:the rest of )?your "
    r"(?P=deck) deck and put that card on top of (?:it|your (?P=deck) deck)"
)
def _search_to_top(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Search your main deck for a card. Then shuffle the rest of your main deck and put that card
    # on top of it." (FoW-5.5 10.13 p2, 10.20 p2.1): not revealed
    deck = "main_deck" if m.group("deck").lower() == "main" else "stone_deck"
    return [{"op": "search", "to": "top", **({"deck": deck} if deck != "main_deck" else {})}]


@_effect(
    r"search your magic stone deck for a card,? and put it into your magic stone area(?P<r> rested)?"
    r"\.\s*then,? shuffle your magic stone deck"
)
def _search_stone(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Search your magic stone deck for a card and put it into your magic stone area rested. Then
    # shuffle your magic stone deck." (FoW-5.5 10.13 p2, 10.20)
    out: JsonDict = {"op": "search", "to": "stone_area", "deck": "stone_deck"}
    if m.group("r"):
        out["rested"] = True
    return [out]


@_effect(r"this card deals X damage to (?P<t>target [^,.]+?),? where X is the damage it dealt this turn")
def _deal_what_it_dealt(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "This card deals X damage to target J/resonator, where X is the damage it dealt this turn.":
    # "it" is the target (this card, being played, has dealt none)
    target = _target(m.group("t"), ctx)
    if target["kind"] != "chosen" or set(target) != {"kind", "filter"}:
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [{"op": "deal_damage", "amount": 0, "target": target, "dealt_by_target": True}]


@_effect(r"(?:you )?gain life equal to the damage that was dealt to you this turn")
def _gain_life_dealt(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    return [{"op": "gain_life", "amount": 0, "who": "you", "dealt_to_you": True}]


@_effect(
    r"look at target (?P<who>opponent|player)'s hand and choose (?:a|an) (?P<d>[^.]+?)\.\s*"
    r"(?:they|he or she) discards? that card"
)
def _look_and_discard(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Look at target opponent's hand and choose a resonator. They discard that card." (10.13, 10.18)
    target = copy.deepcopy(_PLAYER_TARGETS[f"target {m.group('who').lower()}"])
    out: JsonDict = {"op": "discard", "count": 1, "target": target}
    if m.group("d").lower() != "card":
        flt, players = _selector(m.group("d"), ctx, zone="hand")
        if players or set(flt) & {"controller", "rested", "other_than_self"}:
            raise _GapError(f"target: {m.group('d')} (in a hand)")
        out["filter"] = flt
    return [out]


@_effect(r"(?P<v>rest|recover) (?P<t>[^.]+?)")
def _rest(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Recover all Fairies you control": a race without a card type names a ruler in the ruler area
    # too (FoW-5.5 2.5 p4), which is rested and recovered like any card in a playground (10.12 p1)
    some = re.fullmatch(rf"up to (?P<n>{NUM}) (?P<d>(?!target\b)[^.]+ you control)", m.group("t").strip(), re.I)
    if some and m.group("v").lower() == "recover":
        # "Recover up to two magic stones you control": no target, chosen as it resolves (9.3 p3.2)
        every = _subject(f"all {some.group('d')}", ctx, continuous=False)
        if every is None or every["kind"] != "all":
            raise _GapError(f"effect: {m.group(0).strip()}")
        return [{"op": "recover", "target": every, "up_to": _number(some.group("n"))}]
    target = _target(m.group("t"), ctx, it_self=it_self, playground=True)
    return [{"op": m.group("v").lower(), "target": target}]


@_effect(
    r"prevent the next damage (?P<t>it|this card) would be dealt (?:this turn|until (?:the )?end of (?:the )?turn)"
)
def _prevent_next_to_self(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Whenever this card blocks, prevent the next damage it would be dealt until end of turn."
    # (FoW-5.5 10.17 p1.2): "it" is this card, the one the ability triggers on
    if m.group("t").lower() == "it" and not it_self:
        raise _GapError(f"target: {m.group('t')}")
    return [{"op": "prevent_damage", "target": {"kind": "self"}, "next": True}]


@_effect(
    r"prevent (?:(?P<all>all) damage|the next (?:(?P<n>\d+) )?damage) "
    r"(?:that would be dealt (?P<dir>to|by)|(?P<from>from)) (?P<t>[^.]+?)"
    r"(?P<dur> this turn| until (?:the )?end of (?:the )?turn)?"
)
def _prevent(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Prevent all damage that would be dealt by target resonator until end of turn" / "Prevent the
    # next damage that would be dealt to target resonator this turn" (FoW-5.5 10.17)
    if not m.group("dur") and m.group("all"):
        raise _GapError(f"effect: {m.group(0).strip()}")  # all damage, for ever: a continuous ability
    # "target J-Ruler or Knight of the Round Table": a Knight ruler in a ruler area is a legal target
    # too (2.5 p4), which is never dealt damage (no DEF, 10.6 p4)
    out: JsonDict = {"op": "prevent_damage", "target": _target(m.group("t"), ctx, playground=True)}
    if m.group("n"):
        out["amount"] = int(m.group("n"))
    elif not m.group("all"):
        out["next"] = True
    if m.group("dir") == "by" or m.group("from"):
        out["by"] = True
    if not m.group("dur"):
        out["duration"] = "permanent"  # "the next damage": until it is prevented
    return [out]


_RESTRICTIONS = {
    "cannot attack or block": ["cannot_attack", "cannot_block"],
    "cannot attack": ["cannot_attack"],
    "cannot attack resonators": ["cannot_attack_resonators"],
    "cannot attack resonators you control": ["cannot_attack_resonators"],
    "cannot block": ["cannot_block"],
    "cannot be destroyed": ["cannot_be_destroyed"],
    "cannot be attacked": ["cannot_be_attacked"],
    "cannot be blocked": ["cannot_be_blocked"],
    "cannot be targeted by spells or abilities your opponent controls": ["cannot_be_targeted_by_opponent"],
    # "Target J/resonator cannot be targeted by normal spells your opponents control until end of turn" (TAT-092)
    "cannot be targeted by normal spells your opponents control": ["cannot_be_targeted_by_opponents_normal_spells"],
    "cannot be targeted by normal spells your opponent controls": ["cannot_be_targeted_by_opponents_normal_spells"],
    "cannot be targeted by spells or abilities": ["cannot_be_targeted"],
    "cannot be targeted by spells or abilites": ["cannot_be_targeted"],  # a misprint (CMF-010)
}
"""Rule overrides an effect gives objects until the end of the turn ("... cannot block this turn")."""
_RESTRICTION_RE = "|".join(re.escape(v) for v in sorted(_RESTRICTIONS, key=len, reverse=True))


@_effect(rf"(?P<t>[^.]+?) (?P<v>{_RESTRICTION_RE}) (?:this turn|until (?:the )?end of (?:the )?turn)")
def _restrict(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Target resonator cannot block this turn." / "Resonators you control cannot be destroyed until
    # end of turn.": a continuous effect changing a rule for its objects (FoW-5.5 1.4 p1, p4)
    phrase = m.group("t")
    if re.match(r"up to ", phrase, re.IGNORECASE):  # "Up to two target resonators cannot attack this turn"
        target: JsonDict | None = _target(phrase, ctx)
    else:
        target = _subject(phrase, ctx, continuous=False, it_self=it_self)
    assert target is not None
    if target.get("filter", {}).get("types") == []:
        raise _GapError(f"target: {m.group('t')} (no card type: it may also be a ruler)")
    if m.group("v").lower().endswith(" you control") and target.get("filter", {}).get("controller") != "opponent":
        # "Resonators your opponent controls cannot attack resonators you control": they attack only
        # what you control (FoW-5.5 8.2 p3.2), so it is "cannot attack resonators" - said of theirs only
        raise _GapError(f"effect: {m.group(0).strip()}")
    return [{"op": "restrict", "target": target, "rules": list(_RESTRICTIONS[m.group("v").lower()])}]


@_effect(r"(?P<t>[^.]+?) cannot be blocked by (?P<b>[^.]+?) (?:this turn|until (?:the )?end of (?:the )?turn)")
def _restrict_blockers(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Target resonator cannot be blocked by water resonators until end of turn.": only such
    # J/resonators cannot block it (card text over the blocking rule, FoW-5.5 1.4 p1, 8.3 p3)
    target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    assert target is not None
    if target.get("filter", {}).get("types") == []:
        raise _GapError(f"target: {m.group('t')} (no card type: it may also be a ruler)")
    blockers, players = _selector(m.group("b"), ctx)
    if players or "controller" in blockers:
        raise _GapError(f"target: {m.group('b')}")
    return [{"op": "restrict", "target": target, "rules": ["cannot_be_blocked"], "blocked_by": blockers}]


_PLAYER_CANNOT_PLAY = {"normal spells": "cannot_play_normal_spells", "summon spells": "cannot_play_summon_spells"}
"""What a player may be forbidden to play: a resonator is played as a summon spell, any other card
as a normal spell (FoW-5.5 3.13 p3)."""


@_effect(
    r"(?P<t>target player|target opponent|your opponent|you) cannot play (?P<a>normal spells|summon spells)"
    r"(?: (?:and|or) (?P<b>normal spells|summon spells))? (?:this turn|until (?:the )?end of (?:the )?turn)"
)
def _player_cannot_play(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Target player cannot play normal spells and summon spells until end of turn.": a
    # prohibition on a player, beating any instruction to play such a card (FoW-5.5 1.4 p4)
    who = m.group("t").lower()
    target = {"your opponent": {"kind": "opponent"}, "you": {"kind": "you"}}.get(who) or _PLAYER_TARGETS[who]
    rules = [_PLAYER_CANNOT_PLAY[g.lower()] for g in (m.group("a"), m.group("b")) if g]
    return [{"op": "restrict", "target": dict(target), "rules": list(dict.fromkeys(rules))}]


@_effect(r"(?P<t>[^.]+?) must block this turn if able")
def _must_block(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Target resonator must block this turn if able." (card text over the blocking rules, 1.4 p1)
    target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    assert target is not None
    if target.get("filter", {}).get("types") == []:
        raise _GapError(f"target: {m.group('t')} (no card type: it may also be a ruler)")
    return [{"op": "restrict", "target": target, "rules": ["must_block_if_able"]}]


_NO_RECOVERY = {
    "doesn't recover during the recovery phase": "doesnt_recover_in_recovery_phase",
    "doesn't recover during recovery phase": "doesnt_recover_in_recovery_phase",
    "does not recover during the recovery phase": "doesnt_recover_in_recovery_phase",
    "don't recover during recovery phase": "doesnt_recover_in_recovery_phase",
    "don't recover during the recovery phase": "doesnt_recover_in_recovery_phase",
    "cannot recover during the recovery phase": "cannot_recover_in_recovery_phase",
    "cannot recover during recovery phase": "cannot_recover_in_recovery_phase",
}
"""The recovery phase's "recover all cards" (FoW-5.5 5.2 p5) left out, or prohibited altogether."""
_NO_RECOVERY_RE = "|".join(re.escape(v) for v in _NO_RECOVERY)


@_effect(rf"(?P<t>[^.]+?) (?P<v>{_NO_RECOVERY_RE}) as long as this card is (?:(?:on|in) a field|(?P<r>rested))")
def _no_recovery_while(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Rest target resonator. It doesn't recover during the recovery phase as long as this card is
    # on a field.": an effect lasting while its source stays in the field (FoW-5.5 9.1 p2.2, 9.9 p8)
    rule = _NO_RECOVERY[m.group("v").lower()]
    if rule != "doesnt_recover_in_recovery_phase":
        raise _GapError(f"effect: {m.group(0)}")
    target = _target(m.group("t"), ctx)
    if target.get("filter", {}).get("types") == []:
        raise _GapError(f"target: {m.group('t')} (no card type: it may also be a ruler)")
    if m.group("r") and ctx.type == "spell":  # "... as long as this card is rested": a card in a field (9.9 p8)
        raise _GapError(f"effect: {m.group(0)}")
    duration = "source_rested" if m.group("r") else "source_in_field"
    return [{"op": "restrict", "target": target, "rules": [rule], "duration": duration}]


@_effect(r"(?P<t>@same|it) cannot be recovered as long as this card is (?:on|in) a field")
def _cannot_be_recovered_while(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Rest target resonator. If it's a Demon, it cannot be recovered as long as this card is in a
    # field.": no recovery at all (10.12 p1, 1.4 p4) while the source stays in the field (9.9 p8)
    if m.group("t") != _SAME:
        raise _GapError(f"effect: {m.group(0)}")
    return [
        {"op": "restrict", "target": {"kind": "same"}, "rules": ["cannot_be_recovered"], "duration": "source_in_field"}
    ]


@_effect(r"@same (?:don't|doesn't|do not|does not) recover during (?:its|their) controller's next recovery phase")
def _no_next_recovery(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "They don't recover during their controller's next recovery phase." (5.2 p5, 1.4 p1); "@same" is
    # the placeholder (_SAME) of "They"/"It" naming the previous effect's target group
    rules = ["doesnt_recover_in_recovery_phase"]
    return [{"op": "restrict", "target": {"kind": "same"}, "rules": rules, "duration": "next_recovery_phase"}]


@_effect(r"remove all cards in your main deck from the game")
def _mill_all_removed(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Remove all cards in your main deck from the game." (face up: FoW-5.5 10.3 p1)
    return [{"op": "mill", "who": "you", "to": "removed", "all": True}]


@_effect(rf"remove (?:the )?top (?:(?P<n>{NUM}) cards|card) of your main deck from the game face down")
def _mill_removed_face_down(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "... remove top three cards of your main deck from the game face down. You may look at them at any
    # time." (TAT-014J): hidden from the other players, not from you, their owner (FoW-5.5 3.12 p2.1;
    # the second sentence is read by _removed_face_down_by_you)
    count = _number(m.group("n")) if m.group("n") else 1
    return [{"op": "mill", "count": count, "who": "you", "to": "removed", "face_down": True}]


@_effect(rf"remove the top (?:(?P<n>{NUM}) cards|card) of your main deck from the game")
def _mill_removed(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Remove the top card of your main deck from the game." (face up: FoW-5.5 10.3 p1)
    return [{"op": "mill", "count": _number(m.group("n")) if m.group("n") else 1, "who": "you", "to": "removed"}]


@_effect(rf"remove (?P<n>{NUM}) cards? in your hand from the game")
def _remove_from_hand(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "You may remove a card in your hand from the game. If you do, draw a card.": chosen from the
    # hand as the effect resolves (FoW-5.5 10.13 p2), removed face up (10.3 p1)
    return [{"op": "remove_from_game", "from_hand": _number(m.group("n"))}]


@_effect(rf"remove (?P<u>up to )?(?P<n>{NUM}) cards? in your graveyard from the game")
def _remove_from_graveyard(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "you may remove up to two cards in your graveyard from the game. If you do, ...": chosen in the
    # graveyard (a public zone) as the effect resolves (FoW-5.5 10.13 p1), removed face up (10.3 p1)
    out: JsonDict = {"op": "remove_from_game", "from_graveyard": _number(m.group("n"))}
    if m.group("u"):
        out["up_to"] = True
    return [out]


@_effect(r"remove the top card of your main deck from the game face down\.\s*you may look at that card at any time")
def _mill_face_down(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Pandora's Box of Hope (MOA-007): "... remove the top card of your main deck from the game face down.
    # You may look at that card at any time.": hidden but to its owner, who removed it (3.12 p2.1)
    return [{"op": "mill", "count": 1, "who": "you", "to": "removed", "face_down": True}]


@_effect(
    r"put an? (?P<w>resonator|resonator or \[addition:field\]) card removed by this card into your field"
    r"(?P<r> rested)?"
)
def _put_removed_by_this(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Pandora's Box of Hope (MOA-007): "Banish this card: Put a resonator or [Addition:Field] card removed by
    # this card into your field rested.": one card this card removed, chosen as it resolves (10.13), put into
    # your field (not played: no [Enter], 9.6 p1.1), rested (10.12 p1)
    flt: JsonDict = {"zone": "removed", "types": ["resonator"], "removed_by_source": True}
    if "addition" in m.group("w").lower():
        addition = {"zone": "removed", "types": ["addition"], "subtypes": ["field"], "removed_by_source": True}
        flt = {"zone": "removed", "types": [], "any_of": [flt, addition]}
    put: JsonDict = {"op": "put_into_field", "chosen_from": flt}
    if m.group("r"):
        put["rested"] = True
    return [put]


@_effect(r"banish the (?P<w>resonator|card) put into your field by this card")
def _banish_put_by_this(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Book of Eibon (MOA-042): "When this card enters field, put target resonator from a graveyard into your
    # field.  When this card leaves your field, banish the resonator put into your field by this card.": the
    # card this card's ability put there, while it stays that object (3.1 p3), this card read as it last
    # was in the field (9.11); you banish it only if you control it (10.10 p2)
    types = ["resonator"] if m.group("w").lower() == "resonator" else []
    flt = {"zone": "field", "types": types, "put_by_source": True}
    return [{"op": "banish", "target": {"kind": "all", "filter": flt}}]


@_effect(r"put those removed cards into their owner'?s'? hands?")
def _return_those_removed(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Izanagi, Keeper of the Seal (TMS-005): "When this card enters your field, you may remove up to three
    # target resonators and/or regalia ... from the game.  When this card leaves your field for a non-field
    # zone, put those removed cards into their owner's hands.": the cards this card removed, while they
    # stay the objects they became (3.1 p3), this card read as it last was in the field (9.11)
    flt = {"zone": "removed", "types": [], "removed_by_source": True}
    return [{"op": "return_to_hand", "target": {"kind": "all", "filter": flt}}]


@_effect(r"(?:return|put) all (?P<w>resonators|cards) removed from the game by this card into your field")
def _return_removed_by_this(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Cottage of Cakes (CMF-062): "[Activate] Pay {G},{Rest}, banish this card: Return all resonators
    # removed from the game by this card into your field.": the cards this card's abilities removed, as
    # the objects they became (3.1 p3, 10.3), put into your field (not played: no [Enter], 9.6 p1.1)
    types = ["resonator"] if m.group("w").lower() == "resonators" else []
    flt = {"zone": "removed", "types": types, "removed_by_source": True}
    return [{"op": "put_into_field", "target": {"kind": "all", "filter": flt}}]


@_effect(r"remove (?P<t>target [^,.]+?) from the game, then put it into its owner'?s field")
def _remove_and_return(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "remove target resonator from the game, then put it into its owner's field" (CMF-004): the card
    # removed, as the object it became in the removed area (10.3 p1, 3.1 p3), put into its owner's field
    # (not played: no [Enter], 9.6 p1.1)
    target = _target(m.group("t"), ctx)
    if target.get("kind") != "chosen" or target.get("count", 1) != 1 or target.get("up_to"):
        raise _GapError(f"effect: {m.group(0).strip()}")
    back = {"op": "put_into_field", "target": {"kind": "same"}, "owners_field": True}
    return [{"op": "remove_from_game", "target": target}, back]


@_effect(r"remove (?P<t>[^.]+?) from the game")
def _remove(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    grave = re.fullmatch(r"target (?P<d>.+) in (?P<whose>a|your|your opponent's) graveyard", m.group("t"))
    if grave:  # "Remove target card in a graveyard from the game"
        flt, players = _selector(grave.group("d"), ctx, zone="graveyard")
        if players or "controller" in flt:
            raise _GapError(f"target: {m.group('t')}")
        whose = {"a": "any", "your": "you", "your opponent's": "opponent"}[grave.group("whose")]
        if whose != "any":
            flt["controller"] = whose  # in a graveyard the controller is the owner (3.1 p5)
        return [{"op": "remove_from_game", "target": {"kind": "chosen", "filter": flt}}]
    whole = re.fullmatch(r"all cards in target player's graveyard", m.group("t").strip(), re.IGNORECASE)
    if whole:  # "Remove all cards in target player's graveyard from the game" (10.3 p1)
        target = {"kind": "chosen", "players_only": True}
        return [{"op": "remove_from_game", "target": target, "whole_graveyard": True}]
    both = re.fullmatch(r"this card and (?P<t>target .+)", m.group("t").strip(), re.IGNORECASE)
    if both:  # "Remove this card and target resonator from the game": one effect on each (10.3 p1);
        # an illegal target leaves the effect on this card applied (9.3 p3.1)
        return [{"op": "remove_from_game", "target": t} for t in ({"kind": "self"}, _target(both.group("t"), ctx))]
    return [{"op": "remove_from_game", "target": _target(m.group("t"), ctx)}]


@_effect(r"put this card from (?:your|its owner'?s) graveyard into your (?P<to>hand|field)")
def _self_from_graveyard(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "When this card is put into a graveyard from your field, you may discard a card. If you do,
    # put this card from your graveyard into your hand." / "When this card is destroyed, ... If you do,
    # put this card from its owner's graveyard into your field.": the card in the graveyard, only while it
    # stays the object it was as the ability was played (FoW-5.5 3.1 p3); into the field it is
    # put, not played: no [Enter] (9.6 p1.1)
    target = {"kind": "self", "filter": {"zone": "graveyard", "types": []}}
    if m.group("to").lower() == "hand":
        return [{"op": "return_to_hand", "target": target}]
    return [{"op": "put_into_field", "target": target}]


@_effect(r"put (?P<l>up to one target card named \".+\") from your graveyard into your hand")
def _named_from_graveyard(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Put up to one target card named "Card Soldier "Spade"", up to one target card named "Card
    # Soldier "Club"", ... and up to one target card named "Card Soldier "Heart"" from your graveyard
    # into your hand.": one target group per name, each chosen as the ability is played (FoW-5.5 9.3
    # p2.4, zero or one each), one effect per group (10.3 p1)
    parts = re.split(r",? (?:and )?(?=up to one target card named )", m.group("l"))
    out: list[JsonDict] = []
    for part in parts:
        named = re.fullmatch(r'up to one target card named "(?P<n>.+)"', part.strip(), re.IGNORECASE)
        if named is None:
            raise _GapError(f"effect: {m.group(0).strip()}")
        flt: JsonDict = {"zone": "graveyard", "types": [], "controller": "you", "name": named.group("n")}
        out.append({"op": "return_to_hand", "target": {"kind": "chosen", "filter": flt, "up_to": True}})
    return out


@_effect(r"put that (?P<s>resonator|j/resonator|card) from its owner's graveyard into (?:his or her|their) hand")
def _that_from_graveyard(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "When a resonator is put into a graveyard from your field, you may banish this card. If you do,
    # put that resonator from its owner's graveyard into his or her hand." (MPR-038): the card the
    # trigger condition named, where it went, only while it stays there (a new object, FoW-5.5 3.1 p3;
    # a card goes to its owner's graveyard and hand, 3.1 p5)
    if ctx.subject is None or m.group("s").lower() != ctx.subject.lower():
        raise _GapError(f"effect: {m.group(0)}")
    return [{"op": "return_to_hand", "target": {"kind": "that", "filter": {"zone": "graveyard", "types": []}}}]


@_effect(r"put (?P<t>(?:\w+ )?target [^.]+?) from your graveyard into your hand")
def _from_graveyard(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    target = _target(m.group("t"), ctx, zone="graveyard")
    if target["filter"].get("controller") not in (None, "you"):
        raise _GapError(f"target: {m.group('t')} from your graveyard")
    target["filter"]["controller"] = "you"  # in a graveyard the controller is the owner (3.1 p5)
    return [{"op": "return_to_hand", "target": target}]


@_effect(
    r"put (?:a|an) (?P<d>[^.]+?) from your (?P<z>graveyard) into your field(?P<r> rested)?"
    r"(?P<enter>\.\s*this triggers its \[Enter\] ability)?"
)
def _chosen_into_field(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Put a Vampire resonator from your graveyard into your field. This triggers its [Enter] ability."
    # Not a target: the card is chosen as the effect resolves (FoW-5.5 10.13 p1); from the hand
    # it is ``put_from_hand`` (below)
    zone = m.group("z").lower()
    flt, players = _selector(m.group("d"), ctx, zone=zone)
    if players or set(flt) & {"controller", "rested", "other_than_self", "dealt_damage"}:
        raise _GapError(f"effect: put {m.group('d')} from your {zone} into your field")
    flt["controller"] = "you"
    out: JsonDict = {"op": "put_into_field", "chosen_from": flt}
    if m.group("r"):
        out["rested"] = True
    if m.group("enter"):
        out["triggers_enter"] = True
    return [out]


@_effect(r"put any number of cards from your removed area into your graveyard")
def _removed_to_graveyard(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Then, you may put any number of cards from your removed area into your graveyard." (3.12, 10.13 p1)
    return [{"op": "put_from_removed", "filter": {"zone": "removed", "types": []}, "to": "graveyard"}]


@_effect(r"put (?P<t>(?:\w+ )?target [^.]+?) from your removed area into your hand")
def _from_removed_area(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Put target card from your removed area into your hand." (FoW-5.5 3.12)
    target = _target(m.group("t"), ctx, zone="removed")
    if target.get("kind") != "chosen" or target["filter"].get("controller") not in (None, "you"):
        raise _GapError(f"target: {m.group('t')} from your removed area")
    target["filter"]["controller"] = "you"  # the owner's removed area (3.1 p5)
    return [{"op": "return_to_hand", "target": target}]


@_effect(
    r"put (?P<t>(?:up to \w+ |\w+ )?target [^.]+?) from (?P<g>your|a) graveyard into your (?P<z>field|magic stone area)"
    r"(?P<r> rested)?"
)
def _graveyard_to_field(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Put target resonator with total cost 2 or less from your graveyard into your field rested." /
    # "Put up to one target [Addition: Field] and up to one target resonator from your graveyard into
    # your field.": one target group each, one effect each (FoW-5.5 9.3 p2.4)
    phrases = re.split(r" and (?=(?:up to \w+ )?target )", m.group("t"))
    stones = m.group("z").lower() == "magic stone area"
    out: list[JsonDict] = []
    for phrase in phrases:
        target = _target(phrase, ctx, zone="graveyard")
        if target.get("kind") != "chosen" or target["filter"].get("controller") not in (None, "you"):
            raise _GapError(f"target: {phrase} from your graveyard")
        if stones != (target["filter"].get("types") == ["magic_stone"]):
            raise _GapError(f"effect: {m.group(0).strip()}")  # a magic stone goes to the magic stone area only
        target["filter"]["controller"] = "you"  # in a graveyard the controller is the owner (3.1 p5)
        if m.group("g").lower() == "a":  # "from a graveyard": any player's
            target["filter"]["controller"] = "any"
        put: JsonDict = {"op": "put_into_field", "target": target}
        if stones:  # "... into your magic stone area" (3.7)
            put["zone"] = "stone_area"
        if m.group("r"):
            put["rested"] = True
        out.append(put)
    return out


@_effect(
    r"choose (?P<t>target [^.]+?) from a graveyard that was put into that zone from a field this turn "
    r"and put it into (?:its|it) owner'?s field"  # "it owner's field": a misprint of "its"
)
def _back_to_field(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    target = _target(m.group("t"), ctx, zone="graveyard")
    if target.get("kind") != "chosen" or "controller" in target["filter"]:
        raise _GapError(f"target: {m.group('t')} from a graveyard")
    target["filter"]["from_field_this_turn"] = True
    return [{"op": "put_into_field", "target": target, "owners_field": True}]


@_effect(r"put it on (?P<p>top|the bottom) of its owner'?s main deck")
def _moved_self_on_main_deck(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "When this card is put into a graveyard from your field, put it on the bottom of its owner's main
    # deck.": the card in the graveyard, while it stays the object it became there (FoW-5.5 3.1 p3, p5)
    if not ctx.own_move or not it_self:
        raise _GapError(f"effect: {m.group(0).strip()}")
    target = {"kind": "self", "filter": {"zone": "graveyard", "types": []}}
    out: JsonDict = {"op": "put_on_main_deck", "target": target}
    if m.group("p").lower() != "top":
        out["position"] = "bottom"
    return [out]


@_effect(r"put this card on (?P<p>top|the bottom) of your main deck")
def _self_on_main_deck(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "{U}{U}{U}, {Rest}: Put this card on top of your main deck." (FoW-5.5 3.1 p5): the card in
    # the field; once it has left the field it is a new object and stays where it is (3.1 p3)
    out: JsonDict = {"op": "put_on_main_deck", "target": {"kind": "self"}}
    if m.group("p").lower() != "top":
        out["position"] = "bottom"
    return [out]


@_effect(
    r"put (?P<t>(?:up to \w+ )?(?:\w+ )?target [^.]+?|that \w+)"
    r" on (?P<p>top|the bottom) of (?:its|their) owners?'s? main decks?"
)
def _on_main_deck(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    out: JsonDict = {"op": "put_on_main_deck", "target": _target(m.group("t"), ctx)}
    if m.group("p").lower() != "top":
        out["position"] = "bottom"
    return [out]


@_effect(r"put any number of cards from your hand on (?P<p>top|the bottom) of your main deck(?: in any order)?")
def _any_from_hand_on_main_deck(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Put any number of cards from your hand on the bottom of your main deck in any order" (3.1 p4, 10.13 p2)
    position = "top" if m.group("p").lower() == "top" else "bottom"
    return [{"op": "put_on_main_deck", "any_number": True, "position": position}]


@_effect(r"draw that many cards plus one")
def _draw_that_many(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "..., then draw that many cards plus one": one more than the cards just put from the hand
    return [{"op": "draw", "count": 1, "who": "you", "that_many": True}]


@_effect(rf"put (?P<n>{NUM}) cards? from your hand on (?P<p>top|the bottom) of your main deck(?: in any order)?")
def _hand_on_main_deck(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Then put two cards from your hand on top of your main deck in any order." (FoW-5.5 3.1 p4)
    out: JsonDict = {"op": "put_on_main_deck", "from_hand": _number(m.group("n"))}
    if m.group("p").lower() != "top":
        out["position"] = "bottom"
    return [out]


@_effect(r"add (?:a|an|one) (?P<d>[^.]+?) from your hand to this card")
def _add_from_hand(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "[You may] add an [Addition:J/Resonator] from your hand to this card." (FoW-5.5 10.1)
    desc = m.group("d").strip()
    named = re.fullmatch(r'card named "([^"]+)"', desc, re.IGNORECASE)
    if named:  # "a card named "Ame-no-Habakiri"": only an addition can be added (10.1 p2)
        flt: JsonDict = {"zone": "hand", "types": ["addition"], "name": named.group(1)}
    else:
        flt = _bracketed_types(desc) or {}
        if flt.get("types") != ["addition"] or set(flt) - {"types", "subtypes"}:
            raise _GapError(f"effect: add {desc} from your hand to this card")
        flt = {"zone": "hand", **flt}
    if ctx.type not in ("resonator", "j_ruler"):
        raise _GapError(f"effect: add {desc} from your hand to this card")
    return [{"op": "put_from_hand", "filter": flt, "to_this_card": True}]


@_effect(
    rf"pu[ty] (?:(?P<n>a|an|one)|up to (?P<upto>{NUM})) cards? from your hand into your chant-standby area face down"
)
def _put_from_hand_into_standby(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "[You may] put a card from your hand into your chant-standby area face down" (BFA-095J; "puy up to
    # two cards", SKL-077J, a misprint): any card, face down, not by the {2} action (FoW-5.5 3.11, 7.6)
    out: JsonDict = {"op": "put_from_hand", "to_standby": True}
    if m.group("upto") and _number(m.group("upto")) != 1:
        out["count"] = _number(m.group("upto"))
    return [out]


@_effect(rf"put the top (?:(?P<n>{NUM}) cards|card) of your main deck into your chant-standby area face down")
def _mill_into_standby(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "put the top four cards of your main deck into your chant-standby area face down" (3.11 p1, p2)
    return [{"op": "mill", "count": _number(m.group("n")) if m.group("n") else 1, "who": "you", "to": "standby"}]


@_effect(rf"put (?:(?P<n>a|an|one)|up to (?P<upto>{NUM})) (?P<d>[^.]+?) from your hand into your field")
def _put_from_hand(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "[You may] put a water resonator with total cost 2 or less from your hand into your field."
    desc = m.group("d").strip()
    same = re.fullmatch(r"(?P<d>.+?) with the same total cost", desc, re.IGNORECASE)
    if same:  # "... you may put a resonator with the same total cost ...": as the card's target (LKI, 9.11)
        desc = same.group("d")
    desc = re.sub(r"\bCard(s?)$", r"card\1", desc)  # "a nonspell Fantasy Card": a misprinted capital
    flt, players = _selector(desc, ctx, zone="hand", loose=True)
    if players or set(flt) & {"controller", "rested", "other_than_self", "attacking", "blocking"}:
        raise _GapError(f"effect: put {desc} from your hand into your field")
    out: JsonDict = {"op": "put_from_hand", "filter": flt}
    if same:
        out["same_total_cost"] = True
    if m.group("upto") and _number(m.group("upto")) != 1:
        out["count"] = _number(m.group("upto"))
    return [out]


@_effect(r"you may pay \[awakening\] costs (?P<c>(?:\{[^{}]+\})+) less this turn")
def _pay_less_awakening(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "You may pay [Awakening] costs {M} less this turn.": a continuous effect for the turn on its
    # controller's [Awakening] costs, applied when they ask as they play a card awakened (12.1 p1, 9.3 p2.5)
    return [{"op": "pay_less", "of": "awakening", "less": _will_cost(m.group("c"), f"effect: {m.group(0)}")}]


@_effect(
    r"as long as (?P<cond>your j-ruler is \"[^\"]+\"), you may pay (?P<c>(?:\{[^{}]+\})+) less to play "
    r"its god's art abilities this turn"
)
def _pay_less_gods_art(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "As long as your J-Ruler is "Dark Alice, Maiden of Slaughter", you may pay {B}{B} less to play its
    # God's Art abilities this turn.": "its" is that J-ruler; the condition is part of the continuous
    # effect, checked as each God's Art is played (FoW-5.5 9.9 p4, 9.3 p2.5)
    less = _will_cost(m.group("c"), f"effect: {m.group(0)}")
    return [{"op": "pay_less", "of": "gods_art", "less": less, "condition": _condition(m.group("cond"), ctx)}]


@_effect(rf"put the top (?:(?P<n>{NUM}) cards|card) of your main deck into your graveyard")
def _mill(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    return [{"op": "mill", "count": _number(m.group("n")) if m.group("n") else 1, "who": "you"}]


@_effect(
    r"put the top card of your main deck and the top card of your opponent's main deck "
    r"into their owners?'s? graveyards?"
)
def _mill_both(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Laplacia, the Demon of Fate (TAT-082): "... Put the top card of your main deck and the top card of your
    # opponent's main deck into their owner's graveyard." (3.1 p5: each card into its owner's graveyard)
    return [{"op": "mill", "count": 1, "who": "each"}]


@_effect(rf"put the top (?:(?P<n>{NUM}) cards|card) from your magic stone deck into your graveyard")
def _mill_stones(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "At the beginning of your main phase, put the top three cards from your magic stone deck into your
    # graveyard." (CMF-054): as many as there are (1.4 p2, 3.1 p5)
    return [{"op": "mill", "count": _number(m.group("n")) if m.group("n") else 1, "who": "you", "deck": "stone"}]


@_effect(r"put the top card of your magic stone deck into your magic stone area(?P<r> rested)?")
def _put_stone(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    return [{"op": "put_stone", "who": "you", **({"rested": True} if m.group("r") else {})}]


@_effect(
    r"your opponent puts the top card of (?:his or her|their) magic stone deck "
    r"into (?:his or her|their) magic stone area"
)
def _opponent_puts_stone(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    return [{"op": "put_stone", "who": "opponent"}]  # into the area of the deck's owner (3.7)


@_effect(r"produce (?P<w>[^.]+?)")
def _produce(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    text = m.group("w").strip()
    if text.lower() == "one will of any attribute":
        return [{"op": "produce_will", "any_of": ["W", "R", "U", "G", "B"]}]
    if text.lower() == "one will of any attribute that a magic stone you control could produce":
        return [{"op": "produce_will", "like_stones": True}]
    several = re.fullmatch(rf"(?P<n>{NUM}) wills in any combination of attributes", text, re.IGNORECASE)
    if several and _number(several.group("n")) > 1:  # each of the five attributes, any of them again (9.7 p1)
        return [{"op": "produce_will", "any_of": ["W", "R", "U", "G", "B"], "any_count": _number(several.group("n"))}]
    both = re.fullmatch(r"(\{[WRUGB]\})\s+and\s+(\{[WRUGB]\})", text)
    if both:
        return [{"op": "produce_will", "will": [both.group(1)[1], both.group(2)[1]]}]
    alternatives = re.split(r"\s*,\s*or\s+|\s*,\s*|\s+or\s+", text)
    if len(alternatives) > 1:
        # "{M} or {B}": one will with the moon characteristic or one darkness will (9.7 p7)
        if not all(re.fullmatch(r"\{[WRUGBM]\}", a) for a in alternatives):
            raise _GapError(f"effect: produce {text}")
        return [{"op": "produce_will", "any_of": [a[1] for a in alternatives]}]
    cost = _will_cost(text, "effect: produce")
    will = [a for a in "WRUGBM" for _ in range(cost["attribute"].get(a, 0))] + ["V"] * cost["free"]
    if not will:
        raise _GapError(f"effect: produce {text}")
    return [{"op": "produce_will", "will": will}]


# --------------------------------------------------------------------------------------
# conditions, "for each", "you may", modes (executed by domain/fow/conditions.py)

_NAMES = r'"[^"]+"(?:(?:, |,? or | or )"[^"]+")*'


def _names(text: str) -> list[str]:
    # a sentence's period sometimes sits inside the closing quote ("... Mad Demon.")
    return [n.rstrip(".") for n in re.findall(r'"([^"]+)"', text)]


def _condition(text: str, ctx: _Ctx) -> JsonDict:
    """``you control a Moon``, ``you don't control another Elf``, ``your J/ruler is "A" or
    "B"``, ``your Ruler is "A" or your J-Ruler is "B"`` -> a Condition."""
    low = text.strip().rstrip(",.").strip()
    low = re.sub(r"^your control ", "you control ", low, flags=re.IGNORECASE)  # a misprint (CMF-050)
    low = re.sub(r"^you (j/ruler|j-ruler|ruler) is ", r"your \1 is ", low, flags=re.IGNORECASE)  # a misprint (TAT-004)
    # "you have more than ten or more cards": a misprint (SKL-075) of "ten or more", the part the
    # sentence says twice
    low = re.sub(r"\byou have more than (\w+) or more\b", r"you have \1 or more", low, flags=re.IGNORECASE)
    short = re.fullmatch(rf"you cannot put (?P<n>{NUM}) cards into your graveyard this way", low, re.IGNORECASE)
    if short:  # "If you cannot put three cards into your graveyard this way, ..." (after a mill, 9.3 p3)
        return {"kind": "did", "at_least": _number(short.group("n")), "negate": True}
    compared = _comparison(low, ctx)
    if compared is not None:
        return compared
    special = _condition_more(low, ctx)
    if special is not None:
        return special
    more = _happened_condition(low, ctx)
    if more is not None:
        return more
    both = _all_of(low, ctx)
    if both is not None:
        return both
    m = re.fullmatch(rf"you have removed (?P<n>{NUM}) or more cards from the game with this card's ability", low, re.I)
    if m:  # counted on this card as its abilities remove cards (10.3 p1)
        return {"kind": "removed_with_this", "at_least": _number(m.group("n"))}
    m = re.fullmatch(r"you(?: have)? put (?:an?|any) (?P<what>.+?) into a field this turn", low, re.IGNORECASE)
    m = m or re.fullmatch(r'you(?: have)? put (?P<what>"[^"]+") into a field this turn', low, re.IGNORECASE)
    if m:  # what you put into a field this turn, wherever it is now
        what = m.group("what")
        if what.startswith('"'):
            put: JsonDict = {"zone": "field", "types": [], "name": _names(what)[0]}
        else:
            put, players = _selector(what, ctx, loose=True)
            if players or set(put) - {"zone", "types", "races", "attributes"}:
                raise _GapError(f"condition: {text}")
        return {"kind": "put_into_field", "filter": put}
    m = re.fullmatch(
        rf"(?:there (?:are|is)|(?P<you>you have)) (?P<n>{NUM}) or more cards? in (?P<whose>your|your opponent's)"
        r" (?P<z>removed area|graveyard)",
        low,
        re.IGNORECASE,
    )
    if m and not (m.group("you") and m.group("whose").lower() != "your"):
        # public zones (FoW-5.5 3.12, 3.6): how many cards there are; "you have ten or more cards in
        # your graveyard" the same
        zone = "removed" if m.group("z").lower() == "removed area" else "graveyard"
        held: JsonDict = {
            "kind": "controls",
            "filter": {"zone": zone, "types": [], "controller": _whose(m.group("whose"))},
        }
        if _number(m.group("n")) != 1:
            held["at_least"] = _number(m.group("n"))
        return held
    m = re.fullmatch(r'you control (?P<n>"[^"]+"(?: or "[^"]+")+)', low, re.IGNORECASE)
    if m:  # "you control "Hansel" or "Gretel""
        return {
            "kind": "any_of",
            "conditions": [
                {"kind": "controls", "filter": {"zone": "field", "types": [], "name": n, "controller": "you"}}
                for n in _names(m.group("n"))
            ],
        }
    m = re.fullmatch(r"you (?:don't|do not) control (?:any )?other (?P<what>[a-z/ -]+)", low, re.IGNORECASE)
    if m:  # "you don't control other resonators": none but this card
        others, players = _selector(m.group("what"), ctx, loose=True)
        if players or "controller" in others:
            raise _GapError(f"condition: {text}")
        others.update(controller="you", other_than_self=True)
        return {"kind": "controls", "filter": others, "negate": True}
    m = re.fullmatch(
        rf"your (?P<who>ruler|j-ruler|j/ruler) (?P<not>is|isn't|is not) (?P<n>{_NAMES})", low, re.IGNORECASE
    )
    if m:
        who = m.group("who").lower()
        names = _names(m.group("n"))
        out: JsonDict = {"kind": "ruler_is"}
        if m.group("not").lower() != "is":
            out["negate"] = True
        if who in ("ruler", "j/ruler"):
            out["rulers"] = names
        if who in ("j-ruler", "j/ruler"):
            out["j_rulers"] = names
        return out
    m = re.fullmatch(r'your j/ruler has "(?P<n>[^"]+)" in its name', low, re.IGNORECASE)
    if m:  # a ruler in the ruler area or a J-ruler in the field, whose name contains it
        return {"kind": "ruler_is", "name_contains": m.group("n")}
    m = re.fullmatch(rf"your ruler is (?P<r>{_NAMES}) or your j-ruler is (?P<j>{_NAMES})", low, re.IGNORECASE)
    if m:
        return {"kind": "ruler_is", "rulers": _names(m.group("r")), "j_rulers": _names(m.group("j"))}
    m = re.fullmatch(r"your life is (?P<n>\d+) or (?P<dir>less|lower|more|higher)", low, re.IGNORECASE)
    if m:
        key = "life_at_most" if m.group("dir").lower() in ("less", "lower") else "life_at_least"
        return {"kind": "life", key: int(m.group("n"))}
    m = re.fullmatch(r"(?P<w>your|your opponent's) life is (?:exactly )?(?P<n>\d+)", low, re.IGNORECASE)
    if m:  # "If your life is 100", "If your opponent's life is exactly 4000": neither more nor less
        exact: JsonDict = {"kind": "life", "life_at_most": int(m.group("n")), "life_at_least": int(m.group("n"))}
        return exact if m.group("w").lower() == "your" else {**exact, "whose": "opponent"}
    m = re.fullmatch(rf"you have (?P<n>{NUM}) or more (?P<what>[a-z][a-z -]*?) cards in your graveyard", low, re.I)
    if m:  # "you have five or more Cthulhu cards in your graveyard" (a public zone, 3.9)
        kept, players = _selector(f"{m.group('what')} card", ctx, zone="graveyard")
        if players or set(kept) - {"zone", "types", "races", "attributes"}:
            raise _GapError(f"condition: {text}")
        kept["controller"] = "you"
        held = {"kind": "controls", "filter": kept}
        if _number(m.group("n")) != 1:
            held["at_least"] = _number(m.group("n"))
        return held
    m = re.fullmatch(rf"you have (?P<n>{NUM}) or more cards in your hand", low, re.IGNORECASE)
    if m:
        return {"kind": "hand", "at_least": _number(m.group("n"))}
    m = re.fullmatch(rf"you have exactly (?P<n>{NUM}) cards? in your hand", low, re.IGNORECASE)
    if m and _number(m.group("n")) >= 1:  # N or more, and not N + 1 or more
        exactly = _number(m.group("n"))
        at_least: JsonDict = {"kind": "hand"} if exactly == 1 else {"kind": "hand", "at_least": exactly}
        return {"kind": "all_of", "conditions": [at_least, {"kind": "hand", "at_least": exactly + 1, "negate": True}]}
    if re.fullmatch(r"there are no cards in your removed (?:from (?:this|the) game zone|area)", low, re.I):
        # "If there are no cards in your removed from this game zone" (the removed area, 3.12)
        return {"kind": "controls", "filter": {"zone": "removed", "types": [], "controller": "you"}, "negate": True}
    if re.fullmatch(r"you have no cards in your hand", low, re.IGNORECASE):
        return {"kind": "hand", "negate": True}
    if re.fullmatch(r"your j-ruler attacked this turn", low, re.IGNORECASE):
        return {"kind": "j_ruler_attacked"}
    m = re.fullmatch(
        rf"this card has (?P<n>{NUM}) or (?:less|fewer) (?P<c>[a-z][a-z ]*?) counters? on it", low, re.IGNORECASE
    )
    if m:  # "this card has six or less creation counters on it": not seven or more
        return {
            "kind": "counters",
            "counter": m.group("c").lower(),
            "at_least": _number(m.group("n")) + 1,
            "negate": True,
        }
    m = re.fullmatch(
        rf"there (?:are|is) (?P<n>{NUM}) or more (?P<c>[a-z][a-z ]*?) counters? on this card", low, re.IGNORECASE
    )
    if m:
        out = {"kind": "counters", "counter": m.group("c").lower()}
        if _number(m.group("n")) != 1:
            out["at_least"] = _number(m.group("n"))
        return out
    who = r"(?:you (?P<neg>don't |do not )?control|(?P<opp>your opponent) (?P<oneg>doesn't |does not )?controls)"
    m = re.fullmatch(rf"{who} (?P<n>an?|another|any|{NUM} or more|no) (?P<what>.+)", low, re.IGNORECASE)
    if m is None:  # "you control "Abel"", "you control four "First Flight's Memoria"" (four or more)
        m = re.fullmatch(rf'{who} (?P<n>(?:{NUM})?)\s?(?P<what>"[^"]+")', low, re.IGNORECASE)
    if m:
        n, what = m.group("n").lower(), m.group("what").strip()
        said_not = bool(m.group("neg") or m.group("oneg"))
        negate = said_not or n == "no"
        if negate and n not in ("a", "an", "any", "another", "no", ""):
            raise _GapError(f"condition: {text}")
        if n == "no" and said_not:
            raise _GapError(f"condition: {text}")
        if re.fullmatch(r'"[^"]+"', what):
            flt: JsonDict = {"zone": "field", "types": [], "name": _names(what)[0]}
        else:
            flt, players = _selector(what, ctx, loose=True)
            if players or "controller" in flt:
                raise _GapError(f"condition: {text}")
        if n == "another":
            flt["other_than_self"] = True
        flt["controller"] = "opponent" if m.group("opp") else "you"
        cond: JsonDict = {"kind": "controls", "filter": flt}
        if n.endswith(" or more"):
            cond["at_least"] = _number(n.split()[0])
        elif n and n not in ("a", "an", "another", "any", "no") and _number(n) != 1:
            cond["at_least"] = _number(n)
        if negate:
            cond["negate"] = True
        return cond
    raise _GapError(f"condition: {text}")


def _condition_more(low: str, ctx: _Ctx) -> JsonDict | None:
    """ "this card was awakened" (checked on resolution, FoW-5.5 12.1); "it targets a Saint"
    (a cost reduction: the targets chosen as the card is played, 9.3 p2.4)."""
    if re.fullmatch(r"this card was awakened", low, re.IGNORECASE):
        return {"kind": "awakened"}
    spent = re.fullmatch(r"you spent \{(?P<w>[WRUGBM])\} to pay the \[awakening\] cost", low, re.IGNORECASE)
    if spent and ctx.awakening:  # "If you spent {M} to pay the [Awakening] cost" (12.1 p1): of the cost its source was
        return {"kind": "paid_will", "will": spent.group("w").upper()}  # played with, recorded as paid (10.2 p1)
    if re.fullmatch(r"no resonator you control attacked this turn", low, re.IGNORECASE):
        return {"kind": "resonator_attacked", "negate": True}  # a J-ruler is no resonator
    stat = re.fullmatch(r"this card's (?P<s>ATK|DEF) is (?P<n>[1-9]\d*00) or more", low, re.IGNORECASE)
    if stat:  # read on resolution, as it last was in a playground if it left (FoW-5.5 9.3 p3, 9.11)
        return {"kind": "this_stat", "stat": stat.group("s").lower(), "at_least": int(stat.group("n"))}
    m = re.fullmatch(r"it targets an? (?P<what>[a-z][a-z/ -]*)", low, re.IGNORECASE)
    if m:
        flt, players = _selector(m.group("what"), ctx, loose=True)
        if players or set(flt) - {"zone", "types", "races", "attributes"}:
            raise _GapError(f"condition: {low}")
        return {"kind": "targets", "filter": flt}
    return None


def _happened_condition(low: str, ctx: _Ctx) -> JsonDict | None:
    """ "during your opponent's turn", "your opponent controls three or more resonators than
    you", "a resonator was put into your opponent's field this turn", "three or more resonators
    were put into a graveyard from your field this turn" -> a Condition."""
    m = re.fullmatch(
        r"an? (?P<what>j/resonator|resonator) (?P<by>you|your opponent) controlled dealt damage"
        r" to (?P<to>you|an opponent|your opponent) this turn",
        low,
        re.IGNORECASE,
    )
    if m:  # "A J/resonator your opponent controlled dealt damage to you this turn"
        types = ["resonator", "j_ruler"] if m.group("what").lower() == "j/resonator" else ["resonator"]
        by = "you" if m.group("by").lower() == "you" else "opponent"
        to = "you" if m.group("to").lower() == "you" else "opponent"
        return {"kind": "dealt_damage_by", "filter": {"types": types, "controller": by}, "damaged": to}
    m = re.fullmatch(r"during (?P<w>your|your opponent's) turn", low, re.IGNORECASE)
    if m:
        return {"kind": "your_turn", **({"negate": True} if m.group("w").lower() != "your" else {})}
    m = re.fullmatch(rf"your opponent controls (?P<n>{NUM}) or more (?P<what>.+?) than you(?: do)?", low, re.I)
    if m:  # "three or more resonators than you": you control at least three fewer
        flt, players = _selector(m.group("what"), ctx)
        if players or "controller" in flt:
            raise _GapError(f"condition: {low}")
        out: JsonDict = {"kind": "fewer_than_opponent", "measure": "controls", "filter": flt}
        if _number(m.group("n")) != 1:
            out["by_at_least"] = _number(m.group("n"))
        return out
    m = re.fullmatch(
        r"an? (?P<what>.+?) (?:is|was) put into (?P<into>your|your opponent's) graveyard from a field this turn",
        low,
        re.IGNORECASE,
    )
    if m:  # "If a Human is put into your graveyard from a field this turn": a card that player owns (3.1 p5)
        flt, players = _selector(m.group("what"), ctx, zone="graveyard")
        if players or set(flt) - {"zone", "types", "races", "attributes"}:
            raise _GapError(f"condition: {low}")
        return {"kind": "put_into_graveyard_from_field", "filter": flt, "into_graveyard_of": _whose(m.group("into"))}
    m = re.fullmatch(
        rf"(?P<n>an?|{NUM} or more) (?P<what>.+?) (?:was|were) put into"
        r" (?:(?P<field>your|your opponent's) field|a graveyard from (?P<from>your|your opponent's) field) this turn",
        low,
        re.IGNORECASE,
    )
    if m:  # whoever put it there and wherever it is now (tracked per turn)
        flt, players = _selector(m.group("what"), ctx, zone="graveyard" if m.group("from") else "field")
        if players or set(flt) - {"zone", "types", "races", "attributes"}:
            raise _GapError(f"condition: {low}")
        n = m.group("n").lower()
        kind = "put_into_graveyard_from_field" if m.group("from") else "put_into_field"
        out = {"kind": kind, "filter": flt}
        whose = _whose(m.group("from") or m.group("field"))
        if whose != "you":
            out["whose"] = whose
        if n.endswith(" or more") and _number(n.split()[0]) != 1:
            out["at_least"] = _number(n.split()[0])
        return out
    return None


def _all_of(low: str, ctx: _Ctx) -> JsonDict | None:
    """ "You control a fire magic stone and your opponent controls four or more resonators",
    "you control "A", "B" and "C"" -> an ``all_of`` Condition: every part holds. A part that is
    not a condition by itself ("and a resonator with [Flying]") shares the "you control" of the
    part before it; a bare comma splits only before a quoted name or a new clause (a comma
    inside a noun phrase lists alternatives: "a Vampire, Immortal or Werewolf")."""
    quoted: list[str] = []

    def keep(m: re.Match[str]) -> str:
        quoted.append(m.group(0))
        return f"\x00{len(quoted) - 1}\x00"

    masked = re.sub(r'"[^"]*"', keep, low)
    parts = re.split(r",?\s+and\s+|,\s+(?=\x00|you\b|your\b|there\b|during\b)", masked, flags=re.IGNORECASE)
    if len(parts) < 2:
        return None
    parts = [re.sub(r"\x00(\d+)\x00", lambda q: quoted[int(q.group(1))], p).strip() for p in parts]
    out: list[JsonDict] = []
    subject = ""
    for part in parts:
        try:
            out.append(_condition(part, ctx))
        except _GapError:
            if not subject:
                return None
            try:
                out.append(_condition(subject + part, ctx))
            except _GapError:
                return None
            continue
        said = re.match(r"(?:you control|your opponent controls) ", part, re.IGNORECASE)
        subject = said.group(0) if said else ""
    return {"kind": "all_of", "conditions": out}


def _whose(word: str) -> str:
    return "you" if word.lower() == "your" else "opponent"


def _count_selector(what: str, ctx: _Ctx, text: str, *, zone: str = "field") -> JsonDict:
    """A plain "<race/type>" (no controller, state or "other") for a count."""
    if what.endswith(" card") and what != "card":
        what = what[: -len(" card")]
    flt, players = _selector(what, ctx, zone=zone, loose=zone == "field")
    if players or "controller" in flt or "rested" in flt or flt.get("other_than_self"):
        raise _GapError(f"condition: for each {text}")
    return flt


_FEWER = r"(?:less|fewer)"


def _comparison(low: str, ctx: _Ctx) -> JsonDict | None:
    """ "you control less resonators than your opponent", "your opponent has more cards in
    their hand than you", "your life is less than your opponent's life" -> a Condition."""
    m = re.fullmatch(rf"you control {_FEWER} (?P<what>.+?) than your opponent(?: does)?", low, re.IGNORECASE)
    m = m or re.fullmatch(r"your opponent controls more (?P<what>.+?) than you(?: do)?", low, re.IGNORECASE)
    if m:
        flt, players = _selector(m.group("what"), ctx)
        if players or "controller" in flt:
            raise _GapError(f"condition: {low}")
        return {"kind": "fewer_than_opponent", "measure": "controls", "filter": flt}
    hand = r"(?:their|his or her|his|her) hand"
    if re.fullmatch(rf"your opponent has more cards in {hand} than you(?: do)?", low, re.IGNORECASE) or re.fullmatch(
        rf"you have {_FEWER} cards in your hand than your opponent(?: does)?", low, re.IGNORECASE
    ):
        return {"kind": "fewer_than_opponent", "measure": "hand"}
    if re.fullmatch(rf"your life is {_FEWER} than your opponent's(?: life)?", low, re.IGNORECASE):
        return {"kind": "fewer_than_opponent", "measure": "life"}
    return None


def _count(text: str, ctx: _Ctx, *, it_self: bool = False) -> JsonDict:
    """``Werewolf you control``, ``other Wererabbit you control``, ``resonator in your
    graveyard``, ``card in your opponent's graveyard`` -> a Count ("for each ...")."""
    low = text.strip().rstrip(".,").strip()
    m = re.fullmatch(r"(?P<x>resonators?|cards?) removed this way", low, re.IGNORECASE)
    if m:  # "for each resonator removed this way": checked against the effect before it, in _effects
        types = [] if m.group("x").lower().startswith("card") else ["resonator"]
        return {"filter": {"zone": "removed", "types": types}, "this_way": True}
    m = re.fullmatch(
        r"(?P<x>resonators?|cards?) in (?:all|any) removed areas? that (?:was|were) removed by this card", low, re.I
    )
    if m:  # "for each card in all removed areas that was removed by this card" (10.3, 3.1 p3)
        types = [] if m.group("x").lower().startswith("card") else ["resonator"]
        return {"filter": {"zone": "removed", "types": types, "removed_by_source": True}}
    m = re.fullmatch(r"(?P<c>[a-z][a-z ]*?) counters? on (?P<on>this card|it)", low, re.IGNORECASE)
    if m and (m.group("on").lower() == "this card" or it_self):
        return {"counter": m.group("c").lower()}
    m = re.fullmatch(rf"(?:(?P<g>{NUM}) )?(?P<c>[a-z][a-z ]*?) counters? on your j/ruler", low, re.IGNORECASE)
    if m:  # "for each two magic counters on your J/ruler": your ruler or J-ruler (2.1 p2, 3.8 p4)
        mine: JsonDict = {"counter": m.group("c").lower(), "counter_on": "your_j_or_ruler"}
        if m.group("g") and _number(m.group("g")) != 1:
            mine["group"] = _number(m.group("g"))
        return mine
    m = re.fullmatch(r"different attributes? among (?P<x>.+)", low, re.IGNORECASE)
    if m:  # "for each different attribute among cards you control" (a void card has none, 2.8)
        counted = _count(m.group("x"), ctx)
        if "filter" not in counted or "this_turn" in counted:
            raise _GapError(f"condition: for each {text}")
        return {**counted, "distinct": "attributes"}
    m = re.fullmatch(
        r"different total costs? among (?P<x>.+?)(?P<unlike> that (?:don't|do not) share this card's total cost)?",
        low,
        re.IGNORECASE,
    )
    if m:  # "for each different total cost among resonators you control [that don't share ...]" (2.3)
        counted = _count(m.group("x"), ctx)
        if "filter" not in counted or "this_turn" in counted:
            raise _GapError(f"condition: for each {text}")
        if m.group("unlike"):
            counted["filter"]["total_cost_unlike_source"] = True
        return {**counted, "distinct": "total_costs"}
    m = re.fullmatch(r"spell cards? in (?P<whose>your|your opponent's) graveyard", low, re.IGNORECASE)
    if m:  # "for each spell card in your graveyard": a card of that type in that zone (2.1 p6)
        return {"filter": {"zone": "graveyard", "types": ["spell"], "controller": _whose(m.group("whose"))}}
    if low.lower() == "card in your hand":  # how many cards a player holds is public (FoW-5.5 3.5)
        return {"filter": {"zone": "hand", "types": [], "controller": "you"}}
    if low.lower() == "card in your chant-standby area":  # face down, but how many is public
        return {"filter": {"zone": "standby", "types": [], "controller": "you"}}
    m = re.fullmatch(r"card in (?P<whose>your|your opponent's) removed area", low, re.IGNORECASE)
    if m:  # the removed area is public (FoW-5.5 3.12)
        return {"filter": {"zone": "removed", "types": [], "controller": _whose(m.group("whose"))}}
    m = re.fullmatch(r"card (?:in|into) (?P<whose>your|your opponent's) hand", low, re.IGNORECASE)
    if m:  # hidden cards, but how many there are is public (FoW-5.5 3.5); "into": a misprint (SKL-048J)
        return {"filter": {"zone": "hand", "types": [], "controller": _whose(m.group("whose"))}}
    m = re.fullmatch(r"(?P<what>.+?) in all graveyards?", low, re.IGNORECASE)
    if m:
        flt = _count_selector(m.group("what"), ctx, text, zone="graveyard")
        return {"filter": flt}
    m = re.fullmatch(r"(?P<what>.+?) you control that entered your field this turn", low, re.IGNORECASE)
    if m:
        flt = _count_selector(m.group("what"), ctx, text)
        return {"filter": {**flt, "controller": "you"}, "this_turn": "entered_field"}
    m = re.fullmatch(r"(?P<what>.+?) put into (?:a|your) graveyard from your field this turn", low, re.IGNORECASE)
    if m:  # whoever owns it now: who controlled it in the field counts (last known information, 9.11)
        flt = _count_selector(m.group("what"), ctx, text, zone="graveyard")
        return {"filter": flt, "this_turn": "left_your_field"}
    m = re.fullmatch(r"(?P<what>.+?) in (?P<whose>your|your opponent's) graveyard", low, re.IGNORECASE)
    if m:
        what = m.group("what")
        if what.endswith(" card") and what != "card":
            what = what[: -len(" card")]
        flt, players = _selector(what, ctx, zone="graveyard")
        if players or "controller" in flt or "rested" in flt or flt.get("other_than_self"):
            raise _GapError(f"condition: for each {text}")
        flt["controller"] = "you" if m.group("whose").lower() == "your" else "opponent"
        return {"filter": flt}
    m = re.fullmatch(r"of your (?P<what>.+)", low, re.IGNORECASE)
    if m:  # "for each of your fire magic stone": each one you control (FoW-5.5 1.5 p3)
        return _count(f"{m.group('what')} you control", ctx, it_self=it_self)
    m = re.fullmatch(r'other "(?P<n>[^"]+)" you control', low, re.IGNORECASE)
    if m:  # "for each other "Croco-Shark" you control": a name, any card type (2.2)
        return {
            "filter": {"zone": "field", "types": [], "name": m.group("n"), "controller": "you", "other_than_self": True}
        }
    m = re.fullmatch(r"(?P<what>.+?) you control", low, re.IGNORECASE)
    if m:
        flt, players = _selector(m.group("what"), ctx, loose=True)
        if players or "controller" in flt:
            raise _GapError(f"condition: for each {text}")
        flt["controller"] = "you"
        return {"filter": flt}
    raise _GapError(f"condition: for each {text}")


def _pauses(effect: JsonDict) -> bool:
    """An effect that may wait for a player's choice (or holds effects): never inside may/if."""
    pausing = (
        *("search", "discard", "may", "if", "choose", "look_top", "put_from_hand", "banish", "delayed"),
        *("put_from_removed", "become_attribute", "change_races", "choose_race"),
    )
    if effect["op"] == "banish" and "target" in effect:  # "banish this card": no choice
        return False
    return (
        effect["op"] in pausing
        or "chosen_from" in effect
        or "any_number" in effect
        or "from_hand" in effect
        or "from_graveyard" in effect
        or "unless_pays" in effect
        or "chosen_total_cost" in effect
    )


def _gated(effects: list[JsonDict]) -> bool:
    """Whether ``effects`` can be held by a ``may`` or ``if``: anything but modes (chosen as the
    card is played) and an "if" with "otherwise" that waits for a choice (the engine runs held
    effects that wait for a choice as steps of their own, FoW-5.5 9.3 p3.2)."""
    for e in effects:
        held = e.get("effects", []) + e.get("otherwise", []) if e["op"] in ("may", "if") else []
        if e["op"] == "choose" or (held and not _gated(held)):
            return False
        if e["op"] == "if" and (e.get("otherwise") or e.get("same_targets")) and any(_pauses(i) for i in held):
            return False
    return True


_MAY = re.compile(r"^(?:then,? )?you may (?!pay\b)", re.IGNORECASE)
_MAY_PAY = re.compile(r"(?:then,? )?you may pay (?:(?P<w>(?:\{[^{}]+\})+)|(?P<life>\d+00) life)\.?", re.IGNORECASE)
"""A payment as an effect (not "you may pay {1} less to play ...")."""
_CHOOSING_NONE_DECLINES = ("put_from_hand", "put_from_removed")
"""Effects whose player may choose no card anyway (10.13 p2): "you may" adds nothing to them."""
_CLAUSE = r'(?:[^,"]|"[^"]*"|, (?="))+'
_IF = re.compile(rf"^if (?P<cond>{_CLAUSE}), (?P<body>.+)$", re.IGNORECASE)
_IF_NAMED = re.compile(rf'^if (?P<cond>you control (?:an? |{NUM} )?"[^"]+") (?P<body>[a-z].+)$', re.IGNORECASE)
"""``If you control "Call to Action's Memoria" destroy ...``: the comma left out after a name."""
_TRAILING_IF = re.compile(rf"^(?P<body>[^,]+?)(?<!\bonly) if (?!able\b)(?P<cond>{_CLAUSE}?)\.?$", re.IGNORECASE)
"""``Draw a card if you have no cards in your hand.``"""
_MODES = re.compile(
    r"^choose one\.?\s*(?:if (?P<cond>[^\n]+?),?\s+choose up to (?P<n>\w+)(?: instead)?\s*)?"
    r"[-\u2013:]\s*(?P<body>.+)$",
    re.IGNORECASE | re.DOTALL,
)
"""``Choose one - ...``; ``Choose one. If <condition>, choose up to two instead - ...``."""


def _logic(
    rest: str, ctx: _Ctx, it_self: bool, modes_ok: bool, *, after: bool = False
) -> tuple[list[JsonDict], str] | None:
    """A "you may" or "if" sentence, or a list of modes, at the start of ``rest``: the
    effects and what is left; None when ``rest`` starts with none of them."""
    m = _MODES.match(rest)
    if m:
        if not modes_ok:
            raise _GapError(f"effect: {_split_sentences(rest)[0]} (modes here are not in the vocabulary)")
        body = m.group("body")
        only = re.search(r"\s*choose the (?P<nth>first|second|third) only if (?P<c>[^.]+)\.?$", body, re.IGNORECASE)
        if only:  # "Choose the second only if your J/ruler has "Kaguya" in its name." (9.3 p2.3)
            body = body[: only.start()]
        body = re.sub(r"(?<=target addition): or (?=draw a card;)", "; or ", body)  # a misprint (CMF-004)
        modes = [p.strip() for p in re.split(r";\s*(?:or\s+)?|\s*\n\s*or\s+", body) if p.strip()]
        if len(modes) < 2:  # "... to target player, or this card deals ...": a comma before "or"
            modes = [p.strip() for p in re.split(r",\s*or\s+", m.group("body")) if p.strip()]
        modes = [re.sub(r"^or\s+", "", p, flags=re.IGNORECASE) for p in modes]
        if len(modes) < 2:
            raise _GapError(f"effect: {_split_sentences(rest)[0]}")
        choose: JsonDict = {"op": "choose", "modes": [_effects(_capitalise(p), ctx) for p in modes]}
        if m.group("cond"):
            up_to = _NUMBER_WORDS.get(m.group("n").lower())
            if up_to is None or not 2 <= up_to <= len(modes):
                raise _GapError(f"effect: choose up to {m.group('n')}")
            choose.update(up_to_if=_condition(m.group("cond"), ctx), up_to=up_to)
        if only:
            nth = ["first", "second", "third"].index(only.group("nth").lower())
            if nth >= len(modes):
                raise _GapError(f"effect: {only.group(0).strip()}")
            choose["only_if"] = [_condition(only.group("c"), ctx) if i == nth else None for i in range(len(modes))]
        return [choose], ""
    sentence = _split_sentences(rest)[0]
    if re.search(r"\binstead\b|\botherwise\b", sentence, re.IGNORECASE):
        return None
    pay = _MAY_PAY.fullmatch(sentence.strip())
    if pay:  # "You may pay {R}{R}. If you do, ...": paying is what "you do" (FoW-5.5 9.3 p3.2)
        paid: JsonDict = {"op": "pay"}
        if pay.group("w"):
            paid["will"] = _will_cost(pay.group("w"), f"effect: {sentence}")
        else:
            paid["life"] = int(pay.group("life"))
        return [{"op": "may", "effects": [paid]}], rest[len(sentence) :]
    it_may = _IT_MAY.match(sentence) if it_self else None
    if it_may:
        return _it_may(it_may, sentence, rest, ctx)
    may = _MAY.match(sentence)
    if may:
        try:
            inner = _effects(_capitalise(sentence[may.end() :]), ctx, it_self=it_self)
        except _GapError:
            spanning = _may_spanning(rest[may.end() :], ctx, it_self)
            if spanning is not None:  # "You may look at ... and choose a card. He or she discards that card."
                return [{"op": "may", "effects": spanning[0]}], spanning[1]
            inner = []
        if len(inner) == 1 and inner[0]["op"] in _CHOOSING_NONE_DECLINES:
            return inner, rest[len(sentence) :]
        if len(inner) == 1 and inner[0].get("up_to") is True and "from_graveyard" in inner[0]:
            return inner, rest[len(sentence) :]  # "you may remove up to two ...": none may be chosen anyway
        if not inner or not _gated(inner):
            raise _GapError(f"effect: {_capitalise(sentence)}")
        return [{"op": "may", "effects": inner}], rest[len(sentence) :]
    m = _IF.match(sentence) or _IF_NAMED.match(sentence) or _TRAILING_IF.match(sentence)
    if m:
        if re.fullmatch(r"you do|damage was dealt this way", m.group("cond").strip(), re.IGNORECASE):
            if not after:  # "If you do" follows the effect it asks about
                raise _GapError(f"condition: {m.group('cond')}")
            cond: JsonDict = {"kind": "did"}
        elif _IT_IS.fullmatch(_its_stats(m.group("cond").strip())) and m.group("body").strip().startswith(_SAME):
            # "Rest target resonator. If it's a Demon, it cannot be recovered ...": "it" is the previous
            # effect's single target, checked on resolution (FoW-5.5 9.3 p3)
            it = _IT_IS.fullmatch(m.group("cond").strip())
            assert it is not None
            flt = {"zone": "field", "types": [], **_it_filter(it["what"], ctx, sentence)}
            cond = {"kind": "target_is", "filter": flt}
        elif _IT_IS.fullmatch(_its_stats(m.group("cond").strip())):
            return _if_it_is(m, sentence, rest, ctx)
        else:
            cond = _condition(m.group("cond"), ctx)
        ruler_its = _J_RULER_ITS.fullmatch(m.group("body").strip())
        if ruler_its and m.group("cond").strip().lower() == "you control a j-ruler" and ctx.type == "spell":
            # "If you control a J-Ruler, this card deals damage equal to its ATK to that resonator." on
            # a spell, which has no ATK: "its" is the J-ruler's, read on resolution (0 without one)
            stat = ruler_its.group("s").lower()
            target = _target(ruler_its.group("t"), ctx)
            damage = {"op": "deal_damage", "amount": 0, "target": target, "equal_to": stat}
            inner = [{**damage, "equal_to_of": "your_j_ruler"}]
            return [{"op": "if", "condition": cond, "effects": inner}], rest[len(sentence) :]
        inner = _effects(_capitalise(m.group("body")), ctx, it_self=it_self)
        if not _gated(inner) or (any(_pauses(e) for e in inner) and cond["kind"] == "target_is"):
            raise _GapError(f"effect: {sentence}")
        return [{"op": "if", "condition": cond, "effects": inner}], rest[len(sentence) :]
    return None


_J_RULER_ITS = re.compile(r"this card deals damage equal to its (?P<s>ATK|DEF) to (?P<t>[^.]+?)\.?", re.IGNORECASE)
"""``this card deals damage equal to its ATK to that resonator`` on a spell, after "If you control a J-Ruler"."""

_IT_MAY = re.compile(r"^(?:it|this card) may deal (?P<body>.+?)\.?$", re.IGNORECASE)
"""``It may deal 300 damage to target resonator ...`` where "it" is this card."""


def _it_may(m: re.Match[str], sentence: str, rest: str, ctx: _Ctx) -> tuple[list[JsonDict], str]:
    """ "[Whenever this card attacks,] it may deal 300 damage to target resonator for each passion
    counter on it. If it does, remove all passion counters from it.": this card deals the damage if
    its controller so decides (the player makes the choices of their card's effects, FoW-5.5 9.3
    p3.2); "If it does" is whether it did, and "it" stays this card, the subject of both sentences."""
    body = re.sub(r"\b(counters? on) it$", r"\1 this card", m.group("body"), flags=re.IGNORECASE)  # the subject
    inner = _effects(f"This card deals {body}.", ctx, it_self=True)
    if not _gated(inner):
        raise _GapError(f"effect: {sentence}")
    out: list[JsonDict] = [{"op": "may", "effects": inner}]
    left = rest[len(sentence) :].strip()
    then = _split_sentences(left)[0] if left else ""
    did = re.fullmatch(r"if it does, (?P<body>.+?)\.?", then.strip(), re.IGNORECASE)
    if did:
        held = _effects(_capitalise(did.group("body")) + ".", ctx, it_self=True)
        if not _gated(held):
            raise _GapError(f"effect: {then}")
        out.append({"op": "if", "condition": {"kind": "did"}, "effects": held})
        left = left[len(then) :].strip()
    return out, left


def _may_spanning(text: str, ctx: _Ctx, it_self: bool) -> tuple[list[JsonDict], str] | None:
    """The effect after "you may" when one effect pattern spans several sentences ("You may look at
    target player's hand and choose a card. He or she discards that card."): the whole of it is
    what the player may do (FoW-5.5 9.3 p3.2); None if no single pattern covers a further sentence."""
    body = _capitalise(text)
    first = _split_sentences(body)[0]
    for pattern, build in _EFFECTS:
        m = pattern.match(body)
        if m and m.end() > len(first.rstrip(". ")):
            try:
                inner = build(m, ctx, it_self)
            except _GapError:
                return None
            return (inner, body[m.end() :].strip()) if _gated(inner) else None
    return None


_MODIFIED = "with ATK different from its printed ATK or DEF different from its printed DEF"


def _its_stats(cond: str) -> str:
    """ "its ATK is different from its printed ATK or its DEF is different from its printed DEF"
    (of the target, checked on resolution, FoW-5.5 9.3 p3) -> "it is with ATK different ..."."""
    its = re.fullmatch(
        r"its ATK is different from its printed ATK or its DEF is different from its printed DEF", cond, re.I
    )
    if its:
        return f"it is {_MODIFIED}"
    most = re.fullmatch(r"its total cost is less than or equal to the number of (?P<x>.+)", cond, re.I)
    return f"it is with total cost at most the number of {most.group('x')}" if most else cond


def _if_it_is(m: re.Match[str], sentence: str, rest: str, ctx: _Ctx) -> tuple[list[JsonDict], str]:
    """ "Target resonator gains ... if it's darkness. Otherwise, it gains ...": "it" is the
    target chosen for the effects; the "Otherwise" sentence acts on that same target."""
    it = _IT_IS.fullmatch(_its_stats(m.group("cond").strip()))
    assert it is not None
    inner = _effects(_capitalise(m.group("body")), ctx)
    chosen = [e for e in inner if _chooses(e)]
    if len(chosen) != 1 or any(_pauses(e) for e in inner):
        raise _GapError(f"condition: {m.group('cond')}")
    target = chosen[0]["target"]
    out: JsonDict = {"op": "if", "effects": inner}
    out["condition"] = {
        "kind": "target_is",
        "filter": {"zone": "field", "types": [], **_it_filter(it["what"], ctx, sentence)},
    }
    left = rest[len(sentence) :].strip()
    following = _split_sentences(left)[0] if left else ""
    other = re.fullmatch(r"otherwise,? (?P<o>it .+)", following.strip(), re.IGNORECASE)
    if other:
        otherwise = _effects(_capitalise(other.group("o")), ctx, it_self=True)
        for e in otherwise:
            if e.get("target") == {"kind": "self"}:
                e["target"] = copy.deepcopy(target)  # "it": the target of the effects
            elif _chooses(e) or _pauses(e):
                raise _GapError(f"effect: {following}")
        out.update(otherwise=otherwise, same_targets=True)
        left = left[len(following) :]
    return [out], left


_BEFORE_LOGIC: list[tuple[re.Pattern[str], EffectBuilder]] = []


def _effect_before_logic(pattern: str) -> Callable[[EffectBuilder], EffectBuilder]:
    """Like :func:`_effect`, tried before the "if"/"you may" sentences of :func:`_logic`: a whole
    sentence whose "if" the generic reading does not know."""

    def register(fn: EffectBuilder) -> EffectBuilder:
        _BEFORE_LOGIC.append((re.compile(pattern + _END, re.IGNORECASE), fn))
        return fn

    return register


@_effect_before_logic(
    r"you may reveal your hand\.\s*if you have no (?P<d>[^,.]+?) in your hand, (?P<b>search your main deck [^.]+)"
    r"\.\s*then shuffle your main deck"
)
def _reveal_hand_if_none(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # Aladdin's Lamp (MPR-055): "... you may reveal your hand. If you have no Spirit resonators in your hand,
    # search your main deck for a Spirit resonator, reveal it and put it into your hand. Then shuffle your
    # main deck.": the search only if the hand was revealed and shows none (10.4 p1); the deck is shuffled
    # anyway, as after any search the player may not make (10.20)
    none, players = _selector(m.group("d"), ctx, zone="hand")
    if players or set(none) - {"zone", "types", "races", "attributes", "name"}:
        raise _GapError(f"effect: {m.group(0).strip()}")
    searched = _effects(f"If you have no cards in your hand, {m.group('b')}. Then shuffle your main deck.", ctx)
    if len(searched) != 2 or searched[0].get("op") != "if" or searched[1] != {"op": "shuffle"}:
        raise _GapError(f"effect: {m.group(0).strip()}")
    hand = {"kind": "controls", "filter": {**none, "zone": "hand", "controller": "you"}, "negate": True}
    search = {**searched[0], "condition": hand}
    return [{"op": "may", "effects": [{"op": "reveal_hand"}, search]}, searched[1]]


def _effect_first(pattern: str) -> Callable[[EffectBuilder], EffectBuilder]:
    """Like :func:`_effect`, tried before the others (a "for each" tail changes the meaning)."""

    def register(fn: EffectBuilder) -> EffectBuilder:
        _EFFECTS.insert(0, (re.compile(pattern + _END, re.IGNORECASE), fn))
        return fn

    return register


@_effect_first(
    r"(?P<t>target player|target opponent|your opponent|you) cannot gain life"
    r" (?:this turn|until (?:the )?end of (?:the )?turn)"
)
def _player_cannot_gain_life(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Your opponent cannot gain life until end of turn.": a prohibition on a player, beating any
    # effect that would make that player gain life (FoW-5.5 1.4 p4)
    who = m.group("t").lower()
    target = {"your opponent": {"kind": "opponent"}, "you": {"kind": "you"}}.get(who) or _PLAYER_TARGETS[who]
    return [{"op": "restrict", "target": dict(target), "rules": ["cannot_gain_life"]}]


@_effect_before_logic(r"if your j-ruler has no atk and def, recover it")
def _recover_j_ruler_without_stats(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "If your J-Ruler has no ATK and DEF, recover it." (TTW-096): "it" is your J-ruler; a J-ruler
    # may lack both values (FoW-5.5 2.6, 2.7), checked on resolution (9.3 p3)
    yours: JsonDict = {"zone": "field", "types": ["j_ruler"], "controller": "you"}
    bare = {**yours, "no_atk_def": True}
    condition = {"kind": "controls", "filter": bare}
    return [
        {"op": "if", "condition": condition, "effects": [{"op": "recover", "target": {"kind": "all", "filter": bare}}]}
    ]


@_effect_before_logic(
    r"if your j-ruler is (?P<n>\"[^\"]+\"), it gains (?P<s>\[[^\]]+\]) until end of turn and you may pay "
    r"(?P<c>(?:\{[^{}]+\})+) less to play its god's art abilities this turn"
)
def _j_ruler_named_gains_and_pays_less(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "If your J-Ruler is "Melgis, the One Charmed by the Demon Sword", it gains [Imperishable] until end
    # of turn and you may pay {2} less to play its God's Art abilities this turn." (VS01-026): the same
    # two effects as "If it's "Faria ...", it gains ..." after "Your J-Ruler gains ..." (TTW-097): the
    # gain if the condition holds on resolution (9.3 p3), paying less part of the continuous effect,
    # checked as the God's Art is played (9.9 p4)
    skill = _effects(f"Your J-Ruler gains {m.group('s')} until end of turn.", ctx)
    if [e["op"] for e in skill] != ["grant_skill"]:
        raise _GapError(f"effect: {m.group(0)}")
    named = _condition(f"your J-Ruler is {m.group('n')}", ctx)
    less = _will_cost(m.group("c"), f"effect: {m.group(0)}")
    pay_less = {"op": "pay_less", "of": "gods_art", "less": less, "condition": named}
    return [{"op": "if", "condition": named, "effects": skill}, pay_less]


@_effect_first(
    r"your j-ruler gains (?P<m>\[[+-]\d+/[+-]\d+\]) until end of turn\.\s*"
    r"if it's (?P<n>\"[^\"]+\"), it gains (?P<s>\[[^\]]+\]) until end of turn and you may pay "
    r"(?P<c>(?:\{[^{}]+\})+) less to play its god's art abilities this turn"
)
def _j_ruler_gains_if_named(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Your J-Ruler gains [+200/+200] until end of turn. If it's "Faria, the Ruler of God Sword", it gains
    # [Imperishable] until end of turn and you may pay {2} less to play its God's Art abilities this
    # turn.": "it" is your J-ruler, so "if it's X" is "if your J-ruler is X", checked on resolution
    # (9.3 p3) for the gain; for paying less it is part of the continuous effect, checked as the God's
    # Art is played - the rules' own example of this text (FoW-5.5 9.9 p4)
    gains = _effects(f"Your J-Ruler gains {m.group('m')} until end of turn.", ctx)
    skill = _effects(f"Your J-Ruler gains {m.group('s')} until end of turn.", ctx)
    if [e["op"] for e in gains + skill] != ["modify", "grant_skill"]:
        raise _GapError(f"effect: {m.group(0)}")
    named = _condition(f"your J-Ruler is {m.group('n')}", ctx)
    less = _will_cost(m.group("c"), f"effect: {m.group(0)}")
    pay_less = {"op": "pay_less", "of": "gods_art", "less": less, "condition": named}
    return [*gains, {"op": "if", "condition": named, "effects": skill}, pay_less]


@_effect_first(r"(?P<a>recover (?:this card|it)) and it gains (?P<m>[^.]+?) until (?:the )?end of (?:the )?turn")
def _recover_and_gains(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Recover this card and it gains [+400/0] until end of turn.": two effects on the source card,
    # one after the other ("it" is that card only where it names the source card)
    if m.group("a").lower().endswith(" it") and not it_self:
        raise _GapError(f"effect: {m.group(0)}")
    first = _effects(_capitalise(m.group("a")) + ".", ctx, it_self=it_self)
    return first + _effects(f"This card gains {m.group('m')} until end of turn.", ctx, it_self=it_self)


@_effect_first(r"(?P<src>this card|it) deals (?P<n>\d+) damage to (?P<t>[^.]+?) for each (?P<c>[^.]+?)")
def _deal_per(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    if m.group("src").lower() == "it" and not it_self:
        raise _GapError(f"effect: {m.group(0).strip()}")
    theirs = re.fullmatch(r"(?P<w>.+?) that (?:he or she|they) controls?", m.group("c").strip(), re.IGNORECASE)
    if m.group("t").strip().lower() == "each player" and theirs:
        # "deals 300 damage to each player for each special magic stone that he or she controls":
        # each player's own count (FoW-5.5 10.6)
        per = {**_count(f"{theirs.group('w')} you control", ctx), "of_each_player": True}
        return [{"op": "deal_damage", "amount": int(m.group("n")), "target": {"kind": "each_player"}, "per": per}]
    player = {"your opponent": {"kind": "opponent"}, "you": {"kind": "you"}}.get(m.group("t").strip().lower())
    target = player or _target(m.group("t"), ctx)  # "deals 100 damage to your opponent for each ..."
    return [{"op": "deal_damage", "amount": int(m.group("n")), "target": target, "per": _count(m.group("c"), ctx)}]


@_effect_first(
    r"(?P<t>[^.]+?) gains? (?P<m>\[[+-]\d+/[+-]\d+\]) for each (?P<c>[^.]+?) until (?:the )?end of (?:the )?turn"
)
def _gains_per(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    assert target is not None
    atk, def_, _ = _modifiers(m.group("m"))
    return [{"op": "modify", "atk": atk, "def": def_, "target": target, "per": _count(m.group("c"), ctx)}]


_THEIR = r"(?:their|his or her|his of her|his)"  # "his of her", "his": misprints (TAT-072)


@_effect(
    r"shuffle all magic stones from your graveyard into your magic stone deck,? (?:then|and) "
    r"shuffle all other cards from your graveyard into your main deck"
)
def _reshuffle_your_graveyard(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Then shuffle all magic stones from your graveyard into your magic stone deck and shuffle all
    # other cards from your graveyard into your main deck." (FoW-5.5 3.1 p5, 10.20)
    return [{"op": "reshuffle_graveyard", "who": "you"}]


@_effect(
    r"(?P<who>target player|each player) (?P<d>discards their hand, )?"
    rf"shuffles all magic stones from {_THEIR} graveyard into {_THEIR} magic stone deck,? (?:then|and) "
    rf"shuffles all other cards from {_THEIR} graveyard into {_THEIR} main deck"
)
def _reshuffle_graveyard(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Target player shuffles all magic stones from their graveyard into their magic stone deck and
    # shuffles all other cards from their graveyard into their main deck." (FoW-5.5 3.1 p5, 10.20)
    out: list[JsonDict] = []
    if m.group("who").lower() == "target player":
        out.append({"op": "reshuffle_graveyard", "target": {"kind": "chosen", "players_only": True}})
    else:
        if m.group("d"):  # "Each player discards their hand, shuffles ...": the discard first (10.18 p2)
            out.append({"op": "discard", "who": "each", "whole_hand": True})
        out.append({"op": "reshuffle_graveyard", "who": "each"})
    return out


@_effect(r"(?P<t>[^.]+?) gains? (?P<m>\[[+-]\d+/[+-]\d+\]) as long as this card is rested")
def _gains_while_rested(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "[Activate] Pay {1} {Rest}: Resonators you control gain [+200/+200] as long as this card is rested.":
    # every object that matches while it lasts (9.9 p4), until this card recovers or leaves (9.9 p8)
    target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    if target is None or target["kind"] != "all" or ctx.type == "spell":
        raise _GapError(f"effect: {m.group(0).strip()}")
    atk, def_, _ = _modifiers(m.group("m"))
    return [{"op": "modify", "atk": atk, "def": def_, "target": target, "duration": "source_rested"}]


@_effect(r"(?P<t>[^.]+?) gains? (?P<m>\[[+-]\d+/[+-]\d+\])")
def _gains_no_duration(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "If it's a resonator, resonators you control gain [+300/+300]." with no duration, on an
    # ability of a card in a field: the effect applies as long as the ability is active (FoW-5.5
    # 9.1 p2.2), i.e. while that card stays in the field, to every object that matches, even those
    # that start to match later (9.9 p4). Only for "all X" (one object's would need its own end)
    # and not on a spell, whose ability is active only as it resolves
    target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    if target is None or target["kind"] != "all" or ctx.type == "spell":
        raise _GapError(f"effect: {m.group(0).strip()}")
    atk, def_, _ = _modifiers(m.group("m"))
    return [{"op": "modify", "atk": atk, "def": def_, "target": target, "duration": "source_in_field"}]


@_effect_first(
    r"(?P<t>(?:up to \w+ )?target [^.]+?) gains? (?P<m>\[[+-]\d+/[+-]\d+\]) for each (?P<c>(?:(?!\buntil\b)[^.])+?)"
)
def _gains_per_no_duration(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "When this card enters your field => Up to two target resonators gain [-300/-300] for each Drei
    # Stern you control." with no duration, on an ability of a card in a field: it applies as long as
    # the ability is active (FoW-5.5 9.1 p2.2), while that card stays in the field as the same object;
    # a target that leaves is a new object the effect no longer applies to (3.1 p3). Counted now.
    if ctx.type == "spell":
        raise _GapError(f"effect: {m.group(0).strip()}")
    target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    assert target is not None
    atk, def_, _ = _modifiers(m.group("m"))
    per = _count(m.group("c"), ctx)
    return [{"op": "modify", "atk": atk, "def": def_, "target": target, "duration": "source_in_field", "per": per}]


@_effect_first(
    r"(?:until end of turn, )?if (?P<who>your j-ruler) would deal damage(?P<turn> this turn)?, "
    r"it deals that much (?:\+ ?|plus )(?P<n>\d+) instead"
)
def _deal_more_all(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "{Rest}: If your J-Ruler would deal damage this turn, it deals that much +200 instead." (a
    # replacement effect for the turn, 9.10 p1): whichever J-ruler you control when damage would be dealt
    if not m.group("turn") and not m.group(0).lower().startswith("until end of turn"):
        raise _GapError(f"effect: {m.group(0).strip()} (no duration)")
    target = _subject(m.group("who"), ctx, continuous=False)
    assert target is not None
    return [{"op": "deal_more", "extra": int(m.group("n")), "target": target}]


@_effect_first(r"produce (?P<w>\{[WRUGB]\}) for each (?P<c>[^.]+?)")
def _produce_per(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "[Enter]: Produce {G} for each Musketeer resonator you control." (counted on resolution)
    return [{"op": "produce_will", "will": [m.group("w")[1]], "per": _count(m.group("c"), ctx)}]


@_effect_first(r"(?:you )?gain (?P<n>\d+) life for each (?P<c>[^.]+?)")
def _gain_life_per(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    return [{"op": "gain_life", "amount": int(m.group("n")), "who": "you", "per": _count(m.group("c"), ctx)}]


def _number_of(text: str, ctx: _Ctx) -> JsonDict:
    """ "the number of <X>" -> a Count, read as "for each <X>" is: ``resonators you control``,
    ``different attributes among resonators you control``, ``different total costs among ...``."""
    return _count(text.strip().rstrip(".").strip(), ctx)


@_effect_first(r"draw cards equal to the number of (?P<c>[^.(]+?)")
def _draw_number(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    return [{"op": "draw", "count": 1, "who": "you", "per": _number_of(m.group("c"), ctx)}]


@_effect_first(r"(?P<src>this card|it) deals damage equal to its (?P<s>ATK|DEF) to (?P<t>[^.]+?)")
def _deal_equal(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    if (m.group("src").lower() == "it" and not it_self) or ctx.type not in ("resonator", "j_ruler"):
        raise _GapError(f"effect: {m.group(0).strip()}")  # "its" must be the source card, with an ATK
    target = _target(m.group("t"), ctx)
    return [{"op": "deal_damage", "amount": 0, "target": target, "equal_to": m.group("s").lower()}]


@_effect_first(
    r"this card deals damage to (?P<t>[^.]+?) equal to the (?P<s>ATK|DEF) of "
    r"(?:the )?resonator banished for its judgment"
)
def _deal_equal_banished(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "[Enter] This card deals damage to target resonator equal to the ATK of resonator banished for its
    # judgment." on a J-ruler whose [Judgment] banishes a resonator (7.5 p2): that card's ATK as it last
    # was in the field (9.11)
    if ctx.type != "j_ruler":
        raise _GapError(f"effect: {m.group(0).strip()}")
    target = _target(m.group("t"), ctx)
    stat = m.group("s").lower()
    return [{"op": "deal_damage", "amount": 0, "target": target, "equal_to": stat, "equal_to_of": "judgment_banished"}]


@_effect_first(r"(?P<a>target [^.]+?) deals damage equal to its (?P<s>ATK|DEF) to another (?P<b>target [^.]+?)")
def _target_deals_equal(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Target Vampire you control deals damage equal to its ATK to another target resonator.": the
    # first target deals the damage (FoW-5.5 10.6 p1); the second is not the first (9.3 p2.4)
    # "Target Vampire": a Vampire ruler in a ruler area is a legal target too (2.5 p4), without ATK
    by, target = _target(m.group("a"), ctx, playground=True), _target(m.group("b"), ctx)
    for t in (by, target):
        if t.get("kind") != "chosen" or set(t) - {"kind", "filter"}:
            raise _GapError(f"effect: {m.group(0).strip()}")
    stat = m.group("s").lower()
    damage = {"op": "deal_damage", "amount": 0, "target": {**target, "second": True}, "equal_to": stat}
    return [{**damage, "equal_to_of": "by", "by": by}]


@_effect_first(
    r"(?:then,? )?you gain life equal to half of that much damage(?:\.? ?\(rounded up to the nearest 100\.?\))?"
)
def _gain_half(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Then you gain life equal to half of that much damage. (Rounded up to the nearest 100.)" (the
    # reminder text is read off before): checked against the damage effect just before it, in _effects
    return [{"op": "gain_life", "amount": 0, "who": "you", "half_of_damage": True}]


@_effect_first(r"(?:you )?gain life equal to @same's (?P<s>ATK|DEF)")
def _gain_life_equal_its(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Destroy target resonator with total cost 3 or less. You gain life equal to its DEF.": "its" is
    # the previous effect's single target (read by last known information once destroyed, 9.11)
    return [{"op": "gain_life", "amount": 0, "who": "you", "equal_to": m.group("s").lower(), "of_same": True}]


@_effect_first(r"(?:you )?gain life equal to its (?P<s>ATK|DEF)")
def _gain_life_equal(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    if not it_self or ctx.type not in ("resonator", "j_ruler"):
        raise _GapError(f"effect: {m.group(0).strip()}")  # "its": the source card, before any other object
    return [{"op": "gain_life", "amount": 0, "who": "you", "equal_to": m.group("s").lower()}]


@_effect_first(  # before "... gains X until end of turn", which "cannot gain abilities" would match
    r"(?P<t>[^.]+?) loses? all abilities(?P<ng> and cannot gain abilities)? "
    r"(?:this turn|until (?:the )?end of (?:the )?turn|(?P<src>as long as this card is (?:in|on) a field))"
)
def _lose_abilities(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Target resonator you control loses all abilities until end of turn." (FoW-5.5 9.9 p1.2)
    target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    assert target is not None
    if target.get("filter", {}).get("types") == []:
        raise _GapError(f"target: {m.group('t')} (no card type: it may also be a ruler)")
    out: JsonDict = {"op": "lose_abilities", "target": target}
    if m.group("ng"):
        out["cannot_gain"] = True
    if m.group("src"):  # "... as long as this card is in a field": until its source leaves (9.1 p2.2)
        if ctx.type == "spell":  # a spell is never in a field
            raise _GapError(f"effect: {m.group(0).strip()}")
        out["duration"] = "source_in_field"
    return [out]


@_effect_first(
    r"(?P<t>[^.]+?) (?P<lose>loses? all abilities and )?becomes? (?:an? )?\[(?P<a>\d+)/(?P<d>\d+)\]"
    r" (?:this turn|until (?:the )?end of (?:the )?turn)"
)
def _set_stats(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Each resonator your opponent controls loses all abilities and becomes [0/200] until end of turn."
    # (FoW-5.5 9.9 p1.2; p1.4: its ATK and DEF become these values, in timestamp order with the other
    # changes of values, counters after them)
    target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    assert target is not None
    if target.get("filter", {}).get("types") == []:
        raise _GapError(f"target: {m.group('t')} (no card type: it may also be a ruler)")
    out: list[JsonDict] = [{"op": "lose_abilities", "target": copy.deepcopy(target)}] if m.group("lose") else []
    return [*out, {"op": "set_stats", "atk": int(m.group("a")), "def": int(m.group("d")), "target": target}]


@_effect_first(
    r"(?P<t>target resonator) and all other resonators with the same name gain (?P<m>\[[+-]\d+/[+-]\d+\])"
    r" until (?:the )?end of (?:the )?turn"
)
def _gains_same_name_too(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Target resonator and all other resonators with the same name gain [+300/+300] until end of turn."
    # (10.19 p3; the others: whatever shares a name with the target while the effect lasts, 2.2, 9.9 p4)
    atk, def_, _ = _modifiers(m.group("m"))
    target = _target(m.group("t"), ctx)
    return [{"op": "modify", "atk": atk, "def": def_, "target": target, "same_name_too": True}]


@_effect_first(r"(?P<t>target resonator)'s printed ATK becomes (?P<a>\d+) until (?:the )?end of (?:the )?turn")
def _set_printed_atk(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "Target resonator's printed ATK becomes 0 until end of turn." (FoW-5.5 9.9 p1.1: the base
    # information every other change of values applies to)
    target = _subject(m.group("t"), ctx, continuous=False, it_self=it_self)
    return [{"op": "set_printed_atk", "atk": int(m.group("a")), "target": target}]


_REDUCTION = re.compile(
    rf"^(?:\[Continuous\]\s*:?\s*)?(?:if (?P<pre>{_CLAUSE}),? )?"  # "If your life is 100 you may pay": no comma
    r"you may pay (?P<c>(?:\{[^{}]+\})+) less to play this card"
    r"(?:,? if (?P<post>.+?)|,? for each (?P<per>.+?))?\.?$",
    re.IGNORECASE,
)


def _cost_reduction(text: str, ctx: _Ctx) -> Delta | None:
    """ "You may pay {1} less to play this card [if <condition>] [for each X]" (FoW-5.5 9.3 p2.5)."""
    m = _REDUCTION.match(text)
    if not m:
        return None
    if m.group("pre") and m.group("post"):
        raise _GapError(f"condition: {text}")
    out: JsonDict = {"cost": _will_cost(m.group("c"), "cost reduction")}
    cond = m.group("pre") or m.group("post")
    if cond:
        out["condition"] = _condition(cond, ctx)
    if m.group("per"):
        out["per"] = _count(m.group("per"), ctx)
        if out["per"].get("filter", {}).get("zone") == "hand":  # the card is in the chase area by then (9.3 p2.2)
            raise _GapError(f"condition: for each {m.group('per')} (while this card is played)")
    return {"cost_reduction": out}


_DEAL_MORE = re.compile(
    r"if (?P<who>.+?) would deal damage, it deals that much (?:\+ ?|plus )(?P<n>\d+) instead", re.IGNORECASE
)


def _deal_more(raw: str, body: str, ctx: _Ctx) -> JsonDict | None:
    """ "If resonator with this / a normal spell you control would deal damage, it deals that
    much +200 instead": a replacement effect on the damage it deals (FoW-5.5 9.10 p1)."""
    m = _DEAL_MORE.fullmatch(body)
    if m is None:
        return None
    who = m.group("who").strip()
    out: JsonDict = {"kind": "replacement", "text": raw, "replaces": "deals_damage", "instead": "deal_more"}
    out["extra_damage"] = int(m.group("n"))
    if who.lower() == "a normal spell you control":  # a [Spell:Chant(-Instant/-Standby)] card being resolved
        out["affects"] = {"kind": "all", "filter": {"zone": "chase", "types": ["spell"], "controller": "you"}}
        return out
    if who.lower() == "this card" and ctx.type == "addition":
        raise _GapError(f"condition: {body}")
    affects = _subject(who, ctx, continuous=True)  # this card, or the card an addition is added to
    if affects is not None:
        raise _GapError(f"condition: {body}")
    return out


_IT_IS = re.compile(r"it(?:'s| is) (?P<what>.+)", re.IGNORECASE)
_IT_VARIANT = re.compile(
    r"(?P<s>.+?) gains? (?P<m1>[^.]+?)\.\s*(?:if|as long as) it(?:'s| is) (?P<what>[^,]+), it (?P<also>also )?gains? "
    r"(?P<m2>.+?)(?P<instead> instead)?\.?",
    re.IGNORECASE,
)


def _it_filter(what: str, ctx: _Ctx, body: str) -> JsonDict:
    """What "it" (the affected card) must be: ``darkness``, ``a Musketeer``, ``with no
    attribute``, ``"NAME"`` -> the filter keys saying so (printed information)."""
    low = what.strip().rstrip(".").strip()
    printed = re.fullmatch(r"(?P<w>.+?) and its printed ATK and DEF (?:is|are) \[(?P<a>\d+)/(?P<d>\d+)\]", low, re.I)
    if printed:  # "dark and its printed ATK and DEF is [400/400]" (FoW-5.5 2.6, 2.7)
        stats = {"printed_atk": int(printed.group("a")), "printed_def": int(printed.group("d"))}
        return {**_it_filter(printed.group("w"), ctx, body), **stats}
    if low.lower() == "with no attribute":
        return {"no_attribute": True}
    most = re.fullmatch(r"with total cost at most the number of (?P<x>.+)", low, re.I)
    if most:  # "if its total cost is less than or equal to the number of Four Sacred Beasts" (2.3, 2.5 p4)
        counted, players = _selector(most.group("x"), ctx, playground=True)
        if players or set(counted) & {"controller", "rested", "other_than_self"}:
            raise _GapError(f"condition: {body}")
        return {"max_total_cost_count": {"filter": counted}}
    if low.lower() in ATTRIBUTE_WORDS:
        return {"attributes": [ATTRIBUTE_WORDS[low.lower()]]}
    m = re.fullmatch(r'"([^"]+)"', low)
    if m:
        return {"name": m.group(1)}
    if low.lower() == _MODIFIED.lower():  # characteristics other than printed ones (in a playground)
        return {"modified": True}
    card_type = {"a resonator": "resonator", "a j-ruler": "j_ruler"}.get(low.lower())
    if card_type is not None:  # "If it's a J-Ruler, ..." of a "J/resonator" target: its card type (2.1)
        return {"types": [card_type]}
    m = re.fullmatch(r"an? (?P<r>[A-Z][\w'-]*(?: [A-Z][\w'-]*)*)", low)
    if m:
        return {"races": [_race(m.group("r"), ctx, plural=False)]}
    raise _GapError(f"condition: {body}")


def _narrow(ability: JsonDict, extra: JsonDict, ctx: _Ctx, body: str) -> None:
    """Restrict what a continuous ability affects to cards matching ``extra`` as well: "added
    resonator ... if it's X" affects the card it is added to only while that card is X."""
    affects = ability.get("affects")
    if affects is None and ctx.type == "addition":
        ability["affects"] = {"kind": "host", "filter": {"zone": "field", "types": [], **extra}}
    elif affects is not None and affects["kind"] == "all" and not set(extra) & set(affects["filter"]):
        affects["filter"].update(extra)
    else:
        raise _GapError(f"condition: {body}")


_ATTRS = "(?:" + "|".join(ATTRIBUTE_WORDS) + ")"
_ATTR_LIST = rf"{_ATTRS}(?:(?:, or |, | or ){_ATTRS})*"
_PROTECTION = re.compile(
    rf"(?P<s>this card|resonator with this|added resonator)(?: gains (?P<m>\[[+-]\d+/[+-]\d+\]),)?"
    rf" cannot be targeted by (?P<a>{_ATTR_LIST}) spells or (?:(?P<b>{_ATTR_LIST}) card's )?abilities"
    rf"(?: and prevent all damage that would be dealt to (?P<t>this card|it) by (?P<c>{_ATTR_LIST}) cards)?",
    re.IGNORECASE,
)


def _attribute_list(words: str) -> list[str]:
    return sorted({ATTRIBUTE_WORDS[w.lower()] for w in re.split(r", or |, | or ", words)}, key="WRUGB".index)


def _protection(raw: str, text: str, ctx: _Ctx) -> list[JsonDict] | None:
    """ "This card cannot be targeted by light spells or light card's abilities and prevent all damage
    that would be dealt to this card by light cards"; "Resonator with this gains [+500/+500], cannot be
    targeted by darkness spells ..." (an addition): a rule override (its text beats the targeting rule,
    FoW-5.5 1.4 p1, 9.3 p2.4), the ATK/DEF it gains, and a prevention of damage from cards of those
    attributes (10.17, a replacement ability, 9.10): one ability each, or None."""
    m = _PROTECTION.fullmatch(text.strip().rstrip(".").strip())
    if m is None:
        return None
    if m.group("b") and _attribute_list(m.group("b")) != _attribute_list(m.group("a")):
        raise _GapError(f"effect: {text}")
    subject = _subject(m.group("s"), ctx, continuous=True)
    if subject is not None or (m.group("t") or "this card").lower() not in ("this card", "it"):
        raise _GapError(f"target: {m.group('s')}")
    attributes = _attribute_list(m.group("a"))
    out: list[JsonDict] = []
    if m.group("m"):
        atk, def_, _ = _modifiers(m.group("m"))
        out.append({"kind": "continuous", "text": raw, "modify_atk": atk, "modify_def": def_})
    out.append(
        {"kind": "continuous", "text": raw, "untargetable_by": {"zone": "field", "types": [], "attributes": attributes}}
    )
    if m.group("c"):  # on an addition, "this card" of a replacement is the card it is added to
        damage_from = {"zone": "field", "types": [], "attributes": _attribute_list(m.group("c")), "playground": True}
        out.append(
            {
                "kind": "replacement",
                "text": raw,
                "replaces": "self_damaged",
                "instead": "prevent",
                "damage_from": damage_from,
            }
        )
    return out


_RACE_OTHERWISE = re.compile(
    r"(?P<r>[A-Z][\w'-]*(?: [A-Z][\w'-]*)*) resonator with this (?P<v1>[^.]+)\.\s*Otherwise, it (?P<v2>[^.]+?)\.?"
)


def _race_otherwise(raw: str, text: str, ctx: _Ctx) -> list[JsonDict] | None:
    """ "Vampire resonator with this cannot be targeted by spells or abilities your opponent controls.
    Otherwise, it cannot attack or block." (an [Addition:Resonator]): one ability for the card it is
    added to while it is of that race, one while it is not (printed races), or None."""
    m = _RACE_OTHERWISE.fullmatch(text.strip())
    if m is None or (ctx.type, ctx.subtype) != ("addition", "resonator"):
        return None
    race = _race(m.group("r"), ctx, plural=False)
    first = _continuous(raw, f"Resonator with this {m.group('v1')}", ctx)
    second = _continuous(raw, f"Resonator with this {m.group('v2')}", ctx)
    if any(a["kind"] != "continuous" or "rules" not in a or "affects" in a for a in (first, second)):
        raise _GapError(f"condition: {text.strip()}")
    _narrow(first, {"races": [race]}, ctx, text)
    _narrow(second, {"not_races": [race]}, ctx, text)
    return [first, second]


def _continuous_each(raw: str, text: str, ctx: _Ctx) -> list[JsonDict]:
    """A continuous paragraph, or one of several sentences that are each a whole continuous
    ability ("As long as there are five or more ..., X gains ... As long as there are ten or
    more ..., X gains ..."): one ability per sentence."""
    protected = _protection(raw, text, ctx) or _race_otherwise(raw, text, ctx)
    if protected is not None:
        return protected
    try:
        return [_continuous(raw, text, ctx)]
    except _GapError as whole:
        sentences = _split_sentences(text)
        if len(sentences) < 2:
            raise
        try:
            abilities = [_continuous(raw, sentence, ctx) for sentence in sentences]
        except _GapError:
            raise whole from None
        if any(a["kind"] != "continuous" for a in abilities):
            raise whole from None
        return abilities


_HOST_OTHERWISE = re.compile(
    r"(?P<b>(?P<s>resonator with this|added resonator) (?:gains?|cannot|can't)\b[^.]+?) if it(?:'s|s| is) "
    r"(?P<what>[^.]+)\.\s*otherwise,? it (?P<o>.+?)\.?",
    re.IGNORECASE,
)
_NEGATED = {"attributes": "not_attributes", "races": "not_races"}
"""Filter keys whose opposite a filter can say ("if it's a Vampire" / "Otherwise": a non-Vampire)."""


def _host_otherwise(raw: str, text: str, ctx: _Ctx) -> list[JsonDict] | None:
    """ "Resonator with this gains [-1000/-1000] if it's a Vampire. Otherwise it cannot be attacked
    ...": one ability for the card the addition is added to while it is X, one while it is not
    (checked all the time, FoW-5.5 9.9 p4; "its" is a misprint of "it's")."""
    m = _HOST_OTHERWISE.fullmatch(text.strip())
    if m is None or ctx.type != "addition":
        return None
    body = text.strip()
    first = _continuous(raw, f"{m.group('b')} as long as it's {m.group('what')}", ctx)
    others = _otherwise_clauses(raw, m.group("s"), m.group("o"), ctx, body)
    if first["kind"] != "continuous" or any("condition" in a for a in others):
        raise _GapError(f"condition: {body}")
    extra = _it_filter(m.group("what"), ctx, body)
    negatable = len(extra) == 1 and not set(extra) - set(_NEGATED) and len(next(iter(extra.values()))) == 1
    for second in others:
        if negatable and second["kind"] == "continuous":  # "a Vampire": a non-Vampire
            _narrow(second, {_NEGATED[k]: v for k, v in extra.items()}, ctx, body)
        elif "affects" not in second:  # "dark and ...": while the card it is added to is not all of that
            host = {"zone": "field", "types": [], **extra}
            second["condition"] = {"kind": "host_is", "filter": host, "negate": True}
        else:
            raise _GapError(f"condition: {body}")
    return [first, *others]


_UNTARGETABLE_BY = re.compile(
    r"it cannot be targeted by (?P<w>[A-Z][\w'-]*|light|fire|water|wind|darkness) spells or (?P=w) card's abilities"
)
_PREVENT_BY = re.compile(r"prevent (?:any|all) damage (?:it|that) would be dealt (?:to it )?by (?P<w>[A-Z][\w'-]*)s")


def _otherwise_clauses(raw: str, subject: str, rest: str, ctx: _Ctx, body: str) -> list[JsonDict]:
    """The abilities of "Otherwise, it <rest>" on an addition: one continuous ability, or (FoW-5.5
    9.9, 9.10) "it gains [+400/+400], it cannot be targeted by Vampire spells or Vampire card's
    abilities and prevent any damage it would be dealt by Vampires" - one ability per clause."""
    try:
        whole = _continuous(raw, f"{subject} {rest}", ctx)
    except _GapError:
        whole = None
    if whole is not None:
        if whole["kind"] != "continuous":
            raise _GapError(f"condition: {body}")
        return [whole]
    out: list[JsonDict] = []
    for clause in re.split(r",\s*(?:and\s+)?(?=it\b|prevent\b)|\s+and\s+(?=prevent\b|it\b)", rest.strip()):
        clause = re.sub(r"^it (?=gains?\b)", "", clause.strip())
        by = _UNTARGETABLE_BY.fullmatch(clause)
        prevent = _PREVENT_BY.fullmatch(clause)
        if by:  # spells and abilities whose source card is X (printed information)
            word = by.group("w")
            kind = {"attributes": [ATTRIBUTE_WORDS[word.lower()]]} if word.lower() in ATTRIBUTE_WORDS else None
            flt = {"zone": "field", "types": [], **(kind or {"races": [_race(word, ctx, plural=False)]})}
            out.append({"kind": "continuous", "text": raw, "untargetable_by": flt})
        elif prevent:  # "prevent any damage it would be dealt by Vampires" (10.17): on the card it is added to
            flt = {"zone": "field", "types": [], "races": [_race(prevent.group("w"), ctx, plural=False)]}
            out.append(
                {
                    "kind": "replacement",
                    "text": raw,
                    "replaces": "self_damaged",
                    "instead": "prevent",
                    "damage_from": flt,
                }
            )
        else:
            ability = _continuous(raw, f"{subject} {clause}", ctx)
            if ability["kind"] != "continuous":
                raise _GapError(f"condition: {body}")
            out.append(ability)
    return out


def _it_variants(raw: str, text: str, ctx: _Ctx) -> list[JsonDict] | None:
    """ "Added resonator gains [+400/+0]. If it's a Musketeer, it also gains [First Strike]"
    and "... If it's a Prince, it gains [+600/+600] instead": one ability for every affected
    card, one for those that are X (with "instead", the first is for those that are not X)."""
    otherwise = _host_otherwise(raw, text, ctx)
    if otherwise is not None:
        return otherwise
    m = _IT_VARIANT.fullmatch(text.strip().rstrip(".").strip())
    if m is None:
        return None
    body = text.strip()
    if m.group("also") and m.group("instead"):
        raise _GapError(f"condition: {body}")
    first = _continuous(raw, f"{m.group('s')} gains {m.group('m1')}", ctx)
    second = _continuous(raw, f"{m.group('s')} gains {m.group('m2')}", ctx)
    if first["kind"] != "continuous" or second["kind"] != "continuous":
        raise _GapError(f"condition: {body}")
    extra = _it_filter(m.group("what"), ctx, body)
    _narrow(second, extra, ctx, body)
    if m.group("instead"):
        negated = {"attributes": "not_attributes", "races": "not_races"}
        if set(extra) - set(negated):
            raise _GapError(f"condition: {body}")
        _narrow(first, {negated[k]: v for k, v in extra.items()}, ctx, body)
    return [first, second]


def _own_counters(subject: str, cond: str) -> str:
    """ "This card cannot attack as long as it has a frozen counter on it": "it" is the
    subject, this card, so the condition counts counters on this card."""
    has = re.fullmatch(rf"it has (?P<n>an?|{NUM} or more) (?P<c>[a-z][a-z ]*?) counters? on it", cond.strip(), re.I)
    if has is None or not re.match(r"this card\b", subject, re.IGNORECASE):
        return cond
    n = "one or more" if has.group("n").lower() in ("a", "an") else has.group("n")
    return f"there are {n} {has.group('c')} counters on this card"


def _continuous_unless_damaged(raw: str, body: str, ctx: _Ctx) -> JsonDict | None:
    """ "This card cannot attack or block unless it's damaged": the prohibition applies while no
    damage is on this card (FoW-5.5 9.4 p1; damage stays on it until the end of the turn, 5.4 p5.1)."""
    m = re.fullmatch(r"(?P<b>this card cannot [a-z ]+?) unless it(?:'s| is) damaged", body, re.IGNORECASE)
    if m is None:
        return None
    ability = _continuous(raw, m.group("b"), ctx)
    if ability["kind"] != "continuous" or "rules" not in ability or "condition" in ability:
        raise _GapError(f"condition: {body}")
    ability["condition"] = {"kind": "this_stat", "stat": "damage", "negate": True}
    return ability


def _continuous_logic(raw: str, body: str, ctx: _Ctx) -> JsonDict | None:
    """ "As long as <condition>, <continuous>", "<continuous> as long as <condition>" and
    "This card gains [+N/+N] for each X" (FoW-5.5 9.4 p1)."""
    m = re.fullmatch(rf"(?:as long as|if) (?P<c>{_CLAUSE}), (?P<b>.+)", body, re.IGNORECASE) or re.fullmatch(
        rf"(?P<b>.+?),? (?:as long as|if(?! able$)) (?P<c>{_CLAUSE})", body, re.IGNORECASE
    )  # a continuous ability "if <condition>" applies while it holds, like "as long as" (FoW-5.5 9.4 p1)
    if m:
        if re.search(r"\b(?:as long as|if|for each|unless|instead|may)\b", m.group("b"), re.IGNORECASE):
            raise _GapError(f"condition: {body}")
        subject = m.group("b")
        cond = m.group("c")
        if re.match(r"it (?:gains|cannot)\b", subject) and re.search(r"\bon this card$", cond):
            subject = "this card" + subject[len("it") :]  # "there are ... counters on this card, it gains"
        host = re.fullmatch(r"(?:the )?(?P<h>resonator with this|added resonator) is (?P<w>.+)", cond, re.I)
        if re.match(r"it (?:gains|cannot)\b", subject) and host and ctx.type == "addition":
            # "If the resonator with this is "Hamelin's Pied Piper", it gains ...": while it is
            subject, cond = host.group("h") + subject[len("it") :], f"it's {host.group('w')}"
        ability = _continuous(raw, subject, ctx)
        if ability["kind"] != "continuous":
            raise _GapError(f"condition: {body}")
        it = _IT_IS.fullmatch(cond.strip())
        if re.fullmatch(r"it has no printed abilities", cond.strip(), re.IGNORECASE):
            _narrow(ability, {"no_printed_abilities": True}, ctx, body)  # "... if it has no printed abilities"
        elif it:  # "as long as it's darkness": only while the affected card is (FoW-5.5 9.9 p4)
            _narrow(ability, _it_filter(it.group("what"), ctx, body), ctx, body)
        else:
            ability["condition"] = _condition(_own_counters(subject, cond), ctx)
        return ability
    m = re.fullmatch(r"(?P<s>.+?) gains? ?(?P<m>\[[+-]\d+/[+-]\d+\]) for each (?P<c>.+)", body, re.IGNORECASE)
    if m:
        ability = _continuous(raw, f"{m.group('s')} gains {m.group('m')}", ctx)
        it_self = m.group("s").strip().lower() == "this card"  # "for each counter on it"
        ability["per"] = _count(m.group("c"), ctx, it_self=it_self)
        return ability
    return None


_INSTEAD = re.compile(rf"if (?P<cond>{_CLAUSE}), (?P<body>[^.]+?) instead(?P<of> of one)?\.?", re.IGNORECASE)
_INSTEAD_NAMED = re.compile(
    rf'if (?P<cond>you control (?:an? |{NUM} )?"[^"]+") (?P<body>[a-z][^.]+?) instead(?P<of> of one)?\.?', re.IGNORECASE
)
"""``If you control four "Sorrowful Necromancy's Memoria" put the top seven ... instead``: the comma left
out after a name (as ``_IF_NAMED``)."""


def _chooses(effect: JsonDict) -> bool:
    target = effect.get("target")
    return isinstance(target, dict) and target.get("kind", "chosen") == "chosen"


def _instead_this_way(out: list[JsonDict], m: re.Match[str], ctx: _Ctx, sentence: str) -> list[JsonDict] | None:
    """ "Banish a resonator you control. If you do, draw two cards. If you banished a Human in this
    way, draw three cards instead.": the "If you do" effects for what was banished and is not X,
    the other effects for what is X (``that_is``, checked on resolution, FoW-5.5 9.3 p3)."""
    way = re.fullmatch(r"you banished (?:an? )?(?P<x>.+?) in this way", m.group("cond").strip(), re.IGNORECASE)
    if way is None:
        return None
    what = way.group("x")
    last = out[-1]
    before = out[-2] if len(out) >= 2 else None
    plain = last["op"] == "if" and last["condition"] == {"kind": "did"} and not last.get("otherwise")
    if not (plain and before is not None and before["op"] == "banish"):
        raise _GapError(f"effect: {sentence}")
    extra = _it_filter(f"a {what}", ctx, sentence)
    if len(extra) != 1 or set(extra) - set(_NEGATED) or len(next(iter(extra.values()))) != 1:
        raise _GapError(f"effect: {sentence}")
    replaced = _effects(_capitalise(m.group("body")), ctx)
    if any(_pauses(e) or _chooses(e) for e in replaced + last["effects"]):
        raise _GapError(f"effect: {sentence}")
    flt: JsonDict = {"zone": "field", "types": [], **extra}
    other: JsonDict = {"zone": "field", "types": [], **{_NEGATED[k]: v for k, v in extra.items()}}
    return [
        {**last, "condition": {"kind": "that_is", "filter": other}},
        {"op": "if", "condition": {"kind": "that_is", "filter": flt}, "effects": replaced},
    ]


def _instead_at_random(out: list[JsonDict], m: re.Match[str], ctx: _Ctx) -> list[JsonDict] | None:
    """ "Your opponent discards two cards. If <condition>, he or she discards two cards at random
    instead.": the discard the discarding player chooses when the condition does not hold, the same
    discard at random (10.20 p1) when it does. The condition is checked on resolution (FoW-5.5 9.3
    p3.2) once per branch: the first discard cannot change what it reads (a ruler, a J-ruler)."""
    last = out[-1]
    plain = last["op"] == "discard" and set(last) == {"op", "count", "who"} and last["who"] == "opponent"
    body = re.fullmatch(
        rf"(?:he or she|they|your opponent) discards? (?P<n>{NUM}) cards? at random", m.group("body").strip(), re.I
    )
    if not (plain and body and _number(body.group("n")) == last["count"]):
        return None
    condition = _condition(m.group("cond"), ctx)
    if condition["kind"] != "ruler_is" or condition.get("negate"):
        return None
    return [
        {"op": "if", "condition": {**condition, "negate": True}, "effects": [last]},
        {"op": "if", "condition": condition, "effects": [{**last, "at_random": True}]},
    ]


def _instead(last: JsonDict, m: re.Match[str], ctx: _Ctx, sentence: str, *, alone: bool) -> JsonDict:
    """ "<effect>. If <condition>, <other effect> instead.": on resolution the condition picks
    one of them (FoW-5.5 9.3 p3); both act on every object they name, none chosen as a target.
    What "instead" replaces must be plain: the only effect before it, or one of the same kind."""
    if m.group("of") and not (last["op"] == "draw" and last.get("count", 1) == 1 and "per" not in last):
        raise _GapError(f"effect: {sentence}")  # "draw three cards instead of one": of the one card drawn
    field = re.fullmatch(r"you may put it into your field", m.group("body").strip(), re.IGNORECASE)
    if field and last["op"] == "search" and last.get("to", "hand") == "hand" and last.get("count", 1) == 1:
        # "Search ..., reveal it and put it into your hand. If your Ruler is "Grimm, the Fairy Tale
        # Prince", you may put it into your field instead.": the player chooses once it is found
        return {**last, "field_instead_if": _condition(m.group("cond"), ctx)}
    added = re.fullmatch(r"you may put (?:it|that card) (?:on ?to|onto) this card", m.group("body").strip(), re.I)
    if added and last["op"] == "search" and last.get("to", "hand") == "hand" and last.get("count", 1) == 1:
        # "Search ... for an [Addition:Resonator] ... If your Ruler is "Puss in Boots" ..., you may put
        # that card on to this card instead.": added to this card, if it can be (FoW-5.5 10.1)
        if ctx.type not in ("resonator", "j_ruler"):
            raise _GapError(f"effect: {sentence}")
        return {**last, "field_instead_if": _condition(m.group("cond"), ctx), "added_instead": True}
    counters = re.fullmatch(rf"put (?P<n>{NUM}) (?P<c>[a-z][a-z ]*?) counters", m.group("body").strip(), re.I)
    if counters and last["op"] == "put_counter" and last["counter"] == counters.group("c").lower():
        # "Put two arrow counters on it. If your J/ruler is "A" or "B", put four arrow counters
        # instead.": the same counters on the same card, another number (9.3 p3)
        changed = {**copy.deepcopy(last), "count": _number(counters.group("n"))}
        condition = _condition(m.group("cond"), ctx)
        return {"op": "if", "condition": condition, "effects": [changed], "otherwise": [last]}
    more = re.fullmatch(r"(?:it|this card) deals (?P<n>\d+) damage", m.group("body").strip(), re.IGNORECASE)
    if more and last["op"] == "deal_damage" and "per" not in last and "equal_to" not in last:
        # "it deals 800 damage instead": the same damage effect, to the same targets, with another amount
        changed = {**copy.deepcopy(last), "amount": int(more.group("n"))}
        condition = _condition(m.group("cond"), ctx)
        return {"op": "if", "condition": condition, "effects": [changed], "otherwise": [last], "same_targets": True}
    ruler = re.fullmatch(r"(?:it|this card) deals damage equal to its (?P<s>ATK|DEF)", m.group("body").strip(), re.I)
    plain = last["op"] == "deal_damage" and not ({"per", "equal_to"} & set(last) or last.get("that_much"))
    if ruler and m.group("cond").strip().lower() == "you control a j-ruler" and plain:
        # "If you control a J-Ruler, this card deals damage equal to its ATK instead": the
        # J-ruler's, to the same targets
        stat = {"equal_to": ruler.group("s").lower(), "equal_to_of": "your_j_ruler"}
        changed = {**copy.deepcopy(last), **stat}
        condition = _condition(m.group("cond"), ctx)
        return {"op": "if", "condition": condition, "effects": [changed], "otherwise": [last], "same_targets": True}
    gated = last["op"] == "if" and not last.get("otherwise") and len(last["effects"]) == 1
    if gated and not _pauses(last["effects"][0]):
        # "If you control "X", destroy up to one target resonator. If you control four "X", destroy
        # all resonators your opponent controls instead.": the second condition picks, inside the
        # first, between the effect and its replacement; a target of the replaced effect is still
        # chosen as the ability is played (FoW-5.5 9.3 p2.4), the conditions checked on resolution
        inner = last["effects"][0]
        replaced = _effects(_capitalise(m.group("body")), ctx)
        if [e["op"] for e in replaced] != [inner["op"]] or any(_pauses(e) or _chooses(e) for e in replaced):
            raise _GapError(f"effect: {sentence} (which effect it replaces is not clear)")
        condition = _condition(m.group("cond"), ctx)
        return {**last, "effects": [{"op": "if", "condition": condition, "effects": replaced, "otherwise": [inner]}]}
    if _pauses(last) or _chooses(last):
        raise _GapError(f"effect: {sentence}")
    condition = _condition(m.group("cond"), ctx)
    # "it deals ... instead": "it" is the card that dealt the damage replaced
    replaced = _effects(_capitalise(m.group("body")), ctx, it_self=last["op"] == "deal_damage")
    if any(_pauses(e) or _chooses(e) for e in replaced):
        raise _GapError(f"effect: {sentence}")
    if not alone and [e["op"] for e in replaced] != [last["op"]]:
        raise _GapError(f"effect: {sentence} (which effect it replaces is not clear)")
    return {"op": "if", "condition": condition, "effects": replaced, "otherwise": [last]}


_SAME = "@same"
"""Placeholder for "it" / "that resonator" naming the previous effect's single target."""
_THEY = "@they"
"""Placeholder of "they" naming the objects of the previous effect's ``all`` target."""


def _same_target(rest: str, out: list[JsonDict]) -> str:
    """ "Rest target resonator. It gains [-400/-400] until end of turn." / "Target water resonator
    gains [0/+400] until end of turn. Recover that resonator.": when the previous effect chose
    exactly one target, "It" opening the next sentence and "that resonator" in it name that
    target (a ``same`` target)."""
    target = out[-1].get("target") if out else None
    if out and out[-1]["op"] == "banish" and target is None and "count" not in out[-1]:
        # "Your opponent banish a non-attacking resonator he or she controls. You gain life equal to
        # its DEF.": "its" is the card that player banished (as it was in the field, 9.11)
        if len(out) > 1 and out[-2]["op"] == "banish":
            return rest  # "each player banishes ...": two cards
        sentence = _split_sentences(rest)[0]
        changed = re.sub(r"^((?:you )?gain life equal to) its\b", rf"\1 {_SAME}'s", sentence, flags=re.IGNORECASE)
        return changed + rest[len(sentence) :]
    back = len(out) - 1
    while target == {"kind": "same"} and back > 0:  # "... You gain control of it ... It gains ...": still it
        back -= 1
        target = out[back].get("target")
    if out and out[-1]["op"] == "put_from_hand" and "count" not in out[-1]:
        target = {"kind": "chosen"}  # "you may put a resonator from your hand into your field. It gains ..."
    elif target is None and out and out[back]["op"] == "put_from_hand" and "count" not in out[back]:
        target = {"kind": "chosen"}  # "... into your field. It gains [Swiftness] ... At the end of turn, banish it."
    if not (isinstance(target, dict) and target.get("kind") == "chosen"):
        return rest
    sentence = _split_sentences(rest)[0]
    if (target.get("count", 1) != 1 or target.get("up_to")) and not target.get("players_allowed"):
        # "Rest up to two target resonators ... They don't recover ...": "They" names that group
        return re.sub(r"^They\b", _SAME, sentence) + rest[len(sentence) :]
    if target.get("count", 1) != 1 or target.get("up_to") or target.get("players_allowed"):
        return rest
    changed = re.sub(r"^It\b(?!s)", _SAME, sentence)
    changed = re.sub(rf"^(If {_CLAUSE}, )it (?=also gains\b)", rf"\1{_SAME} ", changed)  # "If X, it also gains"
    changed = re.sub(
        r"^(If it's an? [^,.]+, )it (?=cannot be recovered\b|loses \[)", rf"\1{_SAME} ", changed
    )  # "If it's a Demon, it" / "If it's a J-Ruler, it loses [Imperishable]"
    changed = re.sub(r"\bthat (?:resonator|J/resonator|card)\b", _SAME, changed)
    changed = re.sub(r"^(You gain control of) it\b", rf"\1 {_SAME}", changed)  # "You gain control of it"
    changed = re.sub(r"^((?:you )?gain life equal to) its\b", rf"\1 {_SAME}'s", changed, flags=re.IGNORECASE)
    return changed + rest[len(sentence) :]


_REMOVED_INSTEAD = re.compile(
    r"if (?:it's (?P<what>an? [^,.]+?) and )?it would (?:(?P<leave>leave your field)|be put into a graveyard from a "
    r"field) this turn, remove it from (?:the )?game instead\.?",
    re.IGNORECASE,
)
"""``If it would leave your field this turn, remove it from the game instead.``"""


def _names_it(out: list[JsonDict]) -> bool:
    """ "It" in the next sentence names the previous effect's single target (or the card it put into
    the field), past any "If it's a J-Ruler, it loses ..." that acts on that same target."""
    while out and out[-1]["op"] == "if" and out[-1]["condition"].get("kind") == "target_is":
        out = out[:-1]
    return bool(out) and _same_target("It", out) != "It"


def _remove_instead(m: re.Match[str], ctx: _Ctx, sentence: str) -> JsonDict:
    """ "If it would leave your field this turn, remove it from the game instead" (FoW-5.5 9.10 p1) on
    the previous effect's single target; "If it's a resonator and it would be put into a graveyard from
    a field this turn, ...": only if it is one as the effect resolves (9.3 p3)."""
    leaving = "field" if m.group("leave") else "field_to_graveyard"
    effect: JsonDict = {"op": "remove_instead", "target": {"kind": "same"}, "leaving": leaving}
    if not m.group("what"):
        return effect
    flt = {"zone": "field", "types": [], **_it_filter(m.group("what"), ctx, sentence)}
    return {"op": "if", "condition": {"kind": "target_is", "filter": flt}, "effects": [effect]}


@_effect(r"(?P<t>@same) loses (?P<s>\[[^\]]+\](?:(?:,? and |, )\[[^\]]+\])*) until end of turn")
def _same_loses_skills(m: re.Match[str], ctx: _Ctx, it_self: bool) -> list[JsonDict]:
    # "If it's a J-Ruler, it loses [Imperishable] until end of turn.": the previous effect's single
    # target loses the symbol skill (9.9 p1)
    return _lose_skills(m.group("s"), {"kind": "same"}, m.group(0))


_DELAYED = re.compile(r"^at the (?P<next>next )?end of (?:this )?turn, (?P<body>[^.]+\.?)\s*", re.IGNORECASE)
_DELAYED_WHEN = re.compile(
    r"^when (?:it|that resonator) (?P<what>deals or is dealt damage|is destroyed) this turn, (?P<body>[^.]+\.?)\s*",
    re.IGNORECASE,
)
"""``When that resonator is destroyed this turn, banish this card.``: a delayed ability watching the
previous effect's single target."""
_DELAYED_WHENEVER = re.compile(r"^whenever this card deals damage this turn, (?P<body>[^.]+\.?)\s*", re.IGNORECASE)
"""``Whenever this card deals damage this turn, you gain that much life.``: triggering each time."""
_DELAYED_AFTER = re.compile(
    r"^(?P<body>[^.]+?) at (?:the )?(?P<next>next )?end of (?:this )?turn(?:\.\s*|$)", re.IGNORECASE
)
"""``Remove it from the game at end of turn.``: the same delayed ability, its time written last."""


_DELAYED_ON_TARGET = re.compile(
    r"^when (?P<t>target [^,]+?) is put into a graveyard this turn, (?P<body>search your main deck for .+)$",
    re.IGNORECASE,
)
_SAME_TOTAL_COST = " with the same total cost as that resonator"


def _delayed_on_target(rest: str, ctx: _Ctx) -> tuple[JsonDict, str] | None:
    """ "When target resonator you control is put into a graveyard this turn, search your main deck for a
    resonator with the same total cost as that resonator and put it into your field. Then shuffle your main
    deck." (Accede the Light, MPR-003): the target is chosen as the spell is played (9.3 p2.4); on resolution
    a delayed ability (9.6 p8) watching it, if still legal (9.3 p3.1), is made; it triggers the first time
    this turn that object is put into a graveyard, and "that resonator" is the card it watched."""
    m = _DELAYED_ON_TARGET.match(rest.strip())
    if m is None or ctx.type != "spell":
        return None
    target = _target(m.group("t"), ctx)
    if target.get("kind") != "chosen" or target.get("filter", {}).get("types") != ["resonator"]:
        raise _GapError(f"effect: {_split_sentences(rest)[0]}")
    body = m.group("body")
    same = _SAME_TOTAL_COST in body.lower()
    effects = _effects(_capitalise(body.replace(_SAME_TOTAL_COST, "")), ctx)
    left = body.lower().replace(_SAME_TOTAL_COST, "")
    if len(effects) != 1 or effects[0].get("op") != "search" or "that resonator" in left:
        raise _GapError(f"effect: {_split_sentences(rest)[0]}")
    if same:
        effects[0]["same_total_cost_as_that"] = True
    return {"op": "delayed", "at": "it_is_put_into_graveyard", "target": target, "effects": effects}, ""


def _delayed(rest: str, out: list[JsonDict], ctx: _Ctx) -> tuple[JsonDict, str] | None:
    """ "Target resonator gains [+1000/+0] until end of turn. At the end of turn, destroy that
    resonator.": a delayed automatic ability (FoW-5.5 9.6 p8) created as the effect resolves,
    triggering at the end of this turn; "that resonator" / "it" name the previous effect's
    single target.  None if ``rest`` does not open with such a sentence."""
    watched = _delayed_on_target(rest, ctx)
    if watched is not None:  # "When target resonator you control is put into a graveyard this turn, ..."
        return watched
    at = "end_of_turn"
    m = _DELAYED.match(rest) or _DELAYED_AFTER.match(rest)
    if m is not None and m.group("next"):
        at = "next_end_of_turn"  # "At the next end of turn" (5.4 p3)
    when = _DELAYED_WHEN.match(rest) if m is None else None
    if when is not None:  # "When it deals or is dealt damage this turn, banish it": its single target
        if not out or _same_target("It", out) == "It":
            raise _GapError(f"effect: {_split_sentences(rest)[0]}")
        at = "it_is_destroyed" if when.group("what").lower() == "is destroyed" else "it_deals_or_is_dealt_damage"
        m = when
    whenever = _DELAYED_WHENEVER.match(rest) if m is None and when is None else None
    if whenever is not None:
        # "{B}{M}: Whenever this card deals damage this turn, you gain that much life.": each time (9.6 p8)
        if ctx.type not in ("resonator", "j_ruler"):
            raise _GapError(f"effect: {_split_sentences(rest)[0]}")
        inner = _effects(_capitalise(whenever.group("body").strip()), ctx)
        if inner != [{"op": "gain_life", "amount": 0, "who": "you", "that_much": True}]:
            raise _GapError(f"effect: {_split_sentences(rest)[0]}")
        return {"op": "delayed", "at": "this_card_deals_damage", "effects": inner}, rest[whenever.end() :].strip()
    if m is None:
        return None
    body = _capitalise(re.sub(r"\brnit\b", "it", m.group("body").strip()))  # "banish rnit": a misprint (TTW-027)
    removed = re.fullmatch(
        r"put all (?:resonators|cards) removed this way into their owners?'s? fields?\.?", body, re.I
    )
    previous = out[-1].get("target") if out and out[-1]["op"] == "remove_from_game" else None
    if removed and isinstance(previous, dict) and previous.get("kind") == "chosen" and at == "end_of_turn":
        # "Remove up to three target resonator you control from the game. At the end of turn, put all
        # resonators removed this way into their owner's field." (9.6 p8; not played: no [Enter], 9.6 p1.1)
        back = {"op": "put_into_field", "target": {"kind": "same"}, "owners_field": True}
        return {"op": "delayed", "at": at, "effects": [back]}, rest[m.end() :].strip()
    named = _same_target(body, out)
    if named == body and out and _same_target("It", out) != "It":  # "destroy it"
        named = re.sub(r"\bit\b", _SAME, body)
    elif named == body and out and out[-1].get("target") == {"kind": "self"}:
        # "This card gains [+200/0] until end of turn. At the end of turn, banish it.": this card,
        # as the object that created the delayed ability (FoW-5.5 3.1 p3)
        named = re.sub(r"\bit\b", "this card", body)
    inner = _effects(named, ctx)
    chosen = [e for e in inner if isinstance(e.get("target"), dict) and e["target"].get("kind", "chosen") == "chosen"]
    if len(inner) == 1 and len(chosen) == 1 and m.re is _DELAYED_AFTER and at == "end_of_turn":
        # "Recover target resonator at the end of turn.": the target is chosen as the ability is played
        # (9.3 p2.4); the delayed ability made on resolution acts on it (9.6 p8) while it stays that object
        single = chosen[0]["target"]
        if single.get("count", 1) == 1 and not single.get("up_to") and not single.get("players_allowed"):
            delayed: JsonDict = {"op": "delayed", "at": at, "target": single}
            delayed["effects"] = [{**inner[0], "target": {"kind": "same"}}]
            return delayed, rest[m.end() :].strip()
    if any(_pauses(e) for e in inner) or chosen:
        raise _GapError(f"effect: {_split_sentences(rest)[0]}")
    return {"op": "delayed", "at": at, "effects": inner}, rest[m.end() :].strip()


def _they_target(rest: str, out: list[JsonDict]) -> str:
    """ "Light resonators you control gain [+300/+0] ... If you control a Saint, they cannot be
    blocked until end of turn.": when the previous effect's target is ``all`` X, "they" in the next
    sentence names the same objects.  The effect applies to every object matching the filter while
    it lasts, as the previous one does (FoW-5.5 9.9 p4)."""
    target = out[-1].get("target") if out else None
    if not (isinstance(target, dict) and target.get("kind") == "all"):
        return rest
    sentence = _split_sentences(rest)[0]
    changed = re.sub(r"(^|, )they (?=cannot |gain )", rf"\g<1>{_THEY} ", sentence)
    return changed + rest[len(sentence) :]


_CLAUSE_JOIN = re.compile(
    r",? then,? (?=[a-z])|,? and (?=(?:put|draw|destroy|rest|recover|return|remove|search|discard)\b)"
)


_PLAYER_VERBS = re.compile(
    r"^(?P<s>your opponent|each player) (?P<a>(?:discards|banishes|draws) [^.\"]+?)(?: and|, then) "
    r"(?P<b>(?:discards|banishes|draws) [^.\"]+)$",
    re.IGNORECASE,
)
"""``Your opponent discards a card and banishes a resonator`` / ``... discards a card at random, then
discards a card``: one player doing two things, in order."""


def _split_clauses(rest: str) -> str | None:
    """The first sentence of ``rest`` cut in two at ", then" / " and <verb>" (outside quotes),
    the second part as a sentence of its own opening with "Then"; None if it has no such join.
    "Your opponent discards a card and banishes a resonator": the subject is said again."""
    sentence = _split_sentences(rest)[0]
    both = _PLAYER_VERBS.match(sentence.strip().rstrip("."))
    if both:
        tail = rest[len(sentence) :]
        return f"{_capitalise(both['s'])} {both['a']}. Then {both['s'].lower()} {both['b']}.{tail}"
    masked = re.sub(r'"[^"]*"', lambda q: "x" * len(q.group(0)), sentence)
    m = _CLAUSE_JOIN.search(masked)
    if m is None:
        return None
    return f"{sentence[: m.start()]}. Then {sentence[m.end() :]}{rest[len(sentence) :]}"


def _no_object_yet(out: list[JsonDict]) -> bool:
    """No effect so far names an object: none, or only "You may pay {R}{R}." ("If you do, put it
    into its owner's hand": "it" can still only be the card itself)."""
    return all(
        (e.get("op") == "may" and all(i.get("op") == "pay" for i in e["effects"]))
        or (e.get("op") == "remove_from_game" and e.get("from_graveyard", 0) >= 2)  # "two cards": never "it"
        for e in out
    )


def _only_self(out: list[JsonDict]) -> bool:
    """The effects so far all act on this card ("This card gains [+500/+500] until end of turn. Then it
    deals damage equal to its ATK ..."): "it" in the next sentence can only be the card itself."""
    return bool(out) and all(e.get("target") == {"kind": "self"} for e in out)


def _removed_face_down_by_you(out: list[JsonDict]) -> bool:
    """The effects so far end by removing your cards from the game face down ("remove top three cards of
    your main deck from the game face down", also as the last effect of an "if"): "You may look at them
    at any time" says what the engine does for their owner (FoW-5.5 3.12 p2.1)."""
    last = out[-1] if out else {}
    while last.get("op") == "if" and last.get("effects") and not last.get("otherwise"):
        last = last["effects"][-1]
    return last.get("op") == "mill" and bool(last.get("face_down")) and last.get("who") == "you"


def _effects(text: str, ctx: _Ctx, *, it_self: bool = False, modes_ok: bool = False) -> list[JsonDict]:
    """A sequence of effect sentences, all of which must be recognised."""
    rest = text.strip()
    if not rest:
        raise _GapError("effect: (none)")
    out: list[JsonDict] = []

    def step(rest: str) -> tuple[list[JsonDict], str]:
        """The effects of the sentence(s) opening ``rest``, and what is left."""
        then = re.match(r"[Tt]hen,?\s+(?=[a-z])", rest) if out else None
        if then:  # "Destroy target resonator. Then all resonators gain ...": effects apply in order anyway
            rest = _capitalise(rest[then.end() :])
        for pattern, build in _BEFORE_LOGIC:
            m = pattern.match(rest)
            if m:
                return build(m, ctx, it_self), rest[m.end() :].strip()
        it_is_self = (it_self and _no_object_yet(out)) or _only_self(out)  # "it": this card, as below
        logic = _logic(rest, ctx, it_is_self, modes_ok and not out, after=bool(out))
        if logic is not None:
            return logic[0], logic[1].strip()
        for pattern, build in _EFFECTS:
            m = pattern.match(rest)
            if m:
                try:
                    # "it" is the source card only in the first sentence, before any other
                    # object has been mentioned
                    it_is_self = (it_self and _no_object_yet(out)) or _only_self(out)
                    return build(m, ctx, it_is_self), rest[m.end() :].strip()
                except _GapError as gap:
                    if gap.reason == _SENTENCE:
                        raise _GapError(f"effect: {_split_sentences(rest)[0]}") from None
                    raise
        raise _GapError(f"effect: {_split_sentences(rest)[0]}")

    while rest:
        choose = re.match(r"choose (?P<t>target [^:.]+?):\s*(?P<v>\w+) it\b", rest, re.IGNORECASE)
        if choose:  # "Choose target resonator: Remove it from the game if ...": the verb on that target
            rest = f"{_capitalise(choose.group('v'))} {choose.group('t')}{rest[choose.end() :]}"
        sentence = _split_sentences(rest)[0]
        removed_instead = _REMOVED_INSTEAD.fullmatch(sentence.strip())
        if removed_instead and rest.startswith(sentence) and _names_it(out):
            out.append(_remove_instead(removed_instead, ctx, sentence))
            rest = rest[len(sentence) :].strip()
            continue
        instead = _INSTEAD.fullmatch(sentence.strip()) or _INSTEAD_NAMED.fullmatch(sentence.strip())
        if instead and out and rest.startswith(sentence):
            this_way = _instead_this_way(out, instead, ctx, sentence) or _instead_at_random(out, instead, ctx)
            out[-1:] = this_way or [_instead(out[-1], instead, ctx, sentence, alone=len(out) == 1)]
            rest = rest[len(sentence) :].strip()
            continue
        delayed = _delayed(rest, out, ctx)
        if delayed is not None:  # "At the end of turn, destroy that resonator"
            out.append(delayed[0])
            rest = delayed[1]
            continue
        look = re.fullmatch(r"you may look at (?:them|that card) at any time\.?", sentence.strip(), re.IGNORECASE)
        if look and _removed_face_down_by_you(out) and rest.startswith(sentence):
            rest = rest[len(sentence) :].strip()  # the owner sees their face-down removed cards (3.12 p2.1)
            continue
        enter = re.fullmatch(r"this triggers its \[enter\] ability\.?", sentence.strip(), re.IGNORECASE)
        if enter and out and out[-1].get("field_instead_if") and rest.startswith(sentence):
            out[-1]["triggers_enter"] = True  # the card put into the field instead (golden rule 1.4 p1)
            rest = rest[len(sentence) :].strip()
            continue
        same = _same_target(rest, out)
        they = _they_target(rest, out)
        if they != rest:  # "Light resonators you control gain ... they cannot be blocked ..."
            ctx.they = out[-1]["target"]
            try:
                effects, rest = step(they)
                out += effects
                continue
            except _GapError:
                pass  # reported as printed, below
            finally:
                ctx.they = None
        if same != rest:  # "It gains ..." / "... that resonator" naming the previous target
            try:
                effects, rest = step(same)
                out += effects
                continue
            except _GapError:
                pass  # reported as printed, below
        try:
            effects, rest = step(rest)
        except _GapError as gap:
            split = _split_clauses(rest)
            if split is None:
                raise
            try:  # "Draw a card, then put a card ..." / "Draw a card and put ...": two effects in order
                effects, rest = step(split)
            except _GapError:
                raise gap from None
        out += effects
    for before, e in zip([None, *out], out, strict=False):  # "that many": the cards the effect just before put
        if e.get("that_many") and e["op"] == "draw" and not (before or {}).get("any_number"):
            raise _GapError("effect: draw that many cards plus one (that many of what is not clear)")
        if e.get("half_of_damage") and (before or {}).get("op") != "deal_damage":
            raise _GapError("effect: half of that much damage (no damage just before)")
        removed = (before or {}).get("op") == "remove_from_game" and "target" in (before or {})
        if (e.get("per") or {}).get("this_way") and not (removed and e["op"] == "deal_damage"):
            raise _GapError("effect: for each card removed this way (no removal just before)")
        held = e["effects"] if e["op"] == "if" and e["condition"].get("kind") == "did" else [e]
        # (first of a sequence: the body of an "If you do", checked with the removal before it one level up)
        if any(h.get("per_cost_removed") for h in held) and before is not None and not _removes_cards(before):
            raise _GapError("effect: the cards removed this way (no removal just before)")
        discard = (before or {}).get("op") == "discard" and "target" not in (before or {})
        if e.get("max_total_cost_that_many") and not discard:
            raise _GapError("effect: the number of cards discarded this way (no discard just before)")
    return _shuffle_if_searched(out)


def _removes_cards(effect: JsonDict | None) -> bool:
    """An effect whose removed cards are "the cards removed this way": a mill into the removed area, or
    "remove up to two cards in your graveyard from the game" (FoW-5.5 10.3 p1)."""
    e = effect or {}
    return (e.get("op") == "mill" and e.get("to") == "removed") or (
        e.get("op") == "remove_from_game" and "from_graveyard" in e
    )


def _shuffle_if_searched(effects: list[JsonDict]) -> list[JsonDict]:
    """ "You may search your deck for ..., reveal it and put it into your hand. If you do, shuffle
    your deck.": shuffled only if searched, that is by the search itself (FoW-5.5 10.20) - a
    search that finds nothing adds no card, yet was done, which "If you do" would not see."""
    out: list[JsonDict] = []
    for e in effects:
        last = out[-1] if out else None
        held = last["effects"][-1] if last is not None and last["op"] == "may" else last
        if (
            e == {"op": "if", "condition": {"kind": "did"}, "effects": [{"op": "shuffle"}]}
            and held is not None
            and held["op"] == "search"
            and held.get("shuffle") is False
        ):
            del held["shuffle"]
            continue
        out.append(e)
    return out


# --------------------------------------------------------------------------------------
# abilities


def _on(phrase: str) -> re.Pattern[str]:
    """A trigger condition opening an ability: ``phrase``, then its comma or colon."""
    return re.compile(rf"^{phrase}\s*[,:]\s*", re.IGNORECASE)


_TRIGGERS: list[tuple[re.Pattern[str], str, bool]] = [
    (re.compile(r"^\[Enter\]\s*:?\s*", re.IGNORECASE), "enter", True),
    # also the misprints "When this card enters field" (VS01-013) and "When this cards enter your
    # field" (VIN001-055J)
    (_on(r"when this (?:card enters|cards enter) (?:your )?field"), "enters_field", True),
    (_on(r"when this card enters your field or attacks"), "enters_or_attacks", True),
    (
        # also the misprint "When this card it put into a graveyard from a field" (TAT-039)
        _on(r"when this card (?:is|it) put into (?:a|your) graveyard from (?:your|a) field"),
        "put_into_graveyard_from_field",
        True,
    ),
    (_on(r"(?:when|whenever|wenever) this card attacks"), "attacks", True),  # "Wenever": a misprint (VS01-029)
    # the comma left out by a misprint: "Whenever this card attacks you gain 300 life ..." (SKL-005)
    (re.compile(r"^whenever this card attacks\s+(?=you gain\b)", re.IGNORECASE), "attacks", True),
    (_on(r"(?:when|whenever) this card attacks or blocks"), "attacks_or_blocks", True),
    (_on(r"(?:when|whenever) this card blocks"), "blocks", True),
    (_on(r"when this card is destroyed"), "destroyed", True),
    (_on(r"when this card is banished by \[Incarnation\]"), "banished_by_incarnation", False),
    (_on(r"at the beginning of your turn"), "beginning_of_turn", False),
    (_on(r"at the beginning of the game"), "beginning_of_game", False),  # in the first turn (5.1 p1)
    (_on(r"at the beginning of your end phase"), "beginning_of_end_phase", False),
    (_on(r"at the beginning of your main phase"), "beginning_of_main_phase", False),
    (_on(r"at the end of your turn"), "end_of_turn", False),
    (_on(r"at (?:the )?end of (?:each )?turn"), "end_of_each_turn", False),  # "At end of turn" (CMF-027J)
    (_on(r"whenever you gain life"), "you_gain_life", False),
    (
        _on(r"whenever this card deals damage to (?:your|an) opponent"),
        "deals_damage_to_opponent",
        True,
    ),
    (_on(r"whenever this card deals damage"), "deals_damage", True),
    (
        _on(r"(?:when|whenever) this card deals damage to a resonator"),
        "deals_damage_to_resonator",
        True,
    ),
    (
        _on(r"(?:when|whenever) this card deals damage to a resonator while attacking"),
        "deals_damage_to_resonator_while_attacking",
        True,
    ),
    (
        _on(r"whenever a resonator deals damage to this card"),
        "dealt_damage_by_resonator",
        True,
    ),
    (_on(r"whenever this card blocks or is blocked"), "blocks_or_is_blocked", True),
    (
        _on(r"whenever this card blocks or is blocked by a resonator"),
        "blocks_or_is_blocked_by_resonator",
        True,
    ),
    (_on(r"whenever this card is blocked"), "is_blocked", True),
    (_on(r"(?:when|whenever) this card is dealt damage"), "dealt_damage", True),
    (_on(r"whenever damage is dealt to you"), "damage_dealt_to_you", False),
    (_on(r"(?:when|whenever) you play an addition"), "you_play_addition", False),
    (_on(r"whenever you play a normal spell"), "you_play_normal_spell", False),
    (_on(r"whenever your opponent plays a chant"), "opponent_plays_spell", False),
    (_on(r"whenever you play a resonator"), "you_play_resonator", False),
    (_on(r"whenever you awaken a card"), "you_awaken", False),
    (_on(r"whenever your opponent discards a card"), "opponent_discards", False),
    (
        _on(r"whenever an evolution counter is (?:put|placed) on this card"),
        "evolution_counter_put",
        True,
    ),
    (_on(r"whenever an addition is added to this card"), "addition_added", True),
    (
        _on(r"when this card leaves your field for a non-field zone"),
        "leaves_field",
        True,
    ),
    (_on(r"when this card leaves your field"), "leaves_field", True),  # to any zone: a non-field one (3.1)
    (
        _on(r"when this card enters your field or leaves your field for a non-field zone"),
        "enters_or_leaves_field",
        True,
    ),
    (_on(r"when this card shifts"), "shifts", True),
    (_on(r"when this card enters your field or shifts"), "enters_or_shifts", True),
    (
        _on(r"whenever (?:a J/resonator your opponent controls|your opponent's J/resonator) attacks"),
        "opponent_attacks",
        False,
    ),
    (
        _on(r"when this card enters your field from (?:a|your) chant-standby area"),
        "enters_field_from_standby",
        True,
    ),
    (_on(r"when this card enters your magic stone area"), "enters_stone_area", True),  # any way in (3.7)
    (_on(r"when this card in your main deck is removed from the game"), "removed_from_main_deck", True),
]
_PLAYER_TRIGGERS = {
    "when your opponent plays a chant": "opponent_plays_spell",
    "when you play a resonator": "you_play_resonator",
    "when you play a [spell:chant] or [spell:chant-instant] card": "you_play_chant",
    "when you play a summon spell from your hand": "you_play_summon_spell_from_hand",  # 3.13 p3
    "when a j/resonator your opponent controls attacks": "opponent_attacks",
    "when a j/resonator your opponent controls attacks you": "opponent_attacks_you",
    "when a j/resonator you control attacks": "you_attack",
    "at the beginning of your turn": "beginning_of_turn",
    "at the beginning of your end phase": "beginning_of_end_phase",
    "when a j/resonator you control is attacked": "your_j_resonator_attacked",
    "when your opponent discards a card": "opponent_discards",
    "when a resonator your opponent controls attacks or blocks": "opponent_resonator_attacks_or_blocks",
}
_TRIGGERS_WITH_CONDITION: dict[str, tuple[str, JsonDict]] = {
    "at the end of a turn you're dealt damage": ("end_of_each_turn", {"kind": "dealt_damage_this_turn"}),
}
_TRIGGER_START = re.compile(r"^(?:when|whenever|at|as(?! long as)|each time)\b", re.IGNORECASE)
_ACTIVATE_TAIL = [
    (re.compile(r"\s*Play this ability only once per turn\.?$", re.IGNORECASE), "once_per_turn"),
    (
        re.compile(
            r"\s*(?:Play this ability only once each turn|This ability can be played only once per turn)\.?$", re.I
        ),
        "once_per_turn",
    ),
    (
        re.compile(
            r"\s*Play this ability only (?:during main timing|any ?time you could play a \[Spell:\s*Chant\])\.?$",
            re.IGNORECASE,
        ),
        "main_timing",
    ),
]


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]


def _split_cost(text: str) -> tuple[str, str] | None:
    """Split ``<cost>: <effect>`` at the first colon outside quotes and brackets."""
    depth = 0
    quoted = False
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif ch in "[{<":
            depth += 1
        elif ch in "]}>":
            depth -= 1
        elif ch == ":" and not quoted and depth == 0:
            return text[:i].strip(), text[i + 1 :].strip()
    return None


def _activate_cost(text: str, ctx: _Ctx) -> JsonDict:
    cost: JsonDict = {}
    will: JsonDict | None = None
    body = re.sub(r"^pay\s+(?=\{)", "", text.strip(), flags=re.IGNORECASE)
    parts = [p.strip() for p in _split_outside_quotes(body) if p.strip()]
    for part in parts:
        part = re.sub(r"^pay\s+(?=\{)", "", part, flags=re.IGNORECASE)
        if part.startswith("{") and "{Rest}" in part and part != "{Rest}":
            if cost.get("rest"):
                raise _GapError(f"cost: {text}")
            cost["rest"] = True
            part = part.replace("{Rest}", "").strip()
        low = part.lower()
        if low == "{rest}":
            if cost.get("rest"):
                raise _GapError(f"cost: {text}")
            cost["rest"] = True
        elif low in ("banish this card", "banish this resonator"):
            cost["banish_self"] = True
        elif low == "remove this card in your graveyard from the game" and ctx.in_graveyard:
            cost["remove_self"] = True  # 10.3 p1, paid in the graveyard (9.2 p2)
        elif m := re.fullmatch(r"pay (\d+) life", low):
            cost["pay_life"] = int(m.group(1))
        elif (more := _more_cost(part, ctx)) is not None:
            key, value = more
            if key == "cards":
                cost.setdefault("cards", []).append(value)
            elif key in cost:
                raise _GapError(f"cost: {text}")
            else:
                cost[key] = value
        elif part.startswith("{") and part.endswith("{X}") and "x" not in cost:  # "{X}": chosen as played
            cost["x"] = True
            if part != "{X}":
                if will is not None:
                    raise _GapError(f"cost: {text}")
                will = _will_cost(part[: -len("{X}")], "cost")
        elif part.startswith("{"):
            if will is not None:
                raise _GapError(f"cost: {text}")
            will = _will_cost(part, "cost")
        else:
            raise _GapError(f"cost: {part}")
    if will is not None:
        cost["will"] = will
    if cost.get("remove_counters", {}).get("x"):
        if cost.get("x"):  # an {X} of will too: two X's the vocabulary does not tell apart
            raise _GapError(f"cost: {text}")
        cost["x"] = True  # X is chosen as the ability is played and counts the counters (9.3 p2.5)
    return cost


_IN_GRAVEYARD = re.compile(r"\bthis card (?:in|from) your graveyard\b", re.IGNORECASE)


def _graveyard_activate(raw: str, text: str, ctx: _Ctx) -> JsonDict | None:
    """An [Activate] ability whose text makes it available in the graveyard (FoW-5.5 9.2 p2):
    "{B}{M}, remove this card in your graveyard from the game: ...", "{R}{R}{1}: Put this card
    from your graveyard into your hand" (also on a spell).  None for other paragraphs."""
    m = re.match(r"^\[Activate\]\s*:?\s*", text, re.IGNORECASE)
    body = text[m.end() :] if m else text
    if not _IN_GRAVEYARD.search(body) or _TRIGGER_START.match(body) or body.startswith("["):
        return None
    here = dataclasses.replace(ctx, in_graveyard=True)
    if m and _split_cost(body) is None:
        # misprint of the colon as a full stop, after the [Activate] tag: "[Activate] Pay {R}, remove
        # this card in your graveyard from the game. This card deals 200 damage ..." (MPR-022)
        dot = re.match(r"^(?P<c>[^.:]+?)\.\s+(?P<e>.+)$", body)
        if dot is None:
            return None
        body = f"{dot.group('c')}: {dot.group('e')}"
    try:
        ability = _activate(raw, body, here, required=True)
    except _GapError:
        return None  # reported as any other paragraph
    if ability is None or set(ability["cost"]) & {"rest", "banish_self", "remove_counters", "put_self_on_bottom"}:
        return None  # a cost acting on this card as in a field
    if any(e.get("op") == "produce_will" for e in ability["effects"]):
        return None  # will abilities are planned from the playgrounds only (9.7)
    return {**ability, "from_graveyard": True}


def _activate(raw: str, body: str, ctx: _Ctx, *, required: bool) -> JsonDict | None:
    split = _split_cost(body)
    if split is None:
        if required:
            raise _GapError(f"cost: {body}")
        return None
    cost_text, effect_text = split
    if not required and _TRIGGER_START.match(cost_text):
        return None
    cost = _activate_cost(cost_text, ctx)
    if cost.get("remove_counters", {}).get("x"):  # "with total cost X" reads this X (9.3 p2.5)
        ctx = dataclasses.replace(ctx, x_activate=True)
    ability: JsonDict = {"kind": "activate", "text": raw, "cost": cost}
    limits = re.match(
        r"^choose one\.\s*play this ability only during your turn and only once per turn\s*(?=[-\u2013])",
        effect_text,
        re.IGNORECASE,
    )
    if limits:  # "{0}: Choose one. Play this ability only during your turn and only once per turn - ...":
        # a condition to play it (1.4 p1) and once per turn (7.8 p2), written before the modes
        ability.update(condition={"kind": "your_turn"}, once_per_turn=True)
        # "... this card. or draw a card, ...;": a full stop before "or" ends the mode as ";" does
        effect_text = "Choose one " + re.sub(r"\.\s+or\s+(?=[a-z])", "; or ", effect_text[limits.end() :])
    for pattern, flag in _ACTIVATE_TAIL:
        m = pattern.search(effect_text)
        if m:
            ability[flag] = True
            effect_text = effect_text[: m.start()]
    m = re.search(r"\s*You may play this ability up to (?P<n>twice|three times) per turn\.?$", effect_text, re.I)
    if m:  # "You may play this ability up to twice per turn" (card text, 1.4 p1)
        ability["times_per_turn"] = 2 if m.group("n").lower() == "twice" else 3
        effect_text = effect_text[: m.start()]
    m = re.search(r"\s*Play this ability only during (?P<w>your|your opponent's) turn\.?$", effect_text, re.I)
    if m:  # "Play this ability only during your opponent's turn" (card text, 1.4 p1)
        ability["condition"] = {"kind": "your_turn", **({"negate": True} if m.group("w").lower() != "your" else {})}
        effect_text = effect_text[: m.start()]
    m = re.search(
        rf"\s*If (?P<c>{_CLAUSE}), you may pay (?P<w>(?:\{{[^{{}}]+\}})+) less to play this ability\.?$",
        effect_text,
        re.IGNORECASE,
    )
    if m:  # "If your J/ruler is "A" or "B", you may pay {1} less to play this ability." (9.3 p2.5)
        less = _will_cost(m.group("w"), "cost reduction")
        ability["cost_reduction"] = {"cost": less, "condition": _condition(m.group("c"), ctx)}
        effect_text = effect_text[: m.start()]
    m = re.search(rf"\s*Play this ability only if (?P<c>{_CLAUSE})\.?$", effect_text, re.IGNORECASE)
    if m and "condition" not in ability:  # a condition to play it (card text, 1.4 p1)
        ability["condition"] = _condition(m.group("c"), ctx)
        effect_text = effect_text[: m.start()]
    m = re.search(rf"\s*You cannot play this ability if (?P<c>{_CLAUSE})\.?$", effect_text, re.IGNORECASE)
    if m and "condition" not in ability:
        # "... if you don't control X": only if you control X; "... if you don't have X": only if
        # you have X (1.4 p1, p4)
        try:
            cond = _condition(m.group("c"), ctx)
            if cond.get("negate"):
                cond.pop("negate")
            else:
                cond["negate"] = True
        except _GapError:
            positive = re.fullmatch(r"you (?:don't|do not) (?P<c>.+)", m.group("c"), re.IGNORECASE)
            if positive is None:
                raise
            cond = _condition(f"you {positive.group('c')}", ctx)
        ability["condition"] = cond
        effect_text = effect_text[: m.start()]
    spend = _SPEND_ONLY.search(effect_text)
    if spend:
        effect_text = effect_text[: spend.start()]
    ability["effects"] = _effects(_capitalise(effect_text), ctx, modes_ok=True)
    if any(e.get("op") == "produce_will" and "per" in e for e in ability["effects"]):
        raise _GapError(f"effect: {effect_text} (a will ability produces a fixed will, FoW-5.5 9.7 p1)")
    if spend:
        _add_spend_only(ability["effects"], spend, ctx)
    return ability


_SPEND_ONLY = re.compile(r"\s*Spend (?:that|this) will only to (?P<w>[^.]+)\.?$", re.IGNORECASE)


def _add_spend_only(effects: list[JsonDict], spend: re.Match[str], ctx: _Ctx) -> None:
    """ "Produce {W}, {R}, {U}, {G}, or {B}. Spend that will only to play Fairy resonators": the will
    may pay only for the uses listed (the text beats 10.2 p2, FoW-5.5 1.4 p1): playing such cards (in
    the chase area as their cost is paid, 9.3 p2.2), paying [Awakening] costs (12.1), playing [Judgment]
    (7.5), God's Art (12.4) or activate abilities (9.5) of such cards."""
    what = spend.group("w").strip()
    produce = [e for e in effects if e.get("op") == "produce_will"]
    if not produce or len(produce) != len(effects):
        raise _GapError(f"effect: Spend that will only to {what}.")
    uses: list[JsonDict] = []
    for part in re.split(r",? or to ", what):
        try:
            uses += _spend_uses(part.strip(), ctx)
        except _GapError:
            raise _GapError(f"effect: Spend that will only to {what}.") from None
    for e in produce:
        e["spend_only"] = uses


def _spend_uses(part: str, ctx: _Ctx) -> list[JsonDict]:
    """One use of "Spend this will only to ..." (see :func:`_add_spend_only`)."""
    if re.fullmatch(r"pay \[Awakening\] costs", part, re.IGNORECASE):
        return [{"on": "awakening", "filter": {"zone": "chase", "types": []}}]
    abilities = re.fullmatch(
        r"play (?P<k>\[Judgment\] or God's Art|\[Judgment\]|God's Art|activate) abilities of (?P<d>.+)", part, re.I
    )
    if abilities:
        kinds = {"[judgment]": ["judgment"], "god's art": ["gods_art"], "activate": ["activate"]}
        on = kinds.get(abilities.group("k").lower(), ["judgment", "gods_art"])
        rulers = re.fullmatch(r'J/rulers?(?: with "(?P<n>[^"]+)" in (?:their|its) names?)?', abilities.group("d"))
        if rulers:  # "J/rulers with "Kaguya" in their name": a ruler or J-ruler (2.1 p1), a part of a name (2.2 p3)
            flt: JsonDict = {"zone": "ruler_area", "types": ["ruler", "j_ruler"]}
            if rulers.group("n"):
                flt["name_contains"] = rulers.group("n")
        else:
            flt, players = _selector(abilities.group("d"), ctx, zone="field", loose=True)
            if players or set(flt) & {"controller", "rested", "other_than_self"}:
                raise _GapError(part)
        return [{"on": kind, "filter": flt} for kind in on]
    play = re.fullmatch(r"play (?P<d>.+)", part, re.IGNORECASE)
    if play is None:
        raise _GapError(part)
    desc = play.group("d")
    if desc.endswith(" cards") and desc != "cards":  # "Four Sacred Beasts cards": any type (2.5 p4)
        desc = desc[: -len(" cards")]
    flt, players = _selector(desc, ctx, zone="chase")
    if players or set(flt) & {"controller", "rested", "other_than_self"} or not (flt.get("types") or flt.get("races")):
        raise _GapError(part)
    return [{"on": "play", "filter": flt}]


_RULE_VERBS = {
    "cannot be attacked or targeted by spells or abilities your opponent controls": {
        "cannot_be_attacked": True,
        "cannot_be_targeted_by_opponent": True,
    },
    "cannot be targeted by spells of abilities your opponent controls": {"cannot_be_targeted_by_opponent": True},
    "cannot be targeted by spells or abilities you opponent controls": {"cannot_be_targeted_by_opponent": True},
    "cannot attack or block": {"cannot_attack": True, "cannot_block": True},
    "cannot attack": {"cannot_attack": True},
    "cannot block": {"cannot_block": True},
    "must attack if able": {"must_attack": True},
    "cannot be destroyed": {"cannot_be_destroyed": True},
    "cannot be attacked": {"cannot_be_attacked": True},
    "cannot be blocked": {"cannot_be_blocked": True},
    "cannot be targeted by spells or abilities your opponent controls": {"cannot_be_targeted_by_opponent": True},
    "cannot be targeted by spells or abilities": {"cannot_be_targeted": True},
    "cannot be targeted by your opponent's spells or abilities": {"cannot_be_targeted_by_opponent": True},
    "cannot attack resonators": {"cannot_attack_resonators": True},
    "can block resonators with [flying]": {"can_block_flying_resonators": True},
}


_PLAYER_RULES: dict[str, JsonDict] = {
    # 7.11 p1: calling a magic stone
    "you cannot call magic stones": {"cannot_call_magic_stones": True},
    # 7.9, 12.5 p2: [Trigger], [Stealth] and "anytime" cards played from the chant-standby area
    "your opponent cannot play cards from their chant-standby area": {"opponent_cannot_play_from_standby": True},
    # 9.6 p1, p5: the entering card's own "enters" automatic abilities
    "entities entering the field under your opponent's control don't cause their own abilities to trigger": {
        "opponents_entering_dont_trigger": True
    },
    # 7.1 p2, 1.4 p1: the text lets its controller play the cards of their graveyard (not by [Remnant], 12.6)
    "you may play cards in your graveyard": {"may_play_from_graveyard": True},
    # 7.2 p3-p4: an [Addition:Resonator] is added to its target as it resolves
    "opponents cannot add [addition:resonator]": {"opponent_cannot_add": ["resonator"]},
    # 7.8 p1, 9.7 p1: [Activate] abilities (will abilities too) of rulers, J-rulers (2.1 p2) and regalia
    "your opponent cannot play activate abilities of j/rulers or regalia": {
        "opponent_cannot_activate": {"zone": "field", "playground": True, "types": ["ruler", "j_ruler", "regalia"]}
    },
}
"""Prohibitions on the controller of the card ("you") or on their opponent, as rule overrides."""


_AS_RULES = {
    "as you choose a card to attack, you must choose this card if able": {"chosen_to_attack_if_able": True},
}


_COST_CHANGE = re.compile(
    r"(?P<who>your opponent|you) (?:pays?|(?P<plays>plays)) \{(?P<n>[1-9]\d*)\} (?P<dir>more|less) to play "
    r"(?P<of>\[judgment\] abilities|\[judgment\] or god's art abilities|regalia's activate abilities)",
    re.IGNORECASE,
)
_COST_CHANGE_OF = {
    "[judgment] abilities": "judgment",
    "[judgment] or god's art abilities": "judgment_or_gods_art",
    "regalia's activate abilities": "regalia_activate",
}
"""What a cost change covers: [Judgment] (7.5 p2), God's Art (12.4), a regalia's [Activate] abilities."""


_PREVENT_PART = re.compile(
    r"if damage would be dealt to (?P<t>this card|the resonator with this|added resonator|added j/resonator|you)"
    r"(?: by (?P<by>a normal spell))?, prevent (?P<n>\d+) of it"
    r"|if this card would be dealt (?:(?P<m>\d+) or less )?damage, prevent (?:(?P<n2>\d+) of )?it"
    r"|if (?P<all>a resonator you control) would be dealt damage less than its def, prevent it"
)


def _damage_source(phrase: str, ctx: _Ctx) -> JsonDict:
    """What deals the damage a prevention names: "a normal spell" / "normal spells" (a spell being
    resolved in the chase area: a non-resonator card there, FoW-5.5 3.13 p3), "fire cards" (a card
    in any playground, or a spell, read as it is or as it last was there, 9.11), "fire resonators"."""
    if phrase in ("a normal spell", "normal spells"):
        return {"zone": "chase", "types": ["spell"]}
    flt, players = _selector(phrase, ctx, playground=True)
    if players:
        raise _GapError(f"effect: damage dealt by {phrase}")
    return flt


def _partial_prevention(raw: str, low: str, ctx: _Ctx) -> JsonDict | None:
    """ "If damage would be dealt to the resonator with this, prevent 500 of it" (FoW-5.5 10.17 p1.1)
    and "If this card would be dealt 700 or less damage, prevent it" (10.17 p1.2): replacements of
    damage dealt to this card (on an addition: to the card it is added to)."""
    m = _PREVENT_PART.fullmatch(low)
    if m is None:
        return None
    out: JsonDict = {"kind": "replacement", "text": raw, "replaces": "self_damaged", "instead": "prevent"}
    if m.group("all"):  # "If a resonator you control would be dealt damage less than its DEF, prevent it"
        out["affects"] = {"kind": "all", "filter": {"zone": "field", "types": ["resonator"], "controller": "you"}}
        out["prevent_below_def"] = True
        return out
    if m.group("t") == "you":  # "If damage would be dealt to you by a normal spell, prevent 200 of it"
        out["affects"] = {"kind": "you"}
    else:
        host = {"the resonator with this": "resonator", "added resonator": "resonator"}
        where = {**host, "added j/resonator": "j_resonator"}.get(m.group("t") or "this card")
        if (where is not None) != (ctx.type == "addition") or (where is not None and ctx.subtype != where):
            raise _GapError(f"target: {m.group('t')}")
    if m.group("by"):
        out["damage_from"] = _damage_source(m.group("by"), ctx)
    amount = m.group("n") or m.group("n2")
    if m.group("m") and amount:
        raise _GapError(f"effect: {low}")  # "700 or less damage, prevent 200 of it": no such card
    if amount:
        out["prevent_amount"] = int(amount)
    if m.group("m"):
        out["prevent_at_most"] = int(m.group("m"))
    return out


_REDIRECT = re.compile(
    r'if damage would be dealt to (?:(?P<you>you)|a "(?P<name>[^"]+)" you control), '
    r"it(?:'s| is) dealt to this card instead",
    re.IGNORECASE,
)
_DOUBLE = re.compile(
    r"if this card would deal damage(?: to (?P<to>your opponent or to a resonator))?, "
    r"it deals double that much(?: damage)? instead",
    re.IGNORECASE,
)


def _redirect_damage(raw: str, body: str, ctx: _Ctx) -> JsonDict | None:
    """ "If damage would be dealt to a "Queen of Hearts" you control [to you], it's dealt to this card
    instead" and "If this card would deal damage to your opponent or to a resonator, it deals double that
    much instead": replacements of damage (FoW-5.5 9.10 p1) on a J/resonator (an addition has no DEF)."""
    m = _REDIRECT.fullmatch(body)
    if m is not None:
        if ctx.type not in ("resonator", "j_ruler"):
            raise _GapError(f"condition: {body}")
        out: JsonDict = {"kind": "replacement", "text": raw, "replaces": "self_damaged", "instead": "redirect"}
        if m.group("you"):
            out["affects"] = {"kind": "you"}
        else:  # a J/resonator of that name you control (2.2)
            flt: JsonDict = {"zone": "field", "types": [], "controller": "you", "name": m.group("name")}
            out["affects"] = {"kind": "all", "filter": flt}
        return out
    m = _DOUBLE.fullmatch(body)
    if m is not None:
        if ctx.type not in ("resonator", "j_ruler"):
            raise _GapError(f"condition: {body}")
        out = {"kind": "replacement", "text": raw, "replaces": "deals_damage", "instead": "deal_double"}
        if m.group("to"):
            out["damage_to"] = ["opponent", "resonator"]
        return out
    return None


def _continuous(raw: str, text: str, ctx: _Ctx) -> JsonDict:
    body = text.rstrip(".,").strip()
    low = body.lower()
    if low == "you have no maximum hand size":
        return {"kind": "continuous", "text": raw, "rules": {"max_hand_size": -1}}
    if low == "your opponent must block this card if able":  # while it attacks (1.4 p1, 8.3 p3)
        return {"kind": "continuous", "text": raw, "rules": {"must_be_blocked_if_able": True}}
    if low == "players cannot gain life":  # a prohibition beats any life gain (FoW-5.5 1.4 p4)
        return {"kind": "continuous", "text": raw, "rules": {"players_cannot_gain_life": True}}
    m = re.fullmatch(
        r"(?P<once>once per turn, )?you may play a card from your removed (?:from the game zone|area)", low
    )
    if m:  # the text beats "from the hand only" (7.1 p2, 1.4 p1); "once per turn": one such play a turn
        played: JsonDict = {"kind": "continuous", "text": raw, "rules": {"may_play_from_removed": True}}
        return {**played, "once_per_turn": True} if m.group("once") else played
    player_rule = _PLAYER_RULES.get(low)
    if player_rule is not None:  # a prohibition on a player beats the rule allowing it (FoW-5.5 1.4 p4)
        return {"kind": "continuous", "text": raw, "rules": copy.deepcopy(player_rule)}
    m = re.fullmatch(
        r"players cannot play activate abilities of (?P<what>[a-z/ ]+?) they control unless they control (?P<c>.+)",
        body,
        re.IGNORECASE,
    )
    if m:  # checked for each card's controller ("they"), whoever controls this card (1.4 p4)
        flt, players = _selector(m.group("what"), ctx)
        if players or "controller" in flt:
            raise _GapError(f"condition: {body}")
        unless = _condition(f"you control {m.group('c')}", ctx)
        if unless.get("kind") != "controls" or unless.get("negate"):
            raise _GapError(f"condition: {body}")
        return {
            "kind": "continuous",
            "text": raw,
            "affects": {"kind": "all", "filter": flt},
            "rules": {"cannot_play_activate_abilities": True},
            "condition": {**unless, "negate": True},
            "condition_of": "affected_controller",
        }
    m = re.fullmatch(
        r"you may banish this card rather than pay the cost of an? (?P<a>light|fire|water|wind|darkness) "
        r"\[spell:chant-instant\]",
        body,
        re.IGNORECASE,
    )
    if m and ctx.type != "ruler":  # a cost of another quality (FoW-5.5 9.3 p2.5), banishing this card (10.10)
        flt = {"zone": "hand", "types": ["spell"], "subtypes": ["chant_instant"], "attributes": []}
        flt["attributes"] = [ATTRIBUTE_WORDS[m.group("a").lower()]]
        return {"kind": "continuous", "text": raw, "banish_rather_than_pay": flt}
    m = re.fullmatch(r"(?P<s>each .+?) loses (?P<l>[A-Z][\w ]*?) and gains (?P<g>[A-Z][\w ]*?)", body)
    if m and m.group("l") in ctx.races and m.group("g") in ctx.races:
        # "each Nightmare resonator loses Nightmare and gains Fairy Tale": its races (FoW-5.5 2.5, 9.4 p1)
        subject = _subject(m.group("s"), ctx, continuous=True)
        if subject is None or subject.get("kind") != "all":
            raise _GapError(f"target: {m.group('s')}")
        races = {"lose": [m.group("l")], "gain": [m.group("g")]}
        return {"kind": "continuous", "text": raw, "affects": subject, "race_change": races}
    m = re.fullmatch(
        r"(?i:added resonator|resonator with this) gains (?:(?P<m>\[[+-]\d+/[+-]\d+\]) and )?"
        r"(?P<r>[A-Z][\w ]*?) in addition to its own races?",
        body,
    )
    if m and ctx.type == "addition" and ctx.subtype == "resonator" and m.group("r") in ctx.races:
        # "Added resonator gains Zombie in addition to its own races." / "Resonator with this gains
        # [+200/+200] and Card Soldier in addition to its own race.": the card it is added to has that race
        # too (FoW-5.5 2.5, 9.4 p1), and the modifiers (10.19 p3)
        gains: JsonDict = {"kind": "continuous", "text": raw, "race_change": {"gain": [m.group("r")]}}
        if m.group("m"):
            atk, def_, skills = _modifiers(m.group("m"))
            if skills:
                raise _GapError(f"effect: {body}")
            gains.update(modify_atk=atk, modify_def=def_)
        return gains
    m = re.fullmatch(r"you may spend \{m\} as though it were \{(?P<a>[wrugb])\}", low)
    if m:  # paying will (10.2 p6; the text beats it, 1.4 p1)
        return {"kind": "continuous", "text": raw, "rules": {"spend_moon_as": [m.group("a").upper()]}}
    if re.fullmatch(
        r"(?:your|you) opponent plays with (?:the )?top card of (?:his or her|their) main deck revealed", low
    ):
        # "You opponent plays with top card of his or her main deck revealed" (TAT-082; "You opponent":
        # a misprint of "Your opponent"): 10.4 p1, 3.1 p2
        return {"kind": "continuous", "text": raw, "rules": {"opponent_top_revealed": True}}
    if low == "you may look at the top card of your main deck at any time":  # 3.1 p2
        return {"kind": "continuous", "text": raw, "rules": {"may_look_at_top_card": True}}
    if low == "this card can block while rested":  # no need to be recovered to block (1.4 p1, 8.3 p3)
        return {"kind": "continuous", "text": raw, "rules": {"can_block_while_rested": True}}
    if low == "blocking does not cause this card to rest":  # it blocks without resting (1.4 p1, 8.3 p4)
        return {"kind": "continuous", "text": raw, "rules": {"blocks_without_resting": True}}
    standby = re.fullmatch(
        r"you pay \{(?P<n>\d+)\} to put cards into your chant-standby area rather than pay \{2\}", body, re.IGNORECASE
    )
    if standby:  # the rule's {2} (FoW-5.5 7.6 p1) replaced by the text (1.4 p1)
        cost_change = {"of": "standby", "who": "you", "instead": int(standby.group("n"))}
        return {"kind": "continuous", "text": raw, "cost_change": cost_change}
    anyway = re.fullmatch(
        r"you may pay the attribute cost of (?P<w>.+?) with will of any attribute", body, re.IGNORECASE
    )
    if anyway:  # paying will (10.2; the text beats it, 1.4 p1): the cards played, in the chase area
        paid_for, players = _selector(anyway.group("w"), ctx, zone="chase")
        if players or set(paid_for) & {"controller", "rested", "other_than_self"}:
            raise _GapError(f"condition: {body}")
        return {"kind": "continuous", "text": raw, "any_attribute_for": paid_for}
    spells = re.fullmatch(
        r"(?P<who>you may pay|you pay|your opponent pays) \{(?P<n>[1-9]\d*)\} (?P<dir>more|less) to play "
        r"(?P<what>normal spells|spells)(?P<na> with no attribute)?(?:, to a minimum free cost of \{(?P<min>\d+)\})?",
        body,
        re.IGNORECASE,
    )
    if spells:  # playing a card: a spell in the chase area (3.13 p3); increases, then decreases (9.3 p2.5)
        who, key = spells.group("who").lower(), spells.group("dir").lower()
        if (who == "you may pay" and key == "more") or (spells.group("min") and key == "more"):
            raise _GapError(f"condition: {body}")
        of = "normal_spell" if spells.group("what").lower() == "normal spells" else "spell"
        spell_change: JsonDict = {"of": of, "who": "opponent" if who == "your opponent pays" else "you"}
        spell_change[key] = int(spells.group("n"))
        if spells.group("na"):
            spell_change["filter"] = {"zone": "chase", "types": [], "no_attribute": True}
        if spells.group("min"):
            spell_change["minimum"] = int(spells.group("min"))
        if who == "you may pay":
            spell_change["optional"] = True
        return {"kind": "continuous", "text": raw, "cost_change": spell_change}
    m = re.fullmatch(r"you may pay (?P<c>(?:\{[^{}]+\})+) less to play (?P<d>.+?)", body.rstrip(". "), re.IGNORECASE)
    if m and not re.match(r"(?:this|its|their|\[)", m.group("d"), re.IGNORECASE):
        # "You may pay {1} less to play Card Soldier resonators" / "... to play a card if a card with
        # the same name is in your graveyard": cards its controller plays (FoW-5.5 9.3 p2.5)
        less = _will_cost(m.group("c"), "cost reduction")
        what = m.group("d")
        reduction: JsonDict = {"of": "spell", "who": "you", "less": less["free"], "optional": True}
        same = re.fullmatch(r"a card if a card with the same name is in your graveyard", what, re.IGNORECASE)
        if same:
            reduction["same_name_in_graveyard"] = True
        else:
            flt, players = _selector(what, ctx, zone="hand")
            if players or set(flt) - {"zone", "types", "races", "attributes"} or not (flt["types"] or flt.get("races")):
                raise _GapError(f"condition: {body}")
            reduction["filter"] = flt
        if less["attribute"] or not less["free"]:  # a decrease of the free part only (9.3 p2.5)
            raise _GapError(f"condition: {body}")
        return {"kind": "continuous", "text": raw, "cost_change": reduction}
    change = _COST_CHANGE.fullmatch(body)
    if change and not (change.group("plays") and change.group("who").lower() == "you"):
        # "Your opponent pays {1} more to play [Judgment] abilities" (FoW-5.5 9.3 p2.5); "Your opponent
        # plays {1} more to play regalia's activate abilities": "plays" for "pays", a misprint (TMS-072)
        who = "opponent" if change.group("who").lower() == "your opponent" else "you"
        key = "more" if change.group("dir").lower() == "more" else "less"
        of = _COST_CHANGE_OF[change.group("of").lower()]
        cost_change = {"of": of, "who": who, key: int(change.group("n"))}
        return {"kind": "continuous", "text": raw, "cost_change": cost_change}
    m = re.fullmatch(r"treat this card as (\w+) magic stone and (\w+) magic stone", body, re.IGNORECASE)
    if m and ctx.type == "magic_stone" and {m.group(1).lower(), m.group(2).lower()} <= set(ATTRIBUTE_WORDS):
        types = [_STONE_TYPE_OF[ATTRIBUTE_WORDS[w.lower()]] for w in m.groups()]
        return {"kind": "continuous", "text": raw, "stone_types": types}  # magic stone types (2.1 p5.2)
    m = re.fullmatch(r'this card (?:has|gains) "([^"]+)" in addition to its other names', body, re.IGNORECASE)
    if m:  # FoW-5.5 2.2
        return {"kind": "continuous", "text": raw, "names": [m.group(1)]}
    granted = _granted_abilities(raw, body, ctx)
    if granted is not None:
        return granted
    during = re.fullmatch(r"(?P<b>.+?) during (?P<w>your|your opponent's) turn", body, re.IGNORECASE)
    if during and not re.search(r"\b(?:as long as|if|unless|until)\b", during.group("b"), re.IGNORECASE):
        # "during your turn": the ability applies only then (FoW-5.5 9.4 p1, 9.10 p1)
        timed = _continuous(raw, during.group("b"), ctx)
        if timed["kind"] not in ("continuous", "replacement") or "condition" in timed:
            raise _GapError(f"condition: {body}")
        timed["condition"] = {"kind": "your_turn", **({"negate": True} if during.group("w") != "your" else {})}
        return timed
    armor = (
        "if added resonator would be destroyed, banish this card instead. "
        "if you do, remove all damage from that resonator"
    )
    if low == armor and ctx.type == "addition" and ctx.subtype == "resonator":  # 9.10 p1, 10.10
        armored: JsonDict = {"kind": "replacement", "text": raw, "replaces": "host_destroyed", "instead": "banish_self"}
        return {**armored, "remove_damage": True}
    ragnarok = (
        "if a resonator dealt damage by added j/resonator would be put into a graveyard this turn, remove that "
        "resonator from the game and you gain life equal to its def instead"
    )
    if low == ragnarok and ctx.type == "addition" and ctx.subtype == "j_resonator":  # 9.10 p1, 10.3, 9.11
        return {
            "kind": "replacement",
            "text": raw,
            "replaces": "damaged_by_host_to_graveyard",
            "instead": "remove_gain_def",
        }
    m = re.fullmatch(
        rf"if (?P<c>[a-z][a-z ]*?) counters would be put on (?P<t>your j/ruler),"
        rf" put that many plus (?P<n>{NUM}) instead",
        low,
    )
    if m:  # "If magic counters would be put on your J/ruler, put that many plus one instead" (9.10 p1)
        covered = _target(m.group("t"), ctx, playground=True)
        return {
            "kind": "replacement",
            "text": raw,
            "replaces": "counters_put",
            "instead": "put_more",
            "counter": m.group("c"),
            "extra_counters": _number(m.group("n")),
            "affects": covered,
        }
    replacement = {
        "if this card would be destroyed, return it to its owner's hand instead": ("self_destroyed", "return_to_hand"),
        "if this card would be destroyed, remove it from the game instead": ("self_destroyed", "remove_from_game"),
        "prevent all damage that would be dealt to this card": ("self_damaged", "prevent"),
        # any card, from any zone, that would go to a graveyard is removed instead (9.10 p1, 10.3 p1)
        "if a card would be put into a graveyard from anywhere, remove it from the game instead": (
            "to_graveyard",
            "remove_from_game",
        ),
        "if a card would be put into your graveyard from anywhere, remove it from the game instead": (
            "to_your_graveyard",
            "remove_from_game",
        ),
    }.get(low)
    if replacement:
        return {"kind": "replacement", "text": raw, "replaces": replacement[0], "instead": replacement[1]}
    partial = _partial_prevention(raw, low, ctx)
    if partial is not None:
        return partial
    redirect = _redirect_damage(raw, body, ctx)
    if redirect is not None:
        return redirect
    m = re.fullmatch(
        r"if a spell or ability would (?P<v>increase|decrease) (?:(?P<own>this card's) atk or def|atk or def of "
        r"(?P<t>[^,]+)), it (?P=v)s (?:by )?(?P<how>double that much|none) instead",
        body,
        re.IGNORECASE,
    )
    if m and (m.group("v").lower() == "increase") == (m.group("how").lower() == "double that much"):
        # a replacement of the value changes of continuous effects of spells and abilities (9.10 p1, 9.9 p1.4)
        key = "doubles_increases" if m.group("v").lower() == "increase" else "no_decreases"
        changing: JsonDict = {"kind": "continuous", "text": raw, key: True}
        if m.group("t"):
            affects = _subject(m.group("t"), ctx, continuous=True)
            if affects is None:
                raise _GapError(f"condition: {body}")
            changing["affects"] = affects
        elif ctx.type not in ("resonator", "j_ruler"):
            raise _GapError(f"condition: {body}")
        return changing
    m = re.fullmatch(
        r"each turn, prevent the first damage that would be dealt to an? (?P<t>.+ you control)", body, re.I
    )
    if m:  # a prevention (10.17 p1.2) that applies once a turn, to the cards it covers now (9.9 p4)
        flt, players = _selector(m.group("t"), ctx)
        if players or set(flt) - {"zone", "controller", "races", "types", "attributes"}:
            raise _GapError(f"target: {m.group('t')}")
        first: JsonDict = {"kind": "replacement", "text": raw, "replaces": "self_damaged", "instead": "prevent"}
        return {**first, "affects": {"kind": "all", "filter": flt}, "first_each_turn": True}
    more = _deal_more(raw, body, ctx)
    if more is not None:
        return more
    m = re.fullmatch(
        rf"(?:if (?P<c>{_CLAUSE}), )?this card enters your (?:field|magic stone area) rested", body, re.IGNORECASE
    )
    if m:  # how this card enters a playground (FoW-5.5 9.10 p1), checked as it enters
        entering: JsonDict = {"kind": "replacement", "text": raw, "replaces": "self_enters", "instead": "enter_rested"}
        if m.group("c"):
            entering["condition"] = _condition(m.group("c"), ctx)
        return entering
    m = re.fullmatch(
        r"prevent all (?P<k>battle |non-battle )?damage that would be dealt (?:by (?P<by0>normal spells) )?"
        r"to (?P<or>or dealt by )?(?P<t>this card|added resonator|added j/resonator|resonators you control)"
        r"(?: by (?P<by>.+))?",
        low,
    )
    if m and not (m.group("by0") and m.group("by")):
        # "... to this card by fire resonators" (10.17); on an addition, to what it is added to;
        # "... by normal spells to resonators you control": to every card it covers (9.9 p4)
        out: JsonDict = {"kind": "replacement", "text": raw, "replaces": "self_damaged", "instead": "prevent"}
        host = {"added resonator": "resonator", "added j/resonator": "j_resonator"}.get(m.group("t"))
        if m.group("t") == "resonators you control":
            out["affects"] = _subject(m.group("t"), ctx, continuous=True)
        elif (host is not None) != (ctx.type == "addition") or (host is not None and ctx.subtype != host):
            raise _GapError(f"target: {m.group('t')}")
        if m.group("or"):  # "dealt to or dealt by added resonator"
            if host is None:
                raise _GapError(f"effect: {body}")
            out["or_dealt_by"] = True
        if m.group("k"):  # battle damage: dealt in the battle resolution steps (8.4, 8.5)
            out["damage_battle"] = m.group("k") == "battle "
        if m.group("by") or m.group("by0"):
            out["damage_from"] = _damage_source(m.group("by") or m.group("by0"), ctx)
        return out
    if re.fullmatch(r"you may choose not to recover this card during the recovery phase", body, re.IGNORECASE):
        # the turn player's recovery of all cards (FoW-5.5 5.2 p5) may leave it rested (1.4 p1)
        return {"kind": "continuous", "text": raw, "rules": {"may_stay_rested_in_recovery_phase": True}}
    logic = _continuous_unless_damaged(raw, body, ctx) or _continuous_logic(raw, body, ctx)
    if logic is not None:
        return logic
    m = re.fullmatch(rf"(?P<s>.+?) (?P<v>{_NO_RECOVERY_RE})", body, re.IGNORECASE)
    if m:  # "Added resonator cannot recover during recovery phase" (FoW-5.5 5.2 p5, 1.4 p1)
        kept: JsonDict = {"kind": "continuous", "text": raw, "rules": {_NO_RECOVERY[m.group("v").lower()]: True}}
        subject = _subject(m.group("s"), ctx, continuous=True)
        if subject is not None:
            kept["affects"] = subject
        return kept
    if re.search(r"\b(?:as long as|if(?! able$)|for each|unless|while|during|until|instead|may)\b", low):
        raise _GapError(f"condition: {body}")
    m = re.fullmatch(r"(?P<s>.+?) cannot be blocked by (?P<b>.+)", body, re.IGNORECASE)
    if m:  # "This card cannot be blocked by resonators with ATK 600 or less" (1.4 p1, 8.3 p3)
        blockers, players = _selector(m.group("b"), ctx)
        if players:
            raise _GapError(f"target: {m.group('b')}")
        unblockable: JsonDict = {"kind": "continuous", "text": raw, "rules": {"cannot_be_blocked_by": [blockers]}}
        affects = _subject(m.group("s"), ctx, continuous=True)
        if affects is not None:
            unblockable["affects"] = affects
        return unblockable
    for verb, rules in _RULE_VERBS.items():
        if low.endswith(" " + verb):
            affects = _subject(body[: -len(verb) - 1], ctx, continuous=True)
            if "targeted" in verb and affects is not None and affects["filter"].get("types") == []:
                # a ruler in the ruler area can be targeted too (by an [Addition:Ruler]): every playground
                if affects["filter"].get("zone", "field") != "field":
                    raise _GapError(f"target: {body[: -len(verb) - 1]} (no card type: it may also be a ruler)")
                affects["filter"]["playground"] = True  # "Each Fairy Tale you control" (2.5 p4, 3.14 p1)
            ability: JsonDict = {"kind": "continuous", "text": raw, "rules": dict(rules)}
            if affects is not None:
                ability["affects"] = affects
            return ability
    hand = re.fullmatch(r"(?P<s>.+?) in your hand gains? \[Quickcast\]", body, re.IGNORECASE)
    if hand:  # "Wind resonators in your hand gain [Quickcast]": played at instant speed (12.3)
        flt, players = _selector(hand.group("s"), ctx, zone="hand", loose=True)
        if players or set(flt) & {"controller", "rested", "other_than_self", "attacking", "blocking"}:
            raise _GapError(f"target: {hand.group('s')} in your hand")
        flt["controller"] = "you"  # the cards in your own hand (3.1 p1)
        return {"kind": "continuous", "text": raw, "affects": {"kind": "all", "filter": flt}, "grant": ["quickcast"]}
    grave = re.fullmatch(r"(?P<s>.+?) in your graveyard gains? \[Remnant\]", body, re.IGNORECASE)
    if grave:  # "Fire [Spell:Chant] cards in your graveyard gain [Remnant]": playable from there (12.6 p2)
        kinds = _graveyard_kinds(grave.group("s"))
        if kinds is None:
            kinds, players = _selector(grave.group("s"), ctx, zone="graveyard", loose=True)
            if players or set(kinds) & {"controller", "rested", "other_than_self", "attacking", "blocking"}:
                raise _GapError(f"target: {grave.group('s')} in your graveyard")
        kinds["controller"] = "you"  # the cards in your own graveyard (3.1 p5)
        return {"kind": "continuous", "text": raw, "remnant_for": kinds}
    m = re.fullmatch(r"(?P<s>.+?) loses? (?:its|their) symbol skills", body, re.IGNORECASE)
    if m:  # "each resonator your opponent controls loses its symbol skills" (FoW-5.5 9.9 p1.2, 11)
        lost: JsonDict = {"kind": "continuous", "text": raw, "lose_skills": True}
        affects = _subject(m.group("s"), ctx, continuous=True)
        if affects is not None:
            lost["affects"] = affects
        return lost
    m = re.fullmatch(r"this card's ATK is equal to (?:the )?total ATK of (?P<f>.+)", body, re.IGNORECASE)
    if m and ctx.type in ("resonator", "j_ruler"):  # "This card's ATK is equal to total ATK of Cthulhu
        # resonators you control": a value change read all the time (FoW-5.5 9.9 p1.4, p4)
        count = _count(m.group("f"), ctx)
        if set(count) != {"filter"}:
            raise _GapError(f"effect: {body}")
        return {"kind": "continuous", "text": raw, "atk_total_of": count["filter"]}
    m = re.fullmatch(r"(?P<s>added resonator|added j/resonator) becomes an? \[(?P<a>\d+)/(?P<d>\d+)\]", body, re.I)
    if m:  # "Added resonator becomes a [200/300]": its ATK and DEF are set (FoW-5.5 9.9 p1.4, p3)
        _subject(m.group("s"), ctx, continuous=True)  # said by an addition of that subtype only
        return {"kind": "continuous", "text": raw, "set_stats": [int(m.group("a")), int(m.group("d"))]}
    m = re.match(r"^(?P<s>.+?) gains? (?P<m>.+)$", body)
    if m:
        affects = _subject(m.group("s"), ctx, continuous=True)
        atk, def_, skills = _modifiers(m.group("m"))
        ability = {"kind": "continuous", "text": raw}
        if affects is not None:
            ability["affects"] = affects
        if atk:
            ability["modify_atk"] = atk
        if def_:
            ability["modify_def"] = def_
        if skills:
            ability["grant"] = skills
        return ability
    raise _GapError(f"effect: {_split_sentences(body)[0]}")


_SUBJECTS = {
    "deals_damage_to_resonator": "resonator",
    "dealt_damage_by_resonator": "resonator",
    "deals_damage_to_resonator_while_attacking": "resonator",
    "blocks_or_is_blocked_by_resonator": "resonator",
}
"""Triggers that name an object the effect may refer back to ("that resonator")."""


def _with_counters_text(raw: str, body: str) -> JsonDict | None:
    """ "This card enters your field with five [+100/+100] counters." / "As this card shifts, put ten
    [+100/+100] counters on it.": counters put as part of the entering (9.10 p1) or the shift (12.8 p2.1)."""
    m = re.fullmatch(
        rf"(?:this card enters your field with (?P<n>{NUM})|as this card shifts, put (?P<s>{NUM})) "
        r"(?P<c>\[[+-]\d+/[+-]\d+\]|[a-z][a-z ]*?) counters(?(s) on (?:it|this card))\.?",
        body.strip(),
        re.IGNORECASE,
    )
    if m is None:
        return None
    replaces = "enters_with_counters" if m.group("n") else "shifts_with_counters"
    count = _number(m.group("n") or m.group("s"))
    out: JsonDict = {"kind": "replacement", "text": raw, "replaces": replaces}
    return {**out, "counter": m.group("c").strip("[]"), "with_counters": count}


def _automatic(raw: str, text: str, ctx: _Ctx) -> list[JsonDict] | None:
    once = re.search(r"\s*This ability triggers only once per turn\.?$", text, re.IGNORECASE)
    if once:  # a limit on triggering, not an effect
        found = _automatic(raw, text[: once.start()], ctx)
        if found is None:
            return None
        return [{**a, "once_per_turn": True} for a in found]
    for pattern, trigger, it_self in _TRIGGERS:
        m = pattern.match(text)
        if m:
            if trigger in _SUBJECTS:
                ctx = dataclasses.replace(ctx, subject=_SUBJECTS[trigger])
            if trigger in ("put_into_graveyard_from_field", "destroyed", "leaves_field", "removed_from_main_deck"):
                ctx = dataclasses.replace(ctx, own_move=True)
            body = text[m.end() :]
            if trigger == "deals_damage_to_opponent":  # "..., they discard a card": that opponent
                body = re.sub(r"^they (discard|lose)\b", r"your opponent \1s", body, flags=re.IGNORECASE)
            effects = _effects(_capitalise(body), ctx, it_self=it_self)
            both = {
                "attacks_or_blocks": ("attacks", "blocks"),
                "blocks_or_is_blocked": ("blocks", "is_blocked"),
                "enters_or_leaves_field": ("enters_field", "leaves_field"),
                "enters_or_shifts": ("enters_field", "shifts"),
                "enters_or_attacks": ("enters_field", "attacks"),
                "blocks_or_is_blocked_by_resonator": ("blocks_resonator", "is_blocked_by_resonator"),
            }
            if trigger in both:  # two trigger conditions, one ability each (9.6 p1)
                return [{"kind": "automatic", "text": raw, "trigger": t, "effects": effects} for t in both[trigger]]
            if trigger == "deals_damage_to_resonator_while_attacking":  # this card, as it deals the damage
                filtered = {
                    "trigger": "deals_damage_to_resonator",
                    "trigger_filter": {"zone": "field", "attacking": True},
                }
                return [{"kind": "automatic", "text": raw, **filtered, "effects": effects}]
            return [{"kind": "automatic", "text": raw, "trigger": trigger, "effects": effects}]
    special = (
        _host_trigger(raw, text, ctx)
        or _targeted_trigger(raw, text, ctx)
        or _each_players_turn(raw, text, ctx)
        or _status_trigger(raw, text, ctx)
        or _your_j_resonator_targeted(raw, text, ctx)
    )
    if special is not None:
        return special
    added = _ADDITION_ADDED.match(text)
    if added:  # two trigger conditions, one ability each (9.6 p1)
        try:
            host, players = _selector(added.group("what"), ctx)
        except _GapError:
            raise _GapError(f"trigger: {text[: added.end()].rstrip(',: ')}") from None
        if players or host.get("types") != ["resonator"]:
            raise _GapError(f"trigger: {text[: added.end()].rstrip(',: ')}")
        effects = _effects(_capitalise(text[added.end() :]), ctx)
        additions: list[JsonDict] = [
            {"zone": "field", "types": ["addition"], "controller": "any", "added_to": host},
            {"zone": "field", "types": ["addition"], "controller": "you", "subtypes": ["field"]},
        ]
        return [
            {"kind": "automatic", "text": raw, "trigger": "card_enters_field", "trigger_filter": f, "effects": effects}
            for f in additions
        ]
    moved = _card_move_trigger(text, ctx)
    if moved is not None:
        trigger, flt, body = moved
        if trigger == "card_put_into_graveyard_from_field" and flt.get("types") == ["resonator"]:
            # "..., put that resonator from its owner's graveyard into his or her hand" (9.6 p7)
            ctx = dataclasses.replace(ctx, subject="resonator")
        if trigger == "card_enters_field" and "resonator" in flt.get("types", ()):
            # "..., this card deals 500 damage to it": the resonator that entered (9.6 p7)
            ctx = dataclasses.replace(ctx, subject="resonator")
            first, dot, rest = body.partition(".")
            body = re.sub(r"\b(deals \d+ damage to) it$", r"\1 that resonator", first) + dot + rest
        graveyard = trigger == "card_enters_field" and re.search(r"\bthis card from your graveyard\b", body) is not None
        if graveyard:  # "you may add this card from your graveyard to that resonator": works there (9.2 p2)
            ctx = dataclasses.replace(ctx, in_graveyard=True)
        effects = _effects(_capitalise(body), ctx)
        moved_ability: JsonDict = {
            "kind": "automatic",
            "text": raw,
            "trigger": trigger,
            "trigger_filter": flt,
            "effects": effects,
        }
        return [{**moved_ability, "from_graveyard": True} if graveyard else moved_ability]
    rules = _AS_RULES.get(text.rstrip(". ").lower())
    if rules is not None:  # "As ..." here is a rule for a choice, not a trigger condition
        return [{"kind": "continuous", "text": raw, "rules": dict(rules)}]
    if _TRIGGER_START.match(text):
        m = re.match(r"^(?P<trigger>[^,:]+)[,:]\s*(?P<body>.+)$", text)
        if not m:
            raise _GapError(f"trigger: {text}")
        reason = f"trigger: {m.group('trigger').strip()}"
        try:  # is the trigger the only thing missing?
            _effects(_capitalise(m.group("body")), ctx, it_self=bool(re.search(r"\bthis card\b", m.group("trigger"))))
        except _GapError as gap:
            reason += f" + {_sentence_gap(gap.reason, m.group('body'))}"
        raise _GapError(reason)
    return None


_HOST_TRIGGERS: list[tuple[re.Pattern[str], str]] = [
    (_on(r"whenever added (?:j/)?resonator attacks"), "attacks"),
    (_on(r"whenever damage is dealt to added (?:j/)?resonator"), "dealt_damage"),
    (_on(r"whenever (?:added )?resonator with this becomes rested"), "becomes_rested"),
    (
        _on(r"whenever added (?:j/)?resonator deals damage to a resonator your opponent controls"),
        "deals_damage_to_resonator",
    ),
    (
        _on(r"when (?:added (?:j/)?resonator|the resonator with this) is put into a graveyard from a field"),
        "put_into_graveyard_from_field",
    ),
]
"""Trigger conditions on an addition naming the card it is added to instead of this card."""


def _host_trigger(raw: str, text: str, ctx: _Ctx) -> list[JsonDict] | None:
    """ "Whenever added resonator attacks, it gains [+500/+500] until end of turn and deals 500
    damage to you." on an addition to a J/resonator: the trigger condition names the card this
    addition is added to (FoW-5.5 7.2 p3, 9.6 p1) and "it" in the effect is that card."""
    if ctx.type != "addition" or ctx.subtype not in ("resonator", "j_resonator"):
        return None
    added = "added resonator" if ctx.subtype == "resonator" else "added J/resonator"
    for pattern, trigger in _HOST_TRIGGERS:
        m = pattern.match(text)
        if m is None:
            continue
        body = text[m.end() :]
        # "it gains [..] until end of turn and deals 500 damage to you": two effects of the added card
        body = re.sub(
            r"^it gains (?P<g>[^.]+? until end of turn) and deals ", rf"{added} gains \g<g>. {added} deals ", body
        )
        body = re.sub(r"^it\b", added, body)
        ability: JsonDict = {"kind": "automatic", "text": raw, "trigger": trigger, "host_trigger": True}
        back = re.fullmatch(r"put that (?:j/)?resonator into (?:its|it) owner'?s field\.?", body, re.IGNORECASE)
        if back is not None and trigger == "put_into_graveyard_from_field":  # "it owner's": a misprint (MOA-035)
            that = {"kind": "that", "filter": {"zone": "graveyard", "types": []}}  # where it went (3.1 p3)
            return [{**ability, "effects": [{"op": "put_into_field", "target": that, "owners_field": True}]}]
        if trigger == "put_into_graveyard_from_field":  # "that resonator's controller": as it left (9.11)
            ctx = dataclasses.replace(ctx, subject="resonator")
        elif trigger == "deals_damage_to_resonator":  # "that resonator": the one dealt damage (9.6 p5)
            ctx = dataclasses.replace(ctx, subject="resonator")
            ability["subject_filter"] = {"zone": "field", "types": ["resonator"], "controller": "opponent"}
        else:  # "that resonator's controller": the card it is added to
            body = re.sub(r"\bthat resonator's controller\b", f"{added}'s controller", body)
        return [{**ability, "effects": _effects(_capitalise(body), ctx)}]
    return None


_SAME_NAME_STONES = re.compile(
    r"^when you control two or more true magic stones with (?:the )?same name\s*[,:]\s*banish all but one of them\.?$",
    re.IGNORECASE,
)
_TRUE_STONES: JsonDict = {
    "zone": "stone_area",
    "types": ["magic_stone"],
    "controller": "you",
    "stone_types": ["True Magic Stone"],
}
_STATUS = re.compile(r"^when you control (?P<c>a J-Ruler)\s*[,:]\s*", re.IGNORECASE)


def _status_trigger(raw: str, text: str, ctx: _Ctx) -> list[JsonDict] | None:
    """ "When you control two or more true magic stones with the same name, banish all but one of
    them." / "When you control a J-Ruler, banish this card.": status automatic abilities (FoW-5.5
    9.6 p9): they trigger whenever the status holds and they are not already triggered (9.6 p9.1);
    the status is the ability's ``condition``.  "Them": the true magic stones sharing a name, of
    which the controller keeps one of each name (10.10 p1)."""
    if _SAME_NAME_STONES.match(text):
        status = {"kind": "controls", "filter": dict(_TRUE_STONES), "at_least": 2, "same_name": True}
        effects: list[JsonDict] = [{"op": "banish", "filter": dict(_TRUE_STONES), "who": "you", "all_but_one": True}]
        return [{"kind": "automatic", "text": raw, "trigger": "status", "condition": status, "effects": effects}]
    m = _STATUS.match(text)
    if m is None:
        return None
    status = _condition(f"you control {m.group('c')}", ctx)
    effects = _effects(_capitalise(text[m.end() :]), ctx, it_self=True)
    return [{"kind": "automatic", "text": raw, "trigger": "status", "condition": status, "effects": effects}]


_J_RESONATOR_TARGETED = re.compile(
    r"^when a spell or ability your opponent controls targets a J/resonator you control\s*[,:]\s*", re.IGNORECASE
)


def _your_j_resonator_targeted(raw: str, text: str, ctx: _Ctx) -> list[JsonDict] | None:
    """ "When a spell or ability your opponent controls targets a J/resonator you control, you may banish
    this card. If you do, cancel that spell or ability." (TMS-065): it triggers once as such a spell or
    ability is played choosing one or more J/resonators you control as targets (FoW-5.5 9.3 p2, 9.6 p1);
    "that spell or ability" is the one on the chase that made it trigger."""
    m = _J_RESONATOR_TARGETED.match(text)
    if m is None:
        return None
    effects = _effects(_capitalise(text[m.end() :]), dataclasses.replace(ctx, subject="chase"), it_self=True)
    ability: JsonDict = {"kind": "automatic", "text": raw, "trigger": "your_j_resonator_targeted"}
    return [{**ability, "targeted_by": {"controller": "opponent"}, "effects": effects}]


_TARGETED = re.compile(
    r"^when this card becomes targeted by (?:(?P<own>spells or abilities your opponent controls)|"
    r"(?P<a>light|fire|water|wind|darkness) spells or (?P=a) card's abilities)\s*[,:]\s*",
    re.IGNORECASE,
)


def _targeted_trigger(raw: str, text: str, ctx: _Ctx) -> list[JsonDict] | None:
    """ "When this card becomes targeted by spells or abilities your opponent controls, he or she
    loses 500 life." / "... by water spells or water card's abilities, destroy it.": it triggers as
    a spell (a card on the chase, FoW-5.5 3.13 p3) or an ability is played choosing this card as
    a target (9.3 p2, 9.6 p1); "he or she" is that opponent."""
    m = _TARGETED.match(text)
    if m is None:
        return None
    body = text[m.end() :]
    by: JsonDict = {}
    if m.group("own"):
        by["controller"] = "opponent"
        body = re.sub(r"^he or she (loses|discards|draws)\b", r"your opponent \1", body, flags=re.IGNORECASE)
    else:
        by["attributes"] = [ATTRIBUTE_WORDS[m.group("a").lower()]]
    effects = _effects(_capitalise(body), ctx, it_self=True)
    return [{"kind": "automatic", "text": raw, "trigger": "becomes_targeted", "targeted_by": by, "effects": effects}]


_EACH_PLAYERS_TURN = re.compile(
    r"^at the beginning of each player's turn\s*[,:]\s*that player banishes (?P<what>[^.]+)\.?$", re.IGNORECASE
)


def _each_players_turn(raw: str, text: str, ctx: _Ctx) -> list[JsonDict] | None:
    """ "At the beginning of each player's turn, that player banishes a resonator.": at the beginning
    of your turn you banish one, at the beginning of your opponent's turn they do (5.1 p1, 10.10):
    one ability for each turn, the player of that turn choosing."""
    m = _EACH_PLAYERS_TURN.match(text)
    if m is None:
        return None
    theirs = _effects(f"Your opponent banishes {m.group('what')}.", ctx)
    if len(theirs) != 1 or theirs[0].get("op") != "banish" or theirs[0].get("who", "opponent") != "opponent":
        raise _GapError(f"effect: That player banishes {m.group('what')}.")
    yours = [{**theirs[0], "who": "you"}]
    return [
        {"kind": "automatic", "text": raw, "trigger": "beginning_of_turn", "effects": yours},
        {"kind": "automatic", "text": raw, "trigger": "beginning_of_opponents_turn", "effects": theirs},
    ]


_PHASE_TRIGGER_SENTENCE = re.compile(
    r"(?<=\.)\s+(?=At the (?:end|beginning) of |When (?:the resonator with this|added resonator) is put into a "
    r"graveyard from a field)",
    re.IGNORECASE,
)


def _continuous_then_trigger(raw: str, text: str, ctx: _Ctx) -> list[JsonDict] | None:
    """ "[Continuous]: Added resonator gains [-300/-300]. At the end of turn, this card deals 300
    damage to added resonator's controller.": two abilities under one label, a continuous one
    (FoW-5.5 9.7) and an automatic one whose trigger condition opens its own sentence (9.6 p1,
    5.4 p3). Only when the sentences before it are wholly continuous: a static ability makes no
    delayed effect, so the "At the ..." sentence cannot belong to it (9.6 p8)."""
    parts = _PHASE_TRIGGER_SENTENCE.split(text.strip(), maxsplit=1)
    if len(parts) != 2:
        return None
    head, tail = parts
    try:
        first = _it_variants(raw, head, ctx) or _continuous_each(raw, head, ctx)
        second = _automatic(raw, tail, ctx)
    except _GapError:
        return None
    if second is None or any(a.get("kind") != "continuous" for a in first):
        return None
    return first + second


_HOST_TURN_END = re.compile(
    r"(?P<body>[^.]*\badded (?:j/)?resonator\b[^.]*?) at the end of its controller's turn\.?", re.IGNORECASE
)


def _host_turn_end(raw: str, text: str, ctx: _Ctx) -> list[JsonDict] | None:
    """ "[Continuous]: Destroy added resonator at the end of its controller's turn." on an addition:
    an automatic ability whose trigger condition closes the sentence; "its" is the added resonator,
    so it triggers at the end of the turn of the player controlling that card (5.4 p3, 7.2 p3)."""
    m = _HOST_TURN_END.fullmatch(text.strip())
    if m is None or ctx.type != "addition" or ctx.subtype not in ("resonator", "j_resonator"):
        return None
    try:
        effects = _effects(_capitalise(m.group("body").strip()), ctx)
    except _GapError:
        return None
    return [{"kind": "automatic", "text": raw, "trigger": "end_of_host_controllers_turn", "effects": effects}]


def _ability(raw: str, text: str, ctx: _Ctx) -> list[JsonDict]:
    """One non-keyword paragraph of a non-spell card as Abilities (one, or one per trigger
    condition of "when this card attacks or blocks")."""
    m = re.match(r"^\[Activate\]\s*:?\s*", text, re.IGNORECASE)
    if m:
        ability = _activate(raw, text[m.end() :], ctx, required=True)
        assert ability is not None
        return [ability]
    m = re.match(r"^\[Continuous\]\s*:?\s*", text, re.IGNORECASE)
    if m:
        rest = text[m.end() :]
        try:
            return _automatic(raw, rest, ctx) or _it_variants(raw, rest, ctx) or _continuous_each(raw, rest, ctx)
        except _GapError:
            split = _continuous_then_trigger(raw, rest, ctx) or _host_turn_end(raw, rest, ctx)
            if split is None:
                raise
            return split
    counters = _with_counters_text(raw, text)
    if counters is not None:  # "As this card shifts, put ten [+100/+100] counters on it": no trigger (12.8 p2.1)
        return [counters]
    automatic = _automatic(raw, text, ctx)
    if automatic is not None:
        return automatic
    activate = _activate(raw, _cost_colon(text), ctx, required=False)
    if activate is not None:
        return [activate]
    try:
        return _it_variants(raw, text, ctx) or _continuous_each(raw, text, ctx)
    except _GapError:  # "Added resonator gains [-200/-200]. When added resonator is put into ...": two abilities
        split = _continuous_then_trigger(raw, text, ctx)
        if split is None:
            raise
        return split


def _cost_colon(text: str) -> str:
    """ "{R} This card gains [+100/+0] until end of turn." (VS01-027, TTW-029: the colon after the
    will cost is missing; the same card elsewhere reads "{R}: This card ..."): a paragraph opening
    with will symbols only and then a sentence is an [Activate] ability with that cost (FoW-5.5 9.5)."""
    m = re.fullmatch(r"(?P<c>(?:\{[WRUGBM0-9]\})+) (?P<e>This card gains [^:]+)", text)
    return f"{m.group('c')}: {m.group('e')}" if m else text


# --------------------------------------------------------------------------------------
# paragraphs -> contributions to the card

Delta = dict[str, Any]
_TAGS = re.compile(r"^(?:\[(?P<tag>[^\]]+)\][\s,]*)+\.?$")
_GODS_ART = re.compile(
    r"^God's Art\s*(?:<(?P<a>[^>]+)>|\[(?P<b>[^\]]+)\]|\"(?P<c>[^\"]+)\")\s*(?P<body>.+)$", re.IGNORECASE
)


def _tags_only(text: str) -> Delta | None:
    if not _TAGS.match(text):
        return None
    delta: Delta = {}
    for tag in re.findall(r"\[([^\]]+)\]", text):
        key = tag.strip().lower()
        if key in SYMBOL_SKILLS:
            delta.setdefault("skills", []).append(SYMBOL_SKILLS[key])
        elif key == "remnant":
            delta["remnant"] = True
        else:
            raise _GapError(f"keyword: [{tag}]")
    return delta


def _judgment(text: str, ctx: _Ctx) -> Delta | None:
    m = re.match(r"^\[(?:Judgment|Judgement|J-Activate)\]\s*:?\s*(?P<rest>.*)$", text, re.IGNORECASE)
    if not m:
        return None
    rest = m.group("rest").strip()
    if re.fullmatch(r"pay any number of will\. you cannot choose to pay \{0\}\.?", rest, re.IGNORECASE):
        if ctx.type != "ruler":  # "[J-Activate] Pay any number of will. You cannot choose to pay {0}." (7.5 p2)
            raise _GapError("keyword: [Judgment] on a card that is not a ruler")
        j_side = ctx.card_id + "J"
        if ctx.ids is not None and j_side not in ctx.ids:
            raise _GapError(f"keyword: [Judgment] (the J-ruler side {j_side} is not in the database)")
        return {"judgment": {"any_amount": True, "j_ruler": j_side}}
    cm = re.fullmatch(r"(?:pay\s+)?(?P<c>(?:\{[^{}]*\}\s*)+)(?:\.?|[.:]\s+(?P<tail>.+))", rest, re.IGNORECASE)
    if not cm:
        return _judgment_with_cards(rest, ctx)
    if cm.group("tail") and re.match(r"^(?:discard|banish|rest) ", cm.group("tail"), re.IGNORECASE):
        raise _GapError(f"keyword: [Judgment] {rest}")
    extra: JsonDict = {}
    alternatives: list[JsonDict] = []
    will = re.sub(r"\s+", "", cm.group("c"))
    tail = cm.group("tail")
    if will.endswith("{X}") and will.count("{X}") == 1:  # "Pay {2}{X}": X chosen as it is performed (9.3 p2.5)
        will, extra["x"] = will[: -len("{X}")] or "{0}", True
        only = re.fullmatch(r"spend only \{(?P<s>[WRUGBM])\} will on X\.?", (tail or "").strip(), re.IGNORECASE)
        if only:  # "Spend only {M} will on X."
            extra["x_symbol"], tail = only.group("s").upper(), None
        elif tail:
            raise _GapError(f"keyword: [Judgment] {rest}")
    if tail:
        alternatives = _judgment_instead(tail, ctx, rest)
        if alternatives:
            if alternatives[0].get("condition") is not None:
                extra = {"condition": alternatives[0]["condition"]}
            extra["alternatives"] = alternatives[1:]
        else:
            extra = _ability_limits(tail, ctx, rest)
    if ctx.type != "ruler":
        raise _GapError("keyword: [Judgment] on a card that is not a ruler")
    cost = _will_cost(will, "keyword: [Judgment] cost")
    j_id = ctx.card_id + "J"
    if ctx.ids is not None and j_id not in ctx.ids:
        raise _GapError(f"keyword: [Judgment] (the J-ruler side {j_id} is not in the database)")
    return {"judgment": {"cost": cost, "j_ruler": j_id, **extra}}


_JUDGMENT_INSTEAD = re.compile(
    r"if (?P<cond>.+?), (?P<may>you may )?pay (?P<c>(?:\{[^{}]+\})+)(?: to play this ability)? instead\.?",
    re.IGNORECASE,
)


def _judgment_instead(tail: str, ctx: _Ctx, whole: str) -> list[JsonDict]:
    """ "[J-Activate] Pay {R}{U}{2}: If <condition>, you may pay {0} to play this ability
    instead." / "Pay {W}{W}{W}{W}{W}. If your life is 3000 or less, pay {W}{W}{W}{W} instead. If
    ... 2000 or less, pay {W}{W} instead. ...": the [Judgment] cost replaced by another while a
    condition holds (FoW-5.5 9.3 p2.5, 7.5 p2): one section per cost, the player performs one.
    "You may pay ... instead" leaves the printed cost available; a plain "pay ... instead" does
    not: each section is then available only while its own condition is the latest that holds
    (in the order printed).  [] when the tail is no such text.  The first entry is the printed
    cost's condition (None: always), the others are {"cost", "condition"}."""
    sentences = _split_sentences(tail.strip())
    found = [_JUDGMENT_INSTEAD.fullmatch(x.strip()) for x in sentences]
    if not sentences or not all(found):
        return []
    matches = [m for m in found if m is not None]
    if any(bool(m.group("may")) != bool(matches[0].group("may")) for m in matches):
        raise _GapError(f"keyword: [Judgment] {whole}")
    conds = [
        _condition(re.sub(r"\bImmortal of Werewolf\b", "Immortal or Werewolf", m.group("cond")), ctx) for m in matches
    ]
    costs = [_will_cost(m.group("c"), "keyword: [Judgment] cost") for m in matches]
    if matches[0].group("may"):
        if len(matches) != 1:
            raise _GapError(f"keyword: [Judgment] {whole}")
        return [{}, {"cost": costs[0], "condition": conds[0]}]

    def unless_later(i: int) -> list[JsonDict]:
        return [{**c, "negate": True} for c in conds[i:]]

    def one(parts: list[JsonDict]) -> JsonDict | None:
        if not parts:
            return None
        return parts[0] if len(parts) == 1 else {"kind": "all_of", "conditions": parts}

    if any("negate" in c for c in conds):
        raise _GapError(f"keyword: [Judgment] {whole}")
    out: list[JsonDict] = [{"condition": one(unless_later(0))}]
    for i, (cond, cost) in enumerate(zip(conds, costs, strict=True)):
        option: JsonDict = {"cost": cost}
        option["condition"] = one([cond, *unless_later(i + 1)])
        out.append(option)
    return out


def _judgment_with_cards(rest: str, ctx: _Ctx) -> Delta:
    """ "[J-Activate] Banish a fire resonator." / "[J-Activate] Pay {1}, discard "Poison Apple".":
    will (if any) and actions on other cards the player chooses (FoW-5.5 7.5 p2, 9.3 p2.5)."""
    will = "{0}"
    cards: list[JsonDict] = []
    for part in re.split(r",\s*", rest.strip().rstrip(".")):
        wm = re.fullmatch(r"(?:pay\s+)?(?P<c>(?:\{[^{}]*\}\s*)+)", part.strip(), re.IGNORECASE)
        if wm and will == "{0}" and not cards:
            will = wm.group("c")
            continue
        more = _more_cost(_capitalise(part.strip()), ctx) or _more_cost(part.strip(), ctx)
        if more is None or more[0] != "cards":
            raise _GapError(f"keyword: [Judgment] {rest}")
        cards.append(more[1])
    if not cards:
        raise _GapError(f"keyword: [Judgment] {rest}")
    if ctx.type != "ruler":
        raise _GapError("keyword: [Judgment] on a card that is not a ruler")
    j_id = ctx.card_id + "J"
    if ctx.ids is not None and j_id not in ctx.ids:
        raise _GapError(f"keyword: [Judgment] (the J-ruler side {j_id} is not in the database)")
    return {"judgment": {"cost": _will_cost(will, "keyword: [Judgment] cost"), "j_ruler": j_id, "cards": cards}}


def _judgment_less(tail: str, ctx: _Ctx, whole: str) -> list[JsonDict]:
    """ "If you control "Athos, the Three Musketeers", you pay {3} less to play this ability. So does
    "Aramis, the Three Musketeers" and "Porthos, the Three Musketeers".": one decrease of the
    section's own cost per card named, each while you control it (9.3 p2.5; "So does" repeats the
    sentence for each other name).  [] when the tail is no such text."""
    sentences = _split_sentences(tail.strip())
    first = re.fullmatch(
        r'if you control (?P<n>"[^"]+"), you pay \{(?P<c>\d+)\} less to play this ability\.?',
        sentences[0].strip() if sentences else "",
        re.IGNORECASE,
    )
    if first is None or len(sentences) > 2:
        return []
    names = [first.group("n")]
    if len(sentences) == 2:
        so = re.fullmatch(r'so does (?P<more>"[^"]+"(?:(?:,| and| or|, and) "[^"]+")*)\.?', sentences[1].strip(), re.I)
        if so is None:
            raise _GapError(f"keyword: [Judgment] {whole}")
        names += re.findall(r'"[^"]+"', so.group("more"))
    less = int(first.group("c"))
    return [
        {"of": "this_ability", "who": "you", "less": less, "condition": _condition(f"you control {name}", ctx)}
        for name in names
    ]


def _ability_limits(tail: str, ctx: _Ctx, whole: str) -> JsonDict:
    """ "You may pay {1} less to play this ability [if ...] [for each ...]" and "Play this
    ability only if <condition>" after a [Judgment] cost."""
    m = re.fullmatch(
        rf"you may pay (?P<c>(?:\{{[^{{}}]+\}})+) less to play this ability"
        rf"(?:,? if (?P<cond>{_CLAUSE})|,? for each (?P<per>.+?))?\.?",
        tail.strip(),
        re.IGNORECASE,
    )
    if m:
        reduction: JsonDict = {"cost": _will_cost(m.group("c"), "cost reduction")}
        if m.group("cond"):
            reduction["condition"] = _condition(m.group("cond"), ctx)
        if m.group("per"):
            reduction["per"] = _count(m.group("per"), ctx)
        return {"reduction": reduction}
    changes = _judgment_less(tail, ctx, whole)
    if changes:
        return {"cost_changes": changes}
    m = re.fullmatch(rf"play this ability only if (?P<cond>{_CLAUSE})\.?", tail.strip(), re.IGNORECASE)
    if m:
        return {"condition": _condition(m.group("cond"), ctx)}
    m = re.fullmatch(
        r"you cannot play this ability if you don't control (?P<a>an? [^.]+?) and (?P<b>an? [a-z]+) your opponent "
        r"controlled hasn't entered a graveyard this turn\.?",
        tail.strip(),
        re.IGNORECASE,
    )
    if m:  # "... if you don't control a Vampire resonator and a resonator your opponent controlled hasn't
        # entered a graveyard this turn": each negated clause is one thing the player needs (1.4 p1); "a
        # resonator your opponent controlled" entered the graveyard from their field (3.1 p5)
        both = [
            _condition(f"you control {m.group('a')}", ctx),
            _condition(f"{m.group('b')} was put into a graveyard from your opponent's field this turn", ctx),
        ]
        return {"condition": {"kind": "all_of", "conditions": both}}
    m = re.fullmatch(r"you cannot play this ability if you haven't put (?P<x>any .+?)\.?", tail.strip(), re.IGNORECASE)
    if m:  # "... if you haven't put any Moon into a field this turn": only if you have
        return {"condition": _condition(f"you put {m.group('x')}", ctx)}
    raise _GapError(f"keyword: [Judgment] {whole}")


def _status(text: str, ctx: _Ctx) -> JsonDict | None:
    """A [Trigger] or [Stealth] condition that is a state of the game, not an event ("Your
    life is 2000 or lower", "While you control a Moon"): the card is a status automatic object
    (FoW-5.5 9.6 p9); None when it is not a condition the vocabulary knows."""
    text = text.strip()
    if re.match(r"^(?:when|whenever|at|as)\b", text, re.IGNORECASE):
        return None  # an event, not a status
    text = re.sub(r"^(?:while|if)\s+", "", text, flags=re.IGNORECASE)
    m = re.fullmatch(
        rf"total number of all resonators and all magic stones is (?P<n>{NUM}|eleven|twelve)", text, re.IGNORECASE
    )
    if m:  # the resonators in every field and the magic stones in every magic stone area (3.7), exactly N
        both: JsonDict = {
            "zone": "field",
            "types": [],
            "any_of": [
                {"zone": "field", "types": ["resonator"]},
                {"zone": "stone_area", "types": ["magic_stone"]},
            ],
        }
        n = _number(m.group("n"))
        return {
            "kind": "all_of",
            "conditions": [
                {"kind": "controls", "filter": both, "at_least": n},
                {"kind": "controls", "filter": copy.deepcopy(both), "at_least": n + 1, "negate": True},
            ],
        }
    m = re.fullmatch(r"an? (?P<what>[a-z/ -]+?) (?P<who>you control|your opponent controls) is attacking", text, re.I)
    if m:  # "While a resonator your opponent controls is attacking": its battle, until it ends (8.2 p3, 8.6)
        try:
            attacker, players = _selector(m.group("what"), ctx, loose=True)
        except _GapError:
            return None
        if players or "controller" in attacker:
            return None
        attacker.update(controller="you" if m.group("who").lower() == "you control" else "opponent", attacking=True)
        return {"kind": "controls", "filter": attacker}
    try:
        return _condition(text, ctx)
    except _GapError:
        return None


def _standby_card_trigger(cond: str, body: str, ctx: _Ctx) -> Delta | None:
    """ "[Trigger] When a resonator you control is destroyed: ...": a [Trigger] condition naming another
    card (7.9 p2, 10.9), which the text after the colon refers to ("the destroyed resonator", 9.6 p7.2)."""
    moved = _card_move_trigger(f"{cond}, ", ctx)
    if moved is None or moved[0] not in STANDBY_CARD_TRIGGERS or moved[1].get("other_than_self"):
        return None
    trigger, flt, _ = moved
    if "resonator" in flt.get("types", ()):
        ctx = dataclasses.replace(ctx, subject="resonator")
    return {"trigger": trigger, "trigger_filter": flt, "effects": _effects(_capitalise(body), ctx)}


def _keyword(raw: str, text: str, ctx: _Ctx) -> Delta | None:
    """Keyword skills (FoW-5.5 12) and other bracketed keywords that shape the card."""
    tags = _tags_only(text)
    if tags is not None:
        return tags
    judgment = _judgment(text, ctx)
    if judgment is not None:
        return judgment
    m = re.fullmatch(r"\[Awakening\]\s*(?P<c>(?:\{[^{}]*\}\s*)+),\s*(?P<more>[^.:]+)\.?", text)
    if m:  # "[Awakening] {U}, discard a card." (12.1 p1): will and actions on other cards
        more = _more_cost(_capitalise(m.group("more").strip()), ctx) or _more_cost(m.group("more").strip(), ctx)
        if more is None or more[0] != "cards":
            raise _GapError(f"keyword: [Awakening] {m.group('more').strip()}")
        return {"awakening": {"cost": _will_cost(m.group("c"), "keyword: [Awakening] cost"), "cards": [more[1]]}}
    m = re.match(r"^\[Awakening\]\s*(?P<c>(?:\{[^{}]*\}\s*)+)(?::\s*|\.?\s*$|\s+(?=\[))(?P<body>.*)$", text)
    if m:
        will = re.sub(r"\s+", "", m.group("c"))
        x = will.endswith("{X}") and will.count("{X}") == 1 and ctx.type == "resonator"
        if x:  # "[Awakening] {X}: ...": X chosen as the card is played awakened (12.1 p1, 9.3 p2.5)
            will = will[: -len("{X}")] or "{0}"
            ctx = dataclasses.replace(ctx, x=True)
        cost = _will_cost(will, "keyword: [Awakening] cost")
        body = m.group("body").strip()
        if ctx.type == "resonator":
            ctx = dataclasses.replace(ctx, awakening=True)
        awakening: JsonDict = {"cost": cost, **({"x": True} if x else {})}
        instead = re.fullmatch(rf"if (?P<cond>{_CLAUSE}), (?P<b>[^.]+?) instead\.?", body, re.IGNORECASE)
        if instead and ctx.type == "spell":
            # "[Awakening] {M}{M}: If your J/Ruler is "X", put target resonator on the bottom of its
            # owner's main deck and draw a card instead.": what the spell does when awakened and the
            # condition holds on resolution (12.1, 9.3 p3), instead of its other text
            condition = _condition(instead.group("cond"), ctx)
            replaced = _effects(_capitalise(instead.group("b")), ctx)
            return {"awakening": awakening, "awakening_instead": {"condition": condition, "effects": replaced}}
        if ctx.type == "spell" and re.fullmatch(r"Players cannot chase (?:to )?this card\.?", body, re.IGNORECASE):
            awakening["cannot_be_chased"] = True  # a rule while it is in the chase area, awakened (10.7 p2)
        elif body:
            premonition = re.fullmatch(
                r"prevent the next damage that would be dealt to that resonator this turn\.\s*for each 100 damage"
                r" prevented this way, put an? \[(?P<c>\+\d+/\+\d+)\] counter on it\.?",
                body,
                re.IGNORECASE,
            )
            if premonition and ctx.type == "spell":  # "that resonator": the spell's target, chosen once (9.3 p2.4)
                prevent = {"op": "prevent_damage", "target": {"kind": "same"}, "next": True}
                awakening["effects"] = [{**prevent, "counter_per_100": premonition.group("c")}]
            elif ctx.type == "spell":
                awakening["effects"] = _effects(_capitalise(body), ctx)
            else:
                awakening["abilities"] = _ability(raw, body, ctx)
        return {"awakening": awakening}
    m = re.match(r"^\[Incarnation\]\s*(?P<body>.+?)\.?$", text)
    if m:
        groups: list[list[str]] = []
        for part in re.split(r"\s*,\s*", m.group("body")):
            alternatives = re.split(r"\s+or\s+", part)
            if len(alternatives) == 1:
                symbols = re.findall(r"[\[{]([WRUGB])[\]}]", part)
                if not symbols or re.sub(r"[\[{][WRUGB][\]}]", "", part).strip():
                    raise _GapError(f"keyword: [Incarnation] {m.group('body')}")
                groups += [[s] for s in symbols]
            else:
                attrs: list[str] = []
                for alt in alternatives:
                    am = re.fullmatch(r"[\[{]([WRUGB])[\]}]", alt.strip())
                    if not am:
                        raise _GapError(f"keyword: [Incarnation] {m.group('body')}")
                    attrs.append(am.group(1))
                groups.append(attrs)
        return {"incarnation": groups}
    m = re.match(r"^\[Stealth\]\s*(?P<cond>.+?)\.?$", text)
    if m:
        trigger = _PLAYER_TRIGGERS.get(m.group("cond").strip().lower())
        during = re.fullmatch(r"(?P<ev>when .+?) while (?P<st>.+)", m.group("cond").strip(), re.IGNORECASE)
        if trigger is None and during and during.group("ev").lower() in _PLAYER_TRIGGERS:
            # "When your opponent discards a card while you control a darkness magic stone": the
            # happening, and the state it needs then (12.5 p2)
            state = _status(during.group("st"), ctx)
            if state is not None:
                return {"stealth": _PLAYER_TRIGGERS[during.group("ev").lower()], "trigger_condition": state}
        if trigger is None:
            status = _status(m.group("cond"), ctx)
            if status is None:
                raise _GapError(f"keyword: [Stealth] {m.group('cond').strip()}")
            return {"stealth": "status", "trigger_condition": status}
        return {"stealth": trigger}
    m = re.match(r"^\[Evolution\]\s*(?P<c>(?:\{[^{}]*\}\s*)+)\.?$", text)
    if m:
        return {"evolution": _will_cost(m.group("c"), "keyword: [Evolution] cost")}
    m = re.match(r"^\[Evolution\]\s*(?P<c>(?:\{[^{}]*\}\s*)+),?\s*(?P<more>[^.]+)\.?$", text)
    if m:  # "[Evolution] {1} Discard a Beast."
        more = _more_cost(m.group("more").strip(), ctx)
        if more is None or more[0] != "cards":
            raise _GapError(f"keyword: [Evolution] {m.group('more').strip()}")
        return {"evolution": _will_cost(m.group("c"), "keyword: [Evolution] cost"), "evolution_cards": [more[1]]}
    m = re.match(r"^\[Shift\]\s*(?P<c>(?:\{[^{}]*\}\s*)+)\.?$", text)
    if m:
        other = ctx.card_id + "^"
        if ctx.ids is not None and other not in ctx.ids:
            raise _GapError(f"keyword: [Shift] (the other side {other} is not in the database)")
        return {"shift": _will_cost(m.group("c"), "keyword: [Shift] cost"), "other_side": other}
    m = re.match(r"^\[Trigger\]\s*(?P<cond>(?:[^:\[]|\[[^\]]*\])+?)\s*:\s*(?P<body>.+)$", text)
    if m:
        if ctx.type != "spell" or ctx.subtype != "chant_standby":
            raise _GapError("keyword: [Trigger] on a card that is not a chant-standby")
        cond = m.group("cond").strip().lower()
        when = _TRIGGERS_WITH_CONDITION.get(cond)
        if when is not None:  # a happening that needs a state (7.9 p2)
            effects = _effects(_capitalise(m.group("body")), ctx)
            return {"trigger": when[0], "trigger_condition": dict(when[1]), "effects": effects}
        trigger = "anytime" if cond == "anytime" else _PLAYER_TRIGGERS.get(cond)
        status = None if trigger is not None else _status(m.group("cond"), ctx)
        card_trigger = _standby_card_trigger(m.group("cond").strip(), m.group("body"), ctx)
        if trigger is None and status is None and card_trigger is not None:
            return card_trigger
        if trigger is None and status is None:
            raise _GapError(f"keyword: [Trigger] {m.group('cond').strip()}")
        effects = _effects(_capitalise(m.group("body")), ctx)
        if status is not None:
            return {"trigger": "status", "trigger_condition": status, "effects": effects}
        return {"trigger": trigger, "effects": effects}
    m = re.match(r"^\[Break\]\s*:?\s*(?P<body>.+)$", text)
    if m:
        return {"abilities": [{"kind": "break", "text": raw, "effects": _effects(_capitalise(m.group("body")), ctx)}]}
    m = _GODS_ART.match(text)
    if m:
        name = (m.group("a") or m.group("b") or m.group("c") or "").strip().strip('"')
        split = _split_cost(m.group("body"))
        if not name or split is None:
            raise _GapError(f"keyword: God's Art {m.group('body')}")
        cost_text, body = split
        tail = re.search(
            r"\s*Play God's Art\s*(?:<([^>]+)>|\[([^\]]+)\]|\"([^\"]+)\")\s*only once per game\.?$", body, re.IGNORECASE
        )
        if tail:
            if (tail.group(1) or tail.group(2) or tail.group(3) or "").strip().strip('"') != name:
                raise _GapError(f"keyword: God's Art {body}")
            body = body[: tail.start()]
        ability = {
            "kind": "activate",
            "text": raw,
            "name": name,
            "gods_art": True,
            "cost": {"will": _will_cost(cost_text, "keyword: God's Art cost")},
            "effects": _effects(_capitalise(body), ctx),
        }
        return {"abilities": [ability]}
    m = re.match(r"^\[(?P<tag>[^\]]+)\]", text)
    if m and m.group("tag").lower() not in ("activate", "continuous", "enter"):
        raise _GapError(f"keyword: [{m.group('tag')}]")
    return None


def _paragraph(raw: str, ctx: _Ctx) -> Delta | None:
    """What one paragraph contributes to the card; None for a paragraph of reminder text only."""
    text = _clean(raw)
    if not text:
        return None
    keyword = _keyword(raw, text, ctx)
    if keyword is not None:
        return keyword
    graveyard = _graveyard_activate(raw, text, ctx)
    if graveyard is not None:
        return {"abilities": [graveyard]}
    if ctx.type == "spell":
        extra = re.fullmatch(r"As an additional cost to play this card,\s*(?P<c>[^.]+)\.?", text, re.IGNORECASE)
        if extra:  # actions on other cards paid as the spell is played (9.3 p2.5)
            more = _more_cost(extra.group("c").strip(), ctx)
            if more is None or more[0] != "cards":
                raise _GapError(f"cost: {extra.group('c').strip()} (an additional cost)")
            return {"play_cards": [more[1]]}
        put = re.fullmatch(
            r"\[Continuous\]:?\s*When you put an? (?P<w>Treasury Item) into a field, "
            r"(?P<e>put this card from your graveyard into your hand)\.?",
            text,
            re.IGNORECASE,
        )
        if put:  # works in the graveyard (9.2 p2): the card entering your field is one you put there
            entered = {"zone": "field", "types": [], "controller": "you", "races": [put.group("w")]}
            effects = _effects(_capitalise(put.group("e")), dataclasses.replace(ctx, in_graveyard=True))
            ability: JsonDict = {"kind": "automatic", "text": raw, "trigger": "card_enters_field"}
            return {"abilities": [{**ability, "trigger_filter": entered, "from_graveyard": True, "effects": effects}]}
        if _DELAYED_ON_TARGET.match(text):  # a delayed ability the spell makes (9.6 p8), not a trigger of its own
            return {"effects": _effects(text, ctx)}
        if re.match(r"^\[(?:Continuous|Activate|Enter)\]", text) or _TRIGGER_START.match(text):
            m = re.match(r"^(\[[^\]]+\]|[^,:]+)", text)
            raise _GapError(f"trigger: {(m.group(1) if m else text).strip()} (on a spell)")
        reduction = _cost_reduction(text, ctx)
        if reduction is not None:
            return reduction
        unchased = re.search(r"\s*Players cannot chase (?:to )?this card\.?$", text, re.IGNORECASE)
        if unchased and text[: unchased.start()].strip():  # a rule for while it is in the chase area (10.7 p2)
            return {"effects": _effects(text[: unchased.start()], ctx, modes_ok=True), "cannot_be_chased": True}
        return {"effects": _effects(text, ctx, modes_ok=True)}
    reduction = _cost_reduction(text, ctx)
    if reduction is not None:
        return reduction
    if re.fullmatch(r"You may play this card from the removed area\.?", text, re.IGNORECASE):
        return {"playable_from_removed": True}  # the text beats "from the hand only" (7.1 p2, 1.4 p1)
    if re.fullmatch(r"You may have any number of copies of this card in your main deck\.?", text, re.IGNORECASE):
        return {"any_number_in_main_deck": True}  # deck construction: the text beats 4.1 p5 (1.4 p1)
    if ctx.type == "ruler" and re.match(r"you may pay \S+ less to play this ability\b", text, re.IGNORECASE):
        # a paragraph of its own after "[Judgment] <cost>": the judgment's reduction (9.3 p2.5)
        return {"judgment_limits": _ability_limits(text, ctx, text)}
    return {"abilities": _ability(raw, text, ctx)}


_SCALARS = (
    "awakening",
    "incarnation",
    "judgment",
    "trigger",
    "stealth",
    "trigger_condition",
    "evolution",
    "evolution_cards",
    "play_cards",
    "shift",
    "other_side",
    "cost_reduction",
)


def _merge(build: JsonDict, delta: Delta) -> None:
    if "judgment" in delta and "judgment" in build:  # another [J-Activate] section (7.5 p2)
        delta = dict(delta)
        option = {k: v for k, v in delta.pop("judgment").items() if k != "j_ruler"}
        build["judgment"].setdefault("alternatives", []).append(option)
    for key in _SCALARS:
        if key in delta and key in build:
            raise _GapError(f"keyword: a second {key}")
    for key, value in delta.items():
        if key == "judgment_limits":  # "You may pay {1} less to play this ability ..." after [Judgment]
            if "judgment" not in build or set(value) & set(build["judgment"]):
                raise _GapError(f"keyword: [Judgment] limits without a [Judgment] before them: {value}")
            build["judgment"].update(value)
        elif key == "awakening_instead":
            base = build.get("effects", [])
            replaced = value["effects"]
            chosen = [e["target"] for e in base + replaced if _chooses(e)]
            if (
                not base
                or any(_pauses(e) for e in base + replaced)
                or chosen[: len(chosen) // 2] != chosen[len(chosen) // 2 :]
            ):
                raise _GapError('effect: what an [Awakening] "instead" replaces is not clear')
            awakened = {"kind": "all_of", "conditions": [{"kind": "awakened"}, value["condition"]]}
            if_: JsonDict = {"op": "if", "condition": awakened, "effects": replaced, "otherwise": base}
            build["effects"] = [{**if_, **({"same_targets": True} if chosen else {})}]
        elif key in ("skills", "abilities", "effects"):
            build.setdefault(key, [])
            build[key] += [v for v in value if not (key == "skills" and v in build[key])]
        else:
            build[key] = value


# --------------------------------------------------------------------------------------
# characteristics

_MAIN_TYPES: dict[str, tuple[str, str | None]] = {
    "resonator": ("resonator", None),
    "resonator (shift)": ("resonator", None),  # "(Shift)" is a reminder (FoW-5.5 14.3 p3.4)
    "chant": ("spell", "chant"),
    "spell:chant": ("spell", "chant"),
    "spell:chant-instant": ("spell", "chant_instant"),
    "chant-instant": ("spell", "chant_instant"),
    "spell:chant-standby": ("spell", "chant_standby"),
    "chant-standby": ("spell", "chant_standby"),
    "addition:field": ("addition", "field"),
    "addition:resonator": ("addition", "resonator"),
    "addition:j/resonator": ("addition", "j_resonator"),
    "addition:ruler": ("addition", "ruler"),
    "addition:j-ruler": ("addition", "j_ruler"),
    "addition:j/ruler": ("addition", "j_ruler_or_ruler"),
    "regalia": ("regalia", None),
    "regalia (shift)": ("regalia", None),
    "ruler": ("ruler", None),
    "j-ruler": ("j_ruler", None),
    "magic stone": ("magic_stone", None),
    "special magic stone": ("magic_stone", None),
}
_STONE_TYPES = {
    "light magic stone",
    "fire magic stone",
    "water magic stone",
    "wind magic stone",
    "darkness magic stone",
}
_UNMAPPED_WITH_NOTE = {
    "resonator (stranger)": ("resonator", None),
    "basic ruler": ("ruler", None),
    "basic j-ruler": ("j_ruler", None),
}


def _types(raw_types: list[str], name: str, text: str) -> tuple[str, str | None, bool, list[str], list[str], list[str]]:
    """(type, subtype, special, unsupported remarks, notes, magic stone types) from the type line."""
    entries: list[str] = []
    for t in raw_types:
        entries += [p.strip() for p in t.split("/") if p.strip()] if "Rune" in t else [t.strip()]
    normalised = [re.sub(r"\s*:\s*", ":", re.sub(r"\s+", " ", t)).lower() for t in entries]
    mains: list[tuple[str, str | None]] = []
    remarks: list[str] = []
    notes: list[str] = []
    stone_types: list[str] = []
    plain_addition = False
    special = False
    basic_stone = False
    for original, t in zip(entries, normalised, strict=True):
        if t in _MAIN_TYPES:
            mains.append(_MAIN_TYPES[t])
            special = special or t == "special magic stone"
        elif t in _UNMAPPED_WITH_NOTE:
            mains.append(_UNMAPPED_WITH_NOTE[t])
            remarks.append(f"type: {original} - not in the vocabulary")
        elif t == "addition":
            plain_addition = True
        elif t in _STONE_TYPES or t == "true magic stone":
            stone_types.append(original)
        elif t == "basic magic stone":
            basic_stone = True
        else:
            remarks.append(f"type: {original} - not in the vocabulary")
    if plain_addition and not any(m[0] == "addition" for m in mains):
        if re.search(r"\badded\b|\[Addition:", text, re.IGNORECASE):
            raise _NoCardError(
                " ".join(raw_types), "type: Addition without a subtype, and the text refers to what it is added to"
            )
        mains.append(("addition", "field"))
        notes.append(
            "type 'Addition' without a subtype read as Addition:Field (its text never refers to an added card)"
        )
    unique = list(dict.fromkeys(mains))
    if len({m[0] for m in unique}) != 1:
        raise _NoCardError(" / ".join(raw_types), "type: no single card type the vocabulary can express")
    if len(unique) > 1:
        raise _NoCardError(" / ".join(raw_types), "type: conflicting subtypes")
    card_type, subtype = unique[0]
    if card_type == "magic_stone":
        if special and basic_stone:
            raise _NoCardError(" / ".join(raw_types), "type: both special and basic magic stone")
    elif stone_types:
        remarks.append(f"type: {' / '.join(stone_types)} - magic stone types on a {card_type}")
        stone_types = []
    return card_type, subtype, special, remarks, notes, [_title(s) for s in stone_types]


def _title(stone_type: str) -> str:
    """``water magic stone`` / ``Water Magic Stone`` -> ``Water Magic Stone``."""
    return " ".join(w[:1].upper() + w[1:].lower() for w in stone_type.split())


_SELF_SIZED = re.compile(
    r"\bthis card gains \[\+\d+/\+\d+\] for each\b"
    r"|\bthis card enters (?:your|the) field with (?:\w+ )?\[\+100/\+100\] counters\b"
    r"|\bthis card enters (?:your|the) field as a copy of\b",
    re.IGNORECASE,
)


_ATK_DEFINED = re.compile(r"\bthis card's ATK is equal to (?:the )?total ATK of\b", re.IGNORECASE)


def _stat(
    value: Any, label: str, card_type: str, other_blank: bool, self_sized: bool = False, self_sized_text: str = ""
) -> tuple[int | None, str | None, str | None]:
    """(value, unsupported remark, note) for ATK/DEF.  A resonator with both ATK and DEF blank is
    read as [0/0] only when its own text gives it its size ("This card gains [+200/+200] for each
    ...", "This card enters your field with five [+100/+100] counters", "... enters your field as
    a copy of ..."): such cards are printed [0/0]; other printings with both blank may not be 0."""
    if isinstance(value, int):
        return value, None, None
    text = "" if value is None else str(value).strip()
    if re.fullmatch(r"-?\d+", text):
        return int(text), None, None
    if text:
        return None, f"{label}: {text} - not a number", None
    if card_type == "resonator":
        if other_blank and self_sized:
            return 0, None, f"{label} blank in the source, read as 0 (its text sizes the card: printed [0/0])"
        if other_blank:
            return (
                0,
                f"{label}: blank in the source - read as 0, but some printings with a blank ATK and DEF are not 0",
                None,
            )
        return 0, None, f"{label} blank in the source, read as 0 (the source leaves zero values blank)"
    if card_type == "j_ruler" and label == "ATK" and _ATK_DEFINED.search(self_sized_text):
        # "This card's ATK is equal to total ATK of ...": the ability gives it its ATK, from a base of 0
        return 0, None, f"{label} blank in the source, read as 0 (its text gives the card its ATK)"
    if card_type == "j_ruler":
        return None, None, f"{label} blank in the source: no {label} (FoW-5.5 2.6 p1.1)"
    return None, None, None


def _colours(colours: list[str]) -> list[str]:
    attrs: list[str] = []
    for c in colours:
        c = c.strip().upper()
        if c == "V":
            continue
        if c not in ("W", "R", "U", "G", "B"):
            raise _GapError(f"colour: {c} - unknown attribute")
        if c not in attrs:
            attrs.append(c)
    return sorted(attrs, key="WRUGB".index)


# --------------------------------------------------------------------------------------
# the importer


def import_card(
    raw: Mapping[str, Any], *, races: Collection[str] = (), ids: Collection[str] | None = None
) -> ImportedCard:
    """Import one raw record.

    ``races`` are the races/traits known to the database (a capitalised word in a target
    phrase is read as a race only when it is one of them or of this card's own); ``ids``
    are the ids of every record being imported, used to check that a [Judgment] J-ruler
    side (``<id>J``) or a [Shift] other side (``<id>^``) exists.  Raises
    :class:`RawCardError` when ``raw`` is not shaped like a card record.
    """
    problems = check_raw(raw)
    if problems:
        card_id = raw.get("id", "<no id>") if isinstance(raw, Mapping) else "<not an object>"
        raise RawCardError(f"card {card_id}: {'; '.join(problems)}")
    card_id = str(raw["id"]).strip()
    name = str(raw["name"]).strip()
    meta = {
        "set_code": str(raw.get("set_code", "")),
        "set_name": str(raw.get("set_name", "")),
        "cluster": str(raw.get("cluster", "")),
    }
    abilities = [str(a) for a in raw["abilities"]]
    paragraphs = _paragraphs(abilities)
    text = "\n".join(a.strip() for a in abilities if a.strip())
    try:
        card_type, subtype, special, remarks, notes, stone_types = _types(list(raw["type"]), name, text)
    except _NoCardError as exc:
        return _no_card(card_id, name, paragraphs, f"type: {exc.value} - {exc.reason.removeprefix('type: ')}", meta)

    unsupported: list[str] = []
    gaps: list[str] = []

    def flag(remark: str) -> None:
        unsupported.append(remark)
        gaps.append(_remark_gap(remark))

    for remark in remarks:
        flag(remark)
    build: JsonDict = {"id": card_id, "name": name, "type": card_type}
    if subtype:
        build["subtype"] = subtype
    if special:
        build["special"] = True
    if stone_types:
        build["stone_types"] = stone_types
    try:
        build["attributes"] = _colours(list(raw["colour"]))
    except _GapError as gap:
        flag(f"colour: {'/'.join(raw['colour'])} - {gap.reason}")
    build["races"] = [r.strip() for r in raw["race"] if r.strip()]
    raw_cost = raw.get("cost") or ""
    cost, cost_remark = _card_cost(raw_cost)
    if card_type in ("resonator", "addition", "spell", "regalia"):
        if cost is None:
            reason = cost_remark or f"cost: {raw_cost or '(blank)'} - missing in the source"
            return _no_card(card_id, name, paragraphs, reason, meta)
        build["cost"] = cost
        if cost_remark:
            flag(cost_remark)
    elif raw_cost.strip():
        flag(f"cost: {raw_cost} - a {card_type} has no cost in the vocabulary")
    blank = {label: str(raw.get(label) if raw.get(label) is not None else "").strip() == "" for label in ("ATK", "DEF")}
    for label, key, other in (("ATK", "atk", "DEF"), ("DEF", "def", "ATK")):
        if card_type in ("resonator", "j_ruler"):
            sized = bool(_SELF_SIZED.search(text))
            value, stat_remark, note = _stat(raw.get(label), label, card_type, blank[other], sized, text)
            if value is not None:
                build[key] = value
            if stat_remark:
                flag(stat_remark)
            if note:
                notes.append(note)
        elif str(raw.get(label) or "").strip() not in ("", "0"):
            flag(f"{label}: {raw.get(label)} - a {card_type} has no {label} in the vocabulary")
    divinity = str(raw.get("divinity") or "").strip()
    if divinity:
        flag(f"divinity: {divinity} - Divinity is not in the vocabulary")

    known = races if isinstance(races, frozenset) else frozenset(races)
    own_races = known if known.issuperset(build["races"]) else known | frozenset(build["races"])
    known_ids = ids if isinstance(ids, frozenset) or ids is None else frozenset(ids)
    ctx = _Ctx(card_id, card_type, subtype, own_races, known_ids)
    expressed = 0
    ability_paragraphs = 0
    for paragraph in paragraphs:
        try:
            delta = _paragraph(paragraph, ctx)
            if delta is None:
                continue  # reminder text only (FoW-5.5 2.4 p3)
            ability_paragraphs += 1
            _merge(build, delta)
            expressed += 1
        except _GapError as gap:
            ability_paragraphs += 1
            unsupported.append(paragraph)
            gaps.append(_sentence_gap(gap.reason, _clean(paragraph)))
    if card_type == "spell" and subtype == "chant_standby" and "trigger" not in build:
        return _no_card(card_id, name, paragraphs, "", meta, unsupported, gaps)
    build["text"] = text
    build["unsupported"] = list(unsupported)
    try:
        card = parse_card(build)
    except CardDataError as exc:  # a combination the vocabulary rejects: keep the text, drop the card
        return _no_card(card_id, name, paragraphs, f"card: {exc}", meta, unsupported, gaps)
    status: Status
    if not unsupported:
        status = "full"
    elif ability_paragraphs and not expressed:
        status = "none"
    else:
        status = "partial"
    return ImportedCard(
        card_id, name, card, status, tuple(unsupported), tuple(gaps), tuple(dict.fromkeys(notes)), **meta
    )


def _remark_gap(remark: str) -> str:
    """``cost: {R}{X} - {X} is not expressible`` -> ``cost: {X} is not expressible``."""
    head, sep, reason = remark.partition(" - ")
    if not sep:
        return remark
    return f"{head.split(':')[0]}: {reason}"


def _no_card(
    card_id: str,
    name: str,
    paragraphs: list[str],
    reason: str,
    meta: Mapping[str, str],
    unsupported: list[str] | None = None,
    gaps: list[str] | None = None,
) -> ImportedCard:
    """A record that cannot become a Card: everything about it is unsupported."""
    if unsupported is None or gaps is None:
        unsupported, gaps = [], []
        for paragraph in paragraphs:
            if _clean(paragraph):
                unsupported.append(paragraph)
                gaps.append("card: the record cannot become a Card (see its first entry)")
    if reason:
        unsupported = [reason, *unsupported]
        gaps = [_remark_gap(reason), *gaps]
    return ImportedCard(
        card_id,
        name,
        None,
        "none",
        tuple(unsupported),
        tuple(gaps),
        (),
        set_code=meta.get("set_code", ""),
        set_name=meta.get("set_name", ""),
        cluster=meta.get("cluster", ""),
    )


def import_cards(raws: Iterable[Mapping[str, Any]]) -> ImportResult:
    """Import every record; races and ids are collected from all of them first, so
    [Judgment] and [Shift] can be paired with their other side.  A record whose id was
    already seen is not imported again (``card=None``, status ``none``)."""
    records = list(raws)
    ids: set[str] = set()
    races: set[str] = set()
    for raw in records:
        if isinstance(raw, Mapping):
            if isinstance(raw.get("id"), str):
                ids.add(raw["id"].strip())
            if isinstance(raw.get("race"), list):
                races.update(r.strip() for r in raw["race"] if isinstance(r, str) and r.strip())
    known_races, known_ids = frozenset(races), frozenset(ids)
    seen: set[str] = set()
    out: list[ImportedCard] = []
    for raw in records:
        imported = import_card(raw, races=known_races, ids=known_ids)
        if imported.id in seen:
            imported = _no_card(
                imported.id,
                imported.name,
                [],
                f"id: {imported.id} - duplicate id, only the first record is imported",
                {"set_code": imported.set_code, "set_name": imported.set_name, "cluster": imported.cluster},
            )
        seen.add(imported.id)
        out.append(imported)
    return ImportResult(tuple(out))


# --------------------------------------------------------------------------------------
# patterns for the coverage report


def unsupported_pattern(text: str) -> str:
    """A normalised form of an unsupported text, to count recurring patterns: reminder
    text removed, quoted names -> "NAME", numbers -> N, attribute will symbols -> {A}."""
    out = _clean(text.split("\n")[0] if text.startswith(("type:", "cost:")) else text.replace("\n", " "))
    out = re.sub(r'"[^"]*"', '"NAME"', out)
    out = re.sub(r"<[^<>]*>", "<NAME>", out)
    out = re.sub(r"\{[WRUGB]\}", "{A}", out)
    out = re.sub(r"\d+", "N", out)
    return out
