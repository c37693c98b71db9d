"""Replay logs: export -> audit gives `consistent`; any changed command is caught at its step."""

from __future__ import annotations

import functools
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.audit import audit, build_log
from domain.fow import engine
from domain.fow.state import apply_event
from domain.kernel import Command, Event, Rejection, seed_commitment
from tests.fow_support import catalog, deck, start_game


def recorded_game(seed: int) -> tuple[list[str], list[tuple[Command, list[Event]]]]:
    lines, steps = _recorded_game(seed)
    return list(lines), steps


@functools.lru_cache(maxsize=8)
def _recorded_game(seed: int) -> tuple[tuple[str, ...], list[tuple[Command, list[Event]]]]:
    state, _ = start_game(seed=seed, first_player=None, variant="valhalla")
    rng = random.Random(seed)
    steps: list[tuple[Command, list[Event]]] = []
    while not state.finished and len(steps) < 3000:
        assert state.pending is not None
        legal = [c for c in engine.legal_actions(state, state.pending.player) if c.type != "Concede"]
        active = [c for c in legal if c.type != "Pass"]
        c = rng.choice(active) if active and rng.random() < 0.7 else rng.choice(legal)
        c = Command(c.type, c.player, c.args, id=f"c{len(steps) + 1}")
        result = engine.decide(state, c)
        assert not isinstance(result, Rejection)
        for e in result:
            apply_event(state, e)
        steps.append((c, result))
    header = {
        "game_id": "g1",
        "ruleset": "FoW-5.5",
        "variant": "valhalla",
        "players": [{"id": "p1", "name": "Alice", "deck": deck()}, {"id": "p2", "name": "Bob", "deck": deck()}],
        "first_player": None,
        "seed_commitment": seed_commitment("g1", seed),
        "cards": catalog(),
    }
    life = {p: state.players[p].life for p in state.order}
    claimed = {"winner": state.winner, "result": state.result, "life": life}
    return tuple(build_log(header, steps, seed=seed, claimed=claimed).to_lines()), steps


def test_an_exported_log_audits_consistent_with_the_final_digest() -> None:
    lines, _ = recorded_game(4)
    verdict = audit(lines)
    assert verdict.verdict == "consistent", verdict
    assert verdict.final_state_digest and len(verdict.final_state_digest) == 64
    assert verdict.details["finished"] is True


def test_an_illegal_command_is_reported_with_its_step_code_and_rule() -> None:
    lines, steps = recorded_game(4)
    k = next(i for i, (c, _) in enumerate(steps) if c.type == "Pass" and i > 30)
    entry = json.loads(lines[k + 1])
    entry["command"] = {"type": "CallMagicStone", "player": entry["command"]["player"], "args": {}, "id": "x"}
    lines[k + 1] = json.dumps(entry)
    verdict = audit(lines)
    assert verdict.verdict in ("inconsistent", "diverged")
    assert verdict.step == k + 1 and verdict.line == k + 2


def test_a_claimed_result_is_checked() -> None:
    lines, _ = recorded_game(4)
    header = json.loads(lines[0])
    loser = "p1" if header["claimed"]["winner"] == "p2" else "p2"
    header["claimed"]["winner"] = loser
    lines[0] = json.dumps(header)
    verdict = audit(lines)
    assert verdict.verdict == "result_mismatch" and verdict.details["winner"]["claimed"] == loser


def test_seed_must_match_its_commitment_and_be_revealed() -> None:
    lines, _ = recorded_game(4)
    header = json.loads(lines[0])
    header["seed"] += 1
    assert audit([json.dumps(header), *lines[1:]]).verdict == "seed_mismatch"
    header["seed"] = None
    assert audit([json.dumps(header), *lines[1:]]).verdict == "seed_unrevealed"


def test_malformed_logs_get_line_numbered_errors_never_a_crash() -> None:
    lines, _ = recorded_game(4)
    cases = [
        ([], 1),
        (["{not json"], 1),
        (["[1, 2]"], 1),
        ([lines[0], lines[1], "{oops"], 3),
        ([lines[0], lines[2]], 2),  # step numbers must be consecutive
        ([lines[0], json.dumps({"step": 1, "command": {"type": 5}})], 2),
    ]
    for log, line in cases:
        verdict = audit(log)
        assert verdict.verdict == "malformed" and verdict.line == line, (log[:1], verdict)
        assert verdict.message


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), pick=st.floats(0, 1, exclude_max=True))
def test_changing_any_single_command_is_detected_at_exactly_that_step(seed: int, pick: float) -> None:
    lines, steps = recorded_game(seed)
    k = int(pick * len(steps))
    # replay to just before step k and substitute another legal action (or an illegal one)
    state, _ = start_game(seed=seed, first_player=None, variant="valhalla")
    for _, events in steps[:k]:
        for e in events:
            apply_event(state, e)
    original = steps[k][0]
    alternatives = [
        c
        for c in engine.legal_actions(state, original.player)
        if c.to_dict() != original.to_dict() and c.type != "Concede"
    ]
    replacement = alternatives[0] if alternatives else Command("CallMagicStone", original.player, {}, "x")
    entry = json.loads(lines[k + 1])
    entry["command"] = replacement.to_dict()
    lines[k + 1] = json.dumps(entry)
    verdict = audit(lines)
    assert verdict.verdict in ("inconsistent", "diverged"), verdict
    assert verdict.step == k + 1


# ------------------------------------------------------------------ line numbers, robustness, versions


def test_blank_lines_are_skipped_and_line_numbers_stay_true() -> None:
    lines, steps = recorded_game(4)
    k = next(i for i, (c, _) in enumerate(steps) if c.type == "Pass" and i > 10)
    spaced = [lines[0], "", *lines[1 : k + 1], "   ", *lines[k + 1 :]]
    assert audit(spaced).verdict == "consistent"
    entry = json.loads(lines[k + 1])
    entry["command"] = {"type": "CallMagicStone", "player": entry["command"]["player"], "args": {}, "id": "x"}
    spaced[k + 3] = json.dumps(entry)
    verdict = audit(spaced)
    assert (verdict.step, verdict.line) == (k + 1, k + 4)


def test_commands_the_engine_cannot_digest_are_a_verdict_not_a_crash() -> None:
    lines, steps = recorded_game(4)
    k = next(i for i, (c, _) in enumerate(steps) if c.type not in ("Pass", "ChooseTurnOrder"))
    entry = json.loads(lines[k + 1])
    entry["command"]["args"] = {key: {"nested": [None, 1.5]} for key in entry["command"]["args"] or {"x": 0}}
    lines[k + 1] = json.dumps(entry)
    verdict = audit(lines)
    assert verdict.verdict in ("inconsistent", "diverged") and verdict.step == k + 1
    assert verdict.code and verdict.message


def test_a_log_rerun_under_another_version_compares_facts_not_citations() -> None:
    lines, _ = recorded_game(4)
    verdict = audit(lines, ruleset="FoW-5.01")
    assert verdict.ruleset == "FoW-5.01"
    # the same log under its own version compares the full digests, citations included
    header = json.loads(lines[0])
    header["ruleset"] = "FoW-5.01"
    relabelled = audit([json.dumps(header), *lines[1:]])
    assert relabelled.ruleset == "FoW-5.01"
    if verdict.verdict == "consistent":
        # same facts under 5.01, but the recorded digests cite 5.5: only a relabelled log
        # that claims to be a 5.01 game is refused, at its first step
        assert relabelled.verdict == "diverged" and relabelled.step == 1
    else:
        assert verdict.verdict in ("inconsistent", "diverged") and verdict.step is not None


def test_facts_digest_ignores_citations_only() -> None:
    from domain.audit import events_digest, facts_digest

    a = Event(5, "LifeSet", {"player": "p1", "life": 4000}, "FoW-5.5 4.2 p2", "ev:4")
    b = Event(5, "LifeSet", {"player": "p1", "life": 4000}, "FoW-5.01 4.2 p2", "ev:4")
    c = Event(5, "LifeSet", {"player": "p1", "life": 3900}, "FoW-5.5 4.2 p2", "ev:4")
    assert facts_digest([a]) == facts_digest([b]) != facts_digest([c])
    assert events_digest([a]) != events_digest([b])


# ------------------------------------------------------------------ the hash chain (pure part)


def test_verify_links_names_the_first_changed_missing_or_unreadable_event() -> None:
    from domain.audit import StoredLink, chain_link, verify_links

    def chain(n: int) -> list[StoredLink]:
        out, previous = [], ""
        for v in range(1, n + 1):
            fields = {"event": {"seq": v, "type": "T", "data": {"n": v}}, "command_id": ""}
            previous = chain_link(previous, v, fields)
            out.append(StoredLink(v, {**fields, "chain_hash": previous, "timestamp": "ignored"}))
        return out

    links = chain(6)
    good = verify_links(links)
    assert (good.status, good.events, good.head) == ("intact", 6, links[-1].fields["chain_hash"])  # type: ignore[index]

    changed = list(links)
    fields = dict(changed[3].fields or {})
    fields["event"] = {**fields["event"], "data": {"n": 99}}
    changed[3] = StoredLink(4, fields)
    assert verify_links(changed).broken_at == 4

    timestamp_only = list(links)
    timestamp_only[2] = StoredLink(3, {**(links[2].fields or {}), "timestamp": "later"})
    assert verify_links(timestamp_only).is_intact  # metadata is not part of a link

    assert verify_links([*links[:2], *links[3:]]).broken_at == 3  # event 3 removed
    assert verify_links([*links[:4], StoredLink(5, None, "bad bytes")]).broken_at == 5
    swapped = [*links[:1], links[2], links[1], *links[3:]]
    assert verify_links(swapped).broken_at == 2
    moved = StoredLink(2, {**(links[1].fields or {}), "event": {"seq": 3, "type": "T", "data": {"n": 2}}})
    assert "seq 3" in verify_links([links[0], moved, *links[2:]]).reason
