"""The duel's exercises: right answers pass, each wrong answer gets specific feedback, blank
answers are "your turn", and the notebooks agree with the questions. (That no answer at all makes
a check raise, and that no check evaluates an answer, is tested for every set in
tests/test_exercise_checks.py.)"""

import re
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest
import sympy
from sailing_kit.exercises.trireme import (
    DEFAULT,
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
    q9,
    tracks_picture,
)
from sailing_kit.trireme import honour_values, wind_chain, wind_distribution
from tests.exercise_helpers import message

EXERCISES = Path(__file__).resolve().parents[2] / "exercises"
STUDENT = EXERCISES / "05_trireme.ipynb"
SOLUTION = EXERCISES / "solutions" / "05_trireme.ipynb"

NORTH_WIND = {"N": 0, "NE": 1, "E": 2, "SE": 2, "S": 2, "SW": 2, "W": 2, "NW": 1}
VALUES = [100 * v for v in honour_values(DEFAULT, most=3)]
THIRD = VALUES[3] - VALUES[2]

RIGHT = [
    (q1, NORTH_WIND), (q1, {k.lower(): str(v) for k, v in NORTH_WIND.items()}),
    (q2, {"2": "N", "6": "E", "1": "NE", "1 with Honour": "N"}),
    (q2, {2: "n", 6: "e", 1: "ne", "1 honour": "N"}),
    (q3, "1/3"), (q3, wind_chain(True)[1, 2]),
    (q4, "2/9"), (q4, wind_distribution(2)[0]),
    (q5, {"without Honour": "1/8", "with Honour": sympy.Rational(1, 8)}),
    (q5, {"without": Fraction(1, 8), "with": "1/8"}),
    (q6, {"without Honour": "5/6", "with Honour": "7/6"}),
    (q7, "B"), (q7, "b"),
    (q8, {"heading": "NW", "honour": True}), (q8, {"heading": "nw", "honour": "yes"}),
    (q9, round(THIRD, 1)), (q9, f"{THIRD:.2f}%"),
]


@pytest.mark.parametrize("check, answer", RIGHT)
def test_right_answers_pass(check, answer):
    feedback = check(answer)
    assert feedback.ok and feedback.answered, str(feedback)


WRONG = [
    (q1, {"N": 2, "NE": 2, "E": 2, "SE": 1, "S": 0, "SW": 1, "W": 2, "NW": 2},
     "wind blowing \\*towards\\* the north"),
    (q1, {**NORTH_WIND, "NE": 2}, "NE: you said 2, but at 45° to the wind you advance exactly one"),
    (q1, {**NORTH_WIND, "N": 1}, "N: you said 1, but straight into the wind you cannot move"),
    (q1, {**NORTH_WIND, "S": 1}, "S: you said 1, but at 180° you may advance two squares"),
    (q2, {"2": "E", "6": "E", "1": "NE", "1 with Honour": "N"},
     "Roll 2: you said E; a 2 turns the wind 45° anticlockwise"),
    (q2, {"2": "N", "6": "N", "1": "NE", "1 with Honour": "N"},
     "Roll 6: you said N; a 6 turns the wind 45° clockwise"),
    (q2, {"2": "N", "6": "E", "1": "W", "1 with Honour": "N"},
     "the wind keeps its direction"),
    (q2, {"2": "N", "6": "E", "1": "NE", "1 with Honour": "NE"}, "the 1 counts as a 2"),
    (q3, "1/6", "chance without the Honour point"),
    (q3, "1/2", "keeps its direction"),
    (q3, 1 / 3, "right value as a decimal"),
    (q3, "1/4", "List the six faces"),
    (q4, "1/6", "chance after one turn"),
    (q4, "1/9", "one order only"),
    (q4, Fraction(1, 6), "may back on either turn"),
    (q4, "1/12", "Multiply the start vector"),
    (q5, {"without Honour": "1/8", "with Honour": "1/4"}, "no direction is favoured"),
    (q5, {"without Honour": "2/3", "with Honour": "1/8"}, "Solve π P = π"),
    (q6, {"without Honour": "1", "with Honour": "1"}, "if the wind held for sure"),
    (q6, {"without Honour": "1", "with Honour": "7/6"}, "counted the current's square"),
    (q6, {"without Honour": "5/6", "with Honour": "5/6"}, "chance of 2 squares is 1/3"),
    (q6, {"without Honour": "1/2", "with Honour": "2"}, "list the new winds"),
    (q7, "A", "goes round anticlockwise"),
    (q7, "C", "the two crossings cancel"),
    (q7, "D", "is not a track"),
    (q8, {"heading": "N", "honour": True}, "Heading N is not the best"),
    (q8, {"heading": "NW", "honour": False}, "spends its Honour point"),
    (q8, "NW", "is not the dict asked for"),
    (q9, round(VALUES[3] - VALUES[0], 1), "all three points together"),
    (q9, round(VALUES[3], 1), "the chance to win with three points"),
    (q9, round(VALUES[2] - VALUES[1], 1), "the second point"),
    (q9, THIRD / 100, "multiply by 100"),
    (q9, 50, "compare the chance to win"),
    (q9, "four", "is not a number"),
]


@pytest.mark.parametrize("check, answer, feedback", WRONG)
def test_wrong_answers_get_specific_feedback(check, answer, feedback):
    said = message(check, answer)
    assert re.search(feedback, said), said


@pytest.mark.parametrize("check", QUESTIONS)
def test_blank_answers_are_your_turn_not_errors(check):
    verdict = check(...)
    assert not verdict.ok and not verdict.answered and "not answered yet" in verdict.message


def test_a_half_blank_dict_is_not_answered_yet():
    assert not q1({**NORTH_WIND, "E": ...}).answered
    assert not q6({"without Honour": "5/6", "with Honour": ...}).answered


def test_the_tracks_picture_shows_the_three_tracks():
    svg = tracks_picture().to_svg()
    assert all(f">Track {name}<" in svg for name in "ABC")


def notebook_sources(path):
    return [cell.source for cell in nbformat.read(path, as_version=4).cells]


def test_the_student_notebook_asks_every_question_blank():
    sources = notebook_sources(STUDENT)
    for number, prompt in enumerate(PROMPTS.values(), start=1):
        assert any(prompt in source for source in sources)
        assert any(source.startswith(f"answer_{number} = ") and "..." in source
                   for source in sources)
        assert f"q{number}(answer_{number})" in sources


def test_the_solution_notebook_shows_and_asserts_every_check():
    sources = notebook_sources(SOLUTION)
    for number in range(1, len(QUESTIONS) + 1):
        assert (f"display(q{number}(answer_{number}))\nassert q{number}(answer_{number}).ok"
                in sources)
        assert not any(source.startswith(f"answer_{number} = ...") for source in sources)
