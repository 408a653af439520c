"""An immutable sequence that grows at its end and shares everything before: logs and tracks.

A game's undo history keeps a snapshot of the position before every move. A log or a track kept
as a tuple is copied whole into every snapshot, so memory grows with the square of the moves;
a :class:`Trail` is a chain of chunks, and ``trail + items`` is a new link pointing at the old
trail: every snapshot shares the chunks, and memory grows with the moves. It reads like a
tuple — ``len``, iteration, indexing, slicing, ``==`` with a tuple — and costs O(1) to extend.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class Trail(Sequence[T], Generic[T]):
    """``Trail(items)``: the items in order; ``trail + more`` appends (``more`` any iterable)."""

    __slots__ = ("_before", "_chunk", "_size")

    def __init__(self, items: Iterable[T] = ()):
        self._before: Trail[T] | None = None
        self._chunk: tuple[T, ...] = tuple(items)
        self._size = len(self._chunk)

    def __add__(self, more: Iterable[T]) -> Trail[T]:
        chunk = tuple(more)
        if not chunk:
            return self
        if not self._size:
            return Trail(chunk)
        extended: Trail[T] = Trail.__new__(Trail)
        extended._before, extended._chunk, extended._size = self, chunk, self._size + len(chunk)
        return extended

    def __radd__(self, before: tuple[T, ...]) -> tuple[T, ...]:
        """``before + trail``: a tuple first gives a tuple (the trail copied after it)."""
        if not isinstance(before, tuple):
            return NotImplemented
        return before + tuple(self)

    def __len__(self) -> int:
        return self._size

    def _chunks(self) -> list[tuple[T, ...]]:
        """The chunks, last first (walked without recursion)."""
        chunks = []
        link: Trail[T] | None = self
        while link is not None:
            chunks.append(link._chunk)
            link = link._before
        return chunks

    def __iter__(self) -> Iterator[T]:
        for chunk in reversed(self._chunks()):
            yield from chunk

    def __reversed__(self) -> Iterator[T]:
        for chunk in self._chunks():
            yield from reversed(chunk)

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        """An item, or a slice as a tuple (slices near the end are cheap: the log's last lines)."""
        if isinstance(index, slice):
            start, stop, stride = index.indices(self._size)
            if stride == 1:
                return self._tail(self._size - start)[: max(0, stop - start)]
            return tuple(self)[index]
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("Trail index out of range")
        return self._tail(self._size - index)[0]

    def _tail(self, count: int) -> tuple[T, ...]:
        """The last ``count`` items, walking back only as far as they go."""
        gathered: list[tuple[T, ...]] = []
        have = 0
        link: Trail[T] | None = self
        while link is not None and have < count:
            gathered.append(link._chunk)
            have += len(link._chunk)
            link = link._before
        items = tuple(item for chunk in reversed(gathered) for item in chunk)
        return items[len(items) - count:] if count else ()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Trail):
            return self is other or (self._size == other._size and tuple(self) == tuple(other))
        if isinstance(other, tuple):
            return self._size == len(other) and tuple(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Trail({list(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Trail, (tuple(self),))
