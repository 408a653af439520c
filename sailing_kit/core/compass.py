"""The 8-point compass on a grid whose x grows East and y grows North."""

from __future__ import annotations

from enum import StrEnum

from sailing_kit.core.i18n import N_, _


class Direction(StrEnum):
    """One of the eight compass points, in clockwise order from North."""

    N = "N"
    NE = "NE"
    E = "E"
    SE = "SE"
    S = "S"
    SW = "SW"
    W = "W"
    NW = "NW"

    @classmethod
    def parse(cls, value: Direction | str) -> Direction:
        """Accept a Direction or its name in any case (``"ne"``, ``"NE"``)."""
        if isinstance(value, Direction):
            return value
        if isinstance(value, str) and value.strip().upper() in cls.__members__:
            return cls[value.strip().upper()]
        names = ", ".join(d.value for d in cls)
        raise ValueError(_("{given} is not a compass direction; use one of {directions}",
                           given=repr(value), directions=names))

    @property
    def index(self) -> int:  # type: ignore[override]  # the compass index, not str.index
        """0 for N, 1 for NE, ... 7 for NW (clockwise)."""
        return _INDEX[self]

    @property
    def degrees(self) -> int:
        """Compass bearing in degrees: N 0, E 90, S 180, W 270."""
        return 45 * self.index

    def rotate(self, steps: int) -> Direction:
        """Turn by ``steps`` eighths of a circle: positive clockwise, negative anticlockwise."""
        return _ORDER[(self.index + steps) % 8]

    @property
    def letters(self) -> str:
        """The point as the language spoken writes it on a chart: N, É (hu), С (ru, bg), O (fr
        for W); the point's own value (``"NE"``) stays what code and saved games use."""
        return _(_LETTERS[self])

    @property
    def word(self) -> str:
        """The point's name in the language spoken: "north-east", "északkelet", "северо-восток"."""
        return _(_WORDS[self])

    @property
    def opposite(self) -> Direction:
        return self.rotate(4)

    @property
    def vector(self) -> tuple[int, int]:
        """The unit step on the grid, diagonals included: NE is (1, 1)."""
        return _VECTORS[self]

    @classmethod
    def from_vector(cls, dx: int, dy: int) -> Direction:
        """The direction of a non-zero step; only the signs of dx and dy matter."""
        key = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
        for direction, vector in _VECTORS.items():
            if vector == key:
                return direction
        raise ValueError(_("a zero step has no direction"))


_ORDER: tuple[Direction, ...] = tuple(Direction)
_INDEX: dict[Direction, int] = {direction: i for i, direction in enumerate(_ORDER)}
_VECTORS: dict[Direction, tuple[int, int]] = {
    Direction.N: (0, 1),
    Direction.NE: (1, 1),
    Direction.E: (1, 0),
    Direction.SE: (1, -1),
    Direction.S: (0, -1),
    Direction.SW: (-1, -1),
    Direction.W: (-1, 0),
    Direction.NW: (-1, 1),
}

# TRANSLATORS: compass points as a chart abbreviates them (hu É, ÉK, K ...; ru С, СВ, В ...).
_LETTERS: dict[Direction, str] = {
    Direction.N: N_("N"), Direction.NE: N_("NE"), Direction.E: N_("E"), Direction.SE: N_("SE"),
    Direction.S: N_("S"), Direction.SW: N_("SW"), Direction.W: N_("W"), Direction.NW: N_("NW"),
}
_WORDS: dict[Direction, str] = {
    Direction.N: N_("north"), Direction.NE: N_("north-east"), Direction.E: N_("east"),
    Direction.SE: N_("south-east"), Direction.S: N_("south"), Direction.SW: N_("south-west"),
    Direction.W: N_("west"), Direction.NW: N_("north-west"),
}


def clockwise_steps(start: Direction | str, end: Direction | str) -> int:
    """How many 45-degree steps clockwise lead from ``start`` to ``end`` (0 to 7)."""
    return (Direction.parse(end).index - Direction.parse(start).index) % 8


def angle_between(a: Direction | str, b: Direction | str) -> int:
    """The smaller angle between two directions, in degrees (0, 45, 90, 135 or 180)."""
    steps = clockwise_steps(a, b)
    return 45 * min(steps, 8 - steps)
