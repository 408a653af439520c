"""One turn of up to three rolls, solved backwards over the 252 sorted rolls and 462 keeps.

Given what stopping is worth after each roll (``stops[r]``: one value per sorted roll, for roll
``r + 1``), the best play is found from the last roll back to the first:

- the value of *keeping* a multiset and rolling the other dice is the average over the next
  roll; :func:`expected_levels` finds it for every keep at once, adding one die at a time
  (rolling ``n`` dice is rolling one die, then ``n - 1``);
- the value of a roll is the better of stopping and its best keep; :func:`best_keeps` finds the
  best keep inside every roll at once, dropping one die at a time.

Arrays may carry leading batch axes (many positions at once). With ``exact=True`` they hold
Python integers (numpy object arrays) and nothing is ever divided: every level is a sum over
ordered outcomes, so the result is an exact numerator over a power of 6.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sailing_kit.yacht.multisets import ADD, DICE, REMOVE

SCALE = 6**DICE
"""Ordered outcomes of five dice: 7776."""


def expected_levels(values: np.ndarray) -> list[np.ndarray]:
    """For ``values`` of the 252 rolls (last axis), ``levels[k]``: for each multiset of ``k``
    kept dice, the *sum* of ``values`` over the ``6**(5 - k)`` ordered ways to roll the rest.
    Dividing by ``6**(5 - k)`` gives the expected value of keeping that multiset."""
    levels = [values] * (DICE + 1)
    for size in range(DICE - 1, -1, -1):
        levels[size] = levels[size + 1][..., ADD[size]].sum(axis=-1)
    return levels


def best_keeps(levels: list[np.ndarray]) -> np.ndarray:
    """For every roll (last axis), its best keep's expected value, times :data:`SCALE`."""
    best = levels[0]
    for size in range(1, DICE + 1):
        best = np.maximum(levels[size] * 6**size, best[..., REMOVE[size]].max(axis=-1))
    return best


def roll_values(stops: Sequence[np.ndarray]) -> list[np.ndarray]:
    """Float values of each roll after roll ``r + 1`` when playing the rest of the turn best:
    the last roll must stop; each earlier one stops or keeps the best dice and rolls on."""
    values = [stops[-1]]
    for stop in reversed(stops[:-1]):
        values.insert(0, np.maximum(stop, best_keeps(expected_levels(values[0])) / SCALE))
    return values


def turn_value(stops: Sequence[np.ndarray], exact: bool = False) -> np.ndarray:
    """The expected value of the turn before its first roll (one per batch entry).

    With ``exact`` the ``stops`` hold integers and so does the result, a numerator over
    ``6 ** (5 * len(stops))``.
    """
    if not exact:
        return expected_levels(roll_values(stops)[0])[0][..., 0] / SCALE
    value, scale = stops[-1], 1
    for stop in reversed(stops[:-1]):
        scale *= SCALE
        value = np.maximum(stop * scale, best_keeps(expected_levels(value)))
    return expected_levels(value)[0][..., 0]
