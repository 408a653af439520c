"""Accessibility: colours that stay apart for colour-blind eyes, labelled controls, keyboard
access and a plain-text view on every board."""

from __future__ import annotations

import importlib
import itertools

import ipywidgets as widgets
import numpy as np
import pytest

from sailing_kit.draw import palette
from sailing_kit.widgets.board import CanvasBoard

# Machado, Oliveira & Fernandes (2009), full severity, on linear RGB.
DEFICIENCIES = {
    "protanopia": [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                   [-0.003882, -0.048116, 1.051998]],
    "deuteranopia": [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                     [-0.011820, 0.042940, 0.968881]],
    "tritanopia": [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
                   [0.004733, 0.691367, 0.303900]],
    "normal vision": np.eye(3).tolist(),
}
PAIRS_THAT_MUST_DIFFER = {
    "starboard and port tack": (palette.STARBOARD, palette.PORT),
    "lull and gust tokens": (palette.YELLOW, palette.BLUE),
    "a right and a wrong answer": (palette.BLUISH_GREEN, palette.VERMILLION),
    **{f"players {a + 1} and {b + 1}": (palette.PLAYERS[a], palette.PLAYERS[b])
       for a, b in itertools.combinations(range(len(palette.PLAYERS)), 2)},
}
MIN_DELTA_E = 10
"""CIE76 difference below which two colours start to look alike."""


def _linear(hex_colour: str) -> np.ndarray:
    rgb = np.array([int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)])
    return np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)


def _lab(linear_rgb: np.ndarray) -> np.ndarray:
    xyz = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722],
                    [0.0193, 0.1192, 0.9505]]) @ np.clip(linear_rgb, 0, 1)
    xyz /= np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16 / 116)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def seen_apart(a: str, b: str, deficiency: str) -> float:
    matrix = np.array(DEFICIENCIES[deficiency])
    return float(np.linalg.norm(_lab(matrix @ _linear(a)) - _lab(matrix @ _linear(b))))


@pytest.mark.parametrize("deficiency", DEFICIENCIES)
@pytest.mark.parametrize("what", PAIRS_THAT_MUST_DIFFER)
def test_colours_that_carry_meaning_stay_apart(what, deficiency):
    a, b = PAIRS_THAT_MUST_DIFFER[what]
    assert seen_apart(a, b, deficiency) >= MIN_DELTA_E


def test_the_check_itself_tells_red_from_green_only_for_normal_vision():
    red, green = "#D62728", "#2CA02C"  # the classic pair that fails
    assert seen_apart(red, green, "normal vision") > 40
    assert seen_apart(red, green, "deuteranopia") < seen_apart(red, green, "normal vision") / 2


def example_boards() -> dict[str, CanvasBoard]:
    boards = {}
    for game in ("race", "yacht", "calm", "regatta", "trireme"):
        try:
            module = importlib.import_module(f"sailing_kit.{game}.board")
        except ModuleNotFoundError:
            continue
        boards.update({name: make() for name, make in module.example_boards().items()})
    return boards


BOARDS = example_boards()


def controls(widget: widgets.Widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from controls(child)


@pytest.mark.parametrize("name", BOARDS)
def test_every_control_is_labelled(name):
    for control in controls(BOARDS[name]):
        if isinstance(control, (widgets.Button, widgets.ToggleButton)):
            assert control.description or control.tooltip, control
        elif isinstance(control, (widgets.Dropdown, widgets.IntSlider, widgets.Checkbox,
                                  widgets.ToggleButtons)):
            assert control.description, control
        elif isinstance(control, widgets.Textarea):
            assert control.description or control.placeholder, control


@pytest.mark.parametrize("name", BOARDS)
def test_every_board_takes_keys(name):
    assert type(BOARDS[name]).on_key is not CanvasBoard.on_key


@pytest.mark.parametrize("name", BOARDS)
def test_every_board_shows_the_position_in_words(name):
    board = BOARDS[name]
    assert board.text_view.layout.display == "none"
    board.text_toggle.value = True
    assert board.text_view.layout.display is None
    assert board.describe().split("\n")[0] in board.text_view.value.replace("&#x27;", "'")
    board.text_toggle.value = False


def test_a_boat_is_placed_from_the_keyboard():
    from sailing_kit.race import Board, new_game

    board = Board(new_game(seed=0, yellow=[], blue=[]))
    board.simulate_key("ArrowRight")
    assert "Spot 2 of" in board.status.value and "circle" in board.scene().to_svg()
    board.simulate_key("Enter")
    assert len(board.state.boats) == 1 and "Placed at" in board.status.value


def test_the_trainer_is_played_from_the_keyboard():
    from sailing_kit.race import RightOfWayTrainer

    trainer = RightOfWayTrainer(seed=0)
    trainer.simulate_key("1")
    assert trainer.trainer.asked == 1
    trainer.mode.value = True
    trainer.simulate_key("s")
    boat = trainer.free.boat(trainer.selected)
    trainer.simulate_key("ArrowUp")
    assert trainer.free.boat(boat.name).position == (boat.position[0], boat.position[1] + 1)
