"""Computer sailors for Race the Wind.

Both bots head for the next mark by the fewest turns (a breadth-first search over the section-2
turns, run backwards once per wind and target and cached), claim penalties they are owed and serve
their own. The ``"strong"`` bot also keeps clear of infringements, steers round yellow lulls,
rides gusts, avoids the start-procedure fouls and covers a rival when it can; the ``"easy"``
bot just sails the shortest route.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point, chebyshev, step
from sailing_kit.race.course import Course, OpenWater
from sailing_kit.race.drill import Sail
from sailing_kit.race.engagement import infringements
from sailing_kit.race.game import START_MOVES, Place, Protest, RaceState, Spin, Wait
from sailing_kit.race.rightofway import Boat
from sailing_kit.race.sailing import TurnOption, turns_from_origin

Node = tuple[Point, Direction]
FAR = 10_000
LEVELS = ("easy", "strong")


@dataclass(frozen=True)
class _Graph:
    """The turns of section 2 on one racing area in one wind, backwards: for each
    (position, heading), the nodes a turn leads from; for each point, the nodes whose turn
    passes over it."""

    back: dict[Node, list[Node]]
    entered_from: dict[Point, list[Node]]


@lru_cache(maxsize=16)
def _graph(area: Course | OpenWater, wind: Direction) -> _Graph:
    grid, marks = area.grid, set(area.marks)
    open_water = {p for p in grid.points() if p not in marks}
    back: dict[Node, list[Node]] = {}
    entered_from: dict[Point, list[Node]] = {}
    for heading in Direction:
        templates = turns_from_origin(heading, wind, False)
        for x, y in open_water:
            source = ((x, y), heading)
            for option in templates:
                path = [(x + px, y + py) for px, py in option.path]
                if all(p in open_water for p in path):
                    end = ((x + option.position[0], y + option.position[1]), option.heading)
                    back.setdefault(end, []).append(source)
                    for point in path:
                        entered_from.setdefault(point, []).append(source)
    return _Graph(back, entered_from)


@lru_cache(maxsize=256)
def turns_to(area: Course | OpenWater, wind: Direction, targets: frozenset[Point]) -> dict[Node, int]:
    """The fewest turns from every (position, heading) to end on, or pass over, a target."""
    graph = _graph(area, wind)
    distance: dict[Node, int] = {(point, heading): 0 for point in targets for heading in Direction}
    queue: deque[Node] = deque(distance)
    for point in targets:
        for source in graph.entered_from.get(point, ()):
            if source not in distance:
                distance[source] = 1
                queue.append(source)
    while queue:
        node = queue.popleft()
        for source in graph.back.get(node, ()):
            if source not in distance:
                distance[source] = distance[node] + 1
                queue.append(source)
    return distance


def waypoint(state: RaceState, boat: Boat) -> frozenset[Point]:
    """Where ``boat`` should head next: open water to serve a penalty it owes, else the next
    point of progress on its leg."""
    area, leg = state.area, state.leg(boat.name)
    x, y = boat.position
    if state.umpire.owes(boat.name):
        return _clear_water(state, boat)
    if isinstance(area, OpenWater):
        row = area.finish_row if area.finish_row is not None else area.height - 1
        return frozenset((i, row) for i in range(area.width))
    row = area.gate_row
    if leg.kind == "start":
        if state.rounds < START_MOVES - 2 or y >= row:
            centre = (area.buoy[0] + area.committee[0]) // 2
            return frozenset({(centre, row - 2)})
        return frozenset((px, row + 1) for px, _ in area.line)
    if leg.kind == "finish" or (leg.kind == "down" and y > row):
        return frozenset(area.line)
    if leg.kind == "down":
        return frozenset((mark[0], row - k) for mark in (area.buoy, area.committee)
                         for k in (1, 2) if row - k >= 0)
    rounding = leg.roundings[0] if len(leg.roundings) == 1 else min(
        leg.roundings, key=lambda r: chebyshev(r.mark, boat.position))
    mx, my = rounding.mark
    if leg.kind == "reach":
        return frozenset({step(rounding.mark, rounding.towards)})
    above = [k for k in (1, 2) if my + k < area.height]
    return frozenset((mx if x < mx else mx - 1, my + k) for k in above)


def _clear_water(state: RaceState, boat: Boat) -> frozenset[Point]:
    """Points at least 2 intersections from every mark and every other boat (§3.4 penalty)."""
    others = [b.position for b in state.boats if b.name != boat.name] + list(state.area.marks)
    return frozenset(p for p in state.area.grid.square_around(boat.position, 4)
                     if all(chebyshev(p, o) >= 2 for o in others))


def make_bot(level: str = "strong") -> Callable[[RaceState], object]:
    """A bot function (state -> action) of the given strength: "easy" or "strong"."""
    if level not in LEVELS:
        raise ValueError(f"the bot's level is one of {', '.join(LEVELS)}, not {level!r}")
    strong = level == "strong"

    def choose(state: RaceState) -> object:
        actions = state.legal_actions()
        if state.placing:
            return _placement(state, actions)
        protests = [a for a in actions if isinstance(a, Protest)]
        if protests:
            return protests[0]
        spins = [a for a in actions if isinstance(a, Spin)]
        if spins:
            return spins[0]
        sails = {(a.position, a.heading) for a in actions if isinstance(a, Sail)}
        options = [o for o in state.turn_options() if o.end in sails]
        if not options:
            return Wait()
        target = waypoint(state, state.boat)
        field = turns_to(state.area, state.wind, target)
        best = min(options, key=lambda o: _cost(state, o, target, field, strong))
        return Sail(best.position, best.heading)

    choose.__name__ = f"{level}_bot"
    return choose


def _placement(state: RaceState, places: list) -> Place:
    """Stand close below the line's middle, heading close-hauled on starboard."""
    area = state.area
    centre = ((area.buoy[0] + area.committee[0]) / 2, area.gate_row - 2) \
        if isinstance(area, Course) else (area.width / 2, 1)
    starboard = state.wind.rotate(-1)
    return min(places, key=lambda p: ((p.position[0] - centre[0]) ** 2
                                      + (p.position[1] - centre[1]) ** 2,
                                      p.heading != starboard))


def _cost(state: RaceState, option: TurnOption, target: frozenset[Point],
          field: dict[Node, int], strong: bool) -> tuple:
    boat = state.boat
    remaining = 0 if target & {boat.position, *option.path} else field.get(option.end, FAR)
    remaining += not option.path  # standing still never brings the mark closer
    if not strong:
        return (remaining,)
    moved = tuple(boat.moved(option.position, option.heading) if b.name == boat.name else b
                  for b in state.boats)
    fouls = len(infringements(moved, state.wind, marks=state.area.marks,
                              start=state.in_start_procedure, mover=boat.name))
    lull = 2 if option.lulled and state.options.lull_skips_turn else int(option.lulled)
    covering = any(step(option.position, state.wind.opposite) == other.position
                   for other in state.boats if other.name != boat.name)
    return (fouls + _start_risk(state, boat, option), remaining + lull, -option.gusts,
            not covering)


def _start_risk(state: RaceState, boat: Boat, option) -> int:
    """Fouls of §3.1 this turn would commit: a third turn on one spot, the line in moves 6-7."""
    if not state.in_start_procedure:
        return 0
    index = state.names.index(boat.name)
    stays = not option.path and state.stayed[index] >= 2
    on_line = state.move_number >= 6 and any(p in state.area.line for p in option.path)
    return int(stays) + int(on_line)
