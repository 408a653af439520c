"""#12.1 The click lands where it was aimed, on every board, in JupyterLab and in Voilà.

Each board is scrolled half out of view before each click (the half without the target), and
each board's second click follows a button press (the first click after a button used to be
misread too). A target comes from the board's engine (a card, a cell, a die, a boat, an end of
turn); the page must read the press at that very pixel and then say exactly what the same board,
clicked there in this process, says.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page

from tests.browser.boards import (
    CASE,
    CASE_NAMES,
    Click,
    apply_in_kernel,
    assert_read_at,
    notebook_board,
    page_point,
    press_in_page,
    scroll_half_out,
    status_text,
    wait_for_status,
)
from tests.browser.servers import Server, run_notebook_in_lab, wait_for_painted_board

pytestmark = pytest.mark.browser


def play_half_scrolled(page: Page, canvas: Locator, name: str, notebook: str) -> None:
    """Play ``name``'s steps on the page and on its oracle, every click on a half-hidden board."""
    oracle = notebook_board(notebook)
    for step in CASE[name].steps(oracle):
        apply_in_kernel(oracle, step)
        if isinstance(step, Click):
            shown = scroll_half_out(canvas, step.pixel)
            assert 0.35 <= shown <= 0.65, f"{shown:.0%} of the board in view, not half"
            page.mouse.click(*page_point(canvas, step.pixel))
            assert_read_at(canvas, step.pixel)
        else:
            press_in_page(page, step.label)
        wait_for_status(page, status_text(oracle))


@pytest.mark.parametrize("name", CASE_NAMES)
def test_a_click_on_a_half_scrolled_board_lands_where_aimed_in_jupyterlab(
        lab_page: Page, lab: Server, name: str) -> None:
    run_notebook_in_lab(lab_page, lab, CASE[name].lesson)
    canvas = wait_for_painted_board(lab_page)
    play_half_scrolled(lab_page, canvas, name, CASE[name].lesson)


@pytest.mark.parametrize("name", CASE_NAMES)
def test_a_click_on_a_half_scrolled_board_lands_where_aimed_in_voila(
        apps_page: Page, apps: Server, name: str) -> None:
    apps_page.goto(f"{apps.url}/voila/render/{CASE[name].app}")
    canvas = wait_for_painted_board(apps_page)
    play_half_scrolled(apps_page, canvas, name, CASE[name].app)
