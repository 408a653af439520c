"""Where an arrow takes a yacht, and the protection zone ahead of a bow, on the square grid.

A yacht fills one cell and points one of the eight compass headings. An arrow's steps are
turns from that heading, so one card works the same way in every heading: "veer left" from a
yacht facing North goes North then North-West, from one facing East it goes East then North-East.
"""

from __future__ import annotations

from dataclasses import dataclass

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point, step
from sailing_kit.core.i18n import _


@dataclass(frozen=True)
class Pose:
    """A yacht's cell and heading."""

    at: Point
    heading: Direction

    def __str__(self) -> str:
        return _("{cell} facing {heading}", cell=self.at, heading=self.heading.letters)


def follow(pose: Pose, steps: tuple[int, ...]) -> tuple[tuple[Point, ...], Direction]:
    """The cells an arrow's ``steps`` visit from ``pose`` (its end last, the start left out) and
    the heading the yacht ends with: the way the last step points."""
    cells = []
    at, heading = pose.at, pose.heading
    for turn in steps:
        heading = pose.heading.rotate(turn)
        at = step(at, heading)
        cells.append(at)
    return tuple(cells), heading


def ahead(pose: Pose, length: int) -> tuple[Point, ...]:
    """The ``length`` cells straight ahead of the bow: where a card laid before the yacht lies,
    and so its protection zone."""
    return tuple(step(pose.at, pose.heading, distance) for distance in range(1, length + 1))


def heading_of(before: Point, after: Point) -> Direction:
    """The heading of a one-cell step."""
    return Direction.from_vector(after[0] - before[0], after[1] - before[1])
