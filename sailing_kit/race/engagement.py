"""Engagements between any number of boats (§3.4): contests for occupied and for free points.

Boat Y's *course point* is the intersection its next movement would reach. Boat X *infringes* Y
when, at the end of X's turn (or after a wind change), X stands on Y's course point and Y has
right of way over X (rules-decisions). For a point X entered this turn (a free point, fig. 9-11
and 13) right of way is judged by the contest as it stood before X moved, so the boat entitled
to a free point may take it; for a point X already stood on, by the boats as they now stand.
X got there first, so X wins a complete tie (turn order). The zone of a mark (§3.6) counts
between two boats while either is in the zone of a mark it is rounding, never at the start nor
on the finish approach (:class:`Waters`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import Text, _
from sailing_kit.race.rightofway import Boat, Ruling, course_point, in_zone, right_of_way


def _squared(a: Point, b: Point) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def nearest_mark(a: Boat, b: Boat, marks: Sequence[Point]) -> Point | None:
    """The mark nearest either of two boats."""
    return min(marks, key=lambda m: min(_squared(m, a.position), _squared(m, b.position)),
               default=None)


@dataclass(frozen=True)
class Waters:
    """What the umpire judges two boats by, besides the boats themselves: the wind, the marks
    whose zones count (§3.6) and the boats the zone gives no rights to.

    A situation (or open water) has ``marks`` that every boat is rounding, and ``start`` for
    the start, where the inside position counts for nothing. A race gives, for each boat,
    ``rounding``: the marks of its leg, and ``zoneless``: the boats not started yet (the zone
    gives no rights until both boats have crossed the starting line) or on the finish approach
    (§3.7: the tack and leeward rules apply up to and including the finish line)."""

    wind: Direction
    marks: tuple[Point, ...] = ()
    start: bool = False
    rounding: Mapping[str, tuple[Point, ...]] | None = None
    zoneless: frozenset[str] = field(default_factory=frozenset)

    def marks_of(self, name: str) -> tuple[Point, ...]:
        """The marks ``name`` is rounding."""
        return self.marks if self.rounding is None else self.rounding.get(name, ())

    def zone_mark(self, a: Boat, b: Boat) -> Point | None:
        """The mark whose zone decides between two boats: the nearest mark that one of them is
        rounding and stands in the zone of; None when the ladder of §3.4 decides."""
        if self.start or a.name in self.zoneless or b.name in self.zoneless:
            return None
        marks = [m for boat in (a, b) for m in self.marks_of(boat.name) if in_zone(boat.position, m)]
        return nearest_mark(a, b, marks)

    def ruling(self, first: Boat, second: Boat) -> Ruling:
        """Right of way between two boats; ``first`` arrived first."""
        return right_of_way(first, second, self.wind, mark=self.zone_mark(first, second))

    def in_wind(self, wind: Direction) -> Waters:
        return replace(self, wind=wind)


def _waters(waters: Waters | Direction | str, marks: Sequence[Point], start: bool) -> Waters:
    if isinstance(waters, Waters):
        return waters
    return Waters(Direction.parse(waters), tuple(marks), start)


def judge(a: Boat, b: Boat, waters: Waters | Direction | str, *, marks: Sequence[Point] = (),
          start: bool = False) -> Ruling:
    """The ruling on two engaged boats, in a wind (with ``marks`` and ``start``) or in
    ``Waters``. The first to arrive is the boat standing on the other's course point (it got
    there first), otherwise ``a``."""
    waters = _waters(waters, marks, start)
    first, second = (b, a) if course_point(a, waters.wind) == b.position else (a, b)
    return waters.ruling(first, second)


@dataclass(frozen=True)
class Infringement:
    """``offender`` stands on ``wronged``'s course point ``point`` without right of way."""

    offender: str
    wronged: str
    point: Point
    ruling: Ruling

    def may_claim(self, name: str) -> bool:
        """Only the wronged boat may protest an infringement (§3.4)."""
        return name == self.wronged

    def explain(self) -> Text:
        return _("{offender} stands on {position}, the point {wronged} sails to next, and "
                 "{winner} has right of way. {rule}.", offender=self.offender,
                 position=self.point, wronged=self.wronged, winner=self.ruling.winner,
                 rule=self.ruling.rule)


@dataclass(frozen=True)
class Contest:
    """A free intersection that several boats' courses claim (the light-blue point of figures
    9-11), and the boat entitled to it."""

    point: Point
    claimants: tuple[str, ...]
    entitled: str
    rulings: tuple[Ruling, ...]


def infringements(boats: Sequence[Boat], waters: Waters | Direction | str, *,
                  marks: Sequence[Point] = (), start: bool = False, mover: str | None = None,
                  before: Boat | None = None, waters_before: Waters | None = None,
                  exempt: Collection[str] = ()) -> list[Infringement]:
    """Every infringement in the position, in a wind (with ``marks`` and ``start``) or in
    ``Waters``. With ``mover`` (the end of that boat's turn) only the mover can infringe; without
    it (after a wind change) any boat can. ``before`` is the mover as it stood before its turn:
    a point it entered is then judged by the contest as it stood before the move, in
    ``waters_before`` (default: the same waters). Boats in ``exempt`` (the boat ahead forced onto
    a yellow lull, §3.4) infringe nobody."""
    waters = _waters(waters, marks, start)
    if before is not None:
        mover = before.name
    found = []
    standing = {boat.position: boat for boat in boats}
    for wronged in boats:
        claimed = course_point(wronged, waters.wind)
        offender = standing.get(claimed) if claimed is not None else None
        if offender is None or offender is wronged or offender.name in exempt:
            continue
        if mover is not None and offender.name != mover:
            continue
        if before is not None and before.position != offender.position:
            ruling = (waters_before or waters).ruling(before, wronged)
        else:  # it stands there: it arrived first
            ruling = waters.ruling(offender, wronged)
        if ruling.winner == wronged.name:
            found.append(Infringement(offender.name, wronged.name, offender.position, ruling))
    return found


def contested_points(boats: Sequence[Boat], waters: Waters | Direction | str, *,
                     marks: Sequence[Point] = (), start: bool = False) -> list[Contest]:
    """Free intersections claimed by two or more boats' course points; ``boats`` are in turn
    order (the first would arrive first). The entitled boat has right of way over every other
    claimant."""
    waters = _waters(waters, marks, start)
    occupied = {boat.position for boat in boats}
    claims: dict[Point, list[Boat]] = {}
    for boat in boats:
        point = course_point(boat, waters.wind)
        if point is not None and point not in occupied:
            claims.setdefault(point, []).append(boat)
    contests = []
    for point, claimants in claims.items():
        if len(claimants) < 2:
            continue
        champion, rulings = claimants[0], []
        for rival in claimants[1:]:
            ruling = judge(champion, rival, waters)
            rulings.append(ruling)
            champion = champion if ruling.winner == champion.name else rival
        contests.append(Contest(point, tuple(b.name for b in claimants), champion.name,
                                tuple(rulings)))
    return contests


def infringements_after_wind_change(boats: Sequence[Boat], old_wind: Waters | Direction | str,
                                    new_wind: Direction | str, *, marks: Sequence[Point] = (),
                                    start: bool = False,
                                    exempt: Collection[str] = ()) -> list[Infringement]:
    """The infringements a wind change creates (§3.4, "a wind change may create or modify an
    engagement situation"): those in the new wind that did not stand in the old one. Boats in
    ``exempt`` (finished) infringe nobody."""
    old = _waters(old_wind, marks, start)
    new = old.in_wind(Direction.parse(new_wind))
    before = {(i.offender, i.wronged) for i in infringements(boats, old, exempt=exempt)}
    return [i for i in infringements(boats, new, exempt=exempt)
            if (i.offender, i.wronged) not in before]
