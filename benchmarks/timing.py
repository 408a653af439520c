"""Small timing helpers shared by the benchmarks."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from sailing_kit.core.protocol import CHANCE


def per_second(work: Callable[[], object], *, seconds: float = 1.0) -> float:
    """How many times ``work()`` runs per second (best of three runs of about ``seconds / 3``)."""
    best = 0.0
    for _ in range(3):
        count, start = 0, time.perf_counter()
        deadline = start + seconds / 3
        while time.perf_counter() < deadline:
            work()
            count += 1
        best = max(best, count / (time.perf_counter() - start))
    return best


def milliseconds(work: Callable[[], object], *, repeat: int = 50) -> float:
    """Median time of one ``work()`` call, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    times.sort()
    return 1000 * times[len(times) // 2]


def random_moves_per_second(new_game: Callable[[int], Any]) -> float:
    """Random legal moves per second (``legal_actions`` + ``apply``; chance sampled from the
    seed), starting a new game with ``new_game(seed)`` whenever one ends."""
    chooser = random.Random(0)
    state = new_game(0)

    def work() -> None:
        nonlocal state
        if state.is_over():
            state = new_game(chooser.randrange(10**6))
        if state.current_player == CHANCE:
            state.sample_chance()
        else:
            state.apply(chooser.choice(state.legal_actions()))

    return per_second(work)
