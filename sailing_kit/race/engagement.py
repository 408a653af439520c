"""Engagements between any number of boats (§3.4): contests for occupied and for free points.

Boat Y's *course point* is the intersection its next movement would reach. Boat X *infringes* Y
when, at the end of X's turn (or after a wind change), X stands on Y's course point and Y has
right of way over X. X got there first, so X wins a complete tie (turn order).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point
from sailing_kit.race.rightofway import Boat, Ruling, course_point, right_of_way


def nearest_mark(a: Boat, b: Boat, marks: Sequence[Point]) -> Point | None:
    """The mark whose zone can matter to two boats: the one nearest either of them."""
    def distance(mark: Point) -> int:
        return min((p[0] - mark[0]) ** 2 + (p[1] - mark[1]) ** 2 for p in (a.position, b.position))

    return min(marks, key=distance, default=None)


def judge(a: Boat, b: Boat, wind: Direction | str, *, marks: Sequence[Point] = (),
          start: bool = False) -> Ruling:
    """The ruling on two engaged boats, with the nearest mark's zone. The first to arrive is the
    boat standing on the other's course point (it got there first), otherwise ``a``."""
    first, second = (b, a) if course_point(a, wind) == b.position else (a, b)
    return right_of_way(first, second, wind, mark=nearest_mark(a, b, marks), start=start)


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

    def explain(self) -> str:
        return (f"{self.offender} stands on {self.point}, the point {self.wronged} sails to next, "
                f"and {self.ruling.winner} has right of way. {self.ruling.rule}.")


@dataclass(frozen=True)
class Contest:
    """A free intersection that several boats' courses claim (the light-blue point of figures
    9-11), and the boat entitled to it."""

    point: Point
    claimants: tuple[str, ...]
    entitled: str
    rulings: tuple[Ruling, ...]


def infringements(boats: Sequence[Boat], wind: Direction | str, *,
                  marks: Sequence[Point] = (), start: bool = False, mover: str | None = None,
                  exempt: Collection[str] = ()) -> list[Infringement]:
    """Every infringement in the position. With ``mover`` (the end of that boat's turn) only the
    mover can infringe; without it (after a wind change) any boat can. Boats in ``exempt`` (the
    boat ahead stopped by a yellow lull, §3.4) infringe nobody. Each pair is judged with the zone
    of the mark nearest it."""
    found = []
    for wronged in boats:
        claimed = course_point(wronged, wind)
        for offender in boats:
            if offender is wronged or offender.position != claimed or offender.name in exempt:
                continue
            if mover is not None and offender.name != mover:
                continue
            # the offender stands on the point: it arrived first
            ruling = right_of_way(offender, wronged, wind,
                                  mark=nearest_mark(offender, wronged, marks), start=start)
            if ruling.winner == wronged.name:
                found.append(Infringement(offender.name, wronged.name, claimed, ruling))
    return found


def contested_points(boats: Sequence[Boat], wind: Direction | str, *,
                     marks: Sequence[Point] = (), start: bool = False) -> list[Contest]:
    """Free intersections claimed by two or more boats' course points; ``boats`` are in turn
    order (the first would arrive first). The entitled boat has right of way over every other
    claimant."""
    occupied = {boat.position for boat in boats}
    claims: dict[Point, list[Boat]] = {}
    for boat in boats:
        point = course_point(boat, wind)
        if point is not None and point not in occupied:
            claims.setdefault(point, []).append(boat)
    contests = []
    for point, claimants in claims.items():
        if len(claimants) < 2:
            continue
        champion, rulings = claimants[0], []
        for rival in claimants[1:]:
            ruling = judge(champion, rival, wind, marks=marks, start=start)
            rulings.append(ruling)
            champion = champion if ruling.winner == champion.name else rival
        contests.append(Contest(point, tuple(b.name for b in claimants), champion.name,
                                tuple(rulings)))
    return contests


def infringements_after_wind_change(boats: Sequence[Boat], old_wind: Direction | str,
                                    new_wind: Direction | str, *, marks: Sequence[Point] = (),
                                    start: bool = False) -> list[Infringement]:
    """The infringements a wind change creates (§3.4, "a wind change may create or modify an
    engagement situation"): those in the new wind that did not stand in the old one."""
    before = {(i.offender, i.wronged)
              for i in infringements(boats, old_wind, marks=marks, start=start)}
    return [i for i in infringements(boats, new_wind, marks=marks, start=start)
            if (i.offender, i.wronged) not in before]
