"""Grading a class, sandboxed or not: ``python -m benchmarks grading`` (a few minutes).

Writes 30 honest notebooks of each exercise (every answer right, each for its own student), then
grades the 150 of them with ``python -m sailing_kit.grade --jobs 2``, in the sandbox and with
``--isolation none``, one after the other in the same run, twice each (alternating, the faster
run of each kept: the machine is shared). Reports the seconds per notebook, the peak memory of
the largest process (the grader or one kernel) and what the sandbox costs in time; the issue
allows it 20 %.
"""

from __future__ import annotations

import copy
import os
import random
import re
import string
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

from sailing_kit.exercises import catalogue, teacher

EXPLICIT = True
"""Runs only when named (``python -m benchmarks grading``): it takes minutes."""
PER_EXERCISE = 30
EXERCISES = Path(__file__).resolve().parents[1] / "exercises"


def _class(folder: Path, per_exercise: int = PER_EXERCISE) -> int:
    """Write the honest notebooks; returns how many."""
    teacher.open_for_grading()
    rng = random.Random(22)
    count = 0
    for exercise in catalogue.SETS:
        source = nbformat.read(EXERCISES / f"{exercise}.ipynb", as_version=4)
        for number in range(per_exercise):
            name = "".join(rng.choice(string.ascii_lowercase) for _ in range(8)).title()
            notebook = copy.deepcopy(source)
            for cell in notebook.cells:
                if cell.cell_type == "code" and "start(..." in cell.source:
                    cell.source = cell.source.replace("start(...", f"start({name!r}")
                elif cell.cell_type == "code" and (match := re.match(r"answer_(\d+) = ", cell.source)):
                    answer = catalogue.questions(exercise)[int(match[1]) - 1].solution_for(name)
                    cell.source = f"answer_{match[1]} = {answer!r}"
            nbformat.write(notebook, folder / f"{name}-{exercise}-{number}.ipynb")
            count += 1
    return count


def _grade(folder: Path, isolation: str) -> tuple[float, int]:
    """Seconds, and the peak resident memory (KB) of the largest process of one grading run."""
    out = folder.parent / f"grades-{isolation}.csv"
    command = [sys.executable, "-m", "sailing_kit.grade", str(folder), "--out", str(out),
               "--jobs", "2", "--isolation", isolation]
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - started
    if status != 0:
        raise RuntimeError(f"grading with --isolation {isolation} failed ({status})")
    right = out.read_text(encoding="utf-8").count(",right,")
    if right != 39 * PER_EXERCISE:
        raise RuntimeError(f"--isolation {isolation}: {right} right answers, not {39 * PER_EXERCISE}")
    return elapsed, usage.ru_maxrss


def run() -> list[tuple[str, str]]:
    with tempfile.TemporaryDirectory(prefix="sailing_kit-grading-") as scratch:
        folder = Path(scratch) / "class"
        folder.mkdir()
        count = _class(folder)
        runs: dict[str, list[tuple[float, int]]] = {"sandbox": [], "none": []}
        for _ in range(2):
            for isolation in runs:
                runs[isolation].append(_grade(folder, isolation))
    best = {isolation: min(r[0] for r in done) for isolation, done in runs.items()}
    peak = {isolation: max(r[1] for r in done) for isolation, done in runs.items()}
    cost = 100 * (best["sandbox"] / best["none"] - 1)
    return [(f"grading {count} honest notebooks, --jobs 2, in the sandbox",
             f"{best['sandbox'] / count:.2f} s per notebook ({best['sandbox']:.0f} s), peak "
             f"{peak['sandbox'] / 1024:.0f} MB"),
            (f"grading {count} honest notebooks, --jobs 2, --isolation none",
             f"{best['none'] / count:.2f} s per notebook ({best['none']:.0f} s), peak "
             f"{peak['none'] / 1024:.0f} MB"),
            ("the sandbox's cost in grading time (allowed: 20 %)", f"{cost:+.0f} %")]
