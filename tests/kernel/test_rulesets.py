"""The ruleset registry lists every built-in game system, whatever was registered first."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from domain import rulesets
from tests import fakes

ROOT = Path(__file__).resolve().parents[2]


def test_registering_a_fake_first_does_not_hide_the_builtin_engines() -> None:
    fakes.register()
    listed = {r["ruleset"]: r["variants"] for r in rulesets.list_rulesets()}
    for builtin in ("FoW-5.5", "FoW-5.01", "GCG-1.00", "LL-2.04"):
        assert builtin in listed, f"{builtin} missing from {sorted(listed)}"
    assert set(listed["FoW-5.5"]) == {"valhalla", "bifrost"}
    assert set(listed["FoW-5.01"]) == {"valhalla", "bifrost"}


def test_an_unknown_ruleset_names_the_known_ones() -> None:
    with pytest.raises(rulesets.UnknownRulesetError, match=r"unknown ruleset 'FoW-9\.9'.*FoW-5\.5"):
        rulesets.get_engine("FoW-9.9")


def test_the_first_lookups_of_a_new_process_on_several_threads_all_find_every_engine() -> None:
    """A server's first requests arrive on several threads at once: none may see the
    registry before the built-in engines are in it (they got ``unknown ruleset 'FoW-5.5';
    known rulesets: none`` while the first thread was still importing the engines)."""
    script = textwrap.dedent(
        """
        import threading
        from domain.rulesets import get_engine
        start, found, failed = threading.Barrier(8), [], []
        def look():
            start.wait()
            try:
                found.append(get_engine("LL-2.04").ruleset)
            except Exception as exc:
                failed.append(repr(exc))
        threads = [threading.Thread(target=look) for _ in range(8)]
        for t in threads: t.start()
        for t in threads: t.join()
        print(len(found), failed)
        """
    )
    for _ in range(3):  # a fresh interpreter each time: the registry is filled once per process
        out = subprocess.run(
            [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120, check=True
        )
        assert out.stdout.strip() == "8 []", out.stdout + out.stderr
