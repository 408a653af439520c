"""Auto-checked questions for the duel of the sailboat and the trireme (lesson 8).

``start("Ada")`` names the student; ``q1`` ... ``q9`` then show and check that student's
variant: other winds, entries, headings, tracks and maps than the lesson prints. Every expected
answer is computed by the kit (:mod:`sailing_kit.trireme`), never typed in; a wrong answer's
feedback names the likely slip. Answers are read as data only (directions, fractions or
decimals as the question states, small dicts).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

import sympy

from sailing_kit.core.compass import Direction
from sailing_kit.exercises import session
from sailing_kit.exercises.exact import Exact, places_phrase, text
from sailing_kit.exercises.question import Question
from sailing_kit.exercises.readers import (
    read_choice,
    read_dict,
    read_direction,
    read_exact,
    read_int,
)
from sailing_kit.exercises.trireme_more import (
    EXERCISE,
    MAPS,
    TRACKS,
    Start,
    q7,
    q8,
    q9,
    tracks_picture,
)
from sailing_kit.exercises.verdicts import Part, Verdict, by_part
from sailing_kit.trireme import (
    expected_squares,
    stationary_distribution,
    wind_distribution,
)
from sailing_kit.trireme.rules import Effect, effect_of, roll_result, squares_allowed, wind_after

DIRECTIONS = tuple(Direction)
NE = Direction.NE
HONOUR_KEYS = ("without Honour", "with Honour")


def start(student: object, mode: str = "practice") -> object:
    """Name yourself (``start("Ada Lovelace")``): your questions are drawn from your name."""
    return session.start(EXERCISE, student, mode)


def _fraction(value: sympy.Rational) -> Fraction:
    return Fraction(int(value.p), int(value.q))


def _entry(start_wind: Direction, end: Direction, honour: bool, turns: int = 1) -> Fraction:
    return _fraction(wind_distribution(turns, start_wind, honour)[end.index])


def _read_honour_key(value: object) -> str:
    return read_choice(value, {key: key for key in HONOUR_KEYS}, "case",
                       aliases={"without": "without Honour", "with": "with Honour"})


def _not(wind: Direction, rng: random.Random) -> Direction:
    return rng.choice([d for d in DIRECTIONS if d is not wind])


# ----- question 1: how far can you sail? ----------------------------------------------------------

def _read_squares(value: object) -> int:
    return read_int(value, "number of squares (0, 1 or 2)", low=0, high=2)


def _q1_check(wind: Direction, answer: object) -> Verdict:
    said = read_dict(answer, DIRECTIONS, read_direction, _read_squares, "heading")
    expected = {h: max(squares_allowed(h, wind)) for h in DIRECTIONS}
    backwards = {h: max(squares_allowed(h, wind.opposite)) for h in DIRECTIONS}
    if said == backwards:
        return Verdict(tuple(Part(h.value, said[h] == expected[h], (
            f"You answered for a wind blowing *towards* {wind.value}. Winds are named by where "
            f"they blow **from**: a wind from {wind.value} comes from there, so heading "
            f"{wind.value} is straight into it.",), "") for h in DIRECTIONS))
    mistakes = {}
    for h in DIRECTIONS:
        if said[h] != expected[h]:
            angle = 45 * min((h.index - wind.index) % 8, (wind.index - h.index) % 8)
            rule = {0: "straight into the wind you cannot move ('vous ne pouvez évidemment pas "
                       "marcher contre lui')",
                    45: "at 45° to the wind you advance exactly one square ('vous avancez "
                        "d'une case')"}.get(angle, f"at {angle}° you may advance two squares "
                                                   "('vous pouvez … avancer de deux cases')")
            mistakes[h] = f"{h.value}: you said {said[h]}, but {rule}."
    return by_part(DIRECTIONS, mistakes, "head to wind 0; 45° off exactly 1; every other "
                   "heading up to 2.")


q1 = Question(
    EXERCISE, 1, "How far can you sail?", draw=lambda rng: _not(Direction.N, rng),
    prompt=lambda wind: (f"The wind blows **from {wind.value}**. For each heading, what is the "
                         "**most** squares you may sail this turn if the wind does not change?"
                         '\n\nAnswer with a dict: `{"N": ..., "NE": ..., "E": ..., "SE": ..., '
                         '"S": ..., "SW": ..., "W": ..., "NW": ...}` (0, 1 or 2 each).'),
    check=_q1_check,
    solution=lambda wind: {h.value: max(squares_allowed(h, wind)) for h in DIRECTIONS},
    template=('answer_1 = {"N": ..., "NE": ..., "E": ..., "SE": ..., "S": ..., "SW": ..., '
              '"W": ..., "NW": ...}'),
    hint="measure the angle between each heading and where the wind comes FROM: 0°, 45°, or "
         "more.")


# ----- question 2: what the die does to the wind --------------------------------------------------

Q2_ROLLS = {"2": (2, False), "6": (6, False), "1": (1, False), "1 with Honour": (1, True)}
TURNED_THE_OTHER_WAY = {Effect.BACKS: Effect.VEERS, Effect.VEERS: Effect.BACKS}


def _read_roll(value: object) -> str:
    return read_choice(str(value) if isinstance(value, int) else value,
                       {roll: roll for roll in Q2_ROLLS}, "roll",
                       aliases={"1 honour": "1 with Honour", "1+honour": "1 with Honour"})


def _q2_after(wind: Direction) -> dict[str, Direction]:
    return {roll: wind_after(wind, effect_of(roll_result(face, honour)))
            for roll, (face, honour) in Q2_ROLLS.items()}


def _q2_check(wind: Direction, answer: object) -> Verdict:
    said = read_dict(answer, Q2_ROLLS, _read_roll, read_direction, "roll")
    mistakes = {}
    for roll, (face, honour) in Q2_ROLLS.items():
        effect = effect_of(roll_result(face, honour))
        expected = wind_after(wind, effect)
        if said[roll] == expected:
            continue
        if effect in TURNED_THE_OTHER_WAY and said[roll] == wind_after(
                wind, TURNED_THE_OTHER_WAY[effect]):
            hint = ("a 2 turns the wind 45° anticlockwise ('dans le sens inverse des aiguilles "
                    "d'une montre'), not clockwise" if effect is Effect.BACKS else
                    "a 6 turns the wind 45° clockwise ('dans le sens des aiguilles d'une "
                    "montre'), not anticlockwise")
        elif roll == "1":
            hint = ("a 1 is little wind: the current carries you one square west, and the wind "
                    "keeps its direction (rules-decisions)")
        elif roll == "1 with Honour":
            hint = "the Honour point adds 1: the 1 counts as a 2"
        else:
            hint = effect.words
        mistakes[roll] = f"Roll {roll}: you said {said[roll].value}; {hint}."
    return by_part(Q2_ROLLS, mistakes, "2 backs the wind, 6 veers it, a 1 keeps it (only the "
                   "current moves you), and with an Honour point a 1 counts as a 2.")


q2 = Question(
    EXERCISE, 2, "Where does the wind blow from now?", draw=lambda rng: _not(NE, rng),
    prompt=lambda wind: (f"The wind blows **from {wind.value}**. Where does it blow from after "
                         "each of these rolls? (\"1 with Honour\": you spent an Honour point and "
                         "the die shows 1.)\n\nAnswer with a dict: `{\"2\": ..., \"6\": ..., "
                         '"1": ..., "1 with Honour": ...}`, each a direction like "NE".'),
    check=_q2_check, solution=lambda wind: {r: w.value for r, w in _q2_after(wind).items()},
    template='answer_2 = {"2": ..., "6": ..., "1": ..., "1 with Honour": ...}',
    hint="2: 45° anticlockwise; 3, 4, 5: no change; 6: 45° clockwise; 1: the current, the wind "
         "stays. An Honour point adds 1 to the die.")


# ----- question 3: one entry of the chain ---------------------------------------------------------

@dataclass(frozen=True)
class Entry:
    """The chance that the wind goes from ``now`` to ``after`` in one turn."""

    now: Direction
    after: Direction
    honour: bool


def _q3_draw(rng: random.Random) -> Entry:
    now = _not(NE, rng)  # the lesson reads the row of NE
    return Entry(now, now.rotate(rng.choice([-1, 0, 1])), rng.random() < 0.5)


def _q3_exact(v: Entry) -> Exact:
    spent = "with" if v.honour else "without"
    other = "without" if v.honour else "with"
    slips: dict[Fraction, str] = {}
    for start in DIRECTIONS:  # another row of the right column: the wrong "now"
        slips.setdefault(_entry(start, v.after, v.honour),
                         f"That is the entry of row {start.value}: the row is where the wind "
                         f"blows from now ({v.now.value}).")
    for end in DIRECTIONS:  # another column of the right row: the wrong "after"
        slips[_entry(v.now, end, v.honour)] = (
            f"That is the entry of column {end.value}, the chance the wind blows from "
            f"{end.value} after the turn: read column {v.after.value}.")
    slips[_entry(v.now, v.after, not v.honour)] = (
        f"That is the chance {other} the Honour point: the question has the matrix {spent} it.")
    slips[_entry(v.after, v.now, v.honour)] = (
        f"That is the entry in row {v.after.value}, column {v.now.value}: rows and columns are "
        f"swapped. The row is where the wind blows from now, the column where it blows from "
        "after the turn.")
    value = _entry(v.now, v.after, v.honour)
    return Exact(value, 2, slips={k: w for k, w in slips.items() if k != value})


def _q3_check(v: Entry, answer: object) -> Verdict:
    exact = _q3_exact(v)
    honour = " (+1 with the Honour point, 7 counting as 6)" if v.honour else ""
    return exact.judge(answer, f"{text(exact.value)}: list the six faces{honour} and count those "
                               f"that bring the wind from {v.after.value}.",
                       lambda said: f"{said} is not it. List the six faces of the die{honour}, "
                                    "and count those that bring the wind round to "
                                    f"{v.after.value}.")


q3 = Question(
    EXERCISE, 3, "One entry of the chain", draw=_q3_draw,
    prompt=lambda v: (f"The wind blows from **{v.now.value}** and you "
                      f"**{'spend' if v.honour else 'do not spend'} an Honour point**. What is "
                      f"the exact chance that after the roll it blows **from {v.after.value}**? "
                      f"(That is one entry of `wind_chain(honour={v.honour})`.)\n\nAnswer with "
                      f"a fraction, or {places_phrase(2)}."),
    check=_q3_check, solution=lambda v: text(_q3_exact(v).value), template="answer_3 = ...",
    hint="row = where the wind blows from now, column = where it blows from after the turn; "
         "count the faces of the die that lead there.")


# ----- question 4: two turns ----------------------------------------------------------------------

def _q4_draw(rng: random.Random) -> Entry:
    honour = rng.random() < 0.5
    now = rng.choice(DIRECTIONS) if honour else _not(NE, rng)  # the lesson: NE, no Honour
    return Entry(now, now.rotate(rng.choice([-2, -1, 1, 2])), honour)


def _q4_exact(v: Entry) -> Exact:
    value = _entry(v.now, v.after, v.honour, turns=2)
    slips: dict[Fraction, str] = {}

    def slip(said: Fraction, why: str) -> None:
        if said != value:
            slips[said] = f"{slips[said]} Or: {why[0].lower()}{why[1:]}" if said in slips else why

    slip(_entry(v.now, v.after, v.honour), "That is after one turn: the question asks two.")
    slip(_entry(v.now, v.after, not v.honour, turns=2),
         f"That is {'without' if v.honour else 'with'} Honour points: here "
         f"{'an Honour point is spent every turn' if v.honour else 'none is spent'}.")
    for path in (Fraction(1, 6) * Fraction(2, 3), Fraction(1, 6) * Fraction(1, 2),
                 Fraction(1, 3) * Fraction(1, 2)):
        if path not in slips:
            slip(path, "That is one path only: every order of moves that ends there counts "
                       "(hold then turn, or turn then hold): add the paths.")
    return Exact(value, 3, slips=slips)


def _q4_check(v: Entry, answer: object) -> Verdict:
    exact = _q4_exact(v)
    return exact.judge(answer, f"{text(exact.value)}: row {v.now.value} of P², column "
                               f"{v.after.value} (add every path of two turns).",
                       lambda said: f"{said} is not it. Multiply the start vector (all on "
                                    f"{v.now.value}) by the matrix twice and read the "
                                    f"{v.after.value} entry, or add up the paths of two turns.")


q4 = Question(
    EXERCISE, 4, "Two turns later", draw=_q4_draw,
    prompt=lambda v: (("An Honour point is spent every turn. " if v.honour else
                       "No Honour points are spent. ") +
                      f"The wind starts from **{v.now.value}**. What is the exact chance that "
                      f"it blows **from {v.after.value} after two turns**?\n\nAnswer with a "
                      f"fraction, or {places_phrase(3)} (`wind_distribution` or "
                      "`wind_chain() ** 2` help)."),
    check=_q4_check, solution=lambda v: text(_q4_exact(v).value), template="answer_4 = ...",
    hint="list the paths of two turns that end there (each turn backs, holds or veers) and add "
         "their chances; or multiply by the matrix twice.")


# ----- question 5: the long run -------------------------------------------------------------------

def _q5_draw(rng: random.Random) -> tuple[Direction, ...]:
    return tuple(sorted(rng.sample(DIRECTIONS, rng.choice([2, 3])), key=lambda d: d.index))


def _q5_expected(winds: tuple[Direction, ...]) -> dict[str, Fraction]:
    return {key: sum((_fraction(stationary_distribution(honour)[w.index]) for w in winds),
                     Fraction(0)) for key, honour in zip(HONOUR_KEYS, (False, True))}


def _q5_check(winds: tuple[Direction, ...], answer: object) -> Verdict:
    said = read_dict(answer, HONOUR_KEYS, _read_honour_key,
                     lambda value: read_exact(value, "share"), "case")
    expected, k = _q5_expected(winds), len(winds)
    mistakes = {}
    for key in HONOUR_KEYS:
        if abs(float(said[key]) - float(expected[key])) <= 0.0005:
            continue
        if said[key] == Fraction(1, 8):
            why = f"{key}: 1/8 is one direction; the question names {k}."
        elif said[key] == Fraction(k, 9):
            why = (f"{key}: a calm is not a ninth state of the chain: after it the wind blows "
                   "from where it blew before.")
        elif key == "with Honour":
            why = ("with Honour: spending Honour makes the wind veer more often, but it keeps "
                   "turning: no direction is favoured in the long run.")
        else:
            why = f"{key}: you said {text(said[key])}. Solve π P = π with π summing to 1."
        mistakes[key] = why
    return by_part(HONOUR_KEYS, mistakes, f"{k}/8 either way: every column of the matrix sums "
                   "to 1, so the uniform distribution stays uniform; Honour points turn the "
                   "wind clockwise more often, but round and round the compass.")


q5 = Question(
    EXERCISE, 5, "In the long run", draw=_q5_draw,
    prompt=lambda winds: ("Over very many turns, what share of turns has the wind blowing from "
                          f"**{' or '.join(w.value for w in winds)}**: without Honour points, and "
                          "if you spent an Honour point every turn (imagine you had plenty)?\n\n"
                          "Answer with a dict of fractions (or decimals rounded to 3 places): "
                          '`{"without Honour": ..., "with Honour": ...}`.'),
    check=_q5_check, solution=lambda winds: {k: text(v) for k, v in _q5_expected(winds).items()},
    template='answer_5 = {"without Honour": ..., "with Honour": ...}',
    hint="the stationary distribution π solves π P = π; look at the sums of the columns of P.")


# ----- question 6: expected squares on a heading --------------------------------------------------

def _q6_draw(rng: random.Random) -> tuple[Direction, Direction]:
    wind = _not(NE, rng)  # the lesson charts the wind from NE
    return wind.rotate(rng.choice([-2, -1, 1, 2])), wind


def _q6_expected(v: tuple[Direction, Direction]) -> dict[str, Fraction]:
    heading, wind = v
    return {key: _fraction(expected_squares(heading, wind, honour))
            for key, honour in zip(HONOUR_KEYS, (False, True))}


def _q6_check(v: tuple[Direction, Direction], answer: object) -> Verdict:
    heading, wind = v
    said = read_dict(answer, HONOUR_KEYS, _read_honour_key,
                     lambda value: read_exact(value, "expected number of squares"), "case")
    expected = _q6_expected(v)
    held = max(squares_allowed(heading, wind))
    mistakes = {}
    for key, honour in zip(HONOUR_KEYS, (False, True)):
        if abs(float(said[key]) - float(expected[key])) <= 0.005:
            continue
        if said[key] == held:
            why = (f"{key}: {held} is the distance if the wind held for sure; but the die turns "
                   "it: 'c) Vous vous déplacez du nombre de cases indiqué par la nouvelle "
                   "direction du vent'.")
        elif not honour and said[key] == expected[key] + Fraction(max(squares_allowed(heading, wind)), 6):
            why = f"{key}: you counted a calm as sailing: the current carries you west instead."
        elif honour and said[key] == expected["without Honour"]:
            why = ("with Honour: a 5 and a 6 (as 7) both veer the wind and a 1 becomes a 2: the "
                   "chances change.")
        else:
            why = (f"{key}: {text(said[key])} is not it. List the new winds (backs, holds, veers, "
                   "and the calm) with their chances, and the squares your heading allows in "
                   "each.")
        mistakes[key] = why
    return by_part(HONOUR_KEYS, mistakes,
                   f"{text(expected[HONOUR_KEYS[0]])} without Honour, "
                   f"{text(expected[HONOUR_KEYS[1]])} with it: the chance of each new wind times "
                   "the squares it allows.")


q6 = Question(
    EXERCISE, 6, "How far on average?", draw=_q6_draw,
    prompt=lambda v: (f"The wind blows from **{v[1].value}** and you steer **{v[0].value}**. "
                      "Sailing as far as the new wind allows (2 when you may), how many squares "
                      "do you expect to sail **on your heading** this turn? (The current's "
                      "drift west counts 0.)\n\nAnswer with a dict of fractions (or decimals "
                      'rounded to 2 places): `{"without Honour": ..., "with Honour": ...}`.'),
    check=_q6_check, solution=lambda v: {k: text(x) for k, x in _q6_expected(v).items()},
    template='answer_6 = {"without Honour": ..., "with Honour": ...}',
    hint="an expected distance: for each new wind (and the calm), its chance times the squares "
         "your heading allows then; add them up.")


QUESTIONS = (q1, q2, q3, q4, q5, q6, q7, q8, q9)
"""Questions 7 to 9 live in :mod:`sailing_kit.exercises.trireme_more`."""
__all__ = ["MAPS", "QUESTIONS", "TRACKS", "Entry", "Start", "start", "tracks_picture",
           *(q.key for q in QUESTIONS)]

