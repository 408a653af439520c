"""Small timing helpers shared by the benchmarks."""

from __future__ import annotations

import time
from typing import Callable


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
