"""Rounding the black rocks clockwise ("par la droite"), judged from a boat's track.

The *rounding line* starts at the middle of the west side of the northernmost rock (the
westernmost one of that row) and runs due north to the edge of the map. A track that leaves the
start line and comes back to it (on the south edge, below the rocks) has gone round the rocks
clockwise exactly when it has crossed this line once more from west to east than from east to
west: that count is the track's winding number around the rocks. A boat's progress is the count
so far, kept between -1 and +1 (a second lap adds nothing, see docs/rules-trireme.md).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import _
from sailing_kit.core.rounding import Ray

NOT_ROUNDED, ROUNDED = 0, 1
LOWEST, HIGHEST = -1, 1
"""The progress a boat can have: -1 (crossed the rounding line the wrong way), 0 or +1."""


@dataclass(frozen=True)
class RoundingLine:
    """The line between columns ``column - 1`` and ``column``, from row ``row`` northwards."""

    column: int
    row: int

    def crossing(self, start: Point, end: Point) -> int:
        """+1 for a step crossing the line west to east (clockwise round the rocks), -1 east to
        west, else 0."""
        return Ray((self.column - 0.5, self.row), Direction.N).crossing(start, end)

    def advance(self, progress: int, start: Point, end: Point) -> int:
        """A boat's rounding progress after the step from ``start`` to ``end``."""
        return max(LOWEST, min(HIGHEST, progress + self.crossing(start, end)))

    def laps(self, track: Iterable[Point]) -> int:
        """How many times a track goes round the rocks clockwise (negative: anticlockwise)."""
        squares = list(track)
        return sum(self.crossing(a, b) for a, b in itertools.pairwise(squares))


def rounding_line(rocks: Iterable[Point]) -> RoundingLine:
    """The rounding line of a group of rock squares."""
    squares = list(rocks)
    top = max(y for _, y in squares)
    return RoundingLine(min(x for x, y in squares if y == top), top)


def describe_progress(progress: int) -> str:
    """The progress in words."""
    return {
        HIGHEST: _("rounded the black rocks (clockwise): the start line now wins"),
        NOT_ROUNDED: _("not yet round the black rocks"),
        LOWEST: _("crossed north of the black rocks the wrong way (east to west): cross back "
                  "before rounding them"),
    }[progress]
