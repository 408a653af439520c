"""Right of way in Race the Wind: the ladder of section 3.4 and the zone of section 3.6.

``right_of_way(a, b, wind)`` judges two engaged boats; ``a`` is the boat that arrived first
(turn order), which wins only when everything else is equal. Each ruling names the game's rule
and, beside it, the nearest rule of the Racing Rules of Sailing (RRS) and where they differ.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from sailing_kit.core.compass import Direction, angle_between
from sailing_kit.core.grid import Point, chebyshev, parse_point, step
from sailing_kit.core.i18n import N_, Text, _
from sailing_kit.race.sailing import PointOfSail, Tack, point_of_sail, tack

ZONE_RADIUS = 2
"""The zone of the 2 lengths: the 5 x 5 intersections centred on a mark (§3.6)."""


@dataclass(frozen=True)
class Boat:
    """A boat on the grid: its name (a letter, usually), position and heading."""

    name: str
    position: Point
    heading: Direction

    def __post_init__(self) -> None:
        object.__setattr__(self, "position", parse_point(self.position, "position"))
        object.__setattr__(self, "heading", Direction.parse(self.heading))

    def moved(self, position: Point | None = None, heading: Direction | str | None = None) -> Boat:
        return Boat(self.name, self.position if position is None else position,
                    self.heading if heading is None else Direction.parse(heading))


class Rule(StrEnum):
    """The rules that can decide right of way, each with its words and section."""

    STARBOARD = "starboard"
    HEAD_TO_WIND = "head_to_wind"
    LEEWARD = "leeward"
    FASTER = "faster"
    TURN_ORDER = "turn_order"
    INSIDE = "inside"
    ASTERN_IN_ZONE = "astern_in_zone"

    @property
    def text(self) -> Text:
        return _(_RULE_TEXT[self])

    @property
    def rrs(self) -> Text:
        return _(_RRS[self])


_RULE_TEXT = {
    Rule.STARBOARD: N_("§3.4: the boat on starboard tack has right of way over the boat on port "
                       "tack"),
    Rule.HEAD_TO_WIND: N_("§3.4 (kit's reading): a boat head to wind has no tack, so it keeps clear "
    "of a boat on either tack"),
    Rule.LEEWARD: N_("§3.4: on equal tacks the boat to leeward (further from where the wind comes "
    "from) has right of way"),
    Rule.FASTER: N_("§3.4: on equal tacks and the same wind line, the boat on the faster point of "
    "sail (beam or broad reach, 2 moves) has right of way over close-hauled or the run (1 move)"),
    Rule.TURN_ORDER: N_("§3.4: with equal tacks, wind line and speed, the first to arrive (turn "
    "order) has right of way"),
    Rule.INSIDE: N_("§3.6: within the zone of the 2 lengths only the inside position counts: the "
    "boat nearer the mark has right of way"),
    Rule.ASTERN_IN_ZONE: N_("§3.6: within the zone the inside boat engaged from astern loses right "
    "of way, whatever the wind: it may not manoeuvre and must advance (fig. 14)"),
}
_RRS = {
    Rule.STARBOARD: N_("RRS 10 (opposite tacks): a port-tack boat keeps clear of a starboard-tack "
    "boat. The same, except that the RRS decides the tack by the side the mainsail is on, so a "
    "boat running dead downwind may be on either tack; the game always calls a run starboard."),
    Rule.HEAD_TO_WIND: N_("Under the RRS a boat head to wind keeps the tack she was on (her windward "
    "side is the one that was towards the wind), so a boat left head to wind by a wind shift is "
    "judged by rules 10-12 on her old tack. Only a boat that passes head to wind while tacking "
    "keeps clear of the others until she is close-hauled (RRS 13)."),
    Rule.LEEWARD: N_("RRS 11 (same tack, overlapped): the windward boat keeps clear. The RRS needs an "
    "overlap; a boat clear astern keeps clear of one clear ahead (RRS 12) even if it is to "
    "leeward, where the game only asks who is further downwind."),
    Rule.FASTER: N_("No RRS rule: the real rules never look at speed. Same-tack boats are judged by "
    "overlap (RRS 11) or clear astern and ahead (RRS 12)."),
    Rule.TURN_ORDER: N_("No RRS rule: a boat that acquires right of way must first give the other "
    "room to keep clear (RRS 15); nothing is decided by who arrived first."),
    Rule.INSIDE: N_("RRS 18.2(a)(1): at a mark the outside overlapped boat gives the inside boat "
    "mark-room (room to sail to the mark, round it and leave it astern), which is less than the "
    "game's full right of way. RRS 18.1(a) switches rule 18 off between boats on opposite tacks "
    "on a beat to windward, where the game still counts the inside boat. As in the game, the "
    "rules at marks do not apply at a starting mark while boats approach it to start (the "
    "preamble of Part 2 Section C)."),
    Rule.ASTERN_IN_ZONE: N_("RRS 18.2(a)(2) says the opposite: when boats that are not overlapped "
    "reach the zone, the first to reach it is entitled to mark-room, so a boat clear ahead that "
    "gets there first keeps it and the boat clear astern keeps clear of her."),
}


@dataclass(frozen=True)
class Ruling:
    """Who has right of way between two boats, and why."""

    winner: str
    keep_clear: str
    rule_key: Rule

    @property
    def rule(self) -> str:
        """The game rule that decides it, in plain words with its section."""
        return self.rule_key.text

    @property
    def rrs(self) -> str:
        """The nearest Racing Rules of Sailing rule and where it differs from the game."""
        return self.rule_key.rrs

    def __str__(self) -> str:
        return _("{winner} has right of way; {loser} keeps clear. {rule}", winner=self.winner,
                 loser=self.keep_clear, rule=self.rule)


def leeward_depth(position: Point, wind: Direction | str) -> int:
    """How far downwind a point lies, measured along the wind (bigger is more to leeward)."""
    wx, wy = Direction.parse(wind).vector
    return -(position[0] * wx + position[1] * wy)


def course_point(boat: Boat, wind: Direction | str) -> Point | None:
    """The intersection the boat's next movement on its present heading would reach; ``None``
    head to wind, where the boat cannot move."""
    if point_of_sail(boat.heading, wind) is PointOfSail.HEAD_TO_WIND:
        return None
    return step(boat.position, boat.heading)


def in_zone(position: Point, mark: Point) -> bool:
    """Inside the zone of the 2 lengths (perimeter included), §3.6."""
    return chebyshev(position, mark) <= ZONE_RADIUS


def engaged_from_astern(ahead: Boat, behind: Boat, wind: Direction | str) -> bool:
    """``behind`` claims the point ``ahead`` occupies (its course point) and comes from astern:
    within 45 degrees of the line of ``ahead``'s wake."""
    if course_point(behind, wind) != ahead.position:
        return False
    approach = Direction.from_vector(ahead.position[0] - behind.position[0],
                                     ahead.position[1] - behind.position[1])
    return angle_between(approach, ahead.heading) <= 45


def _squared_distance(a: Point, b: Point) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def right_of_way(a: Boat, b: Boat, wind: Direction | str, *, mark: Point | None = None,
                 start: bool = False) -> Ruling:
    """Judge two engaged boats. ``a`` arrived first (it wins a complete tie).

    Within the zone of ``mark`` (unless ``start``) §3.6 decides: the inside boat, unless it is
    engaged from astern. Otherwise the ladder of §3.4: starboard over port; equal tacks, leeward
    over windward; same wind line, faster point of sail; then turn order.
    """
    wind = Direction.parse(wind)
    if a.position == b.position:
        raise ValueError(_("boats {a} and {b} cannot share the intersection {position}",
                           a=a.name, b=b.name, position=a.position))
    if mark is not None and not start and (in_zone(a.position, mark) or in_zone(b.position, mark)):
        ruling = _zone_ruling(a, b, wind, parse_point(mark, "mark"))
        if ruling is not None:
            return ruling
    return _ladder(a, b, wind)


def _zone_ruling(a: Boat, b: Boat, wind: Direction, mark: Point) -> Ruling | None:
    da, db = _squared_distance(a.position, mark), _squared_distance(b.position, mark)
    if da == db:
        return None  # neither is inside the other: the ladder decides
    inside, outside = (a, b) if da < db else (b, a)
    if engaged_from_astern(inside, outside, wind):
        return Ruling(outside.name, inside.name, Rule.ASTERN_IN_ZONE)
    return Ruling(inside.name, outside.name, Rule.INSIDE)


def _ladder(a: Boat, b: Boat, wind: Direction) -> Ruling:
    tack_a, tack_b = tack(a.heading, wind), tack(b.heading, wind)
    if tack_a is not tack_b:
        if tack_a is None or tack_b is None:
            winner, loser = (b, a) if tack_a is None else (a, b)
            return Ruling(winner.name, loser.name, Rule.HEAD_TO_WIND)
        winner, loser = (a, b) if tack_a is Tack.STARBOARD else (b, a)
        return Ruling(winner.name, loser.name, Rule.STARBOARD)
    depth_a, depth_b = leeward_depth(a.position, wind), leeward_depth(b.position, wind)
    if depth_a != depth_b:
        winner, loser = (a, b) if depth_a > depth_b else (b, a)
        return Ruling(winner.name, loser.name, Rule.LEEWARD)
    speed_a = point_of_sail(a.heading, wind).speed
    speed_b = point_of_sail(b.heading, wind).speed
    if speed_a != speed_b:
        winner, loser = (a, b) if speed_a > speed_b else (b, a)
        return Ruling(winner.name, loser.name, Rule.FASTER)
    return Ruling(a.name, b.name, Rule.TURN_ORDER)
