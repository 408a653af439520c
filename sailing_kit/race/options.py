"""The options of a race of Race the Wind: the course, the boats, the variants of §3.8 and the
kit's options, each checked when the race is set up."""

from __future__ import annotations

from dataclasses import dataclass

from sailing_kit.core import options as opt
from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point, parse_point
from sailing_kit.race.course import Course, OpenWater, standard_course
from sailing_kit.race.tokens import BOX_TOKENS, token_limits_broken


@dataclass(frozen=True)
class RaceOptions:
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
        opt.whole_number(self.boats, "boats", 2, 5)
        opt.choice(self.course, "course", ("full", "short", "open"))
        if self.tokens is not None:
            opt.whole_number(self.tokens, "tokens", 0, BOX_TOKENS)
        for name in ("flags", "cover", "start_procedure", "umpire", "lull_skips_turn",
                     "wind_shifts"):
            opt.flag(getattr(self, name), name)
        set_(self, "wind", opt.direction(self.wind, "wind"))
        opt.whole_number(self.max_rounds, "max_rounds", 1)
        set_(self, "marks", opt.points(self.marks, "marks"))
        for colour in ("yellow", "blue"):
            if getattr(self, colour) is not None:
                set_(self, colour, opt.points(getattr(self, colour), colour))
        if self.positions is not None:
            try:
                set_(self, "positions", tuple((parse_point(p), Direction.parse(h))
                                              for p, h in self.positions))
            except (TypeError, ValueError) as error:
                raise ValueError(f"option 'positions': a list of ((x, y), heading): {error}") from None
            if len(self.positions) != self.boats:
                raise ValueError(f"option 'positions' gives {len(self.positions)} boats, "
                                 f"option 'boats' says {self.boats}")
        for name, low, high in (("width", 3, 40), ("height", 3, 60), ("laps", 1, 9)):
            if getattr(self, name) is not None:
                opt.whole_number(getattr(self, name), name, low, high)
        if self.flag_rows is not None:
            set_(self, "flag_rows", opt.whole_numbers(self.flag_rows, "flag_rows", 0, 59))
        if self.course == "open":
            if self.positions is None:
                raise ValueError("in open water, option 'positions' says where the boats are")
            if self.finish_row is not None:
                opt.whole_number(self.finish_row, "finish_row", 1, (self.height or 15) - 1)
        area = self.area()  # validates course and variant
        if self.yellow is not None or self.blue is not None:
            placed = set(self.yellow or ()) | set(self.blue or ())
            broken = token_limits_broken(area, placed)
            if broken or any(p not in area.grid for p in placed):
                raise ValueError(f"options 'yellow'/'blue': {broken or 'a token is off the board'}")

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
