"""An encounter: boats meeting on the water, played move by move by the race engine.

A :class:`~sailing_kit.race.situation.Situation` is one position; an encounter is a short
passage of a race: the boats as they start (in turn order), the wind, the marks (each left to
port or to starboard), obstructions and lulls, the starting line, then the events in order —
each boat's turn (sail to an end the engine allows, a penalty spin, a becalmed wait), wind
shifts — and the question the trainer asks after a given number of events.

:func:`play` replays it with the engine's own pieces, as :class:`~sailing_kit.race.turns.
RaceRules` does in a race: the move generator (:func:`turn_options` in the water the turn
meets), the umpire (:func:`infringements`, :class:`Umpire` claiming every infringement at once),
the lull exemption, the start fouls (§3.1) and wind cover (§3.5). So an encounter's tracks are
the engine's tracks and its game verdict the umpire's; an event the engine refuses makes the
whole encounter refused, naming the event.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import ActionError, ConfigError, IllegalAction
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import _
from sailing_kit.race.cover import covered
from sailing_kit.race.engagement import (
    Infringement,
    Waters,
    infringements,
    infringements_after_wind_change,
)
from sailing_kit.race.judging import forced_onto_lull
from sailing_kit.race.penalties import Umpire
from sailing_kit.race.rightofway import Boat
from sailing_kit.race.sailing import (
    Tack,
    TurnOption,
    Water,
    manoeuvres_on_the_spot,
    turn_options,
)
from sailing_kit.race.situation import Situation
from sailing_kit.race.start import START_MOVES, StartFoul, start_fouls
from sailing_kit.race.wind import compass_name

WIDTH, HEIGHT = 40, 60
"""An encounter's points lie on the largest course the race allows: x 0-39, y 0-59."""
MAX_BOATS = 5
MAX_EVENTS = 40
LEVELS = (1, 2, 3)


class Side(StrEnum):
    """The side a boat leaves a mark on (RRS: "the required side")."""

    PORT = "port"
    STARBOARD = "starboard"


class Question(StrEnum):
    """What the trainer asks: who must keep clear at that moment, who is entitled to mark-room
    then (in the game: who the zone of §3.6 gives right of way), or who is penalised."""

    KEEP_CLEAR = "keep_clear"
    MARK_ROOM = "mark_room"
    PENALISED = "penalised"


@dataclass(frozen=True)
class Mark:
    """A mark of the course at ``at``, left on ``leave`` (a mark to be left to port is rounded
    anticlockwise; the game's windward mark, rounded clockwise, is left to starboard)."""

    at: Point
    leave: Side = Side.PORT


@dataclass(frozen=True)
class Turn:
    """One boat's turn: sail to ``to`` with ``heading`` (one of the ends the engine allows), a
    penalty ``spin`` (True: clockwise), or ``wait`` (becalmed, §3.2). ``hail`` is a hail for
    room to tack (RRS 20.1) made during the turn, ``reply`` the answer "You tack" (RRS
    20.2(c)); the game knows neither."""

    boat: str
    to: Point | None = None
    heading: Direction | None = None
    spin: bool | None = None
    wait: bool = False
    hail: bool = False
    reply: bool = False

    def words(self) -> str:
        if self.spin is not None:
            return _("{boat} makes a 90° penalty spin clockwise", boat=self.boat) if self.spin \
                else _("{boat} makes a 90° penalty spin anticlockwise", boat=self.boat)
        if self.wait:
            return _("{boat} stands still", boat=self.boat)
        assert self.to is not None and self.heading is not None
        values = {"boat": self.boat, "point": self.to, "heading": compass_name(self.heading)}
        if self.hail:
            return _("{boat} ends its turn at {point} heading {heading}, hailing for room to "
                     "tack", **values)
        if self.reply:
            return _("{boat} ends its turn at {point} heading {heading}, replying 'You tack'",
                     **values)
        return _("{boat} ends its turn at {point} heading {heading}", **values)


@dataclass(frozen=True)
class Shift:
    """The wind shifts to blow from ``wind`` (§3.3)."""

    wind: Direction

    def words(self) -> str:
        return _("The wind shifts to {wind}", wind=compass_name(self.wind))


Event = Turn | Shift


@dataclass(frozen=True)
class Ask:
    """The question, put once ``after`` events have been played: who must keep clear between
    the two ``boats``, which of them is entitled to mark-room, or (``penalised``, put at the
    end) which boats are penalised."""

    question: Question
    after: int
    boats: tuple[str, str]


@dataclass(frozen=True, kw_only=True)
class Encounter:
    """Boats meeting on the water (see the module's docstring). ``runs`` gives the tack, by the
    side of her mainsail, of a boat that starts running dead downwind or head to wind (the RRS
    needs it, the game does not); ``start_move`` is the move of the start procedure (1-7) the
    encounter begins with, if it begins before the start; ``line`` the starting line's ends
    (committee boat first); ``cover`` switches wind cover (§3.5) on."""

    id: str
    level: int
    title: str
    topic: str
    wind: Direction
    boats: tuple[Boat, ...]
    events: tuple[Event, ...]
    ask: Ask
    marks: tuple[Mark, ...] = ()
    obstructions: tuple[Point, ...] = ()
    lulls: tuple[Point, ...] = ()
    line: tuple[Point, Point] | None = None
    start_move: int | None = None
    cover: bool = False
    runs: tuple[tuple[str, Tack], ...] = ()
    cases: tuple[str, ...] = ()
    note: str = ""

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(boat.name for boat in self.boats)

    @property
    def blocked(self) -> frozenset[Point]:
        """Where no boat may sail: marks, the starting line's ends and obstructions."""
        return frozenset({m.at for m in self.marks} | set(self.line or ()) |
                         set(self.obstructions))

    def play(self) -> Timeline:
        """The encounter replayed by the engine (see :func:`play`)."""
        return play(self)


@dataclass(frozen=True)
class Moment:
    """The water once ``index`` events have been played (0: as the encounter begins): the
    boats, the wind, and what the game's umpire saw and said at that event."""

    index: int
    boats: tuple[Boat, ...]
    wind: Direction
    event: Event | None = None
    option: TurnOption | None = None
    before: Boat | None = None
    move: int = START_MOVES + 1
    """The move (round) of the race this moment belongs to: 1-7 are the start procedure."""
    umpire: Umpire = field(default_factory=lambda: Umpire(auto=True))
    fouls: tuple[Infringement | StartFoul, ...] = ()
    said: tuple[str, ...] = ()
    cover: tuple[tuple[str, Point], ...] = ()
    becalmed: tuple[str, ...] = ()
    situation: Situation | None = None

    def boat(self, name: str) -> Boat:
        return next(b for b in self.boats if b.name == name)

    @property
    def starting(self) -> bool:
        """Still in the start procedure (before the starting signal of move 8)."""
        return self.move <= START_MOVES

    @property
    def mover(self) -> str | None:
        return self.event.boat if isinstance(self.event, Turn) else None


@dataclass(frozen=True)
class Frame:
    """One picture of the animation: the boats after one part of a turn (a movement or a
    manoeuvre), ``moment`` the moment whose event it belongs to."""

    moment: int
    boats: tuple[Boat, ...]
    wind: Direction
    caption: str


@dataclass(frozen=True)
class Timeline:
    """An encounter as played: one :class:`Moment` per event (and the start), and the frames of
    the animation, each movement and manoeuvre of the engine's track its own frame."""

    encounter: Encounter
    moments: tuple[Moment, ...]
    frames: tuple[Frame, ...]

    @property
    def asked(self) -> Moment:
        """The moment the question is put."""
        return self.moments[self.encounter.ask.after]

    def frame_of(self, moment: int) -> int:
        """The index of the last frame of ``moment`` (where the picture stops for it)."""
        return max(i for i, frame in enumerate(self.frames) if frame.moment == moment)

    @property
    def penalised(self) -> tuple[str, ...]:
        """The boats the game's umpire penalised during the encounter (in order) that still owe
        their penalty turn at the end, or are serving it."""
        last = self.moments[-1].umpire
        found: list[str] = []
        for moment in self.moments:
            found += [f.offender for f in moment.fouls if f.offender not in found and
                      (last.owes(f.offender) or last.moves_left(f.offender))]
        return tuple(found)


def umpire_called(words: str) -> bool:
    """Words of a moment that are the game's umpire calling an infringement (in any language:
    their English begins "Umpire: ")."""
    return getattr(words, "english", words).startswith("Umpire: ")


def play(encounter: Encounter) -> Timeline:
    """Replay ``encounter`` event by event; an event the engine refuses raises ConfigError
    naming it and the rule."""
    player = _Player(encounter)
    for index, event in enumerate(encounter.events, 1):
        try:
            player.play(index, event)
        except ActionError as refusal:
            raise ConfigError(_("encounter {id}, event {index} ({event}): {refusal}",
                                id=repr(encounter.id), index=index, event=event.words(),
                                refusal=refusal)) from None
    return Timeline(encounter, tuple(player.moments), tuple(player.frames))


class _Player:
    """The engine's turn, applied to an encounter's boats one event at a time."""

    def __init__(self, encounter: Encounter):
        self.encounter = encounter
        start = Moment(0, encounter.boats, encounter.wind,
                       move=encounter.start_move or START_MOVES + 1,
                       situation=self._situation(encounter.boats, encounter.wind,
                                                 encounter.start_move is not None))
        self.moments: list[Moment] = [start]
        self.frames: list[Frame] = [Frame(0, start.boats, start.wind,
                                          _("The boats as they come"))]
        self.turn = 0
        self.stayed = dict.fromkeys(encounter.names, 0)
        self.spin_sense: dict[str, bool] = {}

    @property
    def now(self) -> Moment:
        return self.moments[-1]

    def _situation(self, boats: tuple[Boat, ...], wind: Direction, starting: bool, *,
                   mover: str | None = None, before: Boat | None = None,
                   previous_wind: Direction | None = None,
                   becalmed: tuple[str, ...] = ()) -> Situation:
        return Situation(boats=boats, wind=wind, marks=tuple(m.at for m in self.encounter.marks),
                         start=starting, mover=mover, before=before, previous_wind=previous_wind,
                         becalmed=becalmed, title=self.encounter.title)

    def _waters(self, moment: Moment) -> Waters:
        return Waters(moment.wind, tuple(m.at for m in self.encounter.marks), moment.starting)

    def play(self, index: int, event: Event) -> None:
        if isinstance(event, Shift):
            self._shift(index, event)
            return
        expected = self.encounter.names[self.turn]
        if event.boat != expected:
            raise IllegalAction(_("it is {boat}'s turn: the boats play in turn order ({order})",
                                  boat=expected, order=", ".join(self.encounter.names)))
        if event.spin is not None:
            self._spin(index, event)
        elif event.wait:
            self._wait(index, event)
        else:
            self._sail(index, event)
        self.turn = (self.turn + 1) % len(self.encounter.boats)

    # ----- the three kinds of turn ------------------------------------------------------------
    def _sail(self, index: int, turn: Turn) -> None:
        now, name = self.now, turn.boat
        boat = now.boat(name)
        if name in now.becalmed:
            raise IllegalAction(_("§3.2: {boat} met a yellow token (a lull) and stands still "
                                  "this turn", boat=name))
        if now.umpire.moves_left(name):
            raise IllegalAction(_("§3.4: {boat} is serving its penalty turn: its move is the "
                                  "next 90° spin", boat=name))
        option = next((o for o in self.options(boat) if o.end == (turn.to, turn.heading)), None)
        if option is None:
            raise IllegalAction(_("§2: {boat} cannot end its turn at {to} heading {heading} "
                                  "from {point} heading {now} (nor may it sail onto or through "
                                  "a boat, a mark, an obstruction or a lull)", boat=name,
                                  to=turn.to, heading=compass_name(turn.heading) if turn.heading else "?",
                                  point=boat.position, now=compass_name(boat.heading)))
        forced = forced_onto_lull(boat, now.boats, now.wind, option)
        boats = tuple(boat.moved(option.position, option.heading) if b.name == name else b
                      for b in now.boats)
        cover = dict(now.cover)
        if any(not m.is_movement for m in option.moves) or cover.get(name) in option.path:
            cover.pop(name, None)
        becalmed = now.becalmed + ((name,) if option.lulled else ())
        said: list[str] = [_("{boat} meets a yellow token at {point}: becalmed (§3.2).", boat=name,
                  point=option.position)] if option.lulled else []
        self._record(index, turn, boats, boat, option, cover, becalmed, said,
                     track=(boat.position, *option.path), manoeuvred=not option.path,
                     exempt={name} if forced else set())
        self._frames_of(index, boat, option)

    def _spin(self, index: int, turn: Turn) -> None:
        now, name = self.now, turn.boat
        boat = now.boat(name)
        umpire = now.umpire
        said: list[str] = []
        if not umpire.moves_left(name):
            umpire = umpire.declare(boat, now.boats, [m.at for m in self.encounter.marks])
            self.spin_sense[name] = bool(turn.spin)
            said.append(_("{boat} declares its penalty turn (§3.4).", boat=name))
        elif self.spin_sense[name] != turn.spin:
            raise IllegalAction(_("§3.4: the penalty is one full 360° turn: keep turning the "
                                  "same way"))
        umpire = umpire.penalty_move(name)
        if not umpire.moves_left(name):
            said.append(_("{boat} has served its penalty.", boat=name))
        spun = boat.moved(heading=boat.heading.rotate(2 if turn.spin else -2))
        boats = tuple(spun if b.name == name else b for b in now.boats)
        cover = {n: p for n, p in now.cover if n != name}
        self._record(index, turn, boats, boat, None, cover, now.becalmed, said,
                     track=(boat.position,), manoeuvred=False, exempt=set(), umpire=umpire)
        self.frames.append(Frame(index, boats, now.wind, turn.words()))

    def _wait(self, index: int, turn: Turn) -> None:
        now, name = self.now, turn.boat
        boat = now.boat(name)
        if name not in now.becalmed and self.options(boat):
            raise IllegalAction(_("§2: it is compulsory to complete your move in full; a boat "
                                  "only stands still when becalmed or boxed in"))
        becalmed = tuple(n for n in now.becalmed if n != name)
        self._record(index, turn, now.boats, boat, None, dict(now.cover), becalmed,
                     [_("{boat} is becalmed and stands still.", boat=name)],
                     track=(boat.position,),
                     manoeuvred=False, exempt={name})  # a becalmed boat is not judged
        self.frames.append(Frame(index, now.boats, now.wind, turn.words()))

    def _shift(self, index: int, shift: Shift) -> None:
        now = self.now
        found = infringements_after_wind_change(now.boats, self._waters(now), shift.wind)
        umpire, words = now.umpire.record(found)
        cover = dict(now.cover)
        moment = replace(now, index=index, wind=shift.wind, event=shift, option=None,
                         before=None, umpire=umpire, fouls=tuple(found),
                         said=(_("The wind turns from {old} to {new} (§3.3).",
                                 old=compass_name(now.wind), new=compass_name(shift.wind)), *words),
                         situation=self._situation(now.boats, shift.wind, now.starting,
                                                   previous_wind=now.wind))
        self.moments.append(self._covered(moment, cover))
        self.frames.append(Frame(index, now.boats, shift.wind, shift.words()))

    # ----- the umpire at the end of a turn ----------------------------------------------------
    def _record(self, index: int, turn: Turn, boats: tuple[Boat, ...], before: Boat,
                option: TurnOption | None, cover: dict[str, Point], becalmed: tuple[str, ...],
                said: list[str], *, track: tuple[Point, ...], manoeuvred: bool,
                exempt: set[str], umpire: Umpire | None = None) -> None:
        now, name = self.now, turn.boat
        umpire = umpire or now.umpire
        fouls: list[Infringement | StartFoul] = []
        if now.starting and self.encounter.line is not None:
            stayed, start = start_fouls(name, track, manoeuvred=manoeuvred,
                                        stayed=self.stayed[name], line=self._line(),
                                        rounds=now.move - 1)
            self.stayed[name] = stayed
            fouls += start
        waters = self._waters(now)
        fouls += infringements(boats, waters, before=before, exempt=exempt)
        umpire, words = umpire.record(fouls)
        umpire = umpire.lapse_claims_of(name)
        last = self.turn == len(self.encounter.boats) - 1
        move = now.move + last
        situation = self._situation(boats, now.wind, now.starting, mover=name, before=before,
                                    becalmed=tuple(n for n in becalmed if n != name))
        moment = Moment(index, boats, now.wind, turn, option, before, move, umpire,
                        tuple(fouls), (*said, *words), (), becalmed, situation)
        self.moments.append(self._covered(moment, cover))

    def _covered(self, moment: Moment, cover: dict[str, Point]) -> Moment:
        """``moment`` with the cover tokens (§3.5) placed, and the umpire's words for them."""
        said = []
        if self.encounter.cover:
            for name, coverer, token in covered(
                    moment.boats, moment.wind, cover,
                    lambda boat, point: open_water(self.encounter, point, moment.boats,
                                                   boat.name)):
                said.append(_("{boat} is covered by {coverer}: its yellow token goes to "
                              "{point} (§3.5).", boat=name, coverer=coverer, point=token))
        return replace(moment, cover=tuple(sorted(cover.items())), said=(*moment.said, *said))

    def _line(self) -> tuple[Point, ...]:
        assert self.encounter.line is not None
        (x1, y), (x2, _y) = self.encounter.line
        return tuple((x, y) for x in range(min(x1, x2), max(x1, x2) + 1))

    def options(self, boat: Boat) -> list[TurnOption]:
        return turn_ends(self.encounter, self.now, boat)

    def _frames_of(self, index: int, boat: Boat, option: TurnOption) -> None:
        """One frame per movement and manoeuvre of the engine's track."""
        position, heading, path = boat.position, boat.heading, list(option.path)
        for move in option.moves:
            if move.is_movement:
                position = path.pop(0)
                words = _("{boat} advances to {point}", boat=boat.name, point=position)
            else:
                heading = heading.rotate(move.rotation)
                words = _("{boat} turns to {heading}", boat=boat.name, heading=compass_name(heading))
            boats = tuple(b.moved(position, heading) if b.name == boat.name else b
                          for b in self.now.boats)
            self.frames.append(Frame(index, boats, self.now.wind, words))


def open_water(encounter: Encounter, point: Point, boats: tuple[Boat, ...], name: str) -> bool:
    """May boat ``name`` sail on ``point``: on the water, free of marks, obstructions and the
    other boats?"""
    return 0 <= point[0] < WIDTH and 0 <= point[1] < HEIGHT and \
        point not in encounter.blocked and \
        all(b.position != point for b in boats if b.name != name)


def turn_ends(encounter: Encounter, moment: Moment, boat: Boat) -> list[TurnOption]:
    """Every end of ``boat``'s turn after ``moment``, as the race allows it: in the water the
    turn meets (lulls and cover tokens stop it); a boat with no turn at all may turn on the
    spot."""
    water = Water(open=lambda p: open_water(encounter, p, moment.boats, boat.name),
                  yellow=frozenset(encounter.lulls) | {p for _, p in moment.cover})
    found = turn_options(boat.position, boat.heading, moment.wind, start=moment.starting,
                         water=water)
    return found or manoeuvres_on_the_spot(boat.position, boat.heading, moment.wind,
                                           start=moment.starting)
