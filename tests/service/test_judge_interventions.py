"""Judges' interventions on record (docs/judge-interventions.md): ruling notes are events of
the game that change nothing but the stream position, are exported in the replay log and
audit consistent; a fork at a command boundary equals the original there, then diverges,
and leaves the original untouched; judge reads of hidden information are listed."""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from domain.audit import audit
from domain.kernel import Command, PlayerSpec
from service.app import GameService, game_uuid
from service.audit import Audits
from service.errors import InvalidRequestError
from service.interventions import add_note, fork_game, fork_points, list_reads
from service.settings import Settings
from tests.story import deck_settings

JUDGE = "judge-" + "k" * 40
JUDGE_AUTH = {"Authorization": f"Bearer {JUDGE}"}
NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
ROOT = Path(__file__).resolve().parent.parent.parent


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def service(tmp_path: Path) -> Iterator[GameService]:
    settings = Settings(
        allow_client_seed=True, store="sqlite", sqlite_path=tmp_path / "j.db", judge_token=JUDGE, snapshot_interval=50
    )
    games = GameService(settings, clock=lambda: NOW)
    try:
        yield games
    finally:
        games.close()


@pytest.fixture
def client(service: GameService) -> Iterator[TestClient]:
    with TestClient(create_app(service=service), raise_server_exceptions=False) as c:
        yield c


def create(client: TestClient, game_id: str = "g1") -> dict[str, str]:
    body = {
        "ruleset": "FoW-5.5",
        "variant": "valhalla",
        "game_id": game_id,
        "seed": 11,
        "first_player": "p1",
        "players": [
            {"id": "p1", "name": "Alice", "deck": {"starter": "fire-starter", "automatic_cards_in_hand": "never"}},
            {"id": "p2", "name": "Bob", "deck": {"starter": "water-starter"}},
        ],
    }
    r = client.post("/games", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json()["player_tokens"])


def play(client: TestClient, tokens: dict[str, str], moves: int, game_id: str = "g1", seed: int = 3) -> None:
    rng = random.Random(seed)
    for n in range(moves):
        options: list[tuple[str, dict[str, Any]]] = []
        for player, token in tokens.items():
            r = client.get(f"/games/{game_id}/legal-actions", headers=auth(token))
            assert r.status_code == 200, r.text
            options += [(player, a) for a in r.json()["actions"] if a["type"] != "Concede"]
        player, action = rng.choice(options)
        body = {"command_id": f"{game_id}-s{seed}-c{n}", "type": action["type"], "args": action["args"]}
        r = client.post(f"/games/{game_id}/commands", headers=auth(tokens[player]), json=body)
        assert r.status_code == 200, r.text


def concede(client: TestClient, token: str, game_id: str) -> None:
    r = client.post(f"/games/{game_id}/commands", headers=auth(token), json={"command_id": "gg", "type": "Concede"})
    assert r.status_code == 200, r.text


def state_dict(service: GameService, game_id: str, version: int | None = None) -> dict[str, Any]:
    game = service._load(game_id, version=version)
    return dict(game.engine.state_to_dict(game.state))


# ----------------------------------------------------------------------------- ruling notes


def test_a_note_is_a_judge_event_that_changes_nothing_but_the_stream_position(
    client: TestClient, service: GameService
) -> None:
    tokens = create(client)
    play(client, tokens, 4)
    before_version = service._load("g1").version
    before = state_dict(service, "g1")
    r = client.post(
        "/games/g1/notes",
        headers=JUDGE_AUTH,
        json={"event": 3, "text": "Checked the replacement order with both players.", "rules": ["FoW-5.5 9.10 p2"]},
    )
    assert r.status_code == 201, r.text
    noted = r.json()
    assert noted["version"] == before_version + 1
    assert noted["event"] == {
        "seq": before_version + 1,
        "type": "RulingNoted",
        "data": {"on": 3, "text": "Checked the replacement order with both players.", "rules": ["FoW-5.5 9.10 p2"]},
        "rule": "FoW-5.5 9.10 p2",
        "cause": "ev:3",
        "actor": "judge",
    }
    after = state_dict(service, "g1")
    assert after.pop("seq") == before_version + 1
    assert before.pop("seq") == before_version
    assert after == before
    # without citations a note cites the rule of the event it is on
    target_rule = service.events("g1", after=4, limit=1)[0].rule
    plain = add_note(service, "g1", 5, "No ruling needed.")
    assert plain.event.rule == target_rule and plain.event.data["rules"] == []
    play(client, tokens, 2, seed=5)  # play goes on after notes (the engine numbers events after them)
    assert Audits(service).verify_chain("g1").status == "intact"
    # players see that there is a note and on which event, not its text
    seen = client.get("/games/g1/events", headers=auth(tokens["p2"])).json()["events"]
    notes = [e for e in seen if e["type"] == "RulingNoted"]
    assert [n["data"] for n in notes] == [{"on": 3}, {"on": 5}]


def test_a_note_citing_an_unknown_rule_is_refused_naming_it(client: TestClient, service: GameService) -> None:
    tokens = create(client)
    play(client, tokens, 1)
    version = service._load("g1").version
    r = client.post(
        "/games/g1/notes", headers=JUDGE_AUTH, json={"event": 1, "text": "x", "rules": ["FoW-5.5 1.1", "FoW-5.5 99.9"]}
    )
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    assert error["code"] == "note/unknown_rule" and "'FoW-5.5 99.9'" in error["message"]
    with pytest.raises(InvalidRequestError) as raised:
        add_note(service, "g1", 1, "x", ["not a citation"])
    assert raised.value.code == "note/unknown_rule" and "'not a citation'" in raised.value.message
    assert service._load("g1").version == version  # nothing recorded


def test_a_note_on_an_event_that_does_not_exist_is_refused(client: TestClient, service: GameService) -> None:
    tokens = create(client)
    version = service._load("g1").version
    r = client.post("/games/g1/notes", headers=JUDGE_AUTH, json={"event": version + 1, "text": "x"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "game/no_such_event", r.text
    assert f"it has {version} events" in r.json()["error"]["message"]
    assert client.post("/games/nope/notes", headers=JUDGE_AUTH, json={"event": 1, "text": "x"}).status_code == 404
    assert client.post("/games/g1/notes", headers=auth(tokens["p1"]), json={"event": 1, "text": "x"}).status_code == 403
    assert client.post("/games/g1/notes", headers=JUDGE_AUTH, json={"event": 1, "text": ""}).status_code == 422
    too_long = {"event": 1, "text": "x" * 4001}
    assert client.post("/games/g1/notes", headers=JUDGE_AUTH, json=too_long).status_code == 422
    assert service._load("g1").version == version


def test_notes_show_in_the_timeline_and_in_why(client: TestClient, service: GameService) -> None:
    tokens = create(client)
    play(client, tokens, 3)
    last = service._load("g1").version
    add_note(service, "g1", last, "Warning for slow play.", ["FoW-5.5 1.1"])
    entries = client.get("/games/g1/timeline", headers=JUDGE_AUTH).json()["entries"]
    assert entries[-1]["type"] == "RulingNoted" and entries[-1]["actor"] == "judge"
    assert entries[-1]["summary"] == f"Judge's ruling on event {last}: Warning for slow play. [FoW-5.5 1.1]"
    why = client.get(f"/games/g1/why/{last}", headers=JUDGE_AUTH).json()
    assert [n["data"]["text"] for n in why["notes"]] == ["Warning for slow play."]
    assert client.get("/games/g1/why/2", headers=JUDGE_AUTH).json()["notes"] == []


def test_notes_are_exported_and_the_log_audits_consistent_in_a_fresh_process(
    client: TestClient, service: GameService, tmp_path: Path
) -> None:
    tokens = create(client)
    add_note(service, "g1", 1, "Decks checked before the game.")  # a note right after the setup
    play(client, tokens, 4)
    add_note(service, "g1", service._load("g1").version, "Ruled on the chase.", ["FoW-5.5 9.10 p2"])
    play(client, tokens, 2, seed=9)
    concede(client, tokens["p2"], "g1")
    r = client.get("/games/g1/log", headers=JUDGE_AUTH)
    assert r.status_code == 200, r.text
    lines = r.text.splitlines()
    notes = [json.loads(line) for line in lines if '"note"' in line]
    assert [n["note"]["data"]["text"] for n in notes] == ["Decks checked before the game.", "Ruled on the chase."]
    assert notes[0]["after_step"] == 0 and notes[1]["after_step"] == 4
    stored = [e.to_dict() for e in service.events("g1") if e.type == "RulingNoted"]
    assert [n["note"] for n in notes] == stored  # exported verbatim
    schema = json.loads((ROOT / "docs" / "replay-log.schema.json").read_text())
    defs = {"$schema": schema["$schema"], "$defs": schema["$defs"]}
    jsonschema.Draft202012Validator({**defs, "$ref": "#/$defs/header"}).validate(json.loads(lines[0]))
    line = jsonschema.Draft202012Validator({**defs, "$ref": "#/$defs/line"})
    for text in lines[1:]:
        line.validate(json.loads(text))
    with pytest.raises(jsonschema.ValidationError):
        line.validate({"after_step": 0, "note": {**notes[0]["note"], "type": "CardMoved"}})
    log = tmp_path / "g1.jsonl"
    log.write_text(r.text)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "service.cli", "audit", str(log)], capture_output=True, text=True, env=env, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "verdict: consistent" in done.stdout
    # a note moved out of its place in the stream is caught (its seq is checked)
    moved = [json.loads(line) for line in lines]
    index = next(i for i, e in enumerate(moved) if "note" in e and e["after_step"] == 4)
    moved[index]["note"]["seq"] += 1
    verdict = audit([json.dumps(e) for e in moved])
    assert verdict.verdict == "malformed" and verdict.line == index + 1


# ---------------------------------------------------------------------------------- forks


def test_a_fork_equals_the_original_at_the_fork_point_then_diverges_and_the_original_is_untouched(
    client: TestClient, service: GameService
) -> None:
    tokens = create(client)
    play(client, tokens, 6)
    add_note(service, "g1", 2, "A note before the fork point.")
    play(client, tokens, 3, seed=8)
    stored = list(service.app.events.get(game_uuid("g1")))
    points = fork_points(stored)
    at = points[len(points) // 2]
    original = service._load("g1")
    head, version = original.chain_head, original.version

    r = client.post("/games/g1/fork", headers=JUDGE_AUTH, json={"at": at, "game_id": "g1-fork"})
    assert r.status_code == 201, r.text
    forked = r.json()
    assert forked["game_id"] == "g1-fork" and forked["version"] == at
    assert forked["forked_from"] == {"game_id": "g1", "version": at, "head": stored[at - 1].chain_hash}
    assert set(forked["player_tokens"]) == {"p1", "p2"}
    assert forked["player_tokens"] != tokens
    assert state_dict(service, "g1-fork") == state_dict(service, "g1", version=at)
    assert [e.to_dict() for e in service.events("g1-fork")] == [e.to_dict() for e in service.events("g1")][:at]
    # every view of the fork says what it forks
    state = client.get("/games/g1-fork/state", headers=auth(forked["player_tokens"]["p1"])).json()
    assert state["forked_from"]["game_id"] == "g1" and state["forked_from"]["version"] == at
    state_at = client.get("/games/g1-fork/state-at?at=1", headers=JUDGE_AUTH).json()
    assert state_at["forked_from"]["version"] == at
    header = json.loads(client.get("/games/g1-fork/log", headers=JUDGE_AUTH).text.splitlines()[0])
    assert header["forked_from"]["game_id"] == "g1"
    assert client.get("/games/g1/state", headers=JUDGE_AUTH).json()["forked_from"] is None

    # the fork goes its own way; the original is untouched
    play(client, forked["player_tokens"], 3, game_id="g1-fork", seed=21)
    assert service._load("g1-fork").version > at
    after = service._load("g1")
    assert (after.version, after.chain_head) == (version, head)
    assert Audits(service).verify_chain("g1").status == "intact"
    assert Audits(service).verify_chain("g1-fork").status == "intact"

    # once both have ended, the fork's log audits from the original's setup
    concede(client, tokens["p2"], "g1")
    concede(client, forked["player_tokens"]["p1"], "g1-fork")
    verdict = Audits(service).audit(Audits(service).export_log("g1-fork").to_text())
    assert verdict.verdict == "consistent", verdict


def test_a_fork_inside_a_command_is_refused_naming_the_nearest_valid_versions(
    client: TestClient, service: GameService
) -> None:
    tokens = create(client)
    play(client, tokens, 8)
    stored = list(service.app.events.get(game_uuid("g1")))
    points = fork_points(stored)
    inside = next(v for v in range(1, len(stored)) if v not in points and v > points[0])
    below, above = max(p for p in points if p < inside), min(p for p in points if p > inside)
    r = client.post("/games/g1/fork", headers=JUDGE_AUTH, json={"at": inside})
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    assert error["code"] == "fork/not_a_boundary"
    assert f"nearest valid versions are {below} and {above}" in error["message"]
    r = client.post("/games/g1/fork", headers=JUDGE_AUTH, json={"at": len(stored) + 1})
    assert r.status_code == 422 and r.json()["error"]["code"] == "fork/no_such_version"
    assert client.post("/games/g1/fork", headers=auth(tokens["p1"]), json={"at": points[0]}).status_code == 403
    fork_game(service, "g1", points[0], "taken")
    taken = client.post("/games/g1/fork", headers=JUDGE_AUTH, json={"at": points[0], "game_id": "taken"})
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "game/already_exists"
    assert not list(service.app.events.get(game_uuid("nope")))
    assert client.post("/games/nope/fork", headers=JUDGE_AUTH, json={"at": 1}).status_code == 404


def test_a_fork_re_adjudicates_the_recorded_commands(service: GameService, client: TestClient) -> None:
    tokens = create(client)
    play(client, tokens, 5)
    end = service._load("g1").version
    forked = fork_game(service, "g1", end, "again")
    fork_stream = list(service.app.events.get(game_uuid("again")))
    commands = [e.command for e in fork_stream[1:] if getattr(e, "command", None)]
    original = [e.command for e in list(service.app.events.get(game_uuid("g1")))[1:] if getattr(e, "command", None)]
    assert commands == original and len(commands) == 5
    assert forked.version == end
    assert Command.from_dict(commands[0]).player in {"p1", "p2"}


# ---------------------------------------------------------------------------- judge reads


def test_judge_reads_of_hidden_information_are_listed_with_who_when_and_what(
    client: TestClient, service: GameService
) -> None:
    tokens = create(client)
    play(client, tokens, 2)
    assert client.get("/games/g1/state", headers=auth(tokens["p1"])).status_code == 200  # a player's own view
    assert client.get("/games/g1/state?at=2", headers=JUDGE_AUTH).status_code == 200
    assert client.get("/games/g1/timeline", headers=JUDGE_AUTH).status_code == 200
    assert client.get("/games/g1/events?viewer=p2", headers=JUDGE_AUTH).status_code == 200
    assert client.get("/games/g1/state-at?at=1", headers=JUDGE_AUTH).status_code == 200
    assert client.get("/games/g1/log", headers=JUDGE_AUTH).status_code == 200
    assert client.get("/games/g1/state?at=9999", headers=JUDGE_AUTH).status_code == 422  # nothing read
    r = client.get("/games/g1/judge-reads", headers=JUDGE_AUTH)
    assert r.status_code == 200, r.text
    reads = r.json()["reads"]
    assert [x["endpoint"] for x in reads] == [
        "GET /games/g1/state?at=2",
        "GET /games/g1/timeline",
        "GET /games/g1/events?viewer=p2",
        "GET /games/g1/state-at?at=1",
        "GET /games/g1/log",
    ]
    assert {x["who"] for x in reads} == {"judge"} and {x["at"] for x in reads} == {NOW.isoformat()}
    assert [x["number"] for x in reads] == [1, 2, 3, 4, 5]
    page = client.get("/games/g1/judge-reads?after=1&limit=2", headers=JUDGE_AUTH).json()
    assert [x["number"] for x in page["reads"]] == [2, 3] and page["next_after"] == 3
    assert client.get("/games/g1/judge-reads?after=3", headers=JUDGE_AUTH).json()["next_after"] is None
    assert [x.number for x in list_reads(service, "g1", after=4)] == [5]
    assert client.get("/games/g1/judge-reads", headers=auth(tokens["p1"])).status_code == 403
    assert client.get("/games/nope/judge-reads", headers=JUDGE_AUTH).status_code == 404
    # the game's own stream is untouched by reads
    assert Audits(service).verify_chain("g1").status == "intact"


@pytest.mark.parametrize(
    ("ruleset", "variant", "d1", "d2"),
    [
        ("FoW-5.5", "valhalla", "fire-starter", "water-starter"),
        ("GCG-1.00", "standard", "blue_bulwark", "red_rampage"),
        ("LL-2.04", "standard", "monolium_starlight", "septpia_tides"),
    ],
)
def test_every_engine_folds_a_note_as_its_position_only(
    service: GameService, ruleset: str, variant: str, d1: str, d2: str
) -> None:
    players = [
        PlayerSpec("p1", "Alice", {"starter": d1, **deck_settings(ruleset)}),
        PlayerSpec("p2", "Bob", {"starter": d2}),
    ]
    service.create_game(ruleset, variant, players, seed=5, game_id="e1")
    game = service._load("e1")
    engine = game.engine
    before = dict(engine.state_to_dict(game.state))
    add_note(service, "e1", 1, "Deck check passed.")
    replayed = service._load("e1", version=game.version + 1)  # folded from the store (replay)
    for state in (service._load("e1").state, replayed.state):
        after = dict(engine.state_to_dict(state))
        assert after.pop("seq") == game.version + 1
        assert after == {k: v for k, v in before.items() if k != "seq"}
    legal = engine.legal_actions(replayed.state, "p1") + engine.legal_actions(replayed.state, "p2")
    assert legal == engine.legal_actions(game.state, "p1") + engine.legal_actions(game.state, "p2")


def test_a_fork_of_a_contributed_game_reveals_the_seed_only_once_both_games_have_ended(
    client: TestClient, service: GameService
) -> None:
    body = {
        "ruleset": "LL-2.04",
        "variant": "standard",
        "game_id": "c1",
        "players": [
            {"id": "p1", "name": "Alice", "deck": {"starter": "monolium_starlight"}},
            {"id": "p2", "name": "Bob", "deck": {"starter": "septpia_tides"}},
        ],
    }
    r = client.post("/games", json=body)
    assert r.status_code == 201, r.text
    tokens = dict(r.json()["player_tokens"])
    for token in tokens.values():
        dealt = client.post("/games/c1/entropy", headers=auth(token), json={"entropy": "ab" * 32})
        assert dealt.status_code == 200, dealt.text
    play(client, tokens, 4, game_id="c1")
    at = service._load("c1").version
    forked = client.post("/games/c1/fork", headers=JUDGE_AUTH, json={"at": at, "game_id": "c1-fork"}).json()
    fork_tokens = forked["player_tokens"]
    concede(client, fork_tokens["p2"], "c1-fork")
    header = json.loads(Audits(service).export_log("c1-fork").to_lines()[0])
    assert header["randomness"] == "contributed" and header["server_seed"] is None and header["seed"] is None
    concede(client, tokens["p2"], "c1")
    log = Audits(service).export_log("c1-fork")
    assert log.header["server_seed"] is not None
    verdict = Audits(service).audit(log.to_text())
    assert verdict.verdict == "consistent", verdict


def test_a_note_changed_in_the_store_breaks_the_chain_at_that_note(client: TestClient, service: GameService) -> None:
    tokens = create(client)
    play(client, tokens, 2)
    noted = add_note(service, "g1", 2, "Original ruling text.")
    play(client, tokens, 1, seed=4)
    assert Audits(service).verify_chain("g1").status == "intact"
    key = (game_uuid("g1").hex, noted.version)
    with sqlite3.connect(service.settings.sqlite_path) as conn:
        (state,) = conn.execute(
            "SELECT state FROM stored_events WHERE originator_id = ? AND originator_version = ?", key
        ).fetchone()
        assert b"Original ruling text." in state
        changed = state.replace(b"Original ruling text.", b"A different ruling.")
        conn.execute(
            "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = ?", (changed, *key)
        )
    report = Audits(service).verify_chain("g1")
    assert report.status == "broken" and report.broken_at == noted.version
