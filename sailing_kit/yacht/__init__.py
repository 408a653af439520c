"""Jacht and Tábornok: the Hungarian dice games, with standard Yahtzee beside them.

- the rules: :func:`score`, :func:`fits`, :class:`RuleSet`, :class:`Scorecard`;
- the game on the kit's protocol: :func:`new_game` (1-10 players, roll-off, three rolls, seeded
  chance) and its widget :class:`Board` (imported on first use);
- exact probabilities: :func:`probability` (a sympy Rational), and :func:`yacht_chain`, the
  Markov chain of going for a yacht;
- perfect play: :func:`optimal_expected_score`, :func:`advise` (every choice of a position with its
  expected final score), :func:`optimal_planner`, :func:`greedy_planner`;
- strategies, bots (``bots.make("optimal")``, the names in ``bots.BOTS``) and the
  simulator: :func:`simulate`;
- the review of a game: :func:`review` (every decision weighed against optimal play).
"""

from sailing_kit.core.info import GameInfo, Outcome
from sailing_kit.core.lazy import board_attributes
from sailing_kit.yacht import bots
from sailing_kit.yacht.actions import Dice, Roll
from sailing_kit.yacht.game import YachtState, new_game
from sailing_kit.yacht.options import YachtOptions
from sailing_kit.yacht.position import Keep, Position, Score
from sailing_kit.yacht.probability import probability, yacht_chain
from sailing_kit.yacht.reviewer import review
from sailing_kit.yacht.rules import CATEGORIES, RuleSet, fits, rule_set, score
from sailing_kit.yacht.scorecard import Scorecard
from sailing_kit.yacht.simulate import Simulation, simulate
from sailing_kit.yacht.solver import (
    Advice,
    Option,
    advise,
    greedy_planner,
    optimal_expected_score,
    optimal_planner,
)
from sailing_kit.yacht.strategies import greedy_strategy, optimal_strategy, random_strategy

__all__ = [
    "CATEGORIES",
    "INFO",
    "Advice",
    "Dice",
    "Keep",
    "Option",
    "Position",
    "Roll",
    "RuleSet",
    "Score",
    "Scorecard",
    "Simulation",
    "YachtOptions",
    "YachtState",
    "advise",
    "bots",
    "fits",
    "greedy_planner",
    "greedy_strategy",
    "new_game",
    "optimal_expected_score",
    "optimal_planner",
    "optimal_strategy",
    "probability",
    "random_strategy",
    "review",
    "rule_set",
    "score",
    "simulate",
    "yacht_chain",
]


INFO = GameInfo(
    name="yacht", title="Jacht (dice)", players=range(1, 11), players_option="players",
    chance=True, hidden_information=False, cooperative=False,
    outcome_kinds=frozenset({Outcome.WIN, Outcome.DRAW, Outcome.LOSS}), bots=tuple(bots.BOTS),
    controls=("roll", "review"),
)

__getattr__ = board_attributes(__name__, "Board")
