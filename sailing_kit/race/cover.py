"""Wind cover (§3.5): a boat on another's cover point puts its yellow token 2 ahead of itself.

The race (:mod:`sailing_kit.race.turns`) and the trainer's encounters both place cover tokens
with :func:`covered`, at the end of every turn and after every wind change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point, step
from sailing_kit.race.rightofway import Boat


def covered(boats: Sequence[Boat], wind: Direction, tokens: dict[str, Point],
            open_water: Callable[[Boat, Point], bool]) -> list[tuple[str, str, Point]]:
    """Move each covered boat's token (``tokens``: boat name -> point, changed in place) and
    return ``(covered, coverer, token)`` for each token placed. A boat is covered when it stands
    on another's cover point, one step directly downwind (rules-decisions); its token goes two
    intersections ahead on its heading if that point is open water for it (``open_water``)."""
    shadows = {step(b.position, wind.opposite): b.name for b in boats}
    placed = []
    for boat in boats:
        coverer = shadows.get(boat.position)
        if coverer is None or coverer == boat.name:
            continue
        ahead = step(boat.position, boat.heading, 2)
        if open_water(boat, ahead) and tokens.get(boat.name) != ahead:
            tokens[boat.name] = ahead
            placed.append((boat.name, coverer, ahead))
    return placed
