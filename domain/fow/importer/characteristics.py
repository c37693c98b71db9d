"""Characteristics: the card's type, cost, ATK/DEF and attributes as the vocabulary names them."""

from __future__ import annotations

import re
from typing import Any

from domain.fow.importer.costs import _SYMBOL
from domain.fow.importer.records import JsonDict, _GapError, _NoCardError

# --------------------------------------------------------------------------------------
# characteristics


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
