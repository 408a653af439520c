"""#12.5 The log shows the newest line after every move, in the browser.

Each board with a log (dice, race, Calm, trireme) is played from the keyboard, as a student
would, until its log holds more than it can show: the log must then be scrolled to its newest
line. In JupyterLab the same keys must reach the board, not the notebook (``d d`` would delete a
cell, ``a`` insert one).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page

from tests.browser.boards import CASE, board_locator, board_only
from tests.browser.servers import WAIT_MS, Server, Workspace, run_notebook_in_lab, wait_for_painted_board

pytestmark = pytest.mark.browser

KEYS = {
    "dice": ["r", "r", "r", "Enter"] * 5,
    "race": ["Enter"] * 40,
    "calm": ["1", "2", "d", "u"] * 8,  # discard two, the bot answers, take it back: again
    "trireme": ["o"] * 16,
}
_AT_THE_END = """log => log.scrollHeight > log.clientHeight + 20
    && log.scrollTop + log.clientHeight >= log.scrollHeight - 2
    && log.lastElementChild
    && log.lastElementChild.getBoundingClientRect().bottom
       <= log.getBoundingClientRect().bottom + 1"""


def play_from_the_keyboard(page: Page, canvas: Locator, name: str) -> None:
    canvas.focus()
    for key in KEYS[name]:
        page.keyboard.press(key)
        page.wait_for_timeout(150)
    log = board_locator(page).locator(".sk-log").first
    page.wait_for_function(_AT_THE_END, arg=log.element_handle(), timeout=WAIT_MS,
                           polling=250)


@pytest.mark.parametrize("name", ["dice", "calm"])  # (every log is followed in Voilà)
def test_the_log_shows_its_newest_line_in_jupyterlab(
        lab_page: Page, lab: Server, workspace: Workspace, name: str) -> None:
    run_notebook_in_lab(lab_page, lab, board_only(workspace, CASE[name].lesson))
    canvas = wait_for_painted_board(lab_page)
    cells = lab_page.locator(".jp-Notebook .jp-Cell").count()
    play_from_the_keyboard(lab_page, canvas, name)
    assert lab_page.locator(".jp-Notebook .jp-Cell").count() == cells


@pytest.mark.parametrize("name", KEYS)
def test_the_log_shows_its_newest_line_in_voila(apps_page: Page, apps: Server,
                                                name: str) -> None:
    apps_page.goto(f"{apps.url}{CASE[name].address}")
    play_from_the_keyboard(apps_page, wait_for_painted_board(apps_page), name)
