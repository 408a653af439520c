"""The review of a dice game (issue #25): positions whose best choice is known by hand, the cost
of a deliberately bad choice to 1e-9 of the solver's own table, an optimal game that costs
nothing, and the published 254.59 from the very table the review uses."""

from __future__ import annotations

import json

import pytest

from sailing_kit.core.bots import advance
from sailing_kit.yacht import bots, new_game, optimal_planner, review
from sailing_kit.yacht.board import Board
from sailing_kit.yacht.bots import held_places
from sailing_kit.yacht.game import Roll
from sailing_kit.yacht.position import Keep, Position
from tests.browser.boards import status_text

YAHTZEE = {"rules": "yahtzee", "joker": "free"}  # Verhoeff's rules: one table for every test


def rolled(state, dice, held=()):
    """Roll (holding the places ``held``) and let the dice show ``dice``."""
    state.apply(Roll(tuple(held)) if state.dice else Roll())
    state.apply(list(dice))
    return state


def hold(state, *values):
    """Roll again holding dice showing ``values``."""
    state.apply(Roll(held_places(state.dice, Keep(tuple(sorted(values))))))
    return state


def written(state, dice, category):
    rolled(state, dice)
    state.apply(category)
    return state


def only_sixes_open():
    """Jacht, alone, every category but sixes filled."""
    state = new_game(seed=1, players=1)
    for category in state.rules.categories:
        if category != "sixes":
            written(state, (1, 1, 2, 3, 5), category)
    return state


def test_a_yahtzee_kept_in_the_yahtzee_box_is_the_best_choice_at_no_cost():
    state = written(new_game(seed=0, players=1, **YAHTZEE), (6, 6, 6, 6, 6), "yahtzee")
    (decision,) = review(state).decisions
    assert (decision.kind, decision.cost, decision.made) == ("best", 0.0, "score 50 in yahtzee")
    assert decision.best == decision.made


def test_a_yahtzee_thrown_into_chance_costs_what_the_table_says():
    state = written(new_game(seed=0, players=1, **YAHTZEE), (6, 6, 6, 6, 6), "chance")
    (decision,) = review(state).decisions
    planner = optimal_planner(state.rules)
    in_yahtzee = written(new_game(seed=0, players=1, **YAHTZEE), (6, 6, 6, 6, 6), "yahtzee")
    by_the_table = planner.expected_from(in_yahtzee.cards[0]) - \
        planner.expected_from(state.cards[0])
    assert decision.cost == pytest.approx(by_the_table, abs=1e-9)
    assert decision.best == "score 50 in yahtzee" and decision.kind == "blunder"


def test_with_only_sixes_left_keeping_every_six_is_best_and_keeping_two_costs_25_sixths():
    """Kept sixes stay; each other die shows a six within two rolls with chance 11/36. Keeping
    two of three sixes gives up 6 * (1 - 11/36) = 25/6 points, by hand."""
    best = hold(rolled(only_sixes_open(), (1, 6, 6, 6, 2)), 6, 6, 6)
    worse = hold(rolled(only_sixes_open(), (1, 6, 6, 6, 2)), 6, 6)
    (kept_three,) = review(best).decisions[-1:]
    (kept_two,) = review(worse).decisions[-1:]
    assert (kept_three.made, kept_three.kind, kept_three.cost) == ("keep 6 6 6", "best", 0.0)
    total = best.cards[0].total
    assert kept_three.value_made == pytest.approx(total + 6 * (3 + 2 * 11 / 36), abs=1e-9)
    assert (kept_two.made, kept_two.best) == ("keep 6 6", "keep 6 6 6")
    assert kept_two.cost == pytest.approx(25 / 6, abs=1e-9)
    assert kept_two.kind == "mistake"


def test_each_cost_is_the_advisors_gap_between_the_best_and_the_choice_made():
    state = new_game(seed=7, players=2)
    advance(state, {0: bots.make("greedy"), 1: bots.make("random", seed=2)})
    checked = 0
    replay = new_game(seed=7, players=2)
    decisions = {d.move: d for d in review(state).decisions}
    for move, action in enumerate(state.history):
        if move in decisions:
            position = replay.position()
            options = optimal_planner(replay.rules).advise(position).options
            values = {str(o.choice): o.expected for o in options}
            decision = decisions[move]
            assert decision.value_best == pytest.approx(options[0].expected, abs=1e-9)
            assert decision.value_made == pytest.approx(values[_as_choice(decision.made)],
                                                        abs=1e-9)
            checked += 1
        replay.apply(action)
    assert checked == len(decisions) > 40


def _as_choice(words: str) -> str:
    """The advisor's words for a choice: "score sixes" for "score 18 in sixes"."""
    return f"score {words.split(' in ')[1].replace(' ', '_')}" if " in " in words else words


def test_an_optimal_bots_game_costs_nothing_and_its_table_gives_verhoeffs_254_59():
    state = new_game(seed=11, players=2, **YAHTZEE)
    advance(state, {0: bots.make("optimal"), 1: bots.make("optimal")})
    assert state.is_over()
    weighed = review(state)
    assert len(weighed.decisions) > 40
    assert all(d.cost <= 1e-9 and d.kind == "best" for d in weighed.decisions)
    assert all(t.mean <= 1e-9 for t in weighed.totals)
    start = [curve.points[0] for curve in weighed.curves]
    assert start[0] == start[1] == (0, pytest.approx(254.5896, abs=5e-5))


def test_the_curve_runs_from_the_expected_score_to_the_final_score():
    state = new_game(seed=3, players=2)
    advance(state, {0: bots.make("greedy"), 1: bots.make("optimal")})
    weighed = review(state, players=[0])
    (curve,) = weighed.curves
    assert curve.points[0] == (0, pytest.approx(optimal_planner("jacht").expected_score()))
    assert curve.points[-1][1] == pytest.approx(state.totals[0])
    assert [p[1] for p in curve.points[1:len(weighed.decisions) + 1]] == \
        [d.value_made for d in weighed.decisions]
    assert {d.seat for d in weighed.decisions} == {0}


def test_the_review_is_plain_json_and_leaves_the_game_as_it_was():
    state = new_game(seed=3, players=2)
    advance(state, {0: bots.make("greedy"), 1: bots.make("optimal")})
    saved = state.to_json()
    weighed = review(state)
    assert state.to_json() == saved
    data = weighed.to_json()
    assert json.loads(json.dumps(data)) == data
    assert [p["decisions"] for p in data["players"]] == [t.decisions for t in weighed.totals]
    assert all(set(d["made_move"]) in ({"roll"}, {"score"}) for d in data["decisions"])


def test_the_review_of_a_game_in_progress_weighs_what_was_played():
    state = hold(rolled(new_game(seed=0, players=1), (1, 6, 6, 6, 2)), 6, 6, 6)
    weighed = review(state)
    assert len(weighed.decisions) == 1 and weighed.curves[0].points[-1][0] == 3


def test_a_position_with_one_choice_is_no_decision():
    state = only_sixes_open()
    setup = len(state.history)
    hold(rolled(state, (1, 6, 6, 6, 2)), 6, 6, 6)
    state.apply([6, 2])
    hold(state, 6, 6, 6, 6)
    state.apply([1])
    position = state.position()
    assert isinstance(position, Position) and len(position.choices()) == 1
    state.apply("sixes")
    assert state.is_over()
    assert [d.made for d in review(state).decisions if d.move >= setup] == \
        ["keep 6 6 6", "keep 6 6 6 6"]


def test_the_board_shows_the_same_review_as_the_notebook():
    """A game played on the board against the optimal bot: its Review button weighs the human's
    decisions exactly as ``review(state, players=[0])`` does, and at each decision the board
    says its words and draws its picture."""
    board = Board(new_game(seed=5, players=2), bots={1: "optimal"})
    greedy = bots.make("greedy")
    assert board.review_button.disabled
    while not board.state.is_over():
        board.play(greedy(board.state))
    board.simulate_key("ArrowRight")  # not reviewing yet: the key is not taken
    board.review_button.click()
    weighed = review(board.state, players=[0])
    assert board.review.to_json() == weighed.to_json()
    html = weighed.to_html()
    for number, decision in enumerate(weighed.decisions):
        if number:
            board.simulate_key("ArrowRight")
        assert board.reviewed() == decision and board.replay.value == decision.move
        words = status_text(board)
        assert decision.made in words and decision.kind in words
        texts = {shape.text for shape in board.scene().shapes if hasattr(shape, "text")}
        assert {s.text for s in decision.picture.shapes if hasattr(s, "text")} <= texts
        assert weighed.scale.cost(decision.cost) in html
    board.simulate_key("ArrowRight")
    assert "last decision" in status_text(board)
    board.simulate_click(10, 10)
    assert "replay" in status_text(board)
    board.simulate_key("u")
    assert board.review is None and board.replaying is None and not board.state.is_over()
