"""Every command declares its arguments and their types where it is registered
(``@command(name, *pending, args={...})``, domain/kernel.py), and ``decide`` refuses the others
naming them (issue 21 item 2): an unknown argument as ``command/unknown_argument`` listing the
accepted ones, an ill-typed one as ``command/malformed`` naming its type, unless the handler
already refuses that value under its own rule (FoW-5.5, GCG-1.00, LL-2.04)."""

from __future__ import annotations

import ast
import inspect
import sys
import textwrap
from typing import Any

import pytest

from domain.kernel import Command, Rejection
from domain.rulesets import command_arguments, get_engine
from tests.kernel.test_hidden_answers import fresh, positions

RULESETS = ("FoW-5.5", "GCG-1.00", "LL-2.04")
UNKNOWN_TYPE_RULE = {"FoW-5.5": "6.3 p1", "GCG-1.00": "8.1.1", "LL-2.04": "9.5.2"}
"""The rule each ruleset cites for a command of an unknown type: also for an unknown argument."""
MODULES = {
    "FoW-5.5": (
        "domain.fow.setup",
        "domain.fow.engine",
        "domain.fow.battle_commands",
        "domain.fow.play_commands",
        "domain.fow.other_commands",
        "domain.fow.answer_commands",
        "domain.fow.loops",
    ),
    "GCG-1.00": ("domain.gcg.engine",),
    "LL-2.04": ("domain.ll.engine",),
}
BAD = 3.5
"""A value of no declared type but "anything": not a string, bool, integer, list or object."""


def _legal(ruleset: str, state: Any) -> list[Command]:
    engine = get_engine(ruleset)
    return [c for p in sorted(state.players) for c in engine.legal_actions(state, p)]


# --- the declarations are complete ---------------------------------------------------------------


def _read_keys(fn: Any, param: str, bound: dict[str, str], seen: set[Any]) -> set[str]:
    """The argument names ``fn`` reads from its parameter ``param`` (``args.get("k")``,
    ``args["k"]``), following every call that passes it on (``_obj_arg(ctx, args, "card", ...)``)."""
    if fn in seen:
        return set()
    seen.add(fn)
    tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    keys: set[str] = set()

    def key_of(node: ast.expr) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.Name) and node.id in bound:
            return bound[node.id]
        return None

    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == param:
            k = key_of(node.slice)
            assert k is not None, f"{fn.__name__} reads {param}[...] with a key the test cannot name"
            keys.add(k)
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == param and f.attr == "get":
            k = key_of(node.args[0])
            assert k is not None, f"{fn.__name__} reads {param}.get(...) with a key the test cannot name"
            keys.add(k)
        passed = [i for i, a in enumerate(node.args) if isinstance(a, ast.Name) and a.id == param]
        if not passed:
            continue
        callee: Any = None
        try:
            callee = eval(ast.unparse(f), fn.__globals__)
        except (NameError, AttributeError):
            callee = None
        if callee is None or not (inspect.isfunction(callee) or inspect.ismethod(callee)):
            continue
        callee = getattr(callee, "__func__", callee)
        names = list(inspect.signature(callee).parameters)
        offset = 1 if inspect.ismethod(eval(ast.unparse(f), fn.__globals__)) else 0
        consts = {
            names[i + offset]: k
            for i, a in enumerate(node.args)
            if i + offset < len(names) and (k := key_of(a)) is not None
        }
        for i in passed:
            keys |= _read_keys(callee, names[i + offset], consts, seen)
    return keys


def _handlers(ruleset: str) -> list[tuple[str, Any]]:
    out = []
    for name in MODULES[ruleset]:
        module = sys.modules[name] if name in sys.modules else __import__(name, fromlist=["_"])
        for node in ast.parse(inspect.getsource(module)).body:
            if not isinstance(node, ast.FunctionDef):
                continue
            for d in node.decorator_list:
                if isinstance(d, ast.Call) and isinstance(d.func, ast.Name) and d.func.id == "command":
                    first = d.args[0]
                    assert isinstance(first, ast.Constant)
                    out.append((str(first.value), getattr(module, node.name)))
    return out


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_argument_a_handler_reads_is_declared(ruleset: str) -> None:
    declared = command_arguments(ruleset)
    handlers = _handlers(ruleset)
    assert sorted({n for n, _ in handlers}) == sorted(declared)
    for name, fn in handlers:
        read = _read_keys(fn, "args", {}, set())
        missing = sorted(read - set(declared[name]))
        assert not missing, f"{ruleset} {name} reads {missing} but does not declare them"
        unread = sorted(set(declared[name]) - read)
        assert not unread, f"{ruleset} {name} declares {unread} but never reads them"


# --- given a game, when an unknown or ill-typed argument, then the refusal names it -----------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_unknown_argument_is_refused_naming_it_and_the_accepted_ones(ruleset: str) -> None:
    engine = get_engine(ruleset)
    state, _ = fresh(ruleset, 5)
    checked = 0
    for st in [state, *positions(ruleset)[:6]]:
        for cmd in _legal(ruleset, st):
            answer = engine.decide(st, Command(cmd.type, cmd.player, {**cmd.args, "bogus_arg": 1}))
            assert isinstance(answer, Rejection), (cmd, answer)
            assert answer.code == "command/unknown_argument"
            assert answer.rule.endswith(UNKNOWN_TYPE_RULE[ruleset]), answer
            assert "'bogus_arg'" in answer.message and cmd.type in answer.message
            accepted = ", ".join(command_arguments(ruleset)[cmd.type]) or "none"
            assert answer.message.endswith(f"it accepts: {accepted}")
            checked += 1
    assert checked


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_ill_typed_argument_is_refused_naming_it(ruleset: str) -> None:
    engine = get_engine(ruleset)
    tables = command_arguments(ruleset)
    checked = 0
    for st in positions(ruleset)[:8]:
        for cmd in _legal(ruleset, st):
            for key, expected in tables[cmd.type].items():
                if expected.accepts(BAD):
                    continue
                answer = engine.decide(st, Command(cmd.type, cmd.player, {**cmd.args, key: BAD}))
                assert isinstance(answer, Rejection), (cmd, key, answer)
                if answer.code == "command/malformed" and answer.rule.endswith(UNKNOWN_TYPE_RULE[ruleset]):
                    assert answer.message == f"{cmd.type}: {key!r} must be {expected.describe()}"
                checked += 1
    assert checked


def _position_with(ruleset: str, type_: str) -> tuple[Any, Command]:
    for st in positions(ruleset):
        for cmd in _legal(ruleset, st):
            if cmd.type == type_:
                return st, cmd
    raise AssertionError(f"no {type_} in the sample games")


def test_fow_pass_with_a_card_is_refused() -> None:
    st, cmd = _position_with("FoW-5.5", "Pass")
    answer = get_engine("FoW-5.5").decide(st, Command("Pass", cmd.player, {"card": "p1-001"}))
    assert isinstance(answer, Rejection)
    assert (answer.code, answer.rule) == ("command/unknown_argument", "FoW-5.5 6.3 p1")
    assert answer.message == "Pass has no argument 'card'; it accepts: none"


def test_a_value_the_handler_would_accept_is_refused_by_the_schema() -> None:
    """``reduce`` is read only by abilities that may cost less; any other ability accepted a
    ``"no"`` silently: the schema names the argument and its type."""
    st, cmd = _position_with("FoW-5.5", "ActivateAbility")
    answer = get_engine("FoW-5.5").decide(st, Command(cmd.type, cmd.player, {**cmd.args, "reduce": "no"}))
    assert answer == Rejection("command/malformed", "FoW-5.5 6.3 p1", "ActivateAbility: 'reduce' must be true or false")


def test_a_handler_keeps_its_own_refusal_of_an_ill_typed_value() -> None:
    engine = get_engine("FoW-5.5")
    state, _ = fresh("FoW-5.5", 5)
    cmd = next(c for c in _legal("FoW-5.5", state) if c.type == "ChooseTurnOrder")
    own = engine.decide(state, Command(cmd.type, cmd.player, {"play_first": "yes"}))
    assert isinstance(own, Rejection) and not own.rule.endswith("6.3 p1"), own


@pytest.mark.parametrize("ruleset", RULESETS)
def test_legal_actions_pass_their_schema(ruleset: str) -> None:
    tables = command_arguments(ruleset)
    seen = 0
    for st in positions(ruleset):
        for cmd in _legal(ruleset, st):
            table = tables[cmd.type]
            assert set(cmd.args) <= set(table), (cmd, sorted(table))
            for key, value in cmd.args.items():
                assert value is None or table[key].accepts(value), (cmd, key, table[key].describe())
            seen += 1
    assert seen
