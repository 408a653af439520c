"""The dice exercises: right answers pass, each wrong answer gets specific feedback, blank and
malformed answers never raise, and the notebooks agree with the questions."""

import re
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from sailing_kit.exercises.dice import (
    PROMPTS,
    QUESTIONS,
    q1,
    q2,
    q3,
    q4,
    q5,
    q6,
    q7,
    q8,
    read_fraction,
)
from sailing_kit.exercises.feedback import AnswerError
from sailing_kit.yacht import optimal_expected_score, yacht_chain

EXERCISES = Path(__file__).resolve().parents[2] / "exercises"
STUDENT = EXERCISES / "03_dice.ipynb"
SOLUTION = EXERCISES / "solutions" / "03_dice.ipynb"

START, CHAIN = yacht_chain()
POKER_GAIN = (optimal_expected_score("tabornok", big_general_wins=False, poker_points=40)
              - optimal_expected_score("tabornok", big_general_wins=False))

RIGHT = [
    (q1, {"ordered": 7776, "sorted": 252}),
    (q1, {"Ordered": "7776", "SORTED": sympy.binomial(10, 5)}),
    (q2, 10), (q2, "10"),
    (q3, "25/648"), (q3, Fraction(300, 7776)), (q3, sympy.Rational(25, 648)),
    (q4, " 5 / 162 "), (q4, Fraction(240, 7776)),
    (q5, (START * CHAIN**2)[0, 4]), (q5, "347897/7558272"),
    (q6, Fraction(70, 3)), (q6, "70/3"),
    (q7, "sixes"), (q7, "Sixes"),
    (q8, round(POKER_GAIN, 2)), (q8, f"{POKER_GAIN:.3f}"),
]


@pytest.mark.parametrize("check, answer", RIGHT)
def test_right_answers_pass(check, answer):
    feedback = check(answer)
    assert feedback.ok and feedback.answered, str(feedback)


WRONG = [
    (q1, {"ordered": 30, "sorted": 252}, "multiplies instead of raising to a power"),
    (q1, {"ordered": 7776, "sorted": 64}, "assume five different faces"),
    (q1, {"ordered": 7776, "sorted": 200}, "5 stars and 5 bars"),
    (q2, 120, "orders of five \\*different\\* dice"),
    (q2, 1, "the two 2s can be on any two"),
    (q2, 20, "multinomial 5! / \\(2! · 3!\\)"),
    (q3, Fraction(30, 7776), "but not the orders"),
    (q3, Fraction(30, 252), "Sorted rolls are not equally likely"),
    (q3, Fraction(306, 7776), "Five of a kind is not a Full"),
    (q3, Fraction(150, 7776), "the value pairs are ordered"),
    (q3, 25 / 648, "right value as a decimal: give the exact probability as a fraction"),
    (q3, "1/2", "Count value pairs"),
    (q4, Fraction(120, 7776), "one straight only"),
    (q4, Fraction(2, 7776), "120 orders"),
    (q4, "1/3", "How many ordered outcomes show 1 2 3 4 5"),
    (q5, Fraction(1, 1296), "first roll alone"),
    (q5, (START * CHAIN)[0, 4], "within two rolls"),
    (q5, (START * CHAIN**3)[0, 4], "four rolls"),
    (q5, 0.046, "decimal is not the right value"),
    (q5, "1/22", "multiply by P once per further roll"),
    (q6, Fraction(35, 2), "one roll \\(5 × 3.5\\)"),
    (q6, Fraction(85, 4), "That is two rolls"),
    (q6, Fraction(14, 3), "That is one die"),
    (q6, 25, "Work backwards for one die"),
    (q7, "chance", "chance scores 21 now, but its expected final score is"),
    (q7, "yacht", "yacht scores 0 now"),
    (q8, 10, "every game made its Póker"),
    (q8, -3, "can never lower"),
    (q8, 2.76, "changes its whole strategy"),
    (q8, 5, "subtract"),
]


@pytest.mark.parametrize("check, answer, feedback", WRONG)
def test_wrong_answers_get_specific_feedback(check, answer, feedback):
    verdict = check(answer)
    assert not verdict.ok and verdict.answered
    assert re.search(feedback, verdict.message), verdict.message


@pytest.mark.parametrize("check", QUESTIONS)
def test_blank_answers_are_your_turn_not_errors(check):
    verdict = check(...)
    assert not verdict.ok and not verdict.answered and "not answered yet" in verdict.message


def test_a_half_blank_dict_is_not_answered_yet():
    assert not q1({"ordered": 7776, "sorted": ...}).answered


@settings(max_examples=60, deadline=None)
@given(answer=st.one_of(st.none(), st.text(max_size=12), st.integers(), st.floats(allow_nan=True),
                        st.booleans(), st.lists(st.integers(), max_size=3),
                        st.dictionaries(st.text(max_size=8), st.integers(), max_size=3)),
       check=st.sampled_from(QUESTIONS))
def test_malformed_answers_never_raise(answer, check):
    verdict = check(answer)
    assert verdict.message


def test_answers_are_read_as_data_never_evaluated():
    with pytest.raises(AnswerError):
        read_fraction("__import__('os').system('echo hi')")
    with pytest.raises(AnswerError, match="cannot have 0 below the line"):
        read_fraction("1/0")
    assert read_fraction(sympy.Rational(3, 9)) == Fraction(1, 3)


def notebook_sources(path):
    return [cell.source for cell in nbformat.read(path, as_version=4).cells]


def test_the_student_notebook_asks_every_question_blank():
    sources = notebook_sources(STUDENT)
    for number, prompt in enumerate(PROMPTS.values(), start=1):
        assert any(prompt in source for source in sources)
        assert any(source.startswith(f"answer_{number} = ") and "..." in source
                   for source in sources)
        assert f"q{number}(answer_{number})" in sources
