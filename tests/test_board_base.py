"""The board base (``sailing_kit.widgets``): what every board inherits.

#14.7 Load takes the loaded game's size, the app's New game is guarded like the board's own
buttons, and a refusal reaching any control is explained in words; #12.4 a press is never met
with silence; #12.8 an app shows one New game button; #12.5 the log keeps the newest lines.
"""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from sailing_kit.core.errors import IllegalAction
from sailing_kit.widgets.address import PageOptions, page_options
from sailing_kit.widgets.app import GameApp
from sailing_kit.widgets.board import CanvasBoard
from sailing_kit.widgets.log import MessageLog
from tests.browser.boards import status_detail, status_text


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
    assert status_text(board) == "Not allowed: the compass die is rolled only when the drill…"
    assert status_detail(board) == ("Not allowed: the compass die is rolled only when the drill "
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
    assert status_text(board) == "Nothing to play there."
    assert "Roll" in status_detail(board)  # the board's help, one tap away


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


def _app(fail_after: int | None = None, page: PageOptions | None = None) -> GameApp:
    """A Calm app whose deals are refused once ``fail_after`` boards have been built."""
    from sailing_kit.calm import Board, new_game

    built = []

    def make(seed: int, players: int) -> CanvasBoard:
        if fail_after is not None and len(built) >= fail_after:
            raise IllegalAction("that deal is refused")
        built.append(seed)
        return Board(new_game(players=players, seed=seed))

    return GameApp("Calm", make, page=page or PageOptions(),
                   players=widgets.Dropdown(options=[1, 2], value=2, description="Players"))


def test_the_apps_new_game_is_guarded_and_keeps_the_game_on_the_table():
    app = _app(fail_after=1)
    board, seed = app.board, app.seed
    app.start_button.click()
    assert app.board is board and app.games == 0 and app.seed == seed
    assert status_text(board) == "Not allowed: that deal is refused"
    assert f"Game seed {seed}" in app.footer.value


def test_every_load_and_every_new_game_deals_a_fresh_game_and_shows_its_seed():
    """#23.4 No fixed seed: two loads differ, New game differs, the seed is shown."""
    first, second = _app(), _app()
    assert first.seed != second.seed
    seeds = {first.seed}
    for _ in range(3):
        first.start_button.click()
        seeds.add(first.seed)
        assert f"Game seed {first.seed}:" in first.footer.value
        assert f"?seed={first.seed}" in first.footer.value
    assert len(seeds) == 4 and first.games == 3 and first.board.canvas.fit == "window"


def test_the_address_gives_the_first_games_seed():
    app = _app(page=page_options("seed=123"))
    assert app.seed == 123 and app.board.state.seed == 123
    app.start_button.click()
    assert app.seed != 123  # New game deals a fresh game


@pytest.mark.parametrize("query", ["seed=abc", "seed=-4", "seed=1e5", "seed=" + "9" * 90,
                                   "seed=%EF%BC%91", "projector=maybe",
                                   "seed=1&" + "x" * 500])
def test_an_address_that_cannot_be_read_is_refused_in_words_and_changes_nothing(query):
    page = page_options(query)
    assert page.refused and page.seed is None and not page.projector and not page.teacher
    app = _app(page=page)
    assert status_text(app.board) == "Part of the address was not used."
    assert app.seed != 1 and not app.board.projector_toggle.value
    assert app.board.more_toggle.layout.display == "none"


def test_the_address_switches_the_projector_and_the_teachers_more_menu():
    assert page_options("projector=1&teacher=yes") == PageOptions(projector=True, teacher=True)
    student, teacher = _app(), _app(page=page_options("teacher=1&projector=1"))
    assert student.board.more_toggle.layout.display == "none"
    assert not student.board.projector_toggle.value
    assert teacher.board.more_toggle.layout.display is None
    assert teacher.board.projector_toggle.value and teacher.board.canvas.projector
    saved = [c for c, w in teacher.board.control_widgets if w in teacher.board.more_panel.children]
    assert "save" not in saved  # (the save box sits in the panel, its buttons inside it)
    assert {"undo", "projector", "replay"} <= set(saved) | {"replay"}


def _buttons(widget):
    if isinstance(widget, widgets.Button) and widget.layout.display != "none":
        yield widget
    for child in getattr(widget, "children", ()):
        yield from _buttons(child)


def _student_buttons(app):
    """The buttons a student sees: the More menu is hidden in an app."""
    hidden = set(map(id, _all(app.board.more_panel)))
    return [b for b in _buttons(app) if id(b) not in hidden]


@pytest.mark.parametrize("game", ["calm", "race", "regatta", "trireme", "yacht", "trainer"])
def test_an_app_shows_its_title_once_and_one_new_game_button(game):
    """The app gives the page its one title; the board's own New … button is hidden behind the
    app's New game, and (#23.9) Save, Load, Replay and Undo wait in the teacher's More menu."""
    from sailing_kit.calm.board import app as calm
    from sailing_kit.race.board import app as race
    from sailing_kit.race.board import trainer_app
    from sailing_kit.regatta.board import app as regatta
    from sailing_kit.trireme.board import app as trireme
    from sailing_kit.yacht.board import app as yacht

    made = {"calm": calm, "race": race, "regatta": regatta, "trireme": trireme, "yacht": yacht,
            "trainer": trainer_app}[game]()
    shown = [b.description for b in _student_buttons(made)]
    assert [label for label in shown if label.startswith("New")] == ["New game"]
    if game != "trainer":
        assert not {"Save", "Load", "Undo", "Show map", "Load map"} & set(shown), shown
    headings = [w for w in _all(made) if isinstance(w, widgets.HTML) and "<h1" in w.value]
    assert len(headings) == 1


@pytest.mark.parametrize("game", ["trireme", "yacht"])
def test_a_student_sees_the_review_button_in_an_app_of_a_game_with_a_review(game):
    """#25: Review is a student's control (``INFO.controls``): it stays in the app's toolbar,
    not in the teacher's More menu (it is enabled at the game's end)."""
    from sailing_kit.trireme.board import app as trireme
    from sailing_kit.yacht.board import app as yacht

    made = {"trireme": trireme, "yacht": yacht}[game]()
    assert made.board.review_button in _student_buttons(made)
    assert made.board.review_button.disabled  # until the game ends


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
