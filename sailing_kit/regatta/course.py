"""The course: two white buoys make the start and finish line, then marks rounded in order.

Rounding is judged from the track, the cells a yacht passes through one step at a time:

- **The start**: the track crosses (or reaches) the line between the white buoys, from behind it.
- **A mark**: each mark has a *rounding ray*, a half-line from the mark pointing away from the
  course (halfway round the turn the course makes there). Keeping the mark to port (turning
  anticlockwise round it) means crossing that ray anticlockwise; crossing it the other way is
  going round the wrong way and must be undone first (the "string" of real racing). The ray is
  only crossed beyond the mark, never through the water on the course's side.
- **The finish**: after the last mark, the track crosses (or reaches) the line coming back.

The course is data (``courses.json``; a dictionary with the same fields), so a class can lay
its own.
"""

from __future__ import annotations

import heapq
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property
from importlib import resources
from itertools import pairwise
from typing import Any

from sailing_kit.core import reading
from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.grid import Grid, Point, chebyshev, step
from sailing_kit.core.i18n import N_, _
from sailing_kit.core.reading import shown
from sailing_kit.core.rounding import Ray

ROUNDINGS = {"port": 1, "starboard": -1}
MAX_MARKS, MAX_STARTS = 12, 8
"""The most marks a course rounds and start cells it lists."""
"""Keeping a mark to port is rounding it anticlockwise (+1); to starboard, clockwise (-1)."""
GATE = 2
"""A mark's gate point lies this many cells out along its rounding ray (a bot's aim)."""
LINE = "white"
COLOURS = {"red": (N_("red"), N_("the red buoy")), "green": (N_("green"), N_("the green buoy")),
           LINE: (N_("white"), N_("the white buoy"))}
"""The preset courses' buoy names, marked for the catalogs: a name and its buoy in words."""


PRESETS = (N_("triangle"), N_("short"))
"""The names of ``courses.json``'s courses, marked for the catalogs (shown as ``_(name)``)."""


def buoy_words(name: str) -> str:
    """``"the red buoy"`` in the language spoken now (a class's own names as written)."""
    return _(COLOURS[name][1]) if name in COLOURS else _("the {name} buoy", name=name)


def buoy_name(name: str) -> str:
    """The buoy's name alone (``"red"``) in the language spoken now."""
    return _(COLOURS[name][0]) if name in COLOURS else name


@dataclass(frozen=True)
class Mark:
    name: str
    at: Point
    rounding: str = "port"

    @property
    def sense(self) -> int:
        return ROUNDINGS[self.rounding]


@dataclass(frozen=True)
class Course:
    """A racing area ``width`` x ``height`` cells, the white buoys of the line, the marks in
    the order they are rounded, the start spots (seat order) behind the line and the heading
    the yachts start with."""

    name: str
    width: int
    height: int
    line: tuple[Point, Point]
    marks: tuple[Mark, ...]
    starts: tuple[Point, ...]
    start_heading: Direction = Direction.N

    # ----- the pieces ----------------------------------------------------------------------------
    @cached_property
    def grid(self) -> Grid:
        return Grid(self.width, self.height)

    @cached_property
    def buoys(self) -> dict[Point, str]:
        """Every buoy's cell and name ("white" for the line's two)."""
        return {self.line[0]: LINE, self.line[1]: LINE, **{m.at: m.name for m in self.marks}}

    @property
    def finished_leg(self) -> int:
        """The leg number of a yacht that has finished: start, one per mark, finish, then this."""
        return len(self.marks) + 2

    def leg_name(self, leg: int) -> str:
        """What a yacht on ``leg`` must do next, in words."""
        if leg == 0:
            return _("start: cross the line between the white buoys")
        if leg <= len(self.marks):
            mark = self.marks[leg - 1]
            buoy = buoy_words(mark.name)
            return _("round {buoy}, keeping it to port", buoy=buoy) if mark.sense > 0 else \
                _("round {buoy}, keeping it to starboard", buoy=buoy)
        if leg == len(self.marks) + 1:
            return _("finish: cross the line between the white buoys, coming back")
        return _("finished")

    def leg_label(self, leg: int) -> str:
        """What a yacht on ``leg`` must do next, in a word or two for the table ("red to
        port")."""
        if leg == 0:
            return _("start")
        if leg <= len(self.marks):
            mark = self.marks[leg - 1]
            name = buoy_name(mark.name)
            return _("{buoy} to port", buoy=name) if mark.sense > 0 else \
                _("{buoy} to starboard", buoy=name)
        return _("finish") if leg == len(self.marks) + 1 else _("finished")

    # ----- the line ------------------------------------------------------------------------------
    def line_side(self, point: Point) -> int:
        """Which side of the line ``point`` lies: the sign of a cross product (0 on the line)."""
        (ax, ay), (bx, by) = self.line
        return (bx - ax) * (point[1] - ay) - (by - ay) * (point[0] - ax)

    @cached_property
    def behind(self) -> int:
        """The sign of :meth:`line_side` behind the line, where the yachts start: the side
        away from the first mark."""
        return -1 if self.line_side(self.marks[0].at) > 0 else 1

    @cached_property
    def line_centre(self) -> Point:
        (ax, ay), (bx, by) = self.line
        return (round((ax + bx) / 2), round((ay + by) / 2))

    @cached_property
    def forward(self) -> Direction:
        """The compass direction from behind the line to the course side."""
        (ax, ay), (bx, by) = self.line
        normal = (-(by - ay), bx - ax)  # line_side grows this way
        sign = -self.behind
        return _nearest_direction(sign * normal[0], sign * normal[1])

    def _crosses_line(self, before: Point, after: Point, towards_course: bool) -> bool:
        """Does the step cross (or reach) the line between the buoys, in this direction?"""
        sign = -self.behind if towards_course else self.behind
        s_before, s_after = sign * self.line_side(before), sign * self.line_side(after)
        if not (s_before < 0 <= s_after):
            return False
        t = Fraction(s_before, s_before - s_after)
        (ax, ay), (bx, by) = self.line
        px = before[0] + t * (after[0] - before[0])
        py = before[1] + t * (after[1] - before[1])
        along = (px - ax) * (bx - ax) + (py - ay) * (by - ay)
        return 0 < along < (bx - ax) ** 2 + (by - ay) ** 2

    # ----- the marks ------------------------------------------------------------------------------
    @cached_property
    def rays(self) -> tuple[Direction, ...]:
        """Each mark's rounding ray: halfway round the turn the course makes at the mark, in
        the mark's sense, from the way the yachts come to where they go next."""
        points = [self.line_centre, *(m.at for m in self.marks), self.line_centre]
        rays = []
        for index, mark in enumerate(self.marks):
            came = _angle(mark.at, points[index])
            goes = _angle(mark.at, points[index + 2])
            arc = (mark.sense * (goes - came)) % 360 or 360
            middle = math.radians(came + mark.sense * arc / 2)
            rays.append(_nearest_direction(math.cos(middle), math.sin(middle)))
        return tuple(rays)

    def ray_side(self, index: int, point: Point) -> int:
        """Which side of mark ``index``'s ray ``point`` lies: > 0 anticlockwise of it."""
        (dx, dy), (mx, my) = self.rays[index].vector, self.marks[index].at
        return dx * (point[1] - my) - dy * (point[0] - mx)

    def _ray_crossing(self, index: int, before: Point, after: Point) -> int:
        """+1 if the step crosses mark ``index``'s ray beyond the mark in its rounding sense,
        -1 if the other way, else 0 (a point on the ray counts as already across)."""
        mark = self.marks[index]
        return Ray(mark.at, self.rays[index]).crossing(before, after, clockwise=mark.sense < 0)

    # ----- judging a track ------------------------------------------------------------------------
    def judge(self, leg: int, winding: int, track: Sequence[Point]) -> tuple[int, int]:
        """The leg and winding after sailing ``track`` (the start cell first, then each cell
        passed through). ``winding`` counts the crossings of the current mark's ray."""
        last = len(self.marks) + 1
        for before, after in pairwise(track):
            if leg == 0:
                if self._crosses_line(before, after, towards_course=True):
                    leg, winding = 1, 0
            elif leg < last:
                winding += self._ray_crossing(leg - 1, before, after)
                if winding >= 1:
                    leg, winding = leg + 1, 0
            elif leg == last and self._crosses_line(before, after, towards_course=False):
                return leg + 1, 0
        return leg, winding

    # ----- the way still to go --------------------------------------------------------------------
    def gate(self, index: int) -> Point:
        """Mark ``index``'s gate point, :data:`GATE` cells out along its ray."""
        return step(self.marks[index].at, self.rays[index], GATE)

    def route(self, at: Point, leg: int, winding: int) -> tuple[Point, ...]:
        """Waypoints from ``at`` to the finish that round every mark left the right way: an
        estimate of the way to go, not a path (it ignores yachts and the grid's edge)."""
        finish = len(self.marks) + 1
        if leg > finish:
            return ()
        if leg == 0:
            here: tuple[Point, ...] = (self.line_centre,)
            if self.behind * self.line_side(at) <= 0:  # not behind: come back round first
                here = (step(self.line_centre, self.forward.opposite, GATE), *here)
        elif leg == finish:
            here = (self.line_centre,)
            if self.behind * self.line_side(at) >= 0:
                here = (step(self.line_centre, self.forward, GATE), *here)
        else:
            here = self._round(leg - 1, at, winding)
        return here + tuple(self.gate(i) for i in range(leg, len(self.marks))) \
            + ((self.line_centre,) if leg < finish else ())

    def _round(self, index: int, at: Point, winding: int) -> tuple[Point, ...]:
        """Waypoints that round mark ``index``: straight to its gate from the approach side;
        from the wrong side, first back round the course side of the mark; after a wrong-way
        crossing, back across the ray first."""
        mark, ray = self.marks[index], self.rays[index]
        approach = step(mark.at, ray.rotate(2 * mark.sense), GATE)
        inside = step(mark.at, ray.opposite, GATE)
        gate = self.gate(index)
        if winding < 0:
            return (step(mark.at, ray.rotate(-2 * mark.sense), GATE), inside, approach, gate)
        if mark.sense * self.ray_side(index, at) >= 0:
            return (inside, approach, gate)
        return (gate,)

    def distance_to_go(self, at: Point, leg: int, winding: int) -> float:
        """The length of :meth:`route` in cells (a diagonal step counts √2), round the buoys."""
        points = (at, *self.route(at, leg, winding))
        return sum(self.way_between(a, b) for a, b in pairwise(points))

    def way_between(self, start: Point, target: Point) -> float:
        """The shortest way from ``start`` to ``target`` on the grid without touching a buoy
        (cells; a diagonal step counts √2). A target off the water or on a buoy is measured
        straight."""
        field = _ways_to(self, target)
        if start in field:
            return field[start]
        return math.dist(start, target)

    def first_steps(self, start: Point, target: Point) -> tuple[Direction, ...]:
        """The directions of the first steps of the shortest ways from ``start`` to ``target``
        round the buoys (none when already there)."""
        here = self.way_between(start, target)
        return tuple(d for d in Direction if (cell := step(start, d)) in self.grid
                     and cell not in self.buoys
                     and _length(d) + self.way_between(cell, target) < here + 1e-9)

    def to_data(self) -> dict[str, Any]:
        return {"name": self.name, "width": self.width, "height": self.height,
                "line": [list(p) for p in self.line],
                "marks": [{"name": m.name, "at": list(m.at), "rounding": m.rounding}
                          for m in self.marks],
                "starts": [list(p) for p in self.starts], "start_heading": self.start_heading.value}


def _length(direction: Direction) -> float:
    return math.hypot(*direction.vector)


@cache
def _ways_to(course: Course, target: Point) -> dict[Point, float]:
    """The shortest way from every cell of the water to ``target`` round the buoys (Dijkstra;
    empty if the target is off the water or on a buoy)."""
    if target not in course.grid or target in course.buoys:
        return {}
    ways, queue = {target: 0.0}, [(0.0, target)]
    while queue:
        way, cell = heapq.heappop(queue)
        if way > ways[cell]:
            continue
        for direction in Direction:
            near = step(cell, direction)
            longer = way + _length(direction)
            water = near in course.grid and near not in course.buoys
            if water and longer < ways.get(near, math.inf):
                ways[near] = longer
                heapq.heappush(queue, (longer, near))
    return ways


def _angle(origin: Point, point: Point) -> float:
    """The bearing of ``point`` from ``origin`` in degrees, anticlockwise from East."""
    return math.degrees(math.atan2(point[1] - origin[1], point[0] - origin[0]))


def _nearest_direction(x: float, y: float) -> Direction:
    """The compass direction closest to the vector ``(x, y)``."""
    return max(Direction, key=lambda d: (d.vector[0] * x + d.vector[1] * y)
               / math.hypot(*d.vector))


# ----- reading and checking ---------------------------------------------------------------------
@cache
def _presets() -> dict[str, dict[str, Any]]:
    text = resources.files("sailing_kit.regatta").joinpath("courses.json").read_text("utf-8")
    data: dict[str, dict[str, Any]] = json.loads(text)
    return data


def course_names() -> tuple[str, ...]:
    return tuple(_presets())


def course_data(name: str = "triangle") -> dict[str, Any]:
    """A preset course as an editable dictionary."""
    return load_course(name).to_data()


def load_course(source: str | Course | dict[str, Any]) -> Course:
    """A course from a preset's name, a :class:`Course` or its dictionary (checked)."""
    if isinstance(source, Course):
        return source
    if isinstance(source, str):
        if source not in _presets():
            raise ConfigError(_("there is no course {value}: the presets are {presets} (or "
                                "give a dictionary)", value=shown(source),
                                presets=", ".join(course_names())))
        return course_from_data(_presets()[source])
    return course_from_data(source)


def course_from_data(data: Any) -> Course:
    """Read and check a course dictionary; a :class:`ConfigError` names the first mistake."""
    if not isinstance(data, dict):
        raise ConfigError(_("a course is a dictionary like the one course_data() gives"))
    try:
        width, height = _size(data.get("width"), "width"), _size(data.get("height"), "height")
        line = data.get("line")
        if not isinstance(line, (list, tuple)) or len(line) != 2:
            raise ValueError(_("'line' is the two white buoys, like [[4, 2], [8, 2]]"))
        white = _("a white buoy")
        line_points = (_point(line[0], white), _point(line[1], white))
        marks = data.get("marks")
        if not isinstance(marks, (list, tuple)) or not 1 <= len(marks) <= MAX_MARKS:
            raise ValueError(_("'marks' lists 1 to {most} buoys to round, in order, like "
                               "{example}", most=MAX_MARKS,
                               example="[{'name': 'red', 'at': [10, 13], 'rounding': 'port'}]"))
        read_marks = tuple(_mark(item) for item in marks)
        starts = data.get("starts")
        if not isinstance(starts, (list, tuple)) or not 1 <= len(starts) <= MAX_STARTS:
            raise ValueError(_("'starts' lists 1 to {most} start cells, in seat order",
                               most=MAX_STARTS))
        heading = reading.direction(data.get("start_heading", "N"), "'start_heading'",
                                    error=ValueError)
        name = reading.text(data.get("name", "custom"), _("a course's 'name'"), 80,
                            error=ValueError)
        course = Course(name, width, height, line_points, read_marks,
                        tuple(_point(p, _("a start cell")) for p in starts), heading)
    except ValueError as error:
        raise ConfigError(_("course: {error}", error=error.args[0])) from None
    _check(course)
    return course


def _point(value: Any, what: str) -> Point:
    """A cell ``(x, y)`` read from ``value``; a ValueError names ``what`` it was to be."""
    return reading.point(value, what, error=ValueError)


def _size(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 5 <= value <= 40:
        raise ValueError(_("{name} is a whole number of cells from 5 to 40, not {value}",
                           name=repr(name), value=shown(value)))
    return value


def _mark(item: Any) -> Mark:
    if not isinstance(item, dict):
        raise ValueError(_("a mark is a dictionary with 'name', 'at' and 'rounding', not "
                           "{value}", value=shown(item)))
    name, rounding = item.get("name"), item.get("rounding", "port")
    if not isinstance(name, str) or not name or name == LINE or len(name) > 40:
        raise ValueError(_("a mark's 'name' is a word other than {line}, like 'red', not "
                           "{value}", line=repr(LINE), value=shown(name)))
    if not isinstance(rounding, str) or rounding not in ROUNDINGS:
        raise ValueError(_("mark {name}: 'rounding' is 'port' or 'starboard', not {value}",
                           name=repr(name), value=shown(rounding)))
    return Mark(name, _point(item.get("at"), buoy_words(name)), rounding)


def _check(course: Course) -> None:
    grid, points = course.grid, list(course.line) + [m.at for m in course.marks]
    for point in points + list(course.starts):
        if point not in grid:
            raise ConfigError(_("course: {cell} lies outside the {width} x {height} race area",
                                cell=point, width=course.width, height=course.height))
    if len(set(points)) < len(points):
        raise ConfigError(_("course: two buoys stand in the same cell"))
    names = [m.name for m in course.marks]
    if len(set(names)) < len(names):
        raise ConfigError(_("course: two marks have the same name"))
    if chebyshev(*course.line) < 2:
        raise ConfigError(_("course: the white buoys need at least one cell of line between "
                            "them"))
    for index, mark in enumerate(course.marks):
        if course.line_side(mark.at) == 0:
            raise ConfigError(_("course: {buoy} stands on the line of the white buoys; put it "
                                "out on the course", buoy=buoy_words(mark.name)))
        if course.gate(index) not in grid:
            raise ConfigError(_("course: {buoy} is too close to the edge to be rounded: it "
                                "needs {cells} cells of water to its {side}",
                                buoy=buoy_words(mark.name), cells=GATE,
                                side=course.rays[index].letters))
    if len(set(course.starts)) < len(course.starts):
        raise ConfigError(_("course: two start cells are the same"))
    for start in course.starts:
        if start in course.buoys:
            raise ConfigError(_("course: the start cell {cell} holds a buoy", cell=start))
        if course.behind * course.line_side(start) <= 0:
            raise ConfigError(_("course: the start cell {cell} is not behind the line: the "
                                "yachts start on the side of the white buoys' line away from "
                                "the first mark", cell=start))
