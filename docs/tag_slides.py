"""Give every notebook slide metadata, so it presents as slides in class (RISE, or JupyterLab's
presentation extensions read the same ``slideshow`` metadata).

A markdown cell opening with ``#`` or ``##`` starts a new slide, ``###`` a sub-slide; every
other cell continues the slide above it. Run ``python docs/tag_slides.py`` after adding or
changing a notebook; the test suite checks the tags.
"""

from __future__ import annotations

from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
LESSON_LANGUAGES = ("bg", "fr", "hu", "ru")  # notebooks/<code>/: lessons in the language of their game
EXERCISE_LANGUAGES = ("fr", "hu", "ru")  # exercises/<code>/: exercises in the language of their game
FOLDERS = ("notebooks", "notebooks/apps", *(f"notebooks/{code}" for code in LESSON_LANGUAGES), "exercises",
           *(f"exercises/{code}" for code in EXERCISE_LANGUAGES))


def slide_type(cell: nbformat.NotebookNode, first: bool) -> str:
    heading = cell.source.lstrip().split(" ", 1)[0] if cell.cell_type == "markdown" else ""
    if first or heading in ("#", "##"):
        return "slide"
    return "subslide" if heading == "###" else "-"


def tag(path: Path) -> bool:
    """Tag one notebook; True if anything changed."""
    notebook = nbformat.read(path, as_version=4)
    changed = False
    for index, cell in enumerate(notebook.cells):
        wanted = slide_type(cell, index == 0)
        if cell.metadata.get("slideshow", {}).get("slide_type") != wanted:
            cell.metadata["slideshow"] = {"slide_type": wanted}
            changed = True
    if notebook.metadata.get("rise") != {"scroll": True}:
        notebook.metadata["rise"] = {"scroll": True}
        changed = True
    if changed:
        nbformat.write(notebook, path)
    return changed


def notebooks() -> list[Path]:
    return sorted(p for folder in FOLDERS for p in (ROOT / folder).glob("*.ipynb"))


if __name__ == "__main__":
    for path in notebooks():
        if tag(path):
            print("tagged", path.relative_to(ROOT))
