"""The ``adjudicator`` command line: dispatch and exit statuses."""

from __future__ import annotations

from pathlib import Path

import pytest

from service.cli import main

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "carddata" / "force-of-will" / "cards.json"


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
