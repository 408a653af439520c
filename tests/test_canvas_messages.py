"""Issue #20.5: what the browser sends a board's canvas is read strictly. A press or release
carries two finite numbers within reach of the canvas, a key a short text and three yes/no
flags; anything else (NaN, infinities, a missing or listed ``x``, an unknown kind, a text where a
number belongs) is ignored and logged once, and never reaches the board or raises in the
kernel. Digit keys are "1" to "9" only: "²" or "١" are no digits to a board."""

from __future__ import annotations

import logging

import pytest

from sailing_kit import calm, regatta, yacht
from sailing_kit.widgets.board import number_key
from sailing_kit.widgets.canvas import BoardCanvas, read_event

BAD_MESSAGES = [
    {"event": "down", "x": float("nan"), "y": 10},
    {"event": "down", "x": float("inf"), "y": 10},
    {"event": "up", "x": 10, "y": float("-inf")},
    {"event": "down", "y": 10},
    {"event": "down", "x": [10], "y": 10},
    {"event": "down", "x": "10", "y": 10},
    {"event": "down", "x": True, "y": 10},
    {"event": "down", "x": None, "y": None},
    {"event": "down", "x": 10**400, "y": 10},
    {"event": "down", "x": 1e12, "y": 10},
    {"event": "drag", "x": 10, "y": 10},
    {"event": ["down"], "x": 10, "y": 10},
    {},
    [],
    "down",
    None,
    {"event": "key"},
    {"event": "key", "key": 5},
    {"event": "key", "key": ""},
    {"event": "key", "key": "a" * 1000},
    {"event": "key", "key": "a", "shift": "yes"},
    {"event": "key", "key": "a", "ctrl": 1},
]


@pytest.mark.parametrize("content", BAD_MESSAGES, ids=lambda content: repr(content)[:40])
def test_a_message_that_is_no_press_or_key_is_not_read(content: object) -> None:
    assert read_event(content, 300, 200) is None


def test_good_messages_are_read() -> None:
    assert read_event({"event": "down", "x": 12, "y": 3.5, "pointer": "mouse"}, 300, 200) == \
        ("down", (12.0, 3.5))
    assert read_event({"event": "up", "x": -40.0, "y": 900}, 300, 200) == ("up", (-40.0, 900.0))
    assert read_event({"event": "key", "key": "ArrowLeft", "shift": True, "ctrl": False,
                       "meta": False}, 300, 200) == ("key", ("ArrowLeft", True, False, False))


def test_bad_messages_reach_no_handler_raise_nothing_and_are_logged_once(
        caplog: pytest.LogCaptureFixture) -> None:
    canvas = BoardCanvas(300, 200)
    heard: list[tuple[object, ...]] = []
    canvas.on_mouse_down(lambda x, y: heard.append((x, y)))
    canvas.on_mouse_up(lambda x, y: heard.append((x, y)))
    canvas.on_key_down(lambda *key: heard.append(key))
    with caplog.at_level(logging.WARNING, logger="sailing_kit.widgets.canvas"):
        for content in BAD_MESSAGES:
            canvas._handle_message(canvas, content, [])
    assert heard == []
    assert len(caplog.records) == 1, [record.getMessage() for record in caplog.records]
    assert "ignored a message" in caplog.records[0].getMessage()
    canvas._handle_message(canvas, {"event": "down", "x": 5, "y": 6}, [])
    assert heard == [(5.0, 6.0)]


def test_a_board_is_unchanged_by_a_bad_message() -> None:
    board = calm.Board(calm.new_game(seed=0, players=1))
    before = (board.state.to_json(), board.status.value, board.canvas.scene)
    for content in BAD_MESSAGES:
        board.canvas._handle_message(board.canvas, content, [])
    assert (board.state.to_json(), board.status.value, board.canvas.scene) == before


@pytest.mark.parametrize("key, number", [("1", 1), ("9", 9), ("0", None), ("²", None),
                                         ("١", None), ("12", None), ("", None), ("a", None)])
def test_only_the_keys_1_to_9_are_digit_keys(key: str, number: int | None) -> None:
    assert number_key(key) == number


@pytest.mark.parametrize("make", [
    lambda: calm.Board(calm.new_game(seed=0, players=1)),
    lambda: regatta.Board(regatta.new_game(seed=0, players=1)),
    lambda: yacht.Board(yacht.new_game(seed=0, players=1)),
], ids=["calm", "regatta", "yacht"])
def test_a_superscript_or_arabic_digit_key_selects_nothing_and_breaks_nothing(make) -> None:
    board = make()
    board.simulate_key("Enter")  # a hot seat's cover, if any
    board.simulate_key("r")  # the dice, for yacht
    saved = board.state.to_json()
    for key in ("²", "³", "١", "٣", "𝟙"):
        board.simulate_key(key)
        assert "went wrong" not in board.status.value, board.status.value
    assert board.state.to_json() == saved
    assert not getattr(board, "held", set()) and not getattr(board, "marked", [])
    if isinstance(board, calm.Board):
        assert board.selected == []
