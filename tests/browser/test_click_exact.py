"""#12.1 The click lands where it was aimed, and #12.4 the explanation is where the eye is, on
every board, in JupyterLab and in Voilà.

Each board is scrolled half out of view before each click (the half without the target), and
each board's second click follows a button press (the first click after a button used to be
misread too). A target comes from the board's engine (a card, a cell, a die, a boat, an end of
turn); the page must read the press at that very pixel and then say exactly what the same board,
clicked there in this process, says. Then (#12.4) the board is scrolled so that the point
clicked is near the top of the view and the status line most likely below it: a press in the
board's corner (nothing to play there: a refusal, twice) and the board's next target (a result)
must each leave the status line in view, saying exactly what the same board says, flashed as
new even when the words repeat.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from sailing_kit.widgets.board import CanvasBoard
from tests.browser.boards import (
    CASE,
    CASE_NAMES,
    Click,
    aim,
    apply_in_kernel,
    assert_fits_the_window,
    assert_read_at,
    board_locator,
    in_view,
    notebook_board,
    press_in_page,
    scroll_half_out,
    scroll_near_the_top,
    status_text,
    wait_for_status,
)
from tests.browser.servers import (
    PROJECTOR,
    WAIT_MS,
    Server,
    open_page,
    run_notebook_in_lab,
    wait_for_painted_board,
)

pytestmark = pytest.mark.browser


def play_half_scrolled(page: Page, canvas: Locator, name: str, notebook: str) -> CanvasBoard:
    """Play ``name``'s steps on the page and on its oracle (returned), every click on a
    half-hidden board."""
    oracle = notebook_board(notebook)
    for step in CASE[name].steps(oracle):
        apply_in_kernel(oracle, step)
        if isinstance(step, Click):
            shown = scroll_half_out(canvas, step.pixel)
            assert 0.35 <= shown <= 0.65, f"{shown:.0%} of the board in view, not half"
            page.mouse.click(*aim(canvas, step.pixel))
            assert_read_at(canvas, step.pixel)
        else:
            press_in_page(page, step.label)
        wait_for_status(page, status_text(oracle))
    return oracle


CORNER = (4.0, 4.0)


def click_and_look(page: Page, canvas: Locator, oracle: CanvasBoard,
                   pixel: tuple[float, float]) -> None:
    said = board_locator(page).locator(".sk-status [data-said]")
    before = said.get_attribute("data-said")
    oracle.simulate_click(*pixel)
    scroll_near_the_top(canvas, pixel)
    page.mouse.click(*aim(canvas, pixel))
    wait_for_status(page, status_text(oracle))
    expect(said).not_to_have_attribute("data-said", before or "", timeout=WAIT_MS)
    status = board_locator(page).locator(".sk-status")
    page.wait_for_timeout(300)  # the scroll happens on the next frame
    assert in_view(status), "the status line is out of view"


def refusal_and_result(page: Page, canvas: Locator, name: str, oracle: CanvasBoard) -> None:
    """#12.4 A press in the board's corner (a refusal, twice) and the board's next target (a
    result) each leave the status line in view, saying what ``oracle`` says, flashed as new."""
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


def assert_one_title_and_one_new_game_button(page: Page) -> None:
    headings = page.locator("h1:visible, h2:visible, h3:visible")
    assert headings.count() == 1, headings.all_inner_texts()
    new = page.locator("button:visible").filter(has_text=re.compile(r"^\s*New\b"))
    assert [text.strip() for text in new.all_inner_texts()] == ["New game"]
    assert board_locator(page).count() == 1


@pytest.mark.parametrize("name", CASE_NAMES)
def test_a_click_on_a_half_scrolled_board_lands_where_aimed_in_jupyterlab(
        lab_page: Page, lab: Server, name: str) -> None:
    run_notebook_in_lab(lab_page, lab, CASE[name].lesson)
    canvas = wait_for_painted_board(lab_page)
    oracle = play_half_scrolled(lab_page, canvas, name, CASE[name].lesson)
    refusal_and_result(lab_page, canvas, name, oracle)


@pytest.mark.parametrize("name", CASE_NAMES)
def test_a_click_on_a_half_scrolled_board_lands_where_aimed_in_voila(
        browser: Browser, apps: Server, name: str) -> None:
    """On a school projector (1024 x 768), where the app first scales to the window (#12.3)
    and shows one title and one New game button (#12.8)."""
    page = open_page(browser, apps, PROJECTOR)
    try:
        page.goto(f"{apps.url}{CASE[name].address}")
        canvas = wait_for_painted_board(page)
        assert_fits_the_window(page, canvas)
        if CASE[name].app.startswith("apps/"):  # (points of sail plays in lesson 01 itself)
            assert_one_title_and_one_new_game_button(page)
        oracle = play_half_scrolled(page, canvas, name, CASE[name].app)
        refusal_and_result(page, canvas, name, oracle)
    finally:
        page.context.close()
