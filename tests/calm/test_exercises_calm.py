"""The Calm exercises: each student's variant, right answers in any honest spelling, specific
feedback in the engine's words, cells named (row, column) as Calm names them."""

import sys

import numpy as np
import pytest

from sailing_kit.calm import Sea
from sailing_kit.exercises import calm as exercises
from sailing_kit.exercises.calm import (
    LESSON_SEA,
    QUESTIONS,
    Costs,
    Deal,
    Line,
    Spread,
    q1,
    q2,
    q3,
    q4,
    q5,
    q6,
    q7,
)
from tests.exercise_helpers import message, passes, whys

# The positions of the kit's first version of these exercises, as explicit variants.
SIX = Line(6, 6, {"A": (0, 5), "B": (1, 0), "C": (3, 2), "D": (5, 5)})
COSTS = Costs(Sea.from_cells({(0, 2): 12, (0, 4): 20, (0, 5): 23, (1, 3): 31}),
              {"A": (15, (0, 3)), "B": (26, (1, 0)), "C": (29, (1, 2)), "D": (27, (1, 1))})
WHERE = (Sea.from_cells(LESSON_SEA), 30)
HAND = (Sea.from_cells({(0, 0): 3, (0, 2): 10, (1, 0): 20, (1, 2): 30, (2, 0): 45}),
        (2, 8, 25, 38, 46))
SPREAD = Spread(36, 80, {"A": 9, "B": 50, "C": 71})
DEAL = Deal((("start", 1, 2, 3, 4), (20, 21, 22, 23, 24, 25, 26, 27, 28, "start"),
             (30, 31, "start")), 8)
PUZZLE = 22

Q1_RIGHT = {"A": 6, "B": 7, "C": 21, "D": 36}
Q2_RIGHT = {"A": 3, "B": 3, "C": 2, "D": 0}
Q3_RIGHT = {(1, 5), (2, 0), (2, 1)}
Q5_RIGHT = {"A": 5, "B": 23, "C": 32}
Q7_RIGHT = ["play 2 at (0, 0)", "start", "split 1", "discard 4", "play 8 at (0, 2)",
            "play 3 at (0, 1)", "discard 1", "finish"]

RIGHT = [
    (q1, SIX, Q1_RIGHT),
    (q1, SIX, {"a": "6", "B": 7.0, "c": " 21 ", "D": np.int64(36)}),
    (q2, COSTS, Q2_RIGHT),
    (q2, COSTS, {"a": "3", "b": 3, "c": 2, "d": "0"}),
    (q3, WHERE, Q3_RIGHT),
    (q3, WHERE, ["(1, 5)", [2, 0], (2, 1), (2, 1)]),
    (q3, WHERE, np.array([[1, 5], [2, 0], [2, 1]])),
    (q4, HAND, {8, 38, 46}),
    (q4, HAND, ["8", 38, np.int64(46)]),
    (q5, SPREAD, Q5_RIGHT),
    (q6, DEAL, [4, 2, 2]),
    (q6, DEAL, (0, 5, 3)),
    (q6, DEAL, np.array([4, 2, 2])),
    (q7, PUZZLE, Q7_RIGHT),
    (q7, PUZZLE, [{"play": 2, "at": [0, 0]}, {"play": "start"}, {"split": [1]},
                  {"discard": [4]}, (8, (0, 2)), "3 at 0,1", "discard 1", "play finish"]),
]


@pytest.mark.parametrize("question, variant, answer", RIGHT)
def test_the_right_answer_passes_in_any_honest_spelling(question, variant, answer):
    assert passes(question, variant, answer), question.mark(variant, answer)


def test_no_question_repeats_the_lessons_seas():
    names = [f"student {n}" for n in range(100)]
    assert all((q1.variant(n).rows, q1.variant(n).cols) != (6, 6) for n in names)
    assert all(q2.variant(n).sea.cells != COSTS.sea.cells for n in names)
    assert all(q3.variant(n)[0].cells != WHERE[0].cells for n in names)
    assert all((q5.variant(n).size, q5.variant(n).top) != (36, 80) for n in names)


def test_the_expected_answers_come_from_the_engine(monkeypatch):
    """Change the engine's natural slot and question 5's expected answer follows."""
    monkeypatch.setattr(exercises, "natural_slot", lambda card, size, top: 0)
    assert passes(q5, SPREAD, dict.fromkeys(Q5_RIGHT, 1)) and not passes(q5, SPREAD, Q5_RIGHT)


# ----- wrong answers: what was wrong, and why -----------------------------------------------------

def test_q1_says_how_to_count_never_the_slot():
    text = message(q1, SIX, {**Q1_RIGHT, "B": 2, "C": 15})
    assert "B: you said slot 2. Count the full rows below its cell" in text
    assert "C: you said slot 15" in text and "A:" not in text
    assert not any(str(Q1_RIGHT[letter]) in text for letter in "BC")


def test_q2_says_where_the_cards_lie_never_the_cost():
    text = whys(q2, COSTS, {"A": 5, "B": 0, "C": 2, "D": 1})
    assert "A: you said 5. In reading order (across a row break too) its cell has a card next to " \
           "it on both sides" in text
    assert "with cards on both sides, the smaller difference" in text
    assert "B: you said 0" in text and "D: you said 1" in text and "C:" not in text


def test_q3_counts_the_refused_and_the_missing_cells_without_naming_them():
    text = whys(q3, WHERE, {(1, 5), (2, 0), (2, 3), (0, 1)})
    assert "2 of your cells are refused: a card goes into an empty cell, between the islands" in text
    assert "1 allowed cell is missing" in text and "(2, 1)" not in text


def test_q3_one_cell_for_a_set_says_write_a_set():
    assert "(1, 5) is one item: write a set" in message(q3, WHERE, (1, 5))


def test_q4_counts_the_cards_and_gives_the_rule_for_one():
    text = whys(q4, HAND, {8, 25, 2})
    assert "2 of your cards cannot be played; the rules say of one: it would have to go before 3 " \
           "at row 0, column 0" in text
    assert "2 playable cards are missing" in text and "38" not in text


def test_q4_refuses_a_card_that_is_not_in_the_hand():
    assert "60 is not in your hand" in q4.mark(HAND, {8, 60}).problem


def test_q5_names_the_slip_and_the_idea_without_the_slot():
    text = message(q5, SPREAD, {**Q5_RIGHT, "A": 4})
    assert text == ("A: you said 4. That rounds down: a slot partly reached is the next one. Take "
                    "the card's share of the islands, spread over the cells, and round up to a "
                    "whole slot.")


@pytest.mark.parametrize("answer, words", [
    ([1, 1, 6], "Player 3 can discard at most 3"),
    ([5, 2, 1], "Player 1 can discard at most 4"),
    ([1, 1, 1], "adds up to 3"),
])
def test_q6_gives_the_rule_a_split_breaks(answer, words):
    assert words in message(q6, DEAL, answer)


def test_q6_a_split_template_left_blank_is_your_turn():
    result = q6.mark(DEAL, [..., ..., ...])
    assert not result.answered and "not answered yet" in result.problem


def test_q6_a_short_list_is_not_a_split():
    assert "is not a split: write a list of three numbers" in q6.mark(DEAL, [4, 4]).problem


def test_q7_stops_at_the_first_refused_move_with_the_rule():
    text = message(q7, PUZZLE, ["play 2 at (0, 0)", "play 4 at (0, 1)"])
    assert text.startswith("Move 2 ('play 4 at (0, 1)') is refused: you hold the Start card")
    assert "you hold 4, 9, start" in text


def test_q7_names_the_start_card_in_plain_words():
    text = message(q7, PUZZLE, ["play finish"])
    assert "does not hold a Finish card" in text and "holds no the" not in text


def test_q7_says_whether_an_unfinished_line_can_still_win():
    assert "It can still be won from here" in message(q7, PUZZLE, Q7_RIGHT[:4])
    lost_way = ["play 9 at (0, 0)", "start", "split 1", "discard 2"]
    assert "no longer be won" in message(q7, PUZZLE, lost_way)


def test_q7_reports_a_lost_game():
    text = message(q7, PUZZLE, ["discard 2 4", "start", "split 1", "discard 9", "discard 3 8",
                                "discard 1 finish", "discard 5 6", "play 7 at (0, 0)"])
    assert text.startswith("After your 8 moves the team has lost: Player 1 holds no cards")


def test_q7_refuses_moves_after_the_end_and_unreadable_moves():
    assert "already over before move 9" in message(q7, PUZZLE, Q7_RIGHT + ["discard 5 6"])
    assert "is not a move of Calm" in message(q7, PUZZLE, ["fly to the island"])


# ----- blank and malformed answers ----------------------------------------------------------------

@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.key)
@pytest.mark.parametrize("blank", [..., None])
def test_a_blank_answer_is_not_answered_yet(question, blank):
    result = question.grade("Ada", blank)
    assert not result.ok and not result.answered and "not answered yet" in result.problem


@pytest.mark.parametrize("moves", [[...], [], ["start", ...]])
def test_a_line_of_moves_with_blanks_is_not_answered_yet(moves):
    assert not q7.mark(PUZZLE, moves).answered


@pytest.mark.parametrize("question, variant, answer, words", [
    (q1, SIX, {**Q1_RIGHT, "A": "six"}, "'six' is not a slot"),
    (q1, SIX, [6, 7], "is not a dict"),
    (q2, COSTS, {**Q2_RIGHT, "E": 1}, "'E' is not a placement"),
    (q3, WHERE, "{(1, 5)}", "is not a set"),
    (q3, WHERE, {(1, 5, 0)}, "is not a cell (row, column)"),
    (q4, HAND, 8, "is not a set"),
    (q5, SPREAD, {**Q5_RIGHT, "A": 4.05}, "is not a slot"),
    (q6, DEAL, "4 2 2", "is not a split"),
    (q6, DEAL, [4, 2, "two"], "'two' is not a number of cards"),
    (q7, PUZZLE, "play 2 at (0, 0)", "is not a list of moves"),
])
def test_malformed_answers_get_a_clear_message(question, variant, answer, words):
    result = question.mark(variant, answer)
    assert result.answered and not result.ok and words in result.problem, result


CODE = "__import__('sys').modules.__setitem__('answer_was_evaluated', None)"


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.key)
def test_code_in_an_answer_is_never_run(question):
    for answer in (CODE, {CODE: CODE}, [CODE], [CODE, CODE, CODE]):
        assert not question.grade("Ada", answer).ok
    assert "answer_was_evaluated" not in sys.modules
