"""Questions 5 and 6 of the points-of-sail exercises (Race the Wind, section 2): tack or jibe,
and what each point of sail allows. See :mod:`sailing_kit.exercises.points_of_sail`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point
from sailing_kit.core.i18n import N_, _, n_
from sailing_kit.exercises.question import Question
from sailing_kit.exercises.readers import keys_reader, read_choice, read_dict, read_set
from sailing_kit.exercises.verdicts import Verdict, by_part, whole
from sailing_kit.race import (
    Move,
    PointOfSail,
    Tack,
    TurnOption,
    change_of_tack,
    point_of_sail,
    tack,
    turn_options,
)

EXERCISE = "01_points_of_sail"
SIDE_WORDS: dict[Tack | None, str] = {Tack.STARBOARD: N_("starboard side"), Tack.PORT: N_("port side")}
"""The side of a boat the wind meets, as a sentence names it."""
N, NE, E, SE, S, SW, W, NW = Direction
ORIGIN: Point = (0, 0)


def other_wind(rng: random.Random, *, not_: Direction = N) -> Direction:
    """A wind from any direction but ``not_`` (the lesson's north wind)."""
    return rng.choice([d for d in Direction if d is not not_])


# ----- question 5: tack or jibe? -----------------------------------------------------------------

Q5_LETTERS = ("A", "B", "C")
_MANOEUVRE_NAMES: dict[str, str | None] = {"tack": "tack", "jibe": "jibe", "neither": None}
LESSON_TURNS = {(NE, -2), (SE, 2), (E, -1)}
"""(heading, rotation) of the manoeuvres the lesson names in its north wind."""


def _q5_draw(rng: random.Random) -> tuple[Direction, dict[str, tuple[Direction, int]]]:
    wind = other_wind(rng)
    kinds = ["tack", "jibe", rng.choice(["tack", "jibe", None])]
    rng.shuffle(kinds)
    turns = {}
    for letter, kind in zip(Q5_LETTERS, kinds):
        options = [(h, r) for h in Direction for r in (-2, -1, 1, 2)
                   if point_of_sail(h, wind) is not PointOfSail.HEAD_TO_WIND
                   and point_of_sail(h.rotate(r), wind) is not PointOfSail.HEAD_TO_WIND
                   and change_of_tack(h, r, wind) == kind]
        turns[letter] = rng.choice(options)
    return wind, turns


def _read_manoeuvre(value: object) -> str | None:
    return read_choice(value, _MANOEUVRE_NAMES, N_("manoeuvre name"), aliases={"gybe": "jibe"})


def _q5_prompt(v: tuple[Direction, dict[str, tuple[Direction, int]]]) -> str:
    wind, turns = v
    return (_("The wind blows from {wind}. Is each manoeuvre a tack, a jibe, or neither?",
              wind=wind) + "\n\n"
            + "\n".join(_("- Boat {boat} heads {heading} and makes a manoeuvre: {move}, to "
                          "{new_heading}", boat=b, heading=h, move=Move(r), new_heading=h.rotate(r))
                        for b, (h, r) in turns.items()) + "\n\n"
            + _("Answer {choices} for each, in a dict like `{example}`.",
                choices='`"tack"`, `"jibe"` or `"neither"`', example='{"A": "tack", ...}'))


def _q5_check(v: tuple[Direction, dict[str, tuple[Direction, int]]], answer: object) -> Verdict:
    wind, turns = v
    said = read_dict(answer, turns, keys_reader(turns, N_("boat")), _read_manoeuvre, N_("boat"))
    return by_part(turns, {
        b: _("Boat {boat}: you said {said}. {reason}", boat=b, said=said[b] or "neither",
             reason=_manoeuvre_reason(h, r, wind))
        for b, (h, r) in turns.items() if said[b] != change_of_tack(h, r, wind)},
        _("a tack turns the bow through the wind; a jibe turns the stern through it."))


def _manoeuvre_reason(heading: Direction, rotation: int, wind: Direction) -> str:
    sense = 1 if rotation > 0 else -1
    path = [heading.rotate(sense * k) for k in range(abs(rotation) + 1)]
    before, after = tack(path[0], wind), tack(path[-1], wind)
    route = " → ".join(path)
    name = change_of_tack(heading, rotation, wind)
    if name is None:
        return _("It turns {route}: the wind stays on its {side} all the way, and its "
                 "heading passes {wind} and {opposite} at no point.", route=route,
                 side=_(SIDE_WORDS[before]), wind=wind, opposite=wind.opposite)
    if name == "tack":
        return _("It turns {route}: the wind moves from its {before} to its {after}, "
                 "and its heading passes {through}, where the wind comes from. Which end of the "
                 "boat crosses the wind?", route=route, before=_(SIDE_WORDS[before]),
                 after=_(SIDE_WORDS[after]), through=wind)
    return _("It turns {route}: the wind moves from its {before} to its {after}, and "
             "its heading passes {through}, where the wind blows to. Which end of the boat "
             "crosses the wind?", route=route, before=_(SIDE_WORDS[before]),
             after=_(SIDE_WORDS[after]), through=wind.opposite)


q5 = Question(
    EXERCISE, 5, N_("Tack or jibe?"), draw=_q5_draw, prompt=_q5_prompt, check=_q5_check,
    solution=lambda v: {b: change_of_tack(h, r, v[0]) or "neither" for b, (h, r) in v[1].items()},
    template='answer_5 = {"A": ..., "B": ..., "C": ...}',
    hint=N_("follow the heading step by step: does it pass the wind's source (the bow through the "
            "wind) or the opposite direction (the stern through it), or neither?"), forced=True)


# ----- question 6: what each point of sail allows ------------------------------------------------

def _mixes(moves: tuple[Move, ...]) -> bool:
    return len({move.is_movement for move in moves}) == 2


Q6_ASKS: dict[str, tuple[str, Callable[[TurnOption], bool]]] = {
    "mix": (N_("Which of these boats may make **both** a movement and a manoeuvre in one turn, "
               "during the race?"), lambda o: _mixes(o.moves)),
    "two": (N_("Which of these boats may make **two movements** in one turn, during the race?"),
            lambda o: sum(m.is_movement for m in o.moves) == 2),
    "spot": (N_("Which of these boats may end its turn **where it started**, turning on the "
                "spot, during the race?"), lambda o: not o.path),
}
Q6_BOATS = ("A", "B", "C", "D", "E", "F")


@dataclass(frozen=True)
class Allowed:
    """What to ask, and boats each in a wind of its own."""

    ask: str
    boats: dict[str, tuple[Direction, Direction]]


def _q6_draw(rng: random.Random) -> Allowed:
    ask = rng.choice(list(Q6_ASKS))
    while True:
        boats = {}
        for boat in Q6_BOATS:
            wind = rng.choice(list(Direction))
            boats[boat] = (rng.choice([h for h in Direction if h is not wind]), wind)
        if 2 <= len(_allowing(Allowed(ask, boats))) <= 4:
            return Allowed(ask, boats)


def _allows(ask: str, heading: Direction, wind: Direction) -> bool:
    return any(Q6_ASKS[ask][1](o) for o in turn_options(ORIGIN, heading, wind))


def _allowing(v: Allowed) -> set[str]:
    """The boats whose point of sail allows what ``v.ask`` describes."""
    return {b for b, (h, w) in v.boats.items() if _allows(v.ask, h, w)}


def _q6_prompt(v: Allowed) -> str:
    return (_(Q6_ASKS[v.ask][0]) + "\n\n"
            + "\n".join(_("- Boat {boat} heads {heading}, the wind from {wind}", boat=b,
                          heading=h, wind=w) for b, (h, w) in v.boats.items()) + "\n\n"
            + _("Answer with a set of boats, like `{example}`.", example='{"A", "D"}'))


def _q6_check(v: Allowed, answer: object) -> Verdict:
    said = read_set(answer, keys_reader(v.boats, N_("boat")), '{"A", "D"}')
    expected = _allowing(v)
    left_out, wrong_in = len(expected - said), len(said - expected)
    extra = [n_("{count} boat of yours may not do it: what does each one's point of sail allow?",
                "{count} boats of yours may not do it: what does each one's point of sail "
                "allow?", wrong_in)] if wrong_in else []
    missing = [n_("{count} boat that may do it is missing: find each boat's point of sail, then "
                  "what it allows.", "{count} boats that may do it are missing: find each boat's "
                  "point of sail, then what it allows.", left_out)] if left_out else []
    return whole(extra + missing, _("exactly these boats' points of sail allow it (§2)."),
                 hint=N_("find each boat's point of sail, then look it up in the table of the five "
                         "points of sail."))


q6 = Question(
    EXERCISE, 6, N_("What each point of sail allows"), draw=_q6_draw, prompt=_q6_prompt,
    check=_q6_check, solution=_allowing, template="answer_6 = ...",
    hint=N_("find each boat's point of sail, then look it up in the table of the five points of "
            "sail."), forced=True)
