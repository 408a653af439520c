"""A situation on the water: boats in turn order, the wind, the marks - what the umpire judges.

Scenarios, the trainer's free mode, the practice game's picture and the exercises all describe
positions this way, and draw them with :meth:`Situation.scene`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point
from sailing_kit.draw import palette
from sailing_kit.draw.gridview import GridView
from sailing_kit.draw.scene import Scene
from sailing_kit.race import drawing
from sailing_kit.race.engagement import (
    Contest,
    Infringement,
    Waters,
    contested_points,
    infringements,
    infringements_after_wind_change,
    judge,
)
from sailing_kit.race.rightofway import Boat, Ruling
from sailing_kit.race.sailing import point_of_sail, tack

MIN_WIDTH = 7
"""The narrowest grid drawn, so the title, legend and wind indicator never overlap."""


@dataclass(frozen=True, kw_only=True)
class Situation:
    """Boats (in turn order: the first arrived first), the wind and the marks every boat is
    rounding; optionally the start, the boat whose turn just ended (``mover``) and where it
    stood before that turn (``before``), the wind before a shift (``previous_wind``) and the
    boats ahead forced onto a yellow lull (``becalmed``)."""

    boats: tuple[Boat, ...]
    wind: Direction
    marks: tuple[Point, ...] = ()
    start: bool = False
    mover: str | None = None
    before: Boat | None = None
    previous_wind: Direction | None = None
    becalmed: tuple[str, ...] = ()
    title: str = ""

    # ----- boats -------------------------------------------------------------------------------
    def boat(self, name: str) -> Boat:
        return next(b for b in self.boats if b.name == name)

    def boat_at(self, point: Point | None) -> Boat | None:
        return next((b for b in self.boats if b.position == point), None)

    def with_boat(self, boat: Boat) -> Situation:
        """The same situation with ``boat`` replacing the boat of that name."""
        return replace(self, boats=tuple(boat if b.name == boat.name else b for b in self.boats))

    def after(self, name: str, position: Point, heading: Direction, title: str = "") -> Situation:
        """The situation once ``name`` ends its turn at ``position`` with ``heading``."""
        moved = self.with_boat(self.boat(name).moved(position, heading))
        return replace(moved, mover=name, before=self.boat(name), previous_wind=None,
                       title=title or self.title)

    def in_wind(self, wind: Direction | str, title: str = "") -> Situation:
        """The same boats after the wind shifts to ``wind``."""
        return replace(self, wind=Direction.parse(wind), previous_wind=self.wind, mover=None,
                       before=None, title=title or self.title)

    # ----- the umpire ------------------------------------------------------------------------------
    @property
    def waters(self) -> Waters:
        return Waters(self.wind, self.marks, self.start)

    @property
    def moved(self) -> bool:
        """The mover left the intersection it stood on before its turn."""
        return self.before is not None and self.before.position != self.boat(self.before.name).position

    def judge(self, one: str, other: str) -> Ruling:
        """The ruling between two boats, as the umpire judges it (rules-decisions): if one of
        them is the mover and moved this turn, by the engagement as it stood before the move;
        otherwise as they stand. The boat on the other's course point arrived first, otherwise
        the one earlier in turn order."""
        boats = [self.boat(one), self.boat(other)]
        if self.moved and self.before is not None and self.before.name in (one, other):
            boats = [self.before if b.name == self.before.name else b for b in boats]
        first, second = sorted(boats, key=lambda b: self.boats.index(self.boat(b.name)))
        return judge(first, second, self.waters)

    def infringements(self) -> list[Infringement]:
        """What the umpire sees: after a wind shift, the infringements it created; after
        ``mover``'s turn, the mover's; otherwise nothing has happened yet."""
        if self.previous_wind is not None:
            return infringements_after_wind_change(self.boats, self.waters.in_wind(
                self.previous_wind), self.wind)
        if self.mover is None:
            return []
        return infringements(self.boats, self.waters, mover=self.mover, before=self.before,
                             exempt=self.becalmed)

    def contests(self) -> list[Contest]:
        return contested_points(self.boats, self.waters)

    # ----- display --------------------------------------------------------------------------------
    def view(self, size: tuple[int, int] | None = None) -> GridView:
        """The grid it is drawn on: ``size`` intersections, or just big enough for the boats and
        the marks' zones; room above for the title and one legend line per boat."""
        points = [b.position for b in self.boats] + [(m[0] + 2, m[1] + 2) for m in self.marks]
        points += [self.before.position] if self.before is not None else []
        width, height = size or (max(MIN_WIDTH, max(p[0] for p in points) + 3),
                                 max(p[1] for p in points) + 3)
        return GridView(width, height, cell=40, top=26 + 15 * max(3, len(self.boats)))

    def scene(self, *, reveal: bool = True, size: tuple[int, int] | None = None) -> Scene:
        """Boats with their course points and wind lines, the marks and their zones, the
        light-blue contested points and the infringements. Without ``reveal`` (for questions)
        the boat entitled to a light-blue point shows as "?" and no infringement is marked."""
        view = self.view(size)
        scene = Scene(*view.size, title=self.title or "a situation on the water",
                      background=palette.WATER)
        view.draw_grid(scene)
        for mark in self.marks:
            drawing.draw_zone(scene, view, mark)
            drawing.draw_mark(scene, view, mark, "start" if self.start else "mark")
        for boat in self.boats:
            drawing.draw_wind_line(scene, view, boat.position, self.wind)
        if self.moved and self.before is not None:  # where the mover came from
            start, end = view.pixel(self.before.position), view.pixel(self.boat(self.before.name).position)
            scene.line(start, end, stroke=palette.MUTED, width=2, dash=(4, 3))
            scene.circle(start, view.cell * 0.18, stroke=palette.MUTED, width=1.5)
        drawing.draw_course_points(scene, view, self.boats, self.wind)
        for contest in self.contests():
            drawing.draw_contested_point(scene, view, contest.point,
                                         contest.entitled if reveal else "?")
        for boat in self.boats:
            drawing.draw_boat(scene, view, boat.position, boat.heading, self.wind,
                              label=boat.name)
        for incident in self.infringements() if reveal else ():
            drawing.draw_infringement(scene, view, incident.point)
        drawing.draw_wind(scene, (view.size[0] - 40, 24), self.wind, length=30)
        if self.title:
            scene.text((8, 14), self.title, size=13, colour=palette.INK, anchor="start", bold=True)
        for row, boat in enumerate(self.boats):
            scene.text((8, 34 + 15 * row), f"{boat.name}: {sailing_words(boat, self.wind)}",
                       size=11, colour=palette.MUTED, anchor="start")
        return scene

    def _repr_svg_(self) -> str:
        return self.scene().to_svg()

    def describe(self) -> str:
        lines = [f"{self.title}. Wind from {self.wind.value}." if self.title
                 else f"Wind from {self.wind.value}."]
        if self.previous_wind:
            lines.append(f"The wind has just shifted from {self.previous_wind.value}.")
        lines += [f"{b.name} at {b.position} heading {b.heading.value}: "
                  f"{sailing_words(b, self.wind)}" for b in self.boats]
        lines += [f"{'Starting mark' if self.start else 'Mark'} at {m}" for m in self.marks]
        if self.mover:
            came = (f", sailing from {self.before.position} (heading {self.before.heading.value})"
                    if self.moved and self.before is not None else "")
            lines.append(f"{self.mover} has just ended its turn{came}.")
        return "\n".join(lines)


def sailing_words(boat: Boat, wind: Direction) -> str:
    """"close-hauled, port tack", "run, starboard tack", "head to wind"."""
    side = tack(boat.heading, wind)
    sailing = point_of_sail(boat.heading, wind).label
    return f"{sailing}, {side.value} tack" if side else sailing
