"""The game-agnostic review (sailing_kit.core.review), on the protocol's toy game: which moves
are weighed, the classes' thresholds, totals and the curve, plain JSON, the HTML, and seats that
are not seats refused without touching the game."""

from __future__ import annotations

import json

import pytest

from sailing_kit.core.errors import ConfigError
from sailing_kit.core.review import TIE, Scale, Weighed, review_game
from tests.toy_game import new_count

SCALE = Scale("points", "points", good=0.5, inaccuracy=2.0, mistake=5.0)


def weigh(state, action):
    """Adding 2 is best (worth the total + 2); adding 1 costs 1. Player 1 has no decision when
    the total is odd (a rule of this test)."""
    if state.current_player == 1 and state.total % 2:
        return None
    return Weighed(f"add {action}", "add 2", action, 2, state.total + action, state.total + 2)


def played(*moves):
    state = new_count(seed=0, target=10, coin=False)
    for move in moves:
        state.apply(move)
    return state


def reviewed(state, players=None):
    return review_game(state, players, scale=SCALE, weigh=weigh,
                       value=lambda game, seat: float(game.total), name=lambda seat: f"P{seat}")


@pytest.mark.parametrize("cost, kind", [(0, "best"), (TIE, "best"), (2 * TIE, "good"),
                                        (0.4999, "good"), (0.5, "inaccuracy"),
                                        (1.99, "inaccuracy"), (2.0, "mistake"), (4.99, "mistake"),
                                        (5.0, "blunder"), (80.0, "blunder")])
def test_the_classes_follow_the_documented_thresholds(cost, kind):
    assert SCALE.classify(cost) == kind


def test_each_seats_decisions_are_weighed_in_order_with_totals_and_a_curve():
    state = played(2, 1, 1, 2, 1, 2, 1)  # totals 2 3 4 6 7 9 10: player 0 wins
    weighed = reviewed(state)
    assert [(d.seat, d.move, d.cost, d.kind) for d in weighed.decisions] == [
        (0, 0, 0, "best"), (1, 1, 1, "inaccuracy"), (0, 2, 1, "inaccuracy"), (1, 3, 0, "best"),
        (0, 4, 1, "inaccuracy"), (0, 6, 1, "inaccuracy")]  # player 1 at 7: no decision
    first, second = weighed.totals
    assert (first.decisions, first.total, first.mean) == (4, 3, 0.75)
    assert (second.decisions, second.total, second.mean) == (2, 1, 0.5)
    assert dict(first.classes) == {"best": 1, "good": 0, "inaccuracy": 3, "mistake": 0,
                                   "blunder": 0}
    assert weighed.curves[0].points == ((0, 0.0), (1, 2), (3, 4), (5, 7), (7, 10))
    assert weighed.curves[1].points == ((0, 0.0), (2, 3), (4, 6), (7, 10.0))
    assert weighed.biggest() is weighed.decisions[1] and weighed.biggest(1).move == 1
    assert weighed.at(4).move == 4 and weighed.at(5) is None
    assert "P0: 4 decisions, 3.00 points in all, 0.75 points a decision" in str(weighed)


def test_only_the_seats_asked_for_are_weighed():
    weighed = reviewed(played(2, 1, 1), players=[1])
    assert [d.seat for d in weighed.decisions] == [1] and [c.seat for c in weighed.curves] == [1]


def test_the_review_is_plain_json_and_html_with_its_words_escaped():
    weighed = review_game(played(2, 1), None, scale=SCALE, weigh=weigh,
                          value=lambda game, seat: 0.0, name=lambda seat: "<b>Ann</b>")
    data = weighed.to_json()
    assert json.loads(json.dumps(data)) == data
    assert data["players"][0] == {"seat": 0, "name": "<b>Ann</b>", "decisions": 1, "total": 0,
                                  "mean": 0, "classes": {"best": 1, "good": 0, "inaccuracy": 0,
                                                         "mistake": 0, "blunder": 0}}
    assert data["decisions"][1] == {"seat": 1, "move": 1, "made": "add 1", "best": "add 2",
                                    "made_move": 1, "best_move": 2, "value_made": 3,
                                    "value_best": 4, "cost": 1, "class": "inaccuracy"}
    assert weighed.scene().title == "Points after each decision"
    assert weighed.scene().to_svg() in weighed._repr_html_()
    html = weighed._repr_html_()
    assert "&lt;b&gt;Ann&lt;/b&gt;" in html and "<b>Ann</b>" not in html
    assert html.count("<svg") == 1  # the chart (the toy game draws no decision)


@pytest.mark.parametrize("players", [[2], [-1], [True], ["0"], [0.0], [None]])
def test_seats_that_are_not_seats_are_refused_and_the_game_is_untouched(players):
    state = played(2, 1, 1)
    saved = state.to_json()
    with pytest.raises(ConfigError, match="seat numbers from 0 to 1"):
        reviewed(state, players)
    assert state.to_json() == saved and len(state.history) == 3
