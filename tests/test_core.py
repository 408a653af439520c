"""Compass, grid, options and seeded chance (the shared core)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sailing_kit.core import Chance, ConfigError, Direction, IllegalAction, angle_between, clockwise_steps
from sailing_kit.core.grid import Box, Grid, chebyshev, parse_point, step
from sailing_kit.core.options import build_options
from tests.toy_game import CountOptions

directions = st.sampled_from(list(Direction))


def test_eight_directions_clockwise_from_north():
    assert [d.value for d in Direction] == ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    assert Direction.E.degrees == 90 and Direction.NW.degrees == 315


def test_direction_is_a_str_enum_and_parses_any_case():
    assert Direction.NE == "NE"
    assert Direction.parse("ne") is Direction.NE
    assert Direction.parse(Direction.S) is Direction.S
    with pytest.raises(ValueError, match="not a compass direction"):
        Direction.parse("north-ish")


def test_unit_vectors_have_x_east_and_y_north():
    assert Direction.N.vector == (0, 1)
    assert Direction.E.vector == (1, 0)
    assert Direction.SW.vector == (-1, -1)
    assert Direction.from_vector(3, -3) is Direction.SE


@given(directions, st.integers(-20, 20))
def test_rotation_by_steps_is_undone_by_the_opposite_rotation(direction, steps):
    assert direction.rotate(steps).rotate(-steps) is direction
    assert direction.rotate(8) is direction


@given(directions, directions)
def test_angle_between_is_symmetric_and_a_multiple_of_45(a, b):
    assert angle_between(a, b) == angle_between(b, a)
    assert angle_between(a, b) in (0, 45, 90, 135, 180)
    assert (clockwise_steps(a, b) + clockwise_steps(b, a)) % 8 == 0


def test_opposite_and_angles():
    assert Direction.N.opposite is Direction.S
    assert angle_between("N", "SE") == 135
    assert clockwise_steps("NW", "NE") == 2


def test_grid_helpers():
    grid = Grid(3, 2)
    assert (2, 1) in grid and (3, 1) not in grid and (0, -1) not in grid
    assert list(grid.points())[:4] == [(0, 0), (1, 0), (2, 0), (0, 1)]
    assert step((1, 1), "NE", 2) == (3, 3)
    assert chebyshev((0, 0), (3, -1)) == 3
    assert len(list(Grid(10, 10).square_around((5, 5), 2))) == 25
    assert len(list(Grid(10, 10).square_around((0, 0), 2))) == 9
    assert (-1, 5) in Box.around((0, 0), (2, 5), margin=1)
    assert parse_point([2, 3]) == (2, 3)
    with pytest.raises(ValueError, match="two whole numbers"):
        parse_point((1, "2"))


def test_unknown_option_is_a_config_error_with_a_suggestion():
    with pytest.raises(ConfigError, match="unknown option 'targt'. Did you mean 'target'"):
        build_options(CountOptions, {"targt": 3})


def test_out_of_range_option_is_a_config_error():
    with pytest.raises(ConfigError, match="'target' must be from 2 to 100, not 1"):
        build_options(CountOptions, {"target": 1})
    with pytest.raises(ConfigError, match="'coin' must be True or False"):
        build_options(CountOptions, {"coin": "yes"})


def test_illegal_action_is_a_value_error_carrying_its_rule():
    error = IllegalAction("§2: no")
    assert isinstance(error, ValueError) and error.rule == "§2: no"


def test_chance_streams_repeat_for_the_same_seed_and_differ_between_seeds():
    a, b, c = Chance(7), Chance(7), Chance(8)
    draws_a = [a.randint(1, 6) for _ in range(30)]
    assert draws_a == [b.randint(1, 6) for _ in range(30)]
    assert draws_a != [c.randint(1, 6) for _ in range(30)]
    assert a.draws == 30


def test_chance_can_rewind_by_its_counter():
    stream = Chance(3)
    first = stream.shuffled(range(10))
    stream.draws = 0
    assert stream.shuffled(range(10)) == first
    assert sorted(first) == list(range(10))


def test_weighted_draws_follow_their_probabilities():
    stream = Chance(11)
    draws = [stream.weighted([("a", 0.75), ("b", 0.25)]) for _ in range(4000)]
    assert 0.70 < draws.count("a") / len(draws) < 0.80
