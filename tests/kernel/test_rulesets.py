"""The ruleset registry lists every built-in game system, whatever was registered first."""

from __future__ import annotations

import pytest

from domain import rulesets
from tests import fakes


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
