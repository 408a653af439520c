"""Placing the yellow and blue tokens (§3.2) under the text's limits.

Before the race the tokens are spread over the racing area, each player keeping one yellow token
in reserve (§3.5). Limits: no more than 10 tokens in the zone of the 2 lengths around each mark,
and tokens on at most half of the starting line's points. Marks hold no token.
"""

from __future__ import annotations

from sailing_kit.core.chance import Chance
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import _
from sailing_kit.race.course import Course, OpenWater, zone_points

ZONE_LIMIT = 10
BOX_TOKENS = 80
"""40 yellow and 40 blue tokens in the box."""


def token_limits_broken(area: Course | OpenWater, tokens: set[Point]) -> str | None:
    """Which §3.2 limit a set of token points breaks, if any."""
    grid = area.grid
    for mark in area.marks:
        if mark in tokens:
            return _("a token lies on the mark at {position}", position=mark)
        if len(tokens.intersection(zone_points(mark, grid))) > ZONE_LIMIT:
            return _("more than {count} tokens in the zone of the mark at {position} (§3.2)",
                     count=ZONE_LIMIT, position=mark)
    if len(tokens.intersection(area.line)) > len(area.line) // 2:
        return _("tokens on more than half of the starting line's points (§3.2)")
    return None


def place_tokens(area: Course | OpenWater, yellow: int, blue: int,
                 chance: Chance) -> tuple[frozenset[Point], frozenset[Point]]:
    """Spread ``yellow`` + ``blue`` tokens at random (from the game's seeded stream) within the
    limits; returns the yellow and the blue points."""
    marks = set(area.marks)
    chosen: set[Point] = set()
    for point in chance.shuffled([p for p in area.grid.points() if p not in marks]):
        if len(chosen) == yellow + blue:
            break
        if token_limits_broken(area, chosen | {point}) is None:
            chosen.add(point)
    ordered = chance.shuffled(sorted(chosen))
    return frozenset(ordered[:yellow]), frozenset(ordered[yellow:])
