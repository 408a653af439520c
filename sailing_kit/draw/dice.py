"""Dice drawn on a :class:`~sailing_kit.draw.scene.Scene`: a face with its pips, and a held die
shown by more than colour (a thick outline, a tinted face and the word HELD under it).

Pure drawing, shared by every game with dice.
"""

from __future__ import annotations

from sailing_kit.core.i18n import _
from sailing_kit.draw import palette
from sailing_kit.draw.scene import MIN_TEXT, XY, Scene

PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}
"""Where each face's pips sit, in thirds of the face from its centre (x right, y down)."""

HELD_FILL = "#DCEBF5"
"""A held die's face: a light tint of the palette's blue."""


def die_outline(corner: XY, size: float) -> list[XY]:
    """A square with cut corners (a die's rounded look, in straight lines)."""
    x, y = corner
    cut = size * 0.14
    return [(x + cut, y), (x + size - cut, y), (x + size, y + cut), (x + size, y + size - cut),
            (x + size - cut, y + size), (x + cut, y + size), (x, y + size - cut), (x, y + cut)]


def draw_die(scene: Scene, corner: XY, size: float, value: int | None, *, held: bool = False,
             caption: str = "", key: str = "", rolled: bool = False) -> None:
    """A die with its top-left corner at ``corner``. ``value`` None draws a blank die with a
    question mark (not rolled yet). A held die gets a thick outline, a tint and "HELD" beneath;
    otherwise ``caption`` (a key hint, say) is written there. With a ``key`` the die is a piece
    of the picture (one that tumbles when ``rolled``)."""
    x, y = corner
    centre = (x + size / 2, y + size / 2)
    with scene.piece(key or f"die@{x:.0f},{y:.0f}", effect="tumble" if rolled else ""):
        scene.polygon(die_outline(corner, size), fill=HELD_FILL if held else "#FFFFFF",
                      stroke=palette.BLUE if held else palette.INK, width=4 if held else 1.5)
        if value is None:
            scene.text(centre, "?", size=size * 0.45, colour=palette.MUTED, bold=True)
        else:
            step, radius = size * 0.25, size * 0.085
            for dx, dy in PIPS[value]:
                scene.circle((centre[0] + dx * step, centre[1] + dy * step), radius,
                             fill=palette.INK)
    below = _("HELD") if held else caption
    if below:
        scene.text((centre[0], y + size + 11), below, size=MIN_TEXT,
                   colour=palette.BLUE if held else palette.MUTED, bold=held)


def row_of_dice(count: int, left: float, top: float, size: float, gap: float) -> list[XY]:
    """Top-left corners of ``count`` dice in a row."""
    return [(left + n * (size + gap), top) for n in range(count)]


def die_at(corners: list[XY], size: float, point: XY) -> int | None:
    """Which die (its index in ``corners``) covers ``point``, if any."""
    px, py = point
    for index, (x, y) in enumerate(corners):
        if x <= px <= x + size and y <= py <= y + size:
            return index
    return None
