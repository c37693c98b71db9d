"""The top-level driver: :func:`import_card`, :func:`import_cards` (the catalog) and the
patterns of the coverage report."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from typing import Any

from domain.fow.cards import parse_card
from domain.fow.importer import effects_outside as _registered  # noqa: F401  (every effect sentence is registered)
from domain.fow.importer.characteristics import _SELF_SIZED, _card_cost, _colours, _stat, _types
from domain.fow.importer.keywords import _merge, _paragraph
from domain.fow.importer.records import (
    ImportedCard,
    ImportResult,
    JsonDict,
    RawCardError,
    Status,
    _GapError,
    _NoCardError,
    check_raw,
)
from domain.fow.importer.text import _clean, _Ctx, _paragraphs, _sentence_gap
from domain.kernel import CardDataError

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
