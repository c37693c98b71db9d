"""The service's transcoder (its JSON encoder built once) stores exactly the bytes
eventsourcing's stock ``JSONTranscoder`` would: any reader of the store sees no
difference, and the stored bytes of old and new events are alike."""

from __future__ import annotations

import enum
import json
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any
from uuid import uuid4

import pytest
from eventsourcing.application import Application
from eventsourcing.persistence import JSONTranscoder

from domain.kernel import Command, PlayerSpec
from service.app import GameService, StoredJSONTranscoder, _command_json, _stored_command, game_uuid

STATES: list[dict[str, Any]] = [
    {
        "timestamp": datetime(2026, 1, 2, 3, 4, 5, 678901, tzinfo=UTC),
        "event": {"seq": 3, "type": "TurnPassed", "data": {"to": "p2"}, "rule": "FAKE-1 4.1", "cause": "cmd:c1"},
        "command_id": "c1",
        "command": {"args": {"note": 'ünï\u2028côdé "q" \\ \U0001f0cf'}, "id": "c1", "player": "p1"},
        "chain_hash": "ab" * 32,
        "class_version": 2,
    },
    {"originator_topic": "adjudicator:Game", "id": uuid4(), "n": Decimal("1.50"), "f": [0.1, -0.0, 1e300, 2**70]},
    {"nested": {"a": [{"b": None, "c": True}, ("t", 1)], "": ""}, "nan": float("nan"), "inf": float("-inf")},
    {},
]


def _transcoders() -> tuple[JSONTranscoder, JSONTranscoder]:
    stock, ours = JSONTranscoder(), StoredJSONTranscoder()
    for transcoder in (stock, ours):
        Application.register_transcodings(Application.__new__(Application), transcoder)
    return stock, ours


@pytest.mark.parametrize("state", STATES)
def test_the_service_transcoder_writes_the_stock_bytes(state: dict[str, Any]) -> None:
    stock, ours = _transcoders()
    assert ours.encode(state) == stock.encode(state)
    assert ours.decode(ours.encode(state)).keys() == state.keys()


def test_unregistered_types_are_refused_as_by_the_stock_transcoder() -> None:
    stock, ours = _transcoders()
    for transcoder in (stock, ours):
        with pytest.raises(TypeError):
            transcoder.encode({"x": object()})


def test_every_stored_event_and_snapshot_has_the_stock_bytes(service: GameService) -> None:
    assert isinstance(service.app.mapper.transcoder, StoredJSONTranscoder)
    players = [PlayerSpec("p1", "Alice ü", {"starter": "counters"}), PlayerSpec("p2", "Bob", {"starter": "sixes"})]
    version = service.create_game("FAKE-1", "standard", players, seed=3, first_player="p1", game_id="g").version
    for n in range(12):  # past a snapshot (tests' interval)
        command = Command("Pass", "p1" if n % 2 == 0 else "p2", {"note": f"é{n}\u2028"}, f"c{n}")
        version = service.submit("g", command, version).version
    stock, _ = _transcoders()
    stored = list(service.app.recorder.select_events(game_uuid("g")))
    assert service.app.snapshots is not None
    snapshots = list(service.app.snapshots.recorder.select_events(game_uuid("g")))
    assert len(stored) == version and snapshots
    for s in [*stored, *snapshots]:
        assert stock.encode(stock.decode(s.state)) == s.state


class _Small(enum.IntEnum):
    ONE = 1


@pytest.mark.parametrize(
    "args",
    [
        {},
        {"by": 2, "b": True, "z": None, "a": "ünï\udc80", "n": -(2**70)},
        {"by": _Small.ONE},
        {"f": 1.5},
        {"nested": {"b": 1, "a": [1, (2, 3)]}},
        {1: "int key"},
        {"t": (1, 2)},
    ],
)
def test_the_stored_command_is_its_canonical_json_decoded(args: dict[Any, Any]) -> None:
    command = Command("Increment", "p1", args, "c-1")
    expected = json.loads(_command_json(command))
    stored = _stored_command(command, None)
    assert json.dumps(stored) == json.dumps(expected)  # same keys, order and values
    assert _types(stored) == _types(expected)


def _types(value: Any) -> Any:
    if isinstance(value, dict):
        return [(k, _types(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [_types(v) for v in value]
    return type(value)
