"""The wind indicator every grid game draws: an arrow blowing from the wind's source."""

from __future__ import annotations

import math

from sailing_kit.core.compass import Direction
from sailing_kit.core.i18n import _
from sailing_kit.draw import palette
from sailing_kit.draw.scene import MIN_TEXT, XY, Scene


def screen_unit(direction: Direction) -> tuple[float, float]:
    """Pixel-space unit vector of a compass direction (y grows downwards on screen)."""
    dx, dy = direction.vector
    norm = math.hypot(dx, dy)
    return dx / norm, -dy / norm


def draw_wind(scene: Scene, at: XY, wind: Direction, length: float = 44) -> None:
    """An arrow blowing from ``wind`` across point ``at``, labelled with its source."""
    ux, uy = screen_unit(wind)
    x, y = at
    tail = (x + ux * length / 2, y + uy * length / 2)
    tip = (x - ux * length / 2, y - uy * length / 2)
    scene.line(tail, tip, stroke=palette.INK, width=3)
    px, py = -uy, ux
    head = [tip, (tip[0] + 9 * ux + 6 * px, tip[1] + 9 * uy + 6 * py),
            (tip[0] + 9 * ux - 6 * px, tip[1] + 9 * uy - 6 * py)]
    scene.polygon(head, fill=palette.INK)
    scene.text((x, y + length / 2 + 12), _("wind from {point}", point=wind.letters),
               size=MIN_TEXT, colour=palette.INK)
