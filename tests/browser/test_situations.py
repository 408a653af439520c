"""The animated trainer and the situation editor in a real browser (issue #24): in JupyterLab on
a touch screen, one situation of each level is played with the timeline's Play control up to its
question, answered wrong, tried again, then explained; a situation is edited and saved by
keyboard alone, and another by touch alone.

Each test builds the same board in the test process (the oracle): the answers, the reasons and
the JSON expected come from it, never typed in.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from sailing_kit.race.board import SituationEditor, SituationTrainer
from sailing_kit.race.drawing import option_marker
from sailing_kit.race.quiz import Quiz, library
from sailing_kit.race.verdicts import NO_ONE
from tests.browser.board_pages import write_notebook
from tests.browser.boards import tap
from tests.browser.servers import (
    BOARD,
    PROJECTOR,
    WAIT_MS,
    Server,
    Workspace,
    open_page,
    run_notebook_in_lab,
    wait_for_painted_board,
)

pytestmark = pytest.mark.browser

LEVELS = ("port-tries-to-cross", "free-point-leeward", "hail-in-open-water")
"""One situation of each level, each short to play."""
TRAINER = f"""from sailing_kit.race.board import SituationTrainer
from sailing_kit.race.quiz import Quiz, library
board = SituationTrainer(Quiz([s for s in library() if s.id in {LEVELS!r}], rules="rrs"))
board.play_control.interval = 150
board"""
EDITOR = """from sailing_kit.race.board import SituationEditor
SituationEditor()"""


@pytest.fixture
def page(browser: Browser, lab: Server) -> Iterator[Page]:
    """JupyterLab on a touch screen the size of a school projector's (it has keys too)."""
    page = open_page(browser, lab, PROJECTOR, touch=True)
    yield page
    page.evaluate("() => window.jupyterapp.serviceManager.sessions.shutdownAll()")
    page.context.close()


def open_board(page: Page, lab: Server, workspace: Workspace, name: str, source: str) -> Locator:
    run_notebook_in_lab(page, lab, write_notebook(workspace, name, source))
    canvas = wait_for_painted_board(page)
    page.locator(BOARD).last.evaluate("board => board.scrollIntoView({block: 'start'})")
    return canvas


def button(page: Page, name: str) -> Locator:
    return page.locator(f"{BOARD} button").filter(has_text=name).first


def right_and_wrong(oracle: SituationTrainer) -> tuple[str, str]:
    value = oracle.quiz.verdicts.of(oracle.quiz.ruled_by).answer(oracle.quiz.current.ask.question)
    right = value if isinstance(value, str) else (value[0] if value else NO_ONE)
    wrong = next(o for o in oracle.quiz.options() if o != right)
    return right, wrong


def label(options: tuple[str, ...], option: str) -> str:
    return f"{options.index(option) + 1}: {'no one' if option == NO_ONE else option}"


def test_one_situation_of_each_level_played_answered_wrong_retried_and_explained(
        page: Page, lab: Server, workspace: Workspace) -> None:
    oracle = SituationTrainer(Quiz([s for s in library() if s.id in LEVELS], rules="rrs"))
    open_board(page, lab, workspace, "situations.ipynb", TRAINER)
    levels = set()
    for played, _ in enumerate(LEVELS, start=1):
        levels.add(oracle.quiz.current.level)
        right, wrong = right_and_wrong(oracle)
        options = oracle.quiz.options()
        page.locator(f"{BOARD} .widget-play button").first.click()  # the timeline's Play
        expect(button(page, label(options, wrong))).to_be_visible(timeout=WAIT_MS)
        expect(page.locator(f"{BOARD} .sk-status").last).to_contain_text("The question",
                                                                          timeout=WAIT_MS)
        page.locator(BOARD).last.evaluate("board => board.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(workspace.root / f"asked-level-{oracle.quiz.current.level}"
                                                  ".png"))
        button(page, label(options, wrong)).click()
        feedback = page.locator(f"{BOARD} .sk-feedback").last
        expect(feedback).to_contain_text("try again", timeout=WAIT_MS)
        button(page, label(options, right)).click()
        expect(feedback).to_contain_text("Now: why?", timeout=WAIT_MS)
        oracle.show_frame(oracle.ask_frame)
        oracle.answer(wrong)
        oracle.answer(right)
        reasons = oracle.quiz.reasons()
        reason = next(r for r in reasons if r.decides)
        # by its own tooltip: a digit alone also matches the rules switch's "RRS 2025–2028"
        page.locator(BOARD).last.get_by_title(f"This fact decides it: {reason.text}",
                                              exact=True).click()
        expect(feedback).to_contain_text(f"Yes: {reason.text}", timeout=WAIT_MS)
        expect(page.locator(f"{BOARD} .sk-committee").first).to_contain_text("Decision",
                                                                             timeout=WAIT_MS)
        oracle.explain(oracle.quiz.reasons().index(reason))
        page.screenshot(path=str(workspace.root / f"situation-level-{oracle.quiz.current.level}"
                                                  ".png"))
        button(page, "Next").click()
        oracle.next_situation()
        if played < len(LEVELS):  # Play only once the kernel has set up the next situation
            expect(page.locator(f"{BOARD} .sk-status").last).to_contain_text(  # (its reset
                "Press Play", timeout=WAIT_MS)  # of the timeline would stop an early Play)
    assert levels == {1, 2, 3}
    expect(page.locator(f"{BOARD} b").filter(has_text="Score: 0 of 3").first).to_be_visible(
        timeout=WAIT_MS)


def saved_json(page: Page) -> dict:
    box = page.locator(f"{BOARD} textarea").last
    expect(box).not_to_have_value("", timeout=WAIT_MS)
    return json.loads(box.input_value())


def test_a_situation_edited_and_saved_by_keyboard_alone(
        page: Page, lab: Server, workspace: Workspace) -> None:
    canvas = open_board(page, lab, workspace, "editor-keys.ipynb", EDITOR)
    keys = ["m", "ArrowUp", "ArrowUp", "ArrowRight", "Enter", "p", "v", "ArrowRight", "Enter",
            "Enter", "s"]
    oracle = SituationEditor()
    for key in keys:
        oracle.simulate_key(key)
    canvas.focus()  # as Tab would: the canvas takes keys
    for key in keys:
        page.keyboard.press(key)
        page.wait_for_timeout(120)
    assert saved_json(page) == json.loads(oracle.saved.value)
    page.screenshot(path=str(workspace.root / "editor-keys.png"))


def test_a_situation_edited_and_saved_by_touch_alone(
        page: Page, lab: Server, workspace: Workspace) -> None:
    canvas = open_board(page, lab, workspace, "editor-touch.ipynb", EDITOR)
    oracle = SituationEditor()
    view = oracle.board.view
    status = page.locator(f"{BOARD} .sk-status").last
    button(page, "Mark").tap()
    oracle.use("mark")
    # the kernel's answer shortens the status line: tap the sea only once the page has it
    expect(status).to_contain_text("Tool: Mark", timeout=WAIT_MS)
    tap(page, canvas, view.pixel((5, 6)))
    oracle.simulate_click(*view.pixel((5, 6)))
    expect(status).to_contain_text("A mark at (5, 6)", timeout=WAIT_MS)
    button(page, "Moves").tap()
    oracle.use("moves")
    expect(status).to_contain_text("Moves: sail", timeout=WAIT_MS)
    for _ in range(2):  # A, then B: tap each one's first numbered end
        end = oracle.ends[0]
        marker = option_marker(oracle.board.view, end)
        tap(page, canvas, marker)
        oracle.simulate_click(*marker)
        expect(status).to_contain_text(f"sails to {end.position}", timeout=WAIT_MS)
    button(page, "Save").tap()
    oracle.save()
    assert saved_json(page) == json.loads(oracle.saved.value)
    assert len(saved_json(page)["events"]) == 2
    page.screenshot(path=str(workspace.root / "editor-touch.png"))
