"""Helpers of the boards-games browser tests: a one-cell notebook that builds a board, opened in
JupyterLab at laptop size with the file browser open, and what its canvas pixels show.

Each test builds the same board in the test process too (the oracle): the pixels to click and
the areas to look at come from that board's own layout, never typed in.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.servers import (
    BOARD,
    WAIT_MS,
    Server,
    Workspace,
    run_notebook_in_lab,
    wait_for_painted_board,
)

LAPTOP = {"width": 1366, "height": 768}

# The share of the canvas pixels inside a rectangle (given in picture pixels, scaled to the
# canvas's own resolution) that are within ``tolerance`` of an RGB colour.
_COLOUR_SHARE = """(canvas, [rect, width, rgb, tolerance]) => {
    const scale = canvas.width / width;
    const [x, y, w, h] = rect.map(v => Math.round(v * scale));
    const data = canvas.getContext('2d').getImageData(x, y, w, h).data;
    let near = 0;
    for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i] - rgb[0]) <= tolerance && Math.abs(data[i + 1] - rgb[1]) <= tolerance
            && Math.abs(data[i + 2] - rgb[2]) <= tolerance && data[i + 3] > 200) near++;
    }
    return near / (data.length / 4);
}"""


def write_notebook(workspace: Workspace, name: str, source: str) -> str:
    """A notebook of one code cell in the workspace; returns its name."""
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "id": "board",
                           "metadata": {}, "outputs": [], "source": source}],
                "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                            "name": "python3"}},
                "nbformat": 4, "nbformat_minor": 5}
    (workspace.notebooks / name).write_text(json.dumps(notebook))
    return name


@contextmanager
def laptop_page(browser: Browser, server: Server) -> Iterator[Page]:
    """A fresh page at 1366 x 768, closed afterwards."""
    context = browser.new_context(extra_http_headers=server.headers, viewport=LAPTOP)
    try:
        yield context.new_page()
    finally:
        context.close()


def open_board(page: Page, server: Server, notebook: str) -> Locator:
    """Run ``notebook`` in JupyterLab, wait for its board to paint, put the board's top at the
    top of the notebook's view and return its canvas."""
    run_notebook_in_lab(page, server, notebook)
    canvas = wait_for_painted_board(page)
    page.locator(BOARD).last.evaluate("board => board.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    return canvas


def colour_share(canvas: Locator, rect: tuple[float, float, float, float], width: int,
                 colour: str, tolerance: int = 40) -> float:
    """How much of ``rect`` (picture pixels of a picture ``width`` wide) is ``colour``."""
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return canvas.evaluate(_COLOUR_SHARE, [list(rect), width, rgb, tolerance])


def status_line(page: Page) -> Locator:
    return page.locator(f"{BOARD} .sk-status").last


def expect_status(page: Page, words: str) -> None:
    expect(status_line(page)).to_contain_text(words, timeout=WAIT_MS)


def press(page: Page, label: str) -> None:
    """Click the board's button called ``label``."""
    page.locator(BOARD).last.locator("button", has_text=label).first.click()
