"""The shared drawing layer and board base, through the points-of-sail board."""

import json
import re

import pytest

from sailing_kit.draw import palette
from sailing_kit.draw.scene import Scene
from sailing_kit.race import new_drill
from sailing_kit.race.board import PointsOfSailBoard
from sailing_kit.race.drawing import option_marker
from sailing_kit.widgets.canvas import paint


def test_scene_renders_each_shape_to_svg_with_escaped_text():
    scene = Scene(100, 50, title="a <test>", background="#fff")
    scene.line((0, 0), (10, 10), stroke="#000", dash=(2, 2))
    scene.polygon([(0, 0), (5, 0), (5, 5)], fill="#f00", opacity=0.5)
    scene.circle((5, 5), 3, stroke="#00f")
    scene.text((1, 1), "A & B", bold=True)
    svg = scene.to_svg()
    assert "<title>a &lt;test&gt;</title>" in svg
    assert 'stroke-dasharray="2 2"' in svg and 'opacity="0.5"' in svg
    assert "A &amp; B" in svg and 'font-weight="bold"' in svg


def test_palette_is_okabe_ito_and_tacks_differ():
    assert len(set(palette.OKABE_ITO)) == 8
    assert palette.STARBOARD != palette.PORT
    assert set(palette.PLAYERS) <= set(palette.OKABE_ITO)


class Recorder:
    """Counts the widget messages a board canvas sends (one per redraw)."""

    def __init__(self, canvas):
        self.canvas = canvas
        self.messages = 0

    def __enter__(self):
        def send(*args, **kwargs):
            self.messages += 1

        self.canvas._send = send
        return self

    def __exit__(self, *exc):
        del self.canvas._send


def test_a_redraw_is_one_message():
    board = PointsOfSailBoard(new_drill(seed=0))
    board.canvas.scene = "[]"  # as if a view had to be brought up to date
    with Recorder(board.canvas) as recorder:
        board.redraw()
    assert recorder.messages == 1
    assert len(json.loads(board.canvas.scene)) == len(board.scene().shapes)


def test_paint_sends_every_shape_in_the_order_drawn_and_takes_the_scene_size():
    board = PointsOfSailBoard(new_drill(seed=0))
    scene = Scene(120, 80, title="a test", background="#fff")
    scene.line((0, 0), (10, 10), stroke="#000", dash=(2, 2))
    scene.rect(1, 2, 3, 4, fill="#f00", opacity=0.5)
    scene.circle((5, 5), 3, stroke="#00f", width=2)
    scene.text((1.04, 1), "A & B", size=14, bold=True, anchor="start")
    paint(board.canvas, scene)
    canvas = board.canvas
    assert (canvas.width, canvas.height, canvas.title, canvas.background) == (
        120, 80, "a test", "#fff")
    assert json.loads(canvas.scene) == [
        ["L", [0, 0, 10, 10], "#000", 1.0, [2, 2], 1.0],
        ["P", [1, 2, 4, 2, 4, 6, 1, 6], "#f00", None, 1.0, 0.5],
        ["C", 5, 5, 3, None, "#00f", 2, 1.0],
        ["T", 1.0, 1, "A & B", 14, "#000", "left", True],
    ]


def click_option(board, index=0):
    option = board.options[index]
    board.simulate_click(*option_marker(board.state.grid_view(), option))
    return option


def test_clicking_an_option_sails_there():
    board = PointsOfSailBoard(new_drill(seed=0))
    option = click_option(board)
    assert board.state.position == option.position and board.state.heading == option.heading
    assert "Sailed" in board.status.value


def test_a_refused_click_shows_the_engines_rule_and_changes_nothing():
    board = PointsOfSailBoard(new_drill(seed=0))
    view = board.state.grid_view()
    board.simulate_click(*view.pixel((4, 6)))
    assert "Not allowed: §2: a boat close-hauled" in board.status.value
    assert board.state.history == []


def test_keys_choose_and_sail_and_turn_the_wind():
    board = PointsOfSailBoard(new_drill(seed=0))
    board.simulate_key("ArrowRight")
    assert "Option 2 of 4" in board.status.value
    board.simulate_key("Enter")
    assert board.state.heading.value == "NW" and board.state.turns == 1
    board.simulate_key("d")
    assert board.state.wind.value == "NE"
    board.simulate_key("q")
    assert board.state.heading.value == "W"


def test_buttons_undo_and_restart():
    board = PointsOfSailBoard(new_drill(seed=0))
    click_option(board)
    undo = next(b for b in board.children[0].children if b.description == "Undo")
    undo.click()
    assert board.state.turns == 0 and "taken back" in board.status.value
    undo.click()
    assert "nothing to undo" in board.status.value


def test_roll_button_is_enabled_only_when_the_die_is_due():
    board = PointsOfSailBoard(new_drill(seed=0, wind_shifts=True))
    assert board.roll_button.disabled
    click_option(board)
    assert not board.roll_button.disabled
    board.roll_button.click()
    assert "compass die says" in board.status.value


def test_exceptions_in_callbacks_are_shown_in_the_status_line():
    board = PointsOfSailBoard(new_drill(seed=0))

    def broken(*_):
        raise RuntimeError("boom")

    board.on_click = broken
    board.simulate_click(1, 1)
    assert re.search("Something went wrong: RuntimeError: boom", board.status.value)


def test_the_board_has_labelled_controls_and_a_css_hook():
    board = PointsOfSailBoard(new_drill(seed=0))
    buttons = board.children[0].children
    assert all(b.description and b.tooltip for b in buttons)
    assert "sailing-kit-board" in board._dom_classes


@pytest.mark.parametrize("key", ["a", "d", "q", "e"])
def test_turning_never_leaves_a_stale_selection(key):
    board = PointsOfSailBoard(new_drill(seed=0))
    board.simulate_key("ArrowLeft")
    board.simulate_key(key)
    assert board.selected == 0
