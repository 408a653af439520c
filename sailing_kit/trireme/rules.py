"""The rules of the duel as pure functions, shared by the game, the wind chain and the solver.

Quotes are from the French text of the gamebook; "decisions" settle what it leaves open; both,
and the kit's own choices, are recorded in ``docs/rules-trireme.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import cache

from sailing_kit.core.compass import Direction, angle_between
from sailing_kit.core.grid import Point, step
from sailing_kit.core.i18n import N_, _
from sailing_kit.trireme.maps import SeaMap
from sailing_kit.trireme.rounding import ROUNDED

DIE_FACES = (1, 2, 3, 4, 5, 6)
HIGHEST_RESULT = 6
"""'Si vous faites 7 (6 + 1), le résultat est alors 6.'"""
CURRENT = Direction.W
"""'1 : peu de vent, le courant vous entraîne d'une case à l'ouest'."""


class Effect(Enum):
    """What a roll does: the current carries the boat, or the wind backs, holds or veers."""

    CURRENT = "current"
    BACKS = "backs"
    HOLDS = "holds"
    VEERS = "veers"

    @property
    def turn(self) -> int:
        """The wind's turn in eighths of a circle (clockwise positive)."""
        return _TURNS[self]

    @property
    def words(self) -> str:
        """What the roll does, in the language spoken now (the French text's own words)."""
        return _(_EFFECT_WORDS[self])


_TURNS = {Effect.CURRENT: 0, Effect.BACKS: -1, Effect.HOLDS: 0, Effect.VEERS: 1}
_EFFECT_WORDS = {
    Effect.CURRENT: N_("little wind: the current carries you one square west"),
    Effect.BACKS: N_("the wind turns 45° anticlockwise"),
    Effect.HOLDS: N_("no change in the wind's direction"),
    Effect.VEERS: N_("the wind turns 45° clockwise"),
}


def roll_result(face: int, honour: bool) -> int:
    """The die's face, plus 1 if an Honour point was spent ('ajouter 1'), at most 6."""
    return min(face + int(honour), HIGHEST_RESULT)


def effect_of(result: int) -> Effect:
    """'1 : … le courant …; 2 : le vent tourne de 45° dans le sens inverse des aiguilles d'une
    montre; 3, 4, 5 : pas de changement; 6 : … dans le sens des aiguilles d'une montre.'"""
    return {1: Effect.CURRENT, 2: Effect.BACKS, 6: Effect.VEERS}.get(result, Effect.HOLDS)


@cache
def roll_effects(honour: bool) -> tuple[tuple[Effect, Fraction], ...]:
    """Each effect a roll can have, with its exact probability (a fair die, ``honour`` adding 1)."""
    chances: dict[Effect, Fraction] = {}
    for face in DIE_FACES:
        effect = effect_of(roll_result(face, honour))
        chances[effect] = chances.get(effect, Fraction(0)) + Fraction(1, len(DIE_FACES))
    return tuple(chances.items())


def wind_after(wind: Direction, effect: Effect) -> Direction:
    """The wind after a roll. On a 1 the wind does not change (decisions)."""
    return wind.rotate(effect.turn)


def squares_allowed(heading: Direction, wind: Direction) -> tuple[int, ...]:
    """How far a boat may sail on ``heading`` in a wind from ``wind``: 0 into the wind ('vous ne
    pouvez évidemment pas marcher contre lui'), exactly 1 at 45° ('vous avancez d'une case'),
    1 or 2 at any other angle ('vous pouvez (mais sans y être obligé) avancer de deux cases')."""
    angle = angle_between(heading, wind)
    return (0,) if angle == 0 else (1,) if angle == 45 else (1, 2)


SQUEEZE = N_("the gap between rocks or reefs that touch at a corner")


class Phase(Enum):
    """Where a turn stands: choosing the heading (b), the die rolling, choosing the distance (c)."""

    STEER = "steer"
    ROLL = "roll"
    SAIL = "sail"


class Ending(Enum):
    WON = "won"
    LOST = "lost"
    CRASHED = "crashed"


@dataclass(frozen=True)
class Passage:
    """A boat's move: where it ends, its rounding progress, the squares it entered, and how it
    ended (``ending`` WON or CRASHED; a crash names the ``hazard`` and the square ``crash_at``)."""

    end: Point
    progress: int
    entered: tuple[Point, ...] = ()
    ending: Ending | None = None
    hazard: str | None = None
    crash_at: Point | None = None
    stopped_by_trireme: bool = False


def sail(sea: SeaMap, start: Point, direction: Direction, squares: int, progress: int,
         trireme: Point | None) -> Passage:
    """Move a boat ``squares`` squares on ``direction``, one square at a time.

    A square of rocks or reefs, a step through two of them touching at a corner, or the edge of
    the map is a crash (decisions; 'passer de n'importe quel côté des récifs … mais pas à
    travers'). The boat stops before the trireme's square ('vous ne pouvez pas aller … sur la
    même case que l'autre bateau'; decisions: it stops before it). Reaching the start line after
    rounding the black rocks wins at once."""
    here, entered = start, list[Point]()
    for _step in range(squares):
        there = step(here, direction)
        hazard = sea.hazard(there) or (SQUEEZE if sea.squeeze(here, there) else None)
        if hazard is not None:
            return Passage(here, progress, tuple(entered), Ending.CRASHED, hazard, there)
        if there == trireme:
            return Passage(here, progress, tuple(entered), stopped_by_trireme=True)
        progress = sea.rounding.advance(progress, here, there)
        here = there
        entered.append(here)
        if here in sea.line and progress >= ROUNDED:
            return Passage(here, progress, tuple(entered), Ending.WON)
    return Passage(here, progress, tuple(entered))


def steering_refusal(boat: Point, heading: Direction, trireme: Point,
                     steer_at_trireme: bool = True) -> str | None:
    """Why ``heading`` may not be chosen, or None. 'Vous choisissez votre cap' sets no limit, so
    by default every heading may be chosen, the one straight at an adjacent trireme included: the
    boat then stops before it (decisions), so it stays where it is unless a 1's current carries
    it west. With ``steer_at_trireme=False`` (the option of the same name) that heading is
    refused (docs/rules-trireme.md)."""
    if not steer_at_trireme and step(boat, heading) == trireme:
        return _("the trireme is on the next square {heading} of you, and this game is played "
                 "without steering at the trireme (option steer_at_trireme=False): choose "
                 "another heading", heading=heading.letters)
    return None


def trireme_advance(sea: SeaMap, index: int, boat: Point) -> int:
    """Where the trireme is on its line after step a) of a turn: one square on ('Ce navire avance
    d'une case à chaque tour'), unless the sailboat is on that square ('aussi longtemps que vous
    n'êtes pas déjà sur sa case de destination')."""
    following = index + 1
    return index if sea.path[following] == boat else following


def trireme_finished(sea: SeaMap, index: int) -> bool:
    """True once the trireme has crossed the start line (the end of its course)."""
    return index == len(sea.path) - 1
