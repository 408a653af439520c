"""A boat's progress along the course, judged from its track kept across turns (§1, §3.1, §3.7).

- **The start** (§3.1): from the 8th move, a step across the starting line northwards, between
  the buoy and the committee boat.
- **A mark or the gate** (§1, rules-decisions): each leg's passages (the windward mark's rounding
  ray, the gate's line) count the track's crossings, +1 the right way and -1 the wrong way, summed
  from the start of the leg: the leg is done when one sum reaches +1, so a wrong-way crossing must
  first be undone.
- **The finish** (§3.7): touching the finish line on the last leg.

``winding`` holds one sum per passage of the current leg; ``()`` is a leg just begun.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import _
from sailing_kit.race.course import Course, Leg, OpenWater


@dataclass(frozen=True)
class Progress:
    """Where a track leaves a boat: its leg number, the crossings counted on that leg, what it
    completed on the way (in words, with the kind of each leg done) and whether it finished."""

    leg: int
    winding: tuple[int, ...]
    done: tuple[tuple[str, str], ...] = ()
    finished: bool = False


def counts(leg: Leg, winding: tuple[int, ...]) -> tuple[int, ...]:
    """The leg's crossing sums (zeros for a leg just begun)."""
    return winding if len(winding) == len(leg.passages) else (0,) * len(leg.passages)


def follow(area: Course | OpenWater, legs: Sequence[Leg], leg: int, winding: tuple[int, ...],
           track: Sequence[Point], *, started: bool) -> Progress:
    """The progress after sailing ``track`` (where the boat was, then each point it entered)
    from leg number ``leg`` with ``winding``; ``started`` says the start procedure is over, so
    crossing the line starts the race."""
    done: list[tuple[str, str]] = []
    sums = counts(legs[leg], winding) if leg < len(legs) else ()
    for before, after in pairwise(track):
        if leg >= len(legs):
            break
        current = legs[leg]
        if current.kind == "finish":
            if area.touches_finish(after):
                return Progress(leg, (), tuple(done), finished=True)
            continue
        if current.kind == "start":
            crossed = started and isinstance(area, Course) and \
                area.gate.crossing(before, after) == -1
            if crossed:
                done.append(("start", _("crosses the line and starts (§3.1)")))
                leg, sums = leg + 1, counts(legs[leg + 1], ())
            continue
        sums = tuple(total + passage.crossing(before, after)
                     for total, passage in zip(sums, current.passages))
        completed = next((p for p, total in zip(current.passages, sums) if total >= 1), None)
        if completed is not None:
            done.append((current.kind, _("rounds: {passage}", passage=completed.describe())))
            leg, sums = leg + 1, counts(legs[leg + 1], ())
    return Progress(leg, sums, tuple(done))

