"""The game review (issue #25): the Yahtzee table solved by today's solver and by the solver before
#25 side by side in one run, the table read back from the cache file, and whole games reviewed.

``python -m benchmarks review``. The earlier solver is read from the repository's history (git
must be installed and the history present) into a temporary package, so no dead copy of it is
kept. Wall time is what a class waits; CPU time (all threads) shows what the load of a shared
machine hides.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from sailing_kit import trireme
from sailing_kit.core.bots import advance
from sailing_kit.core.cache import CACHE_VARIABLE
from sailing_kit.yacht import bots, new_game, rule_set
from sailing_kit.yacht import review as review_dice
from sailing_kit.yacht.solver import build_table, default_threads, exact_key, solve
from sailing_kit.yacht.table_cache import cached_table

ROOT = Path(__file__).resolve().parents[1]
BEFORE = "065c5658b7eff9269a2e61eed440423d7d66e6bf"
"""The last commit before issue #25 changed the solver."""
SOLVER_FILES = ("solver", "values", "turn")
VERHOEFF = rule_set("yahtzee", joker="free")


def timed(work: Callable[[], Any]) -> tuple[Any, float, float]:
    """``work()``'s result, wall seconds and CPU seconds (every thread of the process)."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = work()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def solver_before(folder: Path) -> Any:
    """The solver module as it was at :data:`BEFORE`, with its own values and turn modules."""
    package = folder / "yacht_solver_before"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for name in SOLVER_FILES:
        source = subprocess.run(["git", "show", f"{BEFORE}:sailing_kit/yacht/{name}.py"],
                                cwd=ROOT, capture_output=True, text=True, check=True).stdout
        for other in SOLVER_FILES:
            source = source.replace(f"sailing_kit.yacht.{other} ", f"yacht_solver_before.{other} ")
        (package / f"{name}.py").write_text(source)
    sys.path.insert(0, str(folder))
    try:
        return importlib.import_module("yacht_solver_before.solver")
    finally:
        sys.path.remove(str(folder))


def tables(folder: Path) -> list[tuple[str, str]]:
    before = solver_before(folder)
    old, old_wall, old_cpu = timed(lambda: before.build_table(VERHOEFF))
    new, new_wall, new_cpu = timed(lambda: build_table(VERHOEFF))
    _, one_wall, one_cpu = timed(lambda: build_table(VERHOEFF, threads=1))
    difference = float(np.abs(old - new).max())
    return [
        ("review: Yahtzee table (Verhoeff's rules), solver before #25",
         f"{old_wall:.2f} s ({old_cpu:.2f} s CPU), expected score {old[0, 0]:.4f}"),
        (f"review: Yahtzee table, today's solver ({default_threads()} threads)",
         f"{new_wall:.2f} s ({new_cpu:.2f} s CPU), expected score {new[0, 0]:.4f}"),
        ("review: Yahtzee table, today's solver on 1 thread", f"{one_wall:.2f} s "
         f"({one_cpu:.2f} s CPU)"),
        ("review: largest difference between the two tables", f"{difference:.1e} points"),
    ]


def cache_and_reviews(folder: Path) -> list[tuple[str, str]]:
    os.environ[CACHE_VARIABLE] = str(folder / "cache")
    key = exact_key(VERHOEFF)
    cached_table(VERHOEFF, key, build_table)  # solved and written
    _, load_wall, load_cpu = timed(lambda: cached_table(VERHOEFF, key, build_table))
    solve.cache_clear()
    solve(VERHOEFF)
    game = new_game(seed=4, players=2, rules="yahtzee", joker="free")
    advance(game, {0: bots.make("greedy"), 1: bots.make("optimal")})
    review_dice(game)  # the planner's turn cache warm, as on a board after the game
    walls = sorted(timed(lambda: review_dice(game))[1] for _ in range(5))
    cold = new_game(seed=6, players=2, rules="yahtzee", joker="free")
    advance(cold, {0: bots.make("random", seed=1), 1: bots.make("greedy")})
    weighed, cold_wall, _ = timed(lambda: review_dice(cold))
    return [
        ("review: Yahtzee table read back from the cache file (checked)",
         f"{load_wall:.2f} s ({load_cpu:.2f} s CPU)"),
        ("review: a whole 2-player Yahtzee game reviewed, table loaded (median of 5)",
         f"{1000 * walls[2]:.0f} ms ({len(review_dice(game).decisions)} decisions)"),
        ("review: another Yahtzee game, nothing of it seen before",
         f"{1000 * cold_wall:.0f} ms ({len(weighed.decisions)} decisions)"),
    ]


def duel() -> list[tuple[str, str]]:
    game = trireme.new_game(seed=4)
    trireme.solve(game.sea, game.options.honour)
    advance(game, {0: trireme.bots.make("pilot")})
    weighed, wall, _ = timed(lambda: trireme.review(game))
    return [("review: a whole duel reviewed (default map solved)",
             f"{1000 * wall:.0f} ms ({len(weighed.decisions)} decisions)")]


def run() -> list[tuple[str, str]]:
    saved = os.environ.get(CACHE_VARIABLE)
    with tempfile.TemporaryDirectory(prefix="sailing_kit-bench-") as folder:
        try:
            return tables(Path(folder)) + cache_and_reviews(Path(folder)) + duel()
        finally:
            solve.cache_clear()
            if saved is None:
                os.environ.pop(CACHE_VARIABLE, None)
            else:
                os.environ[CACHE_VARIABLE] = saved
