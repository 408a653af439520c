"""Puzzle mode: open deals and the solver, checked on tiny deals whose answer is known."""

import pytest

from sailing_kit.calm import new_game
from sailing_kit.calm.puzzle import PUZZLE_SIZE, new_puzzle, puzzle_from_decks, solve
from sailing_kit.core import ConfigError
from sailing_kit.testing import fingerprint

TWO_CELLS = {"rows": 1, "cols": 2, "top": 9, "hand_size": 2, "start_discards": 0}


def test_a_deal_that_can_be_won_is_solved_with_a_line_that_wins():
    """Start; 1 then 2 (cost 1, paid with the 9); the Finish arrives just in time."""
    state = puzzle_from_decks([["start", 1, 2, 9, "finish"]], **TWO_CELLS)
    solution = solve(state)
    assert solution.winnable is True
    assert [str(a) for a in solution.line] == ["play start", "play 1 at (0, 0)", "play 2 at (0, 1)",
                                              "discard 9", "play finish"]
    trial = state.copy()
    for action in solution.line:
        trial.apply(action)
    assert trial.won and not state.history  # the puzzle itself is untouched


def test_a_deal_that_cannot_be_won_is_recognised():
    """The Finish comes before the 9, so the cost of the second island eats it."""
    state = puzzle_from_decks([["start", 1, 2, "finish", 9]], **TWO_CELLS)
    solution = solve(state)
    assert solution.winnable is False and solution.line == ()
    assert "cannot be won" in str(solution)


def test_a_deal_without_enough_islands_for_a_stretch_is_hopeless_at_once():
    state = puzzle_from_decks([["start", 5, 6, 7, "finish"]], rows=1, cols=4, top=9, hand_size=3,
                              start_discards=0)
    assert solve(state).winnable is False


def test_two_players_win_only_together():
    """Player 2 holds the 2 that player 1's sea needs."""
    decks = [["start", 1, 8, "finish"], [2, 9, 7, "start"]]
    state = puzzle_from_decks(decks, rows=1, cols=2, top=9, hand_size=2, start_discards=0)
    solution = solve(state)
    assert solution.winnable
    played = [a for a in solution.line if str(a).startswith("play 2")]
    assert played and solution.narrate(state)[-1].endswith("play finish")


def test_seeded_puzzles_are_open_deals_and_the_answer_is_reproducible():
    puzzle = new_puzzle(seed=4)
    assert puzzle.options.open_hands and puzzle.options.rows == PUZZLE_SIZE["rows"]
    assert fingerprint(puzzle) == fingerprint(new_puzzle(seed=4))
    assert "deck (top first)" in puzzle.describe()
    answers = [solve(new_puzzle(seed=seed)).winnable for seed in range(12)]
    assert True in answers and False in answers
    assert answers == [solve(new_puzzle(seed=seed)).winnable for seed in range(12)]


def test_the_solver_gives_up_honestly_at_its_limit():
    solution = solve(new_game(players=2, seed=0), max_positions=50)
    assert solution.winnable is None and "no answer within" in str(solution)


def test_the_solver_refuses_chance():
    with pytest.raises(ConfigError, match="without chance"):
        solve(new_puzzle(seed=1, rows=3, rocks="automatic"))
