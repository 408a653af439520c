"""The shared rounding judge (core/rounding.py) that race, regatta and trireme all use."""

from hypothesis import given
from hypothesis import strategies as st

from sailing_kit.core import Direction
from sailing_kit.core.rounding import Ray

NORTH = Ray((5, 5), Direction.N)


def test_crossing_the_ray_beyond_the_origin_in_each_sense():
    assert NORTH.crossing((4, 7), (6, 7)) == 1  # west to east over the top: clockwise
    assert NORTH.crossing((6, 7), (4, 7)) == -1
    assert NORTH.crossing((6, 7), (4, 7), clockwise=False) == 1
    assert NORTH.crossing((4, 3), (6, 3)) == 0  # below the origin: the other half of the line
    assert NORTH.crossing((4, 7), (4, 8)) == 0


def test_a_point_on_the_ray_counts_as_across():
    assert NORTH.crossing((4, 7), (5, 7)) == 1
    assert NORTH.crossing((5, 7), (6, 7)) == 0


def test_a_ray_between_columns():
    line = Ray((4.5, 3), Direction.N)
    assert line.crossing((4, 3), (5, 4)) == 1 and line.crossing((5, 4), (4, 4)) == -1


points = st.tuples(st.integers(-9, 9), st.integers(-9, 9))


@given(points, points, st.sampled_from(list(Direction)), st.booleans())
def test_reversing_a_step_reverses_its_crossing(a, b, direction, clockwise):
    ray = Ray((0, 0), direction)
    assert ray.crossing(a, b, clockwise=clockwise) in (-1, 0, 1)
    if ray.side(a) and ray.side(b):
        assert ray.crossing(a, b, clockwise=clockwise) == -ray.crossing(b, a, clockwise=clockwise)
        assert ray.crossing(a, b, clockwise=clockwise) == -ray.crossing(a, b,
                                                                          clockwise=not clockwise)
