"""A cache of costly results bounded in bytes, not in count.

``functools.lru_cache(maxsize=8)`` keeps eight results whatever their size: eight solutions of
large maps can hold more memory than a class laptop has. :class:`BytesCache` keeps the most
recently used results while together they stay within a budget of bytes (the newest is always
kept, however large), and drops the least recently used beyond it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class BytesCache(Generic[V]):
    """``cache(*arguments)`` is ``compute(*arguments)``, kept while the results kept weigh at
    most ``budget`` bytes by ``weigh(result)``. Safe to call from several threads (two threads
    asking for the same new result may both compute it)."""

    def __init__(self, compute: Callable[..., V], weigh: Callable[[V], int], budget: int):
        self._compute, self._weigh, self.budget = compute, weigh, budget
        self._kept: OrderedDict[tuple[Hashable, ...], tuple[V, int]] = OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, *arguments: Hashable) -> V:
        with self._lock:
            if arguments in self._kept:
                self._kept.move_to_end(arguments)
                return self._kept[arguments][0]
        result = self._compute(*arguments)
        weight = self._weigh(result)
        with self._lock:
            self._kept[arguments] = (result, weight)
            self._kept.move_to_end(arguments)
            while len(self._kept) > 1 and self.weight > self.budget:
                self._kept.popitem(last=False)
        return result

    @property
    def weight(self) -> int:
        """The bytes of the results kept now."""
        return sum(weight for _, weight in self._kept.values())

    def __len__(self) -> int:
        return len(self._kept)

    def clear(self) -> None:
        """Forget every result kept."""
        with self._lock:
            self._kept.clear()
