"""Bounds: memory of long games with their undo history, and the largest trireme solve.

Issue 14 point 5, ``python -m benchmarks bounds``. Memory is measured with ``tracemalloc``
while one seeded game of random legal moves is played, at 1,000 and at 4,000 moves: memory
linear in the moves shows as the same MB per 1,000 moves over both stretches (when every undo
snapshot copied the whole log, the regatta's second stretch cost four times its first).
"""

from __future__ import annotations

import random
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from sailing_kit.core.protocol import CHANCE
from sailing_kit.race import new_game as new_race
from sailing_kit.race.options import MAX_ROUNDS
from sailing_kit.regatta import new_game as new_regatta
from sailing_kit.trireme.maps import MAX_COURSE, edge_map, parse_map
from sailing_kit.trireme.solver import MAX_POSITIONS, clear_cache, solve, table_size

MOVES = (1_000, 4_000)


def memory_per_thousand_moves(new_game: Callable[[], Any]) -> tuple[float, float]:
    """MB of memory held per 1,000 moves over the first 1,000 moves and over moves 1,000 to
    4,000 of one game (history and undo snapshots included)."""
    chooser, state = random.Random(0), new_game()
    tracemalloc.start()
    base, held = tracemalloc.get_traced_memory()[0], {}
    for move in range(1, MOVES[-1] + 1):
        if state.current_player == CHANCE:
            state.sample_chance()
        else:
            state.apply(chooser.choice(state.legal_actions()))
        if move in MOVES:
            held[move] = (tracemalloc.get_traced_memory()[0] - base) / 1e6
    tracemalloc.stop()
    first = held[MOVES[0]] / (MOVES[0] / 1000)
    later = (held[MOVES[1]] - held[MOVES[0]]) / ((MOVES[1] - MOVES[0]) / 1000)
    return first, later


def memory_rows() -> list[tuple[str, str]]:
    games = {
        "race (short course, 2 boats, random moves, no round limit)":
            lambda: new_race(seed=0, course="short", max_rounds=MAX_ROUNDS),
        "regatta (2 players, random moves, no round limit)":
            lambda: new_regatta(seed=0, rounds=None),
        "regatta (2 players, a prepared stack of 1,000 cards, no round limit)":
            lambda: new_regatta(seed=0, rounds=None, stack=["straight", "fork"] * 500),
    }
    rows = []
    for name, make in games.items():
        first, later = memory_per_thousand_moves(make)
        rows.append((f"memory of a long {name}",
                     f"{first:.2f} MB per 1,000 moves over the first 1,000; {later:.2f} MB per "
                     "1,000 over moves 1,000-4,000"))
    return rows


def largest_solve() -> list[tuple[str, str]]:
    """The trireme solver on the largest table it accepts at 3 Honour points: a 40 x 40 map
    with the trireme's course round its edges."""
    sea = parse_map(edge_map(40))
    clear_cache()
    started = time.perf_counter()
    solution = solve(sea, 3)
    seconds = time.perf_counter() - started
    tables = (solution.values.nbytes + solution.policy.nbytes) / 1e6
    clear_cache()
    return [("trireme: largest legal map solved (40 x 40, "
             f"{len(sea.steps)}-step course round the edges, 3 Honour)",
             f"{seconds:.1f} s, {table_size(sea, 3):,} positions, tables {tables:.0f} MB "
             f"(limits: {MAX_POSITIONS:,} positions, courses of {MAX_COURSE} steps)")]


def run() -> list[tuple[str, str]]:
    return memory_rows() + largest_solve()
