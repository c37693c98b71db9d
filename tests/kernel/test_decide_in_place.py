"""``decide_in_place`` (FoW): ``decide`` working on the state it is given, so that the state ends
with the events applied (no copy of the game per command; the auditor uses it).

* along seeded random legal games (both variants), for every legal action of the player to
  decide, and for commands the engine refuses: on a copy of the state, ``decide_in_place`` answers
  exactly what ``decide`` answers (the same events, or the same refusal), and when it accepts, the
  copy is the state ``evolve`` makes of those events;
* a command naming an object its sender may not see is answered as ``decide`` answers it (the
  copying path, ``hidden.blind_answer``), and the state is left as it was when it is refused;
* the audit's verdicts, refused and diverged steps included (with the digest of the state before
  the failing command, FoW-5.5 rebuilt from the events), are those of an audit deciding on copies.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from domain import audit as audit_module
from domain.audit import audit
from domain.fow import engine
from domain.fow.state import GameState
from domain.kernel import Command, DecideOnCopyError, Rejection
from domain.rulesets import get_engine
from tests.fow.support import start_game
from tests.kernel.test_audit import recorded_game

DECISIONS = 70


def _refused_candidates(s: GameState, player: str) -> list[Command]:
    """Commands refused at different depths: before any event, and (``Pass`` of a player without
    priority, a card not in the hand) by the command's own checks."""
    other = s.opponent(player)
    hand = list(s.zones[player]["hand"])
    out = [Command("Pass", other), Command("CallMagicStone", other), Command("DeclineBlock", player)]
    out += [Command("PlayCard", player, {"card": oid, "targets": [], "pay_with": []}) for oid in hand[:2]]
    return out


@pytest.mark.parametrize("variant", ["valhalla", "bifrost"])
@pytest.mark.parametrize("seed", [3, 8])
def test_decide_in_place_answers_as_decide_and_leaves_the_evolved_state(seed: int, variant: str) -> None:
    """FoW-5.5 7.12 p1 (Pass), 7.8 p2 (ActivateAbility), 10.12 p2 (a rested card's rest cost refused):
    the same answer on the state itself as on a copy."""
    state, _ = start_game(seed=seed, first_player=None, variant=variant)
    rng = random.Random(seed)
    for n in range(DECISIONS):
        if state.finished:
            break
        assert state.pending is not None
        player = state.pending.player
        legal = engine.legal_actions(state, player)
        for c in [*legal, *_refused_candidates(state, player)]:
            cmd = Command(c.type, c.player, c.args, id=f"t{n}")
            expected = engine.decide(state, cmd)
            here = state.clone()
            got = engine.decide_in_place(here, cmd)
            assert got == expected, cmd
            if not isinstance(expected, Rejection):
                after = state
                for e in expected:
                    after = engine.evolve(after, e)
                assert here.to_dict() == after.to_dict(), cmd
        choice = rng.choice([c for c in legal if c.type != "Concede"])
        result = engine.decide(state, Command(choice.type, choice.player, choice.args, id=f"c{n}"))
        assert not isinstance(result, Rejection)
        for e in result:
            state = engine.evolve(state, e)


def test_a_command_naming_an_unseen_card_is_answered_as_decide_answers_it() -> None:
    """FoW-5.5 3.1 p2: a card in the opponent's hand is refused as one that does not exist, and the
    state is left unchanged (decided on a copy)."""
    state, _ = start_game(seed=5, first_player=None, variant="valhalla")
    while state.pending is not None and state.pending.kind != "priority":
        legal = [c for c in engine.legal_actions(state, state.pending.player) if c.type != "Concede"]
        for e in engine.decide(state, legal[0]):  # type: ignore[union-attr]
            state = engine.evolve(state, e)
    assert state.pending is not None
    player = state.pending.player
    theirs = state.zones[state.opponent(player)]["hand"][0]
    cmd = Command("PlayCard", player, {"card": theirs, "targets": [], "pay_with": []})
    here = state.clone()
    answer = engine.decide_in_place(here, cmd)
    assert answer == engine.decide(state, cmd)
    assert isinstance(answer, Rejection) and answer.code == "command/unknown_object"
    assert here.to_dict() == state.to_dict()


def _audit_on_copies(lines: list[str], monkeypatch: pytest.MonkeyPatch) -> audit_module.Verdict:
    """The audit with the engine's ``decide_in_place`` hidden: every command decided on a copy."""
    real = get_engine("FoW-5.5")
    plain = dataclasses.replace(real, decide_in_place=None)  # type: ignore[type-var]
    with monkeypatch.context() as m:
        m.setattr(audit_module.rulesets, "get_engine", lambda name: plain if name == "FoW-5.5" else get_engine(name))
        return audit(lines)


@pytest.mark.parametrize("change", ["refused", "diverged", "none"])
def test_audit_verdicts_with_decide_in_place_are_those_deciding_on_copies(
    change: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """FoW-5.5 audit (re-adjudication of every step): the same verdict, step, code, rule and digest of
    the state before the failing command whether each command is decided on the auditor's state or on
    a copy of it."""
    lines, steps = recorded_game(4)
    k = next(i for i, (c, _) in enumerate(steps) if c.type == "Pass" and i > 30)
    entry = json.loads(lines[k + 1])
    if change == "refused":  # the other player passes: not theirs to do (6.1 p1.3)
        other = "p1" if entry["command"]["player"] == "p2" else "p2"
        entry["command"] = {"type": "Pass", "player": other, "args": {}, "id": "x"}
    elif change == "diverged":  # the recorded events say something else happened
        entry["result"]["events"][0]["data"]["player"] = "nobody"
    lines[k + 1] = json.dumps(entry)
    verdict = audit(lines)
    assert verdict == _audit_on_copies(lines, monkeypatch)
    expected = {"refused": "inconsistent", "diverged": "diverged", "none": "consistent"}[change]
    assert verdict.verdict == expected, verdict
    if change != "none":
        assert verdict.step == k + 1 and verdict.final_state_digest


@pytest.mark.parametrize("change", ["refused", "diverged", "none"])
def test_a_command_that_must_be_decided_on_a_copy_is_decided_again_on_the_state_before_it(
    change: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """FoW-5.5 9.10 p2: a command that asks which replacement of a move applies rewinds to the state
    before it, which deciding in place changes; ``decide_in_place`` says so (``DecideOnCopyError``)
    and the audit decides that command again on the state before it, copying.  Here every command
    takes that way: the verdicts are those of an audit deciding on copies."""
    lines, steps = recorded_game(4)
    k = next(i for i, (c, _) in enumerate(steps) if c.type == "Pass" and i > 30)
    entry = json.loads(lines[k + 1])
    if change == "refused":
        other = "p1" if entry["command"]["player"] == "p2" else "p2"
        entry["command"] = {"type": "Pass", "player": other, "args": {}, "id": "x"}
    elif change == "diverged":
        entry["result"]["events"][0]["data"]["player"] = "nobody"
    lines[k + 1] = json.dumps(entry)
    expected = _audit_on_copies(lines, monkeypatch)

    def must_copy(state: GameState, cmd: Command) -> object:
        state.seq += 1000  # it has started changing the state
        raise DecideOnCopyError("asks from the state before it")

    real = get_engine("FoW-5.5")
    copying = dataclasses.replace(real, decide_in_place=must_copy)  # type: ignore[type-var]
    monkeypatch.setattr(audit_module.rulesets, "get_engine", lambda name: copying if name == "FoW-5.5" else real)
    assert audit(lines) == expected


def test_a_cost_that_asks_which_replacement_applies_is_decided_on_a_copy() -> None:
    """FoW-5.5 9.10 p2: Alice's Little Assault Force banished as its own ability's cost, with Ragnarok's
    and Blazer's replacements applying: in place, the command cannot rewind, so it says so; on a copy
    it asks the card's controller (tests/fow/cards/zones/test_play_graveyard_replacement_order.py)."""
    from tests.fow.cards.zones.test_play_graveyard_replacement_order import _banished_as_a_cost

    story, _, events = _banished_as_a_cost()
    assert [e.type for e in events] == ["ChoiceRequested"]
    fow = get_engine("FoW-5.5")
    state = fow.initial_state()
    for e in story.log[: -len(events)]:  # the state before the play, replayed
        state = fow.evolve(state, e)
    command = story.steps[-1][0]
    assert engine.decide(state, command) == events
    with pytest.raises(DecideOnCopyError):
        engine.decide_in_place(state.clone(), command)
