"""The board base (``sailing_kit.widgets``): what every board inherits.

#14.7 Load takes the loaded game's size, the app's New game is guarded like the board's own
buttons, and a refusal reaching any control is explained in words; #12.4 a press is never met
with silence; #12.8 an app shows one New game button; #12.5 the log keeps the newest lines.
"""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from sailing_kit.core.errors import ConfigError, IllegalAction
from sailing_kit.widgets.app import GameApp
from sailing_kit.widgets.board import CanvasBoard
from sailing_kit.widgets.log import MessageLog
from tests.browser.boards import status_text


def test_load_takes_the_size_of_the_loaded_game():
    from sailing_kit.race import Board, new_game
    from sailing_kit.race.course_drawing import race_size

    board = Board(new_game(seed=0, course="short"))
    board.saved.value = new_game(seed=3, course="full").to_json()
    board.load()
    assert "loaded" in status_text(board)
    assert (board.canvas.width, board.canvas.height) == race_size(board.state) != \
        race_size(new_game(seed=0, course="short"))


def test_a_refusal_reaching_a_control_is_explained_in_words():
    """A control whose action the rules refuse shows the rule, never the exception's name."""
    from sailing_kit.race.board import PointsOfSailBoard

    board = PointsOfSailBoard()

    def refused() -> None:
        raise IllegalAction("the compass die is rolled only when the drill asks for a new wind")

    board.button("Roll", "a refused control", refused, control="roll").click()
    assert status_text(board) == ("Not allowed: the compass die is rolled only when the drill "
                                  "asks for a new wind")


def test_other_errors_in_a_control_still_reach_the_status_line():
    from sailing_kit.race.board import PointsOfSailBoard

    board = PointsOfSailBoard()

    def broken() -> None:
        raise KeyError("oops")

    board.button("Broken", "a broken control", broken, control="broken").click()
    assert status_text(board) == "Something went wrong: KeyError: 'oops'"


def test_a_press_that_plays_nothing_is_answered():
    from sailing_kit.yacht.board import Board

    board = Board()
    board.simulate_click(2, board.canvas.height - 2)  # the margin: no die, no row
    said = status_text(board)
    assert said.startswith("Nothing to play at that spot.") and "Roll" in said


def test_a_press_that_plays_something_is_not_answered_twice():
    from sailing_kit.race.board import PointsOfSailBoard
    from sailing_kit.race.drawing import option_marker

    board = PointsOfSailBoard()
    board.simulate_click(*option_marker(board.state.grid_view(), board.options[0]))
    assert status_text(board).startswith("Sailed: ")


def test_a_drag_is_judged_when_it_ends():
    """The trainer's free mode selects on press and moves on release: no answer in between."""
    from sailing_kit.race.board import RightOfWayTrainer

    board = RightOfWayTrainer(seed=0)
    assert board.canvas.drags is False  # the quiz: a finger scrolls the page
    board.mode.value = True
    assert board.canvas.drags is True
    boat = board.free.boats[0]
    pixel = board.view().pixel(boat.position)
    board.simulate_click(*pixel)
    assert status_text(board) == f"{boat.name} selected: q/e turns it."


def _app(fail_on: set[int]) -> GameApp:
    from sailing_kit.calm import Board, new_game

    def make(seed: int, players: int) -> CanvasBoard:
        if seed in fail_on:
            raise IllegalAction("that deal is refused")
        if seed < 0:
            raise ConfigError("a bad option")
        return Board(new_game(players=players, seed=seed))

    return GameApp("Calm", make, players=widgets.Dropdown(options=[1, 2], value=2,
                                                          description="Players"))


def test_the_apps_new_game_is_guarded_and_keeps_the_game_on_the_table():
    app = _app(fail_on={1})
    board = app.board
    app.start_button.click()
    assert app.board is board and app.games == 0
    assert status_text(board) == "Not allowed: that deal is refused"


def test_the_apps_new_game_deals_the_next_game():
    app = _app(fail_on=set())
    app.start_button.click()
    assert app.games == 1 and app.board.state.seed == 1 and app.board.canvas.fit == "window"


def _buttons(widget):
    if isinstance(widget, widgets.Button) and widget.layout.display != "none":
        yield widget
    for child in getattr(widget, "children", ()):
        yield from _buttons(child)


@pytest.mark.parametrize("game", ["calm", "race", "regatta", "trireme", "yacht", "trainer"])
def test_an_app_shows_one_new_game_button_and_no_title_of_its_own(game):
    """The app's page gives the one title (the notebook's heading); the board's own New …
    button is hidden behind the app's New game."""
    from sailing_kit.calm.board import app as calm
    from sailing_kit.race.board import app as race
    from sailing_kit.race.board import trainer_app
    from sailing_kit.regatta.board import app as regatta
    from sailing_kit.trireme.board import app as trireme
    from sailing_kit.yacht.board import app as yacht

    made = {"calm": calm, "race": race, "regatta": regatta, "trireme": trireme, "yacht": yacht,
            "trainer": trainer_app}[game]()
    new = [b.description for b in _buttons(made) if b.description.startswith("New")]
    assert new == ["New game"]
    headings = [w for w in _all(made) if isinstance(w, widgets.HTML) and "<h" in w.value]
    assert headings == []


def _all(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _all(child)


def test_the_log_keeps_the_newest_lines():
    log = MessageLog(size=3)
    for line in ("one", "two", "three", "four <b>"):
        log.add(line)
    assert log.lines == ["two", "three", "four <b>"]
    assert log.value.endswith("<div>four &lt;b&gt;</div></div>")
    log.clear()
    assert log.lines == [] and log.value == ""
