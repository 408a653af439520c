"""One turn of up to three rolls, solved backwards over the 252 sorted rolls and 462 keeps.

Given what stopping is worth after each roll (``stops[r]``: one value per sorted roll, for roll
``r + 1``), the best play is found from the last roll back to the first:

- the value of *keeping* a multiset and rolling the other dice is the average over the next
  roll; :func:`expected_levels` finds it for every keep at once, adding one die at a time
  (rolling ``n`` dice is rolling one die, then ``n - 1``);
- the value of a roll is the better of stopping and its best keep; :func:`best_keeps` finds the
  best keep inside every roll at once, dropping one die at a time.

The rolls (or keeps) are the **first** axis of every array; any axes after it are a batch (many
positions at once). That way each step of the recursion picks whole rows, a contiguous block
of the batch each, which numpy copies and adds at memory speed. With ``exact=True`` arrays hold
Python integers (numpy object arrays) and nothing is ever divided: every level is a sum over
ordered outcomes, so the result is an exact numerator over a power of 6.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sailing_kit.yacht.multisets import ADD, DICE, FACES, REMOVE, ROLLS, ways

SCALE = 6**DICE
"""Ordered outcomes of five dice: 7776."""

WAYS = np.array([ways(roll) for roll in ROLLS])
"""``WAYS[r]``: the ordered outcomes that show sorted roll ``r`` (they sum to :data:`SCALE`)."""


_ADDED = tuple(tuple(np.ascontiguousarray(add[:, face]) for face in range(len(FACES)))
               for add in ADD)
_REMOVED = tuple(tuple(np.ascontiguousarray(remove[:, n]) for n in range(size))
                 for size, remove in enumerate(REMOVE) if remove is not None)


def take_rows(source: np.ndarray, index: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """``source[index]`` (whole rows along the first axis), written into ``out`` when given:
    numpy copies straight into it with ``mode="clip"`` (the indices are valid), so a loop that
    reuses one buffer allocates nothing."""
    rows: np.ndarray = source[index] if out is None else source.take(index, axis=0, out=out,
                                                                     mode="clip")
    return rows


def expected_levels(values: np.ndarray) -> list[np.ndarray]:
    """For ``values`` of the 252 rolls (first axis), ``levels[k]``: for each multiset of ``k``
    kept dice, the *sum* of ``values`` over the ``6**(5 - k)`` ordered ways to roll the rest.
    Dividing by ``6**(5 - k)`` gives the expected value of keeping that multiset."""
    levels = [values] * (DICE + 1)
    scratch = np.empty(len(ADD[DICE - 1]) * (values.size // len(values)), dtype=values.dtype)
    for size in range(DICE - 1, -1, -1):
        above, (first, *others) = levels[size + 1], _ADDED[size]
        total = take_rows(above, first)
        rows = scratch[:total.size].reshape(total.shape)
        for index in others:
            total += take_rows(above, index, rows)
        levels[size] = total
    return levels


def best_keeps(levels: list[np.ndarray]) -> np.ndarray:
    """For every roll (first axis), its best keep's expected value, times :data:`SCALE`."""
    best = levels[0]
    scratch = np.empty(levels[DICE].size, dtype=levels[DICE].dtype)
    for size in range(1, DICE + 1):
        bigger = levels[size] * 6**size
        rows = scratch[:bigger.size].reshape(bigger.shape)
        for index in _REMOVED[size - 1]:
            np.maximum(bigger, take_rows(best, index, rows), out=bigger)
        best = bigger
    return best


def roll_values(stops: Sequence[np.ndarray]) -> list[np.ndarray]:
    """Float values of each roll after roll ``r + 1`` when playing the rest of the turn best:
    the last roll must stop; each earlier one stops or keeps the best dice and rolls on."""
    values = [stops[-1]]
    for stop in reversed(stops[:-1]):
        keep = best_keeps(expected_levels(values[0]))
        np.divide(keep, SCALE, out=keep)
        values.insert(0, np.maximum(keep, stop, out=keep))
    return values


def before_rolling(values: np.ndarray) -> np.ndarray:
    """The sum of ``values`` (one per roll, first axis) over the 7776 ordered outcomes of five
    dice: :data:`SCALE` times their expected value before the roll."""
    return np.tensordot(WAYS, values, axes=1)


def turn_value(stops: Sequence[np.ndarray], exact: bool = False) -> np.ndarray:
    """The expected value of the turn before its first roll (one per batch entry).

    With ``exact`` the ``stops`` hold integers and so does the result, a numerator over
    ``6 ** (5 * len(stops))``.
    """
    if not exact:
        expected: np.ndarray = before_rolling(roll_values(stops)[0]) / SCALE
        return expected
    value, scale = stops[-1], 1
    for stop in reversed(stops[:-1]):
        scale *= SCALE
        value = np.maximum(stop * scale, best_keeps(expected_levels(value)))
    return before_rolling(value)
