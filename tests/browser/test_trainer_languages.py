"""The right-of-way trainer's boards in the two longest languages (issue #26.4): made after
``set_language("ru")`` or ``("hu")`` in JupyterLab on the projector's 1024 x 768, the board lies
in view with no sideways scrolling, and no more buttons, toggles or labels cut their words than
in English; the board speaks the language. Screenshots are kept in the workspace
(``lang-*.png``). (A phone's 390 x 844 is Voilà's, with ``?lang=``: tests/browser/
test_every_board.py.)
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.browser.board_pages import open_board, write_notebook
from tests.browser.servers import BOARD, PROJECTOR, Server, Workspace, open_page

pytestmark = pytest.mark.browser

BOARDS = {
    "situations": "from sailing_kit.race.board import SituationTrainer\n"
                  "board = SituationTrainer(level=3, rules='rrs')\nboard.simulate_key('End')\n"
                  "board",
    "scenarios": "from sailing_kit.race.board import RightOfWayTrainer\n"
                 "RightOfWayTrainer(seed=0, level=2)",
    "editor": "from sailing_kit.race.board import SituationEditor\nSituationEditor()",
}
ASKED = {"en": "Rule", "ru": "Правил", "hu": "szabály"}
"""A word each language's board shows (its rules choice or its level)."""

_GEOMETRY = """board => {
    const box = e => { const r = e.getBoundingClientRect();
                       return {left: r.left, right: r.right, top: r.top}; };
    const view = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer')
        || board.closest('.jp-Notebook');
    const words = [...board.querySelectorAll(
        'button, .widget-label, .widget-toggle-button, .widget-label-basic')];
    const cut = words.filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1
                                  && getComputedStyle(e).overflow !== 'visible')
                     .map(e => e.textContent.trim());
    const parts = [board.querySelector('canvas'), board.querySelector('.sk-status'),
                   ...board.querySelectorAll('.widget-vbox, .widget-hbox')];
    return {view: box(view), right: Math.max(...parts.map(p => box(p).right)),
            sideways: board.scrollWidth > board.clientWidth + 1, cut: cut,
            text: board.innerText};
}"""


@pytest.mark.parametrize("name", BOARDS)
def test_the_trainers_boards_fit_the_projector_in_the_longest_languages(
        browser: Browser, lab: Server, workspace: Workspace, name: str) -> None:
    """The same board in English, Russian and Hungarian: in view, never sideways, no wider
    than in English, and no more words cut short (the toolbars shorten their labels with an
    ellipsis) than in English."""
    size = PROJECTOR
    found = {}
    for language in ("en", "ru", "hu"):
        source = f"from sailing_kit import set_language\nset_language({language!r})\n{BOARDS[name]}"
        notebook = write_notebook(workspace, f"lang-{name}-{language}-{size[0]}.ipynb", source)
        page = open_page(browser, lab, size)
        try:
            open_board(page, lab, notebook)
            page.screenshot(path=str(workspace.root / f"{notebook}.png"))
            found[language] = page.locator(BOARD).last.evaluate(_GEOMETRY)
            page.evaluate("() => window.jupyterapp.serviceManager.sessions.shutdownAll()")
        finally:
            page.context.close()
    english = found["en"]
    for language, geometry in found.items():
        assert not geometry["sideways"], (language, "the board scrolls sideways")
        assert geometry["right"] <= geometry["view"]["right"] + 1, (language, "runs off")
        assert geometry["right"] <= english["right"] + 1, (language, "wider than in English")
        assert len(geometry["cut"]) <= len(found["en"]["cut"]), (language, *geometry["cut"], "|",
                                                                 *found["en"]["cut"])
        if name != "editor":
            assert ASKED[language] in geometry["text"], language
