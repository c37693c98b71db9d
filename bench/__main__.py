"""``python -m bench [SUBSTRING ...]``: run every ``bench/bench_*.py`` (or those whose
module name contains one of the substrings) and print one table of measurements."""

from __future__ import annotations

import importlib
import os
import pkgutil
import platform
import sys
from collections.abc import Sequence
from pathlib import Path

from bench import Row


def discover(filters: Sequence[str] = ()) -> list[str]:
    here = str(Path(__file__).resolve().parent)
    names = sorted(m.name for m in pkgutil.iter_modules([here]) if m.name.startswith("bench_"))
    return [n for n in names if not filters or any(f in n for f in filters)]


def _as_row(raw: object, module: str) -> Row:
    if isinstance(raw, Row):
        return raw
    if isinstance(raw, tuple) and len(raw) in (3, 4):
        return Row(str(raw[0]), float(raw[1]), float(raw[2]), *(str(raw[3]),) if len(raw) == 4 else ())
    raise TypeError(f"bench.{module}.run() returned {raw!r}; expected (name, value, baseline[, unit])")


def _fmt(seconds: float, unit: str) -> str:
    if unit != "s/op":
        return f"{seconds:.4g} {unit}"
    for scale, suffix in ((1.0, "s"), (1e-3, "ms"), (1e-6, "us"), (1e-9, "ns")):
        if seconds >= scale:
            return f"{seconds / scale:.3f} {suffix}"
    return f"{seconds / 1e-9:.3f} ns"


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    python = f"{platform.python_implementation()} {platform.python_version()}"
    return f"{python} on {platform.system()} {platform.release()}; {cpu}; {os.cpu_count()} CPUs"


def main(argv: Sequence[str]) -> int:
    modules = discover(argv)
    if not modules:
        print("no benchmark modules found" + (f" matching {list(argv)}" if argv else ""), file=sys.stderr)
        return 1
    rows: list[tuple[str, Row]] = []
    for name in modules:
        module = importlib.import_module(f"bench.{name}")
        rows.extend((name, _as_row(raw, name)) for raw in module.run())
    header = ("benchmark", "value", "baseline", "ratio")
    table = [
        (
            f"{mod}.{row.name}",
            _fmt(row.value, row.unit),
            _fmt(row.baseline, row.unit),
            f"{row.value / row.baseline:.2f}x" if row.baseline else "-",
        )
        for mod, row in rows
    ]
    widths = [max(len(r[i]) for r in [header, *table]) for i in range(4)]
    print(f"# {machine()}")
    print("  ".join(h.ljust(w) if i == 0 else h.rjust(w) for i, (h, w) in enumerate(zip(header, widths, strict=True))))
    print("  ".join("-" * w for w in widths))
    for r in table:
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
