"""Positions for the right-of-way exercises: each student's own, drawn from their name.

A position of the kit's question set is turned a quarter or more, mirrored, and moved on the
water; or two engaged boats are placed at random and kept when the umpire's ruling is the kind
the question asks about. The umpire (:class:`~sailing_kit.race.situation.Situation`) judges
every variant afresh, so a mirrored position may well have another answer.

``picture(position)`` draws a position without giving the answer away (the light-blue point
labelled "?", no infringement marked); ``picture(position, reveal=True)`` draws the verdict.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import _
from sailing_kit.draw import palette
from sailing_kit.draw.scene import Scene
from sailing_kit.race.rightofway import Boat, Rule, Ruling, course_point
from sailing_kit.race.sailing import PointOfSail, point_of_sail
from sailing_kit.race.situation import Situation

N = Direction.N


# ----- moving a position ------------------------------------------------------------------------

def _turned(point: Point, quarters: int, mirror: bool) -> Point:
    x, y = (-point[0], point[1]) if mirror else point
    for _quarter in range(quarters % 4):
        x, y = y, -x  # a quarter clockwise, y pointing north
    return (x, y)


def _heading(direction: Direction, quarters: int, mirror: bool) -> Direction:
    dx, dy = direction.vector
    return Direction.from_vector(*_turned((dx, dy), quarters, mirror))


def moved(position: Situation, quarters: int = 0, mirror: bool = False,
          shift: Point = (0, 0)) -> Situation:
    """``position`` turned ``quarters`` quarters clockwise (the wind too), mirrored left to right
    first if ``mirror``, and moved so that it lies on the board (``shift`` further)."""
    boats = [Boat(b.name, _turned(b.position, quarters, mirror), _heading(b.heading, quarters,
                                                                          mirror))
             for b in position.boats]
    marks = [_turned(m, quarters, mirror) for m in position.marks]
    left = min([b.position[0] - 1 for b in boats] + [m[0] - 2 for m in marks])
    bottom = min([b.position[1] - 1 for b in boats] + [m[1] - 2 for m in marks])
    dx, dy = shift[0] - left, shift[1] - bottom
    return replace(position, wind=_heading(position.wind, quarters, mirror),
                   boats=tuple(Boat(b.name, (b.position[0] + dx, b.position[1] + dy), b.heading)
                               for b in boats),
                   marks=tuple((m[0] + dx, m[1] + dy) for m in marks))


REACH = 8
"""How far :func:`any_move` may move a position on the water, each way."""


def any_move(rng: random.Random, position: Situation, *, turn: bool = True) -> Situation:
    """``position`` turned (if ``turn``), perhaps mirrored, and moved, at random."""
    return moved(position, rng.randrange(4) if turn else 0, rng.random() < 0.5,
                 (rng.randint(0, REACH), rng.randint(0, REACH)))


# ----- random engaged pairs ---------------------------------------------------------------------

def engaged(position: Situation, a: str = "A", b: str = "B") -> bool:
    """True if two boats claim the same intersection: one stands on the other's course point,
    or both course points are the same free point."""
    one, other = position.boat(a), position.boat(b)
    ahead, behind = course_point(one, position.wind), course_point(other, position.wind)
    return ahead == other.position or behind == one.position or ahead == behind


def random_pair(rng: random.Random, *, mark: bool = False, head_to_wind: bool = False,
                title: str = "") -> Situation:
    """Two engaged boats A and B in a north wind, B never standing on A's course point (so A is
    the first to arrive); with ``mark``, a mark near them; with ``head_to_wind``, one of them
    may be head to wind (left so by a wind shift)."""
    allowed = [d for d in Direction if head_to_wind or point_of_sail(d, N)
               is not PointOfSail.HEAD_TO_WIND]
    while True:
        a = Boat("A", (rng.randint(2, 5), rng.randint(2, 5)), rng.choice(allowed))
        b = Boat("B", (a.position[0] + rng.randint(-2, 2), a.position[1] + rng.randint(-2, 2)),
                 rng.choice(allowed))
        if (a.position == b.position or course_point(a, N) == b.position
                or a.heading is b.heading is N):
            continue
        marks: tuple[Point, ...] = ()
        if mark:
            marks = ((a.position[0] + rng.randint(-2, 2), a.position[1] + rng.randint(-2, 2)),)
            if marks[0] in (a.position, b.position, course_point(a, N), course_point(b, N)):
                continue
        position = Situation(title=title, wind=N, boats=(a, b), marks=marks)
        if engaged(position) and min(p for boat in (a, b) for p in boat.position) >= 0:
            return position


def pairs_with(rng: random.Random, count: int, wanted: Callable[[Ruling], bool],
               distinct: Callable[[Ruling], object], *, marks: Sequence[bool] = (False,),
               head_to_wind: bool = False) -> tuple[Situation, ...]:
    """``count`` random engaged pairs whose rulings satisfy ``wanted``, no two alike by
    ``distinct``, each turned and moved at random and titled "Pair 1", "Pair 2", ..."""
    found: dict[object, Situation] = {}
    while len(found) < count:
        position = any_move(rng, random_pair(rng, mark=rng.choice(marks),
                                             head_to_wind=head_to_wind))
        ruling = position.judge("A", "B")
        if wanted(ruling) and distinct(ruling) not in found:
            found[distinct(ruling)] = position
    pairs = list(found.values())
    rng.shuffle(pairs)
    return tuple(replace(p, title=f"Pair {n}") for n, p in enumerate(pairs, 1))


def rule_of(ruling: Ruling) -> Rule:
    return ruling.rule_key


# ----- pictures -----------------------------------------------------------------------------------

def picture(position: Situation | Sequence[Situation], *, reveal: bool = False) -> Scene | Gallery:
    """The position drawn by :meth:`Situation.scene`; several positions side by side. Without
    ``reveal`` the answer is hidden: each light-blue point is marked "?" and no infringement is
    circled. With ``reveal``, the engine's verdict (for solutions)."""
    if isinstance(position, Situation):
        return _drawn(position, reveal)
    return Gallery(tuple(position), reveal)


PAIR_TITLE = re.compile(r"Pair (\d+)")
LETTERED_TITLE = re.compile(r"\(([a-z])\) (.+)")


def shown_title(title: str) -> str:
    """A position's title (an ``N_`` constant, "Pair 2", or "(b) " before one) in the language
    spoken now."""
    if match := PAIR_TITLE.fullmatch(title):
        return _("Pair {number}", number=int(match[1]))
    if match := LETTERED_TITLE.fullmatch(title):
        return f"({match[1]}) {shown_title(match[2])}"
    return _(title) if title else title


def _drawn(position: Situation, reveal: bool, size: tuple[int, int] | None = None) -> Scene:
    """``position.scene`` with every grid line numbered (the prompts give coordinates), its
    title in the language spoken now."""
    position = replace(position, title=shown_title(position.title))
    scene, view = position.scene(reveal=reveal, size=size), position.view(size)
    for x in range(1, view.width):
        if x % 5:
            px, py = view.pixel((x, 0))
            scene.text((px, py + view.margin * 0.55), str(x), size=10, colour=palette.MUTED)
    for y in range(1, view.height):
        if y % 5:
            px, py = view.pixel((0, y))
            scene.text((px - view.margin * 0.55, py), str(y), size=10, colour=palette.MUTED)
    return scene


@dataclass(frozen=True)
class Gallery:
    """Several positions side by side, each drawn on a grid of the same size."""

    positions: tuple[Situation, ...]
    reveal: bool = False

    def _repr_html_(self) -> str:
        views = [p.view() for p in self.positions]
        size = (max(v.width for v in views), max(v.height for v in views))
        pictures = "".join(
            f"<figure style='margin:0'>{_drawn(p, self.reveal, size).to_svg()}</figure>"
            for p in self.positions)
        return f"<div style='display:flex;flex-wrap:wrap;gap:12px'>{pictures}</div>"

    def __str__(self) -> str:
        return "\n\n".join(p.describe() for p in self.positions)
