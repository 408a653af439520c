"""The optimal helmsman: the numpy solver against the exact (Fraction) one, against the engine
(the advisor plays each choice through the rules), against simulation of its own policy, and on
positions whose value is known by hand."""

from fractions import Fraction

import numpy as np
import pytest

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import step
from sailing_kit.core.protocol import CHANCE
from sailing_kit.trireme import (
    Position,
    advise,
    bots,
    honour_values,
    load_map,
    new_game,
    parse_map,
    simulate,
    solve,
    solve_exact,
)
from tests.trireme.helpers import LANE, TINY

SMALL, DEFAULT = load_map("small"), load_map("default")


@pytest.mark.parametrize("steer_at_trireme", [True, False])
@pytest.mark.parametrize("sea, honour", [(parse_map(TINY), 2), (SMALL, 0)])
def test_the_numpy_solver_agrees_with_the_exact_one_everywhere(sea, honour, steer_at_trireme):
    """Two independent solutions: backward induction with value iteration (floats), and with
    exact policy iteration (Fractions) on the trireme's waiting square; with the heading at the
    trireme allowed (the default) or refused."""
    exact = solve_exact(sea, honour, steer_at_trireme)
    floats = solve(sea, honour, steer_at_trireme)
    assert len(exact.values) > 1000 and all(isinstance(v, Fraction) for v in exact.values.values())
    assert max(abs(float(v) - floats.value(p)) for p, v in exact.values.items()) < 1e-12


@pytest.mark.parametrize("steer_at_trireme, expected", [
    (True, Fraction(206453031129832931, 373232840756428800)),  # 0.55315...
    (False, Fraction(8381635880438909, 15551368364851200)),  # 0.53896...
])
def test_the_exact_value_of_the_small_maps_start(steer_at_trireme, expected):
    """Regression figures of the exact solver, and the numpy solver within 1e-13 of them."""
    start = Position.start(SMALL, 0)
    value = solve_exact(SMALL, 0, steer_at_trireme).value(start)
    assert value == expected
    assert abs(float(value) - solve(SMALL, 0, steer_at_trireme).value(start)) < 1e-13


def test_steering_at_the_trireme_raises_the_chance_to_win_from_the_start():
    """'Vous choisissez votre cap' (issue #13, point 14): with the heading straight at an adjacent
    trireme allowed, the chance to win from the start of the default map is 73.05 % with 3 Honour
    points and 55.96 % with none; refusing it (the kit's former rule) gives 68.24 % and 52.22 %.
    These figures come from an independent implementation of the text."""
    allowed, refused = honour_values(DEFAULT, most=3), honour_values(DEFAULT, 3, "NE", False)
    assert [round(100 * allowed[n], 2) for n in (0, 3)] == [55.96, 73.05]
    assert [round(100 * refused[n], 2) for n in (0, 3)] == [52.22, 68.24]
    assert all(a > r for a, r in zip(allowed, refused))


def test_on_the_trireme_s_next_square_the_optimal_helmsman_waits_for_its_wind():
    """Rounded, on the square just east of the trireme (default map, trireme on square 10 of its
    line), steering at the trireme keeps both boats where they are whatever the die: the optimal
    helmsman does so in seven winds, waiting for the eighth, and never in all eight (a game with
    it always ends)."""
    solution = solve(DEFAULT, 3)
    trireme, waiting = DEFAULT.path[10], DEFAULT.path[11]
    for honour in range(4):
        for progress in (-1, 0, 1):
            choices = [solution.best(Position(waiting, 10, wind, honour, progress))
                       for wind in Direction]
            assert sum(c.heading == Direction.W and not c.honour for c in choices) < 8
    rounded = [solution.best(Position(waiting, 10, wind, 0, 1)) for wind in Direction]
    assert sum(c.heading == Direction.W for c in rounded) == 7
    assert step(waiting, Direction.W) == trireme
    assert solution.value(Position(waiting, 10, Direction.NE, 0, 1)) > 0.98


@pytest.mark.parametrize("sea", [SMALL, DEFAULT, parse_map(LANE)])
def test_the_advisor_playing_through_the_engine_finds_the_solvers_values(sea):
    """Along random games, the best choice's chance (each choice played by the engine, the die
    averaged, the better distance taken) equals the solver's value of the position."""
    solution = solve(sea, 3)
    checked = 0
    for seed in range(6):
        state = new_game(seed=seed, map=sea.to_text())
        chooser = np.random.default_rng(seed)
        while not state.is_over():
            if state.position() is not None:
                advice = advise(state, solution)
                assert advice.value == pytest.approx(solution.value(state.position()), abs=1e-12)
                assert solution.best(state.position()) in dict(advice.options)
                checked += 1
            if state.current_player == CHANCE:
                state.sample_chance()
            else:
                legal = state.legal_actions()
                state.apply(legal[chooser.integers(len(legal))])
    assert checked >= 6


@pytest.mark.parametrize("map_name, honour, games", [("default", 3, 2500), ("small", 1, 2500)])
def test_simulating_the_optimal_policy_wins_as_often_as_the_solver_says(map_name, honour, games):
    """The optimal helmsman's mean win rate over seeded games lies within 4 standard errors of
    the solver's chance to win from the start."""
    sea = load_map(map_name)
    predicted = solve(sea, honour).value(Position.start(sea, honour))
    played = simulate(bots.make("optimal"), games=games, seed=10_000, map=map_name, honour=honour)
    low, high = played.interval(z=4)
    assert low <= predicted <= high, (predicted, str(played))


def test_the_optimal_helmsman_beats_the_pilot():
    optimal = simulate(bots.make("optimal"), games=400, map="small")
    pilot = simulate(bots.make("pilot"), games=400, map="small")
    assert optimal.win_rate > pilot.win_rate + 0.1


def test_honour_points_never_hurt_and_each_is_worth_something():
    values = honour_values(DEFAULT, most=5)
    worth = np.diff(values)
    assert all(worth > 0.02) and all(worth < 0.1)
    table = solve(DEFAULT, 5).values
    assert (np.diff(table, axis=3) >= -1e-12).all()


def test_a_sure_win_with_an_honour_point():
    """Rounded, one square north of the line, the wind from N, the trireme far away: heading S is
    at least 135° off whatever the die does, so an Honour point (no current) wins for sure; without
    one, the current (1/6) drifts the boat west and it tries again."""
    solution = solve(parse_map(LANE), 1)
    position = Position((3, 1), 3, Direction.N, 1, 1)
    assert solution.value(position) == 1.0
    assert solution.best(position).honour and solution.best(position).heading in (
        Direction.S, Direction.SE, Direction.SW)
    without = solution.value(Position((3, 1), 3, Direction.N, 0, 1))
    assert 5 / 6 < without < 1


def test_no_chance_when_the_trireme_finishes_before_you_can():
    sea = parse_map(LANE)
    last = len(sea.path) - 2
    solution = solve(sea, 3)
    assert solution.value(Position((3, 3), last, Direction.N, 3, 1)) == 0.0  # it finishes first
    assert solution.value(Position((3, 3), last, Direction.N, 3, 0)) == 0.0


def test_the_solution_covers_only_the_honour_asked_for():
    with pytest.raises(ValueError, match="covers 0 to 1 Honour points"):
        solve(SMALL, 1).value(Position.start(SMALL, 3))


def test_a_simulation_with_the_solution_tells_each_crash():
    """Each crash is recorded with the solver's chance to win at the last heading before it and
    its cause; without a solution nothing is recorded."""
    solution = solve(SMALL, 1)
    played = simulate(bots.make("optimal"), games=200, seed=0, solution=solution, map="small", honour=1)
    assert played.crashed > 0 and len(played.crashes) == played.crashed
    assert all(0.0 <= crash.chance <= 1.0 and crash.square in SMALL.water
               for crash in played.crashes)
    assert any(crash.by_current for crash in played.crashes)
    assert simulate(bots.make("optimal"), games=20, map="small", honour=1).crashes == ()
