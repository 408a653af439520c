"""Run every benchmark and print a Markdown table: ``python -m benchmarks``.

Each module of this package with a ``run()`` function returning ``[(name, figure), ...]`` is a
benchmark; ``python -m benchmarks yacht calm`` runs only those modules (a module marked
``EXPLICIT``, such as ``browser``, runs only when named), ``--readme`` also writes the table
into README.md (between its figures markers), and ``--help`` lists them.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import platform
import sys
import time
from datetime import date
from pathlib import Path

import benchmarks

README = Path(__file__).resolve().parents[1] / "README.md"
START, END = "<!-- figures:start -->", "<!-- figures:end -->"


def main(arguments: list[str]) -> None:
    selected = [a for a in arguments if not a.startswith("--")]
    started = time.perf_counter()
    names = [m.name for m in pkgutil.iter_modules(benchmarks.__path__) if m.name != "timing"]
    if "--help" in arguments or "-h" in arguments:
        print(__doc__.strip(), "\n\nBenchmarks:")
        for name in sorted(set(names) - {"__main__"}):
            about = (importlib.import_module(f"benchmarks.{name}").__doc__ or "").strip()
            print(f"  {name:10} {about.splitlines()[0] if about else ''}")
        return
    rows = []
    for name in sorted(names):
        if selected and name not in selected:
            continue
        module = importlib.import_module(f"benchmarks.{name}")
        if getattr(module, "EXPLICIT", False) and name not in selected:
            continue  # a long one (the browser's): only when named
        if hasattr(module, "run"):
            rows.extend(module.run())
    table = "\n".join([
        f"Measured with `python -m benchmarks --readme` on {platform.machine()}, Python "
        f"{platform.python_version()}, {len(os.sched_getaffinity(0))} CPUs, on "
        f"{date.today().isoformat()}.", "", "| benchmark | figure |", "|---|---|",
        *(f"| {name} | {figure} |" for name, figure in rows)])
    print(table)
    print(f"\n(total {time.perf_counter() - started:.1f} s)", file=sys.stderr)
    if "--readme" in arguments:
        text = README.read_text()
        before, rest = text.split(START, 1)
        old, after = rest.split(END, 1)
        kept = [line for line in old.splitlines() if line.startswith("| ")
                and line.split(" | ")[0][2:] not in {name for name, _ in rows}
                and line != "| benchmark | figure |"]
        if kept:  # rows of benchmarks not run this time (the browser's): kept, said so
            table += ("\n\nNot run this time, kept from an earlier run (each benchmark's module"
                      " says how to rerun it):\n\n| benchmark | figure |\n|---|---|\n"
                      + "\n".join(kept))
        README.write_text(f"{before}{START}\n{table}\n{END}{after}")


if __name__ == "__main__":
    main(sys.argv[1:])
