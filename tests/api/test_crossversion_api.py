"""The judge's cross-version check: the same command decided under FoW-5.5 and FoW-5.01,
over the service and over HTTP (docs/fow-5.01-vs-5.5.md lists the differences)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from domain.kernel import Command, PlayerSpec
from service.app import GameService
from service.catalog import CardCatalogs
from service.crossversion import CrossVersionCheck
from service.errors import InvalidRequestError
from service.settings import Settings
from tests.story import deck_settings

JUDGE = "judge-" + "x" * 40


@pytest.fixture
def service(tmp_path: Path) -> Iterator[GameService]:
    settings = Settings(allow_client_seed=True, store="sqlite", sqlite_path=tmp_path / "games.db", judge_token=JUDGE)
    games = GameService(settings, CardCatalogs())
    yield games
    games.close()


def _play(games: GameService, game_id: str, steps: int) -> list[tuple[int, Command]]:
    """Play ``steps`` legal commands (the first non-pass, non-concede action of whoever may
    act), returning each command with the seq of its first event."""
    players = ["alice", "bob"]
    played: list[tuple[int, Command]] = []
    for n in range(steps):
        for player in players:
            actions = [a for a in games.legal_actions(game_id, player).actions if a.type != "Concede"]
            if actions:
                break
        else:
            return played
        chosen = next((a for a in actions if a.type != "Pass"), actions[0]) if n % 3 else actions[-1]
        command = Command(chosen.type, chosen.player, dict(chosen.args), id=f"c{n}")
        version = games.view(game_id, None).version
        games.submit(game_id, command)
        played.append((version + 1, command))
    return played


def _new_game(games: GameService, game_id: str, ruleset: str = "FoW-5.5") -> None:
    decks = ("fire-starter", "water-starter") if ruleset == "FoW-5.5" else ("blue_bulwark", "red_rampage")
    games.create_game(
        ruleset,
        "valhalla" if ruleset.startswith("FoW") else "standard",
        [
            PlayerSpec("alice", "Alice", {"starter": decks[0], **deck_settings(ruleset)}),
            PlayerSpec("bob", "Bob", {"starter": decks[1]}),
        ],
        seed=11,
        first_player="alice" if ruleset.startswith("FoW") else None,
        game_id=game_id,
    )


def test_an_event_is_checked_against_the_state_its_command_was_decided_on(service: GameService) -> None:
    _new_game(service, "g")
    played = _play(service, "g", 12)
    check = CrossVersionCheck(service)
    for first_seq, command in played:
        report = check.check("g", event=first_seq)
        assert report.based_on_version == first_seq - 1
        assert report.verdict.command is not None
        assert (report.verdict.command.type, report.verdict.command.args) == (command.type, command.args)
        assert report.verdict.game.accepted, "the recorded command was accepted under the game's own version"
        assert report.verdict.game.ruleset == "FoW-5.5"
        assert report.verdict.other.ruleset == "FoW-5.01"
        assert all(rule.startswith("FoW-5.5 ") for rule in report.verdict.game.rules)
        assert all(rule.startswith("FoW-5.01 ") for rule in report.verdict.other.rules)


def test_chant_standby_content_parts_the_versions(service: GameService) -> None:
    """7.6: under 5.5 other cards may be put into the chant-standby area; under 5.01 only
    chant-standby cards may (FoW-5.01 7.6).  Random legal play (fixed seeds) reaches such a
    command, and the check finds it among all legal actions of the moment."""
    _new_game(service, "g")
    check = CrossVersionCheck(service)
    rng = random.Random(3)
    found = None
    for n in range(300):
        for player in ("alice", "bob"):
            actions = [a for a in service.legal_actions("g", player).actions if a.type != "Concede"]
            if actions:
                break
        assert actions, "the game ended before any command parted the versions"
        found = next((r for a in actions if (r := check.check("g", command=a)).verdict.parted), None)
        if found is not None:
            break
        others = [a for a in actions if a.type != "Pass"]
        chosen = rng.choice(others) if others and rng.random() < 0.7 else actions[-1]
        service.submit("g", Command(chosen.type, chosen.player, dict(chosen.args), id=f"c{n}"))
    assert found is not None
    body = found.to_dict()
    assert body["command"]["type"] == "PutIntoStandby"  # type: ignore[index]
    assert body["game"] == {"ruleset": "FoW-5.5", "accepted": True, "events": body["game"]["events"]}  # type: ignore[index]
    other: dict[str, Any] = body["other"]  # type: ignore[assignment]
    assert (other["accepted"], other["code"]) == (False, "rules/standby_chant_standby_only")
    assert other["rule"] == "FoW-5.01 6.3 p2.4"
    assert other["rule_text"], "the refusal's rule resolves to the 5.01 text"


def test_bad_requests_are_named(service: GameService) -> None:
    _new_game(service, "g")
    _new_game(service, "k", ruleset="GCG-1.00")
    check = CrossVersionCheck(service)
    cases = [
        (lambda: check.check("g"), "crossversion/nothing_to_check"),
        (lambda: check.check("g", event=1), "crossversion/no_command"),
        (lambda: check.check("g", event=999), "crossversion/no_such_event"),
        (lambda: check.check("g", event=2), "crossversion/no_command"),  # part of the set-up
        (lambda: check.check("k", event=2), "crossversion/unsupported_ruleset"),
        (lambda: check.check("g", event=2, other_ruleset="FoW-9"), "ruleset/unknown"),
    ]
    for call, code in cases:
        with pytest.raises(InvalidRequestError) as err:
            call()
        assert err.value.code == code, err.value.message


def test_over_http_judge_only(service: GameService) -> None:
    created = service.create_game(
        "FoW-5.5",
        "valhalla",
        [
            PlayerSpec("alice", "Alice", {"starter": "fire-starter", "automatic_cards_in_hand": "never"}),
            PlayerSpec("bob", "Bob", {"starter": "water-starter"}),
        ],
        seed=11,
        first_player="alice",
        game_id="g",
    )
    played = _play(service, "g", 3)
    judge = {"Authorization": f"Bearer {JUDGE}"}
    with TestClient(create_app(service=service), raise_server_exceptions=False) as client:
        first_seq, command = played[-1]
        ok = client.post("/games/g/cross-version", json={"event": first_seq}, headers=judge)
        assert ok.status_code == 200, ok.text
        body = ok.json()
        assert body["based_on_version"] == first_seq - 1
        assert body["command"]["type"] == command.type and body["command"]["args"] == command.args
        assert body["game"]["ruleset"] == "FoW-5.5" and body["game"]["accepted"] is True
        assert body["other"]["ruleset"] == "FoW-5.01"
        assert isinstance(body["parted"], bool)

        player = {"Authorization": f"Bearer {created.player_tokens['alice']}"}
        forbidden = client.post("/games/g/cross-version", json={"event": first_seq}, headers=player)
        assert forbidden.status_code == 403 and forbidden.json()["error"]["code"] == "auth/forbidden"
        bad = client.post("/games/g/cross-version", json={}, headers=judge)
        assert bad.status_code == 422 and bad.json()["error"]["code"] == "crossversion/nothing_to_check"
        unknown_field = client.post("/games/g/cross-version", json={"evnt": 3}, headers=judge)
        assert unknown_field.status_code == 422 and unknown_field.json()["error"]["code"] == "request/invalid"
