"""The reused JSON encoders (domain/jsonenc.py) write exactly what ``json.dumps`` writes:
the command digest, the stored events and the hash chain depend on it byte for byte."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from domain.jsonenc import json_encoder

SAMPLES: list[Any] = [
    {"seq": 3, "type": "TurnPassed", "data": {"to": "p2"}, "rule": "FAKE-1 4.1", "cause": "cmd:c1", "actor": "p1"},
    {"z": [1, 2.5, -0.0, 1e300, None, True, False], "a": {"é": "ünï\u2028code", "b": ("t", "u")}, "m": "\ud800"},
    {10: "ten", 2: "two"},
    {"k": {"3": [], "1": {}}},
    [{"b": 1, "a": 2}, "x", 7],
    'just a string \n\t"',
    12345678901234567890,
    1.0 / 3.0,
    {},
]

OPTIONS: list[dict[str, Any]] = [
    {},
    {"sort_keys": True, "allow_nan": False},
    {"sort_keys": True, "separators": (",", ":"), "ensure_ascii": False, "default": str},
]


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("value", SAMPLES)
def test_the_reused_encoder_writes_what_json_dumps_writes(options: dict[str, Any], value: Any) -> None:
    assert json_encoder(**options)(value) == json.dumps(value, **options)


def test_non_json_values_are_refused_or_passed_to_default_as_json_dumps_does() -> None:
    with pytest.raises(TypeError, match="not JSON serializable"):
        json_encoder()({"when": object()})
    with pytest.raises(ValueError):
        json_encoder(allow_nan=False)({"x": math.nan})
    assert json_encoder()({"x": math.inf}) == json.dumps({"x": math.inf})
    assert json_encoder(default=str)({"n": 1j}) == json.dumps({"n": 1j}, default=str)


def test_a_value_nested_in_itself_raises_recursion_error_and_leaves_the_encoder_usable() -> None:
    encode = json_encoder(sort_keys=True)
    looped: dict[str, Any] = {"a": 1}
    looped["self"] = looped
    with pytest.raises(RecursionError):
        encode(looped)
    shared = {"x": [1]}
    assert encode({"b": shared, "a": shared}) == json.dumps({"b": shared, "a": shared}, sort_keys=True)
