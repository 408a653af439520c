"""Exact chances of making a category within one, two or three rolls.

"Making" a category means ending the turn with dice that score more than 0 in it. Between rolls
the player keeps whatever dice give the best chance of making it (the same backward induction
as the solver, :mod:`sailing_kit.yacht.turn`, with "made" worth 1 and "missed" worth 0), and
may stop as soon as it is made. Everything is counted in whole numbers, so the answer is exact.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

import numpy as np
import sympy

from sailing_kit.core.errors import ConfigError, reason
from sailing_kit.core.options import whole_number
from sailing_kit.yacht.multisets import DICE, ROLLS, ways
from sailing_kit.yacht.rules import RuleSet, read_category, rule_set
from sailing_kit.yacht.turn import turn_value

MAX_ROLLS = 3


def probability(category: str, rolls: int = 1, rules: str | RuleSet = "jacht") -> sympy.Rational:
    """The exact chance to make ``category`` within ``rolls`` rolls, keeping the best dice for it.

    >>> probability("yacht", rules="jacht")
    1/1296
    """
    ruleset = rule_set(rules)
    try:
        whole_number(rolls, "rolls", 1, MAX_ROLLS)
    except ValueError as error:
        raise ConfigError(reason(error)) from None
    numerator = _numerator(ruleset, read_category(category, ruleset), rolls)
    return sympy.Rational(numerator, 6 ** (DICE * rolls))


@cache
def yacht_chain(dice: int = DICE, faces: int = 6) -> tuple[sympy.Matrix, sympy.Matrix]:
    """The Markov chain of going for a yacht: after each roll keep the largest group of equal
    dice and roll the rest. States 1 to ``dice`` are the size of that group. Returns
    ``(start, P)``: the row vector of the state after the first roll and the transition matrix
    of each further roll, both exact, counted over every ordered outcome (five six-sided dice
    unless told otherwise). ``(start * P**2)[0, 4]`` is the chance of a yacht within three
    rolls."""
    whole_number(dice, "dice", 1, 8)
    whole_number(faces, "faces", 2, 20)
    first = [0] * dice
    for roll, weight in _rolls(dice, faces):
        first[_largest_group(roll) - 1] += weight
    counts = [[0] * dice for _ in range(dice)]
    for group in range(1, dice + 1):
        for rest, weight in _rolls(dice - group, faces):
            size = max(group + rest.count(1), _largest_group(rest) if rest else 0)
            counts[group - 1][size - 1] += weight
    start = sympy.Matrix([[sympy.Rational(n, faces**dice) for n in first]])
    chain = sympy.Matrix([[sympy.Rational(n, faces ** (dice - group)) for n in row]
                          for group, row in enumerate(counts, 1)])
    return start, chain


def _rolls(dice: int, faces: int) -> list[tuple[tuple[int, ...], int]]:
    """Every sorted roll of ``dice`` dice with ``faces`` faces, with its number of orders."""
    return [(roll, ways(roll)) for roll in combinations_with_replacement(range(1, faces + 1), dice)]


def _largest_group(dice: tuple[int, ...]) -> int:
    return max(dice.count(face) for face in set(dice))


@cache
def _numerator(rules: RuleSet, category: str, rolls: int) -> int:
    made = np.array([int(rules.score(roll, category) > 0) for roll in ROLLS], dtype=object)
    return int(turn_value([made] * rolls, exact=True))
