"""Reconstruction in every ruleset, from what is known (issue 22 item 4): every example of
docs/position-format.md is posted to ``POST /games/reconstruct`` (with the real FoW cards
of service/catalogs/fow/ and the shipped GCG and LL catalogs) and must be accepted,
or refused with exactly the documented problems; unknown cards are filled from a decklist
or stay of no known identity, which the engine refuses to reveal."""

from __future__ import annotations

import itertools
import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from service.app import GameService
from service.catalog import CardCatalogs
from service.errors import CommandRejectedError
from service.settings import Settings

ROOT = Path(__file__).resolve().parent.parent.parent
DOC = ROOT / "docs" / "position-format.md"
CATALOGS = ROOT / "service" / "catalogs"
JUDGE = "judge-" + "z" * 40
_BLOCK = re.compile(r"<!-- example: (accepted|refused|problems) -->\s*```json\n(.*?)```", re.S)


def examples() -> list[tuple[str, Any]]:
    return [(kind, json.loads(text)) for kind, text in _BLOCK.findall(DOC.read_text())]


def accepted() -> list[dict[str, Any]]:
    return [body for kind, body in examples() if kind == "accepted"]


def refused() -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    found = examples()
    out = []
    for (kind, body), (next_kind, problems) in itertools.pairwise(found):
        if kind == "refused":
            assert next_kind == "problems", "a refused example is followed by its problems"
            out.append((body, problems))
    return out


@pytest.fixture
def service(tmp_path: Path) -> Iterator[GameService]:
    root = tmp_path / "catalogs"
    for system in ("fow", "gcg", "ll"):
        (root / system).mkdir(parents=True)
        shutil.copy(CATALOGS / system / "cards.json", root / system / "cards.json")
    service = GameService(
        Settings(allow_client_seed=True, sqlite_path=tmp_path / "positions.db", judge_token=JUDGE),
        CardCatalogs(root=root),
    )
    yield service
    service.close()


@pytest.fixture
def client(service: GameService) -> Iterator[TestClient]:
    with TestClient(create_app(service=service), raise_server_exceptions=False) as client:
        yield client


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_the_doc_has_an_accepted_example_for_every_ruleset_and_a_refused_one() -> None:
    assert sorted(b["ruleset"] for b in accepted()) == ["FoW-5.5", "GCG-1.00", "LL-2.04"]
    assert len(refused()) >= 1


@pytest.mark.parametrize("body", accepted(), ids=lambda b: b["ruleset"])
def test_every_accepted_example_of_the_doc_is_accepted_and_play_continues(
    client: TestClient, body: dict[str, Any]
) -> None:
    response = client.post("/games/reconstruct", json={**body, "seed": 7})
    assert response.status_code == 201, response.text
    created = response.json()
    game = created["game_id"]
    judge = client.get(f"/games/{game}/state", headers=auth(JUDGE)).json()["state"]
    turn_player = body["position"]["turn_player"]
    assert judge["pending"]["player"] == turn_player
    token = created["player_tokens"][turn_player]
    actions = client.get(f"/games/{game}/legal-actions", headers=auth(token))
    assert actions.status_code == 200, actions.text
    assert actions.json()["actions"], "the turn player has something to do"
    events = client.get(f"/games/{game}/events", headers=auth(token)).json()["events"]
    first = events[0]
    assert first["type"] == "PositionReconstructed" and first["data"]["reconstructed"] is True
    assert "declared" not in first["data"] and "seed" not in first["data"]


@pytest.mark.parametrize(("body", "problems"), refused())
def test_every_refused_example_answers_exactly_the_documented_problems(
    client: TestClient, body: dict[str, Any], problems: list[dict[str, Any]]
) -> None:
    response = client.post("/games/reconstruct", json={**body, "seed": 7})
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["code"] == "position/invalid"
    assert error["details"] == problems


def _fow() -> dict[str, Any]:
    return next(b for b in accepted() if b["ruleset"] == "FoW-5.5")


def test_unknown_cards_are_the_rest_of_the_decklist_dealt_with_the_seed(service: GameService) -> None:
    from domain.kernel import PlayerSpec

    body = _fow()
    players = [PlayerSpec(p["id"], p["name"], {}) for p in body["players"]]
    a = service.create_game_from_position("FoW-5.5", "valhalla", players, body["position"], "a", seed=1)
    b = service.create_game_from_position("FoW-5.5", "valhalla", players, body["position"], "b", seed=2)
    alice_a, alice_b = (g.events[0].data["position"]["players"][0] for g in (a, b))  # type: ignore[index]
    deck = body["position"]["players"][0]["decklist"]
    whole = sorted(e["card"] for e in deck["main"] for _ in range(e["count"]))
    owned = [
        *(e["card"] for e in alice_a["field"]),
        *alice_a["hand"],
        *alice_a["graveyard"],
        *alice_a["main_deck"],
        *alice_a["lifebreak"],
    ]
    assert sorted(owned) == whole, "the unknown cards are exactly the rest of the decklist"
    assert alice_a["main_deck"] != alice_b["main_deck"], "dealt with the game's seed"
    assert alice_a["hand"] == body["position"]["players"][0]["hand"], "known cards stay where they are"
    bob = a.events[0].data["position"]["players"][1]  # type: ignore[index]
    assert set(bob["hand"]) == {"UNKNOWN"} and set(bob["stone_deck"]) == {"UNKNOWN-STONE"}


def test_a_card_nobody_knows_cannot_be_played_until_the_judge_names_it(client: TestClient) -> None:
    body = _fow()
    position = json.loads(json.dumps(body["position"]))
    position.update(turn_player="p2", first_player="p1")  # Bob's main phase: he may play a chant
    created = client.post("/games/reconstruct", json={**body, "position": position, "game_id": "u1", "seed": 3})
    assert created.status_code == 201, created.text
    bob = created.json()["player_tokens"]["p2"]
    state = client.get("/games/u1/state", headers=auth(JUDGE)).json()["state"]
    hand = state["players"]["p2"]["zones"]["hand"]
    oid = hand["cards"][0]["oid"] if isinstance(hand, dict) else hand[0]["oid"]
    response = client.post(
        "/games/u1/commands",
        headers=auth(bob),
        json={"command_id": "u1", "type": "PlayCard", "args": {"card": oid}, "expected_version": 1},
    )
    assert response.status_code in (409, 422), response.text
    assert response.json()["error"]["code"] == "position/unknown_identity", response.text
    assert oid in response.json()["error"]["message"]


def test_every_problem_of_every_ruleset_comes_in_one_answer(client: TestClient) -> None:
    for body in accepted():
        bad = json.loads(json.dumps(body))
        bad["game_id"] = "bad-" + body["ruleset"].replace(".", "-")
        players = bad["position"]["players"]
        players[0]["hand"].insert(0, "NO-SUCH-CARD")
        bad["position"]["turn"] = 0
        players[1]["id"] = "p9"
        response = client.post("/games/reconstruct", json={**bad, "seed": 1})
        assert response.status_code == 422, response.text
        codes = {d.get("code") for d in response.json()["error"]["details"]}
        assert {"position/unknown_card", "position/impossible_count", "position/players_mismatch"} <= codes, (
            body["ruleset"],
            codes,
        )


@pytest.mark.parametrize("ruleset", ["GCG-1.00", "LL-2.04"])
def test_gcg_and_ll_play_on_into_the_next_turn_and_replay_from_the_store(service: GameService, ruleset: str) -> None:
    from domain.kernel import Command, PlayerSpec

    body = next(b for b in accepted() if b["ruleset"] == ruleset)
    players = [PlayerSpec(p["id"], p["name"], {}) for p in body["players"]]
    game = "play-" + ruleset.replace(".", "-")
    service.create_game_from_position(ruleset, "standard", players, body["position"], game, seed=5)
    start = service.view(game, None).state
    turn = start["turn"]
    service.submit(game, Command("EndMainPhase", body["position"]["turn_player"], {}, id="end"))
    for n in range(60):  # answer whatever is asked (the first legal action) until the next turn
        state = service.view(game, None).state
        if state["turn"] != turn or state.get("finished"):
            break
        pending = state["pending"]
        assert pending is not None
        actions = [a for a in service.legal_actions(game, str(pending["player"])).actions if a.type != "Concede"]
        if not actions:
            break
        for k, a in enumerate(actions):  # the first one accepted: an unknown gate must not be revealed
            try:
                service.submit(game, Command(a.type, a.player, dict(a.args), id=f"a{n}-{k}"))
                break
            except CommandRejectedError as exc:
                assert exc.rejection.code == "position/unknown_identity", exc.rejection
        else:
            raise AssertionError("no legal action was accepted")
    assert service.view(game, None).state["turn"] == turn + 1
    reopened = GameService(service.settings, service.catalogs)
    try:
        assert reopened.view(game, None).state == service.view(game, None).state
    finally:
        reopened.close()
    opponent = next(p["id"] for p in body["players"] if p["id"] != body["position"]["turn_player"])
    seen = service.events(game, viewer=opponent)[0]
    assert seen.type == "PositionReconstructed" and "declared" not in seen.data and "seed" not in seen.data
    assert "cards" not in seen.data
    theirs = next(p for p in seen.data["position"]["players"] if p["id"] == body["position"]["turn_player"])  # type: ignore[union-attr, index, call-overload]
    assert isinstance(theirs["hand"], dict) and set(theirs["hand"]) == {"count"}


def test_a_fow_player_draws_cards_nobody_knows_and_holds_them(service: GameService) -> None:
    from domain.kernel import Command, PlayerSpec

    body = _fow()
    players = [PlayerSpec(p["id"], p["name"], {}) for p in body["players"]]
    service.create_game_from_position("FoW-5.5", "valhalla", players, body["position"], "draws", seed=2)
    for n in range(40):  # pass (or answer with the first accepted action) until Bob's turn
        state = service.view("draws", None).state
        if state["turn"] == 5 and state["turn_player"] == "p2" and state["phase"] == "main":
            break
        pending = state["pending"]
        assert pending is not None
        actions = service.legal_actions("draws", str(pending["player"])).actions
        chosen = next((a for a in actions if a.type == "Pass"), next(a for a in actions if a.type != "Concede"))
        service.submit("draws", Command(chosen.type, chosen.player, dict(chosen.args), id=f"d{n}"))
    state = service.view("draws", None).state
    assert (state["turn"], state["turn_player"]) == (5, "p2")
    hand = state["players"]["p2"]["zones"]["hand"]  # type: ignore[index]
    cards = hand["cards"] if isinstance(hand, dict) else hand
    assert len(cards) == 6 and {c["card"] for c in cards} == {"UNKNOWN"}
