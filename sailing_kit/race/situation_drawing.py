"""The picture of a situation on the water (:class:`~sailing_kit.race.situation.Situation`):
the grid, the boats with their course points and wind lines, the marks and their zones, the
light-blue contested points and the infringements, under a header with the title, one line per
boat and the wind.

:func:`situation_view` places the grid: at 40 pixels a cell (the lessons' figures), or zoomed
onto the boats to fill a fixed box (the trainer board, whose canvas keeps its size from one
scenario to the next). The title wraps beside the wind indicator, never under it.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import _
from sailing_kit.draw import palette
from sailing_kit.draw.gridview import GridView
from sailing_kit.draw.scene import Scene
from sailing_kit.draw.wind import draw_wind
from sailing_kit.race import drawing
from sailing_kit.race.rightofway import course_point

if TYPE_CHECKING:
    from sailing_kit.race.situation import Situation

MIN_WIDTH = 8
"""The narrowest grid drawn, so a boat's line ("B: close-hauled, starboard tack") fits beside
the wind indicator."""
CELL = 40
"""A cell of the lessons' figures (pixels)."""
MAX_CELL = 52
"""The largest cell when zooming onto a small scenario."""
MARGIN = 28
WIND_ROOM = 96
"""Room at the top right for the wind indicator and its label."""
TITLE_SIZE, LINE_SIZE = 14, 12
TITLE_LINE, LEGEND_LINE = 18, 16


def extent(situation: Situation) -> tuple[int, int]:
    """The grid just big enough for the boats and the marks' zones (from the origin)."""
    points = [b.position for b in situation.boats] + [(m[0] + 2, m[1] + 2) for m in situation.marks]
    points += [situation.before.position] if situation.before is not None else []
    return (max(MIN_WIDTH, max(p[0] for p in points) + 3), max(p[1] for p in points) + 3)


def header(situation: Situation, title: str, width: float) -> list[tuple[str, bool]]:
    """The header's lines, (text, bold): the title, then one line per boat, each wrapped to
    the room left of the wind indicator (about 0.62 of the font size a letter)."""
    from sailing_kit.race.situation import sailing_words

    room = width - 8 - WIND_ROOM
    lines = [(line, True) for line in _wrap(title, room / (0.62 * TITLE_SIZE))]
    for boat in situation.boats:
        words = _("{boat}: {sailing}", boat=boat.name, sailing=sailing_words(boat, situation.wind))
        lines += [(line, False) for line in _wrap(words, room / (0.6 * LINE_SIZE))]
    return lines


def _wrap(text: str, letters: float) -> list[str]:
    return textwrap.wrap(text, int(letters), break_on_hyphens=False)


def header_height(situation: Situation, title: str, width: float) -> float:
    lines = header(situation, title, width)
    titles = sum(bold for _, bold in lines)
    return max(72.0, 12 + TITLE_LINE * titles + LEGEND_LINE * (len(lines) - titles) + 8)


def situation_view(situation: Situation, *, size: tuple[int, int] | None = None,
                   box: tuple[int, int] | None = None, title: str | None = None,
                   also: Sequence[Point] = ()) -> GridView:
    """The grid the situation is drawn on: ``size`` intersections (default: :func:`extent`)
    at :data:`CELL` pixels; or, given a ``box`` (width, height in pixels), zoomed onto what
    matters (:func:`interest`): cells as large as fit (at most :data:`MAX_CELL`), that part
    centred and the grid widened to fill the box, the picture exactly that box; ``also``: more
    points to keep in view (those the words speak of)."""
    title = _(situation.title) if title is None and situation.title else title or ""
    if box is None:
        width, height = size or extent(situation)
        top = header_height(situation, title, 2 * MARGIN + (width - 1) * CELL)
        return GridView(width, height, cell=CELL, margin=MARGIN, top=top)
    box_width, box_height = box
    top = header_height(situation, title, box_width)
    (left, bottom), (right, upper) = interest(situation, also)
    width, height = right - left + 1, upper - bottom + 1
    cell = min(MAX_CELL, (box_width - 2 * MARGIN) / (width - 1),
               (box_height - top - 2 * MARGIN) / height)
    columns = max(width, int((box_width - 2 * MARGIN) / cell) + 1)
    margin = (box_width - (columns - 1) * cell) / 2
    rows = max(height, int((box_height - top - 2 * margin) / cell) + 1)
    origin = (max(0, left - (columns - width) // 2), max(0, bottom - (rows - height) // 2))
    return GridView(columns, rows, cell=cell, margin=margin,
                    top=box_height - 2 * margin - (rows - 1) * cell, origin=origin)


def interest(situation: Situation, also: Sequence[Point] = ()
             ) -> tuple[tuple[int, int], tuple[int, int]]:
    """The lower-left and upper-right grid points of what a question is about: the boats,
    their course points, the light-blue points and the marks' zones (and ``also``), one point
    of water around them (never below 0)."""
    points = [b.position for b in situation.boats] + list(also)
    points += [situation.before.position] if situation.before is not None else []
    points += [p for p in (course_point(b, situation.wind) for b in situation.boats) if p]
    points += [contest.point for contest in situation.contests()]
    points += [(m[0] + dx, m[1] + dy) for m in situation.marks for dx in (-2, 2) for dy in (-2, 2)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (max(0, min(xs) - 1), max(0, min(ys) - 1)), (max(xs) + 1, max(ys) + 1)


def situation_scene(situation: Situation, view: GridView, *, reveal: bool = True,
                    title: str | None = None, targets: Mapping[str, str] | None = None,
                    marked: Sequence[Point] = ()) -> Scene:
    """The situation on ``view``'s grid. Without ``reveal`` (a question not yet answered) the
    boat entitled to a light-blue point shows as "?" and no infringement is marked; ``title``
    replaces the situation's own (which may state the answer); ``targets`` names the boats to
    click (boat name -> what a click does); ``marked``: points the words speak of, each ringed
    and labelled with its coordinates. Each boat is a piece (a boat moved glides)."""
    title = _(situation.title) if title is None and situation.title else title or ""
    scene = Scene(*view.size, title=title or _("a situation on the water"),
                  background=palette.WATER)
    view.draw_grid(scene)
    for mark in situation.marks:
        drawing.draw_zone(scene, view, mark)
        drawing.draw_mark(scene, view, mark, _("start") if situation.start else _("mark"))
    for boat in situation.boats:
        drawing.draw_wind_line(scene, view, boat.position, situation.wind)
    if situation.moved and situation.before is not None:  # where the mover came from
        start = view.pixel(situation.before.position)
        end = view.pixel(situation.boat(situation.before.name).position)
        scene.line(start, end, stroke=palette.MUTED, width=2, dash=(4, 3))
        scene.circle(start, view.cell * 0.18, stroke=palette.MUTED, width=1.5)
    drawing.draw_course_points(scene, view, situation.boats, situation.wind)
    for contest in situation.contests():
        drawing.draw_contested_point(scene, view, contest.point,
                                     contest.entitled if reveal else "?")
    for point in marked:
        if view.contains(point):
            x, y = view.pixel(point)
            scene.circle((x, y), 0.3 * view.cell, stroke=palette.REDDISH_PURPLE, width=2.5)
            scene.text((x, y + 0.3 * view.cell + 9), f"({point[0]}, {point[1]})", size=12,
                       colour=palette.REDDISH_PURPLE, bold=True)
    for boat in situation.boats:
        with scene.piece(f"boat:{boat.name}"):
            drawing.draw_boat(scene, view, boat.position, boat.heading, situation.wind,
                              label=boat.name)
        if targets and boat.name in targets:
            scene.target(view.pixel(boat.position), view.cell, targets[boat.name])
    for incident in situation.infringements() if reveal else ():
        drawing.draw_infringement(scene, view, incident.point)
    _draw_header(scene, situation, title)
    return scene


def _draw_header(scene: Scene, situation: Situation, title: str) -> None:
    draw_wind(scene, (scene.width - 48, 22), situation.wind, length=28)
    y = 14.0
    for line, bold in header(situation, title, scene.width):
        scene.text((8, y), line, size=TITLE_SIZE if bold else LINE_SIZE, colour=palette.INK,
                   anchor="start", bold=bold)
        y += TITLE_LINE if bold else LEGEND_LINE
