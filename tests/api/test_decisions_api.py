"""The pending decision is a typed part of the HTTP API (docs/legal-actions.md): ``/state``
carries ``decision`` (kind, player, options) and ``/legal-actions`` labels each action and
gives a choice of N from M as one action with its candidates and counts."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.schemas import DecisionKind
from domain.fow import engine as fow
from domain.gcg import engine as gcg
from domain.ll import engine as ll
from service.app import GameService
from service.settings import Settings

JUDGE = "decisions-judge-" + "z" * 40


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    service = GameService(Settings(allow_client_seed=True, sqlite_path=tmp_path / "g.db", judge_token=JUDGE))
    with TestClient(create_app(service=service)) as c:
        yield c
    service.close()


def _game(client: TestClient) -> tuple[str, dict[str, str]]:
    body = {
        "ruleset": "FoW-5.5",
        "variant": "valhalla",
        "seed": 11,
        "players": [
            {"id": "p1", "name": "Alice", "deck": {"starter": "fire-starter", "automatic_cards_in_hand": "never"}},
            {"id": "p2", "name": "Bob", "deck": {"starter": "water-starter"}},
        ],
    }
    created = client.post("/games", json=body)
    assert created.status_code == 201, created.text
    return created.json()["game_id"], created.json()["player_tokens"]


def _get(client: TestClient, url: str, token: str) -> Any:
    r = client.get(url, headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    return r.json()


def test_decision_kinds_of_the_schema_are_every_rulesets_kinds() -> None:
    """The API's ``DecisionKind`` enum is the union of the engines' documented ``DECISION_KINDS``."""
    assert set(get_args(DecisionKind)) == {*fow.DECISION_KINDS, *gcg.DECISION_KINDS, *ll.DECISION_KINDS}


def test_the_state_carries_the_pending_decision_with_options_for_the_deciding_player_only(
    client: TestClient,
) -> None:
    """FoW-5.5 4.2 p4: the hand change is asked of one player; its options (one ChangeHand whose
    choice lists the hand) are shown to that player and the judge, not to the opponent."""
    game_id, tokens = _game(client)
    while True:
        judge = _get(client, f"/games/{game_id}/state", JUDGE)
        decision = judge["decision"]
        if decision["kind"] == "hand_change":
            break
        first = decision["options"][0]
        sent = client.post(
            f"/games/{game_id}/commands",
            json={"command_id": f"c{judge['version']}", "type": first["type"], "args": first["args"]},
            headers={"Authorization": f"Bearer {tokens[decision['player']]}"},
        )
        assert sent.status_code == 200, sent.text
    player = decision["player"]
    other = next(p for p in tokens if p != player)
    own = _get(client, f"/games/{game_id}/state", tokens[player])["decision"]
    assert own == decision and own["kind"] == "hand_change"
    change = next(a for a in own["options"] if a["type"] == "ChangeHand")
    zones = _get(client, f"/games/{game_id}/state", tokens[player])["state"]["players"][player]["zones"]
    hand = [c["oid"] for c in zones["hand"]["cards"]]
    assert change["choice"]["candidates"] == hand and (change["choice"]["min"], change["choice"]["max"]) == (
        0,
        len(hand),
    )
    assert change["choice"]["rule"] == "FoW-5.5 4.2 p4" and change["label"].startswith("Change hand: choose 0 to ")
    legal = _get(client, f"/games/{game_id}/legal-actions", tokens[player])["actions"]
    assert legal == own["options"]
    assert _get(client, f"/games/{game_id}/state", tokens[other])["decision"] == {**decision, "options": []}
    refused = client.post(
        f"/games/{game_id}/commands",
        json={"command_id": "dup", "type": "ChangeHand", "args": {"cards": [hand[0], hand[0]]}},
        headers={"Authorization": f"Bearer {tokens[player]}"},
    )
    assert refused.status_code == 422 and "FoW-5.5 4.2 p4" in refused.text


def test_the_openapi_schema_types_the_decision(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()["components"]["schemas"]
    assert "decision" in schema["StateResponse"]["properties"]
    assert set(schema["DecisionOut"]["properties"]) == {"kind", "player", "options"}
    assert "hand_change" in schema["DecisionOut"]["properties"]["kind"]["enum"]
    assert set(schema["ChoiceOut"]["properties"]) == {
        "arg",
        "candidates",
        "min",
        "max",
        "constraints",
        "groups",
        "rule",
    }


def test_every_decision_kind_an_engine_can_ask_is_documented() -> None:
    """Every kind of decision an engine's source can ask for (a string literal in a ``ctx.ask``,
    LL's ``request`` or GCG's ``Wait``) is one of its ``DECISION_KINDS``, so ``/state`` types it
    (an undocumented kind would fail the response model); random play cannot reach the kinds that
    only some cards ask for, so the source is read."""
    root = Path(__file__).resolve().parents[2] / "domain"
    asked = re.compile(r'(?:\.ask|request)\(\s*(?:ctx,\s*)?[\w.\[\]"]+,\s*"([a-z_]+)"|Wait\(\s*"([a-z_]+)"')
    for name, engine in (("fow", fow), ("gcg", gcg), ("ll", ll)):
        source = "\n".join(p.read_text() for p in sorted((root / name).rglob("*.py")))
        kinds = {a or b for a, b in asked.findall(source)}
        assert len(kinds) >= 10, (name, kinds)  # the pattern still finds the engine's questions
        assert kinds <= set(engine.DECISION_KINDS), (name, sorted(kinds - set(engine.DECISION_KINDS)))


def test_a_past_state_carries_the_options_its_deciding_player_had_then(client: TestClient) -> None:
    """FoW-5.5 4.2 p4 (docs/legal-actions.md): ``/state?at=`` a past version gives the decision
    pending then with the legal actions its player had then, exactly as ``/legal-actions``
    listed them at that version, to that player and the judge; the opponent still gets none."""
    game_id, tokens = _game(client)
    judge = _get(client, f"/games/{game_id}/state", JUDGE)
    then, decision = judge["version"], judge["decision"]
    player = decision["player"]
    legal = _get(client, f"/games/{game_id}/legal-actions", tokens[player])["actions"]
    assert legal and decision["options"] == legal
    first = legal[0]
    sent = client.post(
        f"/games/{game_id}/commands",
        json={"command_id": "first", "type": first["type"], "args": first["args"]},
        headers={"Authorization": f"Bearer {tokens[player]}"},
    )
    assert sent.status_code == 200, sent.text
    assert _get(client, f"/games/{game_id}/state", JUDGE)["version"] > then
    past = _get(client, f"/games/{game_id}/state?at={then}", tokens[player])
    assert past["version"] == then and past["decision"] == decision
    assert _get(client, f"/games/{game_id}/state?at={then}", JUDGE)["decision"] == decision
    other = next(p for p in tokens if p != player)
    assert _get(client, f"/games/{game_id}/state?at={then}", tokens[other])["decision"] == {**decision, "options": []}
