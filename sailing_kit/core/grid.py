"""Grid points and small helpers shared by the grid games."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from sailing_kit.core import reading
from sailing_kit.core.compass import Direction

Point = tuple[int, int]
"""An intersection or cell ``(x, y)``: x grows East, y grows North."""


def step(point: Point, direction: Direction | str, distance: int = 1) -> Point:
    """The point ``distance`` steps from ``point`` towards ``direction``."""
    dx, dy = Direction.parse(direction).vector
    return (point[0] + dx * distance, point[1] + dy * distance)


def chebyshev(a: Point, b: Point) -> int:
    """Grid distance when diagonal steps count as one (a king's move)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def parse_point(value: object, what: str = "point") -> Point:
    """Read ``(x, y)`` from a tuple or a JSON list of two integers, or raise ValueError."""
    return reading.point(value, f"a {what}", error=ValueError)


@dataclass(frozen=True)
class Grid:
    """A rectangle of points ``0 <= x < width``, ``0 <= y < height``."""

    width: int
    height: int

    def __contains__(self, point: object) -> bool:
        return (
            isinstance(point, tuple)
            and len(point) == 2
            and 0 <= point[0] < self.width
            and 0 <= point[1] < self.height
        )

    def points(self) -> Iterator[Point]:
        """Every point, row by row from the bottom left."""
        for y in range(self.height):
            for x in range(self.width):
                yield (x, y)

    def square_around(self, centre: Point, radius: int) -> Iterator[Point]:
        """The points of the (2r+1) x (2r+1) square centred on ``centre`` that lie on the grid."""
        for y in range(centre[1] - radius, centre[1] + radius + 1):
            for x in range(centre[0] - radius, centre[0] + radius + 1):
                if (x, y) in self:
                    yield (x, y)


@dataclass(frozen=True)
class Box:
    """The points with ``x0 <= x <= x1`` and ``y0 <= y <= y1`` (any origin)."""

    x0: int
    y0: int
    x1: int
    y1: int

    @classmethod
    def around(cls, *points: Point, margin: int = 0) -> Box:
        """The smallest box holding ``points``, grown by ``margin`` on every side."""
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return cls(min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)

    def __contains__(self, point: object) -> bool:
        return (
            isinstance(point, tuple)
            and len(point) == 2
            and self.x0 <= point[0] <= self.x1
            and self.y0 <= point[1] <= self.y1
        )
