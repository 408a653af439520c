"""The card regatta: complete games a second, random and sensible bots, and legal moves a second.

``python -m benchmarks regatta``.
"""

from __future__ import annotations

from itertools import count

from benchmarks.timing import per_second, random_moves_per_second
from sailing_kit.core.bots import advance
from sailing_kit.regatta import bots as regatta_bots
from sailing_kit.regatta import new_game


def complete_games(players: int, make_bot, seconds: float = 3.0) -> float:
    """Whole races a second (dealing included), every seat played by ``make_bot(seed)``; a
    race nobody finishes ends after the default 60 rounds."""
    seeds = count()

    def work() -> None:
        seed = next(seeds)
        state = new_game(seed=seed, players=players)
        advance(state, {p: make_bot(seed + p) for p in range(players)})

    return per_second(work, seconds=seconds)


def random_moves() -> float:
    """Random legal moves of a 4-player race, restarted as races end."""
    return random_moves_per_second(lambda seed: new_game(seed=seed, players=4))


def run() -> list[tuple[str, str]]:
    return [
        ("regatta: random complete games (2 players, 60 rounds)",
         f"{complete_games(2, lambda seed: regatta_bots.make('random', seed)):,.1f} games/s"),
        ("regatta: sensible-bot complete games (2 players)",
         f"{complete_games(2, lambda seed: regatta_bots.make('sensible')):,.1f} games/s"),
        ("regatta: sensible-bot complete games (4 players)",
         f"{complete_games(4, lambda seed: regatta_bots.make('sensible')):,.1f} games/s"),
        ("regatta: random legal moves (4 players)", f"{random_moves():,.0f} /s"),
    ]
