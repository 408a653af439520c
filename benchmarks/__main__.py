"""Run every benchmark and print a Markdown table: ``python -m benchmarks``.

Each module of this package with a ``run()`` function returning ``[(name, figure), ...]`` is a
benchmark; ``python -m benchmarks yacht calm`` runs only those modules.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import platform
import sys
import time

import benchmarks


def main(selected: list[str]) -> None:
    started = time.perf_counter()
    names = [m.name for m in pkgutil.iter_modules(benchmarks.__path__) if m.name != "timing"]
    rows = []
    for name in sorted(names):
        if selected and name not in selected:
            continue
        module = importlib.import_module(f"benchmarks.{name}")
        if hasattr(module, "run"):
            rows.extend(module.run())
    print(f"Measured with `python -m benchmarks` on {platform.machine()}, Python "
          f"{platform.python_version()}, {len(os.sched_getaffinity(0))} CPUs.\n")
    print("| benchmark | figure |")
    print("|---|---|")
    for name, figure in rows:
        print(f"| {name} | {figure} |")
    print(f"\n(total {time.perf_counter() - started:.1f} s)", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
