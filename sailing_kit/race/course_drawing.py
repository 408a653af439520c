"""The picture of a race: the course, tokens, flags, boats and their tracks, with optional
layers (course points, cover points, zones, laylines) and the turn options of the boat to play;
beside the water a column with the wind, what the race waits for and a line per boat.

Each boat is drawn in its player's colour (the colour of its track and of its line in the
column); its sail, swung out to leeward, and the words in the column tell its tack.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point, step
from sailing_kit.core.i18n import _
from sailing_kit.draw import palette
from sailing_kit.draw.gridview import GridView
from sailing_kit.draw.scene import Scene
from sailing_kit.draw.wind import draw_wind
from sailing_kit.race import drawing
from sailing_kit.race.course import Course
from sailing_kit.race.sailing import TurnOption, tack

if TYPE_CHECKING:
    from sailing_kit.race.game import RaceState

HEIGHT = 516
"""The tallest picture (pixels): the whole board fits a laptop screen beside JupyterLab's
file browser."""
COLUMN = 214
"""The column beside the water."""
MARGIN = 22


def race_view(state: RaceState) -> GridView:
    """The grid of the race's picture: cells as large as the height allows (at most 32 px)."""
    cell = min(32, int((HEIGHT - 2 * MARGIN - 8) / (state.area.height - 1)))
    return GridView(state.area.width, state.area.height, cell=cell, margin=MARGIN, top=8)


def race_size(state: RaceState) -> tuple[int, int]:
    """The whole picture: the water and the column beside it."""
    width, height = race_view(state).size
    return width + COLUMN, height


def race_scene(state: RaceState, *, course_points: bool = False, cover_points: bool = False,
               zones: bool = True, laylines: bool = False,
               options: Sequence[TurnOption] = (), selected: TurnOption | None = None,
               marker: Point | None = None, spots: Sequence[Point] = (),
               you: Sequence[str] = (), warned: Mapping[TurnOption, str] | None = None,
               last_moves: Mapping[str, Sequence[Point]] | None = None,
               latest: str | None = None) -> Scene:
    """Everything on the water; ``options`` (with ``selected``) are the ends of the boat to play
    (``warned``: those the umpire would penalise, with the warning), ``spots`` where the boat
    being placed may stand (the engine's legal placements) and ``marker`` the one the keys point
    at; ``you``: the boats the people at the screen sail; ``last_moves``: each boat's last turn
    (the points it passed, from where it stood), marked, ``latest`` the boat that moved last."""
    last_moves = last_moves or {}
    view = race_view(state)
    scene = Scene(*race_size(state), title=state.describe().splitlines()[0],
                  background=palette.WATER)
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
            scene.line(*(view.pixel(p) for p in track), stroke=_colour(index), width=1.5,
                       opacity=0.55)
    for name, path in last_moves.items():
        drawing.draw_last_move(scene, view, path, latest=name == latest)
    if course_points:
        drawing.draw_course_points(scene, view, state.boats, state.wind)
    if cover_points:
        for boat in state.boats:
            scene.circle(view.pixel(step(boat.position, state.wind.opposite)), 4,
                         fill=palette.BLACK, opacity=0.6)
    if options and state.boats:
        drawing.draw_options(scene, view, state.boat.position, options, selected, warned)
    for spot in spots:
        scene.circle(view.pixel(spot), max(3.0, 0.14 * view.cell), fill=palette.HIGHLIGHT,
                     stroke=palette.BLUE, width=0.8)
        scene.target(view.pixel(spot), view.cell, _("place the boat at {position}",
                                                    position=spot), round=True)
    if marker is not None:
        scene.circle(view.pixel(marker), 0.4 * view.cell, stroke=palette.BLUE, width=3)
    for index, boat in enumerate(state.boats):
        glide = [view.pixel(p) for p in last_moves.get(boat.name, ())]
        with scene.piece(f"boat:{boat.name}", path=glide):
            drawing.draw_boat(scene, view, boat.position, boat.heading, state.wind,
                              label=boat.name, colour=_colour(index))
    for incident in state.umpire.open:
        drawing.draw_infringement(scene, view, incident.point)
    _draw_column(scene, view, state, bool(spots), you)
    return scene


def _colour(index: int) -> str:
    return palette.PLAYERS[index % len(palette.PLAYERS)]


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
        scene.text((x + 12, y + 13), _("committee"), size=12, colour=palette.INK, anchor="start")
        drawing.draw_mark(scene, view, area.buoy, _("buoy"))
        for mark in area.windward:
            drawing.draw_mark(scene, view, mark, _("windward"))
        if area.wing is not None:
            drawing.draw_mark(scene, view, area.wing, _("wing"))
    else:
        for mark in area.marks:
            drawing.draw_mark(scene, view, mark, _("mark"))
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


def _draw_column(scene: Scene, view: GridView, state: RaceState, placing: bool,
                 you: Sequence[str]) -> None:
    """The wind, what the race waits for, then each boat: its colour, leg, tack and penalty."""
    x = view.size[0] + 6
    draw_wind(scene, (x + 44, 24), state.wind, length=28)
    y = 70.0
    for line in textwrap.wrap(_headline(state, placing), 25):
        scene.text((x, y), line, size=13, colour=palette.INK, anchor="start", bold=True)
        y += 17
    y += 8
    for index, boat in enumerate(state.boats):
        leg = state.leg(boat.name)
        words = _("{name} (you): leg {leg}, {aim}", name=boat.name, leg=state.legs[index],
                  aim=leg.aim) if boat.name in you else \
            _("{name}: leg {leg}, {aim}", name=boat.name, leg=state.legs[index], aim=leg.aim)
        scene.rect(x, y - 7, 10, 30, fill=_colour(index), stroke=palette.INK, width=0.8)
        scene.text((x + 16, y), words, size=12, colour=palette.INK, anchor="start", bold=True)
        side = tack(boat.heading, state.wind)
        owed = state.umpire.owes(boat.name) + bool(state.umpire.moves_left(boat.name))
        sailing = side.words if side else _("head to wind")
        scene.text((x + 16, y + 15), _("{tack}, owes a penalty", tack=sailing) if owed
                   else sailing, size=12, colour=palette.MUTED, anchor="start")
        y += 38


def _headline(state: RaceState, placing: bool) -> str:
    """What the race waits for, in words."""
    if state.result is not None:
        return _("Race over: {reason}.", reason=state.result.reason)
    if state.placing:
        name = state.names[len(state.boats)]
        return _("Place boat {name}: on a blue dot (§3.1).", name=name) if placing else \
            _("Place boat {name} (§3.1).", name=name)
    move = _("Move {move}, start procedure", move=state.move_number) \
        if state.in_start_procedure else _("Move {move}", move=state.move_number)
    return _("{move}. {name} to play.", move=move, name=state.boat.name) if state.boats \
        else _("{move}.", move=move)
