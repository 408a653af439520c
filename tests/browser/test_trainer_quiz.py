"""The trainer asks before it tells, in the browser (issue #12.7): in JupyterLab at laptop size,
a scenario where a boat has just infringed shows no infringement ring on the canvas until the
student answers right by clicking a boat; a wrong answer first (#23.8) gives nothing away and may
be tried again, scored on the first try; then the ring appears and the feedback says what the
boats should have done, then the rule; a later click keeps the verdict.

The ring is found in the canvas pixels: its vermillion round the infringing boat (the boat's own
hull, on port tack, is vermillion too, so the test compares the share before and after).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from sailing_kit.draw import palette
from sailing_kit.race import library
from sailing_kit.race.board import RightOfWayTrainer
from sailing_kit.race.trainer import Trainer
from tests.browser.board_pages import colour_share, laptop_page, open_board, write_notebook
from tests.browser.servers import (
    BOARD,
    WAIT_MS,
    Server,
    Workspace,
    page_point,
    pixel_digest,
    wait_for_new_picture,
)

pytestmark = pytest.mark.browser

SCENARIO = "astern-a-tacks-onto-port"
SOURCE = f"""from sailing_kit.race import library
from sailing_kit.race.board import RightOfWayTrainer
from sailing_kit.race.trainer import Trainer
RightOfWayTrainer(Trainer([s for s in library() if s.id == {SCENARIO!r}]))"""


def test_no_ring_until_the_student_answers_then_the_ruling_shows(
        browser: Browser, lab: Server, workspace: Workspace) -> None:
    scenario = next(s for s in library() if s.id == SCENARIO)
    oracle = RightOfWayTrainer(Trainer([scenario]))
    (offence,) = scenario.infringements()
    view = oracle.view()
    x, y = view.pixel(offence.point)
    box = (x - 0.6 * view.cell, y - 0.6 * view.cell, 1.2 * view.cell, 1.2 * view.cell)
    width = oracle.canvas.width
    notebook = write_notebook(workspace, "quiz.ipynb", SOURCE)
    with laptop_page(browser, lab) as page:
        canvas = open_board(page, lab, notebook)
        asked = colour_share(canvas, box, width, palette.VERMILLION)
        page.screenshot(path=str(workspace.root / "quiz-asked.png"))
        before = pixel_digest(canvas)
        feedback = page.locator(f"{BOARD} .sk-feedback").last
        wrong = next(b for b in scenario.boats if b.name != scenario.keep_clear)
        page.mouse.click(*page_point(canvas, view.pixel(wrong.position)))
        expect(feedback).to_contain_text("try again", timeout=WAIT_MS)
        page.wait_for_timeout(600)  # (not a double click)
        assert colour_share(canvas, box, width, palette.VERMILLION) <= asked + 0.01
        boat = scenario.boat(scenario.keep_clear)
        page.mouse.click(*page_point(canvas, view.pixel(boat.position)))
        expect(feedback).to_contain_text("Right on another try", timeout=WAIT_MS)
        expect(feedback).to_contain_text(f"{scenario.keep_clear} should not have stayed")
        expect(page.locator(f"{BOARD} .sk-said")).to_contain_text("first answer scored 0")
        wait_for_new_picture(canvas, before)
        answered = colour_share(canvas, box, width, palette.VERMILLION)
        page.screenshot(path=str(workspace.root / "quiz-answered.png"))
        page.evaluate("() => window.jupyterapp.serviceManager.sessions.shutdownAll()")
    assert answered > asked + 0.05, (asked, answered)
