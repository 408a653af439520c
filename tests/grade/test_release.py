"""The releases: the student's holds no answer and no way to one; the teacher's unlocks the
answers with this machine's key, runs with every check passing, takes any student's name as
data, and cannot unlock anything once it is graded in the sandbox."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from sailing_kit.exercises import catalogue, question, teacher
from sailing_kit.exercises.release import KIT_EXERCISES
from sailing_kit.exercises.release import main as release
from tests.grade.handins import EXERCISES, grade, needs_sandbox

ROW = "02_right_of_way"
NAME = 'Ann "Nan" Lee\'); import os # \\'


@pytest.fixture(scope="module")
def teacher_release(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("teacher") / "release"
    assert release(["teacher", str(out), "--source", str(EXERCISES), "--student", NAME]) == 0
    return out


def code(path: Path) -> list[str]:
    return [c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code"]


def test_the_teachers_version_takes_any_name_as_data(teacher_release):
    assert sorted(p.stem for p in teacher_release.glob("*.ipynb")) == sorted(catalogue.SETS)
    for path in teacher_release.glob("*.ipynb"):
        cells = code(path)
        for source in cells:
            ast.parse(source)
        assert f"start({NAME!r}, mode=\"practice\")" in cells[0]
        assert f"unlock({teacher.make_key()!r})" in cells[0]


def test_the_teachers_version_runs_with_every_check_passing(teacher_release):
    notebook = nbformat.read(teacher_release / f"{ROW}.ipynb", as_version=4)
    NotebookClient(notebook, timeout=120, allow_errors=False,
                   resources={"metadata": {"path": str(teacher_release)}}).execute()
    answers = [c for c in notebook.cells if c.cell_type == "code" and c.source.startswith("answer_")]
    assert len(answers) == len(catalogue.questions(ROW))
    shown = "".join(o.get("data", {}).get("text/plain", "") for c in notebook.cells
                    if c.cell_type == "code" for o in c.outputs)
    assert "✔" in shown and "✘" not in shown


def test_the_students_release_holds_no_answer_and_no_key(tmp_path, teacher_key):
    assert release(["student", str(tmp_path), "--source", str(EXERCISES)]) == 0
    for path in tmp_path.glob("*.ipynb"):
        text = path.read_text(encoding="utf-8")
        assert teacher_key not in text and "solution" not in text and "unlock" not in text


@needs_sandbox
def test_graded_in_the_sandbox_a_teachers_version_cannot_unlock(teacher_release):
    result = grade(teacher_release, "--jobs", "2")
    assert result.code == 0 and len(result.rows) == 42
    assert sum(float(r["points"]) for r in result.rows) == 0
    assert all("PermissionError" in r["reason"] for r in result.rows if r["question"] == "q1")
    assert all(r["flags"].startswith("answer-api: imports sailing_kit.exercises.teacher")
               for r in result.rows)


def test_without_the_key_no_function_gives_an_answer(monkeypatch, tmp_path, teacher_key):
    monkeypatch.setattr(question, "TEACHER", [False])
    q1 = catalogue.questions(ROW)[0]
    for reach in (lambda: q1.solution_for("Ada"), lambda: q1.solution_of(q1.variant("Ada")),
                  lambda: q1.worked_for("Ada")):
        with pytest.raises(PermissionError, match="the answers are locked"):
            reach()
    with pytest.raises(PermissionError, match="not the teacher key of this machine"):
        teacher.unlock("a guess")
    monkeypatch.setenv(teacher.KEY_VARIABLE, str(tmp_path / "no-such-key"))
    with pytest.raises(PermissionError):  # the right key, on a machine without its file
        teacher.unlock(teacher_key)
    assert question.TEACHER[0] is False


def test_the_key_file_is_the_teachers_alone(teacher_key):
    path = teacher.key_file()
    assert path.stat().st_mode & 0o077 == 0 and path.read_text().strip() == teacher_key
    assert json.dumps(teacher_key).strip('"') == teacher_key  # plain ASCII, safe in any cell


def test_release_works_from_any_folder(tmp_path, monkeypatch):
    """Issue #20.8: run from a folder that is not the repository's, the release still finds the
    kit's exercises."""
    monkeypatch.chdir(tmp_path)
    assert release(["student", str(tmp_path / "handout")]) == 0
    assert sorted(p.name for p in (tmp_path / "handout").glob("*.ipynb")) == sorted(
        p.name for p in KIT_EXERCISES.glob("*.ipynb"))


def markdown_and_start(path: Path) -> tuple[str, str]:
    """A released notebook's title cell and its ``start(...)`` line."""
    cells = nbformat.read(path, as_version=4).cells
    first = next(c.source for c in cells if c.cell_type == "code")
    return cells[0].source, next(line for line in first.splitlines() if line.startswith("start("))


def test_a_release_in_a_language_takes_its_translated_copies(tmp_path):
    """``--language hu``: the Hungarian copy of the dice exercise, the English notebooks of the
    others with ``language="hu"`` in their start call."""
    assert release(["student", str(tmp_path / "hu"), "--language", "hu-HU", "--mode", "assessment"]) == 0
    released = {p.stem: markdown_and_start(p) for p in (tmp_path / "hu").glob("*.ipynb")}
    assert sorted(released) == sorted(catalogue.SETS)
    assert released["03_dice"][0].startswith("# Kockák — feladatok")
    for name, (title, start) in released.items():
        assert start.startswith('start(..., mode="assessment", language="hu")'), name
        assert title.startswith("# Kockák") == (name == "03_dice")
    assert release(["teacher", str(tmp_path / "fr"), "--language", "fr", "--student", "Léa"]) == 0
    title, start = markdown_and_start(tmp_path / "fr" / "05_trireme.ipynb")
    assert title.startswith("**Version du professeur**") and start.startswith(
        "start('Léa', mode=\"practice\", language=\"fr\")")
    cells = nbformat.read(tmp_path / "fr" / "05_trireme.ipynb", as_version=4).cells
    assert cells[1].source.startswith("# Le bateau à voile contre la trière — exercices")
    assert sum(c.source.startswith("answer_") for c in cells) == len(catalogue.questions("05_trireme"))


@pytest.mark.parametrize("code", ["de", "", "../hu", "hu" * 100])
def test_a_release_in_a_language_the_kit_has_not_is_refused_and_writes_nothing(tmp_path, capsys, code):
    with pytest.raises(SystemExit) as stopped:
        release(["student", str(tmp_path / "handout"), "--language", code])
    assert stopped.value.code == 2
    assert "--language: there is no language" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []
