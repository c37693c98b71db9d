"""Determinism is law: ``decide`` depends only on the recorded facts and the command, never
on the iteration order of a set (which, for strings, changes with ``PYTHONHASHSEED``), a
cache, a snapshot or the process.

Two checks keep it that way:

* a static one over ``domain/``: no code iterates a set or frozenset where the order can
  reach an event (a ``for`` loop, a list/tuple/dict comprehension, ``list()``/``tuple()``/
  ``enumerate()``/``dict.fromkeys()``/``join()``/``next()``/``*`` unpacking of a set).
  Order-blind consumers (``sorted``, ``any``, ``all``, ``sum``, ``min``, ``max``, ``len``,
  set comprehensions) are allowed.  This is what made FoW logs diverge between processes:
  the recovery phase (FoW-5.5 5.2 p5) listed the rested cards by iterating a frozenset of
  zone names, so ``CardsRecovered`` came out in another order in another process.
* a dynamic one: seeded random games of every ruleset, real FoW decks included, recorded
  by the service in one process (SQLite store, snapshots, its cache) and exported as
  replay logs, are audited in a fresh ``adjudicator audit`` process with another hash
  seed and no cache, and reloaded cold from their snapshots in a third: every log is
  ``consistent`` and every cold state is the live one.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from uuid import uuid4

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
DOMAIN = ROOT / "domain"

ORDER_BLIND = {"sorted", "any", "all", "sum", "min", "max", "len", "set", "frozenset", "Counter", "isdisjoint"}
ORDER_TAKING = {"list", "tuple", "enumerate", "iter", "fromkeys", "join", "extend", "next"}
SET_METHODS = {"union", "intersection", "difference", "symmetric_difference"}
_SET_ANNOTATIONS = ("set[", "frozenset[", "Set[", "FrozenSet[", "AbstractSet[")


def _is_set_annotation(annotation: ast.expr) -> bool:
    text = ast.unparse(annotation)
    return text.startswith(_SET_ANNOTATIONS) or text in ("set", "frozenset")


def _set_attributes(trees: list[ast.Module]) -> set[str]:
    """Attribute names annotated as sets somewhere in domain/ and as nothing else anywhere."""
    as_set: set[str] = set()
    as_other: set[str] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name | ast.Attribute):
                name = node.target.id if isinstance(node.target, ast.Name) else node.target.attr
                (as_set if _is_set_annotation(node.annotation) else as_other).add(name)
    return as_set - as_other


class _SetIteration(ast.NodeVisitor):
    def __init__(self, path: str, module_sets: set[str], attributes: set[str]) -> None:
        self.path = path
        self.scopes = [module_sets]
        self.attributes = attributes
        self.found: list[str] = []
        self._blind: set[int] = set()  # generator expressions consumed by an order-blind call

    def is_set(self, e: ast.expr) -> bool:
        if isinstance(e, ast.Set | ast.SetComp):
            return True
        if isinstance(e, ast.Call):
            f = e.func
            if isinstance(f, ast.Name) and f.id in ("set", "frozenset"):
                return True
            if isinstance(f, ast.Attribute) and f.attr in SET_METHODS:
                return True
        if isinstance(e, ast.BinOp) and isinstance(e.op, ast.BitOr | ast.BitAnd | ast.Sub | ast.BitXor):
            return self.is_set(e.left) or self.is_set(e.right)
        if isinstance(e, ast.Name):
            return any(e.id in scope for scope in self.scopes)
        if isinstance(e, ast.Attribute):
            return e.attr in self.attributes
        return False

    def _flag(self, node: ast.AST, iterable: ast.expr) -> None:
        if self.is_set(iterable):
            self.found.append(f"{self.path}:{getattr(node, 'lineno', '?')}: iterates {ast.unparse(iterable)[:80]}")

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        local: set[str] = set()
        self.scopes.append(local)
        for n in ast.walk(node):
            if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
                if self.is_set(n.value):
                    local.add(n.targets[0].id)
            elif isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name) and _is_set_annotation(n.annotation):
                local.add(n.target.id)
        self.generic_visit(node)
        self.scopes.pop()

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]  # noqa: N815

    def visit_For(self, node: ast.For) -> None:
        self._flag(node, node.iter)
        self.generic_visit(node)

    def _comprehension(self, node: ast.ListComp | ast.GeneratorExp | ast.DictComp) -> None:
        if id(node) not in self._blind:
            for gen in node.generators:
                self._flag(gen.iter, gen.iter)
        self.generic_visit(node)

    visit_ListComp = visit_GeneratorExp = visit_DictComp = _comprehension  # type: ignore[assignment]  # noqa: N815

    def visit_Call(self, node: ast.Call) -> None:
        f = node.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        if name in ORDER_BLIND:
            self._blind.update(id(a) for a in node.args if isinstance(a, ast.GeneratorExp))
        elif name in ORDER_TAKING and node.args:
            self._flag(node, node.args[0])
        self.generic_visit(node)

    def visit_Starred(self, node: ast.Starred) -> None:
        self._flag(node, node.value)
        self.generic_visit(node)


def set_iterations(root: Path) -> list[str]:
    files = sorted(root.rglob("*.py"))
    trees = [ast.parse(f.read_text(encoding="utf-8")) for f in files]
    attributes = _set_attributes(trees)
    found: list[str] = []
    for path, tree in zip(files, trees, strict=True):
        module_sets: set[str] = set()
        scan = _SetIteration(str(path.relative_to(ROOT)), module_sets, attributes)
        for n in tree.body:
            target = n.targets[0] if isinstance(n, ast.Assign) and len(n.targets) == 1 else getattr(n, "target", None)
            value = getattr(n, "value", None)
            if isinstance(target, ast.Name) and isinstance(value, ast.expr) and scan.is_set(value):
                module_sets.add(target.id)
        scan.visit(tree)
        found += scan.found
    return found


def test_no_domain_code_iterates_a_set_in_an_order_that_could_reach_an_event() -> None:
    assert set_iterations(DOMAIN) == []


def test_the_set_iteration_check_finds_each_kind_of_order_taking_iteration(tmp_path: Path) -> None:
    # the check must be able to fail: one example of each pattern it forbids, and the
    # order-blind uses it allows
    (tmp_path / "m.py").write_text(
        "ZONES = frozenset({'a', 'b'})\n"
        "def f(s, xs):\n"
        "    seen = set(xs)\n"
        "    out = [z for z in ZONES]\n"  # 1 comprehension over a module-level frozenset
        "    for x in seen:\n"  # 2 for loop over a local set
        "        out.append(x)\n"
        "    out += list(seen | {'c'})\n"  # 3 list() of a set expression
        "    d = dict.fromkeys({*xs})\n"  # 4 dict.fromkeys of a set literal
        "    out.extend(sorted(seen))\n"  # allowed
        "    ok = any(z == 'a' for z in ZONES) and {z for z in seen}\n"  # allowed
        "    return out, d, ok, [*seen]\n",  # 5 unpacking
        encoding="utf-8",
    )
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        found = set_iterations(tmp_path)
    finally:
        ROOT = saved
    assert [line.split(":")[1] for line in found] == ["4", "5", "7", "8", "11"], found


# ---------------------------------------------------------------------------------------------
# the same log, the same verdict, in any process

GAMES = ["fow55", "fow55-bifrost", "fow501", "fow-real", "fow-real-2", "gcg", "ll"]
"""Keys of tests/kernel/determinism_support.py GAMES: every ruleset, the real FoW decks included."""
MOVES = int(os.environ.get("DETERMINISM_MOVES", "160"))
"""Random commands per game before the player to act concedes (``slow`` runs more)."""


def _run(args: list[str], hash_seed: int, cwd: Path, pg_schema: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONHASHSEED": str(hash_seed), "PYTHONPATH": str(ROOT)}
    env.pop("ADJUDICATOR_STORE", None)
    env.pop("DETERMINISM_PG_SCHEMA", None)
    if pg_schema is not None:
        env["DETERMINISM_PG_SCHEMA"] = pg_schema
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=900, check=False)


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Seeded random games recorded by the service in a process with ``RECORDED_WITH``."""
    out = tmp_path_factory.mktemp("determinism")
    items = [f"{game}:{seed}" for seed, game in enumerate(GAMES, start=41)]
    args = [sys.executable, "-m", "tests.kernel.determinism_support", "record", str(out), str(MOVES), *items]
    done = _run(args, RECORDED_WITH, ROOT)
    assert done.returncode == 0, done.stderr[-4000:]
    return out


RECORDED_WITH = 1
AUDITED_WITH = (4, 5)
"""Hash seeds of the recording process and of the auditing ones: chosen so that a set of
three zone names iterates in a different order in each (checked below), as the frozenset
of FoW playgrounds did when FoW logs diverged."""
PROBE = '{"field", "stone_area", "ruler_area"}'


def test_the_chosen_hash_seeds_iterate_sets_in_different_orders() -> None:
    orders = set()
    for hash_seed in (RECORDED_WITH, *AUDITED_WITH):
        done = _run([sys.executable, "-c", f"print(list(frozenset({PROBE})))"], hash_seed, ROOT)
        orders.add(done.stdout.strip())
    assert len(orders) == 1 + len(AUDITED_WITH), orders


@pytest.mark.parametrize("hash_seed", AUDITED_WITH)
@pytest.mark.parametrize("game", GAMES)
def test_a_recorded_log_audits_consistent_in_a_fresh_process_with_another_hash_seed(
    recorded: Path, game: str, hash_seed: int
) -> None:
    log = next(recorded.glob(f"{game}-[0-9]*.log"))
    done = _run([sys.executable, "-m", "service.cli", "audit", str(log), "--json"], hash_seed, recorded)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    verdict = json.loads(done.stdout)
    assert verdict["verdict"] == "consistent", verdict
    assert verdict["events"] > 50, verdict  # a real game, not a trivial one


def test_games_reloaded_cold_from_snapshots_in_another_process_are_the_live_games(recorded: Path) -> None:
    done = _run(
        [sys.executable, "-m", "tests.kernel.determinism_support", "reload", str(recorded)], AUDITED_WITH[0], recorded
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    report = json.loads(done.stdout)
    assert sorted(report) == sorted(f"{game}-{seed}" for seed, game in enumerate(GAMES, start=41))
    for game_id, checks in report.items():
        assert checks["snapshots"] > 0, (game_id, checks)  # the cold load went through a snapshot
        assert checks["differences"] == [], (game_id, checks)


# ---------------------------------------------------------------------------------------------
# the same on PostgreSQL: recorded there, audited elsewhere, reloaded cold from its snapshots

PG_GAMES = ["fow-real", "gcg", "ll"]


@pytest.fixture(scope="module")
def recorded_on_postgres(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    from psycopg import sql

    from tests.conftest import _pg_connect, _pg_settings

    schema = f"test_determinism_{uuid4().hex[:10]}"
    settings = _pg_settings(schema)
    with _pg_connect(settings) as conn:
        conn.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(schema)))
    out = tmp_path_factory.mktemp("determinism-pg")
    try:
        items = [f"{game}:{seed}" for seed, game in enumerate(PG_GAMES, start=61)]
        args = [sys.executable, "-m", "tests.kernel.determinism_support", "record", str(out), str(MOVES), *items]
        done = _run(args, RECORDED_WITH, ROOT, pg_schema=schema)
        assert done.returncode == 0, done.stderr[-4000:]
        yield out, schema
    finally:
        with _pg_connect(settings) as conn:
            conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))


@pytest.mark.postgres
def test_games_recorded_on_postgres_audit_and_reload_identically_in_other_processes(
    recorded_on_postgres: tuple[Path, str],
) -> None:
    out, schema = recorded_on_postgres
    for log in sorted(out.glob("*.log")):
        done = _run([sys.executable, "-m", "service.cli", "audit", str(log), "--json"], AUDITED_WITH[1], out)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
        assert json.loads(done.stdout)["verdict"] == "consistent", log.name
    args = [sys.executable, "-m", "tests.kernel.determinism_support", "reload", str(out)]
    done = _run(args, AUDITED_WITH[0], out, pg_schema=schema)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    report = json.loads(done.stdout)
    assert sorted(report) == sorted(f"{game}-{seed}" for seed, game in enumerate(PG_GAMES, start=61))
    for game_id, checks in report.items():
        assert checks["snapshots"] > 0 and checks["differences"] == [], (game_id, checks)
