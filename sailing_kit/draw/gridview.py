"""Where a grid point sits on the picture, and which point a click is nearest to."""

from __future__ import annotations

import math
from dataclasses import dataclass

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point
from sailing_kit.draw import palette
from sailing_kit.draw.scene import MIN_TEXT, XY, Scene


@dataclass(frozen=True)
class GridView:
    """A ``width`` x ``height`` grid of intersections drawn ``cell`` pixels apart, North up; its
    lower-left intersection is grid point ``origin`` (a view zoomed onto part of a grid)."""

    width: int
    height: int
    cell: float = 38
    margin: float = 28
    top: float = 28
    """Extra room above the grid (titles, wind indicator)."""
    origin: tuple[int, int] = (0, 0)

    @property
    def size(self) -> tuple[int, int]:
        """Pixel size of the whole picture."""
        return (
            round(2 * self.margin + (self.width - 1) * self.cell),
            round(self.top + 2 * self.margin + (self.height - 1) * self.cell),
        )

    def pixel(self, point: tuple[float, float]) -> XY:
        """The pixel of grid point ``(x, y)`` (fractions allowed)."""
        x, y = point[0] - self.origin[0], point[1] - self.origin[1]
        return (self.margin + x * self.cell, self.top + self.margin + (self.height - 1 - y) * self.cell)

    def contains(self, point: tuple[float, float]) -> bool:
        """True if grid point ``point`` is on this view."""
        x, y = point[0] - self.origin[0], point[1] - self.origin[1]
        return 0 <= x < self.width and 0 <= y < self.height

    def toward(self, point: Point, direction: Direction, fraction: float) -> XY:
        """The pixel ``fraction`` of a cell from ``point`` in ``direction`` (diagonals scaled
        to the same length)."""
        dx, dy = direction.vector
        norm = math.hypot(dx, dy)
        return self.pixel((point[0] + fraction * dx / norm, point[1] + fraction * dy / norm))

    def nearest(self, x: float, y: float) -> Point | None:
        """The grid point nearest pixel ``(x, y)``, or None if the click is off the grid."""
        gx = round((x - self.margin) / self.cell) + self.origin[0]
        gy = self.height - 1 - round((y - self.top - self.margin) / self.cell) + self.origin[1]
        return (gx, gy) if self.contains((gx, gy)) else None

    def draw_grid(self, scene: Scene) -> None:
        """Water, grid lines and coordinates every five lines."""
        (x0, y0), (x1, y1) = self.origin, (self.origin[0] + self.width - 1,
                                           self.origin[1] + self.height - 1)
        for x in range(x0, x1 + 1):
            scene.line(self.pixel((x, y0)), self.pixel((x, y1)), stroke=palette.GRID)
        for y in range(y0, y1 + 1):
            scene.line(self.pixel((x0, y)), self.pixel((x1, y)), stroke=palette.GRID)
        for x in range(-(-x0 // 5) * 5, x1 + 1, 5):
            px, py = self.pixel((x, y0))
            scene.text((px, py + self.margin * 0.55), str(x), size=MIN_TEXT, colour=palette.MUTED)
        for y in range(-(-y0 // 5) * 5, y1 + 1, 5):
            px, py = self.pixel((x0, y))
            scene.text((px - self.margin * 0.55, py), str(y), size=MIN_TEXT, colour=palette.MUTED)
