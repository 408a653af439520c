"""Notebooks as students hand them in, made from the released ones in ``exercises/``, and the
grader run on a folder of them, its CSV read back."""

from __future__ import annotations

import csv
import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from sailing_kit.exercises import catalogue
from sailing_kit.grade import sandbox
from sailing_kit.grade.__main__ import main

EXERCISES = Path(__file__).resolve().parents[2] / "exercises"
NO_SANDBOX = sandbox.check()
needs_sandbox = pytest.mark.skipif(bool(NO_SANDBOX), reason=f"no sandbox here: {NO_SANDBOX}")
"""For the tests that grade in bubblewrap's sandbox (skipped, with the reason, where none can
be made: a test of its own checks that the grader then refuses to grade)."""
SAIL, DICE = "01_points_of_sail", "03_dice"


def student_notebook(exercise: str, name: str | None, answers: dict[int, str],
                     language: str = "") -> nbformat.NotebookNode:
    """The released notebook (its translated copy ``exercises/<language>/``, if a language is
    given) with a name in ``start(...)`` and some answer cells written."""
    notebook = nbformat.read(EXERCISES / language / f"{exercise}.ipynb", as_version=4)
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        if "start(..." in cell.source and name is not None:
            cell.source = cell.source.replace("start(...", f"start({name!r}")
        match = re.match(r"answer_(\d+) = ", cell.source)
        if match and int(match[1]) in answers:
            cell.source = f"answer_{match[1]} = {answers[int(match[1])]}"
    return notebook


def solution(exercise: str, number: int, name: str) -> str:
    return repr(catalogue.questions(exercise)[number - 1].solution_for(name))


def all_right(exercise: str, name: str) -> dict[int, str]:
    return {q.number: solution(exercise, q.number, name) for q in catalogue.questions(exercise)}


def insert_after(notebook: nbformat.NotebookNode, marker: str, source: str) -> None:
    index = next(i for i, c in enumerate(notebook.cells) if c.source.startswith(marker))
    notebook.cells.insert(index + 1, nbformat.v4.new_code_cell(source))


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass
class Graded:
    """A class graded by ``python -m sailing_kit.grade``: its rows and files."""

    rows: list[dict[str, str]]
    out: Path
    code: int

    def of(self, file: str) -> list[dict[str, str]]:
        return [r for r in self.rows if Path(r["notebook"]).name == file]

    def by_question(self, file: str) -> dict[str, dict[str, str]]:
        return {r["question"]: r for r in self.of(file)}


def grade(folder: Path, *options: str) -> Graded:
    """Grade ``folder`` (the CSV beside it) and read the rows back."""
    out = folder.parent / f"{folder.name}-grades.csv"
    code = main([str(folder), "--out", str(out), *options])
    rows = list(csv.DictReader(out.open(encoding="utf-8"))) if out.exists() else []
    return Graded(rows, out, code)


def points(rows: Sequence[dict[str, str]]) -> float:
    return sum(float(r["points"]) for r in rows)


def run_as_the_student(notebook: nbformat.NotebookNode, folder: Path) -> nbformat.NotebookNode:
    """Execute the notebook as the student would (so its check boxes record their tries)."""
    NotebookClient(notebook, timeout=120, allow_errors=True,
                   resources={"metadata": {"path": str(folder)}}).execute()
    return notebook


def write_raw(path: Path, notebook: dict[str, object]) -> None:
    """Write a notebook's JSON as it is (any field, any text, escaped as ASCII)."""
    path.write_text(json.dumps(notebook), encoding="ascii")


def raw_notebook(exercise: str, *sources: str) -> dict[str, object]:
    """A bare notebook of code cells, recorded as ``exercise``."""
    return {"cells": [{"cell_type": "code", "source": s, "metadata": {}, "outputs": [],
                       "execution_count": None} for s in sources],
            "metadata": {"sailing_kit": {"exercise": exercise}}, "nbformat": 4,
            "nbformat_minor": 5}
