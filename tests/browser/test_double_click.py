"""#12.8 (the base's part): a double click plays one move, not two (every Voilà app's one title
and one New game button are checked where each app is played: ``test_click_exact.py``).

The points-of-sail board sails once when an end of turn is double-clicked, and a double-clicked
die is held once (not held and let go again), in JupyterLab and in Voilà.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page

from tests.browser.boards import (
    CASE,
    Click,
    apply_in_kernel,
    board_only,
    notebook_board,
    press_in_page,
    scroll_to,
    status_text,
    wait_for_status,
)
from tests.browser.servers import Server, Workspace, page_point, run_notebook_in_lab, wait_for_painted_board

pytestmark = pytest.mark.browser
BOARDS = ["points of sail", "dice"]


def double_click_the_first_target(page: Page, canvas: Locator, name: str, notebook: str) -> None:
    oracle = notebook_board(notebook)
    for step in CASE[name].steps(oracle):
        apply_in_kernel(oracle, step)  # once: what one click does
        if isinstance(step, Click):
            scroll_to(canvas, step.pixel)
            presses = int(canvas.evaluate("c => c.dataset.presses || '0'"))
            page.mouse.dblclick(*page_point(canvas, step.pixel))
            wait_for_status(page, status_text(oracle))
            page.wait_for_timeout(1500)  # time for a second move to show, were it played
            wait_for_status(page, status_text(oracle))
            assert int(canvas.evaluate("c => c.dataset.presses")) == presses + 1
            return
        press_in_page(page, step.label)
        wait_for_status(page, status_text(oracle))


@pytest.mark.parametrize("name", BOARDS)
def test_a_double_click_plays_one_move_in_jupyterlab(lab_page: Page, lab: Server, workspace: Workspace,
                                                     name: str) -> None:
    run_notebook_in_lab(lab_page, lab, board_only(workspace, CASE[name].lesson))
    double_click_the_first_target(lab_page, wait_for_painted_board(lab_page), name,
                                  CASE[name].lesson)


@pytest.mark.parametrize("name", BOARDS)
def test_a_double_click_plays_one_move_in_voila(apps_page: Page, apps: Server, name: str) -> None:
    apps_page.goto(f"{apps.url}{CASE[name].address}")
    double_click_the_first_target(apps_page, wait_for_painted_board(apps_page), name,
                                  CASE[name].app)
