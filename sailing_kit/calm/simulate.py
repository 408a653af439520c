"""How often does a strategy win? Play many seeded games and count, with a confidence interval.

``simulate("planner", players=3, games=2000, seed=1)`` plays 2,000 games, each with its own seed
derived from ``seed`` and its number, so the answer depends only on the arguments — not on how
the games are spread over workers. Pass any :class:`concurrent.futures.Executor` (a process pool,
or the executor of a Dask or Ray cluster) to run big studies in parallel, unchanged.

The kit's own strategies run through the engine's fast path (:meth:`CalmState.apply_unchecked`,
the same rules without the undo record); a strategy of your own is checked move by move, so a
bot that tries an illegal move stops with the rule it broke.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from math import sqrt
from typing import Any

from sailing_kit.calm.bots import BOTS
from sailing_kit.calm.game import CalmState
from sailing_kit.calm.options import CalmOptions
from sailing_kit.core.bots import Bot
from sailing_kit.core.i18n import _, n_, number, percent
from sailing_kit.core.options import build_options
from sailing_kit.core.protocol import CHANCE

Strategy = str | Callable[[int], Bot]
"""A strategy's name in :data:`~sailing_kit.calm.bots.BOTS`, or a factory ``seed -> bot``
(a module-level function, so that a process pool can send it to its workers)."""

CHUNKS = 32
"""How many pieces a study is cut into for an executor."""


@dataclass(frozen=True)
class SimulationResult:
    """Wins out of games, with a 95% Wilson confidence interval for the win rate."""

    strategy: str
    players: int
    games: int
    wins: int
    low: float
    high: float
    cells_filled: float
    """The mean number of cells filled when the game ended (how far the team got)."""
    variants: dict[str, Any] = field(default_factory=dict)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def __str__(self) -> str:
        """The summary in the language spoken now (the variants as the options are written:
        ``monsters=3``)."""
        variants = "".join(f", {key}={value!r}" for key, value in self.variants.items())
        return _("{strategy}, {players}{variants}: won {wins} of {games} = {rate} (95% CI {low} "
                 "to {high}); {cells} cells filled on average", strategy=self.strategy,
                 players=n_("{count} player", "{count} players", self.players),
                 variants=variants, wins=number(self.wins), games=number(self.games),
                 rate=percent(self.win_rate, 1), low=percent(self.low, 1),
                 high=percent(self.high, 1), cells=number(self.cells_filled, 1))


def wilson_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% with the default ``z``)."""
    if games == 0:
        return (0.0, 1.0)
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    spread = z * sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - spread), min(1.0, centre + spread))


def game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` of a study seeded ``seed``."""
    return (seed * 1_000_003 + number) % 2**48


def play_game(strategy: Strategy, players: int, seed: int, **variants: Any) -> CalmState:
    """One complete game, every seat played by ``strategy`` (each seat's bot seeded apart)."""
    return _play(strategy, seed, build_options(CalmOptions, {"players": players, **variants}))


def _play(strategy: Strategy, seed: int, options: CalmOptions) -> CalmState:
    factory = BOTS[strategy] if isinstance(strategy, str) else strategy
    trusted = isinstance(strategy, str)
    players = options.players
    state = CalmState(seed, options)
    bots = [factory(seed * 8 + seat) for seat in range(players)]
    while (seat := state.current_player) is not None:
        action = state.chance.weighted(state.chance_outcomes()) if seat == CHANCE else bots[seat](state)
        if trusted:
            state.apply_unchecked(action)
        else:
            state.apply(action)
    return state


def _play_chunk(strategy: Strategy, players: int, seeds: list[int],
                variants: dict[str, Any]) -> tuple[int, int]:
    """Wins and total cells filled over the games of ``seeds``."""
    options = build_options(CalmOptions, {"players": players, **variants})  # checked once
    wins = filled = 0
    for seed in seeds:
        state = _play(strategy, seed, options)
        wins += state.won
        filled += state.sea.filled
    return wins, filled


def simulate(strategy: Strategy, players: int = 3, games: int = 1000, seed: int = 0,
             executor: Executor | None = None, **variants: Any) -> SimulationResult:
    """Play ``games`` games of ``strategy`` for ``players`` players and report the win rate.

    ``variants`` are game options (``monsters=3``, ``rocks="manual"``...). With ``executor``
    the games run in :data:`CHUNKS` pieces on it; the result is the same either way."""
    seeds = [game_seed(seed, number) for number in range(games)]
    size = max(1, -(-games // CHUNKS))
    pieces = [seeds[start:start + size] for start in range(0, games, size)]
    if executor is None:
        totals = [_play_chunk(strategy, players, piece, variants) for piece in pieces]
    else:
        futures = [executor.submit(_play_chunk, strategy, players, piece, variants)
                   for piece in pieces]
        totals = [future.result() for future in futures]
    wins, filled = sum(t[0] for t in totals), sum(t[1] for t in totals)
    low, high = wilson_interval(wins, games)
    name = strategy if isinstance(strategy, str) else getattr(strategy, "__name__", "custom")
    return SimulationResult(name, players, games, wins, low, high,
                            filled / games if games else 0.0, dict(variants))
