"""Play many duels with a helmsman and count how they end."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, cast

from sailing_kit.core.bots import Bot, advance
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import n_, number, percent
from sailing_kit.trireme.actions import Action
from sailing_kit.trireme.game import TriremeState, new_game
from sailing_kit.trireme.rules import Ending
from sailing_kit.trireme.solver import Solution


@dataclass(frozen=True)
class Crash:
    """A crash seen in a simulation: the chance to win (by the solution given to
    :func:`simulate`) at the last heading chosen before it, the boat's square then, and whether
    a 1's current carried the boat onto the hazard (else the boat's own move did)."""

    chance: float
    square: Point
    by_current: bool


@dataclass(frozen=True)
class Simulation:
    """How ``games`` duels ended; with a solution, ``crashes`` tells each crash's story."""

    games: int
    won: int
    lost: int
    crashed: int
    crashes: tuple[Crash, ...] = ()

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
        """The summary in the language spoken now: ``100 games: won 62 (62.0% ± 9.5), lost to
        the trireme 30, crashed 8`` (± a 95 % interval, in percentage points)."""
        return n_("{count} game: won {won} ({rate} ± {margin}), lost to the trireme {lost}, "
                  "crashed {crashed}", "{count} games: won {won} ({rate} ± {margin}), lost to "
                  "the trireme {lost}, crashed {crashed}", self.games, won=number(self.won),
                  rate=percent(self.win_rate, 1), margin=number(196 * self.standard_error, 1),
                  lost=number(self.lost), crashed=number(self.crashed))


def play(state: TriremeState, helmsman: Bot, solution: Solution | None = None
         ) -> tuple[Ending, Crash | None]:
    """Play ``state`` to its end with ``helmsman`` (the die from the game's seed): how it ended,
    and, for a crash with a ``solution`` to judge by, the crash's story."""
    headings: list[tuple[float, Point]] = []

    def steer(now: TriremeState) -> Action:
        position = now.position()
        if solution is not None and position is not None:
            headings.append((solution.value(position), position.boat))
        action: Action = helmsman(now)
        return action

    advance(state, {0: cast(Bot, steer)})
    if state.ending is None:
        raise RuntimeError(f"the duel of seed {state.seed} did not end: the helmsman keeps the "
                           "boat where it is")
    ending = state.ending[0]
    if ending is not Ending.CRASHED or not headings:
        return ending, None
    return ending, Crash(*headings[-1], by_current=state.face == 1 and not state.spent)


def simulate(helmsman: Bot, games: int = 1000, seed: int = 0, solution: Solution | None = None,
             **options: Any) -> Simulation:
    """Play ``games`` duels (seeds ``seed``, ``seed + 1``, ...) with ``options`` of
    :func:`~sailing_kit.trireme.game.new_game`. With ``solution`` (the solver's, for the same
    options) each crash is told in :attr:`Simulation.crashes`."""
    played = [play(new_game(seed=seed + number, **options), helmsman, solution)
              for number in range(games)]
    endings = [ending for ending, _ in played]
    return Simulation(games, endings.count(Ending.WON), endings.count(Ending.LOST),
                      endings.count(Ending.CRASHED),
                      tuple(crash for _, crash in played if crash is not None))
