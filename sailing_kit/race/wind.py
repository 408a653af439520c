"""The wind of Race the Wind: the compass die that changes it (section 3.3)."""

from __future__ import annotations

from fractions import Fraction

from sailing_kit.core.compass import Direction
from sailing_kit.core.i18n import N_, Text, _

COMPASS_DIE: tuple[Direction, ...] = (
    Direction.N, Direction.N, Direction.NE, Direction.NW, Direction.E, Direction.W,
)
"""The faces of the compass die. The rulebook never lists them; ``rules-decisions.md`` settles
a d6 with the absolute faces N, N, NE, NW, E, W. A roll sets the new wind direction."""


# TRANSLATORS: the eight compass points from North clockwise, short, separated by spaces
# (Hungarian: "É ÉK K DK D DNy Ny ÉNy").
COMPASS_POINTS = N_("N NE E SE S SW W NW")


def compass_name(direction: Direction) -> Text:
    """``direction`` as the language spoken writes it (its English is the kit's name, "NE")."""
    names = _(COMPASS_POINTS).split()
    return Text(names[direction.index] if len(names) == 8 else direction.value, direction.value)


def no_such_face(wind: Direction) -> Text:
    """The refusal of a compass-die outcome the die does not have."""
    faces = [compass_name(face) for face in COMPASS_DIE]
    return _("the compass die has no {wind} face (its faces are {faces})", wind=compass_name(wind),
             faces=Text(", ".join(faces), ", ".join(face.english for face in faces)))


def compass_die_outcomes() -> list[tuple[Direction, Fraction]]:
    """Each new wind direction with its exact probability (N is twice as likely)."""
    counts: dict[Direction, int] = {}
    for face in COMPASS_DIE:
        counts[face] = counts.get(face, 0) + 1
    return [(face, Fraction(n, len(COMPASS_DIE))) for face, n in counts.items()]
