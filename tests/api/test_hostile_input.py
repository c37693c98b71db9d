"""Hostile input against the HTTP API.

A hypothesis-driven fuzzer reads the app's own OpenAPI schema, so every documented
endpoint is covered, including ones added later.  For each operation it sends random and
malicious path and query values, bodies (random JSON, mutated valid bodies, broken
bytes) and bearer tokens (none, garbage, another game's, the other player's, the
judge's): the server never answers 5xx, and every error is structured JSON
``{"error": {"code", "message", ...}}`` with a non-empty code.

Then targeted cases: oversize bodies (declared and streamed), deeply nested JSON, unknown
card ids, wrong-player and invalid tokens, and injection strings in every text field,
after which the store is intact (SQLite and PostgreSQL).
"""

from __future__ import annotations

import dataclasses
import json
import string
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.app import MAX_BODY_BYTES, create_app
from service.app import GameService
from service.catalog import CardCatalogs
from service.settings import Settings
from service.stream import GameStreams, StreamLease
from tests import fakes

JUDGE = "hostile-judge-" + "h" * 40
INJECTIONS = [
    "'; DROP TABLE stored_events; --",
    "' OR '1'='1",
    '"; DROP SCHEMA public CASCADE; --',
    "Robert'); DELETE FROM adjudicator_events;--",
    "{{7*7}}${7*7}<%= 7*7 %>",
    "<script>alert(1)</script>",
    "../../../../etc/passwd",
    "..%2f..%2fetc%2fpasswd",
    "%00",
    "\x00",
    "a\x00b",
    "\u202eevil\u202c",
    "\ud7ff\ue000\uffff",
    "\U0001d54f" * 70,  # an astral-plane letter: 70 characters, 280 bytes
    "$(reboot)",
    "`id`",
    "\r\nSet-Cookie: x=1",
    "__proto__",
    "constructor",
    "NaN",
    "-1",
    "9" * 400,
    "x" * 5000,
    "",
    " ",
]
PLAYERS_BODY = [
    {"id": "p1", "name": "Alice", "deck": {"starter": "counters"}},
    {"id": "p2", "name": "Bob", "deck": {"main": [{"card": "F-006", "count": 4}]}},
]
RAW_BODIES = [
    b"{",
    b"[" * 5000,
    b"\xff\xfe",
    b"null",
    b'{"command_id": "nan", "type": "Increment", "args": {"by": NaN}}',
    b'{"command_id": "inf", "type": "Pass", "args": {"x": Infinity}, "expected_version": -Infinity}',
    b'{"ruleset": "FAKE-1", "variant": "standard", "seed": 1e400, "players": []}',
    b'{"command_id": "dup", "command_id": "dup2", "type": "Pass"}',
]
"""Bodies the JSON encoder would not produce: broken, non-standard numbers, duplicate keys."""
GAME_BODY: dict[str, Any] = {
    "ruleset": "FAKE-1",
    "variant": "standard",
    "players": PLAYERS_BODY,
    "seed": 7,
    "first_player": "p1",
}


def assert_structured(response: Any, context: str = "") -> None:
    """No 5xx, and an error is ``{"error": {"code", "message", ...}}``."""
    where = f"{response.request.method} {response.request.url} {context}"
    assert response.status_code < 500, f"{where} -> {response.status_code} {response.text[:500]}"
    if response.status_code >= 400:
        try:
            body = response.json()
        except ValueError:
            raise AssertionError(f"{where} -> {response.status_code} non-JSON error {response.text[:300]!r}") from None
        assert isinstance(body, dict) and set(body) == {"error"}, f"{where} -> {body}"
        error = body["error"]
        assert isinstance(error.get("code"), str) and error["code"], f"{where} -> {body}"
        assert isinstance(error.get("message"), str) and error["message"], f"{where} -> {body}"
        assert set(error) <= {"code", "message", "rule", "details"}, f"{where} -> {body}"


class World:
    """One API over one store, with two games and their tokens."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.tokens: dict[str, dict[str, str]] = {}
        for game_id in ("g1", "g2"):
            created = client.post("/games", json={**GAME_BODY, "game_id": game_id})
            assert created.status_code == 201, created.text
            self.tokens[game_id] = created.json()["player_tokens"]
        # a command, so every game has events beyond its setup
        ok = client.post(
            "/games/g1/commands",
            json={"command_id": "c1", "type": "Increment", "args": {"by": 1}},
            headers=self.auth(self.tokens["g1"]["p1"]),
        )
        assert ok.status_code == 200, ok.text

    @staticmethod
    def auth(token: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"}


class _EndingStreams(GameStreams):
    """Streams that end at their first wake-up: a fuzzed ``GET /games/{id}/stream`` that happens to be
    valid must answer, not stream until the game ends (its input checks all run before the stream
    starts; the stream itself is specified in tests/api/test_stream.py)."""

    def lease(self) -> StreamLease:
        lease = super().lease()
        lease.stopped.set()
        return lease


def _open(settings: Settings, catalogs: CardCatalogs) -> Iterator[World]:
    service = GameService(settings, catalogs)
    try:
        with TestClient(create_app(service=service), raise_server_exceptions=False) as client:
            client.app.state.streams = _EndingStreams(service, settings.max_streams)  # type: ignore[attr-defined]
            yield World(client)
    finally:
        service.close()


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    fakes.register()
    root = fakes.write_catalog(tmp_path_factory.mktemp("catalogs"))
    catalogs = CardCatalogs(root=root, prefixes=fakes.PREFIXES)
    path = tmp_path_factory.mktemp("hostile") / "games.db"
    yield from _open(
        Settings(allow_client_seed=True, sqlite_path=path, judge_token=JUDGE, snapshot_interval=4), catalogs
    )


# ------------------------------------------------------------------------ the fuzzer


def _operations() -> list[tuple[str, str, dict[str, Any]]]:
    spec = create_app(settings=Settings(allow_client_seed=True, store="memory", judge_token=JUDGE)).openapi()
    return [
        (method.upper(), path, op)
        for path, ops in sorted(spec["paths"].items())
        for method, op in sorted(ops.items())
        if method in ("get", "post", "put", "patch", "delete")
    ]


OPERATIONS = _operations()

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=30),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=20,
)
hostile_text = st.sampled_from(INJECTIONS) | st.text(max_size=80) | st.text(string.printable, max_size=20)


def _value(draw: Any, name: str, schema: dict[str, Any]) -> Any:
    if name == "timeout":  # a long poll: never let the fuzzer wait for it
        return draw(st.sampled_from([0.001, 0.01, -1, 0, 31, "x", "1e309", "nan"]))
    if name == "game_id":
        return draw(st.sampled_from(["g1", "g2", "nope"]) | hostile_text)
    kinds = [schema.get("type")] + [s.get("type") for s in schema.get("anyOf", [])]
    valid: st.SearchStrategy[Any] = st.nothing()
    if "integer" in kinds:
        valid = st.integers(min_value=-5, max_value=50) | st.integers()
    elif "string" in kinds:
        valid = st.sampled_from(["p1", "p2", "main", "1", "FAKE-1"])
    return draw(valid | hostile_text | st.integers(-(2**70), 2**70) | st.floats())


def _body(draw: Any, path: str) -> tuple[dict[str, Any] | None, bytes | None]:
    """Either a JSON value or raw bytes."""
    base: dict[str, Any] = {}
    if path == "/games":
        base = {**GAME_BODY, "game_id": draw(st.sampled_from(["new1", "g1"]) | hostile_text)}
    elif path.endswith("/commands"):
        base = {"command_id": "c9", "type": "Increment", "args": {"by": 1}, "expected_version": 5}
    elif path == "/audits":
        base = {"lines": ["{}"]}
    kind = draw(st.sampled_from(["mutated", "random", "bytes", "none"]))
    if kind == "none":
        return None, None
    if kind == "bytes":
        return None, draw(st.binary(max_size=200) | st.sampled_from(RAW_BODIES))
    if kind == "random" or not base:
        return {"value": draw(json_values)} if draw(st.booleans()) else draw(json_values), None
    mutated = dict(base)
    key = draw(st.sampled_from([*base, "extra"]))
    mutated[key] = draw(json_values | hostile_text)
    return mutated, None


@pytest.mark.parametrize(("method", "path", "op"), OPERATIONS, ids=[f"{m} {p}" for m, p, _ in OPERATIONS])
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_fuzz_every_endpoint(world: World, method: str, path: str, op: dict[str, Any], data: st.DataObject) -> None:
    draw = data.draw
    url = path
    query: dict[str, Any] = {}
    for param in op.get("parameters", []):
        value = _value(draw, param["name"], param.get("schema", {}))
        if param["in"] == "path":
            url = url.replace("{" + param["name"] + "}", quote(str(value), safe="") or "x")
        elif param["in"] == "query" and draw(st.booleans()):
            query[param["name"]] = str(value)
    token = draw(
        st.sampled_from(
            [
                None,
                JUDGE,
                world.tokens["g1"]["p1"],
                world.tokens["g1"]["p2"],
                world.tokens["g2"]["p1"],
                "garbage",
                world.tokens["g1"]["p1"][:-1],
                "x" * 3000,
            ]
        )
    )
    headers = {} if token is None else World.auth(token)
    if draw(st.booleans()) and token is not None:
        headers = {"Authorization": draw(st.sampled_from(["Basic Zm9vOmJhcg==", "Bearer", "Bearer  ", token]))}
    kwargs: dict[str, Any] = {"params": query, "headers": headers}
    if method in ("POST", "PUT", "PATCH"):
        body, raw = _body(draw, path)
        if raw is not None:
            kwargs["content"] = raw
            kwargs["headers"] = {**headers, "Content-Type": "application/json"}
        elif body is not None:
            kwargs["json"] = body
    response = world.client.request(method, url, **kwargs)
    assert_structured(response, json.dumps(query)[:200])
    if path.endswith("/token") and response.status_code == 200:  # the judge reissued a token
        issued = response.json()
        world.tokens.setdefault(issued["game_id"], {})[issued["player"]] = issued["token"]


# ------------------------------------------------------------------- targeted cases


def test_oversize_bodies_are_refused_with_413(world: World) -> None:
    big = {**GAME_BODY, "game_id": "big", "padding": "x" * (MAX_BODY_BYTES + 1)}
    response = world.client.post("/games", json=big)
    assert_structured(response)
    assert response.status_code == 413 and response.json()["error"]["code"] == "request/too_large"

    def chunks() -> Iterator[bytes]:  # no Content-Length: the limit applies while streaming
        yield b'{"command_id": "c'
        for _ in range(MAX_BODY_BYTES // 4096 + 2):
            yield b"x" * 4096
        yield b'", "type": "Pass"}'

    streamed = world.client.post(
        "/games/g1/commands",
        content=chunks(),
        headers={**World.auth(world.tokens["g1"]["p2"]), "Content-Type": "application/json"},
    )
    assert_structured(streamed)
    assert streamed.status_code == 413


@pytest.mark.parametrize("depth", [100, 1_000, 100_000])
def test_deeply_nested_json_is_refused_cleanly(world: World, depth: int) -> None:
    nested = "[" * depth + "]" * depth
    body = '{"command_id": "deep", "type": "Pass", "args": {"x": ' + nested + "}}"
    response = world.client.post(
        "/games/g2/commands",
        content=body.encode(),
        headers={**World.auth(world.tokens["g2"]["p2"]), "Content-Type": "application/json"},
    )
    assert_structured(response)
    assert response.status_code in (200, 400, 413, 422), response.text[:300]
    if response.status_code == 400:  # too deep for the JSON parser: a malformed body
        assert response.json()["error"]["code"] == "request/invalid"
    created = world.client.post(
        "/games",
        content=('{"ruleset": "FAKE-1", "variant": ' + nested + "}").encode(),
        headers={"Content-Type": "application/json"},
    )
    assert_structured(created)
    assert created.status_code in (400, 413, 422)


@pytest.mark.parametrize("number", [b"NaN", b"Infinity", b"-Infinity"])
def test_non_finite_numbers_in_commands_are_refused_and_not_stored(world: World, number: bytes) -> None:
    """Python's JSON parser reads NaN and Infinity; stored, they would make the game's
    replay log and events invalid JSON for every other reader."""
    judge_view = world.client.get("/games/g2/state", headers=World.auth(JUDGE)).json()
    turn = judge_view["state"]["turn"]
    body = b'{"command_id": "nonfinite", "type": "Pass", "args": {"x": ' + number + b"}}"
    response = world.client.post(
        "/games/g2/commands",
        content=body,
        headers={**World.auth(world.tokens["g2"][turn]), "Content-Type": "application/json"},
    )
    assert_structured(response)
    assert (response.status_code, response.json()["error"]["code"]) == (422, "request/invalid")
    after = world.client.get("/games/g2/state", headers=World.auth(JUDGE)).json()
    assert after["version"] == judge_view["version"]


def test_unknown_card_ids_are_refused(world: World) -> None:
    for card in ["NOPE-001", "F-00" + "\x00", "'; DROP TABLE x; --", "F-006 ", "f-006"]:
        body = {
            **GAME_BODY,
            "game_id": "cards",
            "players": [PLAYERS_BODY[0], {"id": "p2", "name": "Bob", "deck": {"main": [{"card": card, "count": 4}]}}],
        }
        response = world.client.post("/games", json=body)
        assert_structured(response)
        assert response.status_code == 422
        assert response.json()["error"]["code"] in ("deck/unknown_card", "request/invalid")
    assert world.client.get("/games/cards/state", headers=World.auth(JUDGE)).status_code == 404


def test_tokens_act_only_for_their_own_player_and_game(world: World) -> None:
    judge_view = world.client.get("/games/g1/state", headers=World.auth(JUDGE)).json()
    version, turn = judge_view["version"], judge_view["state"]["turn"]
    waiting = "p2" if turn == "p1" else "p1"
    mine, theirs = world.tokens["g1"][waiting], world.tokens["g1"][turn]
    other_game = world.tokens["g2"][turn]
    command = {"command_id": "w1", "type": "Increment", "args": {"by": 1}}
    # the token decides who acts: the waiting player's token cannot act for the other,
    # and naming another player in the body is refused
    wrong = world.client.post("/games/g1/commands", json=command, headers=World.auth(mine))
    assert_structured(wrong)
    assert (wrong.status_code, wrong.json()["error"]["code"]) == (422, "rules/not_your_turn")
    smuggled = world.client.post("/games/g1/commands", json={**command, "player": turn}, headers=World.auth(mine))
    assert_structured(smuggled)
    assert (smuggled.status_code, smuggled.json()["error"]["code"]) == (422, "request/invalid")
    cross = world.client.post("/games/g1/commands", json=command, headers=World.auth(other_game))
    assert_structured(cross)
    assert (cross.status_code, cross.json()["error"]["code"]) == (401, "auth/invalid_token")
    judge = world.client.post("/games/g1/commands", json=command, headers=World.auth(JUDGE))
    assert_structured(judge)
    assert (judge.status_code, judge.json()["error"]["code"]) == (403, "auth/forbidden")
    for url, params in (
        ("/games/g1/state", {"viewer": turn}),
        ("/games/g1/events", {"viewer": turn}),
        ("/games/g1/legal-actions", {"player": turn}),
    ):
        peek = world.client.get(url, params=params, headers=World.auth(mine))
        assert_structured(peek)
        assert peek.status_code == 403, (url, peek.text)
    assert world.client.get("/games/g1/state", headers=World.auth(JUDGE)).json()["version"] == version
    # and the right token does act
    right = world.client.post("/games/g1/commands", json={**command, "command_id": "w2"}, headers=World.auth(theirs))
    assert right.status_code == 200, right.text


@pytest.mark.parametrize(
    "header",
    [
        None,
        "Bearer",
        "Bearer ",
        "Bearer garbage",
        "bearer " + "A" * 43,
        "Basic dXNlcjpwYXNz",
        "Token abc",
        "Bearer " + "x" * 10_000,
        "Bearer \u00e9\u00e8".encode(),  # not ASCII: sent as raw bytes
        "Bearer \u00e9\u00e8".encode("latin-1"),
        "Bearer a b c",
    ],
)
def test_missing_and_invalid_tokens_are_401(world: World, header: str | bytes | None) -> None:
    headers = {} if header is None else {"Authorization": header}
    for url in ("/games/g1/state", "/games/g1/events", "/games/g1/legal-actions?player=p1"):
        response = world.client.get(url, headers=headers)
        assert_structured(response, repr(header))
        assert response.status_code == 401, (url, header, response.text)
        assert response.headers.get("www-authenticate") == "Bearer"


def test_a_token_of_a_truncated_or_altered_form_is_refused(world: World) -> None:
    token = world.tokens["g1"]["p1"]
    for bad in (token[:-1], token + "A", token.upper(), token[::-1], token[:16]):
        response = world.client.get("/games/g1/state", headers=World.auth(bad))
        assert_structured(response)
        assert response.status_code == 401


@pytest.mark.parametrize(
    "store_settings", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True
)
def test_injection_strings_in_every_text_field(
    fake_engines: None, store_settings: Settings, catalogs: CardCatalogs
) -> None:
    """Ids are refused by their pattern (422); free text (names, command ids, command
    types and arguments) is data: stored and returned verbatim, never interpreted, and
    the store stays intact."""
    for world in _open(dataclasses.replace(store_settings, judge_token=JUDGE), catalogs):
        client = world.client
        token = world.tokens["g1"]["p1"]  # g1 waits for p2: p1's commands must all be refused
        before = client.get("/games/g1/events", headers=World.auth(JUDGE)).json()["events"]
        for n, evil in enumerate(INJECTIONS):
            for field in ("game_id", "first_player"):
                r = client.post("/games", json={**GAME_BODY, "game_id": f"i{n}", field: evil})
                assert_structured(r, f"{field}={evil!r}")
                assert r.status_code in (201, 422), r.text[:300]
                if r.status_code == 201:  # only an id that fits the pattern is accepted
                    assert field == "first_player" or evil.replace("-", "").replace("_", "").isalnum()
            for where in ("id", "name"):
                players = [{**PLAYERS_BODY[0], where: evil}, PLAYERS_BODY[1]]
                r = client.post("/games", json={**GAME_BODY, "game_id": f"n{n}{where}", "players": players})
                assert_structured(r, f"player {where}={evil!r}")
                if r.status_code == 201:
                    state = client.get(f"/games/n{n}{where}/state", headers=World.auth(JUDGE)).json()
                    assert state["players"][0][where] == evil  # verbatim
            deck = {"starter": evil}
            r = client.post(
                "/games",
                json={**GAME_BODY, "game_id": f"d{n}", "players": [{**PLAYERS_BODY[0], "deck": deck}, PLAYERS_BODY[1]]},
            )
            assert_structured(r, f"starter={evil!r}")
            assert r.status_code == 422
            for body in (
                {"command_id": evil or "e", "type": "Pass"},
                {"command_id": f"t{n}", "type": evil or "e"},
                {"command_id": f"a{n}", "type": "Increment", "args": {"by": evil, evil: evil}},
            ):
                r = client.post("/games/g1/commands", json=body, headers=World.auth(token))
                assert_structured(r, f"{body!r}"[:200])
                assert r.status_code == 422, r.text[:300]
            for url in (f"/games/{quote(evil, safe='')}/state", f"/games/g1/events?viewer={quote(evil, safe='')}"):
                r = client.get(url or "/", headers=World.auth(JUDGE))
                assert_structured(r, url[:100])
        after = client.get("/games/g1/events", headers=World.auth(JUDGE)).json()["events"]
        assert after == before  # nothing was recorded, nothing was damaged
        ok = client.post(
            "/games/g1/commands",
            json={"command_id": "fine", "type": "Pass"},
            headers=World.auth(world.tokens["g1"]["p2"]),
        )
        assert ok.status_code == 200, ok.text


@pytest.mark.parametrize(
    "path",
    [
        "/games/g1/events?after=9223372036854775808",
        "/games/g1/events?cursor=9223372036854775808",
        "/games/g1/state?at=9223372036854775808",
        "/games/g1/timeline?after=9223372036854775808",
        "/games/g1/state-at?at=9223372036854775808",
        "/games/g1/judge-reads?after=9223372036854775808",
    ],
)
def test_event_numbers_beyond_any_game_are_refused_as_malformed_not_a_500(world: World, path: str) -> None:
    # found by the slow fuzzer: a number past 64 bits overflowed inside the store (500)
    response = world.client.get(path, headers=World.auth(JUDGE))
    assert_structured(response)
    assert response.status_code == 422, response.text
    assert response.json()["error"]["code"] == "request/invalid"
