"""Rounding a mark, judged from a track: every grid game of the kit asks the same question.

A mark is rounded when the track crosses a *ray* — a half-line from the mark pointing away from
the course — in the right sense. Crossings the other way count against, so a track that goes
round the wrong way must first undo it (the ray's winding count).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from sailing_kit.core.compass import Direction

XY = tuple[float, float]


@dataclass(frozen=True)
class Ray:
    """The half-line from ``origin`` (between intersections if need be) in ``direction``."""

    origin: XY
    direction: Direction

    def side(self, point: XY) -> float:
        """Which side of the ray's line ``point`` lies on: above 0 anticlockwise of the ray."""
        dx, dy = self.direction.vector
        return dx * (point[1] - self.origin[1]) - dy * (point[0] - self.origin[0])

    def crossing(self, before: XY, after: XY, *, clockwise: bool = True) -> int:
        """+1 if the step from ``before`` to ``after`` crosses the ray in the given sense, -1
        if it crosses the other way, 0 if it does not cross (a point on the ray counts as
        already across)."""
        sense = -1 if clockwise else 1  # clockwise motion goes from + to - sides
        s_before, s_after = sense * self.side(before), sense * self.side(after)
        if (s_before < 0) == (s_after < 0):
            return 0
        t = Fraction(s_before) / Fraction(s_before - s_after)
        point = (before[0] + t * (after[0] - before[0]), before[1] + t * (after[1] - before[1]))
        dx, dy = self.direction.vector
        if dx * (point[0] - self.origin[0]) + dy * (point[1] - self.origin[1]) < 0:
            return 0
        return 1 if s_before < 0 else -1
