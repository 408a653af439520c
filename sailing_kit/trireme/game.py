"""The duel of the sailboat and the trireme, on the kit's game protocol.

One player (you, the sailboat's helmsman) against the trireme, which follows its dotted line by
the rules. A turn, in the order of the text:

a) the trireme advances one square on its line, unless you are on that square (done for you);
b) you choose a heading and whether to spend an Honour point: :class:`Steer`; then the die is
   rolled: a chance node whose outcomes are the die's faces (:class:`Die`), drawn from the seed
   by ``sample_chance()`` or set by hand with ``apply(4)``;
c) you move as the new wind allows; when you may sail 1 or 2 squares you choose: :class:`Sail`.

The game ends when you cross the start line having rounded the black rocks clockwise (you win),
when the trireme crosses it (you lose), or when you crash.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sailing_kit.core import reading
from sailing_kit.core.compass import Direction, angle_between
from sailing_kit.core.errors import IllegalAction, UnreadableAction
from sailing_kit.core.grid import Point
from sailing_kit.core.options import build_options
from sailing_kit.core.protocol import CHANCE, GameState, Result
from sailing_kit.core.reading import shown
from sailing_kit.draw.scene import Scene
from sailing_kit.trireme import drawing
from sailing_kit.trireme.options import TriremeOptions
from sailing_kit.trireme.position import Position
from sailing_kit.trireme.rounding import describe_progress
from sailing_kit.trireme.rules import (
    CURRENT,
    DIE_FACES,
    Effect,
    Ending,
    Passage,
    Phase,
    effect_of,
    roll_result,
    sail,
    squares_allowed,
    steering_refusal,
    trireme_advance,
    trireme_finished,
    wind_after,
)

HELMSMAN = 0
"""The only player: you, at the sailboat's helm (the trireme follows its line by the rules)."""


@dataclass(frozen=True)
class Steer:
    """Step b): set the heading, and spend an Honour point (+1 to the roll) or not."""

    heading: Direction
    honour: bool = False

    def __str__(self) -> str:
        return f"steer {self.heading.value}" + (" with an Honour point" if self.honour else "")


@dataclass(frozen=True)
class Die:
    """The chance outcome: the face the die shows (1 to 6, before any Honour point)."""

    face: int

    def __str__(self) -> str:
        return f"die {self.face}"


@dataclass(frozen=True)
class Sail:
    """Step c) when the wind allows 1 or 2 squares: how many to sail."""

    squares: int

    def __str__(self) -> str:
        return f"sail {self.squares} square" + ("s" if self.squares > 1 else "")


Action = Steer | Die | Sail


class TriremeState(GameState[Action]):
    """A duel. ``str(state)`` describes it; in a notebook it draws itself."""

    GAME = "trireme"
    ACTION_TYPES = (Steer, Sail, Die)

    def __init__(self, seed: int | None, options: TriremeOptions):
        super().__init__(seed, options)
        self.sea = options.sea()
        self.boat: Point = self.sea.sailboat
        self.heading = Direction.N
        self.trireme = 0
        self.wind: Direction = options.wind
        self.honour: int = options.honour
        self.progress = 0
        self.turn = 0
        self.phase = Phase.STEER
        self.spent = False
        self.face: int | None = None
        self.track: tuple[Point, ...] = (self.boat,)
        self.ending: tuple[Ending, str] | None = None
        self.news: tuple[str, ...] = ()
        self._begin_turn()

    @classmethod
    def new(cls, seed: int | None = None, **options: Any) -> TriremeState:
        return cls(seed, build_options(TriremeOptions, options))

    # ----- the position ---------------------------------------------------------------------------
    @property
    def trireme_square(self) -> Point:
        return self.sea.path[self.trireme]

    @property
    def squares_to_go(self) -> int:
        """Squares left on the trireme's line before it crosses the start line."""
        return len(self.sea.path) - 1 - self.trireme

    def position(self) -> Position | None:
        """The solver's view of the position while a heading is to be chosen, else None."""
        if self.is_over() or self.phase is not Phase.STEER:
            return None
        return Position(self.boat, self.trireme, self.wind, self.honour, self.progress)

    def sailing_options(self) -> tuple[int, ...]:
        """How far the boat may sail now (phase SAIL): (1, 2)."""
        return squares_allowed(self.heading, self.wind) if self.phase is Phase.SAIL else ()

    def allowed_headings(self) -> list[Direction]:
        """The headings open now: all eight, unless the game is played without steering at the
        trireme (option ``steer_at_trireme=False``)."""
        return [h for h in Direction if self._steering_refusal(h) is None]

    def _steering_refusal(self, heading: Direction) -> str | None:
        return steering_refusal(self.boat, heading, self.trireme_square,
                                self.options.steer_at_trireme)

    # ----- protocol -------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return 1

    @property
    def current_player(self) -> int | None:
        if self.is_over():
            return None
        return CHANCE if self.phase is Phase.ROLL else HELMSMAN

    def legal_actions(self) -> list[Action]:
        if self.is_over():
            return []
        if self.phase is Phase.ROLL:
            return [Die(face) for face in DIE_FACES]
        if self.phase is Phase.SAIL:
            return [Sail(squares) for squares in self.sailing_options()]
        spends = (False, True) if self.honour > 0 else (False,)
        return [Steer(heading, spend) for spend in spends for heading in self.allowed_headings()]

    def action_space(self) -> list[Action]:
        """Every action of the game's form, legal now or not (for tests and tools)."""
        return ([Steer(h, spend) for spend in (False, True) for h in Direction]
                + [Die(face) for face in DIE_FACES] + [Sail(1), Sail(2)])

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.is_over() or self.phase is not Phase.ROLL:
            return []
        return [(Die(face), Fraction(1, len(DIE_FACES))) for face in DIE_FACES]

    def read_action(self, value: Any) -> Action:
        if isinstance(value, Steer):
            return Steer(_read_heading(value.heading), _read_flag(value.honour))
        if isinstance(value, Die):
            return Die(_read_number(value.face))
        if isinstance(value, Sail):
            return Sail(_read_number(value.squares))
        if isinstance(value, dict):
            return _from_dict(value)
        if isinstance(value, str):
            return _from_words(value)
        if isinstance(value, int) and not isinstance(value, bool):
            if self.phase is Phase.ROLL:
                return Die(_read_number(value))
            if self.phase is Phase.SAIL:
                return Sail(_read_number(value))
            raise UnreadableAction("a number is the die's face (while rolling) or the squares to "
                                "sail (after the roll); now choose a heading, like 'NE'")
        raise UnreadableAction(f"that is not a move of the duel: {shown(value)}. A move is a heading "
                            "like 'NE' (or 'NE honour' to spend an Honour point), a die face "
                            "while rolling, or the squares to sail (1 or 2)")

    def action_to_json(self, action: Action) -> Any:
        if isinstance(action, Steer):
            return {"heading": action.heading.value, "honour": action.honour}
        if isinstance(action, Die):
            return {"die": action.face}
        return {"squares": action.squares}

    def check(self, action: Action) -> None:
        if isinstance(action, Steer):
            self._check_steer(action)
        elif isinstance(action, Die):
            self._check_die(action)
        else:
            self._check_sail(action)

    def _check_steer(self, action: Steer) -> None:
        if self.phase is Phase.ROLL:
            raise IllegalAction("the heading is set for this turn: roll the die now ('Vous "
                                "choisissez votre cap puis vous lancez un dé')")
        if self.phase is Phase.SAIL:
            raise IllegalAction(f"the die is rolled: now choose how far to sail on your heading "
                                f"{self.heading.value}, 1 or 2 squares")
        if action.honour and self.honour == 0:
            raise IllegalAction("you have no Honour points left to spend ('vous pouvez choisir "
                                "de perdre 1 point d'Honneur' needs a point to lose)")
        refusal = self._steering_refusal(action.heading)
        if refusal is not None:
            raise IllegalAction(refusal)

    def _check_die(self, action: Die) -> None:
        if self.phase is Phase.STEER:
            raise IllegalAction("choose your heading before rolling ('Vous choisissez votre cap "
                                "puis vous lancez un dé')")
        if self.phase is Phase.SAIL:
            raise IllegalAction(f"the die is rolled: now choose how far to sail on your heading "
                                f"{self.heading.value}, 1 or 2 squares")
        if action.face not in DIE_FACES:
            raise IllegalAction(f"a die shows 1 to 6, not {action.face} (an Honour point adds 1 "
                                "to the result, not to the face)")

    def _check_sail(self, action: Sail) -> None:
        if self.phase is not Phase.SAIL:
            raise IllegalAction("you choose how far to sail only after the roll, when the new "
                                "wind allows 1 or 2 squares ('c) Vous vous déplacez du nombre de "
                                "cases indiqué par la nouvelle direction du vent')")
        if action.squares not in self.sailing_options():
            angle = angle_between(self.heading, self.wind)
            raise IllegalAction(f"heading {self.heading.value} is {angle}° off the wind from "
                                f"{self.wind.value}: you may sail 1 or 2 squares ('vous pouvez "
                                f"(mais sans y être obligé) avancer de deux cases'), not "
                                f"{action.squares}")

    def _apply(self, action: Action) -> None:
        if isinstance(action, Steer):
            self.heading, self.spent, self.face = action.heading, action.honour, None
            self.honour -= int(action.honour)
            self.phase = Phase.ROLL
            self.news = (f"Turn {self.turn}: you {action}; the die is rolled.",)
        elif isinstance(action, Die):
            self._roll(action.face)
        else:
            self._sail(action.squares)

    def _roll(self, face: int) -> None:
        self.face = face
        result = roll_result(face, self.spent)
        effect = effect_of(result)
        self.wind = wind_after(self.wind, effect)
        bonus = f" + 1 Honour = {result}" if self.spent else ""
        self.news = (f"The die shows {face}{bonus}: {effect.words}"
                     + ("." if effect is Effect.CURRENT else f"; wind from {self.wind.value}."),)
        if effect is Effect.CURRENT:
            self._move(CURRENT, 1, by_current=True)
            return
        allowed = squares_allowed(self.heading, self.wind)
        if len(allowed) > 1:
            self.phase = Phase.SAIL
            angle = angle_between(self.heading, self.wind)
            self.news += (f"Heading {self.heading.value} is {angle}° off the wind: sail 1 or 2 "
                          "squares.",)
        else:
            self._move(self.heading, allowed[0])

    def _sail(self, squares: int) -> None:
        self.news = ()
        self._move(self.heading, squares)

    def _move(self, direction: Direction, squares: int, by_current: bool = False) -> None:
        passage = sail(self.sea, self.boat, direction, squares, self.progress, self.trireme_square)
        self.news += (_passage_words(passage, direction, squares, self.boat, by_current),)
        self.boat, self.progress = passage.end, passage.progress
        self.track += passage.entered
        if passage.ending is Ending.WON:
            self.ending = (Ending.WON, "you crossed the start line first, having rounded the "
                                       "black rocks by the right")
        elif passage.ending is Ending.CRASHED:
            self.ending = (Ending.CRASHED, _crash_reason(passage))
        else:
            self._begin_turn()

    def _begin_turn(self) -> None:
        """Step a) of a new turn: the trireme advances, or waits for you to leave its square."""
        self.turn += 1
        self.phase, self.spent = Phase.STEER, False
        following = trireme_advance(self.sea, self.trireme, self.boat)
        waited = following == self.trireme
        self.trireme = following
        if trireme_finished(self.sea, self.trireme):
            self.ending = (Ending.LOST, "the trireme crossed the start line first")
            self.news += (f"Turn {self.turn}: the trireme crosses the start line at "
                          f"{self.trireme_square}.",)
        elif waited:
            self.news += (f"Turn {self.turn}: the trireme waits: you are on its next square "
                          f"{self.boat}.",)
        else:
            self.news += (f"Turn {self.turn}: the trireme advances to {self.trireme_square} "
                          f"({self.squares_to_go} squares to go).",)

    def _snapshot(self) -> tuple:
        return (self.boat, self.heading, self.trireme, self.wind, self.honour, self.progress,
                self.turn, self.phase, self.spent, self.face, self.track, self.ending, self.news)

    def _restore(self, snapshot: tuple) -> None:
        (self.boat, self.heading, self.trireme, self.wind, self.honour, self.progress, self.turn,
         self.phase, self.spent, self.face, self.track, self.ending, self.news) = snapshot

    @property
    def result(self) -> Result | None:
        if self.ending is None:
            return None
        ending, reason = self.ending
        won = ending is Ending.WON
        return Result.ranked((HELMSMAN,) if won else (), 1, reason, (1.0 if won else 0.0,),
                             ("the sailboat",))

    # ----- display -------------------------------------------------------------------------------
    def describe(self) -> str:
        lines = [
            f"Sailboat against trireme on {self.sea.name!r}, turn {self.turn}.",
            f"Wind from {self.wind.value}. Your sailboat is at {self.boat}, with "
            f"{self.honour} Honour point{'s' if self.honour != 1 else ''}; "
            f"{describe_progress(self.progress)}.",
            f"The trireme is at {self.trireme_square}, square {self.trireme} of "
            f"{len(self.sea.path) - 1} on its line ({self.squares_to_go} to go).",
        ]
        if self.ending is not None:
            lines.append(f"Over: {self.ending[1]}.")
        elif self.phase is Phase.STEER:
            lines.append("Now: choose a heading, and whether to spend an Honour point (+1 to the "
                         "roll), then roll the die.")
        elif self.phase is Phase.ROLL:
            spent = " with an Honour point spent (+1)" if self.spent else ""
            lines.append(f"Now: heading {self.heading.value}{spent}; roll the die.")
        else:
            lines.append(f"Now: the die showed {self.face}; heading {self.heading.value} is "
                         f"{angle_between(self.heading, self.wind)}° off the wind: sail 1 or 2 "
                         "squares.")
        return "\n".join(lines)

    def scene(self, **overlay: Any) -> Scene:
        """The picture: map, boats, wind, die (``overlay`` as in :func:`drawing.draw_duel`)."""
        return drawing.draw_duel(self, **overlay)


def _passage_words(passage: Passage, direction: Direction, squares: int, start: Point,
                   by_current: bool) -> str:
    moved = len(passage.entered)
    if passage.ending is Ending.CRASHED:
        return f"Crash! {_crash_reason(passage)[0].upper()}{_crash_reason(passage)[1:]}."
    if squares == 0:
        return f"Heading {direction.value} is straight into the wind: you stay at {start}."
    if passage.stopped_by_trireme:
        return f"The trireme is in the way: you {'stop' if moved else 'stay'} at {passage.end}."
    words = ("The current carries you 1 square west" if by_current
             else f"You sail {moved} square{'s' if moved != 1 else ''} {direction.value}")
    if passage.ending is Ending.WON:
        return f"{words} to {passage.end} and cross the start line: you win!"
    return f"{words} to {passage.end}."


def _crash_reason(passage: Passage) -> str:
    if passage.hazard == "the edge of the map":
        return f"you crashed: your course left the map at {passage.crash_at}"
    return f"you crashed on {passage.hazard} at {passage.crash_at}"


def _read_heading(value: object) -> Direction:
    return reading.direction(value, "a heading")


def _read_flag(value: object) -> bool:
    return reading.flag(value, "whether to spend an Honour point")


def _read_number(value: object) -> int:
    return reading.whole(value, "a die face or a number of squares", -99, 99)


def _from_dict(value: dict) -> Action:
    keys = set(value)
    if keys in ({"heading"}, {"heading", "honour"}):
        return Steer(_read_heading(value["heading"]), _read_flag(value.get("honour", False)))
    if keys == {"die"}:
        return Die(_read_number(value["die"]))
    if keys == {"squares"}:
        return Sail(_read_number(value["squares"]))
    raise UnreadableAction(f"that is not a move of the duel: {shown(value)}. Its JSON forms are "
                        "{'heading': 'NE', 'honour': false}, {'die': 4} and {'squares': 2}")


def _from_words(text: str) -> Action:
    words = text.replace("+", " ").lower().split()[:3]
    spend = "honour" in words or "honor" in words
    rest = [w for w in words if w not in ("honour", "honor")]
    if len(rest) == 1 and len(words) <= 2:
        return Steer(_read_heading(rest[0]), spend)
    raise UnreadableAction(f"that is not a move of the duel: {shown(text)}. Write a heading like "
                        "'NE', or 'NE honour' to spend an Honour point")


def new_game(seed: int | None = None, **options: Any) -> TriremeState:
    """A duel. Options: ``map`` (``"default"``, ``"small"`` or a map's text), ``honour``
    (Honour points at the start, default 3), ``wind`` (the starting wind, default "NE"),
    ``steer_at_trireme`` (default True: the heading straight at an adjacent trireme may be
    chosen, the boat then stops before it; False refuses it)."""
    return TriremeState.new(seed, **options)
