"""The dice exercises: each student's variant, right answers in any honest form (exact or
rounded as the question states), each usual slip named whatever form it comes in."""

import re
from fractions import Fraction

import numpy as np
import pytest
import sympy

from sailing_kit.exercises.dice import (
    LESSON_ROLLS,
    Q1_DICE,
    Q5_ASKS,
    Q6_ASKS,
    Q7_ROLLS,
    Q8_CHANGES,
    QUESTIONS,
    one_die,
    q1,
    q2,
    q3,
    q4,
    q5,
    q6,
    q7,
    q8,
)
from sailing_kit.yacht import optimal_expected_score, probability
from sailing_kit.yacht.multisets import ROLLS
from sailing_kit.yacht.turn import SCALE, turn_value
from tests.exercise_helpers import NAMES, message, passes

FOUR_DICE = (4, 6)
FULL_OF_THREES = next(q3.variant(n) for n in (f"s{i}" for i in range(500))
                      if "Full with three 3s" in q3.variant(n).words)
AT_LEAST_ONE_SIX = next(q4.variant(n) for n in (f"s{i}" for i in range(500))
                        if "at least one 6" in q4.variant(n).words)
YACHT_IN_TWO = (2, (5,))
FIVE_DICE_TWO_ROLLS = (5, 2)


def test_no_question_repeats_what_the_lesson_prints():
    names = [f"student {n}" for n in range(300)]
    assert (5, 6) not in Q1_DICE and all(q1.variant(n) in Q1_DICE for n in names)
    assert all(q2.variant(n) not in LESSON_ROLLS for n in names)
    assert all("Full**" not in q3.variant(n).words for n in names)  # the lesson's P(Full)
    assert all("1-5 or 2-6" not in q4.variant(n).words for n in names)
    assert (3, (5,)) not in Q5_ASKS and (5, 3) not in Q6_ASKS
    assert (1, 2, 6, 6, 6) not in Q7_ROLLS
    assert all(("poker_points", 40) not in change.after or ("poker_points", 40) in change.before
               for change in Q8_CHANGES)


def test_the_events_count_ordered_outcomes():
    assert FULL_OF_THREES.count == 50 and AT_LEAST_ONE_SIX.count == 6**5 - 5**5
    everything = [q3.variant(n).count for n in NAMES] + [q4.variant(n).count for n in NAMES]
    assert all(0 < c < 7776 for c in everything)


def test_one_die_agrees_with_the_kits_turn_solver():
    sums = np.array([sum(roll) for roll in ROLLS], dtype=object)
    for rolls in (1, 2, 3):
        assert 5 * one_die(rolls) == Fraction(int(turn_value([sums] * rolls, exact=True)),
                                              SCALE**rolls)


def test_the_chain_agrees_with_the_kits_probability():
    assert Fraction(q5.solution_of(YACHT_IN_TWO)) == Fraction(
        int(probability("yacht", 2).p), int(probability("yacht", 2).q))


RIGHT = [
    (q1, FOUR_DICE, {"ordered": 1296, "sorted": 126}),
    (q1, FOUR_DICE, {"Ordered": "1296", "SORTED": sympy.binomial(9, 4)}),
    (q1, FOUR_DICE, {"ordered": 1296.0, "sorted": np.int64(126)}),
    (q2, (2, 2, 3, 3, 3), 10), (q2, (2, 2, 3, 3, 3), "10"), (q2, (2, 2, 3, 3, 3), 120 / 12),
    (q3, FULL_OF_THREES, "25/3888"), (q3, FULL_OF_THREES, Fraction(50, 7776)),
    (q3, FULL_OF_THREES, sympy.Rational(50, 7776)), (q3, FULL_OF_THREES, 0.0064),
    (q3, FULL_OF_THREES, "0.00643"),
    (q4, AT_LEAST_ONE_SIX, "4651/7776"), (q4, AT_LEAST_ONE_SIX, 0.5981),
    (q5, YACHT_IN_TWO, "221/17496"), (q5, YACHT_IN_TWO, 0.0126),
    (q6, FIVE_DICE_TWO_ROLLS, Fraction(85, 4)), (q6, FIVE_DICE_TWO_ROLLS, "85/4"),
    (q6, FIVE_DICE_TWO_ROLLS, 21.25), (q6, (2, 3), 9.33), (q6, (2, 3), "28/3"),
    (q7, (5, 5, 5, 6, 6), "full"), (q7, (5, 5, 5, 6, 6), "Full"),
]


@pytest.mark.parametrize("question, variant, answer", RIGHT)
def test_right_answers_pass_in_any_honest_form(question, variant, answer):
    assert passes(question, variant, answer), question.mark(variant, answer)


def test_q8_accepts_the_gain_to_two_decimals():
    change = Q8_CHANGES[0]
    gain = (optimal_expected_score("jacht", five_of_a_kind_counts=True)
            - optimal_expected_score("jacht"))
    assert passes(q8, change, round(gain, 2)) and passes(q8, change, f"{gain:.3f}")
    assert not passes(q8, change, round(gain, 2) + 0.05)


WRONG = [
    (q1, FOUR_DICE, {"ordered": 24, "sorted": 126}, "multiplies instead of raising to a power"),
    (q1, FOUR_DICE, {"ordered": 1296, "sorted": 54}, "assume 4 different faces"),
    (q1, FOUR_DICE, {"ordered": 1296, "sorted": 200}, "4 stars and 5 bars"),
    (q2, (2, 2, 3, 3, 3), 120, "orders of five \\*different\\* dice"),
    (q2, (2, 2, 3, 3, 3), 1, "equal dice can sit on any"),
    (q2, (2, 2, 3, 3, 3), 20, "multinomial"),
    (q3, FULL_OF_THREES, Fraction(5, 7776), "10 orders"),
    (q3, FULL_OF_THREES, Fraction(5, 252), "Sorted rolls are not equally likely"),
    (q3, FULL_OF_THREES, Fraction(51, 7776), "Five of a kind is not a Full"),
    (q3, FULL_OF_THREES, "1/2", "Count the ordered outcomes"),
    (q3, FULL_OF_THREES, 2, "cannot be a probability"),
    (q3, FULL_OF_THREES, 0.01, "too rough to tell"),
    (q4, AT_LEAST_ONE_SIX, Fraction(5, 6), "adds the chances"),
    (q4, AT_LEAST_ONE_SIX, 0.8333, "adds the chances"),
    (q5, YACHT_IN_TWO, Fraction(1, 1296), "1 roll"),
    (q5, YACHT_IN_TWO, q5.solution_of((3, (5,))), "the first roll is already in"),
    (q5, YACHT_IN_TWO, "1/22", "multiply it by P once per further roll"),
    (q6, FIVE_DICE_TWO_ROLLS, Fraction(35, 2), "5 × 3.5 is one roll"),
    (q6, FIVE_DICE_TWO_ROLLS, 17.5, "5 × 3.5 is one roll"),
    (q6, FIVE_DICE_TWO_ROLLS, "17.50", "5 × 3.5 is one roll"),
    (q6, FIVE_DICE_TWO_ROLLS, Fraction(17, 4), "That is one die"),
    (q6, FIVE_DICE_TWO_ROLLS, 25, "Work backwards for one die"),
    (q7, (5, 5, 5, 6, 6), "chance", "chance scores 27 now, but its expected final score is"),
    (q7, (5, 5, 5, 6, 6), "yacht", "yacht scores 0 now"),
    (q8, Q8_CHANGES[0], -3, "can never lower"),
    (q8, Q8_CHANGES[0], 10, "far too much"),
    (q8, Q8_CHANGES[0], 1, "subtract"),
]


@pytest.mark.parametrize("question, variant, answer, feedback", WRONG)
def test_wrong_answers_get_specific_feedback(question, variant, answer, feedback):
    text = message(question, variant, answer)
    assert re.search(feedback, text), text


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.key)
def test_wrong_feedback_never_states_the_answer(question):
    for name in NAMES[:5]:
        variant = question.variant(name)
        solution = question.solution_for(name)
        for wrong_answer in (0, 1, "1/3", 999, {"ordered": 1, "sorted": 1}, "ones"):
            result = question.mark(variant, wrong_answer)
            if result.verdict is not None and not result.ok and not isinstance(solution, dict):
                assert str(solution) not in message(question, variant, wrong_answer)


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.key)
def test_blank_answers_are_your_turn_not_errors(question):
    result = question.grade("Ada", ...)
    assert not result.ok and not result.answered and "not answered yet" in result.problem


def test_a_half_blank_dict_is_not_answered_yet():
    assert not q1.mark(FOUR_DICE, {"ordered": 1296, "sorted": ...}).answered


def test_answers_are_read_as_data_never_evaluated():
    result = q3.mark(FULL_OF_THREES, "__import__('os').system('echo hi')")
    assert result.answered and not result.ok and "not a probability the check can read" in result.problem
    assert "cannot have 0 below the line" in q3.mark(FULL_OF_THREES, "1/0").problem
