"""#12.3 The board fits the screen and scales.

- JupyterLab on a laptop (1366 x 768, file browser open): once a board is scrolled to, its
  controls, its whole canvas (the player's hand is drawn on it) and its status line are in view.
- Voilà: every app scales to the window, down to the projector's 1024 x 768 and a 390-px phone
  and up on a big screen: the whole canvas in view, its aspect kept, and a click (a tap on the
  phone) still read at the very pixel aimed at.
- The Large switch draws a board larger for a projector, and clicks stay exact.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Locator, Page

from tests.browser.boards import (
    CASE,
    CASE_NAMES,
    Click,
    apply_in_kernel,
    assert_read_at,
    board_locator,
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
    PHONE,
    PROJECTOR,
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
# The boxes of a board's parts and of the view it scrolls in, once the board is scrolled to.
_PARTS = """board => {
    board.scrollIntoView({block: 'start'});
    const box = element => {
        const r = element.getBoundingClientRect();
        return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
    };
    const panel = board.closest('.jp-WindowedPanel-outer');
    return {
        view: panel ? box(panel)
                    : {left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight},
        controls: box(board.querySelector('.sk-controls')),
        canvas: box(board.querySelector('canvas')),
        status: box(board.querySelector('.sk-status')),
        browser: Boolean(document.querySelector('.jp-FileBrowser:not(.lm-mod-hidden)')),
    };
}"""


def parts_in_view(page: Page) -> dict:
    page.wait_for_timeout(500)  # let a resize settle
    return board_locator(page).evaluate(_PARTS)


def assert_inside(part: dict, view: dict, what: str) -> None:
    slack = 1
    assert (part["left"] >= view["left"] - slack and part["right"] <= view["right"] + slack
            and part["top"] >= view["top"] - slack and part["bottom"] <= view["bottom"] + slack), (
        f"the {what} {part} is not inside the view {view}")


def assert_aspect_kept(canvas: Locator) -> None:
    width, height = scene_size(canvas)
    shown_width, shown_height = drawn_size(canvas)
    assert abs(shown_width / shown_height - width / height) <= 0.01 * width / height


@pytest.fixture
def laptop_lab(browser: Browser, lab: Server):
    page = open_page(browser, lab, LAPTOP)
    yield page
    page.context.close()


@pytest.mark.parametrize("name", CASE_NAMES)
def test_every_board_fits_a_laptop_in_jupyterlab_with_the_file_browser_open(
        laptop_lab: Page, lab: Server, workspace: Workspace, name: str) -> None:
    run_notebook_in_lab(laptop_lab, lab, board_only(workspace, CASE[name].lesson))
    canvas = wait_for_painted_board(laptop_lab)
    parts = parts_in_view(laptop_lab)
    assert parts["browser"], "the file browser is open"
    for what in ("controls", "canvas", "status"):
        assert_inside(parts[what], parts["view"], what)
    assert_aspect_kept(canvas)


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


SCREENS = {"projector": PROJECTOR, "phone": PHONE, "big screen": BIG_SCREEN}
GROWING = ["points of sail", "dice", "calm"]
"""Boards shown on the big screen (one mechanism: a lesson page and two apps prove it)."""


@pytest.mark.parametrize(("name", "screen"), [
    *((name, screen) for name in CASE_NAMES for screen in ("projector", "phone")),
    *((name, "big screen") for name in GROWING)])
def test_every_app_scales_to_the_window_in_voila(browser: Browser, apps: Server, name: str,
                                                 screen: str) -> None:
    phone = screen == "phone"
    page = open_page(browser, apps, SCREENS[screen], touch=phone, mobile=phone,
                     pixel_ratio=3 if phone else 1)
    try:
        page.goto(f"{apps.url}/voila/render/{CASE[name].app}")
        canvas = wait_for_painted_board(page)
        parts = parts_in_view(page)
        assert_inside(parts["canvas"], parts["view"], "canvas")
        assert_aspect_kept(canvas)
        scale = drawn_size(canvas)[0] / scene_size(canvas)[0]
        if screen == "big screen":
            assert scale > 1.2, f"drawn at {scale:.0%} on a big screen"
        first_click(page, canvas, CASE[name].app, name, touch=phone)
    finally:
        page.context.close()


def test_the_large_switch_draws_a_board_larger_and_clicks_stay_exact(
        laptop_lab: Page, lab: Server, workspace: Workspace) -> None:
    name = "points of sail"
    run_notebook_in_lab(laptop_lab, lab, board_only(workspace, CASE[name].lesson))
    canvas = wait_for_painted_board(laptop_lab)
    before = drawn_size(canvas)[0]
    press_in_page(laptop_lab, "Large")
    laptop_lab.wait_for_function("c => Number(c.dataset.scale) > 1.4", arg=canvas.element_handle())
    assert drawn_size(canvas)[0] >= 1.4 * before
    assert_aspect_kept(canvas)
    first_click(laptop_lab, canvas, CASE[name].lesson, name, touch=False)
