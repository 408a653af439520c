"""The widget boards of Race the Wind. They hold no rules: the engine decides everything.

- :class:`PointsOfSailBoard`: one boat, the wind, every end of the turn (lesson 1);
- :class:`RightOfWayTrainer`: scenarios to judge, and a free mode with a live umpire (lesson 2).
"""

from __future__ import annotations

from typing import Callable

from sailing_kit.race.boards.points_of_sail import PointsOfSailBoard
from sailing_kit.race.boards.trainer import RightOfWayTrainer
from sailing_kit.race.drill import new_drill
from sailing_kit.widgets.board import CanvasBoard

__all__ = ["PointsOfSailBoard", "RightOfWayTrainer", "example_boards"]


def example_boards() -> dict[str, Callable[[], CanvasBoard]]:
    """Boards in a typical position, for the benchmarks and the gallery."""
    return {
        "points of sail": lambda: PointsOfSailBoard(new_drill(seed=0, heading="E", start=(4, 5))),
        "right-of-way trainer": lambda: RightOfWayTrainer(seed=0),
    }
