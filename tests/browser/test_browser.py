"""Notebook 01's points-of-sail board in a real browser: JupyterLab and a Voilà app.

The click target comes from the engine (the same drill the notebook builds), never from
hard-coded pixels. The Voilà check guards the canvas reset in ``sailing_kit/widgets/canvas.py``
that ipycanvas 0.14 needs to paint in a view connecting after the first draw.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from sailing_kit.race import new_drill
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
    scenario = Trainer(seed=0).current  # the trainer the notebook builds
    sizes = [s.extent() for s in Trainer().scenarios]
    grid = (max(w for w, _ in sizes), max(h for _, h in sizes))
    boat = next(b for b in scenario.boats if b.name == scenario.keep_clear)
    pixel = scenario.view(grid).pixel(boat.position)
    canvas.scroll_into_view_if_needed()
    lab_page.mouse.click(*page_point(canvas, pixel))
    expect(lab_page.locator(f"{BOARD} .sk-feedback").last).to_contain_text(
        "Correct", timeout=WAIT_MS)


def test_board_paints_in_voila(app_page: Page, app: Server) -> None:
    app_page.goto(app.url)
    assert painted_pixels(wait_for_painted_board(app_page)) > 0
