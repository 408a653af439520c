"""The rules of Race the Wind as a race applies them, turn by turn: where the boats stand, and
what a sailing turn or a penalty spin does — the start fouls (§3.1), the progress along the legs
and the wind-change flags (§1, §3.3), the umpire's judgement at the end of the turn (§3.4, §3.6,
§3.7), wind changes and cover (§3.3, §3.5).

:class:`RaceRules` is the part of :class:`~sailing_kit.race.game.RaceState` that holds these
rules; the state's protocol, its checks and its saving live in ``game.py``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import _, n_
from sailing_kit.core.trail import Trail
from sailing_kit.race.course import Course, Leg, OpenWater
from sailing_kit.race.cover import covered
from sailing_kit.race.engagement import (
    Infringement,
    Waters,
    infringements,
    infringements_after_wind_change,
    judge,
)
from sailing_kit.race.judging import finish_stands, forced_onto_lull, race_waters
from sailing_kit.race.legs import follow
from sailing_kit.race.options import RaceOptions
from sailing_kit.race.penalties import Umpire
from sailing_kit.race.rightofway import Boat, Ruling
from sailing_kit.race.sailing import TurnOption, Water
from sailing_kit.race.start import START_MOVES, StartFoul, start_fouls
from sailing_kit.race.wind import compass_name


class RaceRules:
    """Where the boats stand and what a turn does to the race (see the module's docstring)."""

    options: RaceOptions
    area: Course | OpenWater
    course_legs: tuple[Leg, ...]
    names: str
    yellow: frozenset[Point]
    blue: frozenset[Point]
    boats: tuple[Boat, ...]
    wind: Direction
    turn: int
    rounds: int
    legs: tuple[int, ...]
    windings: tuple[tuple[int, ...], ...]
    tracks: tuple[Trail[Point], ...]
    finished: tuple[str, ...]
    cover_tokens: tuple[tuple[str, Point], ...]
    becalmed: tuple[str, ...]
    stayed: tuple[int, ...]
    umpire: Umpire
    spin_sense: tuple[tuple[str, bool], ...]
    flags_done: frozenset[tuple[int, int]]
    rolls_due: int
    log: Trail[str]
    _waters: dict[tuple[tuple[int, ...], Direction], Waters]

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

    def waters(self, legs: Sequence[int] | None = None) -> Waters:
        """What the umpire judges by: the wind, the marks each boat is rounding on its leg (with
        ``legs``, the legs the boats were on) and the boats the zone gives no rights to."""
        key = (self.legs if legs is None else tuple(legs), self.wind)
        found = self._waters.get(key)
        if found is None:
            last = len(self.course_legs) - 1
            found = self._waters[key] = race_waters(
                self.area, [self.course_legs[min(leg, last)] for leg in key[0]], self.names,
                self.wind)
        return found

    def ruling(self, one: str, other: str) -> Ruling:
        """How the umpire judges two boats as they stand now: the boat on the other's course
        point arrived first, otherwise the one earlier in turn order."""
        boats = sorted((b for b in self.boats if b.name in (one, other)),
                       key=lambda b: self.names.index(b.name))
        return judge(boats[0], boats[1], self.waters())

    @property
    def cover_points(self) -> frozenset[Point]:
        return frozenset(point for _, point in self.cover_tokens)

    def water(self, boat: Boat) -> Water:
        """The water ``boat`` sails in: the board less buoys and other boats, with the tokens."""
        closed = set(self.area.marks) | {b.position for b in self.boats if b.name != boat.name}
        grid = self.area.grid
        return Water(open=lambda p: p in grid and p not in closed,
                     yellow=self.yellow | self.cover_points, blue=self.blue)

    def _owed(self, name: str) -> int:
        """Penalties owed by ``name``, counting one being served."""
        return self.umpire.owes(name) + bool(self.umpire.moves_left(name))

    def _sail(self, option: TurnOption) -> None:
        index, boat = self.turn, self.boat
        legs_before = self.legs
        forced = forced_onto_lull(boat, self.boats, self.wind, option)
        self.boats = _replace(self.boats, index, boat.moved(option.position, option.heading))
        self.tracks = _replace(self.tracks, index, self.tracks[index] + option.path)
        if any(not m.is_movement for m in option.moves) or (boat.name in dict(self.cover_tokens) \
                and dict(self.cover_tokens)[boat.name] in option.path):
            self.cover_tokens = tuple((n, p) for n, p in self.cover_tokens if n != boat.name)
        if option.lulled and self.options.lull_skips_turn:
            self.becalmed += (boat.name,)
            self._say(_("{name} meets a yellow token at {position}: becalmed (§3.2).",
                        name=boat.name, position=option.position))
        if option.gusts:
            self._say(n_("{name} rides {count} gust (§3.2).", "{name} rides {count} gusts (§3.2).",
                         option.gusts, name=boat.name))
        self._start_fouls(boat, (boat.position, *option.path), manoeuvred=not option.path)
        self._progress(index, (boat.position, *option.path))
        self._judge(boat, legs_before, exempt={boat.name} if forced else ())
        self._cover()

    def _judge(self, before: Boat, legs_before: Sequence[int],
               exempt: Collection[str] = ()) -> None:
        """The end of a turn of ``before``'s boat (sailing, finishing or a penalty spin): the
        umpire sees whether it stands on another boat's course point without right of way; a
        point it entered is judged as the contest stood before the move (rules-decisions)."""
        self._record(infringements(self.boats, self.waters(), before=before,
                                   waters_before=self.waters(legs_before), exempt=exempt))
        if before.name in self.finished:
            stands = self.finished[0] == before.name and finish_stands(before.name, self.umpire)
            self._say(_("{name} wins (§3.7)!", name=before.name) if stands else
                      _("{name}'s finish stands only if no penalty is claimed against it "
                        "(§3.7: the rules apply up to and including the finish line).",
                        name=before.name))

    def _start_fouls(self, boat: Boat, track: tuple[Point, ...], manoeuvred: bool) -> None:
        """§3.1: during the start, no more than 2 moves on the same intersection, and no touching
        the starting line in moves 6 and 7."""
        if not self.in_start_procedure:
            return
        index = self.turn
        stayed, fouls = start_fouls(boat.name, track, manoeuvred=manoeuvred,
                                    stayed=self.stayed[index], line=self.area.line,
                                    rounds=self.rounds)
        self.stayed = _replace(self.stayed, index, stayed)
        for foul in fouls:
            self._say(_("Foul: {foul}", foul=foul.explain()))
        self._record(fouls)

    def _progress(self, index: int, track: tuple[Point, ...]) -> None:
        """The start, roundings (the winding kept across turns), the finish and the
        wind-change flags along one turn's track."""
        name, leg_before = self.names[index], self.legs[index]
        first_here = max(self.legs) == leg_before
        progress = follow(self.area, self.course_legs, leg_before, self.windings[index], track,
                          started=not self.in_start_procedure)
        self.legs = _replace(self.legs, index, progress.leg)
        self.windings = _replace(self.windings, index, progress.winding)
        for kind, words in progress.done:
            self._say(_("{name} {words}.", name=name, words=words))
            if kind == "up" and first_here and self.wind in (Direction.E, Direction.W):
                self._change_wind(Direction.N, _("{name}, first round the windward mark (§3.3)",
                                                 name=name))
        if progress.finished:
            self.finished += (name,)
            self._say(_("{name} touches the finish line (§3.7).", name=name))
        self._flags(index, track)

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
                self._say(_("{name} leads past the flag at row {row}: the compass die is "
                            "rolled (§3.3).", name=self.names[index], row=row))

    def _spin(self, clockwise: bool) -> None:
        """One 90° manoeuvre of a penalty turn (the first declares it), judged like any turn."""
        name = self.boat.name
        if not self.umpire.moves_left(name):
            self.umpire = self.umpire.declare(self.boat, self.boats, self.area.marks)
            self.spin_sense = tuple(sorted({**dict(self.spin_sense), name: clockwise}.items()))
            self._say(_("{name} declares its penalty turn (§3.4).", name=name))
        before = self.boat
        self.boats = _replace(self.boats, self.turn,
                              before.moved(heading=before.heading.rotate(2 if clockwise else -2)))
        self.umpire = self.umpire.penalty_move(name)
        if not self.umpire.moves_left(name):
            self._say(_("{name} has served its penalty.", name=name))
        self.cover_tokens = tuple((n, p) for n, p in self.cover_tokens if n != name)
        self._start_fouls(before, (before.position,), manoeuvred=False)  # a spin may not wait
        self._judge(before, self.legs)  # a spin is judged like any other turn
        self._cover()

    def _change_wind(self, wind: Direction, why: str) -> None:
        old, self.wind = self.wind, wind
        if old == wind:
            self._say(_("The wind stays from {wind} ({why}).", wind=compass_name(wind), why=why))
            return
        self._say(_("The wind turns from {old} to {wind} ({why}).", old=compass_name(old),
                    wind=compass_name(wind), why=why))
        self._record(infringements_after_wind_change(self.boats, self.waters().in_wind(old), wind,
                                                     exempt=self.finished))
        self._cover()

    def _record(self, found: Sequence[Infringement | StartFoul]) -> None:
        for incident in found:
            if isinstance(incident, Infringement):
                self._say(_("Umpire sees: {incident}", incident=incident.explain()))
        self.umpire, words = self.umpire.record(found)
        for said in words:
            self._say(said)
        self._void_finishes()

    def _void_finishes(self) -> None:
        """§3.7: a finish made by infringing does not stand once a penalty is claimed: the boat
        must serve it and touch the line again."""
        for name in self.finished:
            if self._owed(name):
                self.finished = tuple(n for n in self.finished if n != name)
                self._say(_("{name}'s finish does not stand: it must first serve its penalty "
                            "(§3.7).", name=name))

    def _cover(self) -> None:
        """§3.5: a boat on another's cover point (directly downwind, one step) places its reserve
        yellow token two intersections ahead on its own course."""
        if not self.options.cover:
            return
        tokens = dict(self.cover_tokens)
        for name, coverer, token in covered(self.boats, self.wind, tokens,
                                            lambda boat, point: self.water(boat).open(point)):
            self._say(_("{name} is covered by {coverer}: its yellow token goes to {position} "
                        "(§3.5).", name=name, coverer=coverer, position=token))
        self.cover_tokens = tuple(sorted(tokens.items()))

    def _say(self, words: str) -> None:
        self.log += (_("Move {move}: {words}", move=self.move_number, words=words),)


def _replace(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return values[:index] + (value,) + values[index + 1:]
