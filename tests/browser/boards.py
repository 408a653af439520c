"""Every board of the kit, as the browser tests drive it: where it is served, the same board built
in this process (the oracle), the targets to click computed from its engine, and the helpers that
scroll, click, tap and read a board in the page.

The oracle is built by running the notebook's own code cells here, so it is exactly the board
the page shows (whatever the notebook does to it), and every step is applied to both: the page
must then say exactly what the oracle says.
"""

from __future__ import annotations

import ast
import contextlib
import html
import io
import json
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, expect

from sailing_kit.widgets.board import CanvasBoard
from tests.browser.servers import BOARD, NOTEBOOKS, WAIT_MS, Workspace, page_point, scene_size

XY = tuple[float, float]


@dataclass(frozen=True)
class Click:
    """Click (or tap) the canvas at scene pixel ``pixel``: ``what`` names the target."""

    pixel: XY
    what: str


@dataclass(frozen=True)
class Press:
    """Press the board's button labelled ``label``."""

    label: str


Step = Click | Press


ORACLE_SEED = 0
"""The seed the tests give an app in its address (``?seed=0``), and its oracle too: an app
otherwise deals a fresh game each time."""


@dataclass(frozen=True)
class Case:
    """A board: the lesson whose last board it is (JupyterLab), its page in Voilà, and the
    steps that play it (computed from the oracle as it goes)."""

    name: str
    lesson: str
    app: str
    steps: Callable[[Any], Iterator[Step]]

    @property
    def address(self) -> str:
        """The board's page in Voilà (an app with the oracle's seed)."""
        query = f"?seed={ORACLE_SEED}" if self.app.startswith("apps/") else ""
        return f"/voila/render/{self.app}{query}"


# ----- the oracle: the notebook's own cells, run here ------------------------------------------
def board_code(notebook: str) -> str:
    """The code that builds the board ``notebook`` ends with: its last cell that builds a
    board, after every import of the cells before it (the lessons' other cells only compute)."""
    cells = [("".join(cell["source"]))
             for cell in json.loads((NOTEBOOKS / notebook).read_text())["cells"]
             if cell["cell_type"] == "code"]
    last = max(i for i, source in enumerate(cells) if _BUILDS_A_BOARD.search(source))
    imports = [ast.unparse(node) for source in cells[:last] for node in ast.parse(source).body
               if isinstance(node, (ast.Import, ast.ImportFrom))]
    return "\n".join([*imports, cells[last]])


def notebook_board(notebook: str) -> CanvasBoard:
    """The board ``notebook`` ends with, built here by :func:`board_code`."""
    made: list[CanvasBoard] = []
    original = CanvasBoard.__init__

    def record(self: CanvasBoard, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        made.append(self)

    CanvasBoard.__init__ = record  # type: ignore[method-assign]
    query = os.environ.get("QUERY_STRING")
    os.environ["QUERY_STRING"] = f"seed={ORACLE_SEED}"  # as the page's address gives it
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(board_code(notebook), notebook, "exec"),  # the kit's own notebooks
                 {"__name__": "__main__"})
    finally:
        CanvasBoard.__init__ = original  # type: ignore[method-assign]
        if query is None:
            del os.environ["QUERY_STRING"]
        else:
            os.environ["QUERY_STRING"] = query
    return made[-1]


def board_only(workspace: Workspace, notebook: str) -> str:
    """A notebook in ``workspace`` that builds just the board ``notebook`` ends with (quicker
    to run than the lesson); its path, relative to the workspace's notebooks."""
    path = Path("_boards") / notebook.replace("/", "_")
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
            "source": board_code(notebook)}
    document = {"cells": [cell], "metadata": {"kernelspec": {
        "name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5}
    (workspace.notebooks / path).parent.mkdir(exist_ok=True)
    (workspace.notebooks / path).write_text(json.dumps(document))
    return str(path)


_BUILDS_A_BOARD = re.compile(r"\b(\w*Board|\w*Trainer|app|trainer_app)\(")


def status_text(board: CanvasBoard) -> str:
    """The short line of a board's status, as the browser shows it."""
    short = re.search(r'<span class="sk-short"[^>]*>(.*?)</span>', board.status.value, re.S)
    return " ".join(html.unescape(short.group(1) if short else "").split())


def status_detail(board: CanvasBoard) -> str:
    """The whole words behind the status line's "why?" (or its short line when there are
    none)."""
    detail = re.search(r"<details>.*?<div>(.*?)</div></details>", board.status.value, re.S)
    return " ".join(html.unescape(detail.group(1)).split()) if detail else status_text(board)


def _widgets(widget: Any) -> Iterator[Any]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _widgets(child)


def press_in_kernel(board: CanvasBoard, label: str) -> None:
    """Press ``board``'s button labelled ``label`` in this process."""
    import ipywidgets as widgets

    button = next(w for w in _widgets(board) if isinstance(w, (widgets.Button,
                                                                widgets.ToggleButton))
                  and w.description == label and w.layout.display != "none")
    if isinstance(button, widgets.ToggleButton):
        button.value = not button.value
    else:
        button.click()


def apply_in_kernel(board: CanvasBoard, step: Step) -> None:
    if isinstance(step, Click):
        board.simulate_click(*step.pixel)
    else:
        press_in_kernel(board, step.label)


# ----- each board's steps -------------------------------------------------------------------------
def _points_of_sail(board: Any) -> Iterator[Step]:
    from sailing_kit.race.drawing import option_marker

    for step in ("last end", "Text", "first end"):
        if step == "Text":
            yield Press("Text")
            continue
        if not board.options:  # the drill is over
            return
        option = board.options[-1 if step == "last end" else 0]
        yield Click(option_marker(board.state.grid_view(), option), f"the end {option.describe()}")


def _trainer(board: Any) -> Iterator[Step]:
    def boat(keep_clear: bool) -> Click:
        scenario = board.trainer.current
        name = next(n for n in scenario.question if (n == scenario.keep_clear) == keep_clear)
        spot = next(b for b in scenario.boats if b.name == name).position
        return Click(board.view().pixel(spot), f"boat {name}")

    yield boat(keep_clear=True)
    yield Press("Next")
    yield boat(keep_clear=False)


def _race(board: Any) -> Iterator[Step]:
    from sailing_kit.race.course_drawing import race_view
    from sailing_kit.race.drawing import option_marker
    from sailing_kit.race.game import Place

    def target() -> Click:
        view = race_view(board.state)
        if board.options:
            option = board.options[-1]
            return Click(option_marker(view, option), f"the end {option.describe()}")
        spots = [a.position for a in board.state.legal_actions() if isinstance(a, Place)]
        spot = spots[len(spots) // 3]
        return Click(view.pixel(spot), f"the spot {spot}")

    yield target()
    yield Press("Text")
    yield target()


def _yacht(board: Any) -> Iterator[Step]:
    from sailing_kit.yacht.drawing import DIE, ROW, layout_of

    yield Press("Roll")
    dice = board.state.dice
    place = next(p for p in reversed(range(5)) if dice.count(dice[p]) == 1) \
        if len(set(dice)) > 1 else 4
    left, top = layout_of(board.state).dice[place]
    yield Click((left + DIE / 2, top + DIE / 2), f"die {place + 1} (a {dice[place]})")
    yield Press("Text")
    layout = layout_of(board.state)
    category = board._open_rows()[-1]
    row = layout.categories.index(category)
    yield Click((layout.column("players") - 20, layout.row_top(row) + ROW / 2),
                f"the row {category}")


def _calm(board: Any) -> Iterator[Step]:
    def card(index: int) -> Click:
        rect = board.table_layout.hand_rects(len(board.hand), board.selected)[index]
        return Click(rect.centre, f"card {index + 1} of the hand")

    yield card(len(board.hand) - 1)
    yield Press("Text")
    targets = sorted(board.targets())
    if targets:
        cell = targets[len(targets) // 2]
        yield Click(board.table_layout.cell_rect(*cell).centre, f"the cell {cell}")
    else:
        yield card(0)


def _regatta(board: Any) -> Iterator[Step]:
    state = board.state
    hand = state.hand(board.seat)
    open_kinds = {v.plan.card for v in state.verdicts() if v.legal and not v.plan.windy}
    index = max(i for i, kind in enumerate(hand) if kind in open_kinds)
    rect = board.layout.hand_rects(len(hand), board._raised())[index]
    yield Click((rect.x + rect.w / 2, rect.y + rect.h / 2), f"card {index + 1} of the hand")
    yield Press("Text")
    pixel = next(p for v, p in board.end_points() if v.legal)
    yield Click(pixel, "an open arrow's end")


def _trireme(board: Any) -> Iterator[Step]:
    from sailing_kit.core import Direction
    from sailing_kit.trireme.drawing import layout_of

    def heading(direction: Direction) -> Click:
        return Click(layout_of(board.state.sea).target(board.state.boat, direction),
                     f"the square {direction.value} of the boat")

    yield heading(Direction.N)
    yield Press("Text")
    yield heading(Direction.E)


CASES = [
    Case("points of sail", "01_points_of_sail.ipynb", "01_points_of_sail.ipynb", _points_of_sail),
    Case("right-of-way trainer", "02_right_of_way.ipynb", "apps/right_of_way.ipynb", _trainer),
    Case("race", "06_race_the_wind.ipynb", "apps/race.ipynb", _race),
    Case("dice", "04_yacht_game.ipynb", "apps/yacht.ipynb", _yacht),
    Case("calm", "05_calm_puzzle.ipynb", "apps/calm.ipynb", _calm),
    Case("regatta", "07_card_regatta.ipynb", "apps/regatta.ipynb", _regatta),
    Case("trireme", "08_trireme_duel.ipynb", "apps/trireme.ipynb", _trireme),
]
CASE_NAMES = [case.name for case in CASES]
CASE = {case.name: case for case in CASES}


# ----- the page ---------------------------------------------------------------------------------
def board_locator(page: Page) -> Locator:
    """The page's last board."""
    return page.locator(BOARD).last


def wait_for_status(page: Page, expected: str) -> None:
    """Wait until the last board's status line says exactly ``expected``."""
    expect(board_locator(page).locator(".sk-status .sk-short")).to_have_text(
        re.compile(rf"^\s*{re.escape(expected)}\s*$"), timeout=WAIT_MS)


def press_in_page(page: Page, label: str, *, touch: bool = False) -> None:
    """Click (or tap, with ``touch``) the last board's visible button labelled ``label``."""
    exact = re.compile(rf"^\s*{re.escape(label)}\s*$")  # (an icon's glyph is no text)
    button = board_locator(page).locator("button:visible").filter(has_text=exact).first
    if touch:
        button.tap()
    else:
        button.click()


_SCROLLER = """canvas => {
    let node = canvas.parentElement;
    while (node && node !== document.body) {
        const style = getComputedStyle(node).overflowY;
        if ((style === 'auto' || style === 'scroll') && node.scrollHeight > node.clientHeight + 1)
            return node;
        node = node.parentElement;
    }
    return document.scrollingElement;
}"""
_ROOM = """(board, space) => {
    if (board.dataset.skSpaced) return;
    board.dataset.skSpaced = '1';
    for (const where of ['beforebegin', 'afterend']) {
        const spacer = document.createElement('div');
        spacer.className = 'sk-test-spacer';
        spacer.style.height = space + 'px';
        board.insertAdjacentElement(where, spacer);
    }
}"""
_HALF_OUT = f"""(canvas, y) => {{
    const scroller = ({_SCROLLER})(canvas);
    const view = scroller === document.scrollingElement
        ? {{top: 0, bottom: window.innerHeight}} : scroller.getBoundingClientRect();
    const box = canvas.getBoundingClientRect();
    const lower = y > Number(canvas.dataset.height) / 2;
    // Hide the half of the canvas without the target: its top half above the view, or its
    // bottom half below it.
    const delta = lower ? box.top - (view.top - box.height / 2)
                        : box.bottom - (view.bottom + box.height / 2);
    scroller.scrollTop += delta;
    const after = canvas.getBoundingClientRect();
    const shown = Math.min(after.bottom, view.bottom) - Math.max(after.top, view.top);
    return shown / after.height;
}}"""


def make_room(canvas: Locator) -> None:
    """Put 2000 px of empty page above and below the board of ``canvas`` (once), so that it
    can be scrolled anywhere in the view."""
    board = canvas.locator("xpath=ancestor::*[contains(@class, 'sailing-kit-board')][1]")
    board.evaluate(_ROOM, 2000)


def scroll_half_out(canvas: Locator, pixel: XY) -> float:
    """Scroll the page so that half of ``canvas`` is out of view and ``pixel`` is in it (room
    is made above and below the board first); returns the fraction of the canvas in view."""
    make_room(canvas)
    shown: float = canvas.evaluate(_HALF_OUT, pixel[1])
    canvas.evaluate(_SETTLED)
    return shown


_SETTLED = """async canvas => {
    // Wait until the board stays put for two frames: a loaded JupyterLab may still lay out the
    // cells around it (its windowed notebook) after a scroll, and a click must aim at where the
    // board is, not where it was.
    const frame = () => new Promise(done => requestAnimationFrame(() => done()));
    let last = '';
    for (let i = 0; i < 120; i++) {
        await frame(); await frame();
        const box = canvas.getBoundingClientRect();
        const now = `${box.left},${box.top},${box.width},${box.height}`;
        if (now === last) return;
        last = now;
    }
}"""


_CENTRE_ON = f"""(canvas, y) => {{
    const scroller = ({_SCROLLER})(canvas);
    const view = scroller === document.scrollingElement
        ? {{top: 0, bottom: window.innerHeight}} : scroller.getBoundingClientRect();
    const box = canvas.getBoundingClientRect();
    const at = box.top + y * box.height / Number(canvas.dataset.height);
    scroller.scrollTop += at - (view.top + view.bottom) / 2;
}}"""


_NEAR_THE_TOP = f"""(canvas, y) => {{
    const scroller = ({_SCROLLER})(canvas);
    const view = scroller === document.scrollingElement
        ? {{top: 0, bottom: window.innerHeight}} : scroller.getBoundingClientRect();
    const box = canvas.getBoundingClientRect();
    const at = box.top + y * box.height / Number(canvas.dataset.height);
    scroller.scrollTop += at - (view.top + 60);
}}"""
_IN_VIEW = f"""element => {{
    const scroller = ({_SCROLLER})(element);
    const view = scroller === document.scrollingElement
        ? {{top: 0, bottom: window.innerHeight}} : scroller.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return box.height > 0 && box.top >= view.top - 1 && box.bottom <= view.bottom + 1;
}}"""


def scroll_near_the_top(canvas: Locator, pixel: XY) -> None:
    """Scroll the page so that scene pixel ``pixel`` is just below the top of the view (and the
    status line, under the canvas, most likely out of view); room is made around the board."""
    make_room(canvas)
    canvas.evaluate(_NEAR_THE_TOP, pixel[1])
    canvas.evaluate(_SETTLED)


def in_view(element: Locator) -> bool:
    """Whether ``element`` is wholly inside the view it scrolls in."""
    return element.evaluate(_IN_VIEW)


def scrolled(canvas: Locator) -> float:
    """How far the view that ``canvas`` scrolls in is scrolled down (CSS pixels)."""
    return canvas.evaluate(f"canvas => ({_SCROLLER})(canvas).scrollTop")


_PAN_SIDEWAYS = """(canvas, x) => {
    const box = canvas.parentElement;  // a board zoomed for a finger pans sideways in its box
    const shown = canvas.getBoundingClientRect();
    const at = shown.left + x * shown.width / Number(canvas.dataset.width);
    box.scrollLeft += at - (box.getBoundingClientRect().left + box.clientWidth / 2);
}"""


def scroll_to(canvas: Locator, pixel: XY) -> None:
    """Scroll the page so that scene pixel ``pixel`` of ``canvas`` is in the middle of the
    view (and pan a zoomed board sideways to it)."""
    canvas.evaluate(_PAN_SIDEWAYS, pixel[0])
    canvas.evaluate(_CENTRE_ON, pixel[1])
    canvas.evaluate(_SETTLED)


def tap(page: Page, canvas: Locator, pixel: XY) -> None:
    """A finger's tap on scene pixel ``pixel`` (touch events, as a phone sends them)."""
    scroll_to(canvas, pixel)
    page.touchscreen.tap(*page_point(canvas, pixel))


_ON_CANVAS = """(canvas, [x, y]) => {
    const found = document.elementFromPoint(x, y);
    return found === canvas ? '' : (found ? `${found.tagName}.${found.className}`.slice(0, 120)
                                          : 'nothing');
}"""


def aim(canvas: Locator, pixel: XY) -> XY:
    """The page point of scene pixel ``pixel``, once the canvas is what lies there: a loaded
    JupyterLab may still move its cells after a scroll has settled (its windowed notebook
    measures outputs late); fails, naming what lies there instead, after a few tries."""
    for _try in range(20):
        point = page_point(canvas, pixel)
        covering = canvas.evaluate(_ON_CANVAS, [point[0], point[1]])
        if not covering:
            return point
        canvas.evaluate(_SETTLED)
    raise AssertionError(f"scene pixel {pixel} is under {covering}, not the canvas")


def finger_drag(page: Page, canvas: Locator, start: XY, end: XY, steps: int = 8) -> None:
    """A finger pressed on ``start``, moved to ``end`` and lifted (CDP touch events)."""
    (x0, y0), (x1, y1) = page_point(canvas, start), page_point(canvas, end)
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("Input.dispatchTouchEvent",
                 {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
        for i in range(1, steps + 1):
            x, y = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
            cdp.send("Input.dispatchTouchEvent",
                     {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()


def last_press(canvas: Locator) -> XY:
    """Where the page last sent a press, in scene pixels (as the canvas read it; waited for,
    on a loaded machine the first press may be read a moment after the click returns)."""
    expect(canvas).to_have_attribute("data-last-down", re.compile(r"\S"), timeout=WAIT_MS)
    x, y = canvas.evaluate("c => c.dataset.lastDown").split()
    return float(x), float(y)


def assert_read_at(canvas: Locator, pixel: XY, tolerance: float = 0.75) -> None:
    """The canvas read the last press at ``pixel`` (within ``tolerance`` scene pixels)."""
    x, y = last_press(canvas)
    assert abs(x - pixel[0]) <= tolerance and abs(y - pixel[1]) <= tolerance, (
        f"press read at ({x:.1f}, {y:.1f}), aimed at ({pixel[0]:.1f}, {pixel[1]:.1f})")


def drawn_size(canvas: Locator) -> tuple[float, float]:
    """The canvas's size on the page (CSS pixels)."""
    box = canvas.bounding_box()
    return box["width"], box["height"]


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


def assert_fits_the_window(page: Page, canvas: Locator) -> None:
    """#12.3 The whole canvas of the page's board is in the window, its aspect kept."""
    parts = parts_in_view(page)
    assert_inside(parts["canvas"], parts["view"], "canvas")
    assert_aspect_kept(canvas)


def assert_fits_the_width(page: Page, canvas: Locator) -> None:
    """#23.1 On a phone the board comes first and keeps to the window's width: drawn whole, or
    zoomed for a finger in a box that pans sideways; its aspect kept."""
    parts = parts_in_view(page)
    box = canvas.evaluate("c => { const r = c.parentElement.getBoundingClientRect(); "
                          "return {left: r.left, right: r.right}; }")
    view = parts["view"]
    assert view["left"] - 1 <= box["left"] and box["right"] <= view["right"] + 1, (box, view)
    assert_aspect_kept(canvas)


def assert_aspect_kept(canvas: Locator) -> None:
    width, height = scene_size(canvas)
    shown_width, shown_height = drawn_size(canvas)
    assert abs(shown_width / shown_height - width / height) <= 0.01 * width / height
