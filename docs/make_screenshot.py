"""Write docs/points_of_sail_board.png: notebook 01's board in JupyterLab, for the README.

Usage: ``python docs/make_screenshot.py`` (needs Debian's Chromium at /usr/bin/chromium). It
starts JupyterLab exactly as the browser test does, on a throwaway copy of the notebooks, runs
notebook 01 and screenshots its points-of-sail board.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # the helpers live in the test package, importable from the root

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.servers import (  # noqa: E402
    BOARD,
    NOTEBOOK,
    jupyterlab,
    launch_chromium,
    make_workspace,
    open_page,
    run_notebook_in_lab,
    wait_for_painted_board,
)

OUTPUT = REPO / "docs" / "points_of_sail_board.png"


def screenshot_board(output: Path) -> None:
    """Run notebook 01 in JupyterLab and save a screenshot of its board to ``output``."""
    with tempfile.TemporaryDirectory() as root, sync_playwright() as playwright:
        workspace = make_workspace(Path(root))
        browser = launch_chromium(playwright, workspace)
        with jupyterlab(workspace) as lab:
            page = open_page(browser, lab)
            run_notebook_in_lab(page, lab, NOTEBOOK)
            wait_for_painted_board(page)
            board = page.locator(BOARD).last
            board.scroll_into_view_if_needed()
            board.screenshot(path=output, animations="disabled")
        browser.close()


if __name__ == "__main__":
    screenshot_board(OUTPUT)
    print(f"wrote {OUTPUT.relative_to(REPO)}")
