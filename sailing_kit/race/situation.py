"""A situation on the water: boats in turn order, the wind, the marks - what the umpire judges.

Scenarios, the trainer's free mode, the practice game's picture and the exercises all describe
positions this way, and draw them with :meth:`Situation.scene`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import _
from sailing_kit.draw.gridview import GridView
from sailing_kit.draw.scene import Scene
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
from sailing_kit.race.sailing import Tack, point_of_sail, tack
from sailing_kit.race.situation_drawing import situation_scene, situation_view
from sailing_kit.race.wind import compass_name


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
        return situation_view(self, size=size)

    def scene(self, *, reveal: bool = True, size: tuple[int, int] | None = None) -> Scene:
        """Boats with their course points and wind lines, the marks and their zones, the
        light-blue contested points and the infringements. Without ``reveal`` (for questions)
        the boat entitled to a light-blue point shows as "?" and no infringement is marked.
        (The picture: :mod:`sailing_kit.race.situation_drawing`.)"""
        return situation_scene(self, self.view(size), reveal=reveal)

    def _repr_svg_(self) -> str:
        return self.scene().to_svg()

    def describe(self) -> str:
        wind = _("Wind from {wind}.", wind=compass_name(self.wind))
        lines = [_("{title}. {wind}", title=_(self.title), wind=wind) if self.title else wind]
        if self.previous_wind:
            lines.append(_("The wind has just shifted from {wind}.",
                           wind=compass_name(self.previous_wind)))
        lines += [_("{boat} at {point} heading {heading}: {sailing}", boat=b.name,
                    point=b.position, heading=compass_name(b.heading),
                    sailing=sailing_words(b, self.wind)) for b in self.boats]
        lines += [_("Starting mark at {point}", point=m) if self.start else
                  _("Mark at {point}", point=m) for m in self.marks]
        if self.mover:
            lines.append(_("{boat} has just ended its turn, sailing from {point} (heading "
                           "{heading}).", boat=self.mover, point=self.before.position,
                           heading=compass_name(self.before.heading))
                         if self.moved and self.before is not None else
                         _("{boat} has just ended its turn.", boat=self.mover))
        return "\n".join(lines)


def tack_words(side: Tack) -> str:
    """"port tack" or "starboard tack", in the language spoken now."""
    return _("port tack") if side is Tack.PORT else _("starboard tack")


def sailing_words(boat: Boat, wind: Direction) -> str:
    """"close-hauled, port tack", "run, starboard tack", "head to wind"."""
    side = tack(boat.heading, wind)
    sailing = _(point_of_sail(boat.heading, wind).label)
    return _("{sailing}, {tack}", sailing=sailing, tack=tack_words(side)) if side else sailing
