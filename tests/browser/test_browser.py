"""Notebook 01's points-of-sail board in a real browser: JupyterLab and a Voilà app.

The click target comes from the engine (the same drill the notebook builds), never from
hard-coded pixels. The Voilà check guards the canvas reset in ``sailing_kit/widgets/canvas.py``
that ipycanvas 0.14 needs to paint in a view connecting after the first draw.
"""

from __future__ import annotations

import html
import re

import pytest
from playwright.sync_api import Page, expect

from sailing_kit.race import new_drill
from sailing_kit.race.board import RightOfWayTrainer
from sailing_kit.race.drawing import option_marker
from sailing_kit.race.trainer import Trainer
from tests.browser.servers import (
    BOARD,
    NOTEBOOK,
    WAIT_MS,
    Server,
    page_point,
    painted_pixels,
    pixel_digest,
    run_notebook_in_lab,
    wait_for_new_picture,
    wait_for_painted_board,
)

pytestmark = pytest.mark.browser


def test_board_paints_in_jupyterlab_and_a_click_sails(lab_page: Page, lab: Server) -> None:
    run_notebook_in_lab(lab_page, lab, NOTEBOOK)
    canvas = wait_for_painted_board(lab_page)
    assert painted_pixels(canvas) > 0
    state = new_drill(seed=0)  # the drill the notebook's board starts from
    option = state.turn_options()[0]
    before = pixel_digest(canvas)
    canvas.scroll_into_view_if_needed()
    lab_page.mouse.click(*page_point(canvas, option_marker(state.view(), option)))
    expect(lab_page.locator(f"{BOARD} .sk-status").last).to_contain_text(
        f"Sailed: {option.describe()}", timeout=WAIT_MS)
    wait_for_new_picture(canvas, before)


def test_trainer_paints_and_a_click_answers_a_scenario(lab_page: Page, lab: Server) -> None:
    """Notebook 02 ends with the right-of-way trainer: clicking the boat that must keep clear
    answers the scenario shown."""
    run_notebook_in_lab(lab_page, lab, "02_right_of_way.ipynb")
    canvas = wait_for_painted_board(lab_page)
    board = RightOfWayTrainer(Trainer(seed=0))  # the trainer the notebook builds
    scenario = board.trainer.current
    pixel = board.view().pixel(scenario.boat(scenario.keep_clear).position)
    canvas.scroll_into_view_if_needed()
    lab_page.mouse.click(*page_point(canvas, pixel))
    expect(lab_page.locator(f"{BOARD} .sk-feedback").last).to_contain_text(
        "Correct", timeout=WAIT_MS)


def test_board_paints_in_voila(app_page: Page, app: Server) -> None:
    app_page.goto(app.url)
    assert painted_pixels(wait_for_painted_board(app_page)) > 0


def _status_text(board) -> str:
    """The words of a board's status line, as the browser shows them."""
    return html.unescape(re.sub(r"<[^>]+>", "", board.status.value)).strip()


def _yacht_board():
    from sailing_kit.yacht import Board, bot, new_game
    from sailing_kit.yacht.drawing import DIE, layout_of

    board = Board(new_game(seed=0, players=2), bots={1: bot("optimal")}, advisor=True)
    left, top = layout_of(board.state).dice[0]
    return board, (left + DIE / 2, top + DIE / 2)


def _calm_board():
    from sailing_kit.calm import Board, new_game
    from sailing_kit.calm.bots import planner_bot

    board = Board(new_game(players=2, seed=0), bots={1: planner_bot()})
    rect = board.table_layout.hand_rects(len(board.hand), board.selected)[0]
    return board, (rect.x + rect.w / 2, rect.y + rect.h / 2)


def _race_board():
    from sailing_kit.race import Board, make_bot, new_game
    from sailing_kit.race.course_drawing import race_view

    board = Board(new_game(seed=11, boats=3, course="short"),
                  bots={1: make_bot("strong"), 2: make_bot("easy")})
    spot = board.state.legal_actions()[0].position
    return board, race_view(board.state).pixel(spot)


def _regatta_board():
    from sailing_kit.regatta import Board, new_game
    from sailing_kit.regatta.bots import sensible_bot

    board = Board(new_game(seed=7, players=3), bots={1: sensible_bot(), 2: sensible_bot()})
    return board, _regatta_click(board)


def _regatta_click(board) -> tuple[float, float]:
    """The end of the first legal arrow of the card the board has selected."""
    return next(pixel for verdict, pixel in board.end_points() if verdict.legal)


def _trireme_board():
    from sailing_kit.trireme import Board, new_game

    board = Board(new_game(seed=0))
    return board, _trireme_click(board)


def _trireme_click(board) -> tuple[float, float]:
    """The square north of the sailboat: choosing heading N."""
    from sailing_kit.core import Direction
    from sailing_kit.trireme.drawing import layout_of

    return layout_of(board.state.sea).target(board.state.boat, Direction.N)


PLAY_NOTEBOOKS = {
    "04_yacht_game.ipynb": _yacht_board,
    "05_calm_puzzle.ipynb": _calm_board,
    "06_race_the_wind.ipynb": _race_board,
    "07_card_regatta.ipynb": _regatta_board,
    "08_trireme_duel.ipynb": _trireme_board,
}


@pytest.mark.parametrize("notebook", PLAY_NOTEBOOKS)
def test_each_game_board_paints_and_answers_a_click(lab_page: Page, lab: Server,
                                                    notebook: str) -> None:
    """The board a play notebook ends with paints in JupyterLab and answers a click on its
    canvas exactly as the same board answers it in the kernel (the oracle, built here)."""
    board, pixel = PLAY_NOTEBOOKS[notebook]()
    board.simulate_click(*pixel)
    expected = _status_text(board)
    run_notebook_in_lab(lab_page, lab, notebook)
    canvas = wait_for_painted_board(lab_page)
    canvas.scroll_into_view_if_needed()
    lab_page.mouse.click(*page_point(canvas, pixel))
    expect(lab_page.locator(f"{BOARD} .sk-status").last).to_contain_text(expected,
                                                                           timeout=WAIT_MS)


def _first_board_click(app) -> tuple[object, tuple[float, float]]:
    """An app's first board and a pixel on it that its engine answers (a placement, a die, a
    card, a boat)."""
    from sailing_kit.calm.board import Board as CalmBoard
    from sailing_kit.race.board import RaceBoard, RightOfWayTrainer
    from sailing_kit.race.course_drawing import race_view
    from sailing_kit.regatta.board import Board as RegattaBoard
    from sailing_kit.trireme.board import Board as TriremeBoard
    from sailing_kit.yacht.drawing import DIE, layout_of

    board = app.board
    if isinstance(board, RegattaBoard):
        return board, _regatta_click(board)
    if isinstance(board, TriremeBoard):
        return board, _trireme_click(board)
    if isinstance(board, RaceBoard):
        return board, race_view(board.state).pixel(board.state.legal_actions()[0].position)
    if isinstance(board, RightOfWayTrainer):
        return board, board.view().pixel(board.situation.boats[0].position)
    if isinstance(board, CalmBoard):
        rect = board.table_layout.hand_rects(len(board.hand), board.selected)[0]
        return board, (rect.x + rect.w / 2, rect.y + rect.h / 2)
    left, top = layout_of(board.state).dice[0]
    return board, (left + DIE / 2, top + DIE / 2)


def _apps():
    from sailing_kit.calm.board import app as calm
    from sailing_kit.race.board import app as race
    from sailing_kit.race.board import trainer_app
    from sailing_kit.regatta.board import app as regatta
    from sailing_kit.trireme.board import app as trireme
    from sailing_kit.yacht.board import app as yacht

    return {"race": race, "right_of_way": trainer_app, "yacht": yacht, "calm": calm,
            "regatta": regatta, "trireme": trireme}


@pytest.mark.parametrize("name", list(_apps()))
def test_every_game_plays_as_a_voila_app(apps_page: Page, apps: Server, name: str) -> None:
    """Each app in notebooks/apps opens in Voilà (code hidden), paints its board and answers a
    first move exactly as the same app answers it in the kernel."""
    board, pixel = _first_board_click(_apps()[name]())
    board.simulate_click(*pixel)
    expected = _status_text(board)
    apps_page.goto(f"{apps.url}/voila/render/apps/{name}.ipynb")
    canvas = wait_for_painted_board(apps_page)
    canvas.scroll_into_view_if_needed()
    apps_page.mouse.click(*page_point(canvas, pixel))
    expect(apps_page.locator(f"{BOARD} .sk-status").last).to_contain_text(expected,
                                                                            timeout=WAIT_MS)
