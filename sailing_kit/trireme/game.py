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

from fractions import Fraction
from typing import Any

from sailing_kit.core.compass import Direction, angle_between
from sailing_kit.core.errors import IllegalAction
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import Text, _, n_
from sailing_kit.core.options import build_options
from sailing_kit.core.protocol import CHANCE, GameState, Result
from sailing_kit.draw.scene import Scene
from sailing_kit.trireme import drawing
from sailing_kit.trireme.actions import ACTION_TYPES, Action, Die, Sail, Steer, action_to_json, read_action
from sailing_kit.trireme.maps import EDGE
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
from sailing_kit.trireme.view import TriremeView, open_view

HELMSMAN = 0
"""The only player: you, at the sailboat's helm (the trireme follows its line by the rules)."""


class TriremeState(GameState[Action]):
    """A duel. ``str(state)`` describes it; in a notebook it draws itself."""

    options: TriremeOptions
    GAME = "trireme"
    ACTION_TYPES = ACTION_TYPES

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
        return read_action(value, self.phase)

    def action_to_json(self, action: Action) -> Any:
        return action_to_json(action)

    def check(self, action: Action) -> None:
        if isinstance(action, Steer):
            self._check_steer(action)
        elif isinstance(action, Die):
            self._check_die(action)
        else:
            self._check_sail(action)

    def _check_steer(self, action: Steer) -> None:
        if self.phase is Phase.ROLL:
            raise IllegalAction(_("the heading is set for this turn: roll the die now ('Vous "
                                  "choisissez votre cap puis vous lancez un dé')"))
        if self.phase is Phase.SAIL:
            raise self._rolled_already()
        if action.honour and self.honour == 0:
            raise IllegalAction(_("you have no Honour points left to spend ('vous pouvez "
                                  "choisir de perdre 1 point d'Honneur' needs a point to lose)"))
        refusal = self._steering_refusal(action.heading)
        if refusal is not None:
            raise IllegalAction(refusal)

    def _check_die(self, action: Die) -> None:
        if self.phase is Phase.STEER:
            raise IllegalAction(_("choose your heading before rolling ('Vous choisissez votre "
                                  "cap puis vous lancez un dé')"))
        if self.phase is Phase.SAIL:
            raise self._rolled_already()
        if action.face not in DIE_FACES:
            raise IllegalAction(_("a die shows 1 to 6, not {face} (an Honour point adds 1 to "
                                  "the result, not to the face)", face=action.face))

    def _rolled_already(self) -> IllegalAction:
        return IllegalAction(_("the die is rolled: now choose how far to sail on your heading "
                               "{heading}, 1 or 2 squares", heading=self.heading.letters))

    def _check_sail(self, action: Sail) -> None:
        if self.phase is not Phase.SAIL:
            raise IllegalAction(_("you choose how far to sail only after the roll, when the "
                                  "new wind allows 1 or 2 squares ('c) Vous vous déplacez du "
                                  "nombre de cases indiqué par la nouvelle direction du vent')"))
        if action.squares not in self.sailing_options():
            raise IllegalAction(_(
                "heading {heading} is {angle}° off the wind from {wind}: you may sail 1 or 2 "
                "squares ('vous pouvez (mais sans y être obligé) avancer de deux cases'), not "
                "{squares}", heading=self.heading.letters, wind=self.wind.letters,
                angle=angle_between(self.heading, self.wind), squares=action.squares))

    def _apply(self, action: Action) -> None:
        if isinstance(action, Steer):
            self.heading, self.spent, self.face = action.heading, action.honour, None
            self.honour -= int(action.honour)
            self.phase = Phase.ROLL
            heading = action.heading.letters
            self.news = (_("Turn {turn}: you steer {heading} with an Honour point; the die is "
                           "rolled.", turn=self.turn, heading=heading) if action.honour else
                         _("Turn {turn}: you steer {heading}; the die is rolled.", turn=self.turn,
                           heading=heading),)
        elif isinstance(action, Die):
            self._roll(action.face)
        else:
            self._sail(action.squares)

    def _roll(self, face: int) -> None:
        self.face = face
        result = roll_result(face, self.spent)
        effect = effect_of(result)
        self.wind = wind_after(self.wind, effect)
        shows = _("{face} + 1 Honour = {result}", face=face, result=result) if self.spent \
            else str(face)
        self.news = (_("The die shows {face}: {effect}.", face=shows, effect=effect.words)
                     if effect is Effect.CURRENT else
                     _("The die shows {face}: {effect}; wind from {wind}.", face=shows,
                       effect=effect.words, wind=self.wind.letters),)
        if effect is Effect.CURRENT:
            self._move(CURRENT, 1, by_current=True)
            return
        allowed = squares_allowed(self.heading, self.wind)
        if len(allowed) > 1:
            self.phase = Phase.SAIL
            angle = angle_between(self.heading, self.wind)
            self.news += (_("Heading {heading} is {angle}° off the wind: sail 1 or 2 squares.",
                            heading=self.heading.letters, angle=angle),)
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
            self.ending = (Ending.WON, _("you crossed the start line first, having rounded the "
                                         "black rocks by the right"))
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
            self.ending = (Ending.LOST, _("the trireme crossed the start line first"))
            self.news += (_("Turn {turn}: the trireme crosses the start line at {square}.",
                            turn=self.turn, square=self.trireme_square),)
        elif waited:
            self.news += (_("Turn {turn}: the trireme waits: you are on its next square "
                            "{square}.", turn=self.turn, square=self.boat),)
        else:
            self.news += (n_("Turn {turn}: the trireme advances to {square} ({count} square to "
                             "go).", "Turn {turn}: the trireme advances to {square} ({count} "
                             "squares to go).", self.squares_to_go, turn=self.turn,
                             square=self.trireme_square),)

    def _snapshot(self) -> tuple[Any, ...]:
        return (self.boat, self.heading, self.trireme, self.wind, self.honour, self.progress,
                self.turn, self.phase, self.spent, self.face, self.track, self.ending, self.news)

    def _restore(self, snapshot: tuple[Any, ...]) -> None:
        (self.boat, self.heading, self.trireme, self.wind, self.honour, self.progress, self.turn,
         self.phase, self.spent, self.face, self.track, self.ending, self.news) = snapshot

    @property
    def result(self) -> Result | None:
        if self.ending is None:
            return None
        ending, reason = self.ending
        won = ending is Ending.WON
        return Result.ranked((HELMSMAN,) if won else (), 1, reason, (1.0 if won else 0.0,),
                             (_("the sailboat"),))

    # ----- display -------------------------------------------------------------------------------
    def describe(self) -> str:
        lines = [
            self.headline(),
            n_("Wind from {wind}. Your sailboat is at {square}, with {count} Honour point; "
               "{progress}.", "Wind from {wind}. Your sailboat is at {square}, with {count} "
               "Honour points; {progress}.", self.honour, wind=self.wind.letters,
               square=self.boat, progress=describe_progress(self.progress)),
            _("The trireme is at {square}, square {index} of {last} on its line ({left} to go).",
              square=self.trireme_square, index=self.trireme, last=len(self.sea.path) - 1,
              left=self.squares_to_go),
        ]
        task = self.task()
        lines.append(task if self.ending is not None else _("Now: {task}", task=task))
        return "\n".join(lines)

    def headline(self) -> str:
        """The first line of :meth:`describe`: the map and the turn."""
        return _("Sailboat against trireme on {map}, turn {turn}.", map=repr(_(self.sea.name)),
                 turn=self.turn)

    def task(self) -> str:
        """How the duel ended, or the choice open now (the last line of :meth:`describe`)."""
        if self.ending is not None:
            return _("Over: {reason}.", reason=self.ending[1])
        if self.phase is Phase.STEER:
            return _("choose a heading, and whether to spend an Honour point (+1 to the roll), "
                     "then roll the die.")
        if self.phase is Phase.ROLL:
            return _("heading {heading} with an Honour point spent (+1); roll the die.",
                     heading=self.heading.letters) if self.spent else \
                _("heading {heading}; roll the die.", heading=self.heading.letters)
        return _("the die showed {face}; heading {heading} is {angle}° off the wind: sail 1 or 2 "
                 "squares.", face=self.face, heading=self.heading.letters,
                 angle=angle_between(self.heading, self.wind))

    def view(self, player: int | None) -> TriremeView:
        """The helmsman and any onlooker see the whole duel (see :mod:`sailing_kit.trireme.view`)."""
        return open_view(self, player)

    def scene(self, **overlay: Any) -> Scene:
        """The picture: map, boats, wind, die (``overlay`` as in :func:`drawing.draw_duel`)."""
        return drawing.draw_duel(self, **overlay)


def _passage_words(passage: Passage, direction: Direction, squares: int, start: Point,
                   by_current: bool) -> str:
    moved = len(passage.entered)
    if passage.ending is Ending.CRASHED:
        return _("Crash! {reason}.", reason=capitalized(_crash_reason(passage)))
    if squares == 0:
        return _("Heading {heading} is straight into the wind: you stay at {square}.",
                 heading=direction.letters, square=start)
    if passage.stopped_by_trireme:
        return _("The trireme is in the way: you stop at {square}.", square=passage.end) \
            if moved else _("The trireme is in the way: you stay at {square}.",
                            square=passage.end)
    words = _("The current carries you 1 square west") if by_current else \
        n_("You sail {count} square {heading}", "You sail {count} squares {heading}", moved,
           heading=direction.letters)
    if passage.ending is Ending.WON:
        return _("{sailed} to {square} and cross the start line: you win!", sailed=words,
                 square=passage.end)
    return _("{sailed} to {square}.", sailed=words, square=passage.end)


def capitalized(text: str) -> str:
    """``text`` with a capital first letter, in its language and in its English."""
    english = getattr(text, "english", text)
    return Text(text[:1].upper() + text[1:], english[:1].upper() + english[1:])


def _crash_reason(passage: Passage) -> str:
    if passage.hazard == EDGE:
        return _("you crashed: your course left the map at {square}", square=passage.crash_at)
    hazard = passage.hazard or EDGE
    return _("you crashed on {hazard} at {square}", hazard=_(hazard), square=passage.crash_at)


def new_game(seed: int | None = None, **options: Any) -> TriremeState:
    """A duel. Options: ``map`` (``"default"``, ``"small"`` or a map's text), ``honour``
    (Honour points at the start, default 3), ``wind`` (the starting wind, default "NE"),
    ``steer_at_trireme`` (default True: the heading straight at an adjacent trireme may be
    chosen, the boat then stops before it; False refuses it)."""
    return TriremeState.new(seed, **options)
