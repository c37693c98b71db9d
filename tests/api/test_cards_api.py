"""Cards as a resource and catalogs loaded at runtime (docs/card-schema.md).

* ``GET /cards``: public, filterable by ruleset, set, name and support, paginated.
* ``POST /catalogs``: judge only; a bad catalog is refused naming every bad card; a good one
  is content-hashed, listed, survives a restart and is selected by ``POST /games``.
* A game on a loaded catalog pins its hash and each card's in its setup; its replay log
  audits consistent in a fresh ``python -m service.cli audit``; an edited card is refused.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from domain.audit import audit
from domain.kernel import Command, PlayerSpec
from service.app import GameService
from service.audit import Audits, MalformedLogError, audit_log
from service.catalogs_store import (
    CatalogNotFoundError,
    CatalogRejectedError,
    catalog_hash,
    list_cards,
    support_of,
)
from service.settings import Settings
from tests.story import deck_settings

ROOT = Path(__file__).resolve().parents[2]
JUDGE = "judge-" + "k" * 40
DOC = ROOT / "docs" / "card-schema.md"
GAMES = {  # system -> ruleset, variant, starter deck, the card of that deck the example replaces
    "fow": ("FoW-5.5", "valhalla", "fire-starter", "CMF-026"),
    "gcg": ("GCG-1.00", "standard", "blue_bulwark", "GCG-TST-040"),
    "ll": ("LL-2.04", "standard", "monolium_starlight", "LL-TST-003"),
}


def doc_example(system: str) -> dict[str, Any]:
    """The example catalog of ``system`` in docs/card-schema.md (the doc is what is tested)."""
    found = re.search(rf"<!-- catalog-example: {system} -->\n```json\n(.*?)\n```", DOC.read_text(), re.S)
    assert found is not None, f"docs/card-schema.md has no example for {system}"
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def settings_for(path: Path) -> Settings:
    return Settings(allow_client_seed=True, store="sqlite", sqlite_path=path, judge_token=JUDGE)


@pytest.fixture
def service(tmp_path: Path) -> Iterator[GameService]:
    svc = GameService(settings_for(tmp_path / "cards.db"))
    try:
        yield svc
    finally:
        svc.close()


@pytest.fixture
def client(service: GameService) -> Iterator[TestClient]:
    with TestClient(create_app(service=service), raise_server_exceptions=False) as c:
        yield c


def judge() -> dict[str, str]:
    return {"Authorization": f"Bearer {JUDGE}"}


def deck_with(service: GameService, system: str, card: str) -> dict[str, Any]:
    """The system's starter deck with its card ``GAMES[system][3]`` replaced by ``card``."""
    ruleset, _, starter, replaced = GAMES[system]
    deck = {**service.catalogs.starter_deck(ruleset, starter), **deck_settings(ruleset)}
    text = json.dumps(deck).replace(f'"{replaced}"', f'"{card}"')
    assert text != json.dumps(deck)
    out: dict[str, Any] = json.loads(text)
    out.pop("name", None)
    out.pop("description", None)
    return out


def play_and_export(service: GameService, system: str, digest: str, game_id: str) -> list[str]:
    """A game on the loaded catalog: a few legal moves, a concession, its replay log."""
    ruleset, variant, _, _ = GAMES[system]
    card = doc_example(system)["cards"][0]["id"]
    deck = deck_with(service, system, card)
    players = [PlayerSpec("p1", "Ann", deck), PlayerSpec("p2", "Bob", deck)]
    service.create_game(ruleset, variant, players, seed=7, game_id=game_id, catalog=digest)
    for n in range(6):
        legal = [a for p in ("p1", "p2") for a in service.legal_actions(game_id, p).actions if a.type != "Concede"]
        if not legal:
            break
        a = legal[0]
        service.submit(game_id, Command(a.type, a.player, a.args, f"m{n}"))
    service.submit(game_id, Command("Concede", "p2", {}, "gg"))
    return Audits(service).export_log(game_id).to_lines()


# ------------------------------------------------------------------ listing


def test_cards_are_public_and_filtered_by_ruleset_set_name_and_support(client: TestClient) -> None:
    r = client.get("/cards", params={"ruleset": "FoW-5.5", "set": "bfa", "limit": 500})
    assert r.status_code == 200, r.text
    cards = r.json()["cards"]
    assert cards and all(c["id"].startswith("BFA") and c["system"] == "fow" for c in cards)
    assert [c["id"] for c in cards] == sorted(c["id"] for c in cards)
    stone = next(c for c in cards if c["id"] == "BFA-102")
    assert stone["name"] == "Fire Magic Stone" and stone["type"] == "magic_stone"
    assert stone["engine_reading"]["abilities"][0]["effects"] == [{"op": "produce_will", "will": ["R"]}]
    assert stone["support"] == "full" and stone["unsupported"] == []

    named = client.get("/cards", params={"name": "MAGIC stone", "limit": 500}).json()["cards"]
    assert named and all("magic stone" in c["name"].lower() for c in named)

    partial = client.get("/cards", params={"ruleset": "FoW-5.5", "support": "partial", "limit": 500}).json()
    assert partial["cards"] and all(c["unsupported"] and c["support"] == "partial" for c in partial["cards"])
    gcg = client.get("/cards", params={"ruleset": "GCG-1.00", "limit": 500}).json()["cards"]
    assert gcg and {c["system"] for c in gcg} == {"gcg"} and {c["support"] for c in gcg} == {"full"}
    assert client.get("/cards", params={"ruleset": "GCG-1.00", "support": "partial"}).json()["cards"] == []


def test_support_says_whether_the_engine_reads_all_of_the_text() -> None:
    assert support_of("fow", {"id": "a", "unsupported": []}) == "full"
    assert support_of("fow", {"id": "a", "unsupported": ["x"], "abilities": [{"kind": "activate"}]}) == "partial"
    assert support_of("fow", {"id": "a", "unsupported": ["x"]}) == "none"
    assert support_of("ll", {"id": "a", "abilities": []}) == "full"


def test_pages_follow_the_cursor_to_the_end_without_gaps_or_repeats(client: TestClient, service: GameService) -> None:
    everything = list_cards(service.catalogs, service.catalog_store, limit=500)
    total = len(everything.cards) + (0 if everything.next is None else 1)
    seen: list[str] = []
    cursor: str | None = None
    while True:
        params: dict[str, Any] = {"limit": 37} | ({"cursor": cursor} if cursor else {})
        page = client.get("/cards", params=params).json()
        seen += [f"{c['system']}/{c['id']}" for c in page["cards"]]
        cursor = page["next"]
        if cursor is None:
            break
    assert len(seen) == len(set(seen)) and seen == sorted(seen)
    assert {s.split("/")[0] for s in seen} == {"fow", "gcg", "ll"}
    assert len(seen) >= total


def test_one_card_and_the_errors(client: TestClient) -> None:
    r = client.get("/cards/LL-2.04/LL-TST-003")
    assert r.status_code == 200 and r.json()["name"] == "Ren Hoshino" and r.json()["system"] == "ll"
    missing = client.get("/cards/LL-2.04/NOPE-1")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "card/not_found"
    assert client.get("/cards", params={"ruleset": "XYZ-1"}).json()["error"]["code"] == "ruleset/unknown"
    assert client.get("/cards", params={"support": "some"}).status_code == 422


# ------------------------------------------------------------------ loading catalogs


def test_a_bad_catalog_is_refused_naming_every_bad_card(client: TestClient, service: GameService) -> None:
    good = doc_example("gcg")["cards"][0]
    body = {
        "system": "gcg",
        "cards": [
            good,
            {"id": "BAD-1", "name": "No Rank", "type": "monster", "color": "blue", "threat": 1},
            {"id": "BAD-2", "name": "Wrong Colour", "type": "battle", "rank": 1, "color": "purple", "counter": 1},
            {"name": "no id"},
            good,
        ],
    }
    r = client.post("/catalogs", json=body, headers=judge())
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    assert error["code"] == "catalog/invalid"
    problems = error["details"]["problems"]
    assert [p.get("card") for p in problems] == ["BAD-1", "BAD-2", None, good["id"]]
    assert "rank" in problems[0]["problem"] and "color" in problems[1]["problem"]
    assert "duplicate" in problems[3]["problem"]
    assert client.get("/catalogs").json()["catalogs"] == []  # nothing stored
    with pytest.raises(CatalogRejectedError):
        service.catalog_store.add({"system": "mtg", "cards": [good]})


def test_loading_needs_the_judge_token(client: TestClient) -> None:
    assert client.post("/catalogs", json=doc_example("ll")).status_code == 401
    bad = client.post("/catalogs", json=doc_example("ll"), headers={"Authorization": "Bearer nope"})
    assert bad.status_code == 401


def test_a_good_catalog_is_hashed_listed_and_loaded_once(client: TestClient) -> None:
    example = doc_example("ll")
    r = client.post("/catalogs", json=example, headers=judge())
    assert r.status_code == 201, r.text
    out = r.json()
    assert out["system"] == "ll" and out["cards"] == 1 and out["card_ids"] == ["EX-LL-001"]
    assert out["catalog_id"] == out["hash"] == catalog_hash("ll", example["cards"]) and out["version"] == 1
    again = client.post("/catalogs", json=example, headers=judge())
    assert again.status_code == 200 and again.json()["hash"] == out["hash"]
    changed = json.loads(json.dumps(example))
    changed["cards"][0]["power"] = 2500
    second = client.post("/catalogs", json=changed, headers=judge()).json()
    assert second["hash"] != out["hash"] and second["version"] == 2
    listed = client.get("/catalogs").json()["catalogs"]
    assert [c["hash"] for c in listed] == [out["hash"], second["hash"]]
    own = client.get("/cards", params={"catalog": out["hash"]}).json()["cards"]
    assert [c["id"] for c in own] == ["EX-LL-001"] and own[0]["definition"]["power"] == 2000


@pytest.mark.parametrize("system", sorted(GAMES))
def test_a_game_on_a_loaded_catalog_pins_its_hash_survives_a_restart_and_audits(system: str, tmp_path: Path) -> None:
    path = tmp_path / "store.db"
    first = GameService(settings_for(path))
    try:
        info, created = first.catalog_store.add(doc_example(system))
        assert created
    finally:
        first.close()
    service = GameService(settings_for(path))  # a restart: the catalog is read back from the store
    try:
        assert [i.catalog_hash for i in service.catalog_store.list()] == [info.catalog_hash]
        lines = play_and_export(service, system, info.catalog_hash, "g1")
    finally:
        service.close()
    header = json.loads(lines[0])
    card = doc_example(system)["cards"][0]
    assert header["catalog_hash"] == info.catalog_hash
    assert card["id"] in header["cards"] and card["id"] in header["card_hashes"]
    assert audit(lines).verdict == "consistent"

    log = tmp_path / "g1.jsonl"
    log.write_text("\n".join(lines) + "\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-m", "service.cli", "audit", str(log), "--json"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert json.loads(run.stdout)["verdict"] == "consistent"

    edited = dict(header)
    edited["cards"] = {**header["cards"], card["id"]: {**header["cards"][card["id"]], "name": "Someone Else"}}
    tampered = [json.dumps(edited), *lines[1:]]
    verdict = audit(tampered)
    assert verdict.verdict == "malformed" and verdict.code == "log/cards_mismatch"
    assert verdict.details["card"] == card["id"] and card["id"] in verdict.message
    with pytest.raises(MalformedLogError) as raised:
        audit_log(tampered)
    assert raised.value.code == "log/cards_mismatch"
    log.write_text("\n".join(tampered) + "\n")
    bad = subprocess.run(
        [sys.executable, "-m", "service.cli", "audit", str(log)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=300,
    )
    assert bad.returncode == 1 and card["id"] in bad.stdout + bad.stderr


def test_a_log_without_pins_audits_as_before_and_a_removed_pinned_card_is_named(
    service: GameService, client: TestClient
) -> None:
    info, _ = service.catalog_store.add(doc_example("gcg"))
    lines = play_and_export(service, "gcg", info.catalog_hash, "g2")
    header = json.loads(lines[0])
    unpinned = {k: v for k, v in header.items() if k not in ("catalog_hash", "card_hashes")}
    assert audit([json.dumps(unpinned), *lines[1:]]).verdict == "consistent"
    dropped = dict(header, cards={k: v for k, v in header["cards"].items() if k != "EX-GCG-001"})
    verdict = audit([json.dumps(dropped), *lines[1:]])
    assert verdict.code == "log/cards_mismatch" and verdict.details["card"] == "EX-GCG-001"
    assert client.post("/audits", json={"lines": lines}).json()["verdict"] == "consistent"
    refused = client.post("/audits", json={"lines": [json.dumps(dropped), *lines[1:]]})
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "log/cards_mismatch"
    assert "EX-GCG-001" in refused.json()["error"]["message"]


def test_new_games_select_a_catalog_over_http_and_unknown_ones_are_refused(
    client: TestClient, service: GameService
) -> None:
    digest = client.post("/catalogs", json=doc_example("ll"), headers=judge()).json()["hash"]
    deck = deck_with(service, "ll", "EX-LL-001")
    body = {
        "ruleset": "LL-2.04",
        "variant": "standard",
        "players": [{"id": "p1", "name": "A", "deck": deck}, {"id": "p2", "name": "B", "deck": deck}],
        "seed": 3,
        "catalog": digest,
    }
    r = client.post("/games", json=body)
    assert r.status_code == 201, r.text
    assert "EX-LL-001" in Audits(service).export_log(r.json()["game_id"]).header["card_hashes"]
    unknown = client.post("/games", json={**body, "catalog": "0" * 64})
    assert unknown.status_code == 422 and unknown.json()["error"]["code"] == "catalog/not_found"
    starters = [
        {"id": "p1", "name": "A", "deck": {"starter": "blue_bulwark"}},
        {"id": "p2", "name": "B", "deck": {"starter": "red_rampage"}},
    ]
    wrong = client.post("/games", json={**body, "ruleset": "GCG-1.00", "players": starters})
    assert wrong.status_code == 422 and wrong.json()["error"]["code"] == "catalog/wrong_system"
    with pytest.raises(CatalogNotFoundError):
        service.catalog_store.cards("f" * 64)
    # without a seed the game waits for entropy; its deal still plays the pinned catalog
    waiting = client.post("/games", json={k: v for k, v in body.items() if k != "seed"})
    assert waiting.status_code == 201 and waiting.json()["status"] == "awaiting_entropy"
    gid = waiting.json()["game_id"]
    for player in ("p1", "p2"):
        service.contribute_entropy(gid, player, "ab" * 32)
    assert "EX-LL-001" in Audits(service).export_log(gid).header["card_hashes"]


@pytest.mark.parametrize("system", sorted(GAMES))
def test_the_schema_doc_names_every_card_and_ability_field_and_every_effect_op(system: str) -> None:
    import typing

    from service.catalogs_store import SYSTEMS

    module = sys.modules[SYSTEMS[system].__module__]
    doc = DOC.read_text()
    section = doc.split(f"(`{system}`, domain/{system}/cards.py)")[1].split("\n### ")[0]
    for model in (module.Card, module.Ability):
        for name, info in model.model_fields.items():
            assert f"| `{info.alias or name}` |" in section, f"{system} {model.__name__}.{name} is not documented"
    ops = {
        op
        for cls in vars(module).values()
        if isinstance(cls, type) and hasattr(cls, "model_fields") and "op" in cls.model_fields
        for op in typing.get_args(cls.model_fields["op"].annotation)
    }
    assert ops and all(f"`{op}`" in section for op in ops)


def test_a_game_reconstructed_from_a_position_on_a_loaded_catalog_pins_it(client: TestClient) -> None:
    from tests.fow.test_position import base_position, cards

    loaded = client.post("/catalogs", json={"system": "fow", "cards": list(cards().values())}, headers=judge())
    assert loaded.status_code == 201, loaded.text
    digest = loaded.json()["hash"]
    players = [{"id": "p1", "name": "Alice"}, {"id": "p2", "name": "Bob"}]
    body = {"ruleset": "FoW-5.5", "variant": "valhalla", "players": players, "position": base_position()}
    without = client.post("/games/reconstruct", json={**body, "seed": 5})
    assert without.status_code == 422  # the position's test cards are not built-in cards
    r = client.post("/games/reconstruct", json={**body, "seed": 5, "game_id": "r1", "catalog": digest})
    assert r.status_code == 201, r.text
    log = client.get("/games/r1/log", headers=judge())
    header = json.loads(log.text.splitlines()[0])
    assert header["catalog_hash"] == digest and "T-BEAR" in header["card_hashes"]
