"""Import records of the official Godzilla Card Game card list into the GCG card format.

Pure: no file I/O (``service/card_import.py`` reads the files).  One record::

    {"card_number": "EBP01-002", "name": "...", "type": "Monster", "rank": "2",
     "colors": ["red"], "traits": ["Godzilla"], "invasion_icon_value": 1,
     "threat_level": "13000", "counter_power": "1000", "burst": null,
     "description": "<When Invading> Increase this card's <Rage> by 1."}

becomes a :class:`~domain.gcg.cards.Card` validated with :func:`~domain.gcg.cards.parse_card`.

The importer is strict, like the Force of Will one (:mod:`domain.fow.importer`).  Each
ability paragraph of ``description`` is either expressed completely with the vocabulary of
:mod:`domain.gcg.cards`, or kept verbatim in ``Card.unsupported`` with the *first* thing the
grammar could not express (its gap); a paragraph is never expressed in part and nothing is
guessed:

* reminder text in parentheses is not an ability (GCG-1.00 2.9.2) and is ignored;
* keywords are read as the rules define them: ``<Enter>`` (11.2), ``<When Invading>``
  (11.3), ``<AwakeningN>`` (11.4), ``<BurstN>`` (11.5), ``<EvolutionN><《Trait》>`` (11.6),
  ``<Destroy>`` (the destroy icon, 5.12.2) and ``<Rage>`` (the rage icon, 3.4.6); a keyword
  GCG-1.00 does not define (``<Your Turn>``, ``<Opponent's Turn>``, ``<Step2>``...) makes
  its paragraph unsupported (``keyword: <Step2> is not defined in GCG-1.00``);
* traits are written ``<《Name》>`` (2.5.3); quoted card names (2.1.3) are not read;
* a paragraph is recognised only when all of its sentences match the grammar below.

Characteristics the card format lacks are recorded as ``<field>: <value> - <reason>`` in
``unsupported`` (a colour other than red, blue and white, 2.4.3; several colours; a
threat level or counter power that is not a number).  A record that cannot become a valid
``Card`` at all (an unknown type, a missing rank) gets ``card=None`` and status ``none``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from domain.gcg.cards import Card, parse_card
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
    """A record is not shaped like a record of the official card list."""


@dataclass(frozen=True, slots=True)
class ImportedCard:
    id: str
    name: str
    card: Card | None
    status: Status
    """``full``: every paragraph and characteristic expressed; ``none``: no card, or no
    paragraph expressed; ``partial``: in between."""
    unsupported: tuple[str, ...]
    gaps: tuple[str, ...]
    """One per ``unsupported`` entry: the first thing the vocabulary or grammar lacks."""
    notes: tuple[str, ...] = ()
    set_code: str = ""


@dataclass(frozen=True, slots=True)
class ImportResult:
    cards: tuple[ImportedCard, ...]

    def count(self, status: Status) -> int:
        return sum(1 for c in self.cards if c.status == status)

    def catalog(self) -> list[JsonDict]:
        """Card definitions loadable with :func:`domain.gcg.cards.parse_catalog`."""
        return [c.card.model_dump(mode="json", exclude_unset=True) for c in self.cards if c.card]

    def by_id(self) -> dict[str, ImportedCard]:
        return {c.id: c for c in self.cards}


class _GapError(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# --------------------------------------------------------------------------------------
# the record


def check_raw(raw: Any) -> list[str]:
    """What makes ``raw`` not a record of the card list at all (empty when it is one): an
    object with a ``card_number``.  Any other odd value is the card's own problem: it is
    reported on that card (status ``none``), so one record cannot stop a whole import."""
    if not isinstance(raw, Mapping):
        return ["a card record must be an object"]
    number = raw.get("card_number")
    if not isinstance(number, str) or not number.strip():
        return ["'card_number' must be a non-empty string"]
    return []


def _strings(value: Any) -> list[str] | None:
    """A list of strings, a single string as a list of one, ``null`` as none; else None."""
    if value is None:
        return []
    if isinstance(value, str):
        return [value] if value.strip() else []
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return [v for v in value if v.strip()]
    return None


_TYPES = {"monster": "monster", "battle": "battle", "strategy": "strategy"}
_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4}
_COLORS = ("red", "blue", "white")
_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _int(value: Any) -> int | None:
    """``13000``, ``"13000"``, ``"13,000"``; None for anything else ("X", "-", "")."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and re.fullmatch(r"\d{1,3}(?:,\d{3})+|\d+", value.strip()):
        return int(value.strip().replace(",", ""))
    return None


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and value.strip() in ("", "-"))


def _rank(word: str) -> int:
    """A rank written in Arabic or (a monster's, 2.3.2.1) Roman numerals."""
    return _ROMAN.get(word.upper()) or int(word)


def _number(word: str) -> int:
    w = word.lower().replace(",", "")
    return _WORDS[w] if w in _WORDS else int(w)


# --------------------------------------------------------------------------------------
# text


def _clean(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    text = text.replace("【", "<").replace("】", ">").replace("\uff1a", ":").replace("\u3000", " ")
    text = text.replace("\uff1c", "<").replace("\uff1e", ">").replace("\uff08", "(").replace("\uff09", ")")
    text = re.sub(r"<\s+", "<", re.sub(r"\s+>", ">", text))
    return re.sub(r"[ \t]+", " ", text).strip()


def _strip_reminders(text: str) -> str:
    """Reminder text (2.9.2): a parenthesised span after a space or at the start, outside
    quotes (a name such as "Godzilla(1999)" keeps its parentheses)."""
    out, depth, quoted, i = [], 0, False, 0
    while i < len(text):
        ch = text[i]
        if ch == '"' and depth == 0:
            quoted = not quoted
        if ch == "(" and not quoted and (depth > 0 or i == 0 or text[i - 1] in " .>"):
            depth += 1
        elif ch == ")" and depth > 0:
            depth -= 1
        elif depth == 0:
            out.append(ch)
        i += 1
    return re.sub(r"\s+", " ", "".join(out)).strip()


_PARA_START = r"(?=<(?:Enter|When Invading|Awakening ?\d|Burst ?\d|Evolution ?\d|Your Turn|Opponent's Turn|Step ?\d)>)"


def _paragraphs(description: str) -> list[str]:
    """Paragraphs: the lines of the text, and a line split where a keyword that starts an
    ability follows the end of a sentence."""
    out: list[str] = []
    description = re.sub(r"<br\s*/?>", "\n", description, flags=re.I)
    for line in description.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        line = _clean(line).replace("\u2022", "\u30fb")
        if not line:
            continue
        if line.startswith("\u30fb") and out:  # an option of "do N from the below" (9.5.2.2.1)
            out[-1] += " " + line
            continue
        line = re.sub(r"^(<Burst ?\d>)\s+(?=\S)", r"\1\n", line, flags=re.I)  # <BurstN> stands alone
        for part in line.split("\n"):
            out += [p.strip() for p in re.split(r"(?<=[.!\"])\s+" + _PARA_START, part) if p.strip()]
    return out


def _sentences(text: str) -> list[str]:
    parts, buf, quoted = [], "", False
    for ch in text:
        buf += ch
        if ch == '"':
            quoted = not quoted
        if ch == "." and not quoted:
            parts.append(buf.strip())
            buf = ""
    if buf.strip():
        parts.append(buf.strip())
    return [p.rstrip(".").strip() for p in parts if p.rstrip(".").strip()]


def unsupported_pattern(text: str) -> str:
    """A text with its numbers, traits and names abstracted, to count similar texts."""
    text = re.sub(r"<《[^》]*》>", "<《TRAIT》>", text)
    text = re.sub(r'"[^"]*"', "NAME", text)
    return re.sub(r"\d+(?:,\d{3})*", "N", text)


# --------------------------------------------------------------------------------------
# phrases


@dataclass
class _Ctx:
    type: str
    card_traits: list[str] = field(default_factory=list)


_N = r"(\d+|a|an|one|two|three|four|five|six)"
_TRAIT = r"<《([^》]+)》>"


def _card_desc(text: str, *, area: str = "field") -> JsonDict:
    """``[rank N or lower] [colour] [<《Trait》>] battle card(s)`` as a filter, or a gap."""
    flt: JsonDict = {"area": area}
    rest = text.strip()
    m = re.match(r"rank (\d+|IV|I{1,3}) or (lower|less|higher|greater|more) ", rest, re.I)
    if m:
        flt["max_rank" if m.group(2).lower() in ("lower", "less") else "min_rank"] = _rank(m.group(1))
        rest = rest[m.end() :]
    else:
        m = re.match(r"rank (\d+|IV|I{1,3}) ", rest, re.I)
        if m:
            flt["max_rank"] = flt["min_rank"] = _rank(m.group(1))
            rest = rest[m.end() :]
    colors = []
    while m := re.match(r"(red|blue|white|green|black|yellow|purple)(?: or | and |, | )", rest, re.I):
        colors.append(m.group(1).lower())
        rest = rest[m.end() :]
    if any(c not in _COLORS for c in colors):
        raise _GapError(f"target: the colour {'/'.join(colors)} (GCG-1.00 2.4.3 knows red, blue and white)")
    if colors:
        flt["colors"] = colors
    traits = []
    while m := re.match(_TRAIT + r"(?: or | )?", rest):
        traits.append(m.group(1).strip())
        rest = rest[m.end() :]
    if traits:
        flt["traits"] = traits
    m = re.fullmatch(r"(?:(battle|strategy|monster) )?cards?", rest.strip(), re.I)
    if not m:
        raise _GapError(f"target: {text.strip()!r}")
    if m.group(1):
        flt["types"] = [m.group(1).lower()]
    return flt


def _location(text: str, flt: JsonDict) -> str:
    """Positional suffixes of a target phrase (4.4.5): strip them into ``flt``."""
    while True:
        m = re.search(
            r" (in the same column as your monster card|adjacent to your monster card"
            r"|in zones? (\d)(?:-|\u2013| to )(\d)"
            r"|in zone (\d)(?: or (higher|greater|lower|less))?)$",
            text,
            re.I,
        )
        if not m:
            return text
        phrase = m.group(1).lower()
        if phrase.startswith("in the same column"):
            flt["same_column"] = True  # 4.4.5.4
        elif phrase.startswith("adjacent"):
            flt["adjacent"] = True  # 4.4.5.2
        elif m.group(2):
            flt["min_zone"], flt["max_zone"] = int(m.group(2)), int(m.group(3))
        else:
            n, side = int(m.group(4)), (m.group(5) or "").lower()
            if side in ("higher", "greater"):
                flt["min_zone"] = n
            elif side:
                flt["max_zone"] = n
            else:
                flt["min_zone"] = flt["max_zone"] = n
        text = text[: m.start()]


def _owner(text: str) -> tuple[str, str]:
    m = re.match(r"(your opponent's|your) ", text, re.I)
    if not m:
        return "any", text
    return ("opponent" if "opponent" in m.group(1).lower() else "you"), text[m.end() :]


def _target(text: str) -> JsonDict:
    """``N of your opponent's rank N or lower battle cards [position]``, ``up to N ...``,
    ``all ...``; also ``all battle cards in your opponent's zones``."""
    t = text.strip()
    m = re.match(r"(all|up to " + _N + r"|" + _N + r")(?: of)? ", t, re.I)
    if not m:
        raise _GapError(f"target: {t!r}")
    quantity, rest = m.group(1).lower(), t[m.end() :]
    flt: JsonDict = {}
    rest = _location(rest, flt)
    m_zones = re.fullmatch(r"(.+?) in (your opponent's|your) (zones|strategy zones)", rest, re.I)
    if m_zones:
        controller = "opponent" if "opponent" in m_zones.group(2).lower() else "you"
        desc = m_zones.group(1)
        area = "strategy" if m_zones.group(3).lower().startswith("strategy") else "field"
    else:
        controller, desc = _owner(rest)
        area = "field"
    desc_flt = _card_desc(desc, area=area)
    if area == "field" and desc_flt.get("types") not in (["battle"], ["strategy"]):
        raise _GapError(f"target: {t!r} (only battle and strategy cards are destroyed or chosen here)")
    if desc_flt.get("types") == ["strategy"]:
        desc_flt["area"] = "strategy"
        if flt:
            raise _GapError(f"target: a strategy card by position {t!r}")
    flt = {**desc_flt, **flt, "controller": controller}
    if quantity == "all":
        return {"kind": "all", "filter": flt}
    up_to = quantity.startswith("up to")
    count = _number(quantity.split()[-1])
    return {"kind": "chosen", "filter": flt, "count": count, "up_to": up_to}


def _subject(text: str, ctx: _Ctx) -> tuple[JsonDict, str]:
    """Who a modifier applies to, and which value it can change (threat / counter)."""
    t = text.strip().lower()
    if t == "this card":
        if ctx.type == "monster":
            return {"kind": "self"}, "threat"
        if ctx.type == "battle":
            return {"kind": "self"}, "counter"
        raise _GapError("target: 'this card' of a strategy card has no threat level or counter power")
    if t in ("your monster card", "your invading monster"):
        return {"kind": "your_monster"}, "threat"
    if t in ("your opponent's monster card", "your opponent's invading monster"):
        return {"kind": "opponent_monster"}, "threat"
    m = re.fullmatch(r"(?:all (?:of )?)?(your opponent's|your) (other )?(.+)", text.strip(), re.I)
    if m and not re.match(r"\d|up to", m.group(3)):
        where: JsonDict = {}
        desc = _location(m.group(3), where)
        flt = _card_desc(desc)
        if flt.get("types") != ["battle"]:
            raise _GapError(f"target: {text.strip()!r}")
        one_zone = where.get("min_zone") is not None and where.get("min_zone") == where.get("max_zone")
        if not desc.lower().endswith("cards") and not one_zone:  # "your battle card": which one?
            raise _GapError(f"target: {text.strip()!r}")
        flt.update(where)
        if m.group(2):
            flt["other_than_self"] = True
        flt["controller"] = "opponent" if "opponent" in m.group(1).lower() else "you"
        return {"kind": "all", "filter": flt}, "counter"
    target = _target(text)
    if target["filter"].get("types") != ["battle"]:
        raise _GapError(f"target: {text.strip()!r}")
    return target, "counter"


# --------------------------------------------------------------------------------------
# conditions (9.3.3)


def _zone_range(text: str) -> tuple[int | None, int | None] | None:
    t = text.strip().lower()
    if m := re.fullmatch(r"zones? (\d)(?:-|\u2013| to | through )(\d)", t):
        return int(m.group(1)), int(m.group(2))
    if m := re.fullmatch(r"zone (\d) or (higher|greater|lower|less)", t):
        n = int(m.group(1))
        return (n, None) if m.group(2) in ("higher", "greater") else (None, n)
    if m := re.fullmatch(r"zone (\d)", t):
        return int(m.group(1)), int(m.group(1))
    return None


def _at_least(text: str) -> tuple[int | None, int | None] | None:
    t = text.strip().lower()
    if m := re.fullmatch(r"(\d+) or (more|greater|higher)", t):
        return int(m.group(1)), None
    if m := re.fullmatch(r"(\d+) or (less|fewer|lower)", t):
        return None, int(m.group(1))
    return None


def _condition(text: str, ctx: _Ctx) -> JsonDict:
    t = text.strip()
    m = re.fullmatch(r"this card is in (.+)", t, re.I)
    if m and (zr := _zone_range(m.group(1))) and ctx.type in ("monster", "battle"):
        return {"kind": "self_zone", "min": zr[0], "max": zr[1]}
    m = re.fullmatch(r"(your opponent's|your) monster card is in (.+)", t, re.I)
    if m and (zr := _zone_range(m.group(2))):
        who = "opponent" if "opponent" in m.group(1).lower() else "you"
        return {"kind": "monster_zone", "who": who, "min": zr[0], "max": zr[1]}
    m = re.fullmatch(r"(your opponent's|your) monster card is rank (IV|I{1,3}|[1-4])( or (?:higher|lower))?", t, re.I)
    if m:
        n, side = _rank(m.group(2)), (m.group(3) or "").strip().lower()
        lo, hi = (n, None) if side == "or higher" else (None, n) if side == "or lower" else (n, n)
        return {"kind": "monster_rank", "who": _who(m.group(1)), "min": lo, "max": hi}
    m = re.fullmatch(r"(your opponent's|your|this card's) (?:monster card's )?<?Rage>? is (.+)", t, re.I)
    m = m or re.fullmatch(r"(your opponent's|your|this card) (?:monster card )?has (.+?) <?Rage>?", t, re.I)
    if m and (rng := _at_least(m.group(2))):
        if m.group(1).lower().startswith("this card") and ctx.type != "monster":
            raise _GapError(f"condition: {t!r}")
        who = "opponent" if "opponent" in m.group(1).lower() else "you"
        return {"kind": "rage", "who": who, "min": rng[0], "max": rng[1]}
    m = re.fullmatch(
        r"(you have|your opponent has) (\d+) or (more|fewer|less) (.+?) in (your|their) (zones|discard pile|hand)",
        t,
        re.I,
    )
    if m:
        who = "opponent" if "opponent" in m.group(1).lower() else "you"
        if (who == "you") != (m.group(5).lower() == "your"):
            raise _GapError(f"condition: {t!r}")
        area = {"zones": "field", "discard pile": "discard", "hand": "hand"}[m.group(6).lower()]
        flt = _card_desc(m.group(4), area=area)
        flt["controller"] = who
        n = int(m.group(2))
        more = m.group(3).lower() == "more"
        return {"kind": "count", "filter": flt, "min": n if more else None, "max": None if more else n}
    raise _GapError(f"condition: {t!r}")


# --------------------------------------------------------------------------------------
# effect sentences


def _who(text: str) -> str:
    return "opponent" if "opponent" in text.lower() else "you"


def _modifier(m: re.Match[str], ctx: _Ctx, *, duration: str | None) -> JsonDict:
    target, stat = _subject(m.group("subject"), ctx)
    value = int(m.group("value").replace(",", ""))
    if m.group("sign") == "-" or m.group("verb").lower().startswith("lose"):
        value = -value
    what = "threat" if m.group("what").lower().startswith("threat") else "counter"
    if what != stat:
        raise _GapError(f"effect: {what} of {m.group('subject')!r} (2.6: monsters; 2.7: battle cards)")
    out: JsonDict = {"target": target, what: value}
    if duration is not None:
        out["duration"] = duration
    return out


_MODIFIER = re.compile(
    r"(?P<subject>.+?) (?P<verb>gains?|gets?|loses?) (?P<sign>[+-]?)(?P<value>\d[\d,]*)"
    r" (?P<what>threat level|counter power)"
    r"(?P<until> until (?:the )?end of (?:the |this )?turn| until the end of your opponent's next turn)?",
    re.I,
)


def _duration(until: str | None) -> str | None:
    if until is None:
        return None
    return "opponents_next_turn" if "opponent" in until.lower() else "end_of_turn"


def _sentence(text: str, ctx: _Ctx) -> list[JsonDict]:
    """One imperative sentence as effects (9.7)."""
    t = text.strip().rstrip(".")
    low = t.lower()
    if m := re.fullmatch(r"(your opponent draws|draw) (up to )?" + _N + r" cards?", t, re.I):
        eff: JsonDict = {"op": "draw", "count": _number(m.group(3)), "who": _who(m.group(1))}  # 5.4.2
        if m.group(2):
            eff["up_to"] = True  # 5.4.3
        return [eff]
    if m := re.fullmatch(r"(your opponent discards|discard) " + _N + r" cards? from (your|their) hand", t, re.I):
        return [{"op": "discard", "count": _number(m.group(2)), "who": _who(m.group(1))}]  # 5.7.1
    if m := re.fullmatch(
        r"(your opponent discards|discard) (?:cards )?until (?:you have|they have) (\d+) cards?"
        r"(?: remaining| left)?(?: in hand| in (?:your|their) hand)?",
        t,
        re.I,
    ):
        return [{"op": "discard", "count": int(m.group(2)), "until": True, "who": _who(m.group(1))}]  # 5.7.2
    if m := re.fullmatch(
        r"(your opponent sends|send|put|place) the top (?:" + _N + r" cards?|card) of (your|their) deck"
        r" (?:in)?to (?:your|their|the) discard pile",
        t,
        re.I,
    ):
        who = _who(m.group(1))
        if (who == "opponent") != (m.group(3).lower() == "their"):
            raise _GapError(f"effect: {t!r}")
        return [{"op": "mill", "count": _number(m.group(2)) if m.group(2) else 1, "who": who}]  # 5.7.3
    if m := re.fullmatch(r"(?:<Destroy>|destroy) (.+)", t, re.I):
        if m.group(1).lower() == "this card":
            if ctx.type == "monster":  # 5.12.1.1: a card in a zone or strategy zone is destroyed
                raise _GapError("effect: destroy a monster card itself (5.12.1.1 destroys zone cards)")
            return [{"op": "destroy", "target": {"kind": "self"}}]
        return [{"op": "destroy", "target": _target(m.group(1))}]  # 5.12, the icon 5.12.2
    if m := re.fullmatch(r"return (.+) to (?:its owner's|their owner's|their owners'|the owner's) hands?", t, re.I):
        return [{"op": "return_to_hand", "target": _target(m.group(1))}]  # 5.2.1, 4.1.7
    if m := re.fullmatch(
        r"(increase|reduce|decrease) (this card's|your opponent's|your) (?:monster card's )?<?Rage>? by (\d+)", t, re.I
    ):
        if m.group(2).lower() == "this card's" and ctx.type != "monster":
            raise _GapError("effect: the <Rage> of a card that is not a monster (3.4.1)")
        op = "gain_rage" if m.group(1).lower() == "increase" else "lose_rage"
        return [{"op": op, "amount": int(m.group(3)), "who": _who(m.group(2))}]  # 3.4
    if m := re.fullmatch(r"(gain|lose) (\d+) <Rage>", t, re.I):
        return [{"op": f"{m.group(1).lower()}_rage", "amount": int(m.group(2)), "who": "you"}]  # 3.4.3
    if m := re.fullmatch(
        r"(advance|retreat) (this card|your monster card|your opponent's monster card)"
        r" (?:(?:by )?(\d+) zones?|to zone (\d))",
        t,
        re.I,
    ):
        if m.group(2).lower() == "this card" and ctx.type != "monster":
            raise _GapError(f"effect: {t!r}")
        eff = {"op": m.group(1).lower(), "who": _who(m.group(2))}  # 5.13.1 / 5.13.2
        if m.group(3):
            eff["times"] = int(m.group(3))
        else:
            eff["to_zone"] = int(m.group(4))  # 5.13.1.2 / 5.13.2.2
        return [eff]
    if m := re.fullmatch(
        r"search your deck for (up to )?" + _N + r" (.+?),? reveal (?:it|them|that card|those cards)(?:,| and|, and)"
        r" (?:add|put) (?:it|them) (?:in)?to your hand(?P<shuffle>(?:,| and|, and)(?: then)? shuffle your deck)?",
        t,
        re.I,
    ):
        flt = _card_desc(m.group(3), area="deck")
        conditions = {k for k in flt if k != "area"}
        if m.group(1) and not conditions:
            raise _GapError("effect: search for 'up to N' cards without conditions (5.8.1.1)")
        if not m.group(1) and not conditions:
            pass  # 5.8.1.1: that many must be chosen; the engine asks for exactly that
        flt.pop("area")
        search: list[JsonDict] = [{"op": "search", "count": _number(m.group(2)), "filter": flt}]  # 5.8
        return search + ([{"op": "shuffle"}] if m.group("shuffle") else [])
    if low in ("shuffle your deck", "then shuffle your deck"):
        return [{"op": "shuffle"}]
    if low == "you win the game":
        return [{"op": "win_game"}]  # 1.2.4
    if low in ("counter your opponent's monster card", "counter your opponent's invading monster"):
        return [{"op": "counter", "who": "opponent"}]  # 5.15
    if m := _MODIFIER.fullmatch(t):
        duration = _duration(m.group("until"))
        if duration is None:
            raise _GapError(f"effect: a modifier without a duration {t!r}")
        return [{"op": "modify", **_modifier(m, ctx, duration=duration)}]  # 9.2.1.2, 9.8
    if m := re.fullmatch(r"(.+?) cannot engage until (?:the )?end of (?:the |this )?turn", t, re.I):
        target, stat = _subject(m.group(1), ctx)
        if stat != "counter":
            raise _GapError(f"effect: {t!r}")
        return [{"op": "modify", "target": target, "cannot_engage": True}]  # 5.16
    for joiner in (r",? and then ", r", then ", r"\. then ", r",? and "):
        parts = re.split(joiner, t, maxsplit=1, flags=re.I)
        if len(parts) == 2:
            try:
                return _sentence(parts[0], ctx) + _sentence(parts[1], ctx)
            except _GapError:
                pass
    raise _GapError(f"effect: {t!r}")


def _with_condition(effects: list[JsonDict], cond: JsonDict) -> list[JsonDict]:
    return [{**e, "condition": cond} for e in effects]


def _body(text: str, ctx: _Ctx) -> list[JsonDict]:
    """The effect text of an automatic ability or a strategy card, sentence by sentence:
    "You may X. If you do, Y." (9.5.4), "If (condition), X." (9.3.3)."""
    sentences = _sentences(text)
    out: list[JsonDict] = []
    i = 0
    while i < len(sentences):
        s = re.sub(r"^then,? ", "", sentences[i], flags=re.I)
        if ":" in s:
            raise _GapError(f"cost: '(cost): (effect)' is a notation GCG-1.00 does not define ({s!r})")
        if not s:
            raise _GapError(f"effect: {sentences[i]!r}")
        m = re.fullmatch(r"you may (.+)", s, re.I)
        if m:
            effects = _sentence(m.group(1), ctx)
            if len(effects) != 1:
                raise _GapError(f"effect: 'you may' over several actions {s!r}")
            first = {**effects[0], "optional": True}
            if i + 1 < len(sentences) and (m2 := re.fullmatch(r"if you do,? (.+)", sentences[i + 1], re.I)):
                first["then"] = _sentence(m2.group(1), ctx)
                i += 1
            out.append(first)
            i += 1
            continue
        if re.match(r"if you do\b", s, re.I):
            raise _GapError(f"effect: 'if you do' after an action that is not optional {s!r}")
        m = re.fullmatch(r"if (.+?), (.+)", s, re.I)
        if m:
            out += _with_condition(_sentence(m.group(2), ctx), _condition(m.group(1), ctx))
        else:
            out += _sentence(s, ctx)
        i += 1
    for k, eff in enumerate(out):
        if eff["op"] == "search":
            follow = out[k + 1] if k + 1 < len(out) else None
            if follow is None or follow["op"] != "shuffle":
                raise _GapError("effect: a search whose text does not shuffle the deck (the engine shuffles, 5.3)")
    # the engine's search reveals, adds and shuffles (5.8, 5.10, 5.3): drop the spelled-out shuffle
    return [e for k, e in enumerate(out) if not (e["op"] == "shuffle" and k > 0 and out[k - 1]["op"] == "search")]


def _continuous(text: str, ctx: _Ctx) -> JsonDict:
    """A continuous ability (9.2.1.2): "[If (condition),] (subject) gains +N (value)" or
    "(subject) cannot engage"."""
    t = text.strip().rstrip(".")
    cond: JsonDict | None = None
    m = re.fullmatch(r"if (.+?), (.+)", t, re.I)
    if m:
        cond = _condition(m.group(1), ctx)
        if cond["kind"] == "count" and cond["filter"]["area"] == "field" and cond["filter"].get("traits"):
            raise _GapError("condition: a count of cards on the field by trait in a continuous ability (9.8.1.3)")
        t = m.group(2)
    ability: JsonDict = {"kind": "continuous"}
    if m := _MODIFIER.fullmatch(t):
        if m.group("until"):
            raise _GapError(f"effect: a modifier with a duration but no trigger {t!r}")
        mod = _modifier(m, ctx, duration=None)
        ability["affects"] = mod.pop("target")
        ability.update(mod)
    elif m := re.fullmatch(r"(.+?) cannot engage", t, re.I):
        target, stat = _subject(m.group(1), ctx)
        if stat != "counter":
            raise _GapError(f"effect: {t!r}")
        ability["affects"], ability["cannot_engage"] = target, True
    else:
        raise _GapError(f"effect: {t!r}")
    if cond is not None:
        ability["condition"] = cond
    return ability


def _modes(text: str, ctx: _Ctx) -> JsonDict | None:
    """ "Do N from the below" / "Choose N of the following" and its options (9.5.2.2.1), or None."""
    m = re.fullmatch(r"(?:choose|do) " + _N + r" (?:of the following|from the below):? ?\u30fb(.+)", text, re.I)
    if not m:
        return None
    options = [o.strip() for o in m.group(2).split("\u30fb")]
    if any(re.search(r"<Awakening", o, re.I) for o in options):
        raise _GapError("keyword: <Awakening> on one option of a choice (11.4 is an ability's)")
    choose = _number(m.group(1))
    if choose > len(options):
        raise _GapError(f"effect: choose {choose} of {len(options)} options")
    return {"choose": choose, "modes": [_body(o, ctx) for o in options]}


_PHASES = {"start": "start_of_start_phase", "main": "start_of_main_phase", "counter": "start_of_counter_phase"}
_PHASES["end"] = "start_of_end_phase"
_KNOWN = ("enter", "when invading", "destroy", "rage")


def _paragraph(text: str, ctx: _Ctx) -> tuple[str, Any]:
    """One paragraph as ``("ability", {...})``, ``("effects", [...])`` (a strategy card's
    text), ``("burst", N)`` or ``("evolution", {...})``; raises :class:`_GapError`."""
    t = _strip_reminders(text)
    if not t:
        return "reminder", None
    for kw in re.findall(r"<([^《>][^>]*)>", t):
        norm = kw.strip().lower()
        if norm in _KNOWN or re.fullmatch(r"(awakening|burst|evolution)(?: ?\d+)?", norm):
            continue
        raise _GapError(f"keyword: <{kw}> is not defined in GCG-1.00")
    if m := re.fullmatch(r"<Burst ?(\d)>", t, re.I):
        if ctx.type != "monster":
            raise _GapError("keyword: <Burst> on a card that is not a monster (11.5.1)")
        return "burst", int(m.group(1))
    if m := re.fullmatch(r"<Evolution ?(\d+)> ?" + _TRAIT, t, re.I):
        if ctx.type != "battle":
            raise _GapError("keyword: <Evolution> on a card that is not a battle card (11.6.1)")
        return "evolution", {"rank": int(m.group(1)), "trait": m.group(2).strip()}
    ability: JsonDict = {"text": text}
    if m := re.match(r"<Awakening ?(\d)> ?", t, re.I):
        ability["awakening"] = int(m.group(1))  # 11.4
        t = t[m.end() :]
    trigger: str | None = None
    whose = "your"
    if m := re.match(r"<Enter> ?", t, re.I):
        trigger, t = "enter", t[m.end() :]  # 11.2
    elif m := re.match(r"<When Invading> ?", t, re.I):
        trigger, t = "when_invading", t[m.end() :]  # 11.3
    elif m := re.match(
        r"at the (?:beginning|start) of (your|your opponent's|each player's) (start|main|counter|end) phase, ", t, re.I
    ):
        trigger, t = _PHASES[m.group(2).lower()], t[m.end() :]  # 7.2.1, 7.3.1, 7.4.1, 7.5.1
        whose = {"your": "your", "your opponent's": "opponent"}.get(m.group(1).lower(), "each")
    elif m := re.match(r"when this card is destroyed, ", t, re.I):
        if ctx.type == "monster":
            raise _GapError("trigger: a monster 'when this card is destroyed' (5.12.1.1 destroys zone cards)")
        trigger, t = "destroyed", t[m.end() :]  # 5.12.1.1, 9.6.4.1.2
    elif re.match(r"(when|whenever|at the)\b", t, re.I):
        raise _GapError(f"trigger: {t.split(',')[0]!r}")
    if re.search(r"<(?:Enter|When Invading)>", t, re.I):
        raise _GapError("keyword: a second trigger keyword inside the paragraph")
    if trigger is not None:
        if trigger == "when_invading" and ctx.type != "monster":
            raise _GapError("keyword: <When Invading> on a card that is not a monster (11.3.1)")
        modes = _modes(t, ctx)
        ability.update({"kind": "auto", "trigger": trigger, **(modes or {"effects": _body(t, ctx)})})
        if whose != "your":
            ability["whose"] = whose
        return "ability", ability
    if ctx.type == "strategy" and "awakening" not in ability:
        modes = _modes(t, ctx)
        if modes is not None:  # the strategy card's text as its "placed" ability (9.1.1.1.2)
            return "ability", {**ability, "kind": "auto", "trigger": "placed", **modes}
        try:
            return "effects", _body(t, ctx)  # 9.1.1.1.2: when placed in the strategy zone
        except _GapError as first:
            try:
                return "ability", {**ability, **_continuous(t, ctx)}
            except _GapError:
                raise first from None
    return "ability", {**ability, **_continuous(t, ctx)}


# --------------------------------------------------------------------------------------
# the card


def import_card(raw: Mapping[str, Any]) -> ImportedCard:
    """One record of the card list; raises :class:`RawCardError` when it is not one."""
    problems = check_raw(raw)
    if problems:
        raise RawCardError("; ".join(problems))
    number = raw["card_number"].strip()
    name = raw["name"].strip() if isinstance(raw.get("name"), str) else ""
    set_code = number.split("-")[0] if "-" in number else ""
    unsupported: list[str] = []
    gaps: list[str] = []
    notes: list[str] = []

    def none(gap: str, value: str) -> ImportedCard:
        return ImportedCard(number, name, None, "none", (value,), (gap,), tuple(notes), set_code)

    if not isinstance(raw.get("name"), str):
        return none("name: missing or not a string (2.1)", f"name: {raw.get('name')}")
    type_raw = raw.get("type")
    kind = _TYPES.get(re.sub(r" card$", "", type_raw.strip().lower())) if isinstance(type_raw, str) else None
    if kind is None:
        return none("type: not a card type of GCG-1.00 (2.2)", f"type: {type_raw}")
    rank_raw = raw.get("rank")
    rank = _ROMAN.get(rank_raw.strip().upper()) if isinstance(rank_raw, str) else None
    rank = rank if rank is not None else _int(rank_raw)
    if rank is None:
        return none("rank: missing or not a number (2.3)", f"rank: {rank_raw}")
    color_list = _strings(raw.get("colors"))
    if color_list is None:
        return none("colors: not a list of colours (2.4)", f"colors: {raw.get('colors')}")
    colors = [c.strip().lower() for c in color_list]
    traits = _strings(raw.get("traits"))
    if traits is None:
        return none("traits: not a list of traits (2.5)", f"traits: {raw.get('traits')}")
    description_raw = raw.get("description")
    if isinstance(description_raw, list) and all(isinstance(line, str) for line in description_raw):
        description_raw = "\n".join(description_raw)
    if description_raw is not None and not isinstance(description_raw, str):
        return none("description: not a text (2.9)", f"description: {description_raw}")
    if len(colors) != 1 or colors[0] not in _COLORS:
        reason = "not one colour" if len(colors) != 1 else "not red, blue or white"
        return none(f"colors: {reason} (GCG-1.00 2.4.3)", f"colors: {colors}")
    card: JsonDict = {
        "id": number,
        "number": number,
        "name": name,
        "type": kind,
        "rank": rank,
        "color": colors[0],
        "traits": [t.strip().strip("<>《》").strip() for t in traits],
    }
    invasion = raw.get("invasion_icon_value")
    if not _blank(invasion):
        value = _int(invasion)
        if value is None:
            return none("invasion_icon_value: not a number (2.8.2)", f"invasion_icon_value: {invasion}")
        card["invasion"] = value
    for key, field_name, needed in (
        ("threat_level", "threat", kind == "monster"),
        ("counter_power", "counter", kind == "battle"),
    ):
        value_raw = raw.get(key)
        value = _int(value_raw)
        if needed:
            if value is None:
                return none(f"{key}: not a number (2.6, 2.7)", f"{key}: {value_raw}")
            card[field_name] = value
        elif not _blank(value_raw) and value != 0:
            notes.append(f"{key} {value_raw!r} ignored: a {kind} card has none (2.6, 2.7)")
    burst_raw = raw.get("burst")
    if not _blank(burst_raw) and burst_raw != 0 and burst_raw != "0":
        bm = re.fullmatch(r"<?(?:burst ?)?(\d|I{1,3}|IV)>?", str(burst_raw).strip(), re.I)
        burst = None if bm is None else (_ROMAN.get(bm.group(1).upper()) or int(bm.group(1)))
        if burst is None:
            unsupported.append(f"burst: {burst_raw}")
            gaps.append("burst: not a rank (11.5)")
        else:
            card["burst"] = burst

    ctx = _Ctx(type=kind, card_traits=list(card["traits"]))
    description = description_raw or ""
    card["text"] = description.strip()
    abilities: list[JsonDict] = []
    effects: list[JsonDict] = []
    expressed = failed = 0
    for para in _paragraphs(description):
        try:
            what, value = _paragraph(para, ctx)
        except _GapError as exc:
            unsupported.append(para)
            gaps.append(exc.reason)
            failed += 1
            continue
        if what == "reminder":
            continue
        expressed += 1
        if what == "burst":
            if "burst" in card and card["burst"] != value:
                unsupported.append(para)
                gaps.append(f"burst: the record says {card['burst']}, the text <Burst{value}>")
                expressed -= 1
            card["burst"] = value
        elif what == "evolution":
            abilities.append({"kind": "auto", "text": para, "evolution": value})
        elif what == "effects":
            if effects:
                notes.append("a second paragraph of strategy effects follows the first (9.1.1.1.2)")
            effects += value
        else:
            abilities.append(value)
    if abilities:
        card["abilities"] = abilities
    if effects:
        card["effects"] = effects
    if unsupported:
        card["unsupported"] = unsupported
    try:
        parsed = parse_card(card)
    except CardDataError as exc:
        # a reading that breaks the card format: nothing of it is trusted
        return ImportedCard(
            number,
            name,
            None,
            "none",
            (*unsupported, f"card: {exc}"),
            (*gaps, "card: invalid"),
            tuple(notes),
            set_code,
        )
    if not unsupported:
        status: Status = "full"
    elif expressed == 0 and failed:
        status = "none"
    else:
        status = "partial"
    return ImportedCard(number, name, parsed, status, tuple(unsupported), tuple(gaps), tuple(notes), set_code)


def import_cards(records: Iterable[Mapping[str, Any]]) -> ImportResult:
    return ImportResult(tuple(import_card(r) for r in records))
