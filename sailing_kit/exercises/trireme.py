"""Auto-checked questions for the duel of the sailboat and the trireme (lesson 8).

``q1(answer)`` ... ``q9(answer)`` each return a :class:`~sailing_kit.exercises.feedback.Feedback`.
Every expected answer is computed by the kit (:mod:`sailing_kit.trireme`), never typed in; a wrong
answer's feedback names the likely slip. Answers are read as data only (directions, fractions,
small dicts); nothing a student writes is evaluated. ``QUESTIONS`` lists the questions in order
and ``PROMPTS`` maps ``"q1"``, ... to their prompts; :func:`tracks_picture` draws question 7.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from math import isclose

import sympy

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import Point
from sailing_kit.draw import palette
from sailing_kit.draw.scene import Scene
from sailing_kit.exercises.feedback import (
    AnswerError,
    Feedback,
    correct,
    not_yet,
    question,
    read_choice,
    read_decimal,
    read_dict,
    read_direction,
    read_fraction,
    show,
)
from sailing_kit.trireme import (
    Position,
    expected_squares,
    honour_values,
    load_map,
    solve,
    stationary_distribution,
    wind_chain,
    wind_distribution,
)
from sailing_kit.trireme.drawing import draw_sea, draw_track, layout_of
from sailing_kit.trireme.rules import Effect, effect_of, roll_result, squares_allowed, wind_after

DIRECTIONS = tuple(Direction)
SMALL = load_map("small")
DEFAULT = load_map("default")


def _fraction(value: sympy.Rational) -> Fraction:
    return Fraction(int(value.p), int(value.q))


def _text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}" if value.denominator != 1 else str(value)


def _exactly(answer: object, expected: Fraction, what: str = "probability") -> Fraction:
    """The answer as a Fraction; a decimal is told whether it is close to the exact value."""
    if isinstance(answer, float):
        close = ("That is the right value as a decimal" if isclose(answer, expected, rel_tol=1e-9)
                 else "That decimal is not the right value either")
        raise AnswerError(f"{close}: give the exact {what} as a fraction, like \"1/6\" or "
                          "sympy.Rational(1, 6).")
    return read_fraction(answer, what)


def _verdict(mistakes: list[str], praise: str) -> Feedback:
    return not_yet("\n".join(mistakes)) if mistakes else correct(praise)


def _read_squares(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 2:
        return value
    if isinstance(value, str) and value.strip() in ("0", "1", "2"):
        return int(value)
    raise AnswerError(f"{show(value)} is not a number of squares: write 0, 1 or 2.")


# ----- question 1: how far in a north wind --------------------------------------------------------

Q1_WIND = Direction.N


@question(
    "Question 1 · How far can you sail?",
    "The wind blows **from the north**. For each heading, what is the **most** squares you may "
    "sail this turn if the wind does not change?\n\n"
    'Answer with a dict: `{"N": ..., "NE": ..., "E": ..., "SE": ..., "S": ..., "SW": ..., '
    '"W": ..., "NW": ...}` (0, 1 or 2 each).',
)
def q1(answer: object) -> Feedback:
    said = read_dict(answer, DIRECTIONS, read_direction, _read_squares, "heading")
    expected = {h: max(squares_allowed(h, Q1_WIND)) for h in DIRECTIONS}
    wrong = [h for h in DIRECTIONS if said[h] != expected[h]]
    if not wrong:
        return correct("Head to wind 0; 45° off (NE, NW) exactly 1; every other heading up to "
                       "2 — the text's own example: 'deux cases vers l'ouest, le sud-ouest, le "
                       "sud, le sud-est ou l'est'.")
    backwards = {h: max(squares_allowed(h, Q1_WIND.opposite)) for h in DIRECTIONS}
    if said == backwards:
        return not_yet("You answered for a wind blowing *towards* the north. Winds are named by "
                       "where they blow **from**: a north wind comes from the north, so heading N "
                       "is straight into it.")
    mistakes = []
    for h in wrong:
        angle = 45 * min(h.index, 8 - h.index)
        rule = {0: "straight into the wind you cannot move ('vous ne pouvez évidemment pas "
                   "marcher contre lui')",
                45: "at 45° to the wind you advance exactly one square ('vous avancez d'une "
                    "case')",
                }.get(angle, f"at {angle}° you may advance two squares ('vous pouvez … avancer "
                             "de deux cases')")
        mistakes.append(f"{h.value}: you said {said[h]}, but {rule}.")
    return not_yet("\n".join(mistakes))


# ----- question 2: what the die does to the wind --------------------------------------------------

Q2_WIND = Direction.NE
Q2_ROLLS = {"2": (2, False), "6": (6, False), "1": (1, False), "1 with Honour": (1, True)}


@question(
    "Question 2 · Where does the wind blow from now?",
    "The wind blows **from the north-east**. Where does it blow from after each of these rolls? "
    "(\"1 with Honour\": you spent an Honour point and the die shows 1.)\n\n"
    'Answer with a dict: `{"2": ..., "6": ..., "1": ..., "1 with Honour": ...}`, each a '
    'direction like "NE".',
)
def q2(answer: object) -> Feedback:
    said = read_dict(answer, Q2_ROLLS, _read_roll, read_direction, "roll")
    mistakes = []
    for roll, (face, honour) in Q2_ROLLS.items():
        effect = effect_of(roll_result(face, honour))
        expected = wind_after(Q2_WIND, effect)
        if said[roll] == expected:
            continue
        if effect in TURNED_THE_OTHER_WAY and said[roll] == wind_after(
                Q2_WIND, TURNED_THE_OTHER_WAY[effect]):
            hint = ("a 2 turns the wind 45° anticlockwise ('dans le sens inverse des aiguilles "
                    "d'une montre'), not clockwise" if effect is Effect.BACKS else
                    "a 6 turns the wind 45° clockwise ('dans le sens des aiguilles d'une "
                    "montre'), not anticlockwise")
        elif roll == "1":
            hint = ("a 1 is little wind: the current carries you one square west, and the wind "
                    "keeps its direction (rules-decisions)")
        elif roll == "1 with Honour":
            hint = "the Honour point adds 1: the 1 counts as a 2, and the wind turns anticlockwise"
        else:
            hint = f"{effect.words}"
        mistakes.append(f"Roll {roll}: you said {said[roll].value}; {hint}. It blows from "
                        f"{expected.value}.")
    return _verdict(mistakes, "2: N (45° anticlockwise), 6: E (clockwise), 1: still NE (only the "
                    "current moves you), 1 with Honour: N (it counts as a 2).")


TURNED_THE_OTHER_WAY = {Effect.BACKS: Effect.VEERS, Effect.VEERS: Effect.BACKS}


def _read_roll(value: object) -> str:
    return read_choice(str(value) if isinstance(value, int) else value,
                       {roll: roll for roll in Q2_ROLLS}, "roll",
                       aliases={"1 honour": "1 with Honour", "1+honour": "1 with Honour"})


# ----- question 3: one entry of the chain ---------------------------------------------------------

@question(
    "Question 3 · One entry of the chain",
    "The wind blows from NE and you **spend an Honour point**. What is the exact chance that "
    "after the roll it blows **from E**?\n\nAnswer with a fraction.",
)
def q3(answer: object) -> Feedback:
    expected = _fraction(wind_chain(True)[Direction.NE.index, Direction.E.index])
    said = _exactly(answer, expected)
    if said == expected:
        return correct(f"{_text(expected)}: the die's 5 and 6 both become 6 ('Si vous faites 7 "
                       "(6 + 1), le résultat est alors 6').")
    slips = {
        Fraction(1, 6): "1/6 is the chance without the Honour point. With it, a 5 becomes 6 and "
                        "a 6 becomes 7, which counts as 6: two faces veer the wind.",
        Fraction(1, 2): "1/2 is the chance the wind keeps its direction (3, 4, 5 after the +1).",
        Fraction(0): "The wind can turn clockwise: a 6 (or a 7) turns it from NE to E.",
    }
    return not_yet(slips.get(said, f"{_text(said)} is not it. List the six faces, add 1 to each, "
                                   "count 7 as 6, and count the results that turn the wind "
                                   "clockwise."))


# ----- question 4: two turns ----------------------------------------------------------------------

@question(
    "Question 4 · Two turns later",
    "No Honour points are spent. The wind starts from NE. What is the exact chance that it "
    "blows **from N after two turns**?\n\nAnswer with a fraction (`wind_distribution` or "
    "`wind_chain() ** 2` help).",
)
def q4(answer: object) -> Feedback:
    after = wind_distribution(2, Direction.NE)
    expected = _fraction(after[Direction.N.index])
    said = _exactly(answer, expected)
    if said == expected:
        return correct(f"{_text(expected)}: back then hold, or hold then back, "
                       "2 × (1/6 × 2/3). Row NE of P², column N.")
    keep, back = Fraction(2, 3), Fraction(1, 6)
    with_honour = _fraction(wind_distribution(2, Direction.NE, honour=True)[Direction.N.index])
    slips = {
        back * keep: "That is one order only (back, then hold). Hold then back also ends at N: "
                     "add both paths.",
        back * Fraction(1, 2) * 2: "Holding has chance 2/3, not 1/2: the 1 (the current) keeps "
                                   "the wind's direction too.",
    }
    slips[back] = ("1/6 is the chance after one turn" + (", and after two turns with an Honour "
                   "point spent each turn" if with_honour == back else "") + ". Here no Honour "
                   "is spent and the wind may back on either turn (holding on the other).")
    return not_yet(slips.get(said, f"{_text(said)} is not it. Multiply the start vector (all on "
                                   "NE) by the matrix twice and read the N entry."))


# ----- question 5: the long run -------------------------------------------------------------------

Q5_KEYS = ("without Honour", "with Honour")


@question(
    "Question 5 · In the long run",
    "Over very many turns, what share of turns has the wind blowing **from the north**: without "
    "Honour points, and if you spent an Honour point every turn (imagine you had plenty)?\n\n"
    'Answer with a dict of fractions: `{"without Honour": ..., "with Honour": ...}`.',
)
def q5(answer: object) -> Feedback:
    said = read_dict(answer, Q5_KEYS, _read_q5_key, read_fraction, "case")
    expected = {key: _fraction(stationary_distribution(honour)[Direction.N.index])
                for key, honour in zip(Q5_KEYS, (False, True))}
    if said == expected:
        return correct("1/8 either way: every column of the matrix sums to 1, so the uniform "
                       "distribution stays uniform. Honour points turn the wind clockwise more "
                       "often, but round and round the compass.")
    mistakes = []
    for key in Q5_KEYS:
        if said[key] != expected[key]:
            hint = (" Spending Honour makes the wind veer more often, but it keeps turning: no "
                    "direction is favoured in the long run." if key == "with Honour" else
                    " Solve π P = π with the entries of π summing to 1.")
            mistakes.append(f"{key}: you said {_text(said[key])}.{hint}")
    return not_yet("\n".join(mistakes))


def _read_q5_key(value: object) -> str:
    return read_choice(value, {key: key for key in Q5_KEYS}, "case",
                       aliases={"without": "without Honour", "with": "with Honour"})


# ----- question 6: expected squares on a heading --------------------------------------------------

Q6_HEADING, Q6_WIND = Direction.N, Direction.NE


@question(
    "Question 6 · How far on average?",
    "The wind blows from NE and you steer **N**. Sailing as far as the new wind allows (2 when "
    "you may), how many squares do you expect to sail **on your heading** this turn? (The "
    "current's drift west counts 0.)\n\n"
    'Answer with a dict of fractions: `{"without Honour": ..., "with Honour": ...}`.',
)
def q6(answer: object) -> Feedback:
    said = read_dict(answer, Q5_KEYS, _read_q5_key, read_fraction, "case")
    expected = {key: _fraction(expected_squares(Q6_HEADING, Q6_WIND, honour))
                for key, honour in zip(Q5_KEYS, (False, True))}
    if said == expected:
        return correct(f"Backs to N: head to wind, 0; holds: 45°, 1; veers to E: 90°, 2. "
                       f"Without Honour 1/2 · 1 + 1/6 · 2 = {_text(expected[Q5_KEYS[0]])}; with "
                       f"it the veer has chance 1/3: {_text(expected[Q5_KEYS[1]])}.")
    mistakes = []
    if said[Q5_KEYS[0]] == Fraction(1) or said[Q5_KEYS[1]] == Fraction(1):
        mistakes.append("1 square is the distance if the wind held for sure; but the die turns "
                        "it: 'c) Vous vous déplacez du nombre de cases indiqué par la nouvelle "
                        "direction du vent'.")
    if said[Q5_KEYS[0]] == expected[Q5_KEYS[0]] + Fraction(1, 6):
        mistakes.append("Without Honour you counted the current's square: it carries you west, "
                        "not north.")
    if said[Q5_KEYS[1]] == expected[Q5_KEYS[0]]:
        mistakes.append("With Honour a 5 and a 6 (as 7) both veer the wind: the chance of 2 "
                        "squares is 1/3, not 1/6.")
    return not_yet("\n".join(mistakes) or "Not yet: list the new winds (backs, holds, veers, and "
                   "the calm) with their chances, and the squares heading N allows in each.")


# ----- question 7: which track rounds the rocks? --------------------------------------------------

TRACKS: dict[str, tuple[Point, ...]] = {
    "A": ((4, 0), (4, 1), (4, 2), (4, 3), (4, 4), (4, 5), (3, 5), (2, 5), (2, 4), (2, 3), (2, 2),
          (2, 1), (2, 0)),
    "B": ((4, 0), (3, 1), (2, 2), (2, 3), (2, 4), (2, 5), (3, 5), (4, 4), (4, 3), (4, 2), (4, 1),
          (5, 0)),
    "C": ((4, 0), (5, 1), (5, 2), (5, 3), (5, 4), (4, 5), (3, 6), (2, 6), (2, 5), (3, 5), (4, 4),
          (4, 3), (4, 2), (4, 1), (5, 0)),
}
"""Three tracks on the little bay, each from the sailboat's start back to the start line."""
TRACK_COLOURS = {"A": palette.VERMILLION, "B": palette.BLUE, "C": palette.REDDISH_PURPLE}


def tracks_picture() -> Scene:
    """The little bay three times, side by side, each with one track of question 7 (arrows show
    the way it goes)."""
    view = layout_of(SMALL).view
    width, height = view.size
    scene = Scene(3 * width, height + 10, title="Three tracks on the little bay",
                  background="#FFFFFF")
    for panel, (name, track) in enumerate(TRACKS.items()):
        shifted = replace(view, margin=view.margin + panel * width, top=view.top - panel * width)
        draw_sea(scene, shifted, SMALL, sailed=len(SMALL.path) - 1)
        draw_track(scene, shifted, track, TRACK_COLOURS[name])
        x, y = shifted.pixel(track[0])
        scene.circle((x, y), 6, fill=TRACK_COLOURS[name], stroke=palette.INK)
        scene.text((panel * width + width / 2, height - 4), f"Track {name}", size=14,
                   colour=palette.INK, bold=True)
    return scene


@question(
    "Question 7 · Which track rounds the rocks by the right?",
    "Run `tracks_picture()` to see three tracks on the little bay. Each leaves the start line and "
    "comes back to it. Which one has gone round the black rocks **par la droite** (keeping them "
    "on its right)?\n\nAnswer with a letter: \"A\", \"B\" or \"C\".",
)
def q7(answer: object) -> Feedback:
    said = read_choice(answer, {name: name for name in TRACKS}, "track")
    laps = {name: SMALL.rounding.laps(track) for name, track in TRACKS.items()}
    if laps[said] == 1:
        return correct(f"Track {said} goes up the west side and crosses the rounding line going "
                       "east: the rocks stay on its right, clockwise, once.")
    if laps[said] == -1:
        return not_yet(f"Track {said} goes round anticlockwise: up the east side and back down "
                       "the west, with the rocks on its left. 'Par la droite' means keeping them "
                       "on your right (starboard): clockwise.")
    return not_yet(f"Track {said} crosses the rounding line going west, then back going east: "
                   "the two crossings cancel. It loops over the top and comes back down the side "
                   "it went up: the rocks were never all the way round on its right.")


# ----- question 8: the optimal first choice -------------------------------------------------------

Q8_HONOUR = 1


@question(
    "Question 8 · The optimal helmsman's first choice",
    f"The little bay (`load_map(\"small\")`), the start of the game: wind from NE, "
    f"{Q8_HONOUR} Honour point. Which heading does the optimal helmsman choose, and does it "
    "spend its Honour point? Use `solve` and `Position.start`.\n\n"
    'Answer with a dict: `{"heading": ..., "honour": ...}` (a direction, and True or False).',
)
def q8(answer: object) -> Feedback:
    if not isinstance(answer, dict) or set(answer) != {"heading", "honour"}:
        raise AnswerError(f"{show(answer)} is not the dict asked for: write "
                          '{"heading": "N", "honour": False}, say.')
    heading, honour = read_direction(answer["heading"]), _read_flag(answer["honour"])
    solution = solve(SMALL, Q8_HONOUR)
    start = Position.start(SMALL, Q8_HONOUR)
    best = solution.best(start)
    if (heading, honour) == (best.heading, best.honour):
        return correct(f"{best}: a chance to win of {100 * solution.value(start):.1f}%. Heading "
                       f"{best.heading.value} is 90° off the wind: up to 2 squares up the west "
                       "side, and the Honour point removes the current.")
    mistakes = []
    if heading != best.heading:
        mistakes.append(f"Heading {heading.value} is not the best: the optimal helmsman steers "
                        f"{best.heading.value}. Look at solve(...).best(Position.start(...)).")
    if honour != best.honour:
        mistakes.append("The optimal helmsman " + ("spends" if best.honour else "keeps")
                        + " its Honour point here.")
    return not_yet("\n".join(mistakes))


def _read_flag(value: object) -> bool:
    if isinstance(value, bool):
        return value
    return read_choice(value, {"True": True, "False": False}, "True or False",
                       aliases={"yes": True, "no": False})


# ----- question 9: the worth of an Honour point ---------------------------------------------------



@question(
    "Question 9 · What is the third Honour point worth?",
    "On the kit's map (`load_map(\"default\")`), by how many **percentage points** does the "
    "**third** Honour point raise your chance to win from the start, playing perfectly? "
    "`honour_values` helps.\n\nAnswer with a number to one decimal, like 3.2.",
)
def q9(answer: object) -> Feedback:
    said = read_decimal(answer, "percentage points", percent=True)
    values = [100 * v for v in honour_values(DEFAULT, most=3)]
    worth = values[3] - values[2]
    if abs(said - worth) <= 0.05:
        return correct(f"{values[2]:.1f}% → {values[3]:.1f}%: +{worth:.1f} points. Each point "
                       "is worth a little less than the one before.")
    slips = [(values[3] - values[0], "that is what all three points together are worth: from 0 "
                                     "to 3 points. The third alone is from 2 to 3."),
             (values[3], "that is the chance to win with three points, not what the third adds."),
             (values[2] - values[1], "that is the second point (from 1 to 2)."),
             (values[1] - values[0], "that is the first point (from 0 to 1).")]
    for value, hint in slips:
        if abs(said - value) <= 0.05:
            return not_yet(f"{said:.1f}: {hint}")
    if abs(said - worth / 100) <= 0.0005:
        return not_yet("That is a chance, not percentage points: multiply by 100.")
    return not_yet(f"{said:.1f} is not it: compare the chance to win from the start with 2 and "
                   "with 3 Honour points.")


QUESTIONS = (q1, q2, q3, q4, q5, q6, q7, q8, q9)
PROMPTS = {f"q{number}": q.prompt for number, q in enumerate(QUESTIONS, 1)}
