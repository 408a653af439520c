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
    """A ``width`` x ``height`` grid of intersections drawn ``cell`` pixels apart, North up."""

    width: int
    height: int
    cell: float = 38
    margin: float = 28
    top: float = 28
    """Extra room above the grid (titles, wind indicator)."""

    @property
    def size(self) -> tuple[int, int]:
        """Pixel size of the whole picture."""
        return (
            round(2 * self.margin + (self.width - 1) * self.cell),
            round(self.top + 2 * self.margin + (self.height - 1) * self.cell),
        )

    def pixel(self, point: tuple[float, float]) -> XY:
        """The pixel of grid point ``(x, y)`` (fractions allowed)."""
        return (
            self.margin + point[0] * self.cell,
            self.top + self.margin + (self.height - 1 - point[1]) * self.cell,
        )

    def toward(self, point: Point, direction: Direction, fraction: float) -> XY:
        """The pixel ``fraction`` of a cell from ``point`` in ``direction`` (diagonals scaled
        to the same length)."""
        dx, dy = direction.vector
        norm = math.hypot(dx, dy)
        return self.pixel((point[0] + fraction * dx / norm, point[1] + fraction * dy / norm))

    def nearest(self, x: float, y: float) -> Point | None:
        """The grid point nearest pixel ``(x, y)``, or None if the click is off the grid."""
        gx = round((x - self.margin) / self.cell)
        gy = self.height - 1 - round((y - self.top - self.margin) / self.cell)
        if 0 <= gx < self.width and 0 <= gy < self.height:
            return (gx, gy)
        return None

    def draw_grid(self, scene: Scene) -> None:
        """Water, grid lines and coordinates every five lines."""
        for x in range(self.width):
            scene.line(self.pixel((x, 0)), self.pixel((x, self.height - 1)), stroke=palette.GRID)
        for y in range(self.height):
            scene.line(self.pixel((0, y)), self.pixel((self.width - 1, y)), stroke=palette.GRID)
        for x in range(0, self.width, 5):
            px, py = self.pixel((x, 0))
            scene.text((px, py + self.margin * 0.55), str(x), size=MIN_TEXT, colour=palette.MUTED)
        for y in range(0, self.height, 5):
            px, py = self.pixel((0, y))
            scene.text((px - self.margin * 0.55, py), str(y), size=MIN_TEXT, colour=palette.MUTED)
