"""#12.2 Touch works: a tap on a die, a card, a cell, a boat or an end of turn does what a click
does, on every board, and the trainer's free-mode drags work by finger.

Voilà on a phone (390 x 844, a phone's browser, three device pixels per CSS pixel) and JupyterLab
on a touch screen (an interactive whiteboard or a tablet, 1024 x 768). The taps are touch events
(Chromium's own, as a finger sends them); the page must read each tap at the pixel aimed at and
then say exactly what the same board says when clicked there in this process.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page

from sailing_kit.core.compass import Direction
from sailing_kit.core.grid import step
from tests.browser.boards import (
    CASE,
    CASE_NAMES,
    Click,
    Press,
    apply_in_kernel,
    assert_fits_the_width,
    assert_read_at,
    board_locator,
    board_only,
    finger_drag,
    make_room,
    notebook_board,
    press_in_page,
    scroll_to,
    scrolled,
    status_text,
    tap,
    wait_for_status,
)
from tests.browser.servers import (
    PHONE,
    PROJECTOR,
    Server,
    Workspace,
    open_page,
    run_notebook_in_lab,
    scene_size,
    wait_for_painted_board,
)

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(browser: Browser, apps: Server) -> Iterator[Page]:
    """A phone's browser on the Voilà apps."""
    page = open_page(browser, apps, PHONE, touch=True, mobile=True, pixel_ratio=3)
    yield page
    page.context.close()


@pytest.fixture
def touch_lab(browser: Browser, lab: Server) -> Iterator[Page]:
    """JupyterLab on a touch screen the size of a school projector's."""
    page = open_page(browser, lab, PROJECTOR, touch=True)
    yield page
    page.context.close()


def play_by_touch(page: Page, canvas: Locator, name: str, notebook: str) -> None:
    oracle = notebook_board(notebook)
    for action in CASE[name].steps(oracle):
        apply_in_kernel(oracle, action)
        if isinstance(action, Click):
            tap(page, canvas, action.pixel)
            assert_read_at(canvas, action.pixel)
        else:
            press_in_page(page, action.label, touch=True)
        wait_for_status(page, status_text(oracle))


@pytest.mark.parametrize("name", CASE_NAMES)
def test_a_tap_does_what_a_click_does_on_a_phone_in_voila(phone: Page, apps: Server,
                                                          name: str) -> None:
    """(#12.3, #23.1 too: the app keeps to the phone's width, zoomed for a finger where its
    targets are small, never squashed.)"""
    phone.goto(f"{apps.url}{CASE[name].address}")
    canvas = wait_for_painted_board(phone)
    assert_fits_the_width(phone, canvas)
    play_by_touch(phone, canvas, name, CASE[name].app)


LAB_TOUCH = ["race", "dice", "calm"]
"""Boards tapped in JupyterLab too (the same canvas code reads taps there: a grid, dice and
cards prove it; every board is tapped on the phone)."""


@pytest.mark.parametrize("name", LAB_TOUCH)
def test_a_tap_does_what_a_click_does_on_a_touch_screen_in_jupyterlab(
        touch_lab: Page, lab: Server, workspace: Workspace, name: str) -> None:
    run_notebook_in_lab(touch_lab, lab, board_only(workspace, CASE[name].lesson))
    play_by_touch(touch_lab, wait_for_painted_board(touch_lab), name, CASE[name].lesson)


def drag_a_boat_by_finger(page: Page, canvas: Locator, notebook: str) -> None:
    """Free mode: a finger drags boat A two points away; the umpire's board says it moved."""
    oracle = notebook_board(notebook)
    press_in_page(page, "Free mode", touch=True)
    apply_in_kernel(oracle, Press("Free mode"))
    wait_for_status(page, status_text(oracle))
    view, free = oracle.view(), oracle.free
    boat = free.boats[0]
    end = next(point for d in Direction for point in [step(step(boat.position, d), d)]
               if view.contains(point) and free.boat_at(point) is None)
    start_pixel, end_pixel = view.pixel(boat.position), view.pixel(end)
    oracle.simulate_drag(start_pixel, end_pixel)
    assert f"{boat.name} moved to {end}" in status_text(oracle)
    scroll_to(canvas, start_pixel)
    finger_drag(page, canvas, start_pixel, end_pixel)
    wait_for_status(page, status_text(oracle))


def test_a_finger_drags_a_boat_in_the_trainers_free_mode_in_voila(phone: Page,
                                                                   apps: Server) -> None:
    phone.goto(f"{apps.url}{CASE['right-of-way trainer'].address}")
    drag_a_boat_by_finger(phone, wait_for_painted_board(phone), CASE["right-of-way trainer"].app)


def test_a_finger_drags_a_boat_in_the_trainers_free_mode_in_jupyterlab(
        touch_lab: Page, lab: Server, workspace: Workspace) -> None:
    lesson = CASE["right-of-way trainer"].lesson
    run_notebook_in_lab(touch_lab, lab, board_only(workspace, lesson))
    drag_a_boat_by_finger(touch_lab, wait_for_painted_board(touch_lab),
                          CASE["right-of-way trainer"].lesson)


def test_a_swipe_over_a_board_scrolls_the_page_and_plays_nothing(phone: Page,
                                                                 apps: Server) -> None:
    """A finger moving over the Calm board (which takes no drags) is no tap, and the page
    pans under it; on the trainer in free mode (drags) the same gesture moves no page."""
    phone.goto(f"{apps.url}{CASE['calm'].address}")
    canvas = wait_for_painted_board(phone)
    oracle = notebook_board(CASE["calm"].app)
    card = oracle.table_layout.hand_rects(len(oracle.hand))[2].centre
    make_room(canvas)
    scroll_to(canvas, card)
    before = board_locator(phone).locator(".sk-status").inner_text()
    before_scroll = scrolled(canvas)
    assert before_scroll > 100  # room to scroll back up
    finger_drag(phone, canvas, card, (card[0], card[1] + 150))
    phone.wait_for_timeout(1500)
    assert board_locator(phone).locator(".sk-status").inner_text() == before
    assert canvas.evaluate("c => c.dataset.lastDown") is None
    assert scrolled(canvas) < before_scroll - 50, "the page did not pan under the finger"


def test_a_finger_in_free_mode_drags_on_the_board_instead_of_panning(phone: Page,
                                                                     apps: Server) -> None:
    """In free mode the canvas keeps the finger (no panning): its press and its release both
    reach the board, where they were."""
    phone.goto(f"{apps.url}{CASE['right-of-way trainer'].address}")
    canvas = wait_for_painted_board(phone)
    press_in_page(phone, "Free mode", touch=True)
    phone.wait_for_function("c => c.style.touchAction === 'none'", arg=canvas.element_handle())
    start = (scene_size(canvas)[0] / 2, scene_size(canvas)[1] * 0.3)
    end = (start[0], start[1] + 150)
    scroll_to(canvas, start)
    finger_drag(phone, canvas, start, end)
    assert_read_at(canvas, start)
    x, y = map(float, canvas.evaluate("c => c.dataset.lastUp").split())
    assert abs(x - end[0]) < 1 and abs(y - end[1]) < 1
