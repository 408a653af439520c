"""The picture of a race: the course, tokens, flags, boats and their tracks, with optional
layers (course points, cover points, zones, laylines) and the turn options of the boat to play."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point, step
from sailing_kit.draw import palette
from sailing_kit.draw.gridview import GridView
from sailing_kit.draw.scene import Scene
from sailing_kit.race import drawing
from sailing_kit.race.course import Course
from sailing_kit.race.sailing import TurnOption

if TYPE_CHECKING:
    from sailing_kit.race.game import RaceState

LEG_WORDS = {"start": "to start", "up": "upwind", "down": "downwind", "reach": "to the wing mark",
             "finish": "to the finish"}


def race_view(state: RaceState) -> GridView:
    """The grid of the race's picture (smaller cells on the big course)."""
    cell = 22 if state.area.height > 20 else 32
    return GridView(state.area.width, state.area.height, cell=cell, margin=22,
                    top=36 + 14 * state.options.boats)


def race_scene(state: RaceState, *, course_points: bool = False, cover_points: bool = False,
               zones: bool = True, laylines: bool = False,
               options: Sequence[TurnOption] = (), selected: TurnOption | None = None,
               marker: Point | None = None) -> Scene:
    """Everything on the water; ``options`` (with ``selected``) are the ends of the boat to play,
    ``marker`` a spot the keys point at (while placing a boat)."""
    view = race_view(state)
    scene = Scene(*view.size, title=state.describe().splitlines()[0], background=palette.WATER)
    view.draw_grid(scene)
    if zones:
        for mark in state.area.marks:
            drawing.draw_zone(scene, view, mark)
    _draw_course(scene, view, state)
    if laylines and isinstance(state.area, Course):
        _draw_laylines(scene, view, state.area.windward, state.wind)
    _draw_tokens(scene, view, state)
    for index, track in enumerate(state.tracks):
        if len(track) > 1:
            scene.line(*(view.pixel(p) for p in track),
                       stroke=palette.PLAYERS[index % len(palette.PLAYERS)], width=1.5,
                       opacity=0.55)
    if course_points:
        drawing.draw_course_points(scene, view, state.boats, state.wind)
    if cover_points:
        for boat in state.boats:
            scene.circle(view.pixel(step(boat.position, state.wind.opposite)), 4,
                         fill=palette.BLACK, opacity=0.6)
    if options and state.boats:
        drawing.draw_options(scene, view, state.boat.position, options, selected)
    if marker is not None:
        scene.circle(view.pixel(marker), 0.4 * view.cell, stroke=palette.BLUE, width=3)
    for boat in state.boats:
        drawing.draw_boat(scene, view, boat.position, boat.heading, state.wind, label=boat.name)
    for incident in state.umpire.open:
        drawing.draw_infringement(scene, view, incident.point)
    _draw_header(scene, view, state)
    return scene


def _draw_course(scene: Scene, view: GridView, state: RaceState) -> None:
    area = state.area
    if isinstance(area, Course):
        a, b = view.pixel(area.buoy), view.pixel(area.committee)
        scene.line(a, b, stroke=palette.INK, width=2, dash=(6, 4))
        for row in area.flags:
            left, right = view.pixel((0, row)), view.pixel((area.width - 1, row))
            scene.line(left, right, stroke=palette.REDDISH_PURPLE, width=1.2, dash=(2, 5))
            scene.polygon([left, (left[0] - 12, left[1] - 5), (left[0] - 12, left[1] + 5)],
                          fill=palette.REDDISH_PURPLE)
        x, y = b
        scene.rect(x - 9, y - 6, 18, 12, fill="#8A8A8A", stroke=palette.INK)
        scene.text((x + 12, y + 13), "committee", size=12, colour=palette.INK, anchor="start")
        drawing.draw_mark(scene, view, area.buoy, "buoy")
        for mark in area.windward:
            drawing.draw_mark(scene, view, mark, "windward")
        if area.wing is not None:
            drawing.draw_mark(scene, view, area.wing, "wing")
    else:
        for mark in area.marks:
            drawing.draw_mark(scene, view, mark, "mark")
        if area.finish_row is not None:
            row = area.finish_row
            scene.line(view.pixel((0, row)), view.pixel((area.width - 1, row)),
                       stroke=palette.BLACK, width=2, dash=(8, 4))


def _draw_laylines(scene: Scene, view: GridView, marks: Iterable[Point], wind: Direction) -> None:
    """The two 45-degree routes that lead straight to each windward mark."""
    reach = max(view.width, view.height)
    for mark in marks:
        for side in (-1, 1):
            dx, dy = wind.opposite.rotate(side).vector
            scene.line(view.pixel(mark), view.pixel((mark[0] + reach * dx, mark[1] + reach * dy)),
                       stroke=palette.BLUISH_GREEN, width=1.5, dash=(8, 5))


def _draw_tokens(scene: Scene, view: GridView, state: RaceState) -> None:
    """Yellow lulls as circles, blue gusts as diamonds (shape tells them apart, not just colour);
    a boat's cover token carries its letter."""
    r = 0.22 * view.cell
    for point in state.yellow:
        scene.circle(view.pixel(point), r, fill=palette.YELLOW, stroke=palette.INK, width=0.6)
    for point in state.blue:
        x, y = view.pixel(point)
        scene.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=palette.BLUE,
                      stroke=palette.INK, width=0.6)
    for name, point in state.cover_tokens:
        scene.circle(view.pixel(point), r + 2, fill=palette.YELLOW, stroke=palette.INK, width=2)
        scene.text(view.pixel(point), name, size=12, colour=palette.INK, bold=True)


def _draw_header(scene: Scene, view: GridView, state: RaceState) -> None:
    first = state.describe().splitlines()[0]
    whose = "" if state.is_over() or state.placing or not state.boats \
        else f" {state.boat.name} to play."
    scene.text((8, 14), first + whose, size=12, colour=palette.INK, anchor="start", bold=True)
    for index, boat in enumerate(state.boats):
        leg = state.leg(boat.name)
        words = f"{boat.name}: leg {state.legs[index]}, {LEG_WORDS.get(leg.kind, leg.kind)}"
        owed = state.umpire.owes(boat.name) + bool(state.umpire.moves_left(boat.name))
        scene.text((8, 32 + 14 * index), words + (", owes a penalty" if owed else ""), size=10,
                   colour=palette.PLAYERS[index % len(palette.PLAYERS)], anchor="start", bold=True)
    drawing.draw_wind(scene, (view.size[0] - 36, 22), state.wind, length=26)
