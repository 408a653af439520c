"""Releases of the exercise notebooks: the student's and the teacher's, both made from the one
source of each exercise (its notebook in ``exercises/`` and its question module), so the two can
never drift apart.

The repository holds the student notebooks only; a teacher's version is generated on demand,
into a folder outside the class's repository::

    python -m sailing_kit.exercises.release student OUT [--mode assessment] [--language hu]
    python -m sailing_kit.exercises.release teacher OUT [--language hu]

The student release copies the notebooks without outputs, in practice or assessment mode: it
holds no answer, and no way to reach one. The teacher's version unlocks the answers with this
machine's teacher key (:mod:`~sailing_kit.exercises.teacher`), fills every answer cell with the
kit's answer for the student named in its first cell (any name: each student's variant has its
own answers), asserts that each check passes, and adds the worked pictures of the solutions.

``--language hu`` hands out each exercise in that language: its translated copy
(``exercises/hu/03_dice.ipynb``) where the kit has one, else the English notebook with
``language="hu"`` in its ``start(...)`` call (the questions and feedback in Hungarian).
"""

from __future__ import annotations

import argparse
import copy
import re
import sys
from collections.abc import Sequence
from pathlib import Path

import nbformat

from sailing_kit.core.i18n import _, language_argument, read_language, use_language
from sailing_kit.exercises import catalogue, names
from sailing_kit.exercises.teacher import make_key

TEACHER_NAME = "Ada Lovelace"
START = re.compile(r"start\((?P<name>[^,)]*)(?:,\s*mode=\"(?P<mode>\w+)\")?"
                   r"(?P<language>,\s*language=\"[\w-]+\")?\)")
"""The first cell's ``start(name, mode="...", language="...")`` (mode and language optional)."""
_MODE = re.compile(r"mode=\"\w+\"")
_CHOSEN = re.compile(r"language=\"([\w-]+)\"")


def exercise_of(notebook: nbformat.NotebookNode, path: Path | None = None) -> str | None:
    """The exercise a notebook is: from its metadata, its import line, else its file name."""
    metadata = notebook.metadata.get("sailing_kit")
    recorded = metadata.get("exercise") if isinstance(metadata, dict) else None
    if isinstance(recorded, str) and recorded in catalogue.SETS:
        return str(recorded)
    for cell in notebook.cells:
        if (cell.cell_type == "code" and isinstance(cell.source, str)
                and (found := catalogue.recognise(cell.source))):
            return found
    return catalogue.recognise(path.name) if path is not None else None


def student_version(notebook: nbformat.NotebookNode, exercise: str,
                    mode: str = "practice") -> nbformat.NotebookNode:
    """The notebook as students receive it: no outputs, the mode set in its first cell."""
    released = copy.deepcopy(notebook)
    released.metadata["sailing_kit"] = {"exercise": exercise, "mode": mode}
    for cell in released.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
            if START.search(cell.source):
                cell.source = _MODE.sub(f'mode="{mode}"', cell.source)
    return released


def teacher_version(notebook: nbformat.NotebookNode, exercise: str,
                    student: str = TEACHER_NAME) -> nbformat.NotebookNode:
    """The teacher's notebook: its first cell unlocks the answers with this machine's teacher
    key, each answer cell holds the kit's answer for ``student`` (written in as a Python
    string, whatever the name), each check asserts it passes, and worked pictures follow."""
    questions = {q.number: q for q in catalogue.questions(exercise)}
    named = f'start({names.clean(student)!r}, mode="practice"'
    key = make_key()
    teacher = student_version(notebook, exercise)
    with use_language(_language_of(notebook)):
        cells = [nbformat.v4.new_markdown_cell(_(  # type: ignore[no-untyped-call]  # nbformat is untyped
            "**Teacher's version** (made by `python -m sailing_kit.exercises.release teacher`): "
            "every answer cell holds the kit's answer for the student named in the first code "
            "cell. Each student's questions are drawn from their name: write a student's name "
            "there and run the notebook to see their questions and answers. The answers unlock "
            "only on the machine that made this version (its teacher key). Keep this file away "
            "from students."))]
    for cell in teacher.cells:
        if cell.cell_type == "code" and START.search(cell.source):
            cell.source = ("from sailing_kit.exercises.teacher import solution, unlock, worked\n"
                           + START.sub(lambda found: named + (found["language"] or "") + ")",
                                       cell.source, count=1) + f"\nunlock({key!r})")
        cells.append(cell)
        number = _answer_number(cell)
        if number is not None and number in questions:
            cell.source = f"answer_{number} = solution(q{number})\nanswer_{number}"
        elif cell.cell_type == "code" and (match := re.fullmatch(r"q(\d+)\(answer_\1\)",
                                                                   cell.source.strip())):
            cell.source = (f"checked = {cell.source.strip()}\nassert checked.ok, checked.message"
                           "\nchecked")
            question = questions[int(match[1])]
            if question.has_worked:
                cells.append(_code(f"worked(q{question.number})", cell))
    teacher.cells = cells
    for cell in teacher.cells:
        cell.metadata.setdefault("slideshow", {"slide_type": "-"})
    teacher.cells[0].metadata["slideshow"] = {"slide_type": "slide"}
    teacher.cells[1].metadata["slideshow"] = {"slide_type": "-"}
    return teacher


def _language_of(notebook: nbformat.NotebookNode) -> str:
    """The language the notebook's first ``start(...)`` call chooses (English if none)."""
    for cell in notebook.cells:
        found = START.search(cell.source) if cell.cell_type == "code" else None
        if found is not None:
            chosen = _CHOSEN.search(found["language"] or "")
            return read_language(chosen[1]) if chosen else "en"
    return "en"


def in_language(notebook: nbformat.NotebookNode, language: str) -> nbformat.NotebookNode:
    """``notebook`` with ``language="<language>"`` in its first ``start(...)`` call."""
    spoken = copy.deepcopy(notebook)
    for cell in spoken.cells:
        if cell.cell_type == "code" and START.search(cell.source):
            cell.source = START.sub(lambda found: _start_call(found, language), cell.source, count=1)
            break
    return spoken


def _start_call(found: re.Match[str], language: str) -> str:
    mode = f', mode="{found["mode"]}"' if found["mode"] else ""
    return f'start({found["name"]}{mode}, language="{language}")'


def translation_of(path: Path, language: str) -> Path:
    """The copy of the exercise notebook ``path`` in ``language`` (``<its folder>/<language>/``,
    as ``exercises/hu/03_dice.ipynb``) when there is one, else ``path`` itself."""
    translated = path.parent / language / path.name
    return translated if translated.is_file() else path


def _answer_number(cell: nbformat.NotebookNode) -> int | None:
    match = re.match(r"answer_(\d+) = ", cell.source) if cell.cell_type == "code" else None
    return int(match[1]) if match else None


def _code(source: str, like: nbformat.NotebookNode) -> nbformat.NotebookNode:
    cell: nbformat.NotebookNode = nbformat.v4.new_code_cell(source)  # type: ignore[no-untyped-call]  # nbformat is untyped
    cell.metadata = copy.deepcopy(like.metadata)
    return cell


def release(which: str, source: Path, out: Path, mode: str = "practice",
            student: str = TEACHER_NAME, language: str | None = None) -> list[Path]:
    """Write the ``which`` ("student" or "teacher") version of every exercise in ``source``,
    in ``language`` if one is given (see the module docstring). A language the kit does not
    speak raises :class:`ConfigError` before anything is written."""
    code = None if language is None else read_language(language)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for path in sorted(source.glob("*.ipynb")):
        notebook = nbformat.read(translation_of(path, code) if code else path, as_version=4)  # type: ignore[no-untyped-call]  # nbformat is untyped
        exercise = exercise_of(notebook, path)
        if exercise is None:
            continue
        if code:
            notebook = in_language(notebook, code)
        made = (student_version(notebook, exercise, mode) if which == "student"
                else teacher_version(notebook, exercise, student))
        target = out / path.name
        nbformat.write(made, target)  # type: ignore[no-untyped-call]  # nbformat is untyped
        written.append(target)
    return written


KIT_EXERCISES = Path(__file__).resolve().parents[2] / "exercises"
"""The kit's own exercise notebooks: the repository's ``exercises/`` folder, beside the package
(the README's install, ``pip install -e .``, keeps the package there)."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sailing_kit.exercises.release",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("which", choices=["student", "teacher"])
    parser.add_argument("out", type=Path, help="the folder to write the notebooks into")
    parser.add_argument("--source", type=Path, default=KIT_EXERCISES,
                        help=f"the exercise notebooks (default: the kit's, {KIT_EXERCISES})")
    parser.add_argument("--mode", choices=["practice", "assessment"], default="practice",
                        help="the mode of a student release (default: practice)")
    parser.add_argument("--student", default=TEACHER_NAME,
                        help="whose answers the teacher's version shows first")
    parser.add_argument("--language", metavar="CODE", type=language_argument,
                        help="hand out the exercises in this language: bg, en, fr, hu or ru "
                             "(each exercise's translated copy where the kit has one)")
    args = parser.parse_args(argv)
    written = release(args.which, args.source, args.out, args.mode, args.student, args.language)
    if not written:
        print(f"no exercise notebooks in {args.source}: give their folder with --source",
              file=sys.stderr)
        return 1
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
