"""Click → repaint, measured where the student sits: every board in JupyterLab and in Voilà,
in headless Chromium: ``python -m benchmarks browser`` (a few minutes; needs Debian's Chromium).

Each sample is a real mouse press on the canvas (Chromium's own input events), timed by the page
itself from the press (the release, for a drag) to the frame that shows the first repaint after
it: kernel round trip, Python handling, drawing and the browser's frame. Each board repeats a
press that repaints: a die, a card or a heading chosen in turn, an end of turn sailed and taken
back (the undo is not timed), a boat dragged to and fro.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from tests.browser.boards import CASES, notebook_board, press_in_page
from tests.browser.servers import (
    CHROMIUM,
    LAPTOP,
    jupyterlab,
    launch_chromium,
    make_workspace,
    open_page,
    page_point,
    run_notebook_in_lab,
    voila,
    wait_for_painted_board,
)

EXPLICIT = True
"""Runs only when named (``python -m benchmarks browser``): it takes minutes."""
SAMPLES = 20
REPEAT_GAP_MS = 600
"""Pause between presses: a second press within 500 ms on the same spot is a double click."""

_AFTER = """async ([canvas, answers, field]) => {
    const deadline = performance.now() + 20000;
    while (Number(canvas.dataset.answers || 0) <= answers) {
        if (performance.now() > deadline) return null;  // no repaint came
        await new Promise(r => setTimeout(r, 5));
    }
    return Number(canvas.dataset.answeredAt) - Number(canvas.dataset[field]);
}"""
"""Waits for the first repaint after the press to be on screen; the page's own timestamps give
the time from the press (or release) to that frame."""


# ----- what each board repeats (computed from the same board built here) ----------------------
def _alternate(first: Any, second: Any) -> Iterator[tuple[str, Any]]:
    while True:
        yield "click", first
        yield "click", second


def _sail_and_undo(pixel: Any) -> Iterator[tuple[str, Any]]:
    while True:
        yield "click", pixel
        yield "untimed key", "u"


def _points_of_sail(board: Any) -> Iterator[tuple[str, Any]]:
    from sailing_kit.race.drawing import option_marker

    return _sail_and_undo(option_marker(board.state.grid_view(), board.options[0]))


def _trainer(board: Any) -> Iterator[tuple[str, Any]]:
    from sailing_kit.core.compass import Direction
    from sailing_kit.core.grid import step

    yield "untimed press", "Free mode"
    board.mode.value = True
    free, view = board.free, board.view()
    boat = free.boats[0]
    away = next(p for d in Direction for p in [step(boat.position, d)]
                if view.contains(p) and free.boat_at(p) is None)
    here, there = view.pixel(boat.position), view.pixel(away)
    while True:
        yield "drag", (here, there)
        yield "drag", (there, here)


def _race(board: Any) -> Iterator[tuple[str, Any]]:
    from sailing_kit.race.course_drawing import race_view
    from sailing_kit.race.drawing import option_marker
    from sailing_kit.race.game import Place

    spots = [a.position for a in board.state.legal_actions() if isinstance(a, Place)]
    place = race_view(board.state).pixel(spots[len(spots) // 3])
    yield "untimed click", place
    board.simulate_click(*place)
    yield from _sail_and_undo(option_marker(race_view(board.state), board.options[0]))


def _dice(board: Any) -> Iterator[tuple[str, Any]]:
    from sailing_kit.yacht.drawing import DIE, layout_of

    yield "untimed press", "Roll"
    board.roll()
    corners = layout_of(board.state).dice
    yield from _alternate(*[(x + DIE / 2, y + DIE / 2) for x, y in corners[:2]])


def _calm(board: Any) -> Iterator[tuple[str, Any]]:
    rects = board.table_layout.hand_rects(len(board.hand))
    yield from _alternate(rects[0].centre, rects[1].centre)


def _regatta(board: Any) -> Iterator[tuple[str, Any]]:
    hand = board.state.hand(board.seat)
    rects = board.layout.hand_rects(len(hand), [])
    # The lower half of a card: it is under the pointer whether the card is raised or not;
    # the card not selected when the turn begins first.
    order = (rects[0], rects[1]) if board.selected == 1 else (rects[1], rects[0])
    yield from _alternate(*[(r.x + r.w / 2, r.y + 0.75 * r.h) for r in order])


def _trireme(board: Any) -> Iterator[tuple[str, Any]]:
    from sailing_kit.core.compass import Direction
    from sailing_kit.trireme.drawing import layout_of

    layout = layout_of(board.state.sea)
    yield from _alternate(layout.target(board.state.boat, Direction.N),
                          layout.target(board.state.boat, Direction.E))


REPEATS: dict[str, Callable[[Any], Iterator[tuple[str, Any]]]] = {
    "points of sail": _points_of_sail, "right-of-way trainer": _trainer, "race": _race,
    "dice": _dice, "calm": _calm, "regatta": _regatta, "trireme": _trireme}


# ----- timing --------------------------------------------------------------------------------------
def _time(page: Any, canvas: Any, kind: str, what: Any) -> float | None:
    """Do one press (or key) on the page; the milliseconds to its repaint when timed."""
    answers = int(canvas.evaluate("c => c.dataset.answers || '0'"))
    page.wait_for_timeout(REPEAT_GAP_MS)
    if kind.endswith("key"):
        canvas.focus()
        page.keyboard.press(what)
    elif kind.endswith("press"):
        press_in_page(page, what)
    elif kind == "drag":
        start, end = (page_point(canvas, pixel) for pixel in what)
        page.mouse.move(*start)
        page.mouse.down()
        page.mouse.move(*end, steps=4)
        page.mouse.up()
    else:
        page.mouse.click(*page_point(canvas, what))
    field = "releasedAt" if kind == "drag" else "pressedAt"
    took = page.evaluate(_AFTER, [canvas.element_handle(), answers, field])
    if took is None:
        raise RuntimeError(f"a {kind} on {what} repainted nothing within 20 s")
    return None if kind.startswith("untimed") else took


def _samples(page: Any, canvas: Any, name: str, notebook: str) -> list[float]:
    board = notebook_board(notebook)  # the same board, to compute the targets
    times: list[float] = []
    for kind, what in REPEATS[name](board):
        if len(times) >= SAMPLES:
            break
        canvas.scroll_into_view_if_needed()
        took = _time(page, canvas, kind, what)
        if took is not None:
            times.append(took)
    return times


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def run() -> list[tuple[str, str]]:
    if not CHROMIUM.exists():
        return [("browser click → repaint", f"skipped: {CHROMIUM} is absent")]
    from playwright.sync_api import sync_playwright

    rows = []
    workspace = make_workspace(Path(tempfile.mkdtemp(prefix="sk-bench-")))
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright, workspace)
        for where, serve in (("JupyterLab", jupyterlab), ("Voilà", voila)):
            with serve(workspace) as server:
                for case in CASES:
                    page = open_page(browser, server, LAPTOP)
                    try:
                        if where == "JupyterLab":
                            run_notebook_in_lab(page, server, case.lesson)
                            notebook = case.lesson
                        else:
                            page.goto(f"{server.url}{case.address}")
                            notebook = case.app
                        canvas = wait_for_painted_board(page)
                        times = _samples(page, canvas, case.name, notebook)
                    finally:
                        page.context.close()
                    p50, p95 = statistics.median(times), _percentile(times, 0.95)
                    print(f"{case.name} in {where}: {p50:.0f} / {p95:.0f} ms", file=sys.stderr)
                    rows.append((f"{case.name} board in {where}: click → repaint, p50 / p95",
                                 f"{p50:.0f} / {p95:.0f} ms ({len(times)} clicks)"))
        browser.close()
    return rows

