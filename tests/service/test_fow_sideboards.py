"""A Force of Will player's cards outside the game (FoW-5.5 3.16 p1: in a tournament their sideboard, otherwise
the cards of their collection not in their deck) declared as the deck's ``sideboard`` when the game is created:
checked with the deck, stored in the setup, seen by their owner only, and carried by the replay log so that an
audit re-adjudicates the game with them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from domain.kernel import Command, PlayerSpec
from service.app import GameService
from service.audit import Audits
from service.errors import InvalidRequestError, SetupRejectedError
from service.settings import Settings

MELGIS, FARIA = "SKL-027", "SKL-007"  # Seven Kings rulers of the built-in catalog


@pytest.fixture
def service(tmp_path: Path) -> Iterator[GameService]:
    games = GameService(Settings(allow_client_seed=True, store="sqlite", sqlite_path=tmp_path / "g.db"))
    yield games
    games.close()


def _players(sideboard: object) -> list[PlayerSpec]:
    return [
        PlayerSpec(
            "p1", "Alice", {"starter": "fire-starter", "automatic_cards_in_hand": "never", "sideboard": sideboard}
        ),
        PlayerSpec("p2", "Bob", {"starter": "water-starter"}),
    ]


def test_a_starter_deck_with_a_sideboard_starts_with_those_cards_outside_the_game(service: GameService) -> None:
    # FoW-5.5 3.16 p1: the cards its owner has outside the game, seen by them, counted for the opponent
    sideboard = [{"card": MELGIS, "count": 1}, {"card": FARIA, "count": 2}]
    service.create_game("FoW-5.5", "valhalla", _players(sideboard), seed=5, first_player="p1", game_id="g1")
    for player in ("p1", "p2"):  # the hand changes; then the rulers leave the outside zone (4.2 p6)
        service.submit("g1", Command("ChangeHand", player, {"cards": []}, id=f"h{player}"))
    mine = service.view("g1", "p1").state["players"]["p1"]["zones"]["outside"]
    assert mine["count"] == 3 and sorted(c["card"] for c in mine["cards"]) == [FARIA, FARIA, MELGIS]
    theirs = service.view("g1", "p2").state["players"]["p1"]["zones"]["outside"]
    assert theirs == {"count": 3, "cards": []}
    [started] = [e for e in service.events("g1", viewer="p2") if e.type == "GameStarted"]
    outside = [o for o in started.data["objects"] if o["owner"] == "p1" and o["zone"] == "outside"]
    assert len(outside) == 4 and all(o["card"] is None for o in outside)  # the ruler before set-up, and three
    # the exported log carries the sideboard; the audit re-adjudicates the game with it
    service.submit("g1", Command("Concede", "p2", {}, id="gg"))
    audits = Audits(service)
    log = audits.export_log("g1")
    header = json.loads(log.to_lines()[0])
    [alice] = [p for p in header["players"] if p["id"] == "p1"]
    assert alice["deck"]["sideboard"] == sideboard
    assert audits.audit(log.to_text()).is_consistent


@pytest.mark.parametrize(
    ("sideboard", "code", "rule"),
    [
        ([{"card": "NOPE-001"}], "deck/unknown_card", "FoW-5.5 3.16 p1"),
        ("SKL-027", "deck/malformed", "FoW-5.5 4.1 p1"),
        ([{"card": MELGIS, "count": 0}], "deck/malformed", "FoW-5.5 4.1 p1"),
    ],
)
def test_a_bad_sideboard_is_refused_with_the_rule_it_breaks(
    service: GameService, sideboard: object, code: str, rule: str
) -> None:
    # FoW-5.5 3.16 p1: the cards outside the game are cards of the game's card pool, listed like the deck
    with pytest.raises(SetupRejectedError) as refused:
        service.create_game("FoW-5.5", "valhalla", _players(sideboard), seed=5, first_player="p1", game_id="g1")
    assert (refused.value.rejection.code, refused.value.rejection.rule) == (code, rule)
    assert "sideboard" in refused.value.rejection.message or code == "deck/malformed"


def test_a_sideboard_beside_a_starter_deck_of_another_game_system_is_refused(service: GameService) -> None:
    # only Force of Will has cards outside the game (FoW-5.5 3.16 p1)
    players = [
        PlayerSpec("p1", "Alice", {"starter": "red_rampage", "sideboard": [{"card": "X"}]}),
        PlayerSpec("p2", "Bob", {"starter": "blue_bulwark"}),
    ]
    with pytest.raises(InvalidRequestError, match="sideboard"):
        service.create_game("GCG-1.00", "standard", players, seed=3, first_player="p1", game_id="g")
