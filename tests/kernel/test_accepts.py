"""``CommandTable.accepts``: whether ``decide`` accepts a command, answered without carrying it
out.  A handler marks its point of no refusal with ``ctx.commit()``; a probe stops there.  The
answer must be ``decide``'s own: the same refusal (code, rule, sentence) or an acceptance.

The engines' ``legal_actions`` check their candidates with it, so a ``commit()`` placed before
a check that can still refuse would list a command ``decide`` refuses.  Along seeded random
games (both players, every enumerable candidate of tests/kernel/test_legal_actions_agree.py,
the legal actions, wrong selections) and in GCG's infinite loops (GCG-1.00 12.1.1.1) the probe
and ``decide`` agree."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.fow import engine as fow
from domain.gcg import engine as gcg
from domain.kernel import Bool, Command, CommandTable, DecisionContext, EventHandlers, Rejection
from tests.gcg.test_loops import _looping_game, _one_round
from tests.kernel.test_clone import _started
from tests.kernel.test_legal_actions_agree import PLAYERS, RULESETS, invalid_selections, playout, random_selection

# --- the mechanism, on a tiny system ------------------------------------------------------------


@dataclass
class _State:
    players: tuple[str, ...] = ("p1",)
    finished: bool = False
    pending: Any = None
    seq: int = 0
    log: list[str] = field(default_factory=list)

    def clone(self) -> _State:
        return _State(self.players, self.finished, self.pending, self.seq, list(self.log))


EVENTS = EventHandlers[_State]("TINY-1")


@EVENTS.handles("Noted")
def _noted(s: _State, data: Mapping[str, Any], _e: Any) -> None:
    s.log.append(str(data["what"]))


class _Ctx(DecisionContext[_State]):
    RULESET = "TINY-1"

    def __init__(self, state: _State, cause: str) -> None:
        super().__init__(state, cause, EVENTS)


TABLE = CommandTable[_Ctx](_Ctx, lambda s: lambda r: f"TINY-1 {r}", finished="1", unknown_player="2", unknown_type="3")
CARRIED_OUT: list[str] = []


@TABLE.command("Act", args={"refuse": Bool})
def _act(ctx: _Ctx, player: str, args: Mapping[str, Any]) -> None:
    if args.get("refuse"):
        raise ctx.reject("rules/no", "4", "refused before committing")
    ctx.emit("Noted", {"what": "checked"}, "4")
    ctx.commit()
    CARRIED_OUT.append("act")
    ctx.emit("Noted", {"what": "done"}, "4")


@TABLE.command("Late", args={"refuse": Bool})
def _late(ctx: _Ctx, player: str, args: Mapping[str, Any]) -> None:
    """No commit: a probe runs it to its end, so its late refusal is still found."""
    CARRIED_OUT.append("late")
    ctx.emit("Noted", {"what": "done"}, "5")
    if args.get("refuse"):
        raise ctx.reject("rules/late", "5", "refused at the end")


def test_a_probe_stops_at_the_commit_and_answers_as_decide() -> None:
    CARRIED_OUT.clear()
    state = _State()
    assert TABLE.accepts(state, Command("Act", "p1")) is None
    assert CARRIED_OUT == []  # nothing after the commit ran
    events = TABLE.decide(state, Command("Act", "p1"))
    assert not isinstance(events, Rejection) and [e.data["what"] for e in events] == ["checked", "done"]
    assert CARRIED_OUT == ["act"]
    refused = Command("Act", "p1", {"refuse": True})
    assert isinstance(TABLE.decide(state, refused), Rejection)
    assert TABLE.accepts(state, refused) == TABLE.decide(state, refused)
    assert state.log == []  # neither touched the state it was given


def test_a_handler_without_a_commit_is_probed_to_its_end() -> None:
    CARRIED_OUT.clear()
    state = _State()
    assert TABLE.accepts(state, Command("Late", "p1")) is None
    late = Command("Late", "p1", {"refuse": True})
    assert isinstance(TABLE.decide(state, late), Rejection)
    assert TABLE.accepts(state, late) == TABLE.decide(state, late)
    assert CARRIED_OUT == ["late"] * 4


IN_PLACE = CommandTable[_Ctx](
    _Ctx, lambda s: lambda r: f"TINY-1 {r}", finished="1", unknown_player="2", unknown_type="3", probe_in_place=True
)
IN_PLACE.handlers.update(TABLE.handlers)
IN_PLACE.arguments.update(TABLE.arguments)


def test_a_probe_in_place_goes_on_a_copy_before_its_first_event() -> None:
    """``probe_in_place``: no copy until the handler emits; then the probe starts again on a
    copy, and the caller's state is never changed."""
    state = _State()
    for cmd in (Command("Act", "p1"), Command("Act", "p1", {"refuse": True}), Command("Late", "p1", {"refuse": True})):
        assert IN_PLACE.accepts(state, cmd) == _answer(TABLE, state, cmd)
        assert state.log == [] and state.seq == 0


def test_the_kernel_refusals_come_first_in_a_probe_too() -> None:
    for cmd, state in (
        (Command("Act", "p9"), _State()),
        (Command("Nope", "p1"), _State()),
        (Command("Act", "p1", {"extra": 1}), _State()),
        (Command("Act", "p1"), _State(finished=True)),
    ):
        refusal = TABLE.decide(state, cmd)
        assert isinstance(refusal, Rejection)
        assert TABLE.accepts(state, cmd) == refusal


# --- the engines ---------------------------------------------------------------------------------


def _answer(table: CommandTable[Any], state: Any, cmd: Command) -> Rejection | None:
    result = table.decide(state, cmd)
    return result if isinstance(result, Rejection) else None


def _more_gcg(state: Any, player: str) -> Iterator[Command]:
    """GCG commands the agreement test does not enumerate: battle cards in any zone, strategies
    in a zone that does not exist."""
    for oid in state.zones[player]["hand"]:
        yield from (Command("PlayBattleCard", player, {"card": oid, "zone": z}) for z in range(0, 10))
        yield Command("ActivateStrategy", player, {"card": oid, "zone": 3})


def _paid_short(cmd: Command) -> Iterator[Command]:
    """``cmd`` paid with one will source fewer (FoW ``pay_with``, 10.2 p5): its sources' will
    abilities are played, then what they produced may fall short (10.2 p4); a probe must not take the
    first of them for the command."""
    pay_with = cmd.args.get("pay_with")
    if isinstance(pay_with, list) and pay_with:
        yield Command(cmd.type, cmd.player, {**cmd.args, "pay_with": pay_with[:-1]})


def _probed(engine: Any, state: Any) -> Iterator[Command]:
    """Every candidate of both players, their legal actions and some wrong selections."""
    rng = random.Random(state.seq)
    rs = next(r for r in RULESETS.values() if r.engine is engine)
    for player in PLAYERS:
        yield from rs.candidates(state, player)
        if engine is gcg:
            yield from _more_gcg(state, player)
        for c in engine.legal_actions(state, player):
            yield c
            yield from _paid_short(c)
            if c.choice is not None:
                yield c.choice.complete(c, random_selection(c.choice, rng))
                yield from (c.choice.complete(c, bad) for bad in invalid_selections(c.choice, rng))


def assert_probe_agrees(engine: Any, state: Any) -> None:
    """Every probe answers as ``decide`` and leaves the state as it was."""
    table = engine.COMMAND_TABLE
    before = engine.state_to_dict(state)
    for cmd in _probed(engine, state):
        assert table.accepts(state, cmd) == _answer(table, state, cmd), cmd
    assert engine.state_to_dict(state) == before


def _probes_agree(rs: Any, state: Any, rng: random.Random) -> list[Command]:
    assert_probe_agrees(rs.engine, state)
    legal: list[Command] = rs.engine.legal_actions(state, state.pending.player)
    return legal


def _playout(name: str, seed: int, steps: int) -> None:
    playout(name, seed, steps, _probes_agree)


def _probes_agree_acting(rs: Any, state: Any, rng: random.Random) -> list[Command]:
    """:func:`_probes_agree`, then mostly an action other than a pass (as the property tests choose),
    so that a game gets to turns with several magic stones to pay with."""
    legal = _probes_agree(rs, state, rng)
    acting = [c for c in legal if c.type not in ("Pass", "Concede")]
    return acting if acting and rng.random() < 0.7 else legal


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_gcg_probes_answer_as_decide_along_random_games(seed: int) -> None:
    _playout("gcg", seed, 60)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_ll_probes_answer_as_decide_along_random_games(seed: int) -> None:
    """Including LL-2.04 12.1.1.2 (a main-phase action taken again from the same game state is
    refused, read from its decision event): random games rearrange back and forth."""
    _playout("ll", seed, 120)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_fow_probes_answer_as_decide_along_random_games(seed: int) -> None:
    """FoW's handlers commit where they hand over to the rules flow (``flow.after_action``,
    ``flow.pass_priority``: FoW-5.5 6.4 p1.1, 7.12 p1), and probe on the state itself until they
    would emit an event; under both rules versions."""
    playout("fow55", seed, 100, _probes_agree_acting)
    playout("fow501", seed, 40, _probes_agree_acting)


def test_fow_probes_answer_as_decide_with_starter_decks() -> None:
    """A seeded game of the FoW starter decks, played as bench_engine plays (mostly an action other
    than a pass): turns with several magic stones, whose will abilities pay for a ruler's ability or
    a card, short by one (``_paid_short``: the ability is refused, 10.2 p4, after the stones'
    will abilities were played, so none of them may commit the probe)."""
    engine, state = _started("FoW-5.5", 100)
    rng = random.Random(100)
    for n in range(100):
        if state.finished:
            break
        assert_probe_agrees(fow, state)
        legal = [c for c in engine.legal_actions(state, state.pending.player) if c.type != "Concede"]
        acting = [c for c in legal if c.type != "Pass"]
        pick = rng.choice(acting) if acting and rng.random() < 0.7 else rng.choice(legal)
        if pick.choice is not None:
            pick = pick.choice.complete(pick, random_selection(pick.choice, rng))
        events = engine.decide(state, Command(pick.type, pick.player, pick.args, id=f"c{n}"))
        assert not isinstance(events, Rejection), (pick, events)
        for e in events:
            state = engine.evolve(state, e)


def test_gcg_probes_answer_as_decide_in_an_infinite_loop() -> None:
    """GCG-1.00 12.1.1.1: declarations of any number of repetitions (the largest refused), the
    non-turn player's response (performing the loop's actions, each of which could be refused)
    and, having stopped it, their answer that must not be part of the loop."""
    state, a, b, _, loop = _looping_game()
    _one_round(state, a, b)
    table = gcg.COMMAND_TABLE
    declarations = [Command("DeclareLoop", "p1", {"actions": loop, "times": n}) for n in (1, 2, 100, 101)]
    declarations.append(Command("DeclareLoop", "p1", {"actions": loop[3:], "times": 1}))
    for cmd in declarations:
        assert table.accepts(state, cmd) == _answer(table, state, cmd), cmd
    assert_probe_agrees(gcg, state)
    for e in gcg.decide(state, declarations[1]):  # type: ignore[union-attr]
        state = gcg.evolve(state, e)
    assert state.pending is not None and state.pending.kind == "loop_response"
    assert_probe_agrees(gcg, state)
    for n in (0, 1, 2, 3):
        cmd = Command("Choose", "p2", {"choice": [n]})
        assert table.accepts(state, cmd) == _answer(table, state, cmd), cmd
    for e in gcg.decide(state, Command("Choose", "p2", {"choice": [1]})):  # type: ignore[union-attr]
        state = gcg.evolve(state, e)
    assert state.pending is not None and state.pending.options.get("excluded")
    assert_probe_agrees(gcg, state)
    refused = Command("Choose", "p2", {"choice": ["yes"]})
    assert isinstance(table.decide(state, refused), Rejection)
    assert table.accepts(state, refused) == table.decide(state, refused)
