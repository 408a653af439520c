"""#12.4 The explanation is where the eye is: every refusal and every result appears in the
status line under the canvas, brought into view, and a refused click is never silent.

Each board is scrolled so that the point clicked is near the top of the view and the status line
most likely below it; then a press in the board's corner (nothing to play there: a refusal) and
the board's first target (a result) must each leave the status line in view, saying exactly
what the same board says in this process, flashed as new even when the words repeat.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.boards import (
    CASE,
    CASE_NAMES,
    Click,
    apply_in_kernel,
    board_locator,
    board_only,
    in_view,
    notebook_board,
    press_in_page,
    scroll_near_the_top,
    status_text,
    wait_for_status,
)
from tests.browser.servers import (
    WAIT_MS,
    Server,
    Workspace,
    page_point,
    run_notebook_in_lab,
    wait_for_painted_board,
)

pytestmark = pytest.mark.browser
CORNER = (4.0, 4.0)


def click_and_look(page: Page, canvas: Locator, oracle, pixel: tuple[float, float]) -> None:
    said = board_locator(page).locator(".sk-status [data-said]")
    before = said.get_attribute("data-said")
    oracle.simulate_click(*pixel)
    scroll_near_the_top(canvas, pixel)
    page.mouse.click(*page_point(canvas, pixel))
    wait_for_status(page, status_text(oracle))
    expect(said).not_to_have_attribute("data-said", before or "", timeout=WAIT_MS)
    status = board_locator(page).locator(".sk-status")
    page.wait_for_timeout(300)  # the scroll happens on the next frame
    assert in_view(status), "the status line is out of view"


def refusal_and_result(page: Page, canvas: Locator, name: str, notebook: str) -> None:
    oracle = notebook_board(notebook)
    click_and_look(page, canvas, oracle, CORNER)
    assert status_text(oracle), "a press in the corner is answered"
    page.wait_for_timeout(600)  # (sooner, the same spot again would be a double click)
    click_and_look(page, canvas, oracle, CORNER)  # the same words again: seen as new
    for step in CASE[name].steps(oracle):
        if isinstance(step, Click):
            click_and_look(page, canvas, oracle, step.pixel)  # (clicks the oracle too)
            return
        apply_in_kernel(oracle, step)
        press_in_page(page, step.label)
        wait_for_status(page, status_text(oracle))


@pytest.mark.parametrize("name", CASE_NAMES)
def test_refusals_and_results_are_shown_in_view_in_jupyterlab(
        lab_page: Page, lab: Server, workspace: Workspace, name: str) -> None:
    run_notebook_in_lab(lab_page, lab, board_only(workspace, CASE[name].lesson))
    refusal_and_result(lab_page, wait_for_painted_board(lab_page), name, CASE[name].lesson)


@pytest.mark.parametrize("name", CASE_NAMES)
def test_refusals_and_results_are_shown_in_view_in_voila(apps_page: Page, apps: Server,
                                                         name: str) -> None:
    apps_page.goto(f"{apps.url}/voila/render/{CASE[name].app}")
    refusal_and_result(apps_page, wait_for_painted_board(apps_page), name, CASE[name].app)
