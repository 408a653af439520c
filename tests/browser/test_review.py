"""Issue #25 in a real browser: a finished game of dice, its review shown by the notebook (HTML)
and, below it, the board of the same game. The board's Review button steps through the same
decisions, saying what the same board says in this process, and paints each decision's picture
with the band of its class's colour; the notebook's table shows the same costs."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from sailing_kit.core.bots import advance
from sailing_kit.draw.review import LOOKS
from sailing_kit.yacht import Board, bots, new_game, review
from sailing_kit.yacht.drawing import DICE_TOP, DIE, GAP, layout_of
from tests.browser.board_pages import colour_share, laptop_page, open_board, press, write_notebook
from tests.browser.boards import status_text, wait_for_status
from tests.browser.servers import WAIT_MS, Server, Workspace

pytestmark = pytest.mark.browser

CELL = """from sailing_kit.core.bots import advance
from sailing_kit.yacht import Board, bots, new_game, review
game = new_game(seed=5, players=2)
advance(game, {0: bots.make("greedy"), 1: bots.make("optimal")})
display(review(game, players=[0]))
Board(game, bots={1: "optimal"})"""


def oracle() -> Board:
    """The cell's board, built in this process."""
    game = new_game(seed=5, players=2)
    advance(game, {0: bots.make("greedy"), 1: bots.make("optimal")})
    return Board(game, bots={1: "optimal"})


def test_the_review_button_steps_through_the_same_decisions_as_the_notebooks_table(
        browser: Browser, lab: Server, workspace: Workspace) -> None:
    notebook = write_notebook(workspace, "review-dice.ipynb", CELL)
    board = oracle()
    weighed = review(board.state, players=[0])
    with laptop_page(browser, lab) as page:
        canvas = open_board(page, lab, notebook)
        table = page.locator(".sk-review").first
        expect(table).to_be_attached(timeout=WAIT_MS)
        for decision in weighed.decisions[:3]:
            expect(table).to_contain_text(weighed.scale.cost(decision.cost))
        width = layout_of(board.state).size[0]
        panel = layout_of(board.state).dice[-1][0] + DIE + 2 * GAP
        for step, label in enumerate(["Review", "Decision ▶", "Decision ▶"]):
            press(page, label)
            (board.review_button.click if label == "Review" else board.next_decision)()
            wait_for_status(page, status_text(board))
            decision = weighed.decisions[step]
            assert board.reviewed() == decision
            band = (panel, DICE_TOP + 76, 240, 14)
            assert colour_share(canvas, band, width, LOOKS[decision.kind][0]) > 0.5, decision
        page.screenshot(path=str(workspace.root / "review-dice.png"))
        page.evaluate("() => window.jupyterapp.serviceManager.sessions.shutdownAll()")
