"""Calm: complete games per second on one core (random legal play, the greedy bot, the planner)
and the win rates the bots reach, by player count and by variant (``python -m benchmarks calm``)."""

from __future__ import annotations

import os
import random
from concurrent.futures import ProcessPoolExecutor
from itertools import count

from benchmarks.timing import per_second
from sailing_kit.calm import new_game
from sailing_kit.calm.simulate import play_game, simulate
from sailing_kit.core.protocol import CHANCE

STUDY_GAMES = 1000
"""Games behind each win rate."""
VARIANTS = {
    "sea monsters ×5": {"monsters": 5},
    "jagged rocks, automatic": {"rocks": "automatic"},
    "jagged rocks, manual": {"rocks": "manual"},
    "12 islands removed": {"removed_islands": 12},
    "physical adjacency": {"adjacency": "physical"},
}


def games_per_second(strategy: str, players: int = 3) -> float:
    """Complete games of ``strategy`` per second, on the simulator's fast path, one core."""
    seeds = count()
    return per_second(lambda: play_game(strategy, players, next(seeds)), seconds=3.0)


def checked_random_games_per_second(players: int = 3) -> float:
    """Complete random games per second through ``apply()`` (each move checked and recorded
    for undo), for comparison with the fast path."""
    seeds = count()

    def work() -> None:
        seed = next(seeds)
        state, chooser = new_game(seed=seed, players=players), random.Random(seed)
        while (seat := state.current_player) is not None:
            if seat == CHANCE:
                state.sample_chance()
            else:
                state.apply(chooser.choice(state.legal_actions()))

    return per_second(work, seconds=3.0)


def run() -> list[tuple[str, str]]:
    rows = [
        ("calm: random legal play, complete games/s (3 players, one core)",
         f"{games_per_second('random'):,.0f} /s"),
        ("calm: random legal play through apply(), complete games/s (3 players)",
         f"{checked_random_games_per_second():,.0f} /s"),
        ("calm: greedy bot, complete games/s (3 players, one core)",
         f"{games_per_second('greedy'):,.0f} /s"),
        ("calm: planner bot, complete games/s (3 players, one core)",
         f"{games_per_second('planner'):,.0f} /s"),
    ]
    with ProcessPoolExecutor(max_workers=len(os.sched_getaffinity(0))) as pool:
        for strategy in ("greedy", "planner"):
            for players in range(1, 6):
                result = simulate(strategy, players, STUDY_GAMES, seed=1, executor=pool)
                name = (f"calm: {strategy} win rate, {players} player{'s' * (players > 1)} "
                        f"({STUDY_GAMES:,} games, seed 1)")
                rows.append((name, _rate(result)))
        for name, variants in VARIANTS.items():
            result = simulate("planner", 3, STUDY_GAMES, seed=1, executor=pool, **variants)
            rows.append((f"calm: planner win rate, 3 players, {name}", _rate(result)))
    return rows


def _rate(result) -> str:
    return f"{result.win_rate:.1%} (95% CI {result.low:.1%}–{result.high:.1%})"
