"""Ways to play a position: the optimal player, a greedy one and a random one, as strategies.

A *strategy* looks at a :class:`~sailing_kit.yacht.position.Position` (a card, the dice, the rolls
used) and returns a :class:`Keep` or a :class:`Score`; the simulator plays strategies, and the
bots of :mod:`sailing_kit.yacht.bots` play games with them.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from sailing_kit.core.errors import ConfigError
from sailing_kit.core.i18n import _
from sailing_kit.core.reading import shown
from sailing_kit.yacht.position import Choice, Position
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
    "greedy": lambda rules, seed: greedy_strategy(rules),
    "optimal": lambda rules, seed: optimal_strategy(rules),
    "random": lambda rules, seed: random_strategy(seed),
}
"""The strategies by name, each made from the rules and a seed."""


def make_strategy(name: str, rules: RuleSet, seed: int = 0) -> Strategy:
    """The strategy called ``name`` for ``rules``; ConfigError for an unknown name."""
    if name not in STRATEGIES:
        raise ConfigError(_("unknown strategy {given}: choose one of {strategies}",
                            given=shown(name), strategies=", ".join(STRATEGIES)))
    return STRATEGIES[name](rules, seed)
