"""Dice as multisets: the order of the dice never matters, only how many show each face.

Five dice have 6**5 = 7776 ordered outcomes but only 252 *sorted* ones (:data:`ROLLS`); the dice a
player may keep are the 462 multisets of 0 to 5 faces (:data:`KEEPS`). The tables :data:`ADD`
and :data:`REMOVE` link a multiset of ``k`` dice to those of ``k + 1`` and ``k - 1`` dice, which
lets the analysis average over one more die, or drop one, for all multisets at once with numpy.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod

import numpy as np

FACES = (1, 2, 3, 4, 5, 6)
DICE = 5

Multiset = tuple[int, ...]
"""A multiset of faces, written as a sorted tuple: ``(2, 6, 6)``."""

LEVELS: tuple[tuple[Multiset, ...], ...] = tuple(
    tuple(combinations_with_replacement(FACES, size)) for size in range(DICE + 1)
)
"""``LEVELS[k]``: every multiset of ``k`` dice, in sorted order (1, 6, 21, 56, 126, 252 of them)."""

ROLLS: tuple[Multiset, ...] = LEVELS[DICE]
"""The 252 sorted rolls of five dice."""

KEEPS: tuple[Multiset, ...] = tuple(keep for level in LEVELS for keep in level)
"""The 462 multisets a player may keep (0 to 5 dice)."""

INDEX: tuple[dict[Multiset, int], ...] = tuple(
    {multiset: number for number, multiset in enumerate(level)} for level in LEVELS
)
"""``INDEX[k][multiset]``: the multiset's position in ``LEVELS[k]``."""

ADD: tuple[np.ndarray, ...] = tuple(
    np.array([[INDEX[size + 1][tuple(sorted(m + (face,)))] for face in FACES] for m in LEVELS[size]])
    for size in range(DICE)
)
"""``ADD[k][i, f - 1]``: where multiset ``LEVELS[k][i]`` plus one die showing ``f`` sits in
``LEVELS[k + 1]``."""


def _padded(indices: list[int], width: int) -> list[int]:
    """``indices`` made ``width`` long by repeating the first."""
    return indices + indices[:1] * (width - len(indices))


def _without_one(multiset: Multiset) -> list[int]:
    """Positions in the level below of ``multiset`` less one die of each face it holds, padded to
    its size by repeating the first (so every row of :data:`REMOVE` has the same length)."""
    below = INDEX[len(multiset) - 1]
    smaller = []
    for face in sorted(set(multiset)):
        rest = list(multiset)
        rest.remove(face)
        smaller.append(below[tuple(rest)])
    return _padded(smaller, len(multiset))


REMOVE: tuple[np.ndarray | None, ...] = (None,) + tuple(
    np.array([_without_one(m) for m in LEVELS[size]]) for size in range(1, DICE + 1)
)
"""``REMOVE[k][i]``: positions in ``LEVELS[k - 1]`` of ``LEVELS[k][i]`` with one die taken away."""


def multiset(dice: tuple[int, ...] | list[int]) -> Multiset:
    """The dice as a sorted tuple."""
    return tuple(sorted(dice))


def ways(dice: Multiset) -> int:
    """How many ordered outcomes give this multiset: the multinomial ``n! / (n1! n2! ... n6!)``."""
    return factorial(len(dice)) // prod(factorial(n) for n in Counter(dice).values())


def chance_of(dice: Multiset) -> Fraction:
    """The probability that ``len(dice)`` fair dice show exactly this multiset."""
    return Fraction(ways(dice), 6 ** len(dice))


@cache
def outcomes(count: int) -> tuple[tuple[Multiset, Fraction], ...]:
    """Every multiset ``count`` dice can show, with its exact probability (they sum to 1)."""
    return tuple((m, chance_of(m)) for m in LEVELS[count])


def sub_multisets(dice: Multiset) -> list[Multiset]:
    """Every distinct multiset that can be kept from ``dice`` (from none to all), sorted."""
    counts = Counter(dice)
    kept: list[Multiset] = [()]
    for face in sorted(counts):
        kept = [k + (face,) * n for k in kept for n in range(counts[face] + 1)]
    return sorted(kept, key=lambda k: (len(k), k))


def keep_index(keep: Multiset) -> int:
    """Position of a kept multiset in :data:`KEEPS`."""
    return sum(len(level) for level in LEVELS[: len(keep)]) + INDEX[len(keep)][keep]


PROPER_KEEPS = np.array([
    _padded([keep_index(k) for k in sub_multisets(roll) if len(k) < DICE], 2**DICE - 1)
    for roll in ROLLS
])
"""``PROPER_KEEPS[r]``: positions in :data:`KEEPS` of every keep of fewer than five dice from
roll ``r`` (up to 31, padded by repeating the first)."""
