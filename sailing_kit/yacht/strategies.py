"""Ways to play: the optimal player, a greedy one and a random one, as strategies and as bots.

A *strategy* looks at a :class:`~sailing_kit.yacht.position.Position` (a card, the dice, the rolls
used) and returns a :class:`Keep` or a :class:`Score`; the simulator plays strategies. A *bot*
plays a game state (:mod:`sailing_kit.core.bots`): it rolls at the start of a turn, asks its
strategy, and turns a kept multiset into the places of the dice to hold.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

from sailing_kit.core.bots import Bot
from sailing_kit.core.errors import ConfigError
from sailing_kit.yacht.game import Roll, YachtState
from sailing_kit.yacht.position import Choice, Keep, Position, Score
from sailing_kit.yacht.rules import RuleSet
from sailing_kit.yacht.solver import greedy_planner, optimal_planner

Strategy = Callable[[Position], Choice]
"""A way to play a turn: position -> keep or score."""


def optimal_strategy(rules: RuleSet) -> Strategy:
    """Perfect solitaire play: the choice with the highest expected final score."""
    return optimal_planner(rules).best


def greedy_strategy(rules: RuleSet) -> Strategy:
    """The best play for this turn's points alone, blind to the turns still to come."""
    return greedy_planner(rules).best


def random_strategy(seed: int = 0) -> Strategy:
    """Any allowed choice, each as likely (reproducibly for a given seed)."""
    chooser = random.Random(seed)
    return lambda position: chooser.choice(position.choices())


STRATEGIES: dict[str, Callable[[RuleSet, int], Strategy]] = {
    "optimal": lambda rules, seed: optimal_strategy(rules),
    "greedy": lambda rules, seed: greedy_strategy(rules),
    "random": lambda rules, seed: random_strategy(seed),
}
"""The strategies by name, each made from the rules and a seed."""


def make_strategy(name: str, rules: RuleSet, seed: int = 0) -> Strategy:
    """The strategy called ``name`` for ``rules``; ConfigError for an unknown name."""
    if name not in STRATEGIES:
        raise ConfigError(f"unknown strategy {name!r}: choose one of {', '.join(STRATEGIES)}")
    return STRATEGIES[name](rules, seed)


def held_places(dice: tuple[int, ...], keep: Keep) -> tuple[int, ...]:
    """The places (0-4) of dice showing ``keep``'s values, the leftmost of each value first."""
    places: list[int] = []
    for value in keep.dice:
        places.append(next(p for p, v in enumerate(dice) if v == value and p not in places))
    return tuple(sorted(places))


def bot(name: str = "optimal", seed: int = 0) -> Bot:
    """A bot playing the strategy ``name`` ("optimal", "greedy" or "random") for any rule set.
    In Tábornok every bot takes a big general that wins at once."""
    make_strategy(name, RuleSet())  # refuses an unknown name now, not at the bot's first move
    strategies: dict[RuleSet, Strategy] = {}

    def play(state: YachtState) -> Roll | Score:
        position, dice = state.position(), state.dice
        if position is None or dice is None:
            return Roll()
        winning = [c for c in position.categories() if state.wins_at_once(c)]
        if winning:
            return Score(winning[0])
        if state.rules not in strategies:
            strategies[state.rules] = make_strategy(name, state.rules, seed)
        choice = strategies[state.rules](position)
        if isinstance(choice, Keep):
            return Roll(held_places(dice, choice))
        return choice

    play.__name__ = f"{name} bot"
    return cast(Bot, play)
