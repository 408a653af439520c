"""Race the Wind: grid sailing with points of sail, right of way, cover, marks and penalties.

So far: the sailing model of section 2 (:func:`point_of_sail`, :func:`tack`,
:func:`turn_options`), route finding (:func:`fewest_turns`) and the points-of-sail drill
(:func:`new_drill`, with its widget :class:`PointsOfSailBoard` in ``sailing_kit.race.board``).
"""

from sailing_kit.race.drill import DrillState, Sail, WindShift, new_drill
from sailing_kit.race.routes import fewest_turns
from sailing_kit.race.sailing import (
    Move,
    PointOfSail,
    Tack,
    TurnOption,
    change_of_tack,
    point_of_sail,
    tack,
    turn_options,
)
from sailing_kit.race.wind import COMPASS_DIE, compass_die_outcomes

__all__ = [
    "COMPASS_DIE",
    "DrillState",
    "Move",
    "PointOfSail",
    "Sail",
    "Tack",
    "TurnOption",
    "WindShift",
    "change_of_tack",
    "compass_die_outcomes",
    "fewest_turns",
    "new_drill",
    "point_of_sail",
    "tack",
    "turn_options",
]


def __getattr__(name: str):
    """``PointsOfSailBoard`` is imported on first use, so the rules never pull in Jupyter."""
    if name == "PointsOfSailBoard":
        from sailing_kit.race.board import PointsOfSailBoard

        return PointsOfSailBoard
    raise AttributeError(name)
