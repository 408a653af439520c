"""The duel's exercises: each student's variant, right answers in any honest form, each slip
named (the right matrix read at the wrong entry, too), never the answer in the feedback, blank
answers are "your turn"."""

import re

import pytest
import sympy

from sailing_kit.core.compass import Direction
from sailing_kit.exercises.trireme import (
    MAPS,
    QUESTIONS,
    Entry,
    Roll,
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
from sailing_kit.exercises.trireme_more import TRACKS, Moment
from sailing_kit.trireme import solve, wind_chain, wind_distribution
from tests.exercise_helpers import NAMES, message, passes, whys

N, NE, E, SE, S, SW, W, NW = Direction
BOATS = {"A": (N, N), "B": (NE, N), "C": (S, N), "D": (W, SW), "F": (E, NE), "G": (SW, W)}
BOATS_RIGHT = {"A": 0, "B": 1, "C": 2, "D": 1, "F": 1, "G": 1}
ROLLS = {"A": Roll(NE, 2, False), "B": Roll(NE, 6, False), "C": Roll(NE, 1, False),
         "D": Roll(NE, 1, True)}
ROLLS_RIGHT = {"A": "N", "B": "E", "C": "NE", "D": "N"}
ENTRIES = {"A": Entry(NE, E, True), "B": Entry(NE, NE, False), "C": Entry(N, NW, True)}
TWO_TURNS = {"A": Entry(NE, N, False, 2), "B": Entry(N, N, True, 2), "C": Entry(E, W, False, 3)}
LONG_RUN = {"A": ((N,) * 1, False), "B": ((N, E), True), "C": ((N, E, S), False)}
SQUARES = {"A": (N, NE, False), "B": (N, NE, True), "C": (SE, NE, False)}
IN_ORDER = dict(zip("ABC", TRACKS))
LITTLE_BAY = Moment("small", (4, 0), 0, NE, 1)
AT_SEA = Moment("default", (4, 7), 5, NE, 3)
SOLUTION = solve(MAPS["default"], 3)
VALUES = [100 * SOLUTION.value(AT_SEA.position(h)) for h in range(4)]
THIRD = VALUES[3] - VALUES[2]

RIGHT = [
    (q1, BOATS, BOATS_RIGHT), (q1, BOATS, {k.lower(): str(v) for k, v in BOATS_RIGHT.items()}),
    (q1, BOATS, {k: float(v) for k, v in BOATS_RIGHT.items()}),
    (q2, ROLLS, ROLLS_RIGHT), (q2, ROLLS, {k.lower(): v.lower() for k, v in ROLLS_RIGHT.items()}),
    (q3, ENTRIES, {"A": "1/3", "B": "2/3", "C": "1/6"}),
    (q3, ENTRIES, {"A": wind_chain(True)[1, 2], "B": 0.67, "C": "0.17"}),
    (q4, TWO_TURNS, {"A": "2/9", "B": wind_distribution(2, N, True)[0], "C": 0.0}),
    (q4, TWO_TURNS, {"A": wind_distribution(2)[0], "B": "13/36", "C": "0"}),
    (q5, LONG_RUN, {"A": "1/8", "B": sympy.Rational(1, 4), "C": 0.375}),
    (q6, SQUARES, {"A": "5/6", "B": "7/6", "C": "3/2"}),
    (q6, SQUARES, {"A": 0.83, "B": 1.17, "C": "1.5"}),
    (q7, IN_ORDER, "B"), (q7, IN_ORDER, "b"),
    (q8, LITTLE_BAY, {"heading": "NW", "honour": False}),
    (q8, LITTLE_BAY, {"heading": "nw", "honour": "no"}),
    (q8, LITTLE_BAY, {"Heading": "NW", "HONOUR": False}),
    (q9, (AT_SEA, 3), round(THIRD, 1)), (q9, (AT_SEA, 3), f"{THIRD:.2f}%"),
]


@pytest.mark.parametrize("question, variant, answer", RIGHT)
def test_right_answers_pass_in_any_honest_form(question, variant, answer):
    assert passes(question, variant, answer), question.mark(variant, answer)


def test_the_positions_are_the_students_own():
    names = [f"student {n}" for n in range(100)]
    assert len({repr(q8.variant(n)) for n in names}) == len(names)
    assert all(q9.solution_for(n) > 0 for n in names[:20])


WRONG = [
    (q1, BOATS, {**BOATS_RIGHT, "B": 2}, "Boat B heads NE in a wind from N: you said 2, but the "
                                         "angle between its heading and where the wind comes "
                                         "from is 45°", ["1"]),
    (q1, BOATS, {**BOATS_RIGHT, "A": 1}, "it heads straight into the wind", ["0"]),
    (q2, ROLLS, {**ROLLS_RIGHT, "A": "E"}, "A: you said E. You turned the wind the wrong way",
     ["N,", " N "]),
    (q2, ROLLS, {**ROLLS_RIGHT, "C": "W"}, "the current carries the boat, and the wind keeps",
     ["NE"]),
    (q2, ROLLS, {**ROLLS_RIGHT, "D": "NE"}, "The Honour point adds 1", []),
    (q3, ENTRIES, {"A": "1/3", "B": "2/3", "C": "1/3"}, "Rows and columns are swapped", ["1/6"]),
    (q3, ENTRIES, {"A": "1/4", "B": "2/3", "C": "1/6"}, "List the faces of the die", ["1/3"]),
    (q3, ENTRIES, {"A": "1/3", "B": "1/2", "C": "1/6"}, "That is the chance spending an Honour",
     ["2/3"]),
    (q4, TWO_TURNS, {"A": "1/6", "B": "13/36", "C": 0}, "That is after one turn", ["2/9"]),
    (q5, LONG_RUN, {"A": "1/8", "B": "1/3", "C": "3/8"}, "keeps turning round and round",
     ["1/4"]),
    (q5, LONG_RUN, {"A": "1/9", "B": "1/4", "C": "3/8"}, "not a state of its own", ["1/8"]),
    (q6, SQUARES, {"A": "1", "B": "7/6", "C": "3/2"}, "if the wind held for sure", ["5/6"]),
    (q6, SQUARES, {"A": "5/6", "B": "5/6", "C": "3/2"}, "shifts every face of the die up",
     ["7/6"]),
    (q6, SQUARES, {"A": "1/2", "B": "7/6", "C": "3/2"}, "List the new winds", ["5/6"]),
    (q7, IN_ORDER, "A", "goes round anticlockwise", ["B"]),
    (q7, IN_ORDER, "C", "the two crossings cancel", ["B"]),
    (q8, LITTLE_BAY, {"heading": "N", "honour": False}, "Heading N is not the optimal", ["NW"]),
    (q8, LITTLE_BAY, {"heading": "NW", "honour": True}, "Not the optimal helmsman's choice",
     ["spends", "keeps"]),
    (q9, (AT_SEA, 3), round(VALUES[3] - VALUES[0], 1), "all three points together", []),
    (q9, (AT_SEA, 3), round(VALUES[3], 1), "holding that many points", []),
    (q9, (AT_SEA, 3), round(VALUES[2] - VALUES[1], 1), "another of the points", []),
    (q9, (AT_SEA, 3), THIRD / 100, "a chance of 0.25 is 25 points", []),
    (q9, (AT_SEA, 3), 50, "compare the chance to win", []),
]


@pytest.mark.parametrize("question, variant, answer, feedback, never", WRONG)
def test_wrong_answers_get_specific_feedback_never_the_answer(question, variant, answer,
                                                              feedback, never):
    said = whys(question, variant, answer)
    assert re.search(re.escape(feedback), said), said
    assert not any(word in said for word in never), said


def test_q6_speaks_of_an_expected_distance_not_a_probability():
    result = q6.mark(SQUARES, {"A": "two", "B": 1, "C": 1})
    assert "expected number of squares" in result.problem and "probability" not in result.problem
    text = message(q6, SQUARES, {"A": "1/2", "B": "1/3", "C": "1/3"})
    assert not text.startswith("Not yet")


@pytest.mark.parametrize("question, variant, answer, words", [
    (q7, IN_ORDER, "D", "is not a track"),
    (q8, LITTLE_BAY, "NW", "is not a dict"),
    (q9, (AT_SEA, 3), "four", "is not a number"),
])
def test_malformed_answers_get_a_clear_message(question, variant, answer, words):
    assert words in question.mark(variant, answer).problem


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.key)
def test_blank_answers_are_your_turn_not_errors(question):
    result = question.grade("Ada", ...)
    assert not result.ok and not result.answered and "not answered yet" in result.problem


def test_a_half_blank_dict_is_not_answered_yet():
    assert not q1.mark(BOATS, {**BOATS_RIGHT, "F": ...}).answered
    assert not q6.mark(SQUARES, {"A": "5/6", "B": ..., "C": "1"}).answered


def test_the_tracks_picture_shows_the_three_tracks_under_the_students_letters():
    tracks = q7.variant("Ada")
    svg = tracks_picture(tracks).to_svg()
    assert all(f">Track {name}<" in svg for name in "ABC")
    assert {q7.solution_for(name) for name in NAMES} <= set("ABC")
    assert all(track[0] == (4, 0) for track in tracks.values())
