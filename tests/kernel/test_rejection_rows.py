"""Every rejection code a ruleset's engine can emit has a row in ``tests/kernel/rejection_rows.py``;
each row with a given state and command is refused with that code, the rule it names (a citation
naming the deciding rule, issue 20 item 2) and a sentence about the condition that failed."""

from __future__ import annotations

import pytest

from domain.hidden import UNSEEN
from domain.kernel import Rejection
from tests.kernel.rejection_rows import ROOT, ROWS, Row, emitted, kernel_codes, pointer

POINTER = pointer("")
UNREACHABLE = "unreachable by a command: "

TRIGGERED = [
    pytest.param(
        row,
        id=f"{name}:{row.code}:{row.rule}",
        marks=[pytest.mark.xfail(strict=True, reason=row.defect)] if row.defect else [],
    )
    for name, rows in ROWS.items()
    for row in rows
    if row.when
]


@pytest.mark.parametrize("row", TRIGGERED)
def test_the_row_is_refused_with_its_code_citation_and_a_sentence_about_the_condition(row: Row) -> None:
    assert row.when is not None
    answer = row.when()
    assert isinstance(answer, Rejection), f"{row.code}: accepted ({answer!r:.200})"
    assert (answer.code, answer.rule) == (row.code, row.rule), answer.message
    assert answer.message and answer.message == answer.message.strip(), repr(answer.message)
    assert UNSEEN not in answer.message, answer.message  # a hidden object's stand-in id never shows
    assert row.says.casefold() in answer.message.casefold(), answer.message


@pytest.mark.parametrize("name", sorted(ROWS))
def test_every_code_written_in_the_ruleset_has_a_row(name: str) -> None:
    listed = [row.code for row in ROWS[name]]
    missing = sorted(emitted(name) - set(listed))
    assert not missing, f"codes of domain/{name}/ without a row in tests/kernel/rejection_rows.py: {missing}"


def test_every_shared_kernel_code_has_a_row_in_some_ruleset() -> None:
    listed = {row.code for rows in ROWS.values() for row in rows}
    assert not sorted(kernel_codes() - listed)


@pytest.mark.parametrize("name", sorted(ROWS))
def test_each_row_is_triggered_or_says_why_not(name: str) -> None:
    for row in ROWS[name]:
        assert (row.when is None) == bool(row.untested), row.code
        if row.when is not None:
            assert row.rule, f"{row.code}: a triggered row names the citation it expects"
            assert row.says, f"{row.code}: a triggered row names the words its refusal must say"
            continue
        assert not (row.rule or row.says or row.defect), f"{row.code}: an untriggered row expects nothing"
        assert row.untested.startswith((UNREACHABLE, POINTER)), row.untested
        if row.untested.startswith(POINTER):  # the test file named does trigger the code
            path = ROOT / "tests" / row.untested.removeprefix(POINTER)
            assert f'"{row.code}"' in path.read_text(encoding="utf-8"), row.untested
