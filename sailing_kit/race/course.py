"""The racing area of Race the Wind (§1, §3.6-§3.8): the gate, the marks, the legs and the
passages that complete them.

The starting line (and finish line) runs between the gate's buoy (west end) and the committee
boat (east end). The windward mark stands opposite, near the north edge. A lap is one upwind leg
(round the windward mark clockwise) and one downwind leg (round the gate: through its line, then
clockwise around the buoy or anticlockwise around the committee boat); the last downwind leg ends
on the finish line. How a track completes a leg is judged in :mod:`sailing_kit.race.legs`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Protocol

from sailing_kit.core import options as opt
from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Grid, Point
from sailing_kit.core.i18n import N_, Text, _
from sailing_kit.core.rounding import Ray

CLEARANCE_FROM_EDGE = 3
"""Gate and windward mark stand at least 3 intersections from the short edges (§1)."""


class Passage(Protocol):
    """A way through the water that completes a leg: the track's steps cross it the right way
    (+1) or the wrong way (-1), and the sum of the crossings, kept across turns, must reach +1.
    ``side`` is cheap: a step can only cross where it changes between ``side(p) < 0`` and
    ``side(p) >= 0``."""

    def crossing(self, before: Point, after: Point) -> int: ...

    def side(self, point: Point) -> int: ...

    def describe(self) -> str: ...


@dataclass(frozen=True)
class Rounding:
    """Passing ``mark`` clockwise (or not) on a leg that arrives going ``towards``.

    The *rounding ray* starts at the mark and continues the direction of arrival; going round
    the mark the right way crosses it in the rounding's sense (+1), the wrong way against it
    (-1), and nowhere else (the water on the course side of the mark is not on the ray).
    """

    mark: Point
    towards: Direction
    clockwise: bool

    @property
    def ray(self) -> Ray:
        return Ray(self.mark, self.towards)

    def crossing(self, before: Point, after: Point) -> int:
        """+1 if the step from ``before`` to ``after`` crosses the rounding ray the right way,
        -1 the wrong way, 0 if it does not cross it (a point on the ray counts as across)."""
        return self.ray.crossing(before, after, clockwise=self.clockwise)

    def side(self, point: Point) -> int:
        """Below 0 on the side a right-way crossing starts from (the approach side)."""
        side = int(self.ray.side(point))
        return -side if self.clockwise else side

    def describe(self) -> Text:
        return _("round the mark at {position} clockwise", position=self.mark) \
            if self.clockwise else \
            _("round the mark at {position} anticlockwise", position=self.mark)


@dataclass(frozen=True)
class GateLine:
    """The gate's line between the buoy (west) and the committee boat (east), crossed
    southwards (+1) to round the gate on a downwind leg (rules-decisions); crossing it
    northwards counts against (-1). A point on the line counts as north of it."""

    buoy: Point
    committee: Point

    @property
    def row(self) -> int:
        return self.buoy[1]

    def side(self, point: Point) -> int:
        """Below 0 south of the line's row, from 0 on it and north of it."""
        return point[1] - self.row

    def crossing(self, before: Point, after: Point) -> int:
        """+1 for a step across the line southwards between the buoy and the committee boat, -1
        northwards, else 0. Steps are one intersection, so the one of the two points that lies
        on the line's row is where the step crosses it."""
        south_before, south_after = self.side(before) < 0, self.side(after) < 0
        if south_before == south_after:
            return 0
        x = after[0] if south_before else before[0]
        if not self.buoy[0] < x < self.committee[0]:
            return 0
        return -1 if south_before else 1

    def describe(self) -> Text:
        return _("go through the gate between the buoy at {buoy} and the committee boat at "
                 "{committee}", buoy=self.buoy, committee=self.committee)


# TRANSLATORS: the kinds of leg in the race's description ("leg 2: up"), in a word each.
_KINDS = {"start": N_("start"), "up": N_("up"), "down": N_("down"), "reach": N_("reach"),
          "finish": N_("finish")}
_AIMS = {"start": N_("to start"), "up": N_("upwind"), "down": N_("downwind"),
         "reach": N_("to the wing mark"), "finish": N_("to the finish")}


@dataclass(frozen=True)
class Leg:
    """One leg of the course: ``kind`` is "start", "up", "down", "reach" or "finish"; any one of
    ``passages`` completes it (two windward marks give a choice)."""

    kind: str
    passages: tuple[Rounding | GateLine, ...] = ()

    @property
    def kind_words(self) -> Text:
        """The kind in a word: "start", "up", "down", "reach" or "finish"."""
        return _(_KINDS[self.kind])

    @property
    def aim(self) -> Text:
        """Where the leg leads, in words: "to start", "upwind", "to the finish", ..."""
        return _(_AIMS[self.kind])

    @property
    def upwind(self) -> bool:
        return self.kind in ("start", "up")

    @cached_property
    def marks(self) -> tuple[Point, ...]:
        """The marks a boat on this leg is rounding (whose zones count, §3.6)."""
        return tuple(m for p in self.passages
                     for m in ((p.buoy, p.committee) if isinstance(p, GateLine) else (p.mark,)))


@dataclass(frozen=True)
class Course:
    """A racing area. ``laps`` upwind-downwind laps; ``windward`` holds one mark, or two
    alternatives (variant 15-a); ``wing`` adds a broad-reach mark after the windward mark
    (variant 15-b, a triangle). ``flags`` are the rows of the wind-change flags."""

    width: int
    height: int
    buoy: Point
    committee: Point
    windward: tuple[Point, ...]
    flags: tuple[int, ...]
    laps: int
    wing: Point | None = None

    @property
    def grid(self) -> Grid:
        return Grid(self.width, self.height)

    @property
    def gate_row(self) -> int:
        return self.buoy[1]

    @property
    def marks(self) -> tuple[Point, ...]:
        """Every mark: buoy, committee boat, windward mark(s), wing mark."""
        return (self.buoy, self.committee, *self.windward, *((self.wing,) if self.wing else ()))

    @property
    def line(self) -> tuple[Point, ...]:
        """The intersections of the starting (and finish) line, between buoy and committee."""
        return tuple((x, self.gate_row) for x in range(self.buoy[0] + 1, self.committee[0]))

    @property
    def gate(self) -> GateLine:
        return GateLine(self.buoy, self.committee)

    def touches_finish(self, point: Point) -> bool:
        """On the finish line: it coincides with the starting line (§3.7)."""
        return point in self.line

    def finishes(self, track: Sequence[Point]) -> bool:
        """Does the track touch the finish line (§3.7)? (The first point is where it began.)"""
        return any(self.touches_finish(point) for point in track[1:])

    def legs(self) -> tuple[Leg, ...]:
        """Start, then per lap: up (and the wing reach), down through the gate; the last
        downwind leg is the finish: touch the line."""
        up = Leg("up", tuple(Rounding(m, Direction.N, True) for m in self.windward))
        down = Leg("down", (self.gate,))
        lap: list[Leg] = [up]
        if self.wing is not None:
            towards = Direction.from_vector(self.wing[0] - self.windward[0][0],
                                            self.wing[1] - self.windward[0][1])
            lap.append(Leg("reach", (Rounding(self.wing, towards, True),)))
        legs = [Leg("start")]
        for number in range(self.laps):
            legs += lap
            legs.append(down if number < self.laps - 1 else Leg("finish"))
        return tuple(legs)


@dataclass(frozen=True)
class OpenWater:
    """Open water for practice: marks to avoid (with their zones) and a finish row to cross."""

    width: int
    height: int
    marks: tuple[Point, ...] = ()
    finish_row: int | None = None

    flags: tuple[int, ...] = ()
    line: tuple[Point, ...] = ()

    @property
    def grid(self) -> Grid:
        return Grid(self.width, self.height)

    def touches_finish(self, point: Point) -> bool:
        return self.finish_row is not None and point[1] >= self.finish_row

    def finishes(self, track: Sequence[Point]) -> bool:
        return any(self.touches_finish(point) for point in track[1:])

    def legs(self) -> tuple[Leg, ...]:
        return (Leg("finish"),)


def standard_course(preset: str = "full", variant: str = "standard", *,
                    width: int | None = None, height: int | None = None,
                    laps: int | None = None, flags: tuple[int, ...] | None = None) -> Course:
    """The text's course (``"full"``: 15 x 29, three laps) or the class-time ``"short"`` one
    (11 x 17, one lap), in the ``"standard"``, ``"two_windward"`` (fig. 15-a) or ``"triangle"``
    (fig. 15-b) variant. ``width``, ``height``, ``laps`` and the flags' rows may be changed
    ("the competitors will decide them by mutual agreement", §1)."""
    opt.choice(preset, "course", tuple(PRESETS))
    opt.choice(variant, "variant", VARIANTS)
    default_width, default_height, default_laps, half_gate = PRESETS[preset]
    width, height = width or default_width, height or default_height
    laps = laps or default_laps
    if width < 9 or height < 13:
        raise ValueError(_("a course needs at least 9 x 13 intersections, not {width} x {height}",
                           width=width, height=height))
    centre, gate_row = width // 2, CLEARANCE_FROM_EDGE
    top = height - 1 - CLEARANCE_FROM_EDGE
    windward: tuple[Point, ...] = ((centre, top),)
    wing = None
    if variant == "two_windward":
        windward = ((centre - 2, top), (centre + 2, top))
    elif variant == "triangle":
        wing = (min(width - 1 - CLEARANCE_FROM_EDGE, centre + 4), top - 4)
    span = top - gate_row
    flags = flags if flags is not None else (gate_row + span // 3, gate_row + 2 * span // 3)
    if any(not gate_row < row < top for row in flags):
        raise ValueError(_("option 'flag_rows': the flags stand between the gate (row {gate}) "
                           "and the windward mark (row {top}), not at rows {rows}",
                           gate=gate_row, top=top, rows=flags))
    return Course(width, height, (centre - half_gate, gate_row), (centre + half_gate, gate_row),
                  windward, tuple(flags), laps, wing)


PRESETS = {"full": (15, 29, 3, 2), "short": (11, 17, 1, 2)}
VARIANTS = ("standard", "two_windward", "triangle")


def start_spots(course: Course, players: int, seat: int) -> list[Point]:
    """Where boat ``seat`` may stand before the start (§3.1). Two boats split the area along its
    long side: the holder (seat 0) the right half, the challenger the left. More boats stand
    within 3 intersections of a buoy above the line, or within 8 below or level with it, but
    never between the two buoys."""
    grid, row = course.grid, course.gate_row
    west, east = course.buoy[0], course.committee[0]
    marks = set(course.marks)
    if players == 2:
        middle = course.width // 2
        return [p for p in grid.points()
                if (p[0] > middle if seat == 0 else p[0] < middle) and p not in marks]
    spots = []
    for point in grid.points():
        if point in marks or west <= point[0] <= east:
            continue
        near = min(max(abs(point[0] - m[0]), abs(point[1] - m[1])) for m in (course.buoy,
                                                                               course.committee))
        if (point[1] > row and near <= 3) or (point[1] <= row and near <= 8):
            spots.append(point)
    return spots


def zone_points(mark: Point, grid: Grid) -> list[Point]:
    return list(grid.square_around(mark, 2))
