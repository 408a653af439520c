"""Every app and every lesson board, opened once in Voilà (a lesson's board as the lesson builds
it) and put through three tests at the projector's 1024 x 768, the laptop's 1366 x 768 and a
390 x 844 touch screen (one page, resized in turn):

- #23.1 the fit: on the projector and the laptop the whole board is in view without scrolling,
  down or sideways (the canvas with all its pieces, every target, the status line and the side
  panel beside the canvas); on the phone the board comes first, above its panel, no text is
  under 12 px and each target has a finger's room of its own (44 px);
- #23.2 a seeded monkey: clicks and taps on the targets and anywhere, drags, keys (the board's
  own and others), and every button, toggle and menu of the page in any order (Wind, Restart,
  New game, Undo, More ...), a fixed number of events per size; nothing may go wrong: no
  "Something went wrong" in the status line, no error in the browser's console, no traceback
  in the server's log (where the kernels write theirs).

Screenshots of each board and size are kept in the workspace (``fit-*.png``), and of each board
after its monkey (``monkey-*.png``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page
from playwright.sync_api import Error as PlaywrightError

from tests.browser.boards import CASES, board_only
from tests.browser.servers import (
    LAPTOP,
    PHONE,
    PROJECTOR,
    Server,
    Workspace,
    open_page,
    wait_for_painted_board,
)

pytestmark = pytest.mark.browser

EVENTS = 8
"""Monkey events per board and screen size (seeded: the same monkey every run)."""
SIZES = {"projector": PROJECTOR, "laptop": LAPTOP, "phone": PHONE}
FINGER_PX = 44
SMALLEST_TEXT_PX = 12
KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " ", "Escape", "Backspace",
        *"1234567890qweasdzxcuhrpowfnmtgl"]
APPS = ["race", "calm", "yacht", "regatta", "trireme", "right_of_way"]
BOARDS = [f"apps/{app}.ipynb" for app in APPS] + [case.lesson for case in CASES]


@pytest.fixture(scope="module", params=BOARDS)
def board_page(request: pytest.FixtureRequest, browser: Browser, apps: Server,
               workspace: Workspace) -> Iterator[tuple[Page, str]]:
    """A board's page in Voilà on a touch-capable screen, first at the projector's size;
    yields the page and a name for its screenshots."""
    notebook = request.param
    path = notebook if notebook.startswith("apps/") else board_only(workspace, notebook)
    page = open_page(browser, apps, PROJECTOR, touch=True)
    page.goto(f"{apps.url}/voila/render/{path}")
    wait_for_painted_board(page)
    page.wait_for_timeout(500)
    yield page, re.sub(r"\W+", "-", notebook)
    page.close(run_before_unload=True)
    page.context.close()


def resize(page: Page, size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_timeout(400)  # the board lays itself out again


# ----- #23.1 the fit ----------------------------------------------------------------------------
_GEOMETRY = """() => {
    const board = [...document.querySelectorAll('.sailing-kit-board')].pop();
    const canvas = board.querySelector('canvas.sk-canvas');
    const box = element => { const r = element.getBoundingClientRect();
                             return [r.left, r.top, r.right, r.bottom]; };
    const c = canvas.getBoundingClientRect();
    const scale = c.width / Number(canvas.dataset.width);
    const side = board.querySelector('.sk-side');
    return {
        view: [0, 0, document.documentElement.clientWidth, window.innerHeight],
        scrolled: [window.scrollX, window.scrollY],
        sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
        canvas: box(canvas), status: box(board.querySelector('.sk-status .sk-said')),
        side: side && side.offsetParent ? box(side) : null,
        layout: canvas.dataset.layout, scale,
        targets: canvas.skTargets.map(([x, y, w, h, label]) =>
            [c.left + x * scale, c.top + y * scale, c.left + (x + w) * scale,
             c.top + (y + h) * scale, label]),
    };
}"""


def _inside(part: list[float], view: list[float]) -> bool:
    return (part[0] >= view[0] - 1 and part[1] >= view[1] - 1 and part[2] <= view[2] + 1
            and part[3] <= view[3] + 1)


@pytest.mark.parametrize("size", ["projector", "laptop"])
def test_the_whole_board_is_in_view_on_a_projector_and_a_laptop(
        board_page: tuple[Page, str], workspace: Workspace, size: str) -> None:
    page, name = board_page
    resize(page, SIZES[size])
    page.screenshot(path=str(workspace.root / f"fit-{name}-{size}.png"))
    geometry = page.evaluate(_GEOMETRY)
    view = geometry["view"]
    assert geometry["scrolled"] == [0, 0] and not geometry["sideways"]
    assert geometry["layout"] == "wide", "the side panel sits beside the board"
    for part in ("canvas", "status", "side"):
        if geometry[part] is not None:
            assert _inside(geometry[part], view), (part, geometry[part], view)
    outside = [target[4] for target in geometry["targets"] if not _inside(target, view)]
    assert not outside, f"targets below the fold or off the side: {outside}"


_TEXT_SIZES = """() => {
    const sizes = [];
    const walker = document.createTreeWalker(document.querySelector('.sk-app, .jp-Notebook')
        || document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
        const element = walker.currentNode.parentElement;
        if (!walker.currentNode.textContent.trim() || !element.offsetParent) continue;
        if (element.closest('.sk-tip, details:not([open]) > div')) continue;
        sizes.push([parseFloat(getComputedStyle(element).fontSize),
                    walker.currentNode.textContent.trim().slice(0, 30)]);
    }
    return sizes;
}"""


def _crowded(targets: list[list[float]], scale: float) -> list[tuple[float, float]]:
    """Where a finger could mean either of two targets closer than :data:`FINGER_PX` (along the
    longer axis) at ``scale``: the midpoints of such pairs (scene pixels; targets are
    ``[x, y, w, h, ...]``)."""
    centres = [(x + w / 2, y + h / 2) for x, y, w, h, *_ in targets]
    return [((x + x2) / 2, (y + y2) / 2) for i, (x, y) in enumerate(centres)
            for x2, y2 in centres[i + 1:]
            if 0.5 < scale * max(abs(x - x2), abs(y - y2)) < FINGER_PX - 0.5]


_PAN_TO = """(canvas, [x, y]) => {
    const box = canvas.parentElement;  // a zoomed board pans sideways in its box
    const mark = document.createElement('div');  // scroll the page (whichever scrolls) to y
    const shown = canvas.getBoundingClientRect();
    mark.style.cssText = `position:absolute;width:1px;height:1px;left:${
        x - shown.left}px;top:${y - shown.top}px`;
    box.appendChild(mark);
    mark.scrollIntoView({block: 'center', inline: 'center'});
    mark.remove();
}"""


def _in_view(canvas: Locator, scene: tuple[float, float]) -> tuple[float, float]:
    """Pan the board (and the page) so that scene pixel ``scene`` of the canvas is in view; its
    place on the page."""
    def page_point() -> tuple[float, float]:
        box = canvas.bounding_box()
        assert box is not None
        scale = box["width"] / float(canvas.get_attribute("data-width") or 1)
        return box["x"] + scene[0] * scale, box["y"] + scene[1] * scale

    canvas.evaluate(_PAN_TO, list(page_point()))
    canvas.page.wait_for_timeout(100)
    return page_point()


def _lens_gives_each_target_a_fingers_room(page: Page, at: tuple[float, float]) -> None:
    """A tap between crowded targets opens the lens, where each has a finger's room; a tap in
    the lens plays the target under it."""
    canvas = page.locator(".sailing-kit-board canvas.sk-canvas").last
    page.touchscreen.tap(*_in_view(canvas, at))
    page.wait_for_function("c => c.skLens", arg=canvas.element_handle(), timeout=5000)
    lensed = canvas.evaluate("c => c.skLens")
    assert len(lensed) > 1
    for i, (x, y, _) in enumerate(lensed):
        for x2, y2, _ in lensed[i + 1:]:
            assert max(abs(x - x2), abs(y - y2)) >= FINGER_PX - 0.5, lensed
    box = page.locator(".sk-lens canvas").bounding_box()
    assert box is not None
    presses = canvas.get_attribute("data-presses")
    page.touchscreen.tap(box["x"] + lensed[0][0], box["y"] + lensed[0][1])
    assert canvas.evaluate("c => c.skLens") is None
    page.wait_for_timeout(100)
    warned = page.locator(".sk-tip.sk-warn.sk-shown").count()
    assert canvas.get_attribute("data-presses") != presses or warned, "the lens played nothing"


def test_on_a_phone_the_board_comes_first_readable_and_each_target_has_a_fingers_room(
        board_page: tuple[Page, str], workspace: Workspace) -> None:
    page, name = board_page
    resize(page, PHONE)
    page.screenshot(path=str(workspace.root / f"fit-{name}-phone.png"))
    geometry = page.evaluate(_GEOMETRY)
    canvas = page.locator(".sailing-kit-board canvas.sk-canvas").last
    assert geometry["layout"] == "stacked"
    if geometry["side"] is not None:
        assert geometry["side"][1] >= geometry["canvas"][3] - 1, "the board comes first"
    smallest = float(canvas.get_attribute("data-smallest-text") or SMALLEST_TEXT_PX)
    assert smallest >= SMALLEST_TEXT_PX - 0.01, f"text drawn {smallest:.1f} px high"
    small = [text for size, text in page.evaluate(_TEXT_SIZES) if size < SMALLEST_TEXT_PX]
    assert not small, f"text under {SMALLEST_TEXT_PX} px: {small}"
    for left, top, right, bottom, label in geometry["targets"]:
        assert max(right - left, bottom - top) >= FINGER_PX / 2, f"{label}: a speck"
    canvas = page.locator(".sailing-kit-board canvas.sk-canvas").last
    crowded = _crowded(canvas.evaluate("c => c.skTargets"), geometry["scale"])
    if crowded:
        _lens_gives_each_target_a_fingers_room(page, crowded[0])


# ----- #23.2 the monkey -----------------------------------------------------------------------------
_WATCH = """() => {
    window.__skWrong = [];
    new MutationObserver(changes => {
        for (const change of changes) {
            const text = change.target.textContent || '';
            if (text.includes('Something went wrong')) window.__skWrong.push(text.slice(0, 400));
        }
    }).observe(document.body, {subtree: true, childList: true, characterData: true});
}"""
_CONTROLS = """() => [...document.querySelectorAll(
        '.sailing-kit-board button, .sk-app-header button, .sailing-kit-board select, '
        + '.sk-app-header select, .sailing-kit-board input[type=checkbox], '
        + '.sailing-kit-board summary')]
    .map((element, index) => { element.dataset.monkey = index; return element; })
    .filter(element => element.offsetParent !== null && !element.disabled)
    .map(element => [element.dataset.monkey, element.tagName.toLowerCase()])"""


def _server_errors(server: Server, start: int) -> list[str]:
    """Errors in the server's log after ``start`` (the kernels write their tracebacks there)."""
    assert server.log is not None
    text = server.log.read_text(errors="replace")[start:]
    return [line for line in text.splitlines()
            if "Traceback" in line or " ERROR " in line or "Exception in" in line]


class Monkey:
    """Plays random events on the page's last board."""

    def __init__(self, page: Page, seed: str):
        self.page = page
        self.random = random.Random(seed)
        self.canvas = page.locator(".sailing-kit-board canvas.sk-canvas").last

    def box(self) -> dict:
        """The canvas on the page (a New game puts in a new board: its canvas is waited for)."""
        for _ in range(5):
            try:
                self.canvas.wait_for(state="visible", timeout=20_000)
                self.canvas.scroll_into_view_if_needed(timeout=5000)
                box = self.canvas.bounding_box()
            except PlaywrightError:  # replaced under the monkey's hand
                box = None
            if box is not None:
                return box
            self.page.wait_for_timeout(300)
        raise AssertionError("the board's canvas never came back")

    def spot(self) -> tuple[float, float]:
        """A target of the picture (most of the time) or any point of the canvas, on the
        page."""
        box = self.box()
        targets = self.canvas.evaluate("c => c.skTargets")
        scale = box["width"] / float(self.canvas.get_attribute("data-width") or 1)
        if targets and self.random.random() < 0.7:
            x, y, w, h = self.random.choice(targets)[:4]
            point = (box["x"] + (x + w / 2) * scale, box["y"] + (y + h / 2) * scale)
        else:
            point = (box["x"] + self.random.random() * box["width"],
                     box["y"] + self.random.random() * box["height"])
        view = self.page.viewport_size or {"width": 1, "height": 1}
        return (min(max(point[0], 1), view["width"] - 1), min(max(point[1], 1), view["height"] - 1))

    def play(self, events: int, touch: bool) -> None:
        kinds = ["spot", "spot", "spot", "drag", "key", "key", "control", "control"]
        for _ in range(events):
            kind = self.random.choice(kinds)
            if kind == "spot":
                x, y = self.spot()
                if touch:
                    self.page.touchscreen.tap(x, y)
                else:
                    self.page.mouse.click(x, y)
            elif kind == "drag":
                (x0, y0), (x1, y1) = self.spot(), self.spot()
                self.page.mouse.move(x0, y0)
                self.page.mouse.down()
                self.page.mouse.move(x1, y1, steps=4)
                self.page.mouse.up()
            elif kind == "key":
                self.canvas.evaluate("c => c.focus({preventScroll: true})")
                self.page.keyboard.press(self.random.choice(KEYS))
            else:
                self.control()
            self.page.wait_for_timeout(40)

    def control(self) -> None:
        """Press a random button, open a "why?", change a menu or tick a box."""
        controls = self.page.evaluate(_CONTROLS)
        if not controls:
            return
        index, tag = self.random.choice(controls)
        element = self.page.locator(f"[data-monkey='{index}']").first
        try:
            if tag == "select":
                options = element.locator("option").all_inner_texts()
                if options:
                    element.select_option(label=self.random.choice(options), timeout=5000)
                return
            element.click(force=True, timeout=5000)  # (a monkey does not wait for the layout)
        except PlaywrightError:  # gone before the press (the kernel redrew the panel)
            return

    def settle(self) -> None:
        """Wait until the kernel has answered everything (the status stops changing)."""
        said = self.page.locator(".sailing-kit-board .sk-status [data-said]").last
        before = None
        for _ in range(40):
            now = said.get_attribute("data-said") if said.count() else None
            if now == before:
                return
            before = now
            self.page.wait_for_timeout(250)


def test_a_monkey_breaks_no_board(board_page: tuple[Page, str], apps: Server,
                                  workspace: Workspace) -> None:
    page, name = board_page
    problems: list[str] = []
    page.on("console", lambda message: problems.append(f"console: {message.text}")
            if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    logged = apps.log.stat().st_size if apps.log else 0
    page.evaluate(_WATCH)
    monkey = Monkey(page, seed=name)
    for size_name, size in SIZES.items():
        resize(page, size)
        monkey.play(EVENTS, touch=size_name == "phone")
        monkey.settle()
    page.screenshot(path=str(workspace.root / f"monkey-{name}.png"))
    wrong = page.evaluate("() => window.__skWrong")
    assert not wrong, wrong
    assert not problems, problems
    assert not _server_errors(apps, logged), _server_errors(apps, logged)
