"""Submitted notebooks: finding them, and what they say of themselves without running — which
exercise, whose, and the tries their check boxes recorded."""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from sailing_kit.exercises import catalogue
from sailing_kit.exercises.release import exercise_of

MAX_BYTES = 20_000_000
"""A submission bigger than this is not opened (an exercise notebook is well under 1 MB)."""


@dataclass
class Submission:
    """One submitted file: its notebook (None if it is not one), which exercise it is, whose."""

    path: Path
    notebook: nbformat.NotebookNode | None
    exercise: str | None
    recorded_name: str | None
    problem: str = ""
    tries: dict[str, list[dict]] = field(default_factory=dict)

    def student(self, started: str | None = None) -> str:
        """The recorded name (the notebook's ``start("...")``, else the name its kernel started
        with), else the file name (the folder's, when the file keeps the exercise's own name)."""
        if self.recorded_name:
            return self.recorded_name
        if started:
            return started
        stem = self.path.stem
        if self.exercise and stem.lower().startswith(self.exercise.lower()):
            rest = stem[len(self.exercise):].strip(" -_.")
            return rest or self.path.parent.name or stem
        return stem


def find(paths: Iterable[Path]) -> Iterator[Path]:
    """Every ``.ipynb`` in ``paths`` (files, or folders searched recursively), skipping Jupyter's
    checkpoints, in a stable order."""
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*.ipynb")
                              if ".ipynb_checkpoints" not in p.parts)
        else:
            yield path


def read(path: Path) -> Submission:
    """Read one file as a submission; a file that is not a notebook still gives a Submission
    (with ``problem``), named after the exercise its file name suggests."""
    guess = catalogue.recognise(path.name)
    try:
        if path.stat().st_size > MAX_BYTES:
            return Submission(path, None, guess, None, "the file is far too big for a notebook")
        if path.stat().st_size == 0:
            return Submission(path, None, guess, None, "the file is empty")
        notebook = nbformat.read(path, as_version=4)
    except Exception as error:  # not JSON, not a notebook, unreadable: a row, not a crash
        return Submission(path, None, guess, None,
                          f"the file is not a notebook ({type(error).__name__})")
    exercise = exercise_of(notebook, path)
    return Submission(path, notebook, exercise, recorded_name(notebook), "", recorded_tries(notebook))


def recorded_name(notebook: nbformat.NotebookNode) -> str | None:
    """The name in the notebook's ``start("...")`` call, read from its source (not run)."""
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        try:
            tree = ast.parse(cell.source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "start" and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str) and node.args[0].value.strip()):
                return " ".join(node.args[0].value.split())[:80]
    return None


def recorded_tries(notebook: nbformat.NotebookNode) -> dict[str, list[dict]]:
    """The tries each check box recorded, by question (``"q1"``: [{"try": 1, ...}, ...]).
    Shown to the teacher as the notebook recorded them; never used for points."""
    tries: dict[str, list[dict]] = {}
    for cell in notebook.cells:
        for output in cell.get("outputs", []) if cell.cell_type == "code" else []:
            record = output.get("metadata", {}).get("sailing_kit")
            if isinstance(record, dict) and isinstance(record.get("tries"), list):
                tries[str(record.get("question"))] = [t for t in record["tries"]
                                                      if isinstance(t, dict)]
    return tries
