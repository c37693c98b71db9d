"""Authentication: player tokens are unguessable (>= 128 bits from the OS's CSPRNG), only
their hashes are stored, every comparison is constant-time (``hmac.compare_digest``),
a production deployment refuses to start with a missing, short or published judge token
(checked on ``Settings`` and on a real uvicorn process), and player tokens expire
``ADJUDICATOR_TOKEN_LIFETIME_SECONDS`` after issue (``auth/token_expired``, on the
service's injected clock) until a judge reissues them (the old token then stops working
in every process)."""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import hmac
import math
import re
import sqlite3
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import service.app as service_app
from api.app import create_app
from bench._server import start, stop
from domain.kernel import GameSpec, PlayerSpec
from domain.rulesets import get_engine
from service.app import Game, GameService, Principal, game_uuid
from service.catalog import CardCatalogs
from service.errors import AuthError, GameNotFoundError, InvalidRequestError
from service.settings import KNOWN_DEFAULT_TOKENS, Settings, SettingsError

ROOT = Path(__file__).resolve().parent.parent.parent
PLAYERS = [
    PlayerSpec("p1", "Alice", {"starter": "counters"}),
    PlayerSpec("p2", "Bob", {"starter": "sixes"}),
]


def _token_bits(token: str) -> int:
    raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    return len(raw) * 8


def test_player_tokens_carry_at_least_128_random_bits(service: GameService) -> None:
    tokens: list[str] = []
    for n in range(40):
        # the same players, seed and first player every time: nothing for a token to derive from
        created = service.create_game("FAKE-1", "standard", PLAYERS, seed=1, first_player="p1", game_id=f"t{n}")
        tokens += created.player_tokens.values()
    assert len(set(tokens)) == len(tokens)
    assert all(re.fullmatch(r"[A-Za-z0-9_-]+", t) for t in tokens)
    assert min(_token_bits(t) for t in tokens) >= 128
    # the characters look uniform: every one of the 64 symbols occurs, none dominates
    counts = Counter("".join(tokens))
    assert len(counts) == 64
    expected = sum(counts.values()) / 64
    assert max(counts.values()) < 2.5 * expected
    # and the estimate of entropy per character is close to log2(64) = 6 bits
    total = sum(counts.values())
    entropy = -sum(c / total * math.log2(c / total) for c in counts.values())
    assert entropy > 5.8


def test_only_token_hashes_are_stored(service: GameService, store_settings: Settings) -> None:
    created = service.create_game("FAKE-1", "standard", PLAYERS, seed=1, first_player="p1", game_id="h1")
    (header,) = service.app.events.get(game_uuid("h1"), lte=1)
    stored = header.token_hashes  # type: ignore[attr-defined]
    assert stored == {p: hashlib.sha256(t.encode()).hexdigest() for p, t in created.player_tokens.items()}
    if store_settings.store == "sqlite":
        with sqlite3.connect(store_settings.sqlite_path) as db:
            raw = b"".join(bytes(row[0]) for row in db.execute("SELECT state FROM stored_events"))
        assert raw  # the game is there...
        for token in created.player_tokens.values():
            assert token.encode() not in raw  # ...but no token in clear
        assert stored["p1"].encode() in raw


def _spy_on_compare_digest(monkeypatch: pytest.MonkeyPatch) -> list[tuple[object, object]]:
    """The arguments of every ``hmac.compare_digest`` call the service makes from now on."""
    calls: list[tuple[object, object]] = []
    original = hmac.compare_digest

    def spy(a: str | bytes, b: str | bytes) -> bool:
        calls.append((a, b))
        return original(a, b)  # type: ignore[arg-type]

    monkeypatch.setattr(service_app.hmac, "compare_digest", spy)
    return calls


def test_every_token_comparison_is_constant_time(service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    created = service.create_game("FAKE-1", "standard", PLAYERS, seed=1, first_player="p1", game_id="ct")
    calls = _spy_on_compare_digest(monkeypatch)
    p2 = created.player_tokens["p2"]
    assert service.authenticate("ct", p2).player == "p2"
    assert calls, "the token was compared without hmac.compare_digest"
    # the judge token is compared first, then the hash of the token with each stored hash
    assert calls[0] == (p2.encode(), service.settings.judge_token.encode())
    digest = hashlib.sha256(p2.encode()).hexdigest()
    assert all(a == digest for a, _ in calls[1:])
    calls.clear()
    with pytest.raises(AuthError):
        service.authenticate("ct", p2[:-1] + ("A" if p2[-1] != "A" else "B"))
    assert len(calls) == 1 + len(PLAYERS)  # a wrong token is compared with every stored hash, then refused


def test_production_refuses_default_and_weak_judge_tokens() -> None:
    example = (ROOT / "deploy" / "k8s" / "secret.example.yaml").read_text()
    placeholder = re.search(r'ADJUDICATOR_JUDGE_TOKEN:\s*"([^"]+)"', example)
    assert placeholder is not None
    assert placeholder.group(1) in KNOWN_DEFAULT_TOKENS  # the published example is refused
    for env in (
        {"ADJUDICATOR_ENV": "production"},
        {"ADJUDICATOR_ENV": "production", "ADJUDICATOR_JUDGE_TOKEN": ""},
        {"ADJUDICATOR_ENV": "production", "ADJUDICATOR_JUDGE_TOKEN": "s3cret"},
        {"ADJUDICATOR_ENV": "production", "ADJUDICATOR_JUDGE_TOKEN": placeholder.group(1)},
        *({"ADJUDICATOR_ENV": "production", "ADJUDICATOR_JUDGE_TOKEN": t} for t in sorted(KNOWN_DEFAULT_TOKENS)),
    ):
        with pytest.raises(SettingsError, match="ADJUDICATOR_JUDGE_TOKEN"):
            Settings.from_env(env)
    # development may run without one (a random token is generated per process)
    assert Settings.from_env({}).judge_token_generated


def test_a_production_server_refuses_to_start_without_a_real_judge_token(tmp_path: Path) -> None:
    env = {
        "ADJUDICATOR_ENV": "production",
        "ADJUDICATOR_STORE": "sqlite",
        "ADJUDICATOR_SQLITE_PATH": str(tmp_path / "prod.db"),
        "ADJUDICATOR_JUDGE_TOKEN": "replace-with-a-long-random-judge-token",
    }
    with pytest.raises(RuntimeError, match="ADJUDICATOR_JUDGE_TOKEN"):
        proc, _ = start("api.app:app", env, timeout=60)
        stop(proc)  # pragma: no cover  (reached only if the server wrongly started)
    strong = {**env, "ADJUDICATOR_JUDGE_TOKEN": "Zq" + "x7Kp" * 10, "ADJUDICATOR_CHAIN_KEYS": "k1:" + "c9Wm" * 10}
    proc, url = start("api.app:app", strong, timeout=60)
    stop(proc)
    assert url.startswith("http://127.0.0.1:")


# ------------------------------------------------------------------ token expiry


T0 = datetime(2026, 3, 4, 5, 6, 7, tzinfo=UTC)
LIFETIME = 3600


class FakeClock:
    """The service's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def timed(
    fake_engines: None, store_settings: Settings, catalogs: CardCatalogs, clock: FakeClock
) -> Iterator[Callable[[], GameService]]:
    """Services on one store whose tokens live an hour, all reading the test's clock."""
    opened: list[GameService] = []

    def open_() -> GameService:
        settings = dataclasses.replace(store_settings, token_lifetime_seconds=LIFETIME)
        opened.append(GameService(settings, catalogs, clock=clock))
        return opened[-1]

    yield open_
    for s in opened:
        s.close()


def _auth_error(call: Callable[[], object]) -> AuthError:
    with pytest.raises(AuthError) as caught:
        call()
    return caught.value


def test_a_player_token_expires_after_the_configured_lifetime(
    timed: Callable[[], GameService], clock: FakeClock
) -> None:
    service = timed()
    created = service.create_game("FAKE-1", "standard", PLAYERS, seed=1, first_player="p1", game_id="x1")
    assert created.tokens_expire_at == T0 + timedelta(seconds=LIFETIME)
    p1 = created.player_tokens["p1"]
    clock.now = T0 + timedelta(seconds=LIFETIME - 1)
    assert service.authenticate("x1", p1) == Principal("player", "p1")
    clock.now = T0 + timedelta(seconds=LIFETIME)
    expired = _auth_error(lambda: service.authenticate("x1", p1))
    assert expired.code == "auth/token_expired"
    assert "'p1'" in expired.message and (T0 + timedelta(seconds=LIFETIME)).isoformat() in expired.message
    # a wrong token is still just invalid (expiry reveals nothing about tokens one never held)
    assert _auth_error(lambda: service.authenticate("x1", "garbage")).code == "auth/invalid_token"
    # the judge token is a deployment secret: it does not expire with the game's tokens
    assert service.authenticate("x1", service.settings.judge_token).role == "judge"
    # the lifetime is read when a token is checked: restarted with a longer one, it is good again
    service.settings = dataclasses.replace(service.settings, token_lifetime_seconds=2 * LIFETIME)
    assert service.authenticate("x1", p1).player == "p1"


@pytest.mark.parametrize(
    "store_settings", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True
)  # two processes' worth of services on one store (a memory store is private to its service)
def test_a_judge_reissues_a_token_and_the_old_one_stops_working_everywhere(
    timed: Callable[[], GameService], clock: FakeClock, store_settings: Settings
) -> None:
    service, other_process = timed(), timed()
    created = service.create_game("FAKE-1", "standard", PLAYERS, seed=1, first_player="p1", game_id="x2")
    old, p2 = created.player_tokens["p1"], created.player_tokens["p2"]
    assert other_process.authenticate("x2", old).player == "p1"  # the header is cached there now
    clock.now = T0 + timedelta(seconds=LIFETIME + 60)  # p1 lost the token after it expired
    assert _auth_error(lambda: service.authenticate("x2", old)).code == "auth/token_expired"
    issued = service.reissue_token("x2", "p1")
    assert (issued.game_id, issued.player) == ("x2", "p1")
    assert issued.expires_at == clock.now + timedelta(seconds=LIFETIME)
    assert _token_bits(issued.token) >= 128 and issued.token not in (old, p2)
    for s in (service, other_process):
        assert s.authenticate("x2", issued.token) == Principal("player", "p1")
        assert _auth_error(lambda s=s: s.authenticate("x2", old)).code == "auth/invalid_token"  # type: ignore[misc]
        # p2's token was not reissued: it still expired with the game's first tokens
        assert _auth_error(lambda s=s: s.authenticate("x2", p2)).code == "auth/token_expired"  # type: ignore[misc]
    again = other_process.reissue_token("x2", "p1")  # reissuing twice: only the newest works
    assert _auth_error(lambda: service.authenticate("x2", issued.token)).code == "auth/invalid_token"
    assert service.authenticate("x2", again.token).player == "p1"
    clock.now = again.expires_at
    assert _auth_error(lambda: service.authenticate("x2", again.token)).code == "auth/token_expired"
    # the game itself never saw any of it: its stream holds the game's events only
    assert [e.seq for e in service.events("x2")] == list(range(1, service.view("x2", None).version + 1))
    if store_settings.store == "sqlite":  # only hashes are stored, as for the first tokens
        with sqlite3.connect(store_settings.sqlite_path) as db:
            raw = b"".join(bytes(row[0]) for row in db.execute("SELECT state FROM stored_events"))
        assert hashlib.sha256(again.token.encode()).hexdigest().encode() in raw
        assert again.token.encode() not in raw and issued.token.encode() not in raw


def test_reissuing_needs_a_game_and_one_of_its_players(timed: Callable[[], GameService]) -> None:
    service = timed()
    service.create_game("FAKE-1", "standard", PLAYERS, seed=1, first_player="p1", game_id="x3")
    with pytest.raises(GameNotFoundError):
        service.reissue_token("nope", "p1")
    with pytest.raises(InvalidRequestError) as caught:
        service.reissue_token("x3", "p3")
    assert caught.value.code == "game/unknown_player"


def test_reissued_tokens_are_compared_in_constant_time(
    timed: Callable[[], GameService], monkeypatch: pytest.MonkeyPatch
) -> None:
    service = timed()
    service.create_game("FAKE-1", "standard", PLAYERS, seed=1, first_player="p1", game_id="x4")
    new = service.reissue_token("x4", "p2").token
    calls = _spy_on_compare_digest(monkeypatch)
    assert service.authenticate("x4", new).player == "p2"
    digest = hashlib.sha256(new.encode()).hexdigest()
    assert calls[0][0] == new.encode() and calls[1:] and all(a == digest for a, _ in calls[1:])
    assert (digest, digest) in calls[1:]


def test_tokens_of_games_stored_before_expiry_count_from_the_game_s_creation(
    timed: Callable[[], GameService], clock: FakeClock
) -> None:
    """A game recorded without a credentials stream (as before tokens expired): its tokens
    were issued when the game was created (the stored header's timestamp)."""
    service = timed()
    token = "legacy-" + "k" * 40
    engine = get_engine("FAKE-1")
    decks = [PlayerSpec(p.id, p.name, service.catalogs.starter_deck("FAKE-1", str(p.deck["starter"]))) for p in PLAYERS]
    spec = GameSpec("old", "FAKE-1", "standard", decks, seed=1, first_player="p1")
    first = engine.start(spec, service.catalogs.cards("FAKE-1"))
    assert isinstance(first, list)
    game = Game(
        game_id="old",
        ruleset="FAKE-1",
        variant="standard",
        players=[{"id": "p1", "name": "Alice"}, {"id": "p2", "name": "Bob"}],
        token_hashes={"p1": hashlib.sha256(token.encode()).hexdigest(), "p2": "0" * 64},
        first_event=first[0].to_dict(),
    )
    service.app.save(game)
    created_at = service._header("old").timestamp
    clock.now = created_at + timedelta(seconds=LIFETIME - 1)
    assert service.authenticate("old", token).player == "p1"
    clock.now = created_at + timedelta(seconds=LIFETIME)
    assert _auth_error(lambda: service.authenticate("old", token)).code == "auth/token_expired"
    issued = service.reissue_token("old", "p1")  # a judge can still help
    assert service.authenticate("old", issued.token).player == "p1"
    assert _auth_error(lambda: service.authenticate("old", token)).code == "auth/invalid_token"


def test_the_token_lifetime_setting() -> None:
    assert Settings.from_env({}).token_lifetime_seconds == 86400
    assert Settings.from_env({"ADJUDICATOR_TOKEN_LIFETIME_SECONDS": "600"}).token_lifetime_seconds == 600
    for bad in ("0", "-5", "1h", "1.5"):
        with pytest.raises(SettingsError, match="ADJUDICATOR_TOKEN_LIFETIME_SECONDS"):
            Settings.from_env({"ADJUDICATOR_TOKEN_LIFETIME_SECONDS": bad})


def test_expired_tokens_and_reissue_over_http(
    fake_engines: None, tmp_path: Path, catalogs: CardCatalogs, clock: FakeClock
) -> None:
    judge = "judge-" + "j" * 40
    settings = Settings(
        allow_client_seed=True, sqlite_path=tmp_path / "http.db", judge_token=judge, token_lifetime_seconds=LIFETIME
    )
    service = GameService(settings, catalogs, clock=clock)
    game = {
        "ruleset": "FAKE-1",
        "variant": "standard",
        "players": [{"id": p.id, "name": p.name, "deck": p.deck} for p in PLAYERS],
        "seed": 1,
        "first_player": "p1",
        "game_id": "h1",
    }
    try:
        with TestClient(create_app(service=service), raise_server_exceptions=False) as client:
            created = client.post("/games", json=game)
            assert created.status_code == 201, created.text
            body = created.json()
            assert datetime.fromisoformat(body["tokens_expire_at"]) == T0 + timedelta(seconds=LIFETIME)
            p1 = body["player_tokens"]["p1"]
            state = client.get("/games/h1/state", headers=_bearer(p1))
            assert state.status_code == 200, state.text
            clock.now = T0 + timedelta(seconds=LIFETIME)
            for response in (
                client.get("/games/h1/state", headers=_bearer(p1)),
                client.post("/games/h1/commands", json={"command_id": "c1", "type": "Pass"}, headers=_bearer(p1)),
            ):
                assert response.status_code == 401, response.text
                assert response.headers["WWW-Authenticate"].startswith("Bearer")
                error = response.json()["error"]
                assert error["code"] == "auth/token_expired" and "expired" in error["message"]
            refused = client.post("/games/h1/players/p1/token", headers=_bearer(body["player_tokens"]["p2"]))
            assert (refused.status_code, refused.json()["error"]["code"]) == (401, "auth/token_expired")
            clock.now = T0  # a player with a live token still cannot reissue
            refused = client.post("/games/h1/players/p1/token", headers=_bearer(body["player_tokens"]["p2"]))
            assert (refused.status_code, refused.json()["error"]["code"]) == (403, "auth/forbidden")
            assert client.post("/games/h1/players/p1/token").status_code == 401
            unknown = client.post("/games/h1/players/p9/token", headers=_bearer(judge))
            assert (unknown.status_code, unknown.json()["error"]["code"]) == (422, "game/unknown_player")
            assert client.post("/games/zz/players/p1/token", headers=_bearer(judge)).status_code == 404
            clock.now = T0 + timedelta(seconds=2 * LIFETIME)
            reissued = client.post("/games/h1/players/p1/token", headers=_bearer(judge))
            assert reissued.status_code == 200, reissued.text
            assert reissued.headers["Cache-Control"] == "no-store"
            new = reissued.json()
            assert (new["game_id"], new["player"]) == ("h1", "p1")
            assert datetime.fromisoformat(new["expires_at"]) == clock.now + timedelta(seconds=LIFETIME)
            assert client.get("/games/h1/state", headers=_bearer(new["token"])).json()["viewer"] == "p1"
            old = client.get("/games/h1/state", headers=_bearer(p1))
            assert (old.status_code, old.json()["error"]["code"]) == (401, "auth/invalid_token")
    finally:
        service.close()


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
