"""Private hands stay private in the browser (issue #12.6): Calm and the regatta with two people
at one screen, in JupyterLab at laptop size. After every path that used to leak (Player 2
reveals and presses Undo, a new game, a loaded game, the replay slider) the canvas pixels of the
hand area must be the cover's blue, and a hand must show only once its owner reveals it.

The same board runs in the test process too (the oracle): every click goes to both, the pixels
come from its layout and the status line must say what the oracle's says.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Locator, Page

from sailing_kit.draw import palette
from sailing_kit.draw.cards import Rect
from tests.browser.board_pages import (
    expect_status,
    laptop_page,
    open_board,
    press,
    write_notebook,
)
from tests.browser.servers import (
    BOARD,
    Server,
    Workspace,
    page_point,
    pixel_digest,
    wait_until_still,
)
from tests.hotseat import control

pytestmark = pytest.mark.browser

CALM = """from sailing_kit.calm import Board, new_game
Board(new_game(players=2, seed=0, decks=[[10, 20, 30, 40, 50, 60, 61, 62, 63, 64, 'start'],
                                         [11, 21, 31, 41, 51, 65, 66, 67, 68, 69, 'start']]))"""
REGATTA = """from sailing_kit.regatta import Board, new_game
Board(new_game(seed=0, players=2))"""


def _calm():
    from sailing_kit.calm import Board, new_game

    return Board(new_game(players=2, seed=0, decks=[
        [10, 20, 30, 40, 50, 60, 61, 62, 63, 64, "start"],
        [11, 21, 31, 41, 51, 65, 66, 67, 68, 69, "start"]]))


def _regatta():
    from sailing_kit.regatta import Board, new_game

    return Board(new_game(seed=0, players=2))


class Twin:
    """The board in the browser and its oracle in the test process, driven together."""

    def __init__(self, page: Page, canvas: Locator, oracle, area: Callable[[], Rect]):
        self.page, self.canvas, self.oracle, self.area = page, canvas, oracle, area

    def status(self) -> str:
        words = html.unescape(re.sub("<[^>]+>", "", self.oracle.status.value)).strip()
        return words.split(". ")[0]

    def click(self, pixel: tuple[float, float]) -> None:
        before = pixel_digest(self.canvas)
        self.oracle.simulate_click(*pixel)
        self.page.mouse.click(*page_point(self.canvas, pixel))
        self._settle(before)

    def press(self, label: str) -> None:
        before = pixel_digest(self.canvas)
        control(self.oracle, label).click()
        press(self.page, label)
        self._settle(before)

    def replay(self, moves: int) -> None:
        before = pixel_digest(self.canvas)
        self.oracle.replay.value = moves
        readout = self.page.locator(BOARD).last.locator(".widget-readout").first
        readout.click()
        self.page.keyboard.press("Control+A")
        self.page.keyboard.type(str(moves))
        self.page.keyboard.press("Enter")
        self._settle(before)

    def _settle(self, before: int) -> None:
        expect_status(self.page, self.status())
        self.page.wait_for_timeout(400)  # the repaint follows the status in the same message
        wait_until_still(self.canvas)  # and its pieces have stopped moving

    def reveal(self) -> None:
        self.click(self.area().centre)

    def cover_share(self) -> float:
        """How much of the hand area is the cover's blue, read from the canvas's pixels."""
        from tests.browser.board_pages import colour_share

        area = self.area()
        return colour_share(self.canvas, (area.x, area.y, area.w, area.h),
                            self.oracle.canvas.width, palette.BLUE)

    def assert_covered(self, covered: bool) -> None:
        assert self.oracle.covered == covered
        share = self.cover_share()
        assert (share > 0.6) if covered else (share < 0.2), share


def _drive(browser: Browser, lab: Server, workspace: Workspace, name: str, source: str,
           oracle, area: Callable, play: Callable[[Twin], None], new: str) -> None:
    notebook = write_notebook(workspace, f"privacy-{name}.ipynb", source)
    with laptop_page(browser, lab) as page:
        twin = Twin(page, open_board(page, lab, notebook), oracle, area)
        press(page, "More")  # Undo, Save, Load and the replay wait in the More menu
        shots = workspace.root / f"privacy-{name}"
        twin.assert_covered(True)
        twin.reveal()  # Player 1 takes the screen
        twin.assert_covered(False)
        play(twin)
        twin.assert_covered(True)
        twin.reveal()  # Player 2 takes it
        twin.assert_covered(False)
        twin.press("Undo")  # Player 2 asks Player 1 to take back Player 1's move (#23.9)
        assert oracle.state.current_player == 1
        twin.assert_covered(False)
        twin.press("Undo")  # the reported leak: Player 1's hand must stay covered
        assert oracle.state.current_player == 0
        twin.assert_covered(True)
        page.screenshot(path=f"{shots}-after-undo.png")
        twin.reveal()
        twin.press(new)
        twin.assert_covered(True)
        twin.reveal()
        play(twin)
        twin.press("Save")
        twin.press("Load")
        twin.assert_covered(True)
        page.screenshot(path=f"{shots}-after-load.png")
        for moment in range(len(oracle.state.history), -1, -1):  # Player 2 has not revealed
            twin.replay(moment)
            twin.assert_covered(True)
        twin.reveal()  # Player 2 at move 0: their own hand as dealt
        twin.assert_covered(False)
        twin.replay(len(oracle.state.history))
        twin.assert_covered(False)
        page.evaluate("() => window.jupyterapp.serviceManager.sessions.shutdownAll()")


def _play_calm(twin: Twin) -> None:
    """The first island of the hand, on the first free cell: the turn passes."""
    board = twin.oracle
    twin.click(board.table_layout.hand_rects(len(board.hand))[0].centre)
    cell = next(cell for cell, cost in sorted(board.targets().items()) if cost == 0)
    twin.click(board.table_layout.cell_rect(*cell).centre)


def _play_regatta(twin: Twin) -> None:
    """The first open arrow of the card the board selects; then End turn if it asks."""
    board = twin.oracle
    seat = board.seat
    twin.click(next(pixel for verdict, pixel in board.end_points() if verdict.legal))
    if board.seat == seat:
        twin.press("End turn")


def test_calm_at_one_screen_never_shows_a_hand_to_the_wrong_player(
        browser: Browser, lab: Server, workspace: Workspace) -> None:
    oracle = _calm()
    _drive(browser, lab, workspace, "calm", CALM, oracle, lambda: oracle.table_layout.hand_area,
           _play_calm, "New deal")


def test_the_regatta_at_one_screen_never_shows_a_hand_to_the_wrong_player(
        browser: Browser, lab: Server, workspace: Workspace) -> None:
    oracle = _regatta()
    _drive(browser, lab, workspace, "regatta", REGATTA, oracle, lambda: oracle.layout.hand_area,
           _play_regatta, "New race")
