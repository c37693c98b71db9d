"""Replay logs: export -> audit gives `consistent`; any changed command is caught at its step."""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.audit import audit, build_log
from domain.fow import engine
from domain.fow.state import apply_event
from domain.kernel import Command, Event, Rejection, seed_commitment
from tests.fow.support import catalog, deck, start_game


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


# Each example records and audits a whole game (up to a minute): two by default, four more
# under `pytest -m slow`.
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), pick=st.floats(0, 1, exclude_max=True))
def test_changing_any_single_command_is_detected_at_exactly_that_step(seed: int, pick: float) -> None:
    check_changed_command(seed, pick)


@pytest.mark.slow
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), pick=st.floats(0, 1, exclude_max=True))
def test_changing_any_single_command_is_detected_at_exactly_that_step_in_more_games(seed: int, pick: float) -> None:
    check_changed_command(seed, pick)


def check_changed_command(seed: int, pick: float) -> None:
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


# ------------------------------------------------------------------ diverged verdicts name the event


def _with_list_field(steps: list[tuple[Command, list[Event]]]) -> tuple[int, int, str]:
    """(step, position within the step's events, data key) of the first recorded event
    after the first few steps whose data holds a non-empty list."""
    for i, (_, events) in enumerate(steps[3:], start=4):
        for pos, e in enumerate(events):
            for key in sorted(e.data):
                if isinstance(e.data[key], list | tuple) and e.data[key]:
                    return i, pos, key
    raise AssertionError("no event with a list in its data")


def _edit(lines: list[str], step: int, change: Any, *, redigest: bool) -> list[str]:
    """``lines`` with ``change(events)`` applied to the recorded events of ``step``; with
    ``redigest`` the step's digests are recomputed from the edited events (so only the
    events, not their digests, betray the edit)."""
    from domain.audit import events_digest, facts_digest

    out = list(lines)
    entry = json.loads(out[step])
    events = entry["result"]["events"]
    change(events)
    if redigest:
        as_events = [Event.from_dict(e) for e in events]
        entry["result"].update(events_digest=events_digest(as_events), facts_digest=facts_digest(as_events))
    out[step] = json.dumps(entry)
    return out


@pytest.mark.parametrize("redigest", [False, True], ids=["digests-left", "digests-recomputed"])
def test_a_recorded_event_changed_in_one_data_field_is_named_with_its_seq_path_values_and_rule(
    redigest: bool,
) -> None:
    lines, steps = recorded_game(4)
    step, pos, key = _with_list_field(steps)
    original = steps[step - 1][1][pos]
    forged = [*original.data[key], "forged"]

    def change(events: list[dict[str, Any]]) -> None:
        events[pos]["data"][key] = forged

    verdict = audit(_edit(lines, step, change, redigest=redigest))
    assert (verdict.verdict, verdict.step, verdict.line) == ("diverged", step, step + 1), verdict
    d = verdict.details
    assert (d["kind"], d["seq"], d["position"]) == ("changed", original.seq, pos + 1)
    assert d["diff"] == [{"path": f"data.{key}", "recorded": forged, "recomputed": list(original.data[key])}]
    assert d["recorded_event"]["data"][key] == forged
    assert d["recomputed_event"] == json.loads(json.dumps(original.to_dict()))
    assert verdict.rule == original.rule and "recomputed_rule" not in d
    assert f"event {original.seq} ({original.type})" in verdict.message and f"data.{key}" in verdict.message
    # digests left: the events no longer match their own digest, and the verdict says so
    assert d["recorded_events_match_digest"] is redigest
    assert ("do not match the step's own events_digest" in verdict.message) is not redigest
    assert d["compared"] == ["events"] and d["recomputed"]["version"] == steps[step - 1][1][-1].seq


def test_a_changed_type_and_citation_are_fields_of_the_diff_and_the_recorded_citation_is_the_rule() -> None:
    lines, steps = recorded_game(4)
    step, pos, _ = _with_list_field(steps)
    original = steps[step - 1][1][pos]

    def change(events: list[dict[str, Any]]) -> None:
        events[pos].update(type="Forged", rule="FoW-5.5 1.1")

    verdict = audit(_edit(lines, step, change, redigest=True))
    assert verdict.verdict == "diverged" and verdict.details["seq"] == original.seq
    assert verdict.details["diff"] == [
        {"path": "rule", "recorded": "FoW-5.5 1.1", "recomputed": original.rule},
        {"path": "type", "recorded": "Forged", "recomputed": original.type},
    ]
    assert verdict.rule == "FoW-5.5 1.1" and verdict.details["recomputed_rule"] == original.rule


@pytest.mark.parametrize("kind", ["missing", "extra"])
def test_an_event_missing_from_the_log_or_extra_in_it_is_named(kind: str) -> None:
    lines, steps = recorded_game(4)
    step = next(i for i, (_, events) in enumerate(steps, start=1) if len(events) >= 2 and i > 3)
    last = steps[step - 1][1][-1]
    invented = {**last.to_dict(), "seq": last.seq + 1, "type": "LifeSet", "data": {"player": "p1", "life": 1}}

    def change(events: list[dict[str, Any]]) -> None:
        if kind == "missing":
            events.pop()
        else:
            events.append(invented)

    verdict = audit(_edit(lines, step, change, redigest=False))
    assert (verdict.verdict, verdict.step) == ("diverged", step), verdict
    d = verdict.details
    assert d["kind"] == kind and d["position"] == len(steps[step - 1][1]) + (kind == "extra")
    if kind == "missing":
        recomputed = json.loads(json.dumps(last.to_dict()))
        assert (d["seq"], d["recorded_event"], d["recomputed_event"]) == (last.seq, None, recomputed)
        assert d["diff"] == [{"path": "event", "recorded": None, "recomputed": recomputed, "absent": "recorded"}]
        assert verdict.rule == last.rule  # nothing recorded: the rule that produces the missing event
        assert f"produces event {last.seq} ({last.type}), which the log does not record" in verdict.message
    else:
        assert (d["seq"], d["recorded_event"], d["recomputed_event"]) == (last.seq + 1, invented, None)
        assert d["diff"] == [{"path": "event", "recorded": invented, "recomputed": None, "absent": "recomputed"}]
        assert verdict.rule == last.rule
        assert f"records event {last.seq + 1} (LifeSet), which it does not produce" in verdict.message


def test_a_field_only_one_side_has_is_marked_absent() -> None:
    lines, steps = recorded_game(4)
    step, pos, key = _with_list_field(steps)
    original = steps[step - 1][1][pos]

    def change(events: list[dict[str, Any]]) -> None:
        del events[pos]["data"][key]
        events[pos]["data"]["bogus"] = 1

    d = audit(_edit(lines, step, change, redigest=True)).details
    assert d["diff"] == [
        {"path": "data.bogus", "recorded": 1, "recomputed": None, "absent": "recomputed"},
        {"path": f"data.{key}", "recorded": None, "recomputed": list(original.data[key]), "absent": "recorded"},
    ]


def test_an_older_log_without_events_audits_by_digests_and_says_it_cannot_name_the_event() -> None:
    lines, _ = recorded_game(4)
    old = [lines[0]]
    for line in lines[1:]:
        entry = json.loads(line)
        entry["result"].pop("events")
        old.append(json.dumps(entry))
    assert audit(old).verdict == "consistent"
    step = 5
    entry = json.loads(old[step])
    entry["result"]["events_digest"] = "0" * 64
    old[step] = json.dumps(entry)
    verdict = audit(old)
    assert (verdict.verdict, verdict.step, verdict.rule) == ("diverged", step, None)
    assert "only digests" in verdict.message and "cannot be named" in verdict.message
    assert verdict.details["compared"] == ["version", "events_digest"]
    assert verdict.details["recorded"]["events_digest"] == "0" * 64
    assert verdict.details["events_recorded"] is False and "diff" not in verdict.details


def test_an_edited_digest_beside_unchanged_events_is_a_divergence_of_the_digest() -> None:
    lines, _ = recorded_game(4)
    entry = json.loads(lines[5])
    entry["result"]["events_digest"] = "0" * 64
    lines[5] = json.dumps(entry)
    verdict = audit(lines)
    assert (verdict.verdict, verdict.step) == ("diverged", 5)
    assert verdict.details["events_match"] is True and "diff" not in verdict.details
    assert "produces the events the log recorded for it, but not the digest" in verdict.message


def test_a_log_with_events_but_no_digests_audits_by_its_events() -> None:
    lines, steps = recorded_game(4)
    bare = [lines[0]]
    for line in lines[1:]:
        entry = json.loads(line)
        entry["result"] = {"events": entry["result"]["events"]}
        bare.append(json.dumps(entry))
    assert audit(bare).verdict == "consistent"
    step, pos, key = _with_list_field(steps)

    def change(events: list[dict[str, Any]]) -> None:
        events[pos]["data"][key] = []

    verdict = audit(_edit(bare, step, change, redigest=False))
    assert (verdict.verdict, verdict.step, verdict.details["diff"][0]["path"]) == ("diverged", step, f"data.{key}")
    assert "recorded_events_match_digest" not in verdict.details


def test_across_rules_versions_the_event_diff_ignores_citations() -> None:
    lines, steps = recorded_game(4)
    assert audit(lines, ruleset="FoW-5.01").verdict == "consistent"  # this game's facts are the same under 5.01
    step, pos, key = _with_list_field(steps)
    original = steps[step - 1][1][pos]

    def recite(events: list[dict[str, Any]]) -> None:
        events[pos]["rule"] = "FoW-5.5 1.1"

    recited = _edit(lines, step, recite, redigest=True)
    assert audit(recited).details["diff"] == [{"path": "rule", "recorded": "FoW-5.5 1.1", "recomputed": original.rule}]
    assert audit(recited, ruleset="FoW-5.01").verdict == "consistent"  # citations are not compared across versions

    def change(events: list[dict[str, Any]]) -> None:
        events[pos]["data"][key] = []

    verdict = audit(_edit(lines, step, change, redigest=True), ruleset="FoW-5.01")
    assert (verdict.verdict, verdict.step, verdict.details["seq"]) == ("diverged", step, original.seq)
    assert [d["path"] for d in verdict.details["diff"]] == [f"data.{key}"]
    assert verdict.rule == original.rule  # the recorded event's citation (5.5) ...
    assert verdict.details["recomputed_rule"].startswith("FoW-5.01 ")  # ... and the recomputed one's


def test_the_relabelled_log_diverges_at_its_first_citation() -> None:
    lines, steps = recorded_game(4)
    header = json.loads(lines[0])
    header["ruleset"] = "FoW-5.01"
    verdict = audit([json.dumps(header), *lines[1:]])
    first = steps[0][1][0]
    assert (verdict.verdict, verdict.step, verdict.details["seq"]) == ("diverged", 1, first.seq)
    assert verdict.details["diff"] == [
        {"path": "rule", "recorded": first.rule, "recomputed": first.rule.replace("FoW-5.5", "FoW-5.01")}
    ]


def test_recorded_events_must_be_a_list_of_objects() -> None:
    lines, _ = recorded_game(4)
    for bad in ({"seq": 1}, [1, 2], "events"):
        entry = json.loads(lines[2])
        entry["result"]["events"] = bad
        verdict = audit([*lines[:2], json.dumps(entry), *lines[3:]])
        assert (verdict.verdict, verdict.line) == ("malformed", 3)
        assert "'result.events' must be a list of event objects" in verdict.message


def test_an_exported_step_records_its_events_as_stored() -> None:
    lines, steps = recorded_game(4)
    for line, (_, events) in zip(lines[1:], steps, strict=True):
        result = json.loads(line)["result"]
        assert result["events"] == json.loads(json.dumps([e.to_dict() for e in events]))
        assert result["version"] == events[-1].seq
