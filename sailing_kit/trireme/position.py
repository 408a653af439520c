"""A position of the duel as the solver sees it: all that matters when a heading is chosen."""

from __future__ import annotations

from dataclasses import dataclass

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point
from sailing_kit.trireme.maps import SeaMap
from sailing_kit.trireme.rules import trireme_advance


@dataclass(frozen=True)
class Position:
    """The sailboat's square, the trireme's place on its line (0 at its start), where the wind
    blows from, the Honour points left, and the rounding progress (-1, 0 or +1), at the moment
    a heading is chosen (the trireme has already moved this turn)."""

    boat: Point
    trireme: int
    wind: Direction
    honour: int
    progress: int = 0

    @classmethod
    def start(cls, sea: SeaMap, honour: int = 3, wind: Direction | str = Direction.NE) -> Position:
        """The first heading of a game: the trireme has made its first move (or waited)."""
        return cls(sea.sailboat, trireme_advance(sea, 0, sea.sailboat), Direction.parse(wind),
                   honour, 0)
