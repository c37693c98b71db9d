"""docs/rule-coverage.md is what scripts/rule_coverage.py writes, and its lists name real sections."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rule_coverage", ROOT / "scripts" / "rule_coverage.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("rule_coverage", module)  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def citations() -> list[Any]:
    """Every citation of the test suite, read once for the tests below."""
    found: list[Any] = _script().collect(ROOT)
    return found


def test_the_rule_coverage_doc_is_what_the_script_generates(citations: list[Any]) -> None:
    script = _script()
    text = (ROOT / "docs" / "rule-coverage.md").read_text(encoding="utf-8")
    assert text == script.render(ROOT, citations), "docs/rule-coverage.md is stale: run python scripts/rule_coverage.py"


def test_every_exclusion_and_not_implemented_entry_names_an_uncited_section(citations: list[Any]) -> None:
    assert _script().problems(ROOT, citations) == []


def test_a_citation_counts_inside_a_test_only_and_bare_numbers_only_in_the_rulesets_folder() -> None:
    script = _script()
    gcg, ll = "GCG-1.00", "LL-2.04"  # spelled apart, so this test cites nothing itself
    source = (
        f'"""{gcg} 7.2 in a module docstring cites no test."""\n'
        "def helper():\n"
        f'    return "{gcg} 7.3"\n'
        "def test_x():\n"
        '    """9.4.3.2: a bare rule."""\n'
        f'    assert rule == "{ll} 5.12.1"  # 8.5 p3\n'
        "    assert 1.5 == x\n"
    )
    found = {(c.ruleset, c.number) for c in script.citations_in("tests/gcg/test_x.py", source)}
    assert found == {("GCG-1.00", "9.4.3.2"), ("LL-2.04", "5.12.1"), ("GCG-1.00", "8.5")}
    elsewhere = {(c.ruleset, c.number) for c in script.citations_in("tests/service/test_x.py", source)}
    assert elsewhere == {("LL-2.04", "5.12.1")}


def test_every_governing_section_of_the_raised_rulesets_is_cited_or_explained(citations: list[Any]) -> None:
    """Issue 20 item 7: FoW-5.5, GCG-1.00 and LL-2.04 at 100% of their governing sections."""
    assert _script().uncovered(ROOT, citations) == []


def test_the_bare_numbers_of_the_5_01_test_file_cite_5_01() -> None:
    script = _script()
    source = 'def test_x():\n    """8.5 p3."""\n'
    assert [c.ruleset for c in script.citations_in("tests/fow/test_rules_5_01.py", source)] == ["FoW-5.01"]
    assert [c.ruleset for c in script.citations_in("tests/fow/test_ch8_battle.py", source)] == ["FoW-5.5"]
