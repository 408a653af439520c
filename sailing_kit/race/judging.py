"""What the race umpire needs to judge a turn (§3.4, §3.6, §3.7 and rules-decisions), beyond
the engagement rules of :mod:`sailing_kit.race.engagement`.

- **The waters of a race**: each boat rounds the marks of its own leg; the zone gives no rights
  to a boat that has not started (until both boats have crossed the starting line, §3.6) nor on
  the finish approach (§3.7).
- **The lull exemption** (§3.4): "if the boat ahead meets a yellow token on its course, it is
  forced to take the wind lull, but at that point it cannot incur a penalty" — only the boat
  ahead, engaged from astern, that sails on along its course and is stopped by the lull; a boat
  that chose to stop on a yellow token is judged like any other.
- **A finish made by infringing** (§3.7): it stands only once no claim against the finisher is
  open and it owes no penalty; a claimed penalty voids it until the penalty is served and the
  boat touches the line again.
"""

from __future__ import annotations

from collections.abc import Sequence

from sailing_kit.core.compass import Direction
from sailing_kit.race.course import Course, Leg, OpenWater
from sailing_kit.race.engagement import Waters
from sailing_kit.race.penalties import Umpire
from sailing_kit.race.rightofway import Boat, engaged_from_astern
from sailing_kit.race.sailing import TurnOption


def race_waters(area: Course | OpenWater, legs: Sequence[Leg], names: Sequence[str],
                wind: Direction) -> Waters:
    """The waters of a race: ``legs`` are the boats' present legs, in the order of ``names``.
    In open water every boat rounds every mark (a practice)."""
    if isinstance(area, OpenWater):
        return Waters(wind, area.marks)
    rounding = {name: leg.marks for name, leg in zip(names, legs)}
    zoneless = frozenset(name for name, leg in zip(names, legs)
                         if leg.kind in ("start", "finish"))
    return Waters(wind, rounding=rounding, zoneless=zoneless)


def forced_onto_lull(before: Boat, boats: Sequence[Boat], wind: Direction,
                     option: TurnOption) -> bool:
    """Is this turn the §3.4 exemption: the boat ahead (``before``, where it stood), engaged from
    astern by another boat, sailed on along its course and was stopped by a yellow token?"""
    if not option.lulled or any(not move.is_movement for move in option.moves):
        return False
    return any(engaged_from_astern(before, other, wind)
               for other in boats if other.name != before.name)


def finish_stands(name: str, umpire: Umpire) -> bool:
    """A boat's finish stands when no claim against it is open and it owes no penalty (§3.7:
    "up to and including the finish line" the rules apply; rules-decisions: a boat owing a
    penalty cannot finish)."""
    return not umpire.owes(name) and not umpire.moves_left(name) and \
        not any(incident.offender == name for incident in umpire.open)
