"""The points-of-sail exercises: each student's variant, right answers in any honest spelling,
specific feedback on wrong ones that never gives the whole answer away."""

import sys

import numpy as np
import pytest

from sailing_kit.core import Direction
from sailing_kit.exercises import points_of_sail
from sailing_kit.exercises.points_of_sail import (
    LESSON_DRILLS,
    LESSON_TURNS,
    QUESTIONS,
    Allowed,
    Drill,
    Fleet,
    q1,
    q2,
    q3,
    q4,
    q5,
    q6,
    q7,
    why_unreachable,
)
from sailing_kit.race import PointOfSail, turn_options
from tests.exercise_helpers import message, passes, whys, with_changes

N, NE, E, SE, S, SW, W, NW = Direction

# The positions of the kit's first version of these exercises, as explicit variants.
Q1_NORTH = Fleet(N, {"A": NE, "B": E, "C": SE, "D": S, "E": NW, "F": N})
Q2_BOATS = {"A": (NE, N), "B": (NW, N), "C": (S, N), "D": (N, W)}
Q3_DRILL = Drill((4, 1), E, N, 9, 12, (4, 9))
Q4_BOATS = {"A": (NE, N), "B": (SW, W), "C": (E, SE)}
Q5_TURNS = (N, {"A": (NE, -2), "B": (SE, 2), "C": (E, -1)})
Q7_DRILL = Drill((3, 1), NE, N, 7, 8, (3, 5))

Q1_RIGHT = {"A": "close-hauled", "B": "beam reach", "C": "broad reach", "D": "run",
            "E": "close-hauled", "F": "head to wind"}
Q2_RIGHT = {"A": "port", "B": "starboard", "C": "starboard", "D": "port"}
Q3_RIGHT = {(6, 1), (5, 2), (5, 1), (5, 0), (4, 1), (4, 0)}
Q5_RIGHT = {"A": "tack", "B": "jibe", "C": "neither"}
Q6_MIX = Allowed("mix", {"A": (E, N), "B": (N, N), "C": (SW, N), "D": (S, W), "E": (E, W),
                         "F": (NE, E)})
Q6_RIGHT = {"A", "C", "D"}

RIGHT = [
    (q1, Q1_NORTH, Q1_RIGHT),
    (q1, Q1_NORTH, {"a": "Close hauled", "b": "beam_reach", "c": "Broad-Reach", "d": "RUN",
                    "e": PointOfSail.CLOSE_HAULED, "f": "head-to-wind"}),
    (q2, Q2_BOATS, Q2_RIGHT),
    (q2, Q2_BOATS, {"a": "Port", "b": "STARBOARD", "c": "starboard", "d": "port"}),
    (q3, Q3_DRILL, Q3_RIGHT),
    (q3, Q3_DRILL, [[6, 1], "(5, 2)", "[5, 1]", "5,0", (4, 1), (4, 0), (4, 0)]),
    (q3, Q3_DRILL, np.array(sorted(Q3_RIGHT))),
    (q3, Q3_DRILL, {(6.0, 1.0), (np.int64(5), 2), (5, 1), (5, 0), (4, 1), (4, 0)}),
    (q4, Q4_BOATS, {"A": "N", "B": "W", "C": "SE"}),
    (q4, Q4_BOATS, {"a": " n ", "b": Direction.W, "c": "se"}),
    (q5, Q5_TURNS, Q5_RIGHT),
    (q5, Q5_TURNS, {"a": "Tack", "b": "gybe", "c": "Neither"}),
    (q6, Q6_MIX, Q6_RIGHT),
    (q6, Q6_MIX, ["a", "C", "A", "d"]),
    (q7, Q7_DRILL, 5),
    (q7, Q7_DRILL, " 5 "),
    (q7, Q7_DRILL, 5.0),
    (q7, Q7_DRILL, np.int64(5)),
    (q7, Q7_DRILL, "5.0"),
]


@pytest.mark.parametrize("question, variant, answer", RIGHT)
def test_the_right_answer_passes_in_any_honest_form(question, variant, answer):
    assert passes(question, variant, answer), question.mark(variant, answer)


def test_no_question_repeats_the_lessons_examples():
    names = [f"student {n}" for n in range(200)]
    assert all(q1.variant(n).wind is not N for n in names)  # the lesson tabulates a north wind
    assert all((q3.variant(n).wind, q3.variant(n).heading) not in LESSON_DRILLS for n in names)
    assert all(w is not N for n in names for _, w in q4.variant(n).values())
    for n in names:
        wind, turns = q5.variant(n)
        assert wind is not N or set(turns.values()) != LESSON_TURNS
    assert all((q7.variant(n).width, q7.variant(n).height, q7.variant(n).start)
               != (9, 12, (4, 1)) for n in names)  # the lesson's 9 x 12 drill


def test_the_expected_answers_come_from_the_engine(monkeypatch):
    """Change the engine and the expected answer follows: nothing is typed in."""
    monkeypatch.setattr(points_of_sail, "point_of_sail", lambda heading, wind: PointOfSail.RUN)
    assert passes(q1, Q1_NORTH, dict.fromkeys(Q1_RIGHT, "run"))
    assert not passes(q1, Q1_NORTH, Q1_RIGHT)


# ----- wrong answers: what was wrong, and why -----------------------------------------------------

def test_q1_gives_the_angle_and_what_the_wrong_point_of_sail_means_never_the_right_one():
    text = message(q1, Q1_NORTH, with_changes(Q1_RIGHT, A="beam reach", C="run"))
    assert "Boat A heads NE in a wind from N: you said beam reach, which is the point of sail " \
           "at 90°; the angle between its heading and the wind's source is 45°." in text
    assert "Boat C heads SE in a wind from N: you said run" in text and "is 135°" in text
    assert "close-hauled" not in text and "broad reach" not in text
    assert "Boat B" not in text  # right entries are not mentioned


def test_q1_gives_partial_credit_for_each_boat():
    result = q1.mark(Q1_NORTH, with_changes(Q1_RIGHT, A="beam reach", C="run"))
    assert result.share == pytest.approx(4 / 6) and q1.points_for(result) == pytest.approx(1.33)


def test_q2_explains_the_side_the_wind_meets_without_naming_the_tack():
    text = message(q2, Q2_BOATS, with_changes(Q2_RIGHT, D="starboard"))
    assert "Boat D (heading N, wind from W): you said starboard" in text
    assert "comes over your left side" in text and "port" not in text
    assert "Boat A" not in text


def test_q2_sends_a_run_to_the_rulebook():
    text = message(q2, Q2_BOATS, with_changes(Q2_RIGHT, C="port"))
    assert "dead astern" in text and "look up which tack the rulebook gives a run" in text
    assert "starboard" not in text


def test_q3_counts_the_missing_ends_without_naming_them():
    text = message(q3, Q3_DRILL, Q3_RIGHT - {(4, 0), (4, 1)})
    assert "2 intersections the boat can end on are missing" in text
    assert "(4, 0)" not in text and "(4, 1)" not in text and "(6, 1)" not in text


def test_q3_never_lists_the_whole_answer():
    text = message(q3, Q3_DRILL, [(0, 0)])
    assert not any(f"{p}" in text for p in Q3_RIGHT)
    assert "6 intersections the boat can end on are missing" in text


@pytest.mark.parametrize("extra, why", [
    ((4, 2), "straight into the wind (N)"),
    ((7, 1), "3 intersections away, but one turn on a beam reach moves a boat at most 2"),
    ((6, 2), "no compass direction leads straight there"),
    ((6, 3), "two movements in one turn both go straight ahead (E)"),
    ((3, 1), "turn of 180°"),
])
def test_q3_says_why_each_extra_end_is_unreachable(extra, why):
    text = message(q3, Q3_DRILL, Q3_RIGHT | {extra})
    assert f"{extra} cannot be reached: " in text and why in text
    assert "missing" not in text


def test_q3_one_point_for_a_set_says_write_a_set():
    text = message(q3, Q3_DRILL, (6, 1))
    assert "(6, 1) is one item: write a set" in text and "6 is not a point" not in text


@pytest.mark.parametrize("answer, words", [
    ({"A": "E", "B": "W", "C": "SE"}, ["Boat A: turning to E is allowed", "beam reach"]),
    ({"A": "NW", "B": "W", "C": "SE"}, ["turning to NW is allowed", "(a tack)"]),
    ({"A": "S", "B": "W", "C": "SE"}, ["S is not one manoeuvre away from NE"]),
    ({"A": "N", "B": "SW", "C": "SE"}, ["Boat B: SW is not one manoeuvre away"]),
])
def test_q4_explains_why_the_heading_is_not_the_forbidden_one(answer, words):
    text = message(q4, Q4_BOATS, answer)
    assert all(word in text for word in words), text
    assert "NW, N, E, SE" not in text


def test_q5_follows_the_heading_and_asks_which_end_crosses_the_wind():
    text = whys(q5, Q5_TURNS, {"A": "jibe", "B": "tack", "C": "neither"})
    assert "Boat A: you said jibe" in text and "NE → N → NW" in text
    assert "passes N, where the wind comes from" in text
    assert "Boat B: you said tack" in text and "passes S, where the wind blows to" in text
    assert "Boat C" not in text and "a tack" not in text and "a jibe" not in text


def test_q5_explains_a_turn_that_keeps_the_tack():
    text = message(q5, Q5_TURNS, with_changes(Q5_RIGHT, C="tack"))
    assert "Boat C: you said tack" in text and "stays on its port side all the way" in text
    assert "neither" not in text


def test_q5_wrong_everywhere_still_keeps_one_part_back():
    text = message(q5, Q5_TURNS, {"A": "jibe", "B": "tack", "C": "tack"})
    assert text.count("Boat ") == 2 and "1 more thing to fix" in text


def test_q6_counts_the_wrong_and_the_missing_boats_without_naming_them():
    text = message(q6, Q6_MIX, {"A", "B", "E"})
    assert "2 boats of yours may not do it" in text
    assert "2 boats that may do it are missing" in text
    assert not any(f" {b}" in text for b in "ABCDEF")


@pytest.mark.parametrize("ask, expected", [("mix", {"A", "C", "D"}), ("two", {"A", "D"}),
                                           ("spot", {"A", "B", "D", "E", "F"})])
def test_q6_asks_each_allowance_of_the_table(ask, expected):
    assert passes(q6, Allowed(ask, Q6_MIX.boats), expected)


def test_q7_too_many_turns_does_not_give_the_route_or_the_count():
    text = message(q7, Q7_DRILL, 7)
    assert "more than needed" in text and "5" not in text and "advance" not in text


@pytest.mark.parametrize("answer, words", [
    (4, ["not enough", "change tack", "a tack takes a turn of its own"]),
    (2, ["not enough", "count the intersections", "no turn gains more than 1"]),
    (1, ["1 turn is not enough"]),
])
def test_q7_too_few_turns_explains_why_it_is_impossible(answer, words):
    text = message(q7, Q7_DRILL, answer)
    assert all(word in text for word in words), text
    assert "5" not in text  # too few: the feedback does not give the answer away


# ----- blank and malformed answers ------------------------------------------------------------------

@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.key)
@pytest.mark.parametrize("blank", [..., None])
def test_a_blank_answer_is_not_answered_yet(question, blank):
    result = question.grade("Ada", blank)
    assert not result.ok and not result.answered and "not answered yet" in result.problem


@pytest.mark.parametrize("question, variant, template, words", [
    (q1, Q1_NORTH, dict.fromkeys(Q1_RIGHT, ...), "not answered yet for boat A, B, C, D, E, F"),
    (q2, Q2_BOATS, dict.fromkeys(Q2_RIGHT, ...), "not answered yet for boat A, B, C, D"),
    (q5, Q5_TURNS, with_changes(Q5_RIGHT, B=None), "not answered yet for boat B:"),
    (q3, Q3_DRILL, {(..., ...)}, "not answered yet"),
])
def test_a_template_with_blanks_left_is_not_answered_yet(question, variant, template, words):
    result = question.mark(variant, template)
    assert not result.answered and words in result.problem


CODE = "__import__('sys').modules.__setitem__('answer_was_evaluated', None)"


@pytest.mark.parametrize("question, variant, answer, words", [
    (q1, Q1_NORTH, with_changes(Q1_RIGHT, G="run"), "'G' is not a boat"),
    (q1, Q1_NORTH, with_changes(Q1_RIGHT, A="beem reach"),
     "for boat A: 'beem reach' is not a point of sail"),
    (q1, Q1_NORTH, ["close-hauled"], "is not a dict"),
    (q2, Q2_BOATS, with_changes(Q2_RIGHT, E="port"), "'E' is not a boat: write one of A, B, C, D"),
    (q3, Q3_DRILL, Q3_RIGHT | {"(3, x)"}, "'(3, x)' is not a point"),
    (q3, Q3_DRILL, [(1, 2, 3)], "is not a point"),
    (q3, Q3_DRILL, [(True, 1)], "is not a point"),
    (q3, Q3_DRILL, "{(4, 1)}", "is not a set"),
    (q4, Q4_BOATS, {"A": "NNE", "B": "W", "C": "SE"}, "'NNE' is not a compass direction: write "
                                                       "one of N, NE"),
    (q4, Q4_BOATS, "N", "is not a dict"),
    (q6, Q6_MIX, "A", "is not a set"),
    (q6, Q6_MIX, {"G"}, "'G' is not a boat"),
    (q7, Q7_DRILL, 5.5, "is not a number of turns"),
    (q7, Q7_DRILL, "five", "is not a number of turns"),
    (q7, Q7_DRILL, True, "is not a number of turns"),
    (q7, Q7_DRILL, -2, "at least 0"),
])
def test_malformed_answers_get_a_clear_message(question, variant, answer, words):
    result = question.mark(variant, answer)
    assert result.answered and not result.ok and words in result.problem, result


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.key)
def test_code_in_an_answer_is_never_run(question):
    for answer in (CODE, {CODE: CODE}, [CODE], {"A": CODE, "NE": CODE}):
        assert not question.grade("Ada", answer).ok
    assert "answer_was_evaluated" not in sys.modules


# ----- why a turn cannot end somewhere ------------------------------------------------------------

@pytest.mark.parametrize("heading, target, words", [
    ("SE", (0, 0), "has to move this turn"),
    ("NE", (1, 0), "a manoeuvre and then a movement, but a boat close-hauled may make"),
    ("NE", (0, 2), "2 intersections away"),
    ("S", (0, 1), "straight into the wind"),
])
def test_why_unreachable_covers_every_point_of_sail(heading, target, words):
    assert words in why_unreachable((0, 0), Direction(heading), Direction.N, target)


@pytest.mark.parametrize("heading", list(Direction))
def test_why_unreachable_explains_every_unreachable_point_nearby(heading):
    reached = {o.position for o in turn_options((0, 0), heading, "N")}
    for x in range(-3, 4):
        for y in range(-3, 4):
            if (x, y) not in reached:
                assert why_unreachable((0, 0), heading, Direction.N, (x, y)).endswith(".")
