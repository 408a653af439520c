"""Dice: optimal tables (built fresh), the expected scores they find, and throughputs.

``python -m benchmarks yacht``. The Yahtzee tables take a few seconds each.
"""

from __future__ import annotations

import time

from benchmarks.timing import random_moves_per_second
from sailing_kit.yacht import new_game, rule_set, simulate
from sailing_kit.yacht.solver import build_table, solve_exact

TABLES = (
    ("Jacht", rule_set("jacht")),
    ("Tábornok (big general = 60)", rule_set("tabornok", big_general_wins=False)),
    ("Tábornok, Generala's Póker 40", rule_set("tabornok", big_general_wins=False, poker_points=40)),
    ("Yahtzee, official forced joker", rule_set("yahtzee")),
    ("Yahtzee, Verhoeff's free joker", rule_set("yahtzee", joker="free")),
)


def tables() -> list[tuple[str, str]]:
    """Each optimal table built from scratch (not read from the cache), with its expected
    score."""
    rows = []
    for name, rules in TABLES:
        started = time.perf_counter()
        table = build_table(rules)
        seconds = time.perf_counter() - started
        rows.append((f"yacht: optimal table, {name}", f"{seconds:.2f} s"))
        rows.append((f"yacht: optimal expected score, {name}", f"{table[0, 0]:.4f}"))
    solve_exact.cache_clear()
    started = time.perf_counter()
    exact = solve_exact(rule_set("jacht"), table=False)  # computed, not read from the file
    rows.append(("yacht: exact optimal table (Fractions), Jacht",
                 f"{time.perf_counter() - started:.2f} s, {float(exact):.10f}"))
    return rows


def random_moves() -> float:
    """Random legal moves of a 4-player Jacht game (chance sampled), restarted as games end."""
    return random_moves_per_second(lambda seed: new_game(seed=seed, players=4))


def simulator() -> list[tuple[str, str]]:
    """Solitaire Jacht games a second per strategy (caches warm), and each strategy's mean."""
    rows = []
    for name in ("optimal", "greedy", "random"):
        simulate(name, games=200)  # warm the strategy's cached decisions
        started = time.perf_counter()
        result = simulate(name, games=4000, seed=1)
        rate = result.games / (time.perf_counter() - started)
        rows.append((f"yacht: simulator, {name} strategy", f"{rate:,.0f} games/s"))
        rows.append((f"yacht: Jacht mean score, {name} (4000 games)",
                     f"{result.mean:.2f} ± {result.standard_error:.2f}"))
    return rows


def run() -> list[tuple[str, str]]:
    return tables() + [("yacht: random legal moves (4 players)", f"{random_moves():,.0f} /s")] \
        + simulator()
