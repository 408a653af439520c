"""The notebook files. Every exercise set: the student notebook starts blank, the solution
answers every question correctly and asserts it, both show every prompt and are committed
without outputs. Every notebook: slide metadata for presenting in class."""

from __future__ import annotations

import ast
from pathlib import Path

import nbformat
import pytest

from sailing_kit.exercises import calm, dice, points_of_sail, right_of_way, trireme

EXERCISES = Path(__file__).resolve().parents[1] / "exercises"
SETS = {
    "01_points_of_sail": points_of_sail,
    "02_right_of_way": right_of_way,
    "03_dice": dice,
    "04_calm": calm,
    "05_trireme": trireme,
}
LITERAL_ANSWERS = ["01_points_of_sail", "02_right_of_way", "04_calm"]
"""Sets whose solutions are plain literals (the dice and trireme solutions compute theirs: nbval's
run of each solution, which asserts every check, covers those)."""


def answers(path: Path) -> dict[int, object]:
    """The ``answer_N = <literal>`` cells of a notebook (our own file, read as literals)."""
    found = {}
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "code":
            continue
        for node in ast.parse(cell.source).body:
            name = node.targets[0] if isinstance(node, ast.Assign) else None
            if isinstance(name, ast.Name) and name.id.startswith("answer_"):
                found[int(name.id.removeprefix("answer_"))] = ast.literal_eval(node.value)
    return found


def notebooks(name: str) -> tuple[Path, Path]:
    return EXERCISES / f"{name}.ipynb", EXERCISES / "solutions" / f"{name}.ipynb"


@pytest.mark.parametrize("name", LITERAL_ANSWERS)
def test_the_solution_answers_every_question_correctly(name):
    questions = SETS[name].QUESTIONS
    solved = answers(notebooks(name)[1])
    assert sorted(solved) == list(range(1, len(questions) + 1))
    for number, question in enumerate(questions, 1):
        assert question(solved[number]).ok, question(solved[number]).message


@pytest.mark.parametrize("name", SETS)
def test_the_student_notebook_starts_blank(name):
    questions = SETS[name].QUESTIONS
    blank = answers(notebooks(name)[0])
    assert sorted(blank) == list(range(1, len(questions) + 1))
    for number, question in enumerate(questions, 1):
        assert not question(blank[number]).answered


@pytest.mark.parametrize("name", SETS)
def test_every_solution_check_cell_asserts_the_answer(name):
    sources = [cell.source for cell in nbformat.read(notebooks(name)[1], as_version=4).cells]
    for number in range(1, len(SETS[name].QUESTIONS) + 1):
        check = f"q{number}(answer_{number})"
        assert any(s.startswith(f"display({check})") and s.endswith(f"assert {check}.ok")
                   for s in sources)


@pytest.mark.parametrize("name", SETS)
@pytest.mark.parametrize("which", [0, 1], ids=["student", "solution"])
def test_the_notebooks_show_every_prompt_and_have_no_outputs(name, which):
    nb = nbformat.read(notebooks(name)[which], as_version=4)
    nbformat.validate(nb)
    text = "\n".join(cell.source for cell in nb.cells)
    for number, question in enumerate(SETS[name].QUESTIONS, 1):
        assert question.prompt in text and f"q{number}(answer_{number})" in text
    assert all(c.outputs == [] and c.execution_count is None for c in nb.cells
               if c.cell_type == "code")


ALL_NOTEBOOKS = sorted((EXERCISES.parent / "notebooks").glob("*.ipynb")) + sorted(
    EXERCISES.glob("*.ipynb")) + sorted((EXERCISES / "solutions").glob("*.ipynb"))


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.name)
def test_every_notebook_presents_as_slides(path):
    """Slide metadata on every cell (``python docs/tag_slides.py`` writes it)."""
    nb = nbformat.read(path, as_version=4)
    kinds = [cell.metadata.get("slideshow", {}).get("slide_type") for cell in nb.cells]
    assert kinds[0] == "slide" and None not in kinds
    assert kinds.count("slide") >= 2 and nb.metadata.get("rise", {}).get("scroll")
