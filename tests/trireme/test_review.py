"""The review of a duel (issue #25): a distance whose best choice is known by hand, the cost of
sailing off the map to 1e-9 of the solver, the start's value from the exact (Fraction) solver,
an optimal helmsman's game that costs nothing, and the same review on the board."""

from __future__ import annotations

import json

import pytest

from sailing_kit.core.bots import advance
from sailing_kit.trireme import bots, new_game, review
from sailing_kit.trireme.advisor import chance_to_win, solution_for
from sailing_kit.trireme.board import Board
from sailing_kit.trireme.exact import exact_start_value
from sailing_kit.trireme.game import Sail
from sailing_kit.trireme.maps import edge_map
from sailing_kit.trireme.solver import TooBigToSolve
from tests.browser.boards import status_text


def along_the_edge():
    """The little bay: east with the wind holding (1 square, to the line's last square), then
    east again as the wind backs to N: the boat may sail 1 or 2 squares, and 2 leave the map."""
    state = new_game(seed=0, map="small")
    for heading, face in (("E", 3), ("E", 2)):
        state.apply(heading)
        state.apply(face)
    assert state.boat == (5, 0) and state.sailing_options() == (1, 2)
    return state


def test_one_square_is_best_and_two_off_the_map_cost_all_that_one_is_worth():
    one, two = along_the_edge(), along_the_edge()
    one.apply(Sail(1))
    two.apply(Sail(2))
    assert two.result is not None and "left the map" in two.result.reason
    kept, lost = review(one).decisions[-1], review(two).decisions[-1]
    assert (kept.made, kept.kind, kept.cost) == ("sail 1 square", "best", 0.0)
    worth = chance_to_win(one, solution_for(one))  # the solver's value of the square reached
    assert 0 < worth < 1
    assert (lost.made, lost.best, lost.value_made) == ("sail 2 squares", "sail 1 square", 0.0)
    assert lost.cost == pytest.approx(worth, abs=1e-9)
    assert lost.kind == "blunder"
    assert review(two).curves[0].points[-1] == (len(two.history), 0.0)


def test_the_first_headings_best_value_is_the_exact_solvers_chance_from_the_start():
    state = new_game(seed=4, map="small", honour=0)
    advance(state, {0: bots.make("pilot")})
    weighed = review(state)
    exact = float(exact_start_value("small", honour=0))
    assert weighed.curves[0].points[0] == (0, pytest.approx(exact, abs=1e-9))
    assert weighed.decisions[0].value_best == pytest.approx(exact, abs=1e-9)


@pytest.mark.parametrize("seed", [1, 2])
def test_an_optimal_helmsmans_game_costs_nothing(seed):
    state = new_game(seed=seed, map="small")
    advance(state, {0: bots.make("optimal")})
    weighed = review(state)
    assert state.is_over() and weighed.decisions
    assert all(d.cost <= 1e-9 and d.kind == "best" for d in weighed.decisions)


def test_the_board_shows_the_same_review_as_the_notebook():
    board = Board(new_game(seed=3, map="small"))
    pilot = bots.make("pilot")
    while not board.state.is_over():
        board.play(pilot(board.state))
    assert not board.review_button.disabled
    board.review_button.click()
    weighed = review(board.state)
    assert board.review.to_json() == weighed.to_json()
    html = weighed.to_html()
    for decision in weighed.decisions:
        board.replay.value = decision.move
        assert board.reviewed() == decision
        words = status_text(board)
        assert decision.made in words and decision.kind in words
        texts = {shape.text for shape in board.scene().shapes if hasattr(shape, "text")}
        assert {s.text for s in decision.picture.shapes if hasattr(s, "text")} <= texts
        assert weighed.scale.cost(decision.cost) in html
    json.dumps(board.review.to_json())


def test_a_map_too_big_to_solve_gets_no_review_and_the_board_says_why():
    state = new_game(seed=1, map=edge_map(40), honour=20)
    while not state.is_over():  # straight off the map's south edge
        state.apply("S")
        state.apply(3)
        if state.sailing_options():
            state.apply(Sail(2))
    assert "left the map" in state.result.reason
    with pytest.raises(TooBigToSolve):
        review(state)
    board = Board(state)
    board.review_button.click()
    assert status_text(board).startswith("No review of this game: the optimal helmsman solves")
    assert board.review is None and board.replaying is None
