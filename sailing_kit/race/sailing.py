"""The sailing model of Race the Wind, section 2 of the rulebook: points of sail, tacks, turns.

The wind is named by where it blows **from** (a north wind blows from N towards S). A *movement*
advances the boat one intersection along its heading (diagonals included); a *manoeuvre* rotates
it on the spot by 45 or 90 degrees, clockwise or anticlockwise. What a boat may do in one turn
depends on its point of sail at the start of the turn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from sailing_kit.core.compass import Direction, angle_between, clockwise_steps
from sailing_kit.core.grid import Point, parse_point, step
from sailing_kit.core.i18n import N_, Text, _
from sailing_kit.race.wind import compass_name


class PointOfSail(StrEnum):
    """The boat's angle to the wind's source: 0, 45, 90, 135 or 180 degrees."""

    HEAD_TO_WIND = "head_to_wind"
    CLOSE_HAULED = "close_hauled"
    BEAM_REACH = "beam_reach"
    BROAD_REACH = "broad_reach"
    RUN = "run"

    @property
    def label(self) -> str:
        """The name in plain English words, as answers give it: "close-hauled", "beam reach",
        ... (:attr:`words` is the name in the language spoken)."""
        return _LABELS[self]

    @property
    def words(self) -> Text:
        """The name in the language spoken: "close-hauled" is "au près" in French."""
        return _(_LABELS[self])

    @property
    def phrase(self) -> Text:
        """For sentences: "a boat {phrase}" ("close-hauled", "on a beam reach", ...)."""
        return _(_PHRASES[self])

    @property
    def angle(self) -> int:
        """Degrees between the heading and the direction the wind comes from."""
        return 45 * list(PointOfSail).index(self)

    @property
    def speed(self) -> int:
        """The game's speed rank (section 3.4): beam and broad reach give 2 moves, so they are
        faster than close-hauled and the run (1 move); head to wind makes no way at all."""
        return {PointOfSail.BEAM_REACH: 2, PointOfSail.BROAD_REACH: 2}.get(
            self, 0 if self is PointOfSail.HEAD_TO_WIND else 1
        )

    @property
    def allowance(self) -> Text:
        """What section 2 allows on this point of sail in one turn, in words."""
        return _(_ALLOWANCES[self])


_LABELS = {
    PointOfSail.HEAD_TO_WIND: N_("head to wind"),
    PointOfSail.CLOSE_HAULED: N_("close-hauled"),
    PointOfSail.BEAM_REACH: N_("beam reach"),
    PointOfSail.BROAD_REACH: N_("broad reach"),
    PointOfSail.RUN: N_("run"),
}
_PHRASES = {
    PointOfSail.HEAD_TO_WIND: N_("head to wind"),
    PointOfSail.CLOSE_HAULED: N_("close-hauled"),
    PointOfSail.BEAM_REACH: N_("on a beam reach"),
    PointOfSail.BROAD_REACH: N_("on a broad reach"),
    PointOfSail.RUN: N_("on a run"),
}
_ALLOWANCES = {
    PointOfSail.HEAD_TO_WIND: N_("one manoeuvre only (allowed only during the start)"),
    PointOfSail.CLOSE_HAULED: N_("one movement, or one manoeuvre: a tack, 45° to a beam reach "
                                 "or 90° to a broad reach"),
    PointOfSail.BEAM_REACH: N_("two moves: movement + movement, movement + manoeuvre, "
                               "manoeuvre + manoeuvre or manoeuvre + movement"),
    PointOfSail.BROAD_REACH: N_("one movement, then a manoeuvre if you want one"),
    PointOfSail.RUN: N_("one movement, or one manoeuvre to a broad or beam reach"),
}


class Tack(StrEnum):
    """Which side of the boat the wind meets (a run counts as starboard, as the rulebook says)."""

    STARBOARD = "starboard"
    PORT = "port"

    @property
    def words(self) -> Text:
        """"starboard tack" or "port tack", in the language spoken."""
        return _("starboard tack") if self is Tack.STARBOARD else _("port tack")


def sailing_words(heading: Direction, wind: Direction) -> Text:
    """"close-hauled, port tack", "run, starboard tack", "head to wind"."""
    side, sailing = tack(heading, wind), point_of_sail(heading, wind).words
    return _("{sailing}, {tack}", sailing=sailing, tack=side.words) if side else sailing


def point_of_sail(heading: Direction | str, wind: Direction | str) -> PointOfSail:
    """The point of sail of a boat heading ``heading`` in a wind blowing from ``wind``."""
    found = _POINTS_OF_SAIL.get((heading, wind))  # a Direction equals its name
    return found if found is not None else \
        _POINTS_OF_SAIL[(Direction.parse(heading), Direction.parse(wind))]


_POINTS_OF_SAIL: dict[tuple[str, str], PointOfSail] = {
    (h, w): tuple(PointOfSail)[angle_between(h, w) // 45] for h in Direction for w in Direction}


def tack(heading: Direction | str, wind: Direction | str) -> Tack | None:
    """Starboard when the wind meets the boat's right side (or from astern), port when the left,
    ``None`` head to wind."""
    steps = clockwise_steps(heading, wind)
    if steps == 0:
        return None
    return Tack.STARBOARD if steps <= 4 else Tack.PORT


@dataclass(frozen=True)
class Move:
    """One part of a turn: a movement (``rotation == 0``) or a manoeuvre of ``rotation`` eighths
    of a circle (positive clockwise; 1 is 45 degrees, 2 is 90)."""

    rotation: int = 0

    @property
    def is_movement(self) -> bool:
        return self.rotation == 0

    def __str__(self) -> str:
        return self.words()

    def words(self) -> Text:
        """The move in words: "advance", "turn 45° clockwise", ..."""
        if self.is_movement:
            return _("advance")
        degrees = 45 * abs(self.rotation)
        return _("turn {degrees}° clockwise", degrees=degrees) if self.rotation > 0 \
            else _("turn {degrees}° anticlockwise", degrees=degrees)


MOVEMENT = Move(0)
MANOEUVRES = (Move(-2), Move(-1), Move(1), Move(2))


@dataclass(frozen=True)
class TurnOption:
    """Where one complete turn can end, with the moves that get there.

    ``path`` lists the intersections the boat enters, in order (empty if it only manoeuvres).
    On a board with tokens (§3.2), ``lulled`` says a yellow token stopped the boat and
    ``gusts`` counts the extra movements blue tokens gave.
    """

    position: Point
    heading: Direction
    moves: tuple[Move, ...]
    path: tuple[Point, ...]
    lulled: bool = False
    gusts: int = 0

    @property
    def end(self) -> tuple[Point, Direction]:
        return (self.position, self.heading)

    def describe(self) -> Text:
        words = [m.words() for m in self.moves]
        moves = Text(" + ".join(words), " + ".join(w.english for w in words))
        return _("{moves}: end at {position} heading {heading}", moves=moves,
                 position=self.position, heading=compass_name(self.heading))


# The move patterns of section 2, by point of sail at the start of the turn. "T" is a manoeuvre.
_PATTERNS: dict[PointOfSail, tuple[str, ...]] = {
    PointOfSail.HEAD_TO_WIND: ("T",),
    PointOfSail.CLOSE_HAULED: ("M", "T"),
    PointOfSail.BEAM_REACH: ("MM", "MT", "TT", "TM"),
    PointOfSail.BROAD_REACH: ("M", "MT"),
    PointOfSail.RUN: ("M", "T"),
}


@dataclass(frozen=True)
class Water:
    """What a turn meets on the board (§3.2): where a boat may sail (``open``: on the board and
    free of boats and buoys), yellow tokens (lulls) and blue tokens (gusts)."""

    open: Callable[[Point], bool]
    yellow: frozenset[Point] = frozenset()
    blue: frozenset[Point] = frozenset()


def turn_options(
    position: Point, heading: Direction | str, wind: Direction | str, *, start: bool = False,
    water: Water | None = None,
) -> list[TurnOption]:
    """Every end ``(position, heading)`` one complete turn can reach (section 2).

    A manoeuvre may never leave the boat head to wind during the race; during the start
    (``start=True``) it may, and then the boat makes no way: a head-to-wind boat "is entitled to
    only 1 manoeuvre", so no movement (nor gust) follows the manoeuvre that put it there.
    Without ``water`` the board is open; with it, the boat stays in open water and meets the
    tokens of §3.2. Each end is listed once, with the first move sequence that reaches it.
    """
    position, heading = parse_point(position, "position"), Direction.parse(heading)
    wind = Direction.parse(wind)
    if water is None:
        return _turn_options(position, heading, wind, bool(start))
    return _dedupe(_Turn(position, heading, wind, bool(start), water).options())


def _turn_options(position: Point, heading: Direction, wind: Direction,
                  start: bool) -> list[TurnOption]:
    """The open-board turns from ``position``: the turns from the origin, moved there (the
    rules do not depend on where the boat is)."""
    x, y = position
    return [TurnOption((o.position[0] + x, o.position[1] + y), o.heading, o.moves,
                       tuple((px + x, py + y) for px, py in o.path))
            for o in turns_from_origin(heading, wind, start)]


@cache
def turns_from_origin(heading: Direction, wind: Direction,
                      start: bool = False) -> tuple[TurnOption, ...]:
    """The open-board turns of a boat at (0, 0): shift them to use them anywhere (cached)."""
    return tuple(_dedupe(
        option
        for pattern in _PATTERNS[point_of_sail(heading, wind)]
        for option in _expand(pattern, (0, 0), heading, wind, start, (), ())
    ))


def manoeuvres_on_the_spot(position: Point, heading: Direction | str, wind: Direction | str,
                           *, start: bool = False) -> list[TurnOption]:
    """The single manoeuvres a boat can make without moving (45 or 90 degrees either way)."""
    position, heading = parse_point(position, "position"), Direction.parse(heading)
    return [TurnOption(position, turned, (manoeuvre,), ())
            for manoeuvre, turned in _manoeuvres(heading, Direction.parse(wind), start)]


def _dedupe(options: Iterable[TurnOption]) -> list[TurnOption]:
    found: dict[tuple[Point, Direction], TurnOption] = {}
    for option in options:
        found.setdefault(option.end, option)
    return list(found.values())


def _manoeuvres(heading: Direction, wind: Direction, start: bool) -> Iterator[tuple[Move, Direction]]:
    for manoeuvre in MANOEUVRES:
        turned = heading.rotate(manoeuvre.rotation)
        if start or point_of_sail(turned, wind) is not PointOfSail.HEAD_TO_WIND:
            yield manoeuvre, turned


def _expand(pattern: str, position: Point, heading: Direction, wind: Direction, start: bool,
            moves: tuple[Move, ...], path: tuple[Point, ...]) -> Iterator[TurnOption]:
    if not pattern:
        yield TurnOption(position, heading, moves, path)
        return
    if pattern[0] == "M":
        if point_of_sail(heading, wind) is PointOfSail.HEAD_TO_WIND:
            return  # §2: head to wind, the boat makes no way
        ahead = step(position, heading)
        yield from _expand(pattern[1:], ahead, heading, wind, start, moves + (MOVEMENT,),
                           path + (ahead,))
        return
    for manoeuvre, turned in _manoeuvres(heading, wind, start):
        yield from _expand(pattern[1:], position, turned, wind, start, moves + (manoeuvre,), path)


class _Turn:
    """One turn on a board with tokens (§3.2). A yellow token on the path stops the boat there.
    A blue token gives one more movement (which the boat may refuse, "spilling the wind"), and
    again if that movement ends on blue: after the movement of a close-hauled boat or a run;
    after the second move of a beam reach, if it is a movement; after the movement of a broad
    reach, which may then manoeuvre and move on, or move on along its broad reach."""

    def __init__(self, position: Point, heading: Direction, wind: Direction, start: bool,
                 water: Water):
        self.start_at, self.heading, self.wind, self.start = position, heading, wind, start
        self.water = water

    def options(self) -> Iterator[TurnOption]:
        sailing = point_of_sail(self.heading, self.wind)
        here = TurnOption(self.start_at, self.heading, (), ())
        if sailing is PointOfSail.HEAD_TO_WIND:
            yield from self._turns(here)
        elif sailing in (PointOfSail.CLOSE_HAULED, PointOfSail.RUN):
            for moved in self._move(here):
                yield from self._gusts(moved)
            yield from self._turns(here)
        elif sailing is PointOfSail.BEAM_REACH:
            yield from self._beam_reach(here)
        else:
            yield from self._broad_reach(here)

    def _beam_reach(self, here: TurnOption) -> Iterator[TurnOption]:
        for first in self._move(here):
            if first.lulled:
                yield first
                continue
            for second in self._move(first):
                yield from self._gusts(second)
            yield from self._turns(first)
        for turned in self._turns(here):
            yield from self._turns(turned)
            for moved in self._move(turned):
                yield from self._gusts(moved)

    def _broad_reach(self, here: TurnOption) -> Iterator[TurnOption]:
        for moved in self._move(here):
            yield moved
            if moved.lulled:
                continue
            yield from self._turns(moved)
            if moved.position in self.water.blue:
                for turned in self._turns(moved):
                    for again in self._move(turned, gust=True):
                        yield from self._gusts(again)
                for again in self._move(moved, gust=True):
                    yield from self._gusts(again)

    def _move(self, option: TurnOption, gust: bool = False) -> Iterator[TurnOption]:
        """One movement ahead, if the water there is open (stopping on a yellow token); none
        head to wind (§2)."""
        if option.lulled or point_of_sail(option.heading, self.wind) is PointOfSail.HEAD_TO_WIND:
            return
        ahead = step(option.position, option.heading)
        if self.water.open(ahead):
            yield TurnOption(ahead, option.heading, option.moves + (MOVEMENT,),
                             option.path + (ahead,), ahead in self.water.yellow,
                             option.gusts + gust)

    def _gusts(self, option: TurnOption) -> Iterator[TurnOption]:
        """Stop here, or take the blue token's extra movement (and the next, and so on)."""
        yield option
        if not option.lulled and option.position in self.water.blue:
            for again in self._move(option, gust=True):
                yield from self._gusts(again)

    def _turns(self, option: TurnOption) -> Iterator[TurnOption]:
        for manoeuvre, turned in _manoeuvres(option.heading, self.wind, self.start):
            yield TurnOption(option.position, turned, option.moves + (manoeuvre,), option.path,
                             option.lulled, option.gusts)


def change_of_tack(heading: Direction | str, rotation: int, wind: Direction | str) -> str | None:
    """Name a manoeuvre of ``rotation`` eighths (positive clockwise) from ``heading``:
    ``"tack"`` if it changes tack with the wind passing over the bow (turning through head to
    wind), ``"jibe"`` if the wind passes over the stern (turning through the run), else ``None``.
    """
    heading, wind = Direction.parse(heading), Direction.parse(wind)
    sense = 1 if rotation > 0 else -1
    visited = [heading.rotate(sense * k) for k in range(abs(rotation) + 1)]
    before, after = tack(visited[0], wind), tack(visited[-1], wind)
    if before is None or after is None or before is after:
        return None
    return "tack" if wind in visited else "jibe" if wind.opposite in visited else None
