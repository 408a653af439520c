"""Route finding over the sailing model: the fewest turns from one place to another."""

from __future__ import annotations

from collections import deque
from collections.abc import Container

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Box, Point, parse_point
from sailing_kit.race.sailing import TurnOption, turn_options

_Node = tuple[Point, Direction]


def fewest_turns(
    position: Point,
    heading: Direction | str,
    wind: Direction | str,
    target: Point,
    *,
    within: Container[Point] | None = None,
) -> list[TurnOption] | None:
    """The shortest list of turns that brings a boat onto ``target`` (ending there, or passing
    over it during a turn), by breadth-first search over :func:`turn_options` in a steady wind;
    ``[]`` if the boat is already there, ``None`` if it cannot get there.

    Every intersection the boat enters must lie ``within`` the sailing area (a Grid or Box);
    by default, the box around start and target grown by 4 intersections.
    """
    start: _Node = (parse_point(position, "position"), Direction.parse(heading))
    target = parse_point(target, "target")
    area = within if within is not None else Box.around(start[0], target, margin=4)
    came_from: dict[_Node, tuple[_Node, TurnOption] | None] = {start: None}
    queue = deque([start])
    if start[0] == target:
        return []
    while queue:
        here = queue.popleft()
        for option in turn_options(here[0], here[1], wind):
            if option.end in came_from or not all(p in area for p in option.path):
                continue
            came_from[option.end] = (here, option)
            if target in option.path:
                return _route(came_from, option.end)
            queue.append(option.end)
    return None


def _route(came_from: dict[_Node, tuple[_Node, TurnOption] | None], end: _Node) -> list[TurnOption]:
    route: list[TurnOption] = []
    link = came_from[end]
    while link is not None:
        previous, option = link
        route.append(option)
        link = came_from[previous]
    return route[::-1]
