"""Architecture rules: the import direction is ``api -> service -> domain``.

* ``domain`` is pure: it imports no other layer, no web/persistence library and no
  module that reaches the outside world (files, clock, environment, network, OS
  randomness).  Only ``domain/kernel.py`` may import ``random`` (seeded shuffles whose
  results are recorded in events).  It never calls ``open(...)`` or reads the clock.
* ``service`` never imports ``api`` or the web framework.
* ``projections`` never imports ``api`` or the web framework; they read domain/service
  events only.

Every ``.py`` file of those packages is parsed with :mod:`ast` (function-local and
``TYPE_CHECKING`` imports included), so the rules cannot be dodged by importing lazily.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent.parent
LAYERS = ("domain", "service", "projections", "api")

WEB = {"fastapi", "starlette", "uvicorn", "httpx"}
PERSISTENCE = {"eventsourcing", "psycopg", "psycopg_pool", "psycopg2", "sqlite3"}
OUTSIDE_WORLD = {
    "os",
    "sys",
    "time",
    "socket",
    "pathlib",
    "random",
    "secrets",
    "subprocess",
    "shutil",
    "tempfile",
    "glob",
    "io",
    "urllib",
    "http",
    "requests",
    "asyncio",
    "threading",
    "multiprocessing",
    "importlib",
}

BANNED_IMPORTS: dict[str, set[str]] = {
    "domain": {"service", "api", "projections"} | WEB | PERSISTENCE | OUTSIDE_WORLD,
    "service": {"api"} | {"fastapi", "starlette", "uvicorn"},
    "projections": {"api"} | {"fastapi", "starlette", "uvicorn"},
    "api": set(),
}

# (file relative to the repo, top-level module) pairs that are allowed despite the rules.
ALLOWED_EXCEPTIONS = {("domain/kernel.py", "random")}

# Calls forbidden in the domain: I/O and the wall clock.
CLOCK_ATTRS = {
    ("datetime", "now"),
    ("datetime", "utcnow"),
    ("datetime", "today"),
    ("date", "today"),
    ("time", "time"),
    ("time", "time_ns"),
    ("time", "monotonic"),
    ("time", "monotonic_ns"),
    ("time", "perf_counter"),
    ("time", "perf_counter_ns"),
}
BANNED_BUILTIN_CALLS = {"open", "input", "__import__", "breakpoint"}


@dataclass(frozen=True)
class Violation:
    path: str
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.what}"


def module_name(rel_path: str) -> str:
    """``domain/fow/state.py`` -> ``domain.fow.state``; ``api/__init__.py`` -> ``api``."""
    parts = list(Path(rel_path).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(node: ast.ImportFrom, rel_path: str) -> str:
    """The absolute module an ``ImportFrom`` refers to (relative imports resolved)."""
    if node.level == 0:
        return node.module or ""
    package = module_name(rel_path).split(".")
    if not rel_path.endswith("__init__.py"):
        package = package[:-1]
    base = package[: max(0, len(package) - (node.level - 1))]
    return ".".join([*base, node.module] if node.module else base)


def imported_modules(tree: ast.AST, rel_path: str) -> list[tuple[int, str, str]]:
    """Every import in the file, at any depth, as ``(line, absolute module, source text)``."""
    found: list[tuple[int, str, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                text = f"import {alias.name}" + (f" as {alias.asname}" if alias.asname else "")
                found.append((node.lineno, alias.name, text))
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(node, rel_path)
            names = ", ".join(a.name + (f" as {a.asname}" if a.asname else "") for a in node.names)
            text = f"from {'.' * node.level}{node.module or ''} import {names}"
            for module in [base] if base else [a.name for a in node.names]:
                found.append((node.lineno, module, text))
    return sorted(found)


def _dotted(node: ast.AST) -> list[str]:
    """``datetime.datetime.now`` -> ``["datetime", "datetime", "now"]`` (empty if not a plain chain)."""
    names: list[str] = []
    while isinstance(node, ast.Attribute):
        names.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        names.append(node.id)
        return names[::-1]
    return []


def _clock_aliases(tree: ast.AST) -> dict[str, str]:
    """Local names bound to the clock modules/classes: ``from datetime import datetime as dt``
    maps ``dt`` to ``datetime``; ``import time as t`` maps ``t`` to ``time``."""
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in {"datetime", "time"}:
                    aliases[alias.asname or alias.name] = alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module in {"datetime", "time"}:
            for alias in node.names:
                if alias.name in {"datetime", "date"}:
                    aliases[alias.asname or alias.name] = alias.name
    return aliases


def forbidden_calls(tree: ast.AST) -> list[tuple[int, str]]:
    """I/O calls and clock reads (``datetime.now`` is flagged even when not called)."""
    aliases = _clock_aliases(tree)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            chain = _dotted(node.func)
            if len(chain) == 1 and chain[0] in BANNED_BUILTIN_CALLS:
                found.append((node.lineno, f"call to {chain[0]}(...)"))
            elif len(chain) >= 2 and chain[-1] == "open" and chain[-2] in {"io", "builtins", "os", "codecs"}:
                found.append((node.lineno, f"call to {'.'.join(chain)}(...)"))
        elif isinstance(node, ast.Attribute):
            chain = _dotted(node)
            if len(chain) < 2:
                continue
            owner = aliases.get(chain[-2], chain[-2]) if len(chain) == 2 else chain[-2]
            if (owner, chain[-1]) in CLOCK_ATTRS:
                found.append((node.lineno, f"clock read {'.'.join(chain)}"))
    return sorted(found)


def check_source(source: str, rel_path: str) -> list[Violation]:
    """All architecture violations in one file.  ``rel_path`` is relative to the repo
    root (``domain/fow/state.py``); its first part names the layer."""
    layer = Path(rel_path).parts[0]
    banned = BANNED_IMPORTS.get(layer, set())
    tree = ast.parse(source, filename=rel_path)
    violations: list[Violation] = []
    seen: set[tuple[int, str]] = set()
    for line, module, text in imported_modules(tree, rel_path):
        top = module.split(".")[0]
        if top in banned and (rel_path, top) not in ALLOWED_EXCEPTIONS and (line, top) not in seen:
            seen.add((line, top))
            violations.append(Violation(rel_path, line, f"{layer} must not import {top!r}: `{text}`"))
    if layer == "domain":
        for line, what in forbidden_calls(tree):
            violations.append(Violation(rel_path, line, f"domain must stay pure: {what}"))
    return sorted(violations, key=lambda v: (v.line, v.what))


def layer_files(layer: str, root: Path = REPO) -> list[Path]:
    base = root / layer
    if not base.is_dir():
        return []
    return sorted(p for p in base.rglob("*.py") if "__pycache__" not in p.parts)


def check_layer(layer: str, root: Path = REPO) -> list[Violation]:
    violations: list[Violation] = []
    for path in layer_files(layer, root):
        rel = path.relative_to(root).as_posix()
        violations.extend(check_source(path.read_text(encoding="utf-8"), rel))
    return violations


# --------------------------------------------------------------------------- the rules


def test_domain_exists_and_is_checked() -> None:
    assert layer_files("domain"), f"no .py files found under {REPO / 'domain'}: the architecture test would be vacuous"


@pytest.mark.parametrize("layer", LAYERS)
def test_layer_respects_import_direction(layer: str) -> None:
    violations = check_layer(layer)
    assert not violations, f"{len(violations)} architecture violation(s) in {layer}/:\n" + "\n".join(
        f"  {v}" for v in violations
    )


# --------------------------------------------------------------------------- self-tests
# The same checker, fed synthetic sources: if these pass, a real violation cannot slip by.


def _whats(source: str, rel_path: str) -> list[str]:
    return [f"{v.line}:{v.what}" for v in check_source(source, rel_path)]


def test_checker_detects_domain_importing_outer_layers_and_libraries() -> None:
    source = "\n".join(
        [
            "from __future__ import annotations",
            "import service.app",
            "from api.app import app",
            "from projections import board",
            "import fastapi",
            "from eventsourcing.application import Application",
            "import psycopg",
            "import sqlite3",
            "import os.path",
            "from time import monotonic",
            "def lazy():",
            "    import httpx",
            "    from random import shuffle",
            "from typing import TYPE_CHECKING",
            "if TYPE_CHECKING:",
            "    from service.settings import Settings",
        ]
    )
    got = _whats(source, "domain/fow/bad.py")
    assert sorted(int(w.split(":")[0]) for w in got) == [2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 16], got
    assert "2:domain must not import 'service': `import service.app`" in got
    assert "13:domain must not import 'random': `from random import shuffle`" in got


def test_checker_reports_file_line_and_import() -> None:
    (violation,) = check_source("x = 1\nfrom service.app import Adjudicator\n", "domain/fow/rules.py")
    assert str(violation) == (
        "domain/fow/rules.py:2: domain must not import 'service': `from service.app import Adjudicator`"
    )


def test_checker_resolves_relative_imports_within_the_package() -> None:
    assert _whats("from . import state\n", "domain/fow/x.py") == []
    assert _whats("from .state import GameState\n", "domain/fow/x.py") == []
    assert _whats("from .. import kernel\n", "domain/fow/x.py") == []
    # `..api` from service/sub/mod.py is service.api, not the top-level api package.
    assert _whats("from ..api import app\n", "service/sub/mod.py") == []
    assert imported_modules(ast.parse("from ..api import app\n"), "service/sub/mod.py")[0][1] == "service.api"


def test_checker_allows_random_only_in_kernel() -> None:
    assert _whats("import random\n", "domain/kernel.py") == []
    assert _whats("import random\n", "domain/fow/flow.py") == ["1:domain must not import 'random': `import random`"]


def test_checker_detects_io_and_clock_calls_in_domain() -> None:
    source = "\n".join(
        [
            "import datetime",
            "from datetime import datetime as dt, date",
            "def f(path):",
            "    with open(path) as fh:",
            "        return fh.read()",
            "def g():",
            "    return datetime.datetime.now(), dt.now(), date.today()",
            "clock = dt.utcnow",
            "def h(day: datetime.date) -> int:",
            "    return day.toordinal()",
        ]
    )
    assert _whats(source, "domain/fow/clock.py") == [
        "4:domain must stay pure: call to open(...)",
        "7:domain must stay pure: clock read date.today",
        "7:domain must stay pure: clock read datetime.datetime.now",
        "7:domain must stay pure: clock read dt.now",
        "8:domain must stay pure: clock read dt.utcnow",
    ]


def test_checker_flags_time_module_in_domain() -> None:
    assert _whats("import time as t\nstamp = t.time()\n", "domain/kernel.py") == [
        "1:domain must not import 'time': `import time as t`",
        "2:domain must stay pure: clock read t.time",
    ]


def test_service_and_projections_rules() -> None:
    assert _whats("from fastapi import HTTPException\n", "service/app.py") == [
        "1:service must not import 'fastapi': `from fastapi import HTTPException`"
    ]
    assert _whats("import api.app\n", "projections/board.py") == [
        "1:projections must not import 'api': `import api.app`"
    ]
    assert _whats("from domain.kernel import Event\nimport service.app\n", "projections/board.py") == []
    assert _whats("import eventsourcing\nimport os\n", "service/app.py") == []
    assert _whats("from service.app import Adjudicator\nimport fastapi\n", "api/app.py") == []


def test_checker_reads_layers_from_disk(tmp_path: Path) -> None:
    """A violating file placed in a layer on disk makes ``check_layer`` (what the real rule uses) fail."""
    (tmp_path / "domain" / "fow").mkdir(parents=True)
    (tmp_path / "domain" / "__init__.py").write_text("")
    (tmp_path / "domain" / "fow" / "sneaky.py").write_text("def f():\n    from service import app\n")
    assert [str(v) for v in check_layer("domain", tmp_path)] == [
        "domain/fow/sneaky.py:2: domain must not import 'service': `from service import app`"
    ]
