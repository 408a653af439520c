"""Variants of an encounter: the same moves mirrored east-west or moved across the board.

The exercises draw each student's situations this way; the umpires then judge the variant
itself (a mirror swaps port and starboard, so a variant may be judged differently in the game,
whose run always counts as starboard). A variant the engine would refuse cannot arise: the
engine's turns are the same under a shift and under a mirror.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import _
from sailing_kit.race.encounter import HEIGHT, WIDTH, Encounter, Event, Mark, Shift, Side, Turn
from sailing_kit.race.rightofway import Boat
from sailing_kit.race.sailing import Tack


def _points(encounter: Encounter) -> list[Point]:
    points = [b.position for b in encounter.boats] + [m.at for m in encounter.marks]
    points += list(encounter.obstructions) + list(encounter.lulls) + list(encounter.line or ())
    points += [e.to for e in encounter.events if isinstance(e, Turn) and e.to is not None]
    return points


def room_to_move(encounter: Encounter) -> tuple[range, range]:
    """The shifts (dx, dy) that keep every point of ``encounter`` on the board."""
    xs, ys = zip(*_points(encounter), strict=True)
    return range(-min(xs), WIDTH - max(xs)), range(-min(ys), HEIGHT - max(ys))


def moved(encounter: Encounter, dx: int, dy: int) -> Encounter:
    """``encounter`` moved by ``(dx, dy)`` (ValueError if that leaves the board)."""
    across, up = room_to_move(encounter)
    if dx not in across or dy not in up:
        raise ValueError(_("moving by ({dx}, {dy}) takes the situation off the board", dx=dx,
                           dy=dy))
    return _mapped(encounter, lambda p: (p[0] + dx, p[1] + dy), lambda d: d, mirror=False)


def mirrored(encounter: Encounter) -> Encounter:
    """``encounter`` mirrored east-west about its own middle: west becomes east, port becomes
    starboard (marks' sides, mainsails, spins' senses)."""
    xs = [p[0] for p in _points(encounter)]
    axis = min(xs) + max(xs)
    flips = {d: Direction.from_vector(-d.vector[0], d.vector[1]) if d.vector[0] else d
             for d in Direction}
    return _mapped(encounter, lambda p: (axis - p[0], p[1]), flips.__getitem__, mirror=True)


def _mapped(encounter: Encounter, at: Callable[[Point], Point],
            turn: Callable[[Direction], Direction], *, mirror: bool) -> Encounter:
    def boat(b: Boat) -> Boat:
        return Boat(b.name, at(b.position), turn(b.heading))

    def event(e: Event) -> Event:
        if isinstance(e, Shift):
            return Shift(turn(e.wind))
        return replace(e, to=at(e.to) if e.to is not None else None,
                       heading=turn(e.heading) if e.heading is not None else None,
                       spin=(not e.spin) if mirror and e.spin is not None else e.spin)

    side = {Side.PORT: Side.STARBOARD, Side.STARBOARD: Side.PORT} if mirror else {}
    tacks = {Tack.PORT: Tack.STARBOARD, Tack.STARBOARD: Tack.PORT} if mirror else {}
    line = encounter.line
    return replace(
        encounter, wind=turn(encounter.wind), boats=tuple(boat(b) for b in encounter.boats),
        events=tuple(event(e) for e in encounter.events),
        marks=tuple(Mark(at(m.at), side.get(m.leave, m.leave)) for m in encounter.marks),
        obstructions=tuple(at(p) for p in encounter.obstructions),
        lulls=tuple(at(p) for p in encounter.lulls),
        line=(at(line[0]), at(line[1])) if line is not None else None,
        runs=tuple((name, tacks.get(t, t)) for name, t in encounter.runs))
