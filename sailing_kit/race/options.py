"""The options of a race of Race the Wind: the course, the boats, the variants of §3.8 and the
kit's options, each checked when the race is set up, against the area they describe too (every
mark, token and flag on it, one token a point)."""

from __future__ import annotations

from dataclasses import dataclass

from sailing_kit.core import options as opt
from sailing_kit.core import reading
from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import _
from sailing_kit.race.course import Course, OpenWater, standard_course
from sailing_kit.race.tokens import BOX_TOKENS, token_limits_broken

MAX_BOATS = 5
MAX_ROUNDS = 10_000
"""The longest race ``max_rounds`` allows (a race of the full course lasts about 60 rounds)."""
MAX_MARKS = 10
"""The most marks an open-water practice lays."""


@dataclass(frozen=True)
class RaceOptions:
    """Every count and list has an upper bound: ``boats`` 2-5, ``tokens`` and the hand-placed
    ``yellow`` and ``blue`` at most 80 in all (the box), ``positions`` one per boat, ``width``
    3-40, ``height`` 3-60, ``laps`` 1-9, ``flag_rows`` one per row at most, ``marks`` at most
    :data:`MAX_MARKS`, ``max_rounds`` at most :data:`MAX_ROUNDS`."""

    boats: int = 2
    course: str = "full"
    """"full" (the text's 15 x 29 course, three laps), "short" (11 x 17, one lap) or "open"
    (open water: no course, marks and a finish row given below)."""
    variant: str = "standard"
    """"standard", "two_windward" (fig. 15-a) or "triangle" (fig. 15-b)."""
    tokens: int | None = None
    """Tokens in play (half yellow, half blue, less each boat's reserve yellow); None: 80 on the
    full course, 36 on the short one, none in open water; 0 plays without (§3.8)."""
    yellow: tuple[Point, ...] | None = None
    blue: tuple[Point, ...] | None = None
    """Tokens placed by hand (a scenario) instead of at random; the §3.2 limits still apply."""
    flags: bool = True
    """Wind changes at the flags (§3.3); False removes them (§3.8)."""
    cover: bool = True
    """Wind cover (§3.5); False plays without (§3.8)."""
    start_procedure: bool = True
    """The 7-move start (§3.1); False starts the boats racing from their positions."""
    positions: tuple[tuple[Point, Direction], ...] | None = None
    """Where the boats begin (in turn order); None: each is placed before the start."""
    umpire: bool = False
    """True: the umpire claims every infringement at once and explains it (§3.4)."""
    lull_skips_turn: bool = True
    """True: a yellow lull also costs the boat its next turn ("stand still for 1 turn")."""
    width: int | None = None
    height: int | None = None
    laps: int | None = None
    flag_rows: tuple[int, ...] | None = None
    """The size of the area (default: the preset's; 13 x 15 in open water), the number of laps
    and the rows of the flags, if the players agree on others (§1)."""
    marks: tuple[Point, ...] = ()
    finish_row: int | None = None
    wind_shifts: bool = False
    """Open water only: the marks, the finish row, and a compass-die roll each round."""
    wind: Direction = Direction.N
    max_rounds: int = 400

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        opt.whole_number(self.boats, "boats", 2, MAX_BOATS)
        opt.choice(self.course, "course", ("full", "short", "open"))
        if self.tokens is not None:
            opt.whole_number(self.tokens, "tokens", 0, BOX_TOKENS)
        for name in ("flags", "cover", "start_procedure", "umpire", "lull_skips_turn",
                     "wind_shifts"):
            opt.flag(getattr(self, name), name)
        set_(self, "wind", opt.direction(self.wind, "wind"))
        opt.whole_number(self.max_rounds, "max_rounds", 1, MAX_ROUNDS)
        set_(self, "marks", opt.points(self.marks, "marks", most=MAX_MARKS))
        opt.distinct(self.marks, "marks", "mark")
        for colour in ("yellow", "blue"):
            if getattr(self, colour) is not None:
                set_(self, colour, opt.points(getattr(self, colour), colour, most=BOX_TOKENS))
                opt.distinct(getattr(self, colour), colour, "point")
        if self.positions is not None:
            set_(self, "positions", reading.items(self.positions, _position, "option 'positions'",
                                                  most=MAX_BOATS, error=ValueError))
            if len(self.positions) != self.boats:
                raise ValueError(_("option 'positions' gives {given} boats, option 'boats' says "
                                   "{boats}", given=len(self.positions), boats=self.boats))
        for name, low, high in (("width", 3, 40), ("height", 3, 60), ("laps", 1, 9)):
            if getattr(self, name) is not None:
                opt.whole_number(getattr(self, name), name, low, high)
        if self.flag_rows is not None:
            set_(self, "flag_rows", opt.whole_numbers(self.flag_rows, "flag_rows", 0, 59, most=60))
            opt.distinct(self.flag_rows, "flag_rows", "row")
        if self.course == "open":
            if self.positions is None:
                raise ValueError(_("in open water, option 'positions' says where the boats are"))
            if self.finish_row is not None:
                opt.whole_number(self.finish_row, "finish_row", 1, (self.height or 15) - 1)
        area = self.area()  # validates course and variant
        self._check_on_the_area(area)

    def _check_on_the_area(self, area: Course | OpenWater) -> None:
        """Every mark, flag and token on the area; one token a point, 80 in the box."""
        off = next((mark for mark in self.marks if mark not in area.grid), None)
        if off is not None:
            raise ValueError(_("option 'marks': the mark at {position} is off the {width} x "
                               "{height} area", position=off, width=area.width,
                               height=area.height))
        if any(row >= area.height for row in self.flag_rows or ()):
            raise ValueError(_("option 'flag_rows': the area has rows 0 to {last}",
                               last=area.height - 1))
        if self.yellow is None and self.blue is None:
            return
        yellow, blue = set(self.yellow or ()), set(self.blue or ())
        if len(yellow) + len(blue) > BOX_TOKENS:
            raise ValueError(_("options 'yellow'/'blue': the box holds {box} tokens, not {count}",
                               box=BOX_TOKENS, count=len(yellow) + len(blue)))
        both = sorted(yellow & blue)
        if both:
            raise ValueError(_("options 'yellow'/'blue': one token a point, but {position} is "
                               "given both a yellow and a blue token", position=both[0]))
        placed = yellow | blue
        broken = token_limits_broken(area, placed)
        if broken or any(p not in area.grid for p in placed):
            raise ValueError(_("options 'yellow'/'blue': {broken}",
                               broken=broken or _("a token is off the board")))

    def area(self) -> Course | OpenWater:
        if self.course == "open":
            return OpenWater(self.width or 13, self.height or 15, self.marks, self.finish_row)
        return standard_course(self.course, self.variant, width=self.width, height=self.height,
                               laps=self.laps, flags=self.flag_rows)

    @property
    def token_count(self) -> int:
        if self.tokens is not None:
            return self.tokens
        return {"full": BOX_TOKENS, "short": 36, "open": 0}[self.course]


def _position(item: object) -> tuple[Point, Direction]:
    """A boat's ``((x, y), heading)``."""
    pair = reading.items(item, lambda part: part, "each of option 'positions', ((x, y), heading),",
                         fewest=2, most=2, error=ValueError)
    return opt.point(pair[0], "positions"), opt.direction(pair[1], "positions")
