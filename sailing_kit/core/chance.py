"""Seeded, replayable chance.

Every random draw of a game comes from a :class:`Chance` stream: draw number ``k`` of seed ``s``
is computed from ``(s, k)`` alone, so a game is fully described by its seed and a draw counter.
That makes the stream trivial to save in JSON and to rewind on undo.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from fractions import Fraction
from typing import TypeVar

T = TypeVar("T")


def fresh_seed() -> int:
    """A new random seed, for games created with ``seed=None`` (still saved, so still replayable)."""
    return secrets.randbits(48)


class Chance:
    """A counter-based random stream: ``Chance(seed)`` always yields the same draws in order."""

    def __init__(self, seed: int, draws: int = 0):
        self.seed = seed
        self.draws = draws

    def _next(self) -> random.Random:
        rng = random.Random(f"sailing_kit/{self.seed}/{self.draws}")
        self.draws += 1
        return rng

    def randint(self, low: int, high: int) -> int:
        """A whole number from ``low`` to ``high`` inclusive."""
        return self._next().randint(low, high)

    def choice(self, options: Sequence[T]) -> T:
        return self._next().choice(options)

    def weighted(self, outcomes: Sequence[tuple[T, Fraction | float]]) -> T:
        """Pick one outcome of ``[(outcome, probability), ...]``."""
        values = [o for o, _ in outcomes]
        weights = [float(p) for _, p in outcomes]
        return self._next().choices(values, weights=weights, k=1)[0]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy of ``items``."""
        copy = list(items)
        self._next().shuffle(copy)
        return copy

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self._next().sample(list(items), k)
