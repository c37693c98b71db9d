"""``legal_actions`` and ``decide`` agree in every ruleset (issue 20, item 4).

Along seeded random legal playouts of FoW-5.5 (Valhalla and Bifrost), FoW-5.01, GCG-1.00 and
LL-2.04, at each step and for BOTH players:

(a) every command ``legal_actions(state, player)`` lists is accepted by ``decide``;
(b) for each command kind whose arguments can be enumerated from the state, every candidate
    ``decide`` accepts is listed.  The candidates (one generator per ruleset, below): every
    command type with no arguments; the answers among the options of the pending decision
    (ChooseTurnOrder, ChooseOptional true/false, ChooseOption by index, ChooseReplacement, AssignPierceDamage,
    ChooseAttribute/Skill/Race, DeclineTrigger, LL's Choose for numbers, confirmations and
    replacements); attacks and blocks with the objects on the field (FoW DeclareAttack /
    DeclareBlock, LL DeclareAttack with circles, LevelBoost, DefineLogic, PlaceLevelCard,
    SkipLevel); GCG's main-phase plays from the hand (GainRage, Invade, PlayMonster) and its
    Choose among the options offered.

A parameterised legal action (a ``Choice`` of N from M, docs/legal-actions.md) lists every
selection it allows: a random one of them must be accepted, and a wrong count, an unknown
candidate and a repeated one refused (by the command itself or by the choice's check); the
playouts go on with a random allowed selection.

Comparison is by type and arguments, order-insensitive, with three documented reductions:
payment plans (``pay_with``) are dropped, since ``legal_actions`` lists one plan among the
many that pay a cost; an empty list argument is the same as an absent one (``ChangeHand {}``
keeps the hand like ``ChangeHand {"cards": []}``); and in GCG,
copies of one card in a hand, discard pile or monster deck
are interchangeable (``legal_actions`` lists one of each, see ``domain.gcg.engine``).  Hand
changes (FoW ChangeHand, LL Redraw: any subset of the hand) are enumerated in full only while
the hand has at most ``SMALL_HAND`` cards; on larger hands the subsets of at most one card
are checked.  Large choice spaces that ``legal_actions`` represents by a bounded subset
(target combinations, circle placements, N-of-M choices beyond ``MAX_COMBOS``) are not
enumerated here.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.fow import engine as fow
from domain.gcg import engine as gcg
from domain.kernel import Choice, Command, Rejection
from domain.ll import engine as ll
from domain.ll.board import BACK, FRONT
from tests.fow.support import start_game as fow_start
from tests.gcg.support import start_game as gcg_start
from tests.ll.support import start_game as ll_start

SMALL_HAND = 6
PLAYERS = ("p1", "p2")


@dataclass(frozen=True)
class Ruleset:
    engine: Any
    start: Callable[[int], Any]
    candidates: Callable[[Any, str], Iterator[Command]]
    interchangeable: bool = False


def _no_args(engine: Any, player: str) -> Iterator[Command]:
    for name in sorted(engine.COMMAND_TABLE.handlers):
        yield Command(name, player, {})


def _subsets(cards: list[str]) -> Iterator[list[str]]:
    top = len(cards) if len(cards) <= SMALL_HAND else 1
    for n in range(top + 1):
        for c in itertools.combinations(cards, n):
            yield list(c)


# --- FoW ------------------------------------------------------------------------------------------


def fow_candidates(s: Any, player: str) -> Iterator[Command]:
    yield from _no_args(fow, player)
    p = s.pending
    if p is None:
        return
    opp = s.opponent(player)
    yield from (Command("ChooseTurnOrder", player, {"play_first": v}) for v in (True, False))
    if p.kind == "hand_change":
        yield from (Command("ChangeHand", player, {"cards": c}) for c in _subsets(list(s.zones[player]["hand"])))
    yield from (Command("ChooseOptional", player, {"accept": v}) for v in (True, False))
    choices = p.options.get("choices")
    if isinstance(choices, list):
        yield from (Command("ChooseOption", player, {"option": i}) for i in range(len(choices) + 1))
        yield from (Command("ChooseReplacement", player, {"effect": c}) for c in choices if isinstance(c, str))
    yield from (Command("ChooseAttribute", player, {"attribute": a}) for a in "WRUGB")
    if p.kind == "pierce":  # every amount from 0 to beyond the ATK, in steps of 50 (11.1 p1.2)
        top = int(p.options["atk"]) + 200
        yield from (Command("AssignPierceDamage", player, {"to_blocker": n}) for n in range(0, top + 1, 50))
    for k in p.options.get("skills", []) if isinstance(p.options.get("skills"), list) else []:
        yield Command("ChooseSkill", player, {"skill": k})
    for r in p.options.get("races", []) if isinstance(p.options.get("races"), list) else []:
        yield Command("ChooseRace", player, {"race": r})
    for trig in s.triggered:
        yield Command("DeclineTrigger", player, {"trigger": trig.id})
    field = list(s.zones[player]["field"])
    targets = [opp, *s.zones[opp]["field"]]
    for oid in field:
        yield Command("DeclareBlock", player, {"blocker": oid})
        for t in targets:
            yield Command("DeclareAttack", player, {"attacker": oid, "target": t})


# --- GCG ------------------------------------------------------------------------------------------


def gcg_candidates(s: Any, player: str) -> Iterator[Command]:
    yield from _no_args(gcg, player)
    p = s.pending
    if p is None:
        return
    if p.kind == "main":
        for oid in s.zones[player]["hand"]:
            yield Command("GainRage", player, {"card": oid})
            yield Command("Invade", player, {"card": oid})
            yield Command("PlayMonster", player, {"card": oid})
            yield Command("PlayMonster", player, {"card": oid, "burst": True})
            for z in (1, 2):
                yield Command("ActivateStrategy", player, {"card": oid, "zone": z})
        return
    among = list(p.options.get("among", []))
    lo, hi = int(p.options.get("min", 1)), int(p.options.get("max", 1))
    if p.kind == "loop_response" or len(among) > 8:
        return
    for n in range(lo, hi + 1):
        for c in itertools.combinations(among, n):
            yield Command("Choose", player, {"choice": list(c)})


# --- LL -------------------------------------------------------------------------------------------


def ll_candidates(s: Any, player: str) -> Iterator[Command]:
    yield from _no_args(ll, player)
    p = s.pending
    if p is None:
        return
    hand = list(s.zones[player]["hand"])
    if p.kind == "redraw":
        yield from (Command("Redraw", player, {"cards": c}) for c in _subsets(hand))
    for oid in hand:
        yield Command("PlaceLevelCard", player, {"card": oid})
        for lv in s.zones[player]["level"]:
            yield Command("PlaceLevelCard", player, {"card": oid, "swap_with": lv})
        yield Command("DefineLogic", player, {"card": oid})
    for lv in s.zones[player]["level"]:
        yield Command("LevelBoost", player, {"level_card": lv})
    circles = [*FRONT, *BACK]
    for attacker in s.members(player):
        for c in circles:
            yield Command("DeclareAttack", player, {"attacker": attacker, "circle": c})
    if p.kind == "number":
        yield from (Command("Choose", player, {"choice": n}) for n in range(-1, int(p.options["max"]) + 2))
    if p.kind == "confirm":
        yield from (Command("Choose", player, {"choice": v}) for v in (True, False))
    if p.kind == "replacement":
        yield from (Command("Choose", player, {"choice": str(k)}) for k in [*p.options["options"], "none"])
    if p.kind == "order_auto":
        yield from (Command("PlayAuto", player, {"primed": pid}) for pid in p.options["primed"])
    if p.kind == "choose" and len(p.options["cards"]) <= 8:
        cards = list(p.options["cards"])
        for n in range(int(p.options["min"]), int(p.options["max"]) + 1):
            yield from (Command("Choose", player, {"choice": list(c)}) for c in itertools.combinations(cards, n))


RULESETS: dict[str, Ruleset] = {
    "fow55": Ruleset(fow, lambda seed: fow_start(seed=seed, first_player=None), fow_candidates),
    "fow55-bifrost": Ruleset(
        fow, lambda seed: fow_start(seed=seed, first_player=None, variant="bifrost"), fow_candidates
    ),
    "fow501": Ruleset(fow, lambda seed: fow_start(seed=seed, first_player=None, ruleset="FoW-5.01"), fow_candidates),
    "gcg": Ruleset(gcg, lambda seed: gcg_start(seed=seed, first=None), gcg_candidates, interchangeable=True),
    "ll": Ruleset(ll, lambda seed: ll_start(seed=seed, first=None), ll_candidates),
}


def _strip(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _strip(v) for k, v in value.items() if k != "pay_with" and v != []}
    return value


def _key(s: Any, cmd: Command, interchangeable: bool) -> str:
    args = _strip(dict(cmd.args))
    if interchangeable:

        def same(item: Any) -> Any:
            if isinstance(item, list):
                return sorted((same(x) for x in item), key=repr)
            return gcg._interchangeable(s, item) if isinstance(item, str) else item

        args = {k: same(v) for k, v in args.items()}
    return json.dumps([cmd.type, args], sort_keys=True)


def _is_covered_by_choice(cmd: Command, legal: list[Command]) -> bool:
    """Whether ``cmd`` is one of the selections a parameterised (Choice) legal action allows."""
    for c in legal:
        ch = c.choice
        if ch is None or c.type != cmd.type:
            continue
        rest = {k: v for k, v in cmd.args.items() if k != ch.arg}
        if rest == {k: v for k, v in c.args.items() if k != ch.arg} and ch.check(cmd.args.get(ch.arg)) is None:
            return True
    return False


def random_selection(choice: Choice, rng: random.Random) -> list[str]:
    if choice.groups:  # one of the selections meeting the group constraints
        return rng.choice(list(choice.selections()))
    return rng.sample(list(choice.candidates), rng.randint(choice.min_count, choice.max_count))


def invalid_selections(choice: Choice, rng: random.Random) -> Iterator[list[str]]:
    """A wrong count (one too many / too few), an unknown candidate and a repeated one."""
    cands = list(choice.candidates)
    if choice.max_count < len(cands):
        yield cands[: choice.max_count + 1]
    if choice.min_count > 0:
        yield cands[: choice.min_count - 1]
    yield [*cands[: max(choice.min_count, 1) - 1], "no-such-card"]
    if cands and choice.max_count >= 2:
        yield [cands[0], cands[0]]


def check_choice(rs: Ruleset, state: Any, c: Command, rng: random.Random) -> None:
    """A Choice action: a random valid selection is accepted, invalid ones are refused."""
    ch = c.choice
    assert ch is not None
    assert ch.arg in c.args and ch.check(c.args[ch.arg]) is None, f"{c}'s own selection breaks its choice"
    picked = ch.complete(c, random_selection(ch, rng))
    result = rs.engine.decide(state, picked)
    assert not isinstance(result, Rejection), f"{picked} is allowed by {ch} but refused: {result}"
    for bad in invalid_selections(ch, rng):
        refused = rs.engine.decide(state, ch.complete(c, bad))
        assert isinstance(refused, Rejection), f"{bad} is not a choice of {ch} but is accepted"
        assert refused.code.startswith(("choice/", "rules/", "command/")), refused


def check_agreement(rs: Ruleset, state: Any, rng: random.Random | None = None) -> list[Command]:
    """Both directions for both players in ``state``; the acting player's legal actions."""
    engine = rs.engine
    acting: list[Command] = []
    if state.pending is not None:  # a documented kind (docs/legal-actions.md, the API's DecisionKind)
        assert state.pending.kind in engine.DECISION_KINDS, state.pending.kind
    for player in PLAYERS:
        legal = engine.legal_actions(state, player)
        for c in legal:
            result = engine.decide(state, c)
            assert not isinstance(result, Rejection), f"listed {c} is refused: {result}"
            if c.choice is not None:
                check_choice(rs, state, c, rng or random.Random(0))
        listed = {_key(state, c, rs.interchangeable) for c in legal}
        tried: set[str] = set()
        for c in rs.candidates(state, player):
            key = _key(state, c, rs.interchangeable)
            if key in listed or key in tried or _is_covered_by_choice(c, legal):
                continue
            tried.add(key)
            result = engine.decide(state, c)
            pending = state.pending and (state.pending.kind, state.pending.player)
            assert isinstance(result, Rejection), f"{c} is accepted but not listed (pending {pending})"
        if state.pending is not None and state.pending.player == player:
            acting = legal
    return acting


def playout(
    name: str, seed: int, steps: int, check: Callable[[Ruleset, Any, random.Random], list[Command]] | None = None
) -> None:
    """A random game of ``steps`` decisions; ``check`` (by default :func:`check_agreement`) is
    run at each and returns the acting player's legal actions."""
    rs = RULESETS[name]
    state, _ = rs.start(seed)
    rng = random.Random(seed)
    for n in range(steps):
        if state.finished:
            return
        legal = [c for c in (check or check_agreement)(rs, state, rng) if c.type != "Concede"]
        assert legal, "a live game always offers its waiting player an action"
        pick = rng.choice(legal)
        if pick.choice is not None:  # any selection the choice allows
            pick = pick.choice.complete(pick, random_selection(pick.choice, rng))
        result = rs.engine.decide(state, Command(pick.type, pick.player, pick.args, id=f"c{n}"))
        assert not isinstance(result, Rejection)
        state = state.clone()
        for e in result:
            rs.engine.apply_event(state, e)


@pytest.mark.parametrize("name", sorted(RULESETS))
@settings(max_examples=1, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_legal_actions_and_decide_agree_along_random_games(name: str, seed: int) -> None:
    playout(name, seed, 40)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(RULESETS))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_legal_actions_and_decide_agree_along_long_random_games(name: str, seed: int) -> None:
    playout(name, seed, 600)
