"""The wind of the duel as a Markov chain, in exact arithmetic (sympy).

Each turn the die moves the wind: it backs 45° on a 2, veers 45° on a 6 (and on a 7 with an Honour
point), and keeps its direction on 1, 3, 4 and 5 (a 1 is a calm: the current carries the boat,
the wind's direction does not change). So the wind's direction alone is a Markov chain over the
eight compass points. A calm is not a ninth state of that chain: after a calm the wind blows from
where it blew before, so "calm" would forget what the chain must remember. :func:`turn_weather`
gives the nine outcomes of one turn instead (eight winds and the calm).

Rows and columns are in compass order N, NE, ..., NW (:data:`DIRECTIONS`).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import sympy

from sailing_kit.core.compass import Direction
from sailing_kit.trireme.rules import Effect, roll_effects, squares_allowed, wind_after

DIRECTIONS: tuple[Direction, ...] = tuple(Direction)
CALM = "calm"


def _rational(value: Fraction) -> sympy.Rational:
    return sympy.Rational(value.numerator, value.denominator)


@cache
def wind_chain(honour: bool = False) -> sympy.ImmutableMatrix:
    """The 8 x 8 transition matrix: entry ``[i, j]`` is the chance that the wind blows from
    ``DIRECTIONS[j]`` after a turn that starts with it from ``DIRECTIONS[i]``."""
    rows = []
    for wind in DIRECTIONS:
        row = [sympy.Integer(0)] * len(DIRECTIONS)
        for effect, chance in roll_effects(honour):
            row[wind_after(wind, effect).index] += _rational(chance)
        rows.append(row)
    return sympy.ImmutableMatrix(rows)


def start_vector(wind: Direction | str = Direction.NE) -> sympy.ImmutableMatrix:
    """The row vector of a wind known for sure."""
    index = Direction.parse(wind).index
    return sympy.ImmutableMatrix([[int(i == index) for i in range(len(DIRECTIONS))]])


def wind_distribution(turns: int, start: Direction | str = Direction.NE,
                      honour: bool = False) -> sympy.ImmutableMatrix:
    """Where the wind blows from after ``turns`` turns (a 1 x 8 row vector), starting from
    ``start``; with ``honour`` an Honour point is spent every turn."""
    return start_vector(start) * wind_chain(honour) ** turns


@cache
def stationary_distribution(honour: bool = False) -> sympy.ImmutableMatrix:
    """The row vector pi with pi P = pi and entries summing to 1 (the long-run share of turns
    with each wind)."""
    chain = wind_chain(honour)
    (null,) = (chain.T - sympy.eye(len(DIRECTIONS))).nullspace()
    return sympy.ImmutableMatrix((null / sum(null)).T)


def turn_weather(turn: int, start: Direction | str = Direction.NE,
                 honour: bool = False) -> dict[str, sympy.Rational]:
    """The nine things turn number ``turn`` (1, 2, ...) can bring, with their chances: a calm
    (the current), or sailing in a wind from each of the eight directions."""
    before = wind_distribution(turn - 1, start, honour)
    weather = {CALM: sympy.Integer(0), **{d.value: sympy.Integer(0) for d in DIRECTIONS}}
    for wind in DIRECTIONS:
        for effect, chance in roll_effects(honour):
            key = CALM if effect is Effect.CURRENT else wind_after(wind, effect).value
            weather[key] += before[wind.index] * _rational(chance)
    return weather


def expected_squares(heading: Direction | str, wind: Direction | str,
                     honour: bool = False) -> sympy.Rational:
    """The expected squares sailed on ``heading`` this turn, the wind blowing from ``wind`` before
    the roll and the boat sailing as far as the new wind allows (a calm's drift west counts 0)."""
    heading, wind = Direction.parse(heading), Direction.parse(wind)
    total = sympy.Integer(0)
    for effect, chance in roll_effects(honour):
        if effect is not Effect.CURRENT:
            total += _rational(chance) * max(squares_allowed(heading, wind_after(wind, effect)))
    return total
