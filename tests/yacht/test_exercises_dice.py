"""The dice exercises: each student's variant, right answers in any honest form (exact or
rounded as the question states), each usual slip named whatever form it comes in, and never the
answer in the feedback."""

import re
from fractions import Fraction

import numpy as np
import pytest
import sympy

from sailing_kit.exercises.dice import LESSON_ROLLS, QUESTIONS, Colours, Roll, q1, q2, q3, q4
from sailing_kit.exercises.dice_more import (
    Chase,
    Table,
    Worth,
    change_rules,
    one_die,
    q5,
    q6,
    q7,
    q8,
)
from sailing_kit.yacht import advise, probability, rule_set
from sailing_kit.yacht.multisets import ROLLS
from sailing_kit.yacht.turn import SCALE, turn_value
from tests.exercise_helpers import NAMES, message, passes

COLOURS = Colours((4, 6), (1, 8))
FULL_OF_THREES = next(q3.variant(n) for n in (f"s{i}" for i in range(2000))
                      if "Full with three 3s" in q3.variant(n).words and q3.variant(n).faces == 6)
AT_LEAST_ONE = next(q4.variant(n) for n in (f"s{i}" for i in range(2000))
                    if "at least one" in q4.variant(n).words and " and " not in q4.variant(n).words
                    and (q4.variant(n).dice, q4.variant(n).faces) == (5, 6))
YACHT_IN_TWO = Chase(5, 6, 2, (5,))
TWO_DICE = ((6, 20), 2)
JACHT = Table(rule_set("jacht"), (("ones", 3), ("twos", 6), ("chance", 21)), (5, 5, 5, 6, 6))


def test_no_question_repeats_what_the_lesson_prints():
    names = [f"student {n}" for n in range(300)]
    assert all(q2.variant(n).dice not in LESSON_ROLLS for n in names)
    assert all("Full**" not in q3.variant(n).words for n in names)  # the lesson's P(Full)
    assert all(q5.variant(n) != Chase(5, 6, 3, (5,)) for n in names)
    assert all(q6.variant(n) != ((6,) * 5, 3) for n in names)
    assert all(q7.variant(n).boxes for n in names)  # never the lesson's empty card


def test_the_events_count_ordered_outcomes():
    assert FULL_OF_THREES.count == 50 and AT_LEAST_ONE.count == 6**5 - 5**5
    everything = [q3.variant(n) for n in NAMES] + [q4.variant(n) for n in NAMES]
    assert all(0 < e.count < e.total for e in everything)


def test_one_die_agrees_with_the_kits_turn_solver():
    sums = np.array([sum(roll) for roll in ROLLS], dtype=object)
    for rolls in (1, 2, 3):
        assert 5 * one_die(6, rolls) == Fraction(int(turn_value([sums] * rolls, exact=True)),
                                                 SCALE**rolls)


def test_the_chain_agrees_with_the_kits_probability():
    assert Fraction(q5.solution_of(YACHT_IN_TWO)) == Fraction(
        int(probability("yacht", 2).p), int(probability("yacht", 2).q))


def test_the_position_questions_follow_the_optimal_player():
    best = advise(JACHT.position()).options[0].choice
    assert q7.solution_of(JACHT) == best.category  # type: ignore[union-attr]
    worth = Worth(0, JACHT)
    with_rule, without = (advise(JACHT.position(change_rules(0, c))).options[0].expected
                          for c in (True, False))
    assert q8.solution_of(worth) == round(with_rule - without, 2)


RIGHT = [
    (q1, COLOURS, {"ordered": 6**4 * 8, "sorted": 126 * 8}),
    (q1, COLOURS, {"Ordered": str(6**4 * 8), "SORTED": sympy.binomial(9, 4) * 8}),
    (q1, COLOURS, {"ordered": 10368.0, "sorted": np.int64(1008)}),
    (q2, Roll((2, 2, 3, 3, 3), 6), 10), (q2, Roll((2, 2, 3, 3, 3), 6), "10"),
    (q2, Roll((2, 2, 3, 3, 3), 6), 120 / 12),
    (q3, FULL_OF_THREES, "25/3888"), (q3, FULL_OF_THREES, Fraction(50, 7776)),
    (q3, FULL_OF_THREES, sympy.Rational(50, 7776)), (q3, FULL_OF_THREES, 0.0064),
    (q3, FULL_OF_THREES, "0.00643"), (q3, FULL_OF_THREES, "0.64%"), (q3, FULL_OF_THREES, "6.4e-3"),
    (q4, AT_LEAST_ONE, "4651/7776"), (q4, AT_LEAST_ONE, 0.5981),
    (q5, YACHT_IN_TWO, "221/17496"), (q5, YACHT_IN_TWO, 0.0126),
    (q6, TWO_DICE, one_die(6, 2) + one_die(20, 2)), (q6, TWO_DICE, "69/4"), (q6, TWO_DICE, 17.25),
]


@pytest.mark.parametrize("question, variant, answer", RIGHT)
def test_right_answers_pass_in_any_honest_form(question, variant, answer):
    assert passes(question, variant, answer), question.mark(variant, answer)


WRONG = [
    (q1, COLOURS, {"ordered": 4 * 6 * 1 * 8, "sorted": 1008}, "a die does not add faces"),
    (q1, COLOURS, {"ordered": 10368, "sorted": 432}, "assume different faces"),
    (q1, COLOURS, {"ordered": 10368, "sorted": 200}, "stars for the dice"),
    (q2, Roll((2, 2, 3, 3, 3), 6), 120, "orders of 5 \\*different\\* dice"),
    (q2, Roll((2, 2, 3, 3, 3), 6), 1, "equal dice can sit on any"),
    (q2, Roll((2, 2, 3, 3, 3), 6), 20, "multinomial"),
    (q3, FULL_OF_THREES, Fraction(5, 7776), "several orders"),
    (q3, FULL_OF_THREES, Fraction(5, 252), "Sorted rolls are not equally likely"),
    (q3, FULL_OF_THREES, "1/2", "Count the ordered outcomes"),
    (q3, FULL_OF_THREES, 2, "cannot be a probability"),
    (q3, FULL_OF_THREES, 0.01, "too rough to tell"),
    (q4, AT_LEAST_ONE, Fraction(5, 6), "adds the chances"),
    (q4, AT_LEAST_ONE, 0.8333, "adds the chances"),
    (q5, YACHT_IN_TWO, Fraction(1, 1296), "one roll too few"),
    (q5, YACHT_IN_TWO, q5.solution_of(Chase(5, 6, 3, (5,))), "one roll too many"),
    (q5, YACHT_IN_TWO, "1/22", "multiply it by P once per further roll"),
    (q6, TWO_DICE, Fraction(7, 2) + Fraction(21, 2), "worth with one roll"),
    (q6, TWO_DICE, 14, "worth with one roll"),
    (q6, TWO_DICE, 2 * one_die(6, 2), "every die as a six-sided one"),
    (q6, TWO_DICE, 25, "Work backwards for one die"),
    (q7, JACHT, "chance", "already written on your card"),
    (q7, JACHT, "yacht", "yacht scores 0 now"),
    (q8, Worth(0, JACHT), -3, "can never lower"),
    (q8, Worth(0, JACHT), 50, "far too much"),
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
                assert f" {solution}" not in message(question, variant, wrong_answer)


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.key)
def test_blank_answers_are_your_turn_not_errors(question):
    result = question.grade("Ada", ...)
    assert not result.ok and not result.answered and "not answered yet" in result.problem


def test_a_half_blank_dict_is_not_answered_yet():
    assert not q1.mark(COLOURS, {"ordered": 10368, "sorted": ...}).answered


def test_answers_are_read_as_data_never_evaluated():
    result = q3.mark(FULL_OF_THREES, "__import__('os').system('echo hi')")
    assert result.answered and not result.ok and "not a probability the check can read" in result.problem
    assert "cannot have 0 below the line" in q3.mark(FULL_OF_THREES, "1/0").problem
