"""The wind of Race the Wind: the compass die that changes it (section 3.3)."""

from __future__ import annotations

from fractions import Fraction

from sailing_kit.core.compass import Direction

COMPASS_DIE: tuple[Direction, ...] = (
    Direction.N, Direction.N, Direction.NE, Direction.NW, Direction.E, Direction.W,
)
"""The faces of the compass die. The rulebook never lists them; ``rules-decisions.md`` settles
a d6 with the absolute faces N, N, NE, NW, E, W. A roll sets the new wind direction."""


def compass_die_outcomes() -> list[tuple[Direction, Fraction]]:
    """Each new wind direction with its exact probability (N is twice as likely)."""
    counts: dict[Direction, int] = {}
    for face in COMPASS_DIE:
        counts[face] = counts.get(face, 0) + 1
    return [(face, Fraction(n, len(COMPASS_DIE))) for face, n in counts.items()]
