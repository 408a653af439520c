"""Notebook 01's points-of-sail board in a real browser: JupyterLab and a one-notebook Voilà.

The click target comes from the engine (the same drill the notebook builds), never from
hard-coded pixels, and the canvas's pixels must change. The Voilà check guards that a view
connecting after the first draw (as Voilà's does) paints the board at once. Every board's
clicks, taps, fit and explanations are tested in the files named after those points
(``test_click_exact.py``, ``test_touch.py``, ...).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from sailing_kit.race import new_drill
from sailing_kit.race.drawing import option_marker
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


def test_board_paints_in_voila(app_page: Page, app: Server) -> None:
    app_page.goto(app.url)
    assert painted_pixels(wait_for_painted_board(app_page)) > 0
