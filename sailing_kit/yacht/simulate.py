"""Play many solitaire games with a strategy and report the mean score and its standard error.

The simulator plays by the same rules as the game (:class:`~sailing_kit.yacht.scorecard.Scorecard`
decides where dice may go and what they score) but without a game state's bookkeeping, so it
runs thousands of games a second. A big general in Tábornok counts as its 60 points: alone,
there is no one to beat.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

import numpy as np

from sailing_kit.core.errors import ConfigError, reason
from sailing_kit.core.i18n import n_, number
from sailing_kit.core.options import whole_number
from sailing_kit.yacht.multisets import DICE, multiset
from sailing_kit.yacht.position import Keep, Position
from sailing_kit.yacht.rules import RuleSet, rule_set
from sailing_kit.yacht.scorecard import Scorecard
from sailing_kit.yacht.strategies import Strategy, make_strategy


@dataclass(frozen=True)
class Simulation:
    """The final scores of simulated games, with their mean and its standard error."""

    strategy: str
    scores: np.ndarray

    @property
    def games(self) -> int:
        return len(self.scores)

    @property
    def mean(self) -> float:
        return float(self.scores.mean())

    @property
    def standard_error(self) -> float:
        """How far the mean may stray from the true expected score: sd / sqrt(games)."""
        return float(self.scores.std(ddof=1) / math.sqrt(self.games))

    def __str__(self) -> str:
        """The summary in the language spoken now: "greedy: mean 162.31 ± 1.05 (standard
        error, 1,000 games)"."""
        return n_("{strategy}: mean {mean} ± {error} (standard error, {count} game)",
                  "{strategy}: mean {mean} ± {error} (standard error, {count} games)",
                  self.games, strategy=self.strategy, mean=number(self.mean, 2),
                  error=number(self.standard_error, 2))


def play_solitaire(strategy: Strategy, rules: RuleSet, dice_stream: random.Random) -> int:
    """One solitaire game: every turn, roll, let the strategy keep or score. The final total."""
    card = Scorecard(rules)
    while not card.is_full:
        dice, rolls = _roll(dice_stream, ()), 1
        while True:
            choice = strategy(Position(card, dice, rolls))
            if isinstance(choice, Keep):
                dice, rolls = _roll(dice_stream, choice.dice), rolls + 1
            else:
                card = card.write(choice.category, dice, first_roll=rolls == 1)
                break
    return card.total


def _roll(stream: random.Random, kept: tuple[int, ...]) -> tuple[int, ...]:
    return multiset(kept + tuple(stream.randint(1, 6) for _ in range(DICE - len(kept))))


def simulate(strategy: str | Strategy = "optimal", games: int = 1000, rules: str | RuleSet = "jacht",
             seed: int = 0, **variant: Any) -> Simulation:
    """Play ``games`` solitaire games with ``strategy`` ("optimal", "greedy", "random" or any
    function position -> choice) from seeded dice; ``variant`` takes the rule set's options."""
    ruleset = rule_set(rules, **variant)
    try:
        whole_number(games, "games", 2)
    except ValueError as error:
        raise ConfigError(reason(error)) from None
    if isinstance(strategy, str):
        name, play = strategy, make_strategy(strategy, ruleset, seed)
    else:
        name, play = getattr(strategy, "__name__", "strategy"), strategy
    dice_stream = random.Random(seed)
    scores = np.array([play_solitaire(play, ruleset, dice_stream) for _ in range(games)])
    return Simulation(name, scores)
