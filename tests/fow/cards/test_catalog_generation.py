"""One source of truth for the Force of Will cards: the shipped catalog
(``service/catalogs/fow/cards.json``) is what ``adjudicator cards catalog`` generates from the
card database (here the copy in ``tests/data``, identical to ``../shared/carddata/force-of-will``),
the reviewed errata (``errata.json``, applied by :mod:`domain.fow.importer.errata`) and the
few hand-written cards the database lacks (``invented.json``); ``adjudicator cards reprints``
finds the misprints the errata correct."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from domain.fow.importer import import_cards
from domain.fow.importer.errata import (
    Erratum,
    ErratumError,
    apply_errata,
    normalise_paragraph,
    parse_errata,
    reprint_differences,
)
from service import fow_catalog
from service.card_import import load_database
from service.cli import main
from tests.fow.carddata import CARDDATA_DIR

SOURCES = [str(CARDDATA_DIR / "cards.json"), str(CARDDATA_DIR / "cardBatchImport.json")]
DUAL_STONES = {"TAT-095": ("B", "U"), "TAT-096": ("W", "G"), "TAT-097": ("W", "U"), "TAT-098": ("B", "R")}


@cache
def records() -> tuple[dict[str, Any], ...]:
    return tuple(r for source in SOURCES for r in load_database(source))


def shipped() -> dict[str, dict[str, Any]]:
    data = json.loads(fow_catalog.CATALOG_FILE.read_text(encoding="utf-8"))
    return {c["id"]: c for c in data["cards"]}


def produce(card: dict[str, Any]) -> dict[str, Any]:
    return next(e for a in card["abilities"] for e in a.get("effects", []) if e["op"] == "produce_will")


def test_the_shipped_catalog_is_what_the_generator_makes_of_the_database() -> None:
    assert fow_catalog.generate(SOURCES) == fow_catalog.CATALOG_FILE.read_text(encoding="utf-8")


def test_catalog_check_says_whether_a_catalog_file_is_current(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(fow_catalog, "generate", lambda sources: '{"cards": []}\n')
    out = tmp_path / "cards.json"
    out.write_text('{"cards": []}\n', encoding="utf-8")
    assert main(["cards", "catalog", *SOURCES, "--out", str(out), "--check"]) == 0
    out.write_text('{"cards": [{"id": "X"}]}\n', encoding="utf-8")
    assert main(["cards", "catalog", *SOURCES, "--out", str(out), "--check"]) == 1
    assert "regenerate" in capsys.readouterr().err
    assert main(["cards", "catalog", *SOURCES, "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == '{"cards": []}\n'


def test_every_card_but_the_invented_ones_is_the_importers_reading() -> None:
    errata, invented, selection = fow_catalog.load_sources()
    imported = import_cards(apply_errata(records(), errata)).by_id()
    cards = shipped()
    assert list(cards) == selection
    for card_id, card in cards.items():
        if card_id in invented:
            assert card == invented[card_id]
            continue
        reading = imported[card_id].card
        assert reading is not None
        assert card == reading.model_dump(mode="json", by_alias=True, exclude_unset=True), card_id


def test_the_invented_cards_are_cards_the_database_lacks() -> None:
    """Only TST-001..006 share an id with a database card (the TST set of the Saga cluster, not in
    the catalog); each invented card says why it is hand-written, and a clash says so."""
    _, invented, _ = fow_catalog.load_sources()
    data = json.loads(fow_catalog.INVENTED_FILE.read_text(encoding="utf-8"))
    why = {e["card"]["id"]: e["why"] for e in data["invented"]}
    database = {r["id"]: r["name"] for r in records()}
    clashes = sorted(i for i in invented if i in database)
    assert clashes == [f"TST-00{n}" for n in range(1, 7)]
    for card_id in clashes:
        assert database[card_id] != invented[card_id]["name"] and "TST set" in why[card_id]
    assert all(invented[i]["id"].startswith("TST-") and "Invented test card" in invented[i]["text"] for i in invented)


def test_a_selected_card_the_database_lacks_is_refused_unless_invented() -> None:
    with pytest.raises(fow_catalog.CatalogBuildError, match=r"NOPE-001: not in the database.*invented\.json"):
        fow_catalog.build_catalog(records()[:3], (), {}, ["NOPE-001"])
    with pytest.raises(fow_catalog.CatalogBuildError, match="invented cards not in the selection: TST-900"):
        fow_catalog.build_catalog(records()[:3], (), {"TST-900": {"id": "TST-900"}}, [])


# --------------------------------------------------------------------------------------
# errata


def test_the_misprinted_dual_stones_produce_one_will_of_either_attribute() -> None:
    """FoW-5.5 9.7: "{Rest}: Produce {B} or {U}" is one will of the player's choice; the TAT
    printing "Produce {B} and {U}" would be two.  The catalog carries the corrected reading;
    the database as printed is read as two will."""
    cards = shipped()
    as_printed = import_cards(records()).by_id()
    for card_id, pair in DUAL_STONES.items():
        assert produce(cards[card_id]) == {"op": "produce_will", "any_of": list(pair)}, card_id
        printed = as_printed[card_id].card
        assert printed is not None
        as_two = {"op": "produce_will", "will": list(pair)}
        assert produce(printed.model_dump(mode="json", exclude_unset=True)) == as_two


def test_an_erratum_applies_only_to_its_printed_paragraph() -> None:
    record = {"id": "X-1", "name": "Stone", "abilities": ["Treat this card as X.", "{Rest}: Produce {B} and {U}."]}
    reprint = {"id": "X-2", "name": "Stone", "abilities": ["{Rest}: Produce {B} or {U}."]}
    erratum = Erratum("X-1", "{Rest}: Produce {B} and {U}.", "{Rest}: Produce {B} or {U}.", ("X-2",), "misprint")
    corrected = apply_errata([record, reprint], [erratum])
    assert corrected[0]["abilities"] == ["Treat this card as X.", "{Rest}: Produce {B} or {U}."]
    assert record["abilities"][1] == "{Rest}: Produce {B} and {U}."  # the input is not changed
    assert corrected[1] == reprint


@pytest.mark.parametrize(
    ("erratum", "problem"),
    [
        (Erratum("X-9", "a", "b", ("X-2",), "r"), "X-9: no such card"),
        (Erratum("X-1", "{Rest}: Produce {B}.", "b", ("X-2",), "r"), "is not in the card"),
        (Erratum("X-1", "{Rest}: Produce {B} and {U}.", "{Rest}: Produce {U}.", ("X-2",), "r"), "does not print"),
        (Erratum("X-1", "{Rest}: Produce {B} and {U}.", "{Rest}: Produce {B} or {U}.", ("X-3",), "r"), "its name"),
        (Erratum("X-1", "{Rest}: Produce {B} and {U}.", "{Rest}: Produce {B} or {U}.", ("X-8",), "r"), "X-8: no such"),
    ],
)
def test_an_erratum_that_does_not_fit_the_database_is_refused(erratum: Erratum, problem: str) -> None:
    """A stale erratum (the database fixed, or the wrong paragraph) and one without a reprint
    proving it never apply silently."""
    raws = [
        {"id": "X-1", "name": "Stone", "abilities": ["{Rest}: Produce {B} and {U}."]},
        {"id": "X-2", "name": "Stone", "abilities": ["[Activate] {Rest}: Produce {B} or {U}."]},
        {"id": "X-3", "name": "Other", "abilities": ["{Rest}: Produce {B} or {U}."]},
    ]
    with pytest.raises(ErratumError, match=problem):
        apply_errata(raws, [erratum])


def test_errata_entries_need_every_field_and_a_reprint() -> None:
    good = {"card": "X-1", "printed": "a", "corrected": "b", "reprints": ["X-2"], "reason": "r"}
    assert parse_errata({"errata": [good]}) == (Erratum("X-1", "a", "b", ("X-2",), "r"),)
    for broken, problem in [
        ({**good, "reprints": []}, "at least one reprint"),
        ({**good, "reason": ""}, "reason"),
        ({**good, "corrected": "a"}, "is the printed text"),
    ]:
        with pytest.raises(ErratumError, match=problem):
            parse_errata({"errata": [broken]})


def test_the_shipped_errata_are_the_four_tat_dual_stones() -> None:
    errata, _, _ = fow_catalog.load_sources()
    assert sorted(e.card for e in errata) == sorted(DUAL_STONES)
    apply_errata(records(), errata)  # each still fits the database and is proved by its reprints


# --------------------------------------------------------------------------------------
# reprints


def test_rewordings_that_do_not_change_the_meaning_are_not_differences() -> None:
    assert normalise_paragraph("[Activate] {Rest}: Produce {G} or {B}.") == normalise_paragraph(
        "{Rest}: Produce {G} or {B}"
    )
    assert normalise_paragraph("[Continuous]: Treat this card as wind magic stone and dark magic stone.") == (
        normalise_paragraph("Treat this card as a wind magic stone and darkness magic stone.")
    )
    raws = [
        {"id": "A-1", "name": "Stone", "abilities": ["[Activate] {Rest}: Produce {G} or {B}.", "Treat as X."]},
        {"id": "A-2", "name": "Stone", "abilities": ["Treat as X.", "{Rest}: Produce {G} or {B}."]},
        {"id": "B-1", "name": "Bolt", "abilities": ["Deal 300 damage."]},
        {"id": "B-2", "name": "Bolt", "abilities": ["Deal 500 damage."]},
    ]
    groups = reprint_differences(raws)
    assert [(g.name, [ids for _, ids in g.texts]) for g in groups] == [("Bolt", [("B-1",), ("B-2",)])]


def test_cards_reprints_finds_the_misprinted_tat_dual_stones(capsys: pytest.CaptureFixture[str]) -> None:
    """``adjudicator cards reprints --reading`` on the real database lists the names whose fully
    expressed printings the importer reads differently; the TAT dual stones are among them,
    marked as corrected by an erratum."""
    assert main(["cards", "reprints", *SOURCES, "--reading"]) == 0
    report = capsys.readouterr().out
    for card_id in DUAL_STONES:
        line = next(line for line in report.splitlines() if f"{card_id} (erratum)" in line)
        assert " and {" in line, line
    assert "Magic Stone of Dark Depth:" in report and "VIN001-082, CFC-088, SDAO2-035: " in report
    assert report.rstrip().endswith("names printed with different texts")
