"""Editing an encounter, one change at a time, each checked by the engine.

Every function returns a new :class:`~sailing_kit.race.encounter.Encounter` or raises
ConfigError with the engine's words, and the encounter given is never changed (they are
immutable): an editor that keeps the old one on a refusal has changed nothing. A change to the
set-up (a boat moved, the wind turned) keeps the moves drawn after it only if the engine still
allows every one of them.
"""

from __future__ import annotations

from dataclasses import replace

from sailing_kit.core.compass import Direction
from sailing_kit.core.errors import ConfigError
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import N_, _
from sailing_kit.race.encounter import (
    HEIGHT,
    MAX_BOATS,
    MAX_EVENTS,
    WIDTH,
    Ask,
    Encounter,
    Event,
    Mark,
    Question,
    Shift,
    Side,
    Turn,
    play,
    turn_ends,
)
from sailing_kit.race.rightofway import Boat
from sailing_kit.race.sailing import TurnOption

NAMES = "ABCDE"
MAX_PIECES = 40


def blank(wind: Direction = Direction.N) -> Encounter:
    """A new situation: two boats meeting on opposite tacks, nothing played yet."""
    return checked(Encounter(
        id="my-situation", level=1, title=N_("My situation"), topic=N_("my own"), wind=wind,
        boats=(Boat("A", (3, 3), Direction.NE), Boat("B", (7, 3), Direction.NW)), events=(),
        ask=Ask(Question.PENALISED, 0, ("A", "B"))))


def checked(encounter: Encounter) -> Encounter:
    """``encounter`` if the engine plays every event of it (ConfigError otherwise), with its
    question kept within what was played."""
    ask = encounter.ask
    after = len(encounter.events) if ask.question is Question.PENALISED else \
        min(ask.after, len(encounter.events))
    pair = ask.boats if set(ask.boats) <= set(encounter.names) else encounter.names[:2]
    encounter = replace(encounter, ask=Ask(ask.question, after, (pair[0], pair[1])))
    for point in _pieces(encounter):
        if not (0 <= point[0] < WIDTH and 0 <= point[1] < HEIGHT):
            raise ConfigError(_("{point} is off the board: x runs from 0 to {x} and y from 0 "
                                "to {y}", point=point, x=WIDTH - 1, y=HEIGHT - 1))
    pieces = _pieces(encounter)
    if len(set(pieces)) != len(pieces):
        raise ConfigError(_("two pieces on one point: each boat, mark, obstruction and lull "
                            "needs its own intersection"))
    play(encounter)
    return encounter


def _pieces(encounter: Encounter) -> list[Point]:
    return [b.position for b in encounter.boats] + [m.at for m in encounter.marks] + \
        list(encounter.obstructions) + list(encounter.lulls) + list(encounter.line or ())


def piece_at(encounter: Encounter, point: Point) -> str | None:
    """What stands at ``point`` as the situation begins: a boat's name, "mark",
    "obstruction", "lull" or None."""
    boat = next((b.name for b in encounter.boats if b.position == point), None)
    if boat is not None:
        return boat
    if any(m.at == point for m in encounter.marks):
        return "mark"
    if point in encounter.obstructions:
        return "obstruction"
    return "lull" if point in encounter.lulls else None


# ----- the set-up ---------------------------------------------------------------------------------
def add_boat(encounter: Encounter, point: Point, heading: Direction) -> Encounter:
    if len(encounter.boats) >= MAX_BOATS:
        raise ConfigError(_("a situation holds at most {count} boats", count=MAX_BOATS))
    name = next(n for n in NAMES if n not in encounter.names)
    return checked(replace(encounter, boats=(*encounter.boats, Boat(name, point, heading)),
                           events=()))


def add_piece(encounter: Encounter, kind: str, point: Point) -> Encounter:
    """Add a "mark", an "obstruction" or a "lull" at ``point``."""
    if kind == "mark":
        if len(encounter.marks) >= 4:
            raise ConfigError(_("a situation holds at most 4 marks"))
        return checked(replace(encounter, marks=(*encounter.marks, Mark(point))))
    points = _points(encounter, kind)
    if len(points) >= MAX_PIECES:
        raise ConfigError(_("a situation holds at most {count} obstructions", count=MAX_PIECES)
                          if kind == "obstruction" else
                          _("a situation holds at most {count} lulls", count=MAX_PIECES))
    return checked(_with_points(encounter, kind, (*points, point)))


def _points(encounter: Encounter, kind: str) -> tuple[Point, ...]:
    return encounter.obstructions if kind == "obstruction" else encounter.lulls


def _with_points(encounter: Encounter, kind: str, points: tuple[Point, ...]) -> Encounter:
    if kind == "obstruction":
        return replace(encounter, obstructions=points)
    return replace(encounter, lulls=points)


def remove_at(encounter: Encounter, point: Point) -> Encounter:
    """Remove what stands at ``point`` (a boat takes her moves with her)."""
    what = piece_at(encounter, point)
    if what is None:
        raise ConfigError(_("nothing stands at {point}", point=point))
    if what in encounter.names:
        if len(encounter.boats) <= 2:
            raise ConfigError(_("a situation needs at least two boats"))
        return checked(replace(encounter, boats=tuple(b for b in encounter.boats
                                                      if b.name != what), events=()))
    if what == "mark":
        return checked(replace(encounter, marks=tuple(m for m in encounter.marks
                                                      if m.at != point)))
    return checked(_with_points(encounter, what, tuple(p for p in _points(encounter, what)
                                                       if p != point)))


def move_piece(encounter: Encounter, source: Point, target: Point) -> Encounter:
    """Move what stands at ``source`` to ``target`` (a free intersection)."""
    what = piece_at(encounter, source)
    if what is None:
        raise ConfigError(_("nothing stands at {point}", point=source))
    if piece_at(encounter, target) is not None:
        raise ConfigError(_("{point} is taken: choose a free intersection", point=target))
    if what in encounter.names:
        boats = tuple(b.moved(target) if b.name == what else b for b in encounter.boats)
        return checked(replace(encounter, boats=boats))
    if what == "mark":
        marks = tuple(Mark(target, m.leave) if m.at == source else m for m in encounter.marks)
        return checked(replace(encounter, marks=marks))
    return checked(_with_points(encounter, what, tuple(target if p == source else p
                                                       for p in _points(encounter, what))))


def turn_boat(encounter: Encounter, name: str, steps: int) -> Encounter:
    boats = tuple(b.moved(heading=b.heading.rotate(steps)) if b.name == name else b
                  for b in encounter.boats)
    return checked(replace(encounter, boats=boats))


def turn_wind(encounter: Encounter, steps: int) -> Encounter:
    return checked(replace(encounter, wind=encounter.wind.rotate(steps)))


def switch_side(encounter: Encounter, point: Point) -> Encounter:
    """The mark at ``point`` is left to the other side."""
    marks = tuple(Mark(m.at, Side.STARBOARD if m.leave is Side.PORT else Side.PORT)
                  if m.at == point else m for m in encounter.marks)
    return checked(replace(encounter, marks=marks))


# ----- the moves --------------------------------------------------------------------------------
def to_play(encounter: Encounter) -> str:
    """The boat whose turn comes next."""
    turns = sum(isinstance(e, Turn) for e in encounter.events)
    return encounter.names[turns % len(encounter.boats)]


def next_ends(encounter: Encounter) -> list[TurnOption]:
    """Where the boat to play may end her turn (none if she must wait or spin)."""
    timeline = play(encounter)
    now = timeline.moments[-1]
    name = to_play(encounter)
    if name in now.becalmed or now.umpire.moves_left(name):
        return []
    return turn_ends(encounter, now, now.boat(name))


def add_event(encounter: Encounter, event: Event) -> Encounter:
    if len(encounter.events) >= MAX_EVENTS:
        raise ConfigError(_("a situation holds at most {count} moves", count=MAX_EVENTS))
    return checked(replace(encounter, events=(*encounter.events, event)))


def sail(encounter: Encounter, option: TurnOption, *, hail: bool = False) -> Encounter:
    return add_event(encounter, Turn(to_play(encounter), option.position, option.heading,
                                     hail=hail))


def shift_wind(encounter: Encounter, steps: int) -> Encounter:
    now = play(encounter).moments[-1]
    return add_event(encounter, Shift(now.wind.rotate(steps)))


def undo(encounter: Encounter) -> Encounter:
    if not encounter.events:
        raise ConfigError(_("no move to take back"))
    return checked(replace(encounter, events=encounter.events[:-1]))
