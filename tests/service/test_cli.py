"""The ``adjudicator`` command line: dispatch and exit statuses."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from service.cli import main
from tests.fow.carddata import CARDDATA_DIR

DATA = CARDDATA_DIR / "cards.json"


def test_cards_coverage_runs_through_the_adjudicator_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "coverage", str(DATA), "--clusters", "Grimm"]) == 0
    out = capsys.readouterr().out
    assert "full" in out and "Grimm" in out


def test_an_unknown_subcommand_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["no-such-command"]) == 2
    assert "invalid choice: 'no-such-command'" in capsys.readouterr().err


def test_a_missing_database_file_is_reported_not_raised(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "coverage", str(tmp_path / "missing.json")]) == 1
    assert "missing.json" in capsys.readouterr().err


def test_audit_prints_the_diverging_event_and_its_field_diff(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.kernel.test_audit import _edit, _with_list_field, recorded_game

    lines, steps = recorded_game(4)
    step, pos, key = _with_list_field(steps)
    original = steps[step - 1][1][pos]

    def change(events: list[dict[str, Any]]) -> None:
        events[pos]["data"][key] = ["forged"]

    log = tmp_path / "forged.jsonl"
    log.write_text("\n".join(_edit(lines, step, change, redigest=True)) + "\n")
    assert main(["audit", str(log)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert "verdict: diverged (re-run under FoW-5.5)" in out
    assert f"rule: {original.rule}" in out
    heading = f"diverging event {original.seq} ({original.type}), event {pos + 1} of step {step}: "
    assert heading + "differs from the recorded one" in out
    recorded = next(line for line in out if line.startswith("  recorded:   "))
    recomputed = next(line for line in out if line.startswith("  recomputed: "))
    assert json.loads(recorded.split(": ", 1)[1])["data"][key] == ["forged"]
    assert json.loads(recomputed.split(": ", 1)[1]) == json.loads(json.dumps(original.to_dict()))
    assert f'    data.{key}: ["forged"] -> {json.dumps(list(original.data[key]))}' in out
    assert not any(line.startswith("details: ") for line in out)  # readable, not a JSON dump

    def drop(events: list[dict[str, Any]]) -> None:
        events.pop()

    last = steps[step - 1][1][-1]
    log.write_text("\n".join(_edit(lines, step, drop, redigest=False)) + "\n")
    assert main(["audit", str(log)]) == 1
    out = capsys.readouterr().out.splitlines()
    heading = f"diverging event {last.seq} ({last.type}), event {len(steps[step - 1][1])} of step {step}: "
    assert heading + "is produced by the command but missing from the log" in out
    assert "  recorded:   (none)" in out and not any("differences" in line for line in out)

    assert main(["audit", str(log), "--json"]) == 1
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["verdict"] == "diverged" and verdict["details"]["position"] == len(steps[step - 1][1])


def test_cards_help_lists_the_cards_subcommands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: adjudicator cards")
    assert all(command in out for command in ("import", "coverage", "catalog", "reprints"))
    assert main(["cards", "import", "--help"]) == 0
    assert "--out FILE" in capsys.readouterr().out
    assert main(["cards"]) == 2
    assert "required: {import,coverage,catalog,reprints}" in capsys.readouterr().err


def test_cards_import_without_out_writes_the_default_catalog(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.fow.cards.test_import_database import write_db

    card = {"id": "S-1", "name": "Imp", "type": ["Resonator"], "race": [], "colour": ["R"], "cost": "{R}"}
    card |= {"ATK": 100, "DEF": 100, "abilities": []}
    other = card | {"id": "S-2", "abilities": ["[Flying]", "no such ability text"]}
    src = write_db(tmp_path / "db.json", [("Grimm", "CMF", "Crimson", [card]), ("Lapis", "LEL", "Legend", [other])])
    monkeypatch.chdir(tmp_path)
    assert main(["cards", "import", str(src), "--clusters", "Grimm"]) == 0
    assert "wrote 1 card definitions to data/fow-cards.json" in capsys.readouterr().out
    assert [c["id"] for c in json.loads((tmp_path / "data" / "fow-cards.json").read_text())["cards"]] == ["S-1"]
    assert main(["cards", "import", str(src), "--clusters", "Alice"]) == 1
    assert "no cards for alice" in capsys.readouterr().err
