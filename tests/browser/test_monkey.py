"""#23.2 Nothing a student can do breaks a board: a monkey in a real browser.

Every app and every lesson board is opened in Voilà (the lesson boards as the lesson builds
them) and played by a seeded monkey at the projector's 1024 x 768, the laptop's 1366 x 768 and
a 390 x 844 touch screen, one page resized in turn: clicks and taps on the board's targets and
anywhere on the canvas, drags, keys (the board's own and others), and every button, toggle and
menu of the page in any order (Wind, Restart, New game, Undo, More ...), a fixed number of
events per size. Nothing may go wrong: no "Something went wrong" in the status line, no error
in the browser's console, no traceback in the server's log (where the kernels write theirs).
A screenshot per board and size is kept in the workspace.
"""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Browser, Page

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
"""Events per board and screen size (seeded: the same monkey every run)."""
SIZES = {"projector": PROJECTOR, "laptop": LAPTOP, "phone": PHONE}
KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " ", "Escape", "Backspace",
        *"1234567890qweasdzxcuhrpowfnmtgl"]
APPS = ["race", "calm", "yacht", "regatta", "trireme", "right_of_way"]
BOARDS = [f"apps/{app}.ipynb" for app in APPS] + [case.lesson for case in CASES]

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
        + '.sailing-kit-board .widget-slider .ui-slider')]
    .map((element, index) => { element.dataset.monkey = index; return element; })
    .filter(element => element.offsetParent !== null && !element.disabled)
    .map(element => [element.dataset.monkey, element.tagName.toLowerCase()])"""


def _noise(line: str) -> bool:
    """Lines of a server's log that are no error of the kit's."""
    return "is not trusted" in line or "websocket_ping_timeout" in line


def _server_errors(server: Server, start: int) -> list[str]:
    assert server.log is not None
    text = server.log.read_text(errors="replace")[start:]
    return [line for line in text.splitlines()
            if ("Traceback" in line or " ERROR " in line or "Exception in" in line)
            and not _noise(line)]


class Monkey:
    """Plays random events on the page's last board."""

    def __init__(self, page: Page, seed: str):
        self.page = page
        self.random = random.Random(seed)
        self.canvas = page.locator(".sailing-kit-board canvas").last

    def box(self) -> dict:
        """The canvas on the page (a New game puts in a new board: its canvas is waited for)."""
        self.canvas.wait_for(state="visible", timeout=20_000)
        self.canvas.scroll_into_view_if_needed()
        box = self.canvas.bounding_box()
        assert box is not None
        return box

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
        view = self.page.viewport_size
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
        """Press a random button, change a random menu, tick a box or move a slider."""
        controls = self.page.evaluate(_CONTROLS)
        if not controls:
            return
        index, tag = self.random.choice(controls)
        element = self.page.locator(f"[data-monkey='{index}']").first
        if tag == "select":
            options = element.locator("option").all_inner_texts()
            if options:
                element.select_option(label=self.random.choice(options))
            return
        element.click(force=True, timeout=5000)  # (a monkey does not wait for the layout)

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


@pytest.mark.parametrize("notebook", BOARDS)
def test_a_monkey_breaks_no_board(browser: Browser, apps: Server, workspace: Workspace,
                                  notebook: str) -> None:
    path = notebook if notebook.startswith("apps/") else board_only(workspace, notebook)
    page = open_page(browser, apps, PROJECTOR, touch=True)
    problems: list[str] = []
    page.on("console", lambda message: problems.append(f"console: {message.text}")
            if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    logged = apps.log.stat().st_size if apps.log else 0
    try:
        page.goto(f"{apps.url}/voila/render/{path}")
        wait_for_painted_board(page)
        page.evaluate(_WATCH)
        monkey = Monkey(page, seed=notebook)
        slug = re.sub(r"\W+", "-", notebook)
        for name, size in SIZES.items():
            page.set_viewport_size({"width": size[0], "height": size[1]})
            page.wait_for_timeout(300)
            monkey.play(EVENTS, touch=name == "phone")
            monkey.settle()
            page.screenshot(path=str(workspace.root / f"monkey-{slug}-{name}.png"))
        wrong = page.evaluate("() => window.__skWrong")
    finally:
        page.close(run_before_unload=True)
        page.context.close()
    assert not wrong, wrong
    assert not problems, problems
    assert not _server_errors(apps, logged), _server_errors(apps, logged)
