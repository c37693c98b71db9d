"""``adjudicator cards import|coverage`` for official GCG card lists (service/gcg_card_import.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domain.gcg.cards import parse_catalog
from service import card_import
from service.cli import main as adjudicator
from tests.gcg.cards.records import RECORDS


def _write(tmp_path: Path, data: object, name: str = "cards.json") -> Path:
    p = tmp_path / name
    p.write_text(json.dumps(data), encoding="utf-8")
    return p


def test_coverage_reports_full_partial_none_and_the_gaps(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = _write(tmp_path, RECORDS)
    assert adjudicator(["cards", "coverage", "--game", "gcg", str(src)]) == 0
    out = capsys.readouterr().out
    overall = next(line for line in out.splitlines() if line.startswith("overall"))
    assert overall.split() == ["overall", "53", "42", "1", "10", "79.2%"]
    assert "keyword: <Your Turn> is not defined in GCG-1.00" in out
    assert "Top 20 gaps" in out and "Gap families:" in out


def test_the_game_is_recognised_from_the_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = _write(tmp_path, {"cards": [{"type": {"value": r}} for r in RECORDS[:3]]})  # the card API's pages
    assert card_import.main(["coverage", str(src)]) == 0
    assert "overall" in capsys.readouterr().out


def test_import_writes_a_catalog_the_engine_loads(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = "\n".join(json.dumps(r) for r in RECORDS)
    src = tmp_path / "cards.jsonl"
    src.write_text(lines + "\n", encoding="utf-8")
    out = tmp_path / "gcg.json"
    assert adjudicator(["cards", "import", "--game", "gcg", str(src), "--out", str(out), "--sets", "CMP01"]) == 0
    assert "imported 53 cards: 42 full, 1 partial, 10 none; wrote 51 card definitions" in capsys.readouterr().out
    catalog = parse_catalog(json.loads(out.read_text(encoding="utf-8")))
    assert catalog["CMP01-047"].unsupported == ["Whenever you play a battle card, draw 1 card."]


def test_bad_input_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = _write(tmp_path, [{"name": "x", "type": "Battle"}])
    assert adjudicator(["cards", "coverage", "--game", "gcg", str(bad)]) == 1
    assert capsys.readouterr().err == f"error: {bad}: cards[0]: 'card_number' must be a non-empty string\n"
    assert adjudicator(["cards", "coverage", "--game", "gcg", str(tmp_path / "missing.json")]) == 1
    assert "no such file" in capsys.readouterr().err
    src = _write(tmp_path, RECORDS, "ok.json")
    assert adjudicator(["cards", "coverage", "--game", "gcg", str(src), "--sets", "NOPE"]) == 1
    assert capsys.readouterr().err == "error: no cards for nope\n"
