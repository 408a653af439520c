"""Engine throughputs."""

from __future__ import annotations

import random

from benchmarks.timing import per_second
from sailing_kit.core import Direction
from sailing_kit.race import new_drill
from sailing_kit.race.sailing import _turn_options


def turn_options_uncached() -> float:
    """Section 2 turn generation, with the cache bypassed, for every heading and wind."""
    cases = [((5, 5), h, w) for h in Direction for w in Direction]
    generate = _turn_options.__wrapped__
    index = iter(range(10**12))

    def work() -> None:
        position, heading, wind = cases[next(index) % len(cases)]
        generate(position, heading, wind, False)

    return per_second(work)


def drill_random_moves() -> float:
    """Random legal moves in the drill (legal_actions + apply), games restarted as they end."""
    chooser = random.Random(0)
    state = new_drill(seed=0, width=30, height=30, start=(15, 15), mark=(0, 29))

    def work() -> None:
        nonlocal state
        if state.is_over():
            state = new_drill(seed=0, width=30, height=30, start=(15, 15), mark=(0, 29))
        state.apply(chooser.choice(state.legal_actions()))

    return per_second(work)


def run() -> list[tuple[str, str]]:
    return [
        ("race: turn options generated (uncached)", f"{turn_options_uncached():,.0f} /s"),
        ("race drill: random legal moves", f"{drill_random_moves():,.0f} /s"),
    ]
