"""The duel's exercises: each student's variant, right answers in any honest form, each slip
named (the right matrix read at the wrong entry, too), blank answers are "your turn"."""

import re
from fractions import Fraction

import pytest
import sympy

from sailing_kit.core.compass import Direction
from sailing_kit.exercises.trireme import (
    MAPS,
    QUESTIONS,
    TRACKS,
    Entry,
    Start,
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
from tests.exercise_helpers import NAMES, message, passes, whys

N, NE, E, SE, S, SW, W, NW = Direction
NORTH_WIND = {"N": 0, "NE": 1, "E": 2, "SE": 2, "S": 2, "SW": 2, "W": 2, "NW": 1}
HONOUR_NE_TO_E = Entry(NE, E, True)
TWO_TURNS = Entry(NE, N, False)
IN_ORDER = dict(zip("ABC", TRACKS))
LITTLE_BAY = Start("small", NE, 1)
THIRD_POINT = (Start("default", NE, 3), 3)
VALUES = [100 * v for v in honour_values(MAPS["default"], most=3)]
THIRD = VALUES[3] - VALUES[2]

RIGHT = [
    (q1, N, NORTH_WIND), (q1, N, {k.lower(): str(v) for k, v in NORTH_WIND.items()}),
    (q1, N, {k: float(v) for k, v in NORTH_WIND.items()}),
    (q2, NE, {"2": "N", "6": "E", "1": "NE", "1 with Honour": "N"}),
    (q2, NE, {2: "n", 6: "e", 1: "ne", "1 honour": "N"}),
    (q3, HONOUR_NE_TO_E, "1/3"), (q3, HONOUR_NE_TO_E, wind_chain(True)[1, 2]),
    (q3, HONOUR_NE_TO_E, 0.33), (q3, HONOUR_NE_TO_E, "0.333"),
    (q4, TWO_TURNS, "2/9"), (q4, TWO_TURNS, wind_distribution(2)[0]), (q4, TWO_TURNS, 0.222),
    (q5, (N,), {"without Honour": "1/8", "with Honour": sympy.Rational(1, 8)}),
    (q5, (N, E), {"without": Fraction(1, 4), "with": 0.25}),
    (q6, (N, NE), {"without Honour": "5/6", "with Honour": "7/6"}),
    (q6, (N, NE), {"without Honour": 0.83, "with Honour": 1.17}),
    (q7, IN_ORDER, "B"), (q7, IN_ORDER, "b"),
    (q8, LITTLE_BAY, {"heading": "NW", "honour": True}),
    (q8, LITTLE_BAY, {"heading": "nw", "honour": "yes"}),
    (q8, LITTLE_BAY, {"Heading": "NW", "HONOUR": True}),
    (q9, THIRD_POINT, round(THIRD, 1)), (q9, THIRD_POINT, f"{THIRD:.2f}%"),
]


@pytest.mark.parametrize("question, variant, answer", RIGHT)
def test_right_answers_pass_in_any_honest_form(question, variant, answer):
    assert passes(question, variant, answer), question.mark(variant, answer)


def test_no_question_repeats_what_the_lesson_prints():
    names = [f"student {n}" for n in range(200)]
    assert all(q3.variant(n).now is not NE for n in names)  # the lesson reads NE's row
    assert all(q4.variant(n).honour or q4.variant(n).now is not NE for n in names)
    assert all(q6.variant(n)[1] is not NE for n in names)
    assert all((q9.variant(n)[0].map, q9.variant(n)[0].wind) != ("default", NE) for n in names)


WRONG = [
    (q1, N, {"N": 2, "NE": 2, "E": 2, "SE": 1, "S": 0, "SW": 1, "W": 2, "NW": 2},
     "wind blowing \\*towards\\* N"),
    (q1, N, {**NORTH_WIND, "NE": 2}, "NE: you said 2, but at 45° to the wind you advance exactly"),
    (q1, N, {**NORTH_WIND, "N": 1}, "N: you said 1, but straight into the wind you cannot move"),
    (q1, N, {**NORTH_WIND, "S": 1}, "S: you said 1, but at 180° you may advance two squares"),
    (q2, NE, {"2": "E", "6": "E", "1": "NE", "1 with Honour": "N"},
     "Roll 2: you said E; a 2 turns the wind 45° anticlockwise"),
    (q2, NE, {"2": "N", "6": "N", "1": "NE", "1 with Honour": "N"},
     "Roll 6: you said N; a 6 turns the wind 45° clockwise"),
    (q2, NE, {"2": "N", "6": "E", "1": "W", "1 with Honour": "N"}, "the wind keeps its direction"),
    (q2, NE, {"2": "N", "6": "E", "1": "NE", "1 with Honour": "NE"}, "the 1 counts as a 2"),
    (q3, HONOUR_NE_TO_E, "1/6", "rows and columns are swapped"),
    (q3, HONOUR_NE_TO_E, "1/2", "entry of column NE.*read column E"),
    (q3, HONOUR_NE_TO_E, "1/4", "List the six faces"),
    (q3, HONOUR_NE_TO_E, "4/3", "cannot be a probability"),
    (q3, Entry(NE, E, False), "1/3", "chance with the Honour point"),
    (q4, TWO_TURNS, "1/6", "after one turn"),
    (q4, TWO_TURNS, "1/12", "one path only"),
    (q4, TWO_TURNS, "1/9", "one path only"),
    (q4, TWO_TURNS, "3/7", "Multiply the start vector"),
    (q5, (N,), {"without Honour": "1/8", "with Honour": "1/4"}, "no direction is favoured"),
    (q5, (N,), {"without Honour": "2/3", "with Honour": "1/8"}, "Solve π P = π"),
    (q5, (N, E), {"without Honour": "1/8", "with Honour": "1/4"}, "1/8 is one direction"),
    (q5, (N, E), {"without Honour": "2/9", "with Honour": "1/4"}, "not a ninth state"),
    (q6, (N, NE), {"without Honour": "1", "with Honour": "1"}, "if the wind held for sure"),
    (q6, (SE, NE), {"without Honour": "11/6", "with Honour": "2"}, "counted a calm as sailing"),
    (q6, (N, NE), {"without Honour": "5/6", "with Honour": "5/6"}, "a 5 and a 6"),
    (q6, (N, NE), {"without Honour": "1/2", "with Honour": "7/6"}, "List the new winds"),
    (q7, IN_ORDER, "A", "goes round anticlockwise"),
    (q7, IN_ORDER, "C", "the two crossings cancel"),
    (q8, LITTLE_BAY, {"heading": "N", "honour": True}, "Heading N is not the optimal"),
    (q8, LITTLE_BAY, {"heading": "NW", "honour": False}, "spends its Honour point"),
    (q9, THIRD_POINT, round(VALUES[3] - VALUES[0], 1), "all three points together"),
    (q9, THIRD_POINT, round(VALUES[3], 1), "the chance to win with 3 points"),
    (q9, THIRD_POINT, round(VALUES[2] - VALUES[1], 1), "the second point"),
    (q9, THIRD_POINT, THIRD / 100, "multiply by 100"),
    (q9, THIRD_POINT, 50, "compare the chance to win"),
]


@pytest.mark.parametrize("question, variant, answer, feedback", WRONG)
def test_wrong_answers_get_specific_feedback(question, variant, answer, feedback):
    said = whys(question, variant, answer)
    assert re.search(feedback, said), said


def test_q6_speaks_of_an_expected_distance_not_a_probability():
    result = q6.mark((N, NE), {"without Honour": "two", "with Honour": 1})
    assert "expected number of squares" in result.problem and "probability" not in result.problem
    text = message(q6, (N, NE), {"without Honour": "1/2", "with Honour": "1/3"})
    assert not text.startswith("Not yet")


@pytest.mark.parametrize("question, variant, answer, words", [
    (q7, IN_ORDER, "D", "is not a track"),
    (q8, LITTLE_BAY, "NW", "is not a dict"),
    (q9, THIRD_POINT, "four", "is not a number"),
])
def test_malformed_answers_get_a_clear_message(question, variant, answer, words):
    assert words in question.mark(variant, answer).problem


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.key)
def test_blank_answers_are_your_turn_not_errors(question):
    result = question.grade("Ada", ...)
    assert not result.ok and not result.answered and "not answered yet" in result.problem


def test_a_half_blank_dict_is_not_answered_yet():
    assert not q1.mark(N, {**NORTH_WIND, "E": ...}).answered
    assert not q6.mark((N, NE), {"without Honour": "5/6", "with Honour": ...}).answered


def test_the_tracks_picture_shows_the_three_tracks_under_the_students_letters():
    svg = tracks_picture(q7.variant("Ada")).to_svg()
    assert all(f">Track {name}<" in svg for name in "ABC")
    assert {q7.solution_for(name) for name in NAMES} <= set("ABC")
