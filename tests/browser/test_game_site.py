"""The boards behave like a game site's, in Voilà (issue #23), each test keeping a screenshot in
the workspace:

- #23.3 an end the umpire would penalise is drawn in the warning colour and says so before the
  click: on hover, or on a first tap (a second plays it, and the penalty follows);
- #23.4, .9, .1 an app's address gives the game's seed (shown under the board), the projector's
  large type and the teacher's More menu; New game deals a fresh game;
- #23.6 a refusal is one short line that moves nothing; its full words open over the board;
- #23.5, .7 every move glides (at most 300 ms), the bots' moves are painted one by one as they
  happen, the last move is marked; nothing moves when the browser asks for reduced motion;
- #23.11 nothing is fetched from the internet (the icons come from Voilà itself), a closing page
  shuts its kernel down, and 20 app loads leave at most 2 kernels once the cull time is over.
"""

from __future__ import annotations

import re
import threading
import time
import urllib.request
from collections.abc import Iterator

import psutil
import pytest
from playwright.sync_api import Browser, Page, expect

from sailing_kit.draw import palette
from tests.browser.board_pages import colour_share, write_notebook
from tests.browser.boards import board_only
from tests.browser.servers import (
    BOARD,
    BOARD_CANVAS,
    CULL_SECONDS,
    LAPTOP,
    PROJECTOR,
    WAIT_MS,
    Server,
    Workspace,
    open_page,
    wait_for_painted_board,
)

pytestmark = pytest.mark.browser

FOUL = """from sailing_kit.race import Board, new_practice
Board(new_practice(seed=0, boats=[("A", (3, 3), "NE"), ("B", (2, 2), "NE")]))"""
"""Lesson 02's example: A, close-hauled ahead of B, may bear away onto B's course point."""


@pytest.fixture
def page(browser: Browser, apps: Server) -> Iterator[Page]:
    page = open_page(browser, apps, PROJECTOR, touch=True)
    yield page
    page.close(run_before_unload=True)
    page.context.close()


def _targets(page: Page) -> list[list]:
    return page.locator(BOARD_CANVAS).last.evaluate("c => c.skTargets")


def _page_point(page: Page, scene: tuple[float, float]) -> tuple[float, float]:
    canvas = page.locator(BOARD_CANVAS).last
    box = canvas.bounding_box()
    assert box is not None
    scale = box["width"] / float(canvas.get_attribute("data-width") or 1)
    return box["x"] + scene[0] * scale, box["y"] + scene[1] * scale


# ----- #23.3 ------------------------------------------------------------------------------------------
def test_a_penalised_end_is_marked_and_warned_before_the_click(
        page: Page, apps: Server, workspace: Workspace) -> None:
    notebook = write_notebook(workspace, "foul.ipynb", FOUL)
    page.goto(f"{apps.url}/voila/render/{notebook}")
    canvas = wait_for_painted_board(page)
    warned = [t for t in _targets(page) if t[5]]
    assert warned, "the engine warns of at least one end"
    x, y, w, h, label, *_ = warned[0]
    centre = (x + w / 2, y + h / 2)
    width = int(canvas.get_attribute("data-width") or 0)
    assert colour_share(canvas, (x, y, w, h), width, palette.WARNING) > 0.1
    page.mouse.move(*_page_point(page, centre))  # hover: the warning, before any click
    tip = page.locator(f"{BOARD} .sk-tip.sk-shown")
    expect(tip).to_contain_text("Penalty if you play it", timeout=WAIT_MS)
    expect(tip).to_have_class(re.compile("sk-warn"))
    page.mouse.move(2, 2)
    presses = canvas.get_attribute("data-presses")
    at = _page_point(page, centre)
    page.touchscreen.tap(*at)  # a finger on it (or, where the ends crowd, a lens opens first)
    page.wait_for_function("c => c.skLens || document.querySelector('.sk-tip.sk-shown')",
                           arg=canvas.element_handle(), timeout=WAIT_MS)
    lensed = canvas.evaluate("c => c.skLens") or []
    spot = next((t for t in lensed if t[2] == label), None)
    if spot is not None:
        lens = page.locator(f"{BOARD} .sk-lens canvas").bounding_box()
        assert lens is not None
        at = (lens["x"] + spot[0], lens["y"] + spot[1])
        page.touchscreen.tap(*at)
    expect(tip).to_contain_text("tap again to play it", timeout=WAIT_MS)  # and nothing played
    page.screenshot(path=str(workspace.root / "game-site-warning.png"))
    assert canvas.get_attribute("data-presses") == presses
    page.touchscreen.tap(*at)  # the second: played anyway, and the umpire sees the foul
    expect(page.locator(f"{BOARD} .sk-log")).to_contain_text("Umpire sees: A stands on",
                                                             timeout=WAIT_MS)


# ----- #23.4, .9, .1 (projector), .6, .5 ------------------------------------------------------------
def test_the_address_seeds_the_game_and_the_teacher_and_the_projector_get_theirs(
        browser: Browser, apps: Server, workspace: Workspace) -> None:
    page = open_page(browser, apps, PROJECTOR)
    try:
        page.goto(f"{apps.url}/voila/render/apps/calm.ipynb?seed=123&projector=1&teacher=1")
        canvas = wait_for_painted_board(page)
        board = page.locator(BOARD).last
        expect(page.locator(".sk-app-footer")).to_contain_text("Game seed 123:")
        expect(board).to_have_class(re.compile("sk-projector"))
        assert canvas.get_attribute("data-look") == "projector"
        size = board.locator(".sk-said").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
        assert size >= 20
        box = canvas.bounding_box()
        assert box is not None and box["y"] + box["height"] <= PROJECTOR[1]
        board.locator("button", has_text="More").click()
        for label in ("Undo", "Save", "Load", "Projector"):
            expect(board.locator(".sk-more-panel button", has_text=label).first).to_be_visible()
        expect(board.locator(".sk-more-panel .widget-slider")).to_be_visible()  # the replay
        page.screenshot(path=str(workspace.root / "game-site-teacher.png"))
        a_refusal_moves_nothing(page)
        the_bots_moves_are_painted_one_by_one(page)
        page.locator(".sk-app-header button", has_text="New game").click()
        expect(page.locator(".sk-app-footer")).not_to_contain_text("Game seed 123:",
                                                                   timeout=WAIT_MS)
    finally:
        page.close(run_before_unload=True)
        page.context.close()


_BOXES = """board => ['canvas.sk-canvas', '.sk-side', '.sk-controls', '.sk-status']
    .map(s => { const r = board.querySelector(s).getBoundingClientRect();
                return [Math.round(r.left), Math.round(r.top), Math.round(r.width),
                        Math.round(r.height)]; })"""


def a_refusal_moves_nothing(page: Page) -> None:
    """#23.6 A press on nothing: one short line, the layout unmoved; "why?" opens the full
    words over the board, and moves nothing either."""
    board = page.locator(BOARD).last
    before = board.evaluate(_BOXES)
    page.mouse.click(*_page_point(page, (4, 4)))
    said = board.locator(".sk-said")
    expect(said.locator(".sk-short")).to_have_text("Nothing to play there.", timeout=WAIT_MS)
    line = said.evaluate("e => [e.getBoundingClientRect().height, "
                         "parseFloat(getComputedStyle(e).fontSize)]")
    assert line[0] <= 2 * line[1], "one line"
    assert board.evaluate(_BOXES) == before
    said.locator("summary").click()
    expect(said.locator("details > div")).to_be_visible()
    assert board.evaluate(_BOXES) == before
    said.locator("summary").click()


def the_bots_moves_are_painted_one_by_one(page: Page) -> None:
    """#23.5, .7 The student's move and the bot's are painted in turn and move; the log names
    what the bot did in the board's words (slots, never cells)."""
    canvas = page.locator(BOARD_CANVAS).last
    paints = int(canvas.get_attribute("data-paints") or 0)
    cards = [t for t in _targets(page) if t[4].startswith("card ")]
    for x, y, w, h, *_ in cards[:2]:
        page.mouse.click(*_page_point(page, (x + w / 2, y + h / 2)))
        page.wait_for_timeout(600)  # (not a double click)
    page.locator(BOARD).last.locator("button", has_text="Discard selected").click()
    log = page.locator(f"{BOARD} .sk-log")
    expect(log).to_contain_text("Player 2", timeout=WAIT_MS)
    page.wait_for_function(f"c => Number(c.dataset.paints) >= {paints + 4}",
                           arg=canvas.element_handle(), timeout=WAIT_MS)
    assert not re.search(r"\(\d+, \d+\)", log.inner_text())


# ----- #23.7 motion ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("reduced", [False, True], ids=["moving", "reduced-motion"])
def test_a_move_glides_and_is_marked_but_not_when_the_browser_asks_for_reduced_motion(
        browser: Browser, apps: Server, workspace: Workspace, reduced: bool) -> None:
    context = browser.new_context(viewport={"width": LAPTOP[0], "height": LAPTOP[1]},
                                  reduced_motion="reduce" if reduced else "no-preference")
    page = context.new_page()
    try:
        page.goto(f"{apps.url}/voila/render/{board_only(workspace, '01_points_of_sail.ipynb')}")
        canvas = wait_for_painted_board(page)
        width = int(canvas.get_attribute("data-width") or 0)
        height = int(canvas.get_attribute("data-height") or 0)
        marked = colour_share(canvas, (0, 0, width, height), width, palette.LAST_MOVE, 30)
        x, y, w, h, *_ = max(_targets(page), key=lambda t: t[1])  # an end ahead of the boat
        shown = int(canvas.get_attribute("data-shown") or 0)
        page.mouse.click(*_page_point(page, (x + w / 2, y + h / 2)))
        page.wait_for_function(f"c => Number(c.dataset.shown) > {shown}",
                               arg=canvas.element_handle(), timeout=WAIT_MS)
        page.wait_for_timeout(600)
        page.screenshot(path=str(workspace.root / f"game-site-motion-{reduced}.png"))
        motion = canvas.evaluate("c => c.dataset.lastMotion ? JSON.parse(c.dataset.lastMotion)"
                                 " : null")
        after = colour_share(canvas, (0, 0, width, height), width, palette.LAST_MOVE, 30)
        assert after > marked, "the last move is marked"
        if reduced:
            assert motion is None
        else:
            assert motion is not None and motion["frames"] >= 8 and motion["ms"] <= 300
    finally:
        context.close()


# ----- #23.11 Voilà for a classroom --------------------------------------------------------------------
def _kernels(server: Server) -> int:
    """The kernels the server runs now (a kernel just ended, a zombie, counts no more)."""
    count = 0
    for child in psutil.Process(server.pid).children(recursive=True):
        try:
            count += child.status() != psutil.STATUS_ZOMBIE and "ipykernel" in " ".join(
                child.cmdline())
        except psutil.Error:  # gone meanwhile
            continue
    return count


def _abandoned_load(url: str) -> None:
    """A page load given up half way (the kernel starts, no page ever connects to it)."""
    with urllib.request.urlopen(url, timeout=WAIT_MS / 1000) as response:
        while b"jupyter-config-data" not in response.read(4096):
            pass


LOADS = 20


def test_nothing_comes_from_the_internet_and_no_kernel_is_left_behind(
        browser: Browser, apps: Server, workspace: Workspace) -> None:
    url = f"{apps.url}/voila/render/apps/right_of_way.ipynb"
    outside: list[str] = []
    context = browser.new_context(viewport={"width": PROJECTOR[0], "height": PROJECTOR[1]})
    context.route(re.compile(r"^(?!https?://127\.0\.0\.1[:/]).*"),
                  lambda route: (outside.append(route.request.url), route.abort()))
    for load in range(2):  # two pages a student opens and closes
        page = context.new_page()
        page.goto(url)
        wait_for_painted_board(page)
        if load == 0:
            glyphs = page.evaluate("""() => [...document.querySelectorAll('button i.fa')]
                .map(i => getComputedStyle(i, '::before').content)""")
            assert glyphs and all(g not in ("none", "normal", '""') for g in glyphs)
            page.screenshot(path=str(workspace.root / "game-site-offline.png"))
        running = _kernels(apps)
        page.close(run_before_unload=True)
        deadline = time.monotonic() + 10
        while _kernels(apps) >= running and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _kernels(apps) < running, "the closed page shut its kernel down"
    context.close()
    assert not outside, f"fetched from outside: {outside}"
    threads = [threading.Thread(target=_abandoned_load, args=(url,))
               for _ in range(LOADS - 2)]
    for batch in range(0, len(threads), 3):
        for thread in threads[batch:batch + 3]:
            thread.start()
        for thread in threads[batch:batch + 3]:
            thread.join()
    time.sleep(2 * CULL_SECONDS + 2)
    assert _kernels(apps) <= 2
