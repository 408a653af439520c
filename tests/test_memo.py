"""Caches of solutions are bounded in bytes, not in count (issue #20.5): eight large solutions
kept by an ``lru_cache(maxsize=8)`` could hold 1.5 GB in one kernel."""

from __future__ import annotations

import pytest

from sailing_kit.core.memo import BytesCache
from sailing_kit.trireme import load_map, parse_map, solve, solver
from tests.trireme.helpers import LANE, TINY


def test_results_are_kept_within_the_budget_least_recently_used_first_out():
    made: list[int] = []

    def compute(size: int) -> bytes:
        made.append(size)
        return bytes(size)

    cache = BytesCache(compute, len, budget=100)
    assert cache(40) == bytes(40) and cache(50) == bytes(50) and cache.weight == 90
    cache(40)  # used again: now the most recent
    cache(30)  # 120 bytes: the least recently used (50) goes
    assert cache.weight == 70 and len(cache) == 2
    cache(40)
    cache(50)
    assert made == [40, 50, 30, 50]


def test_the_newest_result_is_kept_even_alone_over_the_budget():
    cache = BytesCache(bytes, len, budget=10)
    cache(5)
    cache(500)
    assert len(cache) == 1 and cache.weight == 500
    cache.clear()
    assert len(cache) == 0 and cache.weight == 0


def test_the_trireme_solver_keeps_its_solutions_within_its_bytes(monkeypatch: pytest.MonkeyPatch):
    tiny, lane = parse_map(TINY), parse_map(LANE)
    solver.clear_cache()
    first = solve(tiny, 1)
    budget = solver.weight(first) + solver.weight(solve(lane, 1)) - 1
    monkeypatch.setattr(solver._solve, "budget", budget)
    solver.clear_cache()
    first = solve(tiny, 1)
    assert solve(tiny, 1) is first  # kept
    solve(lane, 1)  # together over the budget: the older one goes
    assert solve(tiny, 1) is not first
    assert solver._solve.weight <= budget or len(solver._solve) == 1


def test_the_solvers_budget_holds_the_largest_table_alone():
    default = solve(load_map("default"), 3)
    per_position = solver.weight(default) / solver.table_size(default.sea, 3)
    assert per_position * solver.MAX_POSITIONS < solver.CACHE_BYTES < 2**30
