"""``POST /games`` with a Force of Will deck's ``sideboard`` (the cards its player owns outside the game,
FoW-5.5 3.16 p1): accepted beside a starter deck or a deck list, refused with a clear error when bad; the
owner's ``/state`` lists those cards, the opponent's counts them.  And with its ``automatic_cards_in_hand``
(whether its player is asked to reveal automatic cards from the hand, FoW-5.5 9.6 p2): required, with a
clear error, when the deck holds such a card (the fire starter deck holds Justice of God's Sword,
TTW-010); ``"ask"`` is recorded in the game's start, which both players read."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from service.app import GameService
from service.settings import Settings

GAME: dict[str, Any] = {
    "ruleset": "FoW-5.5",
    "variant": "valhalla",
    "players": [
        {
            "id": "p1",
            "name": "Alice",
            "deck": {"starter": "fire-starter", "automatic_cards_in_hand": "never", "sideboard": [{"card": "SKL-027"}]},
        },
        {"id": "p2", "name": "Bob", "deck": {"starter": "water-starter"}},
    ],
    "seed": 7,
    "first_player": "p1",
    "game_id": "g1",
}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    service = GameService(Settings(allow_client_seed=True, sqlite_path=tmp_path / "api.db", judge_token="j" * 40))
    with TestClient(create_app(service=service), raise_server_exceptions=False) as client:
        yield client
    service.close()


def _with_sideboard(sideboard: Any) -> dict[str, Any]:
    alice = {
        **GAME["players"][0],
        "deck": {"starter": "fire-starter", "automatic_cards_in_hand": "never", "sideboard": sideboard},
    }
    return {**GAME, "players": [alice, GAME["players"][1]]}


def test_a_sideboard_is_accepted_and_seen_by_its_owner_only(client: TestClient) -> None:
    # FoW-5.5 3.16 p1: the cards outside the game are the owner's hidden cards
    created = client.post("/games", json=GAME)
    assert created.status_code == 201, created.text
    tokens = created.json()["player_tokens"]
    mine = client.get("/games/g1/state", headers={"Authorization": f"Bearer {tokens['p1']}"}).json()
    theirs = client.get("/games/g1/state", headers={"Authorization": f"Bearer {tokens['p2']}"}).json()
    outside = mine["state"]["players"]["p1"]["zones"]["outside"]
    assert "SKL-027" in [c["card"] for c in outside["cards"]]
    counted = theirs["state"]["players"]["p1"]["zones"]["outside"]
    assert counted["count"] == outside["count"] and "SKL-027" not in [c["card"] for c in counted["cards"]]


@pytest.mark.parametrize(
    ("sideboard", "status", "code"),
    [
        ([{"card": "NOPE-001"}], 422, "deck/unknown_card"),  # the engine: FoW-5.5 3.16 p1
        ([{"card": "SKL-027", "count": 0}], 422, "request/invalid"),  # the schema: a count is 1 or more
        ("SKL-027", 422, "request/invalid"),
    ],
)
def test_a_bad_sideboard_is_refused_with_a_clear_error(
    client: TestClient, sideboard: Any, status: int, code: str
) -> None:
    response = client.post("/games", json=_with_sideboard(sideboard))
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["code"] == code
    if code == "deck/unknown_card":
        assert error["rule"] == "FoW-5.5 3.16 p1" and "sideboard" in error["message"]
    else:
        assert any("sideboard" in map(str, d["loc"]) for d in error["details"])


# --- automatic cards in hand (FoW-5.5 9.6 p2) ------------------------------------------------------


def _fire(**setting: Any) -> dict[str, Any]:
    """The game with p1's fire starter deck saying ``setting`` (no sideboard)."""
    alice = {**GAME["players"][0], "deck": {"starter": "fire-starter", **setting}}
    return {**GAME, "players": [alice, GAME["players"][1]]}


def test_a_deck_with_an_automatic_card_and_no_setting_is_refused(client: TestClient) -> None:
    # FoW-5.5 9.6 p2: the engine would otherwise decide for the player whether to reveal it
    response = client.post("/games", json=_fire())
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert (error["code"], error["rule"]) == ("deck/automatic_cards_in_hand_unset", "FoW-5.5 9.6 p2")
    assert "automatic_cards_in_hand" in error["message"] and "p1" in error["message"]


def test_a_wrong_automatic_cards_setting_is_refused_by_the_schema(client: TestClient) -> None:
    response = client.post("/games", json=_fire(automatic_cards_in_hand="sometimes"))
    assert response.status_code == 422, response.text
    assert response.json()["error"]["code"] == "request/invalid"


@pytest.mark.parametrize("setting", ["ask", "never"])
def test_the_automatic_cards_setting_is_recorded_for_both_players_when_someone_is_asked(
    client: TestClient, setting: str
) -> None:
    # FoW-5.5 9.6 p2: who is asked is public; a game where no one is records nothing (as before the setting)
    created = client.post("/games", json=_fire(automatic_cards_in_hand=setting))
    assert created.status_code == 201, created.text
    tokens = created.json()["player_tokens"]
    for player in ("p1", "p2"):
        events = client.get("/games/g1/events", headers={"Authorization": f"Bearer {tokens[player]}"}).json()
        started = events["events"][0]
        assert started["type"] == "GameStarted"
        recorded = started["data"].get("automatic_cards_in_hand")
        assert recorded == ({"p1": "ask", "p2": "never"} if setting == "ask" else None)
