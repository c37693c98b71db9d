"""Contributed randomness (docs/randomness.md): nobody can know or steer a shuffle before
it happens.

* A game created without a client seed waits for each player's entropy; the server has
  committed to a secret 32-byte server seed before seeing any; the last contribution
  deals the game with ``seed = sha256(server_seed || e_p1 || e_p2)[:8]``.
* Until then the game's views, legal actions and commands answer 409
  ``game/awaiting_entropy`` naming who is missing; ``GET /games/{id}/deal`` shows the deal.
* The same decks and the same contributions under other server seeds give other deals;
  nothing the creator or a player sees before the end determines the deal.
* A player who withholds: after ``ADJUDICATOR_ENTROPY_DEADLINE_SECONDS`` (the service's
  injectable clock) a player who contributed, or a judge, deals without them (recorded as
  withheld); before it the deal is refused with the deadline.
* Client seeds only where ``ADJUDICATOR_ALLOW_CLIENT_SEED`` is on, and then marked
  ``client_seeded`` in every view, the log header and the audit verdict.
* The log of a contributed game audits ``consistent`` in a fresh ``python -m service.cli
  audit`` process; a tampered contribution or server seed gives ``seed_mismatch``.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import subprocess
import sys
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from domain.randomness import COMMITMENT_TAG, derive_seed, server_seed_commitment
from service.app import GameService, Principal
from service.audit import audit_log
from service.catalog import CardCatalogs
from service.errors import AwaitingEntropyError, DealConflictError, ForbiddenError, InvalidRequestError
from service.settings import Settings

ROOT = Path(__file__).resolve().parent.parent.parent
JUDGE = "judge-" + "r" * 40
DECK = {"main": [{"card": f"F-00{i}", "count": 2} for i in range(1, 7)]}
E1, E2 = "a1" * 32, "b2" * 16


def body(game_id: str = "g1", **extra: Any) -> dict[str, Any]:
    return {
        "ruleset": "FAKE-1",
        "variant": "standard",
        "players": [{"id": "p1", "name": "Alice", "deck": DECK}, {"id": "p2", "name": "Bob", "deck": DECK}],
        "first_player": "p1",
        "game_id": game_id,
        **extra,
    }


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def make_client(
    fake_engines: None, tmp_path: Path, catalogs: CardCatalogs, clock: Clock
) -> Iterator[Callable[..., TestClient]]:
    opened: list[tuple[GameService, TestClient]] = []

    def make(allow_client_seed: bool = False, name: str = "r.db") -> TestClient:
        settings = Settings(sqlite_path=tmp_path / name, judge_token=JUDGE, allow_client_seed=allow_client_seed)
        service = GameService(settings, catalogs, clock=clock)
        client = TestClient(create_app(service=service), raise_server_exceptions=False)
        client.__enter__()
        opened.append((service, client))
        return client

    yield make
    for service, client in opened:
        client.__exit__(None, None, None)
        service.close()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def error(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    err: dict[str, Any] = response.json()["error"]
    assert err["code"] == code, err
    return err


def service_of(client: TestClient) -> GameService:
    service: GameService = client.app.state.service  # type: ignore[attr-defined]
    return service


def create(client: TestClient, game_id: str = "g1", **extra: Any) -> dict[str, Any]:
    r = client.post("/games", json=body(game_id, **extra))
    assert r.status_code == 201, r.text
    created: dict[str, Any] = r.json()
    return created


def contribute(client: TestClient, token: str, entropy: str, game_id: str = "g1") -> httpx.Response:
    return client.post(f"/games/{game_id}/entropy", headers=auth(token), json={"entropy": entropy})


def hands(client: TestClient, game_id: str = "g1") -> dict[str, Any]:
    state = client.get(f"/games/{game_id}/state", headers=auth(JUDGE)).json()["state"]
    return {"seed": state["seed"], "hands": state["hands"]}


# ------------------------------------------------------------------ the protocol


def test_the_commitment_and_the_seed_derivation_are_as_documented() -> None:
    server_seed = bytes(range(32))
    expected = hashlib.sha256(COMMITMENT_TAG + b"g1" + b"\x00" + server_seed).hexdigest()
    assert server_seed_commitment("g1", server_seed) == expected
    assert server_seed_commitment("g2", server_seed) != expected
    e1, e2 = bytes.fromhex(E1), bytes.fromhex(E2)
    digest = hashlib.sha256(server_seed + e1 + e2).digest()
    assert derive_seed(server_seed, [e1, e2]) == int.from_bytes(digest[:8], "big")
    assert derive_seed(server_seed, [e2, e1]) != derive_seed(server_seed, [e1, e2])  # player order matters


def test_the_full_contributed_flow(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    created = create(client)
    assert created["status"] == "awaiting_entropy" and created["version"] == 0
    assert (created["randomness"], created["client_seeded"]) == ("contributed", False)
    assert len(created["server_seed_commitment"]) == 64 and created["entropy_deadline"]
    t1, t2 = created["player_tokens"]["p1"], created["player_tokens"]["p2"]

    # pending: every game read and command answers 409 naming who is missing
    for path in ("/games/g1/state", "/games/g1/legal-actions", "/games/g1/events"):
        err = error(client.get(path, headers=auth(t1)), 409, "game/awaiting_entropy")
        assert err["details"]["missing"] == ["p1", "p2"]
    command = {"command_id": "c1", "type": "Increment", "args": {"by": 1}}
    error(client.post("/games/g1/commands", headers=auth(t1), json=command), 409, "game/awaiting_entropy")
    error(client.get("/games/g1/state", headers=auth(JUDGE)), 409, "game/awaiting_entropy")
    deal = client.get("/games/g1/deal", headers=auth(t2)).json()
    assert deal["status"] == "awaiting_entropy" and deal["missing"] == ["p1", "p2"]
    assert deal["server_seed_commitment"] == created["server_seed_commitment"] and deal["server_seed"] is None
    error(client.get("/games/g1/deal"), 401, "auth/missing_token")
    error(client.get("/games/nope/deal", headers=auth(JUDGE)), 404, "game/not_found")
    # a judge can replace a lost token of a pending game; the old one stops working
    reissued = client.post("/games/g1/players/p2/token", headers=auth(JUDGE))
    assert reissued.status_code == 200, reissued.text
    error(client.get("/games/g1/deal", headers=auth(t2)), 401, "auth/invalid_token")
    t2 = reissued.json()["token"]

    # bad entropy, a judge's entropy
    error(contribute(client, t1, "ab" * 8 + "zz"), 422, "request/invalid")
    error(contribute(client, t1, "ab" * 15), 422, "request/invalid")
    error(contribute(client, JUDGE, E1), 403, "auth/forbidden")

    first = contribute(client, t1, E1)
    assert first.status_code == 200, first.text
    assert first.json()["status"] == "awaiting_entropy" and first.json()["missing"] == ["p2"]
    assert first.json()["contributions"] is None  # values only once dealt
    assert contribute(client, t1, E1).status_code == 200  # the same entropy again: safe
    error(contribute(client, t1, E2), 409, "deal/already_contributed")
    err = error(client.get("/games/g1/state", headers=auth(t2)), 409, "game/awaiting_entropy")
    assert err["details"]["missing"] == ["p2"] and "p2" in err["message"]

    dealt = contribute(client, t2, E2.upper())
    assert dealt.status_code == 200, dealt.text
    out = dealt.json()
    assert out["status"] == "dealt" and out["version"] >= 1 and out["withheld"] == []
    assert out["contributions"] == {"p1": E1, "p2": E2} and out["server_seed"] is None

    server_seed = bytes.fromhex(str(service_of(client).server_seed("g1")))
    assert server_seed_commitment("g1", server_seed) == created["server_seed_commitment"]
    assert hands(client)["seed"] == derive_seed(server_seed, [bytes.fromhex(E1), bytes.fromhex(E2)])
    state = client.get("/games/g1/state", headers=auth(t1)).json()
    assert (state["randomness"], state["client_seeded"]) == ("contributed", False)
    assert state["server_seed_commitment"] == created["server_seed_commitment"]
    r = client.post("/games/g1/commands", headers=auth(t1), json=command)
    assert r.status_code == 200, r.text
    error(client.post("/games/g1/deal", headers=auth(JUDGE)), 409, "deal/already_dealt")


def test_same_decks_and_contributions_with_other_server_seeds_give_other_deals(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client()
    deals = []
    for n in range(4):
        gid = f"same{n}"
        tokens = create(client, gid)["player_tokens"]
        assert contribute(client, tokens["p1"], E1, gid).status_code == 200
        assert contribute(client, tokens["p2"], E2, gid).status_code == 200
        deals.append(hands(client, gid))
    assert len({d["seed"] for d in deals}) == 4
    assert len({json.dumps(d["hands"], sort_keys=True) for d in deals}) > 1


def test_the_creator_cannot_predict_the_deal(make_client: Callable[..., TestClient]) -> None:
    """Nothing the creator or a player is shown before the end contains the server seed,
    the seed, or anything else that fixes the deal: the same request and contributions
    deal differently, and the server seed appears only once the game has ended."""
    client = make_client()
    created = client.post("/games", json=body("g1"))
    tokens = created.json()["player_tokens"]
    server_seed = str(service_of(client).server_seed("g1"))
    seen = [created.text]
    for token in tokens.values():
        seen += [client.get("/games/g1/deal", headers=auth(token)).text]
    seen.append(contribute(client, tokens["p1"], E1).text)
    seen.append(contribute(client, tokens["p2"], E2).text)
    seed = hands(client)["seed"]
    for token in tokens.values():
        for path in ("/games/g1/state", "/games/g1/events", "/games/g1/legal-actions", "/games/g1/deal"):
            seen.append(client.get(path, headers=auth(token)).text)
    for text in seen:
        assert server_seed not in text and str(seed) not in text
    assert client.get("/games/g1/log", headers=auth(tokens["p1"])).status_code == 403

    # the game ends: the server seed is revealed
    for n, (player, by) in enumerate([("p1", 3), ("p2", 1), ("p1", 3), ("p2", 1), ("p1", 3), ("p2", 1), ("p1", 3)]):
        command = {"command_id": f"c{n}", "type": "Increment", "args": {"by": by}}
        r = client.post("/games/g1/commands", headers=auth(tokens[player]), json=command)
        assert r.status_code == 200, r.text
        if client.get("/games/g1/state", headers=auth(JUDGE)).json()["finished"]:
            break
    assert client.get("/games/g1/state", headers=auth(JUDGE)).json()["finished"]
    assert client.get("/games/g1/deal", headers=auth(tokens["p2"])).json()["server_seed"] == server_seed


# ------------------------------------------------------------------ withholding


def test_a_withheld_contribution_deals_only_after_the_deadline(
    make_client: Callable[..., TestClient], clock: Clock
) -> None:
    client = make_client()
    created = create(client)
    t1, t2 = created["player_tokens"]["p1"], created["player_tokens"]["p2"]
    deadline = datetime.fromisoformat(created["entropy_deadline"])
    assert deadline == clock.now + timedelta(seconds=300)  # ADJUDICATOR_ENTROPY_DEADLINE_SECONDS
    assert contribute(client, t1, E1).status_code == 200

    err = error(client.post("/games/g1/deal", headers=auth(t1)), 409, "deal/deadline_not_reached")
    assert err["details"] == {"deadline": deadline.isoformat(), "missing": ["p2"]}
    error(client.post("/games/g1/deal", headers=auth(JUDGE)), 409, "deal/deadline_not_reached")
    clock.now = deadline - timedelta(seconds=1)
    error(client.post("/games/g1/deal", headers=auth(t1)), 409, "deal/deadline_not_reached")

    clock.now = deadline
    error(client.post("/games/g1/deal", headers=auth(t2)), 403, "auth/forbidden")  # p2 withheld
    r = client.post("/games/g1/deal", headers=auth(t1))
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "dealt" and r.json()["withheld"] == ["p2"]
    assert r.json()["contributions"] == {"p1": E1}
    server_seed = bytes.fromhex(str(service_of(client).server_seed("g1")))
    assert hands(client)["seed"] == derive_seed(server_seed, [bytes.fromhex(E1)])
    error(contribute(client, t2, E2), 409, "deal/already_dealt")
    assert client.get("/games/g1/state", headers=auth(t2)).status_code == 200


def test_a_judge_may_deal_a_game_nobody_contributed_to_after_the_deadline(
    fake_engines: None, catalogs: CardCatalogs, clock: Clock
) -> None:
    service = GameService(Settings(store="memory", entropy_deadline_seconds=60), catalogs, clock=clock)
    try:
        from domain.kernel import PlayerSpec

        players = [PlayerSpec("p1", "Alice", DECK), PlayerSpec("p2", "Bob", DECK)]
        created = service.create_game("FAKE-1", "standard", players, game_id="g1")
        assert created.status == "awaiting_entropy" and created.entropy_deadline == clock.now + timedelta(seconds=60)
        with pytest.raises(AwaitingEntropyError) as pending:
            service.view("g1", None)
        assert pending.value.missing == ["p1", "p2"]
        with pytest.raises(DealConflictError, match="until") as early:
            service.force_deal("g1", Principal("judge"))
        assert early.value.code == "deal/deadline_not_reached"
        with pytest.raises(ForbiddenError):
            service.force_deal("g1", Principal("player", "p1"))  # p1 has not contributed
        clock.now += timedelta(seconds=60)
        status = service.force_deal("g1", Principal("judge"))
        assert status.status == "dealt" and status.withheld == ["p1", "p2"]
        server_seed = bytes.fromhex(str(service.server_seed("g1")))
        assert service.view("g1", None).state["seed"] == derive_seed(server_seed, [])
        with pytest.raises(InvalidRequestError) as bad:
            service.contribute_entropy("g1", "p1", "00")
        assert bad.value.code == "deal/invalid_entropy"
    finally:
        service.close()


# ------------------------------------------------------------------ client seeds


def test_a_client_seed_is_refused_unless_the_operator_allows_it(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    error(client.post("/games", json=body(seed=7)), 422, "game/client_seed_disabled")
    reconstruct = {"ruleset": "FoW-5.5", "variant": "valhalla", "seed": 7, "position": {}}
    reconstruct["players"] = [{"id": "p1", "name": "Alice"}, {"id": "p2", "name": "Bob"}]
    error(client.post("/games/reconstruct", json=reconstruct), 422, "game/client_seed_disabled")
    assert Settings.from_env({}).allow_client_seed is False
    assert Settings.from_env({"ADJUDICATOR_ALLOW_CLIENT_SEED": "true"}).allow_client_seed is True
    production = {
        "ADJUDICATOR_ENV": "production",
        "ADJUDICATOR_JUDGE_TOKEN": JUDGE,
        "ADJUDICATOR_CHAIN_KEYS": "k1:" + "s" * 8 + secrets.token_hex(16),
    }
    assert Settings.from_env(production).allow_client_seed is False
    assert Settings.from_env({**production, "ADJUDICATOR_ALLOW_CLIENT_SEED": "1"}).allow_client_seed is True


def test_client_seeded_games_are_marked_in_every_view(make_client: Callable[..., TestClient]) -> None:
    client = make_client(allow_client_seed=True)
    created = create(client, seed=7)
    assert created["status"] == "started" and created["version"] >= 1
    assert (created["randomness"], created["client_seeded"]) == ("client_seeded", True)
    assert created["server_seed_commitment"] is None
    t1 = created["player_tokens"]["p1"]
    for token in (t1, JUDGE):
        state = client.get("/games/g1/state", headers=auth(token)).json()
        assert (state["randomness"], state["client_seeded"]) == ("client_seeded", True)
    at = client.get("/games/g1/state-at", headers=auth(JUDGE)).json()
    assert (at["randomness"], at["client_seeded"]) == ("client_seeded", True)
    deal = client.get("/games/g1/deal", headers=auth(t1)).json()
    assert (deal["randomness"], deal["client_seeded"], deal["status"]) == ("client_seeded", True, "dealt")
    error(contribute(client, t1, E1), 409, "deal/not_contributed")
    header = json.loads(client.get("/games/g1/log", headers=auth(JUDGE)).text.splitlines()[0])
    assert (header["randomness"], header["client_seeded"]) == ("client_seeded", True)
    # the same seed and decks give the same deal: which is why it is marked
    create(client, "g2", seed=7)
    assert hands(client, "g2")["hands"] == hands(client)["hands"]

    # without a seed the same server still deals from contributions
    pending = create(client, "g3")
    assert (pending["status"], pending["client_seeded"]) == ("awaiting_entropy", False)


# ------------------------------------------------------------------ audits (real rules)


def _cli_audit(log: Path) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "service.cli", "audit", str(log), "--json"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert done.stdout, done.stderr
    verdict: dict[str, Any] = json.loads(done.stdout)
    return verdict


def test_a_contributed_game_audits_in_a_fresh_process_and_a_tampered_contribution_does_not(tmp_path: Path) -> None:
    service = GameService(Settings(sqlite_path=tmp_path / "real.db", judge_token=JUDGE))
    try:
        with TestClient(create_app(service=service), raise_server_exceptions=False) as client:
            players = [
                {"id": "p1", "name": "Alice", "deck": {"starter": "blue_bulwark"}},
                {"id": "p2", "name": "Bob", "deck": {"starter": "red_rampage"}},
            ]
            game = {"ruleset": "GCG-1.00", "variant": "standard", "game_id": "g1", "players": players}
            created = client.post("/games", json=game).json()
            tokens = created["player_tokens"]
            assert contribute(client, tokens["p1"], E1).status_code == 200
            assert contribute(client, tokens["p2"], E2).status_code == 200
            running = client.get("/games/g1/log", headers=auth(JUDGE)).text
            head = json.loads(running.splitlines()[0])
            assert head["randomness"] == "contributed" and head["server_seed"] is None
            assert audit_log(running).verdict == "seed_unrevealed"
            concede = {"command_id": "gg", "type": "Concede"}
            assert client.post("/games/g1/commands", headers=auth(tokens["p2"]), json=concede).status_code == 200
            text = client.get("/games/g1/log", headers=auth(tokens["p1"])).text
    finally:
        service.close()
    lines = text.splitlines()
    header = json.loads(lines[0])
    assert header["randomness"] == "contributed" and header["client_seeded"] is False
    assert header["server_seed_commitment"] == created["server_seed_commitment"]
    assert header["contributions"] == {"p1": E1, "p2": E2} and header["withheld"] == []
    server_seed = bytes.fromhex(header["server_seed"])
    assert server_seed_commitment("g1", server_seed) == header["server_seed_commitment"]
    assert header["seed"] == derive_seed(server_seed, [bytes.fromhex(E1), bytes.fromhex(E2)])

    log = tmp_path / "g1.jsonl"
    log.write_text(text)
    verdict = _cli_audit(log)
    assert verdict["verdict"] == "consistent" and verdict["client_seeded"] is False, verdict

    def tampered(**changes: Any) -> Path:
        path = tmp_path / f"t{len(changes)}{sorted(changes)[0]}.jsonl"
        path.write_text("\n".join([json.dumps({**header, **changes}), *lines[1:]]) + "\n")
        return path

    assert _cli_audit(tampered(contributions={"p1": E2, "p2": E2}))["verdict"] == "seed_mismatch"
    assert _cli_audit(tampered(server_seed="00" * 32))["verdict"] == "seed_mismatch"
    # a forger who also fixes the seed is still caught by the commitment published at creation
    other = bytes(32)
    forged = {"server_seed": other.hex(), "seed": derive_seed(other, [bytes.fromhex(E1), bytes.fromhex(E2)])}
    assert audit_log("\n".join([json.dumps({**header, **forged}), *lines[1:]])).verdict == "seed_mismatch"
    # a client-seeded header is audited as before, and the verdict says so
    client_seeded = {k: v for k, v in header.items() if k not in ("server_seed_commitment", "contributions")}
    client_seeded.update(randomness="client_seeded", client_seeded=True, server_seed=None, withheld=None)
    verdict_cs = audit_log("\n".join([json.dumps(client_seeded), *lines[1:]]))
    assert verdict_cs.verdict == "consistent" and verdict_cs.client_seeded


def test_a_reconstructed_game_without_a_seed_is_dealt_from_contributions(tmp_path: Path) -> None:
    from domain.kernel import PlayerSpec
    from service.errors import PositionRejectedError
    from tests.fow.test_position import base_position, cards

    root = tmp_path / "catalogs"
    (root / "fow").mkdir(parents=True)
    (root / "fow" / "cards.json").write_text(json.dumps({"cards": list(cards().values())}))
    service = GameService(Settings(store="memory"), CardCatalogs(root=root, prefixes={"FoW-": "fow"}))
    try:
        players = [PlayerSpec("p1", "Alice", {}), PlayerSpec("p2", "Bob", {})]
        with pytest.raises(PositionRejectedError):  # a bad position is refused at creation, not at the deal
            service.create_game_from_position("FoW-5.01", "bifrost", players, base_position("valhalla"), "bad")
        created = service.create_game_from_position("FoW-5.01", "bifrost", players, base_position("bifrost"), "r1")
        assert (created.status, created.version, created.events) == ("awaiting_entropy", 0, [])
        service.contribute_entropy("r1", "p2", E2)
        with pytest.raises(AwaitingEntropyError):
            service.legal_actions("r1", "p1")
        assert service.contribute_entropy("r1", "p1", E1).status == "dealt"
        shown = service.view("r1", None)
        assert shown.state["reconstructed"] is True and shown.randomness == "contributed"
        server_seed = bytes.fromhex(str(service.server_seed("r1")))
        assert shown.state["seed"] == derive_seed(server_seed, [bytes.fromhex(E1), bytes.fromhex(E2)])
    finally:
        service.close()
