"""The points-of-sail drill: one boat on a small grid sails to a mark, turn by turn.

A one-player game on the kit's protocol that exercises section 2 of Race the Wind. The actions
are the ends of a turn (:class:`Sail`); with ``wind_shifts=True`` the compass die is rolled after
every turn (a chance node, section 3.3).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sailing_kit.core import options as opt
from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import IllegalAction
from sailing_kit.core.grid import Grid, Point
from sailing_kit.core.i18n import N_, _, n_
from sailing_kit.core.protocol import CHANCE, GameState, Result
from sailing_kit.draw import palette
from sailing_kit.draw.gridview import GridView
from sailing_kit.draw.scene import Scene
from sailing_kit.draw.wind import draw_wind
from sailing_kit.race import drawing
from sailing_kit.race.actions import (
    DRILL_TYPES,
    Sail,
    WindShift,
    action_to_json,
    read_drill_action,
)
from sailing_kit.race.sailing import PointOfSail, Tack, TurnOption, point_of_sail, tack, turn_options
from sailing_kit.race.wind import COMPASS_DIE, compass_die_outcomes, compass_name, no_such_face


@dataclass(frozen=True)
class DrillOptions:
    width: int = 9
    height: int = 12
    start: Point = (4, 1)
    heading: Direction = Direction.NE
    wind: Direction = Direction.N
    mark: Point = (4, 9)
    wind_shifts: bool = False
    start_rules: bool = False
    """True: the start's rules, where a manoeuvre may end head to wind (section 2)."""
    max_turns: int | None = None

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "width", opt.whole_number(self.width, "width", 3, 40))
        set_(self, "height", opt.whole_number(self.height, "height", 3, 60))
        set_(self, "start", opt.point(self.start, "start"))
        set_(self, "mark", opt.point(self.mark, "mark"))
        set_(self, "heading", opt.direction(self.heading, "heading"))
        set_(self, "wind", opt.direction(self.wind, "wind"))
        opt.flag(self.wind_shifts, "wind_shifts")
        opt.flag(self.start_rules, "start_rules")
        if self.max_turns is not None:
            opt.whole_number(self.max_turns, "max_turns", 1)
        grid = Grid(self.width, self.height)
        for name in ("start", "mark"):
            if getattr(self, name) not in grid:
                raise ValueError(_(
                    "option '{name}' {position} is off the {width} x {height} grid (x from 0 to "
                    "{last_x}, y from 0 to {last_y})", name=name, position=getattr(self, name),
                    width=self.width, height=self.height, last_x=self.width - 1,
                    last_y=self.height - 1))
        if self.start == self.mark:
            raise ValueError(_("the boat cannot start on the mark"))


_BOAT = N_("the boat")
"""The drill's one player, as its result names it."""


class DrillState(GameState[Sail | WindShift]):
    """One boat, a wind and a mark. ``str(state)`` describes it; in a notebook it draws itself."""

    GAME = "race-drill"
    ACTION_TYPES = DRILL_TYPES

    def __init__(self, seed: int | None, options: DrillOptions):
        super().__init__(seed, options)
        self.grid = Grid(options.width, options.height)
        self.position: Point = options.start
        self.heading: Direction = options.heading
        self.wind: Direction = options.wind
        self.turns = 0
        self.reached = False
        self.awaiting_wind = False

    @classmethod
    def new(cls, seed: int | None = None, **options: Any) -> DrillState:
        return cls(seed, opt.build_options(DrillOptions, options))

    # ----- the position -----------------------------------------------------------------------
    @property
    def point_of_sail(self) -> PointOfSail:
        return point_of_sail(self.heading, self.wind)

    @property
    def tack(self) -> Tack | None:
        return tack(self.heading, self.wind)

    def turn_options(self) -> list[TurnOption]:
        """The ends of this turn that keep the boat on the grid, with their move sequences."""
        return [
            option
            for option in turn_options(self.position, self.heading, self.wind,
                                       start=self.options.start_rules)
            if all(point in self.grid for point in option.path)
        ]

    # ----- protocol -----------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return 1

    @property
    def current_player(self) -> int | None:
        if self.is_over():
            return None
        return CHANCE if self.awaiting_wind else 0

    def legal_actions(self) -> list[Sail | WindShift]:
        if self.is_over():
            return []
        if self.awaiting_wind:
            return [outcome for outcome, _ in self.chance_outcomes()]
        return [Sail(o.position, o.heading) for o in self.turn_options()]

    def action_space(self) -> list[Sail | WindShift]:
        """Every action of the drill's form, legal now or not (for tests and tools)."""
        return [Sail(p, h) for p in self.grid.points() for h in Direction] + [
            WindShift(w) for w in Direction
        ]

    def chance_outcomes(self) -> list[tuple[Sail | WindShift, Fraction]]:
        if not self.awaiting_wind or self.is_over():
            return []
        return [(WindShift(wind), p) for wind, p in compass_die_outcomes()]

    def read_action(self, value: Any) -> Sail | WindShift:
        return read_drill_action(value)

    def action_to_json(self, action: Sail | WindShift) -> Any:
        return action_to_json(action)

    def check(self, action: Sail | WindShift) -> None:
        if isinstance(action, WindShift):
            if not self.awaiting_wind:
                raise IllegalAction(
                    _("the wind changes only when the compass die is rolled after a turn (§3.3)")
                )
            if action.wind not in COMPASS_DIE:
                raise IllegalAction(no_such_face(action.wind))
            return
        if self.awaiting_wind:
            raise IllegalAction(_("the wind is changing: roll the compass die first (§3.3)"))
        if any(o.end == (action.position, action.heading) for o in self.turn_options()):
            return
        raise IllegalAction(self._why_unreachable(action))

    def _why_unreachable(self, action: Sail) -> str:
        sailing = self.point_of_sail
        open_water = turn_options(self.position, self.heading, self.wind,
                                  start=self.options.start_rules)
        if any(o.end == (action.position, action.heading) for o in open_water):
            return _("that turn would take the boat off the board")
        if (not self.options.start_rules
                and point_of_sail(action.heading, self.wind) is PointOfSail.HEAD_TO_WIND
                and action.position == self.position):
            return _("§2: a manoeuvre may not leave the boat head to wind during the race "
                     "(only during the start)")
        return _("§2: a boat {sailing} (heading {heading}, wind from {wind}) may make "
                 "{allowance}; it cannot end at {position} heading {end_heading} this turn",
                 sailing=sailing.phrase, heading=compass_name(self.heading),
                 wind=compass_name(self.wind), allowance=sailing.allowance,
                 position=action.position, end_heading=compass_name(action.heading))

    def _apply(self, action: Sail | WindShift) -> None:
        if isinstance(action, WindShift):
            self.wind = action.wind
            self.awaiting_wind = False
            return
        option = next(o for o in self.turn_options()
                      if o.end == (action.position, action.heading))
        self.position, self.heading = action.position, action.heading
        self.turns += 1
        self.reached = self.options.mark in option.path
        self.awaiting_wind = self.options.wind_shifts and not self.is_over()

    def _snapshot(self) -> tuple[Any, ...]:
        return (self.position, self.heading, self.wind, self.turns, self.reached, self.awaiting_wind)

    def _restore(self, snapshot: tuple[Any, ...]) -> None:
        (self.position, self.heading, self.wind, self.turns, self.reached,
         self.awaiting_wind) = snapshot

    @property
    def result(self) -> Result | None:
        if self.reached:
            return Result.ranked((0,), 1, n_("reached the mark in {count} turn",
                                             "reached the mark in {count} turns", self.turns),
                                 (self.turns,), (_(_BOAT),))
        if self.options.max_turns is not None and self.turns >= self.options.max_turns:
            return Result.ranked((), 1, n_("the {count} turn ran out before the mark",
                                           "the {count} turns ran out before the mark",
                                           self.options.max_turns), (self.turns,), (_(_BOAT),))
        if not self.awaiting_wind and not self.turn_options():
            return Result.ranked((), 1, _("the boat is stuck at the edge: {sailing} it must "
                                          "make {allowance}, and every way leaves the board",
                                          sailing=self.point_of_sail.phrase,
                                          allowance=self.point_of_sail.allowance),
                                 (self.turns,), (_(_BOAT),))
        return None

    # ----- display ------------------------------------------------------------------------------
    def describe(self) -> str:
        side = self.tack.words if self.tack else _("no tack")
        lines: list[str] = [
            _("Boat at {position} heading {heading}; wind from {wind}: {sailing}, {tack}.",
              position=self.position, heading=compass_name(self.heading),
              wind=compass_name(self.wind), sailing=self.point_of_sail.words, tack=side),
            _("Mark at {position}. Turns sailed: {turns}.", position=self.options.mark,
              turns=self.turns),
        ]
        result = self.result
        if result is not None:
            lines.append(_("Over: {reason}.", reason=result.reason))
        elif self.awaiting_wind:
            lines.append(_("Waiting for the compass die to set the wind."))
        else:
            lines.append(_("This turn allows {allowance}; it can end at:",
                           allowance=self.point_of_sail.allowance))
            lines.extend(f"  - {o.describe()}" for o in self.turn_options())
        return "\n".join(lines)

    def grid_view(self) -> GridView:
        """Where the drill's grid lies in its picture."""
        return GridView(self.options.width, self.options.height, top=56)

    def scene(self, selected: TurnOption | None = None, show_options: bool = True,
              route: list[TurnOption] | None = None, last: Sequence[Point] = ()) -> Scene:
        """The picture; ``selected`` highlights one option, ``route`` draws a planned route,
        ``last`` marks the last turn (where the boat stood, then each point it passed)."""
        view = self.grid_view()
        width, height = view.size
        scene = Scene(width, height, title=self.describe().splitlines()[0],
                      background=palette.WATER)
        view.draw_grid(scene)
        draw_wind(scene, (width - 40, 30), self.wind, length=36)
        sailing = self.point_of_sail.words
        scene.text((8, 16), _("{sailing}, {tack}", sailing=sailing, tack=self.tack.words)
                   if self.tack else sailing, size=14, colour=palette.INK, anchor="start",
                   bold=True)
        scene.text((8, 36), _("turns: {turns}", turns=self.turns), size=12, colour=palette.MUTED,
                   anchor="start")
        drawing.draw_mark(scene, view, self.options.mark, _("mark"))
        drawing.draw_no_go(scene, view, self.position, self.wind)
        if route:
            drawing.draw_route(scene, view, self.position, route)
        elif show_options and not self.is_over() and not self.awaiting_wind:
            drawing.draw_options(scene, view, self.position, self.turn_options(), selected)
        drawing.draw_last_move(scene, view, last, latest=True)
        with scene.piece("boat", path=[view.pixel(p) for p in last]):
            drawing.draw_boat(scene, view, self.position, self.heading, self.wind)
        return scene


def new_drill(seed: int | None = None, **options: Any) -> DrillState:
    """A points-of-sail drill. Options: width, height, start, heading, wind, mark (grid points
    as (x, y), directions as "N", "NE", ...), wind_shifts, start_rules, max_turns."""
    return DrillState.new(seed, **options)
