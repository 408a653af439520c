"""Each board fits a laptop (issue #12.3): at 1366 x 768 in JupyterLab with the file browser
open, at 100 %, the board's canvas (the player's hand is on it), its side panel and its status
line all lie inside the notebook's view once the board's top is scrolled to the view's top: no
scrolling, down or sideways, to play.

Each board is built the way its lesson (or app) builds it, in a one-cell notebook.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser

from tests.browser.board_pages import laptop_page, open_board, write_notebook
from tests.browser.servers import BOARD, Server, Workspace

pytestmark = pytest.mark.browser

BOARDS = {
    "points of sail (lesson 01)": "from sailing_kit.race import new_drill\n"
    "from sailing_kit.race.board import PointsOfSailBoard\n"
    "PointsOfSailBoard(new_drill(seed=0))",
    "right-of-way trainer (lesson 02)": "from sailing_kit.race.board import RightOfWayTrainer\n"
    "RightOfWayTrainer(seed=0)",
    "dice (lesson 04)": "from sailing_kit.yacht import Board, new_game\n"
    "Board(new_game(seed=0, players=2), bots={1: 'optimal'}, advisor=True)",
    "calm (lesson 05)": "from sailing_kit.calm import Board, new_game\n"
    "Board(new_game(players=2, seed=0), bots={1: 'planner'})",
    "calm, five at one screen": "from sailing_kit.calm import Board, new_game\n"
    "Board(new_game(players=5, seed=0))",
    "race (lesson 06)": "from sailing_kit.race import Board, new_game\n"
    "Board(new_game(seed=11, boats=3, course='short'), bots={1: 'strong', "
    "2: 'easy'})",
    "race, full course, five boats": "from sailing_kit.race import Board, new_game\n"
    "Board(new_game(seed=0, boats=5, course='full'), "
    "bots={i: 'easy' for i in range(1, 5)})",
    "regatta (lesson 07)": "from sailing_kit.regatta import Board, new_game\n"
    "Board(new_game(seed=7, players=3), bots={1: 'sensible', 2: 'sensible'})",
    "regatta, four at one screen": "from sailing_kit.regatta import Board, new_game\n"
    "Board(new_game(seed=0, players=4))",
    "trireme (lesson 08)": "from sailing_kit.trireme import Board, new_game\n"
    "Board(new_game(seed=0))",
}

_GEOMETRY = """board => {
    const box = e => { const r = e.getBoundingClientRect();
                       return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
    const view = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer')
        || board.closest('.jp-Notebook');
    const browser = document.querySelector('#filebrowser');
    const parts = [board.querySelector('canvas'), board.querySelector('.sk-status'),
                   ...board.querySelectorAll('.widget-vbox, .widget-hbox')];
    return {view: box(view), browser: browser ? box(browser) : null,
            browserShown: !!browser && browser.offsetParent !== null,
            canvas: box(parts[0]), status: box(parts[1]),
            right: Math.max(...parts.map(p => box(p).right)),
            bottom: Math.max(...parts.map(p => box(p).bottom)),
            sideways: board.scrollWidth > board.clientWidth + 1,
            zoom: window.devicePixelRatio};
}"""


@pytest.mark.parametrize("name", BOARDS)
def test_the_board_fits_a_laptop_beside_the_file_browser(browser: Browser, lab: Server,
                                                        workspace: Workspace, name: str) -> None:
    slug = re.sub(r"\W+", "-", name)
    notebook = write_notebook(workspace, f"fit-{slug}.ipynb", BOARDS[name])
    with laptop_page(browser, lab) as page:
        open_board(page, lab, notebook)
        page.screenshot(path=str(workspace.root / f"{notebook}.png"))
        geometry = page.locator(BOARD).last.evaluate(_GEOMETRY)
        page.evaluate("() => window.jupyterapp.serviceManager.sessions.shutdownAll()")
    view = geometry["view"]
    assert geometry["browserShown"] and geometry["browser"]["right"] - geometry["browser"][
        "left"] > 150, "the file browser is open"
    assert geometry["zoom"] == 1
    for part in ("canvas", "status"):
        box = geometry[part]
        assert view["top"] - 1 <= box["top"] and box["bottom"] <= view["bottom"] + 1, (part, box,
                                                                                   view)
        assert view["left"] <= box["left"] and box["right"] <= view["right"], (part, box, view)
    assert geometry["right"] <= view["right"], "the side panel runs off to the right"
    assert geometry["bottom"] <= view["bottom"] + 1, "part of the board is below the fold"
    assert not geometry["sideways"], "the board scrolls sideways"
