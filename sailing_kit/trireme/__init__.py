"""Sailboat against trireme: the French gamebook duel (text 001), a Markov decision process.

- the map: :func:`load_map`, :func:`parse_map` (a plain-text format), :class:`SeaMap`;
- the game on the kit's protocol: :func:`new_game` (seeded die, Honour points) and its widget
  :class:`Board` (imported on first use);
- the wind as a Markov chain (sympy): :func:`wind_chain`, :func:`wind_distribution`,
  :func:`stationary_distribution`, :func:`turn_weather`, :func:`expected_squares`;
- perfect play: :func:`solve` (every position's chance to win, numpy), :func:`solve_exact`
  (Fractions, small maps), :func:`advise` (each choice's chance to win), :func:`honour_values`;
- helmsmen and the simulator: :func:`optimal_bot`, :func:`pilot_bot`, :func:`simulate`;
- the review of a game: :func:`review` (every decision weighed against optimal play).
"""

from sailing_kit.trireme.advisor import Advice, advise, chance_to_win
from sailing_kit.trireme.bots import bot, optimal_bot, pilot_bot
from sailing_kit.trireme.exact import ExactSolution, solve_exact
from sailing_kit.trireme.game import Die, Sail, Steer, TriremeState, new_game
from sailing_kit.trireme.maps import MapError, SeaMap, load_map, parse_map
from sailing_kit.trireme.options import TriremeOptions
from sailing_kit.trireme.position import Position
from sailing_kit.trireme.reviewer import review
from sailing_kit.trireme.simulate import Simulation, simulate
from sailing_kit.trireme.solver import Solution, honour_values, solve
from sailing_kit.trireme.wind import (
    expected_squares,
    stationary_distribution,
    turn_weather,
    wind_chain,
    wind_distribution,
)

__all__ = [
    "Advice",
    "Die",
    "ExactSolution",
    "MapError",
    "Position",
    "Sail",
    "SeaMap",
    "Simulation",
    "Solution",
    "Steer",
    "TriremeOptions",
    "TriremeState",
    "advise",
    "bot",
    "chance_to_win",
    "expected_squares",
    "honour_values",
    "load_map",
    "new_game",
    "optimal_bot",
    "parse_map",
    "pilot_bot",
    "review",
    "simulate",
    "solve",
    "solve_exact",
    "stationary_distribution",
    "turn_weather",
    "wind_chain",
    "wind_distribution",
]


def __getattr__(name: str):
    """``Board`` is imported on first use, so the rules never pull in Jupyter."""
    if name == "Board":
        from sailing_kit.trireme.board import Board

        return Board
    raise AttributeError(name)
