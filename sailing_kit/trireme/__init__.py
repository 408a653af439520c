"""Sailboat against trireme: the French gamebook duel (text 001), a Markov decision process.

- the map: :func:`load_map`, :func:`parse_map` (a plain-text format), :class:`SeaMap`;
- the game on the kit's protocol: :func:`new_game` (seeded die, Honour points) and its widget
  :class:`Board` (imported on first use);
- the wind as a Markov chain (sympy): :func:`wind_chain`, :func:`wind_distribution`,
  :func:`stationary_distribution`, :func:`turn_weather`, :func:`expected_squares`;
- perfect play: :func:`solve` (every position's chance to win, numpy), :func:`solve_exact`
  (Fractions, small maps), :func:`advise` (each choice's chance to win), :func:`honour_values`;
- helmsmen and the simulator: ``bots.make("optimal")``, ``bots.make("pilot")``,
  :func:`simulate`;
- the review of a game: :func:`review` (every decision weighed against optimal play).
"""

from sailing_kit.core.info import GameInfo, Outcome
from sailing_kit.core.lazy import board_attributes
from sailing_kit.trireme import bots
from sailing_kit.trireme.actions import Die, Sail, Steer
from sailing_kit.trireme.advisor import Advice, advise, chance_to_win
from sailing_kit.trireme.exact import ExactSolution, solve_exact
from sailing_kit.trireme.game import TriremeState, new_game
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
    "INFO",
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
    "bots",
    "chance_to_win",
    "expected_squares",
    "honour_values",
    "load_map",
    "new_game",
    "parse_map",
    "review",
    "simulate",
    "solve",
    "solve_exact",
    "stationary_distribution",
    "turn_weather",
    "wind_chain",
    "wind_distribution",
]


INFO = GameInfo(
    name="trireme", title="Sailboat against trireme", players=range(1, 2), players_option=None,
    chance=True, hidden_information=False, cooperative=False,
    outcome_kinds=frozenset({Outcome.WIN, Outcome.LOSS}), bots=tuple(bots.BOTS),
    controls=("roll", "review"),
)

__getattr__ = board_attributes(__name__, "Board")
