"""#12.3 The board fits the screen and scales.

- Voilà: every app scales to the window, down to the projector's 1024 x 768 and a 390-px phone
  (checked where every board is played there: ``test_click_exact.py`` on the projector,
  ``test_touch.py`` on the phone) and up on a big screen (here): the whole canvas in view, its
  aspect kept, and a click still read at the very pixel aimed at.
- JupyterLab on a laptop: ``test_board_fit.py``.
- The Projector switch (in the board's More menu) draws a board larger, with large type and thick
  lines, for the back of a classroom, and clicks stay exact (here).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Locator, Page

from tests.browser.boards import (
    CASE,
    Click,
    apply_in_kernel,
    assert_aspect_kept,
    assert_fits_the_window,
    assert_read_at,
    board_only,
    drawn_size,
    notebook_board,
    press_in_page,
    scroll_to,
    status_text,
    tap,
    wait_for_status,
)
from tests.browser.servers import (
    LAPTOP,
    Server,
    Workspace,
    open_page,
    page_point,
    run_notebook_in_lab,
    scene_size,
    wait_for_painted_board,
)

pytestmark = pytest.mark.browser

BIG_SCREEN = (1920, 1080)
@pytest.fixture
def laptop_lab(browser: Browser, lab: Server):
    page = open_page(browser, lab, LAPTOP)
    yield page
    page.context.close()


def first_click(page: Page, canvas: Locator, notebook: str, name: str, *, touch: bool) -> None:
    """The board's first click (or tap) on the scaled canvas is read exactly."""
    oracle = notebook_board(notebook)
    for step in CASE[name].steps(oracle):
        apply_in_kernel(oracle, step)
        if isinstance(step, Click):
            if touch:
                tap(page, canvas, step.pixel)
            else:
                scroll_to(canvas, step.pixel)
                page.mouse.click(*page_point(canvas, step.pixel))
            assert_read_at(canvas, step.pixel)
            wait_for_status(page, status_text(oracle))
            return
        press_in_page(page, step.label, touch=touch)
        wait_for_status(page, status_text(oracle))


GROWING = ["points of sail", "dice", "calm"]
"""Boards shown on the big screen (one mechanism: a lesson page and two apps prove it)."""


@pytest.mark.parametrize("name", GROWING)
def test_an_app_grows_to_a_big_screen_in_voila(browser: Browser, apps: Server, name: str) -> None:
    page = open_page(browser, apps, BIG_SCREEN)
    try:
        page.goto(f"{apps.url}{CASE[name].address}")
        canvas = wait_for_painted_board(page)
        assert_fits_the_window(page, canvas)
        scale = drawn_size(canvas)[0] / scene_size(canvas)[0]
        assert scale > 1.2, f"drawn at {scale:.0%} on a big screen"
        first_click(page, canvas, CASE[name].app, name, touch=False)
    finally:
        page.context.close()


def test_the_projector_switch_draws_a_board_larger_and_clicks_stay_exact(
        laptop_lab: Page, lab: Server, workspace: Workspace) -> None:
    name = "points of sail"
    run_notebook_in_lab(laptop_lab, lab, board_only(workspace, CASE[name].lesson))
    canvas = wait_for_painted_board(laptop_lab)
    before = drawn_size(canvas)[0]
    press_in_page(laptop_lab, "More")
    press_in_page(laptop_lab, "Projector")
    laptop_lab.wait_for_function("c => c.dataset.look === 'projector'",
                                 arg=canvas.element_handle())
    laptop_lab.wait_for_function("c => Number(c.dataset.scale) > 1.4", arg=canvas.element_handle())
    assert drawn_size(canvas)[0] >= 1.4 * before
    assert_aspect_kept(canvas)
    first_click(laptop_lab, canvas, CASE[name].lesson, name, touch=False)
