"""The Racing Rules of Sailing 2025-2028 on the game's grid: the definitions the RRS umpire uses.

The grid model (docs/rules-rrs.md says it in full):

- One intersection is one hull length. A boat sits on her intersection, her hull along her
  heading and a little shorter than the gap between intersections (:data:`HULL`), so boats on
  neighbouring intersections never touch: there is no contact on the grid.
- *Keep clear* (definition, part (a)): the right-of-way boat can sail her course with no need
  to take avoiding action. On the grid her course is the intersection she sails to next (the
  game's course point): a boat standing on it forces her to change course.
- *Tack* (definition): the side the wind comes from; a boat running dead downwind or head to
  wind keeps the tack she had (her mainsail stays on its side), as the definitions of Leeward
  and Windward say.
- *Clear astern, clear ahead, overlap* (definition): a boat is clear astern when her hull is
  behind the line abeam from the other's stern; the terms apply to boats on the same tack, and
  to boats on opposite tacks only when rule 18 applies between them or when both sail more than
  ninety degrees from the true wind.
- *Zone* (definition): three hull lengths round a mark: a boat is in it when her intersection
  lies within three lengths of the mark.
"""

from __future__ import annotations

import math

from sailing_kit.core.compass import Direction, angle_between
from sailing_kit.core.grid import Point
from sailing_kit.race.rightofway import Boat
from sailing_kit.race.sailing import PointOfSail, Tack, point_of_sail, tack

HULL = 0.9
"""A hull's length, in gaps between intersections: boats one intersection apart do not touch."""
ZONE = 3.0
"""The zone's radius in hull lengths (definition Zone)."""
NEAR = 2.0
"""Two hull lengths: rule 17's distance, and how near an obstruction boats are "at" it."""
WELL_CLEAR = 2
"""Intersections (king's moves) from every other boat: well clear to take a penalty (the same
distance as the game's penalty turn, §3.4)."""


def unit(direction: Direction) -> tuple[float, float]:
    """The heading as a vector of length 1 (a hull length)."""
    dx, dy = direction.vector
    length = math.hypot(dx, dy)
    return (dx / length, dy / length)


def _dot(a: tuple[float, float], b: tuple[float, float]) -> float:
    return a[0] * b[0] + a[1] * b[1]


def _cross(a: tuple[float, float], b: tuple[float, float]) -> float:
    return a[0] * b[1] - a[1] * b[0]


def _between(a: Point, b: Point) -> tuple[float, float]:
    return (b[0] - a[0], b[1] - a[1])


def distance(a: Point, b: Point) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def stern(boat: Boat) -> tuple[float, float]:
    """The aftermost point of the hull."""
    ux, uy = unit(boat.heading)
    return (boat.position[0] - ux * HULL / 2, boat.position[1] - uy * HULL / 2)


def clear_astern(a: Boat, b: Boat) -> bool:
    """``a``'s hull is behind the line abeam from ``b``'s stern (the geometry alone)."""
    u = unit(b.heading)
    back = stern(b)
    reach = _dot((a.position[0] - back[0], a.position[1] - back[1]), u) + \
        abs(_dot(unit(a.heading), u)) * HULL / 2
    return reach < 0


def overlapped(a: Boat, b: Boat) -> bool:
    """Neither hull is clear astern of the other (the geometry alone)."""
    return not clear_astern(a, b) and not clear_astern(b, a)


def on_leeward_side(a: Boat, b: Boat, b_tack: Tack, wind: Direction) -> bool:
    """``a`` lies on ``b``'s leeward side: her port side when ``b`` is on starboard tack (the
    wind comes over her starboard side), her starboard side on port tack; for ``a`` straight
    ahead or astern of ``b``, by who is further downwind."""
    side = _cross(unit(b.heading), _between(b.position, a.position))  # > 0: to port
    if abs(side) < 1e-9:
        return _dot(_between(b.position, a.position), unit(wind)) < 0
    return (side > 0) == (b_tack is Tack.STARBOARD)


def leeward_boat(a: Boat, b: Boat, tack: Tack, wind: Direction) -> Boat:
    """Of two boats on the same ``tack``, the one on the leeward side of the other; when the
    two views disagree (crossing courses), the one further downwind (``a`` on a tie)."""
    a_leeward, b_leeward = on_leeward_side(a, b, tack, wind), on_leeward_side(b, a, tack, wind)
    if a_leeward != b_leeward:
        return a if a_leeward else b
    w = unit(wind)
    return b if _dot(_between(a.position, b.position), w) < 0 else a


def rrs_tack(heading: Direction, wind: Direction, before: Tack) -> Tack:
    """The tack by the windward side; running dead downwind or head to wind, the tack she had
    (``before``): her mainsail has not changed sides."""
    if point_of_sail(heading, wind) in (PointOfSail.RUN, PointOfSail.HEAD_TO_WIND):
        return before
    found = tack(heading, wind)
    assert found is not None
    return found


def first_tack(heading: Direction, wind: Direction, given: Tack | None) -> Tack:
    """A boat's tack as an encounter begins: ``given`` for a run or head to wind, where only
    her mainsail tells (the game's starboard if not given); otherwise by the wind."""
    if given is not None and point_of_sail(heading, wind) in (PointOfSail.RUN,
                                                              PointOfSail.HEAD_TO_WIND):
        return given
    return tack(heading, wind) or Tack.STARBOARD


def beyond_ninety(heading: Direction, wind: Direction) -> bool:
    """Sailing more than ninety degrees from the true wind (broad reach or run)."""
    return angle_between(heading, wind) > 90


def close_hauled_or_above(heading: Direction, wind: Direction) -> bool:
    return angle_between(heading, wind) <= 45


def in_zone(position: Point, mark: Point) -> bool:
    """Within three hull lengths of the mark."""
    return distance(position, mark) <= ZONE + 1e-9


def fetching(boat: Boat, mark: Point, wind: Direction, leave_to_port: bool) -> bool:
    """In a position to pass to windward of the mark and leave it on the required side without
    changing tack (definition Fetching), on the grid: sailing close-hauled with the mark ahead
    or abeam on the side it must be left, so that sailing on she passes it to windward."""
    if point_of_sail(boat.heading, wind) is not PointOfSail.CLOSE_HAULED:
        return False
    u, to_mark = unit(boat.heading), _between(boat.position, mark)
    side = _cross(u, to_mark)  # > 0: the mark lies to port
    return _dot(u, to_mark) >= 0 and (side > 0 if leave_to_port else side < 0)


def nearer(a: Boat, b: Boat, point: Point) -> Boat:
    """The boat nearer ``point`` (the inside boat at a mark or an obstruction); ``a`` if both
    are equally near."""
    return b if distance(b.position, point) < distance(a.position, point) else a


def proper_heading(boat: Boat, target: Point, wind: Direction) -> Direction:
    """On the grid, a boat's proper course towards ``target`` (her next mark): the heading she
    can sail that points most nearly at it (never head to wind)."""
    bearing = _between(boat.position, target)
    sailable = [d for d in Direction if point_of_sail(d, wind) is not PointOfSail.HEAD_TO_WIND]
    return max(sailable, key=lambda d: (_dot(unit(d), bearing), -angle_between(d, wind)))


def above(heading: Direction, other: Direction, wind: Direction) -> bool:
    """``heading`` is closer to the wind than ``other`` (a boat on it sails above the other)."""
    return angle_between(heading, wind) < angle_between(other, wind)
