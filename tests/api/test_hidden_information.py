"""Hidden information never reaches a player token (FoW-5.5, GCG-1.00, LL-2.04).

Random games between the real starter decks are played over HTTP, each command sent
with the deciding player's token and chosen among ``/legal-actions``.  The game's seed is
secret from the players (only its commitment is public until the game ends).
After every command, everything each player's token can read (``/state``, ``/events``,
``/legal-actions`` and the command's own answer) is checked against the full state:

* no ``{"oid": X, "card": C}`` names a card the player may not see (the engine's
  ``is_visible``: the opponent's hand, any deck, face-down cards); in events, an object
  counts as hidden when it was hidden before the event and stays hidden until the
  command that produced it is done (a card on its way into view may be named);
* no deck order: deck zones show only a count, shuffles carry no order;
* the unrevealed seed appears nowhere.
"""

from __future__ import annotations

import importlib
import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.app import create_app
from domain.rulesets import get_engine
from service.app import GameService
from service.settings import Settings
from tests.story import deck_settings

JUDGE = "hidden-judge-" + "z" * 40
SYSTEMS = {
    "FoW-5.5": ("valhalla", "fire-starter", "water-starter", {"Pass"}),
    "GCG-1.00": ("standard", "red_rampage", "blue_bulwark", {"EndMainPhase"}),
    "LL-2.04": (
        "standard",
        "monolium_starlight",
        "septpia_tides",
        {"EndMainPhase", "EndAttacks", "PassLogic", "DeclineIntercept", "SkipLevel"},
    ),
}
DECK_ZONES = {"main_deck", "stone_deck", "deck"}


def card_pairs(value: Any) -> Iterator[tuple[Any, Any]]:
    """Every ``{"oid": ..., "card": ...}`` inside a JSON value."""
    if isinstance(value, dict):
        if "oid" in value and "card" in value:
            yield value["oid"], value["card"]
        for v in value.values():
            yield from card_pairs(v)
    elif isinstance(value, list):
        for v in value:
            yield from card_pairs(v)


def deck_zones(value: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict):
        for k, v in value.items():
            if k in DECK_ZONES:
                yield k, v
            yield from deck_zones(v)
    elif isinstance(value, list):
        for v in value:
            yield from deck_zones(v)


class Table:
    """One game over HTTP, with a judge-side mirror of the full state per event."""

    def __init__(self, client: TestClient, service: GameService, ruleset: str, game_seed: int) -> None:
        variant, d1, d2, self.quiet = SYSTEMS[ruleset]
        self.client, self.service, self.ruleset = client, service, ruleset
        body = {
            "ruleset": ruleset,
            "variant": variant,
            "seed": game_seed,
            "players": [
                {"id": "p1", "name": "Alice", "deck": {"starter": d1, **deck_settings(ruleset, "ask")}},
                {"id": "p2", "name": "Bob", "deck": {"starter": d2, **deck_settings(ruleset, "ask")}},
            ],
        }
        created = client.post("/games", json=body)
        assert created.status_code == 201, created.text
        self.game_id: str = created.json()["game_id"]
        self.tokens: dict[str, str] = created.json()["player_tokens"]
        self.engine = get_engine(ruleset)
        self.is_visible: Callable[[Any, str, str], bool] = importlib.import_module(
            self.engine.decide.__module__  # the game system's engine module
        ).is_visible
        self.mirror = self.engine.initial_state()
        self.hidden_after: dict[int, dict[str, set[str]]] = {0: {"p1": set(), "p2": set()}}
        self.seen_events = {"p1": 0, "p2": 0}
        self.batch_end: dict[int, int] = {}
        """Each event's seq -> the version after the command (or the setup) that produced it."""
        self.catch_up()

    def get(self, player: str, url: str, **params: Any) -> Any:
        response = self.client.get(url, params=params, headers={"Authorization": f"Bearer {self.tokens[player]}"})
        assert response.status_code == 200, (url, response.text)
        return response.json()

    def catch_up(self) -> None:
        """Fold the new stored events into the mirror, noting what each player cannot see."""
        done = max(self.hidden_after)
        new = self.service.events(self.game_id, after=done)
        for e in new:
            self.batch_end[e.seq] = new[-1].seq if new else done
        for e in new:
            in_place = getattr(self.engine, "evolve_in_place", None)
            if in_place is not None:
                in_place(self.mirror, e)
            else:
                self.mirror = self.engine.evolve(self.mirror, e)
            self.hidden_after[e.seq] = {
                p: {oid for oid in self.mirror.objects if not self.is_visible(self.mirror, oid, p)}
                for p in ("p1", "p2")
            }

    @property
    def seed_pattern(self) -> re.Pattern[str]:
        return re.compile(rf"(?<![0-9]){self.mirror.seed}(?![0-9])")

    def check_view(self, player: str, payload: Any, what: str) -> None:
        hidden = self.hidden_after[max(self.hidden_after)][player]
        for oid, card in card_pairs(payload):
            if card is not None and oid is not None:
                assert oid not in hidden, f"{what} shows {player} the hidden {oid} = {card}"
        for zone, shown in deck_zones(payload):
            cards = shown.get("cards") if isinstance(shown, dict) else shown
            assert not cards, f"{what} shows {player} the order of a {zone}: {shown}"
        self.check_seed(player, payload, what)

    def check_events(self, player: str, events: list[dict[str, Any]], what: str) -> None:
        for e in events:
            seq = e["seq"]
            # hidden before the event and at every point from it to the end of its command: a
            # card named on its way into view (discarded for a GCG invasion, 8.6.1) or while
            # briefly face up (an LL tool turned for synthesis) is not secret
            secret = set(self.hidden_after[seq - 1][player])
            for k in range(seq, self.batch_end[seq] + 1):
                secret &= self.hidden_after[k][player]
            if e["type"] in ("CardRevealed", "CardsRevealed"):
                continue  # a reveal shows the card to every player
            if self.ruleset.startswith("FoW") and e["type"] == "CardMoved" and e["data"].get("revealed"):
                continue  # moved in view of all ("reveal it and put it into your hand"), hidden after (10.4 p1)
            if e["type"] == "CardLookedAt" and e["data"].get("player") == player:
                continue  # a card an effect lets this player look at (FoW-5.5 3.1 p2)
            for oid, card in card_pairs(e["data"]):
                if card is not None and oid is not None:
                    assert oid not in secret, f"{what}: event {seq} {e['type']} names {player}'s hidden {oid} = {card}"
            if e["type"] == "DeckShuffled":
                assert e["data"].get("order") is None, f"{what}: {player} sees a shuffled order"
        self.check_seed(player, events, what)

    def check_seed(self, player: str, payload: Any, what: str) -> None:
        if not getattr(self.mirror, "finished", False):
            text = json.dumps(payload)
            assert not self.seed_pattern.search(text), f"{what} shows {player} the unrevealed seed"
            assert '"seed"' not in text or '"seed": null' in text or "seed_commitment" in text, f"{what}: {text[:300]}"

    def look(self, player: str) -> None:
        self.check_view(player, self.get(player, f"/games/{self.game_id}/state"), "state")
        self.check_view(player, self.get(player, f"/games/{self.game_id}/legal-actions"), "legal-actions")
        events = self.get(player, f"/games/{self.game_id}/events", after=self.seen_events[player])["events"]
        self.check_events(player, events, "events")
        if events:
            self.seen_events[player] = events[-1]["seq"]

    def step(self, rng: random.Random, n: int) -> bool:
        if getattr(self.mirror, "finished", False):
            return False
        player = self.mirror.pending.player
        actions = [
            a for a in self.get(player, f"/games/{self.game_id}/legal-actions")["actions"] if a["type"] != "Concede"
        ]
        active = [a for a in actions if a["type"] not in self.quiet]
        chosen = rng.choice(active) if active and rng.random() < 0.7 else rng.choice(actions)
        body = {"command_id": f"h{n}", "type": chosen["type"], "args": chosen["args"]}
        answer = self.client.post(
            f"/games/{self.game_id}/commands", json=body, headers={"Authorization": f"Bearer {self.tokens[player]}"}
        )
        assert answer.status_code == 200, answer.text
        self.catch_up()
        self.check_events(player, answer.json()["events"], "command answer")
        for p in ("p1", "p2"):
            self.look(p)
        return True


@pytest.fixture(scope="module")
def client_and_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, GameService]]:
    path: Path = tmp_path_factory.mktemp("hidden") / "games.db"
    service = GameService(Settings(allow_client_seed=True, sqlite_path=path, judge_token=JUDGE))
    with TestClient(create_app(service=service), raise_server_exceptions=False) as client:
        yield client, service
    service.close()


def play(client_and_service: tuple[TestClient, GameService], ruleset: str, seed: int, steps: int) -> None:
    """``seed`` is both the game's seed (large, so it cannot match another number by
    chance) and the seed of the random choices, so a failure replays exactly."""
    client, service = client_and_service
    table = Table(client, service, ruleset, seed)
    for p in ("p1", "p2"):
        table.look(p)
    rng = random.Random(seed)
    for n in range(steps):
        if not table.step(rng, n):
            break


@pytest.mark.parametrize("ruleset", sorted(SYSTEMS))
@settings(max_examples=2, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(2**40, 2**63))
def test_no_player_endpoint_reveals_hidden_information(
    client_and_service: tuple[TestClient, GameService], ruleset: str, seed: int
) -> None:
    play(client_and_service, ruleset, seed, steps=15)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", sorted(SYSTEMS))
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(2**40, 2**63))
def test_no_player_endpoint_reveals_hidden_information_long_games(
    client_and_service: tuple[TestClient, GameService], ruleset: str, seed: int
) -> None:
    play(client_and_service, ruleset, seed, steps=150)
