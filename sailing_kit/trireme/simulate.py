"""Play many duels with a helmsman and count how they end."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from sailing_kit.core.bots import Bot, advance
from sailing_kit.trireme.game import TriremeState, new_game
from sailing_kit.trireme.rules import Ending


@dataclass(frozen=True)
class Simulation:
    """How ``games`` duels ended."""

    games: int
    won: int
    lost: int
    crashed: int

    @property
    def win_rate(self) -> float:
        return self.won / self.games

    @property
    def standard_error(self) -> float:
        """The standard error of the win rate (binomial)."""
        rate = self.win_rate
        return math.sqrt(rate * (1 - rate) / self.games)

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """The win rate's confidence interval, ``z`` standard errors either side (normal
        approximation, widened to at least one game's worth)."""
        half = max(z * self.standard_error, 1 / self.games)
        return self.win_rate - half, self.win_rate + half

    def __str__(self) -> str:
        return (f"{self.games} games: won {self.won} ({100 * self.win_rate:.1f}% ± "
                f"{196 * self.standard_error:.1f}), lost to the trireme {self.lost}, "
                f"crashed {self.crashed}")


def play(state: TriremeState, helmsman: Bot) -> Ending:
    """Play ``state`` to its end with ``helmsman`` (the die from the game's seed)."""
    advance(state, {0: helmsman})
    if state.ending is None:
        raise RuntimeError(f"the duel of seed {state.seed} did not end: the helmsman keeps the "
                           "boat where it is")
    return state.ending[0]


def simulate(helmsman: Bot, games: int = 1000, seed: int = 0, **options: Any) -> Simulation:
    """Play ``games`` duels (seeds ``seed``, ``seed + 1``, ...) with ``options`` of
    :func:`~sailing_kit.trireme.game.new_game`."""
    endings = [play(new_game(seed=seed + number, **options), helmsman) for number in range(games)]
    return Simulation(games, endings.count(Ending.WON), endings.count(Ending.LOST),
                      endings.count(Ending.CRASHED))
