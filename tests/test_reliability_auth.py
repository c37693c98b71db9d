"""Authentication: player tokens are unguessable (>= 128 bits from the OS's CSPRNG), only
their hashes are stored, every comparison is constant-time (``hmac.compare_digest``),
and a production deployment refuses to start with a missing, short or published judge
token (checked on ``Settings`` and on a real uvicorn process)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import math
import re
import sqlite3
from collections import Counter
from pathlib import Path

import pytest

import service.app as service_app
from bench._server import start, stop
from domain.kernel import PlayerSpec
from service.app import GameService, game_uuid
from service.errors import AuthError
from service.settings import KNOWN_DEFAULT_TOKENS, Settings, SettingsError

ROOT = Path(__file__).resolve().parent.parent
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


def test_every_token_comparison_is_constant_time(service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    created = service.create_game("FAKE-1", "standard", PLAYERS, seed=1, first_player="p1", game_id="ct")
    calls: list[tuple[object, object]] = []
    original = hmac.compare_digest

    def spy(a: str | bytes, b: str | bytes) -> bool:
        calls.append((a, b))
        return original(a, b)  # type: ignore[arg-type]

    monkeypatch.setattr(service_app.hmac, "compare_digest", spy)
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
    strong = {**env, "ADJUDICATOR_JUDGE_TOKEN": "Zq" + "x7Kp" * 10}
    proc, url = start("api.app:app", strong, timeout=60)
    stop(proc)
    assert url.startswith("http://127.0.0.1:")
