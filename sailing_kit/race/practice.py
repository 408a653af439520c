"""Open-water practice: several boats sail in turn while the umpire watches (§3.4-§3.6).

A game on the kit's protocol for the right-of-way lesson: boats take turns (in their order),
each turn one end of :func:`turn_options`; an infringement at the end of a turn is recorded, the
wronged boat may protest on its next turn (or the umpire does it at once with ``umpire=True``);
a boat owing a penalty serves it as four 90-degree turns on the spot (``Spin``), and cannot
finish — cross the ``finish_row`` — before. With ``wind_shifts`` the compass die is rolled after
every round and the engagements it creates are judged.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sailing_kit.core import options as opt
from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import IllegalAction
from sailing_kit.core.grid import Grid, Point, parse_point
from sailing_kit.core.protocol import CHANCE, GameState, Result
from sailing_kit.race import drawing
from sailing_kit.race.drill import Sail, WindShift
from sailing_kit.race.engagement import infringements, infringements_after_wind_change
from sailing_kit.race.penalties import Umpire
from sailing_kit.race.rightofway import Boat
from sailing_kit.race.situation import Situation
from sailing_kit.race.sailing import TurnOption, turn_options
from sailing_kit.race.wind import COMPASS_DIE, compass_die_outcomes
from sailing_kit.widgets import palette
from sailing_kit.widgets.scene import Scene


@dataclass(frozen=True)
class Protest:
    """The boat to play claims a penalty against ``offender`` (§3.4)."""

    offender: str


@dataclass(frozen=True)
class Spin:
    """One 90-degree manoeuvre of a penalty turn; the first one declares the penalty (§3.4)."""

    clockwise: bool = True


Action = Sail | Protest | Spin | WindShift

DEFAULT_BOATS = (("A", (4, 3), "NE"), ("B", (8, 2), "NW"))


def _boat(value: Any) -> Boat:
    if isinstance(value, Boat):
        return value
    if isinstance(value, dict):
        return Boat(value["name"], value["position"], value["heading"])
    name, position, heading = value
    return Boat(name, position, heading)


@dataclass(frozen=True)
class PracticeOptions:
    width: int = 13
    height: int = 15
    boats: tuple[Boat, ...] = DEFAULT_BOATS  # type: ignore[assignment]
    wind: Direction = Direction.N
    marks: tuple[Point, ...] = ()
    finish_row: int | None = 12
    umpire: bool = False
    """True: the umpire claims every infringement at once and explains it."""
    wind_shifts: bool = False
    max_rounds: int = 60

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "width", opt.whole_number(self.width, "width", 3, 40))
        set_(self, "height", opt.whole_number(self.height, "height", 3, 60))
        set_(self, "wind", opt.direction(self.wind, "wind"))
        try:
            set_(self, "boats", tuple(_boat(b) for b in self.boats))
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"option 'boats': each boat is (name, (x, y), heading): {error}")
        set_(self, "marks", tuple(parse_point(m, "mark") for m in self.marks))
        opt.flag(self.umpire, "umpire")
        opt.flag(self.wind_shifts, "wind_shifts")
        opt.whole_number(self.max_rounds, "max_rounds", 1)
        if self.finish_row is not None:
            opt.whole_number(self.finish_row, "finish_row", 1, self.height - 1)
        names = [b.name for b in self.boats]
        if not 2 <= len(names) <= 5 or len(set(names)) != len(names):
            raise ValueError("option 'boats': 2 to 5 boats with different names")
        grid = Grid(self.width, self.height)
        spots = [b.position for b in self.boats] + list(self.marks)
        if len(set(spots)) != len(spots) or any(p not in grid for p in spots):
            raise ValueError("option 'boats'/'marks': every boat and mark on its own "
                             f"intersection of the {self.width} x {self.height} grid")


class PracticeState(GameState[Action]):
    """Boats, wind, umpire. ``str(state)`` describes it; in a notebook it draws itself."""

    GAME = "race-practice"

    def __init__(self, seed: int | None, options: PracticeOptions):
        super().__init__(seed, options)
        self.grid = Grid(options.width, options.height)
        self.boats: tuple[Boat, ...] = options.boats
        self.wind: Direction = options.wind
        self.turn = 0
        self.rounds = 0
        self.umpire = Umpire(auto=options.umpire)
        self.spin_sense: tuple[tuple[str, bool], ...] = ()
        self.finished: tuple[str, ...] = ()
        self.awaiting_wind = False
        self.log: tuple[str, ...] = ()

    @classmethod
    def new(cls, seed: int | None = None, **options: Any) -> PracticeState:
        return cls(seed, opt.build_options(PracticeOptions, options))

    # ----- the position -------------------------------------------------------------------------
    @property
    def boat(self) -> Boat:
        """The boat to play."""
        return self.boats[self.turn]

    def turn_options(self) -> list[TurnOption]:
        """The ends of this turn that stay on the board and sail into or through no boat."""
        others = {b.position for b in self.boats if b.name != self.boat.name}
        return [o for o in turn_options(self.boat.position, self.boat.heading, self.wind)
                if all(p in self.grid and p not in others for p in o.path)]

    def _protests(self) -> list[Protest]:
        offenders = dict.fromkeys(i.offender for i in self.umpire.open
                                  if i.wronged == self.boat.name)
        return [Protest(name) for name in offenders]

    def _spins(self) -> list[Spin]:
        name = self.boat.name
        if self.umpire.moves_left(name):
            return [Spin(dict(self.spin_sense)[name])]
        if not self.umpire.owes(name):
            return []
        try:
            self.umpire.declare(self.boat, self.boats, self.options.marks)
        except IllegalAction:
            return []
        return [Spin(True), Spin(False)]

    def _sails(self) -> list[Sail]:
        if self.umpire.moves_left(self.boat.name):
            return []
        sails = [Sail(o.position, o.heading) for o in self.turn_options()
                 if not self._finishes(o) or not self._owes_penalty()]
        return sails or [Sail(self.boat.position, self.boat.heading)]

    def _finishes(self, option: TurnOption) -> bool:
        row = self.options.finish_row
        return row is not None and any(p[1] >= row for p in option.path)

    def _owed(self, name: str) -> int:
        """Penalties owed by ``name``, counting one being served."""
        return self.umpire.owes(name) + bool(self.umpire.moves_left(name))

    def _owes_penalty(self) -> bool:
        return bool(self._owed(self.boat.name))

    # ----- protocol -------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return len(self.boats)

    @property
    def current_player(self) -> int | None:
        if self.is_over():
            return None
        return CHANCE if self.awaiting_wind else self.turn

    def legal_actions(self) -> list[Action]:
        if self.is_over():
            return []
        if self.awaiting_wind:
            return [outcome for outcome, _ in self.chance_outcomes()]
        return [*self._protests(), *self._spins(), *self._sails()]

    def chance_outcomes(self) -> list[tuple[WindShift, Fraction]]:
        if not self.awaiting_wind or self.is_over():
            return []
        return [(WindShift(wind), p) for wind, p in compass_die_outcomes()]

    def action_space(self) -> list[Action]:
        """Actions of every form, legal now or not (for tests and tools)."""
        ends = [Sail(p, h) for p in self.grid.square_around(self.boat.position, 2)
                for h in Direction]
        return [*ends, *(Protest(b.name) for b in self.boats), Spin(True), Spin(False),
                *(WindShift(w) for w in Direction)]

    def parse_action(self, value: Any) -> Action:
        if isinstance(value, (Sail, Protest, Spin, WindShift)):
            return value
        if isinstance(value, TurnOption):
            return Sail(value.position, value.heading)
        try:
            if isinstance(value, dict) and set(value) == {"protest"}:
                return Protest(str(value["protest"]))
            if isinstance(value, dict) and set(value) == {"spin"}:
                return Spin(opt.flag(value["spin"], "spin"))
            if isinstance(value, dict) and set(value) == {"wind"}:
                return WindShift(Direction.parse(value["wind"]))
            if isinstance(value, dict) and set(value) == {"to", "heading"}:
                value = (value["to"], value["heading"])
            if isinstance(value, (tuple, list)) and len(value) == 2:
                return Sail(parse_point(value[0]), Direction.parse(value[1]))
        except ValueError as error:
            raise IllegalAction(f"that is not a move of the practice race: {error}") from None
        raise IllegalAction(f"that is not a move of the practice race: {value!r}. Moves are an "
                            "end of turn like ((5, 2), 'NE'), Protest('B') or Spin(True)")

    def action_to_json(self, action: Action) -> Any:
        if isinstance(action, Protest):
            return {"protest": action.offender}
        if isinstance(action, Spin):
            return {"spin": action.clockwise}
        if isinstance(action, WindShift):
            return {"wind": action.wind.value}
        return {"to": list(action.position), "heading": action.heading.value}

    def check(self, action: Action) -> None:
        if isinstance(action, WindShift):
            if not self.awaiting_wind:
                raise IllegalAction("the wind changes only when the compass die is rolled (§3.3)")
            if action.wind not in COMPASS_DIE:
                raise IllegalAction(f"the compass die has no {action.wind.value} face")
            return
        if self.awaiting_wind:
            raise IllegalAction("the wind is changing: roll the compass die first (§3.3)")
        if isinstance(action, Protest):
            self.umpire.protest(self.boat.name, action.offender)  # raises with the rule if unfounded
        elif isinstance(action, Spin):
            self._check_spin(action)
        elif action not in self._sails():
            raise IllegalAction(self._why_not(action))

    def _check_spin(self, spin: Spin) -> None:
        name = self.boat.name
        if self.umpire.moves_left(name):
            if dict(self.spin_sense)[name] != spin.clockwise:
                raise IllegalAction("§3.4: the penalty is one full 360° turn: keep turning the "
                                    "same way")
            return
        self.umpire.declare(self.boat, self.boats, self.options.marks)  # raises with the rule

    def _why_not(self, sail: Sail) -> str:
        name = self.boat.name
        if self.umpire.moves_left(name):
            return f"§3.4: {name} is serving its penalty turn: its move is the next 90° spin"
        ends = {o.end: o for o in turn_options(self.boat.position, self.boat.heading, self.wind)}
        option = ends.get((sail.position, sail.heading))
        if option is None:
            return f"§2: {name} cannot end its turn at {sail.position} heading {sail.heading.value}"
        if any(p not in self.grid for p in option.path):
            return "that turn would take the boat off the board"
        if self._finishes(option):
            self.umpire.check_may_finish(name)
        return "a boat may not sail onto or through another boat's intersection"

    def _apply(self, action: Action) -> None:
        if isinstance(action, WindShift):
            self._shift_wind(action.wind)
        elif isinstance(action, Protest):
            self.umpire, said = self.umpire.protest(self.boat.name, action.offender)
            self._say(f"{self.boat.name} protests: {said}")
        elif isinstance(action, Spin):
            self._spin(action)
            self._end_turn()
        else:
            self._sail(action)
            self._end_turn()

    def _sail(self, sail: Sail) -> None:
        mover = self.boat.name
        option = next((o for o in self.turn_options() if o.end == (sail.position, sail.heading)),
                      None)
        self.boats = tuple(b.moved(sail.position, sail.heading) if b.name == mover else b
                           for b in self.boats)
        if option is not None and self._finishes(option):
            self.finished += (mover,)
            self._say(f"{mover} finishes!")
            return
        found = infringements(self.boats, self.wind, marks=self.options.marks, mover=mover)
        for incident in found:
            self._say(f"Umpire sees: {incident.explain()}")
        self.umpire, words = self.umpire.record(found)
        for said in words:
            self._say(said)

    def _spin(self, spin: Spin) -> None:
        name = self.boat.name
        if not self.umpire.moves_left(name):
            self.umpire = self.umpire.declare(self.boat, self.boats, self.options.marks)
            self.spin_sense = tuple(sorted({**dict(self.spin_sense), name: spin.clockwise}.items()))
            self._say(f"{name} declares its penalty turn.")
        self.boats = tuple(b.moved(heading=b.heading.rotate(2 if spin.clockwise else -2))
                           if b.name == name else b for b in self.boats)
        self.umpire = self.umpire.penalty_move(name)
        if not self.umpire.moves_left(name):
            self._say(f"{name} has served its penalty.")

    def _end_turn(self) -> None:
        self.umpire = self.umpire.lapse_claims_of(self.boat.name)
        self.turn = (self.turn + 1) % len(self.boats)
        if self.turn == 0:
            self.rounds += 1
            self.awaiting_wind = self.options.wind_shifts and not self.is_over()

    def _shift_wind(self, wind: Direction) -> None:
        old, self.wind, self.awaiting_wind = self.wind, wind, False
        self._say(f"The wind shifts from {old.value} to {wind.value}.")
        found = infringements_after_wind_change(self.boats, old, wind, marks=self.options.marks)
        for incident in found:
            self._say(f"Umpire sees, after the shift: {incident.explain()}")
        self.umpire, words = self.umpire.record(found)
        for said in words:
            self._say(said)

    def _say(self, words: str) -> None:
        self.log += (words,)

    def _snapshot(self) -> tuple:
        return (self.boats, self.wind, self.turn, self.rounds, self.umpire, self.spin_sense,
                self.finished, self.awaiting_wind, self.log)

    def _restore(self, snapshot: tuple) -> None:
        (self.boats, self.wind, self.turn, self.rounds, self.umpire, self.spin_sense,
         self.finished, self.awaiting_wind, self.log) = snapshot

    @property
    def result(self) -> Result | None:
        if self.finished:
            winner = self.finished[0]
            index = next(i for i, b in enumerate(self.boats) if b.name == winner)
            return Result((index,), f"{winner} crossed the finish first")
        if self.rounds >= self.options.max_rounds:
            return Result((), f"the {self.options.max_rounds} rounds are over")
        return None

    # ----- display --------------------------------------------------------------------------------
    def describe(self) -> str:
        lines = [f"Wind from {self.wind.value}. Round {self.rounds + 1}."]
        for boat in self.boats:
            owed = self._owed(boat.name)
            extra = f", owes {owed} penalty" if owed else ""
            lines.append(f"{boat.name} at {boat.position} heading {boat.heading.value}{extra}")
        if self.is_over():
            lines.append(f"Over: {self.result.reason}.")
        elif self.awaiting_wind:
            lines.append("The compass die is to be rolled.")
        else:
            lines.append(f"{self.boat.name} to play.")
        lines += [f"  {said}" for said in self.log[-3:]]
        return "\n".join(lines)

    def scene(self) -> Scene:
        owing = [b.name for b in self.boats if self._owed(b.name)]
        title = f"{self.boat.name} to play" + (f"; penalty owed: {', '.join(owing)}" if owing
                                              else "")
        situation = Situation(boats=self.boats, wind=self.wind, marks=self.options.marks,
                              title=title)
        size = (self.options.width, self.options.height)
        scene = situation.scene(size=size)
        view = situation.view(size)
        for incident in self.umpire.open:
            drawing.draw_infringement(scene, view, incident.point)
        if self.options.finish_row is not None:
            row = self.options.finish_row
            scene.line(view.pixel((0, row)), view.pixel((self.options.width - 1, row)),
                       stroke=palette.BLACK, width=2, dash=(8, 4))
        return scene


def new_practice(seed: int | None = None, **options: Any) -> PracticeState:
    """Open-water practice with the umpire. Options: width, height, boats ([(name, (x, y),
    heading), ...] in turn order), wind, marks, finish_row, umpire, wind_shifts, max_rounds."""
    return PracticeState.new(seed, **options)
