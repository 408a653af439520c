"""The shared dice drawing (sailing_kit.draw.dice)."""

import pytest

from sailing_kit.draw.dice import PIPS, die_at, draw_die, row_of_dice
from sailing_kit.draw.scene import Circle, Scene, Text


@pytest.mark.parametrize("value", range(1, 7))
def test_a_die_shows_as_many_pips_as_its_value(value):
    scene = Scene(100, 100)
    draw_die(scene, (10, 10), 60, value)
    assert sum(isinstance(shape, Circle) for shape in scene.shapes) == value == len(PIPS[value])


def test_a_held_die_says_held_and_not_only_by_colour():
    plain, held = Scene(100, 100), Scene(100, 100)
    draw_die(plain, (0, 0), 50, 3, caption="key 1")
    draw_die(held, (0, 0), 50, 3, held=True, caption="key 1")
    def texts(scene):
        return [s.text for s in scene.shapes if isinstance(s, Text)]
    assert texts(held) == ["HELD"] and texts(plain) == ["key 1"]
    assert held.shapes[0].style.width > plain.shapes[0].style.width


def test_an_unrolled_die_is_a_question_mark():
    scene = Scene(60, 60)
    draw_die(scene, (0, 0), 50, None)
    assert [s.text for s in scene.shapes if isinstance(s, Text)] == ["?"]


def test_clicks_find_the_die_under_them():
    corners = row_of_dice(5, 10, 20, 40, 10)
    assert corners[2] == (110, 20)
    assert die_at(corners, 40, (115, 30)) == 2
    assert die_at(corners, 40, (105, 30)) is None
