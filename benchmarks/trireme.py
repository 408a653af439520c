"""Sailboat against trireme: the solver (built fresh), what it finds, and throughputs.

``python -m benchmarks trireme``.
"""

from __future__ import annotations

import itertools
import random
import time

from benchmarks.timing import milliseconds, per_second
from sailing_kit.core.bots import random_bot
from sailing_kit.trireme import Position, advise, load_map, new_game, simulate
from sailing_kit.trireme import bots as trireme_bots
from sailing_kit.trireme import exact as exact_solver
from sailing_kit.trireme import solver as numpy_solver
from sailing_kit.trireme.exact import solve_exact
from sailing_kit.trireme.simulate import play
from sailing_kit.trireme.solver import honour_values, solve

HONOUR = 3


def solver() -> list[tuple[str, str]]:
    """The optimal table of the default map from scratch, its start value and Honour's worth."""
    sea = load_map("default")
    numpy_solver.clear_cache()
    started = time.perf_counter()
    solution = solve(sea, HONOUR)
    seconds = time.perf_counter() - started
    start = Position.start(sea, HONOUR)
    values = honour_values(sea, most=5)
    worth = ", ".join(f"{100 * (b - a):+.1f}" for a, b in itertools.pairwise(values))
    positions = solution.values[:, :len(sea.water)].size
    return [
        ("trireme: optimal table, default map, 0-3 Honour (cold)",
         f"{seconds:.2f} s, {positions:,} positions, {solution.sweeps} sweeps on waiting squares"),
        ("trireme: chance to win from the start, optimal play, 3 Honour",
         f"{100 * solution.value(start):.2f}%"),
        ("trireme: chance to win from the start with 0..5 Honour",
         " / ".join(f"{100 * v:.1f}%" for v in values)),
        ("trireme: the same with steer_at_trireme=False (no heading at the trireme)",
         " / ".join(f"{100 * v:.1f}%" for v in honour_values(sea, 5, steer_at_trireme=False))),
        ("trireme: worth of the 1st..5th Honour point (percentage points)", worth),
    ]


def exact() -> list[tuple[str, str]]:
    """The exact (Fraction) solver on the small map, and its agreement with numpy."""
    sea = load_map("small")
    exact_solver.clear_cache()
    started = time.perf_counter()
    table = solve_exact(sea, 0)
    seconds = time.perf_counter() - started
    floats = solve(sea, 0)
    gap = max(abs(float(v) - floats.value(p)) for p, v in table.values.items())
    start = table.value(Position.start(sea, 0))
    return [("trireme: exact table (Fractions), small map, no Honour",
             f"{seconds:.2f} s, start {start.numerator}/{start.denominator} "
             f"≈ {float(start):.6f}, largest gap to numpy {gap:.1e}")]


def throughputs() -> list[tuple[str, str]]:
    chooser = random.Random(0)
    helmsman = random_bot(0)

    def random_game() -> None:
        play(new_game(seed=chooser.randrange(10**6)), helmsman)

    rows = [("trireme: random games (default map, random helmsman)",
             f"{per_second(random_game):,.0f} games/s")]
    for name in ("optimal", "pilot"):
        simulate(trireme_bots.make(name), games=20)  # warm the caches
        started = time.perf_counter()
        result = simulate(trireme_bots.make(name), games=500, seed=1)
        rate = result.games / (time.perf_counter() - started)
        rows.append((f"trireme: simulator, {name} helmsman (default map)",
                     f"{rate:,.0f} games/s; won {100 * result.win_rate:.1f}% ± "
                     f"{196 * result.standard_error:.1f} of 500"))
    state = new_game(seed=0)
    rows.append(("trireme: advisor, every choice at the start (solver cached)",
                 f"{milliseconds(lambda: advise(state), repeat=20):.1f} ms"))
    return rows


def run() -> list[tuple[str, str]]:
    return solver() + exact() + throughputs()
