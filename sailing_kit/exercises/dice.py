"""Auto-checked questions for the dice lesson (Jacht and Tábornok, notebook 03).

``q1(answer)`` ... ``q8(answer)`` each return a :class:`~sailing_kit.exercises.feedback.Feedback`.
Every expected answer is computed by the kit (:mod:`sailing_kit.yacht`), never typed in; a wrong
answer's feedback names the likely slip. Exact answers are read as data: a whole number, a
``Fraction``, a sympy ``Rational`` or a string like ``"25/648"``; nothing is evaluated.
``QUESTIONS`` lists the questions in order and ``PROMPTS`` maps ``"q1"``, ... to their prompts.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import factorial, isclose

import numpy as np
import sympy

from sailing_kit.exercises.feedback import (
    AnswerError,
    Feedback,
    correct,
    not_yet,
    question,
    read_choice,
    read_decimal,
    read_dict,
    read_fraction,
    read_int,
)
from sailing_kit.yacht import (
    CATEGORIES,
    Position,
    RuleSet,
    Scorecard,
    advise,
    optimal_expected_score,
    probability,
    yacht_chain,
)
from sailing_kit.yacht.multisets import DICE, ROLLS, ways
from sailing_kit.yacht.turn import SCALE, turn_value

# ----- reading exact and decimal numbers -----------------------------------------------------------

def _read_count(value: object) -> int:
    return read_int(value, "count", low=0)


def _exactly(answer: object, expected: Fraction, what: str = "probability") -> Fraction:
    """The answer as a Fraction; a decimal gets told whether it is close to the exact value."""
    if isinstance(answer, float):
        closeness = ("That is the right value as a decimal" if isclose(answer, expected, rel_tol=1e-6)
                     else "That decimal is not the right value either")
        raise AnswerError(f"{closeness}: give the exact {what} as a fraction, like \"25/648\" "
                          "or sympy.Rational(25, 648).")
    return read_fraction(answer, what)


def _as_rational(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


# ----- question 1: the sample space ------------------------------------------------------------------

_Q1_KEYS = ("ordered", "sorted")


@question(
    "Question 1 · How big is the sample space?",
    "Five dice are rolled at once. How many different **ordered** outcomes are there (die 1, die 2, "
    "... told apart), and how many **sorted** ones (only how many dice show each face)?\n\n"
    'Answer with a dict: `{"ordered": ..., "sorted": ...}`.',
)
def q1(answer: object) -> Feedback:
    said = read_dict(answer, _Q1_KEYS, _read_q1_key, _read_count, "count")
    ordered, sorted_ = 6**DICE, len(ROLLS)
    mistakes = []
    if said["ordered"] != ordered:
        hint = " (that multiplies instead of raising to a power)" if said["ordered"] == 6 * DICE else ""
        mistakes.append(f"Ordered: you said {said['ordered']}{hint}. Each of the 5 dice shows one "
                        f"of 6 faces independently: 6 × 6 × 6 × 6 × 6 = 6⁵ = {ordered}.")
    if said["sorted"] != sorted_:
        hint = (" Dividing 7776 by 5! = 120 would assume five different faces in every roll."
                if said["sorted"] in (64, 65) else "")
        mistakes.append(f"Sorted: you said {said['sorted']}.{hint} A sorted roll is a multiset: "
                        f"5 stars and 5 bars (the walls between faces 1|2|...|6), "
                        f"C(10, 5) = {sorted_}.")
    return _verdict(mistakes, f"{ordered} ordered outcomes, but only {sorted_} sorted rolls — "
                    "and the sorted rolls are not equally likely.")


def _read_q1_key(value: object) -> str:
    return read_choice(value, {key: key for key in _Q1_KEYS}, "key")


def _verdict(mistakes: list[str], praise: str) -> Feedback:
    return not_yet("\n".join(mistakes)) if mistakes else correct(praise)


# ----- question 2: the multinomial -------------------------------------------------------------------

Q2_ROLL = (2, 2, 5, 5, 5)


@question(
    "Question 2 · One sorted roll, how many orders?",
    f"How many of the 7776 ordered outcomes show the sorted roll "
    f"**{' '.join(map(str, Q2_ROLL))}**?\n\nAnswer with a whole number.",
)
def q2(answer: object) -> Feedback:
    said = _read_count(answer)
    expected = ways(Q2_ROLL)
    if said == expected:
        return correct(f"5! / (2! · 3!) = 120 / 12 = {expected}: choose which 2 of the 5 dice show "
                       "the twos, C(5, 2) = 10.")
    if said == factorial(DICE):
        return not_yet("5! = 120 counts the orders of five *different* dice. Swapping the two 2s "
                       "or the three 5s gives the same outcome: divide by 2! · 3!.")
    if said == 1:
        return not_yet("One sorted roll, but many ordered outcomes: the two 2s can be on any two "
                       "of the five dice.")
    return not_yet(f"{said} is not it. Count the places of the two 2s among five dice (the 5s "
                   "fill the rest), or use the multinomial 5! / (2! · 3!).")


# ----- question 3: a full in one roll ---------------------------------------------------------------

@question(
    "Question 3 · A Full in one roll",
    "In Jacht a **Full** is three dice of one value and two of another (five of a kind is not a "
    "Full). What is the exact probability that one roll of five dice is a Full?\n\n"
    'Answer with a fraction, like `"1/1296"` or `Fraction(1, 1296)`.',
)
def q3(answer: object) -> Feedback:
    expected = _fraction(probability("full"))
    said = _exactly(answer, expected)
    if said == expected:
        return correct(f"6 × 5 value pairs × 10 orders = 300 outcomes of 7776: {_as_rational(said)}.")
    patterns = 6 * 5
    slips = {
        Fraction(patterns, 7776): "You counted the 30 value pairs (three of one, two of another) "
                                  "but not the orders: each can fall in 5! / (3! · 2!) = 10 ways.",
        Fraction(patterns, len(ROLLS)): "Sorted rolls are not equally likely: 6 6 6 5 5 comes in "
                                        "10 orders, 6 6 6 6 6 in one. Count ordered outcomes.",
        Fraction(300 + 6, 7776): "Five of a kind is not a Full (rules-decisions): leave out the 6 "
                                 "yachts.",
        Fraction(patterns // 2 * 10, 7776): "Three 6s with two 5s differs from three 5s with two "
                                            "6s: the value pairs are ordered, 6 × 5 = 30.",
    }
    return not_yet(slips.get(said, f"{_as_rational(said)} is not it. Count value pairs (which "
                                    "value three times, which twice) times the orders of each."))


def _fraction(value: sympy.Rational) -> Fraction:
    return Fraction(int(value.p), int(value.q))


# ----- question 4: Tábornok's straight on the first roll ---------------------------------------------

@question(
    "Question 4 · A straight on the first roll",
    "In Tábornok a straight is **1-2-3-4-5 or 2-3-4-5-6** and scores 25 instead of 20 when it comes "
    "on the first roll. What is the exact probability that the first roll is a straight?\n\n"
    "Answer with a fraction.",
)
def q4(answer: object) -> Feedback:
    expected = _fraction(probability("straight", 1, "tabornok"))
    said = _exactly(answer, expected)
    if said == expected:
        return correct(f"2 straights × 5! = 120 orders each: 240/7776 = {_as_rational(said)}.")
    if said == expected / 2:
        return not_yet("That is one straight only: in Tábornok both 1-2-3-4-5 and 2-3-4-5-6 count "
                       "(rules-decisions).")
    if said in (Fraction(2, 7776), Fraction(1, 7776), Fraction(2, len(ROLLS))):
        return not_yet("Five different faces can land in 5! = 120 orders: each straight is 120 "
                       "of the 7776 ordered outcomes.")
    return not_yet(f"{_as_rational(said)} is not it. How many ordered outcomes show 1 2 3 4 5? "
                   "And 2 3 4 5 6?")


# ----- question 5: the Markov chain of going for a yacht ---------------------------------------------

@question(
    "Question 5 · Going for a yacht",
    "You go for a yacht: after each roll you keep the largest group of equal dice and roll the "
    "rest. With the transition matrix `P` of the lesson (states: the size of the largest group, "
    "1 to 5) and the distribution `start` after the first roll, what is the exact chance of a "
    "yacht **within three rolls**?\n\nAnswer with a fraction (a sympy Rational is fine).",
)
def q5(answer: object) -> Feedback:
    by_rolls = {rolls: _fraction(probability("yacht", rolls)) for rolls in (1, 2, 3)}
    said = _exactly(answer, by_rolls[3])
    if said == by_rolls[3]:
        return correct(f"start · P² in state 5: {_as_rational(said)} ≈ {float(said):.4f}, about "
                       "one turn in 22.")
    if said == by_rolls[1]:
        return not_yet("That is a yacht in the first roll alone (6/7776): two more rolls follow, "
                       "so multiply the start by P twice.")
    if said == by_rolls[2]:
        return not_yet("That is within two rolls (start · P): the question allows three, start · P².")
    if said == _yacht_after_three_transitions():
        return not_yet("That is start · P³, four rolls: the first roll is already in `start`.")
    return not_yet(f"{_as_rational(said)} is not it. Take the row vector `start`, multiply by P "
                   "once per further roll, and read the entry of state 5.")


def _yacht_after_three_transitions() -> Fraction:
    start, chain = yacht_chain()
    return _fraction((start * chain**3)[0, DICE - 1])


# ----- question 6: chance alone -----------------------------------------------------------------------

@question(
    "Question 6 · The best you can expect in Chance",
    "Only the **Chance** category is left (the sum of the dice). You may roll three times, keeping "
    "any dice between rolls. Playing as well as possible, what is your exact expected score?\n\n"
    "Hint: think of one die. With one roll left it is worth 3.5; with two, keep it only if it "
    "beats 3.5.\n\nAnswer with a fraction.",
)
def q6(answer: object) -> Feedback:
    expected = _chance_alone(3)
    said = _exactly(answer, expected, "expected score")
    if said == expected:
        per_die = expected / DICE
        return correct(f"Per die: 3.5 → 4.25 → {_as_rational(per_die)}; five dice: "
                       f"{_as_rational(said)} ≈ {float(said):.2f}.")
    if said == _chance_alone(1):
        return not_yet("17.5 is one roll (5 × 3.5): the rerolls are worth more.")
    if said == _chance_alone(2):
        return not_yet("That is two rolls: with one die, keep 4, 5 or 6 after the first roll "
                       "only if it beats 4.25, the value of two rolls left.")
    if said == expected / DICE:
        return not_yet("That is one die: the question has five (the dice are independent).")
    return not_yet(f"{_as_rational(said)} is not it. Work backwards for one die: 3.5 with one "
                   "roll left; with two, keep a 4, 5 or 6 (average 5), else reroll: "
                   "(3/6) · 5 + (3/6) · 3.5 = 4.25; then once more. Multiply by five.")


@cache
def _chance_alone(rolls: int) -> Fraction:
    sums = np.array([sum(roll) for roll in ROLLS], dtype=object)
    return Fraction(int(turn_value([sums] * rolls, exact=True)), SCALE**rolls)


# ----- question 7: sixes or chance? ------------------------------------------------------------------

Q7_POSITION = Position(Scorecard(RuleSet("jacht")), (1, 2, 6, 6, 6), 3)


@question(
    "Question 7 · Sixes or Chance?",
    "First turn of a Jacht game, every category open. After your third roll the dice show "
    f"**{' '.join(map(str, Q7_POSITION.dice))}**. Chance would give 21 points now, Sixes 18. "
    "Which category does the optimal player write the dice into?\n\n"
    'Answer with a category name, like `"chance"`.',
)
def q7(answer: object) -> Feedback:
    categories = CATEGORIES["jacht"]
    said = read_choice(answer, {c: c for c in categories}, "Jacht category")
    advice = {o.choice.category: o.expected for o in advise(Q7_POSITION).options}
    best = max(advice, key=advice.get)
    if said == best:
        return correct(f"{best}: expected final score {advice[best]:.2f}. Chance is worth more "
                       "kept for a bad roll later than three points more now.")
    return not_yet(f"{said} scores {Q7_POSITION.categories()[said]} now, but its expected final "
                   f"score is {advice[said]:.2f}, against {advice[best]:.2f} for the best choice. "
                   "Think of what each category is worth later, not only now.")


# ----- question 8: the Póker variant -------------------------------------------------------------------

@question(
    "Question 8 · Póker 30 or 40?",
    "In Tábornok, Póker after the first roll scores 30 (the text) or 40 (standard Generala). By "
    "how many points does 40 raise the optimal expected score of a solitaire Tábornok game (a big "
    "general counted as 60)? Use `optimal_expected_score`.\n\nAnswer with a number to two "
    "decimals.",
)
def q8(answer: object) -> Feedback:
    said = read_decimal(answer, "difference in points")
    plain, generala = (optimal_expected_score("tabornok", big_general_wins=False, poker_points=p)
                       for p in (30, 40))
    gain = generala - plain
    made = float(probability("poker", 3, "tabornok"))
    if abs(said - gain) <= 0.01:
        return correct(f"{plain:.2f} → {generala:.2f}: {gain:.2f} points, far more than 10 × "
                       f"P(Póker within one turn) = {10 * made:.2f}: with ten turns to try, the "
                       "optimal player fills its Póker box with a real Póker in most games, so "
                       "the 10 extra points count almost every game.")
    if said < 0:
        return not_yet("More points for a category can never lower the best expected score.")
    if abs(said - 10) < 0.5:
        return not_yet("10 would be right only if every game made its Póker after the first roll; "
                       "compute both expected scores and subtract.")
    if abs(said - 10 * made) < 0.2:
        return not_yet(f"{said:.2f} is 10 × the chance of a Póker when aiming at it in one turn. "
                       "But the optimal player changes its whole strategy: compute both expected "
                       "scores and subtract.")
    return not_yet(f"{said:.2f} is not it: compute optimal_expected_score for poker_points=30 "
                   "and 40 (with big_general_wins=False) and subtract.")


QUESTIONS = (q1, q2, q3, q4, q5, q6, q7, q8)
PROMPTS = {f"q{number}": q.prompt for number, q in enumerate(QUESTIONS, 1)}
