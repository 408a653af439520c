"""Computer sailors for Race the Wind.

Both bots head for the next mark by the fewest turns (a breadth-first search over the section-2
turns, run backwards once per wind and target and cached), claim penalties they are owed and serve
their own. They sail real roundings (§1): from the approach side straight across the mark's
rounding ray, from the far side first round the course side of the mark, never across a passage
the wrong way (the searches treat the lines not to cross as walls). The ``"strong"`` bot also
keeps clear of infringements, steers round yellow lulls, rides gusts, avoids the
start-procedure fouls and covers a rival when it can; the ``"easy"`` bot just sails the
shortest route.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import cast

from sailing_kit.core.bots import Bot, BotFactory, make_bot
from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point, chebyshev, step
from sailing_kit.race.actions import Sail
from sailing_kit.race.course import Course, GateLine, OpenWater, Rounding
from sailing_kit.race.engagement import infringements
from sailing_kit.race.game import START_MOVES, Place, Protest, RaceState, Spin, Wait
from sailing_kit.race.legs import counts, follow
from sailing_kit.race.rightofway import Boat
from sailing_kit.race.sailing import TurnOption, turns_from_origin

Node = tuple[Point, Direction]
Wall = Rounding | GateLine
FAR = 10_000


@lru_cache(maxsize=16)
def _graph(area: Course | OpenWater, wind: Direction) -> dict[Node, list[Node]]:
    """The turns of section 2 on one racing area in one wind that stay in open water, read
    backwards: for each (position, heading), the nodes a turn leads there from."""
    width, height, marks = area.width, area.height, set(area.marks)
    back: dict[Node, list[Node]] = {}
    for heading in Direction:
        for option in turns_from_origin(heading, wind, False):
            xs, ys = [p[0] for p in option.path] or [0], [p[1] for p in option.path] or [0]
            (ex, ey), turned = option.position, option.heading
            for y in range(max(0, -min(ys)), min(height, height - max(ys))):
                for x in range(max(0, -min(xs)), min(width, width - max(xs))):
                    if (x, y) in marks or (marks and not marks.isdisjoint(
                            (x + px, y + py) for px, py in option.path)):
                        continue
                    back.setdefault(((x + ex, y + ey), turned), []).append(((x, y), heading))
    return back


def _passing(area: Course | OpenWater, wind: Direction,
             points: frozenset[Point]) -> dict[Node, set[Node]]:
    """The turns in open water that pass over one of ``points``: for each end, its sources."""
    water, marks = area.grid, set(area.marks)
    found: dict[Node, set[Node]] = {}
    for (tx, ty) in points:
        for heading in Direction:
            for option in turns_from_origin(heading, wind, False):
                for px, py in option.path:
                    x, y = tx - px, ty - py
                    track = [(x, y), *((x + qx, y + qy) for qx, qy in option.path)]
                    if all(q in water and q not in marks for q in track):
                        end = ((x + option.position[0], y + option.position[1]), option.heading)
                        found.setdefault(end, set()).add(((x, y), heading))
    return found


@lru_cache(maxsize=64)
def _walled(area: Course | OpenWater, wind: Direction,
            walls: tuple[Wall, ...]) -> tuple[frozenset[Point], dict[Node, set[Node]]]:
    """The points of the walls, and the turns (for each end, its sources) that pass over one
    of them; a turn made from one of them is not taken either, so no turn crosses a wall."""
    points = frozenset(p for wall in walls for p in _wall_points(area, wall))
    return points, _passing(area, wind, points)


def _wall_points(area: Course | OpenWater, wall: Wall) -> list[Point]:
    """The intersections a track must avoid so as never to cross ``wall``: the gate's line, or
    a ray's points beyond its mark (with the points beside it for a diagonal ray, which a
    diagonal step could cross between intersections)."""
    if isinstance(wall, GateLine):
        return [(x, wall.row) for x in range(wall.buoy[0] + 1, wall.committee[0])]
    (dx, dy), (mx, my) = wall.towards.vector, wall.mark
    width = 1 if dx and dy else 0
    return [p for p in area.grid.points() if abs(wall.side(p)) <= width
            and dx * (p[0] - mx) + dy * (p[1] - my) > 0]


@lru_cache(maxsize=256)
def turns_to(area: Course | OpenWater, wind: Direction, targets: frozenset[Point],
             walls: tuple[Wall, ...] = ()) -> dict[Node, int]:
    """The fewest turns from every (position, heading) to end on, or pass over, a target,
    never crossing a wall."""
    back = _graph(area, wind)
    points, blocked = _walled(area, wind, walls) if walls else (frozenset(), {})
    distance: dict[Node, int] = {(point, heading): 0 for point in targets for heading in Direction}
    queue: deque[Node] = deque(distance)
    for end, sources in _passing(area, wind, targets).items():
        for source in sources - blocked.get(end, set()):
            if source not in distance and source[0] not in points:
                distance[source] = 1
                queue.append(source)
    none: set[Node] = set()
    while queue:
        node = queue.popleft()
        further, barred = distance[node] + 1, blocked.get(node, none)
        for source in back.get(node, ()):
            if source in distance or source in barred or source[0] in points:
                continue
            distance[source] = further
            queue.append(source)
    return distance


def waypoint(state: RaceState, boat: Boat) -> tuple[frozenset[Point], tuple[Wall, ...]]:
    """Where ``boat`` should head next, and the lines it must not cross on the way: open water
    to serve a penalty it owes, else the next point of progress on its leg."""
    area, leg = state.area, state.leg(boat.name)
    y = boat.position[1]
    if state.umpire.owes(boat.name):
        return _clear_water(state, boat), ()
    if isinstance(area, OpenWater):
        row = area.finish_row if area.finish_row is not None else area.height - 1
        return frozenset((i, row) for i in range(area.width)), ()
    row = area.gate_row
    if leg.kind == "start":
        if state.rounds < START_MOVES - 2 or y >= row:
            centre = (area.buoy[0] + area.committee[0]) // 2
            return frozenset({(centre, row - 2)}), ()
        return frozenset((px, row + 1) for px, _ in area.line), ()
    if leg.kind == "finish":
        return frozenset(area.line), ()
    passage = min(leg.passages, key=lambda p: chebyshev(_anchor(p), boat.position))
    if isinstance(passage, GateLine):
        if passage.side(boat.position) >= 0:  # through the gate, not round it outside
            return frozenset((x, row - 1) for x, _ in area.line), (
                Rounding(area.buoy, Direction.W, True), Rounding(area.committee, Direction.E, True))
        return frozenset((x, row + 1) for x, _ in area.line), (passage,)
    mark, marks = passage.mark, set(area.marks)
    if passage.side(boat.position) < 0:  # the approach side: across the rounding ray
        beyond = (step(mark, passage.towards, k) for k in (1, 2))
        return frozenset(p for p in beyond if p in area.grid and p not in marks), (
            Rounding(mark, passage.towards.opposite, passage.clockwise),)
    around = area.grid.square_around(mark, 2)  # the far side: back round the course side
    return frozenset(p for p in around if passage.side(p) < 0 and p not in marks), (passage,)


def _anchor(passage: Wall) -> Point:
    """Where a passage lies: its mark, or the middle of the gate."""
    if isinstance(passage, GateLine):
        return ((passage.buoy[0] + passage.committee[0]) // 2, passage.row)
    return passage.mark


def _clear_water(state: RaceState, boat: Boat) -> frozenset[Point]:
    """Points at least 2 intersections from every mark and every other boat (§3.4 penalty)."""
    others = [b.position for b in state.boats if b.name != boat.name] + list(state.area.marks)
    return frozenset(p for p in state.area.grid.square_around(boat.position, 4)
                     if all(chebyshev(p, o) >= 2 for o in others))


def _racer(level: str) -> Bot:
    """A bot function (state -> action) of the given strength: "easy" or "strong"."""
    strong = level == "strong"

    def choose(state: RaceState) -> object:
        actions = state.legal_actions()
        if state.placing:
            return _placement(state, [a for a in actions if isinstance(a, Place)])
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
        target, walls = waypoint(state, state.boat)
        field = turns_to(state.area, state.wind, target, walls)
        best = min(options, key=lambda o: _cost(state, o, target, field, strong))
        return Sail(best.position, best.heading)

    choose.__name__ = f"{level}_bot"
    return cast(Bot, choose)


BOTS: dict[str, BotFactory] = {
    "strong": lambda seed: _racer("strong"),
    "easy": lambda seed: _racer("easy"),
}
"""The bots by name: "strong" (the default) and "easy" (deterministic: the seed is ignored)."""


def make(name: str = "default", seed: int | None = None) -> Bot:
    """The bot called ``name`` (see :data:`BOTS`; ``"default"`` is the strong one)."""
    return make_bot(BOTS, name, seed)


def _placement(state: RaceState, places: list[Place]) -> Place:
    """Stand close below the line's middle, heading close-hauled on starboard."""
    area = state.area
    centre = ((area.buoy[0] + area.committee[0]) / 2, area.gate_row - 2) \
        if isinstance(area, Course) else (area.width / 2, 1)
    starboard = state.wind.rotate(-1)
    return min(places, key=lambda p: ((p.position[0] - centre[0]) ** 2
                                      + (p.position[1] - centre[1]) ** 2,
                                      p.heading != starboard))


def _cost(state: RaceState, option: TurnOption, target: frozenset[Point],
          field: dict[Node, int], strong: bool) -> tuple[float, ...]:
    boat = state.boat
    remaining = _remaining(state, option, target, field)
    if not strong:
        return (remaining,)
    moved = tuple(boat.moved(option.position, option.heading) if b.name == boat.name else b
                  for b in state.boats)
    waters = state.waters()
    fouls = len(infringements(moved, waters, before=boat, waters_before=waters))
    lull = 2 if option.lulled and state.options.lull_skips_turn else int(option.lulled)
    covering = any(step(option.position, state.wind.opposite) == other.position
                   for other in state.boats if other.name != boat.name)
    return (fouls + _start_risk(state, boat, option), remaining + lull, -option.gusts,
            not covering)


def _remaining(state: RaceState, option: TurnOption, target: frozenset[Point],
               field: dict[Node, int]) -> int:
    """Turns still to sail after ``option``: none once it completes the leg or reaches the
    target; far away if it crosses a passage the wrong way (§1: that must be undone)."""
    boat = state.boat
    index = state.names.index(boat.name)
    leg, winding = state.legs[index], state.windings[index]
    progress = follow(state.area, state.course_legs, leg, winding, (boat.position, *option.path),
                      started=not state.in_start_procedure)
    if progress.leg > leg or progress.finished:
        return 0
    if any(after < before for after, before in
           zip(progress.winding, counts(state.course_legs[leg], winding))):
        return FAR
    still = int(not option.path)  # standing still never brings the mark closer
    return still + (0 if target & {boat.position, *option.path} else field.get(option.end, FAR))


def _start_risk(state: RaceState, boat: Boat, option: TurnOption) -> int:
    """Fouls of §3.1 this turn would commit: a third turn on one spot, the line in moves 6-7
    (standing on it included)."""
    if not state.in_start_procedure:
        return 0
    index = state.names.index(boat.name)
    stays = not option.path and state.stayed[index] >= 2
    on_line = state.move_number >= 6 and any(p in state.area.line
                                             for p in (boat.position, *option.path))
    return int(stays) + int(on_line)
