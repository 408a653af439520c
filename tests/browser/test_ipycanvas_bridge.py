"""``Scene.paint(canvas)``: a kit picture painted on an ipycanvas canvas shows the scene's own
colours where the scene puts them, on a ``Canvas`` and under an overlay on a ``MultiCanvas``
(read back from the browser's pixels in JupyterLab)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.browser.board_pages import write_notebook
from tests.browser.servers import STDERR_OUTPUT, WAIT_MS, Server, Workspace, run_notebook_in_lab

pytestmark = pytest.mark.browser

SOURCE = """\
from ipycanvas import Canvas, MultiCanvas
from ipywidgets import HBox
from sailing_kit.draw.scene import Scene

scene = Scene(200, 100, background="#FFFFFF")
scene.rect(10, 10, 60, 60, fill="#D55E00")
scene.circle((130, 40), 25, fill="#0072B2", stroke="#000000", width=2)
scene.line((10, 90), (190, 90), stroke="#009E73", width=6)
plain, layers = Canvas(), MultiCanvas(2)
scene.paint(plain)
scene.paint(layers)
layers[1].fill_style = "#F0E442"
layers[1].fill_rect(100, 30, 20, 20)  # an overlay over the circle's left part
HBox([plain, layers])
"""
# The colour at scene pixel (x, y) of the index-th painted ipycanvas canvas on the page, or None
# while it is not painted yet (a MultiCanvas shows its layers composed on one canvas element).
_COLOUR_AT = """([index, x, y]) => {
    const canvases = [...document.querySelectorAll('.jp-OutputArea canvas')]
        .filter(c => c.width === 200 && c.height === 100);
    const canvas = canvases[index];
    if (!canvas) return null;
    return Array.from(canvas.getContext('2d').getImageData(x, y, 1, 1).data);
}"""
EXPECTED = {
    (40, 40): (0xD5, 0x5E, 0x00),   # the filled square
    (140, 40): (0x00, 0x72, 0xB2),  # the circle's inside
    (100, 90): (0x00, 0x9E, 0x73),  # the thick line
    (180, 20): (0xFF, 0xFF, 0xFF),  # the background
}


def colour(page: Page, index: int, x: int, y: int) -> tuple[int, ...] | None:
    found = page.evaluate(_COLOUR_AT, [index, x, y])
    return None if found is None else tuple(found)


def near(found: tuple[int, ...] | None, rgb: tuple[int, int, int]) -> bool:
    return found is not None and found[3] > 200 and all(abs(a - b) <= 8 for a, b in zip(found, rgb))


def test_a_scene_painted_on_ipycanvas_shows_its_colours_where_the_scene_puts_them(
        lab_page: Page, lab: Server, workspace: Workspace) -> None:
    run_notebook_in_lab(lab_page, lab, write_notebook(workspace, "bridge.ipynb", SOURCE))
    try:
        lab_page.wait_for_function(
            f"() => ({_COLOUR_AT})([0, 40, 40])?.[3] > 200", timeout=WAIT_MS, polling=200)
    except Exception:
        raise AssertionError("no ipycanvas canvas painted; stderr:\n"
                             + "\n".join(lab_page.locator(STDERR_OUTPUT).all_inner_texts())) from None
    lab_page.wait_for_function(f"() => ({_COLOUR_AT})([1, 110, 40])?.[0] > 200", timeout=WAIT_MS,
                               polling=200)
    for (x, y), rgb in EXPECTED.items():
        assert near(colour(lab_page, 0, x, y), rgb), ("Canvas", (x, y), colour(lab_page, 0, x, y))
        assert near(colour(lab_page, 1, x, y), rgb), ("MultiCanvas", (x, y),
                                                      colour(lab_page, 1, x, y))
    overlay, beside = colour(lab_page, 1, 110, 40), colour(lab_page, 0, 110, 40)
    assert near(overlay, (0xF0, 0xE4, 0x42)), overlay  # the overlay, over the picture
    assert near(beside, (0x00, 0x72, 0xB2)), beside  # where the plain canvas shows the circle
