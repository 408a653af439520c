"""The points-of-sail exercises: right answers pass, wrong ones get specific feedback, blank and
malformed answers never raise, and the notebooks agree with the questions."""

import sys

import pytest

from sailing_kit.core import Direction
from sailing_kit.exercises import points_of_sail
from sailing_kit.exercises.feedback import (
    AnswerError,
    read_choice,
    read_direction,
    read_int,
    read_point,
    read_points,
)
from sailing_kit.exercises.points_of_sail import (
    PROMPTS,
    QUESTIONS,
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
from tests.exercise_helpers import message, with_changes


Q1_RIGHT = {"NE": "close-hauled", "E": "beam reach", "SE": "broad reach", "S": "run",
            "NW": "close-hauled"}
Q2_RIGHT = {"A": "port", "B": "starboard", "C": "starboard", "D": "port"}
Q3_RIGHT = {(6, 1), (5, 2), (5, 1), (5, 0), (4, 1), (4, 0)}
Q5_RIGHT = {"A": "tack", "B": "jibe", "C": "neither"}
Q6_RIGHT = {"beam reach", "broad reach"}

RIGHT = [
    (q1, Q1_RIGHT),
    (q1, {"ne": "Close hauled", "e": "beam_reach", "se": "Broad-Reach", "s": "RUN",
          "nw": PointOfSail.CLOSE_HAULED}),
    (q2, Q2_RIGHT),
    (q2, {"a": "Port", "b": "STARBOARD", "c": "starboard", "d": "port"}),
    (q3, Q3_RIGHT),
    (q3, [[6, 1], "(5, 2)", "[5, 1]", "5,0", (4, 1), (4, 0), (4, 0)]),
    (q4, "N"),
    (q4, " n "),
    (q4, Direction.N),
    (q5, Q5_RIGHT),
    (q5, {"a": "Tack", "b": "gybe", "c": "Neither"}),
    (q6, Q6_RIGHT),
    (q6, ["beam_reach", "Broad-reach"]),
    (q7, 5),
    (q7, " 5 "),
]


# ----- right answers ------------------------------------------------------------------------------

@pytest.mark.parametrize("question, answer", RIGHT)
def test_the_right_answer_passes_in_any_reasonable_spelling(question, answer):
    result = question(answer)
    assert result.ok and result.answered, result.message
    assert result.title == question.title


def test_every_question_has_a_title_and_a_prompt():
    assert list(PROMPTS) == [f"q{n}" for n in range(1, 8)]
    for question in QUESTIONS:
        assert question.title.startswith("Question") and question.prompt
        assert question.__doc__ == question.prompt


def test_the_expected_answers_come_from_the_engine(monkeypatch):
    """Change the engine and the expected answer follows: nothing is typed in."""
    monkeypatch.setattr(points_of_sail, "point_of_sail", lambda heading, wind: PointOfSail.RUN)
    assert q1(dict.fromkeys(Q1_RIGHT, "run")).ok
    assert not q1(Q1_RIGHT).ok


# ----- wrong answers: what was wrong, and why -----------------------------------------------------

def test_q1_names_the_heading_the_angle_and_the_right_point_of_sail():
    text = message(q1, with_changes(Q1_RIGHT, NE="beam reach", SE="run"))
    assert "You said beam reach for heading NE" in text
    assert "45°, which is close-hauled" in text
    assert "You said run for heading SE" in text and "135°, which is broad reach" in text
    assert "heading E " not in text  # right entries are not mentioned


def test_q2_explains_the_side_the_wind_meets():
    text = message(q2, with_changes(Q2_RIGHT, D="starboard"))
    assert "Boat D (heading N, wind from W): you said starboard" in text
    assert "left side" in text and "port tack" in text
    assert "Boat A" not in text


def test_q2_explains_that_a_run_counts_as_starboard():
    text = message(q2, with_changes(Q2_RIGHT, C="port"))
    assert "dead astern" in text and "counts a run as starboard" in text


def test_q3_lists_the_missing_ends_with_a_way_to_reach_them():
    text = message(q3, Q3_RIGHT - {(4, 0), (4, 1)})
    assert "You left out (4, 0): turn 90° clockwise + advance" in text
    assert "You left out (4, 1)" in text
    assert "(6, 1)" not in text


@pytest.mark.parametrize("extra, why", [
    ((4, 2), "straight into the wind (N)"),
    ((7, 1), "3 intersections away, but one turn on a beam reach moves a boat at most 2"),
    ((6, 2), "no compass direction leads straight there"),
    ((6, 3), "two movements in one turn both go straight ahead (E)"),
    ((3, 1), "turn of 180°"),
])
def test_q3_says_why_each_extra_end_is_unreachable(extra, why):
    text = message(q3, Q3_RIGHT | {extra})
    assert f"{extra} cannot be reached: " in text and why in text
    assert "left out" not in text


@pytest.mark.parametrize("answer, words", [
    ("E", ["turning to E is allowed", "beam reach"]),
    ("NW", ["turning to NW is allowed", "that is a tack"]),
    ("S", ["S is not one manoeuvre away from NE", "NW, N, E, SE"]),
    ("NE", ["not one manoeuvre away"]),
])
def test_q4_explains_why_the_heading_is_not_the_forbidden_one(answer, words):
    text = message(q4, answer)
    assert all(word in text for word in words), text


def test_q4_right_answer_explains_head_to_wind():
    assert "head to wind" in q4("N").message and "only during the start" in q4("N").message


def test_q5_explains_bow_and_stern():
    text = message(q5, {"A": "jibe", "B": "tack", "C": "neither"})
    assert "Boat A: you said jibe" in text and "NE → N → NW" in text and "crosses its bow" in text
    assert "Boat B: you said tack" in text and "crosses its stern" in text
    assert "Boat C" not in text


def test_q5_explains_a_turn_that_keeps_the_tack():
    text = message(q5, with_changes(Q5_RIGHT, C="tack"))
    assert "Boat C: you said tack" in text and "stays on port tack, so it is neither" in text


def test_q6_names_missing_and_extra_points_of_sail_with_their_allowance():
    text = message(q6, {"beam reach", "run"})
    assert "broad reach is missing" in text and "then a manoeuvre if you want one" in text
    assert "Not run" in text and "never both" in text


def test_q7_too_many_turns_shows_a_shorter_route():
    text = message(q7, 7)
    assert "more than needed" in text and "route of 5 turns" in text
    assert "5. advance: end at (3, 5)" in text


@pytest.mark.parametrize("answer, words", [
    (4, ["not enough", "change tack", "a tack takes a turn of its own"]),
    (2, ["not enough", "4 intersections upwind", "at least 4 turns"]),
    (1, ["1 turn is not enough"]),
])
def test_q7_too_few_turns_explains_why_it_is_impossible(answer, words):
    text = message(q7, answer)
    assert all(word in text for word in words), text
    assert "5" not in text  # too few: the feedback does not give the answer away


# ----- blank answers ----------------------------------------------------------------------------

@pytest.mark.parametrize("question", QUESTIONS)
@pytest.mark.parametrize("blank", [..., None])
def test_a_blank_answer_is_not_answered_yet(question, blank):
    result = question(blank)
    assert not result.ok and not result.answered
    assert "not answered yet" in result.message


@pytest.mark.parametrize("question, template, words", [
    (q1, dict.fromkeys(Q1_RIGHT, ...), "not answered yet for heading NE, E, SE, S, NW"),
    (q2, dict.fromkeys(Q2_RIGHT, ...), "not answered yet for boat A, B, C, D"),
    (q5, with_changes(Q5_RIGHT, B=None), "not answered yet for boat B:"),
])
def test_a_dict_with_blanks_left_is_not_answered_yet(question, template, words):
    result = question(template)
    assert not result.ok and not result.answered and words in result.message


def test_a_missing_entry_counts_as_not_answered():
    result = q2({"A": "port"})
    assert not result.answered and "B, C, D" in result.message


# ----- malformed answers ------------------------------------------------------------------------

CODE = "__import__('sys').modules.__setitem__('answer_was_evaluated', None)"


@pytest.mark.parametrize("question, answer, words", [
    (q1, with_changes(Q1_RIGHT, NNE="run"), "'NNE' is not a compass direction"),
    (q1, with_changes(Q1_RIGHT, NE="beem reach"),
     "for heading NE: 'beem reach' is not a point of sail"),
    (q1, ["close-hauled"], "is not a dict"),
    (q1, with_changes(Q1_RIGHT, N="run"), "does not ask about heading N"),
    (q2, with_changes(Q2_RIGHT, E="port"), "'E' is not a boat: write one of A, B, C, D"),
    (q2, with_changes(Q2_RIGHT, A="left"), "'left' is not a tack: write one of starboard, port"),
    (q3, Q3_RIGHT | {"(3, x)"}, "'(3, x)' is not a point"),
    (q3, [(1, 2, 3)], "is not a point"),
    (q3, [(True, 1)], "is not a point"),
    (q3, (4, 1), "4 is not a point"),
    (q3, "{(4, 1)}", "is not a set"),
    (q4, "NNE", "'NNE' is not a compass direction: write one of N, NE"),
    (q4, 0, "is not a compass direction"),
    (q5, with_changes(Q5_RIGHT, A="turn"), "is not a manoeuvre name"),
    (q6, "beam reach", "is not a set"),
    (q6, {"reach"}, "'reach' is not a point of sail"),
    (q7, 5.0, "is not a number of turns"),
    (q7, "five", "is not a number of turns"),
    (q7, True, "is not a number of turns"),
    (q7, -2, "at least 0"),
])
def test_malformed_answers_get_a_clear_message(question, answer, words):
    assert words in message(question, answer)


@pytest.mark.parametrize("question", QUESTIONS)
def test_code_in_an_answer_is_never_run(question):
    for answer in (CODE, {CODE: CODE}, [CODE], {"A": CODE, "NE": CODE}):
        assert not question(answer).ok
    assert "answer_was_evaluated" not in sys.modules


# ----- the readers ------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["(3, 4)", "[3,4]", "3,4", " ( 3 , 4 ) ", (3, 4), [3, 4]])
def test_read_point_accepts_points_written_as_data(text):
    assert read_point(text) == (3, 4)


@pytest.mark.parametrize("text", ["(3, x)", "(3, 4", "(1, 2, 3)", "3 4", "(3.0, 4)", (3.0, 4),
                                  (True, 4), "()", "", "(3, 4)]", 34])
def test_read_point_refuses_anything_else(text):
    with pytest.raises(AnswerError, match="is not a point"):
        read_point(text)


def test_readers():
    assert read_direction("sw") is Direction.SW
    assert read_points([(1, 2), "(1, 2)"]) == {(1, 2)}
    assert read_int("-3") == -3
    assert read_choice("Gybe", {"jibe": 1}, "manoeuvre", aliases={"gybe": 1}) == 1
    with pytest.raises(AnswerError, match="write one of jibe"):
        read_choice("gybe", {"jibe": 1}, "manoeuvre")
    with pytest.raises(AnswerError, match="at least 1"):
        read_int(0, "number of turns", low=1)


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


# ----- the look of the feedback -----------------------------------------------------------------

def test_feedback_shows_symbol_word_and_colour_so_colour_is_not_the_only_cue():
    right, wrong, blank = q4("N"), q4("E"), q4(...)
    assert "✔ Correct" in str(right) and str(right).startswith(q4.title)
    assert "✘ Not yet" in str(wrong) and "✎ Your turn" in str(blank)
    assert "#009E73" in right._repr_html_() and "✔" in right._repr_html_()
    assert "#D55E00" in wrong._repr_html_() and "✘" in wrong._repr_html_()
    assert "✎" in blank._repr_html_()


def test_feedback_html_escapes_the_student_text():
    html = q4("<script>alert(1)</script>")._repr_html_()
    assert "<script>" not in html and "&lt;script&gt;" in html


# ----- the notebooks ----------------------------------------------------------------------------
