"""Real sailing beside the game: the names sailors use and a typical dinghy's speed polar.

The game knows five points of sail at 45-degree steps. Real boats sail at any angle except
in the no-go zone (roughly 40-45 degrees either side of the wind), and sailors name more points.
"""

from __future__ import annotations

from dataclasses import dataclass

from sailing_kit.core.i18n import N_
from sailing_kit.race.sailing import PointOfSail


@dataclass(frozen=True)
class RealPoint:
    """A point of sail as sailors name it; ``name`` and ``note`` are marked constants (shown
    translated with ``_(point.name)``)."""

    name: str
    angles: tuple[int, int]
    """Typical range of the angle to the true wind, in degrees."""
    game: PointOfSail | None
    """The game's nearest point of sail (None where the game has no such step)."""
    note: str


REAL_POINTS: tuple[RealPoint, ...] = (
    RealPoint(N_("in irons (no-go zone)"), (0, 40), PointOfSail.HEAD_TO_WIND,
              N_("sails flap and the boat stops; the game allows it only at the start")),
    RealPoint(N_("close-hauled"), (40, 50), PointOfSail.CLOSE_HAULED,
              N_("sails pulled in tight, as close to the wind as the boat can point")),
    RealPoint(N_("close reach"), (50, 80), None, N_("between close-hauled and a beam reach")),
    RealPoint(N_("beam reach"), (80, 100), PointOfSail.BEAM_REACH,
              N_("wind across the side: usually the fastest point of sail")),
    RealPoint(N_("broad reach"), (100, 165), PointOfSail.BROAD_REACH,
              N_("wind from behind the side: fast and comfortable")),
    RealPoint(N_("run"), (165, 180), PointOfSail.RUN,
              N_("wind from astern: the sails are pushed, not lifted, so slower than a reach")),
)

POLAR_KNOTS: dict[int, float] = {
    0: 0.0, 30: 0.0, 40: 3.6, 45: 4.1, 60: 4.9, 75: 5.4, 90: 5.6, 105: 5.7,
    120: 5.5, 135: 5.1, 150: 4.6, 165: 4.2, 180: 4.0,
}
"""Boat speed (knots) by angle to a 12-knot wind for a typical training dinghy. Illustrative
round figures in the shape of published dinghy polars, not a measurement of one boat."""
