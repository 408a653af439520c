"""How long each lesson (and each translated copy in ``notebooks/<language>/``) takes to run in a
fresh kernel, end to end, and its slowest cell: the wall-clock time a class waits and the
kernel's CPU time (which the load of a shared machine does not inflate).
``python -m benchmarks lessons``; ``python -m benchmarks.lessons FILE...`` prints every cell over
a second."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
CLOCKS = ("import time as _t\n_sk_clock = []\n"
          "def _sk_pre(info): _sk_clock.append([_t.perf_counter(), _t.process_time()])\n"
          "def _sk_post(result):\n"
          "    if not _sk_clock: return  # the clocks' own cell\n"
          "    wall, cpu = _sk_clock[-1]\n"
          "    _sk_clock[-1] = [_t.perf_counter() - wall, _t.process_time() - cpu]\n"
          "get_ipython().events.register('pre_run_cell', _sk_pre)\n"
          "get_ipython().events.register('post_run_cell', _sk_post)")
REPORT = "print(__import__('json').dumps(_sk_clock[:-1]))"


def cell_times(path: Path) -> tuple[float, list[tuple[int, float, float]]]:
    """(seconds end to end, [(cell number, wall s, cpu s), ...]) for one notebook."""
    notebook = nbformat.read(path, as_version=4)
    code = [i for i, c in enumerate(notebook.cells) if c.cell_type == "code"]
    notebook.cells.insert(0, nbformat.v4.new_code_cell(CLOCKS))
    notebook.cells.append(nbformat.v4.new_code_cell(REPORT))
    started = time.perf_counter()
    NotebookClient(notebook, timeout=600, allow_errors=True,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    total = time.perf_counter() - started
    printed = "".join(o.get("text", "") for o in notebook.cells[-1].outputs)
    times = json.loads(printed.strip().splitlines()[-1])  # from the cell after the clocks' own
    assert len(times) == len(code), "every code cell timed once"
    return total, [(cell + 1, wall, cpu) for cell, (wall, cpu) in zip(code, times)]


def run() -> list[tuple[str, str]]:
    rows = []
    load = os.getloadavg()[0]
    notebooks = ROOT / "notebooks"
    translated = sorted(notebooks.glob("[a-z][a-z]/0[1-9]_*.ipynb"))  # notebooks/hu/04_yacht_game.ipynb
    for path in sorted(notebooks.glob("*.ipynb")) + translated:
        total, times = cell_times(path)
        if not times:  # the start page: words and pictures only
            continue
        cell, wall, cpu = max(times, key=lambda t: t[1])
        name = path.relative_to(notebooks).with_suffix("").as_posix()
        rows.append((f"lesson {name}: end to end, and its slowest cell (cell {cell})",
                     f"{total:.1f} s; {wall:.1f} s wall, {cpu:.1f} s CPU "
                     f"(load {load:.1f} on {len(os.sched_getaffinity(0))} CPUs)"))
    return rows


if __name__ == "__main__":
    for name in sys.argv[1:]:
        total, times = cell_times(Path(name))
        slow = ", ".join(f"cell {c}: {w:.1f} s ({p:.1f} s CPU)" for c, w, p in times if w > 1)
        print(f"{name}: {total:.1f} s end to end, {sum(p for *_, p in times):.1f} s CPU; {slow}")
