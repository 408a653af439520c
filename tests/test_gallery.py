"""#23.10 The start page's gallery shows every board without running anything: the pictures are
files beside the notebook, drawn by the kit's own SVG output, and kept up to date."""

import json
import re

from sailing_kit.gallery import FOLDER, PICTURES, drawings
from tests.browser.servers import NOTEBOOKS


def test_the_gallerys_pictures_are_the_kits_drawings_of_today():
    for name, svg in drawings().items():
        assert (FOLDER / name).read_text(encoding="utf-8") == svg, (
            f"{name} is out of date: run python -m sailing_kit.gallery")


def test_the_start_page_shows_every_picture_in_markdown_with_no_code_to_run():
    notebook = json.loads((NOTEBOOKS / "00_start_here.ipynb").read_text())
    markdown = "".join("".join(cell["source"]) for cell in notebook["cells"]
                       if cell["cell_type"] == "markdown")
    shown = re.findall(r"!\[[^\]]+\]\(gallery/(\w+)\.svg\)", markdown)
    assert shown == list(PICTURES)
    assert not [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
