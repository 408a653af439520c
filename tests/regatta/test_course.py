"""The course as data, and rounding judged from the track (decision: "a red buoy, then a green
buoy, each rounded keeping it to port (anticlockwise) ... Rounding is judged from the yacht's
track. Course layout is configurable")."""

import math

import pytest

from sailing_kit.core import ConfigError, Direction
from sailing_kit.regatta import course_data, course_names, load_course, new_game

TRIANGLE = load_course("triangle")


def test_the_presets_are_a_red_then_a_green_buoy_kept_to_port():
    for name in course_names():
        course = load_course(name)
        assert [(m.name, m.rounding) for m in course.marks] == [("red", "port"), ("green", "port")]
        assert course.buoys[course.line[0]] == course.buoys[course.line[1]] == "white"
        assert load_course(course_data(name)) == course


def test_each_rounding_ray_points_away_from_the_course():
    """The red buoy, top right of a course sailed anticlockwise, is rounded over its north-east
    side; the green one, on the left, over its west side."""
    assert TRIANGLE.rays == (Direction.NE, Direction.W)
    assert [TRIANGLE.gate(i) for i in range(2)] == [(12, 15), (0, 9)]
    assert TRIANGLE.forward == Direction.N and TRIANGLE.line_centre == (6, 2)


def test_keeping_a_mark_to_port_rounds_it_and_the_wrong_way_must_be_undone():
    """The string rule: going round the wrong way winds the track the other way, and only
    unwinding it and going round properly counts."""
    proper = [(11, 11), (11, 12), (11, 13), (11, 14), (10, 15), (9, 15)]
    assert TRIANGLE.judge(1, 0, proper) == (2, 0)
    wrong = [(9, 11), (9, 12), (9, 13), (10, 14), (11, 15), (12, 14)]
    assert TRIANGLE.judge(1, 0, wrong) == (1, -1)
    back = [(12, 14), (11, 15), (10, 14), (9, 13)]
    assert TRIANGLE.judge(1, -1, back) == (1, 0)
    round_again = [(9, 13), (9, 12), (9, 11), (10, 10), (11, 11), (11, 12), (11, 13), (11, 14)]
    assert TRIANGLE.judge(1, 0, round_again) == (2, 0)


def test_a_mark_kept_to_starboard_is_rounded_clockwise():
    data = course_data()
    data["marks"] = [{"name": "red", "at": [6, 10], "rounding": "starboard"}]
    course = load_course(data)
    assert course.rays == (Direction.N,)
    assert course.judge(1, 0, [(5, 9), (5, 10), (5, 11), (6, 11), (7, 11)]) == (2, 0)
    assert course.judge(1, 0, [(7, 9), (7, 10), (7, 11), (6, 11), (5, 11)]) == (1, -1)


def test_the_line_counts_only_between_the_white_buoys_and_the_right_way():
    assert TRIANGLE.judge(0, 0, [(6, 1), (6, 2)]) == (1, 0)
    assert TRIANGLE.judge(0, 0, [(3, 1), (3, 2), (3, 3)]) == (0, 0)
    assert TRIANGLE.judge(0, 0, [(6, 3), (6, 2), (6, 1)]) == (0, 0)  # coming back is no start
    assert TRIANGLE.judge(3, 0, [(5, 3), (5, 2)]) == (4, 0)
    assert TRIANGLE.judge(3, 0, [(9, 3), (9, 2), (9, 1)]) == (3, 0)


def test_the_way_to_go_is_measured_round_the_buoys_and_the_marks():
    assert TRIANGLE.way_between((10, 12), (10, 14)) == pytest.approx(2 * math.sqrt(2))
    assert TRIANGLE.way_between((0, 0), (3, 4)) == pytest.approx(3 * math.sqrt(2) + 1)
    assert TRIANGLE.route((5, 0), 0, 0) == ((6, 2), (12, 15), (0, 9), (6, 2))
    on_the_wrong_side = TRIANGLE.route((9, 14), 1, 0)
    assert on_the_wrong_side[:3] == ((8, 11), (12, 11), (12, 15))
    assert TRIANGLE.distance_to_go((5, 0), 0, 0) > TRIANGLE.distance_to_go((6, 4), 1, 0)
    assert TRIANGLE.route((6, 2), 4, 0) == ()


def _course(change):
    data = course_data()
    change(data)
    return data


@pytest.mark.parametrize("course, complaint", [
    ("long", "there is no course 'long'"),
    (_course(lambda d: d.update(width=3)), "'width' is a whole number of cells from 5 to 40"),
    (_course(lambda d: d.update(line=[[4, 2]])), "'line' is the two white buoys"),
    (_course(lambda d: d.update(line=[[4, 2], [5, 2]])), "at least one cell of line"),
    (_course(lambda d: d["marks"][0].update(at=[40, 3])), "outside the 13 x 17 race area"),
    (_course(lambda d: d["marks"][0].update(at=[4, 2])), "two buoys stand in the same cell"),
    (_course(lambda d: d["marks"][0].update(at=[12, 13])), "too close to the edge"),
    (_course(lambda d: d["marks"][0].update(rounding="left")), "'port' or 'starboard'"),
    (_course(lambda d: d["marks"][1].update(name="red")), "two marks have the same name"),
    (_course(lambda d: d.update(marks=[])), "'marks' lists 1 to 12 buoys to round"),
    (_course(lambda d: d.update(starts=[[6, 5]])), "is not behind the line"),
    (_course(lambda d: d.update(starts=[[5, 0], [5, 0]])), "two start cells are the same"),
    (_course(lambda d: d.update(starts=[[5, 0]])), "too few for 2 players"),
])
def test_a_broken_course_is_a_clear_config_error(course, complaint):
    with pytest.raises(ConfigError, match=complaint):
        new_game(seed=0, course=course)
