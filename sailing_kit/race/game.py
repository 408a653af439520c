"""Race the Wind, the whole race (§1-§3.8), on the kit's game protocol.

Boats take turns in a fixed order. Before the start each boat is placed (§3.1); then seven moves
of start procedure; from the eighth move a boat starts by crossing the line northwards, sails
the legs of the course rounding each mark the right way, and the first to touch the finish line
wins (§3.7). Tokens (§3.2), wind changes at the flags (§3.3, a chance node: the compass die),
engagements and penalties (§3.4, kept by an :class:`Umpire`), wind cover (§3.5) and the zone at
the marks (§3.6) all apply. ``new_practice`` is the same engine in open water.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sailing_kit.core import options as opt
from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import IllegalAction
from sailing_kit.core.grid import Point, parse_point, step
from sailing_kit.core.protocol import CHANCE, GameState, Result
from sailing_kit.draw.scene import Scene
from sailing_kit.race.course import Course, Leg, OpenWater, rounded, standard_course, start_spots
from sailing_kit.race.course_drawing import race_scene
from sailing_kit.race.drill import Sail, WindShift
from sailing_kit.race.engagement import Infringement, infringements, infringements_after_wind_change
from sailing_kit.race.penalties import Umpire
from sailing_kit.race.rightofway import Boat
from sailing_kit.race.sailing import TurnOption, Water, manoeuvres_on_the_spot, turn_options
from sailing_kit.race.situation import sailing_words
from sailing_kit.race.tokens import BOX_TOKENS, place_tokens, token_limits_broken
from sailing_kit.race.wind import COMPASS_DIE, compass_die_outcomes

START_MOVES = 7
"""The start procedure lasts 7 moves; the race starts with the 8th (§3.1)."""
NAMES = "ABCDE"


@dataclass(frozen=True)
class Place:
    """Before the start: put the boat to play at ``position`` with ``heading`` (§3.1)."""

    position: Point
    heading: Direction


@dataclass(frozen=True)
class Protest:
    """The boat to play claims a penalty against ``offender`` (§3.4)."""

    offender: str


@dataclass(frozen=True)
class Spin:
    """One 90-degree manoeuvre of a penalty turn; the first one declares the penalty (§3.4)."""

    clockwise: bool = True


@dataclass(frozen=True)
class Wait:
    """Stand still this turn: becalmed by a yellow lull, or with no legal move."""


Action = Place | Sail | Protest | Spin | Wait | WindShift


@dataclass(frozen=True)
class StartFoul:
    """A breach of the start procedure's prohibitions (§3.1); any opponent may protest it, until
    the end of the next round."""

    offender: str
    point: Point
    reason: str
    round: int

    def may_claim(self, name: str) -> bool:
        return name != self.offender

    def explain(self) -> str:
        return f"{self.offender} broke the start procedure: {self.reason} (§3.1)."


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
        if self.course not in ("full", "short", "open"):
            raise ValueError(f"option 'course' must be 'full', 'short' or 'open', not "
                             f"{self.course!r}")
        if self.tokens is not None:
            opt.whole_number(self.tokens, "tokens", 0, BOX_TOKENS)
        for name in ("flags", "cover", "start_procedure", "umpire", "lull_skips_turn",
                     "wind_shifts"):
            opt.flag(getattr(self, name), name)
        set_(self, "wind", opt.direction(self.wind, "wind"))
        opt.whole_number(self.max_rounds, "max_rounds", 1)
        set_(self, "marks", tuple(opt.point(m, "marks") for m in self.marks))
        for colour in ("yellow", "blue"):
            if getattr(self, colour) is not None:
                set_(self, colour, tuple(opt.point(p, colour) for p in getattr(self, colour)))
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
            set_(self, "flag_rows", tuple(opt.whole_number(r, "flag_rows", 0)
                                          for r in self.flag_rows))
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


class RaceState(GameState[Action]):
    """A race. ``str(state)`` describes it; in a notebook it draws itself."""

    GAME = "race"

    def __init__(self, seed: int | None, options: RaceOptions):
        super().__init__(seed, options)
        self.area = options.area()
        self.course_legs: tuple[Leg, ...] = self.area.legs()
        self.names = NAMES[:options.boats]
        if options.yellow is not None or options.blue is not None:
            self.yellow = frozenset(options.yellow or ())
            self.blue = frozenset(options.blue or ())
        else:
            half = options.token_count // 2
            self.yellow, self.blue = place_tokens(self.area, max(0, half - options.boats), half,
                                                  self.chance)
        self.boats: tuple[Boat, ...] = ()
        self.wind: Direction = options.wind
        self.turn = 0
        self.rounds = 0 if options.start_procedure and isinstance(self.area, Course) \
            else START_MOVES
        first_leg = 1 if isinstance(self.area, Course) and not options.start_procedure else 0
        self.legs: tuple[int, ...] = (first_leg,) * options.boats
        self.tracks: tuple[tuple[Point, ...], ...] = ()
        self.finished: tuple[str, ...] = ()
        self.cover_tokens: tuple[tuple[str, Point], ...] = ()
        self.becalmed: tuple[str, ...] = ()
        self.stayed: tuple[int, ...] = (0,) * options.boats
        self.umpire = Umpire(auto=options.umpire)
        self.spin_sense: tuple[tuple[str, bool], ...] = ()
        self.flags_done: frozenset[tuple[int, int]] = frozenset()
        self.rolls_due = 0
        self.log: tuple[str, ...] = ()
        for position, heading in options.positions or ():
            try:
                self._check_place(Place(position, heading), by_the_rules=False)
            except IllegalAction as refusal:
                raise opt.ConfigError(f"option 'positions': {refusal}") from None
            self._place(Place(position, heading))

    @classmethod
    def new(cls, seed: int | None = None, **options: Any) -> RaceState:
        return cls(seed, opt.build_options(RaceOptions, options))

    # ----- the position -----------------------------------------------------------------------
    @property
    def placing(self) -> bool:
        """Boats are still being placed before the start (§3.1)."""
        return len(self.boats) < self.options.boats

    @property
    def move_number(self) -> int:
        """The move (round) being played: 1-7 are the start procedure, the race starts with 8."""
        return self.rounds + 1

    @property
    def in_start_procedure(self) -> bool:
        return self.rounds < START_MOVES

    @property
    def boat(self) -> Boat:
        """The boat to play."""
        return self.boats[self.turn]

    def leg(self, name: str) -> Leg:
        return self.course_legs[min(self.legs[self.names.index(name)], len(self.course_legs) - 1)]

    @property
    def cover_points(self) -> frozenset[Point]:
        return frozenset(point for _, point in self.cover_tokens)

    def water(self, boat: Boat) -> Water:
        """The water ``boat`` sails in: the board less buoys and other boats, with the tokens."""
        closed = set(self.area.marks) | {b.position for b in self.boats if b.name != boat.name}
        grid = self.area.grid
        return Water(open=lambda p: p in grid and p not in closed,
                     yellow=self.yellow | self.cover_points, blue=self.blue)

    def turn_options(self) -> list[TurnOption]:
        """Every end of the boat's turn allowed now (a boat owing a penalty may not finish). A
        boat with no turn at all (a broad reach against the edge must move first) may turn on
        the spot instead."""
        boat = self.boat
        options = turn_options(boat.position, boat.heading, self.wind,
                               start=self.in_start_procedure, water=self.water(boat))
        if self._owed(boat.name):
            options = [o for o in options if not self._finishes(boat, o)]
        return options or manoeuvres_on_the_spot(boat.position, boat.heading, self.wind,
                                                 start=self.in_start_procedure)

    def _finishes(self, boat: Boat, option: TurnOption) -> bool:
        return self.leg(boat.name).kind == "finish" and \
            self.area.finishes((boat.position, *option.path))

    def _owed(self, name: str) -> int:
        """Penalties owed by ``name``, counting one being served."""
        return self.umpire.owes(name) + bool(self.umpire.moves_left(name))

    # ----- protocol -----------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.options.boats

    @property
    def current_player(self) -> int | None:
        if self.is_over():
            return None
        if self.rolls_due:
            return CHANCE
        return len(self.boats) if self.placing else self.turn

    def legal_actions(self) -> list[Action]:
        if self.is_over():
            return []
        if self.rolls_due:
            return [outcome for outcome, _ in self.chance_outcomes()]
        if self.placing:
            return self._places()
        name = self.boat.name
        protests = [Protest(n) for n in dict.fromkeys(
            i.offender for i in self.umpire.open if i.may_claim(name))]
        if name in self.becalmed:
            return [*protests, Wait()]
        moves: list[Action] = [*self._spins()]
        if not self.umpire.moves_left(name):
            moves += [Sail(o.position, o.heading) for o in self.turn_options()]
        return [*protests, *(moves or [Wait()])]

    def _places(self) -> list[Place]:
        taken = {b.position for b in self.boats} | self.yellow | self.blue
        return [Place(p, h) for p in self._spots() if p not in taken for h in Direction]

    def _spots(self) -> list[Point]:
        if isinstance(self.area, Course):
            return start_spots(self.area, self.options.boats, len(self.boats))
        return [p for p in self.area.grid.points() if p not in self.area.marks]

    def _spins(self) -> list[Spin]:
        name = self.boat.name
        if self.umpire.moves_left(name):
            return [Spin(dict(self.spin_sense)[name])]
        if not self.umpire.owes(name):
            return []
        try:
            self.umpire.declare(self.boat, self.boats, self.area.marks)
        except IllegalAction:
            return []
        return [Spin(True), Spin(False)]

    def chance_outcomes(self) -> list[tuple[WindShift, Fraction]]:
        if not self.rolls_due or self.is_over():
            return []
        return [(WindShift(wind), p) for wind, p in compass_die_outcomes()]

    def action_space(self) -> list[Action]:
        """Actions of every form, legal now or not (for tests and tools)."""
        around = self.boat.position if self.boats and not self.placing else (0, 0)
        ends = [Sail(p, h) for p in self.area.grid.square_around(around, 2) for h in Direction]
        return [*ends, *(Place(p, Direction.N) for p in self.area.grid.square_around(around, 1)),
                *(Protest(n) for n in self.names), Spin(True), Spin(False), Wait(),
                *(WindShift(w) for w in Direction)]

    def parse_action(self, value: Any) -> Action:
        if isinstance(value, (Place, Sail, Protest, Spin, Wait, WindShift)):
            return value
        if isinstance(value, TurnOption):
            return Sail(value.position, value.heading)
        try:
            return _action_from_json(value)
        except (KeyError, TypeError, ValueError) as error:
            raise IllegalAction(f"that is not a move of the race: {value!r} ({error}). Moves "
                                "are an end of turn like ((5, 2), 'NE'), Place((5, 2), 'NE'), "
                                "Protest('B'), Spin(True), Wait()") from None

    def action_to_json(self, action: Action) -> Any:
        if isinstance(action, Place):
            return {"place": list(action.position), "heading": action.heading.value}
        if isinstance(action, Protest):
            return {"protest": action.offender}
        if isinstance(action, Spin):
            return {"spin": action.clockwise}
        if isinstance(action, Wait):
            return {"wait": True}
        if isinstance(action, WindShift):
            return {"wind": action.wind.value}
        return {"to": list(action.position), "heading": action.heading.value}

    # ----- the rules, checked -------------------------------------------------------------------
    def check(self, action: Action) -> None:
        if isinstance(action, WindShift):
            if not self.rolls_due:
                raise IllegalAction("the wind changes when the leading boat reaches a flag's "
                                    "row: then the compass die is rolled (§3.3)")
            if action.wind not in COMPASS_DIE:
                faces = ", ".join(face.value for face in COMPASS_DIE)
                raise IllegalAction(f"the compass die has no {action.wind.value} face (its faces "
                                    f"are {faces})")
            return
        if self.rolls_due:
            raise IllegalAction("a boat reached a wind-change flag: roll the compass die first "
                                "(§3.3)")
        if isinstance(action, Place):
            if not self.placing:
                raise IllegalAction("every boat is already placed (§3.1)")
            self._check_place(action)
            return
        if self.placing:
            raise IllegalAction(f"boat {self.names[len(self.boats)]} must first be placed "
                                "for the start (§3.1)")
        name = self.boat.name
        if isinstance(action, Protest):
            self.umpire.protest(name, action.offender)  # raises with the rule if unfounded
        elif name in self.becalmed and not isinstance(action, Wait):
            raise IllegalAction(f"§3.2: {name} met a yellow token (a lull) and stands still "
                                "this turn")
        elif isinstance(action, Spin):
            self._check_spin(action)
        elif isinstance(action, Wait):
            if name not in self.becalmed and Wait() not in self.legal_actions():
                raise IllegalAction("§2: it is compulsory to complete your move in full; a "
                                    "boat only stands still when becalmed or boxed in")
        elif action not in self.legal_actions():
            raise IllegalAction(self._why_not(action))

    def _check_place(self, place: Place, by_the_rules: bool = True) -> None:
        """A boat may not be placed on another, on a token or on a mark; a player placing a
        boat (``by_the_rules``) also keeps to the spots of §3.1 (a set-up may put it anywhere)."""
        seat = len(self.boats)
        if place.position in {b.position for b in self.boats}:
            raise IllegalAction(f"another boat already stands at {place.position}")
        if place.position in self.yellow | self.blue:
            raise IllegalAction(f"a token lies at {place.position}: place the boat elsewhere")
        if place.position not in self.area.grid or place.position in self.area.marks:
            raise IllegalAction(f"{place.position} is off the board or on a mark")
        if by_the_rules and place.position not in self._spots():
            raise IllegalAction(_placing_rule(self.area, self.options.boats, seat, place))

    def _check_spin(self, spin: Spin) -> None:
        name = self.boat.name
        if self.umpire.moves_left(name):
            if dict(self.spin_sense)[name] != spin.clockwise:
                raise IllegalAction("§3.4: the penalty is one full 360° turn: keep turning the "
                                    "same way")
            return
        self.umpire.declare(self.boat, self.boats, self.area.marks)  # raises with the rule

    def _why_not(self, sail: Sail) -> str:
        boat = self.boat
        if self.umpire.moves_left(boat.name):
            return f"§3.4: {boat.name} is serving its penalty turn: its move is the next 90° spin"
        ends = {o.end: o for o in turn_options(boat.position, boat.heading, self.wind,
                                               start=self.in_start_procedure)}
        if not ends:
            ends = {o.end: o for o in self.turn_options()}
        option = ends.get((sail.position, sail.heading))
        if option is None:
            return (f"§2: {boat.name} cannot end its turn at {sail.position} heading "
                    f"{sail.heading.value} from {boat.position} heading {boat.heading.value}")
        if self._finishes(boat, option):
            self.umpire.check_may_finish(boat.name)
        if any(p not in self.area.grid for p in option.path):
            return "that turn would take the boat off the board"
        if any(p in self.area.marks for p in option.path):
            return "a boat may not touch a buoy or the committee boat"
        for other in self.boats:
            if other.position in option.path:
                return (f"a boat may not sail onto or through another boat's intersection "
                        f"({other.name} is at {other.position})")
        lull = next((p for p in option.path[:-1] if p in self.yellow | self.cover_points), None)
        return (f"§3.2: the yellow token at {lull} stops the boat there" if lull is not None
                else f"§2: {boat.name} cannot end its turn there from where it is")

    # ----- the rules, applied -------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if isinstance(action, WindShift):
            self.rolls_due -= 1
            self._change_wind(action.wind, "the compass die")
        elif isinstance(action, Place):
            self._place(action)
        elif isinstance(action, Protest):
            self.umpire, said = self.umpire.protest(self.boat.name, action.offender)
            self._say(f"{self.boat.name} protests: {said}")
        elif isinstance(action, Spin):
            self._spin(action)
            self._end_turn()
        elif isinstance(action, Wait):
            if self.boat.name in self.becalmed:
                self.becalmed = tuple(n for n in self.becalmed if n != self.boat.name)
                self._say(f"{self.boat.name} is becalmed and stands still.")
            self._end_turn()
        else:
            option = next(o for o in self.turn_options() if o.end == (action.position,
                                                                       action.heading))
            self._sail(option)
            self._end_turn()

    def _place(self, place: Place) -> None:
        name = self.names[len(self.boats)]
        self.boats += (Boat(name, place.position, place.heading),)
        self.tracks += ((place.position,),)

    def _sail(self, option: TurnOption) -> None:
        index, boat = self.turn, self.boat
        self.boats = _replace(self.boats, index, boat.moved(option.position, option.heading))
        self.tracks = _replace(self.tracks, index, self.tracks[index] + option.path)
        if any(not m.is_movement for m in option.moves) or (boat.name in dict(self.cover_tokens) \
                and dict(self.cover_tokens)[boat.name] in option.path):
            self.cover_tokens = tuple((n, p) for n, p in self.cover_tokens if n != boat.name)
        if option.lulled and self.options.lull_skips_turn:
            self.becalmed += (boat.name,)
            self._say(f"{boat.name} meets a yellow token at {option.position}: becalmed (§3.2).")
        if option.gusts:
            self._say(f"{boat.name} rides {option.gusts} gust(s) (§3.2).")
        self._start_fouls(boat, option)
        self._progress(index, (boat.position, *option.path))
        if self.finished:
            return
        found = infringements(self.boats, self.wind, marks=self.area.marks,
                              start=self.in_start_procedure, mover=boat.name,
                              exempt={boat.name} if option.lulled else ())
        self._record(found)
        self._cover()

    def _start_fouls(self, boat: Boat, option: TurnOption) -> None:
        """§3.1: during the start, no more than 2 moves on the same intersection, and no touching
        the starting line in moves 6 and 7."""
        index = self.turn
        if not self.in_start_procedure:
            return
        stayed = 0 if option.path else self.stayed[index] + 1
        self.stayed = _replace(self.stayed, index, stayed)
        fouls = []
        if stayed > 2:
            fouls.append(StartFoul(boat.name, option.position, "it manoeuvred on the same "
                                   "intersection for more than 2 moves", self.rounds))
        if self.move_number >= 6 and any(p in self.area.line for p in option.path):
            fouls.append(StartFoul(boat.name, option.position, "it touched the starting line "
                                   "in the 6th or 7th move", self.rounds))
        for foul in fouls:
            self._say(f"Foul: {foul.explain()}")
        self._record(fouls)

    def _progress(self, index: int, track: tuple[Point, ...]) -> None:
        """The start, roundings, the finish and the wind-change flags along one turn's track."""
        name = self.names[index]
        leg = self.leg(name)
        if leg.kind == "start":
            if not self.in_start_procedure and any(
                    self.area.crosses_line_northwards(a, b) for a, b in itertools.pairwise(track)):
                self._next_leg(index, f"{name} crosses the line and starts (§3.1).")
        elif leg.kind == "finish":
            if self.area.finishes(track):
                self.finished += (name,)
                self._say(f"{name} touches the finish line and wins (§3.7)!")
        elif (done := rounded(leg.roundings, track)) is not None:
            first_here = max(self.legs) == self.legs[index]
            self._next_leg(index, f"{name} rounds: {done.describe()}.")
            if leg.kind == "up" and first_here and self.wind in (Direction.E, Direction.W):
                self._change_wind(Direction.N, f"{name}, first round the windward mark (§3.3)")
        self._flags(index, track)

    def _next_leg(self, index: int, words: str) -> None:
        self.legs = _replace(self.legs, index, self.legs[index] + 1)
        self._say(words)

    def _flags(self, index: int, track: tuple[Point, ...]) -> None:
        """§3.3: the leading boat touching a flag's row on a leg rolls the compass die."""
        if not self.options.flags or self.legs[index] != max(self.legs):
            return
        leg_number, leg = self.legs[index], self.leg(self.names[index])
        if leg.kind == "start":
            return
        for row in self.area.flags:
            reached = any(p[1] >= row for p in track) if leg.upwind \
                else any(p[1] <= row for p in track)
            if reached and (leg_number, row) not in self.flags_done:
                self.flags_done |= {(leg_number, row)}
                self.rolls_due += 1
                self._say(f"{self.names[index]} leads past the flag at row {row}: the compass "
                          "die is rolled (§3.3).")

    def _spin(self, spin: Spin) -> None:
        name = self.boat.name
        if not self.umpire.moves_left(name):
            self.umpire = self.umpire.declare(self.boat, self.boats, self.area.marks)
            self.spin_sense = tuple(sorted({**dict(self.spin_sense), name: spin.clockwise}.items()))
            self._say(f"{name} declares its penalty turn (§3.4).")
        self.boats = _replace(self.boats, self.turn,
                              self.boat.moved(heading=self.boat.heading.rotate(
                                  2 if spin.clockwise else -2)))
        self.umpire = self.umpire.penalty_move(name)
        if not self.umpire.moves_left(name):
            self._say(f"{name} has served its penalty.")

    def _end_turn(self) -> None:
        self.umpire = self.umpire.lapse_claims_of(self.boat.name)
        self.turn = (self.turn + 1) % len(self.boats)
        if self.turn == 0:
            self.rounds += 1
            self.umpire = self.umpire.lapse(
                lambda i: isinstance(i, StartFoul) and i.round < self.rounds - 1)
            if self.options.wind_shifts and not self.is_over():
                self.rolls_due += 1

    def _change_wind(self, wind: Direction, why: str) -> None:
        old, self.wind = self.wind, wind
        if old == wind:
            self._say(f"The wind stays from {wind.value} ({why}).")
            return
        self._say(f"The wind turns from {old.value} to {wind.value} ({why}).")
        self._record(infringements_after_wind_change(self.boats, old, wind,
                                                     marks=self.area.marks,
                                                     start=self.in_start_procedure))
        self._cover()

    def _record(self, found: list[Infringement] | list[StartFoul]) -> None:
        for incident in found:
            if isinstance(incident, Infringement):
                self._say(f"Umpire sees: {incident.explain()}")
        self.umpire, words = self.umpire.record(found)
        for said in words:
            self._say(said)

    def _cover(self) -> None:
        """§3.5: a boat on another's cover point (directly downwind, one step) places its reserve
        yellow token two intersections ahead on its own course."""
        if not self.options.cover:
            return
        shadows = {step(b.position, self.wind.opposite): b.name for b in self.boats}
        tokens = dict(self.cover_tokens)
        for boat in self.boats:
            coverer = shadows.get(boat.position)
            if coverer is None or coverer == boat.name:
                continue
            ahead = step(boat.position, boat.heading, 2)
            if self.water(boat).open(ahead) and tokens.get(boat.name) != ahead:
                tokens[boat.name] = ahead
                self._say(f"{boat.name} is covered by {coverer}: its yellow token goes to "
                          f"{ahead} (§3.5).")
        self.cover_tokens = tuple(sorted(tokens.items()))

    def _say(self, words: str) -> None:
        self.log += (f"Move {self.move_number}: {words}",)

    def _snapshot(self) -> tuple:
        return (self.boats, self.wind, self.turn, self.rounds, self.legs, self.tracks,
                self.finished, self.cover_tokens, self.becalmed, self.stayed, self.umpire,
                self.spin_sense, self.flags_done, self.rolls_due, self.log)

    def _restore(self, snapshot: tuple) -> None:
        (self.boats, self.wind, self.turn, self.rounds, self.legs, self.tracks, self.finished,
         self.cover_tokens, self.becalmed, self.stayed, self.umpire, self.spin_sense,
         self.flags_done, self.rolls_due, self.log) = snapshot

    def position_after(self, moves: int) -> RaceState:
        """The race as it stood after its first ``moves`` moves (for replays)."""
        data = json.loads(self.to_json())
        data["moves"] = data["moves"][:moves]
        return type(self).from_json(json.dumps(data))

    @property
    def result(self) -> Result | None:
        if self.finished:
            winner = self.finished[0]
            return Result((self.names.index(winner),), f"{winner} finished first",
                          tuple(float(leg) for leg in self.legs))
        if self.rounds >= self.options.max_rounds:
            return Result((), f"the {self.options.max_rounds} rounds ran out",
                          tuple(float(leg) for leg in self.legs))
        return None

    # ----- display --------------------------------------------------------------------------------
    def describe(self) -> str:
        lines = [f"Wind from {self.wind.value}. Move {self.move_number}"
                 + (" (start procedure)" if self.in_start_procedure else "") + "."]
        for index, boat in enumerate(self.boats):
            owed = self._owed(boat.name)
            extra = f", owes {owed} penalty" if owed else ""
            leg = self.leg(boat.name)
            lines.append(f"{boat.name} at {boat.position} heading {boat.heading.value} "
                         f"({sailing_words(boat, self.wind)}), leg {self.legs[index]}: "
                         f"{leg.kind}{extra}")
        if self.is_over():
            lines.append(f"Over: {self.result.reason}.")
        elif self.rolls_due:
            lines.append("The compass die is to be rolled.")
        elif self.placing:
            lines.append(f"Boat {self.names[len(self.boats)]} is to be placed.")
        else:
            lines.append(f"{self.boat.name} to play.")
        lines += [f"  {said}" for said in self.log[-3:]]
        return "\n".join(lines)

    def scene(self, **layers: Any) -> Scene:
        """The picture; see :func:`sailing_kit.race.course_drawing.race_scene` for the layers."""
        return race_scene(self, **layers)


def _replace(values: tuple, index: int, value: Any) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _action_from_json(value: Any) -> Action:
    if isinstance(value, dict):
        keys = set(value)
        if keys == {"place", "heading"}:
            return Place(parse_point(value["place"]), Direction.parse(value["heading"]))
        if keys == {"protest"}:
            return Protest(str(value["protest"]))
        if keys == {"spin"}:
            return Spin(opt.flag(value["spin"], "spin"))
        if keys == {"wait"}:
            return Wait()
        if keys == {"wind"}:
            return WindShift(Direction.parse(value["wind"]))
        if keys == {"to", "heading"}:
            value = (value["to"], value["heading"])
    if isinstance(value, (tuple, list)) and len(value) == 2:
        return Sail(parse_point(value[0]), Direction.parse(value[1]))
    raise ValueError("unknown form")


def _placing_rule(area: Course | OpenWater, boats: int, seat: int, place: Place) -> str:
    if boats == 2:
        side = "right" if seat == 0 else "left"
        return (f"§3.1: with two boats the area is split along its long side; boat "
                f"{NAMES[seat]} takes the {side} half ({place.position} is not in it)")
    return ("§3.1: with more than two boats, stand within 3 intersections of the buoy or the "
            "committee boat above the start line, or within 8 below or level with it, never "
            "between the buoy and the committee boat")


def new_game(seed: int | None = None, **options: Any) -> RaceState:
    """A race of Race the Wind. Options: boats (2-5), course ("full", "short" or "open"),
    variant ("standard", "two_windward", "triangle"), width, height, laps, flag_rows, tokens,
    yellow, blue, flags, cover, start_procedure, positions, umpire, lull_skips_turn, wind,
    max_rounds (and, in open water, marks, finish_row, wind_shifts)."""
    return RaceState.new(seed, **options)


def new_practice(seed: int | None = None, *, boats: Any = (("A", (4, 3), "NE"),
                                                            ("B", (8, 2), "NW")),
                 width: int = 13, height: int = 15, marks: Any = (), finish_row: int | None = 12,
                 umpire: bool = False, wind_shifts: bool = False, wind: Any = "N",
                 max_rounds: int = 60) -> RaceState:
    """Open-water practice for the right-of-way lesson: boats ``[(name, (x, y), heading), ...]``
    (named A, B, ... in turn order) sail in turn, the umpire watches, the first across
    ``finish_row`` wins."""
    boats = list(boats)
    names = [b[0] if isinstance(b, (tuple, list)) else b["name"] for b in boats]
    if names != list(NAMES[:len(names)]):
        raise opt.ConfigError("option 'boats': practice boats are named A, B, C... in turn order")
    positions = [(b[1], b[2]) if isinstance(b, (tuple, list)) else (b["position"], b["heading"])
                 for b in boats]
    return RaceState.new(seed, boats=len(boats), course="open", positions=positions,
                         width=width, height=height, marks=marks, finish_row=finish_row,
                         umpire=umpire, wind_shifts=wind_shifts, wind=wind,
                         max_rounds=max_rounds, cover=False, start_procedure=False)
