"""Race the Wind: turn generation, legal turns in a 5-boat race, and whole bot races."""

from __future__ import annotations

import time

from benchmarks.timing import per_second, random_moves_per_second
from sailing_kit.core import CHANCE, Direction
from sailing_kit.core.bots import advance
from sailing_kit.race import bots as race_bots
from sailing_kit.race import new_drill, new_game
from sailing_kit.race.bots import _graph, _walled, turns_to
from sailing_kit.race.sailing import turns_from_origin


def turn_options_uncached() -> float:
    """Section 2 turn generation on an open board, the cache bypassed, all headings and winds."""
    cases = [(h, w) for h in Direction for w in Direction]
    generate = turns_from_origin.__wrapped__
    index = iter(range(10**12))

    def work() -> None:
        heading, wind = cases[next(index) % len(cases)]
        generate(heading, wind, False)

    return per_second(work)


def drill_random_moves() -> float:
    """Random legal moves in the points-of-sail drill, games restarted as they end."""
    return random_moves_per_second(lambda seed: new_drill(seed=seed, width=30, height=30,
                                                          start=(15, 15), mark=(0, 29)))


def race_positions(boats: int = 5, count: int = 400) -> list:
    """Positions met in a bot race (copies), to time the engine on real situations."""
    race = new_game(seed=3, boats=boats)
    bots = {seat: race_bots.make("strong") for seat in range(boats)}
    seen = []
    while not race.is_over() and len(seen) < count:
        if race.current_player != CHANCE and not race.placing:
            seen.append(race.copy())
        advance(race, bots, max_steps=1)
    return seen


def legal_turns_per_second(positions: list) -> tuple[float, float]:
    """Ends of turn generated per second (with tokens, boats and marks), and legal_actions/s."""
    turns, calls, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < 1.5:
        for state in positions:
            turns += len(state.turn_options())
            calls += 1
    elapsed = time.perf_counter() - start
    actions, start = 0, time.perf_counter()
    while time.perf_counter() - start < 1.0:
        for state in positions:
            state.legal_actions()
            actions += 1
    return turns / elapsed, actions / (time.perf_counter() - start)


def bot_race_seconds(boats: int = 5, *, cold: bool) -> float:
    """Seconds to sail a whole race of ``boats`` strong bots on the full course."""
    if cold:
        _graph.cache_clear()
        _walled.cache_clear()
        turns_to.cache_clear()
    start = time.perf_counter()
    race = new_game(seed=1, boats=boats)
    advance(race, {seat: race_bots.make("strong") for seat in range(boats)})
    assert race.is_over()
    return time.perf_counter() - start


def run() -> list[tuple[str, str]]:
    positions = race_positions()
    turns, actions = legal_turns_per_second(positions)
    return [
        ("race: section-2 turn options (open board, uncached)", f"{turn_options_uncached():,.0f} /s"),
        ("race drill: random legal moves", f"{drill_random_moves():,.0f} /s"),
        ("race, 5 boats: legal turns generated", f"{turns:,.0f} /s"),
        ("race, 5 boats: legal_actions() calls", f"{actions:,.0f} /s"),
        ("race, 5 strong bots, full course: whole race (cold caches)",
         f"{bot_race_seconds(cold=True):.2f} s"),
        ("race, 5 strong bots, full course: whole race (warm caches)",
         f"{bot_race_seconds(cold=False):.2f} s"),
    ]
