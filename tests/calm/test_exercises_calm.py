"""The Calm exercises: right answers pass, every wrong answer gets specific feedback, blank and
malformed answers never raise, and the notebooks agree with the questions."""

import sys

import pytest

from sailing_kit.exercises import calm as exercises
from sailing_kit.exercises.calm import PROMPTS, QUESTIONS, q1, q2, q3, q4, q5, q6, q7
from tests.exercise_helpers import message


Q1_RIGHT = {(0, 5): 6, (1, 0): 7, (3, 2): 21, (5, 5): 36}
Q2_RIGHT = {"A": 3, "B": 3, "C": 2, "D": 0}
Q3_RIGHT = {(1, 5), (2, 0), (2, 1)}
Q5_RIGHT = {9: 5, 50: 23, 71: 32}
Q7_RIGHT = ["play 2 at (0, 0)", "start", "split 1", "discard 4", "play 8 at (0, 2)",
            "play 3 at (0, 1)", "discard 1", "finish"]

RIGHT = [
    (q1, Q1_RIGHT),
    (q1, {"(0, 5)": "6", "1,0": 7, (3, 2): " 21 ", "[5, 5]": 36}),
    (q2, Q2_RIGHT),
    (q2, {"a": "3", "b": 3, "c": 2, "d": "0"}),
    (q3, Q3_RIGHT),
    (q3, ["(1, 5)", [2, 0], (2, 1), (2, 1)]),
    (q4, {8, 38, 46}),
    (q4, ["8", 38, 46]),
    (q5, Q5_RIGHT),
    (q6, [4, 2, 2]),
    (q6, (0, 5, 3)),
    (q7, Q7_RIGHT),
    (q7, [{"play": 2, "at": [0, 0]}, {"play": "start"}, {"split": [1]}, {"discard": [4]},
          (8, (0, 2)), "3 at 0,1", "discard 1", "play finish"]),
]


@pytest.mark.parametrize("question, answer", RIGHT)
def test_the_right_answer_passes_in_any_reasonable_spelling(question, answer):
    result = question(answer)
    assert result.ok and result.answered, result.message
    assert result.title == question.title


def test_every_question_has_a_title_and_a_prompt():
    assert list(PROMPTS) == [f"q{n}" for n in range(1, 8)]
    assert all(q.title.startswith("Question") and q.prompt == q.__doc__ for q in QUESTIONS)


def test_the_expected_answers_come_from_the_engine(monkeypatch):
    """Change the engine's natural slot and question 5's expected answer follows."""
    monkeypatch.setattr(exercises, "natural_slot", lambda card, size, top: 0)
    assert q5(dict.fromkeys(Q5_RIGHT, 1)).ok and not q5(Q5_RIGHT).ok


# ----- wrong answers: what was wrong, and why -----------------------------------------------------

def test_q1_counts_the_rows_below_and_the_place_in_the_row():
    text = message(q1, {**Q1_RIGHT, (1, 0): 2, (3, 2): 15})
    assert "Cell (1, 0): you said slot 2. The row below it holds 6 slots" in text
    assert "The 3 rows below it hold 18 slots; then it is number 3 in its own row: slot 21" in text
    assert "(0, 5)" not in text


def test_q2_names_the_neighbours_and_the_smaller_difference():
    text = message(q2, {"A": 5, "B": 0, "C": 2, "D": 1})
    assert "A (15 at (0, 3)): you said 5" in text and "12 at (0, 2) and 20 at (0, 4)" in text
    assert "the smaller difference is 3" in text
    assert "B (26 at (1, 0)): you said 0" in text and "23 at (0, 5)" in text
    assert "D (27 at (1, 1)): you said 1" in text and "costs nothing" in text
    assert "C (" not in text


def test_q3_explains_missing_cells_and_refuses_extra_ones_in_the_engines_words():
    text = message(q3, {(1, 5), (2, 0), (2, 3), (0, 1)})
    assert "You left out (2, 1): it is empty and lies between 24 at (1, 4) and 40 at (2, 2)" in text
    assert "Not (2, 3): the sea must ascend in reading order" in text and "after 40" in text
    assert "Not (0, 1): cell (0, 1) already holds island 5" in text


def test_q4_explains_the_hand_limit_and_the_missing_room():
    text = message(q4, {8, 25, 2})
    assert "38 can be played: at (1, 4) it costs 0" in text
    assert "25 cannot be played: it fits only at (1, 1), where the cheapest costs 5" in text
    assert "2 cannot be played: it would have to go before 3 at (0, 0)" in text
    assert "more than the 4 cards left" in text


def test_q4_refuses_a_card_that_is_not_in_the_hand():
    assert "60 is not in your hand" in message(q4, {8, 60})


def test_q5_shows_the_arithmetic():
    text = message(q5, {**Q5_RIGHT, 9: 4})
    assert text == "Card 9: you said 4. 9 × 36 / 80 = 4.05, rounded up: slot 5."


@pytest.mark.parametrize("answer, words", [
    ([1, 1, 6], "Player 3 can discard at most 3"),
    ([5, 2, 1], "Player 1 can discard at most 4"),
    ([1, 1, 1], "adds up to 3"),
    ([4, 4], "is not a split: write a list of three numbers"),
])
def test_q6_gives_the_rule_a_split_breaks(answer, words):
    assert words in message(q6, answer)


def test_q7_stops_at_the_first_refused_move_with_the_rule():
    text = message(q7, ["play 2 at (0, 0)", "play 4 at (0, 1)"])
    assert text.startswith("Move 2 ('play 4 at (0, 1)') is refused: you hold the Start card")
    assert "you hold 4, 9, start" in text


def test_q7_says_whether_an_unfinished_line_can_still_win():
    assert "It can still be won from here" in message(q7, Q7_RIGHT[:4])
    lost_way = ["play 9 at (0, 0)", "start", "split 1", "discard 2"]
    assert "no longer be won" in message(q7, lost_way)


def test_q7_reports_a_lost_game():
    text = message(q7, ["discard 2 4", "start", "split 1", "discard 9", "discard 3 8",
                        "discard 1 finish", "discard 5 6", "play 7 at (0, 0)"])
    assert text == ("After your 8 moves the team has lost: Player 1 holds no cards: no card can be "
                    "played (it does not fit the ascending order, or costs more than the cards "
                    "left to discard) and they cannot discard two.")


def test_q7_refuses_moves_after_the_end_and_unreadable_moves():
    assert "already over before move 9" in message(q7, Q7_RIGHT + ["discard 5 6"])
    assert "is not a move of Calm" in message(q7, ["fly to the island"])


# ----- blank and malformed answers ----------------------------------------------------------------

@pytest.mark.parametrize("question", QUESTIONS)
@pytest.mark.parametrize("blank", [..., None])
def test_a_blank_answer_is_not_answered_yet(question, blank):
    result = question(blank)
    assert not result.ok and not result.answered and "not answered yet" in result.message


@pytest.mark.parametrize("moves", [[...], [], ["start", ...]])
def test_a_line_of_moves_with_blanks_is_not_answered_yet(moves):
    assert not q7(moves).answered


@pytest.mark.parametrize("question, answer, words", [
    (q1, {**Q1_RIGHT, (0, 5): "six"}, "'six' is not a slot"),
    (q1, [6, 7], "is not a dict"),
    (q2, {**Q2_RIGHT, "E": 1}, "'E' is not a letter"),
    (q3, "{(1, 5)}", "is not a set"),
    (q3, {(1, 5, 0)}, "is not a point"),
    (q4, 8, "is not a set"),
    (q5, {**Q5_RIGHT, 9: 4.05}, "is not a slot"),
    (q6, "4 2 2", "is not a split"),
    (q6, [4, 2, "two"], "'two' is not a number of cards"),
    (q7, "play 2 at (0, 0)", "is not a list of moves"),
])
def test_malformed_answers_get_a_clear_message(question, answer, words):
    assert words in message(question, answer)


CODE = "__import__('sys').modules.__setitem__('answer_was_evaluated', None)"


@pytest.mark.parametrize("question", QUESTIONS)
def test_code_in_an_answer_is_never_run(question):
    for answer in (CODE, {CODE: CODE}, [CODE], [CODE, CODE, CODE]):
        assert not question(answer).ok
    assert "answer_was_evaluated" not in sys.modules


# ----- the notebooks ----------------------------------------------------------------------------
