"""The starter catalog (``service/catalogs/ll``) and replay-log audits of Luck & Logic games."""

from __future__ import annotations

import json
from typing import get_args

from domain.audit import audit, build_log
from domain.kernel import seed_commitment
from domain.ll.cards import Keyword, Trigger, parse_catalog
from tests.ll.support import CATALOG_DIR, STARLIGHT, TIDES, catalog, starter_deck
from tests.ll.test_properties import recorded_game


def test_the_catalog_holds_only_invented_test_cards() -> None:
    raw = json.loads((CATALOG_DIR / "cards.json").read_text(encoding="utf-8"))
    assert isinstance(raw["cards"], list)
    cards = parse_catalog(raw)
    assert cards and all(cid.startswith("LL-TST-") for cid in cards)


def test_the_catalog_exercises_the_card_vocabulary() -> None:
    cards = parse_catalog(catalog())
    kinds = {c.type for c in cards.values()}
    assert kinds == {
        "logicalist",
        "foreigner",
        "tranceunion",
        "super_logicalist",
        "gate",
        "tactics",
        "paradox",
        "my_logicalist",
    }
    abilities = [a for c in cards.values() for a in c.abilities]
    assert {a.keyword for a in abilities if a.keyword} == set(get_args(Keyword))  # 11.2-11.11
    assert any(c.trance_change for c in cards.values()) and any(c.tool_skill for c in cards.values())
    assert {c.paradox_rule for c in cards.values() if c.paradox_rule} == {
        "AURA BATTLE!",
        "LOVE BATTLE!!",
        "POWER BATTLE!!",
    }
    assert {c.territory for c in cards.values()} == {1, 2, 4}
    assert {a.kind for a in abilities} == {"continuous", "auto", "startup", "replacement"}
    assert any(a.once_per_turn for a in abilities) and any(a.ex_soul for a in abilities)
    assert any(a.cost.optional for a in abilities) and any(a.cost_modifier for a in abilities)
    ops = {e.op for a in abilities for e in a.effects}
    assert {"draw", "stock_boost", "modify", "disable", "destroy_gate", "stock", "rest", "put_in_soul", "set"} <= ops
    assert {"synthesis", "blink_step", "for_every"} <= ops
    assert {"delayed", "prevent_attacks"} <= ops  # 9.7.5, 8.2.4
    assert any(a.x for a in abilities) and any(a.state for a in abilities)  # 9.6.2.2.1, 9.7.6
    assert any(a.set_power is not None for a in abilities)  # 9.9.1.4, 9.9.1.7.1
    replacing = [a for a in abilities if a.kind == "replacement"]
    assert any(a.may for a in replacing) and {a.replaces for a in replacing} >= {"stocked", "dropped"}  # 9.10
    triggers = {a.trigger for a in abilities if a.trigger}
    assert triggers <= set(get_args(Trigger)) and len(triggers) >= 7


def test_the_starter_decks_use_catalog_cards() -> None:
    cards = parse_catalog(catalog())
    for name in (STARLIGHT, TIDES):
        d = starter_deck(name)
        ids = [e["card"] for e in d["main"] + d["gates"] + d.get("tools", [])] + [d["my_logicalist"]]
        assert all(i in cards for i in ids)
        assert sum(e["count"] for e in d["main"]) == 50 and sum(e["count"] for e in d["gates"]) == 10


def test_a_replay_log_of_a_luck_and_logic_game_audits_consistent() -> None:
    state, _, steps = recorded_game(3)
    header = {
        "game_id": "g1",
        "ruleset": "LL-2.04",
        "variant": "standard",
        "players": [
            {"id": "p1", "name": "Alice", "deck": starter_deck(STARLIGHT)},
            {"id": "p2", "name": "Bob", "deck": starter_deck(TIDES)},
        ],
        "first_player": None,
        "seed_commitment": seed_commitment("g1", state.seed),
        "cards": catalog(),
    }
    claimed = {"winner": state.winner, "result": state.result}
    log = build_log(header, steps, seed=state.seed, claimed=claimed).to_lines()
    verdict = audit(log)
    assert verdict.verdict == "consistent", verdict
    assert verdict.details["finished"] is True and verdict.details["winner"] == state.winner
