"""Race the Wind, the whole race (§1-§3.8), on the kit's game protocol.

Boats take turns in a fixed order. Before the start each boat is placed (§3.1); then seven moves
of start procedure; from the eighth move a boat starts by crossing the line northwards, sails
the legs of the course rounding each mark the right way, and the first to touch the finish line
wins (§3.7). Tokens (§3.2), wind changes at the flags (§3.3, a chance node: the compass die),
engagements and penalties (§3.4, kept by an :class:`Umpire`), wind cover (§3.5) and the zone at
the marks (§3.6) all apply. ``new_practice`` is the same engine in open water.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from sailing_kit.core import options as opt
from sailing_kit.core import reading
from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import ActionError, ConfigError, IllegalAction
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import _, n_
from sailing_kit.core.protocol import CHANCE, GameState, Result
from sailing_kit.core.reading import plain, shown
from sailing_kit.core.trail import Trail
from sailing_kit.draw.scene import Scene
from sailing_kit.race.actions import (
    RACE_TYPES,
    Place,
    Protest,
    Sail,
    Spin,
    Wait,
    WindShift,
    action_to_json,
    read_race_action,
)
from sailing_kit.race.course import Course, Leg, OpenWater, start_spots
from sailing_kit.race.course_drawing import race_scene
from sailing_kit.race.engagement import Waters
from sailing_kit.race.judging import finish_stands
from sailing_kit.race.options import RaceOptions
from sailing_kit.race.penalties import Umpire
from sailing_kit.race.rightofway import Boat
from sailing_kit.race.sailing import (
    TurnOption,
    manoeuvres_on_the_spot,
    sailing_words,
    turn_options,
)
from sailing_kit.race.start import START_MOVES, StartFoul
from sailing_kit.race.tokens import place_tokens
from sailing_kit.race.turns import RaceRules
from sailing_kit.race.view import RaceView, open_view
from sailing_kit.race.wind import COMPASS_DIE, compass_die_outcomes, compass_name, no_such_face

__all__ = ["START_MOVES", "Action", "Place", "Protest", "RaceOptions", "RaceState", "Spin",
           "StartFoul", "Wait", "new_game", "new_practice"]
NAMES = "ABCDE"


Action = Place | Sail | Protest | Spin | Wait | WindShift


class RaceState(RaceRules, GameState[Action]):
    """A race. ``str(state)`` describes it; in a notebook it draws itself."""

    options: RaceOptions
    GAME = "race"
    ACTION_TYPES = RACE_TYPES

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
        self.windings: tuple[tuple[int, ...], ...] = ((),) * options.boats
        """Per boat, the crossings counted on its present leg (:mod:`sailing_kit.race.legs`)."""
        self.tracks: tuple[Trail[Point], ...] = ()
        self.finished: tuple[str, ...] = ()
        self.cover_tokens: tuple[tuple[str, Point], ...] = ()
        self.becalmed: tuple[str, ...] = ()
        self.stayed: tuple[int, ...] = (0,) * options.boats
        self.umpire = Umpire(auto=options.umpire)
        self._waters: dict[tuple[tuple[int, ...], Direction], Waters] = {}
        """A cache of :meth:`waters` (it only depends on the legs and the wind)."""
        self.spin_sense: tuple[tuple[str, bool], ...] = ()
        self.flags_done: frozenset[tuple[int, int]] = frozenset()
        self.rolls_due = 0
        self.log: Trail[str] = Trail()
        for position, heading in options.positions or ():
            try:
                self._check_place(Place(position, heading), by_the_rules=False)
            except ActionError as refusal:
                raise ConfigError(_("option 'positions': {refusal}", refusal=refusal)) from None
            self._place(Place(position, heading))

    @classmethod
    def new(cls, seed: int | None = None, **options: Any) -> RaceState:
        return cls(seed, opt.build_options(RaceOptions, options))

    # ----- the position -----------------------------------------------------------------------
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
            return [*self._places()]
        name = self.boat.name
        protests = [Protest(n) for n in dict.fromkeys(
            i.offender for i in self.umpire.open if i.may_claim(name))]
        if name in self.becalmed:
            return [*protests, Wait()]
        moves: list[Action] = [*self._spins()]
        if not self.umpire.moves_left(name):
            moves += [Sail(o.position, o.heading) for o in self.turn_options()]
        return [*protests, *(moves or [Wait()])]

    def pass_action(self) -> Action | None:
        """§3.2 and §2: a boat becalmed, or boxed in with no legal move, stands still (``Wait``);
        any other boat must sail (no pass)."""
        return Wait() if Wait() in self.legal_actions() else None

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
        except ActionError:
            return []
        return [Spin(True), Spin(False)]

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
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

    def read_action(self, value: Any) -> Action:
        return read_race_action(value, self.names)

    def action_to_json(self, action: Action) -> Any:
        return action_to_json(action)

    # ----- the rules, checked -------------------------------------------------------------------
    def check(self, action: Action) -> None:
        if isinstance(action, WindShift):
            if not self.rolls_due:
                raise IllegalAction(_("the wind changes when the leading boat reaches a flag's "
                                      "row: then the compass die is rolled (§3.3)"))
            if action.wind not in COMPASS_DIE:
                raise IllegalAction(no_such_face(action.wind))
            return
        if self.rolls_due:
            raise IllegalAction(_("a boat reached a wind-change flag: roll the compass die first "
                                  "(§3.3)"))
        if isinstance(action, Place):
            if not self.placing:
                raise IllegalAction(_("every boat is already placed (§3.1)"))
            self._check_place(action)
            return
        if self.placing:
            raise IllegalAction(_("boat {name} must first be placed for the start (§3.1)",
                                  name=self.names[len(self.boats)]))
        name = self.boat.name
        if isinstance(action, Protest):
            self.umpire.protest(name, action.offender)  # raises with the rule if unfounded
        elif name in self.becalmed and not isinstance(action, Wait):
            raise IllegalAction(_("§3.2: {name} met a yellow token (a lull) and stands still "
                                  "this turn", name=name))
        elif isinstance(action, Spin):
            self._check_spin(action)
        elif isinstance(action, Wait):
            if name not in self.becalmed and Wait() not in self.legal_actions():
                raise IllegalAction(_("§2: it is compulsory to complete your move in full; a "
                                      "boat only stands still when becalmed or boxed in"))
        elif action not in self.legal_actions():
            raise IllegalAction(self._why_not(action))

    def _check_place(self, place: Place, by_the_rules: bool = True) -> None:
        """A boat may not be placed on another, on a token or on a mark; a player placing a
        boat (``by_the_rules``) also keeps to the spots of §3.1 (a set-up may put it anywhere)."""
        seat = len(self.boats)
        if place.position in {b.position for b in self.boats}:
            raise IllegalAction(_("another boat already stands at {position}",
                                  position=place.position))
        if place.position in self.yellow | self.blue:
            raise IllegalAction(_("a token lies at {position}: place the boat elsewhere",
                                  position=place.position))
        if place.position not in self.area.grid or place.position in self.area.marks:
            raise IllegalAction(_("{position} is off the board or on a mark",
                                  position=place.position))
        if by_the_rules and place.position not in self._spots():
            raise IllegalAction(_placing_rule(self.area, self.options.boats, seat, place))

    def _check_spin(self, spin: Spin) -> None:
        name = self.boat.name
        if self.umpire.moves_left(name):
            if dict(self.spin_sense)[name] != spin.clockwise:
                raise IllegalAction(_("§3.4: the penalty is one full 360° turn: keep turning "
                                      "the same way"))
            return
        self.umpire.declare(self.boat, self.boats, self.area.marks)  # raises with the rule

    def _why_not(self, sail: Sail) -> str:
        boat = self.boat
        if self.umpire.moves_left(boat.name):
            return _("§3.4: {name} is serving its penalty turn: its move is the next 90° spin",
                     name=boat.name)
        ends = {o.end: o for o in turn_options(boat.position, boat.heading, self.wind,
                                               start=self.in_start_procedure)}
        if not ends:
            ends = {o.end: o for o in self.turn_options()}
        option = ends.get((sail.position, sail.heading))
        if option is None:
            return _("§2: {name} cannot end its turn at {position} heading {heading} from "
                     "{start} heading {start_heading}", name=boat.name, position=sail.position,
                     heading=compass_name(sail.heading), start=boat.position,
                     start_heading=compass_name(boat.heading))
        if self._finishes(boat, option):
            self.umpire.check_may_finish(boat.name)
        if any(p not in self.area.grid for p in option.path):
            return _("that turn would take the boat off the board")
        if any(p in self.area.marks for p in option.path):
            return _("a boat may not touch a buoy or the committee boat")
        for other in self.boats:
            if other.position in option.path:
                return _("a boat may not sail onto or through another boat's intersection "
                         "({name} is at {position})", name=other.name, position=other.position)
        lull = next((p for p in option.path[:-1] if p in self.yellow | self.cover_points), None)
        return (_("§3.2: the yellow token at {position} stops the boat there", position=lull)
                if lull is not None else
                _("§2: {name} cannot end its turn there from where it is", name=boat.name))

    # ----- the rules, applied -------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if isinstance(action, WindShift):
            self.rolls_due -= 1
            self._change_wind(action.wind, _("the compass die"))
        elif isinstance(action, Place):
            self._place(action)
        elif isinstance(action, Protest):
            self.umpire, said = self.umpire.protest(self.boat.name, action.offender)
            self._say(_("{name} protests: {said}", name=self.boat.name, said=said))
            self._void_finishes()
        elif isinstance(action, Spin):
            self._spin(action.clockwise)
            self._end_turn()
        elif isinstance(action, Wait):
            if self.boat.name in self.becalmed:
                self.becalmed = tuple(n for n in self.becalmed if n != self.boat.name)
                self._say(_("{name} is becalmed and stands still.", name=self.boat.name))
            self._start_fouls(self.boat, (self.boat.position,), manoeuvred=False)
            self._end_turn()
        else:
            option = next(o for o in self.turn_options() if o.end == (action.position,
                                                                       action.heading))
            self._sail(option)
            self._end_turn()

    def _place(self, place: Place) -> None:
        name = self.names[len(self.boats)]
        self.boats += (Boat(name, place.position, place.heading),)
        self.tracks += (Trail((place.position,)),)

    def _end_turn(self) -> None:
        self.umpire = self.umpire.lapse_claims_of(self.boat.name)
        self.turn = (self.turn + 1) % len(self.boats)
        if self.turn == 0:
            self.rounds += 1
            self.umpire = self.umpire.lapse(
                lambda i: isinstance(i, StartFoul) and i.round < self.rounds - 1)
            if self.options.wind_shifts and not self.is_over():
                self.rolls_due += 1

    def _snapshot(self) -> tuple[Any, ...]:
        """The position for undo: immutable values; the log and tracks are trails, so every
        snapshot shares them (memory grows with the moves, not their square)."""
        return (self.boats, self.wind, self.turn, self.rounds, self.legs, self.windings,
                self.tracks, self.finished, self.cover_tokens, self.becalmed, self.stayed,
                self.umpire, self.spin_sense, self.flags_done, self.rolls_due, self.log)

    def _restore(self, snapshot: tuple[Any, ...]) -> None:
        (self.boats, self.wind, self.turn, self.rounds, self.legs, self.windings, self.tracks,
         self.finished, self.cover_tokens, self.becalmed, self.stayed, self.umpire,
         self.spin_sense, self.flags_done, self.rolls_due, self.log) = snapshot

    def position_after(self, moves: int) -> RaceState:
        """The race as it stood after its first ``moves`` moves (for replays)."""
        data = json.loads(self.to_json())
        data["moves"] = data["moves"][:moves]
        return type(self).from_json(json.dumps(data))

    @property
    def result(self) -> Result | None:
        if self.finished and finish_stands(self.finished[0], self.umpire):
            winner = self.finished[0]
            return Result.ranked((self.names.index(winner),), len(self.names),
                                 _("{name} finished first", name=winner),
                                 tuple(float(leg) for leg in self.legs), self.names)
        if self.rounds >= self.options.max_rounds:
            return Result.ranked((), len(self.names),
                                 n_("the {count} round ran out before anyone finished",
                                    "the {count} rounds ran out before anyone finished",
                                    self.options.max_rounds),
                                 tuple(float(leg) for leg in self.legs), self.names)
        return None

    # ----- display --------------------------------------------------------------------------------
    def describe(self) -> str:
        wind = compass_name(self.wind)
        lines: list[str] = [_("Wind from {wind}. Move {move} (start procedure).", wind=wind,
                   move=self.move_number) if self.in_start_procedure else
                 _("Wind from {wind}. Move {move}.", wind=wind, move=self.move_number)]
        for index, boat in enumerate(self.boats):
            owed = self._owed(boat.name)
            line = _("{name} at {position} heading {heading} ({sailing}), leg {leg}: {kind}",
                     name=boat.name, position=boat.position, heading=compass_name(boat.heading),
                     sailing=sailing_words(boat.heading, self.wind), leg=self.legs[index],
                     kind=self.leg(boat.name).kind_words)
            lines.append(n_("{line}, owes {count} penalty", "{line}, owes {count} penalties",
                            owed, line=line) if owed else line)
        result = self.result
        if result is not None:
            lines.append(_("Over: {reason}.", reason=result.reason))
        elif self.rolls_due:
            lines.append(_("The compass die is to be rolled."))
        elif self.placing:
            lines.append(_("Boat {name} is to be placed.", name=self.names[len(self.boats)]))
        else:
            lines.append(_("{name} to play.", name=self.boat.name))
        lines += [f"  {said}" for said in self.log[-3:]]
        return "\n".join(lines)

    def view(self, player: int | None) -> RaceView:
        """Every boat sees the whole race (see :mod:`sailing_kit.race.view`)."""
        return open_view(self, player)

    def scene(self, **layers: Any) -> Scene:
        """The picture; see :func:`sailing_kit.race.course_drawing.race_scene` for the layers."""
        return race_scene(self, **layers)


def _placing_rule(area: Course | OpenWater, boats: int, seat: int, place: Place) -> str:
    if boats == 2:
        return (_("§3.1: with two boats the area is split along its long side; boat {name} "
                  "takes the right half ({position} is not in it)", name=NAMES[seat],
                  position=place.position) if seat == 0 else
                _("§3.1: with two boats the area is split along its long side; boat {name} "
                  "takes the left half ({position} is not in it)", name=NAMES[seat],
                  position=place.position))
    return _("§3.1: with more than two boats, stand within 3 intersections of the buoy or the "
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
    boats = reading.items(plain(boats, what="option 'boats'", error=ConfigError),
                          _practice_boat, "option 'boats'", fewest=2, most=5, error=ConfigError)
    if [name for name, _ in boats] != list(NAMES[:len(boats)]):
        raise ConfigError(_("option 'boats': practice boats are named A, B, C... in turn order"))
    positions = [position for _, position in boats]
    return RaceState.new(seed, boats=len(boats), course="open", positions=positions,
                         width=width, height=height, marks=marks, finish_row=finish_row,
                         umpire=umpire, wind_shifts=wind_shifts, wind=wind,
                         max_rounds=max_rounds, cover=False, start_procedure=False)


def _practice_boat(boat: object) -> tuple[object, tuple[object, object]]:
    """A practice boat (plain values): ``(name, (x, y), heading)`` or ``{"name": ..., "position":
    ..., "heading": ...}``, as its name and its ``((x, y), heading)`` (checked as options)."""
    if type(boat) is tuple and len(boat) == 3:
        return boat[0], (boat[1], boat[2])
    if type(boat) is dict and set(boat) == {"name", "position", "heading"}:
        return boat["name"], (boat["position"], boat["heading"])
    raise ConfigError(_("option 'boats': a boat is (name, (x, y), heading), not {value}",
                        value=shown(boat)))
