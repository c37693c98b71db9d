"""Replay logs, fair randomness and audits over HTTP, on real rules engines
(docs/replay-log.md).

* ``GET /games/{id}/log``: the judge any time, a player only once the game has ended; the
  seed is in the log only once the game has ended.
* Fair randomness: the first event publishes ``sha256("<game id>:<seed>")``; until the end
  no player-facing answer contains the seed or a hidden order; at the end ``SeedRevealed``
  publishes the seed, which matches the commitment, and the log audits ``consistent``.
* ``POST /audits``: verdicts with step, command, code, citation and the rule's text;
  malformed logs answer 422 ``log/malformed`` with the line.
* ``GET /games/{id}/verify``: judge only; names a row edited in SQLite.
* The CLI: ``adjudicator audit|export|verify``.
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from service import cli
from service.app import GameService, game_uuid
from service.settings import Settings
from tests.story import deck_settings

JUDGE = "judge-" + "j" * 40
GAMES = {
    "FoW-5.5": ("valhalla", "fire-starter", "water-starter"),
    "GCG-1.00": ("standard", "blue_bulwark", "red_rampage"),
    "LL-2.04": ("standard", "monolium_starlight", "septpia_tides"),
}


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(
        allow_client_seed=True,
        store="sqlite",
        sqlite_path=tmp_path / "audit.db",
        judge_token=JUDGE,
        snapshot_interval=50,
    )


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    service = GameService(settings)
    try:
        with TestClient(create_app(service=service), raise_server_exceptions=False) as client:
            yield client
    finally:
        service.close()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


JUDGE_AUTH = auth(JUDGE)


def create(client: TestClient, ruleset: str, game_id: str = "g1") -> dict[str, str]:
    variant, d1, d2 = GAMES[ruleset]
    body = {
        "ruleset": ruleset,
        "variant": variant,
        "game_id": game_id,
        "players": [
            {"id": "p1", "name": "Alice", "deck": {"starter": d1, **deck_settings(ruleset, "ask")}},
            {"id": "p2", "name": "Bob", "deck": {"starter": d2, **deck_settings(ruleset, "ask")}},
        ],
    }
    r = client.post("/games", json=body)
    assert r.status_code == 201, r.text
    tokens = dict(r.json()["player_tokens"])
    for token in tokens.values():  # no client seed: each player contributes entropy, the last deals
        dealt = client.post(f"/games/{game_id}/entropy", headers=auth(token), json={"entropy": secrets.token_hex(32)})
        assert dealt.status_code == 200, dealt.text
    return tokens


def play(client: TestClient, tokens: dict[str, str], moves: int, game_id: str = "g1", seed: int = 1) -> int:
    """Up to ``moves`` random legal commands (no Concede) through the API; returns how many."""
    rng = random.Random(seed)
    done = 0
    for n in range(moves):
        options: list[tuple[str, dict[str, Any]]] = []
        for player, token in tokens.items():
            r = client.get(f"/games/{game_id}/legal-actions", headers=auth(token))
            assert r.status_code == 200, r.text
            options += [(player, a) for a in r.json()["actions"] if a["type"] != "Concede"]
        if not options:
            break
        active = [o for o in options if o[1]["type"] != "Pass"]
        player, action = rng.choice(active) if active and rng.random() < 0.7 else rng.choice(options)
        body = {"command_id": f"c{n}", "type": action["type"], "args": action["args"]}
        r = client.post(f"/games/{game_id}/commands", headers=auth(tokens[player]), json=body)
        assert r.status_code == 200, r.text
        done += 1
    return done


def concede(client: TestClient, tokens: dict[str, str], game_id: str = "g1") -> None:
    r = client.post(
        f"/games/{game_id}/commands", headers=auth(tokens["p2"]), json={"command_id": "gg", "type": "Concede"}
    )
    assert r.status_code == 200, r.text


def judge_events(client: TestClient, game_id: str = "g1") -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    while True:
        r = client.get(f"/games/{game_id}/events?after={len(out)}&limit=1000", headers=JUDGE_AUTH)
        assert r.status_code == 200, r.text
        batch = r.json()["events"]
        if not batch:
            return out
        out += batch


SCHEMA = json.loads((Path(__file__).resolve().parent.parent.parent / "docs" / "replay-log.schema.json").read_text())


def check_schema(lines: list[str]) -> None:
    """Every line of an exported log follows docs/replay-log.schema.json."""
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    defs = {"$schema": SCHEMA["$schema"], "$defs": SCHEMA["$defs"]}
    header = jsonschema.Draft202012Validator({**defs, "$ref": "#/$defs/header"})
    step = jsonschema.Draft202012Validator({**defs, "$ref": "#/$defs/step"})
    header.validate(json.loads(lines[0]))
    for line in lines[1:]:
        step.validate(json.loads(line))
    assert not header.is_valid({**json.loads(lines[0]), "seed_commitment": "not a hash"})
    assert not step.is_valid({"step": 0, "command": {"type": "Pass"}})
    assert not step.is_valid({"step": 1, "command": {"type": "Pass", "player": "p1"}, "result": {"events": [{}]}})
    assert all("events" in json.loads(line)["result"] for line in lines[1:])


def audit(client: TestClient, text: str, **params: str) -> Any:
    return client.post("/audits", json={"log": text}, params=params)


# ----------------------------------------------------------------------------- fair randomness


@pytest.mark.parametrize("ruleset", list(GAMES))
def test_the_seed_is_committed_hidden_until_the_end_then_revealed_and_the_log_audits(
    client: TestClient, ruleset: str
) -> None:
    tokens = create(client, ruleset)
    play(client, tokens, 12)
    events = judge_events(client)
    started = events[0]["data"]
    seed = started["seed"]
    commitment = hashlib.sha256(f"g1:{seed}".encode()).hexdigest()
    assert started["seed_commitment"] == commitment

    assert str(seed) in client.get("/games/g1/state", headers=JUDGE_AUTH).text  # the search below can find it
    # before the end: no player-facing answer carries the seed or a hidden order
    for player, token in tokens.items():
        seen = [
            client.get("/games/g1/state", headers=auth(token)).text,
            client.get("/games/g1/events?limit=1000", headers=auth(token)).text,
            client.get("/games/g1/legal-actions", headers=auth(token)).text,
        ]
        for text in seen:
            assert str(seed) not in text, f"{player} can read the seed"
        mine = client.get("/games/g1/events?limit=1000", headers=auth(token)).json()["events"]
        assert mine[0]["data"]["seed_commitment"] == commitment and "seed" not in mine[0]["data"]
        assert all(e["data"].get("order") is None for e in mine if e["type"] == "DeckShuffled")
        assert not any(e["type"] == "SeedRevealed" for e in mine)
        r = client.get("/games/g1/log", headers=auth(token))
        assert r.status_code == 403 and r.json()["error"]["code"] == "auth/forbidden"
    # the judge's log of a running game carries only the commitment
    running = client.get("/games/g1/log", headers=JUDGE_AUTH)
    assert running.status_code == 200 and running.headers["content-type"].startswith("application/jsonl")
    header = json.loads(running.text.splitlines()[0])
    assert (header["seed"], header["seed_commitment"], header["claimed"]) == (None, commitment, None)
    verdict = audit(client, running.text).json()
    assert verdict["verdict"] == "seed_unrevealed"

    concede(client, tokens)
    mine = client.get("/games/g1/events?limit=1000&after=0", headers=auth(tokens["p1"])).json()["events"]
    revealed = [e for e in judge_events(client) if e["type"] == "SeedRevealed"]
    assert len(revealed) == 1 and revealed[0]["data"]["seed"] == seed
    assert any(e["type"] == "SeedRevealed" and e["data"]["seed"] == seed for e in mine)

    for token in tokens.values():
        r = client.get("/games/g1/log", headers=auth(token))
        assert r.status_code == 200, r.text
        lines = r.text.splitlines()
        header = json.loads(lines[0])
        assert header["seed"] == seed and header["seed_commitment"] == commitment
        assert header["ruleset"] == ruleset and [p["id"] for p in header["players"]] == ["p1", "p2"]
        assert json.loads(lines[-1])["command"]["type"] == "Concede"
        assert header["claimed"]["winner"] == "p1"
        check_schema(lines)
    verdict = audit(client, r.text).json()
    assert verdict["verdict"] == "consistent", verdict
    assert verdict["events"] == len(judge_events(client)) == header["game_version"]
    assert verdict["details"]["winner"] == "p1" and len(verdict["final_state_digest"]) == 64


def test_a_changed_command_is_reported_with_its_step_code_rule_and_rule_text(client: TestClient) -> None:
    tokens = create(client, "FoW-5.5")
    play(client, tokens, 15)
    concede(client, tokens)
    lines = client.get("/games/g1/log", headers=auth(tokens["p1"])).text.splitlines()
    step = 3
    entry = json.loads(lines[step])
    other = "p2" if entry["command"]["player"] == "p1" else "p1"
    entry["command"] = {"type": "CallMagicStone", "player": other, "args": {}, "id": "forged"}
    lines[step] = json.dumps(entry)
    verdict = audit(client, "\n".join(lines)).json()
    assert verdict["verdict"] == "inconsistent", verdict
    assert (verdict["step"], verdict["line"]) == (step, step + 1)
    assert verdict["command"]["id"] == "forged"
    assert verdict["code"].startswith("rules/")
    assert verdict["rule"].startswith("FoW-5.5 ")
    assert verdict["rule_text"], "the cited rule's text is resolved from the rules files"
    assert verdict["final_state_digest"]


def test_a_changed_event_is_named_with_its_seq_field_values_rule_and_rule_text(client: TestClient) -> None:
    from service.audit import rule_text_of

    tokens = create(client, "FoW-5.5")
    play(client, tokens, 15)
    concede(client, tokens)
    lines = client.get("/games/g1/log", headers=auth(tokens["p1"])).text.splitlines()
    stored = {e["seq"]: e for e in judge_events(client)}
    recorded = [(step, json.loads(line)["result"]["events"]) for step, line in enumerate(lines[1:], start=1)]
    for _, events in recorded:  # every step records its events as stored, in full
        assert events == [
            {k: stored[e["seq"]][k] for k in ("seq", "type", "data", "rule", "cause", "actor")} for e in events
        ]
    step, pos, event = next(
        (step, pos, e)
        for step, events in recorded
        for pos, e in enumerate(events)
        if step > 2 and e["data"] and rule_text_of(e["rule"])
    )
    key = sorted(event["data"])[0]
    entry = json.loads(lines[step])
    entry["result"]["events"][pos]["data"][key] = "forged"
    lines[step] = json.dumps(entry)
    verdict = audit(client, "\n".join(lines)).json()
    assert (verdict["verdict"], verdict["step"], verdict["line"]) == ("diverged", step, step + 1), verdict
    details = verdict["details"]
    assert (details["seq"], details["position"], details["kind"]) == (event["seq"], pos + 1, "changed")
    assert details["diff"] == [{"path": f"data.{key}", "recorded": "forged", "recomputed": event["data"][key]}]
    assert details["recorded_event"] == {**event, "data": {**event["data"], key: "forged"}}
    assert details["recomputed_event"] == event
    assert verdict["rule"] == event["rule"] and verdict["rule_text"] == rule_text_of(event["rule"])
    assert verdict["rule_text"]

    old = [lines[0]]  # the same forgery in a log without events: only the digests can tell
    for line in lines[1:]:
        e = json.loads(line)
        e["result"].pop("events")
        old.append(json.dumps(e))
    entry = json.loads(old[step])
    entry["result"]["events_digest"] = "0" * 64
    old[step] = json.dumps(entry)
    verdict = audit(client, "\n".join(old)).json()
    assert (verdict["verdict"], verdict["step"], verdict["rule"]) == ("diverged", step, None)
    assert "only digests" in verdict["message"] and "diff" not in verdict["details"]


def test_a_wrong_claimed_result_is_reported(client: TestClient) -> None:
    tokens = create(client, "GCG-1.00")
    play(client, tokens, 5)
    concede(client, tokens)
    lines = client.get("/games/g1/log", headers=JUDGE_AUTH).text.splitlines()
    header = json.loads(lines[0])
    header["claimed"]["winner"] = "p2"
    verdict = audit(client, "\n".join([json.dumps(header), *lines[1:]])).json()
    assert verdict["verdict"] == "result_mismatch"
    assert verdict["details"]["winner"] == {"claimed": "p2", "actual": "p1"}


def test_a_log_can_be_rerun_under_another_rules_version(client: TestClient) -> None:
    tokens = create(client, "FoW-5.5")
    play(client, tokens, 10)
    concede(client, tokens)
    text = client.get("/games/g1/log", headers=JUDGE_AUTH).text
    verdict = audit(client, text, ruleset="FoW-5.01").json()
    # the 5.5 starter decks use a keyword (Remnant) that CR 5.01 does not have: the game
    # could not even have been set up under 5.01 (step 0 is the setup)
    assert (verdict["ruleset"], verdict["verdict"], verdict["step"]) == ("FoW-5.01", "inconsistent", 0), verdict
    assert verdict["code"] == "cards/keyword_not_in_ruleset" and verdict["rule"].startswith("FoW-5.01 ")
    same = client.post("/audits", json={"lines": text.splitlines(), "ruleset": "FoW-5.5"}).json()
    assert (same["verdict"], same["ruleset"]) == ("consistent", "FoW-5.5")
    r = audit(client, text, ruleset="FoW-9.9")
    assert r.status_code == 422 and r.json()["error"]["code"] == "ruleset/unknown"


@pytest.mark.parametrize(
    ("mangle", "line"),
    [
        (lambda lines: [], 1),
        (lambda lines: ["{not json", *lines[1:]], 1),
        (lambda lines: [lines[0], lines[1], "{oops", *lines[3:]], 3),
        (lambda lines: [lines[0], lines[2]], 2),
        (lambda lines: [lines[0], json.dumps({"step": 1, "command": {"type": 5}})], 2),
        (lambda lines: [json.dumps({**json.loads(lines[0]), "ruleset": "XYZ-1"}), *lines[1:]], 1),
    ],
)
def test_malformed_logs_get_a_line_numbered_422(client: TestClient, mangle: Any, line: int) -> None:
    tokens = create(client, "FoW-5.5")
    play(client, tokens, 3)
    concede(client, tokens)
    lines = client.get("/games/g1/log", headers=JUDGE_AUTH).text.splitlines()
    r = audit(client, "\n".join(mangle(lines)))
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    assert error["code"] == "log/malformed" and error["details"]["line"] == line
    assert error["message"].startswith(f"line {line}: ")


def test_audit_requests_are_checked(client: TestClient) -> None:
    r = client.post("/audits", json={})
    assert r.status_code == 422 and r.json()["error"]["code"] == "request/invalid"
    r = client.post("/audits", json={"log": "x", "lines": ["x"]})
    assert r.status_code == 422 and r.json()["error"]["code"] == "request/invalid"
    big = "x" * (7 * 1024 * 1024)
    r = client.post("/audits", content=json.dumps({"log": big}), headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and r.json()["error"]["code"] == "request/too_large"


def test_the_log_endpoint_needs_a_token_of_the_game(client: TestClient) -> None:
    create(client, "LL-2.04")
    assert client.get("/games/g1/log").status_code == 401
    assert client.get("/games/g1/log", headers=auth("nope")).status_code == 401
    assert client.get("/games/zz/log", headers=JUDGE_AUTH).status_code == 404


# ----------------------------------------------------------------------------- verify


def test_verify_is_for_judges_and_names_a_row_edited_in_sqlite(client: TestClient, settings: Settings) -> None:
    tokens = create(client, "FoW-5.5")
    play(client, tokens, 6)
    ok = client.get("/games/g1/verify", headers=JUDGE_AUTH)
    assert ok.status_code == 200, ok.text
    assert ok.json()["status"] == "intact" and ok.json()["broken_at"] is None
    r = client.get("/games/g1/verify", headers=auth(tokens["p1"]))
    assert r.status_code == 403 and r.json()["error"]["code"] == "auth/forbidden"

    version = ok.json()["events"] - 2
    with sqlite3.connect(settings.sqlite_path) as conn:
        key = (game_uuid("g1").hex, version)
        (state,) = conn.execute(
            "SELECT state FROM stored_events WHERE originator_id = ? AND originator_version = ?", key
        ).fetchone()
        data = json.loads(state)
        data["event"]["actor"] = "mallory"
        conn.execute(
            "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = ?",
            (json.dumps(data).encode(), *key),
        )
    report = client.get("/games/g1/verify", headers=JUDGE_AUTH).json()
    assert (report["status"], report["broken_at"]) == ("broken", version)


# ----------------------------------------------------------------------------- CLI


def test_cli_export_verify_and_audit(
    client: TestClient, settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    tokens = create(client, "LL-2.04")
    play(client, tokens, 8)
    concede(client, tokens)
    monkeypatch.setenv("ADJUDICATOR_STORE", "sqlite")
    monkeypatch.setenv("ADJUDICATOR_SQLITE_PATH", str(settings.sqlite_path))
    log = tmp_path / "g1.jsonl"
    assert cli.main(["export", "g1", "-o", str(log)]) == 0
    assert cli.main(["verify", "g1"]) == 0
    assert "intact" in capsys.readouterr().out
    assert cli.main(["audit", str(log)]) == 0
    out = capsys.readouterr().out
    assert "verdict: consistent" in out and "final state digest: " in out

    lines = log.read_text().splitlines()
    lines[2] = "{broken"
    log.write_text("\n".join(lines))
    assert cli.main(["audit", str(log)]) == 1
    assert f"{log}:3: log/malformed" in capsys.readouterr().err
    assert cli.main(["verify", "nope"]) == 1
    assert "game/not_found" in capsys.readouterr().err
    with sqlite3.connect(settings.sqlite_path) as conn:
        key = (game_uuid("g1").hex, 5)
        conn.execute(
            "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = ?", (b"{}", *key)
        )
    assert cli.main(["verify", "g1"]) == 1
    assert "g1: BROKEN at event 5: stored event 5 " in capsys.readouterr().out
    assert cli.main(["audit", str(tmp_path / "missing.jsonl")]) == 1


# ----------------------------------------------------------------------------- reconstructed games


def test_a_game_reconstructed_from_a_position_exports_and_audits(tmp_path: Path) -> None:
    """A game that started from a declared position (docs/position-format.md) carries the
    position in its log header; the audit starts from it instead of from decks."""
    from domain.kernel import Command, PlayerSpec
    from service.audit import Audits
    from service.catalog import CardCatalogs
    from tests.fow.test_position import base_position, cards

    root = tmp_path / "catalogs"
    (root / "fow").mkdir(parents=True)
    (root / "fow" / "cards.json").write_text(json.dumps({"cards": list(cards().values())}))
    service = GameService(
        Settings(allow_client_seed=True, store="memory"), CardCatalogs(root=root, prefixes={"FoW-": "fow"})
    )
    try:
        players = [PlayerSpec("p1", "Alice", {}), PlayerSpec("p2", "Bob", {})]
        service.create_game_from_position("FoW-5.5", "valhalla", players, base_position(), game_id="r1", seed=5)
        for n in range(4):
            legal = [a for p in ("p1", "p2") for a in service.legal_actions("r1", p).actions if a.type != "Concede"]
            service.submit("r1", Command(legal[0].type, legal[0].player, legal[0].args, f"c{n}"))
        service.submit("r1", Command("Concede", "p2", {}, "gg"))
        log = Audits(service).export_log("r1", "p1")
        assert log.header["position"] == base_position() and log.header["seed"] == 5
        verdict = Audits(service).audit(log.to_text())
        assert verdict.verdict == "consistent", verdict
        assert verdict.details["winner"] == "p1"
        without = {k: v for k, v in log.header.items() if k != "position"}
        lines = [json.dumps(without), *log.to_lines()[1:]]
        assert Audits(service).audit(lines).verdict == "inconsistent"  # not a game that could start from decks
    finally:
        service.close()
